//! Agent specifications as text (`human`, `random`, `greedy`), for command lines and protocols.

use crate::{Agent, GreedyAgent, RandomAgent};
use coupdoeil_engine::{Evaluate, Game};
use std::fmt;
use std::str::FromStr;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AgentSpec {
    /// A person at the keyboard (or a script on stdin).
    Human,
    /// [`RandomAgent`].
    Random,
    /// [`GreedyAgent`] with its default settings.
    Greedy,
}

/// Text that names no agent.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown agent `{0}`: expected human, random or greedy")]
pub struct ParseAgentError(pub String);

impl FromStr for AgentSpec {
    type Err = ParseAgentError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "human" => Ok(AgentSpec::Human),
            "random" => Ok(AgentSpec::Random),
            "greedy" => Ok(AgentSpec::Greedy),
            _ => Err(ParseAgentError(s.to_string())),
        }
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AgentSpec::Human => "human",
            AgentSpec::Random => "random",
            AgentSpec::Greedy => "greedy",
        })
    }
}

impl AgentSpec {
    /// Every spec, for help texts.
    pub const ALL: [AgentSpec; 3] = [AgentSpec::Human, AgentSpec::Random, AgentSpec::Greedy];

    /// Whether a person plays.
    #[must_use]
    pub fn is_human(self) -> bool {
        self == AgentSpec::Human
    }
}

/// The program for a spec; `None` for [`AgentSpec::Human`].
#[must_use]
pub fn make_agent<G>(spec: AgentSpec) -> Option<Box<dyn Agent<G>>>
where
    G: Game + Evaluate + 'static,
{
    match spec {
        AgentSpec::Human => None,
        AgentSpec::Random => Some(Box::new(RandomAgent)),
        AgentSpec::Greedy => Some(Box::new(GreedyAgent::default())),
    }
}
