//! Loads the real Leuthen scenario files and checks what the rulebook fixes.

use std::collections::{BTreeMap, BTreeSet};

use coupdoeil_hex::{EdgeDir, Hex};
use coupdoeil_scenario::{Document, Scenario, SetupMode, merge};

const BASE: &[(&str, &str)] = &[
    (
        "dm/leuthen/scenario.toml",
        include_str!("../../../data/scenarios/dm/leuthen/scenario.toml"),
    ),
    (
        "dm/leuthen/map.toml",
        include_str!("../../../data/scenarios/dm/leuthen/map.toml"),
    ),
    (
        "dm/leuthen/oob.toml",
        include_str!("../../../data/scenarios/dm/leuthen/oob.toml"),
    ),
    (
        "dm/leuthen/cards.toml",
        include_str!("../../../data/scenarios/dm/leuthen/cards.toml"),
    ),
    (
        "dm/leuthen/charts.toml",
        include_str!("../../../data/scenarios/dm/leuthen/charts.toml"),
    ),
];

const HISTORICAL: &[(&str, &str)] = &[(
    "dm/leuthen-historical/scenario.toml",
    include_str!("../../../data/scenarios/dm/leuthen-historical/scenario.toml"),
)];

fn base() -> Scenario {
    let doc = Document::parse(BASE).unwrap_or_else(|d| panic!("{d}"));
    Scenario::from_document(doc).unwrap_or_else(|d| panic!("{d}"))
}

fn historical() -> Scenario {
    let over = Document::parse(HISTORICAL).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(over.extends(), Some("dm-leuthen"));
    let base = Document::parse(BASE).unwrap_or_else(|d| panic!("{d}"));
    Scenario::from_document(merge(base, over)).unwrap_or_else(|d| panic!("{d}"))
}

fn hex(s: &Scenario, label: &str) -> Hex {
    s.map.numbering.parse(label).unwrap()
}

#[test]
fn header() {
    let s = base();
    assert_eq!(s.id, "dm-leuthen");
    assert_eq!(s.rules, "dm");
    assert_eq!(s.turns, 6);
    assert_eq!(s.first_player, "prussian");
    assert_eq!(s.setup, SetupMode::Free);
    let ids: Vec<&str> = s.sides.iter().map(|x| x.id.as_str()).collect();
    assert_eq!(ids, ["prussian", "austrian"]);
    let t = s.document.table();
    assert_eq!(t["victory"]["draw_winner"].as_str(), Some("austrian"));
    assert_eq!(
        t["setup_rules"]["grouped_corps"][0].as_str(),
        Some("austrian")
    );
}

#[test]
fn pieces_corps_and_depots() {
    let s = base();
    for (side, units, dummies) in [("prussian", 8, 7), ("austrian", 12, 3)] {
        let all: Vec<_> = s.units_of(side).collect();
        assert_eq!(all.len(), 15, "{side}");
        assert_eq!(
            all.iter().filter(|u| u.is_dummy()).count(),
            dummies,
            "{side}"
        );
        assert_eq!(
            all.iter().filter(|u| !u.is_dummy()).count(),
            units,
            "{side}"
        );
        assert_eq!(
            s.corps.iter().filter(|c| c.side == side).count(),
            3,
            "{side}"
        );
        for u in all.iter().filter(|u| u.is_dummy()) {
            assert_eq!((u.strength, u.morale, u.corps.as_deref()), (0, 0, None));
            assert!(u.movement >= 2 && u.movement <= 3);
        }
    }
    let depots: Vec<&str> = s.map.depots.iter().map(|d| d.side.as_str()).collect();
    assert_eq!(depots.iter().filter(|d| **d == "austrian").count(), 1);
    assert_eq!(depots.iter().filter(|d| **d == "prussian").count(), 2);
    assert_eq!(s.map.depots.len(), 3);
}

#[test]
fn stated_values_hold() {
    let s = base();
    let unit = |id: &str| s.units.iter().find(|u| u.id == id).unwrap();
    let corps = |id: &str| s.corps.iter().find(|c| c.id == id).unwrap();
    let f = unit("ferdinand");
    assert_eq!(
        (f.kind.as_str(), f.strength, f.morale, f.movement),
        ("infantry", 4, 6, 2)
    );
    assert!(f.heavy_artillery);
    let b = unit("bevern");
    assert_eq!(
        (b.kind.as_str(), b.strength, b.morale, b.movement),
        ("infantry", 3, 6, 2)
    );
    let z = unit("zieten");
    assert_eq!(
        (z.kind.as_str(), z.strength, z.morale, z.movement),
        ("cavalry", 2, 6, 3)
    );
    let d = unit("dair");
    assert_eq!((d.kind.as_str(), d.strength, d.morale), ("infantry", 2, 4));
    assert_eq!(d.corps.as_deref(), Some("a-nadasdy"));
    let o = unit("odonell");
    assert_eq!((o.kind.as_str(), o.strength, o.morale), ("cavalry", 1, 5));
    assert_eq!(o.corps.as_deref(), Some("a-nadasdy"));
    assert_eq!(corps("a-kheul").morale, 5);
    assert_eq!(
        corps("a-nadasdy").morale,
        3,
        "the combat example's marker starts at 3"
    );
    assert!(corps("a-kheul").name.contains("Kheul"));
    assert!(corps("a-nadasdy").name.contains("Nádasdy"));
}

#[test]
fn setup_slots() {
    let s = base();
    for side in ["prussian", "austrian"] {
        let area = s.setup_area(side).unwrap();
        assert_eq!(area.slots.len(), 15, "{side}");
    }
    // Austrian slots run north to south: the hex centres' heights never go back up.
    let n = s.map.numbering;
    let height = |h: Hex| {
        let (c, r) = n.offset(h);
        2 * r + i32::from(n.column_is_down(c))
    };
    let a = s.setup_area("austrian").unwrap();
    assert!(
        a.slots
            .windows(2)
            .all(|w| height(w[0].hex) <= height(w[1].hex))
    );
    assert_eq!(a.slots[0].hex, hex(&s, "0702"), "Nippern first");
    for (label, name) in [
        ("0702", "Nippern"),
        ("0804", "Frobelwitz"),
        ("0806", "Leuthen"),
        ("0908", "Sagschütz"),
    ] {
        assert!(a.slots.iter().any(|p| p.hex == hex(&s, label)), "{name}");
        assert_eq!(s.map.names[&hex(&s, label)], name);
    }
    for p in &a.slots {
        assert!(["W", "SW"].contains(&p.facing.to_string().as_str()));
    }
    // Prussian slots lie on the west edge (column 01) or the south edge (row 11).
    for p in &s.setup_area("prussian").unwrap().slots {
        let (c, r) = n.offset(p.hex);
        assert!(c == 1 || r == 11, "{}", n.label(p.hex));
    }
}

#[test]
fn map_follows_the_battlefield() {
    let s = base();
    let m = &s.map;
    assert_eq!((m.columns, m.rows), (15, 11));
    assert_eq!(
        m.terrain_ids,
        ["clear", "hill", "marsh", "village", "woods"]
    );
    let named = |name: &str| -> Hex {
        *m.names
            .iter()
            .find(|(_, n)| n.as_str() == name)
            .unwrap_or_else(|| panic!("{name} is not on the map"))
            .0
    };
    for village in [
        "Leuthen",
        "Sagschütz",
        "Lobetinz",
        "Frobelwitz",
        "Nippern",
        "Borne",
        "Gross Heidau",
        "Radaxdorf",
        "Gohlau",
        "Schriegwitz",
        "Lissa",
        "Rathen",
    ] {
        assert_eq!(m.terrain_at(named(village)), Some("village"), "{village}");
    }
    for hill in ["Kiefernberg", "Butterberg", "Windmühlenberg"] {
        let h = named(hill);
        assert_eq!(m.terrain_at(h), Some("hill"), "{hill}");
        assert!(m.slopes.iter().any(|(x, _)| *x == h), "{hill} has slopes");
    }
    for wood in ["Kaulbusch", "Zettel-Busch"] {
        assert_eq!(m.terrain_at(named(wood)), Some("woods"), "{wood}");
    }
    for marsh in ["Nippern bogs", "Gohlau meadows"] {
        assert_eq!(m.terrain_at(named(marsh)), Some("marsh"), "{marsh}");
    }
    let leuthen = named("Leuthen");
    // Distances in hexes (1 km each), within the +-1 km of the reference.
    for (place, km) in [
        ("Nippern", 4.5),
        ("Frobelwitz", 2.25),
        ("Sagschütz", 1.75),
        ("Borne", 4.75),
        ("Gross Heidau", 2.75),
        ("Radaxdorf", 1.75),
        ("Lobetinz", 3.0),
    ] {
        let d = f64::from(leuthen.distance(named(place)));
        assert!((d - km).abs() <= 1.25, "{place}: {d} hexes from Leuthen");
    }
    // The highway runs W-E between Frobelwitz (north) and Leuthen (south) and through Borne.
    let borne = named("Borne");
    let between = hex(&s, "0805");
    assert!(m.road_between(hex(&s, "0705"), between));
    assert_eq!(named("Frobelwitz").neighbor(EdgeDir::S), between);
    assert_eq!(leuthen.neighbor(EdgeDir::N), between);
    assert!(m.roads.iter().any(|side| side.contains(borne)));
    // Streams cost movement somewhere on the Prussian approach and behind the Austrian line.
    let streams = m
        .hexsides
        .values()
        .filter(|f| f.contains(&"stream".to_string()))
        .count();
    assert!(streams >= 30, "{streams}");
    // Every map terrain and feature id is defined by the charts.
    let t = s.document.table();
    let ids = |k: &str| -> BTreeSet<String> {
        t[k].as_array()
            .unwrap()
            .iter()
            .map(|v| v["id"].as_str().unwrap().to_string())
            .collect()
    };
    assert!(m.terrain_ids.iter().all(|id| ids("terrain").contains(id)));
    assert_eq!(
        ids("hexside_feature"),
        BTreeSet::from(["stream".to_string()])
    );
}

#[test]
fn historical_variant_places_every_piece_in_its_sides_slots() {
    let s = historical();
    assert_eq!(s.id, "dm-leuthen-historical");
    assert_eq!(s.name, "Leuthen (historical deployment)");
    assert_eq!(s.setup, SetupMode::Historical);
    assert_eq!(s.turns, 6, "inherited");
    assert_eq!(s.units.len(), 30);
    assert_eq!(s.document.extends(), None);
    assert_eq!(s.document.file_of("unit"), "dm/leuthen/oob.toml");
    assert_eq!(
        s.document.file_of("scenario.setup"),
        "dm/leuthen-historical/scenario.toml"
    );
    let mut seen = BTreeSet::new();
    for u in &s.units {
        let p = u
            .historical
            .unwrap_or_else(|| panic!("{} has no placement", u.id));
        assert!(seen.insert(p.hex), "{} shares a hex", u.id);
        let slot = s
            .setup_area(&u.side)
            .unwrap()
            .slots
            .iter()
            .find(|x| x.hex == p.hex)
            .unwrap_or_else(|| panic!("{} is outside its side's slots", u.id));
        assert_eq!(slot.facing, p.facing, "{}", u.id);
    }
    // The Austrian corps stand in three blocks, north to south: Lucchesi, Kheul, Nadasdy.
    let a = s.setup_area("austrian").unwrap();
    let order: Vec<&str> = a
        .slots
        .iter()
        .filter_map(|slot| {
            s.units
                .iter()
                .find(|u| u.historical.map(|p| p.hex) == Some(slot.hex))
                .and_then(|u| u.corps.as_deref())
        })
        .collect();
    let mut blocks: Vec<&str> = order.clone();
    blocks.dedup();
    assert_eq!(blocks, ["a-lucchesi", "a-kheul", "a-nadasdy"], "{order:?}");
    // Named historical positions.
    let at = |id: &str| {
        let p = s
            .units
            .iter()
            .find(|u| u.id == id)
            .unwrap()
            .historical
            .unwrap();
        s.map.names.get(&p.hex).cloned().unwrap_or_default()
    };
    assert_eq!(at("lucchesi"), "Nippern");
    assert_eq!(at("daun"), "Frobelwitz");
    assert_eq!(at("kheul"), "Leuthen");
    assert_eq!(at("dair"), "Sagschütz");
    assert_eq!(at("wuerttembergers"), "Kiefernberg");
    assert_eq!(at("hungarians"), "Kaulbusch");
}

#[test]
fn crt_reproduces_the_worked_example() {
    let s = base();
    let crt = &s.document.table()["crt"];
    let columns: Vec<i64> = crt["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_integer().unwrap())
        .collect();
    assert_eq!(columns, [-1, 0, 1, 2, 3, 4, 5]);
    let rows: Vec<Vec<String>> = crt["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r.as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap().to_string())
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), 6);
    assert!(rows.iter().all(|r| r.len() == 7));
    let cell = |diff: i64, die: usize| {
        rows[die - 1][columns.iter().position(|&c| c == diff).unwrap()].as_str()
    };
    assert_eq!(cell(2, 2), "DR-1");
    assert_eq!(cell(2, 3), "DR");
    assert_eq!(cell(2, 6), "AR");
    // Plausibility: ranked from the attacker's point of view, every row and column is monotone.
    let rank = |r: &str| match r {
        "DR-2" => 5,
        "DR-1" => 4,
        "DR" => 3,
        "NE" => 2,
        "AR" => 1,
        "AR-1" => 0,
        other => panic!("unexpected result {other}"),
    };
    for row in &rows {
        assert!(
            row.windows(2).all(|w| rank(&w[0]) <= rank(&w[1])),
            "{row:?}"
        );
    }
    for pair in rows.windows(2) {
        assert!(
            pair[0]
                .iter()
                .zip(&pair[1])
                .all(|(a, b)| rank(a) >= rank(b))
        );
    }
    let count = |diff: i64, prefix: &str| {
        (1..=6)
            .filter(|&d| cell(diff, d).starts_with(prefix))
            .count()
    };
    assert_eq!(count(0, "DR"), count(0, "AR"), "even at 0");
    assert!(
        count(5, "DR") >= 5,
        "the defender almost always retreats at +5"
    );
    assert_eq!(count(5, "AR"), 0);
}

#[test]
fn charts_match_the_examples() {
    let s = base();
    let t = s.document.table();
    let terrain: BTreeMap<&str, &toml::Value> = t["terrain"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v["id"].as_str().unwrap(), v))
        .collect();
    let int = |v: &toml::Value, k: &str| v[k].as_integer().unwrap();
    assert_eq!(int(terrain["clear"], "move_cost"), 1);
    assert_eq!(int(terrain["woods"], "move_cost"), 2);
    assert_eq!(int(terrain["hill"], "move_cost"), 1);
    assert_eq!(int(terrain["village"], "attack_into"), 0);
    assert_eq!(terrain["woods"]["artillery"].as_bool(), Some(false));
    assert_eq!(terrain["marsh"]["artillery"].as_bool(), Some(false));
    assert_eq!(terrain["marsh"]["prohibited"].as_bool(), Some(false));
    assert!(terrain.values().all(|v| int(v, "move_cost") <= 2));
    let stream = &t["hexside_feature"][0];
    assert_eq!(int(stream, "move_cost"), 1);
    assert_eq!(
        int(stream, "move_cost") + int(terrain["woods"], "move_cost"),
        3
    );
    assert_eq!(int(&t["slope"], "move_cost"), 0);
    assert_eq!(int(&t["slope"], "infantry_upslope"), -1);
    assert_eq!(int(&t["slope"], "cavalry_across"), -1);
    assert_eq!(int(&t["road"], "move_cost_half_mp"), 1);
    assert_eq!(int(&t["morale"], "rally"), -2);
}

#[test]
fn cards() {
    let s = base();
    let t = s.document.table();
    let hand = t["cards"]["hand_size"].as_table().unwrap();
    assert_eq!(hand["prussian"].as_integer(), Some(3));
    assert_eq!(hand["austrian"].as_integer(), Some(2));
    let cards = t["card"].as_array().unwrap();
    let copies = |side: &str| -> i64 {
        cards
            .iter()
            .filter(|c| c["side"].as_str() == Some(side))
            .map(|c| {
                c.get("copies")
                    .and_then(toml::Value::as_integer)
                    .unwrap_or(1)
            })
            .sum()
    };
    assert_eq!(copies("prussian"), 13);
    assert_eq!(copies("austrian"), 12);
    let ids: BTreeSet<&str> = cards.iter().map(|c| c["id"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), cards.len(), "unique card ids");
    let by_title = |title: &str| {
        cards
            .iter()
            .find(|c| c["title"].as_str() == Some(title))
            .unwrap_or_else(|| panic!("no card {title}"))
    };
    let huzzah = by_title("Huzzah!");
    assert_eq!(huzzah["side"].as_str(), Some("austrian"));
    assert_eq!(huzzah["window"].as_str(), Some("attack_step3"));
    assert_eq!(huzzah["phase"].as_str(), Some("own"));
    assert_eq!(huzzah["effect"]["kind"].as_str(), Some("strength"));
    assert_eq!(huzzah["effect"]["amount"].as_integer(), Some(1));
    let colors = by_title("Senior General Seizes the Colors");
    assert_eq!(colors["side"].as_str(), Some("prussian"));
    assert_eq!(colors["window"].as_str(), Some("attack_step6"));
    assert_eq!(colors["effect"]["kind"].as_str(), Some("reroll"));
    // Every window is used by both decks, effects fit their windows, and some cards are
    // removed after play.
    let fits = |w: &str, k: &str| {
        matches!(
            (w, k),
            ("movement", "march" | "delay" | "free_facing")
                | ("attack_step3", "strength")
                | ("attack_step6", "reroll")
                | ("morale_test", "morale")
                | ("rally", "rally")
        )
    };
    for side in ["prussian", "austrian"] {
        let deck: Vec<&toml::Value> = cards
            .iter()
            .filter(|c| c["side"].as_str() == Some(side))
            .collect();
        let windows: BTreeSet<&str> = deck.iter().map(|c| c["window"].as_str().unwrap()).collect();
        assert_eq!(windows.len(), 5, "{side}: {windows:?}");
        assert!(
            deck.iter()
                .any(|c| c.get("remove_after_play").and_then(toml::Value::as_bool) == Some(true))
        );
        for c in &deck {
            let (w, k) = (
                c["window"].as_str().unwrap(),
                c["effect"]["kind"].as_str().unwrap(),
            );
            assert!(fits(w, k), "{}: {w} / {k}", c["id"]);
            assert!(
                !c["text"].as_str().unwrap_or("").is_empty(),
                "{} has text",
                c["id"]
            );
        }
    }
}
