//! The engine's conformance kit over seeded random games, with hidden-information variants.

mod common;
use common::{TEST_MAP, mutants, test_game, variants};
use coupdoeil_dm::DrumsMuskets;
use coupdoeil_engine::testkit::{Options, check_random_playouts};
use coupdoeil_scenario::{Document, Scenario, merge};

fn run(g: DrumsMuskets, games: u32, seed: u64) {
    let g2 = g.clone();
    let g3 = g.clone();
    let opts = Options {
        games,
        seed,
        max_steps: 20_000,
        deep_every: 5,
    };
    let report = check_random_playouts(
        g,
        &opts,
        |s, l| mutants(&g2, s, l),
        |s, side| variants(&g3, s, side),
    );
    assert_eq!(report.games, games);
    assert!(report.chances > 0 && report.decisions > 0);
}

#[test]
fn conformance_test_map_historical_setup() {
    run(test_game(), 150, 1);
}

#[test]
fn conformance_test_map_free_setup() {
    let base = Document::parse(&[("testmap.toml", TEST_MAP)]).unwrap();
    let over = Document::parse(&[("free.toml", "[scenario]\nsetup = \"free\"\n")]).unwrap();
    let sc = Scenario::from_document(merge(base, over)).unwrap();
    run(DrumsMuskets::new(&sc).unwrap(), 150, 1000);
}
