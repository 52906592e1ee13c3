//! Where tables are kept: a [`TableStore`] between runs, the finished table
//! with what is derived from it, shared between games.

use std::sync::{Arc, Mutex, OnceLock};

use super::sums::ByteSums;
use super::BombTable;

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
pub(super) const WORTH_STORING: u64 = 128 * 128;

/// A table store and what this game took from it.
#[derive(Clone)]
pub(super) struct Stored {
    pub(super) store: Arc<Mutex<dyn TableStore>>,
    /// A stored table larger than this is left alone.
    pub(super) max_cells: u64,
    /// Whether the store was read (it is, once, when a large board needs
    /// more than the table in memory).
    pub(super) consulted: bool,
    /// Cells of the table read from the store.
    pub(super) loaded: u64,
}

/// A finished table and what is derived from it, shared (behind an `Arc`)
/// between games and never changed: growing makes a new one.
#[derive(Debug, Default)]
pub(super) struct Computed {
    pub(super) table: BombTable,
    /// Sums of table values by byte of a board row, for small tables;
    /// made when first needed.
    pub(super) bytes: OnceLock<ByteSums>,
}

impl Computed {
    pub(super) fn new(table: BombTable) -> Arc<Computed> {
        Arc::new(Computed {
            table,
            bytes: OnceLock::new(),
        })
    }
}

/// The key of the Bomb table on a [`Shelf`].
pub(super) const SHELF_KEY: &str = "bomb";
