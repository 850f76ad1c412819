//! The validated scenario: what the rules crates code against.

use std::collections::{BTreeMap, BTreeSet};

use coupdoeil_hex::{EdgeDir, Facing, Hex, HexGrid, Hexside, MapNumbering};

use crate::{Diagnostics, Document};

/// A validated scenario: sides, map, order of battle and set-up, plus the whole merged document
/// (the rules crate reads its own sections from it).
#[derive(Clone, Debug)]
pub struct Scenario {
    /// Unique id, e.g. `dm-leuthen`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Rule system id, e.g. `dm`.
    pub rules: String,
    /// A paragraph for players.
    pub description: String,
    /// Number of game turns, 1 to 99.
    pub turns: u8,
    /// Id of the side that moves first each turn.
    pub first_player: String,
    /// Whether the players place their pieces or the historical placements are used.
    pub setup: SetupMode,
    /// The two sides, in file order.
    pub sides: Vec<SideDef>,
    /// The map.
    pub map: Map,
    /// Corps (wings), in file order.
    pub corps: Vec<CorpsDef>,
    /// Units and dummies of both sides, in file order.
    pub units: Vec<UnitDef>,
    /// Set-up slots, one area per side that sets up, in file order.
    pub setup_areas: Vec<SetupArea>,
    /// The merged document the scenario was read from.
    pub document: Document,
}

impl Scenario {
    /// Validates a merged document (after any `extends` has been resolved with
    /// [`merge`](crate::merge)).
    ///
    /// # Errors
    ///
    /// Every problem found, each naming its file and key.
    pub fn from_document(doc: Document) -> Result<Scenario, Diagnostics> {
        crate::validate::scenario(doc)
    }

    /// The side with id `id`.
    #[must_use]
    pub fn side(&self, id: &str) -> Option<&SideDef> {
        self.sides.iter().find(|s| s.id == id)
    }

    /// The units of side `side`, in file order.
    pub fn units_of<'a>(&'a self, side: &'a str) -> impl Iterator<Item = &'a UnitDef> + 'a {
        self.units.iter().filter(move |u| u.side == side)
    }

    /// The set-up area of side `side`, if it has one.
    #[must_use]
    pub fn setup_area(&self, side: &str) -> Option<&SetupArea> {
        self.setup_areas.iter().find(|a| a.side == side)
    }
}

/// How the pieces are placed at the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetupMode {
    /// Each side places its pieces in its set-up slots (`setup = "free"`).
    Free,
    /// Every unit starts at its `historical` placement (`setup = "historical"`).
    Historical,
}

/// One side of the battle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SideDef {
    /// Id used everywhere else, e.g. `prussian`.
    pub id: String,
    /// Display name.
    pub name: String,
}

/// The map: terrain for every hex, names, hexside features, slopes, roads and depots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    /// Display name.
    pub name: String,
    /// How printed labels map to hexes.
    pub numbering: MapNumbering,
    /// Number of printed columns.
    pub columns: i32,
    /// Number of hexes in each printed column.
    pub rows: i32,
    /// The distinct terrain ids used on the map, sorted.
    pub terrain_ids: Vec<String>,
    /// For every hex, an index into [`terrain_ids`](Map::terrain_ids).
    pub terrain: HexGrid<u8>,
    /// Place names (villages, hills, woods).
    pub names: BTreeMap<Hex, String>,
    /// Hexside features (e.g. `stream`), in file order per hexside.
    pub hexsides: BTreeMap<Hexside, Vec<String>>,
    /// `(h, d)`: moving or attacking from `h.neighbor(d)` into `h` goes upslope (`h` is higher).
    pub slopes: BTreeSet<(Hex, EdgeDir)>,
    /// Road connections between adjacent hexes.
    pub roads: BTreeSet<Hexside>,
    /// Depots, in file order.
    pub depots: Vec<Depot>,
}

impl Map {
    /// Whether `hex` is on the map.
    #[must_use]
    pub fn contains(&self, hex: Hex) -> bool {
        self.terrain.contains(hex)
    }

    /// The terrain id of `hex`, or `None` off the map.
    #[must_use]
    pub fn terrain_at(&self, hex: Hex) -> Option<&str> {
        self.terrain
            .get(hex)
            .and_then(|&i| self.terrain_ids.get(usize::from(i)))
            .map(String::as_str)
    }

    /// Whether crossing from `from` into the adjacent hex `to` goes upslope.
    #[must_use]
    pub fn is_upslope(&self, from: Hex, to: Hex) -> bool {
        to.direction_to(from)
            .is_some_and(|d| self.slopes.contains(&(to, d)))
    }

    /// The features on the hexside between `a` and `b` (empty if none or not adjacent).
    #[must_use]
    pub fn features_between(&self, a: Hex, b: Hex) -> &[String] {
        Hexside::between(a, b)
            .and_then(|s| self.hexsides.get(&s))
            .map_or(&[], Vec::as_slice)
    }

    /// Whether a road connects the adjacent hexes `a` and `b`.
    #[must_use]
    pub fn road_between(&self, a: Hex, b: Hex) -> bool {
        Hexside::between(a, b).is_some_and(|s| self.roads.contains(&s))
    }
}

/// A depot hex: the goal of retreats and an objective.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Depot {
    /// Where it is.
    pub hex: Hex,
    /// The side it belongs to.
    pub side: String,
    /// Display name.
    pub name: String,
}

/// A corps (or wing) with its starting morale.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CorpsDef {
    /// Id used by units.
    pub id: String,
    /// Owning side id.
    pub side: String,
    /// Display name.
    pub name: String,
    /// Starting corps morale, 0 to 10.
    pub morale: i32,
}

/// A unit or dummy of the order of battle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UnitDef {
    /// Unique id.
    pub id: String,
    /// Display name (usually the commander).
    pub name: String,
    /// Owning side id.
    pub side: String,
    /// Corps id; `None` exactly for dummies.
    pub corps: Option<String>,
    /// `infantry`, `light_infantry`, `cavalry` or `dummy`.
    pub kind: String,
    /// Combat strength, 0 to 20 (0 for dummies).
    pub strength: i32,
    /// Morale rating, 0 to 10 (0 for dummies).
    pub morale: i32,
    /// Movement allowance, 1 to 20.
    pub movement: i32,
    /// Whether the unit includes heavy artillery (infantry only).
    pub heavy_artillery: bool,
    /// Where the unit stood historically, if given.
    pub historical: Option<Placement>,
}

impl UnitDef {
    /// Whether this is a dummy.
    #[must_use]
    pub fn is_dummy(&self) -> bool {
        self.kind == "dummy"
    }
}

/// A hex and a facing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Placement {
    /// The hex.
    pub hex: Hex,
    /// The facing.
    pub facing: Facing,
}

/// The set-up slots of one side, in file order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SetupArea {
    /// The side placing pieces here.
    pub side: String,
    /// One slot per piece of that side.
    pub slots: Vec<Placement>,
}
