//! Glory and Empire through the registry, on the rules crate's small Vimeiro test scenario
//! (the shared charts included): the hooks, the board, the hints, the reach, the previews and
//! the terminal picture.

use crate::{AnyMatch, Loaded, load_files};
use coupdoeil_engine::{Side, ToAct, Viewer};
use coupdoeil_ge::GloryEmpire;

/// The rules crate's test scenario.
pub(crate) const VIMEIRO: &str = include_str!("../../../rules-ge/tests/data/vimeiro.toml");
/// The shared Player Aid charts.
pub(crate) const CHARTS: &str = include_str!("../../../../data/scenarios/ge/charts.toml");

/// The test scenario loaded from files, as a user's scenario would be.
pub(crate) fn test_scenario() -> Loaded {
    load_files(vec![
        ("vimeiro/scenario.toml".into(), VIMEIRO.into()),
        ("charts.toml".into(), CHARTS.into()),
    ])
    .unwrap_or_else(|e| panic!("{e}"))
}

pub(crate) fn test_game() -> GloryEmpire {
    match test_scenario().game {
        crate::AnyGame::Ge(g) => (*g).clone(),
        #[allow(unreachable_patterns)]
        _ => panic!("the test scenario is a Glory and Empire scenario"),
    }
}

fn to_decision(m: &mut AnyMatch) {
    while m.to_act() == ToAct::Chance {
        m.roll().expect("rolls");
    }
}

#[test]
fn the_test_scenario_loads_and_names_itself() {
    let l = test_scenario();
    assert_eq!(l.game.rules_id(), "ge");
    assert_eq!(l.game.scenario_id(), "ge-vimeiro-test");
    assert_eq!(l.game.side_id(Side::A), "british");
    let mut m = l.new_match(1);
    to_decision(&mut m);
    assert!(m.turn_label().starts_with("Turn 1 (09:20"), "{}", m.turn_label());
    let t = m.render_text(Viewer::Spectator);
    assert!(t.contains("Vimeiro"), "{t}");
    for line in t.lines() {
        assert!(line.chars().count() <= 100, "too wide: {line}");
    }
}

#[test]
fn board_lists_every_hex_heights_and_the_order_of_battle() {
    let b = test_scenario().game.board_json();
    assert_eq!(b["rules"], "ge");
    assert_eq!(b["hexes"].as_array().unwrap().len(), 14 * 12);
    assert!(b["hexes"].as_array().unwrap().iter().any(|h| h["level"].as_u64() > Some(0)));
    assert!(!b["contours"].as_array().unwrap().is_empty());
    assert!(!b["roads"].as_array().unwrap().is_empty());
    assert!(!b["posts"].as_array().unwrap().is_empty());
    let unit = |id: &str| {
        b["units"].as_array().unwrap().iter().find(|u| u["id"] == id).cloned().unwrap()
    };
    assert_eq!(unit("2-43")["side"], "british");
    assert_eq!(unit("2-43")["arm"], "infantry");
    assert_eq!(unit("robe")["arm"], "artillery");
    let fire = b["fire_chart"].as_array().unwrap();
    assert!(!fire.is_empty());
    // Each column's rows cover the percentile dice, 00 to 99, without a gap.
    for col in fire {
        let rows = col["rows"].as_array().unwrap();
        assert_eq!(rows[0]["from"], 0, "{col}");
        assert_eq!(rows.last().unwrap()["to"], 99, "{col}");
    }
}

#[test]
fn board_marks_observation_points_with_their_height() {
    let plain = test_scenario().game.board_json();
    assert!(plain["hexes"].as_array().unwrap().iter().all(|h| h.get("observation").is_none()));
    let mill = format!("{VIMEIRO}\n[[observation_point]]\nat = [\"0302\"]\nheight = 2\n");
    let l = load_files(vec![
        ("vimeiro/scenario.toml".into(), mill),
        ("charts.toml".into(), CHARTS.into()),
    ])
    .unwrap_or_else(|e| panic!("{e}"));
    let b = l.game.board_json();
    let marked: Vec<_> =
        b["hexes"].as_array().unwrap().iter().filter(|h| h.get("observation").is_some()).collect();
    assert_eq!(marked.len(), 1);
    assert_eq!(marked[0]["label"], "0302");
    assert_eq!(marked[0]["observation"], 2);
}

/// The fire previews, the close combat previews and the reaction previews, along random games:
/// every legal action has its hint, in the same order, naming counters and hexes that exist;
/// every declaration offered can be previewed, the chances add up, and nothing is applied; the
/// reach of a stack that may move leads where it says.
#[test]
fn hints_previews_and_reach_hold_along_random_games() {
    use coupdoeil_engine::draw_below;
    let loaded = test_scenario();
    let g = test_game();
    let ids: Vec<String> = g
        .data
        .troops
        .iter()
        .map(|t| t.id.clone())
        .chain(g.data.leaders.iter().map(|l| l.id.clone()))
        .collect();
    let preview_verbs = [
        "fire",
        "react-fire",
        "defend",
        "react-square",
        "react-charge",
        "assault",
        "charge",
        "resolve",
    ];
    let mut previewed = std::collections::BTreeMap::<String, u32>::new();
    let mut reaches = 0;
    for seed in 1..=3 {
        let mut m = loaded.new_match(seed);
        let mut rng = crate::rng_stream(seed, 9);
        for _ in 0..700 {
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
                if preview_verbs.contains(&h.verb.as_str()) {
                    let before = m.observe_ui(Viewer::Referee);
                    let v = m
                        .preview_declaration(side, &h.notation)
                        .unwrap_or_else(|e| panic!("{}: {e}", h.notation));
                    assert_eq!(m.observe_ui(Viewer::Referee), before, "{}", h.notation);
                    assert_eq!(v["action"], h.notation.as_str());
                    if let Some(results) = v["results"].as_array() {
                        let n: u64 = results.iter().map(|r| r["hundredths"].as_u64().unwrap()).sum();
                        assert_eq!(n, 100, "{}: {v}", h.notation);
                    }
                    if let Some(cs) = v.get("cold_steel").filter(|c| !c.is_null()) {
                        let w = cs["attacker_wins"]["hundredths"].as_u64().unwrap();
                        assert!(w <= 100, "{v}");
                        let d: u64 = cs["defender_losses"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|x| x["hundredths"].as_u64().unwrap())
                            .sum();
                        assert_eq!(d, 100, "{v}");
                    }
                    *previewed.entry(h.verb.clone()).or_default() += 1;
                }
            }
            if let Some(h) = hints.iter().find(|h| h.verb == "select") {
                let r = m.reachable(side, h.unit.as_deref().unwrap()).unwrap();
                assert_eq!(r.start_half_mp % 2, 0, "whole MP");
                if let Some(to) = r.hexes.iter().rev().find(|x| !x.path.is_empty()) {
                    m.check_sequence(side, &to.path).unwrap();
                }
                reaches += 1;
            }
            let o = m.observe_ui(Viewer::Side(side));
            assert!(
                o["units"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|u| u["side"] == "A" || u["side"] == "B")
            );
            assert!(o["stage_name"].as_str().is_some_and(|x| x.contains('(')));
            let end = legal
                .iter()
                .find(|a| a.notation == "pass" || a.notation == "end");
            let pick = match end {
                Some(e) if draw_below(&mut rng, 4) == 0 => e.notation.clone(),
                _ => legal[draw_below(&mut rng, legal.len() as u64) as usize]
                    .notation
                    .clone(),
            };
            m.apply(&pick).unwrap();
        }
    }
    assert!(reaches > 10, "{reaches} reaches");
    assert!(
        previewed.get("fire").copied().unwrap_or(0) > 5,
        "previews: {previewed:?}"
    );
    assert!(
        previewed.get("assault").copied().unwrap_or(0) > 0,
        "previews: {previewed:?}"
    );
}

#[test]
fn a_fire_preview_matches_the_description_and_names_the_firers() {
    let mut m = test_scenario().new_match(3);
    for _ in 0..200 {
        to_decision(&mut m);
        if m.legal_actions().iter().any(|a| a.notation.starts_with("fire ")) {
            break;
        }
        let legal = m.legal_actions();
        let pick = legal
            .iter()
            .find(|a| a.notation == "pass")
            .unwrap_or(&legal[0])
            .notation
            .clone();
        m.apply(&pick).unwrap();
    }
    let side = match m.to_act() {
        ToAct::Side(s) => s,
        other => panic!("{other:?}"),
    };
    let fire = m
        .legal_actions()
        .into_iter()
        .find(|a| a.notation.starts_with("fire "))
        .expect("a fire is offered");
    let v = m.preview_declaration(side, &fire.notation).unwrap();
    // The description the player reads quotes the same Fire Strength and column.
    let words = format!("FS {} to column {}", v["fs"], v["column"]);
    assert!(fire.description.contains(&words), "{} vs {words}", fire.description);
    assert!(!v["firers"].as_array().unwrap().is_empty());
    assert!(v["modifiers"].as_array().unwrap().iter().all(|x| x["rule"].as_str().is_some()));
    assert!(m.preview_declaration(side.other(), &fire.notation).is_err());
    assert!(m.preview_declaration(side, "fire 0101 0102").is_err());
    assert!(m.preview_declaration(side, "pass").is_err());
}

#[test]
fn events_name_units_and_hexes() {
    let mut m = test_scenario().new_match(3);
    for _ in 0..400 {
        to_decision(&mut m);
        if m.legal_actions().iter().any(|a| a.notation.starts_with("step ")) {
            break;
        }
        let legal = m.legal_actions();
        let pick = legal
            .iter()
            .find(|a| a.notation.starts_with("select "))
            .or_else(|| legal.iter().find(|a| a.notation == "pass"))
            .unwrap_or(&legal[0])
            .notation
            .clone();
        m.apply(&pick).unwrap();
    }
    let step = m
        .legal_actions()
        .into_iter()
        .find(|a| a.notation.starts_with("step "))
        .expect("a step");
    let ev = m.apply(&step.notation).unwrap();
    let moved = ev
        .iter()
        .find(|e| e.json["event"] == "moved")
        .expect("a move event");
    assert_eq!(moved.json["to"], step.notation.trim_start_matches("step "));
    assert!(moved.json["units"].as_array().unwrap().iter().all(|u| u.is_string()));
    assert_eq!(moved.audience, crate::Audience::Everyone);
    assert!(moved.json["text"].as_str().unwrap().contains("9.1"));
}

#[test]
fn terminal_picture_follows_the_moving_stack() {
    let mut m = test_scenario().new_match(3);
    for _ in 0..400 {
        to_decision(&mut m);
        if m.legal_actions().iter().any(|a| a.notation.starts_with("step ")) {
            break;
        }
        let legal = m.legal_actions();
        let pick = legal
            .iter()
            .find(|a| a.notation.starts_with("select "))
            .or_else(|| legal.iter().find(|a| a.notation == "pass"))
            .unwrap_or(&legal[0])
            .notation
            .clone();
        m.apply(&pick).unwrap();
    }
    let t = m.render_text(Viewer::Spectator);
    assert!(t.contains("Moving: "), "{t}");
    // 4.2.4, 9.1: the line of what is wanted names the side, the phase and its rule in words.
    let now = t.lines().find(|l| l.starts_with("Now: ")).unwrap_or_default();
    assert!(
        now.starts_with("Now: British Movement Phase (4.2.4): ")
            || now.starts_with("Now: French Movement Phase (4.2.4): "),
        "{t}"
    );
    assert!(t.contains("MP spent: move on"), "{t}");
    assert!(!now.contains("Movement of"), "{t}");
    assert!(t.lines().any(|l| l.contains('+')), "the moving stack is marked: {t}");
    assert!(t.contains("Formation: L line"), "{t}");
    for line in t.lines() {
        assert!(line.chars().count() <= 100, "too wide: {line}");
    }
}

#[test]
fn every_builtin_scenario_loads_with_its_board_and_first_decision() {
    for i in crate::list().into_iter().filter(|i| i.rules == "ge") {
        let l = crate::load(&i.id).unwrap();
        assert_eq!(l.game.board_json()["rules"], "ge");
        let mut m = l.new_match(1);
        to_decision(&mut m);
        assert_eq!(m.legal_hints().len(), m.legal_actions().len());
        for line in m.render_text(Viewer::Spectator).lines() {
            assert!(line.chars().count() <= 100, "{}: too wide: {line}", i.id);
        }
    }
}

/// 4: along random games the terminal's line of what is wanted is in words, with the phase's
/// rule, never a raw stage, step or check name.
#[test]
fn the_now_line_names_the_phase_and_its_rule_in_words() {
    use coupdoeil_engine::draw_below;
    let raw = [
        "NpFire",
        "ReserveMovement",
        "LeaderReplacement",
        "ChooseFirst",
        "RandomEvent",
        "AttackerMc",
        "DefenderMc",
        "DefensiveFire",
        "OffensiveApply",
        "ColdSteel",
        "EnterEzoc",
        "PassedThrough",
        "ReactionCharge",
        " of British",
        " of French",
        "road_column",
        " sed ",
    ];
    let loaded = test_scenario();
    let mut seen = std::collections::BTreeSet::new();
    for seed in 1..=2 {
        let mut m = loaded.new_match(seed);
        let mut rng = crate::rng_stream(seed, 4);
        for _ in 0..500 {
            to_decision(&mut m);
            if !matches!(m.to_act(), ToAct::Side(_)) {
                break;
            }
            let t = m.render_text(Viewer::Spectator);
            let now: String = t
                .lines()
                .skip_while(|l| !l.starts_with("Now: "))
                .take_while(|l| l.starts_with("Now: ") || l.starts_with("    "))
                .collect::<Vec<_>>()
                .join(" ");
            assert!(now.contains("): ") || now.contains("over"), "{now}");
            for r in raw {
                assert!(!now.contains(r), "{r} in {now}");
            }
            seen.insert(now.split("): ").next().unwrap_or_default().to_string());
            let legal = m.legal_actions();
            let end = legal.iter().find(|a| a.notation == "pass" || a.notation == "end");
            let pick = match end {
                Some(e) if draw_below(&mut rng, 3) == 0 => e.notation.clone(),
                _ => legal[draw_below(&mut rng, legal.len() as u64) as usize].notation.clone(),
            };
            m.apply(&pick).unwrap();
        }
    }
    assert!(seen.len() >= 5, "phases seen: {seen:?}");
}

/// 5.3.1 Each leader on the map lists the hexes his command reaches: none farther than his
/// Command Range, never his own hex, and the open hexes next to him.
#[test]
fn a_leader_lists_the_hexes_within_his_command_range() {
    let g = test_game();
    let mut m = test_scenario().new_match(1);
    to_decision(&mut m);
    let o = m.observe_ui(Viewer::Spectator);
    let b = &g.data.board;
    let mut checked = 0;
    for l in o["leaders"].as_array().unwrap() {
        let (Some(at), Some(hexes)) = (l["hex"].as_str(), l["command_hexes"].as_array()) else {
            continue;
        };
        let at = b.parse(at).unwrap();
        let range = l["range"].as_u64().unwrap();
        assert_eq!(hexes.is_empty(), range == 0, "{l}");
        for h in hexes {
            let c = b.parse(h.as_str().unwrap()).unwrap();
            let d = u64::from(b.distance(at, c));
            assert!(d >= 1 && d <= range, "{h} at {d} from {l}");
        }
        checked += 1;
    }
    assert!(checked >= 4, "{checked} leaders on the map");
}

/// 4 The page's strip of phases reads the observation's `stage` and `player_turn` (null outside
/// the Player Turns): along a greedy game of Vimeiro they follow the sequence of play, the Command Segment first, then the
/// first Player Turn's phases in their order, the second's with the other side phasing, and
/// the Leader Replacement Phase of the End of Turn Segment last.
#[test]
fn s4_the_ui_player_turn_follows_the_sequence_of_play() {
    const COMMAND: [&str; 5] = ["Initiative", "RandomEvent", "ChooseFirst", "Attachment", "Orders"];
    const PLAYER: [&str; 7] = ["Rally", "Fire", "NpFire", "Movement", "ReserveMovement", "Charges", "Assaults"];
    let loaded = crate::load("ge-vimeiro").unwrap();
    let mut m = loaded.new_match(9);
    // As `coupdoeil play` with seed 9 (an Assault in turn 1): each side's program on its own stream.
    let mut rngs = [crate::rng_stream(9, 1), crate::rng_stream(9, 2)];
    let mut agents = [Side::A, Side::B].map(|_| loaded.game.agent(crate::AgentSpec::Greedy).unwrap());
    let mut last: Option<(u64, u64, usize)> = None;
    let mut phasing: [Option<(u64, serde_json::Value)>; 2] = [None, None];
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..3000 {
        let o = m.observe_ui(Viewer::Referee);
        let turn = o["turn"].as_u64().unwrap();
        let pt = o["player_turn"].as_u64().unwrap_or(0);
        let stage = o["stage"].as_str().unwrap().to_string();
        if turn >= 3 || stage == "Over" {
            break;
        }
        let key = if let Some(i) = COMMAND.iter().position(|x| *x == stage) {
            assert_eq!(pt, 0, "the Command Segment belongs to no Player Turn");
            (turn, 0, i)
        } else if let Some(i) = PLAYER.iter().position(|x| *x == stage) {
            assert!(pt == 1 || pt == 2, "{stage} in Player Turn {pt}");
            // The initiative may change hands from one Game Turn to the next: the phasing
            // side is compared within the turn.
            let p = &mut phasing[pt as usize - 1];
            if p.as_ref().is_none_or(|(t, _)| *t != turn) {
                *p = Some((turn, o["phasing"].clone()));
            }
            assert_eq!(
                p.as_ref().map(|x| &x.1),
                Some(&o["phasing"]),
                "one phasing side a Player Turn"
            );
            (turn, pt, i)
        } else {
            assert_eq!((stage.as_str(), pt), ("LeaderReplacement", 0));
            (turn, 3, 0)
        };
        if let Some(k) = last {
            assert!(key >= k, "{stage} of turn {turn}/{pt} after {k:?}");
        }
        if key.1 == 2 {
            assert_ne!(
                phasing[0].as_ref().map(|x| &x.1),
                phasing[1].as_ref().map(|x| &x.1),
                "the second Player Turn is the other side's"
            );
        }
        last = Some(key);
        seen.insert(stage);
        let i = match m.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                m.roll().unwrap();
                continue;
            }
            ToAct::Side(side) => side.index(),
        };
        let pick = m.agent_choose(&mut agents[i], &mut rngs[i]).unwrap();
        m.apply(&pick).unwrap();
    }
    for p in ["Initiative", "Orders", "Fire", "Movement", "Assaults"] {
        assert!(seen.contains(p), "{p} never seen: {seen:?}");
    }
    assert!(last.is_some_and(|(t, _, _)| t >= 2), "the game reached turn 2");
}

/// The test scenario played as the Brigade Game, with `extra` TOML after it.
fn brigade_scenario(extra: &str) -> Loaded {
    let text = VIMEIRO.replacen(
        "setup = \"historical\"\n",
        "setup = \"historical\"\nlevel = \"brigade\"\n",
        1,
    ) + extra;
    load_files(vec![
        ("vimeiro/scenario.toml".into(), text),
        ("charts.toml".into(), CHARTS.into()),
    ])
    .unwrap_or_else(|e| panic!("{e}"))
}

/// G19.3, G23 (ge-rulings 210): the optional Caissons hide which battery each serves, so a
/// scenario that plays them gives the agents a determinization, as Limited Intelligence does;
/// the test scenario without them hides nothing.
#[test]
fn caissons_in_play_give_the_agents_a_determinization() {
    use crate::GameExt;
    let loaded = brigade_scenario("\n[brigade]\ncaissons = 2\n");
    let crate::AnyGame::Ge(g) = loaded.game else {
        panic!("a Glory and Empire scenario")
    };
    assert!(g.data.caissons > 0);
    assert!(g.scenario_capabilities().determinize.is_some());
    assert!(test_game().scenario_capabilities().determinize.is_none());
}

/// G17.1 In the Brigade Game a brigade leader's new Directing Units are offered as hints on the
/// leader (from his hex to the new DU's), which the web page shows in his panel; playing one
/// moves him there.
#[test]
fn brigade_leaders_new_directing_units_are_hints_on_the_leader() {
    use coupdoeil_engine::draw_below;
    let loaded = brigade_scenario("");
    let crate::AnyGame::Ge(g) = &loaded.game else {
        panic!("a Glory and Empire scenario")
    };
    let leaders: Vec<String> = g.data.leaders.iter().map(|l| l.id.clone()).collect();
    let mut seen = 0;
    for seed in 1..=4 {
        let mut m = loaded.new_match(seed);
        let mut rng = crate::rng_stream(seed, 5);
        for _ in 0..1500 {
            to_decision(&mut m);
            let ToAct::Side(_) = m.to_act() else { break };
            let hints = m.legal_hints();
            if let Some(h) = hints.iter().find(|h| h.verb == "du") {
                let leader = h.unit.clone().expect("the leader");
                assert!(leaders.contains(&leader), "{h:?}");
                let (from, to) = (h.from.clone().unwrap(), h.hex.clone().unwrap());
                assert_ne!(from, to, "{h:?}");
                assert!(h.description.contains("G17.1"), "{h:?}");
                m.apply(&h.notation).unwrap_or_else(|e| panic!("{}: {e:?}", h.notation));
                let o = m.observe_ui(Viewer::Referee);
                let at = o["leaders"]
                    .as_array()
                    .and_then(|v| v.iter().find(|x| x["id"] == leader.as_str()))
                    .map(|x| x["hex"].clone());
                assert_eq!(at, Some(serde_json::json!(to)), "{o}");
                seen += 1;
                break;
            }
            let legal = m.legal_actions();
            let a = &legal[draw_below(&mut rng, legal.len() as u64) as usize];
            m.apply(&a.notation).unwrap();
        }
    }
    assert!(seen >= 1, "a random Brigade game offered a new Directing Unit");
}
