//! Misère play of a heap game through its proven quotient: the outcome of
//! a sum is whether the product of its heaps' elements lies in P, and a
//! move wins when the sum it leaves is such a product in P, for heaps of
//! any size (through the pretending function's period).

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use super::monoid::Monoid;
use super::{compute, Quotient, Settings};
use crate::engine::Outcome;
use crate::games::heap::three_part_classes;
use crate::games::octal::OctalCode;
use crate::misere::{MisereEngine, MisereError};
use crate::notation::with_commas;
use crate::rules::SumMove;
use crate::shared::Cancel;

/// A quotient as a [`MisereEngine`]: a proven one for every sum, a
/// partial one (the quotient of the heaps below its reach, which the build
/// proved heap by heap) for the sums of those heaps only.
#[derive(Clone, Debug)]
pub struct QuotientMisere {
    quotient: Arc<Quotient>,
    /// Heaps below this are covered; `None` when the quotient is proven
    /// for every heap size.
    reach: Option<u64>,
    /// Where it came from, which its basis says.
    source: Source,
    /// Raised when a walk over a sum's moves is to stop.
    cancel: Option<Cancel>,
}

/// Where a [`QuotientMisere`]'s quotient came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    /// A question's own look ([`tried`]), or a proven one kept.
    Found,
    /// The front end gave it (a checked certificate).
    Given,
    /// A partial one kept from an earlier run.
    Kept,
}

impl QuotientMisere {
    /// The engine of a proven quotient (`None` when it is not proven).
    pub fn new(quotient: Arc<Quotient>) -> Option<QuotientMisere> {
        quotient.period().is_some().then_some(QuotientMisere {
            quotient,
            reach: None,
            source: Source::Found,
            cancel: None,
        })
    }

    /// The engine of a quotient, proven or partial: a partial one answers
    /// sums of the heaps below [`Quotient::heaps`] only (it
    /// [covers](MisereEngine::covers) no others). `None` when its
    /// certificate check failed.
    pub fn partial(quotient: Arc<Quotient>) -> Option<QuotientMisere> {
        if quotient.period().is_some() {
            return QuotientMisere::new(quotient);
        }
        let reach = quotient.heaps();
        quotient.exact().then_some(QuotientMisere {
            quotient,
            reach: Some(reach),
            source: Source::Found,
            cancel: None,
        })
    }

    /// [`QuotientMisere::partial`] of a quotient the front end gave (a
    /// checked certificate), which its basis says.
    pub fn given(quotient: Arc<Quotient>) -> Option<QuotientMisere> {
        QuotientMisere::partial(quotient).map(|q| QuotientMisere {
            source: Source::Given,
            ..q
        })
    }

    /// [`QuotientMisere::partial`] of a quotient kept from an earlier run
    /// ([`KeptQuotients::partial`]), which its basis says.
    pub fn kept(quotient: Arc<Quotient>) -> Option<QuotientMisere> {
        QuotientMisere::partial(quotient).map(|q| QuotientMisere {
            source: Source::Kept,
            ..q
        })
    }

    /// Where it came from, as a basis says it: ` given`, ` kept in the
    /// cache` or nothing (a question's own look).
    fn source(&self) -> &'static str {
        match self.source {
            Source::Found => "",
            Source::Given => " given",
            Source::Kept => " kept in the cache",
        }
    }

    /// What a basis calls it: `the partial misère quotient given`, `… kept
    /// in the cache`, or with nothing after for a question's own look.
    pub fn named(&self) -> String {
        let partial = if self.is_proven() { "" } else { "partial " };
        format!("the {partial}misère quotient{}", self.source())
    }

    /// Whether it answers every sum (its quotient is proven).
    pub fn is_proven(&self) -> bool {
        self.reach.is_none()
    }

    /// The heaps it covers: those below this, or every heap (`None`) when
    /// its quotient is proven.
    pub fn reach(&self) -> Option<u64> {
        self.reach
    }

    /// Whether the player to move wins the sum under misère play, where it
    /// covers the sum (its product not in P); `None` for a sum with a heap
    /// past its reach. What a search asks it ([`crate::misere::Misere::decide_by`]).
    pub fn wins(&self, heaps: &[u64]) -> Option<bool> {
        self.reaches(heaps)
            .then(|| !self.quotient.p[self.image(heaps) as usize])
    }

    /// Whether every heap of the sum is below the reach.
    fn reaches(&self, heaps: &[u64]) -> bool {
        self.reach
            .is_none_or(|reach| heaps.iter().all(|&h| h < reach))
    }

    /// [`MisereError::Uncovered`] for a sum with a heap past the reach
    /// (never met through [`crate::misere::Covered`], which asks first).
    fn within_reach(&self, heaps: &[u64]) -> Result<(), MisereError> {
        if self.reaches(heaps) {
            Ok(())
        } else {
            Err(MisereError::Uncovered)
        }
    }

    /// The element of a sum of heaps.
    fn image(&self, heaps: &[u64]) -> u32 {
        heaps.iter().fold(0, |x, &h| self.times(x, h))
    }

    /// `x` times the element of a heap of `heap`.
    fn times(&self, x: u32, heap: u64) -> u32 {
        let q = &self.quotient;
        q.table.product(x, q.raw_phi(heap).unwrap_or(0))
    }

    /// For each heap of the sum, the product of every other heap.
    fn others(&self, heaps: &[u64]) -> Vec<u32> {
        let n = heaps.len();
        let mut before = vec![0u32; n + 1];
        let mut after = vec![0u32; n + 1];
        for i in 0..n {
            before[i + 1] = self.times(before[i], heaps[i]);
            after[n - 1 - i] = self.times(after[n - i], heaps[n - 1 - i]);
        }
        (0..n)
            .map(|i| self.quotient.table.product(before[i], after[i + 1]))
            .collect()
    }

    /// The splits a + (rest − a), a ≤ rest − a, whose parts both lie where
    /// Φ repeats (at or past its preperiod n0): a from `lo` = max(n0, 1) to
    /// `hi` = rest / 2 (then rest − a ≥ a ≥ n0), with the period p. There
    /// the element a split leaves depends on a mod p alone. `None` without
    /// a proven period, or where that stretch is shorter than two periods
    /// (listed one by one: the same moves, found as fast).
    fn periodic_splits(&self, rest: u64) -> Option<(u64, u64, u64)> {
        self.periodic_splits_from(rest, 1)
    }

    /// [`QuotientMisere::periodic_splits`] with the smaller part at least
    /// `from` too (the middle part of a split in three, at least its
    /// smallest).
    fn periodic_splits_from(&self, rest: u64, from: u64) -> Option<(u64, u64, u64)> {
        let period = self.quotient.period()?;
        let (n0, p) = (period.preperiod as u64, period.period as u64);
        let lo = n0.max(1).max(from);
        let hi = rest / 2;
        (hi >= lo + 2 * p).then_some((lo, hi, p))
    }

    /// Sends `sink` every winning move of the sum (one that leaves a
    /// product in P), in the rules' order, or their count. Where Φ repeats
    /// the splits of a heap fall into p classes (the residues of the
    /// smaller part mod p), each winning or not as a whole: counted in one
    /// step, and listed passing over the losing ones, so a heap of 10^18
    /// costs about n0 + p steps a take, plus p for each move listed. The
    /// splits in three are counted by the classes of their parts (at most
    /// L² + L·p + p² steps a take at any size, L = max(n0, 1); passed over
    /// at once when no class wins), and listed in order as their smallest
    /// part a and a split in two of the rest, classed the same way.
    /// Looks at the cancel flag every [`CHECK_EVERY`] steps.
    fn winning(&self, heaps: &[u64], sink: &mut Sink<'_>) -> Result<ControlFlow<()>, MisereError> {
        match self.walk(heaps, sink) {
            Ok(()) => Ok(ControlFlow::Continue(())),
            Err(Halt::Stopped) => Ok(ControlFlow::Break(())),
            Err(Halt::Failed(e)) => Err(e),
        }
    }

    /// [`QuotientMisere::winning`]'s walk.
    fn walk(&self, heaps: &[u64], sink: &mut Sink<'_>) -> Result<(), Halt> {
        let q = &self.quotient;
        let mut steps = Steps::new(self.cancel.as_ref());
        for (i, (&h, &others)) in heaps.iter().zip(&self.others(heaps)).enumerate() {
            for k in 0..=q.code.max_take() as u64 {
                let Some(rest) = h.checked_sub(k) else {
                    break;
                };
                let digit = q.code.digit(k as usize);
                let mv = |leaves: Vec<u64>| SumMove {
                    component: i + 1,
                    action: k,
                    leaves,
                };
                let wins = |x: u32| q.p[x as usize];
                if digit & 1 != 0 && k > 0 && rest == 0 && wins(others) {
                    sink.one(mv(Vec::new()))?;
                }
                if digit & 2 != 0 && k > 0 && rest > 0 && wins(self.times(others, rest)) {
                    sink.one(mv(vec![rest]))?;
                }
                if digit & 4 != 0 {
                    let split = |a: u64| self.times(self.times(others, a), rest - a);
                    let (head, window) = match self.periodic_splits(rest) {
                        Some((lo, hi, p)) => (lo - 1, Some((lo, hi, p))),
                        None => (rest / 2, None),
                    };
                    for a in 1..=head {
                        steps.step()?;
                        if wins(split(a)) {
                            sink.one(mv(vec![a, rest - a]))?;
                        }
                    }
                    if let Some((lo, hi, p)) = window {
                        // classes[j]: whether the splits with a ≡ lo + j (mod p) win.
                        let classes: Vec<bool> = (0..p).map(|j| wins(split(lo + j))).collect();
                        match sink {
                            Sink::Count(count) => {
                                for j in (0..p).filter(|&j| classes[j as usize]) {
                                    **count += u128::from((hi - lo - j) / p + 1);
                                }
                            }
                            Sink::Visit(_) if classes.contains(&true) => {
                                for a in lo..=hi {
                                    steps.step()?;
                                    if classes[((a - lo) % p) as usize] {
                                        sink.one(mv(vec![a, rest - a]))?;
                                    }
                                }
                            }
                            Sink::Visit(_) => {}
                        }
                    }
                }
                if digit & 8 != 0 && self.split_in_three_classes(others, rest, &mut steps, sink)? {
                    // Splits a + b + c, a ≤ b ≤ c, listed in order: for
                    // each smallest part a, the splits b + c of the rest
                    // with b ≥ a, in classes where Φ repeats as above
                    // (some rest/3 · (n0 + p) steps to list every one, the
                    // first found within some (n0 + p)², not rest²/12).
                    let mut classes = Vec::new();
                    for a in 1..=rest / 3 {
                        let s = rest - a;
                        let base = self.times(others, a);
                        let pair = |b: u64| self.times(self.times(base, b), s - b);
                        let window = self.periodic_splits_from(s, a);
                        let head = window.map_or(s / 2, |(lo, _, _)| lo - 1);
                        steps.step()?;
                        for b in a..=head {
                            steps.step()?;
                            if wins(pair(b)) {
                                sink.one(mv(vec![a, b, s - b]))?;
                            }
                        }
                        let Some((lo, hi, p)) = window else {
                            continue;
                        };
                        classes.clear();
                        classes.extend((0..p).map(|j| wins(pair(lo + j))));
                        // Only a visit gets here: with a period, a count
                        // was made by the classes above.
                        if classes.contains(&true) {
                            for b in lo..=hi {
                                steps.step()?;
                                if classes[((b - lo) % p) as usize] {
                                    sink.one(mv(vec![a, b, s - b]))?;
                                }
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The splits in three of `rest` (beside a product `others`) by the
    /// classes of their parts where Φ repeats ([`three_part_classes`]: at
    /// most L² + L·p + p² classes, L = max(n0, 1), at any size): with a
    /// proven period, a count adds each winning class's size, and a walk
    /// passes over them when none wins. Whether the splits are still to be
    /// walked one by one (a walk with a winning class, or no period).
    fn split_in_three_classes(
        &self,
        others: u32,
        rest: u64,
        steps: &mut Steps<'_>,
        sink: &mut Sink<'_>,
    ) -> Result<bool, Halt> {
        let Some(period) = self.quotient.period() else {
            return Ok(true);
        };
        let (n0, p) = (period.preperiod as u64, period.period as u64);
        let mut wins = 0u128;
        let mut failed = None;
        let _ = three_part_classes(rest, n0, p, &mut |class| {
            if let Err(e) = steps.step() {
                failed = Some(e);
                return ControlFlow::Break(());
            }
            let [a, b, c] = class.parts;
            let product = self.times(self.times(self.times(others, a), b), c);
            if self.quotient.p[product as usize] {
                wins += class.count;
            }
            ControlFlow::Continue(())
        });
        if let Some(e) = failed {
            return Err(Halt::Failed(e));
        }
        Ok(match sink {
            Sink::Count(count) => {
                **count += wins;
                false
            }
            Sink::Visit(_) => wins > 0,
        })
    }

    /// The first legal move of the sum in the rules' order, if any.
    fn first_move(&self, heaps: &[u64]) -> Option<SumMove<u64, u64>> {
        let code = &self.quotient.code;
        heaps.iter().enumerate().find_map(|(i, &h)| {
            (0..=code.max_take() as u64).find_map(|k| {
                let rest = h.checked_sub(k)?;
                let digit = code.digit(k as usize);
                let leaves = if digit & 1 != 0 && k > 0 && rest == 0 {
                    Vec::new()
                } else if digit & 2 != 0 && k > 0 && rest > 0 {
                    vec![rest]
                } else if digit & 4 != 0 && rest >= 2 {
                    vec![1, rest - 1]
                } else if digit & 8 != 0 && rest >= 3 {
                    vec![1, 1, rest - 2]
                } else {
                    return None;
                };
                Some(SumMove {
                    component: i + 1,
                    action: k,
                    leaves,
                })
            })
        })
    }
}

/// How often, in steps, a walk over a sum's moves looks at the cancel
/// flag.
const CHECK_EVERY: u64 = 4096;

/// The steps of a walk over a sum's moves, stopped once the flag is raised.
struct Steps<'a> {
    cancel: Option<&'a Cancel>,
    taken: u64,
}

impl<'a> Steps<'a> {
    fn new(cancel: Option<&'a Cancel>) -> Steps<'a> {
        Steps { cancel, taken: 0 }
    }

    /// One more step; [`MisereError::Cancelled`] once asked to stop.
    fn step(&mut self) -> Result<(), MisereError> {
        self.taken += 1;
        if self.taken.is_multiple_of(CHECK_EVERY) && self.cancel.is_some_and(Cancel::is_cancelled) {
            return Err(MisereError::Cancelled);
        }
        Ok(())
    }
}

/// Where [`QuotientMisere::winning`] sends the winning moves: to a visitor
/// (which may stop the walk), or to a count.
enum Sink<'v> {
    Visit(&'v mut dyn FnMut(SumMove<u64, u64>) -> ControlFlow<()>),
    Count(&'v mut u128),
}

impl Sink<'_> {
    /// One winning move.
    fn one(&mut self, mv: SumMove<u64, u64>) -> Result<(), Halt> {
        match self {
            Sink::Visit(visit) => match visit(mv) {
                ControlFlow::Continue(()) => Ok(()),
                ControlFlow::Break(()) => Err(Halt::Stopped),
            },
            Sink::Count(count) => {
                **count += 1;
                Ok(())
            }
        }
    }
}

/// Why a walk over a sum's moves ended early.
enum Halt {
    /// The visitor had enough.
    Stopped,
    /// The walk could not go on (asked to stop).
    Failed(MisereError),
}

impl From<MisereError> for Halt {
    fn from(e: MisereError) -> Halt {
        Halt::Failed(e)
    }
}

impl MisereEngine<Vec<u64>, SumMove<u64, u64>> for QuotientMisere {
    fn basis(&self, _: &Vec<u64>) -> Option<String> {
        let q = &self.quotient;
        let name = q.game();
        let given = self.source();
        Some(match self.reach {
            None => format!(
                "the misère quotient of {name}{given} ({} elements, {} in P), proven for every \
                 heap size",
                with_commas(q.order() as u128),
                with_commas(q.p_size() as u128)
            ),
            Some(reach) => format!(
                "the partial misère quotient of {name}{given}, exact for sums of heaps below {} \
                 ({} elements, {} in P)",
                with_commas(u128::from(reach)),
                with_commas(q.order() as u128),
                with_commas(q.p_size() as u128)
            ),
        })
    }

    fn covers(&self, position: &Vec<u64>) -> bool {
        self.reaches(position)
    }

    fn outcome(&mut self, position: &Vec<u64>) -> Result<Outcome, MisereError> {
        match self.wins(position) {
            Some(true) => Ok(Outcome::FirstPlayer),
            Some(false) => Ok(Outcome::SecondPlayer),
            None => Err(MisereError::Uncovered),
        }
    }

    /// Every winning move, held at once: for a few heaps or small ones
    /// ([`MisereEngine::visit_winning_moves`] lists them one at a time).
    fn winning_moves(
        &mut self,
        position: &Vec<u64>,
    ) -> Result<Vec<SumMove<u64, u64>>, MisereError> {
        let mut moves = Vec::new();
        let _ = self.visit_winning_moves(position, &mut |mv| {
            moves.push(mv);
            ControlFlow::Continue(())
        })?;
        Ok(moves)
    }

    fn visit_winning_moves(
        &mut self,
        position: &Vec<u64>,
        visit: &mut dyn FnMut(SumMove<u64, u64>) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, MisereError> {
        self.within_reach(position)?;
        self.winning(position, &mut Sink::Visit(visit))
    }

    fn count_winning_moves(&mut self, position: &Vec<u64>) -> Result<u128, MisereError> {
        self.within_reach(position)?;
        let mut count = 0;
        let _ = self.winning(position, &mut Sink::Count(&mut count))?;
        Ok(count)
    }

    /// The first winning move, else the first legal one.
    fn suggest(&mut self, position: &Vec<u64>) -> Result<Option<SumMove<u64, u64>>, MisereError> {
        self.within_reach(position)?;
        let mut winning = None;
        let _ = self.winning(
            position,
            &mut Sink::Visit(&mut |mv| {
                winning = Some(mv);
                ControlFlow::Break(())
            }),
        )?;
        Ok(winning.or_else(|| self.first_move(position)))
    }

    fn stop_when(&mut self, cancel: Cancel) {
        self.cancel = Some(cancel);
    }
}

/// Where quotients are kept between runs (the user's cache, which the
/// front end owns): the heap game of a code asks it before looking for the
/// quotient within a question's bounds, so that a quotient proven once
/// (0.56's takes minutes) decides every later question at once, and one
/// that got further than a question's look (Dawson's Kayles' to heap 33,
/// seconds) decides the sums of the heaps it reached. What is kept passed
/// the certificate check, or was built by [`compute`], when it was kept.
pub trait KeptQuotients: Send + Sync {
    /// The proven quotient of `game` (`octal:0.56`) kept, if any.
    fn proven(&self, game: &str) -> Option<Arc<Quotient>>;

    /// The partial quotient of `game` kept that reaches the furthest, if
    /// any (none by default).
    fn partial(&self, _game: &str) -> Option<Arc<Quotient>> {
        None
    }
}

/// The quotients tried in this process, proven or not, by code and the
/// work the question's budget allowed.
type Tried = HashMap<(String, u64), Option<Arc<Quotient>>>;

/// The most quotients [`tried_here`] keeps: past it they are all let go
/// (each is at most some hundreds of kilobytes at a question's bounds).
pub(super) const MAX_TRIED: usize = 64;

/// The quotients tried in this process (see [`Tried`]).
pub(super) fn tried_here() -> &'static Mutex<Tried> {
    static TRIED: OnceLock<Mutex<Tried>> = OnceLock::new();
    TRIED.get_or_init(Mutex::default)
}

/// What a misère question may spend on finding a code's quotient before it
/// falls back to the search: heaps, trial sizes and remembered sums fixed
/// here, and work within the question's `budget`. These bounds, not a
/// clock, decide, so the answer does not depend on the machine.
pub fn request_settings(budget: u64, cancel: Option<Cancel>) -> Settings {
    Settings {
        upto: 1024,
        max_trial: 1024,
        max_oracle: 100_000,
        max_work: budget.min(2_000_000),
        deadline: None,
        cancel,
        checks: None,
    }
}

/// The quotient of `code` as far as [`request_settings`] reach, proven or
/// partial, computed the first time this process asks with the same work
/// allowed (the budget, up to the bound) and remembered, so that the answer
/// depends on the code and the budget alone, not on earlier questions;
/// `None` where the periodicity argument does not hold for the code, or
/// the computation was cancelled (then it is not remembered).
pub fn tried(code: &OctalCode, budget: u64, cancel: Option<Cancel>) -> Option<Arc<Quotient>> {
    if !code.periodicity_applies() {
        return None;
    }
    let settings = request_settings(budget, cancel.clone());
    let key = (code.to_string(), settings.max_work);
    if let Some(known) = tried_here()
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&key)
    {
        return known.clone();
    }
    let q = compute(code, &settings, &mut |_| {});
    if cancel.is_some_and(|c| c.is_cancelled()) {
        return None;
    }
    let q = Some(Arc::new(q));
    let mut known = tried_here().lock().unwrap_or_else(PoisonError::into_inner);
    if known.len() >= MAX_TRIED {
        known.clear();
    }
    known.insert(key, q.clone());
    q
}

/// The proven quotient of `code` within [`request_settings`], if any (see
/// [`tried`]).
pub fn proven(code: &OctalCode, budget: u64, cancel: Option<Cancel>) -> Option<Arc<Quotient>> {
    tried(code, budget, cancel).filter(|q| q.period().is_some())
}

/// Why a quotient tried for a question does not answer it, for people.
pub fn why_not(q: &Quotient) -> String {
    format!(
        "no misère quotient of {} was proven within the bounds of a question: {} elements at heap {}, {}",
        q.game(),
        q.order(),
        q.heaps(),
        q.unproven()
            .map(super::describe)
            .unwrap_or_else(|| "unproven".into())
    )
}
