//! The Bomb Game by its literal rules, for the generic solver and the
//! tests: one bomb's options, and the table by the plain recurrence.

use super::{BombMove, Cell};
use crate::nimber::Nimber;

/// The Bomb Game's rules for the generic [`Solver`](crate::rules::Solver):
/// one bomb is a component; exploding (p, q) leaves bombs on (u, q) and
/// (p, v), the one on (1, 1), if any, vanishing at once.
#[derive(Clone, Copy, Debug, Default)]
pub struct BombRules;

impl crate::rules::Rules for BombRules {
    type Position = Cell;
    type Move = BombMove;

    fn options(&self, bomb: &Cell, option: &mut dyn FnMut(BombMove, &[Cell])) {
        let (p, q) = (bomb.row, bomb.col);
        if (p, q) == (1, 1) {
            return;
        }
        let aboves: Vec<Option<Cell>> = if p > 1 {
            (1..p).map(|u| Some(Cell { row: u, col: q })).collect()
        } else {
            vec![None]
        };
        let lefts: Vec<Option<Cell>> = if q > 1 {
            (1..q).map(|v| Some(Cell { row: p, col: v })).collect()
        } else {
            vec![None]
        };
        for &above in &aboves {
            for &left in &lefts {
                let leaves: Vec<Cell> = [above, left]
                    .into_iter()
                    .flatten()
                    .filter(|c| (c.row, c.col) != (1, 1))
                    .collect();
                let action = BombMove {
                    explode: *bomb,
                    above,
                    left,
                };
                option(action, &leaves);
            }
        }
    }
}

/// The table by the plain recurrence, as the reference program computes it:
/// O(rows² · cols²), for tests of [`BombTable`](super::BombTable).
pub fn naive_table(rows: usize, cols: usize) -> Vec<Vec<u32>> {
    let mut sg = vec![vec![0u32; cols]; rows];
    for i in 0..rows {
        for j in 0..cols {
            sg[i][j] = if i == 0 {
                j as u32
            } else if j == 0 {
                i as u32
            } else {
                let options = (0..i)
                    .flat_map(|u| (0..j).map(move |v| (u, v)))
                    .map(|(u, v)| Nimber::from(sg[u][j] ^ sg[i][v]));
                crate::nimber::mex(options).value() as u32
            };
        }
    }
    sg
}
