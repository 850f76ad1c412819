//! 6 Stacking, 7 Units and Formations, 9 Movement, 10 Zones of Control and 15 Terrain. The map
//! is flat-topped with odd columns half a hex lower: from an even column's hex (c, r) the
//! neighbours are N (c, r-1), S (c, r+1), NE (c+1, r-1), SE (c+1, r), SW (c-1, r) and
//! NW (c-1, r-1); from an odd column's, NE (c+1, r), SE (c+1, r+1), SW (c-1, r+1), NW (c-1, r).

mod common;
use common::{B, F, Fx};
use coupdoeil_engine::ToAct;
use coupdoeil_ge::data::{Arc, Formation};
use coupdoeil_ge::state::{Morale, OrderKind, Stage};
use coupdoeil_hex::EdgeDir;

/// British Movement Phase with the given units placed.
fn moving(units: &[(&str, &str, Formation, &str)]) -> Fx {
    let mut f = Fx::empty();
    for &(id, hex, form, facing) in units {
        f.put(id, hex, form, facing);
    }
    f.at(B, Stage::Movement);
    f
}

#[test]
fn s9_1_1_a_hex_costs_its_terrain_hexsides_and_contours() {
    let mut f = moving(&[("2-97", "0202", Formation::Column, "S")]);
    f.play("select 2-97");
    let mut c = f.step_costs();
    c.sort();
    assert_eq!(
        c,
        [("0102".into(), 1), ("0203".into(), 1), ("0302".into(), 1)]
    );
    // A village is MDT at 2 MP (Brigade Game Figure 34).
    let mut f = moving(&[("2-97", "0604", Formation::Column, "S")]);
    f.play("select 2-97");
    assert_eq!(f.step_cost("0605"), Some(2));
    assert_eq!(f.step_cost("0704"), Some(1));
    // A stream hexside adds its MP; a vineyard is 2.
    let mut f = moving(&[("2-97", "0406", Formation::Column, "SE")]);
    f.play("select 2-97");
    assert_eq!(f.step_cost("0506"), Some(2));
    assert_eq!(f.step_cost("0407"), Some(2));
    // Climbing a contour costs extra.
    let mut f = moving(&[("2-97", "0811", Formation::Column, "N")]);
    f.play("select 2-97");
    assert_eq!(f.step_cost("0810"), Some(2));
    assert_eq!(f.step_cost("0710"), Some(1));
}

#[test]
fn s9_1_1_units_move_only_through_their_front() {
    let mut f = moving(&[("2-97", "0202", Formation::Column, "S")]);
    f.play("select 2-97");
    assert!(!f.can("step 0201"));
    f.play("face N");
    assert!(f.can("step 0201"));
    // A Line facing the E vertex moves NE or SE only.
    let mut f = moving(&[("2-97", "0302", Formation::Line, "E")]);
    f.play("select 2-97");
    let mut to: Vec<String> = f.step_costs().into_iter().map(|x| x.0).collect();
    to.sort();
    assert_eq!(to, ["0402", "0403"]);
}

#[test]
fn s7_1_2_one_free_facing_change_between_other_decisions() {
    let mut f = moving(&[("2-97", "0202", Formation::Column, "S")]);
    f.play("select 2-97");
    assert!(f.can("face N"));
    f.play("face N");
    // Any facing was one change away: a second change in a row is not offered (ge-rulings 63).
    assert!(!f.can("face S"));
    assert!(!f.can("face NE"));
    // After a step the group may face again, still at no MP cost.
    f.play("step 0201");
    assert!(f.can("face S"));
}

#[test]
fn s9_1_1_a_unit_may_always_move_one_hex() {
    // A Square (MA 1) may still enter a vineyard (2 MP), and then stops.
    let mut f = moving(&[("2-97", "0406", Formation::Square, "N")]);
    f.play("select 2-97");
    assert_eq!(f.step_cost("0407"), Some(2));
    f.play("step 0407");
    assert!(f.step_costs().is_empty());
}

#[test]
fn s9_1_3_a_road_column_on_the_road_pays_the_road_rate_and_no_hexside() {
    let mut f = moving(&[("2-97", "0404", Formation::RoadColumn, "SE")]);
    f.play("select 2-97");
    assert_eq!(
        f.step_cost("0504"),
        Some(1),
        "along the road across the stream"
    );
    let mut g = moving(&[("2-97", "0404", Formation::Column, "SE")]);
    g.play("select 2-97");
    assert_eq!(g.step_cost("0504"), Some(2), "a Column pays the stream");
    assert_eq!(g.game.unit_ma(&g.s, g.unit("2-97")), 7);
    assert_eq!(
        f.game.unit_ma(&f.s, f.unit("2-97")),
        9,
        "Road Column's higher MA"
    );
}

#[test]
fn s9_1_2_a_stack_moves_at_its_lowest_ma_and_pays_its_highest_cost() {
    let mut f = moving(&[
        ("robe", "0406", Formation::Limbered, "SE"),
        ("2-97", "0406", Formation::Column, "SE"),
    ]);
    f.play("select 2-97");
    let m = f.s.moving.clone().unwrap();
    assert_eq!(m.units.len(), 2);
    assert_eq!(f.game.group_ma(&f.s, &m.units), 6);
    assert_eq!(
        f.step_cost("0506"),
        Some(3),
        "the battery pays 2 for the stream"
    );
}

#[test]
fn s9_1_2_a_stack_may_drop_units_but_not_pick_them_up() {
    let mut f = moving(&[
        ("2-95", "0202", Formation::Column, "S"),
        ("2-97", "0202", Formation::Column, "S"),
    ]);
    f.play("select 2-97");
    f.play("drop 2-95");
    assert!(
        !f.s.troop(f.unit("2-95")).moved,
        "dropped before moving: free to move later"
    );
    f.play("step 0203");
    f.play("end");
    // From a stack that has moved, a dropped unit is done.
    let mut g = moving(&[
        ("2-95", "0202", Formation::Column, "S"),
        ("2-97", "0202", Formation::Column, "S"),
    ]);
    g.play("select 2-97");
    g.play("step 0203");
    g.play("drop 2-95");
    assert!(g.s.troop(g.unit("2-95")).moved);
    assert_eq!(g.cell_of("2-95"), Some("0203".into()));
    g.play("step 0204");
    // Passing through a friendly unit does not pick it up.
    let mut h = moving(&[
        ("2-97", "0202", Formation::Column, "S"),
        ("2-95", "0203", Formation::Column, "S"),
    ]);
    h.play("select 2-97");
    h.play("step 0203");
    h.play("step 0204");
    assert_eq!(h.cell_of("2-95"), Some("0203".into()));
}

#[test]
fn s9_1_2_no_entering_broken_friends_and_a_joined_stack_takes_the_worst_morale() {
    let mut f = moving(&[
        ("2-97", "0202", Formation::Column, "S"),
        ("2-95", "0203", Formation::Dispersed, "S"),
    ]);
    f.morale("2-95", Morale::Broken);
    f.play("select 2-97");
    assert!(!f.can("step 0203"));
    let mut g = moving(&[
        ("2-97", "0202", Formation::Column, "S"),
        ("2-95", "0203", Formation::Column, "S"),
    ]);
    g.morale("2-97", Morale::Disorder);
    g.play("select 2-97");
    g.play("step 0203");
    g.play("end");
    assert_eq!(g.morale_of("2-95"), Morale::Disorder);
}

#[test]
fn s6_1_stacking_limits_apply_at_all_times() {
    // Open ground holds 12 SP: the 1/50th (9) and the 2/97th (7) never share a hex.
    let mut f = moving(&[
        ("2-97", "0202", Formation::Column, "S"),
        ("1-50", "0203", Formation::Column, "S"),
    ]);
    f.play("select 2-97");
    assert!(!f.can("step 0203"));
    let mut g = moving(&[
        ("2-95", "0202", Formation::Column, "S"),
        ("2-97", "0203", Formation::Column, "S"),
    ]);
    g.play("select 2-95");
    assert!(g.can("step 0203"), "4 + 7 SP");
}

#[test]
fn s6_1_cavalry_stacks_only_with_cavalry_and_passes_through_sed() {
    let mut f = moving(&[
        ("20ld", "0202", Formation::Column, "S"),
        ("2-97", "0203", Formation::Column, "S"),
    ]);
    f.play("select 20ld");
    assert!(!f.can("step 0203"));
    let mut g = moving(&[
        ("20ld", "0202", Formation::Column, "S"),
        ("2-95", "0203", Formation::Sed, "S"),
    ]);
    g.play("select 20ld");
    g.play("step 0203");
    assert!(
        !g.can("end"),
        "it may pass through SeD but not end its move there"
    );
    g.play("step 0204");
    assert!(g.can("end"));
}

#[test]
fn s7_5_1_one_counter_per_hex_in_road_column() {
    let mut f = moving(&[
        ("2-52", "0202", Formation::Column, "S"),
        ("2-97", "0203", Formation::RoadColumn, "S"),
    ]);
    f.play("select 2-52");
    assert!(!f.can("step 0203"));
}

#[test]
fn s6_1_1_a_unit_joining_a_stack_adopts_its_formation_and_facing() {
    let mut f = moving(&[
        ("2-95", "0202", Formation::Column, "S"),
        ("2-52", "0203", Formation::Line, "E"),
    ]);
    f.play("select 2-95");
    f.play("step 0203");
    assert!(!f.can("end"), "in Column among a Line");
    f.play("form line");
    f.play("end");
    let u = f.unit("2-95");
    assert_eq!(f.s.troop(u).facing.to_string(), "E");
    assert_eq!(f.formation_of("2-95"), Formation::Line);
}

#[test]
fn s6_2_changing_the_stacking_order_costs_1_mp() {
    let mut f = moving(&[
        ("2-95", "0202", Formation::Column, "S"),
        ("2-97", "0202", Formation::Column, "S"),
    ]);
    assert_eq!(f.s.top(f.hex("0202")), Some(f.unit("2-97")));
    f.play("select 2-97");
    f.play("top 2-95");
    assert_eq!(f.s.top(f.hex("0202")), Some(f.unit("2-95")));
    assert_eq!(f.s.moving.as_ref().unwrap().spent, 1);
}

#[test]
fn s7_1_front_flank_and_rear_by_formation() {
    let f = moving(&[
        ("2-97", "0302", Formation::Line, "E"),
        ("2-52", "0502", Formation::Column, "N"),
        ("1-50", "0702", Formation::RoadColumn, "N"),
        ("5-60", "0902", Formation::Square, "N"),
        ("robe", "1102", Formation::Unlimbered, "E"),
        ("2-95", "1302", Formation::Sed, "N"),
    ]);
    let arcs = |id: &str| {
        let a = f.game.unit_arcs(&f.s, f.unit(id));
        EdgeDir::ALL.map(|d| a[d.index() as usize])
    };
    use Arc::{Flank as L, Front as F_, Rear as R};
    // Directions N, NE, SE, S, SW, NW.
    assert_eq!(arcs("2-97"), [L, F_, F_, L, R, R], "a Line facing a vertex");
    assert_eq!(
        arcs("2-52"),
        [F_, F_, L, R, L, F_],
        "a Column facing a hexside"
    );
    assert_eq!(arcs("1-50"), [F_, L, L, R, L, L], "a Road Column");
    assert_eq!(arcs("5-60"), [F_; 6], "a Square faces all round");
    assert_eq!(arcs("2-95"), [F_; 6], "SeD faces all round");
    assert_eq!(
        arcs("robe"),
        arcs("2-97"),
        "7.1.1 artillery facing a vertex: as a Line"
    );
}

#[test]
fn s7_2_formation_changes_cost_mp_and_depend_on_terrain_and_morale() {
    let mut f = moving(&[("2-97", "0202", Formation::Column, "S")]);
    f.play("select 2-97");
    let opts = f.game.form_options(&f.s);
    assert!(opts.contains(&(Formation::Line, 2)), "Column to Line: 2 MP");
    assert!(opts.contains(&(Formation::Square, 1)));
    assert!(
        !opts.iter().any(|x| x.0 == Formation::Sed),
        "no bugle: no SeD"
    );
    // In woods (MDT) only Column, SeD and Road Column.
    let mut g = moving(&[("2-52", "1010", Formation::Column, "N")]);
    g.play("select 2-52");
    let opts: Vec<Formation> = g.game.form_options(&g.s).into_iter().map(|x| x.0).collect();
    assert_eq!(opts, [Formation::RoadColumn, Formation::Sed]);
    // 8.3 A Disordered unit may not change formation.
    let mut h = moving(&[("2-97", "0202", Formation::Column, "S")]);
    h.morale("2-97", Morale::Disorder);
    h.play("select 2-97");
    assert!(h.game.form_options(&h.s).is_empty());
}

#[test]
fn s7_5_2_limbered_artillery_on_a_road_is_in_road_column() {
    let mut f = moving(&[("robe", "0303", Formation::Limbered, "S")]);
    f.play("select robe");
    f.play("step 0304");
    assert_eq!(f.formation_of("robe"), Formation::RoadColumn);
    f.play("face NE");
    f.play("step 0404");
    f.play("face S");
    f.play("step 0405");
    assert_eq!(f.formation_of("robe"), Formation::Limbered, "off the road");
}

#[test]
fn s7_5_3_a_road_column_breaks_when_enemy_units_move_adjacent() {
    let mut f = Fx::empty();
    f.put("2-97", "0204", Formation::RoadColumn, "N");
    f.put("robe", "0304", Formation::RoadColumn, "N");
    f.put("drag-3a", "0207", Formation::Column, "N");
    f.at(F, Stage::Movement);
    f.play("select drag-3a");
    f.play("step 0206");
    f.play("step 0205");
    assert_eq!(f.morale_of("2-97"), Morale::Broken, "{}", f.log());
    assert!(
        f.s.troop(f.unit("robe")).cell.is_none(),
        "Broken artillery is eliminated"
    );
    assert!(f.texts().iter().any(|t| t.contains("Road Column")));
}

#[test]
fn s7_6_skirmishers_are_the_top_units_and_limited_by_the_exponent() {
    let mut f = moving(&[
        ("2-95", "0202", Formation::Column, "S"),
        ("2-97", "0202", Formation::Column, "S"),
    ]);
    f.play("select 2-97");
    assert!(f.can("skirmish 1"));
    assert!(!f.can("skirmish 2"), "2/97th's exponent is 1");
    f.play("skirmish 1");
    assert_eq!(f.s.troop(f.unit("2-97")).skirmishers, 1);
    f.play("form square");
    assert_eq!(
        f.s.troop(f.unit("2-97")).skirmishers,
        0,
        "7.6.5 recalled outside Line and Column"
    );
    f.play("drop 2-95");
    // 2-95 is below the moving unit: only the top unit deploys.
    let mut g = moving(&[
        ("2-95", "0202", Formation::Column, "S"),
        ("2-97", "0202", Formation::Column, "S"),
    ]);
    g.s.troop_mut(g.unit("2-97")).moved = true;
    g.play("select 2-95");
    assert!(!g.can("skirmish 1"), "not the top unit of its hex");
}

#[test]
fn s7_6_one_skirmishers_change_per_hex_and_no_new_facing_change() {
    // Deploying and recalling are free (7.6.1, 7.6.2): between free facing changes they would
    // let a group turn and re-deploy on the spot for ever (ge-rulings 64).
    let mut f = moving(&[("2-97", "0202", Formation::Column, "S")]);
    f.play("select 2-97");
    f.play("face N");
    f.play("skirmish 1");
    assert!(
        !f.can("face NE"),
        "a Skirmishers change is not the decision between facings"
    );
    assert!(!f.can("skirmish 0"), "one change of marker in this hex");
    // A step opens both again.
    f.play("step 0201");
    assert!(f.can("skirmish 0"));
    assert!(f.can("face S"));
    f.play("skirmish 0");
    assert_eq!(f.s.troop(f.unit("2-97")).skirmishers, 0);
    assert!(!f.can("skirmish 1"));
    // The number of free decisions in one hex is bounded: take every free one offered and the
    // group runs out of them.
    let mut free = 0;
    while let Some(a) = [
        "face N",
        "face NE",
        "face SE",
        "face S",
        "skirmish 1",
        "skirmish 0",
    ]
    .into_iter()
    .find(|a| f.can(a))
    {
        f.play(a);
        free += 1;
        assert!(free < 4, "free decisions in one hex must run out");
    }
}

#[test]
fn s7_9_1_a_battery_short_of_mp_spends_them_all_to_limber() {
    let game = common::game_with_charts(|c| {
        c.replace(
            "from = \"unlimbered\"\nto = \"limbered\"\ncost = 2",
            "from = \"unlimbered\"\nto = \"limbered\"\ncost = 9",
        )
    });
    let mut f = Fx::empty_of(game);
    f.put("robe", "0202", Formation::Unlimbered, "S");
    f.at(B, Stage::Movement);
    f.play("select robe");
    assert!(
        f.step_costs().is_empty(),
        "unlimbered artillery does not move"
    );
    assert_eq!(f.game.form_options(&f.s), [(Formation::Limbered, 6)]);
    f.play("form limbered");
    assert!(f.step_costs().is_empty(), "its whole MA is spent");
}

#[test]
fn s9_3_reinforcements_enter_paying_for_those_before_them() {
    let mut f = Fx::empty();
    f.s.turn = 2;
    f.at(F, Stage::Movement);
    assert!(f.can("enter 1-86 1409"));
    assert!(f.can("enter thomieres 1410"));
    f.play("enter 1-86 1409");
    assert_eq!(f.s.moving.as_ref().unwrap().spent, 1);
    // 9.3 Any formation the terrain allows: the first change is free.
    assert!(f.game.form_options(&f.s).contains(&(Formation::Line, 0)));
    f.play("face NW");
    f.play("step 1309");
    f.play("end");
    f.play("enter 2-86 1409");
    assert_eq!(
        f.s.moving.as_ref().unwrap().spent,
        2,
        "the second through 1409 pays twice"
    );
    assert!(f.s.troop(f.unit("2-86")).arrived);
    // Not before their turn.
    let mut g = Fx::empty();
    g.at(F, Stage::Movement);
    assert!(!g.can("enter 1-86 1409"));
}

#[test]
fn s10_combat_units_exert_a_zoc_into_their_front_but_not_into_mdt() {
    let f = moving(&[
        ("2-97", "0302", Formation::Line, "E"),
        ("2-52", "0604", Formation::Column, "S"),
        ("robe", "1002", Formation::Unlimbered, "NE"),
        ("1-50", "0202", Formation::RoadColumn, "S"),
    ]);
    let zoc = |id: &str| -> Vec<String> {
        let mut v: Vec<String> = f
            .game
            .zoc_of(&f.s, f.unit(id))
            .map(|c| f.label(c))
            .collect();
        v.sort();
        v
    };
    assert_eq!(zoc("2-97"), ["0402", "0403"]);
    assert_eq!(zoc("2-52"), ["0504", "0704"], "not into the village (MDT)");
    assert!(zoc("1-50").is_empty(), "Road Column exerts none");
    // Not across a hexside impassable to it: the ravine for artillery.
    assert!(!zoc("robe").contains(&"1101".to_string()));
    assert!(zoc("robe").contains(&"1001".to_string()));
    let mut g = moving(&[("2-97", "0302", Formation::Line, "E")]);
    g.morale("2-97", Morale::Broken);
    assert_eq!(
        g.game.zoc_of(&g.s, g.unit("2-97")).count(),
        0,
        "Broken: none"
    );
}

/// The French stack moving toward the British 2/97th's Line at 0302 (its ZOC: 0402, 0403).
fn approach(id: &str, at: &str, form: Formation, facing: &str) -> Fx {
    let mut f = Fx::empty();
    f.put("2-97", "0302", Formation::Line, "E");
    f.put(id, at, form, facing);
    f.at(F, Stage::Movement);
    f
}

#[test]
fn s10_1_infantry_checks_morale_to_enter_an_ezoc_and_stops_there() {
    let mut f = approach("gren-1-1", "0502", Formation::Column, "SW");
    f.play("select gren-1-1");
    f.play("step 0403");
    assert_eq!(f.to_act(), ToAct::Chance, "the check to enter");
    f.d100(99);
    assert_eq!(f.cell_of("gren-1-1"), Some("0403".into()));
    assert!(f.step_costs().is_empty(), "it stops in the EZOC");
    // A failure: one level worse, and the move is over where it was.
    let mut g = approach("gren-1-1", "0502", Formation::Column, "SW");
    g.play("select gren-1-1");
    g.play("step 0403");
    g.d100(0);
    assert_eq!(g.cell_of("gren-1-1"), Some("0502".into()));
    assert_eq!(g.morale_of("gren-1-1"), Morale::Disorder);
    assert!(g.s.moving.is_none());
}

#[test]
fn s10_1_an_assault_marker_spares_the_check_and_cavalry_needs_none() {
    let mut f = approach("gren-1-1", "0502", Formation::Column, "SW");
    let sc = f.leader("saint-clair");
    f.s.leaders[sc.ix()].order = Some(OrderKind::Attack);
    f.play("select gren-1-1");
    f.play("assault 0302");
    f.play("step 0403");
    assert_eq!(
        f.cell_of("gren-1-1"),
        Some("0403".into()),
        "no check: {}",
        f.log()
    );
    let mut g = approach("drag-3a", "0502", Formation::Column, "SW");
    g.play("select drag-3a");
    g.play("step 0403");
    assert_eq!(g.cell_of("drag-3a"), Some("0403".into()));
}

#[test]
fn s10_1_foot_artillery_never_enters_an_ezoc() {
    let mut f = approach("fr-guns", "0502", Formation::Limbered, "SW");
    f.play("select fr-guns");
    assert!(!f.can("step 0403"));
    assert!(f.can("step 0503"));
}

#[test]
fn s10_2_leaving_an_ezoc_is_the_first_action_and_costs_2_more() {
    let mut f = approach("gren-1-1", "0403", Formation::Column, "NE");
    f.play("select gren-1-1");
    assert_eq!(f.step_cost("0502"), Some(3));
    assert!(!f.can("step 0402"), "never EZOC to EZOC");
    let mut g = approach("gren-1-1", "0403", Formation::Column, "NE");
    g.play("select gren-1-1");
    g.play("form line");
    // 14.2.1 A change of formation in the 2/97th's ZOC: it may fire first; it declines.
    assert_eq!(g.to_act(), ToAct::Side(B));
    g.play("pass");
    assert_eq!(g.formation_of("gren-1-1"), Formation::Line);
    assert!(g.step_costs().is_empty(), "a formation change came first");
}

#[test]
fn s15_terrain_restricts_formations() {
    // Infantry in Line may not enter the village; in Column it may.
    let mut f = moving(&[("2-97", "0604", Formation::Line, "SSE")]);
    f.play("select 2-97");
    assert!(!f.can("step 0605"));
    // Cavalry in Column may enter MDT, in Line not.
    let mut g = moving(&[("20ld", "0604", Formation::Column, "S")]);
    g.play("select 20ld");
    assert!(g.can("step 0605"));
    // Artillery: not into woods that are not a Post, but into the churchyard Post.
    let mut h = moving(&[("robe", "0911", Formation::Limbered, "NE")]);
    h.play("select robe");
    assert!(!h.can("step 1010"), "woods");
    let mut k = moving(&[("robe", "0805", Formation::Limbered, "NW")]);
    k.play("select robe");
    assert!(k.can("step 0705"), "the churchyard is a Post");
}

#[test]
fn s15_2_1_a_battalion_spending_its_move_in_a_building_fortifies_it() {
    let mut f = moving(&[("2-97", "0705", Formation::Column, "S")]);
    assert!(!f.game.post_fortified(&f.s, f.hex("0705")));
    f.play("select 2-97");
    // Nothing else moves: the phase ends by itself, and the building is fortified.
    f.play("fortify");
    assert!(f.game.post_fortified(&f.s, f.hex("0705")), "{}", f.log());
    assert!(f.texts().iter().any(|t| t.contains("Fortified Post")));
    let u = f.unit("2-97");
    assert_eq!(
        f.game.unit_arcs(&f.s, u),
        [Arc::Front; 6],
        "15.2.1 all-round facing"
    );
    assert!(f.game.in_post(&f.s, u));
}

#[test]
fn s9_1_the_nearby_index_gives_the_same_steps_as_the_whole_map() {
    // step_options builds its occupancy index from the units within two hexes only (ZOC
    // reaches one hex); over seeded games it must list exactly what the whole map's index
    // lists, in every Movement decision met.
    use coupdoeil_engine::{Match, draw_below};
    use rand::SeedableRng;
    use std::sync::Arc;
    let game = Arc::new(common::shipped_vimeiro());
    let mut compared = 0;
    for seed in 1..=3u64 {
        let mut m = Match::new(game.clone(), seed);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        while m.steps() < 4_000 {
            match m.to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    m.roll().expect("roll");
                }
                ToAct::Side(_) => {
                    let s = m.state();
                    if s.moving.is_some() {
                        assert_eq!(
                            game.step_options(s),
                            game.step_options_full_for_tests(s),
                            "seed {seed} step {}",
                            m.steps()
                        );
                        compared += 1;
                    }
                    let legal = m.legal_actions();
                    let a = if seed == 1 {
                        common::golden::greedy_choice(&game, m.state(), &legal, &mut rng)
                    } else {
                        legal[draw_below(&mut rng, legal.len() as u64) as usize]
                    };
                    m.apply(&a).expect("legal");
                }
            }
        }
    }
    assert!(compared > 500, "only {compared} moving decisions met");
}
