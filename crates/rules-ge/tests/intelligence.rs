//! G23 Limited Intelligence (Brigade Game, optional): obscured stacks (G23.1), what the enemy
//! sees of them (G23.1.1), the secret results of fire at them (G23.1.2), their revealing
//! (G23.1.4) and the AI's determinization of what a side cannot see.

mod common;
use common::{B, F, Fx};
use coupdoeil_engine::{Determinize, Game, Side, Viewer};
use coupdoeil_ge::GloryEmpire;
use coupdoeil_ge::data::{Cell, Formation};
use coupdoeil_ge::event::Event;
use coupdoeil_ge::state::Stage;

/// The test scenario played as the Brigade Game with Limited Intelligence.
fn li_game() -> GloryEmpire {
    li_game_with("")
}

/// [`li_game`] with `extra` TOML after it.
fn li_game_with(extra: &str) -> GloryEmpire {
    common::game_from(
        |t| {
            format!(
                "{}\n[brigade]\nlimited_intelligence = true\n{extra}",
                t.replacen(
                    "setup = \"historical\"\n",
                    "setup = \"historical\"\nlevel = \"brigade\"\n",
                    1,
                )
            )
        },
        |c| c.to_string(),
    )
}

/// The shipped `ge-vimeiro-brigade-li`.
fn shipped_li() -> GloryEmpire {
    common::shipped_vimeiro_brigade_li()
}

/// Robe's guns in 0302 facing E; the French grenadiers of `gren-2-1` in Line in 0502 hide
/// `gren-1-1` in Column in 0602 behind them (units block LOS, 11.2.1).
fn screened() -> Fx {
    let mut f = Fx::empty_of(li_game());
    f.put("robe", "0302", Formation::Unlimbered, "E");
    f.put("gren-2-1", "0502", Formation::Line, "W");
    f.put("gren-1-1", "0602", Formation::Column, "W");
    f.at(B, Stage::Fire);
    f
}

fn json(f: &Fx, v: Viewer) -> String {
    serde_json::to_string(&f.game.observation(&f.s, v)).unwrap()
}

#[test]
fn g23_the_optional_rule_is_switched_by_the_scenario() {
    assert!(shipped_li().limited_intelligence());
    assert_eq!(shipped_li().data.id, "ge-vimeiro-brigade-li");
    // The Order of Battle of the Brigade scenario stays played.
    assert!(shipped_li().order_of_battle());
    assert!(!common::shipped_vimeiro_brigade().limited_intelligence());
    assert!(li_game().limited_intelligence());
    // Off unless asked for, and the Brigade Game's alone.
    let f = Fx::empty_of(common::game_from(
        |t| {
            t.replacen(
                "setup = \"historical\"\n",
                "setup = \"historical\"\nlevel = \"brigade\"\n",
                1,
            )
        },
        |c| c.to_string(),
    ));
    assert!(!f.game.limited_intelligence());
    let e = common::load_errors("[brigade]\nlimited_intelligence = true\n");
    assert!(
        e.contains("Limited Intelligence is the Brigade Game's"),
        "{e}"
    );
}

#[test]
fn g23_1_a_stack_out_of_every_enemys_los_is_obscured() {
    let f = screened();
    assert!(!f.game.los(&f.s, f.hex("0302"), f.hex("0602")));
    assert!(f.game.unit_obscured(&f.s, f.unit("gren-1-1")));
    assert!(
        !f.game.unit_obscured(&f.s, f.unit("gren-2-1")),
        "seen by the guns"
    );
    // The guns see gren-2-1, and gren-2-1 sees them: the British stack is not obscured.
    assert!(!f.game.unit_obscured(&f.s, f.unit("robe")));
    assert_eq!(f.game.obscured_cells(&f.s, F), vec![f.hex("0602")]);
    assert!(f.game.obscured_cells(&f.s, B).is_empty());
    // Without the rule nothing is ever obscured.
    let mut g = Fx::empty_of(common::game_from(
        |t| {
            t.replacen(
                "setup = \"historical\"\n",
                "setup = \"historical\"\nlevel = \"brigade\"\n",
                1,
            )
        },
        |c| c.to_string(),
    ));
    g.put("robe", "0302", Formation::Unlimbered, "E");
    g.put("gren-2-1", "0502", Formation::Line, "W");
    g.put("gren-1-1", "0602", Formation::Column, "W");
    assert!(!g.game.unit_obscured(&g.s, g.unit("gren-1-1")));
}

#[test]
fn g23_1_a_stack_twenty_hexes_from_every_enemy_is_obscured() {
    // On the shipped Vimeiro map: a hex and two others in clear LOS of it over the bare ground,
    // 19 and 20 hexes away.
    let mut f = Fx::empty_of(shipped_li());
    let b = &f.game.data.board;
    let n = b.len() as u16;
    let found = (0..n).map(Cell).find_map(|a| {
        let at = |d: u32| {
            (0..n)
                .map(Cell)
                .find(|&c| b.distance(a, c) == d && f.game.los_terrain(a, c))
        };
        Some((a, at(19)?, at(20)?))
    });
    let (a, near, far) = found.expect("such hexes on the map");
    let (a, near, far) = (f.label(a), f.label(near), f.label(far));
    let fr = f
        .game
        .data
        .troops
        .iter()
        .find(|t| t.side == F)
        .unwrap()
        .id
        .clone();
    let gb = f
        .game
        .data
        .troops
        .iter()
        .find(|t| t.side == B)
        .unwrap()
        .id
        .clone();
    f.put(&fr, &a, Formation::Column, "N");
    f.put(&gb, &far, Formation::Column, "N");
    assert!(
        f.game.unit_obscured(&f.s, f.unit(&fr)),
        "20 hexes: obscured"
    );
    assert!(f.game.unit_obscured(&f.s, f.unit(&gb)), "and the other way");
    f.put(&gb, &near, Formation::Column, "N");
    assert!(
        !f.game.unit_obscured(&f.s, f.unit(&fr)),
        "19 hexes in clear LOS"
    );
    assert!(!f.game.unit_obscured(&f.s, f.unit(&gb)));
}

#[test]
fn g23_1_enemy_leaders_spot_and_leaders_are_obscured() {
    let mut f = screened();
    f.put_leader("kellermann", "0602");
    f.put_leader("anstruther", "0302");
    assert!(f.game.leader_obscured(&f.s, f.leader("kellermann")));
    assert!(!f.game.leader_obscured(&f.s, f.leader("anstruther")));
    // A British leader who sees 0602 (adjacent) reveals the grenadiers and Kellermann.
    f.put_leader("anstruther", "0702");
    assert!(!f.game.unit_obscured(&f.s, f.unit("gren-1-1")));
    assert!(!f.game.leader_obscured(&f.s, f.leader("kellermann")));
}

#[test]
fn g23_1_1_the_enemy_sees_only_an_obscured_stack() {
    let mut f = screened();
    f.put_leader("kellermann", "0602");
    let k = f.leader("kellermann");
    f.s.leaders[k.ix()].fatigue.level = 2;
    let d = f.game.data.troops[f.unit("gren-1-1").ix()].clone();
    let l = f.game.data.leaders[f.leader("kellermann").ix()].clone();
    for v in [Viewer::Side(B), Viewer::Spectator] {
        let seen = f.game.observation(&f.s, v);
        assert!(seen.units.iter().all(|u| u.id != d.id));
        assert!(seen.leaders.iter().all(|x| x.id != l.id));
        assert_eq!(seen.obscured.len(), 1, "{:?}", seen.obscured);
        assert_eq!(seen.obscured[0].hex, "0602");
        assert_eq!(seen.obscured[0].side, "french");
        assert_eq!(
            seen.obscured[0].counters, 2,
            "the grenadiers and Kellermann"
        );
        // The leak test: nothing of the hidden pieces in what leaves the engine.
        let text = json(&f, v);
        for secret in [&d.id, &d.name, &l.id, &l.name] {
            assert!(!text.contains(secret.as_str()), "{secret} leaks: {text}");
        }
        assert!(text.contains("\"obscured\""));
        // The seen grenadiers of gren-2-1 are there.
        assert!(seen.units.iter().any(|u| u.id == "gren-2-1"));
    }
    // Their owner and the referee see everything.
    for v in [Viewer::Side(F), Viewer::Referee] {
        let seen = f.game.observation(&f.s, v);
        assert!(seen.units.iter().any(|u| u.id == d.id));
        assert!(seen.leaders.iter().any(|x| x.id == l.id && x.fatigue == 2));
        assert!(seen.obscured.is_empty());
    }
    // The hidden data does not change the British observation.
    let before = f.game.observation(&f.s, Viewer::Side(B));
    // A step lost in secret, and the British victory point for it.
    let full = d.full();
    f.steps("gren-1-1", full - 1);
    f.s.vp[B] += f.game.data.scoring.step;
    f.s.troop_mut(f.unit("gren-1-1")).formation = Formation::Line;
    f.s.leaders[k.ix()].fatigue.level = 0;
    assert_eq!(f.game.observation(&f.s, Viewer::Side(B)), before);
}

#[test]
fn g23_1_2_the_results_of_fire_at_an_obscured_stack_are_secret() {
    // A Howitzer Attack needs no LOS (G19.7.1): Robe's Shell at the hidden grenadiers.
    let mut f = screened();
    f.play("fire 0302 0602 shell");
    f.d100(60); // 60 - 20 (no LOS) = 40: a hit
    f.d100(0); // the fire roll
    let hidden = f.unit("gren-1-1");
    assert!(f.game.unit_obscured(&f.s, hidden), "{}", f.log());
    let secret: Vec<&Event> = f
        .events
        .iter()
        .filter(|e| matches!(e, Event::Secret { side, .. } if *side == F))
        .collect();
    assert!(
        secret
            .iter()
            .any(|e| matches!(e, Event::Secret { inner, .. } if matches!(**inner, Event::FireRolled { .. }))),
        "{}",
        f.log()
    );
    for e in &secret {
        assert!(!f.game.event_visible(e, Viewer::Side(B)));
        assert!(!f.game.event_visible(e, Viewer::Spectator));
        assert!(f.game.event_visible(e, Viewer::Side(F)));
        assert!(f.game.event_visible(e, Viewer::Referee));
    }
    // The British learn only that the fire went at the obscured stack.
    let stub = f
        .events
        .iter()
        .find(|e| matches!(e, Event::SecretFire { .. }))
        .expect("a public stub");
    assert!(f.game.event_visible(stub, Viewer::Side(B)));
    assert!(!f.game.event_visible(stub, Viewer::Side(F)));
    assert!(
        f.game
            .describe_event(stub)
            .contains("obscured stack in 0602: its results are secret (G23.1.2)")
    );
    // Nothing the British may see names the grenadiers.
    let id = &f.game.data.troops[hidden.ix()].id;
    for e in f
        .events
        .iter()
        .filter(|e| f.game.event_visible(e, Viewer::Side(B)))
    {
        let text = serde_json::to_string(e).unwrap();
        assert!(!text.contains(&format!("\"unit\":{}", hidden.0)), "{text}");
        assert!(!f.game.describe_event(e).contains(id.as_str()));
        assert!(!matches!(
            e,
            Event::FireRolled { .. } | Event::StepLost { .. }
        ));
    }
}

#[test]
fn g23_1_2_the_score_leaves_out_the_losses_of_obscured_stacks() {
    let mut f = screened();
    let step = f.game.data.scoring.step;
    assert!(step > 0);
    let full = f.game.data.troops[f.unit("gren-1-1").ix()].full();
    let score = |f: &Fx, v: Viewer| f.game.observation(&f.s, v).score;
    let before = score(&f, Viewer::Side(B));
    // The hidden grenadiers lose a step: the British score it, but do not see it.
    f.steps("gren-1-1", full - 1);
    f.s.vp[B] += step;
    assert_eq!(score(&f, Viewer::Side(B)), before);
    assert_eq!(score(&f, Viewer::Spectator), before);
    let mut seen = before;
    seen[B.index()] += step;
    assert_eq!(score(&f, Viewer::Side(F)), seen);
    assert_eq!(score(&f, Viewer::Referee), seen);
    assert_eq!(f.game.score(&f.s), seen);
    // Seen again, the loss counts for everyone.
    f.remove("gren-2-1");
    assert_eq!(score(&f, Viewer::Side(B)), seen);
}

#[test]
fn g23_1_2_without_the_rule_every_fire_is_public() {
    let mut f = Fx::empty_of(common::game_from(
        |t| {
            t.replacen(
                "setup = \"historical\"\n",
                "setup = \"historical\"\nlevel = \"brigade\"\n",
                1,
            )
        },
        |c| c.to_string(),
    ));
    f.put("robe", "0302", Formation::Unlimbered, "E");
    f.put("gren-2-1", "0502", Formation::Line, "W");
    f.put("gren-1-1", "0602", Formation::Column, "W");
    f.at(B, Stage::Fire);
    f.play("fire 0302 0602 shell");
    f.d100(60);
    f.d100(0);
    assert!(
        f.events
            .iter()
            .all(|e| !matches!(e, Event::Secret { .. } | Event::SecretFire { .. }))
    );
    assert!(
        f.events
            .iter()
            .any(|e| matches!(e, Event::FireRolled { .. }))
    );
}

#[test]
fn g23_1_4_a_stack_is_revealed_the_moment_it_is_seen() {
    let mut f = screened();
    assert!(
        f.game
            .observation(&f.s, Viewer::Side(B))
            .units
            .iter()
            .all(|u| u.id != "gren-1-1")
    );
    // The screen leaves: the guns see 0602.
    f.remove("gren-2-1");
    assert!(!f.game.unit_obscured(&f.s, f.unit("gren-1-1")));
    let seen = f.game.observation(&f.s, Viewer::Side(B));
    let u = seen
        .units
        .iter()
        .find(|u| u.id == "gren-1-1")
        .expect("seen");
    assert_eq!(u.formation, "column");
    assert!(seen.obscured.is_empty());
}

#[test]
fn g23_1_3_an_obscured_stack_moves_unseen() {
    // The French move the hidden grenadiers one hex on, still out of sight: the British see the
    // stack move and nothing else.
    let mut f = screened();
    f.at(F, Stage::Movement);
    f.play("select gren-1-1");
    let seen = f.game.observation(&f.s, Viewer::Side(B));
    assert!(seen.moving.is_none());
    assert!(!seen.waiting.contains("gren"), "{}", seen.waiting);
    assert!(
        f.game
            .observation(&f.s, Viewer::Side(F))
            .moving
            .is_some_and(|m| m.0 == vec!["gren-1-1".to_string()])
    );
    let from = f.events.len();
    f.play("step 0701");
    assert!(f.game.unit_obscured(&f.s, f.unit("gren-1-1")));
    for e in &f.events[from..] {
        if let Event::Moved { .. } = e {
            panic!("an obscured move in the open: {e:?}");
        }
        if let Event::Secret { inner, .. } = e {
            assert!(!f.game.event_visible(e, Viewer::Side(B)), "{inner:?}");
        }
    }
    let seen = f.game.observation(&f.s, Viewer::Side(B));
    assert_eq!(seen.obscured[0].hex, "0701");
}

/// Two states the British cannot tell apart: the hidden grenadiers differ in strength,
/// formation and facing, and their places are swapped with another hidden unit's.
fn indistinguishable() -> (Fx, GloryEmpire, coupdoeil_ge::state::State) {
    let mut f = screened();
    f.put("gren-1-2", "0702", Formation::Line, "NW");
    let g = f.game.clone();
    let mut other = f.s.clone();
    let (x, y) = (f.unit("gren-1-1"), f.unit("gren-1-2"));
    let (cx, cy) = (other.troop(x).cell, other.troop(y).cell);
    let (px, py) = (other.troop(x).pos, other.troop(y).pos);
    other.troop_mut(x).cell = cy;
    other.troop_mut(x).pos = py;
    other.troop_mut(y).cell = cx;
    other.troop_mut(y).pos = px;
    let full = g.data.troops[x.ix()].full();
    other.troop_mut(x).steps = full - 1;
    other.vp[B] += g.data.scoring.step;
    other.troop_mut(y).formation = Formation::Column;
    (f, g, other)
}

#[test]
fn g23_determinization_depends_only_on_what_the_side_sees() {
    use rand::SeedableRng;
    let (f, g, other) = indistinguishable();
    assert!(g.unit_obscured(&f.s, f.unit("gren-1-1")));
    assert!(g.unit_obscured(&f.s, f.unit("gren-1-2")));
    assert_eq!(
        g.observation(&f.s, Viewer::Side(B)),
        g.observation(&other, Viewer::Side(B)),
        "the British cannot tell them apart"
    );
    assert_ne!(f.s, other);
    for seed in 0..8u64 {
        let mut r1 = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut r2 = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let a = g.determinize(&f.s, B, &mut r1);
        let b = g.determinize(&other, B, &mut r2);
        assert_eq!(a, b, "seed {seed}");
        // The sample looks the same to the British, and is a position of its own.
        assert_eq!(
            g.observation(&a, Viewer::Side(B)),
            g.observation(&f.s, Viewer::Side(B))
        );
        let mut la = Vec::new();
        let mut ls = Vec::new();
        g.legal_actions(&a, &mut la);
        g.legal_actions(&f.s, &mut ls);
        assert_eq!(la, ls, "the British decide as before");
    }
    // The French see their own units as they are: their sample is the state.
    let mut r = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let s_f = g.determinize(&f.s, F, &mut r);
    assert_eq!(s_f, f.s, "nothing of the British is hidden here");
    // Without the rule the sample is the state itself.
    let plain = common::shipped_vimeiro_brigade();
    let s0 = plain.initial_state();
    let mut r = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    assert_eq!(plain.determinize(&s0, Side::A, &mut r), s0);
}

#[test]
fn g23_the_hidden_units_are_resampled_among_the_obscured_places() {
    use rand::SeedableRng;
    let (f, g, _) = indistinguishable();
    let (x, y) = (f.unit("gren-1-1"), f.unit("gren-1-2"));
    let places: Vec<_> = (0..32u64)
        .map(|seed| {
            let mut r = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let a = g.determinize(&f.s, B, &mut r);
            (a.troop(x).cell, a.troop(y).cell)
        })
        .collect();
    let real = (f.s.troop(x).cell, f.s.troop(y).cell);
    assert!(places.contains(&real));
    assert!(places.contains(&(real.1, real.0)), "{places:?}");
}

/// Over a random game of the shipped `ge-vimeiro-brigade-li`: whenever a side is to act, its
/// determinization looks the same to it and leaves its legal actions as they are, and nothing it
/// may see names a piece hidden from it.
#[test]
fn g23_determinization_keeps_the_viewers_observation_over_a_random_game() {
    use coupdoeil_engine::ToAct;
    use rand::SeedableRng;
    let g = shipped_li();
    let mut s = g.initial_state();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let (mut checked, mut hidden_seen) = (0, 0);
    for step in 0..4000 {
        match g.to_act(&s) {
            ToAct::Over => break,
            ToAct::Chance => {
                let c = *g.chance(&s).sample(&mut rng);
                g.apply_chance_unchecked(&mut s, &c, &mut events);
            }
            ToAct::Side(side) => {
                g.legal_actions(&s, &mut legal);
                if step % 40 == 0 {
                    let seen = g.observation(&s, Viewer::Side(side));
                    if !seen.obscured.is_empty() {
                        hidden_seen += 1;
                    }
                    let d = g.determinize(&s, side, &mut rng);
                    assert_eq!(g.observation(&d, Viewer::Side(side)), seen, "step {step}");
                    let mut l2 = Vec::new();
                    g.legal_actions(&d, &mut l2);
                    assert_eq!(l2, legal, "step {step}");
                    checked += 1;
                }
                let a = legal[coupdoeil_engine::draw_below(&mut rng, legal.len() as u64) as usize];
                g.apply_action_unchecked(&mut s, &a, &mut events);
            }
        }
    }
    assert!(checked > 20 && hidden_seen > 5, "{checked} {hidden_seen}");
    // Every event a side may see names none of the enemy's units while obscured: checked
    // through the Secret wrapper, which nothing public contains.
    for e in &events {
        for v in [Side::A, Side::B] {
            if let Event::Secret { side, .. } = e
                && *side != v
            {
                assert!(!g.event_visible(e, Viewer::Side(v)));
            }
        }
    }
    assert!(events.iter().any(|e| matches!(e, Event::Secret { .. })));
}

/// The Limited Intelligence test game with a windmill of `height` levels in 0302 (G23.3).
fn mill_game(height: i8) -> GloryEmpire {
    li_game_with(&format!(
        "\n[[observation_point]]\nat = [\"0302\"]\nheight = {height}\n"
    ))
}

#[test]
fn g23_3_a_leader_in_an_observation_point_sees_from_its_height() {
    // As `screened`, with a windmill in the guns' hex: gren-1-1 behind the grenadiers' Line.
    let mut f = Fx::empty_of(mill_game(1));
    f.put("robe", "0302", Formation::Unlimbered, "E");
    f.put("gren-2-1", "0502", Formation::Line, "W");
    f.put("gren-1-1", "0602", Formation::Column, "W");
    f.at(B, Stage::Fire);
    // The guns stand on the ground: the mill lifts only a leader.
    assert_eq!(f.game.observer_height(&f.s, B, f.hex("0302")), 0);
    assert!(f.game.unit_obscured(&f.s, f.unit("gren-1-1")));
    // A French leader there lifts no British eye.
    f.put_leader("junot", "0302");
    assert_eq!(f.game.observer_height(&f.s, B, f.hex("0302")), 0);
    assert_eq!(f.game.observer_height(&f.s, F, f.hex("0302")), 1);
    assert!(f.game.unit_obscured(&f.s, f.unit("gren-1-1")));
    f.remove_leader("junot");
    // Wellesley up the mill sees over the Line: units block only on the level of both end
    // points (11.2.1), and his eye is a level above them.
    f.put_leader("wellesley", "0302");
    assert_eq!(f.game.observer_height(&f.s, B, f.hex("0302")), 1);
    assert!(!f.game.los(&f.s, f.hex("0302"), f.hex("0602")));
    assert!(
        f.game
            .los_raised(&f.s, (f.hex("0302"), 1), (f.hex("0602"), 0))
    );
    assert!(!f.game.unit_obscured(&f.s, f.unit("gren-1-1")));
    assert!(f.game.obscured_cells(&f.s, F).is_empty());
    // The same leader in a hex without a mill sees nothing more.
    let mut g = Fx::empty_of(li_game());
    g.put("robe", "0302", Formation::Unlimbered, "E");
    g.put("gren-2-1", "0502", Formation::Line, "W");
    g.put("gren-1-1", "0602", Formation::Column, "W");
    g.put_leader("wellesley", "0302");
    g.at(B, Stage::Fire);
    assert_eq!(g.game.observer_height(&g.s, B, g.hex("0302")), 0);
    assert!(g.game.unit_obscured(&g.s, g.unit("gren-1-1")));
}

#[test]
fn g23_3_a_leader_up_the_mill_is_seen_from_as_far() {
    // LOS is reciprocal (11.3): a leader alone in the mill, behind his own Line, is seen by the
    // enemy column the Line hides him from on the ground.
    let setup = |game: GloryEmpire| {
        let mut f = Fx::empty_of(game);
        f.put("2-43", "0502", Formation::Line, "E");
        f.put("gren-1-1", "0602", Formation::Column, "W");
        f.put_leader("fane", "0302");
        f.at(F, Stage::Fire);
        f
    };
    let ground = setup(li_game());
    assert!(
        ground
            .game
            .leader_obscured(&ground.s, ground.leader("fane"))
    );
    let mill = setup(mill_game(1));
    assert!(!mill.game.leader_obscured(&mill.s, mill.leader("fane")));
    assert!(
        !mill
            .game
            .obscured_cells(&mill.s, B)
            .contains(&mill.hex("0302"))
    );
}

#[test]
fn g23_3_the_map_marks_observation_points() {
    let g = mill_game(2);
    let b = &g.data.board;
    let c = b.parse("0302").unwrap();
    assert_eq!(b.cells[c.ix()].observation, 2);
    assert_eq!(
        (0..b.len() as u16)
            .filter(|&i| b.cells[usize::from(i)].observation != 0)
            .count(),
        1
    );
    let e = common::load_errors("[[observation_point]]\nat = [\"0302\"]\nheight = 0\n");
    assert!(e.contains("at least one Elevation Level"), "{e}");
    let e = common::load_errors(
        "[[observation_point]]\nat = [\"0302\"]\nheight = 1\n\n[[observation_point]]\nat = [\"0302\"]\nheight = 2\n",
    );
    assert!(e.contains("two Observation Points"), "{e}");
    let e = common::load_errors("[[observation_point]]\nat = [\"9999\"]\nheight = 1\n");
    assert!(e.contains("observation_point[0].at[0]"), "{e}");
    // The shipped maps mark none (ge-rulings 185).
    for g in [
        common::shipped_vimeiro_brigade(),
        common::shipped_rolica_brigade(),
    ] {
        assert!(g.data.board.cells.iter().all(|c| c.observation == 0));
    }
}
