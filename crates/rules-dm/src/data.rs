//! The immutable data of a Drums & Muskets scenario: board, charts, order of battle and cards,
//! read from a validated [`coupdoeil_scenario::Scenario`] plus this rule system's own sections.

use coupdoeil_engine::{BySide, Side};
use coupdoeil_hex::{EdgeDir, Facing, Hex, Hexside, MapNumbering};
use coupdoeil_scenario::{Diagnostic, Diagnostics, Reader, Scenario, SetupMode, strip_provenance};
use serde::Deserialize;
use std::collections::BTreeMap;

/// A hex of the map, as a dense index (the board's own numbering, column-major).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Cell(pub u16);

impl Cell {
    /// The index as `usize`.
    #[must_use]
    pub fn ix(self) -> usize {
        usize::from(self.0)
    }
}

/// A unit of the order of battle, by index.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct UnitId(pub u8);

impl UnitId {
    /// The index as `usize`.
    #[must_use]
    pub fn ix(self) -> usize {
        usize::from(self.0)
    }
}

/// A distinct card of either deck, by index.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct CardId(pub u8);

impl CardId {
    /// The index as `usize`.
    #[must_use]
    pub fn ix(self) -> usize {
        usize::from(self.0)
    }
}

/// 2.0 Unit types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Line infantry.
    Infantry,
    /// Light infantry (fights as infantry).
    LightInfantry,
    /// Cavalry: +2 on flank attacks (9.4), hurt by slopes either way (9.3).
    Cavalry,
    /// 8.0 A dummy: movement only, no strength.
    Dummy,
}

impl Kind {
    /// The data-file word for this kind.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Kind::Infantry => "infantry",
            Kind::LightInfantry => "light_infantry",
            Kind::Cavalry => "cavalry",
            Kind::Dummy => "dummy",
        }
    }
}

/// A unit of the order of battle.
#[derive(Clone, Debug)]
pub struct UnitDef {
    /// Data-file id, used in notation (`ferdinand`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Owner.
    pub side: Side,
    /// Corps index, `None` for dummies.
    pub corps: Option<u8>,
    /// Unit type.
    pub kind: Kind,
    /// Printed Combat Strength.
    pub strength: i8,
    /// Printed Morale Rating.
    pub morale: i8,
    /// Printed Movement Allowance in whole MP.
    pub movement: u8,
    /// Heavy artillery present (9.2).
    pub heavy_artillery: bool,
    /// Historical set-up position.
    pub historical: Option<(Cell, Facing)>,
}

/// A corps (11.0).
#[derive(Clone, Debug)]
pub struct CorpsDef {
    /// Data-file id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Owner.
    pub side: Side,
    /// Starting box on the Morale Track.
    pub morale: i8,
}

/// 5.0 When a card may be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Window {
    /// 4.0 Movement Phase, before movement.
    Movement,
    /// 9.0 Attack Sequence step 3.
    AttackStep3,
    /// 9.0 Attack Sequence step 6 (after the die is rolled).
    AttackStep6,
    /// 9.5.2 Before a Morale Test's die is rolled.
    MoraleTest,
    /// 10.2 Administrative Phase step D, before Rally Tests.
    Rally,
}

/// What a card does (our vocabulary; the printed cards' texts map onto it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    /// Every friendly unit gains `mp` MA this Movement Phase.
    March {
        /// MP gained.
        mp: u8,
    },
    /// Every enemy unit loses `mp` MA this Movement Phase.
    Delay {
        /// MP lost.
        mp: u8,
    },
    /// Friendly facing changes cost no MP this Movement Phase.
    FreeFacing,
    /// `amount` added to your side's total in this attack.
    Strength {
        /// Strength points.
        amount: i8,
    },
    /// The attack die is rolled again.
    Reroll,
    /// `amount` added to the tested unit's Morale Rating.
    Morale {
        /// Rating change.
        amount: i8,
        /// Whose unit the card may be played on.
        target: Target,
    },
    /// `amount` added to every friendly Rally Test this phase.
    Rally {
        /// Rating change.
        amount: i8,
    },
}

/// Whose unit a morale card affects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// Your own unit's test.
    Own,
    /// The enemy unit's test.
    Enemy,
}

/// Whose phase a card may be played in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PhaseCond {
    /// Only in your own phase.
    Own,
    /// Only in the opponent's phase.
    Enemy,
    /// Either.
    #[default]
    Any,
}

/// Which role in an attack may play a card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RoleCond {
    /// Only the attacker.
    Attacker,
    /// Only the defender.
    Defender,
    /// Either.
    #[default]
    Any,
}

/// A Tactical card (5.0).
#[derive(Clone, Debug)]
pub struct CardDef {
    /// Data-file id (`P01`).
    pub id: String,
    /// Owner's deck.
    pub side: Side,
    /// Title.
    pub title: String,
    /// When it may be played.
    pub window: Window,
    /// What it does.
    pub effect: Effect,
    /// Whose phase.
    pub phase: PhaseCond,
    /// Which role (attack windows).
    pub role: RoleCond,
    /// 5.1 Removed from play after being played.
    pub remove_after_play: bool,
    /// Copies in the deck.
    pub copies: u8,
    /// The effect in our words.
    pub text: String,
}

/// 9.5 Combat results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum CrtResult {
    /// No effect.
    NoEffect,
    /// Attacker retreats; the number is the Morale Test penalty.
    AttackerRetreat(u8),
    /// Defender retreats; the number is the Morale Test penalty.
    DefenderRetreat(u8),
}

impl CrtResult {
    fn parse(s: &str) -> Option<CrtResult> {
        let (kind, pen) = match s.split_once('-') {
            Some((k, p)) => (k, p.parse().ok()?),
            None => (s, 0),
        };
        match kind {
            "NE" if pen == 0 => Some(CrtResult::NoEffect),
            "AR" => Some(CrtResult::AttackerRetreat(pen)),
            "DR" => Some(CrtResult::DefenderRetreat(pen)),
            _ => None,
        }
    }
}

impl std::fmt::Display for CrtResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CrtResult::NoEffect => f.write_str("NE"),
            CrtResult::AttackerRetreat(0) => f.write_str("AR"),
            CrtResult::DefenderRetreat(0) => f.write_str("DR"),
            CrtResult::AttackerRetreat(n) => write!(f, "AR-{n}"),
            CrtResult::DefenderRetreat(n) => write!(f, "DR-{n}"),
        }
    }
}

/// The Combat Results Table: differential columns by die face.
#[derive(Clone, Debug)]
pub struct Crt {
    /// Column differentials, ascending.
    pub columns: Vec<i32>,
    /// `results[face-1][column]`.
    pub results: Vec<Vec<CrtResult>>,
}

impl Crt {
    /// 9.0 step 4: the column for a differential; `None` below the first column (prohibited).
    #[must_use]
    pub fn column(&self, diff: i32) -> Option<usize> {
        if diff < self.columns[0] {
            return None;
        }
        Some(self.columns.iter().rposition(|&c| c <= diff).unwrap_or(0))
    }

    /// The result of die `face` (1 to 6) in `column`.
    #[must_use]
    pub fn result(&self, column: usize, face: u8) -> CrtResult {
        self.results[usize::from(face.clamp(1, 6)) - 1][column]
    }
}

/// A terrain type of the Terrain Effects Chart.
#[derive(Clone, Debug, Deserialize)]
pub struct Terrain {
    /// Id used by the map.
    pub id: String,
    /// Display name.
    pub name: String,
    /// MP to enter.
    pub move_cost: u8,
    /// Units may never enter.
    #[serde(default)]
    pub prohibited: bool,
    /// Attack Strength change for each infantry unit attacking into this hex.
    #[serde(default)]
    pub attack_into: i8,
    /// The same for cavalry.
    #[serde(default)]
    pub cavalry_attack_into: i8,
    /// 9.2.3 Artillery can give Supporting Fire from here.
    #[serde(default = "yes")]
    pub artillery: bool,
    /// Morale Test change for a unit in this hex.
    #[serde(default)]
    pub morale: i8,
}

/// A hexside feature of the Terrain Effects Chart.
#[derive(Clone, Debug, Deserialize)]
pub struct HexsideFeature {
    /// Id used by the map.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Extra MP to cross (7.6.2).
    #[serde(default)]
    pub move_cost: u8,
    /// May never be crossed.
    #[serde(default)]
    pub prohibited: bool,
    /// Attack Strength change for infantry attacking across.
    #[serde(default)]
    pub attack_across: i8,
    /// The same for cavalry.
    #[serde(default)]
    pub cavalry_attack_across: i8,
}

fn yes() -> bool {
    true
}

/// Slope hexsides (9.3).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlopeRule {
    /// Extra MP to cross a slope.
    #[serde(default)]
    pub move_cost: u8,
    /// Infantry attacking upslope.
    pub infantry_upslope: i8,
    /// Cavalry attacking across a slope in either direction.
    pub cavalry_across: i8,
}

/// Morale modifiers listed under the CRT.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoraleRule {
    /// 10.2 Rally Test modifier.
    pub rally: i8,
    /// Designer's notes: cavalry attacked by infantry alone tests with this bonus.
    #[serde(default)]
    pub cavalry_vs_infantry: i8,
}

/// One map cell, precomputed for fast rules.
#[derive(Clone, Debug)]
pub struct CellInfo {
    /// Its hex.
    pub hex: Hex,
    /// Index into [`Charts::terrain`].
    pub terrain: u8,
    /// The neighbour in each [`EdgeDir`], if on the map.
    pub nbr: [Option<Cell>; 6],
    /// The hexside feature (index into [`Charts::features`]) towards each direction.
    pub feature: [Option<u8>; 6],
    /// A road runs from this cell to the neighbour in each direction.
    pub road: [bool; 6],
    /// Entering this cell from the neighbour in each direction goes up a slope of this cell.
    pub upslope_from: [bool; 6],
}

/// The map, precomputed.
#[derive(Clone, Debug)]
pub struct Board {
    /// Printed numbering.
    pub numbering: MapNumbering,
    /// All cells, column-major.
    pub cells: Vec<CellInfo>,
    index: BTreeMap<Hex, Cell>,
    /// Place names.
    pub names: BTreeMap<Cell, String>,
    /// Depots: cell, owner, name.
    pub depots: Vec<(Cell, Side, String)>,
}

impl Board {
    /// The cell of a hex, if on the map.
    #[must_use]
    pub fn cell(&self, hex: Hex) -> Option<Cell> {
        self.index.get(&hex).copied()
    }

    /// The printed label of a cell ("0712").
    #[must_use]
    pub fn label(&self, c: Cell) -> String {
        self.numbering.label(self.cells[c.ix()].hex)
    }

    /// Parses a printed label into an on-map cell.
    #[must_use]
    pub fn parse(&self, s: &str) -> Option<Cell> {
        self.numbering.parse(s).ok().and_then(|h| self.cell(h))
    }

    /// Hex distance between cells.
    #[must_use]
    pub fn distance(&self, a: Cell, b: Cell) -> u32 {
        self.cells[a.ix()].hex.distance(self.cells[b.ix()].hex)
    }

    /// The direction from `a` to the adjacent `b`.
    #[must_use]
    pub fn direction(&self, a: Cell, b: Cell) -> Option<EdgeDir> {
        self.cells[a.ix()].hex.direction_to(self.cells[b.ix()].hex)
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
}

/// All charts of the scenario.
#[derive(Clone, Debug)]
pub struct Charts {
    /// Combat Results Table.
    pub crt: Crt,
    /// Terrain Effects Chart, hexes.
    pub terrain: Vec<Terrain>,
    /// Terrain Effects Chart, hexside features.
    pub features: Vec<HexsideFeature>,
    /// Slope hexsides.
    pub slope: SlopeRule,
    /// 7.6.1 Road move cost in half MP.
    pub road_half_mp: u8,
    /// Morale modifiers.
    pub morale: MoraleRule,
}

/// Everything immutable about a Drums & Muskets scenario.
#[derive(Clone, Debug)]
pub struct Data {
    /// Scenario id.
    pub id: String,
    /// Scenario name.
    pub name: String,
    /// Side ids and names (`A` first).
    pub sides: BySide<(String, String)>,
    /// Game turns.
    pub turns: u8,
    /// 4.0 The First Player.
    pub first: Side,
    /// Free or historical deployment.
    pub historical_setup: bool,
    /// Map.
    pub board: Board,
    /// Charts.
    pub charts: Charts,
    /// Units, indexed by [`UnitId`].
    pub units: Vec<UnitDef>,
    /// Corps, by index.
    pub corps: Vec<CorpsDef>,
    /// Cards, indexed by [`CardId`].
    pub cards: Vec<CardDef>,
    /// 5.2 Maximum hand sizes.
    pub hand_size: BySide<u8>,
    /// Set-up slots of each side, in file order.
    pub slots: BySide<Vec<(Cell, Facing)>>,
    /// Exclusive 3.0: sides whose corps must each be deployed together, in file order of slots.
    pub grouped_setup: BySide<bool>,
    /// Exclusive 13.0: the side that wins a tie on victory points, if any.
    pub draw_winner: Option<Side>,
    /// A position to start from instead of the opening draw and set-up (`[start]`).
    pub start: Option<Start>,
}

/// A piece's place in a starting position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartPiece {
    /// Where it stands and faces; `None` when eliminated.
    pub at: Option<(Cell, Facing)>,
    /// Still hidden.
    pub hidden: bool,
    /// Steady, Shaken or Routed.
    pub status: crate::state::Status,
}

/// A position a scenario starts from (`[start]`): for tests, puzzles and tutorials that begin
/// in the middle of a battle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    /// Game Turn.
    pub turn: u8,
    /// The phasing side.
    pub phasing: Side,
    /// `true`: the Combat Phase (declarations); `false`: the Movement Phase.
    pub combat: bool,
    /// Every piece, by [`UnitId`].
    pub pieces: Vec<StartPiece>,
    /// Corps Morale Track positions.
    pub corps_morale: Vec<i8>,
    /// Corps already Demoralized.
    pub demoralized: Vec<bool>,
    /// The cards in each side's hand.
    pub hands: BySide<Vec<CardId>>,
    /// The side that last held each depot.
    pub depot_holder: Vec<Side>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStart {
    turn: u8,
    phasing: String,
    #[serde(default = "movement_word")]
    phase: String,
    #[serde(default)]
    unit: Vec<RawStartUnit>,
    #[serde(default)]
    corps_morale: BTreeMap<String, i64>,
    #[serde(default)]
    demoralized: Vec<String>,
    #[serde(default)]
    hands: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    depots: BTreeMap<String, String>,
}

fn movement_word() -> String {
    "movement".into()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStartUnit {
    id: String,
    #[serde(default)]
    at: Option<String>,
    #[serde(default)]
    facing: Option<String>,
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    hidden: bool,
    #[serde(default)]
    eliminated: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCrt {
    columns: Vec<i32>,
    results: Vec<Vec<String>>,
    #[serde(default)]
    #[allow(dead_code)]
    stated: Vec<String>,
    #[serde(default)]
    #[allow(dead_code)]
    source: String,
    #[serde(default)]
    #[allow(dead_code)]
    note: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    id: String,
    side: String,
    title: String,
    window: Window,
    effect: Effect,
    #[serde(default)]
    phase: PhaseCond,
    #[serde(default)]
    role: RoleCond,
    #[serde(default)]
    remove_after_play: bool,
    #[serde(default = "one")]
    copies: u8,
    #[serde(default)]
    text: String,
    #[serde(default)]
    #[allow(dead_code)]
    flavor: String,
    #[serde(default)]
    #[allow(dead_code)]
    stated: Vec<String>,
    #[serde(default)]
    #[allow(dead_code)]
    source: String,
    #[serde(default)]
    #[allow(dead_code)]
    note: String,
}

fn one() -> u8 {
    1
}

/// The scenario reader of this crate, with its own typing and array messages; what only this
/// system reads (sides as the engine's [`Side`]) on top.
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
    fn typed<T: serde::de::DeserializeOwned>(&mut self, key: &str, v: &toml::Value) -> Option<T> {
        match strip_provenance(v, key, &mut Vec::new()).try_into::<T>() {
            Ok(t) => Some(t),
            Err(e) => {
                self.err(key, e.to_string().trim().to_string());
                None
            }
        }
    }

    fn array(&mut self, key: &str) -> Vec<toml::Value> {
        match self.get(key) {
            Some(toml::Value::Array(a)) => a.clone(),
            Some(_) => {
                self.err(key, "expected an array of tables ([[...]])");
                Vec::new()
            }
            None => {
                self.err(key, "missing");
                Vec::new()
            }
        }
    }

    fn side(&mut self, key: &str, id: &str) -> Option<Side> {
        self.side_index(key, id)
            .map(|i| if i == 0 { Side::A } else { Side::B })
    }
}

/// Reads a validated scenario into the rule system's data, checking the Drums & Muskets sections
/// (`[crt]`, `[[terrain]]`, `[[hexside_feature]]`, `[slope]`, `[road]`, `[morale]`, `[cards]`,
/// `[[card]]`, and the optional `[setup_rules]` and `[victory]`).
///
/// # Errors
/// Every problem found, with file, key and message.
pub fn load(sc: &Scenario) -> Result<Data, Diagnostics> {
    let mut l = Loader(Reader::new(sc, strip_provenance));
    if sc.rules != "dm" {
        l.err(
            "scenario.rules",
            format!("this rule system is `dm`, not `{}`", sc.rules),
        );
    }
    if l.get("scenario.level").is_some() {
        l.err(
            "scenario.level",
            "this rule system has a single level of play: remove `level`",
        );
    }

    // Charts.
    let crt = match l.get("crt").cloned() {
        Some(v) => l.typed::<RawCrt>("crt", &v),
        None => {
            l.err("crt", "missing");
            None
        }
    };
    let crt = crt.and_then(|raw| {
        let mut ok = true;
        if raw.columns.is_empty() || raw.columns.windows(2).any(|w| w[0] >= w[1]) {
            l.err(
                "crt.columns",
                "needs at least one column, in ascending order",
            );
            ok = false;
        }
        if raw.results.len() != 6 {
            l.err("crt.results", "needs six rows, one per die face");
            ok = false;
        }
        let mut results = Vec::new();
        for (i, row) in raw.results.iter().enumerate() {
            if row.len() != raw.columns.len() {
                l.err(&format!("crt.results[{i}]"), "needs one result per column");
                ok = false;
            }
            let mut r = Vec::new();
            for (j, cell) in row.iter().enumerate() {
                match CrtResult::parse(cell) {
                    Some(x) => r.push(x),
                    None => {
                        l.err(
                            &format!("crt.results[{i}][{j}]"),
                            format!("unknown result `{cell}` (NE, AR, AR-n, DR, DR-n)"),
                        );
                        ok = false;
                    }
                }
            }
            results.push(r);
        }
        ok.then_some(Crt {
            columns: raw.columns,
            results,
        })
    });

    let mut terrain = Vec::new();
    for (i, v) in l.array("terrain").iter().enumerate() {
        if let Some(t) = l.typed::<Terrain>(&format!("terrain[{i}]"), v) {
            terrain.push(t);
        }
    }
    for id in &sc.map.terrain_ids {
        if !terrain.iter().any(|t| &t.id == id) {
            l.err(
                "terrain",
                format!("the map uses terrain `{id}`, which the chart does not define"),
            );
        }
    }
    let mut features = Vec::new();
    if l.get("hexside_feature").is_some() {
        for (i, v) in l.array("hexside_feature").iter().enumerate() {
            if let Some(t) = l.typed::<HexsideFeature>(&format!("hexside_feature[{i}]"), v) {
                features.push(t);
            }
        }
    }
    let slope = match l.get("slope").cloned() {
        Some(v) => l.typed::<SlopeRule>("slope", &v),
        None => {
            l.err("slope", "missing");
            None
        }
    };
    let road_half_mp = match l
        .get("road")
        .and_then(|r| r.get("move_cost_half_mp"))
        .and_then(toml::Value::as_integer)
    {
        Some(n) if (1..=4).contains(&n) => n as u8,
        _ => {
            l.err(
                "road.move_cost_half_mp",
                "expected an integer from 1 to 4 (half MP per road hex)",
            );
            1
        }
    };
    let morale = match l.get("morale").cloned() {
        Some(v) => l.typed::<MoraleRule>("morale", &v),
        None => {
            l.err("morale", "missing");
            None
        }
    };

    // Board.
    let map = &sc.map;
    let mut cells = Vec::new();
    let mut index = BTreeMap::new();
    for (hex, t) in map.terrain.iter() {
        let tid = &map.terrain_ids[usize::from(*t)];
        let terrain_ix = terrain.iter().position(|x| &x.id == tid).unwrap_or(0) as u8;
        index.insert(hex, Cell(cells.len() as u16));
        cells.push(CellInfo {
            hex,
            terrain: terrain_ix,
            nbr: [None; 6],
            feature: [None; 6],
            road: [false; 6],
            upslope_from: [false; 6],
        });
    }
    for c in &mut cells {
        for d in EdgeDir::ALL {
            let di = usize::from(d.index());
            let n = c.hex.neighbor(d);
            c.nbr[di] = index.get(&n).copied();
            let side = Hexside::new(c.hex, d);
            if let Some(fs) = map.hexsides.get(&side) {
                for f in fs {
                    if let Some(fi) = features.iter().position(|x| &x.id == f) {
                        c.feature[di] = Some(fi as u8)
                    }
                }
            }
            c.road[di] = map.roads.contains(&side);
            c.upslope_from[di] = map.slopes.contains(&(c.hex, d));
        }
    }
    for fs in map.hexsides.values() {
        for f in fs {
            if !features.iter().any(|x| &x.id == f) {
                l.err(
                    "hexside_feature",
                    format!("the map uses hexside feature `{f}`, which the chart does not define"),
                );
            }
        }
    }
    let mut depots = Vec::new();
    for (i, d) in map.depots.iter().enumerate() {
        if let (Some(side), Some(&c)) = (
            l.side(&format!("depot[{i}].side"), &d.side),
            index.get(&d.hex),
        ) {
            depots.push((c, side, d.name.clone()));
        }
    }
    let names = map
        .names
        .iter()
        .filter_map(|(h, n)| index.get(h).map(|c| (*c, n.clone())))
        .collect();
    let board = Board {
        numbering: map.numbering,
        cells,
        index,
        names,
        depots,
    };

    // Order of battle.
    let mut corps = Vec::new();
    for (i, c) in sc.corps.iter().enumerate() {
        let side = l
            .side(&format!("corps[{i}].side"), &c.side)
            .unwrap_or(Side::A);
        corps.push(CorpsDef {
            id: c.id.clone(),
            name: c.name.clone(),
            side,
            morale: c.morale.clamp(0, 20) as i8,
        });
    }
    // Corps are numbered by one byte (Morale Track, set-up order).
    if sc.corps.len() > 256 {
        l.err(
            "corps",
            format!("at most 256 corps, not {}", sc.corps.len()),
        );
    }
    let mut units = Vec::new();
    if sc.units.is_empty() {
        l.err("unit", "missing [[unit]]: the order of battle");
    }
    if sc.units.len() > 200 {
        l.err("unit", "at most 200 units");
    }
    for (i, side) in sc.sides.iter().enumerate().take(2) {
        if !sc.units.iter().any(|u| u.side == side.id) {
            l.err(
                &format!("side[{i}]"),
                format!(
                    "side `{}` has no units: each side needs at least one",
                    side.id
                ),
            );
        }
    }
    for (i, u) in sc.units.iter().enumerate() {
        let key = format!("unit[{i}]");
        let side = l.side(&format!("{key}.side"), &u.side).unwrap_or(Side::A);
        let kind = match u.kind.as_str() {
            "infantry" => Kind::Infantry,
            "light_infantry" => Kind::LightInfantry,
            "cavalry" => Kind::Cavalry,
            "dummy" => Kind::Dummy,
            other => {
                l.err(
                    &format!("{key}.kind"),
                    format!("unknown kind `{other}` (infantry, light_infantry, cavalry, dummy)"),
                );
                Kind::Dummy
            }
        };
        if u.heavy_artillery && kind != Kind::Infantry && kind != Kind::LightInfantry {
            l.err(
                &format!("{key}.heavy_artillery"),
                "9.2: only infantry units carry heavy artillery",
            );
        }
        let corps_ix = u
            .corps
            .as_ref()
            .and_then(|c| corps.iter().position(|x| &x.id == c))
            .map(|x| x as u8);
        let historical = u
            .historical
            .as_ref()
            .and_then(|p| board.cell(p.hex).as_ref().map(|&c| (c, p.facing)));
        units.push(UnitDef {
            id: u.id.clone(),
            name: u.name.clone(),
            side,
            corps: corps_ix,
            kind,
            strength: u.strength.clamp(0, 20) as i8,
            morale: u.morale.clamp(0, 10) as i8,
            movement: u.movement.clamp(1, 20) as u8,
            heavy_artillery: u.heavy_artillery,
            historical,
        });
    }

    // Set-up.
    let mut slots = BySide::new(Vec::new(), Vec::new());
    for (i, a) in sc.setup_areas.iter().enumerate() {
        if let Some(side) = l.side(&format!("setup[{i}].side"), &a.side) {
            slots[side] = a
                .slots
                .iter()
                .filter_map(|p| board.cell(p.hex).as_ref().map(|&c| (c, p.facing)))
                .collect();
        }
    }
    let historical_setup = matches!(sc.setup, SetupMode::Historical);
    if !historical_setup {
        for side in Side::ALL {
            let n = units.iter().filter(|u| u.side == side).count();
            if slots[side].len() != n {
                l.err(
                    "setup",
                    format!(
                        "side {} has {n} pieces but {} set-up slots",
                        sc.sides[side.index()].id,
                        slots[side].len()
                    ),
                );
            }
        }
    }
    let mut grouped_setup = BySide::new(false, false);
    if let Some(v) = l.get("setup_rules").cloned() {
        match v.get("grouped_corps").and_then(toml::Value::as_array) {
            Some(arr) => {
                for (i, s) in arr.iter().enumerate() {
                    if let Some(side) = s
                        .as_str()
                        .and_then(|s| l.side(&format!("setup_rules.grouped_corps[{i}]"), s))
                    {
                        grouped_setup[side] = true;
                    }
                }
            }
            None => l.err("setup_rules.grouped_corps", "expected a list of side ids"),
        }
    }
    let draw_winner = match l
        .get("victory")
        .and_then(|v| v.get("draw_winner"))
        .and_then(toml::Value::as_str)
    {
        Some(s) => {
            let s = s.to_string();
            l.side("victory.draw_winner", &s)
        }
        None => None,
    };

    // Cards.
    let mut hand_size = BySide::new(0u8, 0u8);
    match l
        .get("cards")
        .and_then(|c| c.get("hand_size"))
        .and_then(toml::Value::as_table)
        .cloned()
    {
        Some(t) => {
            for (k, v) in &t {
                if let Some(side) = l.side(&format!("cards.hand_size.{k}"), k) {
                    match v.as_integer() {
                        Some(n) if (0..=10).contains(&n) => hand_size[side] = n as u8,
                        _ => l.err(
                            &format!("cards.hand_size.{k}"),
                            "expected an integer from 0 to 10",
                        ),
                    }
                }
            }
        }
        None => l.err(
            "cards.hand_size",
            "missing (a table of side id = hand size)",
        ),
    }
    let mut cards = Vec::new();
    if l.get("card").is_some() {
        for (i, v) in l.array("card").iter().enumerate() {
            let key = format!("card[{i}]");
            if let Some(raw) = l.typed::<RawCard>(&key, v) {
                let Some(side) = l.side(&format!("{key}.side"), &raw.side) else {
                    continue;
                };
                if cards.iter().any(|c: &CardDef| c.id == raw.id) {
                    l.err(
                        &format!("{key}.id"),
                        format!("duplicate card id `{}`", raw.id),
                    );
                }
                let fits = matches!(
                    (raw.window, raw.effect),
                    (
                        Window::Movement,
                        Effect::March { .. } | Effect::Delay { .. } | Effect::FreeFacing
                    ) | (Window::AttackStep3, Effect::Strength { .. })
                        | (Window::AttackStep6, Effect::Reroll)
                        | (Window::MoraleTest, Effect::Morale { .. })
                        | (Window::Rally, Effect::Rally { .. })
                );
                if !fits {
                    l.err(
                        &format!("{key}.effect"),
                        "this effect cannot be played in this window",
                    );
                }
                if raw.copies == 0 || raw.copies > 10 {
                    l.err(&format!("{key}.copies"), "expected 1 to 10");
                }
                cards.push(CardDef {
                    id: raw.id,
                    side,
                    title: raw.title,
                    window: raw.window,
                    effect: raw.effect,
                    phase: raw.phase,
                    role: raw.role,
                    remove_after_play: raw.remove_after_play,
                    copies: raw.copies.clamp(1, 10),
                    text: raw.text,
                });
            }
        }
    }
    if cards.len() > 250 {
        l.err("card", "at most 250 distinct cards");
    }

    let first = {
        let f = sc.first_player.clone();
        l.side("scenario.first_player", &f).unwrap_or(Side::A)
    };
    let start = match l.get("start").cloned() {
        Some(v) => l
            .typed::<RawStart>("start", &v)
            .and_then(|raw| read_start(&mut l, raw, &board, &units, &corps, &cards, sc)),
        None => None,
    };
    if !l.diags.is_empty() {
        return Err(Diagnostics(std::mem::take(&mut l.diags)));
    }
    let (Some(crt), Some(slope), Some(morale)) = (crt, slope, morale) else {
        return Err(Diagnostics(vec![Diagnostic {
            file: "?".into(),
            key: "charts".into(),
            message: "incomplete charts".into(),
        }]));
    };
    Ok(Data {
        id: sc.id.clone(),
        name: sc.name.clone(),
        sides: BySide::new(
            (sc.sides[0].id.clone(), sc.sides[0].name.clone()),
            (sc.sides[1].id.clone(), sc.sides[1].name.clone()),
        ),
        turns: sc.turns,
        first,
        historical_setup,
        board,
        charts: Charts {
            crt,
            terrain,
            features,
            slope,
            road_half_mp,
            morale,
        },
        units,
        corps,
        cards,
        hand_size,
        slots,
        grouped_setup,
        draw_winner,
        start,
    })
}

/// Reads `[start]`: every piece listed stands where it says; the others stand at their
/// `historical` placement (which they must then have).
fn read_start(
    l: &mut Loader<'_>,
    raw: RawStart,
    board: &Board,
    units: &[UnitDef],
    corps: &[CorpsDef],
    cards: &[CardDef],
    sc: &Scenario,
) -> Option<Start> {
    let before = l.diags.len();
    let phasing = l.side("start.phasing", &raw.phasing);
    let combat = match raw.phase.as_str() {
        "movement" => false,
        "combat" => true,
        other => {
            l.err(
                "start.phase",
                format!("unknown phase `{other}` (movement or combat)"),
            );
            false
        }
    };
    if raw.turn == 0 || raw.turn > sc.turns {
        l.err(
            "start.turn",
            format!("expected a Game Turn from 1 to {}", sc.turns),
        );
    }
    let mut pieces: Vec<Option<StartPiece>> = units
        .iter()
        .map(|u| {
            u.historical.map(|at| StartPiece {
                at: Some(at),
                hidden: false,
                status: crate::state::Status::Steady,
            })
        })
        .collect();
    for (i, r) in raw.unit.iter().enumerate() {
        let key = format!("start.unit[{i}]");
        let Some(u) = units.iter().position(|x| x.id == r.id) else {
            l.err(&format!("{key}.id"), format!("no unit `{}`", r.id));
            continue;
        };
        let status = match r.status.as_deref() {
            None | Some("steady") => crate::state::Status::Steady,
            Some("shaken") => crate::state::Status::Shaken,
            Some("routed") => crate::state::Status::Routed,
            Some(other) => {
                l.err(
                    &format!("{key}.status"),
                    format!("unknown status `{other}` (steady, shaken, routed)"),
                );
                crate::state::Status::Steady
            }
        };
        if r.hidden && status != crate::state::Status::Steady {
            l.err(
                &format!("{key}.hidden"),
                "a hidden piece is always Steady (10.0)",
            );
        }
        let at = if r.eliminated {
            None
        } else {
            let cell = r.at.as_deref().and_then(|a| board.parse(a));
            let facing = r.facing.as_deref().and_then(|f| f.parse::<Facing>().ok());
            match (cell, facing) {
                (Some(c), Some(f)) => Some((c, f)),
                _ => {
                    l.err(
                        &key,
                        "needs `at` (a hex of the map) and `facing`, or `eliminated = true`",
                    );
                    None
                }
            }
        };
        pieces[u] = Some(StartPiece {
            at,
            hidden: r.hidden,
            status,
        });
    }
    let mut taken = BTreeMap::new();
    for (i, p) in pieces.iter().enumerate() {
        match p {
            None => l.err(
                "start.unit",
                format!(
                    "unit `{}` is not placed: list it or give it a `historical` placement",
                    units[i].id
                ),
            ),
            Some(StartPiece {
                at: Some((c, _)), ..
            }) => {
                if let Some(other) = taken.insert(*c, i) {
                    l.err(
                        "start.unit",
                        format!(
                            "`{}` and `{}` both stand in {} (7.7: no stacking)",
                            units[other].id,
                            units[i].id,
                            board.label(*c)
                        ),
                    );
                }
            }
            Some(_) => {}
        }
    }
    let mut corps_morale: Vec<i8> = corps.iter().map(|c| c.morale).collect();
    for (id, m) in &raw.corps_morale {
        match corps.iter().position(|c| &c.id == id) {
            Some(i) if (0..=20).contains(m) => corps_morale[i] = *m as i8,
            Some(_) => l.err(&format!("start.corps_morale.{id}"), "expected 0 to 20"),
            None => l.err(
                &format!("start.corps_morale.{id}"),
                format!("no corps `{id}`"),
            ),
        }
    }
    let mut demoralized = vec![false; corps.len()];
    for id in &raw.demoralized {
        match corps.iter().position(|c| &c.id == id) {
            Some(i) => {
                demoralized[i] = true;
                corps_morale[i] = 0;
            }
            None => l.err("start.demoralized", format!("no corps `{id}`")),
        }
    }
    let mut hands = BySide::new(Vec::new(), Vec::new());
    for (side_id, list) in &raw.hands {
        let Some(side) = l.side(&format!("start.hands.{side_id}"), side_id) else {
            continue;
        };
        for c in list {
            match cards.iter().position(|x| &x.id == c && x.side == side) {
                Some(i) => hands[side].push(CardId(i as u8)),
                None => l.err(
                    &format!("start.hands.{side_id}"),
                    format!("no card `{c}` in the {side_id} deck"),
                ),
            }
        }
        hands[side].sort();
    }
    let mut depot_holder: Vec<Side> = board.depots.iter().map(|d| d.1).collect();
    for (hex, side_id) in &raw.depots {
        let Some(side) = l.side(&format!("start.depots.{hex}"), side_id) else {
            continue;
        };
        match board
            .parse(hex)
            .and_then(|c| board.depots.iter().position(|d| d.0 == c))
        {
            Some(i) => depot_holder[i] = side,
            None => l.err(&format!("start.depots.{hex}"), "not a depot hex"),
        }
    }
    if l.diags.len() > before {
        return None;
    }
    Some(Start {
        turn: raw.turn,
        phasing: phasing?,
        combat,
        pieces: pieces.into_iter().flatten().collect(),
        corps_morale,
        demoralized,
        hands,
        depot_holder,
    })
}
