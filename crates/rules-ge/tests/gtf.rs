//! G17 Brigade Command (Brigade Game): Command Status through a Grand Tactical Formation, the
//! Grand Column and the Line of Battle, single or double, and the Battalion method with a
//! Command Range of 0; the GTF markers of the set-up and of the Command Attachment Phase.

mod common;
use common::{B, F, Fx, drive};
use coupdoeil_engine::Game;
use coupdoeil_ge::data::Formation;
use coupdoeil_ge::event::Event;
use coupdoeil_ge::gtf::GtfKind;
use coupdoeil_ge::state::Stage;
use coupdoeil_ge::{Action, GloryEmpire};
use coupdoeil_hex::EdgeDir;

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

/// An empty Brigade Game position with Anstruther on the map in `hex` with this GTF marker.
fn anstruther(kind: Option<GtfKind>, hex: &str) -> Fx {
    let mut f = Fx::empty_of(ggame_with(|t| t));
    f.put_leader("anstruther", hex);
    let l = f.leader("anstruther");
    f.s.leaders[l.ix()].gtf.kind = kind;
    f
}

/// The label of the hex next to `hex` in direction `d`.
fn next(f: &Fx, hex: &str, d: EdgeDir) -> String {
    let c = f.game.data.board.neighbor(f.hex(hex), d).unwrap();
    f.label(c)
}

/// Whether the British unit `id` is In Command now (5.3, G17.1).
fn ic(f: &Fx, id: &str) -> bool {
    f.game.command_state(&f.s, B).1[f.unit(id).ix()]
}

#[test]
fn g17_1_brigade_leaders_are_those_with_only_combat_units() {
    let f = anstruther(None, "0205");
    let g = &f.game;
    assert!(g.brigade_leader(f.leader("anstruther")));
    assert!(g.brigade_leader(f.leader("saint-clair")));
    // A corps leader (leaders under him) and an army leader are not.
    assert!(!g.brigade_leader(f.leader("kellermann")));
    assert!(!g.brigade_leader(f.leader("wellesley")));
    // Below the Brigade Game nobody is.
    let b = common::game_with("");
    assert!(!b.brigade_leader(b.data.leader_by_id("anstruther").unwrap()));
}

#[test]
fn g17_1_1_battalion_method_command_range_zero() {
    let mut f = anstruther(None, "0205");
    f.put("2-43", "0205", Formation::Column, "N");
    f.put(
        "2-52",
        &next(&f, "0205", EdgeDir::S),
        Formation::Column,
        "N",
    );
    assert!(ic(&f, "2-43"), "stacked with him");
    assert!(
        !ic(&f, "2-52"),
        "one hex away is out of a Command Range of 0"
    );
    // 5.3.1 Unit integrity and columns of route still chain under the Battalion method.
    f.s.troop_mut(f.unit("2-52")).formation = Formation::RoadColumn;
    assert!(ic(&f, "2-52"));
    // The Battalion Game keeps the leader's printed Command Range.
    let mut b = Fx::empty();
    b.put_leader("anstruther", "0205");
    b.put(
        "2-52",
        &next(&b, "0205", EdgeDir::S),
        Formation::Column,
        "N",
    );
    assert!(b.game.command_state(&b.s, B).1[b.unit("2-52").ix()]);
}

#[test]
fn g17_2_1_grand_column_a_string_behind_the_du() {
    let mut f = anstruther(Some(GtfKind::GrandColumn), "0205");
    f.put("2-43", "0205", Formation::Column, "N");
    f.put("2-52", "0206", Formation::Column, "N");
    f.put("2-97", "0207", Formation::Column, "N");
    assert!(["2-43", "2-52", "2-97"].iter().all(|u| ic(&f, u)));
    // The string need not be straight: the tail steps aside.
    let aside = next(&f, "0206", EdgeDir::SE);
    f.put("2-97", &aside, Formation::Column, "N");
    assert!(ic(&f, "2-97"));
    // A gap breaks it (Figure 31's 5/60th).
    f.put("2-97", "0208", Formation::Column, "N");
    assert!(!ic(&f, "2-97"));
    // A unit ahead of the DU is not behind it.
    f.put("2-97", "0204", Formation::Column, "N");
    assert!(!ic(&f, "2-97"));
    // The DU is the unit stacked with the leader: without one, nobody is In Command.
    f.put_leader("anstruther", "0209");
    assert!(["2-43", "2-52", "2-97"].iter().all(|u| !ic(&f, u)));
}

#[test]
fn g17_2_1_double_grand_column_second_lead_sees_the_du() {
    let mut f = anstruther(Some(GtfKind::DoubleGrandColumn), "0205");
    f.put("2-43", "0205", Formation::Column, "N");
    f.put("2-52", "0405", Formation::Column, "N");
    f.put("2-97", "0406", Formation::Column, "N");
    assert!(ic(&f, "2-52") && ic(&f, "2-97"), "two strings");
    // Friendly units between the columns do not block the LOS.
    f.put("1-50", "0304", Formation::Line, "N");
    f.put("2-95", "0305", Formation::Line, "N");
    assert!(!f.game.los(&f.s, f.hex("0405"), f.hex("0205")));
    assert!(ic(&f, "2-52") && ic(&f, "2-97"));
    // Enemy units do (Figure 31's right-hand column behind the trees).
    f.remove("1-50");
    f.remove("2-95");
    f.put("drag-3a", "0304", Formation::Line, "S");
    f.put("drag-3b", "0305", Formation::Line, "S");
    assert!(!ic(&f, "2-52") && !ic(&f, "2-97"));
    // A single Grand Column has no second string.
    let mut g = anstruther(Some(GtfKind::GrandColumn), "0205");
    g.put("2-43", "0205", Formation::Column, "N");
    g.put("2-52", "0405", Formation::Column, "N");
    assert!(!ic(&g, "2-52"));
}

#[test]
fn g17_2_2_line_of_battle_facing_los_and_straight_line() {
    // A Line of Battle facing N (a hexside): its line zigzags across the columns.
    let mut f = anstruther(Some(GtfKind::LineOfBattle), "0205");
    f.put("2-43", "0205", Formation::Line, "N");
    let right = next(&f, "0205", EdgeDir::NE);
    let right2 = next(&f, &right, EdgeDir::SE);
    f.put("2-52", &right, Formation::Line, "N");
    f.put("2-97", &right2, Formation::Line, "NNE");
    assert!(ic(&f, "2-43") && ic(&f, "2-52"));
    assert!(
        ic(&f, "2-97"),
        "a vertex beside the DU's hexside is the same facing"
    );
    // Facing two steps away: not the DU's facing (Figure 32's Coldstream Guards).
    f.s.troop_mut(f.unit("2-97")).facing = "NE".parse().unwrap();
    assert!(!ic(&f, "2-97"));
    f.s.troop_mut(f.unit("2-97")).facing = "N".parse().unwrap();
    // A hex ahead of the line is off it.
    let ahead = next(&f, &right2, EdgeDir::N);
    f.put("2-97", &ahead, Formation::Line, "N");
    assert!(!ic(&f, "2-97"));
    // On the line but with the LOS blocked by enemy units: Out of Command.
    let far = next(&f, &right2, EdgeDir::NE);
    f.put("2-97", &far, Formation::Line, "N");
    assert!(ic(&f, "2-97"));
    f.put("drag-3a", &right, Formation::Line, "S");
    f.put("drag-3b", &right2, Formation::Line, "S");
    f.remove("2-52");
    assert!(!ic(&f, "2-97"));
    // The DU must be in a close order formation: a DU en Débandade directs nothing.
    let mut g = anstruther(Some(GtfKind::LineOfBattle), "0205");
    g.put("2-43", "0205", Formation::Sed, "N");
    g.put("2-52", &right, Formation::Line, "N");
    assert!(!ic(&g, "2-52"));
}

#[test]
fn g17_2_2_line_facing_a_vertex_is_a_straight_row() {
    let mut f = anstruther(Some(GtfKind::LineOfBattle), "0205");
    // Facing NNE, the line runs along the SE-NW axis.
    f.put("2-43", "0205", Formation::Line, "NNE");
    let se = next(&f, "0205", EdgeDir::SE);
    let nw = next(&f, "0205", EdgeDir::NW);
    let ne = next(&f, "0205", EdgeDir::NE);
    f.put("2-52", &se, Formation::Line, "NNE");
    f.put("2-97", &nw, Formation::Line, "NE");
    assert!(ic(&f, "2-52") && ic(&f, "2-97"));
    f.put("2-97", &ne, Formation::Line, "NNE");
    assert!(!ic(&f, "2-97"), "half a row ahead is off a vertex line");
}

#[test]
fn g17_2_2_double_line_of_battle() {
    let mut f = anstruther(Some(GtfKind::DoubleLineOfBattle), "0205");
    f.put("2-43", "0205", Formation::Line, "N");
    let right = next(&f, "0205", EdgeDir::NE);
    f.put("2-52", &right, Formation::Line, "N");
    // The second line two rows behind, parallel.
    f.put("2-97", "0207", Formation::Line, "N");
    assert!(ic(&f, "2-43") && ic(&f, "2-52") && ic(&f, "2-97"));
    // Its units must still face as the DU.
    f.s.troop_mut(f.unit("2-97")).facing = "S".parse().unwrap();
    assert!(!ic(&f, "2-97"));
    // A single Line of Battle has no second line.
    f.s.troop_mut(f.unit("2-97")).facing = "N".parse().unwrap();
    let l = f.leader("anstruther");
    f.s.leaders[l.ix()].gtf.kind = Some(GtfKind::LineOfBattle);
    assert!(!ic(&f, "2-97"));
}

#[test]
fn g17_1_2_sed_companies_within_two_hexes() {
    let g = ggame_with(|t| {
        t.replacen(
            "name = \"5/60th Rifles\"\n",
            "name = \"5/60th Rifles\"\nsize = \"company\"\n",
            1,
        )
    });
    let mut f = Fx::empty_of(g);
    f.put_leader("fane", "0205");
    let l = f.leader("fane");
    f.s.leaders[l.ix()].gtf.kind = Some(GtfKind::LineOfBattle);
    f.put("1-50", "0205", Formation::Line, "N");
    // Two hexes ahead, facing anywhere, off the line: In Command.
    f.put("5-60", "0203", Formation::Sed, "E");
    assert!(ic(&f, "5-60"));
    f.put("5-60", "0202", Formation::Sed, "E");
    assert!(!ic(&f, "5-60"), "three hexes away");
    // A battalion en Débandade (2/95th here) must conform like any unit.
    f.put("2-95", "0203", Formation::Sed, "N");
    assert!(!ic(&f, "2-95"));
}

#[test]
fn g17_1_2_stacked_with_another_gtf_is_out_of_command() {
    let mut f = anstruther(Some(GtfKind::GrandColumn), "0205");
    f.put("2-43", "0205", Formation::Column, "N");
    f.put("2-52", "0206", Formation::Column, "N");
    assert!(ic(&f, "2-52"));
    f.put("1-50", "0206", Formation::Column, "N");
    // Fane without a GTF: no other GTF is stacked with the 2/52nd.
    assert!(ic(&f, "2-52"));
    f.put_leader("fane", "0210");
    let fane = f.leader("fane");
    f.s.leaders[fane.ix()].gtf.kind = Some(GtfKind::GrandColumn);
    assert!(!ic(&f, "2-52"));
    assert!(!ic(&f, "1-50"));
}

#[test]
fn g17_1_2_attached_assets_meet_the_gtf_requirements() {
    let mut f = anstruther(Some(GtfKind::GrandColumn), "0205");
    f.put("2-43", "0205", Formation::Column, "N");
    let gun = f.put("robe", "0207", Formation::Limbered, "N");
    f.s.troop_mut(gun).attached = Some(f.leader("anstruther"));
    assert!(!ic(&f, "robe"), "not in the string");
    f.put("robe", "0206", Formation::Limbered, "N");
    assert!(ic(&f, "robe"));
    // An asset is never the Directing Unit.
    let mut g = anstruther(Some(GtfKind::GrandColumn), "0205");
    let gun = g.put("robe", "0205", Formation::Limbered, "N");
    g.s.troop_mut(gun).attached = Some(g.leader("anstruther"));
    g.put("2-52", "0206", Formation::Column, "N");
    assert!(
        g.game
            .directing_unit(&g.s, g.leader("anstruther"))
            .is_none()
    );
    assert!(!ic(&g, "2-52"));
}

#[test]
fn g17_1_command_attachment_phase_drop_and_reform_a_gtf() {
    /// The British Command Attachment Phase of turn `turn`.
    fn attachment(f: &mut Fx, turn: u8) {
        f.at(B, Stage::Attachment);
        f.s.acting = B;
        f.s.turn = turn;
    }
    let mut f = anstruther(Some(GtfKind::LineOfBattle), "0205");
    f.put("2-43", "0205", Formation::Line, "N");
    attachment(&mut f, 3);
    assert!(f.can("gtf anstruther none"));
    assert!(
        !f.can("gtf anstruther gc"),
        "a marker is changed by an evolution"
    );
    f.play("gtf anstruther none");
    assert!(
        f.events
            .iter()
            .any(|e| matches!(e, Event::Gtf { kind: None, .. }))
    );
    let l = f.leader("anstruther");
    assert_eq!(f.s.leader(l).gtf.kind, None);
    // One change a turn: no reforming before the next turn.
    attachment(&mut f, 3);
    assert!(!f.can("gtf anstruther gc"));
    attachment(&mut f, 4);
    assert!(f.can("gtf anstruther gc") && f.can("gtf anstruther double-lob"));
    f.play("gtf anstruther gc");
    assert_eq!(f.s.leader(l).gtf.kind, Some(GtfKind::GrandColumn));
    // Reforming needs a unit of his own to direct.
    attachment(&mut f, 5);
    f.play("gtf anstruther none");
    attachment(&mut f, 6);
    f.put_leader("anstruther", "0209");
    assert!(!f.can("gtf anstruther gc"));
    // The notation round-trips.
    for a in [
        Action::Gtf {
            leader: l,
            kind: Some(GtfKind::DoubleGrandColumn),
        },
        Action::Gtf {
            leader: l,
            kind: None,
        },
    ] {
        let text = f.game.notation(&a);
        assert_eq!(f.game.parse(&text), Ok(a), "{text}");
    }
}

#[test]
fn g17_2_the_scenario_sets_gtf_markers() {
    let g = ggame_with(|t| {
        format!("{t}\n[[gtf]]\nleader = \"anstruther\"\nkind = \"double_line_of_battle\"\n")
    });
    let s = g.initial_state();
    let l = g.data.leader_by_id("anstruther").unwrap();
    assert_eq!(s.leader(l).gtf.kind, Some(GtfKind::DoubleLineOfBattle));
    // Only brigade leaders, only in the Brigade Game.
    let e = common::errors_of(
        |t| {
            format!(
                "{}\n[[gtf]]\nleader = \"kellermann\"\nkind = \"grand_column\"\n",
                t.replacen(
                    "setup = \"historical\"\n",
                    "setup = \"historical\"\nlevel = \"brigade\"\n",
                    1
                )
            )
        },
        |c| c.to_string(),
    );
    assert!(e.contains("only a brigade leader"), "{e}");
    let e = common::load_errors("[[gtf]]\nleader = \"anstruther\"\nkind = \"grand_column\"\n");
    assert!(e.contains("Brigade Game"), "{e}");
}

#[test]
fn g17_shipped_vimeiro_brigade_starts_in_gtfs_and_in_command() {
    let g = common::shipped_vimeiro_brigade();
    assert!(!g.data.gtfs.is_empty());
    let s = g.initial_state();
    for &(l, _) in &g.data.gtfs {
        if g.directing_unit(&s, l).is_none() {
            // Trant stands between his two battalions: none to direct until he joins one;
            // Brenier and Solignac arrive later.
            let id = g.data.leaders[l.ix()].id.as_str();
            assert!(["trant", "brenier", "solignac"].contains(&id), "{id}");
            continue;
        }
        let members = g.gtf_members(&s, l);
        let ic = g.gtf_command(&s, l);
        let n = members.iter().filter(|u| ic[u.ix()]).count();
        assert!(
            2 * n >= members.len(),
            "{}: {n} of {} In Command",
            g.data.leaders[l.ix()].id,
            members.len()
        );
    }
    // And the game plays on through a turn.
    let mut f = Fx::empty_of(g);
    f.s = f.game.initial_state();
    f.d10(4);
    f.d10(5);
    f.play("first british");
    drive(&mut f, |f| f.s.turn == 2);
    assert_eq!(f.s.turn, 2);
    let _ = F;
}

#[test]
fn g18_4_a_closed_square_left_is_not_formed_again_in_the_same_hex() {
    let mut f = Fx::empty_of(ggame_with(|t| t));
    f.put("2-97", "0203", Formation::Square, "N");
    f.s.troop_mut(f.unit("2-97")).column = Some(coupdoeil_ge::data::ColumnKind::Close);
    f.at(B, Stage::Movement);
    f.play("select 2-97");
    f.play("form close_column");
    assert_eq!(f.formation_of("2-97"), Formation::Column);
    // The free change in and out would otherwise loop for ever.
    assert!(!f.can("form closed_square"));
    // A hex farther on, it may.
    let on = next(&f, "0203", EdgeDir::N);
    f.play(&format!("step {on}"));
    assert!(f.can("form closed_square"));
}

/// The sum of the DRMs of the Disorder Check pending, if one is.
fn pending_dc(f: &Fx) -> Option<i16> {
    match f.s.pending.last() {
        Some(coupdoeil_ge::state::Frame::Check(c))
            if c.kind == coupdoeil_ge::state::CheckKind::Disorder =>
        {
            Some(c.modifiers.iter().map(|m| m.value).sum())
        }
        _ => None,
    }
}

#[test]
fn g17_1_2_ending_a_move_stacked_with_another_gtf_calls_a_disorder_check() {
    for fane_gtf in [None, Some(GtfKind::GrandColumn)] {
        let mut f = anstruther(Some(GtfKind::GrandColumn), "0205");
        f.put("2-43", "0205", Formation::Column, "N");
        f.put("2-52", "0206", Formation::Column, "N");
        f.put_leader("fane", "0207");
        let fane = f.leader("fane");
        f.s.leaders[fane.ix()].gtf.kind = fane_gtf;
        f.put("2-95", "0207", Formation::Column, "N");
        f.at(B, Stage::Movement);
        f.play("select 2-95");
        f.play("step 0206");
        f.play("end");
        if fane_gtf.is_some() {
            assert_eq!(pending_dc(&f), Some(0), "a check with no DRM of its own");
        } else {
            assert_eq!(pending_dc(&f), None, "a unit in no GTF mixes with none");
        }
    }
}

#[test]
fn g17_3_4_easy_evolution_line_of_battle_to_double_and_back() {
    let mut f = anstruther(Some(GtfKind::LineOfBattle), "0205");
    f.put("2-43", "0205", Formation::Line, "N");
    f.put("2-97", "0207", Formation::Line, "N");
    f.s.turn = 2;
    f.at(B, Stage::Movement);
    assert!(!ic(&f, "2-97"), "a second line is out of a single LOB");
    assert!(f.can("gtf anstruther double-lob"));
    assert!(
        !f.can("gtf anstruther gc"),
        "a GC is formed only by a deployment evolution"
    );
    f.play("gtf anstruther double-lob");
    let l = f.leader("anstruther");
    assert_eq!(f.s.leader(l).gtf.kind, Some(GtfKind::DoubleLineOfBattle));
    assert!(ic(&f, "2-97"));
    // Easy: no MP, no Evolution Check, nothing pending; and one change a turn.
    assert!(f.s.pending.is_empty());
    assert!(!f.can("gtf anstruther lob"));
    f.s.turn = 3;
    assert!(f.can("gtf anstruther lob"));
}

#[test]
fn g17_3_5_easy_evolution_grand_column_to_double() {
    let mut f = anstruther(Some(GtfKind::DoubleGrandColumn), "0205");
    f.put("2-43", "0205", Formation::Column, "N");
    f.s.turn = 2;
    f.at(B, Stage::Movement);
    f.play("gtf anstruther gc");
    let l = f.leader("anstruther");
    assert_eq!(f.s.leader(l).gtf.kind, Some(GtfKind::GrandColumn));
    assert!(f.events.iter().any(|e| matches!(
        e,
        Event::Gtf {
            kind: Some(GtfKind::GrandColumn),
            ..
        }
    )));
    // Not while a group is moving.
    f.s.turn = 3;
    f.play("select 2-43");
    assert!(!f.can("gtf anstruther double-gc"));
}

/// Anstruther's brigade in a Grand Column facing N in 0205-0207, in the British Movement Phase
/// of turn 2.
fn column_of_three(kind: GtfKind) -> Fx {
    let mut f = anstruther(Some(kind), "0205");
    f.put("2-43", "0205", Formation::Column, "N");
    f.put("2-52", "0206", Formation::Column, "N");
    f.put("2-97", "0207", Formation::Column, "N");
    f.s.turn = 2;
    f.at(B, Stage::Movement);
    f
}

fn evolution_check(f: &Fx) -> Option<(u8, i8, bool)> {
    f.events.iter().rev().find_map(|e| match e {
        Event::EvolutionCheck {
            die, drm, passed, ..
        } => Some((*die, *drm, *passed)),
        _ => None,
    })
}

#[test]
fn g17_3_6_deploy_processional_extra_mp_and_evolution_check() {
    let mut f = column_of_three(GtfKind::GrandColumn);
    assert!(f.can("evolve anstruther deploy-processional"));
    assert!(
        !f.can("evolve anstruther marching-out"),
        "a LOB's evolution"
    );
    assert!(
        !f.can("evolve anstruther display-close-column"),
        "its units are not in Close Column"
    );
    f.play("evolve anstruther deploy-processional");
    let l = f.leader("anstruther");
    assert!(f.s.leader(l).gtf.evolving.is_some());
    assert!(
        f.events
            .iter()
            .any(|e| matches!(e, Event::EvolutionBegun { .. }))
    );
    // G17.3.1 Each unit's move costs one MP more.
    f.play("select 2-52");
    assert_eq!(f.s.moving.as_ref().unwrap().spent, 1);
    let aside = next(&f, "0206", EdgeDir::NE);
    f.play(&format!("step {aside}"));
    f.play("end");
    f.settle();
    // G17.2.3 Out of place during the evolution, still In Command.
    assert!(ic(&f, "2-52"));
    // Completed: the new marker and the Evolution Check, failed on a 1 (Simple, DRM 0).
    f.play("complete-evolution anstruther");
    assert_eq!(f.s.leader(l).gtf.kind, Some(GtfKind::LineOfBattle));
    assert!(f.s.leader(l).gtf.evolving.is_none());
    f.d10(1);
    assert_eq!(evolution_check(&f), Some((1, 0, false)));
    // Each of its three stacks takes a Disorder Check at once.
    let dcs =
        f.s.pending
            .iter()
            .filter(|x| {
                matches!(x, coupdoeil_ge::state::Frame::Check(c)
                if c.kind == coupdoeil_ge::state::CheckKind::Disorder)
            })
            .count();
    assert_eq!(dcs, 3);
}

#[test]
fn g17_3_1_a_modified_two_passes_and_easy_evolutions_make_no_check() {
    let mut f = column_of_three(GtfKind::GrandColumn);
    f.play("evolve anstruther deploy-processional");
    f.play("complete-evolution anstruther");
    f.d10(2);
    assert_eq!(evolution_check(&f), Some((2, 0, true)));
    assert!(f.s.pending.is_empty());
    // Follow the Leader is Easy: no extra MP, no check.
    let mut g = column_of_three(GtfKind::GrandColumn);
    g.play("evolve anstruther follow-the-leader");
    g.play("select 2-97");
    assert_eq!(g.s.moving.as_ref().unwrap().spent, 0);
    g.play("end");
    g.settle();
    g.play("complete-evolution anstruther");
    assert!(g.s.pending.is_empty());
    assert_eq!(evolution_check(&g), None);
}

#[test]
fn g17_3_1_evolution_check_drms_by_class_and_double_gtf() {
    let f = column_of_three(GtfKind::DoubleGrandColumn);
    let l = f.leader("anstruther");
    use coupdoeil_ge::gtf::EvolutionClass as C;
    let drm = |c| f.game.evolution_drm(&f.s, l, c);
    // Authored: 0, -1, -2, -3 by class, -2 for a double GTF.
    assert_eq!(
        [C::Simple, C::Ordinary, C::Difficult, C::Complex].map(drm),
        [-2, -3, -4, -5]
    );
    // The Close Column GC may Display.
    let mut g = column_of_three(GtfKind::GrandColumn);
    for u in ["2-43", "2-52", "2-97"] {
        let u = g.unit(u);
        g.s.troop_mut(u).column = Some(coupdoeil_ge::data::ColumnKind::Close);
    }
    assert!(g.can("evolve anstruther display-close-column"));
}

#[test]
fn g17_3_1_an_evolution_in_progress_is_completed_next_turn() {
    let mut f = column_of_three(GtfKind::GrandColumn);
    f.play("evolve anstruther deploy-tiroirs");
    assert!(f.can("pass"), "it may go on into the next turn");
    assert!(!f.can("evolve anstruther deploy-direct"), "one at a time");
    f.s.turn = 3;
    f.at(B, Stage::Movement);
    assert!(!f.can("pass"), "the next Movement Phase must complete it");
    assert!(f.can("complete-evolution anstruther"));
    f.play("complete-evolution anstruther");
    f.d10(9);
    assert_eq!(evolution_check(&f), Some((9, -2, true)));
    assert!(f.can("pass"));
}

#[test]
fn g17_3_an_evolution_needs_the_gtf_in_formation() {
    let mut f = column_of_three(GtfKind::GrandColumn);
    f.put("2-97", "0209", Formation::Column, "N");
    assert!(
        !f.can("evolve anstruther deploy-processional"),
        "a unit out of place"
    );
    // A unit that has moved does not prevent it (ge-rulings 134): it may move again in it.
    let mut g = column_of_three(GtfKind::GrandColumn);
    let u = g.unit("2-97");
    g.s.troop_mut(u).moved = true;
    assert!(g.can("evolve anstruther deploy-processional"));
    // The notation round-trips.
    let l = g.leader("anstruther");
    for a in [
        Action::Evolve {
            leader: l,
            evolution: coupdoeil_ge::gtf::Evolution::PivotInPlace,
        },
        Action::CompleteEvolution(l),
    ] {
        let text = g.game.notation(&a);
        assert_eq!(g.game.parse(&text), Ok(a), "{text}");
    }
}

// ---------------------------------------------------------------------------------------------
// G17.4 Order of Battle (optional).

/// [`anstruther`] with the optional Order of Battle played.
fn with_order(kind: GtfKind) -> Fx {
    let g = ggame_with(|t| format!("{t}\n[brigade]\norder_of_battle = true\n"));
    let mut f = Fx::empty_of(g);
    f.put_leader("anstruther", "0405");
    let l = f.leader("anstruther");
    f.s.leaders[l.ix()].gtf.kind = Some(kind);
    f.s.turn = 2;
    f.at(B, Stage::Movement);
    f
}

/// Anstruther's three battalions in a LOB facing N, from right (E) to left (W) in this order,
/// the DU in the middle in 0405.
fn line_of(f: &mut Fx, right_to_left: [&str; 3]) {
    let right = next(f, "0405", EdgeDir::NE);
    let left = next(f, "0405", EdgeDir::NW);
    f.put(right_to_left[0], &right, Formation::Line, "N");
    f.put(right_to_left[2], &left, Formation::Line, "N");
    f.put(right_to_left[1], "0405", Formation::Line, "N");
}

#[test]
fn g17_4_seniority_follows_the_command_display() {
    let f = with_order(GtfKind::LineOfBattle);
    let l = f.leader("anstruther");
    let g = &f.game;
    assert!(g.order_of_battle());
    let rank = |id: &str| g.seniority(l, f.unit(id)).map(|x| x.1);
    assert_eq!(
        [rank("2-43"), rank("2-52"), rank("2-97")],
        [Some(0), Some(1), Some(2)]
    );
    // Not of another brigade; artillery is placed anywhere.
    assert_eq!(g.seniority(l, f.unit("1-50")), None);
    assert_eq!(g.seniority(f.leader("wellesley"), f.unit("robe")), None);
    // Optional: not played unless the scenario says so.
    let mut plain = anstruther(Some(GtfKind::LineOfBattle), "0405");
    line_of(&mut plain, ["2-97", "2-43", "2-52"]);
    assert_eq!(plain.game.lob_order(&plain.s, l), None);
}

#[test]
fn g17_4_normal_inverted_and_out_of_order_lines() {
    use coupdoeil_ge::battle_order::LobOrder;
    let l = |f: &Fx| f.leader("anstruther");
    let mut f = with_order(GtfKind::LineOfBattle);
    line_of(&mut f, ["2-43", "2-52", "2-97"]);
    assert!(ic(&f, "2-43") && ic(&f, "2-97"));
    assert_eq!(f.game.lob_order(&f.s, l(&f)), Some(LobOrder::Normal));
    let mut f = with_order(GtfKind::LineOfBattle);
    line_of(&mut f, ["2-97", "2-52", "2-43"]);
    assert_eq!(f.game.lob_order(&f.s, l(&f)), Some(LobOrder::Inverted));
    let mut f = with_order(GtfKind::LineOfBattle);
    line_of(&mut f, ["2-52", "2-43", "2-97"]);
    assert_eq!(f.game.lob_order(&f.s, l(&f)), Some(LobOrder::OutOfOrder));
    // The markers' numbers are Evolution Check DRMs (authored): -3 Out of Order.
    use coupdoeil_ge::gtf::EvolutionClass as C;
    assert_eq!(f.game.evolution_drm(&f.s, l(&f), C::Simple), -3);
    // Kept from the start of the evolution to its check.
    f.play("evolve anstruther form-processional");
    f.put("2-52", "0406", Formation::Line, "N");
    f.play("complete-evolution anstruther");
    f.d10(4);
    assert_eq!(evolution_check(&f), Some((4, -3, false)));
    let mut f = with_order(GtfKind::LineOfBattle);
    line_of(&mut f, ["2-97", "2-52", "2-43"]);
    assert_eq!(f.game.evolution_drm(&f.s, l(&f), C::Simple), -1, "Inverted");
}

#[test]
fn g17_4_1_right_or_left_in_front() {
    let l = |f: &Fx| f.leader("anstruther");
    let mut f = with_order(GtfKind::GrandColumn);
    f.put("2-43", "0405", Formation::Column, "N");
    f.put("2-52", "0406", Formation::Column, "N");
    f.put("2-97", "0407", Formation::Column, "N");
    assert_eq!(f.game.right_in_front(&f.s, l(&f)), Some(true));
    let mut f = with_order(GtfKind::GrandColumn);
    f.put("2-97", "0405", Formation::Column, "N");
    f.put("2-52", "0406", Formation::Column, "N");
    f.put("2-43", "0407", Formation::Column, "N");
    assert_eq!(f.game.right_in_front(&f.s, l(&f)), Some(false));
    let mut f = with_order(GtfKind::GrandColumn);
    f.put("2-52", "0405", Formation::Column, "N");
    f.put("2-43", "0406", Formation::Column, "N");
    assert_eq!(
        f.game.right_in_front(&f.s, l(&f)),
        Some(false),
        "judged among the units on the map"
    );
    f.put("2-97", "0407", Formation::Column, "N");
    assert_eq!(
        f.game.right_in_front(&f.s, l(&f)),
        None,
        "the middle one leads"
    );
}

#[test]
fn g17_4_3_quarter_wheel_the_wrong_way_inverts_sub_units() {
    use coupdoeil_ge::data::ColumnKind;
    for (right, inverted) in [(true, true), (false, false)] {
        // A GC at Full Distance with its Right in Front.
        let mut f = with_order(GtfKind::GrandColumn);
        for (u, hex) in [("2-43", "0405"), ("2-52", "0406"), ("2-97", "0407")] {
            let u = f.put(u, hex, Formation::Column, "N");
            f.s.troop_mut(u).column = Some(ColumnKind::Open);
        }
        // G17.3.6 The Simultaneous Quarter-Wheel of a Processional Deployment.
        f.play("evolve anstruther deploy-processional");
        f.play("select 2-43");
        f.play(if right {
            "quarter-wheel right"
        } else {
            "quarter-wheel left"
        });
        f.settle();
        assert_eq!(
            f.s.troop(f.unit("2-43")).inverted,
            inverted,
            "right {right}"
        );
    }
    // A LOB in Normal Order wheeling left into column.
    let mut f = with_order(GtfKind::LineOfBattle);
    line_of(&mut f, ["2-43", "2-52", "2-97"]);
    f.play("evolve anstruther form-processional");
    f.play("select 2-52");
    f.play("quarter-wheel left");
    f.settle();
    assert!(f.s.troop(f.unit("2-52")).inverted);
    assert!(f.events.iter().any(|e| matches!(
        e,
        Event::Drill {
            drill: coupdoeil_ge::event::Drill::WheelInverted,
            ..
        }
    )));
}

// ---------------------------------------------------------------------------------------------
// G17.5 Detached Regiments.

/// Anstruther's brigade in a LOB at 0205, FitzRoy with the 2/97th apart in 0208, in the British
/// Command Attachment Phase of turn `turn`.
fn fitzroy_with_97th(turn: u8) -> Fx {
    let mut f = anstruther(Some(GtfKind::LineOfBattle), "0205");
    f.put("2-43", "0205", Formation::Line, "N");
    f.put("2-97", "0208", Formation::Line, "N");
    f.put_leader("fitzroy", "0208");
    f.at(B, Stage::Attachment);
    f.s.acting = B;
    f.s.turn = turn;
    f
}

#[test]
fn g17_5_an_aide_de_camp_detaches_a_regiment_that_commands_as_a_brigade() {
    let mut f = fitzroy_with_97th(2);
    assert!(!ic(&f, "2-97"), "off the LOB");
    assert!(f.can("detach fitzroy 2-97"));
    assert!(!f.can("detach fitzroy 2-43"), "not stacked with him");
    f.play("detach fitzroy 2-97");
    let (adc, l, u) = (f.leader("fitzroy"), f.leader("anstruther"), f.unit("2-97"));
    assert_eq!(f.s.troop(u).detached, Some(adc));
    assert!(f.events.iter().any(|e| matches!(e, Event::Detached { .. })));
    assert!(!f.game.gtf_members(&f.s, l).contains(&u));
    // Under the Battalion method at first: In Command stacked with him, not away.
    assert!(ic(&f, "2-97"));
    f.put_leader("fitzroy", "0210");
    assert!(!ic(&f, "2-97"));
    f.put_leader("fitzroy", "0208");
    // A brigade of its own: the next turn he may take a GTF marker, or let it rejoin.
    f.at(B, Stage::Attachment);
    f.s.acting = B;
    assert!(
        !f.can("gtf fitzroy lob") && !f.can("rejoin fitzroy"),
        "one change a turn"
    );
    f.s.turn = 3;
    assert!(f.can("gtf fitzroy lob") && f.can("rejoin fitzroy"));
    f.play("gtf fitzroy gc");
    assert_eq!(f.game.directing_unit(&f.s, adc), Some(u));
    // It acts under its brigade's order.
    f.s.leaders[l.ix()].order = Some(coupdoeil_ge::state::OrderKind::Attack);
    assert_eq!(
        f.game.unit_order(&f.s, u),
        Some(coupdoeil_ge::state::OrderKind::Attack)
    );
}

#[test]
fn g17_5_rejoining_and_dissolving() {
    let mut f = fitzroy_with_97th(2);
    f.play("detach fitzroy 2-97");
    f.at(B, Stage::Attachment);
    f.s.acting = B;
    f.s.turn = 3;
    f.play("rejoin fitzroy");
    let u = f.unit("2-97");
    assert_eq!(f.s.troop(u).detached, None);
    assert!(f.events.iter().any(|e| matches!(
        e,
        Event::Rejoined {
            dissolved: false,
            ..
        }
    )));
    assert!(
        !ic(&f, "2-97"),
        "back in Anstruther's GTF, and out of its line"
    );
    // The aide-de-camp lost: dissolved.
    let mut f = fitzroy_with_97th(2);
    f.play("detach fitzroy 2-97");
    let adc = f.leader("fitzroy");
    f.s.pending.push(coupdoeil_ge::state::Frame::Leader(
        coupdoeil_ge::state::LeaderRoll::Casualty(vec![adc]),
    ));
    f.settle();
    assert_eq!(f.s.troop(u).detached, None);
    assert!(f.events.iter().any(|e| matches!(
        e,
        Event::Rejoined {
            dissolved: true,
            ..
        }
    )));
}

#[test]
fn g17_5_what_may_be_detached() {
    // Artillery is an asset; the counters of one regiment go together.
    let g = ggame_with(|t| {
        format!(
            "{t}\n[[leader]]\nid = \"fr-adc\"\nside = \"french\"\nname = \"French ADC\"\n\
             echelon = \"adc\"\nmorale = 5\nirreplaceable = true\n"
        )
    });
    let mut f = Fx::empty_of(g);
    f.put_leader("fr-adc", "0805");
    f.put("drag-3a", "0805", Formation::Column, "N");
    f.put("drag-3b", "0805", Formation::Column, "N");
    f.put("fr-guns", "0805", Formation::Limbered, "N");
    f.at(F, Stage::Attachment);
    f.s.acting = F;
    f.s.turn = 2;
    assert!(!f.can("detach fr-adc fr-guns"));
    let regiment: Vec<String> = f
        .legal_text()
        .into_iter()
        .filter(|t| t.starts_with("detach"))
        .collect();
    assert_eq!(
        regiment.len(),
        1,
        "one choice for the regiment: {regiment:?}"
    );
    f.play(&regiment[0]);
    let adc = f.leader("fr-adc");
    assert_eq!(f.s.troop(f.unit("drag-3a")).detached, Some(adc));
    assert_eq!(f.s.troop(f.unit("drag-3b")).detached, Some(adc));
    // Not below the Brigade Game.
    let mut b = fitzroy_with_97th(2);
    b.game = common::game_with("");
    assert!(!b.can("detach fitzroy 2-97"));
}

#[test]
fn g17_3_1_dropping_the_marker_abandons_the_evolution() {
    let mut f = column_of_three(GtfKind::GrandColumn);
    f.play("evolve anstruther deploy-direct");
    f.at(B, Stage::Attachment);
    f.s.acting = B;
    f.s.turn = 3;
    f.play("gtf anstruther none");
    let l = f.leader("anstruther");
    assert!(f.s.leader(l).gtf.evolving.is_none());
    // The next Movement Phase may end: nothing is left to complete.
    f.at(B, Stage::Movement);
    assert!(f.can("pass"));
}

// ---------------------------------------------------------------------------------------------
// G17.2.4 Leaving a GTF.

#[test]
fn g17_2_3_g17_2_4_moving_before_the_directing_unit_leaves_the_gtf() {
    let mut f = column_of_three(GtfKind::GrandColumn);
    let l = f.leader("anstruther");
    f.play("select 2-97");
    assert_eq!(f.s.troop(f.unit("2-97")).left_gtf, Some((2, l)));
    assert!(f.events.iter().any(|e| matches!(e, Event::GtfLeft { .. })));
    f.play("step 0306");
    f.play("end");
    f.settle();
    // The DU moves, then the others follow it without leaving.
    f.play("select 2-43");
    assert_eq!(f.s.troop(f.unit("2-43")).left_gtf, None);
    f.play("end");
    f.settle();
    f.play("select 2-52");
    assert_eq!(f.s.troop(f.unit("2-52")).left_gtf, None);
    // During an evolution the units move in any order.
    let mut g = column_of_three(GtfKind::GrandColumn);
    g.play("evolve anstruther deploy-processional");
    g.play("select 2-97");
    assert_eq!(g.s.troop(g.unit("2-97")).left_gtf, None);
}

#[test]
fn g17_2_4_back_in_the_gtf_next_turn_is_an_illegal_evolution() {
    use coupdoeil_ge::state::Morale;
    for back in [true, false] {
        let mut f = column_of_three(GtfKind::GrandColumn);
        let l = f.leader("anstruther");
        let u = f.unit("2-97");
        f.s.troop_mut(u).left_gtf = Some((2, l));
        if !back {
            f.put("2-97", "0209", Formation::Column, "N");
        }
        f.s.turn = 3;
        let mut ev = Vec::new();
        f.game.command_status_phase(&mut f.s, B, false, &mut ev);
        assert_eq!(f.s.troop(u).left_gtf, None, "the mark is cleared");
        let illegal = ev
            .iter()
            .any(|e| matches!(e, Event::IllegalEvolution { .. }));
        assert_eq!(illegal, back);
        let worse = if back {
            Morale::Disorder
        } else {
            Morale::Normal
        };
        for id in ["2-43", "2-52"] {
            assert_eq!(f.morale_of(id), worse, "{id}, back {back}");
        }
    }
}

#[test]
fn g17_3_1_an_evolution_may_be_completed_in_a_reserve_movement_phase() {
    let mut f = column_of_three(GtfKind::GrandColumn);
    f.play("evolve anstruther deploy-processional");
    // The French player turn: the British Reserve Movement Phase.
    f.at(F, Stage::ReserveMovement);
    assert!(
        !f.can("complete-evolution anstruther"),
        "not without a Reserve order"
    );
    let l = f.leader("anstruther");
    f.s.leaders[l.ix()].order = Some(coupdoeil_ge::state::OrderKind::Reserve);
    assert!(f.can("complete-evolution anstruther"));
    assert!(!f.can("gtf anstruther double-gc"), "it begins nothing");
    f.play("complete-evolution anstruther");
    assert_eq!(f.s.leader(l).gtf.kind, Some(GtfKind::LineOfBattle));
}

#[test]
fn g17_3_2_g17_3_3_opening_and_closing_change_no_marker() {
    // A LOB opened out along its line keeps its command: a line needs no contiguity.
    let mut f = anstruther(Some(GtfKind::LineOfBattle), "0405");
    f.put("2-43", "0405", Formation::Line, "N");
    let r1 = next(&f, "0405", EdgeDir::NW);
    let r2 = next(&f, &r1, EdgeDir::SW);
    let r3 = next(&f, &r2, EdgeDir::NW);
    f.put("2-52", &r3, Formation::Line, "N");
    assert!(ic(&f, "2-52"));
    // A GC closed up into the DU's hex and the next keeps it too.
    let mut g = anstruther(Some(GtfKind::GrandColumn), "0405");
    g.put("2-43", "0405", Formation::Column, "N");
    g.put("2-52", "0405", Formation::Column, "N");
    g.put("2-97", "0406", Formation::Column, "N");
    assert!(ic(&g, "2-52") && ic(&g, "2-97"));
}

/// Anstruther's brigade under a `kind` marker: the 2/43rd (his Directing Unit) in 0205 and the
/// 2/52nd on its right, both in Line facing N, in the British Movement Phase of turn 2.
fn line_of_two(kind: GtfKind) -> Fx {
    let mut f = anstruther(Some(kind), "0205");
    f.put("2-43", "0205", Formation::Line, "N");
    let right = next(&f, "0205", EdgeDir::NE);
    f.put("2-52", &right, Formation::Line, "N");
    f.s.turn = 2;
    f.at(B, Stage::Movement);
    f
}

#[test]
fn g17_3_7_form_grand_column_from_a_line_of_battle() {
    let mut f = line_of_two(GtfKind::DoubleLineOfBattle);
    assert!(
        !f.can("evolve anstruther deploy-processional"),
        "a GC's evolution"
    );
    // Ordinary, from a Double LOB: -1 and -2.
    f.play("evolve anstruther form-closed-column");
    // The units march by the flank into the column; the leader goes to its head.
    f.put("2-52", "0206", Formation::Column, "N");
    f.s.troop_mut(f.unit("2-43")).formation = Formation::Column;
    f.play("complete-evolution anstruther");
    let l = f.leader("anstruther");
    assert_eq!(
        f.s.leader(l).gtf.kind,
        Some(GtfKind::GrandColumn),
        "a single GC"
    );
    f.d10(5);
    assert_eq!(evolution_check(&f), Some((5, -3, true)));
    assert!(ic(&f, "2-43") && ic(&f, "2-52"));
}

#[test]
fn g17_3_8_lob_change_of_front_keeps_the_line() {
    let mut f = line_of_two(GtfKind::LineOfBattle);
    assert!(f.can("evolve anstruther marching-out") && f.can("evolve anstruther pivot-in-place"));
    assert!(
        !f.can("evolve anstruther prompt-maneuver"),
        "a GC's change of front"
    );
    f.play("evolve anstruther wheel-backward");
    // The line wheels back to face NNW: the new front is the DU's facing.
    for u in ["2-43", "2-52"] {
        let u = f.unit(u);
        f.s.troop_mut(u).facing = "NW".parse().unwrap();
    }
    f.play("complete-evolution anstruther");
    let l = f.leader("anstruther");
    assert_eq!(f.s.leader(l).gtf.kind, Some(GtfKind::LineOfBattle));
    f.d10(4);
    assert_eq!(
        evolution_check(&f),
        Some((4, -2, true)),
        "Difficult: 4 - 2 = 2 passes"
    );
}

/// G17.2.3 A GTF's move is segments of movement and evolutions: after completing one
/// evolution it may begin another in the same phase, each costing its extra MP, while its units
/// have MP left within their MA (ge-rulings 149); the Easy change of marker stays once a turn.
#[test]
fn g17_2_3_another_evolution_follows_a_completed_one_while_mp_are_left() {
    let mut f = line_of_two(GtfKind::LineOfBattle);
    let ma = f.game.unit_ma(&f.s, f.unit("2-43"));
    assert!(ma >= 2, "a Line's MA of {ma}");
    // Pivots in place, the line turned by hand between NNW and N: no unit moves, so each
    // evolution charges every unit its extra MP alone (ge-rulings 130).
    let mut done = 0;
    for facing in ["NW", "N", "NW", "N", "NW", "N", "NW", "N"] {
        if !f.can("evolve anstruther pivot-in-place") {
            break;
        }
        f.play("evolve anstruther pivot-in-place");
        // Each evolution has its own free pick-up of the leader (ge-rulings 141).
        let du = |f: &Fx| -> Vec<String> {
            f.legal_text()
                .into_iter()
                .filter(|t| t.starts_with("du anstruther"))
                .collect()
        };
        let offered = du(&f);
        assert_eq!(offered.len(), 1, "evolution {}: {offered:?}", done + 1);
        f.play(&offered[0]);
        assert!(du(&f).is_empty(), "once in the evolution");
        for u in ["2-43", "2-52"] {
            let u = f.unit(u);
            f.s.troop_mut(u).facing = facing.parse().unwrap();
        }
        f.play("complete-evolution anstruther");
        f.d10(9);
        done += 1;
        for u in ["2-43", "2-52"] {
            assert_eq!(f.s.troop(f.unit(u)).phase_mp, done, "{u} after {done}");
        }
    }
    assert_eq!(
        u32::from(ma),
        u32::from(done),
        "one evolution for each MP of the MA"
    );
    assert!(
        !f.legal().iter().any(|a| matches!(a, Action::Evolve { .. })),
        "no MP left: {:?}",
        f.legal_text()
    );
    // The Easy change is still there, once.
    assert!(f.can("gtf anstruther double-lob"));
    f.play("gtf anstruther double-lob");
    assert!(!f.can("gtf anstruther lob"));
    // The next turn begins afresh.
    f.s.turn = 3;
    for u in ["2-43", "2-52"] {
        f.s.troop_mut(f.unit(u)).phase_mp = 0;
    }
    assert!(f.can("evolve anstruther pivot-in-place"));
}

#[test]
fn g17_3_9_gc_change_of_front_by_the_prompt_maneuver() {
    let mut f = column_of_three(GtfKind::GrandColumn);
    assert!(f.can("evolve anstruther follow-the-leader"));
    f.play("evolve anstruther prompt-maneuver");
    f.play("complete-evolution anstruther");
    f.d10(2);
    assert_eq!(
        evolution_check(&f),
        Some((2, -1, false)),
        "Ordinary: 2 - 1 = 1 fails"
    );
}

#[test]
fn g17_4_2_the_top_unit_of_a_hex_is_in_front() {
    let mut f = with_order(GtfKind::GrandColumn);
    // The 2/97th on top of the 2/43rd in the head hex: it leads, by the left.
    f.put("2-43", "0405", Formation::Column, "N");
    f.put("2-97", "0405", Formation::Column, "N");
    f.put("2-52", "0406", Formation::Column, "N");
    let l = f.leader("anstruther");
    assert_eq!(f.game.directing_unit(&f.s, l), Some(f.unit("2-97")));
    assert_eq!(f.game.right_in_front(&f.s, l), Some(false));
}

#[test]
fn g17_3_the_directing_unit_turns_only_in_an_evolution() {
    let mut f = column_of_three(GtfKind::GrandColumn);
    f.play("select 2-43");
    let faces = |f: &Fx| {
        f.legal_text()
            .into_iter()
            .filter(|t| t.starts_with("face") || t.starts_with("quarter-wheel"))
            .count()
    };
    assert_eq!(faces(&f), 0, "a Change of Front needs its evolution");
    // The others turn as they like (to keep their place in the GTF).
    let mut g = column_of_three(GtfKind::GrandColumn);
    g.play("evolve anstruther follow-the-leader");
    g.play("select 2-43");
    assert!(faces(&g) > 0, "in an evolution the DU may turn");
    let mut h = column_of_three(GtfKind::GrandColumn);
    h.play("select 2-97");
    assert!(faces(&h) > 0, "not the DU");
}
