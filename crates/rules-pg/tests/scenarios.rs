//! The shipped battles: they load, play by the rules (the conformance kit over random games),
//! and the rulebook's hex numbers hold on our maps.

mod common;
use common::{SHIPPED, shipped};
use coupdoeil_engine::testkit::{Options, check_random_playouts};
use coupdoeil_pg::data::Mover;

#[test]
fn every_shipped_scenario_passes_the_conformance_kit() {
    for (i, id) in SHIPPED.iter().enumerate() {
        let g = shipped(id);
        let opts = Options {
            games: 3,
            seed: 100 * i as u64,
            max_steps: 100_000,
            deep_every: 11,
        };
        let report = check_random_playouts(g, &opts, |_, _| Vec::new(), |_, _| Vec::new());
        assert_eq!(report.games, 3, "{id}");
    }
}

#[test]
fn r7_3_zorndorf_1709_to_1809_costs_clear_and_slope() {
    let g = shipped("zorndorf");
    let b = &g.data.board;
    let (from, to) = (b.parse("1709").unwrap(), b.parse("1809").unwrap());
    assert!(b.adjacent(from, to));
    let cost = g.hex_cost(Mover::Infantry, to).unwrap()
        + g.hexside_cost(Mover::Infantry, from, to).unwrap();
    assert_eq!(cost, 2, "1 MP for the clear hex, +1 for the slope");
    assert_eq!(g.hex_cost(Mover::Infantry, to), Some(1));
}

#[test]
fn r7_3_zorndorf_marsh_costs_cavalry_three() {
    let g = shipped("zorndorf");
    let marsh = g.data.terrain_index("marsh").unwrap();
    let c = g
        .data
        .board
        .cells
        .iter()
        .position(|c| usize::from(c.terrain) == marsh)
        .expect("Zorndorf has marsh");
    assert_eq!(
        g.hex_cost(Mover::Cavalry, coupdoeil_pg::Cell(c as u16)),
        Some(3)
    );
}

fn sees(g: &coupdoeil_pg::PrussiasGlory, s: &coupdoeil_pg::State, a: &str, b: &str) -> bool {
    let bd = &g.data.board;
    g.los(s, bd.parse(a).unwrap(), bd.parse(b).unwrap())
}

#[test]
fn r8_2_1_zorndorf_slope_examples() {
    let g = shipped("zorndorf");
    let mut s = coupdoeil_engine::Game::initial_state(&g);
    for t in &mut s.troops {
        t.cell = None;
    }
    assert!(
        sees(&g, &s, "2104", "2102"),
        "the high hex next to the slope"
    );
    assert!(
        !sees(&g, &s, "2105", "2103"),
        "the high hex back from the slope"
    );
    for t in ["2107", "2108", "2207"] {
        assert!(sees(&g, &s, "2105", t), "2105 over low ground to {t}");
        assert!(sees(&g, &s, t, "2105"), "and back from {t}");
    }
    for t in ["1923", "2023"] {
        assert!(sees(&g, &s, "1724", t), "1724 down a long slope to {t}");
        assert!(sees(&g, &s, t, "1724"));
    }
    for t in ["1922", "1423"] {
        assert!(!sees(&g, &s, "1724", t), "1724 does not see {t}");
    }
}

#[test]
fn r8_1_and_8_2_2_leuthen_examples() {
    let g = shipped("leuthen");
    let b = &g.data.board;
    let h = |x: &str| b.parse(x).unwrap();
    // 8.1: artillery in 3207 is next to both 3106 and 3107; 3305 is within 3 of 3106 but not
    // next to it.
    assert!(b.adjacent(h("3207"), h("3106")));
    assert!(b.adjacent(h("3207"), h("3107")));
    assert!(!b.adjacent(h("3305"), h("3106")));
    assert!(b.distance(h("3305"), h("3106")) <= 3);
    let mut s = coupdoeil_engine::Game::initial_state(&g);
    for t in &mut s.troops {
        t.cell = None;
    }
    // 8.2.2: 3617 sees 3512 with a Unit in 3615 (low ground); 3512 sees 3614 over Units in 3513
    // and 3613 (directly downslope).
    s.troops[0].cell = Some(h("3615"));
    assert!(sees(&g, &s, "3617", "3512"), "over the low ground of 3615");
    s.troops[0].cell = Some(h("3513"));
    s.troops[1].cell = Some(h("3613"));
    assert!(
        sees(&g, &s, "3512", "3614"),
        "over 3513 and 3613, downslope"
    );
}

#[test]
fn a_side_without_troops_is_refused() {
    let doc = coupdoeil_scenario::Document::parse(&[
        ("field.toml", common::FIELD),
        ("charts.toml", common::CHARTS),
    ])
    .unwrap();
    let mut table = doc.table().clone();
    let troops = table["troop"].as_array_mut().unwrap();
    troops.retain(|t| t["side"].as_str() != Some("coalition"));
    let text = toml::to_string(&table).unwrap();
    let doc = coupdoeil_scenario::Document::parse(&[("all.toml", text.as_str())]).unwrap();
    let sc = coupdoeil_scenario::Scenario::from_document(doc).unwrap();
    let err = coupdoeil_pg::PrussiasGlory::new(&sc)
        .unwrap_err()
        .to_string();
    assert!(err.contains("side `coalition` has no troops"), "{err}");
}

/// Zorndorf's battle scenario takes the main scenario's victory levels (authored: the search
/// on both sides lands at the same differential in both, `data/scenarios/pg/zorndorf/NOTES.md`
/// 9.1), with the Prussian marginal line at +40.
#[test]
fn zorndorf_battle_takes_the_main_scenarios_victory_levels() {
    let main = shipped("zorndorf");
    let battle = shipped("zorndorf-battle");
    assert_eq!(
        format!("{:?}", battle.data.victory),
        format!("{:?}", main.data.victory)
    );
    assert!(
        main.data.victory.iter().any(|v| v.min_vp == Some(40)),
        "{:?}",
        main.data.victory
    );
}
