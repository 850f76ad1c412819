//! The search agent on Drums & Muskets (Leuthen, historical set-up): it reads nothing of the
//! opponent's hidden pieces and hand, and it plays legal, reproducible games.

use coupdoeil_ai::{
    Agent, Capabilities, ChaCha8Rng, DeterminizedGreedy, SearchAgent, SearchConfig,
};
use coupdoeil_dm::state::{Phase, Stage};
use coupdoeil_dm::{DrumsMuskets, State};
use coupdoeil_engine::{Determinize, Game, Side, ToAct, Viewer};
use coupdoeil_games::{AnyGame, GameExt};
use rand::SeedableRng;
use std::sync::Arc;

/// The Drums & Muskets game of a built-in scenario.
fn dm_game(id: &str) -> Arc<DrumsMuskets> {
    match coupdoeil_games::load(id).unwrap().game {
        AnyGame::Dm(g) => g,
        other => panic!("{id} is a `{}` scenario", other.rules_id()),
    }
}

fn leuthen() -> Arc<DrumsMuskets> {
    dm_game("dm-leuthen-historical")
}

/// Positions where side A (Prussian) must choose among several actions in a Movement Phase
/// after the first, with Austrian pieces still hidden: from greedy games.
fn positions(g: &DrumsMuskets, count: usize) -> Vec<State> {
    let caps = DrumsMuskets::capabilities();
    let mut players = [DeterminizedGreedy::new(caps), DeterminizedGreedy::new(caps)];
    let mut out = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut s = g.initial_state();
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    let mut seen_turns = Vec::new();
    while out.len() < count {
        match g.to_act(&s) {
            ToAct::Over => s = g.initial_state(),
            ToAct::Chance => {
                let c = *g.chance(&s).sample(&mut rng);
                g.apply_chance_unchecked(&mut s, &c, &mut ev);
            }
            ToAct::Side(side) => {
                g.legal_actions(&s, &mut legal);
                let hidden = s
                    .pieces
                    .iter()
                    .enumerate()
                    .filter(|(i, p)| {
                        g.data.units[*i].side == Side::B && p.hidden && p.cell.is_some()
                    })
                    .count();
                if side == Side::A
                    && s.turn >= 2
                    && s.stage == Stage::Movement
                    && s.mover.is_none()
                    && legal.len() > 3
                    && hidden >= 2
                    && !seen_turns.contains(&s.turn)
                {
                    seen_turns.push(s.turn);
                    out.push(s.clone());
                }
                let a = players[side.index()].choose(g, &s, side, &legal, &mut rng);
                g.apply_action_unchecked(&mut s, &a, &mut ev);
            }
        }
        ev.clear();
    }
    out
}

fn small_search(caps: Capabilities<DrumsMuskets>) -> SearchAgent<DrumsMuskets> {
    let mut c = SearchConfig::level(1);
    c.turn_iterations = 24;
    c.decision_iterations = 24;
    c.turn_time = None;
    SearchAgent::new(c, caps, None)
}

/// Same seed, two real states that differ only in what the Prussian cannot see: the same
/// search, plan by plan. This holds because the rules crate's determinization depends only on the
/// viewer's observation and the random numbers.
#[test]
fn search_does_not_read_the_opponents_hidden_pieces_or_hand() {
    let g = leuthen();
    let caps = DrumsMuskets::capabilities();
    let mut differing = 0;
    for (k, real) in positions(&g, 3).iter().enumerate() {
        let mut legal = Vec::new();
        g.legal_actions(real, &mut legal);
        let mut r = ChaCha8Rng::seed_from_u64(100 + k as u64);
        let twin = g.determinize(real, Side::A, &mut r);
        assert_eq!(
            g.observe(&twin, Viewer::Side(Side::A)),
            g.observe(real, Viewer::Side(Side::A))
        );
        differing += usize::from(twin != *real);
        // The whole search, not only its choice: every plan's visits and values.
        let mut reports = Vec::new();
        for s in [real, &twin] {
            let mut agent = small_search(caps);
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            reports.push(agent.analyze(&g, s, Side::A, &legal, &mut rng));
        }
        assert!(reports[0].iter().map(|r| r.visits).sum::<u64>() > 0);
        assert_eq!(reports[0], reports[1], "position {k}");
    }
    assert!(differing > 0, "the twins should differ in hidden data");
}

/// A short game between two small searches is legal to the end and the same twice.
#[test]
fn search_games_are_legal_and_reproducible() {
    let loaded = coupdoeil_games::load("dm-leuthen-historical").unwrap();
    let spec: coupdoeil_ai::AgentSpec = "ai:1,iters=12".parse().unwrap();
    let a = loaded
        .game
        .play_agents([spec, spec], 3, 100_000, None)
        .unwrap();
    let b = loaded
        .game
        .play_agents([spec, spec], 3, 100_000, None)
        .unwrap();
    assert!(a.outcome.is_some());
    assert_eq!(a.record.steps.len(), b.record.steps.len());
    assert_eq!(a.record.steps.last(), b.record.steps.last());
    assert_eq!(a.record.outcome, b.record.outcome);
}

/// Every plan the search chooses is carried out to its end in the real game (none is given up
/// half-way), with and without transpositions and tree reuse; on the free set-up scenario.
#[test]
fn chosen_plans_play_out_in_the_real_game() {
    let g = dm_game("dm-leuthen");
    for (k, transpositions) in [false, true].into_iter().enumerate() {
        let mut c = SearchConfig::level(1);
        c.turn_iterations = 30;
        c.decision_iterations = 30;
        c.turn_time = None;
        c.transpositions = transpositions;
        let mut agents = [
            SearchAgent::new(c.clone(), DrumsMuskets::capabilities(), None),
            SearchAgent::new(c, DrumsMuskets::capabilities(), None),
        ];
        let mut m = coupdoeil_engine::Match::new(g.clone(), 20 + k as u64);
        let mut rngs = [ChaCha8Rng::seed_from_u64(1), ChaCha8Rng::seed_from_u64(2)];
        loop {
            match m.to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    m.roll().unwrap();
                }
                ToAct::Side(side) => {
                    let legal = m.legal_actions();
                    let i = side.index();
                    let a = agents[i].choose(&g, m.state(), side, &legal, &mut rngs[i]);
                    m.apply(&a).unwrap();
                }
            }
        }
        for a in &agents {
            assert!(a.stats.searches > 0);
            assert_eq!(
                a.stats.abandoned_plans, 0,
                "transpositions {transpositions}"
            );
        }
    }
    let _ = Phase::Movement;
}

/// A player turn's time budget holds: on a clock that moves 40 ms at every reading, the
/// Prussian movement phase is played to its end by the search with a 0.3 s budget per player
/// turn; once the budget is spent, decisions still come (legal) but no more trees are searched,
/// and the clock readings of the whole turn stay within a few decisions of the budget.
#[test]
fn a_spent_player_turn_is_finished_without_searching() {
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
    use std::time::Duration;
    let g = leuthen();
    let ticks = Arc::new(AtomicU64::new(0));
    let t = ticks.clone();
    let clock: coupdoeil_ai::Clock =
        Arc::new(move || Duration::from_millis(t.fetch_add(40, Relaxed)));
    let mut c = SearchConfig::level(3);
    c.turn_time = Some(Duration::from_millis(300));
    let mut agent = SearchAgent::new(c, DrumsMuskets::capabilities(), Some(clock));
    let mut s = positions(&g, 1).remove(0);
    let turn = s.turn;
    let (mut legal, mut ev) = (Vec::new(), Vec::new());
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let start = ticks.load(Relaxed);
    let mut decisions = 0;
    let mut searches_when_spent = None;
    while g.to_act(&s) == ToAct::Side(Side::A) && s.turn == turn && s.stage == Stage::Movement {
        g.legal_actions(&s, &mut legal);
        let a = agent.choose(g.as_ref(), &s, Side::A, &legal, &mut rng);
        assert!(legal.contains(&a));
        g.apply_action_unchecked(&mut s, &a, &mut ev);
        ev.clear();
        decisions += 1;
        if ticks.load(Relaxed) - start >= 300 && searches_when_spent.is_none() {
            searches_when_spent = Some(agent.stats.searches);
        }
    }
    let spent = ticks.load(Relaxed) - start;
    assert!(decisions > 5, "{decisions} decisions");
    assert!(agent.stats.searches >= 1);
    let when_spent = searches_when_spent.expect("the budget runs out during the turn");
    println!(
        "{decisions} decisions, {} searches ({when_spent} when the time was spent), {spent} ms",
        agent.stats.searches
    );
    assert!(
        agent.stats.searches <= when_spent + 1,
        "searched on after the turn's time was spent"
    );
    // Each search overruns its deadline by at most a few clock readings (40 ms each).
    assert!(spent <= 300 + 40 * 4 * agent.stats.searches, "{spent} ms");
}
