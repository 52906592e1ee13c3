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

mod board;
mod game;
mod misere;
mod notation;
mod reader;
mod rules;
mod store;
mod sums;
mod table;

pub use board::{Board, BoardTooLarge, BombMove, Cell, MAX_CELLS};
pub use game::cell_text;
pub use misere::{is_dense, BoardRules, BombMisere, DenseTable, DENSE_CELLS};
pub use notation::{notation, parse_move};
pub use reader::BombReader;
pub use rules::{naive_table, BombRules};
pub use store::TableStore;
pub use table::{BombTable, CacheError, Progress};

use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};

use crate::nimber::Nimber;
use crate::shared::{Cancel, Shelf};
use crate::solve::{bit, top_bit, BitCounts};
use board::{check_dimensions, set_bits, Landing};
use store::{Computed, Stored, SHELF_KEY, WORTH_STORING};
use sums::ByteSums;

/// The game this module registers (see `games/mod.rs`).
pub type Registration = BombGame;

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
}
