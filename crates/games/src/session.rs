//! A match of one concrete game, with the event log and the text interface the front ends use.

use crate::{ActionInfo, Audience, EventInfo, GameExt, PlayError, RollInfo};
use coupdoeil_ai::{Agent, ChaCha8Rng};
use coupdoeil_engine::{Match, MatchError, Outcome, Record, Side, ToAct, Viewer};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A [`Match`] plus every event so far (with the step that caused it), so that each viewer can be
/// shown what it may see.
#[derive(Clone, Debug)]
pub struct Session<G: GameExt> {
    m: Match<G>,
    log: Vec<(usize, G::Event)>,
}

impl<G: GameExt> Session<G> {
    /// A new match with dice seeded by `seed`.
    #[must_use]
    pub fn new(game: Arc<G>, seed: u64) -> Self {
        Session {
            m: Match::new(game, seed),
            log: Vec::new(),
        }
    }

    /// The engine's match (state, record, dice).
    #[must_use]
    pub fn inner(&self) -> &Match<G> {
        &self.m
    }

    /// The game.
    #[must_use]
    pub fn game(&self) -> &G {
        self.m.game().as_ref()
    }

    pub(crate) fn set_scenario_files(&mut self, files: Option<BTreeMap<String, String>>) {
        self.m.set_scenario_files(files);
    }

    pub(crate) fn set_commitment(&mut self, c: Option<coupdoeil_engine::SeedCommitment>) {
        self.m.set_commitment(c);
    }

    pub(crate) fn event_info(game: &G, step: usize, e: &G::Event) -> EventInfo {
        EventInfo {
            step,
            text: game.describe_event(e),
            json: game.event_json(e),
            audience: Audience::of(|v| game.event_visible(e, v)),
        }
    }

    fn log_events(&mut self, events: Vec<G::Event>) -> Vec<EventInfo> {
        let step = self.m.steps();
        let out = events
            .iter()
            .map(|e| Self::event_info(self.game(), step, e))
            .collect();
        self.log.extend(events.into_iter().map(|e| (step, e)));
        out
    }

    /// Who acts next.
    #[must_use]
    pub fn to_act(&self) -> ToAct {
        self.m.to_act()
    }

    /// The legal actions now, in the game's order, with notation and words.
    #[must_use]
    pub fn legal_actions(&self) -> Vec<ActionInfo> {
        let g = self.game();
        self.m
            .legal_actions()
            .iter()
            .map(|a| ActionInfo {
                notation: g.action_notation(a),
                description: g.describe_action(self.m.state(), a),
                mp_cost_half: g.action_mp_cost_half(self.m.state(), a),
            })
            .collect()
    }

    fn waiting_for(&self) -> String {
        match self.to_act() {
            ToAct::Side(s) => format!("the {} player must decide", self.game().side_name(s)),
            ToAct::Chance => "the game waits for a die roll or card draw".into(),
            ToAct::Over => "the game is over".into(),
        }
    }

    /// Applies a legal action given in the game's notation.
    ///
    /// # Errors
    /// When no side is to act, the text names no action, or the action is not legal now (with
    /// the legal actions of the same kind as a hint).
    pub fn apply(&mut self, text: &str) -> Result<Vec<EventInfo>, PlayError> {
        let text = text.trim();
        if !matches!(self.to_act(), ToAct::Side(_)) {
            return Err(PlayError::WrongTime(self.waiting_for()));
        }
        let action = self
            .game()
            .parse_action(text)
            .map_err(|reason| PlayError::Parse {
                text: text.to_string(),
                reason,
            })?;
        self.apply_action(&action)
    }

    /// Applies an action after checking it against the legal list.
    ///
    /// # Errors
    /// As [`Session::apply`].
    pub fn apply_action(&mut self, action: &G::Action) -> Result<Vec<EventInfo>, PlayError> {
        match self.m.apply(action) {
            Ok(r) => Ok(self.log_events(r.events)),
            Err(MatchError::Illegal(n)) => Err(PlayError::Illegal {
                reason: self.illegal_reason(&n),
                action: n,
            }),
            Err(MatchError::WrongTime(_)) => Err(PlayError::WrongTime(self.waiting_for())),
            Err(MatchError::Impossible(n)) => Err(PlayError::Impossible(n)),
        }
    }

    fn illegal_reason(&self, notation: &str) -> String {
        let legal: Vec<String> = self
            .m
            .legal_actions()
            .iter()
            .map(|a| self.game().action_notation(a))
            .collect();
        let verb = notation.split_whitespace().next().unwrap_or("");
        let same: Vec<&str> = legal
            .iter()
            .filter(|l| l.split_whitespace().next() == Some(verb))
            .map(String::as_str)
            .collect();
        if same.is_empty() {
            let mut verbs: Vec<&str> = legal
                .iter()
                .filter_map(|l| l.split_whitespace().next())
                .collect();
            verbs.dedup();
            verbs.sort_unstable();
            verbs.dedup();
            format!(
                "no `{verb}` is legal now; the {} legal actions are of kinds: {}",
                legal.len(),
                verbs.join(", ")
            )
        } else {
            let more = if same.len() > 12 {
                format!(" (and {} more)", same.len() - 12)
            } else {
                String::new()
            };
            let shown: Vec<&str> = same.into_iter().take(12).collect();
            format!(
                "the legal `{verb}` actions now are: {}{more}",
                shown.join(", ")
            )
        }
    }

    fn roll_with(&mut self, forced: Option<G::Chance>) -> Result<RollInfo, PlayError> {
        if self.to_act() != ToAct::Chance {
            return Err(PlayError::WrongTime(self.waiting_for()));
        }
        // Who may see the outcome is decided before it is applied (a card drawn into a hand).
        let before = self.m.state().clone();
        let r = match &forced {
            Some(c) => self.m.force(c),
            None => self.m.roll(),
        };
        let r = r.map_err(|e| match e {
            MatchError::Impossible(n) => PlayError::Impossible(n),
            _ => PlayError::WrongTime(self.waiting_for()),
        })?;
        let outcome = self.game().parse_chance(&r.value).ok();
        let audience = match outcome {
            Some(c) => self.game().chance_audience(&before, &c),
            None => Audience::Referee,
        };
        let events = self.log_events(r.events);
        Ok(RollInfo {
            outcome: r.value,
            audience,
            events,
        })
    }

    /// Rolls the pending die (or draws the pending card) with the match's dice.
    ///
    /// # Errors
    /// When the game is not at a chance node.
    pub fn roll(&mut self) -> Result<RollInfo, PlayError> {
        self.roll_with(None)
    }

    /// Applies a chosen outcome of the pending chance node (`die 3`).
    ///
    /// # Errors
    /// When the game is not at a chance node, or the text names no possible outcome.
    pub fn force(&mut self, text: &str) -> Result<RollInfo, PlayError> {
        let text = text.trim();
        if self.to_act() != ToAct::Chance {
            return Err(PlayError::WrongTime(self.waiting_for()));
        }
        let c = self
            .game()
            .parse_chance(text)
            .map_err(|reason| PlayError::Parse {
                text: text.to_string(),
                reason,
            })?;
        self.roll_with(Some(c))
    }

    /// What `viewer` may know now, as JSON.
    #[must_use]
    pub fn observe(&self, viewer: Viewer) -> serde_json::Value {
        serde_json::to_value(self.game().observe(self.m.state(), viewer))
            .unwrap_or(serde_json::Value::Null)
    }

    /// The events from step `from_step` on (0: all) that `viewer` may see.
    #[must_use]
    pub fn events(&self, viewer: Viewer, from_step: usize) -> Vec<EventInfo> {
        let g = self.game();
        self.log
            .iter()
            .filter(|(step, e)| *step >= from_step && g.event_visible(e, viewer))
            .map(|(step, e)| Self::event_info(g, *step, e))
            .collect()
    }

    /// Number of logged events (for cursors of front ends).
    #[must_use]
    pub fn event_count(&self) -> usize {
        self.log.len()
    }

    /// The events with log index `from..` that `viewer` may see.
    #[must_use]
    pub fn events_after(&self, viewer: Viewer, from: usize) -> Vec<EventInfo> {
        let g = self.game();
        self.log
            .iter()
            .skip(from)
            .filter(|(_, e)| g.event_visible(e, viewer))
            .map(|(step, e)| Self::event_info(g, *step, e))
            .collect()
    }

    /// The record so far.
    #[must_use]
    pub fn record(&self) -> &Record {
        self.m.record()
    }

    /// The outcome once over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.game().outcome(self.m.state())
    }

    /// How many of `side`'s latest decisions may be taken back.
    #[must_use]
    pub fn undoable(&self, side: Side) -> usize {
        self.m.undoable(side)
    }

    /// Takes back `side`'s last decision (never past a die, a card or the opponent's decision).
    pub fn undo(&mut self, side: Side) -> bool {
        let done = self.m.undo(side);
        if done {
            let steps = self.m.steps();
            self.log.retain(|(s, _)| *s <= steps);
        }
        done
    }

    /// The battlefield in text for `viewer`.
    #[must_use]
    pub fn render_text(&self, viewer: Viewer) -> String {
        self.game().render_text(self.m.state(), viewer)
    }

    /// A short label for the current turn and phase.
    #[must_use]
    pub fn turn_label(&self) -> String {
        self.game().turn_label(self.m.state())
    }

    /// Lets `agent` choose for the side to act; returns the action's notation (not applied).
    ///
    /// # Errors
    /// When no side is to act.
    pub fn agent_choose(
        &self,
        agent: &mut dyn Agent<G>,
        rng: &mut ChaCha8Rng,
    ) -> Result<String, PlayError> {
        let ToAct::Side(side) = self.to_act() else {
            return Err(PlayError::WrongTime(self.waiting_for()));
        };
        let legal = self.m.legal_actions();
        if legal.is_empty() {
            return Err(PlayError::WrongTime(format!(
                "{} has no legal action",
                self.game().side_name(side)
            )));
        }
        let a = agent.choose(self.game(), self.m.state(), side, &legal, rng);
        Ok(self.game().action_notation(&a))
    }
}
