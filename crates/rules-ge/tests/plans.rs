//! The `Plans` capability: every plan is a non-empty sequence of legal actions of the side to
//! act, with no die and no other side's decision before its last action.

mod common;
use coupdoeil_engine::{Game, Plans, ToAct, draw_below};
use rand::SeedableRng;

#[test]
fn plans_are_legal_sequences_of_the_side_to_act() {
    let g = common::game();
    let mut plans = Vec::new();
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    let mut checked = 0;
    for seed in 0..3u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut s = g.initial_state();
        for _ in 0..1500 {
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
    assert!(checked > 1000, "{checked}");
}
