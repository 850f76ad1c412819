//! Game records: everything needed to replay and verify a game.

use crate::{Game, Outcome, Side, ToAct};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The current record format number.
pub const RECORD_FORMAT: u32 = 1;

/// Whether a step was a side's decision or a chance outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StepKind {
    /// A side's decision.
    Action,
    /// A die roll or card draw.
    Chance,
}

/// One step of a game: who acted, what, and the state hash after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordStep {
    /// Decision or chance.
    pub kind: StepKind,
    /// The deciding side (absent for chance).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
    /// The action or outcome in the game's notation.
    pub value: String,
    /// [`hash_state`] of the state after this step.
    pub hash: String,
}

/// A complete game record (JSON on disk): scenario, rules version, seed, every action and chance
/// outcome, and the state hash after each step. Replaying needs no random number generator.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Record format number.
    pub format: u32,
    /// Rule system id.
    pub rules: String,
    /// Rules version the game was played under.
    pub rules_version: u32,
    /// Scenario id.
    pub scenario: String,
    /// The scenario's own files, when it is not a built-in scenario (file name to contents).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario_files: Option<BTreeMap<String, String>>,
    /// The seed of the match's dice.
    pub seed: u64,
    /// Hash of the initial state.
    pub initial_hash: String,
    /// Every step in order.
    pub steps: Vec<RecordStep>,
    /// How the game ended, if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

impl Record {
    /// An empty record for a game about to start.
    pub fn new<G: Game>(game: &G, seed: u64, initial: &G::State) -> Self {
        Record {
            format: RECORD_FORMAT,
            rules: game.rules_id().to_string(),
            rules_version: game.rules_version(),
            scenario: game.scenario_id().to_string(),
            scenario_files: None,
            seed,
            initial_hash: hash_state(initial),
            steps: Vec::new(),
            outcome: None,
        }
    }
}

/// A stable 64-bit hash of a state (FNV-1a over its JSON form), as 16 hex digits. It is the same
/// on every machine and every run, because states hold only ordered collections.
#[must_use]
pub fn hash_state<S: Serialize>(state: &S) -> String {
    let bytes = serde_json::to_vec(state).unwrap_or_default();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The record is for other rules, another rules version or another scenario.
    #[error("record is for {found}, this game is {expected}")]
    WrongGame {
        /// What the game is.
        expected: String,
        /// What the record names.
        found: String,
    },
    /// The initial state differs.
    #[error("initial state hash {found} does not match {expected}")]
    InitialHash {
        /// Recomputed.
        expected: String,
        /// Recorded.
        found: String,
    },
    /// A step does not fit the game at that point.
    #[error("step {step}: {message}")]
    Step {
        /// 1-based step number.
        step: usize,
        /// What went wrong.
        message: String,
    },
}

/// Re-derives every state of `record` and checks each recorded hash. Returns the final state.
///
/// # Errors
/// The first step (1-based) at which the record does not match the game.
pub fn replay<G: Game>(game: &G, record: &Record) -> Result<G::State, ReplayError> {
    let expected = format!(
        "{} v{} {}",
        game.rules_id(),
        game.rules_version(),
        game.scenario_id()
    );
    let found = format!(
        "{} v{} {}",
        record.rules, record.rules_version, record.scenario
    );
    if expected != found {
        return Err(ReplayError::WrongGame { expected, found });
    }
    let mut state = game.initial_state();
    let h = hash_state(&state);
    if h != record.initial_hash {
        return Err(ReplayError::InitialHash {
            expected: h,
            found: record.initial_hash.clone(),
        });
    }
    let mut events = Vec::new();
    let mut legal = Vec::new();
    for (i, step) in record.steps.iter().enumerate() {
        let n = i + 1;
        let err = |message: String| ReplayError::Step { step: n, message };
        match (game.to_act(&state), step.kind) {
            (ToAct::Side(side), StepKind::Action) => {
                if step.side != Some(side) {
                    return Err(err(format!(
                        "recorded side {:?} but {side:?} was to act",
                        step.side
                    )));
                }
                let action = game.parse_action(&step.value).map_err(&err)?;
                game.legal_actions(&state, &mut legal);
                if legal.binary_search(&action).is_err() {
                    return Err(err(format!("action `{}` is not legal here", step.value)));
                }
                game.apply_action_unchecked(&mut state, &action, &mut events);
            }
            (ToAct::Chance, StepKind::Chance) => {
                let outcome = game.parse_chance(&step.value).map_err(&err)?;
                let dist = game.chance(&state);
                if !dist.outcomes().iter().any(|(o, _)| *o == outcome) {
                    return Err(err(format!("outcome `{}` is impossible here", step.value)));
                }
                game.apply_chance_unchecked(&mut state, &outcome, &mut events);
            }
            (to_act, kind) => {
                return Err(err(format!(
                    "recorded a {kind:?} step but the game expects {to_act:?}"
                )));
            }
        }
        events.clear();
        let h = hash_state(&state);
        if h != step.hash {
            return Err(err(format!(
                "state hash {h} differs from the recorded {}",
                step.hash
            )));
        }
    }
    if let Some(recorded) = &record.outcome
        && game.outcome(&state).as_ref() != Some(recorded)
    {
        return Err(ReplayError::Step {
            step: record.steps.len(),
            message: "the recorded outcome differs from the replayed one".into(),
        });
    }
    Ok(state)
}
