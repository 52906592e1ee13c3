//! What judging a whole input takes of a game and a front end: a reader
//! of cases, a sink for answer lines, and why judging may stop early.

use std::io;

use crate::convention::Refusal;
use crate::format::{JudgeInput, ReadError};

/// Reads the cases of an input one at a time: one shared interface over
/// every game's judge format.
pub trait CaseReader<P> {
    /// The next case, or `None` at the end of the input.
    fn next_case(&mut self) -> Result<Option<P>, ReadError>;

    /// A line of the last case read, for messages about it: the line it
    /// stands on for line-per-position formats, the line reading stopped on
    /// for the seed games' formats.
    fn line(&self) -> u64;

    /// What the input said about the last case that its position does not
    /// show (a bomb put on (1, 1), which vanished at once); `None`, the
    /// default, where nothing was dropped.
    fn note(&self) -> Option<String> {
        None
    }
}

/// Where judge answers go, one line each.
pub trait Answers {
    /// Writes one answer line (the newline is added).
    fn line(&mut self, text: &[u8]) -> io::Result<()>;

    /// Writes one line per verdict: `yes` for `true`, `no` for `false`.
    fn verdicts(&mut self, wins: &[bool], yes: &'static str, no: &'static str) -> io::Result<()> {
        for &win in wins {
            self.line(if win { yes } else { no }.as_bytes())?;
        }
        Ok(())
    }
}

/// Why judging stopped before the end of the input.
#[derive(Debug, thiserror::Error)]
pub enum JudgeError {
    /// The input was malformed, too large, or could not be read.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A case was read but its question was refused.
    #[error("line {line}: {reason}")]
    Refused {
        /// The case's line.
        line: u64,
        /// Why.
        reason: Refusal,
    },
    /// An answer could not be written.
    #[error("cannot write the answers: {0}")]
    Write(#[source] io::Error),
}

/// What [`Game::judge_fast`](crate::game::JudgeFormat::judge_fast) did with an input.
pub enum Judged<'a> {
    /// It answered the whole input (or stopped with the error).
    Done(Result<(), JudgeError>),
    /// It has no faster way under the convention: the input, untouched.
    Declined(JudgeInput<'a>),
}
