//! 14 Reactions: what triggers them, Reaction Fire by infantry, skirmishers and artillery,
//! the Reaction Formation Change to Square and the Reaction Charge, as interrupts in the
//! middle of the phasing player's move.

mod common;
use common::{B, F, Fx};
use coupdoeil_engine::ToAct;
use coupdoeil_ge::data::Formation;
use coupdoeil_ge::event::Event;
use coupdoeil_ge::state::{Frame, Morale, OrderKind, ReactKind, Stage};

/// The French Movement Phase with the given units placed.
fn french_move(units: &[(&str, &str, Formation, &str)]) -> Fx {
    let mut f = Fx::empty();
    for &(id, hex, form, facing) in units {
        f.put(id, hex, form, facing);
    }
    f.at(F, Stage::Movement);
    f
}

fn window(f: &Fx) -> Option<ReactKind> {
    match f.s.pending.last() {
        Some(Frame::React(w)) => Some(w.kind),
        _ => None,
    }
}

#[test]
fn s14_2_1_infantry_fires_at_units_leaving_its_zoc_not_entering_it() {
    let mut f = french_move(&[
        ("2-97", "0302", Formation::Line, "E"),
        ("gren-1-1", "0403", Formation::Column, "NE"),
    ]);
    f.play("select gren-1-1");
    f.play("step 0502");
    assert_eq!(
        window(&f),
        Some(ReactKind::Fire),
        "before it leaves: {}",
        f.log()
    );
    assert_eq!(f.to_act(), ToAct::Side(B));
    f.play("react-fire 0302");
    f.d100(0);
    assert_eq!(
        f.cell_of("gren-1-1"),
        Some("0502".into()),
        "it then goes on"
    );
    // Entering the ZOC: the check, but no reaction fire from close-order infantry.
    let mut g = french_move(&[
        ("2-97", "0302", Formation::Line, "E"),
        ("gren-1-1", "0502", Formation::Column, "SW"),
    ]);
    g.play("select gren-1-1");
    g.play("step 0403");
    assert_eq!(window(&g), None);
    assert_eq!(g.to_act(), ToAct::Chance, "the EZOC check");
}

#[test]
fn s14_2_1_skirmishers_fire_at_units_entering_their_front_hexes() {
    let mut f = french_move(&[
        ("2-97", "0302", Formation::Column, "NE"),
        ("gren-1-1", "0502", Formation::Column, "NW"),
    ]);
    let u = f.unit("2-97");
    f.s.troop_mut(u).skirmishers = 1;
    f.play("select gren-1-1");
    f.play("step 0402");
    // RULING: the check to enter the EZOC comes first; then the fire, before it enters.
    f.d100(99);
    assert_eq!(window(&f), Some(ReactKind::Fire), "{}", f.log());
    f.play("react-fire 0302");
    f.d100(0);
    // It was fired on in 0502, the hex it was leaving.
    let from = f.events.iter().find_map(|e| match e {
        Event::FireDeclared { from, target, .. } => Some((*from, *target)),
        _ => None,
    });
    assert_eq!(from, Some((f.hex("0302"), f.hex("0502"))));
}

#[test]
fn s14_2_3_artillery_fires_at_two_hexes_at_units_entering_its_zoc() {
    let mut f = french_move(&[
        ("robe", "0302", Formation::Unlimbered, "E"),
        ("gren-1-1", "0502", Formation::Column, "NW"),
    ]);
    f.play("select gren-1-1");
    f.play("step 0402");
    f.d100(99); // the check to enter the EZOC
    assert_eq!(window(&f), Some(ReactKind::Fire));
    f.play("react-fire 0302");
    let mods = f.events.iter().rev().find_map(|e| match e {
        Event::FireDeclared { modifiers, .. } => Some(modifiers.clone()),
        _ => None,
    });
    assert!(
        mods.unwrap()
            .iter()
            .any(|m| m.what == "canister range (2 hexes)"),
        "{}",
        f.log()
    );
    f.d100(0);
}

#[test]
fn s14_3_infantry_may_form_square_when_cavalry_moves_adjacent() {
    for (roll, want) in [(99, Formation::Square), (0, Formation::Line)] {
        let mut f = french_move(&[
            ("2-97", "0302", Formation::Line, "E"),
            ("drag-3a", "0501", Formation::Column, "SW"),
        ]);
        f.play("select drag-3a");
        f.play("step 0402");
        assert_eq!(window(&f), Some(ReactKind::Square), "{}", f.log());
        f.play("react-square 0302");
        f.d100(roll);
        assert_eq!(f.formation_of("2-97"), want);
        if roll == 0 {
            assert_eq!(
                f.morale_of("2-97"),
                Morale::Disorder,
                "a failure costs a level"
            );
        }
    }
    // Only from Normal.
    let mut g = french_move(&[
        ("2-97", "0302", Formation::Line, "E"),
        ("drag-3a", "0501", Formation::Column, "SW"),
    ]);
    g.morale("2-97", Morale::Disorder);
    g.play("select drag-3a");
    g.play("step 0402");
    assert_eq!(window(&g), None);
}

#[test]
fn s14_4_a_reaction_charge_hits_the_unit_entering_the_cavalrys_zoc() {
    let mut f = french_move(&[
        ("20ld", "0302", Formation::Column, "NE"),
        ("gren-1-1", "0502", Formation::Column, "NW"),
    ]);
    f.play("select gren-1-1");
    f.play("step 0402");
    // The grenadiers enter the EZOC: their check first.
    f.d100(99);
    assert_eq!(window(&f), Some(ReactKind::Charge), "{}", f.log());
    f.play("react-charge 0302");
    f.d100(99); // the Reaction Charge Check passes
    assert!(
        f.s.pending.iter().any(|x| matches!(x, Frame::Combat(_))),
        "the charge at once: {}",
        f.log()
    );
    // Charge Defender MC, Defensive Fire (the French pass), Cold Steel.
    f.d100(99);
    f.play("pass");
    f.d10(9);
    f.d10(0);
    assert!(f.cold_steel().is_some_and(|c| c.2));
    f.first_retreats();
    while f.to_act() == ToAct::Side(B)
        && f.legal_text()
            .iter()
            .any(|a| a.starts_with("regroup") || a == "pass")
    {
        if f.legal_text() == ["pass"] || f.legal_text().iter().any(|a| a == "pass") {
            f.play("pass");
        }
    }
    // RULING: the trigger's move ends.
    assert!(f.s.moving.is_none(), "{}", f.log());
    assert_eq!(f.s.troop(f.unit("20ld")).spent, 2);
}

#[test]
fn s14_4_2_a_failed_reaction_charge_check_costs_nothing() {
    let mut f = french_move(&[
        ("20ld", "0302", Formation::Column, "NE"),
        ("gren-1-1", "0502", Formation::Column, "NW"),
    ]);
    f.play("select gren-1-1");
    f.play("step 0402");
    f.d100(99);
    f.play("react-charge 0302");
    f.d100(0);
    assert_eq!(f.morale_of("20ld"), Morale::Normal);
    assert!(f.s.moving.is_some(), "the grenadiers' move goes on");
    assert_eq!(f.to_act(), ToAct::Side(F));
}

#[test]
fn s14_1_moving_into_or_out_of_a_friendly_stack_triggers_nothing() {
    let mut f = french_move(&[
        ("2-97", "0302", Formation::Line, "E"),
        ("gren-1-1", "0403", Formation::Column, "NE"),
        ("gren-1-2", "0403", Formation::Column, "NE"),
    ]);
    f.play("select gren-1-2");
    f.play("drop gren-1-1");
    f.play("step 0502");
    assert_eq!(window(&f), None, "the hex it leaves stays occupied");
    assert_eq!(f.cell_of("gren-1-2"), Some("0502".into()));
}

#[test]
fn s14_1_fire_comes_before_formation_changes_and_charges() {
    // British cavalry covering 0402 and infantry next to it: a French cavalry unit entering
    // 0402 gives the infantry its chance to form square, then the cavalry its charge.
    let mut f = french_move(&[
        ("2-97", "0302", Formation::Line, "E"),
        ("20ld", "0403", Formation::Column, "N"),
        ("drag-3a", "0501", Formation::Column, "SW"),
    ]);
    f.play("select drag-3a");
    f.play("step 0402");
    assert_eq!(window(&f), Some(ReactKind::Square));
    f.play("pass");
    assert_eq!(window(&f), Some(ReactKind::Charge));
}

#[test]
fn s13_1_2_a_stack_that_declared_an_assault_makes_no_reactions() {
    let mut f = Fx::empty();
    f.put("2-97", "0302", Formation::Line, "E");
    f.put("gren-1-1", "0403", Formation::Column, "NE");
    f.mark("2-97", "0403", false);
    // The French move in their Reserve Movement Phase, in the British Player Turn.
    let sc = f.leader("saint-clair");
    f.s.leaders[sc.ix()].order = Some(OrderKind::Reserve);
    f.at(B, Stage::ReserveMovement);
    f.play("select gren-1-1");
    f.play("step 0502");
    assert_eq!(window(&f), None);
    assert_eq!(f.cell_of("gren-1-1"), Some("0502".into()));
}
