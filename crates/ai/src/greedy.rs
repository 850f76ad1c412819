//! The greedy agent: one decision of lookahead with exact expectations over chance, on
//! determinized states when the game hides information.

use crate::{Agent, Capabilities, ChaCha8Rng, pick, sample_indices};
use coupdoeil_engine::{Evaluate, Game, Side, ToAct};
use std::cmp::Ordering;

/// An exact expected score `num / den` (`den > 0`): expectations over integer-weighted chance
/// outcomes stay exact, so ties are real ties and the choice does not depend on float rounding.
#[derive(Clone, Copy, Debug)]
pub struct Value {
    num: i128,
    den: i128,
}

impl Value {
    /// A whole score.
    #[must_use]
    pub fn whole(v: i32) -> Value {
        Value {
            num: i128::from(v),
            den: 1,
        }
    }

    /// The weighted mean of `(value, weight)` pairs (weights positive).
    #[must_use]
    pub fn mean(parts: &[(Value, u32)]) -> Value {
        let mut acc = Value { num: 0, den: 1 };
        let mut total: i128 = 0;
        for (v, w) in parts {
            let w = i128::from(*w);
            total += w;
            acc = Value {
                num: acc.num * v.den + v.num * w * acc.den,
                den: acc.den * v.den,
            }
            .reduced();
        }
        if total == 0 {
            return Value::whole(0);
        }
        Value {
            num: acc.num,
            den: acc.den * total,
        }
        .reduced()
    }

    /// The value as a float (for priors, where exactness is not needed).
    #[must_use]
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// The value rounded towards minus infinity.
    #[must_use]
    pub fn floor(self) -> i128 {
        self.num.div_euclid(self.den)
    }

    fn reduced(self) -> Value {
        let g = gcd(self.num.unsigned_abs(), self.den.unsigned_abs()).max(1) as i128;
        Value {
            num: self.num / g,
            den: self.den / g,
        }
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl PartialEq for Value {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Value {}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.num * other.den).cmp(&(other.num * self.den))
    }
}

/// One decision of lookahead: every candidate action is applied to a clone of the state; when
/// chance follows, the exact expectation over its outcomes is taken (through up to
/// `chance_depth` consecutive chance nodes); when the same side must decide again at once (a
/// unit selected, one hex stepped), up to `follow_up` further own decisions are looked at and the
/// best is taken. Results are scored with [`Evaluate::evaluate`] for the deciding side; ties are
/// broken by the random number generator.
///
/// What it reads: as an [`Agent`] on its own, the states it builds from the real one by applying
/// actions and chance outcomes, through [`Game`] and [`Evaluate`] only: that is right for games
/// without hidden information. For a game with hidden information use [`DeterminizedGreedy`]
/// (what [`crate::make_agent_with`] builds when the game can [`coupdoeil_engine::Determinize`]):
/// applying an action to the true state could reveal what the side may not see (ending a
/// movement phase runs discovery on the true hidden units).
#[derive(Clone, Copy, Debug)]
pub struct GreedyAgent {
    /// At most this many candidates are scored per decision (a random sample when there are more).
    pub max_candidates: usize,
    /// Consecutive chance nodes expanded after a candidate.
    pub chance_depth: u32,
    /// A chance node with at most this many outcomes is expanded exactly; one with more (two
    /// percentile dice: 100) is expanded over [`GreedyAgent::strata`] outcomes standing for
    /// equal shares of its weight, so that two such rolls in a row cost a hundred leaves, not
    /// ten thousand.
    pub max_exact_outcomes: usize,
    /// Outcomes standing for a chance node with more than [`GreedyAgent::max_exact_outcomes`].
    pub strata: usize,
    /// Further own decisions looked at when the side must decide again at once.
    pub follow_up: u32,
    /// Candidates sampled at each further own decision.
    pub follow_up_candidates: usize,
    /// Determinizations averaged over by [`DeterminizedGreedy`] (at least 1).
    pub determinizations: u32,
}

impl Default for GreedyAgent {
    fn default() -> Self {
        GreedyAgent {
            max_candidates: 60,
            chance_depth: 2,
            max_exact_outcomes: 32,
            strata: 10,
            follow_up: 1,
            follow_up_candidates: 12,
            determinizations: 4,
        }
    }
}

impl GreedyAgent {
    /// The value of `state` for the deciding side after a candidate: chance expanded exactly,
    /// own follow-up decisions maximised over a sample.
    fn value<G: Game + Evaluate>(
        &self,
        cx: &mut Lookahead<'_, G>,
        state: &G::State,
        chance_left: u32,
        follow_left: u32,
    ) -> Value {
        let (game, side) = (cx.game, cx.side);
        match game.to_act(state) {
            ToAct::Chance if chance_left > 0 => {
                let dist = game.chance(state);
                let outcomes = dist.outcomes();
                // Exactly (no list built: the common case, inside every rollout), or by strata.
                let mut exact;
                let mut stratified;
                let picked: &mut dyn Iterator<Item = (usize, u32)> =
                    if outcomes.len() > self.max_exact_outcomes {
                        stratified = strata(outcomes, self.strata.max(1)).into_iter();
                        &mut stratified
                    } else {
                        exact = outcomes.iter().map(|o| o.1).enumerate();
                        &mut exact
                    };
                let mut parts = Vec::with_capacity(outcomes.len().min(self.max_exact_outcomes));
                for (i, w) in picked {
                    let mut s = state.clone();
                    game.apply_chance_unchecked(&mut s, &outcomes[i].0, &mut cx.events);
                    cx.events.clear();
                    parts.push((self.value(cx, &s, chance_left - 1, follow_left), w));
                }
                Value::mean(&parts)
            }
            ToAct::Side(s) if s == side && follow_left > 0 => {
                let mut legal = Vec::new();
                game.legal_actions(state, &mut legal);
                let mut best: Option<Value> = None;
                for i in sample_indices(cx.rng, legal.len(), self.follow_up_candidates) {
                    let mut next = state.clone();
                    game.apply_action_unchecked(&mut next, &legal[i], &mut cx.events);
                    cx.events.clear();
                    let v = self.value(cx, &next, chance_left, follow_left - 1);
                    if best.is_none_or(|b| v > b) {
                        best = Some(v);
                    }
                }
                best.unwrap_or_else(|| Value::whole(game.evaluate(state, side)))
            }
            _ => Value::whole(game.evaluate(state, side)),
        }
    }
}

impl GreedyAgent {
    /// The expected evaluation of `state` for `side` over the chance nodes that follow (as a
    /// candidate is scored, without the follow-up decisions).
    pub(crate) fn expectation<G: Game + Evaluate>(
        &self,
        game: &G,
        state: &G::State,
        side: Side,
    ) -> f64 {
        if !matches!(game.to_act(state), ToAct::Chance) {
            return f64::from(game.evaluate(state, side));
        }
        // No follow-up decision is looked at, so the generator is never drawn from.
        let mut rng = <ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0);
        let mut cx = Lookahead {
            game,
            side,
            rng: &mut rng,
            events: Vec::new(),
        };
        self.value(&mut cx, state, self.chance_depth, 0).to_f64()
    }
}

/// The outcomes standing for a large chance node: its outcomes, in their order, cut into `n`
/// runs of equal total weight (as near as integers allow); each run is represented by the
/// outcome at its middle, weighted by the run's weight. Returns (outcome index, weight) pairs
/// whose weights add up to the node's.
fn strata<T>(outcomes: &[(T, u32)], n: usize) -> Vec<(usize, u32)> {
    let total: u64 = outcomes.iter().map(|(_, w)| u64::from(*w)).sum();
    let n = n as u64;
    // Runs of outcomes: first index, one past the last, weight.
    let mut runs: Vec<(usize, usize, u32)> = Vec::new();
    let mut before = 0u64;
    for (i, (_, w)) in outcomes.iter().enumerate() {
        // The stratum of this outcome's middle.
        let k = ((2 * before + u64::from(*w)) * n) / (2 * total.max(1));
        let len = runs.len() as u64;
        match runs.last_mut() {
            Some(r) if len > k => {
                r.1 = i + 1;
                r.2 += *w;
            }
            _ => runs.push((i, i + 1, *w)),
        }
        before += u64::from(*w);
    }
    runs.into_iter()
        .map(|(first, end, w)| (first + (end - first) / 2, w))
        .collect()
}

/// What a lookahead carries along: the game, the deciding side, the random numbers and a
/// scratch buffer for events.
struct Lookahead<'a, G: Game> {
    game: &'a G,
    side: Side,
    rng: &'a mut ChaCha8Rng,
    events: Vec<G::Event>,
}

impl GreedyAgent {
    /// Picks among `legal` by the mean value over `worlds` (states the side cannot tell apart
    /// from the real one; the real one itself for a game without hidden information).
    fn choose_in<G: Game + Evaluate>(
        &self,
        game: &G,
        worlds: &[G::State],
        side: Side,
        legal: &[G::Action],
        rng: &mut ChaCha8Rng,
    ) -> G::Action {
        if legal.len() == 1 {
            return legal[0].clone();
        }
        let candidates = sample_indices(rng, legal.len(), self.max_candidates.max(1));
        let mut cx = Lookahead {
            game,
            side,
            rng,
            events: Vec::new(),
        };
        let mut best: Vec<usize> = Vec::new();
        let mut best_value: Option<Value> = None;
        let mut parts = Vec::with_capacity(worlds.len());
        for i in candidates {
            parts.clear();
            for world in worlds {
                let mut s = world.clone();
                game.apply_action_unchecked(&mut s, &legal[i], &mut cx.events);
                cx.events.clear();
                parts.push((
                    self.value(&mut cx, &s, self.chance_depth, self.follow_up),
                    1,
                ));
            }
            let v = Value::mean(&parts);
            match best_value.map(|b| v.cmp(&b)) {
                None | Some(Ordering::Greater) => {
                    best_value = Some(v);
                    best.clear();
                    best.push(i);
                }
                Some(Ordering::Equal) => best.push(i),
                Some(Ordering::Less) => {}
            }
        }
        let i = best[pick(rng, best.len())];
        legal[i].clone()
    }
}

impl<G: Game + Evaluate> Agent<G> for GreedyAgent {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(
        &mut self,
        game: &G,
        state: &G::State,
        side: Side,
        legal: &[G::Action],
        rng: &mut ChaCha8Rng,
    ) -> G::Action {
        self.choose_in(game, std::slice::from_ref(state), side, legal, rng)
    }
}

/// [`GreedyAgent`] for games with hidden information: every candidate is scored on
/// [`GreedyAgent::determinizations`] states sampled from what the side can see (the game's
/// [`coupdoeil_engine::Determinize`]) and the exact mean is compared. It never applies an action
/// to the real state. With no determinization in its [`Capabilities`] it is the plain agent.
pub struct DeterminizedGreedy<G: Game> {
    /// The settings.
    pub greedy: GreedyAgent,
    /// Where the determinization comes from.
    pub caps: Capabilities<G>,
}

impl<G: Game> DeterminizedGreedy<G> {
    /// The default greedy settings with these capabilities.
    #[must_use]
    pub fn new(caps: Capabilities<G>) -> Self {
        DeterminizedGreedy {
            greedy: GreedyAgent::default(),
            caps,
        }
    }
}

impl<G: Game + Evaluate> Agent<G> for DeterminizedGreedy<G> {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(
        &mut self,
        game: &G,
        state: &G::State,
        side: Side,
        legal: &[G::Action],
        rng: &mut ChaCha8Rng,
    ) -> G::Action {
        if legal.len() == 1 {
            return legal[0].clone();
        }
        if self.caps.determinize.is_none() {
            return self
                .greedy
                .choose_in(game, std::slice::from_ref(state), side, legal, rng);
        }
        let worlds: Vec<G::State> = (0..self.greedy.determinizations.max(1))
            .map(|_| self.caps.sample(game, state, side, rng))
            .collect();
        self.greedy.choose_in(game, &worlds, side, legal, rng)
    }
}

#[cfg(test)]
mod strata_tests {
    use super::strata;

    #[test]
    fn percentile_dice_stand_as_ten_equal_strata() {
        let d100: Vec<(u8, u32)> = (0..100).map(|r| (r, 1)).collect();
        let s = strata(&d100, 10);
        assert_eq!(s.len(), 10);
        assert!(s.iter().all(|&(_, w)| w == 10), "{s:?}");
        assert_eq!(s[0].0, 5);
        assert_eq!(s[9].0, 95);
    }

    #[test]
    fn uneven_weights_keep_their_total() {
        let d: Vec<(u8, u32)> = vec![(0, 50), (1, 1), (2, 1), (3, 48)];
        let s = strata(&d, 4);
        assert_eq!(s.iter().map(|x| x.1).sum::<u32>(), 100);
        assert_eq!(s[0], (0, 50));
        assert!(s.len() <= 4);
    }
}
