//! Chomp (`chomp`; D. Gale, 1974; F. Schuh, 1952), played on several bars
//! at once.
//!
//! # Rules
//! A bar of chocolate is a Young diagram: rows of squares, row 1 at the
//! top, each row starting at column 1 and no longer than the row above it.
//! It is written as its row lengths from the top down (`4 4 3`). The square
//! in row 1, column 1 is poisoned. A move picks a remaining square (r, c)
//! other than the poisoned one and eats it with every square (r′, c′) with
//! r′ ≥ r and c′ ≥ c. A bar left with the poisoned square alone has no
//! move; a position is one bar or more (written `4 4 3 + 2 1`), a move is
//! in one of them, and the player who cannot move loses (normal play: the
//! player who would have to eat the poison loses).
//!
//! # Why the values are right
//! A position is a disjunctive sum of its bars, since a move changes one
//! bar only, so its value is the nim-sum of the bars' values
//! (Sprague–Grundy). A bar's value is computed by the rules
//! [`Solver`] from the literal rule
//! ([`ChompRules`]: every square but the poisoned one, each leaving the bar
//! it bites), memoised over the bar's sub-diagrams. No closed form is
//! assumed; `tests/chomp.rs` checks the outcome of every bar inside 4×4
//! and of every sum of two of them against a search of the rule written
//! apart (squares as bits), and known values: a row of n squares is worth
//! n − 1 (a Nim heap), an L of a and b squares (a − 1) xor (b − 1), and
//! every rectangle but 1×1 is a first-player win (Gale's strategy
//! stealing).
//!
//! # Limits
//! Valuing a bar values every diagram inside it: for a rectangle of r rows
//! and c columns, C(r + c, r) − 1 of them (48,619 for 9×9). The number is
//! counted exactly before any work ([`sub_bars`]); a position whose bars
//! hold more than [`MAX_SUB_BARS`] in all, or a row or a column longer than
//! [`MAX_SIDE`], is refused at admission.

mod game;
mod reader;

pub use game::bars;

use crate::rules::{Rules, Solver};

/// The game this module registers (see `games/mod.rs`).
pub type Registration = Chomp;

/// The most rows of a bar, and the longest row.
pub const MAX_SIDE: usize = 1_000;

/// The most sub-diagrams the bars of one position may hold in all: what
/// valuing it may take (a 10×10 square has 184,755).
pub const MAX_SUB_BARS: u64 = 200_000;

/// Chomp: bars valued by the rules solver.
pub type Chomp = Solver<ChompRules>;

/// One bar: its row lengths from the top, each at least 1 and no longer
/// than the row above; the poisoned square is row 1, column 1.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bar(Vec<u16>);

/// A bite: the square at `row`, `col` (from 1) and everything below and
/// right of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bite {
    /// The square's row, from 1.
    pub row: usize,
    /// The square's column, from 1.
    pub col: usize,
}

impl Bar {
    /// The bar of these row lengths, or what is wrong with them.
    pub fn new(rows: Vec<u64>) -> Result<Bar, String> {
        if rows.is_empty() {
            return Err("a bar of at least one row".to_string());
        }
        if rows.len() > MAX_SIDE {
            return Err(format!("at most {MAX_SIDE} rows in a bar"));
        }
        let mut above = u64::MAX;
        for (i, &row) in rows.iter().enumerate() {
            if row == 0 {
                return Err(format!("row {} of at least one square", i + 1));
            }
            if row > MAX_SIDE as u64 {
                return Err(format!("rows of at most {MAX_SIDE} squares"));
            }
            if row > above {
                return Err(format!(
                    "row {} no longer than the row above it ({above})",
                    i + 1
                ));
            }
            above = row;
        }
        Ok(Bar(rows.into_iter().map(|r| r as u16).collect()))
    }

    /// The row lengths, from the top.
    pub fn rows(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().map(|&r| usize::from(r))
    }

    /// The number of squares.
    pub fn squares(&self) -> usize {
        self.rows().sum()
    }

    /// Whether the square at `row`, `col` (from 1) is in the bar.
    pub fn has(&self, row: usize, col: usize) -> bool {
        row >= 1 && col >= 1 && self.0.get(row - 1).is_some_and(|&r| col <= usize::from(r))
    }

    /// The bar after eating the square at `row`, `col` (from 1) and every
    /// square below and right of it.
    pub fn bitten(&self, row: usize, col: usize) -> Bar {
        let rows = self
            .0
            .iter()
            .enumerate()
            .map(|(i, &r)| {
                if i + 1 >= row {
                    r.min(col as u16 - 1)
                } else {
                    r
                }
            })
            .filter(|&r| r > 0)
            .collect();
        Bar(rows)
    }

    /// The row lengths written as the input has them (`4 4 3`).
    pub fn text(&self) -> String {
        let rows: Vec<String> = self.0.iter().map(u16::to_string).collect();
        rows.join(" ")
    }
}

/// The literal rule of one bar: every square but the poisoned one, row by
/// row, each leaving the bar it bites.
#[derive(Clone, Copy, Debug, Default)]
pub struct ChompRules;

impl Rules for ChompRules {
    type Position = Bar;
    type Move = Bite;

    fn options(&self, bar: &Bar, option: &mut dyn FnMut(Bite, &[Bar])) {
        for (r, length) in bar.rows().enumerate() {
            for c in 1..=length {
                if (r, c) != (0, 1) {
                    option(Bite { row: r + 1, col: c }, &[bar.bitten(r + 1, c)]);
                }
            }
        }
    }
}

/// The number of bars inside `bar` (its sub-diagrams holding the poisoned
/// square, itself included): what valuing it takes. Saturates at
/// `u64::MAX`; costs rows × the first row's length.
pub fn sub_bars(bar: &Bar) -> u64 {
    // below[m] counts the diagrams of the rows from i on whose first row
    // has at most m squares (the empty one included), for m up to the
    // longest row; filled from the bottom row up.
    let width = bar.rows().next().unwrap_or(0);
    let mut below = vec![1u64; width + 1];
    for length in bar.rows().collect::<Vec<_>>().into_iter().rev() {
        let mut next = vec![0u64; width + 1];
        let mut sum = 0u64;
        for (m, slot) in next.iter_mut().enumerate() {
            if m <= length {
                sum = sum.saturating_add(below[m]);
            }
            *slot = sum;
        }
        below = next;
    }
    // Every diagram but the empty one holds the poisoned square.
    match below[width] {
        u64::MAX => u64::MAX,
        all => all - 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bar(rows: &[u64]) -> Bar {
        Bar::new(rows.to_vec()).unwrap()
    }

    #[test]
    fn sub_bars_of_rectangles_are_binomials() {
        // C(r + c, r) − 1 diagrams inside an r × c rectangle.
        let binomial = |n: u64, k: u64| (1..=k).fold(1u64, |acc, i| acc * (n - k + i) / i);
        for r in 1..=9u64 {
            for c in 1..=9u64 {
                let rect = bar(&vec![c; r as usize]);
                assert_eq!(sub_bars(&rect), binomial(r + c, r) - 1, "{r}×{c}");
            }
        }
        // Counted one by one for a shape that is no rectangle.
        let shape = bar(&[4, 4, 3, 1]);
        let mut seen = std::collections::HashSet::from([shape.clone()]);
        let mut todo = vec![shape.clone()];
        while let Some(b) = todo.pop() {
            ChompRules.options(&b, &mut |_, left| {
                if seen.insert(left[0].clone()) {
                    todo.push(left[0].clone());
                }
            });
        }
        assert_eq!(sub_bars(&shape), seen.len() as u64);
        assert_eq!(sub_bars(&bar(&[1])), 1);
        assert_eq!(sub_bars(&bar(&[MAX_SIDE as u64; MAX_SIDE])), u64::MAX);
    }

    #[test]
    fn bars_are_young_diagrams() {
        assert!(Bar::new(vec![]).is_err());
        assert!(Bar::new(vec![2, 3])
            .unwrap_err()
            .contains("no longer than the row above"));
        assert!(Bar::new(vec![2, 0]).is_err());
        assert!(Bar::new(vec![MAX_SIDE as u64 + 1]).is_err());
        let b = bar(&[4, 4, 3]);
        assert!(b.has(3, 3) && !b.has(3, 4) && !b.has(4, 1) && !b.has(0, 1));
        assert_eq!(b.bitten(2, 2), bar(&[4, 1, 1]));
        assert_eq!(b.bitten(1, 3), bar(&[2, 2, 2]));
        assert_eq!(b.bitten(2, 1), bar(&[4]));
        assert_eq!(b.squares(), 11);
        assert_eq!(b.text(), "4 4 3");
    }
}
