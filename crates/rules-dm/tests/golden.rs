//! Golden playthroughs: a seeded random game on the test map and on historical Leuthen, every step
//! and every event in words, compared with the files under `tests/golden/`. After a deliberate
//! change of the rules, regenerate them with `BLESS=1 cargo test -p coupdoeil-dm --test golden` and
//! review the diff.

mod common;
use coupdoeil_dm::DrumsMuskets;
use coupdoeil_engine::{Game, Match, ToAct, Viewer, draw_below};
use rand::SeedableRng;
use std::fmt::Write;
use std::sync::Arc;

fn playthrough(game: DrumsMuskets, seed: u64) -> String {
    let game = Arc::new(game);
    let mut m = Match::new(game.clone(), seed);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut out = String::new();
    let _ = writeln!(out, "# {} seed {seed}", game.scenario_id());
    loop {
        let n = m.steps() + 1;
        let (who, res) = match m.to_act() {
            ToAct::Over => break,
            ToAct::Chance => ("chance".to_string(), m.roll().expect("roll")),
            ToAct::Side(side) => {
                let legal = m.legal_actions();
                let a = legal[draw_below(&mut rng, legal.len() as u64) as usize];
                let words = game.describe_action(m.state(), &a);
                let who = format!("{} [{} choices] {words}", game.side_name(side), legal.len());
                (who, m.apply(&a).expect("legal"))
            }
        };
        let _ = writeln!(out, "{n:4} {who}: {}", res.value);
        for e in &res.events {
            let seen = if game.event_visible(e, Viewer::Spectator) {
                ""
            } else {
                " (private)"
            };
            let _ = writeln!(out, "       - {}{seen}", game.describe_event(e));
        }
    }
    let o = game.outcome(m.state()).expect("over");
    let _ = writeln!(out, "result: {:?} {} {:?}", o.winner, o.kind, o.points);
    out
}

fn check(name: &str, text: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&path, text).expect("write golden file");
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    if want != text {
        let first = want
            .lines()
            .zip(text.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "{name} differs from the golden file at line {}:\n  golden: {}\n  now:    {}\n(regenerate with BLESS=1 after review)",
            first + 1,
            want.lines().nth(first).unwrap_or("<end>"),
            text.lines().nth(first).unwrap_or("<end>")
        );
    }
}

#[test]
fn golden_test_map_seed_7() {
    check("testmap-seed-7.txt", &playthrough(common::test_game(), 7));
}

#[test]
fn golden_leuthen_historical_seed_1() {
    let game = common::leuthen(true);
    check("leuthen-historical-seed-1.txt", &playthrough(game, 1));
}
