//! Records replayed: every state re-derived and checked, every event listed.

use crate::{AnyGame, EventInfo, GameExt, LoadError, Loaded, Session, load_for_record};
use coupdoeil_engine::{Outcome, Record, ReplayError, Side, StepKind, ToAct, Viewer, replay};

/// A record that replayed: its scenario, and each step with what it caused.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The scenario the record was played in.
    pub loaded: Loaded,
    /// Every step in order.
    pub steps: Vec<ReplayedStep>,
    /// The last hash of the record's chain (checked against every step by the replay).
    pub final_hash: String,
    /// How the game ended, if it did.
    pub outcome: Option<Outcome>,
}

/// One step of a replayed record.
#[derive(Clone, Debug)]
pub struct ReplayedStep {
    /// 1-based step number.
    pub number: usize,
    /// Decision or chance.
    pub kind: StepKind,
    /// The deciding side.
    pub side: Option<Side>,
    /// The action or outcome in notation.
    pub value: String,
    /// The turn and phase before the step.
    pub turn: String,
    /// What it caused: every event (the referee's view), without anonymous twins of events
    /// about hidden pieces.
    pub events: Vec<EventInfo>,
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayFailure {
    /// Its scenario cannot be loaded.
    #[error("cannot load the record's scenario: {0}")]
    Load(LoadError),
    /// A step does not match (the engine names it).
    #[error("{0}")]
    Mismatch(ReplayError),
}

impl ReplayFailure {
    /// The 1-based step at which the record goes wrong, if a step is to blame.
    #[must_use]
    pub fn step(&self) -> Option<usize> {
        match self {
            ReplayFailure::Mismatch(ReplayError::Step { step, .. }) => Some(*step),
            _ => None,
        }
    }
}

/// Finds the record's scenario (its own files, or the built-in with its id), re-derives every
/// state with the engine's [`replay`] (checking each recorded hash and the outcome), and lists
/// the events of each step.
///
/// # Errors
/// The scenario cannot be loaded, or the first step at which the record does not match.
pub fn replay_record(record: &Record) -> Result<Replayed, ReplayFailure> {
    let loaded = load_for_record(record).map_err(ReplayFailure::Load)?;
    let (steps, final_hash, outcome) = on_game!(&loaded.game, g => steps_of(g.as_ref(), record))?;
    Ok(Replayed {
        loaded,
        steps,
        final_hash,
        outcome,
    })
}

type Steps = (Vec<ReplayedStep>, String, Option<Outcome>);

fn steps_of<G: GameExt>(game: &G, record: &Record) -> Result<Steps, ReplayFailure> {
    let final_state = replay(game, record).map_err(ReplayFailure::Mismatch)?;
    // The record is sound: run it again, keeping the events.
    let mut state = game.initial_state();
    let mut out = Vec::with_capacity(record.steps.len());
    let mut events = Vec::new();
    for (i, step) in record.steps.iter().enumerate() {
        let turn = game.turn_label(&state);
        let bad = |message: String| {
            ReplayFailure::Mismatch(ReplayError::Step {
                step: i + 1,
                message,
            })
        };
        match (game.to_act(&state), step.kind) {
            (ToAct::Side(_), StepKind::Action) => {
                let a = game.parse_action(&step.value).map_err(bad)?;
                game.apply_action_unchecked(&mut state, &a, &mut events);
            }
            (ToAct::Chance, StepKind::Chance) => {
                let c = game.parse_chance(&step.value).map_err(bad)?;
                game.apply_chance_unchecked(&mut state, &c, &mut events);
            }
            _ => return Err(bad("the step does not fit the game".into())),
        }
        out.push(ReplayedStep {
            number: i + 1,
            kind: step.kind,
            side: step.side,
            value: step.value.clone(),
            turn,
            events: events
                .drain(..)
                .filter(|e| game.event_visible(e, Viewer::Referee))
                .map(|e| Session::<G>::event_info(game, i + 1, &e))
                .collect(),
        });
    }
    // A game ended outside the rules (a resignation, an agreed draw) has the ending's outcome.
    let outcome = record
        .ending
        .map_or_else(|| game.outcome(&final_state), |e| Some(e.outcome()));
    Ok((out, record.last_hash.clone(), outcome))
}
