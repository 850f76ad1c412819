//! What happened, for logs and the user interface. Every event cites its rule.

use crate::data::{CardId, Cell, CrtResult, UnitId};
use coupdoeil_engine::Side;
use coupdoeil_hex::Facing;
use serde::{Deserialize, Serialize};

/// Who may see an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// Everyone.
    Everyone,
    /// Only this side (and the referee): e.g. which card it drew.
    Only(Side),
    /// Everyone who cannot see this side's private data (its opponent and spectators): the
    /// anonymous twin of an event whose full version went to `Only(side)`.
    Others(Side),
}

/// Something that happened. An event naming a hidden piece goes to its owner only; the others get
/// a twin about the anonymous piece (its token) instead, so nobody sees the same thing twice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// Who may see it.
    pub audience: Audience,
    /// What happened.
    pub what: What,
}

/// The kinds of events. (Fields are named for what they hold: the unit, hex, side, card.)
#[allow(missing_docs)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum What {
    /// A card was drawn (5.0).
    Drew { side: Side, card: CardId },
    /// A side drew a card (public: the card is not named).
    DrewHidden { side: Side },
    /// The deck was reshuffled (5.1).
    Reshuffled { side: Side },
    /// A piece was placed at set-up.
    Placed {
        unit: UnitId,
        cell: Cell,
        facing: Facing,
    },
    /// A side finished its set-up.
    SetUp { side: Side },
    /// A card was played (5.0).
    Played { side: Side, card: CardId },
    /// A card was discarded (12.0 C).
    Discarded { side: Side, card: CardId },
    /// A phase began (4.0).
    PhaseBegins { turn: u8, side: Side, phase: String },
    /// A piece retreated (9.5.1) or routed (10.1) one hex.
    Retreated { unit: UnitId, from: Cell, to: Cell },
    /// A piece moved (7.0).
    Moved {
        unit: UnitId,
        from: Cell,
        to: Cell,
        mp_left_half: u8,
    },
    /// An anonymous piece moved.
    TokenMoved {
        side: Side,
        token: u8,
        from: Cell,
        to: Cell,
    },
    /// A piece changed facing; during its move, with the MP it has left (in half MP).
    Faced {
        unit: UnitId,
        facing: Facing,
        mp_left_half: Option<u8>,
    },
    /// An anonymous piece changed facing.
    TokenFaced {
        side: Side,
        token: u8,
        facing: Facing,
    },
    /// A hidden piece was revealed (8.0, 9.2.1).
    Revealed { unit: UnitId },
    /// A dummy left the map (7.7, 12.0 A, 9.0).
    DummyRemoved { unit: UnitId },
    /// An anonymous piece was taken off the map by its owner (7.7).
    TokenRemoved { side: Side, token: u8 },
    /// An attack was declared (9.1).
    AttackDeclared { unit: UnitId, target: Cell },
    /// Supporting Fire was declared (9.2).
    SupportDeclared {
        artillery: UnitId,
        supported: UnitId,
    },
    /// An attack was resolved: strengths, differential, die and result (9.0).
    AttackResolved {
        target: Cell,
        attack: i32,
        defence: i32,
        differential: i32,
        die: u8,
        result: CrtResult,
    },
    /// An attack below the CRT's first column was cancelled (9.0 step 4).
    AttackCancelled { target: Cell, differential: i32 },
    /// The attack die was rolled (9.0 step 5), as soon as it is rolled: before the step-6 cards.
    AttackRolled { target: Cell, die: u8 },
    /// The die was rolled again (card).
    Rerolled { die: u8 },
    /// Automatic victory against a dummy or a Routed unit (9.0).
    AutomaticVictory { target: Cell },
    /// A Morale Test (9.5.2) or Rally Test (10.2).
    MoraleTested {
        unit: UnitId,
        rating: i32,
        die: u8,
        passed: bool,
        rally: bool,
    },
    /// A unit routed (10.1).
    Routed { unit: UnitId },
    /// A unit was eliminated.
    Eliminated { unit: UnitId, rule: String },
    /// A unit became Shaken (10.2, 11.2).
    Shaken { unit: UnitId },
    /// A corps' morale changed (11.1).
    CorpsMorale { corps: u8, morale: i8 },
    /// A corps was Demoralized (11.2).
    Demoralized { corps: u8 },
    /// A unit advanced after combat (9.5.3), from the hex it attacked from.
    Advanced { unit: UnitId, from: Cell, to: Cell },
    /// A depot changed hands (Exclusive 13.0).
    DepotTaken { depot: Cell, side: Side },
    /// The game ended (13.0).
    GameOver {
        winner: Option<Side>,
        kind: String,
        points: [i32; 2],
    },
}

impl Event {
    /// An event everyone may see.
    #[must_use]
    pub fn public(what: What) -> Self {
        Event {
            audience: Audience::Everyone,
            what,
        }
    }

    /// An event only `side` may see.
    #[must_use]
    pub fn private(side: Side, what: What) -> Self {
        Event {
            audience: Audience::Only(side),
            what,
        }
    }

    /// The anonymous twin, for everyone but `side`, of a private event of `side`.
    #[must_use]
    pub fn others(side: Side, what: What) -> Self {
        Event {
            audience: Audience::Others(side),
            what,
        }
    }
}
