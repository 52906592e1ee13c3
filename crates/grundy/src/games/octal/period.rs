//! The periodicity theorem for take-and-break games, as a check on a
//! computed sequence.
//!
//! For a code whose moves take at most `t` tokens and leave at most two
//! heaps: if `G(n + p) = G(n)` for every n with `n0 ≤ n < 2·n0 + p + t` and
//! `n0 ≥ 1`, then `G(n + p) = G(n)` for every `n ≥ n0` (Guy and Smith 1956;
//! Berlekamp, Conway and Guy, *Winning Ways*, ch. 4). Heaps of size 0 are
//! excluded: they never appear as parts of a split, which the proof needs.
//!
//! **Codes that split a heap into three** (a hexadecimal digit with bit 8)
//! need more. The induction pairs each option of `n + p` with one of `n` by
//! taking `p` from the largest part, which must stay at least `n0`: the
//! largest of `r` parts of `n + p − k` is at least `(n + p − t) / r`, so it
//! is at least `n0 + p` once `n ≥ r·n0 + (r − 1)·p + t`; the other way, the
//! largest part of a split of `n − k` is at least `(n − t) / r ≥ n0` there,
//! and adding `p` to it gives an option of `n + p`. With `r = 2` this is the
//! bound above; with `r = 3` the check must reach `n < 3·n0 + 2·p + t`, that
//! is `N ≥ 3·n0 + 3·p + t` values. (This is the octal argument of *Winning
//! Ways*, ch. 4, with r parts in place of two, written out here; S. Howse
//! and R. J. Nowakowski, "Periodicity and arithmetic-periodicity in
//! hexadecimal games", *Theoret. Comput. Sci.* 313 (2004), study the
//! periods of hexadecimal games.)

pub use crate::games::values::Periodicity;

/// What the periodicity theorem needs to know of a code: the most tokens a
/// move takes and the most heaps a move leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound {
    /// The most tokens a move takes.
    pub t: u64,
    /// The most heaps a move leaves (2 for octal codes, 3 for hexadecimal
    /// codes that split into three; fewer counts as 2).
    pub parts: u64,
}

impl Bound {
    /// The bound of a code whose moves take at most `t` tokens and leave at
    /// most two heaps.
    pub const fn two_heaps(t: u64) -> Bound {
        Bound { t, parts: 2 }
    }

    /// How many values prove period `p` from heap `n0` (read as at least 1):
    /// `r·n0 + r·p + t`, with `r` the most parts (at least 2).
    pub fn values_needed(self, n0: u64, p: u64) -> u64 {
        let r = self.parts.max(2);
        r.saturating_mul(n0.max(1))
            .saturating_add(r.saturating_mul(p))
            .saturating_add(self.t)
    }
}

/// The period and preperiod of `values`, if the periodicity theorem proves
/// one for a code whose moves take at most `t` tokens and leave at most two
/// heaps ([`proven_period_within`] for any bound).
pub fn proven_period(values: &[u32], t: usize) -> Option<Periodicity> {
    proven_period_within(values, Bound::two_heaps(t as u64))
}

/// The period and preperiod of `values`, if the periodicity theorem proves
/// one within `bound` (`N ≥ r·n0 + r·p + t` for N values, r parts).
///
/// One choice of the least period: for every n0 ≥ 1 from which a proof
/// could still fit (`r·n0 + r + t ≤ N`), the least period p of the values
/// from n0 on; the least p with `N ≥ r·n0 + r·p + t` is the answer. No
/// smaller p can pass (it would be a period), and the least eventual period
/// P always does when any p does: P divides p, the values from p's n0 on
/// repeat with P too, and there (at least r·P of them) P is their least
/// period. The preperiod is then one past the last heap i with
/// `G(i + P) ≠ G(i)`.
pub fn proven_period_within(values: &[u32], bound: Bound) -> Option<Periodicity> {
    let n = values.len();
    // border[i]: the longest proper border of the reversed sequence's
    // first i + 1 values, so the values from n0 on (L = n − n0 of them)
    // have least period L − border[L − 1] (indices as u32: sequences are
    // capped far below 2^32 values).
    let at = |i: usize| values[n - 1 - i];
    let mut border = vec![0u32; n];
    for i in 1..n {
        let mut k = border[i - 1] as usize;
        while k > 0 && at(i) != at(k) {
            k = border[k - 1] as usize;
        }
        if at(i) == at(k) {
            k += 1;
        }
        border[i] = k as u32;
    }
    let r = bound.parts.max(2) as usize;
    let last_n0 = n.saturating_sub(bound.t as usize + r) / r;
    let (period, _) = (1..=last_n0)
        .map(|n0| (n - n0 - border[n - n0 - 1] as usize, n0))
        .filter(|&(p, n0)| n as u64 >= bound.values_needed(n0 as u64, p as u64))
        .min()?;
    let preperiod = (0..n - period)
        .rev()
        .find(|&i| values[i + period] != values[i])
        .map_or(0, |i| i + 1);
    Some(Periodicity { period, preperiod })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The check by its definition, over every p and n0: the least p with
    /// an n0 ≥ 1, `N ≥ 2·n0 + 2·p + t`, and `G(i + p) = G(i)` for every i
    /// from n0 on; the preperiod is the least n0' ≥ 0 from which p holds.
    fn by_definition(values: &[u32], t: usize, parts: usize) -> Option<Periodicity> {
        let n = values.len();
        let r = parts.max(2);
        let holds_from = |p: usize, n0: usize| (n0..n - p).all(|i| values[i + p] == values[i]);
        let period =
            (1..n).find(|&p| (1..n).any(|n0| n >= r * n0 + r * p + t && holds_from(p, n0)))?;
        let preperiod = (0..n).find(|&n0| holds_from(period, n0))?;
        Some(Periodicity { period, preperiod })
    }

    /// A prefix of any values, then a word repeated, then (maybe) one
    /// value changed: eventually periodic sequences, and ones that nearly
    /// are.
    fn sequences() -> impl Strategy<Value = (Vec<u32>, usize)> {
        (
            prop::collection::vec(0u32..3, 0..12),
            prop::collection::vec(0u32..3, 1..7),
            1usize..60,
            prop::option::of((0usize..80, 0u32..3)),
            0usize..4,
        )
            .prop_map(|(prefix, word, repeats, change, t)| {
                let mut values = prefix;
                for _ in 0..repeats {
                    values.extend_from_slice(&word);
                }
                if let Some((at, v)) = change {
                    if at < values.len() {
                        values[at] = v;
                    }
                }
                (values, t)
            })
    }

    proptest! {
        #[test]
        fn the_least_period_is_the_definitions((values, t) in sequences(), parts in 1usize..4) {
            prop_assert_eq!(
                proven_period_within(&values, Bound { t: t as u64, parts: parts as u64 }),
                by_definition(&values, t, parts)
            );
            prop_assert_eq!(proven_period(&values, t), by_definition(&values, t, 2));
        }
    }

    #[test]
    fn a_proof_needs_twice_the_preperiod_and_the_period_and_t() {
        // 5 then 0 1 repeated: period 2 from heap 1 (n0 = 1): a proof
        // needs 2 + 4 + t values.
        let values: Vec<u32> = std::iter::once(5).chain((0..20).map(|i| i % 2)).collect();
        for t in 0..4 {
            assert_eq!(proven_period(&values[..5 + t], t), None, "t = {t}");
            assert_eq!(
                proven_period(&values[..6 + t], t),
                Some(Periodicity {
                    period: 2,
                    preperiod: 1
                }),
                "t = {t}"
            );
        }
        // Repeating from heap 0: the proof still takes n0 = 1, and the
        // preperiod is 0.
        let pure: Vec<u32> = (0..12).map(|i| i % 3).collect();
        assert_eq!(proven_period(&pure[..7], 0), None);
        assert_eq!(
            proven_period(&pure[..8], 0),
            Some(Periodicity {
                period: 3,
                preperiod: 0
            })
        );
        // The least period, not a multiple: 0 0 1 0 0 1 … has period 3
        // though 6 also fits; and the latest start it holds from.
        let values = [7, 7, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1];
        assert_eq!(
            proven_period(&values, 1),
            Some(Periodicity {
                period: 3,
                preperiod: 2
            })
        );
        assert_eq!(proven_period(&[], 0), None);
        assert_eq!(proven_period_within(&[], Bound { t: 0, parts: 3 }), None);
        assert_eq!(proven_period(&[1], 0), None);
        assert_eq!(proven_period(&[1, 1], 0), None);
        assert_eq!(
            proven_period(&[1, 1, 1, 1], 0),
            Some(Periodicity {
                period: 1,
                preperiod: 0
            })
        );
    }

    #[test]
    fn three_parts_need_three_times_the_preperiod_and_the_period() {
        // 5 then 0 1 repeated: period 2 from heap 1. Two parts prove it
        // from 2 + 4 + t values, three parts from 3 + 6 + t.
        let values: Vec<u32> = std::iter::once(5).chain((0..20).map(|i| i % 2)).collect();
        let three = |t: u64| Bound { t, parts: 3 };
        let found = Some(Periodicity {
            period: 2,
            preperiod: 1,
        });
        for t in 0..4u64 {
            let at = 9 + t as usize;
            assert_eq!(proven_period(&values[..at - 3], t as usize), found);
            assert_eq!(proven_period_within(&values[..at - 1], three(t)), None);
            assert_eq!(proven_period_within(&values[..at], three(t)), found);
            assert_eq!(three(t).values_needed(1, 2), at as u64);
            assert_eq!(three(t).values_needed(0, 2), at as u64);
        }
        assert_eq!(Bound::two_heaps(1).values_needed(3, 4), 15);
        assert_eq!(Bound { t: 1, parts: 1 }.values_needed(3, 4), 15);
        assert_eq!(Bound { t: 1, parts: 3 }.values_needed(3, 4), 22);
    }
}
