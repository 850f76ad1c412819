//! A provisional position score for the agents ([`Evaluate`]), so that the front ends can offer
//! the computer players before the AI work on this rule system lands: victory points first,
//! then Army Morale and the steps each army still has on the map. The AI's own evaluation
//! replaces this one.

use crate::PrussiasGlory;
use crate::state::State;
use coupdoeil_engine::{Evaluate, Side};

impl Evaluate for PrussiasGlory {
    fn evaluate(&self, s: &State, side: Side) -> i32 {
        if let Some(e) = &s.ending {
            return match e.winner {
                Some(w) if w == side => 1_000_000,
                Some(_) => -1_000_000,
                None => 0,
            };
        }
        let vp = self.victory_points(s);
        let steps = |x: Side| -> i32 {
            s.troops
                .iter()
                .enumerate()
                .filter(|(i, t)| t.cell.is_some() && self.data.troops[*i].side == x)
                .map(|(_, t)| i32::from(t.steps))
                .sum()
        };
        let score = |x: Side| 100 * vp[x.index()] + 10 * i32::from(s.armies[x].am) + 5 * steps(x);
        score(side) - score(side.other())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The score is zero-sum: what is good for one side is as bad for the other.
    #[test]
    fn evaluation_is_zero_sum() {
        let text = include_str!("../tests/data/field.toml");
        let charts = include_str!("../../../data/scenarios/pg/charts.toml");
        let doc =
            coupdoeil_scenario::Document::parse(&[("f.toml", text), ("c.toml", charts)]).unwrap();
        let sc = coupdoeil_scenario::Scenario::from_document(doc).unwrap();
        let g = PrussiasGlory::new(&sc).unwrap();
        let mut s = coupdoeil_engine::Game::initial_state(&g);
        s.armies[Side::A].vp = 3;
        let a = g.evaluate(&s, Side::A);
        assert!(a > 0);
        assert_eq!(a, -g.evaluate(&s, Side::B));
    }
}
