//! One analysis surface for both play conventions.
//!
//! A front end asks about a position once, under a [`Convention`] (normal
//! play, or misère play with a search budget), through an [`Analyst`]: the
//! outcome, the winning moves (visited, and counted exactly), the engine's
//! suggestion and reply, legality and the next position, the analysis as a
//! wire document ([`analyse`]) and the judge loop ([`judge`]). Normal play is
//! the game's own [`Engine`](crate::Engine) with its fast paths; misère play
//! is the game's misère form ([`Extras::misere`](crate::game::Extras::misere)). A
//! question the convention cannot answer exactly is refused with a typed
//! [`Refusal`]. Front ends pass the convention through and never branch on
//! it.

mod analyst;
mod document;
mod explain;
mod judge;
pub mod remoteness;
mod round;
mod values;

pub use crate::convention::{Convention, Refusal};
pub use crate::judging::JudgeError;
pub use analyst::{Analyst, Reply, Rule};
pub use document::{analyse, analyse_with, report, take_move, EngineMove};
pub use explain::{explain, MAX_OPTIONS};
pub use judge::judge;
pub(crate) use judge::judge_cases;
pub use round::{round, Round, RoundError};
pub use values::{value_moves, MAX_VALUED};
