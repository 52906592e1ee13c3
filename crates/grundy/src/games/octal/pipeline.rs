//! Two heaps at once, on two threads.
//!
//! For codes without splits that take nothing (`4.`) or split in three,
//! every option of heap n reads only G(0) … G(n − 2), apart from the single
//! heap G(n − 1) left by taking one token. So while one thread finishes
//! heap n − 1, the other already values heap n without that option
//! ([`Last::Skip`]); once G(n − 1) is published, that is the value unless
//! the two are equal, and then heap n is valued again with it. Thread t
//! values the heaps n ≡ t (mod 2) of an epoch, and publishes each value in
//! order.
//!
//! The rare heaps and the sparse space stay fixed within an epoch: the
//! epoch stops before the first heap whose value is rare, or that needs a
//! value the store no longer keeps, and leaves that heap to the caller's
//! sequential step. Values are the same as on one thread (a test checks).
//!
//! [`Last::Skip`]: super::sparse::Last::Skip

use std::hint;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use super::sparse::{Engine, Last};
use super::store::View;

/// The values buffer shared by the two threads: G(i) at `ptr + i − base`.
/// Each index is written once, by the thread valuing that heap, before
/// `published` passes it; it is read only after that.
struct Buffer {
    ptr: *mut u32,
    base: usize,
}

// SAFETY: the threads write disjoint indices (each heap is valued by one
// thread) and read only indices below `published`, whose writes happened
// before the Release store that published them (read with Acquire).
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
    /// Heap n is valued by this thread only, lies within the capacity, and
    /// is not published yet.
    unsafe fn write(&self, n: usize, value: u32) {
        // SAFETY: as the caller promises.
        unsafe { self.ptr.add(n - self.base).write(value) }
    }
}

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
}

/// Whether the engine can value two heaps at once now.
pub(super) fn possible(engine: &Engine) -> bool {
    let store = &engine.store;
    engine
        .sparse
        .as_ref()
        .is_some_and(|sparse| sparse.sparse_enough(store.len()))
        && engine.rules.pipelines()
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
    };
    let Some(sparse) = sparse.as_ref() else {
        return none;
    };
    if n0 < 2 || count == 0 {
        return none;
    }
    let windowed = store.is_windowed();
    if windowed {
        store.make_room(count);
    }
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
    let published = AtomicUsize::new(n0);
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
        }
    };
    let sleeps = AtomicUsize::new(0);
    // Waits until heaps below `need` are published, for heap `me`; false
    // if the epoch stopped before one of them, or stops it at `me` when
    // the machine is too busy for two threads.
    let wait = |need: usize, me: usize| -> bool {
        let mut spins = 0u32;
        loop {
            if published.load(Ordering::Acquire) >= need {
                return true;
            }
            if stop.load(Ordering::Acquire) < need {
                return false;
            }
            // Spin a little (the other heap is microseconds away), then
            // sleep: on a busy machine the other thread may not be
            // running at all, and spinning would keep it off the core.
            spins += 1;
            if spins < 1 << 12 {
                hint::spin_loop();
            } else if strict || sleeps.fetch_add(1, Ordering::Relaxed) < CONTENDED {
                thread::sleep(std::time::Duration::from_micros(20));
            } else {
                stop.fetch_min(me, Ordering::AcqRel);
                return false;
            }
        }
    };
    let [first, second] = scratch;
    // Each thread values every other heap: its blocks too.
    first.stride = 2;
    second.stride = 2;
    thread::scope(|s| {
        for (t, scratch) in [(0, first), (1, second)] {
            let (view, wait, rules, stop, published, shared) =
                (&view, &wait, &*rules, &stop, &published, &shared);
            s.spawn(move || {
                let mut n = n0 + t;
                while n < end {
                    if !wait(n - 1, n) {
                        return;
                    }
                    let early = rules.value(n, sparse, view(n - 1), scratch, Last::Skip);
                    if !wait(n, n) {
                        return;
                    }
                    let value = early.and_then(|first| {
                        // The value unless G(n - 1), left out, equals it.
                        match rules.last(n, view(n))? {
                            Some(last) if last == first => {
                                rules.value(n, sparse, view(n), scratch, Last::Count)
                            }
                            _ => Ok(first),
                        }
                    });
                    let Ok(value) = value else {
                        stop.fetch_min(n, Ordering::AcqRel);
                        return;
                    };
                    if sparse.is_rare(value) {
                        stop.fetch_min(n, Ordering::AcqRel);
                        return;
                    }
                    // SAFETY: heap n is valued by this thread only, inside
                    // the reserved capacity (n < n0 + count); nobody reads
                    // it before the Release store below.
                    unsafe { shared.write(n, value) };
                    published.store(n + 1, Ordering::Release);
                    n += 2;
                }
            });
        }
    });
    for scratch in &mut engine.scratch {
        scratch.stride = 1;
    }
    let done = published.load(Ordering::Acquire);
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
        contended: sleeps.load(Ordering::Relaxed) >= CONTENDED,
    }
}
