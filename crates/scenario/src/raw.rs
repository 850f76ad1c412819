//! The scenario files as written: serde structs that reject unknown fields.
//!
//! Numbers are read as `i64` (TOML's integer) and range-checked during validation, so that an
//! out-of-range value gets a message in our words rather than a serde overflow error. Lists whose
//! elements need their own key path in diagnostics (hex lists, set-up slots) are kept as raw
//! values and read one by one.

use serde::Deserialize;

/// Defines a raw record: the given fields plus the provenance keys `stated`, `source` and `note`
/// that every record accepts and the loader ignores (apart from checking that `stated` names
/// fields of the record).
macro_rules! raw_record {
    ($(#[$meta:meta])* $name:ident { $($(#[$fmeta:meta])* $field:ident : $ty:ty,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub(crate) struct $name {
            $($(#[$fmeta])* pub(crate) $field: $ty,)*
            /// Names of the fields whose values the rulebook states (the rest are authored).
            #[serde(default)]
            #[allow(dead_code)]
            pub(crate) stated: Vec<String>,
            /// Where the stated values come from (rule or example reference).
            #[serde(default)]
            #[allow(dead_code)]
            pub(crate) source: Option<String>,
            /// Why an authored value is what it is.
            #[serde(default)]
            #[allow(dead_code)]
            pub(crate) note: Option<String>,
        }
    };
}

raw_record! {
    /// `[scenario]`
    RawScenario {
        id: String,
        name: String,
        rules: String,
        #[serde(default)]
        description: String,
        turns: i64,
        first_player: String,
        setup: String,
        #[serde(default)]
        #[allow(dead_code)]
        extends: Option<String>,
        /// Offered first in the lobby (read by the registry, not by this crate).
        #[serde(default)]
        #[allow(dead_code)]
        featured: bool,
        /// The level of play of a rule system that has several games in one rulebook (read by
        /// that rules crate, not by this one: Glory and Empire's `soldiers` or `battalion`).
        #[serde(default)]
        #[allow(dead_code)]
        level: Option<String>,
        /// Other files read with this one (resolved by the caller that reads files, checked by
        /// the registry; not by this crate).
        #[serde(default)]
        #[allow(dead_code)]
        include: Vec<String>,
    }
}

raw_record! {
    /// `[[side]]`
    RawSide {
        id: String,
        name: String,
    }
}

raw_record! {
    /// `[map]`
    RawMap {
        name: String,
        columns: i64,
        rows: i64,
        #[serde(default = "one")]
        first_column: i64,
        #[serde(default = "one")]
        first_row: i64,
        stagger: String,
        #[serde(default = "two")]
        digits: i64,
        default_terrain: String,
    }
}

raw_record! {
    /// `[[hex]]`: `at` is one label or a list of labels.
    RawHex {
        at: toml::Value,
        terrain: String,
    }
}

raw_record! {
    /// `[[name]]`
    RawName {
        at: String,
        name: String,
    }
}

raw_record! {
    /// `[[hexside]]`: either `at` + `side`, or `between`.
    RawHexside {
        #[serde(default)]
        at: Option<String>,
        #[serde(default)]
        side: Option<String>,
        #[serde(default)]
        between: Option<Vec<String>>,
        feature: String,
    }
}

raw_record! {
    /// `[[upslope]]`
    RawUpslope {
        hex: String,
        sides: Vec<String>,
    }
}

raw_record! {
    /// `[[road_path]]`
    RawRoadPath {
        #[serde(default)]
        #[allow(dead_code)]
        name: Option<String>,
        path: Vec<String>,
    }
}

raw_record! {
    /// `[[depot]]`
    RawDepot {
        at: String,
        side: String,
        name: String,
    }
}

raw_record! {
    /// `[[corps]]`
    RawCorps {
        id: String,
        side: String,
        name: String,
        morale: i64,
    }
}

raw_record! {
    /// `[[unit]]`; `historical` is read separately as a [`RawPlacement`].
    RawUnit {
        id: String,
        name: String,
        side: String,
        #[serde(default)]
        corps: Option<String>,
        kind: String,
        #[serde(default)]
        strength: Option<i64>,
        #[serde(default)]
        morale: Option<i64>,
        movement: i64,
        #[serde(default)]
        heavy_artillery: bool,
        #[serde(default)]
        historical: Option<toml::Value>,
    }
}

raw_record! {
    /// A placement: a unit's historical position or a set-up slot.
    RawPlacement {
        at: String,
        facing: String,
    }
}

raw_record! {
    /// `[[setup]]`; slots are read one by one as [`RawPlacement`]s.
    RawSetup {
        side: String,
        slots: Vec<toml::Value>,
    }
}

fn one() -> i64 {
    1
}

fn two() -> i64 {
    2
}
