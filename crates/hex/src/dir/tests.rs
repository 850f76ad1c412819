use proptest::prelude::*;

use super::*;
use crate::test_support::{arb_edge, arb_vertex, de_text, ser_text};

#[test]
fn edge_indices_and_names() {
    for (i, d) in EdgeDir::ALL.into_iter().enumerate() {
        assert_eq!(usize::from(d.index()), i);
        assert_eq!(EdgeDir::from_index(d.index()), Some(d));
        assert_eq!(d.bearing(), 60 * i as u16);
        assert_eq!(d.to_string().parse::<EdgeDir>(), Ok(d));
        assert_eq!(d.to_string().to_lowercase().parse::<EdgeDir>(), Ok(d));
    }
    let names: Vec<String> = EdgeDir::ALL.iter().map(ToString::to_string).collect();
    assert_eq!(names, ["N", "NE", "SE", "S", "SW", "NW"]);
    assert_eq!(EdgeDir::from_index(6), None);
    let err = "NNE".parse::<EdgeDir>().unwrap_err();
    assert_eq!(err.input(), "NNE");
    assert_eq!(err.kind(), "hexside direction");
    assert_eq!(err.to_string(), "unknown hexside direction name \"NNE\"");
}

#[test]
fn edge_deltas_match_convention() {
    let expected = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)];
    for (d, (q, r)) in EdgeDir::ALL.into_iter().zip(expected) {
        assert_eq!(d.delta(), Hex::new(q, r), "{d}");
        assert_eq!(d.delta() + d.opposite().delta(), Hex::ORIGIN);
    }
}

#[test]
fn edge_rotation() {
    assert_eq!(EdgeDir::N.rotate(1), EdgeDir::NE);
    assert_eq!(EdgeDir::N.rotate(-1), EdgeDir::NW);
    assert_eq!(EdgeDir::SW.rotate(3), EdgeDir::NE);
    assert_eq!(
        EdgeDir::S.rotate(i32::MIN),
        EdgeDir::S.rotate(i32::MIN.rem_euclid(6))
    );
    assert_eq!(EdgeDir::SE.opposite(), EdgeDir::NW);
}

#[test]
fn vertex_indices_names_and_edges() {
    let names: Vec<String> = VertexDir::ALL.iter().map(ToString::to_string).collect();
    assert_eq!(names, ["NNE", "E", "SSE", "SSW", "W", "NNW"]);
    for (i, v) in VertexDir::ALL.into_iter().enumerate() {
        assert_eq!(usize::from(v.index()), i);
        assert_eq!(VertexDir::from_index(v.index()), Some(v));
        assert_eq!(v.bearing(), 30 + 60 * i as u16);
        assert_eq!(v.name().parse::<VertexDir>(), Ok(v));
        let (a, b) = v.edges();
        // The corner's bearing is halfway between its two hexsides' bearings.
        assert_eq!(a.rotate(1), b);
        assert_eq!(a.bearing() + 30, v.bearing());
        assert_eq!(v.delta(), a.delta() + b.delta());
    }
    assert_eq!(VertexDir::from_index(6), None);
    assert_eq!(VertexDir::SSW.edges(), (EdgeDir::S, EdgeDir::SW));
    assert_eq!(VertexDir::W.edges(), (EdgeDir::SW, EdgeDir::NW));
    assert!("N".parse::<VertexDir>().is_err());
}

#[test]
fn serde_as_names() {
    for d in EdgeDir::ALL {
        assert_eq!(ser_text(&d), d.name());
        assert_eq!(de_text::<EdgeDir>(d.name()), Ok(d));
    }
    for v in VertexDir::ALL {
        assert_eq!(ser_text(&v), v.name());
        assert_eq!(de_text::<VertexDir>(v.name()), Ok(v));
    }
    assert!(de_text::<EdgeDir>("X").is_err());
    assert_eq!(de_text::<EdgeDir>("sw"), Ok(EdgeDir::SW));
}

proptest! {
    #[test]
    fn edge_rotate_composes(d in arb_edge(), a in -100_i32..100, b in -100_i32..100) {
        prop_assert_eq!(d.rotate(a).rotate(b), d.rotate(a + b));
        prop_assert_eq!(d.rotate(6 * a), d);
        prop_assert_eq!(d.rotate(3), d.opposite());
    }

    #[test]
    fn vertex_rotate_composes(v in arb_vertex(), a in -100_i32..100, b in -100_i32..100) {
        prop_assert_eq!(v.rotate(a).rotate(b), v.rotate(a + b));
        prop_assert_eq!(v.rotate(3), v.opposite());
        let (e1, e2) = v.edges();
        prop_assert_eq!(v.rotate(a).edges(), (e1.rotate(a), e2.rotate(a)));
    }
}
