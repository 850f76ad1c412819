//! The `Plans` capability: every plan is a non-empty sequence of legal actions of the side to
//! act, with no die and no other side's decision before its last action.

mod common;
use coupdoeil_engine::{Game, Plans, ToAct, draw_below};
use rand::SeedableRng;

#[test]
fn plans_are_legal_sequences_of_the_side_to_act() {
    assert!(check_plans(&common::game(), 0..3, 1500) > 1000);
}

/// The Brigade Game's plans too, the whole GTF's moves among them (G17.2.3).
#[test]
fn plans_are_legal_sequences_in_the_brigade_game() {
    assert!(check_plans(&common::shipped_vimeiro_brigade(), 0..1, 600) > 200);
}

/// Plays `steps` decisions of random plans from each seed, checking every plan offered on the
/// way; the number of plans checked.
fn check_plans(g: &coupdoeil_ge::GloryEmpire, seeds: std::ops::Range<u64>, steps: usize) -> usize {
    let mut plans = Vec::new();
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    let mut checked = 0;
    for seed in seeds {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut s = g.initial_state();
        for _ in 0..steps {
            match g.to_act(&s) {
                ToAct::Over => break,
                ToAct::Chance => {
                    let c = *g.chance(&s).sample(&mut rng);
                    g.apply_chance_unchecked(&mut s, &c, &mut ev);
                }
                ToAct::Side(side) => {
                    g.plans(&s, 24, &mut plans);
                    assert!(!plans.is_empty(), "no plan: {}", g.waiting_text(&s));
                    for p in &plans {
                        assert!(!p.is_empty());
                        let mut t = s.clone();
                        for (i, a) in p.iter().enumerate() {
                            assert_eq!(g.to_act(&t), ToAct::Side(side), "plan {p:?} step {i}");
                            g.legal_actions(&t, &mut legal);
                            assert!(
                                legal.contains(a),
                                "plan {p:?}: {a:?} illegal at step {i}: {:?} {}",
                                legal
                                    .iter()
                                    .map(|x| g.action_notation(x))
                                    .collect::<Vec<_>>(),
                                g.waiting_text(&t)
                            );
                            g.apply_action_unchecked(&mut t, a, &mut ev);
                        }
                        checked += 1;
                    }
                    let p = plans[draw_below(&mut rng, plans.len() as u64) as usize].clone();
                    for a in &p {
                        g.apply_action_unchecked(&mut s, a, &mut ev);
                    }
                }
            }
            ev.clear();
        }
    }
    checked
}
