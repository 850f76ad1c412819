//! Coup d'Oeil scenario files: map, order of battle and set-up, parsed then validated.
//!
//! A scenario is one or more TOML files merged into one [`Document`] (each top-level key from one
//! file only); a scenario that `extends` another is laid over its base with [`merge`]. Then
//! [`Scenario::from_document`] turns the document into validated types, or returns every
//! problem at once as [`Diagnostics`], each naming its file and key. This crate is pure: it
//! parses the text it is given and never touches files. The file format is described in
//! `docs/formats.md`.
//!
//! ```
//! use coupdoeil_scenario::{Document, Scenario, SetupMode};
//!
//! let text = r#"
//! [scenario]
//! id = "demo"
//! name = "Demo"
//! rules = "dm"
//! turns = 2
//! first_player = "blue"
//! setup = "free"
//!
//! [[side]]
//! id = "blue"
//! name = "Blue"
//! [[side]]
//! id = "red"
//! name = "Red"
//!
//! [map]
//! name = "Field"
//! columns = 3
//! rows = 2
//! stagger = "odd-columns-down"
//! default_terrain = "clear"
//!
//! [[corps]]
//! id = "b1"
//! side = "blue"
//! name = "First"
//! morale = 3
//!
//! [[unit]]
//! id = "b-foot"
//! name = "Foot"
//! side = "blue"
//! corps = "b1"
//! kind = "infantry"
//! strength = 3
//! morale = 5
//! movement = 2
//!
//! [[unit]]
//! id = "r-dummy"
//! name = "Dummy"
//! side = "red"
//! kind = "dummy"
//! movement = 3
//!
//! [[setup]]
//! side = "blue"
//! slots = [{ at = "0101", facing = "E" }]
//! [[setup]]
//! side = "red"
//! slots = [{ at = "0302", facing = "W" }]
//! "#;
//! let doc = Document::parse(&[("demo.toml", text)]).unwrap();
//! let scenario = Scenario::from_document(doc).unwrap();
//! assert_eq!(scenario.setup, SetupMode::Free);
//! assert_eq!(scenario.map.terrain_ids, ["clear"]);
//! assert_eq!(scenario.units[1].strength, 0);
//!
//! let bad = text.replace("strength = 3", "strength = 30").replace("turns = 2", "turns = 0");
//! let err = Scenario::from_document(Document::parse(&[("demo.toml", &bad)]).unwrap())
//!     .unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "demo.toml: scenario.turns: must be from 1 to 99, not 0\n\
//!      demo.toml: unit[0].strength: must be from 0 to 20, not 30"
//! );
//! ```
#![forbid(unsafe_code)]

mod diagnostic;
mod document;
mod raw;
mod reader;
mod scenario;
mod validate;

pub use diagnostic::{Diagnostic, Diagnostics};
pub use document::{Document, merge};
pub use reader::{PROVENANCE, Reader, Strip, strip_provenance};
pub use scenario::{
    CorpsDef, Depot, Map, Placement, Scenario, SetupArea, SetupMode, SideDef, UnitDef,
};
pub use validate::{RULES_SECTIONS, SECTIONS, UNIT_KINDS};

#[cfg(test)]
mod tests;
