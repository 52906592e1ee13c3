//! Long computations: G(0), G(1), … in bounded memory, a batch at a time,
//! with a digest of every value and a state that can be saved and resumed
//! (see [`super::checkpoint`]).
//!
//! While the sequence is short every value is kept and the periodicity
//! theorem is tried as in [`super::grundy_sequence`]. Once
//! [`Memory::window_after`] values are computed, a code with a sparse
//! space whose rare heaps all lie well inside the window or the ring keeps
//! only the first [`Memory::prefix`] values, its rare heaps, a window of
//! the latest [`Memory::window`] values, and at two bytes each a ring of
//! the latest [`Memory::reach`] (for rare heaps whose partners lie behind
//! the window) and the first [`Memory::early`] (for scans of the splits
//! deeper than the prefix). From then on the period is looked for as the
//! values stream by ([`super::period_search`]): a repeated block proposes
//! a period, the values kept check it, and the periodicity theorem proves
//! it with its exact preperiod, for periods up to what the ring spans. A
//! code without such a space keeps every value, up to
//! [`Memory::full_limit`]. A windowed run whose next value needs one it
//! dropped (a rare heap beyond the ring's reach, or a scan deeper than the
//! early values) computes every value again and keeps the full array from
//! then on, within the same limit.

use std::time::Duration;

use super::code::OctalCode;
use super::period::Periodicity;
use super::period_search::PeriodSearch;
use super::sparse::Engine;
pub use super::store::Gap;
use super::store::REVERSED;
use crate::pace::Pacer;
use crate::platform::Stopwatch;

/// How much a run may keep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Memory {
    /// Values computed before a window may replace the full array.
    pub window_after: u64,
    /// Values kept from the start once windowed.
    pub prefix: u64,
    /// Latest values kept once windowed (between one and two windows).
    pub window: u64,
    /// Latest values kept once windowed at two bytes each, for rare heaps'
    /// partners behind the window (0: none).
    pub reach: u64,
    /// First values kept once windowed at two bytes each, for scans of the
    /// splits deeper than the prefix (0: none).
    pub early: u64,
    /// The most values kept when no window is possible.
    pub full_limit: u64,
}

impl Default for Memory {
    /// A full array up to 2^25 values (128 MiB), then a prefix of 2^20
    /// values (4 MiB), a window of 2^20 (between 4 and 8 MiB), and at two
    /// bytes each a ring of 2^26 and the first 2^26 values (128 MiB each):
    /// 269 MiB at most. At most 5·10^8 values in a full array.
    ///
    /// The splits the cover scan tries reached a = 431,340 for 0.6 by 2^22
    /// values, and 29,198 for 0.161; for Grundy's game, a = 49,251,313 at
    /// heap 258,592,189 (and past 2^20 at about 400 heaps below 2^28, which
    /// read the early values). Grundy's game's last rare heap below 2^28 is
    /// 48,399,022: its partners are read from the ring.
    fn default() -> Self {
        Memory {
            window_after: 1 << 25,
            prefix: 1 << 20,
            window: 1 << 20,
            reach: 1 << 26,
            early: 1 << 26,
            full_limit: 500_000_000,
        }
    }
}

impl Memory {
    /// An upper estimate of the bytes a run of `upto` values holds: the
    /// values (4 bytes each) and the period check's scratch (as much
    /// again) while the array is full; then the prefix, two windows, the
    /// ring, the early values and the period search's tables. A code
    /// without a sparse space stays full: the larger figure. Both count
    /// the first 2^16 values kept backwards for the split scans (256 KiB).
    pub fn estimate(&self, upto: u64) -> Estimate {
        let full = upto.min(self.full_limit);
        let reversed = 4 * REVERSED as u64;
        // The full array's peak before the switch, or the prefix, two
        // windows and the ring after it, whichever is larger.
        let windowed = (8 * upto.min(self.window_after)).max(
            4 * (self.prefix + 2 * self.window)
                + 2 * (self.reach.min(upto) + self.early.min(upto))
                + PeriodSearch::BYTES,
        ) + reversed;
        Estimate {
            full_bytes: 8 * full + reversed,
            windowed_bytes: if upto > self.window_after {
                Some(windowed)
            } else {
                None
            },
        }
    }

    /// The longest period a windowed run can prove: the search compares
    /// G(n) with G(n − p) for the values of the last feeding step (at most
    /// [`FEED`] or a window behind the latest), reading back through the
    /// ring (or the window, without one).
    pub fn longest_period(&self) -> u64 {
        self.reach
            .max(self.window)
            .saturating_sub(self.feed_every())
    }

    /// How often a windowed run feeds its period search: every [`FEED`]
    /// values, or every window if that is smaller.
    pub fn feed_every(&self) -> u64 {
        FEED.min(self.window).max(1)
    }
}

/// What [`Memory::estimate`] says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estimate {
    /// Bytes at most if every value is kept (up to the full limit).
    pub full_bytes: u64,
    /// Bytes at most once a window is kept, when the run is long enough.
    pub windowed_bytes: Option<u64>,
}

/// Why a run stopped short.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    /// A windowed run needed a value it had dropped, and keeping every
    /// value instead would pass the full array's limit.
    #[error("{0}, and a full array of every value would pass its limit")]
    Gap(#[from] Gap),
    /// No window was possible and the full array is at its limit.
    #[error(
        "stopped after {at} values: this code has no sparse space that allows keeping only a \
         window, and a full array holds at most {limit} values"
    )]
    Full {
        /// Values computed.
        at: u64,
        /// The full array's limit.
        limit: u64,
    },
}

/// The digest of no values; see [`digest`].
pub const DIGEST_START: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a (64 bits) over the values' 4-byte little-endian forms, in order:
/// the digest a run reports, to compare runs without keeping their values.
pub fn digest(mut state: u64, values: &[u32]) -> u64 {
    for v in values {
        for byte in v.to_le_bytes() {
            state ^= u64::from(byte);
            state = state.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    state
}

/// A computation in progress.
pub struct LongRun {
    pub(super) code: OctalCode,
    pub(super) engine: Engine,
    pub(super) memory: Memory,
    pub(super) digest: u64,
    pub(super) periodicity: Option<Periodicity>,
    pub(super) next_check: u64,
    pub(super) threads: usize,
    /// One thread until this many values (the machine was busy).
    pub(super) alone_until: u64,
    /// Values computed two at a time.
    pub(super) paired: u64,
    /// Two threads even on a busy machine.
    pub(super) strict: bool,
    /// Why the window was given up, if it was.
    pub(super) fell_back: Option<Gap>,
    /// The period search of a windowed run, fed every [`FEED`] values.
    pub(super) search: Option<PeriodSearch>,
    /// A fall back under way (see [`LongRun::fall_back`]).
    pub(super) catching_up: Option<CatchUp>,
}

/// A windowed run's fall back under way: a run keeping every value
/// computes them again from G(0), a batch at a time when the run is paced,
/// up to the values computed; it then replaces the windowed run's engine.
/// A run saved meanwhile is the windowed one, which falls back again when
/// resumed.
pub(super) struct CatchUp {
    full: Box<LongRun>,
    gap: Gap,
    pacer: Pacer,
}

/// A windowed run feeds its period search at every multiple of this many
/// values (or of its window, if smaller) and at its end, and stops at the
/// first such point after a proof: the same point however many threads
/// compute the values.
pub const FEED: u64 = 1 << 16;

impl LongRun {
    /// A run of `code` from G(0).
    pub fn new(code: &OctalCode, memory: Memory) -> Self {
        LongRun {
            code: code.clone(),
            engine: Engine::new(code),
            memory,
            digest: DIGEST_START,
            periodicity: None,
            next_check: 1,
            threads: 1,
            alone_until: 0,
            paired: 0,
            strict: false,
            fell_back: None,
            search: None,
            catching_up: None,
        }
    }

    /// With `strict`, two threads never fall back to one when they keep
    /// waiting for each other (a busy machine): for tests, and machines
    /// given to the run alone.
    pub fn set_strict_threads(&mut self, strict: bool) {
        self.strict = strict;
    }

    /// Uses two threads for one sequence when `threads` ≥ 2 and the code
    /// allows it (see `pipeline.rs`); the values are the same.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = crate::platform::threads(Some(threads));
    }

    /// The code.
    pub fn code(&self) -> &OctalCode {
        &self.code
    }

    /// A pacer for [`LongRun::advance_paced`]: batches of about `target`,
    /// at most `most` values. The first batch is 64 values, or one for a
    /// code that splits a heap in three, whose value at heap n costs ~n²
    /// splits (a run resumed far on would otherwise do 64 before its first
    /// look at the clock).
    pub fn pacer(&self, target: Duration, most: u64) -> Pacer {
        let first = if self.code.splits_in_three() { 1 } else { 64 };
        Pacer::starting_with(target, most, first)
    }

    /// Values computed.
    pub fn computed(&self) -> u64 {
        self.engine.store.len() as u64
    }

    /// The digest of every value computed (see [`digest`]).
    pub fn digest(&self) -> u64 {
        self.digest
    }

    /// The proven period, once found.
    pub fn periodicity(&self) -> Option<Periodicity> {
        self.periodicity
    }

    /// Whether only a window is kept.
    pub fn is_windowed(&self) -> bool {
        self.engine.store.is_windowed()
    }

    /// How many of the values this run computed (since it started or
    /// resumed) were computed two at a time.
    pub fn paired(&self) -> u64 {
        self.paired
    }

    /// How many values from G(0) on are kept (all of them while full).
    pub fn kept_prefix(&self) -> u64 {
        self.engine.store.head.len() as u64
    }

    /// Bytes the values take now.
    pub fn bytes(&self) -> usize {
        self.engine.store.bytes()
    }

    /// How many heaps from 1 on have each value so far.
    pub fn histogram(&self) -> &[u64] {
        &self.engine.histogram
    }

    /// The sparse space the engine computes by, if it has one: its mask
    /// and every heap (from 1) with a rare value.
    pub fn sparse_space(&self) -> Option<(u32, &[u32])> {
        let sparse = self.engine.sparse.as_ref()?;
        Some((sparse.mask, &sparse.rare_heaps))
    }

    /// The largest value computed so far.
    pub fn largest(&self) -> u32 {
        (self.engine.histogram.len() as u32).saturating_sub(1)
    }

    /// The period search of a windowed run (see [`super::period_search`]).
    pub fn period_search(&self) -> Option<&PeriodSearch> {
        self.search.as_ref()
    }

    /// The first values, as many as are kept from G(0) on (all of them
    /// while full).
    pub fn prefix_values(&self) -> &[u32] {
        &self.engine.store.head
    }

    /// G(from), … up to the last value computed, if the run keeps them
    /// (every value while all are kept; once windowed, the window's).
    pub fn values_from(&self, from: u64) -> Option<&[u32]> {
        let (high, base) = self.engine.store.high();
        let from = usize::try_from(from).ok()?;
        high.get(from.checked_sub(base)?..)
    }

    /// Every value, while all are kept.
    pub fn values(&self) -> Option<&[u32]> {
        (!self.is_windowed()).then(|| self.engine.values())
    }

    /// Every value, while all are kept, handed over without a copy.
    pub fn into_values(self) -> Option<Vec<u32>> {
        (!self.is_windowed()).then(|| self.engine.into_values())
    }

    /// Computes up to `count` more values (fewer if a period is proven),
    /// appending them to `out`. A windowed run whose next value needs one
    /// it dropped computes every value again and keeps them all from then
    /// on ([`LongRun::fell_back`]), or stops with [`RunError::Gap`] when a
    /// full array would pass [`Memory::full_limit`].
    pub fn advance(&mut self, count: u64, out: &mut Vec<u32>) -> Result<(), RunError> {
        self.advance_by(count, out, None)
    }

    /// [`advance`](LongRun::advance); with `paced`, a fall back does at
    /// most about that long a part of its work per call (computing no new
    /// value until it is done), and so does a value of a code that splits
    /// a heap into three (the call returns part way through it, the work
    /// kept for the next).
    fn advance_by(
        &mut self,
        count: u64,
        out: &mut Vec<u32>,
        paced: Option<Duration>,
    ) -> Result<(), RunError> {
        let target = self.computed().saturating_add(count);
        let watch = Stopwatch::start();
        while self.computed() < target && self.periodicity.is_none() {
            if self.catching_up.is_some() {
                if self.catch_up(paced)? {
                    continue;
                }
                return Ok(());
            }
            let n = self.computed();
            let run = self.pipelined_run(n, target);
            if run >= 64 {
                let epoch = super::pipeline::epoch(&mut self.engine, run as usize, self.strict);
                self.paired += epoch.done as u64;
                let values = self.engine.store.recent(n as usize);
                self.digest = digest(self.digest, values);
                out.extend_from_slice(values);
                if epoch.contended {
                    // Try two threads again a million values later.
                    self.alone_until = self.computed() + (1 << 20);
                }
                if epoch.done as u64 == run {
                    self.feed_search(false);
                    continue;
                }
                // The heap that stopped the epoch, on one thread.
            }
            if let Some(paced) = paced {
                // A heap's splits in three, within the batch's time; the
                // work done is kept for the next batch.
                if !self.engine.prepare_next(&mut || watch.elapsed() < paced) {
                    return Ok(());
                }
            }
            self.step(out)?;
            self.feed_search(false);
        }
        Ok(())
    }

    /// [`advance`](LongRun::advance) by one batch of the size `pacer`
    /// gives (at most to `upto` values), timed for the next: a loop that
    /// looks at its stop flag between such batches sees it within about
    /// [`pace::TARGET`](crate::pace::TARGET), however costly the values.
    pub fn advance_paced(
        &mut self,
        pacer: &mut Pacer,
        upto: u64,
        out: &mut Vec<u32>,
    ) -> Result<(), RunError> {
        let (before, watch) = (self.computed(), Stopwatch::start());
        let count = pacer.next().min(upto.saturating_sub(before));
        let advanced = self.advance_by(count, out, Some(pacer.target()));
        pacer.took(self.computed() - before, watch.elapsed());
        advanced
    }

    /// Starts the period search of a run that has just become windowed
    /// (or was saved without one), fed at once the latest values the
    /// window holds.
    pub(super) fn start_search(&mut self) {
        if !self.is_windowed() || !self.code.periodicity_applies() {
            return;
        }
        let n = self.computed();
        let first = n.saturating_sub(self.memory.window);
        let mut search = PeriodSearch::new(self.code.period_bound(), first);
        let view = self.engine.store.view();
        if let Some(found) = search.feed(n, &|i| view.get(i as usize)) {
            self.periodicity = Some(found);
        }
        self.search = Some(search);
    }

    /// Feeds the period search of a windowed run up to the last multiple
    /// of [`Memory::feed_every`] computed (`all`: up to the last value).
    fn feed_search(&mut self, all: bool) {
        let every = self.memory.feed_every();
        let Some(search) = self.search.as_mut() else {
            return;
        };
        let computed = self.engine.store.len() as u64;
        let upto = if all {
            computed
        } else {
            computed / every * every
        };
        if upto <= search.fed() {
            return;
        }
        let view = self.engine.store.view();
        let found = search.feed(upto, &|i| view.get(i as usize));
        if found.is_some() {
            self.periodicity = found;
        }
    }

    /// How many heaps from `n` two threads may value in one epoch: up to
    /// the next heap where something happens on one thread (the sparse
    /// space chosen again, the window kept, the period tried, the full
    /// array's limit), within the window's room.
    fn pipelined_run(&self, n: u64, target: u64) -> u64 {
        if self.threads < 2 || n < self.alone_until || !super::pipeline::possible(&self.engine) {
            return 0;
        }
        let mut end = target;
        if !self.is_windowed() {
            if self.engine.chooses_at(n as usize) {
                // The sparse space is chosen again at this heap, on one
                // thread.
                return 0;
            }
            let next_power = (n + 1).next_power_of_two();
            end = end
                .min(next_power)
                .min(self.memory.window_after.max(n))
                .min(self.memory.full_limit)
                .min(self.next_check.saturating_sub(1).max(n));
        } else {
            let every = self.memory.feed_every();
            end = end
                .min(n + self.engine.store.window as u64)
                .min((n / every + 1) * every);
        }
        end.saturating_sub(n)
    }

    /// One value on one thread, with whatever happens at its heap.
    fn step(&mut self, out: &mut Vec<u32>) -> Result<(), RunError> {
        let n = self.computed();
        if n == self.memory.window_after {
            // Stays full when the code has no suitable sparse space.
            self.engine.keep_window(
                self.memory.prefix as usize,
                self.memory.window as usize,
                self.memory.reach as usize,
                self.memory.early as usize,
            );
            self.start_search();
            if self.periodicity.is_some() {
                return Ok(());
            }
        }
        if !self.is_windowed() && n >= self.memory.full_limit {
            return Err(RunError::Full {
                at: n,
                limit: self.memory.full_limit,
            });
        }
        let value = match self.engine.push_next() {
            Ok(value) => value,
            Err(gap) => {
                // The value is computed once every value is kept again.
                return self.fall_back(gap);
            }
        };
        out.push(value);
        self.digest = digest(self.digest, &[value]);
        if !self.is_windowed() && n + 1 >= self.next_check {
            self.periodicity = self.code.proven_period(self.engine.values());
            let n = n + 1;
            self.next_check = if n < 2048 { n + 1 } else { n + n / 16 };
        }
        Ok(())
    }

    /// A windowed run that needs a value it dropped (a rare heap far out,
    /// whose scan reads splits the prefix and the window do not hold)
    /// computes every value again from G(0) and keeps them all from then
    /// on — the full array, within [`Memory::full_limit`]; beyond it the
    /// run stops with the gap. Nothing is guessed either way. This starts
    /// the work; [`LongRun::catch_up`] does it.
    fn fall_back(&mut self, gap: Gap) -> Result<(), RunError> {
        let n = self.computed();
        if n >= self.memory.full_limit {
            return Err(gap.into());
        }
        let mut full = LongRun::new(
            &self.code,
            Memory {
                window_after: u64::MAX,
                ..self.memory
            },
        );
        full.threads = self.threads;
        full.strict = self.strict;
        full.alone_until = self.alone_until;
        // No period checks on the way: the values are known to go on.
        full.next_check = u64::MAX;
        self.catching_up = Some(CatchUp {
            full: Box::new(full),
            gap,
            pacer: Pacer::new(crate::pace::TARGET, u64::MAX),
        });
        Ok(())
    }

    /// Computes the values again for a fall back under way: all of them,
    /// or with `paced` a batch of about that long. True once every value
    /// is kept again (the run then goes on from where it was).
    fn catch_up(&mut self, paced: Option<Duration>) -> Result<bool, RunError> {
        let n = self.computed();
        let Some(catching) = self.catching_up.as_mut() else {
            return Ok(true);
        };
        let full = &mut catching.full;
        let mut sink = Vec::new();
        match paced {
            Some(target) => {
                // A run keeping every value has no fall back of its own.
                catching.pacer.set_target(target);
                full.advance_paced(&mut catching.pacer, n, &mut sink)?;
            }
            None => {
                while full.computed() < n {
                    sink.clear();
                    full.advance((n - full.computed()).min(1 << 20), &mut sink)?;
                }
            }
        }
        if full.computed() < n {
            return Ok(false);
        }
        let Some(CatchUp { full, gap, .. }) = self.catching_up.take() else {
            return Ok(true);
        };
        debug_assert_eq!(full.digest, self.digest, "the same values again");
        self.engine = full.engine;
        self.paired += full.paired;
        self.fell_back = Some(gap);
        self.search = None;
        // The period is looked for again, from the next value on.
        self.next_check = n + 1;
        Ok(true)
    }

    /// The gap of a fall back under way, if one is: the run computes
    /// every value again, from G(0), before any new one (see
    /// [`LongRun::fell_back`], which gives the gap once that is done).
    pub fn catching_up(&self) -> Option<Gap> {
        self.catching_up.as_ref().map(|c| c.gap)
    }

    /// The gap that made a windowed run keep every value again, if one
    /// did (see [`LongRun::advance`]).
    pub fn fell_back(&self) -> Option<Gap> {
        self.fell_back
    }

    /// Tries the period once more on every value kept, or feeds the
    /// period search every value computed (a run that ends at a limit:
    /// the last value may complete a proof).
    pub fn finish(&mut self) {
        if self.periodicity.is_some() {
            return;
        }
        if self.is_windowed() {
            self.feed_search(true);
        } else {
            self.periodicity = self.code.proven_period(self.engine.values());
        }
    }
}
