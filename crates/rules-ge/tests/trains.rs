//! G19.2 Trains and G19.3 Caissons (Brigade Game), on the test scenario played at the Brigade
//! level with a Train for each side: the British one at 0104, the W end of the Maceira road
//! (0104 to 1405 along rows 04 and 05), serving Wellesley's army; the French one at 1405, its E
//! end, serving Junot's. Each side has two Caisson counters.

mod common;
use common::{B, F, Fx};
use coupdoeil_engine::{Game, Viewer};
use coupdoeil_ge::GloryEmpire;
use coupdoeil_ge::data::Formation;
use coupdoeil_ge::event::Event;
use coupdoeil_ge::state::{Morale, Stage, TrainGone};

const TRAINS: &str = r#"
[[train]]
id = "train-b"
side = "british"
name = "British train"
leader = "wellesley"
at = "0104"

[[train]]
id = "train-f"
side = "french"
name = "French train"
leader = "junot"
at = "1405"

[brigade]
caissons = 2
"#;

/// The test scenario as the Brigade Game with `extra` appended.
fn tgame_with(extra: &str) -> GloryEmpire {
    common::game_from(
        |t| {
            t.replacen(
                "setup = \"historical\"\n",
                "setup = \"historical\"\nlevel = \"brigade\"\n",
                1,
            ) + extra
        },
        |c| c.to_string(),
    )
}

/// An empty position with the two Trains, at the start of the British Movement Phase.
fn trains() -> Fx {
    let mut f = Fx::empty_of(tgame_with(TRAINS));
    f.at(B, Stage::Movement);
    f
}

fn train_hex(f: &Fx, i: usize) -> Option<String> {
    f.s.trains[i].cell.map(|c| f.label(c))
}

fn train_moves(f: &Fx) -> Vec<String> {
    f.legal_text()
        .into_iter()
        .filter_map(|t| t.strip_prefix("train train-b ").map(str::to_string))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// G19.2 Trains.

#[test]
fn g19_2_a_train_keeps_to_the_road_or_goes_one_open_hex_off_it() {
    let f = trains();
    let moves = train_moves(&f);
    // Along the road as far as its MA and the road rate allow.
    for h in ["0204", "0304", "0404"] {
        assert!(moves.contains(&h.to_string()), "{h}: {moves:?}");
    }
    // One Open hex off the road, as its whole move; never two.
    assert!(moves.contains(&"0103".to_string()), "{moves:?}");
    assert!(!moves.contains(&"0102".to_string()), "{moves:?}");
    // From an edge hex it may leave the map.
    assert!(moves.contains(&"off".to_string()), "{moves:?}");
    let ma = f.game.train_ma();
    assert!(ma > 0);
}

#[test]
fn g19_2_a_train_moves_once_a_phase() {
    let mut f = trains();
    f.play("train train-b 0304");
    assert_eq!(train_hex(&f, 0).as_deref(), Some("0304"));
    assert!(
        f.log()
            .contains("British train moves from 0104 to 0304 (G19.2)")
    );
    assert!(train_moves(&f).is_empty(), "{:?}", f.legal_text());
}

#[test]
fn g19_2_a_train_may_leave_the_map_and_is_not_eliminated() {
    let mut f = trains();
    f.play("train train-b off");
    assert_eq!(f.s.trains[0].cell, None);
    assert_eq!(f.s.trains[0].gone, Some(TrainGone::Left));
    assert!(f.log().contains("British train leaves the map (G19.2)"));
}

#[test]
fn g19_2_a_train_never_comes_next_to_the_enemy() {
    let mut f = trains();
    f.put("gren-1-1", "0404", Formation::Column, "N");
    let moves = train_moves(&f);
    assert!(!moves.contains(&"0304".to_string()), "{moves:?}");
    assert!(moves.contains(&"0204".to_string()), "{moves:?}");
}

#[test]
fn g19_2_only_caissons_and_leaders_stack_with_a_train() {
    let mut f = trains();
    f.put("1-50", "0204", Formation::RoadColumn, "W");
    f.play("select 1-50");
    assert!(f.can("step 0103"), "{:?}", f.legal_text());
    assert!(!f.can("step 0104"), "the Train's hex: {:?}", f.legal_text());
    // Nor does a Train move into combat units.
    let mut f = trains();
    f.put("1-50", "0204", Formation::Column, "E");
    assert!(!train_moves(&f).contains(&"0204".to_string()));
    assert!(!train_moves(&f).contains(&"0304".to_string()));
}

#[test]
fn g19_2_plunder_enemies_next_to_a_train_take_it_and_break_ranks() {
    let mut f = trains();
    f.at(F, Stage::Movement);
    f.put("gren-1-1", "0303", Formation::Column, "SW");
    f.play("select gren-1-1");
    f.play("step 0204");
    assert_eq!(f.s.trains[0].cell, None, "{}", f.log());
    assert_eq!(f.s.trains[0].gone, Some(TrainGone::Plundered));
    assert!(
        f.log()
            .contains("British train is plundered by the enemy: eliminated (G19.2)")
    );
    // The looters were in Normal Morale: Disorder, and their move is over.
    assert_eq!(f.morale_of("gren-1-1"), Morale::Disorder);
    assert!(
        f.s.moving.as_ref().is_none_or(|m| m.stop || m.halted),
        "{}",
        f.log()
    );
}

#[test]
fn g19_2_disordered_looters_keep_their_state() {
    let mut f = trains();
    f.at(F, Stage::Movement);
    f.put("gren-1-1", "0303", Formation::Column, "SW");
    f.morale("gren-1-1", Morale::Shaken);
    f.play("select gren-1-1");
    f.play("step 0204");
    assert_eq!(f.s.trains[0].gone, Some(TrainGone::Plundered));
    assert_eq!(f.morale_of("gren-1-1"), Morale::Shaken);
}

#[test]
fn g19_2_trains_are_the_brigade_games_and_one_to_a_hex() {
    let battalion = common::errors_of(
        |t| {
            t.replacen(
                "setup = \"historical\"\n",
                "setup = \"historical\"\nlevel = \"battalion\"\n",
                1,
            ) + TRAINS
        },
        |c| c.to_string(),
    );
    assert!(
        battalion.contains("Trains are the Brigade Game's (G19.2)"),
        "{battalion}"
    );
    let twice = common::errors_of(
        |t| {
            t.replacen(
                "setup = \"historical\"\n",
                "setup = \"historical\"\nlevel = \"brigade\"\n",
                1,
            ) + &TRAINS.replace("at = \"1405\"", "at = \"0104\"")
        },
        |c| c.to_string(),
    );
    assert!(twice.contains("one Train counter in a hex"), "{twice}");
}

#[test]
fn g19_2_both_sides_see_the_trains() {
    let f = trains();
    for v in [Viewer::Side(B), Viewer::Side(F), Viewer::Spectator] {
        let o = f.game.observe(&f.s, v);
        assert_eq!(o.trains.len(), 2);
        assert_eq!(o.trains[0].hex.as_deref(), Some("0104"));
    }
}

// ---------------------------------------------------------------------------------------------
// G19.3 Caissons.

/// Robe's guns out of Round Shot, limbered on the road in 0504, at the start of the British
/// Movement Phase.
fn out_of_round_shot() -> Fx {
    let mut f = trains();
    f.put("robe", "0504", Formation::RoadColumn, "W");
    f.s.troop_mut(f.unit("robe")).used = [10, 2, 1, 0];
    f
}

#[test]
fn g19_3_1_a_battery_out_of_round_shot_creates_an_empty_caisson() {
    let mut f = out_of_round_shot();
    assert!(f.can("caisson robe"), "{:?}", f.legal_text());
    f.play("caisson robe");
    assert_eq!(f.s.caissons.len(), 1);
    assert!(!f.s.caissons[0].full);
    assert_eq!(f.label(f.s.caissons[0].cell), "0504");
    // One Caisson a battery at a time.
    assert!(!f.can("caisson robe"));
    // It may move at once, towards its Train.
    assert!(f.can("caisson robe 0204"), "{:?}", f.legal_text());
}

#[test]
fn g19_3_1_out_of_canister_alone_creates_no_caisson() {
    let mut f = trains();
    f.put("robe", "0504", Formation::RoadColumn, "W");
    f.s.troop_mut(f.unit("robe")).used = [9, 3, 4, 2];
    assert!(!f.can("caisson robe"));
}

#[test]
fn g19_3_the_caisson_counters_run_out() {
    let mut f = out_of_round_shot();
    f.s.troop_mut(f.unit("robe")).used = [10, 0, 0, 0];
    let mut g = Fx::empty_of(tgame_with(&TRAINS.replace("caissons = 2", "caissons = 1")));
    g.at(B, Stage::Movement);
    g.put("robe", "0504", Formation::RoadColumn, "W");
    g.s.troop_mut(g.unit("robe")).used = [10, 0, 0, 0];
    g.play("caisson robe");
    // A second battery of the side finds no counter left.
    g.put("fr-guns", "1005", Formation::RoadColumn, "E");
    assert!(f.can("caisson robe"));
    assert_eq!(g.s.caissons.len(), 1);
}

#[test]
fn g19_3_1_filled_at_its_train_then_delivered_to_its_battery() {
    let mut f = out_of_round_shot();
    f.play("caisson robe");
    // To the British Train's hex (Caissons and leaders may stack with it).
    f.play("caisson robe 0104");
    assert_eq!(f.label(f.s.caissons[0].cell), "0104");
    // The next British Artillery Resupply Phase fills it: no B7.9.3 roll.
    f.at(B, Stage::Rally);
    f.s.queue.clear();
    f.settle();
    assert!(f.s.caissons[0].full, "{}", f.log());
    assert!(
        f.log()
            .contains("the Caisson of Robe's battery is filled at its Train in 0104 (G19.3.1)")
    );
    // Back to its battery: Round Shot, Shell and Canister restored, not Shrapnel.
    f.s.troop_mut(f.unit("robe")).used = [10, 2, 1, 1];
    f.at(B, Stage::Movement);
    f.s.caissons[0].moved = false;
    f.play("caisson robe 0504");
    assert!(f.s.caissons.is_empty(), "{}", f.log());
    assert_eq!(f.s.troop(f.unit("robe")).used, [0, 0, 0, 1]);
    assert!(
        f.events
            .iter()
            .any(|e| matches!(e, Event::CaissonDelivered { .. }))
    );
}

#[test]
fn g19_3_1_a_caisson_is_filled_only_at_a_train_of_its_organization() {
    let mut f = out_of_round_shot();
    f.play("caisson robe");
    f.s.caissons[0].cell = f.hex("1405");
    f.at(B, Stage::Rally);
    f.s.queue.clear();
    f.settle();
    assert!(!f.s.caissons[0].full);
}

#[test]
fn g19_3_a_caisson_alone_is_lost_to_an_enemy_coming_up() {
    let mut f = out_of_round_shot();
    f.play("caisson robe");
    f.play("caisson robe 0204");
    // The battery itself out of the way of the grenadiers (no reaction to decline).
    f.put("robe", "1310", Formation::RoadColumn, "W");
    f.at(F, Stage::Movement);
    f.put("gren-1-1", "0403", Formation::Column, "SW");
    f.play("select gren-1-1");
    f.play("step 0303");
    assert_eq!(
        f.cell_of("gren-1-1").as_deref(),
        Some("0303"),
        "{}",
        f.log()
    );
    assert!(f.s.caissons.is_empty(), "{}", f.log());
    assert!(
        f.log()
            .contains("the Caisson of Robe's battery is lost in 0204 (G19.3)")
    );
}

#[test]
fn g19_3_a_caisson_with_friendly_infantry_is_kept() {
    let mut f = out_of_round_shot();
    f.play("caisson robe");
    f.play("caisson robe 0204");
    f.put("1-50", "0204", Formation::Column, "SW");
    f.put("robe", "1310", Formation::RoadColumn, "W");
    f.at(F, Stage::Movement);
    f.put("gren-1-1", "0403", Formation::Column, "SW");
    f.play("select gren-1-1");
    f.play("step 0303");
    // The 1/50th declines every reaction.
    while f.to_act() == coupdoeil_engine::ToAct::Side(B) && f.can("pass") {
        f.play("pass");
    }
    assert_eq!(
        f.cell_of("gren-1-1").as_deref(),
        Some("0303"),
        "{}",
        f.log()
    );
    assert_eq!(f.s.caissons.len(), 1, "{}", f.log());
}

#[test]
fn g19_3_cavalry_never_stacks_with_a_caisson() {
    let mut f = out_of_round_shot();
    f.play("caisson robe");
    f.play("caisson robe 0304");
    f.put("20ld", "0404", Formation::Column, "W");
    f.play("select 20ld");
    assert!(!f.can("step 0304"), "{:?}", f.legal_text());
}

#[test]
fn g19_3_without_caissons_in_play_the_resupply_roll_stands() {
    let mut f = Fx::empty_of(tgame_with(&TRAINS.replace("caissons = 2", "caissons = 0")));
    f.at(B, Stage::Movement);
    f.put("robe", "0504", Formation::RoadColumn, "W");
    f.s.troop_mut(f.unit("robe")).used = [10, 0, 0, 0];
    assert!(!f.can("caisson robe"));
    assert!(!f.game.caissons_in_play());
}

#[test]
fn g19_3_1_the_enemy_sees_a_caisson_but_not_whose_it_is() {
    let mut f = out_of_round_shot();
    f.play("caisson robe");
    let own = f.game.observe(&f.s, Viewer::Side(B));
    assert_eq!(own.caissons[0].battery.as_deref(), Some("robe"));
    let enemy = f.game.observe(&f.s, Viewer::Side(F));
    assert_eq!(enemy.caissons.len(), 1);
    assert_eq!(enemy.caissons[0].battery, None);
    assert!(
        !serde_json::to_string(&enemy.caissons)
            .unwrap()
            .contains("robe")
    );
    let created = f
        .events
        .iter()
        .find(|e| matches!(e, Event::CaissonCreated { .. }))
        .expect("the Caisson's creation is logged");
    assert!(f.game.event_visible(created, Viewer::Side(B)));
    assert!(!f.game.event_visible(created, Viewer::Side(F)));
}

/// G19.3 (ge-rulings 210) The computer searching for the French does not read which British
/// battery each Caisson serves: its samples deal the links at random among the British
/// Caissons, where they stand and Full or not as seen; the British own sample keeps them.
#[test]
fn g19_3_the_computer_deals_the_enemy_caissons_links_at_random() {
    use coupdoeil_engine::Determinize;
    use coupdoeil_ge::state::Caisson;
    use rand::SeedableRng;
    let mut f = trains();
    // Two British Caissons; the test scenario has one British battery, so the second is
    // linked to another unit, to have two links to deal.
    let (robe, other) = (f.unit("robe"), f.unit("2-43"));
    for (battery, at, full) in [(robe, "0104", true), (other, "0204", false)] {
        f.s.caissons.push(Caisson {
            battery,
            cell: f.hex(at),
            full,
            moved: false,
        });
    }
    let mut firsts = std::collections::BTreeSet::new();
    for seed in 0..16u64 {
        let mut r = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let t = f.game.determinize(&f.s, F, &mut r);
        assert_eq!(t.caissons.len(), 2);
        for (a, b) in t.caissons.iter().zip(&f.s.caissons) {
            assert_eq!((a.cell, a.full), (b.cell, b.full), "seen as they are");
        }
        let mut links: Vec<_> = t.caissons.iter().map(|c| c.battery).collect();
        links.sort_unstable();
        let mut real = vec![robe, other];
        real.sort_unstable();
        assert_eq!(links, real, "each battery keeps one Caisson");
        firsts.insert(t.caissons[0].battery);
    }
    assert_eq!(firsts.len(), 2, "both ways are dealt");
    let mut r = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    assert_eq!(
        f.game.determinize(&f.s, B, &mut r),
        f.s,
        "the owner's own links"
    );
}
