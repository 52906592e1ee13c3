//! The CLI's integration tests, one module per file, built as one binary
//! (`cargo test -p grundy-cli --test suite`; a file's alone:
//! `cargo test -p grundy-cli --test suite judge::`). They run the `grundy`
//! binary as a user does (assert_cmd); `common` holds what they share, and
//! `literal` the games' literal rules the library's tests check against.

mod common;
#[path = "../../grundy/tests/literal/mod.rs"]
mod literal;

mod cache;
mod census;
mod docs;
mod explain;
mod games;
mod hackenbush;
mod hostile;
mod judge;
mod misere;
mod octal;
mod octal_long;
mod play;
mod quotient;
mod registry;
mod serve;
mod solve;
mod table;
mod toy_game;
