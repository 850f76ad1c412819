//! A static evaluation for heuristic agents (the engine's [`Evaluate`] capability). It reads only
//! what the side may know: its own pieces, the enemy's revealed pieces, hidden enemy pieces as
//! anonymous tokens, and the public tracks.

use crate::DrumsMuskets;
use crate::state::{State, Status};
use coupdoeil_engine::{Evaluate, Side};

/// Points a hidden enemy piece is assumed to be worth (it may be a dummy).
const HIDDEN_GUESS: i32 = 12;

impl Evaluate for DrumsMuskets {
    fn evaluate(&self, s: &State, side: Side) -> i32 {
        if let Some(e) = &s.ending {
            return match e.winner {
                Some(w) if w == side => 100_000,
                Some(_) => -100_000,
                None => 0,
            };
        }
        let b = &self.data.board;
        let mut score = 0i32;
        let enemy_depots: Vec<_> = b
            .depots
            .iter()
            .filter(|d| d.1 != side)
            .map(|d| d.0)
            .collect();
        let wins_ties = self.data.draw_winner == Some(side);
        for (i, p) in s.pieces.iter().enumerate() {
            let def = &self.data.units[i];
            let Some(c) = p.cell else { continue };
            if p.gone {
                continue;
            }
            let own = def.side == side;
            let worth = if !own && p.hidden {
                HIDDEN_GUESS
            } else if def.kind == crate::Kind::Dummy {
                0
            } else {
                let st = i32::from(def.strength) * 10;
                match p.status {
                    Status::Steady => st,
                    Status::Shaken => st - 15,
                    Status::Routed => st / 3,
                }
            };
            score += if own { worth } else { -worth };
            // The side that must win on points presses toward the enemy depots; the one that
            // wins ties holds its ground near its own.
            if own && def.kind != crate::Kind::Dummy && !enemy_depots.is_empty() && !wins_ties {
                let d = enemy_depots
                    .iter()
                    .map(|&x| b.distance(c, x))
                    .min()
                    .unwrap_or(0) as i32;
                score -= d;
            }
        }
        score += self.depot_pressure(s, side, wins_ties);
        for (i, c) in self.data.corps.iter().enumerate() {
            let m = i32::from(s.corps_morale[i]) * 12 - if s.demoralized[i] { 80 } else { 0 };
            score += if c.side == side { m } else { -m };
        }
        let vp = self.victory_points(s, side) - self.victory_points(s, side.other());
        score += vp * 150;
        score += 3 * (s.decks[side].hand.len() as i32 - s.decks[side.other()].hand.len() as i32);
        score
    }
}

impl DrumsMuskets {
    /// Depots (Exclusive 13.0): the side that must win on points is pulled toward every enemy
    /// depot it does not hold (by its nearest piece: any piece takes a depot, ruling 22); every
    /// side is pushed to keep a piece at least as close to each of its own depots as the nearest
    /// enemy piece once an enemy comes within a few hexes. Without the second term a lone depot
    /// fell to any raider, because material alone never asked for a guard.
    fn depot_pressure(&self, s: &State, side: Side, wins_ties: bool) -> i32 {
        const RAID_PULL: i32 = 6;
        const GUARD_PUSH: i32 = 10;
        const THREAT_RANGE: u32 = 7;
        let b = &self.data.board;
        let nearest = |who: Side, to| {
            s.pieces
                .iter()
                .enumerate()
                .filter(|(i, p)| self.data.units[*i].side == who && !p.gone)
                .filter_map(|(_, p)| p.cell.map(|c| b.distance(c, to)))
                .min()
        };
        let mut score = 0;
        for (i, &(cell, owner, _)) in b.depots.iter().enumerate() {
            if owner != side {
                if !wins_ties
                    && s.depot_holder[i] != side
                    && let Some(d) = nearest(side, cell)
                {
                    score -= RAID_PULL * d as i32;
                }
            } else if let Some(threat) = nearest(side.other(), cell)
                && threat <= THREAT_RANGE
            {
                let guard = nearest(side, cell).unwrap_or(u32::MAX);
                if guard >= threat {
                    score -= GUARD_PUSH * (guard - threat + 1).min(4) as i32;
                }
            }
        }
        score
    }
}
