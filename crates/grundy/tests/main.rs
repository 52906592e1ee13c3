//! grundy's integration tests, one module per file, built as one binary
//! (`cargo test -p grundy --test suite`; a file's alone:
//! `cargo test -p grundy --test suite octal_run::`). They use the library as a
//! user does, through its public API; `literal` holds games' literal rules
//! that several of them check against.

mod literal;

mod analysis;
mod any_game;
mod best_try;
mod brute_force;
mod cancel;
mod chomp;
mod engines;
mod examples;
mod explain;
mod formats;
mod general_codes;
mod hackenbush;
mod huge_heaps;
mod misere;
mod nim;
mod octal;
mod octal_run;
mod open_shape;
mod quotient;
mod registry;
mod remoteness;
mod rules;
mod seed_engines;
mod shared;
mod solve;
mod unequal;
mod values;
mod wire;
mod wythoff;
