//! Golden playthroughs: a seeded game of the test scenario between two one-step greedy players (the crate's own evaluation, ties broken by the seed), every step and event in
//! words, compared with the files under `tests/golden/`. After a deliberate change of the rules or
//! the data, regenerate them with `BLESS=1 cargo test -p coupdoeil-ge --test golden` and review
//! the diff.

mod common;
use coupdoeil_engine::{Evaluate, Game, Match, ToAct, draw_below};
use coupdoeil_ge::GloryEmpire;
use rand::SeedableRng;
use std::fmt::Write;
use std::sync::Arc;

fn greedy_choice(
    g: &GloryEmpire,
    s: &coupdoeil_ge::State,
    legal: &[coupdoeil_ge::Action],
    rng: &mut rand_chacha::ChaCha8Rng,
) -> coupdoeil_ge::Action {
    let side = match g.to_act(s) {
        ToAct::Side(x) => x,
        _ => unreachable!(),
    };
    let mut best = Vec::new();
    let mut best_v = i32::MIN;
    let mut ev = Vec::new();
    for &a in legal {
        let mut t = s.clone();
        g.apply_action_unchecked(&mut t, &a, &mut ev);
        ev.clear();
        let v = g.evaluate(&t, side);
        if v > best_v {
            best_v = v;
            best.clear();
        }
        if v == best_v {
            best.push(a);
        }
    }
    best[draw_below(rng, best.len() as u64) as usize]
}

fn playthrough(game: GloryEmpire, seed: u64) -> String {
    let game = Arc::new(game);
    let mut m = Match::new(game.clone(), seed);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut out = String::new();
    let _ = writeln!(out, "# {} seed {seed}", game.scenario_id());
    while m.steps() < 20_000 {
        let n = m.steps() + 1;
        let (who, res) = match m.to_act() {
            ToAct::Over => break,
            ToAct::Chance => ("chance".to_string(), m.roll().expect("roll")),
            ToAct::Side(side) => {
                let legal = m.legal_actions();
                let a = greedy_choice(&game, m.state(), &legal, &mut rng);
                let words = game.describe_action(m.state(), &a);
                let who = format!("{} [{} choices] {words}", game.side_name(side), legal.len());
                (who, m.apply(&a).expect("legal"))
            }
        };
        let _ = writeln!(out, "{n:5} {who}: {}", res.value);
        for e in &res.events {
            let _ = writeln!(out, "        - {}", game.describe_event(e));
        }
    }
    match game.outcome(m.state()) {
        Some(o) => {
            let _ = writeln!(out, "result: {:?} {} {:?}", o.winner, o.kind, o.points);
        }
        None => {
            let _ = writeln!(out, "unfinished after {} steps", m.steps());
        }
    }
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
fn golden_vimeiro_test_seed_1() {
    check("vimeiro-test-seed-1.txt", &playthrough(common::game(), 1));
}
