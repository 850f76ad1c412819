//! 4 Sequence of Play, 4.2.5 the Reserve Segment, 4.3 End of Turn and the victory score.

mod common;
use common::drive;
use common::{B, F, Fx};
use coupdoeil_engine::Game;
use coupdoeil_ge::Action;
use coupdoeil_ge::data::Formation;
use coupdoeil_ge::event::Event;
use coupdoeil_ge::state::{OrderKind, Stage};

#[test]
fn s4_the_phases_of_a_game_turn_in_order() {
    let mut f = Fx::deployed();
    f.d10(4);
    f.d10(5);
    f.play("first british");
    drive(&mut f, |f| f.s.turn == 2);
    let phases: Vec<String> = f
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Phase { side, phase } => {
                let who = if *side == B { "B" } else { "F" };
                Some(format!("{who} {}", phase.split(" (").next().unwrap_or("")))
            }
            _ => None,
        })
        .collect();
    let want = [
        "F Command Attachment Phase",
        "F Orders Phase",
        "B Rally Phase",
        "B Fire Segment",
        "F Non-Phasing Artillery Fire Segment",
        "B Movement Phase",
        "F Reserve Movement Phase",
        "B Charge Phase",
        "B Assault Phase",
        "F Rally Phase",
        "F Fire Segment",
        "B Non-Phasing Artillery Fire Segment",
        "F Movement Phase",
        "B Reserve Movement Phase",
        "F Charge Phase",
        "F Assault Phase",
        "B Leader Replacement Phase",
    ];
    assert_eq!(phases, want);
    assert!(
        f.events
            .iter()
            .any(|e| matches!(e, Event::TurnBegins { turn: 2, .. }))
    );
}

#[test]
fn s4_2_5_reserve_units_move_only_in_the_enemys_reserve_movement_phase() {
    let mut f = Fx::empty();
    f.put_leader("wellesley", "0101");
    f.put_leader("fane", "0505");
    f.put("1-50", "0506", Formation::Column, "S");
    f.put("2-97", "0406", Formation::Column, "S");
    let fane = f.leader("fane");
    f.s.leaders[fane.ix()].order = Some(OrderKind::Reserve);
    f.at(B, Stage::Movement);
    let u = f.unit("1-50");
    assert!(
        !f.legal().contains(&Action::Select(u)),
        "not in its own Movement Phase"
    );
    assert!(f.legal().contains(&Action::Select(f.unit("2-97"))));
    f.at(F, Stage::ReserveMovement);
    assert!(
        f.legal().contains(&Action::Select(u)),
        "in the French Player Turn's Reserve Segment"
    );
    assert!(
        !f.legal().contains(&Action::Select(f.unit("2-97"))),
        "only reserve units"
    );
    // An Out of Command reserve unit may not.
    f.s.troop_mut(u).ooc = true;
    assert!(!f.legal().contains(&Action::Select(u)));
}

#[test]
fn s4_3_the_end_of_turn_removes_orders_and_the_last_turn_ends_the_game() {
    let mut f = Fx::deployed();
    f.d10(4);
    f.d10(5);
    f.play("first british");
    drive(&mut f, |f| f.s.stage == Stage::Orders && f.s.acting == B);
    f.play("order anstruther attack");
    let a = f.leader("anstruther");
    assert_eq!(f.s.leader(a).order, Some(OrderKind::Attack));
    drive(&mut f, |f| f.s.turn == 2);
    assert_eq!(
        f.s.leader(a).order,
        None,
        "orders come off at the end of the turn"
    );
    drive(&mut f, |f| f.s.ending.is_some());
    let o = f.game.outcome(&f.s).unwrap();
    // Nothing moved: the British still hold both objectives (8 + 8).
    assert_eq!(o.points, [16, 0]);
    assert_eq!(o.winner, Some(B));
    assert_eq!(o.kind, "decisive");
    assert_eq!(f.s.turn, 8);
}

#[test]
fn an_objective_belongs_to_the_last_side_to_enter_it() {
    let mut f = Fx::empty();
    f.put("gren-1-1", "0909", Formation::Column, "N");
    f.at(F, Stage::Movement);
    f.play("select gren-1-1");
    f.play("step 0908");
    assert_eq!(f.game.score(&f.s), [8, 8], "the hill changes hands");
}
