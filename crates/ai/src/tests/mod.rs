//! Agents on a small dice race: each turn a side walks one step, gambles on a die (0 or 4 steps:
//! 2 on average), or stumbles back.

mod search;
mod toys;

use super::*;
use coupdoeil_engine::{Distribution, Evaluate, Outcome, ToAct, Viewer};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

pub(crate) struct Race {
    pub turns: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) struct RaceState {
    pos: [i32; 2],
    moves: u8,
    gambling: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub(crate) enum Move {
    Walk,
    Gamble,
    Stumble,
}

impl RaceState {
    fn side(&self) -> Side {
        if self.moves.is_multiple_of(2) {
            Side::A
        } else {
            Side::B
        }
    }
}

impl Game for Race {
    type State = RaceState;
    type Action = Move;
    type Chance = u8;
    type Observation = RaceState;
    type Event = String;

    fn rules_id(&self) -> &'static str {
        "race"
    }
    fn rules_version(&self) -> u32 {
        1
    }
    fn scenario_id(&self) -> &str {
        "race"
    }
    fn side_name(&self, side: Side) -> &str {
        if side == Side::A { "Hare" } else { "Tortoise" }
    }
    fn initial_state(&self) -> RaceState {
        RaceState {
            pos: [0, 0],
            moves: 0,
            gambling: false,
        }
    }
    fn to_act(&self, s: &RaceState) -> ToAct {
        if s.gambling {
            ToAct::Chance
        } else if s.moves >= 2 * self.turns {
            ToAct::Over
        } else {
            ToAct::Side(s.side())
        }
    }
    fn outcome(&self, s: &RaceState) -> Option<Outcome> {
        (self.to_act(s) == ToAct::Over).then(|| Outcome {
            winner: match s.pos[0].cmp(&s.pos[1]) {
                std::cmp::Ordering::Greater => Some(Side::A),
                std::cmp::Ordering::Less => Some(Side::B),
                std::cmp::Ordering::Equal => None,
            },
            kind: "finish".into(),
            points: s.pos,
        })
    }
    fn legal_actions(&self, s: &RaceState, out: &mut Vec<Move>) {
        out.clear();
        if let ToAct::Side(_) = self.to_act(s) {
            out.extend([Move::Walk, Move::Gamble, Move::Stumble]);
        }
    }
    fn chance(&self, _s: &RaceState) -> Distribution<u8> {
        Distribution::d6()
    }
    fn apply_action_unchecked(&self, s: &mut RaceState, a: &Move, ev: &mut Vec<String>) {
        let i = s.side().index();
        match a {
            Move::Walk => {
                s.pos[i] += 1;
                s.moves += 1;
            }
            Move::Stumble => {
                s.pos[i] -= 1;
                s.moves += 1;
            }
            Move::Gamble => s.gambling = true,
        }
        ev.push(format!("{a:?}"));
    }
    fn apply_chance_unchecked(&self, s: &mut RaceState, c: &u8, ev: &mut Vec<String>) {
        let i = s.side().index();
        if *c >= 4 {
            s.pos[i] += 4;
        }
        s.gambling = false;
        s.moves += 1;
        ev.push(format!("die {c}"));
    }
    fn observe(&self, s: &RaceState, _viewer: Viewer) -> RaceState {
        s.clone()
    }
    fn event_visible(&self, _e: &String, _viewer: Viewer) -> bool {
        true
    }
    fn describe_event(&self, e: &String) -> String {
        e.clone()
    }
    fn action_notation(&self, a: &Move) -> String {
        format!("{a:?}").to_lowercase()
    }
    fn parse_action(&self, text: &str) -> Result<Move, String> {
        match text {
            "walk" => Ok(Move::Walk),
            "gamble" => Ok(Move::Gamble),
            "stumble" => Ok(Move::Stumble),
            _ => Err(format!("no move `{text}`")),
        }
    }
    fn chance_notation(&self, c: &u8) -> String {
        format!("die {c}")
    }
    fn parse_chance(&self, text: &str) -> Result<u8, String> {
        text.strip_prefix("die ")
            .and_then(|f| f.parse().ok())
            .ok_or_else(|| text.to_string())
    }
}

impl Evaluate for Race {
    fn evaluate(&self, s: &RaceState, side: Side) -> i32 {
        s.pos[side.index()] - s.pos[side.other().index()]
    }
}

pub(crate) fn play(game: &Race, agents: &mut [Box<dyn Agent<Race>>; 2], seed: u64) -> Outcome {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut s = game.initial_state();
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    loop {
        match game.to_act(&s) {
            ToAct::Over => return game.outcome(&s).expect("over"),
            ToAct::Chance => {
                let c = *game.chance(&s).sample(&mut rng);
                game.apply_chance_unchecked(&mut s, &c, &mut ev);
            }
            ToAct::Side(side) => {
                game.legal_actions(&s, &mut legal);
                let a = agents[side.index()].choose(game, &s, side, &legal, &mut rng);
                assert!(legal.contains(&a));
                game.apply_action_unchecked(&mut s, &a, &mut ev);
            }
        }
    }
}

#[test]
fn value_means_are_exact() {
    let third = Value::mean(&[(Value::whole(1), 1), (Value::whole(0), 2)]);
    assert_eq!(
        third,
        Value::mean(&[(Value::whole(2), 1), (Value::whole(0), 5)])
    );
    assert!(third > Value::whole(0) && third < Value::whole(1));
    assert_eq!(Value::mean(&[(third, 3)]), third);
    assert_eq!(
        Value::mean(&[(Value::whole(-3), 1), (Value::whole(-4), 1)]).floor(),
        -4
    );
}

#[test]
fn sampled_indices_are_distinct_and_sorted() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let s = sample_indices(&mut rng, 100, 60);
    assert_eq!(s.len(), 60);
    assert!(s.windows(2).all(|w| w[0] < w[1]));
    assert!(s.iter().all(|&i| i < 100));
    assert_eq!(sample_indices(&mut rng, 5, 60), vec![0, 1, 2, 3, 4]);
}

#[test]
fn greedy_takes_the_better_expectation() {
    let game = Race { turns: 3 };
    let s = game.initial_state();
    let mut legal = Vec::new();
    game.legal_actions(&s, &mut legal);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut greedy = GreedyAgent::default();
    for _ in 0..20 {
        // Gamble: 2 steps on average; walking: 1.
        assert_eq!(
            Agent::<Race>::choose(&mut greedy, &game, &s, Side::A, &legal, &mut rng),
            Move::Gamble
        );
    }
    let mut shallow = GreedyAgent {
        chance_depth: 0,
        ..GreedyAgent::default()
    };
    // Without looking through the die the gamble is worth nothing yet: walking wins.
    assert_eq!(
        Agent::<Race>::choose(&mut shallow, &game, &s, Side::A, &legal, &mut rng),
        Move::Walk
    );
}

#[test]
fn greedy_beats_random_and_games_are_reproducible() {
    let game = Race { turns: 5 };
    let mut wins = 0;
    for seed in 0..40 {
        let greedy_side = if seed % 2 == 0 { Side::A } else { Side::B };
        let mut agents: [Box<dyn Agent<Race>>; 2] = if greedy_side == Side::A {
            [Box::new(GreedyAgent::default()), Box::new(RandomAgent)]
        } else {
            [Box::new(RandomAgent), Box::new(GreedyAgent::default())]
        };
        let o = play(&game, &mut agents, seed);
        if o.winner == Some(greedy_side) {
            wins += 1;
        }
    }
    assert!(wins >= 30, "greedy won only {wins} of 40");
    let mut a: [Box<dyn Agent<Race>>; 2] = [Box::new(RandomAgent), Box::new(RandomAgent)];
    let mut b: [Box<dyn Agent<Race>>; 2] = [Box::new(RandomAgent), Box::new(RandomAgent)];
    assert_eq!(play(&game, &mut a, 9), play(&game, &mut b, 9));
}

#[test]
fn specs_make_agents() {
    for spec in AgentSpec::ALL {
        assert_eq!(spec.to_string().parse::<AgentSpec>(), Ok(spec));
        let agent = make_agent::<Race>(spec);
        assert_eq!(agent.is_some(), !spec.is_human());
        if let Some(a) = agent {
            assert_eq!(a.name(), spec.to_string());
        }
    }
    assert_eq!(" Greedy ".parse::<AgentSpec>(), Ok(AgentSpec::Greedy));
    assert!(
        "ai:9"
            .parse::<AgentSpec>()
            .unwrap_err()
            .to_string()
            .contains("ai:9")
    );
}
