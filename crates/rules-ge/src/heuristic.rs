//! A static evaluation for heuristic agents (the engine's [`Evaluate`] capability). The
//! Soldiers Game hides nothing, so it may read the whole state.

use crate::GloryEmpire;
use crate::data::Arm;
use crate::state::{Morale, State};
use coupdoeil_engine::{Evaluate, Side};
use coupdoeil_hex::Hex;

/// Points of one victory point.
const VP: i32 = 30;
/// Pull of a side's units toward the nearest objective it does not hold, per hex.
const OBJECTIVE: i32 = 2;
/// Pull toward the enemy of the side that is behind, per hex.
const PRESS: i32 = 1;

impl Evaluate for GloryEmpire {
    fn evaluate(&self, s: &State, side: Side) -> i32 {
        if let Some(e) = &s.ending {
            return match e.winner {
                Some(w) if w == side => 100_000,
                Some(_) => -100_000,
                None => 0,
            };
        }
        let b = &self.data.board;
        let score = self.score(s);
        let behind = score[side.index()] <= score[side.other().index()];
        let mut total = 0i32;
        // The hexes of the enemy's combat units, only wanted by a side that is behind (a hex
        // listed twice does not change the nearest).
        let enemies: Vec<Hex> = if behind {
            s.troops
                .iter()
                .enumerate()
                .filter(|(i, _)| self.data.troops[*i].side == side.other())
                .filter_map(|(_, t)| t.cell)
                .map(|c| b.cells[c.ix()].hex)
                .collect()
        } else {
            Vec::new()
        };
        let to_objective = &self.data.tables.objective_distance;
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
            if own {
                // Objectives not held pull the side's units toward them.
                let target = self
                    .data
                    .objectives
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| s.holders[*k] != Some(side))
                    .map(|(k, _)| to_objective[k][c.ix()] as i32)
                    .min();
                if let Some(dist) = target {
                    total -= OBJECTIVE * dist.min(20);
                }
                if behind && d.arm() != Arm::Artillery {
                    let near = nearest(&enemies, b.cells[c.ix()].hex);
                    total -= PRESS * near.min(20);
                }
            }
        }
        total += VP * (score[side.index()] - score[side.other().index()]);
        total
    }
}

/// The distance from `h` to the nearest of `hexes` (0 if none).
fn nearest(hexes: &[Hex], h: Hex) -> i32 {
    hexes
        .iter()
        .map(|&e| h.distance(e))
        .min()
        .map_or(0, |d| i32::try_from(d).unwrap_or(i32::MAX))
}
