//! The game contract shared by every rule system of Coup d'Oeil.
//!
//! A rule system bound to one scenario implements [`Game`]: an immutable description (map, order of
//! battle, charts) plus a small, cheaply cloned `State` that changes during play. Decisions are
//! atomic [`Game::Action`]s, dice and card draws are chance nodes with exact integer
//! [`Distribution`]s, and what each side may know is a separate [`Game::Observation`] type.
//!
//! Only [`Match`] owns a random number generator; everything else is pure and deterministic, so a
//! [`Record`] (scenario, seed, every action and chance outcome) replays to the same chained hashes,
//! and its dice and cards are drawn again from its seed when it is verified ([`replay`]).
//!
//! ```
//! use coupdoeil_engine::{Distribution, Side};
//! let d6 = Distribution::d6();
//! assert_eq!(d6.total(), 6);
//! assert_eq!(Side::A.other(), Side::B);
//! ```
#![forbid(unsafe_code)]

mod dist;
mod game;
mod matchrun;
mod record;
mod side;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use dist::{Distribution, draw_below};
pub use game::{Determinize, Evaluate, Game, IllegalAction, Outcome, Plans, Played, ToAct, Viewer};
pub use matchrun::{Match, MatchError, StepResult};
/// The random-number source trait that chance sampling and determinization take (from `rand`).
pub use rand::Rng;
pub use record::{
    Ending, RECORD_FORMAT, Record, RecordStep, ReplayError, SeedCommitment, StepKind, chain_hash,
    ending_hash, hash_state, header_hash, replay, seed_commitment,
};
pub use side::{BySide, Side};
