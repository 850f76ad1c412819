//! Records that prove themselves (engine record format 2) on real Drums & Muskets games: every
//! single change of a die or a card drawn fails verification, even with every hash recomputed.

mod common;
use coupdoeil_dm::DrumsMuskets;
use coupdoeil_engine::{
    Game, Match, Record, StepKind, ToAct, chain_hash, draw_below, header_hash, replay,
};
use rand::SeedableRng;
use std::sync::Arc;

fn random_game(game: &Arc<DrumsMuskets>, seed: u64) -> Record {
    let mut m = Match::new(game.clone(), seed);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed + 1000);
    loop {
        match m.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                m.roll().unwrap();
            }
            ToAct::Side(_) => {
                let legal = m.legal_actions();
                let a = legal[draw_below(&mut rng, legal.len() as u64) as usize];
                m.apply(&a).unwrap();
            }
        }
    }
    m.record().clone()
}

/// Recomputes every hash the way a forger with the program could, stopping where a changed
/// step no longer fits the game (the rest of the record is then dropped).
fn rechain(g: &DrumsMuskets, r: &mut Record) {
    let mut s = g.initial_state();
    r.initial_hash = header_hash(r, &s);
    let mut prev = r.initial_hash.clone();
    let mut ev = Vec::new();
    let mut keep = r.steps.len();
    for (i, st) in r.steps.iter_mut().enumerate() {
        let ok = match (g.to_act(&s), st.kind) {
            (ToAct::Side(_), StepKind::Action) => g
                .parse_action(&st.value)
                .ok()
                .filter(|a| g.is_legal(&s, a))
                .map(|a| g.apply_action_unchecked(&mut s, &a, &mut ev))
                .is_some(),
            (ToAct::Chance, StepKind::Chance) => g
                .parse_chance(&st.value)
                .ok()
                .filter(|c| g.chance(&s).outcomes().iter().any(|(o, _)| o == c))
                .map(|c| g.apply_chance_unchecked(&mut s, &c, &mut ev))
                .is_some(),
            _ => false,
        };
        if !ok {
            keep = i;
            break;
        }
        st.hash = chain_hash(&prev, st.kind, st.side, &st.value, st.forced, &s);
        prev.clone_from(&st.hash);
    }
    r.steps.truncate(keep);
    r.length = keep;
    r.last_hash = prev;
    r.outcome = g.outcome(&s);
}

#[test]
fn every_single_change_of_a_die_or_a_card_fails() {
    let game = Arc::new(common::leuthen(false));
    let mut changes = 0;
    for seed in [3] {
        let r = random_game(&game, seed);
        replay(game.as_ref(), &r).expect("the honest record verifies");
        for (i, st) in r.steps.iter().enumerate() {
            if st.kind != StepKind::Chance {
                continue;
            }
            let others: Vec<String> = if st.value.starts_with("die ") {
                (1..=6).map(|f| format!("die {f}")).collect()
            } else {
                game.data
                    .cards
                    .iter()
                    .map(|c| format!("draw {}", c.id))
                    .collect()
            };
            for v in others.into_iter().filter(|v| *v != st.value) {
                let mut bad = r.clone();
                bad.steps[i].value.clone_from(&v);
                assert!(
                    replay(game.as_ref(), &bad).is_err(),
                    "seed {seed} step {}: {} -> {v} verified",
                    i + 1,
                    st.value
                );
                rechain(&game, &mut bad);
                if bad.steps.len() > i {
                    assert!(
                        replay(game.as_ref(), &bad).is_err(),
                        "seed {seed} step {}: {} -> {v} verified with recomputed hashes",
                        i + 1,
                        st.value
                    );
                }
                changes += 1;
            }
        }
    }
    assert!(changes > 100, "only {changes} changes tried");
}
