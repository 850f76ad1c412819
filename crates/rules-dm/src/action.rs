//! Actions (atomic decisions), chance outcomes and their notation.

use crate::data::{CardId, Cell, UnitId};
use coupdoeil_hex::Facing;
use serde::{Deserialize, Serialize};

/// One atomic decision of a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Exclusive 3.0: put the next piece on this set-up slot.
    Place(u8),
    /// Exclusive 3.0: set up this corps next, south of those already set up (a side whose corps
    /// must be deployed together).
    SetUpCorps(u8),
    /// 5.0 Play this card in the open window.
    PlayCard(CardId),
    /// Play no card in the open window.
    Pass,
    /// 7.3 Start moving this unit.
    Select(UnitId),
    /// 7.1 Move the moving unit into one of its vertex Front hexes.
    Step(Cell),
    /// 7.2 Change the moving unit's facing by 30 or 60 degrees.
    Face(Facing),
    /// 7.2 Spend the whole Movement Allowance to take any facing.
    Wheel(Facing),
    /// 7.1 Spend the whole Movement Allowance to move one hex in any direction.
    Sidestep(Cell),
    /// 7.5 The moving unit's move is over.
    EndMove,
    /// 7.7 Take a friendly dummy off the map.
    RemoveDummy(UnitId),
    /// End the current phase (movement, or attack declarations).
    EndPhase,
    /// 9.1 Declare that `unit` attacks the enemy in `target`.
    Attack {
        /// Attacking unit.
        unit: UnitId,
        /// Target hex.
        target: Cell,
    },
    /// 9.2 Heavy artillery of `artillery` supports `to`.
    Support {
        /// The unit with heavy artillery.
        artillery: UnitId,
        /// The supported unit.
        to: UnitId,
    },
    /// 9.0 Resolve the attack on this hex next.
    Resolve(Cell),
    /// 9.5.1 Retreat into this hex.
    RetreatTo(Cell),
    /// 9.5.3 Advance this unit into the vacated hex.
    Advance(UnitId),
    /// 9.5.3 Do not advance.
    NoAdvance,
    /// 9.5.3 The free facing change of the next attacking unit.
    TurnTo(Facing),
    /// 12.0 C Discard a card.
    Discard(CardId),
    /// 12.0 C Stop discarding and draw.
    EndDiscard,
    /// 10.2 This Routed unit rallies automatically.
    Rally(UnitId),
}

/// One outcome of a chance node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Chance {
    /// A six-sided die.
    Die(u8),
    /// A card drawn.
    Card(CardId),
}
