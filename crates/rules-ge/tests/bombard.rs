//! G19.5 Bombardment Zones in the Brigade Game, from small positions on the test scenario with
//! four more French batteries (fr8 guns, Round Shot to 2 hexes point blank, effective to 5,
//! long to 7): `bz-l1` and `bz-l2` with a Round Shot FS of 5, `bz-r1` and `bz-r2` with 6, 3 SP
//! each; General Kellermann's FSM is raised to +3, as the leader of Figure 49's example.

mod common;
use common::{B, F, Fx};
use coupdoeil_engine::{Game, ToAct, Viewer};
use coupdoeil_ge::data::Formation;
use coupdoeil_ge::event::Event;
use coupdoeil_ge::state::Stage;
use coupdoeil_ge::{Action, GloryEmpire};

fn battery(id: &str, fs: u8) -> String {
    format!(
        "\n[[battery]]\nid = \"{id}\"\nside = \"french\"\nname = \"{id}\"\nleader = \"kellermann\"\n\
         type = \"light_foot\"\ngun = \"fr8\"\nammunition = {{ round_shot = 10, shell = 4, canister = 4 }}\n\
         steps = [{{ sp = 3, mv = 35, fs = {fs}, canister_fs = 6, shell_fs = 2 }}, \
         {{ sp = 2, mv = 40, fs = 3, canister_fs = 4, shell_fs = 1 }}]\n"
    )
}

fn bzgame() -> GloryEmpire {
    bzgame_with("")
}

/// [`bzgame`] with `deploy` added to the set-up.
fn bzgame_with(deploy: &str) -> GloryEmpire {
    common::game_from(
        |t| {
            let extra: String = [("bz-l1", 5), ("bz-l2", 5), ("bz-r1", 6), ("bz-r2", 6)]
                .iter()
                .map(|&(id, fs)| battery(id, fs))
                .collect();
            let t = t
                .replacen(
                    "setup = \"historical\"\n",
                    "setup = \"historical\"\nlevel = \"brigade\"\n",
                    1,
                )
                .replacen(
                    "range = 4\nfsm = 1\nmorale = 10\ncvm = 2\ner = 1\nnote = \"the grenadier",
                    "range = 4\nfsm = 3\nmorale = 10\ncvm = 2\ner = 1\nnote = \"the grenadier",
                    1,
                );
            t.replacen("\n[[battery]]\n", &format!("{extra}\n[[battery]]\n"), 1) + deploy
        },
        |c| c.to_string(),
    )
}

/// The four batteries unlimbered facing SE, the left pair in 0302, the right pair in 0402,
/// Kellermann with the left pair; a British and a French unit far off; the French Movement
/// Phase.
fn batteries() -> Fx {
    let mut f = Fx::empty_of(bzgame());
    f.put("bz-l1", "0302", Formation::Unlimbered, "SE");
    f.put("bz-l2", "0302", Formation::Unlimbered, "SE");
    f.put("bz-r1", "0402", Formation::Unlimbered, "SE");
    f.put("bz-r2", "0402", Formation::Unlimbered, "SE");
    f.put_leader("kellermann", "0302");
    f.put("gren-2-1", "0101", Formation::Column, "N");
    f.put("2-97", "1412", Formation::Column, "N");
    f.at(F, Stage::Movement);
    f
}

fn zone(f: &Fx, hex: &str) -> Vec<String> {
    let mut v: Vec<String> = f
        .game
        .bz_zone(&f.s, f.hex(hex))
        .iter()
        .map(|&c| f.label(c))
        .collect();
    v.sort();
    v
}

/// The Bombardment Attacks declared so far: (from, at, FS, the leader's and the stationary
/// modifiers' sum).
fn attacks(f: &Fx) -> Vec<(String, String, u8, i16)> {
    f.events
        .iter()
        .filter_map(|e| match e {
            Event::Bombardment {
                from,
                at,
                fs,
                modifiers,
                ..
            } => Some((
                f.label(*from),
                f.label(*at),
                *fs,
                modifiers
                    .iter()
                    .filter(|m| m.rule == "G19.5.3")
                    .map(|m| m.value)
                    .sum(),
            )),
            _ => None,
        })
        .collect()
}

/// Declines every reaction the French may make.
fn decline(f: &mut Fx) {
    while f.to_act() == ToAct::Side(F) && f.can("pass") {
        f.play("pass");
    }
}

#[test]
fn g19_5_1_a_leader_creates_a_bz_with_his_string_of_batteries() {
    let mut f = batteries();
    assert!(f.can("bz kellermann"), "{:?}", f.legal_text());
    // The notation parses back.
    for a in f.legal() {
        assert_eq!(f.game.parse_action(&f.game.action_notation(&a)), Ok(a));
    }
    f.play("bz kellermann");
    for a in f.legal() {
        assert_eq!(f.game.parse_action(&f.game.action_notation(&a)), Ok(a));
    }
    assert!(f.can("dissolve-bz kellermann"));
    assert_eq!(f.s.bombard.zones.len(), 1);
    assert_eq!(
        f.s.bombard.zones[0].units.len(),
        4,
        "both hexes of the string"
    );
    assert!(
        f.log().contains("creates a Bombardment Zone"),
        "{}",
        f.log()
    );
    assert!(!f.can("bz kellermann"), "one at a time");
    // Every viewer sees it.
    let seen = f.game.observation(&f.s, Viewer::Side(B));
    assert_eq!(seen.bombardment.len(), 1);
    assert_eq!(seen.bombardment[0].batteries, vec!["0302", "0402"]);
    assert!(seen.bombardment[0].zone.contains(&"0603".to_string()));
}

#[test]
fn g19_5_1_the_conditions_of_a_bz() {
    // 9 SP are not enough.
    let mut f = batteries();
    f.remove("bz-r2");
    assert!(!f.can("bz kellermann"));
    // A battery facing otherwise is no part of the string.
    let mut f = batteries();
    f.s.troop_mut(f.unit("bz-r2")).facing = "S".parse().unwrap();
    assert!(!f.can("bz kellermann"));
    // Nor one out of Round Shot.
    let mut f = batteries();
    f.s.troop_mut(f.unit("bz-r2")).used[0] = 10;
    assert!(!f.can("bz kellermann"));
    // Nor one not next to the string.
    let mut f = batteries();
    f.put("bz-r2", "0602", Formation::Unlimbered, "SE");
    assert!(!f.can("bz kellermann"));
    // The leader's FSM must be +1 or better, and he must be with a battery.
    let mut f = batteries();
    let (k, away) = (f.leader("kellermann"), f.hex("0202"));
    f.s.leaders[k.ix()].cell = Some(away);
    assert!(!f.can("bz kellermann"));
    // Only in his own Movement Phase.
    let mut f = batteries();
    f.at(B, Stage::Movement);
    assert!(!f.can("bz kellermann"));
}

#[test]
fn g19_5_1_the_owner_may_dissolve_his_bz() {
    let mut f = batteries();
    f.play("bz kellermann");
    assert!(f.can("dissolve-bz kellermann"));
    f.play("dissolve-bz kellermann");
    assert!(f.s.bombard.zones.is_empty());
    assert!(f.log().contains("dissolved by its owner"));
}

#[test]
fn g19_5_1_bz_batteries_make_only_howitzer_attacks_in_the_fire_segment() {
    let mut f = batteries();
    f.put("1-50", "0504", Formation::Line, "NW");
    f.at(F, Stage::Fire);
    assert!(f.can("fire 0302 0504 round_shot"));
    f.at(F, Stage::Movement);
    f.play("bz kellermann");
    f.at(F, Stage::Fire);
    let from_bz: Vec<String> = f
        .legal_text()
        .into_iter()
        .filter(|t| t.starts_with("fire 0302") || t.starts_with("roll 0302"))
        .collect();
    assert!(
        !from_bz.is_empty() && from_bz.iter().all(|t| t.ends_with(" shell")),
        "{from_bz:?}"
    );
}

#[test]
fn g19_5_2_a_stacks_zone_is_its_round_shot_effective_and_long_bands_in_sight() {
    let f = batteries();
    let z = zone(&f, "0302");
    // 3 to 7 hexes: effective and long; not the point blank band.
    assert!(z.contains(&"0603".to_string()));
    assert!(!z.contains(&"0503".to_string()) && !z.contains(&"0403".to_string()));
    // Not behind the village.
    assert!(!z.contains(&"0607".to_string()));
    // Units never block it.
    let mut g = batteries();
    g.put("1-50", "0403", Formation::Line, "N");
    g.put("2-52", "0503", Formation::Line, "N");
    assert_eq!(zone(&g, "0302"), z);
}

#[test]
fn g19_5_3_figure_49_a_unit_moving_through_two_zones_is_attacked_by_each() {
    let mut f = batteries();
    f.play("bz kellermann");
    f.at(B, Stage::Movement);
    f.put("20ld", "0505", Formation::Column, "N");
    f.play("select 20ld");
    f.play("step 0504");
    decline(&mut f);
    f.play("step 0503");
    decline(&mut f);
    if f.s.moving.is_some() {
        f.play("end");
    }
    decline(&mut f);
    let mut got = attacks(&f);
    got.sort();
    // Each stack attacks at the last hex of the path in its zone: the right stack's 12 halved
    // to 6, the left's 10 to 5, each with the leader's +3.
    assert_eq!(
        got,
        vec![
            ("0302".to_string(), "0504".to_string(), 5, 3),
            ("0402".to_string(), "0504".to_string(), 6, 3),
        ],
        "{}",
        f.log()
    );
    // Rolled and applied at once.
    assert_eq!(f.to_act(), ToAct::Chance);
}

#[test]
fn g19_5_3_figure_49_stationary_units_are_attacked_at_the_end_of_their_movement_phase() {
    let mut f = batteries();
    f.play("bz kellermann");
    f.at(B, Stage::Movement);
    // The 1/71 of the example: in the left stack's zone only.
    f.put("1-50", "0603", Formation::Line, "NW");
    // The 2/95: in range, but the village blocks the LOS.
    f.put("2-95", "0607", Formation::Line, "NW");
    f.play("pass");
    // 10 halved, +2 stationary, +3 leader: FS 10 before the target's own modifiers.
    assert_eq!(
        attacks(&f),
        vec![("0302".to_string(), "0603".to_string(), 5, 5)],
        "{}",
        f.log()
    );
    assert!(f.log().contains("+2 stationary in a Bombardment Zone"));
}

#[test]
fn g19_5_3_units_that_moved_are_not_attacked_as_stationary() {
    let mut f = batteries();
    f.play("bz kellermann");
    f.at(B, Stage::Movement);
    f.put("2-52", "0604", Formation::Column, "N");
    f.play("select 2-52");
    f.play("step 0603");
    decline(&mut f);
    if f.s.moving.is_some() {
        f.play("end");
    }
    decline(&mut f);
    // 0604 is in both zones, 0603 in the left one only.
    let moved = attacks(&f).len();
    assert_eq!(
        attacks(&f)
            .iter()
            .map(|a| (a.0.as_str(), a.1.as_str()))
            .collect::<Vec<_>>(),
        vec![("0402", "0604"), ("0302", "0603")],
        "{}",
        f.log()
    );
    while f.to_act() == ToAct::Chance {
        f.d100(50);
        decline(&mut f);
    }
    assert_eq!(f.s.stage, Stage::Movement, "{}", f.game.waiting_text(&f.s));
    f.play("pass");
    assert_eq!(attacks(&f).len(), moved, "{}", f.log());
}

#[test]
fn g19_5_3_bz_ammo_expenditure_and_dissolution_at_the_end_of_the_turn() {
    let mut f = batteries();
    f.play("bz kellermann");
    f.at(F, Stage::Assaults);
    f.s.second = true;
    f.s.queue.clear();
    f.settle();
    let l1 = f.unit("bz-l1");
    assert_eq!(
        f.game
            .rounds_left(&f.s, l1, coupdoeil_ge::artillery::Round::RoundShot),
        7
    );
    assert!(f.log().contains("BZ Ammo Expenditure Phase"));
    assert_eq!(f.s.bombard.zones.len(), 1, "its conditions still hold");
    // Next turn Kellermann leaves the batteries: at the end of the turn it dissolves.
    let (k, away) = (f.leader("kellermann"), f.hex("0202"));
    f.s.leaders[k.ix()].cell = Some(away);
    f.at(F, Stage::Assaults);
    f.s.second = true;
    f.s.queue.clear();
    f.settle();
    assert!(f.s.bombard.zones.is_empty(), "{}", f.log());
    assert_eq!(
        f.game
            .rounds_left(&f.s, l1, coupdoeil_ge::artillery::Round::RoundShot),
        4
    );
    assert!(f.log().contains("its conditions no longer hold"));
}

#[test]
fn g19_5_the_battalion_game_has_no_bz() {
    let game = common::game_from(
        |t| {
            t.replacen(
                "setup = \"historical\"\n",
                "setup = \"historical\"\nlevel = \"battalion\"\n",
                1,
            )
        },
        |c| c.to_string(),
    );
    let mut f = Fx::empty_of(game);
    f.put("fr-guns", "0302", Formation::Unlimbered, "SE");
    f.put_leader("kellermann", "0302");
    f.put("2-97", "1412", Formation::Column, "N");
    f.at(F, Stage::Movement);
    assert!(!f.legal().iter().any(|a| matches!(a, Action::CreateBz(_))));
}

/// The conformance kit over random Brigade games in which the French may form a BZ from the
/// start: the four batteries set up unlimbered facing W beside Kellermann's guns.
#[test]
fn g19_5_conformance_with_bombardment_zones() {
    let deploy: String = [("bz-l1", "1307"), ("bz-l2", "1307"), ("bz-r1", "1208"), ("bz-r2", "1208")]
        .iter()
        .map(|(id, at)| {
            format!("\n[[deploy]]\nid = \"{id}\"\nat = \"{at}\"\nfacing = \"W\"\nformation = \"unlimbered\"\n")
        })
        .collect();
    let g = bzgame_with(&deploy);
    let s = coupdoeil_engine::Game::initial_state(&g);
    assert!(
        g.bz_string(&s, g.data.leader_by_id("kellermann").unwrap(), None)
            .is_some(),
        "a BZ may be formed"
    );
    let opts = coupdoeil_engine::testkit::Options {
        games: 4,
        seed: 5,
        max_steps: 20_000,
        deep_every: 13,
    };
    let report = common::battalion_playouts(g.clone(), &opts);
    assert_eq!(report.games, opts.games, "{report:?}");
    // Random play of the same position forms BZs and makes Bombardment Attacks.
    let (mut created, mut attacks) = (0, 0);
    let mut x: u64 = 7;
    let mut next = |n: usize| {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (x >> 33) as usize % n.max(1)
    };
    for _ in 0..4 {
        let mut f = Fx {
            s: coupdoeil_engine::Game::initial_state(&g),
            game: g.clone(),
            events: Vec::new(),
        };
        for _ in 0..6000 {
            match f.to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    let d = f.game.chance(&f.s);
                    let o = d.outcomes();
                    let c = o[next(o.len())].0;
                    f.roll(c);
                }
                ToAct::Side(_) => {
                    let legal = f.legal();
                    // Favour forming a BZ when it is offered.
                    let a = legal
                        .iter()
                        .find(|a| matches!(a, Action::CreateBz(_)))
                        .copied()
                        .unwrap_or_else(|| legal[next(legal.len())]);
                    f.game.apply_action_unchecked(&mut f.s, &a, &mut f.events);
                }
            }
        }
        created += f
            .events
            .iter()
            .filter(|e| matches!(e, Event::BzCreated { .. }))
            .count();
        attacks += f
            .events
            .iter()
            .filter(|e| matches!(e, Event::Bombardment { .. }))
            .count();
    }
    assert!(
        created > 0 && attacks > 0,
        "{created} BZs, {attacks} attacks"
    );
}

#[test]
fn g19_5_3_units_under_a_reserve_order_are_attacked_at_the_end_of_the_reserve_movement_phase() {
    let mut f = batteries();
    f.play("bz kellermann");
    // 1/50th under Fane's Reserve order, 2/52nd under no order, both in the left zone only.
    f.put("1-50", "0603", Formation::Line, "NW");
    f.put("2-52", "0602", Formation::Line, "NW");
    f.put_leader("fane", "0701");
    let fane = f.leader("fane");
    f.s.leaders[fane.ix()].order = Some(coupdoeil_ge::state::OrderKind::Reserve);
    // The British Reserve Movement Phase: the 1/50th only.
    f.at(F, Stage::ReserveMovement);
    f.play("pass");
    let hit: Vec<String> = attacks(&f).into_iter().map(|a| a.1).collect();
    assert_eq!(hit, vec!["0603".to_string()], "{}", f.log());
    // The British Movement Phase: the 2/52nd only.
    f.events.clear();
    f.at(B, Stage::Movement);
    f.play("pass");
    let hit: Vec<String> = attacks(&f).into_iter().map(|a| a.1).collect();
    assert_eq!(hit, vec!["0602".to_string()], "{}", f.log());
}

#[test]
fn g19_5_3_friends_are_bombarded_too_but_not_those_that_moved_before_the_bz_formed() {
    let mut f = batteries();
    // Two French battalions in the left zone; one moves (within it) before the BZ forms.
    f.put("gren-1-1", "0602", Formation::Column, "S");
    f.put("gren-1-2", "0601", Formation::Column, "S");
    f.play("select gren-1-1");
    f.play("step 0603");
    if f.s.moving.is_some() {
        f.play("end");
    }
    assert!(attacks(&f).is_empty(), "no BZ yet");
    f.play("bz kellermann");
    f.play("pass");
    let hit: Vec<String> = attacks(&f).into_iter().map(|a| a.1).collect();
    assert_eq!(hit, vec!["0601".to_string()], "{}", f.log());
}

#[test]
fn g19_5_3_an_advance_after_combat_into_a_zone_is_bombarded() {
    // The 2/52nd assaults weak grenadiers in 0603 (in the left zone); random dice until it
    // wins and advances.
    let mut seen = 0;
    for seed in 0..60u64 {
        let mut f = batteries();
        f.play("bz kellermann");
        f.put("2-52", "0602", Formation::Column, "S");
        f.put("gren-1-1", "0603", Formation::Column, "N");
        f.morale("gren-1-1", coupdoeil_ge::state::Morale::Shaken);
        f.steps("gren-1-1", 1);
        f.mark("2-52", "0603", false);
        f.events.clear();
        f.combat_phase(B, false);
        let mut x = seed.wrapping_mul(2_862_933_555_777_941_757).wrapping_add(3);
        for _ in 0..300 {
            if f.s.stage != Stage::Assaults {
                break;
            }
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let r = (x >> 33) as usize;
            match f.to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    let d = f.game.chance(&f.s);
                    let o = d.outcomes();
                    let c = o[r % o.len()].0;
                    f.roll(c);
                }
                ToAct::Side(_) => {
                    let legal = f.legal();
                    let a = legal
                        .iter()
                        .find(|a| matches!(a, Action::Advance(_)))
                        .copied()
                        .unwrap_or(legal[r % legal.len()]);
                    f.game.apply_action_unchecked(&mut f.s, &a, &mut f.events);
                }
            }
        }
        let advanced = f
            .events
            .iter()
            .position(|e| matches!(e, Event::Advanced { unit, .. } if *unit == f.unit("2-52")));
        if let Some(i) = advanced {
            let hit = f.events[i..].iter().any(|e| {
                matches!(e, Event::Bombardment { at, units, .. }
                    if *at == f.hex("0603") && units == &vec![f.unit("2-52")])
            });
            assert!(hit, "{}", f.log());
            seen += 1;
        }
    }
    assert!(seen > 0, "no advance in 60 games");
}

/// Plays on while `side` may only pass or dice are due (`side` passes, percentile dice 90, a
/// d10 5), until `until`.
fn pass_for(f: &mut Fx, side: coupdoeil_engine::Side, until: impl Fn(&Fx) -> bool) {
    for _ in 0..40 {
        if until(f) {
            return;
        }
        match f.to_act() {
            ToAct::Side(s) if s == side && f.can("pass") => f.play("pass"),
            ToAct::Chance => {
                let c = match f.game.chance(&f.s).outcomes()[0].0 {
                    coupdoeil_ge::Chance::D10(_) => coupdoeil_ge::Chance::D10(5),
                    coupdoeil_ge::Chance::Percentile(_) => coupdoeil_ge::Chance::Percentile(90),
                    coupdoeil_ge::Chance::Pick(_) => coupdoeil_ge::Chance::Pick(0),
                };
                f.roll(c);
            }
            _ => return,
        }
    }
}

#[test]
fn g19_5_3_a_reaction_move_out_of_a_zone_is_bombarded() {
    // The French form their BZ, then grenadiers march up next to the British light dragoons
    // in 0206, in both zones, who ride off.
    let mut f = batteries();
    f.play("bz kellermann");
    f.put("20ld", "0206", Formation::Line, "S");
    f.put("gren-1-1", "0209", Formation::Column, "N");
    f.play("select gren-1-1");
    f.play("step 0208");
    pass_for(&mut f, B, |f| f.to_act() == ToAct::Side(F));
    f.play("step 0207");
    let reacts = |f: &Fx| {
        f.legal()
            .into_iter()
            .filter(|a| matches!(a, Action::ReactMove { .. }))
            .collect::<Vec<_>>()
    };
    pass_for(&mut f, B, |f| !reacts(f).is_empty());
    let a = *reacts(&f).first().expect("a Reaction Move");
    f.events.clear();
    f.game.apply_action_unchecked(&mut f.s, &a, &mut f.events);
    pass_for(&mut f, F, |f| {
        f.events
            .iter()
            .any(|e| matches!(e, Event::Bombardment { .. }))
    });
    assert!(
        f.events.iter().any(|e| matches!(e,
            Event::Bombardment { from, units, .. }
                if *from == f.hex("0302") && units == &vec![f.unit("20ld")])),
        "{}",
        f.log()
    );
}

#[test]
fn g19_5_3_a_charge_movement_through_a_zone_is_bombarded_before_its_combat() {
    let mut f = batteries();
    f.play("bz kellermann");
    // The light dragoons in 0505 (both zones) charge grenadiers in 0503, at point blank of the
    // guns and so outside the zones.
    f.put("20ld", "0505", Formation::Line, "N");
    f.put("gren-1-1", "0503", Formation::Column, "S");
    // B13.2.5 The Charge marker stands in the cavalry's own hex.
    f.mark("20ld", "0505", true);
    f.events.clear();
    f.combat_phase(B, true);
    for _ in 0..20 {
        if !f
            .events
            .iter()
            .all(|e| !matches!(e, Event::Bombardment { .. }))
        {
            break;
        }
        match f.to_act() {
            ToAct::Side(s) if s == F && f.can("pass") => f.play("pass"),
            ToAct::Side(_) if f.can("resolve 0505") => f.play("resolve 0505"),
            ToAct::Side(_) if f.can("charge 0503") => f.play("charge 0503"),
            ToAct::Side(_) if f.can("step 0504") => f.play("step 0504"),
            ToAct::Chance => f.d100(90),
            _ => panic!("{:?} {}", f.legal_text(), f.log()),
        }
    }
    let mut got: Vec<(String, String)> = attacks(&f).into_iter().map(|a| (a.0, a.1)).collect();
    got.sort();
    assert_eq!(
        got,
        vec![
            ("0302".to_string(), "0504".to_string()),
            ("0402".to_string(), "0504".to_string())
        ],
        "{}",
        f.log()
    );
    // The combat waits for them.
    assert!(matches!(
        f.s.pending.first(),
        Some(coupdoeil_ge::state::Frame::Combat(_))
    ));
}

/// G19.5.3 (ge-rulings 211) A Regroup after a charge is a voluntary move: the Bombardment Zone
/// strikes it at the last hex of its path in each zone, once the combat is over.
#[test]
fn g19_5_3_a_regroup_is_attacked_when_the_combat_is_over() {
    use coupdoeil_ge::state::OrderKind;
    let mut f = batteries();
    f.play("bz kellermann");
    f.put_leader("wellesley", "0702");
    let w = f.leader("wellesley");
    f.s.leaders[w.ix()].order = Some(OrderKind::Attack);
    f.put("20ld", "0702", Formation::Column, "SE");
    f.put("gren-1-1", "0904", Formation::Column, "NW");
    f.at(B, Stage::Movement);
    f.play("select 20ld");
    f.play("charge-marker");
    f.combat_phase(B, true);
    f.play("step 0803");
    decline(&mut f);
    f.play("step 0804");
    decline(&mut f);
    // A bluff: the charge ends next to the grenadiers without a target, then regroups.
    assert!(f.can("end"), "{:?}\n{}", f.legal_text(), f.log());
    f.play("end");
    decline(&mut f);
    // The Charge Movement's own Bombardment Attacks (its path was in both zones), missed.
    while f.to_act() == ToAct::Chance {
        let last = *f.game.chance(&f.s).outcomes().first().unwrap();
        f.roll(last.0);
    }
    let before = attacks(&f);
    assert!(f.can("regroup 0803"), "{:?}\n{}", f.legal_text(), f.log());
    f.play("regroup 0803");
    assert_eq!(attacks(&f), before, "not while the combat goes on");
    f.play("pass");
    decline(&mut f);
    let got = attacks(&f);
    let mut regroup: Vec<String> = got[before.len()..]
        .iter()
        .filter(|a| a.1 == "0803")
        .map(|a| a.0.clone())
        .collect();
    regroup.sort();
    assert_eq!(
        regroup,
        ["0302", "0402"],
        "each zone's stack strikes it: {got:?}\n{}",
        f.log()
    );
}

/// The four batteries of [`batteries`] moved so that the French entry hex 1409 lies in both
/// zones, in the French Movement Phase of turn 2, when the 86th's battalions may enter.
fn batteries_over_the_entry() -> Fx {
    let mut f = Fx::empty_of(bzgame());
    f.put("bz-l1", "1005", Formation::Unlimbered, "SE");
    f.put("bz-l2", "1005", Formation::Unlimbered, "SE");
    f.put("bz-r1", "1105", Formation::Unlimbered, "SE");
    f.put("bz-r2", "1105", Formation::Unlimbered, "SE");
    f.put_leader("kellermann", "1005");
    f.put("2-97", "0101", Formation::Column, "N");
    f.s.turn = 2;
    f.at(F, Stage::Movement);
    f
}

#[test]
fn g19_5_3_a_reinforcement_entering_a_zone_is_bombarded() {
    let mut f = batteries_over_the_entry();
    f.play("bz kellermann");
    assert!(zone(&f, "1005").contains(&"1409".to_string()));
    assert!(zone(&f, "1105").contains(&"1409".to_string()));
    // Entering is moving (G19.5.3 strikes friends too): the 1/86th stops in its entry hex.
    f.play("enter 1-86 1409");
    if f.s.moving.is_some() {
        f.play("end");
    }
    let hit: Vec<(String, String)> = attacks(&f).into_iter().map(|a| (a.0, a.1)).collect();
    assert_eq!(
        hit,
        vec![
            ("1105".to_string(), "1409".to_string()),
            ("1005".to_string(), "1409".to_string())
        ],
        "{}",
        f.log()
    );
    while f.to_act() == ToAct::Chance {
        f.d100(99);
    }
    // Not attacked again as stationary at the end of the phase.
    let before = attacks(&f).len();
    f.play("pass");
    assert_eq!(attacks(&f).len(), before, "{}", f.log());
}
