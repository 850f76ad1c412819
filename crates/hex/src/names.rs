//! Shared plumbing for the compass-name types ([`EdgeDir`](crate::EdgeDir),
//! [`VertexDir`](crate::VertexDir), [`Facing`](crate::Facing)): `Display`, `FromStr` and serde as
//! the name string.

use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

/// Error returned when a compass name (`"N"`, `"NNE"`, ...) is not recognised.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseDirectionError {
    kind: &'static str,
    input: String,
}

impl ParseDirectionError {
    pub(crate) fn new(kind: &'static str, input: &str) -> Self {
        Self {
            kind,
            input: input.to_owned(),
        }
    }

    /// What was being parsed: `"hexside direction"`, `"vertex direction"` or `"facing"`.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        self.kind
    }

    /// The text that failed to parse.
    #[must_use]
    pub fn input(&self) -> &str {
        &self.input
    }
}

impl fmt::Display for ParseDirectionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown {} name {:?}", self.kind, self.input)
    }
}

impl std::error::Error for ParseDirectionError {}

/// Looks `input` up (ASCII case-insensitively) in `names`, returning its index.
pub(crate) fn lookup(names: &[&str], input: &str) -> Option<usize> {
    names.iter().position(|n| n.eq_ignore_ascii_case(input))
}

/// Serde visitor deserialising any `FromStr<Err = ParseDirectionError>` type from a string.
pub(crate) struct NameVisitor<T>(pub(crate) PhantomData<T>);

impl<T: FromStr<Err = ParseDirectionError>> serde::de::Visitor<'_> for NameVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a compass name such as \"N\" or \"NNE\"")
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<T, E> {
        v.parse().map_err(E::custom)
    }
}

/// Implements `Display`, `FromStr`, `Serialize` and `Deserialize` through a name table indexed by
/// `index()` and the `ALL` constant.
macro_rules! named_impls {
    ($ty:ty, $names:expr, $kind:literal) => {
        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::std::str::FromStr for $ty {
            type Err = $crate::names::ParseDirectionError;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                $crate::names::lookup(&$names, s)
                    .map(|i| Self::ALL[i])
                    .ok_or_else(|| $crate::names::ParseDirectionError::new($kind, s))
            }
        }

        impl ::serde::Serialize for $ty {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $ty {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Self, D::Error> {
                deserializer.deserialize_str($crate::names::NameVisitor(::std::marker::PhantomData))
            }
        }
    };
}

pub(crate) use named_impls;
