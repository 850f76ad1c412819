//! G19.2 Trains and G19.3 Caissons (Brigade Game). A Train is an organization's wagons: it
//! moves in Road Column along roads and trails (one Open hex off them is a whole move), stacks
//! only with Caissons and leaders, and is lost the moment enemy combat units come next to it,
//! the looters falling into Disorder. The optional Caisson rule replaces B7.9.3's resupply roll:
//! a battery out of Round Shot or Shell sends an empty Caisson to a Train of its organization,
//! where the Artillery Resupply Phase fills it, and the full Caisson restores the battery's
//! Round Shot, Shell and Canister boxes when it is stacked with it again.

use crate::GloryEmpire;
use crate::action::Action;
use crate::data::{Arm, Cell, Formation, Kind, LeaderId, Mover, TerrainClass, UnitId};
use crate::event::Event;
use crate::state::{Caisson, Morale, Stage, State, TrainGone};
use coupdoeil_engine::Side;
use std::collections::BinaryHeap;

impl GloryEmpire {
    /// G19.3 The optional Caisson rule is in play.
    #[must_use]
    pub fn caissons_in_play(&self) -> bool {
        self.brigade() && self.data.caissons > 0
    }

    /// G19.2 A Train's Movement Allowance. RULING: the text gives its costs (Limbered
    /// Artillery in Road Column) but no allowance: light foot artillery's Road Column MA
    /// (ge-rulings 206).
    #[must_use]
    pub fn train_ma(&self) -> u8 {
        self.data.charts.rates[Kind::LightFoot as usize][Formation::RoadColumn.ix()]
            .map_or(0, |(ic, _)| ic)
    }

    /// G19.3 A Caisson's Movement Allowance. RULING: light foot artillery's limbered MA
    /// (ge-rulings 206).
    #[must_use]
    pub fn caisson_ma(&self) -> u8 {
        self.data.charts.rates[Kind::LightFoot as usize][Formation::Limbered.ix()]
            .map_or(0, |(ic, _)| ic)
    }

    /// The Train on the map in `c`, by index.
    #[must_use]
    pub fn train_at(&self, s: &State, c: Cell) -> Option<usize> {
        s.trains.iter().position(|t| t.cell == Some(c))
    }

    /// The Caisson of battery `u`, by index in [`State::caissons`].
    #[must_use]
    pub fn caisson_of(&self, s: &State, u: UnitId) -> Option<usize> {
        s.caissons.iter().position(|k| k.battery == u)
    }

    /// An enemy (of `side`) combat unit in `c` or next to it.
    fn enemy_near(&self, s: &State, side: Side, c: Cell) -> bool {
        let b = &self.data.board;
        std::iter::once(c).chain(b.neighbors(c)).any(|n| {
            s.stack(n)
                .iter()
                .any(|&u| self.data.troops[u.ix()].side != side)
        })
    }

    /// Friendly (of `side`) infantry or artillery in `c`.
    fn guarded(&self, s: &State, side: Side, c: Cell) -> bool {
        s.stack(c).iter().any(|&u| {
            let t = &self.data.troops[u.ix()];
            t.side == side && matches!(t.arm(), Arm::Infantry | Arm::Artillery)
        })
    }

    /// G19.2 Whether the leader `l` is the Train's organization or under it. RULING: a Train
    /// serves the batteries of its leader and of every leader under him (ge-rulings 209).
    fn serves(&self, train: LeaderId, mut l: LeaderId) -> bool {
        loop {
            if l == train {
                return true;
            }
            match self.data.leaders[l.ix()].superior {
                Some(up) => l = up,
                None => return false,
            }
        }
    }

    /// G19.2 Where Train `i` may move: along roads and trails at the road and trail rates of a
    /// Road Column, or one Open hex off them as its whole move. RULING: it never enters a hex
    /// with combat units or another Train, nor one next to an enemy combat unit, where it would
    /// be lost at once (ge-rulings 207), nor (16.3) a hex on fire.
    #[must_use]
    pub fn train_reach(&self, s: &State, i: usize) -> Vec<Cell> {
        let Some(from) = s.trains[i].cell else {
            return Vec::new();
        };
        let side = self.data.trains[i].side;
        let b = &self.data.board;
        let open = |c: Cell| {
            s.stack(c).is_empty()
                && self.train_at(s, c).is_none()
                && !self.enemy_near(s, side, c)
                && !self.on_fire(s, c)
        };
        let ma = self.train_ma();
        let mut out = Vec::new();
        let road = |a: Cell, n: Cell| {
            let (road, trail) = b.road_between(a, n);
            if road {
                Some(self.data.charts.road)
            } else if trail {
                Some(self.data.charts.trail)
            } else {
                None
            }
        };
        // One Open hex off the road, the whole move.
        for n in b.neighbors(from) {
            if road(from, n).is_none()
                && self.data.terrain(n).class == TerrainClass::Open
                && self.terrain_cost(Mover::Artillery, from, n).is_some()
                && open(n)
            {
                out.push(n);
            }
        }
        out.extend(self.reach_by(from, ma, |a, n| road(a, n).filter(|_| open(n))));
        out.sort_unstable();
        out.dedup();
        out
    }

    /// G19.3 Where the Caisson `k` may move: as Limbered Artillery, in Road Column on roads and
    /// trails. RULING: not into a hex with enemy units or cavalry, nor into one next to an
    /// enemy combat unit unless friendly infantry or artillery stand in it (ge-rulings 207).
    #[must_use]
    pub fn caisson_reach(&self, s: &State, k: usize) -> Vec<Cell> {
        let c = &s.caissons[k];
        let side = self.data.troops[c.battery.ix()].side;
        let b = &self.data.board;
        let ok = |n: Cell| {
            // 16.3 No voluntary entry into a hex on fire.
            if self.on_fire(s, n) {
                return false;
            }
            let stack = s.stack(n);
            !stack.iter().any(|&u| {
                let t = &self.data.troops[u.ix()];
                t.side != side || t.arm() == Arm::Cavalry
            }) && self
                .train_at(s, n)
                .is_none_or(|i| self.data.trains[i].side == side)
                && (self.guarded(s, side, n) || !self.enemy_near(s, side, n))
        };
        let cost = |a: Cell, n: Cell| {
            if !ok(n) {
                return None;
            }
            let (road, trail) = b.road_between(a, n);
            if road {
                Some(self.data.charts.road)
            } else if trail {
                Some(self.data.charts.trail)
            } else {
                self.terrain_cost(Mover::Artillery, a, n)
            }
        };
        self.reach_by(c.cell, self.caisson_ma(), cost)
    }

    /// The hexes reachable from `from` within `ma` MP at `cost` per step (not `from`).
    pub(crate) fn reach_by(
        &self,
        from: Cell,
        ma: u8,
        cost: impl Fn(Cell, Cell) -> Option<u8>,
    ) -> Vec<Cell> {
        let b = &self.data.board;
        let mut best = vec![u8::MAX; b.len()];
        best[from.ix()] = 0;
        let mut q = BinaryHeap::from([(std::cmp::Reverse(0u8), from)]);
        while let Some((std::cmp::Reverse(d), c)) = q.pop() {
            if d > best[c.ix()] {
                continue;
            }
            for n in b.neighbors(c) {
                let Some(x) = cost(c, n) else { continue };
                let nd = d.saturating_add(x);
                if nd <= ma && nd < best[n.ix()] {
                    best[n.ix()] = nd;
                    q.push((std::cmp::Reverse(nd), n));
                }
            }
        }
        (0..b.len())
            .map(|i| Cell(i as u16))
            .filter(|&c| c != from && best[c.ix()] != u8::MAX)
            .collect()
    }

    /// G19.3.1 Whether battery `u` may create a Caisson now: out of Round Shot or Shell, none
    /// of its own on the map, a Caisson counter of its side unused, no cavalry in its hex.
    #[must_use]
    pub fn may_create_caisson(&self, s: &State, u: UnitId) -> bool {
        let side = self.data.troops[u.ix()].side;
        let Some(c) = s.troop(u).cell else {
            return false;
        };
        let used = s
            .caissons
            .iter()
            .filter(|k| self.data.troops[k.battery.ix()].side == side)
            .count();
        self.data.troops[u.ix()].arm() == Arm::Artillery
            && self.needs_rounds(s, u)
            && self.caisson_of(s, u).is_none()
            && used < usize::from(self.data.caissons)
            && !s
                .stack(c)
                .iter()
                .any(|&x| self.data.troops[x.ix()].arm() == Arm::Cavalry)
    }

    /// G19.2, G19.3 The Movement Phase's Train and Caisson choices of `side` (between moves).
    pub(crate) fn train_actions(&self, s: &State, side: Side, out: &mut Vec<Action>) {
        if s.stage != Stage::Movement {
            return;
        }
        for (i, t) in s.trains.iter().enumerate() {
            if self.data.trains[i].side != side || t.moved || t.cell.is_none() {
                continue;
            }
            let train = i as u8;
            for to in self.train_reach(s, i) {
                out.push(Action::TrainMove { train, to });
            }
            // G19.2 A Train may leave the map of its own accord, from an edge hex.
            if t.cell
                .is_some_and(|c| self.data.board.neighbors(c).count() < 6)
            {
                out.push(Action::TrainOff(train));
            }
        }
        if !self.caissons_in_play() {
            return;
        }
        for u in self.units_of(s, side) {
            if self.may_create_caisson(s, u) {
                out.push(Action::CaissonCreate(u));
            }
        }
        for (k, c) in s.caissons.iter().enumerate() {
            if self.data.troops[c.battery.ix()].side != side || c.moved {
                continue;
            }
            for to in self.caisson_reach(s, k) {
                out.push(Action::CaissonMove {
                    battery: c.battery,
                    to,
                });
            }
        }
    }

    /// Plays a Train or Caisson choice.
    pub(crate) fn do_train(&self, s: &mut State, a: Action, ev: &mut Vec<Event>) {
        match a {
            Action::TrainMove { train, to } => {
                let t = &mut s.trains[usize::from(train)];
                let from = t.cell;
                t.cell = Some(to);
                t.moved = true;
                ev.push(Event::TrainMoved { train, from, to });
            }
            Action::TrainOff(train) => {
                let t = &mut s.trains[usize::from(train)];
                t.cell = None;
                t.gone = Some(TrainGone::Left);
                ev.push(Event::TrainGone {
                    train,
                    plundered: false,
                });
            }
            Action::CaissonCreate(u) => {
                if let Some(cell) = s.troop(u).cell {
                    s.caissons.push(Caisson {
                        battery: u,
                        cell,
                        full: false,
                        moved: false,
                    });
                    ev.push(Event::CaissonCreated {
                        battery: u,
                        at: cell,
                    });
                }
            }
            Action::CaissonMove { battery, to } => {
                if let Some(k) = self.caisson_of(s, battery) {
                    let c = &mut s.caissons[k];
                    let from = c.cell;
                    c.cell = to;
                    c.moved = true;
                    ev.push(Event::CaissonMoved { battery, from, to });
                }
            }
            _ => {}
        }
    }

    /// G19.2 Combat units `group` of one side have just entered `to`: every enemy Train next
    /// to it (or in it) is lost, and those of them in Normal Morale break ranks to loot it:
    /// Disorder, and their move ends (Plunder).
    pub(crate) fn plunder(&self, s: &mut State, group: &[UnitId], to: Cell, ev: &mut Vec<Event>) {
        let Some(&first) = group.first() else { return };
        let side = self.data.troops[first.ix()].side;
        let b = &self.data.board;
        let mut looted = false;
        for i in 0..s.trains.len() {
            let Some(c) = s.trains[i].cell else { continue };
            if self.data.trains[i].side == side || (c != to && !b.neighbors(to).any(|n| n == c)) {
                continue;
            }
            s.trains[i].cell = None;
            s.trains[i].gone = Some(TrainGone::Plundered);
            ev.push(Event::TrainGone {
                train: i as u8,
                plundered: true,
            });
            looted = true;
        }
        if !looted {
            return;
        }
        let normal: Vec<UnitId> = group
            .iter()
            .copied()
            .filter(|&u| s.troop(u).morale == Morale::Normal)
            .collect();
        if !normal.is_empty() {
            self.set_morale(s, &normal, Some(Morale::Disorder), ev);
            if let Some(m) = s.moving.as_mut() {
                m.stop = true;
            }
        }
    }

    /// G19.2, G19.3 What follows from where Trains and Caissons stand, checked after every
    /// step: a Train with an enemy combat unit next to it is lost; a Caisson with no friendly
    /// infantry or artillery in its hex and an enemy combat unit in it or next to it is lost
    /// (RULING: as it would be when assaulted or charged, ge-rulings 208), as is one whose
    /// battery is gone; a full Caisson stacked with its battery restores its Round Shot, Shell
    /// and Canister and leaves the map (G19.3.1). Whether anything changed.
    pub(crate) fn sweep_trains(&self, s: &mut State, ev: &mut Vec<Event>) -> bool {
        let mut changed = false;
        for i in 0..s.trains.len() {
            let Some(c) = s.trains[i].cell else { continue };
            let side = self.data.trains[i].side;
            if self.enemy_near(s, side, c) {
                s.trains[i].cell = None;
                s.trains[i].gone = Some(TrainGone::Plundered);
                ev.push(Event::TrainGone {
                    train: i as u8,
                    plundered: true,
                });
                changed = true;
            }
        }
        let mut k = 0;
        while k < s.caissons.len() {
            let c = s.caissons[k].clone();
            let side = self.data.troops[c.battery.ix()].side;
            let battery_at = s.troop(c.battery).cell;
            if battery_at.is_none()
                || (!self.guarded(s, side, c.cell) && self.enemy_near(s, side, c.cell))
            {
                s.caissons.remove(k);
                ev.push(Event::CaissonLost {
                    battery: c.battery,
                    at: c.cell,
                });
                changed = true;
                continue;
            }
            if c.full && battery_at == Some(c.cell) {
                s.caissons.remove(k);
                self.refill_rounds(s, c.battery);
                s.troop_mut(c.battery).ammo = 0;
                ev.push(Event::CaissonDelivered {
                    battery: c.battery,
                    at: c.cell,
                });
                changed = true;
                continue;
            }
            k += 1;
        }
        changed
    }

    /// G19.3.1 The Artillery Resupply Phase with Caissons: each of `side`'s empty Caissons
    /// stacked with a Train of its battery's organization is filled.
    pub(crate) fn fill_caissons(&self, s: &mut State, side: Side, ev: &mut Vec<Event>) {
        for k in 0..s.caissons.len() {
            let c = s.caissons[k].clone();
            if c.full || self.data.troops[c.battery.ix()].side != side {
                continue;
            }
            let battery_leader = self.data.troops[c.battery.ix()].leader;
            let filled = self.train_at(s, c.cell).is_some_and(|i| {
                self.data.trains[i].side == side
                    && self.serves(self.data.trains[i].leader, battery_leader)
            });
            if filled {
                s.caissons[k].full = true;
                ev.push(Event::CaissonFilled {
                    battery: c.battery,
                    at: c.cell,
                });
            }
        }
    }

    /// G19.2 Stacking with Trains and Caissons for a Movement Phase step of `units` (of
    /// `side`) into `to`: never into a Train's hex, and cavalry never into a Caisson's.
    #[must_use]
    pub fn train_blocks(&self, s: &State, units: &[UnitId], to: Cell) -> bool {
        if s.trains.is_empty() && s.caissons.is_empty() {
            return false;
        }
        let side = units
            .first()
            .map_or(Side::A, |&u| self.data.troops[u.ix()].side);
        let own_train = self
            .train_at(s, to)
            .is_some_and(|i| self.data.trains[i].side == side);
        let caisson_here = s
            .caissons
            .iter()
            .any(|k| k.cell == to && self.data.troops[k.battery.ix()].side == side);
        own_train
            || (caisson_here
                && units
                    .iter()
                    .any(|&u| self.data.troops[u.ix()].arm() == Arm::Cavalry))
    }

    /// Clears the Trains' and Caissons' moved marks for `side`'s new Movement Phase.
    pub(crate) fn reset_train_moves(&self, s: &mut State, side: Side) {
        for (i, t) in s.trains.iter_mut().enumerate() {
            if self.data.trains[i].side == side {
                t.moved = false;
            }
        }
        for k in &mut s.caissons {
            if self.data.troops[k.battery.ix()].side == side {
                k.moved = false;
            }
        }
    }
}
