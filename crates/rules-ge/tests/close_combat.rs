//! 13 Close Combat: assaults, charges, the Empty Target Hex, Offensive and Defensive Fire,
//! Cold Steel, Advance After Combat, regroup and spent horses.

mod common;
use common::{B, F, Fx};
use coupdoeil_engine::ToAct;
use coupdoeil_ge::data::Formation;
use coupdoeil_ge::event::Event;
use coupdoeil_ge::state::{Frame, Morale, OrderKind, Stage};

const GREN: &str = "steps = [{ sp = 5, set = 1, mv = 25, cvm = 2, fs = 3 }, { sp = 3, set = 1, mv = 30, cvm = 1, fs = 2 }]";

/// 1/1st Grenadiers made a 3 SP, CVM 1 battalion of two steps (the 13.5.2 example's infantry).
fn example_game(cavalry_cvm: i8) -> Fx {
    let g = common::game_edit(|t| {
        t.replacen(
            GREN,
            "steps = [{ sp = 3, set = 1, mv = 25, cvm = 1, fs = 3 }, { sp = 2, set = 1, mv = 30, cvm = 1, fs = 2 }]",
            1,
        )
        .replace(
            "steps = [{ sp = 5, mv = 30, cvm = 2 }, { sp = 3, mv = 40, cvm = 1 }]",
            &format!("steps = [{{ sp = 5, mv = 30, cvm = {cavalry_cvm} }}, {{ sp = 3, mv = 40, cvm = 1 }}]"),
        )
    });
    Fx::empty_of(g)
}

#[test]
fn s13_5_2_example_the_cavalry_charge_and_its_cold_steel() {
    // A 5 SP cavalry unit, CVM 2, charges the front of a 3 SP infantry unit, CVM 1, in open
    // ground; both keep their order and the defensive fire misses.
    let mut f = example_game(2);
    f.put("20ld", "0302", Formation::Column, "NE");
    f.put("gren-1-1", "0402", Formation::Column, "SW");
    f.mark("20ld", "0402", true);
    f.combat_phase(B, true);
    assert_eq!(
        f.to_act(),
        ToAct::Chance,
        "the Charge Defender MC: {}",
        f.log()
    );
    f.d100(99);
    assert_eq!(f.check_drms(), [-10], "13.2.4: -5 x the charger's CVM 2");
    assert_eq!(f.to_act(), ToAct::Side(F), "Defensive Fire");
    f.play("pass");
    f.d10(8); // cavalry
    f.d10(9); // infantry
    // 5 SP to 3 rounds to 3-2: +1 to the cavalry, which has 2 + 1 (charging) + 1 = 4.
    assert_eq!(f.cold_steel(), Some((12, 10, true)), "{}", f.log());
    assert_eq!(f.steps_of("gren-1-1"), 1, "12 inflicts one step");
    assert_eq!(f.steps_of("20ld"), 1, "10 inflicts one step");
    assert_eq!(f.morale_of("gren-1-1"), Morale::Shaken, "two levels");
}

#[test]
fn s13_2_4_example_the_defender_checks_at_minus_5_times_the_chargers_cvm() {
    let mut f = example_game(3);
    f.put("20ld", "0302", Formation::Column, "NE");
    f.put("gren-1-1", "0402", Formation::Column, "SW");
    f.mark("20ld", "0402", true);
    f.combat_phase(B, true);
    f.d100(50);
    assert_eq!(f.check_drms(), [-15], "CVM 3: -15");
}

#[test]
fn s13_1_5_assault_odds_three_hexes_are_minus_20() {
    let mut f = Fx::empty();
    f.put("gren-1-1", "0403", Formation::Column, "N");
    f.put("2-97", "0402", Formation::Column, "S");
    f.put("2-52", "0302", Formation::Column, "SE");
    f.put("1-50", "0502", Formation::Column, "SW");
    for id in ["2-97", "2-52", "1-50"] {
        f.mark(id, "0403", false);
    }
    f.combat_phase(B, false);
    for _ in 0..3 {
        f.d100(99); // the attackers' checks
    }
    f.d100(99); // the defender's
    let drms = f.check_drms();
    assert_eq!(drms.len(), 4);
    assert_eq!(drms[3], -20, "(3 - 1) x -10");
}

#[test]
fn s13_1_3_an_assault_step_by_step() {
    let mut f = Fx::empty();
    f.put("2-97", "0302", Formation::Line, "E");
    f.put("gren-1-1", "0403", Formation::Column, "N");
    f.mark("2-97", "0403", false);
    f.combat_phase(B, false);
    f.d100(99); // 13.1.4 the attacker passes: Well Directed Fire
    f.d100(99); // 13.1.5 the defender passes too
    // 13.4 Defensive Fire at the one assaulting stack.
    assert_eq!(f.legal_text(), ["pass", "defend 0302"]);
    f.play("defend 0302");
    f.d100(0); // no effect
    // 13.4 Offensive Fire: FS 4, +2 WDF, +1 Column target: column 7; 51 reads M-10.
    let col = f.events.iter().rev().find_map(|e| match e {
        Event::FireDeclared { from, column, .. } if *from == f.hex("0302") => Some(*column),
        _ => None,
    });
    assert_eq!(col, Some(7), "{}", f.log());
    f.d100(51);
    // The check adds the Offensive/Defensive Fire DRM: -10 - 20.
    f.d100(50);
    assert_eq!(*f.check_drms().last().unwrap(), -30);
    // Failed: two levels, Normal to Shaken, and a retreat.
    assert_eq!(f.morale_of("gren-1-1"), Morale::Shaken);
    f.first_retreats();
    // 13.6 The attackers become Disordered and one must advance.
    assert_eq!(f.cell_of("2-97"), Some("0403".into()), "{}", f.log());
    assert_eq!(f.morale_of("2-97"), Morale::Disorder);
    // Infantry may change facing after the advance.
    assert!(matches!(f.s.pending.last(), Some(Frame::Face { .. })));
}

#[test]
fn s13_1_3_hand_to_hand_only_against_a_post_or_bua() {
    // In the open the assault ends after the fire.
    let mut f = Fx::empty();
    f.put("2-97", "0302", Formation::Line, "E");
    f.put("gren-1-1", "0403", Formation::Column, "N");
    f.mark("2-97", "0403", false);
    f.combat_phase(B, false);
    f.d100(99);
    f.d100(99);
    f.play("pass");
    f.d100(0);
    assert!(f.cold_steel().is_none());
    assert!(
        !f.s.pending.iter().any(|x| matches!(x, Frame::Combat(_))),
        "finished"
    );
    // Against a village, Cold Steel follows.
    let mut g = Fx::empty();
    g.put("2-97", "0604", Formation::Column, "S");
    g.put("gren-1-1", "0605", Formation::Column, "N");
    g.mark("2-97", "0605", false);
    g.combat_phase(B, false);
    g.d100(99);
    g.d100(99);
    g.play("pass");
    g.d100(0);
    g.d10(5);
    g.d10(5);
    assert!(g.cold_steel().is_some(), "{}", g.log());
}

#[test]
fn s13_3_the_empty_target_hex() {
    // Routed defenders are eliminated.
    let mut f = Fx::empty();
    f.put("20ld", "0302", Formation::Column, "NE");
    f.put("gren-1-1", "0402", Formation::Dispersed, "SW");
    f.morale("gren-1-1", Morale::Rout);
    f.mark("20ld", "0402", true);
    f.combat_phase(B, true);
    assert_eq!(f.cell_of("gren-1-1"), None);
    assert_eq!(
        f.cell_of("20ld"),
        Some("0402".into()),
        "the charger advances: {}",
        f.log()
    );
    // Broken defenders Rout and retreat.
    let mut g = Fx::empty();
    g.put("20ld", "0302", Formation::Column, "NE");
    g.put("gren-1-1", "0402", Formation::Dispersed, "SW");
    g.morale("gren-1-1", Morale::Broken);
    g.mark("20ld", "0402", true);
    g.combat_phase(B, true);
    assert_eq!(g.morale_of("gren-1-1"), Morale::Rout);
    assert!(matches!(g.s.pending.last(), Some(Frame::Retreat(r)) if r.left == 3));
    // Limbered artillery without infantry is eliminated.
    let mut h = Fx::empty();
    h.put("20ld", "0302", Formation::Column, "NE");
    h.put("fr-guns", "0402", Formation::Limbered, "SW");
    h.mark("20ld", "0402", true);
    h.combat_phase(B, true);
    assert_eq!(h.cell_of("fr-guns"), None);
}

#[test]
fn s13_1_2_who_may_assault_and_s13_2_2_who_may_charge() {
    let mut f = Fx::empty();
    f.put("2-97", "0302", Formation::Column, "NE");
    f.put("gren-1-1", "0502", Formation::Column, "SW");
    f.at(B, Stage::Movement);
    f.play("select 2-97");
    assert!(!f.can("assault 0502"), "no Attack order");
    let mut g = Fx::empty();
    g.put("2-97", "0302", Formation::Column, "NE");
    g.put("gren-1-1", "0502", Formation::Column, "SW");
    let a = g.leader("anstruther");
    g.s.leaders[a.ix()].order = Some(OrderKind::Attack);
    g.at(B, Stage::Movement);
    g.play("select 2-97");
    assert!(g.can("assault 0502"));
    let u = g.unit("2-97");
    g.s.troop_mut(u).commanded = false;
    assert!(
        !g.can("assault 0502"),
        "not In Command at the Command Status Phase"
    );
    // Charges: Normal, not Spent, Line or Column, not from MDT, Column into MDT, never HDT,
    // never at night, through the front.
    let charge = |setup: &dyn Fn(&mut Fx)| {
        let mut h = Fx::empty();
        h.put("20ld", "0604", Formation::Column, "S");
        h.put("gren-1-1", "0605", Formation::Column, "N");
        h.put("gren-1-2", "0704", Formation::Column, "SW");
        let w = h.leader("wellesley");
        h.s.leaders[w.ix()].order = Some(OrderKind::Attack);
        setup(&mut h);
        h.at(B, Stage::Movement);
        h.play("select 20ld");
        (h.can("charge 0605"), h.can("charge 0704"))
    };
    assert_eq!(
        charge(&|_| {}),
        (true, true),
        "in Column, into the village too"
    );
    assert_eq!(
        charge(&|h| {
            let u = h.unit("20ld");
            h.s.troop_mut(u).formation = Formation::Line;
            h.s.troop_mut(u).facing = "SSE".parse().unwrap();
        }),
        (false, true),
        "in Line not into MDT"
    );
    assert_eq!(
        charge(&|h| h.morale("20ld", Morale::Disorder)),
        (false, false)
    );
    assert_eq!(
        charge(&|h| h.s.troop_mut(h.unit("20ld")).spent = 1),
        (false, false)
    );
    let night = {
        let mut h = Fx::empty_with("\n[clock]\nstart = \"22:00\"\nnight = [1]\n");
        h.put("20ld", "0604", Formation::Column, "S");
        h.put("gren-1-2", "0704", Formation::Column, "SW");
        let w = h.leader("wellesley");
        h.s.leaders[w.ix()].order = Some(OrderKind::Attack);
        h.at(B, Stage::Movement);
        h.play("select 20ld");
        h.can("charge 0704")
    };
    assert!(!night, "16.2 no charges at night");
}

#[test]
fn s13_2_5_regroup_and_s13_2_6_spent_horses() {
    let mut f = Fx::empty();
    f.put("20ld", "0302", Formation::Column, "NE");
    f.put("fr-guns", "0402", Formation::Limbered, "SW");
    f.mark("20ld", "0402", true);
    f.combat_phase(B, true);
    // The guns are gone; the cavalry advanced (Disordered) and may regroup 3 hexes.
    assert_eq!(f.cell_of("20ld"), Some("0402".into()));
    assert_eq!(f.morale_of("20ld"), Morale::Disorder);
    assert_eq!(f.to_act(), ToAct::Side(B));
    f.play("regroup 0401");
    f.play("regroup 0301");
    f.play("regroup 0201");
    assert_eq!(f.cell_of("20ld"), Some("0201".into()));
    assert_eq!(f.s.troop(f.unit("20ld")).spent, 2, "{}", f.log());
    // One Spent marker comes off in each friendly Cavalry Recovery Phase.
    f.at(B, Stage::Rally);
    f.s.queue.clear();
    f.settle();
    assert_eq!(f.s.troop(f.unit("20ld")).spent, 1);
}

#[test]
fn s13_5_1_the_loser_of_cold_steel_loses_its_unlimbered_guns() {
    let mut f = Fx::empty();
    f.put("20ld", "0302", Formation::Column, "NE");
    f.put("fr-guns", "0402", Formation::Unlimbered, "SW");
    f.put("gren-1-1", "0402", Formation::Column, "SW");
    f.mark("20ld", "0402", true);
    f.combat_phase(B, true);
    f.d100(0); // the defenders fail their check: Disorder
    f.play("pass");
    f.d10(9);
    f.d10(0);
    assert!(f.cold_steel().is_some_and(|c| c.2), "{}", f.log());
    assert_eq!(f.cell_of("fr-guns"), None);
}

#[test]
fn s13_5_1_defenders_in_a_post_lose_one_level_and_stay() {
    let mut f = Fx::empty();
    f.s.fortified[0] = true;
    f.put("2-97", "0806", Formation::Column, "NW");
    f.put("gren-1-1", "0705", Formation::Column, "SE");
    f.mark("2-97", "0705", false);
    f.combat_phase(B, false);
    f.d100(99);
    f.d100(99);
    f.play("pass");
    f.d100(0);
    f.d10(9);
    f.d10(0);
    assert!(f.cold_steel().is_some_and(|c| c.2), "{}", f.log());
    assert_eq!(
        f.morale_of("gren-1-1"),
        Morale::Disorder,
        "one level in a Post"
    );
    assert_eq!(f.cell_of("gren-1-1"), Some("0705".into()));
}

#[test]
fn s13_5_2_a_square_adds_its_infantry_sp_against_a_charge() {
    let mut f = Fx::empty();
    f.put("drag-3a", "0402", Formation::Column, "SW");
    f.put("2-97", "0302", Formation::Square, "N");
    f.mark("drag-3a", "0302", true);
    f.combat_phase(F, true);
    f.d100(99);
    f.play("pass");
    f.d10(5);
    f.d10(5);
    let mods = f.events.iter().rev().find_map(|e| match e {
        Event::ColdSteel { modifiers, .. } => Some(modifiers.clone()),
        _ => None,
    });
    let mods = mods.expect("cold steel");
    assert!(
        mods.iter()
            .any(|m| m.what.contains("Square") && m.value == 7),
        "{mods:?}"
    );
}
