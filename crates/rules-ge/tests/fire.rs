//! 12 Fire Combat: Fire Strength and limits, range, facing and LOS, the modifiers, the Fire
//! Chart and its results, and several attacks on one hex.

mod common;
use common::{B, F, Fx};
use coupdoeil_engine::ToAct;
use coupdoeil_ge::Action;
use coupdoeil_ge::data::{FireResult, Formation};
use coupdoeil_ge::event::Event;
use coupdoeil_ge::state::{Morale, PendingFire, Stage};

fn fs_of(f: &Fx, hex: &str) -> Option<u8> {
    f.game.strength(&f.s, f.hex(hex)).map(|s| s.fs)
}

fn targets(f: &Fx, hex: &str) -> Vec<String> {
    let mut v: Vec<String> = f
        .game
        .fire_targets(&f.s, f.hex(hex))
        .into_iter()
        .map(|(c, _)| f.label(c))
        .collect();
    v.sort();
    v
}

fn odds(f: &Fx, from: &str, to: &str) -> (u8, Vec<(String, i16)>) {
    let st = f.game.strength(&f.s, f.hex(from)).expect("may fire");
    let t = f.s.stack(f.hex(to));
    let r = f.game.data.board.distance(f.hex(from), f.hex(to));
    let o = f
        .game
        .fire_odds(&f.s, f.hex(from), f.hex(to), &t, &st, false, r);
    (
        o.column,
        o.modifiers.into_iter().map(|m| (m.what, m.value)).collect(),
    )
}

#[test]
fn s12_3_1_example_line_fs5_at_a_column_rolls_74_for_m15() {
    // A unit with FS 5 in Line fires at a 5 SP Column in open ground: column 5, +1 for the
    // Column target, column 6; 74 reads M-15.
    let mut f = Fx::empty();
    f.put("1-50", "0302", Formation::Line, "E");
    f.put("gren-1-1", "0402", Formation::Column, "SW");
    f.at(B, Stage::Fire);
    let (col, mods) = odds(&f, "0302", "0402");
    assert_eq!(col, 6, "{mods:?}");
    assert_eq!(mods, [("target in column".to_string(), 1)]);
    f.play("fire 0302 0402");
    f.d100(74);
    let rolled = f.events.iter().find_map(|e| match e {
        Event::FireRolled { result, .. } => Some(*result),
        _ => None,
    });
    assert_eq!(rolled.map(|r| r.to_string()), Some("M-15".into()));
    // The only firer has fired: the segment ends and the result is applied: the MC at -15.
    assert_eq!(f.to_act(), ToAct::Chance);
    f.d100(40);
    let check = f.events.iter().rev().find_map(|e| match e {
        Event::Check { drm, passed, .. } => Some((*drm, *passed)),
        _ => None,
    });
    assert_eq!(check, Some((-15, false)), "40 - 15 = 25, not above MV 25");
    assert_eq!(f.morale_of("gren-1-1"), Morale::Disorder);
}

#[test]
fn s12_3_1_several_attacks_on_a_hex_are_rolled_then_applied_together() {
    // The 12.3.1 example: a Disordered stack takes 1M-15, M-10 and M: the step loss first,
    // then three checks at -20, -15 and -5 (with the Disorder marker's -5).
    let cases: [(&[u8], Morale); 4] = [
        (&[99, 99, 99], Morale::Disorder),
        (&[0, 99, 99], Morale::Shaken),
        (&[0, 0, 99], Morale::Broken),
        (&[0, 0, 0], Morale::Broken),
    ];
    for (rolls, want) in cases {
        let mut f = Fx::empty();
        f.put("gren-1-1", "0605", Formation::Column, "SW");
        f.morale("gren-1-1", Morale::Disorder);
        f.at(B, Stage::Fire);
        let t = f.hex("0605");
        for r in ["1M-15", "M-10", "M"] {
            f.s.fire_results.push(PendingFire {
                target: t,
                from: f.hex("0604"),
                result: FireResult::parse(r).unwrap(),
                roll: 50,
            });
        }
        f.play("pass");
        assert_eq!(f.steps_of("gren-1-1"), 1, "the loss comes first");
        for &r in rolls {
            f.d100(r);
        }
        let drms: Vec<i16> = f
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Check { drm, .. } => Some(*drm),
                _ => None,
            })
            .collect();
        assert_eq!(drms, [-20, -15, -5]);
        assert_eq!(f.morale_of("gren-1-1"), want, "rolls {rolls:?}");
        if want == Morale::Broken {
            assert!(matches!(
                f.s.pending.last(),
                Some(coupdoeil_ge::state::Frame::Retreat(r)) if r.left == 3
            ));
        }
    }
}

#[test]
fn s12_2_fire_strength_by_formation_and_the_fire_limits() {
    let mut f = Fx::empty();
    // Line: the top unit in full; the next would pass the 5 SP limit and adds nothing.
    f.put("2-95", "0302", Formation::Line, "E");
    f.put("2-97", "0302", Formation::Line, "E");
    assert_eq!(fs_of(&f, "0302"), Some(4));
    // Column and Square: FS 1.
    f.put("2-52", "0502", Formation::Column, "N");
    assert_eq!(fs_of(&f, "0502"), Some(1));
    f.put("5-60", "0702", Formation::Square, "N");
    assert_eq!(fs_of(&f, "0702"), Some(1));
    // Skirmishers en Tirailleurs: the Sk number, at 2 hexes.
    f.s.troop_mut(f.unit("2-52")).skirmishers = 2;
    let st = f.game.strength(&f.s, f.hex("0502")).unwrap();
    assert_eq!((st.fs, st.range, st.skirmish), (2, 2, true));
    // En Debandade: the pink FS, up to 4 SP.
    f.put("1-50", "0902", Formation::Sed, "N");
    f.remove("1-50");
    f.put("5-60", "0902", Formation::Sed, "N");
    f.put("2-43", "0902", Formation::Sed, "N");
    assert_eq!(
        fs_of(&f, "0902"),
        Some(3),
        "2/43rd's SeD FS 3; the 5/60th would pass 4 SP"
    );
    // Artillery: Round Shot FS, unlimbered only.
    f.put("robe", "1102", Formation::Unlimbered, "N");
    assert_eq!(fs_of(&f, "1102"), Some(4));
    f.s.troop_mut(f.unit("robe")).formation = Formation::Limbered;
    assert_eq!(fs_of(&f, "1102"), None);
    // Cavalry, Road Column and Broken units do not fire.
    f.put("20ld", "1302", Formation::Line, "NNE");
    assert_eq!(fs_of(&f, "1302"), None);
    f.put("2-52", "0502", Formation::RoadColumn, "N");
    assert_eq!(fs_of(&f, "0502"), None);
    f.put("2-52", "0502", Formation::Column, "N");
    f.morale("2-52", Morale::Broken);
    assert_eq!(fs_of(&f, "0502"), None);
}

#[test]
fn s12_2_only_the_top_units_type_fires_from_a_mixed_stack() {
    let mut f = Fx::empty();
    f.put("robe", "0302", Formation::Unlimbered, "E");
    f.put("2-97", "0302", Formation::Line, "E");
    let st = f.game.strength(&f.s, f.hex("0302")).unwrap();
    assert_eq!(st.units, [f.unit("2-97")]);
    let mut g = Fx::empty();
    g.put("2-97", "0302", Formation::Line, "E");
    g.put("robe", "0302", Formation::Unlimbered, "E");
    let st = g.game.strength(&g.s, g.hex("0302")).unwrap();
    assert_eq!(st.units, [g.unit("robe")]);
}

#[test]
fn s12_1_1_ranges_fronts_and_the_artillerys_30_degree_turn() {
    let mut f = Fx::empty();
    f.put("2-97", "0302", Formation::Line, "E");
    for (id, h) in [
        ("gren-1-1", "0402"),
        ("gren-1-2", "0301"),
        ("gren-2-1", "0502"),
    ] {
        f.put(id, h, Formation::Column, "SW");
    }
    assert_eq!(
        targets(&f, "0302"),
        ["0402"],
        "Line: adjacent, through the front"
    );
    // With skirmishers out the range is 2, through the front, without LOS.
    f.s.troop_mut(f.unit("2-97")).formation = Formation::Column;
    f.s.troop_mut(f.unit("2-97")).facing = "NE".parse().unwrap();
    f.s.troop_mut(f.unit("2-97")).skirmishers = 1;
    assert_eq!(targets(&f, "0302"), ["0301", "0402", "0502"]);
    // Artillery facing a vertex turns 30 degrees to fire just outside its cone (7.9.2).
    let mut g = Fx::empty();
    g.put("robe", "0302", Formation::Unlimbered, "NNE");
    g.put("gren-1-1", "0202", Formation::Column, "SE");
    g.put("gren-1-2", "0303", Formation::Column, "N");
    assert_eq!(
        targets(&g, "0302"),
        ["0202"],
        "NW is one turn away; S is not"
    );
    g.at(B, Stage::Fire);
    g.play("fire 0302 0202");
    assert_eq!(g.s.troop(g.unit("robe")).facing.to_string(), "N");
}

#[test]
fn s12_1_2_artillery_needs_a_clear_los() {
    let mut f = Fx::empty();
    f.put("robe", "0901", Formation::Unlimbered, "S");
    f.put("gren-1-1", "0903", Formation::Column, "N");
    f.put("gren-1-2", "0905", Formation::Column, "N");
    assert_eq!(
        targets(&f, "0901"),
        ["0903"],
        "into the olive grove, not through it"
    );
}

#[test]
fn s12_2_1_the_modifiers() {
    let mut f = Fx::empty();
    f.put("2-97", "0302", Formation::Line, "E");
    // Fired on through the rear and the flank of a Line.
    f.put("gren-1-1", "0402", Formation::Line, "E");
    let (_, mods) = odds(&f, "0302", "0402");
    assert!(mods.contains(&("through the rear".into(), 2)), "{mods:?}");
    let mut g = Fx::empty();
    g.put("2-97", "0401", Formation::Line, "SSE");
    g.put("gren-1-1", "0402", Formation::Line, "E");
    let (_, mods) = odds(&g, "0401", "0402");
    assert!(
        mods.contains(&("through the flank: enfilade".into(), 2)),
        "{mods:?}"
    );
    // 7.6.6 Skirmishers screen their unit's front only.
    let mut h = Fx::empty();
    h.put("2-97", "0302", Formation::Line, "E");
    h.put("gren-1-1", "0402", Formation::Column, "SW");
    h.s.troop_mut(h.unit("gren-1-1")).skirmishers = 1;
    let (col, mods) = odds(&h, "0302", "0402");
    assert!(mods.contains(&("Sk-1 screen".into(), -1)), "{mods:?}");
    assert_eq!(col, 4);
    // A leader with the firers adds his FSM; a Disordered firer loses a column.
    h.put_leader("anstruther", "0302");
    h.morale("2-97", Morale::Disorder);
    let (col, mods) = odds(&h, "0302", "0402");
    assert!(
        mods.contains(&("leader Brig.-Gen. Anstruther".into(), 1)),
        "{mods:?}"
    );
    assert!(mods.contains(&("firer Disorder".into(), -1)), "{mods:?}");
    assert_eq!(col, 4);
    // Target stacking: 1 or 2 SP is -1; terrain of the target; a wall on the side fired through.
    let mut k = Fx::empty();
    k.put("2-97", "0806", Formation::Column, "NW");
    k.put("gren-1-1", "0705", Formation::Column, "SE");
    k.steps("gren-1-1", 1);
    let (_, mods) = odds(&k, "0806", "0705");
    assert!(
        mods.contains(&("target stacking, 3 SP".into(), 0))
            || !mods.iter().any(|m| m.0.starts_with("target stacking"))
    );
    assert!(mods.contains(&("Village".into(), -2)), "{mods:?}");
    assert!(
        mods.contains(&("hexside".into(), -1)),
        "the churchyard wall: {mods:?}"
    );
    let mut m = Fx::empty();
    m.put("2-97", "0302", Formation::Line, "E");
    m.put("robe", "0402", Formation::Limbered, "SW");
    m.steps("robe", 1);
    let (_, mods) = odds(&m, "0302", "0402");
    assert!(
        mods.contains(&("target stacking, 2 SP".into(), -1)),
        "{mods:?}"
    );
}

#[test]
fn s12_2_1_columns_are_clamped_to_the_chart() {
    let mut f = Fx::empty();
    f.put("2-97", "0302", Formation::Column, "NE");
    f.put("robe", "0402", Formation::Unlimbered, "SW");
    f.steps("robe", 1);
    f.morale("2-97", Morale::Shaken);
    // FS 1, -1 (2 SP), -1 (Shaken firer): column 0, not below.
    let (col, _) = odds(&f, "0302", "0402");
    assert_eq!(col, 0);
}

#[test]
fn s12_3_1_losses_come_off_the_top_unit_and_cut_its_skirmishers() {
    let mut f = Fx::empty();
    f.put("1-50", "0402", Formation::Line, "SSW");
    f.s.troop_mut(f.unit("1-50")).skirmishers = 2;
    f.at(F, Stage::Fire);
    let t = f.hex("0402");
    f.s.fire_results.push(PendingFire {
        target: t,
        from: f.hex("0302"),
        result: FireResult::parse("1M").unwrap(),
        roll: 60,
    });
    f.play("pass");
    assert_eq!(f.steps_of("1-50"), 2);
    assert_eq!(
        f.s.troop(f.unit("1-50")).skirmishers,
        1,
        "7.6 the exponent is now 1"
    );
}

#[test]
fn s12_3_1_a_roll_of_95_to_99_picks_a_leader_casualty_at_random() {
    let mut f = Fx::empty();
    f.put("2-97", "0402", Formation::Column, "SW");
    f.put_leader("anstruther", "0402");
    f.put_leader("fitzroy", "0402");
    f.at(F, Stage::Fire);
    let t = f.hex("0402");
    f.s.fire_results.push(PendingFire {
        target: t,
        from: f.hex("0302"),
        result: FireResult::parse("M").unwrap(),
        roll: 96,
    });
    f.play("pass");
    assert_eq!(f.game.pending_die(&f.s), coupdoeil_ge::DieKind::Pick(2));
    f.roll(coupdoeil_ge::Chance::Pick(1));
    let on_map = |f: &Fx, id: &str| {
        f.s.leader(f.leader(id)).status == coupdoeil_ge::state::LeaderStatus::OnMap
    };
    assert!(
        on_map(&f, "fitzroy") != on_map(&f, "anstruther"),
        "exactly one is hit"
    );
}

#[test]
fn s7_8_2_a_square_fires_twice_at_hexes_not_adjacent_to_each_other() {
    let mut f = Fx::empty();
    f.put("2-97", "0302", Formation::Square, "N");
    f.put("gren-1-1", "0301", Formation::Column, "S");
    f.put("gren-1-2", "0303", Formation::Column, "N");
    f.put("gren-2-1", "0402", Formation::Column, "SW");
    f.at(B, Stage::Fire);
    f.play("fire 0302 0301");
    f.d100(10);
    assert!(f.can("fire 0302 0303"));
    assert!(!f.can("fire 0302 0402"), "adjacent to the first target");
    f.play("fire 0302 0303");
    f.d100(10);
}

#[test]
fn s4_2_3_the_non_phasing_artillery_fires_in_its_own_segment() {
    let mut f = Fx::empty();
    f.put("fr-guns", "0304", Formation::Unlimbered, "N");
    f.put("gren-1-1", "0502", Formation::Line, "W");
    f.put("2-97", "0302", Formation::Line, "E");
    f.at(B, Stage::NpFire);
    let legal = f.legal();
    assert!(legal.contains(&Action::Fire {
        from: f.hex("0304"),
        target: f.hex("0302")
    }));
    assert!(
        !legal
            .iter()
            .any(|a| matches!(a, Action::Fire { from, .. } if *from == f.hex("0502"))),
        "infantry does not fire here"
    );
}

#[test]
fn the_evaluation_counts_the_fire_that_can_reach_a_unit() {
    use coupdoeil_engine::Evaluate;
    // Two Lines face each other at one hex: each is in range of the other's fire. The side
    // whose enemy fires next counts its exposure in full, the other half, so the British
    // position is worth less to them when the French fire next than when they fire next.
    let eval_when = |french_hex: &str, phasing| {
        let mut f = Fx::empty();
        f.put("1-50", "0302", Formation::Line, "E");
        f.put("gren-1-1", french_hex, Formation::Line, "W");
        f.at(phasing, Stage::Movement);
        f.game.evaluate(&f.s, B)
    };
    // The British are moving, so the French Fire Segment comes next.
    let french_next = eval_when("0402", B);
    let british_next = eval_when("0402", F);
    assert!(
        french_next < british_next,
        "{french_next} should be below {british_next}"
    );
    // Out of range (three hexes) neither side's fire reaches, and whose fire comes next does
    // not matter.
    assert_eq!(eval_when("0605", B), eval_when("0605", F));
    // A Broken stack does not fire (12.2): only the British fire reaches, so the French firing
    // next changes nothing for the British exposure.
    let broken_when = |phasing| {
        let mut f = Fx::empty();
        f.put("1-50", "0302", Formation::Line, "E");
        f.put("gren-1-1", "0402", Formation::Line, "W");
        f.morale("gren-1-1", Morale::Broken);
        f.at(phasing, Stage::Movement);
        f.game.evaluate(&f.s, B)
    };
    assert!(
        broken_when(F) > broken_when(B),
        "the British fire next at a target that cannot answer"
    );
    assert!(
        broken_when(B) > french_next,
        "a Broken enemy threatens nothing"
    );
}
