//! The [`Game`] implementation: ties the chapters together.

use crate::action::{Action, Chance};
use crate::data::{self, Data};
use crate::event::Event;
use crate::observe::Observation;
use crate::state::{Frame, LeaderRoll, Stage, State};
use coupdoeil_engine::{Distribution, Game, Outcome, Side, ToAct, Viewer};
use coupdoeil_scenario::{Diagnostics, Scenario};

/// Glory and Empire (the Soldiers Game) bound to one scenario.
#[derive(Clone, Debug)]
pub struct GloryEmpire {
    /// The scenario's data.
    pub data: Data,
}

impl GloryEmpire {
    /// Builds the game from a validated scenario.
    ///
    /// # Errors
    /// Every problem in the Glory and Empire sections of the scenario.
    pub fn new(scenario: &Scenario) -> Result<Self, Diagnostics> {
        Ok(GloryEmpire {
            data: data::load(scenario)?,
        })
    }

    /// What the pending chance node is: percentile, one die, or a choice among `n`.
    #[must_use]
    pub fn pending_die(&self, s: &State) -> DieKind {
        match s.pending.last() {
            Some(
                Frame::Leader(LeaderRoll::Capture(_))
                | Frame::OrdersRoll(_)
                | Frame::Resupply(_)
                | Frame::Fatigue(_)
                | Frame::Evolution(..),
            ) => DieKind::D10,
            Some(Frame::Leader(LeaderRoll::Casualty(v))) => DieKind::Pick(v.len().max(1) as u8),
            Some(Frame::Combat(c))
                if matches!(
                    c.step,
                    crate::state::CombatStep::ColdSteelAttacker
                        | crate::state::CombatStep::ColdSteelDefender
                ) =>
            {
                DieKind::D10
            }
            // G19.6.1 A Line of Fire along a spine.
            Some(Frame::Rolling(_)) => DieKind::D10,
            Some(_) => DieKind::Percentile,
            None => match s.stage {
                Stage::Initiative => DieKind::D10,
                // 16.3 A burning hex's d10, or the pick of the hex its fire spreads to.
                Stage::FireFighting => match &s.blaze.spreading {
                    Some((_, to)) => DieKind::Pick(to.len().max(1) as u8),
                    None => DieKind::D10,
                },
                _ => DieKind::Percentile,
            },
        }
    }
}

/// The kind of a chance node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DieKind {
    /// One d10, 0 to 9.
    D10,
    /// Two d10 read 00 to 99.
    Percentile,
    /// A uniform choice among this many.
    Pick(u8),
}

impl Game for GloryEmpire {
    type State = State;
    type Action = Action;
    type Chance = Chance;
    type Observation = Observation;
    type Event = Event;

    fn rules_id(&self) -> &'static str {
        "ge"
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

    fn chance(&self, s: &State) -> Distribution<Chance> {
        match self.pending_die(s) {
            DieKind::D10 => Distribution::new((0..10).map(|f| (Chance::D10(f), 1)).collect()),
            DieKind::Percentile => {
                Distribution::new((0..100).map(|f| (Chance::Percentile(f), 1)).collect())
            }
            DieKind::Pick(n) => Distribution::new((0..n).map(|f| (Chance::Pick(f), 1)).collect()),
        }
    }

    fn apply_action_unchecked(&self, s: &mut State, a: &Action, ev: &mut Vec<Event>) {
        let from = ev.len();
        self.do_action(s, *a, ev);
        self.settle(s, ev);
        self.sweep_dummies(s, ev);
        self.screen_events(s, ev, from);
    }

    fn apply_chance_unchecked(&self, s: &mut State, c: &Chance, ev: &mut Vec<Event>) {
        let v = match *c {
            Chance::D10(x) | Chance::Percentile(x) | Chance::Pick(x) => x,
        };
        let from = ev.len();
        self.do_roll(s, v, ev);
        self.settle(s, ev);
        self.sweep_dummies(s, ev);
        self.screen_events(s, ev, from);
    }

    /// 9.1.1 Units move one stack at a time and the opponent may react to each step: moves are
    /// never taken back. Choices that move nothing and roll nothing (orders, attachments) may be
    /// taken back until the next die.
    fn may_take_back(&self, before: &State, a: &Action, after: &State) -> bool {
        // RULING: only orders and attachments, before anything else happens.
        matches!(
            a,
            Action::Order { .. } | Action::OrderGarrison { .. } | Action::Attach { .. }
        ) && before.stage == after.stage
            && after.pending.is_empty()
    }

    fn observe(&self, s: &State, viewer: Viewer) -> Observation {
        self.observation(s, viewer)
    }

    fn event_visible(&self, e: &Event, viewer: Viewer) -> bool {
        match e {
            // G19.1 The Ammunition Sheet is its owner's.
            Event::RoundFired { unit, .. } => {
                viewer.sees_private_of(self.data.troops[unit.ix()].side)
            }
            // G23.1.2 What concerns obscured units is their owner's.
            Event::Secret { side, inner } => {
                viewer.sees_private_of(*side) && self.event_visible(inner, viewer)
            }
            Event::SecretFire { side, .. } => !viewer.sees_private_of(*side),
            // G19.3.1 Which battery a Caisson serves is noted on its side's Ammunition Sheet:
            // the enemy sees the Caisson on the map, not whose it is (ge-rulings 209).
            Event::CaissonCreated { battery, .. }
            | Event::CaissonMoved { battery, .. }
            | Event::CaissonFilled { battery, .. }
            | Event::CaissonDelivered { battery, .. }
            | Event::CaissonLost { battery, .. } => {
                viewer.sees_private_of(self.data.troops[battery.ix()].side)
            }
            _ => true,
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
        match *c {
            Chance::D10(f) => format!("d10 {f}"),
            Chance::Percentile(f) => format!("d100 {f:02}"),
            Chance::Pick(f) => format!("pick {f}"),
        }
    }

    fn parse_chance(&self, text: &str) -> Result<Chance, String> {
        let mut w = text.split_whitespace();
        let (Some(k), Some(v), None) = (w.next(), w.next(), w.next()) else {
            return Err(format!(
                "`{text}` is not a chance outcome (`d10 N`, `d100 NN` or `pick N`)"
            ));
        };
        let n: u8 = v.parse().map_err(|_| format!("`{v}` is not a number"))?;
        match k {
            "d10" if n < 10 => Ok(Chance::D10(n)),
            "d100" if n < 100 => Ok(Chance::Percentile(n)),
            "pick" => Ok(Chance::Pick(n)),
            _ => Err(format!("`{text}` is out of range")),
        }
    }
}
