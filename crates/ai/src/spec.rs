//! Agent specifications as text (`human`, `random`, `greedy`, `ai:1` to `ai:5`, `mcts`), for
//! command lines, protocols and the web lobby.

use crate::search::{DEFAULT_LEVEL, LEVELS, SearchAgent, SearchConfig};
use crate::{
    Agent, Capabilities, Clock, DeterminizedGreedy, GreedyAgent, RandomAgent, SearchTuning,
};
use coupdoeil_engine::{Evaluate, Game};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AgentSpec {
    /// A person at the keyboard (or a script on stdin).
    Human,
    /// [`RandomAgent`].
    Random,
    /// [`GreedyAgent`] with its default settings (on determinized states when the game hides
    /// information).
    Greedy,
    /// [`SearchAgent`] at a strength level, perhaps with its budget changed.
    Search(SearchSpec),
}

/// A search agent's level and the settings written after it: `ai:3`, `mcts`,
/// `ai:4,iters=2000,ms=1500,threads=2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SearchSpec {
    /// The strength level, 1 to 5.
    pub level: u8,
    /// Written `mcts` (the default level) rather than `ai:N`.
    pub alias: bool,
    /// Iterations per player turn, instead of the level's.
    pub iterations: Option<u64>,
    /// Thinking time per player turn in milliseconds, instead of the level's (0: no time limit).
    pub millis: Option<u64>,
    /// Trees searched in parallel.
    pub threads: Option<u16>,
    /// The rollout instead of the level's, written `rollout=0` (judge a new leaf by the game's
    /// evaluation at once), `rollout=K` (play on with the best of `K` sampled actions),
    /// `rollout=plans` (each unit's best whole plan) or `rollout=random`.
    pub rollout: Option<crate::Rollout>,
    /// Player turns the search looks ahead (1: its own; 2: with the opponent's reply), instead
    /// of the level's.
    pub horizon: Option<u8>,
    /// Whether the root's priors take the exact expectation over the dice a plan ends on (1)
    /// or evaluate the position before them (0), instead of the level's.
    pub exact: Option<bool>,
    /// Virtual visits of the prior in the final choice (0: the most visited plan), instead of
    /// the level's.
    pub prior_visits: Option<u16>,
}

impl SearchSpec {
    /// A level with its own settings.
    #[must_use]
    pub const fn level(level: u8) -> Self {
        let level = if level < *LEVELS.start() {
            *LEVELS.start()
        } else if level > *LEVELS.end() {
            *LEVELS.end()
        } else {
            level
        };
        SearchSpec {
            level,
            alias: false,
            iterations: None,
            millis: None,
            threads: None,
            rollout: None,
            horizon: None,
            exact: None,
            prior_visits: None,
        }
    }

    /// The search settings this spec stands for, in a game without its own tuning.
    #[must_use]
    pub fn config(&self) -> SearchConfig {
        self.config_for(SearchTuning::default())
    }

    /// The search settings this spec stands for in a game with this tuning: the level's, then
    /// the game's tuning, then the options written in the spec.
    #[must_use]
    pub fn config_for(&self, tuning: SearchTuning) -> SearchConfig {
        let mut c = SearchConfig::level(self.level);
        tuning.apply(&mut c);
        if let Some(it) = self.iterations {
            c.turn_iterations = it;
            c.decision_iterations = it;
        }
        if let Some(ms) = self.millis {
            c.turn_time = (ms > 0).then(|| Duration::from_millis(ms));
        }
        if let Some(t) = self.threads {
            c.threads = usize::from(t.max(1));
        }
        if let Some(r) = self.rollout {
            c.rollout = r;
        }
        if let Some(h) = self.horizon {
            c.horizon_turns = u32::from(h.max(1));
        }
        if let Some(x) = self.exact {
            c.exact_root_priors = x;
        }
        if let Some(k) = self.prior_visits {
            c.prior_visits = f64::from(k);
        }
        c
    }
}

/// Text that names no agent.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown agent `{0}`: expected human, random, greedy, ai:1 to ai:5 or mcts (options: ai:3,iters=N,ms=N,threads=N,rollout=K|plans|random,horizon=H,exact=0|1,pv=K)"
)]
pub struct ParseAgentError(pub String);

impl FromStr for AgentSpec {
    type Err = ParseAgentError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseAgentError(s.to_string());
        let text = s.trim().to_ascii_lowercase();
        let mut parts = text.split(',').map(str::trim);
        let head = parts.next().unwrap_or("");
        let mut spec = match head {
            "human" => return parts.next().map_or(Ok(AgentSpec::Human), |_| Err(err())),
            "random" => return parts.next().map_or(Ok(AgentSpec::Random), |_| Err(err())),
            "greedy" => return parts.next().map_or(Ok(AgentSpec::Greedy), |_| Err(err())),
            "mcts" | "ai" => SearchSpec {
                alias: true,
                ..SearchSpec::level(DEFAULT_LEVEL)
            },
            _ => {
                let n = head
                    .strip_prefix("ai:")
                    .and_then(|n| n.parse::<u8>().ok())
                    .filter(|n| LEVELS.contains(n))
                    .ok_or_else(err)?;
                SearchSpec::level(n)
            }
        };
        for p in parts {
            let (k, v) = p.split_once('=').ok_or_else(err)?;
            if k.trim() == "rollout" {
                spec.rollout = Some(parse_rollout(v.trim()).ok_or_else(err)?);
                continue;
            }
            let n: u64 = v.trim().parse().map_err(|_| err())?;
            match k.trim() {
                "iters" | "iterations" if n > 0 => spec.iterations = Some(n),
                "ms" => spec.millis = Some(n),
                "threads" if n > 0 => {
                    spec.threads = Some(u16::try_from(n).map_err(|_| err())?);
                }
                "horizon" if n > 0 => {
                    spec.horizon = Some(u8::try_from(n).map_err(|_| err())?);
                }
                "exact" if n <= 1 => spec.exact = Some(n == 1),
                "pv" => spec.prior_visits = Some(u16::try_from(n).map_err(|_| err())?),
                _ => return Err(err()),
            }
        }
        Ok(AgentSpec::Search(spec))
    }
}

/// A rollout as written after `rollout=` (the inverse of [`rollout_name`]): `0` none, `K` (at
/// most 65 535) the best of `K` sampled actions, `plans` or `random`.
fn parse_rollout(v: &str) -> Option<crate::Rollout> {
    use crate::Rollout;
    match v {
        "plans" => Some(Rollout::PlanGreedy),
        "random" => Some(Rollout::Random),
        _ => match v.parse::<u16>().ok()? {
            0 => Some(Rollout::None),
            k => Some(Rollout::Greedy(usize::from(k))),
        },
    }
}

/// How a rollout is written after `rollout=`.
fn rollout_name(r: crate::Rollout) -> String {
    use crate::Rollout;
    match r {
        Rollout::None => "0".into(),
        Rollout::Greedy(k) => k.to_string(),
        Rollout::PlanGreedy => "plans".into(),
        Rollout::Random => "random".into(),
    }
}

impl fmt::Display for SearchSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.alias && self.level == DEFAULT_LEVEL {
            f.write_str("mcts")?;
        } else {
            write!(f, "ai:{}", self.level)?;
        }
        if let Some(n) = self.iterations {
            write!(f, ",iters={n}")?;
        }
        if let Some(n) = self.millis {
            write!(f, ",ms={n}")?;
        }
        if let Some(n) = self.threads {
            write!(f, ",threads={n}")?;
        }
        if let Some(r) = self.rollout {
            write!(f, ",rollout={}", rollout_name(r))?;
        }
        if let Some(n) = self.horizon {
            write!(f, ",horizon={n}")?;
        }
        if let Some(x) = self.exact {
            write!(f, ",exact={}", u8::from(x))?;
        }
        if let Some(n) = self.prior_visits {
            write!(f, ",pv={n}")?;
        }
        Ok(())
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Human => f.write_str("human"),
            AgentSpec::Random => f.write_str("random"),
            AgentSpec::Greedy => f.write_str("greedy"),
            AgentSpec::Search(s) => s.fmt(f),
        }
    }
}

impl AgentSpec {
    /// Every choice offered to players, weakest program first (for help texts and the lobby).
    pub const ALL: [AgentSpec; 8] = [
        AgentSpec::Human,
        AgentSpec::Random,
        AgentSpec::Greedy,
        AgentSpec::Search(SearchSpec::level(1)),
        AgentSpec::Search(SearchSpec::level(2)),
        AgentSpec::Search(SearchSpec::level(3)),
        AgentSpec::Search(SearchSpec::level(4)),
        AgentSpec::Search(SearchSpec::level(5)),
    ];

    /// Whether a person plays.
    #[must_use]
    pub fn is_human(self) -> bool {
        self == AgentSpec::Human
    }

    /// The default search level (`mcts`).
    #[must_use]
    pub fn mcts() -> Self {
        AgentSpec::Search(SearchSpec {
            alias: true,
            ..SearchSpec::level(DEFAULT_LEVEL)
        })
    }

    /// One line for a player choosing an opponent.
    #[must_use]
    pub fn description(self) -> String {
        match self {
            AgentSpec::Human => "a person".into(),
            AgentSpec::Random => "random legal moves".into(),
            AgentSpec::Greedy => "one move of lookahead with the game's evaluation".into(),
            AgentSpec::Search(s) => {
                let c = s.config();
                let time = c.turn_time.map_or(String::new(), |t| {
                    format!(", at most {:.1} s", t.as_secs_f64())
                });
                let looks = match (c.rollout, c.horizon_turns) {
                    (crate::Rollout::None, _) => "judges each move by the position it leaves",
                    (_, 0 | 1) => "plays its own turn out",
                    _ => "plays its turn and the opponent's reply out",
                };
                format!(
                    "tree search, level {} of 5: {} iterations per player turn{time}; {looks}",
                    s.level, c.turn_iterations
                )
            }
        }
    }
}

/// The program for a spec, for a game without hidden information (no determinization), with
/// budgets in iterations only; `None` for [`AgentSpec::Human`]. Games with hidden information
/// must use [`make_agent_with`] and their [`Capabilities`].
#[must_use]
pub fn make_agent<G>(spec: AgentSpec) -> Option<Box<dyn Agent<G>>>
where
    G: Game + Evaluate + Send + Sync + 'static,
{
    make_agent_with(spec, Capabilities::none(), None)
}

/// The program for a spec, using the game's capabilities and, for time budgets, a clock;
/// `None` for [`AgentSpec::Human`].
#[must_use]
pub fn make_agent_with<G>(
    spec: AgentSpec,
    caps: Capabilities<G>,
    clock: Option<Clock>,
) -> Option<Box<dyn Agent<G>>>
where
    G: Game + Evaluate + Send + Sync + 'static,
{
    match spec {
        AgentSpec::Human => None,
        AgentSpec::Random => Some(Box::new(RandomAgent)),
        AgentSpec::Greedy => Some(if caps.determinize.is_some() {
            Box::new(DeterminizedGreedy::new(caps))
        } else {
            Box::new(GreedyAgent::default())
        }),
        AgentSpec::Search(s) => Some(Box::new(
            SearchAgent::new(s.config_for(caps.tuning), caps, clock).named(spec.to_string()),
        )),
    }
}
