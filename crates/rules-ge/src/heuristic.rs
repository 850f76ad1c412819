//! A static evaluation for heuristic agents (the engine's [`Evaluate`] capability). The
//! Soldiers Game hides nothing, so it may read the whole state.

use crate::GloryEmpire;
use crate::data::{Arm, Cell, UnitId};
use crate::state::{Morale, Stage, State};
use coupdoeil_engine::{Evaluate, Side};
use coupdoeil_hex::Hex;

/// Points of one victory point.
const VP: i32 = 30;
/// Pull of a side's units toward the nearest objective it does not hold, per hex.
const OBJECTIVE: i32 = 2;
/// Pull toward the enemy of the side that is behind, per hex.
const PRESS: i32 = 1;
/// Points a unit is worth less per point of Fire Strength that enemy stacks in range could
/// bring on it (12.1.1 range, 12.2 Fire Strength; facing and line of sight are not looked at).
const THREAT: i32 = 3;
/// At most this many points of threat per unit.
const THREAT_CAP: i32 = 12;
/// An objective the enemy would score for taking is watched once an enemy unit is this many
/// hexes from it.
const GUARD_RANGE: i32 = 8;
/// Hexes by which the enemy's nearest unit may be closer to such an objective than the side's
/// own nearest before the penalty stops growing.
const GUARD_DEFICIT_CAP: i32 = 4;

/// The evaluation's working lists, kept per thread so that an evaluation (called thousands of
/// times a search iteration) allocates nothing once they have grown.
#[derive(Default)]
struct Scratch {
    /// [`GloryEmpire::stacks_into`]'s sort keys and one stack's units.
    placed: Vec<u64>,
    stack: Vec<UnitId>,
    stacks: Vec<Stack>,
    enemies: Hexes,
    firing: [Firing; 2],
    /// Per objective, each side's nearest unit not in Rout (hexes).
    near: Vec<[i32; 2]>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

impl Evaluate for GloryEmpire {
    fn evaluate(&self, s: &State, side: Side) -> i32 {
        if let Some(e) = &s.ending {
            return match e.winner {
                Some(w) if w == side => 100_000,
                Some(_) => -100_000,
                None => 0,
            };
        }
        SCRATCH.with(|x| match x.try_borrow_mut() {
            Ok(mut x) => self.evaluate_with(s, side, &mut x),
            // Only if an evaluation were ever asked for inside another on this thread.
            Err(_) => self.evaluate_with(s, side, &mut Scratch::default()),
        })
    }
}

impl GloryEmpire {
    fn evaluate_with(&self, s: &State, side: Side, x: &mut Scratch) -> i32 {
        let b = &self.data.board;
        let score = self.score(s);
        let behind = score[side.index()] <= score[side.other().index()];
        let mut total = 0i32;
        self.stacks_into(s, x);
        let Scratch {
            stacks,
            enemies,
            firing,
            near,
            ..
        } = x;
        // The hexes of the enemy's stacks, only wanted by a side that is behind.
        enemies.clear();
        if behind {
            for st in stacks.iter().filter(|st| st.side == side.other()) {
                enemies.push(st.hex);
            }
        }
        let to_objective = &self.data.tables.objective_distance;
        // The threat counts in full against the side whose enemy fires next, half otherwise (in
        // sixths); the side behind on points discounts its own exposure by a third, so that it
        // still closes with the enemy.
        let next = next_fire(s);
        let weight = |target: Side| -> i32 {
            let full = if next == Some(target.other()) { 6 } else { 3 };
            if target == side && behind {
                full * 2 / 3
            } else {
                full
            }
        };
        let (own_weight, enemy_weight) = (weight(side), weight(side.other()));
        // Each unit of a stack is charged for the Fire Strength of the enemy stacks whose range
        // reaches it.
        for f in firing.iter_mut() {
            f.clear();
        }
        for f in stacks.iter().filter(|f| f.fs > 0) {
            firing[f.side.index()].push(f.hex, i32::from(f.range), i32::from(f.fs));
        }
        for st in stacks.iter() {
            let exposure = firing[st.side.other().index()].reaching(st.hex);
            if exposure > 0 {
                let threat = (THREAT * exposure).min(THREAT_CAP) * i32::from(st.units);
                total += if st.side == side {
                    -threat * own_weight / 6
                } else {
                    threat * enemy_weight / 6
                };
            }
        }
        near.clear();
        near.resize(self.data.objectives.len(), [i32::MAX; 2]);
        for (i, t) in s.troops.iter().enumerate() {
            let Some(c) = t.cell else { continue };
            let d = &self.data.troops[i];
            let own = d.side == side;
            let v = d.at(t.steps);
            let mut worth =
                i32::from(v.sp) * 8 + i32::from(t.steps) * 6 + (60 - i32::from(v.mv)).max(0) / 4;
            if d.arm() == Arm::Artillery {
                worth += i32::from(v.fs) * 4;
            }
            worth = match t.morale {
                Morale::Normal => worth,
                Morale::Disorder => worth * 85 / 100,
                Morale::Shaken => worth * 65 / 100,
                Morale::Broken => worth * 40 / 100,
                Morale::Rout => worth * 25 / 100,
            };
            total += if own { worth } else { -worth };
            // One pass over the objectives: the pull of those the side does not hold on its
            // own units, and each side's nearest unit not in Rout for the guard below.
            let who = d.side.index();
            let counts_for_guard = t.morale != Morale::Rout;
            let mut pull: Option<i32> = None;
            for (k, dist) in to_objective.iter().enumerate() {
                let dist = dist[c.ix()] as i32;
                if counts_for_guard {
                    near[k][who] = near[k][who].min(dist);
                }
                if own && s.holders[k] != Some(side) {
                    pull = Some(pull.map_or(dist, |p| p.min(dist)));
                }
            }
            if own {
                // Objectives not held pull the side's units toward them.
                if let Some(dist) = pull {
                    total -= OBJECTIVE * dist.min(20);
                }
                if behind && d.arm() != Arm::Artillery {
                    let near = enemies.nearest(b.cells[c.ix()].hex);
                    total -= PRESS * near.min(20);
                }
            }
        }
        total += VP * (score[side.index()] - score[side.other().index()]);
        let guard = self.guard_penalties(s, near);
        total += guard[side.other().index()] - guard[side.index()];
        total += self.gtf_worth(s, side);
        total
    }

    /// What each side loses for leaving open the objectives its enemy would score for taking:
    /// when an enemy unit is within [`GUARD_RANGE`] hexes of one the enemy does not hold and
    /// the side's own nearest unit is farther, a share of the objective's points that grows
    /// with the gap (a quarter of them at [`GUARD_DEFICIT_CAP`] hexes). Units in Rout, which
    /// can neither take nor hold, are not counted (`near`: per objective, each side's nearest
    /// other unit). A search that looks a player turn or two ahead sees a march on an empty
    /// objective only when the enemy arrives; this lets it send a guard in time.
    fn guard_penalties(&self, s: &State, near: &[[i32; 2]]) -> [i32; 2] {
        let mut penalty = [0; 2];
        for (k, o) in self.data.objectives.iter().enumerate() {
            for taker in [Side::A, Side::B] {
                let keeper = taker.other();
                if o.scores_for.is_some_and(|f| f != taker) || s.holders[k] == Some(taker) {
                    continue;
                }
                let (own, theirs) = (near[k][keeper.index()], near[k][taker.index()]);
                if theirs > GUARD_RANGE || own <= theirs {
                    continue;
                }
                let gap = own.saturating_sub(theirs).min(GUARD_DEFICIT_CAP);
                penalty[keeper.index()] += o.vp * VP * gap / (4 * GUARD_DEFICIT_CAP);
            }
        }
        penalty
    }
}

/// Points for a brigade leader of the side holding a GTF marker (G17.2), and as much again for
/// standing with a unit to direct.
const GTF: i32 = 6;

impl GloryEmpire {
    /// G17 What the side's brigade leaders' GTFs are worth: their units' Command Status depends
    /// on a marker and a Directing Unit (Brigade Game only).
    fn gtf_worth(&self, s: &State, side: Side) -> i32 {
        if !self.brigade() {
            return 0;
        }
        let mut v = 0;
        for (i, d) in self.data.leaders.iter().enumerate() {
            let l = crate::data::LeaderId(i as u8);
            if d.side != side || s.leader(l).gtf.kind.is_none() || !self.gtf_leader(s, l) {
                continue;
            }
            v += GTF;
            if self.directing_unit(s, l).is_some() {
                v += GTF;
            }
        }
        // G17.2.4 A unit that left its GTF risks an illegal evolution: move the DU first.
        for (i, t) in s.troops.iter().enumerate() {
            if t.left_gtf.is_some() && self.data.troops[i].side == side {
                v -= GTF;
            }
        }
        v
    }
}

/// Hex distance on axial coordinates, in `i32` so that the loops below vectorize.
#[inline]
fn distance(dq: i32, dr: i32) -> i32 {
    dq.abs().max(dr.abs()).max((dq + dr).abs())
}

/// Hexes as columns of coordinates (the loops over them are the evaluation's hot path).
#[derive(Default)]
struct Hexes {
    q: Vec<i32>,
    r: Vec<i32>,
}

impl Hexes {
    fn push(&mut self, h: Hex) {
        self.q.push(h.q);
        self.r.push(h.r);
    }

    fn clear(&mut self) {
        self.q.clear();
        self.r.clear();
    }

    /// The distance from `h` to the nearest of these hexes (0 if none).
    fn nearest(&self, h: Hex) -> i32 {
        if self.q.is_empty() {
            return 0;
        }
        self.q
            .iter()
            .zip(&self.r)
            .map(|(&q, &r)| distance(h.q - q, h.r - r))
            .fold(i32::MAX, i32::min)
    }
}

/// The firing stacks of one side: where, their range and their Fire Strength.
#[derive(Default)]
struct Firing {
    at: Hexes,
    range: Vec<i32>,
    fs: Vec<i32>,
}

impl Firing {
    fn clear(&mut self) {
        self.at.clear();
        self.range.clear();
        self.fs.clear();
    }

    fn push(&mut self, h: Hex, range: i32, fs: i32) {
        self.at.push(h);
        self.range.push(range);
        self.fs.push(fs);
    }

    /// The Fire Strength of those stacks whose range reaches `h`.
    fn reaching(&self, h: Hex) -> i32 {
        self.at
            .q
            .iter()
            .zip(&self.at.r)
            .zip(self.range.iter().zip(&self.fs))
            .map(|((&q, &r), (&range, &fs))| {
                if distance(h.q - q, h.r - r) <= range {
                    fs
                } else {
                    0
                }
            })
            .sum()
    }
}

/// A stack on the map: where, whose, how many units, and its Fire Strength and range (0 when
/// it may not fire).
struct Stack {
    hex: Hex,
    side: Side,
    units: u8,
    fs: u8,
    range: u8,
}

/// Whose fire comes next in the sequence of play (4.2.2, 4.2.3): the phasing side's until its
/// Fire Segment is over, then the other side's (in its own player turn or its artillery
/// segment); `None` in the Command Segment, when the order of the player turns is not known.
fn next_fire(s: &State) -> Option<Side> {
    match s.stage {
        Stage::Rally | Stage::ArtillerySupply | Stage::Fire => Some(s.phasing),
        Stage::NpFire
        | Stage::AttackOrders
        | Stage::ReserveOrders
        | Stage::Movement
        | Stage::ReserveMovement
        | Stage::Charges
        | Stage::Assaults => Some(s.phasing.other()),
        _ => None,
    }
}

impl GloryEmpire {
    /// Every stack on the map into `x.stacks`, built in one sorted pass over the units.
    fn stacks_into(&self, s: &State, x: &mut Scratch) {
        // Sorted as one key each: cell, then place in the stack, then unit.
        let placed = &mut x.placed;
        placed.clear();
        placed.extend(s.troops.iter().enumerate().filter_map(|(i, t)| {
            t.cell
                .map(|c| (u64::from(c.0) << 40) | (u64::from(t.pos) << 8) | i as u64)
        }));
        placed.sort_unstable();
        let cell_of = |key: u64| Cell((key >> 40) as u16);
        let (out, stack) = (&mut x.stacks, &mut x.stack);
        out.clear();
        let mut k = 0;
        while k < placed.len() {
            let c = cell_of(placed[k]);
            stack.clear();
            while k < placed.len() && cell_of(placed[k]) == c {
                stack.push(UnitId(placed[k] as u8));
                k += 1;
            }
            let (fs, range) = self.fire_reach(s, stack).unwrap_or((0, 0));
            out.push(Stack {
                hex: self.data.board.cells[c.ix()].hex,
                side: self.data.troops[stack[0].ix()].side,
                units: u8::try_from(stack.len()).unwrap_or(u8::MAX),
                fs,
                range,
            });
        }
    }
}
