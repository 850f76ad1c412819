//! 13.0 How to Win, with the Leuthen exclusive rules: Immediate Victory, Victory Points for
//! Demoralized enemy corps and captured enemy depots, and the Austrians winning draws.

use crate::DrumsMuskets;
use crate::event::{Event, What};
use crate::state::{Ending, Stage, State};
use coupdoeil_engine::Side;

impl DrumsMuskets {
    fn majority_demoralized(&self, s: &State, side: Side) -> bool {
        let total = self.data.corps.iter().filter(|c| c.side == side).count();
        let demo = self
            .data
            .corps
            .iter()
            .enumerate()
            .filter(|(i, c)| c.side == side && s.demoralized[*i])
            .count();
        total > 0 && demo * 2 > total
    }

    /// 13.0 The phasing player wins at once when, in its own Administrative Phase, a majority of
    /// the enemy's corps are Demoralized and a majority of its own are not. RULING: only the
    /// phasing player can win this way (13.0: "during his Administrative Phase"); 4.0 E and 12.0
    /// ask to check "either" player because the check is made in both players' turns.
    #[must_use]
    pub fn immediate_victory(&self, s: &State) -> Option<Side> {
        let side = s.phasing;
        (self.majority_demoralized(s, side.other()) && !self.majority_demoralized(s, side))
            .then_some(side)
    }

    /// Exclusive 13.0 Victory Points of `side`: 1 per Demoralized enemy corps, and 1 for holding
    /// every enemy depot (being the last side to have had a piece there).
    #[must_use]
    pub fn victory_points(&self, s: &State, side: Side) -> i32 {
        let corps = self
            .data
            .corps
            .iter()
            .enumerate()
            .filter(|(i, c)| c.side != side && s.demoralized[*i])
            .count() as i32;
        let enemy_depots: Vec<usize> = self
            .data
            .board
            .depots
            .iter()
            .enumerate()
            .filter(|(_, d)| d.1 != side)
            .map(|(i, _)| i)
            .collect();
        let depots = i32::from(
            !enemy_depots.is_empty() && enemy_depots.iter().all(|&i| s.depot_holder[i] == side),
        );
        corps + depots
    }

    /// 13.0 After the last Game Turn: the side with more Victory Points wins; a tie is a draw, or
    /// goes to the scenario's draw winner (Leuthen: the Austrians).
    pub(crate) fn final_victory(&self, s: &mut State, ev: &mut Vec<Event>) {
        let a = self.victory_points(s, Side::A);
        let b = self.victory_points(s, Side::B);
        let winner = match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(Side::A),
            std::cmp::Ordering::Less => Some(Side::B),
            std::cmp::Ordering::Equal => self.data.draw_winner,
        };
        let kind = if a == b && winner.is_some() {
            "draw-rule"
        } else {
            "points"
        };
        self.end_game(s, winner, kind, ev);
    }

    pub(crate) fn end_game(
        &self,
        s: &mut State,
        winner: Option<Side>,
        kind: &str,
        ev: &mut Vec<Event>,
    ) {
        let points = [
            self.victory_points(s, Side::A),
            self.victory_points(s, Side::B),
        ];
        s.ending = Some(Ending {
            winner,
            kind: kind.to_string(),
            points,
        });
        s.stage = Stage::Over;
        s.mover = None;
        ev.push(Event::public(What::GameOver {
            winner,
            kind: kind.to_string(),
            points,
        }));
    }

    /// Exclusive 13.0 A depot belongs to the last side with a piece in it. RULING: a piece takes a
    /// depot by standing in it once its move, retreat or advance is over; passing through during
    /// a move or a retreat does not count. Any piece counts, dummies included (8.0: dummies are
    /// units in most respects; and the opponent could not tell otherwise without learning what a
    /// hidden piece is).
    pub(crate) fn update_depots(&self, s: &mut State, ev: &mut Vec<Event>) {
        let passing = |u: crate::UnitId| {
            s.mover.is_some_and(|m| m.unit == u) || s.retreat.is_some_and(|r| r.unit == u)
        };
        let mut taken = Vec::new();
        for (i, (cell, _, _)) in self.data.board.depots.iter().enumerate() {
            if let Some(u) = s.at(*cell).filter(|u| !passing(*u)) {
                let side = self.data.units[u.ix()].side;
                if s.depot_holder[i] != side {
                    taken.push((i, *cell, side));
                }
            }
        }
        for (i, depot, side) in taken {
            s.depot_holder[i] = side;
            ev.push(Event::public(What::DepotTaken { depot, side }));
        }
    }
}
