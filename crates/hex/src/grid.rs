//! Dense per-hex storage over a printed rectangle of columns and rows.

use std::ops::{Index, IndexMut};

use crate::{Hex, MapNumbering};

/// A value for every hex of a printed map rectangle: `columns` printed columns starting at
/// `numbering.first_column`, each `rows` hexes tall starting at `numbering.first_row`.
///
/// Stored densely, column-major; iteration is in printed order (column by column, top row
/// first), independent of any hashing.
///
/// ```
/// use coupdoeil_hex::{HexGrid, MapNumbering, Stagger};
/// let map = MapNumbering::new(1, 1, Stagger::OddColumnsDown, 2);
/// let mut terrain = HexGrid::new(map, 3, 2, '.');
/// let h = map.parse("0202").unwrap();
/// terrain.set(h, 'W');
/// assert_eq!(terrain.get(h), Some(&'W'));
/// assert_eq!(terrain[h], 'W');
/// assert_eq!(terrain.len(), 6);
/// let labels: Vec<String> = terrain.hexes().map(|h| map.label(h)).collect();
/// assert_eq!(labels, ["0101", "0102", "0201", "0202", "0301", "0302"]);
/// assert!(!terrain.contains(map.parse("0401").unwrap()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HexGrid<T> {
    numbering: MapNumbering,
    columns: u32,
    rows: u32,
    cells: Vec<T>,
}

impl<T> HexGrid<T> {
    /// A grid with every hex set to a clone of `fill`.
    ///
    /// # Panics
    ///
    /// If `columns * rows` does not fit in memory addressing (`usize`).
    #[must_use]
    pub fn new(numbering: MapNumbering, columns: u32, rows: u32, fill: T) -> Self
    where
        T: Clone,
    {
        let n = cell_count(columns, rows);
        Self {
            numbering,
            columns,
            rows,
            cells: vec![fill; n],
        }
    }

    /// A grid with each hex set to `f(hex)`, called in printed order.
    ///
    /// ```
    /// use coupdoeil_hex::{HexGrid, MapNumbering, Stagger};
    /// let map = MapNumbering::new(1, 1, Stagger::EvenColumnsDown, 2);
    /// let labels = HexGrid::from_fn(map, 2, 2, |h| map.label(h));
    /// assert_eq!(labels[map.hex_at(2, 1)], "0201");
    /// ```
    #[must_use]
    pub fn from_fn(
        numbering: MapNumbering,
        columns: u32,
        rows: u32,
        mut f: impl FnMut(Hex) -> T,
    ) -> Self {
        let n = cell_count(columns, rows);
        let mut grid = Self {
            numbering,
            columns,
            rows,
            cells: Vec::with_capacity(n),
        };
        for i in 0..n {
            let h = grid.hex_of(i);
            grid.cells.push(f(h));
        }
        grid
    }

    /// The map numbering this grid is laid out in.
    #[must_use]
    pub const fn numbering(&self) -> &MapNumbering {
        &self.numbering
    }

    /// Number of printed columns.
    #[must_use]
    pub const fn columns(&self) -> u32 {
        self.columns
    }

    /// Number of hexes in each printed column.
    #[must_use]
    pub const fn rows(&self) -> u32 {
        self.rows
    }

    /// Number of hexes in the grid (`columns * rows`).
    #[must_use]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the grid has no hexes.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    fn index_of(&self, hex: Hex) -> Option<usize> {
        let (column, row) = self.numbering.offset(hex);
        let c = i64::from(column) - i64::from(self.numbering.first_column);
        let r = i64::from(row) - i64::from(self.numbering.first_row);
        if (0..i64::from(self.columns)).contains(&c) && (0..i64::from(self.rows)).contains(&r) {
            usize::try_from(c * i64::from(self.rows) + r).ok()
        } else {
            None
        }
    }

    fn hex_of(&self, index: usize) -> Hex {
        hex_at_index(&self.numbering, self.rows, index)
    }

    /// Whether `hex` is on the grid.
    #[must_use]
    pub fn contains(&self, hex: Hex) -> bool {
        self.index_of(hex).is_some()
    }

    /// The value at `hex`, or `None` if it is off the grid.
    #[must_use]
    pub fn get(&self, hex: Hex) -> Option<&T> {
        self.index_of(hex).map(|i| &self.cells[i])
    }

    /// Mutable access to the value at `hex`, or `None` if it is off the grid.
    #[must_use]
    pub fn get_mut(&mut self, hex: Hex) -> Option<&mut T> {
        self.index_of(hex).map(|i| &mut self.cells[i])
    }

    /// Stores `value` at `hex`, returning the previous value; returns `None` (and drops
    /// `value`) if `hex` is off the grid.
    pub fn set(&mut self, hex: Hex, value: T) -> Option<T> {
        self.get_mut(hex).map(|slot| std::mem::replace(slot, value))
    }

    /// Every hex with its value, in printed order (column by column, top row first).
    pub fn iter(&self) -> impl Iterator<Item = (Hex, &T)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .map(|(i, v)| (self.hex_of(i), v))
    }

    /// Every hex with mutable access to its value, in printed order.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (Hex, &mut T)> + '_ {
        let (numbering, rows) = (self.numbering, self.rows);
        self.cells
            .iter_mut()
            .enumerate()
            .map(move |(i, v)| (hex_at_index(&numbering, rows, i), v))
    }

    /// Every hex of the grid, in printed order.
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        (0..self.cells.len()).map(|i| self.hex_of(i))
    }

    /// The neighbours of `hex` that are on the grid, in [`EdgeDir::ALL`](crate::EdgeDir::ALL)
    /// order.
    pub fn neighbors(&self, hex: Hex) -> impl Iterator<Item = Hex> + '_ {
        hex.neighbors().into_iter().filter(|&n| self.contains(n))
    }
}

/// The hex stored at `index` (column-major) of a grid `rows` hexes tall.
fn hex_at_index(numbering: &MapNumbering, rows: u32, index: usize) -> Hex {
    let rows = rows as usize;
    // Offsets are below u32::MAX; the map is expected to fit in i32 printed numbers.
    let c = (index / rows) as i32;
    let r = (index % rows) as i32;
    numbering.hex_at(numbering.first_column + c, numbering.first_row + r)
}

fn cell_count(columns: u32, rows: u32) -> usize {
    (columns as usize)
        .checked_mul(rows as usize)
        .expect("HexGrid size overflows usize")
}

impl<T> Index<Hex> for HexGrid<T> {
    type Output = T;

    /// # Panics
    ///
    /// If `hex` is off the grid.
    fn index(&self, hex: Hex) -> &T {
        match self.get(hex) {
            Some(v) => v,
            None => panic!("hex {hex} is off the grid"),
        }
    }
}

impl<T> IndexMut<Hex> for HexGrid<T> {
    /// # Panics
    ///
    /// If `hex` is off the grid.
    fn index_mut(&mut self, hex: Hex) -> &mut T {
        match self.get_mut(hex) {
            Some(v) => v,
            None => panic!("hex {hex} is off the grid"),
        }
    }
}

#[cfg(test)]
mod tests;
