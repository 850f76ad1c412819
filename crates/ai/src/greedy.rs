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
    /// Consecutive chance nodes expanded exactly after a candidate.
    pub chance_depth: u32,
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
                let mut parts = Vec::with_capacity(dist.outcomes().len());
                for (o, w) in dist.outcomes() {
                    let mut s = state.clone();
                    game.apply_chance_unchecked(&mut s, o, &mut cx.events);
                    cx.events.clear();
                    parts.push((self.value(cx, &s, chance_left - 1, follow_left), *w));
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
