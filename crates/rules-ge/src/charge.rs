//! B13.2 The Battalion Game's Charge: the Charge marker placed at the end of a move without a
//! target (B13.2.1, B13.2.6), the Charge Zone it projects (B13.2.4), Charge Movement in the
//! Charge Phase up to three hexes with the target declared on contact (B13.2.5, B13.2.6), and
//! the charge-distance bonus to the Cold Steel CVM (B13.6.2), the Recall Check (B13.2.7), the
//! Pursuit of a stack that retreated from the target (B13.2.9) and the Follow-On Charge
//! (B13.2.10). In the Soldiers Game a Charge is declared on an adjacent hex and none of this
//! applies.

use crate::GloryEmpire;
use crate::action::Action;
use crate::data::{Arc, Arm, Cell, Formation, Mover, TerrainClass, UnitId};
use crate::event::Event;
use crate::state::{
    ChargeKind, ChargeMove, CheckKind, Combat, CombatKind, CombatStep, Flight, Frame, Morale,
    OrderKind, Pursuit, Stage, State,
};
use coupdoeil_hex::Facing;

/// B13.2.4 How far a Charge Zone reaches from the cavalry's front hexsides.
pub const CHARGE_ZONE: u32 = 4;
/// B13.2.5 The most hexes of Charge Movement.
pub const CHARGE_MOVE: u8 = 3;
/// B14.4.1 How far a Reaction Charge Zone reaches from the cavalry's front hexsides.
pub const REACTION_CHARGE_ZONE: u32 = 3;

/// The stage after `s` of a step that waits for reactions (the entry is between `PreFire` and
/// `After`).
fn next_stage(s: crate::state::StepStage) -> Option<crate::state::StepStage> {
    use crate::state::StepStage;
    match s {
        StepStage::Leave | StepStage::Check => Some(StepStage::PreFire),
        StepStage::PreFire => Some(StepStage::Enter),
        StepStage::Enter => Some(StepStage::After),
        StepStage::After => None,
    }
}

impl GloryEmpire {
    /// B13.2.4 The Charge Zone of the cavalry `units` standing in `at`: the hexes up to four
    /// away that lie through their front hexsides. RULING (the figure is missing): a hex is in
    /// it when the straight line to it leaves `at` through front hexsides only (both, when it
    /// runs along a spine).
    #[must_use]
    pub fn charge_zone(&self, s: &State, units: &[UnitId], at: Cell) -> Vec<Cell> {
        let Some(&top) = units.first() else {
            return Vec::new();
        };
        let arcs = self.unit_arcs(s, top);
        let b = &self.data.board;
        let mut out: Vec<Cell> = (0..b.len())
            .map(|i| Cell(i as u16))
            .filter(|&h| {
                let d = b.distance(at, h);
                (1..=CHARGE_ZONE).contains(&d)
                    && self
                        .exit_dirs(at, h)
                        .iter()
                        .flatten()
                        .all(|e| arcs[e.index() as usize] == Arc::Front)
                    && self.exit_dirs(at, h).iter().any(Option::is_some)
            })
            .collect();
        out.sort_unstable();
        out
    }

    /// B13.2.2, B13.2.6 Whether a hex of the zone holds a potential target for these cavalry:
    /// enemy combat units, in sight (B13.2.2), in terrain they may charge into (not HDT; MDT
    /// only in Column), not charged yet this Charge Phase.
    #[must_use]
    pub fn potential_target(&self, s: &State, units: &[UnitId], from: Cell, h: Cell) -> bool {
        let Some(&top) = units.first() else {
            return false;
        };
        let side = self.data.troops[top.ix()].side;
        let class = self.class_of(h);
        self.side_at(s, h) == Some(side.other())
            && !s.charged.contains(&h)
            && !matches!(class, TerrainClass::Hdt | TerrainClass::Impassable)
            && (class != TerrainClass::Mdt
                || units
                    .iter()
                    .all(|&u| s.troop(u).formation == Formation::Column))
            && self.los(s, from, h)
    }

    /// B13.2.1, B13.2.2 Whether the moving cavalry may place a Charge marker here: Attack
    /// order, In Command at the Command Status Phase, Line or Column, Normal, not Spent, not in
    /// MDT or HDT, not at night, and a potential target in its Charge Zone.
    #[must_use]
    pub fn may_place_charge(&self, s: &State) -> bool {
        let Some(m) = s.moving.as_ref() else {
            return false;
        };
        if !self.battalion() || s.stage != Stage::Movement || m.units.is_empty() {
            return false;
        }
        if self.light(s) == crate::los::Light::Night || self.class_of(m.at).dense() {
            return false;
        }
        let ok = m.units.iter().all(|&u| {
            let t = s.troop(u);
            self.data.troops[u.ix()].arm() == Arm::Cavalry
                && t.commanded
                && t.charge.is_none()
                && matches!(t.formation, Formation::Line | Formation::Column)
                && t.morale == Morale::Normal
                && t.spent == 0
                // G18.7 Not with skirmishers out.
                && t.skirmishers == 0
                && self.unit_order(s, u) == Some(OrderKind::Attack)
        });
        ok && self
            .charge_zone(s, &m.units, m.at)
            .into_iter()
            .any(|h| self.potential_target(s, &m.units, m.at, h))
    }

    /// B13.2.7 The potential targets in `zone` as the cavalry `units` in `at` see them now:
    /// each enemy unit in such a hex, with its hex and formation.
    #[must_use]
    pub fn charge_watch(
        &self,
        s: &State,
        units: &[UnitId],
        at: Cell,
        zone: &[Cell],
    ) -> Vec<(UnitId, Cell, Formation)> {
        let mut out = Vec::new();
        for &h in zone {
            if self.potential_target(s, units, at, h) {
                for u in s.stack(h) {
                    out.push((u, h, s.troop(u).formation));
                }
            }
        }
        out
    }

    /// B13.2.7 Whether a Recall Check may be made now: a potential target the cavalry was
    /// watching has left its hex, or has formed Square (the Battalion Game's only Reaction
    /// Formation Change, B14.3).
    #[must_use]
    pub fn recall_due(&self, s: &State, cm: &ChargeMove) -> bool {
        cm.kind == ChargeKind::Charge
            && !cm.recalled
            && cm.watch.iter().any(|&(u, c, f)| {
                let t = s.troop(u);
                t.cell != Some(c) || t.formation == Formation::Square && f != Formation::Square
            })
    }

    /// B13.2.5 Starts the Charge Movement of the stack whose Charge marker is in `at`: its
    /// zone is fixed now. A stack with no potential target left in its zone drops its marker
    /// with no ill effect (B13.2.6).
    pub(crate) fn start_charge_move(&self, s: &mut State, at: Cell, ev: &mut Vec<Event>) {
        let side = s.phasing;
        let units: Vec<UnitId> = s
            .stack(at)
            .into_iter()
            .filter(|&u| self.data.troops[u.ix()].side == side && s.troop(u).charge == Some(at))
            .collect();
        for &u in &units {
            s.troop_mut(u).charge = None;
        }
        // B13.2.7 What the marker saw when it was placed.
        let watch = s
            .charge_watch
            .iter()
            .position(|w| w.at == at)
            .map(|i| s.charge_watch.remove(i).units);
        if units.is_empty() {
            return;
        }
        let zone = self.charge_zone(s, &units, at);
        if !zone
            .iter()
            .any(|&h| self.potential_target(s, &units, at, h))
        {
            ev.push(Event::ChargeWithdrawn { units, at });
            return;
        }
        let watch = watch.unwrap_or_else(|| self.charge_watch(s, &units, at, &zone));
        self.push_charge_move(
            s,
            ChargeMove {
                watch,
                ..ChargeMove::new(ChargeKind::Charge, units, at, zone)
            },
        );
    }

    /// B13.2.5 The hexes the charging stack may move into next, standing in `at` after `hexes`
    /// hexes of Charge Movement: in its zone, through its front (it may not turn), Open
    /// terrain, no Hexside Obstacle, no enemy, no friends but SeD infantry it passes through,
    /// three hexes at most; an enemy ZOC entered ends the movement (RULING: as for any move,
    /// 10.1).
    #[must_use]
    pub fn charge_steps_from(
        &self,
        s: &State,
        units: &[UnitId],
        at: Cell,
        hexes: u8,
        zone: &[Cell],
    ) -> Vec<Cell> {
        let Some(&top) = units.first() else {
            return Vec::new();
        };
        let side = self.data.troops[top.ix()].side;
        if hexes >= CHARGE_MOVE || hexes > 0 && self.in_ezoc(s, side, at) {
            return Vec::new();
        }
        let arcs = self.unit_arcs(s, top);
        let b = &self.data.board;
        let load = self.load_of(s, units);
        let occ = self.occ_near(s, units, at, 1);
        b.neighbors(at)
            .filter(|&n| {
                let Some(d) = b.direction(at, n) else {
                    return false;
                };
                zone.binary_search(&n).is_ok()
                    && arcs[d.index() as usize] == Arc::Front
                    && self.class_of(n) == TerrainClass::Open
                    && self.data.terrain(n).cost[Mover::Cavalry as usize].is_some()
                    && !self.data.obstacle_between(at, n)
                    && !self.hexside_impassable(Mover::Cavalry, at, n)
                    && s.stack(n).iter().all(|&u| {
                        self.data.troops[u.ix()].side == side
                            && s.troop(u).formation == Formation::Sed
                    })
                    && (s.stack(n).is_empty() || self.may_pass(&occ, side, n, load))
            })
            .collect()
    }

    /// B13.2.6 The hexes the charging cavalry `units` standing in `at` may declare its target:
    /// adjacent, in its zone, potential targets it may charge from there (13.2.2; a Follow-On
    /// Charge need not be Normal, B13.2.10), and not while it stands with friends it is
    /// passing through.
    #[must_use]
    pub fn charge_declarations_from(
        &self,
        s: &State,
        units: &[UnitId],
        at: Cell,
        zone: &[Cell],
        kind: ChargeKind,
    ) -> Vec<Cell> {
        // RULING (ge-rulings 175): a wave may charge from a hex it shares with other cavalry
        // of its side (the other waves of its Wave Charge, G20.1).
        let side = units.first().map(|&u| self.data.troops[u.ix()].side);
        let alone = s.stack(at).iter().all(|u| {
            units.contains(u)
                || kind == ChargeKind::Wave
                    && Some(self.data.troops[u.ix()].side) == side
                    && self.data.troops[u.ix()].arm() == Arm::Cavalry
        });
        if units.is_empty() || !alone {
            return Vec::new();
        }
        self.data
            .board
            .neighbors(at)
            .filter(|&t| {
                zone.binary_search(&t).is_ok()
                    && if kind == ChargeKind::Wave {
                        // G20.1 Every wave charges the one target, charged before or not.
                        units.first().is_some_and(|&u| {
                            self.side_at(s, t) == Some(self.data.troops[u.ix()].side.other())
                        }) && self.los(s, at, t)
                    } else if kind == ChargeKind::Reaction {
                        // B14.4.5 A Reaction Charge's target is the trigger's hex, whatever
                        // else has charged it this phase.
                        units.first().is_some_and(|&u| {
                            self.side_at(s, t) == Some(self.data.troops[u.ix()].side.other())
                        }) && self.los(s, at, t)
                    } else {
                        self.potential_target(s, units, at, t)
                    }
                    && self.may_charge_as(s, units, at, t, kind == ChargeKind::FollowOn)
            })
            .collect()
    }

    /// B13.2.5, B13.2.7 The targets the charging cavalry `units` may still reach and declare
    /// from `at` with the Charge Movement left (sorted).
    #[must_use]
    pub fn charge_reach(
        &self,
        s: &State,
        units: &[UnitId],
        at: Cell,
        hexes: u8,
        zone: &[Cell],
        kind: ChargeKind,
    ) -> Vec<Cell> {
        let mut out = self.charge_declarations_from(s, units, at, zone, kind);
        for n in self.charge_steps_from(s, units, at, hexes, zone) {
            out.extend(self.charge_reach(s, units, n, hexes + 1, zone, kind));
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// B13.2.5 The hexes the charging stack may move into next (with a declared target, only
    /// those from which it can still reach it).
    #[must_use]
    pub fn charge_steps(&self, s: &State, cm: &ChargeMove) -> Vec<Cell> {
        if let Some((steps, _)) = self.wave_to_empty_target(s, cm) {
            return steps;
        }
        let units = self.alive_in(s, &cm.units, cm.at);
        let mut v = self.charge_steps_from(s, &units, cm.at, cm.hexes, &cm.zone);
        if let Some(t) = cm.target {
            v.retain(|&n| {
                self.charge_reach(s, &units, n, cm.hexes + 1, &cm.zone, cm.kind)
                    .contains(&t)
            });
        }
        v
    }

    /// B13.2.6 The hexes the charging stack may declare its target now (with a target declared
    /// before the movement, only that one).
    #[must_use]
    pub fn charge_declarations(&self, s: &State, cm: &ChargeMove) -> Vec<Cell> {
        let units = self.alive_in(s, &cm.units, cm.at);
        let mut v = self.charge_declarations_from(s, &units, cm.at, &cm.zone, cm.kind);
        if let Some(t) = cm.target {
            v.retain(|&x| x == t);
        }
        v
    }

    /// The decisions of a Charge Movement: a step on, a target declared, a Recall Check when
    /// one is due (B13.2.7), or the end of the Charge without a target once it can go no
    /// further or has passed its Recall Check (B13.2.6: it may not stop at will before).
    pub(crate) fn charge_move_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(Frame::ChargeMove(cm)) = s.pending.last() else {
            return;
        };
        if cm.step.is_some() || cm.halted {
            return;
        }
        // G20.1.1 A wave whose target is empty rides up next to it, then Regroups.
        if let Some((steps, end)) = self.wave_to_empty_target(s, cm) {
            if end {
                out.push(Action::EndMove);
            }
            out.extend(steps.into_iter().map(Action::Step));
            return;
        }
        let steps = self.charge_steps(s, cm);
        let declarations = self.charge_declarations(s, cm);
        // G20.1.1 A wave keeps on while it can still reach its target.
        let may_stop = cm.target.is_some()
            && declarations.is_empty()
            && (cm.kind != ChargeKind::Wave || steps.is_empty());
        if steps.is_empty() || cm.recalled || may_stop {
            out.push(Action::EndMove);
        }
        if self.recall_due(s, cm) {
            out.push(Action::Recall);
        }
        out.extend(steps.into_iter().map(Action::Step));
        out.extend(declarations.into_iter().map(Action::Charge));
    }

    /// Applies a decision of a Charge Movement.
    pub(crate) fn do_charge_move(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        let Some(Frame::ChargeMove(mut cm)) = s.pending.last().cloned() else {
            return;
        };
        let units = self.alive_in(s, &cm.units, cm.at);
        match a {
            Action::Step(to) => {
                // B13.2.7 RULING: a Recall Check is made when it is due, before moving on.
                cm.watch = self.charge_watch(s, &units, cm.at, &cm.zone);
                // B14 The step waits for the reactions it triggers (see charge_auto).
                cm.step = Some((to, crate::state::StepStage::Leave));
                self.replace_top(s, Frame::ChargeMove(cm));
            }
            Action::Recall => {
                cm.watch = self.charge_watch(s, &units, cm.at, &cm.zone);
                let at = cm.at;
                self.replace_top(s, Frame::ChargeMove(cm));
                self.push_check(s, CheckKind::Recall, at, units, None);
            }
            Action::Charge(target) if cm.kind == ChargeKind::Reaction => {
                s.pending.pop();
                self.push_reaction_combat(s, cm.at, units.clone(), target, cm.open, ev);
                // G19.5.3 Bombardment Zones strike the Charge Movement before the combat.
                self.bombard_charge(s, &units, ev);
            }
            Action::Charge(target) => {
                s.pending.pop();
                s.charged.push(target);
                for &u in &units {
                    s.troop_mut(u).charge = Some(target);
                }
                ev.push(Event::ChargeDeclared {
                    units: units.clone(),
                    target,
                });
                self.start_combat(s, true, target, ev);
                if let Some(Frame::Combat(c)) = s.pending.last_mut() {
                    c.charge_distance = cm.open;
                    c.zone.clone_from(&cm.zone);
                }
                // G19.5.3 Bombardment Zones strike the Charge Movement before the combat.
                self.bombard_charge(s, &units, ev);
            }
            Action::EndMove => {
                s.pending.pop();
                if cm.recalled {
                    ev.push(Event::ChargeRecalled {
                        units: units.clone(),
                        at: cm.at,
                    });
                } else {
                    ev.push(Event::ChargeEnded {
                        units: units.clone(),
                        at: cm.at,
                    });
                }
                // B13.2.6, B13.2.7 The Charge ends without a target: the cavalry may Regroup,
                // then its horses are spent (B13.2.12).
                self.regroup_after_charge(s, &units, cm.at);
                // G19.5.3 Bombardment Zones strike the Charge Movement first.
                self.bombard_charge(s, &units, ev);
            }
            _ => {}
        }
    }

    /// B13.2.5 The charging stack enters `to`: one hex more of its Charge Movement, an Open
    /// one counting for the charge-distance bonus (B13.6.2; a Follow-On Charge keeps its first
    /// Charge's); what it sees of its targets is taken again (B13.2.7).
    fn charge_enter(
        &self,
        s: &mut State,
        cm: &mut ChargeMove,
        units: &[UnitId],
        to: Cell,
        ev: &mut Vec<Event>,
    ) {
        let from = cm.at;
        // G19.5.3 The path a Bombardment Attack looks along.
        self.note_charge_step(s, units, from, to);
        for &u in units.iter().rev() {
            let p = s.top_pos();
            let t = s.troop_mut(u);
            t.cell = Some(to);
            t.pos = p;
        }
        cm.at = to;
        cm.hexes += 1;
        if self.class_of(to) == TerrainClass::Open && cm.kind != ChargeKind::FollowOn {
            cm.open += 1;
        }
        // B13.2.7 Targets newly in sight are watched too.
        for w in self.charge_watch(s, units, to, &cm.zone) {
            if !cm.watch.iter().any(|x| x.0 == w.0) {
                cm.watch.push(w);
            }
        }
        ev.push(Event::Moved {
            units: units.to_vec(),
            from: Some(from),
            to,
            cost: 0,
            left: CHARGE_MOVE - cm.hexes,
            charge: true,
        });
    }

    /// Runs a Charge Movement forward where it needs no decision: a step through its
    /// reactions (B14: Reaction Fire, a Reaction Formation Change, a Counter-Charge; only
    /// Reaction Fire answers a Reaction Charge Movement, B14.4.5), a Charge aborted by a
    /// Counter-Charge (B14.4.3), a charging stack driven off or destroyed (B13.2.5: Reaction
    /// Fire that leaves it Shaken ends the Charge; RULING: its horses are spent).
    pub(crate) fn charge_auto(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        use crate::state::StepStage;
        let Some(Frame::ChargeMove(mut cm)) = s.pending.last().cloned() else {
            return false;
        };
        if cm.halted {
            s.pending.pop();
            return true;
        }
        let units = self.alive_in(s, &cm.units, cm.at);
        if units.is_empty() {
            s.pending.pop();
            let mut left: Vec<UnitId> = cm
                .units
                .iter()
                .copied()
                .filter(|&u| s.troop(u).cell.is_some())
                .collect();
            left.sort_unstable();
            for &u in &left {
                // G22.2 Three for a fatigued brigade.
                s.troop_mut(u).spent = self.spent_markers(s, u);
            }
            if !left.is_empty() {
                ev.push(Event::Spent { units: left });
            }
            return true;
        }
        let Some((to, stage)) = cm.step else {
            return false;
        };
        if stage == StepStage::Enter {
            self.charge_enter(s, &mut cm, &units, to, ev);
            cm.step = Some((to, StepStage::After));
            self.replace_top(s, Frame::ChargeMove(cm));
            let side = self.data.troops[units[0].ix()].side;
            self.touch_objective(s, to, side, ev);
            self.road_columns_break(s, side, to, ev);
            self.stand_up_near(s, side, to, ev);
            return true;
        }
        let from = cm.at;
        cm.step = next_stage(stage).map(|x| (to, x));
        let source = if cm.kind == ChargeKind::Reaction {
            crate::state::MoveSource::ReactionCharge
        } else if self.current_wave(s, &cm.units).is_some_and(|(_, n)| n > 1) {
            // G20.1.2 Only the first wave draws Reaction Fire and Formation Changes.
            crate::state::MoveSource::LaterWave
        } else {
            crate::state::MoveSource::Charge
        };
        let barred = cm.barred.clone();
        self.replace_top(s, Frame::ChargeMove(cm));
        self.step_reactions(s, &units, (from, to, stage), source, &barred);
        true
    }

    /// B14.4.1 The Reaction Charge Zone of the cavalry `units` in `at`: up to three hexes
    /// through its front hexsides (RULING: the Charge Zone's shape, ruling 83), Open hexes
    /// only, reached hex to hex from the cavalry without crossing a Hexside Obstacle or a
    /// hexside closed to cavalry (RULING, ruling 92). Only cavalry in Line or Column projects
    /// one.
    #[must_use]
    pub fn reaction_charge_zone(&self, s: &State, units: &[UnitId], at: Cell) -> Vec<Cell> {
        let Some(&top) = units.first() else {
            return Vec::new();
        };
        if !units.iter().all(|&u| {
            self.data.troops[u.ix()].arm() == Arm::Cavalry
                && matches!(s.troop(u).formation, Formation::Line | Formation::Column)
        }) {
            return Vec::new();
        }
        let arcs = self.unit_arcs(s, top);
        let b = &self.data.board;
        let front = |h: Cell| {
            let d = b.distance(at, h);
            (1..=REACTION_CHARGE_ZONE).contains(&d)
                && self.exit_dirs(at, h).iter().any(Option::is_some)
                && self
                    .exit_dirs(at, h)
                    .iter()
                    .flatten()
                    .all(|e| arcs[e.index() as usize] == Arc::Front)
        };
        let mut zone: Vec<Cell> = Vec::new();
        let mut frontier = vec![at];
        for _ in 0..REACTION_CHARGE_ZONE {
            let mut next = Vec::new();
            for &c in &frontier {
                for n in b.neighbors(c) {
                    if n != at
                        && !zone.contains(&n)
                        && front(n)
                        && self.class_of(n) == TerrainClass::Open
                        && self.data.terrain(n).cost[Mover::Cavalry as usize].is_some()
                        && !self.data.obstacle_between(c, n)
                        && !self.hexside_impassable(Mover::Cavalry, c, n)
                    {
                        zone.push(n);
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        zone.sort_unstable();
        zone
    }

    /// B14.4 Whether the stack in `c` may attempt a Reaction Charge against the moving stack
    /// `movers` in `x` (Battalion Game): cavalry in Line or Column, Normal, not Spent, not in
    /// MDT or HDT, not at night (13.2.2), with `x` in its Reaction Charge Zone and in sight,
    /// able to reach it by a Reaction Charge Movement without turning (B14.4.2), and no
    /// attempt yet against this moving stack (B14.4.2).
    #[must_use]
    pub fn may_reaction_charge(
        &self,
        s: &State,
        st: &[UnitId],
        c: Cell,
        x: Cell,
        movers: &[UnitId],
    ) -> bool {
        if st.is_empty()
            || self.light(s) == crate::los::Light::Night
            || self.class_of(c).dense()
            || !st.iter().all(|&u| {
                let t = s.troop(u);
                self.data.troops[u.ix()].arm() == Arm::Cavalry
                    && matches!(t.formation, Formation::Line | Formation::Column)
                    && t.morale == Morale::Normal
                    && t.spent == 0
                    // G18.7 Not with skirmishers out.
                    && t.skirmishers == 0
            })
        {
            return false;
        }
        // G20.1.2 Against a Wave Charge, one attempt for all its waves.
        if let Some(key) = self.attempt_key(s, movers)
            && st.iter().any(|&u| s.reaction_charges.contains(&(u, key)))
        {
            return false;
        }
        let zone = self.reaction_charge_zone(s, st, c);
        zone.binary_search(&x).is_ok()
            && self.los(s, c, x)
            && self.reaction_reach(s, st, c, 0, x, &zone)
    }

    /// B14.4.2, B14.4.5 Whether the cavalry `st` standing in `at` after `hexes` hexes of
    /// Reaction Charge Movement can still come next to `x` and charge it.
    fn reaction_reach(
        &self,
        s: &State,
        st: &[UnitId],
        at: Cell,
        hexes: u8,
        x: Cell,
        zone: &[Cell],
    ) -> bool {
        if self.data.board.adjacent(at, x)
            && self.may_charge(s, st, at, x)
            && s.stack(at).iter().all(|u| st.contains(u))
        {
            return true;
        }
        self.charge_steps_from(s, st, at, hexes, zone)
            .into_iter()
            .any(|n| self.reaction_reach(s, st, n, hexes + 1, x, zone))
    }

    /// B13.2.6, B13.2.11, B13.2.12 A Charge ended without combat (run out, recalled, cut short):
    /// the cavalry still in `at` may Regroup, and the Charge's Finish spends the horses. The
    /// Regroup and the Finish are those of a close combat with no defenders, its target the
    /// cavalry's own hex.
    pub(crate) fn regroup_after_charge(&self, s: &mut State, units: &[UnitId], at: Cell) {
        let Some(&first) = units.first() else {
            return;
        };
        let side = self.data.troops[first.ix()].side;
        s.pending.push(Frame::Combat(Box::new(Combat {
            kind: CombatKind::Charge,
            target: at,
            attackers: Vec::new(),
            defenders: Vec::new(),
            def_wdf: false,
            step: CombatStep::RegroupAttacker,
            attacker_die: None,
            fired_at: Vec::new(),
            cavalry: units.to_vec(),
            def_regroup: Vec::new(),
            regroup_left: crate::close_combat::REGROUP_HEXES,
            defender_gone: false,
            advanced: Vec::new(),
            origins: units.iter().map(|&u| (u, at)).collect(),
            side,
            follow_on: false,
            charge_distance: 0,
            zone: Vec::new(),
            fled: Vec::new(),
            pursuit: None,
            recalled: false,
            def_charge_distance: 0,
            bz_moves: Vec::new(),
        })));
    }
}

impl GloryEmpire {
    /// B13.2.9 The cavalry that would pursue: the attacking cavalry that advanced into the
    /// target hex and is still there, not Broken.
    #[must_use]
    pub fn pursuers(&self, s: &State, c: &Combat) -> Vec<UnitId> {
        self.alive_in(s, &c.advanced, c.target)
            .into_iter()
            .filter(|&u| {
                self.data.troops[u.ix()].arm() == Arm::Cavalry && !s.troop(u).morale.broken()
            })
            .collect()
    }

    /// B13.2.9 The stack the pursuit follows: the first that retreated from the target hex and
    /// is still together where its retreat ended, with its path.
    #[must_use]
    pub fn pursued(&self, s: &State, c: &Combat) -> Option<(Vec<UnitId>, Vec<Cell>)> {
        c.fled.iter().find_map(|f| {
            let end = *f.path.last()?;
            let alive = self.alive_in(s, &f.units, end);
            (!alive.is_empty() && f.path.len() > 1).then(|| (alive, f.path.clone()))
        })
    }

    /// B13.2.9 The next hex of a pursuit, `None` when it stops: the pursuers stand in an enemy
    /// ZOC or next to the pursued stack; the retreat's next hex is not Open (terrain closed to
    /// cavalry, LDT, MDT, HDT), lies across a Hexside Obstacle or holds a stack (the retreaters
    /// entered friends there). RULING: a hex holding any combat unit stops the pursuit.
    #[must_use]
    pub fn pursuit_next(&self, s: &State, p: &Pursuit) -> Option<Cell> {
        let at = *p.path.get(usize::from(p.hexes))?;
        let units = self.alive_in(s, &p.units, at);
        let &top = units.first()?;
        let side = self.data.troops[top.ix()].side;
        if self.in_ezoc(s, side, at) {
            return None;
        }
        let b = &self.data.board;
        let there = p.pursued.iter().find_map(|&u| s.troop(u).cell)?;
        if there == at || b.adjacent(at, there) {
            return None;
        }
        let next = *p.path.get(usize::from(p.hexes) + 1)?;
        (s.stack(next).is_empty()
            && self.class_of(next) == TerrainClass::Open
            && self.data.terrain(next).cost[Mover::Cavalry as usize].is_some()
            && !self.hexside_impassable(Mover::Cavalry, at, next)
            && !self.data.obstacle_between(at, next))
        .then_some(next)
    }

    /// B13.2.9 The pursuit the charging cavalry owes now, if it would enter at least one hex
    /// (RULING: a pursuit that cannot enter a hex is none, and leaves the cavalry free for a
    /// Follow-On Charge).
    #[must_use]
    pub fn pursuit_due(&self, s: &State, c: &Combat) -> Option<Pursuit> {
        if !self.battalion() || c.kind == CombatKind::Assault {
            return None;
        }
        let units = self.pursuers(s, c);
        if units.is_empty() {
            return None;
        }
        let (pursued, path) = self.pursued(s, c)?;
        let p = Pursuit {
            units,
            pursued,
            path,
            hexes: 0,
            step: None,
            halted: false,
        };
        self.pursuit_next(s, &p).map(|_| p)
    }

    /// B13.2.9 The pursuers enter `next`, the next hex of the retreat's path, turning to face
    /// the way they go when they must; a Broken or Routed stack pursued into the first hex
    /// loses a step.
    fn pursue_into(&self, s: &mut State, c: &mut Combat, next: Cell, ev: &mut Vec<Event>) {
        let Some(mut p) = c.pursuit.clone() else {
            return;
        };
        let at = p.path[usize::from(p.hexes)];
        let units = self.alive_in(s, &p.units, at);
        let side = self.data.troops[units[0].ix()].side;
        let dir = self.data.board.direction(at, next);
        for &u in units.iter().rev() {
            let pos = s.top_pos();
            let arcs = self.unit_arcs(s, u);
            let t = s.troop_mut(u);
            if let Some(d) = dir
                && arcs[d.index() as usize] != Arc::Front
            {
                t.facing = crate::formation::fit_facing(t.formation, Facing::from_edge(d));
            }
            t.cell = Some(next);
            t.pos = pos;
        }
        for o in &mut c.origins {
            if units.contains(&o.0) {
                o.1 = next;
            }
        }
        p.hexes += 1;
        p.step = Some((next, crate::state::StepStage::After));
        ev.push(Event::Pursued {
            units: units.clone(),
            to: next,
        });
        let first = p.hexes == 1;
        let pursued: Vec<UnitId> = p
            .pursued
            .iter()
            .copied()
            .filter(|&u| s.troop(u).cell.is_some() && s.troop(u).morale.broken())
            .collect();
        c.pursuit = Some(p);
        // The combat is written back before anything is pushed above it.
        self.replace_top(s, Frame::Combat(Box::new(c.clone())));
        if first && !pursued.is_empty() {
            ev.push(Event::PursuitLoss {
                units: pursued.clone(),
            });
            self.lose_steps(s, &pursued, 1, ev);
        }
        self.touch_objective(s, next, side, ev);
        self.road_columns_break(s, side, next, ev);
        self.stand_up_near(s, side, next, ev);
    }

    /// B13.2.9 The pursuit goes on by one stage: the next hex is chosen, each step waits for
    /// the reactions it triggers (B13.2.9: a Reaction Charge ends the pursuit), then the
    /// pursuers enter. The combat frame is written back before anything is pushed above it.
    /// Returns `false` when the pursuit is over (the combat is not written back then).
    pub(crate) fn pursue_stage(&self, s: &mut State, c: &mut Combat, ev: &mut Vec<Event>) -> bool {
        use crate::state::StepStage;
        let Some(mut p) = c.pursuit.clone() else {
            return false;
        };
        if p.halted {
            return false;
        }
        let at = p.path[usize::from(p.hexes)];
        let units = self.alive_in(s, &p.units, at);
        if units.is_empty() {
            return false;
        }
        match p.step {
            None => {
                let Some(next) = self.pursuit_next(s, &p) else {
                    return false;
                };
                // G17.1.2 The leader may be picked up as his Directing Unit begins to pursue.
                let pickups = if p.hexes == 0 {
                    self.pickup_leaders(s, at, &units)
                } else {
                    Vec::new()
                };
                p.step = Some((next, StepStage::Leave));
                c.pursuit = Some(p);
                self.replace_top(s, Frame::Combat(Box::new(c.clone())));
                self.push_pickups(s, &pickups);
                true
            }
            Some((next, StepStage::Enter)) => {
                if self.pursuit_next(s, &p) != Some(next) {
                    return false;
                }
                self.pursue_into(s, c, next, ev);
                true
            }
            Some((next, stage)) => {
                let after = next_stage(stage);
                p.step = after.map(|x| (next, x));
                c.pursuit = Some(p);
                self.replace_top(s, Frame::Combat(Box::new(c.clone())));
                let from = if stage == StepStage::After { next } else { at };
                self.step_reactions(
                    s,
                    &units,
                    (from, next, stage),
                    crate::state::MoveSource::Pursuit,
                    &[],
                );
                true
            }
        }
    }

    /// B13.2.9 Notes that `units` retreated along `path` (its first hex the one they left): a
    /// Charge in progress whose target that was, or whose pursuit would follow them there,
    /// records the path for its pursuit.
    pub(crate) fn note_flight(&self, s: &mut State, units: &[UnitId], path: &[Cell]) {
        if !self.battalion() || path.len() < 2 {
            return;
        }
        let Some(&first) = units.first() else {
            return;
        };
        let side = self.data.troops[first.ix()].side;
        for f in s.pending.iter_mut().rev() {
            let Frame::Combat(c) = f else { continue };
            // Only the defenders' retreats are pursued.
            if c.kind == CombatKind::Assault || c.side == side {
                continue;
            }
            if let Some(fl) = c.fled.iter_mut().find(|fl| {
                fl.path.last() == path.first() && fl.units.iter().any(|u| units.contains(u))
            }) {
                fl.path.extend_from_slice(&path[1..]);
                return;
            }
            if c.target == path[0] {
                c.fled.push(Flight {
                    units: units.to_vec(),
                    path: path.to_vec(),
                });
                return;
            }
        }
    }

    /// B13.2.10 The cavalry that may attempt a Follow-On Charge, and the hexes it could
    /// charge: it advanced into an Open target hex and did not pursue; the target is a
    /// potential target in the Charge Zone as it stood at the start of the Charge Phase,
    /// within reach of a new Charge Movement, with every restriction of a Charge but the
    /// Normal Morale State.
    #[must_use]
    pub fn follow_on_charges(&self, s: &State, c: &Combat) -> (Vec<UnitId>, Vec<Cell>) {
        if !self.battalion()
            || c.kind != CombatKind::Charge
            || c.zone.is_empty()
            || c.pursuit.is_some()
            || self.class_of(c.target) != TerrainClass::Open
        {
            return (Vec::new(), Vec::new());
        }
        let units = self.pursuers(s, c);
        if units.is_empty() {
            return (units, Vec::new());
        }
        let targets = self.charge_reach(s, &units, c.target, 0, &c.zone, ChargeKind::FollowOn);
        (units, targets)
    }

    /// B13.2.7 The result of a Recall Check: during Charge Movement a pass lets the cavalry
    /// end its Charge or pick another target, a failure holds it to its Charge; before the
    /// Pursuit a pass frees it from pursuing (it may end the Charge or try a Follow-On
    /// Charge), a failure sends it after the retreating stack.
    pub(crate) fn recall_result(&self, s: &mut State, ok: bool, _ev: &mut Vec<Event>) {
        match s.pending.last_mut() {
            Some(Frame::ChargeMove(cm)) => cm.recalled = ok,
            Some(Frame::Combat(c)) if c.step == CombatStep::Pursuit => {
                if ok {
                    c.recalled = true;
                    c.step = CombatStep::FollowOnCharge;
                } else {
                    c.step = CombatStep::Pursuing;
                }
            }
            _ => {}
        }
    }

    /// B13.2.10 The result of the Morale Check for a Follow-On Charge: on a pass the cavalry
    /// names its new target, on a failure it is one level worse (Shaken after its advance's
    /// Disorder, so it retreats a hex) and the Charge is finished.
    pub(crate) fn follow_on_result(
        &self,
        s: &mut State,
        units: &[UnitId],
        ok: bool,
        ev: &mut Vec<Event>,
    ) {
        if let Some(Frame::Combat(c)) = s.pending.last_mut()
            && c.step == CombatStep::FollowOnCharge
        {
            c.step = if ok {
                CombatStep::FollowOnTarget
            } else {
                CombatStep::Finish
            };
        }
        if !ok {
            self.worsen(s, units, 1, false, ev);
        }
    }

    /// B13.2.10 The cavalry declares its Follow-On Charge on `target`: the old combat is done
    /// but for the defenders' Regroup and the Finish, and a new Charge Movement begins with
    /// the target named, in the old zone, keeping the charge-distance bonus (B13.6.2).
    pub(crate) fn start_follow_on(
        &self,
        s: &mut State,
        c: &mut Combat,
        target: Cell,
        ev: &mut Vec<Event>,
    ) {
        let (units, _) = self.follow_on_charges(s, c);
        c.step = CombatStep::RegroupDefender;
        c.regroup_left = crate::close_combat::REGROUP_HEXES;
        self.replace_top(s, Frame::Combat(Box::new(c.clone())));
        ev.push(Event::FollowOnCharge {
            units: units.clone(),
            target,
        });
        self.push_charge_move(
            s,
            ChargeMove {
                open: c.charge_distance,
                target: Some(target),
                ..ChargeMove::new(ChargeKind::FollowOn, units, c.target, c.zone.clone())
            },
        );
    }
}
