//! Glory and Empire (the Soldiers Game of *First Victories*) in the registry: its built-in
//! scenarios, its front-end hooks ([`GameExt`], [`GameUi`]), the terminal picture ([`text`]),
//! what graphical front ends need ([`ui`]) and the previews of a fire or a close combat
//! ([`preview`]). The Soldiers and Battalion Games hide nothing: every event and every die is
//! public. The Brigade Game's optional Limited Intelligence (G23) hides obscured stacks: the
//! rules crate's observation and event visibility keep them from the enemy, and the agents
//! search over its determinization ([`GameExt::scenario_capabilities`]).

mod preview;
mod text;
mod ui;

use crate::builtin::Builtin;
use crate::{ActionHint, Audience, GameExt, GameUi, PlayError, Reach};
use coupdoeil_ai::{Capabilities, SearchTuning};
use coupdoeil_engine::{Game, Side, Viewer};
use coupdoeil_ge::state::{CombatKind, Frame, ReactKind, Stage, State};
use coupdoeil_ge::{Action, Chance, Event, GloryEmpire};
use coupdoeil_scenario::{Diagnostics, Scenario};
use serde_json::Value;

/// The built-in scenario directories of Glory and Empire, under `data/scenarios/`. Each
/// scenario includes the shared Player Aid charts (`[scenario] include = ["../charts.toml"]`),
/// listed with it; `ge-vimeiro-battalion` extends `ge-vimeiro` (the Battalion Game on the same
/// battle) and `ge-vimeiro-brigade` extends `ge-vimeiro-battalion` (the Brigade Game), each
/// needing only its own header, as `ge-rolica-battalion` extends `ge-rolica` and
/// `ge-rolica-brigade` extends `ge-rolica-battalion`; `ge-vimeiro-brigade-li` extends
/// `ge-vimeiro-brigade` with the optional Limited Intelligence (G23). The small test
/// scenario of the rules crate is not built in: the command
/// line's tests play it from files (copied with the charts).
pub(crate) static SCENARIOS: &[Builtin] = &[
    scenario_files!(
        "ge/vimeiro": "scenario.toml",
        "map.toml",
        "oob.toml",
        "setup.toml",
        "../charts.toml"
    ),
    scenario_files!("ge/vimeiro-battalion": "scenario.toml"),
    scenario_files!(
        "ge/rolica": "scenario.toml",
        "map.toml",
        "oob.toml",
        "setup.toml",
        "../charts.toml"
    ),
    scenario_files!("ge/rolica-battalion": "scenario.toml"),
    scenario_files!("ge/vimeiro-brigade": "scenario.toml"),
    scenario_files!("ge/rolica-brigade": "scenario.toml"),
    scenario_files!("ge/vimeiro-brigade-li": "scenario.toml"),
];

impl GameExt for GloryEmpire {
    fn from_scenario(scenario: &Scenario) -> Result<Self, Diagnostics> {
        GloryEmpire::new(scenario)
    }

    fn scenario_name(&self) -> &str {
        &self.data.name
    }

    fn side_id(&self, side: Side) -> &str {
        &self.data.sides[side].0
    }

    /// Every chance node is a die (or a random pick among leaders) that both players watch.
    fn chance_audience(&self, _state: &State, _chance: &Chance) -> Audience {
        Audience::Everyone
    }

    fn render_text(&self, state: &State, viewer: Viewer) -> String {
        text::render(self, state, &self.observe(state, viewer))
    }

    fn turn_label(&self, s: &State) -> String {
        let light = match self.light(s) {
            coupdoeil_ge::los::Light::Day => "",
            coupdoeil_ge::los::Light::Twilight => ", twilight",
            coupdoeil_ge::los::Light::Night => ", night",
        };
        let clock = format!("Turn {} ({}{light})", s.turn, self.data.clock(s.turn));
        if command_stage(s.stage) {
            format!("{clock}, Command Segment: {}", stage_name(self, s))
        } else if matches!(s.stage, Stage::LeaderReplacement | Stage::FireFighting) {
            format!("{clock}, End of Turn: {}", stage_name(self, s))
        } else {
            format!(
                "{clock}, {} Player Turn, {}",
                self.side_name(s.phasing),
                stage_name(self, s)
            )
        }
    }

    /// The search judges root plans by the exact expectation over their dice and keeps the
    /// prior's choice at ten pseudo-visits: under the 2 s a player turn a Glory and Empire
    /// decision gets about a dozen iterations, too few for visit counts alone (docs/ai.md,
    /// third round: 11 of 20 games against greedy where the plain search won 6).
    fn capabilities() -> Capabilities<Self> {
        Capabilities::none()
            .with_plans()
            .with_player_turn(player_turn)
            .with_tuning(SearchTuning {
                exact_root_priors: Some(true),
                prior_visits: Some(10),
            })
    }

    /// G23 With the optional Limited Intelligence the enemy's obscured stacks are hidden, and
    /// G19.3 with the optional Caissons which battery each enemy Caisson serves: the agents
    /// search over the rules crate's determinization of them, never the real pieces or links
    /// (`coupdoeil_ge::intelligence`). Without either the game hides nothing and keeps
    /// [`GameExt::capabilities`], so its agents play as before.
    fn scenario_capabilities(&self) -> Capabilities<Self> {
        if self.limited_intelligence() || self.data.caissons > 0 {
            Self::capabilities().with_determinize()
        } else {
            Self::capabilities()
        }
    }

    /// Glory and Empire counts whole MP: a step's, a formation change's or a reordering's cost
    /// (9.1.1, 7.2, 6.2), doubled.
    fn action_mp_cost_half(&self, state: &State, action: &Action) -> Option<u8> {
        let mp = match *action {
            Action::Step(c) => self
                .step_options(state)
                .into_iter()
                .find(|o| o.to == c)
                .map(|o| o.cost),
            Action::Form(f) => self
                .form_options(state)
                .into_iter()
                .find(|x| x.0 == f)
                .map(|x| x.1),
            Action::Top(_) => Some(1),
            _ => None,
        }?;
        Some(mp.saturating_mul(2))
    }

    fn event_json(&self, e: &Event) -> Value {
        ui::event_view(self, e)
    }

    fn final_decisions(&self) -> Option<&'static str> {
        Some(
            "moves are final: the opponent may react to every step (9.1.1, 14), and a phase once \
             over is not revisited (4)",
        )
    }

    fn lone_pass(&self, state: &State) -> Option<Action> {
        let mut legal = Vec::new();
        self.legal_actions(state, &mut legal);
        (legal == [Action::Pass]).then_some(Action::Pass)
    }
}

impl GameUi for GloryEmpire {
    fn board_json(&self) -> Value {
        ui::board(self)
    }

    fn legal_hints(&self, state: &State) -> Vec<ActionHint> {
        ui::hints(self, state)
    }

    fn reachable(&self, state: &State, side: Side, unit: &str) -> Result<Reach, PlayError> {
        ui::reach(self, state, side, unit).map_err(PlayError::WrongTime)
    }

    fn preview_declaration(
        &self,
        state: &State,
        side: Side,
        action: &str,
    ) -> Result<Value, PlayError> {
        // G23.1.2 The odds of a fire at an obscured stack would tell what is in it.
        if let Ok(Action::Fire { target, .. } | Action::FireRound { target, .. }) =
            self.parse_action(action)
            && self.hidden_cells(state, Viewer::Side(side))[side.other().index()]
                .binary_search(&target)
                .is_ok()
        {
            return Err(PlayError::WrongTime(
                "the target is an obscured stack: what fire does to it is secret (G23.1.2)"
                    .into(),
            ));
        }
        preview::preview(self, state, side, action)
    }

    fn observe_ui(&self, state: &State, viewer: Viewer) -> Value {
        ui::observe_ui(self, state, viewer)
    }
}

/// The stages of the Command Segment (4.1).
pub(super) fn command_stage(stage: Stage) -> bool {
    matches!(
        stage,
        Stage::Initiative
            | Stage::RandomEvent
            | Stage::ChooseFirst
            | Stage::Attachment
            | Stage::Orders
            | Stage::OrdersInitiative
    )
}

/// The player turn of a state: the Command Segment, then the two Player Turns of each Game
/// Turn (4).
fn player_turn(_g: &GloryEmpire, s: &State) -> u64 {
    let within = if command_stage(s.stage) {
        0
    } else {
        1 + u64::from(s.second)
    };
    u64::from(s.turn) * 3 + within
}

/// The phase or segment the game is in, in words with its rule (4), and the procedure
/// interrupting it.
pub(super) fn stage_name(g: &GloryEmpire, s: &State) -> String {
    let phase = match s.stage {
        Stage::Initiative => "Initiative Phase (5.1)",
        Stage::RandomEvent => "Random Event (5.1.2)",
        Stage::ChooseFirst => "Initiative Phase: who goes first (5.1)",
        Stage::Attachment => "Command Attachment Phase (5.3.3)",
        Stage::Orders => "Orders Phase (5.4)",
        Stage::OrdersInitiative => "Orders Initiative Phase (B5.4.1)",
        Stage::AttackOrders => "Attack Orders Phase (B4.2.4)",
        Stage::ReserveOrders => "Reserve Orders Phase (B4.2.5)",
        Stage::Rally => "Rally Phase (8.2)",
        Stage::ArtillerySupply => "Artillery Resupply Phase (B7.9.3)",
        Stage::FatigueRecovery => "Fatigue Recovery Phase (G22.3)",
        Stage::FatigueCheck => "Fatigue Check Phase (G22.1)",
        Stage::Fire => "Fire Segment (4.2.2)",
        Stage::NpFire => "Non-Phasing Artillery Segment (4.2.3)",
        Stage::Movement => "Movement Phase (4.2.4)",
        Stage::ReserveMovement => "Reserve Movement Phase (4.2.5)",
        Stage::Charges => "Charge Phase (4.2.6)",
        Stage::Assaults => "Assault Phase (4.2.6)",
        Stage::FireFighting => "Fire Fighting Phase (16.3)",
        Stage::LeaderReplacement => "Leader Replacement Phase (4.3)",
        Stage::Over => "the end of the battle",
    };
    let b = &g.data.board;
    let detail = match s.pending.last() {
        Some(Frame::Retreat(_)) => Some("a retreat (9.2)".to_string()),
        Some(Frame::Check(_)) => Some("a Morale Check (8.1)".to_string()),
        Some(Frame::FireRoll(_)) => Some("the fire dice (12.3)".to_string()),
        Some(Frame::FireApply(_)) => Some("fire results (12.3.1)".to_string()),
        Some(Frame::Step(_)) => Some("a step (9.1)".to_string()),
        Some(Frame::Form(_)) => Some("a formation change (7.2)".to_string()),
        Some(Frame::React(w)) => Some(format!(
            "{}'s {} (14)",
            g.side_name(w.side),
            match w.kind {
                ReactKind::Fire => "Reaction Fire",
                ReactKind::Square => "Reaction Formation Change",
                ReactKind::Charge => "Reaction Charge",
                ReactKind::Move => "Reaction Move",
            }
        )),
        Some(Frame::Combat(c)) => Some(format!(
            "{} against {}",
            match c.kind {
                CombatKind::Assault => "an Assault (13.1)",
                CombatKind::Charge => "a Charge (13.2)",
                CombatKind::ReactionCharge => "a Reaction Charge (14.4)",
            },
            b.label(c.target)
        )),
        Some(Frame::Leader(_)) => Some("a leader roll (5.2)".to_string()),
        Some(Frame::Face { .. }) => Some("a facing (7.1.2)".to_string()),
        Some(Frame::OrdersRoll(_)) => Some("an orders roll (B5.4)".to_string()),
        Some(Frame::Resupply(_)) => Some("a resupply roll (B7.9.3)".to_string()),
        Some(Frame::Fatigue(_)) => Some("a Fatigue Check roll (G22.1)".to_string()),
        Some(Frame::Howitzer(_)) => Some("a Howitzer Attack roll (G19.7.2)".to_string()),
        Some(Frame::Rolling(_)) => Some("a Rolling Shot (G19.6)".to_string()),
        Some(Frame::Evolution(..)) => Some("an Evolution Check roll (G17.3.1)".to_string()),
        Some(Frame::OrdersPass(_)) => Some("an order passed down (B5.4.2)".to_string()),
        Some(Frame::ChargeMove(cm)) => Some(format!(
            "a Charge Movement from {} (B13.2.5)",
            b.label(cm.origin)
        )),
        Some(Frame::Waves(w)) => Some(format!(
            "a Wave Charge on {} (G20.1)",
            b.label(w.target)
        )),
        Some(Frame::ReactMove(rm)) => Some(format!(
            "a Reaction Move from {} to {} (G21.2)",
            b.label(rm.from),
            b.label(rm.to)
        )),
        Some(Frame::PickUp { leader, .. }) => Some(format!(
            "{}'s Directing Unit moves: pick him up? (G17.1.2)",
            g.data.leaders[leader.ix()].name
        )),
        None => None,
    };
    match detail {
        Some(d) => format!("{phase}: {d}"),
        None => phase.to_string(),
    }
}

#[cfg(test)]
pub(crate) mod tests;
