//! Drums & Muskets in the registry: its built-in scenarios, its front-end hooks ([`GameExt`],
//! [`GameUi`]), the terminal picture ([`text`]) and what graphical front ends need ([`ui`]).

mod text;
mod ui;

use crate::builtin::Builtin;
use crate::{ActionHint, Audience, GameExt, GameUi, PlayError, Reach};
use coupdoeil_ai::Capabilities;
use coupdoeil_dm::event::What;
use coupdoeil_dm::state::Phase;
use coupdoeil_dm::{Action, Chance, DrumsMuskets, State};
use coupdoeil_engine::{Game, Side, Viewer};
use coupdoeil_scenario::{Diagnostics, Scenario};
use serde_json::Value;

/// The built-in scenario directories of Drums & Muskets, under `data/scenarios/`.
pub(crate) static SCENARIOS: &[Builtin] = &[
    scenario_files!("dm/leuthen": "scenario.toml", "map.toml", "oob.toml", "cards.toml", "charts.toml"),
    scenario_files!("dm/leuthen-historical": "scenario.toml"),
];

impl GameExt for DrumsMuskets {
    fn from_scenario(scenario: &Scenario) -> Result<Self, Diagnostics> {
        DrumsMuskets::new(scenario)
    }

    fn scenario_name(&self) -> &str {
        &self.data.name
    }

    fn side_id(&self, side: Side) -> &str {
        &self.data.sides[side].0
    }

    fn chance_audience(&self, state: &State, chance: &Chance) -> Audience {
        match chance {
            Chance::Die(_) => Audience::Everyone,
            Chance::Card(_) => {
                // The card goes to the drawing side's hand: find whose by drawing it on a copy.
                let mut s = state.clone();
                let mut ev = Vec::new();
                self.apply_chance_unchecked(&mut s, chance, &mut ev);
                ev.iter()
                    .find_map(|e| match e.what {
                        What::Drew { side, .. } => Some(Audience::Only(side)),
                        _ => None,
                    })
                    .unwrap_or(Audience::Referee)
            }
        }
    }

    fn render_text(&self, state: &State, viewer: Viewer) -> String {
        text::render(self, &self.observe(state, viewer))
    }

    fn event_json(&self, e: &coupdoeil_dm::Event) -> serde_json::Value {
        self.event_view(e)
    }

    fn final_decisions(&self) -> Option<&'static str> {
        Some("moves are final, 7.5")
    }

    fn lone_pass(&self, state: &State) -> Option<Action> {
        let mut legal = Vec::new();
        self.legal_actions(state, &mut legal);
        (legal == [Action::Pass]).then_some(Action::Pass)
    }

    fn action_mp_cost_half(&self, state: &State, action: &coupdoeil_dm::Action) -> Option<u8> {
        self.mp_cost_half(state, action)
    }

    fn capabilities() -> Capabilities<Self> {
        Capabilities::full().with_player_turn(player_turn)
    }

    fn turn_label(&self, s: &State) -> String {
        format!(
            "Turn {}, {} {}",
            s.turn,
            self.side_name(s.phasing),
            phase_name(s.phase)
        )
    }
}

impl GameUi for DrumsMuskets {
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
        let mut v = serde_json::to_value(self.observe(state, viewer)).unwrap_or(Value::Null);
        ui::name_odds_units(self, &mut v);
        v
    }
}

/// The player turn of a state: the Game Turn and the phasing side; the set-up is a turn of its own.
fn player_turn(_g: &DrumsMuskets, s: &State) -> u64 {
    let setup = u64::from(s.phase == Phase::Setup);
    u64::from(s.turn) * 4 + s.phasing.index() as u64 * 2 + setup
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Setup => "Set-up",
        Phase::Movement => "Movement Phase",
        Phase::Combat => "Combat Phase",
        Phase::Administration => "Administrative Phase",
    }
}

#[cfg(test)]
mod tests {
    use crate::load;
    use coupdoeil_engine::ToAct;

    /// The lone pass is offered exactly where passing is the only legal action.
    #[test]
    fn lone_pass_only_where_passing_is_the_only_choice() {
        let mut m = load("dm-leuthen-historical").unwrap().new_match(5);
        let (mut lone, mut choices) = (0, 0);
        for _ in 0..400 {
            match m.to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    m.roll().unwrap();
                }
                ToAct::Side(_) => {
                    let legal = m.legal_actions();
                    if legal.len() == 1 && legal[0].notation == "pass" {
                        assert_eq!(m.lone_pass().as_deref(), Some("pass"));
                        lone += 1;
                    } else {
                        assert_eq!(m.lone_pass(), None, "{legal:?}");
                        choices += 1;
                    }
                    // Prefer ending things, so that the game moves on through its windows.
                    let pick = legal
                        .iter()
                        .find(|a| a.notation == "pass" || a.notation.starts_with("end-"))
                        .unwrap_or(&legal[0]);
                    m.apply(&pick.notation.clone()).unwrap();
                }
            }
        }
        assert!(lone > 0 && choices > 0, "{lone} lone passes, {choices} choices");
    }
}
