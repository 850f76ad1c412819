//! What happened, for logs and the user interface. Every event cites its rule in its text
//! (see `notation.rs`). The Soldiers Game hides nothing, so every event is public; with the
//! Brigade Game's optional Limited Intelligence (G23) an event about obscured units is wrapped in
//! [`Event::Secret`] for its owner alone (`intelligence.rs`).

use crate::data::{Cell, FireResult, Formation, GarrisonId, LeaderId, UnitId};
use crate::state::{Morale, OrderKind};
use coupdoeil_engine::Side;
use coupdoeil_hex::Facing;
use serde::{Deserialize, Serialize};

/// One modifier of a roll or a column, with its rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Modifier {
    /// What it is for.
    pub what: String,
    /// Its value.
    pub value: i16,
    /// The rule.
    pub rule: String,
}

/// G18 The Brigade Game's drills that the log reports on their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Drill {
    /// G18.1.2 A Line wheeled vertex by vertex (the MP of the turn just reported).
    Wheel,
    /// G18.1.2 A Line about-faced on the spot: its sub-units are now inverted.
    AboutFace,
    /// G18.1.2 A Line about-faced back: its sub-units are in order again.
    AboutFaceBack,
    /// G17.4.3 The sub-units were put back in order.
    Reorder,
    /// G18.1.3 A step backwards through a rear hexside.
    BackUp,
    /// G18.1.4 A step through a flank hexside, without turning.
    FlankMarch,
    /// G18.5.3 A Refused Flank marker placed.
    RefuseFlank,
    /// G18.5.3 A Refused Flank marker removed.
    UnrefuseFlank,
    /// G18.6.1 The units lay down.
    Prone,
    /// G18.6.2 The units stood up (of their own will, or as G18.6.2 makes them).
    StandUp,
    /// G17.4.3 A Quarter-Wheel the wrong way for the GTF's order: sub-units inverted.
    WheelInverted,
}

/// Something that happened.
#[allow(missing_docs)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A Game Turn began (4): its clock time and light.
    TurnBegins {
        turn: u8,
        clock: String,
        light: String,
    },
    /// A phase or segment began (4).
    Phase { side: Side, phase: String },
    /// 5.1 An initiative die: `total` is die + CIM.
    InitiativeRoll { side: Side, die: u8, total: i8 },
    /// 5.1 A tie with no unmodified 0: both roll again.
    InitiativeTie,
    /// 5.1.2 The Random Event Chart.
    RandomEvent {
        roll: u8,
        name: String,
        text: String,
    },
    /// 5.1 Who won the initiative.
    Initiative { winner: Side },
    /// 5.1 Who takes the first Player Turn.
    FirstPlayer { side: Side },
    /// 5.1.1 Orders received.
    OrdersReceived { side: Side, orders: u8 },
    /// 5.3.3 An asset attached.
    Attached { unit: UnitId, leader: LeaderId },
    /// 5.4 An order placed on a leader.
    Ordered { leader: LeaderId, kind: OrderKind },
    /// 5.4 An order placed on a Garrison.
    GarrisonOrdered {
        garrison: GarrisonId,
        kind: OrderKind,
    },
    /// 5.3 Command Status: units marked Out of Command and marks removed.
    CommandStatus {
        side: Side,
        out: Vec<UnitId>,
        back: Vec<UnitId>,
    },
    /// 5.3.2 A Garrison dissolved.
    GarrisonDissolved { garrison: GarrisonId },
    /// 9.1 A stack moved into a hex (`from`: where it stood, so that a front end can draw the
    /// move).
    Moved {
        units: Vec<UnitId>,
        from: Option<Cell>,
        to: Cell,
        cost: u8,
        /// MP left, or for a Charge Movement the hexes it may still charge (B13.2.5).
        left: u8,
        /// B13.2.5 A hex of a Charge Movement, which counts hexes rather than spending MP.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        charge: bool,
    },
    /// A leader moved, from one hex to the next.
    LeaderMoved {
        leader: LeaderId,
        from: Cell,
        to: Cell,
    },
    /// 9.3 A reinforcement entered.
    Entered { unit: UnitId, at: Cell, cost: u8 },
    /// 9.3 A leader arrived.
    LeaderEntered { leader: LeaderId, at: Cell },
    /// 7.2 A formation change.
    Formed {
        units: Vec<UnitId>,
        formation: Formation,
        cost: u8,
    },
    /// 7.1.2 A facing change.
    Faced { units: Vec<UnitId>, facing: Facing },
    /// G18 A Brigade Game drill of the moving group, for `mp` MP.
    Drill {
        units: Vec<UnitId>,
        drill: Drill,
        mp: u8,
    },
    /// 7.6 Skirmishers deployed or recalled.
    Skirmishers { unit: UnitId, sp: u8 },
    /// 6.2 A unit put on top of its stack.
    Reordered { unit: UnitId },
    /// 9.1.2 A unit dropped off.
    Dropped { unit: UnitId },
    /// 13.1.1 An Assault declared.
    AssaultDeclared {
        units: Vec<UnitId>,
        target: Cell,
        adjacent: bool,
    },
    /// B13.1.6 An Assault declared against the nation's Attack Method: the Assault AMV marker.
    AttackMethodViolation { units: Vec<UnitId> },
    /// B13.1.7 A Follow-On Assault declared from an emptied target hex.
    FollowOnAssault { units: Vec<UnitId>, target: Cell },
    /// B13.2.1 A Charge marker not placed: the cavalry failed its end-of-move Disorder Check.
    ChargeCancelled { units: Vec<UnitId>, target: Cell },
    /// B13.2.1 A Charge marker placed (Battalion Game).
    ChargeMarkerPlaced { units: Vec<UnitId>, at: Cell },
    /// B13.2.6 No potential target left in the Charge Zone: the marker is removed.
    ChargeWithdrawn { units: Vec<UnitId>, at: Cell },
    /// B13.2.6 A Charge Movement ended without a target.
    ChargeEnded { units: Vec<UnitId>, at: Cell },
    /// B13.2.7 Cavalry that passed its Recall Check ended its Charge.
    ChargeRecalled { units: Vec<UnitId>, at: Cell },
    /// B13.2.9 Pursuing cavalry entered a hex of the pursued stack's path.
    Pursued { units: Vec<UnitId>, to: Cell },
    /// B13.2.9 A Broken or Routed stack pursued at least one hex loses a step.
    PursuitLoss { units: Vec<UnitId> },
    /// B13.2.10 Cavalry declared a Follow-On Charge on a hex.
    FollowOnCharge { units: Vec<UnitId>, target: Cell },
    /// 13.2.1 A Charge declared.
    ChargeDeclared { units: Vec<UnitId>, target: Cell },
    /// 15.2.1 A building fortified.
    Fortified { at: Cell },
    /// 12 A fire attack declared: its strength, final column and every shift.
    FireDeclared {
        from: Cell,
        target: Cell,
        fs: u8,
        column: u8,
        modifiers: Vec<Modifier>,
    },
    /// 12.3 A fire attack rolled.
    FireRolled {
        from: Cell,
        target: Cell,
        roll: u8,
        result: FireResult,
    },
    /// 12.3.1 A step lost.
    StepLost { unit: UnitId, left: u8 },
    /// A unit eliminated, and why.
    Eliminated { unit: UnitId, why: String },
    /// A check against a Morale Value: `mv` of the top unit, `drm` total.
    Check {
        units: Vec<UnitId>,
        why: String,
        roll: u8,
        drm: i16,
        mv: u8,
        passed: bool,
        modifiers: Vec<Modifier>,
    },
    /// 8 A stack's morale state changed.
    MoraleChanged {
        units: Vec<UnitId>,
        from: Morale,
        to: Morale,
    },
    /// 9.2 A retreating stack entered a hex.
    Retreated {
        units: Vec<UnitId>,
        from: Cell,
        to: Cell,
    },
    /// 7.5.3 A Road Column became Broken.
    RoadColumnBroken { units: Vec<UnitId> },
    /// 12.3.1 / 13.5.1 A leader became a casualty.
    LeaderCasualty { leader: LeaderId },
    /// 5.2.2 A leader's capture roll.
    CaptureRoll {
        leader: LeaderId,
        die: u8,
        captured: bool,
    },
    /// 5.2.2 A leader escaped to a friendly hex.
    LeaderEscaped { leader: LeaderId, to: Cell },
    /// 5.2.3 A leader returned (on his Repl side) or was removed for good.
    LeaderReturns { leader: LeaderId, at: Option<Cell> },
    /// 14 A reaction attempted.
    Reaction {
        side: Side,
        what: String,
        from: Cell,
    },
    /// 13 A close combat begins.
    CloseCombat {
        kind: String,
        target: Cell,
        attackers: Vec<Cell>,
    },
    /// 13.5 Cold Steel.
    ColdSteel {
        attacker_die: u8,
        attacker_total: i16,
        defender_die: u8,
        defender_total: i16,
        attacker_wins: bool,
        modifiers: Vec<Modifier>,
    },
    /// B13.4 A defending stack retreated before the combat.
    RetreatedBeforeCombat {
        units: Vec<UnitId>,
        from: Cell,
        to: Cell,
    },
    /// G20.1 A Wave Charge was declared: its waves in order, and its one target.
    WaveChargeDeclared { units: Vec<UnitId>, target: Cell },
    /// G21.2 A stack made a Reaction Move.
    ReactionMoved {
        units: Vec<UnitId>,
        from: Cell,
        to: Cell,
    },
    /// B13.4.3 Defenders who had to retreat before the combat and could not became Broken.
    NoRetreatBeforeCombat { units: Vec<UnitId> },
    /// B7.9.3 A battery's ammunition level changed after a fire roll (1 Low, 2 Out).
    Ammunition { unit: UnitId, roll: u8, level: u8 },
    /// G19.1 A battery marked off a box of the round it fired; `left` boxes remain (private
    /// to its side: the Ammunition Sheet).
    RoundFired {
        unit: UnitId,
        round: crate::artillery::Round,
        left: u8,
    },
    /// G19.7.2 A Howitzer Attack's hit roll.
    HowitzerHit {
        from: Cell,
        target: Cell,
        roll: u8,
        drm: i8,
        hit: bool,
    },
    /// G19.7.2 A shell that missed scatters to `to` (`None`: off the map).
    HowitzerScatter {
        target: Cell,
        roll: u8,
        to: Option<Cell>,
    },
    /// G19.7.3 A Howitzer Attack set a BUA hex on fire.
    FireStarted { at: Cell },
    /// G19.5.1 A leader created a Bombardment Zone with these batteries.
    BzCreated {
        leader: LeaderId,
        units: Vec<UnitId>,
    },
    /// G19.5.1 A leader's Bombardment Zone dissolved.
    BzDissolved { leader: LeaderId, why: String },
    /// G19.5.3 A Bombardment Attack by the BZ stack in `from` on `units`, made in `at`.
    Bombardment {
        from: Cell,
        at: Cell,
        units: Vec<UnitId>,
        fs: u8,
        column: u8,
        modifiers: Vec<Modifier>,
    },
    /// 16.3 The Fire Fighting Phase's d10 for a burning hex: 9 puts the fire out, 0 spreads it.
    FireFought { at: Cell, roll: u8 },
    /// 16.3 A fire spreads from `from` to the adjacent BUA hex `to`.
    FireSpread { from: Cell, to: Cell },
    /// G19.6 A Rolling Shot: its Initial Strike Hex and the Line of Fire it will strike.
    RollingShot {
        from: Cell,
        ish: Cell,
        line: Vec<Cell>,
    },
    /// G19.6.1 The die choosing which hex of a spine a Line of Fire strikes.
    SpineRolled { die: u8, at: Cell },
    /// G19.4 A battery broke down after a failed Disorder Check: it loses a step.
    Breakdown { unit: UnitId },
    /// B7.9.3 A resupply roll: 8 or 9 (with +2 for a leader stacked) resupplies.
    ResupplyRoll {
        unit: UnitId,
        die: u8,
        drm: i8,
        resupplied: bool,
    },
    /// 13.6 A unit advanced after combat.
    Advanced { unit: UnitId, to: Cell },
    /// 13.2.5 Cavalry regrouped into a hex.
    Regrouped { units: Vec<UnitId>, to: Cell },
    /// 13.2.6 Cavalry spent.
    Spent { units: Vec<UnitId> },
    /// B5.4.1 An Orders Initiative roll: the order is won on a die below `lim`.
    OrdersInitiative {
        leader: LeaderId,
        kind: OrderKind,
        die: u8,
        lim: i8,
        lent: bool,
        won: bool,
    },
    /// B5.4.2 A Corps Leader Orders Check: `pass_to` is `None` on a complete success, else the
    /// number of subordinate leaders the order may be passed to.
    OrdersCheck {
        leader: LeaderId,
        kind: OrderKind,
        die: u8,
        lim: i8,
        lent: bool,
        pass_to: Option<u8>,
    },
    /// B5.4.2 A corps leader passed his order to a subordinate leader.
    OrderPassed {
        from: LeaderId,
        to: LeaderId,
        kind: OrderKind,
    },
    /// G18.2 Units changed into a column of this kind; G18.4 `closed_square`: into a Closed
    /// Square formed from it (or back out of one when `false` and `cost` is 0).
    ColumnFormed {
        units: Vec<UnitId>,
        kind: crate::data::ColumnKind,
        closed_square: bool,
        cost: u8,
    },
    /// G22.1 A brigade's Fatigue Check: `raised` when its level went up (to `level`).
    FatigueCheck {
        leader: LeaderId,
        die: u8,
        drm: i8,
        level: u8,
        raised: bool,
    },
    /// G22.3 A brigade entered Fatigue Recovery.
    FatigueRecovery { leader: LeaderId },
    /// G22.3 A brigade in Recovery lowered its Fatigue Level (to `level`).
    FatigueRecovered { leader: LeaderId, level: u8 },
    /// G22.3 A brigade left Fatigue Recovery: it fought, fired, force marched or was fired on.
    FatigueRecoveryLeft { leader: LeaderId },
    /// G17.1 A brigade leader took this GTF marker, or dropped his (`None`: the Battalion
    /// method).
    Gtf {
        leader: LeaderId,
        kind: Option<crate::gtf::GtfKind>,
    },
    /// G17.5 An aide-de-camp detached these units from their brigade as a Detached Regiment.
    Detached {
        leader: LeaderId,
        units: Vec<UnitId>,
    },
    /// G17.5 A Detached Regiment rejoined its brigade (`dissolved`: its aide-de-camp was lost).
    Rejoined {
        leader: LeaderId,
        units: Vec<UnitId>,
        dissolved: bool,
    },
    /// G17.2.4 These units left their brigade's GTF (they moved before its Directing Unit).
    GtfLeft {
        leader: LeaderId,
        units: Vec<UnitId>,
    },
    /// G17.2.4, G17.3 Units that left a GTF are back in it: an illegal evolution, every unit of
    /// the GTF and those that left worsen one level.
    IllegalEvolution {
        leader: LeaderId,
        units: Vec<UnitId>,
    },
    /// G17.3.1 A brigade's GTF began an evolution (Evolution in Progress).
    EvolutionBegun {
        leader: LeaderId,
        evolution: crate::gtf::Evolution,
    },
    /// G17.3.1 The evolution is complete: the GTF is now of `kind`.
    EvolutionCompleted {
        leader: LeaderId,
        evolution: crate::gtf::Evolution,
        kind: crate::gtf::GtfKind,
    },
    /// G17.3.1 The Evolution Check: d10 `die` + `drm`, 2 or more passes.
    EvolutionCheck {
        leader: LeaderId,
        die: u8,
        drm: i8,
        passed: bool,
    },
    /// G17.3.1 The evolution is complete: every unit of the GTF counts `mp` MP spent in the
    /// phase, those of the unit that spent the most in it (ge-rulings 130).
    GtfMarkTime { leader: LeaderId, mp: u8 },
    /// G17.1 The brigade leader was picked up in `from` and put in `to`: `unit` directs his
    /// GTF now.
    DuChanged {
        leader: LeaderId,
        from: Cell,
        to: Cell,
        unit: Option<UnitId>,
    },
    /// G17.2.3, G17.3 These units of a GTF ended their move out of their place relative to the
    /// Directing Unit though they could have kept it: every unit of the GTF worsens one level
    /// (ge-rulings 133).
    GtfOutOfPlace {
        leader: LeaderId,
        units: Vec<UnitId>,
    },
    /// G23.1.2 An event about obscured units of `side` (Limited Intelligence): only `side` and
    /// the referee see what is inside; its enemy sees the map change, and [`Event::SecretFire`].
    Secret { side: Side, inner: Box<Event> },
    /// G23.1.2 A fire attack from `from` at the obscured stack of `side` in `target`, as the
    /// enemy of `side` sees it: its results are secret.
    SecretFire {
        side: Side,
        from: Cell,
        target: Cell,
    },
    /// An objective changed hands.
    ObjectiveTaken { name: String, side: Side },
    /// The game ended.
    GameOver {
        winner: Option<Side>,
        kind: String,
        points: [i32; 2],
    },
    /// G19.2 A Train moved.
    TrainMoved {
        /// The Train, by index.
        train: u8,
        /// From.
        from: Option<Cell>,
        /// To.
        to: Cell,
    },
    /// G19.2 A Train left the map: of its own accord, or plundered by the enemy.
    TrainGone {
        /// The Train, by index.
        train: u8,
        /// Enemy combat units came next to it.
        plundered: bool,
    },
    /// G19.3.1 A battery created its Caisson.
    CaissonCreated {
        /// The battery.
        battery: UnitId,
        /// Where.
        at: Cell,
    },
    /// G19.3 A Caisson moved.
    CaissonMoved {
        /// Its battery.
        battery: UnitId,
        /// From.
        from: Cell,
        /// To.
        to: Cell,
    },
    /// G19.3.1 A Caisson stacked with its Train was filled.
    CaissonFilled {
        /// Its battery.
        battery: UnitId,
        /// Where.
        at: Cell,
    },
    /// G19.3.1 A full Caisson reached its battery: Round Shot, Shell and Canister restored.
    CaissonDelivered {
        /// Its battery.
        battery: UnitId,
        /// Where.
        at: Cell,
    },
    /// G19.3 A Caisson was lost.
    CaissonLost {
        /// Its battery.
        battery: UnitId,
        /// Where.
        at: Cell,
    },
    /// G23.2 A Dummy Stack was placed with a real stack (its owner's secret: always inside an
    /// [`Event::Secret`]).
    DummyPlaced {
        /// The brigade leader it imitates.
        leader: LeaderId,
        /// Where.
        at: Cell,
        /// The counters it shows.
        counters: u8,
    },
    /// G23.2.1 A Dummy Stack moved (its owner's secret: always inside an [`Event::Secret`]).
    DummyMoved {
        /// From.
        from: Cell,
        /// To.
        to: Cell,
    },
    /// G23.2.2 A Dummy Stack came into the enemy's sight and was removed: the enemy sees the
    /// hex empty (or its real units), so this is public.
    DummyRevealed {
        /// Its owner.
        side: Side,
        /// Where.
        at: Cell,
    },
}
