//! Actions (atomic decisions) and chance outcomes.

use crate::data::{Cell, LeaderId, UnitId, WingId};
use serde::{Deserialize, Serialize};

/// One atomic decision of a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Decline what is offered, or end a segment: no activation attempt, no CdOA, no Special
    /// Leader roll, no more tracing, stay rather than withdraw, no more advances, no momentum.
    Pass,
    /// 4.1.1 Pay the activation cost and roll for a Normal Activation.
    Activate,
    /// 4.1.3 Attempt a Coup d'Oeil Activation.
    AttemptCdoa,
    /// 4.1.3 Pay the cost: the army is Activated.
    PayActivation,
    /// 4.4 / 7.6.2 Deploy this Wing from column.
    Deploy(WingId),
    /// 7.6 The Army Commander leaves column.
    DeployCommander,
    /// 4.5 This Special Leader rolls to make this Degraded Wing Effective.
    SpecialRoll {
        /// The Special Leader.
        leader: LeaderId,
        /// The Degraded Wing.
        wing: WingId,
    },
    /// 4.2.2 This Out of Command Unit traces command to the Army Commander.
    Trace(UnitId),
    /// 7.3 Start moving this Unit (ends the move of the counter moving now).
    Select(UnitId),
    /// 7.3 Start moving this Leader.
    SelectLeader(LeaderId),
    /// 7.3 Move the moving counter into an adjacent hex; `below`: placed under the friendly
    /// Units there (5.4, 6.3) rather than on top.
    Step {
        /// The hex entered.
        to: Cell,
        /// Placed at the bottom of the stack.
        below: bool,
    },
    /// 7.3 The moving counter's move is over.
    EndMove,
    /// 5.4 / 6.3 Move this Unit to the top of its stack.
    Raise(UnitId),
    /// 7.6 Put this Wing In Column.
    Column(WingId),
    /// 7.6 Put this artillery In Column with a Wing going In Column.
    ColumnArtillery(UnitId),
    /// 7.6 Put the Army Commander In Column.
    CommanderColumn,
    /// End the current phase or segment.
    EndPhase,
    /// 7.6.3 Attempt a Forced Deployment.
    AttemptDeploy,
    /// 8.1 Bombard this hex.
    Target(Cell),
    /// 8 Add this artillery to the bombardment.
    Gun(UnitId),
    /// 8.3 Resolve the bombardment.
    Fire,
    /// 10.1 Close Combat: these attacking hexes (bits over the directions from `target`)
    /// against `target` and, when given, the adjacent `second`.
    Attack {
        /// The first defending hex.
        target: Cell,
        /// A second defending hex, adjacent to the first.
        second: Option<Cell>,
        /// The attacking hexes: bit `d` is the neighbour of `target` in direction `d`.
        from: u8,
    },
    /// 10.2 Withdraw the defending hex's Fast Units into this hex.
    Withdraw(Cell),
    /// 10.4 This Unit is the Lead Unit.
    Lead(UnitId),
    /// 10.8.1 This Unit satisfies the next Loss Point: a Step Loss when it must or may take
    /// one, otherwise the loss of Morale State and retreat the rules require.
    Loss(UnitId),
    /// 10.8.1.4 This Unit satisfies the next Loss Point by a voluntary retreat (Disordered).
    Retreat(UnitId),
    /// 10.8.3.1 This artillery loses the step.
    ArtilleryLoss(UnitId),
    /// 10.9 The retreating Unit enters this hex.
    RetreatTo(Cell),
    /// 10 step 9 This Unit advances after combat into this hex.
    Advance {
        /// The Unit.
        unit: UnitId,
        /// The vacated defending hex.
        to: Cell,
    },
    /// 10 step 10 The advanced Units advance one hex more.
    MomentumAdvance(Cell),
    /// 10 step 10 The advanced Units attack again at once.
    MomentumAttack {
        /// The first defending hex.
        target: Cell,
        /// A second defending hex, adjacent to the first.
        second: Option<Cell>,
    },
    /// 10 step 12 The advanced cavalry makes a Sweeping Charge.
    Sweep {
        /// The first defending hex.
        target: Cell,
        /// A second defending hex, adjacent to the first.
        second: Option<Cell>,
    },
}

/// One outcome of a chance node: every chance node of Prussia's Glory is one six-sided die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Chance {
    /// A six-sided die.
    Die(u8),
}
