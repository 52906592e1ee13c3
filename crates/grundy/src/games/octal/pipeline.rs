//! Two threads on one sequence: a guesser and a checker.
//!
//! With a sparse space, heap n's value is nearly always its *common
//! guess*: the least common value not among the options that the common
//! pass finds (one part rare, the other common). It is something else
//! only when a rare value below the guess is made by no split, and then
//! heap n is a rare heap — a handful in millions. So the guesser values
//! heap after heap by the common pass alone and publishes each guess; the
//! checker follows in order and scans the splits of each heap for the rare
//! values below its guess ([`Rules::cover_rare`]). Each reads only values
//! below its heap, guesses included: a guess is used before it is checked,
//! but everything after a wrong guess is dropped, because the first guess
//! the checker refutes stops the epoch before that heap, which the
//! caller's sequential step then values (it is rare).
//!
//! The common pass is about a third of a heap's work and the scan the
//! rest, so the guesser is the faster thread: when it is more than half
//! its lead (at most [`LEAD`] heaps) ahead of the checker, it values the
//! next heap outright, scan included, and the checker skips that heap.
//! The two threads balance without a tuned constant.
//!
//! The rare heaps and the sparse space stay fixed within an epoch; an
//! epoch also stops before a heap that needs a value the store no longer
//! keeps. Values are the same as on one thread (a test checks).
//!
//! [`Rules::cover_rare`]: super::sparse::Rules::cover_rare

use std::hint;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread;

use super::sparse::{Engine, Rules, Scratch, Sparse};
use super::store::View;

/// The values buffer shared by the two threads: G(i) at `ptr + i − base`.
/// Each index is written once, by the guesser, before `published` passes
/// it; it is read only after that.
struct Buffer {
    ptr: *mut u32,
    base: usize,
}

// SAFETY: only the guesser writes, each index once and in order; it reads
// only indices it wrote before, and the checker reads only indices below
// `published`, whose writes happened before the Release store that
// published them (read with Acquire).
#[allow(unsafe_code)]
unsafe impl Sync for Buffer {}

#[allow(unsafe_code)]
impl Buffer {
    /// G(base), …, G(below − 1).
    ///
    /// # Safety
    /// Every heap below `below` is published, and lies within the
    /// buffer's capacity.
    unsafe fn below(&self, below: usize) -> &[u32] {
        // SAFETY: as the caller promises; published values are never
        // written again.
        unsafe { std::slice::from_raw_parts(self.ptr, below - self.base) }
    }

    /// Stores G(n).
    ///
    /// # Safety
    /// Called by the guesser only, for heap n within the capacity and not
    /// published yet.
    unsafe fn write(&self, n: usize, value: u32) {
        // SAFETY: as the caller promises.
        unsafe { self.ptr.add(n - self.base).write(value) }
    }
}

/// How far the guesser may run ahead of the checker: the work lost when a
/// guess is wrong (a rare heap) is at most this many heaps.
const LEAD: usize = 4096;

/// Sleeps while waiting in one epoch after which it stops as contended:
/// when the other thread is often not running, taking turns costs a
/// context switch per value.
const CONTENDED: usize = 256;

/// What an epoch did.
pub(super) struct Epoch {
    /// Values added.
    pub(super) done: usize,
    /// Whether it stopped because the threads kept waiting for each other
    /// (the machine is busy): better one thread for a while.
    pub(super) contended: bool,
    /// How many heaps the guesser valued outright (the checker the rest).
    #[cfg_attr(not(test), allow(dead_code))]
    pub(super) outright: usize,
    /// How many heaps the checker passed over as valued outright.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(super) skipped: usize,
}

/// How a thread waits for the other within an epoch.
struct Waiter<'a> {
    /// Never give up (tests): wait however busy the machine is.
    strict: bool,
    /// Sleeps so far, both threads.
    sleeps: AtomicUsize,
    /// The first heap not valued in this epoch (`usize::MAX` while it
    /// runs on).
    stop: &'a AtomicUsize,
}

impl Waiter<'_> {
    /// Waits until `count` reaches `need`, for heap `me`; false if the
    /// epoch stopped at or before `me`, or, unless strict, stops it there
    /// once the threads have slept [`CONTENDED`] times in the epoch (the
    /// machine is too busy for two threads).
    fn wait(&self, count: &AtomicUsize, need: usize, me: usize) -> bool {
        let mut spins = 0u32;
        loop {
            if count.load(Ordering::Acquire) >= need {
                return true;
            }
            if self.stop.load(Ordering::Acquire) <= me {
                return false;
            }
            // Spin a little (the other thread is microseconds away), then
            // sleep: on a busy machine it may not be running at all, and
            // spinning would keep it off the core.
            spins += 1;
            if spins < 1 << 12 {
                hint::spin_loop();
            } else if self.strict || self.sleeps.fetch_add(1, Ordering::Relaxed) < CONTENDED {
                thread::sleep(std::time::Duration::from_micros(20));
            } else {
                self.stop.fetch_min(me, Ordering::AcqRel);
                return false;
            }
        }
    }
}

/// Whether the engine can value two heaps at once now.
pub(super) fn possible(engine: &Engine) -> bool {
    let store = &engine.store;
    engine
        .sparse
        .as_ref()
        .is_some_and(|sparse| sparse.sparse_enough(store.len()))
        && (!store.is_windowed() || store.head.len() >= store.prefix)
}

/// Values heaps `n0 .. n0 + count` on two threads (`n0` = the values
/// computed); stops early before a heap with a rare value or a value no
/// longer kept, or (unless `strict`) when the threads keep waiting for
/// each other. The
/// caller checks [`possible`] and that `count` fits in the store's room.
#[allow(unsafe_code)]
pub(super) fn epoch(engine: &mut Engine, count: usize, strict: bool) -> Epoch {
    let n0 = engine.store.len();
    let end = n0 + count;
    let Engine {
        rules,
        store,
        sparse,
        histogram: _,
        scratch,
        ..
    } = engine;
    let none = Epoch {
        done: 0,
        contended: false,
        outright: 0,
        skipped: 0,
    };
    let Some(sparse) = sparse.as_ref() else {
        return none;
    };
    let windowed = store.is_windowed();
    if windowed {
        store.make_room(count);
    }
    store.reverse_front();
    let reversed: &[u32] = &store.reversed;
    let base = store.base;
    // The ring and the early values hold values before n0 (they are
    // brought up to date after the epoch); those from n0 on are read from
    // the buffer.
    let (ring, early): (&[u16], &[u16]) = (&store.ring, &store.early);
    let (low, buffer): (Option<&[u32]>, &mut Vec<u32>) = if windowed {
        (Some(&store.head), &mut store.tail)
    } else {
        (None, &mut store.head)
    };
    buffer.reserve(count);
    let shared = Buffer {
        ptr: buffer.as_mut_ptr(),
        base,
    };
    let stop = AtomicUsize::new(usize::MAX);
    // The values below heap `below`, all published.
    let view = |below: usize| -> View<'_> {
        // SAFETY: the callers waited until heaps below `below` were
        // published; all are below n0 + count, inside the capacity.
        let high = unsafe { shared.below(below) };
        View {
            low: low.unwrap_or(high),
            high,
            base,
            ring,
            end: n0,
            early,
            reversed,
            low8: &[],
            high8: &[],
        }
    };
    let waiter = Waiter {
        strict,
        sleeps: AtomicUsize::new(0),
        stop: &stop,
    };
    let pair = Pair {
        rules,
        sparse,
        buffer: &shared,
        heaps: n0..end,
        view,
        wait: |count: &AtomicUsize, need: usize, me: usize| waiter.wait(count, need, me),
        stop: &stop,
        published: AtomicUsize::new(n0),
        checked: AtomicUsize::new(n0),
        // Which heaps the guesser proved itself (by their index modulo
        // 2 · LEAD: it is at most LEAD heaps ahead of the checker).
        own: (0..2 * LEAD).map(|_| AtomicBool::new(false)).collect(),
        outright: AtomicUsize::new(0),
        skipped: AtomicUsize::new(0),
    };
    let [first, second] = scratch;
    thread::scope(|s| {
        s.spawn(|| pair.guess(first));
        s.spawn(|| pair.check(second));
    });
    let (checked, outright, skipped) = (pair.checked, pair.outright, pair.skipped);
    let done = checked.into_inner();
    // SAFETY: every index below done - base was written (heaps are
    // published in order, each after its write) and lies within the
    // capacity reserved above.
    unsafe { buffer.set_len(done - base) };
    engine.store.narrow_record(n0);
    for n in n0..done {
        let value = engine.store.value_at(n);
        engine.count(n, value);
    }
    Epoch {
        done: done - n0,
        contended: waiter.sleeps.load(Ordering::Relaxed) >= CONTENDED,
        outright: outright.into_inner(),
        skipped: skipped.into_inner(),
    }
}

/// The two threads of an epoch and what they share: the heaps to value,
/// the counts each publishes to the other, and what each did.
struct Pair<'a, V, W> {
    rules: &'a Rules,
    sparse: &'a Sparse,
    buffer: &'a Buffer,
    heaps: std::ops::Range<usize>,
    /// The values below a heap, all published.
    view: V,
    /// Waits until a count reaches a need, for a heap (see [`Waiter`]).
    wait: W,
    /// The first heap not valued in this epoch.
    stop: &'a AtomicUsize,
    /// Heaps below it are guessed (written to the buffer).
    published: AtomicUsize,
    /// The checker's count of values proven: heaps below it are final.
    checked: AtomicUsize,
    own: Vec<AtomicBool>,
    outright: AtomicUsize,
    skipped: AtomicUsize,
}

#[allow(unsafe_code)]
impl<'a, V, W> Pair<'a, V, W>
where
    V: Fn(usize) -> View<'a> + Sync,
    W: Fn(&AtomicUsize, usize, usize) -> bool + Sync,
{
    /// The guesser: every heap valued as its least common value not among
    /// its options, without the scan of the splits, unless it is far
    /// enough ahead of the checker to value the heap outright.
    fn guess(&self, scratch: &mut Scratch) {
        for n in self.heaps.clone() {
            // At most LEAD heaps ahead of the checker (no wait for the
            // first LEAD: the checker starts at the epoch's first heap).
            if !(self.wait)(&self.checked, n.saturating_sub(LEAD), n) {
                return;
            }
            if self.stop.load(Ordering::Acquire) <= n {
                return;
            }
            let mine = n - self.checked.load(Ordering::Relaxed) > LEAD / 2;
            let value = if mine {
                self.rules.value(n, self.sparse, (self.view)(n), scratch)
            } else {
                self.rules
                    .options(n, self.sparse, (self.view)(n), scratch)
                    .map(|(common, _)| common)
            };
            // A rare value is left to the caller.
            let value = value.ok().filter(|&v| !self.sparse.is_rare(v));
            let Some(value) = value else {
                self.stop.fetch_min(n, Ordering::AcqRel);
                return;
            };
            self.own[n % (2 * LEAD)].store(mine, Ordering::Relaxed);
            self.outright
                .fetch_add(usize::from(mine), Ordering::Relaxed);
            // SAFETY: heap n is written by this thread only, inside the
            // reserved capacity (n < the epoch's end); the checker reads it
            // only after the Release store below.
            unsafe { self.buffer.write(n, value) };
            self.published.store(n + 1, Ordering::Release);
        }
    }

    /// The checker: whether the splits make every rare value below each
    /// guess, heap by heap in order; the first that is not stops the epoch
    /// before it (its value is rare).
    fn check(&self, scratch: &mut Scratch) {
        for n in self.heaps.clone() {
            if !(self.wait)(&self.published, n + 1, n) {
                return;
            }
            if self.own[n % (2 * LEAD)].load(Ordering::Relaxed) {
                self.skipped.fetch_add(1, Ordering::Relaxed);
            } else {
                let view = (self.view)(n);
                // SAFETY: heap n was published above.
                let guess = unsafe { self.buffer.below(n + 1) }[n - self.buffer.base];
                let need = &mut scratch.need;
                let value = self
                    .rules
                    .rare_needed(n, self.sparse, view, guess, need)
                    .and_then(|needed| self.rules.cover_rare(n, view, guess, need, needed));
                if value != Ok(guess) {
                    self.stop.fetch_min(n, Ordering::AcqRel);
                    return;
                }
            }
            self.checked.store(n + 1, Ordering::Release);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::sparse::PLAIN_UNTIL;
    use super::*;
    use crate::games::octal::code::OctalCode;

    /// A wait returns at once when the count is there, false at once when
    /// the epoch stopped at or before the heap, and otherwise: gives up
    /// after the CONTENDED-th sleep of the epoch (stopping it at the
    /// heap), or, strict, waits for the count however long it takes.
    #[test]
    fn a_wait_gives_up_on_a_busy_machine_unless_strict() {
        let stop = AtomicUsize::new(usize::MAX);
        let count = AtomicUsize::new(10);
        let waiter = Waiter {
            strict: false,
            sleeps: AtomicUsize::new(0),
            stop: &stop,
        };
        assert!(waiter.wait(&count, 10, 50));
        assert!(!waiter.wait(&count, 11, 50));
        assert_eq!(stop.load(Ordering::Relaxed), 50);
        assert_eq!(waiter.sleeps.load(Ordering::Relaxed), CONTENDED + 1);
        // Stopped at 50: heaps from 50 on give up at once, earlier ones
        // still wait.
        assert!(!waiter.wait(&count, 11, 70));
        assert_eq!(waiter.sleeps.load(Ordering::Relaxed), CONTENDED + 1);
        let stop = AtomicUsize::new(usize::MAX);
        let waiter = Waiter {
            strict: true,
            sleeps: AtomicUsize::new(0),
            stop: &stop,
        };
        thread::scope(|s| {
            s.spawn(|| {
                // Long after a non-strict wait would have given up.
                thread::sleep(std::time::Duration::from_millis(100));
                count.store(11, Ordering::Release);
            });
            assert!(waiter.wait(&count, 11, 50));
        });
        assert_eq!(stop.load(Ordering::Relaxed), usize::MAX);
    }

    /// A windowed store runs epochs only once its prefix is complete, and
    /// then gives one thread's values also after the window has moved on
    /// (the values buffer starts at a heap other than 0).
    #[test]
    fn a_windowed_store_pairs_heaps_once_its_prefix_is_kept() {
        let code: OctalCode = "0.6".parse().unwrap();
        let upto = 700_000;
        let mut one = Engine::new(&code);
        for _ in 0..upto {
            one.push_next().unwrap();
        }
        let mut two = Engine::new(&code);
        let mut values: Vec<u32> = (0..20_000).map(|_| two.push_next().unwrap()).collect();
        assert!(possible(&two));
        let window = 1 << 18;
        assert!(two.keep_window(150_000, window, window, 0));
        assert!(!possible(&two), "prefix not complete");
        while values.len() < 150_000 {
            values.push(two.push_next().unwrap());
        }
        let mut paired = 0;
        while values.len() < upto {
            let n = values.len();
            if possible(&two) {
                let count = window.min(upto - n);
                let epoch = epoch(&mut two, count, true);
                paired += epoch.done;
                values.extend_from_slice(two.store.recent(n));
                if epoch.done == count {
                    continue;
                }
            }
            values.push(two.push_next().unwrap());
        }
        assert!(two.store.base > 0 && paired > upto / 2, "{paired}");
        assert!(values == one.values(), "the values differ");
    }

    /// 0.6 from its sparse space on, in epochs on two threads (strict:
    /// no giving up on a busy machine) against one thread: the checker
    /// refutes the guesses at rare heaps (epochs stop before them), the
    /// guesser values heaps outright when ahead, and the values are the
    /// same.
    #[test]
    fn guesses_are_refuted_at_rare_heaps_and_the_values_are_one_threads() {
        let code: OctalCode = "0.6".parse().unwrap();
        let upto = 60_000;
        let mut one = Engine::new(&code);
        let mut two = Engine::new(&code);
        for _ in 0..upto {
            one.push_next().unwrap();
        }
        let (mut epochs, mut stopped, mut outright, mut paired) = (0, 0, 0, 0);
        while two.store.len() < upto {
            let n = two.store.len();
            let count = (n + 1).next_power_of_two().min(upto) - n;
            if n > PLAIN_UNTIL && possible(&two) && !two.chooses_at(n) {
                let epoch = epoch(&mut two, count, true);
                epochs += 1;
                outright += epoch.outright;
                paired += epoch.done;
                if epoch.done == count {
                    // Every heap the guesser valued outright, and only
                    // those, passed over by the checker.
                    assert_eq!(epoch.skipped, epoch.outright, "from {n}");
                    continue;
                }
                stopped += 1;
            }
            two.push_next().unwrap();
        }
        assert!(two.values() == one.values(), "the values differ");
        assert_eq!(two.histogram, one.histogram);
        // Epochs start once at most one heap in eight is rare; 0.6 still
        // has dozens of rare heaps after that, each stopping one.
        assert!(stopped > 20 && epochs > stopped, "{epochs} {stopped}");
        assert!(paired > upto / 2, "{paired}");
        assert!(outright > 0 && outright < paired, "{outright} of {paired}");
    }
}
