//! G23.2 Dummy Brigades (Brigade Game, with the optional Limited Intelligence of G23): creating
//! them for Obscured Brigades (G23.2), moving the Dummy Stacks (G23.2.1), removing them when seen
//! (G23.2.2), what each side sees of them, and the AI's view of them.

mod common;
use common::{B, F, Fx};
use coupdoeil_engine::{Determinize, Game, Plans, ToAct, Viewer};
use coupdoeil_ge::GloryEmpire;
use coupdoeil_ge::action::Action;
use coupdoeil_ge::data::Formation;
use coupdoeil_ge::event::Event;
use coupdoeil_ge::state::Stage;

fn brigade_text(t: &str) -> String {
    t.replacen(
        "setup = \"historical\"\n",
        "setup = \"historical\"\nlevel = \"brigade\"\n",
        1,
    )
}

/// The test scenario played as the Brigade Game with Limited Intelligence.
fn li_game() -> GloryEmpire {
    common::game_from(
        |t| {
            format!(
                "{}\n[brigade]\nlimited_intelligence = true\n",
                brigade_text(t)
            )
        },
        |c| c.to_string(),
    )
}

/// Robe's guns in 0302 facing E; the French grenadiers of `gren-2-1` in Line in 0502 hide
/// Saint-Clair's `gren-1-1` in Column in 0602 behind them. The French are in their Movement
/// Phase.
fn screened() -> Fx {
    let mut f = Fx::empty_of(li_game());
    f.put("robe", "0302", Formation::Unlimbered, "E");
    f.put("gren-2-1", "0502", Formation::Line, "W");
    f.put("gren-1-1", "0602", Formation::Column, "W");
    f.at(F, Stage::Movement);
    f
}

/// A Dummy Stack of `leader`'s put by hand in `hex`, its move not yet made.
fn put_dummy(f: &mut Fx, leader: coupdoeil_ge::LeaderId, hex: &str, counters: u8) {
    let cell = f.hex(hex);
    f.s.dummies.push(coupdoeil_ge::state::Dummy {
        leader,
        cell,
        counters,
        moved: false,
    });
}

fn json(f: &Fx, v: Viewer) -> String {
    serde_json::to_string(&f.game.observation(&f.s, v)).unwrap()
}

/// The events from `from` on that `v` may see.
fn seen_events(f: &Fx, from: usize, v: Viewer) -> Vec<Event> {
    f.events[from..]
        .iter()
        .filter(|e| f.game.event_visible(e, v))
        .cloned()
        .collect()
}

#[test]
fn g23_2_an_obscured_brigade_may_create_a_dummy_brigade() {
    let mut f = screened();
    let sc = f.leader("saint-clair");
    assert!(f.game.brigade_leader(sc));
    assert_eq!(f.game.obscured_brigade(&f.s, sc), vec![f.hex("0602")]);
    assert!(f.can("dummies saint-clair"));
    // Maransin's brigade (gren-2-1, seen by the guns) is not obscured.
    assert!(!f.can("dummies maransin"));
    let from = f.events.len();
    f.play("dummies saint-clair");
    assert_eq!(f.s.dummies.len(), 1);
    let d = f.s.dummies[0];
    assert_eq!((d.leader, d.cell, d.counters), (sc, f.hex("0602"), 1));
    assert!(d.moved, "it moves off in the next friendly Movement Phase");
    // One Dummy Brigade at a time for a brigade.
    assert!(!f.can("dummies saint-clair"));
    // The event is the French player's secret.
    let all = &f.events[from..];
    assert!(
        all.iter()
            .all(|e| matches!(e, Event::Secret { side, .. } if *side == F)),
        "{all:?}"
    );
    for v in [Viewer::Side(B), Viewer::Spectator] {
        assert!(seen_events(&f, from, v).is_empty());
    }
    for v in [Viewer::Side(F), Viewer::Referee] {
        assert_eq!(seen_events(&f, from, v).len(), 1);
        let text = f.game.describe_event(&f.events[from]);
        assert!(text.contains("Dummy Stack"), "{text}");
    }
    // The notation parses back.
    for a in [
        Action::DummyBrigade(sc),
        Action::DummyMove {
            dummy: 0,
            to: f.hex("0702"),
        },
    ] {
        let t = f.game.action_notation(&a);
        assert_eq!(f.game.parse_action(&t), Ok(a), "{t}");
    }
}

#[test]
fn g23_2_at_least_half_the_brigade_obscured() {
    let mut f = screened();
    let sc = f.leader("saint-clair");
    // gren-1-2 in the guns' sight (next to them): one of two obscured, still half.
    f.put("gren-1-2", "0301", Formation::Column, "W");
    assert!(!f.game.unit_obscured(&f.s, f.unit("gren-1-2")));
    assert_eq!(f.game.obscured_brigade(&f.s, sc), vec![f.hex("0602")]);
    // With gren-1-1 seen too, none.
    f.remove("gren-2-1");
    assert!(f.game.obscured_brigade(&f.s, sc).is_empty());
    assert!(!f.can("dummies saint-clair"));
}

#[test]
fn g23_2_only_with_limited_intelligence_and_in_the_movement_phase() {
    let mut f = Fx::empty_of(common::game_from(brigade_text, |c| c.to_string()));
    f.put("robe", "0302", Formation::Unlimbered, "E");
    f.put("gren-2-1", "0502", Formation::Line, "W");
    f.put("gren-1-1", "0602", Formation::Column, "W");
    f.at(F, Stage::Movement);
    assert!(!f.legal_text().iter().any(|t| t.starts_with("dumm")));
    let mut f = screened();
    f.at(F, Stage::Fire);
    assert!(!f.legal_text().iter().any(|t| t.starts_with("dumm")));
    // Not the enemy's: the British have no Obscured Brigade and cannot make French dummies.
    f.at(B, Stage::Movement);
    assert!(!f.can("dummies saint-clair"));
}

#[test]
fn g23_2_1_the_owner_sees_its_dummies_the_enemy_an_obscured_stack() {
    let mut f = screened();
    f.put_leader("kellermann", "0602");
    f.play("dummies saint-clair");
    // Shown with the real stack it was placed with: the grenadiers and Kellermann.
    assert_eq!(f.s.dummies[0].counters, 2);
    for v in [Viewer::Side(B), Viewer::Spectator] {
        let seen = f.game.observation(&f.s, v);
        assert_eq!(seen.obscured.len(), 1);
        assert_eq!(seen.obscured[0].hex, "0602");
        assert_eq!(seen.obscured[0].counters, 4, "two real, two dummy");
        assert!(seen.dummies.is_empty());
        let text = json(&f, v);
        assert!(!text.contains("dumm"), "{text}");
    }
    for v in [Viewer::Side(F), Viewer::Referee] {
        let seen = f.game.observation(&f.s, v);
        assert!(seen.obscured.is_empty());
        assert_eq!(seen.dummies.len(), 1);
        assert_eq!(seen.dummies[0].hex, "0602");
        assert_eq!(seen.dummies[0].counters, 2);
        assert_eq!(seen.dummies[0].leader, "saint-clair");
        assert_eq!(seen.dummies[0].side, "french");
    }
}

#[test]
fn g23_2_1_a_dummy_stack_moves_off_next_phase_and_looks_real() {
    let mut f = screened();
    f.play("dummies saint-clair");
    assert!(!f.legal_text().iter().any(|t| t.starts_with("dummy ")));
    // The next French Movement Phase.
    f.s.dummies[0].moved = false;
    let moves: Vec<String> = f
        .legal_text()
        .into_iter()
        .filter(|t| t.starts_with("dummy 0 "))
        .collect();
    assert!(moves.contains(&"dummy 0 0702".to_string()), "{moves:?}");
    // Never into the enemy's ZOC: the hexes in front of Robe's guns.
    let robe = f.unit("robe");
    for z in f.game.zoc_of(&f.s, robe).collect::<Vec<_>>() {
        assert!(!moves.contains(&format!("dummy 0 {}", f.label(z))));
    }
    let from = f.events.len();
    f.play("dummy 0 0702");
    assert_eq!(f.s.dummies[0].cell, f.hex("0702"));
    assert!(f.s.dummies[0].moved);
    assert!(!f.legal_text().iter().any(|t| t.starts_with("dummy ")));
    for v in [Viewer::Side(B), Viewer::Spectator] {
        assert!(seen_events(&f, from, v).is_empty());
    }
    assert!(matches!(
        seen_events(&f, from, Viewer::Side(F)).as_slice(),
        [Event::Secret { inner, .. }] if matches!(**inner, Event::DummyMoved { .. })
    ));
    // The leak test: a position where a real hidden unit stands in 0702 and the dummy in
    // 0802 looks to the British exactly as this one with the dummy in 0702 and the real unit
    // in 0802.
    f.put("gren-1-2", "0802", Formation::Line, "NW");
    let mut twin = f.s.clone();
    let g12 = f.unit("gren-1-2");
    twin.troop_mut(g12).cell = Some(f.hex("0702"));
    twin.dummies[0].cell = f.hex("0802");
    assert!(f.game.unit_obscured(&f.s, g12));
    assert!(f.game.unit_obscured(&twin, g12));
    for v in [Viewer::Side(B), Viewer::Spectator] {
        let a = f.game.observation(&f.s, v);
        let b = f.game.observation(&twin, v);
        assert_eq!(a, b);
        assert_eq!(
            serde_json::to_string(&a).unwrap(),
            serde_json::to_string(&b).unwrap()
        );
        assert_eq!(a.obscured.len(), 3);
        assert!(a.obscured.iter().all(|o| o.counters == 1));
    }
    assert_ne!(
        f.game.observation(&f.s, Viewer::Side(F)),
        f.game.observation(&twin, Viewer::Side(F))
    );
}

#[test]
fn g23_2_1_a_dummy_stack_is_nothing_on_the_map() {
    let mut f = screened();
    f.play("dummies saint-clair");
    f.s.dummies[0].cell = f.hex("0702");
    let with = f.s.clone();
    let mut without = f.s.clone();
    without.dummies.clear();
    for (side, stage) in [
        (B, Stage::Movement),
        (B, Stage::Fire),
        (F, Stage::Fire),
        (B, Stage::Rally),
    ] {
        let mut a = Fx::empty_of(li_game());
        a.s = with.clone();
        a.at(side, stage);
        let mut b = Fx::empty_of(li_game());
        b.s = without.clone();
        b.at(side, stage);
        assert_eq!(a.legal(), b.legal(), "{side:?} {stage:?}");
        assert_eq!(a.s.holders, b.s.holders);
        assert_eq!(a.game.score(&a.s), b.game.score(&b.s));
    }
}

/// G23.2.1 (ge-rulings 189) A Dummy Stack looks like a standing stack to everyone, so it blocks
/// a line of sight through its hex as one would (otherwise seeing past it would tell the enemy
/// it is not real); not a GTF's command LOS for its own side, through which its own units do
/// not block either (G17.2).
#[test]
fn g23_2_1_a_dummy_stack_blocks_a_line_of_sight_as_a_stack_would() {
    let mut f = Fx::empty_of(li_game());
    let (a, b) = (f.hex("0302"), f.hex("0702"));
    assert!(f.game.los(&f.s, a, b), "clear ground");
    let l = f.leader("saint-clair");
    put_dummy(&mut f, l, "0502", 1);
    assert!(!f.game.los(&f.s, a, b), "the dummy's hex blocks");
    assert!(
        f.game.los_through_friends(&f.s, F, a, b),
        "not for its own side's GTF"
    );
    assert!(!f.game.los_through_friends(&f.s, B, a, b));
    f.s.dummies[0].cell = f.hex("0402");
    assert!(!f.game.los(&f.s, a, b), "wherever it stands on the line");
    f.s.dummies[0].cell = f.hex("0503");
    assert!(f.game.los(&f.s, a, b), "off the line, nothing");
}

#[test]
fn g23_2_2_a_dummy_stack_is_removed_the_moment_it_is_seen() {
    let mut f = screened();
    f.play("dummies saint-clair");
    f.s.dummies[0].moved = false;
    // A move into the guns' sight: the Dummy Stack goes at once, and everyone learns it.
    let robe = f.hex("0302");
    let to = f
        .legal()
        .into_iter()
        .find_map(|a| match a {
            Action::DummyMove { to, .. }
                if f.game.data.board.distance(to, robe) < 20 && f.game.los(&f.s, to, robe) =>
            {
                Some(to)
            }
            _ => None,
        })
        .expect("a hex in sight of the guns within reach");
    let from = f.events.len();
    f.play(&format!("dummy 0 {}", f.label(to)));
    assert!(f.s.dummies.is_empty());
    for v in [Viewer::Side(B), Viewer::Spectator, Viewer::Side(F)] {
        let seen = seen_events(&f, from, v);
        assert!(
            seen.iter()
                .any(|e| matches!(e, Event::DummyRevealed { side, at } if *side == F && *at == to)),
            "{v:?}: {seen:?}"
        );
        assert!(
            f.game
                .observation(&f.s, v)
                .obscured
                .iter()
                .all(|o| o.hex != f.label(to))
        );
    }
    // A dummy that stays with its real stack goes when the stack is seen: the screen steps away.
    let mut f = screened();
    f.play("dummies saint-clair");
    f.s.troop_mut(f.unit("gren-2-1")).cell = Some(f.hex("0501"));
    let from = f.events.len();
    // Any choice of the French next: the check runs after each.
    let a = f.legal()[0];
    f.game.apply_action_unchecked(&mut f.s, &a, &mut f.events);
    if f.game.unit_obscured(&f.s, f.unit("gren-1-1")) {
        panic!("the screen no longer hides 0602");
    }
    assert!(f.s.dummies.is_empty(), "{:?}", &f.events[from..]);
}

#[test]
fn g23_2_1_the_ai_offers_at_most_two_moves_for_a_dummy_stack() {
    let mut f = screened();
    f.play("dummies saint-clair");
    f.s.dummies[0].moved = false;
    let mut legal = f.legal();
    legal.retain(|a| matches!(a, Action::DummyMove { .. }));
    assert!(legal.len() > 2, "{legal:?}");
    let mut plans = Vec::new();
    f.game.plans(&f.s, 64, &mut plans);
    let n = plans
        .iter()
        .filter(|p| p.iter().any(|a| matches!(a, Action::DummyMove { .. })))
        .count();
    assert!((1..=2).contains(&n), "{plans:?}");
}

/// Two positions the British cannot tell apart: a French Dummy Stack in 0702 and gren-1-2 in
/// 0802, or the other way round.
fn dummy_twins() -> (Fx, coupdoeil_ge::state::State) {
    let mut f = screened();
    f.play("dummies saint-clair");
    f.s.dummies[0].cell = f.hex("0702");
    f.put("gren-1-2", "0802", Formation::Line, "NW");
    let mut twin = f.s.clone();
    twin.troop_mut(f.unit("gren-1-2")).cell = Some(f.hex("0702"));
    twin.dummies[0].cell = f.hex("0802");
    (f, twin)
}

#[test]
fn g23_2_the_enemys_sample_does_not_know_which_stacks_are_dummies() {
    use rand::SeedableRng;
    let (mut f, twin) = dummy_twins();
    f.at(B, Stage::Movement);
    let mut twin = twin;
    twin.phasing = B;
    assert_eq!(
        f.game.observation(&f.s, Viewer::Side(B)),
        f.game.observation(&twin, Viewer::Side(B))
    );
    let g12 = f.unit("gren-1-2");
    let mut places = Vec::new();
    for seed in 0..24u64 {
        let mut r1 = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut r2 = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let a = f.game.determinize(&f.s, B, &mut r1);
        let b = f.game.determinize(&twin, B, &mut r2);
        assert_eq!(a, b, "seed {seed}");
        // The sample looks the same to the British, and leaves them the same choices.
        assert_eq!(
            f.game.observation(&a, Viewer::Side(B)),
            f.game.observation(&f.s, Viewer::Side(B))
        );
        let (mut la, mut ls) = (Vec::new(), Vec::new());
        f.game.legal_actions(&a, &mut la);
        f.game.legal_actions(&f.s, &mut ls);
        assert_eq!(la, ls);
        assert_eq!(a.dummies.len(), 1);
        places.push((a.troop(g12).cell, a.dummies[0].cell));
    }
    // The real units go over every obscured counter, dummies' too.
    for h in ["0602", "0702", "0802"] {
        assert!(
            places.iter().any(|p| p.1 == f.hex(h)),
            "a dummy sampled in {h}: {places:?}"
        );
    }
}

#[test]
fn g23_2_the_owners_sample_keeps_its_dummies() {
    use rand::SeedableRng;
    let (f, _) = dummy_twins();
    let mut r = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let d = f.game.determinize(&f.s, F, &mut r);
    assert_eq!(
        d, f.s,
        "nothing British is hidden, the French dummies are theirs"
    );
}

/// Over a random game of the shipped `ge-vimeiro-brigade-li` in which each side makes every
/// Dummy Brigade it may: whenever a side is to act while the enemy has Dummy Stacks, its sample
/// looks the same to it and leaves its legal actions as they are; no Dummy Stack stands where
/// the enemy sees it; and no event the enemy may see tells of a dummy but its removal.
#[test]
fn g23_2_dummies_over_a_random_game() {
    // Seed 232 once sampled a real unit out of the hex whose standing unit hid another obscured
    // stack behind it (ge-rulings 192).
    for seed in [232, 5, 77] {
        dummies_over_a_random_game(seed);
    }
}

fn dummies_over_a_random_game(seed: u64) {
    use coupdoeil_engine::ToAct;
    use rand::SeedableRng;
    let g = common::shipped_vimeiro_brigade_li();
    let mut s = g.initial_state();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let (mut made, mut checked) = (0, 0);
    for step in 0..2000 {
        match g.to_act(&s) {
            ToAct::Over => break,
            ToAct::Chance => {
                let c = *g.chance(&s).sample(&mut rng);
                g.apply_chance_unchecked(&mut s, &c, &mut events);
            }
            ToAct::Side(side) => {
                g.legal_actions(&s, &mut legal);
                if step % 10 == 0 && s.dummies.iter().any(|d| g.dummy_side(d) != side) {
                    let seen = g.observation(&s, Viewer::Side(side));
                    let d = g.determinize(&s, side, &mut rng);
                    assert_eq!(
                        g.observation(&d, Viewer::Side(side)),
                        seen,
                        "seed {seed} step {step}"
                    );
                    let mut l2 = Vec::new();
                    g.legal_actions(&d, &mut l2);
                    assert_eq!(l2, legal, "step {step}");
                    checked += 1;
                }
                let a = legal
                    .iter()
                    .copied()
                    .find(|a| matches!(a, Action::DummyBrigade(_)))
                    .unwrap_or_else(|| {
                        legal[coupdoeil_engine::draw_below(&mut rng, legal.len() as u64) as usize]
                    });
                if matches!(a, Action::DummyBrigade(_)) {
                    made += 1;
                }
                g.apply_action_unchecked(&mut s, &a, &mut events);
                if step % 10 != 0 {
                    continue;
                }
                for d in &s.dummies {
                    let side = g.dummy_side(d);
                    let seen = g.observation(&s, Viewer::Side(side.other()));
                    let label = g.data.board.label(d.cell);
                    assert!(
                        seen.obscured.iter().any(|o| o.hex == label),
                        "step {step}: a dummy in {label} not shown as obscured"
                    );
                }
            }
        }
    }
    assert!(made > 0 && checked > 5, "{made} {checked}");
    for e in &events {
        for v in [B, F] {
            if g.event_visible(e, Viewer::Side(v)) {
                let inner = match e {
                    Event::Secret { inner, .. } => inner.as_ref(),
                    x => x,
                };
                if let Event::DummyPlaced { leader, .. } = inner {
                    assert_eq!(g.data.leaders[leader.ix()].side, v);
                }
                if matches!(inner, Event::DummyMoved { .. }) {
                    assert!(matches!(e, Event::Secret { side, .. } if *side == v));
                }
            }
        }
    }
}

#[test]
fn g23_2_1_dummy_stacks_are_numbered_among_their_sides_own() {
    let mut f = screened();
    f.play("dummies saint-clair");
    // A British Dummy Stack made after the French one (put by hand far behind the guns).
    let an = f.leader("anstruther");
    put_dummy(&mut f, an, "0102", 2);
    f.s.dummies[0].moved = false;
    let french: Vec<String> = f
        .legal_text()
        .into_iter()
        .filter(|t| t.starts_with("dummy "))
        .collect();
    assert!(
        french.iter().all(|t| t.starts_with("dummy 0 ")),
        "{french:?}"
    );
    f.at(B, Stage::Movement);
    let british: Vec<String> = f
        .legal_text()
        .into_iter()
        .filter(|t| t.starts_with("dummy "))
        .collect();
    assert!(!british.is_empty());
    assert!(
        british.iter().all(|t| t.starts_with("dummy 0 ")),
        "{british:?}"
    );
    let seen = f.game.observation(&f.s, Viewer::Side(B));
    assert_eq!(seen.dummies.len(), 1);
    assert_eq!(
        (seen.dummies[0].index, seen.dummies[0].hex.as_str()),
        (0, "0102")
    );
    // Playing the British `dummy 0` moves the British one.
    let to = british[0].rsplit(' ').next().unwrap().to_string();
    let from = f.events.len();
    f.play(&british[0]);
    let to = f.hex(&to);
    match f.s.dummies.get(1) {
        Some(d) => assert_eq!(d.cell, to),
        // Moved into the French sight, and removed there.
        None => assert!(
            f.events[from..]
                .iter()
                .any(|e| matches!(e, Event::DummyRevealed { side, at } if *side == B && *at == to))
        ),
    }
    assert_eq!(f.s.dummies[0].cell, f.hex("0602"), "the French one stays");
}

/// Rolls every pending die at the middle of its range; returns how many were rolled.
fn roll_through(f: &mut Fx) -> usize {
    let mut n = 0;
    while f.to_act() == ToAct::Chance && n < 50 {
        let outcomes = f.game.chance(&f.s).outcomes().to_vec();
        f.roll(outcomes[outcomes.len() / 2].0);
        n += 1;
    }
    n
}

/// G23.2.1 with G19.6 (ge-rulings 189): a Rolling Shot whose Line of Fire runs on past its ISH
/// over a Dummy Stack fires on it as on a real obscured stack, a die and a secret result, so
/// that the British see the same dice and events whichever of two obscured stacks is real.
#[test]
fn g23_2_1_a_rolling_shot_fires_on_a_dummy_as_on_a_real_obscured_stack() {
    let mut f = screened();
    f.play("dummies saint-clair");
    // The line from Robe's guns through 0502 runs 0602/0603, 0702, 0802/0803, 0902 (G19.6.1).
    f.s.dummies[0].cell = f.hex("0702");
    f.put("gren-1-2", "0802", Formation::Line, "W");
    let mut twin = f.clone();
    let g12 = twin.unit("gren-1-2");
    twin.s.troop_mut(g12).cell = Some(twin.hex("0702"));
    twin.s.dummies[0].cell = twin.hex("0802");
    let mut seen = Vec::new();
    for g in [&mut f, &mut twin] {
        g.at(B, Stage::Fire);
        assert!(g.game.unit_obscured(&g.s, g12));
        let from = g.events.len();
        g.play("roll 0302 0502");
        let dice = roll_through(g);
        let texts: Vec<String> = seen_events(g, from, Viewer::Side(B))
            .iter()
            .map(|e| g.game.describe_event(e))
            .collect();
        seen.push((dice, texts));
    }
    assert_eq!(seen[0], seen[1]);
    // The dummy's hex was fired on, secretly.
    assert!(
        f.events
            .iter()
            .any(|e| matches!(e, Event::SecretFire { target, .. } if *target == f.hex("0702"))),
        "{}",
        f.log()
    );
    assert!(f.s.dummies.iter().any(|d| d.cell == f.hex("0702")));
}
