//! The immutable data of a Prussia's Glory scenario: board, Player Aid charts, order of battle,
//! set-up and victory conditions, read from a validated [`coupdoeil_scenario::Scenario`] plus
//! this rule system's own sections (`docs/formats.md`, "Prussia's Glory").

use coupdoeil_engine::{BySide, Side};
use coupdoeil_hex::{EdgeDir, Hex, MapNumbering};
use coupdoeil_scenario::{Diagnostic, Diagnostics, Reader, Scenario};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};

macro_rules! index_type {
    ($(#[$m:meta])* $name:ident($t:ty)) => {
        $(#[$m])*
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize,
            serde::Deserialize,
        )]
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
    /// A hex of the map, as a dense index (column-major).
    Cell(u16)
);
index_type!(
    /// An infantry, cavalry or artillery Unit of the order of battle.
    UnitId(u8)
);
index_type!(
    /// A Leader (Army Commander or Wing Leader).
    LeaderId(u8)
);
index_type!(
    /// A Wing.
    WingId(u8)
);
index_type!(
    /// A command Group (4.2).
    GroupId(u8)
);

/// 2.0 The three arms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Arm {
    /// Infantry.
    Infantry,
    /// Cavalry.
    Cavalry,
    /// Artillery: no Strength Points, three Bombardment Strengths.
    Artillery,
}

/// Who pays which column of the Terrain Effects Chart (7.3: each type of counter has its own).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mover {
    /// Infantry.
    Infantry = 0,
    /// Cavalry.
    Cavalry = 1,
    /// Artillery.
    Artillery = 2,
    /// Leaders.
    Leader = 3,
}

impl From<Arm> for Mover {
    fn from(a: Arm) -> Mover {
        match a {
            Arm::Infantry => Mover::Infantry,
            Arm::Cavalry => Mover::Cavalry,
            Arm::Artillery => Mover::Artillery,
        }
    }
}

/// The printed values of one step side of a Unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct StepDef {
    /// Strength Points (infantry and cavalry; 0 for artillery).
    pub sp: u8,
    /// Morale Rating.
    pub mr: u8,
    /// Movement Allowance.
    pub ma: u8,
    /// 7.5.5 The SP are parenthesised: the step may not enter an enemy ZOC.
    pub paren: bool,
    /// 8.3 Bombardment Strength at 1, 2 and 3 hexes (artillery; zeros otherwise).
    pub bs: [u8; 3],
}

/// An infantry, cavalry or artillery Unit.
#[derive(Clone, Debug, serde::Serialize)]
pub struct TroopDef {
    /// Data id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Owner.
    pub side: Side,
    /// Its arm.
    pub arm: Arm,
    /// Display class (grenadier, cuirassier ...), may be empty.
    pub class: String,
    /// Its Wing (infantry and cavalry).
    pub wing: Option<WingId>,
    /// The Group whose Command State it follows (its wing's group, or the artillery's own).
    pub group: GroupId,
    /// Step values: `steps[n - 1]` is the side showing `n` steps.
    pub steps: Vec<StepDef>,
    /// 10.5.1 Cavalry shock points.
    pub shock: u8,
    /// A Fast Unit (cavalry, and light troops the data marks so).
    pub fast: bool,
    /// The nation whose troops these are, for display (`prussian`, `austrian`, `french`,
    /// `imperial`, `russian`, `saxon` ...): the troop's own `nation`, else its army's, else
    /// the side id. No rules effect.
    pub nation: String,
}

impl TroopDef {
    /// The values with `steps` steps left (`steps >= 1`).
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

    /// Infantry or cavalry.
    #[must_use]
    pub fn is_foot_or_horse(&self) -> bool {
        self.arm != Arm::Artillery
    }
}

/// A Leader's role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The Army Commander.
    Commander,
    /// A Wing Leader.
    Wing,
}

/// 4.2.1 Which Wings a Special Leader may help.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Special {
    /// Any Wing.
    Any,
    /// "I": Wings with infantry only.
    Infantry,
    /// "C": Wings without infantry only.
    Cavalry,
}

/// A Leader.
#[derive(Clone, Debug, serde::Serialize)]
pub struct LeaderDef {
    /// Data id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Owner.
    pub side: Side,
    /// Commander or Wing Leader.
    pub role: Role,
    /// Initiative rating, if any.
    pub initiative: Option<u8>,
    /// 4.2.1 A Special Leader (star).
    pub special: Option<Special>,
    /// 9.3 Morale Modifier.
    pub morale: u8,
    /// Movement Allowance.
    pub ma: u8,
    /// The Wing he leads (Wing Leaders).
    pub wing: Option<WingId>,
    /// The nation, for display (as [`TroopDef::nation`]).
    pub nation: String,
}

/// A Wing.
#[derive(Clone, Debug, serde::Serialize)]
pub struct WingDef {
    /// Data id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Owner.
    pub side: Side,
    /// Its Wing Leader.
    pub leader: LeaderId,
    /// Its Group.
    pub group: GroupId,
    /// Whether it has infantry (4.2: it then belongs to the Basic Infantry/Artillery Group by
    /// default, and only "I" Special Leaders or unrestricted ones help it).
    pub has_infantry: bool,
}

/// The kind of a Group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GroupKind {
    /// The Basic Infantry/Artillery Group.
    BasicInfantry,
    /// The Basic Cavalry Group.
    BasicCavalry,
    /// A Specific Group named by the scenario.
    Specific,
}

/// A command Group (4.2).
#[derive(Clone, Debug, serde::Serialize)]
pub struct GroupDef {
    /// Data id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Owner.
    pub side: Side,
    /// Basic or Specific.
    pub kind: GroupKind,
    /// Command Rating: Effective on this roll or less.
    pub rating: u8,
    /// 4.3 A Detachment.
    pub detachment: bool,
}

/// The map edges, as bits.
pub mod edge {
    /// North.
    pub const N: u8 = 1;
    /// East.
    pub const E: u8 = 2;
    /// South.
    pub const S: u8 = 4;
    /// West.
    pub const W: u8 = 8;
}

/// An army.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ArmyDef {
    /// Its Army Commander.
    pub commander: LeaderId,
    /// Starting Army Morale.
    pub morale: i16,
    /// 12.3 Demoralized at this AM or below.
    pub demoralized: i16,
    /// 12.4 Broken at this AM or below.
    pub broken: i16,
    /// Activated at the start.
    pub active: bool,
    /// 4.1.1 AM paid for the first activation attempt.
    pub cost_first: u8,
    /// AM paid for each later attempt.
    pub cost_again: u8,
    /// 10.9 Friendly map edges ([`edge`] bits).
    pub edges: u8,
    /// The Basic Infantry/Artillery Group.
    pub basic_infantry: GroupId,
    /// The Basic Cavalry Group.
    pub basic_cavalry: GroupId,
    /// The nation of its troops unless they say otherwise, for display (the side id when the
    /// data names none).
    pub nation: String,
}

/// A hex terrain of the Terrain Effects Chart.
#[derive(Clone, Debug, serde::Serialize)]
pub struct TerrainDef {
    /// Id used by the map.
    pub id: String,
    /// Display name.
    pub name: String,
    /// MP to enter per [`Mover`]; `None` prohibited.
    pub cost: [Option<u8>; 4],
    /// 10.5 Close Combat DRM when this hex is selected, for attacks with infantry.
    pub cc: i8,
    /// The same when every attacking Unit contributing SP is cavalry.
    pub cc_cavalry: i8,
    /// 8.3 Bombardment DRM.
    pub bombard: i8,
    /// 8.2 Blocks Line of Sight.
    pub blocks_los: bool,
    /// 10.5.1 No cavalry shock when the selected defending hex is of this terrain.
    pub no_shock_defending: bool,
    /// 10.5.1 No cavalry shock when the selected attacking hex is of this terrain.
    pub no_shock_attacking: bool,
    /// 10.1.1 No Flank Attack bonus against a hex of this terrain.
    pub no_flank: bool,
}

/// A hexside feature of the Terrain Effects Chart.
#[derive(Clone, Debug, serde::Serialize)]
pub struct FeatureDef {
    /// Id used by the map.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Extra MP to cross per [`Mover`]; `None` prohibited.
    pub cost: [Option<u8>; 4],
    /// A crossing (bridge, dam): the other features of its hexside do not affect movement.
    pub crossing: bool,
    /// 10.5 Close Combat DRM when attacking across it.
    pub cc: i8,
    /// 8.3 Bombardment DRM when firing across it (adjacent) or into the hex behind it.
    pub bombard: i8,
    /// 10.5.1 An entrenchment: no cavalry shock when it is counted.
    pub entrenchment: bool,
    /// 8.2 Blocks Line of Sight along it.
    pub blocks_los: bool,
}

/// Slope effects (7.3, 10.5).
#[derive(Clone, Debug, serde::Serialize)]
pub struct SlopeDef {
    /// Extra MP to cross a slope hexside upslope, per [`Mover`].
    pub cost_up: [u8; 4],
    /// Close Combat DRM for attacking upslope.
    pub cc_up: i8,
}

/// One side's part of a combat result (10.8).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct SideResult {
    /// Loss Points (ignored when `exchange`).
    pub lp: u8,
    /// 10.8.2 An exchange: LP from the enemy's steps.
    pub exchange: bool,
    /// 10.8.2 `Ex + 1`.
    pub plus_one: bool,
    /// 10.8.3.4 The LP were in parentheses.
    pub paren: bool,
    /// 10.8.3.2 `R`: retreats are Routs.
    pub rout: bool,
    /// 10.8.3.3 `r`: additional retreat.
    pub retreat: bool,
    /// 10.8.3.5 `S`: surrender.
    pub surrender: bool,
    /// 10.8.3.1 `*`: artillery step loss.
    pub artillery: bool,
}

impl SideResult {
    /// Parses one side of a chart cell: `-`, `2`, `(1)`, `3RS*`, `Ex`, `Ex+1`, `Exr` ...
    ///
    /// # Errors
    /// Says what is wrong.
    pub fn parse(text: &str) -> Result<SideResult, String> {
        let t = text.trim();
        let mut r = SideResult::default();
        if t == "-" || t.is_empty() {
            return Ok(r);
        }
        let mut rest = t;
        if let Some(x) = rest.strip_prefix("Ex") {
            r.exchange = true;
            rest = x.trim_start();
            if let Some(x) = rest.strip_prefix("+1") {
                r.plus_one = true;
                rest = x.trim_start();
            } else if let Some(x) = rest.strip_prefix("+ 1") {
                r.plus_one = true;
                rest = x;
            }
        } else {
            let (digits, paren) = if let Some(x) = rest.strip_prefix('(') {
                let close = x
                    .find(')')
                    .ok_or_else(|| format!("`{t}`: unclosed parenthesis"))?;
                (&x[..close], Some(close + 2))
            } else {
                let n = rest.chars().take_while(char::is_ascii_digit).count();
                (&rest[..n], None)
            };
            if !digits.is_empty() {
                r.lp = digits
                    .parse()
                    .map_err(|_| format!("`{t}`: bad Loss Points"))?;
            }
            match paren {
                Some(skip) => {
                    r.paren = true;
                    rest = &rest[skip..];
                }
                None => rest = &rest[digits.len()..],
            }
        }
        for ch in rest.chars() {
            match ch {
                'R' => r.rout = true,
                'r' => r.retreat = true,
                'S' => r.surrender = true,
                '*' => r.artillery = true,
                ' ' => {}
                _ => return Err(format!("`{t}`: unexpected `{ch}`")),
            }
        }
        Ok(r)
    }

    /// Nothing at all.
    #[must_use]
    pub fn is_none(&self) -> bool {
        *self == SideResult::default()
    }
}

impl std::fmt::Display for SideResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_none() {
            return f.write_str("-");
        }
        if self.exchange {
            f.write_str("Ex")?;
            if self.plus_one {
                f.write_str("+1")?;
            }
        } else if self.paren {
            write!(f, "({})", self.lp)?;
        } else if self.lp > 0 {
            write!(f, "{}", self.lp)?;
        }
        for (on, c) in [
            (self.rout, 'R'),
            (self.retreat, 'r'),
            (self.surrender, 'S'),
            (self.artillery, '*'),
        ] {
            if on {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// A cell of the Combat Results Table: attacker / defender.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct CrtCell {
    /// Left of the slash.
    pub attacker: SideResult,
    /// Right of the slash.
    pub defender: SideResult,
}

/// 10.3, 10.6 The Combat Results Table.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Crt {
    /// Odds columns as `(attacker, defender)` ratios, ascending.
    pub columns: Vec<(u8, u8)>,
    /// The modified die roll of the first row (lower rolls use it).
    pub first_row: i8,
    /// `rows[r][c]`: row `first_row + r`; rolls above the last row use it.
    pub rows: Vec<Vec<CrtCell>>,
}

impl Crt {
    /// 10.3 The column for `att` SP against `def` SP, rounded in the defender's favour; below the
    /// first ratio the first column (RULING: a compulsory attack is never refused for low odds).
    #[must_use]
    pub fn column(&self, att: u32, def: u32) -> usize {
        if def == 0 {
            return self.columns.len() - 1;
        }
        let mut best = 0;
        for (i, &(a, d)) in self.columns.iter().enumerate() {
            if att * u32::from(d) >= def * u32::from(a) {
                best = i;
            }
        }
        best
    }

    /// The row index of a modified die roll.
    #[must_use]
    pub fn row(&self, roll: i32) -> usize {
        let r = roll - i32::from(self.first_row);
        r.clamp(0, self.rows.len() as i32 - 1) as usize
    }

    /// The result at a column and modified roll.
    #[must_use]
    pub fn result(&self, column: usize, roll: i32) -> CrtCell {
        self.rows[self.row(roll)][column]
    }

    /// A column's label (`3-2`).
    #[must_use]
    pub fn label(&self, column: usize) -> String {
        let (a, d) = self.columns[column];
        format!("{a}-{d}")
    }
}

/// 8.3 The Bombardment Table.
#[derive(Clone, Debug, serde::Serialize)]
pub struct BombardTable {
    /// The least total Bombardment Strength of each column, ascending (no column below the first).
    pub columns: Vec<u8>,
    /// The modified die roll of the first row.
    pub first_row: i8,
    /// `rows[r][c]`, the target's result.
    pub rows: Vec<Vec<SideResult>>,
}

impl BombardTable {
    /// The column of a total strength, `None` below the first.
    #[must_use]
    pub fn column(&self, bs: u32) -> Option<usize> {
        self.columns.iter().rposition(|&c| bs >= u32::from(c))
    }

    /// The result at a column and modified roll.
    #[must_use]
    pub fn result(&self, column: usize, roll: i32) -> SideResult {
        let r = (roll - i32::from(self.first_row)).clamp(0, self.rows.len() as i32 - 1);
        self.rows[r as usize][column]
    }
}

/// Close Combat DRMs of the Player Aid Cards (10.5).
#[derive(Clone, Debug, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct CloseCombatDrm {
    /// 10.1.1 Flank Attack.
    pub flank_attack: i8,
    /// 10.1.1 Extra Loss Points to each side in a Supported Defense.
    pub supported_defense_lp: u8,
    /// 6.3 A Locked marker on its penalty side (the attacker's stack).
    pub locked_penalty: i8,
    /// 10.4 The Lead Units' morale: this many points per point of MR by which the attacker's
    /// lead exceeds the defender's (or falls short of it).
    pub morale_difference: i8,
    /// ... capped at this many points either way.
    pub morale_difference_cap: i8,
    /// The attacking Lead Unit is Disordered.
    pub attacker_disordered: i8,
    /// The defending Lead Unit is Disordered.
    pub defender_disordered: i8,
    /// The defending Lead Unit is Routed.
    pub defender_routed: i8,
    /// An attacking Unit is In Column.
    pub attacker_in_column: i8,
    /// A defending Unit is In Column.
    pub defender_in_column: i8,
    /// 10.3 SP of infantry counted per hex.
    pub hex_infantry_sp: u8,
    /// 10.3 SP of cavalry counted per hex.
    pub hex_cavalry_sp: u8,
}

/// Bombardment DRMs of the Player Aid Cards (8.3).
#[derive(Clone, Debug, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct BombardDrm {
    /// The target hex holds Units In Column.
    pub in_column: i8,
    /// The target hex holds at least `dense_steps` steps of infantry and cavalry.
    pub dense: i8,
    /// Steps that make a dense target.
    pub dense_steps: u8,
    /// The targeted Units are Disordered or Routed.
    pub disordered: i8,
    /// Range 1 (canister).
    pub canister: i8,
}

/// Rally modifiers of the Player Aid Cards (9.4).
#[derive(Clone, Debug, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct RallyDrm {
    /// The Unit is in an enemy ZOC.
    pub in_ezoc: i8,
    /// The Unit is Routed.
    pub routed: i8,
    /// Its army is Demoralized.
    pub demoralized: i8,
    /// Its army is Broken.
    pub broken: i8,
    /// Add the best Morale Modifier of a Leader in the hex.
    pub leader: bool,
}

/// 15.2 Leader Loss Check.
#[derive(Clone, Debug, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderLoss {
    /// Faces of the first die that call for a second.
    pub first: Vec<u8>,
    /// Faces of the second die that make the Leader a casualty.
    pub second: Vec<u8>,
}

/// Every chart of the scenario.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Charts {
    /// Combat Results Table.
    pub crt: Crt,
    /// Bombardment Table.
    pub bombard: BombardTable,
    /// Terrain Effects Chart, hexes.
    pub terrain: Vec<TerrainDef>,
    /// Terrain Effects Chart, hexside features.
    pub features: Vec<FeatureDef>,
    /// Slopes.
    pub slope: SlopeDef,
    /// Close Combat DRMs.
    pub cc: CloseCombatDrm,
    /// Bombardment DRMs.
    pub bombard_drm: BombardDrm,
    /// Rally modifiers.
    pub rally: RallyDrm,
    /// Leader Loss Check.
    pub leader_loss: LeaderLoss,
}

/// One map cell, precomputed.
#[derive(Clone, Debug)]
pub struct CellInfo {
    /// Its hex.
    pub hex: Hex,
    /// Index into [`Charts::terrain`].
    pub terrain: u8,
    /// The neighbour in each [`EdgeDir`], if on the map.
    pub nbr: [Option<Cell>; 6],
    /// Hexside features towards each direction, as bits over [`Charts::features`].
    pub features: [u32; 6],
    /// Entering this cell from the neighbour in each direction crosses a slope upward (this
    /// cell is on the high side).
    pub up: [bool; 6],
    /// Entering this cell from each direction crosses a slope downward (the neighbour is high).
    pub down: [bool; 6],
    /// The map edges it lies on ([`edge`] bits).
    pub edges: u8,
    /// `cross[m][d]`: the MP of the hexside alone (features and slope) for a counter of type
    /// [`Mover`] `m` to move into the neighbour in direction `d`; [`PROHIBITED`] when a feature
    /// prohibits it (precomputed from the Terrain Effects Chart).
    pub cross: [[u8; 6]; 4],
}

/// The value of [`CellInfo::cross`] for a prohibited hexside.
pub const PROHIBITED: u8 = u8::MAX;

/// The map, precomputed.
#[derive(Clone, Debug)]
pub struct Board {
    /// Printed numbering.
    pub numbering: MapNumbering,
    /// All cells.
    pub cells: Vec<CellInfo>,
    index: BTreeMap<Hex, Cell>,
    /// Place names.
    pub names: BTreeMap<Cell, String>,
    /// Road connections, for drawing (no rules effect).
    pub roads: BTreeSet<(Cell, Cell)>,
    /// Printed columns and rows.
    pub size: (i32, i32),
    /// The first and last printed column and row: `(min_col, max_col, min_row, max_row)`.
    pub extent: (i32, i32, i32, i32),
}

impl Board {
    /// The cell of a hex, if on the map.
    #[must_use]
    pub fn cell(&self, hex: Hex) -> Option<Cell> {
        self.index.get(&hex).copied()
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

    /// The index of the direction from `a` to the adjacent `b`.
    #[must_use]
    pub fn dir_index(&self, a: Cell, b: Cell) -> Option<usize> {
        self.cells[a.ix()].nbr.iter().position(|&n| n == Some(b))
    }

    /// The direction from `a` to the adjacent `b`.
    #[must_use]
    pub fn direction(&self, a: Cell, b: Cell) -> Option<EdgeDir> {
        self.cells[a.ix()].hex.direction_to(self.cells[b.ix()].hex)
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

    /// The features on the hexside from `a` towards the adjacent `b` (bits).
    #[must_use]
    pub fn features_between(&self, a: Cell, b: Cell) -> u32 {
        self.direction(a, b)
            .map_or(0, |d| self.cells[a.ix()].features[d.index() as usize])
    }

    /// Whether moving from `a` into the adjacent `b` crosses a slope upward.
    #[must_use]
    pub fn upslope(&self, a: Cell, b: Cell) -> bool {
        self.direction(b, a)
            .is_some_and(|d| self.cells[b.ix()].up[d.index() as usize])
    }

    /// 10.9 Distance in hexes from `c` to the nearest of the map edges in `edges` ([`edge`]
    /// bits), counted along columns or rows.
    #[must_use]
    pub fn edge_distance(&self, c: Cell, edges: u8) -> i32 {
        let (col, row) = self.numbering.offset(self.cells[c.ix()].hex);
        let (c0, c1, r0, r1) = self.extent;
        let mut best = i32::MAX;
        for (bit, d) in [
            (edge::N, row - r0),
            (edge::S, r1 - row),
            (edge::W, col - c0),
            (edge::E, c1 - col),
        ] {
            if edges & bit != 0 {
                best = best.min(d);
            }
        }
        best
    }

    /// Whether a slope lies on the hexside between `a` and `b` (either way).
    #[must_use]
    pub fn slope_between(&self, a: Cell, b: Cell) -> bool {
        self.upslope(a, b) || self.upslope(b, a)
    }
}

/// A counter: a Unit or a Leader.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Counter {
    /// A Unit.
    Unit(UnitId),
    /// A Leader.
    Leader(LeaderId),
}

/// A counter on the map at the start.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Deploy {
    /// Which.
    pub counter: Counter,
    /// Where.
    pub cell: Cell,
    /// Steps at the start (Units).
    pub steps: u8,
    /// Artillery In Column with a wing.
    pub in_column: bool,
}

/// A reinforcement.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Reinforcement {
    /// Which.
    pub counter: Counter,
    /// Game Turn of entry.
    pub turn: u8,
    /// Entry hex.
    pub cell: Cell,
}

/// An army's morale condition named by a victory level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ArmyCondition {
    /// Demoralized or Broken.
    Demoralized,
    /// Broken.
    Broken,
    /// Neither Demoralized nor Broken.
    NotDemoralized,
    /// Not Broken.
    NotBroken,
}

/// A level of victory.
#[derive(Clone, Debug, serde::Serialize)]
pub struct VictoryLevel {
    /// The winner.
    pub winner: Side,
    /// `decisive`, `substantive`, `marginal`.
    pub level: String,
    /// First side's VP minus the other's at least this.
    pub min_vp: Option<i32>,
    /// ... at most this.
    pub max_vp: Option<i32>,
    /// The loser's army condition.
    pub enemy: Option<ArmyCondition>,
    /// The winner's army condition.
    pub own: Option<ArmyCondition>,
}

/// A bonus for holding ground.
#[derive(Clone, Debug, serde::Serialize)]
pub struct VpBonus {
    /// Who earns it.
    pub side: Side,
    /// How many VP.
    pub vp: i32,
    /// Infantry Units needed.
    pub units: u8,
    /// In or adjacent to any of these hexes.
    pub near: Vec<Cell>,
    /// Display name.
    pub name: String,
}

/// Everything immutable about a Prussia's Glory scenario.
#[derive(Clone, Debug)]
pub struct Data {
    /// Scenario id.
    pub id: String,
    /// Scenario name.
    pub name: String,
    /// Side ids and names (`A` first).
    pub sides: BySide<(String, String)>,
    /// The side whose Player Turn comes first.
    pub first: Side,
    /// Game Turns.
    pub turns: u8,
    /// Clock time of turn 1, in minutes after midnight.
    pub start_minutes: u16,
    /// A main scenario (armies may start Inactive).
    pub main: bool,
    /// The map.
    pub board: Board,
    /// Charts.
    pub charts: Charts,
    /// Units.
    pub troops: Vec<TroopDef>,
    /// Leaders.
    pub leaders: Vec<LeaderDef>,
    /// Wings.
    pub wings: Vec<WingDef>,
    /// Groups.
    pub groups: Vec<GroupDef>,
    /// Armies.
    pub armies: BySide<ArmyDef>,
    /// Counters on the map at the start, top of each stack first.
    pub deploy: Vec<Deploy>,
    /// Counters arriving later.
    pub reinforcements: Vec<Reinforcement>,
    /// Wings In Column at the start.
    pub start_in_column: Vec<WingId>,
    /// Sides whose Army Commander starts In Column.
    pub commanders_in_column: Vec<Side>,
    /// Victory levels in order.
    pub victory: Vec<VictoryLevel>,
    /// Groups of bonuses; one bonus of each group counts.
    pub bonuses: Vec<Vec<VpBonus>>,
    /// The computer player's posture (`[ai] press`): the sides whose evaluation pulls every
    /// Unit toward the enemy even while the side stands to win. Not a rule: what a scenario
    /// tells the programs about how its armies are best played (see `heuristic.rs`).
    pub ai_press: BySide<bool>,
}

impl Data {
    /// The side with this id.
    #[must_use]
    pub fn side_by_id(&self, id: &str) -> Option<Side> {
        Side::ALL.into_iter().find(|&s| self.sides[s].0 == id)
    }

    /// A Unit by data id.
    #[must_use]
    pub fn troop_by_id(&self, id: &str) -> Option<UnitId> {
        self.troops
            .iter()
            .position(|t| t.id == id)
            .map(|i| UnitId(i as u8))
    }

    /// A Leader by data id.
    #[must_use]
    pub fn leader_by_id(&self, id: &str) -> Option<LeaderId> {
        self.leaders
            .iter()
            .position(|t| t.id == id)
            .map(|i| LeaderId(i as u8))
    }

    /// A Wing by data id.
    #[must_use]
    pub fn wing_by_id(&self, id: &str) -> Option<WingId> {
        self.wings
            .iter()
            .position(|t| t.id == id)
            .map(|i| WingId(i as u8))
    }

    /// The clock label of a turn (`08:30`).
    #[must_use]
    pub fn clock(&self, turn: u8) -> String {
        let m = u32::from(self.start_minutes) + 60 * u32::from(turn.saturating_sub(1));
        format!("{:02}:{:02}", (m / 60) % 24, m % 60)
    }

    /// The index of a terrain id.
    #[must_use]
    pub fn terrain_index(&self, id: &str) -> Option<usize> {
        self.charts.terrain.iter().position(|t| t.id == id)
    }

    /// The index of a hexside feature id.
    #[must_use]
    pub fn feature_index(&self, id: &str) -> Option<usize> {
        self.charts.features.iter().position(|t| t.id == id)
    }
}

// ---------------------------------------------------------------------------------------------
// Raw sections.

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBattle {
    start: String,
    kind: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawArmy {
    side: String,
    commander: String,
    morale: i16,
    demoralized: i16,
    broken: i16,
    #[serde(default)]
    active: bool,
    #[serde(default)]
    activation_cost: u8,
    #[serde(default)]
    activation_cost_again: u8,
    friendly_edges: Vec<String>,
    #[serde(default)]
    nation: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGroup {
    id: String,
    side: String,
    name: String,
    #[serde(default)]
    basic: Option<String>,
    rating: u8,
    #[serde(default)]
    detachment: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWing {
    id: String,
    side: String,
    name: String,
    leader: String,
    #[serde(default)]
    group: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLeader {
    id: String,
    side: String,
    name: String,
    role: String,
    #[serde(default)]
    initiative: Option<u8>,
    #[serde(default)]
    special: Option<Special>,
    #[serde(default)]
    morale: u8,
    movement: u8,
    #[serde(default)]
    nation: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTroop {
    id: String,
    side: String,
    name: String,
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    wing: Option<String>,
    #[serde(default)]
    group: Option<String>,
    #[serde(default)]
    class: String,
    #[serde(default)]
    steps: Vec<String>,
    #[serde(default)]
    shock: u8,
    #[serde(default)]
    fast: Option<bool>,
    #[serde(default)]
    bombard: Vec<String>,
    #[serde(default)]
    morale: Option<u8>,
    #[serde(default)]
    movement: Option<u8>,
    #[serde(default)]
    nation: Option<String>,
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
    leader: Option<u8>,
}

impl RawCost {
    fn costs(&self) -> [Option<u8>; 4] {
        [self.infantry, self.cavalry, self.artillery, self.leader]
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerrain {
    id: String,
    name: String,
    #[serde(rename = "move")]
    cost: RawCost,
    #[serde(default)]
    close_combat: i8,
    #[serde(default)]
    close_combat_cavalry: Option<i8>,
    #[serde(default)]
    bombard: i8,
    #[serde(default)]
    blocks_los: bool,
    #[serde(default)]
    no_shock_defending: bool,
    #[serde(default)]
    no_shock_attacking: bool,
    #[serde(default)]
    no_flank: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFeature {
    id: String,
    name: String,
    #[serde(rename = "move")]
    cost: RawCost,
    #[serde(default)]
    crossing: bool,
    #[serde(default)]
    close_combat: i8,
    #[serde(default)]
    bombard: i8,
    #[serde(default)]
    entrenchment: bool,
    #[serde(default)]
    blocks_los: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSlope {
    #[serde(rename = "move")]
    cost: RawCost,
    close_combat: i8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCrt {
    columns: Vec<String>,
    first_row: i8,
    results: Vec<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBombardTable {
    columns: Vec<u8>,
    first_row: i8,
    results: Vec<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOverride {
    terrain: String,
    #[serde(rename = "move")]
    cost: RawCost,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStart {
    #[serde(default)]
    in_column: Vec<String>,
    #[serde(default)]
    commanders_in_column: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeploy {
    id: String,
    at: String,
    #[serde(default)]
    in_column: bool,
    #[serde(default)]
    steps: Option<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReinforcement {
    id: String,
    turn: u8,
    at: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLevel {
    winner: String,
    level: String,
    #[serde(default)]
    min_vp: Option<i32>,
    #[serde(default)]
    max_vp: Option<i32>,
    #[serde(default)]
    enemy: Option<ArmyCondition>,
    #[serde(default)]
    own: Option<ArmyCondition>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAi {
    #[serde(default)]
    press: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBonus {
    side: String,
    vp: i32,
    units: u8,
    near: Vec<String>,
    #[serde(default)]
    once: bool,
    #[serde(default)]
    name: String,
}

/// The scenario reader of this crate: provenance fields dropped before typing; what only this
/// system reads (sides as the engine's [`Side`], hexes of its board) on top.
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
}

fn parse_step(text: &str) -> Result<StepDef, String> {
    let parts: Vec<&str> = text.split('-').map(str::trim).collect();
    if parts.len() != 3 {
        return Err(format!(
            "`{text}` is not SP-MR-MA (e.g. \"7-5-3\" or \"(2)-3-3\")"
        ));
    }
    let (sp_text, paren) = match parts[0].strip_prefix('(') {
        Some(x) => (
            x.strip_suffix(')')
                .ok_or_else(|| format!("`{text}`: unclosed parenthesis"))?,
            true,
        ),
        None => (parts[0], false),
    };
    let num = |s: &str, what: &str, hi: u8| -> Result<u8, String> {
        match s.parse::<u8>() {
            Ok(n) if n <= hi => Ok(n),
            _ => Err(format!("`{text}`: {what} must be a number from 0 to {hi}")),
        }
    };
    Ok(StepDef {
        sp: num(sp_text, "SP", 20)?,
        mr: num(parts[1], "MR", 10)?,
        ma: num(parts[2], "MA", 20)?,
        paren,
        bs: [0; 3],
    })
}

fn parse_bs(text: &str) -> Result<[u8; 3], String> {
    let parts: Vec<&str> = text.split('-').map(str::trim).collect();
    if parts.len() != 3 {
        return Err(format!(
            "`{text}` is not three Bombardment Strengths (e.g. \"4-3-2\")"
        ));
    }
    let mut out = [0u8; 3];
    for (o, p) in out.iter_mut().zip(&parts) {
        *o = match p.parse::<u8>() {
            Ok(n) if n <= 30 => n,
            _ => return Err(format!("`{text}`: each strength must be from 0 to 30")),
        };
    }
    Ok(out)
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

/// The most Units, Leaders, Wings and Groups a scenario may have (ids are one byte).
pub const MAX_COUNTERS: usize = 250;

/// Reads a validated scenario into the rule system's data, checking every Prussia's Glory
/// section.
///
/// # Errors
/// Every problem found, with file, key and message.
#[allow(clippy::too_many_lines)]
pub fn load(sc: &Scenario) -> Result<Data, Diagnostics> {
    let mut l = Loader(Reader::new(sc, coupdoeil_scenario::strip_provenance));
    if sc.rules != "pg" {
        l.err(
            "scenario.rules",
            format!("this rule system is `pg`, not `{}`", sc.rules),
        );
    }
    if l.get("scenario.level").is_some() {
        l.err(
            "scenario.level",
            "this rule system has a single level of play: remove `level`",
        );
    }
    let charts = load_charts(&mut l);
    let board = load_board(&mut l, charts.as_ref());

    // [battle]
    let battle: Option<RawBattle> = l.table("battle");
    let (start_minutes, main) = match &battle {
        Some(b) => {
            let start = parse_clock(&b.start).unwrap_or_else(|| {
                l.err(
                    "battle.start",
                    format!("`{}` is not a clock time like \"08:30\"", b.start),
                );
                0
            });
            let main = match b.kind.as_str() {
                "main" => true,
                "battle" => false,
                other => {
                    l.err(
                        "battle.kind",
                        format!("`{other}` is not `main` or `battle`"),
                    );
                    false
                }
            };
            (start, main)
        }
        None => (0, false),
    };

    // Groups.
    let raw_groups: Vec<RawGroup> = l.array("group", true);
    let mut groups = Vec::new();
    for (i, g) in raw_groups.iter().enumerate() {
        let key = format!("group[{i}]");
        let side = l.side(&format!("{key}.side"), &g.side).unwrap_or(Side::A);
        let kind = match g.basic.as_deref() {
            None => GroupKind::Specific,
            Some("infantry") => GroupKind::BasicInfantry,
            Some("cavalry") => GroupKind::BasicCavalry,
            Some(other) => {
                l.err(
                    &format!("{key}.basic"),
                    format!("`{other}` is not `infantry` or `cavalry`"),
                );
                GroupKind::Specific
            }
        };
        if !(1..=6).contains(&g.rating) {
            l.err(
                &format!("{key}.rating"),
                format!("a Command Rating is from 1 to 6, not {}", g.rating),
            );
        }
        if g.detachment && kind != GroupKind::Specific {
            l.err(
                &format!("{key}.detachment"),
                "a Basic Group cannot be a Detachment (4.3)",
            );
        }
        if groups.iter().any(|x: &GroupDef| x.id == g.id) {
            l.err(
                &format!("{key}.id"),
                format!("duplicate group id `{}`", g.id),
            );
        }
        groups.push(GroupDef {
            id: g.id.clone(),
            name: g.name.clone(),
            side,
            kind,
            rating: g.rating,
            detachment: g.detachment,
        });
    }
    let group_by = |id: &str| {
        groups
            .iter()
            .position(|g| g.id == id)
            .map(|i| GroupId(i as u8))
    };

    // Leaders.
    let raw_leaders: Vec<RawLeader> = l.array("leader", true);
    let mut leaders = Vec::new();
    for (i, r) in raw_leaders.iter().enumerate() {
        let key = format!("leader[{i}]");
        let side = l.side(&format!("{key}.side"), &r.side).unwrap_or(Side::A);
        let role = match r.role.as_str() {
            "commander" => Role::Commander,
            "wing" => Role::Wing,
            other => {
                l.err(
                    &format!("{key}.role"),
                    format!("`{other}` is not `commander` or `wing`"),
                );
                Role::Wing
            }
        };
        if r.special.is_some() && r.initiative.is_none() {
            l.err(
                &format!("{key}.initiative"),
                "a Special Leader needs an Initiative (4.5: he rolls against it)",
            );
        }
        if r.initiative.is_some_and(|x| x > 6) {
            l.err(&format!("{key}.initiative"), "an Initiative is from 0 to 6");
        }
        if r.movement == 0 || r.movement > 20 {
            l.err(&format!("{key}.movement"), "must be from 1 to 20");
        }
        if r.morale > 5 {
            l.err(&format!("{key}.morale"), "a Morale Modifier is from 0 to 5");
        }
        if leaders.iter().any(|x: &LeaderDef| x.id == r.id) {
            l.err(
                &format!("{key}.id"),
                format!("duplicate leader id `{}`", r.id),
            );
        }
        leaders.push(LeaderDef {
            id: r.id.clone(),
            name: r.name.clone(),
            side,
            role,
            initiative: r.initiative,
            special: r.special,
            morale: r.morale,
            ma: r.movement,
            wing: None,
            nation: r.nation.clone().unwrap_or_default(),
        });
    }

    // Wings (groups resolved after the troops tell which have infantry).
    let raw_wings: Vec<RawWing> = l.array("wing", true);
    let mut wings = Vec::new();
    for (i, w) in raw_wings.iter().enumerate() {
        let key = format!("wing[{i}]");
        let side = l.side(&format!("{key}.side"), &w.side).unwrap_or(Side::A);
        let leader = match leaders.iter().position(|x| x.id == w.leader) {
            Some(li) => {
                if leaders[li].role != Role::Wing {
                    l.err(
                        &format!("{key}.leader"),
                        format!("`{}` is not a Wing Leader (role = \"wing\")", w.leader),
                    );
                } else if leaders[li].wing.is_some() {
                    l.err(
                        &format!("{key}.leader"),
                        format!("`{}` already leads another wing", w.leader),
                    );
                }
                if leaders[li].side != side {
                    l.err(&format!("{key}.leader"), "the leader is of the other side");
                }
                leaders[li].wing = Some(WingId(i as u8));
                LeaderId(li as u8)
            }
            None => {
                l.err(
                    &format!("{key}.leader"),
                    format!("`{}` is not a declared leader", w.leader),
                );
                LeaderId(0)
            }
        };
        let group = match &w.group {
            Some(g) => match group_by(g) {
                Some(gi) => {
                    if groups[gi.ix()].side != side {
                        l.err(&format!("{key}.group"), "the group is of the other side");
                    }
                    Some(gi)
                }
                None => {
                    l.err(
                        &format!("{key}.group"),
                        format!("`{g}` is not a declared group"),
                    );
                    None
                }
            },
            None => None,
        };
        if wings.iter().any(|x: &(WingDef, bool)| x.0.id == w.id) {
            l.err(
                &format!("{key}.id"),
                format!("duplicate wing id `{}`", w.id),
            );
        }
        wings.push((
            WingDef {
                id: w.id.clone(),
                name: w.name.clone(),
                side,
                leader,
                group: group.unwrap_or(GroupId(0)),
                has_infantry: false,
            },
            group.is_some(),
        ));
    }
    for (i, x) in leaders.iter().enumerate() {
        if x.role == Role::Wing && x.wing.is_none() {
            l.err(
                &format!("leader[{i}].role"),
                format!("Wing Leader `{}` leads no [[wing]]", x.id),
            );
        }
    }

    // Troops.
    let raw_troops: Vec<RawTroop> = l.array("troop", true);
    let mut troops = Vec::new();
    for (i, t) in raw_troops.iter().enumerate() {
        let key = format!("troop[{i}]");
        let side = l.side(&format!("{key}.side"), &t.side).unwrap_or(Side::A);
        let arm = match t.kind.as_str() {
            "infantry" => Arm::Infantry,
            "cavalry" => Arm::Cavalry,
            "artillery" => Arm::Artillery,
            other => {
                l.err(
                    &format!("{key}.type"),
                    format!("`{other}` is not `infantry`, `cavalry` or `artillery`"),
                );
                Arm::Infantry
            }
        };
        let mut steps = Vec::new();
        let mut wing = None;
        let mut group = GroupId(0);
        if arm == Arm::Artillery {
            if !t.steps.is_empty() {
                l.err(
                    &format!("{key}.steps"),
                    "artillery has no Strength Points: give `bombard`, `morale` and `movement`",
                );
            }
            if t.wing.is_some() {
                l.err(&format!("{key}.wing"), "artillery has no Wing (2.0)");
            }
            if t.bombard.is_empty() || t.bombard.len() > 4 {
                l.err(&format!("{key}.bombard"), "one to four steps of strengths");
            }
            let mr = t.morale.unwrap_or_else(|| {
                l.err(
                    &format!("{key}.morale"),
                    "missing: artillery's Morale Rating",
                );
                0
            });
            let ma = t.movement.unwrap_or_else(|| {
                l.err(&format!("{key}.movement"), "missing: artillery's MA");
                1
            });
            for (j, b) in t.bombard.iter().rev().enumerate() {
                match parse_bs(b) {
                    Ok(bs) => steps.push(StepDef {
                        sp: 0,
                        mr,
                        ma,
                        paren: false,
                        bs,
                    }),
                    Err(e) => l.err(&format!("{key}.bombard[{}]", t.bombard.len() - 1 - j), e),
                }
            }
            match &t.group {
                Some(g) => match group_by(g) {
                    Some(gi) => group = gi,
                    None => l.err(
                        &format!("{key}.group"),
                        format!("`{g}` is not a declared group"),
                    ),
                },
                None => {
                    if let Some(gi) = groups
                        .iter()
                        .position(|g| g.side == side && g.kind == GroupKind::BasicInfantry)
                    {
                        group = GroupId(gi as u8);
                    }
                }
            }
        } else {
            for (what, set) in [
                ("bombard", !t.bombard.is_empty()),
                ("morale", t.morale.is_some()),
                ("movement", t.movement.is_some()),
                ("group", t.group.is_some()),
            ] {
                if set {
                    l.err(
                        &format!("{key}.{what}"),
                        "infantry and cavalry give their values per step in `steps` and follow \
                         their wing's group",
                    );
                }
            }
            if t.steps.is_empty() || t.steps.len() > 4 {
                l.err(
                    &format!("{key}.steps"),
                    "one to four steps (full strength first)",
                );
            }
            for (j, s) in t.steps.iter().rev().enumerate() {
                match parse_step(s) {
                    Ok(st) => steps.push(st),
                    Err(e) => l.err(&format!("{key}.steps[{}]", t.steps.len() - 1 - j), e),
                }
            }
            match &t.wing {
                Some(w) => match wings.iter().position(|x| x.0.id == *w) {
                    Some(wi) => {
                        if wings[wi].0.side != side {
                            l.err(&format!("{key}.wing"), "the wing is of the other side");
                        }
                        if arm == Arm::Infantry {
                            wings[wi].0.has_infantry = true;
                        }
                        wing = Some(WingId(wi as u8));
                    }
                    None => l.err(
                        &format!("{key}.wing"),
                        format!("`{w}` is not a declared wing"),
                    ),
                },
                None => l.err(
                    &format!("{key}.wing"),
                    "missing: every infantry and cavalry Unit belongs to a wing",
                ),
            }
        }
        if arm != Arm::Cavalry && t.shock > 0 {
            l.err(&format!("{key}.shock"), "only cavalry has shock points");
        }
        if troops.iter().any(|x: &TroopDef| x.id == t.id) || leaders.iter().any(|x| x.id == t.id) {
            l.err(
                &format!("{key}.id"),
                format!("duplicate counter id `{}`", t.id),
            );
        }
        if steps.is_empty() {
            steps.push(StepDef {
                sp: 0,
                mr: 0,
                ma: 1,
                paren: false,
                bs: [0; 3],
            });
        }
        troops.push(TroopDef {
            id: t.id.clone(),
            name: t.name.clone(),
            side,
            arm,
            class: t.class.clone(),
            wing,
            group,
            steps,
            shock: t.shock,
            // RULING (pg-rulings 36): all cavalry is Fast; the data may add light troops.
            fast: t.fast.unwrap_or(arm == Arm::Cavalry),
            nation: t.nation.clone().unwrap_or_default(),
        });
    }
    for (i, side) in sc.sides.iter().enumerate() {
        let mine = troops
            .iter()
            .filter(|t: &&TroopDef| t.side.index() == i)
            .count();
        if mine == 0 && !sc.sides.is_empty() {
            l.err(
                "troop",
                format!(
                    "side `{}` has no troops: each side needs at least one",
                    side.id
                ),
            );
        }
    }
    for (name, n) in [
        ("troop", troops.len()),
        ("leader", leaders.len()),
        ("wing", wings.len()),
        ("group", groups.len()),
    ] {
        if n > MAX_COUNTERS {
            l.err(name, format!("at most {MAX_COUNTERS} entries, not {n}"));
        }
    }

    // Armies.
    let raw_armies: Vec<RawArmy> = l.array("army", true);
    let mut armies: [Option<ArmyDef>; 2] = [None, None];
    for (i, a) in raw_armies.iter().enumerate() {
        let key = format!("army[{i}]");
        let Some(side) = l.side(&format!("{key}.side"), &a.side) else {
            continue;
        };
        if armies[side.index()].is_some() {
            l.err(&format!("{key}.side"), "a second army for this side");
            continue;
        }
        let commander = match leaders.iter().position(|x| x.id == a.commander) {
            Some(li) if leaders[li].role == Role::Commander && leaders[li].side == side => {
                LeaderId(li as u8)
            }
            Some(_) => {
                l.err(
                    &format!("{key}.commander"),
                    "must be a leader of this side with role = \"commander\"",
                );
                LeaderId(0)
            }
            None => {
                l.err(
                    &format!("{key}.commander"),
                    format!("`{}` is not a declared leader", a.commander),
                );
                LeaderId(0)
            }
        };
        let mut edges = 0;
        for (j, e) in a.friendly_edges.iter().enumerate() {
            edges |= match e.as_str() {
                "N" => edge::N,
                "E" => edge::E,
                "S" => edge::S,
                "W" => edge::W,
                other => {
                    l.err(
                        &format!("{key}.friendly_edges[{j}]"),
                        format!("`{other}` is not N, E, S or W"),
                    );
                    0
                }
            };
        }
        if edges == 0 {
            l.err(
                &format!("{key}.friendly_edges"),
                "name at least one friendly map edge (10.9)",
            );
        }
        if !(a.broken < a.demoralized && a.demoralized < a.morale) {
            l.err(
                &format!("{key}.morale"),
                "needs broken < demoralized < morale (12)",
            );
        }
        let basic = |k: GroupKind| {
            groups
                .iter()
                .enumerate()
                .filter(|(_, g)| g.side == side && g.kind == k)
                .map(|(i, _)| GroupId(i as u8))
                .collect::<Vec<_>>()
        };
        let (bi, bc) = (
            basic(GroupKind::BasicInfantry),
            basic(GroupKind::BasicCavalry),
        );
        if bi.len() != 1 || bc.len() != 1 {
            l.err(
                "group",
                format!(
                    "side `{}` needs exactly one basic infantry and one basic cavalry group (4.2)",
                    a.side
                ),
            );
        }
        armies[side.index()] = Some(ArmyDef {
            commander,
            morale: a.morale,
            demoralized: a.demoralized,
            broken: a.broken,
            active: a.active,
            cost_first: a.activation_cost,
            cost_again: a.activation_cost_again,
            edges,
            basic_infantry: bi.first().copied().unwrap_or(GroupId(0)),
            basic_cavalry: bc.first().copied().unwrap_or(GroupId(0)),
            nation: a.nation.clone().unwrap_or_else(|| a.side.clone()),
        });
    }
    // Display nations: a counter's own, else its army's.
    let army_nation = |side: Side| {
        armies[side.index()]
            .as_ref()
            .map_or_else(String::new, |a| a.nation.clone())
    };
    for t in &mut troops {
        if t.nation.is_empty() {
            t.nation = army_nation(t.side);
        }
    }
    for x in &mut leaders {
        if x.nation.is_empty() {
            x.nation = army_nation(x.side);
        }
    }
    for side in Side::ALL {
        if armies[side.index()].is_none() {
            l.err("army", format!("no [[army]] for side {}", side.index()));
        }
    }
    // Default groups of the wings.
    let wings: Vec<WingDef> = wings
        .into_iter()
        .map(|(mut w, explicit)| {
            if !explicit && let Some(a) = &armies[w.side.index()] {
                w.group = if w.has_infantry {
                    a.basic_infantry
                } else {
                    a.basic_cavalry
                };
            }
            w
        })
        .collect();
    for t in &mut troops {
        if let Some(w) = t.wing {
            t.group = wings[w.ix()].group;
        }
    }

    // Set-up.
    let counter_by = |id: &str| -> Option<Counter> {
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
    let mut deploy = Vec::new();
    let mut reinforcements = Vec::new();
    let mut start_in_column = Vec::new();
    let mut commanders_in_column = Vec::new();
    if let Some(b) = board.as_ref() {
        let mut seen: BTreeSet<Counter> = BTreeSet::new();
        let raw: Vec<RawDeploy> = l.array("deploy", true);
        for (i, d) in raw.iter().enumerate() {
            let key = format!("deploy[{i}]");
            let Some(c) = counter_by(&d.id) else {
                l.err(
                    &format!("{key}.id"),
                    format!("`{}` is not a declared troop or leader", d.id),
                );
                continue;
            };
            if !seen.insert(c) {
                l.err(
                    &format!("{key}.id"),
                    format!("`{}` is deployed twice", d.id),
                );
            }
            let Some(cell) = b.parse(&d.at) else {
                l.err(
                    &format!("{key}.at"),
                    format!("`{}` is not a hex of the map", d.at),
                );
                continue;
            };
            let steps = match (c, d.steps) {
                (Counter::Unit(u), Some(s)) => {
                    if s == 0 || s > troops[u.ix()].full() {
                        l.err(
                            &format!("{key}.steps"),
                            format!("from 1 to {}", troops[u.ix()].full()),
                        );
                    }
                    s.clamp(1, troops[u.ix()].full())
                }
                (Counter::Unit(u), None) => troops[u.ix()].full(),
                (Counter::Leader(_), Some(_)) => {
                    l.err(&format!("{key}.steps"), "a leader has no steps");
                    0
                }
                (Counter::Leader(_), None) => 0,
            };
            if d.in_column && !matches!(c, Counter::Unit(u) if troops[u.ix()].arm == Arm::Artillery)
            {
                l.err(
                    &format!("{key}.in_column"),
                    "only artillery is put In Column one by one; wings go In Column in [start]",
                );
            }
            deploy.push(Deploy {
                counter: c,
                cell,
                steps,
                in_column: d.in_column,
            });
        }
        let raw: Vec<RawReinforcement> = l.array("reinforcement", false);
        for (i, r) in raw.iter().enumerate() {
            let key = format!("reinforcement[{i}]");
            let Some(c) = counter_by(&r.id) else {
                l.err(
                    &format!("{key}.id"),
                    format!("`{}` is not a declared troop or leader", r.id),
                );
                continue;
            };
            if !seen.insert(c) {
                l.err(
                    &format!("{key}.id"),
                    format!("`{}` is deployed or arrives twice", r.id),
                );
            }
            let Some(cell) = b.parse(&r.at) else {
                l.err(
                    &format!("{key}.at"),
                    format!("`{}` is not a hex of the map", r.at),
                );
                continue;
            };
            if r.turn < 2 || r.turn > sc.turns {
                l.err(
                    &format!("{key}.turn"),
                    format!("from 2 to {} (the last turn)", sc.turns),
                );
            }
            reinforcements.push(Reinforcement {
                counter: c,
                turn: r.turn,
                cell,
            });
        }
        // Stacking at the start (5.1): 12 inf/cav steps + 8 artillery steps, or 12 artillery.
        let mut per: BTreeMap<Cell, (u32, u32)> = BTreeMap::new();
        for d in &deploy {
            if let Counter::Unit(u) = d.counter {
                let e = per.entry(d.cell).or_default();
                if troops[u.ix()].arm == Arm::Artillery {
                    e.1 += u32::from(d.steps);
                } else {
                    e.0 += u32::from(d.steps);
                }
            }
        }
        for (cell, (fh, art)) in per {
            if fh > 12 || (fh > 0 && art > 8) || art > 12 {
                l.err(
                    "deploy",
                    format!(
                        "hex {} holds {fh} infantry/cavalry and {art} artillery steps: over the \
                         stacking limit (5.1)",
                        b.label(cell)
                    ),
                );
            }
        }
        if l.get("start").is_some() {
            let st: Option<RawStart> = l.table("start");
            if let Some(st) = st {
                for (i, w) in st.in_column.iter().enumerate() {
                    match wings.iter().position(|x| x.id == *w) {
                        Some(wi) => start_in_column.push(WingId(wi as u8)),
                        None => l.err(
                            &format!("start.in_column[{i}]"),
                            format!("`{w}` is not a declared wing"),
                        ),
                    }
                }
                for (i, s) in st.commanders_in_column.iter().enumerate() {
                    if let Some(side) = l.side(&format!("start.commanders_in_column[{i}]"), s) {
                        commanders_in_column.push(side);
                    }
                }
            }
        }
    }

    // Victory.
    let mut victory = Vec::new();
    let raw: Vec<RawLevel> = l.array("victory_level", true);
    for (i, v) in raw.iter().enumerate() {
        let key = format!("victory_level[{i}]");
        let Some(winner) = l.side(&format!("{key}.winner"), &v.winner) else {
            continue;
        };
        victory.push(VictoryLevel {
            winner,
            level: v.level.clone(),
            min_vp: v.min_vp,
            max_vp: v.max_vp,
            enemy: v.enemy,
            own: v.own,
        });
    }
    let mut bonuses: Vec<Vec<VpBonus>> = Vec::new();
    let raw: Vec<RawBonus> = l.array("vp_bonus", false);
    for (i, v) in raw.iter().enumerate() {
        let key = format!("vp_bonus[{i}]");
        let Some(side) = l.side(&format!("{key}.side"), &v.side) else {
            continue;
        };
        let mut near = Vec::new();
        for (j, h) in v.near.iter().enumerate() {
            match board.as_ref().and_then(|b| b.parse(h)) {
                Some(c) => near.push(c),
                None => l.err(
                    &format!("{key}.near[{j}]"),
                    format!("`{h}` is not a hex of the map"),
                ),
            }
        }
        let b = VpBonus {
            side,
            vp: v.vp,
            units: v.units,
            near,
            name: v.name.clone(),
        };
        match bonuses.last_mut() {
            Some(last) if v.once && last.first().is_some_and(|x| x.side == side) => last.push(b),
            _ => bonuses.push(vec![b]),
        }
    }

    // [ai]: the computer player's posture, not a rule.
    let mut ai_press = BySide::new(false, false);
    if l.get("ai").is_some()
        && let Some(ai) = l.table::<RawAi>("ai")
    {
        for (i, id) in ai.press.iter().enumerate() {
            if let Some(side) = l.side(&format!("ai.press[{i}]"), id) {
                ai_press[side] = true;
            }
        }
    }

    let first = match l.side("scenario.first_player", &sc.first_player) {
        Some(s) => s,
        None => Side::A,
    };
    let diags = std::mem::take(&mut l.diags);
    match (charts, board, armies) {
        (Some(charts), Some(board), [Some(a), Some(b)]) if diags.is_empty() => Ok(Data {
            id: sc.id.clone(),
            name: sc.name.clone(),
            sides: BySide::new(
                (sc.sides[0].id.clone(), sc.sides[0].name.clone()),
                (sc.sides[1].id.clone(), sc.sides[1].name.clone()),
            ),
            first,
            turns: sc.turns,
            start_minutes,
            main,
            board,
            charts,
            troops,
            leaders,
            wings,
            groups,
            armies: BySide::new(a, b),
            deploy,
            reinforcements,
            start_in_column,
            commanders_in_column,
            victory,
            bonuses,
            ai_press,
        }),
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

fn load_board(l: &mut Loader<'_>, charts: Option<&Charts>) -> Option<Board> {
    let m = &l.sc.map;
    let charts = charts?;
    let mut terrain_ix = Vec::new();
    for id in &m.terrain_ids {
        match charts.terrain.iter().position(|t| t.id == *id) {
            Some(i) => terrain_ix.push(i as u8),
            None => {
                l.err(
                    "hex",
                    format!("terrain `{id}` is not in the Terrain Effects Chart ([[terrain]])"),
                );
                terrain_ix.push(0);
            }
        }
    }
    let hexes: Vec<Hex> = m.terrain.hexes().collect();
    let index: BTreeMap<Hex, Cell> = hexes
        .iter()
        .enumerate()
        .map(|(i, &h)| (h, Cell(i as u16)))
        .collect();
    let (mut min_c, mut max_c, mut min_r, mut max_r) = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
    for &h in &hexes {
        let (c, r) = m.numbering.offset(h);
        min_c = min_c.min(c);
        max_c = max_c.max(c);
        min_r = min_r.min(r);
        max_r = max_r.max(r);
    }
    let mut cells = Vec::with_capacity(hexes.len());
    for &h in &hexes {
        let t = m.terrain.get(h).copied().unwrap_or(0);
        let mut nbr = [None; 6];
        let mut features = [0u32; 6];
        let mut up = [false; 6];
        let mut down = [false; 6];
        for d in EdgeDir::ALL {
            let n = h.neighbor(d);
            let di = d.index() as usize;
            nbr[di] = index.get(&n).copied();
            for f in m.features_between(h, n) {
                match charts.features.iter().position(|x| x.id == *f) {
                    Some(fi) => features[di] |= 1 << fi,
                    None => l.err(
                        "hexside",
                        format!("feature `{f}` is not in the Terrain Effects Chart"),
                    ),
                }
            }
            up[di] = m.slopes.contains(&(h, d));
            down[di] = m.slopes.contains(&(n, d.opposite()));
        }
        let (c, r) = m.numbering.offset(h);
        let mut edges = 0;
        if r == min_r {
            edges |= edge::N;
        }
        if r == max_r {
            edges |= edge::S;
        }
        if c == min_c {
            edges |= edge::W;
        }
        if c == max_c {
            edges |= edge::E;
        }
        cells.push(CellInfo {
            hex: h,
            terrain: terrain_ix[usize::from(t)],
            nbr,
            features,
            up,
            down,
            edges,
            cross: [[PROHIBITED; 6]; 4],
        });
    }
    // The hexside costs, per counter type and direction.
    for ci in 0..cells.len() {
        for d in 0..6 {
            let Some(n) = cells[ci].nbr[d] else { continue };
            let bits = cells[ci].features[d];
            let crossing = charts
                .features
                .iter()
                .enumerate()
                .any(|(i, f)| bits & (1 << i) != 0 && f.crossing);
            // Entering n from ci goes upslope when n is high on the side facing ci.
            let back = (d + 3) % 6;
            let up = cells[n.ix()].up[back];
            for m in 0..4 {
                let mut cost = Some(0u8);
                for (i, f) in charts.features.iter().enumerate() {
                    if bits & (1 << i) == 0 || (crossing && !f.crossing) {
                        continue;
                    }
                    cost = cost.and_then(|c| f.cost[m].map(|x| c.saturating_add(x)));
                }
                if up {
                    cost = cost.map(|c| c.saturating_add(charts.slope.cost_up[m]));
                }
                cells[ci].cross[m][d] = cost.map_or(PROHIBITED, |c| c.min(PROHIBITED - 1));
            }
        }
    }
    let names = m
        .names
        .iter()
        .filter_map(|(h, n)| index.get(h).map(|&c| (c, n.clone())))
        .collect();
    let roads = m
        .roads
        .iter()
        .filter_map(|s| {
            let (a, b) = s.hexes();
            Some((*index.get(&a)?, *index.get(&b)?))
        })
        .collect();
    Some(Board {
        numbering: m.numbering,
        cells,
        index,
        names,
        roads,
        size: (m.columns, m.rows),
        extent: (min_c, max_c, min_r, max_r),
    })
}

fn load_charts(l: &mut Loader<'_>) -> Option<Charts> {
    let mut ok = true;
    // TEC.
    let raw: Vec<RawTerrain> = l.array("terrain", true);
    let mut terrain: Vec<TerrainDef> = raw
        .into_iter()
        .map(|t| TerrainDef {
            cost: t.cost.costs(),
            cc_cavalry: t.close_combat_cavalry.unwrap_or(t.close_combat),
            id: t.id,
            name: t.name,
            cc: t.close_combat,
            bombard: t.bombard,
            blocks_los: t.blocks_los,
            no_shock_defending: t.no_shock_defending,
            no_shock_attacking: t.no_shock_attacking,
            no_flank: t.no_flank,
        })
        .collect();
    if terrain.is_empty() {
        ok = false;
    }
    let raw: Vec<RawOverride> = l.array("terrain_override", false);
    for (i, o) in raw.iter().enumerate() {
        match terrain.iter_mut().find(|t| t.id == o.terrain) {
            Some(t) => {
                for (slot, v) in t.cost.iter_mut().zip(o.cost.costs()) {
                    if v.is_some() {
                        *slot = v;
                    }
                }
            }
            None => l.err(
                &format!("terrain_override[{i}].terrain"),
                format!("`{}` is not in [[terrain]]", o.terrain),
            ),
        }
    }
    let raw: Vec<RawFeature> = l.array("hexside_feature", true);
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
            crossing: f.crossing,
            cc: f.close_combat,
            bombard: f.bombard,
            entrenchment: f.entrenchment,
            blocks_los: f.blocks_los,
        })
        .collect();
    let slope: Option<RawSlope> = l.table("slope");
    let slope = slope.map(|s| {
        let c = s.cost.costs();
        SlopeDef {
            cost_up: [
                c[0].unwrap_or(0),
                c[1].unwrap_or(0),
                c[2].unwrap_or(0),
                c[3].unwrap_or(0),
            ],
            cc_up: s.close_combat,
        }
    });
    // CRT.
    let crt = l.table::<RawCrt>("crt").and_then(|c| {
        let mut columns = Vec::new();
        for (i, col) in c.columns.iter().enumerate() {
            let parts: Vec<&str> = col.split(['-', ':']).collect();
            match (parts.first(), parts.get(1), parts.len()) {
                (Some(a), Some(d), 2) => match (a.trim().parse::<u8>(), d.trim().parse::<u8>()) {
                    (Ok(a), Ok(d)) if a > 0 && d > 0 => columns.push((a, d)),
                    _ => l.err(
                        &format!("crt.columns[{i}]"),
                        format!("`{col}` is not like 3-2"),
                    ),
                },
                _ => l.err(
                    &format!("crt.columns[{i}]"),
                    format!("`{col}` is not like 3-2"),
                ),
            }
        }
        if columns
            .windows(2)
            .any(|w| u32::from(w[0].0) * u32::from(w[1].1) >= u32::from(w[1].0) * u32::from(w[0].1))
        {
            l.err("crt.columns", "odds columns must ascend");
        }
        let mut rows = Vec::new();
        for (r, row) in c.results.iter().enumerate() {
            if row.len() != columns.len() {
                l.err(
                    &format!("crt.results[{r}]"),
                    format!("{} results for {} columns", row.len(), columns.len()),
                );
                return None;
            }
            let mut out = Vec::new();
            for (ci, cell) in row.iter().enumerate() {
                let mut parts = cell.split('/');
                let (Some(a), Some(d), None) = (parts.next(), parts.next(), parts.next()) else {
                    l.err(
                        &format!("crt.results[{r}][{ci}]"),
                        format!("`{cell}` is not attacker/defender"),
                    );
                    return None;
                };
                match (SideResult::parse(a), SideResult::parse(d)) {
                    (Ok(attacker), Ok(defender)) => out.push(CrtCell { attacker, defender }),
                    (Err(e), _) | (_, Err(e)) => {
                        l.err(&format!("crt.results[{r}][{ci}]"), e);
                        return None;
                    }
                }
            }
            rows.push(out);
        }
        (!columns.is_empty() && !rows.is_empty()).then_some(Crt {
            columns,
            first_row: c.first_row,
            rows,
        })
    });
    let bombard = l.table::<RawBombardTable>("bombardment").and_then(|c| {
        if c.columns.is_empty() || c.columns.windows(2).any(|w| w[0] >= w[1]) {
            l.err("bombardment.columns", "strengths must ascend");
            return None;
        }
        let mut rows = Vec::new();
        for (r, row) in c.results.iter().enumerate() {
            if row.len() != c.columns.len() {
                l.err(
                    &format!("bombardment.results[{r}]"),
                    format!("{} results for {} columns", row.len(), c.columns.len()),
                );
                return None;
            }
            let mut out = Vec::new();
            for (ci, cell) in row.iter().enumerate() {
                match SideResult::parse(cell) {
                    Ok(x) => out.push(x),
                    Err(e) => {
                        l.err(&format!("bombardment.results[{r}][{ci}]"), e);
                        return None;
                    }
                }
            }
            rows.push(out);
        }
        (!rows.is_empty()).then_some(BombardTable {
            columns: c.columns,
            first_row: c.first_row,
            rows,
        })
    });
    let cc: Option<CloseCombatDrm> = l.table("close_combat");
    let bombard_drm: Option<BombardDrm> = l.table("bombardment_drm");
    let rally: Option<RallyDrm> = l.table("rally");
    let leader_loss: Option<LeaderLoss> = l.table("leader_loss");
    match (crt, bombard, slope, cc, bombard_drm, rally, leader_loss) {
        (
            Some(crt),
            Some(bombard),
            Some(slope),
            Some(cc),
            Some(bombard_drm),
            Some(rally),
            Some(leader_loss),
        ) if ok => Some(Charts {
            crt,
            bombard,
            terrain,
            features,
            slope,
            cc,
            bombard_drm,
            rally,
            leader_loss,
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_results_parse_and_print() {
        for (text, lp) in [("-", 0), ("2", 2), ("(1)", 1), ("4RS*", 4), ("1r", 1)] {
            let r = SideResult::parse(text).unwrap();
            assert_eq!(r.lp, lp, "{text}");
            assert_eq!(r.to_string(), text);
        }
        let r = SideResult::parse("4RS*").unwrap();
        assert!(r.rout && r.surrender && r.artillery && !r.retreat);
        let r = SideResult::parse("Ex+1").unwrap();
        assert!(r.exchange && r.plus_one);
        let r = SideResult::parse("Exr").unwrap();
        assert!(r.exchange && r.retreat && !r.plus_one);
        assert!(SideResult::parse("(1)").unwrap().paren);
        assert!(SideResult::parse("2x").is_err());
    }

    #[test]
    fn steps_parse() {
        let s = parse_step("(2)-3-3").unwrap();
        assert!(s.paren && s.sp == 2 && s.mr == 3 && s.ma == 3);
        assert!(parse_step("7-5").is_err());
        assert_eq!(parse_bs("4-3-2").unwrap(), [4, 3, 2]);
        assert_eq!(parse_clock("08:30"), Some(510));
        assert_eq!(parse_clock("1730"), Some(1050));
        assert_eq!(parse_clock("25:00"), None);
    }
}
