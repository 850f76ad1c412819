//! 10.9 Retreats: direction and priorities, retreating into enemy ZOCs (10.9.1) and into or
//! through friendly Units (10.9.2); Routed movement (7.1) follows the same rules.

use crate::PrussiasGlory;
use crate::action::Action;
use crate::data::{Arm, Cell, LeaderId, Mover, UnitId};
use crate::event::Event;
use crate::state::{Frame, Gone, Morale, Retreat, State};

impl PrussiasGlory {
    /// The retreat at the top of the pending procedures.
    fn current_retreat(s: &State) -> Option<Retreat> {
        match s.pending.last() {
            Some(Frame::Retreat(r)) => Some(*r),
            _ => None,
        }
    }

    /// RULING (pg-rulings 25): "one direction" as ever farther from the start; the priorities lexicographic.
    /// 10.9 The hexes a retreating Unit may enter next: away from where its retreat began (one
    /// direction only), never into prohibited terrain or an enemy-occupied hex, a voluntary
    /// retreat never into an enemy ZOC; of those, the best by the priorities in order: out of
    /// enemy ZOCs, farthest from the nearest enemy Unit, nearest a friendly map edge. The owner
    /// chooses among hexes equal on all three.
    #[must_use]
    pub fn retreat_candidates(&self, s: &State, r: &Retreat) -> Vec<Cell> {
        let Some(c) = s.troop(r.unit).cell else {
            return Vec::new();
        };
        let d = &self.data.troops[r.unit.ix()];
        let board = &self.data.board;
        let m = Mover::from(d.arm);
        let here = board.distance(r.origin, c);
        let edges = self.data.armies[d.side].edges;
        let mut best: Option<(bool, i64, i32)> = None;
        let mut out = Vec::new();
        // The enemy's Units on the map, read once: each neighbour asks whether one stands there,
        // whether one holds it in its ZOC and how near the nearest is (the same answers as
        // has_counter_of, in_ezoc and nearest_unit_of, without three passes over every troop
        // per hex; routed units retreat hex by hex every turn, so this runs very often).
        let foe = d.side.other();
        let enemies: Vec<(UnitId, Cell)> = s
            .troops
            .iter()
            .enumerate()
            .filter(|(i, _)| self.data.troops[*i].side == foe)
            .filter_map(|(i, t)| t.cell.map(|tc| (UnitId(i as u8), tc)))
            .collect();
        for n in board.neighbors(c) {
            if !self.passable(m, c, n)
                || enemies.iter().any(|&(_, ec)| ec == n)
                || s.leaders
                    .iter()
                    .enumerate()
                    .any(|(i, l)| l.cell == Some(n) && self.data.leaders[i].side == foe)
                || board.distance(r.origin, n) <= here
            {
                continue;
            }
            let nbrs = &board.cells[n.ix()].nbr;
            let ezoc = enemies
                .iter()
                .any(|&(u, ec)| nbrs.contains(&Some(ec)) && self.exerts_zoc(s, u, n));
            if r.voluntary && ezoc {
                continue;
            }
            let enemy = enemies
                .iter()
                .map(|&(_, ec)| board.distance(n, ec))
                .min()
                .unwrap_or(u32::MAX);
            let key = (
                ezoc,
                -i64::from(enemy.min(1000)),
                board.edge_distance(n, edges),
            );
            match best {
                Some(b) if key > b => {}
                Some(b) if key == b => out.push(n),
                _ => {
                    best = Some(key);
                    out.clear();
                    out.push(n);
                }
            }
        }
        out
    }

    pub(crate) fn retreat_actions(&self, s: &State, out: &mut Vec<Action>) {
        if let Some(r) = Self::current_retreat(s) {
            out.extend(
                self.retreat_candidates(s, &r)
                    .into_iter()
                    .map(Action::RetreatTo),
            );
        }
    }

    pub(crate) fn do_retreat_action(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        if let (Action::RetreatTo(n), Some(r)) = (a, Self::current_retreat(s)) {
            self.retreat_step(s, r, n, ev);
        }
    }

    /// Runs a retreat forward while no choice is needed. Returns whether anything changed.
    pub(crate) fn retreat_auto(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        let Some(mut r) = Self::current_retreat(s) else {
            return false;
        };
        let u = r.unit;
        let t = *s.troop(u);
        let d = &self.data.troops[u.ix()];
        let Some(c) = t.cell else {
            s.pending.pop();
            return true;
        };
        if d.arm == Arm::Artillery && t.morale == Morale::Routed {
            s.pending.pop();
            return true;
        }
        if r.left == 0 {
            if !r.voluntary && self.in_ezoc(s, d.side, c) && t.morale != Morale::Routed {
                // 10.9.1 A Disordered Unit goes on, one hex at a time, until out of enemy ZOCs.
                r.left = 1;
                r.extra = r.extra.saturating_add(1);
                self.set_retreat(s, r);
                return true;
            }
            s.pending.pop();
            return true;
        }
        // RULING (pg-rulings 26): any map edge, in every Rout retreat.
        // 7.1 A Routed Unit at the map edge with hexes still to go leaves the map.
        if r.rout && self.data.board.cells[c.ix()].edges != 0 {
            s.pending.pop();
            self.remove_unit(s, u, Gone::Fled, "left the map routing (7.1)", ev);
            return true;
        }
        let cands = self.retreat_candidates(s, &r);
        match cands.as_slice() {
            [] => {
                s.pending.pop();
                self.remove_unit(s, u, Gone::Captured, "could not retreat (10.9)", ev);
                true
            }
            [n] => {
                self.retreat_step(s, r, *n, ev);
                true
            }
            _ => false,
        }
    }

    fn set_retreat(&self, s: &mut State, r: Retreat) {
        if let Some(Frame::Retreat(x)) = s.pending.last_mut() {
            *x = r;
        }
    }

    /// One hex of a retreat.
    fn retreat_step(&self, s: &mut State, mut r: Retreat, n: Cell, ev: &mut Vec<Event>) {
        let u = r.unit;
        let d = &self.data.troops[u.ix()];
        let side = d.side;
        let Some(from) = s.troop(u).cell else {
            s.pending.pop();
            return;
        };
        // Leaders who would be left without a Unit go with it (10.9: without cost).
        let alone_after =
            !s.troops.iter().enumerate().any(|(i, t)| {
                i != u.ix() && t.cell == Some(from) && self.data.troops[i].side == side
            });
        let pos = s.top_pos();
        let t = s.troop_mut(u);
        t.cell = Some(n);
        t.pos = pos;
        t.in_column = false;
        ev.push(Event::Retreated {
            unit: u,
            from,
            to: n,
        });
        if alone_after {
            for li in 0..s.leaders.len() {
                if s.leaders[li].cell == Some(from) && self.data.leaders[li].side == side {
                    s.leaders[li].cell = Some(n);
                    let _ = LeaderId(li as u8);
                }
            }
        }
        r.left = r.left.saturating_sub(1);
        self.set_retreat(s, r);
        if r.extra > 0 {
            // 10.9.1 Each hex beyond the required number costs a step.
            self.lose_step(s, u, "retreated through enemy ZOCs (10.9.1)", ev);
            if s.troop(u).cell.is_none() {
                self.pop_retreat_of(s, u);
                return;
            }
        }
        let ezoc = self.in_ezoc(s, side, n);
        let paren = d.at(s.troop(u).steps).paren;
        if ezoc && (s.troop(u).morale == Morale::Routed || paren) {
            // 10.9.1 A Routed Unit forced into an EZOC is captured; 10.9 so is one with
            // parenthesised SP.
            self.pop_retreat_of(s, u);
            self.remove_unit(s, u, Gone::Captured, "forced into an enemy ZOC (10.9)", ev);
            return;
        }
        // 10.9.2 Retreating into or through friends: over the stacking limit (A), infantry into
        // cavalry (B) or cavalry into infantry (C) makes the Units there take Morale Checks.
        let (fh, art, ic) = self.stack_steps(s, n);
        let over = !Self::within_limits(fh, art, ic);
        let friends: Vec<UnitId> = self
            .stack(s, n)
            .into_iter()
            .filter(|&x| x != u && self.data.troops[x.ix()].side == side)
            .collect();
        let has = |arm: Arm| friends.iter().any(|x| self.data.troops[x.ix()].arm == arm);
        let case_b = d.arm == Arm::Infantry && has(Arm::Cavalry);
        let case_c = d.arm == Arm::Cavalry && has(Arm::Infantry);
        if !friends.is_empty() && (over || case_b || case_c) {
            // RULING (pg-rulings 14): the rulebook's text stops in the middle of 10.9.2; 9.3
            // says Units make a Morale Check when retreated through, so each friendly Unit in
            // the hex that is not already Routed checks. A Routed Unit is already in flight: a
            // check could only rout it again, and two hexes of Routed Units could then send each
            // other back and forth without end.
            for &f in friends.iter().rev() {
                if s.troop(f).morale != Morale::Routed {
                    s.pending.push(Frame::MoraleCheck { unit: f });
                }
            }
        }
    }

    /// Removes the retreat of `u` from the pending procedures.
    fn pop_retreat_of(&self, s: &mut State, u: UnitId) {
        if let Some(i) = s
            .pending
            .iter()
            .rposition(|f| matches!(f, Frame::Retreat(r) if r.unit == u))
        {
            s.pending.remove(i);
        }
    }

    /// 10.8.1.1 One Step Loss: 4 to 3, 3 to 2 (the substitute counter), 2 to 1; the last step
    /// destroys the Unit.
    pub(crate) fn lose_step(&self, s: &mut State, u: UnitId, why: &str, ev: &mut Vec<Event>) {
        let steps = s.troop(u).steps.saturating_sub(1);
        if steps == 0 {
            ev.push(Event::StepLoss {
                unit: u,
                steps: 0,
                why: why.to_string(),
            });
            self.remove_unit(s, u, Gone::Destroyed, why, ev);
        } else {
            s.troop_mut(u).steps = steps;
            ev.push(Event::StepLoss {
                unit: u,
                steps,
                why: why.to_string(),
            });
        }
    }
}
