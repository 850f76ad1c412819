//! Prussia's Glory through the registry, on the rules crate's small test field (the shared
//! charts included): the hooks, the board, the hints, the reach and the previews.

use crate::{AnyMatch, Loaded, load_files};
use coupdoeil_engine::{Side, ToAct, Viewer};
use coupdoeil_pg::PrussiasGlory;

/// The rules crate's test field.
pub(crate) const FIELD: &str = include_str!("../../../rules-pg/tests/data/field.toml");
/// The shared Player Aid charts.
pub(crate) const CHARTS: &str = include_str!("../../../../data/scenarios/pg/charts.toml");

/// The test field loaded from files, as a user's scenario would be.
pub(crate) fn field() -> Loaded {
    load_files(vec![
        ("field/scenario.toml".into(), FIELD.into()),
        ("charts.toml".into(), CHARTS.into()),
    ])
    .unwrap_or_else(|e| panic!("{e}"))
}

pub(crate) fn field_game() -> PrussiasGlory {
    match field().game {
        crate::AnyGame::Pg(g) => (*g).clone(),
        #[allow(unreachable_patterns)]
        _ => panic!("the field is a Prussia's Glory scenario"),
    }
}

fn to_decision(m: &mut AnyMatch) {
    while m.to_act() == ToAct::Chance {
        m.roll().expect("rolls");
    }
}

/// Plays (first legal choice, passing where possible) until `pred` holds at a decision.
pub(crate) fn play_until(m: &mut AnyMatch, pred: impl Fn(&AnyMatch) -> bool) {
    for _ in 0..2000 {
        to_decision(m);
        if m.to_act() == ToAct::Over {
            break;
        }
        if pred(m) {
            return;
        }
        let legal = m.legal_actions();
        let pick = legal
            .iter()
            .find(|a| a.notation == "pass" || a.notation == "end-phase" || a.notation == "end")
            .unwrap_or(&legal[0]);
        m.apply(&pick.notation.clone()).unwrap();
    }
    panic!("never reached the position wanted");
}

fn side_to_act(m: &AnyMatch) -> Side {
    match m.to_act() {
        ToAct::Side(s) => s,
        other => panic!("no side to act: {other:?}"),
    }
}

#[test]
fn the_field_loads_and_names_itself() {
    let l = field();
    assert_eq!(l.game.rules_id(), "pg");
    assert_eq!(l.game.scenario_id(), "pg-test-field");
    assert_eq!(l.game.side_id(Side::A), "prussian");
    let m = l.new_match(1);
    assert!(m.turn_label().starts_with("Turn 1 (10:00), Prussian"), "{}", m.turn_label());
}

#[test]
fn board_lists_every_hex_and_the_order_of_battle() {
    let b = field().game.board_json();
    assert_eq!(b["rules"], "pg");
    let hexes = b["hexes"].as_array().unwrap();
    assert_eq!(hexes.len(), 14 * 10);
    let features: Vec<&str> = b["features"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["id"].as_str().unwrap())
        .collect();
    let sides: Vec<usize> = b["hexsides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["feature"].as_u64().unwrap() as usize)
        .collect();
    assert!(sides.iter().any(|&f| features[f] == "stream"));
    assert!(sides.iter().any(|&f| features[f] == "entrenchment"));
    assert!(!b["slopes"].as_array().unwrap().is_empty());
    let a = b["units"].as_array().unwrap().iter().find(|u| u["id"] == "p-a").unwrap();
    assert_eq!(a["full"], 4);
    assert_eq!(a["by_steps"][3]["values"], "8-6-3");
    assert_eq!(a["by_steps"][0]["values"], "3-3-3");
    assert_eq!(a["nation"], "prussian");
    let guns = b["units"].as_array().unwrap().iter().find(|u| u["id"] == "p-guns").unwrap();
    assert_eq!(guns["arm"], "artillery");
    assert_eq!(guns["by_steps"][1]["bs"], serde_json::json!([4, 3, 2]));
    let king = b["leaders"].as_array().unwrap().iter().find(|l| l["id"] == "p-king").unwrap();
    assert_eq!(king["special"], "infantry");
    assert_eq!(king["initiative"], 4);
    assert_eq!(b["crt"]["columns"].as_array().unwrap().len(), 8);
    assert_eq!(b["crt"]["results"][0].as_array().unwrap().len(), 8);
    assert!(!b["bombardment"]["results"].as_array().unwrap().is_empty());
}

#[test]
fn hints_cover_every_legal_action_and_locate_selections() {
    let mut m = field().new_match(2);
    play_until(&mut m, |m| m.legal_actions().iter().any(|a| a.notation.starts_with("select ")));
    let hints = m.legal_hints();
    let legal = m.legal_actions();
    assert_eq!(hints.len(), legal.len());
    for (h, a) in hints.iter().zip(&legal) {
        assert_eq!(h.notation, a.notation);
        if h.verb == "select" {
            assert!(h.unit.is_some() && h.hex.is_some(), "{h:?}");
        }
    }
}

#[test]
fn reach_paths_are_legal_and_end_where_promised() {
    let mut m = field().new_match(2);
    play_until(&mut m, |m| m.legal_actions().iter().any(|a| a.notation.starts_with("select p-")));
    let side = side_to_act(&m);
    let unit = m
        .legal_hints()
        .iter()
        .find(|h| h.verb == "select" && h.unit.as_deref() == Some("p-cuir"))
        .and_then(|h| h.unit.clone())
        .expect("the cuirassiers may move");
    let r = m.reachable(side, &unit).unwrap();
    assert_eq!(r.prefix, [format!("select {unit}")]);
    assert_eq!(r.start_half_mp % 2, 0, "whole MP");
    assert!(r.hexes.len() > 5, "{r:?}");
    assert!(r.hexes.iter().all(|h| h.hex != r.from));
    for h in &r.hexes {
        assert!(h.cost_half <= r.start_half_mp && h.cost_half > 0);
        for f in &h.facings {
            assert!(f.facing == "top" || f.facing == "below");
            m.check_sequence(side, &f.path).unwrap();
        }
        let mut c = m.clone();
        for a in &h.path {
            c.apply(a).unwrap();
        }
        let obs = c.observe_ui(Viewer::Side(side));
        let u = obs["units"].as_array().unwrap().iter().find(|u| u["id"] == unit.as_str()).unwrap();
        assert_eq!(u["hex"], h.hex.as_str());
    }
    // One hex away costs what the Terrain Effects Chart says (clear: 1 MP).
    let near = r.hexes.iter().map(|h| h.cost_half).min().unwrap();
    assert_eq!(near, 2);
    assert!(m.reachable(side.other(), &unit).is_err());
    assert!(m.reachable(side, "nobody").is_err());
}

#[test]
fn events_name_units_and_hexes() {
    let mut m = field().new_match(3);
    play_until(&mut m, |m| m.legal_actions().iter().any(|a| a.notation.starts_with("select p-cuir")));
    m.apply("select p-cuir").unwrap();
    let step = m
        .legal_actions()
        .into_iter()
        .find(|a| a.notation.starts_with("step "))
        .unwrap();
    let ev = m.apply(&step.notation).unwrap();
    let moved = ev.iter().find(|e| e.json["event"] == "moved").expect("a move event");
    assert_eq!(moved.json["unit"], "p-cuir");
    assert_eq!(moved.json["from"], "0307");
    assert_eq!(moved.json["to"], step.notation.trim_start_matches("step ").split(' ').next().unwrap());
    assert_eq!(moved.audience, crate::Audience::Everyone);
    assert!(moved.json["text"].as_str().unwrap().contains("7.3"));
}

#[test]
fn terminal_picture_shows_the_field_within_a_hundred_columns() {
    let m = field().new_match(1);
    let t = m.render_text(Viewer::Spectator);
    assert!(t.contains("Test field"), "{t}");
    assert!(t.contains("AM 14"), "{t}");
    assert!(t.contains("Brigade A"), "{t}");
    for line in t.lines() {
        assert!(line.chars().count() <= 100, "too wide: {line}");
    }
}

#[test]
fn lone_pass_is_never_offered_with_a_choice() {
    let mut m = field().new_match(4);
    for _ in 0..300 {
        to_decision(&mut m);
        if m.to_act() == ToAct::Over {
            break;
        }
        let legal = m.legal_actions();
        if legal.len() == 1 && legal[0].notation == "pass" {
            assert_eq!(m.lone_pass().as_deref(), Some("pass"));
        } else {
            assert_eq!(m.lone_pass(), None);
        }
        m.apply(&legal[legal.len() - 1].notation.clone()).unwrap();
    }
}

#[test]
fn terminal_picture_follows_the_moving_counter() {
    let mut m = field().new_match(2);
    play_until(&mut m, |m| m.legal_actions().iter().any(|a| a.notation.starts_with("select p-cuir")));
    m.apply("select p-cuir").unwrap();
    let t = m.render_text(Viewer::Side(Side::A));
    assert!(t.contains("CUI2+"), "{t}");
    assert!(t.contains("Moving: CUI Cuirassiers with 5 MP left"), "{t}");
}

/// `[scenario] include` names the shared charts: given, they load; missing, the diagnostic
/// names the file to give.
#[test]
fn a_scenario_includes_the_shared_charts() {
    let with_include = FIELD.replacen("[scenario]\n", "[scenario]\ninclude = [\"../charts.toml\"]\n", 1);
    assert_ne!(with_include, FIELD);
    let ok = load_files(vec![
        ("pg/field/scenario.toml".into(), with_include.clone()),
        ("pg/charts.toml".into(), CHARTS.into()),
    ]);
    assert!(ok.is_ok(), "{:?}", ok.err());
    let missing = load_files(vec![("pg/field/scenario.toml".into(), with_include.clone())])
        .unwrap_err()
        .to_string();
    assert!(missing.contains("pg/charts.toml"), "{missing}");
    assert_eq!(
        crate::scenario_includes(&[("pg/field/scenario.toml".into(), with_include)]),
        ["pg/charts.toml"]
    );
}

/// Every built-in Prussia's Glory scenario: the Prussian side first, the coalition second, and
/// the board, hints and terminal picture of its first decision.
#[test]
fn every_builtin_battle_is_prussian_against_the_coalition() {
    for i in crate::list().into_iter().filter(|i| i.rules == "pg") {
        assert_eq!(i.sides[0].0, "prussian", "{}", i.id);
        assert_eq!(i.sides[1].0, "coalition", "{}", i.id);
        let l = crate::load(&i.id).unwrap();
        let b = l.game.board_json();
        assert_eq!(b["rules"], "pg");
        let mut m = l.new_match(1);
        to_decision(&mut m);
        assert_eq!(m.legal_hints().len(), m.legal_actions().len());
        for line in m.render_text(Viewer::Spectator).lines() {
            assert!(line.chars().count() <= 100, "{}: too wide: {line}", i.id);
        }
    }
}

/// A position on the test field set by hand: every counter off the map but those placed.
fn placed(units: &[(&str, &str)], stage: coupdoeil_pg::state::Stage) -> (PrussiasGlory, coupdoeil_pg::State) {
    let g = field_game();
    let mut s = coupdoeil_engine::Game::initial_state(&g);
    for t in &mut s.troops {
        t.cell = None;
        t.gone = Some(coupdoeil_pg::state::Gone::Absent);
    }
    for (id, hex) in units {
        let u = g.data.troop_by_id(id).unwrap();
        let pos = s.top_pos();
        let t = s.troop_mut(u);
        t.cell = g.data.board.parse(hex);
        t.pos = pos;
        t.gone = None;
    }
    s.phasing = Side::A;
    s.stage = stage;
    s.pending.clear();
    s.moving = None;
    s.combat = None;
    s.bombard = None;
    (g, s)
}

/// Each die's result is the chart's at the column and the modified roll, the chances add up
/// to six sixths, and nothing is applied.
fn check_rows(v: &serde_json::Value, results: &dyn Fn(usize, i32) -> String) {
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 6);
    let drm = v["drm"].as_i64().unwrap() as i32;
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(r["die"], i as u64 + 1);
        assert_eq!(r["roll"].as_i64().unwrap() as i32, i as i32 + 1 + drm);
        let col = v["column"].as_u64().unwrap() as usize;
        assert_eq!(r["result"].as_str().unwrap(), results(col, i as i32 + 1 + drm));
    }
    let sixths: u64 = v["chances"].as_array().unwrap().iter().map(|c| c["sixths"].as_u64().unwrap()).sum();
    assert_eq!(sixths, 6);
}

#[test]
fn an_attack_is_previewed_with_its_odds_drms_and_chances() {
    use coupdoeil_pg::state::Stage;
    // Brigade A (8 SP) and Regiment C next to the Austrian brigade (7 SP) in clear terrain.
    let (g, s) = placed(&[("p-a", "1105"), ("p-c", "1104"), ("a-a", "1205")], Stage::CloseCombat);
    let before = s.clone();
    let mut legal = Vec::new();
    coupdoeil_engine::Game::legal_actions(&g, &s, &mut legal);
    let notations: Vec<String> = legal.iter().map(|a| g.notation(a)).collect();
    assert!(notations.contains(&"attack 1205 from 1105,1104".to_string()), "{notations:?}");
    let v = super::ui::preview(&g, &s, Side::A, "attack 1205 from 1105,1104").unwrap();
    assert_eq!(s, before, "a preview applies nothing");
    assert_eq!(v["attack"], serde_json::json!(["1105", "1104"]));
    assert_eq!(v["defend"], serde_json::json!(["1205"]));
    assert_eq!(v["attacker_sp"], 13, "8 + 5 SP, within the 8 SP per hex of infantry (10.3)");
    assert_eq!(v["defender_sp"], 7);
    assert_eq!(v["odds"], g.data.charts.crt.label(g.data.charts.crt.column(13, 7)));
    assert_eq!(v["leads_assumed"], true);
    // The Lead Units' morale: Brigade A (MR 6) against the brigade (MR 4), +1 a point, capped.
    let lead = v["modifiers"].as_array().unwrap().iter().find(|m| m["rule"] == "10.4").unwrap();
    assert_eq!(lead["value"], 2);
    assert_eq!(v["assumed_lead"]["attacker"], "p-a");
    let total: i64 = v["modifiers"].as_array().unwrap().iter().map(|m| m["value"].as_i64().unwrap()).sum();
    assert_eq!(v["drm"].as_i64().unwrap(), total);
    let crt = &g.data.charts.crt;
    check_rows(&v, &|c, roll| {
        let r = crt.result(c, roll);
        format!("{}/{}", r.attacker, r.defender)
    });
    // A smaller attack from one hex only: fewer SP.
    let one = super::ui::preview(&g, &s, Side::A, "attack 1205 from 1105").unwrap();
    assert_eq!(one["attack"], serde_json::json!(["1105"]));
    assert_eq!(one["attacker_sp"], 8);
    assert!(super::ui::preview(&g, &s, Side::B, "attack 1205 from 1105").is_err());
    assert!(super::ui::preview(&g, &s, Side::A, "attack 1205 from 1106").is_err());
}

#[test]
fn a_bombardment_is_previewed_with_every_gun_that_may_fire() {
    use coupdoeil_pg::state::Stage;
    // The heavy battery (4-3-2) two hexes from the Austrian brigade.
    let (g, s) = placed(&[("p-guns", "1005"), ("p-a", "0905"), ("a-a", "1205")], Stage::OffensiveBombardment);
    let v = super::ui::preview(&g, &s, Side::A, "target 1205").unwrap();
    assert_eq!(v["kind"], "bombardment");
    assert_eq!(v["declared"], false, "with every gun that may fire");
    assert_eq!(v["guns"], serde_json::json!(["p-guns"]));
    assert_eq!(v["available"], serde_json::json!(["p-guns"]));
    assert_eq!(v["strength"], 3, "BS 3 at two hexes (8.3)");
    let bt = &g.data.charts.bombard;
    assert_eq!(v["column"].as_u64().map(|c| c as usize), bt.column(3));
    check_rows(&v, &|c, roll| bt.result(c, roll).to_string());
    // The observation of the declared bombardment carries the same odds.
    let mut st = s.clone();
    let mut ev = Vec::new();
    coupdoeil_engine::Game::apply_action_unchecked(&g, &mut st, &g.parse("target 1205").unwrap(), &mut ev);
    let o = super::ui::observe_ui(&g, &st, Viewer::Spectator);
    assert_eq!(o["bombardment"]["target"], "1205");
    assert_eq!(o["bombardment"]["guns"], serde_json::json!(["p-guns"]), "the one gun is added at once");
    assert_eq!(o["bombardment"]["strength"], 3);
}

/// The counters' nations: a troop's own, else its army's (Rossbach's coalition is French, its
/// Kreis regiments the Reichsarmee's).
#[test]
fn counters_carry_their_nation() {
    let b = crate::load("pg-rossbach").unwrap().game.board_json();
    let nation = |id: &str| {
        b["units"].as_array().unwrap().iter().find(|u| u["id"] == id).unwrap()["nation"].clone()
    };
    assert_eq!(nation("c-piemont"), "french");
    assert_eq!(nation("c-franconia"), "imperial");
    assert_eq!(nation("c-bretlach"), "austrian");
    assert_eq!(nation("p-garde"), "prussian");
    let field = field().game.board_json();
    let a = field["units"].as_array().unwrap().iter().find(|u| u["id"] == "a-a").unwrap();
    assert_eq!(a["nation"], "coalition", "no nation in the data: the side id");
}

/// Along random games: every legal action has its hint, in the same order, naming counters and
/// hexes that exist; every preview of a declaration offered works and applies nothing; the
/// reach of a counter that may move leads where it says; the observation for drawing is built.
#[test]
fn hints_previews_and_reach_hold_along_random_games() {
    use coupdoeil_engine::draw_below;
    let loaded = crate::load("pg-leuthen-battle").unwrap();
    let crate::AnyGame::Pg(g) = loaded.game.clone() else {
        panic!("a Prussia's Glory battle")
    };
    let ids: Vec<String> = g
        .data
        .troops
        .iter()
        .map(|t| t.id.clone())
        .chain(g.data.leaders.iter().map(|l| l.id.clone()))
        .collect();
    let (mut previews, mut reaches) = (0, 0);
    for seed in 1..=2 {
        let mut m = loaded.new_match(seed);
        let mut rng = crate::rng_stream(seed, 9);
        for _ in 0..300 {
            to_decision(&mut m);
            let ToAct::Side(side) = m.to_act() else { break };
            let legal = m.legal_actions();
            let hints = m.legal_hints();
            assert_eq!(hints.len(), legal.len());
            for (h, a) in hints.iter().zip(&legal) {
                assert_eq!(h.notation, a.notation);
                for id in h.unit.iter().chain(&h.target_unit) {
                    assert!(ids.contains(id), "{h:?}");
                }
                for hex in h.hex.iter().chain(&h.from) {
                    assert!(g.data.board.parse(hex).is_some(), "{h:?}");
                }
                if ["attack", "target", "gun", "fire", "momentum", "sweep"].contains(&h.verb.as_str()) {
                    let before = m.observe_ui(Viewer::Referee);
                    let v = m.preview_declaration(side, &h.notation).unwrap_or_else(|e| panic!("{}: {e}", h.notation));
                    assert_eq!(v["rows"].as_array().map(Vec::len), Some(6), "{}", h.notation);
                    assert_eq!(m.observe_ui(Viewer::Referee), before);
                    previews += 1;
                }
            }
            if let Some(h) = hints.iter().find(|h| h.verb == "select") {
                let r = m.reachable(side, h.unit.as_deref().unwrap()).unwrap();
                if let Some(to) = r.hexes.last() {
                    m.check_sequence(side, &to.path).unwrap();
                }
                reaches += 1;
            }
            let o = m.observe_ui(Viewer::Side(side));
            assert!(o["units"].as_array().unwrap().iter().all(|u| u["side"] == "A" || u["side"] == "B"));
            // Random, but ending phases often enough for the armies to meet.
            let end = legal.iter().find(|a| a.notation == "end-phase" || a.notation == "end");
            let pick = match end {
                Some(e) if draw_below(&mut rng, 3) == 0 => e.notation.clone(),
                _ => legal[draw_below(&mut rng, legal.len() as u64) as usize].notation.clone(),
            };
            m.apply(&pick).unwrap();
        }
    }
    assert!(previews > 10 && reaches > 10, "{previews} previews, {reaches} reaches");
}

/// 3.0 The page's strip of phases reads the observation's `phase` and `player_turn`: along
/// greedy games of Leuthen they follow the sequence of play, each Player Turn's phases in their order,
/// the first Player Turn the first side's and the second the other's, and the Joint Army Morale
/// Adjustment after the second.
#[test]
fn r3_0_the_ui_phase_follows_the_sequence_of_play() {
    const ORDER: [&str; 9] = [
        "activation",
        "command",
        "movement",
        "offensive_bombardment",
        "rally",
        "defensive_bombardment",
        "close_combat",
        "army_morale",
        "over",
    ];
    let loaded = crate::load("pg-leuthen-battle").unwrap();
    let board = loaded.game.board_json();
    let first_id = board["sides"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["side"] == board["first"])
        .map(|x| x["id"].clone())
        .unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for seed in 1..=2 {
        let mut m = loaded.new_match(seed);
        let mut rng = crate::rng_stream(seed, 1);
        let mut agent = loaded.game.agent(crate::AgentSpec::Greedy).unwrap();
        let mut last: Option<(u64, u64, usize)> = None;
        for _ in 0..4000 {
            let o = m.observe_ui(Viewer::Referee);
            let turn = o["turn"].as_u64().unwrap();
            let pt = o["player_turn"].as_u64().unwrap();
            let phase = o["phase"].as_str().unwrap();
            let at = ORDER.iter().position(|p| *p == phase).unwrap_or_else(|| panic!("{phase}"));
            assert!(pt == 1 || pt == 2, "{o}");
            if at < 7 {
                // A Player Turn's phase: the first side's in the first Player Turn.
                assert_eq!(pt == 1, o["phasing"] == first_id, "{turn}/{pt}: {}", o["phasing"]);
            } else if at == 7 {
                assert_eq!(pt, 2, "the adjustment follows both Player Turns");
            }
            if let Some((t0, p0, a0)) = last {
                assert!((turn, pt, at) >= (t0, p0, a0), "{phase} of {turn}/{pt} after {} of {t0}/{p0}", ORDER[a0]);
            }
            last = Some((turn, pt, at));
            seen.insert(phase.to_string());
            match m.to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    m.roll().unwrap();
                    continue;
                }
                ToAct::Side(_) => {}
            }
            let pick = m.agent_choose(&mut agent, &mut rng).unwrap();
            m.apply(&pick).unwrap();
        }
    }
    for p in ["command", "movement", "offensive_bombardment", "close_combat", "army_morale"] {
        assert!(seen.contains(p), "{p} never seen: {seen:?}");
    }
}
