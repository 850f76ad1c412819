//! 9.2 Retreat Movement: the path of retreat, one hex per decision of the owner among the hexes
//! the rules leave him, its consequences (EZOC, terrain, friends passed through), and
//! elimination when it cannot be completed.

use crate::GloryEmpire;
use crate::action::Action;
use crate::data::{Cell, LeaderId, UnitId};
use crate::event::Event;
use crate::state::{CheckKind, Frame, LeaderRoll, Retreat, State};
use coupdoeil_engine::Side;

/// How good a retreat hex is: lower is better (9.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RetreatTier {
    /// 9.2.1 Terrain the stack's formation may not enter (it becomes Broken).
    pub formation_forbidden: bool,
    /// 9.2.1 Not farther from the starting hex.
    pub not_farther: bool,
    /// 9.2.1 An EZOC hex with no friendly combat unit.
    pub ezoc: bool,
}

impl GloryEmpire {
    /// The side of the retreating stack.
    fn retreat_side(&self, r: &Retreat) -> Side {
        self.data.troops[r.units[0].ix()].side
    }

    /// 9.2.1 The hexes the retreating stack may enter next, each with its tier; only the best
    /// tier present is offered.
    #[must_use]
    pub fn retreat_options(&self, s: &State, r: &Retreat) -> Vec<(Cell, RetreatTier)> {
        let side = self.retreat_side(r);
        let board = &self.data.board;
        let here = board.distance(r.origin, r.at);
        let mut out = Vec::new();
        // RULING: a retreat never leaves the map (a stack with nowhere else to go is
        // eliminated), and entry hexes (9.3) do not extend it.
        for n in board.neighbors(r.at) {
            if r.visited.contains(&n) {
                continue; // 9.2.1 (4) no hex twice.
            }
            // 9.2.1 (1) no enemy combat units (enemy leaders alone may be captured).
            if s.stack(n)
                .iter()
                .any(|u| self.data.troops[u.ix()].side != side)
            {
                continue;
            }
            let mut type_ok = true;
            let mut form_ok = true;
            for &u in &r.units {
                let t = s.troop(u);
                let d = &self.data.troops[u.ix()];
                let m = self.mover_of(s, u);
                // 9.2.1 (3) terrain the unit's type may not enter: eliminated rather.
                let enterable = self.data.terrain(n).cost[m as usize].is_some()
                    && !self.hexside_impassable(m, r.at, n);
                let road = board.road_between(r.at, n);
                let by_type = enterable
                    && self.formation_allowed(
                        d.kind,
                        crate::data::Formation::Dispersed,
                        n,
                        road.0 || road.1,
                    );
                if !by_type {
                    type_ok = false;
                }
                if !self.formation_allowed(d.kind, t.formation, n, road.0 || road.1) {
                    form_ok = false;
                }
            }
            if !type_ok {
                continue;
            }
            let friends = s
                .stack(n)
                .iter()
                .any(|u| !r.units.contains(u) && self.data.troops[u.ix()].side == side);
            let tier = RetreatTier {
                formation_forbidden: !form_ok,
                not_farther: board.distance(r.origin, n) <= here,
                ezoc: !friends && self.in_ezoc(s, side, n),
            };
            out.push((n, tier));
        }
        if let Some(best) = out.iter().map(|x| x.1).min() {
            out.retain(|x| x.1 == best);
        }
        out
    }

    /// Whether the retreating stack has done: the required hexes and a hex free of other
    /// combat units (9.2.1 Stacking).
    fn retreat_done(&self, s: &State, r: &Retreat) -> bool {
        // 16.3 Nor may it end in a hex on fire.
        r.left == 0 && s.stack(r.at).iter().all(|u| r.units.contains(u)) && !self.on_fire(s, r.at)
    }

    /// The retreat actions.
    pub(crate) fn retreat_actions(&self, s: &State, out: &mut Vec<Action>) {
        let Some(Frame::Retreat(r)) = s.pending.last() else {
            return;
        };
        if self.retreat_done(s, r) {
            return;
        }
        out.extend(
            self.retreat_options(s, r)
                .into_iter()
                .map(|(c, _)| Action::RetreatTo(c)),
        );
    }

    /// Finishes a retreat that is done, or eliminates a stack that cannot go on.
    pub(crate) fn retreat_auto(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        let Some(Frame::Retreat(r)) = s.pending.last().cloned() else {
            return false;
        };
        let units = self.alive_in(s, &r.units, r.at);
        if units.is_empty() {
            s.pending.pop();
            return true;
        }
        if self.retreat_done(s, &r) {
            s.pending.pop();
            self.retreat_finished(s, &r, &units, ev);
            return true;
        }
        if self.retreat_options(s, &r).is_empty() {
            // 9.2.1 A unit unable to complete its retreat is eliminated.
            s.pending.pop();
            for &u in &units {
                self.eliminate(s, u, "could not complete its retreat (9.2.1)", ev);
            }
            return true;
        }
        false
    }

    /// The retreating stack enters `to`.
    pub(crate) fn do_retreat(&self, s: &mut State, to: Cell, ev: &mut Vec<Event>) {
        let Some(Frame::Retreat(mut r)) = s.pending.pop() else {
            return;
        };
        let side = self.retreat_side(&r);
        let tier = self
            .retreat_options(s, &r)
            .into_iter()
            .find(|x| x.0 == to)
            .map(|x| x.1);
        let units = self.alive_in(s, &r.units, r.at);
        // 5.2.2 Enemy leaders alone in the hex entered may be captured.
        let enemy_leaders: Vec<LeaderId> = self.own_leaders_at(s, side.other(), to);
        for &u in &units {
            s.troop_mut(u).cell = Some(to);
            // RULING (ge-rulings 110): a retreating unit is on its feet; G18.5.3 its Refused
            // Flank markers come off for nothing.
            s.troop_mut(u).prone = false;
            s.troop_mut(u).refused = 0;
            // B13.2.1 RULING: a Battalion Charge marker stays in the hex it was placed in; a
            // stack driven out of it has lost it.
            if self.battalion() {
                s.troop_mut(u).charge = None;
            }
        }
        for &l in &r.leaders {
            if s.leader(l).cell == Some(r.at) {
                s.leaders[l.ix()].cell = Some(to);
            }
        }
        self.touch_objective(s, to, side, ev);
        self.check_garrisons(s, ev);
        ev.push(Event::Retreated {
            units: units.clone(),
            from: r.at,
            to,
        });
        let broken = units.iter().any(|&u| s.troop(u).morale.broken());
        let friends = s
            .stack(to)
            .iter()
            .any(|u| !units.contains(u) && self.data.troops[u.ix()].side == side);
        if broken && friends && !r.passed.contains(&to) {
            r.passed.push(to);
        }
        // 16.3 Each hex on fire retreated into costs a level when the retreat ends (RULING:
        // with 9.2.1's for EZOC; ge-rulings 159).
        if self.on_fire(s, to) {
            r.worsen += 1;
        }
        if let Some(t) = tier {
            if t.ezoc {
                r.worsen += 1;
            }
            if t.formation_forbidden {
                r.to_broken = true;
            }
        }
        r.at = to;
        r.visited.push(to);
        r.left = r.left.saturating_sub(1);
        r.units = units;
        s.pending.push(Frame::Retreat(r));
        if !enemy_leaders.is_empty() {
            s.pending
                .push(Frame::Leader(LeaderRoll::Capture(enemy_leaders)));
        }
    }

    /// 9.2.1 After a retreat: the friends passed through check their morale; a stack forced
    /// into an unoccupied EZOC worsens a level (Rout: eliminated), a stack forced into terrain
    /// its formation may not enter becomes Broken, and either starts another retreat.
    fn retreat_finished(&self, s: &mut State, r: &Retreat, units: &[UnitId], ev: &mut Vec<Event>) {
        // B13.2.9 The path, for a pursuit.
        self.note_flight(s, units, &r.visited);
        if r.to_broken && !units.iter().any(|&u| s.troop(u).morale.broken()) {
            self.set_morale(s, units, Some(crate::state::Morale::Broken), ev);
        } else if r.worsen > 0 {
            self.worsen(s, units, r.worsen, false, ev);
        }
        let side = self.retreat_side(r);
        for &c in r.passed.iter().rev() {
            let st: Vec<UnitId> = s
                .stack(c)
                .into_iter()
                .filter(|u| self.data.troops[u.ix()].side == side && !units.contains(u))
                .collect();
            if !st.is_empty() {
                self.push_check(s, CheckKind::PassedThrough, c, st, None);
            }
        }
    }
}
