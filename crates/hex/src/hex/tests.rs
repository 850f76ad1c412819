use std::collections::BTreeSet;

use proptest::prelude::*;

use super::*;
use crate::test_support::{arb_edge, arb_hex, arb_vertex};

#[test]
fn basics() {
    let h = Hex::new(3, -5);
    assert_eq!(h.s(), 2);
    assert_eq!(Hex::ORIGIN, Hex::default());
    assert_eq!(h.to_string(), "(3,-5)");
    assert_eq!(-h, Hex::new(-3, 5));
    assert_eq!(h * 2, Hex::new(6, -10));
    let mut g = h;
    g += Hex::new(1, 1);
    assert_eq!(g, Hex::new(4, -4));
    g -= Hex::new(1, 1);
    assert_eq!(g, h);
}

#[test]
fn neighbors_in_edge_order() {
    let h = Hex::new(2, 7);
    let n = h.neighbors();
    for d in EdgeDir::ALL {
        assert_eq!(n[usize::from(d.index())], h.neighbor(d));
        assert_eq!(h.direction_to(h.neighbor(d)), Some(d));
    }
    assert_eq!(
        n,
        [
            Hex::new(2, 6),
            Hex::new(3, 6),
            Hex::new(3, 7),
            Hex::new(2, 8),
            Hex::new(1, 8),
            Hex::new(1, 7)
        ]
    );
}

#[test]
fn vertex_neighbors_share_the_corner() {
    let h = Hex::new(-4, 9);
    for v in VertexDir::ALL {
        let (a, b) = h.vertex_neighbors(v);
        // The three hexes around a corner are mutually adjacent.
        assert_eq!(h.distance(a), 1);
        assert_eq!(h.distance(b), 1);
        assert_eq!(a.distance(b), 1);
        // Seen from `a`, the same corner is the one opposite-rotated: the three hexes around a
        // corner see it at directions 120 degrees apart.
        let (a1, a2) = a.vertex_neighbors(v.rotate(2));
        assert_eq!(BTreeSet::from([a1, a2]), BTreeSet::from([b, h]));
    }
    assert_eq!(
        Hex::ORIGIN.vertex_neighbors(VertexDir::E),
        (Hex::new(1, -1), Hex::new(1, 0))
    );
}

#[test]
fn distances() {
    assert_eq!(Hex::ORIGIN.distance(Hex::new(2, -1)), 2);
    assert_eq!(Hex::ORIGIN.distance(Hex::new(-3, -3)), 6);
    assert_eq!(Hex::new(1, 2).distance(Hex::new(4, -1)), 3);
    let far = Hex::new(i32::MAX, 0).distance(Hex::new(i32::MIN, i32::MIN));
    assert_eq!(far, u32::MAX);
}

#[test]
fn ring_order() {
    let ring = Hex::new(1, 1).ring(2);
    assert_eq!(ring.len(), 12);
    assert_eq!(ring[0], Hex::new(1, -1));
    assert_eq!(ring[1], Hex::new(2, -1));
    assert_eq!(ring[2], Hex::new(3, -1));
    assert_eq!(ring[11], Hex::new(0, 0));
    for w in ring.windows(2) {
        assert_eq!(w[0].distance(w[1]), 1);
    }
    assert_eq!(ring[11].distance(ring[0]), 1);
    assert_eq!(Hex::new(5, 5).ring(0), [Hex::new(5, 5)]);
}

#[test]
fn range_small() {
    assert_eq!(Hex::new(3, 3).range(0), [Hex::new(3, 3)]);
    let r1 = Hex::ORIGIN.range(1);
    let mut expected: Vec<Hex> = Hex::ORIGIN.ring(1);
    expected.push(Hex::ORIGIN);
    expected.sort();
    assert_eq!(r1, expected);
}

proptest! {
    #[test]
    fn distance_symmetric_and_triangle(a in arb_hex(), b in arb_hex(), c in arb_hex()) {
        prop_assert_eq!(a.distance(b), b.distance(a));
        prop_assert_eq!(a.distance(a), 0);
        prop_assert!(a.distance(c) <= a.distance(b) + b.distance(c));
        prop_assert_eq!((a - b).distance(Hex::ORIGIN), a.distance(b));
    }

    #[test]
    fn distance_is_translation_invariant(a in arb_hex(), b in arb_hex(), t in arb_hex()) {
        prop_assert_eq!((a + t).distance(b + t), a.distance(b));
    }

    #[test]
    fn neighbor_at_distance_one(h in arb_hex(), d in arb_edge()) {
        let n = h.neighbor(d);
        prop_assert_eq!(h.distance(n), 1);
        prop_assert_eq!(n.neighbor(d.opposite()), h);
        prop_assert_eq!(h.direction_to(n), Some(d));
        prop_assert_eq!(n.direction_to(h), Some(d.opposite()));
    }

    #[test]
    fn direction_to_only_when_adjacent(a in arb_hex(), b in arb_hex()) {
        prop_assert_eq!(a.direction_to(b).is_some(), a.distance(b) == 1);
    }

    #[test]
    fn ring_has_6n_hexes_at_distance_n(h in arb_hex(), n in 1_u32..12) {
        let ring = h.ring(n);
        prop_assert_eq!(ring.len(), 6 * n as usize);
        prop_assert!(ring.iter().all(|x| h.distance(*x) == n));
        let distinct: BTreeSet<Hex> = ring.iter().copied().collect();
        prop_assert_eq!(distinct.len(), ring.len());
        prop_assert_eq!(ring[0], h + EdgeDir::N.delta() * n as i32);
    }

    #[test]
    fn range_is_sorted_union_of_rings(h in arb_hex(), n in 0_u32..8) {
        let area = h.range(n);
        prop_assert_eq!(area.len(), 3 * n as usize * (n as usize + 1) + 1);
        prop_assert!(area.windows(2).all(|w| w[0] < w[1]));
        let mut rings: Vec<Hex> = (0..=n).flat_map(|k| h.ring(k)).collect();
        rings.sort();
        prop_assert_eq!(area, rings);
    }

    #[test]
    fn vertex_neighbors_are_edge_neighbors(h in arb_hex(), v in arb_vertex()) {
        let (e1, e2) = v.edges();
        prop_assert_eq!(h.vertex_neighbors(v), (h.neighbor(e1), h.neighbor(e2)));
        prop_assert_eq!(h.distance(h + v.delta()), 2);
    }
}
