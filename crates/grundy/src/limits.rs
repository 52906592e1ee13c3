//! The limits a front end sets on what it is asked to compute.

/// The limits a front end sets on positions, checked before anything is
/// allocated for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most cells of a kept case or table; boards and tables must fit
    /// in a square of this many cells.
    pub max_cells: u64,
    /// The largest heap of a heap game (its values are computed up to it).
    pub max_heap: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_cells: crate::DEFAULT_MAX_CELLS,
            max_heap: crate::DEFAULT_MAX_HEAP,
        }
    }
}

impl Limits {
    /// The longest side of a board or table that fits in `max_cells`.
    pub fn max_side(&self) -> u64 {
        self.max_cells.isqrt()
    }
}
