//! The shipped Roliça scenario (`data/scenarios/ge/rolica/`): it loads, it holds the columns,
//! brigades, chain of command and places the reference gives (battles-reference.md 5a), its set-up
//! is legal, its ground behaves as the battlefield did (the heights climbed from the front only
//! by the four gullies), and random games of it, Soldiers and Battalion, play by the rules (the
//! conformance kit). Its golden playthroughs are in `golden.rs`.

mod common;
use common::{B, F, shipped_rolica as rolica, shipped_rolica_battalion, shipped_rolica_brigade};
use coupdoeil_engine::Game;
use coupdoeil_engine::testkit::{Options, check_random_playouts};
use coupdoeil_ge::data::{Arm, Counter, Echelon, Formation, Kind, Mover};
use coupdoeil_ge::formation::facing_ok;
use coupdoeil_ge::{Cell, GloryEmpire};
use std::collections::{BTreeMap, VecDeque};

fn cell(g: &GloryEmpire, hex: &str) -> Cell {
    g.data
        .board
        .parse(hex)
        .unwrap_or_else(|| panic!("no hex {hex}"))
}

/// The data ids of the combat units reporting to `leader`, in data order.
fn units_of(g: &GloryEmpire, leader: &str) -> Vec<String> {
    let l = g.data.leader_by_id(leader).expect(leader);
    g.data
        .troops
        .iter()
        .filter(|t| t.leader == l)
        .map(|t| t.id.clone())
        .collect()
}

fn superior_of(g: &GloryEmpire, leader: &str) -> Option<String> {
    let l = g.data.leader_by_id(leader).expect(leader);
    g.data.leaders[l.ix()]
        .superior
        .map(|s| g.data.leaders[s.ix()].id.clone())
}

/// Full-strength SP of a combat unit.
fn sp(g: &GloryEmpire, id: &str) -> u32 {
    let u = g.data.troop_by_id(id).expect(id);
    u32::from(g.data.troops[u.ix()].at(u8::MAX).sp)
}

/// Where a combat unit is set up at the start.
fn start(g: &GloryEmpire, id: &str) -> Cell {
    let u = g.data.troop_by_id(id).expect(id);
    g.data
        .deploy
        .iter()
        .find(|d| d.counter == Counter::Unit(u))
        .map(|d| d.cell)
        .unwrap_or_else(|| panic!("{id} is on the map at the start"))
}

/// The row of a cell's `CCRR` label.
fn row(g: &GloryEmpire, c: Cell) -> u16 {
    g.data.board.label(c)[2..].parse().unwrap()
}

/// Fewest hexes an infantry column walks from `a` to `b`, over ground it may enter and hexsides
/// it may cross, never entering a hex `closed` refuses (enemy units ignored).
fn walk(g: &GloryEmpire, a: Cell, b: Cell, closed: impl Fn(Cell) -> bool) -> Option<u32> {
    let mut dist: BTreeMap<Cell, u32> = BTreeMap::from([(a, 0)]);
    let mut queue = VecDeque::from([a]);
    while let Some(c) = queue.pop_front() {
        let d = dist[&c];
        if c == b {
            return Some(d);
        }
        for n in g.data.board.neighbors(c) {
            if dist.contains_key(&n)
                || closed(n)
                || g.hexside_impassable(Mover::Infantry, c, n)
                || !g.formation_allowed(Kind::Infantry, Formation::Column, n, false)
            {
                continue;
            }
            dist.insert(n, d + 1);
            queue.push_back(n);
        }
    }
    None
}

#[test]
fn rolica_loads_with_its_clock_and_frame() {
    let g = rolica();
    assert_eq!(g.scenario_id(), "ge-rolica");
    assert_eq!(g.data.board.len(), 36 * 44);
    assert_eq!(g.data.turns, 24, "09:00 to 17:00");
    assert_eq!(g.data.turn_minutes, 20, "1 Scale");
    assert_eq!(g.data.start_minutes, 9 * 60);
    let s = g.initial_state();
    assert_eq!(s.turn, 1);
    // Everyone is on the map at 09:00: Loison never came [5a][OM56], and the British columns
    // were all in sight of the first position.
    assert!(g.data.reinforcements.is_empty());
    assert_eq!(
        g.data.deploy.len(),
        g.data.troops.len() + g.data.leaders.len()
    );
}

#[test]
fn rolica_british_columns_are_wellesley_s_dispatch() {
    let g = rolica();
    // [GAZ]: the centre (Hill, Nightingall, Craufurd, Fane), the left (Ferguson and Bowes), the
    // right (Trant); every brigade under Wellesley directly.
    let table: [(&str, &[&str]); 7] = [
        ("hill", &["1-5", "1-9", "1-38"]),
        ("nightingall", &["29", "1-82"]),
        ("craufurd", &["1-45", "1-50", "91"]),
        ("fane", &["5-60", "2-95", "port-light"]),
        (
            "ferguson",
            &[
                "rifles-ferguson",
                "36",
                "1-40",
                "1-71",
                "horse-ferguson",
                "ra-ferguson",
            ],
        ),
        ("bowes", &["1-6", "1-32"]),
        ("trant", &["port-1", "port-2", "horse-trant"]),
    ];
    for (brigadier, units) in table {
        assert_eq!(units_of(&g, brigadier), units, "{brigadier}'s command");
        assert_eq!(superior_of(&g, brigadier).as_deref(), Some("wellesley"));
        let l = g.data.leader_by_id(brigadier).unwrap();
        assert_eq!(g.data.leaders[l.ix()].echelon, Echelon::Brigade);
    }
    // Catlin Craufurd's 45th engaged, the 50th and 91st in reserve: all three his [GAZ].
    let names: Vec<&str> = g.data.leaders.iter().map(|l| l.name.as_str()).collect();
    assert!(names.iter().any(|n| n.contains("Catlin Craufurd")));
    // Trant's 1,200 Portuguese foot and 50 horse [GAZ]; the 400 light infantry of the centre.
    assert_eq!(sp(&g, "port-1") + sp(&g, "port-2"), 12);
    assert_eq!(sp(&g, "horse-trant"), 1);
    assert_eq!(sp(&g, "port-light"), 4);
    // The riflemen are riflemen and skirmish: Fane's two battalions and the three companies
    // with Ferguson.
    for id in ["5-60", "2-95", "rifles-ferguson"] {
        let t = &g.data.troops[g.data.troop_by_id(id).unwrap().ix()];
        assert!(t.rifle && t.sed, "{id}");
    }
    // 18 guns [GUIDE][WSOL]: 12 with the centre, 6 light guns with Ferguson [GAZ], 2 an SP.
    let guns: u32 = g
        .data
        .troops
        .iter()
        .filter(|t| t.side == B && t.arm() == Arm::Artillery)
        .map(|t| u32::from(t.at(u8::MAX).sp))
        .sum();
    assert_eq!(guns, 9, "18 guns");
    assert_eq!(sp(&g, "ra-ferguson"), 3, "6 light guns with the left");
    // The British outnumber the French about three to one in men [5a].
    let men = |side| -> u32 {
        g.data
            .troops
            .iter()
            .filter(|t| t.side == side && t.arm() == Arm::Infantry)
            .map(|t| u32::from(t.at(u8::MAX).sp))
            .sum()
    };
    assert!(men(B) >= 3 * men(F), "{} against {}", men(B), men(F));
}

#[test]
fn rolica_french_are_delaborde_s_division() {
    let g = rolica();
    let wellesley = g.data.leader_by_id("wellesley").unwrap();
    let delaborde = g.data.leader_by_id("delaborde").unwrap();
    assert_eq!(g.data.armies[B].oc, wellesley);
    assert_eq!(g.data.armies[F].oc, delaborde);
    assert!(g.data.leaders[delaborde.ix()].overall);
    assert_eq!(g.data.leaders[delaborde.ix()].echelon, Echelon::Division);
    for brigade in ["brenier", "thomieres"] {
        assert_eq!(superior_of(&g, brigade).as_deref(), Some("delaborde"));
    }
    // [OM186]: the two battalions of the 70th; the 3/2nd and 3/4th Léger with the Swiss under
    // Thomières; the 26th Chasseurs and the five guns with Delaborde.
    assert_eq!(units_of(&g, "brenier"), ["1-70", "2-70"]);
    assert_eq!(units_of(&g, "thomieres"), ["3-2l", "3-4l", "swiss"]);
    assert_eq!(units_of(&g, "delaborde"), ["26-chass", "guns-1", "guns-2"]);
    let horse = &g.data.troops[g.data.troop_by_id("26-chass").unwrap().ix()];
    assert_eq!(horse.kind, Kind::LightCavalry);
    assert_eq!(sp(&g, "26-chass"), 5, "about 250 chasseurs");
    assert_eq!(sp(&g, "guns-1") + sp(&g, "guns-2"), 3, "5 guns");
    // About 4,350 men in all [OM186]: the foot at 100 an SP, the horse at 50.
    let foot: u32 = ["1-70", "2-70", "3-2l", "3-4l", "swiss"]
        .iter()
        .map(|id| sp(&g, id))
        .sum();
    let men = foot * 100 + sp(&g, "26-chass") * 50;
    assert!((4_000..=4_500).contains(&men), "{men}");
}

#[test]
fn rolica_leaders_who_do_not_belong_are_absent() {
    let g = rolica();
    let names: Vec<&str> = g.data.leaders.iter().map(|l| l.name.as_str()).collect();
    // Robert Craufurd was not in Portugal in 1808; Loison was at Cercal and never came up
    // [OM56]; Junot, Kellermann, Anstruther and Acland were not on this field; Burrard not yet.
    for absent in [
        "Robert Craufurd",
        "Loison",
        "Junot",
        "Kellermann",
        "Anstruther",
        "Acland",
        "Burrard",
    ] {
        assert!(!names.iter().any(|n| n.contains(absent)), "{absent}");
    }
}

#[test]
fn rolica_places_named_by_the_reference_are_on_the_map() {
    let g = rolica();
    let t = |h: &str| g.data.terrain(cell(&g, h)).id.clone();
    // The villages: Roliça on its knoll, Columbeira at the foot of the heights, Zambujeira
    // behind them [GUIDE].
    for h in ["2024", "1532", "2040"] {
        assert_eq!(t(h), "village", "{h}");
    }
    // The four gullies, the easternmost the defile the road climbs [NAP][WMUS][NG][GUIDE].
    for h in ["1334", "1734", "2034", "2434"] {
        assert_eq!(t(h), "gully", "{h}");
    }
    assert!(
        g.data.board.on_road(cell(&g, "2434")),
        "the road goes up the defile"
    );
    assert!(
        !g.data.board.on_road(cell(&g, "1734")),
        "Lake's gully has no road"
    );
    // The road from Óbidos at the N edge to Zambujeira and on S [GUIDE][5a].
    for h in ["2401", "2024", "2040", "2044"] {
        assert!(g.data.board.on_road(cell(&g, h)), "{h}");
    }
    // The objectives are the knoll, the heights above Lake's gully, the defile's top and
    // Zambujeira, all French at the start.
    let at: Vec<String> = g
        .data
        .objectives
        .iter()
        .map(|o| g.data.board.label(o.cell))
        .collect();
    assert_eq!(at, ["1824", "1737", "2436", "2040"]);
}

#[test]
fn rolica_ground() {
    let g = rolica();
    let b = &g.data.board;
    let at = |h: &str| cell(&g, h);
    // The knoll stands above the plain; the heights stand above the knoll, their W half the
    // higher [NAP].
    assert!(b.level(at("1824")) > b.level(at("1818")));
    assert!(b.level(at("1737")) > b.level(at("1824")));
    assert!(b.level(at("1737")) >= b.level(at("2436")));
    // The brook in front of the knoll [5a Geography: a small plain in front of the village].
    assert!(
        g.data
            .features(at("1820"), at("1821"))
            .any(|f| f.id == "stream")
    );
    // The knoll's vineyard walls on its N face [GUIDE].
    assert!(
        g.data
            .features(at("1822"), at("1823"))
            .any(|f| f.id == "wall" && f.obstacle)
    );
    // The heights' rock faces: no mover crosses them.
    for m in [
        Mover::Infantry,
        Mover::Cavalry,
        Mover::Artillery,
        Mover::Leader,
    ] {
        assert!(g.hexside_impassable(m, at("1034"), at("1134")), "{m:?}");
    }
    // From the foot of the heights the way up is short by a gully; with the gullies closed it
    // is a march round a flank more than twice as long [NAP][WMUS][NG]: from Columbeira (near
    // the W end) to the top above Lake's gully, from the foot of the centre gully to its top.
    for (foot, top) in [("1532", "1737"), ("2032", "2036")] {
        let (foot, top) = (at(foot), at(top));
        let by_gully = walk(&g, foot, top, |_| false).expect("a way up");
        let round = walk(&g, foot, top, |c| g.data.terrain(c).id == "gully").expect("round");
        assert!(by_gully <= 6, "{by_gully} hexes by the gullies");
        assert!(
            round > 2 * by_gully,
            "{round} hexes round, {by_gully} by a gully"
        );
    }
    // The two turning columns have their ways round the heights' flanks to Zambujeira with no
    // gully [GAZ]: Trant by the Vale do Roto, Ferguson over the E hills; each is a march of
    // hours, not minutes (an infantry column makes about 4 hexes a turn in the open).
    let zambujeira = at("2040");
    for (column, from) in [("port-1", "0410"), ("36", "3109")] {
        assert_eq!(start(&g, column), at(from), "{column}");
        let d = walk(&g, at(from), zambujeira, |c| {
            g.data.terrain(c).id == "gully"
        })
        .unwrap_or_else(|| panic!("{column}: no way round"));
        assert!((24..=60).contains(&d), "{column}: {d} hexes");
    }
    // From the knoll the French gunners see the plain the British cross.
    assert!(g.los_terrain(at("1823"), at("1812")));
}

#[test]
fn rolica_set_up_is_legal_and_faces_the_battle() {
    let g = rolica();
    // Every counter on ground its formation may stand on, facing as its formation must (7.1.2,
    // 15), each hex within its stacking limit (6) and of one side.
    let mut load: BTreeMap<Cell, (u32, Vec<coupdoeil_engine::Side>)> = BTreeMap::new();
    for d in &g.data.deploy {
        let Counter::Unit(u) = d.counter else {
            continue;
        };
        let t = &g.data.troops[u.ix()];
        let road = g.data.board.on_road(d.cell);
        assert!(
            g.formation_allowed(t.kind, d.formation, d.cell, road),
            "{} in {:?} at {}",
            t.id,
            d.formation,
            g.data.board.label(d.cell)
        );
        assert!(
            facing_ok(d.formation, d.facing),
            "{} faces {:?}",
            t.id,
            d.facing
        );
        let e = load.entry(d.cell).or_default();
        e.0 += u32::from(t.at(d.steps).sp);
        e.1.push(t.side);
    }
    for (c, (sp, sides)) in &load {
        assert!(
            *sp <= u32::from(g.stacking_limit(*c)),
            "{} holds {sp} SP",
            g.data.board.label(*c)
        );
        assert!(sides.iter().all(|&s| s == sides[0]));
    }
    // The British attack S [checklist]: every British counter starts N of every French one,
    // the British coming across the plain from Óbidos, the French on the knoll behind the brook.
    let (mut south_british, mut north_french) = (0, u16::MAX);
    for d in &g.data.deploy {
        let side = match d.counter {
            Counter::Unit(u) => g.data.troops[u.ix()].side,
            Counter::Leader(l) => g.data.leaders[l.ix()].side,
        };
        if side == B {
            south_british = south_british.max(row(&g, d.cell));
        } else {
            north_french = north_french.min(row(&g, d.cell));
        }
    }
    assert!(
        north_french > south_british + 8,
        "French from row {north_french}, British down to {south_british}"
    );
    // The French first position: the 70th and the guns on the knoll, the guns facing N.
    let knoll = cell(&g, "1824");
    for id in ["1-70", "2-70", "guns-1", "guns-2"] {
        assert!(g.data.board.distance(start(&g, id), knoll) <= 1, "{id}");
    }
    // The crescent [WSOL][GAZ]: Trant on the W of the plain, Ferguson in the E hills, the
    // centre between them.
    let col = |id: &str| {
        g.data.board.label(start(&g, id))[..2]
            .parse::<u16>()
            .unwrap()
    };
    assert!(col("port-1") < col("1-5") && col("1-5") < col("29"));
    assert!(col("29") < col("36") && col("36") >= 28);
    // Nobody starts on the heights: Delaborde fell back to them only when pressed [WSOL].
    assert!(g.data.deploy.iter().all(|d| row(&g, d.cell) < 30));
}

#[test]
fn rolica_objectives_score_for_the_attacker_and_the_heights_and_road_for_their_holder() {
    let g = rolica();
    let mut s = g.initial_state();
    assert!(g.data.objectives.iter().all(|o| o.owner == Some(F)));
    assert!(s.holders.iter().all(|&h| h == Some(F)));
    // The knoll and Zambujeira count for the British only; the heights, the second position,
    // and the defile, the French road out, for whoever holds them at the end (NOTES.md 7).
    let scores: Vec<_> = g.data.objectives.iter().map(|o| o.scores_for).collect();
    assert_eq!(scores, [Some(B), None, None, Some(B)]);
    let (heights, defile) = (g.data.objectives[1].vp, g.data.objectives[2].vp);
    // At the start the French begin with the heights and their road.
    assert_eq!(g.score(&s), [0, heights + defile]);
    // Taken by the British, each counts its VP for them, and no longer for the French.
    s.holders[1] = Some(B);
    s.holders[2] = Some(B);
    assert_eq!(g.score(&s), [heights + defile, 0]);
    s.holders[0] = Some(B);
    let knoll = g.data.objectives[0].vp;
    s.vp[B] = 2;
    s.vp[F] = 5;
    assert_eq!(g.score(&s), [2 + knoll + heights + defile, 5]);
}

/// The Battalion Game keeps the places at lower values, the heights and the road counting for
/// whoever holds them at the end as in the Soldiers Game (NOTES.md 10).
#[test]
fn rolica_battalion_objectives_are_the_same_places_at_other_values() {
    let (soldiers, battalion) = (rolica(), shipped_rolica_battalion());
    assert_eq!(
        battalion.data.objectives.len(),
        soldiers.data.objectives.len()
    );
    for (a, b) in soldiers
        .data
        .objectives
        .iter()
        .zip(&battalion.data.objectives)
    {
        assert_eq!((a.cell, &a.name, a.owner), (b.cell, &b.name, b.owner));
        assert!(b.vp <= a.vp, "{}", a.name);
    }
    let scores: Vec<_> = battalion
        .data
        .objectives
        .iter()
        .map(|o| o.scores_for)
        .collect();
    assert_eq!(scores, [Some(B), None, None, Some(B)]);
    let total = |g: &GloryEmpire| -> i32 { g.data.objectives.iter().map(|o| o.vp).sum() };
    assert!(total(&battalion) < total(&soldiers));
    // The French begin with the heights and the road.
    let s = battalion.initial_state();
    let held = battalion.data.objectives[1].vp + battalion.data.objectives[2].vp;
    assert_eq!(battalion.score(&s), [0, held]);
}

#[test]
fn rolica_passes_the_conformance_kit() {
    let opts = Options {
        games: 3,
        seed: 17,
        max_steps: 80_000,
        deep_every: 11,
    };
    let report = check_random_playouts(rolica(), &opts, |_, _| Vec::new(), |_, _| Vec::new());
    assert_eq!(report.games, opts.games);
    assert!(
        report.chances > 100 && report.decisions > 3000,
        "{report:?}"
    );
}

/// The kit over random games of Roliça played as the Battalion Game.
#[test]
fn rolica_battalion_passes_the_conformance_kit() {
    let g = shipped_rolica_battalion();
    assert_eq!(g.scenario_id(), "ge-rolica-battalion");
    let opts = Options {
        games: 2,
        seed: 23,
        max_steps: 80_000,
        deep_every: 11,
    };
    let report = common::battalion_playouts(g, &opts);
    assert_eq!(report.games, opts.games);
    assert!(
        report.chances > 100 && report.decisions > 3000,
        "{report:?}"
    );
}

/// G17.2 Roliça as the Brigade Game: every brigade leader starts with a Grand Tactical
/// Formation, and the units that start Out of Command are exactly those NOTES.md ("The Brigade
/// Game") explains: the battalions en Débandade, who must pass their Command Check first
/// (ge-rulings 144), the horse ahead of a Grand Column's Directing Unit, Ferguson's guns behind
/// Bowes's brigade, the 2/70th facing away from its Directing Unit and the Swiss off
/// Thomières's lines. G19.1: every battery has its line of the Ammunition Sheet.
#[test]
fn g17_shipped_rolica_brigade_starts_in_gtfs() {
    let g = shipped_rolica_brigade();
    assert_eq!(g.scenario_id(), "ge-rolica-brigade");
    assert_eq!(g.data.gtfs.len(), 9);
    let s = g.initial_state();
    let mut ooc: Vec<&str> = g
        .data
        .troops
        .iter()
        .enumerate()
        .filter(|&(i, _)| s.troops[i].ooc)
        .map(|(_, t)| t.id.as_str())
        .collect();
    ooc.sort_unstable();
    assert_eq!(
        ooc,
        [
            "2-70",
            "2-95",
            "3-2l",
            "3-4l",
            "5-60",
            "horse-ferguson",
            "horse-trant",
            "port-light",
            "ra-ferguson",
            "swiss"
        ]
    );
    for t in g.data.troops.iter().filter(|t| t.arm() == Arm::Artillery) {
        assert!(t.sheet.is_some(), "{}", t.id);
    }
    // Hill's and Craufurd's columns abreast stand as Double Lines of Battle: all In Command.
    for id in ["hill", "craufurd", "nightingall", "bowes"] {
        let l = g.data.leaders.iter().position(|x| x.id == id).unwrap();
        let l = g.data.gtfs.iter().find(|x| x.0.ix() == l).unwrap().0;
        let members = g.gtf_members(&s, l);
        let ic = g.gtf_command(&s, l);
        assert!(
            members.len() >= 2 && members.iter().all(|u| ic[u.ix()]),
            "{id}"
        );
    }
}

/// The kit over random games of Roliça played as the Brigade Game.
#[test]
fn rolica_brigade_passes_the_conformance_kit() {
    let g = shipped_rolica_brigade();
    let opts = Options {
        games: 2,
        seed: 29,
        max_steps: 80_000,
        deep_every: 11,
    };
    let report = common::battalion_playouts(g, &opts);
    assert_eq!(report.games, opts.games);
    assert!(
        report.chances > 100 && report.decisions > 3000,
        "{report:?}"
    );
}
