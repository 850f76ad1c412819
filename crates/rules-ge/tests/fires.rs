//! 16.3 Fires in the Brigade Game: the effects of a hex on fire (the Howitzer Attack that
//! starts one is tested in tests/artillery.rs), from small positions on the test scenario
//! played at the Brigade level, with forced dice.
//!
//! The test map's village: 0605, 0606, 0705 and 0706 (BUA). 0605's BUA neighbours are 0705
//! and 0606, in that order of the board's neighbours.

mod common;
use common::{B, F, Fx};
use coupdoeil_engine::{Game, ToAct};
use coupdoeil_ge::action::Chance;
use coupdoeil_ge::data::Formation;
use coupdoeil_ge::event::Event;
use coupdoeil_ge::state::{CheckKind, Frame, Morale, Retreat, Stage};
use coupdoeil_ge::{Action, GloryEmpire};

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

/// French grenadiers in 0605 shelled by Robe's guns in 0303 (hit roll `hit`, strike roll 0,
/// then the segment ended), with 0605 already burning if `burning`: the grenadiers' Morale
/// State after the segment, and the log.
fn shelled(hit: u8, burning: bool) -> (Morale, Fx) {
    let mut f = Fx::empty_of(ggame());
    f.put("robe", "0303", Formation::Unlimbered, "SE");
    f.put("gren-1-1", "0605", Formation::Column, "NW");
    f.put("1-50", "0503", Formation::Line, "NE");
    f.put("gren-2-1", "0502", Formation::Column, "SW");
    if burning {
        f.s.fires = vec![f.hex("0605")];
    }
    f.at(B, Stage::Fire);
    f.play("fire 0303 0605 shell");
    f.d100(hit);
    // The strike: an ordinary attack at the Shell FS.
    f.d100(0);
    while f.to_act() == ToAct::Chance {
        f.d100(99);
    }
    f.play("pass");
    while f.to_act() == ToAct::Chance {
        f.d100(99);
    }
    (f.morale_of("gren-1-1"), f)
}

#[test]
fn g16_3_units_in_a_hex_worsen_a_level_when_a_fire_starts() {
    // The same strike without a fire (94 hits, 95 sets the village on fire).
    let (without, _) = shelled(94, false);
    let (with, f) = shelled(95, false);
    assert_eq!(f.s.fires, vec![f.hex("0605")]);
    assert_eq!(
        Some(with),
        without.worse(1),
        "one level worse for the fire: {}",
        f.log()
    );
    assert!(f.s.blaze.kindled.is_empty(), "the level is owed once");
}

#[test]
fn g16_3_a_fire_in_a_burning_hex_has_no_further_effect() {
    let (without, _) = shelled(94, true);
    let (again, f) = shelled(95, true);
    assert_eq!(again, without, "{}", f.log());
    assert!(
        !f.events
            .iter()
            .any(|e| matches!(e, Event::FireStarted { .. })),
        "no new fire"
    );
}

/// Burning hexes `fires`, `units` placed (id, hex), at the end of the second Player Turn's
/// Close Combat Segment: the End of Turn Segment comes next.
fn end_of_turn(fires: &[&str], units: &[(&str, &str)]) -> Fx {
    let mut f = Fx::empty_of(ggame());
    // A unit of each side far off, so that neither side has lost.
    f.put("2-97", "0101", Formation::Column, "N");
    f.put("gren-2-1", "1412", Formation::Column, "N");
    for &(id, hex) in units {
        f.put(id, hex, Formation::Column, "N");
    }
    f.s.fires = fires.iter().map(|h| f.hex(h)).collect();
    f.s.fires.sort_unstable();
    f.at(F, Stage::Assaults);
    f.s.second = true;
    f.s.queue.clear();
    f.settle();
    f
}

#[test]
fn g16_3_the_fire_fighting_phase_opens_the_end_of_turn_segment() {
    let mut f = end_of_turn(&["0605"], &[("gren-1-1", "0605")]);
    assert_eq!(f.s.stage, Stage::FireFighting);
    assert!(
        f.events.iter().any(
            |e| matches!(e, Event::Phase { phase, .. } if phase == "Fire Fighting Phase (16.3)")
        )
    );
    // The units in the burning hex check first.
    assert!(
        matches!(f.s.pending.last(), Some(Frame::Check(c)) if c.kind == CheckKind::Fire),
        "{}",
        f.game.waiting_text(&f.s)
    );
    f.d100(99);
    assert_eq!(f.morale_of("gren-1-1"), Morale::Normal, "passed");
    // Then the hex's d10: a 5 lets it burn on, and the turn ends.
    assert!(matches!(
        f.game.chance(&f.s).outcomes()[0].0,
        Chance::D10(_)
    ));
    let turn = f.s.turn;
    f.d10(5);
    assert_eq!(f.s.fires, vec![f.hex("0605")]);
    assert_eq!(f.s.turn, turn + 1, "the turn is over");
    assert!(
        f.log()
            .contains("fire fighting in 0605: d10 5, it burns on (16.3)")
    );
}

#[test]
fn g16_3_a_failed_check_in_a_burning_hex_worsens_a_level() {
    let mut f = end_of_turn(&["0605"], &[("gren-1-1", "0605")]);
    f.d100(0);
    assert_eq!(f.morale_of("gren-1-1"), Morale::Disorder, "{}", f.log());
}

#[test]
fn g16_3_a_nine_puts_the_fire_out() {
    let mut f = end_of_turn(&["0605"], &[]);
    assert_eq!(f.s.stage, Stage::FireFighting);
    f.d10(9);
    assert!(f.s.fires.is_empty());
    assert!(f.log().contains("the fire goes out"));
}

#[test]
fn g16_3_a_zero_spreads_the_fire_to_an_adjacent_bua_hex_picked_at_random() {
    let mut f = end_of_turn(&["0605"], &[("1-50", "0606")]);
    // 1-50 is not in a burning hex: no check, the d10 at once.
    assert!(f.s.pending.is_empty());
    f.d10(0);
    // Two BUA neighbours: a random pick between 0705 and 0606.
    let dist = f.game.chance(&f.s);
    assert_eq!(dist.outcomes().len(), 2, "{}", f.game.waiting_text(&f.s));
    f.roll(Chance::Pick(1));
    assert_eq!(f.s.fires, vec![f.hex("0605"), f.hex("0606")]);
    assert!(f.log().contains("the fire in 0605 spreads to 0606 (16.3)"));
    // The units there worsen a level as the fire starts.
    assert_eq!(f.morale_of("1-50"), Morale::Disorder);
}

#[test]
fn g16_3_a_fire_spreads_only_to_bua_hexes_not_yet_burning() {
    // 0705 burns already: 0606 is the only hex 0605's fire may spread to, no pick needed.
    let mut f = end_of_turn(&["0605", "0705"], &[]);
    f.d10(0);
    assert_eq!(
        f.s.fires,
        vec![f.hex("0605"), f.hex("0606"), f.hex("0705")]
            .into_iter()
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect::<Vec<_>>()
    );
    // The fire that spread this phase is not fought again: 0705's d10 comes next.
    assert!(matches!(
        f.game.chance(&f.s).outcomes()[0].0,
        Chance::D10(_)
    ));
    f.d10(5);
    assert_eq!(
        f.s.stage,
        Stage::Initiative,
        "{}",
        f.game.waiting_text(&f.s)
    );
}

#[test]
fn g16_3_no_fire_fighting_phase_without_a_fire() {
    let f = end_of_turn(&[], &[("gren-1-1", "0605")]);
    assert!(!f.log().contains("Fire Fighting"));
    assert_ne!(f.s.stage, Stage::FireFighting);
}

#[test]
fn g16_3_no_unit_enters_a_burning_hex_of_its_own_will() {
    let mut f = Fx::empty_of(ggame());
    f.put("2-52", "0606", Formation::Column, "N");
    f.at(B, Stage::Movement);
    f.play("select 2-52");
    assert!(f.can("step 0605"), "the village is open to a small column");
    f.s.fires = vec![f.hex("0605")];
    assert!(!f.can("step 0605"), "not while it burns");
}

/// 1-50 in 0604 in Normal retreating `left` hexes, 0605 burning.
fn retreating(left: u8) -> Fx {
    let mut f = Fx::empty_of(ggame());
    let u = f.put("1-50", "0604", Formation::Column, "N");
    f.put("gren-2-1", "0202", Formation::Column, "N");
    f.s.fires = vec![f.hex("0605")];
    f.at(B, Stage::Fire);
    let at = f.hex("0604");
    f.s.pending.push(Frame::Retreat(Retreat {
        units: vec![u],
        origin: at,
        at,
        left,
        visited: vec![at],
        worsen: 0,
        passed: Vec::new(),
        to_broken: false,
        leaders: Vec::new(),
    }));
    f
}

#[test]
fn g16_3_a_retreat_may_not_end_in_a_burning_hex() {
    let mut f = retreating(1);
    f.play("to 0605");
    assert!(
        matches!(f.s.pending.last(), Some(Frame::Retreat(r)) if r.left == 0),
        "it must go on: {}",
        f.game.waiting_text(&f.s)
    );
    assert_eq!(f.morale_of("1-50"), Morale::Normal, "not yet");
    f.play("to 0606");
    assert!(f.s.pending.is_empty() || !matches!(f.s.pending.last(), Some(Frame::Retreat(_))));
    assert_eq!(f.cell_of("1-50").as_deref(), Some("0606"));
}

#[test]
fn g16_3_a_retreat_through_a_burning_hex_worsens_a_level() {
    let mut f = retreating(2);
    f.play("to 0605");
    f.play("to 0606");
    assert_eq!(f.morale_of("1-50"), Morale::Disorder, "{}", f.log());
    // Around the fire: no worse.
    let mut f = retreating(2);
    f.play("to 0504");
    let last = f
        .legal()
        .into_iter()
        .find(|a| matches!(a, Action::RetreatTo(_)))
        .expect("a hex to go on to");
    f.game
        .apply_action_unchecked(&mut f.s, &last, &mut f.events);
    assert_eq!(f.morale_of("1-50"), Morale::Normal, "{}", f.log());
}

#[test]
fn g16_3_smoke_from_a_burning_hex_blocks_los_at_every_level() {
    let mut f = Fx::empty_of(ggame());
    let (a, b) = (f.hex("0506"), f.hex("0808"));
    assert!(f.game.los(&f.s, a, b), "level 0 sees the hill at level 2");
    f.s.fires = vec![f.hex("0707")];
    assert!(!f.game.los(&f.s, a, b), "the smoke over 0707 blocks");
    // The end points' own hexes do not.
    f.s.fires = vec![a];
    assert!(f.game.los(&f.s, a, b));
}
