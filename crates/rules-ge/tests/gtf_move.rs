//! G17.2.3, G17.3.1 The movement of a Grand Tactical Formation (Brigade Game): the MP the whole
//! GTF has left after an evolution, the order of its moves (the Directing Unit first), and its
//! rigid movement.

mod common;
use common::{B, Fx};
use coupdoeil_engine::{Game, ToAct};
use coupdoeil_ge::data::Formation;
use coupdoeil_ge::event::Event;
use coupdoeil_ge::gtf::GtfKind;
use coupdoeil_ge::state::{CheckKind, Frame, OrderKind, Stage};
use coupdoeil_ge::{Action, GloryEmpire};
use coupdoeil_hex::EdgeDir;

/// The test scenario played as the Brigade Game.
fn ggame() -> GloryEmpire {
    common::game_from(
        |t| {
            t.replacen(
                "setup = \"historical\"\n",
                "setup = \"historical\"\nlevel = \"brigade\"\n",
                1,
            )
        },
        |c| c.to_string(),
    )
}

/// The label of the hex next to `hex` in direction `d`.
fn next(f: &Fx, hex: &str, d: EdgeDir) -> String {
    let c = f.game.data.board.neighbor(f.hex(hex), d).unwrap();
    f.label(c)
}

/// Anstruther's brigade in a Grand Column facing N in 0205 (the head, the DU, with him), 0206
/// and 0207 (the tail), in the British Movement Phase of turn 2.
fn column_of_three() -> Fx {
    let mut f = Fx::empty_of(ggame());
    f.put_leader("anstruther", "0205");
    let l = f.leader("anstruther");
    f.s.leaders[l.ix()].gtf.kind = Some(GtfKind::GrandColumn);
    f.put("2-43", "0205", Formation::Column, "N");
    f.put("2-52", "0206", Formation::Column, "N");
    f.put("2-97", "0207", Formation::Column, "N");
    f.s.turn = 2;
    f.at(B, Stage::Movement);
    f
}

/// [`column_of_three`] after its Directing Unit (2-43) stepped one hex ahead and the middle
/// unit (2-52) followed into 0205: the tail (2-97) selected, its place 0206.
fn follow_du(f: &mut Fx) {
    f.play("select 2-43");
    let ahead = next(f, "0205", EdgeDir::N);
    f.play(&format!("step {ahead}"));
    f.play("end");
    f.settle();
    f.play("select 2-52");
    f.play("step 0205");
    f.play("end");
    f.settle();
    f.play("select 2-97");
}

fn spent(f: &Fx) -> u8 {
    f.s.moving.as_ref().unwrap().spent
}

fn disorder_checks(f: &Fx) -> usize {
    f.s.pending
        .iter()
        .filter(|x| matches!(x, Frame::Check(c) if c.kind == CheckKind::Disorder))
        .count()
}

/// Figure 36's worked example: a Grand Column forms Line of Battle on its head by the Direct
/// Route. From the tail to the head the units spend 2, 1 and 0 MP moving, and 1 more each for
/// the evolution: the moment it is complete all of them have spent 3.
#[test]
fn g17_3_1_after_an_evolution_the_gtf_has_the_ma_left_of_the_unit_that_spent_most() {
    let mut f = column_of_three();
    f.play("evolve anstruther deploy-direct");
    // The tail: 1 MP for the evolution and 2 hexes.
    f.play("select 2-97");
    assert_eq!(spent(&f), 1);
    let a = next(&f, "0207", EdgeDir::NE);
    f.play(&format!("step {a}"));
    let b = next(&f, &a, EdgeDir::N);
    f.play(&format!("step {b}"));
    assert_eq!(spent(&f), 3);
    f.play("end");
    f.settle();
    // The middle: 1 MP and 1 hex.
    f.play("select 2-52");
    let c = next(&f, "0206", EdgeDir::NW);
    f.play(&format!("step {c}"));
    assert_eq!(spent(&f), 2);
    f.play("end");
    f.settle();
    // The head stays in place. The evolution is complete, the check passed (Complex, -3).
    f.play("complete-evolution anstruther");
    f.d10(5);
    let l = f.leader("anstruther");
    assert!(
        f.events
            .iter()
            .any(|e| matches!(e, Event::GtfMarkTime { leader, mp: 3 } if *leader == l))
    );
    for id in ["2-43", "2-52", "2-97"] {
        let t = f.s.troop(f.unit(id));
        assert_eq!(t.phase_mp, 3, "{id} marked time to 3 MP");
        assert!(!t.moved, "{id} may go on with the rest of its MA");
    }
    // The GTF goes on: the DU first (G17.2.3), with 3 MP spent already.
    f.play("select 2-43");
    assert_eq!(spent(&f), 3);
    let ma = f.game.unit_ma(&f.s, f.unit("2-43"));
    let steps = f
        .legal()
        .into_iter()
        .filter(|a| matches!(a, Action::Step(_)))
        .count();
    assert!(steps > 0 && ma > 3);
    f.play("end");
    f.settle();
    assert!(f.s.troop(f.unit("2-43")).moved);
    // A move that spends nothing more calls for no Disorder Check.
    assert_eq!(disorder_checks(&f), 0);
    f.play("select 2-97");
    assert_eq!(spent(&f), 3);
    assert_eq!(f.s.troop(f.unit("2-97")).left_gtf, None, "after the DU");
}

/// G17.3.1 Without moving in the phase a unit still counts the evolution's extra MP it would
/// have paid; the GTF is charged that when nobody moved.
#[test]
fn g17_3_1_units_marking_time_are_charged_the_evolutions_mp() {
    let mut f = column_of_three();
    f.play("evolve anstruther deploy-processional");
    f.play("complete-evolution anstruther");
    f.d10(9);
    for id in ["2-43", "2-52", "2-97"] {
        assert_eq!(f.s.troop(f.unit(id)).phase_mp, 1, "{id}");
    }
    f.play("select 2-43");
    assert_eq!(spent(&f), 1);
    // An Easy evolution costs no MP: nobody is charged anything.
    let mut g = column_of_three();
    g.play("evolve anstruther follow-the-leader");
    g.play("complete-evolution anstruther");
    assert!(
        !g.events
            .iter()
            .any(|e| matches!(e, Event::GtfMarkTime { .. }))
    );
    assert_eq!(g.s.troop(g.unit("2-97")).phase_mp, 0);
}

/// G17.3.1, B9.4, B9.5 Moving on after the evolution, the MP carried count as spent: a Force
/// March and the MP spent in a formation are judged over the whole phase (Figure 35: 8 MP in
/// Line calls for a Disorder Check), and only the Brigade Game carries MP from one move to the
/// next.
#[test]
fn g17_3_1_moving_on_counts_the_mp_carried() {
    let mut f = column_of_three();
    for id in ["2-43", "2-52", "2-97"] {
        let u = f.unit(id);
        f.s.troop_mut(u).formation = Formation::Line;
    }
    let l = f.leader("anstruther");
    f.s.leaders[l.ix()].gtf.kind = Some(GtfKind::LineOfBattle);
    // As if the GTF had spent 4 MP in its evolution: 2 more in Line are 6, beyond 4.
    for id in ["2-43", "2-52", "2-97"] {
        let u = f.unit(id);
        f.s.troop_mut(u).phase_mp = 4;
    }
    f.play("select 2-43");
    assert_eq!(spent(&f), 4);
    let a = next(&f, "0205", EdgeDir::N);
    f.play(&format!("step {a}"));
    let b = next(&f, &a, EdgeDir::N);
    f.play(&format!("step {b}"));
    f.play("end");
    f.settle();
    let check = f.s.pending.iter().find_map(|x| match x {
        Frame::Check(c) if c.kind == CheckKind::Disorder => Some(c.clone()),
        _ => None,
    });
    let check = check.expect("a Disorder Check for 6 MP in Line");
    assert!(
        check
            .modifiers
            .iter()
            .any(|m| m.what.contains("6 MP in Line")),
        "{:?}",
        check.modifiers
    );
    assert_eq!(f.s.troop(f.unit("2-43")).phase_mp, 6);
    // The Battalion Game carries nothing from one move to the next.
    let mut b = Fx::empty();
    b.put("2-43", "0205", Formation::Line, "N");
    b.s.turn = 2;
    b.at(B, Stage::Movement);
    let u = b.unit("2-43");
    b.s.troop_mut(u).phase_mp = 4;
    b.play("select 2-43");
    assert_eq!(spent(&b), 0);
}

fn out_of_place(f: &Fx) -> bool {
    f.events
        .iter()
        .any(|e| matches!(e, Event::GtfOutOfPlace { .. }))
}

/// G17.2.3, G17.2.4 The Directing Unit moves first: a unit moving before it leaves the GTF
/// (G17.2.4: moving first is the declaration), the DU's move opens the segment, and the units
/// moving after it stay in the GTF.
#[test]
fn g17_2_3_du_moves_first() {
    let mut f = column_of_three();
    let l = f.leader("anstruther");
    f.play("select 2-97");
    assert_eq!(f.s.troop(f.unit("2-97")).left_gtf, Some((2, l)), "left");
    assert_eq!(
        f.s.troop(f.unit("2-97")).gtf_place,
        None,
        "no place to keep"
    );
    f.play("end");
    f.settle();
    assert!(f.s.leader(l).gtf.segment.is_none());
    // The DU's move opens the segment.
    f.play("select 2-43");
    let seg = f.s.leader(l).gtf.segment.unwrap();
    assert_eq!(
        (seg.du, seg.from, seg.to),
        (f.unit("2-43"), f.hex("0205"), None)
    );
    let ahead = next(&f, "0205", EdgeDir::N);
    f.play(&format!("step {ahead}"));
    f.play("end");
    f.settle();
    assert_eq!(f.s.leader(l).gtf.segment.unwrap().to, Some(f.hex(&ahead)));
    // The others follow it, without leaving.
    f.play("select 2-52");
    assert_eq!(f.s.troop(f.unit("2-52")).left_gtf, None);
    assert_eq!(f.s.troop(f.unit("2-52")).gtf_place, Some(f.hex("0205")));
    // During an evolution no segment is opened: the units move in any order.
    let mut g = column_of_three();
    g.play("evolve anstruther deploy-processional");
    g.play("select 2-43");
    assert!(g.s.leader(l).gtf.segment.is_none());
}

/// G17.2.3 After the DU has moved, each unit that stays in the GTF must end its move in its
/// place relative to the DU (where it stood, moved as the DU moved) when it can reach it;
/// ending elsewhere changes its place without an evolution (G17.3): the whole GTF worsens
/// one level.
#[test]
fn g17_2_3_followers_keep_their_place_relative_to_the_du() {
    use coupdoeil_ge::state::Morale;
    let mut f = column_of_three();
    f.play("select 2-43");
    let ahead = next(&f, "0205", EdgeDir::N);
    f.play(&format!("step {ahead}"));
    f.play("end");
    f.settle();
    // The middle unit keeps its place: the head's old hex.
    f.play("select 2-52");
    f.play("step 0205");
    f.play("end");
    f.settle();
    assert!(!out_of_place(&f));
    assert_eq!(f.s.troop(f.unit("2-52")).gtf_place, None, "judged");
    // The tail may not stay behind while it can follow: it must go on to its place.
    f.play("select 2-97");
    assert_eq!(f.s.troop(f.unit("2-97")).gtf_place, Some(f.hex("0206")));
    assert!(!f.can("end"), "{:?}", f.legal_text());
    f.play("step 0206");
    f.play("end");
    f.settle();
    assert!(!out_of_place(&f));
    for id in ["2-43", "2-52", "2-97"] {
        assert_eq!(f.morale_of(id), Morale::Normal, "{id}");
    }
    // A unit dropped off on the way after moving is judged where it stands; one dropped off
    // before the stack did anything keeps no place and may move later.
    for moved in [false, true] {
        let mut g = column_of_three();
        g.put("2-97", "0206", Formation::Column, "N");
        // Worn down to a step each, the two may stack in their place.
        for id in ["2-52", "2-97"] {
            let u = g.unit(id);
            g.s.troop_mut(u).steps = 1;
        }
        g.play("select 2-43");
        g.play(&format!("step {ahead}"));
        g.play("end");
        g.settle();
        g.play("select 2-97");
        let u = g.unit("2-52");
        assert_eq!(g.s.troop(u).gtf_place, Some(g.hex("0205")));
        if moved {
            let aside = next(&g, "0206", EdgeDir::NE);
            g.play(&format!("step {aside}"));
        }
        if moved {
            // Off its place, the unit is not left behind while it may reach its place.
            assert!(!g.can("drop 2-52"), "{:?}", g.legal_text());
            continue;
        }
        g.play("drop 2-52");
        assert_eq!(g.s.troop(u).gtf_place, None);
        assert!(!out_of_place(&g));
        assert!(!g.s.troop(u).moved);
    }
}

/// G17.2.3 (ge-rulings 135) While a following unit can still reach its place, its steps are
/// only those after which it still can: with one MP left only the step onto the place is
/// legal, and a step next to an enemy unit (which the enemy may interrupt) only onto the
/// place. With MP to spare it may go round.
#[test]
fn g17_2_3_a_follower_steps_only_where_its_place_stays_in_reach() {
    let setup = |f: &mut Fx| {
        follow_du(f);
        assert_eq!(f.s.troop(f.unit("2-97")).gtf_place, Some(f.hex("0206")));
    };
    let aside = {
        let f = column_of_three();
        next(&f, "0207", EdgeDir::NE)
    };
    // MP to spare: a step aside still leaves the place within reach.
    let mut f = column_of_three();
    setup(&mut f);
    assert!(f.can(&format!("step {aside}")), "{:?}", f.legal_text());
    assert!(f.can("step 0206"));
    // One MP left: only the step onto the place.
    let mut f = column_of_three();
    setup(&mut f);
    let units = f.s.moving.as_ref().unwrap().units.clone();
    let ma = f.game.group_ma(&f.s, &units);
    f.s.moving.as_mut().unwrap().spent = ma - 1;
    let steps: Vec<String> = f
        .legal_text()
        .into_iter()
        .filter(|a| a.starts_with("step "))
        .collect();
    assert_eq!(steps, vec!["step 0206".to_string()]);
    assert!(!f.can("end"), "must go on");
    f.play("step 0206");
    f.play("end");
    f.settle();
    assert!(!out_of_place(&f));
    // An enemy unit next to the hex aside: stepping there could be interrupted, so it is
    // barred, though MP would allow going round.
    let mut f = column_of_three();
    let beyond = next(&f, &aside, EdgeDir::NE);
    setup(&mut f);
    f.put("gren-1-1", &beyond, Formation::Column, "SW");
    assert!(!f.can(&format!("step {aside}")), "{:?}", f.legal_text());
    assert!(f.can("step 0206"));
}

/// G17.2.3 (ge-rulings 135) with B9.1.2: a step into friends is reckoned with the extra MP it
/// will cost to leave them, as the real step records. With friends in the hex aside, stepping
/// there needs one MP more left than with the hex empty, and once there the place is still
/// reached.
#[test]
fn g17_2_3_a_follower_reckons_the_cost_of_leaving_friends_it_steps_into() {
    let aside = {
        let f = column_of_three();
        next(&f, "0207", EdgeDir::NE)
    };
    // The fewest MP left with which the tail may step aside.
    let fewest = |friends: bool| {
        (1..=20u8)
            .find(|&left| {
                let mut f = column_of_three();
                if friends {
                    f.put("2-95", &aside, Formation::Column, "N");
                }
                follow_du(&mut f);
                let units = f.s.moving.as_ref().unwrap().units.clone();
                let ma = f.game.group_ma(&f.s, &units);
                f.s.moving.as_mut().unwrap().spent = ma.saturating_sub(left);
                f.can(&format!("step {aside}"))
            })
            .unwrap()
    };
    let empty = fewest(false);
    let full = fewest(true);
    assert_eq!(
        full,
        empty + 1,
        "aside {aside}: {empty} MP left empty, {full} among friends"
    );
    // With that much left, the tail steps aside among friends and still ends in its place.
    let mut f = column_of_three();
    f.put("2-95", &aside, Formation::Column, "N");
    follow_du(&mut f);
    let units = f.s.moving.as_ref().unwrap().units.clone();
    let ma = f.game.group_ma(&f.s, &units);
    f.s.moving.as_mut().unwrap().spent = ma - full;
    f.play(&format!("step {aside}"));
    for _ in 0..4 {
        if f.s.troop(f.unit("2-97")).cell == Some(f.hex("0206")) {
            break;
        }
        let a = f
            .legal_text()
            .into_iter()
            .find(|a| a == "step 0206" || a.starts_with("face "))
            .unwrap_or_else(|| panic!("{:?}", f.legal_text()));
        f.play(&a);
    }
    if f.s.moving.is_some() {
        f.play("end");
    }
    f.settle();
    assert_eq!(
        f.s.troop(f.unit("2-97")).cell,
        Some(f.hex("0206")),
        "{}",
        f.log()
    );
    assert!(!out_of_place(&f));
}

/// G17.2.3 (ge-rulings 135) with ruling 63: a turn is reckoned as the last one before the next
/// step, since a second turn in a row is not allowed. Stepped aside with one MP left, the tail
/// may turn only to a facing from which that MP steps it back onto its place.
#[test]
fn g17_2_3_a_follower_turns_only_where_it_can_step_back_to_its_place() {
    let mut f = column_of_three();
    follow_du(&mut f);
    let aside = next(&f, "0207", EdgeDir::NE);
    f.play(&format!("step {aside}"));
    // One MP left: enough for a step to the front, not for one to the rear.
    let units = f.s.moving.as_ref().unwrap().units.clone();
    let ma = f.game.group_ma(&f.s, &units);
    f.s.moving.as_mut().unwrap().spent = ma - 1;
    let faces: Vec<String> = f
        .legal_text()
        .into_iter()
        .filter(|a| a.starts_with("face "))
        .collect();
    assert!(!faces.is_empty(), "{:?}", f.legal_text());
    // A turn to the rear would need a second turn to come back: not offered.
    assert!(!f.can("face S"), "{faces:?}");
    for face in faces {
        let mut g = f.clone();
        g.play(&face);
        assert!(g.can("step 0206"), "after {face}: {:?}", g.legal_text());
    }
}

/// G17.2.3 (ge-rulings 135) with 13.1.1: an Assault declared binds the move to end next to
/// its target, so a follower may not declare one on a target away from its place; a unit
/// keeping no place may.
#[test]
fn g17_2_3_a_follower_declares_no_assault_that_takes_it_from_its_place() {
    let with_gtf = |gtf: bool| {
        let mut f = column_of_three();
        let l = f.leader("anstruther");
        f.s.leaders[l.ix()].order = Some(OrderKind::Attack);
        if !gtf {
            f.s.leaders[l.ix()].gtf.kind = None;
        }
        // Two hexes behind the tail: no step on the way to the place is next to it.
        f.put("gren-1-1", "0209", Formation::Column, "N");
        follow_du(&mut f);
        f
    };
    let f = with_gtf(true);
    assert_eq!(f.s.troop(f.unit("2-97")).gtf_place, Some(f.hex("0206")));
    assert!(!f.can("assault 0209"), "{:?}", f.legal_text());
    assert!(f.can("step 0206"));
    let f = with_gtf(false);
    assert_eq!(f.s.troop(f.unit("2-97")).gtf_place, None);
    assert!(f.can("assault 0209"), "{:?}", f.legal_text());
}

/// Whether the moving stack holding `unit` can still end its move in `place` by at most
/// `depth` more steps and turns, each legal when taken.
fn way_back(f: &Fx, unit: &str, place: &str, depth: u8) -> bool {
    if f.s.moving.is_none() {
        return f.cell_of(unit).as_deref() == Some(place);
    }
    if f.cell_of(unit).as_deref() == Some(place) && f.can("end") {
        return true;
    }
    depth > 0
        && f.legal_text().into_iter().any(|a| {
            (a.starts_with("step ") || a.starts_with("face ")) && {
                let mut g = f.clone();
                g.play(&a);
                way_back(&g, unit, place, depth - 1)
            }
        })
}

/// G17.2.3 (ge-rulings 135) What the reckoning promises the real moves keep: a follower in
/// its place beside its leader's hex, in every facing and with 1 to 7 MP left, is offered only
/// steps and turns after which a legal way back to its place remains. Stepping into the
/// leader's hex puts it on top of his Directing Unit, which makes it the Directing Unit
/// (ruling 141), which may not turn: the reckoning knows that too.
#[test]
fn g17_2_3_every_step_and_turn_a_follower_is_offered_leaves_a_way_to_its_place() {
    let mut into_leader = 0;
    for facing in ["N", "NE", "SE", "S", "SW", "NW"] {
        for left in 1..=7u8 {
            let mut f = Fx::empty_of(ggame());
            f.put_leader("anstruther", "0205");
            let l = f.leader("anstruther");
            f.s.leaders[l.ix()].gtf.kind = Some(GtfKind::GrandColumn);
            f.put("2-43", "0205", Formation::Column, "N");
            f.steps("2-43", 1);
            f.put("2-52", "0305", Formation::Column, facing);
            f.s.turn = 2;
            f.at(B, Stage::Movement);
            // The DU stands: a segment of no displacement, every place the unit's own hex.
            f.play("select 2-43");
            f.play("end");
            f.settle();
            f.play("select 2-52");
            assert_eq!(f.s.troop(f.unit("2-52")).gtf_place, Some(f.hex("0305")));
            let units = f.s.moving.as_ref().unwrap().units.clone();
            let ma = f.game.group_ma(&f.s, &units);
            f.s.moving.as_mut().unwrap().spent = ma.saturating_sub(left);
            for a in f.legal_text() {
                if !(a.starts_with("step ") || a.starts_with("face ")) {
                    continue;
                }
                into_leader += usize::from(a == "step 0205");
                let mut g = f.clone();
                g.play(&a);
                assert!(
                    way_back(&g, "2-52", "0305", 3),
                    "facing {facing}, {left} MP left: after {a} no way back"
                );
            }
        }
    }
    assert!(
        into_leader > 0,
        "the step into the leader's hex is exercised"
    );
}

/// G17.2.3 (ge-rulings 135) Whatever else the following stack does on the way keeps its place
/// within reach: a formation change that would spend the MP it needs is not offered, it goes
/// Prone only in its place, and once there it steps off only if it can come back.
#[test]
fn g17_2_3_a_follower_does_nothing_that_puts_its_place_out_of_reach() {
    let ready = |spent_left: Option<u8>| {
        let mut f = column_of_three();
        follow_du(&mut f);
        if let Some(left) = spent_left {
            let units = f.s.moving.as_ref().unwrap().units.clone();
            let ma = f.game.group_ma(&f.s, &units);
            f.s.moving.as_mut().unwrap().spent = ma - left;
        }
        f
    };
    // MP to spare: Prone is not offered off the place.
    let f = ready(None);
    assert!(!f.can("prone"), "{:?}", f.legal_text());
    // One MP left, the place a step away: only the formation changes after which the step
    // can still be made (a Road Column's own MA may allow it); a Line's costs too much.
    let full: Vec<String> = ready(None)
        .legal_text()
        .into_iter()
        .filter(|a| a.starts_with("form "))
        .collect();
    let f = ready(Some(1));
    let offered: Vec<String> = f
        .legal_text()
        .into_iter()
        .filter(|a| a.starts_with("form "))
        .collect();
    assert!(full.contains(&"form line".to_string()), "{full:?}");
    assert!(!offered.contains(&"form line".to_string()), "{offered:?}");
    for a in &offered {
        let mut g = ready(Some(1));
        g.play(a);
        g.settle();
        assert!(g.can("step 0206"), "after {a}: {:?}", g.legal_text());
    }
    // In its place with one MP left, it steps off only where it can still come back, fewer
    // steps than with three MP left; and Prone is now allowed.
    let in_place = |left: u8| {
        let mut f = ready(Some(left + 1));
        f.play("step 0206");
        f
    };
    let steps_of = |f: &Fx| -> Vec<String> {
        f.legal_text()
            .into_iter()
            .filter(|a| a.starts_with("step "))
            .collect()
    };
    let f = in_place(1);
    let few = steps_of(&f);
    let many = steps_of(&in_place(3));
    assert!(few.len() < many.len(), "{few:?} {many:?}");
    assert!(few.iter().all(|a| many.contains(a)));
    for a in &few {
        let mut g = in_place(1);
        g.play(a);
        g.settle();
        assert!(g.can("step 0206"), "after {a}: {:?}", g.legal_text());
    }
    assert!(f.can("end"));
    assert!(f.can("prone"), "{:?}", f.legal_text());
}

/// G17.2.3 A unit that cannot reach its place in this move (here Prone: it does not move) is
/// allowed out of position for now, and no place is asked of the DU itself nor of a unit
/// whose DU has not moved.
#[test]
fn g17_2_3_out_of_place_when_the_place_cannot_be_reached() {
    let mut f = column_of_three();
    let u = f.unit("2-97");
    f.s.troop_mut(u).prone = true;
    f.play("select 2-43");
    assert_eq!(f.s.troop(f.unit("2-43")).gtf_place, None, "the DU");
    let ahead = next(&f, "0205", EdgeDir::N);
    f.play(&format!("step {ahead}"));
    f.play("end");
    f.settle();
    f.play("select 2-97");
    assert_eq!(f.s.troop(u).gtf_place, None);
    f.play("end");
    f.settle();
    assert!(!out_of_place(&f));
    // The DU stays where it is: the places are where the units stand.
    let mut g = column_of_three();
    g.play("select 2-43");
    g.play("end");
    g.settle();
    g.play("select 2-97");
    assert_eq!(g.s.troop(g.unit("2-97")).gtf_place, Some(g.hex("0207")));
}

/// G17.2.3 The computer's whole-move plans for a unit that has its place to keep all keep it.
#[test]
fn g17_2_3_plans_keep_the_place() {
    use coupdoeil_engine::Plans;
    let mut f = column_of_three();
    f.play("select 2-43");
    let ahead = next(&f, "0205", EdgeDir::N);
    f.play(&format!("step {ahead}"));
    f.play("end");
    f.settle();
    let mut plans = Vec::new();
    f.game.plans(&f.s, 100, &mut plans);
    let u = f.unit("2-52");
    let mine: Vec<_> = plans
        .into_iter()
        .filter(|p| p.first() == Some(&Action::Select(u)) && p.len() > 1)
        .collect();
    assert!(!mine.is_empty());
    let start = f.s.clone();
    for p in mine {
        f.s = start.clone();
        for a in &p {
            let text = f.game.action_notation(a);
            f.play(&text);
        }
        assert_eq!(f.s.troop(u).cell, Some(f.hex("0205")), "{p:?}");
    }
}

/// G17.2.3 The computer may move a whole GTF as one plan: the Directing Unit straight ahead,
/// its leader with it, then every other unit to its place.
#[test]
fn g17_2_3_a_plan_moves_the_whole_gtf_forward() {
    use coupdoeil_engine::Plans;
    let mut f = column_of_three();
    let mut plans = Vec::new();
    f.game.plans(&f.s, 100, &mut plans);
    let du = f.unit("2-43");
    let l = f.leader("anstruther");
    let whole: Vec<_> = plans
        .into_iter()
        .filter(|p| {
            p.first() == Some(&Action::Select(du))
                && p.contains(&Action::SelectLeader(l))
                && p.contains(&Action::Select(f.unit("2-97")))
        })
        .collect();
    assert_eq!(whole.len(), 2, "one and two hexes ahead");
    let start = f.s.clone();
    for p in whole {
        f.s = start.clone();
        f.events.clear();
        for a in &p {
            let text = f.game.action_notation(a);
            f.play(&text);
        }
        let k = p.iter().filter(|a| matches!(a, Action::Step(_))).count() / 4;
        let mut want = ["0205", "0206", "0207"].map(|h| h.to_string());
        for _ in 0..k {
            want = want.map(|h| next(&f, &h, EdgeDir::N));
        }
        for (id, h) in ["2-43", "2-52", "2-97"].iter().zip(&want) {
            assert_eq!(f.s.troop(f.unit(id)).cell, Some(f.hex(h)), "{id} {p:?}");
        }
        assert_eq!(f.s.leader(l).cell, Some(f.hex(&want[0])));
        assert!(!out_of_place(&f));
    }
}

/// G17.2.3 A Directing Unit dropped off by its stack before it did anything has not moved: its
/// segment is not opened; dropped off after moving, it has opened it where it stands.
#[test]
fn g17_2_3_a_du_dropped_off_opens_the_segment_only_once_it_moved() {
    for moved in [false, true] {
        let mut f = column_of_three();
        f.put("2-52", "0205", Formation::Column, "N");
        f.put("2-43", "0205", Formation::Column, "N");
        for id in ["2-52", "2-43"] {
            let u = f.unit(id);
            f.s.troop_mut(u).steps = 1;
        }
        let l = f.leader("anstruther");
        let du = f.unit("2-43");
        assert_eq!(f.game.directing_unit(&f.s, l), Some(du));
        f.play("select 2-43");
        let ahead = next(&f, "0205", EdgeDir::N);
        if moved {
            f.play(&format!("step {ahead}"));
        }
        f.play("drop 2-43");
        let seg = f.s.leader(l).gtf.segment;
        if moved {
            assert_eq!(seg.and_then(|g| g.to), Some(f.hex(&ahead)));
        } else {
            assert_eq!(seg, None);
        }
    }
}

/// G17.2.3 A unit may Force March to keep up with the DU, but need not: a place it could reach
/// only so is not asked of it.
#[test]
fn g17_2_3_a_force_march_to_keep_the_place_is_not_required() {
    let mut f = column_of_three();
    let u = f.unit("2-97");
    let ma = f.game.unit_ma(&f.s, u);
    f.s.troop_mut(u).phase_mp = ma;
    f.play("select 2-43");
    let ahead = next(&f, "0205", EdgeDir::N);
    f.play(&format!("step {ahead}"));
    f.play("end");
    f.settle();
    f.play("select 2-52");
    f.play("step 0205");
    f.play("end");
    f.settle();
    f.play("select 2-97");
    assert!(f.can("step 0206"), "a Force March could take it there");
    assert_eq!(f.s.troop(u).gtf_place, None);
    f.play("end");
    f.settle();
    assert!(!out_of_place(&f));
}

/// Figure 35's example: a Line of Battle of three units in Line moves forward 2 hexes (2 MP
/// each), wheels (1 MP for the evolution and what each spends wheeling: the outer unit 2 hexes
/// and a turn, the middle one 1 hex and a turn, the inner one a turn) and so has spent what
/// the outer unit spent, then moves forward again: beyond 4 MP in Line, a Disorder Check.
#[test]
fn g17_2_3_figure_35_move_wheel_and_move_on() {
    let mut f = column_of_three();
    let l = f.leader("anstruther");
    f.s.leaders[l.ix()].gtf.kind = Some(GtfKind::LineOfBattle);
    let mid = next(&f, "0205", EdgeDir::NE);
    let outer = next(&f, &mid, EdgeDir::SE);
    f.put("2-43", "0205", Formation::Line, "N");
    f.put("2-52", &mid, Formation::Line, "N");
    f.put("2-97", &outer, Formation::Line, "N");
    let ids = ["2-43", "2-52", "2-97"];
    let north =
        |f: &Fx, id: &str| next(f, &f.label(f.s.troop(f.unit(id)).cell.unwrap()), EdgeDir::N);
    // Segment 1: the DU, then the others, 2 hexes forward.
    for id in ids {
        f.play(&format!("select {id}"));
        for _ in 0..2 {
            let to = north(&f, id);
            f.play(&format!("step {to}"));
        }
        f.play("end");
        f.settle();
        assert_eq!(f.s.troop(f.unit(id)).phase_mp, 2, "{id}");
    }
    assert!(!out_of_place(&f));
    // The leader keeps with his DU.
    f.play("select anstruther");
    let a = next(&f, "0205", EdgeDir::N);
    f.play(&format!("step {a}"));
    let b = next(&f, &a, EdgeDir::N);
    f.play(&format!("step {b}"));
    if f.s.moving.is_some() {
        f.play("end");
    }
    // Segment 2: the wheel, on the DU (the inner unit).
    f.play("evolve anstruther wheel-forward");
    let spent_in = |f: &mut Fx, id: &str, hexes: usize| {
        f.play(&format!("select {id}"));
        assert_eq!(spent(f), 3, "{id}: 2 MP and 1 for the evolution");
        for _ in 0..hexes {
            let to = north(f, id);
            f.play(&format!("step {to}"));
        }
        // A Line's wheel of one vertex: 1 MP.
        let before = spent(f);
        let start = f.s.clone();
        let turn = f
            .legal()
            .into_iter()
            .filter(|a| matches!(a, Action::Face(_)))
            .find(|a| {
                let text = f.game.action_notation(a);
                f.play(&text);
                let one = spent(f) == before + 1;
                f.s = start.clone();
                one
            })
            .expect("a turn of one vertex");
        f.play(&f.game.action_notation(&turn));
        let mp = spent(f);
        f.play("end");
        f.settle();
        // Beyond 4 MP in Line the move ends with its own Disorder Check (ge-rulings 131).
        while f.to_act() == ToAct::Chance {
            f.d100(99);
        }
        mp
    };
    let inner = spent_in(&mut f, "2-43", 0);
    let middle = spent_in(&mut f, "2-52", 1);
    let outer_mp = spent_in(&mut f, "2-97", 2);
    assert_eq!((inner, middle, outer_mp), (4, 5, 6));
    f.play("complete-evolution anstruther");
    f.d10(9);
    for id in ids {
        assert_eq!(
            f.s.troop(f.unit(id)).phase_mp,
            6,
            "{id}: all have spent 6 MP"
        );
    }
    assert!(
        f.can("select anstruther"),
        "the leader may go on with his DU"
    );
    // Segment 3: the DU goes on. The authored MA of a Line (4, and 3 more by Force March)
    // lets it make one hex of the figure's two: 7 MP in all, 3 beyond what a Line spends
    // safely and beyond its MA.
    f.play("select 2-43");
    assert_eq!(spent(&f), 6);
    let to = f
        .legal()
        .into_iter()
        .find(|a| matches!(a, Action::Step(_)))
        .expect("a step forward");
    f.play(&f.game.action_notation(&to));
    assert_eq!(spent(&f), 7);
    assert!(!f.legal().iter().any(|a| matches!(a, Action::Step(_))));
    f.play("end");
    f.settle();
    let check = f.s.pending.iter().find_map(|x| match x {
        Frame::Check(c) if c.kind == CheckKind::Disorder => Some(c.clone()),
        _ => None,
    });
    let check = check.expect("a Disorder Check");
    assert!(
        check
            .modifiers
            .iter()
            .any(|m| m.what.contains("7 MP in Line")),
        "{:?}",
        check.modifiers
    );
}

/// G17.2.3, G17.2.4 An evolution begun after the GTF moved lets its units move again, but not
/// one that left the GTF by moving before its Directing Unit.
#[test]
fn g17_2_3_an_evolution_after_moving_is_the_next_segment() {
    let mut f = column_of_three();
    // The tail leaves (it moves first, in place), then the DU and the middle unit move.
    for id in ["2-97", "2-43", "2-52"] {
        f.play(&format!("select {id}"));
        f.play("end");
        f.settle();
    }
    assert!(f.s.troop(f.unit("2-97")).left_gtf.is_some());
    f.play("evolve anstruther follow-the-leader");
    assert!(!f.s.troop(f.unit("2-43")).moved && !f.s.troop(f.unit("2-52")).moved);
    assert!(f.s.troop(f.unit("2-97")).moved, "it left the GTF");
    assert!(f.can("select 2-43") && !f.can("select 2-97"));
}

/// G17.2.3 The whole GTF's move offered as one choice: one plan per distance the Directing
/// Unit can go straight ahead, as far as its Movement Allowance takes it (not only one or two
/// hexes); each plan is ordinary legal actions that leave the DU that far ahead and every
/// other stack in its place, so no unit leaves its place and nobody worsens.
#[test]
fn g17_2_3_the_whole_gtf_moves_as_far_as_the_du_goes_straight_ahead() {
    use coupdoeil_ge::state::Morale;
    let f = column_of_three();
    let select = Action::Select(f.unit("2-43"));
    let plans = f.game.gtf_move_plans(&f.s, B, select);
    // Each distance from the start hex, in order.
    let mut ahead = vec!["0205".to_string()];
    while ahead.len() <= plans.len() {
        let last = ahead.last().unwrap().clone();
        ahead.push(next(&f, &last, EdgeDir::N));
    }
    assert!(
        plans.len() > 2,
        "a Grand Column on open ground goes more than two hexes: {} plans",
        plans.len()
    );
    assert!(plans.len() <= coupdoeil_ge::GTF_UI_AHEAD);
    for (i, plan) in plans.iter().enumerate() {
        let k = i + 1;
        let mut g = column_of_three();
        for a in plan {
            let mut legal = Vec::new();
            g.game.legal_actions(&g.s, &mut legal);
            assert!(legal.contains(a), "{k} ahead: {a:?} is legal");
            let mut ev = Vec::new();
            g.game.apply_action_unchecked(&mut g.s, a, &mut ev);
            g.events.extend(ev);
            while g.game.to_act(&g.s) == ToAct::Chance {
                g.d10(5);
            }
        }
        assert_eq!(
            g.cell_of("2-43").as_deref(),
            Some(ahead[k].as_str()),
            "{k} ahead"
        );
        assert_eq!(
            g.cell_of("2-52").as_deref(),
            Some(ahead[k - 1].as_str()),
            "{k} ahead"
        );
        assert_eq!(
            g.cell_of("2-97").as_deref(),
            Some(if k >= 2 {
                ahead[k - 2].as_str()
            } else {
                "0206"
            }),
            "{k} ahead"
        );
        assert!(!out_of_place(&g), "{k} ahead");
        for id in ["2-43", "2-52", "2-97"] {
            assert_eq!(g.morale_of(id), Morale::Normal, "{id}, {k} ahead");
        }
    }
    // The DU could go no farther straight ahead than the longest plan: one more step is
    // beyond its Movement Allowance or off the map.
    let mut g = column_of_three();
    g.play("select 2-43");
    for h in &ahead[1..=plans.len()] {
        g.play(&format!("step {h}"));
    }
    let farther = g
        .game
        .data
        .board
        .neighbor(g.hex(&ahead[plans.len()]), EdgeDir::N);
    assert!(farther.is_none_or(|c| !g.legal().contains(&Action::Step(c))));
}

fn du_moves(f: &Fx) -> Vec<String> {
    f.legal_text()
        .into_iter()
        .filter(|t| t.starts_with("du "))
        .collect()
}

/// G17.1 (ge-rulings 141) Before his GTF moves in his Movement Phase, a brigade leader may be
/// picked up and put with another unit of his that can direct it, at no cost: in a Line of
/// Battle any of his units in a close order formation. Once a phase, and not once the GTF's
/// move has begun.
#[test]
fn g17_1_a_brigade_leader_takes_a_new_directing_unit_at_no_cost() {
    let mut f = column_of_three();
    let l = f.leader("anstruther");
    f.s.leaders[l.ix()].gtf.kind = Some(GtfKind::LineOfBattle);
    for id in ["2-43", "2-52", "2-97"] {
        let u = f.unit(id);
        f.s.troop_mut(u).formation = Formation::Line;
    }
    assert_eq!(f.game.directing_unit(&f.s, l), Some(f.unit("2-43")));
    assert_eq!(du_moves(&f), ["du anstruther 0206", "du anstruther 0207"]);
    // A unit in Road Column (not a close order formation) may not direct a Line of Battle.
    let mut g = f.clone();
    let u = g.unit("2-97");
    g.s.troop_mut(u).formation = Formation::RoadColumn;
    assert_eq!(du_moves(&g), ["du anstruther 0206"]);
    let mp = f.s.leaders[l.ix()];
    f.play("du anstruther 0206");
    assert_eq!(f.s.leaders[l.ix()].cell, Some(f.hex("0206")));
    assert_eq!(f.game.directing_unit(&f.s, l), Some(f.unit("2-52")));
    assert!(f.events.iter().any(|e| matches!(e,
        Event::DuChanged { leader, unit: Some(u), .. } if *leader == l && *u == f.unit("2-52"))));
    assert!(f.log().contains("G17.1"), "{}", f.log());
    // No MP spent: the leader has not moved in the phase, and may still move as before.
    assert!(!mp.moved && !f.s.leaders[l.ix()].moved);
    assert!(f.can("select anstruther"), "{:?}", f.legal_text());
    // Once a phase.
    assert!(du_moves(&f).is_empty(), "{:?}", du_moves(&f));
    // Not once the GTF's move has begun: its DU has moved.
    let mut g = column_of_three();
    g.s.leaders[l.ix()].gtf.kind = Some(GtfKind::LineOfBattle);
    g.play("select 2-43");
    assert!(du_moves(&g).is_empty());
    let ahead = next(&g, "0205", EdgeDir::N);
    g.play(&format!("step {ahead}"));
    g.play("end");
    g.settle();
    assert!(du_moves(&g).is_empty());
}

/// G17.1 In a Grand Column the Directing Unit is its head: a leader put with the tail may be
/// moved back to the head, and only there.
#[test]
fn g17_1_a_grand_columns_directing_unit_is_its_head() {
    let mut f = column_of_three();
    // The head directs: there is no other head to go to.
    assert!(du_moves(&f).is_empty(), "{:?}", du_moves(&f));
    f.put_leader("anstruther", "0207");
    let l = f.leader("anstruther");
    assert_eq!(f.game.directing_unit(&f.s, l), Some(f.unit("2-97")));
    assert_eq!(du_moves(&f), ["du anstruther 0205"]);
    assert!(!f.can("du anstruther 0206"));
    // During an evolution the head is not asked for (g17_3_1_the_leader_is_picked_up_...).
    let mut g = f.clone();
    g.s.leaders[l.ix()].gtf.evolving = Some((coupdoeil_ge::gtf::Evolution::DeployProcessional, 2));
    assert_eq!(du_moves(&g), ["du anstruther 0205", "du anstruther 0206"]);
    // Not in another side's phase.
    let mut g = f.clone();
    g.at(common::F, Stage::Movement);
    assert!(du_moves(&g).is_empty());
    f.play("du anstruther 0205");
    assert_eq!(f.game.directing_unit(&f.s, l), Some(f.unit("2-43")));
}

/// G17.1.2, G17.3.1 (ge-rulings 141) While his GTF is in an evolution, the brigade leader may be
/// picked up and put with the unit that is to direct the GTF being formed, at no cost and once
/// a turn: for a Line of Battle any unit of his in a close order formation, wherever it stands
/// (the units are out of place until the evolution is complete). The GTF formed takes that unit
/// as its Directing Unit.
#[test]
fn g17_3_1_the_leader_is_picked_up_and_put_with_the_new_directing_unit() {
    let mut f = column_of_three();
    let l = f.leader("anstruther");
    let u = f.unit("2-97");
    f.s.troop_mut(u).formation = Formation::RoadColumn;
    // Before the evolution only the head directs a Grand Column: no move for the leader.
    assert!(du_moves(&f).is_empty(), "{:?}", du_moves(&f));
    f.play("evolve anstruther deploy-direct");
    // Forming a Line of Battle: the middle unit (Column) may direct it, the tail in Road
    // Column may not.
    assert_eq!(du_moves(&f), ["du anstruther 0206"]);
    // The middle unit steps ahead into the line; the leader is put with it there.
    f.play("select 2-52");
    let c = next(&f, "0206", EdgeDir::NW);
    f.play(&format!("step {c}"));
    // Not while a unit moves.
    assert!(du_moves(&f).is_empty(), "{:?}", du_moves(&f));
    f.play("end");
    f.settle();
    assert_eq!(du_moves(&f), [format!("du anstruther {c}")]);
    f.play(&format!("du anstruther {c}"));
    assert_eq!(f.s.leaders[l.ix()].cell, Some(f.hex(&c)));
    assert!(
        !f.s.leaders[l.ix()].moved,
        "no MP: the leader has not moved"
    );
    assert_eq!(f.game.directing_unit(&f.s, l), Some(f.unit("2-52")));
    // Once a turn.
    assert!(du_moves(&f).is_empty(), "{:?}", du_moves(&f));
    f.play("complete-evolution anstruther");
    f.d10(9);
    assert_eq!(f.s.leaders[l.ix()].gtf.kind, Some(GtfKind::LineOfBattle));
    assert_eq!(f.game.directing_unit(&f.s, l), Some(f.unit("2-52")));
    // Nor, without a Reserve order, in the other side's Reserve Movement Phase.
    let mut g = column_of_three();
    g.play("evolve anstruther deploy-direct");
    assert!(!du_moves(&g).is_empty());
    g.at(common::F, Stage::ReserveMovement);
    assert!(du_moves(&g).is_empty(), "{:?}", du_moves(&g));
    // Under a Reserve order it may, there as in its own Movement Phase (4.2.5).
    g.s.leaders[l.ix()].order = Some(coupdoeil_ge::state::OrderKind::Reserve);
    assert_eq!(du_moves(&g), ["du anstruther 0206", "du anstruther 0207"]);
    assert!(g.can("complete-evolution anstruther"));
}

/// G17.1 (ge-rulings 141) A brigade under a Reserve order moves in the other side's Reserve
/// Movement Phase: its leader may be picked up there before the GTF moves, as in a Movement
/// Phase; without the order, not.
#[test]
fn g17_1_the_pick_up_in_a_reserve_movement_phase() {
    let mut f = column_of_three();
    let l = f.leader("anstruther");
    f.put_leader("anstruther", "0207");
    f.at(common::F, Stage::ReserveMovement);
    assert!(du_moves(&f).is_empty(), "{:?}", du_moves(&f));
    f.s.leaders[l.ix()].order = Some(coupdoeil_ge::state::OrderKind::Reserve);
    assert_eq!(du_moves(&f), ["du anstruther 0205"]);
    f.play("du anstruther 0205");
    assert_eq!(f.game.directing_unit(&f.s, l), Some(f.unit("2-43")));
    assert!(du_moves(&f).is_empty(), "once a turn");
}

/// G17.3.1 The computer's plans put the leader with a new Directing Unit in an evolution only
/// when the unit he is with could not direct the GTF being formed.
#[test]
fn g17_3_1_the_plans_pick_the_leader_up_only_when_his_unit_cannot_direct() {
    use coupdoeil_engine::Plans;
    let du_plans = |f: &Fx| {
        let mut plans = Vec::new();
        f.game.plans(&f.s, 100, &mut plans);
        plans
            .into_iter()
            .filter(|p| matches!(p.first(), Some(Action::ChangeDu { .. })))
            .count()
    };
    let mut f = column_of_three();
    f.play("evolve anstruther deploy-direct");
    assert!(!du_moves(&f).is_empty());
    assert_eq!(
        du_plans(&f),
        0,
        "the head in Column may direct the Line of Battle"
    );
    let mut g = column_of_three();
    let u = g.unit("2-43");
    g.s.troop_mut(u).formation = Formation::RoadColumn;
    g.play("evolve anstruther deploy-direct");
    assert_eq!(du_moves(&g), ["du anstruther 0206", "du anstruther 0207"]);
    assert_eq!(du_plans(&g), 2);
}

/// The hex leader `id` stands in.
fn leader_cell(f: &Fx, id: &str) -> Option<String> {
    f.s.leaders[f.leader(id).ix()].cell.map(|c| f.label(c))
}

/// Anstruther's Line of Battle: 2-97 in 0203 with him (his Directing Unit) and 2-43 in 0205 in
/// `formation`, both facing NNE; a fire result drives 2-97 back (Shaken and one hex of
/// retreat, 8.4) in the French Fire Phase.
fn line_about_to_retreat(formation: Formation) -> Fx {
    let mut f = Fx::empty_of(ggame());
    f.put_leader("anstruther", "0203");
    let l = f.leader("anstruther");
    f.s.leaders[l.ix()].gtf.kind = Some(GtfKind::LineOfBattle);
    f.put("2-97", "0203", Formation::Line, "NNE");
    f.put("2-43", "0205", formation, "NNE");
    f.morale("2-97", coupdoeil_ge::state::Morale::Disorder);
    f.s.turn = 2;
    f.driven_back("0203");
    f
}

#[test]
fn g17_1_2_the_leader_is_picked_up_as_his_directing_unit_begins_to_retreat() {
    let mut f = line_about_to_retreat(Formation::Line);
    let (l, du) = (f.leader("anstruther"), f.unit("2-97"));
    // Before the first hex of the retreat, his owner may put him with 2-43.
    assert!(
        matches!(f.s.pending.last(), Some(Frame::PickUp { leader, du: d }) if *leader == l && *d == du),
        "{:?}",
        f.s.pending.last()
    );
    assert_eq!(f.to_act(), ToAct::Side(B));
    let mut choices = f.legal_text();
    choices.sort();
    assert_eq!(choices, ["du anstruther 0205", "pass"]);
    f.play("du anstruther 0205");
    assert_eq!(leader_cell(&f, "anstruther").as_deref(), Some("0205"));
    assert_eq!(f.game.directing_unit(&f.s, l), Some(f.unit("2-43")));
    // The retreat goes on without him.
    assert!(matches!(f.s.pending.last(), Some(Frame::Retreat(_))));
    f.first_retreats();
    assert_ne!(f.cell_of("2-97").as_deref(), Some("0203"), "it retreated");
    assert_eq!(leader_cell(&f, "anstruther").as_deref(), Some("0205"));
}

#[test]
fn g17_1_2_a_leader_not_picked_up_retreats_with_his_directing_unit() {
    let mut f = line_about_to_retreat(Formation::Line);
    f.play("pass");
    f.first_retreats();
    let to = f.cell_of("2-97");
    assert_ne!(to.as_deref(), Some("0203"), "it retreated");
    assert_eq!(
        leader_cell(&f, "anstruther"),
        to,
        "ge-rulings 17: he goes with it"
    );
}

#[test]
fn g17_1_2_no_pick_up_without_a_unit_that_could_direct() {
    // 2-43 en Débandade (not a close order formation) could not direct a Line of Battle:
    // the retreat begins with no choice to make.
    let f = line_about_to_retreat(Formation::Sed);
    assert!(
        !f.s.pending
            .iter()
            .any(|x| matches!(x, Frame::PickUp { .. })),
        "{:?}",
        f.s.pending
    );
    assert!(matches!(f.s.pending.last(), Some(Frame::Retreat(_))));
}
