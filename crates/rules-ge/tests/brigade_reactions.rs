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

/// Plays on while `side` may only pass or dice are due: `side` passes, dice roll middling
/// (90 on percentile dice: checks fail, fire misses).
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
        .map(|a| f.game.action_notation(a))
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
