//! A random game on the test field, printed (run with --nocapture to read it).

mod common;
use coupdoeil_engine::{Game, ToAct, draw_below};
use rand::SeedableRng;

#[test]
fn smoke_random_game_reaches_combat() {
    let g = common::field();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut s = g.initial_state();
    let mut ev = Vec::new();
    let mut legal = Vec::new();
    let mut steps = 0;
    let mut decisions = 0;
    while g.to_act(&s) != ToAct::Over && steps < 20000 {
        match g.to_act(&s) {
            ToAct::Chance => {
                let c = *g.chance(&s).sample(&mut rng);
                g.apply_chance_unchecked(&mut s, &c, &mut ev);
            }
            _ => {
                g.legal_actions(&s, &mut legal);
                decisions += 1;
                let a = legal[draw_below(&mut rng, legal.len() as u64) as usize];
                if std::env::var("PG_TRACE").is_ok() {
                    println!("  > {} ({} legal)", g.describe_action(&s, &a), legal.len());
                }
                g.apply_action_unchecked(&mut s, &a, &mut ev);
            }
        }
        for e in ev.drain(..) {
            if std::env::var("PG_TRACE").is_ok() {
                println!("{}", g.describe_event(&e));
            }
        }
        steps += 1;
    }
    println!(
        "steps {steps}, decisions {decisions}, outcome {:?}",
        g.outcome(&s)
    );
    assert_eq!(g.to_act(&s), ToAct::Over);
    assert!(decisions > 20);
}
