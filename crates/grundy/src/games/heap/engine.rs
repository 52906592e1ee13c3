//! A heap game's engine: its rules solved with the value sequence, and heaps
//! too large to list their moves answered through what their values do.
//!
//! A heap of up to [`LISTED_HEAP`] tokens lists its moves by the rules. A
//! larger one (up to `u64::MAX`) is answered where its value is known and
//! the game's moves have a [`Shape`] the engine can reason about:
//!
//! - **Nim** (G(n) = n): the move to value t takes n − t; each bit h of n
//!   gives one best-try candidate (clearing it), which covers every score a
//!   move can have (the top bit of n ^ t decides it).
//! - **A code without constraints** whose sequence has a proven period p
//!   from n0 (octal and hexadecimal codes, subtraction games): a move takes
//!   k ≤ t tokens and leaves one heap n − k, or two or three heaps adding
//!   up to n − k. A part of at least n0 is worth the part p fewer or more,
//!   so every value a split in two can leave is left by a split whose
//!   smaller part is below n0 + p: those are the splits listed (one for
//!   each class of splits leaving the same values), and the exact count of
//!   the splits worth t is the count below n0 + p plus, above it, the count
//!   of each residue of a modulo p times the times it recurs. The splits in
//!   three fall into at most L² + L·p + p² classes (L = max(n0, 1)), each
//!   listed by its least split and counted in a few steps at any size
//!   (`splits.rs`, where the classes are proven). Winning moves are
//!   counted this way at every size, a listed heap's too.
//!
//! A code that splits a heap into three with no proven period is valued up
//! to 20·∛N for `--max-heap N`, and a larger heap refused when the
//! position is admitted. Up to it a heap of such a code has some n²/12
//! moves (8·10^10 for a heap of a million), so none is held: a code's
//! moves are walked one at a time, stopping when asked (`code_moves`), and
//! told legal by the code's digit rather than by a walk.

use std::ops::ControlFlow;

use super::splits::three_part_classes;
use super::{HeapRules, Values};
use crate::engine::{Engine, IllegalMove, Played};
use crate::game::OptionValues;
use crate::games::octal::OctalCode;
use crate::games::values::Periodicity;
use crate::nimber::Nimber;
use crate::rules::{Solver, SumMove};
use crate::shared::Cancel;

/// The largest heap whose moves are listed by the rules; larger heaps are
/// answered through their [`Shape`].
pub const LISTED_HEAP: u64 = 1 << 22;

/// What the engine knows of a heap game's moves beyond listing them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Nothing: every heap's moves are listed by the rules.
    Listed,
    /// Nim: take any number of tokens, leave the rest as one heap.
    Nim,
    /// An octal code without constraints or repeating tail (a subtraction
    /// game is one); answered past [`LISTED_HEAP`] where it leaves at most
    /// two heaps.
    Code(OctalCode),
}

/// A heap game's engine: its rules, solved with a [`Values`] cache.
pub struct HeapGame<R: HeapRules> {
    solver: Solver<R, Values>,
    /// Heaps up to this list their moves by the rules.
    listed: u64,
    /// Raised when computing values (at admission) or a misère search is
    /// to stop ([`Game::stop_when`](crate::game::Game::stop_when)).
    pub(super) cancel: Option<Cancel>,
    /// A misère quotient of these rules given by the front end
    /// ([`Settings::misere_quotient`](crate::registry::Settings)), checked.
    pub(super) given: Option<std::sync::Arc<crate::misere::quotient::Quotient>>,
    /// Where proven quotients are kept between runs
    /// ([`Settings::kept_quotients`](crate::registry::Settings)).
    pub(super) kept: Option<std::sync::Arc<dyn crate::misere::quotient::KeptQuotients>>,
}

/// A move in a heap game: take `k` from heap `component` (from 1), leaving
/// `leaves`.
fn heap_move(index: usize, k: u64, leaves: Vec<u64>) -> SumMove<u64, u64> {
    SumMove {
        component: index + 1,
        action: k,
        leaves,
    }
}

impl<R: HeapRules> HeapGame<R> {
    /// The game of `rules`, with no value computed yet.
    pub fn new(rules: R) -> Self {
        HeapGame {
            solver: Solver::with_cache(rules, Values::default()),
            listed: LISTED_HEAP,
            cancel: None,
            given: None,
            kept: None,
        }
    }

    /// Lists the moves of heaps only up to `heap` (the rest through their
    /// shape): for tests of the large-heap answers against the rules.
    pub fn list_up_to(mut self, heap: u64) -> Self {
        self.listed = heap;
        self
    }

    /// The rules.
    pub fn rules(&self) -> &R {
        self.solver.rules()
    }

    /// The values known.
    pub fn cache(&self) -> &Values {
        self.solver.cache()
    }

    /// The values known, to change.
    pub fn cache_mut(&mut self) -> &mut Values {
        self.solver.cache_mut()
    }

    /// The value of one heap.
    pub fn grundy(&mut self, heap: &u64) -> Nimber {
        self.solver.grundy(heap)
    }

    /// Whether `heap` is answered through its shape rather than listed:
    /// past [`LISTED_HEAP`], in Nim, or in a code whose values have a
    /// proven period.
    fn large(&self, heap: u64) -> bool {
        heap > self.listed
            && match self.rules().shape() {
                Shape::Listed => false,
                Shape::Nim => true,
                Shape::Code(_) => self.period().is_some(),
            }
    }

    /// The period of the values, where one is proven.
    fn period(&self) -> Option<Periodicity> {
        self.cache().periodicity()
    }

    /// Why a position with `heap` is refused beyond what admitting its
    /// values refuses: a heap past `max_heap` whose moves would have to be
    /// listed (rules without a [`Shape`] whose values have a proven
    /// period, past the heaps listed at once); `None` when it is answered.
    pub fn refuses(&self, heap: u64, max_heap: u64) -> Option<String> {
        (heap > max_heap && heap > self.listed && !self.large(heap)).then(|| {
            format!(
                "heap {} is too large: the moves of heaps past {} are listed one by one in \
                 this game",
                crate::notation::with_commas(heap.into()),
                crate::notation::with_commas(max_heap.into())
            )
        })
    }

    /// Calls `visit` with the moves of a large heap, from heap number
    /// `index`, that leave value `target` (every value when `None`):
    /// one for each class of moves that leave the same values.
    fn large_moves(
        &mut self,
        index: usize,
        heap: u64,
        target: Option<Nimber>,
        visit: &mut dyn FnMut(SumMove<u64, u64>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        match self.rules().shape() {
            Shape::Listed => ControlFlow::Continue(()),
            Shape::Nim => match target {
                Some(t) => match u64::try_from(t.value()) {
                    Ok(t) if t < heap => visit(heap_move(index, heap - t, leave_one(t))),
                    _ => ControlFlow::Continue(()),
                },
                None => {
                    for h in (0..64).rev().filter(|h| heap >> h & 1 == 1) {
                        let left = heap ^ (1 << h);
                        visit(heap_move(index, heap - left, leave_one(left)))?;
                    }
                    ControlFlow::Continue(())
                }
            },
            Shape::Code(code) => {
                // A large heap of a code has a proven period.
                let Some(Periodicity { period, preperiod }) = self.period() else {
                    return ControlFlow::Continue(());
                };
                let (p, n0) = (period as u64, preperiod as u64);
                let reach = n0 + p;
                for k in 0..=code.max_take() as u64 {
                    let digit = code.digit(k as usize);
                    let Some(rest) = heap.checked_sub(k) else {
                        continue;
                    };
                    if digit & 2 != 0 && k > 0 && rest > 0 {
                        let value = self.grundy(&rest);
                        if target.is_none_or(|t| t == value) {
                            visit(heap_move(index, k, vec![rest]))?;
                        }
                    }
                    if digit & 4 != 0 {
                        for a in 1..=reach.min(rest / 2) {
                            let value = self.grundy(&a) ^ self.grundy(&(rest - a));
                            if target.is_none_or(|t| t == value) {
                                visit(heap_move(index, k, vec![a, rest - a]))?;
                            }
                        }
                    }
                    if digit & 8 != 0 {
                        three_part_classes(rest, n0, p, &mut |class| {
                            let [a, b, c] = class.parts;
                            let value = self.grundy(&a) ^ self.grundy(&b) ^ self.grundy(&c);
                            if target.is_none_or(|t| t == value) {
                                visit(heap_move(index, k, class.parts.to_vec()))
                            } else {
                                ControlFlow::Continue(())
                            }
                        })?;
                    }
                }
                ControlFlow::Continue(())
            }
        }
    }

    /// Every move of a large heap, from heap number `index`, one at a time
    /// in the rules' order (by the tokens taken, then the parts left).
    fn every_large_move(
        &mut self,
        index: usize,
        heap: u64,
        visit: &mut dyn FnMut(SumMove<u64, u64>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        match self.rules().shape() {
            Shape::Listed => ControlFlow::Continue(()),
            Shape::Nim => {
                for take in 1..=heap {
                    visit(heap_move(index, take, leave_one(heap - take)))?;
                }
                ControlFlow::Continue(())
            }
            Shape::Code(code) => self.code_moves(&code, index, heap, None, visit),
        }
    }

    /// The moves of a code's heap of `heap` tokens (heap number `index`),
    /// one at a time in the rules' order (by the tokens taken, then none,
    /// one, two and three parts left, the parts in increasing order); with
    /// `target`, only those leaving that value, each valued as it comes.
    /// Nothing is held, so a heap of a code splitting in three (some 10^11
    /// moves for a heap of 10^6) costs no memory, and the walk stops at
    /// `visit`'s break or once the cancel flag is raised (looked at every
    /// 4,096 moves).
    fn code_moves(
        &mut self,
        code: &OctalCode,
        index: usize,
        heap: u64,
        target: Option<Nimber>,
        visit: &mut dyn FnMut(SumMove<u64, u64>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let cancel = self.cancel.clone();
        let mut steps = 0u32;
        let mut each = |game: &mut Self, k: u64, parts: &[u64]| {
            steps = steps.wrapping_add(1);
            if steps.is_multiple_of(4096) && cancel.as_ref().is_some_and(Cancel::is_cancelled) {
                return ControlFlow::Break(());
            }
            if target.is_none_or(|t| game.solver.sum_value(parts) == t) {
                visit(heap_move(index, k, parts.to_vec()))
            } else {
                ControlFlow::Continue(())
            }
        };
        for k in 0..=code.max_take() as u64 {
            let digit = code.digit(k as usize);
            let Some(rest) = heap.checked_sub(k) else {
                continue;
            };
            if digit & 1 != 0 && k > 0 && rest == 0 {
                each(self, k, &[])?;
            }
            if digit & 2 != 0 && k > 0 && rest > 0 {
                each(self, k, &[rest])?;
            }
            if digit & 4 != 0 {
                for a in 1..=rest / 2 {
                    each(self, k, &[a, rest - a])?;
                }
            }
            if digit & 8 != 0 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        each(self, k, &[a, b, rest - a - b])?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// How many moves of a heap leave value `target`, exactly, by the
    /// shape of the game's moves: in Nim one when t < n; in a code whose
    /// values have a proven period, through it ([`Self::count_through_period`],
    /// a few steps at any size). `None` for other rules or without a
    /// period (every large heap has one), whose moves are counted as listed.
    fn count_by_shape(&mut self, heap: u64, target: Nimber) -> Option<u128> {
        match self.rules().shape() {
            Shape::Listed => None,
            Shape::Nim => Some(u128::from(target.value() < u128::from(heap))),
            Shape::Code(code) => self.count_through_period(&code, heap, target),
        }
    }

    /// How many moves of a code's heap of `heap` tokens leave value
    /// `target`, exactly, through the proven period (`None` without one):
    /// the one heap left valued as it is, the splits in two counted by
    /// [`Self::count_pairs`], the splits in three by their classes
    /// ([`three_part_classes`]: at most L² + L·p + p² of them a take,
    /// L = max(n0, 1), at any size, where a heap of n has some n²/12
    /// splits). Stops early, its count short, once the cancel flag is
    /// raised (looked at every 1,024 classes; the analyst then refuses the
    /// count).
    fn count_through_period(
        &mut self,
        code: &OctalCode,
        heap: u64,
        target: Nimber,
    ) -> Option<u128> {
        let Periodicity { period, preperiod } = self.period()?;
        let (p, n0) = (period as u64, preperiod as u64);
        let cancel = self.cancel.clone();
        let mut steps = 0u32;
        let mut count = 0u128;
        for k in 0..=code.max_take() as u64 {
            let digit = code.digit(k as usize);
            let Some(rest) = heap.checked_sub(k) else {
                continue;
            };
            if digit & 1 != 0 && k > 0 && rest == 0 {
                count += u128::from(target == Nimber::ZERO);
            }
            if digit & 2 != 0 && k > 0 && rest > 0 {
                count += u128::from(self.grundy(&rest) == target);
            }
            if digit & 4 != 0 {
                count += self.count_pairs(rest, 1, target, p, n0);
            }
            if digit & 8 != 0 {
                let flow = three_part_classes(rest, n0, p, &mut |class| {
                    steps = steps.wrapping_add(1);
                    if steps.is_multiple_of(1024)
                        && cancel.as_ref().is_some_and(Cancel::is_cancelled)
                    {
                        return ControlFlow::Break(());
                    }
                    let [a, b, c] = class.parts;
                    if self.grundy(&a) ^ self.grundy(&b) ^ self.grundy(&c) == target {
                        count += class.count;
                    }
                    ControlFlow::Continue(())
                });
                if flow.is_break() {
                    return Some(count);
                }
            }
        }
        Some(count)
    }

    /// How many splits b + (s − b) with `lo` ≤ b ≤ s/2 leave value `target`,
    /// for values of period `p` from `n0`: one by one up to max(lo, n0) + p;
    /// past that both parts are at least n0, the value depends on b mod p
    /// only, and each residue's split counts once for each time it recurs.
    fn count_pairs(&mut self, s: u64, lo: u64, target: Nimber, p: u64, n0: u64) -> u128 {
        let half = s / 2;
        if lo > half {
            return 0;
        }
        let upper = half.min(lo.max(n0) + p);
        let mut count = 0u128;
        for b in lo..=upper {
            count += u128::from(self.grundy(&b) ^ self.grundy(&(s - b)) == target);
        }
        if half > upper {
            // b = upper + 1 + j + m·p for j < p, as long as b ≤ s/2.
            let span = half - upper;
            for j in 0..p.min(span) {
                let b = upper + 1 + j;
                if self.grundy(&b) ^ self.grundy(&(s - b)) == target {
                    count += u128::from((span - j).div_ceil(p));
                }
            }
        }
        count
    }

    /// Whether taking `k` from a heap of `heap` to leave `leaves` (in
    /// increasing order) is a move of the game.
    pub fn is_move(&self, heap: u64, k: u64, leaves: &[u64]) -> bool {
        // A code's move (or Nim's) is told by its shape at any size, not
        // by a walk over a heap's moves (some 10^11 of them for a heap of
        // 10^6 in a code that splits in three); other rules are listed.
        let shaped = matches!(self.rules().shape(), Shape::Code(_) | Shape::Nim);
        if !shaped && !self.large(heap) {
            let mut legal = false;
            self.rules().options(&heap, &mut |taken, parts| {
                legal |= taken == k && parts == leaves;
            });
            return legal;
        }
        let total = leaves
            .iter()
            .try_fold(k, |sum, &part| sum.checked_add(part));
        if total != Some(heap) || leaves.contains(&0) || !leaves.is_sorted() {
            return false;
        }
        match self.rules().shape() {
            Shape::Listed => false,
            Shape::Nim => k > 0 && leaves.len() <= 1,
            Shape::Code(code) => {
                let digit = code.digit(usize::try_from(k).unwrap_or(usize::MAX));
                let bit = match leaves.len() {
                    0 => 1,
                    1 => 2,
                    2 => 4,
                    3 => 8,
                    _ => 0,
                };
                digit & bit != 0 && (k > 0 || leaves.len() >= 2)
            }
        }
    }

    /// The moves of heap number `index` (listed) that leave value `target`
    /// (every move when `None`).
    fn listed_moves(
        &mut self,
        index: usize,
        heap: u64,
        target: Option<Nimber>,
        visit: &mut dyn FnMut(SumMove<u64, u64>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if let Shape::Code(code) = self.rules().shape() {
            return self.code_moves(&code, index, heap, target, visit);
        }
        // Other rules (constraints, repeating tails, Grundy's game): each
        // move visited as the rules give it, none held, and none valued
        // once `visit` has broken.
        let rules = self.rules().clone();
        let mut flow = ControlFlow::Continue(());
        rules.options(&heap, &mut |k, parts| {
            if flow.is_continue() && target.is_none_or(|t| self.solver.sum_value(parts) == t) {
                flow = visit(heap_move(index, k, parts.to_vec()));
            }
        });
        flow
    }

    /// The moves of heap number `index`: listed, or through its shape.
    fn moves_of(
        &mut self,
        index: usize,
        heap: u64,
        target: Option<Nimber>,
        visit: &mut dyn FnMut(SumMove<u64, u64>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.large(heap) {
            self.large_moves(index, heap, target, visit)
        } else {
            self.listed_moves(index, heap, target, visit)
        }
    }
}

impl<R: HeapRules> HeapGame<R> {
    /// [`crate::game::Extras::component_options`]: the moves of heap
    /// number `index` (from 1), each with the nim-sum of what it leaves.
    pub(super) fn heap_options(
        &mut self,
        position: &[u64],
        index: usize,
        visit: &mut dyn FnMut(SumMove<u64, u64>, Nimber) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, crate::Refusal> {
        let Some(&heap) = index.checked_sub(1).and_then(|i| position.get(i)) else {
            return Err(crate::Refusal::Unable(format!(
                "there is no heap {index} (there are {})",
                position.len()
            )));
        };
        if self.rules().shape() == Shape::Nim {
            // Every move, one at a time, at any size: taking k leaves a
            // heap of n − k, worth n − k. (Not `large_moves`, one for each
            // bit: their mex would not be the heap's value.)
            for take in 1..=heap {
                let left = heap - take;
                let mv = heap_move(index - 1, take, leave_one(left));
                if visit(mv, Nimber(u128::from(left))).is_break() {
                    return Ok(ControlFlow::Break(()));
                }
            }
            return Ok(ControlFlow::Continue(()));
        }
        if self.large(heap) {
            // A few moves, one for each class.
            let mut moves = Vec::new();
            let _ = self.large_moves(index - 1, heap, None, &mut |mv| {
                moves.push(mv);
                ControlFlow::Continue(())
            });
            for mv in moves {
                let value = self.solver.sum_value(&mv.leaves);
                if visit(mv, value).is_break() {
                    return Ok(ControlFlow::Break(()));
                }
            }
            return Ok(ControlFlow::Continue(()));
        }
        // Up to millions of moves: each valued and visited as the rules
        // give it, none held, and none valued once `visit` has broken.
        let rules = self.rules().clone();
        let mut flow = ControlFlow::Continue(());
        rules.options(&heap, &mut |k, parts| {
            if flow.is_continue() {
                let value = self.solver.sum_value(parts);
                flow = visit(heap_move(index - 1, k, parts.to_vec()), value);
            }
        });
        Ok(flow)
    }

    /// [`crate::game::Extras::component_option_values`]: in Nim, by its
    /// rule, at any size: the n options of a heap of n are worth 0 … n − 1,
    /// and the one worth t < n is `large_moves`' move to t.
    pub(super) fn heap_option_values(
        &mut self,
        position: &[u64],
        index: usize,
        target: Option<Nimber>,
    ) -> Option<OptionValues<SumMove<u64, u64>>> {
        if self.rules().shape() != Shape::Nim {
            return None;
        }
        let &heap = position.get(index.checked_sub(1)?)?;
        let mut to_target = None;
        if let Some(t) = target {
            let _ = self.large_moves(index - 1, heap, Some(t), &mut |mv| {
                to_target = Some(mv);
                ControlFlow::Break(())
            });
        }
        Some(OptionValues {
            count: u128::from(heap),
            reached: match heap {
                0 => Vec::new(),
                n => vec![(Nimber::ZERO, Nimber(u128::from(n - 1)))],
            },
            to_target,
        })
    }
}

/// What leaving `left` tokens of a heap leaves: one heap, or none.
fn leave_one(left: u64) -> Vec<u64> {
    if left == 0 {
        Vec::new()
    } else {
        vec![left]
    }
}

/// Every heap game is an [`Engine`]: the solver's answers, with heaps past
/// [`LISTED_HEAP`] answered through their [`Shape`] (their winning moves and
/// best tries one for each class of moves that leave the same values; their
/// legal moves every one, one at a time).
impl<R: HeapRules> Engine for HeapGame<R> {
    type Position = Vec<u64>;
    type Component = u64;
    type Move = SumMove<u64, u64>;

    fn components(&mut self, position: &Vec<u64>) -> Vec<(u64, Nimber)> {
        self.solver.components(position)
    }

    fn value(&mut self, position: &Vec<u64>) -> Nimber {
        self.solver.sum_value(position)
    }

    fn winning_moves(
        &mut self,
        position: &Vec<u64>,
        visit: &mut dyn FnMut(Self::Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let values: Vec<Nimber> = position.iter().map(|h| self.grundy(h)).collect();
        let total = values.iter().fold(Nimber::ZERO, |s, &v| s ^ v);
        if total.is_zero() {
            return ControlFlow::Continue(());
        }
        for (index, &heap) in position.iter().enumerate() {
            // An option worth more than the heap itself wins too.
            self.moves_of(index, heap, Some(total ^ values[index]), visit)?;
        }
        ControlFlow::Continue(())
    }

    fn count_winning_moves(&mut self, position: &Vec<u64>) -> u128 {
        let values: Vec<Nimber> = position.iter().map(|h| self.grundy(h)).collect();
        let total = values.iter().fold(Nimber::ZERO, |s, &v| s ^ v);
        if total.is_zero() {
            return 0;
        }
        let mut count = 0u128;
        for (index, &heap) in position.iter().enumerate() {
            let target = total ^ values[index];
            if let Some(by_shape) = self.count_by_shape(heap, target) {
                count += by_shape;
            } else {
                let _ = self.listed_moves(index, heap, Some(target), &mut |_| {
                    count += 1;
                    ControlFlow::Continue(())
                });
            }
        }
        count
    }

    /// Every legal move, one at a time, of a large heap too (a heap of
    /// 2^40 has 2^40 of them: its callers stop early).
    fn moves(
        &mut self,
        position: &Vec<u64>,
        visit: &mut dyn FnMut(Self::Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for (index, &heap) in position.iter().enumerate() {
            if self.large(heap) {
                self.every_large_move(index, heap, visit)?;
            } else {
                self.listed_moves(index, heap, None, visit)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Every move of a listed heap; of a larger one, one for each class of
    /// moves that leave the same values.
    fn try_moves(
        &mut self,
        position: &Vec<u64>,
        visit: &mut dyn FnMut(Self::Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for (index, &heap) in position.iter().enumerate() {
            self.moves_of(index, heap, None, visit)?;
        }
        ControlFlow::Continue(())
    }

    fn try_score(
        &mut self,
        position: &Vec<u64>,
        before: &crate::solve::BitCounts,
        mv: &Self::Move,
    ) -> (u64, u64) {
        self.solver.try_score(position, before, mv)
    }

    fn check(&mut self, position: &Vec<u64>, mv: &Self::Move) -> Result<(), IllegalMove> {
        let Some(&heap) = mv.component.checked_sub(1).and_then(|i| position.get(i)) else {
            return Err(IllegalMove(format!(
                "there is no heap {} (there are {})",
                mv.component,
                position.len()
            )));
        };
        if self.is_move(heap, mv.action, &mv.leaves) {
            Ok(())
        } else {
            Err(IllegalMove(format!(
                "taking {} from heap {} ({heap}) cannot leave {:?}",
                mv.action, mv.component, mv.leaves
            )))
        }
    }

    fn play(&mut self, position: &Vec<u64>, mv: &Self::Move) -> Played<Vec<u64>> {
        self.solver.play(position, mv)
    }

    fn is_terminal(&mut self, position: &Vec<u64>) -> bool {
        position.iter().enumerate().all(|(index, &heap)| {
            if self.large(heap) {
                return false;
            }
            // The first move found is enough.
            self.listed_moves(index, heap, None, &mut |_| ControlFlow::Break(()))
                .is_continue()
        })
    }
}
