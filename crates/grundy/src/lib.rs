//! grundy decides impartial combinatorial games with Sprague–Grundy theory.
//!
//! Every game here is a *disjunctive sum* of independent components: the
//! player to move picks one component and moves in it. The Sprague–Grundy
//! theorem gives each component a value, a [`Nimber`], and the sum the XOR of
//! those values; the player to move wins exactly when that is not `*0`.
//!
//! - [`nimber`]: the values, nim-sum and mex;
//! - [`engine`]: the [`Engine`] every front end talks to (values, outcome,
//!   winning moves, suggestions, legality, the next position) and
//!   [`Outcome`];
//! - [`game`]: the [`Game`] trait (reading and writing a game's positions
//!   and moves for people) on top of it;
//! - [`analysis`]: the one surface front ends ask, under either play
//!   [`Convention`]: an [`Analyst`], the analysis document, the judge loop
//!   and a round against the engine;
//! - [`registry`]: every game by name (`bomb`, `octal:0.07`, …), and how to
//!   add one;
//! - [`games`]: the Bomb, Cutting and Matrix games, each with the reason its
//!   reduction is correct;
//! - [`dynamic`]: a game opened by name and kept, behind one object-safe
//!   trait that speaks the wire format;
//! - [`solve`]: winning moves in a sum, and the best try from a lost one;
//! - [`rules`]: games you define yourself, and a memoising solver for them;
//! - [`misere`]: misère play (the last player to move loses): misère Nim,
//!   genus and tameness, and outcomes of sums by genus theory or search;
//! - [`notation`]: the short move notation people type in `grundy play`;
//! - [`format`](mod@format): streaming readers for the games' original judge formats;
//! - [`pace`]: batches of work sized by the clock, so a loop sees its stop
//!   flag and time limit in time;
//! - [`persist`]: grundy's binary files (headers, checksums, atomic
//!   replacement);
//! - [`wire`]: the JSON wire format of analyses, positions and moves (serde
//!   types and a JSON Schema).
//!
//! ```
//! use grundy::games::cutting::Paper;
//! use grundy::{Engine, Nimber, Outcome};
//! use grundy::games::matrix::{MatrixGame, Row};
//!
//! // A 4×2 paper is a win for the first cutter; 3×2 is not.
//! assert!(Paper::new(4, 2).first_player_wins());
//! assert!(!Paper::new(3, 2).first_player_wins());
//!
//! // Matrix rows are Nim heaps of their totals: 6 ^ 6 = 0, so Bob wins.
//! let rows = vec![Row::from_cells(vec![1, 2, 3]), Row::from_cells(vec![3, 2, 1])];
//! assert_eq!(MatrixGame.value(&rows), Nimber::ZERO);
//! assert_eq!(MatrixGame.outcome(&rows), Outcome::SecondPlayer);
//! ```

// Unsafe code is denied except where a module or item allows it:
// - the SIMD judge scanners (`format/tokens.rs`, `format/groups.rs`) and the
//   memory-mapped input (`format/input.rs`);
// - the AVX-512 mex search of the Bomb table (`games/bomb/table.rs`, module
//   `avx512`);
// - the AVX2 and AVX-512 split scans of the octal engine
//   (`games/octal/sparse/avx2.rs`, `avx512.rs`) and its two-thread pipeline's
//   shared buffer (`games/octal/pipeline.rs`).
// SIMD code runs only where `cpu` finds the features, and every unsafe
// block says why it is sound.
#![deny(unsafe_code)]
#![warn(clippy::undocumented_unsafe_blocks)]
#![warn(missing_docs)]

pub mod analysis;
pub mod any_game;
pub mod convention;
pub mod cpu;
pub mod dynamic;
pub mod engine;
pub mod format;
pub mod game;
pub mod games;
pub mod judging;
pub mod limits;
pub mod misere;
pub mod nimber;
pub mod notation;
pub mod pace;
pub mod persist;
pub mod platform;
pub mod prelude;
pub mod registry;
pub mod rng;
pub mod rules;
pub mod shared;
pub mod solve;
pub mod style;
pub mod table;
pub mod wire;

pub use analysis::Analyst;
pub use any_game::AnyGame;
pub use convention::{Convention, Refusal};
pub use engine::{Engine, IllegalMove, Outcome, Played};
pub use game::Game;

/// The most cells a judge-format reader accepts in one case unless told
/// otherwise: a Matrix case keeping its cells has at most this many, and a
/// Bomb board fits in a square of this many (2000×2000, whose table takes
/// seconds to compute and 16 MB to hold).
pub const DEFAULT_MAX_CELLS: u64 = 4_000_000;

/// The largest heap of a heap game unless told otherwise: values are
/// computed up to it (4 bytes each), and a move's options are scanned.
pub const DEFAULT_MAX_HEAP: u64 = 1_000_000;

/// The README's examples are compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeExamples;

/// docs/games.md's examples (the library, a game of your own) too.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/games.md")]
struct GamesPageExamples;
pub use nimber::{mex, MexSet, Nimber};
