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
use coupdoeil_ge::artillery::Round;
use coupdoeil_ge::data::{Cell, Formation};
use coupdoeil_ge::event::Event;
use coupdoeil_ge::state::{Frame, Morale, Stage};
use coupdoeil_ge::{Action, GloryEmpire};

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
    // Seven hexes: Long for Round Shot (-2).
    let mut f = guns_at(ggame(), "1002");
    f.play("fire 0302 1002 round_shot");
    assert!(
        declared(&f)
            .2
            .contains(&"Round Shot, long range (7 hexes) -2".to_string())
    );
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
    // Reaction, Offensive and Defensive Fire name no round: the battery fires the stronger of
    // Canister and Round Shot (ge-rulings 122).
    let mut f = guns_at(ggame(), "0402");
    let robe = f.unit("robe");
    assert_eq!(f.game.default_round(&f.s, robe), Some(Round::Canister));
    let st = f.game.strength(&f.s, f.hex("0302")).unwrap();
    assert_eq!((st.fs, st.range, st.round), (6, 3, Some(Round::Canister)));
    f.s.troop_mut(robe).used = [0, 0, 4, 0];
    assert_eq!(f.game.default_round(&f.s, robe), Some(Round::RoundShot));
    f.s.troop_mut(robe).used = [10, 0, 4, 0];
    assert_eq!(
        f.game.default_round(&f.s, robe),
        None,
        "Shell is fired only as a Howitzer Attack (G19.7), Shrapnel only when named"
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
    // G21.1 The guns may answer with a formation change (its windows come one after the
    // other): they stay unlimbered, each time they are asked.
    let stay = |f: &mut Fx| {
        while f.can("react-change 0302 form limbered") {
            f.play("pass");
        }
    };
    assert!(f.can("react-change 0302 form limbered"));
    stay(&mut f);
    f.play("step 0402");
    stay(&mut f);
    f.d100(95); // the check to enter the guns' ZOC (10.1) passes
    stay(&mut f);
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

// ---------------------------------------------------------------------------------------------
// G19.7 Howitzers. The Howitzer Attacks Hit Chart and the Scatter Diagram are authored
// (charts.toml `[fire.howitzer]`): a hit on a roll plus DRMs of 40 or more, -20 without a clear
// LOS, -10 at Long range; on a miss the tens die sends the shell over (0-3), short (4-7), left
// (8) or right (9), the units die 1 hex (0-4), 2 (5-8) or 3 (9) over or short.

fn howitzer_pending(f: &Fx) -> Option<coupdoeil_ge::state::Howitzer> {
    match f.s.pending.last() {
        Some(Frame::Howitzer(h)) => Some(h.clone()),
        _ => None,
    }
}

#[test]
fn g19_7_a_battery_makes_a_howitzer_attack_beside_its_direct_attack() {
    let mut f = guns_at(ggame(), "0502");
    f.put("gren-2-1", "0402", Formation::Column, "W");
    f.play("fire 0302 0402 round_shot");
    f.d100(50);
    // Its direct attack made, its Shell may still go at another hex.
    assert_eq!(rounds_at(&f, "0502"), vec!["shell"], "{:?}", f.legal_text());
    f.play("fire 0302 0502 shell");
    f.d100(60);
    f.d100(50);
    assert!(rounds_at(&f, "0502").is_empty() && rounds_at(&f, "0402").is_empty());
    assert!(f.can("pass"));
    // The Howitzer Attack first leaves the direct attack open.
    let mut f = guns_at(ggame(), "0502");
    f.play("fire 0302 0502 shell");
    f.d100(60);
    f.d100(50);
    assert_eq!(rounds_at(&f, "0502"), vec!["round_shot", "shrapnel"]);
}

#[test]
fn g19_7_no_howitzer_attack_in_a_segment_the_battery_fires_canister() {
    let mut f = guns_at(ggame(), "0502");
    f.put("gren-2-1", "0402", Formation::Column, "W");
    f.play("fire 0302 0402 canister");
    f.d100(50);
    assert!(rounds_at(&f, "0502").is_empty());
    assert!(f.can("pass"));
    let mut f = guns_at(ggame(), "0502");
    f.put("gren-2-1", "0402", Formation::Column, "W");
    f.play("fire 0302 0502 shell");
    f.d100(60);
    f.d100(50);
    assert_eq!(rounds_at(&f, "0402"), vec!["round_shot", "shrapnel"]);
}

#[test]
fn g19_7_1_a_howitzer_attack_needs_no_clear_los() {
    // The 2/97th in 0502 blocks the guns' LOS to 0602 and beyond.
    let mut f = guns_at(ggame(), "0602");
    f.put("2-97", "0502", Formation::Line, "E");
    assert!(!f.game.los(&f.s, f.hex("0302"), f.hex("0602")));
    assert_eq!(rounds_at(&f, "0602"), vec!["shell"], "no direct fire");
    let a = f.game.parse_action("fire 0302 0602 shell").unwrap();
    assert_eq!(
        f.game.describe_action(&f.s, &a),
        "Howitzer Attack from 0302 at 0602: a hit on 40 or more with -20, else the shell \
         scatters (G19.7)"
    );
    f.play("fire 0302 0602 shell");
    assert_eq!(howitzer_pending(&f).unwrap().drm, -20, "no LOS");
    // A roll of 59 - 20 misses, 60 - 20 hits.
    f.d100(59);
    assert!(howitzer_pending(&f).is_some_and(|h| h.missed == Some(59)));
    let mut f = guns_at(ggame(), "0602");
    f.put("2-97", "0502", Formation::Line, "E");
    f.play("fire 0302 0602 shell");
    f.d100(60);
    assert!(
        f.log().contains("rolled 60 -20 = 40: a hit (G19.7.2)"),
        "{}",
        f.log()
    );
}

#[test]
fn g19_7_2_long_range_makes_a_hit_harder() {
    // Shell is Long from six hexes for these guns.
    let f = guns_at(ggame(), "0902");
    assert_eq!(f.game.howitzer_drm(&f.s, f.hex("0302"), f.hex("0902")), -10);
    assert_eq!(f.game.howitzer_drm(&f.s, f.hex("0302"), f.hex("0802")), 0);
}

#[test]
fn g19_7_2_a_hit_is_an_ordinary_attack_on_the_hex_without_hexside_or_long_range_shifts() {
    let mut f = guns_at(ggame(), "0502");
    f.play("fire 0302 0502 shell");
    assert_eq!(
        used(&f, "robe"),
        [0, 0, 0, 0],
        "the box goes when the shell strikes"
    );
    f.d100(40);
    let (fs, column, mods) = declared(&f);
    assert_eq!(fs, 1, "the Shell FS");
    assert_eq!(column, 2, "+1 for a column target: {mods:?}");
    assert!(
        !mods
            .iter()
            .any(|m| m.contains("range") || m.contains("hexside"))
    );
    assert_eq!(used(&f, "robe"), [0, 1, 0, 0]);
    f.d100(50);
    assert_eq!(
        f.s.fire_results.len(),
        1,
        "noted with the segment's results"
    );
    assert_eq!(f.label(f.s.fire_results[0].target), "0502");
}

#[test]
fn g19_7_2_a_miss_scatters_and_strikes_where_it_falls_friends_too() {
    // Aimed at 0602 from 0302; a miss (39) then a scatter roll of 45: short, two hexes, into
    // 0403 where the 1/50th stands.
    let mut f = guns_at(ggame(), "0602");
    f.put("1-50", "0403", Formation::Line, "E");
    assert_eq!(
        f.game
            .scatter(f.hex("0302"), f.hex("0602"), 45)
            .map(|c| f.label(c)),
        Some("0403".into())
    );
    f.play("fire 0302 0602 shell");
    f.d100(39);
    f.d100(45);
    assert!(
        f.log()
            .contains("the shell that missed 0602 scatters (roll 45): it lands in 0403 (G19.7.2)"),
        "{}",
        f.log()
    );
    let (fs, _, _) = declared(&f);
    assert_eq!(fs, 1);
    f.d100(50);
    assert_eq!(f.label(f.s.fire_results[0].target), "0403");
    assert_eq!(used(&f, "robe"), [0, 1, 0, 0]);
    // The diagram: over (05: two hexes on), left (80) and right (90) one hex.
    let sc = |r: u8| {
        f.game
            .scatter(f.hex("0303"), f.hex("0306"), r)
            .map(|c| f.label(c))
    };
    assert_eq!(sc(5), Some("0308".into()));
    assert_eq!(sc(3), Some("0307".into()));
    assert_eq!(sc(45), Some("0304".into()));
    assert_eq!(sc(80), Some("0407".into()));
    assert_eq!(sc(90), Some("0207".into()));
    // An empty hex: the box is spent, nothing else happens.
    let mut f = guns_at(ggame(), "0602");
    f.play("fire 0302 0602 shell");
    f.d100(39);
    f.d100(45);
    assert_eq!(used(&f, "robe"), [0, 1, 0, 0]);
    assert!(f.s.fire_results.is_empty());
}

#[test]
fn g19_7_3_a_hit_roll_of_95_to_99_on_a_bua_hex_starts_a_fire() {
    // Grenadiers in the village, 0605, under Robe's guns in 0303 facing SE.
    let mut f = Fx::empty_of(ggame());
    f.put("robe", "0303", Formation::Unlimbered, "SE");
    f.put("gren-1-1", "0605", Formation::Column, "NW");
    f.put("1-50", "0503", Formation::Line, "NE");
    f.put("gren-2-1", "0502", Formation::Column, "SW");
    f.at(B, Stage::Fire);
    f.play("fire 0303 0605 shell");
    f.d100(95);
    assert_eq!(f.s.fires, vec![f.hex("0605")], "{}", f.log());
    assert!(f.log().contains("a fire starts in 0605 (G19.7.3)"));
    let seen = f.game.observation(&f.s, Viewer::Spectator);
    assert_eq!(seen.fires, vec!["0605".to_string()]);
    // 94 hits without a fire; a clear hex never burns.
    let mut f = Fx::empty_of(ggame());
    f.put("robe", "0303", Formation::Unlimbered, "SE");
    f.put("gren-1-1", "0605", Formation::Column, "NW");
    f.at(B, Stage::Fire);
    f.play("fire 0303 0605 shell");
    f.d100(94);
    assert!(f.s.fires.is_empty());
    let mut f = guns_at(ggame(), "0502");
    f.play("fire 0302 0502 shell");
    f.d100(99);
    assert!(f.s.fires.is_empty());
}

#[test]
fn g19_7_the_brigade_game_needs_the_howitzer_chart() {
    let e = common::errors_of(
        |t| {
            t.replacen(
                "setup = \"historical\"\n",
                "setup = \"historical\"\nlevel = \"brigade\"\n",
                1,
            )
        },
        |c| c.replacen("[fire.howitzer]", "[fire.howitzer_not]", 1),
    );
    assert!(e.contains("Howitzer Attacks Hit Chart"), "{e}");
}

// ---------------------------------------------------------------------------------------------
// G19.6 Duck and Drake.

/// The labels of the Line of Fire from `from` through `ish` (a spine as "0602/0603").
fn lof(f: &Fx, from: &str, ish: &str) -> Vec<String> {
    f.game
        .line_of_fire(&f.s, f.hex(from), f.hex(ish))
        .iter()
        .map(|p| match p.or {
            Some(o) => format!("{}/{}", f.label(p.at), f.label(o)),
            None => f.label(p.at),
        })
        .collect()
}

#[test]
fn g19_6_a_rolling_shot_strikes_every_occupied_hex_of_its_line_of_fire() {
    // Robe's guns roll Round Shot into the empty 0502; the line runs on through 0702 and
    // 0902, where two grenadier battalions stand, and through spines between.
    let mut f = guns_at(ggame(), "0702");
    f.put("gren-2-1", "0902", Formation::Column, "W");
    assert_eq!(
        lof(&f, "0302", "0502"),
        [
            "0502",
            "0602/0603",
            "0702",
            "0802/0803",
            "0902",
            "1002/1003",
            "1102"
        ]
    );
    assert!(f.can("roll 0302 0502"), "{:?}", f.legal_text());
    f.play("roll 0302 0502");
    // 0702, two hexes past the ISH: the Round Shot attack at -1 (G19.6.3).
    let (fs, _, mods) = declared(&f);
    assert_eq!(fs, 4);
    assert!(
        mods.contains(&"rolling shot, 2 hexes past the ISH -1".to_string()),
        "{mods:?}"
    );
    f.d100(50);
    let (_, _, mods) = declared(&f);
    assert!(
        mods.contains(&"rolling shot, 4 hexes past the ISH -2".to_string()),
        "{mods:?}"
    );
    f.d100(50);
    let hit: Vec<String> = f.s.fire_results.iter().map(|p| f.label(p.target)).collect();
    assert_eq!(hit, ["0702", "0902"]);
    // Only the ISH's attack spends ammunition, one box, once the shot has rolled (G19.6.2).
    assert_eq!(used(&f, "robe"), [1, 0, 0, 0]);
    // It was the battery's direct attack; its Howitzer Attack is still open.
    assert_eq!(rounds_at(&f, "0702"), vec!["shell"]);
    assert!(!f.can("roll 0302 0502"));
}

/// G19.6.1 The Line of Fire runs to the end of the reach whichever hex of the ray is the
/// Initial Strike Hex: through the hex next to the battery it is the line through the next
/// hex out, with the nearer hex before it (the line once stopped a hex short when the ISH
/// was adjacent).
#[test]
fn g19_6_1_the_line_of_fire_runs_to_the_end_of_the_reach_from_an_adjacent_ish() {
    use coupdoeil_hex::EdgeDir;
    let mut full = 0;
    for at in ["0302", "0606", "0409"] {
        let mut f = Fx::empty_of(ggame());
        f.put("robe", at, Formation::Unlimbered, "E");
        f.at(B, Stage::Fire);
        let from = f.hex(at);
        let reach = u32::from(f.game.rolling_reach(&f.s, from));
        let b = &f.game.data.board;
        for d in EdgeDir::ALL {
            let Some(n1) = b.neighbor(from, d) else {
                continue;
            };
            let Some(n2) = b.neighbor(n1, d) else {
                continue;
            };
            let near = lof(&f, at, &f.label(n1));
            let far = lof(&f, at, &f.label(n2));
            if near.len() < 2 {
                continue; // The line ends in the ISH next to the battery.
            }
            assert_eq!(near[1..], far[..], "from {at} towards {d:?}");
            let last = b.distance(from, f.hex(near.last().unwrap().split('/').next().unwrap()));
            assert!(last <= reach);
            full += usize::from(last == reach);
        }
    }
    assert!(full >= 2, "lines that run to the end of the reach: {full}");
}

#[test]
fn g19_6_2_the_last_round_shot_box_still_rolls_the_whole_line() {
    let mut f = guns_at(ggame(), "0702");
    f.put("gren-2-1", "0902", Formation::Column, "W");
    f.s.troop_mut(f.unit("robe")).used = [9, 0, 0, 0];
    f.play("roll 0302 0502");
    f.d100(50);
    f.d100(50);
    assert_eq!(f.s.fire_results.len(), 2, "{}", f.log());
    assert_eq!(used(&f, "robe"), [10, 0, 0, 0]);
}

#[test]
fn g19_6_1_a_spine_is_struck_on_one_side_chosen_by_a_die() {
    let mut f = guns_at(ggame(), "0603");
    f.play("roll 0302 0502");
    assert_eq!(f.game.pending_die(&f.s), coupdoeil_ge::DieKind::D10);
    f.d10(7);
    assert!(
        f.log().contains("d10 7, it strikes 0603 (G19.6.1)"),
        "{}",
        f.log()
    );
    let (_, _, mods) = declared(&f);
    assert!(mods.contains(&"rolling shot, 1 hex past the ISH -1".to_string()));
    let mut f = guns_at(ggame(), "0603");
    f.play("roll 0302 0502");
    f.d10(2);
    assert!(f.log().contains("d10 2, it strikes 0602 (G19.6.1)"));
    assert!(
        !f.events
            .iter()
            .any(|e| matches!(e, Event::FireDeclared { .. })),
        "0602 is empty"
    );
}

#[test]
fn g19_6_3_minus_one_for_every_two_hexes_past_the_ish_rounded_up() {
    // The rule's own example: one or two hexes past the ISH -1, three or four -2. The
    // grenadiers stand on the line through the empty 0502 at 1 to 4 hexes past it (0603 and
    // 0803 on spines, which a d10 of 7 puts the shot on).
    for (at, past, fsm) in [
        ("0603", 1, -1),
        ("0702", 2, -1),
        ("0803", 3, -2),
        ("0902", 4, -2),
    ] {
        let mut f = guns_at(ggame(), at);
        f.play("roll 0302 0502");
        if f.game.pending_die(&f.s) == coupdoeil_ge::DieKind::D10 {
            f.d10(7);
        }
        let (_, _, mods) = declared(&f);
        let s = if past == 1 { "" } else { "es" };
        let want = format!("rolling shot, {past} hex{s} past the ISH {fsm}");
        assert!(mods.contains(&want), "{at}: {mods:?} {}", f.log());
    }
}

#[test]
fn g19_6_1_the_line_ends_in_dense_terrain_and_at_a_crest() {
    let mut f = Fx::empty_of(ggame());
    // Into the village of 0605 but not beyond it.
    f.put("robe", "0602", Formation::Unlimbered, "S");
    assert_eq!(lof(&f, "0602", "0603"), ["0603", "0604", "0605"]);
    // Up to the Military Crest between 1108 and 1209, not over it.
    f.remove("robe");
    f.put("robe", "0907", Formation::Unlimbered, "SE");
    assert_eq!(lof(&f, "0907", "1008"), ["1008", "1108"]);
    assert_eq!(lof(&f, "0907", "1107"), ["1107"]);
    // Open ground: on to the end of the reach, Long 7 and two more, or the map's edge.
    assert_eq!(f.game.rolling_reach(&f.s, f.hex("0907")), 9);
    assert_eq!(
        lof(&f, "0907", "1007"),
        ["1007", "1106", "1206", "1305", "1405"]
    );
}

#[test]
fn g19_6_4_a_rolling_shot_reaches_two_hexes_past_the_long_band() {
    // The grenadiers in 1102 are 8 hexes off: beyond every round, not beyond a Rolling Shot.
    let f = guns_at(ggame(), "1102");
    assert!(rounds_at(&f, "1102").is_empty());
    assert!(f.can("roll 0302 0502"));
    assert!(f.can("roll 0302 1102"), "an ISH up to 9 hexes off");
    let a = f.game.parse_action("roll 0302 0502").unwrap();
    assert_eq!(f.game.action_notation(&a), "roll 0302 0502");
}

#[test]
fn g19_6_a_rolling_shot_is_offered_only_where_its_line_meets_the_enemy() {
    // The 1/50th in 0503 is the only unit on the line through 0403 (ge-rulings 129).
    let mut f = guns_at(ggame(), "0702");
    assert_eq!(lof(&f, "0302", "0403")[1], "0503");
    assert!(!f.can("roll 0302 0403"));
    f.remove("1-50");
    f.put("1-50", "0503", Formation::Line, "NE");
    f.remove("gren-1-1");
    f.put("gren-1-1", "0704", Formation::Column, "W");
    assert!(f.can("roll 0302 0403"), "{:?}", f.legal_text());
    // Friends on the line are struck too.
    f.play("roll 0302 0403");
    let (_, _, mods) = declared(&f);
    assert!(mods.contains(&"rolling shot, 1 hex past the ISH -1".to_string()));
    f.d100(50);
    assert_eq!(f.label(f.s.fire_results[0].target), "0503");
}

#[test]
fn g19_6_the_rolling_shots_offered_are_exactly_those_the_rule_allows() {
    // Over random Brigade games of the shipped Vimeiro: for every stack offered a fire, the
    // Rolling Shots listed are every Initial Strike Hex of the board that `may_roll` allows
    // (the list skips hexes whose ray passes far from every enemy before tracing them).
    let g = common::shipped_vimeiro_brigade();
    let check = g.clone();
    let mut compared = 0u32;
    let mut offered = 0usize;
    let opts = coupdoeil_engine::testkit::Options {
        games: 2,
        seed: 11,
        max_steps: 60_000,
        deep_every: 1,
    };
    coupdoeil_engine::testkit::check_random_playouts(
        g,
        &opts,
        |s, legal| {
            let mut froms: Vec<Cell> = legal
                .iter()
                .filter_map(|a| match *a {
                    Action::FireRound { from, .. } | Action::RollingShot { from, .. } => Some(from),
                    _ => None,
                })
                .collect();
            froms.sort_unstable();
            froms.dedup();
            for from in froms {
                let listed: Vec<Cell> = legal
                    .iter()
                    .filter_map(|a| match *a {
                        Action::RollingShot { from: f, ish } if f == from => Some(ish),
                        _ => None,
                    })
                    .collect();
                let allowed: Vec<Cell> = (0..check.data.board.len())
                    .map(|i| Cell(i as u16))
                    .filter(|&c| c != from && check.may_roll(s, from, c))
                    .collect();
                assert_eq!(listed, allowed, "from {from:?}");
                compared += 1;
                offered += listed.len();
            }
            Vec::new()
        },
        |_, _| Vec::new(),
    );
    assert!(compared > 20, "only {compared} firing stacks compared");
    assert!(
        offered > 0,
        "no Rolling Shot offered in {compared} comparisons"
    );
}
