//! Rules 6.0 and 7.0: facing, zones of control and movement.

mod common;
use common::Fx;
use coupdoeil_dm::state::Stage;
use coupdoeil_engine::Game;
use coupdoeil_hex::EdgeDir::{N, NE, S, SE, SW};

#[test]
fn r6_0_side_facing_has_three_front_hexes_vertex_two() {
    let fx = Fx::new();
    let c = fx.c("0505");
    let side: Vec<_> = fx.game.front_cells(c, "N".parse().unwrap()).collect();
    let vertex: Vec<_> = fx.game.front_cells(c, "NNE".parse().unwrap()).collect();
    assert_eq!(side.len(), 3);
    assert_eq!(vertex.len(), 2);
    assert!(
        vertex.iter().all(|x| side.contains(x)),
        "a vertex's front hexes are among the adjacent side's"
    );
}

#[test]
fn r7_1_only_vertex_facing_units_move_into_front_hexes() {
    let mut fx = Fx::new();
    fx.place("bevern", "0404", "N"); // facing a hexside
    fx.act("select bevern");
    assert!(
        fx.legal_text().iter().all(|a| !a.starts_with("step")),
        "a unit facing a hexside cannot step"
    );
    let mut fx = Fx::new();
    fx.place("bevern", "0404", "NNE");
    fx.act("select bevern");
    let steps: Vec<_> = fx
        .legal_text()
        .into_iter()
        .filter(|a| a.starts_with("step"))
        .collect();
    let mut expect = vec![
        format!("step {}", fx.nb("0404", N)),
        format!("step {}", fx.nb("0404", NE)),
    ];
    expect.sort();
    let mut steps = steps;
    steps.sort();
    assert_eq!(steps, expect);
}

#[test]
fn r7_1_whole_allowance_one_hex_in_any_direction() {
    let mut fx = Fx::new();
    fx.place("bevern", "0404", "NNE");
    fx.act("select bevern");
    let back = fx.nb("0404", S);
    assert!(fx.can(&format!("sidestep {back}")));
    fx.act(&format!("sidestep {back}"));
    assert_eq!(fx.at("bevern"), Some(back));
    assert_eq!(fx.facing("bevern"), "NNE", "keeps its facing");
    assert!(fx.s.mover.is_none(), "the move is over");
    assert!(!fx.can("select bevern"), "7.3 it moved this phase");
}

#[test]
fn r7_2_first_facing_change_free_then_one_mp_each() {
    let mut fx = Fx::new();
    fx.place("bevern", "0404", "N");
    fx.act("select bevern");
    fx.act("face NNE");
    assert_eq!(fx.mp_left(), Some(2.0), "the first change is free");
    fx.act("face NE");
    assert_eq!(fx.mp_left(), Some(1.0), "the second costs one MP");
    assert!(!fx.can("face N") || fx.mp_left() == Some(1.0));
    fx.act("face E");
    assert!(
        fx.s.mover.is_none(),
        "no MP left and nothing else to do: the move ends"
    );
}

#[test]
fn r7_2_free_facing_changes_may_be_made_any_number_of_times() {
    // With a card making facing changes free, a move may turn more times than a byte counts.
    let mut fx = Fx::new();
    fx.place("bevern", "0404", "N");
    fx.s.free_facing[coupdoeil_engine::Side::A] = true;
    fx.act("select bevern");
    for i in 0..300 {
        fx.act(if i % 2 == 0 { "face NNE" } else { "face N" });
    }
    assert_eq!(fx.facing("bevern"), "N");
    assert_eq!(fx.mp_left(), Some(2.0), "free changes cost nothing");
}

#[test]
fn r7_2_facing_changes_are_30_or_60_degrees() {
    let mut fx = Fx::new();
    fx.place("bevern", "0404", "N");
    fx.act("select bevern");
    for f in ["NNW", "NW", "NNE", "NE"] {
        assert!(fx.can(&format!("face {f}")), "{f}");
    }
    assert!(
        !fx.can("face E"),
        "90 degrees needs two changes or the whole allowance"
    );
    assert!(
        fx.can("wheel E") && fx.can("wheel S"),
        "any facing for the whole allowance"
    );
    fx.act("wheel S");
    assert_eq!(fx.facing("bevern"), "S");
    assert!(fx.s.mover.is_none());
}

#[test]
fn r7_4_speed_limit_one_hex_even_when_too_costly() {
    // The rulebook's case: MA 2 infantry crosses a stream into woods (3 MP) and stops there.
    let mut fx = Fx::new();
    fx.place("bevern", "0504", "SSE"); // front: SE and S; S of 0504 is the woods 0505, across the stream
    assert_eq!(fx.nb("0504", S), "0505");
    fx.act("select bevern");
    assert!(fx.can("step 0505"));
    fx.act("step 0505");
    assert_eq!(fx.at("bevern"), Some("0505".into()));
    assert!(fx.s.mover.is_none(), "the single hex ends the move");
}

#[test]
fn r7_4_speed_limit_only_for_the_first_hex() {
    let mut fx = Fx::new();
    let start = fx.nb("0504", N);
    fx.place("bevern", &start, "SSE"); // S leads to 0504, then S again into the woods across the stream
    fx.act("select bevern");
    fx.act("step 0504");
    assert_eq!(fx.mp_left(), Some(1.0));
    assert!(
        !fx.can("step 0505"),
        "3 MP with 1 left and a hex already entered"
    );
}

#[test]
fn r7_6_1_road_hexes_cost_half_a_movement_point() {
    let mut fx = Fx::new();
    fx.place("bevern", "0201", "E"); // 0201 -> 0301 -> 0401 is road
    fx.act("select bevern");
    // Face a vertex toward the road; the first facing change is free.
    let dir_to_next = fx
        .game
        .data
        .board
        .direction(fx.c("0201"), fx.c("0301"))
        .unwrap();
    let facing = if dir_to_next == NE { "NNE" } else { "E" };
    if facing != "E" {
        fx.act(&format!("face {facing}"));
    }
    fx.act("step 0301");
    assert_eq!(fx.mp_left(), Some(1.5), "half a MP on the road");
}

#[test]
fn r7_6_2_stream_hexside_adds_its_cost() {
    // Zieten in the movement example: stream (1) into clear (1), then clear (1): 3 MP.
    let mut fx = Fx::new();
    fx.place("zieten", "0505", "NNE"); // N of 0505 is 0504, across the stream
    assert_eq!(fx.nb("0505", N), "0504");
    fx.act("select zieten");
    fx.act("step 0504");
    assert_eq!(fx.mp_left(), Some(1.0));
    let next = fx.nb("0504", N);
    fx.act(&format!("step {next}"));
    assert!(fx.s.mover.is_none(), "3 MP spent: the move is over");
    assert_eq!(fx.at("zieten"), Some(next));
}

#[test]
fn r6_1_entering_an_enemy_zoc_ends_hex_movement() {
    let mut fx = Fx::new();
    let target = fx.nb("0505", N);
    fx.place("dair", &fx.nb(&target, N), "S"); // D'Air's ZOC covers `target`
    fx.place("zieten", &fx.nb(&target, SW), "NNE");
    fx.act("select zieten");
    fx.act(&format!("step {target}"));
    assert!(
        fx.legal_text().iter().all(|a| !a.starts_with("step")),
        "no more hexes after entering an EZOC"
    );
    assert!(fx.can("end-move"));
}

#[test]
fn r6_1_no_move_from_one_enemy_zoc_hex_to_another() {
    let mut fx = Fx::new();
    // D'Air faces S from 0403: its front hexes (SE, S, SW of it) are all in its ZOC.
    fx.place("dair", "0403", "S");
    let a = fx.nb("0403", SW);
    let b = fx.nb("0403", S);
    fx.place("bevern", &a, "E"); // in D'Air's ZOC; E vertex: front NE and SE
    fx.act("select bevern");
    let steps: Vec<_> = fx
        .legal_text()
        .into_iter()
        .filter(|x| x.starts_with("step"))
        .collect();
    assert!(
        !steps.contains(&format!("step {b}")),
        "{b} is also in D'Air's ZOC: {steps:?}"
    );
}

#[test]
fn r7_7_never_into_an_enemy_hex_no_stacking_but_pass_through_friends() {
    let mut fx = Fx::new();
    fx.place("zieten", "0606", "NNE");
    let n = fx.nb("0606", N);
    fx.place("bevern", &n, "N");
    fx.act("select zieten");
    assert!(fx.can(&format!("step {n}")), "may pass through a friend");
    fx.act(&format!("step {n}"));
    assert!(!fx.can("end-move"), "may not stop on a friend");
    assert!(fx.legal_text().iter().any(|a| a.starts_with("step")));
    let mut fx = Fx::new();
    fx.place("zieten", "0606", "NNE");
    let n = fx.nb("0606", N);
    fx.place("odonell", &n, "N");
    fx.act("select zieten");
    assert!(!fx.can(&format!("step {n}")), "never into an enemy's hex");
}

#[test]
fn r7_7_a_friendly_dummy_may_be_removed_during_movement() {
    let mut fx = Fx::new();
    fx.place("pdummy", "0303", "E");
    fx.hide("pdummy");
    assert!(fx.can("remove pdummy"));
    fx.act("remove pdummy");
    assert!(fx.gone("pdummy"));
    assert!(fx.s.at(fx.c("0303")).is_none());
}

#[test]
fn r7_movement_example_ferdinand_bevern_zieten() {
    let mut fx = Fx::new();
    // Ferdinand advances one hex up a slope (1 MP) into an enemy ZOC, then turns 30 degrees for
    // his second and last MP.
    let hill = "0403";
    let start = fx.nb(hill, SW);
    fx.place("ferdinand", &start, "NNE");
    fx.place("dair", &fx.nb(hill, N), "S");
    fx.act("select ferdinand");
    fx.act(&format!("step {hill}"));
    assert_eq!(fx.mp_left(), Some(1.0), "up a slope: 1 MP");
    assert!(fx.legal_text().iter().all(|a| !a.starts_with("step")));
    fx.act("face NE");
    assert_eq!(fx.facing("ferdinand"), "NE");
    assert!(fx.s.mover.is_none(), "the turn cost the last MP");
    // Bevern moves straight into woods for 2 MP.
    let woods_from = fx.nb("0506", S);
    fx.place("bevern", &woods_from, "NNE");
    fx.act("select bevern");
    fx.act("step 0506");
    assert!(fx.s.mover.is_none(), "woods cost both MP");
    assert_eq!(fx.at("bevern"), Some("0506".into()));
    assert_eq!(fx.s.stage, Stage::Movement);
}

#[test]
fn r7_3_each_unit_moves_once_and_completes_its_move() {
    let mut fx = Fx::new();
    fx.place("bevern", "0404", "NNE");
    fx.place("zieten", "0808", "NNW");
    fx.act("select bevern");
    assert!(!fx.can("select zieten"), "the moving unit finishes first");
    fx.act("end-move");
    assert!(!fx.can("select bevern"));
    assert!(fx.can("select zieten"));
    let _ = SE;
}

/// 7.5 No take-backs: movement decisions, and decisions that reveal pieces or end a phase, may
/// not be taken back; a declaration that reveals nothing may (until the next die).
#[test]
fn r7_5_movement_is_final_no_take_backs() {
    use coupdoeil_engine::Game;
    let mut fx = Fx::new();
    fx.place("bevern", "0404", "NNE");
    fx.place("dair", &fx.nb(&fx.nb("0404", N), N), "S");
    let before = fx.s.clone();
    fx.act("select bevern");
    let sel = fx.game.parse_action("select bevern").unwrap();
    assert!(!fx.game.may_take_back(&before, &sel, &fx.s));
    let step = fx
        .game
        .parse_action(&format!("step {}", fx.nb("0404", N)))
        .unwrap();
    let before = fx.s.clone();
    fx.act(&format!("step {}", fx.nb("0404", N)));
    assert!(
        !fx.game.may_take_back(&before, &step, &fx.s),
        "a step is final"
    );
    fx.s.mover = None;
    let before = fx.s.clone();
    fx.act("end-phase");
    let end = fx.game.parse_action("end-phase").unwrap();
    assert!(
        !fx.game.may_take_back(&before, &end, &fx.s),
        "the phase ended and pieces were revealed"
    );
    let before = fx.s.clone();
    let target = fx.nb(&fx.nb("0404", N), N);
    fx.act(&format!("attack bevern {target}"));
    let atk = fx
        .game
        .parse_action(&format!("attack bevern {target}"))
        .unwrap();
    assert!(
        fx.game.may_take_back(&before, &atk, &fx.s),
        "a declaration revealing nothing may be taken back"
    );
}

/// 6.2 Flank hexes: three for a unit facing a hexside, four for one facing a vertex.
#[test]
fn r6_2_flank_hexes_are_the_non_front_neighbours() {
    let mut fx = Fx::new();
    let u = fx.place("dair", "0505", "N");
    let flank = |fx: &Fx| {
        coupdoeil_hex::EdgeDir::ALL
            .iter()
            .filter(|d| fx.game.is_flank(&fx.s, u, fx.c(&fx.nb("0505", **d))))
            .count()
    };
    assert_eq!(flank(&fx), 3);
    fx.s.pieces[u.ix()].facing = "NNE".parse().unwrap();
    assert_eq!(flank(&fx), 4);
    assert!(!fx.game.is_flank(&fx.s, u, fx.c(&fx.nb("0505", N))));
    assert!(fx.game.is_flank(&fx.s, u, fx.c(&fx.nb("0505", S))));
}

#[test]
fn r7_7_a_paid_facing_change_in_a_friends_hex_if_the_unit_can_still_leave() {
    let mut fx = Fx::new();
    fx.place("zieten", "0606", "NNE"); // 3 MP
    let n = fx.nb("0606", N);
    fx.place("bevern", &n, "N");
    fx.act("select zieten");
    fx.act(&format!("step {n}"));
    assert_eq!(fx.mp_left(), Some(2.0));
    // Turning to N (a hexside) would leave it unable to move on: not offered. Turning to NNW
    // (a vertex) for 1 MP still lets it leave.
    assert!(
        !fx.can("face N"),
        "it could not leave the friend's hex facing a hexside"
    );
    assert!(fx.can("face NNW"), "a paid turn that keeps a way out");
    fx.act("face NNW");
    assert_eq!(fx.mp_left(), Some(1.0), "the turn cost 1 MP");
    assert!(!fx.can("end-move"), "still may not stop on the friend");
    let out = fx.nb(&n, coupdoeil_hex::EdgeDir::NW);
    fx.act(&format!("step {out}"));
    assert_eq!(fx.at("zieten"), Some(out));
}

#[test]
fn r7_7_a_friends_hex_may_be_entered_when_only_a_turn_there_leads_out() {
    let mut fx = Fx::new();
    fx.place("zieten", "0606", "NNE"); // front N and NE
    let n = fx.nb("0606", N);
    fx.place("bevern", &n, "N");
    // Block both ways out of Bevern's hex with the NNE facing; leave the NW way open.
    let n2 = fx.nb(&n, coupdoeil_hex::EdgeDir::N);
    let ne2 = fx.nb(&n, coupdoeil_hex::EdgeDir::NE);
    fx.place("ferdinand", &n2, "N");
    fx.place("driesen", &ne2, "N");
    fx.act("select zieten");
    assert!(
        fx.can(&format!("step {n}")),
        "it can turn inside the friend's hex and leave to the north-west"
    );
    fx.act(&format!("step {n}"));
    assert!(fx.can("face NNW"));
    assert!(
        !fx.can("face N") && !fx.can("face NE"),
        "facing a hexside it could not move on with the 1 MP left"
    );
}

#[test]
fn r7_0_movement_events_and_legal_actions_carry_mp() {
    let mut fx = Fx::new();
    fx.place("zieten", "0606", "NNE"); // 3 MP
    fx.act("select zieten");
    let step = fx
        .game
        .parse_action(&format!(
            "step {}",
            fx.nb("0606", coupdoeil_hex::EdgeDir::N)
        ))
        .unwrap();
    assert_eq!(
        fx.game.mp_cost_half(&fx.s, &step),
        Some(2),
        "1 MP into clear"
    );
    let face = fx.game.parse_action("face N").unwrap();
    assert_eq!(
        fx.game.mp_cost_half(&fx.s, &face),
        Some(0),
        "the first change is free"
    );
    fx.act(&fx.game.action_notation(&step));
    assert_eq!(
        fx.game
            .mp_cost_half(&fx.s, &fx.game.parse_action("face N").unwrap()),
        Some(2)
    );
    fx.act("face N");
    assert!(fx.has_event(|w| matches!(
        w,
        coupdoeil_dm::What::Faced {
            mp_left_half: Some(2),
            ..
        }
    )));
    assert!(fx.has_event(|w| matches!(
        w,
        coupdoeil_dm::What::Moved {
            mp_left_half: 4,
            ..
        }
    )));
}

#[test]
fn observation_stage_is_always_one_json_shape() {
    let mut fx = Fx::new();
    fx.place("zieten", "0606", "NNE");
    for stage in [
        coupdoeil_dm::state::Stage::Movement,
        coupdoeil_dm::state::Stage::AttackCard(coupdoeil_engine::Side::B, 3),
        coupdoeil_dm::state::Stage::Place(coupdoeil_engine::Side::A),
    ] {
        fx.s.stage = stage;
        let v = serde_json::to_value(fx.game.observe(&fx.s, coupdoeil_engine::Viewer::Spectator))
            .unwrap();
        let st = v["stage"].as_object().expect("an object");
        assert!(st["kind"].is_string(), "{st:?}");
        assert!(st.contains_key("side") && st.contains_key("step"), "{st:?}");
    }
}
