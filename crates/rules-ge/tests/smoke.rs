//! A random game on the test scenario, printed with GE_TRACE=1 (run with --nocapture).

mod common;
use coupdoeil_engine::{Game, ToAct, draw_below};
use rand::SeedableRng;

#[test]
fn smoke_random_game_ends() {
    let g = common::game();
    for seed in 0..3 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut s = g.initial_state();
        let mut ev = Vec::new();
        let mut legal = Vec::new();
        let mut steps = 0;
        let mut decisions = 0;
        while g.to_act(&s) != ToAct::Over && steps < 50_000 {
            match g.to_act(&s) {
                ToAct::Chance => {
                    let c = *g.chance(&s).sample(&mut rng);
                    g.apply_chance_unchecked(&mut s, &c, &mut ev);
                }
                _ => {
                    g.legal_actions(&s, &mut legal);
                    decisions += 1;
                    let a = legal[draw_below(&mut rng, legal.len() as u64) as usize];
                    if std::env::var("GE_TRACE").is_ok() {
                        println!("  > {} ({} legal)", g.describe_action(&s, &a), legal.len());
                    }
                    g.apply_action_unchecked(&mut s, &a, &mut ev);
                }
            }
            for e in ev.drain(..) {
                if std::env::var("GE_TRACE").is_ok() {
                    println!("{}", g.describe_event(&e));
                }
            }
            steps += 1;
        }
        println!(
            "seed {seed}: steps {steps}, decisions {decisions}, outcome {:?}",
            g.outcome(&s)
        );
        assert_eq!(g.to_act(&s), ToAct::Over, "seed {seed}");
        assert!(decisions > 20);
    }
}
