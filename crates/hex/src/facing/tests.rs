use proptest::prelude::*;

use super::*;
use crate::test_support::{arb_edge, arb_facing, arb_vertex, de_text, ser_text};

#[test]
fn all_in_order_with_names() {
    let names: Vec<&str> = Facing::ALL.iter().map(|f| f.name()).collect();
    assert_eq!(
        names,
        [
            "N", "NNE", "NE", "E", "SE", "SSE", "S", "SSW", "SW", "W", "NW", "NNW"
        ]
    );
    for (i, f) in Facing::ALL.into_iter().enumerate() {
        assert_eq!(usize::from(f.index()), i);
        assert_eq!(Facing::new(f.index()), Some(f));
        assert_eq!(f.bearing(), 30 * i as u16);
        assert_eq!(f.to_string().parse::<Facing>(), Ok(f));
        assert_eq!(f.name().to_lowercase().parse::<Facing>(), Ok(f));
        assert_eq!(f.is_vertex(), i % 2 == 1);
    }
    assert_eq!(Facing::new(12), None);
    assert!("NNNE".parse::<Facing>().is_err());
}

#[test]
fn edges_and_vertices() {
    for d in EdgeDir::ALL {
        let f = Facing::from_edge(d);
        assert_eq!(f, Facing::from(d));
        assert_eq!(f.as_edge(), Some(d));
        assert_eq!(f.as_vertex(), None);
        assert_eq!(f.bearing(), d.bearing());
        assert_eq!(f.name(), d.name());
    }
    for v in VertexDir::ALL {
        let f = Facing::from_vertex(v);
        assert_eq!(f, Facing::from(v));
        assert_eq!(f.as_vertex(), Some(v));
        assert_eq!(f.as_edge(), None);
        assert_eq!(f.bearing(), v.bearing());
        assert_eq!(f.name(), v.name());
    }
}

#[test]
fn fronts_and_flanks() {
    let n = Facing::from_edge(EdgeDir::N);
    assert_eq!(n.front(), [EdgeDir::NW, EdgeDir::N, EdgeDir::NE]);
    assert_eq!(n.flank(), [EdgeDir::SE, EdgeDir::S, EdgeDir::SW]);
    let sw = Facing::from_edge(EdgeDir::SW);
    assert_eq!(sw.front(), [EdgeDir::S, EdgeDir::SW, EdgeDir::NW]);
    let nnw = Facing::from_vertex(VertexDir::NNW);
    assert_eq!(nnw.front(), [EdgeDir::NW, EdgeDir::N]);
    assert_eq!(
        nnw.flank(),
        [EdgeDir::NE, EdgeDir::SE, EdgeDir::S, EdgeDir::SW]
    );
    assert!(nnw.is_front(EdgeDir::N));
    assert!(!nnw.is_front(EdgeDir::NE));
}

#[test]
fn serde_as_name_string() {
    for f in Facing::ALL {
        assert_eq!(ser_text(&f), f.name());
        assert_eq!(de_text::<Facing>(f.name()), Ok(f));
    }
    assert!(de_text::<Facing>("up").is_err());
}

#[test]
fn steps_to_examples() {
    let n = Facing::from_edge(EdgeDir::N);
    assert_eq!(n.steps_to(n), 0);
    assert_eq!(n.steps_to(Facing::from_vertex(VertexDir::NNW)), 1);
    assert_eq!(n.steps_to(Facing::from_vertex(VertexDir::E)), 3);
    assert_eq!(n.steps_to(Facing::from_vertex(VertexDir::W)), 3);
    assert_eq!(n.steps_to(n.opposite()), 6);
}

proptest! {
    #[test]
    fn rotate_by_twelve_is_identity(f in arb_facing(), k in -50_i32..50) {
        prop_assert_eq!(f.rotate(12), f);
        prop_assert_eq!(f.rotate(12 * k), f);
        prop_assert_eq!(f.rotate(i32::MAX).rotate(1), f.rotate(i32::MAX.rem_euclid(12) + 1));
    }

    #[test]
    fn rotate_composes(f in arb_facing(), a in -1000_i32..1000, b in -1000_i32..1000) {
        prop_assert_eq!(f.rotate(a).rotate(b), f.rotate(a + b));
        prop_assert_eq!(f.rotate(a).rotate(-a), f);
    }

    #[test]
    fn steps_to_symmetric_and_bounded(a in arb_facing(), b in arb_facing(), k in -20_i32..20) {
        let s = a.steps_to(b);
        prop_assert_eq!(s, b.steps_to(a));
        prop_assert!(s <= 6);
        prop_assert_eq!(s == 0, a == b);
        prop_assert_eq!(a.steps_to(a.rotate(k)), k.rem_euclid(12).min(12 - k.rem_euclid(12)) as u8);
        // Either rotating clockwise or anticlockwise by `s` steps reaches `b`.
        let s = i32::from(s);
        prop_assert!(a.rotate(s) == b || a.rotate(-s) == b);
    }

    #[test]
    fn front_and_flank_partition(f in arb_facing()) {
        let mut all: Vec<EdgeDir> = f.front().iter().chain(f.flank()).copied().collect();
        prop_assert_eq!(f.front().len(), if f.is_vertex() { 2 } else { 3 });
        // Front then flank is a clockwise tour starting at the first front direction.
        let start = all[0];
        prop_assert_eq!(&all, &(0..6).map(|i| start.rotate(i)).collect::<Vec<_>>());
        all.sort();
        prop_assert_eq!(all, EdgeDir::ALL.to_vec());
    }

    #[test]
    fn rotation_commutes_with_front(f in arb_facing(), k in -12_i32..12) {
        // Rotating by whole hexsides (2 facing steps) rotates the front directions.
        let rotated: Vec<EdgeDir> = f.front().iter().map(|d| d.rotate(k)).collect();
        prop_assert_eq!(f.rotate(2 * k).front(), rotated.as_slice());
    }

    #[test]
    fn side_front_is_centred(d in arb_edge()) {
        prop_assert_eq!(Facing::from_edge(d).front(), &[d.rotate(-1), d, d.rotate(1)]);
    }

    #[test]
    fn vertex_front_is_its_edges(v in arb_vertex()) {
        let (a, b) = v.edges();
        prop_assert_eq!(Facing::from_vertex(v).front(), &[a, b]);
        prop_assert_eq!(Facing::from_vertex(v), Facing::from_edge(a).rotate(1));
    }
}
