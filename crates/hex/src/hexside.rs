//! Canonical hexsides: one value per physical edge between two hexes.

use serde::{Deserialize, Serialize};

use crate::{EdgeDir, Hex};

/// The edge shared by two adjacent hexes, canonical by construction.
///
/// Internally a hex plus one of [`EdgeDir::N`], [`EdgeDir::NE`] or [`EdgeDir::SE`]; a hexside
/// given from the other hex is normalised, so `Hexside::new(h, d) ==
/// Hexside::new(h.neighbor(d), d.opposite())` and `Eq`, `Ord` and `Hash` identify the physical
/// edge. Serialised as `{"hex": .., "dir": ..}` in that canonical form; deserialisation accepts
/// any of the two spellings and normalises.
///
/// ```
/// use coupdoeil_hex::{EdgeDir, Hex, Hexside};
/// let a = Hex::new(2, 3);
/// let side = Hexside::new(a, EdgeDir::S);
/// assert_eq!(side, Hexside::new(Hex::new(2, 4), EdgeDir::N));
/// assert_eq!(Hexside::between(a, Hex::new(2, 4)), Some(side));
/// assert_eq!(side.hexes(), (Hex::new(2, 4), a));
/// assert!(side.contains(a));
/// assert_eq!(side.other(a), Some(Hex::new(2, 4)));
/// assert_eq!(Hexside::between(a, Hex::new(4, 3)), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(from = "HexsideRepr", into = "HexsideRepr")]
pub struct Hexside {
    hex: Hex,
    dir: EdgeDir,
}

/// Serde form of [`Hexside`]; normalised through [`Hexside::new`] on the way in.
#[derive(Serialize, Deserialize)]
struct HexsideRepr {
    hex: Hex,
    dir: EdgeDir,
}

impl From<HexsideRepr> for Hexside {
    fn from(r: HexsideRepr) -> Hexside {
        Hexside::new(r.hex, r.dir)
    }
}

impl From<Hexside> for HexsideRepr {
    fn from(s: Hexside) -> HexsideRepr {
        HexsideRepr {
            hex: s.hex,
            dir: s.dir,
        }
    }
}

impl Hexside {
    /// The hexside of `hex` in direction `dir`.
    #[must_use]
    pub const fn new(hex: Hex, dir: EdgeDir) -> Hexside {
        if dir.index() < 3 {
            Hexside { hex, dir }
        } else {
            Hexside {
                hex: hex.neighbor(dir),
                dir: dir.opposite(),
            }
        }
    }

    /// The hexside shared by `a` and `b`, or `None` if they are not adjacent.
    #[must_use]
    pub fn between(a: Hex, b: Hex) -> Option<Hexside> {
        a.direction_to(b).map(|d| Hexside::new(a, d))
    }

    /// The two hexes sharing this hexside, canonical one first; the second is the first's
    /// neighbour in direction [`direction`](Hexside::direction).
    #[must_use]
    pub const fn hexes(self) -> (Hex, Hex) {
        (self.hex, self.hex.neighbor(self.dir))
    }

    /// The canonical direction (N, NE or SE) from the first to the second of
    /// [`hexes`](Hexside::hexes).
    #[must_use]
    pub const fn direction(self) -> EdgeDir {
        self.dir
    }

    /// Whether `hex` is one of the two hexes sharing this hexside.
    #[must_use]
    pub fn contains(self, hex: Hex) -> bool {
        let (a, b) = self.hexes();
        hex == a || hex == b
    }

    /// The hex across this hexside from `hex`, or `None` if `hex` is not on it.
    #[must_use]
    pub fn other(self, hex: Hex) -> Option<Hex> {
        let (a, b) = self.hexes();
        if hex == a {
            Some(b)
        } else if hex == b {
            Some(a)
        } else {
            None
        }
    }

    /// The direction of this hexside as seen from `hex`, or `None` if `hex` is not on it.
    ///
    /// ```
    /// use coupdoeil_hex::{EdgeDir, Hex, Hexside};
    /// let side = Hexside::new(Hex::ORIGIN, EdgeDir::SW);
    /// assert_eq!(side.direction_from(Hex::ORIGIN), Some(EdgeDir::SW));
    /// assert_eq!(side.direction_from(Hex::new(-1, 1)), Some(EdgeDir::NE));
    /// ```
    #[must_use]
    pub fn direction_from(self, hex: Hex) -> Option<EdgeDir> {
        let (a, b) = self.hexes();
        if hex == a {
            Some(self.dir)
        } else if hex == b {
            Some(self.dir.opposite())
        } else {
            None
        }
    }
}

impl Hex {
    /// This hex's hexside in direction `dir` (same as [`Hexside::new`]).
    #[must_use]
    pub const fn hexside(self, dir: EdgeDir) -> Hexside {
        Hexside::new(self, dir)
    }

    /// This hex's six hexsides, in [`EdgeDir::ALL`] order.
    #[must_use]
    pub fn hexsides(self) -> [Hexside; 6] {
        EdgeDir::ALL.map(|d| Hexside::new(self, d))
    }
}

#[cfg(test)]
mod tests;
