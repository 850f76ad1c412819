//! Actions (atomic decisions) and chance outcomes.

use crate::data::{Cell, Formation, GarrisonId, LeaderId, UnitId};
use crate::state::OrderKind;
use coupdoeil_engine::Side;
use coupdoeil_hex::Facing;
use serde::{Deserialize, Serialize};

/// One atomic decision of a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Decline, or end a phase, a move, a list of choices: no (more) reactions, no more
    /// orders, no more fire, no more advancing or regrouping.
    Pass,
    /// 5.1 The initiative winner chooses who takes the first Player Turn.
    First(Side),
    /// 5.3.3 Attach this asset to this subordinate leader for the turn.
    Attach {
        /// The asset.
        unit: UnitId,
        /// The leader.
        leader: LeaderId,
    },
    /// 5.4 Place an order on a leader.
    Order {
        /// The leader.
        leader: LeaderId,
        /// Attack or Reserve.
        kind: OrderKind,
    },
    /// 5.4 Place an order on a Garrison.
    OrderGarrison {
        /// The garrison.
        garrison: GarrisonId,
        /// Attack or Reserve.
        kind: OrderKind,
    },
    /// 12.1 The stack in `from` fires at `target`.
    Fire {
        /// The firing stack's hex.
        from: Cell,
        /// The target hex.
        target: Cell,
    },
    /// G19.1 The battery stack in `from` fires this round at `target` (Brigade Game).
    FireRound {
        /// The firing stack's hex.
        from: Cell,
        /// The target hex.
        target: Cell,
        /// The round.
        round: crate::artillery::Round,
    },
    /// G19.6 The battery stack in `from` fires a Rolling Shot with `ish` as its Initial Strike
    /// Hex (Brigade Game).
    RollingShot {
        /// The firing stack's hex.
        from: Cell,
        /// The Initial Strike Hex.
        ish: Cell,
    },
    /// 9.1 Start moving the stack of this unit (every unit of it that may still move).
    Select(UnitId),
    /// 9.1 Start moving this leader.
    SelectLeader(LeaderId),
    /// 9.3 This reinforcement enters at this hex of its entry area.
    Enter {
        /// The unit.
        unit: UnitId,
        /// The entry hex.
        at: Cell,
    },
    /// 9.3 This leader arrives at this hex of his entry area.
    EnterLeader {
        /// The leader.
        leader: LeaderId,
        /// The entry hex.
        at: Cell,
    },
    /// 9.1.2 Drop this unit off the moving stack here (before the first MP: it stays behind,
    /// free to move later; after: it is done for the phase).
    Drop(UnitId),
    /// 9.1 Move the moving stack or leader into this adjacent hex.
    Step(Cell),
    /// 7.1.2 Face this way (free).
    Face(Facing),
    /// 7.2 Change formation.
    Form(Formation),
    /// 7.6.1 Deploy this many SP en Tirailleurs (0 recalls them).
    Skirmish(u8),
    /// 6.2 Put this unit of the moving stack on top (1 MP).
    Top(UnitId),
    /// 13.1.1 Declare an Assault on this hex.
    Assault(Cell),
    /// 13.2.1 Declare a Charge on this hex (ends the move).
    Charge(Cell),
    /// 15.2.1 Spend the whole MA fortifying the Post.
    Fortify,
    /// 9.1 End the move of the moving stack or leader.
    EndMove,
    /// 9.2 The retreating stack enters this hex.
    RetreatTo(Cell),
    /// 14.2 The stack in this hex fires at the trigger.
    ReactFire(Cell),
    /// 14.3 The stack in this hex attempts to form Square.
    ReactSquare(Cell),
    /// 14.4 The cavalry in this hex attempts a Reaction Charge.
    ReactCharge(Cell),
    /// 13.1.1 / 13.2.1 Resolve the close combat against this hex next.
    Resolve(Cell),
    /// 13.4 The defenders fire at the attacking stack in this hex.
    DefendAgainst(Cell),
    /// 13.6 This attacking unit advances into the target hex.
    Advance(UnitId),
    /// 13.2.5 The regrouping cavalry moves into this adjacent hex.
    Regroup(Cell),
    /// 4.3 / 5.2.3 The returning leader is placed in this hex.
    Place(Cell),
    /// B5.4.1 This leader rolls for Orders Initiative for an order of this kind, with the
    /// Overall Commander's LIM lent to him or not (B5.4.3).
    OrdersInitiative {
        /// The leader.
        leader: LeaderId,
        /// Attack or Reserve.
        kind: OrderKind,
        /// The Overall Commander lends his LIM.
        lend: bool,
    },
    /// B5.4.2 This corps leader makes his Orders Check, with the Overall Commander's LIM lent
    /// to him or not (B5.4.3).
    OrdersCheck {
        /// The corps leader.
        leader: LeaderId,
        /// The Overall Commander lends his LIM.
        lend: bool,
    },
    /// B5.4.2 The corps leader passes his order to this subordinate leader.
    PassOrder(LeaderId),
    /// B13.4 The defenders Retreat Before Combat into this hex.
    RetreatBefore(Cell),
    /// B13.2.1 Place a Charge marker on the moving cavalry (ends its move; the target is
    /// declared in its Charge Movement).
    ChargeMarker,
    /// B13.2.7 The charging cavalry makes a Recall Check.
    Recall,
    /// B13.2.10 The cavalry that advanced attempts a Follow-On Charge (a Morale Check first).
    FollowOnCharge,
    /// G17.4.3 The moving group spends 3 MP to put its inverted sub-units back in order.
    Reorder,
    /// G18.6.1 The moving infantry goes Prone (ending its move).
    Prone,
    /// G18.6.2 The moving prone infantry stands up.
    StandUp,
    /// G18.2 Change into this column (from a Closed Square: back into it, G18.4).
    FormColumn(crate::data::ColumnKind),
    /// G18.4 The moving close-order column forms a Closed Square.
    ClosedSquare,
    /// G18.3 The moving Line quarter-wheels into an Open Column, or the Open Column into Line,
    /// to the right (clockwise) or to the left.
    QuarterWheel {
        /// To the right.
        right: bool,
    },
    /// G18.5.3 The moving Line places (or removes) a Refused Flank marker on its right or left
    /// flank (1 MP).
    RefuseFlank {
        /// The right flank (else the left).
        right: bool,
    },
    /// G22.3 This brigade leader's brigade enters Fatigue Recovery.
    Recover(LeaderId),
    /// G20.1 Declare a Wave Charge on `target`, this cavalry counter (with a Charge marker) its
    /// first wave.
    WaveCharge {
        /// The first wave.
        unit: UnitId,
        /// The one target of every wave.
        target: Cell,
    },
    /// G20.1 This cavalry counter joins the Wave Charge being declared, as its next wave.
    Wave(UnitId),
    /// G21.1 The stack in `at` attempts this Reaction Formation Change (Brigade Game).
    ReactChange {
        /// The reacting stack's hex.
        at: Cell,
        /// What it does if it passes its check.
        change: ReactChange,
    },
    /// G21.2 The cavalry (or limbered horse artillery) in `from` makes a Reaction Move to `to`.
    ReactMove {
        /// The reacting stack's hex.
        from: Cell,
        /// Where it ends its move.
        to: Cell,
    },
    /// G17.1 This brigade leader takes this GTF marker (reforming a GTF), or with `None` drops
    /// his for the Battalion method (Command Attachment Phase).
    Gtf {
        /// The brigade leader.
        leader: LeaderId,
        /// The GTF marker taken, or none.
        kind: Option<crate::gtf::GtfKind>,
    },
    /// G17.3 This brigade leader's GTF begins this evolution (the Evolution in Progress marker).
    Evolve {
        /// The brigade leader.
        leader: LeaderId,
        /// The evolution.
        evolution: crate::gtf::Evolution,
    },
    /// G17.3.1 This brigade leader's GTF has completed its evolution (its Evolution Check
    /// follows).
    CompleteEvolution(LeaderId),
    /// G17.5 This aide-de-camp detaches the regiment of this unit, stacked with him, from its
    /// brigade (Command Attachment Phase).
    Detach {
        /// The aide-de-camp, who leads it.
        leader: LeaderId,
        /// A counter of the regiment.
        unit: UnitId,
    },
    /// G17.5 The Detached Regiment of this aide-de-camp rejoins its brigade.
    Rejoin(LeaderId),
    /// G19.2 This Train (by index) moves to this hex (its whole move this phase).
    TrainMove {
        /// The Train, by index.
        train: u8,
        /// Where it ends.
        to: Cell,
    },
    /// G19.2 This Train leaves the map of its own accord.
    TrainOff(u8),
    /// G19.3.1 This battery, out of ammunition, creates its Caisson (empty) in its hex.
    CaissonCreate(UnitId),
    /// G23.2 Create a Dummy Brigade for this brigade leader's Obscured Brigade: one Dummy Stack
    /// in each hex of his brigade's obscured stacks (Limited Intelligence).
    DummyBrigade(LeaderId),
    /// G23.2.1 The moving side's Dummy Stack number `dummy` (counted among its own) moves to
    /// this hex (its whole move this phase).
    DummyMove {
        /// The Dummy Stack, numbered among its side's.
        dummy: u8,
        /// Where to.
        to: Cell,
    },
    /// G19.3 The Caisson of this battery moves to this hex (its whole move this phase).
    CaissonMove {
        /// The battery the Caisson belongs to.
        battery: UnitId,
        /// Where it ends.
        to: Cell,
    },
    /// G19.5.1 This leader creates a Bombardment Zone with the batteries of his string
    /// (Movement Phase).
    CreateBz(LeaderId),
    /// G19.5.1 This leader's Bombardment Zone is dissolved (Movement Phase).
    DissolveBz(LeaderId),
    /// G17.1 This brigade leader is picked up and put in this hex, where his unit becomes the
    /// GTF's Directing Unit (no MP; Movement Phase, before the GTF moves).
    ChangeDu {
        /// The brigade leader.
        leader: LeaderId,
        /// The hex of the new Directing Unit.
        to: Cell,
    },
}

/// G21.1 What a Brigade Game Reaction Formation Change does (a Square is still
/// [`Action::ReactSquare`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ReactChange {
    /// Turn one hexside or vertex either way, or a Line's about-face.
    Face(Facing),
    /// Change formation (limbering and unlimbering included).
    Form(Formation),
    /// G18.2 Change into this column (from a Closed Square: back into it).
    FormColumn(crate::data::ColumnKind),
    /// G18.4 Form a Closed Square.
    ClosedSquare,
    /// G18.3 Quarter-Wheel, to the right or the left.
    QuarterWheel {
        /// To the right.
        right: bool,
    },
    /// G18.5.3 Refuse the right or left flank.
    Refuse {
        /// The right flank.
        right: bool,
    },
    /// 7.6.1 Deploy this many SP en Tirailleurs.
    Skirmish(u8),
    /// 6.2 Put this unit on top of the stack.
    Top(UnitId),
}

/// One outcome of a chance node (2.3 Dice).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Chance {
    /// One ten-sided die, 0 to 9.
    D10(u8),
    /// Two ten-sided dice read as 00 to 99.
    Percentile(u8),
    /// A random choice among `n` (a leader casualty): index from 0.
    Pick(u8),
}
