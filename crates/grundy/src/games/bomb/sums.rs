//! Sums of table values by byte of a board row: a small table's boards
//! valued one lookup per 8 cells.

use super::{Board, BombTable};

/// For each table row and each group of 8 columns, the XOR of the values
/// picked by every byte: a board row is then summed in one lookup per 8
/// cells, with no branch on where its bombs are. Kept for tables of up to
/// [`ByteSums::MAX_CELLS`] cells (128 bytes a cell).
#[derive(Clone, Debug, Default)]
pub(super) struct ByteSums {
    /// Table dimensions these sums were made for.
    pub(super) rows: usize,
    pub(super) cols: usize,
    /// Groups of 8 columns per row.
    pub(super) groups: usize,
    /// `sums[(row * groups + group) * 256 + byte]`.
    pub(super) sums: Vec<u32>,
}

impl ByteSums {
    pub(super) const MAX_CELLS: usize = 1 << 16;

    /// Makes the sums for `table`, or none when it is too large.
    pub(super) fn build(table: &BombTable) -> ByteSums {
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
    pub(super) fn value(&self, board: &Board) -> Option<u32> {
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
