//! The search agent on tiny games: it finds the exactly best move through dice and past a bait,
//! it does not read hidden information, and it is reproducible with a seed and an iteration
//! budget.

use super::toys::{self, Card, Guess, GuessState, Trap, TrapMove};
use super::{Move, Race, RaceState, play};
use crate::{
    Agent, AgentSpec, Capabilities, DeterminizedGreedy, GreedyAgent, RandomAgent, Rollout,
    SearchAgent, SearchConfig, SearchSpec, SearchTuning, make_agent,
};
use coupdoeil_engine::{Game, Side};

/// Settings for the toy games: a fixed number of iterations per decision, no clock, rollouts to
/// the end of the game.
fn config(iterations: u64) -> SearchConfig {
    SearchConfig {
        turn_iterations: iterations,
        decision_iterations: iterations,
        max_per_plan: u64::MAX,
        turn_time: None,
        rollout: Rollout::Random,
        rollout_decisions: 1000,
        ..SearchConfig::level(3)
    }
}

fn search<G: Game>(iterations: u64, caps: Capabilities<G>) -> SearchAgent<G> {
    SearchAgent::new(config(iterations), caps, None)
}

#[test]
fn search_finds_the_exactly_best_move_through_dice() {
    let game = Race { turns: 2 };
    // Positions with the side to act and a clear best move.
    let positions = [
        RaceState {
            pos: [0, 0],
            moves: 0,
            gambling: false,
        },
        RaceState {
            pos: [0, 4],
            moves: 1,
            gambling: false,
        },
        RaceState {
            pos: [1, 0],
            moves: 1,
            gambling: false,
        },
        RaceState {
            pos: [0, 1],
            moves: 2,
            gambling: false,
        },
        RaceState {
            pos: [2, 0],
            moves: 2,
            gambling: false,
        },
    ];
    let mut legal = Vec::new();
    for (k, s) in positions.iter().enumerate() {
        let side = s.side();
        let values = toys::action_values(&game, s);
        let for_side = |v: f64| if side == Side::A { v } else { 1.0 - v };
        let best = values
            .iter()
            .map(|(_, v)| for_side(*v))
            .fold(f64::NEG_INFINITY, f64::max);
        game.legal_actions(s, &mut legal);
        let mut agent = search(3000, Capabilities::none());
        let mut rng = toys::rng(k as u64);
        let a = agent.choose(&game, s, side, &legal, &mut rng);
        let v = values.iter().find(|(b, _)| *b == a).map(|x| for_side(x.1));
        assert!(
            v.is_some_and(|v| v > best - 1e-9),
            "position {k} {s:?}: chose {a:?} worth {v:?}, best {best}: {values:?}"
        );
    }
}

#[test]
fn search_looks_past_a_bait_that_greedy_takes() {
    let game = Trap { rounds: 2 };
    let s = game.initial_state();
    let values = toys::action_values(&game, &s);
    assert_eq!(
        values,
        vec![(TrapMove::Take, 0.0), (TrapMove::Prepare, 0.5)]
    );
    let mut legal = Vec::new();
    game.legal_actions(&s, &mut legal);
    let mut rng = toys::rng(5);
    let mut greedy = GreedyAgent::default();
    assert_eq!(
        Agent::<Trap>::choose(&mut greedy, &game, &s, Side::A, &legal, &mut rng),
        TrapMove::Take
    );
    for seed in 0..5 {
        let mut agent = search(400, Capabilities::none());
        let mut rng = toys::rng(seed);
        assert_eq!(
            agent.choose(&game, &s, Side::A, &legal, &mut rng),
            TrapMove::Prepare,
            "seed {seed}"
        );
    }
}

#[test]
fn search_does_not_read_the_hidden_card() {
    let game = Guess;
    let dealt = |card| GuessState {
        card: Some(card),
        guess: None,
    };
    let mut legal = Vec::new();
    game.legal_actions(&dealt(Card::Low), &mut legal);
    for seed in 0..8 {
        let mut choices = Vec::new();
        for card in [Card::Low, Card::High] {
            let mut agent = search(300, toys::guess_caps());
            let mut rng = toys::rng(seed);
            choices.push(agent.choose(&game, &dealt(card), Side::A, &legal, &mut rng));
        }
        // The same choice whatever the real card: naming High, right two times in three.
        assert_eq!(choices, vec![Card::High, Card::High], "seed {seed}");
    }
    // The determinized greedy agent is as discreet; the plain one, on the real state, reads the
    // card through the (deliberately indiscreet) evaluation.
    let mut rng = toys::rng(1);
    let mut discreet = DeterminizedGreedy::new(toys::guess_caps());
    let mut plain = GreedyAgent::default();
    let s = dealt(Card::Low);
    assert_eq!(
        discreet.choose(&game, &s, Side::A, &legal, &mut rng),
        Card::High
    );
    assert_eq!(
        Agent::<Guess>::choose(&mut plain, &game, &s, Side::A, &legal, &mut rng),
        Card::Low
    );
}

#[test]
fn search_is_reproducible_with_a_seed_and_an_iteration_budget() {
    let game = Race { turns: 4 };
    for threads in [1, 2] {
        let make = || -> [Box<dyn Agent<Race>>; 2] {
            let mut c = config(200);
            c.threads = threads;
            [
                Box::new(SearchAgent::new(c, Capabilities::none(), None)),
                Box::new(RandomAgent),
            ]
        };
        let (mut x, mut y) = (make(), make());
        for seed in 0..4 {
            assert_eq!(play(&game, &mut x, seed), play(&game, &mut y, seed));
        }
        // Decision by decision, too.
        let s = game.initial_state();
        let mut legal = Vec::new();
        game.legal_actions(&s, &mut legal);
        let picks: Vec<Vec<Move>> = (0..2)
            .map(|_| {
                let mut c = config(150);
                c.threads = threads;
                let mut agent = SearchAgent::new(c, Capabilities::none(), None);
                let mut rng = toys::rng(9);
                (0..6)
                    .map(|_| agent.choose(&game, &s, Side::A, &legal, &mut rng))
                    .collect()
            })
            .collect();
        assert_eq!(picks[0], picks[1]);
    }
}

#[test]
fn search_beats_random_at_the_race_at_least_as_often_as_greedy() {
    let game = Race { turns: 5 };
    let wins = |make: &dyn Fn() -> Box<dyn Agent<Race>>| {
        let mut wins = 0;
        for seed in 0..40 {
            let me = if seed % 2 == 0 { Side::A } else { Side::B };
            let mut agents: [Box<dyn Agent<Race>>; 2] = if me == Side::A {
                [make(), Box::new(RandomAgent)]
            } else {
                [Box::new(RandomAgent), make()]
            };
            if play(&game, &mut agents, seed).winner == Some(me) {
                wins += 1;
            }
        }
        wins
    };
    let by_search = wins(&|| Box::new(search(300, Capabilities::none())));
    let by_greedy = wins(&|| Box::new(GreedyAgent::default()));
    println!("of 40 games against random: search won {by_search}, greedy {by_greedy}");
    assert!(
        by_search >= 30 && by_search >= by_greedy,
        "search {by_search}, greedy {by_greedy}"
    );
}

#[test]
fn exact_root_priors_count_the_dice_a_plan_ends_on() {
    // Gambling moves 4 steps on a 4, 5 or 6 (2 on average), walking 1: judged before the die,
    // the gamble looks like standing still; judged over the die, it is worth more than a walk.
    let game = Race { turns: 2 };
    let s = game.initial_state();
    let mut legal = Vec::new();
    game.legal_actions(&s, &mut legal);
    let prior = |exact: bool, m: Move| {
        let mut agent = SearchAgent::new(
            SearchConfig {
                exact_root_priors: exact,
                ..config(1)
            },
            Capabilities::none(),
            None,
        );
        let report = agent.analyze(&game, &s, Side::A, &legal, &mut toys::rng(1));
        report
            .iter()
            .find(|r| r.plan == [m])
            .map(|r| r.prior)
            .expect("reported")
    };
    assert!(prior(false, Move::Walk) > prior(false, Move::Gamble));
    assert!(prior(true, Move::Gamble) > prior(true, Move::Walk));
    let squash = |e: f64| 1.0 / (1.0 + (-e / 100.0).exp());
    assert!((prior(true, Move::Gamble) - squash(2.0)).abs() < 1e-12);
    assert!((prior(false, Move::Gamble) - squash(0.0)).abs() < 1e-12);
}

#[test]
fn prior_visits_keep_the_prior_s_choice_until_the_search_disagrees() {
    // (plan, prior, visits, sum of values): plan 1 was searched a little and looked better
    // than plan 0, which its prior prefers; plan 2 was never searched.
    let merged: Vec<(Vec<u8>, f64, u64, f64)> = vec![
        (vec![0], 0.60, 2, 2.0 * 0.40),
        (vec![1], 0.50, 4, 4.0 * 0.45),
        (vec![2], 0.20, 0, 0.0),
    ];
    // The searched means sit 0.1 below the priors on average (visit-weighted: plan 0 by 0.2,
    // plan 1 by 0.05): every prior is shifted down by that gap.
    let gap = (2.0 * (0.40 - 0.60) + 4.0 * (0.45 - 0.50)) / 6.0;
    let e = crate::search::blended_estimates(&merged, 10.0);
    assert!((e[0] - (0.8 + 10.0 * (0.60 + gap)) / 12.0).abs() < 1e-12);
    assert!(
        (e[2] - (0.20 + gap)).abs() < 1e-12,
        "unsearched: its shifted prior"
    );
    assert!(e[0] > e[1], "a few visits do not overturn the prior: {e:?}");
    // Many visits do: the same means seen a hundred times more.
    let seen: Vec<(Vec<u8>, f64, u64, f64)> = merged
        .iter()
        .map(|m| (m.0.clone(), m.1, m.2 * 100, m.3 * 100.0))
        .collect();
    let e = crate::search::blended_estimates(&seen, 10.0);
    assert!(e[1] > e[0], "{e:?}");
    // In the agent: with the prior worth a thousand visits and three iterations, the choice
    // is the plan with the best exact prior.
    let game = Race { turns: 2 };
    let s = game.initial_state();
    let mut legal = Vec::new();
    game.legal_actions(&s, &mut legal);
    for seed in 0..4 {
        let mut agent = SearchAgent::new(
            SearchConfig {
                exact_root_priors: true,
                prior_visits: 1000.0,
                ..config(3)
            },
            Capabilities::none(),
            None,
        );
        let a = agent.choose(&game, &s, Side::A, &legal, &mut toys::rng(seed));
        assert_eq!(a, Move::Gamble, "seed {seed}");
    }
}

#[test]
fn levels_parse_and_grow() {
    let mut last = 0;
    for level in 1..=5u8 {
        let spec: AgentSpec = format!("ai:{level}").parse().unwrap();
        let AgentSpec::Search(s) = spec else {
            panic!("{spec} is not a search")
        };
        let c = s.config();
        assert!(c.turn_iterations > last, "level {level}");
        last = c.turn_iterations;
        assert_eq!(
            make_agent::<Race>(spec).unwrap().name(),
            format!("ai:{level}")
        );
    }
    let mcts: AgentSpec = "mcts".parse().unwrap();
    assert_eq!(mcts, AgentSpec::mcts());
    assert_eq!(mcts.to_string(), "mcts");
    let custom: AgentSpec = "ai:2, iters=50, ms=0, threads=2".parse().unwrap();
    assert_eq!(custom.to_string(), "ai:2,iters=50,ms=0,threads=2");
    let AgentSpec::Search(c) = custom else {
        panic!()
    };
    let c = c.config();
    assert_eq!((c.turn_iterations, c.turn_time, c.threads), (50, None, 2));
    // The rollout and the horizon can be set apart from the level's.
    let judged: AgentSpec = "ai:3,rollout=0,horizon=1".parse().unwrap();
    assert_eq!(judged.to_string(), "ai:3,rollout=0,horizon=1");
    let AgentSpec::Search(j) = judged else {
        panic!()
    };
    let j = j.config();
    assert_eq!((j.rollout, j.horizon_turns), (Rollout::None, 1));
    let AgentSpec::Search(g) = "ai:1,rollout=6,horizon=2".parse().unwrap() else {
        panic!()
    };
    let g = g.config();
    assert_eq!((g.rollout, g.horizon_turns), (Rollout::Greedy(6), 2));
    // Rollouts by whole plans, or random ones, are named by words.
    for (text, r) in [
        ("ai:3,rollout=plans", Rollout::PlanGreedy),
        ("ai:3,rollout=random", Rollout::Random),
    ] {
        let spec: AgentSpec = text.parse().unwrap();
        assert_eq!(spec.to_string(), text);
        let AgentSpec::Search(p) = spec else { panic!() };
        assert_eq!(p.config().rollout, r);
    }
    // So can the priors' treatment of dice and their weight in the final choice.
    let blended: AgentSpec = "ai:3,exact=1,pv=10".parse().unwrap();
    assert_eq!(blended.to_string(), "ai:3,exact=1,pv=10");
    let AgentSpec::Search(b) = blended else {
        panic!()
    };
    let b = b.config();
    assert!(b.exact_root_priors);
    assert!((b.prior_visits - 10.0).abs() < f64::EPSILON);
    let AgentSpec::Search(plain) = "ai:3,exact=0,pv=0".parse().unwrap() else {
        panic!()
    };
    assert!(!plain.config().exact_root_priors);
    // A game's tuning comes over the level's settings, and the spec's own options over both.
    let tuning = SearchTuning {
        exact_root_priors: Some(true),
        prior_visits: Some(10),
    };
    let tuned = SearchSpec::level(3).config_for(tuning);
    assert!(tuned.exact_root_priors);
    assert!((tuned.prior_visits - 10.0).abs() < f64::EPSILON);
    assert!(!SearchSpec::level(3).config().exact_root_priors);
    let over = plain.config_for(tuning);
    assert!(!over.exact_root_priors);
    assert!(over.prior_visits.abs() < f64::EPSILON);
    for bad in [
        "ai:3,horizon=0",
        "ai:3,rollout=70000",
        "ai:3,rollout=plan",
        "ai:0",
        "ai:6",
        "ai:2,iters=0",
        "ai:2,speed=3",
        "greedy,iters=3",
        "ai:3,exact=2",
        "ai:3,pv=-1",
        "mcts,",
    ] {
        assert!(bad.parse::<AgentSpec>().is_err(), "{bad}");
    }
}
