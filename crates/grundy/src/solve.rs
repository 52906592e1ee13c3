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
//! From a lost position (`S = 0`) no move wins. grundy then makes the
//! **best try** ([`best_try`]): the move after which the fewest components
//! hold the highest bit of the new nim-sum `S′`. Each of those holds a
//! winning reply (the mex promises an option worth `g ^ S′ < g` there), so
//! this counts the places the opponent is sure to find one: a lower bound
//! on where the opponent can win, exact for Nim, and computed from the
//! components' values alone — no reply is searched. The first such move
//! wins ties. The cost is stated up front: each candidate costs one
//! valuation of the position after it (one unit per component), and a best
//! try spends at most [`SUGGESTION_BUDGET`] units, so it is linear in the
//! number of moves times the cost of one value, and bounded.
//!
//! A game may supply its own score of a move ([`Engine::try_score`], as the
//! Bomb Game does without making the move) and its own candidates
//! ([`Engine::try_moves`], as the Cutting Game visits one cut per class of
//! equal cuts).

use std::ops::ControlFlow;

use crate::engine::{Engine, Outcome};
use crate::nimber::Nimber;

/// The work a best try may do, in units of one component valued: a
/// candidate move costs one unit, and one more per component of the
/// position it leaves.
pub const SUGGESTION_BUDGET: u64 = 2_000_000;

/// The most candidate moves a best try lists (they are held in memory
/// while they are scored).
pub const MAX_CANDIDATES: u64 = 1 << 20;

/// What a best try found, and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestTry<M> {
    /// The move chosen; `None` when no move is legal.
    pub mv: Option<M>,
    /// How many candidate moves were scored.
    pub examined: u64,
    /// The units of work spent: candidates are scored while the work is
    /// below the budget, so the last may pass it by its own cost.
    pub work: u64,
    /// Whether the budget ran out before every candidate was scored.
    pub cut_short: bool,
    /// Whether it was asked to stop (and so chose no move).
    pub stopped: bool,
}

/// The score of a position the opponent is to move from, as a best try
/// ranks it: lower is harder to answer. `0` when its nim-sum is `*0` (the
/// opponent is lost after all); otherwise how many components hold the
/// highest bit of the nim-sum, each of which has a winning reply.
pub fn answer_score(values: impl IntoIterator<Item = Nimber> + Clone) -> u64 {
    let sum = values.clone().into_iter().fold(Nimber::ZERO, |s, v| s ^ v);
    match top_bit(sum) {
        None => 0,
        Some(high) => values.into_iter().filter(|&v| bit(v, high) == 1).count() as u64,
    }
}

/// The best try from `position` within `budget` units of work (see the
/// module's documentation): the candidate move ([`Engine::try_moves`]) of
/// the lowest [`Engine::try_score`], the first on ties; the first legal
/// move if the budget allowed no score. The candidates are listed before
/// they are scored, at most as many as the budget pays for.
pub fn best_try<E: Engine + ?Sized>(
    engine: &mut E,
    position: &E::Position,
    budget: u64,
) -> BestTry<E::Move> {
    best_try_until(engine, position, budget, &|| false)
}

/// How many candidates a best try lists or scores between two looks at
/// whether it was asked to stop.
pub const STOP_EVERY: u64 = 1024;

/// [`best_try`], stopping once `stop` says so (looked at every
/// [`STOP_EVERY`] candidates listed or scored): then no move is chosen and
/// [`BestTry::stopped`] is set.
pub fn best_try_until<E: Engine + ?Sized>(
    engine: &mut E,
    position: &E::Position,
    budget: u64,
    stop: &dyn Fn() -> bool,
) -> BestTry<E::Move> {
    let mut stopped = false;
    let counts = BitCounts::of(engine.components(position).into_iter().map(|(_, v)| v));
    // A candidate costs at least one unit: no more are listed than the
    // budget could score, nor than MAX_CANDIDATES.
    let affordable = budget.clamp(1, MAX_CANDIDATES);
    let mut candidates = Vec::new();
    let flow = engine.try_moves(position, &mut |mv| {
        candidates.push(mv);
        let listed = candidates.len() as u64;
        if listed.is_multiple_of(STOP_EVERY) && stop() {
            stopped = true;
            return ControlFlow::Break(());
        }
        if listed >= affordable {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    let mut cut_short = flow.is_break();
    let mut best = Lowest::default();
    let mut work = 0u64;
    let mut examined = 0u64;
    for mv in candidates {
        if stopped || (examined % STOP_EVERY == STOP_EVERY - 1 && stop()) {
            stopped = true;
            break;
        }
        if work >= budget && examined > 0 {
            cut_short = true;
            break;
        }
        let (score, cost) = engine.try_score(position, &counts, &mv);
        work = work.saturating_add(cost.max(1));
        examined += 1;
        best.offer(score, mv);
        if best.score() == Some(0) {
            break;
        }
    }
    BestTry {
        mv: (!stopped)
            .then(|| best.into_best().map(|(_, mv)| mv))
            .flatten(),
        examined,
        work,
        cut_short,
        stopped,
    }
}

/// The default [`Engine::try_score`]: makes the move and scores the
/// position after it by [`answer_score`]; a move that wins at once scores
/// 0, and one after which the game's own rule hands the opponent the win
/// whatever the values say (the outcome disagrees with the nim-sum) scores
/// worst. Returns the score and its cost (the components valued, plus one).
pub fn score_by_playing<E: Engine + ?Sized>(
    engine: &mut E,
    position: &E::Position,
    mv: &E::Move,
) -> (u64, u64) {
    let played = engine.play(position, mv);
    if played.won {
        return (0, 1);
    }
    let after = engine.components(&played.position);
    let cost = after.len() as u64 + 1;
    let score = answer_score(after.iter().map(|&(_, v)| v));
    if score == 0 && engine.outcome(&played.position) == Outcome::FirstPlayer {
        return (u64::MAX, cost);
    }
    (score, cost)
}

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

    /// The nim-sum of the values counted: bit b is set where an odd number
    /// of them have it.
    pub fn nim_sum(&self) -> Nimber {
        let bits = self
            .counts
            .iter()
            .enumerate()
            .filter(|(_, &c)| c % 2 == 1)
            .fold(0u128, |s, (b, _)| s | 1 << b);
        Nimber(bits)
    }

    /// The [`answer_score`] of the values counted after one of them,
    /// `replaced`, gives way to `leaves`: computed from the counts, without
    /// the other values.
    pub fn score_after(&self, replaced: Nimber, leaves: &[Nimber]) -> u64 {
        let sum = leaves.iter().fold(self.nim_sum() ^ replaced, |s, &v| s ^ v);
        let Some(high) = top_bit(sum) else {
            return 0;
        };
        let holders = i64::from(self.count(high)) - i64::from(bit(replaced, high))
            + leaves.iter().map(|&v| i64::from(bit(v, high))).sum::<i64>();
        holders.max(0) as u64
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
