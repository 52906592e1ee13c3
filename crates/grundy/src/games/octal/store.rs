//! Where the engine keeps the values it has computed: every value, or —
//! once a sparse space allows it — a prefix of the first values and a
//! sliding window of the latest ones.
//!
//! A new value needs G of small heaps (the rare heaps, and the first parts
//! of the splits the cover scan tries) and G of heaps just below the new
//! one (the partners of the rare heaps, at most the last rare heap plus the
//! most tokens a move takes below it). Everything in between may be
//! dropped. The engine checks every read against what is kept and stops
//! with [`Gap`] rather than guess.
//!
//! A rare heap r far out (Grundy's game has rare heaps near 48 million)
//! makes every later heap m read G(m − r), further back than the window
//! reaches. For those reads a windowed store also keeps a *ring*: the last
//! `reach` values at two bytes each, G(i) in slot i mod reach. And a scan
//! of the splits may go deeper than the prefix (Grundy's game needs
//! G(49,251,313) at heap 258,592,189): for those it keeps the *early*
//! values, the first `early` at two bytes each. Only the common pass's
//! reads of far partners and the rare deep scans go there, one value at a
//! time; the fast scans read the prefix and the window. A value above
//! 65,535 does not fit and drops both (such reads are then gaps, as
//! without them).

/// The values G(0), G(1), … G(len − 1), or the part of them kept.
#[derive(Clone, Debug, Default)]
pub(super) struct Store {
    /// Every value (full), or the first values (windowed).
    pub(super) head: Vec<u32>,
    /// Windowed: G(base), …, G(len − 1); holds `window` to `2·window`
    /// values. Empty when full.
    pub(super) tail: Vec<u32>,
    /// The heap of `tail[0]`.
    pub(super) base: usize,
    /// The window's size (0 when full).
    pub(super) window: usize,
    /// Windowed: how many first values `head` keeps (it grows to this
    /// many when the window was chosen earlier).
    pub(super) prefix: usize,
    /// Windowed, with a ring: G(i) is `ring[i % ring.len()]` for every i
    /// in `len − ring.len() .. len` (from 0 while fewer values are
    /// computed). Empty when there is no ring.
    pub(super) ring: Vec<u16>,
    /// Windowed: G(i) is `early[i]` for i below `early.len()`, which grows
    /// to `early_limit` values (0 once a value did not fit).
    pub(super) early: Vec<u16>,
    pub(super) early_limit: usize,
    /// G([`REVERSED`] − 1), …, G(1), G(0): the first values backwards, for
    /// the split scans (a split pairs G(a) with G(m − a), and with both
    /// read in the same direction a scan needs no shuffle). Empty until
    /// that many values are kept at the front; rebuilt, not saved.
    pub(super) reversed: Vec<u32>,
    /// `head` and `tail` at one byte a value, while every value is below
    /// 256, for the split scan of WebAssembly's SIMD (sixteen lanes to a
    /// register). Kept only where [`Store::keep_bytes`] asked for it;
    /// brought up to date by [`Store::sync_bytes`]; rebuilt, not saved.
    pub(super) bytes: Option<Bytes>,
}

/// A byte copy of a store's values (see [`Store::sync_bytes`]).
#[derive(Clone, Debug, Default)]
pub(super) struct Bytes {
    head: Vec<u8>,
    tail: Vec<u8>,
    /// The `base` the store had when `tail` was copied.
    base: usize,
}

/// How many first values [`Store::reversed`] holds.
pub(super) const REVERSED: usize = 1 << 16;

/// A value the windowed store no longer holds was needed: heap `heap`
/// needed G(`needed`). The run cannot go on with only the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("heap {heap} needed G({needed}), which the windowed computation no longer keeps")]
pub struct Gap {
    /// The heap being valued.
    pub heap: usize,
    /// The value it needed.
    pub needed: usize,
}

impl Store {
    /// How many values have been computed.
    pub(super) fn len(&self) -> usize {
        if self.window == 0 {
            self.head.len()
        } else {
            self.base + self.tail.len()
        }
    }

    pub(super) fn is_windowed(&self) -> bool {
        self.window != 0
    }

    /// Fills [`Store::reversed`] once the first [`REVERSED`] values are
    /// kept.
    pub(super) fn reverse_front(&mut self) {
        if self.reversed.is_empty() && self.head.len() >= REVERSED && self.len() >= REVERSED {
            self.reversed = self.head[..REVERSED].iter().rev().copied().collect();
        }
    }

    /// Keeps a byte copy of the values from now on (see
    /// [`Store::sync_bytes`]), while every value fits in a byte.
    pub(super) fn keep_bytes(&mut self) {
        self.bytes.get_or_insert_with(Bytes::default);
        self.sync_bytes();
    }

    /// Brings the byte copy up to the values: appends the new ones and
    /// copies the window again when it moved (once a window's worth of
    /// values, as the window moves); drops the copy for good once a value
    /// does not fit in a byte. Cheap when nothing changed: the views of
    /// [`Store::view`] hold the copy only when it is up to date.
    pub(super) fn sync_bytes(&mut self) {
        let Some(bytes) = &mut self.bytes else {
            return;
        };
        // The window's values move only when it slides, which moves base.
        if bytes.base != self.base {
            bytes.tail.clear();
            bytes.base = self.base;
        }
        bytes.head.truncate(self.head.len());
        let fits =
            narrow_onto(&mut bytes.head, &self.head) && narrow_onto(&mut bytes.tail, &self.tail);
        if !fits {
            self.bytes = None;
        }
    }

    /// G(i); `None` when it is not kept.
    #[cfg(test)]
    fn get(&self, i: usize) -> Option<u32> {
        self.view().get(i)
    }

    /// The values near the end, and the heap of the first of them: G(i)
    /// is `high[i − base]` for every kept i ≥ base.
    #[inline]
    pub(super) fn high(&self) -> (&[u32], usize) {
        if self.window == 0 {
            (&self.head, 0)
        } else {
            (&self.tail, self.base)
        }
    }

    pub(super) fn push(&mut self, value: u32) {
        if self.window == 0 {
            self.head.push(value);
            return;
        }
        let n = self.len();
        if self.head.len() < self.prefix && self.head.len() == n {
            self.head.push(value);
        }
        self.narrow_put(n, value);
        if self.tail.len() == 2 * self.window {
            self.tail.copy_within(self.window.., 0);
            self.tail.truncate(self.window);
            self.base += self.window;
        }
        self.tail.push(value);
    }

    /// Records G(n) (the next value) in the ring and the early values,
    /// where kept; drops both when the value does not fit in two bytes.
    #[inline]
    fn narrow_put(&mut self, n: usize, value: u32) {
        let early = self.early.len() == n && n < self.early_limit;
        if self.ring.is_empty() && !early {
            return;
        }
        let Ok(v) = u16::try_from(value) else {
            self.ring = Vec::new();
            self.early = Vec::new();
            self.early_limit = 0;
            return;
        };
        if !self.ring.is_empty() {
            let slot = slot(n, self.ring.len());
            self.ring[slot] = v;
        }
        if early {
            self.early.push(v);
        }
    }

    /// Records in the ring and the early values the values from heap
    /// `from` on, which were written into the window directly (two
    /// threads' epoch).
    pub(super) fn narrow_record(&mut self, from: usize) {
        for n in from..self.len() {
            let value = self.value_at(n);
            self.narrow_put(n, value);
        }
    }

    /// Keeps the first `prefix` values and a window of the last `window`
    /// (at least), and at two bytes each a ring of the last `reach`
    /// values and the first `early` (none when 0); the rest is freed.
    pub(super) fn keep_window(&mut self, prefix: usize, window: usize, reach: usize, early: usize) {
        if self.window != 0 || window == 0 {
            return;
        }
        let len = self.head.len();
        let fits = self.head.iter().all(|&v| v <= u32::from(u16::MAX));
        if reach > 0 && fits {
            // Zeroed pages cost nothing until written.
            self.ring = vec![0; reach];
            for n in len.saturating_sub(reach)..len {
                self.ring[slot(n, reach)] = self.head[n] as u16;
            }
        }
        if early > 0 && fits {
            self.early = Vec::with_capacity(early);
            self.early
                .extend(self.head[..len.min(early)].iter().map(|&v| v as u16));
            self.early_limit = early;
        }
        let from = len.saturating_sub(window);
        let mut tail = Vec::with_capacity(2 * window);
        tail.extend_from_slice(&self.head[from..]);
        self.head.truncate(prefix.min(len));
        self.head.shrink_to_fit();
        self.head.reserve_exact(prefix.saturating_sub(len));
        self.tail = tail;
        self.base = from;
        self.window = window;
        self.prefix = prefix;
    }

    /// Slides the window so that `count` more values (at most a window)
    /// fit without moving it.
    pub(super) fn make_room(&mut self, count: usize) {
        if self.window != 0 && self.tail.len() + count > 2 * self.window {
            let drop = self.tail.len() - self.window;
            self.tail.copy_within(drop.., 0);
            self.tail.truncate(self.window);
            self.base += drop;
        }
    }

    /// G(n) for a heap among the latest (it must be kept).
    pub(super) fn value_at(&self, n: usize) -> u32 {
        self.recent(n)[0]
    }

    /// G(from), …, G(len − 1): the latest values, which are kept.
    pub(super) fn recent(&self, from: usize) -> &[u32] {
        let (high, base) = self.high();
        &high[from - base..]
    }

    /// What the engine may read.
    pub(super) fn view(&self) -> View<'_> {
        let (high, base) = self.high();
        // The byte copy where it is up to date (else none).
        let (low8, high8) = match &self.bytes {
            Some(b) if b.head.len() == self.head.len() && b.tail.len() == self.tail.len() => {
                let high8 = if self.window == 0 { &b.head } else { &b.tail };
                (&b.head[..], &high8[..])
            }
            _ => (&[][..], &[][..]),
        };
        View {
            low: &self.head,
            high,
            base,
            ring: &self.ring,
            end: self.len(),
            early: &self.early,
            reversed: &self.reversed,
            low8,
            high8,
        }
    }

    /// Bytes held (the ring's at its full size, which it reaches once as
    /// many values are computed).
    pub(super) fn bytes(&self) -> usize {
        let copy = self
            .bytes
            .as_ref()
            .map_or(0, |b| b.head.capacity() + b.tail.capacity());
        4 * (self.head.capacity() + self.tail.capacity() + self.reversed.capacity())
            + 2 * (self.ring.len() + self.early.capacity())
            + copy
    }

    /// The ring's values in heap order: G(i) for i from `len −
    /// ring.len()` (or 0) to `len − 1`.
    pub(super) fn ring_in_order(&self) -> impl Iterator<Item = u16> + '_ {
        let len = self.len();
        let reach = self.ring.len();
        (len.saturating_sub(reach)..len).map(move |n| self.ring[slot(n, reach)])
    }
}

/// Appends to `bytes` (a copy of the first values of `values`) the rest
/// of `values`, one byte each; `false` once one does not fit (or if
/// `bytes` is the longer: then it was no such copy).
fn narrow_onto(bytes: &mut Vec<u8>, values: &[u32]) -> bool {
    let Some(rest) = values.get(bytes.len()..) else {
        return false;
    };
    bytes.reserve(rest.len());
    for &v in rest {
        let Ok(b) = u8::try_from(v) else {
            return false;
        };
        bytes.push(b);
    }
    true
}

/// The ring's slot of heap n: n mod reach (a mask when reach is a power
/// of two, as by default: the deep scans read it for every split).
#[inline]
fn slot(n: usize, reach: usize) -> usize {
    if reach.is_power_of_two() {
        n & (reach - 1)
    } else {
        n % reach
    }
}

/// The values a computation may read: G(i) is `low[i]` below
/// `low.len()`, else `high[i − base]`, else (for i in `end −
/// ring.len() .. end`) `ring[i % ring.len()]`, else `early[i]`.
#[derive(Clone, Copy)]
pub(super) struct View<'s> {
    pub(super) low: &'s [u32],
    pub(super) high: &'s [u32],
    pub(super) base: usize,
    pub(super) ring: &'s [u16],
    /// The first heap the ring does not hold.
    pub(super) end: usize,
    pub(super) early: &'s [u16],
    /// The first values backwards ([`Store::reversed`]), or none.
    pub(super) reversed: &'s [u32],
    /// `low` and `high` at a byte a value (every value below 256), or both
    /// empty: see [`Store::keep_bytes`].
    pub(super) low8: &'s [u8],
    pub(super) high8: &'s [u8],
}

impl View<'_> {
    #[inline]
    pub(super) fn get(&self, i: usize) -> Option<u32> {
        if i < self.low.len() {
            return Some(self.low[i]);
        }
        if let Some(&v) = i.checked_sub(self.base).and_then(|at| self.high.get(at)) {
            return Some(v);
        }
        if i < self.end && i + self.ring.len() >= self.end {
            return Some(u32::from(self.ring[slot(i, self.ring.len())]));
        }
        self.early.get(i).map(|&v| u32::from(v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_keeps_the_prefix_and_the_latest_values() {
        let mut store = Store::default();
        for v in 0..100 {
            store.push(v);
        }
        assert!(!store.is_windowed());
        assert_eq!(store.high(), (&store.head[..], 0));
        store.keep_window(10, 8, 0, 0);
        let mut early = Store::default();
        early.push(0);
        early.keep_window(3, 2, 0, 0);
        for v in 1..10 {
            early.push(v);
        }
        assert_eq!(early.head, [0, 1, 2], "the prefix grows to its size");
        assert_eq!(early.get(2), Some(2));
        assert_eq!(early.get(5), None);
        assert_eq!(early.get(9), Some(9));
        assert!(store.is_windowed());
        assert_eq!(store.len(), 100);
        assert_eq!(store.get(9), Some(9));
        assert_eq!(store.get(10), None);
        assert_eq!(store.get(91), None);
        assert_eq!(store.get(92), Some(92));
        assert_eq!(store.get(99), Some(99));
        assert_eq!(store.get(100), None);
        for v in 100..1000 {
            store.push(v);
            assert_eq!(store.len(), v as usize + 1);
            for back in 0..8 {
                assert_eq!(store.get(v as usize - back), Some(v - back as u32));
            }
            let (high, base) = store.high();
            assert_eq!(high[v as usize - base], v);
            assert!(store.tail.len() <= 16 && store.tail.len() >= 8);
        }
        assert_eq!(store.get(5), Some(5));
        assert_eq!(store.get(500), None);
        assert!(store.bytes() <= 4 * (10 + 16));
    }

    /// The view's bytes, when it has them, are its values.
    fn bytes_match(store: &Store) -> bool {
        let view = store.view();
        if view.low8.is_empty() && view.high8.is_empty() {
            return false;
        }
        let same = |bytes: &[u8], values: &[u32]| {
            bytes.len() == values.len()
                && bytes.iter().zip(values).all(|(&b, &v)| u32::from(b) == v)
        };
        same(view.low8, view.low) && same(view.high8, view.high)
    }

    #[test]
    fn the_byte_copy_follows_the_values_until_one_does_not_fit() {
        let mut store = Store::default();
        for v in 0..50 {
            store.push(v * 5 % 256);
        }
        assert!(store.view().low8.is_empty(), "no copy unless asked");
        store.keep_bytes();
        assert!(bytes_match(&store));
        store.push(7);
        assert!(
            store.view().low8.is_empty(),
            "a copy behind the values is not shown"
        );
        store.sync_bytes();
        assert!(bytes_match(&store));
        // A prefix of 10 and a window of 8: the window slides every 8.
        store.keep_window(10, 8, 0, 0);
        store.sync_bytes();
        assert!(bytes_match(&store));
        for v in 0..100u32 {
            store.push((v * 37) % 256);
            if v % 3 == 0 {
                store.sync_bytes();
                assert!(bytes_match(&store), "after value {v}");
            }
        }
        store.make_room(8);
        store.sync_bytes();
        assert!(bytes_match(&store));
        // Synced rarely: the window slides between syncs and then holds
        // more values than the copy did (only the moved base tells).
        for v in 0..40u32 {
            store.push((v * 11 + 3) % 256);
            if v % 7 == 6 {
                store.sync_bytes();
                assert!(bytes_match(&store), "after value {v}");
            }
        }
        store.push(255);
        store.sync_bytes();
        assert!(bytes_match(&store));
        store.push(256);
        store.sync_bytes();
        assert!(store.bytes.is_none() && store.view().high8.is_empty());
        store.push(3);
        store.sync_bytes();
        assert!(store.view().high8.is_empty(), "dropped for good");
        // A prefix still growing after the window was chosen.
        let mut early = Store::default();
        early.keep_bytes();
        early.push(1);
        early.keep_window(5, 2, 0, 0);
        for v in 2..40 {
            early.push(v);
            early.sync_bytes();
            assert!(bytes_match(&early));
        }
        assert_eq!(early.view().low8, [1, 2, 3, 4, 5]);
        // A value too large among those already computed.
        let mut big = Store::default();
        big.push(300);
        big.keep_bytes();
        assert!(big.bytes.is_none());
        assert_eq!(big.bytes(), 4 * big.head.capacity());
    }

    #[test]
    fn the_ring_and_the_early_values_hold_what_the_window_dropped() {
        let mut store = Store::default();
        for v in 0..100 {
            store.push(v);
        }
        // A prefix of 4, a window of 8, a ring of 64 (a mask) and the
        // first 150 values, at two bytes each.
        store.keep_window(4, 8, 64, 150);
        assert_eq!(store.early.len(), 100);
        for v in 100..300 {
            store.push(v);
        }
        assert_eq!(store.early.len(), 150, "the early values stop at 150");
        for i in 0..300 {
            let kept = !(150..300 - 64).contains(&i);
            assert_eq!(store.get(i), kept.then_some(i as u32), "G({i})");
        }
        assert_eq!(store.get(300), None);
        let order: Vec<u16> = store.ring_in_order().collect();
        assert_eq!(order, (236..300).collect::<Vec<u16>>());
        // A ring of 50 slots (no mask) wraps too.
        let mut odd = Store::default();
        odd.push(0);
        odd.push(1);
        odd.keep_window(2, 4, 50, 0);
        for v in 2..1000 {
            odd.push(v);
        }
        assert!((0..1000).all(|i| odd.get(i) == (!(2..950).contains(&i)).then_some(i as u32)));
        assert_eq!(odd.ring_in_order().next(), Some(950));
        // A value above 65,535 drops both; the window still holds it.
        store.push(70_000);
        assert!(store.ring.is_empty() && store.early.is_empty());
        assert_eq!(store.get(10), None);
        assert_eq!(store.get(300), Some(70_000));
        store.push(5);
        assert_eq!(store.get(301), Some(5));
        // So does one among the values already computed.
        let mut big = Store::default();
        big.push(0);
        big.push(1 << 20);
        big.push(2);
        big.keep_window(2, 2, 64, 64);
        assert!(big.ring.is_empty() && big.early.is_empty());
    }
}
