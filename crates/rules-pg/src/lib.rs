//! Prussia's Glory: Battles of Frederick the Great (Rossbach, Leuthen, Zorndorf, Torgau).
//!
//! The rulebook is `shared/rules/prussias-glory.txt`; its text stops inside 10.9.2, and the
//! rules it refers to beyond that (army morale, the end of the turn, leader losses, momentum,
//! combat success, cavalry action, victory) are written as the rest of the text implies and
//! listed in `docs/rules/pg-rulings.md`. One module per chapter: [`sequence`] (3.0, 11),
//! [`command`] (4), [`zoc`] (5, 6), [`movement`] (7), [`los`] (8.2), [`bombard`] (8),
//! [`morale`] (9), [`combat`] (10.1-10.7 and steps 9-12), [`losses`] (10.8), [`retreat`]
//! (10.9) and [`army`] (12-14, victory). Where the rulebook is silent the code says `RULING:`.
//!
//! ```no_run
//! # fn scenario() -> coupdoeil_scenario::Scenario { unimplemented!() }
//! use coupdoeil_pg::PrussiasGlory;
//! use coupdoeil_engine::{Game, ToAct};
//! let game = PrussiasGlory::new(&scenario()).expect("valid scenario");
//! let state = game.initial_state();
//! assert!(matches!(game.to_act(&state), ToAct::Side(_) | ToAct::Chance));
//! ```
#![forbid(unsafe_code)]

pub mod action;
pub mod army;
pub mod bombard;
pub mod combat;
pub mod command;
pub mod data;
pub mod event;
mod game;
mod heuristic;
pub mod los;
pub mod losses;
pub mod morale;
pub mod movement;
mod notation;
pub mod observe;
pub mod occ;
mod plans;
pub mod retreat;
pub mod sequence;
pub mod state;
pub mod zoc;

pub use action::{Action, Chance};
pub use data::{Cell, Data, LeaderId, UnitId, WingId};
pub use event::Event;
pub use game::PrussiasGlory;
pub use observe::Observation;
pub use state::State;

/// The rules version written into game records. Bump it whenever a change alters play.
pub const RULES_VERSION: u32 = 2;
