//! The Brigade Game (Part III of the rulebook, sections 17 to 23, added to the Battalion rules):
//! the level switch, and each Brigade rule case built from small positions on the test scenario
//! played at the Brigade level, with forced dice. Rule numbers are Part III's (G-prefixed in
//! test names); a Battalion rule the Brigade Game changes keeps its B number.

mod common;
use common::Fx;
use common::drive;
use coupdoeil_engine::{Game, ToAct};
use coupdoeil_ge::data::Level;
use coupdoeil_ge::event::Event;
use coupdoeil_ge::{Chance, GloryEmpire};

/// The test scenario played as the Brigade Game, then `edit`.
fn ggame_with(edit: impl Fn(String) -> String) -> GloryEmpire {
    ggame_charts(edit, |c| c.to_string())
}

/// [`ggame_with`] with the shared charts edited too.
fn ggame_charts(edit: impl Fn(String) -> String, charts: impl Fn(&str) -> String) -> GloryEmpire {
    common::game_from(
        |t| {
            edit(t.replacen(
                "setup = \"historical\"\n",
                "setup = \"historical\"\nlevel = \"brigade\"\n",
                1,
            ))
        },
        charts,
    )
}

fn ggame() -> GloryEmpire {
    ggame_with(|t| t)
}

/// The phases announced so far, as "B Rally Phase" (side, then the name without its rule).
fn phases(f: &Fx) -> Vec<String> {
    f.events
        .iter()
        .filter_map(|e| match e {
            Event::Phase { side, phase } => {
                let who = if *side == common::B { "B" } else { "F" };
                Some(format!("{who} {}", phase.split(" (").next().unwrap_or("")))
            }
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The level switch.

#[test]
fn g17_level_brigade_plays_the_battalion_rules_and_its_own() {
    let g = ggame();
    assert_eq!(g.data.level, Level::Brigade);
    assert!(g.brigade() && g.battalion(), "Part III adds to Part II");
    let b = common::shipped_vimeiro_battalion();
    assert!(b.battalion() && !b.brigade());
    let s = common::shipped_vimeiro();
    assert!(!s.battalion() && !s.brigade());
    let v = common::shipped_vimeiro_brigade();
    assert_eq!(v.data.level, Level::Brigade);
    assert_eq!(v.data.id, "ge-vimeiro-brigade");
    // It keeps the Battalion scenario's scenario rules.
    assert_eq!(v.data.attack_methods, b.data.attack_methods);
    assert_eq!(v.data.supply, b.data.supply);
}

#[test]
fn g17_the_brigade_game_needs_the_battalion_charts() {
    let e = common::errors_of(
        |t| {
            t.replacen(
                "setup = \"historical\"\n",
                "setup = \"historical\"\nlevel = \"brigade\"\n",
                1,
            )
        },
        |c| {
            let start = c.find("[movement.disorder]").unwrap();
            let end = start + c[start..].find("\n\n").unwrap();
            format!("{}{}", &c[..start], &c[end..])
        },
    );
    assert!(
        e.contains("the Brigade Game needs the Move Disorder Check Events chart (B9.4)"),
        "{e}"
    );
}

#[test]
fn g4_a_brigade_game_turn_has_the_battalion_phases() {
    let mut f = Fx::empty_of(ggame());
    f.s = f.game.initial_state();
    f.d10(4);
    f.d10(5);
    f.play("first british");
    drive(&mut f, |f| f.s.turn == 2);
    let p = phases(&f);
    for want in [
        "F Orders Initiative Phase",
        "B Attack Orders Phase",
        "F Reserve Orders Phase",
        "B Charge Phase",
        "B Assault Phase",
        "B Leader Replacement Phase",
    ] {
        assert!(p.iter().any(|x| x == want), "{want} in {p:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// G18.1 Facing, Back-Up and March by the Flank.

use coupdoeil_ge::data::Formation;
use coupdoeil_ge::state::{Frame, Stage};
use coupdoeil_hex::EdgeDir;

/// A British Movement Phase with these units placed (id, hex, formation, facing).
fn gmoving(game: GloryEmpire, units: &[(&str, &str, Formation, &str)]) -> Fx {
    let mut f = Fx::empty_of(game);
    for &(id, hex, form, facing) in units {
        f.put(id, hex, form, facing);
    }
    f.at(common::B, Stage::Movement);
    f
}

/// The label of the hex next to `hex` in direction `d`.
fn next(f: &Fx, hex: &str, d: EdgeDir) -> String {
    let c = f.game.data.board.neighbor(f.hex(hex), d).unwrap();
    f.label(c)
}

/// The moving group may not Force March (B9.5): its MP are its MA.
fn no_force_march(f: &mut Fx) {
    if let Some(m) = f.s.moving.as_mut() {
        m.disorder.may_force = false;
    }
}

fn spent(f: &Fx) -> u8 {
    f.s.moving.as_ref().map_or(0, |m| m.spent)
}

/// The Disorder Check pending at the end of a move, if any: its modifiers' total.
fn pending_dc(f: &Fx) -> Option<i16> {
    match f.s.pending.last() {
        Some(Frame::Check(c)) if c.kind == coupdoeil_ge::state::CheckKind::Disorder => {
            Some(c.modifiers.iter().map(|m| m.value).sum())
        }
        _ => None,
    }
}

fn inverted(f: &Fx, id: &str) -> bool {
    f.s.troop(f.unit(id)).inverted
}

#[test]
fn g18_1_2_a_line_pays_one_mp_for_each_vertex_it_wheels_through() {
    let mut f = gmoving(ggame(), &[("2-97", "0203", Formation::Line, "NNE")]);
    f.play("select 2-97");
    // One vertex costs 1.
    f.play("face E");
    assert_eq!(spent(&f), 1);
    f.play(&format!("step {}", next(&f, "0203", EdgeDir::NE)));
    assert_eq!(spent(&f), 2, "a clear hex for 1 more");
    // E to NNW is two vertices: 2.
    f.play("face NNW");
    assert_eq!(spent(&f), 4);
    assert!(f.log().contains("wheels for 2 MP (G18.1.2)"), "{}", f.log());
    assert!(
        !inverted(&f, "2-97"),
        "a wheel keeps the sub-units in order"
    );
}

#[test]
fn g18_1_2_a_wheel_needs_the_mp_left() {
    let mut f = gmoving(ggame(), &[("2-97", "0201", Formation::Line, "SSE")]);
    f.play("select 2-97");
    no_force_march(&mut f);
    f.play(&format!("step {}", next(&f, "0201", EdgeDir::S)));
    f.play(&format!("step {}", next(&f, "0202", EdgeDir::S)));
    f.play(&format!("step {}", next(&f, "0203", EdgeDir::S)));
    assert_eq!(spent(&f), 3, "three clear hexes of a Line's 4 MP");
    // One vertex is affordable, two are not; the free about-face always is.
    assert!(f.can("face E") && f.can("face SSW"));
    assert!(!f.can("face NNE") && !f.can("face W"));
    assert!(
        f.can("face NNW"),
        "SSE to NNW is the about-face, for nothing"
    );
}

#[test]
fn g18_1_2_the_battalion_and_soldiers_games_turn_a_line_for_nothing() {
    for game in [super_battalion(), common::game()] {
        let mut f = gmoving(game, &[("2-97", "0203", Formation::Line, "NNE")]);
        f.play("select 2-97");
        f.play("face SSE");
        assert_eq!(spent(&f), 0);
        f.play(&format!("step {}", next(&f, "0203", EdgeDir::S)));
        f.play("face NNE");
        assert!(!inverted(&f, "2-97"));
        assert_eq!(spent(&f), 1);
    }
}

/// The test scenario as the Battalion Game.
fn super_battalion() -> GloryEmpire {
    ggame_with(|t| t.replacen("level = \"brigade\"", "level = \"battalion\"", 1))
}

#[test]
fn g18_1_1_a_column_turns_for_nothing() {
    // RULING 102: the ordinary Column is not one of the columns G18.1.1 charges.
    let mut f = gmoving(ggame(), &[("2-97", "0203", Formation::Column, "N")]);
    f.play("select 2-97");
    f.play("face S");
    assert_eq!(spent(&f), 0);
    assert!(!inverted(&f, "2-97"), "only a Line's about-face inverts");
}

#[test]
fn g18_1_2_about_face_is_free_and_inverts_the_sub_units_until_it_faces_back() {
    let mut f = gmoving(ggame(), &[("2-97", "0203", Formation::Line, "NNE")]);
    f.play("select 2-97");
    assert!(
        f.legal_text().iter().any(|t| t == "face SSW"),
        "{:?}",
        f.legal_text()
    );
    f.play("face SSW");
    assert_eq!(spent(&f), 0);
    assert!(inverted(&f, "2-97"));
    assert!(
        f.log().contains("Sub-Units Inverted (G18.1.2)"),
        "{}",
        f.log()
    );
    f.play(&format!("step {}", next(&f, "0203", EdgeDir::S)));
    f.play("face NNE");
    assert_eq!(spent(&f), 1, "the step only");
    assert!(!inverted(&f, "2-97"), "a second about-face puts them back");
}

#[test]
fn g17_4_3_reordering_the_sub_units_costs_three_mp() {
    let mut f = gmoving(ggame(), &[("2-97", "0203", Formation::Line, "NNE")]);
    f.play("select 2-97");
    assert!(!f.can("reorder"), "nothing to reorder");
    f.play("face SSW");
    assert!(f.can("reorder"));
    f.play("reorder");
    assert_eq!(spent(&f), 3);
    assert!(!inverted(&f, "2-97"));
    assert_eq!(f.s.troop(f.unit("2-97")).facing.to_string(), "SSW");
    // Without 3 MP left it may not.
    let mut f = gmoving(ggame(), &[("2-97", "0203", Formation::Line, "SSW")]);
    f.s.troop_mut(f.unit("2-97")).inverted = true;
    f.play("select 2-97");
    no_force_march(&mut f);
    f.play(&format!("step {}", next(&f, "0203", EdgeDir::S)));
    f.play(&format!("step {}", next(&f, "0204", EdgeDir::S)));
    assert_eq!(spent(&f), 2);
    assert!(!f.can("reorder"), "2 MP spent of 4");
}

#[test]
fn g17_4_3_a_stack_with_inverted_sub_units_may_only_react_with_fire() {
    use coupdoeil_ge::state::{ReactKind, Trigger};
    let mut f = Fx::empty_of(ggame());
    f.put("2-97", "0203", Formation::Line, "SSE");
    f.put("drag-3a", "0206", Formation::Column, "N");
    f.at(common::F, Stage::Movement);
    f.play("select drag-3a");
    let at = f.hex("0205");
    f.s.troop_mut(f.unit("drag-3a")).cell = Some(at);
    if let Some(m) = f.s.moving.as_mut() {
        m.at = at;
    }
    let trig = Trigger::Entered { at };
    let square = f.game.reactors(&f.s, common::B, trig, ReactKind::Square);
    assert_eq!(square, vec![f.hex("0203")], "in order, it may form Square");
    f.s.troop_mut(f.unit("2-97")).inverted = true;
    let square = f.game.reactors(&f.s, common::B, trig, ReactKind::Square);
    assert!(square.is_empty(), "inverted, it may not");
}

#[test]
fn g18_1_3_a_line_backs_up_through_its_rear_at_double_cost_then_checks() {
    let mut f = gmoving(ggame(), &[("2-97", "0203", Formation::Line, "NNE")]);
    f.play("select 2-97");
    let behind = next(&f, "0203", EdgeDir::S);
    let flank = next(&f, "0203", EdgeDir::SE);
    assert_eq!(f.step_cost(&behind), Some(2), "a clear hex doubled");
    assert_eq!(
        f.step_cost(&flank),
        Some(2),
        "a flank step for 1 and 1 more"
    );
    f.play(&format!("step {behind}"));
    assert_eq!(spent(&f), 2);
    assert_eq!(
        f.s.troop(f.unit("2-97")).facing.to_string(),
        "NNE",
        "it kept its facing"
    );
    f.play("end");
    assert_eq!(
        pending_dc(&f),
        Some(0),
        "a check is due, with no DRM of its own"
    );
    assert!(f.log().contains("backs up"), "{}", f.log());
    f.d100(20);
    assert_eq!(
        f.morale_of("2-97"),
        coupdoeil_ge::state::Morale::Disorder,
        "20 is not above MV 35"
    );
}

#[test]
fn g18_1_3_only_infantry_in_line_backs_up() {
    // A Column's rear is closed to it.
    let mut f = gmoving(ggame(), &[("2-97", "0203", Formation::Column, "N")]);
    f.play("select 2-97");
    assert_eq!(f.step_cost(&next(&f, "0203", EdgeDir::S)), None);
    // Cavalry in Line neither.
    let mut f = Fx::empty_of(ggame());
    f.put("drag-3a", "0203", Formation::Line, "NNE");
    f.at(common::F, Stage::Movement);
    f.play("select drag-3a");
    assert_eq!(f.step_cost(&next(&f, "0203", EdgeDir::S)), None);
    assert_eq!(
        f.step_cost(&next(&f, "0203", EdgeDir::SE)),
        None,
        "no flank march"
    );
    // The Battalion Game has no Back-Up.
    let mut f = gmoving(
        super_battalion(),
        &[("2-97", "0203", Formation::Line, "NNE")],
    );
    f.play("select 2-97");
    assert_eq!(f.step_cost(&next(&f, "0203", EdgeDir::S)), None);
    assert_eq!(f.step_cost(&next(&f, "0203", EdgeDir::SE)), None);
}

#[test]
fn g18_1_4_a_column_marches_by_the_flank_for_one_mp_more_once_a_move() {
    let mut f = gmoving(ggame(), &[("2-97", "0203", Formation::Column, "N")]);
    f.play("select 2-97");
    let a = next(&f, "0203", EdgeDir::SE);
    assert_eq!(
        f.step_cost(&a),
        Some(2),
        "a clear hex and the flank march's MP"
    );
    f.play(&format!("step {a}"));
    assert_eq!(f.s.troop(f.unit("2-97")).facing.to_string(), "N", "no turn");
    let b = next(&f, &a, EdgeDir::SE);
    assert_eq!(f.step_cost(&b), Some(1), "the extra MP is paid once");
    f.play(&format!("step {b}"));
    assert_eq!(spent(&f), 3);
    assert!(
        f.log()
            .contains("marches by the flank, 1 MP more (G18.1.4)"),
        "{}",
        f.log()
    );
    f.play("end");
    assert_eq!(pending_dc(&f), None, "a flank march calls for no check");
}

#[test]
fn g18_1_4_a_flank_march_needs_its_extra_mp() {
    let mut f = gmoving(ggame(), &[("2-97", "0201", Formation::Line, "SSE")]);
    f.play("select 2-97");
    no_force_march(&mut f);
    f.play(&format!("step {}", next(&f, "0201", EdgeDir::S)));
    f.play(&format!("step {}", next(&f, "0202", EdgeDir::S)));
    f.play(&format!("step {}", next(&f, "0203", EdgeDir::S)));
    assert_eq!(spent(&f), 3);
    // Line SSE: flanks NE and SW. One MP left: the hex, not the hex and the march.
    assert_eq!(f.step_cost(&next(&f, "0204", EdgeDir::NE)), None);
    assert_eq!(
        f.step_cost(&next(&f, "0204", EdgeDir::SE)),
        Some(1),
        "its front"
    );
}

// ---------------------------------------------------------------------------------------------
// G18.6 Prone.

fn prone(f: &Fx, id: &str) -> bool {
    f.s.troop(f.unit(id)).prone
}

/// Plays on the French move: the British pass every reaction, dice roll middling.
fn british_pass(f: &mut Fx) {
    for _ in 0..20 {
        match f.to_act() {
            ToAct::Side(s) if s == common::B => f.play("pass"),
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

#[test]
fn g18_6_1_infantry_goes_prone_for_nothing_and_its_move_ends() {
    let mut f = gmoving(ggame(), &[("2-97", "0203", Formation::Line, "NNE")]);
    f.play("select 2-97");
    f.play(&format!("step {}", next(&f, "0203", EdgeDir::N)));
    assert!(f.can("prone"), "after moving too");
    f.play("prone");
    assert!(prone(&f, "2-97"));
    assert!(f.s.moving.is_none(), "its move is over");
    assert!(f.log().contains("goes Prone (G18.6.1)"), "{}", f.log());
    // A Column may too.
    let mut f = gmoving(ggame(), &[("2-97", "0203", Formation::Column, "N")]);
    f.play("select 2-97");
    assert!(f.can("prone"));
}

#[test]
fn g18_6_1_who_may_not_go_prone() {
    // Not next to an enemy unit.
    let mut f = gmoving(ggame(), &[("2-97", "0203", Formation::Line, "NNE")]);
    f.put(
        "gren-1-1",
        &next(&f, "0203", EdgeDir::N),
        Formation::Column,
        "S",
    );
    f.play("select 2-97");
    assert!(!f.can("prone"));
    // Only infantry, in Line or Column.
    let mut f = gmoving(ggame(), &[("2-97", "0203", Formation::Square, "N")]);
    f.play("select 2-97");
    assert!(!f.can("prone"), "a Square may not");
    let mut f = Fx::empty_of(ggame());
    f.put("drag-3a", "0203", Formation::Line, "NNE");
    f.at(common::F, Stage::Movement);
    f.play("select drag-3a");
    assert!(!f.can("prone"), "cavalry may not");
    // Not in the Battalion Game.
    let mut f = gmoving(
        super_battalion(),
        &[("2-97", "0203", Formation::Line, "NNE")],
    );
    f.play("select 2-97");
    assert!(!f.can("prone"));
}

#[test]
fn g18_6_3_prone_units_do_not_move_turn_change_formation_nor_assault() {
    let mut f = gmoving(ggame(), &[("2-97", "0203", Formation::Line, "NNE")]);
    f.s.troop_mut(f.unit("2-97")).prone = true;
    f.play("select 2-97");
    assert!(f.step_costs().is_empty(), "{:?}", f.step_costs());
    let legal = f.legal_text();
    assert!(
        !legal
            .iter()
            .any(|t| t.starts_with("face") || t.starts_with("form") || t.starts_with("assault")),
        "{legal:?}"
    );
    assert!(!f.can("prone"));
    // G18.6.2 It may stand up for nothing, and move on.
    f.play("stand-up");
    assert!(!prone(&f, "2-97"));
    assert_eq!(spent(&f), 0);
    assert_eq!(f.step_cost(&next(&f, "0203", EdgeDir::N)), Some(1));
    assert!(f.log().contains("stands up (G18.6.2)"), "{}", f.log());
}

#[test]
fn g18_6_2_prone_units_stand_up_when_the_enemy_moves_next_to_them() {
    let mut f = Fx::empty_of(ggame());
    f.put("2-97", "0203", Formation::Line, "SSE");
    f.s.troop_mut(f.unit("2-97")).prone = true;
    f.put("gren-1-1", "0206", Formation::Column, "N");
    f.at(common::F, Stage::Movement);
    f.play("select gren-1-1");
    f.play("step 0205");
    british_pass(&mut f);
    assert!(prone(&f, "2-97"), "two hexes away it lies still");
    f.play("step 0204");
    british_pass(&mut f);
    assert!(!prone(&f, "2-97"), "next to it, it is up");
}

#[test]
fn g18_6_2_a_prone_stack_stands_up_as_it_attempts_a_reaction() {
    let mut f = Fx::empty_of(ggame());
    f.put("2-97", "0203", Formation::Line, "SSE");
    f.s.troop_mut(f.unit("2-97")).prone = true;
    f.put("drag-3a", "0206", Formation::Column, "N");
    f.at(common::F, Stage::Movement);
    f.play("select drag-3a");
    f.play("step 0205");
    assert!(f.can("react-square 0203"), "{:?}", f.legal_text());
    f.play("react-square 0203");
    assert!(!prone(&f, "2-97"), "up before its check is rolled");
}

#[test]
fn g18_6_4_prone_units_fire_only_with_their_skirmishers() {
    let mut f = Fx::empty_of(ggame());
    f.put("2-97", "0203", Formation::Line, "SSE");
    let c = f.hex("0203");
    assert!(f.game.strength(&f.s, c).is_some());
    f.s.troop_mut(f.unit("2-97")).prone = true;
    assert!(
        f.game.strength(&f.s, c).is_none(),
        "no skirmishers, no fire"
    );
    f.s.troop_mut(f.unit("2-97")).skirmishers = 1;
    let st = f.game.strength(&f.s, c).expect("its skirmishers fire");
    assert_eq!((st.fs, st.skirmish), (1, true));
}

#[test]
fn g18_6_3_prone_units_do_not_block_line_of_sight() {
    let mut f = Fx::empty_of(ggame());
    let (a, b) = (f.hex("0201"), f.hex("0205"));
    assert!(f.game.los(&f.s, a, b), "clear ground");
    f.put("2-97", "0203", Formation::Line, "SSE");
    assert!(!f.game.los(&f.s, a, b), "a standing unit blocks (11.2.1)");
    f.s.troop_mut(f.unit("2-97")).prone = true;
    assert!(f.game.los(&f.s, a, b), "a prone one does not");
}

#[test]
fn g18_6_a_prone_target_is_harder_to_hit() {
    let mut f = Fx::empty_of(ggame());
    f.put("1-50", "0302", Formation::Line, "E");
    f.put("gren-1-1", "0402", Formation::Line, "W");
    f.s.troop_mut(f.unit("gren-1-1")).prone = true;
    let from = f.hex("0302");
    let to = f.hex("0402");
    let st = f.game.strength(&f.s, from).unwrap();
    let t = f.s.stack(to);
    let o = f.game.fire_odds(&f.s, from, to, &t, &st, false, 1);
    assert!(
        o.modifiers
            .iter()
            .any(|m| m.what == "target prone" && m.value == -1 && m.rule == "G18.6"),
        "{:?}",
        o.modifiers
    );
}

// ---------------------------------------------------------------------------------------------
// G22 Fatigue.

use coupdoeil_ge::state::Fatigue;

fn fatigue(f: &Fx, leader: &str) -> Fatigue {
    f.s.leader(f.leader(leader)).fatigue
}

fn set_fatigue(f: &mut Fx, leader: &str, x: Fatigue) {
    let l = f.leader(leader);
    f.s.leaders[l.ix()].fatigue = x;
}

#[test]
fn g22_line_fire_marks_the_brigade_for_a_fatigue_check_skirmish_fire_does_not() {
    let mut f = Fx::empty_of(ggame());
    f.put("1-50", "0302", Formation::Line, "E");
    f.put("gren-1-1", "0402", Formation::Column, "SW");
    set_fatigue(
        &mut f,
        "fane",
        Fatigue {
            level: 1,
            recovering: true,
            ..Fatigue::default()
        },
    );
    set_fatigue(
        &mut f,
        "saint-clair",
        Fatigue {
            level: 1,
            recovering: true,
            ..Fatigue::default()
        },
    );
    f.at(common::B, Stage::Fire);
    f.play("fire 0302 0402");
    f.d100(50);
    let fane = fatigue(&f, "fane");
    assert!(fane.check && !fane.close_combat, "{fane:?}");
    assert!(!fane.recovering, "a check ends its Recovery");
    assert!(
        !fatigue(&f, "saint-clair").recovering,
        "fired on, the target's brigade leaves Recovery"
    );
    assert!(
        !fatigue(&f, "saint-clair").check,
        "being fired on is no check"
    );
    // Skirmishers' fire tires nobody.
    let mut f = Fx::empty_of(ggame());
    f.put("1-50", "0302", Formation::Line, "E");
    f.s.troop_mut(f.unit("1-50")).skirmishers = 1;
    f.put("gren-1-1", "0402", Formation::Column, "SW");
    f.at(common::B, Stage::Fire);
    f.play("fire 0302 0402");
    f.d100(50);
    assert!(!fatigue(&f, "fane").check);
}

#[test]
fn g22_a_force_march_marks_the_brigade() {
    let mut f = gmoving(ggame(), &[("2-97", "0201", Formation::Line, "SSE")]);
    f.play("select 2-97");
    let mut at = "0201".to_string();
    for _ in 0..5 {
        at = next(&f, &at, EdgeDir::S);
        f.play(&format!("step {at}"));
    }
    assert_eq!(spent(&f), 5, "one MP beyond a Line's 4");
    f.play("end");
    assert!(fatigue(&f, "anstruther").check);
    // Within the MA, no.
    let mut f = gmoving(ggame(), &[("2-97", "0201", Formation::Line, "SSE")]);
    f.play("select 2-97");
    f.play(&format!("step {}", next(&f, "0201", EdgeDir::S)));
    f.play("end");
    assert!(!fatigue(&f, "anstruther").check);
}

#[test]
fn g22_close_combat_marks_both_brigades_with_the_close_combat_drm() {
    let mut f = Fx::empty_of(ggame());
    f.put("2-97", "0203", Formation::Column, "S");
    f.put("gren-1-1", "0204", Formation::Column, "N");
    f.s.troop_mut(f.unit("2-97")).assault = Some(f.hex("0204"));
    f.at(common::B, Stage::Assaults);
    f.s.queue = vec![f.hex("0204")];
    f.play("resolve 0204");
    for l in ["anstruther", "saint-clair"] {
        let x = fatigue(&f, l);
        assert!(x.check && x.close_combat, "{l}: {x:?}");
    }
}

/// The British Assault Phase with nothing left to resolve, Anstruther's brigade marked.
fn fatigue_phase(level: u8, close_combat: bool) -> Fx {
    let mut f = Fx::empty_of(ggame());
    f.put("2-97", "0203", Formation::Column, "S");
    f.put("gren-1-1", "0210", Formation::Column, "N");
    set_fatigue(
        &mut f,
        "anstruther",
        Fatigue {
            level,
            check: true,
            close_combat,
            recovering: false,
        },
    );
    f.at(common::B, Stage::Assaults);
    f.s.second = true;
    f.settle();
    f
}

#[test]
fn g22_1_a_fatigue_check_phase_follows_the_assault_phase() {
    let mut f = fatigue_phase(0, false);
    assert_eq!(f.s.stage, Stage::FatigueCheck);
    assert_eq!(f.to_act(), ToAct::Chance);
    assert!(
        f.log().contains("Fatigue Check Phase (G22.1)"),
        "{}",
        f.log()
    );
    f.d10(0);
    let x = fatigue(&f, "anstruther");
    assert_eq!(x.level, 1, "a 0 raises it");
    assert!(!x.check, "the marker comes off");
    assert!(f.log().contains("Fatigue Level 1 (G22.1)"), "{}", f.log());
    assert_ne!(f.s.stage, Stage::FatigueCheck, "the turn goes on");
    // A 1 does not.
    let mut f = fatigue_phase(0, false);
    f.d10(1);
    assert_eq!(fatigue(&f, "anstruther").level, 0);
}

#[test]
fn g22_1_close_combat_makes_a_one_raise_the_level_too() {
    let mut f = fatigue_phase(1, true);
    f.d10(1);
    assert_eq!(fatigue(&f, "anstruther").level, 2, "1 - 1 = 0");
    let mut f = fatigue_phase(1, true);
    f.d10(2);
    assert_eq!(fatigue(&f, "anstruther").level, 1);
}

#[test]
fn g22_2_level_three_is_the_worst() {
    let mut f = fatigue_phase(3, true);
    f.d10(0);
    assert_eq!(fatigue(&f, "anstruther").level, 3);
}

#[test]
fn g22_1_the_battalion_game_has_no_fatigue_check_phase() {
    let mut f = Fx::empty_of(super_battalion());
    f.put("2-97", "0203", Formation::Column, "S");
    f.put("gren-1-1", "0210", Formation::Column, "N");
    let l = f.leader("anstruther");
    f.s.leaders[l.ix()].fatigue.check = true;
    f.at(common::B, Stage::Assaults);
    f.s.second = true;
    f.settle();
    assert_ne!(f.s.stage, Stage::FatigueCheck);
    assert!(!f.log().contains("Fatigue"), "{}", f.log());
}

#[test]
fn g22_2_a_fatigued_brigade_fires_and_checks_worse() {
    let mut f = Fx::empty_of(ggame());
    f.put("1-50", "0302", Formation::Line, "E");
    f.put("gren-1-1", "0402", Formation::Column, "SW");
    let (from, to) = (f.hex("0302"), f.hex("0402"));
    let st = f.game.strength(&f.s, from).unwrap();
    let t = f.s.stack(to);
    let fresh = f.game.fire_odds(&f.s, from, to, &t, &st, false, 1);
    for (level, fsm, drm) in [(1, -1, -10), (2, -1, -15), (3, -2, -20)] {
        set_fatigue(
            &mut f,
            "fane",
            Fatigue {
                level,
                ..Fatigue::default()
            },
        );
        let tired = f.game.fire_odds(&f.s, from, to, &t, &st, false, 1);
        assert!(
            tired
                .modifiers
                .iter()
                .any(|m| m.rule == "G22.2" && m.value == fsm),
            "{:?}",
            tired.modifiers
        );
        assert_eq!(
            i32::from(tired.column),
            i32::from(fresh.column) + fsm as i32
        );
        let drms = f.game.stack_drm(&f.s, &[f.unit("1-50")]);
        assert!(
            drms.iter().any(|m| m.rule == "G22.2" && m.value == drm),
            "{drms:?}"
        );
    }
    // The other side's checks are untouched.
    assert!(
        f.game
            .stack_drm(&f.s, &[f.unit("gren-1-1")])
            .iter()
            .all(|m| m.rule != "G22.2")
    );
}

#[test]
fn g22_2_fatigued_cavalry_takes_three_spent_markers() {
    let mut f = Fx::empty_of(ggame());
    f.put("drag-3a", "0203", Formation::Column, "N");
    let u = f.unit("drag-3a");
    assert_eq!(f.game.spent_markers(&f.s, u), 2);
    set_fatigue(
        &mut f,
        "margaron",
        Fatigue {
            level: 1,
            ..Fatigue::default()
        },
    );
    assert_eq!(f.game.spent_markers(&f.s, u), 3);
}

/// The British Recovery Segment after the Rally Phase, nothing to rally or resupply.
fn recovery_phase(f: &mut Fx) {
    f.at(common::B, Stage::ArtillerySupply);
    f.settle();
}

#[test]
fn g22_3_a_brigade_in_recovery_loses_a_level_each_later_recovery_phase() {
    let mut f = Fx::empty_of(ggame());
    f.put("2-97", "0203", Formation::Column, "S");
    f.put("gren-1-1", "0210", Formation::Column, "N");
    set_fatigue(
        &mut f,
        "anstruther",
        Fatigue {
            level: 2,
            ..Fatigue::default()
        },
    );
    recovery_phase(&mut f);
    assert_eq!(f.s.stage, Stage::FatigueRecovery);
    assert!(f.can("recover anstruther"), "{:?}", f.legal_text());
    assert!(!f.can("recover fane"), "no fatigue, nothing to recover");
    f.play("recover anstruther");
    assert!(fatigue(&f, "anstruther").recovering);
    assert_eq!(fatigue(&f, "anstruther").level, 2, "not yet");
    assert!(!f.can("recover anstruther"));
    f.play("pass");
    assert_ne!(f.s.stage, Stage::FatigueRecovery, "on to the Fire Segment");
    // The next Recovery Phase: one level off.
    recovery_phase(&mut f);
    assert_eq!(fatigue(&f, "anstruther").level, 1);
    assert!(
        f.log().contains("recovers: Fatigue Level 1 (G22.3)"),
        "{}",
        f.log()
    );
    // And the next: 0, the marker off.
    recovery_phase(&mut f);
    let x = fatigue(&f, "anstruther");
    assert_eq!((x.level, x.recovering), (0, false));
    assert_ne!(f.s.stage, Stage::FatigueRecovery, "nothing left to decide");
}

#[test]
fn g22_2_the_brigade_game_needs_the_fatigue_chart() {
    let e = common::errors_of(
        |t| {
            t.replacen(
                "setup = \"historical\"\n",
                "setup = \"historical\"\nlevel = \"brigade\"\n",
                1,
            )
        },
        |c| {
            let start = c.find("[morale.fatigue]").unwrap();
            let end = start + c[start..].find("\n\n").unwrap();
            format!("{}{}", &c[..start], &c[end..])
        },
    );
    assert!(
        e.contains("the Brigade Game needs the Fatigue Chart (G22.2)"),
        "{e}"
    );
}

// ---------------------------------------------------------------------------------------------
// G18.2 Close-order columns, G18.4 the Closed Square.

use coupdoeil_ge::data::ColumnKind;

fn column_of(f: &Fx, id: &str) -> (Formation, Option<ColumnKind>) {
    let t = f.s.troop(f.unit(id));
    (t.formation, t.column)
}

/// A British move of 2-97 in `formation` (with `column`), at 0203 facing `facing`.
fn in_column(formation: Formation, column: Option<ColumnKind>, facing: &str) -> Fx {
    let mut f = gmoving(ggame(), &[("2-97", "0203", formation, facing)]);
    f.s.troop_mut(f.unit("2-97")).column = column;
    f.play("select 2-97");
    f
}

#[test]
fn g18_2_a_line_forms_any_of_the_three_columns() {
    for (text, kind) in [
        ("form close_column", ColumnKind::Close),
        ("form attack_column", ColumnKind::Attack),
        ("form division_mass", ColumnKind::DivisionMass),
    ] {
        let mut f = in_column(Formation::Line, None, "NNE");
        f.play(text);
        assert_eq!(column_of(&f, "2-97"), (Formation::Column, Some(kind)));
        assert_eq!(spent(&f), 2, "{text}: the authored 2 MP");
        assert!(f.log().contains(kind.title()), "{}", f.log());
    }
}

#[test]
fn g18_2_2_the_column_of_attack_and_division_mass_form_from_line_only() {
    let f = in_column(Formation::Column, None, "N");
    assert!(f.can("form close_column"));
    assert!(!f.can("form attack_column") && !f.can("form division_mass"));
    let mut f = in_column(Formation::Column, None, "N");
    f.play("form close_column");
    assert_eq!(spent(&f), 1, "closing up a column");
}

#[test]
fn g18_2_2_a_column_of_attack_changes_only_into_line_or_a_closed_square() {
    for kind in [ColumnKind::Attack, ColumnKind::DivisionMass] {
        let f = in_column(Formation::Column, Some(kind), "N");
        let forms: Vec<String> = f
            .legal_text()
            .into_iter()
            .filter(|t| t.starts_with("form"))
            .collect();
        assert_eq!(forms, ["form line", "form closed_square"], "{kind:?}");
        let mut f = in_column(Formation::Column, Some(kind), "N");
        f.play("form line");
        assert_eq!(column_of(&f, "2-97"), (Formation::Line, None));
    }
}

#[test]
fn g18_2_1_a_close_column_deploys_into_line_only_at_a_halt() {
    let f = in_column(Formation::Column, Some(ColumnKind::Close), "N");
    assert!(f.can("form line") && f.can("form square") && f.can("form column"));
    let mut f = in_column(Formation::Column, Some(ColumnKind::Close), "N");
    f.play(&format!("step {}", next(&f, "0203", EdgeDir::N)));
    assert!(!f.can("form line"), "not on the march");
    assert!(f.can("form column"));
    f.play("form column");
    assert_eq!(column_of(&f, "2-97"), (Formation::Column, None));
    assert_eq!(spent(&f), 2, "a step and 1 MP to open up");
}

#[test]
fn g18_1_1_close_order_columns_pay_one_mp_for_any_turn() {
    // The Open Column is not one of them: it turns as a Column does.
    let mut f = in_column(Formation::Column, Some(ColumnKind::Open), "N");
    f.play("face S");
    assert_eq!(spent(&f), 0);
    for kind in ColumnKind::CLOSE_ORDER {
        let mut f = in_column(Formation::Column, Some(kind), "N");
        f.play("face S");
        assert_eq!(spent(&f), 1, "{kind:?}: right about for 1");
        f.play(&format!("step {}", next(&f, "0203", EdgeDir::S)));
        f.play("face SE");
        assert_eq!(
            spent(&f),
            3,
            "{kind:?}: a step, then 1 more for a small turn"
        );
    }
}

#[test]
fn g18_4_a_closed_square_is_formed_and_left_for_nothing_and_does_not_move() {
    let mut f = in_column(Formation::Column, Some(ColumnKind::Close), "N");
    assert!(f.can("form closed_square"));
    f.play("form closed_square");
    assert_eq!(
        column_of(&f, "2-97"),
        (Formation::Square, Some(ColumnKind::Close))
    );
    assert_eq!(f.s.troop(f.unit("2-97")).facing.to_string(), "N", "kept");
    assert_eq!(spent(&f), 0);
    assert!(f.step_costs().is_empty(), "it does not move");
    let forms: Vec<String> = f
        .legal_text()
        .into_iter()
        .filter(|t| t.starts_with("form"))
        .collect();
    assert!(
        forms.is_empty(),
        "formed in this move, it stays until the move ends (ge-rulings 128): {forms:?}"
    );
    assert!(
        f.s.moving.is_none(),
        "nothing is left to it: the move is over"
    );
    assert_eq!(pending_dc(&f), None, "no Disorder Check");
    // Back out of it in a later move, for nothing, facing as before.
    let mut f = gmoving(ggame(), &[("2-97", "0203", Formation::Square, "N")]);
    f.s.troop_mut(f.unit("2-97")).column = Some(ColumnKind::Attack);
    f.play("select 2-97");
    let forms: Vec<String> = f
        .legal_text()
        .into_iter()
        .filter(|t| t.starts_with("form"))
        .collect();
    assert_eq!(forms, ["form attack_column"], "only back into its column");
    f.play("form attack_column");
    assert_eq!(
        column_of(&f, "2-97"),
        (Formation::Column, Some(ColumnKind::Attack))
    );
    assert_eq!(spent(&f), 0);
    f.play("end");
    assert_eq!(pending_dc(&f), None);
}

#[test]
fn g18_4_only_a_close_order_column_forms_a_closed_square() {
    let f = in_column(Formation::Column, None, "N");
    assert!(!f.can("form closed_square"));
    let f = in_column(Formation::Line, None, "NNE");
    assert!(!f.can("form closed_square"));
    // A hollow Square formed from a Close Column forgets the column.
    let mut f = in_column(Formation::Column, Some(ColumnKind::Close), "N");
    f.play("form square");
    assert_eq!(column_of(&f, "2-97"), (Formation::Square, None));
}

#[test]
fn g18_2_the_battalion_game_has_none_of_these_columns() {
    let mut f = gmoving(
        super_battalion(),
        &[("2-97", "0203", Formation::Line, "NNE")],
    );
    f.play("select 2-97");
    assert!(!f.can("form close_column") && !f.can("form attack_column"));
}

#[test]
fn g18_2_4_a_division_mass_fires_from_the_fs_2_column() {
    let mut f = Fx::empty_of(ggame());
    f.put("2-97", "0203", Formation::Column, "S");
    let c = f.hex("0203");
    let ordinary = f.game.strength(&f.s, c).unwrap().fs;
    f.s.troop_mut(f.unit("2-97")).column = Some(ColumnKind::DivisionMass);
    assert_eq!(f.game.strength(&f.s, c).unwrap().fs, 2);
    assert_ne!(ordinary, 2, "the ordinary Column fires from another column");
}

#[test]
fn g18_4_close_order_targets_take_their_own_fsm() {
    let mut f = Fx::empty_of(ggame());
    f.put("1-50", "0302", Formation::Line, "E");
    f.put("gren-1-1", "0402", Formation::Column, "SW");
    let (from, to) = (f.hex("0302"), f.hex("0402"));
    let st = f.game.strength(&f.s, from).unwrap();
    let t = f.s.stack(to);
    let mods = |f: &Fx| {
        f.game
            .fire_odds(&f.s, from, to, &t, &st, false, 1)
            .modifiers
            .into_iter()
            .map(|m| (m.what, m.value, m.rule))
            .collect::<Vec<_>>()
    };
    assert!(mods(&f).contains(&(
        "target in column".into(),
        1,
        "12.2.1 target formation".into()
    )));
    f.s.troop_mut(f.unit("gren-1-1")).column = Some(ColumnKind::Close);
    let m = mods(&f);
    assert!(
        m.contains(&("target in Close Column".into(), 2, "G18.2.1".into())),
        "{m:?}"
    );
    assert!(
        !m.iter().any(|x| x.0 == "target in column"),
        "instead of the Column's"
    );
    f.s.troop_mut(f.unit("gren-1-1")).formation = Formation::Square;
    let m = mods(&f);
    assert!(
        m.contains(&("target in Closed Square".into(), 3, "G18.4".into())),
        "{m:?}"
    );
}

#[test]
fn g18_2_the_brigade_game_needs_the_column_chart() {
    let e = common::errors_of(
        |t| {
            t.replacen(
                "setup = \"historical\"\n",
                "setup = \"historical\"\nlevel = \"brigade\"\n",
                1,
            )
        },
        |c| {
            let start = c.find("[movement.columns]").unwrap();
            let end = start + c[start..].find("\n\n").unwrap();
            format!("{}{}", &c[..start], &c[end..])
        },
    );
    assert!(
        e.contains("the Brigade Game needs the column changes' costs (G18.2)"),
        "{e}"
    );
}

// ---------------------------------------------------------------------------------------------
// G18.2.3 The Open Column, G18.3 the Quarter-Wheel.

#[test]
fn g18_2_3_changing_between_column_and_open_column_is_a_formation_change() {
    let mut f = in_column(Formation::Column, None, "N");
    f.play("form open_column");
    assert_eq!(
        column_of(&f, "2-97"),
        (Formation::Column, Some(ColumnKind::Open))
    );
    assert_eq!(spent(&f), 1, "the authored 1 MP");
    assert!(f.can("form column") && f.can("form line") && f.can("form square"));
    assert!(!f.can("form closed_square"), "not a close-order column");
    f.play("form column");
    assert_eq!(column_of(&f, "2-97"), (Formation::Column, None));
    assert_eq!(spent(&f), 2);
    f.play("end");
    assert_eq!(
        pending_dc(&f),
        Some(-5),
        "two formation changes: a check at -5 (B9.4)"
    );
}

#[test]
fn g18_2_3_a_stack_of_more_than_7_sp_may_not_form_open_column() {
    // 2-97 alone (7 SP) may.
    let f = in_column(Formation::Column, None, "N");
    assert!(f.can("form open_column"));
    // With 1-50 in the hex too, no.
    let mut f = gmoving(
        ggame(),
        &[
            ("2-97", "0203", Formation::Column, "N"),
            ("1-50", "0203", Formation::Column, "N"),
        ],
    );
    f.play("select 1-50");
    assert!(!f.can("form open_column"), "{:?}", f.legal_text());
    let mut f = gmoving(
        ggame(),
        &[
            ("2-97", "0203", Formation::Line, "NNE"),
            ("1-50", "0203", Formation::Line, "NNE"),
        ],
    );
    f.play("select 1-50");
    assert!(!f.can("quarter-wheel right"), "nor quarter-wheel into one");
}

#[test]
fn g18_3_a_line_quarter_wheels_into_open_column_and_back_for_1_mp() {
    let mut f = in_column(Formation::Line, None, "NNE");
    assert!(f.can("quarter-wheel left") && f.can("quarter-wheel right"));
    f.play("quarter-wheel right");
    assert_eq!(
        column_of(&f, "2-97"),
        (Formation::Column, Some(ColumnKind::Open))
    );
    assert_eq!(
        f.s.troop(f.unit("2-97")).facing.to_string(),
        "SE",
        "a quarter turn"
    );
    assert_eq!(spent(&f), 1);
    f.play("quarter-wheel left");
    assert_eq!(column_of(&f, "2-97"), (Formation::Line, None));
    assert_eq!(f.s.troop(f.unit("2-97")).facing.to_string(), "NNE");
    assert_eq!(spent(&f), 2);
    // The ordinary Column has no Quarter-Wheel.
    let f = in_column(Formation::Column, None, "N");
    assert!(!f.can("quarter-wheel right"));
}

#[test]
fn g18_3_an_open_column_quarter_wheels_into_line() {
    let mut f = in_column(Formation::Column, Some(ColumnKind::Open), "N");
    f.play("quarter-wheel left");
    assert_eq!(column_of(&f, "2-97"), (Formation::Line, None));
    assert_eq!(f.s.troop(f.unit("2-97")).facing.to_string(), "W");
    assert_eq!(spent(&f), 1, "instead of the Column's cost into Line");
}

#[test]
fn g18_2_3_fire_at_an_open_column_takes_its_marker_fsm() {
    let mut f = Fx::empty_of(ggame());
    f.put("1-50", "0302", Formation::Line, "E");
    f.put("gren-1-1", "0402", Formation::Column, "SW");
    f.s.troop_mut(f.unit("gren-1-1")).column = Some(ColumnKind::Open);
    let (from, to) = (f.hex("0302"), f.hex("0402"));
    let st = f.game.strength(&f.s, from).unwrap();
    let t = f.s.stack(to);
    let o = f.game.fire_odds(&f.s, from, to, &t, &st, false, 1);
    assert!(
        o.modifiers
            .iter()
            .any(|m| m.what == "target in Open Column" && m.value == 1 && m.rule == "G18.2.3"),
        "{:?}",
        o.modifiers
    );
}

// ---------------------------------------------------------------------------------------------
// G18.5.1 Passage of Lines.

/// 2-97 (in `mover`) moves from 0203 through 0204, where 2-95 stands in `standing`, to 0205.
fn pass_through(game: GloryEmpire, mover: Formation, standing: Formation) -> Fx {
    let facing = if mover == Formation::Line { "SSE" } else { "S" };
    let mut f = gmoving(
        game,
        &[
            (
                "2-95",
                "0204",
                standing,
                if standing == Formation::Line {
                    "SSE"
                } else {
                    "S"
                },
            ),
            ("2-97", "0203", mover, facing),
        ],
    );
    f.play("select 2-97");
    f.play("step 0204");
    f.play("step 0205");
    f
}

#[test]
fn g18_5_1_a_line_passing_through_close_order_friends_takes_a_disorder_check() {
    let mut f = pass_through(ggame(), Formation::Line, Formation::Column);
    assert_eq!(f.cell_of("2-97").as_deref(), Some("0205"));
    assert!(
        f.s.pending.is_empty(),
        "the Column passed through takes no check"
    );
    f.play("end");
    assert_eq!(pending_dc(&f), Some(0), "a check with no DRM of its own");
    // Ending the move among them is no passage.
    let mut f = gmoving(
        ggame(),
        &[
            ("2-95", "0204", Formation::Line, "SSE"),
            ("2-97", "0203", Formation::Line, "SSE"),
        ],
    );
    f.play("select 2-97");
    f.play("step 0204");
    f.play("end");
    assert_eq!(pending_dc(&f), None);
}

#[test]
fn g18_5_1_a_line_that_close_order_friends_pass_through_takes_a_disorder_check() {
    let mut f = pass_through(ggame(), Formation::Column, Formation::Line);
    match f.s.pending.last() {
        Some(Frame::Check(c)) => {
            assert_eq!(c.kind, coupdoeil_ge::state::CheckKind::Disorder);
            assert_eq!(c.units, vec![f.unit("2-95")]);
        }
        other => panic!("no check: {other:?}"),
    }
    f.d100(10);
    assert_eq!(
        f.morale_of("2-95"),
        coupdoeil_ge::state::Morale::Disorder,
        "10 is not above MV 25"
    );
    assert_eq!(
        f.cell_of("2-97").as_deref(),
        Some("0205"),
        "the move went on"
    );
    f.play("end");
    assert_eq!(pending_dc(&f), None, "a Column passing through owes none");
}

#[test]
fn g18_5_1_the_battalion_game_has_no_passage_of_lines_checks() {
    let mut f = pass_through(super_battalion(), Formation::Column, Formation::Line);
    assert!(f.s.pending.is_empty());
    f.play("end");
    assert_eq!(pending_dc(&f), None);
}

// ---------------------------------------------------------------------------------------------
// G18.7 Cavalry skirmishers.

/// The test scenario's dragoons (first half) with an SeT exponent of 1 at full strength.
fn dragoon_skirmishers(level: &str) -> Result<GloryEmpire, String> {
    let edit = |t: &str| {
        t.replacen(
            "setup = \"historical\"\n",
            &format!("setup = \"historical\"\nlevel = \"{level}\"\n"),
            1,
        )
        .replacen(
            "steps = [{ sp = 6, mv = 30, cvm = 2 }",
            "steps = [{ sp = 6, set = 1, mv = 30, cvm = 2 }",
            1,
        )
    };
    let e = common::errors_of(edit, |c| c.to_string());
    if e.is_empty() {
        Ok(common::game_from(edit, |c| c.to_string()))
    } else {
        Err(e)
    }
}

#[test]
fn g18_7_cavalry_deploys_its_skirmishers_and_fires_with_them() {
    let mut f = Fx::empty_of(dragoon_skirmishers("brigade").unwrap());
    f.put("drag-3a", "0205", Formation::Line, "NNE");
    f.at(common::F, Stage::Movement);
    f.play("select drag-3a");
    assert!(f.can("skirmish 1"), "{:?}", f.legal_text());
    assert!(!f.can("skirmish 2"), "its exponent is 1");
    f.play("skirmish 1");
    assert_eq!(f.s.troop(f.unit("drag-3a")).skirmishers, 1);
    let st = f
        .game
        .strength(&f.s, f.hex("0205"))
        .expect("its skirmishers fire");
    assert_eq!((st.fs, st.skirmish), (1, true));
    // Without them the cavalry fires not at all.
    f.s.troop_mut(f.unit("drag-3a")).skirmishers = 0;
    assert!(f.game.strength(&f.s, f.hex("0205")).is_none());
}

#[test]
fn g18_7_cavalry_with_skirmishers_out_may_not_charge() {
    let mut f = Fx::empty_of(dragoon_skirmishers("brigade").unwrap());
    f.put("drag-3a", "0205", Formation::Line, "NNE");
    f.put("2-97", "0204", Formation::Line, "SSE");
    let units = [f.unit("drag-3a")];
    let (from, target) = (f.hex("0205"), f.hex("0204"));
    assert!(f.game.may_charge(&f.s, &units, from, target));
    let movers = [f.unit("2-97")];
    assert!(
        f.game
            .may_reaction_charge(&f.s, &units, from, target, &movers)
    );
    f.s.troop_mut(f.unit("drag-3a")).skirmishers = 1;
    assert!(!f.game.may_charge(&f.s, &units, from, target));
    assert!(
        !f.game
            .may_reaction_charge(&f.s, &units, from, target, &movers)
    );
}

#[test]
fn g18_7_only_the_brigade_game_gives_cavalry_skirmishers() {
    let Err(e) = dragoon_skirmishers("battalion") else {
        panic!("cavalry skirmishers loaded in the Battalion Game");
    };
    assert!(e.contains("en Tirailleurs"), "{e}");
}

// ---------------------------------------------------------------------------------------------
// G18.5.3 Refused Flanks.

use coupdoeil_ge::data::Arc;

fn arcs_of(f: &Fx, id: &str) -> [Arc; 6] {
    f.game.unit_arcs(&f.s, f.unit(id))
}

#[test]
fn g18_5_3_refusing_a_flank_costs_1_mp_and_turns_it_to_the_front() {
    let mut f = in_column(Formation::Line, None, "NNE");
    // A Line facing NNE: front N and NE, flanks SE (right) and NW (left), rear S and SW.
    assert_eq!(
        arcs_of(&f, "2-97"),
        [
            Arc::Front,
            Arc::Front,
            Arc::Flank,
            Arc::Rear,
            Arc::Rear,
            Arc::Flank
        ]
    );
    assert!(f.can("refuse right") && f.can("refuse left"));
    f.play("refuse right");
    assert_eq!(spent(&f), 1);
    // Three front, two flank, one rear.
    assert_eq!(
        arcs_of(&f, "2-97"),
        [
            Arc::Front,
            Arc::Front,
            Arc::Front,
            Arc::Flank,
            Arc::Rear,
            Arc::Flank
        ]
    );
    assert!(
        f.log().contains("refuses a flank for 1 MP (G18.5.3)"),
        "{}",
        f.log()
    );
    // It may not move, turn, change formation or refuse its other flank too (ruling 120).
    assert!(f.step_costs().is_empty());
    let legal = f.legal_text();
    assert!(
        !legal
            .iter()
            .any(|t| t.starts_with("face") || t.starts_with("form") || t == "refuse left"),
        "{legal:?}"
    );
    // It may bring the flank back, for 1 MP more, and move on.
    f.play("refuse right");
    assert_eq!(spent(&f), 2);
    assert_eq!(f.s.troop(f.unit("2-97")).refused, 0);
    assert!(!f.step_costs().is_empty());
}

#[test]
fn g18_5_3_who_may_not_refuse_a_flank() {
    // Not with a friend in the hex beyond that flank.
    let mut f = gmoving(ggame(), &[("2-97", "0203", Formation::Line, "NNE")]);
    let beyond = next(&f, "0203", EdgeDir::SE);
    f.put("2-95", &beyond, Formation::Column, "N");
    f.play("select 2-97");
    assert!(!f.can("refuse right") && f.can("refuse left"));
    // Not with skirmishers out.
    let mut f = in_column(Formation::Line, None, "NNE");
    f.play("skirmish 1");
    assert!(!f.can("refuse right") && !f.can("refuse left"));
    // Not stacked with artillery.
    let mut f = gmoving(
        ggame(),
        &[
            ("robe", "0203", Formation::Unlimbered, "N"),
            ("2-97", "0203", Formation::Line, "NNE"),
        ],
    );
    f.play("select 2-97");
    f.play("drop robe");
    assert!(!f.can("refuse right"), "{:?}", f.legal_text());
    // Only a Line; and only in the Brigade Game.
    let f = in_column(Formation::Column, None, "N");
    assert!(!f.can("refuse right"));
    let mut f = gmoving(
        super_battalion(),
        &[("2-97", "0203", Formation::Line, "NNE")],
    );
    f.play("select 2-97");
    assert!(!f.can("refuse right"));
}

#[test]
fn g18_5_3_a_refused_line_fires_through_each_of_its_fronts() {
    // Figure 47 (missing): FS 1 through the refused hexside, FS less 1 through the old front.
    let mut f = Fx::empty_of(ggame());
    f.put("1-50", "0303", Formation::Line, "NNE");
    f.s.troop_mut(f.unit("1-50")).refused = coupdoeil_ge::refused::RIGHT;
    let ahead = next(&f, "0303", EdgeDir::N);
    let right = next(&f, "0303", EdgeDir::SE);
    f.put("gren-1-1", &ahead, Formation::Column, "S");
    f.put("gren-1-2", &right, Formation::Column, "NW");
    let from = f.hex("0303");
    let st = f.game.strength(&f.s, from).unwrap();
    let fs = i16::from(st.fs);
    let mods = |f: &Fx, to: coupdoeil_ge::Cell| {
        let t = f.s.stack(to);
        f.game
            .fire_odds(&f.s, from, to, &t, &st, false, 1)
            .modifiers
            .into_iter()
            .filter(|m| m.rule == "G18.5.3")
            .map(|m| m.value)
            .collect::<Vec<i16>>()
    };
    assert_eq!(
        mods(&f, f.hex(&ahead)),
        vec![-1],
        "the old front, one refused flank"
    );
    assert_eq!(
        mods(&f, f.hex(&right)),
        vec![1 - fs],
        "the refused hexside at FS 1"
    );
    // Two attacks in the segment, one through each.
    f.at(common::B, Stage::Fire);
    f.play(&format!("fire 0303 {ahead}"));
    f.d100(50);
    assert!(f.can(&format!("fire 0303 {right}")), "{:?}", f.legal_text());
    assert!(!f.can(&format!("fire 0303 {ahead}")));
    f.play(&format!("fire 0303 {right}"));
    f.d100(50);
    assert!(!f.legal_text().iter().any(|t| t.starts_with("fire 0303")));
}

#[test]
fn g18_5_3_an_attack_through_a_refused_flank_takes_the_refused_flank_cvm() {
    for refused in [false, true] {
        let mut f = Fx::empty_of(ggame());
        f.put("gren-1-1", "0204", Formation::Line, "NNE");
        if refused {
            f.s.troop_mut(f.unit("gren-1-1")).refused = coupdoeil_ge::refused::RIGHT;
        }
        let from = next(&f, "0204", EdgeDir::SE);
        f.put("2-97", &from, Formation::Column, "NW");
        f.s.troop_mut(f.unit("2-97")).assault = Some(f.hex("0204"));
        f.at(common::B, Stage::Assaults);
        f.s.queue = vec![f.hex("0204")];
        f.play("resolve 0204");
        let Some(Frame::Combat(c)) =
            f.s.pending
                .iter()
                .rev()
                .find(|x| matches!(x, Frame::Combat(_)))
                .cloned()
        else {
            panic!("no combat");
        };
        let (_, _, mods) = f.game.cold_steel_totals(&f.s, &c, 5, 5);
        let whats: Vec<(String, i16)> = mods.into_iter().map(|m| (m.what, m.value)).collect();
        if refused {
            assert!(
                whats.contains(&("through the defender's refused flank".into(), 1)),
                "{whats:?}"
            );
            assert!(
                !whats.iter().any(|w| w.0 == "through the defender's flank"),
                "{whats:?}"
            );
        } else {
            assert!(
                whats.iter().any(|w| w.0 == "through the defender's flank"),
                "{whats:?}"
            );
        }
    }
}

#[test]
fn g18_5_3_a_forced_retreat_removes_the_markers() {
    let mut f = Fx::empty_of(ggame());
    f.put("2-97", "0203", Formation::Line, "NNE");
    f.s.troop_mut(f.unit("2-97")).refused = coupdoeil_ge::refused::LEFT;
    f.morale("2-97", coupdoeil_ge::state::Morale::Disorder);
    // A fire result with a failed Morale Check: Shaken, one hex back (8.4).
    f.driven_back("0203");
    assert!(
        matches!(f.s.pending.last(), Some(Frame::Retreat(_))),
        "{:?}",
        f.s.pending.last()
    );
    f.first_retreats();
    assert_ne!(f.cell_of("2-97").as_deref(), Some("0203"), "it retreated");
    assert_eq!(f.s.troop(f.unit("2-97")).refused, 0);
}

#[test]
fn g22_2_and_g18_2_malformed_brigade_charts_are_errors() {
    let brigade = |t: &str| {
        t.replacen(
            "setup = \"historical\"\n",
            "setup = \"historical\"\nlevel = \"brigade\"\n",
            1,
        )
    };
    let e = common::errors_of(brigade, |c| {
        c.replacen("fsm = [-1, -1, -2]", "fsm = [-1, -1]", 1)
    });
    assert!(
        e.contains("fsm and mc give one value for each level, 1 to 3"),
        "{e}"
    );
    let e = common::errors_of(brigade, |c| {
        c.replacen(
            "line_to = { close_column = 2, attack_column = 2, division_mass = 2 }",
            "line_to = { close_column = 2, attack_column = 2, open_column = 2 }",
            1,
        )
    });
    assert!(e.contains("movement.columns"), "{e}");
}

#[test]
fn g18_5_3_a_refused_line_reacts_only_by_bringing_its_flanks_back() {
    let mut f = Fx::empty_of(ggame());
    f.put("2-97", "0203", Formation::Line, "SSE");
    f.s.troop_mut(f.unit("2-97")).refused = coupdoeil_ge::refused::RIGHT;
    f.put("drag-3a", "0206", Formation::Column, "N");
    f.at(common::F, Stage::Movement);
    f.play("select drag-3a");
    f.play("step 0205");
    assert!(f.can("react-square 0203"), "{:?}", f.legal_text());
    let a = f.game.parse_action("react-square 0203").unwrap();
    assert!(
        f.game
            .describe_action(&f.s, &a)
            .contains("refused flank back (G18.5.3)")
    );
    f.play("react-square 0203");
    while f.to_act() == ToAct::Chance {
        f.d100(99);
    }
    let t = f.s.troop(f.unit("2-97"));
    assert_eq!(
        (t.formation, t.refused),
        (Formation::Line, 0),
        "markers off, no Square"
    );
    assert!(
        f.log().contains("brings its refused flank back"),
        "{}",
        f.log()
    );
}
