//! Take-and-break games given by their octal (or hexadecimal) code.
//!
//! In the code `d0.d1d2d3…`, digit `dk` says what may be left after taking
//! `k` tokens from one heap: bit 1 allows leaving no heap (the heap had
//! exactly k tokens), bit 2 one heap, bit 4 two heaps, bit 8 three heaps (so
//! hexadecimal digits `8`–`F` split into three). `d0` (before the point)
//! can only split a heap without taking anything: `4.` or `8.`. Dawson's
//! Kayles is `0.07`, Kayles `0.77`, Dawson's chess `0.137`.
//!
//! [`grundy_sequence`] computes G(0), G(1), … and stops as soon as the
//! sequence is *proven* periodic. For a code whose last digit is `dt`, the
//! periodicity theorem says: if `G(n + p) = G(n)` for every n with
//! `n0 ≤ n < 2·n0 + p + t` and `n0 ≥ 1`, then `G(n + p) = G(n)` for every
//! `n ≥ n0` (heaps of size 0 are excluded: they never appear as parts of a
//! split, which the proof needs). A code that splits a heap into three
//! needs `n < 3·n0 + 2·p + t` ([`period`] gives the argument). After each
//! new value the longest
//! periodic tail of the sequence is known (a prefix function over the
//! reversed sequence gives every suffix's smallest period) and the theorem
//! is tried on it.
//!
//! Splitting a heap in two costs a scan over all splits, so a plain
//! computation is quadratic. Most of these sequences have a *sparse space*
//! (Gangolli and Plambeck): a bit mask `s` such that almost every value `v`
//! has `v & s` of odd weight ("common"), and only a few positions have an
//! even one ("rare"). Since common ^ common and rare ^ rare are rare, the
//! common options of a heap come only from splits with one rare part: a
//! scan over the few rare positions. The value is then the least common
//! value not among them, unless some smaller rare value is missing from the
//! options, which a scan of the splits settles, stopping as soon as every
//! smaller rare value has been seen (almost at once, since rare values are
//! made by the many pairs of common ones). The result is exact whatever the
//! mask; the mask only decides the speed, and it is chosen from the first
//! values.
//!
//! [`census`] computes many codes at once, in shards a cluster can run.
//! [`run`] computes one code far: in bounded memory once a sparse space
//! allows it (a prefix, the rare heaps and a window of recent values), a
//! batch at a time, with a digest of the values, a state [`checkpoint`]
//! can save and resume, and a compact [`values_file`] for the values.
//!
//! The module is in four parts: [`code`] (what a code means and how it is
//! written), [`sequence`] (the driver that computes G(0), G(1), … and stops
//! at a proven period), the sparse-space engine behind it, and [`period`]
//! (the periodicity theorem's check, also used by the Cutting Game).

pub mod census;
pub mod checkpoint;
pub mod code;
mod game;
pub mod period;
pub mod period_search;
mod pipeline;
pub mod run;
pub mod sequence;
mod sparse;
mod store;
mod tail;
mod three;
pub mod values_file;

pub use code::{CodeError, Constraint, OctalCode};
pub use period::{proven_period, proven_period_within, Bound, Periodicity};
pub use run::{LongRun, Memory, RunError};
pub use sequence::{grundy_sequence, grundy_sequence_while, plain_values, Sequence};

/// The game this module registers (see `games/mod.rs`).
pub type Registration = super::heap::HeapGame<OctalCode>;

#[cfg(test)]
mod tests;
