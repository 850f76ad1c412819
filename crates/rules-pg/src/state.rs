//! The changing part of a Prussia's Glory game: plain data, cheap to clone.

use crate::data::{Cell, Counter, CrtCell, GroupId, LeaderId, SideResult, UnitId, WingId};
use coupdoeil_engine::{BySide, Side};
use serde::{Deserialize, Serialize};

/// 9.0 A Unit's Morale State.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Morale {
    /// Formed.
    Formed,
    /// 9.1 Half MA, penalties; retreated one hex when it happened.
    Disordered,
    /// 9.2 No ZOC, must rout-move, cannot attack.
    Routed,
}

/// Why a Unit left the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Gone {
    /// Not yet on the map (a reinforcement), or not in this scenario.
    Absent,
    /// Its last step was lost (10.8.1.1).
    Destroyed,
    /// Captured (10.8.3.5, 10.9, artillery capture).
    Captured,
    /// A Routed Unit that left the map (7.1).
    Fled,
}

/// One Unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Troop {
    /// Where it stands (`None` off the map).
    pub cell: Option<Cell>,
    /// 5.4 Its place in the stack: smaller is higher.
    pub pos: u32,
    /// Steps left.
    pub steps: u8,
    /// Morale State.
    pub morale: Morale,
    /// Off the map, and why.
    pub gone: Option<Gone>,
    /// 7.6 In Column.
    pub in_column: bool,
    /// 7.6 Artillery put In Column with this wing this turn (at most 3 per wing).
    pub column_wing: Option<WingId>,
    /// Moved this Movement Phase (for artillery: the Artillery Moved marker, 7.3).
    pub moved: bool,
    /// 6.3 Moved up its stack this Movement Phase.
    pub raised: bool,
    /// 10 Took part in a Close Combat this Turn.
    pub fought: bool,
    /// 8 Fired this Turn (artillery).
    pub fired: bool,
    /// 4.2.2 Out of Command this Player Turn.
    pub ooc: bool,
    /// 4.2 Its Command State is Degraded this Player Turn.
    pub degraded: bool,
}

/// One Leader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Leader {
    /// Where he stands (`None`: a casualty waiting for his successor, or not yet arrived).
    pub cell: Option<Cell>,
    /// 7.6 In Column (Army Commanders; a Wing Leader follows his wing).
    pub in_column: bool,
    /// Moved this Movement Phase.
    pub moved: bool,
    /// RULING (15.2): a casualty's successor has no Initiative, Special ability or Morale
    /// Modifier.
    pub successor: bool,
    /// Not in play (not in this scenario, or arriving later).
    pub absent: bool,
}

/// A Wing's changing state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WingState {
    /// 7.6 In Column.
    pub in_column: bool,
    /// 7.6.3 Its one Forced Deployment attempt this Turn has been made (or declined).
    pub forced_tried: bool,
    /// 7.6.3 Caught In Column: may not deploy this Player Turn.
    pub caught: bool,
    /// 4.2 Its Command State is Degraded this Player Turn.
    pub degraded: bool,
    /// 4.2.1 A Special Leader restored it this turn.
    pub restored: bool,
    /// 7.6 It went In Column this Movement Phase (artillery may join it).
    pub went_column: bool,
}

/// A Detachment's state (4.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DetState {
    /// Activated on its own.
    pub active: bool,
    /// 4.3.2 Its one CdOA attempt is spent.
    pub cdoa_used: bool,
    /// 4.3.1 Dissolved into the Basic Groups when the army activated.
    pub dissolved: bool,
}

/// An army's changing state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ArmyState {
    /// 4.1 Activated.
    pub active: bool,
    /// 4.1.2 Activated at no cost at the start of its next Player Turn.
    pub auto_pending: bool,
    /// 4.1.1 Normal Activation attempts made.
    pub attempts: u8,
    /// 4.1.1 Attempted this turn.
    pub attempted_this_turn: bool,
    /// 4.1.3 Its one CdOA attempt is spent.
    pub cdoa_used: bool,
    /// 12 Current Army Morale.
    pub am: i16,
    /// 12.3 Demoralized.
    pub demoralized: bool,
    /// 12.4 Broken.
    pub broken: bool,
    /// Victory points earned.
    pub vp: i16,
    /// Victory points the enemy earned from this army this Turn (12: its AM loss at 13).
    pub conceded: i16,
    /// Combat Success markers earned this Turn (10.11, counted against the enemy at 13).
    pub cs: u8,
}

/// A counter being moved (7.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Moving {
    /// Which.
    pub counter: Counter,
    /// MP left.
    pub mp: u8,
    /// Hexes entered so far.
    pub hexes: u8,
    /// Must stop where it is (entered an EZOC, captured artillery, used the one-hex minimum).
    pub stop: bool,
}

/// A declared bombardment (8).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bombard {
    /// Target hex.
    pub target: Cell,
    /// Firing artillery.
    pub guns: Vec<UnitId>,
    /// Offensive (4) or Defensive (6).
    pub offensive: bool,
}

/// Which follow-up a Close Combat is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CombatKind {
    /// Declared in the Close Combat Phase.
    Normal,
    /// 10 step 10: a Momentum Attack.
    Momentum,
    /// 10 step 12: a Sweeping Cavalry Charge.
    Sweep,
}

/// Where a Close Combat stands in its sequence (10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CombatStep {
    /// 10.2 The defender may withdraw Fast Units from the defending hex at this index.
    Withdraw(u8),
    /// 10.4 The attacker chooses a Lead Unit.
    AttackerLead,
    /// 10.4 The defender chooses a Lead Unit.
    DefenderLead,
    /// 10.6 The die.
    Die,
    /// 10.7 Leader Loss Checks: the first die of the leader at this index.
    LeaderFirst(u8),
    /// 10.7 The second die of the leader at this index.
    LeaderSecond(u8),
    /// 10.8 Results: the defender's, then the attacker's.
    Results,
    /// 10 step 9 Advance After Combat.
    Advance,
    /// 10 step 10 Momentum: advance again, attack, or decline.
    Momentum,
    /// 10 step 12 Cavalry Action: a Sweeping Charge, or decline.
    Sweep,
}

/// A Close Combat being resolved.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Combat {
    /// Which kind.
    pub kind: CombatKind,
    /// Attacking hexes.
    pub attack_hexes: Vec<Cell>,
    /// Defending hexes.
    pub defend_hexes: Vec<Cell>,
    /// Attacking Units contributing (Engaged at declaration).
    pub attackers: Vec<UnitId>,
    /// Defending Units contributing (Engaged after withdrawals, plus Supporting ones in a
    /// Supported Defense).
    pub defenders: Vec<UnitId>,
    /// 10.1.1 Flank Attack.
    pub flank: bool,
    /// 10.1.1 Supported Defense.
    pub supported: bool,
    /// 10.4 Lead Units.
    pub lead: BySide<Option<UnitId>>,
    /// 10.3 The odds column.
    pub column: u8,
    /// 10.5 The total DRM.
    pub drm: i8,
    /// 10.6 The die.
    pub die: Option<u8>,
    /// The result.
    pub result: Option<CrtCell>,
    /// The step in the sequence.
    pub step: CombatStep,
    /// 10.7 Leaders to check.
    pub leaders: Vec<LeaderId>,
    /// Defender LP left unsatisfied (10.8.1: the attacker's momentum).
    pub unsatisfied: u8,
    /// Units that advanced after combat.
    pub advanced: Vec<UnitId>,
    /// Some attacking Unit retreated, was captured or destroyed.
    pub attacker_gave_ground: bool,
    /// Only Routed Units defended (10.8: the attacker ignores its result).
    pub routed_only: bool,
    /// Only artillery defended (10.1: only steps 9 and 11).
    pub artillery_only: bool,
    /// Steps contributing SP at the roll (10.8.1, 10.8.2).
    pub steps: BySide<u8>,
    /// 10 step 11 The Combat Success marker of this combat has been decided.
    pub success_done: bool,
}

/// 10.8.1 Satisfying Loss Points: one side's result being applied.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Losses {
    /// Who assigns them.
    pub side: Side,
    /// The affected hexes.
    pub hexes: Vec<Cell>,
    /// Loss Points left.
    pub lp: u8,
    /// The result's letters (`R`, `r`, `S`, `*`).
    pub result: SideResult,
    /// 10.8.1 The Lead Unit, which takes the first LP.
    pub lead: Option<UnitId>,
    /// 10.8.1.2 Step Losses a Unit must take before it may retreat.
    pub required: u8,
    /// Step Losses taken by each Unit in this result.
    pub taken: Vec<(UnitId, u8)>,
    /// Where in the procedure.
    pub step: LossStep,
    /// From a Close Combat (else a Bombardment).
    pub combat: bool,
}

/// Steps of [`Losses`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LossStep {
    /// 10.8.3.5 Surrenders come first.
    Surrender,
    /// 10.8.1 The owner assigns each LP.
    Assign,
    /// 10.8.3.1 The artillery step loss.
    Artillery,
    /// 10.8.3.3 The additional retreat.
    Retreat,
}

/// A retreat in progress (10.9): one hex at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Retreat {
    /// Who.
    pub unit: UnitId,
    /// The hex it retreats from: each hex takes it farther from there.
    pub origin: Cell,
    /// Hexes still to go.
    pub left: u8,
    /// A Rout (captured if forced into an EZOC; leaves the map at an edge).
    pub rout: bool,
    /// 10.9.1 Hexes entered beyond the required number to leave an EZOC.
    pub extra: u8,
    /// Where it was before this retreat began, for the morale checks of 10.9.2 (hexes entered
    /// so far are checked as it goes).
    pub from: Cell,
    /// Whether this is a voluntary retreat (10.8.1.4: never into an EZOC).
    pub voluntary: bool,
}

/// A procedure that interrupts the current phase; the top of [`State::pending`] runs first.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Frame {
    /// A retreat, one hex per decision.
    Retreat(Retreat),
    /// 9.3 A Morale Check, rolled.
    MoraleCheck {
        /// Who.
        unit: UnitId,
    },
    /// 10.8.1 Loss Points to satisfy.
    Losses(Losses),
    /// 4.1.3 / 4.3.2 The inactive side may attempt a CdOA Activation.
    CdoaOffer {
        /// The inactive side.
        side: Side,
        /// A Detachment's attempt, or the army's.
        det: Option<GroupId>,
    },
    /// The CdOA die.
    CdoaDie {
        /// The inactive side.
        side: Side,
        /// A Detachment's attempt, or the army's.
        det: Option<GroupId>,
    },
    /// 4.1.3 The roll succeeded: pay the cost to activate, or not.
    CdoaPay {
        /// The inactive side.
        side: Side,
    },
    /// 7.6.3 A Wing In Column may attempt to deploy.
    ForcedOffer {
        /// The Wing.
        wing: WingId,
        /// The enemy counter that came near.
        mover: Counter,
    },
    /// 7.6.3 The In-Column side's die.
    ForcedDieColumn {
        /// The Wing.
        wing: WingId,
        /// The enemy counter that came near.
        mover: Counter,
    },
    /// 7.6.3 The moving side's die.
    ForcedDieMover {
        /// The Wing.
        wing: WingId,
        /// The enemy counter that came near.
        mover: Counter,
        /// The In-Column side's total.
        column_total: i8,
    },
}

/// The phases and segments of a Player Turn and of the end of the Turn (3.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// 4.1 Army Activation Phase: attempt a Normal Activation, or not.
    Activation,
    /// 4.1.1 The activation die.
    ActivationDie,
    /// 4.4 Deploy from Column Segment.
    Deploy,
    /// 4.5 Group Command Roll Segment: the die of the group at this index of the side's list.
    CommandRoll(u8),
    /// 4.5 Special Leaders: the leader at this index of the side's list may roll for a wing.
    Special(u8),
    /// 4.5 The Special Leader's die.
    SpecialDie(u8),
    /// 4.2.2 Two Units may trace command to the Army Commander.
    Trace,
    /// 7.1 Routed Movement Segment.
    RoutedMovement,
    /// 7.3 Normal Movement Segment.
    Movement,
    /// 8 Offensive Bombardment Phase: choose a target or end.
    OffensiveBombardment,
    /// 8.5 Defensive Bombardment Phase (the inactive player).
    DefensiveBombardment,
    /// 8 Choosing the guns of the declared bombardment.
    BombardGuns,
    /// 8.3 The bombardment die.
    BombardDie,
    /// 9.4 Rally Phase: the die of the next Unit to rally.
    Rally,
    /// 10 Close Combat Phase: declare or end.
    CloseCombat,
    /// 10 A Close Combat is being resolved.
    Combat,
    /// 13 Joint Army Morale Adjustment: the Morale Checks of a newly Demoralized or Broken army.
    ArmyMorale,
    /// The game is over.
    Over,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ending {
    /// The winner, `None` for a draw.
    pub winner: Option<Side>,
    /// `decisive`, `substantive`, `marginal` or `draw`.
    pub kind: String,
    /// Victory points, side A first (bonuses included).
    pub points: [i32; 2],
}

/// The whole changing state of a game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    /// Game Turn, from 1.
    pub turn: u8,
    /// The Active player.
    pub phasing: Side,
    /// Whether the phasing side's Player Turn is the second of the Turn.
    pub second: bool,
    /// The current phase or segment.
    pub stage: Stage,
    /// Interrupting procedures, innermost last.
    pub pending: Vec<Frame>,
    /// Units, by [`UnitId`].
    pub troops: Vec<Troop>,
    /// Leaders, by [`LeaderId`].
    pub leaders: Vec<Leader>,
    /// Wings, by [`WingId`].
    pub wings: Vec<WingState>,
    /// Groups' Command State this Player Turn: Effective.
    pub effective: Vec<bool>,
    /// Detachments, by [`GroupId`] (unused for other groups).
    pub dets: Vec<DetState>,
    /// Armies.
    pub armies: BySide<ArmyState>,
    /// 7.2 Locked markers of the phasing side: the hex and whether it shows its penalty side.
    pub locked: Vec<(Cell, bool)>,
    /// 8 Hexes bombarded this Turn.
    pub bombarded: Vec<Cell>,
    /// The counter being moved.
    pub moving: Option<Moving>,
    /// 4.2.2 Units of the phasing side tracing command to the Army Commander this turn.
    pub traced: Vec<UnitId>,
    /// The declared bombardment.
    pub bombard: Option<Bombard>,
    /// The Close Combat being resolved.
    pub combat: Option<Combat>,
    /// Close Combats still to follow (momentum or sweeps are resolved at once; this holds the
    /// phase's normal combats' bookkeeping only).
    pub next_pos: (u32, u32),
    /// The activation or command die pending (4.1.1), Special Leader and wing (4.5).
    pub special: Option<(LeaderId, WingId)>,
    /// 13 Units still to make their Morale Check, in order (also the queue of the Routed
    /// Movement and Rally segments).
    pub checks: Vec<UnitId>,
    /// 10.8 The results of the combat being resolved, waiting for the Leader Loss Checks.
    pub pending_results: Vec<Frame>,
    /// 10 step 12 The cavalry of a Sweeping Charge, Disordered when it is over.
    pub sweepers: Vec<UnitId>,
    /// How the game ended.
    pub ending: Option<Ending>,
}

impl State {
    /// A Unit.
    #[must_use]
    pub fn troop(&self, u: UnitId) -> &Troop {
        &self.troops[u.ix()]
    }

    /// A Unit, mutably.
    pub fn troop_mut(&mut self, u: UnitId) -> &mut Troop {
        &mut self.troops[u.ix()]
    }

    /// A Leader.
    #[must_use]
    pub fn leader(&self, l: LeaderId) -> &Leader {
        &self.leaders[l.ix()]
    }

    /// The Locked marker of a hex: `Some(penalty side up)`.
    #[must_use]
    pub fn locked_at(&self, c: Cell) -> Option<bool> {
        self.locked
            .binary_search_by_key(&c, |x| x.0)
            .ok()
            .map(|i| self.locked[i].1)
    }

    /// A position at the top of any stack (5.4).
    pub fn top_pos(&mut self) -> u32 {
        self.next_pos.0 -= 1;
        self.next_pos.0
    }

    /// A position at the bottom of any stack.
    pub fn bottom_pos(&mut self) -> u32 {
        self.next_pos.1 += 1;
        self.next_pos.1
    }

    /// What decides where a moving counter can still go: for searches over its moves.
    #[must_use]
    pub fn move_key(&self) -> Option<impl Ord + Clone + use<>> {
        let m = self.moving?;
        let cell = match m.counter {
            Counter::Unit(u) => self.troops[u.ix()].cell,
            Counter::Leader(l) => self.leaders[l.ix()].cell,
        };
        Some((m, cell, self.locked.clone()))
    }
}
