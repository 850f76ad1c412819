//! Rules 4.0, 5.0, 10.2, 11.0, 12.0, 13.0 and the Exclusive set-up rules.

mod common;
use common::{Fx, TEST_MAP, test_game};
use coupdoeil_dm::state::{Phase, Stage, Status};
use coupdoeil_dm::{Chance, DrumsMuskets, What};
use coupdoeil_engine::{Game, Side, ToAct, Viewer};
use coupdoeil_hex::EdgeDir::{N, S};
use coupdoeil_scenario::{Document, Scenario, merge};

fn free_setup_game() -> DrumsMuskets {
    let base = Document::parse(&[("testmap.toml", TEST_MAP)]).unwrap();
    let over = Document::parse(&[("free.toml", "[scenario]\nsetup = \"free\"\n")]).unwrap();
    let sc = Scenario::from_document(merge(base, over)).unwrap_or_else(|e| panic!("{e}"));
    DrumsMuskets::new(&sc).unwrap()
}

#[test]
fn ex3_0_opening_hands_are_drawn_to_each_maximum() {
    let g = test_game();
    let mut s = g.initial_state();
    let mut ev = Vec::new();
    while g.to_act(&s) == ToAct::Chance && s.stage == Stage::OpeningDraw {
        let d = g.chance(&s);
        let c = d.outcomes()[0].0;
        g.apply_chance_unchecked(&mut s, &c, &mut ev);
    }
    assert_eq!(s.decks[Side::A].hand.len(), 3);
    assert_eq!(s.decks[Side::B].hand.len(), 2);
    // The draws are private: the opponent sees only that a card was drawn.
    let drew = ev
        .iter()
        .filter(|e| matches!(e.what, What::Drew { side: Side::A, .. }))
        .count();
    assert_eq!(drew, 3);
    assert!(
        ev.iter()
            .filter(|e| matches!(e.what, What::Drew { side: Side::A, .. }))
            .all(|e| !g.event_visible(e, Viewer::Side(Side::B)))
    );
    // Historical set-up: the game now starts with the Prussian Movement Phase card window.
    assert_eq!(s.phase, Phase::Movement);
    assert_eq!(s.phasing, Side::A);
}

#[test]
fn ex3_0_austrians_set_up_first_with_corps_together() {
    let g = free_setup_game();
    let mut s = g.initial_state();
    let mut ev = Vec::new();
    while g.to_act(&s) == ToAct::Chance {
        let c = g.chance(&s).outcomes()[0].0;
        g.apply_chance_unchecked(&mut s, &c, &mut ev);
    }
    assert_eq!(s.stage, Stage::Place(Side::B), "the Austrians set up first");
    let legal = |s: &coupdoeil_dm::State| -> Vec<String> {
        let mut v = Vec::new();
        g.legal_actions(s, &mut v);
        v.iter().map(|a| g.action_notation(a)).collect()
    };
    let act = |s: &mut coupdoeil_dm::State, text: &str, ev: &mut Vec<_>| {
        let a = g.parse_action(text).unwrap();
        assert!(g.is_legal(s, &a), "`{text}` not in {:?}", legal(s));
        g.apply_action_unchecked(s, &a, ev);
    };
    // Ruling 26: the corps are set up north to south, in the order the player chooses.
    assert_eq!(
        legal(&s),
        ["corps nadasdy", "corps kheul", "corps lucchesi"]
    );
    act(&mut s, "corps kheul", &mut ev);
    // Five slots; Nadasdy (2 units) and Lucchesi (1) must still fit south of Kheul.
    assert_eq!(legal(&s), ["place #1", "place #2"]);
    act(&mut s, "place #2", &mut ev);
    assert_eq!(legal(&s), ["corps nadasdy", "corps lucchesi"]);
    act(&mut s, "corps nadasdy", &mut ev);
    // Not north of Kheul (slot 1), and Lucchesi still needs a slot south of Nadasdy.
    assert_eq!(legal(&s), ["place #3", "place #4"]);
    act(&mut s, "place #4", &mut ev);
    assert_eq!(legal(&s), ["place #3"], "O'Donell keeps Nadasdy together");
    act(&mut s, "place #3", &mut ev);
    // Lucchesi is the last corps: no choice to make, only the last slot south of the others.
    assert_eq!(legal(&s), ["place #5"]);
    act(&mut s, "place #5", &mut ev);
    assert_eq!(legal(&s), ["place #1"], "the dummy goes anywhere free");
    // The Prussians do not see where the Austrians put anything while they set up.
    let obs = g.observe(&s, Viewer::Side(Side::A));
    assert!(obs.pieces.iter().all(|p| p.side == Side::A));
    act(&mut s, "place #1", &mut ev);
    assert_eq!(s.stage, Stage::Place(Side::A), "then the Prussians");
}

/// Ruling 26 stays linear: a side of 40 one-unit corps sets up without search.
#[test]
fn ex3_0_the_grouped_set_up_check_is_fast_with_many_corps() {
    let mut text = TEST_MAP.to_string();
    // Forty more Austrian one-unit corps, forty more slots on a bigger map.
    text = text.replace("columns = 10\nrows = 8", "columns = 10\nrows = 60");
    assert!(text.contains("rows = 60"));
    let mut extra = String::new();
    let mut slots = Vec::new();
    for i in 0..40 {
        extra.push_str(&format!(
            "[[corps]]\nid = \"x{i}\"\nside = \"austrian\"\nname = \"X{i}\"\nmorale = 1\n\n[[unit]]\nid = \"x{i}u\"\nname = \"X{i}\"\nside = \"austrian\"\ncorps = \"x{i}\"\nkind = \"infantry\"\nstrength = 1\nmorale = 3\nmovement = 2\n\n"
        ));
        slots.push(format!("{{ at = \"10{:02}\", facing = \"W\" }}", i + 10));
    }
    text = text.replace(
        "{ at = \"1005\", facing = \"W\" },",
        &format!("{{ at = \"1005\", facing = \"W\" }}, {},", slots.join(", ")),
    );
    text.push_str(&extra);
    let doc = Document::parse(&[("big.toml", text.as_str())]).unwrap_or_else(|e| panic!("{e}"));
    let over = Document::parse(&[("over.toml", "[scenario]\nsetup = \"free\"\n")]).unwrap();
    let sc = Scenario::from_document(merge(doc, over)).unwrap_or_else(|e| panic!("{e}"));
    let g = DrumsMuskets::new(&sc).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.data.corps.len(), 46);
    let mut s = g.initial_state();
    let mut ev = Vec::new();
    let mut legal = Vec::new();
    let mut steps = 0;
    while s.stage != Stage::Place(Side::A) {
        steps += 1;
        assert!(steps < 1000);
        match g.to_act(&s) {
            ToAct::Chance => {
                let c = g.chance(&s).outcomes()[0].0;
                g.apply_chance_unchecked(&mut s, &c, &mut ev);
            }
            _ => {
                g.legal_actions(&s, &mut legal);
                assert!(!legal.is_empty(), "a legal set-up action at every step");
                let a = legal[legal.len() / 2];
                g.apply_action_unchecked(&mut s, &a, &mut ev);
            }
        }
    }
}

#[test]
fn r4_0_sequence_of_play_turns_and_phases() {
    let g = test_game();
    let mut s = g.initial_state();
    let mut ev = Vec::new();
    // Draw, then pass every card window and end every phase: the turns go by in order.
    let mut phases = Vec::new();
    for _ in 0..500 {
        match g.to_act(&s) {
            ToAct::Over => break,
            ToAct::Chance => {
                let c = g.chance(&s).outcomes()[0].0;
                g.apply_chance_unchecked(&mut s, &c, &mut ev);
            }
            ToAct::Side(_) => {
                let mut legal = Vec::new();
                g.legal_actions(&s, &mut legal);
                let pick = [
                    coupdoeil_dm::Action::Pass,
                    coupdoeil_dm::Action::EndPhase,
                    coupdoeil_dm::Action::EndDiscard,
                ]
                .into_iter()
                .find(|a| legal.contains(a))
                .unwrap_or(legal[0]);
                g.apply_action_unchecked(&mut s, &pick, &mut ev);
            }
        }
        let key = (s.turn, s.phasing, s.phase);
        if phases.last() != Some(&key) {
            phases.push(key);
        }
    }
    assert_eq!(g.to_act(&s), ToAct::Over);
    let expected: Vec<_> = (1..=2u8)
        .flat_map(|t| {
            [Side::A, Side::B].into_iter().flat_map(move |side| {
                [Phase::Movement, Phase::Combat, Phase::Administration]
                    .into_iter()
                    .map(move |p| (t, side, p))
            })
        })
        .collect();
    let seen: Vec<_> = phases.into_iter().filter(|k| k.2 != Phase::Setup).collect();
    assert_eq!(seen, expected);
    // Nobody attacked: no corps demoralized, no depot taken: 0-0, and the Austrians win draws.
    let out = g.outcome(&s).unwrap();
    assert_eq!(out.points, [0, 0]);
    assert_eq!(out.winner, Some(Side::B));
}

#[test]
fn r5_0_movement_phase_cards_phasing_player_first() {
    let mut fx = Fx::new();
    fx.place("bevern", "0404", "NNE");
    fx.give(Side::A, "P02");
    fx.give(Side::B, "A02");
    fx.s.stage = Stage::MovementCard(Side::A);
    assert!(fx.can("play P02"));
    fx.act("play P02");
    assert_eq!(fx.s.stage, Stage::MovementCard(Side::B));
    assert!(fx.can("play A02"));
    fx.act("play A02");
    assert_eq!(fx.s.stage, Stage::Movement);
    assert_eq!(fx.s.ma_bonus[Side::A], 0, "+1 and -1");
    // 5.1 P02 is removed from play, A02 goes to the discard pile.
    assert_eq!(fx.s.decks[Side::A].removed.len(), 1);
    assert_eq!(fx.s.decks[Side::B].discard.len(), 1);
}

#[test]
fn r5_0_huzzah_only_in_the_austrians_own_combat_phase() {
    let mut fx = Fx::new();
    fx.place("dair", "0606", "N");
    fx.place("bevern", &fx.nb("0606", N), "S");
    fx.give(Side::B, "A01");
    fx.enter_combat();
    fx.act("attack bevern 0606");
    fx.act("end-phase");
    fx.act("end-phase");
    assert_eq!(
        fx.s.stage,
        Stage::AttackCard(Side::B, 3),
        "the defender holds a card and is asked"
    );
    assert!(
        !fx.can("play A01"),
        "Huzzah! is for the Austrian Combat Phase only"
    );
    assert_eq!(fx.legal_text(), vec!["pass".to_string()]);
}

#[test]
fn r5_1_last_card_drawn_reshuffles_the_discards() {
    let mut fx = Fx::new();
    let side = Side::B;
    let cards: Vec<_> = fx.s.decks[side].draw.clone();
    // Everything but one card is in the discard pile; drawing it reshuffles.
    fx.s.decks[side].draw = vec![cards[0]];
    fx.s.decks[side].discard = cards[1..].to_vec();
    fx.s.phasing = side;
    fx.s.stage = Stage::Draw;
    let mut ev = Vec::new();
    fx.game
        .apply_chance_unchecked(&mut fx.s, &Chance::Card(cards[0]), &mut ev);
    assert!(ev.iter().any(|e| matches!(e.what, What::Reshuffled { .. })));
    assert_eq!(fx.s.decks[side].draw.len(), cards.len() - 1);
    assert!(fx.s.decks[side].discard.is_empty());
}

#[test]
fn r10_2_one_routed_unit_rallies_automatically_the_others_test_at_minus_two() {
    let mut fx = Fx::new();
    fx.place("bevern", "0404", "N");
    fx.place("ferdinand", "0707", "N");
    fx.status("bevern", Status::Routed);
    fx.status("ferdinand", Status::Routed);
    fx.s.phase = Phase::Combat;
    fx.s.stage = Stage::Declare;
    fx.act("end-phase"); // no attacks: Administrative Phase
    // Step C: the Prussian hand is empty, 3 cards are drawn.
    for _ in 0..3 {
        assert_eq!(fx.s.stage, Stage::Draw);
        let c = fx.game.chance(&fx.s).outcomes()[0].0;
        fx.game
            .apply_chance_unchecked(&mut fx.s, &c, &mut fx.events);
    }
    while matches!(fx.s.stage, Stage::RallyCard) {
        fx.act("pass");
    }
    assert_eq!(fx.s.stage, Stage::RallyChoose);
    fx.act("rally bevern");
    assert_eq!(fx.s.piece(fx.u("bevern")).status, Status::Shaken);
    assert_eq!(fx.s.stage, Stage::RallyDie);
    // Ferdinand: morale 6 in a marsh (no modifier) - 2 = 4: a 5 fails.
    fx.die(5);
    assert_eq!(fx.s.piece(fx.u("ferdinand")).status, Status::Routed);
    assert!(fx.has_event(|w| matches!(
        w,
        What::MoraleTested {
            rating: 4,
            die: 5,
            passed: false,
            rally: true,
            ..
        }
    )));
}

#[test]
fn r11_2_demoralization_cascades_and_shakes_the_corps() {
    let mut fx = Fx::new();
    fx.place("dair", "0606", "N");
    fx.place("odonell", "0808", "N");
    fx.place("kheul1", "0202", "S");
    fx.status("odonell", Status::Shaken);
    let nad = fx
        .game
        .data
        .corps
        .iter()
        .position(|c| c.id == "nadasdy")
        .unwrap();
    let kh = fx
        .game
        .data
        .corps
        .iter()
        .position(|c| c.id == "kheul")
        .unwrap();
    let lu = fx
        .game
        .data
        .corps
        .iter()
        .position(|c| c.id == "lucchesi")
        .unwrap();
    fx.s.corps_morale[nad] = 0;
    fx.s.corps_morale[lu] = 1;
    fx.s.phase = Phase::Combat;
    fx.s.stage = Stage::Declare;
    fx.act("end-phase");
    assert!(fx.s.demoralized[nad]);
    assert_eq!(
        fx.s.piece(fx.u("dair")).status,
        Status::Shaken,
        "Steady units become Shaken"
    );
    assert!(fx.gone("odonell"), "Shaken units are eliminated");
    assert!(
        fx.s.demoralized[lu],
        "Lucchesi fell from 1 to 0: the cascade"
    );
    assert_eq!(
        fx.s.corps_morale[kh], 3,
        "Kheul lost a point for each of the two demoralized corps"
    );
    assert!(!fx.s.demoralized[kh]);
}

#[test]
fn r12_0_a_revealed_dummies_leave_the_map() {
    let mut fx = Fx::new();
    fx.place("adummy", "0606", "N");
    fx.place("pdummy", "0202", "N");
    fx.hide("pdummy");
    fx.s.phase = Phase::Combat;
    fx.s.stage = Stage::Declare;
    fx.act("end-phase");
    assert!(fx.gone("adummy"), "revealed dummy removed in step A");
    assert!(!fx.gone("pdummy"), "a hidden one stays");
}

#[test]
fn r13_0_immediate_victory_on_a_majority_of_demoralized_corps() {
    let mut fx = Fx::new();
    fx.place("bevern", "0404", "N");
    for id in ["nadasdy", "kheul"] {
        let i = fx.game.data.corps.iter().position(|c| c.id == id).unwrap();
        fx.s.corps_morale[i] = 0;
    }
    fx.s.phase = Phase::Combat;
    fx.s.stage = Stage::Declare;
    fx.act("end-phase");
    while fx.to_act() == ToAct::Chance {
        let c = fx.game.chance(&fx.s).outcomes()[0].0;
        fx.game
            .apply_chance_unchecked(&mut fx.s, &c, &mut fx.events);
    }
    let out = fx.game.outcome(&fx.s).expect("over");
    assert_eq!(out.winner, Some(Side::A));
    assert_eq!(out.kind, "immediate");
}

fn depot_ix(fx: &Fx, label: &str) -> usize {
    let depot = fx.c(label);
    fx.game
        .data
        .board
        .depots
        .iter()
        .position(|d| d.0 == depot)
        .unwrap()
}

#[test]
fn ex13_0_depots_captured_by_being_the_last_in_them() {
    let mut fx = Fx::new();
    let i = depot_ix(&fx, "1004");
    fx.place("zieten", &fx.nb("1004", S), "NNW");
    fx.act("select zieten");
    fx.act("step 1004");
    assert_eq!(
        fx.s.depot_holder[i],
        Side::B,
        "ruling 22: not while it is still moving"
    );
    fx.act("end-move");
    assert_eq!(fx.s.depot_holder[i], Side::A, "its move ended in the depot");
    assert_eq!(
        fx.game.victory_points(&fx.s, Side::A),
        1,
        "every Austrian depot held"
    );
    // Leaving does not give it back.
    let z = fx.u("zieten");
    fx.s.pieces[z.ix()].moved = false;
    fx.act("select zieten");
    fx.act(&format!("step {}", fx.nb("1004", N)));
    fx.act("end-move");
    assert_eq!(fx.s.depot_holder[i], Side::A);
}

#[test]
fn ex13_0_passing_through_a_depot_does_not_take_it() {
    let mut fx = Fx::new();
    let i = depot_ix(&fx, "1004");
    fx.place("zieten", &fx.nb("1004", S), "NNW");
    fx.act("select zieten");
    fx.act("step 1004");
    fx.act(&format!("step {}", fx.nb("1004", N)));
    fx.act("end-move");
    assert_eq!(
        fx.s.depot_holder[i],
        Side::B,
        "ruling 22: only passing through"
    );
}

#[test]
fn ex13_0_the_austrians_need_both_prussian_depots() {
    let game = common::leuthen(true);
    let mut s = game.initial_state();
    let prussian: Vec<usize> = (0..game.data.board.depots.len())
        .filter(|&i| game.data.board.depots[i].1 == Side::A)
        .collect();
    assert_eq!(prussian.len(), 2, "Exclusive 13.0: two Prussian depots");
    assert_eq!(game.victory_points(&s, Side::B), 0);
    s.depot_holder[prussian[0]] = Side::B;
    assert_eq!(
        game.victory_points(&s, Side::B),
        0,
        "one of the two is not enough"
    );
    s.depot_holder[prussian[1]] = Side::B;
    assert_eq!(game.victory_points(&s, Side::B), 1, "both held: one point");
    s.depot_holder[prussian[0]] = Side::A;
    assert_eq!(
        game.victory_points(&s, Side::B),
        0,
        "retaken: the point is lost"
    );
}

#[test]
fn r12_0_c_discard_any_then_draw_back_to_the_maximum() {
    let mut fx = Fx::new();
    fx.place("bevern", "0404", "N");
    fx.give(Side::A, "P01");
    fx.give(Side::A, "P03");
    fx.s.phase = Phase::Combat;
    fx.s.stage = Stage::Declare;
    fx.act("end-phase");
    assert_eq!(fx.s.stage, Stage::Discard);
    fx.act("discard P01");
    assert_eq!(fx.s.decks[Side::A].discard.len(), 1);
    fx.act("end-discard");
    // 5.2 one card kept, two drawn: back to three.
    let mut draws = 0;
    while fx.s.stage == Stage::Draw {
        let c = fx.game.chance(&fx.s).outcomes()[0].0;
        fx.game
            .apply_chance_unchecked(&mut fx.s, &c, &mut fx.events);
        draws += 1;
    }
    assert_eq!(draws, 2);
    assert_eq!(fx.s.decks[Side::A].hand.len(), 3);
}

#[test]
fn r11_1_elimination_without_a_rout_still_costs_a_point() {
    let mut fx = Fx::new();
    fx.place("dair", "0108", "N");
    fx.place("bevern", &fx.nb("0108", N), "S");
    fx.place("zieten", &fx.nb("0108", coupdoeil_hex::EdgeDir::NE), "SW");
    let before = fx.s.corps_morale[0..].to_vec();
    fx.enter_combat();
    fx.act("attack bevern 0108");
    fx.act("attack zieten 0108");
    fx.act("end-phase");
    fx.act("end-phase");
    fx.die(1);
    while fx.s.stage == Stage::Retreat {
        let a = fx.legal_text()[0].clone();
        fx.act(&a);
    }
    assert!(fx.gone("dair"));
    let nad = fx
        .game
        .data
        .corps
        .iter()
        .position(|c| c.id == "nadasdy")
        .unwrap();
    assert_eq!(fx.s.corps_morale[nad], before[nad] - 1);
}

#[test]
fn r5_1_discards_after_the_last_card_was_drawn_come_back() {
    let mut fx = Fx::new();
    let side = Side::A;
    let cards: Vec<_> = fx.s.decks[side].draw.clone();
    // One card left to draw and nothing discarded: drawing it cannot reshuffle anything.
    fx.s.decks[side].draw = vec![cards[0]];
    fx.s.decks[side].removed = cards[2..].to_vec();
    fx.s.decks[side].hand = vec![cards[1]];
    fx.s.phasing = side;
    fx.s.stage = Stage::Draw;
    let mut ev = Vec::new();
    fx.game
        .apply_chance_unchecked(&mut fx.s, &Chance::Card(cards[0]), &mut ev);
    assert!(fx.s.decks[side].draw.is_empty() && fx.s.decks[side].discard.is_empty());
    // A later discard must not be lost to an empty pile: it forms the new draw pile.
    fx.s.phasing = side;
    fx.s.phase = Phase::Administration;
    fx.s.stage = Stage::Discard;
    let card = fx
        .game
        .action_notation(&coupdoeil_dm::Action::Discard(cards[1]));
    fx.act(&card);
    assert_eq!(
        fx.s.decks[side].draw,
        vec![cards[1]],
        "back in the draw pile"
    );
    assert!(fx.s.decks[side].discard.is_empty());
}

#[test]
fn r11_2_hidden_units_shaken_by_demoralization_stay_secret() {
    let mut fx = Fx::new();
    fx.place("dair", "0606", "N");
    fx.place("odonell", "0808", "N");
    fx.place("bevern", "0202", "S");
    fx.hide("odonell");
    let nad = fx
        .game
        .data
        .corps
        .iter()
        .position(|c| c.id == "nadasdy")
        .unwrap();
    fx.s.corps_morale[nad] = 0;
    fx.s.phase = Phase::Combat;
    fx.s.stage = Stage::Declare;
    fx.act("end-phase");
    assert!(fx.s.demoralized[nad]);
    let odonell = fx.u("odonell");
    assert_eq!(fx.s.piece(odonell).status, Status::Shaken);
    assert!(fx.s.piece(odonell).hidden, "still hidden");
    let prussian = Viewer::Side(Side::A);
    for e in fx
        .events
        .iter()
        .filter(|e| fx.game.event_visible(e, prussian))
    {
        assert!(
            !matches!(e.what, What::Shaken { unit } if unit == odonell),
            "the Prussians learn which hidden piece is O'Donell: {}",
            fx.game.describe_event(e)
        );
    }
    assert!(
        fx.events.iter().any(
            |e| matches!(e.what, What::Shaken { unit } if unit == odonell)
                && fx.game.event_visible(e, Viewer::Side(Side::B))
        ),
        "its owner is told"
    );
    let seen = fx.game.observe(&fx.s, prussian);
    assert!(
        seen.pieces
            .iter()
            .filter(|p| p.side == Side::B && p.hidden)
            .all(|p| p.status == Status::Steady && p.unit.is_none())
    );
}

#[test]
fn r13_0_immediate_victory_only_in_the_winners_own_administrative_phase() {
    let mut fx = Fx::new();
    fx.place("bevern", "0404", "N");
    fx.place("dair", "0808", "N");
    // The Prussians (phasing) have a majority of their corps at 0: they are Demoralized in their
    // own Administrative Phase, but the Austrians win only in theirs (ruling 21).
    for id in ["centre", "right"] {
        let i = fx.game.data.corps.iter().position(|c| c.id == id).unwrap();
        fx.s.corps_morale[i] = 0;
    }
    fx.s.phase = Phase::Combat;
    fx.s.stage = Stage::Declare;
    fx.act("end-phase");
    while fx.to_act() == ToAct::Chance {
        let c = fx.game.chance(&fx.s).outcomes()[0].0;
        fx.game
            .apply_chance_unchecked(&mut fx.s, &c, &mut fx.events);
    }
    assert!(
        fx.game.outcome(&fx.s).is_none(),
        "not in the Prussian phase"
    );
    assert_eq!(fx.s.phasing, Side::B);
    // The Austrian turn: nothing happens, and at its step E the Austrians win.
    let mut guard = 0;
    while fx.game.outcome(&fx.s).is_none() && guard < 100 {
        guard += 1;
        match fx.to_act() {
            ToAct::Chance => {
                let c = fx.game.chance(&fx.s).outcomes()[0].0;
                fx.game
                    .apply_chance_unchecked(&mut fx.s, &c, &mut fx.events);
            }
            ToAct::Side(_) => {
                let a = if fx.can("end-phase") {
                    "end-phase".to_string()
                } else if fx.can("end-discard") {
                    "end-discard".to_string()
                } else {
                    "pass".to_string()
                };
                fx.act(&a);
            }
            ToAct::Over => break,
        }
    }
    let out = fx.game.outcome(&fx.s).expect("over");
    assert_eq!(out.winner, Some(Side::B));
    assert_eq!(out.kind, "immediate");
    assert_eq!(
        fx.s.turn, 1,
        "in the Austrian Administrative Phase of the same turn"
    );
}

fn load_text(text: &str) -> Result<DrumsMuskets, String> {
    let doc = Document::parse(&[("t.toml", text)]).map_err(|e| e.to_string())?;
    let sc = Scenario::from_document(doc).map_err(|e| e.to_string())?;
    DrumsMuskets::new(&sc).map_err(|e| e.to_string())
}

#[test]
fn scenario_a_side_without_units_is_refused() {
    let text = TEST_MAP
        .replace("side = \"austrian\"\ncorps", "side = \"prussian\"\ncorps")
        .replace("side = \"austrian\"\nkind", "side = \"prussian\"\nkind")
        .replace("side = \"austrian\"\nname", "side = \"prussian\"\nname");
    let e = load_text(&text).map(|_| ()).unwrap_err();
    assert!(e.contains("side `austrian` has no units"), "{e}");
}

#[test]
fn scenario_at_most_256_corps() {
    let mut text = TEST_MAP.to_string();
    for i in 0..251 {
        text.push_str(&format!(
            "\n[[corps]]\nid = \"extra{i}\"\nside = \"austrian\"\nname = \"Extra\"\nmorale = 1\n"
        ));
    }
    let e = load_text(&text).map(|_| ()).unwrap_err();
    assert!(e.contains("at most 256 corps, not 257"), "{e}");
    let fewer = text.replace(
        "\n[[corps]]\nid = \"extra250\"",
        "\n[[corps]]\nid = \"extra250\"\n# ",
    );
    let _ = fewer;
}

#[test]
fn scenario_diagnostics_are_one_line_each() {
    // A card effect the rules crate does not know: the parser's message spans lines.
    let text = TEST_MAP.replace(
        "effect = { kind = \"reroll\" }",
        "effect = { kind = \"teleport\" }",
    );
    let doc = Document::parse(&[("t.toml", text.as_str())]).unwrap();
    let sc = Scenario::from_document(doc).unwrap();
    let d = DrumsMuskets::new(&sc).unwrap_err();
    assert!(!d.is_empty());
    for line in d.iter() {
        let shown = line.to_string();
        assert!(!shown.contains('\n'), "{shown:?}");
        assert!(shown.contains("teleport"), "{shown}");
    }
}

const START: &str = r#"
[start]
turn = 2
phasing = "austrian"
phase = "combat"
corps_morale = { nadasdy = 1 }
hands = { austrian = ["A01"], prussian = ["P01", "P03"] }
depots = { "0104" = "austrian" }

[[start.unit]]
id = "dair"
at = "0505"
facing = "S"
status = "shaken"

[[start.unit]]
id = "odonell"
eliminated = true

[[start.unit]]
id = "bevern"
at = "0506"
facing = "N"
status = "routed"

[[start.unit]]
id = "pdummy"
at = "0808"
facing = "N"
hidden = true
"#;

#[test]
fn scenario_starts_from_a_position() {
    let g = load_text(&format!("{TEST_MAP}{START}")).unwrap_or_else(|e| panic!("{e}"));
    let s = g.initial_state();
    let u = |id: &str| {
        coupdoeil_dm::UnitId(g.data.units.iter().position(|x| x.id == id).unwrap() as u8)
    };
    assert_eq!((s.turn, s.phasing, s.phase), (2, Side::B, Phase::Combat));
    assert_eq!(s.stage, Stage::Declare);
    assert_eq!(s.piece(u("dair")).status, Status::Shaken);
    assert_eq!(g.data.board.label(s.piece(u("dair")).cell.unwrap()), "0505");
    assert!(s.piece(u("odonell")).gone);
    assert_eq!(s.piece(u("bevern")).status, Status::Routed);
    assert!(s.piece(u("pdummy")).hidden);
    assert!(
        !s.piece(u("kheul1")).hidden,
        "unlisted pieces stand at their historical place"
    );
    let nad = g.data.corps.iter().position(|c| c.id == "nadasdy").unwrap();
    assert_eq!(s.corps_morale[nad], 1);
    assert_eq!(s.decks[Side::A].hand.len(), 2);
    assert_eq!(s.decks[Side::B].hand.len(), 1);
    assert_eq!(
        g.victory_points(&s, Side::B),
        1,
        "the only Prussian depot of the test map is held"
    );
    // The Austrian may attack the Routed Bevern from D'Air's front at once.
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert!(
        legal
            .iter()
            .any(|a| g.action_notation(a) == "attack dair 0506"),
        "{legal:?}"
    );
}

#[test]
fn scenario_start_errors_are_listed() {
    let bad = START
        .replace("phase = \"combat\"", "phase = \"lunch\"")
        .replace("at = \"0808\"", "at = \"0505\"");
    let e = load_text(&format!("{TEST_MAP}{bad}"))
        .map(|_| ())
        .unwrap_err();
    assert!(e.contains("unknown phase `lunch`"), "{e}");
    assert!(e.contains("both stand in 0505"), "{e}");
}

fn doc_block(begin: &str, end: &str) -> String {
    let doc = include_str!("../../../docs/formats.md");
    let a = doc.find(begin).expect("begin marker");
    let b = doc.find(end).expect("end marker");
    doc[a..b]
        .split_once("```toml\n")
        .and_then(|(_, rest)| rest.rsplit_once("```"))
        .map(|(body, _)| body.to_string())
        .expect("a toml block")
}

/// The custom map of docs/formats.md plays as a game, also from its documented `[start]`.
#[test]
fn scenario_formats_doc_example_and_start_load_as_games() {
    let example = doc_block("<!-- example:begin -->", "<!-- example:end -->");
    let g = load_text(&example).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.data.board.len(), 12, "4 x 3 hexes");
    let start = doc_block("<!-- start-example:begin -->", "<!-- start-example:end -->");
    let g = load_text(&format!("{example}\n{start}")).unwrap_or_else(|e| panic!("{e}"));
    let s = g.initial_state();
    assert_eq!((s.turn, s.phasing, s.stage), (2, Side::B, Stage::Declare));
    let foot = g
        .data
        .units
        .iter()
        .position(|u| u.id == "blue-foot")
        .unwrap();
    assert_eq!(s.pieces[foot].status, Status::Shaken);
}
