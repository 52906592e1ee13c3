//! Heap games (octal and hexadecimal codes, subtraction games, Grundy's
//! game) and every other [`Rules`] game under misère play, through
//! [`Misere`].

use super::engine::MisereEngine;
use super::search::{Misere, MisereError, MoveOf};
use crate::engine::Outcome;
use crate::rules::Rules;

/// A [`Rules`] game's sums under misère play, as a [`MisereEngine`]: the
/// search, and why no faster form answers (where a game says so).
pub struct HeapMisere<R: Rules>(pub Misere<R>, pub Option<String>);

impl<R: Rules> MisereEngine<Vec<R::Position>, MoveOf<R>> for HeapMisere<R> {
    fn outcome(&mut self, position: &Vec<R::Position>) -> Result<Outcome, MisereError> {
        self.0.outcome(position)
    }

    fn winning_moves(
        &mut self,
        position: &Vec<R::Position>,
    ) -> Result<Vec<MoveOf<R>>, MisereError> {
        self.0.winning_moves(position)
    }

    fn suggest(&mut self, position: &Vec<R::Position>) -> Result<Option<MoveOf<R>>, MisereError> {
        self.0.suggest(position)
    }

    fn basis(&self, _: &Vec<R::Position>) -> Option<String> {
        let how = "genus theory where every heap is tame, else a search of the sum";
        Some(match &self.1 {
            Some(why) => format!("{how} ({why})"),
            None => how.to_string(),
        })
    }

    fn stop_when(&mut self, cancel: crate::shared::Cancel) {
        self.0.stop_when(cancel);
    }
}
