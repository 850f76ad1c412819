//! Rule cases of chapters 5 (stacking), 6 (ZOC, Engaged and Supporting Units) and 7 (movement).
//! The test field is flat-topped, odd columns half a hex lower: from an even column's hex
//! (c, r) the neighbours are (c, r-1), (c, r+1), (c±1, r-1) and (c±1, r); from an odd column's,
//! (c, r-1), (c, r+1), (c±1, r) and (c±1, r+1).

mod common;
use common::Fx;
use coupdoeil_engine::Side;
use coupdoeil_pg::state::{Morale, Stage};

const P: Side = Side::A;
const A: Side = Side::B;

/// Prussian Movement Segment with the named Units placed.
fn movement(units: &[(&str, &str)]) -> Fx {
    let mut fx = Fx::empty();
    for (id, hex) in units {
        fx.put(id, Some(hex));
    }
    fx.at(P, Stage::Movement);
    fx
}

#[test]
fn r6_2_engaged_units_are_the_top_four_steps() {
    // The rulebook's table: 2+2 both; 2+3 only the 2; 1+1+2 all; 1+1+4 the two 1-step units.
    type Case<'a> = (&'a [(&'a str, u8)], &'a [&'a str]);
    let cases: [Case; 4] = [
        (&[("p-c", 2), ("p-d", 2)], &["p-c", "p-d"]),
        (&[("p-c", 2), ("p-b", 3)], &["p-c"]),
        (
            &[("p-c", 1), ("p-d", 1), ("p-b", 2)],
            &["p-c", "p-d", "p-b"],
        ),
        (&[("p-c", 1), ("p-d", 1), ("p-a", 4)], &["p-c", "p-d"]),
    ];
    for (stack, engaged) in cases {
        let mut fx = Fx::empty();
        for (id, steps) in stack.iter().rev() {
            fx.put(id, Some("0505"));
            fx.steps(id, *steps);
        }
        fx.put("a-a", Some("0605"));
        let c = fx.hex("0505");
        let got: Vec<String> = fx
            .game
            .engaged(&fx.s, c)
            .iter()
            .map(|&u| fx.game.data.troops[u.ix()].id.clone())
            .collect();
        let want: Vec<String> = engaged.iter().map(|s| s.to_string()).collect();
        assert_eq!(got, want, "stack {stack:?}");
        // Out of an enemy ZOC nobody is Engaged.
        fx.put("a-a", None);
        assert!(fx.game.engaged(&fx.s, c).is_empty());
    }
}

#[test]
fn r6_1_routed_units_and_leaders_exert_no_zoc() {
    let mut fx = movement(&[("a-a", "0605")]);
    fx.put_leader("a-l1", Some("0607"));
    let c = fx.hex("0505");
    assert!(fx.game.in_ezoc(&fx.s, P, c));
    fx.morale("a-a", Morale::Routed);
    assert!(!fx.game.in_ezoc(&fx.s, P, c), "a Routed Unit has no ZOC");
    assert!(
        !fx.game.in_ezoc(&fx.s, P, fx.hex("0606")),
        "a Leader has no ZOC"
    );
}

#[test]
fn r6_1_no_zoc_into_prohibited_hexes() {
    // 1009 is a lake: no Unit may enter it, so no ZOC reaches it.
    let fx = movement(&[("a-a", "1008")]);
    assert!(!fx.game.in_ezoc(&fx.s, P, fx.hex("1009")));
    assert!(fx.game.in_ezoc(&fx.s, P, fx.hex("1108")));
}

#[test]
fn r7_3_clear_costs_one_and_slope_one_more() {
    // 0409 is higher than 0408: entering it from there costs 1 (clear) + 1 (slope), as the
    // Zorndorf example's 1709 -> 1809.
    let mut fx = movement(&[("p-c", "0408")]);
    fx.play("select p-c");
    fx.play("step 0409");
    assert_eq!(fx.s.moving.unwrap().mp, 1, "3 MP - 2");
    let mut fx = movement(&[("p-c", "0407")]);
    fx.play("select p-c");
    fx.play("step 0408");
    assert_eq!(fx.s.moving.unwrap().mp, 2);
}

#[test]
fn r7_3_a_counter_may_always_move_one_hex() {
    // A Degraded 3-3-3 has 2 MP; woods cost infantry 2, the marsh 3: it may still enter the
    // marsh as its one hex, and its move ends there.
    let mut fx = movement(&[("p-b", "0907")]);
    fx.steps("p-b", 1);
    let u = fx.unit("p-b");
    fx.s.troop_mut(u).degraded = true;
    assert_eq!(fx.game.unit_ma(&fx.s, u), 2);
    fx.play("select p-b");
    assert!(fx.can("step 1007"), "marsh (3 MP) as the one hex");
    fx.play("step 1007");
    assert!(fx.s.moving.is_none(), "the move ends");
}

#[test]
fn r7_4_halved_ma_rounds_up_and_does_not_halve_twice() {
    let mut fx = movement(&[("p-cuir", "0305")]);
    let u = fx.unit("p-cuir");
    assert_eq!(fx.game.unit_ma(&fx.s, u), 5);
    fx.s.troop_mut(u).degraded = true;
    assert_eq!(fx.game.unit_ma(&fx.s, u), 3, "5 halved, rounded up");
    fx.s.troop_mut(u).ooc = true;
    fx.morale("p-cuir", Morale::Disordered);
    assert_eq!(fx.game.unit_ma(&fx.s, u), 3, "not halved again");
}

#[test]
fn r7_4_leaders_always_have_full_ma() {
    let mut fx = movement(&[]);
    fx.put_leader("p-l1", Some("0305"));
    let l = fx.game.data.leader_by_id("p-l1").unwrap();
    fx.s.wings[fx.game.data.wing_by_id("p-w1").unwrap().ix()].degraded = true;
    assert_eq!(fx.game.leader_ma(&fx.s, l), 8);
}

#[test]
fn r7_4_prohibited_terrain_and_enemy_hexes_are_never_entered() {
    // Cuirassiers Engaged next to infantry may move off, but never into its hex or the lake.
    let mut fx = movement(&[("p-cuir", "0908"), ("a-x", "1008")]);
    fx.play("select p-cuir");
    assert!(fx.can("step 0808"));
    assert!(!fx.can("step 1009"), "the lake");
    // 1008 holds an enemy Unit.
    assert!(!fx.legal_text().iter().any(|a| a.starts_with("step 1008")));
}

#[test]
fn r7_5_1_infantry_entering_an_ezoc_engaged_stops() {
    let mut fx = movement(&[("p-c", "0505"), ("a-a", "0705")]);
    fx.play("select p-c");
    fx.play("step 0605");
    assert!(fx.s.moving.is_none(), "Engaged: the move is over");
    assert!(fx.game.is_engaged(&fx.s, fx.unit("p-c")));
}

#[test]
fn r7_5_1_a_supporting_unit_may_leave_an_ezoc_for_one_more_mp() {
    // The 6.3 example: A (4 steps) already Engaged in 0605; B enters below as a Supporting Unit,
    // and may go on at +1 MP.
    let mut fx = movement(&[("p-a", "0605"), ("p-b", "0505"), ("a-a", "0705")]);
    fx.play("select p-b");
    fx.play("step 0605 below");
    assert!(fx.s.moving.is_some(), "a Supporting Unit need not stop");
    assert_eq!(fx.s.moving.unwrap().mp, 2);
    fx.play("step 0604");
    // 1 MP for clear + 1 for leaving the EZOC: it had 2.
    assert_eq!(fx.cell_of("p-b").as_deref(), Some("0604"));
    assert!(fx.s.moving.is_none() || fx.s.moving.unwrap().mp == 0);
}

#[test]
fn r6_3_entering_on_top_makes_the_new_unit_engaged_without_penalty_when_unlocked() {
    // The 6.3 example's other choice: B enters ON TOP of A; B is Engaged, A Supporting; no
    // Locked marker in the hex, so no penalty.
    let mut fx = movement(&[("p-a", "0605"), ("p-b", "0505"), ("a-a", "0705")]);
    fx.play("select p-b");
    fx.play("step 0605");
    let c = fx.hex("0605");
    let engaged = fx.game.engaged(&fx.s, c);
    assert_eq!(engaged, vec![fx.unit("p-b")]);
    assert!(fx.s.locked.is_empty());
    assert!(fx.s.moving.is_none(), "B is Engaged: it stops");
}

#[test]
fn r6_3_a_change_of_engaged_units_under_a_locked_marker_flips_it() {
    let mut fx = movement(&[("p-a", "0605"), ("p-b", "0505"), ("a-a", "0705")]);
    let c = fx.hex("0605");
    fx.s.locked = vec![(c, false)];
    fx.play("select p-b");
    fx.play("step 0605 below");
    assert_eq!(
        fx.s.locked_at(c),
        Some(false),
        "a Supporting Unit: no penalty"
    );
    let mut fx = movement(&[("p-a", "0605"), ("p-b", "0505"), ("a-a", "0705")]);
    fx.s.locked = vec![(c, false)];
    fx.play("select p-b");
    fx.play("step 0605");
    assert_eq!(
        fx.s.locked_at(c),
        Some(true),
        "a new Engaged Unit: the -2 side"
    );
}

#[test]
fn r7_5_1_a_locked_engaged_infantry_unit_leaves_only_once_made_supporting() {
    let mut fx = movement(&[("p-c", "0605"), ("p-d", "0505"), ("a-a", "0705")]);
    let c = fx.hex("0605");
    fx.s.locked = vec![(c, false)];
    assert!(
        !fx.game.can_move(&fx.s, fx.unit("p-c")),
        "Engaged: it stays"
    );
    // D (2 steps) enters on top: 2 + 2 = 4 steps, both Engaged; C cannot leave yet.
    fx.play("select p-d");
    fx.play("step 0605");
    assert!(!fx.game.can_move(&fx.s, fx.unit("p-c")));
    // A 4-step brigade on top makes both Supporting.
    let mut fx = movement(&[("p-c", "0605"), ("p-a", "0505"), ("a-a", "0705")]);
    fx.s.locked = vec![(c, false)];
    fx.play("select p-a");
    fx.play("step 0605");
    assert_eq!(fx.s.locked_at(c), Some(true));
    assert!(
        fx.game.can_move(&fx.s, fx.unit("p-c")),
        "now Supporting, it may leave"
    );
}

#[test]
fn r6_3_a_locked_hex_may_not_be_vacated() {
    let mut fx = movement(&[("p-c", "0605"), ("p-d", "0605"), ("a-a", "0705")]);
    // D on top (placed last), both Engaged (2 + 2 steps); put D's 2 steps... make C Supporting by
    // giving D four steps: use the brigade instead.
    fx.put("p-d", None);
    fx.put("p-a", Some("0605"));
    let c = fx.hex("0605");
    fx.s.locked = vec![(c, false)];
    // C is Supporting (below a 4-step brigade): it may leave; the brigade may not (Engaged).
    assert!(fx.game.can_move(&fx.s, fx.unit("p-c")));
    assert!(!fx.game.can_move(&fx.s, fx.unit("p-a")));
}

#[test]
fn r6_4_engaged_fast_units_may_vacate_a_locked_hex_next_to_non_fast_units() {
    let mut fx = movement(&[("p-cuir", "0605"), ("a-a", "0705")]);
    let c = fx.hex("0605");
    fx.s.locked = vec![(c, false)];
    assert!(fx.game.can_move(&fx.s, fx.unit("p-cuir")));
    fx.play("select p-cuir");
    fx.play("step 0505");
    assert_eq!(
        fx.s.locked_at(c),
        Some(false),
        "no flip for a Fast Unit leaving"
    );
    // Next to enemy Fast Units it may not vacate the hex.
    let mut fx = movement(&[("p-cuir", "0605"), ("a-hus", "0705")]);
    fx.s.locked = vec![(c, false)];
    assert!(!fx.game.can_move(&fx.s, fx.unit("p-cuir")));
}

#[test]
fn r7_5_3_fast_units_stop_next_to_engaged_formed_enemy_cavalry() {
    // The hussars in 0705 are Engaged once the dragoons come next to them.
    let mut fx = movement(&[("p-drag1", "0505"), ("a-hus", "0705")]);
    fx.play("select p-drag1");
    fx.play("step 0605");
    assert!(fx.s.moving.is_none(), "stopped by Formed cavalry");
    // Next to infantry only, cavalry may go on, paying +1 (Prussian cavalry) to leave.
    let mut fx = movement(&[("p-drag1", "0505"), ("a-a", "0705")]);
    fx.play("select p-drag1");
    fx.play("step 0605");
    let m = fx.s.moving.expect("still moving");
    assert_eq!(m.mp, 4);
    fx.play("step 0604");
    assert_eq!(
        fx.s.moving.map(|m| m.mp),
        Some(2),
        "1 MP + 1 to leave the EZOC"
    );
}

#[test]
fn r7_5_3_other_fast_units_pay_two_to_leave_an_ezoc() {
    let mut fx = Fx::empty();
    fx.put("a-drag", Some("0605"));
    fx.put("p-a", Some("0505"));
    fx.at(A, Stage::Movement);
    let u = fx.unit("a-drag");
    assert_eq!(fx.game.leave_cost(&fx.s, u), Some(2));
    let mut fx = Fx::empty();
    fx.put("p-drag1", Some("0605"));
    fx.put("a-a", Some("0505"));
    fx.at(P, Stage::Movement);
    assert_eq!(fx.game.leave_cost(&fx.s, fx.unit("p-drag1")), Some(1));
}

#[test]
fn r7_5_2_artillery_enters_an_ezoc_only_where_friendly_foot_or_horse_is() {
    let mut fx = movement(&[("p-guns", "0505"), ("a-a", "0705")]);
    fx.play("select p-guns");
    assert!(!fx.can("step 0605"), "no friendly infantry there");
    let mut fx = movement(&[("p-guns", "0505"), ("p-a", "0605"), ("a-a", "0705")]);
    fx.play("select p-guns");
    assert!(fx.can("step 0605"));
    // Artillery anywhere in a stack leaves an EZOC for +1.
    let mut fx = movement(&[("p-a", "0605"), ("p-guns", "0605"), ("a-a", "0705")]);
    assert_eq!(fx.game.leave_cost(&fx.s, fx.unit("p-guns")), Some(1));
    fx.s.locked.clear();
}

#[test]
fn r5_4_coalition_artillery_entering_an_ezoc_goes_to_the_bottom() {
    let mut fx = Fx::empty();
    fx.put("a-guns", Some("0705"));
    fx.put("a-a", Some("0605"));
    fx.put("p-a", Some("0505"));
    fx.at(A, Stage::Movement);
    fx.play("select a-guns");
    assert!(!fx.can("step 0605"), "not on top");
    assert!(fx.can("step 0605 below"));
    // Prussian artillery may go on top.
    let mut fx = movement(&[("p-guns", "0505"), ("p-a", "0605"), ("a-a", "0705")]);
    fx.play("select p-guns");
    assert!(fx.can("step 0605"));
}

#[test]
fn r7_5_4_leaders_enter_an_ezoc_only_with_a_friendly_unit() {
    let mut fx = movement(&[("a-a", "0705")]);
    fx.put_leader("p-l1", Some("0505"));
    fx.play("select p-l1");
    assert!(!fx.can("step 0605"));
    let mut fx = movement(&[("a-a", "0705"), ("p-c", "0605")]);
    fx.put_leader("p-l1", Some("0505"));
    fx.play("select p-l1");
    fx.play("step 0605");
    assert!(fx.s.moving.is_some(), "a Leader does not stop in an EZOC");
    fx.play("step 0604");
    assert_eq!(fx.s.moving.unwrap().mp, 6, "and pays nothing to leave it");
}

#[test]
fn r7_5_5_parenthesised_sp_never_enter_an_ezoc() {
    // Regiment D's replacement step is (2)-3-3.
    let mut fx = movement(&[("p-d", "0505"), ("a-a", "0705")]);
    fx.steps("p-d", 1);
    fx.play("select p-d");
    assert!(!fx.can("step 0605"));
    assert!(fx.can("step 0504"));
}

#[test]
fn r4_2_2_out_of_command_units_never_enter_an_ezoc() {
    let mut fx = movement(&[("p-c", "0505"), ("a-a", "0705")]);
    fx.s.troop_mut(fx.unit("p-c")).ooc = true;
    fx.play("select p-c");
    assert!(!fx.can("step 0605"));
    assert_eq!(fx.s.moving.unwrap().mp, 2, "and move at half MA");
}

#[test]
fn r5_1_stacking_limits_twelve_steps_and_eight_guns() {
    assert!(coupdoeil_pg::PrussiasGlory::within_limits(12, 8, false));
    assert!(!coupdoeil_pg::PrussiasGlory::within_limits(13, 0, false));
    assert!(!coupdoeil_pg::PrussiasGlory::within_limits(4, 9, false));
    assert!(coupdoeil_pg::PrussiasGlory::within_limits(0, 12, false));
    assert!(!coupdoeil_pg::PrussiasGlory::within_limits(0, 13, false));
}

#[test]
fn r5_2_in_column_stacks_hold_four_steps() {
    assert!(coupdoeil_pg::PrussiasGlory::within_limits(4, 8, true));
    assert!(!coupdoeil_pg::PrussiasGlory::within_limits(5, 0, true));
}

#[test]
fn r5_3_a_move_never_ends_over_the_stacking_limit() {
    // 0605 holds 4 + 3 + 2 steps; a 4-step brigade cannot stop there.
    let mut fx = movement(&[("p-b", "0605"), ("p-c", "0605"), ("p-a", "0505")]);
    fx.put("p-d", Some("0605"));
    fx.steps("p-d", 2);
    // 3 + 2 + 2 = 7 steps there; + 4 = 11: fine. Make it 9 + 4.
    fx.put("p-cuir", Some("0605"));
    // 3 + 2 + 2 + 2 = 9, + 4 = 13.
    fx.play("select p-a");
    // It may pass through (it has MP left after) but may not end there.
    fx.play("step 0605");
    assert!(fx.s.moving.is_some());
    assert!(!fx.legal_text().contains(&"end".to_string()));
}

#[test]
fn r7_6_a_wing_goes_in_column_only_effective_formed_and_out_of_ezocs() {
    let mut fx = movement(&[
        ("p-a", "0305"),
        ("p-b", "0304"),
        ("p-c", "0306"),
        ("p-d", "0303"),
    ]);
    fx.put_leader("p-l1", Some("0305"));
    assert!(fx.can("column p-w1"));
    fx.morale("p-c", Morale::Disordered);
    assert!(!fx.can("column p-w1"), "every Unit Formed");
    fx.morale("p-c", Morale::Formed);
    fx.s.wings[fx.game.data.wing_by_id("p-w1").unwrap().ix()].degraded = true;
    assert!(!fx.can("column p-w1"), "Effective");
    fx.s.wings[fx.game.data.wing_by_id("p-w1").unwrap().ix()].degraded = false;
    fx.put("a-a", Some("0404"));
    assert!(!fx.can("column p-w1"), "no Unit in an EZOC");
}

#[test]
fn r7_6_1_in_column_units_gain_four_ma_and_pay_one_per_hex() {
    let mut fx = movement(&[
        ("p-a", "0305"),
        ("p-b", "0304"),
        ("p-c", "0306"),
        ("p-d", "0303"),
    ]);
    fx.put_leader("p-l1", Some("0305"));
    fx.play("column p-w1");
    let u = fx.unit("p-b");
    assert!(fx.s.troop(u).in_column);
    assert_eq!(fx.game.unit_ma(&fx.s, u), 7);
    // Woods cost 1 In Column.
    fx.put("p-b", Some("0902"));
    fx.play("select p-b");
    fx.play("step 1002");
    assert_eq!(fx.s.moving.unwrap().mp, 6);
    // Degraded In Column infantry has 5 MA, cavalry 7, artillery 4.
    fx.s.troop_mut(u).degraded = true;
    assert_eq!(fx.game.unit_ma(&fx.s, u), 5);
}

#[test]
fn r7_6_artillery_goes_in_column_with_a_wing_within_five_hexes() {
    let mut fx = movement(&[
        ("p-cuir", "0307"),
        ("p-drag1", "0308"),
        ("p-drag2", "0208"),
        ("p-guns", "0205"),
    ]);
    fx.put_leader("p-l2", Some("0307"));
    assert!(
        !fx.can("column-artillery p-guns"),
        "only with a wing going In Column"
    );
    fx.play("column p-w2");
    assert!(fx.can("column-artillery p-guns"));
    fx.play("column-artillery p-guns");
    assert!(fx.s.troop(fx.unit("p-guns")).in_column);
}

#[test]
fn r7_6_2_a_wing_deploys_from_column_with_its_artillery() {
    let mut fx = Fx::deployed();
    // Put the Prussian horse and the battery In Column and start a new Prussian Player Turn.
    let w = fx.game.data.wing_by_id("p-w2").unwrap();
    fx.s.wings[w.ix()].in_column = true;
    for id in ["p-cuir", "p-drag1", "p-drag2", "p-guns"] {
        let u = fx.unit(id);
        fx.s.troop_mut(u).in_column = true;
    }
    fx.at(P, Stage::Deploy);
    fx.play("deploy p-w2");
    assert!(!fx.s.wings[w.ix()].in_column);
    assert!(!fx.s.troop(fx.unit("p-cuir")).in_column);
    assert!(
        !fx.s.troop(fx.unit("p-guns")).in_column,
        "within 5 hexes of Seydlitz"
    );
}

#[test]
fn r7_1_routed_infantry_moves_two_hexes_and_cavalry_three() {
    let mut fx = Fx::empty();
    fx.put("p-c", Some("0707"));
    fx.put("p-cuir", Some("0705"));
    fx.morale("p-c", Morale::Routed);
    fx.morale("p-cuir", Morale::Routed);
    fx.put("a-a", Some("0905"));
    let game = fx.game.clone();
    fx.at(P, Stage::Activation);
    // Start the Movement Phase as the sequence does.
    let mut s = fx.s.clone();
    let mut ev = Vec::new();
    s.stage = Stage::Trace;
    game.settle_for_tests(&mut s, &mut ev);
    // Trace has nothing to offer: settle moves on to the Movement Phase and rout moves.
    fx.s = s;
    fx.events = ev;
    fx.first_retreats();
    // The Prussian friendly edge is W: both head west, away from the enemy.
    let c = fx.cell_of("p-c").unwrap();
    let k = fx.cell_of("p-cuir").unwrap();
    let dist = |a: &str, b: &str| fx.game.data.board.distance(fx.hex(a), fx.hex(b));
    assert_eq!(dist("0707", &c), 2, "infantry: 2 hexes, now at {c}");
    assert_eq!(dist("0705", &k), 3, "cavalry: 3 hexes, now at {k}");
}

#[test]
fn r7_1_a_routed_unit_at_the_map_edge_with_hexes_to_go_flees() {
    let mut fx = Fx::empty();
    fx.put("p-c", Some("0205"));
    fx.morale("p-c", Morale::Routed);
    fx.put("a-a", Some("0405"));
    let game = fx.game.clone();
    let mut s = fx.s.clone();
    s.phasing = P;
    s.stage = Stage::Trace;
    let mut ev = Vec::new();
    game.settle_for_tests(&mut s, &mut ev);
    fx.s = s;
    fx.events = ev;
    fx.first_retreats();
    assert_eq!(fx.cell_of("p-c"), None);
    assert_eq!(
        fx.s.troop(fx.unit("p-c")).gone,
        Some(coupdoeil_pg::state::Gone::Fled)
    );
    assert_eq!(fx.s.armies[A].vp, 1, "1 VP for a fled Unit");
}

#[test]
fn r5_4_raising_a_unit_under_a_locked_marker_flips_it() {
    let mut fx = movement(&[("p-c", "0605"), ("p-a", "0605"), ("a-a", "0705")]);
    let c = fx.hex("0605");
    fx.s.locked = vec![(c, false)];
    // p-a (4 steps) is on top and Engaged; raising p-c changes the Engaged Units.
    fx.play("raise p-c");
    assert_eq!(fx.game.stack(&fx.s, c)[0], fx.unit("p-c"));
    assert_eq!(fx.s.locked_at(c), Some(true));
    // A raise once per Unit and phase.
    assert!(!fx.can("raise p-c"));
}

#[test]
fn r7_4_artillery_captured_by_a_unit_entering_its_hex() {
    let mut fx = movement(&[("p-cuir", "0505"), ("a-guns", "0705")]);
    fx.play("select p-cuir");
    fx.play("step 0605");
    // Fast, not next to Engaged enemy cavalry: it may go on into the guns' hex.
    fx.play("step 0705");
    assert_eq!(fx.cell_of("a-guns"), None);
    assert_eq!(
        fx.s.armies[P].vp, 4,
        "2 VP for each of its 2 steps captured"
    );
    assert!(fx.s.moving.is_none());
}
