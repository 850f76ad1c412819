//! What an agent may use of a game beyond [`Game`] and [`Evaluate`]: the optional capabilities
//! ([`Determinize`], [`Plans`]), a notion of player turn for budgets, and a clock.
//!
//! Rust cannot ask at run time whether a type implements a trait, so the caller that knows the
//! concrete game says which capabilities it has by filling a [`Capabilities`] with function
//! pointers ([`Capabilities::full`] for a game with all of them).

use crate::ChaCha8Rng;
#[cfg(doc)]
use coupdoeil_engine::Evaluate;
use coupdoeil_engine::{Determinize, Game, Plans, Side};
use std::sync::Arc;
use std::time::Duration;

/// Samples a state that `viewer` cannot tell apart from the given one ([`Determinize`]).
pub type DeterminizeFn<G> =
    fn(&G, &<G as Game>::State, Side, &mut ChaCha8Rng) -> <G as Game>::State;
/// Candidate plans of the side to act ([`Plans`]).
pub type PlansFn<G> = fn(&G, &<G as Game>::State, usize, &mut Vec<Vec<<G as Game>::Action>>);
/// A number that changes exactly when a new player turn begins (public information only).
pub type TurnFn<G> = fn(&G, &<G as Game>::State) -> u64;

/// Elapsed time since an arbitrary fixed moment. Supplied by front ends: the library crates read
/// no clock themselves (`ARCHITECTURE.md`), so without one an agent's budgets are counted in
/// iterations only.
pub type Clock = Arc<dyn Fn() -> Duration + Send + Sync>;

/// The optional capabilities of a game, as function pointers.
pub struct Capabilities<G: Game> {
    /// [`Determinize`]: required for any game with hidden information. Without it an agent
    /// assumes that it sees everything (a perfect-information game).
    pub determinize: Option<DeterminizeFn<G>>,
    /// [`Plans`]: whole moves as single choices. Without it every legal action is a plan.
    pub plans: Option<PlansFn<G>>,
    /// The player turn of a state, for budgets per player turn and the search horizon.
    pub player_turn: Option<TurnFn<G>>,
    /// The search settings this game plays best with, applied over a level's before the
    /// options written in an agent spec (which still win).
    pub tuning: SearchTuning,
}

/// Search settings a game may prefer over the generic levels ([`crate::SearchConfig`]), for
/// instance because its searches get few iterations a decision and its evaluation of a plan's
/// dice is worth trusting. The default leaves every level as it is.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchTuning {
    /// [`crate::SearchConfig::exact_root_priors`], when set.
    pub exact_root_priors: Option<bool>,
    /// [`crate::SearchConfig::prior_visits`], when set.
    pub prior_visits: Option<u16>,
}

impl SearchTuning {
    /// Applies these settings to a level's.
    pub fn apply(&self, c: &mut crate::SearchConfig) {
        if let Some(x) = self.exact_root_priors {
            c.exact_root_priors = x;
        }
        if let Some(k) = self.prior_visits {
            c.prior_visits = f64::from(k);
        }
    }
}

impl<G: Game> Clone for Capabilities<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Capabilities<G> {}

impl<G: Game> std::fmt::Debug for Capabilities<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Capabilities")
            .field("determinize", &self.determinize.is_some())
            .field("plans", &self.plans.is_some())
            .field("player_turn", &self.player_turn.is_some())
            .field("tuning", &self.tuning)
            .finish()
    }
}

impl<G: Game> Capabilities<G> {
    /// None: a perfect-information game whose plans are its single actions.
    #[must_use]
    pub fn none() -> Self {
        Capabilities {
            determinize: None,
            plans: None,
            player_turn: None,
            tuning: SearchTuning::default(),
        }
    }

    /// With the game's [`Determinize`].
    #[must_use]
    pub fn with_determinize(mut self) -> Self
    where
        G: Determinize,
    {
        self.determinize = Some(|g, s, v, rng| g.determinize(s, v, rng));
        self
    }

    /// With the game's [`Plans`].
    #[must_use]
    pub fn with_plans(mut self) -> Self
    where
        G: Plans,
    {
        self.plans = Some(|g, s, limit, out| g.plans(s, limit, out));
        self
    }

    /// With a player-turn function.
    #[must_use]
    pub fn with_player_turn(mut self, f: TurnFn<G>) -> Self {
        self.player_turn = Some(f);
        self
    }

    /// With search settings this game prefers ([`SearchTuning`]).
    #[must_use]
    pub fn with_tuning(mut self, tuning: SearchTuning) -> Self {
        self.tuning = tuning;
        self
    }

    /// [`Determinize`] and [`Plans`] (add the player turn with [`Capabilities::with_player_turn`]).
    #[must_use]
    pub fn full() -> Self
    where
        G: Determinize + Plans,
    {
        Capabilities::none().with_determinize().with_plans()
    }

    /// A state `viewer` cannot tell apart from `state`: the game's determinization, or a plain
    /// copy for a game without hidden information.
    pub fn sample(
        &self,
        game: &G,
        state: &G::State,
        viewer: Side,
        rng: &mut ChaCha8Rng,
    ) -> G::State {
        match self.determinize {
            Some(f) => f(game, state, viewer, rng),
            None => state.clone(),
        }
    }

    /// The candidate plans in `state` (every legal action alone when the game has no plans).
    pub fn plans_into(
        &self,
        game: &G,
        state: &G::State,
        limit: usize,
        legal: &[G::Action],
        out: &mut Vec<Vec<G::Action>>,
    ) {
        match self.plans {
            Some(f) => f(game, state, limit, out),
            None => {
                out.clear();
                out.extend(legal.iter().map(|a| vec![a.clone()]));
            }
        }
    }
}
