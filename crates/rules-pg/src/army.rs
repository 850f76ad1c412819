//! 12 Army Morale, 13 the Joint Army Morale Adjustment Phase, 14 the End of Turn Phase, and
//! victory. The rulebook's text stops before chapter 11; these follow the rest of the text and
//! the published scenario facts (see `docs/rules/pg-rulings.md`).

use crate::PrussiasGlory;
use crate::data::{Arm, ArmyCondition};
use crate::event::Event;
use crate::state::{ArmyState, Ending, Stage, State};
use coupdoeil_engine::Side;

impl PrussiasGlory {
    /// 13 Joint Army Morale Adjustment. RULING (12, 13): each army loses 1 AM for each
    /// victory point the enemy scored from it this Turn (a Unit destroyed or fled 1, captured 2,
    /// a captured artillery step 2) and 1 for each Combat Success marker the enemy earned this
    /// Turn. At or below its Demoralized level the army becomes Demoralized (12.3), at or below
    /// its Broken level Broken (12.4): every one of its Units on the map then makes a Morale
    /// Check (9.3), once, at the penalty of the worse state.
    pub(crate) fn army_morale(&self, s: &mut State, ev: &mut Vec<Event>) {
        s.checks.clear();
        let first = self.data.first;
        let cs = [s.armies[first].cs, s.armies[first.other()].cs];
        for (k, side) in [first, first.other()].into_iter().enumerate() {
            let enemy_cs = i16::from(cs[1 - k]);
            let def = &self.data.armies[side];
            let a = &mut s.armies[side];
            let lost = a.conceded + enemy_cs;
            a.am -= lost;
            a.conceded = 0;
            let was = (a.demoralized, a.broken);
            if a.am <= def.demoralized {
                a.demoralized = true;
            }
            if a.am <= def.broken {
                a.broken = true;
            }
            let now = (a.demoralized, a.broken);
            let am = a.am;
            ev.push(Event::ArmyMorale {
                side,
                am,
                lost,
                demoralized: now.0,
                broken: now.1,
            });
            if now != was {
                for (i, t) in s.troops.iter().enumerate() {
                    if t.cell.is_some() && self.data.troops[i].side == side {
                        s.checks.push(crate::data::UnitId(i as u8));
                    }
                }
            }
        }
        for side in Side::ALL {
            s.armies[side].cs = 0;
        }
        s.stage = Stage::ArmyMorale;
    }

    /// 14 End of Turn: the next Turn begins with the first player's Player Turn, or the game
    /// ends after the last.
    pub(crate) fn end_of_turn(&self, s: &mut State, ev: &mut Vec<Event>) {
        if s.turn >= self.data.turns {
            self.game_over(s, ev);
            return;
        }
        s.turn += 1;
        for t in &mut s.troops {
            t.fought = false;
            t.fired = false;
        }
        for w in &mut s.wings {
            w.forced_tried = false;
        }
        s.bombarded.clear();
        s.phasing = self.data.first;
        s.second = false;
        ev.push(Event::TurnBegins {
            turn: s.turn,
            clock: self.data.clock(s.turn),
        });
        self.begin_player_turn(s, ev);
    }

    /// Victory points of each side, bonuses included (side A first).
    #[must_use]
    pub fn victory_points(&self, s: &State) -> [i32; 2] {
        let mut vp = [
            i32::from(s.armies[Side::A].vp),
            i32::from(s.armies[Side::B].vp),
        ];
        for group in &self.data.bonuses {
            if let Some(b) = group.iter().find(|b| self.bonus_held(s, b)) {
                vp[b.side.index()] += b.vp;
            }
        }
        vp
    }

    /// Whether a hold-ground bonus is met now: enough infantry Units of its side in or adjacent
    /// to one of its hexes.
    #[must_use]
    pub fn bonus_held(&self, s: &State, b: &crate::data::VpBonus) -> bool {
        let board = &self.data.board;
        let n = s
            .troops
            .iter()
            .enumerate()
            .filter(|(i, t)| {
                let d = &self.data.troops[*i];
                d.side == b.side
                    && d.arm == Arm::Infantry
                    && t.cell
                        .is_some_and(|c| b.near.iter().any(|&h| h == c || board.adjacent(h, c)))
            })
            .count();
        n >= usize::from(b.units)
    }

    fn condition(a: &ArmyState, c: ArmyCondition) -> bool {
        match c {
            ArmyCondition::Demoralized => a.demoralized || a.broken,
            ArmyCondition::Broken => a.broken,
            ArmyCondition::NotDemoralized => !a.demoralized && !a.broken,
            ArmyCondition::NotBroken => !a.broken,
        }
    }

    /// The victory level reached now, if any: the first in the scenario's order whose
    /// conditions hold.
    #[must_use]
    pub fn victory_level(&self, s: &State) -> Option<(Side, String)> {
        self.victory_level_at(s, self.victory_points(s))
    }

    /// The victory level reached with these victory points (side A first).
    #[must_use]
    pub fn victory_level_at(&self, s: &State, vp: [i32; 2]) -> Option<(Side, String)> {
        let first = self.data.first;
        let diff = vp[first.index()] - vp[first.other().index()];
        self.data.victory.iter().find_map(|v| {
            let ok = v.min_vp.is_none_or(|m| diff >= m)
                && v.max_vp.is_none_or(|m| diff <= m)
                && v.enemy
                    .is_none_or(|c| Self::condition(&s.armies[v.winner.other()], c))
                && v.own
                    .is_none_or(|c| Self::condition(&s.armies[v.winner], c));
            ok.then(|| (v.winner, v.level.clone()))
        })
    }

    /// RULING (pg-rulings 5).
    /// The game ends after the last Turn: the first victory level that holds decides.
    fn game_over(&self, s: &mut State, ev: &mut Vec<Event>) {
        let points = self.victory_points(s);
        let (winner, kind) = match self.victory_level(s) {
            Some((w, l)) => (Some(w), l),
            None => (None, "draw".to_string()),
        };
        ev.push(Event::GameOver {
            winner,
            level: kind.clone(),
            points,
        });
        s.stage = Stage::Over;
        s.pending.clear();
        s.ending = Some(Ending {
            winner,
            kind,
            points,
        });
    }
}
