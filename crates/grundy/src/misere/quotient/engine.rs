//! Misère play of a heap game through its proven quotient: the outcome of
//! a sum is whether the product of its heaps' elements lies in P, and a
//! move wins when the sum it leaves is such a product in P, for heaps of
//! any size (through the pretending function's period).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use super::monoid::Monoid;
use super::{compute, Quotient, Settings, Unproven};
use crate::engine::Outcome;
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
    /// Whether the front end gave it (rather than a question's look).
    given: bool,
}

impl QuotientMisere {
    /// The engine of a proven quotient (`None` when it is not proven).
    pub fn new(quotient: Arc<Quotient>) -> Option<QuotientMisere> {
        quotient.period().is_some().then_some(QuotientMisere {
            quotient,
            reach: None,
            given: false,
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
        let usable = !matches!(quotient.unproven(), Some(Unproven::CheckFailed(_)));
        usable.then_some(QuotientMisere {
            quotient,
            reach: Some(reach),
            given: false,
        })
    }

    /// [`QuotientMisere::partial`] of a quotient the front end gave (a
    /// checked certificate), which its basis says.
    pub fn given(quotient: Arc<Quotient>) -> Option<QuotientMisere> {
        QuotientMisere::partial(quotient).map(|q| QuotientMisere { given: true, ..q })
    }

    /// Whether it answers every sum (its quotient is proven).
    pub fn is_proven(&self) -> bool {
        self.reach.is_none()
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
        let q = &self.quotient;
        heaps
            .iter()
            .fold(0, |x, &h| q.table.product(x, q.raw_phi(h).unwrap_or(0)))
    }

    /// Every move of the sum, with whether the sum it leaves is in P; stops
    /// when `visit` says so.
    fn each_move(&self, heaps: &[u64], visit: &mut dyn FnMut(SumMove<u64, u64>, bool) -> bool) {
        let q = &self.quotient;
        // others[i]: the product of every heap but heap i.
        let n = heaps.len();
        let mut before = vec![0u32; n + 1];
        let mut after = vec![0u32; n + 1];
        for i in 0..n {
            before[i + 1] = q.table.product(before[i], q.raw_phi(heaps[i]).unwrap_or(0));
            after[n - 1 - i] = q
                .table
                .product(after[n - i], q.raw_phi(heaps[n - 1 - i]).unwrap_or(0));
        }
        let mut go = true;
        for (i, &h) in heaps.iter().enumerate() {
            if !go {
                break;
            }
            let others = q.table.product(before[i], after[i + 1]);
            q.code.each_move(h, &mut |taken, parts| {
                if !go {
                    return;
                }
                let x = parts.iter().fold(others, |x, &part| {
                    q.table.product(x, q.raw_phi(part).unwrap_or(0))
                });
                let mv = SumMove {
                    component: i + 1,
                    action: taken,
                    leaves: parts.to_vec(),
                };
                go = visit(mv, q.p[x as usize]);
            });
        }
    }
}

impl MisereEngine<Vec<u64>, SumMove<u64, u64>> for QuotientMisere {
    fn basis(&self, _: &Vec<u64>) -> Option<String> {
        let q = &self.quotient;
        let name = q.game();
        let given = if self.given { " given" } else { "" };
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
        self.within_reach(position)?;
        Ok(if self.quotient.p[self.image(position) as usize] {
            Outcome::SecondPlayer
        } else {
            Outcome::FirstPlayer
        })
    }

    fn winning_moves(
        &mut self,
        position: &Vec<u64>,
    ) -> Result<Vec<SumMove<u64, u64>>, MisereError> {
        self.within_reach(position)?;
        let mut moves = Vec::new();
        self.each_move(position, &mut |mv, wins| {
            if wins {
                moves.push(mv);
            }
            true
        });
        Ok(moves)
    }

    fn suggest(&mut self, position: &Vec<u64>) -> Result<Option<SumMove<u64, u64>>, MisereError> {
        self.within_reach(position)?;
        let mut first = None;
        let mut winning = None;
        self.each_move(position, &mut |mv, wins| {
            if wins {
                winning = Some(mv);
                return false;
            }
            if first.is_none() {
                first = Some(mv);
            }
            true
        });
        Ok(winning.or(first))
    }
}

/// Where proven quotients are kept between runs (the user's cache, which
/// the front end owns): the heap game of a code asks it before looking for
/// the quotient within a question's bounds, so that a quotient proven once
/// (0.56's takes minutes) decides every later question at once.
pub trait ProvenQuotients: Send + Sync {
    /// The proven quotient of `game` (`octal:0.56`) kept, if any. What is
    /// kept passed the certificate check when it was kept.
    fn proven(&self, game: &str) -> Option<Arc<Quotient>>;
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
