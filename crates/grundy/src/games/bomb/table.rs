//! The Grundy table of one bomb, and how it is computed quickly.
//!
//! Cell (i, j) (0-based) needs `mex { a ^ b : a in column j above it, b in
//! row i left of it }`. Candidates are tested 512 at a time, one *block*
//! `512·g … 512·g + 511` after another, until a block is not covered.
//!
//! Write every value as `512·block + low`. Then `a ^ b` lands in block `g`
//! exactly when `block(a) ^ block(b) = g`, at `low(a) ^ low(b)`. So for each
//! element `b` of the row, block `g ^ block(b)` of the column's bitset,
//! with its 512 bits re-ordered by `low(b)`, is what `b` covers in block g:
//! with AVX-512 that is one byte permutation (`vpermb`, by `low(b) / 8`) and
//! one bit permutation inside each byte (`gf2p8affineqb`, by `low(b) mod 8`).
//!
//! Two things make the search short. The row prefix is kept grouped by
//! block, so the elements that meet the same column block are visited
//! together; and the column blocks are visited from the fullest down, since
//! a full block covers the most candidates per row element. A block is
//! usually proven covered long before the row is exhausted.
//!
//! Below the diagonal the row prefix is the shorter of the two, so it is
//! the one iterated; above it, the table's symmetry gives the value from its
//! mirror image. Column j only needs the columns before it up to the row it
//! is on, so the columns are dealt out to threads in turn and each waits,
//! cell by cell, for the column on its left: a pipeline that keeps every
//! core busy.

use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;

use super::{check_dimensions, BoardTooLarge};
use crate::persist::{self, Format, HeaderError};
use crate::shared::Cancel;

/// Told, as a table grows, how many of the new cells are done and how many
/// there are in all; called from the threads that compute them.
pub type Progress = Arc<dyn Fn(u64, u64) + Send + Sync>;

/// Below this many cells the table is computed on one thread.
const PARALLEL_FROM: usize = 256 * 256;

/// The Grundy values of a single bomb on every cell of a `rows` × `cols`
/// board, grown on demand and never shrunk.
#[derive(Clone, Debug, Default)]
pub struct BombTable {
    rows: usize,
    cols: usize,
    /// Row-major values, 0-based.
    by_row: Vec<u32>,
}

impl BombTable {
    /// An empty table; it grows with [`BombTable::ensure`].
    pub fn new() -> Self {
        Self::default()
    }

    /// Rows covered so far.
    pub fn rows(&self) -> u32 {
        self.rows as u32
    }

    /// Columns covered so far.
    pub fn cols(&self) -> u32 {
        self.cols as u32
    }

    /// Grows the table to cover at least `rows` × `cols`, computing only the
    /// cells it did not have.
    pub fn ensure(&mut self, rows: u32, cols: u32) -> Result<(), BoardTooLarge> {
        let (rows, cols) = check_dimensions(u64::from(rows), u64::from(cols))?;
        self.grow(rows as usize, cols as usize, None, None, None);
        Ok(())
    }

    /// [`BombTable::ensure`] for dimensions already checked, reporting to
    /// `progress` if given, on at most `threads` threads (all cores when
    /// `None`). Returns false if `cancel` stopped it: the new cells are then
    /// wrong.
    pub(super) fn grow(
        &mut self,
        rows: usize,
        cols: usize,
        progress: Option<&Progress>,
        cancel: Option<&Cancel>,
        threads: Option<usize>,
    ) -> bool {
        if rows <= self.rows && cols <= self.cols {
            return true;
        }
        let threads = if rows.max(self.rows) * cols.max(self.cols) >= PARALLEL_FROM {
            crate::platform::threads(threads)
        } else {
            1
        };
        self.grow_with(rows, cols, threads, progress, cancel)
    }

    /// Grows the table using `threads` threads; false if cancelled.
    fn grow_with(
        &mut self,
        rows: usize,
        cols: usize,
        threads: usize,
        progress: Option<&Progress>,
        cancel: Option<&Cancel>,
    ) -> bool {
        self.grow_searching(rows, cols, threads, progress, simd_available(), cancel)
    }

    /// Grows the table; `simd` chooses the AVX-512 search (where available).
    fn grow_searching(
        &mut self,
        rows: usize,
        cols: usize,
        threads: usize,
        progress: Option<&Progress>,
        simd: bool,
        cancel: Option<&Cancel>,
    ) -> bool {
        let (old_rows, old_cols) = (self.rows, self.cols);
        let (rows, cols) = (rows.max(old_rows), cols.max(old_cols));
        let cells: Vec<AtomicU32> = (0..rows * cols).map(|_| AtomicU32::new(0)).collect();
        for i in 0..old_rows {
            for j in 0..old_cols {
                cells[i * cols + j].store(self.by_row[i * old_cols + j], Ordering::Relaxed);
            }
        }
        let work = Work {
            cells,
            progress: (0..cols).map(|_| AtomicUsize::new(0)).collect(),
            row_prefixes: (0..rows)
                .map(|_| Mutex::new(RowPrefix::default()))
                .collect(),
            rows,
            cols,
            known: (old_rows, old_cols),
            threads: threads.clamp(1, cols.max(1)),
            report: progress.cloned(),
            simd,
            done: AtomicU64::new(0),
            total: (rows * cols - old_rows * old_cols) as u64,
            cancel: cancel.cloned(),
        };
        if work.threads == 1 {
            for j in 0..cols {
                work.column(j);
            }
        } else {
            thread::scope(|scope| {
                for first in 0..work.threads {
                    let work = &work;
                    scope.spawn(move || {
                        for j in (first..cols).step_by(work.threads) {
                            work.column(j);
                        }
                    });
                }
            });
        }
        let finished = !work.stopped();
        self.rows = rows;
        self.cols = cols;
        self.by_row = work.cells.into_iter().map(AtomicU32::into_inner).collect();
        finished
    }

    /// The Grundy value of one bomb at 1-based (`row`, `col`), if the table
    /// covers it.
    pub fn get(&self, row: u32, col: u32) -> Option<u32> {
        let (i, j) = (
            (row as usize).checked_sub(1)?,
            (col as usize).checked_sub(1)?,
        );
        if i < self.rows && j < self.cols {
            Some(self.by_row[i * self.cols + j])
        } else {
            None
        }
    }

    /// A 64-bit FNV-1a hash of the values, row by row, for checking a table
    /// against a known one.
    pub fn checksum(&self) -> u64 {
        checksum(&self.by_row)
    }

    /// The table as bytes for a cache file: a magic word, the format
    /// version, the dimensions, the values, and a checksum of all that.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(24 + 4 * self.by_row.len() + 8);
        bytes.extend_from_slice(&FORMAT.header());
        bytes.extend_from_slice(&(self.rows as u32).to_le_bytes());
        bytes.extend_from_slice(&(self.cols as u32).to_le_bytes());
        for v in &self.by_row {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        let sum = file_sum(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        bytes
    }

    /// Reads a table written by [`BombTable::to_bytes`], trusting nothing: a
    /// wrong length, magic word, version, size or checksum is an error.
    pub fn from_bytes(bytes: &[u8]) -> Result<BombTable, CacheError> {
        let header = persist::HEADER + 4 + 4;
        // The header and a checksum at least; shorter is no table at all.
        FORMAT.check(bytes, header + 8).map_err(|e| match e {
            HeaderError::Foreign | HeaderError::Short => CacheError::NotATable,
            HeaderError::Version(v) => CacheError::Version(v),
        })?;
        let word = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        let (rows, cols) = (word(12), word(16));
        if check_dimensions(u64::from(rows), u64::from(cols)).is_err() {
            return Err(CacheError::Damaged);
        }
        let (rows, cols) = (rows as usize, cols as usize);
        let end = header + 4 * rows * cols;
        if bytes.len() != end + 8 {
            return Err(CacheError::Damaged);
        }
        let mut stored = [0u8; 8];
        stored.copy_from_slice(&bytes[end..]);
        if file_sum(&bytes[..end]) != u64::from_le_bytes(stored) {
            return Err(CacheError::Damaged);
        }
        let by_row = bytes[header..end]
            .chunks_exact(4)
            .map(|v| u32::from_le_bytes([v[0], v[1], v[2], v[3]]))
            .collect();
        Ok(BombTable { rows, cols, by_row })
    }

    /// The values of 0-based row `i` (empty past the table).
    pub fn row(&self, i: usize) -> &[u32] {
        if i < self.rows {
            &self.by_row[i * self.cols..(i + 1) * self.cols]
        } else {
            &[]
        }
    }
}

/// Bumped whenever the cache layout or the table's meaning changes
/// (version 2: the file's checksum became a CRC-32).
const FORMAT_VERSION: u32 = 2;
/// How a cached table begins.
const FORMAT: Format = Format {
    magic: b"GRUNDYBT",
    version: FORMAT_VERSION,
};
const FNV_START: u64 = 0xCBF2_9CE4_8422_2325;

/// Why a cached table was not used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CacheError {
    /// The file is not a grundy table.
    #[error("not a grundy Bomb table")]
    NotATable,
    /// Written by another version of grundy.
    #[error("table format version {0}, expected {FORMAT_VERSION}")]
    Version(u32),
    /// Truncated, or its checksum does not match.
    #[error("the table is truncated or damaged")]
    Damaged,
}

/// The checksum a cache file ends with: the CRC-32 (IEEE) of all before it,
/// as eight bytes. A CRC is checked at memory speed; FNV-1a, a byte at a
/// time, took a third of a run that read a 2000×2000 table.
fn file_sum(bytes: &[u8]) -> u64 {
    u64::from(persist::crc32(bytes))
}

fn fnv(mut hash: u64, bytes: &[u8]) -> u64 {
    for &byte in bytes {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01B3);
    }
    hash
}

/// FNV-1a over the little-endian bytes of `values`.
pub fn checksum(values: &[u32]) -> u64 {
    values
        .iter()
        .fold(FNV_START, |hash, v| fnv(hash, &v.to_le_bytes()))
}

/// The N×N table by the plain recurrence, with nothing clever but the
/// symmetry: O(N⁴). The reference the fast table is checked against.
#[cfg(test)]
fn plain_square_table(n: usize) -> Vec<u32> {
    let mut sg = vec![0u32; n * n];
    let mut seen: Vec<u64> = Vec::new();
    for i in 0..n {
        for j in 0..=i {
            let value = if i == 0 {
                j as u32
            } else if j == 0 {
                i as u32
            } else {
                // At most i·j options: the mex is at most that.
                let cap = i * j + 1;
                seen.clear();
                seen.resize(cap / 64 + 1, 0);
                for u in 0..i {
                    let a = sg[u * n + j];
                    for v in 0..j {
                        let x = (a ^ sg[i * n + v]) as usize;
                        if x < cap {
                            seen[x / 64] |= 1 << (x % 64);
                        }
                    }
                }
                let word = seen
                    .iter()
                    .position(|&w| w != u64::MAX)
                    .unwrap_or(seen.len());
                (word * 64 + seen.get(word).map_or(0, |w| w.trailing_ones() as usize)) as u32
            };
            sg[i * n + j] = value;
            sg[j * n + i] = value;
        }
    }
    sg
}

/// A table being filled, shared by the threads.
struct Work {
    /// Row-major cells; each written once, by the thread of its column.
    cells: Vec<AtomicU32>,
    /// `progress[j]`: how many rows of column j are done.
    progress: Vec<AtomicUsize>,
    /// Each row's prefix so far, grouped by block; extended by whichever
    /// thread fills the row's next cell.
    row_prefixes: Vec<Mutex<RowPrefix>>,
    rows: usize,
    cols: usize,
    /// The top-left block that was already computed.
    known: (usize, usize),
    threads: usize,
    report: Option<Progress>,
    /// Whether to search with AVX-512.
    simd: bool,
    /// New cells done so far, and in all.
    done: AtomicU64,
    total: u64,
    /// Raised to stop: the remaining columns are left at 0.
    cancel: Option<Cancel>,
}

impl Work {
    fn cell(&self, i: usize, j: usize) -> u32 {
        self.cells[i * self.cols + j].load(Ordering::Relaxed)
    }

    /// The prefix of row `i`. Only the thread of the column the row has
    /// reached uses it, so the lock is never contended for long.
    fn row_prefix(&self, i: usize) -> std::sync::MutexGuard<'_, RowPrefix> {
        self.row_prefixes[i]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits until column `j` has its first `rows` rows done.
    fn wait(&self, j: usize, rows: usize) {
        let mut spins = 0u32;
        while self.progress[j].load(Ordering::Acquire) < rows {
            spins += 1;
            if spins < 64 {
                std::hint::spin_loop();
            } else {
                thread::yield_now();
            }
        }
    }

    /// Whether the computation was asked to stop.
    fn stopped(&self) -> bool {
        self.cancel.as_ref().is_some_and(Cancel::is_cancelled)
    }

    /// Fills column `j`, top to bottom; once stopped, only marks it done
    /// (its cells stay 0), so threads waiting on it go on and stop too.
    fn column(&self, j: usize) {
        if self.stopped() {
            self.progress[j].store(self.rows, Ordering::Release);
            return;
        }
        let mut prefix = ColumnPrefix::new(self.simd);
        // Other threads may still be filling the columns just before this one.
        let running = j.saturating_sub(self.threads - 1)..j;
        for i in 0..self.rows {
            let value = if i < self.known.0 && j < self.known.1 {
                self.cell(i, j)
            } else if i == 0 {
                j as u32
            } else if j == 0 {
                i as u32
            } else if i < j && j < self.rows {
                // Symmetry: (i, j) mirrors (j, i), in an earlier column.
                self.wait(i, j + 1);
                self.cell(j, i)
            } else {
                for k in running.clone() {
                    self.wait(k, i + 1);
                }
                prefix.mex_of_sums(&self.row_prefix(i))
            };
            self.cells[i * self.cols + j].store(value, Ordering::Relaxed);
            self.row_prefix(i).insert(value);
            prefix.insert(value);
            self.progress[j].store(i + 1, Ordering::Release);
        }
        if let Some(report) = &self.report {
            let known = if j < self.known.1 { self.known.0 } else { 0 };
            let new = (self.rows - known) as u64;
            let done = self.done.fetch_add(new, Ordering::Relaxed) + new;
            report(done, self.total);
        }
    }
}

/// Candidates tested at once, and the size of the blocks values are
/// grouped in: one 512-bit register.
const BLOCK: u32 = 512;

/// Block `k` of a bitset of values: its eight words.
fn block_words(bits: &[u64], k: usize) -> &[u64] {
    &bits[8 * k..8 * k + 8]
}

/// A row's prefix: its values grouped by block, each kept as its low nine
/// bits (`lows[start[h]..start[h + 1]]` are those of block `h`).
#[derive(Clone, Debug)]
struct RowPrefix {
    start: Vec<u32>,
    lows: Vec<u16>,
}

impl Default for RowPrefix {
    fn default() -> Self {
        RowPrefix {
            start: vec![0],
            lows: Vec::new(),
        }
    }
}

impl RowPrefix {
    fn insert(&mut self, b: u32) {
        let block = (b / BLOCK) as usize;
        let len = self.lows.len() as u32;
        if self.start.len() < block + 2 {
            self.start.resize(block + 2, len);
        }
        let end = self.start[block + 1];
        self.lows.insert(end as usize, (b % BLOCK) as u16);
        for s in &mut self.start[block + 1..] {
            *s += 1;
        }
    }

    fn blocks(&self) -> usize {
        self.start.len() - 1
    }

    /// The low bits of the values in block `h`.
    fn block(&self, h: usize) -> &[u16] {
        &self.lows[self.start[h] as usize..self.start[h + 1] as usize]
    }
}

/// A column's prefix as a bitset, with how many of its values fall in each
/// block and the blocks ordered from the fullest down.
#[derive(Clone, Debug)]
struct ColumnPrefix {
    bits: Vec<u64>,
    counts: Vec<u32>,
    /// Block numbers, fullest first.
    order: Vec<u32>,
    /// `place[k]`: where block k is in `order`.
    place: Vec<u32>,
    /// Whether to search with AVX-512 (checked on this CPU; read on
    /// x86-64 only).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    simd: bool,
    /// For the WebAssembly search: each block's bits moved inside their
    /// bytes in the eight ways ([`simd128::Moved`]), brought up to date as
    /// values join rather than made for every group of candidates of every
    /// cell.
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    moved: Vec<simd128::Moved>,
}

impl ColumnPrefix {
    fn new(simd: bool) -> Self {
        ColumnPrefix {
            bits: Vec::new(),
            counts: Vec::new(),
            order: Vec::new(),
            place: Vec::new(),
            simd,
            #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
            moved: Vec::new(),
        }
    }

    fn insert(&mut self, a: u32) {
        let block = (a / BLOCK) as usize;
        while self.counts.len() <= block {
            let k = self.counts.len() as u32;
            self.counts.push(0);
            self.place.push(k);
            self.order.push(k);
            self.bits.extend_from_slice(&[0; 8]);
        }
        self.bits[(a / 64) as usize] |= 1 << (a % 64);
        self.counts[block] += 1;
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            self.moved
                .resize(self.counts.len(), simd128::Moved::default());
            self.moved[block].add(a % BLOCK);
        }
        // Move the block up past the ones it now outnumbers.
        let mut at = self.place[block] as usize;
        while at > 0 && self.counts[self.order[at - 1] as usize] < self.counts[block] {
            let other = self.order[at - 1];
            self.order[at] = other;
            self.place[other as usize] = at as u32;
            at -= 1;
        }
        self.order[at] = block as u32;
        self.place[block] = at as u32;
    }

    /// `mex { a ^ b : a in self, b in row }`.
    fn mex_of_sums(&self, row: &RowPrefix) -> u32 {
        let used = self
            .order
            .iter()
            .position(|&k| self.counts[k as usize] == 0)
            .unwrap_or(self.order.len());
        let order = &self.order[..used];
        #[cfg(target_arch = "x86_64")]
        if self.simd {
            if let Some(mex) = avx512::mex_of_sums(&self.bits, order, row) {
                return mex;
            }
        }
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        if crate::cpu::features().simd128 {
            return simd128::mex_of_sums(&self.moved, order, row);
        }
        let mut group = 0usize;
        loop {
            let mut missing = [u64::MAX; 8];
            'search: for &k in order {
                let h = group ^ k as usize;
                if h >= row.blocks() {
                    continue;
                }
                let words = block_words(&self.bits, k as usize);
                for &low in row.block(h) {
                    // Word w of the candidates meets word w ^ (low / 64)
                    // of the column block, its bits moved by low mod 64.
                    let mut left = 0;
                    for (w, m) in missing.iter_mut().enumerate() {
                        if *m != 0 {
                            let source = words[w ^ usize::from(low / 64)];
                            *m &= !xor_bit_positions(source, u32::from(low % 64));
                        }
                        left |= *m;
                    }
                    if left == 0 {
                        break 'search;
                    }
                }
            }
            if let Some(w) = missing.iter().position(|&m| m != 0) {
                return group as u32 * BLOCK + 64 * w as u32 + missing[w].trailing_zeros();
            }
            group += 1;
        }
    }
}

/// `v` with bit `r` moved to bit `r ^ s`, for `s < 64`.
fn xor_bit_positions(mut v: u64, s: u32) -> u64 {
    const MASKS: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF,
    ];
    for (level, mask) in MASKS.iter().enumerate() {
        if (s >> level) & 1 != 0 {
            let shift = 1 << level;
            v = ((v >> shift) & mask) | ((v & mask) << shift);
        }
    }
    v
}

/// Whether this CPU can run the AVX-512 search.
fn simd_available() -> bool {
    crate::cpu::features().bomb_avx512()
}

/// The mex search on 512 candidates at a time: intrinsics, and loads whose
/// bounds are checked just before.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx512 {
    use std::arch::x86_64::*;

    use super::RowPrefix;

    /// Whether the CPU has every extension the search uses.
    pub fn available() -> bool {
        crate::cpu::features().bomb_avx512()
    }

    /// A 64-byte aligned table, so each entry is one cache line.
    #[repr(C, align(64))]
    struct Lines<T>(T);

    /// Byte permutations: entry `s` takes byte `k` from byte `k ^ s`.
    static SHUFFLES: Lines<[[u8; 64]; 64]> = Lines({
        let mut table = [[0u8; 64]; 64];
        let mut s = 0;
        while s < 64 {
            let mut k = 0;
            while k < 64 {
                table[s][k] = (k ^ s) as u8;
                k += 1;
            }
            s += 1;
        }
        table
    });

    /// Bit matrices for `gf2p8affineqb`: entry `t` takes bit `i` of each
    /// byte from bit `i ^ t`.
    static MATRICES: [u64; 8] = {
        let mut table = [0u64; 8];
        let mut t = 0;
        while t < 8 {
            let mut i = 0;
            while i < 8 {
                table[t] |= (1u64 << (i ^ t)) << (8 * (7 - i));
                i += 1;
            }
            t += 1;
        }
        table
    };

    /// [`super::ColumnPrefix::mex_of_sums`] with AVX-512, or `None` on a CPU
    /// without it.
    pub fn mex_of_sums(bits: &[u64], order: &[u32], row: &RowPrefix) -> Option<u32> {
        let fits = order.iter().all(|&k| 8 * k as usize + 8 <= bits.len());
        if !fits || !available() {
            return None;
        }
        // SAFETY: the CPU has the extensions, and every block of `order`
        // lies inside `bits`.
        Some(unsafe { search(bits, order, row) })
    }

    /// The search itself: for each block of candidates, the row's blocks
    /// are visited in the order of the column blocks they meet, fullest
    /// first, and stop as soon as all 512 candidates are covered.
    ///
    /// # Safety
    /// The CPU must have AVX-512F/BW/VBMI and GFNI; every block named in
    /// `order` must lie inside `bits`.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,gfni")]
    unsafe fn search(bits: &[u64], order: &[u32], row: &RowPrefix) -> u32 {
        let ones = _mm512_set1_epi64(-1);
        let mut group = 0usize;
        let mut steps = 0usize;
        loop {
            let mut seen = _mm512_setzero_si512();
            'search: for &k in order {
                let h = group ^ k as usize;
                if h >= row.blocks() {
                    continue;
                }
                // SAFETY: block k lies inside `bits` (the caller's promise).
                let column =
                    unsafe { _mm512_loadu_si512(bits.as_ptr().add(8 * k as usize).cast()) };
                for &low in row.block(h) {
                    let low = usize::from(low);
                    // SAFETY: the index is below 64, and each entry is 64 bytes.
                    let bytes =
                        unsafe { _mm512_load_si512(SHUFFLES.0[(low >> 3) & 63].as_ptr().cast()) };
                    let moved = _mm512_permutexvar_epi8(bytes, column);
                    let matrix = _mm512_set1_epi64(MATRICES[low & 7] as i64);
                    seen = _mm512_or_si512(seen, _mm512_gf2p8affine_epi64_epi8::<0>(moved, matrix));
                    steps += 1;
                    if steps.is_multiple_of(8) && _mm512_cmpneq_epi64_mask(seen, ones) == 0 {
                        break 'search;
                    }
                }
            }
            if _mm512_cmpneq_epi64_mask(seen, ones) != 0 {
                let mut lanes = [0u64; 8];
                // SAFETY: `lanes` has room for the 64 bytes stored.
                unsafe { _mm512_storeu_si512(lanes.as_mut_ptr().cast(), seen) };
                let w = lanes.iter().position(|&w| w != u64::MAX).unwrap_or(0);
                return (group * 512 + w * 64) as u32 + lanes[w].trailing_ones();
            }
            group += 1;
        }
    }
}

/// The mex search on 512 candidates at a time with WebAssembly's 128-bit
/// SIMD: the AVX-512 search's idea in four registers. A column block is 64
/// bytes; the candidates `a ^ low` of its values are its bytes moved to
/// byte `k ^ (low >> 3)` (a register chosen, then one byte swizzle) and
/// their bits to bit `i ^ (low & 7)`. Moving bits inside bytes commutes
/// with moving bytes, so each column keeps its blocks with their bits
/// moved in the eight ways ([`Moved`](simd128::Moved), updated as values
/// join; made for every group of every cell instead, a 300×300 table took
/// 25 % longer) and a value of the row costs one byte swizzle a register.
/// Compiled only for wasm32 with `simd128` (scripts/build-site.sh); tested
/// there against the native table (e2e/wasm-package.test.mjs).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd128 {
    use std::arch::wasm32::*;

    use super::RowPrefix;

    /// Byte swizzles: entry `q` takes byte `o` from byte `o ^ q` (q < 16).
    const SWIZZLES: [[u8; 16]; 16] = {
        let mut table = [[0u8; 16]; 16];
        let mut q = 0;
        while q < 16 {
            let mut o = 0;
            while o < 16 {
                table[q][o] = (o ^ q) as u8;
                o += 1;
            }
            q += 1;
        }
        table
    };

    fn vector(bytes: &[u8; 16]) -> v128 {
        u8x16(
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15],
        )
    }

    /// A column block (its 64 bytes in four registers) with each bit `i`
    /// of every byte moved to bit `i ^ t`, for the eight `t`, and its
    /// registers in the four orders `r ^ g` (register r of entry `[t][g]`
    /// is register `r ^ g` of the moved block), so that the search reads
    /// them at fixed places.
    #[derive(Clone, Copy, Debug)]
    pub struct Moved([[[v128; 4]; 4]; 8]);

    impl Default for Moved {
        fn default() -> Self {
            Moved([[[u64x2_splat(0); 4]; 4]; 8])
        }
    }

    /// One-byte masks: entry `o` has byte `o` all ones.
    const BYTES: [[u8; 16]; 16] = {
        let mut table = [[0u8; 16]; 16];
        let mut o = 0;
        while o < 16 {
            table[o][o] = 0xff;
            o += 1;
        }
        table
    };

    impl Moved {
        /// Adds value `low` (below 512) to the block: bit `low & 7 ^ t` of
        /// byte `low >> 3` in every way `t`, in each register order.
        pub fn add(&mut self, low: u32) {
            let byte = (low >> 3) as usize;
            let (register, lane) = ((byte >> 4) & 3, vector(&BYTES[byte & 15]));
            for (t, orders) in self.0.iter_mut().enumerate() {
                let bit = v128_and(u8x16_splat(1 << ((low as usize & 7) ^ t)), lane);
                for (g, order) in orders.iter_mut().enumerate() {
                    let r = register ^ g;
                    order[r] = v128_or(order[r], bit);
                }
            }
        }
    }

    /// [`super::ColumnPrefix::mex_of_sums`], 512 candidates at a time,
    /// from the column's blocks [`moved`].
    ///
    /// Never inlined, so that a browser, which optimises a WebAssembly
    /// function only for its next call, runs the cells after the first
    /// few in optimised code (inlined, a table stayed in the quick code).
    #[inline(never)]
    pub fn mex_of_sums(moved: &[Moved], order: &[u32], row: &RowPrefix) -> u32 {
        let swizzles: [v128; 16] = std::array::from_fn(|q| vector(&SWIZZLES[q]));
        let mut group = 0usize;
        let mut steps = 0usize;
        loop {
            let mut seen = [u64x2_splat(0); 4];
            'search: for &k in order {
                let h = group ^ k as usize;
                if h >= row.blocks() {
                    continue;
                }
                let moved = &moved[k as usize].0;
                for &low in row.block(h) {
                    // A row's values are kept below 512 (`RowPrefix`), so
                    // the masks change nothing but the bounds checks.
                    let q = usize::from(low >> 3);
                    let (reg, bytes) = ((q >> 4) & 3, swizzles[q & 15]);
                    let block = &moved[usize::from(low & 7)][reg];
                    for (seen, &register) in seen.iter_mut().zip(block) {
                        *seen = v128_or(*seen, i8x16_swizzle(register, bytes));
                    }
                    steps += 1;
                    if steps.is_multiple_of(8) && all_ones(&seen) {
                        break 'search;
                    }
                }
            }
            if !all_ones(&seen) {
                let lanes = [
                    u64x2_extract_lane::<0>(seen[0]),
                    u64x2_extract_lane::<1>(seen[0]),
                    u64x2_extract_lane::<0>(seen[1]),
                    u64x2_extract_lane::<1>(seen[1]),
                    u64x2_extract_lane::<0>(seen[2]),
                    u64x2_extract_lane::<1>(seen[2]),
                    u64x2_extract_lane::<0>(seen[3]),
                    u64x2_extract_lane::<1>(seen[3]),
                ];
                let w = lanes.iter().position(|&w| w != u64::MAX).unwrap_or(0);
                return (group * 512 + w * 64) as u32 + lanes[w].trailing_ones();
            }
            group += 1;
        }
    }

    /// Whether every candidate of the block has been seen.
    fn all_ones(seen: &[v128; 4]) -> bool {
        let all = v128_and(v128_and(seen[0], seen[1]), v128_and(seen[2], seen[3]));
        !v128_any_true(v128_not(all))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::bomb::naive_table;

    #[test]
    fn table_matches_the_plain_recurrence() {
        let mut table = BombTable::new();
        table.ensure(60, 45).unwrap();
        let naive = naive_table(60, 45);
        for (i, row) in naive.iter().enumerate() {
            assert_eq!(table.row(i), &row[..], "row {}", i + 1);
        }
    }

    #[test]
    fn threads_and_steps_give_the_same_table() {
        let mut direct = BombTable::new();
        direct.grow_with(90, 90, 1, None, None);
        for threads in [2, 3, 5] {
            let mut parallel = BombTable::new();
            parallel.grow_with(90, 90, threads, None, None);
            assert_eq!(parallel.by_row, direct.by_row, "{threads} threads");
        }
        let mut stepped = BombTable::new();
        for (r, c) in [
            (3, 7),
            (9, 2),
            (5, 5),
            (20, 11),
            (11, 30),
            (40, 40),
            (90, 12),
            (33, 90),
            (90, 90),
        ] {
            let seen = Arc::new(AtomicU64::new(0));
            let last = Arc::clone(&seen);
            let report: Progress = Arc::new(move |done, total| {
                assert!(done <= total);
                last.fetch_max(done, Ordering::Relaxed);
            });
            let before = stepped.rows() as u64 * stepped.cols() as u64;
            stepped.grow_with(r, c, 2, Some(&report), None);
            let after = stepped.rows() as u64 * stepped.cols() as u64;
            assert_eq!(
                seen.load(Ordering::Relaxed),
                after - before,
                "all new cells reported"
            );
        }
        assert_eq!((stepped.rows(), stepped.cols()), (90, 90));
        assert_eq!(stepped.by_row, direct.by_row);
    }

    #[test]
    fn table_matches_the_plain_recurrence_up_to_200() {
        let plain = plain_square_table(200);
        let mut table = BombTable::new();
        table.ensure(200, 200).unwrap();
        assert_eq!(table.by_row, plain);
        // The plain method itself agrees with the textbook form.
        let textbook = naive_table(40, 40);
        for (i, row) in textbook.iter().enumerate() {
            assert_eq!(&plain_square_table(40)[i * 40..(i + 1) * 40], &row[..]);
        }
    }

    /// The checksum of the 1000×1000 table as the plain method computes it
    /// (run `cargo test --release -p grundy -- --ignored plain_checksum`,
    /// about 3 minutes).
    const PLAIN_1000: u64 = 0x4691_9ef9_5d6d_28d8;

    #[test]
    fn table_of_1000_matches_the_plain_checksum() {
        let mut table = BombTable::new();
        table.ensure(1000, 1000).unwrap();
        assert_eq!(table.checksum(), PLAIN_1000);
    }

    #[test]
    #[ignore]
    fn plain_checksum_of_1000() {
        let plain = plain_square_table(1000);
        eprintln!("plain checksum for N = 1000: {:#018x}", checksum(&plain));
        assert_eq!(checksum(&plain), PLAIN_1000);
    }

    #[test]
    fn cached_bytes_round_trip_and_damage_is_detected() {
        let mut table = BombTable::new();
        table.ensure(17, 23).unwrap();
        let bytes = table.to_bytes();
        let back = BombTable::from_bytes(&bytes).unwrap();
        assert_eq!(
            (back.rows, back.cols, &back.by_row),
            (17, 23, &table.by_row)
        );
        assert_eq!(
            BombTable::from_bytes(&bytes[..bytes.len() - 1]).unwrap_err(),
            CacheError::Damaged
        );
        assert_eq!(
            BombTable::from_bytes(b"hello").unwrap_err(),
            CacheError::NotATable
        );
        // Cut anywhere: shorter than a header and a checksum is no table;
        // longer is a damaged one.
        for cut in 0..bytes.len() {
            let want = if cut < 28 {
                CacheError::NotATable
            } else {
                CacheError::Damaged
            };
            assert_eq!(
                BombTable::from_bytes(&bytes[..cut]).unwrap_err(),
                want,
                "{cut} bytes"
            );
        }
        for at in [12, 30, bytes.len() - 3] {
            let mut bad = bytes.clone();
            bad[at] ^= 0x10;
            assert!(BombTable::from_bytes(&bad).is_err(), "flipped byte {at}");
        }
        let mut other_version = bytes.clone();
        other_version[8] = 9;
        assert_eq!(
            BombTable::from_bytes(&other_version).unwrap_err(),
            CacheError::Version(9)
        );
    }

    #[test]
    fn both_searches_give_the_same_table() {
        let mut portable = BombTable::new();
        portable.grow_searching(150, 130, 2, None, false, None);
        let mut fast = BombTable::new();
        fast.grow_searching(150, 130, 2, None, simd_available(), None);
        assert_eq!(portable.by_row, fast.by_row);
        assert_eq!(portable.by_row, {
            let plain = plain_square_table(150);
            (0..150)
                .flat_map(|i| plain[i * 150..i * 150 + 130].to_vec())
                .collect::<Vec<_>>()
        });
    }

    #[test]
    fn known_shape_of_the_table() {
        let mut table = BombTable::new();
        table.ensure(80, 80).unwrap();
        // Row 2 is 1, 1, 0, 0, 0, ...
        assert_eq!(&table.row(1)[..6], &[1, 1, 0, 0, 0, 0]);
        for p in 1..=80 {
            for q in 1..=80 {
                assert_eq!(table.get(p, q), table.get(q, p), "symmetry at ({p},{q})");
            }
        }
        // From the third row on, a row holds distinct values.
        for i in 2..80 {
            let mut row = table.row(i).to_vec();
            row.sort_unstable();
            row.dedup();
            assert_eq!(row.len(), 80, "row {} repeats a value", i + 1);
        }
    }
}
