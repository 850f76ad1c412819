//! Axial hex coordinates.

use std::fmt;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use serde::{Deserialize, Serialize};

use crate::{EdgeDir, VertexDir};

/// A hex in axial coordinates on a flat-topped grid laid out in vertical columns.
///
/// `q` is the column (growing eastwards) and `r` grows towards the south along a column, so
/// [`EdgeDir::S`] is `(0, +1)` and [`EdgeDir::SE`] is `(+1, 0)`. The implicit third cube
/// coordinate is [`s`](Hex::s) `= -q - r`. The ordering (`q`, then `r`) is the one used by
/// [`Hex::range`].
///
/// Arithmetic is plain `i32`; coordinates are expected to stay well inside `±2^29` so that
/// differences and cube coordinates cannot overflow.
///
/// ```
/// use coupdoeil_hex::{EdgeDir, Hex};
/// let h = Hex::new(2, -1);
/// assert_eq!(h.s(), -1);
/// assert_eq!(h.neighbor(EdgeDir::S), Hex::new(2, 0));
/// assert_eq!(h.distance(Hex::ORIGIN), 2);
/// assert_eq!(Hex::ORIGIN.direction_to(Hex::new(-1, 0)), Some(EdgeDir::NW));
/// assert_eq!(h + Hex::new(1, 1) - Hex::new(3, 0), Hex::ORIGIN);
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Hex {
    /// Axial column coordinate (east is positive).
    pub q: i32,
    /// Axial row coordinate (south along a column is positive).
    pub r: i32,
}

impl Hex {
    /// The hex at axial `(0, 0)`.
    pub const ORIGIN: Hex = Hex::new(0, 0);

    /// The hex at axial `(q, r)`.
    #[must_use]
    pub const fn new(q: i32, r: i32) -> Hex {
        Hex { q, r }
    }

    /// The third cube coordinate, `-q - r`.
    #[must_use]
    pub const fn s(self) -> i32 {
        -self.q - self.r
    }

    /// The adjacent hex across hexside `dir`.
    #[must_use]
    pub const fn neighbor(self, dir: EdgeDir) -> Hex {
        let d = dir.delta();
        Hex::new(self.q + d.q, self.r + d.r)
    }

    /// The six adjacent hexes, in [`EdgeDir::ALL`] order.
    ///
    /// ```
    /// use coupdoeil_hex::{EdgeDir, Hex};
    /// let n = Hex::ORIGIN.neighbors();
    /// assert_eq!(n[EdgeDir::N.index() as usize], Hex::new(0, -1));
    /// assert_eq!(n[5], Hex::new(-1, 0));
    /// ```
    #[must_use]
    pub fn neighbors(self) -> [Hex; 6] {
        EdgeDir::ALL.map(|d| self.neighbor(d))
    }

    /// The two hexes other than `self` sharing corner `v`, in clockwise order: the neighbours
    /// across the two hexsides [`v.edges()`](VertexDir::edges).
    ///
    /// ```
    /// use coupdoeil_hex::{Hex, VertexDir};
    /// assert_eq!(
    ///     Hex::ORIGIN.vertex_neighbors(VertexDir::NNE),
    ///     (Hex::new(0, -1), Hex::new(1, -1)),
    /// );
    /// ```
    #[must_use]
    pub const fn vertex_neighbors(self, v: VertexDir) -> (Hex, Hex) {
        let (a, b) = v.edges();
        (self.neighbor(a), self.neighbor(b))
    }

    /// Number of hex steps between `self` and `other`.
    ///
    /// Computed in `i64`; saturates at `u32::MAX` for absurdly distant hexes.
    ///
    /// ```
    /// use coupdoeil_hex::Hex;
    /// assert_eq!(Hex::new(0, 0).distance(Hex::new(3, -1)), 3);
    /// assert_eq!(Hex::new(1, 1).distance(Hex::new(1, 1)), 0);
    /// ```
    #[must_use]
    #[inline]
    pub fn distance(self, other: Hex) -> u32 {
        let dq = i64::from(other.q) - i64::from(self.q);
        let dr = i64::from(other.r) - i64::from(self.r);
        let ds = -dq - dr;
        let d = dq.abs().max(dr.abs()).max(ds.abs());
        u32::try_from(d).unwrap_or(u32::MAX)
    }

    /// The hexside direction from `self` to `other` if they are adjacent, else `None`.
    ///
    /// ```
    /// use coupdoeil_hex::{EdgeDir, Hex};
    /// assert_eq!(Hex::new(3, 3).direction_to(Hex::new(4, 2)), Some(EdgeDir::NE));
    /// assert_eq!(Hex::new(3, 3).direction_to(Hex::new(5, 3)), None);
    /// assert_eq!(Hex::new(3, 3).direction_to(Hex::new(3, 3)), None);
    /// ```
    #[must_use]
    pub fn direction_to(self, other: Hex) -> Option<EdgeDir> {
        let dq = i64::from(other.q) - i64::from(self.q);
        let dr = i64::from(other.r) - i64::from(self.r);
        EdgeDir::ALL
            .into_iter()
            .find(|d| i64::from(d.delta().q) == dq && i64::from(d.delta().r) == dr)
    }

    /// The `6 * radius` hexes at exactly `radius` steps (just `[self]` for radius 0).
    ///
    /// Order: starts at the hex `radius` steps due north and walks clockwise (first towards the
    /// south-east) around the ring.
    ///
    /// # Panics
    ///
    /// If `radius` exceeds `i32::MAX`.
    ///
    /// ```
    /// use coupdoeil_hex::Hex;
    /// let ring = Hex::ORIGIN.ring(1);
    /// assert_eq!(ring.len(), 6);
    /// assert_eq!(ring[0], Hex::new(0, -1));
    /// assert_eq!(ring[1], Hex::new(1, -1));
    /// assert_eq!(Hex::ORIGIN.ring(3).len(), 18);
    /// ```
    #[must_use]
    pub fn ring(self, radius: u32) -> Vec<Hex> {
        let r = i32::try_from(radius).expect("ring radius exceeds i32::MAX");
        if r == 0 {
            return vec![self];
        }
        let mut out = Vec::with_capacity(6 * radius as usize);
        let mut h = self + EdgeDir::N.delta() * r;
        for side in 0..6 {
            let step = EdgeDir::SE.rotate(side);
            for _ in 0..r {
                out.push(h);
                h = h.neighbor(step);
            }
        }
        out
    }

    /// All `3 * radius * (radius + 1) + 1` hexes within `radius` steps (including `self`),
    /// sorted by `(q, r)`.
    ///
    /// # Panics
    ///
    /// If `radius` exceeds `i32::MAX`.
    ///
    /// ```
    /// use coupdoeil_hex::Hex;
    /// let area = Hex::new(5, 5).range(2);
    /// assert_eq!(area.len(), 19);
    /// assert!(area.is_sorted());
    /// assert!(area.iter().all(|h| h.distance(Hex::new(5, 5)) <= 2));
    /// ```
    #[must_use]
    pub fn range(self, radius: u32) -> Vec<Hex> {
        let n = i32::try_from(radius).expect("range radius exceeds i32::MAX");
        let count = 3 * radius as usize * (radius as usize + 1) + 1;
        let mut out = Vec::with_capacity(count);
        for dq in -n..=n {
            let lo = (-n).max(-dq - n);
            let hi = n.min(-dq + n);
            for dr in lo..=hi {
                out.push(Hex::new(self.q + dq, self.r + dr));
            }
        }
        out
    }
}

impl fmt::Display for Hex {
    /// Formats as `(q,r)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.q, self.r)
    }
}

impl Add for Hex {
    type Output = Hex;
    fn add(self, rhs: Hex) -> Hex {
        Hex::new(self.q + rhs.q, self.r + rhs.r)
    }
}

impl Sub for Hex {
    type Output = Hex;
    fn sub(self, rhs: Hex) -> Hex {
        Hex::new(self.q - rhs.q, self.r - rhs.r)
    }
}

impl AddAssign for Hex {
    fn add_assign(&mut self, rhs: Hex) {
        *self = *self + rhs;
    }
}

impl SubAssign for Hex {
    fn sub_assign(&mut self, rhs: Hex) {
        *self = *self - rhs;
    }
}

impl Neg for Hex {
    type Output = Hex;
    fn neg(self) -> Hex {
        Hex::new(-self.q, -self.r)
    }
}

impl Mul<i32> for Hex {
    type Output = Hex;
    /// Scales the hex as a vector from the origin.
    fn mul(self, k: i32) -> Hex {
        Hex::new(self.q * k, self.r * k)
    }
}

#[cfg(test)]
mod tests;
