//! The common pass for sixteen neighbouring heaps at once.
//!
//! The common pass of heap n reads G(m − r) for every rare heap r (m = n −
//! k). For the heaps n, n + 1, …, n + 15 those partners are sixteen
//! neighbouring values, G(m − r) … G(m − r + 15): one contiguous load
//! where one heap at a time needs sixteen scattered ones. A block does
//! that load once per rare heap for sixteen heaps and keeps, for each
//! heap, the common options it finds as a bitset of the values below
//! `32 · words` (a 32-bit word per heap and chunk of 32 values; sixteen
//! heaps make one AVX-512 register per chunk). Where the split digit lets
//! the two heaps be anything, a rare partner's option (rare) is kept too
//! rather than tested away: it is an option all the same.
//!
//! A block covers only the rare heaps whose partners are known when it is
//! built and lie in the window: r ≥ [`FIRST_RARE`], and r < m − base. The
//! others, and the rare heaps found while the block is in use, are read
//! heap by heap, into a bitset of the same bound. Options of `32 · words`
//! and more are not in the bitset: a heap whose common mex reaches that
//! bound is valued again without the block (and the next block keeps more
//! words).

use super::super::code::Constraint;
use super::{Rules, Sparse};

/// Heaps per block.
pub(super) const LANES: usize = 16;

/// The smallest rare heap a block reads: the last heap of a block, `start
/// + 15`, reads G(start + 15 − k − r), at most G(start − 1) for r ≥ 16.
pub(super) const FIRST_RARE: u32 = 16;

/// At most this many chunks of 32 values: options below 512.
pub(super) const MAX_WORDS: usize = 16;

/// The common options of the sixteen heaps `start + j` from the rare heaps
/// that were known and in the window when it was built.
#[derive(Clone, Debug)]
pub(super) struct Block {
    /// The first heap; `usize::MAX` while there is no block.
    pub(super) start: usize,
    /// The mask of the sparse space it was built with.
    mask: u32,
    /// How many chunks of 32 values `bits` holds.
    pub(super) words: usize,
    /// Bit b of `bits[q][j]`: value 32q + b is an option of heap
    /// `start + j`.
    pub(super) bits: [[u32; LANES]; MAX_WORDS],
    /// For the i-th split digit (`Rules::halves`), the rare heaps it
    /// covers: indices into the rare list.
    ranges: Vec<(usize, usize)>,
    /// Chunks the next block keeps; 0 once options of 512 and more were
    /// needed (no blocks for this code).
    want: usize,
}

impl Default for Block {
    fn default() -> Self {
        Block {
            start: usize::MAX,
            mask: 0,
            words: 0,
            bits: [[0; LANES]; MAX_WORDS],
            ranges: Vec::new(),
            want: 4,
        }
    }
}

impl Block {
    /// Whether heap `n`'s common pass can use this block.
    #[inline]
    pub(super) fn covers(&self, n: usize, sparse: &Sparse) -> bool {
        self.start <= n && n - self.start < LANES && self.mask == sparse.mask
    }

    /// Heap n's lane (a heap the block covers).
    #[inline]
    pub(super) fn lane(&self, n: usize) -> usize {
        n - self.start
    }

    /// No blocks from now on: every rare heap is read heap by heap (for
    /// tests that compare the two).
    #[cfg(test)]
    pub(super) fn disable(&mut self) {
        self.want = 0;
        self.clear();
    }

    /// Forgets the block (the sparse space changed).
    pub(super) fn clear(&mut self) {
        self.start = usize::MAX;
    }

    /// The rare heaps (indices) the block covers for the i-th split digit.
    #[inline]
    pub(super) fn range(&self, i: usize) -> (usize, usize) {
        self.ranges.get(i).copied().unwrap_or((0, 0))
    }

    /// A heap's common mex reached the bound: the next block keeps two
    /// chunks more, and none are kept once 512 values were not enough.
    pub(super) fn widen(&mut self) {
        self.want = if self.words >= MAX_WORDS {
            0
        } else {
            (self.words + 2).min(MAX_WORDS)
        };
        self.clear();
    }

    /// Builds the block of heaps `start .. start + 16`, if it is worth it:
    /// `high` holds G(base + i) at i, at least up to G(start − 1).
    /// Otherwise forgets any block.
    pub(super) fn build(
        &mut self,
        rules: &Rules,
        sparse: &Sparse,
        high: &[u32],
        base: usize,
        start: usize,
    ) {
        self.clear();
        let words = self.want;
        let known = base + high.len();
        if words == 0 || known < start {
            return;
        }
        let lo = sparse.rare_heaps.partition_point(|&r| r < FIRST_RARE);
        self.ranges.clear();
        let mut covered = 0;
        for &k in &rules.halves {
            let m = start.saturating_sub(k);
            // r < m − base: the partner G(m − r) lies in the window (and
            // m − r − base ≥ 1 for the block's first heap, as the loads
            // need).
            let hi = sparse
                .rare_heaps
                .partition_point(|&r| (r as usize) + base < m)
                .max(lo);
            self.ranges.push((lo, hi));
            covered += hi - lo;
        }
        if covered < LANES {
            return;
        }
        self.bits = [[0; LANES]; MAX_WORDS];
        for (&k, &(lo, hi)) in rules.halves.iter().zip(&self.ranges) {
            // Only a digit with no rare heap covered may have m < 0.
            let m = start.saturating_sub(k + base);
            mark(
                high,
                m,
                &sparse.rare_heaps[lo..hi],
                &sparse.rare_values[lo..hi],
                sparse,
                words,
                rules.code.constraint(k) == Constraint::Any,
                &mut self.bits,
                rules.simd,
            );
        }
        self.start = start;
        self.mask = sparse.mask;
        self.words = words;
    }
}

/// Sets bit `x` of heap j's bitset for every common option `x = rare ^
/// G(m + j − r)`, below `32 · words`, of the rare heaps given; `g[i]` is
/// G(base + i) and `m` is counted from base. With `all` (a split digit
/// whose two heaps may be anything), the rare options `rare ^ G` of a rare
/// partner too: they are options all the same, the test costs three of a
/// rare heap's ~30 operations, and the mex ignores rare bits (the rare
/// values still needed are then fewer).
#[allow(clippy::too_many_arguments)]
fn mark(
    g: &[u32],
    m: usize,
    heaps: &[u32],
    values: &[u32],
    sparse: &Sparse,
    words: usize,
    all: bool,
    bits: &mut [[u32; LANES]; MAX_WORDS],
    simd: super::Simd,
) {
    #[cfg(target_arch = "x86_64")]
    if simd == super::Simd::Avx512
        && super::avx512::mark_block(
            g,
            m,
            heaps,
            values,
            (!all).then_some(sparse.mask),
            words,
            bits,
        )
    {
        return;
    }
    let _ = simd;
    for (&r, &rare) in heaps.iter().zip(values) {
        let at = m - r as usize;
        for (j, &other) in g[at..at + LANES].iter().enumerate() {
            if all || !sparse.is_rare(other) {
                let x = rare ^ other;
                let q = (x / 32) as usize;
                if q < words {
                    bits[q][j] |= 1 << (x % 32);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Engine, Simd};
    use super::*;
    use crate::games::octal::code::OctalCode;

    /// An engine for `text` that has computed `values` values.
    fn computed(text: &str, values: usize) -> Engine {
        let code: OctalCode = text.parse().unwrap();
        let mut engine = Engine::new(&code);
        for _ in 0..values {
            engine.push_next().unwrap();
        }
        engine
    }

    /// The block kernels this CPU runs: portable, and AVX-512 where present.
    fn scans() -> Vec<Simd> {
        let mut scans = vec![Simd::Portable];
        if crate::cpu::features().octal_avx512() {
            scans.push(Simd::Avx512);
        }
        scans
    }

    /// A block's bits against each heap's options read one at a time
    /// from their definition: `rare ^ G(n − k − r)` for every rare heap r
    /// the block covers whose partner is common, or any partner where the
    /// two heaps may be anything (not in Grundy's game, `4!.0`), on every
    /// ISA path, from values that end where the block may read, and
    /// start at heap 0 or (a windowed store) at heap 10,000; one block
    /// starts where n − k is a rare heap, which it must not cover.
    #[test]
    fn a_block_holds_each_heaps_common_options() {
        let scans = scans();
        for text in ["0.6", "0.161", "0.36", "4!.0", "0.137"] {
            let mut engine = computed(text, 40_000);
            let mut rare_partners = 0;
            let k0 = engine.rules.halves[0];
            let at_rare = {
                let sparse = engine.sparse.as_ref().expect("a sparse space");
                let r = sparse.rare_heaps.iter().rev().find(|&&r| r < 36_000);
                *r.unwrap() as usize + k0
            };
            for &simd in &scans {
                engine.rules.simd = simd;
                let sparse = engine.sparse.as_ref().unwrap();
                let starts = [(30_000, 0), (36_417, 0), (30_000, 10_000), (at_rare, 0)];
                for (start, base) in starts {
                    // Only G(base) … G(start − 1): a read past it panics.
                    let g = &engine.values()[base..start];
                    let mut block = Block {
                        want: MAX_WORDS,
                        ..Block::default()
                    };
                    block.build(&engine.rules, sparse, g, base, start);
                    assert!(block.covers(start, sparse), "{text} {start}");
                    assert!(block.covers(start + 15, sparse));
                    assert!(!block.covers(start + 16, sparse));
                    assert!(!block.covers(start - 1, sparse));
                    let lo = sparse
                        .rare_heaps
                        .iter()
                        .filter(|&&r| r < FIRST_RARE)
                        .count();
                    let mut expected = [[0u32; LANES]; MAX_WORDS];
                    for (i, &k) in engine.rules.halves.iter().enumerate() {
                        let hi = sparse
                            .rare_heaps
                            .iter()
                            .filter(|&&r| (r as usize) + base < start - k)
                            .count();
                        assert_eq!(block.range(i), (lo, hi), "{text} k = {k} {start} {base}");
                        for j in 0..LANES {
                            let m = start + j - k;
                            for (&r, &rare) in sparse.rare_heaps[lo..hi]
                                .iter()
                                .zip(&sparse.rare_values[lo..hi])
                            {
                                let other = engine.values()[m - r as usize];
                                let x = rare ^ other;
                                rare_partners += usize::from(sparse.is_rare(other) && x < 512);
                                // Under "any two heaps", a rare partner's
                                // option (rare) is kept too.
                                let any = engine.rules.code.constraint(k) == Constraint::Any;
                                if (any || !sparse.is_rare(other)) && x < 512 {
                                    let word = &mut expected[(x / 32) as usize];
                                    word[j] |= 1 << (x % 32);
                                }
                            }
                        }
                    }
                    assert_eq!(block.bits, expected, "{text} {simd:?} {start} {base}");
                    assert!(expected.iter().flatten().any(|&w| w != 0), "{text}");
                    assert_eq!(block.lane(start + 7), 7);
                }
            }
            // Rare partners occur: the test tells keeping their options
            // (0.6, 0.137) from leaving them out (4!.0).
            if ["0.6", "0.137", "4!.0"].contains(&text) {
                assert!(rare_partners > 0, "{text}");
            }
        }
    }

    /// A block is built only when it covers sixteen rare heaps or more
    /// (fewer do not pay for it): on 0.6 (one split digit), a window
    /// that begins where exactly 15, then exactly 16, rare heaps from 16
    /// on have their partners in it.
    #[test]
    fn a_block_needs_sixteen_rare_heaps() {
        let engine = computed("0.6", 20_000);
        assert_eq!(engine.rules.halves, [1]);
        let sparse = engine.sparse.as_ref().unwrap();
        let lo = sparse.rare_heaps.partition_point(|&r| r < FIRST_RARE);
        assert!(lo > 0);
        let start = 15_000;
        for covered in [15, 16] {
            // r + base < start − 1 exactly for the rare heaps lo … lo +
            // covered − 1.
            let base = start - 1 - sparse.rare_heaps[lo + covered] as usize;
            let mut block = Block::default();
            block.build(&engine.rules, sparse, &engine.values()[base..], base, start);
            assert_eq!(block.covers(start, sparse), covered == 16, "{covered}");
            assert_eq!(block.range(0), (lo, lo + covered));
        }
    }

    /// Fewer chunks than the options need: the block keeps what fits, and
    /// a heap whose common mex reaches the bound widens the next block
    /// (two chunks more), and then none once 512 values were not enough.
    #[test]
    fn a_narrow_block_keeps_the_low_chunks_and_widens() {
        let mut engine = computed("0.6", 20_000);
        let scans = scans();
        for simd in scans {
            engine.rules.simd = simd;
            let sparse = engine.sparse.as_ref().unwrap();
            let g = engine.values();
            let mut wide = Block {
                want: MAX_WORDS,
                ..Block::default()
            };
            wide.build(&engine.rules, sparse, g, 0, 15_000);
            let mut narrow = Block {
                want: 2,
                ..Block::default()
            };
            narrow.build(&engine.rules, sparse, g, 0, 15_000);
            assert_eq!(narrow.words, 2);
            assert_eq!(narrow.bits[..2], wide.bits[..2], "{simd:?}");
            assert!(
                narrow.bits[2..].iter().flatten().all(|&w| w == 0),
                "{simd:?}"
            );
            assert!(wide.bits[2..].iter().flatten().any(|&w| w != 0));
            narrow.widen();
            assert_eq!((narrow.want, narrow.start), (4, usize::MAX));
            narrow.words = 4;
            narrow.widen();
            assert_eq!(narrow.want, 6);
            narrow.words = 15;
            narrow.widen();
            assert_eq!(narrow.want, MAX_WORDS);
            narrow.words = MAX_WORDS;
            narrow.widen();
            assert_eq!(narrow.want, 0);
            narrow.build(&engine.rules, sparse, g, 0, 15_000);
            assert!(!narrow.covers(15_000, sparse), "no blocks after 512");
        }
    }
}
