//! Rule cases of chapter 8: who may bombard (8, 8.5), targets (8.1), Line of Sight (8.2, 8.2.1,
//! 8.2.2) and resolution (8.3).

mod common;
use common::{Fx, field_with};
use coupdoeil_engine::{Game, Side};
use coupdoeil_pg::los::Sight;
use coupdoeil_pg::state::{Morale, Stage};

const P: Side = Side::A;
const A: Side = Side::B;

fn bombardment(units: &[(&str, &str)]) -> Fx {
    let mut fx = Fx::empty();
    for (id, hex) in units.iter().rev() {
        fx.put(id, Some(hex));
    }
    fx.at(P, Stage::OffensiveBombardment);
    fx
}

fn hills() -> Fx {
    let game = field_with(include_str!("data/hills.toml"));
    let mut fx = Fx::empty();
    fx.s = {
        let mut s = game.initial_state();
        for t in &mut s.troops {
            t.cell = None;
        }
        for l in &mut s.leaders {
            l.cell = None;
        }
        s.pending.clear();
        s
    };
    fx.game = game;
    fx
}

fn sees(fx: &Fx, a: &str, b: &str) -> bool {
    fx.game.los(&fx.s, fx.hex(a), fx.hex(b))
}

#[test]
fn r8_2_adjacent_hexes_always_see_each_other() {
    let fx = hills();
    assert!(sees(&fx, "0703", "0702"));
    assert!(sees(&fx, "0802", "0803"), "even into woods");
}

#[test]
fn r8_2_woods_towns_and_units_block() {
    let mut fx = hills();
    assert!(!sees(&fx, "0801", "0803"), "woods in 0802");
    // Along a spine the tracer picks either hex: 0702 to 0902 runs between 0802 and 0803.
    assert!(sees(&fx, "0702", "0902"));
    assert!(sees(&fx, "1102", "1104"));
    fx.put("a-a", Some("1103"));
    assert_eq!(
        fx.game.sight(&fx.s, fx.hex("1102"), fx.hex("1104")),
        Sight::Units(fx.hex("1103"))
    );
}

#[test]
fn r8_2_1_the_high_hex_must_be_adjacent_to_the_slope() {
    let fx = hills();
    // 0504 stands at the edge of its plateau: it sees down to 0502 (as Zorndorf 2104 sees 2102).
    assert!(sees(&fx, "0504", "0502"));
    assert!(sees(&fx, "0502", "0504"), "and the other way, uphill");
    // 0505 is back from the edge: 0503 is hidden behind the shoulder (as 2105 and 2103).
    assert_eq!(
        fx.game.sight(&fx.s, fx.hex("0505"), fx.hex("0503")),
        Sight::Slope
    );
    assert!(!sees(&fx, "0503", "0505"));
}

#[test]
fn r8_2_1_1_two_opposite_slopes_are_low_ground() {
    let mut fx = hills();
    // 0505 down into 0506 and up to 0507: low ground between (as 2105 and 2107).
    assert!(sees(&fx, "0505", "0507"));
    assert!(sees(&fx, "0505", "0508"));
    // 8.2.2 A Unit on low ground does not block.
    fx.put("a-a", Some("0506"));
    assert!(sees(&fx, "0505", "0507"));
}

#[test]
fn r8_2_1_1_a_long_slope_from_the_high_hex() {
    let mut fx = hills();
    // 0902 down to 0903 and down again to 0904: both slopes on the one intervening hex, the high
    // hex next to the first (as 1724 and 1923).
    assert!(sees(&fx, "0902", "0904"));
    assert!(sees(&fx, "0904", "0902"));
    // 8.2.1.2 A third drop not on the next hexside hides the hex below it.
    assert!(!sees(&fx, "0902", "0906"));
    // 8.2.2 The stack directly downslope of the high hex does not block.
    fx.put("a-a", Some("0903"));
    assert!(sees(&fx, "0902", "0904"));
}

#[test]
fn r8_2_1_a_crest_between_two_low_hexes_blocks() {
    let fx = hills();
    assert_eq!(
        fx.game.sight(&fx.s, fx.hex("0702"), fx.hex("0704")),
        Sight::Slope
    );
}

#[test]
fn r8_artillery_fires_only_from_above_every_foot_and_horse_unmoved_and_deployed() {
    let mut fx = bombardment(&[("p-guns", "0505"), ("p-c", "0505"), ("a-a", "0705")]);
    assert!(fx.can("target 0705"), "range 2");
    // Below infantry it may not fire.
    fx.put("p-c", Some("0505"));
    assert!(!fx.can("target 0705"));
    let mut fx = bombardment(&[("p-guns", "0505"), ("a-a", "0705")]);
    fx.s.troop_mut(fx.unit("p-guns")).moved = true;
    assert!(!fx.can("target 0705"), "it moved");
    let mut fx = bombardment(&[("p-guns", "0505"), ("a-a", "0705")]);
    fx.s.troop_mut(fx.unit("p-guns")).in_column = true;
    assert!(!fx.can("target 0705"), "In Column");
    let mut fx = bombardment(&[("p-guns", "0505"), ("a-a", "0705")]);
    fx.morale("p-guns", Morale::Routed);
    assert!(!fx.can("target 0705"), "Routed");
}

#[test]
fn r8_1_range_is_three_hexes() {
    let fx = bombardment(&[("p-guns", "0305"), ("a-a", "0605")]);
    assert!(fx.can("target 0605"));
    let fx = bombardment(&[("p-guns", "0205"), ("a-a", "0605")]);
    assert!(!fx.can("target 0605"), "four hexes");
}

#[test]
fn r8_1_artillery_next_to_enemies_fires_only_at_them() {
    let fx = bombardment(&[("p-guns", "0505"), ("a-x", "0605"), ("a-a", "0705")]);
    assert!(fx.can("target 0605"));
    assert!(!fx.can("target 0705"));
}

#[test]
fn r8_1_no_fire_at_enemies_next_to_friends_unless_adjacent_to_all() {
    // The Leuthen example in our geometry: the enemy in 0705, a friendly Unit in 0706; guns in
    // 0806, adjacent to both, may fire; guns two hexes off may not.
    let fx = bombardment(&[("p-guns", "0806"), ("p-c", "0706"), ("a-a", "0705")]);
    assert!(fx.game.data.board.adjacent(fx.hex("0806"), fx.hex("0705")));
    assert!(fx.game.data.board.adjacent(fx.hex("0806"), fx.hex("0706")));
    assert!(fx.can("target 0705"));
    let fx = bombardment(&[("p-guns", "0905"), ("p-c", "0706"), ("a-a", "0705")]);
    assert!(!fx.can("target 0705"));
}

#[test]
fn r8_3_strengths_add_by_range_and_one_bs_cannot_fire() {
    // The heavy battery is 4-3-2; at 2 hexes it gives 3, the second battery (3-2-1) at 1 gives 3.
    let mut fx = bombardment(&[("p-guns", "0505"), ("p-guns2", "0604"), ("a-a", "0705")]);
    fx.play("target 0705");
    fx.play("gun p-guns");
    fx.play("gun p-guns2");
    let b = fx.s.bombard.clone().unwrap();
    let o = fx.game.bombard_odds(&fx.s, &b.guns, b.target);
    assert_eq!(o.strength, 3 + 2);
    // The second battery alone at range 3 has 1 BS: nothing to fire.
    let fx = bombardment(&[("p-guns2", "0405"), ("a-a", "0705")]);
    assert!(!fx.can("target 0705"));
}

#[test]
fn r8_each_gun_fires_once_per_turn_and_each_hex_is_bombarded_once() {
    let mut fx = bombardment(&[("p-guns", "0505"), ("p-guns2", "0506"), ("a-a", "0705")]);
    fx.play("target 0705");
    fx.play("gun p-guns");
    fx.play("fire");
    fx.die(1);
    assert!(fx.s.troop(fx.unit("p-guns")).fired);
    assert!(!fx.can("target 0705"), "bombarded once this Turn");
}

#[test]
fn r8_5_defensive_bombardment_only_at_adjacent_units() {
    let mut fx = bombardment(&[("a-guns", "0705"), ("p-a", "0605"), ("p-b", "0505")]);
    fx.at(P, Stage::DefensiveBombardment);
    assert!(fx.can("target 0605"));
    let mut fx = bombardment(&[("a-guns", "0705"), ("p-b", "0505")]);
    fx.at(P, Stage::DefensiveBombardment);
    assert!(!fx.can("target 0505"));
    let _ = A;
}

#[test]
fn r8_3_results_fall_on_the_units_that_would_be_engaged() {
    // A "2" against a stack: the top four steps take it (p-c on top of p-a).
    let mut fx = bombardment(&[("a-guns", "0605"), ("p-c", "0505"), ("p-a", "0505")]);
    fx.at(A, Stage::OffensiveBombardment);
    fx.play("target 0505");
    // With one gun and one way to fire, the gun and the fire are taken at once: the die.
    // 3 BS at range 1 (column 3), canister +1, dense target no: a 6 gives row 7: 1r.
    fx.die(6);
    let lost: u8 = 2 - fx.steps_of("p-c");
    assert!(lost >= 1, "{:?}", fx.texts());
    assert_eq!(fx.steps_of("p-a"), 4, "the Unit below is not hit");
}
