//! The changing part of a Glory and Empire game: plain data, cheap to clone, and a stack of
//! pending procedures ([`Frame`]) so that reactions, checks, retreats and close combats
//! interrupt whatever is going on and hand control back when they are done.

use crate::data::{Cell, Echelon, Formation, LeaderId, UnitId};
use crate::event::Modifier;
use coupdoeil_engine::{BySide, Side};
use coupdoeil_hex::Facing;
use serde::{Deserialize, Serialize};

/// 8 Morale States, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Morale {
    /// No marker.
    Normal,
    /// 8.3 Disorder.
    Disorder,
    /// 8.4 Shaken.
    Shaken,
    /// 8.5 Broken.
    Broken,
    /// 8.6 Rout.
    Rout,
}

impl Morale {
    /// The state `levels` worse, or `None` past Rout (eliminated, Morale State Diagram).
    #[must_use]
    pub fn worse(self, levels: u8) -> Option<Morale> {
        let i = self as u8 + levels;
        [
            Morale::Normal,
            Morale::Disorder,
            Morale::Shaken,
            Morale::Broken,
            Morale::Rout,
        ]
        .get(usize::from(i))
        .copied()
    }

    /// One level better (8.2).
    #[must_use]
    pub fn better(self) -> Morale {
        match self {
            Morale::Normal | Morale::Disorder => Morale::Normal,
            Morale::Shaken => Morale::Disorder,
            Morale::Broken | Morale::Rout => Morale::Shaken,
        }
    }

    /// Broken or Routed.
    #[must_use]
    pub fn broken(self) -> bool {
        self >= Morale::Broken
    }

    /// The index of its marker in `Charts::states` (`None` for Normal).
    #[must_use]
    pub fn marker(self) -> Option<usize> {
        (self != Morale::Normal).then(|| self as usize - 1)
    }

    /// The name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Morale::Normal => "Normal",
            Morale::Disorder => "Disorder",
            Morale::Shaken => "Shaken",
            Morale::Broken => "Broken",
            Morale::Rout => "Rout",
        }
    }
}

/// Why a combat unit is off the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Gone {
    /// Not yet arrived (a reinforcement).
    Absent,
    /// Eliminated.
    Eliminated,
}

/// 5.4 The two kinds of order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OrderKind {
    /// May initiate Assaults and Charges.
    Attack,
    /// Moves in the enemy's Reserve Movement Phase.
    Reserve,
}

/// One combat unit counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Troop {
    /// Where it stands (`None` off the map).
    pub cell: Option<Cell>,
    /// 6.2 Its place in the stack: smaller is higher.
    pub pos: u32,
    /// Steps left.
    pub steps: u8,
    /// 7.1 Facing.
    pub facing: Facing,
    /// 7 Formation.
    pub formation: Formation,
    /// 7.6 SP deployed en Tirailleurs (the Sk marker), 0 to 3.
    pub skirmishers: u8,
    /// 8 Morale State.
    pub morale: Morale,
    /// Off the map, and why.
    pub gone: Option<Gone>,
    /// 5.3 The Out of Command marker.
    pub ooc: bool,
    /// 13.1.2 / 13.2.2 In Command at its side's last Movement Segment Command Status Phase.
    pub commanded: bool,
    /// 9.1 Moved (or done) this phase.
    pub moved: bool,
    /// 13.2.6 Spent markers.
    pub spent: u8,
    /// 12.1 Fire attacks made this segment.
    pub fired: u8,
    /// 7.8.2 The hex of a Square's first fire attack this segment.
    pub fired_at: Option<Cell>,
    /// 13.1.1 The target of its Assault marker.
    pub assault: Option<Cell>,
    /// 13.1.1 The Assault Starting Adjacent marker.
    pub adjacent_start: bool,
    /// B13.1.6 The Assault AMV marker: it declared its Assault against its nation's Attack
    /// Method.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub amv: bool,
    /// B7.9.3 Artillery ammunition: 0 Normal, 1 Low Ammo, 2 Out of Ammo (Battalion Game).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub ammo: u8,
    /// B13.1.7 It has made its Follow-On Assault this Close Combat Segment.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub followed_on: bool,
    /// B7.9.1 It has moved by Prolonge this turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub prolonged: bool,
    /// 13.2.1 The target of its Charge marker (B13.2.1: in the Battalion Game, until its
    /// Charge Movement declares a target, the hex where the marker was placed).
    pub charge: Option<Cell>,
    /// 5.3.3 The leader this asset is attached to this turn.
    pub attached: Option<LeaderId>,
    /// 5.3 A reinforcement that entered this turn (In Command).
    pub arrived: bool,
    /// 15.2.1 Spent its whole MA in its Post hex this Movement Phase.
    pub fortifying: bool,
    /// G18.1.2, G17.4.3 The Sub-Units Inverted marker (Brigade Game).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub inverted: bool,
    /// G18.2 The kind of its column, in Column; G18.4 the column a Closed Square was formed
    /// from, in Square (Brigade Game). `None`: the ordinary Column, or a hollow Square.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<crate::data::ColumnKind>,
    /// G18.5.3 Refused Flank markers (Brigade Game): bit 1 the left flank, bit 2 the right.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub refused: u8,
    /// G18.6 The Prone marker (Brigade Game).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub prone: bool,
    /// G17.5 The aide-de-camp leading the Detached Regiment it belongs to (Brigade Game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detached: Option<LeaderId>,
    /// G17.2.4 The turn in which it left its GTF (0: it has not), and the leader of that GTF.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left_gtf: Option<(u8, LeaderId)>,
    /// G17.3.1 MP already charged to it in this movement phase (Brigade Game): by the moves
    /// it has ended, or by its GTF's completed evolution; a move it begins starts from them.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub phase_mp: u8,
    /// G17.2.3 While it moves: the place in its GTF it must end its move in (Brigade Game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gtf_place: Option<Cell>,
    /// G19.1 The boxes of each round marked off on its Ammunition Sheet (Brigade Game), by
    /// [`crate::artillery::Round::ix`].
    #[serde(default, skip_serializing_if = "none_used")]
    pub used: [u8; 4],
    /// G19.7 It made a Howitzer Attack this segment (Brigade Game).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub howitzer: bool,
    /// G19.7 It fired Canister this segment: no Howitzer Attack (Brigade Game).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub canister: bool,
}

fn none_used(v: &[u8; 4]) -> bool {
    v.iter().all(|&x| x == 0)
}

/// Where a leader is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeaderStatus {
    /// On the map.
    OnMap,
    /// 9.3 Not yet arrived.
    Absent,
    /// 5.2.3 Lost (casualty or captured): on the Turn Record Chart, back in the Leader
    /// Replacement Phase of this turn.
    Returning(u8),
    /// 5.2.3 The skull and crossbones: gone for good.
    Removed,
}

/// One leader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Leader {
    /// Where he stands.
    pub cell: Option<Cell>,
    /// On the map or not.
    pub status: LeaderStatus,
    /// 5.2.3 Showing his Repl side.
    pub repl: bool,
    /// 5.3.1 In Command of his superior at the last Command Status Phase.
    pub in_command: bool,
    /// 5.4 His order this turn.
    pub order: Option<OrderKind>,
    /// Moved this phase.
    pub moved: bool,
    /// 5.2.4 An aide-de-camp moved in a Movement (true) or Reserve Movement (false) Phase this
    /// turn.
    pub adc_moved: Option<bool>,
    /// B5.4.1 He has rolled for Orders Initiative this turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub initiative_rolled: bool,
    /// B5.4.2 His Corps Leader Orders Check is made for this turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub orders_checked: bool,
    /// B5.4.2 His Orders Check was not a complete success: his order covers him alone, and the
    /// subordinates he passed it to carry their own.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub order_limited: bool,
    /// G22 His brigade's fatigue (Brigade Game).
    #[serde(default, skip_serializing_if = "Fatigue::is_none")]
    pub fatigue: Fatigue,
    /// G17.1, G17.2 His brigade's GTF marker and command method (Brigade Game).
    #[serde(default, skip_serializing_if = "crate::gtf::Gtf::is_none")]
    pub gtf: crate::gtf::Gtf,
}

/// G22 A brigade's fatigue, kept on its leader.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fatigue {
    /// G22 The Fatigue Level, 0 to 3.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub level: u8,
    /// G22 The Fatigue Check marker: a unit fired in close order, fought a close combat or
    /// force marched.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub check: bool,
    /// G22.1 A unit of the brigade fought a close combat (the check's -1 DRM).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub close_combat: bool,
    /// G22.3 The Fatigue Recovery marker.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub recovering: bool,
}

impl Fatigue {
    /// No fatigue and no marker (the state of every leader below the Brigade level).
    #[must_use]
    pub fn is_none(&self) -> bool {
        *self == Fatigue::default()
    }
}

/// One side's Command Segment (5.1, 5.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SideState {
    /// 5.1 The initiative die (unmodified).
    pub die: Option<u8>,
    /// 5.1.1 Orders still to place this turn.
    pub orders: u8,
    /// The side has finished its Command Attachment Phase.
    pub attached_done: bool,
    /// The side has finished its Orders Phase.
    pub orders_done: bool,
    /// B5.4.3 Leaders the Overall Commander has lent his LIM to in the current phase.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub lent: u8,
    /// B5.4.1 The lowest echelon that has rolled for Orders Initiative this turn: no higher
    /// echelon may roll after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiative_floor: Option<Echelon>,
}

#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero(v: &u8) -> bool {
    *v == 0
}

/// A Garrison's changing state (5.3.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GarrisonState {
    /// Dissolved: every assigned unit has left.
    pub dissolved: bool,
    /// 5.4 Its order this turn.
    pub order: Option<OrderKind>,
}

/// The moving group of the Movement or Reserve Movement Phase (9.1).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Moving {
    /// The combat units moving together, top first (empty when a leader moves).
    pub units: Vec<UnitId>,
    /// The leader moving alone.
    pub leader: Option<LeaderId>,
    /// Where the group is.
    pub at: Cell,
    /// MP spent.
    pub spent: u8,
    /// Hexes entered.
    pub hexes: u8,
    /// 10.1 Must stop: entered an EZOC, used the minimum move, or was stopped by a reaction.
    pub stop: bool,
    /// 10.2 An action other than a facing change has been taken.
    pub acted: bool,
    /// 9.3 A reinforcement that has not left its entry hex: its first formation is free.
    pub entering: bool,
    /// 14.4 Charged by a reaction, or driven back: the move ends as soon as its current step
    /// or change is over.
    pub halted: bool,
    /// The group's last decision was a facing change (7.1.2): it may not face again before
    /// doing something else, since any facing is one change away (ge-rulings 63).
    pub faced: bool,
    /// 7.6 The group's top unit has changed its Skirmishers marker in this hex: it may not
    /// change it again before stepping on (ge-rulings 64).
    pub skirmished: bool,
    /// B9.4, B9.5 What the move has gathered for its Disorder Check (Battalion Game).
    #[serde(default, skip_serializing_if = "MoveDisorder::is_empty")]
    pub disorder: MoveDisorder,
    /// G18.4 The hex where the group left a Closed Square in this move: it forms none there
    /// again (ge-rulings 145).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub squared_at: Option<Cell>,
}

/// B9.4 What a move gathers for the Disorder Check at its end, and B9.5 whether the group may
/// Force March.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MoveDisorder {
    /// B9.5 In Command at the start of the move and in the Normal or Disorder state.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub may_force: bool,
    /// Formation changes that call for a check.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub changes: u8,
    /// Hexside Obstacles crossed that call for a check.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub obstacles: u8,
    /// MDT and HDT hexes entered that count.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub dense: u8,
    /// MP spent (not on formation changes) in each formation, in the order first used.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mp: Vec<(Formation, u8)>,
    /// B9.1.2 The hex the group stands in held friendly units when it entered: moving on costs
    /// the pass-through MP.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub among_friends: bool,
    /// 9.1.1 The group made the minimum move of one hex beyond its MP (not a Force March).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub minimum: bool,
    /// G18.1.3 The group has backed up through a rear hexside: a Disorder Check is due.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub backed: bool,
    /// G18.5.1 The group, in Line, has passed through friends in a close order formation: a
    /// Disorder Check is due.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub passed_lines: bool,
    /// G18.1.4 The group has marched by the flank this move (its extra MP is paid).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub flanked: bool,
}

impl MoveDisorder {
    /// Nothing gathered (the Soldiers Game's moves).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == MoveDisorder::default()
    }
}

/// A stack retreating (9.2), one hex per decision.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Retreat {
    /// The retreating units, top first.
    pub units: Vec<UnitId>,
    /// 9.2.1 The starting hex: each hex entered should be farther from it.
    pub origin: Cell,
    /// Where the stack is now.
    pub at: Cell,
    /// Hexes still required.
    pub left: u8,
    /// Hexes entered so far.
    pub visited: Vec<Cell>,
    /// 9.2.1 Levels to worsen after the retreat for entering unoccupied EZOC.
    pub worsen: u8,
    /// 9.2.1 Friendly hexes passed through by a Broken or Routed stack (their MCs follow).
    pub passed: Vec<Cell>,
    /// 9.2.1 Forced into terrain its formation may not enter: Broken when the retreat ends.
    pub to_broken: bool,
    /// 9.2.1 The leaders retreating with the stack (RULING: they go with their troops).
    pub leaders: Vec<LeaderId>,
}

/// 12.1 A fire attack rolled and waiting to be applied with the others on its hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PendingFire {
    /// The target hex.
    pub target: Cell,
    /// The firing stack's hex.
    pub from: Cell,
    /// The result.
    pub result: crate::data::FireResult,
    /// The roll (95-99: a leader casualty, 12.3.1).
    pub roll: u8,
}

/// A declared fire attack waiting for its dice (12.3).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FireRoll {
    /// The firing stack's hex.
    pub from: Cell,
    /// The target hex.
    pub target: Cell,
    /// The final Fire Chart column.
    pub column: u8,
    /// Apply it at once to these units in this way (reaction and defensive fire); `None`:
    /// collect it with the others on its hex.
    pub apply: Option<(FireKind, Vec<UnitId>)>,
    /// G19.1 The round the batteries fire (Brigade Game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<crate::artillery::Round>,
}

/// How a morale check caused by fire worsens its stack (8.1, 12.3.1, 13.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FireKind {
    /// 12.3.1 Fire and NP Artillery Segments: one level per failed check, Broken at worst.
    Segment,
    /// 14.2 Reaction fire: one level per failed check.
    Reaction,
    /// 13.4 Offensive and Defensive Fire: two levels per failed check (one in a Post), with the
    /// Offensive/Defensive Fire DRM.
    Close,
}

/// 12.3.1 Applying the fire results against one hex: losses first, then every check rolled,
/// then the morale worsened once.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FireApply {
    /// The target hex.
    pub target: Cell,
    /// The affected units (all in the hex, or the moving group for reaction fire).
    pub units: Vec<UnitId>,
    /// How failures worsen morale.
    pub kind: FireKind,
    /// The results to apply (consumed from `State::fire_results`).
    pub results: Vec<PendingFire>,
    /// Losses have been taken.
    pub losses_done: bool,
    /// Leader casualties still to pick (one per high roll).
    pub leader_hits: u8,
    /// DRMs of the morale checks still to roll (of the results with M).
    pub checks: Vec<i8>,
    /// Failed checks so far.
    pub fails: u8,
}

/// What a check against a Morale Value is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckKind {
    /// 10.1 Infantry without an Assault marker entering an EZOC.
    EnterEzoc,
    /// 8.2 A Rally Check.
    Rally,
    /// 9.2.1 Stationary units a Broken or Routed stack retreated through.
    PassedThrough,
    /// 14.3 Forming Square as a reaction.
    Square,
    /// 14.4.2 A Reaction Charge Check against the moving stack's hex.
    ReactionCharge,
    /// B9.4 A Disorder Check at the end of a move.
    Disorder,
    /// B13.2.7 A Recall Check of charging cavalry (during its Charge Movement, or before its
    /// Pursuit).
    Recall,
    /// B13.2.10 The Morale Check of cavalry about to make a Follow-On Charge.
    FollowOnCharge,
    /// B7.7.2 A battalion en Débandade changing formation makes a Recall Skirmishers Check.
    RecallSkirmishers,
    /// B7.7.3 A battalion en Débandade must pass a Command Check to be In Command.
    Command,
    /// 16.3 The Morale Check of units in a hex on fire, in the Fire Fighting Phase (Brigade
    /// Game).
    Fire,
}

/// 8.1 A check against the Morale Value of a stack's top unit, waiting for its dice.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Check {
    /// What for.
    pub kind: CheckKind,
    /// The checking stack's hex.
    pub cell: Cell,
    /// The checking units, top first.
    pub units: Vec<UnitId>,
    /// The DRM particular to this check (the stack's own modifiers are added when rolled).
    pub drm: i8,
    /// The hex concerned (the hex to enter, the hex to charge).
    pub target: Option<Cell>,
    /// B9.4 The modifiers gathered before the roll (a Disorder Check's, summed over the move).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modifiers: Vec<Modifier>,
    /// B7.7.2 The formation a Recall Skirmishers Check is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub form: Option<Formation>,
    /// B7.7.3 A Command Check in a Reserve Command Status Phase.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reserve: bool,
    /// G21.1 What a Reaction Formation Change's check is for, when it is not a Square.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub change: Option<crate::action::ReactChange>,
}

/// A step of the moving group in progress (9.1, 10, 14): each stage may wait for reactions or
/// a check pushed above it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct StepProc {
    /// The hex being left.
    pub from: Cell,
    /// The hex being entered.
    pub to: Cell,
    /// Where in the step.
    pub stage: StepStage,
    /// 14.1 Friendly units were in the hex entered (no reaction to the entry).
    pub joins: bool,
    /// 14.1 Friendly units stay in the hex left (no reaction to the leaving).
    pub leaves_friends: bool,
}

/// Stages of a [`StepProc`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepStage {
    /// 14.2.3 / 14.4.1 Reactions before the group leaves its hex.
    Leave,
    /// 10.1 The check to enter an EZOC.
    Check,
    /// 14.2.3 Reaction fire before the group completes its entry.
    PreFire,
    /// The group enters.
    Enter,
    /// 14.3.1 / 14.4.1 Reactions after it entered.
    After,
}

/// A formation change of the moving group in an enemy zone, waiting for reactions (14.2.3:
/// fired on in its old formation; 14.4.1: charged before it changes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FormProc {
    /// The new formation.
    pub to: Formation,
    /// Its MP cost.
    pub cost: u8,
    /// Reactions have been offered.
    pub offered: bool,
    /// G18.2, G18.4 The column kind it takes (into Column), or keeps (into a Closed Square).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<crate::data::ColumnKind>,
    /// G18.3 The facing a Quarter-Wheel ends in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<Facing>,
}

/// 14.1 What triggered a reaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// The moving group is about to leave this hex.
    Leave {
        /// The hex left.
        from: Cell,
    },
    /// The moving group is about to enter `to` from `from`.
    Enter {
        /// The hex left.
        from: Cell,
        /// The hex entered.
        to: Cell,
    },
    /// The moving group has entered this hex.
    Entered {
        /// The hex entered.
        at: Cell,
    },
    /// The moving group is about to change formation here.
    Form {
        /// Its hex.
        at: Cell,
    },
}

/// 14.1 The three types of reaction, in the order they are resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReactKind {
    /// 14.2 Reaction Fire.
    Fire,
    /// 14.3 Reaction Formation Change (Square).
    Square,
    /// 14.4 Reaction Charge.
    Charge,
    /// G21.2 Reaction Move (Brigade Game): resolved after the Reaction Formation Change and
    /// before the Reaction Charge (14.1; the lists of `reaction` set the order, not this one).
    Move,
}

/// 14 The reacting player may react to one triggering event.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Window {
    /// The reacting side.
    pub side: Side,
    /// The event.
    pub trigger: Trigger,
    /// The type of reaction being offered.
    pub kind: ReactKind,
    /// 14.1 Hexes of stacks that have reacted to this event (one reaction per event).
    pub done: Vec<Cell>,
    /// The stack whose move triggered the event, when it is not the moving group of a
    /// Movement Phase (a Charge Movement, a Pursuit, a Retreat Before Combat; Battalion
    /// Game).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub movers: Vec<UnitId>,
    /// What kind of move triggered it.
    #[serde(default, skip_serializing_if = "MoveSource::is_move")]
    pub source: MoveSource,
    /// 14.1, B13.4.7 Units that may not react to it (the stack the movers react to, the
    /// attackers a Retreat Before Combat falls back from).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub barred: Vec<UnitId>,
}

/// What kind of move triggered a reaction (Battalion Game; the Soldiers Game knows only the
/// Movement Phases' moves).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveSource {
    /// 9.1 A move of the Movement or Reserve Movement Phase.
    #[default]
    Move,
    /// B13.2.5 A Charge Movement (a Follow-On Charge's included).
    Charge,
    /// B13.2.9 A Pursuit.
    Pursuit,
    /// B14.4.5 A Reaction Charge Movement: only Reaction Fire answers it.
    ReactionCharge,
    /// B13.4.7 A Retreat Before Combat: answered once it ends (ruling 94).
    RetreatBefore,
    /// G21.2.3 A Reaction Move (Brigade Game): answered as it leaves its hex and once it ends
    /// (ge-rulings 172).
    ReactionMove,
    /// G20.1.2 The Charge Movement of a Wave Charge's second or later wave: only a Reaction
    /// Charge answers it.
    LaterWave,
}

impl MoveSource {
    /// The Movement Phases' moves (the default, left out of a state's JSON).
    #[must_use]
    #[allow(clippy::trivially_copy_pass_by_ref)]
    pub fn is_move(&self) -> bool {
        *self == MoveSource::Move
    }
}

/// 13 The kind of a close combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CombatKind {
    /// 13.1 Infantry Assault.
    Assault,
    /// 13.2 Cavalry Charge.
    Charge,
    /// 14.4 Reaction Charge.
    ReactionCharge,
}

/// Where a close combat stands (13.1.3, 13.2.3, 14.4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CombatStep {
    /// 13.3 Empty Target Hex.
    Empty,
    /// 13.3 After the Empty Target Hex effects: who is left?
    AfterEmpty,
    /// B13.4 The defenders may (or must) Retreat Before Combat.
    RetreatBefore,
    /// B13.1.5 An SeD battalion that failed its Defender Morale Check must Retreat Before
    /// Assault.
    RetreatAfterMc,
    /// 13.1.4 The MC of the attacking stack at this index.
    AttackerMc(u8),
    /// 13.1.5 / 13.2.4 The defender's MC.
    DefenderMc,
    /// 13.1.3 Alterations: skirmishers removed, obstacles disorder.
    Alterations,
    /// 13.4 The defender chooses the stack for its Defensive Fire.
    DefensiveFire,
    /// 13.4 Waiting for the Defensive Fire to be applied.
    DefensiveApplied,
    /// 13.4 Offensive Fire.
    OffensiveFire,
    /// 13.4 The Offensive Fire results are applied together.
    OffensiveApply,
    /// After the Offensive Fire: hand to hand, or the end.
    OffensiveApplied,
    /// 13.2.3 Terrain.
    Terrain,
    /// 13.5 The attacker's die.
    ColdSteelAttacker,
    /// 13.5 The defender's die.
    ColdSteelDefender,
    /// After Cold Steel: who is left?
    AfterColdSteel,
    /// 13.6 Advance After Combat.
    Advance,
    /// B13.1.7 The assaulters who advanced may declare a Follow-On Assault.
    FollowOn,
    /// 13.2.5 Regroup of the attacking cavalry.
    RegroupAttacker,
    /// 13.2.5 Regroup of the defending cavalry.
    RegroupDefender,
    /// B13.2.9 The charging cavalry that advanced may try to Recall before it pursues.
    Pursuit,
    /// B13.2.9 The pursuit, one hex at a time along the path of the retreat.
    Pursuing,
    /// B13.2.10 The charging cavalry that advanced into Open ground may try a Follow-On Charge.
    FollowOnCharge,
    /// B13.2.10 Its Morale Check passed, it declares the target of its Follow-On Charge.
    FollowOnTarget,
    /// 13.2.6 Spent markers, and the end.
    Finish,
}

/// B13.2.9 A stack that retreated from the target hex of a Charge, and the path it took.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Flight {
    /// The retreating units, top first.
    pub units: Vec<UnitId>,
    /// The hexes of its retreat, from the target hex on.
    pub path: Vec<Cell>,
}

/// B13.2.9 The charging cavalry pursuing a stack that retreated from its target.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pursuit {
    /// The pursuing units, top first.
    pub units: Vec<UnitId>,
    /// The pursued units.
    pub pursued: Vec<UnitId>,
    /// The path of their retreat, from the target hex on.
    pub path: Vec<Cell>,
    /// B13.2.9 Hexes of the path the pursuers have entered.
    pub hexes: u8,
    /// The hex being entered and how far the step has gone (its reactions, B14).
    #[serde(default)]
    pub step: Option<(Cell, StepStage)>,
    /// B13.2.9 A Reaction Charge against the pursuers has ended the pursuit.
    #[serde(default)]
    pub halted: bool,
}

/// An attacking stack of a close combat.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Attacker {
    /// Its hex.
    pub cell: Cell,
    /// Its units, top first.
    pub units: Vec<UnitId>,
    /// 13.1.4 Passed its MC: Well Directed Fire.
    pub wdf: bool,
}

/// A close combat being resolved.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Combat {
    /// Which kind.
    pub kind: CombatKind,
    /// The target hex.
    pub target: Cell,
    /// The attacking stacks.
    pub attackers: Vec<Attacker>,
    /// The defending units, top first.
    pub defenders: Vec<UnitId>,
    /// The defender passed its MC: Well Directed Fire.
    pub def_wdf: bool,
    /// Where in the procedure.
    pub step: CombatStep,
    /// 13.5 The attacker's die, once rolled.
    pub attacker_die: Option<u8>,
    /// 7.8.2 Stacks already chosen for the defender's fire (a Square fires at two).
    pub fired_at: Vec<Cell>,
    /// Cavalry units that took part (13.2.6 Spent).
    pub cavalry: Vec<UnitId>,
    /// Defending cavalry that may regroup.
    pub def_regroup: Vec<UnitId>,
    /// Hexes of regroup movement left for the stack regrouping now.
    pub regroup_left: u8,
    /// The defenders have been driven out (advance after combat is due).
    pub defender_gone: bool,
    /// Units that advanced after combat.
    pub advanced: Vec<UnitId>,
    /// The attackers' hexes at the start, to tell who was forced to retreat (13.2.5).
    pub origins: Vec<(UnitId, Cell)>,
    /// The attacking side.
    pub side: Side,
    /// B13.1.7 The target was emptied before the fight (Empty Target Hex, Retreat Before
    /// Combat): the assaulters who advance may make a Follow-On Assault.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub follow_on: bool,
    /// B13.6.2 The Open hexes the charging cavalry entered in its Charge Movement.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub charge_distance: u8,
    /// B13.2.10 The Charge Zone of the charging cavalry as it stood at the start of the Charge
    /// Phase (sorted; Battalion Game).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub zone: Vec<Cell>,
    /// B13.2.9 The stacks that retreated from the target hex, with their paths.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fled: Vec<Flight>,
    /// B13.2.9 The pursuit under way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pursuit: Option<Pursuit>,
    /// B13.2.7 The charging cavalry passed its Recall Check before its Pursuit.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub recalled: bool,
    /// B14.4.3, B13.6.2 A Counter-Charge: the Open hexes the defending cavalry had entered
    /// in the Charge Movement it was making.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub def_charge_distance: u8,
    /// G19.5.3 The voluntary moves made after the combat (the Pursuit, each side's Regroup):
    /// the units and their path, starting hex first, for the Bombardment Attacks made when
    /// the combat is over.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bz_moves: Vec<(Vec<UnitId>, Vec<Cell>)>,
}

/// A leader roll (5.2.2 capture, or a random choice of casualty).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LeaderRoll {
    /// 5.2.2 A d10 for each of these leaders: 8 or 9 captures him.
    Capture(Vec<LeaderId>),
    /// 12.3.1 / 13.5.1 A casualty chosen at random among these leaders.
    Casualty(Vec<LeaderId>),
}

/// What an orders roll is for (B5.4.1, B5.4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OrdersRollKind {
    /// B5.4.1 Orders Initiative: the leader gets the order on a die below his LIM.
    Initiative,
    /// B5.4.2 A Corps Leader Orders Check: complete at or below his LIM, partial up to LIM+2,
    /// minimal above.
    CorpsCheck,
}

/// B5.4.1 / B5.4.2 A leader's orders roll, waiting for its d10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OrdersRoll {
    /// The leader rolling.
    pub leader: LeaderId,
    /// The order at stake.
    pub kind: OrderKind,
    /// His LIM for this roll (with the Overall Commander's lent, B5.4.3).
    pub lim: i8,
    /// The Overall Commander lent his LIM.
    pub lent: bool,
    /// What the roll is for.
    pub roll: OrdersRollKind,
}

/// B5.4.2 A corps leader short of a complete success passes his order to subordinate leaders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OrdersPass {
    /// The corps leader.
    pub leader: LeaderId,
    /// His order.
    pub kind: OrderKind,
    /// Subordinates he may still pass it to.
    pub left: u8,
}

/// A procedure that interrupts the current phase; the top of [`State::pending`] runs first.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Frame {
    /// 9.2 A retreat, one hex per decision.
    Retreat(Retreat),
    /// 8.1 A check against a Morale Value.
    Check(Check),
    /// 12.3 A fire attack's dice.
    FireRoll(FireRoll),
    /// 12.3.1 Fire results applied to a hex.
    FireApply(FireApply),
    /// A step of the moving group.
    Step(StepProc),
    /// A formation change of the moving group.
    Form(FormProc),
    /// 14 A reaction window.
    React(Window),
    /// 13 A close combat.
    Combat(Box<Combat>),
    /// 5.2.2 / 12.3.1 Leader rolls.
    Leader(LeaderRoll),
    /// 8.2 / 13.6 The owner chooses the facing of these units (a free change).
    Face {
        /// The units.
        units: Vec<UnitId>,
        /// Only hexside facings (Column).
        hexside: bool,
    },
    /// B5.4.1 / B5.4.2 An orders roll.
    OrdersRoll(OrdersRoll),
    /// B5.4.2 An order being passed down.
    OrdersPass(OrdersPass),
    /// B13.2.5 A Charge Movement.
    ChargeMove(ChargeMove),
    /// B7.9.3 The resupply d10 of each of these batteries, in turn.
    Resupply(Vec<UnitId>),
    /// G22.1 The Fatigue Check dice still to roll, one per brigade leader.
    Fatigue(Vec<LeaderId>),
    /// G21.2 A Reaction Move under way (Brigade Game).
    ReactMove(ReactMove),
    /// G20.1 A Wave Charge being declared or under way (Brigade Game).
    Waves(WaveCharge),
    /// G19.7.2 A Howitzer Attack's hit roll, then (on a miss) its scatter roll.
    Howitzer(Howitzer),
    /// G19.6 A Rolling Shot's Line of Fire still to strike.
    Rolling(Rolling),
    /// G17.3.1 The Evolution Check d10 of this brigade leader's GTF after an evolution of this
    /// class (Brigade Game).
    Evolution(LeaderId, crate::gtf::EvolutionClass),
    /// G17.1.2 The Directing Unit of this brigade leader is about to move (or, after a
    /// Retreat Before Combat, has moved) in a Charge, a Reaction Charge, a retreat or a
    /// pursuit: his owner may pick him up and put him with another unit of his (Brigade Game).
    PickUp {
        /// The brigade leader.
        leader: LeaderId,
        /// His Directing Unit as it began to move.
        du: UnitId,
    },
}

/// G20.1 A Wave Charge: up to four cavalry counters charging one target, one after the other.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WaveCharge {
    /// The one target hex of every wave.
    pub target: Cell,
    /// The waves, one counter each, in the order they charge.
    pub units: Vec<UnitId>,
    /// The waves are all declared and the charges have begun.
    pub launched: bool,
    /// How many waves have begun their Charge Movement.
    pub next: u8,
}

/// G21.2 A Reaction Move: the reacting stack goes from `from` to `to` once the reactions to its
/// leaving are over (Brigade Game).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ReactMove {
    /// The moving units, top first.
    pub units: Vec<UnitId>,
    /// Its hex.
    pub from: Cell,
    /// Where it goes.
    pub to: Cell,
    /// 14.1 The stack it answers: those units may not react to it.
    pub barred: Vec<UnitId>,
    /// The reactions to its leaving have been offered.
    pub offered: bool,
    /// It has arrived.
    pub moved: bool,
}

/// G19.6 A Rolling Shot in progress (Brigade Game).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rolling {
    /// The firing stack's hex.
    pub from: Cell,
    /// The points of the Line of Fire still to strike, nearest first.
    pub points: Vec<crate::artillery::LofPoint>,
}

/// G19.7.2 A declared Howitzer Attack waiting for its dice (Brigade Game).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Howitzer {
    /// The firing stack's hex.
    pub from: Cell,
    /// The hex aimed at.
    pub target: Cell,
    /// The Howitzer Attacks Hit Chart DRM.
    pub drm: i8,
    /// The hit roll, once made (the scatter roll comes next).
    pub missed: Option<u8>,
}

/// B13.2.5 A charging stack's Charge Movement in the Charge Phase (Battalion Game).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChargeMove {
    /// The charging units, top first.
    pub units: Vec<UnitId>,
    /// Where its Charge marker was placed.
    pub origin: Cell,
    /// Where it is.
    pub at: Cell,
    /// Hexes moved.
    pub hexes: u8,
    /// B13.6.2 Open hexes entered: the charge-distance bonus.
    pub open: u8,
    /// B13.2.4 Its Charge Zone, fixed when the movement began (sorted).
    pub zone: Vec<Cell>,
    /// What kind of Charge Movement it is.
    #[serde(default)]
    pub kind: ChargeKind,
    /// B13.2.10, B14.4.5 The target declared before the movement (a Follow-On Charge's, a
    /// Reaction Charge's): the only hex it may charge.
    #[serde(default)]
    pub target: Option<Cell>,
    /// B13.2.7 The potential targets in the zone as the charging cavalry last saw them (their
    /// hex and formation): one that has left its hex or formed Square since allows a Recall
    /// Check.
    #[serde(default)]
    pub watch: Vec<(UnitId, Cell, Formation)>,
    /// B13.2.7 It passed a Recall Check: it may end the Charge where it stands.
    #[serde(default)]
    pub recalled: bool,
    /// The hex being entered and how far the step has gone (its reactions, B14).
    #[serde(default)]
    pub step: Option<(Cell, StepStage)>,
    /// B14.4.3 A Counter-Charge has aborted this Charge.
    #[serde(default)]
    pub halted: bool,
    /// B14.1 The units a Reaction Charge Movement answers: they may not react to it.
    #[serde(default)]
    pub barred: Vec<UnitId>,
}

impl ChargeMove {
    /// B13.2.5 A Charge Movement of `kind` by `units` about to leave `origin`, with its Charge
    /// Zone `zone`: no hex moved yet, no target declared, nothing watched or barred.
    #[must_use]
    pub fn new(kind: ChargeKind, units: Vec<UnitId>, origin: Cell, zone: Vec<Cell>) -> Self {
        ChargeMove {
            units,
            origin,
            at: origin,
            hexes: 0,
            open: 0,
            zone,
            kind,
            target: None,
            watch: Vec::new(),
            recalled: false,
            step: None,
            halted: false,
            barred: Vec::new(),
        }
    }
}

/// The kinds of Charge Movement (Battalion Game).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChargeKind {
    /// B13.2.5 A Charge from a Charge marker: the target is declared on contact.
    #[default]
    Charge,
    /// B13.2.10 A Follow-On Charge on a declared target.
    FollowOn,
    /// B14.4.5 A Reaction Charge Movement to the hex of the stack that triggered it.
    Reaction,
    /// G20.1.1 One wave of a Wave Charge, on the target declared for all its waves.
    Wave,
}

/// B13.2.7 A stack's Charge marker with the potential targets in its zone when it was placed
/// (their hex and formation), for the Recall Check before Charge Movement.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChargeWatch {
    /// The hex of the marker.
    pub at: Cell,
    /// The potential targets' units, hexes and formations.
    pub units: Vec<(UnitId, Cell, Formation)>,
}

/// The phases and segments of a Game Turn (4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// 5.1 Initiative Phase: each side's die.
    Initiative,
    /// 5.1.2 The Random Event Chart roll.
    RandomEvent,
    /// 5.1 The winner chooses who goes first.
    ChooseFirst,
    /// 5.3.3 Command Attachment Phase (the side in `State::acting`).
    Attachment,
    /// 5.4 Orders Phase (the side in `State::acting`).
    Orders,
    /// B5.4.1 Orders Initiative Phase (the side in `State::acting`).
    OrdersInitiative,
    /// 8.2 Rally Phase: the stacks in `State::queue` check in turn.
    Rally,
    /// B7.9.3 Artillery Resupply Phase (Battalion Game).
    ArtillerySupply,
    /// G22.3 Fatigue Recovery Phase (Brigade Game): the phasing brigades entering Recovery.
    FatigueRecovery,
    /// 4.2.2 Fire Segment (phasing).
    Fire,
    /// 4.2.3 Non-Phasing Artillery Segment.
    NpFire,
    /// B4.2.4 Attack Orders Phase: the phasing corps leaders' Orders Checks (B5.4.2).
    AttackOrders,
    /// 4.2.4 Movement Phase (phasing).
    Movement,
    /// B4.2.5 Reserve Orders Phase: the non-phasing corps leaders' Orders Checks (B5.4.2).
    ReserveOrders,
    /// 4.2.5 Reserve Movement Phase (non-phasing).
    ReserveMovement,
    /// 4.2.6 Charge Phase.
    Charges,
    /// 4.2.6 Assault Phase.
    Assaults,
    /// G22.1 Fatigue Check Phase (Brigade Game): the dice of the phasing brigades marked.
    FatigueCheck,
    /// 16.3 Fire Fighting Phase (Brigade Game): the Morale Checks of units in burning hexes,
    /// then a d10 for each hex in `State::queue`.
    FireFighting,
    /// 4.3 Leader Replacement Phase: the leader in `State::queue_leaders` is placed.
    LeaderReplacement,
    /// The game is over.
    Over,
}

/// 16.3 Fires in progress (Brigade Game): what a fire's start or spread still owes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Blaze {
    /// G19.7.3 Hexes set on fire in this fire segment: their units worsen a level with the
    /// segment's other results on the hex.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kindled: Vec<Cell>,
    /// 16.3 A fire spreading in the Fire Fighting Phase: its hex and the BUA hexes it may
    /// spread to, one to be picked at random.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spreading: Option<(Cell, Vec<Cell>)>,
}

impl Blaze {
    /// Nothing owed.
    #[must_use]
    pub fn is_idle(&self) -> bool {
        self.kindled.is_empty() && self.spreading.is_none()
    }
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ending {
    /// The winner, `None` for a draw.
    pub winner: Option<Side>,
    /// `decisive`, `marginal` or `draw`.
    pub kind: String,
    /// Victory points, side A first.
    pub points: [i32; 2],
}

/// G19.2 A Train counter's state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TrainState {
    /// Where it is, `None` off the map.
    pub cell: Option<Cell>,
    /// It has moved this Movement Phase.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub moved: bool,
    /// Why it is off the map.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gone: Option<TrainGone>,
}

/// G19.2 Why a Train is off the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrainGone {
    /// It left the map of its own accord (not eliminated for victory).
    Left,
    /// Enemy combat units came next to it.
    Plundered,
}

/// G19.3 A Caisson on the map.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Caisson {
    /// The battery that created it (G19.3.1: one each).
    pub battery: UnitId,
    /// Where it is.
    pub cell: Cell,
    /// Its Full side is up.
    pub full: bool,
    /// It has moved this Movement Phase.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub moved: bool,
}

/// G23.2.1 A Dummy Stack: markers its owner moves about to look like a real obscured stack
/// (Limited Intelligence). Only its owner (and the referee) know it for what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Dummy {
    /// The brigade leader whose Obscured Brigade its Dummy Brigade imitates (his side owns it).
    pub leader: LeaderId,
    /// Where it is.
    pub cell: Cell,
    /// The counters it shows under its Obscured Marker.
    pub counters: u8,
    /// It has moved this Movement Phase, or was made in it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub moved: bool,
}

/// The whole changing state of a game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    /// Game Turn, from 1.
    pub turn: u8,
    /// The phasing player.
    pub phasing: Side,
    /// The side who took the first Player Turn this Game Turn.
    pub first: Side,
    /// Whether the current Player Turn is the second of the Game Turn.
    pub second: bool,
    /// The current phase.
    pub stage: Stage,
    /// The side acting in the Command Segment's phases.
    pub acting: Side,
    /// 5.1 The initiative winner (once known).
    pub initiative: Option<Side>,
    /// 5.1.2 The event rolled this turn, by index.
    pub event: Option<u8>,
    /// Interrupting procedures, innermost last.
    pub pending: Vec<Frame>,
    /// Combat units, by [`UnitId`].
    pub troops: Vec<Troop>,
    /// Leaders, by [`LeaderId`].
    pub leaders: Vec<Leader>,
    /// The two sides' Command Segment.
    pub sides: BySide<SideState>,
    /// Garrisons, by index.
    pub garrisons: Vec<GarrisonState>,
    /// 15.2 Posts fortified, by index.
    pub fortified: Vec<bool>,
    /// The moving group.
    pub moving: Option<Moving>,
    /// 12.1 Fire results rolled and not yet applied.
    pub fire_results: Vec<PendingFire>,
    /// G19.7.3 Hexes with a Fire Marker (Brigade Game), sorted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fires: Vec<Cell>,
    /// G19.2 The Trains, by train index (Brigade Game).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trains: Vec<TrainState>,
    /// G19.3 The Caissons on the map (Brigade Game, optional), in the order they were made.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub caissons: Vec<Caisson>,
    /// G23.2 The Dummy Stacks on the map (Limited Intelligence), in the order they were made.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dummies: Vec<Dummy>,
    /// G19.5 Bombardment Zones (Brigade Game).
    #[serde(default, skip_serializing_if = "crate::bombard::Bombardment::is_idle")]
    pub bombard: crate::bombard::Bombardment,
    /// 16.3 Fires being started or spreading (Brigade Game).
    #[serde(default, skip_serializing_if = "Blaze::is_idle")]
    pub blaze: Blaze,
    /// Stacks (their hexes) still to check in the Rally Phase, or to retreat at the start of the
    /// Movement Phase; targets still to resolve in the Close Combat Segment.
    pub queue: Vec<Cell>,
    /// 9.3 Reinforcements entered through each hex this turn.
    pub entered: Vec<(Cell, u8)>,
    /// 13.2.1 Hexes charged this Charge Phase.
    pub charged: Vec<Cell>,
    /// B13.2.7 The potential targets each Charge marker saw when it was placed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub charge_watch: Vec<ChargeWatch>,
    /// B14.4.2 Reaction Charge attempts this phase: (the reacting unit, the moving stack's
    /// lowest unit id).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reaction_charges: Vec<(UnitId, UnitId)>,
    /// 13.1.2 The first stack (its top unit) to declare an Assault on each target.
    pub first_assault: Vec<(Cell, UnitId)>,
    /// 6.2 The next stacking positions: (top, bottom).
    pub next_pos: (u32, u32),
    /// Objectives' holders, by index.
    pub holders: Vec<Option<Side>>,
    /// Victory points scored by each side so far.
    pub vp: BySide<i32>,
    /// 5.2.3 Leaders to place in this Leader Replacement Phase.
    pub returning: Vec<LeaderId>,
    /// The current stage has been ended: once the pending procedures are done, the next
    /// stage begins.
    pub closing: bool,
    /// How the game ended.
    pub ending: Option<Ending>,
}

impl State {
    /// A combat unit.
    #[must_use]
    pub fn troop(&self, u: UnitId) -> &Troop {
        &self.troops[u.ix()]
    }

    /// A combat unit, mutably.
    pub fn troop_mut(&mut self, u: UnitId) -> &mut Troop {
        &mut self.troops[u.ix()]
    }

    /// A leader.
    #[must_use]
    pub fn leader(&self, l: LeaderId) -> &Leader {
        &self.leaders[l.ix()]
    }

    /// A position on top of any stack (6.2).
    pub fn top_pos(&mut self) -> u32 {
        self.next_pos.0 -= 1;
        self.next_pos.0
    }

    /// A position at the bottom of any stack.
    pub fn bottom_pos(&mut self) -> u32 {
        self.next_pos.1 += 1;
        self.next_pos.1
    }

    /// The combat units in a hex, top first.
    #[must_use]
    pub fn stack(&self, c: Cell) -> Vec<UnitId> {
        let mut v: Vec<UnitId> = self
            .troops
            .iter()
            .enumerate()
            .filter(|(_, t)| t.cell == Some(c))
            .map(|(i, _)| UnitId(i as u8))
            .collect();
        if v.len() > 1 {
            v.sort_unstable_by_key(|u| (self.troops[u.ix()].pos, u.0));
        }
        v
    }

    /// The combat units in a hex in no particular order, without building a list (for the
    /// tests that look for one unit of a kind; [`Self::stack`] gives the order).
    pub fn units_in(&self, c: Cell) -> impl Iterator<Item = UnitId> + '_ {
        self.troops
            .iter()
            .enumerate()
            .filter(move |(_, t)| t.cell == Some(c))
            .map(|(i, _)| UnitId(i as u8))
    }

    /// The top combat unit in a hex.
    #[must_use]
    pub fn top(&self, c: Cell) -> Option<UnitId> {
        self.troops
            .iter()
            .enumerate()
            .filter(|(_, t)| t.cell == Some(c))
            .min_by_key(|(_, t)| t.pos)
            .map(|(i, _)| UnitId(i as u8))
    }

    /// The leaders on the map in a hex.
    #[must_use]
    pub fn leaders_at(&self, c: Cell) -> Vec<LeaderId> {
        self.leaders
            .iter()
            .enumerate()
            .filter(|(_, l)| l.cell == Some(c) && l.status == LeaderStatus::OnMap)
            .map(|(i, _)| LeaderId(i as u8))
            .collect()
    }
}
