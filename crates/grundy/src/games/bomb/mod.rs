//! The Bomb Game.
//!
//! Bombs lie on an n×m board. Exploding the bomb at (p, q) removes it and
//! places one bomb at (u, q) above it and one at (p, v) left of it (only one
//! of them on row 1 or column 1). Two bombs on one cell, or a bomb at (1, 1),
//! vanish at once. The player who cannot move loses.
//!
//! # Why the reduction is correct
//! A bomb never interacts with another bomb except by landing on it, so a
//! board is the disjunctive sum of its bombs. When a bomb lands on another,
//! both vanish; in the sum that is `g ^ g = *0`, exactly what removing the two
//! does, so cancellation is already accounted for by the nim-sum. A bomb at
//! (1, 1) has no move: value `*0`. A bomb on row 1 at column q moves to any
//! (1, v) with v < q: a Nim heap of size q − 1 (likewise on column 1). Any
//! other bomb's options are the sums of two bombs, so with 0-based indices
//!
//! ```text
//! sg(0, j) = j,  sg(i, 0) = i,
//! sg(i, j) = mex { sg(u, j) ^ sg(i, v) : u < i, v < j }.
//! ```
//!
//! The table depends only on the board's dimensions, so [`BombTable`] is
//! computed once, grown on demand, and every board is a lookup per bomb.
//! The tests check it against a search over the literal rules.

mod game;
mod misere;
mod notation;
mod reader;
mod table;

pub use game::cell_text;
pub use misere::{is_dense, BoardRules, BombMisere, DenseTable, DENSE_CELLS};
pub use notation::{notation, parse_move};
pub use reader::BombReader;
pub use table::{BombTable, CacheError, Progress};

use std::ops::ControlFlow;
use std::sync::{Arc, Mutex, OnceLock};

use crate::nimber::Nimber;
use crate::shared::{Cancel, Shelf};
use crate::solve::{bit, top_bit, BitCounts};

/// The most cells a board can have at all: its table holds a `u32` value
/// per cell, and positions are `u32`s. Readers and the command line apply a
/// much smaller limit, [`DEFAULT_MAX_CELLS`](crate::DEFAULT_MAX_CELLS) unless
/// told otherwise.
pub const MAX_CELLS: u64 = u32::MAX as u64;

/// A cell of the board, 1-indexed as in the statement (row 1 is the top).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    row: u32,
    col: u32,
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
    rows: u32,
    cols: u32,
    /// 64-bit words per row.
    stride: usize,
    /// Row-major bitset: bit `c % 64` of word `r * stride + c / 64` is cell
    /// (r + 1, c + 1).
    bits: Vec<u64>,
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

    fn index(&self, row: u32, col: u32) -> Option<(usize, u64)> {
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

    fn row_words(&self) -> impl Iterator<Item = &[u64]> + '_ {
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
fn set_bits(mut word: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (word != 0).then(|| {
            let bit = word.trailing_zeros() as usize;
            word &= word - 1;
            bit
        })
    })
}

pub(super) fn check_dimensions(rows: u64, cols: u64) -> Result<(u32, u32), BoardTooLarge> {
    if rows == 0 || cols == 0 || rows.saturating_mul(cols) > MAX_CELLS {
        return Err(BoardTooLarge { rows, cols });
    }
    // Both fit: each is at most MAX_CELLS, which is u32::MAX.
    Ok((rows as u32, cols as u32))
}

/// Where finished tables are kept between runs (a file in the user's cache
/// directory, say). A store only keeps bytes: the game checks what it reads
/// back ([`BombTable::from_bytes`]) and ignores anything damaged.
pub trait TableStore: Send {
    /// The bytes saved last, if any.
    fn load(&mut self) -> Option<Vec<u8>>;
    /// Keeps `bytes` in place of what was saved. A store that cannot write
    /// says nothing: a cache is never a reason to fail.
    fn save(&mut self, bytes: &[u8]);
}

/// Tables smaller than this many cells are cheaper to compute than to read.
const WORTH_STORING: u64 = 128 * 128;

/// A table store and what this game took from it.
#[derive(Clone)]
struct Stored {
    store: Arc<Mutex<dyn TableStore>>,
    /// A stored table larger than this is left alone.
    max_cells: u64,
    /// Whether the store was read (it is, once, when a large board needs
    /// more than the table in memory).
    consulted: bool,
    /// Cells of the table read from the store.
    loaded: u64,
}

/// A finished table and what is derived from it, shared (behind an `Arc`)
/// between games and never changed: growing makes a new one.
#[derive(Debug, Default)]
struct Computed {
    table: BombTable,
    /// Sums of table values by byte of a board row, for small tables;
    /// made when first needed.
    bytes: OnceLock<ByteSums>,
}

impl Computed {
    fn new(table: BombTable) -> Arc<Computed> {
        Arc::new(Computed {
            table,
            bytes: OnceLock::new(),
        })
    }
}

/// The key of the Bomb table on a [`Shelf`].
const SHELF_KEY: &str = "bomb";

/// The Bomb Game as a sum of bombs, backed by a [`BombTable`].
#[derive(Clone, Default)]
pub struct BombGame {
    computed: Arc<Computed>,
    /// Told how a long table computation is going.
    progress: Option<Progress>,
    /// Where tables are kept between runs.
    stored: Option<Stored>,
    /// Where tables are shared with other games of the same front end.
    shelf: Option<Arc<Shelf>>,
    /// Raised to stop a table computation.
    cancel: Option<Cancel>,
    /// Whether a table computation was stopped: the table is then wrong,
    /// and is neither shared nor kept.
    cancelled: bool,
    /// The most threads a table computation may use (all cores if `None`).
    threads: Option<usize>,
}

impl std::fmt::Debug for BombGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BombGame")
            .field("table", &(self.table().rows(), self.table().cols()))
            .field("reports_progress", &self.progress.is_some())
            .finish()
    }
}

/// For each table row and each group of 8 columns, the XOR of the values
/// picked by every byte: a board row is then summed in one lookup per 8
/// cells, with no branch on where its bombs are. Kept for tables of up to
/// [`ByteSums::MAX_CELLS`] cells (128 bytes a cell).
#[derive(Clone, Debug, Default)]
struct ByteSums {
    /// Table dimensions these sums were made for.
    rows: usize,
    cols: usize,
    /// Groups of 8 columns per row.
    groups: usize,
    /// `sums[(row * groups + group) * 256 + byte]`.
    sums: Vec<u32>,
}

impl ByteSums {
    const MAX_CELLS: usize = 1 << 16;

    /// Makes the sums for `table`, or none when it is too large.
    fn build(table: &BombTable) -> ByteSums {
        let (rows, cols) = (table.rows() as usize, table.cols() as usize);
        if rows * cols > Self::MAX_CELLS {
            return ByteSums {
                rows,
                cols,
                ..ByteSums::default()
            };
        }
        let groups = cols.div_ceil(8);
        let mut sums = vec![0u32; rows * groups * 256];
        for r in 0..rows {
            let values = table.row(r);
            for g in 0..groups {
                let base = (r * groups + g) * 256;
                for byte in 1..256usize {
                    let low = byte.trailing_zeros() as usize;
                    let value = values.get(g * 8 + low).copied().unwrap_or(0);
                    sums[base + byte] = sums[base + (byte & (byte - 1))] ^ value;
                }
            }
        }
        ByteSums {
            rows,
            cols,
            groups,
            sums,
        }
    }

    /// The value of `board`, if these sums cover it.
    fn value(&self, board: &Board) -> Option<u32> {
        if self.sums.is_empty()
            || board.rows as usize > self.rows
            || board.cols as usize > self.cols
        {
            return None;
        }
        let mut sum = 0;
        for (r, words) in board.row_words().enumerate() {
            let row = &self.sums[r * self.groups * 256..(r + 1) * self.groups * 256];
            for (w, &word) in words.iter().enumerate() {
                for (k, byte) in word.to_le_bytes().into_iter().enumerate() {
                    if let Some(group) = row.get((w * 8 + k) * 256..(w * 8 + k + 1) * 256) {
                        sum ^= group[usize::from(byte)];
                    }
                }
            }
        }
        Some(sum)
    }
}

impl BombGame {
    /// A game with an empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// A game starting from a table computed before (say, from a cache).
    pub fn with_table(table: BombTable) -> Self {
        BombGame {
            computed: Computed::new(table),
            ..BombGame::default()
        }
    }

    /// Takes a table computed before (say, from a cache), keeping the rest.
    pub fn replace_table(&mut self, table: BombTable) {
        self.computed = Computed::new(table);
    }

    /// Shares tables through `shelf`: starts from the table there, if it is
    /// larger than this game's, and offers back every table it grows.
    pub fn share_tables_on(&mut self, shelf: Arc<Shelf>) {
        if let Some(computed) = shelf.get::<Computed>(SHELF_KEY) {
            if cells(&computed.table) > cells(self.table()) {
                self.computed = computed;
            }
        }
        self.shelf = Some(shelf);
    }

    /// Computes tables on at most `threads` threads (at least one).
    pub fn use_threads(&mut self, threads: usize) {
        self.threads = Some(threads.max(1));
    }

    /// Whether a table computation was stopped by the flag of
    /// [`Game::stop_when`](crate::game::Game::stop_when).
    pub fn was_cancelled(&self) -> bool {
        self.cancelled
    }

    /// Grows the table to cover `rows` × `cols` (at most [`MAX_CELLS`], as
    /// boards and cells are), from the store when it has a large enough one.
    fn grow(&mut self, rows: u32, cols: u32) {
        if rows <= self.table().rows() && cols <= self.table().cols() {
            return;
        }
        self.take_stored_table(rows, cols);
        if rows <= self.table().rows() && cols <= self.table().cols() {
            return;
        }
        // Grown off the shelf: other games keep reading the old table.
        let mut table = self.table().clone();
        let finished = table.grow(
            rows as usize,
            cols as usize,
            self.progress.as_ref(),
            self.cancel.as_ref(),
            self.threads,
        );
        self.computed = Computed::new(table);
        if !finished {
            self.cancelled = true;
            return;
        }
        if let Some(shelf) = &self.shelf {
            shelf.offer(SHELF_KEY, Arc::clone(&self.computed), |new, old| {
                cells(&new.table) > cells(&old.table)
            });
        }
    }

    /// Keeps tables in `store` between runs: a large board that needs more
    /// than the table in memory reads the stored table (once, and only one
    /// of at most `max_cells` cells), and [`BombGame::keep_table`] saves a
    /// table grown larger than the stored one.
    pub fn keep_tables_in(&mut self, store: Arc<Mutex<dyn TableStore>>, max_cells: u64) {
        self.stored = Some(Stored {
            store,
            max_cells,
            consulted: false,
            loaded: 0,
        });
    }

    fn take_stored_table(&mut self, rows: u32, cols: u32) {
        let Some(stored) = &mut self.stored else {
            return;
        };
        if stored.consulted || u64::from(rows) * u64::from(cols) < WORTH_STORING {
            return;
        }
        stored.consulted = true;
        let Some(bytes) = stored.store.lock().ok().and_then(|mut s| s.load()) else {
            return;
        };
        // A damaged or foreign file is ignored, and replaced when we keep.
        if let Ok(table) = BombTable::from_bytes(&bytes) {
            if cells(&table) > cells(&self.computed.table) && cells(&table) <= stored.max_cells {
                stored.loaded = cells(&table);
                self.replace_table(table);
            }
        }
    }

    /// Saves the table to the store, if it is worth keeping and larger than
    /// the stored one.
    pub fn keep_table(&mut self) {
        let Some(stored) = &self.stored else { return };
        if self.cancelled {
            return;
        }
        let own = cells(self.table());
        if own < WORTH_STORING || own <= stored.loaded {
            return;
        }
        let Ok(mut store) = stored.store.lock() else {
            return;
        };
        // Only replace a stored table that is smaller (or unreadable).
        if !stored.consulted {
            let existing = store.load().and_then(|b| BombTable::from_bytes(&b).ok());
            if existing.is_some_and(|t| cells(&t) >= own) {
                return;
            }
        }
        store.save(&self.table().to_bytes());
    }

    /// Reports the progress of every table computation to `progress`.
    pub fn report_progress(&mut self, progress: Progress) {
        self.progress = Some(progress);
    }

    /// The table computed so far.
    pub fn table(&self) -> &BombTable {
        &self.computed.table
    }

    /// The value of a whole board (the table grows to cover it first).
    pub fn board_value(&mut self, board: &Board) -> Nimber {
        self.grow(board.rows, board.cols);
        let computed = &*self.computed;
        let bytes = computed
            .bytes
            .get_or_init(|| ByteSums::build(&computed.table));
        if let Some(sum) = bytes.value(board) {
            return Nimber::from(sum);
        }
        let mut sum = 0u32;
        for (r, words) in board.row_words().enumerate() {
            let values = self.table().row(r);
            for (w, &word) in words.iter().enumerate() {
                for b in set_bits(word) {
                    sum ^= values[w * 64 + b];
                }
            }
        }
        Nimber::from(sum)
    }
}

/// Solving: winning moves and the best try from a lost position.
impl BombGame {
    /// The value of one bomb at `cell` (the table grows to cover it).
    pub fn bomb_value(&mut self, cell: Cell) -> Nimber {
        self.grow(cell.row, cell.col);
        Nimber::from(self.table().get(cell.row, cell.col).unwrap_or(0))
    }

    /// Calls `visit` with every move of the bomb at `cell` whose new bombs
    /// are worth `target` together, in order of the new bombs' rows, then
    /// columns, until `visit` breaks.
    pub(super) fn moves_to(
        &mut self,
        cell: Cell,
        target: u32,
        visit: &mut dyn FnMut(BombMove) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let (p, q) = (cell.row, cell.col);
        self.grow(p, q);
        let single = |above: Option<Cell>, left: Option<Cell>| BombMove {
            explode: cell,
            above,
            left,
        };
        match (p, q) {
            (1, 1) => ControlFlow::Continue(()),
            // Row 1 and column 1 are Nim heaps: (1, v) is worth v − 1.
            (1, _) if target + 1 >= q => ControlFlow::Continue(()),
            (1, _) => visit(single(
                None,
                Some(Cell {
                    row: 1,
                    col: target + 1,
                }),
            )),
            (_, 1) if target + 1 >= p => ControlFlow::Continue(()),
            (_, 1) => visit(single(
                Some(Cell {
                    row: target + 1,
                    col: 1,
                }),
                None,
            )),
            _ => {
                let row = &self.table().row(p as usize - 1)[..q as usize - 1];
                let mut by_value: Vec<(u32, u32)> = row
                    .iter()
                    .enumerate()
                    .map(|(v, &g)| (g, v as u32 + 1))
                    .collect();
                by_value.sort_unstable();
                for u in 1..p {
                    let Some(above_value) = self.table().get(u, q) else {
                        continue;
                    };
                    let want = target ^ above_value;
                    let from = by_value.partition_point(|&(g, _)| g < want);
                    for &(_, v) in by_value[from..].iter().take_while(|&&(g, _)| g == want) {
                        let mv =
                            single(Some(Cell { row: u, col: q }), Some(Cell { row: p, col: v }));
                        visit(mv)?;
                    }
                }
                ControlFlow::Continue(())
            }
        }
    }

    /// A best try's score of `mv` ([`crate::solve::answer_score`] of the
    /// board after it), without making it: the bombs holding the top bit
    /// of the new nim-sum are those before, less the one exploded and any a
    /// new bomb lands on, plus the new bombs that stay. One unit of work.
    pub fn score_move(&mut self, board: &Board, before: &BitCounts, mv: &BombMove) -> u64 {
        let g = self.bomb_value(mv.explode);
        let placed: Vec<(Cell, Nimber)> = mv.placed().map(|c| (c, self.bomb_value(c))).collect();
        let sum = placed
            .iter()
            .fold(before.nim_sum() ^ g, |sum, &(_, v)| sum ^ v);
        let Some(h) = top_bit(sum) else {
            return 0;
        };
        let mut holders = i64::from(before.count(h)) - i64::from(bit(g, h));
        for &(c, v) in &placed {
            holders += match board.landing(c) {
                Landing::Stays => i64::from(bit(v, h)),
                Landing::OnBomb => -i64::from(bit(v, h)),
                Landing::OnCorner => 0,
            };
        }
        holders.max(0) as u64
    }
}

fn cells(table: &BombTable) -> u64 {
    u64::from(table.rows()) * u64::from(table.cols())
}

/// The table by the plain recurrence, as the reference program computes it:
/// O(rows² · cols²), for tests of [`BombTable`].
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_checked_before_any_work() {
        assert!(Board::new(0, 5).is_err());
        assert!(Board::new(1 << 16, 1 << 16).is_err());
        assert!(Board::new(u64::MAX, u64::MAX).is_err());
        assert!(BombTable::new().ensure(1 << 16, 1 << 16).is_err());
        assert!(Cell::new(0, 1).is_none());
        assert!(Cell::new(1 << 16, 1 << 16).is_none());
        assert!(Cell::new(1, u32::MAX).is_some());
        let mut board = Board::new(2, 3).unwrap();
        assert!(board.set(2, 3, true));
        assert!(!board.set(3, 1, true));
        assert_eq!(
            board.bombs().collect::<Vec<_>>(),
            [Cell::new(2, 3).unwrap()]
        );
    }

    #[test]
    fn seed_samples() {
        let mut game = BombGame::new();
        let mut one = Board::new(2, 2).unwrap();
        one.set(1, 2, true);
        assert!(!game.board_value(&one).is_zero()); // John
        let mut two = Board::new(2, 2).unwrap();
        two.set(1, 2, true);
        two.set(2, 2, true);
        assert!(game.board_value(&two).is_zero()); // Jack
        let sum = two
            .bombs()
            .fold(Nimber::ZERO, |s, c| s ^ game.bomb_value(c));
        assert_eq!(sum, game.board_value(&two));
    }

    #[test]
    fn byte_sums_agree_with_bombs_one_by_one() {
        let mut game = BombGame::new();
        let mut state = 0x1234_5678_9ABC_DEF1u64;
        for (rows, cols) in [(1, 1), (3, 70), (50, 50), (9, 130), (300, 300)] {
            let mut board = Board::new(rows, cols).unwrap();
            for _ in 0..rows * cols / 3 + 1 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                board.toggle((state % rows) as u32 + 1, (state / rows % cols) as u32 + 1);
            }
            let bombs: Vec<Cell> = board.bombs().collect();
            let one_by_one = bombs
                .iter()
                .fold(Nimber::ZERO, |sum, c| sum ^ game.bomb_value(*c));
            assert_eq!(game.board_value(&board), one_by_one, "{rows}×{cols}");
        }
    }

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
