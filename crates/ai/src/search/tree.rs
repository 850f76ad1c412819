//! The search tree: an arena of nodes reached by plans and chance outcomes from the root.
//!
//! A node stands for what happened since the root (the plans chosen and the outcomes drawn), not
//! for a state: each iteration walks it with another determinization. So a node keeps decision
//! data for each side (whoever turns out to decide there), and the plans of a decision are those
//! met on earlier visits; a plan counts as available in an iteration when it is legal in that
//! iteration's state (information-set MCTS with availability counts).

use super::Ctx;
use super::rollout::Roller;
use crate::ChaCha8Rng;
use coupdoeil_engine::{Evaluate, Game, Side, ToAct};
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hasher};

const NONE: u32 = u32::MAX;

/// At most this many decisions are descended in one iteration.
const MAX_DEPTH: usize = 2000;

/// A choice at a decision node.
#[derive(Debug)]
pub(crate) struct Edge<G: Game> {
    /// The actions, all by the side to act.
    pub plan: Vec<G::Action>,
    /// The game's evaluation after the plan for the side to act, squashed to `[0, 1]`.
    pub prior: f64,
    pub visits: u32,
    /// Sum of the values for the side to act.
    pub value: f64,
    /// Iterations in which the plan was available and within the widening window.
    pub avail: u32,
    pub child: u32,
}

impl<G: Game> Clone for Edge<G> {
    fn clone(&self) -> Self {
        Edge {
            plan: self.plan.clone(),
            prior: self.prior,
            visits: self.visits,
            value: self.value,
            avail: self.avail,
            child: self.child,
        }
    }
}

struct Decision<G: Game> {
    /// Sorted by prior, best first.
    edges: Vec<Edge<G>>,
    visits: u32,
}

struct Node<G: Game> {
    decision: [Option<Box<Decision<G>>>; 2],
    chance: Vec<(G::Chance, u32)>,
}

impl<G: Game> Node<G> {
    fn new() -> Self {
        Node {
            decision: [None, None],
            chance: Vec::new(),
        }
    }
}

/// Scores the plans by the state after each (for `side`), best first; ties keep the game's order.
pub(crate) fn root_edges<G: Game + Evaluate>(
    game: &G,
    state: &G::State,
    side: Side,
    plans: Vec<Vec<G::Action>>,
    scale: f64,
    exact: Option<&crate::GreedyAgent>,
) -> Vec<Edge<G>> {
    let mut events = Vec::new();
    let mut edges: Vec<Edge<G>> = plans
        .into_iter()
        .map(|plan| {
            let mut t = state.clone();
            for a in &plan {
                game.apply_action_unchecked(&mut t, a, &mut events);
                events.clear();
            }
            let e = match exact {
                Some(g) => g.expectation(game, &t, side),
                None => f64::from(game.evaluate(&t, side)),
            };
            Edge {
                plan,
                prior: 1.0 / (1.0 + (-e / scale.max(1e-9)).exp()),
                visits: 0,
                value: 0.0,
                avail: 0,
                child: NONE,
            }
        })
        .collect();
    edges.sort_by(|a, b| b.prior.total_cmp(&a.prior));
    edges
}

/// The number of distinct first actions among the plans (about the decisions still to come in
/// this phase: one per unit that may move).
pub(crate) fn groups<G: Game>(edges: &[Edge<G>]) -> usize {
    let mut firsts: Vec<&G::Action> = edges.iter().filter_map(|e| e.plan.first()).collect();
    firsts.sort();
    firsts.dedup();
    firsts.len()
}

/// The tree of one search.
pub(crate) struct Tree<G: Game> {
    nodes: Vec<Node<G>>,
    /// Where iterations start: node 0, or deeper when the tree is reused for the next decision.
    root: u32,
    /// The side deciding at the root.
    me: Side,
    /// Transpositions: the node of each observation hash (only when enabled).
    seen: HashMap<u64, u32>,
    roller: Roller<G>,
    legal: Vec<G::Action>,
    events: Vec<G::Event>,
    path: Vec<(u32, Side, usize)>,
    pub stats: super::SearchStats,
}

impl<G: Game + Evaluate> Tree<G> {
    pub fn new(me: Side, root: Vec<Edge<G>>) -> Self {
        let mut n = Node::new();
        n.decision[me.index()] = Some(Box::new(Decision {
            edges: root,
            visits: 0,
        }));
        Tree {
            nodes: vec![n],
            root: 0,
            me,
            seen: HashMap::new(),
            roller: Roller::new(),
            legal: Vec::new(),
            events: Vec::new(),
            path: Vec::new(),
            stats: super::SearchStats::default(),
        }
    }

    /// The root's plans with their statistics.
    pub fn root(&self) -> &[Edge<G>] {
        self.nodes[self.root as usize].decision[self.me.index()]
            .as_ref()
            .map_or(&[], |d| &d.edges[..])
    }

    /// The node reached by the root's plan `plan`, if it was expanded.
    pub fn child_of(&self, plan: &[G::Action]) -> Option<u32> {
        self.root()
            .iter()
            .find(|e| e.plan == plan)
            .map(|e| e.child)
            .filter(|&c| c != NONE)
    }

    /// Makes `node` the root for a decision of `me` (the tree of the previous decision is reused
    /// when this decision follows from it with nothing unforeseen in between). Plans that do not
    /// play out in `world` (a determinization of the new position) are dropped with their
    /// subtrees. `None` when fewer than two plans are left.
    pub fn reroot(mut self, game: &G, node: u32, me: Side, world: &G::State) -> Option<Self> {
        let d = self.nodes.get_mut(node as usize)?.decision[me.index()].as_mut()?;
        let mut legal = Vec::new();
        let mut events = Vec::new();
        d.edges.retain(|e| {
            let mut t = world.clone();
            for a in &e.plan {
                game.legal_actions(&t, &mut legal);
                if legal.binary_search(a).is_err() {
                    return false;
                }
                game.apply_action_unchecked(&mut t, a, &mut events);
                events.clear();
            }
            !e.plan.is_empty()
        });
        if d.edges.len() < 2 {
            return None;
        }
        self.root = node;
        self.me = me;
        self.stats = super::SearchStats::default();
        self.seen.clear();
        Some(self)
    }

    /// A node for `state` reached by a new path: an existing one showing the same observation
    /// (with transpositions), or a new one (`true`).
    fn new_node(&mut self, cx: &Ctx<'_, G>, state: &G::State) -> (u32, bool) {
        if cx.config.transpositions {
            let h = observation_hash(cx, state);
            if let Some(&n) = self.seen.get(&h) {
                return (n, false);
            }
            self.seen.insert(h, self.nodes.len() as u32);
        }
        self.nodes.push(Node::new());
        self.stats.nodes += 1;
        ((self.nodes.len() - 1) as u32, true)
    }

    /// One iteration: determinize, descend, roll out, back up.
    pub fn iterate(&mut self, cx: &Ctx<'_, G>, rng: &mut ChaCha8Rng) {
        let game = cx.game;
        let mut s = cx.caps.sample(game, cx.real, cx.me, rng);
        let mut node = self.root;
        let mut turn = cx.root_turn;
        let mut changes = 0u32;
        // The decision just taken, while no chance outcome has come between.
        let mut came: Option<(u32, Side, usize)> = None;
        self.path.clear();
        let value = loop {
            match game.to_act(&s) {
                ToAct::Over => break cx.terminal_value(game.outcome(&s)),
                ToAct::Chance => {
                    let outcome = game.chance(&s).sample(rng).clone();
                    game.apply_chance_unchecked(&mut s, &outcome, &mut self.events);
                    self.events.clear();
                    came = None;
                    let found = self.nodes[node as usize]
                        .chance
                        .iter()
                        .find(|(o, _)| *o == outcome)
                        .map(|x| x.1);
                    match found {
                        Some(n) => node = n,
                        None => {
                            let (n, created) = self.new_node(cx, &s);
                            self.nodes[node as usize].chance.push((outcome, n));
                            if created {
                                break self.leaf(cx, &mut s, turn, changes, rng);
                            }
                            node = n;
                        }
                    }
                }
                ToAct::Side(x) => {
                    cx.turn_changes(&s, &mut turn, &mut changes);
                    if changes >= cx.config.horizon_turns && cx.caps.player_turn.is_some() {
                        break cx.leaf_value(&s);
                    }
                    if self.path.len() >= MAX_DEPTH {
                        // A game whose decisions can cycle (turning on the spot for free):
                        // stop descending and evaluate.
                        break cx.leaf_value(&s);
                    }
                    game.legal_actions(&s, &mut self.legal);
                    if self.nodes[node as usize].decision[x.index()].is_none()
                        && !(cx.config.inherit_plans && self.inherit(node, x, came))
                    {
                        self.learn(cx, node, x, &s);
                    }
                    let mut chosen = self.select(cx, node, x, &mut s);
                    if chosen.is_none() {
                        // No plan of this node fits this determinization: learn this one's.
                        self.learn(cx, node, x, &s);
                        chosen = self.select(cx, node, x, &mut s);
                    }
                    let Some(e) = chosen else {
                        break self.leaf(cx, &mut s, turn, changes, rng);
                    };
                    self.path.push((node, x, e));
                    came = Some((node, x, e));
                    let next = self.advance(cx, node, x, e, &s);
                    if next == NONE {
                        // A new node: evaluate it by a rollout.
                        break self.leaf(cx, &mut s, turn, changes, rng);
                    }
                    node = next;
                }
            }
        };
        self.backup(cx.me, value);
    }

    /// After a plan of several actions (a unit's move) the same side decides again: give the
    /// node the parent's other plans (those of the units still to move, and the single actions)
    /// instead of asking the game again. They are checked for legality when chosen, and the node
    /// asks the game when none fits. `false` when there is nothing to inherit.
    fn inherit(&mut self, node: u32, x: Side, came: Option<(u32, Side, usize)>) -> bool {
        let Some((p, px, pe)) = came else {
            return false;
        };
        if px != x {
            return false;
        }
        let Some(parent) = self.nodes[p as usize].decision[x.index()].as_ref() else {
            return false;
        };
        let taken = &parent.edges[pe].plan;
        if taken.len() < 2 {
            return false;
        }
        let first = &taken[0];
        let edges: Vec<Edge<G>> = parent
            .edges
            .iter()
            .filter(|e| e.plan.first() != Some(first))
            .filter(|e| {
                e.plan
                    .first()
                    .is_some_and(|a| self.legal.binary_search(a).is_ok())
            })
            .map(|e| Edge {
                plan: e.plan.clone(),
                prior: e.prior,
                visits: 0,
                value: 0.0,
                avail: 0,
                child: NONE,
            })
            .collect();
        if !edges.iter().any(|e| e.plan.len() > 1) {
            return false;
        }
        self.nodes[node as usize].decision[x.index()] =
            Some(Box::new(Decision { edges, visits: 0 }));
        true
    }

    /// Adds the plans of `s` to the decision of `x` at `node` (creating it).
    fn learn(&mut self, cx: &Ctx<'_, G>, node: u32, x: Side, s: &G::State) {
        let mut plans = Vec::new();
        cx.caps
            .plans_into(cx.game, s, cx.config.plan_limit, &self.legal, &mut plans);
        self.stats.plan_sets += 1;
        let more = root_edges(cx.game, s, x, plans, cx.config.value_scale, None);
        let d = self.nodes[node as usize].decision[x.index()].get_or_insert_with(|| {
            Box::new(Decision {
                edges: Vec::new(),
                visits: 0,
            })
        });
        if d.edges.is_empty() {
            d.edges = more;
            return;
        }
        for m in more {
            if !d.edges.iter().any(|e| e.plan == m.plan) {
                d.edges.push(m);
            }
        }
        d.edges.sort_by(|a, b| b.prior.total_cmp(&a.prior));
    }

    /// Follows (or creates) the child of edge `e`; returns `NONE` when the child was created
    /// now (the caller rolls out from it).
    fn advance(&mut self, cx: &Ctx<'_, G>, node: u32, x: Side, e: usize, s: &G::State) -> u32 {
        let child = self.edge(node, x, e).child;
        if child != NONE {
            return child;
        }
        let (n, created) = self.new_node(cx, s);
        self.edge_mut(node, x, e).child = n;
        if created { NONE } else { n }
    }

    fn edge(&self, node: u32, x: Side, e: usize) -> &Edge<G> {
        &self.nodes[node as usize].decision[x.index()]
            .as_ref()
            .expect("decision")
            .edges[e]
    }

    fn edge_mut(&mut self, node: u32, x: Side, e: usize) -> &mut Edge<G> {
        &mut self.nodes[node as usize].decision[x.index()]
            .as_mut()
            .expect("decision")
            .edges[e]
    }

    fn leaf(
        &mut self,
        cx: &Ctx<'_, G>,
        s: &mut G::State,
        turn: Option<u64>,
        changes: u32,
        rng: &mut ChaCha8Rng,
    ) -> f64 {
        self.stats.rollouts += 1;
        let (v, decisions) = self.roller.run(cx, s, turn, changes, rng);
        self.stats.rollout_decisions += decisions;
        v
    }

    /// Picks a plan available in `s` by progressive widening and UCB1 and plays it on `s`;
    /// `None` when no plan of the node is available.
    fn select(&mut self, cx: &Ctx<'_, G>, node: u32, x: Side, s: &mut G::State) -> Option<usize> {
        let game = cx.game;
        let c = cx.config;
        let legal = std::mem::take(&mut self.legal);
        let d = self.nodes[node as usize].decision[x.index()]
            .as_mut()
            .expect("decision");
        let allowed =
            (c.widen_base * f64::from(d.visits + 1).powf(c.widen_exponent)).ceil() as usize;
        let allowed = allowed.max(1);
        // The available plans within the widening window, in prior order.
        let mut window: Vec<usize> = Vec::with_capacity(allowed);
        for (i, e) in d.edges.iter().enumerate() {
            if window.len() >= allowed {
                break;
            }
            if e.plan
                .first()
                .is_some_and(|a| legal.binary_search(a).is_ok())
            {
                window.push(i);
            }
        }
        let mut chosen = None;
        while !window.is_empty() {
            let pick = pick_ucb(&d.edges, &window, c.exploration, c.prior_weight);
            let i = window[pick];
            // Check the rest of the plan on a copy: later steps may not fit this world.
            let plan = &d.edges[i].plan;
            let ok = if plan.len() == 1 {
                game.apply_action_unchecked(s, &plan[0], &mut self.events);
                true
            } else {
                let mut t = s.clone();
                let mut ok = true;
                let mut buf = Vec::new();
                for (k, a) in plan.iter().enumerate() {
                    if k > 0 {
                        game.legal_actions(&t, &mut buf);
                        if buf.binary_search(a).is_err() {
                            ok = false;
                            break;
                        }
                    }
                    game.apply_action_unchecked(&mut t, a, &mut self.events);
                }
                if ok {
                    *s = t;
                }
                ok
            };
            self.events.clear();
            if ok {
                chosen = Some(i);
                break;
            }
            window.remove(pick);
        }
        if chosen.is_some() {
            for &i in &window {
                d.edges[i].avail += 1;
            }
            d.visits += 1;
        }
        self.legal = legal;
        chosen
    }

    fn backup(&mut self, me: Side, value: f64) {
        for &(node, x, e) in &self.path {
            let v = if x == me { value } else { 1.0 - value };
            let d = self.nodes[node as usize].decision[x.index()]
                .as_mut()
                .expect("decision");
            let edge = &mut d.edges[e];
            edge.visits += 1;
            edge.value += v;
        }
    }
}

/// UCB1 over the window with availability counts; unvisited plans first, in prior order. A
/// prior bonus fades as a plan is visited.
fn pick_ucb<G: Game>(edges: &[Edge<G>], window: &[usize], c: f64, w_prior: f64) -> usize {
    if let Some(k) = window.iter().position(|&i| edges[i].visits == 0) {
        return k;
    }
    let mut best = 0;
    let mut best_score = f64::NEG_INFINITY;
    for (k, &i) in window.iter().enumerate() {
        let e = &edges[i];
        let n = f64::from(e.visits);
        let avail = f64::from(e.avail.max(1));
        let score = e.value / n + c * (avail.ln() / n).sqrt() + w_prior * e.prior / (n + 1.0);
        if score > best_score {
            best_score = score;
            best = k;
        }
    }
    best
}

/// A hash of what the searching side sees of `state` (for transpositions).
fn observation_hash<G: Game>(cx: &Ctx<'_, G>, state: &G::State) -> u64 {
    use std::fmt::Write as _;
    struct W(DefaultHasher);
    impl std::fmt::Write for W {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.0.write(s.as_bytes());
            Ok(())
        }
    }
    let obs = cx
        .game
        .observe(state, coupdoeil_engine::Viewer::Side(cx.me));
    let mut w = W(DefaultHasher::new());
    let _ = write!(w, "{obs:?}|{:?}", cx.game.to_act(state));
    // The legal actions too: an observation may leave out details of the side's own procedure
    // in progress (how far its moving unit has turned) that decide what it may do.
    if let ToAct::Side(x) = cx.game.to_act(state)
        && x == cx.me
    {
        let mut legal = Vec::new();
        cx.game.legal_actions(state, &mut legal);
        let _ = write!(w, "|{legal:?}");
    }
    w.0.finish()
}
