//! The conformance kit: properties every [`Game`] must keep, checked along seeded random
//! playouts. Each rules crate calls [`check_random_playouts`] from its tests.

use crate::{Game, Match, ToAct, Viewer, hash_state, replay};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// Options for [`check_random_playouts`].
#[derive(Clone, Debug)]
pub struct Options {
    /// Number of games.
    pub games: u32,
    /// Seed of the first game; game `i` uses `seed + i`.
    pub seed: u64,
    /// Stop a game after this many steps (a safety net against endless games: reported).
    pub max_steps: usize,
    /// Check the expensive properties (serde round trips, unlisted actions) every `deep_every`
    /// steps; 1 checks every step.
    pub deep_every: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            games: 100,
            seed: 1,
            max_steps: 20_000,
            deep_every: 7,
        }
    }
}

/// What a conformance run saw.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Games played to the end.
    pub games: u32,
    /// Steps in all.
    pub steps: u64,
    /// Decisions in all.
    pub decisions: u64,
    /// Chance outcomes in all.
    pub chances: u64,
}

/// Plays `opts.games` random games and panics with a precise message at the first broken
/// property: legal lists sorted and unique and empty unless a side acts; every listed action
/// applies; a sample of unlisted actions (`mutants`) is refused; chance distributions have distinct
/// outcomes with positive weights; clone and serde round trips preserve the state; the record
/// replays to the same hashes; the game ends within `max_steps`; and, when `other_side_variants`
/// yields states that differ only in one side's hidden data, the other side's observation is
/// unchanged.
///
/// `mutants(state, legal)` proposes actions that look plausible but may be illegal; those not in
/// the legal list must be refused by `play`. `other_side_variants(state, side)` returns states that
/// differ from `state` only in data `side` may not see.
///
/// # Panics
/// On the first violated property.
pub fn check_random_playouts<G, M, V>(
    game: G,
    opts: &Options,
    mut mutants: M,
    mut other_side_variants: V,
) -> Report
where
    G: Game,
    M: FnMut(&G::State, &[G::Action]) -> Vec<G::Action>,
    V: FnMut(&G::State, crate::Side) -> Vec<G::State>,
{
    let game = Arc::new(game);
    let mut report = Report::default();
    let mut legal = Vec::new();
    for g in 0..opts.games {
        let seed = opts.seed + u64::from(g);
        let mut m = Match::new(game.clone(), seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_5eed);
        let mut step = 0usize;
        loop {
            let state = m.state().clone();
            let to_act = game.to_act(&state);
            game.legal_actions(&state, &mut legal);
            let deep = step.is_multiple_of(opts.deep_every.max(1));
            assert!(
                legal.windows(2).all(|w| w[0] < w[1]),
                "game {seed} step {step}: legal actions not sorted and unique: {legal:?}"
            );
            if deep {
                let cloned = state.clone();
                assert_eq!(cloned, state, "game {seed} step {step}: clone differs");
                let json = serde_json::to_string(&state).expect("state serialises");
                let back: G::State = serde_json::from_str(&json).expect("state deserialises");
                assert_eq!(
                    back, state,
                    "game {seed} step {step}: serde round trip differs"
                );
                for side in crate::Side::ALL {
                    let seen = game.observe(&state, Viewer::Side(side));
                    for variant in other_side_variants(&state, side.other()) {
                        assert_eq!(
                            game.observe(&variant, Viewer::Side(side)),
                            seen,
                            "game {seed} step {step}: {side:?}'s observation changed with the \
                             other side's hidden data"
                        );
                        // Variants of hidden data must not change what that side may legally do either.
                        if to_act == ToAct::Side(side) {
                            let mut other_legal = Vec::new();
                            game.legal_actions(&variant, &mut other_legal);
                            assert_eq!(
                                other_legal, legal,
                                "game {seed} step {step}: {side:?}'s legal actions depend on \
                                 hidden data"
                            );
                        }
                    }
                }
            }
            match to_act {
                ToAct::Over => {
                    assert!(legal.is_empty(), "game {seed}: legal actions after the end");
                    assert!(
                        game.outcome(&state).is_some(),
                        "game {seed}: over without outcome"
                    );
                    break;
                }
                ToAct::Chance => {
                    assert!(
                        legal.is_empty(),
                        "game {seed} step {step}: actions at a chance node"
                    );
                    let dist = game.chance(&state);
                    let mut outs: Vec<_> = dist.outcomes().iter().map(|(o, _)| o.clone()).collect();
                    outs.sort();
                    let n = outs.len();
                    outs.dedup();
                    assert_eq!(
                        n,
                        outs.len(),
                        "game {seed} step {step}: duplicate chance outcomes"
                    );
                    for o in &outs {
                        let text = game.chance_notation(o);
                        assert_eq!(
                            game.parse_chance(&text).as_ref(),
                            Ok(o),
                            "game {seed} step {step}: chance notation `{text}` does not round-trip"
                        );
                    }
                    m.roll().expect("roll at a chance node");
                    report.chances += 1;
                }
                ToAct::Side(_) => {
                    assert!(
                        !legal.is_empty(),
                        "game {seed} step {step}: a side to act has no action"
                    );
                    if deep {
                        for a in &legal {
                            let text = game.action_notation(a);
                            assert_eq!(
                                game.parse_action(&text).as_ref(),
                                Ok(a),
                                "game {seed} step {step}: action notation `{text}` does not round-trip"
                            );
                        }
                        for bad in mutants(&state, &legal) {
                            if legal.binary_search(&bad).is_err() {
                                assert!(
                                    game.play(state.clone(), &bad).is_err(),
                                    "game {seed} step {step}: unlisted action {bad:?} accepted"
                                );
                            }
                        }
                    }
                    let pick =
                        legal[crate::draw_below(&mut rng, legal.len() as u64) as usize].clone();
                    m.apply(&pick).expect("a listed action applies");
                    report.decisions += 1;
                }
            }
            step += 1;
            assert!(
                step <= opts.max_steps,
                "game {seed}: no end after {step} steps"
            );
        }
        let final_hash = hash_state(m.state());
        let replayed = replay(game.as_ref(), m.record())
            .unwrap_or_else(|e| panic!("game {seed}: the record does not replay: {e}"));
        assert_eq!(
            hash_state(&replayed),
            final_hash,
            "game {seed}: replay ends elsewhere"
        );
        report.games += 1;
        report.steps += step as u64;
    }
    report
}
