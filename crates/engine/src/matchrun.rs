//! The match runner: the one owner of a random number generator.

use crate::{Game, Record, StepKind, ToAct};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// Why the match refused a request.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// The action is not among the legal actions.
    #[error("illegal action `{0}`")]
    Illegal(String),
    /// A side was asked to act at a chance node or after the end, or the reverse.
    #[error("not the time for that: the game expects {0:?}")]
    WrongTime(ToAct),
    /// A forced chance outcome cannot happen here.
    #[error("impossible outcome `{0}`")]
    Impossible(String),
}

/// What one step produced.
#[derive(Clone, Debug)]
pub struct StepResult<E> {
    /// The step's notation (action or outcome).
    pub value: String,
    /// The events it caused.
    pub events: Vec<E>,
}

/// A game in progress: the state, the seeded dice and the record. Dice come only from here (or
/// are forced by the caller and recorded as such), so the record replays exactly.
#[derive(Clone, Debug)]
pub struct Match<G: Game> {
    game: Arc<G>,
    state: G::State,
    rng: ChaCha8Rng,
    record: Record,
    /// States before each of the latest undoable decisions (only those: see [`Match::undo`]).
    history: Vec<G::State>,
}

impl<G: Game> Match<G> {
    /// Starts a match with dice seeded by `seed`.
    pub fn new(game: Arc<G>, seed: u64) -> Self {
        let state = game.initial_state();
        let record = Record::new(game.as_ref(), seed, &state);
        Match {
            game,
            state,
            rng: ChaCha8Rng::seed_from_u64(seed),
            record,
            history: Vec::new(),
        }
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> &Arc<G> {
        &self.game
    }

    /// The current state (the referee's view: never hand it to a player).
    #[must_use]
    pub fn state(&self) -> &G::State {
        &self.state
    }

    /// The record so far.
    #[must_use]
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// Sets the scenario files the record carries (a scenario that is not built in), and
    /// re-chains the record's hashes over the new header.
    pub fn set_scenario_files(
        &mut self,
        files: Option<std::collections::BTreeMap<String, String>>,
    ) {
        self.record.scenario_files = files;
        self.rechain();
    }

    /// Sets the commitment to the seed the record carries (its salt still secret: `salt`
    /// `None`), and re-chains the record's hashes over the new header.
    pub fn set_commitment(&mut self, commitment: Option<crate::SeedCommitment>) {
        self.record.commitment = commitment;
        self.rechain();
    }

    /// Recomputes the header hash and every step's hash after a header field changed.
    fn rechain(&mut self) {
        let steps = std::mem::take(&mut self.record.steps);
        let outcome = self.record.outcome.take();
        let mut state = self.game.initial_state();
        self.record.rehash_header(&state);
        self.record.steps.clear();
        self.record.length = 0;
        self.record.last_hash = self.record.initial_hash.clone();
        let mut events = Vec::new();
        for st in steps {
            match st.kind {
                StepKind::Action => {
                    if let Ok(a) = self.game.parse_action(&st.value) {
                        self.game
                            .apply_action_unchecked(&mut state, &a, &mut events);
                    }
                }
                StepKind::Chance => {
                    if let Ok(c) = self.game.parse_chance(&st.value) {
                        self.game
                            .apply_chance_unchecked(&mut state, &c, &mut events);
                    }
                }
            }
            events.clear();
            self.record
                .push(st.kind, st.side, st.value, st.forced, &state);
        }
        self.record.outcome = outcome;
    }

    /// Who acts next.
    #[must_use]
    pub fn to_act(&self) -> ToAct {
        self.game.to_act(&self.state)
    }

    /// The legal actions now.
    #[must_use]
    pub fn legal_actions(&self) -> Vec<G::Action> {
        let mut v = Vec::new();
        self.game.legal_actions(&self.state, &mut v);
        v
    }

    /// The number of steps played.
    #[must_use]
    pub fn steps(&self) -> usize {
        self.record.steps.len()
    }

    fn push(&mut self, kind: StepKind, side: Option<crate::Side>, value: String, forced: bool) {
        self.record.push(kind, side, value, forced, &self.state);
        if self.game.to_act(&self.state) == ToAct::Over {
            self.record.outcome = self.game.outcome(&self.state);
        }
    }

    /// Applies a side's action after checking it against the legal list.
    ///
    /// # Errors
    /// When no side is to act or the action is not legal.
    pub fn apply(&mut self, action: &G::Action) -> Result<StepResult<G::Event>, MatchError> {
        let ToAct::Side(side) = self.to_act() else {
            return Err(MatchError::WrongTime(self.to_act()));
        };
        let value = self.game.action_notation(action);
        if !self.game.is_legal(&self.state, action) {
            return Err(MatchError::Illegal(value));
        }
        if self.undoable(side) == 0 {
            self.history.clear();
        }
        let before = self.state.clone();
        let mut events = Vec::new();
        self.game
            .apply_action_unchecked(&mut self.state, action, &mut events);
        if self.game.may_take_back(&before, action, &self.state) {
            self.history.push(before);
        } else {
            self.history.clear();
        }
        self.push(StepKind::Action, Some(side), value.clone(), false);
        Ok(StepResult { value, events })
    }

    /// Rolls the pending chance node with the match's dice.
    ///
    /// # Errors
    /// When the game is not at a chance node.
    pub fn roll(&mut self) -> Result<StepResult<G::Event>, MatchError> {
        if self.to_act() != ToAct::Chance {
            return Err(MatchError::WrongTime(self.to_act()));
        }
        let dist = self.game.chance(&self.state);
        let outcome = dist.sample(&mut self.rng).clone();
        self.apply_outcome(&outcome, false)
    }

    /// Applies a chosen outcome of the pending chance node (tests, the protocol's `force`). The
    /// record marks it as forced: it does not come from the seed's dice.
    ///
    /// # Errors
    /// When the game is not at a chance node or the outcome is impossible.
    pub fn force(&mut self, outcome: &G::Chance) -> Result<StepResult<G::Event>, MatchError> {
        if self.to_act() != ToAct::Chance {
            return Err(MatchError::WrongTime(self.to_act()));
        }
        let dist = self.game.chance(&self.state);
        if !dist.outcomes().iter().any(|(o, _)| o == outcome) {
            return Err(MatchError::Impossible(self.game.chance_notation(outcome)));
        }
        self.apply_outcome(outcome, true)
    }

    fn apply_outcome(
        &mut self,
        outcome: &G::Chance,
        forced: bool,
    ) -> Result<StepResult<G::Event>, MatchError> {
        let value = self.game.chance_notation(outcome);
        self.history.clear();
        let mut events = Vec::new();
        self.game
            .apply_chance_unchecked(&mut self.state, outcome, &mut events);
        self.push(StepKind::Chance, None, value.clone(), forced);
        Ok(StepResult { value, events })
    }

    /// Rolls every pending chance node until a side must decide or the game is over.
    pub fn roll_until_decision(&mut self) -> Vec<StepResult<G::Event>> {
        let mut out = Vec::new();
        while self.to_act() == ToAct::Chance {
            match self.roll() {
                Ok(r) => out.push(r),
                Err(_) => break,
            }
        }
        out
    }

    /// How many of the latest steps may be taken back by `side`: its own decisions since the last
    /// chance outcome, the opponent's decision, or a decision the rules do not let it take back
    /// ([`Game::may_take_back`]: e.g. one that revealed information). Undo never goes past new
    /// information.
    #[must_use]
    pub fn undoable(&self, side: crate::Side) -> usize {
        let trailing = self
            .record
            .steps
            .iter()
            .rev()
            .take_while(|s| s.kind == StepKind::Action && s.side == Some(side))
            .count();
        trailing.min(self.history.len())
    }

    /// Takes back the last step if it is a decision of `side` that [`Match::undoable`] allows.
    /// Returns whether a step was taken back.
    pub fn undo(&mut self, side: crate::Side) -> bool {
        if self.undoable(side) == 0 {
            return false;
        }
        match self.history.pop() {
            Some(prev) => {
                self.state = prev;
                self.record.pop();
                true
            }
            None => false,
        }
    }
}
