//! Readers and writers for the seed games' original judge formats.
//!
//! Each reader streams its input one case at a time, tolerates what the
//! formats' users actually send (CRLF, tabs, blank lines, a byte order mark),
//! and stops at the first malformed case with a [`FormatError`] that names
//! the line and what was expected there. Cases read before the error are
//! complete and can be answered; nothing is allocated by a number read from
//! the input before that number is checked against a limit: the types' own,
//! and for Bomb boards and kept Matrix cells a number of cells that callers
//! may raise ([`DEFAULT_MAX_CELLS`](crate::DEFAULT_MAX_CELLS) by default).

pub(crate) mod groups;
mod input;
mod lines;
pub(crate) mod scan;
pub(crate) mod tokens;

pub use input::{JudgeInput, MAP_UP_TO};
pub use lines::Lines;

use std::io;

/// Input that does not follow the format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: expected {expected}, found {found}")]
pub struct FormatError {
    /// 1-based line of the input where the problem is.
    pub line: u64,
    /// What the format calls for there.
    pub expected: String,
    /// What the input holds instead.
    pub found: String,
}

impl FormatError {
    pub(crate) fn new(line: u64, expected: impl Into<String>, found: impl Into<String>) -> Self {
        FormatError {
            line,
            expected: expected.into(),
            found: found.into(),
        }
    }
}

/// Why a reader stopped before the end of its input.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The input is malformed. (Boxed: readers return `Result`s on every
    /// number, and a small error keeps those cheap.)
    #[error(transparent)]
    Format(Box<FormatError>),
    /// A case is well formed but larger than the reader's limit (see
    /// `max_cells` on the Bomb and Matrix readers); nothing was
    /// allocated for it.
    #[error(transparent)]
    TooLarge(Box<FormatError>),
    /// The input could not be read.
    #[error("cannot read the input: {0}")]
    Io(#[from] io::Error),
}

impl From<FormatError> for ReadError {
    fn from(error: FormatError) -> Self {
        ReadError::Format(Box::new(error))
    }
}
