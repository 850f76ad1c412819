//! Drums & Muskets (Frank Chadwick's series rules) with the Leuthen 1757 exclusive rules.
//!
//! The rulebook is `shared/rules/leuthen-drums-and-muskets.txt`. One module per chapter:
//! [`setup`] (Exclusive 3.0), [`sequence`] (4.0), [`cards`] (5.0), [`zoc`] (6.0), [`movement`]
//! (7.0), [`discovery`] (8.0), [`combat`] (9.0), [`retreat`] (9.5.1), [`morale`] (9.5.2, 10.0,
//! 11.0), [`admin`] (12.0) and [`victory`] (13.0). Where the rulebook is silent the code says
//! `RULING:` and `docs/rules/dm-rulings.md` gives the reason.
//!
//! ```no_run
//! # fn scenario() -> coupdoeil_scenario::Scenario { unimplemented!() }
//! use coupdoeil_dm::DrumsMuskets;
//! use coupdoeil_engine::{Game, ToAct};
//! let game = DrumsMuskets::new(&scenario()).expect("valid scenario");
//! let state = game.initial_state();
//! assert_eq!(game.to_act(&state), ToAct::Chance); // the opening hands are drawn first
//! ```
#![forbid(unsafe_code)]

pub mod action;
pub mod admin;
pub mod cards;
pub mod combat;
pub mod data;
mod determinize;
pub mod discovery;
pub mod event;
mod game;
mod heuristic;
pub mod morale;
pub mod movement;
mod notation;
pub mod observe;
mod plans;
pub mod retreat;
pub mod sequence;
pub mod setup;
pub mod state;
pub mod victory;
pub mod zoc;

pub use action::{Action, Chance};
pub use data::{CardId, Cell, Data, Kind, UnitId};
pub use event::{Event, What};
pub use game::DrumsMuskets;
pub use observe::Observation;
pub use state::State;

/// The rules version written into game records. Bump it whenever a change alters play.
pub const RULES_VERSION: u32 = 2;
