//! A board: its bombs as a bitset, row by row, and a move on it.

/// The most cells a board can have at all: its table holds a `u32` value
/// per cell, and positions are `u32`s. Readers and the command line apply a
/// much smaller limit, [`DEFAULT_MAX_CELLS`](crate::DEFAULT_MAX_CELLS) unless
/// told otherwise.
pub const MAX_CELLS: u64 = u32::MAX as u64;

/// A cell of the board, 1-indexed as in the statement (row 1 is the top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub(super) row: u32,
    pub(super) col: u32,
}

impl Cell {
    /// The cell at `row`, `col` (both from 1), if the board up to it has at
    /// most [`MAX_CELLS`] cells.
    pub const fn new(row: u32, col: u32) -> Option<Cell> {
        if row >= 1 && col >= 1 && (row as u64) * (col as u64) <= MAX_CELLS {
            Some(Cell { row, col })
        } else {
            None
        }
    }

    /// The 1-based row.
    pub const fn row(self) -> u32 {
        self.row
    }

    /// The 1-based column.
    pub const fn col(self) -> u32 {
        self.col
    }
}

/// A board had a side of 0, or more than [`MAX_CELLS`] cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "a {rows}×{cols} board is not possible: sides start at 1, and boards end at {MAX_CELLS} cells"
)]
pub struct BoardTooLarge {
    /// Rows asked for.
    pub rows: u64,
    /// Columns asked for.
    pub cols: u64,
}

/// A Bomb Game position: the board's size and which cells hold a bomb.
///
/// Valuing a board takes a table of its size, computed in time roughly
/// proportional to its cells times its longer side: a 2000×2000 board takes
/// seconds, a 2×2,000,000 one far longer. The readers therefore accept only
/// boards within a square of a given number of cells.
///
/// A cell holds one bomb or none: two bombs on a cell vanish at once, so
/// [`Board::toggle`] is the natural way to land a bomb.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    pub(super) rows: u32,
    pub(super) cols: u32,
    /// 64-bit words per row.
    pub(super) stride: usize,
    /// Row-major bitset: bit `c % 64` of word `r * stride + c / 64` is cell
    /// (r + 1, c + 1).
    pub(super) bits: Vec<u64>,
}

impl Board {
    /// An empty board of `rows` × `cols` cells.
    pub fn new(rows: u64, cols: u64) -> Result<Board, BoardTooLarge> {
        let mut board = Board::default();
        board.reset(rows, cols)?;
        Ok(board)
    }

    /// Empties the board and gives it new dimensions, keeping its storage.
    pub fn reset(&mut self, rows: u64, cols: u64) -> Result<(), BoardTooLarge> {
        let (r, c) = check_dimensions(rows, cols)?;
        self.rows = r;
        self.cols = c;
        self.stride = (c as usize).div_ceil(64);
        self.bits.clear();
        self.bits.resize(r as usize * self.stride, 0);
        Ok(())
    }

    pub(super) fn index(&self, row: u32, col: u32) -> Option<(usize, u64)> {
        if row == 0 || col == 0 || row > self.rows || col > self.cols {
            return None;
        }
        let (r, c) = (row as usize - 1, col as usize - 1);
        Some((r * self.stride + c / 64, 1 << (c % 64)))
    }

    /// Whether 1-based (`row`, `col`) holds a bomb (`false` off the board).
    pub fn has_bomb(&self, row: u32, col: u32) -> bool {
        self.index(row, col)
            .is_some_and(|(w, bit)| self.bits[w] & bit != 0)
    }

    /// Puts a bomb on 1-based (`row`, `col`), or clears it; `false` if that
    /// is off the board.
    pub fn set(&mut self, row: u32, col: u32, bomb: bool) -> bool {
        match self.index(row, col) {
            Some((w, bit)) => {
                if bomb {
                    self.bits[w] |= bit;
                } else {
                    self.bits[w] &= !bit;
                }
                true
            }
            None => false,
        }
    }

    /// Lands a bomb on 1-based (`row`, `col`): if one is there, both vanish.
    /// `false` if that is off the board.
    pub fn toggle(&mut self, row: u32, col: u32) -> bool {
        match self.index(row, col) {
            Some((w, bit)) => {
                self.bits[w] ^= bit;
                true
            }
            None => false,
        }
    }

    /// Number of rows.
    pub const fn rows(&self) -> u32 {
        self.rows
    }

    /// Number of columns.
    pub const fn cols(&self) -> u32 {
        self.cols
    }

    /// The bombs, row by row, left to right.
    pub fn bombs(&self) -> impl Iterator<Item = Cell> + '_ {
        self.row_words().enumerate().flat_map(|(r, words)| {
            words.iter().enumerate().flat_map(move |(w, &word)| {
                set_bits(word).map(move |b| Cell {
                    row: r as u32 + 1,
                    col: (w * 64 + b) as u32 + 1,
                })
            })
        })
    }

    /// How many bombs the board holds.
    pub fn bomb_count(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub(super) fn row_words(&self) -> impl Iterator<Item = &[u64]> + '_ {
        self.bits.chunks_exact(self.stride.max(1))
    }

    /// The bitset words of 1-based `row`, for readers that fill a row at once.
    pub(crate) fn row_bits_mut(&mut self, row: u32) -> &mut [u64] {
        let start = (row as usize - 1) * self.stride;
        &mut self.bits[start..start + self.stride]
    }
}

/// One move: explode the bomb at `explode`, putting a new bomb `above` it
/// (same column, a row nearer the top) and one `left` of it (same row, a
/// column nearer the left). A bomb on row 1 has nothing above it and one on
/// column 1 nothing left of it, so the statement's single new bomb is the
/// one that exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BombMove {
    /// The bomb that explodes.
    pub explode: Cell,
    /// The new bomb at (u, q), u < p; `None` when p = 1.
    pub above: Option<Cell>,
    /// The new bomb at (p, v), v < q; `None` when q = 1.
    pub left: Option<Cell>,
}

/// What happens to a bomb where it lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Landing {
    /// It stays.
    Stays,
    /// It lands on a bomb: both vanish.
    OnBomb,
    /// It lands on (1, 1) and vanishes.
    OnCorner,
}

impl BombMove {
    /// The new bombs, `above` first, before any of them vanish.
    pub fn placed(&self) -> impl Iterator<Item = Cell> {
        self.above.into_iter().chain(self.left)
    }

    /// Whether this move can be made on `board` under the statement's rules.
    pub fn is_legal(&self, board: &Board) -> bool {
        let (p, q) = (self.explode.row, self.explode.col);
        let above_ok = match self.above {
            None => p == 1,
            Some(c) => p > 1 && c.col == q && c.row < p,
        };
        let left_ok = match self.left {
            None => q == 1,
            Some(c) => q > 1 && c.row == p && c.col < q,
        };
        board.has_bomb(p, q) && (p, q) != (1, 1) && above_ok && left_ok
    }
}

impl Board {
    /// The statement's rule that a bomb on (1, 1) vanishes at once, applied
    /// to a board given whole (a judge case, a position sent to the
    /// playground): the one place the rule lives besides [`Board::play`].
    pub fn settle(&mut self) {
        self.set(1, 1, false);
    }

    /// Where a new bomb on `cell` ends up on this board.
    pub fn landing(&self, cell: Cell) -> Landing {
        if (cell.row, cell.col) == (1, 1) {
            Landing::OnCorner
        } else if self.has_bomb(cell.row, cell.col) {
            Landing::OnBomb
        } else {
            Landing::Stays
        }
    }

    /// Plays `mv`, which must be legal: the bomb goes, and each new bomb
    /// lands, vanishing on (1, 1) or together with a bomb it lands on.
    pub fn play(&mut self, mv: &BombMove) {
        self.set(mv.explode.row, mv.explode.col, false);
        for cell in mv.placed() {
            if self.landing(cell) != Landing::OnCorner {
                self.toggle(cell.row, cell.col);
            }
        }
    }
}

/// The positions of the set bits of `word`, lowest first.
pub(super) fn set_bits(mut word: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (word != 0).then(|| {
            let bit = word.trailing_zeros() as usize;
            word &= word - 1;
            bit
        })
    })
}

/// The dimensions of a board, as `u32`s, if it has at most [`MAX_CELLS`]
/// cells and at least one.
pub(super) fn check_dimensions(rows: u64, cols: u64) -> Result<(u32, u32), BoardTooLarge> {
    if rows == 0 || cols == 0 || rows.saturating_mul(cols) > MAX_CELLS {
        return Err(BoardTooLarge { rows, cols });
    }
    // Both fit: each is at most MAX_CELLS, which is u32::MAX.
    Ok((rows as u32, cols as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_are_bitsets_with_cancellation() {
        let mut board = Board::new(3, 130).unwrap();
        for (r, c) in [(1, 1), (2, 64), (2, 65), (3, 130)] {
            assert!(board.toggle(r, c));
        }
        assert!(board.has_bomb(2, 65) && !board.has_bomb(2, 66));
        assert_eq!(board.bomb_count(), 4);
        let cells: Vec<(u32, u32)> = board.bombs().map(|c| (c.row(), c.col())).collect();
        assert_eq!(cells, [(1, 1), (2, 64), (2, 65), (3, 130)]);
        // A bomb landing on a bomb: both vanish.
        board.toggle(2, 64);
        assert_eq!(board.bomb_count(), 3);
        assert!(!board.toggle(4, 1) && !board.has_bomb(0, 1));
    }
}
