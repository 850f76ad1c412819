//! Rule cases of chapters 3 (sequence of play) and 4 (activation and command), with the
//! rulebook's Rossbach and Zorndorf command examples.

mod common;
use common::{Fx, field_with};
use coupdoeil_engine::{Game, Side, ToAct};
use coupdoeil_pg::event::Event;
use coupdoeil_pg::state::{Frame, Stage};

const P: Side = Side::A;
const A: Side = Side::B;

/// The test field as a main scenario: both armies Inactive; activation costs 1 AM at first and
/// nothing after (as Rossbach's Prussians).
const MAIN: &str = r#"
[battle]
start = "08:30"
kind = "main"

[[army]]
side = "prussian"
commander = "p-king"
morale = 14
demoralized = 7
broken = 3
active = false
activation_cost = 1
activation_cost_again = 0
friendly_edges = ["W"]

[[army]]
side = "coalition"
commander = "a-prince"
morale = 20
demoralized = 10
broken = 4
active = false
activation_cost = 2
activation_cost_again = 2
friendly_edges = ["E"]
"#;

fn main_scenario() -> Fx {
    let game = field_with(MAIN);
    let s = game.initial_state();
    Fx {
        game,
        s,
        events: Vec::new(),
    }
}

#[test]
fn r3_0_the_prussian_player_turn_comes_first() {
    let fx = Fx::deployed();
    assert_eq!(fx.s.phasing, P);
    assert!(!fx.s.second);
    assert_eq!(fx.s.turn, 1);
}

#[test]
fn r3_0_a_player_turn_runs_its_phases_in_order() {
    let mut fx = Fx::deployed();
    // Command rolls (two groups), then the Movement Phase.
    fx.die(1);
    fx.die(1);
    assert_eq!(fx.s.stage, Stage::Movement);
    fx.play("end-phase");
    let phases: Vec<String> = fx
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Phase { phase, .. } => Some(phase.clone()),
            _ => None,
        })
        .collect();
    let order = [
        "Movement Phase (7)",
        "Offensive Bombardment Phase (8)",
        "Defensive Bombardment Phase (8.5)",
        "Close Combat Phase (10)",
    ];
    let mut at = 0;
    for p in &phases {
        if at < order.len() && p == order[at] {
            at += 1;
        }
    }
    assert_eq!(at, order.len(), "{phases:?}");
    // Then the Austrian Player Turn.
    assert_eq!(fx.s.phasing, A);
}

#[test]
fn r4_1_1_normal_activation_pays_then_rolls_seven_with_initiative() {
    let mut fx = main_scenario();
    assert_eq!(fx.s.stage, Stage::Activation);
    assert!(!fx.s.armies[P].active);
    fx.play("activate");
    assert_eq!(fx.s.armies[P].am, 13, "1 AM paid before the roll");
    fx.die(3); // 3 + Initiative 4 = 7
    assert!(fx.s.armies[P].active);
}

#[test]
fn r4_1_1_a_failed_activation_wastes_the_am_and_the_player_turn() {
    let mut fx = main_scenario();
    fx.play("activate");
    fx.die(2); // 6: not activated
    assert!(!fx.s.armies[P].active);
    assert_eq!(fx.s.armies[P].am, 13);
    // The Prussian Player Turn is over: the Austrians are at their Activation Phase.
    assert_eq!(fx.s.phasing, A);
    assert_eq!(fx.s.stage, Stage::Activation);
    // The next Prussian attempt costs nothing (activation_cost_again = 0).
    fx.play("pass");
    assert_eq!(fx.s.phasing, P);
    assert_eq!(fx.s.turn, 2);
    fx.play("activate");
    assert_eq!(fx.s.armies[P].am, 13);
}

#[test]
fn r4_1_2_an_enemy_counter_within_three_hexes_and_sight_activates_the_army_for_free() {
    let mut fx = main_scenario();
    // Activate the Prussians, then march a unit to three hexes of the Austrian line.
    fx.play("activate");
    fx.die(6);
    fx.die(1);
    fx.die(1);
    assert_eq!(fx.s.stage, Stage::Movement);
    // Move the cuirassiers from 0307 east: within 3 hexes of the Austrians in 1207/1206.
    fx.play("select p-cuir");
    for h in ["0407", "0507", "0607", "0707", "0807"] {
        if fx.s.moving.is_none() {
            break;
        }
        // Decline any CdOA offered on the way.
        while matches!(fx.s.pending.last(), Some(Frame::CdoaOffer { .. })) {
            fx.play("pass");
        }
        fx.play(&format!("step {h}"));
    }
    while matches!(fx.s.pending.last(), Some(Frame::CdoaOffer { .. })) {
        fx.play("pass");
    }
    // 0807 is not yet within 3 of 1206/1207 (distance 4); go on with another counter.
    let d = fx.game.data.board.distance(fx.hex("0807"), fx.hex("1207"));
    assert!(d > 3);
    if fx.s.moving.is_some() {
        fx.play("end");
    }
    fx.put("p-drag1", Some("0808"));
    fx.play("select p-drag1");
    fx.play("step 0908");
    while matches!(fx.s.pending.last(), Some(Frame::CdoaOffer { .. })) {
        fx.play("pass");
    }
    assert!(
        fx.s.armies[A].auto_pending,
        "0908 is 3 hexes from 1207 with a clear view"
    );
    fx.play("end-phase");
    // The Austrian Player Turn begins with the army Activated at no cost.
    assert_eq!(fx.s.phasing, A);
    assert!(fx.s.armies[A].active);
    assert_eq!(fx.s.armies[A].am, 20);
}

#[test]
fn r4_1_3_coup_d_oeil_activation_at_first_sight_within_seven_hexes() {
    let mut fx = main_scenario();
    fx.play("activate");
    fx.die(6);
    fx.die(1);
    fx.die(1);
    // The Austrian line (column 12) sees a Prussian Unit at 7 hexes: column 5.
    fx.play("select p-cuir");
    fx.play("step 0407");
    assert!(fx.s.pending.is_empty(), "8 hexes: nothing yet");
    fx.play("step 0507");
    assert!(matches!(
        fx.s.pending.last(),
        Some(Frame::CdoaOffer { side, det: None }) if *side == A
    ));
    assert_eq!(
        fx.game.to_act(&fx.s),
        ToAct::Side(A),
        "the Inactive side decides"
    );
    fx.play("cdoa");
    fx.die(6); // 6 + Initiative 2 = 8: success
    assert!(fx.can("pay"));
    fx.play("pay");
    assert!(fx.s.armies[A].active);
    assert_eq!(fx.s.armies[A].am, 18, "the cost, paid after the roll");
    // The Prussian move goes on.
    assert_eq!(fx.game.to_act(&fx.s), ToAct::Side(P));
    assert!(fx.s.moving.is_some());
}

#[test]
fn r4_1_3_coup_d_oeil_is_offered_only_once() {
    let mut fx = main_scenario();
    fx.play("activate");
    fx.die(6);
    fx.die(1);
    fx.die(1);
    fx.play("select p-cuir");
    fx.play("step 0407");
    fx.play("step 0507");
    fx.play("cdoa");
    fx.die(1); // 3: failure
    assert!(!fx.s.armies[A].active);
    fx.play("step 0607");
    assert!(fx.s.pending.is_empty(), "no second attempt");
}

/// Groups of the Rossbach example: the Franco-Imperial army's Basic Infantry/Artillery Group
/// (CR 2), Basic Cavalry Group (CR 3) and the St. Germain/Loudon Group (CR 3).
const ROSSBACH_GROUPS: &str = r#"
[[group]]
id = "p-inf"
side = "prussian"
name = "Prussian infantry and artillery"
basic = "infantry"
rating = 5

[[group]]
id = "p-cav"
side = "prussian"
name = "Prussian cavalry"
basic = "cavalry"
rating = 5

[[group]]
id = "a-inf"
side = "coalition"
name = "Basic Infantry/Artillery"
basic = "infantry"
rating = 2

[[group]]
id = "a-cav"
side = "coalition"
name = "Basic Cavalry"
basic = "cavalry"
rating = 3

[[group]]
id = "a-stgl"
side = "coalition"
name = "St. Germain/Loudon"
rating = 3

[[wing]]
id = "p-w1"
side = "prussian"
name = "First Prussian wing"
leader = "p-l1"

[[wing]]
id = "p-w2"
side = "prussian"
name = "Prussian horse"
leader = "p-l2"

[[wing]]
id = "a-w1"
side = "coalition"
name = "St. Germain's infantry"
leader = "a-l1"
group = "a-stgl"

[[wing]]
id = "a-w2"
side = "coalition"
name = "Austrian horse"
leader = "a-l2"
"#;

#[test]
fn r4_5_rossbach_example_three_groups_roll() {
    // Rolls of 4 (infantry), 4 (cavalry) and 3 (StG/L): everything Degraded but the StG/L group.
    // Here the StG/L group holds the field's Austrian infantry wing; the artillery follows the
    // Basic Infantry/Artillery Group.
    let game = field_with(ROSSBACH_GROUPS);
    let mut fx = Fx {
        s: game.initial_state(),
        game,
        events: Vec::new(),
    };
    // The Prussian Player Turn first: roll, then end it.
    fx.die(1);
    fx.die(1);
    fx.play("end-phase");
    assert_eq!(fx.s.phasing, A);
    fx.die(4);
    fx.die(4);
    fx.die(3);
    let ix = |id: &str| fx.game.data.groups.iter().position(|g| g.id == id).unwrap();
    assert!(!fx.s.effective[ix("a-inf")]);
    assert!(!fx.s.effective[ix("a-cav")]);
    assert!(fx.s.effective[ix("a-stgl")]);
    assert!(
        !fx.s.troop(fx.unit("a-a")).degraded,
        "StG/L infantry Effective"
    );
    assert!(fx.s.troop(fx.unit("a-hus")).degraded);
    assert!(
        fx.s.troop(fx.unit("a-guns")).degraded,
        "artillery of the basic group"
    );
}

/// The Zorndorf example's Prussian ratings: 4 and 4.
const ZORNDORF_GROUPS: &str = r#"
[[group]]
id = "p-inf"
side = "prussian"
name = "Prussian infantry and artillery"
basic = "infantry"
rating = 4

[[group]]
id = "p-cav"
side = "prussian"
name = "Prussian cavalry"
basic = "cavalry"
rating = 4

[[group]]
id = "a-inf"
side = "coalition"
name = "Russian infantry"
basic = "infantry"
rating = 3

[[group]]
id = "a-cav"
side = "coalition"
name = "Russian cavalry"
basic = "cavalry"
rating = 3
"#;

#[test]
fn r4_5_zorndorf_example_frederick_restores_kanitz_and_two_batteries() {
    // Turn 1: 2 and 4, all Effective, no Special Leader rolls. Turn 2: 5 (infantry Degraded) and
    // 4; Frederick (4I), stacked with Kanitz and two batteries, rolls 4: Kanitz's wing and the
    // two batteries move at full MA; Seydlitz (5C) need not roll.
    let game = field_with(ZORNDORF_GROUPS);
    let mut fx = Fx {
        s: game.initial_state(),
        game,
        events: Vec::new(),
    };
    fx.die(2);
    fx.die(4);
    assert_eq!(fx.s.stage, Stage::Movement, "no Special Leader rolls");
    // On to turn 2's Prussian command rolls, Frederick stacked with Kanitz and both batteries.
    fx.put_leader("p-king", Some("0305"));
    fx.put("p-guns", Some("0305"));
    fx.put("p-guns2", Some("0305"));
    fx.s.stage = Stage::CommandRoll(0);
    fx.die(5);
    fx.die(4);
    // Frederick may roll for Kanitz's wing (infantry); Seydlitz has no Degraded cavalry wing.
    assert!(fx.can("special p-king p-w1"));
    assert!(
        !fx.legal_text()
            .iter()
            .any(|a| a.starts_with("special p-l2"))
    );
    fx.play("special p-king p-w1");
    fx.die(4);
    for id in ["p-a", "p-b", "p-guns", "p-guns2"] {
        assert!(!fx.s.troop(fx.unit(id)).degraded, "{id} Effective");
    }
    let u = fx.unit("p-a");
    assert_eq!(fx.game.unit_ma(&fx.s, u), 3);
}

#[test]
fn r4_2_1_a_special_leader_helps_only_wings_of_his_letter() {
    let game = field_with(ZORNDORF_GROUPS);
    let mut fx = Fx {
        s: game.initial_state(),
        game,
        events: Vec::new(),
    };
    // Frederick (I) stacked with Seydlitz's wing leader: the cavalry wing is Degraded, but an
    // "I" Special Leader cannot help a wing without infantry.
    fx.put_leader("p-king", Some("0307"));
    fx.die(1); // infantry Effective
    fx.die(6); // cavalry Degraded
    assert!(!fx.can("special p-king p-w2"));
    // Seydlitz (C) may restore his own wing.
    assert!(
        fx.legal_text().iter().any(|a| a == "special p-l2 p-w2"),
        "{:?}",
        fx.legal_text()
    );
}

#[test]
fn r4_2_2_units_more_than_five_hexes_from_their_wing_leader_are_out_of_command() {
    let mut fx = Fx::deployed();
    // Kanitz at 0305; send Regiment C 6 hexes away before the command rolls.
    fx.put("p-c", Some("0905"));
    fx.s.stage = Stage::CommandRoll(0);
    fx.die(1);
    fx.die(1);
    assert!(fx.s.troop(fx.unit("p-c")).ooc);
    assert!(!fx.s.troop(fx.unit("p-a")).ooc);
    // Frederick at 0205 is 7 hexes away: it cannot trace to him either. Within 5 it may.
    let mut fx = Fx::deployed();
    fx.put("p-c", Some("0905"));
    fx.put_leader("p-king", Some("0605"));
    fx.s.stage = Stage::CommandRoll(0);
    fx.die(1);
    fx.die(1);
    assert!(fx.can("trace p-c"));
    fx.play("trace p-c");
    assert!(!fx.s.troop(fx.unit("p-c")).ooc);
}

#[test]
fn r4_2_2_artillery_traces_command_to_any_friendly_leader() {
    let mut fx = Fx::deployed();
    fx.put("p-guns", Some("0905"));
    fx.put_leader("p-l2", Some("0805"));
    fx.s.stage = Stage::CommandRoll(0);
    fx.die(1);
    fx.die(1);
    assert!(!fx.s.troop(fx.unit("p-guns")).ooc);
}

#[test]
fn r4_2_a_degraded_wing_moves_at_half_ma() {
    let mut fx = Fx::deployed();
    fx.die(6); // infantry Degraded
    fx.die(1);
    assert!(fx.s.troop(fx.unit("p-a")).degraded);
    assert_eq!(fx.game.unit_ma(&fx.s, fx.unit("p-a")), 2);
    assert_eq!(fx.game.unit_ma(&fx.s, fx.unit("p-cuir")), 5);
}

/// The Austrian horse as a Detachment of an Inactive army.
const DETACHMENT: &str = r#"
[[group]]
id = "p-inf"
side = "prussian"
name = "Prussian infantry and artillery"
basic = "infantry"
rating = 5

[[group]]
id = "p-cav"
side = "prussian"
name = "Prussian cavalry"
basic = "cavalry"
rating = 5

[[group]]
id = "a-inf"
side = "coalition"
name = "Austrian infantry"
basic = "infantry"
rating = 3

[[group]]
id = "a-cav"
side = "coalition"
name = "Austrian cavalry"
basic = "cavalry"
rating = 3

[[group]]
id = "a-det"
side = "coalition"
name = "Flank guard"
rating = 4
detachment = true

[[wing]]
id = "p-w1"
side = "prussian"
name = "First Prussian wing"
leader = "p-l1"

[[wing]]
id = "p-w2"
side = "prussian"
name = "Prussian horse"
leader = "p-l2"

[[wing]]
id = "a-w1"
side = "coalition"
name = "Austrian foot"
leader = "a-l1"

[[wing]]
id = "a-w2"
side = "coalition"
name = "Austrian horse"
leader = "a-l2"
group = "a-det"
"#;

#[test]
fn r4_3_a_detachment_activates_within_three_hexes_of_the_enemy() {
    let game = field_with(&format!("{MAIN}\n{DETACHMENT}"));
    let mut fx = Fx {
        s: game.initial_state(),
        game,
        events: Vec::new(),
    };
    let det = fx
        .game
        .data
        .groups
        .iter()
        .position(|g| g.id == "a-det")
        .unwrap();
    assert!(!fx.s.dets[det].active);
    // A Prussian Unit within 3 hexes of the hussars (1207): put one there and start a turn.
    fx.put("p-cuir", Some("0907"));
    fx.s.stage = Stage::Activation;
    let g = fx.game.clone();
    let mut s = fx.s.clone();
    let mut ev = Vec::new();
    g.settle_for_tests(&mut s, &mut ev);
    fx.s = s;
    // Checked at once after any move, and at the start of each Player Turn; trigger it by the
    // Prussian activation and a pass.
    fx.play("pass");
    assert!(fx.s.dets[det].active, "{:?}", fx.texts());
    // 4.3.1 When the army activates, the Detachment dissolves.
    fx.s.armies[A].active = false;
    let gm = fx.game.clone();
    let mut s = fx.s.clone();
    gm.settle_for_tests(&mut s, &mut ev);
}

#[test]
fn r4_3_3_a_battle_scenario_starts_with_its_detachments_dissolved() {
    // The test field is a battle scenario: both armies start Activated (4.1), so the
    // Detachment is already dissolved and its wing follows the Basic Cavalry Group (4.3.1).
    let game = field_with(DETACHMENT);
    let s = game.initial_state();
    let det = game
        .data
        .groups
        .iter()
        .position(|g| g.id == "a-det")
        .unwrap();
    assert!(s.dets[det].dissolved);
    let w = game.data.wing_by_id("a-w2").unwrap();
    let basic_cav = game
        .data
        .groups
        .iter()
        .position(|g| g.id == "a-cav")
        .unwrap();
    assert_eq!(game.wing_group(&s, w).ix(), basic_cav);
    // A main scenario with Inactive armies keeps it a Detachment until the army activates.
    let game = field_with(&format!("{MAIN}\n{DETACHMENT}"));
    let s = game.initial_state();
    assert!(!s.dets[det].dissolved);
    assert_eq!(game.wing_group(&s, w).ix(), det);
}

#[test]
fn r7_6_3_forced_deployment_when_an_enemy_comes_within_three_hexes() {
    // The Austrian foot In Column; the Prussian cuirassiers come within 3 hexes.
    let mut fx = Fx::deployed();
    let w = fx.game.data.wing_by_id("a-w1").unwrap();
    fx.s.wings[w.ix()].in_column = true;
    for id in ["a-a", "a-x", "a-y"] {
        let u = fx.unit(id);
        fx.s.troop_mut(u).in_column = true;
    }
    fx.die(1);
    fx.die(1);
    fx.put("p-cuir", Some("0905"));
    fx.play("select p-cuir");
    fx.play("step 1005");
    // 1005 is within 3 of the Austrian foot: the Austrian may try.
    assert!(matches!(
        fx.s.pending.last(),
        Some(Frame::ForcedOffer { .. })
    ));
    fx.play("deploy-attempt");
    // Austrian: 6 + CR 3 = 9; Prussian cavalry: 1 + CR 5 + 4 = 10: caught.
    fx.die(6);
    fx.die(1);
    assert!(fx.s.wings[w.ix()].in_column);
    assert!(fx.s.wings[w.ix()].caught);
    // Only one attempt per turn.
    if fx.s.moving.is_some() && fx.can("step 1004") {
        fx.play("step 1004");
    }
    assert!(!matches!(
        fx.s.pending.last(),
        Some(Frame::ForcedOffer { .. })
    ));
}
