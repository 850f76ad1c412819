//! The engine's conformance kit over seeded random games.

mod common;
use common::field;
use coupdoeil_engine::testkit::{Options, check_random_playouts};
use coupdoeil_pg::PrussiasGlory;

fn run(g: PrussiasGlory, games: u32, seed: u64) {
    let opts = Options {
        games,
        seed,
        max_steps: 40_000,
        deep_every: 7,
    };
    let report = check_random_playouts(g, &opts, |_, _| Vec::new(), |_, _| Vec::new());
    assert_eq!(report.games, games);
    assert!(report.chances > 0 && report.decisions > 0);
}

#[test]
fn conformance_test_field() {
    run(field(), 40, 1);
}
