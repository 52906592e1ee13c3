//! The Bomb Game under misère play, by search over its literal rules. The
//! normal-play reduction to a sum of independent bombs leans on `g ^ g = 0`
//! (two bombs landing on one cell vanish, which the nim-sum does anyway);
//! under misère play a game plus itself is not nothing, so the board is
//! searched whole: one position is the set of cells holding a bomb.

use super::{Board, BombMove, BombRules, Cell};
use crate::engine::Outcome;
use crate::misere::MisereEngine;
use crate::misere::{Misere, MisereError};
use crate::rules::Rules;

/// A whole board as one component: the cells holding a bomb, sorted.
#[derive(Clone, Copy, Debug, Default)]
pub struct BoardRules;

impl Rules for BoardRules {
    type Position = Vec<Cell>;
    type Move = BombMove;

    /// Each bomb's moves as [`BombRules`] lists them, with the new bombs
    /// landing on the board: one on a bomb makes both vanish.
    fn options(&self, bombs: &Vec<Cell>, option: &mut dyn FnMut(BombMove, &[Vec<Cell>])) {
        for (i, bomb) in bombs.iter().enumerate() {
            BombRules.options(bomb, &mut |mv, _| {
                let mut next: Vec<Cell> = bombs[..i].to_vec();
                next.extend_from_slice(&bombs[i + 1..]);
                for cell in mv.placed() {
                    if (cell.row(), cell.col()) == (1, 1) {
                        continue;
                    }
                    match next.binary_search(&cell) {
                        Ok(at) => {
                            next.remove(at);
                        }
                        Err(at) => next.insert(at, cell),
                    }
                }
                if next.is_empty() {
                    option(mv, &[]);
                } else {
                    option(mv, std::slice::from_ref(&next));
                }
            });
        }
    }
}

/// The Bomb Game under misère play, searched within a budget of positions.
pub struct BombMisere(pub Misere<BoardRules>);

fn cells(board: &Board) -> Vec<Cell> {
    let mut cells: Vec<Cell> = board
        .bombs()
        .filter(|c| (c.row(), c.col()) != (1, 1))
        .collect();
    cells.sort_unstable();
    cells
}

impl MisereEngine<Board, BombMove> for BombMisere {
    fn outcome(&mut self, board: &Board) -> Result<Outcome, MisereError> {
        let cells = cells(board);
        if cells.is_empty() {
            return Ok(Outcome::FirstPlayer);
        }
        self.0.outcome(&[cells])
    }

    fn winning_moves(&mut self, board: &Board) -> Result<Vec<BombMove>, MisereError> {
        let cells = cells(board);
        if cells.is_empty() {
            return Ok(Vec::new());
        }
        Ok(self
            .0
            .winning_moves(&[cells])?
            .into_iter()
            .map(|m| m.action)
            .collect())
    }

    fn suggest(&mut self, board: &Board) -> Result<Option<BombMove>, MisereError> {
        let cells = cells(board);
        if cells.is_empty() {
            return Ok(None);
        }
        Ok(self.0.suggest(&[cells])?.map(|m| m.action))
    }
}
