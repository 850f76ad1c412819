//! Raw document -> validated [`Scenario`], collecting every diagnostic.

use std::collections::{BTreeMap, BTreeSet};

use coupdoeil_hex::{EdgeDir, Facing, Hex, HexGrid, Hexside, MapNumbering, Stagger};
use serde::de::DeserializeOwned;

use crate::raw::{
    RawCorps, RawDepot, RawHex, RawHexside, RawMap, RawName, RawPlacement, RawRoadPath,
    RawScenario, RawSetup, RawSide, RawUnit, RawUpslope,
};
use crate::{
    CorpsDef, Depot, Diagnostic, Diagnostics, Document, Map, Placement, Scenario, SetupArea,
    SetupMode, SideDef, UnitDef,
};

/// Top-level sections read by this crate.
pub const SECTIONS: &[&str] = &[
    "scenario",
    "side",
    "map",
    "hex",
    "name",
    "hexside",
    "upslope",
    "road_path",
    "depot",
    "corps",
    "unit",
    "setup",
];

/// Top-level sections that belong to rules crates: this crate accepts them without reading
/// them (a rules crate validates its own). Any other top-level key is reported as unknown.
pub const RULES_SECTIONS: &[&str] = &[
    "card",
    "cards",
    "crt",
    "terrain",
    "hexside_feature",
    "slope",
    "road",
    "morale",
    "setup_rules",
    "victory",
    // Prussia's Glory (rules crate coupdoeil-pg): its battle header, order of battle, set-up,
    // victory levels and Player Aid charts.
    "battle",
    "army",
    "group",
    "wing",
    "leader",
    "troop",
    "start",
    "deploy",
    "reinforcement",
    "victory_level",
    "vp_bonus",
    "ai",
    "terrain_override",
    "bombardment",
    "close_combat",
    "bombardment_drm",
    "rally",
    "leader_loss",
    // Glory and Empire (rules crate coupdoeil-ge): its clock, elevations, Observation Points
    // and trails, order of battle, garrisons, posts, objectives and scoring, and the Player Aid
    // charts (it also reads `leader`, `deploy`, `reinforcement`, `terrain`, `hexside_feature`
    // and `morale` above).
    "clock",
    "elevation",
    "observation_point",
    "trail_path",
    "battalion",
    "squadron",
    "battery",
    "garrison",
    "post",
    "objective",
    "scoring",
    "fire",
    "gun",
    "cold_steel",
    "movement",
    "command",
    "facing",
    "reactions",
    "nation",
    "supply",
    "gtf",
    "brigade",
    "train",
];

/// Unit kinds.
pub const UNIT_KINDS: &[&str] = &["infantry", "light_infantry", "cavalry", "dummy"];

const PROVENANCE: &[&str] = &["stated", "source", "note"];
const MAX_MAP_SIDE: i64 = 200;

pub(crate) fn scenario(doc: Document) -> Result<Scenario, Diagnostics> {
    let mut cx = Ctx {
        doc: &doc,
        diags: Vec::new(),
    };
    cx.top_level_keys();
    let head = cx.head();
    let sides = cx.sides();
    // Every declared side id, even of a rejected [[side]] entry, so that one bad side entry is
    // not also an error at every reference to it.
    let side_ids: BTreeSet<String> = cx.declared("side").into_iter().map(|(id, _)| id).collect();
    if let Some(h) = &head
        && !sides.is_empty()
        && !side_ids.contains(&h.first_player)
    {
        cx.err(
            "scenario.first_player",
            format!("`{}` is not a declared side", h.first_player),
        );
    }
    let map = cx.map(&side_ids);
    let corps = cx.corps(&side_ids);
    let mode = head.as_ref().map(|h| h.setup);
    let units = cx.units(&side_ids, map.as_ref(), mode);
    let setup_areas = cx.setup(&sides, map.as_ref(), mode);
    let diags = std::mem::take(&mut cx.diags);
    drop(cx);
    match (head, map) {
        (Some(h), Some(map)) if diags.is_empty() => Ok(Scenario {
            id: h.id,
            name: h.name,
            rules: h.rules,
            description: h.description,
            turns: h.turns,
            first_player: h.first_player,
            setup: h.setup,
            sides,
            map,
            corps,
            units,
            setup_areas,
            document: doc,
        }),
        (head, _) => {
            let mut diags = diags;
            if diags.is_empty() {
                // Unreachable in practice: every early return above reports why.
                let key = if head.is_none() { "scenario" } else { "map" };
                diags.push(Diagnostic {
                    file: doc.file_of(key).to_string(),
                    key: key.to_string(),
                    message: "could not be read".to_string(),
                });
            }
            Err(Diagnostics(diags))
        }
    }
}

/// The validated `[scenario]` table.
struct Head {
    id: String,
    name: String,
    rules: String,
    description: String,
    turns: u8,
    first_player: String,
    setup: SetupMode,
}

/// The map numbering and extent, for checking labels.
struct Frame {
    numbering: MapNumbering,
    grid: HexGrid<()>,
}

impl Frame {
    fn describe(&self) -> String {
        let n = &self.numbering;
        let w = usize::from(n.digits);
        let last = |first: i32, count: u32| first + i32::try_from(count).unwrap_or(i32::MAX) - 1;
        let last_c = last(n.first_column, self.grid.columns());
        let last_r = last(n.first_row, self.grid.rows());
        format!(
            "columns {:0w$}-{last_c:0w$}, rows {:0w$}-{last_r:0w$}",
            n.first_column, n.first_row
        )
    }
}

struct Ctx<'d> {
    doc: &'d Document,
    diags: Vec<Diagnostic>,
}

impl Ctx<'_> {
    fn err(&mut self, key: impl Into<String>, message: impl Into<String>) {
        let key = key.into();
        self.diags.push(Diagnostic {
            file: self.doc.file_of(&key).to_string(),
            key,
            message: message.into(),
        });
    }

    /// Deserialises `value` (found at `key`) into `T`, reporting the failing field's key; then
    /// checks that `stated` names fields of the record.
    fn de<T: DeserializeOwned>(&mut self, key: &str, value: &toml::Value) -> Option<T> {
        match value.clone().try_into::<T>() {
            Ok(t) => {
                self.check_stated(key, value);
                Some(t)
            }
            Err(e) => {
                let (sub, message) = split_de_error(&e);
                let key = if sub.is_empty() {
                    key.to_string()
                } else {
                    format!("{key}.{sub}")
                };
                self.err(key, message);
                None
            }
        }
    }

    fn check_stated(&mut self, key: &str, value: &toml::Value) {
        let Some(t) = value.as_table() else { return };
        let Some(stated) = t.get("stated").and_then(toml::Value::as_array) else {
            return;
        };
        for (i, s) in stated.iter().enumerate() {
            if let Some(name) = s.as_str()
                && (PROVENANCE.contains(&name) || !t.contains_key(name))
            {
                self.err(
                    format!("{key}.stated[{i}]"),
                    format!("`{name}` is not a field of this record"),
                );
            }
        }
    }

    fn top_level_keys(&mut self) {
        let keys: Vec<String> = self.doc.table().keys().cloned().collect();
        for key in keys {
            let k = key.as_str();
            if SECTIONS.contains(&k) {
                continue;
            }
            if (k == "slope" || k == "road") && self.doc.table()[k].is_array() {
                let fix = if k == "slope" { "upslope" } else { "road_path" };
                self.err(
                    k,
                    format!(
                        "map {k}s are written as [[{fix}]]; `[{k}]` is the rules crate's chart \
                         table"
                    ),
                );
                continue;
            }
            if RULES_SECTIONS.contains(&k) {
                continue;
            }
            self.err(
                k,
                format!(
                    "unknown top-level key `{k}` (expected one of: {}; or a rules section: {})",
                    SECTIONS.join(", "),
                    RULES_SECTIONS.join(", ")
                ),
            );
        }
    }

    /// A required table section.
    fn table_section(&mut self, key: &str) -> Option<toml::Value> {
        match self.doc.table().get(key) {
            Some(v @ toml::Value::Table(_)) => Some(v.clone()),
            Some(_) => {
                self.err(key, format!("expected a table ([{key}])"));
                None
            }
            None => {
                self.err(key, format!("missing [{key}]"));
                None
            }
        }
    }

    /// An array-of-tables section; `required` reports it when absent.
    fn array_section(&mut self, key: &str, required: bool) -> Vec<toml::Value> {
        match self.doc.table().get(key) {
            Some(toml::Value::Array(a)) => a.clone(),
            Some(_) => {
                self.err(key, format!("expected an array of tables ([[{key}]])"));
                Vec::new()
            }
            None => {
                if required {
                    self.err(key, format!("missing [[{key}]]"));
                }
                Vec::new()
            }
        }
    }

    fn range(&mut self, key: &str, value: i64, lo: i64, hi: i64) -> Option<i32> {
        if (lo..=hi).contains(&value) {
            i32::try_from(value).ok()
        } else {
            self.err(key, format!("must be from {lo} to {hi}, not {value}"));
            None
        }
    }

    fn non_empty(&mut self, key: &str, value: &str) {
        if value.trim().is_empty() {
            self.err(key, "must not be empty");
        }
    }

    fn known_side(&mut self, key: &str, sides: &BTreeSet<String>, side: &str) -> bool {
        if sides.contains(side) {
            true
        } else {
            if !sides.is_empty() {
                self.err(key, format!("`{side}` is not a declared side"));
            }
            false
        }
    }

    fn head(&mut self) -> Option<Head> {
        let v = self.table_section("scenario")?;
        let raw: RawScenario = self.de("scenario", &v)?;
        self.non_empty("scenario.id", &raw.id);
        self.non_empty("scenario.rules", &raw.rules);
        let turns = self.range("scenario.turns", raw.turns, 1, 99);
        let setup = match raw.setup.as_str() {
            "free" => Some(SetupMode::Free),
            "historical" => Some(SetupMode::Historical),
            other => {
                self.err(
                    "scenario.setup",
                    format!("`{other}` is not a set-up mode (free, historical)"),
                );
                None
            }
        };
        Some(Head {
            id: raw.id,
            name: raw.name,
            rules: raw.rules,
            description: raw.description,
            turns: u8::try_from(turns?).ok()?,
            first_player: raw.first_player,
            setup: setup?,
        })
    }

    fn sides(&mut self) -> Vec<SideDef> {
        let values = self.array_section("side", true);
        let mut sides: Vec<SideDef> = Vec::new();
        for (i, v) in values.iter().enumerate() {
            let key = format!("side[{i}]");
            let Some(raw) = self.de::<RawSide>(&key, v) else {
                continue;
            };
            self.non_empty(&format!("{key}.id"), &raw.id);
            if sides.iter().any(|s| s.id == raw.id) {
                self.err(
                    format!("{key}.id"),
                    format!("duplicate side id `{}`", raw.id),
                );
                continue;
            }
            sides.push(SideDef {
                id: raw.id,
                name: raw.name,
            });
        }
        if !values.is_empty() && values.len() != 2 {
            self.err(
                "side",
                format!("a scenario has exactly two sides, found {}", values.len()),
            );
        }
        sides
    }

    /// Parses `label` (found at `key`) and checks that it lies on the map.
    fn hex(&mut self, key: &str, frame: &Frame, label: &str) -> Option<Hex> {
        match frame.numbering.parse(label) {
            Ok(h) if frame.grid.contains(h) => Some(h),
            Ok(_) => {
                self.err(
                    key,
                    format!("hex {label} is off the map ({})", frame.describe()),
                );
                None
            }
            Err(e) => {
                self.err(key, format!("`{label}` is not a hex label: {e}"));
                None
            }
        }
    }

    fn edge_dir(&mut self, key: &str, name: &str) -> Option<EdgeDir> {
        match name.parse::<EdgeDir>() {
            Ok(d) => Some(d),
            Err(_) => {
                self.err(
                    key,
                    format!("`{name}` is not a hexside direction (N, NE, SE, S, SW, NW)"),
                );
                None
            }
        }
    }

    fn facing(&mut self, key: &str, name: &str) -> Option<Facing> {
        match name.parse::<Facing>() {
            Ok(f) => Some(f),
            Err(_) => {
                self.err(
                    key,
                    format!(
                        "`{name}` is not a facing (N, NNE, NE, E, SE, SSE, S, SSW, SW, W, NW, NNW)"
                    ),
                );
                None
            }
        }
    }

    fn placement(
        &mut self,
        key: &str,
        frame: Option<&Frame>,
        v: &toml::Value,
    ) -> Option<Placement> {
        let raw: RawPlacement = self.de(key, v)?;
        let facing = self.facing(&format!("{key}.facing"), &raw.facing);
        let hex = self.hex(&format!("{key}.at"), frame?, &raw.at);
        Some(Placement {
            hex: hex?,
            facing: facing?,
        })
    }

    fn frame(&mut self, raw: &RawMap) -> Option<Frame> {
        let columns = self.range("map.columns", raw.columns, 1, MAX_MAP_SIDE);
        let rows = self.range("map.rows", raw.rows, 1, MAX_MAP_SIDE);
        let first_column = self.range("map.first_column", raw.first_column, -9999, 9999);
        let first_row = self.range("map.first_row", raw.first_row, -9999, 9999);
        let digits = self.range("map.digits", raw.digits, 1, 4);
        let stagger = match raw.stagger.as_str() {
            "odd-columns-down" => Some(Stagger::OddColumnsDown),
            "even-columns-down" => Some(Stagger::EvenColumnsDown),
            other => {
                self.err(
                    "map.stagger",
                    format!("`{other}` is not a stagger (odd-columns-down, even-columns-down)"),
                );
                None
            }
        };
        let numbering = MapNumbering::new(
            first_column?,
            first_row?,
            stagger?,
            u8::try_from(digits?).ok()?,
        );
        let grid = HexGrid::new(
            numbering,
            u32::try_from(columns?).ok()?,
            u32::try_from(rows?).ok()?,
            (),
        );
        Some(Frame { numbering, grid })
    }

    /// Ids declared by a rules-crate array section (`[[terrain]]`, `[[hexside_feature]]`), if
    /// the document has one; used to cross-check the map.
    fn declared_ids(&self, section: &str) -> Option<BTreeSet<String>> {
        let arr = self.doc.table().get(section)?.as_array()?;
        Some(
            arr.iter()
                .filter_map(|v| v.get("id")?.as_str().map(str::to_string))
                .collect(),
        )
    }

    fn map(&mut self, sides: &BTreeSet<String>) -> Option<Map> {
        let v = self.table_section("map")?;
        let raw: RawMap = self.de("map", &v)?;
        let frame = self.frame(&raw)?;
        let declared_terrain = self.declared_ids("terrain");

        // Terrain.
        self.non_empty("map.default_terrain", &raw.default_terrain);
        let mut assigned: BTreeMap<Hex, (String, usize)> = BTreeMap::new();
        let mut first_use: BTreeMap<String, String> = BTreeMap::new();
        first_use.insert(raw.default_terrain.clone(), "map.default_terrain".into());
        for (i, v) in self.array_section("hex", false).iter().enumerate() {
            let key = format!("hex[{i}]");
            let Some(h) = self.de::<RawHex>(&key, v) else {
                continue;
            };
            self.non_empty(&format!("{key}.terrain"), &h.terrain);
            first_use
                .entry(h.terrain.clone())
                .or_insert_with(|| format!("{key}.terrain"));
            let labels: Vec<(String, &toml::Value)> = match &h.at {
                s @ toml::Value::String(_) => vec![(format!("{key}.at"), s)],
                toml::Value::Array(a) => a
                    .iter()
                    .enumerate()
                    .map(|(j, s)| (format!("{key}.at[{j}]"), s))
                    .collect(),
                _ => {
                    self.err(
                        format!("{key}.at"),
                        "expected a hex label or a list of hex labels",
                    );
                    continue;
                }
            };
            for (lkey, s) in labels {
                let Some(label) = s.as_str() else {
                    self.err(lkey, "expected a hex label (a string)");
                    continue;
                };
                let Some(hex) = self.hex(&lkey, &frame, label) else {
                    continue;
                };
                if let Some((_, j)) = assigned.get(&hex) {
                    self.err(
                        lkey,
                        format!("hex {label} already has its terrain from hex[{j}]"),
                    );
                    continue;
                }
                assigned.insert(hex, (h.terrain.clone(), i));
            }
        }
        let mut used: BTreeSet<String> = assigned.values().map(|(t, _)| t.clone()).collect();
        if assigned.len() < frame.grid.len() {
            used.insert(raw.default_terrain.clone());
        }
        if let Some(declared) = &declared_terrain {
            for t in &used {
                if !declared.contains(t) {
                    let key = first_use[t].clone();
                    self.err(key, format!("terrain `{t}` is not defined in [[terrain]]"));
                }
            }
        }
        let terrain_ids: Vec<String> = used.into_iter().collect();
        if terrain_ids.len() > usize::from(u8::MAX) + 1 {
            self.err("hex", "at most 256 distinct terrain ids");
        }
        let index_of = |t: &str| -> u8 {
            terrain_ids
                .iter()
                .position(|x| x == t)
                .and_then(|i| u8::try_from(i).ok())
                .unwrap_or(0)
        };
        let default_ix = index_of(&raw.default_terrain);
        let terrain = HexGrid::from_fn(
            frame.numbering,
            frame.grid.columns(),
            frame.grid.rows(),
            |hex| assigned.get(&hex).map_or(default_ix, |(t, _)| index_of(t)),
        );

        // Names.
        let mut names = BTreeMap::new();
        for (i, v) in self.array_section("name", false).iter().enumerate() {
            let key = format!("name[{i}]");
            let Some(n) = self.de::<RawName>(&key, v) else {
                continue;
            };
            self.non_empty(&format!("{key}.name"), &n.name);
            let Some(hex) = self.hex(&format!("{key}.at"), &frame, &n.at) else {
                continue;
            };
            if let Some(old) = names.get(&hex) {
                self.err(
                    format!("{key}.at"),
                    format!("hex {} is already named `{old}`", n.at),
                );
                continue;
            }
            names.insert(hex, n.name);
        }

        let hexsides = self.hexsides(&frame);
        let slopes = self.upslopes(&frame);
        let roads = self.roads(&frame);

        // Depots.
        let mut depots: Vec<Depot> = Vec::new();
        for (i, v) in self.array_section("depot", false).iter().enumerate() {
            let key = format!("depot[{i}]");
            let Some(d) = self.de::<RawDepot>(&key, v) else {
                continue;
            };
            let side_ok = self.known_side(&format!("{key}.side"), sides, &d.side);
            let Some(hex) = self.hex(&format!("{key}.at"), &frame, &d.at) else {
                continue;
            };
            if depots.iter().any(|x| x.hex == hex) {
                self.err(
                    format!("{key}.at"),
                    format!("hex {} already has a depot", d.at),
                );
                continue;
            }
            if side_ok {
                depots.push(Depot {
                    hex,
                    side: d.side,
                    name: d.name,
                });
            }
        }

        let columns = i32::try_from(frame.grid.columns()).ok()?;
        let rows = i32::try_from(frame.grid.rows()).ok()?;
        Some(Map {
            name: raw.name,
            numbering: frame.numbering,
            columns,
            rows,
            terrain_ids,
            terrain,
            names,
            hexsides,
            slopes,
            roads,
            depots,
        })
    }

    fn hexsides(&mut self, frame: &Frame) -> BTreeMap<Hexside, Vec<String>> {
        let declared = self.declared_ids("hexside_feature");
        let mut out: BTreeMap<Hexside, Vec<String>> = BTreeMap::new();
        for (i, v) in self.array_section("hexside", false).iter().enumerate() {
            let key = format!("hexside[{i}]");
            let Some(raw) = self.de::<RawHexside>(&key, v) else {
                continue;
            };
            self.non_empty(&format!("{key}.feature"), &raw.feature);
            if let Some(declared) = &declared
                && !declared.contains(&raw.feature)
            {
                self.err(
                    format!("{key}.feature"),
                    format!(
                        "hexside feature `{}` is not defined in [[hexside_feature]]",
                        raw.feature
                    ),
                );
            }
            let side = match (&raw.at, &raw.side, &raw.between) {
                (Some(at), Some(dir), None) => {
                    let dir = self.edge_dir(&format!("{key}.side"), dir);
                    let hex = self.hex(&format!("{key}.at"), frame, at);
                    let (Some(hex), Some(dir)) = (hex, dir) else {
                        continue;
                    };
                    if !frame.grid.contains(hex.neighbor(dir)) {
                        self.err(
                            format!("{key}.side"),
                            format!("the {dir} side of {at} is on the map edge"),
                        );
                        continue;
                    }
                    Hexside::new(hex, dir)
                }
                (None, None, Some(pair)) => {
                    if pair.len() != 2 {
                        self.err(
                            format!("{key}.between"),
                            format!("expected two hex labels, found {}", pair.len()),
                        );
                        continue;
                    }
                    let a = self.hex(&format!("{key}.between[0]"), frame, &pair[0]);
                    let b = self.hex(&format!("{key}.between[1]"), frame, &pair[1]);
                    let (Some(a), Some(b)) = (a, b) else { continue };
                    match Hexside::between(a, b) {
                        Some(s) => s,
                        None => {
                            self.err(
                                format!("{key}.between"),
                                format!("hexes {} and {} are not adjacent", pair[0], pair[1]),
                            );
                            continue;
                        }
                    }
                }
                _ => {
                    self.err(
                        key,
                        "give either `at` and `side`, or `between` (two adjacent hexes)",
                    );
                    continue;
                }
            };
            let list = out.entry(side).or_default();
            if list.contains(&raw.feature) {
                self.err(
                    key,
                    format!("this hexside already has the feature `{}`", raw.feature),
                );
                continue;
            }
            list.push(raw.feature);
        }
        out
    }

    fn upslopes(&mut self, frame: &Frame) -> BTreeSet<(Hex, EdgeDir)> {
        let mut out = BTreeSet::new();
        for (i, v) in self.array_section("upslope", false).iter().enumerate() {
            let key = format!("upslope[{i}]");
            let Some(raw) = self.de::<RawUpslope>(&key, v) else {
                continue;
            };
            if raw.sides.is_empty() {
                self.err(format!("{key}.sides"), "list at least one hexside");
            }
            let hex = self.hex(&format!("{key}.hex"), frame, &raw.hex);
            for (j, s) in raw.sides.iter().enumerate() {
                let skey = format!("{key}.sides[{j}]");
                let (Some(dir), Some(hex)) = (self.edge_dir(&skey, s), hex) else {
                    continue;
                };
                if !frame.grid.contains(hex.neighbor(dir)) {
                    self.err(
                        skey,
                        format!("the {dir} side of {} is on the map edge", raw.hex),
                    );
                    continue;
                }
                if !out.insert((hex, dir)) {
                    self.err(
                        skey,
                        format!("the {dir} slope of {} is already declared", raw.hex),
                    );
                }
            }
        }
        out
    }

    fn roads(&mut self, frame: &Frame) -> BTreeSet<Hexside> {
        let mut out = BTreeSet::new();
        for (i, v) in self.array_section("road_path", false).iter().enumerate() {
            let key = format!("road_path[{i}]");
            let Some(raw) = self.de::<RawRoadPath>(&key, v) else {
                continue;
            };
            if raw.path.len() < 2 {
                self.err(
                    format!("{key}.path"),
                    "a road path needs at least two hexes",
                );
                continue;
            }
            let hexes: Vec<Option<Hex>> = raw
                .path
                .iter()
                .enumerate()
                .map(|(j, l)| self.hex(&format!("{key}.path[{j}]"), frame, l))
                .collect();
            for j in 1..hexes.len() {
                let (Some(a), Some(b)) = (hexes[j - 1], hexes[j]) else {
                    continue;
                };
                match Hexside::between(a, b) {
                    Some(s) => {
                        out.insert(s);
                    }
                    None => self.err(
                        format!("{key}.path[{j}]"),
                        format!(
                            "hex {} is not adjacent to the previous hex {}",
                            raw.path[j],
                            raw.path[j - 1]
                        ),
                    ),
                }
            }
        }
        out
    }

    fn corps(&mut self, sides: &BTreeSet<String>) -> Vec<CorpsDef> {
        let mut out: Vec<CorpsDef> = Vec::new();
        for (i, v) in self.array_section("corps", false).iter().enumerate() {
            let key = format!("corps[{i}]");
            let Some(raw) = self.de::<RawCorps>(&key, v) else {
                continue;
            };
            self.non_empty(&format!("{key}.id"), &raw.id);
            let side_ok = self.known_side(&format!("{key}.side"), sides, &raw.side);
            let morale = self.range(&format!("{key}.morale"), raw.morale, 0, 10);
            if out.iter().any(|c| c.id == raw.id) {
                self.err(
                    format!("{key}.id"),
                    format!("duplicate corps id `{}`", raw.id),
                );
                continue;
            }
            if let (true, Some(morale)) = (side_ok, morale) {
                out.push(CorpsDef {
                    id: raw.id,
                    side: raw.side,
                    name: raw.name,
                    morale,
                });
            }
        }
        out
    }

    /// `(id, side)` of every entry of an array section that has a string `id`, valid or not:
    /// cross-references are checked against these, so that one bad record does not make every
    /// reference to it an error too.
    fn declared(&self, section: &str) -> Vec<(String, Option<String>)> {
        let Some(arr) = self
            .doc
            .table()
            .get(section)
            .and_then(toml::Value::as_array)
        else {
            return Vec::new();
        };
        arr.iter()
            .filter_map(|v| {
                let id = v.get("id")?.as_str()?.to_string();
                let side = v
                    .get("side")
                    .and_then(toml::Value::as_str)
                    .map(str::to_string);
                Some((id, side))
            })
            .collect()
    }

    fn units(
        &mut self,
        sides: &BTreeSet<String>,
        map: Option<&Map>,
        mode: Option<SetupMode>,
    ) -> Vec<UnitDef> {
        let frame = map.map(|m| Frame {
            numbering: m.numbering,
            grid: HexGrid::new(m.numbering, m.terrain.columns(), m.terrain.rows(), ()),
        });
        let corps = self.declared("corps");
        let mut out: Vec<UnitDef> = Vec::new();
        let mut ids: BTreeMap<String, usize> = BTreeMap::new();
        let mut placed: BTreeMap<Hex, usize> = BTreeMap::new();
        // Optional here: a rule system with its own order-of-battle sections has no `[[unit]]`,
        // and one that reads `[[unit]]` reports a missing order of battle itself.
        let values = self.array_section("unit", false);
        for (i, v) in values.iter().enumerate() {
            let key = format!("unit[{i}]");
            let Some(raw) = self.de::<RawUnit>(&key, v) else {
                continue;
            };
            let mut ok = true;
            self.non_empty(&format!("{key}.id"), &raw.id);
            if let Some(j) = ids.get(&raw.id) {
                self.err(
                    format!("{key}.id"),
                    format!("duplicate unit id `{}` (also unit[{j}])", raw.id),
                );
                ok = false;
            } else {
                ids.insert(raw.id.clone(), i);
            }
            ok &= self.known_side(&format!("{key}.side"), sides, &raw.side);
            let kind = raw.kind.as_str();
            if !UNIT_KINDS.contains(&kind) {
                self.err(
                    format!("{key}.kind"),
                    format!("`{kind}` is not a unit kind ({})", UNIT_KINDS.join(", ")),
                );
                ok = false;
            }
            let dummy = kind == "dummy";
            match (&raw.corps, dummy) {
                (Some(_), true) => {
                    self.err(format!("{key}.corps"), "a dummy belongs to no corps");
                    ok = false;
                }
                (None, false) => {
                    self.err(
                        format!("{key}.corps"),
                        "missing: every unit except a dummy belongs to a corps",
                    );
                    ok = false;
                }
                (Some(c), false) => match corps.iter().find(|(id, _)| id == c) {
                    None => {
                        self.err(
                            format!("{key}.corps"),
                            format!("`{c}` is not a declared corps"),
                        );
                        ok = false;
                    }
                    Some((_, Some(side)))
                        if side != &raw.side
                            && sides.contains(&raw.side)
                            && sides.contains(side) =>
                    {
                        self.err(
                            format!("{key}.corps"),
                            format!("corps `{c}` belongs to side `{side}`, not `{}`", raw.side),
                        );
                        ok = false;
                    }
                    Some(_) => {}
                },
                (None, true) => {}
            }
            let mut value = |cx: &mut Self, field: &str, v: Option<i64>, hi: i64| -> i32 {
                let fkey = format!("{key}.{field}");
                match (v, dummy) {
                    (None | Some(0), true) => 0,
                    (Some(n), true) => {
                        cx.err(
                            fkey,
                            format!("a dummy has no {field}: use 0 or leave it out, not {n}"),
                        );
                        ok = false;
                        0
                    }
                    (None, false) => {
                        cx.err(fkey, "missing");
                        ok = false;
                        0
                    }
                    (Some(n), false) => cx.range(&fkey, n, 0, hi).unwrap_or_else(|| {
                        ok = false;
                        0
                    }),
                }
            };
            let strength = value(self, "strength", raw.strength, 20);
            let morale = value(self, "morale", raw.morale, 10);
            let movement = self
                .range(&format!("{key}.movement"), raw.movement, 1, 20)
                .unwrap_or_else(|| {
                    ok = false;
                    0
                });
            if raw.heavy_artillery && !matches!(kind, "infantry" | "light_infantry") {
                self.err(
                    format!("{key}.heavy_artillery"),
                    "only infantry units carry heavy artillery",
                );
                ok = false;
            }
            let historical = match &raw.historical {
                None => {
                    if mode == Some(SetupMode::Historical) {
                        self.err(
                            format!("{key}.historical"),
                            "missing: with setup = \"historical\" every unit needs a historical \
                             placement",
                        );
                        ok = false;
                    }
                    None
                }
                Some(h) => {
                    let hkey = format!("{key}.historical");
                    let p = self.placement(&hkey, frame.as_ref(), h);
                    if let Some(p) = p {
                        if let Some(j) = placed.get(&p.hex) {
                            self.err(
                                format!("{hkey}.at"),
                                format!("unit[{j}] is already placed in this hex"),
                            );
                            ok = false;
                        } else {
                            placed.insert(p.hex, i);
                        }
                    } else if frame.is_some() {
                        ok = false;
                    }
                    p
                }
            };
            if ok {
                out.push(UnitDef {
                    id: raw.id,
                    name: raw.name,
                    side: raw.side,
                    corps: raw.corps,
                    kind: raw.kind,
                    strength,
                    morale,
                    movement,
                    heavy_artillery: raw.heavy_artillery,
                    historical,
                });
            }
        }
        out
    }

    fn setup(
        &mut self,
        sides: &[SideDef],
        map: Option<&Map>,
        mode: Option<SetupMode>,
    ) -> Vec<SetupArea> {
        let frame = map.map(|m| Frame {
            numbering: m.numbering,
            grid: HexGrid::new(m.numbering, m.terrain.columns(), m.terrain.rows(), ()),
        });
        let side_ids: BTreeSet<String> = self
            .declared("side")
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        // Count every [[unit]] entry, valid or not, so a bad unit is not also a slot mismatch.
        let declared_units = self.declared("unit");
        let pieces_of = |side: &str| {
            declared_units
                .iter()
                .filter(|(_, s)| s.as_deref() == Some(side))
                .count()
        };
        let mut out: Vec<SetupArea> = Vec::new();
        let mut used: BTreeMap<Hex, String> = BTreeMap::new();
        for (i, v) in self.array_section("setup", false).iter().enumerate() {
            let key = format!("setup[{i}]");
            let Some(raw) = self.de::<RawSetup>(&key, v) else {
                continue;
            };
            let side_ok = self.known_side(&format!("{key}.side"), &side_ids, &raw.side);
            if out.iter().any(|a| a.side == raw.side) {
                self.err(
                    format!("{key}.side"),
                    format!("side `{}` already has its set-up slots", raw.side),
                );
                continue;
            }
            let mut slots = Vec::new();
            for (j, s) in raw.slots.iter().enumerate() {
                let skey = format!("{key}.slots[{j}]");
                let Some(p) = self.placement(&skey, frame.as_ref(), s) else {
                    continue;
                };
                if let Some(other) = used.get(&p.hex) {
                    self.err(
                        format!("{skey}.at"),
                        format!("this hex is already the set-up slot {other}"),
                    );
                    continue;
                }
                used.insert(p.hex, skey);
                slots.push(p);
            }
            let pieces = pieces_of(&raw.side);
            if side_ok && raw.slots.len() != pieces {
                self.err(
                    format!("{key}.slots"),
                    format!(
                        "side `{}` has {pieces} pieces but {} set-up slots",
                        raw.side,
                        raw.slots.len()
                    ),
                );
            }
            if side_ok {
                out.push(SetupArea {
                    side: raw.side,
                    slots,
                });
            }
        }
        // Only for a scenario whose order of battle is `[[unit]]` (Drums & Muskets): other rule
        // systems count their own order of battle.
        let has_units = self.doc.table().get("unit").is_some();
        for (i, s) in sides.iter().enumerate() {
            if has_units && pieces_of(&s.id) == 0 {
                self.err(
                    format!("side[{i}]"),
                    format!("side `{}` has no units: each side needs at least one", s.id),
                );
            }
        }
        if mode == Some(SetupMode::Free) {
            for s in sides {
                let pieces = pieces_of(&s.id);
                if pieces > 0 && !out.iter().any(|a| a.side == s.id) {
                    self.err(
                        "setup",
                        format!(
                            "side `{}` has {pieces} pieces but no [[setup]] slots (needed with \
                             setup = \"free\")",
                            s.id
                        ),
                    );
                }
            }
        }
        out
    }
}

/// Splits a deserialisation error into the key path below the record (may be empty) and a
/// one-line message.
fn split_de_error(e: &toml::de::Error) -> (String, String) {
    let message = e.message().trim().replace('\n', "; ");
    // Without source text, the error's display ends with "in `a.b`" naming the nested key.
    let mut keys: Vec<String> = e
        .to_string()
        .lines()
        .rev()
        .find_map(|l| {
            l.strip_prefix("in `")?
                .strip_suffix('`')
                .map(str::to_string)
        })
        .map(|k| k.split('.').map(str::to_string).collect())
        .unwrap_or_default();
    for prefix in ["unknown field `", "missing field `"] {
        if let Some(rest) = message.strip_prefix(prefix)
            && let Some(field) = rest.split('`').next()
        {
            keys.push(field.to_string());
        }
    }
    (keys.join("."), message)
}
