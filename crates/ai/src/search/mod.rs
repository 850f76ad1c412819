//! The search agent: information-set Monte Carlo tree search over plans, with chance nodes.
//!
//! Per decision (see `docs/ai.md` for the measurements behind each choice):
//!
//! 1. **Plans at the root.** The candidate plans (a unit's whole move is one plan) are computed on
//!    a determinization of the real state and ordered by a prior: the game's evaluation, for the
//!    side to act, of the state after the plan. A decision with one plan needs no search, and the
//!    later actions of a chosen plan are played without searching again.
//! 2. **Iterations.** Each iteration starts from a fresh `determinize(real state, me)`: the
//!    opponent's hidden pieces and hand are resampled, so the search only ever sees states the
//!    agent cannot tell apart from the real one. It descends the tree:
//!    - at a decision node, among the plans available in this determinization (availability
//!      counts, as in ISMCTS), with progressive widening in prior order and UCB1;
//!    - at a chance node, by sampling the exact distribution; each outcome has its own child.
//!
//!    A new node gets a rollout; it grows its own plans when visited again.
//! 3. **Rollouts** play on with a cheap policy until a number of player turns have begun since the
//!    root (or the game ends), and the game's evaluation, squashed by a logistic, gives a value in
//!    `[0, 1]` for the searching side; a finished game counts 1, ½ or 0.
//! 4. **Choice**: the most visited plan at the root. With `threads > 1` independent trees are
//!    searched in parallel (root parallelism) and their root visits added.
//!
//! Budgets are per decision and per player turn, in iterations (deterministic with a seed) and
//! optionally in time (with a [`Clock`]).

mod rollout;
mod tree;

use crate::{Agent, Capabilities, ChaCha8Rng, Clock};
use coupdoeil_engine::{Evaluate, Game, Outcome, Side, ToAct};
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use std::time::Duration;
use tree::{Edge, Tree};

pub use rollout::Rollout;

/// The settings of a [`SearchAgent`].
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// Iterations for all of the agent's decisions in one player turn.
    pub turn_iterations: u64,
    /// At most this many iterations for one decision.
    pub decision_iterations: u64,
    /// At least this many iterations for a decision (when the turn budget allows).
    pub min_iterations: u64,
    /// At most this many iterations for each candidate plan of a decision, so that small
    /// decisions do not use a large share of the turn.
    pub max_per_plan: u64,
    /// Thinking time for one player turn (only with a clock).
    pub turn_time: Option<Duration>,
    /// Thinking time for one decision (only with a clock).
    pub decision_time: Option<Duration>,
    /// Independent trees searched in parallel (root parallelism); 1 searches on the caller's
    /// thread.
    pub threads: usize,
    /// Plans asked of the game per decision.
    pub plan_limit: usize,
    /// Progressive widening: a node visited `n` times considers its best
    /// `widen_base * (n + 1) ^ widen_exponent` plans (by prior).
    pub widen_base: f64,
    /// See [`SearchConfig::widen_base`].
    pub widen_exponent: f64,
    /// The UCB1 exploration constant (values are in `[0, 1]`).
    pub exploration: f64,
    /// Weight of the prior in the selection score, fading with visits.
    pub prior_weight: f64,
    /// Leaves are evaluated when this many player turns have begun since the root (needs a
    /// player-turn function; without one, [`SearchConfig::rollout_decisions`] bounds rollouts).
    pub horizon_turns: u32,
    /// At most this many decisions per rollout.
    pub rollout_decisions: u32,
    /// The rollout policy.
    pub rollout: Rollout,
    /// Evaluation points that make a 73% (logistic of 1) value.
    pub value_scale: f64,
    /// Merge nodes that show the searching side the same observation (transpositions).
    pub transpositions: bool,
    /// After a side's plan of several actions, let the node take over the parent's other plans
    /// instead of asking the game for new ones (see `docs/ai.md`).
    pub inherit_plans: bool,
    /// Keep the subtree of the chosen plan for the next decision when it follows directly (one
    /// thread only).
    pub reuse_tree: bool,
    /// The root's priors take the exact expectation over the chance nodes a plan ends on (as
    /// [`crate::GreedyAgent`] does), instead of evaluating the position before the dice: a
    /// fire attack's prior then counts what it is likely to do.
    pub exact_root_priors: bool,
    /// In the final choice each root plan counts as if its prior had been seen this many
    /// times more (after shifting the priors by the mean gap between the searched values and
    /// the priors), and the best such estimate wins; 0 takes the most visited plan. With few
    /// iterations a decision then keeps the plan its prior prefers unless the search has seen
    /// enough to disagree.
    pub prior_visits: f64,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig::level(3)
    }
}

/// The strength levels offered to players (`ai:1` to `ai:5`).
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=5;

/// The level `mcts` stands for.
pub const DEFAULT_LEVEL: u8 = 3;

impl SearchConfig {
    /// The settings of a strength level (clamped to [`LEVELS`]).
    #[must_use]
    pub fn level(level: u8) -> Self {
        let level = level.clamp(*LEVELS.start(), *LEVELS.end());
        // The lower levels lack features as well as iterations: `ai:1` evaluates the position
        // right after each plan (no rollout), `ai:2` plays its own turn out but not the
        // opponent's reply; from `ai:3` rollouts run through the opponent's reply.
        let (turn_iterations, rollout, horizon_turns) = match level {
            1 => (200, Rollout::None, 1),
            2 => (400, Rollout::Greedy(12), 1),
            3 => (1000, Rollout::Greedy(12), 2),
            4 => (3000, Rollout::Greedy(12), 2),
            _ => (8000, Rollout::Greedy(12), 2),
        };
        SearchConfig {
            turn_iterations,
            decision_iterations: turn_iterations,
            min_iterations: 8,
            max_per_plan: (turn_iterations / 25).max(10),
            turn_time: Some(Duration::from_secs(2)),
            decision_time: None,
            threads: 1,
            plan_limit: 256,
            widen_base: 2.0,
            widen_exponent: 0.5,
            exploration: 0.7,
            prior_weight: 0.0,
            horizon_turns,
            rollout_decisions: 400,
            rollout,
            value_scale: 100.0,
            transpositions: false,
            inherit_plans: true,
            reuse_tree: true,
            exact_root_priors: false,
            prior_visits: 0.0,
        }
    }
}

/// Counters of the work done, for benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Decisions searched (with more than one plan).
    pub searches: u64,
    /// Tree iterations.
    pub iterations: u64,
    /// Rollouts (iterations that did not end on a finished game or at the horizon inside the
    /// tree).
    pub rollouts: u64,
    /// Decisions taken by the rollout policy.
    pub rollout_decisions: u64,
    /// Nodes created.
    pub nodes: u64,
    /// Sets of plans generated.
    pub plan_sets: u64,
    /// Plans given up half-way because the next action was not legal in the real game (the
    /// search then decides again; this should not happen when the game keeps the
    /// [`coupdoeil_engine::Determinize`] contract).
    pub abandoned_plans: u64,
}

impl SearchStats {
    fn add(&mut self, o: &SearchStats) {
        self.searches += o.searches;
        self.iterations += o.iterations;
        self.rollouts += o.rollouts;
        self.rollout_decisions += o.rollout_decisions;
        self.nodes += o.nodes;
        self.plan_sets += o.plan_sets;
        self.abandoned_plans += o.abandoned_plans;
    }
}

/// What a search found for one candidate plan at the root.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanReport<A> {
    /// The plan's actions.
    pub plan: Vec<A>,
    /// The prior: the game's evaluation after the plan, squashed to `[0, 1]`.
    pub prior: f64,
    /// Iterations through the plan.
    pub visits: u64,
    /// The mean value of those iterations for the searching side, in `[0, 1]`.
    pub value: f64,
}

/// The plan being carried out: its remaining actions and the state in which the next is due.
struct Pending<G: Game> {
    expected: G::State,
    rest: Vec<G::Action>,
}

/// Monte Carlo tree search with chance nodes and determinization (see the module docs).
///
/// What it reads: the real state only to sample determinizations from it (through its
/// [`Capabilities`], whose `determinize` depends only on what the side can see), to learn the
/// player turn (public), and to check that a plan it is carrying out is still on course. Every
/// state it evaluates or searches is a determinization. A game with hidden information must
/// therefore come with `determinize`.
pub struct SearchAgent<G: Game> {
    /// The settings.
    pub config: SearchConfig,
    caps: Capabilities<G>,
    clock: Option<Clock>,
    name: String,
    /// The player turn being budgeted, and what was spent in it.
    turn: Option<u64>,
    spent_iterations: u64,
    spent_time: Duration,
    pending: Option<Pending<G>>,
    reuse: Option<Reuse<G>>,
    /// Work done so far.
    pub stats: SearchStats,
}

impl<G: Game> SearchAgent<G> {
    /// A search agent with these settings and capabilities; `clock` enables time budgets.
    #[must_use]
    pub fn new(config: SearchConfig, caps: Capabilities<G>, clock: Option<Clock>) -> Self {
        SearchAgent {
            config,
            caps,
            clock,
            name: "mcts".into(),
            turn: None,
            spent_iterations: 0,
            spent_time: Duration::ZERO,
            pending: None,
            reuse: None,
            stats: SearchStats::default(),
        }
    }

    /// Sets the name shown in logs (e.g. `ai:3`).
    #[must_use]
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    fn now(&self) -> Option<Duration> {
        self.clock.as_ref().map(|c| c())
    }

    /// Whether this player turn's thinking time (less the reserve) is already spent.
    fn out_of_time(&self) -> bool {
        self.clock.is_some()
            && self
                .config
                .turn_time
                .is_some_and(|t| self.spent_time >= t - t / 10)
    }
}

/// What every iteration of one decision's search shares.
pub(crate) struct Ctx<'a, G: Game> {
    pub game: &'a G,
    pub caps: &'a Capabilities<G>,
    pub config: &'a SearchConfig,
    pub me: Side,
    pub real: &'a G::State,
    pub root_turn: Option<u64>,
}

impl<G: Game + Evaluate> Ctx<'_, G> {
    /// The value of a finished game for the searching side.
    pub fn terminal_value(&self, outcome: Option<Outcome>) -> f64 {
        match outcome.and_then(|o| o.winner) {
            Some(w) if w == self.me => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    /// The squashed evaluation of `state` for the searching side.
    pub fn leaf_value(&self, state: &G::State) -> f64 {
        let e = f64::from(self.game.evaluate(state, self.me));
        1.0 / (1.0 + (-e / self.config.value_scale.max(1e-9)).exp())
    }

    /// How many player turns have begun since the root when the turn is `key`, updating the
    /// running count.
    pub fn turn_changes(&self, state: &G::State, last: &mut Option<u64>, changes: &mut u32) {
        if let Some(f) = self.caps.player_turn {
            let k = f(self.game, state);
            if *last != Some(k) {
                if last.is_some() {
                    *changes += 1;
                }
                *last = Some(k);
            }
        }
    }
}

/// A budget for one tree.
#[derive(Clone, Copy)]
struct Budget {
    iterations: u64,
    deadline: Option<Duration>,
}

/// Runs iterations on `tree` within the budget; returns the iterations done.
fn search_tree<G: Game + Evaluate>(
    cx: &Ctx<'_, G>,
    tree: &mut Tree<G>,
    budget: Budget,
    clock: Option<&Clock>,
    seed: u64,
) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut done = 0u64;
    // With a deadline already past (the turn's time is spent) no iteration is run: the plans
    // are then chosen in the order of their priors.
    while done < budget.iterations {
        if let (Some(d), Some(c)) = (budget.deadline, clock)
            && c() >= d
        {
            break;
        }
        tree.iterate(cx, &mut rng);
        done += 1;
    }
    tree.stats.iterations = done;
    done
}

/// The tree of the last decision, kept for the next one.
struct Reuse<G: Game> {
    tree: Tree<G>,
    /// The node after the chosen plan.
    node: u32,
    /// The real state expected when the next decision comes (after the whole plan).
    expected: G::State,
}

impl<G> SearchAgent<G>
where
    G: Game + Evaluate + Sync,
{
    /// The iterations and deadline for a decision with `n_plans` candidates, given what is left
    /// of the turn.
    fn budget(&self, n_plans: usize, groups: usize, start: Option<Duration>) -> Budget {
        let c = &self.config;
        let left = c.turn_iterations.saturating_sub(self.spent_iterations);
        // Expect about one decision per group of plans still to come (a unit to move), and a
        // few more for the combat that follows.
        let share = left / (groups as u64 + 2).max(1);
        let n = n_plans as u64;
        let it = share
            .max(c.min_iterations.min(left))
            .min(c.max_per_plan.saturating_mul(n))
            .min(c.decision_iterations)
            .max(1);
        let deadline = start.and_then(|start| {
            let mut d: Option<Duration> = c.decision_time.map(|t| start + t);
            if let Some(t) = c.turn_time {
                // A tenth of the turn's time is kept back for what the budget does not count
                // (plan generation, the actions of chosen plans, a loaded machine), so that a
                // player turn stays within its time.
                let left_t = (t - t / 10).saturating_sub(self.spent_time);
                let share_t = left_t / u32::try_from(groups + 2).unwrap_or(u32::MAX);
                let end = start + share_t.max(left_t.min(Duration::from_millis(5)));
                d = Some(d.map_or(end, |x| x.min(end)));
            }
            d
        });
        Budget {
            iterations: it,
            deadline,
        }
    }

    /// Searches the decision as [`Agent::choose`] would (and counting against the same budgets)
    /// and reports every candidate plan, the chosen one first (for interfaces that show what
    /// the program thinks, and for tests).
    pub fn analyze(
        &mut self,
        game: &G,
        state: &G::State,
        side: Side,
        legal: &[G::Action],
        rng: &mut ChaCha8Rng,
    ) -> Vec<PlanReport<G::Action>> {
        self.search(game, state, side, legal, rng)
    }

    /// Searches the decision; the chosen plan comes first.
    fn search(
        &mut self,
        game: &G,
        state: &G::State,
        side: Side,
        legal: &[G::Action],
        rng: &mut ChaCha8Rng,
    ) -> Vec<PlanReport<G::Action>> {
        let single = |plan: Vec<G::Action>| {
            vec![PlanReport {
                plan,
                prior: 0.5,
                visits: 0,
                value: 0.5,
            }]
        };
        let start = self.now();
        let root_turn = self.caps.player_turn.map(|f| f(game, state));
        if root_turn.is_none() || root_turn != self.turn {
            self.turn = root_turn;
            self.spent_iterations = 0;
            self.spent_time = Duration::ZERO;
        }
        // The root's plans, from a determinization (never from the real state).
        let world = self.caps.sample(game, state, side, rng);
        if self.out_of_time() {
            // The player turn's time is spent: no plans, no tree (computing the plans' priors
            // alone costs more than a late decision may take); the best of a few legal actions
            // by the game's evaluation of the sampled state.
            let i = rollout::best_sampled(game, &world, legal, side, 12, rng, &mut Vec::new());
            return single(vec![legal[i].clone()]);
        }
        let mut plans = Vec::new();
        self.caps
            .plans_into(game, &world, self.config.plan_limit, legal, &mut plans);
        self.stats.plan_sets += 1;
        plans.retain(|p| p.first().is_some_and(|a| legal.binary_search(a).is_ok()));
        if plans.is_empty() {
            return single(vec![legal[crate::pick(rng, legal.len())].clone()]);
        }
        if plans.len() == 1 {
            return single(plans.pop().unwrap_or_default());
        }
        let threads = self.config.threads.max(1);
        let reused = self
            .reuse
            .take()
            .filter(|r| threads == 1 && self.config.reuse_tree && r.expected == *state)
            .and_then(|r| r.tree.reroot(game, r.node, side, &world));
        let root: Vec<Edge<G>> = match &reused {
            Some(t) => t.root().to_vec(),
            None => {
                let exact = self
                    .config
                    .exact_root_priors
                    .then(crate::GreedyAgent::default);
                tree::root_edges(
                    game,
                    &world,
                    side,
                    plans,
                    self.config.value_scale,
                    exact.as_ref(),
                )
            }
        };
        let groups = tree::groups(&root);
        let budget = self.budget(root.len(), groups, start);
        let cx = Ctx {
            game,
            caps: &self.caps,
            config: &self.config,
            me: side,
            real: state,
            root_turn,
        };
        let seeds: Vec<u64> = (0..threads).map(|_| rng.next_u64()).collect();
        let per_thread = Budget {
            iterations: budget.iterations.div_ceil(threads as u64),
            deadline: budget.deadline,
        };
        let clock = self.clock.as_ref();
        let mut trees: Vec<Tree<G>> = if threads == 1 {
            let mut t = reused.unwrap_or_else(|| Tree::new(side, root));
            search_tree(&cx, &mut t, per_thread, clock, seeds[0]);
            vec![t]
        } else {
            seeds
                .par_iter()
                .map(|&seed| {
                    let mut t = Tree::new(side, root.clone());
                    search_tree(&cx, &mut t, per_thread, clock, seed);
                    t
                })
                .collect()
        };
        // Add up the trees' root statistics, plan by plan.
        let mut merged: Vec<(Vec<G::Action>, f64, u64, f64)> = Vec::new();
        let mut stats = SearchStats {
            searches: 1,
            ..SearchStats::default()
        };
        for t in &trees {
            for e in t.root() {
                match merged.iter_mut().find(|m| m.0 == e.plan) {
                    Some(m) => {
                        m.2 += u64::from(e.visits);
                        m.3 += e.value;
                    }
                    None => merged.push((e.plan.clone(), e.prior, u64::from(e.visits), e.value)),
                }
            }
            stats.add(&t.stats);
        }
        self.spent_iterations += stats.iterations;
        if let (Some(s), Some(now)) = (start, self.now()) {
            self.spent_time += now.saturating_sub(s);
        }
        self.stats.add(&stats);
        // The most visited plan first; ties go to the better mean, then to the prior order.
        // With prior visits, the best estimate that blends the searched mean with the prior.
        let mut order: Vec<usize> = (0..merged.len()).collect();
        let mean = |m: &(Vec<G::Action>, f64, u64, f64)| m.3 / m.2.max(1) as f64;
        let k = self.config.prior_visits;
        if k > 0.0 {
            let estimate = blended_estimates(&merged, k);
            order.sort_by(|&a, &b| {
                estimate[b]
                    .total_cmp(&estimate[a])
                    .then(merged[b].2.cmp(&merged[a].2))
                    .then(a.cmp(&b))
            });
        } else {
            order.sort_by(|&a, &b| {
                merged[b]
                    .2
                    .cmp(&merged[a].2)
                    .then(mean(&merged[b]).total_cmp(&mean(&merged[a])))
                    .then(a.cmp(&b))
            });
        }
        let report: Vec<PlanReport<G::Action>> = order
            .into_iter()
            .map(|i| PlanReport {
                plan: merged[i].0.clone(),
                prior: merged[i].1,
                visits: merged[i].2,
                value: mean(&merged[i]),
            })
            .collect();
        // Keep the tree for the next decision if it follows from the chosen plan.
        if threads == 1
            && self.config.reuse_tree
            && let (Some(t), Some(best)) = (trees.pop(), report.first())
            && let Some(node) = t.child_of(&best.plan)
        {
            let mut expected = state.clone();
            let mut events = Vec::new();
            for a in &best.plan {
                game.apply_action_unchecked(&mut expected, a, &mut events);
                events.clear();
            }
            self.reuse = Some(Reuse {
                tree: t,
                node,
                expected,
            });
        }
        report
    }
}

/// Each root plan's estimate for the final choice with `k` prior visits: its searched values
/// and `k` pseudo-visits at its prior, shifted by the visit-weighted mean gap between the
/// searched means and the priors (a leaf after the opponent's reply is worth less than the
/// position right after the plan, for every plan alike), as one mean. Entries are (plan, prior,
/// visits, sum of values).
pub(crate) fn blended_estimates<A>(merged: &[(Vec<A>, f64, u64, f64)], k: f64) -> Vec<f64> {
    let (mut gap, mut n) = (0.0, 0.0);
    for m in merged {
        if m.2 > 0 {
            gap += m.3 - m.1 * m.2 as f64;
            n += m.2 as f64;
        }
    }
    let gap = if n > 0.0 { gap / n } else { 0.0 };
    merged
        .iter()
        .map(|m| (m.3 + k * (m.1 + gap)) / (m.2 as f64 + k))
        .collect()
}

impl<G> Agent<G> for SearchAgent<G>
where
    G: Game + Evaluate + Send + Sync,
{
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(
        &mut self,
        game: &G,
        state: &G::State,
        side: Side,
        legal: &[G::Action],
        rng: &mut ChaCha8Rng,
    ) -> G::Action {
        // Carry on with the plan chosen earlier while the game is where the plan expects.
        if let Some(p) = self.pending.take() {
            if p.expected == *state
                && let Some((next, rest)) = p.rest.split_first()
                && legal.binary_search(next).is_ok()
            {
                self.follow(game, state, next.clone(), rest.to_vec());
                return next.clone();
            }
            self.stats.abandoned_plans += 1;
        }
        if legal.len() == 1 {
            return legal[0].clone();
        }
        let report = self.search(game, state, side, legal, rng);
        let plan = report
            .into_iter()
            .next()
            .map(|r| r.plan)
            .unwrap_or_default();
        let Some((first, rest)) = plan.split_first() else {
            return legal[0].clone();
        };
        self.follow(game, state, first.clone(), rest.to_vec());
        first.clone()
    }
}

impl<G: Game> SearchAgent<G> {
    /// Remembers the rest of the plan and where it should continue. The real state is advanced
    /// by our own action only to recognise the next decision; nothing is read from it.
    fn follow(&mut self, game: &G, state: &G::State, action: G::Action, rest: Vec<G::Action>) {
        if rest.is_empty() {
            self.pending = None;
            return;
        }
        let mut expected = state.clone();
        let mut events = Vec::new();
        game.apply_action_unchecked(&mut expected, &action, &mut events);
        if matches!(game.to_act(&expected), ToAct::Side(_)) {
            self.pending = Some(Pending { expected, rest });
        } else {
            self.pending = None;
        }
    }
}
