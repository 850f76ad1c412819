//! 9 Unit morale: Disorder (9.1), Rout (9.2), Morale Checks (9.3) and Rally (9.4).

use crate::PrussiasGlory;
use crate::data::{Arm, Cell, UnitId};
use crate::event::Event;
use crate::state::{Frame, Morale, Retreat, State};

impl PrussiasGlory {
    /// The best Morale Modifier of a Leader of the Unit's side in its hex (9.3: any one).
    #[must_use]
    pub fn leader_modifier(&self, s: &State, u: UnitId) -> i8 {
        let side = self.data.troops[u.ix()].side;
        let Some(c) = s.troop(u).cell else { return 0 };
        s.leaders
            .iter()
            .enumerate()
            .filter(|(i, l)| {
                l.cell == Some(c) && self.data.leaders[*i].side == side && !l.successor
            })
            .map(|(i, _)| self.data.leaders[i].morale as i8)
            .max()
            .unwrap_or(0)
    }

    /// A Unit's current Morale Rating.
    #[must_use]
    pub fn mr(&self, s: &State, u: UnitId) -> u8 {
        self.data.troops[u.ix()].at(s.troop(u).steps).mr
    }

    /// 9.3 The number a Morale Check must not exceed: MR, plus one Leader's Morale Modifier,
    /// less 1 for a Demoralized army or 2 for a Broken one.
    #[must_use]
    pub fn morale_target(&self, s: &State, u: UnitId) -> i8 {
        let side = self.data.troops[u.ix()].side;
        let a = &s.armies[side];
        let army = if a.broken {
            -2
        } else if a.demoralized {
            -1
        } else {
            0
        };
        self.mr(s, u) as i8 + self.leader_modifier(s, u) + army
    }

    /// 9.3 A Morale Check: a roll 1 or 2 over the target Disorders the Unit, 3 or more Routs it.
    pub(crate) fn morale_check(&self, s: &mut State, u: UnitId, die: u8, ev: &mut Vec<Event>) {
        if s.troop(u).cell.is_none() {
            return;
        }
        let against = self.morale_target(s, u);
        let over = die as i8 - against;
        let result = if over >= 3 {
            "Routed"
        } else if over >= 1 {
            "Disordered"
        } else {
            "no effect"
        };
        ev.push(Event::MoraleCheck {
            unit: u,
            die,
            against,
            result: result.into(),
        });
        if over >= 3 {
            self.rout(s, u, "failed a Morale Check (9.3)", ev);
        } else if over >= 1 {
            self.disorder(s, u, "failed a Morale Check (9.3)", ev);
        }
    }

    /// 9.1 A Disordered result: a Formed Unit becomes Disordered and retreats one hex; a
    /// Disordered or Routed one suffers a Rout instead.
    pub(crate) fn disorder(&self, s: &mut State, u: UnitId, why: &str, ev: &mut Vec<Event>) {
        let t = *s.troop(u);
        let Some(c) = t.cell else { return };
        if t.morale != Morale::Formed {
            self.rout(s, u, why, ev);
            return;
        }
        let tm = s.troop_mut(u);
        tm.morale = Morale::Disordered;
        // RULING: a Unit that loses its Formed state leaves column (7.6 asks Formed Units).
        tm.in_column = false;
        ev.push(Event::MoraleChanged {
            unit: u,
            morale: Morale::Disordered,
            why: why.to_string(),
        });
        // RULING (pg-rulings 27): Disordered artillery retreats too; only Routed artillery stays.
        self.push_retreat(s, u, c, 1, false, false);
    }

    /// 9.2 A Rout: the Unit is Routed and retreats 2 hexes (infantry) or 3 (cavalry); Routed
    /// artillery never moves.
    pub(crate) fn rout(&self, s: &mut State, u: UnitId, why: &str, ev: &mut Vec<Event>) {
        let Some(c) = s.troop(u).cell else { return };
        let tm = s.troop_mut(u);
        tm.morale = Morale::Routed;
        tm.in_column = false;
        ev.push(Event::MoraleChanged {
            unit: u,
            morale: Morale::Routed,
            why: why.to_string(),
        });
        let hexes = match self.data.troops[u.ix()].arm {
            Arm::Artillery => return,
            Arm::Infantry => 2,
            Arm::Cavalry => 3,
        };
        self.push_retreat(s, u, c, hexes, true, false);
    }

    /// Starts a retreat of `hexes` hexes from `c` (10.9).
    pub(crate) fn push_retreat(
        &self,
        s: &mut State,
        u: UnitId,
        c: Cell,
        hexes: u8,
        rout: bool,
        voluntary: bool,
    ) {
        s.pending.push(Frame::Retreat(Retreat {
            unit: u,
            origin: c,
            left: hexes,
            rout,
            extra: 0,
            from: c,
            voluntary,
        }));
    }

    /// 9.4 The number a Rally roll must not exceed: MR with the Rally Modifiers.
    #[must_use]
    pub fn rally_target(&self, s: &State, u: UnitId) -> i8 {
        let r = &self.data.charts.rally;
        let d = &self.data.troops[u.ix()];
        let t = s.troop(u);
        let mut x = self.mr(s, u) as i8;
        if r.leader {
            x += self.leader_modifier(s, u);
        }
        if t.cell.is_some_and(|c| self.in_ezoc(s, d.side, c)) {
            x += r.in_ezoc;
        }
        if t.morale == Morale::Routed {
            x += r.routed;
        }
        let a = &s.armies[d.side];
        if a.broken {
            x += r.broken;
        } else if a.demoralized {
            x += r.demoralized;
        }
        x
    }

    /// 9.4 A Rally roll: at or under the target the Unit improves one level (Routed to
    /// Disordered, Disordered to Formed).
    pub(crate) fn rally_die(&self, s: &mut State, die: u8, ev: &mut Vec<Event>) {
        if s.checks.is_empty() {
            return;
        }
        let u = s.checks.remove(0);
        if s.troop(u).cell.is_none() {
            return;
        }
        let against = self.rally_target(s, u);
        let rallied = (die as i8) <= against;
        ev.push(Event::Rally {
            unit: u,
            die,
            against,
            rallied,
        });
        if rallied {
            let t = s.troop_mut(u);
            t.morale = match t.morale {
                Morale::Routed => Morale::Disordered,
                _ => Morale::Formed,
            };
            let m = t.morale;
            ev.push(Event::MoraleChanged {
                unit: u,
                morale: m,
                why: "rallied (9.4)".into(),
            });
        }
    }
}
