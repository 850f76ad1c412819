//! The immutable data of a Glory and Empire scenario: the board with its elevations, the Player
//! Aid charts, the order of battle with its chain of command, set-up, reinforcements and victory,
//! read from a validated [`coupdoeil_scenario::Scenario`] plus this rule system's own sections
//! (`docs/formats.md`, "Glory and Empire").

use coupdoeil_engine::{BySide, Side};
use coupdoeil_hex::{EdgeDir, Facing, Hex, HexGrid, MapNumbering};
use coupdoeil_scenario::{Diagnostic, Diagnostics, PROVENANCE, Reader, Scenario};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

macro_rules! index_type {
    ($(#[$m:meta])* $name:ident($t:ty)) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        pub struct $name(pub $t);

        impl $name {
            /// The index as `usize`.
            #[must_use]
            pub fn ix(self) -> usize {
                usize::from(self.0)
            }
        }
    };
}

index_type!(
    /// A hex of the map, as a dense index.
    Cell(u16)
);
index_type!(
    /// A combat unit counter (battalion, squadron, battery ...) of the order of battle.
    UnitId(u8)
);
index_type!(
    /// A leader (Overall Commander, ordinary leader or aide-de-camp).
    LeaderId(u8)
);
index_type!(
    /// A Garrison (5.3.2).
    GarrisonId(u8)
);
index_type!(
    /// A Fortified Post hex (15.2).
    PostId(u8)
);

/// B13.1.6 A nation's Attack Method (from the scenario).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackMethod {
    /// Assaults in Line: declaring one in Column is a violation.
    Linear,
    /// Assaults in Column: declaring one in Line is a violation.
    Massed,
}

/// The game of the series a scenario is played at: Part I (the Soldiers Game), Part II (the
/// Battalion Game, which adds its own phases and checks to the Soldiers rules) or Part III (the
/// Brigade Game, which adds sections 17 to 23 to the Battalion rules). Each level plays every
/// rule of the levels below it.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Part I, the Soldiers Game.
    #[default]
    Soldiers,
    /// Part II, the Battalion Game.
    Battalion,
    /// Part III, the Brigade Game.
    Brigade,
}

impl Level {
    /// The name used in scenario files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Soldiers => "soldiers",
            Level::Battalion => "battalion",
            Level::Brigade => "brigade",
        }
    }
}

/// 2.4 The three arms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arm {
    /// Infantry (2.4.2).
    Infantry,
    /// Cavalry (2.4.3).
    Cavalry,
    /// Artillery (2.4.4).
    Artillery,
}

/// 2.4.2-2.4.4 The types of combat unit: the rows of the Movement Rates Chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Infantry.
    Infantry,
    /// 2.4.3 Light cavalry (hussars, chasseurs, lancers, light dragoons).
    LightCavalry,
    /// 2.4.3 Battle cavalry (dragoons, carabiniers, cuirassiers).
    BattleCavalry,
    /// 2.4.3 Irregular cavalry (cossacks, guerrillas).
    IrregularCavalry,
    /// 2.4.4 Light foot artillery.
    LightFoot,
    /// 2.4.4 Heavy foot artillery.
    HeavyFoot,
    /// 2.4.4 Horse artillery.
    HorseArtillery,
}

impl Kind {
    /// Every kind, in chart order.
    pub const ALL: [Kind; 7] = [
        Kind::Infantry,
        Kind::LightCavalry,
        Kind::BattleCavalry,
        Kind::IrregularCavalry,
        Kind::LightFoot,
        Kind::HeavyFoot,
        Kind::HorseArtillery,
    ];

    /// The arm.
    #[must_use]
    pub fn arm(self) -> Arm {
        match self {
            Kind::Infantry => Arm::Infantry,
            Kind::LightCavalry | Kind::BattleCavalry | Kind::IrregularCavalry => Arm::Cavalry,
            Kind::LightFoot | Kind::HeavyFoot | Kind::HorseArtillery => Arm::Artillery,
        }
    }

    /// 2.4.4 Foot artillery (light or heavy).
    #[must_use]
    pub fn is_foot_artillery(self) -> bool {
        matches!(self, Kind::LightFoot | Kind::HeavyFoot)
    }

    /// The data name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Kind::Infantry => "infantry",
            Kind::LightCavalry => "light_cavalry",
            Kind::BattleCavalry => "battle_cavalry",
            Kind::IrregularCavalry => "irregular_cavalry",
            Kind::LightFoot => "light_foot",
            Kind::HeavyFoot => "heavy_foot",
            Kind::HorseArtillery => "horse_artillery",
        }
    }

    fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == s)
    }
}

/// 2.4 Combat unit size (dots over the symbol).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Size {
    /// One dot: a company or squadron.
    Company,
    /// Two dots: a battalion.
    Battalion,
    /// Three dots: a regiment.
    Regiment,
}

/// G18.2 The Brigade Game's columns other than the ordinary one (the Battalion Game's Column,
/// at half or quarter distance): a unit in [`Formation::Column`] is in one of them when its
/// counter says so; in [`Formation::Square`] it is then in a Closed Square (G18.4), the kind
/// remembered for its return.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColumnKind {
    /// G18.2.1 Close Column.
    Close,
    /// G18.2.2 Column of Attack.
    Attack,
    /// G18.2.4 Division Mass.
    DivisionMass,
    /// G18.2.3 Column at Full Distance, the Open Column.
    Open,
}

impl ColumnKind {
    /// Every kind, in chart order.
    pub const ALL: [ColumnKind; 4] = [
        ColumnKind::Close,
        ColumnKind::Attack,
        ColumnKind::DivisionMass,
        ColumnKind::Open,
    ];

    /// The close-order kinds, formed from Line, turned for 1 MP and able to form a Closed
    /// Square (G18.1.1, G18.4).
    pub const CLOSE_ORDER: [ColumnKind; 3] = [
        ColumnKind::Close,
        ColumnKind::Attack,
        ColumnKind::DivisionMass,
    ];

    /// Whether it is one of [`ColumnKind::CLOSE_ORDER`].
    #[must_use]
    pub fn close_order(self) -> bool {
        self != ColumnKind::Open
    }

    /// The data and notation name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            ColumnKind::Close => "close_column",
            ColumnKind::Attack => "attack_column",
            ColumnKind::DivisionMass => "division_mass",
            ColumnKind::Open => "open_column",
        }
    }

    /// The name for players.
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            ColumnKind::Close => "Close Column",
            ColumnKind::Attack => "Column of Attack",
            ColumnKind::DivisionMass => "Division Mass",
            ColumnKind::Open => "Open Column",
        }
    }

    /// The rule that defines it.
    #[must_use]
    pub fn rule(self) -> &'static str {
        match self {
            ColumnKind::Close => "G18.2.1",
            ColumnKind::Attack => "G18.2.2",
            ColumnKind::DivisionMass => "G18.2.4",
            ColumnKind::Open => "G18.2.3",
        }
    }

    /// Parses [`ColumnKind::name`].
    #[must_use]
    pub fn parse(s: &str) -> Option<ColumnKind> {
        ColumnKind::ALL.into_iter().find(|k| k.name() == s)
    }

    /// The index in [`ColumnKind::ALL`].
    #[must_use]
    pub fn ix(self) -> usize {
        self as usize
    }
}

/// G18.2 The MP of the Brigade Game's column changes (the text gives none; see the charts).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ColumnChart {
    /// From Line into each close-order [`ColumnKind`].
    pub line_to: [u8; 3],
    /// From each close-order [`ColumnKind`] into Line.
    pub to_line: [u8; 3],
    /// G18.2.3 From the ordinary Column into an Open Column.
    pub column_to_open: u8,
    /// G18.2.3 From an Open Column into the ordinary Column.
    pub open_to_column: u8,
    /// From the ordinary Column into a Close Column.
    pub column_to_close: u8,
    /// From a Close Column into the ordinary Column.
    pub close_to_column: u8,
    /// G18.4 The target FSM of each [`ColumnKind`], instead of the Column's.
    pub target: [i8; 4],
    /// G18.4 The target FSM of a Closed Square, instead of the Square's.
    pub closed_square_target: i8,
}

/// 7 Formations. A Broken or Routed unit has left its formation (7.2, 8.5): `Dispersed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Formation {
    /// 7.3 Column.
    Column,
    /// 7.4 Line.
    Line,
    /// 7.5 Road Column.
    RoadColumn,
    /// 7.7 Skirmishers en Débandade.
    Sed,
    /// 7.8 Square.
    Square,
    /// 7.9 Limbered artillery.
    Limbered,
    /// 7.9 Unlimbered artillery.
    Unlimbered,
    /// 8.5, 8.6 No formation (Broken or Routed).
    Dispersed,
}

impl Formation {
    /// Every formation, in chart order.
    pub const ALL: [Formation; 8] = [
        Formation::Column,
        Formation::Line,
        Formation::RoadColumn,
        Formation::Sed,
        Formation::Square,
        Formation::Limbered,
        Formation::Unlimbered,
        Formation::Dispersed,
    ];

    /// The data and notation name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Formation::Column => "column",
            Formation::Line => "line",
            Formation::RoadColumn => "road_column",
            Formation::Sed => "sed",
            Formation::Square => "square",
            Formation::Limbered => "limbered",
            Formation::Unlimbered => "unlimbered",
            Formation::Dispersed => "dispersed",
        }
    }

    /// The formation's name for players, as the rulebook prints it (7).
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Formation::Column => "Column",
            Formation::Line => "Line",
            Formation::RoadColumn => "Road Column",
            Formation::Sed => "en Débandade",
            Formation::Square => "Square",
            Formation::Limbered => "Limbered",
            Formation::Unlimbered => "Unlimbered",
            Formation::Dispersed => "no formation",
        }
    }

    /// The rule that defines the formation (7.3 to 7.9; 8.5 for a unit without one).
    #[must_use]
    pub fn rule(self) -> &'static str {
        match self {
            Formation::Column => "7.3",
            Formation::Line => "7.4",
            Formation::RoadColumn => "7.5",
            Formation::Sed => "7.7",
            Formation::Square => "7.8",
            Formation::Limbered | Formation::Unlimbered => "7.9",
            Formation::Dispersed => "8.5",
        }
    }

    /// Parses [`Formation::name`].
    #[must_use]
    pub fn parse(s: &str) -> Option<Formation> {
        Formation::ALL.into_iter().find(|f| f.name() == s)
    }

    /// 3 Close order formations (Line, Square, Column).
    #[must_use]
    pub fn close_order(self) -> bool {
        matches!(
            self,
            Formation::Column | Formation::Line | Formation::Square
        )
    }

    /// The index into per-formation tables.
    #[must_use]
    pub fn ix(self) -> usize {
        self as usize
    }
}

/// 15 The five classes of hex terrain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TerrainClass {
    /// Open terrain.
    Open,
    /// Light Density Terrain.
    Ldt,
    /// Medium Density Terrain.
    Mdt,
    /// High Density Terrain.
    Hdt,
    /// Impassable.
    Impassable,
}

impl TerrainClass {
    /// MDT or HDT.
    #[must_use]
    pub fn dense(self) -> bool {
        matches!(self, TerrainClass::Mdt | TerrainClass::Hdt)
    }
}

/// The columns of the movement-cost tables of the TEC: who pays what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mover {
    /// Infantry in a close order formation or Road Column.
    Infantry = 0,
    /// Cavalry.
    Cavalry = 1,
    /// Artillery.
    Artillery = 2,
    /// 7.7.3 Infantry en Débandade (the SeD column).
    Sed = 3,
    /// Leaders.
    Leader = 4,
}

/// G19.2 A Train counter: an organization's wagons, with the reserve ammunition its Caissons
/// fetch.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TrainDef {
    /// Data id.
    pub id: String,
    /// Its side.
    pub side: Side,
    /// Display name.
    pub name: String,
    /// The organization it serves: the batteries under this leader, at any depth of the
    /// Command Display (ge-rulings 130).
    pub leader: LeaderId,
    /// Where it starts.
    pub at: Cell,
}

/// The printed values of one step of a combat unit (2.4; the designer's notes: values differ by
/// step, so each step has its own).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct StepDef {
    /// Strength Points.
    pub sp: u8,
    /// 7.6 SP that may deploy en Tirailleurs (the exponent; 0 none).
    pub set: u8,
    /// Morale Value (lower is better).
    pub mv: u8,
    /// Combat Value Modifier.
    pub cvm: i8,
    /// Fire Strength: infantry Line FS (white box), artillery Round Shot FS.
    pub fs: u8,
    /// 7.7.4 Infantry SeD FS (pink box).
    pub sed_fs: u8,
    /// G19.1 Artillery Canister FS (Brigade Game; 0: the battery fires no canister).
    pub canister_fs: u8,
    /// G19.1 Artillery Shell FS, its howitzers (Brigade Game; 0: none).
    pub shell_fs: u8,
}

/// A combat unit counter.
#[derive(Clone, Debug, Serialize)]
pub struct TroopDef {
    /// Data id.
    pub id: String,
    /// Display name (its designation).
    pub name: String,
    /// Owner.
    pub side: Side,
    /// The nation its counter is printed for (front ends colour it by this): the data's
    /// `nation`, else its side's id.
    pub nation: String,
    /// Type.
    pub kind: Kind,
    /// Size.
    pub size: Size,
    /// 2.4.2 The bugle: may deploy en Débandade.
    pub sed: bool,
    /// 2.4.2 The red bugle: rifle-armed.
    pub rifle: bool,
    /// The leader it reports to on the Command Display.
    pub leader: LeaderId,
    /// 2.4 The multi-counter unit it belongs to (5.3.1 Unit Integrity), if any.
    pub unit: Option<u16>,
    /// 2.4.4 The gun-type row (artillery).
    pub gun: Option<u8>,
    /// `steps[n - 1]`: the values with `n` steps left.
    pub steps: Vec<StepDef>,
    /// G19.1 The battery's line of the Ammunition Sheet (Brigade Game): its boxes of each
    /// round at the start, by [`crate::artillery::Round::ix`].
    pub sheet: Option<[u8; 4]>,
}

impl TroopDef {
    /// The arm.
    #[must_use]
    pub fn arm(&self) -> Arm {
        self.kind.arm()
    }

    /// The values with `steps` steps left.
    #[must_use]
    pub fn at(&self, steps: u8) -> &StepDef {
        let i = usize::from(steps.max(1)) - 1;
        &self.steps[i.min(self.steps.len() - 1)]
    }

    /// Full strength in steps.
    #[must_use]
    pub fn full(&self) -> u8 {
        self.steps.len() as u8
    }
}

/// 2.4.1 Leader echelons (the X's on the belt).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Echelon {
    /// 5.2.4 An aide-de-camp: no echelon, no subordinates.
    Adc,
    /// X.
    Brigade,
    /// XX.
    Division,
    /// XXX: a corps, or a wing the scenario treats as a corps (3 Corps).
    Corps,
    /// XXXX.
    Army,
}

/// A leader's printed values (front or Repl side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderValues {
    /// 5.3.1 Command Range in hexes.
    #[serde(default)]
    pub range: u8,
    /// 5.2.1 Fire Strength Modifier (column shifts).
    #[serde(default)]
    pub fsm: i8,
    /// 5.2.1 Morale DRM.
    #[serde(default)]
    pub morale: i8,
    /// 13.5.2 CVM (RULING: printed on the counter, see ge-rulings).
    #[serde(default)]
    pub cvm: i8,
    /// B2.4.1 Leader Initiative Modifier (the Battalion Game's orders rolls, B5.4).
    #[serde(default)]
    pub lim: i8,
}

/// A leader.
#[derive(Clone, Debug, Serialize)]
pub struct LeaderDef {
    /// Data id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Owner.
    pub side: Side,
    /// The nation his counter is printed for: the data's `nation`, else his side's id.
    pub nation: String,
    /// Echelon.
    pub echelon: Echelon,
    /// The Overall Commander of his side.
    pub overall: bool,
    /// His superior on the Command Display (`None` for the OC).
    pub superior: Option<LeaderId>,
    /// Front side values.
    pub values: LeaderValues,
    /// 5.2.3 Replacement side values; `None` for the skull and crossbones.
    pub repl: Option<LeaderValues>,
    /// 5.4 Efficiency Rating (corps leaders; B5.4.3 also the Overall Commander).
    pub er: u8,
    /// 5.1 CIM from the scenario's CIM Chart (used when he is the OC).
    pub cim: i8,
    /// 5.2.3 The lower-echelon leader flipped when this one's replacement returns.
    pub repl_flips: Option<LeaderId>,
    /// Leaders reporting to him on the Command Display.
    pub subordinates: Vec<LeaderId>,
    /// Combat units reporting to him on the Command Display.
    pub units: Vec<UnitId>,
}

impl LeaderDef {
    /// 5.4 Has subordinate units (leaders or combat units).
    #[must_use]
    pub fn has_subordinates(&self) -> bool {
        !self.subordinates.is_empty() || !self.units.is_empty()
    }
}

/// 15 A hex terrain of the Terrain Effects Chart.
#[derive(Clone, Debug, Serialize)]
pub struct TerrainDef {
    /// Id used by the map.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Class.
    pub class: TerrainClass,
    /// 15 A Built Up Area (buildings).
    pub bua: bool,
    /// MP to enter per [`Mover`]; `None`: prohibited.
    pub cost: [Option<u8>; 5],
    /// 12.2.1 Fire Strength Modifier against units in it.
    pub fsm: i8,
    /// 13.5.1 CVM of the defender in it.
    pub cvm: i8,
    /// 11.1 Height of the terrain in Elevation Levels.
    pub height: i8,
    /// 11.2 Potentially blocks LOS.
    pub blocks_los: bool,
    /// 6 Stacking limit in SP.
    pub stacking: u8,
}

/// 11.2 What a hexside feature does to LOS.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LosFeature {
    /// No effect.
    None,
    /// 11.2.3 A Military Crest.
    Crest,
    /// 11.2.4 A Ridge.
    Ridge,
    /// Any other potential obstruction along the hexside.
    Block,
}

/// 15.1 A hexside feature of the TEC.
#[derive(Clone, Debug, Serialize)]
pub struct FeatureDef {
    /// Id used by the map.
    pub id: String,
    /// Display name.
    pub name: String,
    /// 15.1.1 A Hexside Obstacle.
    pub obstacle: bool,
    /// Extra MP to cross per [`Mover`]; `None`: impassable to it.
    pub cost: [Option<u8>; 5],
    /// 15.1 FSM when a fire attack's LOS crosses it.
    pub fsm: i8,
    /// 15.1 CVM of the defender behind it.
    pub cvm: i8,
    /// 11.2 LOS effect.
    pub los: LosFeature,
    /// 11.1 Height above the higher of its two hexes, in levels.
    pub height: i8,
}

/// 15.2 The kind of a Fortified Post.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PostKind {
    /// 15.2.1 A Fortified Building (once fortified).
    Building,
    /// 15.2.2 An Earthwork.
    Earthwork,
}

/// 15.2 A designated Fortified Post hex.
#[derive(Clone, Debug, Serialize)]
pub struct PostDef {
    /// Where.
    pub cell: Cell,
    /// Building or earthwork.
    pub kind: PostKind,
    /// Its class: MDT or HDT.
    pub class: TerrainClass,
    /// Fortified at the start (earthworks always are).
    pub fortified: bool,
    /// 15.2.2 An earthwork's front hexsides (bits over [`EdgeDir`] indices).
    pub front: u8,
    /// Display name.
    pub name: String,
}

/// 5.3.2 A Garrison.
#[derive(Clone, Debug, Serialize)]
pub struct GarrisonDef {
    /// Data id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Owner.
    pub side: Side,
    /// Its area, sorted.
    pub area: Vec<Cell>,
    /// The units assigned to it.
    pub units: Vec<UnitId>,
}

/// A counter: a combat unit or a leader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Counter {
    /// A combat unit.
    Unit(UnitId),
    /// A leader.
    Leader(LeaderId),
}

/// A counter on the map at the start.
#[derive(Clone, Debug, Serialize)]
pub struct Deploy {
    /// Which.
    pub counter: Counter,
    /// Where.
    pub cell: Cell,
    /// Facing.
    pub facing: Facing,
    /// Formation.
    pub formation: Formation,
    /// 7.6 Skirmishers deployed en Tirailleurs.
    pub skirmishers: u8,
    /// Steps at the start.
    pub steps: u8,
}

/// 9.3 A reinforcement.
#[derive(Clone, Debug, Serialize)]
pub struct Reinforcement {
    /// Which.
    pub counter: Counter,
    /// Game Turn of entry.
    pub turn: u8,
    /// Its entry area.
    pub entry: Vec<Cell>,
}

/// A victory objective: held by the side whose combat units were last in it.
#[derive(Clone, Debug, Serialize)]
pub struct Objective {
    /// Where.
    pub cell: Cell,
    /// Display name.
    pub name: String,
    /// Victory points for its holder at the end.
    pub vp: i32,
    /// Who holds it at the start.
    pub owner: Option<Side>,
    /// The one side it scores for when that side holds it (`None`: for whichever holds it).
    /// A side defending a position scores nothing for keeping it; taking it is what counts.
    pub scores_for: Option<Side>,
}

/// How the game is scored.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scoring {
    /// VP per enemy step eliminated.
    pub step: i32,
    /// VP per enemy leader lost (casualty or captured).
    pub leader: i32,
    /// A margin of at least this many VP is a decisive victory.
    pub decisive: i32,
    /// A margin of at most this many VP is a draw.
    pub draw: i32,
}

/// A result of the Fire Chart (12.3.1): `nM-#`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FireResult {
    /// Step losses.
    pub losses: u8,
    /// A Morale Check is required.
    pub mc: bool,
    /// The MC's DRM (zero or negative).
    pub drm: i8,
}

impl FireResult {
    /// No effect.
    pub const NE: FireResult = FireResult {
        losses: 0,
        mc: false,
        drm: 0,
    };

    /// Parses `NE`, `M`, `M-10`, `1M-15`, `2M` ...
    ///
    /// # Errors
    /// Says what is wrong.
    pub fn parse(text: &str) -> Result<FireResult, String> {
        let t = text.trim();
        if t == "NE" {
            return Ok(FireResult::NE);
        }
        let Some(m) = t.find('M') else {
            return Err(format!(
                "`{t}` is not a fire result (NE, M, M-10, 1M-15 ...)"
            ));
        };
        let losses = if m == 0 {
            0
        } else {
            t[..m]
                .parse::<u8>()
                .map_err(|_| format!("`{t}`: bad step losses"))?
        };
        let rest = &t[m + 1..];
        let drm = if rest.is_empty() {
            0
        } else {
            let n = rest
                .strip_prefix('-')
                .ok_or_else(|| format!("`{t}`: expected `-#` after M"))?;
            -n.parse::<i8>()
                .map_err(|_| format!("`{t}`: bad morale check DRM"))?
        };
        Ok(FireResult {
            losses,
            mc: true,
            drm,
        })
    }
}

impl std::fmt::Display for FireResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if !self.mc {
            return f.write_str("NE");
        }
        if self.losses > 0 {
            write!(f, "{}", self.losses)?;
        }
        f.write_str("M")?;
        if self.drm != 0 {
            write!(f, "{}", self.drm)?;
        }
        Ok(())
    }
}

/// 12.3 One column of the Fire Chart: `(lowest roll, result)` rows, ascending.
#[derive(Clone, Debug, Serialize)]
pub struct FireColumn {
    /// Rows.
    pub rows: Vec<(u8, FireResult)>,
}

impl FireColumn {
    /// 12.3 The row with the highest threshold at or below the roll.
    #[must_use]
    pub fn result(&self, roll: u8) -> FireResult {
        self.rows
            .iter()
            .rev()
            .find(|(min, _)| *min <= roll)
            .map_or(FireResult::NE, |x| x.1)
    }
}

/// 12.2 The Fire Limits Chart and base strengths.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireLimits {
    /// SP of artillery that may fire from a hex.
    pub artillery: u8,
    /// SP of infantry in Line that may fire from a hex.
    pub line: u8,
    /// SP of infantry en Débandade that may fire from a hex.
    pub sed: u8,
    /// Base FS of infantry in Column.
    pub column_fs: u8,
    /// Base FS of infantry in Square.
    pub square_fs: u8,
}

/// 12.2.1 The Fire Strength Modifiers Chart (apart from target stacking and range bands).
#[derive(Clone, Debug, Serialize)]
pub struct FireMods {
    /// Target formation, per [`Formation`].
    pub target_formation: [i8; 8],
    /// Firing at a hex with cavalry.
    pub cavalry_target: i8,
    /// 12.2.1 Fired on through the flank: enfilade.
    pub enfilade: i8,
    /// Fired on through the rear.
    pub rear: i8,
    /// 12.2.1 Well Directed Fire.
    pub well_directed: i8,
    /// 7.6.6 Fire through the front of a unit with skirmishers out, by Sk number (index 1-3).
    pub skirmisher_screen: [i8; 4],
    /// 12.3.1 Rolls from this one up cause a leader casualty.
    pub leader_casualty: u8,
    /// 13.4 The Offensive/Defensive Fire MC DRM.
    pub close_fire_mc: i8,
    /// Target stacking: `(least SP, FSM)`, ascending.
    pub stacking: Vec<(u8, i8)>,
    /// 7.9.2 Artillery range band FSM: canister, effective, long.
    pub range: [i8; 3],
    /// 15.2 Units in a Post: a Fortified Building always, an earthwork through its front
    /// (instead of the hex's terrain).
    pub post: i8,
    /// G18.6 A target whose top unit is Prone (Brigade Game).
    pub prone: i8,
    /// G19.1 The Shrapnel Shell Attack DRM of the checks a shrapnel attack causes (Brigade
    /// Game).
    pub shrapnel_mc: i8,
    /// G19.5.3 The Stationary in a Bombardment Zone FSM (Brigade Game).
    pub stationary_bz: i8,
}

/// 7.9.2 A gun-type row of the Artillery Chart: the last hex of each range band.
#[derive(Clone, Debug, Serialize)]
pub struct GunDef {
    /// Data id (its colour on the counter).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Last hex of the Canister band.
    pub canister: u8,
    /// Last hex of the Effective band.
    pub effective: u8,
    /// Last hex of the Long band: the maximum range.
    pub long: u8,
    /// B7.9.3 Battalion Game: a fire roll at or below it takes Normal ammunition to Low.
    pub low_ammo: u8,
    /// B7.9.3 Battalion Game: a fire roll at or below it takes Low ammunition to Out.
    pub out_of_ammo: u8,
    /// G19.1 The Brigade Artillery Chart's bands of this row (Brigade Game).
    pub brigade: Option<BrigadeBands>,
}

/// G19.1 A gun-type row of the Brigade Artillery Chart: the last hex of each range band of
/// each round. Every band starts where the one before it ends; the first at one hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BrigadeBands {
    /// Round Shot: Point Blank, Effective, Long.
    pub round_shot: [u8; 3],
    /// Shell: Effective, Long.
    pub shell: [u8; 2],
    /// Canister: Point Blank, Effective.
    pub canister: [u8; 2],
}

/// 8 The modifiers printed on a morale state marker (Morale State Diagram).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateMarker {
    /// FSM of fire by the unit.
    #[serde(default)]
    pub fire: i8,
    /// CVM of the unit.
    #[serde(default)]
    pub cvm: i8,
    /// DRM of every check against its MV.
    #[serde(default)]
    pub mc: i8,
}

/// 8.1 The Morale Check DRM Charts of the Soldiers Game.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleMods {
    /// Every check of a unit with an Out of Command marker.
    pub out_of_command: i8,
    /// Every check of a unit in a Fortified Post.
    pub in_post: i8,
    /// 10.1 The check to enter an enemy ZOC.
    pub enter_ezoc: i8,
    /// 9.2.1 Stationary units passed through by Broken or Routed friends.
    pub passed_through: i8,
    /// 13.1.4 Attacker MC: the stack had the Assault Starting Adjacent marker.
    pub starting_adjacent: i8,
    /// B13.1.6 The Attacker Morale Check of a stack with the Assault AMV marker.
    #[serde(default)]
    pub attack_method_violation: i8,
    /// 13.1.4 Attacker MC: assaulting a Post or BUA hex.
    pub assault_bua: i8,
    /// 13.1.5 Defender MC: each assaulting hex beyond the first.
    pub per_extra_hex: i8,
    /// 13.1.5 Defender MC: assaulted through a flank or rear hexside.
    pub assault_flank: i8,
    /// 13.1.5 Defender MC: defending a Post.
    pub assault_post: i8,
    /// 13.1.5 Defender MC: defending a BUA that is not a Post.
    pub assault_bua_defender: i8,
    /// 13.2.4 Defender MC: per point of the charging top unit's CVM.
    pub per_charger_cvm: i8,
    /// 13.2.4 Defender MC: the target is in Square.
    pub charge_square: i8,
    /// 13.2.4 Defender MC: charged through a flank or rear hexside.
    pub charge_flank: i8,
    /// 13.2.4 Defender MC: the target is in MDT.
    pub charge_mdt: i8,
    /// 14.3 The check to form Square as a reaction.
    pub reaction_square: i8,
    /// 14.4.2 The Reaction Charge Check.
    pub reaction_charge: i8,
    /// 8.2 Rally Checks.
    pub rally: i8,
}

/// 13.5 Cold Steel charts.
#[derive(Clone, Debug, Serialize)]
pub struct ColdSteel {
    /// 13.5.2 Cold Steel Odds Chart: `(larger, smaller, CVM)`, ascending.
    pub odds: Vec<(u8, u8, i8)>,
    /// 13.5.1 Cold Steel Losses Chart: `(lowest modified roll, steps)`, ascending.
    pub losses: Vec<(i8, u8)>,
    /// 13.5.1 An unmodified roll of this causes a leader casualty.
    pub leader_casualty: u8,
    /// Charge CVM Chart: charging.
    pub charging: i8,
    /// Charge CVM Chart: charging through the defender's flank.
    pub charge_flank: i8,
    /// Charge CVM Chart: charging through the defender's rear.
    pub charge_rear: i8,
    /// 13.5.2 A Square's CVM per infantry SP in the hex.
    pub square_per_sp: i8,
    /// Hand to Hand CVM Chart: assaulting through the defender's flank.
    pub assault_flank: i8,
    /// Hand to Hand CVM Chart: assaulting through the defender's rear.
    pub assault_rear: i8,
    /// Hand to Hand CVM Chart: defending a Fortified Post.
    pub post: i8,
    /// G18.5.3 Charging or assaulting through a Refused Flank (Brigade Game).
    pub refused_flank: i8,
}

/// 14 Reaction values.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reactions {
    /// 14.2.3 The range of artillery reaction fire at a unit entering its EZOC.
    pub artillery_entry_range: u8,
    /// B14.3.3 Battalion Game: the Reaction Formation Change Disorder Check DRM by distance to
    /// the triggering unit, 1, 2 and 3 hexes.
    #[serde(default)]
    pub formation_change_distance: Vec<i8>,
    /// B14.3.3 Battalion Game: the same check while in the ZOC of an enemy other than the
    /// triggering unit ("Already in EZOC").
    #[serde(default)]
    pub formation_change_in_ezoc: i8,
}

/// 5.1.2 One row of the Random Event Chart.
#[derive(Clone, Debug, Serialize)]
pub struct RandomEvent {
    /// Lowest percentile roll.
    pub min: u8,
    /// Highest percentile roll.
    pub max: u8,
    /// Name.
    pub name: String,
    /// What happens.
    pub text: String,
    /// Who wins the initiative.
    pub initiative: EventInitiative,
    /// Orders added to (or taken from) the roller's.
    pub orders_roller: i8,
    /// Orders added to (or taken from) the opponent's.
    pub orders_opponent: i8,
}

/// 5.1.2 Who a random event gives the initiative to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventInitiative {
    /// The player who rolled the 0.
    Roller,
    /// His opponent.
    Opponent,
    /// The higher modified roll (the roller on a tie).
    Higher,
}

/// Every chart of the Soldiers Game.
#[derive(Clone, Debug, Serialize)]
pub struct Charts {
    /// 12.3 Fire Chart columns, FS 0 upwards.
    pub fire: Vec<FireColumn>,
    /// 12.2 Fire limits.
    pub limits: FireLimits,
    /// 12.2.1 FSM chart.
    pub fsm: FireMods,
    /// 7.9.2 Gun types.
    pub guns: Vec<GunDef>,
    /// 8 Morale state markers: Disorder, Shaken, Broken, Rout.
    pub states: [StateMarker; 4],
    /// 8.1 MC DRMs.
    pub mc: MoraleMods,
    /// 13.5 Cold steel.
    pub cold_steel: ColdSteel,
    /// 15 TEC hexes.
    pub terrain: Vec<TerrainDef>,
    /// 15.1 TEC hexside features.
    pub features: Vec<FeatureDef>,
    /// 9.1.3 Road Column MP per hex along a road and along a trail.
    pub road: u8,
    /// 9.1.3 The same along a trail.
    pub trail: u8,
    /// Extra MP per [`Mover`] to cross a contour uphill.
    pub contour_up: [u8; 5],
    /// 9.1.1 Movement Rates Chart: `[kind][formation] = (In Command, Out of Command)`.
    pub rates: [[Option<(u8, u8)>; 8]; 7],
    /// Leaders' Movement Allowance.
    pub leader_ma: u8,
    /// 7.2 Formation Change Cost chart: `[arm][from][to]`.
    pub changes: [[[Option<u8>; 8]; 8]; 3],
    /// 5.1.1 Orders Chart: `(least modified roll, orders)`, ascending.
    pub orders: Vec<(i8, u8)>,
    /// 5.1.2 Random Event Chart.
    pub events: Vec<RandomEvent>,
    /// 7.1 Facing arcs per `[line, column, road column]`, 6 hexsides each (see [`Arc`]).
    pub arcs: [[Arc; 6]; 3],
    /// 5.2.2 Faces of the d10 that capture a leader.
    pub capture: Vec<u8>,
    /// 14 Reaction values.
    pub reactions: Reactions,
    /// B9.5 Force March: MP beyond the normal MA, by unit type.
    pub force_march: [u8; 7],
    /// B9.4 The Move Disorder Check Events chart (required by the Battalion Game).
    pub disorder: Option<DisorderChart>,
    /// G22.2 The Fatigue Chart (required by the Brigade Game).
    pub fatigue: Option<FatigueChart>,
    /// G18.2 The Brigade Game's column changes (required by the Brigade Game).
    pub columns: Option<ColumnChart>,
    /// G19.7 The Howitzer Attacks Hit Chart and Scatter Diagram (required by the Brigade
    /// Game).
    pub howitzer: Option<HowitzerChart>,
    /// G17.3.1 The Evolution Check DRM chart (PAC04, missing: authored; required by the Brigade
    /// Game).
    pub evolution: Option<EvolutionChart>,
}

/// G19.7.2 The Howitzer Attacks Hit Chart and the Howitzer Scatter Diagram.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HowitzerChart {
    /// A hit roll (two dice, 00-99) plus its DRMs at or above this hits the hex aimed at.
    pub hit_on: u8,
    /// DRM when the battery has no clear LOS to the hex aimed at.
    pub no_los: i8,
    /// DRM when the hex aimed at is in the Shell's Long band.
    pub long_range: i8,
    /// G19.7.3 A hit roll at or above this against a BUA hex starts a fire (up to 99).
    pub fire_from: u8,
    /// The scatter roll's tens die: where the shell goes from the hex aimed at, relative to
    /// the Scatter marker's arrow (pointing away from the battery).
    pub direction: [Scatter; 10],
    /// The scatter roll's units die: how many hexes it goes over or short (left and right
    /// always one).
    pub distance: [u8; 10],
}

/// G19.7.2 A direction of the Howitzer Scatter Diagram, relative to its arrow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scatter {
    /// Along the arrow, beyond the hex aimed at.
    Over,
    /// Back towards the battery.
    Short,
    /// One hexside anticlockwise of the arrow.
    Left,
    /// One hexside clockwise of the arrow.
    Right,
}

/// G17.3.1 The Evolution Check DRMs (the Brigade Player Aid Card's chart is missing).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EvolutionChart {
    /// By class, indexed by [`crate::gtf::EvolutionClass`] (Easy, never checked, first).
    pub class: [i8; 5],
    /// A Double Line of Battle or Double Grand Column.
    pub double: i8,
    /// G17.4 A Line of Battle Out of Order (optional rule).
    pub out_of_order: i8,
    /// G17.4 A Line of Battle in Inverted Order (optional rule).
    pub inverted: i8,
}

/// G22.2 The Fatigue Chart: what each Fatigue Level (1 to 3, index 0 to 2) does to the
/// brigade's units.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FatigueChart {
    /// The FSM of their fire attacks.
    pub fsm: [i8; 3],
    /// The DRM of their checks.
    pub mc: [i8; 3],
}

/// B9.4 The Move Disorder Check Events chart: the DRMs a moving stack gathers for its Disorder
/// Check, and B9.1.2 the cost of passing through friends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisorderChart {
    /// Each Hexside Obstacle crossed.
    pub obstacle: i8,
    /// The first formation change.
    pub first_change: i8,
    /// Each formation change after the first.
    pub further_change: i8,
    /// Each MDT or HDT hex entered after the first.
    pub dense_after_first: i8,
    /// Each MP spent beyond the normal MA (B9.5 Force March).
    pub force_march_per_mp: i8,
    /// B9.1.2 Extra MP to move on from a hex of friendly units entered during the move.
    pub pass_through_mp: u8,
    /// Too many MP: `(formation, MP allowed, DRM per MP beyond)`.
    pub over_mp: Vec<(Formation, u8, i8)>,
}

/// 7.1 Which arc a hexside of a unit is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arc {
    /// Front.
    Front,
    /// Flank.
    Flank,
    /// Rear.
    Rear,
}

/// One map cell, precomputed.
#[derive(Clone, Debug)]
pub struct CellInfo {
    /// Its hex.
    pub hex: Hex,
    /// Index into [`Charts::terrain`].
    pub terrain: u8,
    /// 11.1 Elevation Level at its centre.
    pub level: i8,
    /// The neighbour in each [`EdgeDir`], if on the map.
    pub nbr: [Option<Cell>; 6],
    /// Hexside features towards each direction, as bits over [`Charts::features`].
    pub features: [u32; 6],
    /// Road connections, bits over directions.
    pub road: u8,
    /// Trail connections, bits over directions.
    pub trail: u8,
    /// 15.2 The Post designated here.
    pub post: Option<PostId>,
    /// 11.2.2 case 1: the hexside towards each direction is the top contour of a hill (this
    /// hex is its upper side and no neighbour of it is higher).
    pub top_contour: [bool; 6],
    /// G23.3 The height of the windmill or tower of an Observation Point here, in Elevation
    /// Levels above the hex's own level; 0 where the hex is not one.
    pub observation: i8,
}

/// The map, precomputed.
#[derive(Clone, Debug)]
pub struct Board {
    /// Printed numbering.
    pub numbering: MapNumbering,
    /// All cells.
    pub cells: Vec<CellInfo>,
    /// The cell of each hex of the printed rectangle (cells are numbered in the grid's order),
    /// a dense lookup: the line-of-sight trace asks for one at every hex it crosses.
    index: HexGrid<Cell>,
    /// Place names.
    pub names: BTreeMap<Cell, String>,
    /// Printed columns and rows.
    pub size: (i32, i32),
}

impl Board {
    /// The cell of a hex, if on the map.
    #[must_use]
    pub fn cell(&self, hex: Hex) -> Option<Cell> {
        self.index.get(hex).copied()
    }

    /// The printed label of a cell.
    #[must_use]
    pub fn label(&self, c: Cell) -> String {
        self.numbering.label(self.cells[c.ix()].hex)
    }

    /// Parses a printed label into an on-map cell.
    #[must_use]
    pub fn parse(&self, s: &str) -> Option<Cell> {
        self.numbering.parse(s).ok().and_then(|h| self.cell(h))
    }

    /// Hex distance.
    #[must_use]
    pub fn distance(&self, a: Cell, b: Cell) -> u32 {
        self.cells[a.ix()].hex.distance(self.cells[b.ix()].hex)
    }

    /// The direction from `a` to the adjacent `b`.
    #[must_use]
    pub fn direction(&self, a: Cell, b: Cell) -> Option<EdgeDir> {
        let n = &self.cells[a.ix()].nbr;
        (0..6)
            .find(|&d| n[d] == Some(b))
            .and_then(|d| EdgeDir::from_index(d as u8))
    }

    /// The neighbour of `c` in direction `d`.
    #[must_use]
    pub fn neighbor(&self, c: Cell, d: EdgeDir) -> Option<Cell> {
        self.cells[c.ix()].nbr[d.index() as usize]
    }

    /// The on-map neighbours of `c`.
    pub fn neighbors(&self, c: Cell) -> impl Iterator<Item = Cell> + '_ {
        self.cells[c.ix()].nbr.iter().flatten().copied()
    }

    /// Whether `a` and `b` are adjacent.
    #[must_use]
    pub fn adjacent(&self, a: Cell, b: Cell) -> bool {
        self.cells[a.ix()].nbr.contains(&Some(b))
    }

    /// Number of cells.
    #[must_use]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the map has no cells.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The feature bits on the hexside from `a` towards the adjacent `b`.
    #[must_use]
    pub fn features_between(&self, a: Cell, b: Cell) -> u32 {
        self.direction(a, b)
            .map_or(0, |d| self.cells[a.ix()].features[d.index() as usize])
    }

    /// Whether a road or trail connects the adjacent `a` and `b`: `(road, trail)`.
    #[must_use]
    pub fn road_between(&self, a: Cell, b: Cell) -> (bool, bool) {
        match self.direction(a, b) {
            Some(d) => {
                let bit = 1 << d.index();
                let c = &self.cells[a.ix()];
                (c.road & bit != 0, c.trail & bit != 0)
            }
            None => (false, false),
        }
    }

    /// Whether the hex has any road or trail.
    #[must_use]
    pub fn on_road(&self, c: Cell) -> bool {
        let i = &self.cells[c.ix()];
        i.road != 0 || i.trail != 0
    }

    /// The Elevation Level of a cell.
    #[must_use]
    pub fn level(&self, c: Cell) -> i8 {
        self.cells[c.ix()].level
    }

    /// The hex of a cell.
    #[must_use]
    pub fn hex(&self, c: Cell) -> Hex {
        self.cells[c.ix()].hex
    }
}

/// An army: its Overall Commander.
#[derive(Clone, Debug, Serialize)]
pub struct ArmyDef {
    /// 2.4.1 The Overall Commander.
    pub oc: LeaderId,
}

/// Everything immutable about a Glory and Empire scenario.
#[derive(Clone, Debug)]
pub struct Data {
    /// Scenario id.
    pub id: String,
    /// Scenario name.
    pub name: String,
    /// The game played: Soldiers, Battalion or Brigade (`[scenario] level`).
    pub level: Level,
    /// Side ids and names (`A` first).
    pub sides: BySide<(String, String)>,
    /// Game Turns.
    pub turns: u8,
    /// Clock time of turn 1, in minutes after midnight.
    pub start_minutes: u16,
    /// Minutes per turn (1 Scale: 20).
    pub turn_minutes: u16,
    /// 16.1 Twilight turns.
    pub twilight: Vec<u8>,
    /// 16.2 Night turns.
    pub night: Vec<u8>,
    /// The map.
    pub board: Board,
    /// Charts.
    pub charts: Charts,
    /// Combat units.
    pub troops: Vec<TroopDef>,
    /// Leaders.
    pub leaders: Vec<LeaderDef>,
    /// Armies.
    pub armies: BySide<ArmyDef>,
    /// Garrisons.
    pub garrisons: Vec<GarrisonDef>,
    /// Posts.
    pub posts: Vec<PostDef>,
    /// Counters on the map at the start, top of each stack first.
    pub deploy: Vec<Deploy>,
    /// Counters arriving later.
    pub reinforcements: Vec<Reinforcement>,
    /// Objectives.
    pub objectives: Vec<Objective>,
    /// B13.1.6 The Attack Method of each nation the scenario names (`[[nation]]`).
    pub attack_methods: Vec<(String, AttackMethod)>,
    /// G18.5.2 The optional Rank and File: the ranks of each nation that states them
    /// (`[[nation]] ranks`, 2 or 3), sorted; none stated, the rule is not in play.
    pub ranks: Vec<(String, u8)>,
    /// G18.5.3 The nations whose units may refuse both flanks (`[[nation]]
    /// refuse_both_flanks`), sorted.
    pub refuse_both: Vec<String>,
    /// B7.9.3 Each side's Supply Sources (`[[supply]]`), sorted.
    pub supply: BySide<Vec<Cell>>,
    /// Scoring.
    pub scoring: Scoring,
    /// G17.2 The GTF markers on brigade leaders at the start (`[[gtf]]`, Brigade Game).
    pub gtfs: Vec<(LeaderId, crate::gtf::GtfKind)>,
    /// G17.4 The optional Order of Battle rule is played (`[brigade] order_of_battle`).
    pub order_of_battle: bool,
    /// G19.2 The Train counters (`[[train]]`, Brigade Game), by train index.
    pub trains: Vec<TrainDef>,
    /// G19.3 The optional Caisson rule: the Caisson counters each side has
    /// (`[brigade] caissons`); 0, the rule is not in play and B7.9.3's resupply stands.
    pub caissons: u8,
    /// G23 The optional Limited Intelligence rule is played (`[brigade]
    /// limited_intelligence`): units out of the enemy's sight are obscured.
    pub limited_intelligence: bool,
    /// Tables derived from the map and charts at load.
    pub tables: crate::tables::Tables,
}

impl Data {
    /// A combat unit by data id.
    #[must_use]
    pub fn troop_by_id(&self, id: &str) -> Option<UnitId> {
        self.troops
            .iter()
            .position(|t| t.id == id)
            .map(|i| UnitId(i as u8))
    }

    /// A leader by data id.
    #[must_use]
    pub fn leader_by_id(&self, id: &str) -> Option<LeaderId> {
        self.leaders
            .iter()
            .position(|t| t.id == id)
            .map(|i| LeaderId(i as u8))
    }

    /// A garrison by data id.
    #[must_use]
    pub fn garrison_by_id(&self, id: &str) -> Option<GarrisonId> {
        self.garrisons
            .iter()
            .position(|t| t.id == id)
            .map(|i| GarrisonId(i as u8))
    }

    /// The clock label of a turn (`07:20`).
    #[must_use]
    pub fn clock(&self, turn: u8) -> String {
        let m = u32::from(self.start_minutes)
            + u32::from(self.turn_minutes) * u32::from(turn.saturating_sub(1));
        format!("{:02}:{:02}", (m / 60) % 24, m % 60)
    }

    /// The terrain of a cell.
    #[must_use]
    pub fn terrain(&self, c: Cell) -> &TerrainDef {
        &self.charts.terrain[usize::from(self.board.cells[c.ix()].terrain)]
    }

    /// The Post designated at a cell.
    #[must_use]
    pub fn post(&self, c: Cell) -> Option<&PostDef> {
        self.board.cells[c.ix()].post.map(|p| &self.posts[p.ix()])
    }

    /// The hexside features between two adjacent cells.
    pub fn features(&self, a: Cell, b: Cell) -> impl Iterator<Item = &FeatureDef> + '_ {
        let bits = self.board.features_between(a, b);
        self.charts
            .features
            .iter()
            .enumerate()
            .filter(move |(i, _)| bits & (1 << i) != 0)
            .map(|(_, f)| f)
    }

    /// Whether a Hexside Obstacle lies between two adjacent cells (15.1.1).
    #[must_use]
    pub fn obstacle_between(&self, a: Cell, b: Cell) -> bool {
        self.features(a, b).any(|f| f.obstacle)
    }

    /// The 5.1.1 Orders Chart: orders for a modified initiative roll.
    #[must_use]
    pub fn orders_for(&self, roll: i8) -> u8 {
        self.charts
            .orders
            .iter()
            .rev()
            .find(|(min, _)| *min <= roll)
            .or(self.charts.orders.first())
            .map_or(0, |x| x.1)
    }
}

// ---------------------------------------------------------------------------------------------
// Raw sections.

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawClock {
    start: String,
    #[serde(default = "twenty")]
    minutes: u16,
    #[serde(default)]
    twilight: Vec<u8>,
    #[serde(default)]
    night: Vec<u8>,
}

fn twenty() -> u16 {
    20
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawElevation {
    level: i8,
    at: Vec<String>,
}

/// `[[observation_point]]`: G23.3 windmills and towers marked on the map.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawObservationPoint {
    at: Vec<String>,
    height: i8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPath {
    #[serde(default)]
    #[allow(dead_code)]
    name: Option<String>,
    path: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLeader {
    id: String,
    side: String,
    name: String,
    #[serde(default)]
    nation: Option<String>,
    echelon: Echelon,
    #[serde(default)]
    overall: bool,
    #[serde(default)]
    superior: Option<String>,
    #[serde(default)]
    range: u8,
    #[serde(default)]
    fsm: i8,
    #[serde(default)]
    morale: i8,
    #[serde(default)]
    cvm: i8,
    #[serde(default)]
    lim: i8,
    #[serde(default)]
    er: u8,
    #[serde(default)]
    cim: i8,
    #[serde(default)]
    repl: Option<LeaderValues>,
    #[serde(default)]
    irreplaceable: bool,
    #[serde(default)]
    repl_flips: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStep {
    sp: u8,
    #[serde(default)]
    set: u8,
    mv: u8,
    #[serde(default)]
    cvm: i8,
    #[serde(default)]
    fs: u8,
    #[serde(default)]
    sed_fs: u8,
    #[serde(default)]
    canister_fs: u8,
    #[serde(default)]
    shell_fs: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTroop {
    id: String,
    side: String,
    name: String,
    #[serde(default)]
    nation: Option<String>,
    leader: String,
    #[serde(default)]
    size: Option<Size>,
    #[serde(default, rename = "type")]
    kind: Option<String>,
    #[serde(default)]
    sed: bool,
    #[serde(default)]
    rifle: bool,
    #[serde(default)]
    unit: Option<String>,
    #[serde(default)]
    gun: Option<String>,
    steps: Vec<toml::Value>,
    #[serde(default)]
    ammunition: Option<RawSheet>,
}

/// G19.1 A battery's line of the Ammunition Sheet.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSheet {
    #[serde(default)]
    round_shot: u8,
    #[serde(default)]
    shell: u8,
    #[serde(default)]
    canister: u8,
    #[serde(default)]
    shrapnel: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGarrison {
    id: String,
    side: String,
    name: String,
    area: Vec<String>,
    units: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPost {
    at: String,
    kind: PostKind,
    class: TerrainClass,
    #[serde(default)]
    fortified: bool,
    #[serde(default)]
    front: Vec<String>,
    #[serde(default)]
    name: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeploy {
    id: String,
    at: String,
    #[serde(default)]
    facing: Option<String>,
    #[serde(default)]
    formation: Option<String>,
    #[serde(default)]
    skirmishers: u8,
    #[serde(default)]
    steps: Option<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReinforcement {
    id: String,
    turn: u8,
    entry: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawObjective {
    at: String,
    name: String,
    vp: i32,
    #[serde(default)]
    owner: Option<String>,
    #[serde(default)]
    scores_for: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCost {
    #[serde(default)]
    infantry: Option<u8>,
    #[serde(default)]
    cavalry: Option<u8>,
    #[serde(default)]
    artillery: Option<u8>,
    #[serde(default)]
    sed: Option<u8>,
    #[serde(default)]
    leader: Option<u8>,
}

impl RawCost {
    fn costs(&self) -> [Option<u8>; 5] {
        [
            self.infantry,
            self.cavalry,
            self.artillery,
            self.sed,
            self.leader,
        ]
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerrain {
    id: String,
    name: String,
    class: TerrainClass,
    #[serde(default)]
    bua: bool,
    #[serde(rename = "move")]
    cost: RawCost,
    #[serde(default)]
    fsm: i8,
    #[serde(default)]
    cvm: i8,
    #[serde(default)]
    height: i8,
    #[serde(default)]
    blocks_los: bool,
    stacking: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFeature {
    id: String,
    name: String,
    #[serde(default)]
    obstacle: bool,
    #[serde(rename = "move")]
    cost: RawCost,
    #[serde(default)]
    fsm: i8,
    #[serde(default)]
    cvm: i8,
    #[serde(default = "no_los")]
    los: LosFeature,
    #[serde(default)]
    height: i8,
}

fn no_los() -> LosFeature {
    LosFeature::None
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFireColumn {
    fs: u8,
    rows: Vec<(u8, String)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFireMods {
    target_formation: BTreeMap<String, i8>,
    cavalry_target: i8,
    enfilade: i8,
    rear: i8,
    well_directed: i8,
    skirmisher_screen: Vec<i8>,
    leader_casualty: u8,
    close_fire_mc: i8,
    range: RawRange,
    post: i8,
    #[serde(default)]
    prone: i8,
    #[serde(default)]
    shrapnel_mc: i8,
    #[serde(default)]
    stationary_bz: i8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRange {
    canister: i8,
    effective: i8,
    long: i8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStacking {
    min_sp: u8,
    fsm: i8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGun {
    id: String,
    name: String,
    canister: u8,
    effective: u8,
    long: u8,
    #[serde(default)]
    low_ammo: u8,
    #[serde(default)]
    out_of_ammo: u8,
    #[serde(default)]
    brigade: Option<BrigadeBands>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTrain {
    id: String,
    side: String,
    name: String,
    leader: String,
    at: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGtf {
    leader: String,
    kind: crate::gtf::GtfKind,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSupply {
    side: String,
    at: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOdds {
    odds: String,
    cvm: i8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawColdSteel {
    losses: Vec<(i8, u8)>,
    leader_casualty: u8,
    charging: i8,
    charge_flank: i8,
    charge_rear: i8,
    square_per_sp: i8,
    assault_flank: i8,
    assault_rear: i8,
    post: i8,
    #[serde(default)]
    refused_flank: i8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRate {
    #[serde(rename = "type")]
    kind: String,
    formation: String,
    in_command: u8,
    out_of_command: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawChange {
    arm: Arm,
    from: String,
    to: String,
    cost: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNation {
    id: String,
    attack_method: AttackMethod,
    /// G18.5.2 (optional) How many ranks its line forms in, 2 or 3.
    #[serde(default)]
    ranks: Option<u8>,
    /// G18.5.3 Its units may refuse both flanks (the Prussians before 1808).
    #[serde(default)]
    refuse_both_flanks: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawForceMarch {
    #[serde(rename = "type")]
    kind: String,
    extra: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDisorder {
    obstacle: i8,
    first_change: i8,
    further_change: i8,
    dense_after_first: i8,
    force_march_per_mp: i8,
    pass_through_mp: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawColumns {
    line_to: BTreeMap<String, u8>,
    to_line: BTreeMap<String, u8>,
    column_to_close: u8,
    close_to_column: u8,
    column_to_open: u8,
    open_to_column: u8,
    target: BTreeMap<String, i8>,
    closed_square_target: i8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvolution {
    class: BTreeMap<String, i8>,
    double: i8,
    out_of_order: i8,
    inverted: i8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFatigue {
    fsm: Vec<i8>,
    mc: Vec<i8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDisorderMp {
    formation: String,
    mp: u8,
    drm: i8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRoads {
    road: u8,
    trail: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawContour {
    #[serde(rename = "move_up")]
    up: RawCost,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOrders {
    min_roll: i8,
    orders: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvent {
    min: u8,
    max: u8,
    name: String,
    text: String,
    initiative: EventInitiative,
    #[serde(default)]
    orders_roller: i8,
    #[serde(default)]
    orders_opponent: i8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFacing {
    line: String,
    column: String,
    road_column: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLeaderRolls {
    capture: Vec<u8>,
}

/// Removes provenance keys (`stated`, `source`, `note`) from a record and every record nested in
/// it, collecting `stated` names that are not fields of their record.
fn strip(v: &toml::Value, path: &str, bad: &mut Vec<(String, String)>) -> toml::Value {
    match v {
        toml::Value::Table(t) => {
            if let Some(toml::Value::Array(names)) = t.get("stated") {
                for n in names {
                    let name = n.as_str().unwrap_or("");
                    if PROVENANCE.contains(&name) || !t.contains_key(name) {
                        bad.push((
                            format!("{path}.stated"),
                            format!("`{name}` is not a field of this record"),
                        ));
                    }
                }
            }
            toml::Value::Table(
                t.iter()
                    .filter(|(k, _)| !PROVENANCE.contains(&k.as_str()))
                    .map(|(k, v)| (k.clone(), strip(v, &format!("{path}.{k}"), bad)))
                    .collect(),
            )
        }
        toml::Value::Array(a) => toml::Value::Array(
            a.iter()
                .enumerate()
                .map(|(i, x)| strip(x, &format!("{path}[{i}]"), bad))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// The scenario reader of this crate: provenance fields dropped (and their `stated` lists
/// checked) before typing; what only this system reads (sides as the engine's [`Side`], hexes of
/// its board) on top.
struct Loader<'a>(Reader<'a>);

impl<'a> std::ops::Deref for Loader<'a> {
    type Target = Reader<'a>;
    fn deref(&self) -> &Reader<'a> {
        &self.0
    }
}

impl std::ops::DerefMut for Loader<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl Loader<'_> {
    fn side(&mut self, key: &str, id: &str) -> Option<Side> {
        self.side_index(key, id)
            .map(|i| if i == 0 { Side::A } else { Side::B })
    }

    fn cell(&mut self, board: &Board, key: &str, label: &str) -> Option<Cell> {
        let c = board.parse(label);
        if c.is_none() {
            self.err(key, format!("`{label}` is not a hex of the map"));
        }
        c
    }
}

fn parse_clock(text: &str) -> Option<u16> {
    let t = text.replace(':', "");
    if t.len() != 4 || !t.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let h: u16 = t[..2].parse().ok()?;
    let m: u16 = t[2..].parse().ok()?;
    (h < 24 && m < 60).then_some(h * 60 + m)
}

fn parse_arcs(text: &str) -> Option<[Arc; 6]> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != 6 {
        return None;
    }
    let mut out = [Arc::Front; 6];
    for (o, c) in out.iter_mut().zip(chars) {
        *o = match c {
            'F' => Arc::Front,
            'L' => Arc::Flank,
            'R' => Arc::Rear,
            _ => return None,
        };
    }
    (out[0] == Arc::Front || out[5] == Arc::Front).then_some(out)
}

fn parse_odds(text: &str) -> Option<(u8, u8)> {
    let (a, b) = text.split_once('-')?;
    let a: u8 = a.trim().parse().ok()?;
    let b: u8 = b.trim().parse().ok()?;
    (a > 0 && b > 0 && a >= b).then_some((a, b))
}

/// `[scenario] level`: the game played, the Soldiers Game when absent.
fn load_level(l: &mut Loader<'_>) -> Level {
    match l.get("scenario.level").cloned() {
        None => Level::Soldiers,
        Some(toml::Value::String(v)) => match v.as_str() {
            "soldiers" => Level::Soldiers,
            "battalion" => Level::Battalion,
            "brigade" => Level::Brigade,
            other => {
                l.err(
                    "scenario.level",
                    format!(
                        "`{other}` is not a game of the series: `soldiers`, `battalion` or `brigade`"
                    ),
                );
                Level::Soldiers
            }
        },
        // The scenario format has already reported a level that is not a string.
        Some(_) => Level::Soldiers,
    }
}

/// The most combat units and leaders a scenario may have (ids are one byte).
pub const MAX_COUNTERS: usize = 250;

/// Reads a validated scenario into the rule system's data, checking every Glory and Empire
/// section.
///
/// # Errors
/// Every problem found, with file, key and message.
#[allow(clippy::too_many_lines)]
pub fn load(sc: &Scenario) -> Result<Data, Diagnostics> {
    let mut l = Loader(Reader::new(sc, strip));
    if sc.rules != "ge" {
        l.err(
            "scenario.rules",
            format!("this rule system is `ge`, not `{}`", sc.rules),
        );
    }
    let level = load_level(&mut l);
    let charts = load_charts(&mut l);
    if level >= Level::Battalion && charts.as_ref().is_some_and(|c| c.disorder.is_none()) {
        l.err(
            "movement.disorder",
            format!(
                "the {} Game needs the Move Disorder Check Events chart (B9.4)",
                if level == Level::Brigade {
                    "Brigade"
                } else {
                    "Battalion"
                }
            ),
        );
    }
    if level == Level::Brigade && charts.as_ref().is_some_and(|c| c.fatigue.is_none()) {
        l.err(
            "morale.fatigue",
            "the Brigade Game needs the Fatigue Chart (G22.2)",
        );
    }
    if level == Level::Brigade && charts.as_ref().is_some_and(|c| c.howitzer.is_none()) {
        l.err(
            "fire.howitzer",
            "the Brigade Game needs the Howitzer Attacks Hit Chart and Scatter Diagram (G19.7.2)",
        );
    }
    if level == Level::Brigade && charts.as_ref().is_some_and(|c| c.evolution.is_none()) {
        l.err(
            "movement.evolution",
            "the Brigade Game needs the Evolution Check DRMs (G17.3.1)",
        );
    }
    if level == Level::Brigade && charts.as_ref().is_some_and(|c| c.columns.is_none()) {
        l.err(
            "movement.columns",
            "the Brigade Game needs the column changes' costs (G18.2)",
        );
    }
    let board = charts.as_ref().and_then(|c| load_board(&mut l, c));

    // [clock]
    let clock: Option<RawClock> = l.table("clock");
    let (start_minutes, turn_minutes, twilight, night) = match clock {
        Some(c) => {
            let start = parse_clock(&c.start).unwrap_or_else(|| {
                l.err(
                    "clock.start",
                    format!("`{}` is not a clock time like \"07:00\"", c.start),
                );
                0
            });
            if c.minutes == 0 || c.minutes > 240 {
                l.err("clock.minutes", "minutes per turn must be from 1 to 240");
            }
            for (k, list) in [("twilight", &c.twilight), ("night", &c.night)] {
                for (i, &t) in list.iter().enumerate() {
                    if t == 0 || t > sc.turns {
                        l.err(
                            &format!("clock.{k}[{i}]"),
                            format!("turn {t} is not a turn of the scenario (1 to {})", sc.turns),
                        );
                    }
                }
            }
            if let Some(t) = c.twilight.iter().find(|t| c.night.contains(t)) {
                l.err(
                    "clock.night",
                    format!("turn {t} is listed both as twilight and as night"),
                );
            }
            (start, c.minutes, c.twilight, c.night)
        }
        None => (0, 20, Vec::new(), Vec::new()),
    };

    // Leaders.
    let raw_leaders: Vec<(usize, RawLeader)> = l.indexed("leader", true);
    let mut leaders: Vec<LeaderDef> = Vec::new();
    for (i, r) in &raw_leaders {
        let key = format!("leader[{i}]");
        let values = LeaderValues {
            range: r.range,
            fsm: r.fsm,
            morale: r.morale,
            cvm: r.cvm,
            lim: r.lim,
        };
        let side = l.side(&format!("{key}.side"), &r.side).unwrap_or(Side::A);
        if leaders.iter().any(|x| x.id == r.id) {
            l.err(
                &format!("{key}.id"),
                format!("duplicate leader id `{}`", r.id),
            );
        }
        if r.repl.is_some() && r.irreplaceable {
            l.err(
                &format!("{key}.irreplaceable"),
                "a leader with Repl values is not irreplaceable (5.2.3)",
            );
        }
        if r.echelon == Echelon::Adc && (values.range > 0 || r.overall) {
            l.err(
                &format!("{key}.echelon"),
                "an aide-de-camp has no subordinates, no Command Range and is not the OC (5.2.4)",
            );
        }
        if values.range > 20 {
            l.err(&format!("{key}.range"), "a Command Range is from 0 to 20");
        }
        let repl = if r.irreplaceable {
            None
        } else {
            // RULING: a leader without printed Repl values returns with his front values.
            Some(r.repl.unwrap_or(values))
        };
        leaders.push(LeaderDef {
            id: r.id.clone(),
            name: r.name.clone(),
            side,
            nation: r
                .nation
                .clone()
                .unwrap_or_else(|| sc.sides[side.index()].id.clone()),
            echelon: r.echelon,
            overall: r.overall,
            superior: None,
            values,
            repl,
            er: r.er,
            cim: r.cim,
            repl_flips: None,
            subordinates: Vec::new(),
            units: Vec::new(),
        });
    }
    let leader_by = |leaders: &[LeaderDef], id: &str| {
        leaders
            .iter()
            .position(|x| x.id == id)
            .map(|i| LeaderId(i as u8))
    };
    for (n, (i, r)) in raw_leaders.iter().enumerate() {
        let key = format!("leader[{i}]");
        if let Some(s) = &r.superior {
            match leader_by(&leaders, s) {
                Some(sup) if leaders[sup.ix()].side == leaders[n].side => {
                    if leaders[sup.ix()].echelon == Echelon::Adc {
                        l.err(
                            &format!("{key}.superior"),
                            format!("`{s}` is an aide-de-camp: he has no subordinates (5.2.4)"),
                        );
                    }
                    leaders[n].superior = Some(sup);
                    leaders[sup.ix()].subordinates.push(LeaderId(n as u8));
                }
                Some(_) => l.err(
                    &format!("{key}.superior"),
                    "the superior is of the other side",
                ),
                None => l.err(
                    &format!("{key}.superior"),
                    format!("`{s}` is not a declared leader"),
                ),
            }
        } else if !r.overall && r.echelon != Echelon::Adc {
            l.err(
                &format!("{key}.superior"),
                "every leader but the Overall Commander and aides-de-camp has a superior",
            );
        }
        if let Some(f) = &r.repl_flips {
            match leader_by(&leaders, f) {
                Some(x) => leaders[n].repl_flips = Some(x),
                None => l.err(
                    &format!("{key}.repl_flips"),
                    format!("`{f}` is not a declared leader"),
                ),
            }
        }
    }
    // The chain of command must not loop.
    for start in 0..leaders.len() {
        let mut seen = BTreeSet::new();
        let mut cur = Some(LeaderId(start as u8));
        while let Some(x) = cur {
            if !seen.insert(x) {
                l.err(
                    "leader",
                    format!("the chain of command above `{}` loops", leaders[start].id),
                );
                break;
            }
            cur = leaders[x.ix()].superior;
        }
    }
    let mut ocs: [Option<LeaderId>; 2] = [None, None];
    for (i, ld) in leaders.iter().enumerate() {
        if ld.overall {
            if ocs[ld.side.index()].is_some() {
                let k = raw_leaders.get(i).map_or(0, |x| x.0);
                l.err(
                    &format!("leader[{k}].overall"),
                    "only one Overall Commander per side (2.4.1)",
                );
            }
            ocs[ld.side.index()] = Some(LeaderId(i as u8));
            if ld.superior.is_some() {
                let k = raw_leaders.get(i).map_or(0, |x| x.0);
                l.err(
                    &format!("leader[{k}].superior"),
                    "the Overall Commander has no superior",
                );
            }
        }
    }
    for side in Side::ALL {
        if ocs[side.index()].is_none() && !leaders.is_empty() {
            l.err(
                "leader",
                format!(
                    "side `{}` has no Overall Commander (`overall = true`)",
                    sc.sides[side.index()].id
                ),
            );
        }
    }

    // Combat units.
    let mut troops: Vec<TroopDef> = Vec::new();
    let mut unit_groups: Vec<String> = Vec::new();
    let gun_by = |charts: &Option<Charts>, id: &str| {
        charts
            .as_ref()
            .and_then(|c| c.guns.iter().position(|g| g.id == id))
            .map(|i| i as u8)
    };
    for (section, arm) in [
        ("battalion", Arm::Infantry),
        ("squadron", Arm::Cavalry),
        ("battery", Arm::Artillery),
    ] {
        let raw: Vec<(usize, RawTroop)> = l.indexed(section, false);
        for (i, t) in raw {
            let key = format!("{section}[{i}]");
            let side = l.side(&format!("{key}.side"), &t.side).unwrap_or(Side::A);
            let kind = match (arm, t.kind.as_deref()) {
                (Arm::Infantry, None | Some("infantry")) => Kind::Infantry,
                (Arm::Infantry, Some(other)) => {
                    l.err(
                        &format!("{key}.type"),
                        format!("`{other}`: infantry has no type"),
                    );
                    Kind::Infantry
                }
                (Arm::Cavalry, Some(k)) => match Kind::parse(&format!("{k}_cavalry")) {
                    Some(k) => k,
                    None => {
                        l.err(
                            &format!("{key}.type"),
                            format!("`{k}` is not `light`, `battle` or `irregular` (2.4.3)"),
                        );
                        Kind::LightCavalry
                    }
                },
                (Arm::Artillery, Some(k)) => match k {
                    "light_foot" => Kind::LightFoot,
                    "heavy_foot" => Kind::HeavyFoot,
                    "horse" => Kind::HorseArtillery,
                    other => {
                        l.err(
                            &format!("{key}.type"),
                            format!(
                                "`{other}` is not `light_foot`, `heavy_foot` or `horse` (2.4.4)"
                            ),
                        );
                        Kind::LightFoot
                    }
                },
                (_, None) => {
                    l.err(
                        &format!("{key}.type"),
                        "missing: the type of cavalry or artillery",
                    );
                    if arm == Arm::Cavalry {
                        Kind::LightCavalry
                    } else {
                        Kind::LightFoot
                    }
                }
            };
            let leader = match leader_by(&leaders, &t.leader) {
                Some(x) if leaders[x.ix()].side == side => {
                    if leaders[x.ix()].echelon == Echelon::Adc {
                        l.err(
                            &format!("{key}.leader"),
                            "an aide-de-camp has no subordinate units (5.2.4)",
                        );
                    }
                    x
                }
                Some(_) => {
                    l.err(&format!("{key}.leader"), "the leader is of the other side");
                    LeaderId(0)
                }
                None => {
                    l.err(
                        &format!("{key}.leader"),
                        format!("`{}` is not a declared leader", t.leader),
                    );
                    LeaderId(0)
                }
            };
            if (t.sed || t.rifle) && arm != Arm::Infantry {
                l.err(
                    &format!("{key}.sed"),
                    "only infantry deploys skirmishers (7.6)",
                );
            }
            if t.rifle && !t.sed {
                l.err(
                    &format!("{key}.rifle"),
                    "rifles carry the bugle: set `sed = true` too",
                );
            }
            let gun = match (&t.gun, arm) {
                (Some(g), Arm::Artillery) => {
                    let x = gun_by(&charts, g);
                    if x.is_none() {
                        l.err(&format!("{key}.gun"), format!("`{g}` is not a [[gun]] row"));
                    }
                    x
                }
                (None, Arm::Artillery) => {
                    l.err(&format!("{key}.gun"), "missing: the gun-type row (7.9.2)");
                    None
                }
                (Some(_), _) => {
                    l.err(&format!("{key}.gun"), "only artillery has a gun type");
                    None
                }
                (None, _) => None,
            };
            let unit = t
                .unit
                .as_ref()
                .map(|u| match unit_groups.iter().position(|x| x == u) {
                    Some(p) => p as u16,
                    None => {
                        unit_groups.push(u.clone());
                        (unit_groups.len() - 1) as u16
                    }
                });
            if t.steps.is_empty() || t.steps.len() > 4 {
                l.err(
                    &format!("{key}.steps"),
                    "one to four steps, full strength first (2.4)",
                );
            }
            let mut steps = Vec::new();
            for (j, v) in t.steps.iter().enumerate().rev() {
                let sk = format!("{key}.steps[{j}]");
                if let Some(s) = l.typed::<RawStep>(&sk, v) {
                    if s.sp == 0 || s.sp > 20 {
                        l.err(&format!("{sk}.sp"), "SP must be from 1 to 20");
                    }
                    if s.mv > 99 {
                        l.err(&format!("{sk}.mv"), "a Morale Value is from 0 to 99");
                    }
                    // G18.7 In the Brigade Game cavalry may have an SeT exponent too.
                    let may_set =
                        arm == Arm::Infantry || arm == Arm::Cavalry && level == Level::Brigade;
                    if s.set > 3 || (s.set > 0 && !may_set) {
                        l.err(
                            &format!("{sk}.set"),
                            "infantry deploys 0 to 3 SP en Tirailleurs (7.6.1)",
                        );
                    }
                    if s.sed_fs > 0 && !t.sed {
                        l.err(
                            &format!("{sk}.sed_fs"),
                            "an SeD FS needs the bugle (`sed = true`)",
                        );
                    }
                    if arm == Arm::Cavalry && s.fs > 0 {
                        l.err(
                            &format!("{sk}.fs"),
                            "cavalry makes no fire attacks (3 Cold Steel)",
                        );
                    }
                    if arm != Arm::Artillery && (s.canister_fs > 0 || s.shell_fs > 0) {
                        l.err(&sk, "only artillery has a Canister or Shell FS (G19.1)");
                    }
                    steps.push(StepDef {
                        sp: s.sp,
                        set: s.set,
                        mv: s.mv,
                        cvm: s.cvm,
                        fs: s.fs,
                        sed_fs: s.sed_fs,
                        canister_fs: s.canister_fs,
                        shell_fs: s.shell_fs,
                    });
                }
            }
            if steps.is_empty() {
                steps.push(StepDef {
                    sp: 1,
                    set: 0,
                    mv: 50,
                    cvm: 0,
                    fs: 0,
                    sed_fs: 0,
                    canister_fs: 0,
                    shell_fs: 0,
                });
            }
            if troops.iter().any(|x| x.id == t.id) || leaders.iter().any(|x| x.id == t.id) {
                l.err(
                    &format!("{key}.id"),
                    format!("duplicate counter id `{}`", t.id),
                );
            }
            // G19.1 The Ammunition Sheet: artillery only, and every battery of the Brigade Game.
            let sheet = t
                .ammunition
                .as_ref()
                .map(|a| [a.round_shot, a.shell, a.canister, a.shrapnel]);
            match (sheet.is_some(), arm) {
                (true, Arm::Artillery) | (false, Arm::Infantry | Arm::Cavalry) => {}
                (true, _) => l.err(
                    &format!("{key}.ammunition"),
                    "only artillery has a line of the Ammunition Sheet (G19.1)",
                ),
                (false, Arm::Artillery) if level == Level::Brigade => l.err(
                    &format!("{key}.ammunition"),
                    "the Brigade Game needs the battery's Ammunition Sheet line (G19.1)",
                ),
                (false, Arm::Artillery) => {}
            }
            if level == Level::Brigade
                && let Some(g) = gun
                && charts
                    .as_ref()
                    .is_some_and(|c| c.guns[usize::from(g)].brigade.is_none())
            {
                l.err(
                    &format!("{key}.gun"),
                    "the Brigade Game needs the row's Brigade Artillery Chart bands \
                     (`brigade` of its [[gun]], G19.1)",
                );
            }
            let size = t.size.unwrap_or(match arm {
                Arm::Cavalry => Size::Regiment,
                _ => Size::Battalion,
            });
            let id = UnitId(troops.len().min(255) as u8);
            if leader.ix() < leaders.len() {
                leaders[leader.ix()].units.push(id);
            }
            troops.push(TroopDef {
                id: t.id.clone(),
                name: t.name.clone(),
                side,
                nation: t
                    .nation
                    .clone()
                    .unwrap_or_else(|| sc.sides[side.index()].id.clone()),
                kind,
                size,
                sed: t.sed,
                rifle: t.rifle,
                leader,
                unit,
                gun,
                steps,
                sheet,
            });
        }
    }
    if troops.is_empty() {
        l.err(
            "battalion",
            "no combat units ([[battalion]], [[squadron]], [[battery]])",
        );
    }
    for (name, n) in [("battalion", troops.len()), ("leader", leaders.len())] {
        if n > MAX_COUNTERS {
            l.err(name, format!("at most {MAX_COUNTERS} counters, not {n}"));
        }
    }
    for (i, ld) in leaders.iter().enumerate() {
        if ld.er > 0 && ld.echelon != Echelon::Corps && !ld.overall {
            let k = raw_leaders.get(i).map_or(0, |x| x.0);
            l.err(
                &format!("leader[{k}].er"),
                "an Efficiency Rating is a corps leader's or the Overall Commander's (5.4, B5.4.3)",
            );
        }
        if ld.echelon != Echelon::Adc && ld.values.range == 0 && ld.has_subordinates() {
            let k = raw_leaders.get(i).map_or(0, |x| x.0);
            l.err(
                &format!("leader[{k}].range"),
                "a leader with subordinates has a Command Range (2.4.1)",
            );
        }
    }

    let counter_by = |troops: &[TroopDef], leaders: &[LeaderDef], id: &str| -> Option<Counter> {
        troops
            .iter()
            .position(|t| t.id == id)
            .map(|i| Counter::Unit(UnitId(i as u8)))
            .or_else(|| {
                leaders
                    .iter()
                    .position(|t| t.id == id)
                    .map(|i| Counter::Leader(LeaderId(i as u8)))
            })
    };

    let mut garrisons = Vec::new();
    let mut posts = Vec::new();
    let mut deploy = Vec::new();
    let mut reinforcements = Vec::new();
    let mut objectives = Vec::new();
    let mut board = board;
    if let Some(b) = board.as_mut() {
        // Garrisons.
        let raw: Vec<(usize, RawGarrison)> = l.indexed("garrison", false);
        for (i, g) in raw {
            let key = format!("garrison[{i}]");
            let side = l.side(&format!("{key}.side"), &g.side).unwrap_or(Side::A);
            let mut area = Vec::new();
            for (j, h) in g.area.iter().enumerate() {
                if let Some(c) = l.cell(b, &format!("{key}.area[{j}]"), h) {
                    area.push(c);
                }
            }
            area.sort_unstable();
            area.dedup();
            let mut units = Vec::new();
            for (j, u) in g.units.iter().enumerate() {
                match troops.iter().position(|t| t.id == *u) {
                    Some(x) if troops[x].side == side => units.push(UnitId(x as u8)),
                    Some(_) => l.err(&format!("{key}.units[{j}]"), "a unit of the other side"),
                    None => l.err(
                        &format!("{key}.units[{j}]"),
                        format!("`{u}` is not a declared combat unit"),
                    ),
                }
            }
            if garrisons
                .iter()
                .any(|x: &GarrisonDef| x.units.iter().any(|u| units.contains(u)))
            {
                l.err(
                    &format!("{key}.units"),
                    "a unit is assigned to two garrisons",
                );
            }
            garrisons.push(GarrisonDef {
                id: g.id,
                name: g.name,
                side,
                area,
                units,
            });
        }
        // Posts.
        let raw: Vec<(usize, RawPost)> = l.indexed("post", false);
        for (i, p) in raw {
            let key = format!("post[{i}]");
            let Some(c) = l.cell(b, &format!("{key}.at"), &p.at) else {
                continue;
            };
            if !p.class.dense() {
                l.err(
                    &format!("{key}.class"),
                    "a Post is an MDT or HDT hex (15.2)",
                );
            }
            let mut front = 0u8;
            for (j, d) in p.front.iter().enumerate() {
                match d.parse::<EdgeDir>() {
                    Ok(d) => front |= 1 << d.index(),
                    Err(_) => l.err(
                        &format!("{key}.front[{j}]"),
                        format!("`{d}` is not a hexside (N, NE, SE, S, SW, NW)"),
                    ),
                }
            }
            match p.kind {
                PostKind::Earthwork if front == 0 => l.err(
                    &format!("{key}.front"),
                    "an earthwork names its front hexsides (15.2.2)",
                ),
                PostKind::Building if front != 0 => l.err(
                    &format!("{key}.front"),
                    "a building has all-round facing and no front (15.2.1)",
                ),
                _ => {}
            }
            if b.cells[c.ix()].post.is_some() {
                l.err(&format!("{key}.at"), "a second Post in this hex");
                continue;
            }
            b.cells[c.ix()].post = Some(PostId(posts.len() as u8));
            posts.push(PostDef {
                cell: c,
                kind: p.kind,
                class: p.class,
                fortified: p.fortified || p.kind == PostKind::Earthwork,
                front,
                name: p.name,
            });
        }
        // Deployment.
        let mut seen: BTreeSet<Counter> = BTreeSet::new();
        let raw: Vec<(usize, RawDeploy)> = l.indexed("deploy", true);
        for (i, d) in raw {
            let key = format!("deploy[{i}]");
            let Some(c) = counter_by(&troops, &leaders, &d.id) else {
                l.err(
                    &format!("{key}.id"),
                    format!("`{}` is not a declared combat unit or leader", d.id),
                );
                continue;
            };
            if !seen.insert(c) {
                l.err(
                    &format!("{key}.id"),
                    format!("`{}` is deployed twice", d.id),
                );
            }
            let Some(cell) = l.cell(b, &format!("{key}.at"), &d.at) else {
                continue;
            };
            let (facing, formation, steps) = match c {
                Counter::Unit(u) => {
                    let t = &troops[u.ix()];
                    let facing = match &d.facing {
                        Some(f) => f.parse::<Facing>().unwrap_or_else(|_| {
                            l.err(&format!("{key}.facing"), format!("`{f}` is not a facing"));
                            Facing::ALL[0]
                        }),
                        None => {
                            l.err(&format!("{key}.facing"), "missing: a combat unit's facing");
                            Facing::ALL[0]
                        }
                    };
                    let formation = match &d.formation {
                        Some(f) => Formation::parse(f).unwrap_or_else(|| {
                            l.err(
                                &format!("{key}.formation"),
                                format!("`{f}` is not a formation"),
                            );
                            Formation::Column
                        }),
                        None => {
                            if t.arm() == Arm::Artillery {
                                Formation::Limbered
                            } else {
                                Formation::Column
                            }
                        }
                    };
                    if !crate::formation::arm_may_form(t, formation)
                        || formation == Formation::Dispersed
                    {
                        l.err(
                            &format!("{key}.formation"),
                            format!(
                                "{} cannot be in {}",
                                t.kind.name().replace('_', " "),
                                formation.name()
                            ),
                        );
                    }
                    if let Some(msg) = crate::formation::facing_problem(formation, facing) {
                        l.err(&format!("{key}.facing"), msg);
                    }
                    let steps = d.steps.unwrap_or(t.full());
                    if steps == 0 || steps > t.full() {
                        l.err(&format!("{key}.steps"), format!("from 1 to {}", t.full()));
                    }
                    if d.skirmishers > t.at(steps).set
                        || (d.skirmishers > 0
                            && !matches!(formation, Formation::Line | Formation::Column))
                    {
                        l.err(
                            &format!("{key}.skirmishers"),
                            "more skirmishers than the unit may deploy, or not in Line or Column (7.6)",
                        );
                    }
                    (facing, formation, steps.clamp(1, t.full()))
                }
                Counter::Leader(_) => {
                    if d.formation.is_some() || d.facing.is_some() || d.steps.is_some() {
                        l.err(&key, "a leader has no facing, formation or steps");
                    }
                    (Facing::ALL[0], Formation::Column, 0)
                }
            };
            deploy.push(Deploy {
                counter: c,
                cell,
                facing,
                formation,
                skirmishers: d.skirmishers,
                steps,
            });
        }
        // Reinforcements.
        let raw: Vec<(usize, RawReinforcement)> = l.indexed("reinforcement", false);
        for (i, r) in raw {
            let key = format!("reinforcement[{i}]");
            let Some(c) = counter_by(&troops, &leaders, &r.id) else {
                l.err(
                    &format!("{key}.id"),
                    format!("`{}` is not a declared combat unit or leader", r.id),
                );
                continue;
            };
            if !seen.insert(c) {
                l.err(
                    &format!("{key}.id"),
                    format!("`{}` is deployed or arrives twice", r.id),
                );
            }
            if r.turn < 1 || r.turn > sc.turns {
                l.err(&format!("{key}.turn"), format!("from 1 to {}", sc.turns));
            }
            let mut entry = Vec::new();
            for (j, h) in r.entry.iter().enumerate() {
                if let Some(c) = l.cell(b, &format!("{key}.entry[{j}]"), h) {
                    entry.push(c);
                }
            }
            entry.sort_unstable();
            entry.dedup();
            if entry.is_empty() {
                l.err(
                    &format!("{key}.entry"),
                    "an entry area of at least one hex (9.3)",
                );
            }
            reinforcements.push(Reinforcement {
                counter: c,
                turn: r.turn,
                entry,
            });
        }
        // Stacking at the start (6): within each hex's limit, one side per hex.
        let mut per: BTreeMap<Cell, (u32, Option<Side>, bool)> = BTreeMap::new();
        for d in &deploy {
            if let Counter::Unit(u) = d.counter {
                let t = &troops[u.ix()];
                let e = per.entry(d.cell).or_insert((0, Some(t.side), false));
                e.0 += u32::from(t.at(d.steps).sp);
                if e.1 != Some(t.side) {
                    e.2 = true;
                }
            }
        }
        for (cell, (sp, _, mixed)) in per {
            let limit = charts.as_ref().map_or(99, |c| {
                c.terrain[usize::from(b.cells[cell.ix()].terrain)].stacking
            });
            if mixed {
                l.err(
                    "deploy",
                    format!("hex {} holds units of both sides (6.1)", b.label(cell)),
                );
            }
            if sp > u32::from(limit) {
                l.err(
                    "deploy",
                    format!(
                        "hex {} holds {sp} SP, over its stacking limit of {limit} (6)",
                        b.label(cell)
                    ),
                );
            }
        }
        // Objectives.
        let raw: Vec<(usize, RawObjective)> = l.indexed("objective", false);
        for (i, o) in raw {
            let key = format!("objective[{i}]");
            let Some(cell) = l.cell(b, &format!("{key}.at"), &o.at) else {
                continue;
            };
            let owner = match &o.owner {
                Some(s) => l.side(&format!("{key}.owner"), s),
                None => None,
            };
            let scores_for = match &o.scores_for {
                Some(s) => l.side(&format!("{key}.scores_for"), s),
                None => None,
            };
            objectives.push(Objective {
                cell,
                name: o.name,
                vp: o.vp,
                owner,
                scores_for,
            });
        }
    }
    let scoring: Option<Scoring> = l.table("scoring");
    // B13.1.6 Attack Methods by nation.
    let mut attack_methods: Vec<(String, AttackMethod)> = Vec::new();
    let mut ranks: Vec<(String, u8)> = Vec::new();
    let mut refuse_both: Vec<String> = Vec::new();
    for (i, n) in l.indexed::<RawNation>("nation", false) {
        if n.refuse_both_flanks {
            refuse_both.push(n.id.clone());
        }
        match n.ranks {
            None => {}
            Some(r @ (2 | 3)) => ranks.push((n.id.clone(), r)),
            Some(r) => l.err(
                &format!("nation[{i}].ranks"),
                format!("a line forms in 2 or 3 ranks (G18.5.2), not {r}"),
            ),
        }
        if attack_methods.iter().any(|x| x.0 == n.id) {
            l.err(
                &format!("nation[{i}].id"),
                format!("nation `{}` is listed twice", n.id),
            );
        }
        attack_methods.push((n.id, n.attack_method));
    }
    attack_methods.sort();
    ranks.sort();
    refuse_both.sort();
    // B7.9.3 Supply Sources.
    let mut supply: BySide<Vec<Cell>> = BySide::new(Vec::new(), Vec::new());
    for (i, r) in l.indexed::<RawSupply>("supply", false) {
        let side = l.side(&format!("supply[{i}].side"), &r.side);
        for (j, label) in r.at.iter().enumerate() {
            let c = board
                .as_ref()
                .and_then(|b| l.cell(b, &format!("supply[{i}].at[{j}]"), label));
            if let (Some(side), Some(c)) = (side, c) {
                supply[side].push(c);
            }
        }
    }
    for side in Side::ALL {
        supply[side].sort_unstable();
        supply[side].dedup();
    }

    // G17.2 The brigades' GTF markers at the start. RULING: only a brigade leader's, in the
    // Brigade Game, one each (ge-rulings 146).
    let mut gtfs: Vec<(LeaderId, crate::gtf::GtfKind)> = Vec::new();
    for (i, r) in l.indexed::<RawGtf>("gtf", false) {
        let key = format!("gtf[{i}].leader");
        match leader_by(&leaders, &r.leader) {
            None => l.err(&key, format!("`{}` is not a leader", r.leader)),
            Some(_) if level != Level::Brigade => {
                l.err(&key, "GTF markers are the Brigade Game's (G17.2)");
            }
            Some(x)
                if !leaders[x.ix()].subordinates.is_empty() || leaders[x.ix()].units.is_empty() =>
            {
                l.err(
                    &key,
                    "only a brigade leader, with combat units and no leaders under him, has a GTF (G17.1)",
                );
            }
            Some(x) if gtfs.iter().any(|&(y, _)| y == x) => {
                l.err(&key, "one GTF marker for each brigade leader");
            }
            Some(x) => gtfs.push((x, r.kind)),
        }
    }
    gtfs.sort();
    // G17.4 The optional Order of Battle.
    let order_of_battle = match l.get("brigade.order_of_battle").cloned() {
        None => false,
        Some(toml::Value::Boolean(b)) if b && level != Level::Brigade => {
            l.err(
                "brigade.order_of_battle",
                "the Order of Battle is the Brigade Game's (G17.4)",
            );
            false
        }
        Some(toml::Value::Boolean(b)) => b,
        Some(_) => {
            l.err("brigade.order_of_battle", "true or false");
            false
        }
    };
    // G23 The optional Limited Intelligence.
    // RULING: switched by the scenario, the Brigade Game's alone (ge-rulings 179).
    let limited_intelligence = match l.get("brigade.limited_intelligence").cloned() {
        None => false,
        Some(toml::Value::Boolean(b)) if b && level != Level::Brigade => {
            l.err(
                "brigade.limited_intelligence",
                "Limited Intelligence is the Brigade Game's (G23)",
            );
            false
        }
        Some(toml::Value::Boolean(b)) => b,
        Some(_) => {
            l.err("brigade.limited_intelligence", "true or false");
            false
        }
    };

    // G19.2 Trains, G19.3 the optional Caissons (Brigade Game).
    let mut trains: Vec<TrainDef> = Vec::new();
    for (i, r) in l.indexed::<RawTrain>("train", false) {
        let key = format!("train[{i}]");
        if level != Level::Brigade {
            l.err(&key, "Trains are the Brigade Game's (G19.2)");
            continue;
        }
        let side = l.side(&format!("{key}.side"), &r.side);
        let at = board
            .as_ref()
            .and_then(|b| l.cell(b, &format!("{key}.at"), &r.at));
        let leader = leader_by(&leaders, &r.leader);
        if leader.is_none() {
            l.err(
                &format!("{key}.leader"),
                format!("`{}` is not a leader", r.leader),
            );
        }
        if trains.iter().any(|t| t.id == r.id)
            || troops.iter().any(|x| x.id == r.id)
            || leaders.iter().any(|x| x.id == r.id)
        {
            l.err(
                &format!("{key}.id"),
                format!("duplicate counter id `{}`", r.id),
            );
        }
        if let (Some(side), Some(at), Some(leader)) = (side, at, leader) {
            if leaders[leader.ix()].side != side {
                l.err(&format!("{key}.leader"), "a leader of the Train's own side");
            } else if trains.iter().any(|t| t.at == at) {
                l.err(&format!("{key}.at"), "one Train counter in a hex (G19.2)");
            } else if deploy
                .iter()
                .any(|d| d.cell == at && matches!(d.counter, Counter::Unit(_)))
            {
                l.err(
                    &format!("{key}.at"),
                    "only Caissons and leaders stack with a Train (G19.2)",
                );
            } else {
                trains.push(TrainDef {
                    id: r.id,
                    side,
                    name: r.name,
                    leader,
                    at,
                });
            }
        }
    }
    let caissons = match l.get("brigade.caissons").cloned() {
        None => 0,
        Some(toml::Value::Integer(n)) if (0..=20).contains(&n) => {
            if n > 0 && level != Level::Brigade {
                l.err(
                    "brigade.caissons",
                    "Caissons are the Brigade Game's (G19.3)",
                );
            }
            n as u8
        }
        Some(_) => {
            l.err(
                "brigade.caissons",
                "the Caisson counters of each side, 0 to 20 (G19.3)",
            );
            0
        }
    };

    let diags = std::mem::take(&mut l.diags);
    match (charts, board, ocs, scoring) {
        (Some(charts), Some(board), [Some(a), Some(b)], Some(scoring)) if diags.is_empty() => {
            let tables = crate::tables::Tables::new(&board, &charts, &posts, &objectives);
            Ok(Data {
                id: sc.id.clone(),
                name: sc.name.clone(),
                level,
                sides: BySide::new(
                    (sc.sides[0].id.clone(), sc.sides[0].name.clone()),
                    (sc.sides[1].id.clone(), sc.sides[1].name.clone()),
                ),
                turns: sc.turns,
                start_minutes,
                turn_minutes,
                twilight,
                night,
                board,
                charts,
                troops,
                leaders,
                armies: BySide::new(ArmyDef { oc: a }, ArmyDef { oc: b }),
                garrisons,
                posts,
                deploy,
                reinforcements,
                objectives,
                attack_methods,
                ranks,
                refuse_both,
                supply,
                scoring,
                gtfs,
                order_of_battle,
                trains,
                caissons,
                limited_intelligence,
                tables,
            })
        }
        _ => {
            let mut diags = diags;
            if diags.is_empty() {
                diags.push(Diagnostic {
                    file: "?".into(),
                    key: "scenario".into(),
                    message: "could not be read".into(),
                });
            }
            Err(Diagnostics(diags))
        }
    }
}

#[allow(clippy::too_many_lines)]
fn load_board(l: &mut Loader<'_>, charts: &Charts) -> Option<Board> {
    let m = &l.sc.map;
    let mut terrain_ix = Vec::new();
    let mut ok = true;
    for id in &m.terrain_ids {
        match charts.terrain.iter().position(|t| t.id == *id) {
            Some(i) => terrain_ix.push(i as u8),
            None => {
                l.err(
                    "hex",
                    format!("terrain `{id}` is not in the Terrain Effects Chart ([[terrain]])"),
                );
                terrain_ix.push(0);
                ok = false;
            }
        }
    }
    let hexes: Vec<Hex> = m.terrain.hexes().collect();
    if hexes.len() > usize::from(u16::MAX) {
        l.err("map", "the map is too large");
        return None;
    }
    let mut next = 0u16;
    let index = HexGrid::from_fn(m.numbering, m.terrain.columns(), m.terrain.rows(), |_| {
        next += 1;
        Cell(next - 1)
    });
    debug_assert!(
        hexes
            .iter()
            .enumerate()
            .all(|(i, &h)| index.get(h) == Some(&Cell(i as u16)))
    );
    let mut cells = Vec::with_capacity(hexes.len());
    for &h in &hexes {
        let t = m.terrain.get(h).copied().unwrap_or(0);
        let mut nbr = [None; 6];
        let mut features = [0u32; 6];
        let mut road = 0u8;
        for d in EdgeDir::ALL {
            let n = h.neighbor(d);
            let di = d.index() as usize;
            nbr[di] = index.get(n).copied();
            for f in m.features_between(h, n) {
                match charts.features.iter().position(|x| x.id == *f) {
                    Some(fi) => features[di] |= 1 << fi,
                    None => {
                        l.err(
                            "hexside",
                            format!("feature `{f}` is not in the Terrain Effects Chart ([[hexside_feature]])"),
                        );
                        ok = false;
                    }
                }
            }
            if m.road_between(h, n) {
                road |= 1 << di;
            }
        }
        cells.push(CellInfo {
            hex: h,
            terrain: terrain_ix.get(usize::from(t)).copied().unwrap_or(0),
            level: 0,
            nbr,
            features,
            road,
            trail: 0,
            post: None,
            top_contour: [false; 6],
            observation: 0,
        });
    }
    if !m.slopes.is_empty() {
        l.err(
            "upslope",
            "Glory and Empire maps give Elevation Levels ([[elevation]]), not upslope hexsides",
        );
    }
    let mut board = Board {
        numbering: m.numbering,
        cells,
        index,
        names: BTreeMap::new(),
        size: (m.columns, m.rows),
    };
    board.names = m
        .names
        .iter()
        .filter_map(|(h, n)| board.cell(*h).map(|c| (c, n.clone())))
        .collect();
    // Elevation.
    let raw: Vec<(usize, RawElevation)> = l.indexed("elevation", false);
    let mut leveled = BTreeSet::new();
    for (i, e) in raw {
        for (j, h) in e.at.iter().enumerate() {
            let key = format!("elevation[{i}].at[{j}]");
            if let Some(c) = l.cell(&board, &key, h) {
                if !leveled.insert(c) {
                    l.err(&key, format!("hex {h} is given two Elevation Levels"));
                }
                board.cells[c.ix()].level = e.level;
            }
        }
    }
    // G23.3 Observation Points. RULING: their height is map data, in levels (ge-rulings 185).
    let raw: Vec<(usize, RawObservationPoint)> = l.indexed("observation_point", false);
    for (i, o) in raw {
        if o.height < 1 {
            l.err(
                &format!("observation_point[{i}].height"),
                "an Observation Point stands at least one Elevation Level above its hex (G23.3)",
            );
        }
        for (j, h) in o.at.iter().enumerate() {
            let key = format!("observation_point[{i}].at[{j}]");
            if let Some(c) = l.cell(&board, &key, h) {
                if board.cells[c.ix()].observation != 0 {
                    l.err(&key, format!("hex {h} is given two Observation Points"));
                }
                board.cells[c.ix()].observation = o.height.max(1);
            }
        }
    }
    // Trails.
    let raw: Vec<(usize, RawPath)> = l.indexed("trail_path", false);
    for (i, p) in raw {
        let mut prev: Option<Cell> = None;
        if p.path.len() < 2 {
            l.err(
                &format!("trail_path[{i}].path"),
                "a trail joins at least two hexes",
            );
        }
        for (j, h) in p.path.iter().enumerate() {
            let key = format!("trail_path[{i}].path[{j}]");
            let Some(c) = l.cell(&board, &key, h) else {
                prev = None;
                continue;
            };
            if let Some(a) = prev {
                match board.direction(a, c) {
                    Some(d) => {
                        board.cells[a.ix()].trail |= 1 << d.index();
                        board.cells[c.ix()].trail |= 1 << d.opposite().index();
                    }
                    None => l.err(&key, format!("hex {h} is not adjacent to the previous hex")),
                }
            }
            prev = Some(c);
        }
    }
    // 11.2.2 case 1: top contours. RULING: a contour is a hill's top when its upper hex has no
    // higher neighbour.
    for ci in 0..board.cells.len() {
        let lv = board.cells[ci].level;
        let top = board.cells[ci]
            .nbr
            .iter()
            .flatten()
            .all(|n| board.cells[n.ix()].level <= lv);
        if !top {
            continue;
        }
        for d in 0..6 {
            if let Some(n) = board.cells[ci].nbr[d]
                && board.cells[n.ix()].level < lv
            {
                board.cells[ci].top_contour[d] = true;
                let back = (d + 3) % 6;
                board.cells[n.ix()].top_contour[back] = true;
            }
        }
    }
    ok.then_some(board)
}

#[allow(clippy::too_many_lines)]
fn load_charts(l: &mut Loader<'_>) -> Option<Charts> {
    let mut ok = true;
    // 12.3 Fire Chart.
    let raw: Vec<(usize, RawFireColumn)> = l.indexed("fire.column", true);
    let mut fire = Vec::new();
    for (n, (i, c)) in raw.iter().enumerate() {
        let key = format!("fire.column[{i}]");
        if usize::from(c.fs) != n {
            l.err(
                &format!("{key}.fs"),
                format!("columns go FS 0, 1, 2 ... in order; expected {n}"),
            );
            ok = false;
        }
        let mut rows = Vec::new();
        for (j, (min, text)) in c.rows.iter().enumerate() {
            match FireResult::parse(text) {
                Ok(r) => rows.push((*min, r)),
                Err(e) => {
                    l.err(&format!("{key}.rows[{j}]"), e);
                    ok = false;
                }
            }
        }
        if rows.first().is_none_or(|r| r.0 != 0)
            || rows.windows(2).any(|w| w[0].0 >= w[1].0)
            || rows.iter().any(|r| r.0 > 99)
        {
            l.err(
                &format!("{key}.rows"),
                "rows start at roll 0 and their thresholds ascend within 00-99 (12.3)",
            );
            ok = false;
        }
        fire.push(FireColumn { rows });
    }
    if fire.is_empty() {
        ok = false;
    }
    let limits: Option<FireLimits> = l.table("fire.limits");
    let raw_mods: Option<RawFireMods> = l.table("fire.modifiers");
    let stacking: Vec<RawStacking> = l.array("fire.target_stacking", true);
    let mut stacking: Vec<(u8, i8)> = stacking.iter().map(|s| (s.min_sp, s.fsm)).collect();
    stacking.sort_unstable();
    let fsm = raw_mods.map(|m| {
        let mut tf = [0i8; 8];
        for (k, v) in &m.target_formation {
            match Formation::parse(k) {
                Some(f) => tf[f.ix()] = *v,
                None => {
                    l.err(
                        &format!("fire.modifiers.target_formation.{k}"),
                        "not a formation",
                    );
                    ok = false;
                }
            }
        }
        let mut sk = [0i8; 4];
        if m.skirmisher_screen.len() != 3 {
            l.err(
                "fire.modifiers.skirmisher_screen",
                "three values: Sk-1, Sk-2, Sk-3 (7.6.6)",
            );
            ok = false;
        }
        for (i, v) in m.skirmisher_screen.iter().take(3).enumerate() {
            sk[i + 1] = *v;
        }
        FireMods {
            target_formation: tf,
            cavalry_target: m.cavalry_target,
            enfilade: m.enfilade,
            rear: m.rear,
            well_directed: m.well_directed,
            skirmisher_screen: sk,
            leader_casualty: m.leader_casualty,
            close_fire_mc: m.close_fire_mc,
            stacking: stacking.clone(),
            range: [m.range.canister, m.range.effective, m.range.long],
            post: m.post,
            prone: m.prone,
            shrapnel_mc: m.shrapnel_mc,
            stationary_bz: m.stationary_bz,
        }
    });
    // 7.9.2 Guns.
    let raw: Vec<(usize, RawGun)> = l.indexed("gun", true);
    let mut guns = Vec::new();
    for (i, g) in raw {
        if !(g.canister >= 1 && g.canister <= g.effective && g.effective <= g.long && g.long <= 8) {
            l.err(
                &format!("gun[{i}]"),
                "range bands need 1 <= canister <= effective <= long <= 8 (1000 m)",
            );
            ok = false;
        }
        if let Some(bb) = &g.brigade {
            let rising =
                |v: &[u8]| v[0] >= 1 && v.windows(2).all(|w| w[0] <= w[1]) && v[v.len() - 1] <= 10;
            if !(rising(&bb.round_shot) && rising(&bb.shell) && rising(&bb.canister)) {
                l.err(
                    &format!("gun[{i}].brigade"),
                    "each round's bands end at 1 hex or more, in order, by 10 hexes (G19.1)",
                );
                ok = false;
            }
        }
        guns.push(GunDef {
            id: g.id,
            name: g.name,
            canister: g.canister,
            effective: g.effective,
            long: g.long,
            low_ammo: g.low_ammo,
            out_of_ammo: g.out_of_ammo,
            brigade: g.brigade,
        });
    }
    // 8 Morale.
    let mut states = [StateMarker::default(); 4];
    for (i, name) in ["disorder", "shaken", "broken", "rout"].iter().enumerate() {
        match l.table::<StateMarker>(&format!("morale.{name}")) {
            Some(m) => states[i] = m,
            None => ok = false,
        }
    }
    let mc: Option<MoraleMods> = l.table("morale.checks");
    // 13.5 Cold steel.
    let odds: Vec<(usize, RawOdds)> = l.indexed("cold_steel.odds", true);
    let mut odds_out = Vec::new();
    for (i, o) in odds {
        match parse_odds(&o.odds) {
            Some((a, b)) => odds_out.push((a, b, o.cvm)),
            None => {
                l.err(
                    &format!("cold_steel.odds[{i}].odds"),
                    format!("`{}` is not odds like 3-2 (larger first)", o.odds),
                );
                ok = false;
            }
        }
    }
    if odds_out
        .windows(2)
        .any(|w| u32::from(w[0].0) * u32::from(w[1].1) >= u32::from(w[1].0) * u32::from(w[0].1))
    {
        l.err("cold_steel.odds", "odds must ascend");
        ok = false;
    }
    let cs: Option<RawColdSteel> = l.table("cold_steel.values");
    let cold_steel = cs.map(|c| {
        if c.losses.is_empty() || c.losses.windows(2).any(|w| w[0].0 >= w[1].0) {
            l.err(
                "cold_steel.values.losses",
                "thresholds must ascend (13.5.1)",
            );
            ok = false;
        }
        ColdSteel {
            odds: odds_out.clone(),
            losses: c.losses,
            leader_casualty: c.leader_casualty,
            charging: c.charging,
            charge_flank: c.charge_flank,
            charge_rear: c.charge_rear,
            square_per_sp: c.square_per_sp,
            assault_flank: c.assault_flank,
            assault_rear: c.assault_rear,
            post: c.post,
            refused_flank: c.refused_flank,
        }
    });
    // 15 TEC.
    let raw: Vec<RawTerrain> = l.array("terrain", true);
    let terrain: Vec<TerrainDef> = raw
        .into_iter()
        .map(|t| TerrainDef {
            cost: t.cost.costs(),
            id: t.id,
            name: t.name,
            class: t.class,
            bua: t.bua,
            fsm: t.fsm,
            cvm: t.cvm,
            height: t.height,
            blocks_los: t.blocks_los,
            stacking: t.stacking,
        })
        .collect();
    if terrain.is_empty() {
        ok = false;
    }
    let raw: Vec<RawFeature> = l.array("hexside_feature", false);
    if raw.len() > 32 {
        l.err("hexside_feature", "at most 32 hexside features");
        ok = false;
    }
    let features: Vec<FeatureDef> = raw
        .into_iter()
        .map(|f| FeatureDef {
            cost: f.cost.costs(),
            id: f.id,
            name: f.name,
            obstacle: f.obstacle,
            fsm: f.fsm,
            cvm: f.cvm,
            los: f.los,
            height: f.height,
        })
        .collect();
    // 9 Movement.
    let roads: Option<RawRoads> = l.table("movement.roads");
    let contour: Option<RawContour> = l.table("movement.contour");
    let contour_up = contour.map_or([0; 5], |c| c.up.costs().map(|x| x.unwrap_or(0)));
    let raw: Vec<(usize, RawRate)> = l.indexed("movement.rate", true);
    let mut rates = [[None; 8]; 7];
    let mut leader_ma = None;
    for (i, r) in raw {
        let key = format!("movement.rate[{i}]");
        if r.kind == "leader" {
            leader_ma = Some(r.in_command);
            continue;
        }
        let (Some(k), Some(f)) = (Kind::parse(&r.kind), Formation::parse(&r.formation)) else {
            l.err(
                &key,
                format!(
                    "`{}` / `{}` is not a unit type and formation",
                    r.kind, r.formation
                ),
            );
            ok = false;
            continue;
        };
        if r.out_of_command > r.in_command {
            l.err(&key, "Out of Command MA is not above In Command MA (5.3)");
        }
        rates[k as usize][f.ix()] = Some((r.in_command, r.out_of_command));
    }
    if leader_ma.is_none() {
        l.err("movement.rate", "no row for `leader`");
        ok = false;
    }
    let raw: Vec<(usize, RawChange)> = l.indexed("movement.change", true);
    let mut changes = [[[None; 8]; 8]; 3];
    for (i, c) in raw {
        let (Some(a), Some(b)) = (Formation::parse(&c.from), Formation::parse(&c.to)) else {
            l.err(&format!("movement.change[{i}]"), "not formations");
            ok = false;
            continue;
        };
        changes[c.arm as usize][a.ix()][b.ix()] = Some(c.cost);
    }
    // B9.5 Force March and B9.4 Disorder Checks (Battalion Game; optional otherwise).
    let mut force_march = [0u8; 7];
    for (i, r) in l.indexed::<RawForceMarch>("movement.force_march", false) {
        match Kind::parse(&r.kind) {
            Some(k) => force_march[k as usize] = r.extra,
            None => {
                l.err(
                    &format!("movement.force_march[{i}].type"),
                    format!("`{}` is not a unit type", r.kind),
                );
                ok = false;
            }
        }
    }
    let disorder = match l.get("movement.disorder").cloned() {
        None => None,
        Some(v) => l.typed::<RawDisorder>("movement.disorder", &v).map(|d| {
            let mut over_mp = Vec::new();
            for (i, r) in l.indexed::<RawDisorderMp>("movement.disorder_mp", false) {
                match Formation::parse(&r.formation) {
                    Some(f) => over_mp.push((f, r.mp, r.drm)),
                    None => {
                        l.err(
                            &format!("movement.disorder_mp[{i}].formation"),
                            format!("`{}` is not a formation", r.formation),
                        );
                    }
                }
            }
            DisorderChart {
                obstacle: d.obstacle,
                first_change: d.first_change,
                further_change: d.further_change,
                dense_after_first: d.dense_after_first,
                force_march_per_mp: d.force_march_per_mp,
                pass_through_mp: d.pass_through_mp,
                over_mp,
            }
        }),
    };
    let fatigue = match l.get("morale.fatigue").cloned() {
        None => None,
        Some(v) => l.typed::<RawFatigue>("morale.fatigue", &v).and_then(|f| {
            let three = |v: &[i8]| <[i8; 3]>::try_from(v).ok();
            match (three(&f.fsm), three(&f.mc)) {
                (Some(fsm), Some(mc)) => Some(FatigueChart { fsm, mc }),
                _ => {
                    l.err(
                        "morale.fatigue",
                        "fsm and mc give one value for each level, 1 to 3",
                    );
                    None
                }
            }
        }),
    };
    let howitzer = match l.get("fire.howitzer").cloned() {
        None => None,
        Some(v) => l.typed::<HowitzerChart>("fire.howitzer", &v).and_then(|h| {
            if h.hit_on > 99 || h.fire_from > 99 || h.distance.iter().any(|&d| d == 0 || d > 4) {
                l.err(
                    "fire.howitzer",
                    "hit_on and fire_from are rolls 00-99; each distance 1 to 4 hexes",
                );
                None
            } else {
                Some(h)
            }
        }),
    };
    let evolution = match l.get("movement.evolution").cloned() {
        None => None,
        Some(v) => l
            .typed::<RawEvolution>("movement.evolution", &v)
            .and_then(|r| {
                use crate::gtf::EvolutionClass as C;
                let mut class = [0i8; 5];
                for c in [C::Simple, C::Ordinary, C::Difficult, C::Complex] {
                    match r.class.get(c.name()) {
                        Some(&v) => class[c as usize] = v,
                        None => {
                            l.err(
                                "movement.evolution.class",
                                format!("no DRM for the {} evolutions (G17.3)", c.name()),
                            );
                            return None;
                        }
                    }
                }
                Some(EvolutionChart {
                    class,
                    double: r.double,
                    out_of_order: r.out_of_order,
                    inverted: r.inverted,
                })
            }),
    };
    let columns = match l.get("movement.columns").cloned() {
        None => None,
        Some(v) => l.typed::<RawColumns>("movement.columns", &v).and_then(|c| {
            let mut bad = false;
            let mut per = |m: &BTreeMap<String, u8>| {
                let mut out = [0u8; 3];
                for k in ColumnKind::CLOSE_ORDER {
                    match m.get(k.name()) {
                        Some(&v) => out[k.ix()] = v,
                        None => bad = true,
                    }
                }
                if m.keys()
                    .any(|k| ColumnKind::parse(k).is_none_or(|k| !k.close_order()))
                {
                    bad = true;
                }
                out
            };
            let line_to = per(&c.line_to);
            let to_line = per(&c.to_line);
            let mut target = [0i8; 4];
            for k in ColumnKind::ALL {
                match c.target.get(k.name()) {
                    Some(&v) => target[k.ix()] = v,
                    None => bad = true,
                }
            }
            if bad {
                l.err(
                    "movement.columns",
                    "line_to and to_line need close_column, attack_column and \
                     division_mass, target those and open_column, and nothing else",
                );
                return None;
            }
            Some(ColumnChart {
                line_to,
                to_line,
                column_to_close: c.column_to_close,
                close_to_column: c.close_to_column,
                column_to_open: c.column_to_open,
                open_to_column: c.open_to_column,
                target,
                closed_square_target: c.closed_square_target,
            })
        }),
    };
    // 5 Command.
    let raw: Vec<RawOrders> = l.array("command.orders", true);
    let mut orders: Vec<(i8, u8)> = raw.iter().map(|o| (o.min_roll, o.orders)).collect();
    orders.sort_unstable();
    let raw: Vec<(usize, RawEvent)> = l.indexed("command.event", true);
    let mut events = Vec::new();
    let mut covered = [false; 100];
    for (i, e) in raw {
        if e.min > e.max || e.max > 99 {
            l.err(
                &format!("command.event[{i}]"),
                "rolls from 00 to 99, min <= max",
            );
            ok = false;
            continue;
        }
        for r in e.min..=e.max {
            if covered[usize::from(r)] {
                l.err(
                    &format!("command.event[{i}]"),
                    format!("roll {r:02} is in two events"),
                );
                ok = false;
            }
            covered[usize::from(r)] = true;
        }
        events.push(RandomEvent {
            min: e.min,
            max: e.max,
            name: e.name,
            text: e.text,
            initiative: e.initiative,
            orders_roller: e.orders_roller,
            orders_opponent: e.orders_opponent,
        });
    }
    if !events.is_empty() && covered.iter().any(|c| !c) {
        l.err(
            "command.event",
            "the Random Event Chart must cover every roll 00-99",
        );
        ok = false;
    }
    let rolls: Option<RawLeaderRolls> = l.table("command.leader");
    let facing: Option<RawFacing> = l.table("facing");
    let arcs = facing.and_then(|f| {
        let parse = |l: &mut Loader<'_>, k: &str, s: &str| {
            let a = parse_arcs(s);
            if a.is_none() {
                l.err(
                    &format!("facing.{k}"),
                    format!("`{s}`: six letters F, L, R, clockwise from the facing, with a front first or last"),
                );
            }
            a
        };
        Some([
            parse(l, "line", &f.line)?,
            parse(l, "column", &f.column)?,
            parse(l, "road_column", &f.road_column)?,
        ])
    });
    let reactions: Option<Reactions> = l.table("reactions");
    match (
        limits, fsm, mc, cold_steel, roads, leader_ma, rolls, arcs, reactions,
    ) {
        (
            Some(limits),
            Some(fsm),
            Some(mc),
            Some(cold_steel),
            Some(roads),
            Some(leader_ma),
            Some(rolls),
            Some(arcs),
            Some(reactions),
        ) if ok => Some(Charts {
            fire,
            limits,
            fsm,
            guns,
            states,
            mc,
            cold_steel,
            terrain,
            features,
            road: roads.road,
            trail: roads.trail,
            contour_up,
            rates,
            leader_ma,
            changes,
            orders,
            events,
            arcs,
            capture: rolls.capture,
            reactions,
            force_march,
            disorder,
            fatigue,
            columns,
            howitzer,
            evolution,
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fire_results_parse_and_print() {
        for t in ["NE", "M", "M-10", "1M-15", "2M"] {
            assert_eq!(FireResult::parse(t).unwrap().to_string(), t);
        }
        let r = FireResult::parse("1M-15").unwrap();
        assert_eq!((r.losses, r.mc, r.drm), (1, true, -15));
        assert!(FireResult::parse("X").is_err());
        assert!(FireResult::parse("M+3").is_err());
    }

    #[test]
    fn s12_3_fs0_column_reads_the_row_at_or_below_the_roll() {
        let col = FireColumn {
            rows: vec![
                (0, FireResult::NE),
                (51, FireResult::parse("M").unwrap()),
                (70, FireResult::parse("M-10").unwrap()),
                (94, FireResult::parse("M-15").unwrap()),
            ],
        };
        assert_eq!(col.result(50), FireResult::NE);
        assert_eq!(col.result(51).to_string(), "M");
        assert_eq!(col.result(69).to_string(), "M");
        assert_eq!(col.result(93).to_string(), "M-10");
        assert_eq!(col.result(99).to_string(), "M-15");
    }

    #[test]
    fn arcs_parse() {
        assert_eq!(
            parse_arcs("FLRRLF"),
            Some([
                Arc::Front,
                Arc::Flank,
                Arc::Rear,
                Arc::Rear,
                Arc::Flank,
                Arc::Front
            ])
        );
        assert_eq!(parse_arcs("LLRRLL"), None);
        assert_eq!(parse_arcs("FLRRL"), None);
        assert_eq!(parse_odds("3-2"), Some((3, 2)));
        assert_eq!(parse_odds("2-3"), None);
        assert_eq!(parse_clock("07:20"), Some(440));
    }
}
