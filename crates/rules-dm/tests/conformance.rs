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

/// One step of a random game: a chance outcome by its weights, or a uniform legal action.
fn random_step(
    g: &DrumsMuskets,
    s: &mut coupdoeil_dm::State,
    rng: &mut rand_chacha::ChaCha8Rng,
    legal: &mut Vec<coupdoeil_dm::Action>,
    ev: &mut Vec<coupdoeil_dm::Event>,
) {
    use coupdoeil_engine::{Game, ToAct, draw_below};
    match g.to_act(s) {
        ToAct::Chance => {
            let c = *g.chance(s).sample(rng);
            g.apply_chance_unchecked(s, &c, ev);
        }
        _ => {
            g.legal_actions(s, legal);
            let a = legal[draw_below(rng, legal.len() as u64) as usize];
            g.apply_action_unchecked(s, &a, ev);
        }
    }
}

/// The determinization contract along random games: the viewer's observation and legal actions
/// are the same in the sampled state, and the opponent's hidden pieces really are reshuffled.
#[test]
fn determinize_keeps_the_viewers_observation() {
    use coupdoeil_engine::{Determinize, Game, ToAct, Viewer};
    use rand::SeedableRng;
    let g = test_game();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let mut changed = 0;
    for _ in 0..40 {
        let mut s = g.initial_state();
        let mut ev = Vec::new();
        let mut legal = Vec::new();
        while g.to_act(&s) != ToAct::Over {
            for v in coupdoeil_engine::Side::ALL {
                let d = g.determinize(&s, v, &mut rng);
                assert_eq!(
                    g.observe(&d, Viewer::Side(v)),
                    g.observe(&s, Viewer::Side(v))
                );
                if g.to_act(&s) == ToAct::Side(v) {
                    let mut a = Vec::new();
                    let mut b = Vec::new();
                    g.legal_actions(&s, &mut a);
                    g.legal_actions(&d, &mut b);
                    assert_eq!(a, b);
                }
                changed += usize::from(d != s);
            }
            random_step(&g, &mut s, &mut rng, &mut legal, &mut ev);
        }
    }
    assert!(
        changed > 100,
        "determinization resampled something ({changed} times)"
    );
}

/// A sample depends on the viewer's observation and the random numbers only: two states the
/// viewer cannot tell apart (one of them itself a sample) give the same sample from the same seed.
#[test]
fn determinize_reads_only_the_observation() {
    use coupdoeil_engine::{Determinize, Game, Side, ToAct, Viewer};
    use rand::SeedableRng;
    let g = test_game();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut differing = 0;
    for game in 0..20 {
        let mut s = g.initial_state();
        let mut ev = Vec::new();
        let mut legal = Vec::new();
        let mut step = 0u64;
        while g.to_act(&s) != ToAct::Over {
            step += 1;
            if step.is_multiple_of(7) {
                for v in Side::ALL {
                    let twin = g.determinize(&s, v, &mut rng);
                    assert_eq!(
                        g.observe(&twin, Viewer::Side(v)),
                        g.observe(&s, Viewer::Side(v))
                    );
                    differing += usize::from(twin != s);
                    let seed = game * 1000 + step;
                    let a = g.determinize(&s, v, &mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
                    let b =
                        g.determinize(&twin, v, &mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
                    assert_eq!(a, b, "game {game} step {step} viewer {v:?}");
                }
            }
            random_step(&g, &mut s, &mut rng, &mut legal, &mut ev);
        }
    }
    assert!(
        differing > 20,
        "the twins differ in hidden data ({differing})"
    );
}

/// Every plan is a sequence of legal actions by the side to act, with no chance node inside.
#[test]
fn plans_are_legal_sequences_by_the_side_to_act() {
    use coupdoeil_engine::{Game, Plans, ToAct, draw_below};
    use rand::SeedableRng;
    let g = test_game();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut plans = Vec::new();
    let mut longest = 0;
    for _ in 0..10 {
        let mut s = g.initial_state();
        let mut ev = Vec::new();
        while g.to_act(&s) != ToAct::Over {
            match g.to_act(&s) {
                ToAct::Chance => {
                    let c = *g.chance(&s).sample(&mut rng);
                    g.apply_chance_unchecked(&mut s, &c, &mut ev);
                }
                ToAct::Side(side) => {
                    g.plans(&s, 60, &mut plans);
                    assert!(!plans.is_empty());
                    for p in &plans {
                        let mut t = s.clone();
                        for (i, a) in p.iter().enumerate() {
                            assert_eq!(g.to_act(&t), ToAct::Side(side), "plan {p:?} step {i}");
                            assert!(g.is_legal(&t, a), "plan {p:?} step {i}");
                            g.apply_action_unchecked(&mut t, a, &mut ev);
                        }
                        longest = longest.max(p.len());
                    }
                    let p = plans[draw_below(&mut rng, plans.len() as u64) as usize].clone();
                    for a in &p {
                        g.apply_action_unchecked(&mut s, a, &mut ev);
                    }
                }
                ToAct::Over => {}
            }
        }
    }
    assert!(longest >= 3, "whole moves are offered as one plan");
}
