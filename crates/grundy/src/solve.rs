//! Winning moves in a disjunctive sum, and the best try from a lost one.
//!
//! In a sum of nim-sum `S ≠ 0`, the winning moves are exactly the moves in a
//! component of value `g` to an option of value `g ^ S`: that makes the
//! nim-sum zero. The mex guarantees such an option in every component whose
//! value has the highest bit of `S` set (there `g ^ S < g`); other
//! components may have one too, since an option can be worth more than its
//! position. Each game supplies its own search for "a move in this component
//! to value t"; this module holds what is common.
//!
//! From a lost position (`S = 0`) no move wins. grundy then suggests the
//! move after which the opponent can win in as few components as possible —
//! the opponent has the fewest places to look — keeping the first such move
//! found. Games with very many moves look at a bounded number of them
//! ([`SUGGESTION_BUDGET`]).

use crate::nimber::Nimber;

/// How many candidate moves a suggestion from a lost position looks at, at
/// most, in games where moves are too many to try them all.
pub const SUGGESTION_BUDGET: u64 = 2_000_000;

/// The number of component values with each bit set.
#[derive(Clone, Debug)]
pub struct BitCounts {
    counts: [u32; 128],
}

impl Default for BitCounts {
    fn default() -> Self {
        BitCounts { counts: [0; 128] }
    }
}

impl BitCounts {
    /// The counts for these component values.
    pub fn of(values: impl IntoIterator<Item = Nimber>) -> Self {
        let mut counts = BitCounts::default();
        for v in values {
            counts.add(v, 1);
        }
        counts
    }

    /// Adds (`sign = 1`) or removes (`sign = -1`) one component value.
    pub fn add(&mut self, value: Nimber, sign: i32) {
        let mut v = value.value();
        while v != 0 {
            let bit = v.trailing_zeros() as usize;
            self.counts[bit] = self.counts[bit].saturating_add_signed(sign);
            v &= v - 1;
        }
    }

    /// How many values have bit `bit` set.
    pub fn count(&self, bit: u32) -> u32 {
        self.counts.get(bit as usize).copied().unwrap_or(0)
    }
}

/// The highest set bit of a non-zero nim-sum.
pub fn top_bit(sum: Nimber) -> Option<u32> {
    (!sum.is_zero()).then(|| 127 - sum.value().leading_zeros())
}

/// Whether `value` has bit `bit` set, as 0 or 1.
pub fn bit(value: Nimber, bit: u32) -> u32 {
    u32::try_from(value.value() >> bit & 1).unwrap_or(0)
}

/// Keeps the candidate with the lowest score; the first one wins ties.
#[derive(Clone, Debug)]
pub struct Lowest<M> {
    best: Option<(u64, M)>,
}

impl<M> Default for Lowest<M> {
    fn default() -> Self {
        Lowest { best: None }
    }
}

impl<M> Lowest<M> {
    /// Considers `candidate` with `score`.
    pub fn offer(&mut self, score: u64, candidate: M) {
        if self.best.as_ref().is_none_or(|(best, _)| score < *best) {
            self.best = Some((score, candidate));
        }
    }

    /// The best score so far.
    pub fn score(&self) -> Option<u64> {
        self.best.as_ref().map(|(score, _)| *score)
    }

    /// The best candidate and its score.
    pub fn into_best(self) -> Option<(u64, M)> {
        self.best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_top_bits() {
        let mut counts = BitCounts::of([Nimber(0b101), Nimber(0b100), Nimber(0b001)]);
        assert_eq!(
            (counts.count(0), counts.count(1), counts.count(2)),
            (2, 0, 2)
        );
        counts.add(Nimber(0b100), -1);
        assert_eq!(counts.count(2), 1);
        assert_eq!(top_bit(Nimber(0b1010)), Some(3));
        assert_eq!(top_bit(Nimber::ZERO), None);
        assert_eq!((bit(Nimber(0b10), 1), bit(Nimber(0b10), 0)), (1, 0));
        let mut lowest = Lowest::default();
        lowest.offer(3, 'a');
        lowest.offer(1, 'b');
        lowest.offer(1, 'c');
        assert_eq!(lowest.into_best(), Some((1, 'b')));
    }
}
