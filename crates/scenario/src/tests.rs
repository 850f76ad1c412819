//! Validation tests: every check reports its file and key, all at once.

use coupdoeil_hex::{EdgeDir, Facing, Hexside};

use crate::{Diagnostic, Diagnostics, Document, Scenario, SetupMode, merge};

const SCENARIO: &str = r#"
[scenario]
id = "t"
name = "Test"
rules = "dm"
description = "A small test battle."
turns = 6
first_player = "blue"
setup = "free"

[[side]]
id = "blue"
name = "Blue"

[[side]]
id = "red"
name = "Red"
"#;

const MAP: &str = r#"
[map]
name = "M"
columns = 4
rows = 3
first_column = 1
first_row = 1
stagger = "odd-columns-down"
digits = 2
default_terrain = "clear"

[[hex]]
at = ["0101", "0102"]
terrain = "woods"

[[hex]]
at = "0401"
terrain = "hill"
note = "a knoll"

[[name]]
at = "0201"
name = "Town"

[[hexside]]
at = "0202"
side = "N"
feature = "stream"

[[hexside]]
between = ["0301", "0302"]
feature = "stream"

[[upslope]]
hex = "0401"
sides = ["S", "SW"]

[[road_path]]
name = "Main road"
path = ["0102", "0202", "0302"]

[[depot]]
at = "0103"
side = "blue"
name = "Blue depot"

[[depot]]
at = "0403"
side = "red"
name = "Red depot"
"#;

const OOB: &str = r#"
[[corps]]
id = "b1"
side = "blue"
name = "Blue First"
morale = 4
stated = ["morale"]
source = "rule 0.0"

[[corps]]
id = "r1"
side = "red"
name = "Red First"
morale = 3

[[unit]]
id = "b-inf"
name = "Foot"
side = "blue"
corps = "b1"
kind = "infantry"
strength = 3
morale = 5
movement = 2
heavy_artillery = true
historical = { at = "0101", facing = "E" }
stated = ["strength", "morale"]

[[unit]]
id = "b-dummy"
name = "Dummy"
side = "blue"
kind = "dummy"
movement = 3
historical = { at = "0102", facing = "NE" }

[[unit]]
id = "r-cav"
name = "Horse"
side = "red"
corps = "r1"
kind = "cavalry"
strength = 2
morale = 5
movement = 3
historical = { at = "0402", facing = "W" }

[[setup]]
side = "blue"
slots = [{ at = "0101", facing = "E" }, { at = "0102", facing = "NNE", note = "flank" }]

[[setup]]
side = "red"
slots = [{ at = "0402", facing = "W" }]
"#;

fn files() -> Vec<(&'static str, String)> {
    vec![
        ("scenario.toml", SCENARIO.to_string()),
        ("map.toml", MAP.to_string()),
        ("oob.toml", OOB.to_string()),
    ]
}

fn load(files: &[(&'static str, String)]) -> Result<Scenario, Diagnostics> {
    let refs: Vec<(&str, &str)> = files.iter().map(|(f, t)| (*f, t.as_str())).collect();
    Scenario::from_document(Document::parse(&refs)?)
}

/// The base files with `from` replaced by `to` in `file` (which must contain `from`).
fn edit(
    mut files: Vec<(&'static str, String)>,
    file: &str,
    from: &str,
    to: &str,
) -> Vec<(&'static str, String)> {
    let entry = files.iter_mut().find(|(f, _)| *f == file).expect("file");
    assert!(entry.1.contains(from), "{file} does not contain {from:?}");
    entry.1 = entry.1.replacen(from, to, 1);
    files
}

fn errors(files: &[(&'static str, String)]) -> Vec<Diagnostic> {
    match load(files) {
        Ok(_) => panic!("expected diagnostics"),
        Err(d) => d.0,
    }
}

/// Asserts that exactly one diagnostic has `file` and `key`, and that its message contains
/// `needle`.
#[track_caller]
fn has(diags: &[Diagnostic], file: &str, key: &str, needle: &str) {
    let found: Vec<&Diagnostic> = diags.iter().filter(|d| d.key == key).collect();
    assert_eq!(
        found.len(),
        1,
        "want one diagnostic at {key}, got {diags:#?}"
    );
    assert_eq!(found[0].file, file, "{:?}", found[0]);
    assert!(
        found[0].message.contains(needle),
        "message {:?} lacks {needle:?}",
        found[0].message
    );
}

/// One edit, one diagnostic: at `key` in `file`, mentioning `needle`.
#[track_caller]
fn single(file: &'static str, from: &str, to: &str, key: &str, needle: &str) {
    let d = errors(&edit(files(), file, from, to));
    assert_eq!(d.len(), 1, "{d:#?}");
    has(&d, file, key, needle);
}

#[test]
fn base_scenario_is_valid() {
    let s = load(&files()).expect("valid");
    assert_eq!(s.id, "t");
    assert_eq!(s.rules, "dm");
    assert_eq!(s.turns, 6);
    assert_eq!(s.setup, SetupMode::Free);
    assert_eq!(s.first_player, "blue");
    assert_eq!(s.sides.len(), 2);
    assert_eq!(s.side("red").map(|x| x.name.as_str()), Some("Red"));
    let m = &s.map;
    let n = m.numbering;
    let at = |l: &str| n.parse(l).unwrap();
    assert_eq!((m.columns, m.rows), (4, 3));
    assert_eq!(m.terrain_ids, ["clear", "hill", "woods"]);
    assert_eq!(m.terrain_at(at("0101")), Some("woods"));
    assert_eq!(m.terrain_at(at("0102")), Some("woods"));
    assert_eq!(m.terrain_at(at("0401")), Some("hill"));
    assert_eq!(m.terrain_at(at("0303")), Some("clear"));
    assert_eq!(m.terrain.iter().count(), 12);
    assert_eq!(m.names.get(&at("0201")).map(String::as_str), Some("Town"));
    assert_eq!(m.hexsides.len(), 2);
    assert_eq!(m.features_between(at("0202"), at("0201")), ["stream"]);
    assert_eq!(m.features_between(at("0302"), at("0301")), ["stream"]);
    assert!(m.features_between(at("0101"), at("0102")).is_empty());
    assert_eq!(m.slopes.len(), 2);
    assert!(m.slopes.contains(&(at("0401"), EdgeDir::S)));
    assert!(m.is_upslope(at("0402"), at("0401")));
    assert!(!m.is_upslope(at("0401"), at("0402")));
    assert!(m.is_upslope(at("0301"), at("0401")));
    assert_eq!(m.roads.len(), 2);
    assert!(m.road_between(at("0102"), at("0202")));
    assert!(m.road_between(at("0302"), at("0202")));
    assert!(
        m.roads
            .contains(&Hexside::between(at("0202"), at("0302")).unwrap())
    );
    assert_eq!(m.depots.len(), 2);
    assert_eq!(m.depots[1].side, "red");
    assert_eq!(s.corps.len(), 2);
    assert_eq!(s.units.len(), 3);
    let inf = &s.units[0];
    assert_eq!((inf.strength, inf.morale, inf.movement), (3, 5, 2));
    assert!(inf.heavy_artillery);
    assert_eq!(inf.corps.as_deref(), Some("b1"));
    let dummy = &s.units[1];
    assert!(dummy.is_dummy());
    assert_eq!(
        (dummy.strength, dummy.morale, dummy.corps.clone()),
        (0, 0, None)
    );
    assert_eq!(
        dummy.historical.map(|p| p.facing),
        Some("NE".parse::<Facing>().unwrap())
    );
    assert_eq!(s.units_of("blue").count(), 2);
    let blue = s.setup_area("blue").unwrap();
    assert_eq!(blue.slots.len(), 2);
    assert_eq!(blue.slots[1].hex, at("0102"));
    assert_eq!(blue.slots[1].facing.to_string(), "NNE");
    assert_eq!(s.document.file_of("unit"), "oob.toml");
}

#[test]
fn a_single_file_works_too() {
    let all = format!("{SCENARIO}\n{MAP}\n{OOB}");
    let s = Scenario::from_document(Document::parse(&[("all.toml", &all)]).unwrap()).unwrap();
    assert_eq!(s.units.len(), 3);
}

#[test]
fn syntax_error_reports_position() {
    let f = edit(
        files(),
        "oob.toml",
        "movement = 3\nhistorical = { at = \"0102\"",
        "movement = = 3\nhistorical = { at = \"0102\"",
    );
    let d = errors(&f);
    assert_eq!(d.len(), 1, "{d:#?}");
    assert_eq!(d[0].file, "oob.toml");
    assert_eq!(d[0].key, "(syntax)");
    assert!(
        d[0].message.contains("line 34, column 12"),
        "{}",
        d[0].message
    );
}

#[test]
fn duplicate_top_level_key_across_files() {
    let mut f = files();
    f.push(("more.toml", "[[unit]]\nid = \"x\"\n".to_string()));
    let d = errors(&f);
    assert_eq!(d.len(), 1);
    has(&d, "more.toml", "unit", "oob.toml");
}

#[test]
fn unknown_field_is_caught() {
    single(
        "oob.toml",
        "strength = 3",
        "strenght = 3",
        "unit[0].strenght",
        "unknown field",
    );
}

#[test]
fn wrong_type_names_the_field() {
    single(
        "oob.toml",
        "strength = 3",
        "strength = \"3\"",
        "unit[0].strength",
        "invalid type",
    );
}

#[test]
fn missing_field_names_the_field() {
    single(
        "oob.toml",
        "movement = 2\n",
        "",
        "unit[0].movement",
        "missing field",
    );
}

#[test]
fn nested_placement_errors_name_the_nested_key() {
    single(
        "oob.toml",
        "historical = { at = \"0101\", facing = \"E\" }",
        "historical = { at = \"0101\", facing = \"E\", fasing = 1 }",
        "unit[0].historical.fasing",
        "unknown field",
    );
    single(
        "oob.toml",
        "historical = { at = \"0101\", facing = \"E\" }",
        "historical = { at = \"0101\", facing = \"EAST\" }",
        "unit[0].historical.facing",
        "not a facing",
    );
}

#[test]
fn hex_labels_must_parse() {
    single(
        "map.toml",
        "at = [\"0101\", \"0102\"]",
        "at = [\"0101\", \"01x2\"]",
        "hex[0].at[1]",
        "not a hex label",
    );
    single(
        "map.toml",
        "at = \"0401\"",
        "at = 401",
        "hex[1].at",
        "hex label",
    );
}

#[test]
fn hex_labels_must_be_on_the_map() {
    single(
        "map.toml",
        "at = [\"0101\", \"0102\"]",
        "at = [\"0101\", \"0502\"]",
        "hex[0].at[1]",
        "off the map (columns 01-04, rows 01-03)",
    );
    single(
        "map.toml",
        "at = \"0201\"",
        "at = \"0204\"",
        "name[0].at",
        "off the map",
    );
    single(
        "map.toml",
        "at = \"0103\"",
        "at = \"0100\"",
        "depot[0].at",
        "off the map",
    );
    single(
        "oob.toml",
        "slots = [{ at = \"0402\", facing = \"W\" }]",
        "slots = [{ at = \"0409\", facing = \"W\" }]",
        "setup[1].slots[0].at",
        "off the map",
    );
}

#[test]
fn a_hex_gets_terrain_once_and_one_name() {
    single(
        "map.toml",
        "at = \"0401\"",
        "at = [\"0401\", \"0102\"]",
        "hex[1].at[1]",
        "already has its terrain from hex[0]",
    );
    let f = edit(
        files(),
        "map.toml",
        "[[hexside]]",
        "[[name]]\nat = \"0201\"\nname = \"Other\"\n\n[[hexside]]",
    );
    has(
        &errors(&f),
        "map.toml",
        "name[1].at",
        "already named `Town`",
    );
}

#[test]
fn hexsides_join_adjacent_on_map_hexes() {
    single(
        "map.toml",
        "between = [\"0301\", \"0302\"]",
        "between = [\"0301\", \"0303\"]",
        "hexside[1].between",
        "not adjacent",
    );
    single(
        "map.toml",
        "between = [\"0301\", \"0302\"]",
        "between = [\"0301\"]",
        "hexside[1].between",
        "two hex labels",
    );
    single(
        "map.toml",
        "at = \"0202\"\nside = \"N\"",
        "at = \"0201\"\nside = \"N\"",
        "hexside[0].side",
        "map edge",
    );
    single(
        "map.toml",
        "at = \"0202\"\nside = \"N\"",
        "at = \"0202\"\nside = \"NNE\"",
        "hexside[0].side",
        "not a hexside direction",
    );
    single(
        "map.toml",
        "at = \"0202\"\nside = \"N\"",
        "at = \"0202\"",
        "hexside[0]",
        "either `at` and `side`, or `between`",
    );
    single(
        "map.toml",
        "between = [\"0301\", \"0302\"]",
        "at = \"0301\"\nside = \"S\"\nbetween = [\"0301\", \"0302\"]",
        "hexside[1]",
        "either",
    );
    single(
        "map.toml",
        "[[upslope]]",
        "[[hexside]]\nat = \"0201\"\nside = \"S\"\nfeature = \"stream\"\n\n[[upslope]]",
        "hexside[2]",
        "already has the feature `stream`",
    );
}

#[test]
fn road_paths_are_chains_of_adjacent_hexes() {
    single(
        "map.toml",
        "path = [\"0102\", \"0202\", \"0302\"]",
        "path = [\"0102\", \"0202\", \"0303\"]",
        "road_path[0].path[2]",
        "not adjacent to the previous hex 0202",
    );
    single(
        "map.toml",
        "path = [\"0102\", \"0202\", \"0302\"]",
        "path = [\"0102\", \"0102\"]",
        "road_path[0].path[1]",
        "not adjacent",
    );
    single(
        "map.toml",
        "path = [\"0102\", \"0202\", \"0302\"]",
        "path = [\"0102\"]",
        "road_path[0].path",
        "at least two",
    );
    single(
        "map.toml",
        "path = [\"0102\", \"0202\", \"0302\"]",
        "path = [\"0102\", \"0202\", \"0602\"]",
        "road_path[0].path[2]",
        "off the map",
    );
}

#[test]
fn slope_sides_are_valid() {
    single(
        "map.toml",
        "sides = [\"S\", \"SW\"]",
        "sides = [\"S\", \"W\"]",
        "upslope[0].sides[1]",
        "not a hexside direction",
    );
    single(
        "map.toml",
        "sides = [\"S\", \"SW\"]",
        "sides = [\"S\", \"N\"]",
        "upslope[0].sides[1]",
        "map edge",
    );
    single(
        "map.toml",
        "sides = [\"S\", \"SW\"]",
        "sides = [\"S\", \"S\"]",
        "upslope[0].sides[1]",
        "already declared",
    );
    single(
        "map.toml",
        "sides = [\"S\", \"SW\"]",
        "sides = []",
        "upslope[0].sides",
        "at least one",
    );
}

#[test]
fn map_header_is_checked() {
    single(
        "map.toml",
        "stagger = \"odd-columns-down\"",
        "stagger = \"odd\"",
        "map.stagger",
        "not a stagger",
    );
    single(
        "map.toml",
        "columns = 4",
        "columns = 0",
        "map.columns",
        "from 1 to 200",
    );
    single(
        "map.toml",
        "digits = 2",
        "digits = 7",
        "map.digits",
        "from 1 to 4",
    );
}

#[test]
fn ids_are_unique() {
    single(
        "oob.toml",
        "id = \"b-dummy\"",
        "id = \"b-inf\"",
        "unit[1].id",
        "duplicate unit id `b-inf` (also unit[0])",
    );
    let d = errors(&edit(files(), "oob.toml", "id = \"r1\"", "id = \"b1\""));
    has(&d, "oob.toml", "corps[1].id", "duplicate corps id");
    has(
        &d,
        "oob.toml",
        "unit[2].corps",
        "`r1` is not a declared corps",
    );
    let d = errors(&edit(
        files(),
        "scenario.toml",
        "id = \"red\"",
        "id = \"blue\"",
    ));
    has(&d, "scenario.toml", "side[1].id", "duplicate side id");
    has(
        &d,
        "oob.toml",
        "unit[2].side",
        "`red` is not a declared side",
    );
}

#[test]
fn sides_and_corps_references_are_checked() {
    let d = errors(&edit(
        files(),
        "oob.toml",
        "side = \"red\"\ncorps = \"r1\"",
        "side = \"green\"\ncorps = \"r1\"",
    ));
    // The red side's only unit now names another side: red has none left.
    assert_eq!(d.len(), 3, "{d:#?}");
    assert!(
        d.iter()
            .any(|x| x.message.contains("side `red` has no units")),
        "{d:#?}"
    );
    has(&d, "oob.toml", "unit[2].side", "not a declared side");
    has(
        &d,
        "oob.toml",
        "setup[1].slots",
        "side `red` has 0 pieces but 1 set-up slots",
    );
    single(
        "oob.toml",
        "corps = \"r1\"",
        "corps = \"r9\"",
        "unit[2].corps",
        "not a declared corps",
    );
    single(
        "oob.toml",
        "corps = \"r1\"",
        "corps = \"b1\"",
        "unit[2].corps",
        "belongs to side `blue`, not `red`",
    );
    single(
        "oob.toml",
        "id = \"r1\"\nside = \"red\"",
        "id = \"r1\"\nside = \"rouge\"",
        "corps[1].side",
        "not a declared side",
    );
    single(
        "map.toml",
        "side = \"red\"",
        "side = \"rouge\"",
        "depot[1].side",
        "not a declared side",
    );
    let d = errors(&edit(
        files(),
        "oob.toml",
        "side = \"red\"\nslots",
        "side = \"rouge\"\nslots",
    ));
    has(&d, "oob.toml", "setup[1].side", "not a declared side");
    has(
        &d,
        "oob.toml",
        "setup",
        "side `red` has 1 pieces but no [[setup]] slots",
    );
}

#[test]
fn dummies_have_no_corps_and_units_have_one() {
    single(
        "oob.toml",
        "kind = \"dummy\"",
        "kind = \"dummy\"\ncorps = \"b1\"",
        "unit[1].corps",
        "no corps",
    );
    single(
        "oob.toml",
        "corps = \"r1\"\nkind",
        "kind",
        "unit[2].corps",
        "belongs to a corps",
    );
    single(
        "oob.toml",
        "kind = \"dummy\"",
        "kind = \"dummy\"\nstrength = 2",
        "unit[1].strength",
        "a dummy has no strength",
    );
    single(
        "oob.toml",
        "strength = 2\n",
        "",
        "unit[2].strength",
        "missing",
    );
}

#[test]
fn kinds_and_heavy_artillery_are_checked() {
    single(
        "oob.toml",
        "kind = \"cavalry\"",
        "kind = \"hussars\"",
        "unit[2].kind",
        "not a unit kind",
    );
    single(
        "oob.toml",
        "movement = 3\nhistorical = { at = \"0402\"",
        "movement = 3\nheavy_artillery = true\nhistorical = { at = \"0402\"",
        "unit[2].heavy_artillery",
        "only infantry",
    );
}

#[test]
fn numbers_are_in_range() {
    single(
        "oob.toml",
        "strength = 3",
        "strength = 21",
        "unit[0].strength",
        "from 0 to 20, not 21",
    );
    single(
        "oob.toml",
        "morale = 5\nmovement = 2",
        "morale = 11\nmovement = 2",
        "unit[0].morale",
        "from 0 to 10",
    );
    single(
        "oob.toml",
        "movement = 2",
        "movement = 0",
        "unit[0].movement",
        "from 1 to 20",
    );
    single(
        "oob.toml",
        "morale = 4",
        "morale = -1",
        "corps[0].morale",
        "from 0 to 10",
    );
    single(
        "scenario.toml",
        "turns = 6",
        "turns = 100",
        "scenario.turns",
        "from 1 to 99",
    );
}

#[test]
fn scenario_header_is_checked() {
    single(
        "scenario.toml",
        "first_player = \"blue\"",
        "first_player = \"green\"",
        "scenario.first_player",
        "not a declared side",
    );
    single(
        "scenario.toml",
        "setup = \"free\"",
        "setup = \"random\"",
        "scenario.setup",
        "not a set-up mode",
    );
    single(
        "scenario.toml",
        "id = \"t\"",
        "id = \"\"",
        "scenario.id",
        "must not be empty",
    );
    let f = edit(
        files(),
        "scenario.toml",
        "[[side]]\nid = \"red\"",
        "[[side]]\nid = \"green\"\nname = \"G\"\n\n[[side]]\nid = \"red\"",
    );
    let d = errors(&f);
    has(&d, "scenario.toml", "side", "exactly two sides, found 3");
}

#[test]
fn setup_slots_match_the_pieces() {
    single(
        "oob.toml",
        "slots = [{ at = \"0402\", facing = \"W\" }]",
        "slots = [{ at = \"0402\", facing = \"W\" }, { at = \"0403\", facing = \"W\" }]",
        "setup[1].slots",
        "side `red` has 1 pieces but 2 set-up slots",
    );
    single(
        "oob.toml",
        "slots = [{ at = \"0402\", facing = \"W\" }]",
        "slots = [{ at = \"0101\", facing = \"W\" }]",
        "setup[1].slots[0].at",
        "already the set-up slot setup[0].slots[0]",
    );
    single(
        "oob.toml",
        "{ at = \"0102\", facing = \"NNE\", note = \"flank\" }",
        "{ at = \"0101\", facing = \"NNE\" }",
        "setup[0].slots[1].at",
        "already the set-up slot",
    );
    single(
        "oob.toml",
        "[[setup]]\nside = \"red\"\nslots = [{ at = \"0402\", facing = \"W\" }]\n",
        "",
        "setup",
        "side `red` has 1 pieces but no [[setup]] slots",
    );
    let d = errors(&edit(
        files(),
        "oob.toml",
        "[[setup]]\nside = \"red\"",
        "[[setup]]\nside = \"blue\"",
    ));
    assert_eq!(d.len(), 2, "{d:#?}");
    has(
        &d,
        "oob.toml",
        "setup[1].side",
        "already has its set-up slots",
    );
    has(
        &d,
        "oob.toml",
        "setup",
        "side `red` has 1 pieces but no [[setup]] slots",
    );
}

#[test]
fn historical_placements_are_distinct_and_required_in_historical_mode() {
    single(
        "oob.toml",
        "historical = { at = \"0402\"",
        "historical = { at = \"0101\"",
        "unit[2].historical.at",
        "unit[0] is already placed",
    );
    let f = edit(
        files(),
        "scenario.toml",
        "setup = \"free\"",
        "setup = \"historical\"",
    );
    assert!(
        load(&f).is_ok(),
        "historical placements need not be in the slots"
    );
    let f = edit(
        f,
        "oob.toml",
        "historical = { at = \"0102\", facing = \"NE\" }\n",
        "",
    );
    let d = errors(&f);
    assert_eq!(d.len(), 1, "{d:#?}");
    has(
        &d,
        "oob.toml",
        "unit[1].historical",
        "every unit needs a historical placement",
    );
    // In historical mode the set-up slots may be left out altogether.
    let f = edit(
        files(),
        "scenario.toml",
        "setup = \"free\"",
        "setup = \"historical\"",
    );
    let f = edit(
        f,
        "oob.toml",
        "[[setup]]\nside = \"red\"\nslots = [{ at = \"0402\", facing = \"W\" }]\n",
        "",
    );
    assert!(load(&f).is_ok());
}

#[test]
fn provenance_keys_are_accepted_and_stated_names_real_fields() {
    assert!(load(&files()).is_ok());
    single(
        "oob.toml",
        "stated = [\"strength\", \"morale\"]",
        "stated = [\"strength\", \"moral\"]",
        "unit[0].stated[1]",
        "`moral` is not a field",
    );
    single(
        "oob.toml",
        "stated = [\"morale\"]",
        "stated = [\"morale\", \"note\"]",
        "corps[0].stated[1]",
        "not a field",
    );
    single(
        "map.toml",
        "note = \"a knoll\"",
        "note = 3",
        "hex[1].note",
        "invalid type",
    );
}

#[test]
fn unknown_top_level_keys_are_reported() {
    let mut f = files();
    f.push(("extra.toml", "[[unti]]\nid = \"x\"\n".to_string()));
    has(&errors(&f), "extra.toml", "unti", "unknown top-level key");
    // Rules-crate sections pass through untouched.
    let mut f = files();
    f.push((
        "charts.toml",
        "[slope]\nmove_cost = 0\n[road]\nmove_cost_half_mp = 1\n[crt]\ncolumns = [0]\n".to_string(),
    ));
    assert!(load(&f).is_ok());
    // A map slope written with the chart's name gets a hint.
    let f = edit(files(), "map.toml", "[[upslope]]", "[[slope]]");
    let d = errors(&f);
    has(&d, "map.toml", "slope", "[[upslope]]");
}

#[test]
fn map_terrain_and_features_are_cross_checked_with_the_charts() {
    let mut f = files();
    f.push((
        "charts.toml",
        "[[terrain]]\nid = \"clear\"\n[[terrain]]\nid = \"hill\"\n\
         [[hexside_feature]]\nid = \"creek\"\n"
            .to_string(),
    ));
    let d = errors(&f);
    assert_eq!(d.len(), 3, "{d:#?}");
    has(
        &d,
        "map.toml",
        "hex[0].terrain",
        "terrain `woods` is not defined in [[terrain]]",
    );
    has(
        &d,
        "map.toml",
        "hexside[0].feature",
        "`stream` is not defined",
    );
    has(
        &d,
        "map.toml",
        "hexside[1].feature",
        "`stream` is not defined",
    );
}

#[test]
fn many_errors_are_reported_at_once() {
    let f = edit(files(), "scenario.toml", "turns = 6", "turns = 0");
    let f = edit(
        f,
        "map.toml",
        "path = [\"0102\", \"0202\", \"0302\"]",
        "path = [\"0102\", \"0303\"]",
    );
    let f = edit(f, "map.toml", "at = \"0201\"", "at = \"9999\"");
    let f = edit(f, "oob.toml", "strength = 3", "strength = 30");
    let f = edit(
        f,
        "oob.toml",
        "kind = \"dummy\"",
        "kind = \"dummy\"\ncorps = \"b1\"",
    );
    let f = edit(f, "oob.toml", "morale = 3", "morale = 33");
    let d = errors(&f);
    assert_eq!(d.len(), 6, "{d:#?}");
    has(&d, "scenario.toml", "scenario.turns", "from 1 to 99");
    has(&d, "map.toml", "road_path[0].path[1]", "not adjacent");
    has(&d, "map.toml", "name[0].at", "off the map");
    has(&d, "oob.toml", "unit[0].strength", "from 0 to 20");
    has(&d, "oob.toml", "unit[1].corps", "no corps");
    has(&d, "oob.toml", "corps[1].morale", "from 0 to 10");
    // The red corps was rejected, but the red cavalry's reference to it is not an error too.
    let text = Diagnostics(d).to_string();
    assert_eq!(text.lines().count(), 6);
    assert!(text.starts_with("scenario.toml: scenario.turns: must be from 1 to 99, not 0"));
}

#[test]
fn missing_sections_are_reported() {
    let d = errors(&[("empty.toml", String::new())]);
    for key in ["scenario", "side", "map"] {
        assert!(d.iter().any(|x| x.key == key), "{key}: {d:#?}");
    }
    let d = errors(&edit(files(), "map.toml", "[map]", "[mapp]"));
    has(&d, "map.toml", "mapp", "unknown top-level key");
    has(&d, "?", "map", "missing [map]");
}

#[test]
fn extending_scenario_replaces_sections_and_merges_the_header() {
    let owned = files();
    let refs: Vec<(&str, &str)> = owned.iter().map(|(f, t)| (*f, t.as_str())).collect();
    let base = Document::parse(&refs).unwrap();
    let over = Document::parse(&[(
        "hist/scenario.toml",
        "[scenario]\nid = \"t-hist\"\nextends = \"t\"\nsetup = \"historical\"\nname = \"Test (historical)\"\n",
    )])
    .unwrap();
    assert_eq!(over.extends(), Some("t"));
    let s = Scenario::from_document(merge(base, over)).unwrap();
    assert_eq!(s.id, "t-hist");
    assert_eq!(s.setup, SetupMode::Historical);
    assert_eq!(s.turns, 6);
    assert_eq!(s.document.extends(), None);
    assert_eq!(s.document.file_of("scenario.setup"), "hist/scenario.toml");
    assert_eq!(s.document.file_of("scenario.turns"), "scenario.toml");
}

#[test]
fn diagnostics_in_a_merged_header_name_the_file_that_set_the_key() {
    let refs: Vec<(&str, String)> = files();
    let refs: Vec<(&str, &str)> = refs.iter().map(|(f, t)| (*f, t.as_str())).collect();
    let base = Document::parse(&refs).unwrap();
    let over = Document::parse(&[("hist.toml", "[scenario]\nturns = 0\n")]).unwrap();
    let d = Scenario::from_document(merge(base, over)).unwrap_err();
    assert_eq!(d.len(), 1, "{d}");
    assert_eq!(d.0[0].file, "hist.toml");
    assert_eq!(d.0[0].key, "scenario.turns");
}

/// The example in `docs/formats.md` is a complete scenario that loads.
#[test]
fn formats_doc_example_loads() {
    let doc = include_str!("../../../docs/formats.md");
    let start = doc.find("<!-- example:begin -->").expect("example marker");
    let end = doc
        .find("<!-- example:end -->")
        .expect("example end marker");
    let block = &doc[start..end];
    let body = block
        .split_once("```toml\n")
        .and_then(|(_, rest)| rest.rsplit_once("```"))
        .map(|(b, _)| b)
        .expect("a toml block");
    let s = Scenario::from_document(Document::parse(&[("example.toml", body)]).unwrap())
        .unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(s.sides.len(), 2);
    assert!(!s.units.is_empty());
}
