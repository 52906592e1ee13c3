//! One heap's value, for a code that splits a heap into three, computed a
//! part at a time.
//!
//! Such a value reads every split a + b + c of the rest: some n²/12 for a
//! heap of n, so past heap ~14,000 one value of 0.8 takes longer than
//! 100 ms. A [`Walk`] visits the moves in the rules' order and, about
//! every [`LOOK_EVERY`] splits (between two smallest parts a), asks
//! whether to go on; told to stop, it keeps the option values marked so
//! far and where it was, and the next call goes on from there. So a run
//! with a time limit, a Ctrl-C or a cancelled request stops within a few
//! milliseconds even inside one costly value, and loses none of the work
//! when it is resumed.

use super::code::OctalCode;
use super::sparse::first_zero;

/// About how many splits are read between two looks at whether to go on
/// (a few microseconds of work; the look is a read of a clock or a flag).
pub(super) const LOOK_EVERY: u64 = 4096;

/// The value of one heap, part way through its moves.
#[derive(Clone, Debug)]
pub(super) struct Walk {
    /// The heap being valued.
    n: u64,
    /// The option values seen so far, as bits.
    seen: Vec<u64>,
    /// The take whose moves are visited next.
    k: u64,
    /// The smallest part of the next split in three of take `k`; 0 while
    /// the take's other moves (none, one or two heaps) are still to visit.
    a: u64,
    /// Whether every move has been visited.
    done: bool,
}

impl Walk {
    /// The walk of heap `n`'s moves, none visited yet.
    pub(super) fn new(n: u64) -> Walk {
        Walk {
            n,
            seen: Vec::new(),
            k: 0,
            a: 0,
            done: false,
        }
    }

    /// The heap being valued.
    pub(super) fn heap(&self) -> u64 {
        self.n
    }

    /// Visits the moves not visited yet, reading G(0) … G(n − 1) from `g`,
    /// until every one is visited (`true`) or `more` says not to go on
    /// (`false`; the next call goes on where this one stopped). `more` is
    /// asked about every [`LOOK_EVERY`] splits, and not before the first
    /// of them. The code must have no repeating tail (its takes are those
    /// up to its last digit).
    pub(super) fn go(
        &mut self,
        code: &OctalCode,
        g: &[u32],
        more: &mut dyn FnMut() -> bool,
    ) -> bool {
        let n = self.n;
        let last = n.min(code.max_take() as u64);
        let mut read = 0u64;
        let seen = &mut self.seen;
        let mut mark = |_: u64, parts: &[u64]| {
            let v = parts.iter().fold(0, |x, &p| x ^ g[p as usize]);
            let w = (v / 64) as usize;
            if w >= seen.len() {
                seen.resize(w + 1, 0);
            }
            seen[w] |= 1 << (v % 64);
        };
        while !self.done {
            if self.k > last {
                self.done = true;
                break;
            }
            let k = self.k;
            if self.a == 0 {
                // Every move of the take but its splits in three: n/2 at
                // most, read at once (and not counted: few beside the
                // splits in three).
                code.moves_taking(n, k, 0b0111, &mut mark);
                self.a = 1;
            }
            let splits = code.splits_in_three_least(n, k, self.a, &mut mark);
            if splits == 0 {
                // No split with this smallest part: the take is done.
                self.k += 1;
                self.a = 0;
                continue;
            }
            self.a += 1;
            read += splits;
            if read >= LOOK_EVERY {
                read = 0;
                if !more() {
                    return false;
                }
            }
        }
        true
    }

    /// The heap's value: the least value no move leads to. Meaningful once
    /// [`go`](Walk::go) has returned `true`.
    pub(super) fn value(&self) -> u32 {
        first_zero(&self.seen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::plain_values;

    fn code(text: &str) -> OctalCode {
        text.parse().expect("a code")
    }

    /// Walks heap `n` to its end, stopping (and going on again) at every
    /// `stop_every`-th look; the value and the looks taken.
    fn walked(code: &OctalCode, g: &[u32], n: u64, stop_every: u64) -> (u32, u64) {
        let mut walk = Walk::new(n);
        let mut looks = 0u64;
        let mut calls = 0;
        while !walk.go(code, g, &mut || {
            looks += 1;
            !looks.is_multiple_of(stop_every)
        }) {
            calls += 1;
            assert!(calls < 1_000_000, "a walk that never ends");
        }
        (walk.value(), looks)
    }

    #[test]
    fn a_walk_stopped_at_every_look_gives_the_value_of_the_literal_rules() {
        // Codes splitting in three, one with a constraint (`!`: three
        // different heaps) and one with every move of every kind.
        for text in ["0.8", "0.F", "0.48", "0.0C", "0.8!", "0.FF", "4.9"] {
            let code = code(text);
            let values = plain_values(&code, 400);
            for n in [0, 1, 2, 5, 30, 120, 250, 399] {
                let g = &values[..n];
                for stop_every in [1, 2, 7, u64::MAX] {
                    let (value, _) = walked(&code, g, n as u64, stop_every);
                    assert_eq!(
                        value, values[n],
                        "{text} heap {n}, stopped every {stop_every}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_walk_looks_about_every_4096_splits_and_not_before() {
        let code = code("0.8");
        let values = plain_values(&code, 700);
        // Heap 60 has 300 splits in three: no look at all.
        assert_eq!(walked(&code, &values[..60], 60, u64::MAX).1, 0);
        // Heap 699's splits (taking one token): a + b + c = 698 with
        // 1 ≤ a ≤ b ≤ c, 40,600 of them, read in steps of at most 349 (one
        // smallest part): a look once 4,096 are read since the last, so
        // after 4,096 to 4,444: 9 looks (10 would need 40,960).
        let splits: u64 = (1..=698 / 3).map(|a| (698 - a) / 2 - a + 1).sum();
        assert_eq!(splits, 40_600);
        assert_eq!(walked(&code, &values[..699], 699, u64::MAX).1, 9);
    }

    #[test]
    fn a_walk_told_to_stop_keeps_its_place() {
        let code = code("0.8");
        let values = plain_values(&code, 700);
        let g = &values[..699];
        let mut walk = Walk::new(699);
        assert!(!walk.go(&code, g, &mut || false));
        let after_one = (walk.k, walk.a);
        assert!(after_one.1 > 1, "{after_one:?}");
        assert!(!walk.go(&code, g, &mut || false));
        assert!((walk.k, walk.a) > after_one);
        assert!(walk.go(&code, g, &mut || true));
        assert!(
            walk.go(&code, g, &mut || false),
            "a finished walk stays finished"
        );
        assert_eq!((walk.heap(), walk.value()), (699, values[699]));
    }
}
