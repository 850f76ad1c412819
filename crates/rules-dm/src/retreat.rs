//! 9.5.1 Retreating: two hexes away from the hex held during the attack, away from the enemy,
//! toward the nearest friendly depot, through friends but never ending on one, avoiding enemy
//! ZOCs unless there is no other way, never off the map or into prohibited terrain.

use crate::DrumsMuskets;
use crate::action::Action;
use crate::data::{Cell, UnitId};
use crate::event::{Event, What};
use crate::state::{MoraleTest, Retreat, Stage, State, Status};
use coupdoeil_hex::EdgeDir;

/// A path cost that cannot be paid.
const NO_PATH: u32 = u32::MAX;

impl DrumsMuskets {
    /// Pops the next unit that must retreat because of the current result.
    pub(crate) fn next_retreat(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.retreat = None;
        s.test = None;
        let next = s.resolution.as_mut().and_then(|r| r.to_retreat.pop());
        let Some(u) = next else {
            self.after_result(s, ev);
            return;
        };
        let Some(origin) = s.piece(u).cell else {
            self.next_retreat(s, ev);
            return;
        };
        let penalty = match s.resolution.as_ref().and_then(|r| r.result) {
            Some(
                crate::data::CrtResult::AttackerRetreat(n)
                | crate::data::CrtResult::DefenderRetreat(n),
            ) => n,
            _ => 0,
        };
        s.retreat = Some(Retreat {
            unit: u,
            origin,
            left: 2,
            rout: false,
            entered_ezoc: false,
            penalty,
        });
        self.continue_retreat(s, ev);
    }

    /// Steps a retreat on: forced when one hex is best, the owner's choice when several are equal.
    pub(crate) fn continue_retreat(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(mut r) = s.retreat else { return };
        let here = s.piece(r.unit).cell;
        if r.left == 0 {
            // 9.5.1 It may not end on a friend: it goes on until it reaches an empty hex.
            if here.is_some_and(|c| s.at(c) != Some(r.unit)) {
                r.left = 1;
                s.retreat = Some(r);
            } else {
                self.retreat_done(s, ev);
                return;
            }
        }
        let options = self.retreat_options(s, &r);
        match options.len() {
            0 => {
                // 9.5.1 No way out: eliminated instead. (A rout's loss was counted already.)
                let count = !r.rout;
                self.eliminate(s, r.unit, count, "9.5.1 no retreat path", ev);
                self.unit_done(s, ev);
            }
            1 => self.retreat_step(s, options[0], ev),
            _ => s.stage = Stage::Retreat,
        }
    }

    /// The owner's choices among equally good retreat hexes.
    pub(crate) fn retreat_actions(&self, s: &State, out: &mut Vec<Action>) {
        if let Some(r) = &s.retreat {
            out.extend(
                self.retreat_options(s, r)
                    .into_iter()
                    .map(Action::RetreatTo),
            );
        }
    }

    /// Hexes a retreating unit may take next from `from`: on the map, not prohibited, no enemy in
    /// it, and farther from the hex it held during the attack (so every retreat ends).
    /// RULING: "two hexes away" means each hex is one step farther from that hex; the extra hexes
    /// past friends and the rout hex keep going away from it.
    fn retreat_steps(&self, s: &State, u: UnitId, origin: Cell, from: Cell) -> Vec<Cell> {
        let side = self.data.units[u.ix()].side;
        let b = &self.data.board;
        let here = b.distance(from, origin);
        let mut v = Vec::with_capacity(6);
        for d in EdgeDir::ALL {
            let Some(n) = b.cells[from.ix()].nbr[usize::from(d.index())] else {
                continue;
            };
            if self.step_cost_half(from, d).is_none() || b.distance(n, origin) <= here {
                continue;
            }
            if s.at(n)
                .is_some_and(|o| self.data.units[o.ix()].side != side)
            {
                continue;
            }
            v.push(n);
        }
        v
    }

    /// The fewest enemy-ZOC hexes a retreat must enter from `at` with `left` hexes to go,
    /// counting the extra hexes needed to get off friendly units; [`NO_PATH`] if it cannot finish.
    fn ezoc_cost(&self, s: &State, u: UnitId, origin: Cell, at: Cell, left: u8) -> u32 {
        let occupied = s.at(at).is_some_and(|o| o != u);
        if left == 0 && !occupied {
            return 0;
        }
        let left = left.max(1);
        let enemy = self.data.units[u.ix()].side.other();
        let mut best = NO_PATH;
        for n in self.retreat_steps(s, u, origin, at) {
            let rest = self.ezoc_cost(s, u, origin, n, left - 1);
            if rest == NO_PATH {
                continue;
            }
            best = best.min(rest + u32::from(self.in_zoc_of(s, n, enemy)));
        }
        best
    }

    fn nearest(&self, from: Cell, cells: impl Iterator<Item = Cell>) -> Option<u32> {
        cells.map(|c| self.data.board.distance(from, c)).min()
    }

    /// 9.5.1 The best next hexes, in order of the rules' preferences:
    /// 1. a hex from which the retreat can be completed at all (else the unit is eliminated);
    /// 2. the fewest enemy-ZOC hexes over the whole remaining retreat ("unless it has no other
    ///    choice", looking along the path, so it may go round);
    /// 3. away from the nearest enemy: a hex farther from the nearest enemy piece than the hex
    ///    the unit stands in, whenever there is one; RULING: when none is, a hex no closer to it,
    ///    and only when there is none of those either, any;
    /// 4. among those, toward the nearest friendly depot;
    /// 5. what is still tied is the owner's choice.
    #[must_use]
    pub fn retreat_options(&self, s: &State, r: &Retreat) -> Vec<Cell> {
        let Some(at) = s.piece(r.unit).cell else {
            return Vec::new();
        };
        let side = self.data.units[r.unit.ix()].side;
        let enemy = side.other();
        let left = r.left.max(1);
        let mut scored: Vec<(Cell, u32)> = self
            .retreat_steps(s, r.unit, r.origin, at)
            .into_iter()
            .filter_map(|n| {
                let rest = self.ezoc_cost(s, r.unit, r.origin, n, left - 1);
                (rest != NO_PATH).then(|| (n, rest + u32::from(self.in_zoc_of(s, n, enemy))))
            })
            .collect();
        let Some(min) = scored.iter().map(|x| x.1).min() else {
            return Vec::new();
        };
        scored.retain(|x| x.1 == min);
        let enemies: Vec<Cell> = s
            .pieces
            .iter()
            .enumerate()
            .filter(|(i, p)| !p.gone && self.data.units[*i].side == enemy)
            .filter_map(|(_, p)| p.cell)
            .collect();
        if let Some(now) = self.nearest(at, enemies.iter().copied()) {
            // 0: closer to the nearest enemy, 1: as near, 2: farther. The best class present wins.
            let class = |n: Cell| {
                let d = self.nearest(n, enemies.iter().copied()).unwrap_or(now);
                u8::from(d >= now) + u8::from(d > now)
            };
            let best = scored.iter().map(|(n, _)| class(*n)).max().unwrap_or(0);
            scored.retain(|(n, _)| class(*n) == best);
        }
        let depots = || {
            self.data
                .board
                .depots
                .iter()
                .filter(|d| d.1 == side)
                .map(|d| d.0)
        };
        if depots().next().is_some() {
            let best = scored
                .iter()
                .filter_map(|(n, _)| self.nearest(*n, depots()))
                .min();
            scored.retain(|(n, _)| self.nearest(*n, depots()) == best);
        }
        let mut v: Vec<Cell> = scored.into_iter().map(|x| x.0).collect();
        v.sort();
        v
    }

    /// Moves the retreating unit one hex. 9.5.1, 10.1, 10.3: a Shaken unit, or a routing one,
    /// entering an enemy ZOC is eliminated; a Steady one will rout at its Morale Test.
    pub(crate) fn retreat_step(&self, s: &mut State, to: Cell, ev: &mut Vec<Event>) {
        let Some(mut r) = s.retreat else { return };
        let u = r.unit;
        let from = s.piece(u).cell.unwrap_or(to);
        s.put(u, Some(to));
        ev.push(Event::public(What::Retreated { unit: u, from, to }));
        r.left = r.left.saturating_sub(1);
        let enemy = self.data.units[u.ix()].side.other();
        if self.in_zoc_of(s, to, enemy) {
            r.entered_ezoc = true;
            if r.rout {
                self.eliminate(
                    s,
                    u,
                    false,
                    "10.1 a routing unit forced into an enemy ZOC",
                    ev,
                );
                self.unit_done(s, ev);
                return;
            }
            if s.piece(u).status == Status::Shaken {
                self.eliminate(
                    s,
                    u,
                    true,
                    "9.5.1, 10.3 a Shaken unit retreating into an enemy ZOC",
                    ev,
                );
                self.unit_done(s, ev);
                return;
            }
        }
        s.retreat = Some(r);
        self.continue_retreat(s, ev);
    }

    /// The retreat hexes are done: a rout ends with the Routed marker; a retreat with its
    /// Morale Test (9.5.2) — or an automatic rout after retreating into an enemy ZOC.
    fn retreat_done(&self, s: &mut State, ev: &mut Vec<Event>) {
        let Some(r) = s.retreat else { return };
        if r.rout {
            s.pieces[r.unit.ix()].status = Status::Routed;
            self.unit_done(s, ev);
            return;
        }
        // RULING: a Steady unit that retreated into an enemy ZOC routs without a die and without
        // the test's card windows (9.5.1: it routs "automatically").
        if r.entered_ezoc {
            self.rout(s, r.unit, ev);
            return;
        }
        s.test = Some(MoraleTest {
            unit: r.unit,
            penalty: r.penalty,
            card: 0,
        });
        let owner = self.data.units[r.unit.ix()].side;
        self.open_window(s, Stage::MoraleCard(owner), ev);
    }

    /// This unit's part of the result is over; the next unit, or what follows the result.
    pub(crate) fn unit_done(&self, s: &mut State, ev: &mut Vec<Event>) {
        self.next_retreat(s, ev);
    }

    /// 10.1 The unit routs: its corps loses a point, and it retreats one hex more, unless it is
    /// eliminated outright (a 1-Strength unit, or already Shaken: 10.3).
    pub(crate) fn rout(&self, s: &mut State, u: UnitId, ev: &mut Vec<Event>) {
        ev.push(Event::public(What::Routed { unit: u }));
        self.corps_loss(s, u, ev);
        if s.piece(u).status == Status::Shaken {
            self.eliminate(
                s,
                u,
                false,
                "10.3 a Shaken unit that routs is eliminated",
                ev,
            );
            self.unit_done(s, ev);
            return;
        }
        // RULING: "a 1-Strength Point unit" is one whose printed Strength is 1 (or less).
        if self.data.units[u.ix()].strength <= 1 {
            self.eliminate(
                s,
                u,
                false,
                "10.1 a 1-Strength unit that routs is eliminated",
                ev,
            );
            self.unit_done(s, ev);
            return;
        }
        let Some(mut r) = s.retreat else {
            self.unit_done(s, ev);
            return;
        };
        r.rout = true;
        r.left = 1;
        s.retreat = Some(r);
        self.continue_retreat(s, ev);
    }

    /// Takes a unit off the map. `counts`: its corps loses a Morale point (11.1: elimination counts
    /// as a rout), unless the same rout was already counted. RULING: an elimination that is part of
    /// a rout already counted costs no second point.
    pub(crate) fn eliminate(
        &self,
        s: &mut State,
        u: UnitId,
        counts: bool,
        rule: &str,
        ev: &mut Vec<Event>,
    ) {
        s.put(u, None);
        s.pieces[u.ix()].gone = true;
        s.pieces[u.ix()].hidden = false;
        if self.data.units[u.ix()].kind == crate::data::Kind::Dummy {
            ev.push(Event::public(What::DummyRemoved { unit: u }));
            return;
        }
        ev.push(Event::public(What::Eliminated {
            unit: u,
            rule: rule.to_string(),
        }));
        if counts {
            self.corps_loss(s, u, ev);
        }
    }
}
