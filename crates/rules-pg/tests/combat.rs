//! Rule cases of chapter 10 (Close Combat) and its worked examples, with forced dice. Leaders are
//! kept off the map unless a case needs them, so that no Leader Loss Check interrupts the dice.

mod common;
use common::Fx;
use coupdoeil_engine::{Game, Side};
use coupdoeil_pg::data::SideResult;
use coupdoeil_pg::event::Event;
use coupdoeil_pg::state::{CombatKind, Frame, Gone, LossStep, Losses, Morale, Stage};

const P: Side = Side::A;
const A: Side = Side::B;

/// The Prussian Close Combat Phase with the named Units placed (top of each stack first).
fn close_combat(units: &[(&str, &str)]) -> Fx {
    let mut fx = Fx::empty();
    for (id, hex) in units.iter().rev() {
        fx.put(id, Some(hex));
    }
    fx.at(P, Stage::CloseCombat);
    fx
}

/// The odds of a declaration, without playing it.
fn odds(
    fx: &Fx,
    target: &str,
    second: Option<&str>,
    from: &[&str],
) -> coupdoeil_pg::combat::CombatOdds {
    let g = &fx.game;
    let hexes: Vec<_> = from.iter().map(|h| fx.hex(h)).collect();
    let attackers: Vec<_> = hexes
        .iter()
        .flat_map(|&h| g.attack_ready(&fx.s, P, h))
        .collect();
    let c = g.new_combat(
        &fx.s,
        CombatKind::Normal,
        hexes,
        attackers,
        fx.hex(target),
        second.map(|h| fx.hex(h)),
    );
    g.combat_odds(&fx.s, &c)
}

fn modifier(o: &coupdoeil_pg::combat::CombatOdds, what: &str) -> Option<i8> {
    o.modifiers
        .iter()
        .find(|m| m.what.contains(what))
        .map(|m| m.value)
}

/// Puts a Loss Point procedure on top of the pending ones, as a result would.
fn losses(fx: &mut Fx, side: Side, hexes: &[&str], result: &str, lead: Option<&str>) {
    let r = SideResult::parse(result).unwrap();
    let hexes = hexes.iter().map(|h| fx.hex(h)).collect();
    let lead = lead.map(|id| fx.unit(id));
    fx.s.pending.push(Frame::Losses(Losses {
        side,
        hexes,
        lp: r.lp,
        result: r,
        lead,
        required: 1,
        taken: Vec::new(),
        step: LossStep::Surrender,
        combat: true,
    }));
    fx.settle();
}

#[test]
fn r10_3_odds_are_rounded_in_the_defenders_favour() {
    let fx = Fx::empty();
    let crt = &fx.game.data.charts.crt;
    assert_eq!(crt.label(crt.column(5, 4)), "1-1");
    assert_eq!(crt.label(crt.column(4, 5)), "1-2");
    assert_eq!(crt.label(crt.column(7, 4)), "3-2");
}

#[test]
fn r10_3_only_eight_infantry_sp_count_from_one_hex() {
    // Two 2-step 5-5-3s stacked count 8, not 10.
    let fx = close_combat(&[("p-c", "0605"), ("p-d", "0605"), ("a-a", "0705")]);
    // Both are Engaged (2 + 2 steps).
    let o = odds(&fx, "0705", None, &["0605"]);
    assert_eq!(o.attacker_sp, 8);
    assert_eq!(o.steps[0], 4);
}

#[test]
fn r10_5_terrain_clear_into_town_is_minus_one() {
    let fx = close_combat(&[("p-c", "1104"), ("a-x", "1005")]);
    let o = odds(&fx, "1005", None, &["1104"]);
    assert_eq!(modifier(&o, "terrain"), Some(-1));
}

#[test]
fn r10_5_cavalry_from_woods_into_clear_is_minus_four() {
    let fx = close_combat(&[("p-cuir", "1003"), ("a-x", "1103")]);
    let o = odds(&fx, "1103", None, &["1003"]);
    assert_eq!(modifier(&o, "terrain"), Some(-4));
}

#[test]
fn r10_5_infantry_from_clear_and_cavalry_from_woods_into_a_town_is_minus_one() {
    let fx = close_combat(&[("p-c", "1104"), ("p-cuir", "1004"), ("a-x", "1005")]);
    let o = odds(&fx, "1005", None, &["1104", "1004"]);
    assert_eq!(modifier(&o, "terrain"), Some(-1));
}

#[test]
fn r10_5_an_entrenchment_between_clear_and_town_makes_it_minus_three() {
    let fx = close_combat(&[("p-c", "0905"), ("a-x", "1005")]);
    let o = odds(&fx, "1005", None, &["0905"]);
    assert_eq!(modifier(&o, "terrain"), Some(-3));
}

#[test]
fn r10_5_1_shock_example_cuirassiers_and_two_dragoons_against_hussars() {
    // 2 + 1 + 1 shock points over three Units: 1.33, rounded to 1; the hussars have none.
    let fx = close_combat(&[
        ("p-cuir", "0605"),
        ("p-drag1", "0606"),
        ("p-drag2", "0704"),
        ("a-hus", "0705"),
    ]);
    let o = odds(&fx, "0705", None, &["0605", "0606", "0704"]);
    assert_eq!(modifier(&o, "shock"), Some(1));
}

#[test]
fn r10_5_1_no_shock_against_formed_infantry_or_into_a_town() {
    let fx = close_combat(&[("p-cuir", "0605"), ("a-x", "0705")]);
    let o = odds(&fx, "0705", None, &["0605"]);
    assert_eq!(modifier(&o, "shock"), None, "Formed infantry");
    let mut fx = close_combat(&[("p-cuir", "1104"), ("a-x", "1005")]);
    fx.morale("a-x", Morale::Disordered);
    let o = odds(&fx, "1005", None, &["1104"]);
    assert_eq!(modifier(&o, "shock"), None, "a town");
    let mut fx = close_combat(&[("p-cuir", "0605"), ("a-x", "0705")]);
    fx.morale("a-x", Morale::Disordered);
    let o = odds(&fx, "0705", None, &["0605"]);
    assert_eq!(modifier(&o, "shock"), Some(2), "Disordered infantry: 2 - 0");
}

#[test]
fn r10_1_1_a_surrounded_hex_without_supports_suffers_a_flank_attack() {
    // 0705 surrounded: attackers in 0704 and 0706, their ZOC over 0605, 0606, 0805, 0806.
    let fx = close_combat(&[("p-a", "0704"), ("p-b", "0706"), ("a-x", "0705")]);
    let o = odds(&fx, "0705", None, &["0704", "0706"]);
    assert_eq!(modifier(&o, "Flank"), Some(3));
    // One attacking hex alone does not surround it.
    let o = odds(&fx, "0705", None, &["0704"]);
    assert_eq!(modifier(&o, "Flank"), None);
}

#[test]
fn r10_1_1_no_flank_bonus_against_a_town() {
    // 1005 surrounded by 0905 (entrenched side) and 1104 ... use 0904 and 1105 instead.
    let fx = close_combat(&[("p-a", "1004"), ("p-b", "1006"), ("a-x", "1005")]);
    let o = odds(&fx, "1005", None, &["1004", "1006"]);
    assert_eq!(modifier(&o, "Flank"), None);
}

#[test]
fn r10_1_1_supported_defense_adds_four_supporting_steps_and_a_loss_point_each() {
    // a-x (2 steps) Engaged on top of a-a (4 steps, Supporting) in a surrounded hex.
    let mut fx = close_combat(&[
        ("p-a", "0704"),
        ("p-b", "0706"),
        ("a-x", "0705"),
        ("a-a", "0705"),
    ]);
    let o = odds(&fx, "0705", None, &["0704", "0706"]);
    assert_eq!(o.defender_sp, 4 + 7, "a-x 4 SP + a-a's 7");
    assert_eq!(modifier(&o, "Flank"), None);
    // Resolve: 8 + 7 = 15 SP against 11: 1-1. Leads p-a (MR 6) and a-x (MR 4): +2. A die of 1
    // gives row 3: 1/1; the Supported Defense adds 1 LP to each side.
    fx.play("attack 0705 from 0704,0706");
    fx.play("lead p-a");
    fx.die(1);
    let resolved = fx
        .events
        .iter()
        .find_map(|e| match e {
            Event::CombatResolved {
                attacker_lp,
                defender_lp,
                ..
            } => Some((*attacker_lp, *defender_lp)),
            _ => None,
        })
        .expect("resolved");
    assert_eq!(resolved, (2, 2));
}

#[test]
fn r10_8_2_exchange_example_five_steps_against_six() {
    // 3-step and 2-step Prussians attack 4-step and 2-step Austrians: Ex/Ex gives the Austrians
    // 5/4 = 1.25 -> 1 LP and the Prussians 6/4 = 1.5 -> 2 LP.
    let mut fx = close_combat(&[
        ("p-b", "0606"),
        ("p-c", "0806"),
        ("a-a", "0705"),
        ("a-x", "0706"),
    ]);
    fx.play("attack 0705+0706 from 0606,0806");
    // 12 SP against 11: 1-1. Leads p-b (MR 5) and a-a (MR 4): +1. Row 4 is Ex/Ex: die 3.
    fx.play("lead p-b");
    fx.play("lead a-a");
    fx.die(3);
    let (att, def) = fx
        .events
        .iter()
        .find_map(|e| match e {
            Event::CombatResolved {
                attacker_lp,
                defender_lp,
                result,
                odds,
                ..
            } => {
                assert_eq!(odds, "1-1");
                assert!(result.attacker.exchange && result.defender.exchange);
                Some((*attacker_lp, *defender_lp))
            }
            _ => None,
        })
        .expect("resolved");
    assert_eq!((att, def), (2, 1));
}

#[test]
fn r10_8_1_3_example_a_lone_7_5_3_hit_with_two_loss_points() {
    // One Step Loss to 5-4-3; with MR 4 the second LP is a retreat, Disordered.
    let mut fx = close_combat(&[("p-b", "0505"), ("a-a", "0605")]);
    losses(&mut fx, P, &["0505"], "2", Some("p-b"));
    fx.first_retreats();
    assert_eq!(fx.steps_of("p-b"), 2);
    assert_eq!(fx.morale_of("p-b"), Morale::Disordered);
    assert_ne!(fx.cell_of("p-b").as_deref(), Some("0505"), "it retreated");
    assert!(fx.s.pending.is_empty());
}

#[test]
fn r10_8_1_4_example_1_the_last_loss_point_may_be_a_voluntary_retreat() {
    // A 7-5-3 (3 steps) on top of an 8-6-3 (4 steps), 4 LP: the 7-5-3 loses a step and then
    // retreats Disordered; the 8-6-3 becomes Engaged and loses a step to 7-5-3; for the fourth
    // LP its owner may take a second step loss or a voluntary retreat.
    let mut fx = close_combat(&[("p-b", "0505"), ("p-a", "0505"), ("a-x", "0605")]);
    losses(&mut fx, P, &["0505"], "4", Some("p-b"));
    fx.first_retreats();
    assert_eq!(fx.steps_of("p-b"), 2);
    assert_eq!(fx.morale_of("p-b"), Morale::Disordered);
    assert_eq!(fx.steps_of("p-a"), 3, "its required Step Loss");
    assert!(fx.can("loss p-a"), "a second Step Loss");
    assert!(fx.can("retreat p-a"), "or a voluntary retreat");
    fx.play("retreat p-a");
    fx.first_retreats();
    assert_eq!(fx.steps_of("p-a"), 3);
    assert_eq!(fx.morale_of("p-a"), Morale::Disordered);
}

#[test]
fn r10_8_1_4_no_voluntary_retreat_into_an_ezoc() {
    // Surrounded by enemy ZOC: the voluntary retreat is not offered.
    let mut fx = close_combat(&[
        ("p-a", "0505"),
        ("a-x", "0605"),
        ("a-y", "0405"),
        ("a-hus", "0504"),
        ("a-drag", "0506"),
    ]);
    // Three LP: the required Step Loss (4 -> 3, MR 5), then with no voluntary retreat possible
    // the second is a Step Loss too, taken at once; the third is a forced retreat at MR 4.
    fx.s.troop_mut(fx.unit("p-a")).steps = 4;
    let r = SideResult::parse("2").unwrap();
    let c = fx.hex("0505");
    fx.s.pending.push(Frame::Losses(Losses {
        side: P,
        hexes: vec![c],
        lp: 2,
        result: r,
        lead: None,
        required: 1,
        taken: Vec::new(),
        step: LossStep::Surrender,
        combat: true,
    }));
    let u = fx.unit("p-a");
    // Before any LP: one way only (the required step).
    if let Some(Frame::Losses(l)) = fx.s.pending.last() {
        assert_eq!(fx.game.loss_ways(&fx.s, l, u).len(), 1);
    }
    fx.settle();
    assert_eq!(
        fx.steps_of("p-a"),
        2,
        "two Step Losses: no voluntary retreat into an EZOC"
    );
}

#[test]
fn r10_8_1_4_example_2_an_unsatisfied_loss_point() {
    // A lone 7-5-3 with 3 LP: a step, a retreat, and one LP left unsatisfied.
    let mut fx = close_combat(&[("p-b", "0505"), ("a-a", "0605")]);
    losses(&mut fx, P, &["0505"], "3", Some("p-b"));
    fx.first_retreats();
    assert!(
        fx.events
            .iter()
            .any(|e| matches!(e, Event::Unsatisfied { lp: 1, .. }))
    );
}

#[test]
fn r10_8_3_5_surrender_example_4rs() {
    // Hussars 3-3-5 and a 4-3-3 (both MR 3, Engaged) on top of a 4-4-3: both surrender (2 LP);
    // the 4-4-3 loses a step to 2-2-2 and surrenders: four LP.
    let mut fx = Fx::empty();
    fx.put("a-x", Some("0705"));
    fx.put("a-y", Some("0705"));
    fx.put("a-hus", Some("0705"));
    fx.put("p-a", Some("0605"));
    fx.at(P, Stage::CloseCombat);
    losses(&mut fx, A, &["0705"], "4RS*", None);
    for id in ["a-hus", "a-y", "a-x"] {
        assert_eq!(
            fx.s.troop(fx.unit(id)).gone,
            Some(Gone::Captured),
            "{id} surrendered"
        );
    }
    assert!(
        !fx.events
            .iter()
            .any(|e| matches!(e, Event::Unsatisfied { .. }))
    );
    assert_eq!(fx.s.armies[P].vp, 6, "2 VP for each captured Unit");
}

#[test]
fn r10_8_1_2_canister_needs_two_step_losses_before_a_retreat() {
    let mut fx = close_combat(&[("p-a", "0505"), ("a-guns", "0605")]);
    let r = SideResult::parse("2").unwrap();
    let c = fx.hex("0505");
    fx.s.pending.push(Frame::Losses(Losses {
        side: P,
        hexes: vec![c],
        lp: 2,
        result: r,
        lead: None,
        required: 2,
        taken: Vec::new(),
        step: LossStep::Surrender,
        combat: false,
    }));
    fx.settle();
    assert_eq!(fx.steps_of("p-a"), 2, "two forced Step Losses");
    assert_eq!(fx.morale_of("p-a"), Morale::Formed);
}

#[test]
fn r10_8_3_2_an_r_makes_every_retreat_a_rout() {
    let mut fx = close_combat(&[("p-b", "0505"), ("a-a", "0605")]);
    losses(&mut fx, P, &["0505"], "2R", Some("p-b"));
    fx.first_retreats();
    assert_eq!(fx.morale_of("p-b"), Morale::Routed);
}

#[test]
fn r10_8_3_3_an_r_disorders_the_remaining_engaged_units_under_mr_5() {
    // 2-step 5-5-3 and 2-step 4-4-3... use p-c (MR 5) and p-b at 2 steps (MR 4).
    let mut fx = close_combat(&[("p-c", "0505"), ("p-b", "0505"), ("a-a", "0605")]);
    fx.steps("p-b", 2);
    losses(&mut fx, P, &["0505"], "r", None);
    fx.first_retreats();
    assert_eq!(fx.morale_of("p-c"), Morale::Formed, "MR 5 unaffected");
    assert_eq!(fx.morale_of("p-b"), Morale::Disordered);
}

#[test]
fn r10_8_3_1_a_star_costs_an_artillery_step() {
    let mut fx = close_combat(&[("p-c", "0505"), ("p-guns", "0505"), ("a-a", "0605")]);
    losses(&mut fx, P, &["0505"], "*", None);
    assert_eq!(fx.steps_of("p-guns"), 1);
    assert_eq!(fx.steps_of("p-c"), 2);
}

#[test]
fn r10_8_3_4_parenthesised_lp_are_reduced_by_supporting_units() {
    // p-c (5 SP) against a-x (4 SP) with a-a Supporting below it: 1-1; leads MR 5 against 4:
    // +1; a die of 1 gives row 2 of 1-1: 1/(1). The (1) loses one for the Supporting Unit.
    let mut fx = close_combat(&[("p-c", "0605"), ("a-x", "0705"), ("a-a", "0705")]);
    fx.play("attack 0705 from 0605");
    fx.die(1);
    let def_lp = fx
        .events
        .iter()
        .find_map(|e| match e {
            Event::CombatResolved {
                defender_lp,
                result,
                ..
            } => {
                assert!(result.defender.paren, "{result:?}");
                Some(*defender_lp)
            }
            _ => None,
        })
        .unwrap();
    assert_eq!(def_lp, 0, "(1) less one for the Supporting Unit");
}

#[test]
fn r10_8_1_no_more_loss_points_than_the_enemys_contributing_steps() {
    // A 1-step regiment attacks; whatever the result, the defender takes at most 1 LP.
    let mut fx = close_combat(&[("p-c", "0605"), ("a-y", "0705")]);
    fx.steps("p-c", 1);
    fx.play("attack 0705 from 0605");
    fx.die(6);
    let def_lp = fx
        .events
        .iter()
        .find_map(|e| match e {
            Event::CombatResolved { defender_lp, .. } => Some(*defender_lp),
            _ => None,
        })
        .unwrap();
    assert!(def_lp <= 1);
}

#[test]
fn r10_8_attacking_only_routed_units_the_attacker_ignores_its_result() {
    let mut fx = close_combat(&[("p-c", "0605"), ("a-y", "0705")]);
    fx.morale("a-y", Morale::Routed);
    fx.play("attack 0705 from 0605");
    fx.die(1);
    let att_lp = fx
        .events
        .iter()
        .find_map(|e| match e {
            Event::CombatResolved { attacker_lp, .. } => Some(*attacker_lp),
            _ => None,
        })
        .unwrap();
    assert_eq!(att_lp, 0);
    assert_eq!(fx.steps_of("p-c"), 2);
}

#[test]
fn r9_2_routed_units_of_a_demoralized_army_surrender_when_attacked() {
    let mut fx = close_combat(&[("p-c", "0605"), ("a-y", "0705")]);
    fx.morale("a-y", Morale::Routed);
    fx.s.armies[A].demoralized = true;
    fx.play("attack 0705 from 0605");
    assert_eq!(fx.s.troop(fx.unit("a-y")).gone, Some(Gone::Captured));
}

#[test]
fn r10_every_engaged_unit_must_take_part() {
    let mut fx = close_combat(&[("p-c", "0605"), ("a-y", "0705")]);
    assert!(
        !fx.can("end-phase"),
        "p-c is Engaged next to enemy infantry"
    );
    fx.play("attack 0705 from 0605");
    // Resolve whatever happens.
    fx.die(4);
    fx.first_retreats();
    while fx.s.stage == Stage::Combat && fx.can("pass") {
        fx.play("pass");
    }
    assert!(fx.s.troop(fx.unit("p-c")).fought);
    assert!(fx.can("end-phase") || fx.s.stage != Stage::CloseCombat);
}

#[test]
fn r10_1_artillery_alone_is_taken_by_an_advance() {
    let mut fx = close_combat(&[("p-c", "0605"), ("a-guns", "0705")]);
    fx.play("attack 0705 from 0605");
    // Only steps 9 and 11: no die; the attacker may advance and capture the guns.
    assert!(fx.can("advance p-c 0705"));
    fx.play("advance p-c 0705");
    assert_eq!(fx.s.troop(fx.unit("a-guns")).gone, Some(Gone::Captured));
    assert_eq!(fx.cell_of("p-c").as_deref(), Some("0705"));
}

#[test]
fn r10_2_fast_defenders_may_withdraw_unless_formed_cavalry_attacks() {
    let mut fx = close_combat(&[("p-c", "0605"), ("a-hus", "0705")]);
    fx.play("attack 0705 from 0605");
    assert!(fx.legal_text().iter().any(|a| a.starts_with("withdraw")));
    fx.play("withdraw 0805");
    assert_eq!(fx.cell_of("a-hus").as_deref(), Some("0805"));
    // The hex is empty: p-c may advance into it.
    assert!(fx.can("advance p-c 0705"));
    let mut fx = close_combat(&[("p-cuir", "0605"), ("a-hus", "0705")]);
    fx.play("attack 0705 from 0605");
    assert!(!fx.legal_text().iter().any(|a| a.starts_with("withdraw")));
}

#[test]
fn r10_4_the_lead_unit_takes_the_first_loss_point() {
    // Two defending Units in two hexes; the defender names a-x as lead: it takes the first LP.
    let mut fx = close_combat(&[
        ("p-a", "0606"),
        ("p-b", "0806"),
        ("a-y", "0705"),
        ("a-x", "0706"),
    ]);
    fx.play("attack 0705+0706 from 0606,0806");
    fx.play("lead p-a");
    fx.play("lead a-x");
    fx.die(6);
    // Some loss for the defender: the first StepLoss event of a defender names a-x (or it
    // surrendered or retreated first).
    let first = fx.events.iter().find_map(|e| match e {
        Event::StepLoss { unit, .. }
        | Event::MoraleChanged { unit, .. }
        | Event::Captured { unit, .. }
            if fx.game.data.troops[unit.ix()].side == A =>
        {
            Some(*unit)
        }
        _ => None,
    });
    if let Some(u) = first {
        assert_eq!(u, fx.unit("a-x"));
    }
}

#[test]
fn r10_9_a_unit_that_cannot_retreat_is_captured() {
    // p-c boxed in by enemies and the map edge... surround it with enemy Units.
    let mut fx = close_combat(&[
        ("p-c", "0505"),
        ("a-a", "0605"),
        ("a-x", "0405"),
        ("a-y", "0504"),
        ("a-hus", "0506"),
        ("a-drag", "0404"),
        ("a-guns", "0604"),
    ]);
    // Remaining neighbours of 0505 (odd): 0504, 0506, 0405, 0406, 0605, 0606. 0406 and 0606 are
    // free but in enemy ZOC; a Disordered retreat may enter an EZOC and go on. Block them too.
    fx.put("a-guns", Some("0406"));
    fx.put("a-drag", Some("0606"));
    losses(&mut fx, P, &["0505"], "2", None);
    assert_eq!(fx.s.troop(fx.unit("p-c")).gone, Some(Gone::Captured));
}

#[test]
fn r10_9_retreats_go_away_from_the_enemy() {
    let mut fx = close_combat(&[("p-c", "0505"), ("a-a", "0605")]);
    fx.steps("p-c", 1); // MR 4: a retreat
    fx.morale("p-c", Morale::Formed);
    losses(&mut fx, P, &["0505"], "2", None);
    // 1 step left: the required Step Loss destroys it. Use the 2-step regiment instead.
    let mut fx = close_combat(&[("p-b", "0505"), ("a-a", "0605")]);
    fx.steps("p-b", 2);
    fx.morale("p-b", Morale::Disordered);
    // A Disordered result on a Disordered Unit is a Rout: 2 hexes.
    let u = fx.unit("p-b");
    let g = fx.game.clone();
    let mut s = fx.s.clone();
    let mut ev = Vec::new();
    s.pending.push(Frame::MoraleCheck { unit: u });
    // A die of 6 against MR 4: 2 over: Disordered result -> Rout.
    g.apply_chance_unchecked(&mut s, &coupdoeil_pg::Chance::Die(6), &mut ev);
    fx.s = s;
    fx.first_retreats();
    let c = fx.cell_of("p-b").unwrap();
    let d = fx.game.data.board.distance(fx.hex(&c), fx.hex("0605"));
    assert_eq!(fx.morale_of("p-b"), Morale::Routed);
    assert_eq!(d, 3, "two hexes farther from the enemy: at {c}");
}

#[test]
fn r10_9_1_a_disordered_unit_retreating_into_an_ezoc_goes_on_and_loses_steps() {
    // p-b (7-5-3) in 0505 takes 2 LP: the required Step Loss to 5-4-3 (MR 4), then a Disordered
    // retreat. Every hex next to 0505 is in an enemy ZOC (a-a east, a-x in 0404, a-y in 0407), so
    // it retreats into one and goes on to 0305, out of them: one hex over the required number,
    // one more step.
    let mut fx = close_combat(&[
        ("p-b", "0505"),
        ("a-a", "0605"),
        ("a-x", "0404"),
        ("a-y", "0407"),
    ]);
    losses(&mut fx, P, &["0505"], "2", None);
    fx.first_retreats();
    assert_eq!(fx.steps_of("p-b"), 1);
    assert_eq!(fx.morale_of("p-b"), Morale::Disordered);
    assert_eq!(fx.cell_of("p-b").as_deref(), Some("0305"));
    // Two hexes over the required number cost two steps: here a blocker makes it go on once more
    // and the brigade is destroyed.
    let mut fx = close_combat(&[
        ("p-b", "0505"),
        ("a-a", "0605"),
        ("a-x", "0304"),
        ("a-y", "0507"),
        ("a-hus", "0503"),
        ("a-drag", "0406"),
    ]);
    losses(&mut fx, P, &["0505"], "2", None);
    fx.first_retreats();
    assert_eq!(fx.s.troop(fx.unit("p-b")).gone, Some(Gone::Destroyed));
}

#[test]
fn r10_9_1_a_routed_unit_forced_into_an_ezoc_is_captured() {
    let mut fx = close_combat(&[
        ("p-b", "0505"),
        ("a-a", "0605"),
        ("a-x", "0304"),
        ("a-drag", "0406"),
    ]);
    losses(&mut fx, P, &["0505"], "2R", None);
    fx.first_retreats();
    assert_eq!(fx.s.troop(fx.unit("p-b")).gone, Some(Gone::Captured));
}

#[test]
fn r10_9_2_infantry_retreating_into_cavalry_makes_it_check_morale() {
    let mut fx = close_combat(&[("p-b", "0505"), ("a-a", "0605"), ("p-cuir", "0405")]);
    fx.put("p-drag1", Some("0404"));
    fx.put("p-drag2", Some("0406"));
    losses(&mut fx, P, &["0505"], "2", None);
    // p-b retreats into one of 0404, 0405, 0406 (all cavalry): a Morale Check is pending.
    fx.first_retreats();
    assert!(matches!(
        fx.s.pending.last(),
        Some(Frame::MoraleCheck { .. })
    ));
}

#[test]
fn r10_9_2_routed_units_retreated_through_do_not_check_morale() {
    // The same retreat as above, but the cavalry it must enter is already Routed: no check
    // (ruling 14), so two hexes of Routed Units cannot send each other back and forth.
    let mut fx = close_combat(&[("p-b", "0505"), ("a-a", "0605"), ("p-cuir", "0405")]);
    fx.put("p-drag1", Some("0404"));
    fx.put("p-drag2", Some("0406"));
    for id in ["p-cuir", "p-drag1", "p-drag2"] {
        fx.morale(id, Morale::Routed);
    }
    losses(&mut fx, P, &["0505"], "2", None);
    fx.first_retreats();
    let at = fx.cell_of("p-b").expect("p-b is on the map");
    assert!(
        ["0404", "0405", "0406"].contains(&at.as_str()),
        "p-b retreated into a Routed friend's hex, not {at}"
    );
    assert!(
        !fx.s
            .pending
            .iter()
            .any(|f| matches!(f, Frame::MoraleCheck { .. })),
        "no Morale Check for Routed Units: {:?}",
        fx.s.pending
    );
}

#[test]
fn r9_3_morale_check_one_or_two_over_disorders_three_routs() {
    for (die, want) in [(5, Morale::Formed), (6, Morale::Disordered)] {
        let mut fx = close_combat(&[("p-b", "0505")]);
        let u = fx.unit("p-b");
        fx.s.pending.push(Frame::MoraleCheck { unit: u });
        fx.die(die);
        assert_eq!(fx.morale_of("p-b"), want, "die {die} against MR 5");
    }
    // With a 2-step (MR 4) and a Demoralized army: 3; a 6 is 3 over: Routed.
    let mut fx = close_combat(&[("p-b", "0505")]);
    fx.steps("p-b", 2);
    fx.s.armies[P].demoralized = true;
    let u = fx.unit("p-b");
    assert_eq!(fx.game.morale_target(&fx.s, u), 3);
    fx.s.pending.push(Frame::MoraleCheck { unit: u });
    fx.die(6);
    assert_eq!(fx.morale_of("p-b"), Morale::Routed);
    // A Leader's Morale Modifier adds.
    let mut fx = close_combat(&[("p-b", "0505")]);
    fx.put_leader("p-l1", Some("0505"));
    assert_eq!(fx.game.morale_target(&fx.s, fx.unit("p-b")), 6);
}

#[test]
fn r9_1_a_disordered_unit_suffering_disorder_routs() {
    let mut fx = close_combat(&[("p-b", "0505"), ("a-a", "0705")]);
    fx.morale("p-b", Morale::Disordered);
    let u = fx.unit("p-b");
    fx.s.pending.push(Frame::MoraleCheck { unit: u });
    fx.die(6);
    fx.first_retreats();
    assert_eq!(fx.morale_of("p-b"), Morale::Routed);
}

#[test]
fn r9_2_routed_artillery_never_moves() {
    let mut fx = close_combat(&[("p-guns", "0505"), ("a-a", "0705")]);
    let u = fx.unit("p-guns");
    fx.s.pending.push(Frame::MoraleCheck { unit: u });
    fx.die(6); // 6 against 4: 2 over: Disordered: artillery retreats a hex.
    fx.first_retreats();
    fx.morale("p-guns", Morale::Disordered);
    let here = fx.cell_of("p-guns");
    fx.s.pending.push(Frame::MoraleCheck { unit: u });
    fx.die(6); // Disordered again: Routed, and it stays.
    fx.first_retreats();
    assert_eq!(fx.morale_of("p-guns"), Morale::Routed);
    assert_eq!(fx.cell_of("p-guns"), here);
}

#[test]
fn r9_4_rally_recovers_one_level_at_or_under_the_modified_mr() {
    let mut fx = Fx::empty();
    fx.put("p-b", Some("0505"));
    fx.morale("p-b", Morale::Routed);
    let u = fx.unit("p-b");
    // MR 5 - 1 (Routed) = 4.
    assert_eq!(fx.game.rally_target(&fx.s, u), 4);
    fx.s.phasing = P;
    fx.s.stage = Stage::Rally;
    fx.s.checks = vec![u];
    fx.die(4);
    assert_eq!(
        fx.morale_of("p-b"),
        Morale::Disordered,
        "never Routed to Formed"
    );
}

#[test]
fn r10_7_leaders_in_the_combat_hexes_check_for_loss() {
    let mut fx = close_combat(&[("p-c", "0605"), ("a-y", "0705")]);
    fx.put_leader("p-l1", Some("0605"));
    fx.play("attack 0705 from 0605");
    fx.die(3); // the combat die
    fx.die(6); // Kanitz's first die
    fx.die(5); // and his second: a casualty
    let l = fx.game.data.leader_by_id("p-l1").unwrap();
    assert_eq!(fx.s.leader(l).cell, None);
}

#[test]
fn r10_step_9_and_10_momentum_after_an_unsatisfied_loss_point() {
    // A lone 2-step 4-3-3 (a-y) hit hard: it cannot satisfy every LP; p-a advances and may make
    // a Momentum Attack on a-x behind.
    let mut fx = close_combat(&[
        ("p-a", "0605"),
        ("p-b", "0606"),
        ("a-y", "0705"),
        ("a-x", "0806"),
    ]);
    // 8 + 7 against 4: 3-1 at least. Leads p-a (MR 6) against a-y (MR 3): +3.
    fx.play("attack 0705 from 0605,0606");
    fx.play("lead p-a");
    fx.die(6);
    fx.first_retreats();
    if fx.can("advance p-a 0705") {
        fx.play("advance p-a 0705");
        fx.play("pass");
        let momentum = fx.legal_text().iter().any(|a| a.starts_with("momentum"));
        let unsatisfied = fx
            .events
            .iter()
            .any(|e| matches!(e, Event::Unsatisfied { side, .. } if *side == A));
        assert_eq!(momentum, unsatisfied, "{:?}", fx.texts());
    }
}
