//! Prussia's Glory in the registry: its built-in scenarios, its front-end hooks ([`GameExt`],
//! [`GameUi`]), the terminal picture ([`text`]) and what graphical front ends need ([`ui`]).
//! Prussia's Glory hides nothing: every event and every die is public.

mod text;
mod ui;

use crate::builtin::Builtin;
use crate::{ActionHint, Audience, GameExt, GameUi, PlayError, Reach};
use coupdoeil_ai::Capabilities;
use coupdoeil_engine::{Game, Side, Viewer};
use coupdoeil_pg::state::{CombatStep, Frame, Stage, State};
use coupdoeil_pg::{Action, Chance, Event, PrussiasGlory};
use coupdoeil_scenario::{Diagnostics, Scenario};
use serde_json::Value;

/// The built-in scenario directories of Prussia's Glory, under `data/scenarios/`. Every main
/// scenario includes the shared Player Aid charts (`[scenario] include = ["../charts.toml"]`);
/// a battle scenario extends its main one and so has them too.
pub(crate) static SCENARIOS: &[Builtin] = &[
    scenario_files!("pg/rossbach": "scenario.toml", "map.toml", "oob.toml", "setup.toml", "../charts.toml"),
    scenario_files!("pg/rossbach-battle": "scenario.toml", "setup.toml"),
    scenario_files!("pg/leuthen": "scenario.toml", "map.toml", "oob.toml", "setup.toml", "../charts.toml"),
    scenario_files!("pg/leuthen-battle": "scenario.toml", "setup.toml"),
    scenario_files!("pg/zorndorf": "scenario.toml", "map.toml", "oob.toml", "setup.toml", "../charts.toml"),
    scenario_files!("pg/zorndorf-battle": "scenario.toml", "setup.toml"),
    scenario_files!("pg/torgau": "scenario.toml", "map.toml", "oob.toml", "setup.toml", "../charts.toml"),
    scenario_files!("pg/torgau-battle": "scenario.toml", "setup.toml"),
];

impl GameExt for PrussiasGlory {
    fn from_scenario(scenario: &Scenario) -> Result<Self, Diagnostics> {
        PrussiasGlory::new(scenario)
    }

    fn scenario_name(&self) -> &str {
        &self.data.name
    }

    fn side_id(&self, side: Side) -> &str {
        &self.data.sides[side].0
    }

    /// Every chance node is a die that both players watch.
    fn chance_audience(&self, _state: &State, _chance: &Chance) -> Audience {
        Audience::Everyone
    }

    fn render_text(&self, state: &State, viewer: Viewer) -> String {
        text::render(self, state, &self.observe(state, viewer))
    }

    fn turn_label(&self, s: &State) -> String {
        format!(
            "Turn {} ({}), {} {}",
            s.turn,
            self.data.clock(s.turn),
            self.side_name(s.phasing),
            stage_name(s)
        )
    }

    fn capabilities() -> Capabilities<Self> {
        Capabilities::none()
            .with_plans()
            .with_player_turn(player_turn)
    }

    fn event_json(&self, e: &Event) -> Value {
        ui::event_view(self, e)
    }

    fn final_decisions(&self) -> Option<&'static str> {
        Some("movement, retreats, withdrawals and advances are final (7.3), and a phase once over is not revisited (3.0)")
    }

    fn lone_pass(&self, state: &State) -> Option<Action> {
        let mut legal = Vec::new();
        self.legal_actions(state, &mut legal);
        (legal == [Action::Pass]).then_some(Action::Pass)
    }
}

impl GameUi for PrussiasGlory {
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
        ui::preview(self, state, side, action)
    }

    fn observe_ui(&self, state: &State, viewer: Viewer) -> Value {
        ui::observe_ui(self, state, viewer)
    }
}

/// The player turn of a state: two per Game Turn (3.0), the second one odd.
fn player_turn(_g: &PrussiasGlory, s: &State) -> u64 {
    u64::from(s.turn) * 2 + u64::from(s.second)
}

/// The phase of the sequence of play (3.0) the game is in, as one identifier for front ends
/// (the procedure interrupting it aside): the phases of a Player Turn in their order, then the
/// Joint Army Morale Adjustment and the end of the battle.
pub(super) fn phase_id(s: &State) -> &'static str {
    match s.stage {
        Stage::Activation | Stage::ActivationDie => "activation",
        Stage::Deploy
        | Stage::CommandRoll(_)
        | Stage::Special(_)
        | Stage::SpecialDie(_)
        | Stage::Trace => "command",
        Stage::RoutedMovement | Stage::Movement => "movement",
        Stage::OffensiveBombardment => "offensive_bombardment",
        Stage::BombardGuns | Stage::BombardDie => {
            if s.bombard.as_ref().is_none_or(|b| b.offensive) {
                "offensive_bombardment"
            } else {
                "defensive_bombardment"
            }
        }
        Stage::Rally => "rally",
        Stage::DefensiveBombardment => "defensive_bombardment",
        Stage::CloseCombat | Stage::Combat => "close_combat",
        Stage::ArmyMorale => "army_morale",
        Stage::Over => "over",
    }
}

/// The phase or segment the game is in, in words (3.0), with the procedure interrupting it.
pub(super) fn stage_name(s: &State) -> String {
    let phase = match s.stage {
        Stage::Activation | Stage::ActivationDie => "Army Activation Phase (4.1)",
        Stage::Deploy => "Deploy from Column Segment (4.4)",
        Stage::CommandRoll(_) | Stage::Special(_) | Stage::SpecialDie(_) => {
            "Group Command Roll Segment (4.5)"
        }
        Stage::Trace => "Command tracing (4.2.2)",
        Stage::RoutedMovement => "Routed Movement Segment (7.1)",
        Stage::Movement => "Movement Phase (7.3)",
        Stage::OffensiveBombardment => "Offensive Bombardment Phase (8)",
        Stage::DefensiveBombardment => "Defensive Bombardment Phase (8.5)",
        Stage::BombardGuns | Stage::BombardDie => {
            if s.bombard.as_ref().is_none_or(|b| b.offensive) {
                "Offensive Bombardment Phase (8)"
            } else {
                "Defensive Bombardment Phase (8.5)"
            }
        }
        Stage::Rally => "Rally Phase (9.4)",
        Stage::CloseCombat | Stage::Combat => "Close Combat Phase (10)",
        Stage::ArmyMorale => "Joint Army Morale Adjustment Phase (13)",
        Stage::Over => "the end of the battle",
    };
    let detail = match s.pending.last() {
        Some(Frame::Retreat(_)) => Some("a retreat (10.9)"),
        Some(Frame::MoraleCheck { .. }) => Some("a Morale Check (9.3)"),
        Some(Frame::Losses(_)) => Some("Loss Points (10.8.1)"),
        Some(Frame::CdoaOffer { .. } | Frame::CdoaDie { .. } | Frame::CdoaPay { .. }) => {
            Some("a Coup d'Oeil Activation (4.1.3)")
        }
        Some(
            Frame::ForcedOffer { .. } | Frame::ForcedDieColumn { .. } | Frame::ForcedDieMover { .. },
        ) => Some("a Forced Deployment (7.6.3)"),
        None => match (s.stage, s.combat.as_ref().map(|c| c.step)) {
            (Stage::Combat, Some(CombatStep::Withdraw(_))) => Some("withdrawal (10.2)"),
            (Stage::Combat, Some(CombatStep::AttackerLead | CombatStep::DefenderLead)) => {
                Some("Lead Units (10.4)")
            }
            (Stage::Combat, Some(CombatStep::Advance)) => Some("advance after combat (10 step 9)"),
            (Stage::Combat, Some(CombatStep::Momentum)) => Some("momentum (10 step 10)"),
            (Stage::Combat, Some(CombatStep::Sweep)) => Some("cavalry action (10 step 12)"),
            _ => None,
        },
    };
    match detail {
        Some(d) => format!("{phase}: {d}"),
        None => phase.to_string(),
    }
}

#[cfg(test)]
pub(crate) mod tests;
