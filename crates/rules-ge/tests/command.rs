//! 5 Command: initiative, orders, random events, command status, garrisons, attachments,
//! leaders' modifiers, capture and replacement, aides-de-camp.

mod common;
use common::{B, F, Fx};
use coupdoeil_engine::ToAct;
use coupdoeil_ge::Action;
use coupdoeil_ge::data::Formation;
use coupdoeil_ge::state::{LeaderStatus, OrderKind, Stage};

#[test]
fn s5_1_the_higher_modified_roll_wins_and_5_1_1_orders_follow_it() {
    let mut f = Fx::deployed();
    assert_eq!(f.to_act(), ToAct::Chance);
    f.d10(4); // British: 4 + CIM 3 = 7
    f.d10(5); // French: 5 + CIM 1 = 6
    assert_eq!(f.s.initiative, Some(B));
    assert_eq!(f.s.stage, Stage::ChooseFirst);
    assert_eq!(
        f.to_act(),
        ToAct::Side(B),
        "the winner chooses who goes first"
    );
    // Orders Chart: 7 and 6 both read 3 orders.
    assert_eq!((f.s.sides[B].orders, f.s.sides[F].orders), (3, 3));
    f.play("first french");
    assert_eq!(f.s.first, F);
    // 5.4 The loser (French) places first; RULING: he attaches first too.
    assert_eq!(f.s.stage, Stage::Attachment);
    assert_eq!(f.s.acting, F);
}

#[test]
fn s5_1_a_tie_without_a_zero_is_rolled_again() {
    let mut f = Fx::deployed();
    f.d10(3); // 6
    f.d10(5); // 6
    assert_eq!(f.s.stage, Stage::Initiative);
    assert_eq!(f.s.sides[B].die, None);
    assert!(f.texts().iter().any(|t| t.contains("a tie")));
    f.d10(1); // 4
    f.d10(9); // 10
    assert_eq!(f.s.initiative, Some(F));
}

#[test]
fn s5_1_2_an_unmodified_zero_calls_the_random_event_chart() {
    let mut f = Fx::deployed();
    f.d10(0); // British 0 + 3 = 3
    f.d10(5); // French 6
    assert_eq!(f.s.stage, Stage::RandomEvent);
    f.d100(45); // Seize the moment: the roller (British) takes the initiative
    assert_eq!(f.s.initiative, Some(B), "{}", f.log());
    assert_eq!((f.s.sides[B].orders, f.s.sides[F].orders), (2, 3));
    // Staff confusion: the opponent wins and the roller has one order fewer.
    let mut g = Fx::deployed();
    g.d10(0);
    g.d10(5);
    g.d100(5);
    assert_eq!(g.s.initiative, Some(F));
    assert_eq!(g.s.sides[B].orders, 1);
    // A zero wins nothing by itself: even a 0 against a higher roll goes to the chart.
    let mut h = Fx::deployed();
    h.d10(9);
    h.d10(0);
    assert_eq!(h.s.stage, Stage::RandomEvent);
}

/// British units and leaders placed for command-range tests, Command Status computed.
fn ranges(setup: impl Fn(&mut Fx)) -> Fx {
    let mut f = Fx::empty();
    f.put_leader("wellesley", "1412");
    f.put_leader("anstruther", "0402");
    setup(&mut f);
    f
}

fn in_command(f: &Fx, side: coupdoeil_engine::Side, id: &str) -> bool {
    let (_, units) = f.game.command_state(&f.s, side);
    units[f.unit(id).ix()]
}

#[test]
fn s5_3_1_units_within_command_range_are_in_command() {
    let f = ranges(|f| {
        f.put("2-97", "0405", Formation::Column, "S");
        f.put("2-52", "0406", Formation::Column, "S");
    });
    assert!(in_command(&f, B, "2-97"), "3 hexes from a range-3 leader");
    assert!(!in_command(&f, B, "2-52"), "4 hexes");
}

#[test]
fn s5_3_1_enemy_units_and_their_zoc_cut_the_path() {
    let f = ranges(|f| {
        f.put("2-97", "0405", Formation::Column, "S");
        f.put("gren-1-1", "0403", Formation::Line, "NNE");
        f.put("gren-1-2", "0503", Formation::Line, "NNW");
        f.put("gren-2-1", "0303", Formation::Line, "NNE");
    });
    assert!(
        !in_command(&f, B, "2-97"),
        "no path of 3 hexes free of enemies and EZOC"
    );
    // A friendly combat unit in an EZOC hex lets the path through it.
    let g = ranges(|f| {
        f.put("2-97", "0405", Formation::Column, "S");
        f.put("gren-1-1", "0503", Formation::Line, "SSW");
        f.put("1-50", "0404", Formation::Column, "S");
        f.put("2-52", "0403", Formation::Column, "S");
    });
    assert!(in_command(&g, B, "2-97"));
}

#[test]
fn s5_3_1_s16_twilight_and_night_shorten_command_range() {
    let mut f = Fx::empty_with("\n[clock]\nstart = \"19:00\"\ntwilight = [1]\nnight = [2]\n");
    f.put_leader("wellesley", "1412");
    f.put_leader("anstruther", "0402");
    f.put("2-97", "0405", Formation::Column, "S");
    f.put("2-52", "0404", Formation::Column, "S");
    assert!(!in_command(&f, B, "2-97"), "range 3 - 1 in twilight");
    assert!(in_command(&f, B, "2-52"));
    f.s.turn = 2;
    assert!(
        !in_command(&f, B, "2-52"),
        "range 3 - 3 at night: only the leader's hex"
    );
    f.put("2-43", "0402", Formation::Column, "S");
    f.s.garrisons[0].dissolved = true;
    assert!(in_command(&f, B, "2-43"), "range 0: his own hex");
}

#[test]
fn s5_3_1_leaders_under_the_oc_are_always_in_command() {
    let mut f = Fx::empty();
    f.put_leader("junot", "1412");
    f.put_leader("kellermann", "0101");
    f.put_leader("saint-clair", "0112");
    let (leaders, _) = f.game.command_state(&f.s, F);
    assert!(leaders[f.leader("kellermann").ix()]);
    assert!(
        !leaders[f.leader("saint-clair").ix()],
        "11 hexes from Kellermann's range 4"
    );
    f.put_leader("saint-clair", "0104");
    let (leaders, _) = f.game.command_state(&f.s, F);
    assert!(leaders[f.leader("saint-clair").ix()]);
}

#[test]
fn s5_3_1_a_column_of_route_is_in_command_along_its_string() {
    let f = ranges(|f| {
        f.put("2-97", "0405", Formation::Column, "S");
        f.put("2-52", "0406", Formation::RoadColumn, "S");
        f.put("1-50", "0407", Formation::RoadColumn, "S");
        f.put("5-60", "0409", Formation::RoadColumn, "S");
    });
    assert!(in_command(&f, B, "2-52"));
    assert!(
        in_command(&f, B, "1-50"),
        "Fane is not on the map: the string carries command"
    );
    assert!(!in_command(&f, B, "5-60"), "not adjacent to the string");
}

#[test]
fn s5_3_1_unit_integrity_carries_command_between_counters_of_one_unit() {
    let mut f = Fx::empty();
    f.put_leader("junot", "1412");
    f.put_leader("margaron", "0402");
    f.put("drag-3a", "0405", Formation::Column, "S");
    f.put("drag-3b", "0406", Formation::Column, "S");
    assert!(in_command(&f, F, "drag-3b"));
    f.remove("drag-3a");
    assert!(!in_command(&f, F, "drag-3b"));
}

#[test]
fn s5_3_2_a_garrison_is_in_command_inside_and_dissolves_when_all_leave() {
    let mut f = Fx::empty();
    f.s.garrisons[0].dissolved = false;
    f.put("2-43", "0605", Formation::Column, "E");
    assert!(
        in_command(&f, B, "2-43"),
        "inside the village, no leader needed"
    );
    f.put("2-43", "0805", Formation::Column, "E");
    assert!(!in_command(&f, B, "2-43"), "outside it: Out of Command");
    // Leaving voluntarily dissolves it; the unit then reports to its own leader.
    f.put("2-43", "0706", Formation::Column, "E");
    f.at(B, Stage::Movement);
    f.play("select 2-43");
    f.play("step 0806");
    assert!(f.s.garrisons[0].dissolved, "{}", f.log());
    assert!(
        f.texts()
            .iter()
            .any(|t| t.contains("garrison is dissolved"))
    );
}

#[test]
fn s5_3_3_an_attached_asset_traces_to_its_new_leader() {
    let mut f = ranges(|f| {
        f.put("20ld", "0404", Formation::Column, "S");
    });
    assert!(!in_command(&f, B, "20ld"), "Wellesley is far away");
    f.s.stage = Stage::Attachment;
    f.s.acting = B;
    assert!(f.can("attach 20ld anstruther"));
    assert!(!f.can("attach 2-97 fane"), "not an asset");
    f.play("attach 20ld anstruther");
    assert!(in_command(&f, B, "20ld"));
}

#[test]
fn s5_3_the_reserve_command_status_phase_only_places_markers() {
    let mut f = ranges(|f| {
        f.put("2-97", "0405", Formation::Column, "S");
        f.put("2-52", "0409", Formation::Column, "S");
    });
    let u = f.unit("2-97");
    f.s.troop_mut(u).ooc = true;
    let mut ev = Vec::new();
    f.game.command_status_phase(&mut f.s, B, true, &mut ev);
    assert!(f.s.troop(u).ooc, "not restored in the Reserve Segment");
    assert!(
        f.s.troop(f.unit("2-52")).ooc,
        "newly Out of Command: marked"
    );
    f.game.command_status_phase(&mut f.s, B, false, &mut ev);
    assert!(!f.s.troop(u).ooc, "restored in the Movement Segment");
}

#[test]
fn s5_4_orders_flow_down_to_in_command_units_and_stop_at_the_oc() {
    let mut f = ranges(|f| {
        f.put("2-97", "0405", Formation::Column, "S");
        f.put("20ld", "1411", Formation::Column, "S");
    });
    let ans = f.leader("anstruther");
    f.s.leaders[ans.ix()].order = Some(OrderKind::Attack);
    let u = f.unit("2-97");
    assert_eq!(f.game.unit_order(&f.s, u), Some(OrderKind::Attack));
    f.s.troop_mut(u).ooc = true;
    assert_eq!(
        f.game.unit_order(&f.s, u),
        None,
        "5.3: no orders when Out of Command"
    );
    f.s.troop_mut(u).ooc = false;
    f.s.leaders[ans.ix()].order = None;
    let w = f.leader("wellesley");
    f.s.leaders[w.ix()].order = Some(OrderKind::Attack);
    assert_eq!(
        f.game.unit_order(&f.s, f.unit("20ld")),
        Some(OrderKind::Attack),
        "directly under the OC"
    );
    assert_eq!(
        f.game.unit_order(&f.s, u),
        None,
        "an order on the OC covers only his own units"
    );
}

#[test]
fn s5_4_the_nearest_order_up_the_chain_applies_through_leaders_in_command() {
    let mut f = Fx::empty();
    f.put_leader("junot", "1412");
    f.put_leader("kellermann", "1307");
    f.put_leader("saint-clair", "1307");
    f.put_leader("maransin", "1206");
    f.put("gren-1-1", "1307", Formation::Column, "NW");
    f.put("gren-2-1", "1206", Formation::Column, "NW");
    let k = f.leader("kellermann");
    let sc = f.leader("saint-clair");
    f.s.leaders[k.ix()].order = Some(OrderKind::Reserve);
    f.s.leaders[sc.ix()].order = Some(OrderKind::Attack);
    assert_eq!(
        f.game.unit_order(&f.s, f.unit("gren-1-1")),
        Some(OrderKind::Attack)
    );
    assert_eq!(
        f.game.unit_order(&f.s, f.unit("gren-2-1")),
        Some(OrderKind::Reserve)
    );
    let m = f.leader("maransin");
    f.s.leaders[m.ix()].in_command = false;
    assert_eq!(
        f.game.unit_order(&f.s, f.unit("gren-2-1")),
        None,
        "Maransin is Out of Command"
    );
}

#[test]
fn s5_4_the_efficiency_rating_caps_orders_below_a_corps_leader() {
    let mut f = Fx::deployed();
    f.d10(4);
    f.d10(5);
    f.play("first french");
    // Attachments: French then British.
    while f.s.stage == Stage::Attachment {
        f.play("pass");
    }
    assert_eq!(f.s.stage, Stage::Orders);
    assert_eq!(f.s.acting, F);
    assert!(f.can("order maransin attack"));
    f.play("order saint-clair attack");
    assert!(!f.can("order maransin attack"), "Kellermann's ER is 1");
    assert!(
        f.can("order kellermann reserve"),
        "the corps leader himself is not capped"
    );
    f.play("order kellermann reserve");
    f.play("order margaron attack");
    assert_eq!(f.s.sides[F].orders, 0);
    // With no orders left only `pass` is legal, and it is taken at once: the British place.
    assert_eq!(f.s.acting, B);
}

#[test]
fn s5_4_a_garrison_may_receive_an_order() {
    let mut f = Fx::deployed();
    f.d10(4);
    f.d10(5);
    f.play("first british");
    while f.s.stage == Stage::Attachment {
        f.play("pass");
    }
    f.play("pass"); // the French place none
    assert!(f.can("order-garrison village reserve"));
    f.play("order-garrison village reserve");
    assert_eq!(
        f.game.unit_order(&f.s, f.unit("2-43")),
        Some(OrderKind::Reserve)
    );
}

#[test]
fn s5_2_1_units_use_one_leader_the_best_for_the_roll() {
    let mut f = Fx::empty();
    f.put_leader("wellesley", "0505");
    f.put_leader("fitzroy", "0505");
    f.put("2-97", "0505", Formation::Line, "E");
    let u = f.unit("2-97");
    let mods = f.game.stack_drm(&f.s, &[u]);
    let leader: Vec<_> = mods.iter().filter(|m| m.rule == "5.2.1").collect();
    assert_eq!(leader.len(), 1);
    assert_eq!(leader[0].value, 10, "Wellesley's +10, not FitzRoy's +5");
}

#[test]
fn s5_2_2_enemy_units_entering_a_hex_of_leaders_alone_may_capture_them() {
    let mut f = Fx::empty();
    f.put_leader("wellesley", "0504");
    f.put("2-97", "0509", Formation::Column, "S");
    f.put("gren-1-1", "0506", Formation::Column, "N");
    f.put_leader("junot", "0506");
    f.at(F, Stage::Movement);
    f.play("select gren-1-1");
    f.play("step 0505");
    f.play("step 0504");
    assert_eq!(f.to_act(), ToAct::Chance, "{}", f.log());
    f.d10(8);
    let w = f.leader("wellesley");
    assert_eq!(f.s.leader(w).status, LeaderStatus::Returning(2));
    assert_eq!(f.s.vp[F], 3);
    // A roll below 8: he escapes to the nearest friendly combat unit.
    let mut g = Fx::empty();
    g.put_leader("wellesley", "0504");
    g.put("2-97", "0509", Formation::Column, "S");
    g.put("gren-1-1", "0506", Formation::Column, "N");
    g.at(F, Stage::Movement);
    g.play("select gren-1-1");
    g.play("step 0505");
    g.play("step 0504");
    g.d10(3);
    let w = g.leader("wellesley");
    assert_eq!(g.s.leader(w).cell, Some(g.hex("0509")));
}

#[test]
fn s5_2_2_a_leader_surrounded_by_ezoc_is_captured_at_once() {
    // Open ground all round (no village: ZOC does not extend into MDT, 10).
    let mut f = Fx::empty_with("[[hex]]\nat = [\"0101\"]\nterrain = \"clear\"\n");
    f.put_leader("fane", "0505");
    // French Squares all around exert ZOC into every hex next to 0505.
    for (id, h) in [
        ("gren-1-1", "0503"),
        ("gren-1-2", "0507"),
        ("gren-2-1", "0704"),
        ("gren-2-2", "0306"),
    ] {
        f.put(id, h, Formation::Square, "N");
    }
    f.put("1-86", "0705", Formation::Square, "N");
    f.put("2-86", "0305", Formation::Square, "N");
    f.put("2-97", "0509", Formation::Column, "S");
    f.put("drag-3a", "0406", Formation::Column, "N");
    f.at(F, Stage::Movement);
    f.play("select drag-3a");
    f.play("step 0505");
    let l = f.leader("fane");
    assert!(
        matches!(f.s.leader(l).status, LeaderStatus::Returning(_)),
        "{}",
        f.log()
    );
    assert!(
        f.texts()
            .iter()
            .any(|t| t.contains("surrounded and captured"))
    );
}

#[test]
fn s5_2_3_a_lost_leader_returns_next_turn_on_his_repl_side() {
    let mut f = Fx::empty();
    f.put("2-97", "0505", Formation::Column, "S");
    f.put("2-52", "0705", Formation::Column, "S");
    let w = f.leader("wellesley");
    f.s.leaders[w.ix()].status = LeaderStatus::Returning(1);
    f.s.returning = vec![w];
    f.at(B, Stage::LeaderReplacement);
    let legal = f.legal_text();
    assert!(legal.contains(&"place 0505".to_string()) && legal.contains(&"place 0705".to_string()));
    f.play("place 0705");
    assert_eq!(f.s.leader(w).status, LeaderStatus::OnMap);
    assert!(f.s.leader(w).repl);
    assert_eq!(f.game.leader_values(&f.s, w).range, 6, "his Repl values");
}

#[test]
fn s5_2_3_an_irreplaceable_leader_is_removed_and_his_units_report_upward() {
    // FitzRoy Somerset (skull and crossbones) hit by a fire roll of 97 on his hex (12.3.1).
    let mut f = Fx::empty();
    let fitz = f.leader("fitzroy");
    f.put_leader("fitzroy", "0505");
    f.put("2-97", "0505", Formation::Column, "S");
    f.put("gren-1-1", "0504", Formation::Line, "SSE");
    f.at(F, Stage::Fire);
    f.play("fire 0504 0505");
    f.d100(97);
    // The only stack that may fire has fired: the segment ends by itself and its results are
    // applied: losses first, then the casualty (only one leader there: no random pick), then the check.
    assert_eq!(
        f.s.leader(fitz).status,
        LeaderStatus::Removed,
        "{}",
        f.log()
    );
    assert_eq!(f.s.vp[F], 3 + 1, "a leader and a step");
    // An irreplaceable brigadier's units trace to his superior (RULING).
    let mut h = Fx::empty();
    let a = h.leader("anstruther");
    h.s.leaders[a.ix()].status = LeaderStatus::Removed;
    assert_eq!(
        h.game.command_leader(&h.s, h.unit("2-97")),
        Some(h.leader("wellesley"))
    );
}

#[test]
fn s5_2_4_an_aide_de_camp_moves_in_one_movement_phase_of_the_turn() {
    let mut f = Fx::empty();
    f.put_leader("fitzroy", "0505");
    f.put_leader("wellesley", "0505");
    f.at(B, Stage::Movement);
    assert!(
        f.legal()
            .contains(&Action::SelectLeader(f.leader("fitzroy")))
    );
    f.play("select fitzroy");
    f.play("step 0506");
    f.play("end");
    // In the Reserve Movement Phase of the same turn (British as the non-phasing side) he
    // may not move again.
    f.at(F, Stage::ReserveMovement);
    let fz = f.leader("fitzroy");
    f.s.leaders[fz.ix()].moved = false;
    assert!(!f.game.leader_can_move(&f.s, fz));
}
