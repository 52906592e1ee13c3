//! The sparse-space engine: the next value of a sequence from the few rare
//! positions and a scan of the splits that stops early (see the module docs
//! of [`super`]).

use super::code::{Constraint, OctalCode};
use super::store::{Gap, Store, View};
use super::tail::Tail;
use super::three::Walk;

/// Values computed before a sparse space is looked for.
pub(super) const PLAIN_UNTIL: usize = 4096;

/// What a rare heap costs the common pass, in splits of the plain rule;
/// see [`Sparse::pays`].
const GATHER_COST: usize = 4;

/// The state of one computation.
pub(super) struct Engine {
    pub(super) rules: Rules,
    pub(super) store: Store,
    /// The sparse space, once chosen.
    pub(super) sparse: Option<Sparse>,
    /// How many heaps have each value.
    pub(super) histogram: Vec<u64>,
    /// Scratch space, one per thread.
    pub(super) scratch: [Scratch; 2],
    /// The options of a repeating tail, for codes that have one (valued by
    /// the plain rule: no sparse space is looked for).
    tail: Option<Tail>,
    /// Values every heap by the sparse space once there is one, whether or
    /// not it [pays](Sparse::pays): for tests of the sparse method.
    pub(super) always_sparse: bool,
    /// The next heap's value part way through its splits in three, for a
    /// code that splits a heap into three ([`Engine::prepare_next`]).
    walk: Option<Walk>,
}

/// What the code allows, in the form the scans use.
pub(super) struct Rules {
    pub(super) code: OctalCode,
    /// Splits in two after taking k: the k whose digit has bit 4 (except
    /// under `=`).
    halves: Vec<usize>,
    /// Splits in two equal heaps only (`=`): the option 0 for an even rest.
    equal_halves: Vec<usize>,
    /// Single heaps after taking k: the k ≥ 1 whose digit has bit 2.
    singles: Vec<usize>,
    /// Empty heap after taking k: the k ≥ 1 whose digit has bit 1.
    empties: Vec<usize>,
    /// Which split scan runs.
    pub(super) simd: Simd,
}

/// The split scans this CPU runs: sixteen lanes, eight, or one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Simd {
    Portable,
    Avx2,
    Avx512,
}

/// Scratch space for one heap's options.
#[derive(Default)]
pub(super) struct Scratch {
    /// Bitset for mex computations.
    seen: Vec<u64>,
    /// Which values are options of the heap being valued.
    marks: Vec<u32>,
    /// The rare values below the common mex not among the options yet.
    pub(super) need: Vec<u64>,
    /// The common options of the next heaps, from the rare heaps.
    block: block::Block,
}

/// A sparse space: the mask, and the heaps (≥ 1) whose value is rare, with
/// their values.
pub(super) struct Sparse {
    pub(super) mask: u32,
    pub(super) rare_heaps: Vec<u32>,
    pub(super) rare_values: Vec<u32>,
    /// Whether `v` is rare, for `v` below the mask's next power of two;
    /// higher bits of `v` are outside the mask, so `rare[v & low]` decides
    /// every v (a load instead of a population count, which the portable
    /// build does in software).
    rare: Vec<bool>,
    low: u32,
    /// Bit b of `rare_words[q]`: whether 32q + b is rare (values below
    /// 512).
    rare_words: [u32; 16],
}

impl Sparse {
    pub(super) fn new(mask: u32, rare_heaps: Vec<u32>, rare_values: Vec<u32>) -> Self {
        let size = (u64::from(mask) + 1).next_power_of_two();
        let rare: Vec<bool> = (0..size)
            .map(|v| (v as u32 & mask).count_ones().is_multiple_of(2))
            .collect();
        let low = (size - 1) as u32;
        let mut rare_words = [0u32; 16];
        for v in 0..512u32 {
            if rare[(v & low) as usize] {
                rare_words[(v / 32) as usize] |= 1 << (v % 32);
            }
        }
        Sparse {
            rare_words,
            mask,
            rare_heaps,
            rare_values,
            rare,
            low,
        }
    }

    /// Whether heap n is valued faster by the sparse space than by the
    /// plain rule: the common pass reads G(m − r) for every rare heap r (a
    /// gather and a test, about [`GATHER_COST`] times a plain split's
    /// load pair), the plain rule reads the n/2 splits of each split digit.
    #[inline]
    pub(super) fn pays(&self, n: usize) -> bool {
        2 * GATHER_COST * self.rare_heaps.len() <= n
    }

    /// Whether few enough heaps are rare for the two-thread pipeline,
    /// which values every heap by the sparse space.
    pub(super) fn sparse_enough(&self, n: usize) -> bool {
        8 * self.rare_heaps.len() <= n
    }

    /// The rare values among 32q … 32q + 31 (q < 16), as bits.
    #[inline]
    pub(super) fn rare_word(&self, q: usize) -> u32 {
        self.rare_words[q]
    }

    #[inline]
    pub(super) fn is_rare(&self, v: u32) -> bool {
        self.rare[(v & self.low) as usize]
    }
}

impl Engine {
    pub(super) fn new(code: &OctalCode) -> Self {
        let having = |bit: u8, from: usize| {
            (from..=code.max_take())
                .filter(|&k| code.digit(k) & bit != 0)
                .collect::<Vec<_>>()
        };
        let singles = having(2, 1);
        let (equal_halves, halves) = having(4, 0)
            .into_iter()
            .partition(|&k| code.constraint(k) == Constraint::AllEqual);
        Engine {
            rules: Rules {
                code: code.clone(),
                halves,
                equal_halves,
                singles,
                empties: having(1, 1),
                simd: simd_available(),
            },
            store: {
                let mut store = Store::default();
                // The split scan of WebAssembly's SIMD reads bytes.
                if cfg!(all(target_arch = "wasm32", target_feature = "simd128")) {
                    store.keep_bytes();
                }
                store
            },
            sparse: None,
            histogram: Vec::new(),
            scratch: Default::default(),
            tail: Tail::new(code),
            always_sparse: false,
            walk: None,
        }
    }

    /// Every value computed so far (before a window is kept).
    pub(super) fn values(&self) -> &[u32] {
        &self.store.head
    }

    /// Gives the values to the caller (before a window is kept).
    pub(super) fn into_values(self) -> Vec<u32> {
        self.store.head
    }

    /// Keeps only the first `prefix` values, a window of the latest
    /// `window`, and at two bytes each a ring of the latest `reach` and the
    /// first `early` from now on (see [`Store`]), if the sparse
    /// space allows it: its last rare heap, plus the most tokens a move
    /// takes, must be within a quarter of the window or of the ring (room
    /// for more rare heaps), and at most one heap in eight may be rare.
    /// `false` (and every value kept) otherwise.
    pub(super) fn keep_window(
        &mut self,
        prefix: usize,
        window: usize,
        reach: usize,
        early: usize,
    ) -> bool {
        let Some(sparse) = &self.sparse else {
            return false;
        };
        let last = sparse.rare_heaps.last().map_or(0, |&r| r as usize);
        let far = 4 * (last + self.rules.code.max_take() + 1) > window.max(reach);
        // A windowed store values every heap by the sparse space, which
        // must then pay.
        if far || !sparse.sparse_enough(self.store.len()) || prefix < 2 {
            return false;
        }
        self.store.keep_window(prefix, window, reach, early);
        true
    }

    /// Whether the next heap is the one where the sparse space is chosen
    /// again: the values' range grows, so it is chosen each time the
    /// sequence doubles, while every value is kept.
    pub(super) fn chooses_at(&self, n: usize) -> bool {
        n >= PLAIN_UNTIL
            && n.is_power_of_two()
            && !self.rules.code.splits_in_three()
            && self.tail.is_none()
            && !self.store.is_windowed()
    }

    /// Whether heap `n` is valued by the sparse space rather than by the
    /// plain rule.
    fn by_sparse_space(&self, n: usize) -> bool {
        // A windowed store has no choice: the plain rule needs every value.
        self.sparse
            .as_ref()
            .is_some_and(|sparse| self.store.is_windowed() || self.always_sparse || sparse.pays(n))
    }

    /// Works on the next value where it is a heap's splits in three
    /// (a code that splits a heap into three, with no repeating tail),
    /// until it is done or `more`, asked about every
    /// [`LOOK_EVERY`](super::three::LOOK_EVERY) splits, says to stop:
    /// whether [`push_next`](Engine::push_next) now has little left to do.
    /// Stopped, the work is kept for the next call. `true` at once for
    /// every other value.
    pub(super) fn prepare_next(&mut self, more: &mut dyn FnMut() -> bool) -> bool {
        let n = self.store.len();
        if !self.rules.code.splits_in_three() || self.tail.is_some() || self.by_sparse_space(n) {
            return true;
        }
        let mut walk = self.walk_of(n);
        let done = walk.go(&self.rules.code, &self.store.head, more);
        self.walk = Some(walk);
        done
    }

    /// The walk of heap `n`'s moves: the one under way, or a new one.
    fn walk_of(&mut self, n: usize) -> Walk {
        self.walk
            .take()
            .filter(|walk| walk.heap() == n as u64)
            .unwrap_or_else(|| Walk::new(n as u64))
    }

    /// Computes the next value; an error (and nothing changed) when the
    /// windowed store no longer holds a value it needs.
    pub(super) fn push_next(&mut self) -> Result<u32, Gap> {
        let n = self.store.len();
        if self.chooses_at(n) {
            self.choose_sparse_space();
        }
        self.store.reverse_front();
        self.store.sync_bytes();
        let value = match &self.sparse {
            Some(sparse) if self.by_sparse_space(n) => {
                let view = self.store.view();
                self.rules.value(n, sparse, view, &mut self.scratch[0])?
            }
            _ => self.plain_value(n),
        };
        self.count(n, value);
        self.store.push(value);
        Ok(value)
    }

    /// Books value `value` of heap `n` in the histogram and the rare heaps.
    pub(super) fn count(&mut self, n: usize, value: u32) {
        if let Some(sparse) = &mut self.sparse {
            if n > 0 && sparse.is_rare(value) {
                sparse.rare_heaps.push(n as u32);
                sparse.rare_values.push(value);
            }
        }
        if n > 0 {
            let v = value as usize;
            if v >= self.histogram.len() {
                self.histogram.resize(v + 1, 0);
            }
            self.histogram[v] += 1;
        }
    }

    /// Picks the mask that leaves the fewest heaps (≥ 1) rare so far — on a
    /// tie the largest, whose high bits are ready for values still to come —
    /// and uses it if the rare heaps are fewer than the common ones: a
    /// split of the values. Whether it pays is then decided heap by heap
    /// ([`Sparse::pays`]).
    fn choose_sparse_space(&mut self) {
        let masks = (2 * self.histogram.len()).next_power_of_two() as u32;
        let rare_count = |mask: u32| -> u64 {
            self.histogram
                .iter()
                .enumerate()
                .filter(|&(v, _)| (v as u32 & mask).count_ones().is_multiple_of(2))
                .map(|(_, &c)| c)
                .sum()
        };
        let Some((rare, mask)) = (1..masks)
            .map(|mask| (rare_count(mask), mask))
            .min_by_key(|&(rare, mask)| (rare, std::cmp::Reverse(mask)))
        else {
            return;
        };
        if rare * 2 >= self.store.head.len() as u64 {
            self.sparse = None;
            return;
        }
        if self.sparse.as_ref().is_some_and(|s| s.mask == mask) {
            return;
        }
        for scratch in &mut self.scratch {
            scratch.block.clear();
        }
        let values = &self.store.head;
        let rare_heaps: Vec<u32> = (1..values.len() as u32)
            .filter(|&n| (values[n as usize] & mask).count_ones().is_multiple_of(2))
            .collect();
        let rare_values = rare_heaps.iter().map(|&n| values[n as usize]).collect();
        self.sparse = Some(Sparse::new(mask, rare_heaps, rare_values));
    }

    fn plain_value(&mut self, n: usize) -> u32 {
        let mut seen = std::mem::take(&mut self.scratch[0].seen);
        // Only while every value is kept: a windowed store has a sparse
        // space.
        let g = &self.store.head;
        if let Some(tail) = &mut self.tail {
            let mex = tail.value(&self.rules.code, n, g, &mut seen);
            self.scratch[0].seen = seen;
            return mex;
        }
        self.scratch[0].seen = seen;
        if !self.rules.code.splits_in_three() {
            return self.rules.plain_value(n, g, &mut self.scratch[0]);
        }
        // Where `prepare_next` began it, the walk goes on from there.
        let mut walk = self.walk_of(n);
        walk.go(&self.rules.code, &self.store.head, &mut || true);
        walk.value()
    }
}

impl Rules {
    /// The largest a of a split a + (m − a) after taking k: a ≤ m − a,
    /// and a < m − a under `!` or `?` (two heaps that must differ).
    fn last_split(&self, k: usize, m: usize) -> usize {
        if self.code.constraint(k) != Constraint::Any {
            (m - 1) / 2
        } else {
            m / 2
        }
    }

    /// Heap n's value by the plain rule, for a code that splits in two at
    /// most: every option, from G(0) … G(n − 1) in `g`.
    fn plain_value(&self, n: usize, g: &[u32], scratch: &mut Scratch) -> u32 {
        let marks = &mut scratch.marks;
        marks.clear();
        marks.resize(512, 0);
        let mut mark = |v: u32| {
            let v = v as usize;
            if v >= marks.len() {
                marks.resize(2 * v + 2, 0);
            }
            marks[v] = 1;
        };
        for &k in &self.empties {
            if k == n {
                mark(0);
            }
        }
        for &k in &self.singles {
            if k < n {
                mark(g[n - k]);
            }
        }
        for &k in &self.equal_halves {
            if n >= k + 2 && (n - k).is_multiple_of(2) {
                mark(0);
            }
        }
        for &k in &self.halves {
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            for a in 1..=self.last_split(k, m) {
                mark(g[a] ^ g[m - a]);
            }
        }
        marks.iter().position(|&m| m == 0).unwrap_or(marks.len()) as u32
    }

    /// Heap n's value: the common options from the rare heaps, then the
    /// rare ones from a scan of the splits that stops as soon as every
    /// smaller rare value is seen. Reads G(0) … G(n − 1) only.
    ///
    /// Never inlined: a browser runs WebAssembly first with a quick
    /// compiler and uses the optimised code only from a function's next
    /// call, so the work of a heap must be a call of its own (inlined into
    /// the loop over heaps, a whole run stayed in the quick code: 0.161 to
    /// 10^6 took twice as long in a fresh page as in one that had run it).
    #[inline(never)]
    pub(super) fn value(
        &self,
        n: usize,
        sparse: &Sparse,
        view: View,
        scratch: &mut Scratch,
    ) -> Result<u32, Gap> {
        let (common, needed) = self.options(n, sparse, view, scratch)?;
        self.cover_rare(n, view, common, &mut scratch.need, needed)
    }

    /// The options of heap n that are not splits of two common or two
    /// rare heaps: the least common value not among them, and the rare
    /// values below it not among them (as bits in `scratch.need`, and how
    /// many).
    pub(super) fn options(
        &self,
        n: usize,
        sparse: &Sparse,
        view: View,
        scratch: &mut Scratch,
    ) -> Result<(u32, usize), Gap> {
        let (high, base) = (view.high, view.base);
        let Scratch { block, .. } = &mut *scratch;
        // The block of sixteen heaps covers most of the rare heaps.
        if !block.covers(n, sparse) {
            block.build(self, sparse, high, base, n);
        }
        if block.covers(n, sparse) {
            if let Some(found) = self.blocked_options(n, sparse, view, scratch)? {
                return Ok(found);
            }
            // The block does not know options this large: value the heap
            // again with a wider block, or without one.
            scratch.block.widen();
            return self.options(n, sparse, view, scratch);
        }
        let get = |i: usize| view.get(i).ok_or(Gap { heap: n, needed: i });
        // marks[v] = 1: v is an option. Plain stores, no read-modify-write
        // chain through a shared word.
        let Scratch { marks, need, .. } = &mut *scratch;
        marks.clear();
        marks.resize(512, 0);
        // Options that are not splits.
        for &k in &self.empties {
            if k == n {
                mark(marks, 0);
            }
        }
        for &k in &self.singles {
            if k < n {
                mark(marks, get(n - k)?);
            }
        }
        for &k in &self.equal_halves {
            if n >= k + 2 && (n - k).is_multiple_of(2) {
                mark(marks, 0);
            }
        }
        // Common values of splits: one part rare, the other common.
        for &k in &self.halves {
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            let below = sparse.rare_heaps.partition_point(|&r| (r as usize) < m);
            self.mark_rare(n, m, 0..below, sparse, view, marks)?;
        }
        // The least common value not among the options (`common`), and
        // the rare values below it that are not options yet (`need`).
        let is_option = |v: u32| marks.get(v as usize).is_some_and(|&m| m != 0);
        let mut common = 0u32;
        while sparse.is_rare(common) || is_option(common) {
            common += 1;
        }
        need.clear();
        need.resize((common / 64 + 1) as usize, 0);
        let mut needed = 0usize;
        for v in 0..common {
            if sparse.is_rare(v) && !is_option(v) {
                need[(v / 64) as usize] |= 1 << (v % 64);
                needed += 1;
            }
        }
        Ok((common, needed))
    }

    /// [`Rules::options`] for a heap the block covers: its bits, with the
    /// options that are not splits and the splits of the rare heaps the
    /// block does not cover (those below [`block::FIRST_RARE`] and those
    /// found since it was built) added one at a time. `None` when the least
    /// common value not among them is not below the block's bound.
    fn blocked_options(
        &self,
        n: usize,
        sparse: &Sparse,
        view: View,
        scratch: &mut Scratch,
    ) -> Result<Option<(u32, usize)>, Gap> {
        let get = |i: usize| view.get(i).ok_or(Gap { heap: n, needed: i });
        let Scratch { block, need, .. } = &mut *scratch;
        let j = block.lane(n);
        // Options below 32·words, a 32-bit word per chunk; larger ones
        // do not matter (the common mex is looked for below the bound).
        let mut options = [0u32; block::MAX_WORDS];
        for (word, bits) in options.iter_mut().zip(&block.bits).take(block.words) {
            *word = bits[j];
        }
        let mut put = |v: u32| {
            if let Some(word) = options.get_mut((v / 32) as usize) {
                *word |= 1 << (v % 32);
            }
        };
        for &k in &self.empties {
            if k == n {
                put(0);
            }
        }
        for &k in &self.singles {
            if k < n {
                put(get(n - k)?);
            }
        }
        for &k in &self.equal_halves {
            if n >= k + 2 && (n - k).is_multiple_of(2) {
                put(0);
            }
        }
        let heaps = &sparse.rare_heaps;
        for (i, &k) in self.halves.iter().enumerate() {
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            let (lo, hi) = block.range(i);
            // The rare heaps below m: those the block covers, a few more.
            let mut below = hi.max(lo);
            while below < heaps.len() && (heaps[below] as usize) < m {
                below += 1;
            }
            for r in (0..lo).chain(hi.max(lo)..below) {
                let other = get(m - heaps[r] as usize)?;
                if !sparse.is_rare(other) {
                    put(sparse.rare_values[r] ^ other);
                }
            }
        }
        let mut found = None;
        for (q, &word) in options.iter().enumerate().take(block.words) {
            let free = !(word | sparse.rare_word(q));
            if free != 0 {
                found = Some(32 * q as u32 + free.trailing_zeros());
                break;
            }
        }
        let Some(common) = found else {
            return Ok(None);
        };
        need.clear();
        need.resize((common / 64 + 1) as usize, 0);
        let mut needed = 0;
        for q in 0..=(common / 32) as usize {
            let below = if q == (common / 32) as usize {
                (1u32 << (common % 32)) - 1
            } else {
                u32::MAX
            };
            // q < 16: common < 32 · words <= 512.
            let word = sparse.rare_word(q) & !options[q] & below;
            need[q / 2] |= u64::from(word) << (32 * (q % 2));
            needed += word.count_ones() as usize;
        }
        Ok(Some((common, needed)))
    }

    /// The rare values below `common` that are not among heap n's
    /// options other than splits, as [`Rules::options`] leaves them for
    /// [`Rules::cover_rare`] (the common pass makes only common values):
    /// for the two-thread pipeline's check of a heap valued `common`.
    pub(super) fn rare_needed(
        &self,
        n: usize,
        sparse: &Sparse,
        view: View,
        common: u32,
        need: &mut Vec<u64>,
    ) -> Result<usize, Gap> {
        need.clear();
        need.resize((common / 64 + 1) as usize, 0);
        if common <= 512 {
            for q in 0..=(common / 32) as usize {
                let below = if q == (common / 32) as usize {
                    (1u32 << (common % 32)) - 1
                } else {
                    u32::MAX
                };
                // q < 16 here unless common = 512 (then below = 0).
                let word = sparse.rare_words.get(q).map_or(0, |w| w & below);
                need[q / 2] |= u64::from(word) << (32 * (q % 2));
            }
        } else {
            for v in (0..common).filter(|&v| sparse.is_rare(v)) {
                need[(v / 64) as usize] |= 1 << (v % 64);
            }
        }
        let mut unneed = |v: u32| {
            if v < common {
                need[(v / 64) as usize] &= !(1 << (v % 64));
            }
        };
        for &k in &self.empties {
            if k == n {
                unneed(0);
            }
        }
        for &k in &self.singles {
            if k < n {
                unneed(view.get(n - k).ok_or(Gap {
                    heap: n,
                    needed: n - k,
                })?);
            }
        }
        for &k in &self.equal_halves {
            if n >= k + 2 && (n - k).is_multiple_of(2) {
                unneed(0);
            }
        }
        Ok(need.iter().map(|w| w.count_ones() as usize).sum())
    }

    /// Heap n's value once the least common value not among its options
    /// is `common` and the rare values below it not yet among them are
    /// `need` (`needed` of them): the least of those that no split makes,
    /// or `common`.
    pub(super) fn cover_rare(
        &self,
        n: usize,
        view: View,
        common: u32,
        need: &mut [u64],
        mut needed: usize,
    ) -> Result<u32, Gap> {
        let View {
            low,
            high,
            base,
            reversed,
            low8,
            high8,
            ..
        } = view;
        let get = |i: usize| view.get(i).ok_or(Gap { heap: n, needed: i });
        if needed > 0 {
            for &k in &self.halves {
                if n < k + 2 {
                    continue;
                }
                let m = n - k;
                let half = self.last_split(k, m);
                let split = Split {
                    low,
                    low8,
                    high8,
                    reversed,
                    high,
                    high_m: m - base,
                    end: half.min(low.len() - 1).min(m - base),
                };
                if cover(&split, common, need, &mut needed, self.simd) {
                    break;
                }
                // The splits past `end`, one at a time, from wherever
                // the store keeps them (the window, the ring, the early
                // values), or a gap.
                for a in split.end + 1..=half {
                    if found(need, &mut needed, common, get(a)? ^ get(m - a)?) {
                        break;
                    }
                }
                if needed == 0 {
                    break;
                }
            }
        }
        Ok(if needed > 0 { first_set(need) } else { common })
    }
}

impl Rules {
    /// Marks the common options `rare ^ G(m − r)` of heap n for the rare
    /// heaps r with indices `range` (all below m): from the window where
    /// it holds G(m − r), sixteen at a time where the CPU can, else one at
    /// a time through the view (the prefix, the ring, the early values,
    /// or a gap).
    fn mark_rare(
        &self,
        n: usize,
        m: usize,
        range: std::ops::Range<usize>,
        sparse: &Sparse,
        view: View,
        marks: &mut Vec<u32>,
    ) -> Result<(), Gap> {
        if range.is_empty() {
            return Ok(());
        }
        let heaps = &sparse.rare_heaps[range.clone()];
        let values = &sparse.rare_values[range];
        let (high, base) = (view.high, view.base);
        // The rare heaps far enough out that G(m − r) is before the
        // window's first value come last.
        let near = heaps.partition_point(|&r| r as usize + base < m);
        for (&r, &rare) in heaps[near..].iter().zip(&values[near..]) {
            let i = m - r as usize;
            let other = view.get(i).ok_or(Gap { heap: n, needed: i })?;
            if !sparse.is_rare(other) {
                mark(marks, rare ^ other);
            }
        }
        // G(i) = high[i - base] for every i read from here.
        let (g, m) = (high, m - base);
        #[cfg(target_arch = "x86_64")]
        let done = if self.simd == Simd::Avx512 {
            avx512::mark_common(g, m, &heaps[..near], &values[..near], sparse.mask, marks)
        } else {
            0
        };
        #[cfg(not(target_arch = "x86_64"))]
        let done = 0;
        for (&r, &rare) in heaps[done..near].iter().zip(&values[done..near]) {
            let other = g[m - r as usize];
            if !sparse.is_rare(other) {
                let x = rare ^ other;
                if x < 512 {
                    marks[x as usize] = 1;
                } else {
                    mark(marks, x);
                }
            }
        }
        Ok(())
    }
}

/// Sets `marks[v]`, growing `marks` as needed.
#[inline]
fn mark(marks: &mut Vec<u32>, v: u32) {
    let v = v as usize;
    if v >= marks.len() {
        marks.resize(v + 1, 0);
    }
    marks[v] = 1;
}

/// The widest split scan this CPU runs.
fn simd_available() -> Simd {
    let features = crate::cpu::features();
    if features.octal_avx512() {
        Simd::Avx512
    } else if features.octal_avx2() {
        Simd::Avx2
    } else {
        Simd::Portable
    }
}

/// The common pass for sixteen neighbouring heaps at once.
mod block;

/// The scans sixteen heaps at a time.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx512;

/// The split scan eight heaps at a time.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx2;

/// The splits `(a, m − a)` of one heap `m` that the store holds: `G(a)` is
/// `low[a]` and `G(m − a)` is `high[high_m − a]`, for `a` in `1..=end`;
/// for `a` below `reversed.len()`, `G(a)` is also `reversed[reversed.len()
/// − 1 − a]`.
struct Split<'s> {
    low: &'s [u32],
    /// `low` and `high` at a byte a value, or empty (see
    /// [`View::low8`](super::store::View)); read by the WebAssembly scan.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    low8: &'s [u8],
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    high8: &'s [u8],
    // Read by the x86-64 searches only.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    reversed: &'s [u32],
    high: &'s [u32],
    high_m: usize,
    end: usize,
}

/// Scans the splits of `m` into two heaps, clearing from `need` the values
/// below `common` they make; `true` once `need` is empty.
fn cover(split: &Split, common: u32, need: &mut [u64], needed: &mut usize, simd: Simd) -> bool {
    let Split {
        low,
        high,
        high_m,
        end,
        ..
    } = *split;
    #[cfg(target_arch = "x86_64")]
    let from = if simd != Simd::Portable && common <= 512 && need.len() <= 8 {
        let mut small = [0u64; 8];
        small[..need.len()].copy_from_slice(need);
        let (next, done) = if simd == Simd::Avx512 {
            avx512::cover(split, 1, common, &mut small, needed)
        } else {
            avx2::cover(split, 1, common, &mut small, needed)
        };
        let len = need.len();
        need.copy_from_slice(&small[..len]);
        if done {
            return true;
        }
        next
    } else {
        1
    };
    #[cfg(not(target_arch = "x86_64"))]
    let from = {
        let _ = simd;
        match simd128_byte_cover(split, common, need, needed) {
            (_, true) => return true,
            (next, false) if next > 1 => next,
            _ => match simd128_cover(split, common, need, needed) {
                (_, true) => return true,
                (next, false) => next,
            },
        }
    };
    for a in from..=end {
        if found(need, needed, common, low[a] ^ high[high_m - a]) {
            return true;
        }
    }
    false
}

/// The splits four at a time with WebAssembly's 128-bit SIMD, from `a = 1`
/// while four fit below `split.end`: where it stopped, and whether `need`
/// emptied. A lane's value x is looked up in `need` (held in four
/// registers, 512 bits: byte x / 8 by byte swizzles, bit x mod 8 by a
/// lookup of its mask), so only a group with a value still needed is then
/// looked at one by one. Tested in that build against the native
/// sequences (e2e/wasm-package.test.mjs).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
fn simd128_cover(
    split: &Split,
    common: u32,
    need: &mut [u64],
    needed: &mut usize,
) -> (usize, bool) {
    use std::arch::wasm32::*;
    let Split {
        low,
        high,
        high_m,
        end,
        ..
    } = *split;
    let fits = end < low.len() && end <= high_m && high_m <= high.len();
    if !fits || !crate::cpu::features().simd128 || common > 512 || need.len() > 8 {
        return (1, false);
    }
    // `need` as 64 bytes in four registers (zeros past its end).
    let registers = |need: &[u64]| -> [v128; 4] {
        let word = |i: usize| need.get(i).copied().unwrap_or(0);
        std::array::from_fn(|r| u64x2(word(2 * r), word(2 * r + 1)))
    };
    let mut wanted = registers(need);
    let limit = u32x4_splat(common);
    // Only a lane's low byte indexes; the others (0xFF) find nothing.
    let high_bytes = u32x4_splat(0xFFFF_FF00);
    let sixteen = u8x16_splat(16);
    let seven = u32x4_splat(7);
    let bit_masks = u8x16(1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0);
    // Whether a lane's value is below `common` and still needed.
    let hits = |x: v128, wanted: &[v128; 4]| -> v128 {
        let below = u32x4_lt(x, limit);
        // Byte x / 8 of `need`, from the register it is in: each swizzle
        // indexed 16 lower than the one before (out of range gives 0).
        let index = v128_or(u32x4_shr(x, 3), high_bytes);
        let mut bytes = i8x16_swizzle(wanted[0], index);
        let mut at = index;
        for register in &wanted[1..] {
            at = i8x16_sub(at, sixteen);
            bytes = v128_or(bytes, i8x16_swizzle(*register, at));
        }
        let bit = i8x16_swizzle(bit_masks, v128_or(v128_and(x, seven), high_bytes));
        v128_and(below, v128_and(bytes, bit))
    };
    let mut a = 1;
    while a + 3 <= end {
        // G(a … a + 3) and G(m − a … m − a − 3), lane by lane (eight a
        // step, with one test for both, took as long).
        let l = &low[a..a + 4];
        let h = &high[high_m - a - 3..=high_m - a];
        let x = v128_xor(u32x4(l[0], l[1], l[2], l[3]), u32x4(h[3], h[2], h[1], h[0]));
        if v128_any_true(hits(x, &wanted)) {
            for i in 0..4 {
                if found(need, needed, common, l[i] ^ h[3 - i]) {
                    return (a + 4, true);
                }
            }
            wanted = registers(need);
        }
        a += 4;
    }
    (a, false)
}

/// The splits sixteen at a time with WebAssembly's 128-bit SIMD where the
/// store keeps its values as bytes (every value below 256: see
/// [`Store::keep_bytes`](super::store::Store::keep_bytes)), from `a = 1`
/// while sixteen fit below `split.end`: where it stopped, and whether
/// `need` emptied. A split's value is then below 256 too, so only `need`'s
/// first 256 bits (two registers) can be hit: byte x / 8 by two byte
/// swizzles, bit x mod 8 by a swizzled mask; a group with a hit is looked
/// at one by one. Tested in that build against the native sequences
/// (e2e/wasm-package.test.mjs).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[allow(unsafe_code)]
fn simd128_byte_cover(
    split: &Split,
    common: u32,
    need: &mut [u64],
    needed: &mut usize,
) -> (usize, bool) {
    use std::arch::wasm32::*;
    let Split {
        low,
        high,
        low8,
        high8,
        high_m,
        end,
        ..
    } = *split;
    let fits = low8.len() == low.len()
        && high8.len() == high.len()
        && end < low8.len()
        && end <= high_m
        && high_m < high8.len();
    if !fits || !crate::cpu::features().simd128 {
        return (1, false);
    }
    let registers = |need: &[u64]| -> [v128; 2] {
        let word = |i: usize| need.get(i).copied().unwrap_or(0);
        [u64x2(word(0), word(1)), u64x2(word(2), word(3))]
    };
    let mut wanted = registers(need);
    // Every byte is below `common` when it is 256 or more.
    let limit = u8x16_splat(common.min(255) as u8);
    let all_below = common > 255;
    let sixteen = u8x16_splat(16);
    let seven = u8x16_splat(7);
    let zero = u8x16_splat(0);
    let bit_masks = u8x16(1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0);
    let mut a = 1;
    while a + 15 <= end {
        // SAFETY: a + 15 <= end < low8.len(), and high_m − a − 15 ≥ 0
        // with high_m − a < high8.len() (end <= high_m < high8.len()):
        // both loads read sixteen bytes inside their slices; v128_load
        // takes unaligned addresses.
        let (l, h) = unsafe {
            (
                v128_load(low8.as_ptr().add(a).cast::<v128>()),
                v128_load(high8.as_ptr().add(high_m - a - 15).cast::<v128>()),
            )
        };
        // Lane i pairs G(a + i) with G(m − a − i).
        let h = i8x16_shuffle::<15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0>(h, h);
        let x = v128_xor(l, h);
        let index = u8x16_shr(x, 3);
        let bytes = v128_or(
            i8x16_swizzle(wanted[0], index),
            i8x16_swizzle(wanted[1], i8x16_sub(index, sixteen)),
        );
        let bit = i8x16_swizzle(bit_masks, v128_and(x, seven));
        // A lane hit is all ones (the bitmask reads each lane's top bit).
        let mut hit = i8x16_ne(v128_and(bytes, bit), zero);
        if !all_below {
            hit = v128_and(hit, u8x16_lt(x, limit));
        }
        let mut lanes = i8x16_bitmask(hit);
        if lanes != 0 {
            // Only the lanes hit (about one a group, where ~50 groups
            // scan a heap): the value of each, cleared from `need`.
            while lanes != 0 {
                let i = lanes.trailing_zeros() as usize;
                lanes &= lanes - 1;
                let x = u32::from(low8[a + i] ^ high8[high_m - a - i]);
                if found(need, needed, common, x) {
                    return (a + 16, true);
                }
            }
            wanted = registers(need);
        }
        a += 16;
    }
    (a, false)
}

/// Without WebAssembly's SIMD: nothing scanned.
#[cfg(all(
    not(target_arch = "x86_64"),
    not(all(target_arch = "wasm32", target_feature = "simd128"))
))]
fn simd128_byte_cover(_: &Split, _: u32, _: &mut [u64], _: &mut usize) -> (usize, bool) {
    (1, false)
}

/// Without WebAssembly's SIMD: nothing scanned.
#[cfg(all(
    not(target_arch = "x86_64"),
    not(all(target_arch = "wasm32", target_feature = "simd128"))
))]
fn simd128_cover(_: &Split, _: u32, _: &mut [u64], _: &mut usize) -> (usize, bool) {
    (1, false)
}

/// Clears split value `x` from `need` when it is below `common` and still
/// needed, counting it off `needed`; whether `need` is then empty.
#[inline]
fn found(need: &mut [u64], needed: &mut usize, common: u32, x: u32) -> bool {
    if x < common && clear(need, x) {
        *needed -= 1;
        *needed == 0
    } else {
        false
    }
}

/// Clears bit `x` of `bits`; whether it was set.
#[inline]
fn clear(bits: &mut [u64], x: u32) -> bool {
    let (w, bit) = ((x / 64) as usize, 1u64 << (x % 64));
    let was = bits[w] & bit != 0;
    bits[w] &= !bit;
    was
}

fn first_set(bits: &[u64]) -> u32 {
    for (i, &w) in bits.iter().enumerate() {
        if w != 0 {
            return i as u32 * 64 + w.trailing_zeros();
        }
    }
    bits.len() as u32 * 64
}

pub(super) fn first_zero(bits: &[u64]) -> u32 {
    for (i, &w) in bits.iter().enumerate() {
        if w != u64::MAX {
            return i as u32 * 64 + w.trailing_ones();
        }
    }
    bits.len() as u32 * 64
}

#[cfg(test)]
mod portable {
    use super::*;

    /// Every code of `0.??` and `0.???` that has a sparse space with at
    /// most one heap in eight rare when it is first chosen (4,096 values):
    /// the values with blocks of the common pass (on the widest ISA path
    /// this CPU has and on the portable one, by turns), against the
    /// heap-by-heap pass on the portable path (every rare heap read one at
    /// a time), to `GRUNDY_BLOCK_UPTO` values (default 2^15; the issue's
    /// 2^18 is run by hand: `GRUNDY_BLOCK_UPTO=262144 cargo test -p grundy
    /// --lib blocks_give`, once more with `GRUNDY_SIMD=portable`).
    #[test]
    fn blocks_give_the_values_of_the_heap_by_heap_pass() {
        let upto: usize =
            std::env::var("GRUNDY_BLOCK_UPTO").map_or(1 << 15, |v| v.parse().unwrap());
        let digits = |d: usize| (0..8usize.pow(d as u32)).map(move |i| (d, i));
        let mut compared = 0;
        for (d, i) in digits(2).chain(digits(3)) {
            let text: String = (0..d)
                .map(|p| char::from(b'0' + (i / 8usize.pow((d - 1 - p) as u32) % 8) as u8))
                .collect();
            if text.ends_with('0') {
                continue;
            }
            let code: OctalCode = format!("0.{text}").parse().unwrap();
            let start = |simd: Simd| {
                let mut engine = Engine::new(&code);
                engine.rules.simd = simd;
                engine.always_sparse = true;
                for _ in 0..=PLAIN_UNTIL {
                    engine.push_next().unwrap();
                }
                engine
            };
            // Blocks on the widest path for one code, the portable one for
            // the next (with GRUNDY_SIMD=portable, the portable one only).
            let mut fast = start(if compared % 2 == 0 {
                simd_available()
            } else {
                Simd::Portable
            });
            if !fast
                .sparse
                .as_ref()
                .is_some_and(|s| s.sparse_enough(PLAIN_UNTIL))
            {
                continue;
            }
            let mut slow = start(Simd::Portable);
            slow.scratch[0].block.disable();
            for n in PLAIN_UNTIL + 1..upto {
                // Without a sparse space (chosen again at each power of
                // two) the plain rule values the rest: nothing to compare.
                if n.is_power_of_two() && fast.sparse.is_none() {
                    break;
                }
                fast.push_next().unwrap();
                slow.push_next().unwrap();
            }
            assert!(
                fast.values() == slow.values(),
                "0.{text}: the values differ"
            );
            assert_eq!(fast.histogram, slow.histogram, "0.{text}");
            compared += 1;
        }
        assert!(compared > 50, "{compared} codes compared");
    }

    #[test]
    fn the_portable_scans_agree_with_avx2_and_avx512() {
        let features = crate::cpu::features();
        let mut scans = vec![Simd::Portable];
        if features.octal_avx2() {
            scans.push(Simd::Avx2);
        }
        if features.octal_avx512() {
            scans.push(Simd::Avx512);
        }
        for text in ["0.161", "0.6", "0.56", "0.36"] {
            let code: OctalCode = text.parse().unwrap();
            let mut engines: Vec<Engine> = scans
                .iter()
                .map(|&simd| {
                    let mut e = Engine::new(&code);
                    e.rules.simd = simd;
                    e
                })
                .collect();
            for engine in &mut engines {
                for _ in 0..30_000 {
                    engine.push_next().unwrap();
                }
            }
            assert!(engines[0].sparse.is_some(), "{text} uses a sparse space");
            for (engine, simd) in engines.iter().zip(&scans) {
                assert_eq!(engine.values(), engines[0].values(), "{text}: {simd:?}");
            }
        }
    }
}
