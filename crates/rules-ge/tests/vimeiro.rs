//! The shipped Vimeiro scenario (`data/scenarios/ge/vimeiro/`): it loads, it holds the order of
//! battle, chain of command and positions the reference gives (battles-reference.md 5b), its
//! ground behaves as the battlefield did, and random games of it play by the rules (the
//! conformance kit). Its golden playthrough is in `golden.rs`.

mod common;
use common::{B, F, shipped_vimeiro as vimeiro};
use coupdoeil_engine::Game;
use coupdoeil_engine::testkit::{Options, check_random_playouts};
use coupdoeil_ge::data::{Arm, Counter, Echelon, Kind, Mover};
use coupdoeil_ge::{Cell, GloryEmpire};

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

/// Where a counter is set up at the start (`None` for a reinforcement).
/// The column and row of a cell's `CCRR` label.
fn col_row(g: &GloryEmpire, c: Cell) -> (u16, u16) {
    let l = g.data.board.label(c);
    (l[..2].parse().unwrap(), l[2..].parse().unwrap())
}

fn start_of(g: &GloryEmpire, c: Counter) -> Option<Cell> {
    g.data
        .deploy
        .iter()
        .find(|d| d.counter == c)
        .map(|d| d.cell)
}

#[test]
fn vimeiro_loads_with_its_clock_and_frame() {
    let g = vimeiro();
    assert_eq!(g.scenario_id(), "ge-vimeiro");
    assert_eq!(g.data.board.len(), 40 * 30);
    assert_eq!(g.data.turns, 12, "09:00 to 13:00");
    assert_eq!(g.data.turn_minutes, 20, "1 Scale");
    assert_eq!(g.data.start_minutes, 9 * 60);
    let s = g.initial_state();
    assert_eq!(s.turn, 1);
    // Every combat unit and leader is either on the map or arrives later, once.
    let on_map = g.data.deploy.len();
    let later = g.data.reinforcements.len();
    assert_eq!(on_map + later, g.data.troops.len() + g.data.leaders.len());
}

#[test]
fn vimeiro_british_brigades_are_oman_s() {
    let g = vimeiro();
    // [OM189]: the eight brigades and their battalions, each under Wellesley directly.
    let table: [(&str, &[&str]); 8] = [
        ("hill", &["1-5", "1-9", "1-38"]),
        ("ferguson", &["36", "1-40", "1-71"]),
        ("nightingall", &["29", "1-82"]),
        ("bowes", &["1-6", "1-32"]),
        ("craufurd", &["1-45", "91"]),
        ("fane", &["1-50", "5-60", "2-95"]),
        ("anstruther", &["2-9", "2-43", "2-52", "2-97"]),
        ("acland", &["2", "20", "1-95"]),
    ];
    for (brigadier, units) in table {
        assert_eq!(units_of(&g, brigadier), units, "{brigadier}'s brigade");
        assert_eq!(superior_of(&g, brigadier).as_deref(), Some("wellesley"));
    }
    // 2.4: 100 men an SP, rounded; the brigade totals of [OM189].
    let sp = |id: &str| {
        let u = g.data.troop_by_id(id).expect(id);
        u32::from(g.data.troops[u.ix()].at(u8::MAX).sp)
    };
    assert_eq!(sp("1-5") + sp("1-9") + sp("1-38"), 27, "Hill's 2,658 men");
    assert_eq!(
        sp("2-9") + sp("2-43") + sp("2-52") + sp("2-97"),
        27,
        "Anstruther's 2,703 men"
    );
    // The riflemen are riflemen, and skirmish.
    for id in ["5-60", "2-95", "1-95"] {
        let t = &g.data.troops[g.data.troop_by_id(id).unwrap().ix()];
        assert!(t.rifle && t.sed, "{id}");
    }
    // The 20th Light Dragoons and the three batteries (18 guns = 9 SP at 2 guns an SP).
    let ld = g.data.troop_by_id("20ld").unwrap();
    assert_eq!(g.data.troops[ld.ix()].kind, Kind::LightCavalry);
    let guns: u32 = g
        .data
        .troops
        .iter()
        .filter(|t| t.side == B && t.arm() == Arm::Artillery)
        .map(|t| u32::from(t.at(u8::MAX).sp))
        .sum();
    assert_eq!(guns, 9, "18 guns [OM189]");
}

#[test]
fn vimeiro_french_chain_of_command_is_junot_s() {
    let g = vimeiro();
    let wellesley = g.data.leader_by_id("wellesley").unwrap();
    let junot = g.data.leader_by_id("junot").unwrap();
    assert!(g.data.leaders[wellesley.ix()].overall);
    assert!(g.data.leaders[junot.ix()].overall);
    assert_eq!(g.data.armies[B].oc, wellesley);
    assert_eq!(g.data.armies[F].oc, junot);
    // [OM188]: two divisions of two brigades, the grenadier reserve, the cavalry.
    for (brigade, division) in [
        ("brenier", "delaborde"),
        ("thomieres", "delaborde"),
        ("solignac", "loison"),
        ("charlot", "loison"),
        ("saint-clair", "kellermann"),
        ("maransin", "kellermann"),
    ] {
        assert_eq!(superior_of(&g, brigade).as_deref(), Some(division));
    }
    for division in ["delaborde", "loison", "kellermann", "margaron"] {
        let l = g.data.leader_by_id(division).unwrap();
        assert_eq!(g.data.leaders[l.ix()].echelon, Echelon::Division);
        assert_eq!(superior_of(&g, division).as_deref(), Some("junot"));
    }
    assert_eq!(
        units_of(&g, "brenier"),
        ["3-2l", "3-4l", "1-70", "2-70", "guns-brenier"]
    );
    assert_eq!(
        units_of(&g, "thomieres"),
        ["1-86", "2-86", "swiss", "guns-thomieres"]
    );
    assert_eq!(
        units_of(&g, "solignac"),
        ["3-12l", "3-15l", "3-58a", "3-58b", "guns-solignac"]
    );
    assert_eq!(units_of(&g, "charlot"), ["3-32", "3-82", "guns-charlot"]);
    // 23 guns [5b]: 12 SP at 2 guns an SP, a battery of 3 guns rounding up.
    let guns: Vec<u8> = g
        .data
        .troops
        .iter()
        .filter(|t| t.side == F && t.arm() == Arm::Artillery)
        .map(|t| t.at(u8::MAX).sp)
        .collect();
    assert_eq!(guns.len(), 5);
    assert_eq!(guns.iter().map(|&x| u32::from(x)).sum::<u32>(), 12);
}

#[test]
fn vimeiro_leaders_who_do_not_belong_are_absent() {
    let g = vimeiro();
    let names: Vec<&str> = g.data.leaders.iter().map(|l| l.name.as_str()).collect();
    // The 1808 brigadier is Catlin Craufurd, not Robert; Burrard took over only afterwards.
    assert!(names.iter().any(|n| n.contains("Catlin Craufurd")));
    assert!(!names.iter().any(|n| n.contains("Robert Craufurd")));
    assert!(!names.iter().any(|n| n.contains("Burrard")));
    // Kellermann led the grenadier reserve; Margaron led the cavalry.
    let horse_leaders: Vec<String> = g
        .data
        .troops
        .iter()
        .filter(|t| t.side == F && matches!(t.kind, Kind::LightCavalry | Kind::BattleCavalry))
        .map(|t| g.data.leaders[t.leader.ix()].id.clone())
        .collect();
    assert_eq!(horse_leaders.len(), 8);
    assert!(horse_leaders.iter().all(|l| l == "margaron"));
    for grenadiers in ["saint-clair", "maransin"] {
        assert!(
            units_of(&g, grenadiers)
                .iter()
                .all(|u| u.starts_with("gren-"))
        );
    }
}

#[test]
fn vimeiro_start_positions_face_each_other_across_the_valley() {
    let g = vimeiro();
    let b = &g.data.board;
    let col = |c: Cell| col_row(&g, c).0;
    let hill = cell(&g, "1819");
    // Fane and Anstruther on the hill with 6 guns, Wellesley with them [OM58].
    let start = |id: &str| start_of(&g, Counter::Unit(g.data.troop_by_id(id).unwrap()));
    for id in ["1-50", "2-9", "2-52", "2-97", "ra-hill"] {
        let at = start(id).expect(id);
        assert!(b.distance(at, hill) <= 3, "{id} on Vimeiro Hill");
        assert!(b.level(at) >= 2, "{id} up on the plateau");
    }
    // Fane's riflemen forward in the pine wood on the hill's front [OM58][GRE].
    for id in ["5-60", "2-95"] {
        let at = start(id).expect(id);
        assert_eq!(g.data.terrain(at).id, "woods", "{id}");
        assert!(b.distance(at, hill) <= 5, "{id} in front of the hill");
    }
    let w = g.data.leader_by_id("wellesley").unwrap();
    assert_eq!(start_of(&g, Counter::Leader(w)), Some(hill));
    // The 2/43rd in the churchyard, a garrison of the village.
    let yard = cell(&g, "1514");
    let u43 = g.data.troop_by_id("2-43").unwrap();
    assert_eq!(start_of(&g, Counter::Unit(u43)), Some(yard));
    assert!(g.data.post(yard).is_some(), "the churchyard is a post");
    assert!(
        g.data
            .garrisons
            .iter()
            .any(|x| x.units.contains(&u43) && x.area.contains(&yard))
    );
    // Every French counter on the map at 09:00 is E of every British one: the French attack
    // from the SE and E (the reference's plausibility checklist).
    let (mut west_french, mut east_british) = (u16::MAX, 0);
    for d in &g.data.deploy {
        let side = match d.counter {
            Counter::Unit(u) => g.data.troops[u.ix()].side,
            Counter::Leader(l) => g.data.leaders[l.ix()].side,
        };
        if side == F {
            west_french = west_french.min(col(d.cell));
        } else {
            east_british = east_british.max(col(d.cell));
        }
    }
    assert!(
        west_french > east_british + 2,
        "French from column {west_french}, British up to {east_british}"
    );
    // The eastern ridge is empty at the start (only pickets, [SOU][MAX]): no British counter
    // within 4 hexes of Ventosa.
    let ventosa = cell(&g, "2504");
    assert!(
        g.data
            .deploy
            .iter()
            .all(|d| b.distance(d.cell, ventosa) > 4)
    );
    // Solignac and Brenier come on later from the E and N edges, after the hill is attacked.
    for brigade in ["solignac", "brenier"] {
        for id in units_of(&g, brigade) {
            let u = g.data.troop_by_id(&id).unwrap();
            let r = g
                .data
                .reinforcements
                .iter()
                .find(|r| r.counter == Counter::Unit(u))
                .unwrap_or_else(|| panic!("{id} arrives later"));
            assert!(r.turn > 1, "{id}");
            assert!(
                r.entry
                    .iter()
                    .all(|&c| col(c) == 40 || col_row(&g, c).1 == 1),
                "{id} enters from the E or N"
            );
        }
    }
    let solignac = g.data.leader_by_id("solignac").unwrap();
    let brenier = g.data.leader_by_id("brenier").unwrap();
    let turn = |l| {
        g.data
            .reinforcements
            .iter()
            .find(|r| r.counter == Counter::Leader(l))
            .map(|r| r.turn)
    };
    assert!(turn(solignac) < turn(brenier), "Brenier arrived last");
}

#[test]
fn vimeiro_objectives_start_british() {
    let g = vimeiro();
    let s = g.initial_state();
    let names: Vec<&str> = g.data.objectives.iter().map(|o| o.name.as_str()).collect();
    assert_eq!(
        names,
        ["Vimeiro Hill", "Vimeiro churchyard", "Ventosa"],
        "the hill, the village and the eastern ridge"
    );
    assert!(g.data.objectives.iter().all(|o| o.owner == Some(B)));
    assert!(s.holders.iter().all(|&h| h == Some(B)));
}

#[test]
fn vimeiro_objectives_score_for_the_french_only() {
    let g = vimeiro();
    let mut s = g.initial_state();
    assert!(g.data.objectives.iter().all(|o| o.scores_for == Some(F)));
    // Held by the British at the start, they score nothing: the battle opens level.
    assert_eq!(g.score(&s), [0, 0]);
    // Taken by the French, each counts its VP for them.
    s.holders[0] = Some(F);
    assert_eq!(g.score(&s), [0, g.data.objectives[0].vp]);
    s.holders[0] = Some(B);
    s.holders[2] = Some(F);
    s.vp[B] = 4;
    s.vp[F] = 1;
    assert_eq!(g.score(&s), [4, 1 + g.data.objectives[2].vp]);
}

#[test]
fn vimeiro_ground() {
    let g = vimeiro();
    let b = &g.data.board;
    let at = |h: &str| cell(&g, h);
    // The hill is a flat-topped plateau above the village and the valley floor.
    assert!(b.level(at("1819")) > b.level(at("1413")));
    assert!(
        b.level(at("1819")) > b.level(at("2618")),
        "above the French columns"
    );
    // The eastern ridge with Ventosa on its crest stands higher than the hill; the western
    // ridge is the highest ground.
    assert!(b.level(at("2504")) > b.level(at("1819")));
    assert!(b.level(at("0717")) > b.level(at("2504")));
    // The pine wood on the hill's front.
    assert_eq!(g.data.terrain(at("2122")).id, "woods");
    assert_eq!(g.data.terrain(at("1413")).id, "village");
    // The deep ravine between the village and the eastern ridge: an obstacle guns cannot
    // cross off the roads, other troops only slowly.
    let (a, c) = (at("2211"), at("2212"));
    assert!(
        g.data
            .features(a, c)
            .any(|f| f.id == "ravine" && f.obstacle)
    );
    assert!(g.hexside_impassable(Mover::Artillery, a, c));
    assert!(!g.hexside_impassable(Mover::Infantry, a, c));
    // The Maceira flows past the village.
    assert!(
        g.data
            .features(at("1412"), at("1413"))
            .any(|f| f.id == "stream")
    );
    // From Fane's line on the plateau's E edge the whole French approach is in sight: every
    // French counter on the map at 09:00.
    for d in &g.data.deploy {
        let french = match d.counter {
            Counter::Unit(u) => g.data.troops[u.ix()].side == F,
            Counter::Leader(_) => false,
        };
        if french {
            assert!(g.los_terrain(at("2118"), d.cell), "{}", b.label(d.cell));
        }
    }
    // The brigades on the far side of the western ridge are out of sight of the valley E of
    // the hill: the hill and the crest stand in the way.
    for hidden in ["0716", "0615", "0516"] {
        assert!(!g.los_terrain(at("2618"), at(hidden)), "{hidden}");
    }
}

#[test]
fn vimeiro_passes_the_conformance_kit() {
    let opts = Options {
        games: 3,
        seed: 7,
        max_steps: 60_000,
        deep_every: 11,
    };
    let report = check_random_playouts(vimeiro(), &opts, |_, _| Vec::new(), |_, _| Vec::new());
    assert_eq!(report.games, opts.games);
    assert!(
        report.chances > 100 && report.decisions > 3000,
        "{report:?}"
    );
}

#[test]
fn the_evaluation_asks_for_a_guard_on_an_objective_the_enemy_nears() {
    use coupdoeil_engine::Evaluate;
    use coupdoeil_ge::data::Formation;
    use coupdoeil_ge::state::Stage;
    // One French and one British battalion alone on the map, the British `british_vp` ahead.
    let eval = |french: &str, british: &str, british_vp: i32, side| {
        let mut f = common::Fx::empty_of(vimeiro());
        f.put("3-2l", french, Formation::Column, "N");
        f.put("1-50", british, Formation::Line, "S");
        f.s.vp[B] = british_vp;
        f.at(B, Stage::Movement);
        f.game.evaluate(&f.s, side)
    };
    // The French battalion three hexes from Ventosa (2504), which scores for the French if they
    // take it; the British battalion three hexes from the French either on the objective or
    // three hexes beyond it. Every other term of the evaluation is the same in both.
    let guarded = eval("2507", "2504", 0, B);
    let open = eval("2507", "2510", 0, B);
    assert!(guarded > open, "{guarded} should be above {open}");
    assert!(
        eval("2507", "2504", 0, F) < eval("2507", "2510", 0, F),
        "the French like the objective left open"
    );
    // With the French far from every objective (and the British ahead on points, so that
    // nothing pulls them toward the enemy) the two British positions are worth the same.
    assert_eq!(eval("0120", "2504", 5, B), eval("0120", "2510", 5, B));
}
