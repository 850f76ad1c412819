//! A static evaluation for heuristic agents (the engine's [`Evaluate`] capability). Prussia's
//! Glory hides nothing, so it may read the whole state.

use crate::PrussiasGlory;
use crate::data::Arm;
use crate::state::{Morale, State};
use coupdoeil_engine::{Evaluate, Side};

/// Points of one victory point.
const VP: i32 = 40;
/// Points of one point of Army Morale above the Demoralized level.
const AM: i32 = 8;
/// Pull toward the enemy of the side that is not winning, per hex of its units' distance.
const PRESS: i32 = 2;
/// Pull of the infantry toward a hold-ground objective, per hex.
const HOLD: i32 = 3;

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
        let standing = self.victory_level(s).map(|x| x.0);
        let mut score = 0i32;
        // Where the enemy's Units stand, for the pull toward them.
        let enemy_cells: Vec<crate::data::Cell> = s
            .troops
            .iter()
            .enumerate()
            .filter(|(i, _)| self.data.troops[*i].side != side)
            .filter_map(|(_, t)| t.cell)
            .collect();
        let pressing = standing != Some(side);
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
            // The side not winning now must close with the enemy.
            if own && pressing && d.arm != Arm::Artillery {
                let dist = enemy_cells
                    .iter()
                    .map(|&e| board.distance(c, e))
                    .min()
                    .unwrap_or(0)
                    .min(12) as i32;
                score -= PRESS * dist;
            }
        }
        // Hold-ground objectives.
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
            if !a.active && standing != Some(x) {
                m -= 150;
            }
            score += if x == side { m } else { -m };
        }
        let vp = self.victory_points(s);
        score += VP * (vp[side.index()] - vp[side.other().index()]);
        score
    }
}
