use std::collections::BTreeSet;

use proptest::prelude::*;

use super::*;
use crate::{EdgeDir, Stagger};

const MAP: MapNumbering = MapNumbering::new(1, 1, Stagger::OddColumnsDown, 2);

#[test]
fn printed_order_and_membership() {
    let grid = HexGrid::from_fn(MAP, 3, 4, |h| MAP.label(h));
    assert_eq!(grid.len(), 12);
    assert!(!grid.is_empty());
    assert_eq!((grid.columns(), grid.rows()), (3, 4));
    assert_eq!(grid.numbering(), &MAP);
    let labels: Vec<&str> = grid.iter().map(|(_, l)| l.as_str()).collect();
    assert_eq!(
        labels,
        [
            "0101", "0102", "0103", "0104", "0201", "0202", "0203", "0204", "0301", "0302", "0303",
            "0304"
        ]
    );
    for (h, l) in grid.iter() {
        assert_eq!(&MAP.label(h), l);
        assert!(grid.contains(h));
    }
    assert_eq!(
        grid.hexes().collect::<Vec<_>>(),
        grid.iter().map(|(h, _)| h).collect::<Vec<_>>()
    );
    for outside in ["0100", "0105", "0001", "0401", "0000"] {
        let h = MAP.parse(outside).unwrap();
        assert!(!grid.contains(h), "{outside}");
        assert_eq!(grid.get(h), None);
    }
}

#[test]
fn get_set_index() {
    let mut grid = HexGrid::new(MAP, 2, 2, 0_u8);
    let h = MAP.parse("0202").unwrap();
    assert_eq!(grid.set(h, 7), Some(0));
    assert_eq!(grid.set(h, 8), Some(7));
    assert_eq!(grid[h], 8);
    grid[h] += 1;
    assert_eq!(grid.get(h), Some(&9));
    *grid.get_mut(h).unwrap() = 3;
    assert_eq!(grid[h], 3);
    assert_eq!(grid.set(MAP.parse("0303").unwrap(), 1), None);
    for (_, v) in grid.iter_mut() {
        *v += 10;
    }
    assert_eq!(
        grid.iter().map(|(_, v)| *v).collect::<Vec<_>>(),
        [10, 10, 10, 13]
    );
}

#[test]
#[should_panic(expected = "off the grid")]
fn index_off_grid_panics() {
    let grid = HexGrid::new(MAP, 2, 2, 0_u8);
    let _ = grid[Hex::new(-1, 0)];
}

#[test]
fn neighbours_on_grid() {
    let grid = HexGrid::new(MAP, 3, 3, ());
    let corner = MAP.parse("0101").unwrap();
    let got: Vec<String> = grid.neighbors(corner).map(|h| MAP.label(h)).collect();
    // 0101 is in a low column: NE is 0201, SE is 0202.
    assert_eq!(got, ["0201", "0202", "0102"]);
    let centre = MAP.parse("0202").unwrap();
    assert_eq!(grid.neighbors(centre).count(), 6);
    assert_eq!(
        grid.neighbors(centre).next(),
        Some(centre.neighbor(EdgeDir::N))
    );
}

#[test]
fn empty_grid() {
    let grid: HexGrid<i32> = HexGrid::new(MAP, 0, 5, 0);
    assert!(grid.is_empty());
    assert_eq!(grid.iter().count(), 0);
    assert!(!grid.contains(Hex::ORIGIN));
}

proptest! {
    #[test]
    fn iteration_covers_exactly_the_rectangle(
        first_column in -5_i32..5,
        first_row in -5_i32..5,
        odd in any::<bool>(),
        columns in 1_u32..8,
        rows in 1_u32..8,
    ) {
        let stagger = if odd { Stagger::OddColumnsDown } else { Stagger::EvenColumnsDown };
        let map = MapNumbering::new(first_column, first_row, stagger, 2);
        let grid = HexGrid::from_fn(map, columns, rows, |h| h);
        prop_assert_eq!(grid.len(), (columns * rows) as usize);
        let mut printed = Vec::new();
        for c in 0..columns as i32 {
            for r in 0..rows as i32 {
                printed.push(map.hex_at(first_column + c, first_row + r));
            }
        }
        prop_assert_eq!(grid.hexes().collect::<Vec<_>>(), printed.clone());
        for (h, v) in grid.iter() {
            prop_assert_eq!(h, *v);
        }
        let inside: BTreeSet<Hex> = printed.iter().copied().collect();
        for h in Hex::ORIGIN.range(12) {
            prop_assert_eq!(grid.contains(h), inside.contains(&h));
        }
    }
}
