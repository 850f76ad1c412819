//! Exact, integer-weighted distributions of chance outcomes.

use rand::Rng;
use serde::{Deserialize, Serialize};

/// The exact distribution of a pending chance event (a die roll, a card draw): distinct outcomes
/// with positive integer weights. No floats: the probability of an outcome is `weight / total`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Distribution<T> {
    outcomes: Vec<(T, u32)>,
}

impl<T> Distribution<T> {
    /// Builds a distribution from `(outcome, weight)` pairs. Zero weights are dropped.
    ///
    /// # Panics
    /// If no outcome has a positive weight: a chance node always has at least one outcome.
    #[must_use]
    pub fn new(outcomes: Vec<(T, u32)>) -> Self {
        let outcomes: Vec<(T, u32)> = outcomes.into_iter().filter(|(_, w)| *w > 0).collect();
        assert!(
            !outcomes.is_empty(),
            "a chance node needs at least one outcome"
        );
        Distribution { outcomes }
    }

    /// The outcomes and their weights.
    #[must_use]
    pub fn outcomes(&self) -> &[(T, u32)] {
        &self.outcomes
    }

    /// The sum of the weights.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.outcomes.iter().map(|(_, w)| u64::from(*w)).sum()
    }

    /// The outcome at position `ticket` in `0..total()`, counting weights in order.
    #[must_use]
    pub fn at(&self, mut ticket: u64) -> &T {
        for (o, w) in &self.outcomes {
            if ticket < u64::from(*w) {
                return o;
            }
            ticket -= u64::from(*w);
        }
        &self.outcomes[self.outcomes.len() - 1].0
    }

    /// Draws an outcome with exactly the stated probabilities (rejection sampling over
    /// `next_u64`, so the result does not depend on the `rand` crate's distribution code).
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> &T {
        self.at(draw_below(rng, self.total()))
    }
}

impl Distribution<u8> {
    /// A fair six-sided die: faces 1 to 6, weight 1 each.
    #[must_use]
    pub fn d6() -> Self {
        Distribution::new((1..=6).map(|f| (f, 1)).collect())
    }
}

/// A uniform integer in `0..n` (`n > 0`) by rejection sampling, stable across `rand` versions.
pub fn draw_below<R: Rng + ?Sized>(rng: &mut R, n: u64) -> u64 {
    assert!(n > 0, "draw_below needs a positive bound");
    let zone = u64::MAX - (u64::MAX % n);
    loop {
        let v = rng.next_u64();
        if v < zone {
            return v % n;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn d6_is_uniform_and_exact() {
        let d = Distribution::d6();
        assert_eq!(d.total(), 6);
        assert_eq!(*d.at(0), 1);
        assert_eq!(*d.at(5), 6);
    }

    #[test]
    fn zero_weights_are_dropped() {
        let d = Distribution::new(vec![('a', 0), ('b', 2)]);
        assert_eq!(d.outcomes().len(), 1);
        assert_eq!(*d.at(1), 'b');
    }

    #[test]
    fn sampling_covers_every_face() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let d = Distribution::d6();
        let mut seen = [0u32; 7];
        for _ in 0..600 {
            seen[usize::from(*d.sample(&mut rng))] += 1;
        }
        assert!(seen[1..].iter().all(|&n| n > 50), "{seen:?}");
    }
}
