use std::collections::BTreeSet;

use proptest::prelude::*;

use super::*;
use crate::Hexside;
use crate::test_support::arb_hex;

fn hex(q: i32, r: i32) -> Hex {
    Hex::new(q, r)
}

fn spine(left: (i32, i32), right: (i32, i32)) -> Crossing {
    Crossing::Spine {
        left: hex(left.0, left.1),
        right: hex(right.0, right.1),
    }
}

// ---------------------------------------------------------------------------------------------
// Independent reference geometry: exact polygons in the affine frame u = 3q, w = 2r + q (w grows
// southwards). A flat-topped hex of circumradius 1 has centre x = 1.5q, y = sqrt(3)(r + q/2);
// u = 2x and w = 2y/sqrt(3) make every corner integral: corners at (+-2, 0) and (+-1, +-1).
// Affine maps preserve incidence, convexity and order along lines, so this is exact.

type P = (i64, i64);

fn centre(h: Hex) -> P {
    (3 * i64::from(h.q), 2 * i64::from(h.r) + i64::from(h.q))
}

/// Corner offsets in `VertexDir` order: NNE, E, SSE, SSW, W, NNW.
const CORNERS: [P; 6] = [(1, -1), (2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1)];

fn corner(h: Hex, v: VertexDir) -> P {
    let c = centre(h);
    let o = CORNERS[usize::from(v.index())];
    (c.0 + o.0, c.1 + o.1)
}

fn sub(a: P, b: P) -> P {
    (a.0 - b.0, a.1 - b.1)
}

fn cross(a: P, b: P) -> i64 {
    a.0 * b.1 - a.1 * b.0
}

fn dot_uw(a: P, b: P) -> i64 {
    a.0 * b.0 + a.1 * b.1
}

/// Whether the closed segment `p0..p1` meets the open hexagon of `h` (separating-axis test over
/// the three edge directions and the segment's own direction, with strict overlap).
fn meets_interior(p0: P, p1: P, h: Hex) -> bool {
    let poly: Vec<P> = VertexDir::ALL.iter().map(|&v| corner(h, v)).collect();
    let d = sub(p1, p0);
    [(1, 1), (0, 1), (1, -1), (-d.1, d.0)]
        .into_iter()
        .all(|axis| {
            let pmin = poly.iter().map(|&p| dot_uw(axis, p)).min().unwrap();
            let pmax = poly.iter().map(|&p| dot_uw(axis, p)).max().unwrap();
            let (s0, s1) = (dot_uw(axis, p0), dot_uw(axis, p1));
            s0.max(s1) > pmin && s0.min(s1) < pmax
        })
}

/// The corners bounding the hexside of `h` in direction `dir`.
fn edge_ends(h: Hex, dir: EdgeDir) -> (P, P) {
    let v = VertexDir::from_index((dir.index() + 5) % 6).unwrap();
    (corner(h, v), corner(h, v.rotate(1)))
}

/// Whether the segment runs along the whole hexside `side`.
fn runs_along(p0: P, p1: P, side: Hexside) -> bool {
    let (h, _) = side.hexes();
    let (e1, e2) = edge_ends(h, side.direction());
    let d = sub(p1, p0);
    let len2 = dot_uw(d, d);
    [e1, e2].into_iter().all(|e| {
        let v = sub(e, p0);
        cross(d, v) == 0 && dot_uw(d, v) > 0 && dot_uw(d, v) < len2
    })
}

/// Parameter (as a fraction `num / den`, `den > 0`) at which the segment line meets the line
/// through the hexside between adjacent `a` and `b`, checking that it meets the closed hexside.
fn crossing_param(p0: P, p1: P, a: Hex, b: Hex) -> (i64, i64) {
    let dir = a.direction_to(b).expect("consecutive hexes are adjacent");
    let (e1, e2) = edge_ends(a, dir);
    let d = sub(p1, p0);
    let s1 = cross(d, sub(e1, p0)).signum();
    let s2 = cross(d, sub(e2, p0)).signum();
    assert!(
        s1 * s2 <= 0,
        "segment misses the hexside between {a} and {b}"
    );
    let e = sub(e2, e1);
    let (num, den) = (cross(sub(e1, p0), e), cross(d, e));
    assert_ne!(den, 0, "segment parallel to a crossed hexside");
    if den < 0 { (-num, -den) } else { (num, den) }
}

/// Checks `trace(from, to)` against the reference geometry.
fn check_reference(from: Hex, to: Hex) {
    let tr = trace(from, to);
    let n = from.distance(to);
    let (p0, p1) = (centre(from), centre(to));
    let candidates = from.range(n + 1);

    let want_hexes: BTreeSet<Hex> = candidates
        .iter()
        .copied()
        .filter(|&c| c != from && c != to && meets_interior(p0, p1, c))
        .collect();
    let got_hexes: Vec<Hex> = tr
        .iter()
        .filter_map(|c| match c {
            Crossing::Hex(h) => Some(*h),
            Crossing::Spine { .. } => None,
        })
        .collect();
    let got_set: BTreeSet<Hex> = got_hexes.iter().copied().collect();
    assert_eq!(
        got_set.len(),
        got_hexes.len(),
        "duplicates {from} -> {to}: {tr:?}"
    );
    assert_eq!(got_set, want_hexes, "hexes {from} -> {to}");

    let want_spines: BTreeSet<Hexside> = candidates
        .iter()
        .flat_map(|c| [EdgeDir::N, EdgeDir::NE, EdgeDir::SE].map(|d| Hexside::new(*c, d)))
        .filter(|s| runs_along(p0, p1, *s))
        .collect();
    let mut got_spines = BTreeSet::new();
    let d = sub(p1, p0);
    for c in &tr {
        if let Crossing::Spine { left, right } = *c {
            got_spines.insert(Hexside::between(left, right).expect("spine hexes adjacent"));
            // With w growing southwards, the walker's left has a negative cross product.
            assert!(cross(d, sub(centre(left), p0)) < 0, "left {from} -> {to}");
            assert!(cross(d, sub(centre(right), p0)) > 0, "right {from} -> {to}");
        }
    }
    assert_eq!(got_spines, want_spines, "spines {from} -> {to}");

    if want_spines.is_empty() && n > 0 {
        // Hex to hex, each step crossing the shared hexside further along the segment.
        let path: Vec<Hex> = std::iter::once(from)
            .chain(got_hexes.iter().copied())
            .chain(std::iter::once(to))
            .collect();
        let params: Vec<(i64, i64)> = path
            .windows(2)
            .map(|w| crossing_param(p0, p1, w[0], w[1]))
            .collect();
        for w in params.windows(2) {
            let ((a, b), (c, d)) = (w[0], w[1]);
            assert!(a * d < c * b, "order {from} -> {to}: {tr:?}");
        }
    }
}

#[test]
fn matches_reference_geometry_exhaustively() {
    for to in Hex::ORIGIN.range(10) {
        check_reference(Hex::ORIGIN, to);
    }
    for to in Hex::new(3, -7).range(4) {
        check_reference(Hex::new(3, -7), to);
    }
}

#[test]
fn spine_examples() {
    assert_eq!(trace(hex(0, 0), hex(1, -2)), [spine((0, -1), (1, -1))]);
    assert_eq!(trace(hex(0, 0), hex(1, 1)), [spine((1, 0), (0, 1))]);
    assert_eq!(trace(hex(0, 0), hex(2, -1)), [spine((1, -1), (1, 0))]);
    assert_eq!(trace(hex(2, -1), hex(0, 0)), [spine((1, 0), (1, -1))]);
    assert_eq!(
        trace(hex(0, 0), hex(4, -2)),
        [
            spine((1, -1), (1, 0)),
            Crossing::Hex(hex(2, -1)),
            spine((3, -2), (3, -1)),
        ]
    );
    // Due west, three double steps.
    let w = trace(hex(5, 5), hex(-1, 8));
    assert_eq!(w.len(), 5);
    assert_eq!(w[0], spine((4, 6), (4, 5)));
    assert_eq!(w[1], Crossing::Hex(hex(3, 6)));
}

#[test]
fn hex_examples() {
    assert_eq!(
        trace(hex(0, 0), hex(0, 3)),
        [Crossing::Hex(hex(0, 1)), Crossing::Hex(hex(0, 2))]
    );
    assert_eq!(
        trace(hex(0, 0), hex(3, 0)),
        [Crossing::Hex(hex(1, 0)), Crossing::Hex(hex(2, 0))]
    );
    assert_eq!(
        trace(hex(0, 0), hex(1, 3)),
        [(0, 1), (1, 1), (0, 2), (1, 2)].map(|(q, r)| Crossing::Hex(hex(q, r)))
    );
    // Through a corner: (0,0) -> (5,-4) (cube (5,-1,-4)) passes exactly through the corner shared
    // by three hexes a third of the way along; only two of them are entered.
    let t = trace(hex(0, 0), hex(5, -4));
    assert_eq!(t.len(), 4);
    assert!(t.iter().all(|c| matches!(c, Crossing::Hex(_))));
    assert!(trace(hex(3, 3), hex(3, 3)).is_empty());
}

#[test]
fn crossing_helpers() {
    let s = spine((0, -1), (1, -1));
    assert!(s.contains(hex(0, -1)) && s.contains(hex(1, -1)) && !s.contains(hex(0, 0)));
    assert_eq!(s.reversed(), spine((1, -1), (0, -1)));
    assert_eq!(s.reversed().reversed(), s);
    let h = Crossing::Hex(hex(2, 2));
    assert_eq!(h.reversed(), h);
    assert!(h.contains(hex(2, 2)));
}

/// Nearest hex centre to the point `i / n` of the way from `a` to `b`, or `None` on a tie.
fn sampled(a: Hex, b: Hex, i: i64, n: i64) -> Option<Hex> {
    // Cube coordinates scaled by n.
    let cube = |h: Hex| [i64::from(h.q), i64::from(h.r), i64::from(h.s())];
    let (ca, cb) = (cube(a), cube(b));
    let p: Vec<i64> = (0..3).map(|k| n * ca[k] + i * (cb[k] - ca[k])).collect();
    let base = (p[0].div_euclid(n), p[1].div_euclid(n));
    let mut best: Vec<(i64, Hex)> = Vec::new();
    for dq in -1..=2 {
        for dr in -1..=2 {
            let h = Hex::new((base.0 + dq) as i32, (base.1 + dr) as i32);
            let c = cube(h);
            let d2: i64 = (0..3).map(|k| (n * c[k] - p[k]).pow(2)).sum();
            best.push((d2, h));
        }
    }
    best.sort();
    (best[0].0 < best[1].0).then_some(best[0].1)
}

fn arb_pair(max: i32) -> impl Strategy<Value = (Hex, Hex)> {
    (arb_hex(), -max..=max, -max..=max).prop_map(|(a, dq, dr)| (a, a + Hex::new(dq, dr)))
}

proptest! {
    #[test]
    fn reversal_symmetry((a, b) in arb_pair(40)) {
        let forward = trace(a, b);
        let mut back: Vec<Crossing> = trace(b, a).into_iter().map(Crossing::reversed).collect();
        back.reverse();
        prop_assert_eq!(forward, back);
    }

    #[test]
    fn translation_invariance((a, b) in arb_pair(25), t in arb_hex()) {
        let moved: Vec<Crossing> = trace(a, b)
            .into_iter()
            .map(|c| match c {
                Crossing::Hex(h) => Crossing::Hex(h + t),
                Crossing::Spine { left, right } => Crossing::Spine { left: left + t, right: right + t },
            })
            .collect();
        prop_assert_eq!(trace(a + t, b + t), moved);
    }

    #[test]
    fn adjacent_is_empty(a in arb_hex(), d in 0_u8..6) {
        let dir = EdgeDir::from_index(d).unwrap();
        prop_assert!(trace(a, a.neighbor(dir)).is_empty());
        prop_assert!(trace(a, a).is_empty());
    }

    #[test]
    fn length_and_bounds((a, b) in arb_pair(40)) {
        let n = a.distance(b);
        let tr = trace(a, b);
        let spines = tr.iter().filter(|c| matches!(c, Crossing::Spine { .. })).count();
        if n >= 2 {
            prop_assert!(tr.len() >= n as usize - 1);
        }
        if spines > 0 {
            // Corner-direction line: alternating spines and centres.
            prop_assert_eq!(tr.len(), n as usize - 1);
            prop_assert_eq!(spines, n as usize / 2);
        }
        for c in &tr {
            match *c {
                Crossing::Hex(h) => {
                    prop_assert!(h != a && h != b);
                    prop_assert!(a.distance(h) < n && b.distance(h) < n);
                }
                Crossing::Spine { left, right } => {
                    prop_assert_eq!(left.distance(right), 1);
                    prop_assert!(a.distance(left) < n && b.distance(left) < n);
                    prop_assert!(a.distance(right) < n && b.distance(right) < n);
                }
            }
        }
    }

    #[test]
    fn corner_lines_are_spines(a in arb_hex(), v in 0_u8..6, k in 1_i32..20) {
        let v = VertexDir::from_index(v).unwrap();
        let tr = trace(a, a + v.delta() * k);
        prop_assert_eq!(tr.len(), 2 * k as usize - 1);
        for (i, c) in tr.iter().enumerate() {
            let centre = a + v.delta() * ((i as i32 + 1) / 2);
            if i % 2 == 0 {
                let (left, right) = (a + v.delta() * (i as i32 / 2)).vertex_neighbors(v);
                prop_assert_eq!(*c, Crossing::Spine { left, right });
            } else {
                prop_assert_eq!(*c, Crossing::Hex(centre));
            }
        }
    }

    /// Every hex containing one of the `distance` evenly spaced sample points (without a tie)
    /// is listed, in the same relative order.
    #[test]
    fn contains_untied_samples((a, b) in arb_pair(40)) {
        let n = i64::from(a.distance(b));
        let tr = trace(a, b);
        let mut last = None;
        for i in 1..n {
            if let Some(h) = sampled(a, b, i, n) {
                let pos = tr.iter().position(|c| *c == Crossing::Hex(h));
                prop_assert!(pos.is_some(), "sample {} of {}: {} not in {:?}", i, n, h, tr);
                prop_assert!(pos > last);
                last = pos;
            }
        }
    }

    #[test]
    fn reference_geometry((a, b) in arb_pair(30)) {
        check_reference(a, b);
    }
}
