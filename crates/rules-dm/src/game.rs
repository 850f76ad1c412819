//! The [`Game`] implementation: ties the chapters together.

use crate::action::{Action, Chance};
use crate::data::{self, Data};
use crate::event::Event;
use crate::observe::Observation;
use crate::state::{Stage, State};
use coupdoeil_engine::{Distribution, Game, Outcome, Side, ToAct, Viewer};
use coupdoeil_scenario::{Diagnostics, Scenario};

/// Drums & Muskets bound to one scenario.
#[derive(Clone, Debug)]
pub struct DrumsMuskets {
    /// The scenario's data.
    pub data: Data,
}

impl DrumsMuskets {
    /// Builds the game from a validated scenario.
    ///
    /// # Errors
    /// Every problem in the Drums & Muskets sections of the scenario.
    pub fn new(scenario: &Scenario) -> Result<Self, Diagnostics> {
        Ok(DrumsMuskets {
            data: data::load(scenario)?,
        })
    }

    /// Who owns the decision at `stage`.
    #[must_use]
    pub fn decider(&self, s: &State) -> Option<Side> {
        match s.stage {
            Stage::OpeningDraw
            | Stage::AttackDie
            | Stage::MoraleDie
            | Stage::Draw
            | Stage::RallyDie
            | Stage::Over => None,
            Stage::Place(side)
            | Stage::MovementCard(side)
            | Stage::AttackCard(side, _)
            | Stage::MoraleCard(side) => Some(side),
            Stage::Movement
            | Stage::Declare
            | Stage::ChooseAttack
            | Stage::Advance
            | Stage::AfterFacing
            | Stage::Discard
            | Stage::RallyCard
            | Stage::RallyChoose => Some(s.phasing),
            Stage::DefenderSupport => Some(s.phasing.other()),
            Stage::Retreat => s.retreat.map(|r| self.data.units[r.unit.ix()].side),
        }
    }
}

impl Game for DrumsMuskets {
    type State = State;
    type Action = Action;
    type Chance = Chance;
    type Observation = Observation;
    type Event = Event;

    fn rules_id(&self) -> &'static str {
        "dm"
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
        match s.stage {
            Stage::Over => ToAct::Over,
            Stage::OpeningDraw
            | Stage::AttackDie
            | Stage::MoraleDie
            | Stage::Draw
            | Stage::RallyDie => ToAct::Chance,
            _ => self.decider(s).map_or(ToAct::Over, ToAct::Side),
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
        self.list_actions(s, out);
        let sorted = |out: &[Action]| out.windows(2).all(|w| w[0] < w[1]);
        // The Movement Phase's lists, the most frequent, are built in the order of `Action`
        // (movement.rs); the others mostly come out sorted and unique too: one pass checks it.
        if matches!(s.stage, Stage::Movement) {
            debug_assert!(sorted(out), "movement actions out of order: {out:?}");
        } else if !sorted(out) {
            out.sort_unstable();
            out.dedup();
        }
    }

    fn chance(&self, s: &State) -> Distribution<Chance> {
        match s.stage {
            Stage::OpeningDraw | Stage::Draw => {
                let side = self.drawing_side(s);
                let pile = &s.decks[side].draw;
                let mut outs: Vec<(Chance, u32)> = Vec::new();
                for &c in pile {
                    match outs.last_mut() {
                        Some((Chance::Card(last), w)) if *last == c => *w += 1,
                        _ => outs.push((Chance::Card(c), 1)),
                    }
                }
                Distribution::new(outs)
            }
            _ => Distribution::new((1..=6).map(|f| (Chance::Die(f), 1)).collect()),
        }
    }

    fn apply_action_unchecked(&self, s: &mut State, a: &Action, ev: &mut Vec<Event>) {
        self.do_action(s, *a, ev);
        self.update_depots(s, ev);
    }

    fn apply_chance_unchecked(&self, s: &mut State, c: &Chance, ev: &mut Vec<Event>) {
        self.do_chance(s, *c, ev);
        self.update_depots(s, ev);
    }

    /// 7.5 No take-backs: once a unit has been moved its move is final, so no movement decision
    /// is taken back; nor is any decision that revealed a hidden piece or changed what the
    /// opponent sees of a hand (8.0, 9.2.1). Card plays, declarations and choices that reveal
    /// nothing may be taken back until the next die or the opponent's decision.
    fn may_take_back(&self, before: &State, a: &Action, after: &State) -> bool {
        let movement = matches!(
            a,
            Action::Select(_)
                | Action::Step(_)
                | Action::Face(_)
                | Action::Wheel(_)
                | Action::Sidestep(_)
                | Action::EndMove
                | Action::RemoveDummy(_)
        );
        let revealed = before
            .pieces
            .iter()
            .zip(&after.pieces)
            .any(|(b, a)| b.hidden && !a.hidden);
        !movement && !revealed && before.phase == after.phase
    }

    fn observe(&self, s: &State, viewer: Viewer) -> Observation {
        self.observation(s, viewer)
    }

    fn event_visible(&self, e: &Event, viewer: Viewer) -> bool {
        match e.audience {
            crate::event::Audience::Everyone => true,
            crate::event::Audience::Only(side) => viewer.sees_private_of(side),
            crate::event::Audience::Others(side) => !viewer.sees_private_of(side),
        }
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
        match c {
            Chance::Die(f) => format!("die {f}"),
            Chance::Card(card) => format!("draw {}", self.data.cards[card.ix()].id),
        }
    }

    fn parse_chance(&self, text: &str) -> Result<Chance, String> {
        let mut w = text.split_whitespace();
        match (w.next(), w.next(), w.next()) {
            (Some("die"), Some(f), None) => match f.parse::<u8>() {
                Ok(f @ 1..=6) => Ok(Chance::Die(f)),
                _ => Err(format!("`{f}` is not a die face (1 to 6)")),
            },
            (Some("draw"), Some(id), None) => self.card_by_id(id).map(Chance::Card),
            _ => Err(format!(
                "`{text}` is not a chance outcome (`die N` or `draw CARD`)"
            )),
        }
    }
}
