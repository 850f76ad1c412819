//! A static evaluation for heuristic agents (the engine's [`Evaluate`] capability). Prussia's
//! Glory hides nothing, so it may read the whole state. The positional terms of one counter are
//! exposed separately ([`PrussiasGlory::position_terms`]) so that the plans can rank the ends of
//! a counter's move without evaluating the whole state for each.

use crate::PrussiasGlory;
use crate::data::{Arm, Cell, Counter, LeaderId, Role, UnitId};
use crate::state::{Morale, State};
use coupdoeil_engine::{Evaluate, Side};

/// Points of one victory point.
const VP: i32 = 40;
/// Points of one point of Army Morale above the Demoralized level.
const AM: i32 = 8;
/// Pull toward the enemy, per hex of a unit's distance to the nearest enemy Unit. A side feels
/// it while it is not winning on the victory levels, and always when its scenario says so
/// (`[ai] press`, [`crate::data::Data::ai_press`]): a Close Combat is the attacker's choice of
/// hex, odds and Lead Units (10.3-10.5), so in some battles the side ahead that waits lets the
/// enemy pick every fight (Rossbach's main scenario: the Allies, ahead at the start, sat in
/// their camp and the Prussians won 18 of 20 games; pressed, 30 of 60), while in others it
/// should hold (Zorndorf's Russians pressed lost more: 34 of 40 main games went Prussian).
const PRESS: i32 = 2;
/// Pull of the infantry toward a hold-ground objective, per hex.
const HOLD: i32 = 3;
/// A Unit out of its Wing Leader's command range (4.2.2).
const OUT_OF_RANGE: i32 = 6;
/// Hexes beyond which a distance no longer matters to the pull.
const FAR: u32 = 12;

/// What the positional terms need to know of the position, gathered once.
pub(crate) struct Context {
    /// The side evaluated for.
    pub side: Side,
    /// Whether it must close with the enemy: it is not winning now, or its scenario tells it
    /// to press always.
    pub pressing: bool,
    /// Where the enemy's Units stand.
    pub enemy: Vec<Cell>,
}

impl PrussiasGlory {
    /// The context of `side`'s evaluation of `s`.
    pub(crate) fn context(&self, s: &State, side: Side, vp: [i32; 2]) -> Context {
        Context {
            side,
            pressing: self.data.ai_press[side]
                || self.victory_level_at(s, vp).map(|x| x.0) != Some(side),
            enemy: s
                .troops
                .iter()
                .enumerate()
                .filter(|(i, _)| self.data.troops[*i].side != side)
                .filter_map(|(_, t)| t.cell)
                .collect(),
        }
    }

    fn nearest(cells: &[Cell], board: &crate::data::Board, c: Cell) -> u32 {
        cells
            .iter()
            .map(|&e| board.distance(c, e))
            .min()
            .unwrap_or(0)
            .min(FAR)
    }

    /// The positional terms of `side`'s own Unit `u` standing in `c`: the pull toward the enemy
    /// when pressing, and staying within its Wing Leader's command range (4.2.2).
    pub(crate) fn unit_terms(&self, s: &State, cx: &Context, u: UnitId, c: Cell) -> i32 {
        let d = &self.data.troops[u.ix()];
        if d.side != cx.side || d.arm == Arm::Artillery {
            return 0;
        }
        let board = &self.data.board;
        let mut score = 0;
        if cx.pressing {
            score -= PRESS * Self::nearest(&cx.enemy, board, c) as i32;
        }
        if let Some(w) = d.wing
            && let Some(lc) = s.leader(self.data.wings[w.ix()].leader).cell
            && board.distance(lc, c) > crate::command::COMMAND_RANGE
        {
            score -= OUT_OF_RANGE;
        }
        score
    }

    /// The positional terms of `side`'s own Leader `l` standing in `c`: his wing's Units in
    /// command range.
    pub(crate) fn leader_terms(&self, s: &State, cx: &Context, l: LeaderId, c: Cell) -> i32 {
        let d = &self.data.leaders[l.ix()];
        let (Role::Wing, Some(w)) = (d.role, d.wing) else {
            return 0;
        };
        if d.side != cx.side {
            return 0;
        }
        let board = &self.data.board;
        let out = s
            .troops
            .iter()
            .enumerate()
            .filter(|(i, t)| {
                self.data.troops[*i].wing == Some(w)
                    && t.cell
                        .is_some_and(|x| board.distance(x, c) > crate::command::COMMAND_RANGE)
            })
            .count() as i32;
        -OUT_OF_RANGE * out
    }

    /// The positional terms of counter `who` standing in `c` (for ranking its moves).
    pub(crate) fn position_terms(&self, s: &State, cx: &Context, who: Counter, c: Cell) -> i32 {
        match who {
            Counter::Unit(u) => {
                let mut t = self.unit_terms(s, cx, u, c);
                // Hold-ground objectives pull the bonus side's infantry.
                if self.data.troops[u.ix()].arm == Arm::Infantry {
                    for b in self.data.bonuses.iter().flatten() {
                        if b.side == self.data.troops[u.ix()].side {
                            let dist = b
                                .near
                                .iter()
                                .map(|&h| self.data.board.distance(h, c) as i32)
                                .min()
                                .unwrap_or(0);
                            let sign = if b.side == cx.side { 1 } else { -1 };
                            t -= sign * HOLD * (dist - 1).clamp(0, 15);
                        }
                    }
                }
                t
            }
            Counter::Leader(l) => self.leader_terms(s, cx, l, c),
        }
    }
}

impl Evaluate for PrussiasGlory {
    fn evaluate(&self, s: &State, side: Side) -> i32 {
        if let Some(e) = &s.ending {
            return match e.winner {
                Some(w) if w == side => 100_000,
                Some(_) => -100_000,
                None => 0,
            };
        }
        let board = &self.data.board;
        let vp = self.victory_points(s);
        let cx = self.context(s, side, vp);
        let mut score = 0i32;
        for (i, t) in s.troops.iter().enumerate() {
            let Some(c) = t.cell else { continue };
            let d = &self.data.troops[i];
            let own = d.side == side;
            let v = d.at(t.steps);
            let mut worth = match d.arm {
                Arm::Artillery => 12 * i32::from(t.steps),
                _ => i32::from(v.sp) * 10 + i32::from(t.steps) * 5 + i32::from(v.mr) * 2,
            };
            worth = match t.morale {
                Morale::Formed => worth,
                Morale::Disordered => worth * 7 / 10,
                Morale::Routed => worth * 4 / 10,
            };
            score += if own { worth } else { -worth };
            if own {
                score += self.unit_terms(s, &cx, UnitId(i as u8), c);
            }
        }
        // Hold-ground objectives: the bonus side's infantry nearest to each.
        for group in &self.data.bonuses {
            for b in group {
                let sign = if b.side == side { 1 } else { -1 };
                let mut dists: Vec<i32> = s
                    .troops
                    .iter()
                    .enumerate()
                    .filter(|(i, t)| {
                        t.cell.is_some()
                            && self.data.troops[*i].side == b.side
                            && self.data.troops[*i].arm == Arm::Infantry
                    })
                    .filter_map(|(_, t)| {
                        let c = t.cell?;
                        b.near.iter().map(|&h| board.distance(h, c) as i32).min()
                    })
                    .collect();
                dists.sort_unstable();
                let need: i32 = dists
                    .iter()
                    .take(usize::from(b.units))
                    .map(|&x| (x - 1).clamp(0, 15))
                    .sum();
                score -= sign * HOLD * need;
            }
        }
        for x in Side::ALL {
            let a = &s.armies[x];
            let def = &self.data.armies[x];
            let mut m = i32::from(a.am - def.demoralized) * AM;
            if a.demoralized {
                m -= 100;
            }
            if a.broken {
                m -= 250;
            }
            if !a.active && (x != side || cx.pressing) {
                m -= 150;
            }
            score += if x == side { m } else { -m };
        }
        score += VP * (vp[side.index()] - vp[side.other().index()]);
        score
    }
}
