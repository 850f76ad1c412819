//! G19 Artillery in the Brigade Game: the rounds of G19.1 (their Fire Strengths, range bands
//! and Ammunition Sheet boxes), the resupply of G19.3.1 as the Vimeiro scenarios play it
//! (ge-rulings 124) and G19.4 Breakdown, each from small positions on the test scenario played
//! at the Brigade level, with forced dice.
//!
//! Robe's battery in the test data: British 6-pounders (row gb6: Point Blank to 2 hexes, Round
//! Shot to 7, Shell effective to 5 and long to 7, Canister point blank 1 and effective to 3),
//! Round Shot FS 4, Canister FS 6, Shell FS 1 at full strength; 10 Round Shot, 4 Shell, 4
//! Canister and 2 Shrapnel boxes. Kellermann's guns (fr8) have no Shrapnel.

mod common;
use common::{B, F, Fx};
use coupdoeil_engine::{Game, Viewer};
use coupdoeil_ge::GloryEmpire;
use coupdoeil_ge::artillery::Round;
use coupdoeil_ge::data::Formation;
use coupdoeil_ge::event::Event;
use coupdoeil_ge::state::{Frame, Morale, Stage};

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

/// The test scenario as the Battalion Game.
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

/// Robe's guns unlimbered in 0302 facing E, grenadiers in column in `at` (0402 is one hex
/// away, 1002 seven), the 1/50th in Line in 0503, at the start of the British Fire Segment.
fn guns_at(game: GloryEmpire, at: &str) -> Fx {
    let mut f = Fx::empty_of(game);
    f.put("robe", "0302", Formation::Unlimbered, "E");
    f.put("gren-1-1", at, Formation::Column, "SW");
    // Another British stack able to fire at 0502, so that the segment stays open.
    f.put("1-50", "0503", Formation::Line, "NE");
    f.at(B, Stage::Fire);
    f
}

/// The rounds Robe's guns may fire at `at`.
fn rounds_at(f: &Fx, at: &str) -> Vec<String> {
    let prefix = format!("fire 0302 {at} ");
    f.legal_text()
        .into_iter()
        .filter_map(|t| t.strip_prefix(&prefix).map(str::to_string))
        .collect()
}

/// The last fire declared: its FS, its column and its modifiers as "what value".
fn declared(f: &Fx) -> (u8, u8, Vec<String>) {
    f.events
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::FireDeclared {
                fs,
                column,
                modifiers,
                ..
            } => Some((
                *fs,
                *column,
                modifiers
                    .iter()
                    .map(|m| format!("{} {:+}", m.what, m.value))
                    .collect(),
            )),
            _ => None,
        })
        .expect("a fire declared")
}

fn used(f: &Fx, id: &str) -> [u8; 4] {
    f.s.troop(f.unit(id)).used
}

// ---------------------------------------------------------------------------------------------
// G19.1 Artillery Rounds.

#[test]
fn g19_1_a_battery_names_the_round_it_fires() {
    let f = guns_at(ggame(), "0502");
    assert_eq!(
        rounds_at(&f, "0502"),
        vec!["round_shot", "shell", "canister", "shrapnel"]
    );
    assert!(
        !f.can("fire 0302 0502"),
        "a Brigade battery fires a named round"
    );
    // The Battalion Game's battery fires without naming one.
    let f = guns_at(bgame(), "0502");
    assert!(f.can("fire 0302 0502"));
    assert!(rounds_at(&f, "0502").is_empty());
}

#[test]
fn g19_1_canister_range() {
    // Canister's Effective band ends at 3 hexes: its maximum range.
    let f = guns_at(ggame(), "0602");
    assert!(rounds_at(&f, "0602").contains(&"canister".to_string()));
    let f = guns_at(ggame(), "0702");
    assert_eq!(
        rounds_at(&f, "0702"),
        vec!["round_shot", "shell", "shrapnel"]
    );
}

#[test]
fn g19_1_round_shot_and_shell_reach_the_end_of_their_long_band() {
    let f = guns_at(ggame(), "1002");
    assert_eq!(
        rounds_at(&f, "1002"),
        vec!["round_shot", "shell", "shrapnel"]
    );
    let f = guns_at(ggame(), "1102");
    assert!(rounds_at(&f, "1102").is_empty(), "8 hexes: beyond them all");
}

#[test]
fn g19_1_each_round_fires_at_its_own_fs_and_bands() {
    // One hex: Point Blank for Canister (the +2 band shift); two: Effective for Canister
    // and Shell (no shift), still Point Blank for Round Shot.
    let mut f = guns_at(ggame(), "0402");
    f.play("fire 0302 0402 canister");
    let (fs, column, mods) = declared(&f);
    assert_eq!(fs, 6, "the Canister FS");
    assert!(
        mods.contains(&"Canister, point blank range (1 hexes) +2".to_string()),
        "{mods:?}"
    );
    assert_eq!(column, 6 + 2 + 1, "and +1 for a column target");
    let mut f = guns_at(ggame(), "0502");
    f.play("fire 0302 0502 canister");
    let (fs, column, mods) = declared(&f);
    assert_eq!((fs, column), (6, 7), "{mods:?}");
    let mut f = guns_at(ggame(), "0502");
    f.play("fire 0302 0502 round_shot");
    let (fs, _, mods) = declared(&f);
    assert_eq!(fs, 4, "the Round Shot FS");
    assert!(mods.contains(&"Round Shot, point blank range (2 hexes) +2".to_string()));
    let mut f = guns_at(ggame(), "0502");
    f.play("fire 0302 0502 shell");
    let (fs, column, mods) = declared(&f);
    assert_eq!(fs, 1, "the Shell FS");
    assert!(!mods.iter().any(|m| m.contains("range")), "{mods:?}");
    assert_eq!(column, 2);
    // Seven hexes: Long for Round Shot (-2); six: Long for Shell, whose Effective band ends at
    // five.
    let mut f = guns_at(ggame(), "1002");
    f.play("fire 0302 1002 round_shot");
    assert!(
        declared(&f)
            .2
            .contains(&"Round Shot, long range (7 hexes) -2".to_string())
    );
    let mut f = guns_at(ggame(), "0902");
    f.play("fire 0302 0902 shell");
    assert!(
        declared(&f)
            .2
            .contains(&"Shell, long range (6 hexes) -2".to_string())
    );
    let mut f = guns_at(ggame(), "0802");
    f.play("fire 0302 0802 shell");
    assert!(!declared(&f).2.iter().any(|m| m.contains("range")));
}

#[test]
fn g19_1_a_battery_reduced_fires_its_reduced_fs() {
    let mut f = guns_at(ggame(), "0402");
    f.steps("robe", 1);
    f.play("fire 0302 0402 canister");
    assert_eq!(declared(&f).0, 4, "the reduced side's Canister FS");
}

#[test]
fn g19_1_each_attack_marks_off_one_box_of_its_round() {
    let mut f = guns_at(ggame(), "0502");
    f.play("fire 0302 0502 canister");
    f.d100(50);
    assert_eq!(used(&f, "robe"), [0, 0, 1, 0]);
    assert!(
        f.log()
            .contains("Robe's battery marks off a Canister box: 3 left (G19.1)"),
        "{}",
        f.log()
    );
    // With no Canister box left, Canister is no longer offered; the other rounds are.
    let mut f = guns_at(ggame(), "0502");
    f.s.troop_mut(f.unit("robe")).used = [0, 0, 4, 0];
    assert_eq!(
        rounds_at(&f, "0502"),
        vec!["round_shot", "shell", "shrapnel"]
    );
    // With no box of any round left the battery is Out of Ammo and does not fire.
    let mut f = guns_at(ggame(), "0502");
    f.s.troop_mut(f.unit("robe")).used = [10, 4, 4, 2];
    assert!(rounds_at(&f, "0502").is_empty());
    assert!(f.game.out_of_ammo(&f.s, f.unit("robe")));
    f.s.troop_mut(f.unit("robe")).used = [10, 4, 4, 1];
    assert!(!f.game.out_of_ammo(&f.s, f.unit("robe")));
    assert_eq!(rounds_at(&f, "0502"), vec!["shrapnel"]);
}

#[test]
fn g19_1_the_battalion_ammunition_roll_is_not_made() {
    // A fire roll of 00 would put a Battalion battery on Low Ammo (B7.9.3); the Brigade
    // battery only marks off its box (ge-rulings 121).
    let mut f = guns_at(ggame(), "0502");
    f.play("fire 0302 0502 round_shot");
    f.d100(0);
    assert_eq!(f.s.troop(f.unit("robe")).ammo, 0);
    assert_eq!(used(&f, "robe"), [1, 0, 0, 0]);
    assert!(!f.log().contains("Low Ammo"), "{}", f.log());
}

#[test]
fn g19_1_shrapnel_is_british_and_its_checks_take_the_shrapnel_drm() {
    // Kellermann's guns have no Shrapnel on their sheet.
    let mut f = Fx::empty_of(ggame());
    f.put("fr-guns", "0502", Formation::Unlimbered, "W");
    f.put("1-50", "0302", Formation::Line, "E");
    f.at(F, Stage::Fire);
    let fire: Vec<String> = f
        .legal_text()
        .into_iter()
        .filter(|t| t.starts_with("fire 0502"))
        .collect();
    assert_eq!(
        fire,
        vec![
            "fire 0502 0302 round_shot",
            "fire 0502 0302 shell",
            "fire 0502 0302 canister"
        ]
    );
    // Robe's Shrapnel fires at the Round Shot FS; a result that calls for a check calls for
    // it with the Shrapnel Shell Attack DRM (-5) more than Round Shot's would.
    let mut f = guns_at(ggame(), "0502");
    f.play("fire 0302 0502 shrapnel");
    let (fs, column, _) = declared(&f);
    assert_eq!(fs, 4);
    let chart = f.game.data.charts.fire[usize::from(column)].clone();
    let roll = (0..=99)
        .find(|&r| chart.result(r).mc)
        .expect("a roll with a check");
    f.d100(roll);
    let got = f.s.fire_results.last().expect("a noted result").result;
    assert!(got.mc);
    assert_eq!(
        got.drm,
        chart.result(roll).drm + f.game.data.charts.fsm.shrapnel_mc
    );
    assert_eq!(f.game.data.charts.fsm.shrapnel_mc, -5);
    assert_eq!(used(&f, "robe"), [0, 0, 0, 1]);
    let mut f = guns_at(ggame(), "0502");
    f.play("fire 0302 0502 round_shot");
    f.d100(roll);
    assert_eq!(
        f.s.fire_results.last().unwrap().result.drm,
        chart.result(roll).drm
    );
}

#[test]
fn g19_1_where_no_round_is_named_the_strongest_fires() {
    // Reaction, Offensive and Defensive Fire name no round: the battery fires its strongest,
    // never Shrapnel (ge-rulings 122).
    let mut f = guns_at(ggame(), "0402");
    let robe = f.unit("robe");
    assert_eq!(f.game.default_round(&f.s, robe), Some(Round::Canister));
    let st = f.game.strength(&f.s, f.hex("0302")).unwrap();
    assert_eq!((st.fs, st.range, st.round), (6, 3, Some(Round::Canister)));
    f.s.troop_mut(robe).used = [0, 0, 4, 0];
    assert_eq!(f.game.default_round(&f.s, robe), Some(Round::RoundShot));
    f.s.troop_mut(robe).used = [10, 0, 4, 0];
    assert_eq!(f.game.default_round(&f.s, robe), Some(Round::Shell));
    f.s.troop_mut(robe).used = [10, 4, 4, 0];
    assert_eq!(
        f.game.default_round(&f.s, robe),
        None,
        "Shrapnel must be named"
    );
}

#[test]
fn g19_1_reaction_fire_marks_off_the_round_it_fires() {
    // French grenadiers walk up to 0402, next to Robe's guns; the guns react with Canister.
    let mut f = Fx::empty_of(ggame());
    f.put("robe", "0302", Formation::Unlimbered, "E");
    f.put("gren-1-1", "0602", Formation::Column, "W");
    f.at(F, Stage::Movement);
    f.play("select gren-1-1");
    f.play("step 0502");
    f.play("step 0402");
    f.d100(95); // the check to enter the guns' ZOC (10.1) passes
    f.play("react-fire 0302");
    let (fs, _, _) = declared(&f);
    assert_eq!(fs, 6, "{}", f.log());
    f.d100(50);
    assert_eq!(used(&f, "robe"), [0, 0, 1, 0], "{}", f.log());
}

#[test]
fn g19_1_the_fire_notation_names_the_round_and_parses_back() {
    let g = ggame();
    for text in ["fire 0302 0502 canister", "fire 0302 0502 shrapnel"] {
        let a = g.parse_action(text).unwrap();
        assert_eq!(g.action_notation(&a), text);
    }
    let e = g.parse_action("fire 0302 0502 grape").unwrap_err();
    assert!(e.contains("not a round"), "{e}");
}

#[test]
fn g19_1_the_ammunition_sheet_is_its_owners() {
    let mut f = guns_at(ggame(), "0502");
    f.play("fire 0302 0502 round_shot");
    f.d100(50);
    let seen = |v: Viewer| {
        f.game
            .observation(&f.s, v)
            .units
            .into_iter()
            .find(|u| u.id == "robe")
            .unwrap()
            .rounds
    };
    assert_eq!(seen(Viewer::Side(B)), vec![9, 4, 4, 2]);
    assert_eq!(seen(Viewer::Referee), vec![9, 4, 4, 2]);
    assert!(seen(Viewer::Side(F)).is_empty());
    assert!(seen(Viewer::Spectator).is_empty());
    let marked = f
        .events
        .iter()
        .find(|e| matches!(e, Event::RoundFired { .. }))
        .unwrap();
    assert!(f.game.event_visible(marked, Viewer::Side(B)));
    assert!(!f.game.event_visible(marked, Viewer::Side(F)));
}

#[test]
fn g19_1_the_brigade_game_needs_the_sheet_and_the_bands() {
    let brigade = |t: &str| {
        t.replacen(
            "setup = \"historical\"\n",
            "setup = \"historical\"\nlevel = \"brigade\"\n",
            1,
        )
    };
    let e = common::errors_of(
        |t| {
            brigade(t).replacen(
                "ammunition = { round_shot = 10, shell = 4, canister = 4, shrapnel = 2 }\n",
                "",
                1,
            )
        },
        |c| c.to_string(),
    );
    assert!(e.contains("Ammunition Sheet line (G19.1)"), "{e}");
    let e = common::errors_of(brigade, |c| {
        c.replacen(
            "brigade = { round_shot = [2, 5, 7], shell = [5, 7], canister = [1, 3] }\n",
            "",
            1,
        )
    });
    assert!(e.contains("Brigade Artillery Chart bands"), "{e}");
    let e = common::errors_of(brigade, |c| {
        c.replacen("round_shot = [2, 5, 7]", "round_shot = [5, 2, 7]", 1)
    });
    assert!(e.contains("in order"), "{e}");
    // The Battalion Game needs neither.
    let e = common::errors_of(
        |t| {
            t.replacen(
                "ammunition = { round_shot = 10, shell = 4, canister = 4, shrapnel = 2 }\n",
                "",
                1,
            )
        },
        |c| c.to_string(),
    );
    assert_eq!(e, "");
    // Only artillery has a Canister FS.
    let e = common::errors_of(
        |t| {
            t.replacen(
                "{ sp = 5, mv = 30, cvm = 2 }",
                "{ sp = 5, mv = 30, cvm = 2, canister_fs = 1 }",
                1,
            )
        },
        |c| c.to_string(),
    );
    assert!(
        e.contains("only artillery has a Canister or Shell FS"),
        "{e}"
    );
}

#[test]
fn g19_1_the_shipped_brigade_scenario_has_a_sheet_for_every_battery() {
    let g = common::shipped_vimeiro_brigade();
    let mut n = 0;
    for t in &g.data.troops {
        if t.gun.is_some() {
            n += 1;
            let sheet = t.sheet.expect("a sheet line");
            assert!(sheet[Round::RoundShot.ix()] > 0, "{}", t.id);
            assert!(t.steps.iter().all(|v| v.canister_fs > 0), "{}", t.id);
            assert_eq!(
                sheet[Round::Shrapnel.ix()] > 0,
                t.side == B,
                "Shrapnel for the British only: {}",
                t.id
            );
        }
    }
    assert_eq!(n, 9);
}

// ---------------------------------------------------------------------------------------------
// G19.3.1 Ammunition Resupply, through the Battalion Game's Artillery Resupply Phase
// (ge-rulings 124).

/// Robe's guns limbered on the road in 0304, its sheet marked `used`, at the start of the
/// British Recovery Segment, with a British Supply Source at 0104.
fn resupply_phase(used: [u8; 4]) -> Fx {
    let game = ggame_with(|t| t + "\n[[supply]]\nside = \"british\"\nat = [\"0104\"]\n");
    let mut f = Fx::empty_of(game);
    f.put("robe", "0304", Formation::RoadColumn, "W");
    f.s.troop_mut(f.unit("robe")).used = used;
    f.put("gren-1-1", "0808", Formation::Column, "SW");
    f.at(B, Stage::Rally);
    f.s.queue.clear();
    f.settle();
    f
}

#[test]
fn g19_3_1_a_battery_out_of_round_shot_or_shell_resupplies_all_but_shrapnel() {
    let mut f = resupply_phase([10, 1, 2, 1]);
    assert_eq!(f.s.stage, Stage::ArtillerySupply, "{}", f.log());
    f.d10(8);
    assert_eq!(
        used(&f, "robe"),
        [0, 0, 0, 1],
        "Shrapnel is never resupplied"
    );
    let mut f = resupply_phase([3, 4, 0, 0]);
    assert_eq!(f.s.stage, Stage::ArtillerySupply, "out of Shell");
    f.d10(7);
    assert_eq!(used(&f, "robe"), [3, 4, 0, 0], "7 fails (B7.9.3)");
}

#[test]
fn g19_3_1_out_of_canister_alone_is_not_enough() {
    let f = resupply_phase([9, 3, 4, 2]);
    assert!(f.game.may_resupply(&f.s, B).is_empty());
    assert_ne!(f.s.stage, Stage::ArtillerySupply);
}

// ---------------------------------------------------------------------------------------------
// G19.4 Breakdown.

/// Robe's guns limbered in 0201 force-march eight hexes south (2 MP beyond their MA) and end
/// the move: a Disorder Check at -10 (B9.5).
fn force_marched(game: GloryEmpire) -> Fx {
    let mut f = Fx::empty_of(game);
    f.put("robe", "0201", Formation::Limbered, "S");
    f.at(B, Stage::Movement);
    f.play("select robe");
    for r in 2..=9 {
        f.play(&format!("step 02{r:02}"));
    }
    f.play("end");
    assert!(
        matches!(f.s.pending.last(), Some(Frame::Check(_))),
        "{}",
        f.log()
    );
    f
}

#[test]
fn g19_4_a_battery_that_fails_its_disorder_check_loses_a_step() {
    let mut f = force_marched(ggame());
    f.d100(20);
    assert_eq!(f.steps_of("robe"), 1, "{}", f.log());
    assert_eq!(f.morale_of("robe"), Morale::Disorder);
    assert!(
        f.log()
            .contains("Robe's battery breaks down: a step lost (G19.4)")
    );
    // A passed check costs nothing.
    let mut f = force_marched(ggame());
    f.d100(60);
    assert_eq!(f.steps_of("robe"), 2);
    assert_eq!(f.morale_of("robe"), Morale::Normal);
    // The Battalion Game has no Breakdown.
    let mut f = force_marched(bgame());
    f.d100(20);
    assert_eq!(f.steps_of("robe"), 2);
    assert_eq!(f.morale_of("robe"), Morale::Disorder);
}
