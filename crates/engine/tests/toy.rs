//! The engine on a toy game: a race to 12 where each turn a side either steps 1, or rolls a die
//! and moves that far. Checks the match runner, records, replay, undo and the conformance kit.

use coupdoeil_engine::testkit::{Options, check_random_playouts};
use coupdoeil_engine::{
    Distribution, Game, Match, Outcome, ReplayError, Side, ToAct, Viewer, replay,
};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

#[derive(Clone, Debug)]
struct Race;

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct St {
    pos: [u8; 2],
    turn: Side,
    rolling: bool,
    steps_taken: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
enum Act {
    Step,
    Roll,
}

impl Game for Race {
    type State = St;
    type Action = Act;
    type Chance = u8;
    type Observation = St;
    type Event = String;

    fn rules_id(&self) -> &'static str {
        "toy"
    }
    fn rules_version(&self) -> u32 {
        1
    }
    fn scenario_id(&self) -> &str {
        "race"
    }
    fn side_name(&self, side: Side) -> &str {
        if side == Side::A { "A" } else { "B" }
    }
    fn initial_state(&self) -> St {
        St {
            pos: [0, 0],
            turn: Side::A,
            rolling: false,
            steps_taken: 0,
        }
    }
    fn to_act(&self, s: &St) -> ToAct {
        if s.pos.iter().any(|p| *p >= 12) {
            ToAct::Over
        } else if s.rolling {
            ToAct::Chance
        } else {
            ToAct::Side(s.turn)
        }
    }
    fn outcome(&self, s: &St) -> Option<Outcome> {
        let w = [Side::A, Side::B]
            .into_iter()
            .find(|x| s.pos[x.index()] >= 12)?;
        Some(Outcome {
            winner: Some(w),
            kind: "race".into(),
            points: [i32::from(s.pos[0]), i32::from(s.pos[1])],
        })
    }
    fn legal_actions(&self, s: &St, out: &mut Vec<Act>) {
        out.clear();
        if let ToAct::Side(_) = self.to_act(s) {
            out.extend([Act::Step, Act::Roll]);
        }
    }
    fn chance(&self, _: &St) -> Distribution<u8> {
        Distribution::d6()
    }
    fn apply_action_unchecked(&self, s: &mut St, a: &Act, ev: &mut Vec<String>) {
        match a {
            Act::Step => {
                s.pos[s.turn.index()] += 1;
                s.steps_taken += 1;
                // Two steps in a row end the turn.
                if s.steps_taken >= 2 {
                    s.steps_taken = 0;
                    s.turn = s.turn.other();
                }
            }
            Act::Roll => s.rolling = true,
        }
        ev.push(format!("{a:?}"));
    }
    fn apply_chance_unchecked(&self, s: &mut St, c: &u8, ev: &mut Vec<String>) {
        s.pos[s.turn.index()] += c;
        s.rolling = false;
        s.steps_taken = 0;
        s.turn = s.turn.other();
        ev.push(format!("rolled {c}"));
    }
    fn observe(&self, s: &St, _: Viewer) -> St {
        s.clone()
    }
    fn event_visible(&self, _: &String, _: Viewer) -> bool {
        true
    }
    fn describe_event(&self, e: &String) -> String {
        e.clone()
    }
    fn action_notation(&self, a: &Act) -> String {
        format!("{a:?}").to_lowercase()
    }
    fn parse_action(&self, t: &str) -> Result<Act, String> {
        match t {
            "step" => Ok(Act::Step),
            "roll" => Ok(Act::Roll),
            _ => Err(format!("no action `{t}`")),
        }
    }
    fn chance_notation(&self, c: &u8) -> String {
        format!("die {c}")
    }
    fn parse_chance(&self, t: &str) -> Result<u8, String> {
        t.strip_prefix("die ")
            .and_then(|x| x.parse().ok())
            .filter(|f| (1..=6).contains(f))
            .ok_or(format!("bad `{t}`"))
    }
    fn may_take_back(&self, _: &St, a: &Act, _: &St) -> bool {
        *a == Act::Step
    }
}

fn play_out(seed: u64) -> Match<Race> {
    let mut m = Match::new(Arc::new(Race), seed);
    loop {
        match m.to_act() {
            ToAct::Over => return m,
            ToAct::Chance => {
                m.roll().unwrap();
            }
            ToAct::Side(_) => {
                let a = if m.steps().is_multiple_of(3) {
                    Act::Step
                } else {
                    Act::Roll
                };
                m.apply(&a).unwrap();
            }
        }
    }
}

#[test]
fn the_same_seed_rolls_the_same_dice_and_the_record_replays() {
    let a = play_out(9);
    let b = play_out(9);
    assert_eq!(a.record(), b.record());
    let end = replay(&Race, a.record()).expect("replays");
    assert_eq!(&end, a.state());
    assert!(a.record().outcome.is_some());
    let json = serde_json::to_string(a.record()).unwrap();
    let back: coupdoeil_engine::Record = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, a.record());
}

#[test]
fn a_tampered_record_fails_at_the_altered_step() {
    let m = play_out(3);
    let mut r = m.record().clone();
    let i = r
        .steps
        .iter()
        .position(|s| s.value.starts_with("die"))
        .unwrap();
    let face: u8 = r.steps[i].value[4..].parse().unwrap();
    r.steps[i].value = format!("die {}", face % 6 + 1);
    match replay(&Race, &r) {
        Err(ReplayError::Step { step, .. }) => assert_eq!(step, i + 1),
        other => panic!("expected a failure at step {}, got {other:?}", i + 1),
    }
}

#[test]
fn undo_takes_back_own_decisions_only_back_to_the_last_die_or_refusal() {
    let mut m = Match::new(Arc::new(Race), 1);
    m.apply(&Act::Step).unwrap();
    assert_eq!(m.undoable(Side::A), 1);
    assert!(m.undo(Side::A));
    assert_eq!(m.state().pos, [0, 0]);
    m.apply(&Act::Step).unwrap();
    m.apply(&Act::Step).unwrap(); // B's turn now
    assert_eq!(m.undoable(Side::B), 0, "nothing of B's to take back");
    assert_eq!(m.undoable(Side::A), 2);
    m.apply(&Act::Roll).unwrap(); // B rolls: the game refuses to take a roll back
    assert_eq!(m.undoable(Side::B), 0);
    m.roll().unwrap();
    assert_eq!(m.undoable(Side::A), 0, "never past a die");
    assert!(!m.undo(Side::A));
}

#[test]
fn illegal_actions_and_wrong_times_are_refused() {
    let mut m = Match::new(Arc::new(Race), 1);
    assert!(m.roll().is_err(), "no die pending");
    m.apply(&Act::Roll).unwrap();
    assert!(m.apply(&Act::Step).is_err(), "a die is pending");
    assert!(m.force(&7).is_err(), "no 7 on a d6");
    m.force(&4).unwrap();
    assert_eq!(m.state().pos, [4, 0]);
}

#[test]
fn the_toy_game_passes_the_conformance_kit() {
    let opts = Options {
        games: 50,
        seed: 1,
        max_steps: 1000,
        deep_every: 1,
    };
    let r = check_random_playouts(
        Race,
        &opts,
        |_, _| vec![Act::Step, Act::Roll],
        |_, _| Vec::new(),
    );
    assert_eq!(r.games, 50);
}

/// Re-chains every hash of `r` as a forger with the program would: from the initial state,
/// applying the recorded values, computing the header and step hashes the way `Match` does.
fn rechain(r: &mut coupdoeil_engine::Record) {
    use coupdoeil_engine::{StepKind, chain_hash, header_hash};
    let g = Race;
    let mut s = g.initial_state();
    r.initial_hash = header_hash(r, &s);
    let mut prev = r.initial_hash.clone();
    let mut ev = Vec::new();
    for st in &mut r.steps {
        match st.kind {
            StepKind::Action => {
                g.apply_action_unchecked(&mut s, &g.parse_action(&st.value).unwrap(), &mut ev)
            }
            StepKind::Chance => {
                g.apply_chance_unchecked(&mut s, &g.parse_chance(&st.value).unwrap(), &mut ev)
            }
        }
        st.hash = chain_hash(&prev, st.kind, st.side, &st.value, st.forced, &s);
        prev.clone_from(&st.hash);
    }
    r.length = r.steps.len();
    r.last_hash = prev;
    r.outcome = g.outcome(&s);
}

#[test]
fn a_record_with_another_seed_fails_even_with_its_hashes_recomputed() {
    let m = play_out(3);
    let mut r = m.record().clone();
    r.seed += 1;
    assert!(
        matches!(replay(&Race, &r), Err(ReplayError::InitialHash { .. })),
        "the seed is part of the first hash"
    );
    rechain(&mut r);
    match replay(&Race, &r) {
        Err(ReplayError::Step { message, .. }) => {
            assert!(message.contains("dice of seed"), "{message}");
        }
        other => panic!("the dice of the new seed differ: {other:?}"),
    }
}

#[test]
fn a_forged_die_fails_even_with_every_hash_recomputed() {
    let m = play_out(5);
    let mut r = m.record().clone();
    let i = r
        .steps
        .iter()
        .position(|s| s.value.starts_with("die"))
        .unwrap();
    let face: u8 = r.steps[i].value[4..].parse().unwrap();
    r.steps[i].value = format!("die {}", face % 6 + 1);
    rechain(&mut r);
    match replay(&Race, &r) {
        Err(ReplayError::Step { step, message }) => {
            assert_eq!(step, i + 1);
            assert!(message.contains("the record says"), "{message}");
        }
        other => panic!("expected a failure at step {}, got {other:?}", i + 1),
    }
}

#[test]
fn every_single_die_change_fails() {
    for seed in 1..=20 {
        let m = play_out(seed);
        let r = m.record();
        for (i, st) in r.steps.iter().enumerate() {
            let Some(face) = st.value.strip_prefix("die ") else {
                continue;
            };
            let face: u8 = face.parse().unwrap();
            for other in (1..=6).filter(|f| *f != face) {
                let mut bad = r.clone();
                bad.steps[i].value = format!("die {other}");
                assert!(
                    replay(&Race, &bad).is_err(),
                    "seed {seed} step {} die {other}",
                    i + 1
                );
                rechain(&mut bad);
                assert!(
                    replay(&Race, &bad).is_err(),
                    "rechained: seed {seed} step {} die {other}",
                    i + 1
                );
            }
        }
    }
}

#[test]
fn a_record_cut_short_fails() {
    let m = play_out(7);
    let mut r = m.record().clone();
    r.steps.truncate(r.steps.len() - 2);
    assert!(matches!(replay(&Race, &r), Err(ReplayError::Length { .. })));
    r.length = r.steps.len();
    assert!(matches!(
        replay(&Race, &r),
        Err(ReplayError::LastHash { .. })
    ));
    r.last_hash = r.steps.last().unwrap().hash.clone();
    assert!(
        replay(&Race, &r).is_err(),
        "the recorded outcome is not reached any more"
    );
}

#[test]
fn other_record_formats_are_refused_with_a_reason() {
    let m = play_out(2);
    let mut v = serde_json::to_value(m.record()).unwrap();
    v["format"] = 1.into();
    let e = coupdoeil_engine::Record::from_json(&v.to_string()).unwrap_err();
    assert!(
        e.contains("format 1") && e.contains("no longer read"),
        "{e}"
    );
    v["format"] = 2.into();
    let e = coupdoeil_engine::Record::from_json(&v.to_string()).unwrap_err();
    assert!(
        e.contains("format 2") && e.contains("no longer read") && e.contains("commit"),
        "{e}"
    );
    v["format"] = 4.into();
    let e = coupdoeil_engine::Record::from_json(&v.to_string()).unwrap_err();
    assert!(e.contains("unknown record format 4"), "{e}");
    let mut r = m.record().clone();
    r.format = 4;
    assert!(matches!(
        replay(&Race, &r),
        Err(ReplayError::Format { found: 4, .. })
    ));
    assert!(
        coupdoeil_engine::Record::from_json("{not json")
            .unwrap_err()
            .contains("not a game record")
    );
}

#[test]
fn a_forced_die_is_marked_and_still_verifies() {
    let mut m = Match::new(Arc::new(Race), 1);
    m.apply(&Act::Roll).unwrap();
    m.force(&4).unwrap();
    assert!(m.record().steps[1].forced);
    replay(&Race, m.record()).expect("forced outcomes replay as such");
    let mut r = m.record().clone();
    r.steps[1].forced = false; // claiming the seed rolled it
    assert!(replay(&Race, &r).is_err());
}

/// A match whose seed is committed to at the start, as the web server does for games between
/// people.
fn committed(seed: u64, salt: &str) -> Match<Race> {
    let mut m = Match::new(Arc::new(Race), seed);
    m.set_commitment(Some(coupdoeil_engine::SeedCommitment {
        sha256: coupdoeil_engine::seed_commitment(seed, salt),
        salt: None,
    }));
    m
}

#[test]
fn a_committed_seed_verifies_once_its_salt_is_revealed() {
    let c = coupdoeil_engine::seed_commitment(11, "00ff");
    assert_eq!(c.len(), 64);
    assert_eq!(c, coupdoeil_engine::seed_commitment(11, "00ff"));
    assert_ne!(c, coupdoeil_engine::seed_commitment(12, "00ff"));
    assert_ne!(c, coupdoeil_engine::seed_commitment(11, "00fe"));
    // The SHA-256 of "coupdoeil-seed-v1:00ff:11", computed independently (sha256sum).
    assert_eq!(
        c,
        "84518183ed572d2a214efb391a32334101440ffa80a15a7ee500610da8c015ad"
    );
    let mut m = committed(11, "00ff");
    m.apply(&Act::Roll).unwrap();
    m.roll().unwrap();
    let mut r = m.record().clone();
    assert!(
        matches!(replay(&Race, &r), Err(ReplayError::Commitment(_))),
        "no salt yet: the commitment cannot be opened"
    );
    r.commitment.as_mut().unwrap().salt = Some("00ff".into());
    replay(&Race, &r).expect("the revealed salt opens the commitment");
    let mut wrong = r.clone();
    wrong.commitment.as_mut().unwrap().salt = Some("00fe".into());
    match replay(&Race, &wrong) {
        Err(ReplayError::Commitment(m)) => assert!(m.contains("00fe"), "{m}"),
        other => panic!("a wrong salt fails: {other:?}"),
    }
    // Another commitment changes the header hash.
    let mut other = r.clone();
    other.commitment.as_mut().unwrap().sha256 = coupdoeil_engine::seed_commitment(11, "abcd");
    other.commitment.as_mut().unwrap().salt = Some("abcd".into());
    assert!(matches!(
        replay(&Race, &other),
        Err(ReplayError::InitialHash { .. })
    ));
    // A different seed with a commitment made for it, every hash recomputed: its dice differ.
    let mut forged = r.clone();
    forged.seed = 12;
    forged.commitment = Some(coupdoeil_engine::SeedCommitment {
        sha256: coupdoeil_engine::seed_commitment(12, "00ff"),
        salt: Some("00ff".into()),
    });
    rechain(&mut forged);
    assert!(replay(&Race, &forged).is_err());
}

#[test]
fn a_resignation_closes_the_chain_and_gives_the_other_side_the_win() {
    use coupdoeil_engine::Ending;
    let mut m = Match::new(Arc::new(Race), 4);
    m.apply(&Act::Roll).unwrap();
    m.roll().unwrap();
    assert_ne!(m.to_act(), ToAct::Over);
    let mut r = m.record().clone();
    let before = r.last_hash.clone();
    r.end(Ending::Resignation { side: Side::A });
    assert_ne!(r.last_hash, before, "the ending is chained");
    let o = r.outcome.clone().unwrap();
    assert_eq!(o.winner, Some(Side::B));
    assert_eq!(o.kind, "resignation");
    replay(&Race, &r).expect("a resigned game verifies");
    let json = serde_json::to_string(&r).unwrap();
    assert!(
        json.contains(r#""ending":{"by":"resignation","side":"A"}"#),
        "{json}"
    );
    let back = coupdoeil_engine::Record::from_json(&json).unwrap();
    assert_eq!(back, r);
    // Claiming the other side resigned, with the outcome changed to match: the chain says no.
    let mut forged = r.clone();
    forged.ending = Some(Ending::Resignation { side: Side::B });
    forged.outcome = Some(Ending::Resignation { side: Side::B }.outcome());
    assert!(matches!(
        replay(&Race, &forged),
        Err(ReplayError::LastHash { .. })
    ));
    // An agreed draw.
    let mut d = m.record().clone();
    d.end(Ending::Agreement);
    assert_eq!(d.outcome.as_ref().unwrap().winner, None);
    replay(&Race, &d).expect("an agreed draw verifies");
    // Dropping the ending but keeping its outcome fails.
    let mut cut = d.clone();
    cut.ending = None;
    assert!(replay(&Race, &cut).is_err());
    // A game the rules ended cannot also be resigned.
    let done = play_out(6);
    let mut late = done.record().clone();
    late.end(Ending::Resignation { side: Side::A });
    assert!(replay(&Race, &late).is_err());
}
