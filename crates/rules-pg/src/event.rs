//! What happened, for logs and the user interface. Every event cites its rule. Prussia's Glory
//! hides nothing, so every event is public.

use crate::data::{Cell, CrtCell, GroupId, LeaderId, SideResult, UnitId, WingId};
use crate::state::Morale;
use coupdoeil_engine::Side;
use serde::{Deserialize, Serialize};

/// One modifier of a die roll, with its rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    /// What it is for.
    pub what: String,
    /// Its value.
    pub value: i8,
    /// The rule.
    pub rule: String,
}

/// Something that happened.
#[allow(missing_docs)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A Game Turn began (3.0).
    TurnBegins { turn: u8, clock: String },
    /// A Player Turn began (3.0).
    PlayerTurn { side: Side },
    /// A phase or segment began (3.0).
    Phase { side: Side, phase: String },
    /// An army paid AM and rolled to activate (4.1.1); `roll` is die + Initiative.
    ActivationRoll {
        side: Side,
        paid: u8,
        die: u8,
        roll: u8,
        activated: bool,
    },
    /// An army was Activated (4.1).
    Activated { side: Side, how: String },
    /// A Detachment was Activated (4.3).
    DetachmentActivated { side: Side, group: GroupId },
    /// A Coup d'Oeil Activation was rolled (4.1.3).
    CdoaRoll {
        side: Side,
        die: u8,
        roll: u8,
        success: bool,
    },
    /// A group rolled for its Command State (4.5).
    CommandRoll {
        group: GroupId,
        die: u8,
        effective: bool,
    },
    /// A Special Leader rolled for a wing (4.5).
    SpecialRoll {
        leader: LeaderId,
        wing: WingId,
        die: u8,
        effective: bool,
    },
    /// Units are Out of Command (4.2.2).
    OutOfCommand { units: Vec<UnitId> },
    /// A Unit traces command to its Army Commander (4.2.2).
    Traced { unit: UnitId },
    /// A wing went In Column (7.6).
    ColumnFormed { wing: WingId },
    /// Artillery went In Column with a wing (7.6).
    ArtilleryColumn { unit: UnitId, wing: WingId },
    /// The Army Commander went In Column or deployed (7.6).
    CommanderColumn { side: Side, in_column: bool },
    /// A wing deployed from column (7.6.2, 7.6.3).
    Deployed { wing: WingId, forced: bool },
    /// A Forced Deployment was rolled (7.6.3).
    ForcedRoll {
        wing: WingId,
        column_roll: i8,
        mover_roll: i8,
        deployed: bool,
    },
    /// A counter moved one hex (7.3); MP left.
    Moved {
        unit: Option<UnitId>,
        leader: Option<LeaderId>,
        from: Cell,
        to: Cell,
        mp_left: u8,
    },
    /// A Unit moved to the top of its stack (5.4).
    Raised { unit: UnitId },
    /// A Locked marker went to its penalty side (6.3).
    LockedPenalty { hex: Cell },
    /// Locked markers were placed (7.2).
    LockedPlaced { hexes: Vec<Cell> },
    /// A reinforcement arrived.
    Arrived {
        unit: Option<UnitId>,
        leader: Option<LeaderId>,
        hex: Cell,
    },
    /// A bombardment was resolved (8.3).
    Bombardment {
        target: Cell,
        guns: Vec<UnitId>,
        strength: u8,
        column: Option<u8>,
        die: u8,
        modifiers: Vec<Modifier>,
        result: SideResult,
    },
    /// A Close Combat was declared (10.1).
    CombatDeclared {
        attack: Vec<Cell>,
        defend: Vec<Cell>,
        flank: bool,
        supported: bool,
        kind: String,
    },
    /// Fast Units withdrew before combat (10.2).
    Withdrew {
        units: Vec<UnitId>,
        from: Cell,
        to: Cell,
    },
    /// A Lead Unit was chosen (10.4).
    LeadChosen { side: Side, unit: UnitId },
    /// A Close Combat was resolved (10.6).
    CombatResolved {
        attacker_sp: u16,
        defender_sp: u16,
        odds: String,
        modifiers: Vec<Modifier>,
        die: u8,
        roll: i8,
        result: CrtCell,
        attacker_lp: u8,
        defender_lp: u8,
    },
    /// A Leader Loss Check (10.7, 15.2).
    LeaderCheck {
        leader: LeaderId,
        die: u8,
        second: Option<u8>,
        casualty: bool,
    },
    /// A Leader's successor took over (RULING: 15.2).
    Successor { leader: LeaderId, hex: Cell },
    /// A Leader moved to the nearest friendly Unit, alone in an enemy ZOC.
    LeaderDisplaced { leader: LeaderId, to: Cell },
    /// A Unit lost a step (10.8.1.1); `steps` left.
    StepLoss {
        unit: UnitId,
        steps: u8,
        why: String,
    },
    /// A Unit's Morale State changed (9).
    MoraleChanged {
        unit: UnitId,
        morale: Morale,
        why: String,
    },
    /// A Unit retreated one hex (10.9).
    Retreated { unit: UnitId, from: Cell, to: Cell },
    /// A Unit was destroyed (10.8.1.1).
    Destroyed { unit: UnitId },
    /// A Unit was captured (10.8.3.5, 10.9, artillery capture).
    Captured { unit: UnitId, why: String },
    /// A Routed Unit fled off the map (7.1).
    Fled { unit: UnitId },
    /// Loss Points could not all be satisfied (10.8.1).
    Unsatisfied { side: Side, lp: u8 },
    /// A Unit advanced after combat (10 step 9).
    Advanced { unit: UnitId, from: Cell, to: Cell },
    /// A Combat Success marker was earned (10 step 11).
    CombatSuccess { side: Side },
    /// A Morale Check (9.3): die against the modified MR.
    MoraleCheck {
        unit: UnitId,
        die: u8,
        against: i8,
        result: String,
    },
    /// A rally attempt (9.4).
    Rally {
        unit: UnitId,
        die: u8,
        against: i8,
        rallied: bool,
    },
    /// Army Morale was adjusted (13).
    ArmyMorale {
        side: Side,
        am: i16,
        lost: i16,
        demoralized: bool,
        broken: bool,
    },
    /// Victory points were scored.
    VictoryPoints { side: Side, vp: i16, why: String },
    /// The game ended.
    GameOver {
        winner: Option<Side>,
        level: String,
        points: [i32; 2],
    },
}
