//! Glory and Empire through the registry, on the rules crate's small Vimeiro test scenario
//! (the shared charts included): the hooks, the board, the hints, the reach, the previews and
//! the terminal picture.

use crate::{AnyMatch, Loaded, load_files};
use coupdoeil_engine::{Side, ToAct, Viewer};
use coupdoeil_ge::GloryEmpire;

/// The rules crate's test scenario.
pub(crate) const VIMEIRO: &str = include_str!("../../../rules-ge/tests/data/vimeiro.toml");
/// The shared Player Aid charts.
pub(crate) const CHARTS: &str = include_str!("../../../../data/scenarios/ge/charts.toml");

/// The test scenario loaded from files, as a user's scenario would be.
pub(crate) fn test_scenario() -> Loaded {
    load_files(vec![
        ("vimeiro/scenario.toml".into(), VIMEIRO.into()),
        ("charts.toml".into(), CHARTS.into()),
    ])
    .unwrap_or_else(|e| panic!("{e}"))
}

pub(crate) fn test_game() -> GloryEmpire {
    match test_scenario().game {
        crate::AnyGame::Ge(g) => (*g).clone(),
        #[allow(unreachable_patterns)]
        _ => panic!("the test scenario is a Glory and Empire scenario"),
    }
}

fn to_decision(m: &mut AnyMatch) {
    while m.to_act() == ToAct::Chance {
        m.roll().expect("rolls");
    }
}

#[test]
fn the_test_scenario_loads_and_names_itself() {
    let l = test_scenario();
    assert_eq!(l.game.rules_id(), "ge");
    assert_eq!(l.game.scenario_id(), "ge-vimeiro-test");
    assert_eq!(l.game.side_id(Side::A), "british");
    let mut m = l.new_match(1);
    to_decision(&mut m);
    assert!(m.turn_label().starts_with("Turn 1 (09:20"), "{}", m.turn_label());
    let t = m.render_text(Viewer::Spectator);
    assert!(t.contains("Vimeiro"), "{t}");
    for line in t.lines() {
        assert!(line.chars().count() <= 100, "too wide: {line}");
    }
}
