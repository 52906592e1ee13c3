//! The Matrix Game under misère play. A row is a Nim heap of its total
//! (a move takes any positive number of stones from the cells of one row),
//! so the game is misère Nim over the row totals and Bouton's rule decides
//! it exactly at every size, totals up to 2^128 − 1 included.

use super::{take_first_cells_first, MatrixMove, Row};
use crate::engine::Outcome;
use crate::misere::nim::{misere_nim_outcome, misere_nim_winning_moves};
use crate::misere::MisereEngine;
use crate::misere::MisereError;

/// The Matrix Game under misère play.
#[derive(Clone, Copy, Debug, Default)]
pub struct MatrixMisere;

impl MisereEngine<Vec<Row>, MatrixMove> for MatrixMisere {
    fn outcome(&mut self, rows: &Vec<Row>) -> Result<Outcome, MisereError> {
        Ok(misere_nim_outcome(rows.iter().map(Row::total)))
    }

    /// One move per row that wins, taking from the first cells first.
    fn winning_moves(&mut self, rows: &Vec<Row>) -> Result<Vec<MatrixMove>, MisereError> {
        let totals: Vec<u128> = rows.iter().map(Row::total).collect();
        Ok(misere_nim_winning_moves(&totals)
            .into_iter()
            .map(|(i, to)| take_first_cells_first(i, &rows[i], totals[i] - to))
            .collect())
    }

    /// A winning move, else one stone from the first row that has one.
    fn suggest(&mut self, rows: &Vec<Row>) -> Result<Option<MatrixMove>, MisereError> {
        if let Some(first) = self.winning_moves(rows)?.into_iter().next() {
            return Ok(Some(first));
        }
        Ok(rows
            .iter()
            .enumerate()
            .find(|(_, r)| r.total() > 0)
            .map(|(i, r)| take_first_cells_first(i, r, 1)))
    }
}
