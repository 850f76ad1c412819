//! The agents on Glory and Empire's Brigade Game with the optional Limited Intelligence (G23,
//! `ge-vimeiro-brigade-li`): they search over the rules crate's determinization of the enemy's
//! obscured stacks and read nothing of the real ones.

use coupdoeil_ai::{ChaCha8Rng, SearchAgent, SearchConfig};
use coupdoeil_engine::{Determinize, Game, ToAct, Viewer};
use coupdoeil_games::{AnyGame, GameExt};
use coupdoeil_ge::GloryEmpire;
use rand::SeedableRng;
use std::sync::Arc;

fn ge_game(id: &str) -> Arc<GloryEmpire> {
    match coupdoeil_games::load(id).unwrap().game {
        AnyGame::Ge(g) => g,
        other => panic!("{id} is a `{}` scenario", other.rules_id()),
    }
}

#[test]
fn limited_intelligence_gives_the_agents_a_determinization_and_only_then() {
    let li = ge_game("ge-vimeiro-brigade-li");
    assert!(li.limited_intelligence());
    assert!(li.scenario_capabilities().determinize.is_some());
    let plain = ge_game("ge-vimeiro-brigade");
    assert!(!plain.limited_intelligence());
    assert!(plain.scenario_capabilities().determinize.is_none());
    assert!(GloryEmpire::capabilities().determinize.is_none());
}

/// Same seed, two real positions that differ only in what the side to act cannot see: the same
/// search, plan by plan.
#[test]
fn search_does_not_read_the_enemys_obscured_stacks() {
    let g = ge_game("ge-vimeiro-brigade-li");
    let mut s = g.initial_state();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut ev = Vec::new();
    // The first decision of the game.
    let side = loop {
        match g.to_act(&s) {
            ToAct::Chance => {
                let c = *g.chance(&s).sample(&mut rng);
                g.apply_chance_unchecked(&mut s, &c, &mut ev);
            }
            ToAct::Side(side) => break side,
            ToAct::Over => panic!("over before a decision"),
        }
    };
    let seen = g.observation(&s, Viewer::Side(side));
    assert!(!seen.obscured.is_empty(), "the enemy starts out of sight");
    let twin = g.determinize(&s, side, &mut ChaCha8Rng::seed_from_u64(9));
    assert_ne!(twin, s, "the twin differs in hidden data");
    assert_eq!(g.observation(&twin, Viewer::Side(side)), seen);
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    let mut reports = Vec::new();
    for x in [&s, &twin] {
        let mut c = SearchConfig::level(1);
        c.turn_iterations = 6;
        c.decision_iterations = 6;
        c.turn_time = None;
        let mut agent = SearchAgent::new(c, g.scenario_capabilities(), None);
        let mut r = ChaCha8Rng::seed_from_u64(7);
        reports.push(agent.analyze(g.as_ref(), x, side, &legal, &mut r));
    }
    assert!(reports[0].iter().map(|r| r.visits).sum::<u64>() > 0);
    assert_eq!(reports[0], reports[1]);
}

/// What a front end gets for a side (the page's observation, the terminal picture, a fire's
/// preview) names none of the enemy's obscured pieces.
#[test]
fn front_ends_get_nothing_of_the_enemys_obscured_pieces() {
    use coupdoeil_engine::Side;
    use coupdoeil_games::GameUi;
    let g = ge_game("ge-vimeiro-brigade-li");
    let s = g.initial_state();
    for side in [Side::A, Side::B] {
        let enemy = side.other();
        let cells = g.obscured_cells(&s, enemy);
        assert!(!cells.is_empty());
        let hidden: Vec<&str> = s
            .troops
            .iter()
            .enumerate()
            .filter(|(_, t)| t.cell.is_some_and(|c| cells.contains(&c)))
            .map(|(i, _)| g.data.troops[i].id.as_str())
            .chain(
                s.leaders
                    .iter()
                    .enumerate()
                    .filter(|(_, l)| l.cell.is_some_and(|c| cells.contains(&c)))
                    .map(|(i, _)| g.data.leaders[i].id.as_str()),
            )
            .collect();
        assert!(!hidden.is_empty());
        let page = serde_json::to_string(&g.observe_ui(&s, Viewer::Side(side))).unwrap();
        for id in &hidden {
            assert!(
                !page.contains(&format!("\"{id}\"")),
                "{id} leaks to the page"
            );
        }
        assert!(page.contains("\"obscured\""));
        // The page's entries are each its own unit's: the annotations follow the ids.
        let v = g.observe_ui(&s, Viewer::Side(side));
        for u in v["units"].as_array().unwrap() {
            let id = g.data.troop_by_id(u["id"].as_str().unwrap()).unwrap();
            let side_letter = if g.data.troops[id.ix()].side == Side::A {
                "a"
            } else {
                "b"
            };
            assert_eq!(
                u["side"].as_str().map(str::to_lowercase).as_deref(),
                Some(side_letter)
            );
        }
        let text = g.render_text(&s, Viewer::Side(side));
        assert!(text.contains("obscured") || text.contains("OBS") || text.contains("obs"));
    }
}

/// A secret event's JSON for its owner carries the event inside, labelled with ids.
#[test]
fn a_secret_events_inner_event_is_labelled() {
    use coupdoeil_engine::Side;
    use coupdoeil_ge::event::Event;
    let g = ge_game("ge-vimeiro-brigade-li");
    let e = Event::Secret {
        side: Side::B,
        inner: Box::new(Event::StepLost {
            unit: coupdoeil_ge::data::UnitId(0),
            left: 1,
        }),
    };
    let v = g.event_json(&e);
    assert_eq!(v["inner"]["unit"], g.data.troops[0].id.as_str());
    assert!(!g.event_visible(&e, Viewer::Side(Side::A)));
    assert!(g.event_visible(&e, Viewer::Side(Side::B)));
}

/// The page's victory points leave out the losses of stacks the viewer cannot see, as the
/// observation's score does.
#[test]
fn the_pages_victory_points_follow_the_score_the_viewer_sees() {
    use coupdoeil_engine::Side;
    use coupdoeil_games::GameUi;
    let g = ge_game("ge-vimeiro-brigade-li");
    let mut s = g.initial_state();
    let cells = g.obscured_cells(&s, Side::B);
    let (i, _) = s
        .troops
        .iter()
        .enumerate()
        .find(|(_, t)| t.cell.is_some_and(|c| cells.contains(&c)))
        .expect("a hidden French unit");
    let full = g.data.troops[i].full();
    assert!(full > 1);
    s.troops[i].steps = full - 1;
    s.vp[Side::A] += g.data.scoring.step;
    let british = g.observe_ui(&s, Viewer::Side(Side::A));
    assert_eq!(british["vp"][0], 0, "{}", british["vp"]);
    let french = g.observe_ui(&s, Viewer::Side(Side::B));
    assert_eq!(french["vp"][0], g.data.scoring.step);
}
