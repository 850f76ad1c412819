//! G23 Limited Intelligence (Brigade Game, optional: `[brigade] limited_intelligence = true` in
//! the scenario; `ge-vimeiro-brigade-li` plays it). On the table the rule asks the players to
//! trust each other; here the engine keeps the secret itself.
//!
//! - G23.1 A hex of one side's pieces (combat units and leaders on the map) is obscured while no
//!   enemy piece within 20 hexes has a clear LOS to it (11, with the units and the light of the
//!   turn). Obscurity is worked out from the position each time it is asked, so a stack is
//!   revealed the moment it stops qualifying (G23.1.4) and hidden again when it qualifies anew.
//!   RULING: the owner always obscures a stack that qualifies (ge-rulings 180); RULING: the
//!   enemy's leaders spot as well as its combat units (ge-rulings 181).
//! - G23.1.1 The enemy sees an obscured stack as an Obscured Marker in its hex with the number of
//!   counters under it, nothing more ([`crate::observe::ObscuredStack`]; ge-rulings 182).
//! - G23.1.2 Events about obscured units are wrapped in [`Event::Secret`] for their owner; a fire
//!   attack at an obscured stack shows its enemy only [`Event::SecretFire`]. Retreats move the
//!   stack on the map, which the enemy sees (ge-rulings 183).
//! - G23.1.3 Obscured units move and take their Disorder Checks as any other.
//! - Search under the hidden information: [`coupdoeil_engine::Determinize`] (ge-rulings 184).
//! - G23.3 A leader in an Observation Point (a windmill or tower: `[[observation_point]]` in
//!   the map, with its height) sees, and is seen, from that height
//!   ([`GloryEmpire::observer_height`]). RULING: the authored maps mark none (ge-rulings 185).
//!
//! Dummy Brigades (G23.2) are in [`crate::dummies`].

use crate::GloryEmpire;
use crate::data::{Cell, LeaderId, UnitId};
use crate::event::Event;
use crate::state::{LeaderStatus, State};
use coupdoeil_engine::{Side, Viewer};

/// G23.1 The distance at which a stack is obscured whatever the LOS.
pub const OBSCURED_RANGE: u32 = 20;

impl GloryEmpire {
    /// G23 The optional Limited Intelligence rule is played.
    #[must_use]
    pub fn limited_intelligence(&self) -> bool {
        self.brigade() && self.data.limited_intelligence
    }

    /// The hexes holding `side`'s combat units or leaders on the map, sorted.
    pub(crate) fn piece_cells(&self, s: &State, side: Side) -> Vec<Cell> {
        let mut v: Vec<Cell> = s
            .troops
            .iter()
            .enumerate()
            .filter(|(i, t)| self.data.troops[*i].side == side && t.gone.is_none())
            .filter_map(|(_, t)| t.cell)
            .chain(
                s.leaders
                    .iter()
                    .enumerate()
                    .filter(|(i, l)| {
                        self.data.leaders[*i].side == side && l.status == LeaderStatus::OnMap
                    })
                    .filter_map(|(_, l)| l.cell),
            )
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// G23.1 Whether a stack of `side`'s in `c` is out of sight of every enemy piece in
    /// `spotters`: 20 hexes or more away, or without a clear LOS. G23.3 A leader in an
    /// Observation Point sees from its height, and is seen there (LOS is reciprocal, 11.3).
    // RULING: leaders spot, a hex is seen or obscured whole (ge-rulings 181).
    // RULING: the Observation Point's height raises the leader's hex both ways (ge-rulings 185).
    pub(crate) fn unseen_by(&self, s: &State, side: Side, c: Cell, spotters: &[Cell]) -> bool {
        let b = &self.data.board;
        let eye = self.observer_height(s, side, c);
        spotters.iter().all(|&e| {
            b.distance(c, e) >= OBSCURED_RANGE
                || !self.los_raised(s, (c, eye), (e, self.observer_height(s, side.other(), e)))
        })
    }

    /// G23.3 How many Elevation Levels above its hex `side` sees from `c`: the height of the
    /// Observation Point there while one of `side`'s leaders stands in it, else 0.
    #[must_use]
    pub fn observer_height(&self, s: &State, side: Side, c: Cell) -> i8 {
        let h = self.data.board.cells[c.ix()].observation;
        if h == 0 {
            return 0;
        }
        let here = s.leaders.iter().enumerate().any(|(i, l)| {
            l.cell == Some(c)
                && l.status == LeaderStatus::OnMap
                && self.data.leaders[i].side == side
        });
        if here { h } else { 0 }
    }

    /// G23.1 The hexes of `side`'s pieces that are obscured now, sorted (none unless the rule is
    /// played).
    #[must_use]
    pub fn obscured_cells(&self, s: &State, side: Side) -> Vec<Cell> {
        if !self.limited_intelligence() {
            return Vec::new();
        }
        let spotters = self.piece_cells(s, side.other());
        self.piece_cells(s, side)
            .into_iter()
            .filter(|&c| self.unseen_by(s, side, c, &spotters))
            .collect()
    }

    /// G23.1 Whether combat unit `u` is obscured now.
    #[must_use]
    pub fn unit_obscured(&self, s: &State, u: UnitId) -> bool {
        let t = s.troop(u);
        match t.cell {
            Some(c) if self.limited_intelligence() && t.gone.is_none() => {
                let side = self.data.troops[u.ix()].side;
                self.unseen_by(s, side, c, &self.piece_cells(s, side.other()))
            }
            _ => false,
        }
    }

    /// G23.1 Whether leader `l` is obscured now.
    #[must_use]
    pub fn leader_obscured(&self, s: &State, l: LeaderId) -> bool {
        let x = &s.leaders[l.ix()];
        match x.cell {
            Some(c) if self.limited_intelligence() && x.status == LeaderStatus::OnMap => {
                let side = self.data.leaders[l.ix()].side;
                self.unseen_by(s, side, c, &self.piece_cells(s, side.other()))
            }
            _ => false,
        }
    }

    /// The obscured hexes of each side that `viewer` may not look into (side A first): a side's
    /// own player and the referee see its stacks.
    #[must_use]
    pub fn hidden_cells(&self, s: &State, viewer: Viewer) -> [Vec<Cell>; 2] {
        [Side::A, Side::B].map(|side| {
            if viewer.sees_private_of(side) {
                Vec::new()
            } else {
                self.obscured_cells(s, side)
            }
        })
    }

    /// G23.1.2 Wraps the events from `from` on that tell of obscured units (named as `unit`,
    /// `units`, `out`, `back` or `leader`, or the stack in a fire's `target`) in
    /// [`Event::Secret`] for their owner, adding [`Event::SecretFire`] for the enemy where a fire
    /// attack's result is hidden. Obscurity is judged in `s`, the position the events led to.
    // RULING: secret results, public dice and retreats (ge-rulings 183).
    pub(crate) fn screen_events(&self, s: &State, ev: &mut Vec<Event>, from: usize) {
        if !self.limited_intelligence() || ev.len() <= from {
            return;
        }
        // Whose obscured stack a hex holds, worked out once for each hex the events name.
        let mut spotters: [Option<Vec<Cell>>; 2] = [None, None];
        let mut known: Vec<(Cell, Option<Side>)> = Vec::new();
        let mut hidden_side = |c: Cell| -> Option<Side> {
            if let Some(&(_, x)) = known.iter().find(|(k, _)| *k == c) {
                return x;
            }
            let owner = s
                .troops
                .iter()
                .enumerate()
                .find(|(_, t)| t.cell == Some(c) && t.gone.is_none())
                .map(|(i, _)| self.data.troops[i].side)
                .or_else(|| {
                    s.leaders
                        .iter()
                        .enumerate()
                        .find(|(_, l)| l.cell == Some(c) && l.status == LeaderStatus::OnMap)
                        .map(|(i, _)| self.data.leaders[i].side)
                })
                // A Dummy Stack's hex: a Rolling Shot's fire on it is as secret as on a real
                // obscured stack (ge-rulings 189).
                .or_else(|| {
                    s.dummies
                        .iter()
                        .find(|d| d.cell == c)
                        .map(|d| self.dummy_side(d))
                });
            let x = owner.filter(|&side| {
                let eyes = spotters[side.other().index()]
                    .get_or_insert_with(|| self.piece_cells(s, side.other()));
                self.unseen_by(s, side, c, eyes)
            });
            known.push((c, x));
            x
        };
        let tail: Vec<Event> = ev.drain(from..).collect();
        for e in tail {
            let mut secret: Vec<Side> = Vec::new();
            let mut fire_target = None;
            // Most events name no piece and no fire target: a look at their text first.
            let names = serde_json::to_string(&e).is_ok_and(|t| {
                ["\"unit", "\"leader\"", "\"target\"", "\"out\"", "\"back\""]
                    .iter()
                    .any(|k| t.contains(k))
            });
            if !names {
                ev.push(e);
                continue;
            }
            if let Ok(serde_json::Value::Object(m)) = serde_json::to_value(&e) {
                for (k, v) in &m {
                    let ns: Vec<u64> = match v {
                        serde_json::Value::Number(n) => n.as_u64().into_iter().collect(),
                        serde_json::Value::Array(a) => {
                            a.iter().filter_map(serde_json::Value::as_u64).collect()
                        }
                        _ => Vec::new(),
                    };
                    for n in ns {
                        let n = n as usize;
                        let side = match k.as_str() {
                            "unit" | "units" | "out" | "back" if n < s.troops.len() => s.troops[n]
                                .cell
                                .filter(|_| s.troops[n].gone.is_none())
                                .and_then(&mut hidden_side),
                            "leader" if n < s.leaders.len() => s.leaders[n]
                                .cell
                                .filter(|_| s.leaders[n].status == LeaderStatus::OnMap)
                                .and_then(&mut hidden_side),
                            "target" if n < self.data.board.len() => {
                                let c = Cell(n as u16);
                                let side = hidden_side(c);
                                if side.is_some() {
                                    fire_target = Some(c);
                                }
                                side
                            }
                            _ => None,
                        };
                        if let Some(side) = side
                            && !secret.contains(&side)
                        {
                            secret.push(side);
                        }
                    }
                }
            }
            let stub = match (&e, fire_target, secret.as_slice()) {
                (Event::FireRolled { from, target, .. }, Some(_), [side]) => {
                    Some(Event::SecretFire {
                        side: *side,
                        from: *from,
                        target: *target,
                    })
                }
                _ => None,
            };
            let mut e = e;
            for side in secret {
                e = Event::Secret {
                    side,
                    inner: Box::new(e),
                };
            }
            ev.push(e);
            ev.extend(stub);
        }
    }
}

/// A uniform shuffle drawing from `rng` ([`coupdoeil_engine::draw_below`]).
fn shuffle<T, R: coupdoeil_engine::Rng + ?Sized>(v: &mut [T], rng: &mut R) {
    for i in (1..v.len()).rev() {
        let j = coupdoeil_engine::draw_below(rng, i as u64 + 1) as usize;
        v.swap(i, j);
    }
}

/// A hidden piece: a combat unit or a leader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Piece {
    Unit(UnitId),
    Leader(LeaderId),
}

impl coupdoeil_engine::Determinize for GloryEmpire {
    /// G23 What `viewer` cannot see is drawn afresh: the enemy's pieces in its obscured hexes
    /// (combat units and leaders together, as the Obscured Marker shows only how many counters
    /// a hex holds) are dealt at random over those hexes' counters, each in the state the
    /// scenario's set-up gives it (its full steps, its set-up formation and facing, its leader's
    /// set-up order and GTF marker, no fatigue), since its real strength, morale and markers are
    /// the secret. The stack being moved, if any, is left alone (it is the current procedure).
    /// What the viewer saw of a piece before it was obscured is not used to narrow the draw.
    /// With enemy Dummy Stacks (G23.2) the units are dealt over the dummies' counters too, and
    /// the counters left become the sample's dummies (`determinize_with_dummies`).
    ///
    /// The sample is a function of what `viewer` sees and of the random numbers alone: the
    /// hidden pieces are pooled in data order and the counters in hex order before the shuffle,
    /// and nothing of their real records is copied. Without the rule, or with nothing obscured,
    /// the sample is the state itself and no random number is drawn.
    ///
    /// G19.3 With the optional Caissons, which enemy battery each enemy Caisson serves is
    /// secret too (ge-rulings 210): the links are dealt again at random among that side's
    /// Caissons (each still serves one battery, and every battery that has one keeps one).
    // RULING: the determinization and its limits (ge-rulings 184, 210).
    fn determinize<R: coupdoeil_engine::Rng + ?Sized>(
        &self,
        s: &State,
        viewer: Side,
        rng: &mut R,
    ) -> State {
        let mut t = self.determinize_pieces(s, viewer, rng);
        self.deal_caisson_links(&mut t, viewer, rng);
        t
    }
}

impl GloryEmpire {
    /// G19.3 The enemy Caissons' batteries dealt at random among them (ge-rulings 210). No
    /// random number is drawn when the enemy has fewer than two Caissons.
    fn deal_caisson_links<R: coupdoeil_engine::Rng + ?Sized>(
        &self,
        t: &mut State,
        viewer: Side,
        rng: &mut R,
    ) {
        let other = viewer.other();
        let theirs: Vec<usize> = (0..t.caissons.len())
            .filter(|&i| self.data.troops[t.caissons[i].battery.ix()].side == other)
            .collect();
        if theirs.len() < 2 {
            return;
        }
        let mut batteries: Vec<UnitId> = theirs.iter().map(|&i| t.caissons[i].battery).collect();
        batteries.sort_unstable();
        shuffle(&mut batteries, rng);
        for (&i, b) in theirs.iter().zip(batteries) {
            t.caissons[i].battery = b;
        }
    }

    /// The obscured pieces' part of [`Determinize::determinize`].
    fn determinize_pieces<R: coupdoeil_engine::Rng + ?Sized>(
        &self,
        s: &State,
        viewer: Side,
        rng: &mut R,
    ) -> State {
        if !self.limited_intelligence() {
            return s.clone();
        }
        let other = viewer.other();
        let moving_at = s.moving.as_ref().map(|m| m.at);
        let cells: Vec<Cell> = self
            .obscured_cells(s, other)
            .into_iter()
            .filter(|&c| Some(c) != moving_at)
            .collect();
        if s.dummies
            .iter()
            .any(|d| self.dummy_side(d) == other && Some(d.cell) != moving_at)
        {
            return self.determinize_with_dummies(s, viewer, &cells, rng);
        }
        if cells.is_empty() {
            return s.clone();
        }
        let hidden = |c: Option<Cell>| c.is_some_and(|c| cells.binary_search(&c).is_ok());
        let mut pool: Vec<Piece> = Vec::new();
        let mut slots: Vec<Cell> = Vec::new();
        for (i, t) in s.troops.iter().enumerate() {
            if self.data.troops[i].side == other && t.gone.is_none() && hidden(t.cell) {
                pool.push(Piece::Unit(UnitId(i as u8)));
                slots.extend(t.cell);
            }
        }
        for (i, l) in s.leaders.iter().enumerate() {
            if self.data.leaders[i].side == other
                && l.status == LeaderStatus::OnMap
                && hidden(l.cell)
            {
                pool.push(Piece::Leader(LeaderId(i as u8)));
                slots.extend(l.cell);
            }
        }
        // The victory points the viewer scored on hidden units (which it sees left out of the
        // score, ge-rulings 186) leave the sample's score with their losses.
        let mut t = s.clone();
        for p in &pool {
            if let Piece::Unit(u) = *p {
                let lost = self.data.troops[u.ix()]
                    .full()
                    .saturating_sub(s.troop(u).steps);
                t.vp[viewer] -= self.data.scoring.step * i32::from(lost);
            }
        }
        // RULING: combat units are dealt over the hexes that held combat units and leaders over
        // those that held leaders, so that what blocks a line of sight stays where it was (the
        // viewer's own sight, and so its observation, depend on it; ge-rulings 184).
        let units: Vec<Piece> = pool
            .iter()
            .copied()
            .filter(|p| matches!(p, Piece::Unit(_)))
            .collect();
        let leaders: Vec<Piece> = pool
            .iter()
            .copied()
            .filter(|p| matches!(p, Piece::Leader(_)))
            .collect();
        let unit_slots: Vec<Cell> = slots[..units.len()].to_vec();
        let leader_slots: Vec<Cell> = slots[units.len()..].to_vec();
        let (mut units, mut leaders) = (units, leaders);
        shuffle(&mut units, rng);
        shuffle(&mut leaders, rng);
        let pool: Vec<Piece> = units.into_iter().chain(leaders).collect();
        let mut slots = unit_slots;
        slots.sort_unstable();
        let mut ls = leader_slots;
        ls.sort_unstable();
        slots.extend(ls);
        // The obscured hexes where a standing unit blocks lines of sight.
        let standing: Vec<Cell> = pool
            .iter()
            .filter_map(|p| match *p {
                Piece::Unit(u) if !s.troop(u).prone => s.troop(u).cell,
                _ => None,
            })
            .collect();
        let fresh = coupdoeil_engine::Game::initial_state(self);
        // Each hex's units are stacked in the order dealt, just under any new top.
        let mut k = 0u32;
        let mut last = None;
        for (&p, &c) in pool.iter().zip(&slots) {
            if last != Some(c) {
                k = 0;
                last = Some(c);
            }
            match p {
                Piece::Unit(u) => {
                    let mut x = fresh.troops[u.ix()];
                    x.steps = self.data.troops[u.ix()].full();
                    x.cell = Some(c);
                    // RULING: a hex whose real units all lie Prone (G18.6.3: they block no line
                    // of sight) gets Prone units in the sample, so that what the viewer sees
                    // past it stays as it is (ge-rulings 184).
                    x.prone = !standing.contains(&c);
                    x.gone = None;
                    x.pos = s.next_pos.0.saturating_add(1 + k);
                    k += 1;
                    t.troops[u.ix()] = x;
                }
                Piece::Leader(l) => {
                    let mut x = fresh.leaders[l.ix()];
                    x.cell = Some(c);
                    x.status = LeaderStatus::OnMap;
                    t.leaders[l.ix()] = x;
                }
            }
        }
        t
    }
}

impl GloryEmpire {
    /// G23.2 The sample of [`coupdoeil_engine::Determinize`] when the enemy (of `viewer`) has
    /// Dummy Stacks: the viewer sees their counters among the obscured ones and must not learn
    /// which they are. Leaders are dealt over the hexes that held leaders (ruling 184); the
    /// enemy's hidden combat units over every other obscured counter, real or dummy, at random;
    /// the counters left over in each hex become one Dummy Stack there, imitating the enemy's
    /// first brigade leader in data order. The viewer's own Dummy Stacks, and any in the hex of
    /// the stack being moved, stay as they are. `cells`: the enemy's real obscured hexes but
    /// the moving stack's.
    // RULING: dummies in the AI's sample (ge-rulings 192).
    fn determinize_with_dummies<R: coupdoeil_engine::Rng + ?Sized>(
        &self,
        s: &State,
        viewer: Side,
        cells: &[Cell],
        rng: &mut R,
    ) -> State {
        let other = viewer.other();
        let moving_at = s.moving.as_ref().map(|m| m.at);
        let hidden = |c: Option<Cell>| c.is_some_and(|c| cells.binary_search(&c).is_ok());
        let mut units: Vec<UnitId> = Vec::new();
        let mut slots: Vec<Cell> = Vec::new();
        for (i, x) in s.troops.iter().enumerate() {
            if self.data.troops[i].side == other && x.gone.is_none() && hidden(x.cell) {
                units.push(UnitId(i as u8));
                slots.extend(x.cell);
            }
        }
        let mut leaders: Vec<LeaderId> = Vec::new();
        let mut leader_slots: Vec<Cell> = Vec::new();
        for (i, l) in s.leaders.iter().enumerate() {
            if self.data.leaders[i].side == other
                && l.status == LeaderStatus::OnMap
                && hidden(l.cell)
            {
                leaders.push(LeaderId(i as u8));
                leader_slots.extend(l.cell);
            }
        }
        let mut t = s.clone();
        t.dummies.clear();
        // The hexes of the enemy's Dummy Stacks that are dealt again.
        let mut dummy_cells: Vec<Cell> = Vec::new();
        for d in &s.dummies {
            if self.dummy_side(d) == other && Some(d.cell) != moving_at {
                slots.extend(std::iter::repeat_n(d.cell, usize::from(d.counters)));
                dummy_cells.push(d.cell);
            } else {
                t.dummies.push(*d);
            }
        }
        for &u in &units {
            let lost = self.data.troops[u.ix()]
                .full()
                .saturating_sub(s.troop(u).steps);
            t.vp[viewer] -= self.data.scoring.step * i32::from(lost);
        }
        // RULING (ge-rulings 192, as 184): a standing unit and a Dummy Stack block lines of
        // sight alike (ruling 189) and Prone units do not, so the hexes whose real units all
        // lie Prone, with no dummy, get Prone units again; the other units are dealt over all
        // the other counters, real and dummy: what the side itself sees stays as it is.
        let quiet_hex = |c: Cell| {
            !dummy_cells.contains(&c)
                && units
                    .iter()
                    .all(|&u| s.troop(u).cell != Some(c) || s.troop(u).prone)
        };
        let (mut quiet, mut loud): (Vec<Cell>, Vec<Cell>) =
            slots.iter().partition(|&&c| quiet_hex(c));
        quiet.sort_unstable();
        loud.sort_unstable();
        shuffle(&mut loud, rng);
        let n_quiet = quiet.len();
        let slots: Vec<Cell> = quiet.into_iter().chain(loud).collect();
        shuffle(&mut units, rng);
        leader_slots.sort_unstable();
        shuffle(&mut leaders, rng);
        let fresh = coupdoeil_engine::Game::initial_state(self);
        let mut dealt: Vec<(Cell, UnitId, bool)> = slots
            .iter()
            .copied()
            .zip(units.iter().copied())
            .enumerate()
            .map(|(i, (c, u))| (c, u, i < n_quiet))
            .collect();
        dealt.sort_unstable();
        let mut k = 0u32;
        let mut last = None;
        for &(c, u, prone) in &dealt {
            if last != Some(c) {
                k = 0;
                last = Some(c);
            }
            let mut x = fresh.troops[u.ix()];
            x.steps = self.data.troops[u.ix()].full();
            x.cell = Some(c);
            x.prone = prone;
            x.gone = None;
            x.pos = s.next_pos.0.saturating_add(1 + k);
            k += 1;
            t.troops[u.ix()] = x;
        }
        for (&l, &c) in leaders.iter().zip(&leader_slots) {
            let mut x = fresh.leaders[l.ix()];
            x.cell = Some(c);
            x.status = LeaderStatus::OnMap;
            t.leaders[l.ix()] = x;
        }
        // The counters no unit took: Dummy Stacks, one a hex.
        let mut rest: Vec<Cell> = slots[units.len().min(slots.len())..].to_vec();
        rest.sort_unstable();
        let imitated = (0..self.data.leaders.len())
            .map(|i| LeaderId(i as u8))
            .filter(|l| self.data.leaders[l.ix()].side == other)
            .min_by_key(|&l| (!self.brigade_leader(l), l));
        if let Some(leader) = imitated {
            for c in rest.chunk_by(|a, b| a == b) {
                t.dummies.push(crate::state::Dummy {
                    leader,
                    cell: c[0],
                    counters: c.len().min(usize::from(u8::MAX)) as u8,
                    moved: false,
                });
            }
        }
        t
    }
}
