//! The six hexside directions ([`EdgeDir`]) and the six corner directions ([`VertexDir`]) of a
//! flat-topped hex.

use crate::Hex;
use crate::names::named_impls;

/// One of the six hexsides of a flat-topped hex, clockwise from north.
///
/// The discriminant is the [`index`](EdgeDir::index); the bearing is `60 * index` degrees.
///
/// ```
/// use coupdoeil_hex::{EdgeDir, Hex};
/// assert_eq!(EdgeDir::N.opposite(), EdgeDir::S);
/// assert_eq!(EdgeDir::NW.rotate(1), EdgeDir::N);
/// assert_eq!(EdgeDir::SE.delta(), Hex::new(1, 0));
/// assert_eq!("ne".parse::<EdgeDir>(), Ok(EdgeDir::NE));
/// assert_eq!(EdgeDir::SW.to_string(), "SW");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum EdgeDir {
    /// North, bearing 0 degrees; axial offset (0, -1).
    N = 0,
    /// North-east, bearing 60 degrees; axial offset (+1, -1).
    NE = 1,
    /// South-east, bearing 120 degrees; axial offset (+1, 0).
    SE = 2,
    /// South, bearing 180 degrees; axial offset (0, +1).
    S = 3,
    /// South-west, bearing 240 degrees; axial offset (-1, +1).
    SW = 4,
    /// North-west, bearing 300 degrees; axial offset (-1, 0).
    NW = 5,
}

const EDGE_NAMES: [&str; 6] = ["N", "NE", "SE", "S", "SW", "NW"];
const EDGE_DELTAS: [Hex; 6] = [
    Hex::new(0, -1),
    Hex::new(1, -1),
    Hex::new(1, 0),
    Hex::new(0, 1),
    Hex::new(-1, 1),
    Hex::new(-1, 0),
];

/// `EdgeDir` with index `i mod 6`.
pub(crate) const fn edge(i: usize) -> EdgeDir {
    EdgeDir::ALL[i % 6]
}

impl EdgeDir {
    /// All six directions in clockwise order starting from [`EdgeDir::N`].
    pub const ALL: [EdgeDir; 6] = [
        EdgeDir::N,
        EdgeDir::NE,
        EdgeDir::SE,
        EdgeDir::S,
        EdgeDir::SW,
        EdgeDir::NW,
    ];

    /// Position in [`EdgeDir::ALL`], `0..6`.
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The direction with the given index, or `None` if `index >= 6`.
    ///
    /// ```
    /// use coupdoeil_hex::EdgeDir;
    /// assert_eq!(EdgeDir::from_index(3), Some(EdgeDir::S));
    /// assert_eq!(EdgeDir::from_index(6), None);
    /// ```
    #[must_use]
    pub const fn from_index(index: u8) -> Option<EdgeDir> {
        if index < 6 {
            Some(Self::ALL[index as usize])
        } else {
            None
        }
    }

    /// The direction pointing the other way.
    #[must_use]
    pub const fn opposite(self) -> EdgeDir {
        edge(self as usize + 3)
    }

    /// Rotates by `steps` hexsides (60 degrees each); positive is clockwise.
    #[must_use]
    pub const fn rotate(self, steps: i32) -> EdgeDir {
        edge((self as i32 + steps.rem_euclid(6)) as usize)
    }

    /// Compass bearing in degrees: 0, 60, ..., 300.
    #[must_use]
    pub const fn bearing(self) -> u16 {
        self as u16 * 60
    }

    /// The axial offset from a hex to its neighbour across this hexside.
    #[must_use]
    pub const fn delta(self) -> Hex {
        EDGE_DELTAS[self as usize]
    }

    /// The name used by `Display`, `FromStr` and serde: `"N"`, `"NE"`, `"SE"`, `"S"`, `"SW"`,
    /// `"NW"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        EDGE_NAMES[self as usize]
    }
}

named_impls!(EdgeDir, EDGE_NAMES, "hexside direction");

/// One of the six corners of a flat-topped hex, clockwise from north-north-east.
///
/// Corner `k` lies between [`EdgeDir`] `k` and `k + 1` (mod 6); its bearing is `30 + 60 * k`
/// degrees.
///
/// ```
/// use coupdoeil_hex::{EdgeDir, VertexDir};
/// assert_eq!(VertexDir::NNE.edges(), (EdgeDir::N, EdgeDir::NE));
/// assert_eq!(VertexDir::NNW.edges(), (EdgeDir::NW, EdgeDir::N));
/// assert_eq!(VertexDir::E.opposite(), VertexDir::W);
/// assert_eq!("SSE".parse::<VertexDir>(), Ok(VertexDir::SSE));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum VertexDir {
    /// North-north-east corner, bearing 30 degrees (between N and NE hexsides).
    NNE = 0,
    /// East corner, bearing 90 degrees (between NE and SE hexsides).
    E = 1,
    /// South-south-east corner, bearing 150 degrees (between SE and S hexsides).
    SSE = 2,
    /// South-south-west corner, bearing 210 degrees (between S and SW hexsides).
    SSW = 3,
    /// West corner, bearing 270 degrees (between SW and NW hexsides).
    W = 4,
    /// North-north-west corner, bearing 330 degrees (between NW and N hexsides).
    NNW = 5,
}

const VERTEX_NAMES: [&str; 6] = ["NNE", "E", "SSE", "SSW", "W", "NNW"];

impl VertexDir {
    /// All six corners in clockwise order starting from [`VertexDir::NNE`].
    pub const ALL: [VertexDir; 6] = [
        VertexDir::NNE,
        VertexDir::E,
        VertexDir::SSE,
        VertexDir::SSW,
        VertexDir::W,
        VertexDir::NNW,
    ];

    /// Position in [`VertexDir::ALL`], `0..6`.
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The corner with the given index, or `None` if `index >= 6`.
    #[must_use]
    pub const fn from_index(index: u8) -> Option<VertexDir> {
        if index < 6 {
            Some(Self::ALL[index as usize])
        } else {
            None
        }
    }

    /// The two hexsides meeting at this corner, in clockwise order.
    #[must_use]
    pub const fn edges(self) -> (EdgeDir, EdgeDir) {
        (edge(self as usize), edge(self as usize + 1))
    }

    /// The corner on the other side of the hex.
    #[must_use]
    pub const fn opposite(self) -> VertexDir {
        Self::ALL[(self as usize + 3) % 6]
    }

    /// Rotates by `steps` corners (60 degrees each); positive is clockwise.
    #[must_use]
    pub const fn rotate(self, steps: i32) -> VertexDir {
        Self::ALL[((self as i32 + steps.rem_euclid(6)) % 6) as usize]
    }

    /// Compass bearing in degrees: 30, 90, ..., 330.
    #[must_use]
    pub const fn bearing(self) -> u16 {
        self as u16 * 60 + 30
    }

    /// The axial offset to the nearest hex whose centre lies exactly in this direction: the sum
    /// of the two [`edges`](VertexDir::edges)' deltas (that hex is at distance 2, and the straight
    /// line to it runs along the spine between the two hexes sharing this corner).
    ///
    /// ```
    /// use coupdoeil_hex::{Hex, VertexDir};
    /// assert_eq!(VertexDir::NNE.delta(), Hex::new(1, -2));
    /// assert_eq!(VertexDir::E.delta(), Hex::new(2, -1));
    /// ```
    #[must_use]
    pub const fn delta(self) -> Hex {
        let (a, b) = self.edges();
        let (a, b) = (a.delta(), b.delta());
        Hex::new(a.q + b.q, a.r + b.r)
    }

    /// The name used by `Display`, `FromStr` and serde: `"NNE"`, `"E"`, `"SSE"`, `"SSW"`, `"W"`,
    /// `"NNW"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        VERTEX_NAMES[self as usize]
    }
}

named_impls!(VertexDir, VERTEX_NAMES, "vertex direction");

#[cfg(test)]
mod tests;
