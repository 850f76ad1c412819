//! Printed map numbers ("CCRR": column then row) for flat-topped hexes in vertical columns.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Hex;

/// Which printed columns sit half a hex lower than their neighbours.
///
/// The parity is that of the printed column number (not of the column's position on the map),
/// so the same `Stagger` describes a map whatever its `first_column`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Stagger {
    /// Odd-numbered printed columns are shifted half a hex down (south).
    OddColumnsDown,
    /// Even-numbered printed columns are shifted half a hex down (south).
    EvenColumnsDown,
}

/// How hexes are numbered on a printed map: column number, then row number, each zero-padded.
///
/// Geometry: flat-topped hexes in vertical columns. Going one row down a printed column (row + 1)
/// is [`EdgeDir::S`](crate::EdgeDir::S). Moving one column east from a column that sits *higher*
/// than the next one, the hex with the same row number is the [`SE`](crate::EdgeDir::SE)
/// neighbour and row - 1 is the [`NE`](crate::EdgeDir::NE) neighbour; moving east from a *lower*
/// column, the same row number is the NE neighbour and row + 1 is the SE neighbour. Concretely,
/// with [`Stagger::OddColumnsDown`] column 01 is low and 02 high, so 0101's NE neighbour is 0201,
/// its SE neighbour is 0202, and 0202's NE neighbour is 0301 (SE: 0302).
///
/// Axial placement: the hex printed at (`first_column`, `first_row`) is [`Hex::ORIGIN`], and
/// `q = column - first_column`.
///
/// ```
/// use coupdoeil_hex::{EdgeDir, Hex, MapNumbering, Stagger};
/// let map = MapNumbering::new(1, 1, Stagger::OddColumnsDown, 2);
/// let h = map.parse("0101").unwrap();
/// assert_eq!(h, Hex::ORIGIN);
/// assert_eq!(map.label(h.neighbor(EdgeDir::SE)), "0202");
/// assert_eq!(map.label(h.neighbor(EdgeDir::S)), "0102");
/// assert_eq!(map.offset(map.hex_at(7, 12)), (7, 12));
/// assert_eq!(map.parse("7.12"), Ok(map.hex_at(7, 12)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MapNumbering {
    /// Printed number of the westernmost column (the column of [`Hex::ORIGIN`]).
    pub first_column: i32,
    /// Printed number of the top row (the row of [`Hex::ORIGIN`]).
    pub first_row: i32,
    /// Which printed columns are shifted half a hex down.
    pub stagger: Stagger,
    /// Minimum digits for each of the column and row parts of a label.
    pub digits: u8,
}

/// Error from [`MapNumbering::parse`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ParseHexError {
    /// The input was empty (or only whitespace).
    Empty,
    /// A compact label (no separator) did not have exactly `2 * digits` characters.
    WrongLength {
        /// Expected number of characters (`2 * digits`).
        expected: usize,
        /// Number of characters found.
        found: usize,
    },
    /// A column or row part was not a valid number (compact labels must be ASCII digits only).
    InvalidNumber {
        /// The offending part of the input.
        text: String,
    },
}

impl fmt::Display for ParseHexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseHexError::Empty => f.write_str("empty hex label"),
            ParseHexError::WrongLength { expected, found } => write!(
                f,
                "hex label has {found} characters, expected {expected} (or \"column.row\")"
            ),
            ParseHexError::InvalidNumber { text } => {
                write!(f, "invalid number {text:?} in hex label")
            }
        }
    }
}

impl std::error::Error for ParseHexError {}

impl MapNumbering {
    /// A numbering with the given fields.
    #[must_use]
    pub const fn new(first_column: i32, first_row: i32, stagger: Stagger, digits: u8) -> Self {
        Self {
            first_column,
            first_row,
            stagger,
            digits,
        }
    }

    /// Whether printed column `column` sits half a hex lower than its neighbours.
    #[must_use]
    pub const fn column_is_down(&self, column: i32) -> bool {
        let odd = column.rem_euclid(2) == 1;
        match self.stagger {
            Stagger::OddColumnsDown => odd,
            Stagger::EvenColumnsDown => !odd,
        }
    }

    /// `down(column) - down(first_column) - q`, always even (both terms change parity with each
    /// column). A centre's height in half-hex units is `2 * row + down(column)` on paper and
    /// `2 * r + q` in axial terms, so axial `r = row - first_row + shift / 2`.
    const fn shift(&self, column: i32) -> i32 {
        let q = column - self.first_column;
        self.column_is_down(column) as i32 - self.column_is_down(self.first_column) as i32 - q
    }

    /// The hex printed at (`column`, `row`).
    ///
    /// ```
    /// use coupdoeil_hex::{EdgeDir, MapNumbering, Stagger};
    /// let map = MapNumbering::new(1, 1, Stagger::EvenColumnsDown, 2);
    /// assert_eq!(map.hex_at(2, 1).neighbor(EdgeDir::SE), map.hex_at(3, 2));
    /// assert_eq!(map.hex_at(2, 1).neighbor(EdgeDir::S), map.hex_at(2, 2));
    /// ```
    #[must_use]
    pub const fn hex_at(&self, column: i32, row: i32) -> Hex {
        Hex::new(
            column - self.first_column,
            row - self.first_row + self.shift(column) / 2,
        )
    }

    /// The printed (column, row) of `hex`.
    #[must_use]
    pub const fn offset(&self, hex: Hex) -> (i32, i32) {
        let column = hex.q + self.first_column;
        (column, hex.r + self.first_row - self.shift(column) / 2)
    }

    /// The printed label of `hex`: column then row, each zero-padded to `digits`, e.g. `"0712"`.
    ///
    /// A number needing more than `digits` digits is printed wider (such labels cannot be parsed
    /// back in compact form). If either number is negative the label is `"column.row"` (e.g.
    /// `"-1.3"`), which [`parse`](MapNumbering::parse) accepts.
    ///
    /// ```
    /// use coupdoeil_hex::{MapNumbering, Stagger};
    /// let map = MapNumbering::new(1, 1, Stagger::OddColumnsDown, 2);
    /// assert_eq!(map.label(map.hex_at(7, 12)), "0712");
    /// assert_eq!(map.label(map.hex_at(123, 4)), "12304");
    /// assert_eq!(map.label(map.hex_at(-1, 3)), "-1.3");
    /// ```
    #[must_use]
    pub fn label(&self, hex: Hex) -> String {
        let (column, row) = self.offset(hex);
        if column < 0 || row < 0 {
            format!("{column}.{row}")
        } else {
            let w = usize::from(self.digits);
            format!("{column:0w$}{row:0w$}")
        }
    }

    /// Parses a printed label: exactly `2 * digits` ASCII digits (`"0712"`), or a column and a
    /// row separated by `.` or `,` (`"7.12"`, `"07,12"`, `"-1.3"`). Surrounding whitespace is
    /// ignored.
    ///
    /// ```
    /// use coupdoeil_hex::{MapNumbering, ParseHexError, Stagger};
    /// let map = MapNumbering::new(1, 1, Stagger::OddColumnsDown, 2);
    /// assert_eq!(map.parse("0712"), Ok(map.hex_at(7, 12)));
    /// assert_eq!(map.parse("07,12"), Ok(map.hex_at(7, 12)));
    /// assert_eq!(
    ///     map.parse("712"),
    ///     Err(ParseHexError::WrongLength { expected: 4, found: 3 }),
    /// );
    /// assert!(map.parse("07x2").is_err());
    /// ```
    pub fn parse(&self, s: &str) -> Result<Hex, ParseHexError> {
        let s = s.trim();
        if s.is_empty() {
            return Err(ParseHexError::Empty);
        }
        if let Some((c, r)) = s.split_once(['.', ',']) {
            return Ok(self.hex_at(parse_number(c)?, parse_number(r)?));
        }
        let w = usize::from(self.digits);
        let found = s.chars().count();
        if found != 2 * w {
            return Err(ParseHexError::WrongLength {
                expected: 2 * w,
                found,
            });
        }
        if let Some(bad) = s.chars().find(|c| !c.is_ascii_digit()) {
            return Err(ParseHexError::InvalidNumber {
                text: bad.to_string(),
            });
        }
        // All ASCII, so byte slicing is on character boundaries.
        let (c, r) = s.split_at(w);
        Ok(self.hex_at(parse_number(c)?, parse_number(r)?))
    }
}

fn parse_number(text: &str) -> Result<i32, ParseHexError> {
    let t = text.trim();
    let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseHexError::InvalidNumber {
            text: text.to_owned(),
        });
    }
    t.parse().map_err(|_| ParseHexError::InvalidNumber {
        text: text.to_owned(),
    })
}

#[cfg(test)]
mod tests;
