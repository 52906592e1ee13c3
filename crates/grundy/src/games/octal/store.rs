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
}

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

    /// G(i); `None` when it is not kept.
    #[cfg(test)]
    fn get(&self, i: usize) -> Option<u32> {
        if i < self.head.len() {
            return Some(self.head[i]);
        }
        i.checked_sub(self.base)
            .and_then(|at| self.tail.get(at))
            .copied()
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
        if self.head.len() < self.prefix && self.head.len() == self.len() {
            self.head.push(value);
        }
        if self.tail.len() == 2 * self.window {
            self.tail.copy_within(self.window.., 0);
            self.tail.truncate(self.window);
            self.base += self.window;
        }
        self.tail.push(value);
    }

    /// Keeps the first `prefix` values and a window of the last `window`
    /// (at least); the rest is freed.
    pub(super) fn keep_window(&mut self, prefix: usize, window: usize) {
        if self.window != 0 || window == 0 {
            return;
        }
        let len = self.head.len();
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
        View {
            low: &self.head,
            high,
            base,
        }
    }

    /// Bytes held.
    pub(super) fn bytes(&self) -> usize {
        4 * (self.head.capacity() + self.tail.capacity())
    }
}

/// The values a computation may read: G(i) is `low[i]` below
/// `low.len()`, else `high[i − base]`.
#[derive(Clone, Copy)]
pub(super) struct View<'s> {
    pub(super) low: &'s [u32],
    pub(super) high: &'s [u32],
    pub(super) base: usize,
}

impl View<'_> {
    #[inline]
    pub(super) fn get(&self, i: usize) -> Option<u32> {
        if i < self.low.len() {
            return Some(self.low[i]);
        }
        i.checked_sub(self.base)
            .and_then(|at| self.high.get(at))
            .copied()
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
        store.keep_window(10, 8);
        let mut early = Store::default();
        early.push(0);
        early.keep_window(3, 2);
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
}
