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
