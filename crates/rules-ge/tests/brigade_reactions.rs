//! The Brigade Game's reactions and charges (Part III, G20 Wave Charge, G21 Reactions, and the
//! reactions of G18): each rule case built from small positions on the test scenario played at
//! the Brigade level, with forced dice.

mod common;
use common::Fx;
use coupdoeil_engine::{Game, ToAct};
use coupdoeil_ge::data::Formation;
use coupdoeil_ge::state::{Morale, Stage};
use coupdoeil_ge::{Action, Chance, GloryEmpire};

/// The test scenario played as the Brigade Game, then `edit`.
fn ggame_with(edit: impl Fn(String) -> String) -> GloryEmpire {
    common::game_from(
        |t| {
            edit(t.replacen(
                "setup = \"historical\"\n",
                "setup = \"historical\"\nlevel = \"brigade\"\n",
                1,
            ))
        },
        |c| c.to_string(),
    )
}

fn ggame() -> GloryEmpire {
    ggame_with(|t| t)
}

/// The test scenario played as the Battalion Game.
fn bgame() -> GloryEmpire {
    common::game_from(
        |t| {
            t.replacen(
                "setup = \"historical\"\n",
                "setup = \"historical\"\nlevel = \"battalion\"\n",
                1,
            )
        },
        |c| c.to_string(),
    )
}

/// Plays on while `side` may only pass or dice are due: `side` passes, dice roll 90 on
/// percentile dice (checks pass), 5 on a d10.
fn pass_for(f: &mut Fx, side: coupdoeil_engine::Side, until: impl Fn(&Fx) -> bool) {
    for _ in 0..40 {
        if until(f) {
            return;
        }
        match f.to_act() {
            ToAct::Side(s) if s == side => f.play("pass"),
            ToAct::Chance => {
                let c = match f.game.chance(&f.s).outcomes()[0].0 {
                    Chance::D10(_) => Chance::D10(5),
                    Chance::Percentile(_) => Chance::Percentile(90),
                    Chance::Pick(_) => Chance::Pick(0),
                };
                f.roll(c);
            }
            _ => return,
        }
    }
}

/// The Reaction Moves on offer, as their notation.
fn react_moves(f: &Fx) -> Vec<String> {
    f.legal()
        .iter()
        .filter(|a| matches!(a, Action::ReactMove { .. }))
        .map(|a| {
            let t = f.game.action_notation(a);
            assert_eq!(f.game.parse_action(&t).as_ref(), Ok(a), "{t}");
            t
        })
        .collect()
}

fn dist(f: &Fx, a: &str, b: &str) -> u32 {
    f.game.data.board.distance(f.hex(a), f.hex(b))
}

/// British light dragoons in 0203; French grenadiers march up from 0206 to 0204, next to
/// them. Returns at the British reaction window once they have arrived.
fn grenadiers_come_up(game: GloryEmpire) -> Fx {
    let mut f = Fx::empty_of(game);
    f.put("20ld", "0203", Formation::Line, "SSE");
    f.put("gren-1-1", "0206", Formation::Column, "N");
    f.at(common::F, Stage::Movement);
    f.play("select gren-1-1");
    f.play("step 0205");
    pass_for(&mut f, common::B, |f| f.to_act() == ToAct::Side(common::F));
    f.play("step 0204");
    pass_for(&mut f, common::B, |f| !react_moves(f).is_empty());
    f
}

// ---------------------------------------------------------------------------------------------
// G21.2 Reaction Move.

#[test]
fn g21_2_cavalry_may_ride_off_when_infantry_comes_next_to_it() {
    let mut f = grenadiers_come_up(ggame());
    let moves = react_moves(&f);
    assert!(!moves.is_empty(), "{:?}", f.legal_text());
    assert!(f.can("pass"), "the move is a choice");
    // G21.2.2 Up to three hexes, never into an enemy ZOC.
    let gren = f.s.troop(f.unit("gren-1-1")).cell.unwrap();
    for m in &moves {
        let to = f.hex(m.split_whitespace().nth(2).unwrap());
        let d = f.game.data.board.distance(f.hex("0203"), to);
        assert!((1..=3).contains(&d), "{m}");
        assert!(
            !f.game.in_ezoc(&f.s, common::B, to),
            "{m} is in the grenadiers' ZOC"
        );
        assert_ne!(to, gren);
    }
    assert!(
        moves
            .iter()
            .any(|m| dist(&f, "0203", m.split_whitespace().nth(2).unwrap()) == 3),
        "three hexes away: {moves:?}"
    );
    let far = moves
        .iter()
        .find(|m| dist(&f, "0203", m.split_whitespace().nth(2).unwrap()) == 3)
        .unwrap()
        .clone();
    let to = far.split_whitespace().nth(2).unwrap().to_string();
    f.play(&far);
    pass_for(&mut f, common::F, |f| f.to_act() == ToAct::Side(common::F));
    assert_eq!(f.cell_of("20ld").as_deref(), Some(to.as_str()));
    // G21.2.2 Normal units that Reaction Move end Disordered; the facing and formation stay.
    assert_eq!(f.morale_of("20ld"), Morale::Disorder);
    assert_eq!(f.formation_of("20ld"), Formation::Line);
    assert!(f.log().contains("Reaction Move from 0203"), "{}", f.log());
}

#[test]
fn g21_2_2_the_trigger_stops_and_moves_no_further_this_phase() {
    let mut f = grenadiers_come_up(ggame());
    let m = react_moves(&f)[0].clone();
    f.play(&m);
    pass_for(&mut f, common::F, |f| f.to_act() == ToAct::Side(common::F));
    assert!(
        !f.legal().iter().any(|a| matches!(a, Action::Step(_))),
        "no more steps: {:?}",
        f.legal_text()
    );
    // It may still change formation where it stands (ge-rulings 172).
    assert!(f.can("end"), "{:?}", f.legal_text());
}

#[test]
fn g21_2_only_in_the_brigade_game() {
    let f = grenadiers_come_up_battalion();
    assert!(react_moves(&f).is_empty());
}

fn grenadiers_come_up_battalion() -> Fx {
    let mut f = Fx::empty_of(bgame());
    f.put("20ld", "0203", Formation::Line, "SSE");
    f.put("gren-1-1", "0206", Formation::Column, "N");
    f.at(common::F, Stage::Movement);
    f.play("select gren-1-1");
    f.play("step 0205");
    pass_for(&mut f, common::B, |f| f.to_act() == ToAct::Side(common::F));
    f.play("step 0204");
    f
}

#[test]
fn g21_2_broken_or_routed_cavalry_may_not_reaction_move() {
    let mut f = Fx::empty_of(ggame());
    f.put("20ld", "0203", Formation::Line, "SSE");
    f.morale("20ld", Morale::Broken);
    f.put("gren-1-1", "0206", Formation::Column, "N");
    f.at(common::F, Stage::Movement);
    f.play("select gren-1-1");
    f.play("step 0205");
    pass_for(&mut f, common::B, |f| f.to_act() == ToAct::Side(common::F));
    f.play("step 0204");
    pass_for(&mut f, common::B, |f| !react_moves(f).is_empty());
    assert!(react_moves(&f).is_empty());
    assert_eq!(f.to_act(), ToAct::Side(common::F));
}

#[test]
fn g21_2_enemy_cavalry_coming_up_triggers_no_reaction_move() {
    let mut f = Fx::empty_of(ggame());
    f.put("20ld", "0203", Formation::Line, "SSE");
    f.put("drag-3a", "0206", Formation::Column, "N");
    f.at(common::F, Stage::Movement);
    f.play("select drag-3a");
    for step in ["step 0205", "step 0204"] {
        if f.to_act() != ToAct::Side(common::F) {
            pass_for(&mut f, common::B, |f| f.to_act() == ToAct::Side(common::F));
        }
        f.play(step);
        assert!(react_moves(&f).is_empty(), "{:?}", f.legal_text());
    }
}

#[test]
fn g21_2_limbered_horse_artillery_may_reaction_move_foot_artillery_not() {
    let horse = |t: String| {
        t.replacen(
            "type = \"light_foot\"\ngun = \"gb6\"",
            "type = \"horse\"\ngun = \"gb6\"",
            1,
        )
    };
    for (game, limbered, want) in [
        (ggame_with(horse), true, true),
        (ggame_with(horse), false, false),
        (ggame(), true, false),
    ] {
        let mut f = Fx::empty_of(game);
        let form = if limbered {
            Formation::Limbered
        } else {
            Formation::Unlimbered
        };
        f.put("robe", "0203", form, "S");
        f.put("gren-1-1", "0206", Formation::Column, "N");
        f.at(common::F, Stage::Movement);
        f.play("select gren-1-1");
        f.play("step 0205");
        pass_for(&mut f, common::B, |f| f.to_act() == ToAct::Side(common::F));
        f.play("step 0204");
        pass_for(&mut f, common::B, |f| !react_moves(f).is_empty());
        assert_eq!(!react_moves(&f).is_empty(), want, "limbered {limbered}");
    }
}

#[test]
fn g21_2_2_joining_friends_takes_their_formation_goes_below_and_disorders_them() {
    // French dragoons react to British infantry coming up, and join the other half of their
    // regiment two hexes off.
    let mut f = Fx::empty_of(ggame());
    f.put("drag-3b", "0202", Formation::Column, "S");
    f.put("drag-3a", "0204", Formation::Line, "S");
    f.put("2-97", "0207", Formation::Column, "N");
    f.at(common::B, Stage::Movement);
    f.play("select 2-97");
    f.play("step 0206");
    pass_for(&mut f, common::F, |f| f.to_act() == ToAct::Side(common::B));
    f.play("step 0205");
    pass_for(&mut f, common::F, |f| !react_moves(f).is_empty());
    assert!(f.can("react-move 0204 0202"), "{:?}", f.legal_text());
    f.play("react-move 0204 0202");
    pass_for(&mut f, common::B, |f| f.to_act() == ToAct::Side(common::B));
    let stack = f.s.stack(f.hex("0202"));
    assert_eq!(
        stack,
        vec![f.unit("drag-3b"), f.unit("drag-3a")],
        "at the bottom"
    );
    assert_eq!(f.formation_of("drag-3a"), Formation::Column);
    let facing = |f: &Fx, id: &str| f.s.troop(f.unit(id)).facing;
    assert_eq!(facing(&f, "drag-3a"), facing(&f, "drag-3b"));
    assert_eq!(f.morale_of("drag-3a"), Morale::Disorder);
    assert_eq!(
        f.morale_of("drag-3b"),
        Morale::Disorder,
        "the stack it joined"
    );
}

#[test]
fn g21_2_2_no_hex_in_an_enemy_zoc_unless_friends_hold_it() {
    let mut f = Fx::empty_of(ggame());
    f.put("drag-3b", "0202", Formation::Column, "S");
    f.put("drag-3a", "0204", Formation::Line, "S");
    // A British battalion whose ZOC covers 0202 and the hexes round it.
    f.put("2-43", "0201", Formation::Line, "S");
    f.put("2-97", "0207", Formation::Column, "N");
    f.at(common::B, Stage::Movement);
    f.play("select 2-97");
    f.play("step 0206");
    pass_for(&mut f, common::F, |f| f.to_act() == ToAct::Side(common::B));
    f.play("step 0205");
    pass_for(&mut f, common::F, |f| !react_moves(f).is_empty());
    let moves = react_moves(&f);
    assert!(
        f.game.in_ezoc(&f.s, common::F, f.hex("0202")),
        "the friends' hex is in the EZOC"
    );
    assert!(
        moves.contains(&"react-move 0204 0202".to_string()),
        "{moves:?}"
    );
    for m in &moves {
        let to = f.hex(m.split_whitespace().nth(2).unwrap());
        assert!(
            to == f.hex("0202") || !f.game.in_ezoc(&f.s, common::F, to),
            "{m}"
        );
    }
}

#[test]
fn g21_2_3_a_reaction_move_may_trigger_reactions_of_others_but_not_of_the_trigger() {
    // The British battery next to the French dragoons fires as they ride off out of its ZOC;
    // the British infantry that came up may not react to them.
    let mut f = Fx::empty_of(ggame());
    f.put("drag-3a", "0204", Formation::Line, "S");
    f.put("robe", "0304", Formation::Unlimbered, "NW");
    f.put("2-97", "0207", Formation::Column, "N");
    f.at(common::B, Stage::Movement);
    f.play("select 2-97");
    f.play("step 0206");
    pass_for(&mut f, common::F, |f| f.to_act() == ToAct::Side(common::B));
    f.play("step 0205");
    pass_for(&mut f, common::F, |f| !react_moves(f).is_empty());
    let m = react_moves(&f)
        .into_iter()
        .find(|m| dist(&f, "0304", m.split_whitespace().nth(2).unwrap()) > 1)
        .unwrap();
    f.play(&m);
    assert_eq!(
        f.to_act(),
        ToAct::Side(common::B),
        "{}",
        f.game.waiting_text(&f.s)
    );
    assert!(f.can("react-fire 0304"), "{:?}", f.legal_text());
    assert!(!f.can("react-fire 0205"), "no chain of reactions");
    f.play("react-fire 0304");
    assert!(f.to_act() == ToAct::Chance);
}

#[test]
fn g21_2_a_formation_change_next_to_cavalry_triggers_it_and_is_completed() {
    let mut f = Fx::empty_of(ggame());
    f.put("20ld", "0203", Formation::Line, "SSE");
    f.put("gren-1-1", "0204", Formation::Column, "N");
    f.at(common::F, Stage::Movement);
    f.play("select gren-1-1");
    assert!(f.can("form line"), "{:?}", f.legal_text());
    f.play("form line");
    pass_for(&mut f, common::B, |f| !react_moves(f).is_empty());
    let m = react_moves(&f)[0].clone();
    f.play(&m);
    pass_for(&mut f, common::F, |f| f.to_act() == ToAct::Side(common::F));
    assert_ne!(f.cell_of("20ld").as_deref(), Some("0203"));
    assert_eq!(
        f.formation_of("gren-1-1"),
        Formation::Line,
        "the change is made"
    );
}

// ---------------------------------------------------------------------------------------------
// G21.1 Reaction Formation Change.

/// The Reaction Formation Changes on offer to the stack in `hex`, as their notation after the
/// hex.
fn changes(f: &Fx, hex: &str) -> Vec<String> {
    let c = f.hex(hex);
    f.legal()
        .iter()
        .filter(|a| matches!(a, Action::ReactChange { at, .. } if *at == c))
        .map(|a| {
            let t = f.game.action_notation(a);
            // Every change's notation parses back.
            assert_eq!(f.game.parse_action(&t).as_ref(), Ok(a), "{t}");
            t.splitn(3, ' ').nth(2).unwrap().to_string()
        })
        .collect()
}

/// British `units` stand; French grenadiers step from 0206 to 0205 (three hexes from 0203).
/// Returns at the British Reaction Formation Change window.
fn grenadiers_step_near(game: GloryEmpire, units: &[(&str, &str, Formation, &str)]) -> Fx {
    let mut f = Fx::empty_of(game);
    for &(id, hex, form, facing) in units {
        f.put(id, hex, form, facing);
    }
    f.put("gren-1-1", "0206", Formation::Column, "N");
    f.at(common::F, Stage::Movement);
    f.play("select gren-1-1");
    f.play("step 0205");
    pass_for(&mut f, common::B, |f| {
        f.legal()
            .iter()
            .any(|a| matches!(a, Action::ReactChange { .. }))
    });
    f
}

/// Rolls every pending die at `v`.
fn dice(f: &mut Fx, v: u8) {
    while f.to_act() == ToAct::Chance {
        f.d100(v);
    }
}

fn facing_of(f: &Fx, id: &str) -> Facing {
    f.s.troop(f.unit(id)).facing
}

use coupdoeil_hex::Facing;

#[test]
fn g21_1_cavalry_may_turn_one_hexside_or_vertex_in_reaction() {
    let mut f = grenadiers_step_near(ggame(), &[("20ld", "0203", Formation::Line, "SSE")]);
    let v = changes(&f, "0203");
    let sse: Facing = "SSE".parse().unwrap();
    for want in [sse.rotate(2), sse.rotate(-2), sse.rotate(6)] {
        assert!(v.contains(&format!("face {want}")), "{want} in {v:?}");
    }
    assert!(!v.contains(&format!("face {}", sse.rotate(4))), "{v:?}");
    assert!(v.contains(&"form column".to_string()), "{v:?}");
    let to = sse.rotate(2);
    f.play(&format!("react-change 0203 face {to}"));
    dice(&mut f, 90);
    assert_eq!(facing_of(&f, "20ld"), to);
    assert_eq!(
        f.morale_of("20ld"),
        Morale::Normal,
        "no Disorder for a change"
    );
    assert!(
        f.log().contains("Reaction Formation Change (G21.1)"),
        "{}",
        f.log()
    );
}

#[test]
fn g21_1_a_failed_check_leaves_the_stack_as_it_was_and_worse() {
    let mut f = grenadiers_step_near(ggame(), &[("20ld", "0203", Formation::Line, "SSE")]);
    f.play("react-change 0203 form column");
    dice(&mut f, 0);
    assert_eq!(f.formation_of("20ld"), Formation::Line);
    assert_eq!(f.morale_of("20ld"), Morale::Disorder);
}

#[test]
fn g21_1_artillery_limbers_in_reaction() {
    let mut f = grenadiers_step_near(ggame(), &[("robe", "0203", Formation::Unlimbered, "S")]);
    let v = changes(&f, "0203");
    assert!(v.contains(&"form limbered".to_string()), "{v:?}");
    f.play("react-change 0203 form limbered");
    dice(&mut f, 90);
    assert_eq!(f.formation_of("robe"), Formation::Limbered);
}

#[test]
fn g21_1_infantry_in_line_about_faces_and_refuses_a_flank_in_reaction() {
    let f = grenadiers_step_near(ggame(), &[("2-97", "0203", Formation::Line, "SSE")]);
    let v = changes(&f, "0203");
    assert!(v.contains(&"refuse right".to_string()), "{v:?}");
    assert!(v.contains(&"refuse left".to_string()), "{v:?}");
    let mut g = grenadiers_step_near(ggame(), &[("2-97", "0203", Formation::Line, "SSE")]);
    g.play("react-change 0203 refuse right");
    dice(&mut g, 90);
    assert_eq!(
        g.s.troop(g.unit("2-97")).refused,
        coupdoeil_ge::refused::RIGHT
    );
    let mut h = grenadiers_step_near(ggame(), &[("2-97", "0203", Formation::Line, "SSE")]);
    let back = "SSE".parse::<Facing>().unwrap().rotate(6);
    h.play(&format!("react-change 0203 face {back}"));
    dice(&mut h, 90);
    let t = h.s.troop(h.unit("2-97"));
    assert_eq!(
        (t.facing, t.inverted),
        (back, true),
        "G18.1.2 the about-face inverts"
    );
}

#[test]
fn g21_1_skirmishers_deploy_and_the_stacking_order_changes_in_reaction() {
    let mut f = grenadiers_step_near(
        ggame(),
        &[
            ("2-97", "0203", Formation::Line, "SSE"),
            ("2-43", "0203", Formation::Line, "SSE"),
        ],
    );
    let v = changes(&f, "0203");
    assert!(v.contains(&"skirmish 2".to_string()), "{v:?}");
    assert!(v.contains(&"top 2-97".to_string()), "{v:?}");
    assert!(!v.contains(&"skirmish 0".to_string()), "deploy only: {v:?}");
    f.play("react-change 0203 top 2-97");
    dice(&mut f, 90);
    assert_eq!(f.s.stack(f.hex("0203"))[0], f.unit("2-97"));
}

#[test]
fn g18_2_3_an_open_column_quarter_wheels_into_line_in_reaction() {
    let mut f = Fx::empty_of(ggame());
    f.put("2-97", "0203", Formation::Column, "S");
    f.s.troop_mut(f.unit("2-97")).column = Some(coupdoeil_ge::data::ColumnKind::Open);
    f.put("gren-1-1", "0206", Formation::Column, "N");
    f.at(common::F, Stage::Movement);
    f.play("select gren-1-1");
    f.play("step 0205");
    pass_for(&mut f, common::B, |f| {
        f.legal()
            .iter()
            .any(|a| matches!(a, Action::ReactChange { .. }))
    });
    let v = changes(&f, "0203");
    assert!(v.contains(&"quarter-wheel right".to_string()), "{v:?}");
    f.play("react-change 0203 quarter-wheel right");
    dice(&mut f, 90);
    let t = f.s.troop(f.unit("2-97"));
    assert_eq!((t.formation, t.column), (Formation::Line, None));
    assert_eq!(
        t.facing,
        "S".parse::<Facing>()
            .unwrap()
            .rotate(coupdoeil_ge::columns::QUARTER_WHEEL_STEPS)
    );
}

#[test]
fn g21_1_only_in_the_brigade_game_and_only_in_the_normal_state() {
    let mut f = Fx::empty_of(bgame());
    f.put("20ld", "0203", Formation::Line, "SSE");
    f.put("gren-1-1", "0206", Formation::Column, "N");
    f.at(common::F, Stage::Movement);
    f.play("select gren-1-1");
    f.play("step 0205");
    assert!(
        !f.legal()
            .iter()
            .any(|a| matches!(a, Action::ReactChange { .. }))
    );
    let mut g = Fx::empty_of(ggame());
    g.put("20ld", "0203", Formation::Line, "SSE");
    g.morale("20ld", Morale::Disorder);
    g.put("gren-1-1", "0206", Formation::Column, "N");
    g.at(common::F, Stage::Movement);
    g.play("select gren-1-1");
    g.play("step 0205");
    assert!(
        !g.legal()
            .iter()
            .any(|a| matches!(a, Action::ReactChange { .. })),
        "{:?}",
        g.legal_text()
    );
}

#[test]
fn g21_1_cavalry_that_turns_charges_from_its_new_front() {
    let charge_offered = |f: &Fx| f.can("react-charge 0203");
    let until = |f: &Fx| f.can("react-charge 0203") || f.to_act() == ToAct::Side(common::F);
    // Facing east, the grenadiers entering 0205 are outside its Reaction Charge Zone.
    let mut f = grenadiers_step_near(ggame(), &[("20ld", "0203", Formation::Line, "E")]);
    f.play("pass");
    pass_for(&mut f, common::B, until);
    assert!(!charge_offered(&f), "{:?}", f.legal_text());
    // Turned a vertex to the south-south-east as they leave 0206, it may charge them in 0205.
    let mut f = grenadiers_step_near(ggame(), &[("20ld", "0203", Formation::Line, "E")]);
    f.play("react-change 0203 face SSE");
    dice(&mut f, 90);
    assert_eq!(facing_of(&f, "20ld"), "SSE".parse().unwrap());
    pass_for(&mut f, common::B, until);
    assert!(charge_offered(&f), "{:?}", f.legal_text());
}

// ---------------------------------------------------------------------------------------------
// G20 Wave Charge.

use coupdoeil_ge::state::{CombatStep, Frame};

/// French dragoons, both halves of the regiment with Charge markers in two hexes next to each
/// other and to the British 2/97th in 0204, in the French Charge Phase.
fn dragoons_ready(game: GloryEmpire) -> Fx {
    let mut f = Fx::empty_of(game);
    f.put("2-97", "0204", Formation::Line, "NNE");
    let b = &f.game.data.board;
    let target = f.hex("0204");
    let first = f.hex("0203");
    let second = b
        .neighbors(target)
        .find(|&n| n != first && b.adjacent(n, first))
        .unwrap();
    let facing = |from| Facing::from_edge(b.direction(from, target).unwrap());
    let (f1, f2, l2) = (facing(first), facing(second), f.label(second));
    f.put("drag-3a", "0203", Formation::Column, &f1.to_string());
    f.put("drag-3b", &l2, Formation::Column, &f2.to_string());
    for (id, c) in [("drag-3a", first), ("drag-3b", second)] {
        let u = f.unit(id);
        f.s.troop_mut(u).charge = Some(c);
    }
    f.at(common::F, Stage::Charges);
    f.s.queue = vec![first, second];
    f.s.queue.sort_unstable();
    f
}

/// Which wave of the Wave Charge is under way (0 if none).
fn wave_no(f: &Fx) -> u8 {
    f.s.pending
        .iter()
        .rev()
        .find_map(|x| match x {
            Frame::Waves(w) => Some(w.next),
            _ => None,
        })
        .unwrap_or(0)
}

/// Plays the Wave Charge out: the French charge the target when they can, else step on; the
/// British fire their Defensive Fire when offered and pass otherwise. Percentile dice 50; the
/// first wave loses its Cold Steel (0 against 9), the second wins it (9 against 0). Returns
/// the waves in which Defensive Fire was offered.
fn play_waves(f: &mut Fx) -> Vec<u8> {
    let mut fired = Vec::new();
    for _ in 0..300 {
        if f.s.pending.is_empty() {
            break;
        }
        match f.to_act() {
            ToAct::Chance => {
                let step = match f.s.pending.last() {
                    Some(Frame::Combat(c)) => Some(c.step),
                    _ => None,
                };
                let w = wave_no(f);
                let c = match (f.game.chance(&f.s).outcomes()[0].0, step) {
                    (Chance::D10(_), Some(CombatStep::ColdSteelAttacker)) => {
                        Chance::D10(if w == 1 { 0 } else { 9 })
                    }
                    (Chance::D10(_), Some(CombatStep::ColdSteelDefender)) => {
                        Chance::D10(if w == 1 { 9 } else { 0 })
                    }
                    (Chance::D10(_), _) => Chance::D10(5),
                    (Chance::Percentile(_), _) => Chance::Percentile(50),
                    (Chance::Pick(_), _) => Chance::Pick(0),
                };
                f.roll(c);
            }
            ToAct::Side(side) => {
                let legal = f.legal();
                let pick = if side == common::F {
                    legal
                        .iter()
                        .find(|a| matches!(a, Action::Charge(_)))
                        .or_else(|| legal.iter().find(|a| matches!(a, Action::Step(_))))
                        .or_else(|| legal.iter().find(|a| **a == Action::Pass))
                        .unwrap_or(&legal[0])
                        .to_owned()
                } else if let Some(a) = legal.iter().find(|a| matches!(a, Action::DefendAgainst(_)))
                {
                    fired.push(wave_no(f));
                    *a
                } else if legal.contains(&Action::Pass) {
                    Action::Pass
                } else {
                    legal[0]
                };
                f.game
                    .apply_action_unchecked(&mut f.s, &pick, &mut f.events);
            }
            ToAct::Over => break,
        }
    }
    fired
}

#[test]
fn g20_1_two_dragoon_counters_charge_one_target_in_waves() {
    let mut f = dragoons_ready(ggame());
    assert!(f.can("wave-charge drag-3a 0204"), "{:?}", f.legal_text());
    for t in ["wave-charge drag-3a 0204", "wave drag-3b"] {
        let a = f.game.parse_action(t).unwrap();
        assert_eq!(f.game.action_notation(&a), t);
    }
    // drag-3b is the only counter that may join, and a Wave Charge needs two: it joins and
    // the two waves are launched without more decisions.
    f.play("wave-charge drag-3a 0204");
    assert!(
        f.log().contains("Wave Charge on 0204 in 2 waves"),
        "{}",
        f.log()
    );
    assert!(f.s.queue.is_empty(), "both markers are the waves'");
    let fired = play_waves(&mut f);
    let log = f.log();
    // G20.1.1 Each wave fights its own close combat, one after the other.
    assert_eq!(
        log.matches("Charge (13.2) against 0204").count(),
        2,
        "{log}"
    );
    // Only the first wave draws the Defender MC and the Defensive Fire.
    assert_eq!(
        log.matches("Charge Defender Morale Check").count(),
        1,
        "{log}"
    );
    assert!(fired.iter().all(|&w| w == 1), "{fired:?}");
}

#[test]
fn g20_1_the_waves_are_of_one_brigade_and_in_contiguous_hexes() {
    let f = dragoons_ready(ggame());
    let u = f.unit("drag-3b");
    let a = f.unit("drag-3a");
    let target = f.hex("0204");
    assert!(f.game.may_wave(&f.s, u, target, &[a]));
    // Another brigade's cavalry may not join.
    let g = dragoons_ready(ggame_with(|t| {
        t.replacen(
            "leader = \"margaron\"\ntype = \"battle\"\nunit = \"3rd-provisional-dragoons\"\nsteps = [{ sp = 6, mv = 30, cvm = 2 }, { sp = 4, mv = 35, cvm = 1 }]\n\n[[squadron]]\nid = \"drag-3b\"\nside = \"french\"\nname = \"3rd Prov. Dragoons (2nd half)\"\nleader = \"margaron\"",
            "leader = \"margaron\"\ntype = \"battle\"\nunit = \"3rd-provisional-dragoons\"\nsteps = [{ sp = 6, mv = 30, cvm = 2 }, { sp = 4, mv = 35, cvm = 1 }]\n\n[[squadron]]\nid = \"drag-3b\"\nside = \"french\"\nname = \"3rd Prov. Dragoons (2nd half)\"\nleader = \"kellermann\"",
            1,
        )
    }));
    assert!(
        !g.game
            .may_wave(&g.s, g.unit("drag-3b"), target, &[g.unit("drag-3a")]),
        "another brigade"
    );
    // Nor cavalry two hexes from every wave.
    let mut h = dragoons_ready(ggame());
    let far = h.hex("0201");
    h.s.troop_mut(u).cell = Some(far);
    h.s.troop_mut(u).charge = Some(far);
    assert!(!h.game.may_wave(&h.s, u, target, &[a]));
    // Not in the Battalion Game.
    let mut bg = dragoons_ready(bgame());
    assert!(!bg.game.may_wave(&bg.s, u, target, &[a]));
    bg.settle();
    assert!(!bg.can("wave-charge drag-3a 0204"));
}

#[test]
fn g20_1_1_waves_that_find_the_target_empty_ride_up_and_regroup() {
    let mut f = dragoons_ready(ggame());
    f.play("wave-charge drag-3a 0204");
    // The British battalion slips away before the first wave moves.
    f.s.troop_mut(f.unit("2-97")).cell = Some(f.hex("0207"));
    f.settle();
    play_waves(&mut f);
    let log = f.log();
    assert_eq!(log.matches("Charge (13.2) against").count(), 0, "{log}");
    // Both waves stayed next to the empty target and regrouped: spent, no combat.
    for id in ["drag-3a", "drag-3b"] {
        assert!(f.s.troop(f.unit(id)).spent > 0, "{id}: {log}");
        let c = f.s.troop(f.unit(id)).cell.unwrap();
        assert!(
            f.game.data.board.adjacent(c, f.hex("0204")) || c == f.hex("0204"),
            "{log}"
        );
    }
}

#[test]
fn g20_1_2_later_waves_draw_only_reaction_charges_each_reactor_trying_once() {
    use coupdoeil_ge::state::{MoveSource, ReactKind, Trigger, WaveCharge};
    let mut f = dragoons_ready(ggame());
    let (a, b) = (f.unit("drag-3a"), f.unit("drag-3b"));
    let c = f.hex("0203");
    // The first wave's moves draw every reaction; a later wave's only a Reaction Charge.
    let leave = Trigger::Leave { from: c };
    assert_eq!(
        f.game.kinds_of(leave, MoveSource::Charge),
        &[ReactKind::Fire, ReactKind::Square, ReactKind::Charge]
    );
    assert_eq!(
        f.game.kinds_of(leave, MoveSource::LaterWave),
        &[ReactKind::Charge]
    );
    assert!(
        f.game
            .kinds_of(Trigger::Enter { from: c, to: c }, MoveSource::LaterWave)
            .is_empty()
    );
    // One Reaction Charge attempt per unit against the whole Wave Charge: the attempts
    // against either wave count against the same key.
    f.s.pending.push(Frame::Waves(WaveCharge {
        target: f.hex("0204"),
        units: vec![b, a],
        launched: true,
        next: 1,
    }));
    let first = f.game.attempt_key(&f.s, &[b]);
    if let Some(Frame::Waves(w)) = f.s.pending.last_mut() {
        w.next = 2;
    }
    let second = f.game.attempt_key(&f.s, &[a]);
    assert_eq!(first, second);
    assert_eq!(first, Some(a.min(b)));
    f.s.pending.clear();
    assert_eq!(
        f.game.attempt_key(&f.s, &[b]),
        Some(b),
        "outside a Wave Charge"
    );
}

// ---------------------------------------------------------------------------------------------
// G18.5.2 Rank and File (optional).

/// The Brigade test scenario with the optional Rank and File: the British in two ranks, the
/// French in `french` ranks.
fn ranks_game(french: u8) -> GloryEmpire {
    ggame_with(move |t| {
        format!(
            "{t}\n[[nation]]\nid = \"british\"\nattack_method = \"linear\"\nranks = 2\n\n\
             [[nation]]\nid = \"french\"\nattack_method = \"massed\"\nranks = {french}\n"
        )
    })
}

/// Two reduced grenadier battalions (3 SP, FS 2 each) in Line in 0205: the Fire Strength of
/// their stack.
fn grenadier_line_fs(game: GloryEmpire) -> u8 {
    let mut f = Fx::empty_of(game);
    f.put("gren-1-2", "0205", Formation::Line, "NNE");
    f.put("gren-1-1", "0205", Formation::Line, "NNE");
    f.steps("gren-1-1", 1);
    f.steps("gren-1-2", 1);
    f.game.strength(&f.s, f.hex("0205")).unwrap().fs
}

#[test]
fn g18_5_2_a_three_rank_line_fires_seven_sp_a_two_rank_line_five() {
    assert_eq!(
        grenadier_line_fs(ggame()),
        2,
        "the chart's 5 SP: one battalion fires"
    );
    assert_eq!(
        grenadier_line_fs(ranks_game(3)),
        4,
        "three ranks: 7 SP, both fire"
    );
    assert_eq!(grenadier_line_fs(ranks_game(2)), 2, "two ranks: 5 SP");
    let g = ranks_game(3);
    assert!(g.rank_and_file());
    assert_eq!(g.ranks_of(g.data.troop_by_id("2-97").unwrap()), 2);
}

#[test]
fn g18_5_2_open_column_limits_by_ranks_and_a_mixed_stack_takes_two() {
    let check = |game: GloryEmpire, mixed: bool| {
        let mut f = Fx::empty_of(game);
        f.put("gren-1-2", "0205", Formation::Line, "NNE");
        f.steps("gren-1-2", 1);
        f.put("gren-1-1", "0205", Formation::Line, "NNE");
        f.steps("gren-1-1", 1);
        if mixed {
            // One battalion of the stack of a nation in two ranks.
            let u = f.unit("gren-1-2");
            f.game.data.troops[u.ix()].nation = "british".into();
        }
        f.game.may_form_open_column(&f.s, f.hex("0205"))
    };
    // 6 SP in three ranks may; in two ranks, or mixed with two-rank units, not.
    assert!(check(ranks_game(3), false));
    assert!(!check(ranks_game(2), false));
    assert!(
        !check(ranks_game(3), true),
        "a mixed stack takes the two-rank limit"
    );
    assert!(check(ggame(), true), "the rule not in play: 7 SP");
    let e = common::errors_of(
        |t| {
            format!(
                "{}\n[[nation]]\nid = \"british\"\nattack_method = \"linear\"\nranks = 4\n",
                t.replacen(
                    "setup = \"historical\"\n",
                    "setup = \"historical\"\nlevel = \"brigade\"\n",
                    1
                )
            )
        },
        |c| c.to_string(),
    );
    assert!(e.contains("2 or 3 ranks"), "{e}");
}

// ---------------------------------------------------------------------------------------------
// G18.5.3 Refused Flanks: both flanks.

use coupdoeil_ge::data::Arc;

/// The 2/97th in Line facing NNE in 0205, moving, in a scenario where its nation may refuse
/// both flanks or not.
fn line_moving(both: bool) -> Fx {
    let extra = if both {
        "\n[[nation]]\nid = \"british\"\nattack_method = \"linear\"\nrefuse_both_flanks = true\n"
    } else {
        ""
    };
    let mut f = Fx::empty_of(ggame_with(move |t| format!("{t}{extra}")));
    f.put("2-97", "0205", Formation::Line, "NNE");
    f.at(common::B, Stage::Movement);
    f.play("select 2-97");
    f
}

#[test]
fn g18_5_3_a_nation_allowed_refuses_both_flanks_four_front_two_flank() {
    let mut f = line_moving(true);
    f.play("refuse right");
    assert!(f.can("refuse left"), "{:?}", f.legal_text());
    f.play("refuse left");
    let arcs = f.game.unit_arcs(&f.s, f.unit("2-97"));
    assert_eq!(
        arcs.iter().filter(|&&a| a == Arc::Front).count(),
        4,
        "{arcs:?}"
    );
    assert_eq!(
        arcs.iter().filter(|&&a| a == Arc::Flank).count(),
        2,
        "{arcs:?}"
    );
    assert_eq!(
        f.s.troop(f.unit("2-97")).refused,
        coupdoeil_ge::refused::RIGHT | coupdoeil_ge::refused::LEFT
    );
    // Others refuse one flank at a time (ruling 120).
    let mut g = line_moving(false);
    g.play("refuse right");
    assert!(!g.can("refuse left"), "{:?}", g.legal_text());
}

#[test]
fn g18_5_3_a_stack_refusing_both_flanks_removes_both_in_one_reaction() {
    let mut f = Fx::empty_of(ggame());
    f.put("2-97", "0203", Formation::Line, "SSE");
    f.s.troop_mut(f.unit("2-97")).refused =
        coupdoeil_ge::refused::RIGHT | coupdoeil_ge::refused::LEFT;
    f.put("drag-3a", "0206", Formation::Column, "N");
    f.at(common::F, Stage::Movement);
    f.play("select drag-3a");
    f.play("step 0205");
    assert!(f.can("react-square 0203"), "{:?}", f.legal_text());
    assert!(
        changes(&f, "0203").is_empty(),
        "no other change while refused"
    );
    f.play("react-square 0203");
    dice(&mut f, 99);
    assert_eq!(f.s.troop(f.unit("2-97")).refused, 0);
    assert_eq!(f.formation_of("2-97"), Formation::Line);
}

/// Plays a Charge out with forced dice until `stop` holds (at most 300 steps): `charger`'s
/// side charges its target when it can, else steps on, else takes its first choice; the
/// other side takes what `react` picks from its choices, else passes when it may. Each die is
/// `dice(f, first outcome)`, the first outcome being a d10 of 5 and the first of a pick.
fn ride_out(
    f: &mut Fx,
    charger: coupdoeil_engine::Side,
    dice: impl Fn(&Fx, Chance) -> Chance,
    mut react: impl FnMut(&Fx, &[Action]) -> Option<Action>,
    stop: impl Fn(&Fx) -> bool,
) {
    for _ in 0..300 {
        if stop(f) {
            return;
        }
        match f.to_act() {
            ToAct::Chance => {
                let c = match f.game.chance(&f.s).outcomes()[0].0 {
                    Chance::D10(_) => Chance::D10(5),
                    Chance::Pick(_) => Chance::Pick(0),
                    c => c,
                };
                let c = dice(f, c);
                f.roll(c);
            }
            ToAct::Side(side) => {
                let legal = f.legal();
                let pick = if side == charger {
                    *legal
                        .iter()
                        .find(|a| matches!(a, Action::Charge(_)))
                        .or_else(|| legal.iter().find(|a| matches!(a, Action::Step(_))))
                        .unwrap_or(&legal[0])
                } else if let Some(a) = react(f, &legal) {
                    a
                } else if legal.contains(&Action::Pass) {
                    Action::Pass
                } else {
                    legal[0]
                };
                f.game
                    .apply_action_unchecked(&mut f.s, &pick, &mut f.events);
            }
            ToAct::Over => return,
        }
    }
}

/// Two dragoon waves charge the 2/97th in 0205, riding through the Reaction Charge Zone of
/// the British light dragoons; these try a Reaction Charge the first time they may if `try_it`
/// (their check fails), else always decline. Returns the waves against which they were
/// offered one, and whether they tried.
fn waves_past_light_dragoons(try_it: bool) -> (Vec<u8>, bool, String) {
    let mut f = Fx::empty_of(ggame());
    f.put("2-97", "0205", Formation::Line, "NNE");
    f.put("drag-3a", "0202", Formation::Column, "S");
    f.put("20ld", "0404", Formation::Line, "W");
    f.at(common::F, Stage::Charges);
    let (a, b) = (f.unit("drag-3a"), f.unit("drag-3b"));
    let target = f.hex("0205");
    f.s.troop_mut(a).charge = Some(f.hex("0202"));
    // The second wave beside the first, wherever it may charge the same target from.
    let second = f
        .game
        .data
        .board
        .neighbors(f.hex("0202"))
        .find(|&n| {
            let mut t = f.s.clone();
            let p = t.top_pos();
            let tr = t.troop_mut(b);
            tr.cell = Some(n);
            tr.pos = p;
            tr.gone = None;
            tr.formation = Formation::Column;
            tr.facing = "S".parse().unwrap();
            tr.charge = Some(n);
            f.game.may_wave(&t, b, target, &[a])
        })
        .expect("a hex for the second wave");
    let l2 = f.label(second);
    f.put("drag-3b", &l2, Formation::Column, "S");
    f.s.troop_mut(b).charge = Some(second);
    f.s.queue = vec![f.hex("0202"), second];
    f.s.queue.sort_unstable();
    assert!(f.can("wave-charge drag-3a 0205"), "{:?}", f.legal_text());
    f.play("wave-charge drag-3a 0205");
    let mut offered: Vec<u8> = Vec::new();
    let mut tried = false;
    ride_out(
        &mut f,
        common::F,
        |f, c| match c {
            Chance::Percentile(_) => {
                let reaction_check = matches!(
                    f.s.pending.last(),
                    Some(Frame::Check(c)) if c.kind == coupdoeil_ge::state::CheckKind::ReactionCharge
                );
                Chance::Percentile(if reaction_check { 0 } else { 50 })
            }
            other => other,
        },
        |f, legal| {
            let a = legal.iter().find(|a| matches!(a, Action::ReactCharge(_)))?;
            offered.push(wave_no(f));
            if tried || !try_it {
                None
            } else {
                tried = true;
                Some(*a)
            }
        },
        |f| f.s.pending.is_empty(),
    );
    (offered, tried, f.log())
}

#[test]
fn g20_1_2_a_reactor_that_failed_against_one_wave_may_not_try_against_the_next() {
    // Declining, the light dragoons are offered a Reaction Charge against both waves.
    let (offered, _, log) = waves_past_light_dragoons(false);
    assert!(
        offered.contains(&1) && offered.contains(&2),
        "{offered:?}: {log}"
    );
    // Having tried against the first and failed, never against the second.
    let (offered, tried, log) = waves_past_light_dragoons(true);
    assert!(tried, "{log}");
    assert!(offered.iter().all(|&w| w == 1), "{offered:?}: {log}");
}

#[test]
fn g17_1_2_the_leader_is_picked_up_as_his_directing_unit_begins_to_charge() {
    // Margaron with drag-3a, his Directing Unit, in a Line of Battle with drag-3b beside it;
    // drag-3a's Charge is resolved first. Charging stacks leave their leaders behind, so
    // without the pick-up he would be left with no unit of his: his owner puts him with
    // drag-3b as drag-3a begins its Charge Movement.
    use coupdoeil_ge::gtf::GtfKind;
    let mut f = dragoons_ready(ggame());
    f.put_leader("margaron", "0203");
    let l = f.leader("margaron");
    f.s.leaders[l.ix()].gtf.kind = Some(GtfKind::LineOfBattle);
    let second = f.cell_of("drag-3b").unwrap();
    f.play("resolve 0203");
    assert!(
        matches!(f.s.pending.last(), Some(Frame::PickUp { leader, du }) if *leader == l && *du == f.unit("drag-3a")),
        "{:?}",
        f.s.pending.last()
    );
    margaron_picked_up_for_drag_3b(&mut f, &second);
}

#[test]
fn g17_1_2_the_leader_is_picked_up_as_his_directing_unit_begins_a_reaction_charge() {
    // The light dragoons of the wave test, British now, charge a French battalion past
    // Margaron's dragoons: drag-3a, his Directing Unit, with drag-3b beside it in a Line of
    // Battle. When drag-3a's Reaction Charge passes its check, its Charge Movement begins, and
    // his owner is asked whether to put him with drag-3b before it rides off without him
    // (ge-rulings 141).
    use coupdoeil_ge::gtf::GtfKind;
    let mut f = Fx::empty_of(ggame());
    f.put("1-86", "0205", Formation::Line, "NNE");
    f.put("20ld", "0202", Formation::Column, "S");
    f.put("drag-3a", "0404", Formation::Line, "W");
    let b = &f.game.data.board;
    let second = b
        .neighbors(f.hex("0404"))
        .find(|&n| f.label(n) == "0403" || f.label(n) == "0405")
        .map(|n| f.label(n))
        .unwrap();
    f.put("drag-3b", &second, Formation::Line, "W");
    f.put_leader("margaron", "0404");
    let l = f.leader("margaron");
    f.s.leaders[l.ix()].gtf.kind = Some(GtfKind::LineOfBattle);
    f.at(common::B, Stage::Charges);
    let ld = f.unit("20ld");
    f.s.troop_mut(ld).charge = Some(f.hex("0202"));
    f.s.queue = vec![f.hex("0202")];
    let du_hex = f.hex("0404");
    f.play("resolve 0202");
    ride_out(
        &mut f,
        common::B,
        |_, c| match c {
            Chance::Percentile(_) => Chance::Percentile(90),
            other => other,
        },
        |_, legal| {
            let a = Action::ReactCharge(du_hex);
            legal.contains(&a).then_some(a)
        },
        |f| matches!(f.s.pending.last(), Some(Frame::PickUp { .. })),
    );
    let asked = match f.s.pending.last() {
        Some(Frame::PickUp { leader, du }) => Some((*leader, *du)),
        _ => None,
    };
    let log = f.log();
    assert_eq!(asked, Some((l, f.unit("drag-3a"))), "{log}");
    // Against charging cavalry the Reaction Charge is a Counter-Charge (B14.4.3).
    assert!(log.ends_with("Counter-Charge (B14.4.3) from 0404"), "{log}");
    margaron_picked_up_for_drag_3b(&mut f, &second);
}

/// G17.1.2 As drag-3a, Margaron's Directing Unit, begins its Charge Movement, his owner is
/// offered to put him with drag-3b in `second`, or to pass; put there, drag-3b directs his
/// GTF and drag-3a's Charge Movement goes on.
fn margaron_picked_up_for_drag_3b(f: &mut Fx, second: &str) {
    let l = f.leader("margaron");
    let mut choices = f.legal_text();
    choices.sort();
    assert_eq!(
        choices,
        [format!("du margaron {second}"), "pass".to_string()]
    );
    f.play(&format!("du margaron {second}"));
    let at = f.s.leaders[l.ix()].cell.map(|c| f.label(c));
    assert_eq!(at.as_deref(), Some(second));
    assert_eq!(f.game.directing_unit(&f.s, l), Some(f.unit("drag-3b")));
    assert!(
        matches!(f.s.pending.last(), Some(Frame::ChargeMove(cm)) if cm.units == [f.unit("drag-3a")]),
        "{:?}",
        f.s.pending.last()
    );
}
