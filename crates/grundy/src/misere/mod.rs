//! Misère play: the player who makes the last move loses.
//!
//! Sums do not add up as in normal play: a component's normal value says
//! nothing certain about a misère sum. What is known, and used here:
//!
//! - **Misère Nim** (Bouton, 1901): play as in normal Nim until the move
//!   that would leave only heaps of one token; then leave an odd number of
//!   them ([`nim`]). The Matrix Game's rows are Nim heaps of their totals,
//!   so its misère form follows at any size.
//! - **Genus theory** (Conway, *On Numbers and Games*, ch. 12; Berlekamp,
//!   Conway and Guy, *Winning Ways*, ch. 13): a component's genus
//!   `g^(γ0 γ1 …)` is its normal value `g` and the misère values `γk` of
//!   the component plus `k` copies of `*2` ([`Genus`]). A component whose
//!   genus and every follower's genus are tame plays in a sum of tame
//!   components like a misère Nim heap, so the outcome of such a sum
//!   follows from the genera alone ([`Misere::outcome`]).
//! - **Misère quotients** (Plambeck and Siegel) of take-and-break games
//!   ([`quotient`]): proven, they decide every sum at any size; partial
//!   (the heaps below some size), they decide exactly the sums of those
//!   heaps, in front of what follows ([`Covered`]).
//! - Otherwise, a **memoised search** of the sum's literal game tree, within
//!   a budget of positions; beyond it the question is refused
//!   ([`MisereError::TooLarge`]), never answered by a guess.
//!
//! The misère value of a position is 1 when it has no move and otherwise
//! the least value not among its options' values; the player to move loses
//! exactly when it is 0.

mod engine;
mod genus;
mod heaps;
mod known;
pub mod nim;
pub mod quotient;
mod search;

pub use engine::{Covered, MisereEngine};
pub use genus::{Genus, TameKind};
pub use heaps::HeapMisere;
pub use nim::{misere_nim_outcome, misere_nim_outcome_of, misere_nim_winning_moves};
pub use search::{Decides, Misere, MisereError, MoveOf, DEFAULT_BUDGET};
