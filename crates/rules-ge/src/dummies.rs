//! G23.2 Dummy Brigades (Brigade Game, with the optional Limited Intelligence of G23). A side
//! may imitate each of its Obscured Brigades with a Dummy Brigade: Dummy Stacks of markers that
//! the enemy sees as just more Obscured Markers.
//!
//! - G23.2 A brigade is an Obscured Brigade while at least half of its combat units on the map
//!   are obscured. RULING: its owner creates the Dummy Brigade as one choice of his Movement
//!   Phase (between moves, as the Caissons are made), one Dummy Stack in each hex of the
//!   brigade's obscured stacks, and a brigade has at most one Dummy Brigade on the map at a
//!   time (ge-rulings 187).
//! - G23.2.1 A Dummy Stack shows as many counters as the real stack it was placed with, and
//!   while it shares a hex with obscured real pieces the enemy sees one Obscured Marker there
//!   with both counts together. It moves from the next friendly Movement Phase on, its whole
//!   move as one choice, as infantry in Column of the Infantry rates: never into a hex of enemy
//!   units, an enemy ZOC or a hex on fire (ge-rulings 188). It is nothing on the map: it does
//!   not block, spot, fire, stack, take objectives, and cannot be attacked (ge-rulings 189).
//! - G23.2.2 A Dummy Stack is removed the moment its hex would not be obscured for a real
//!   stack (20 hexes and LOS from every enemy piece, [`crate::intelligence`]); the removal is
//!   public, the rest is its owner's secret (ge-rulings 190).

use crate::GloryEmpire;
use crate::action::Action;
use crate::data::{Cell, Formation, Kind, LeaderId, Mover};
use crate::event::Event;
use crate::state::{Dummy, LeaderStatus, Stage, State};
use coupdoeil_engine::Side;

impl GloryEmpire {
    /// G23.2 The hexes of brigade leader `l`'s obscured stacks, sorted, when his brigade is an
    /// Obscured Brigade (at least half of his combat units on the map obscured); else none.
    #[must_use]
    pub fn obscured_brigade(&self, s: &State, l: LeaderId) -> Vec<Cell> {
        if !self.limited_intelligence() || !self.brigade_leader(l) {
            return Vec::new();
        }
        let side = self.data.leaders[l.ix()].side;
        let spotters = self.piece_cells(s, side.other());
        let mut on_map = 0usize;
        let mut hidden: Vec<Cell> = Vec::new();
        for (i, t) in s.troops.iter().enumerate() {
            if self.data.troops[i].leader != l || t.gone.is_some() {
                continue;
            }
            let Some(c) = t.cell else { continue };
            on_map += 1;
            if self.unseen_by(s, side, c, &spotters) {
                hidden.push(c);
            }
        }
        if on_map == 0 || 2 * hidden.len() < on_map {
            return Vec::new();
        }
        hidden.sort_unstable();
        hidden.dedup();
        hidden
    }

    /// The counters of `side`'s real pieces (combat units and leaders on the map) in `c`.
    #[must_use]
    pub fn real_counters(&self, s: &State, side: Side, c: Cell) -> usize {
        let units = s
            .troops
            .iter()
            .enumerate()
            .filter(|(i, t)| {
                t.cell == Some(c) && t.gone.is_none() && self.data.troops[*i].side == side
            })
            .count();
        let leaders = s
            .leaders
            .iter()
            .enumerate()
            .filter(|(i, x)| {
                x.cell == Some(c)
                    && x.status == LeaderStatus::OnMap
                    && self.data.leaders[*i].side == side
            })
            .count();
        units + leaders
    }

    /// The side owning a Dummy Stack.
    #[must_use]
    pub fn dummy_side(&self, d: &Dummy) -> Side {
        self.data.leaders[d.leader.ix()].side
    }

    /// G23.2.1 A Dummy Stack's Movement Allowance: infantry's in Column.
    // RULING: dummies move as infantry in Column (ge-rulings 188).
    #[must_use]
    pub fn dummy_ma(&self) -> u8 {
        self.data.charts.rates[Kind::Infantry as usize][Formation::Column.ix()]
            .map_or(0, |(ic, _)| ic)
    }

    /// G23.2.1 Where Dummy Stack `k` may move this phase: within infantry's Column MA at the
    /// infantry's terrain costs, never into (nor through) a hex of enemy combat units, an enemy
    /// ZOC or a hex on fire.
    #[must_use]
    pub fn dummy_reach(&self, s: &State, k: usize) -> Vec<Cell> {
        let d = &s.dummies[k];
        let side = self.dummy_side(d);
        let ok = |n: Cell| {
            !self.on_fire(s, n)
                && !s
                    .stack(n)
                    .iter()
                    .any(|&u| self.data.troops[u.ix()].side != side)
                && !self.in_ezoc(s, side, n)
        };
        self.reach_by(d.cell, self.dummy_ma(), |a, n| {
            if ok(n) {
                self.terrain_cost(Mover::Infantry, a, n)
            } else {
                None
            }
        })
    }

    /// The index in [`State::dummies`] of `side`'s Dummy Stack number `n` (counted among that
    /// side's own, in the order they were made, so that a side's numbers say nothing of the
    /// enemy's dummies).
    #[must_use]
    pub fn dummy_index(&self, s: &State, side: Side, n: u8) -> Option<usize> {
        s.dummies
            .iter()
            .enumerate()
            .filter(|(_, d)| self.dummy_side(d) == side)
            .nth(usize::from(n))
            .map(|(k, _)| k)
    }

    /// G23.2 Whether `side` may create a Dummy Brigade for brigade leader `l` now.
    #[must_use]
    pub fn may_create_dummies(&self, s: &State, l: LeaderId) -> bool {
        !s.dummies.iter().any(|d| d.leader == l) && !self.obscured_brigade(s, l).is_empty()
    }

    /// G23.2 The Movement Phase's Dummy Brigade choices of `side` (between moves).
    pub(crate) fn dummy_actions(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        if !self.limited_intelligence() || s.stage != Stage::Movement {
            return;
        }
        for i in 0..self.data.leaders.len() {
            let l = LeaderId(i as u8);
            if self.data.leaders[i].side == side && self.may_create_dummies(s, l) {
                out.push(Action::DummyBrigade(l));
            }
        }
        let mine = s
            .dummies
            .iter()
            .enumerate()
            .filter(|(_, d)| self.dummy_side(d) == side);
        for (n, (k, d)) in mine.enumerate() {
            if d.moved {
                continue;
            }
            for to in self.dummy_reach(s, k) {
                out.push(Action::DummyMove { dummy: n as u8, to });
            }
        }
    }

    /// Plays a Dummy Brigade choice. Its events are its owner's secret.
    pub(crate) fn do_dummy(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        match a {
            Action::DummyBrigade(l) => {
                let side = self.data.leaders[l.ix()].side;
                for c in self.obscured_brigade(s, l) {
                    // RULING: a Dummy Stack shows as many counters as the real stack it is
                    // placed with (ge-rulings 188).
                    let counters = self.real_counters(s, side, c).min(usize::from(u8::MAX)) as u8;
                    s.dummies.push(Dummy {
                        leader: l,
                        cell: c,
                        counters,
                        moved: true,
                    });
                    ev.push(Event::Secret {
                        side,
                        inner: Box::new(Event::DummyPlaced {
                            leader: l,
                            at: c,
                            counters,
                        }),
                    });
                }
            }
            Action::DummyMove { dummy, to } => {
                let k = self.dummy_index(s, self.mover_side(s), dummy);
                if let Some(d) = k.and_then(|k| s.dummies.get_mut(k)) {
                    let from = d.cell;
                    d.cell = to;
                    d.moved = true;
                    let side = self.data.leaders[d.leader.ix()].side;
                    ev.push(Event::Secret {
                        side,
                        inner: Box::new(Event::DummyMoved { from, to }),
                    });
                }
            }
            _ => {}
        }
    }

    /// G23.2.2 Removes every Dummy Stack whose hex an enemy piece now sees (within 20 hexes
    /// with a clear LOS). Run after every action and die.
    // RULING: revealed dummies go at once, publicly (ge-rulings 190).
    pub(crate) fn sweep_dummies(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.dummies.is_empty() {
            return;
        }
        let mut eyes: [Option<Vec<Cell>>; 2] = [None, None];
        let mut k = 0;
        while k < s.dummies.len() {
            let d = s.dummies[k];
            let side = self.dummy_side(&d);
            let spot =
                eyes[side.other().index()].get_or_insert_with(|| self.piece_cells(s, side.other()));
            if self.unseen_by(s, side, d.cell, spot) {
                k += 1;
            } else {
                s.dummies.remove(k);
                ev.push(Event::DummyRevealed { side, at: d.cell });
            }
        }
    }

    /// Clears the Dummy Stacks' moved marks for `side`'s new Movement Phase.
    pub(crate) fn reset_dummy_moves(&self, s: &mut State, side: Side) {
        for i in 0..s.dummies.len() {
            if self.dummy_side(&s.dummies[i]) == side {
                s.dummies[i].moved = false;
            }
        }
    }
}

impl GloryEmpire {
    /// The AI's moves for Dummy Stack `k` (its index in [`State::dummies`]) among `reach`: at most two, the reachable hex nearest
    /// the nearest enemy combat unit and the one nearest the nearest objective its side does
    /// not hold (ties to the lower hex).
    // RULING: the AI offers at most two moves per Dummy Stack (ge-rulings 191).
    #[must_use]
    pub fn dummy_plan_moves(&self, s: &State, k: usize, reach: &[Cell]) -> Vec<Cell> {
        let b = &self.data.board;
        let d = &s.dummies[k];
        let side = self.dummy_side(d);
        let nearest = |targets: &[Cell]| -> Option<Cell> {
            let goal = targets
                .iter()
                .copied()
                .min_by_key(|&t| (b.distance(d.cell, t), t))?;
            reach
                .iter()
                .copied()
                .min_by_key(|&c| (b.distance(c, goal), c))
        };
        let enemies: Vec<Cell> = s
            .troops
            .iter()
            .enumerate()
            .filter(|(i, t)| self.data.troops[*i].side != side && t.gone.is_none())
            .filter_map(|(_, t)| t.cell)
            .collect();
        let objectives: Vec<Cell> = self
            .data
            .objectives
            .iter()
            .enumerate()
            .filter(|(i, _)| s.holders[*i] != Some(side))
            .map(|(_, o)| o.cell)
            .collect();
        let mut out: Vec<Cell> = [nearest(&enemies), nearest(&objectives)]
            .into_iter()
            .flatten()
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}
