//! Quick measure: random Leuthen games per second on one core (`cargo run --release --example speed`).
use coupdoeil_dm::DrumsMuskets;
use coupdoeil_engine::{Game, ToAct, draw_below};
use coupdoeil_scenario::{Document, Scenario, merge};
use rand::SeedableRng;

fn main() {
    let files = [
        (
            "scenario.toml",
            include_str!("../../../data/scenarios/dm/leuthen/scenario.toml"),
        ),
        (
            "map.toml",
            include_str!("../../../data/scenarios/dm/leuthen/map.toml"),
        ),
        (
            "oob.toml",
            include_str!("../../../data/scenarios/dm/leuthen/oob.toml"),
        ),
        (
            "cards.toml",
            include_str!("../../../data/scenarios/dm/leuthen/cards.toml"),
        ),
        (
            "charts.toml",
            include_str!("../../../data/scenarios/dm/leuthen/charts.toml"),
        ),
    ];
    let hist = std::env::args().any(|a| a == "--historical");
    let mut doc = Document::parse(&files).unwrap();
    if hist {
        doc = merge(
            doc,
            Document::parse(&[("h.toml", "[scenario]\nsetup = \"historical\"\n")]).unwrap(),
        );
    }
    let g = DrumsMuskets::new(&Scenario::from_document(doc).unwrap()).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let start = std::time::Instant::now();
    let (mut games, mut steps, mut gens) = (0u64, 0u64, 0u64);
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    let init = g.initial_state();
    while start.elapsed().as_secs_f64() < 3.0 {
        let mut s = init.clone();
        loop {
            match g.to_act(&s) {
                ToAct::Over => break,
                ToAct::Chance => {
                    let d = g.chance(&s);
                    let c = *d.sample(&mut rng);
                    g.apply_chance_unchecked(&mut s, &c, &mut ev);
                }
                ToAct::Side(_) => {
                    g.legal_actions(&s, &mut legal);
                    gens += 1;
                    let a = legal[draw_below(&mut rng, legal.len() as u64) as usize];
                    g.apply_action_unchecked(&mut s, &a, &mut ev);
                }
            }
            ev.clear();
            steps += 1;
        }
        games += 1;
    }
    let t = start.elapsed().as_secs_f64();
    println!(
        "{games} games in {t:.2}s: {:.0} games/s, {:.0} steps/game, {:.0} legal generations/s",
        games as f64 / t,
        steps as f64 / games as f64,
        gens as f64 / t
    );
}
