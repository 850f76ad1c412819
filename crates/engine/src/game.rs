//! The game contract: what every rule system bound to a scenario provides.

use crate::{Distribution, Side};
use serde::{Deserialize, Serialize, de::DeserializeOwned};
use std::fmt::Debug;
use std::hash::Hash;

/// Who must decide next; a pure function of the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToAct {
    /// This side chooses one of the legal actions.
    Side(Side),
    /// A die is rolled or a card drawn: see [`Game::chance`].
    Chance,
    /// The game is over: see [`Game::outcome`].
    Over,
}

/// Whose eyes an observation is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Viewer {
    /// A player: sees its own hidden units and cards, never the opponent's.
    Side(Side),
    /// Someone watching: sees only what is public.
    Spectator,
    /// Sees everything: tests, replays after the game, the engine itself.
    Referee,
}

impl Viewer {
    /// May this viewer see what is private to `side`?
    #[must_use]
    pub fn sees_private_of(self, side: Side) -> bool {
        match self {
            Viewer::Side(s) => s == side,
            Viewer::Spectator => false,
            Viewer::Referee => true,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// The kind of victory, e.g. `"immediate"` or `"points"`, for batch statistics.
    pub kind: String,
    /// Victory points of side A and side B, where the rule system counts them.
    pub points: [i32; 2],
}

/// An action that is not legal in the state it was offered to. The state is handed back.
#[derive(Debug)]
pub struct IllegalAction<S, A> {
    /// The state, unchanged.
    pub state: S,
    /// The refused action.
    pub action: A,
}

/// What [`Game::play`] returns: the new state and its events, or the refusal.
pub type Played<G> = Result<
    (<G as Game>::State, Vec<<G as Game>::Event>),
    IllegalAction<<G as Game>::State, <G as Game>::Action>,
>;

/// A rule system bound to one scenario. Immutable: `&self` holds the map, the order of battle and
/// the charts; the [`Game::State`] holds only what changes during play.
///
/// Contract (checked by the conformance kit, feature `testkit`):
/// - `legal_actions` is sorted and free of duplicates, and empty unless [`ToAct::Side`];
/// - every listed action applies; `play` refuses any other;
/// - `chance` is only asked at [`ToAct::Chance`] and has distinct outcomes with positive weights;
/// - `apply_*` run forced steps forward to the next decision or chance node;
/// - `observe` for a side does not change when only the other side's hidden data changes.
pub trait Game: Sized {
    /// What changes during play: plain data, cheap to clone.
    type State: Clone + Eq + Hash + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// One atomic decision of a side.
    type Action: Clone + Ord + Hash + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// One outcome of a chance node (a die face, a card).
    type Chance: Clone + Ord + Hash + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// What one viewer may know of a state.
    type Observation: Clone + Eq + Debug + Serialize;
    /// Something that happened, for logs and the user interface.
    type Event: Clone + Debug + Serialize + Send + Sync;

    /// The rule system's short id (`"dm"`).
    fn rules_id(&self) -> &'static str;
    /// The rules version written into records; bump it when a change alters play.
    fn rules_version(&self) -> u32;
    /// The scenario id (`"dm-leuthen"`).
    fn scenario_id(&self) -> &str;
    /// The display name of a side.
    fn side_name(&self, side: Side) -> &str;

    /// The state before the first decision.
    fn initial_state(&self) -> Self::State;
    /// Who decides next.
    fn to_act(&self, state: &Self::State) -> ToAct;
    /// The result once [`ToAct::Over`].
    fn outcome(&self, state: &Self::State) -> Option<Outcome>;

    /// Fills `out` (cleared first) with every legal action, sorted, without duplicates.
    fn legal_actions(&self, state: &Self::State, out: &mut Vec<Self::Action>);
    /// The exact distribution of the pending chance event; only at [`ToAct::Chance`].
    fn chance(&self, state: &Self::State) -> Distribution<Self::Chance>;

    /// Applies a legal action (the caller guarantees legality; see [`Game::play`]) and runs forced
    /// steps forward, pushing what happened onto `events`.
    fn apply_action_unchecked(
        &self,
        state: &mut Self::State,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    );
    /// Applies one outcome of the pending chance node and runs forced steps forward.
    fn apply_chance_unchecked(
        &self,
        state: &mut Self::State,
        chance: &Self::Chance,
        events: &mut Vec<Self::Event>,
    );

    /// What `viewer` may know of `state`.
    fn observe(&self, state: &Self::State, viewer: Viewer) -> Self::Observation;
    /// May `viewer` see this event? (A card drawn is private to its owner.)
    fn event_visible(&self, event: &Self::Event, viewer: Viewer) -> bool;
    /// The event in words, citing its rule.
    fn describe_event(&self, event: &Self::Event) -> String;

    /// Stable, compact text for an action (used in records and the protocol).
    fn action_notation(&self, action: &Self::Action) -> String;
    /// Parses [`Game::action_notation`] text. Says why on failure.
    ///
    /// # Errors
    /// When the text names no action of this game.
    fn parse_action(&self, text: &str) -> Result<Self::Action, String>;
    /// The action in words for a player, e.g. `move Ferdinand to 0712`.
    fn describe_action(&self, state: &Self::State, action: &Self::Action) -> String {
        let _ = state;
        self.action_notation(action)
    }
    /// Stable, compact text for a chance outcome.
    fn chance_notation(&self, chance: &Self::Chance) -> String;
    /// Parses [`Game::chance_notation`] text.
    ///
    /// # Errors
    /// When the text names no outcome of this game.
    fn parse_chance(&self, text: &str) -> Result<Self::Chance, String>;

    /// May the side take back `action`, which led from `before` to `after`? Front ends offer undo
    /// only back to the last decision this refuses (and never past a chance outcome or the
    /// opponent's decision). Rule systems refuse when the action revealed information or when
    /// their rules forbid taking moves back. Default: yes.
    fn may_take_back(
        &self,
        before: &Self::State,
        action: &Self::Action,
        after: &Self::State,
    ) -> bool {
        let _ = (before, action, after);
        true
    }

    // Provided methods below are not meant to be overridden.

    /// Is `action` legal in `state`? The legal list is the single source of truth.
    fn is_legal(&self, state: &Self::State, action: &Self::Action) -> bool {
        let mut legal = Vec::new();
        self.legal_actions(state, &mut legal);
        legal.binary_search(action).is_ok()
    }

    /// Checked apply: refuses an illegal action and hands the state back.
    ///
    /// # Errors
    /// When `action` is not in [`Game::legal_actions`].
    fn play(&self, mut state: Self::State, action: &Self::Action) -> Played<Self> {
        if self.is_legal(&state, action) {
            let mut events = Vec::new();
            self.apply_action_unchecked(&mut state, action, &mut events);
            Ok((state, events))
        } else {
            Err(IllegalAction {
                state,
                action: action.clone(),
            })
        }
    }
}

/// Optional capability: a static evaluation for heuristic agents, from one side's point of view.
///
/// Implementations must use only what `side` may know (its own pieces and cards and what is
/// public): agents that call it must not learn hidden information through it.
pub trait Evaluate: Game {
    /// How good `state` looks for `side`: larger is better; a won game should score above any
    /// unfinished one and a lost game below. Units are the game's own (e.g. strength points).
    fn evaluate(&self, state: &Self::State, side: Side) -> i32;
}

/// Optional capability for searching under hidden information (information-set MCTS): a full
/// state that `viewer` cannot tell apart from `state`, with everything `viewer` may not see
/// (the opponent's hidden pieces, its hand) drawn afresh.
///
/// Contract: `observe(determinize(s, v), Viewer::Side(v)) == observe(s, Viewer::Side(v))`, and
/// when `v` is to act its legal actions are unchanged. The sample must depend only on what `v`
/// sees and on the random numbers: two states `v` cannot tell apart give the same sample from
/// the same generator state, otherwise a seeded search could learn hidden data from its samples.
pub trait Determinize: Game {
    /// A state consistent with `viewer`'s observation of `state`, hidden data resampled with `rng`.
    fn determinize<R: rand::Rng + ?Sized>(
        &self,
        state: &Self::State,
        viewer: Side,
        rng: &mut R,
    ) -> Self::State;
}

/// Optional capability for search over a wargame turn's huge branching: candidate plans, each a
/// short sequence of atomic actions by the side to act (e.g. one unit's whole move), so that a
/// search chooses among whole moves rather than single steps.
///
/// Contract: every plan is non-empty; its actions are legal one after the other from `state`,
/// all taken by the side to act, with no chance node before the last; together the plans offer
/// at least one choice whenever a side is to act.
pub trait Plans: Game {
    /// Fills `out` (cleared first) with the candidate plans, at most about `limit` of them.
    fn plans(&self, state: &Self::State, limit: usize, out: &mut Vec<Vec<Self::Action>>);
}
