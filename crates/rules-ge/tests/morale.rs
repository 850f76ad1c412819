//! 8 Morale (checks, the states, rally) and 9.2 Retreat Movement.

mod common;
use common::{B, F, Fx};
use coupdoeil_engine::ToAct;
use coupdoeil_ge::data::{FireResult, Formation};
use coupdoeil_ge::event::Event;
use coupdoeil_ge::state::{Frame, Morale, PendingFire, Stage};

/// Applies one fire result to the hex `at` in a Fire Segment of `firer` (the segment ends
/// at once: nothing else fires).
fn hit(f: &mut Fx, firer: coupdoeil_engine::Side, at: &str, result: &str) {
    f.at(firer, Stage::Fire);
    let t = f.hex(at);
    f.s.fire_results.push(PendingFire {
        target: t,
        from: t,
        result: FireResult::parse(result).unwrap(),
        roll: 50,
    });
    f.play("pass");
}

fn retreat_options(f: &Fx) -> Vec<String> {
    let mut v: Vec<String> = f
        .legal()
        .into_iter()
        .filter_map(|a| match a {
            coupdoeil_ge::Action::RetreatTo(c) => Some(f.label(c)),
            _ => None,
        })
        .collect();
    v.sort();
    v
}

#[test]
fn s8_1_the_top_unit_checks_for_the_stack_and_passes_above_its_mv() {
    for (roll, want) in [(30, Morale::Disorder), (31, Morale::Normal)] {
        let mut f = Fx::empty();
        f.put("2-97", "0302", Formation::Column, "N");
        f.put("2-95", "0302", Formation::Column, "N");
        f.morale("2-97", Morale::Disorder);
        f.morale("2-95", Morale::Disorder);
        f.at(B, Stage::Rally);
        f.s.queue = vec![f.hex("0302")];
        f.settle();
        assert_eq!(f.to_act(), ToAct::Chance);
        f.d100(roll);
        // 2/95th (MV 25) on top: roll - 5 (Disorder) must be above 25.
        assert_eq!(f.morale_of("2-97"), want, "roll {roll}: {}", f.log());
        assert_eq!(f.morale_of("2-95"), want);
    }
}

#[test]
fn s8_2_rally_checks_move_one_level_and_broken_or_routed_units_risk_worse() {
    // (from, roll, to): Disorder and Shaken pass one level better or stay; Broken and Rout
    // pass to Shaken, fail to Rout or elimination.
    let cases = [
        (Morale::Disorder, 99, Some(Morale::Normal)),
        (Morale::Disorder, 0, Some(Morale::Disorder)),
        (Morale::Shaken, 99, Some(Morale::Disorder)),
        (Morale::Shaken, 0, Some(Morale::Shaken)),
        (Morale::Broken, 99, Some(Morale::Shaken)),
        (Morale::Broken, 0, Some(Morale::Rout)),
        (Morale::Rout, 99, Some(Morale::Shaken)),
        (Morale::Rout, 0, None),
    ];
    for (from, roll, to) in cases {
        let mut f = Fx::empty();
        let form = if from.broken() {
            Formation::Dispersed
        } else {
            Formation::Line
        };
        f.put("2-97", "0505", form, "E");
        f.morale("2-97", from);
        f.at(B, Stage::Rally);
        f.s.queue = vec![f.hex("0505")];
        f.settle();
        f.d100(roll);
        match to {
            Some(m) => assert_eq!(f.morale_of("2-97"), m, "{from:?} {roll}"),
            None => assert_eq!(f.cell_of("2-97"), None, "a Rout that fails is eliminated"),
        }
        if from.broken() && roll == 99 {
            // 8.2 Into Column, facing as the owner likes.
            assert_eq!(f.formation_of("2-97"), Formation::Column);
            assert_eq!(f.to_act(), ToAct::Side(B));
            assert_eq!(f.legal().len(), 6, "the six hexside facings");
            f.play("face S");
        }
        if from == Morale::Broken && roll == 0 {
            assert!(matches!(f.s.pending.last(), Some(Frame::Retreat(r)) if r.left == 3));
        }
    }
}

#[test]
fn s8_2_a_unit_in_an_ezoc_may_not_rally() {
    let mut f = Fx::empty();
    f.put("2-97", "0302", Formation::Column, "N");
    f.morale("2-97", Morale::Shaken);
    f.put("gren-1-1", "0402", Formation::Line, "SSW");
    assert!(!f.game.must_rally(&f.s, f.hex("0302")));
    f.remove("gren-1-1");
    assert!(f.game.must_rally(&f.s, f.hex("0302")));
}

#[test]
fn s8_4_shaken_units_retreat_one_hex_but_not_unlimbered_artillery() {
    let mut f = Fx::empty();
    f.put("robe", "0505", Formation::Unlimbered, "N");
    f.put("2-97", "0505", Formation::Line, "NNE");
    f.morale("robe", Morale::Disorder);
    f.morale("2-97", Morale::Disorder);
    hit(&mut f, F, "0505", "M-10");
    f.d100(0);
    assert_eq!(f.morale_of("robe"), Morale::Shaken);
    match f.s.pending.last() {
        Some(Frame::Retreat(r)) => {
            assert_eq!(r.left, 1);
            assert_eq!(
                r.units,
                [f.unit("2-97")],
                "the infantry retreats, the guns stay"
            );
        }
        other => panic!("no retreat: {other:?}"),
    }
}

#[test]
fn s8_4_units_in_a_fortified_post_do_not_retreat_when_shaken() {
    let mut f = Fx::empty();
    f.s.fortified[0] = true;
    f.put("2-97", "0705", Formation::Column, "S");
    f.morale("2-97", Morale::Disorder);
    hit(&mut f, F, "0705", "M-15");
    f.d100(0);
    assert_eq!(f.morale_of("2-97"), Morale::Shaken);
    assert_eq!(f.cell_of("2-97"), Some("0705".into()));
    assert!(!matches!(f.s.pending.last(), Some(Frame::Retreat(_))));
}

#[test]
fn s8_5_broken_infantry_retreats_3_cavalry_6_and_artillery_is_eliminated() {
    let mut f = Fx::empty();
    f.put("2-97", "0505", Formation::Line, "NNE");
    f.morale("2-97", Morale::Shaken);
    hit(&mut f, F, "0505", "M");
    f.d100(0);
    assert_eq!(f.morale_of("2-97"), Morale::Broken);
    assert_eq!(
        f.formation_of("2-97"),
        Formation::Dispersed,
        "7.2 it leaves its formation"
    );
    assert!(matches!(f.s.pending.last(), Some(Frame::Retreat(r)) if r.left == 3));
    assert_eq!(f.game.zoc_of(&f.s, f.unit("2-97")).count(), 0);
    let mut g = Fx::empty();
    g.put("20ld", "0505", Formation::Line, "NNE");
    g.morale("20ld", Morale::Shaken);
    hit(&mut g, F, "0505", "M");
    g.d100(0);
    assert!(matches!(g.s.pending.last(), Some(Frame::Retreat(r)) if r.left == 6));
    let mut h = Fx::empty();
    h.put("robe", "0505", Formation::Unlimbered, "N");
    h.morale("robe", Morale::Shaken);
    hit(&mut h, F, "0505", "M");
    h.d100(0);
    assert_eq!(h.cell_of("robe"), None);
}

#[test]
fn s9_2_1_each_hex_of_a_retreat_is_farther_from_the_start() {
    let mut f = Fx::empty();
    f.put("2-97", "0505", Formation::Line, "NNE");
    f.morale("2-97", Morale::Shaken);
    hit(&mut f, F, "0505", "M");
    f.d100(0);
    assert_eq!(
        retreat_options(&f).len(),
        6,
        "every neighbour is farther than the start"
    );
    f.play("to 0506");
    // From 0506, only hexes two from 0505.
    let opts = retreat_options(&f);
    let dist = |f: &Fx, h: &str| f.game.data.board.distance(f.hex(h), f.hex("0505"));
    assert!(opts.iter().all(|h| dist(&f, h) == 2), "{opts:?}");
    f.play(&format!("to {}", opts[0]));
    let last = opts[0].clone();
    let next = retreat_options(&f);
    assert!(next.iter().all(|h| dist(&f, h) == 3), "{next:?}");
    f.play(&format!("to {}", next[0]));
    assert_ne!(f.cell_of("2-97"), Some(last));
    assert!(
        !f.s.pending.iter().any(|x| matches!(x, Frame::Retreat(_))),
        "three hexes: done"
    );
    assert_eq!(dist(&f, &f.cell_of("2-97").unwrap()), 3);
}

#[test]
fn s9_2_1_a_retreat_avoids_enemy_zocs_and_pays_for_entering_one() {
    let mut f = Fx::empty();
    f.put("2-97", "0505", Formation::Line, "NNE");
    f.morale("2-97", Morale::Disorder);
    // A French Square next door: its ZOC covers 0504, 0405 and 0604, 0605... all its
    // neighbours.
    f.put("gren-1-1", "0404", Formation::Square, "N");
    hit(&mut f, F, "0505", "M");
    f.d100(0);
    let opts = retreat_options(&f);
    assert!(
        !opts.contains(&"0504".into()) && !opts.contains(&"0405".into()),
        "{opts:?}"
    );
    // Forced into an EZOC: one level worse after the retreat, and another retreat.
    let mut g = Fx::empty_with("[[hex]]\nat = [\"0101\"]\nterrain = \"clear\"\n");
    g.put("2-97", "0505", Formation::Line, "NNE");
    g.morale("2-97", Morale::Disorder);
    for (id, h) in [
        ("gren-1-1", "0503"),
        ("gren-1-2", "0507"),
        ("gren-2-1", "0704"),
        ("gren-2-2", "0306"),
        ("1-86", "0705"),
        ("2-86", "0305"),
    ] {
        g.put(id, h, Formation::Square, "N");
    }
    hit(&mut g, F, "0505", "M");
    g.d100(0);
    assert_eq!(
        retreat_options(&g).len(),
        6,
        "every hex is in an EZOC: all allowed"
    );
    g.play("to 0506");
    // Broken at once, it retreats again from 0506 (first to 0505, the one hex out of the
    // EZOC: taken by itself).
    assert_eq!(g.morale_of("2-97"), Morale::Broken, "{}", g.log());
    assert!(matches!(g.s.pending.last(), Some(Frame::Retreat(r)) if r.origin == g.hex("0506")));
}

#[test]
fn s9_2_1_a_unit_that_cannot_complete_its_retreat_is_eliminated() {
    let mut f = Fx::empty();
    f.put("2-97", "0101", Formation::Line, "SSE");
    f.morale("2-97", Morale::Disorder);
    // The corner hex 0101 has neighbours 0102, 0201 and 0202: all held by the enemy.
    f.put("gren-1-1", "0102", Formation::Column, "N");
    f.put("gren-1-2", "0201", Formation::Column, "N");
    f.put("gren-2-1", "0202", Formation::Column, "N");
    hit(&mut f, F, "0101", "M");
    f.d100(0);
    assert_eq!(f.cell_of("2-97"), None, "{}", f.log());
    assert_eq!(f.s.vp[F], 2, "its two steps");
}

#[test]
fn s9_2_1_a_retreat_must_end_in_a_vacant_hex() {
    let mut f = Fx::empty();
    f.put("2-97", "0202", Formation::Line, "SSE");
    f.morale("2-97", Morale::Disorder);
    f.put("gren-1-1", "0201", Formation::Column, "S");
    f.put("gren-1-2", "0102", Formation::Column, "S");
    f.put("gren-2-1", "0101", Formation::Column, "S");
    f.put("2-95", "0203", Formation::Column, "S");
    f.put("5-60", "0302", Formation::Column, "S");
    f.put("1-50", "0301", Formation::Column, "S");
    hit(&mut f, F, "0202", "M");
    f.d100(0);
    // Every neighbour holds units: it goes through a friend and on.
    let opts = retreat_options(&f);
    assert_eq!(opts, ["0203", "0301", "0302"]);
    f.play("to 0203");
    assert!(
        matches!(f.s.pending.last(), Some(Frame::Retreat(r)) if r.left == 0),
        "extended"
    );
    let next = retreat_options(&f);
    assert!(!next.is_empty());
    f.play(&format!("to {}", next[0]));
    assert!(f.s.pending.is_empty());
}

#[test]
fn s9_2_1_broken_units_passing_through_friends_make_them_check() {
    let mut f = Fx::empty();
    f.put("2-97", "0202", Formation::Line, "SSE");
    f.morale("2-97", Morale::Shaken);
    f.put("2-95", "0203", Formation::Column, "S");
    hit(&mut f, F, "0202", "M");
    f.d100(0);
    f.play("to 0203");
    f.first_retreats();
    assert_eq!(f.to_act(), ToAct::Chance, "the 2/95th checks: {}", f.log());
    f.d100(0);
    assert_eq!(f.morale_of("2-95"), Morale::Disorder);
    assert!(
        f.events
            .iter()
            .any(|e| matches!(e, Event::Check { why, .. } if why.contains("9.2.1")))
    );
}

#[test]
fn s9_2_broken_units_retreat_again_at_the_start_of_their_movement_phase() {
    let mut f = Fx::empty();
    f.put("2-97", "0505", Formation::Dispersed, "N");
    f.morale("2-97", Morale::Broken);
    f.put("robe", "0202", Formation::Unlimbered, "N");
    f.at(B, Stage::NpFire);
    f.play("pass");
    assert_eq!(f.s.stage, Stage::Movement);
    assert!(
        matches!(f.s.pending.last(), Some(Frame::Retreat(r)) if r.left == 3),
        "{}",
        f.log()
    );
}
