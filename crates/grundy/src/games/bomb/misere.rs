//! The Bomb Game under misère play. The normal-play reduction to a sum of
//! independent bombs leans on `g ^ g = 0` (two bombs landing on one cell
//! vanish, which the nim-sum does anyway); under misère play a game plus
//! itself is not nothing, so the board is played whole: one position is
//! the set of cells holding a bomb.
//!
//! # Small boards: every position at once
//! A board of at most [`DENSE_CELLS`] cells is solved outright. Number the
//! cells other than (1, 1) row by row, so that cell `i` is bit `i` of a
//! position. Exploding the bomb on bit `b` clears bit `b` and toggles the
//! cells it lands on, which lie above it in its column or left of it in its
//! row: lower bits. So every option of a position is a smaller number, and
//! one pass over all `2^(cells − 1)` positions in increasing order finds,
//! for each, whether the player to move wins: the empty board is a win (the
//! player to move has no move, and the last player to move loses), and any
//! other position is a win exactly when some option is not. One bit per
//! position: 2 MiB for a 5×5 board, computed once per board size and kept
//! ([`DenseTable::of`]). Since no move leaves the rectangle from (1, 1) to
//! the lowest and the rightmost bomb, that rectangle's table answers any
//! board whose bombs fit in 25 cells of it, whatever the board's size.
//!
//! # Larger boards: a search within a budget
//! Beyond that, the budgeted search of [`Misere`] over the literal rules
//! ([`BoardRules`]) answers boards whose game tree is small enough, and
//! refuses the rest.

use std::sync::{Arc, Mutex};

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

/// The most cells (including (1, 1)) of a board solved outright under
/// misère play: one bit for each of `2^(DENSE_CELLS − 1)` positions.
pub const DENSE_CELLS: u64 = 25;

/// Whether a `rows` × `cols` board is solved outright under misère play.
pub fn is_dense(rows: u32, cols: u32) -> bool {
    u64::from(rows) * u64::from(cols) <= DENSE_CELLS
}

/// Every position of one board size under misère play: bit `s` of `wins`
/// says whether the player to move wins position `s` (see the module
/// documentation for the numbering).
#[derive(Debug)]
pub struct DenseTable {
    rows: u32,
    cols: u32,
    wins: Vec<u64>,
}

/// The tables computed so far, most recent last; a few are kept.
static TABLES: Mutex<Vec<Arc<DenseTable>>> = Mutex::new(Vec::new());
const TABLES_KEPT: usize = 8;

impl DenseTable {
    /// The table of a `rows` × `cols` board, computed once and shared;
    /// `None` beyond [`DENSE_CELLS`] cells.
    pub fn of(rows: u32, cols: u32) -> Option<Arc<DenseTable>> {
        if !is_dense(rows, cols) || rows == 0 || cols == 0 {
            return None;
        }
        let kept = |tables: &mut Vec<Arc<DenseTable>>| {
            let at = tables
                .iter()
                .position(|t| (t.rows, t.cols) == (rows, cols))?;
            let table = tables.remove(at);
            tables.push(Arc::clone(&table));
            Some(table)
        };
        // A poisoned lock only means another thread panicked while holding
        // it; the list itself is always whole.
        if let Some(table) = kept(&mut TABLES.lock().unwrap_or_else(|e| e.into_inner())) {
            return Some(table);
        }
        let table = Arc::new(DenseTable::compute(rows, cols));
        let mut tables = TABLES.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(other) = kept(&mut tables) {
            return Some(other);
        }
        if tables.len() == TABLES_KEPT {
            tables.remove(0);
        }
        tables.push(Arc::clone(&table));
        Some(table)
    }

    /// The bit of cell (`row`, `col`), 1-based; `None` for (1, 1).
    fn bit(cols: u32, row: u32, col: u32) -> Option<u32> {
        ((row - 1) * cols + (col - 1)).checked_sub(1)
    }

    /// The cells each bit's bomb lands on, as masks of toggled bits, one
    /// per move in [`BombRules`]' order.
    fn landings(rows: u32, cols: u32) -> Vec<Vec<(u32, BombMove)>> {
        let mut landings = Vec::new();
        for row in 1..=rows {
            for col in 1..=cols {
                if (row, col) == (1, 1) {
                    continue;
                }
                let mut moves = Vec::new();
                BombRules.options(&Cell { row, col }, &mut |mv, _| {
                    let mask = mv
                        .placed()
                        .filter_map(|c| Self::bit(cols, c.row, c.col))
                        .fold(0u32, |mask, b| mask ^ 1 << b);
                    moves.push((mask, mv));
                });
                landings.push(moves);
            }
        }
        landings
    }

    fn compute(rows: u32, cols: u32) -> DenseTable {
        let bits = rows * cols - 1;
        let landings: Vec<Vec<u32>> = Self::landings(rows, cols)
            .into_iter()
            .map(|moves| moves.into_iter().map(|(mask, _)| mask).collect())
            .collect();
        let positions = 1usize << bits;
        let mut wins = vec![0u64; positions.div_ceil(64)];
        wins[0] = 1;
        for s in 1..positions as u32 {
            let won = |t: u32| wins[(t / 64) as usize] >> (t % 64) & 1 == 1;
            let mut rest = s;
            let mut win = false;
            'bombs: while rest != 0 {
                let b = 31 - rest.leading_zeros();
                rest ^= 1 << b;
                let base = s ^ 1 << b;
                for &mask in &landings[b as usize] {
                    if !won(base ^ mask) {
                        win = true;
                        break 'bombs;
                    }
                }
            }
            if win {
                wins[(s / 64) as usize] |= 1 << (s % 64);
            }
        }
        DenseTable { rows, cols, wins }
    }

    /// The position of `board`, whose bombs lie within this table's size.
    fn position(&self, board: &Board) -> u32 {
        board
            .bombs()
            .filter(|c| c.row <= self.rows && c.col <= self.cols)
            .filter_map(|c| Self::bit(self.cols, c.row, c.col))
            .fold(0, |s, b| s | 1 << b)
    }

    fn wins_at(&self, s: u32) -> bool {
        self.wins[(s / 64) as usize] >> (s % 64) & 1 == 1
    }

    /// Whether the player to move wins `board` under misère play.
    pub fn wins(&self, board: &Board) -> bool {
        self.wins_at(self.position(board))
    }

    /// Every move from `board`, bomb by bomb in reading order, with whether
    /// it wins.
    fn moves(&self, board: &Board) -> Vec<(BombMove, bool)> {
        let s = self.position(board);
        let landings = Self::landings(self.rows, self.cols);
        let mut moves = Vec::new();
        for b in 0..landings.len() as u32 {
            if s >> b & 1 == 1 {
                for &(mask, mv) in &landings[b as usize] {
                    moves.push((mv, !self.wins_at(s ^ 1 << b ^ mask)));
                }
            }
        }
        moves
    }
}

/// The Bomb Game under misère play: small boards from their [`DenseTable`],
/// others searched within a budget of positions.
pub struct BombMisere {
    search: Misere<BoardRules>,
}

impl BombMisere {
    /// Misère play with `search` for boards beyond [`DENSE_CELLS`] cells.
    pub fn new(search: Misere<BoardRules>) -> BombMisere {
        BombMisere { search }
    }
}

fn cells(board: &Board) -> Vec<Cell> {
    let mut cells: Vec<Cell> = board
        .bombs()
        .filter(|c| (c.row(), c.col()) != (1, 1))
        .collect();
    cells.sort_unstable();
    cells
}

/// The table that answers `board`: that of the rectangle from (1, 1) to
/// its lowest and rightmost bombs (no move leaves it), if it is small
/// enough.
fn table_for(board: &Board) -> Option<Arc<DenseTable>> {
    let (rows, cols) = board
        .bombs()
        .fold((1, 1), |(r, c), cell| (r.max(cell.row), c.max(cell.col)));
    DenseTable::of(rows, cols)
}

impl MisereEngine<Board, BombMove> for BombMisere {
    fn refuses_to_deal(&self, board: &Board) -> Option<String> {
        let cells = u64::from(board.rows()) * u64::from(board.cols());
        (!is_dense(board.rows(), board.cols())).then(|| {
            format!(
                "misère Bomb is solved outright on boards of at most {DENSE_CELLS} cells, \
                 and a {}×{} board has {cells}: deal a smaller one (5×5 at most)",
                board.rows(),
                board.cols()
            )
        })
    }

    fn outcome(&mut self, board: &Board) -> Result<Outcome, MisereError> {
        if let Some(table) = table_for(board) {
            return Ok(if table.wins(board) {
                Outcome::FirstPlayer
            } else {
                Outcome::SecondPlayer
            });
        }
        let cells = cells(board);
        if cells.is_empty() {
            return Ok(Outcome::FirstPlayer);
        }
        self.search.outcome(&[cells])
    }

    fn winning_moves(&mut self, board: &Board) -> Result<Vec<BombMove>, MisereError> {
        if let Some(table) = table_for(board) {
            return Ok(table
                .moves(board)
                .into_iter()
                .filter_map(|(mv, wins)| wins.then_some(mv))
                .collect());
        }
        let cells = cells(board);
        if cells.is_empty() {
            return Ok(Vec::new());
        }
        Ok(self
            .search
            .winning_moves(&[cells])?
            .into_iter()
            .map(|m| m.action)
            .collect())
    }

    fn suggest(&mut self, board: &Board) -> Result<Option<BombMove>, MisereError> {
        if let Some(table) = table_for(board) {
            let moves = table.moves(board);
            let first_win = moves.iter().find(|(_, wins)| *wins);
            return Ok(first_win.or(moves.first()).map(|&(mv, _)| mv));
        }
        let cells = cells(board);
        if cells.is_empty() {
            return Ok(None);
        }
        Ok(self.search.suggest(&[cells])?.map(|m| m.action))
    }

    fn stop_when(&mut self, cancel: crate::shared::Cancel) {
        self.search.stop_when(cancel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_is_made_only_for_a_board_of_at_most_25_cells() {
        // 26 cells in one row: beyond the limit, whatever its shape.
        assert!(DenseTable::of(1, 26).is_none());
        assert!(DenseTable::of(26, 1).is_none());
        assert!(DenseTable::of(6, 6).is_none());
        // An empty board has no table either.
        assert!(DenseTable::of(0, 5).is_none());
        assert!(DenseTable::of(5, 0).is_none());
        // 25 cells: one table, shared by the next call.
        let table = DenseTable::of(1, 25).unwrap();
        assert_eq!((table.rows, table.cols), (1, 25));
        assert!(Arc::ptr_eq(&table, &DenseTable::of(1, 25).unwrap()));
    }
}
