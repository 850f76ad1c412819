//! Exact hex-grid geometry for Coup d'Oeil: flat-topped hexes in vertical columns, printed map
//! numbers, hexsides, twelve-way facings and integer line-of-sight tracing.
//!
//! ```
//! use coupdoeil_hex::{Crossing, EdgeDir, Facing, Hexside, MapNumbering, Stagger, trace};
//!
//! let map = MapNumbering::new(1, 1, Stagger::OddColumnsDown, 2);
//! let a = map.parse("0101").unwrap();
//! let b = a.neighbor(EdgeDir::SE);
//! assert_eq!(map.label(b), "0202");
//! assert_eq!(a.distance(map.parse("0105").unwrap()), 4);
//! assert_eq!(Hexside::new(a, EdgeDir::SE), Hexside::new(b, EdgeDir::NW));
//!
//! let facing: Facing = "NNE".parse().unwrap();
//! assert_eq!(facing.front(), &[EdgeDir::N, EdgeDir::NE]);
//!
//! let los = trace(a, map.parse("0103").unwrap());
//! assert_eq!(los, [Crossing::Hex(map.parse("0102").unwrap())]);
//! ```
//!
//! # Conventions
//!
//! * [`Hex`] is axial `(q, r)`; the grid is flat-topped, so hexsides face N, NE, SE, S, SW, NW
//!   ([`EdgeDir`], clockwise from north) and corners point NNE, E, SSE, SSW, W, NNW
//!   ([`VertexDir`]). N is `(0, -1)`, NE `(+1, -1)`, SE `(+1, 0)`.
//! * Printed numbers ([`MapNumbering`]) are column then row; one row down a column is
//!   [`EdgeDir::S`].
//! * [`Facing`] has twelve values, every 30 degrees, alternating hexside and corner facings.
//! * Everything is pure integer arithmetic; every output order is deterministic.
#![forbid(unsafe_code)]

mod dir;
mod facing;
mod grid;
mod hex;
mod hexside;
mod los;
mod names;
mod numbering;

pub use dir::{EdgeDir, VertexDir};
pub use facing::Facing;
pub use grid::HexGrid;
pub use hex::Hex;
pub use hexside::Hexside;
pub use los::{Crossing, trace};
pub use names::ParseDirectionError;
pub use numbering::{MapNumbering, ParseHexError, Stagger};

#[cfg(test)]
mod test_support;
