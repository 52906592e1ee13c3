//! Every game, one folder (or file) each. The heap games (octal and
//! subtraction codes, Grundy's game, Nim) share one heap engine (`heap/`);
//! `values` holds what tables of values share.
//!
//! A game is its module below and its `pub mod` line: a module whose root
//! says `pub type Registration = TheGame;` is a game, and the build script
//! (`build.rs`) writes the registry's list of them (see
//! [`registry`](crate::registry)) in the order of these lines, the order
//! `grundy --help` lists the games. The modules are declared here, not by
//! a macro, so that tools reading the source (rustfmt, cargo-mutants) find
//! them.

// The three seed games first (rustfmt sorts each group of lines apart).
pub mod bomb;
pub mod cutting;
pub mod matrix;

pub mod chomp;
pub mod grundys;
pub mod hackenbush;
pub mod heap;
pub mod nim;
pub mod octal;
pub mod subtraction;
pub mod values;
pub mod wythoff;

include!(concat!(env!("OUT_DIR"), "/registry.rs"));
