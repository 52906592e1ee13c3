//! The grundy playground: a JSON API over the grundy library and the page
//! that uses it, served by axum (feature `server`, on by default). Without
//! that feature it is only the [`service`]: the same answers as plain
//! functions, which the WebAssembly build (`grundy-wasm`) runs in the
//! browser.
//!
//! Everything a request asks to compute runs off the async threads, one job
//! per core at most, under a time limit; every size a request names is
//! checked against [`Limits`] before anything is computed, so no request can
//! take the server's memory or crash it. The page (HTML, CSS and script) is
//! compiled into the binary.

mod error;
pub mod messages;
#[cfg(feature = "server")]
mod server;
pub mod service;

use std::time::Duration;

pub use error::ApiError;
#[cfg(feature = "server")]
pub use server::{application, bind, jobs, router, router_with_kept_quotients, serve};
pub use service::{Service, SCHEMA};

/// How much one request may ask for.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Positions: boards, matrices and the squares of Wythoff's pairs of
    /// at most `max_cells` cells, heaps of at most `max_heap` tokens.
    pub positions: grundy::game::Limits,
    /// Most cells of a table.
    pub table_cells: u64,
    /// Most values of an octal sequence.
    pub octal_values: usize,
    /// Most digits of an octal code.
    pub octal_digits: usize,
    /// Longest game name (with its parameter).
    pub name_length: usize,
    /// Most winning moves listed in an analysis.
    pub listed_moves: usize,
    /// Work up to this size (a position's [`grundy::wire::Position::size`],
    /// a table's cells, a sequence's length) is light; beyond it, heavy:
    /// heavy work never takes the last core.
    pub light_size: u64,
    /// Largest request body, in bytes.
    pub body_bytes: usize,
    /// Longest a request may take, waiting included, before it gets a 503.
    pub time: Duration,
    /// Computations run at once.
    pub jobs: usize,
    /// Light computations that may wait for a core; beyond, 429.
    pub queue: usize,
    /// Tables shared between requests (the Bomb table, heap games' values).
    pub shelf: usize,
    /// Positions a misère search may value for one request.
    pub misere_budget: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            positions: grundy::game::Limits {
                max_cells: 100 * 100,
                max_heap: 100_000,
            },
            table_cells: 1000 * 1000,
            octal_values: 200_000,
            octal_digits: 16,
            name_length: 64,
            listed_moves: 50,
            light_size: 100 * 100,
            body_bytes: 64 * 1024,
            time: Duration::from_secs(10),
            jobs: std::thread::available_parallelism().map_or(2, |n| n.get()),
            queue: 512,
            shelf: 64,
            misere_budget: 200_000,
        }
    }
}

impl Limits {
    /// What one request may ask of WebAssembly in a browser tab: the
    /// server's sizes (every table, sequence and position they allow fits
    /// in well under 1 GiB of the module's memory), one computation at a
    /// time and no time limit (the page's Stop button ends the worker).
    pub fn browser() -> Limits {
        Limits {
            time: Duration::ZERO,
            jobs: 1,
            queue: 0,
            ..Limits::default()
        }
    }
}
