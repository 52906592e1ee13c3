//! The Matrix Game.
//!
//! Every cell of an m×n matrix holds a pile of stones. A move picks one row
//! and takes any number of stones from any of its cells, at least one stone
//! in all. The player who cannot move loses.
//!
//! # Why the reduction is correct
//! Rows never interact, so the game is the disjunctive sum of its rows. In a
//! row, a move can lower the row's total from s to any t < s (take s − t
//! stones, from the first cells first) and can never raise it; the options
//! of a row of total s therefore reach exactly the totals 0 … s − 1, so by
//! induction on s a row is worth the Nim heap `*s`, whatever the split
//! between cells. The matrix is worth the nim-sum of its row totals.
//!
//! Totals need more than 64 bits: fifty cells of 2^64 − 1 stones overflow
//! `u64`, so a row total is a `u128`.

use crate::game::Game;
use crate::nimber::Nimber;

/// One row of the matrix, kept as its total (the only thing its value
/// depends on) and, when asked for, its cells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Row {
    total: u128,
    cells: Vec<u64>,
}

impl Row {
    /// A row of these cells.
    pub fn from_cells(cells: Vec<u64>) -> Row {
        let total = cells.iter().map(|&c| u128::from(c)).sum();
        Row { total, cells }
    }

    /// A row known only by its total (its cells were not kept).
    pub fn from_total(total: u128) -> Row {
        Row {
            total,
            cells: Vec::new(),
        }
    }

    /// The number of stones in the row.
    pub const fn total(&self) -> u128 {
        self.total
    }

    /// The cells, if they were kept.
    pub fn cells(&self) -> &[u64] {
        &self.cells
    }
}

/// The Matrix Game as a sum of rows.
#[derive(Clone, Copy, Debug, Default)]
pub struct MatrixGame;

impl Game for MatrixGame {
    type Component = Row;

    fn grundy(&mut self, row: &Row) -> Nimber {
        Nimber(row.total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_samples() {
        let a = [
            Row::from_cells(vec![2, 3, 8]),
            Row::from_cells(vec![5, 2, 7]),
        ];
        assert!(!MatrixGame.sum(&a).is_zero()); // Alice
        let b = [
            Row::from_cells(vec![1, 2, 3]),
            Row::from_cells(vec![3, 2, 1]),
        ];
        assert!(MatrixGame.sum(&b).is_zero()); // Bob
    }

    #[test]
    fn totals_do_not_overflow() {
        let row = Row::from_cells(vec![u64::MAX; 50]);
        assert_eq!(row.total(), 50 * u128::from(u64::MAX));
        assert_eq!(MatrixGame.grundy(&row), Nimber(50 * u128::from(u64::MAX)));
    }
}
