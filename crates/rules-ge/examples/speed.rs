//! Prints how fast the rules run on the Vimeiro test scenario: legal-action lists, applying
//! actions, plans, and whole random games. Run with
//! `cargo run --release -p coupdoeil-ge --example speed`.

use coupdoeil_engine::{Game, Plans, ToAct, draw_below};
use coupdoeil_ge::GloryEmpire;
use coupdoeil_scenario::{Document, Scenario};
use rand::SeedableRng;
use std::time::Instant;

fn main() {
    let files = [
        ("vimeiro.toml", include_str!("../tests/data/vimeiro.toml")),
        (
            "charts.toml",
            include_str!("../../../data/scenarios/ge/charts.toml"),
        ),
    ];
    let t0 = Instant::now();
    let sc = Scenario::from_document(Document::parse(&files).expect("parses")).expect("valid");
    let g = GloryEmpire::new(&sc).expect("loads");
    println!("load: {:.2} ms", t0.elapsed().as_secs_f64() * 1e3);
    let games = 20u64;
    let (mut decisions, mut legal_ns, mut apply_ns, mut plans_ns, mut plan_calls) =
        (0u64, 0u128, 0u128, 0u128, 0u64);
    let mut legal = Vec::new();
    let mut plans = Vec::new();
    let mut ev = Vec::new();
    let t = Instant::now();
    for seed in 0..games {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut s = g.initial_state();
        while g.to_act(&s) != ToAct::Over {
            if g.to_act(&s) == ToAct::Chance {
                let c = *g.chance(&s).sample(&mut rng);
                g.apply_chance_unchecked(&mut s, &c, &mut ev);
                continue;
            }
            let a0 = Instant::now();
            g.legal_actions(&s, &mut legal);
            legal_ns += a0.elapsed().as_nanos();
            if decisions % 10 == 0 {
                let p0 = Instant::now();
                g.plans(&s, 32, &mut plans);
                plans_ns += p0.elapsed().as_nanos();
                plan_calls += 1;
            }
            let a = legal[draw_below(&mut rng, legal.len() as u64) as usize];
            let b0 = Instant::now();
            g.apply_action_unchecked(&mut s, &a, &mut ev);
            apply_ns += b0.elapsed().as_nanos();
            ev.clear();
            decisions += 1;
        }
    }
    let secs = t.elapsed().as_secs_f64();
    println!("{games} random games, {decisions} decisions in {secs:.2} s");
    println!(
        "legal_actions: {:.1} us per call",
        legal_ns as f64 / decisions as f64 / 1e3
    );
    println!(
        "apply_action:  {:.1} us per call",
        apply_ns as f64 / decisions as f64 / 1e3
    );
    println!(
        "plans:         {:.1} us per call",
        plans_ns as f64 / plan_calls.max(1) as f64 / 1e3
    );
    println!(
        "state size:    {} bytes of JSON",
        serde_json::to_string(&g.initial_state()).map_or(0, |x| x.len())
    );
}
