//! Rule cases of chapters 12 to 14 (army morale, the Joint Army Morale Adjustment, the End of
//! Turn) and victory; these rules are beyond the end of our text (see docs/rules/pg-rulings.md).

mod common;
use common::{Fx, field_with};
use coupdoeil_engine::{Game, Side, ToAct};
use coupdoeil_pg::event::Event;
use coupdoeil_pg::state::Stage;

const P: Side = Side::A;
const A: Side = Side::B;

/// Ends the current Player Turn of the test field's deployed position quickly: rolls the
/// command dice and ends each phase.
fn end_player_turn(fx: &mut Fx) {
    let side = fx.s.phasing;
    let turn = fx.s.turn;
    for _ in 0..50 {
        if fx.s.phasing != side
            || fx.s.turn != turn
            || fx.s.ending.is_some()
            || fx.s.stage == Stage::ArmyMorale
        {
            return;
        }
        match fx.game.to_act(&fx.s) {
            ToAct::Chance => fx.die(1),
            ToAct::Side(_) => {
                let legal = fx.legal_text();
                let a = ["end-phase", "pass"]
                    .iter()
                    .find(|x| legal.iter().any(|l| l == *x))
                    .map(|x| x.to_string())
                    .unwrap_or_else(|| legal[0].clone());
                fx.play(&a);
            }
            ToAct::Over => return,
        }
    }
}

#[test]
fn r13_army_morale_falls_by_the_victory_points_conceded_and_enemy_combat_successes() {
    let mut fx = Fx::deployed();
    fx.s.armies[A].conceded = 3;
    fx.s.armies[P].cs = 1;
    end_player_turn(&mut fx);
    end_player_turn(&mut fx);
    let lost = fx.events.iter().find_map(|e| match e {
        Event::ArmyMorale { side, lost, am, .. } if *side == A => Some((*lost, *am)),
        _ => None,
    });
    assert_eq!(lost, Some((4, 16)));
    assert_eq!(fx.s.armies[A].conceded, 0);
    assert_eq!(fx.s.armies[P].cs, 0);
}

#[test]
fn r12_3_an_army_reaching_its_demoralized_level_checks_every_unit() {
    let mut fx = Fx::deployed();
    // The Austrians are at 20 with Demoralized at 10: 10 VP conceded this turn.
    fx.s.armies[A].conceded = 10;
    end_player_turn(&mut fx);
    end_player_turn(&mut fx);
    assert!(fx.s.armies[A].demoralized);
    assert_eq!(fx.s.stage, Stage::ArmyMorale);
    let on_map =
        fx.s.troops
            .iter()
            .enumerate()
            .filter(|(i, t)| t.cell.is_some() && fx.game.data.troops[*i].side == A)
            .count();
    assert_eq!(fx.s.checks.len(), on_map);
    // Each Morale Check at MR - 1.
    let u = fx.s.checks[0];
    assert_eq!(
        fx.game.morale_target(&fx.s, u),
        fx.game.mr(&fx.s, u) as i8 + fx.game.leader_modifier(&fx.s, u) - 1
    );
}

#[test]
fn r12_4_a_broken_army_checks_at_minus_two() {
    let mut fx = Fx::deployed();
    fx.s.armies[A].conceded = 16;
    end_player_turn(&mut fx);
    end_player_turn(&mut fx);
    assert!(fx.s.armies[A].broken && fx.s.armies[A].demoralized);
    let u = fx.s.checks[0];
    assert_eq!(
        fx.game.morale_target(&fx.s, u),
        fx.game.mr(&fx.s, u) as i8 + fx.game.leader_modifier(&fx.s, u) - 2
    );
}

#[test]
fn r14_the_game_ends_after_the_last_turn_with_its_victory_level() {
    let mut fx = Fx::deployed();
    fx.s.turn = fx.game.data.turns;
    fx.s.armies[P].vp = 6;
    end_player_turn(&mut fx);
    end_player_turn(&mut fx);
    let e = fx.s.ending.clone().expect("over");
    assert_eq!(e.winner, Some(P));
    assert_eq!(e.kind, "decisive");
    assert_eq!(fx.game.to_act(&fx.s), ToAct::Over);
}

#[test]
fn r14_otherwise_the_last_level_applies() {
    let mut fx = Fx::deployed();
    fx.s.turn = fx.game.data.turns;
    fx.s.armies[P].vp = 5;
    end_player_turn(&mut fx);
    end_player_turn(&mut fx);
    let e = fx.s.ending.clone().expect("over");
    assert_eq!(e.winner, Some(A));
    assert_eq!(e.kind, "marginal");
}

#[test]
fn r14_a_new_turn_resets_the_once_per_turn_markers() {
    let mut fx = Fx::deployed();
    let u = fx.unit("p-guns");
    fx.s.troop_mut(u).fired = true;
    fx.s.troop_mut(fx.unit("p-a")).fought = true;
    end_player_turn(&mut fx);
    end_player_turn(&mut fx);
    assert_eq!(fx.s.turn, 2);
    assert!(!fx.s.troop(u).fired);
    assert!(!fx.s.troop(fx.unit("p-a")).fought);
    assert!(fx.s.bombarded.is_empty());
}

#[test]
fn victory_hold_ground_bonus_counts_once() {
    // Three Austrian infantry Units in or next to a site (one or more hexes) earn 10 VP; with
    // two sites held, the bonus still counts once (Rossbach: Klein/Grosskayna or
    // Reichardtswerben).
    let game = field_with(
        r#"
[[vp_bonus]]
side = "coalition"
vp = 10
units = 3
near = ["1205"]
once = true
name = "hold the village"

[[vp_bonus]]
side = "coalition"
vp = 10
units = 3
near = ["0101", "0102"]
once = true
name = "or the other village"
"#,
    );
    let mut fx = Fx {
        s: game.initial_state(),
        game,
        events: Vec::new(),
    };
    // a-a 1205, a-x 1204, a-y 1206: all three within one hex of 1205.
    assert_eq!(fx.game.victory_points(&fx.s)[A.index()], 10);
    fx.put("a-a", Some("0101"));
    fx.put("a-x", Some("0102"));
    fx.put("a-y", Some("0103"));
    assert_eq!(
        fx.game.victory_points(&fx.s)[A.index()],
        10,
        "the other site"
    );
    fx.put("a-y", Some("0105"));
    assert_eq!(fx.game.victory_points(&fx.s)[A.index()], 0);
}
