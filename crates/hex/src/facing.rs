//! Twelve-way counter facings: towards a hexside or towards a corner.

use crate::dir::edge;
use crate::names::named_impls;
use crate::{EdgeDir, VertexDir};

/// The direction a counter faces: one of twelve bearings `30 * index` degrees.
///
/// Even indices face a hexside (`EdgeDir(index / 2)`), odd indices face a corner
/// (`VertexDir((index - 1) / 2)`). Serialised (and displayed) as its compass name, in index
/// order: `N, NNE, NE, E, SE, SSE, S, SSW, SW, W, NW, NNW`.
///
/// ```
/// use coupdoeil_hex::{EdgeDir, Facing, VertexDir};
/// let f = Facing::from_edge(EdgeDir::N);
/// assert_eq!(f.front(), &[EdgeDir::NW, EdgeDir::N, EdgeDir::NE]);
/// assert_eq!(f.flank(), &[EdgeDir::SE, EdgeDir::S, EdgeDir::SW]);
/// let g = f.rotate(3);
/// assert_eq!(g, Facing::from_vertex(VertexDir::E));
/// assert_eq!(g.front(), &[EdgeDir::NE, EdgeDir::SE]);
/// assert_eq!(g.to_string(), "E");
/// assert_eq!(f.steps_to(Facing::from_edge(EdgeDir::S)), 6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Facing(u8);

const FACING_NAMES: [&str; 12] = [
    "N", "NNE", "NE", "E", "SE", "SSE", "S", "SSW", "SW", "W", "NW", "NNW",
];

const fn side_front() -> [[EdgeDir; 3]; 6] {
    let mut t = [[EdgeDir::N; 3]; 6];
    let mut i = 0;
    while i < 6 {
        t[i] = [edge(i + 5), edge(i), edge(i + 1)];
        i += 1;
    }
    t
}

const fn side_flank() -> [[EdgeDir; 3]; 6] {
    let mut t = [[EdgeDir::N; 3]; 6];
    let mut i = 0;
    while i < 6 {
        t[i] = [edge(i + 2), edge(i + 3), edge(i + 4)];
        i += 1;
    }
    t
}

const fn vertex_front() -> [[EdgeDir; 2]; 6] {
    let mut t = [[EdgeDir::N; 2]; 6];
    let mut i = 0;
    while i < 6 {
        t[i] = [edge(i), edge(i + 1)];
        i += 1;
    }
    t
}

const fn vertex_flank() -> [[EdgeDir; 4]; 6] {
    let mut t = [[EdgeDir::N; 4]; 6];
    let mut i = 0;
    while i < 6 {
        t[i] = [edge(i + 2), edge(i + 3), edge(i + 4), edge(i + 5)];
        i += 1;
    }
    t
}

static SIDE_FRONT: [[EdgeDir; 3]; 6] = side_front();
static SIDE_FLANK: [[EdgeDir; 3]; 6] = side_flank();
static VERTEX_FRONT: [[EdgeDir; 2]; 6] = vertex_front();
static VERTEX_FLANK: [[EdgeDir; 4]; 6] = vertex_flank();

impl Facing {
    /// All twelve facings in clockwise order starting from north.
    pub const ALL: [Facing; 12] = {
        let mut t = [Facing(0); 12];
        let mut i = 0;
        while i < 12 {
            t[i] = Facing(i as u8);
            i += 1;
        }
        t
    };

    /// The facing with the given index (bearing `30 * index` degrees), or `None` if
    /// `index >= 12`.
    ///
    /// ```
    /// use coupdoeil_hex::Facing;
    /// assert_eq!(Facing::new(3).map(|f| f.to_string()), Some("E".to_string()));
    /// assert_eq!(Facing::new(12), None);
    /// ```
    #[must_use]
    pub const fn new(index: u8) -> Option<Facing> {
        if index < 12 {
            Some(Facing(index))
        } else {
            None
        }
    }

    /// Index `0..12`; the bearing is `30 * index` degrees.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// Compass bearing in degrees: 0, 30, ..., 330.
    #[must_use]
    pub const fn bearing(self) -> u16 {
        self.0 as u16 * 30
    }

    /// Facing hexside `dir`.
    #[must_use]
    pub const fn from_edge(dir: EdgeDir) -> Facing {
        Facing(dir.index() * 2)
    }

    /// Facing corner `v`.
    #[must_use]
    pub const fn from_vertex(v: VertexDir) -> Facing {
        Facing(v.index() * 2 + 1)
    }

    /// Whether this facing points at a corner (odd index) rather than a hexside.
    #[must_use]
    pub const fn is_vertex(self) -> bool {
        self.0 % 2 == 1
    }

    /// The hexside faced, if this is a hexside facing.
    #[must_use]
    pub const fn as_edge(self) -> Option<EdgeDir> {
        if self.is_vertex() {
            None
        } else {
            EdgeDir::from_index(self.0 / 2)
        }
    }

    /// The corner faced, if this is a corner facing.
    #[must_use]
    pub const fn as_vertex(self) -> Option<VertexDir> {
        if self.is_vertex() {
            VertexDir::from_index(self.0 / 2)
        } else {
            None
        }
    }

    /// Rotates by `steps` 30-degree steps; positive is clockwise.
    ///
    /// ```
    /// use coupdoeil_hex::{EdgeDir, Facing};
    /// let n = Facing::from_edge(EdgeDir::N);
    /// assert_eq!(n.rotate(-1).to_string(), "NNW");
    /// assert_eq!(n.rotate(12), n);
    /// ```
    #[must_use]
    pub const fn rotate(self, steps: i32) -> Facing {
        Facing(((self.0 as i32 + steps.rem_euclid(12)) % 12) as u8)
    }

    /// The facing pointing the other way (`rotate(6)`).
    #[must_use]
    pub const fn opposite(self) -> Facing {
        self.rotate(6)
    }

    /// Smallest number of 30-degree steps (either way) turning `self` into `other`: `0..=6`.
    #[must_use]
    pub const fn steps_to(self, other: Facing) -> u8 {
        let d = (other.0 + 12 - self.0) % 12;
        if d > 6 { 12 - d } else { d }
    }

    /// Directions of the front hexes, clockwise: `[e.rotate(-1), e, e.rotate(1)]` when facing
    /// hexside `e`, `[e, e.rotate(1)]` when facing the corner between `e` and `e.rotate(1)`.
    #[must_use]
    pub fn front(self) -> &'static [EdgeDir] {
        let i = usize::from(self.0 / 2);
        if self.is_vertex() {
            &VERTEX_FRONT[i]
        } else {
            &SIDE_FRONT[i]
        }
    }

    /// Directions not in [`front`](Facing::front), clockwise starting just after the front (3
    /// for a hexside facing, 4 for a corner facing).
    #[must_use]
    pub fn flank(self) -> &'static [EdgeDir] {
        let i = usize::from(self.0 / 2);
        if self.is_vertex() {
            &VERTEX_FLANK[i]
        } else {
            &SIDE_FLANK[i]
        }
    }

    /// Whether `dir` is one of the [`front`](Facing::front) directions.
    #[must_use]
    pub fn is_front(self, dir: EdgeDir) -> bool {
        self.front().contains(&dir)
    }

    /// The compass name used by `Display`, `FromStr` and serde.
    #[must_use]
    pub const fn name(self) -> &'static str {
        FACING_NAMES[self.0 as usize]
    }
}

impl From<EdgeDir> for Facing {
    fn from(dir: EdgeDir) -> Facing {
        Facing::from_edge(dir)
    }
}

impl From<VertexDir> for Facing {
    fn from(v: VertexDir) -> Facing {
        Facing::from_vertex(v)
    }
}

named_impls!(Facing, FACING_NAMES, "facing");

#[cfg(test)]
mod tests;
