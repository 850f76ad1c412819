//! Rules 8.0 to 10.0: discovery, combat, retreats, morale, rout.

mod common;
use common::Fx;
use coupdoeil_dm::What;
use coupdoeil_dm::data::CrtResult;
use coupdoeil_dm::state::{Stage, Status};
use coupdoeil_engine::{Game, Side, ToAct};
use coupdoeil_hex::EdgeDir::{N, NE, NW, S, SE, SW};

impl Fx {
    /// Passes every open card window.
    fn pass_windows(&mut self) {
        while matches!(
            self.s.stage,
            Stage::AttackCard(..)
                | Stage::MoraleCard(_)
                | Stage::MovementCard(_)
                | Stage::RallyCard
        ) {
            self.act("pass");
        }
    }

    fn resolved(&self) -> Vec<(i32, i32, i32, u8, CrtResult)> {
        self.events
            .iter()
            .filter_map(|e| match e.what {
                What::AttackResolved {
                    attack,
                    defence,
                    differential,
                    die,
                    result,
                    ..
                } => Some((attack, defence, differential, die, result)),
                _ => None,
            })
            .collect()
    }

    fn morale_tests(&self) -> Vec<(i32, u8, bool)> {
        self.events
            .iter()
            .filter_map(|e| match e.what {
                What::MoraleTested {
                    rating,
                    die,
                    passed,
                    rally: false,
                    ..
                } => Some((rating, die, passed)),
                _ => None,
            })
            .collect()
    }

    fn corps_morale(&self, id: &str) -> i8 {
        let i = self
            .game
            .data
            .corps
            .iter()
            .position(|c| c.id == id)
            .unwrap();
        self.s.corps_morale[i]
    }

    /// The retreating side takes the first offered hex whenever it must choose.
    fn retreat_first(&mut self) {
        while self.s.stage == Stage::Retreat {
            let a = self.legal_text()[0].clone();
            self.act(&a);
        }
    }
}

#[test]
fn r8_0_discovery_reveals_hidden_units_adjacent_to_enemies() {
    let mut fx = Fx::new();
    fx.place("bevern", "0404", "N");
    fx.place("dair", &fx.nb("0404", N), "S");
    fx.place("zieten", "0808", "N");
    fx.place("lucchesi", "0202", "S");
    for id in ["bevern", "dair", "zieten", "lucchesi"] {
        fx.hide(id);
    }
    fx.enter_combat();
    assert!(!fx.s.piece(fx.u("bevern")).hidden && !fx.s.piece(fx.u("dair")).hidden);
    assert!(
        fx.s.piece(fx.u("zieten")).hidden && fx.s.piece(fx.u("lucchesi")).hidden,
        "not adjacent: stay hidden"
    );
}

#[test]
fn r9_1_attacks_only_through_front_hexes_once_per_unit_and_target() {
    let mut fx = Fx::new();
    fx.place("dair", "0404", "N");
    fx.place("bevern", &fx.nb("0404", S), "N"); // D'Air in Bevern's front
    fx.place("ferdinand", &fx.nb("0404", NE), "N"); // D'Air is SW of Ferdinand: not in a N-facing front
    fx.enter_combat();
    assert!(fx.can("attack bevern 0404"));
    assert!(!fx.can("attack ferdinand 0404"), "only into Front hexes");
    fx.act("attack bevern 0404");
    assert!(
        !fx.legal_text()
            .iter()
            .any(|a| a.starts_with("attack bevern")),
        "once per unit"
    );
}

#[test]
fn r9_0_a_dummy_attacked_is_eliminated_automatically() {
    let mut fx = Fx::new();
    fx.place("adummy", "0404", "N");
    fx.place("bevern", &fx.nb("0404", S), "N");
    fx.enter_combat();
    fx.act("attack bevern 0404");
    fx.act("end-phase");
    fx.act("end-phase"); // the defender declares no Supporting Fire
    assert!(fx.gone("adummy"));
    assert!(fx.has_event(|w| matches!(w, What::AutomaticVictory { .. })));
    assert_eq!(fx.s.stage, Stage::Advance, "9.5.3 the attacker may advance");
    fx.act("advance bevern");
    assert_eq!(fx.at("bevern"), Some("0404".into()));
}

#[test]
fn r9_0_a_routed_unit_attacked_routs_again_and_is_eliminated() {
    let mut fx = Fx::new();
    fx.place("dair", "0404", "N");
    fx.status("dair", Status::Routed);
    fx.place("bevern", &fx.nb("0404", S), "N");
    let before = fx.corps_morale("nadasdy");
    fx.enter_combat();
    fx.act("attack bevern 0404");
    fx.act("end-phase");
    fx.act("end-phase");
    assert!(fx.gone("dair"));
    assert_eq!(
        fx.corps_morale("nadasdy"),
        before - 1,
        "11.1 the second rout costs a point"
    );
}

#[test]
fn r9_0_step4_attacks_below_minus_one_are_cancelled() {
    let mut fx = Fx::new();
    fx.place("kheul1", "0404", "S"); // 3 + its own artillery = 4
    fx.place("zieten", &fx.nb("0404", S), "N"); // 2, from a Front hex
    fx.enter_combat();
    fx.act("attack zieten 0404");
    fx.act("end-phase");
    assert!(
        fx.s.supports.iter().any(|x| x.artillery == fx.u("kheul1")),
        "9.2.2 it must fire for itself"
    );
    fx.act("end-phase");
    assert!(fx.has_event(|w| matches!(
        w,
        What::AttackCancelled {
            differential: -2,
            ..
        }
    )));
    assert_eq!(fx.at("zieten"), Some(fx.nb("0404", S)));
}

#[test]
fn r9_2_3_artillery_in_woods_gives_no_supporting_fire() {
    let mut fx = Fx::new();
    fx.place("ferdinand", "0505", "N"); // woods
    fx.place("dair", &fx.nb("0505", N), "S");
    fx.enter_combat();
    fx.act("attack ferdinand 0504");
    assert!(!fx.can("support ferdinand ferdinand"));
    let mut fx = Fx::new();
    fx.place("ferdinand", "0604", "N");
    fx.place("dair", &fx.nb("0604", N), "S");
    fx.enter_combat();
    let t = fx.nb("0604", N);
    fx.act(&format!("attack ferdinand {t}"));
    assert!(fx.can("support ferdinand ferdinand"));
}

#[test]
fn r9_2_1_supporting_fire_for_an_adjacent_attacker_reveals_the_gun() {
    let mut fx = Fx::new();
    fx.place("dair", "0606", "N");
    fx.place("bevern", &fx.nb("0606", N), "S"); // attacks D'Air from a Front hex
    let gun = fx.nb(&fx.nb("0606", N), N); // adjacent to Bevern, not to D'Air
    fx.place("ferdinand", &gun, "N");
    fx.hide("ferdinand");
    fx.enter_combat();
    assert!(
        fx.s.piece(fx.u("ferdinand")).hidden,
        "not adjacent to an enemy"
    );
    fx.act("attack bevern 0606");
    fx.act("support ferdinand bevern");
    assert!(
        !fx.s.piece(fx.u("ferdinand")).hidden,
        "revealed when it fires"
    );
    let odds = fx.game.odds(&fx.s, 0, true);
    assert_eq!(odds.attack, (3 + 1), "Bevern 3 + 1 gun");
    assert!(odds.lines.iter().any(|l| l.rule == "9.2.1"));
}

#[test]
fn r9_2_2_defending_artillery_may_support_an_adjacent_defender() {
    let mut fx = Fx::new();
    fx.place("dair", "0606", "N");
    let gun = fx.nb("0606", SE);
    fx.place("kheul1", &gun, "N");
    fx.place("bevern", &fx.nb("0606", S), "N");
    fx.enter_combat();
    fx.act("attack bevern 0606");
    fx.act("end-phase");
    assert_eq!(fx.to_act(), ToAct::Side(Side::B));
    assert!(fx.can("support kheul1 dair"));
    fx.act("support kheul1 dair");
    assert_eq!(fx.game.odds(&fx.s, 0, false).defence, 3);
}

#[test]
fn r9_4_flank_attacks_add_one_for_infantry_two_for_cavalry() {
    let mut fx = Fx::new();
    fx.place("dair", "0606", "N"); // front: NW, N, NE; flank: SE, S, SW
    fx.place("bevern", &fx.nb("0606", S), "N");
    fx.place("zieten", &fx.nb("0606", SE), "NW");
    fx.enter_combat();
    fx.act("attack bevern 0606");
    fx.act("attack zieten 0606");
    let o = fx.game.odds(&fx.s, 0, true);
    assert_eq!(o.attack, (3 + 1) + (2 + 2));
    assert_eq!(o.lines.iter().filter(|l| l.rule == "9.4").count(), 2);
}

#[test]
fn r9_3_terrain_penalties_are_cumulative() {
    // Infantry attacking into woods across the stream: -1 -1.
    let mut fx = Fx::new();
    fx.place("dair", "0505", "N");
    fx.place("bevern", "0504", "S");
    fx.enter_combat();
    fx.act("attack bevern 0505");
    let o = fx.game.odds(&fx.s, 0, false);
    assert_eq!(o.attack, 3 - 1 - 1);
}

#[test]
fn r9_3_slopes_hurt_infantry_upslope_and_cavalry_either_way() {
    let mut fx = Fx::new();
    fx.place("dair", "0404", "N"); // below the hill 0403
    fx.place("bevern", "0403", "S"); // attacking downslope: no penalty for infantry
    fx.enter_combat();
    fx.act("attack bevern 0404");
    assert_eq!(fx.game.odds(&fx.s, 0, false).attack, 3);
    let mut fx = Fx::new();
    fx.place("dair", "0404", "N");
    fx.place("zieten", "0403", "S"); // cavalry downslope: -1
    fx.enter_combat();
    fx.act("attack zieten 0404");
    assert_eq!(fx.game.odds(&fx.s, 0, false).attack, 1);
    let mut fx = Fx::new();
    fx.place("dair", "0403", "S"); // on the hill
    fx.place("bevern", "0404", "N"); // upslope: -1
    fx.enter_combat();
    fx.act("attack bevern 0403");
    assert_eq!(fx.game.odds(&fx.s, 0, false).attack, 2);
    let mut fx = Fx::new();
    fx.place("dair", "0403", "SW");
    fx.place("bevern", "0303", "NE"); // between two hills: upslope both ways
    fx.enter_combat();
    fx.act("attack bevern 0403");
    assert_eq!(fx.game.odds(&fx.s, 0, false).attack, 2);
}

/// The rulebook's combat example, with forced dice.
#[test]
fn r9_combat_example_odonell_and_dair() {
    let mut fx = Fx::new();
    fx.place("odonell", "0403", "NNW"); // hill; front NW 0302 and N 0402
    fx.place("dair", "0303", "NNW"); // hill; front NW 0203 and N 0302
    fx.place("bevern", "0302", "SE");
    fx.place("zieten", "0402", "S");
    fx.place("ferdinand", "0203", "SE");
    fx.give(Side::A, "P01");
    fx.enter_combat();
    fx.act("attack ferdinand 0303");
    fx.act("support ferdinand ferdinand");
    fx.act("attack bevern 0403");
    fx.act("attack zieten 0403");
    fx.act("end-phase");
    fx.act("end-phase"); // no Austrian Supporting Fire
    fx.act("resolve 0403");
    fx.pass_windows();
    // Bevern 3-1 upslope, Zieten 2-1 across a slope: 3 against 1, the +2 column.
    fx.die(2);
    fx.pass_windows();
    assert_eq!(
        fx.resolved()[0],
        (3, 1, 2, 2, CrtResult::DefenderRetreat(1))
    );
    fx.retreat_first();
    fx.pass_windows();
    assert!(fx.s.retreat.is_some() && fx.s.stage == Stage::MoraleDie);
    let origin = fx.c("0403");
    let at = fx.s.piece(fx.u("odonell")).cell.unwrap();
    assert!(
        fx.game.data.board.distance(at, origin) >= 2,
        "two hexes away"
    );
    fx.die(5);
    assert_eq!(
        fx.morale_tests()[0],
        (4, 5, false),
        "rating 5 - 1 for the result; 5 fails"
    );
    assert!(
        fx.gone("odonell"),
        "a 1-Strength unit that routs is eliminated"
    );
    assert_eq!(fx.corps_morale("nadasdy"), 2);
    // Zieten advances; the attackers turn freely.
    assert_eq!(fx.s.stage, Stage::Advance);
    fx.act("advance zieten");
    fx.act("turn S");
    fx.act("turn SE");
    assert_eq!(fx.at("zieten"), Some("0403".into()));
    // Ferdinand: 4 - 1 upslope + 1 own guns = 4 against 2: +2 again. A 6 is AR; the card re-rolls.
    assert_eq!(fx.s.stage, Stage::AttackCard(Side::A, 3));
    fx.pass_windows();
    fx.die(6);
    assert_eq!(fx.s.stage, Stage::AttackCard(Side::A, 6));
    fx.act("play P01");
    fx.die(3);
    fx.pass_windows();
    let r = fx.resolved();
    assert_eq!(r[1], (4, 2, 2, 3, CrtResult::DefenderRetreat(0)));
    // D'Air must keep out of Zieten's new ZOC when it can.
    fx.retreat_first();
    let zoc_hit = fx.events.iter().any(|e| matches!(e.what, What::Retreated { unit, to, .. } if unit == fx.u("dair") && fx.game.in_zoc_of(&fx.s, to, Side::A)));
    assert!(!zoc_hit, "the retreat avoided enemy ZOCs");
    fx.pass_windows();
    fx.die(6);
    fx.retreat_first();
    assert_eq!(fx.s.piece(fx.u("dair")).status, Status::Routed);
    assert_eq!(fx.corps_morale("nadasdy"), 1);
    let dair_at = fx.s.piece(fx.u("dair")).cell.unwrap();
    assert!(
        fx.game.data.board.distance(dair_at, fx.c("0303")) >= 3,
        "one more hex for the rout"
    );
    assert_eq!(fx.s.stage, Stage::Advance);
    fx.act("advance ferdinand");
    assert_eq!(fx.at("ferdinand"), Some("0303".into()));
    let _ = (NE, NW, SW);
}

#[test]
fn r9_5_1_retreat_off_the_map_eliminates() {
    let mut fx = Fx::new();
    fx.place("dair", "0108", "N"); // the south-west corner
    fx.place("bevern", &fx.nb("0108", N), "S");
    fx.place("zieten", &fx.nb("0108", NE), "SW");
    fx.enter_combat();
    fx.act("attack bevern 0108");
    fx.act("attack zieten 0108");
    fx.act("end-phase");
    fx.act("end-phase");
    fx.pass_windows();
    fx.die(1);
    fx.pass_windows();
    fx.retreat_first();
    assert!(fx.gone("dair"), "no way back: eliminated");
    assert!(fx.texts().iter().any(|t| t.contains("9.5.1")));
}

#[test]
fn r9_5_2_morale_test_passes_at_or_under_the_rating() {
    let mut fx = Fx::new();
    fx.place("dair", "0606", "N");
    fx.place("bevern", &fx.nb("0606", N), "S");
    fx.enter_combat();
    fx.act("attack bevern 0606");
    fx.act("end-phase");
    fx.act("end-phase");
    fx.pass_windows();
    fx.die(3); // +1 column, die 3: DR
    fx.pass_windows();
    fx.retreat_first();
    fx.pass_windows();
    fx.die(4);
    assert_eq!(fx.morale_tests()[0], (4, 4, true));
    assert_eq!(fx.s.piece(fx.u("dair")).status, Status::Steady);
}

#[test]
fn r10_1_rout_costs_a_corps_point_and_one_more_hex() {
    let mut fx = Fx::new();
    fx.place("dair", "0606", "N");
    fx.place("bevern", &fx.nb("0606", N), "S");
    fx.enter_combat();
    fx.act("attack bevern 0606");
    fx.act("end-phase");
    fx.act("end-phase");
    fx.pass_windows();
    fx.die(3);
    fx.pass_windows();
    fx.retreat_first();
    fx.pass_windows();
    fx.die(5);
    fx.retreat_first();
    let at = fx.s.piece(fx.u("dair")).cell.unwrap();
    assert_eq!(fx.game.data.board.distance(at, fx.c("0606")), 3);
    assert_eq!(fx.s.piece(fx.u("dair")).status, Status::Routed);
    assert_eq!(fx.corps_morale("nadasdy"), 2);
    // 10.1 Routed units cannot move.
    fx.s.phasing = Side::B;
    fx.s.stage = Stage::Movement;
    fx.s.resolution = None;
    assert!(!fx.can("select dair"));
}

#[test]
fn r10_3_shaken_units_lose_a_point_and_are_eliminated_if_they_rout() {
    let mut fx = Fx::new();
    fx.place("kheul1", "0606", "N");
    fx.status("kheul1", Status::Shaken);
    fx.place("bevern", &fx.nb("0606", N), "S");
    fx.enter_combat();
    fx.act("attack bevern 0606");
    assert_eq!(
        fx.game.odds(&fx.s, 0, false).defence,
        2,
        "3 - 1, and no guns when Shaken"
    );
    assert!(!fx.game.can_fire(&fx.s, fx.u("kheul1")));
    fx.act("end-phase");
    fx.act("end-phase");
    fx.pass_windows();
    fx.die(3); // +1: DR
    fx.pass_windows();
    fx.retreat_first();
    fx.pass_windows();
    assert_eq!(fx.game.morale_rating(&fx.s, fx.u("kheul1"), 0), 4);
    fx.die(5);
    assert!(fx.gone("kheul1"));
    assert_eq!(
        fx.corps_morale("kheul"),
        4,
        "one point: the rout and the elimination are one event"
    );
}

#[test]
fn r9_5_attacker_retreat_moves_every_attacker() {
    let mut fx = Fx::new();
    fx.place("kheul1", "0606", "N"); // 3 + its guns
    let b = fx.nb("0606", N);
    let z = fx.nb("0606", NW);
    fx.place("bevern", &b, "S");
    fx.place("zieten", &z, "SE");
    fx.enter_combat();
    fx.act("attack bevern 0606");
    fx.act("attack zieten 0606");
    fx.act("end-phase");
    fx.act("end-phase");
    fx.pass_windows();
    fx.die(6); // 5 against 4: +1 column, die 6: AR
    fx.pass_windows();
    assert_eq!(
        fx.resolved()[0],
        (5, 4, 1, 6, CrtResult::AttackerRetreat(0))
    );
    for _ in 0..2 {
        fx.retreat_first();
        fx.pass_windows();
        if fx.s.stage == Stage::MoraleDie {
            fx.die(1);
        }
    }
    for (id, from) in [("bevern", b), ("zieten", z)] {
        let at = fx.s.piece(fx.u(id)).cell.unwrap();
        assert_eq!(
            fx.game.data.board.distance(at, fx.c(&from)),
            2,
            "{id} retreated two hexes"
        );
    }
    assert_eq!(fx.morale_tests().len(), 2);
    assert_eq!(fx.at("kheul1"), Some("0606".into()));
}

#[test]
fn r9_5_3_no_advance_when_the_defender_holds() {
    let mut fx = Fx::new();
    fx.place("dair", "0606", "N");
    fx.place("bevern", &fx.nb("0606", N), "S");
    fx.enter_combat();
    fx.act("attack bevern 0606");
    fx.act("end-phase");
    fx.act("end-phase");
    fx.pass_windows();
    fx.die(4); // +1, die 4: NE
    fx.pass_windows();
    assert_eq!(fx.resolved()[0].4, CrtResult::NoEffect);
    assert_ne!(fx.s.stage, Stage::Advance);
    assert_eq!(fx.s.phase, coupdoeil_dm::state::Phase::Administration);
}

#[test]
fn r10_3_a_shaken_unit_retreating_into_an_ezoc_is_eliminated() {
    let mut fx = Fx::new();
    // D'Air (Shaken) against the west edge, every way back covered by Prussian ZOCs.
    fx.place("dair", "0104", "E");
    fx.status("dair", Status::Shaken);
    fx.place("bevern", &fx.nb("0104", NE), "SW");
    fx.place("zieten", &fx.nb("0104", SE), "NW");
    fx.place("driesen", "0106", "N");
    fx.place("ferdinand", "0102", "S");
    let before = fx.corps_morale("nadasdy");
    fx.enter_combat();
    fx.act("attack bevern 0104");
    fx.act("end-phase");
    fx.act("end-phase");
    fx.pass_windows();
    fx.die(1);
    fx.pass_windows();
    fx.retreat_first();
    assert!(fx.gone("dair"));
    assert_eq!(
        fx.retreat_path("dair").len(),
        1,
        "gone on entering the first hex"
    );
    let entered = fx.c(&fx.retreat_path("dair")[0]);
    assert!(fx.game.in_zoc_of(&fx.s, entered, Side::A));
    assert!(fx.has_event(
        |w| matches!(w, What::Eliminated { rule, .. } if rule.starts_with("9.5.1, 10.3"))
    ));
    assert_eq!(fx.corps_morale("nadasdy"), before - 1);
    assert!(fx.morale_tests().is_empty());
}

impl Fx {
    fn dist(&self, a: &str, b: &str) -> u32 {
        self.game.data.board.distance(self.c(a), self.c(b))
    }

    /// The hexes `id` retreated into, in order.
    fn retreat_path(&self, id: &str) -> Vec<String> {
        let u = self.u(id);
        self.events
            .iter()
            .filter_map(|e| match e.what {
                What::Retreated { unit, to, .. } if unit == u => Some(self.label(to)),
                _ => None,
            })
            .collect()
    }

    /// Declares `attackers` against `target`, ends both declarations and rolls `die`.
    fn attack_with(&mut self, attackers: &[&str], target: &str, die: u8) {
        self.enter_combat();
        for a in attackers {
            self.act(&format!("attack {a} {target}"));
        }
        self.act("end-phase");
        self.act("end-phase");
        self.pass_windows();
        self.die(die);
        self.pass_windows();
    }
}

/// The position of issue 10: the defender's depot lies behind an attacker facing a vertex, so
/// the shortest way home runs along the attacker. Each retreat hex must take it farther from the
/// attacker, and the depot only decides among those.
#[test]
fn r9_5_1_retreat_moves_away_from_the_nearest_enemy() {
    let mut fx = Fx::new();
    fx.place("dair", "0305", "E");
    let attacker = fx.nb("0305", NE); // east of D'Air, the Austrian depot 1004 beyond it
    fx.place("bevern", &attacker, "W"); // a vertex: front SW (D'Air) and NW
    assert!(
        fx.dist(&attacker, "1004") < fx.dist("0305", "1004"),
        "the depot is behind the attacker"
    );
    fx.attack_with(&["bevern"], "0305", 3); // 3 against 2, the +1 column: DR
    assert_eq!(fx.resolved()[0].4, CrtResult::DefenderRetreat(0));
    // Every hex the owner is offered (and every forced one, below) is farther from the attacker.
    let mut d = fx.dist("0305", &attacker);
    while fx.s.stage == Stage::Retreat {
        let r = fx.s.retreat.expect("retreating");
        let offered = fx.game.retreat_options(&fx.s, &r);
        for o in &offered {
            assert!(
                fx.game.data.board.distance(*o, fx.c(&attacker)) > d,
                "offered {} which is no farther from the attacker",
                fx.label(*o)
            );
        }
        let a = fx.legal_text()[0].clone();
        fx.act(&a);
        d = fx.dist(&fx.at("dair").unwrap(), &attacker);
    }
    let path = fx.retreat_path("dair");
    assert_eq!(path.len(), 2, "two hexes: {path:?}");
    let mut prev = fx.dist("0305", &attacker);
    for h in &path {
        let now = fx.dist(h, &attacker);
        assert!(
            now > prev,
            "{h} is not farther from the attacker ({path:?})"
        );
        prev = now;
    }
    assert!(
        fx.dist(&path[1], &attacker) >= 3,
        "it ends well away from the attacker, not beside it: {path:?}"
    );
}

#[test]
fn r9_5_1_retreat_prefers_the_hex_toward_the_depot() {
    let mut fx = Fx::new();
    fx.place("dair", "0305", "S");
    let attacker = fx.nb("0305", S);
    fx.place("bevern", &attacker, "N"); // front: NW, N (D'Air), NE
    fx.attack_with(&["bevern"], "0305", 3);
    // Every hex two away from 0305 and three from Bevern that is reachable is "away"; of those the
    // one nearest the Austrian depot at 1004 must be taken without asking the owner.
    assert_ne!(
        fx.s.stage,
        Stage::Retreat,
        "one best hex each time: no choice"
    );
    let path = fx.retreat_path("dair");
    assert_eq!(path.len(), 2);
    let origin = fx.c("0305");
    let b = &fx.game.data.board;
    let best = b
        .cells
        .iter()
        .enumerate()
        .map(|(i, _)| coupdoeil_dm::Cell(i as u16))
        .filter(|&c| b.distance(c, origin) == 2 && b.distance(c, fx.c(&attacker)) == 3)
        .map(|c| b.distance(c, fx.c("1004")))
        .min()
        .unwrap();
    assert_eq!(
        fx.dist(&path[1], "1004"),
        best,
        "nearest the depot: {path:?}"
    );
}

#[test]
fn r9_5_1_a_retreating_unit_keeps_its_facing() {
    let mut fx = Fx::new();
    fx.place("dair", "0305", "SSW");
    fx.place("bevern", &fx.nb("0305", S), "N");
    fx.attack_with(&["bevern"], "0305", 3);
    fx.retreat_first();
    assert_eq!(fx.retreat_path("dair").len(), 2);
    assert_eq!(fx.facing("dair"), "SSW");
}

#[test]
fn r9_5_1_retreat_passes_through_a_friend_and_ends_in_an_empty_hex() {
    let mut fx = Fx::new();
    fx.place("dair", "0305", "S");
    let attacker = fx.nb("0305", S);
    fx.place("bevern", &attacker, "N");
    // Friends fill every hex one step away from 0305 that is not toward Bevern.
    let friends = ["odonell", "kheul1", "lucchesi"];
    let ways = [fx.nb("0305", N), fx.nb("0305", NW), fx.nb("0305", NE)];
    for (id, h) in friends.iter().zip(&ways) {
        fx.place(id, h, "S");
    }
    fx.attack_with(&["bevern"], "0305", 3);
    fx.retreat_first();
    let path = fx.retreat_path("dair");
    assert!(
        ways.contains(&path[0]),
        "its first hex is a friend's: {path:?}"
    );
    let end = fx.at("dair").unwrap();
    let end_cell = fx.c(&end);
    assert_eq!(fx.s.at(end_cell), Some(fx.u("dair")), "it ends alone");
    assert!(fx.dist(&end, "0305") >= 2);
    for id in friends {
        assert!(!fx.gone(id) && fx.at(id).is_some(), "friends stay put");
    }
}

#[test]
fn r9_5_1_retreat_enters_an_enemy_zoc_only_when_every_way_does() {
    let mut fx = Fx::new();
    // D'Air against the west edge: Bevern (NE) and Zieten (SE) attack; Bevern's ZOC covers 0103
    // to the north, Zieten's and Driesen's 0105 to the south.
    fx.place("dair", "0104", "E");
    fx.place("bevern", &fx.nb("0104", NE), "SW");
    fx.place("zieten", &fx.nb("0104", SE), "NW");
    fx.place("driesen", "0106", "N");
    for h in ["0103", "0105"] {
        assert!(
            fx.game.in_zoc_of(&fx.s, fx.c(h), Side::A),
            "{h} is in a ZOC"
        );
    }
    fx.attack_with(&["bevern"], "0104", 1);
    fx.retreat_first();
    let path = fx.retreat_path("dair");
    assert!(
        fx.game.in_zoc_of(&fx.s, fx.c(&path[0]), Side::A),
        "no way out but through a ZOC: {path:?}"
    );
    assert!(
        path[1..]
            .iter()
            .all(|h| !fx.game.in_zoc_of(&fx.s, fx.c(h), Side::A)),
        "only one ZOC hex on the cheapest path: {path:?}"
    );
    assert!(fx.has_event(|w| matches!(w, What::Routed { .. })));
    assert_eq!(fx.s.piece(fx.u("dair")).status, Status::Routed);
    assert!(fx.morale_tests().is_empty(), "no die for an automatic rout");
    assert_eq!(path.len(), 3, "two hexes and the rout hex: {path:?}");
}

#[test]
fn r14_0_cavalry_attacked_by_infantry_alone_tests_with_a_bonus() {
    for (attackers, bonus) in [(&["bevern"][..], 1), (&["bevern", "zieten"][..], 0)] {
        let mut fx = Fx::new();
        fx.place("odonell", "0305", "S"); // cavalry, morale 5
        fx.place("bevern", &fx.nb("0305", S), "N");
        fx.place("zieten", &fx.nb("0305", SW), "NE");
        fx.attack_with(attackers, "0305", 2);
        fx.retreat_first();
        fx.pass_windows();
        assert_eq!(fx.s.stage, Stage::MoraleDie);
        fx.die(1);
        let penalty = match fx.resolved()[0].4 {
            CrtResult::DefenderRetreat(n) => i32::from(n),
            other => panic!("expected a retreat, got {other}"),
        };
        assert_eq!(
            fx.morale_tests()[0].0,
            5 - penalty + bonus,
            "attackers {attackers:?}"
        );
    }
}

#[test]
fn r9_1_a_target_is_attacked_once_by_all_its_attackers_together() {
    let mut fx = Fx::new();
    fx.place("dair", "0305", "S");
    fx.place("bevern", &fx.nb("0305", S), "N");
    fx.place("zieten", &fx.nb("0305", SW), "NE");
    fx.enter_combat();
    fx.act("attack bevern 0305");
    fx.act("attack zieten 0305");
    assert_eq!(fx.s.attacks.len(), 1, "one attack on the hex");
    assert_eq!(fx.s.attacks[0].attackers.len(), 2);
    fx.act("end-phase");
    fx.act("end-phase");
    fx.pass_windows();
    fx.die(4);
    fx.pass_windows();
    assert_eq!(fx.resolved().len(), 1, "resolved once");
    assert!(
        !fx.legal_text().iter().any(|a| a.starts_with("resolve")),
        "and never again this phase"
    );
}

#[test]
fn r9_2_each_gun_supports_one_unit_per_combat_phase() {
    let mut fx = Fx::new();
    fx.place("dair", "0305", "S");
    fx.place("odonell", "0705", "S");
    let b = fx.nb("0305", S);
    fx.place("bevern", &b, "N");
    fx.place("ferdinand", &fx.nb(&b, SE), "N"); // next to Bevern
    fx.enter_combat();
    fx.act("attack bevern 0305");
    let fer = fx.at("ferdinand").unwrap();
    let t = fx.nb(&fer, N);
    if fx
        .game
        .data
        .board
        .parse(&t)
        .is_some_and(|c| fx.s.at(c).is_some())
    {
        fx.act(&format!("attack ferdinand {t}"));
    }
    assert!(fx.can("support ferdinand bevern"));
    fx.act("support ferdinand bevern");
    assert!(
        !fx.legal_text()
            .iter()
            .any(|a| a.starts_with("support ferdinand")),
        "its Supporting Fire is spent: {:?}",
        fx.legal_text()
    );
}

#[test]
fn r11_2_a_demoralized_corps_ignores_further_morale_effects() {
    let mut fx = Fx::new();
    fx.place("dair", "0305", "S");
    fx.status("dair", Status::Routed);
    fx.place("bevern", &fx.nb("0305", S), "N");
    let nad = fx
        .game
        .data
        .corps
        .iter()
        .position(|c| c.id == "nadasdy")
        .unwrap();
    fx.s.demoralized[nad] = true;
    fx.s.corps_morale[nad] = 0;
    fx.enter_combat();
    fx.act("attack bevern 0305");
    fx.act("end-phase");
    fx.act("end-phase");
    assert!(fx.gone("dair"), "a Routed unit attacked is eliminated");
    assert!(
        !fx.has_event(
            |w| matches!(w, What::CorpsMorale { corps, .. } if usize::from(*corps) == nad)
        ),
        "no morale change for a Demoralized corps"
    );
    assert_eq!(fx.s.corps_morale[nad], 0);
}

#[test]
fn r5_1_a_card_played_after_the_last_draw_comes_back() {
    let mut fx = Fx::new();
    fx.place("dair", "0305", "S");
    fx.place("bevern", &fx.nb("0305", S), "N");
    fx.give(Side::A, "P01");
    let p01 = fx.s.decks[Side::A].hand[0];
    fx.s.decks[Side::A].draw.clear(); // the last card was drawn, with no discards to reshuffle
    fx.enter_combat();
    fx.act("attack bevern 0305");
    fx.act("end-phase");
    fx.act("end-phase");
    fx.pass_windows();
    fx.die(6);
    assert_eq!(fx.s.stage, Stage::AttackCard(Side::A, 6));
    fx.act("play P01");
    assert_eq!(
        fx.s.decks[Side::A].draw,
        vec![p01],
        "it forms the new draw pile"
    );
    assert!(fx.s.decks[Side::A].discard.is_empty());
}

#[test]
fn r9_0_step5_the_attack_die_is_told_as_soon_as_it_is_rolled() {
    let mut fx = Fx::new();
    fx.place("dair", "0305", "S");
    fx.place("bevern", &fx.nb("0305", S), "N");
    fx.give(Side::A, "P01");
    fx.enter_combat();
    fx.act("attack bevern 0305");
    fx.act("end-phase");
    fx.act("end-phase");
    fx.pass_windows();
    fx.die(6);
    assert_eq!(
        fx.s.stage,
        Stage::AttackCard(Side::A, 6),
        "before the step-6 cards"
    );
    assert!(fx.has_event(|w| matches!(w, What::AttackRolled { die: 6, .. })));
    assert!(fx.resolved().is_empty(), "not resolved yet");
}

#[test]
fn r9_5_3_the_observation_names_the_unit_turning_after_combat() {
    let mut fx = Fx::new();
    fx.place("adummy", "0305", "S");
    fx.place("bevern", &fx.nb("0305", S), "N");
    fx.enter_combat();
    fx.act("attack bevern 0305");
    fx.act("end-phase");
    fx.act("end-phase");
    fx.act("no-advance");
    assert_eq!(fx.s.stage, Stage::AfterFacing);
    let o = fx
        .game
        .observe(&fx.s, coupdoeil_engine::Viewer::Side(Side::B));
    assert_eq!(o.turning.as_deref(), Some("bevern"));
    let v = serde_json::to_value(&o).unwrap();
    assert_eq!(v["stage"]["kind"], "after_facing");
    assert_eq!(v["turning"], "bevern");
}
