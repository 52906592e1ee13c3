//! Misère quotients of take-and-break games (T. E. Plambeck and A. N.
//! Siegel, "Misère quotients for impartial games", *JCTA* 115 (2008)).
//!
//! The sums of heaps ≤ n of a game, taken modulo misère
//! indistinguishability (G ≡ H when G + X and H + X have the same misère
//! outcome for every sum X), form a commutative monoid Q_n with a P-portion
//! P_n; heap h *pretends* to be the element Φ(h), and a sum is a misère
//! P-position exactly when the product of its heaps' elements lies in P.
//! [`compute`] finds Q_n heap by heap (see `build.rs` for the method and
//! why its answers are the quotient) and stops when the pretending function
//! is proven periodic, which settles every heap size:
//!
//! **Periodicity.** For a code whose moves take at most `t` tokens and
//! leave at most r heaps (r = 2, or 3 for hexadecimal splits), if
//! Φ(h + p) = Φ(h) for every h with n0 ≤ h and h + p ≤ N, where
//! N + 1 ≥ r·(n0 + p) + t (and n0 ≥ 1), then Q_N is the quotient of every
//! heap size and Φ repeats with period p from n0 on. The argument is Guy
//! and Smith's for Grundy values (*Winning Ways*, ch. 4), which Plambeck
//! and Siegel carry to quotients: for a heap h > N, every split of h − k
//! has a part of at least n0 + p, and taking p from it gives a split of
//! h − p − k with the same image (and back), so heap h has the options'
//! images of heap h − p and hence its *type*; a heap of a type already
//! present adds no state to the check of `build.rs`, so the prediction
//! stays correct with Q unchanged, Φ(h) = Φ(h − p), by induction. The bound
//! is the one `grundy octal` proves normal-play periods with.
//!
//! Codes with a constraint (`!`, `?`, `=`) or a repeating tail are computed
//! to `--upto` heaps, never proven.

mod build;
mod check;
mod engine;
mod guess;
pub(crate) mod monoid;

use std::time::{Duration, Instant};

pub use check::{
    check, check_going_on, check_until, check_watched, CheckError, CheckProgress, CheckStage,
    Checked, ResumableChecks, MAX_CHECK_ORDER,
};
pub use engine::{proven, request_settings, tried, why_not, KeptQuotients, QuotientMisere};

use crate::games::octal::OctalCode;
use crate::games::values::Periodicity;
use crate::shared::Cancel;
use build::{Build, Limits, Stop};
use monoid::{Monoid, Table};

/// The version of the quotient document.
pub const FORMAT: u32 = 1;

/// How far a computation may go.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The most heaps (0 … upto − 1) when no period is proven sooner.
    pub upto: u64,
    /// The most elements of a trial monoid.
    pub max_trial: usize,
    /// The most times the checks may apply a heap type to an image, in all.
    pub max_work: u64,
    /// The most sums whose literal misère outcome a candidate guessed from
    /// play may remember (a few dozen bytes each), and then the sums still
    /// being played when it is reached: one for each move deep.
    pub max_oracle: usize,
    /// Stop when this instant passes.
    pub deadline: Option<Instant>,
    /// Stop when this flag is raised.
    pub cancel: Option<Cancel>,
    /// Where the certificate check a proof waits on keeps how far it got
    /// when stopped, and goes on from (none: it reads every heap).
    pub checks: Option<std::sync::Arc<dyn ResumableChecks>>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            upto: 10_000,
            max_trial: 16_384,
            max_oracle: 4_000_000,
            max_work: u64::MAX,
            deadline: None,
            cancel: None,
            checks: None,
        }
    }
}

/// Why a computation ended without a proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unproven {
    /// `upto` heaps were reached.
    Upto,
    /// The code is outside the periodicity argument (a constraint or a
    /// repeating tail): computed to `upto`, never proven.
    NoTheorem,
    /// The deadline passed or the flag was raised.
    Stopped,
    /// A check or trial grew past its limit at the next heap.
    TooLarge {
        /// The trial monoid's size.
        trial: usize,
    },
    /// A candidate read off literal play needed more sums than allowed.
    Played {
        /// The sums remembered.
        sums: usize,
    },
    /// No trial the solver makes fits the next heap: the classes of
    /// smaller heaps would have to split, which its trials cannot do.
    NoTrial {
        /// The largest trial monoid built.
        largest: usize,
    },
    /// The quotient found was refused by the certificate check (which
    /// would be a fault of the solver, reported rather than trusted).
    CheckFailed(String),
}

/// A computed (partial or proven) misère quotient.
#[derive(Clone, Debug)]
pub struct Quotient {
    code: OctalCode,
    table: Table,
    p: Vec<bool>,
    phi: Vec<u32>,
    /// Heaps 0 … heaps − 1 computed (Φ of a proven one read back from its
    /// document lists one period only).
    heaps: u64,
    changes: Vec<(u64, usize, usize)>,
    period: Option<Periodicity>,
    unproven: Option<Unproven>,
    largest_trial: usize,
}

/// Computes the quotient of `code` heap by heap until Φ is proven periodic
/// or `settings` stop it; `progress` hears each heap reached.
pub fn compute(code: &OctalCode, settings: &Settings, progress: &mut dyn FnMut(u64)) -> Quotient {
    run(Build::new(code.clone()), settings, progress, None)
}

/// Partial quotients handed out during a run, to be saved (a checkpoint):
/// `save` hears the quotient so far every `every`, and the run goes on.
pub struct Snapshots<'a> {
    /// How often.
    pub every: Duration,
    /// What hears them.
    pub save: &'a mut dyn FnMut(&Quotient),
}

/// [`compute`] (from `from`, a partial quotient, where given: see
/// [`resume`]), handing the quotient so far to `snapshots` as it goes.
pub fn compute_with(
    code: &OctalCode,
    from: Option<Quotient>,
    settings: &Settings,
    progress: &mut dyn FnMut(u64),
    snapshots: &mut Snapshots<'_>,
) -> Quotient {
    match from {
        Some(from) if from.period.is_some() => from,
        Some(from) => {
            let build = Build::resume(from.code, from.table, from.p, from.phi, from.changes);
            run(build, settings, progress, Some(snapshots))
        }
        None => run(
            Build::new(code.clone()),
            settings,
            progress,
            Some(snapshots),
        ),
    }
}

/// Continues a partial quotient (one read back with
/// [`Quotient::from_document`]) as [`compute`] would have gone on.
pub fn resume(from: Quotient, settings: &Settings, progress: &mut dyn FnMut(u64)) -> Quotient {
    if from.period.is_some() {
        return from;
    }
    let build = Build::resume(from.code, from.table, from.p, from.phi, from.changes);
    run(build, settings, progress, None)
}

fn run(
    mut build: Build,
    settings: &Settings,
    progress: &mut dyn FnMut(u64),
    mut snapshots: Option<&mut Snapshots<'_>>,
) -> Quotient {
    let code = &build.code.clone();
    let limits = Limits {
        trial: settings.max_trial,
        oracle: settings.max_oracle,
        work: settings.max_work,
    };
    let stop = || {
        settings.cancel.as_ref().is_some_and(Cancel::is_cancelled)
            || settings.deadline.is_some_and(|d| Instant::now() >= d)
    };
    let theorem = code.periodicity_applies();
    let mut unproven = None;
    let mut period = None;
    let mut last_snapshot = crate::platform::Stopwatch::start();
    loop {
        let n = build.heaps();
        if let Some(snapshots) = snapshots
            .as_deref_mut()
            .filter(|s| last_snapshot.elapsed() >= s.every)
        {
            (snapshots.save)(&Quotient {
                code: code.clone(),
                table: build.table.clone(),
                p: build.p.clone(),
                phi: build.phi.clone(),
                heaps: build.heaps(),
                changes: build.changes.clone(),
                period: None,
                unproven: Some(Unproven::Stopped),
                largest_trial: build.largest_trial,
            });
            last_snapshot = crate::platform::Stopwatch::start();
        }
        if theorem && (n < 4096 || n.is_multiple_of(1024)) {
            period = code.proven_period(&build.phi);
            if period.is_some() {
                break;
            }
        }
        if build.heaps() >= settings.upto {
            if theorem {
                period = code.proven_period(&build.phi);
                if period.is_some() {
                    break;
                }
            }
            unproven = Some(if theorem {
                Unproven::Upto
            } else {
                Unproven::NoTheorem
            });
            break;
        }
        if stop() {
            unproven = Some(Unproven::Stopped);
            break;
        }
        match build.step(limits, &stop) {
            Ok(()) => progress(build.heaps()),
            Err(Stop::Cancelled) => {
                unproven = Some(Unproven::Stopped);
                break;
            }
            Err(Stop::Played { sums }) => {
                unproven = Some(Unproven::Played { sums });
                break;
            }
            Err(Stop::TooLarge { trial }) => {
                unproven = Some(Unproven::TooLarge { trial });
                break;
            }
            Err(Stop::NoTrial { .. } | Stop::Refuted) => {
                let largest = build.largest_trial;
                unproven = Some(Unproven::NoTrial { largest });
                break;
            }
        }
    }
    let mut q = Quotient {
        code: code.clone(),
        heaps: build.heaps(),
        table: build.table,
        p: build.p,
        phi: build.phi,
        changes: build.changes,
        period,
        unproven,
        largest_trial: build.largest_trial,
    };
    // A proof is only claimed once the certificate check, written apart
    // from the solver, passes too.
    if q.period.is_some() {
        let doc = q.document();
        let checked = match &settings.checks {
            Some(checks) => checks.check_resumably(&doc, &stop),
            None => check_until(&doc, &stop),
        };
        match checked {
            Ok(_) => {}
            Err(CheckError::Stopped) => {
                q.period = None;
                q.unproven = Some(Unproven::Stopped);
            }
            Err(e) => {
                q.period = None;
                q.unproven = Some(Unproven::CheckFailed(e.to_string()));
            }
        }
    }
    q
}

impl Quotient {
    /// The code.
    pub fn code(&self) -> &OctalCode {
        &self.code
    }

    /// Whether it is exact for every sum of the heaps it reached (proven,
    /// or partial): all but a quotient whose periodic claim the
    /// certificate check refused.
    pub fn exact(&self) -> bool {
        !matches!(self.unproven, Some(Unproven::CheckFailed(_)))
    }

    /// The registry's name of its game (`octal:0.77`).
    pub fn game(&self) -> String {
        crate::games::heap::HeapRules::name(&self.code)
    }

    /// |Q|.
    pub fn order(&self) -> usize {
        self.table.order()
    }

    /// |P|.
    pub fn p_size(&self) -> usize {
        self.p.iter().filter(|&&b| b).count()
    }

    /// Heaps 0 … n − 1 computed.
    pub fn heaps(&self) -> u64 {
        self.heaps
    }

    /// The proven period, if any.
    pub fn period(&self) -> Option<Periodicity> {
        self.period
    }

    /// Why there is no proof, if there is none.
    pub fn unproven(&self) -> Option<&Unproven> {
        self.unproven.as_ref()
    }

    /// The largest trial monoid built.
    pub fn largest_trial(&self) -> usize {
        self.largest_trial
    }

    /// The heaps where the partial quotient changed: (heap, |Q_n|, |P_n|).
    pub fn changes(&self) -> &[(u64, usize, usize)] {
        &self.changes
    }

    /// Φ(heap) as an element index of [`document`](Self::document)'s
    /// numbering is `pretending(heap)`; here in the raw numbering, for any
    /// heap when proven (through the period), else for computed heaps.
    fn raw_phi(&self, heap: u64) -> Option<u32> {
        if let Some(&x) = self.phi.get(heap as usize) {
            return Some(x);
        }
        let Periodicity { period, preperiod } = self.period?;
        let (n0, p) = (preperiod as u64, period as u64);
        let h = n0 + (heap - n0) % p;
        self.phi.get(h as usize).copied()
    }

    /// A quotient read back from its document (a checkpoint): the table
    /// rebuilt from the generators' actions, P and Φ as listed. The caller
    /// checks the document first ([`check`]); here only its shape.
    pub fn from_document(doc: &crate::wire::Quotient) -> Result<Quotient, String> {
        let code: OctalCode = doc
            .game
            .strip_prefix("octal:")
            .ok_or("not an octal game")?
            .parse()
            .map_err(|e| format!("{e}"))?;
        let order = doc.elements.len();
        if order == 0 || doc.actions.iter().any(|row| row.len() != order) {
            return Err("the actions do not cover the elements".into());
        }
        let apply = |x: u32, word: &[u32]| -> Option<u32> {
            let mut x = x;
            for (g, &e) in word.iter().enumerate() {
                for _ in 0..e {
                    x = *doc.actions.get(g)?.get(x as usize)?;
                }
            }
            Some(x)
        };
        let mut mul = Vec::with_capacity(order * order);
        for x in 0..order as u32 {
            for w in &doc.elements {
                mul.push(apply(x, w).ok_or("an element's word names no generator")?);
            }
        }
        let mut p = vec![false; order];
        for &x in &doc.p_portion {
            *p.get_mut(x as usize).ok_or("P names no element")? = true;
        }
        if doc.pretending.iter().any(|&x| x as usize >= order) {
            return Err("Φ names no element".into());
        }
        let period = match (doc.proven, doc.period, doc.preperiod) {
            (true, Some(period), Some(preperiod)) => Some(Periodicity {
                period: period as usize,
                preperiod: preperiod as usize,
            }),
            _ => None,
        };
        Ok(Quotient {
            code,
            table: Table::from_products(order, mul),
            p,
            phi: doc.pretending.clone(),
            // A proven document says how far its run went; a partial one
            // lists Φ of every heap it reached.
            heaps: match period {
                Some(_) => doc.heaps.max(doc.pretending.len() as u64),
                None => doc.pretending.len() as u64,
            },
            changes: doc
                .changes
                .iter()
                .map(|c| (c.heap, c.order, c.p_size))
                .collect(),
            period,
            unproven: None,
            largest_trial: order,
        })
    }

    /// Whether the sum of `heaps` is a misère P-position (the player to
    /// move loses), if the quotient covers every heap in it.
    pub fn is_p_position(&self, heaps: &[u64]) -> Option<bool> {
        let mut x = 0;
        for &h in heaps {
            x = self.table.product(x, self.raw_phi(h)?);
        }
        Some(self.p[x as usize])
    }

    /// The generator heaps: each heap, in increasing order, whose image is
    /// not a product of earlier generators' images.
    fn generator_heaps(&self) -> Vec<u64> {
        let mut generators: Vec<u32> = Vec::new();
        let mut heaps = Vec::new();
        let mut span = vec![false; self.order()];
        span[0] = true;
        for (h, &x) in self.phi.iter().enumerate() {
            if span[x as usize] {
                continue;
            }
            generators.push(x);
            heaps.push(h as u64);
            for y in monoid::reachable(&self.table, &generators) {
                span[y as usize] = true;
            }
        }
        heaps
    }

    /// Whether Q is a tame quotient T_k (the quotient of misère Nim on
    /// heaps below 2^k: order 2 for k = 1, 2^k + 2 from k = 2 on), and k.
    /// For k ≥ 2, Q is the disjoint union of {1, a} with a² = 1 and a group
    /// Qz of 2^k elements, each its own inverse, z idempotent, and
    /// P = {a, z}; every such (Q, P) is T_k (send a·z to heap 1's nim
    /// value in a basis of Qz).
    pub fn tame(&self) -> Option<u32> {
        let order = self.order() as u32;
        let t = &self.table;
        // T_1, of heaps 0 and 1: ⟨a | a² = 1⟩ with P = {a}.
        if order == 2 {
            return (t.product(1, 1) == 0 && self.p == [false, true]).then_some(1);
        }
        (1..order).find_map(|z| {
            if t.product(z, z) != z {
                return None;
            }
            let ideal: Vec<bool> = (0..order).map(|x| t.product(x, z) == x).collect();
            let outside: Vec<u32> = (0..order).filter(|&x| !ideal[x as usize]).collect();
            let [one, a] = outside[..] else { return None };
            let size = order - 2;
            let fits = one == 0
                && t.product(a, a) == 0
                && (0..order).all(|x| !ideal[x as usize] || t.product(x, x) == z)
                && (0..order).all(|x| self.p[x as usize] == (x == a || x == z))
                && size.is_power_of_two()
                && size >= 4;
            fits.then(|| size.trailing_zeros())
        })
    }

    /// The quotient as the wire document (elements renumbered by their
    /// least words over the generators, the identity first).
    pub fn document(&self) -> crate::wire::Quotient {
        let gen_heaps = self.generator_heaps();
        let gens: Vec<u32> = gen_heaps.iter().map(|&h| self.phi[h as usize]).collect();
        let names: Vec<String> = (0..gens.len()).map(monoid::generator_name).collect();
        let words = monoid::least_words(&self.table, &gens);
        let mut order: Vec<u32> = (0..self.order() as u32).collect();
        order.sort_by(|&x, &y| {
            let (a, b) = (&words[x as usize], &words[y as usize]);
            match (a, b) {
                (Some(a), Some(b)) if monoid::word_before(a, b) => std::cmp::Ordering::Less,
                (Some(a), Some(b)) if monoid::word_before(b, a) => std::cmp::Ordering::Greater,
                _ => x.cmp(&y),
            }
        });
        let mut index = vec![0u32; self.order()];
        for (i, &x) in order.iter().enumerate() {
            index[x as usize] = i as u32;
        }
        let relations = monoid::relations(&self.table, &gens, &words)
            .into_iter()
            .map(|(left, right)| crate::wire::QuotientRelation {
                text: format!(
                    "{} = {}",
                    monoid::write_word(&left, &names),
                    monoid::write_word(&right, &names)
                ),
                left,
                right,
            })
            .collect();
        let shown = match self.period {
            Some(Periodicity { period, preperiod }) => (preperiod + period).min(self.phi.len()),
            None => self.phi.len(),
        };
        crate::wire::Quotient {
            format: FORMAT,
            game: format!("octal:{}", self.code),
            heaps: self.heaps(),
            order: self.order(),
            p_size: self.p_size(),
            proven: self.period.is_some(),
            period: self.period.map(|p| p.period as u64),
            preperiod: self.period.map(|p| p.preperiod as u64),
            last_rogue: self.changes.last().map(|c| c.0),
            tame: self.tame(),
            unproven: self.unproven.as_ref().map(describe),
            changes: self
                .changes
                .iter()
                .map(|&(heap, order, p_size)| crate::wire::QuotientChange {
                    heap,
                    order,
                    p_size,
                })
                .collect(),
            generators: gen_heaps
                .iter()
                .zip(&names)
                .map(|(&heap, name)| crate::wire::QuotientGenerator {
                    name: name.clone(),
                    heap,
                })
                .collect(),
            relations,
            elements: order
                .iter()
                .map(|&x| words[x as usize].clone().unwrap_or_default())
                .collect(),
            actions: gens
                .iter()
                .map(|&g| {
                    order
                        .iter()
                        .map(|&x| index[self.table.product(x, g) as usize])
                        .collect()
                })
                .collect(),
            p_portion: order
                .iter()
                .enumerate()
                .filter(|&(_, &x)| self.p[x as usize])
                .map(|(i, _)| i as u32)
                .collect(),
            pretending: self.phi[..shown]
                .iter()
                .map(|&x| index[x as usize])
                .collect(),
        }
    }
}

/// A word of generators written out: `ab²` (`1` for the empty word).
pub fn write_word(word: &[u32], names: &[String]) -> String {
    monoid::write_word(word, names)
}

/// Words for why a quotient is not proven.
pub fn describe(unproven: &Unproven) -> String {
    match unproven {
        Unproven::Upto => "the heap limit (--upto) was reached before a period was proven".into(),
        Unproven::NoTheorem => {
            "the code has a constraint or a repeating tail, where the periodicity argument does not hold: \
             partial to the heap limit"
                .into()
        }
        Unproven::Stopped => "stopped, by the time limit or a request to stop, before a period was proven".into(),
        Unproven::TooLarge { trial } => format!(
            "the next heap needs a check larger than the limits (over a quotient of {trial} elements)"
        ),
        Unproven::Played { sums } => format!(
            "no trial fits the next heap, and a candidate read off play needs more than {} sums played by the letter",
            crate::notation::with_commas(*sums as u128)
        ),
        Unproven::CheckFailed(why) => {
            format!("the periodic quotient found was refused by the certificate check: {why}")
        }
        Unproven::NoTrial { largest } => format!(
            "no trial quotient fits the next heap (largest tried: {largest} elements): \
             the classes of smaller heaps would have to split"
        ),
    }
}

#[cfg(test)]
mod tests;
