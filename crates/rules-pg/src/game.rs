//! The [`Game`] implementation: ties the chapters together.

use crate::action::{Action, Chance};
use crate::data::{self, Data};
use crate::event::Event;
use crate::observe::Observation;
use crate::state::State;
use coupdoeil_engine::{Distribution, Game, Outcome, Side, ToAct, Viewer};
use coupdoeil_scenario::{Diagnostics, Scenario};

/// Prussia's Glory bound to one scenario.
#[derive(Clone, Debug)]
pub struct PrussiasGlory {
    /// The scenario's data.
    pub data: Data,
}

impl PrussiasGlory {
    /// Builds the game from a validated scenario.
    ///
    /// # Errors
    /// Every problem in the Prussia's Glory sections of the scenario.
    pub fn new(scenario: &Scenario) -> Result<Self, Diagnostics> {
        Ok(PrussiasGlory {
            data: data::load(scenario)?,
        })
    }
}

impl Game for PrussiasGlory {
    type State = State;
    type Action = Action;
    type Chance = Chance;
    type Observation = Observation;
    type Event = Event;

    fn rules_id(&self) -> &'static str {
        "pg"
    }

    fn rules_version(&self) -> u32 {
        crate::RULES_VERSION
    }

    fn scenario_id(&self) -> &str {
        &self.data.id
    }

    fn side_name(&self, side: Side) -> &str {
        &self.data.sides[side].1
    }

    fn initial_state(&self) -> State {
        self.new_state()
    }

    fn to_act(&self, s: &State) -> ToAct {
        if s.ending.is_some() {
            return ToAct::Over;
        }
        match self.decider(s) {
            Some(side) => ToAct::Side(side),
            None => ToAct::Chance,
        }
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        s.ending.as_ref().map(|e| Outcome {
            winner: e.winner,
            kind: e.kind.clone(),
            points: e.points,
        })
    }

    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        if s.ending.is_none() && self.decider(s).is_some() {
            self.list_actions(s, out);
        }
        out.sort_unstable();
        out.dedup();
    }

    fn chance(&self, _s: &State) -> Distribution<Chance> {
        Distribution::new((1..=6).map(|f| (Chance::Die(f), 1)).collect())
    }

    fn apply_action_unchecked(&self, s: &mut State, a: &Action, ev: &mut Vec<Event>) {
        self.do_action(s, *a, ev);
        self.settle(s, ev);
    }

    fn apply_chance_unchecked(&self, s: &mut State, c: &Chance, ev: &mut Vec<Event>) {
        let Chance::Die(d) = *c;
        self.do_die(s, d, ev);
        self.settle(s, ev);
    }

    /// 3.0 Once a phase is over it is not revisited; and 7.3 a counter's move is made one hex at
    /// a time and the opponent sees each: movement is never taken back. Choices that roll no die
    /// and move nothing (a Lead Unit, a target, a gun) may be taken back until the next die (the
    /// engine never undoes past a chance outcome), as long as they left the stage and the
    /// phasing side as they were: a choice that ends a step of the sequence is final.
    fn may_take_back(&self, before: &State, a: &Action, after: &State) -> bool {
        let movement = matches!(
            a,
            Action::Select(_)
                | Action::SelectLeader(_)
                | Action::Step { .. }
                | Action::EndMove
                | Action::Raise(_)
                | Action::Column(_)
                | Action::ColumnArtillery(_)
                | Action::CommanderColumn
                | Action::RetreatTo(_)
                | Action::Withdraw(_)
                | Action::Advance { .. }
                | Action::MomentumAdvance(_)
        );
        !movement && before.stage == after.stage && before.phasing == after.phasing
    }

    fn observe(&self, s: &State, viewer: Viewer) -> Observation {
        self.observation(s, viewer)
    }

    fn event_visible(&self, _e: &Event, _viewer: Viewer) -> bool {
        true
    }

    fn describe_event(&self, e: &Event) -> String {
        self.event_text(e)
    }

    fn action_notation(&self, a: &Action) -> String {
        self.notation(a)
    }

    fn parse_action(&self, text: &str) -> Result<Action, String> {
        self.parse(text)
    }

    fn describe_action(&self, s: &State, a: &Action) -> String {
        self.describe(s, a)
    }

    fn chance_notation(&self, c: &Chance) -> String {
        let Chance::Die(f) = c;
        format!("die {f}")
    }

    fn parse_chance(&self, text: &str) -> Result<Chance, String> {
        let mut w = text.split_whitespace();
        match (w.next(), w.next(), w.next()) {
            (Some("die"), Some(f), None) => match f.parse::<u8>() {
                Ok(f @ 1..=6) => Ok(Chance::Die(f)),
                _ => Err(format!("`{f}` is not a die face (1 to 6)")),
            },
            _ => Err(format!("`{text}` is not a chance outcome (`die N`)")),
        }
    }
}
