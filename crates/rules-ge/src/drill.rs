//! G18 The Brigade Game's drill on the move: what a turn costs (G18.1.1, G18.1.2), the Line's
//! about-face and its Sub-Units Inverted marker (G18.1.2, G17.4.3), Back-Up Movement through a
//! rear hexside (G18.1.3), the March by the Flank (G18.1.4), the Passage of Lines (G18.5.1)
//! and lying Prone (G18.6). None of it applies below the
//! Brigade level, where a turn is free and a stack steps through its front only.

use crate::GloryEmpire;
use crate::action::Action;
use crate::data::{Arc, Arm, Formation, UnitId};
use crate::event::{Drill, Event};
use crate::state::State;
use coupdoeil_hex::Facing;

/// G17.4.3, G18.1.2 The MP a unit spends to put its inverted sub-units back in order.
pub const REORDER_MP: u8 = 3;

/// G18.1.3, G18.1.4 How a step leaves the hex, by the arc of the hexside it crosses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepWay {
    /// 9.1.1 Through a front hexside.
    Front,
    /// G18.1.3 Backing up through a rear hexside: the terrain costs double.
    BackUp,
    /// G18.1.4 Marching by the flank: one MP more, once in the move.
    Flank,
}

impl GloryEmpire {
    /// G18.1 The MP a group whose facing formation is `f` spends to turn from `from` to `to`
    /// in the Brigade Game. G18.1.2 A Line pays one MP per vertex it wheels through, except
    /// that turning right about is free (it inverts the sub-units instead, see
    /// `GloryEmpire::apply_face`); G18.1.1 the Close Column, the Column of Attack and the
    /// Division Mass (`column`) pay one MP for any turn. RULING
    /// (ge-rulings 102): every other formation turns for nothing, as in the Battalion Game,
    /// the ordinary Column included (G18.2 reads it as a column at half or quarter distance,
    /// which the facing rule does not list).
    #[must_use]
    pub fn face_cost(
        &self,
        f: Formation,
        column: Option<crate::data::ColumnKind>,
        from: Facing,
        to: Facing,
    ) -> u8 {
        if !self.brigade() || from == to {
            return 0;
        }
        match f {
            Formation::Column if column.is_some_and(crate::data::ColumnKind::close_order) => 1,
            Formation::Line => match from.steps_to(to) / 2 {
                3 => 0,
                n => n,
            },
            _ => 0,
        }
    }

    /// G18.1.2 Whether turning from `from` to `to` in formation `f` is the Line's free
    /// about-face that inverts its sub-units (or puts them back).
    #[must_use]
    pub fn is_about_face(&self, f: Formation, from: Facing, to: Facing) -> bool {
        self.brigade() && f == Formation::Line && from.steps_to(to) == 6
    }

    /// G17.4.3 Whether the moving group may spend [`REORDER_MP`] to put its sub-units back in
    /// order: some unit of it is inverted and it has the MP left. RULING (ge-rulings 103): the
    /// marker stays on through formation changes and may be removed so in any formation.
    #[must_use]
    pub fn may_reorder(&self, s: &State) -> bool {
        let Some(m) = s.moving.as_ref() else {
            return false;
        };
        self.brigade()
            && m.leader.is_none()
            && m.units.iter().any(|&u| s.troop(u).inverted)
            && m.spent.saturating_add(REORDER_MP) <= self.move_limit(s, &m.units, m)
    }

    /// G18.1.3, G18.1.4 How the group `units` may step through a hexside, given the arc that
    /// hexside lies in for each unit (`arcs`): through its front; in the Brigade Game,
    /// infantry in Line backing up through a rear hexside, or infantry in Line or Column
    /// marching by a flank one.
    /// `None`: not at all. RULING (ge-rulings 104): every unit of the stack must be infantry in
    /// that formation (a battery cannot back up or sidle with it).
    #[must_use]
    pub fn step_way(
        &self,
        s: &State,
        units: &[UnitId],
        mut arcs: impl Iterator<Item = Arc>,
    ) -> Option<StepWay> {
        // Every rule asks for one arc shared by the whole stack (none to share: no unit).
        let Some(arc) = arcs.next() else {
            return Some(StepWay::Front);
        };
        if !arcs.all(|a| a == arc) {
            return None;
        }
        if arc == Arc::Front {
            return Some(StepWay::Front);
        }
        if !self.brigade() {
            return None;
        }
        let infantry_in = |ok: &[Formation]| {
            units.iter().all(|&u| {
                self.data.troops[u.ix()].arm() == Arm::Infantry
                    && ok.contains(&s.troop(u).formation)
            })
        };
        if arc == Arc::Rear && infantry_in(&[Formation::Line]) {
            return Some(StepWay::BackUp);
        }
        if arc == Arc::Flank && infantry_in(&[Formation::Line, Formation::Column]) {
            return Some(StepWay::Flank);
        }
        None
    }

    /// G18.1.3, G18.1.4 The MP of a step by `way` whose hex costs `terrain` (terrain, hexside
    /// features and contours, as the TEC gives them): double for a Back-Up (RULING, ge-rulings
    /// 105: the extra MP to leave an enemy ZOC or friends passed through are added after and
    /// not doubled); one more for the first March by the Flank of the move (RULING, ge-rulings
    /// 106: the MP the text charges in the last hex is paid with the first flank step, so
    /// the group must still have it in hand).
    #[must_use]
    pub fn way_cost(way: StepWay, terrain: u8, flanked: bool) -> u8 {
        match way {
            StepWay::Front => terrain,
            StepWay::BackUp => terrain.saturating_mul(2),
            StepWay::Flank if flanked => terrain,
            StepWay::Flank => terrain.saturating_add(1),
        }
    }

    /// G18.1.3, G18.1.4 Notes a Back-Up (its Disorder Check is due at the end of the move) or a
    /// March by the Flank of the moving group, about to step from `at` in direction `dir`.
    pub(crate) fn note_way(&self, s: &mut State, dir: usize, ev: &mut Vec<Event>) {
        let Some(m) = s.moving.as_ref() else { return };
        if !self.brigade() || m.leader.is_some() || m.units.is_empty() {
            return;
        }
        let flanked = m.disorder.flanked;
        let way = self.step_way(
            s,
            &m.units,
            m.units.iter().map(|&u| self.unit_arcs(s, u)[dir]),
        );
        let units = m.units.clone();
        let Some(m) = s.moving.as_mut() else { return };
        match way {
            Some(StepWay::BackUp) => {
                m.disorder.backed = true;
                ev.push(Event::Drill {
                    units,
                    drill: Drill::BackUp,
                    mp: 0,
                });
            }
            Some(StepWay::Flank) => {
                m.disorder.flanked = true;
                ev.push(Event::Drill {
                    units,
                    drill: Drill::FlankMarch,
                    mp: u8::from(!flanked),
                });
            }
            _ => {}
        }
    }

    /// 7.1.2, G18.1 The moving group turns to face `f`: in the Brigade Game a Line pays its
    /// wheel (G18.1.2) out of its MP, and its free about-face inverts the sub-units of every
    /// unit that turns, or puts them back in order when they already were (G18.1.2: a second
    /// about-face removes the marker). RULING (ge-rulings 63): artillery stacked with other
    /// arms keeps its own facing (6.1.1).
    pub(crate) fn apply_face(&self, s: &mut State, f: Facing, ev: &mut Vec<Event>) {
        let Some(m) = s.moving.as_ref() else { return };
        let lead = m
            .units
            .iter()
            .find(|&&u| self.data.troops[u.ix()].arm() != Arm::Artillery)
            .or(m.units.first())
            .copied();
        let (cost, about) = match lead {
            Some(l) => {
                let t = s.troop(l);
                (
                    self.face_cost(t.formation, t.column, t.facing, f),
                    self.is_about_face(t.formation, t.facing, f),
                )
            }
            None => (0, false),
        };
        let units: Vec<UnitId> = m
            .units
            .iter()
            .copied()
            .filter(|&u| crate::formation::facing_ok(s.troop(u).formation, f))
            .filter(|&u| {
                self.data.troops[u.ix()].arm() != Arm::Artillery
                    || m.units
                        .iter()
                        .all(|&x| self.data.troops[x.ix()].arm() == Arm::Artillery)
            })
            .collect();
        for &u in &units {
            s.troop_mut(u).facing = f;
        }
        ev.push(Event::Faced {
            units: units.clone(),
            facing: f,
        });
        if cost > 0 {
            self.note_move_mp(s, cost);
            if let Some(m) = s.moving.as_mut() {
                m.spent = m.spent.saturating_add(cost);
            }
            ev.push(Event::Drill {
                units,
                drill: Drill::Wheel,
                mp: cost,
            });
        } else if about {
            let inverted: Vec<UnitId> = units
                .iter()
                .copied()
                .filter(|&u| s.troop(u).formation == Formation::Line)
                .collect();
            let back = inverted.iter().all(|&u| s.troop(u).inverted);
            for &u in &inverted {
                s.troop_mut(u).inverted = !back;
            }
            ev.push(Event::Drill {
                units: inverted,
                drill: if back {
                    Drill::AboutFaceBack
                } else {
                    Drill::AboutFace
                },
                mp: 0,
            });
        }
    }

    /// G17.4.3 The moving group spends [`REORDER_MP`] and its units' sub-units are in order.
    pub(crate) fn apply_reorder(&self, s: &mut State, ev: &mut Vec<Event>) {
        if !self.may_reorder(s) {
            return;
        }
        self.note_move_mp(s, REORDER_MP);
        let Some(m) = s.moving.as_mut() else { return };
        m.spent = m.spent.saturating_add(REORDER_MP);
        m.acted = true;
        let units: Vec<UnitId> = m
            .units
            .iter()
            .copied()
            .filter(|&u| s.troops[u.ix()].inverted)
            .collect();
        for &u in &units {
            s.troop_mut(u).inverted = false;
        }
        ev.push(Event::Drill {
            units,
            drill: Drill::Reorder,
            mp: REORDER_MP,
        });
    }

    /// G18.5.1 Passage of Lines: the moving group is about to leave its hex, holding friends it
    /// entered during this move (it passes through them). A group in Line passing through
    /// friends in a close order formation (3: Line, Column, Square) owes a Disorder Check at
    /// the end of its move; a group in a close order formation passing through friends in Line
    /// gives them a Disorder Check at once. RULING (ge-rulings 118): the group's formation is
    /// its non-artillery units'; the check of the friends passed through comes after the step
    /// out of their hex, before the move goes on.
    pub(crate) fn passage_of_lines(&self, s: &mut State) {
        let Some(m) = s.moving.as_ref() else { return };
        if !self.brigade() || m.leader.is_some() || !m.disorder.among_friends {
            return;
        }
        let Some(&lead) = m
            .units
            .iter()
            .find(|&&u| self.data.troops[u.ix()].arm() != Arm::Artillery)
        else {
            return;
        };
        let side = self.data.troops[lead.ix()].side;
        let at = m.at;
        let friends: Vec<UnitId> = s
            .stack(at)
            .into_iter()
            .filter(|u| !m.units.contains(u) && self.data.troops[u.ix()].side == side)
            .collect();
        let mover = s.troop(lead).formation;
        if mover == Formation::Line
            && friends.iter().any(|&u| s.troop(u).formation.close_order())
            && let Some(m) = s.moving.as_mut()
        {
            m.disorder.passed_lines = true;
        }
        let lines: Vec<UnitId> = friends
            .into_iter()
            .filter(|&u| s.troop(u).formation == Formation::Line)
            .collect();
        if mover.close_order() && !lines.is_empty() {
            self.push_check(s, crate::state::CheckKind::Disorder, at, lines, None);
        }
    }

    /// G18.6, G18.6.1, G18.6.3 Whether the moving group may go Prone: in the Brigade Game,
    /// every unit of it infantry in Line or Column, none prone already, no enemy combat unit
    /// next to its hex. RULING (ge-rulings 108): a group with an Assault marker may not (it
    /// could not carry its Assault out), and it may go prone after moving, which ends its move.
    #[must_use]
    pub fn may_go_prone(&self, s: &State) -> bool {
        let Some(m) = s.moving.as_ref() else {
            return false;
        };
        if !self.brigade() || m.leader.is_some() || m.units.is_empty() {
            return false;
        }
        let side = self.data.troops[m.units[0].ix()].side;
        m.units.iter().all(|&u| {
            let t = s.troop(u);
            self.data.troops[u.ix()].arm() == Arm::Infantry
                && matches!(t.formation, Formation::Line | Formation::Column)
                && !t.prone
                && t.refused == 0
                && t.assault.is_none()
        }) && !self
            .data
            .board
            .neighbors(m.at)
            .any(|n| self.side_at(s, n) == Some(side.other()))
    }

    /// G18.6.2 Whether the moving group has prone units to stand up.
    #[must_use]
    pub fn may_stand_up(&self, s: &State) -> bool {
        s.moving
            .as_ref()
            .is_some_and(|m| m.units.iter().any(|&u| s.troop(u).prone))
    }

    /// G18.6.1 The moving group lies down, for no MP, and its move ends (G18.6.3: it may not
    /// move while prone).
    pub(crate) fn apply_prone(&self, s: &mut State, ev: &mut Vec<Event>) {
        if !self.may_go_prone(s) {
            return;
        }
        let Some(m) = s.moving.as_ref() else { return };
        let units = m.units.clone();
        for &u in &units {
            s.troop_mut(u).prone = true;
        }
        ev.push(Event::Drill {
            units,
            drill: Drill::Prone,
            mp: 0,
        });
        self.end_move(s, ev);
    }

    /// G18.6.2 The moving group stands up, for no MP. RULING (ge-rulings 108): it may then
    /// move, turn and change formation as if it had stood all along.
    pub(crate) fn apply_stand_up(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(m) = s.moving.as_ref() else { return };
        let units: Vec<UnitId> = m
            .units
            .iter()
            .copied()
            .filter(|&u| s.troop(u).prone)
            .collect();
        self.stand(s, units, ev);
    }

    /// G18.6.2 Prone units of the enemy of `side` next to `at`, where units of `side` have just
    /// moved, stand up. RULING (ge-rulings 109): every move that brings enemy combat units next
    /// to them does so (a step, a Charge Movement, a Pursuit, an advance after combat, a
    /// regroup), the same moves that break a Road Column (7.5.3).
    pub(crate) fn stand_up_near(
        &self,
        s: &mut State,
        side: coupdoeil_engine::Side,
        at: crate::data::Cell,
        ev: &mut Vec<Event>,
    ) {
        if !self.brigade() {
            return;
        }
        let mut units = Vec::new();
        for n in self.data.board.neighbors(at) {
            for u in s.stack(n) {
                if s.troop(u).prone && self.data.troops[u.ix()].side != side {
                    units.push(u);
                }
            }
        }
        self.stand(s, units, ev);
    }

    /// G18.6.2 The prone units in `c` stand up: they are attempting a reaction.
    pub(crate) fn stand_up_in(&self, s: &mut State, c: crate::data::Cell, ev: &mut Vec<Event>) {
        let units: Vec<UnitId> = s
            .stack(c)
            .into_iter()
            .filter(|&u| s.troop(u).prone)
            .collect();
        self.stand(s, units, ev);
    }

    fn stand(&self, s: &mut State, units: Vec<UnitId>, ev: &mut Vec<Event>) {
        if units.is_empty() {
            return;
        }
        for &u in &units {
            s.troop_mut(u).prone = false;
        }
        ev.push(Event::Drill {
            units,
            drill: Drill::StandUp,
            mp: 0,
        });
    }

    /// The Brigade Game's drill decisions open to the moving group (G17.4.3, G18.6).
    pub(crate) fn drill_actions(&self, s: &State, out: &mut Vec<Action>) {
        if self.may_reorder(s) {
            out.push(Action::Reorder);
        }
        if self.may_go_prone(s) {
            out.push(Action::Prone);
        }
        out.extend(self.refuse_options(s));
        if self.may_stand_up(s) {
            out.push(Action::StandUp);
        }
    }
}
