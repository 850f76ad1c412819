//! Rollout policies: how a leaf of the tree is played on until it is evaluated.

use super::Ctx;
use crate::{ChaCha8Rng, pick, sample_indices};
use coupdoeil_engine::{Evaluate, Game, Side, ToAct};

/// How the search plays on from a new leaf before evaluating it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rollout {
    /// Evaluate the leaf at once.
    None,
    /// Uniformly random legal actions.
    Random,
    /// Among a sample of this many legal actions, the one the game's evaluation likes best for
    /// the side to act (ties at random).
    Greedy(usize),
    /// Whole plans: for each group of plans sharing a first action (a unit), in random order, the
    /// plan the evaluation likes best (ties to the shortest); plans are computed once and reused
    /// while they stay legal (the other units' moves rarely spoil them). Single actions are
    /// chosen greedily.
    PlanGreedy,
}

/// A rollout runner with its scratch buffers.
pub(crate) struct Roller<G: Game> {
    legal: Vec<G::Action>,
    buf: Vec<G::Action>,
    events: Vec<G::Event>,
    plans: Vec<Vec<G::Action>>,
    scores: Vec<i32>,
    cache_side: Option<Side>,
}

/// Plans asked of the game in a rollout (all of them).
const ROLLOUT_PLAN_LIMIT: usize = 100_000;

impl<G: Game + Evaluate> Roller<G> {
    pub fn new() -> Self {
        Roller {
            legal: Vec::new(),
            buf: Vec::new(),
            events: Vec::new(),
            plans: Vec::new(),
            scores: Vec::new(),
            cache_side: None,
        }
    }

    /// Plays on from `s` and returns the value for the searching side and the number of
    /// decisions taken.
    pub fn run(
        &mut self,
        cx: &Ctx<'_, G>,
        s: &mut G::State,
        mut turn: Option<u64>,
        mut changes: u32,
        rng: &mut ChaCha8Rng,
    ) -> (f64, u64) {
        let game = cx.game;
        let c = cx.config;
        let mut decisions = 0u64;
        self.plans.clear();
        self.cache_side = None;
        loop {
            match game.to_act(s) {
                ToAct::Over => return (cx.terminal_value(game.outcome(s)), decisions),
                ToAct::Chance => {
                    let o = game.chance(s).sample(rng).clone();
                    game.apply_chance_unchecked(s, &o, &mut self.events);
                    self.events.clear();
                }
                ToAct::Side(x) => {
                    cx.turn_changes(s, &mut turn, &mut changes);
                    if cx.caps.player_turn.is_some() && changes >= c.horizon_turns {
                        break;
                    }
                    if decisions >= u64::from(c.rollout_decisions) || c.rollout == Rollout::None {
                        break;
                    }
                    decisions += 1;
                    game.legal_actions(s, &mut self.legal);
                    if self.legal.is_empty() {
                        break;
                    }
                    if self.legal.len() == 1 {
                        let a = self.legal[0].clone();
                        self.apply(game, s, &a);
                        continue;
                    }
                    match c.rollout {
                        Rollout::Random | Rollout::None => {
                            let a = self.legal[pick(rng, self.legal.len())].clone();
                            self.apply(game, s, &a);
                        }
                        Rollout::Greedy(k) => self.greedy_step(game, s, x, k, rng),
                        Rollout::PlanGreedy => {
                            if cx.caps.plans.is_some() {
                                self.plan_step(cx, s, x, rng);
                            } else {
                                self.greedy_step(game, s, x, 8, rng);
                            }
                        }
                    }
                }
            }
        }
        (cx.leaf_value(s), decisions)
    }

    fn apply(&mut self, game: &G, s: &mut G::State, a: &G::Action) {
        game.apply_action_unchecked(s, a, &mut self.events);
        self.events.clear();
    }

    /// The best of `k` sampled legal actions by the evaluation after it, for `x`.
    fn greedy_step(&mut self, game: &G, s: &mut G::State, x: Side, k: usize, rng: &mut ChaCha8Rng) {
        let i = best_sampled(game, s, &self.legal, x, k, rng, &mut self.events);
        let a = self.legal[i].clone();
        self.apply(game, s, &a);
    }

    /// One decision of the plan-greedy policy.
    fn plan_step(&mut self, cx: &Ctx<'_, G>, s: &mut G::State, x: Side, rng: &mut ChaCha8Rng) {
        let game = cx.game;
        if self.cache_side == Some(x) && self.play_cached(game, s, rng) {
            return;
        }
        cx.caps
            .plans_into(game, s, ROLLOUT_PLAN_LIMIT, &self.legal, &mut self.plans);
        self.cache_side = Some(x);
        self.scores.clear();
        for p in &self.plans {
            let mut t = s.clone();
            for a in p {
                game.apply_action_unchecked(&mut t, a, &mut self.events);
            }
            self.events.clear();
            self.scores.push(game.evaluate(&t, x));
        }
        if self.play_cached(game, s, rng) {
            return;
        }
        // Only single actions: the best of them.
        let mut best: Vec<usize> = Vec::new();
        let mut best_v = i32::MIN;
        for (i, p) in self.plans.iter().enumerate() {
            if p.len() != 1 || self.legal.binary_search(&p[0]).is_err() {
                continue;
            }
            let v = self.scores[i];
            if v > best_v {
                best_v = v;
                best.clear();
            }
            if v == best_v {
                best.push(i);
            }
        }
        let a = if best.is_empty() {
            self.legal[pick(rng, self.legal.len())].clone()
        } else {
            self.plans[best[pick(rng, best.len())]][0].clone()
        };
        self.plans.clear();
        self.apply(game, s, &a);
    }

    /// Plays the best cached plan of a random group of longer plans whose first action is legal
    /// now; `false` when there is none.
    fn play_cached(&mut self, game: &G, s: &mut G::State, rng: &mut ChaCha8Rng) -> bool {
        loop {
            let mut firsts: Vec<&G::Action> = self
                .plans
                .iter()
                .filter(|p| p.len() > 1 && self.legal.binary_search(&p[0]).is_ok())
                .map(|p| &p[0])
                .collect();
            if firsts.is_empty() {
                return false;
            }
            firsts.sort();
            firsts.dedup();
            let first = firsts[pick(rng, firsts.len())].clone();
            // The group's plans, best first (ties: shortest, then the game's order).
            let mut group: Vec<usize> = (0..self.plans.len())
                .filter(|&i| self.plans[i].len() > 1 && self.plans[i][0] == first)
                .collect();
            group.sort_by(|&a, &b| {
                self.scores[b]
                    .cmp(&self.scores[a])
                    .then(self.plans[a].len().cmp(&self.plans[b].len()))
                    .then(a.cmp(&b))
            });
            let mut done = false;
            for &i in &group {
                let mut t = s.clone();
                let mut ok = true;
                for (k, a) in self.plans[i].iter().enumerate() {
                    if k > 0 {
                        game.legal_actions(&t, &mut self.buf);
                        if self.buf.binary_search(a).is_err() {
                            ok = false;
                            break;
                        }
                    }
                    game.apply_action_unchecked(&mut t, a, &mut self.events);
                }
                self.events.clear();
                if ok {
                    *s = t;
                    done = true;
                    break;
                }
            }
            // This group is used (or spoilt): drop it.
            let (plans, scores): (Vec<_>, Vec<_>) = std::mem::take(&mut self.plans)
                .into_iter()
                .zip(std::mem::take(&mut self.scores))
                .filter(|(p, _)| p.first() != Some(&first))
                .unzip();
            self.plans = plans;
            self.scores = scores;
            if done {
                return true;
            }
        }
    }
}

/// The index in `legal` (not empty) of the best of up to `k` sampled actions by `x`'s evaluation
/// of the state after it, ties broken at random: the greedy rollout policy's step, and the
/// search's quick choice once a player turn's time is spent.
pub(crate) fn best_sampled<G: Game + Evaluate>(
    game: &G,
    s: &G::State,
    legal: &[G::Action],
    x: Side,
    k: usize,
    rng: &mut ChaCha8Rng,
    events: &mut Vec<G::Event>,
) -> usize {
    let mut best: Vec<usize> = Vec::new();
    let mut best_v = i32::MIN;
    for i in sample_indices(rng, legal.len(), k.max(1)) {
        let mut t = s.clone();
        game.apply_action_unchecked(&mut t, &legal[i], events);
        events.clear();
        let v = game.evaluate(&t, x);
        if v > best_v {
            best_v = v;
            best.clear();
        }
        if v == best_v {
            best.push(i);
        }
    }
    best[pick(rng, best.len())]
}
