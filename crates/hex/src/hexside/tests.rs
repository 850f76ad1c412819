use std::collections::BTreeSet;

use proptest::prelude::*;

use super::*;
use crate::test_support::{arb_edge, arb_hex};

#[test]
fn canonical_directions() {
    let h = Hex::new(4, 4);
    for d in EdgeDir::ALL {
        let side = Hexside::new(h, d);
        assert!(side.direction().index() < 3);
        assert!(side.contains(h));
        assert!(side.contains(h.neighbor(d)));
        assert!(!side.contains(h.neighbor(d.rotate(1))));
        assert_eq!(side.direction_from(h), Some(d));
        assert_eq!(side.other(h), Some(h.neighbor(d)));
        assert_eq!(h.hexside(d), side);
    }
    assert_eq!(Hexside::new(h, EdgeDir::N).hexes(), (h, Hex::new(4, 3)));
    assert_eq!(Hexside::new(h, EdgeDir::NW).hexes(), (Hex::new(3, 4), h));
    assert_eq!(Hexside::new(h, EdgeDir::NW).direction(), EdgeDir::SE);
    assert_eq!(Hexside::new(h, EdgeDir::N).other(Hex::ORIGIN), None);
    assert_eq!(
        Hexside::new(h, EdgeDir::N).direction_from(Hex::ORIGIN),
        None
    );
}

#[test]
fn three_sides_per_hex_in_a_tiling() {
    // Every hexside of a patch, counted once: 6 per hex, each shared by two hexes.
    let area = Hex::ORIGIN.range(3);
    let inner: BTreeSet<Hexside> = area
        .iter()
        .flat_map(|h| h.hexsides())
        .filter(|s| {
            let (a, b) = s.hexes();
            area.contains(&a) && area.contains(&b)
        })
        .collect();
    let half_edges = area
        .iter()
        .flat_map(|h| h.neighbors())
        .filter(|n| area.contains(n))
        .count();
    assert_eq!(inner.len() * 2, half_edges);
}

#[test]
fn serde_form_is_normalised() {
    let raw = HexsideRepr {
        hex: Hex::new(1, 1),
        dir: EdgeDir::SW,
    };
    let side = Hexside::from(raw);
    assert_eq!(side, Hexside::new(Hex::new(0, 2), EdgeDir::NE));
    let back = HexsideRepr::from(side);
    assert_eq!((back.hex, back.dir), (Hex::new(0, 2), EdgeDir::NE));
}

proptest! {
    #[test]
    fn canonical_eq(h in arb_hex(), d in arb_edge()) {
        let a = Hexside::new(h, d);
        let b = Hexside::new(h.neighbor(d), d.opposite());
        prop_assert_eq!(a, b);
        prop_assert_eq!(a.cmp(&b), std::cmp::Ordering::Equal);
        prop_assert_eq!(Hexside::between(h, h.neighbor(d)), Some(a));
        prop_assert_eq!(Hexside::between(h.neighbor(d), h), Some(a));
        let (x, y) = a.hexes();
        prop_assert_eq!(x.neighbor(a.direction()), y);
        prop_assert_eq!(BTreeSet::from([x, y]), BTreeSet::from([h, h.neighbor(d)]));
    }

    #[test]
    fn distinct_sides_differ(h in arb_hex(), d in arb_edge(), e in arb_edge()) {
        prop_assert_eq!(Hexside::new(h, d) == Hexside::new(h, e), d == e);
    }

    #[test]
    fn between_non_adjacent_is_none(a in arb_hex(), b in arb_hex()) {
        prop_assert_eq!(Hexside::between(a, b).is_some(), a.distance(b) == 1);
    }
}
