//! Helpers shared by the unit and property tests.

use std::fmt;

use proptest::prelude::*;
use serde::Serialize;
use serde::de::{DeserializeOwned, IntoDeserializer};

use crate::{EdgeDir, Facing, Hex, VertexDir};

/// Serialises a value that serialises as a single string (or primitive) through serde's
/// `fmt::Formatter` serializer, without pulling in a data-format crate.
pub(crate) fn ser_text<T: Serialize>(v: &T) -> String {
    struct Show<'a, T>(&'a T);
    impl<T: Serialize> fmt::Display for Show<'_, T> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.0.serialize(f)
        }
    }
    Show(v).to_string()
}

/// Deserialises a value from a bare string.
pub(crate) fn de_text<T: DeserializeOwned>(s: &str) -> Result<T, serde::de::value::Error> {
    let d: serde::de::value::StrDeserializer<'_, serde::de::value::Error> = s.into_deserializer();
    T::deserialize(d)
}

/// Hexes with coordinates in `-1000..1000`.
pub(crate) fn arb_hex() -> impl Strategy<Value = Hex> {
    (-1000_i32..1000, -1000_i32..1000).prop_map(|(q, r)| Hex::new(q, r))
}

/// Any hexside direction.
pub(crate) fn arb_edge() -> impl Strategy<Value = EdgeDir> {
    (0_u8..6).prop_map(|i| EdgeDir::from_index(i).expect("index < 6"))
}

/// Any corner direction.
pub(crate) fn arb_vertex() -> impl Strategy<Value = VertexDir> {
    (0_u8..6).prop_map(|i| VertexDir::from_index(i).expect("index < 6"))
}

/// Any facing.
pub(crate) fn arb_facing() -> impl Strategy<Value = Facing> {
    (0_u8..12).prop_map(|i| Facing::new(i).expect("index < 12"))
}
