//! Exact line-of-sight tracing between hex centres.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

use crate::{EdgeDir, Hex, VertexDir};

/// One step of a [`trace`]: a hex the sight line passes through, or a hexside (spine) it runs
/// exactly along.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Crossing {
    /// The segment passes through the interior of this hex.
    Hex(Hex),
    /// The segment runs exactly along the hexside between `left` and `right` (as seen walking
    /// from the start to the end), touching neither interior there.
    Spine {
        /// The hex on the left of the walker.
        left: Hex,
        /// The hex on the right of the walker.
        right: Hex,
    },
}

impl Crossing {
    /// Whether `hex` is the crossed hex or one of the two spine hexes.
    #[must_use]
    pub fn contains(self, hex: Hex) -> bool {
        match self {
            Crossing::Hex(h) => h == hex,
            Crossing::Spine { left, right } => left == hex || right == hex,
        }
    }

    /// The same crossing seen walking the other way (spine `left` and `right` swapped).
    #[must_use]
    pub fn reversed(self) -> Crossing {
        match self {
            Crossing::Hex(h) => Crossing::Hex(h),
            Crossing::Spine { left, right } => Crossing::Spine {
                left: right,
                right: left,
            },
        }
    }
}

/// Traces the straight segment from the centre of `from` to the centre of `to`, listing in
/// order every hex whose interior it passes through (other than `from` and `to`) and every
/// spine it runs along. Exact integer arithmetic throughout.
///
/// * Adjacent or equal hexes give an empty trace.
/// * A segment runs along a spine only when it points exactly at a corner direction
///   ([`VertexDir::delta`] times `k`): it then alternates `Spine, Hex, Spine, ..., Spine`
///   (`distance - 1` items), passing through each intermediate hex centre.
/// * Otherwise the items are all `Crossing::Hex`, consecutive ones adjacent. Usually there are
///   `distance - 1` of them, but some segments pass through more hexes than that: e.g. `(0,0)`
///   to `(1,3)` (distance 4) crosses the hexside between `(1,1)` and `(0,2)` at its midpoint,
///   passing through the interiors of both, and lists 4 hexes. (Sampling `distance` points and
///   rounding would see an exact tie there and miss one of the two hexes.)
/// * A segment passing exactly through a corner (without running along a spine) touches the
///   third hex at that corner only at a single point; that hex is not listed.
///
/// The trace from `to` back to `from` is this trace reversed, with each spine's `left` and
/// `right` swapped.
///
/// ```
/// use coupdoeil_hex::{trace, Crossing, Hex};
/// // Straight down a column: through the centre of the hex in between.
/// assert_eq!(trace(Hex::new(0, 0), Hex::new(0, 2)), [Crossing::Hex(Hex::new(0, 1))]);
/// // Two steps towards the NNE corner: along the spine between the N and NE neighbours.
/// assert_eq!(
///     trace(Hex::new(0, 0), Hex::new(1, -2)),
///     [Crossing::Spine { left: Hex::new(0, -1), right: Hex::new(1, -1) }],
/// );
/// assert!(trace(Hex::new(0, 0), Hex::new(1, 0)).is_empty());
/// // A segment crossing a hexside transversally at its midpoint goes through both hexes.
/// let hexes = [(0, 1), (1, 1), (0, 2), (1, 2)].map(|(q, r)| Crossing::Hex(Hex::new(q, r)));
/// assert_eq!(trace(Hex::new(0, 0), Hex::new(1, 3)), hexes);
/// ```
#[must_use]
pub fn trace(from: Hex, to: Hex) -> Vec<Crossing> {
    if from.distance(to) <= 1 {
        return Vec::new();
    }
    let dq = i64::from(to.q) - i64::from(from.q);
    let dr = i64::from(to.r) - i64::from(from.r);
    match corner_line(dq, dr) {
        Some((v, k)) => spine_trace(from, v, k),
        None => walk(from, [dq, dr, -dq - dr]),
    }
}

/// If `(dq, dr)` is `k * v.delta()` for a corner direction `v` and `k > 0`, returns `(v, k)`.
fn corner_line(dq: i64, dr: i64) -> Option<(VertexDir, i64)> {
    VertexDir::ALL.into_iter().find_map(|v| {
        let d = v.delta();
        let (a, b) = (i64::from(d.q), i64::from(d.r));
        let k = dq / a;
        (k > 0 && dq == k * a && dr == k * b).then_some((v, k))
    })
}

/// Trace along corner direction `v` for `k` double steps: spines around each intermediate
/// centre. The first hex of `vertex_neighbors` is on the counter-clockwise side of `v`, i.e.
/// on the walker's left.
fn spine_trace(from: Hex, v: VertexDir, k: i64) -> Vec<Crossing> {
    let mut out = Vec::new();
    let mut centre = from;
    for j in 0..k {
        if j > 0 {
            out.push(Crossing::Hex(centre));
        }
        let (left, right) = centre.vertex_neighbors(v);
        out.push(Crossing::Spine { left, right });
        centre += v.delta();
    }
    out
}

/// A non-negative-denominator rational, compared exactly.
#[derive(Clone, Copy, Debug)]
struct Rat {
    num: i64,
    den: i64,
}

impl Rat {
    fn key(self, other: Rat) -> (i128, i128) {
        (
            i128::from(self.num) * i128::from(other.den),
            i128::from(other.num) * i128::from(self.den),
        )
    }

    /// Whether every part fits in 31 bits, so that cross products fit in an `i64`.
    fn small(self) -> bool {
        const M: i64 = 1 << 31;
        self.num > -M && self.num < M && self.den < M
    }
}

impl PartialEq for Rat {
    fn eq(&self, other: &Rat) -> bool {
        let (a, b) = self.key(*other);
        a == b
    }
}

impl Eq for Rat {}

impl PartialOrd for Rat {
    fn partial_cmp(&self, other: &Rat) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Rat {
    fn cmp(&self, other: &Rat) -> Ordering {
        // Maps are small: the cross products nearly always fit in 64 bits.
        if self.small() && other.small() {
            return (self.num * other.den).cmp(&(other.num * self.den));
        }
        let (a, b) = self.key(*other);
        a.cmp(&b)
    }
}

/// The open parameter interval `(lo, hi)` of `t` for which `t * target` (cube coordinates
/// relative to the start) lies strictly inside the cell of `cell`.
///
/// The cell of cube point `c` is `{p : |(p_i - p_j) - (c_i - c_j)| < 1}` for the three
/// coordinate pairs (the nearest-centre region). Each pair bounds `t` on both sides when
/// `target_i != target_j`, which holds for every pair unless the line is a corner direction
/// (handled separately).
fn interval(target: [i64; 3], cell: [i64; 3]) -> (Rat, Rat) {
    let mut lo: Option<Rat> = None;
    let mut hi: Option<Rat> = None;
    for (i, j) in [(0, 1), (1, 2), (2, 0)] {
        let d = target[i] - target[j];
        let e = cell[i] - cell[j];
        debug_assert!(d != 0, "corner-direction lines are traced separately");
        let (l, h) = if d > 0 {
            (Rat { num: e - 1, den: d }, Rat { num: e + 1, den: d })
        } else {
            (
                Rat {
                    num: -e - 1,
                    den: -d,
                },
                Rat {
                    num: 1 - e,
                    den: -d,
                },
            )
        };
        lo = Some(lo.map_or(l, |x| x.max(l)));
        hi = Some(hi.map_or(h, |x| x.min(h)));
    }
    match (lo, hi) {
        (Some(lo), Some(hi)) => (lo, hi),
        _ => unreachable!("three pairs always give bounds"),
    }
}

/// Walks from cell to cell along a line that is not a corner direction.
fn walk(from: Hex, target: [i64; 3]) -> Vec<Crossing> {
    let mut out = Vec::new();
    let mut cur = [0_i64; 3];
    let (_, mut cur_hi) = interval(target, cur);
    // The line can only go on into a neighbour that lies ahead of it: cube coordinates embed
    // the plane isometrically (up to scale), so "ahead" is a positive cube dot product with
    // the direction. A neighbour square to the line shares an edge parallel to it, which the
    // line never crosses.
    let mut ahead = [(0_i64, 0_i64); 6];
    let mut n = 0;
    for dir in EdgeDir::ALL {
        let d = dir.delta();
        let (dq, dr) = (i64::from(d.q), i64::from(d.r));
        if dq * target[0] + dr * target[1] + (-dq - dr) * target[2] > 0 {
            ahead[n] = (dq, dr);
            n += 1;
        }
    }
    loop {
        let mut next: Option<([i64; 3], Rat, Rat)> = None;
        for &(dq, dr) in &ahead[..n] {
            let cell = [cur[0] + dq, cur[1] + dr, cur[2] - dq - dr];
            let (lo, hi) = interval(target, cell);
            if lo < hi && lo >= cur_hi && next.is_none_or(|(_, best, _)| lo < best) {
                next = Some((cell, lo, hi));
            }
        }
        let Some((cell, lo, hi)) = next else {
            unreachable!("a segment leaving a hex enters a neighbour")
        };
        debug_assert!(lo == cur_hi, "the segment is continuous");
        if cell == target {
            return out;
        }
        let (q, r) = (i64::from(from.q) + cell[0], i64::from(from.r) + cell[1]);
        // Cells lie between `from` and `to`, so they fit in i32 like the endpoints.
        out.push(Crossing::Hex(Hex::new(q as i32, r as i32)));
        cur = cell;
        cur_hi = hi;
    }
}

#[cfg(test)]
mod tests;
