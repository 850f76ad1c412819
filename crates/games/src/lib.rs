//! The registry of Coup d'Oeil's rule systems and scenarios, and a type-erased match that front
//! ends (the command line, the protocol, the web server) drive with text.
//!
//! - [`list`], [`load`] (a built-in id) and [`load_files`] (files the caller read) give a
//!   [`Loaded`] scenario; `extends` resolves against the built-ins and every problem comes back
//!   at once as [`coupdoeil_scenario::Diagnostics`].
//! - [`AnyGame`] and [`AnyMatch`] dispatch over the rule systems: legal actions with words,
//!   actions applied from their notation (refused with the reason), dice rolled or forced,
//!   observations as JSON, the events each viewer may see, the record, and a text picture of the
//!   battlefield ([`AnyMatch::render_text`]).
//! - [`replay_record`] re-derives every state of a record and lists its events.
//! - [`scenario_includes`] says which other files a scenario's `[scenario] include` names, for
//!   a caller that reads scenarios from disk.
//!
//! This crate does no I/O: it reads no files, no clock and no environment.
//!
//! ```
//! use coupdoeil_engine::{ToAct, Viewer};
//! let loaded = coupdoeil_games::load("dm-leuthen-historical").unwrap();
//! let mut m = loaded.new_match(7);
//! while m.to_act() == ToAct::Chance {
//!     m.roll().unwrap();
//! }
//! assert!(matches!(m.to_act(), ToAct::Side(_)));
//! let legal = m.legal_actions();
//! assert!(!legal.is_empty());
//! m.apply(&legal[0].notation).unwrap();
//! assert!(m.apply("fly to the moon").is_err());
//! assert!(m.render_text(Viewer::Spectator).contains("Turn 1"));
//! ```
#![forbid(unsafe_code)]

#[macro_use]
mod registry;
#[macro_use]
mod builtin;

// The registry: every rule system this program plays, once. Adding one means its module
// (`src/<rules id>/`: `GameExt` and `GameUi`, its built-in scenarios, its terminal picture)
// and one entry here.
rule_systems! { $
    /// Drums & Muskets.
    dm: Dm(coupdoeil_dm::DrumsMuskets) = "dm";
    /// Prussia's Glory.
    pg: Pg(coupdoeil_pg::PrussiasGlory) = "pg";
    /// Glory and Empire (the Soldiers Game).
    ge: Ge(coupdoeil_ge::GloryEmpire) = "ge";
}

mod include;
mod load;
mod replay;
mod session;
mod text;
mod ui;

use coupdoeil_ai::{Agent, AgentSpec, Capabilities, ChaCha8Rng, Clock, make_agent_with};
use coupdoeil_engine::{Evaluate, Game, Outcome, Record, Side, ToAct, Viewer, draw_below};
use coupdoeil_scenario::{Diagnostics, Scenario};
use rand::SeedableRng;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;

pub use builtin::builtin_file_names;
pub use include::{MAX_INCLUDE_DEPTH, scenario_includes};
pub use load::{LoadError, Loaded, ScenarioInfo, list, load, load_files, load_for_record};
pub use replay::{ReplayFailure, Replayed, ReplayedStep, replay_record};
pub use session::Session;
pub use ui::{ActionHint, GameUi, GroupMove, HEX_SIZE, Reach, ReachEnd, ReachHex};

/// What a front end needs from a rule system beyond [`Game`] and [`Evaluate`].
pub trait GameExt: Game + Evaluate + Send + Sync + 'static {
    /// The game of a validated scenario whose `rules` is this system's id (the rules crate's
    /// own checks of its data come back as diagnostics).
    ///
    /// # Errors
    /// Whatever the rule system finds wrong with the scenario.
    fn from_scenario(scenario: &Scenario) -> Result<Self, Diagnostics>;
    /// The scenario's display name.
    fn scenario_name(&self) -> &str;
    /// The id of a side (`prussian`), as scenario files and command lines spell it.
    fn side_id(&self, side: Side) -> &str;
    /// Who may see this outcome of the pending chance node in `state` (a die: everyone; a card
    /// drawn: its owner).
    fn chance_audience(&self, state: &Self::State, chance: &Self::Chance) -> Audience;
    /// The battlefield and the game's status as text for a terminal, showing only what `viewer`
    /// may see.
    fn render_text(&self, state: &Self::State, viewer: Viewer) -> String;
    /// A short label for the turn and phase (`Turn 2, Prussian Movement Phase`).
    fn turn_label(&self, state: &Self::State) -> String;
    /// What the agents may use of this game beyond [`Game`] and [`Evaluate`]: its
    /// determinization (required when it hides information), its plans and its player turns.
    fn capabilities() -> Capabilities<Self>;
    /// The capabilities for this scenario's game: [`GameExt::capabilities`], unless an optional
    /// rule the scenario plays hides information that the type's own capabilities treat as
    /// public (Glory and Empire's Limited Intelligence adds its determinization). Agents are
    /// made with these.
    fn scenario_capabilities(&self) -> Capabilities<Self> {
        Self::capabilities()
    }
    /// What a legal action costs in movement points, in half MP, where the rule system counts
    /// them (a step, a facing change); `None` otherwise.
    fn action_mp_cost_half(&self, state: &Self::State, action: &Self::Action) -> Option<u8> {
        let _ = (state, action);
        None
    }
    /// An event as plain data for programs (ids and printed hex labels, not internal indices).
    fn event_json(&self, event: &Self::Event) -> serde_json::Value {
        serde_json::to_value(event).unwrap_or(serde_json::Value::Null)
    }
    /// The decisions the rules make final (never taken back: [`Game::may_take_back`]), in
    /// words with their rule, for the messages of undo (`moves are final, 7.5`); `None` when
    /// only dice, revealed information and the opponent's decisions stop an undo.
    fn final_decisions(&self) -> Option<&'static str> {
        None
    }
    /// The pass of a side whose only legal action in `state` is to pass (decline a card
    /// window, say), which a front end may take for a person who asked for it; `None` when there
    /// is a choice or the system has no such notion (the default).
    fn lone_pass(&self, state: &Self::State) -> Option<Self::Action> {
        let _ = state;
        None
    }
}

/// Who may see something.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// Everyone, spectators included.
    Everyone,
    /// One side (and the referee).
    Only(Side),
    /// The referee alone.
    Referee,
    /// Everyone who may not see this side's private data (its opponent, spectators): the
    /// anonymous twin of an event the side itself got in full.
    AllBut(Side),
}

impl Audience {
    /// The audience of something visible to the viewers for which `visible` holds.
    pub fn of(visible: impl Fn(Viewer) -> bool) -> Audience {
        if visible(Viewer::Spectator) {
            if !visible(Viewer::Side(Side::A)) {
                Audience::AllBut(Side::A)
            } else if !visible(Viewer::Side(Side::B)) {
                Audience::AllBut(Side::B)
            } else {
                Audience::Everyone
            }
        } else if visible(Viewer::Side(Side::A)) {
            Audience::Only(Side::A)
        } else if visible(Viewer::Side(Side::B)) {
            Audience::Only(Side::B)
        } else {
            Audience::Referee
        }
    }

    /// May `viewer` see it?
    #[must_use]
    pub fn sees(self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (Audience::AllBut(s), Viewer::Side(v)) => s != v,
            (Audience::AllBut(_), Viewer::Spectator) => true,
            (Audience::AllBut(_), Viewer::Referee) => false,
            (_, Viewer::Referee) | (Audience::Everyone, _) => true,
            (Audience::Only(s), Viewer::Side(v)) => s == v,
            _ => false,
        }
    }
}

/// A legal action: its notation (what to type or send) and its description in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ActionInfo {
    /// Stable text, e.g. `step 0712`.
    pub notation: String,
    /// Words for a player, e.g. `step into 0712 (Clear) for 1 MP (7.0)`.
    pub description: String,
    /// Its cost in movement points, in half MP, for movement actions (absent for others).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mp_cost_half: Option<u8>,
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EventInfo {
    /// The record step that caused it (1-based; 0 before the first step).
    pub step: usize,
    /// In words, citing the rule.
    pub text: String,
    /// The rule system's own event, as JSON.
    pub json: serde_json::Value,
    /// Who may see it.
    pub audience: Audience,
}

/// A chance node resolved.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RollInfo {
    /// The outcome's notation (`die 4`, `draw P03`).
    pub outcome: String,
    /// Who may see the outcome itself.
    pub audience: Audience,
    /// What happened.
    pub events: Vec<EventInfo>,
}

/// A request the match refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The text names no action (or outcome) of this game.
    #[error("cannot read `{text}`: {reason}")]
    Parse {
        /// What was given.
        text: String,
        /// Why it was not understood.
        reason: String,
    },
    /// A well-formed action that is not legal now.
    #[error("`{action}` is not legal now: {reason}")]
    Illegal {
        /// The action's notation.
        action: String,
        /// Why, with the legal actions of the same kind.
        reason: String,
    },
    /// A request at the wrong moment (an action at a chance node, a roll at a decision).
    #[error("not now: {0}")]
    WrongTime(String),
    /// A forced outcome that cannot happen here.
    #[error("`{0}` cannot happen here")]
    Impossible(String),
    /// An agent built for another game.
    #[error("this agent plays another game")]
    AgentMismatch,
}

impl std::fmt::Debug for AnyAgent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AnyAgent({})", self.name())
    }
}

impl AnyAgent {
    /// The agent's name.
    #[must_use]
    pub fn name(&self) -> String {
        on_agent!(self, a => a.name())
    }
}

/// How an agent-against-agent game went.
#[derive(Clone, Debug)]
pub struct AgentGame {
    /// The full record.
    pub record: Record,
    /// The outcome, `None` if the step limit stopped the game.
    pub outcome: Option<Outcome>,
    /// Steps played (decisions and chance outcomes).
    pub steps: usize,
    /// Decisions taken by each side's program (side A first).
    pub decisions: [u64; 2],
    /// Thinking time of each side's program, all decisions together (zero without a clock).
    pub think: [std::time::Duration; 2],
    /// The longest thinking time of each side's program in one player turn (zero without a
    /// clock).
    pub max_turn_think: [std::time::Duration; 2],
    /// The player turns (set-up included) in which each side's program took a decision.
    pub turns: [u64; 2],
}

/// Options of [`AnyGame::play_agents_with`].
#[derive(Clone, Default)]
pub struct PlayOptions {
    /// A clock for the programs' time budgets and the timings of [`AgentGame`] (the library
    /// reads no clock itself).
    pub clock: Option<Clock>,
}

impl std::fmt::Debug for PlayOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PlayOptions")
            .field("clock", &self.clock.is_some())
            .finish()
    }
}

/// What one random playout did (for benchmarks).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    /// Steps (decisions and chance outcomes).
    pub steps: u64,
    /// Decisions (each one legal-action generation).
    pub decisions: u64,
    /// Whether the game ended within the step limit.
    pub finished: bool,
}

/// Decision states collected from a playout, for timing legal-action generation alone.
pub struct BenchPositions(Box<dyn PositionSet>);

impl std::fmt::Debug for BenchPositions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "BenchPositions({} positions)", self.len())
    }
}

impl BenchPositions {
    /// Generates the legal actions of every position once; returns the number of generations
    /// and of actions generated.
    #[must_use]
    pub fn generate_all(&self) -> (u64, u64) {
        self.0.generate_all()
    }

    /// Evaluates every position once for each side with the game's evaluation (what the
    /// programs' lookahead and rollouts spend most of their time on); returns the number of
    /// evaluations.
    #[must_use]
    pub fn evaluate_all(&self) -> u64 {
        self.0.evaluate_all()
    }

    /// Number of positions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The states of one game, whatever its rule system.
trait PositionSet: Send + Sync {
    fn generate_all(&self) -> (u64, u64);
    fn evaluate_all(&self) -> u64;
    fn len(&self) -> usize;
}

struct Positions<G: Game>(Arc<G>, Vec<G::State>);

impl<G: Game + Evaluate + Send + Sync> PositionSet for Positions<G> {
    fn evaluate_all(&self) -> u64 {
        for s in &self.1 {
            for side in Side::ALL {
                std::hint::black_box(self.0.evaluate(s, side));
            }
        }
        2 * self.1.len() as u64
    }

    fn generate_all(&self) -> (u64, u64) {
        let mut legal = Vec::new();
        let mut actions = 0u64;
        for s in &self.1 {
            self.0.legal_actions(s, &mut legal);
            actions += legal.len() as u64;
        }
        (self.1.len() as u64, actions)
    }

    fn len(&self) -> usize {
        self.1.len()
    }
}

/// The random number generator of stream `stream` of `seed` (stream 0 is the match's dice).
#[must_use]
pub fn rng_stream(seed: u64, stream: u64) -> ChaCha8Rng {
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    r.set_stream(stream);
    r
}

fn play_agents<G: GameExt>(
    game: &Arc<G>,
    agents: [AgentSpec; 2],
    seed: u64,
    max_steps: usize,
    files: Option<BTreeMap<String, String>>,
    options: &PlayOptions,
) -> Result<AgentGame, String> {
    let mut programs: Vec<Box<dyn Agent<G>>> = Vec::new();
    for (side, spec) in Side::ALL.into_iter().zip(agents) {
        programs.push(
            make_agent_with::<G>(spec, game.scenario_capabilities(), options.clock.clone())
                .ok_or_else(|| {
                    format!("side {} needs a program, not `{spec}`", game.side_id(side))
                })?,
        );
    }
    let clock = options.clock.as_ref();
    let mut decisions = [0u64; 2];
    let mut think = [std::time::Duration::ZERO; 2];
    let mut max_turn_think = [std::time::Duration::ZERO; 2];
    let mut turn_think = [std::time::Duration::ZERO; 2];
    let mut turn_of = [None::<u64>; 2];
    let mut turns = [0u64; 2];
    let player_turn = G::capabilities().player_turn;
    let mut rngs = [rng_stream(seed, 1), rng_stream(seed, 2)];
    let mut m = coupdoeil_engine::Match::new(game.clone(), seed);
    m.set_scenario_files(files);
    while m.steps() < max_steps {
        match m.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                m.roll().map_err(|e| e.to_string())?;
            }
            ToAct::Side(side) => {
                let legal = m.legal_actions();
                if legal.is_empty() {
                    return Err(format!(
                        "{} is to act but has no legal action",
                        game.side_name(side)
                    ));
                }
                let i = side.index();
                let turn = player_turn.map(|f| f(game.as_ref(), m.state()));
                if turn.is_none() || turn != turn_of[i] {
                    turn_of[i] = turn;
                    turn_think[i] = std::time::Duration::ZERO;
                    turns[i] += 1;
                }
                let t0 = clock.map(|c| c());
                let a = programs[i].choose(game.as_ref(), m.state(), side, &legal, &mut rngs[i]);
                if let (Some(c), Some(t0)) = (clock, t0) {
                    let dt = c().saturating_sub(t0);
                    think[i] += dt;
                    turn_think[i] += dt;
                    max_turn_think[i] = max_turn_think[i].max(turn_think[i]);
                }
                decisions[i] += 1;
                m.apply(&a).map_err(|e| {
                    format!("agent {} chose an illegal action: {e}", programs[i].name())
                })?;
            }
        }
    }
    let outcome = game.outcome(m.state());
    Ok(AgentGame {
        steps: m.steps(),
        outcome,
        record: m.record().clone(),
        decisions,
        think,
        max_turn_think,
        turns,
    })
}

/// Runs `spec`'s search at the decisions of greedy-against-greedy games until it has searched
/// `searches` decisions (for benchmarks: the caller times it).
fn bench_search<G: GameExt>(
    game: &Arc<G>,
    spec: coupdoeil_ai::SearchSpec,
    seed: u64,
    searches: u64,
) -> coupdoeil_ai::SearchStats {
    let caps = game.scenario_capabilities();
    let mut search = coupdoeil_ai::SearchAgent::new(spec.config(), caps, None);
    let mut players = [
        coupdoeil_ai::DeterminizedGreedy::new(caps),
        coupdoeil_ai::DeterminizedGreedy::new(caps),
    ];
    let mut rng = rng_stream(seed, 4);
    let mut dice = rng_stream(seed, 5);
    let mut legal = Vec::new();
    let mut events = Vec::new();
    'games: while search.stats.searches < searches {
        let mut s = game.initial_state();
        loop {
            match game.to_act(&s) {
                ToAct::Over => continue 'games,
                ToAct::Chance => {
                    let c = game.chance(&s).sample(&mut dice).clone();
                    game.apply_chance_unchecked(&mut s, &c, &mut events);
                }
                ToAct::Side(side) => {
                    game.legal_actions(&s, &mut legal);
                    if legal.is_empty() {
                        break 'games;
                    }
                    if legal.len() > 1 {
                        let _ = search.choose(game.as_ref(), &s, side, &legal, &mut rng);
                        if search.stats.searches >= searches {
                            break 'games;
                        }
                    }
                    let a = players[side.index()].choose(game.as_ref(), &s, side, &legal, &mut rng);
                    game.apply_action_unchecked(&mut s, &a, &mut events);
                }
            }
            events.clear();
        }
    }
    search.stats
}

/// The program for `spec` with the game's capabilities.
fn agent_for<G: GameExt>(
    game: &Arc<G>,
    spec: AgentSpec,
    clock: Option<Clock>,
) -> Option<Box<dyn Agent<G>>> {
    make_agent_with::<G>(spec, game.scenario_capabilities(), clock)
}

fn random_playout<G: Game>(game: &G, rng: &mut ChaCha8Rng, max_steps: u64) -> PlayoutStats {
    let mut s = game.initial_state();
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut stats = PlayoutStats::default();
    while stats.steps < max_steps {
        match game.to_act(&s) {
            ToAct::Over => {
                stats.finished = true;
                break;
            }
            ToAct::Chance => {
                let c = game.chance(&s).sample(rng).clone();
                game.apply_chance_unchecked(&mut s, &c, &mut events);
            }
            ToAct::Side(_) => {
                game.legal_actions(&s, &mut legal);
                stats.decisions += 1;
                if legal.is_empty() {
                    break;
                }
                let a = &legal[draw_below(rng, legal.len() as u64) as usize];
                game.apply_action_unchecked(&mut s, a, &mut events);
            }
        }
        events.clear();
        stats.steps += 1;
    }
    stats
}

fn bench_positions<G: Game>(game: &G, seed: u64, max: usize) -> Vec<G::State> {
    let mut rng = rng_stream(seed, 3);
    let mut out = Vec::new();
    let mut legal = Vec::new();
    let mut events = Vec::new();
    while out.len() < max {
        let mut s = game.initial_state();
        let before = out.len();
        for _ in 0..100_000 {
            match game.to_act(&s) {
                ToAct::Over => break,
                ToAct::Chance => {
                    let c = game.chance(&s).sample(&mut rng).clone();
                    game.apply_chance_unchecked(&mut s, &c, &mut events);
                }
                ToAct::Side(_) => {
                    game.legal_actions(&s, &mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    out.push(s.clone());
                    let a = &legal[draw_below(&mut rng, legal.len() as u64) as usize];
                    game.apply_action_unchecked(&mut s, a, &mut events);
                }
            }
            events.clear();
            if out.len() >= max {
                break;
            }
        }
        if out.len() == before {
            break; // a game without decisions: nothing to collect
        }
    }
    out
}

impl AnyGame {
    /// The rule system's id (`dm`).
    #[must_use]
    pub fn rules_id(&self) -> &'static str {
        on_game!(self, g => g.rules_id())
    }

    /// The scenario id.
    #[must_use]
    pub fn scenario_id(&self) -> &str {
        on_game!(self, g => g.scenario_id())
    }

    /// The scenario's display name.
    #[must_use]
    pub fn scenario_name(&self) -> &str {
        on_game!(self, g => g.scenario_name())
    }

    /// A side's display name.
    #[must_use]
    pub fn side_name(&self, side: Side) -> &str {
        on_game!(self, g => g.side_name(side))
    }

    /// A side's id.
    #[must_use]
    pub fn side_id(&self, side: Side) -> &str {
        on_game!(self, g => g.side_id(side))
    }

    /// The side named by `text`: its id or name (any case), or `A` / `B`.
    #[must_use]
    pub fn side_by_name(&self, text: &str) -> Option<Side> {
        let t = text.trim();
        Side::ALL.into_iter().find(|&s| {
            t.eq_ignore_ascii_case(self.side_id(s))
                || t.eq_ignore_ascii_case(self.side_name(s))
                || t.eq_ignore_ascii_case(if s == Side::A { "a" } else { "b" })
        })
    }

    /// A new match (without scenario files in its record: see [`Loaded::new_match`]).
    #[must_use]
    pub fn new_match(&self, seed: u64) -> AnyMatch {
        on_game!(self, g => AnyMatch::from(Session::new(g.clone(), seed)))
    }

    /// The program for `spec`, `None` for a human.
    #[must_use]
    pub fn agent(&self, spec: AgentSpec) -> Option<AnyAgent> {
        self.agent_with_clock(spec, None)
    }

    /// The program for `spec`, `None` for a human; with a clock the search agents also keep to
    /// their time budgets (without one, to their iteration budgets only).
    #[must_use]
    pub fn agent_with_clock(&self, spec: AgentSpec, clock: Option<Clock>) -> Option<AnyAgent> {
        on_game!(self, g => agent_for(g, spec, clock).map(AnyAgent::from))
    }

    /// Plays a whole game between two programs: dice from `seed` (stream 0), side A's agent
    /// from stream 1, side B's from stream 2; stops after `max_steps` steps.
    ///
    /// # Errors
    /// When a spec is `human`, or a rule system breaks its contract (no legal action for the
    /// side to act).
    pub fn play_agents(
        &self,
        agents: [AgentSpec; 2],
        seed: u64,
        max_steps: usize,
        files: Option<BTreeMap<String, String>>,
    ) -> Result<AgentGame, String> {
        self.play_agents_with(agents, seed, max_steps, files, &PlayOptions::default())
    }

    /// [`AnyGame::play_agents`] with options: a clock for time budgets and thinking times.
    ///
    /// # Errors
    /// As [`AnyGame::play_agents`].
    pub fn play_agents_with(
        &self,
        agents: [AgentSpec; 2],
        seed: u64,
        max_steps: usize,
        files: Option<BTreeMap<String, String>>,
        options: &PlayOptions,
    ) -> Result<AgentGame, String> {
        on_game!(self, g => play_agents(g, agents, seed, max_steps, files, options))
    }

    /// Runs the search of `spec` at the decisions of greedy-against-greedy games (seeded by
    /// `seed`) until it has searched `searches` decisions; returns its counters (for benchmarks:
    /// the caller times it).
    #[must_use]
    pub fn bench_search(
        &self,
        spec: coupdoeil_ai::SearchSpec,
        seed: u64,
        searches: u64,
    ) -> coupdoeil_ai::SearchStats {
        on_game!(self, g => bench_search(g, spec, seed, searches))
    }

    /// One game of uniformly random decisions through the raw game interface (no record, no
    /// hashing): for benchmarks.
    #[must_use]
    pub fn random_playout(&self, rng: &mut ChaCha8Rng, max_steps: u64) -> PlayoutStats {
        on_game!(self, g => random_playout(g.as_ref(), rng, max_steps))
    }

    /// Up to `max` decision states from random playouts, for timing legal-action generation.
    #[must_use]
    pub fn bench_positions(&self, seed: u64, max: usize) -> BenchPositions {
        on_game!(self, g => BenchPositions(Box::new(Positions(
            g.clone(),
            bench_positions(g.as_ref(), seed, max),
        ))))
    }
}

/// A side as the programs' protocols write it: `"A"` or `"B"`.
#[must_use]
pub fn side_letter(s: Side) -> &'static str {
    if s == Side::A { "A" } else { "B" }
}

impl AnyMatch {
    /// Who is to act, as the programs' protocols write it: `{"kind": "side", "side", "id",
    /// "name"}`, `{"kind": "chance"}` or `{"kind": "over", "outcome"}`.
    #[must_use]
    pub fn to_act_json(&self) -> serde_json::Value {
        match self.to_act() {
            ToAct::Side(s) => serde_json::json!({
                "kind": "side",
                "side": side_letter(s),
                "id": self.side_id(s),
                "name": self.side_name(s),
            }),
            ToAct::Chance => serde_json::json!({ "kind": "chance" }),
            ToAct::Over => serde_json::json!({ "kind": "over", "outcome": self.outcome() }),
        }
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> AnyGame {
        on_match!(self, s => AnyGame::from(s.inner().game().clone()))
    }

    /// The scenario id.
    #[must_use]
    pub fn scenario_id(&self) -> &str {
        on_match!(self, s => s.game().scenario_id())
    }

    /// The scenario's display name.
    #[must_use]
    pub fn scenario_name(&self) -> &str {
        on_match!(self, s => s.game().scenario_name())
    }

    /// A side's display name.
    #[must_use]
    pub fn side_name(&self, side: Side) -> &str {
        on_match!(self, s => s.game().side_name(side))
    }

    /// A side's id.
    #[must_use]
    pub fn side_id(&self, side: Side) -> &str {
        on_match!(self, s => s.game().side_id(side))
    }

    /// Sets the scenario files carried by the record (user scenarios).
    pub fn set_scenario_files(&mut self, files: Option<BTreeMap<String, String>>) {
        on_match!(self, s => s.set_scenario_files(files));
    }

    /// Sets the commitment to the seed carried by the record (its salt kept back until the
    /// end: see [`coupdoeil_engine::SeedCommitment`]); call it before the first step.
    pub fn set_commitment(&mut self, c: Option<coupdoeil_engine::SeedCommitment>) {
        on_match!(self, s => s.set_commitment(c));
    }

    /// Who acts next.
    #[must_use]
    pub fn to_act(&self) -> ToAct {
        on_match!(self, s => s.to_act())
    }

    /// The legal actions now.
    #[must_use]
    pub fn legal_actions(&self) -> Vec<ActionInfo> {
        on_match!(self, s => s.legal_actions())
    }

    /// Applies an action given in notation; refuses it with the reason when illegal.
    ///
    /// # Errors
    /// See [`Session::apply`].
    pub fn apply(&mut self, action: &str) -> Result<Vec<EventInfo>, PlayError> {
        on_match!(self, s => s.apply(action))
    }

    /// Rolls the pending chance node with the match's dice.
    ///
    /// # Errors
    /// When the game is not at a chance node.
    pub fn roll(&mut self) -> Result<RollInfo, PlayError> {
        on_match!(self, s => s.roll())
    }

    /// Applies a chosen chance outcome (`die 3`).
    ///
    /// # Errors
    /// When the game is not at a chance node or the outcome is impossible.
    pub fn force(&mut self, outcome: &str) -> Result<RollInfo, PlayError> {
        on_match!(self, s => s.force(outcome))
    }

    /// What `viewer` may know, as JSON.
    #[must_use]
    pub fn observe(&self, viewer: Viewer) -> serde_json::Value {
        on_match!(self, s => s.observe(viewer))
    }

    /// The events of steps `from_step..` that `viewer` may see.
    #[must_use]
    pub fn events(&self, viewer: Viewer, from_step: usize) -> Vec<EventInfo> {
        on_match!(self, s => s.events(viewer, from_step))
    }

    /// Number of events logged so far (all viewers).
    #[must_use]
    pub fn event_count(&self) -> usize {
        on_match!(self, s => s.event_count())
    }

    /// Events with log index `from..` that `viewer` may see (a cursor over [`AnyMatch::event_count`]).
    #[must_use]
    pub fn events_after(&self, viewer: Viewer, from: usize) -> Vec<EventInfo> {
        on_match!(self, s => s.events_after(viewer, from))
    }

    /// The record so far.
    #[must_use]
    pub fn record(&self) -> Record {
        on_match!(self, s => s.record().clone())
    }

    /// Steps played.
    #[must_use]
    pub fn steps(&self) -> usize {
        on_match!(self, s => s.inner().steps())
    }

    /// The 1-based number of `side`'s latest decision (0 when it has made none).
    #[must_use]
    pub fn last_decision(&self, side: Side) -> usize {
        on_match!(self, s => s
            .record()
            .steps
            .iter()
            .rposition(|st| st.side == Some(side))
            .map_or(0, |i| i + 1))
    }

    /// The outcome once over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        on_match!(self, s => s.outcome())
    }

    /// How many of `side`'s latest decisions [`AnyMatch::undo`] may take back.
    #[must_use]
    pub fn undoable(&self, side: Side) -> usize {
        on_match!(self, s => s.undoable(side))
    }

    /// Takes back `side`'s last decision, never past a die, a card or an opponent's decision.
    pub fn undo(&mut self, side: Side) -> bool {
        on_match!(self, s => s.undo(side))
    }

    /// Lets `agent` choose for the side to act; returns the notation (not applied).
    ///
    /// # Errors
    /// When no side is to act or the agent plays another game.
    pub fn agent_choose(
        &self,
        agent: &mut AnyAgent,
        rng: &mut ChaCha8Rng,
    ) -> Result<String, PlayError> {
        on_match_agent!(self, agent, (s, a) => s.agent_choose(a.as_mut(), rng), Err(PlayError::AgentMismatch))
    }

    /// The decisions the rules make final, in words ([`GameExt::final_decisions`]).
    #[must_use]
    pub fn final_decisions(&self) -> Option<&'static str> {
        on_match!(self, s => s.game().final_decisions())
    }

    /// The notation of the pass that is the side to act's only legal action, if it is
    /// ([`GameExt::lone_pass`]).
    #[must_use]
    pub fn lone_pass(&self) -> Option<String> {
        on_match!(self, s => s.game().lone_pass(s.inner().state()).map(|a| s.game().action_notation(&a)))
    }

    /// The battlefield and status panel as text, showing only what `viewer` may see.
    #[must_use]
    pub fn render_text(&self, viewer: Viewer) -> String {
        on_match!(self, s => s.render_text(viewer))
    }

    /// A short label for the current turn and phase.
    #[must_use]
    pub fn turn_label(&self) -> String {
        on_match!(self, s => s.turn_label())
    }
}

#[cfg(test)]
mod tests;
