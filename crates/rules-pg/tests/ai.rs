//! The computer player's posture from the scenario (`[ai] press`). It is not a rule: the
//! evaluation the programs search with reads it, and the loader checks it like any other data.

mod common;

use coupdoeil_engine::{Evaluate, Game, Side};

/// The Austrian (coalition) evaluation of the test field with its infantry `a-x` one hex nearer
/// the Prussians, minus the same with it one hex farther, on the field laid over with `extra`.
/// Both hexes are next to its Wing Leader (1205), and at 0 VP the Austrians stand to win (the
/// field's Prussian level needs 6 VP), so only the posture can tell the two apart.
fn nearer_minus_farther(extra: &str) -> i32 {
    let game = common::field_with(extra);
    let s = game.initial_state();
    let mut fx = common::Fx {
        game,
        s,
        events: Vec::new(),
    };
    let coalition = Side::B;
    fx.put("a-x", Some("1104"));
    let nearer = fx.game.evaluate(&fx.s, coalition);
    fx.put("a-x", Some("1304"));
    let farther = fx.game.evaluate(&fx.s, coalition);
    nearer - farther
}

#[test]
fn a_side_ahead_is_pulled_toward_the_enemy_only_when_its_scenario_says_press() {
    let default = nearer_minus_farther("");
    let pressed = nearer_minus_farther("[ai]\npress = [\"coalition\"]\n");
    let other = nearer_minus_farther("[ai]\npress = [\"prussian\"]\n");
    assert_eq!(default, 0, "ahead and not told to press: no pull");
    assert_eq!(other, 0, "the other side's posture does not move this one");
    assert!(pressed > 0, "told to press, nearer is better: {pressed}");
}

#[test]
fn the_ai_posture_loads_per_side_and_names_a_side() {
    let g = common::field_with("[ai]\npress = [\"coalition\", \"prussian\"]\n");
    assert!(g.data.ai_press[Side::A] && g.data.ai_press[Side::B]);
    let g = common::field();
    assert!(!g.data.ai_press[Side::A] && !g.data.ai_press[Side::B]);

    let doc = coupdoeil_scenario::Document::parse(&[
        ("field.toml", common::FIELD),
        ("charts.toml", common::CHARTS),
        ("ai.toml", "[ai]\npress = [\"french\"]\n"),
    ])
    .unwrap();
    let sc = coupdoeil_scenario::Scenario::from_document(doc).unwrap();
    let err = coupdoeil_pg::PrussiasGlory::new(&sc)
        .unwrap_err()
        .to_string();
    assert!(err.contains("ai.press[0]"), "{err}");
}

#[test]
fn rossbach_presses_both_sides_in_both_scenarios_and_the_other_battles_neither() {
    for id in common::SHIPPED {
        let g = common::shipped(id);
        let both = id.starts_with("rossbach");
        assert_eq!(
            (g.data.ai_press[Side::A], g.data.ai_press[Side::B]),
            (both, both),
            "{id}: the battle scenario inherits its main scenario's [ai]"
        );
    }
}
