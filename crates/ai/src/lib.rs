//! Agents for Coup d'Oeil, generic over the game contract ([`Game`]).
//!
//! An [`Agent`] picks one of the legal actions for the side to act. Agents receive the full
//! state only so that they can hand it back to the game's own functions; each agent documents
//! what it reads, and none may read what its side could not see:
//!
//! - [`RandomAgent`] reads nothing: it picks uniformly among the legal actions.
//! - [`GreedyAgent`] looks one decision ahead: it applies each candidate to a clone of the state,
//!   takes the exact expectation over the chance nodes that follow (up to a small depth), and
//!   scores the results with the game's [`Evaluate`], which the game promises reads only what the
//!   side may know. For a game with hidden information, [`DeterminizedGreedy`] does the same on
//!   a few determinizations and averages.
//! - [`SearchAgent`] is information-set Monte Carlo tree search over the game's plans, with
//!   chance nodes, rollouts and budgets per decision and per player turn (see [`search`]).
//!
//! What a game offers beyond [`Game`] and [`Evaluate`] reaches the agents as [`Capabilities`].
//! Randomness comes from the caller's [`ChaCha8Rng`], so a seeded game is reproducible; time
//! comes only from a [`Clock`] the front end supplies.
//!
//! ```
//! use coupdoeil_ai::AgentSpec;
//! assert_eq!("greedy".parse::<AgentSpec>(), Ok(AgentSpec::Greedy));
//! assert_eq!(AgentSpec::Human.to_string(), "human");
//! assert_eq!("ai:4".parse::<AgentSpec>().unwrap().to_string(), "ai:4");
//! assert_eq!("mcts".parse::<AgentSpec>(), Ok(AgentSpec::mcts()));
//! assert!("clever".parse::<AgentSpec>().is_err());
//! ```
#![forbid(unsafe_code)]

mod caps;
mod greedy;
pub mod search;
mod spec;

pub use caps::{Capabilities, Clock, DeterminizeFn, PlansFn, SearchTuning, TurnFn};
#[cfg(doc)]
use coupdoeil_engine::Evaluate;
use coupdoeil_engine::{Game, Side, draw_below};
pub use greedy::{DeterminizedGreedy, GreedyAgent, Value};
pub use rand_chacha::ChaCha8Rng;
pub use search::{PlanReport, Rollout, SearchAgent, SearchConfig, SearchStats};
pub use spec::{AgentSpec, ParseAgentError, SearchSpec, make_agent, make_agent_with};

/// A player program for games of type `G`.
pub trait Agent<G: Game>: Send {
    /// A short name for logs and summaries (`random`, `greedy`).
    fn name(&self) -> String;

    /// Picks one of `legal` (never empty: the caller only asks when `side` is to act) for
    /// `side` in `state`. Implementations must not use information `side` may not see.
    fn choose(
        &mut self,
        game: &G,
        state: &G::State,
        side: Side,
        legal: &[G::Action],
        rng: &mut ChaCha8Rng,
    ) -> G::Action;
}

/// Picks uniformly among the legal actions; reads nothing of the state.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomAgent;

impl<G: Game> Agent<G> for RandomAgent {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(
        &mut self,
        _game: &G,
        _state: &G::State,
        _side: Side,
        legal: &[G::Action],
        rng: &mut ChaCha8Rng,
    ) -> G::Action {
        legal[pick(rng, legal.len())].clone()
    }
}

/// A uniform index in `0..n` (`n > 0`), stable across `rand` versions.
#[must_use]
pub fn pick(rng: &mut ChaCha8Rng, n: usize) -> usize {
    draw_below(rng, n.max(1) as u64) as usize
}

/// Up to `k` distinct indices of `0..n`, drawn uniformly (a partial Fisher-Yates shuffle), in
/// increasing order.
#[must_use]
pub fn sample_indices(rng: &mut ChaCha8Rng, n: usize, k: usize) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..n).collect();
    if k >= n {
        return idx;
    }
    for i in 0..k {
        let j = i + pick(rng, n - i);
        idx.swap(i, j);
    }
    idx.truncate(k);
    idx.sort_unstable();
    idx
}

#[cfg(test)]
mod tests;
