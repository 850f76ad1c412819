//! Tiny games for the search's tests, and an exact solver to check its choices against.
//!
//! - [`Trap`]: perfect information, no dice. Taking a point now is what a one-move lookahead
//!   likes; preparing (nothing now, three points next turn) is better.
//! - [`Guess`]: hidden information. Side B holds a card dealt from {Low, High, High} that side A
//!   cannot see; A names it and wins if right. Naming High is right two times in three. The
//!   game's evaluation deliberately reads the card, so an agent that evaluated the real state
//!   would name the real card.

use crate::{Capabilities, ChaCha8Rng};
use coupdoeil_engine::{
    Determinize, Distribution, Evaluate, Game, Outcome, Plans, Side, ToAct, Viewer, draw_below,
};
use serde::{Deserialize, Serialize};

/// The exact value for side A (win 1, draw ½, loss 0) of a small game: expectimax.
pub fn solve<G: Game>(g: &G, s: &G::State) -> f64 {
    match g.to_act(s) {
        ToAct::Over => match g.outcome(s).and_then(|o| o.winner) {
            Some(Side::A) => 1.0,
            Some(Side::B) => 0.0,
            None => 0.5,
        },
        ToAct::Chance => {
            let d = g.chance(s);
            let total = d.total() as f64;
            d.outcomes()
                .iter()
                .map(|(o, w)| {
                    let mut t = s.clone();
                    g.apply_chance_unchecked(&mut t, o, &mut Vec::new());
                    solve(g, &t) * f64::from(*w) / total
                })
                .sum()
        }
        ToAct::Side(side) => {
            let mut legal = Vec::new();
            g.legal_actions(s, &mut legal);
            let vals = legal.iter().map(|a| {
                let mut t = s.clone();
                g.apply_action_unchecked(&mut t, a, &mut Vec::new());
                solve(g, &t)
            });
            if side == Side::A {
                vals.fold(f64::NEG_INFINITY, f64::max)
            } else {
                vals.fold(f64::INFINITY, f64::min)
            }
        }
    }
}

/// The exact values of every legal action for the side to act (for side A's point of view).
pub fn action_values<G: Game>(g: &G, s: &G::State) -> Vec<(G::Action, f64)> {
    let mut legal = Vec::new();
    g.legal_actions(s, &mut legal);
    legal
        .into_iter()
        .map(|a| {
            let mut t = s.clone();
            g.apply_action_unchecked(&mut t, &a, &mut Vec::new());
            let v = solve(g, &t);
            (a, v)
        })
        .collect()
}

// ----------------------------------------------------------------------------------------------

/// Two sides alternate for `rounds` turns each; each turn: take a point, or prepare (nothing now;
/// the next turn may cash in three points instead of taking one). Most points wins.
pub struct Trap {
    pub rounds: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TrapState {
    pub points: [i32; 2],
    pub prepared: [bool; 2],
    pub moves: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum TrapMove {
    Take,
    Prepare,
    Cash,
}

impl TrapState {
    fn side(&self) -> Side {
        if self.moves.is_multiple_of(2) {
            Side::A
        } else {
            Side::B
        }
    }
}

impl Game for Trap {
    type State = TrapState;
    type Action = TrapMove;
    type Chance = u8;
    type Observation = TrapState;
    type Event = ();

    fn rules_id(&self) -> &'static str {
        "trap"
    }
    fn rules_version(&self) -> u32 {
        1
    }
    fn scenario_id(&self) -> &str {
        "trap"
    }
    fn side_name(&self, _side: Side) -> &str {
        "side"
    }
    fn initial_state(&self) -> TrapState {
        TrapState {
            points: [0, 0],
            prepared: [false, false],
            moves: 0,
        }
    }
    fn to_act(&self, s: &TrapState) -> ToAct {
        if s.moves >= 2 * self.rounds {
            ToAct::Over
        } else {
            ToAct::Side(s.side())
        }
    }
    fn outcome(&self, s: &TrapState) -> Option<Outcome> {
        (self.to_act(s) == ToAct::Over).then(|| Outcome {
            winner: match s.points[0].cmp(&s.points[1]) {
                std::cmp::Ordering::Greater => Some(Side::A),
                std::cmp::Ordering::Less => Some(Side::B),
                std::cmp::Ordering::Equal => None,
            },
            kind: "points".into(),
            points: s.points,
        })
    }
    fn legal_actions(&self, s: &TrapState, out: &mut Vec<TrapMove>) {
        out.clear();
        if let ToAct::Side(side) = self.to_act(s) {
            out.push(TrapMove::Take);
            out.push(TrapMove::Prepare);
            if s.prepared[side.index()] {
                out.push(TrapMove::Cash);
            }
        }
    }
    fn chance(&self, _s: &TrapState) -> Distribution<u8> {
        Distribution::d6()
    }
    fn apply_action_unchecked(&self, s: &mut TrapState, a: &TrapMove, _ev: &mut Vec<()>) {
        let i = s.side().index();
        match a {
            TrapMove::Take => s.points[i] += 1,
            TrapMove::Prepare => {}
            TrapMove::Cash => s.points[i] += 3,
        }
        s.prepared[i] = *a == TrapMove::Prepare;
        s.moves += 1;
    }
    fn apply_chance_unchecked(&self, _s: &mut TrapState, _c: &u8, _ev: &mut Vec<()>) {}
    fn observe(&self, s: &TrapState, _viewer: Viewer) -> TrapState {
        s.clone()
    }
    fn event_visible(&self, _e: &(), _viewer: Viewer) -> bool {
        true
    }
    fn describe_event(&self, _e: &()) -> String {
        String::new()
    }
    fn action_notation(&self, a: &TrapMove) -> String {
        format!("{a:?}")
    }
    fn parse_action(&self, text: &str) -> Result<TrapMove, String> {
        Err(text.into())
    }
    fn chance_notation(&self, c: &u8) -> String {
        c.to_string()
    }
    fn parse_chance(&self, text: &str) -> Result<u8, String> {
        text.parse().map_err(|_| text.to_string())
    }
}

impl Evaluate for Trap {
    /// Points now: blind to the value of preparing.
    fn evaluate(&self, s: &TrapState, side: Side) -> i32 {
        s.points[side.index()] - s.points[side.other().index()]
    }
}

// ----------------------------------------------------------------------------------------------

/// B is dealt a hidden card from {Low, High, High}; A names it and wins if right.
pub struct Guess;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Card {
    Low,
    High,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GuessState {
    /// B's card once dealt: hidden from A.
    pub card: Option<Card>,
    /// A's guess once made.
    pub guess: Option<Card>,
}

impl Game for Guess {
    type State = GuessState;
    type Action = Card;
    type Chance = Card;
    /// Whether the card has been dealt, the card if the viewer may see it, and the guess.
    type Observation = (bool, Option<Card>, Option<Card>);
    type Event = ();

    fn rules_id(&self) -> &'static str {
        "guess"
    }
    fn rules_version(&self) -> u32 {
        1
    }
    fn scenario_id(&self) -> &str {
        "guess"
    }
    fn side_name(&self, _side: Side) -> &str {
        "side"
    }
    fn initial_state(&self) -> GuessState {
        GuessState {
            card: None,
            guess: None,
        }
    }
    fn to_act(&self, s: &GuessState) -> ToAct {
        match (s.card, s.guess) {
            (None, _) => ToAct::Chance,
            (Some(_), None) => ToAct::Side(Side::A),
            _ => ToAct::Over,
        }
    }
    fn outcome(&self, s: &GuessState) -> Option<Outcome> {
        (self.to_act(s) == ToAct::Over).then(|| Outcome {
            winner: Some(if s.card == s.guess { Side::A } else { Side::B }),
            kind: "guess".into(),
            points: [0, 0],
        })
    }
    fn legal_actions(&self, s: &GuessState, out: &mut Vec<Card>) {
        out.clear();
        if self.to_act(s) == ToAct::Side(Side::A) {
            out.extend([Card::Low, Card::High]);
        }
    }
    fn chance(&self, _s: &GuessState) -> Distribution<Card> {
        Distribution::new(vec![(Card::Low, 1), (Card::High, 2)])
    }
    fn apply_action_unchecked(&self, s: &mut GuessState, a: &Card, _ev: &mut Vec<()>) {
        s.guess = Some(*a);
    }
    fn apply_chance_unchecked(&self, s: &mut GuessState, c: &Card, _ev: &mut Vec<()>) {
        s.card = Some(*c);
    }
    fn observe(&self, s: &GuessState, viewer: Viewer) -> Self::Observation {
        let card = s.card.filter(|_| viewer.sees_private_of(Side::B));
        (s.card.is_some(), card, s.guess)
    }
    fn event_visible(&self, _e: &(), _viewer: Viewer) -> bool {
        true
    }
    fn describe_event(&self, _e: &()) -> String {
        String::new()
    }
    fn action_notation(&self, a: &Card) -> String {
        format!("{a:?}")
    }
    fn parse_action(&self, text: &str) -> Result<Card, String> {
        Err(text.into())
    }
    fn chance_notation(&self, c: &Card) -> String {
        format!("{c:?}")
    }
    fn parse_chance(&self, text: &str) -> Result<Card, String> {
        Err(text.into())
    }
}

impl Evaluate for Guess {
    /// Deliberately indiscreet: it reads B's card (see the module docs).
    fn evaluate(&self, s: &GuessState, side: Side) -> i32 {
        let right = match (s.card, s.guess) {
            (Some(c), Some(g)) => c == g,
            (Some(c), None) => c == Card::Low,
            _ => false,
        };
        let a = if right { 10 } else { -10 };
        if side == Side::A { a } else { -a }
    }
}

impl Determinize for Guess {
    /// A's view: the card is dealt afresh from the deck (nothing of the real card is used).
    fn determinize<R: coupdoeil_engine::Rng + ?Sized>(
        &self,
        s: &GuessState,
        viewer: Side,
        rng: &mut R,
    ) -> GuessState {
        let mut t = s.clone();
        if viewer == Side::A && s.card.is_some() {
            t.card = Some(if draw_below(rng, 3) == 0 {
                Card::Low
            } else {
                Card::High
            });
        }
        t
    }
}

impl Plans for Guess {
    fn plans(&self, s: &GuessState, _limit: usize, out: &mut Vec<Vec<Card>>) {
        let mut legal = Vec::new();
        self.legal_actions(s, &mut legal);
        out.clear();
        out.extend(legal.into_iter().map(|a| vec![a]));
    }
}

/// Guess's capabilities.
pub fn guess_caps() -> Capabilities<Guess> {
    Capabilities::full()
}

/// A fixed seed.
pub fn rng(seed: u64) -> ChaCha8Rng {
    use rand::SeedableRng;
    ChaCha8Rng::seed_from_u64(seed)
}
