//! The engine's conformance kit over seeded random games of the test scenario: legal lists
//! sorted and unique, every listed action applies and a sample of unlisted ones is refused,
//! chance distributions exact, notation round trips, clone and serde round trips, replays.

mod common;
use coupdoeil_engine::testkit::{Options, check_random_playouts};
use coupdoeil_ge::Action;

#[test]
fn conformance_vimeiro() {
    let opts = Options {
        games: 12,
        seed: 1,
        max_steps: 60_000,
        deep_every: 5,
    };
    // Mutants: the legal actions' neighbours that are usually illegal.
    let report = check_random_playouts(
        common::game(),
        &opts,
        |_, legal| {
            let mut v = Vec::new();
            for a in legal.iter().take(8) {
                match *a {
                    Action::Step(c) => v.push(Action::RetreatTo(c)),
                    Action::Fire { from, target } => v.push(Action::Fire {
                        from: target,
                        target: from,
                    }),
                    Action::Select(u) => v.push(Action::Drop(u)),
                    Action::ReactFire(c) => v.push(Action::ReactCharge(c)),
                    _ => {}
                }
            }
            v.push(Action::EndMove);
            v.push(Action::Fortify);
            v
        },
        |_, _| Vec::new(),
    );
    assert_eq!(report.games, opts.games);
    assert!(
        report.chances > 100 && report.decisions > 1000,
        "{report:?}"
    );
}

/// The kit over random games of the shipped Vimeiro played as the Battalion Game: its orders
/// phases, Disorder Checks and Force Marches along the way.
#[test]
fn conformance_vimeiro_battalion() {
    let opts = Options {
        games: 3,
        seed: 11,
        max_steps: 60_000,
        deep_every: 11,
    };
    let report = common::battalion_playouts(common::shipped_vimeiro_battalion(), &opts);
    assert_eq!(report.games, opts.games);
    assert!(
        report.chances > 100 && report.decisions > 3000,
        "{report:?}"
    );
}

/// The kit over random games of the shipped Vimeiro played as the Brigade Game.
#[test]
fn conformance_vimeiro_brigade() {
    let opts = Options {
        games: 3,
        seed: 21,
        max_steps: 60_000,
        deep_every: 11,
    };
    let report = common::battalion_playouts(common::shipped_vimeiro_brigade(), &opts);
    assert_eq!(report.games, opts.games);
    assert!(
        report.chances > 100 && report.decisions > 3000,
        "{report:?}"
    );
}

/// The kit over a random game of the shipped Vimeiro Brigade Game with the optional Limited
/// Intelligence (G23): secret events and obscured stacks along the way.
#[test]
fn conformance_vimeiro_brigade_limited_intelligence() {
    let opts = Options {
        games: 1,
        seed: 23,
        max_steps: 60_000,
        deep_every: 13,
    };
    let report = common::battalion_playouts(common::shipped_vimeiro_brigade_li(), &opts);
    assert_eq!(report.games, opts.games);
    assert!(
        report.chances > 100 && report.decisions > 1000,
        "{report:?}"
    );
}
