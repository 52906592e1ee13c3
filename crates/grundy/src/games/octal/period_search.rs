//! Finding and proving a period while the values stream by, for runs that
//! keep only a window of them (see [`super::run`]).
//!
//! [`super::period::proven_period`] needs every value. Here the values are
//! fed one at a time, older ones are read back only where the run still
//! keeps them (the windowed store's prefix, window, ring and early values),
//! and the search holds a few MiB of its own:
//!
//! - **Proposals.** A hash of the latest [`BLOCK`] values is looked up in
//!   three small tables, each remembering where it last saw a block: every
//!   block in the first, one in 64 in the second, one in 4096 in the third
//!   (chosen by the hash, so a block is sampled wherever it occurs). Once a
//!   sequence repeats with period p from n0 on, every block from n0 + p on
//!   was seen p heaps earlier, and a table that kept it proposes p. The
//!   tables overwrite old entries; with p / (sampling · slots) ≤ 1 about
//!   a third of the samples survive a period, so the first table proposes
//!   periods up to about 2^12, the second up to 2^22 and the third up to
//!   2^28.
//! - **Candidates.** A proposed p becomes a candidate with its exact start:
//!   from the latest value back, G(i) and G(i + p) are compared until they
//!   differ (n0 = i + 1) or G(0) is passed (n0 = 0). If a value on the way
//!   is not kept, the start is unknown and the candidate is never proven
//!   (its preperiod could not be told). From then on every value G(n) is
//!   compared with G(n − p): a candidate that differs once is dropped (it
//!   is proposed again, with its new start, if it repeats after all).
//! - **Proof.** The periodicity theorem holds for p once
//!   `N ≥ 2·max(n0, 1) + 2·p + t` values are fed (`3·max(n0, 1) + 3·p + t`
//!   for a code that splits a heap into three; [`Bound`]): every G(i + p) = G(i)
//!   from n0 on has been compared. The least period P divides p and has
//!   the same preperiod (the values from n0 on repeat with P, and the
//!   last heap where p fails is one where P fails); it is found on the
//!   last p values, which repeat cyclically: p is divided by each of its
//!   prime factors while the rotation by the quotient leaves them equal.
//!
//! A value is read back at most p heaps behind the latest: a run finds the
//! periods its kept values span (the windowed store's ring: 2^26 values).

use super::period::{Bound, Periodicity};

/// How many values a proposing block holds.
pub const BLOCK: usize = 32;
/// The most candidates checked at once.
pub const CANDIDATES: usize = 16;
/// Each table: how rarely it samples a block (a mask on the hash) and
/// its slots (log2).
const LEVELS: [(u64, u32); 3] = [(0, 12), ((1 << 6) - 1, 16), ((1 << 12) - 1, 16)];
/// The hash's multiplier (odd).
const K: u64 = 0x9e37_79b9_7f4a_7c15;

/// A period being checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The period.
    pub period: u64,
    /// One past the last heap i with G(i + period) ≠ G(i) (0: none), or
    /// `None` when a value needed to tell was no longer kept.
    pub start: Option<u64>,
}

impl Candidate {
    /// How many values prove this candidate, if it goes on repeating
    /// (`None`: never, its start being unknown).
    pub fn proven_at(&self, bound: Bound) -> Option<u64> {
        Some(bound.values_needed(self.start?, self.period))
    }
}

/// The search's state (see the module's documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodSearch {
    /// The code's longest take and most parts, which say how many values
    /// prove a period.
    pub(super) bound: Bound,
    /// The first heap fed.
    pub(super) first: u64,
    /// Heaps fed: G(first), …, G(fed − 1).
    pub(super) fed: u64,
    /// The hash of the latest [`BLOCK`] values fed.
    pub(super) hash: u64,
    /// The latest [`BLOCK`] values, G(n) at `n % BLOCK`.
    pub(super) recent: [u32; BLOCK],
    /// Per level of [`LEVELS`]: (hash, heaps fed when the block ended),
    /// 0 heaps for an empty slot.
    pub(super) tables: Vec<Vec<(u64, u64)>>,
    pub(super) candidates: Vec<Candidate>,
}

/// K^BLOCK: what the value leaving the block weighs.
fn k_block() -> u64 {
    (0..BLOCK).fold(1u64, |x, _| x.wrapping_mul(K))
}

/// Spreads the hash's bits (splitmix64's finaliser).
fn mix(h: u64) -> u64 {
    let h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

impl PeriodSearch {
    /// The bytes the proposal tables take.
    pub const BYTES: u64 = 16 * ((1 << 12) + (1 << 16) + (1 << 16));

    /// A search fed from heap `first` on, for a code of this bound.
    pub fn new(bound: Bound, first: u64) -> Self {
        PeriodSearch {
            bound,
            first,
            fed: first,
            hash: 0,
            recent: [0; BLOCK],
            tables: LEVELS
                .iter()
                .map(|&(_, bits)| vec![(0, 0); 1 << bits])
                .collect(),
            candidates: Vec::new(),
        }
    }

    /// Heaps fed so far (the next heap to feed).
    pub fn fed(&self) -> u64 {
        self.fed
    }

    /// The candidates being checked.
    pub fn candidates(&self) -> &[Candidate] {
        &self.candidates
    }

    /// Feeds G(fed), …, G(`upto` − 1), reading every value through `get`
    /// (`None` for a value no longer kept; the values fed must be kept).
    /// Returns the least period and its preperiod as soon as one is
    /// proven; the search then stops there ([`PeriodSearch::fed`]).
    pub fn feed(&mut self, upto: u64, get: &dyn Fn(u64) -> Option<u32>) -> Option<Periodicity> {
        let k_block = k_block();
        while self.fed < upto {
            let n = self.fed;
            let Some(v) = get(n) else {
                // The caller fed a value it no longer keeps: start again
                // after it.
                self.candidates.clear();
                self.fed = n + 1;
                self.first = self.fed;
                self.hash = 0;
                continue;
            };
            self.candidates.retain(|c| get(n - c.period) == Some(v));
            self.fed = n + 1;
            let slot = n as usize % BLOCK;
            let leaving = std::mem::replace(&mut self.recent[slot], v);
            self.hash = self.hash.wrapping_mul(K).wrapping_add(u64::from(v) + 1);
            if n - self.first >= BLOCK as u64 {
                self.hash = self
                    .hash
                    .wrapping_sub((u64::from(leaving) + 1).wrapping_mul(k_block));
            }
            if self.fed - self.first >= BLOCK as u64 {
                self.look_up(get);
            }
            if let Some(found) = self.proven(get) {
                return Some(found);
            }
        }
        None
    }

    /// Looks the latest block up in each table that samples it, proposing
    /// the distance to where a table saw it last.
    fn look_up(&mut self, get: &dyn Fn(u64) -> Option<u32>) {
        let mixed = mix(self.hash);
        for (level, &(sample, bits)) in LEVELS.iter().enumerate() {
            if mixed & sample != 0 {
                continue;
            }
            let at = (mixed >> (64 - bits)) as usize;
            let (hash, seen) = self.tables[level][at];
            self.tables[level][at] = (self.hash, self.fed);
            if seen != 0 && hash == self.hash {
                self.propose(self.fed - seen, get);
            }
        }
    }

    /// Checks `period` as a candidate, with its start (see the module's
    /// documentation).
    pub fn propose(&mut self, period: u64, get: &dyn Fn(u64) -> Option<u32>) {
        if period == 0 || period >= self.fed || self.candidates.iter().any(|c| c.period == period) {
            return;
        }
        let mut i = self.fed - period;
        let start = loop {
            if i == 0 {
                break Some(0);
            }
            i -= 1;
            match (get(i), get(i + period)) {
                (Some(a), Some(b)) if a == b => {}
                (Some(_), Some(_)) => break Some(i + 1),
                _ => break None,
            }
        };
        self.candidates.push(Candidate { period, start });
        if self.candidates.len() > CANDIDATES {
            // Drop the one furthest from a proof.
            let bound = self.bound;
            let worst = (0..self.candidates.len())
                .max_by_key(|&k| self.candidates[k].proven_at(bound).unwrap_or(u64::MAX))
                .unwrap_or(0);
            self.candidates.swap_remove(worst);
        }
    }

    /// The least period and its preperiod, if a candidate is proven now.
    fn proven(&self, get: &dyn Fn(u64) -> Option<u32>) -> Option<Periodicity> {
        let c = self
            .candidates
            .iter()
            .filter(|c| c.proven_at(self.bound).is_some_and(|at| at <= self.fed))
            .min_by_key(|c| c.period)?;
        let preperiod = c.start?;
        let period = self.least_rotation(c.period, get);
        Some(Periodicity {
            period: period as usize,
            preperiod: preperiod as usize,
        })
    }

    /// The least period of the last `period` values fed, read as a cyclic
    /// word: `period` divided by each prime factor while the rotation by
    /// the quotient leaves the word as it is.
    fn least_rotation(&self, period: u64, get: &dyn Fn(u64) -> Option<u32>) -> u64 {
        let first = self.fed - period;
        let same = |shift: u64| {
            (0..period).all(|k| {
                let other = first + (k + shift) % period;
                let (a, b) = (get(first + k), get(other));
                a.is_some() && a == b
            })
        };
        let mut least = period;
        let mut rest = period;
        while rest > 1 {
            // The smallest prime factor left (at most 2^26 steps, once a
            // proof).
            let q = (2..=rest).find(|q| rest.is_multiple_of(*q)).unwrap_or(rest);
            rest /= q;
            if same(least / q) {
                least /= q;
            }
        }
        least
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::period::proven_period;
    use proptest::prelude::*;

    /// Feeds `values` to a search from heap 0 in steps of `step`, reading
    /// back through a window of the last `window` values before each
    /// step's end: where it proved a period, and what.
    fn search(values: &[u32], t: u64, step: usize, window: usize) -> Option<(u64, Periodicity)> {
        let mut s = PeriodSearch::new(Bound::two_heaps(t), 0);
        let mut end = 0;
        while end < values.len() {
            end = (end + step).min(values.len());
            let get = |i: u64| {
                let i = i as usize;
                (i < end && end - i <= window).then(|| values[i])
            };
            if let Some(found) = s.feed(end as u64, &get) {
                return Some((s.fed(), found));
            }
        }
        None
    }

    /// Values that look random (a linear congruential generator's high
    /// bits), below `range`.
    fn noise(seed: u64, count: usize, range: u32) -> Vec<u32> {
        let mut x = seed;
        (0..count)
            .map(|_| {
                x = x
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                ((x >> 33) % u64::from(range)) as u32
            })
            .collect()
    }

    /// A prefix, a word repeated long enough for a proof, and maybe one
    /// value changed.
    fn sequences() -> impl Strategy<Value = (Vec<u32>, u64, bool)> {
        (
            prop::collection::vec(0u32..4, 0..60),
            prop::collection::vec(0u32..4, 1..24),
            0u64..4,
            prop::option::of((0usize..400, 0u32..4)),
        )
            .prop_map(|(prefix, word, t, change)| {
                let mut values = prefix.clone();
                let length = 3 * prefix.len() + 3 * word.len() + 2 * BLOCK + 8;
                while values.len() < length {
                    values.extend_from_slice(&word);
                }
                let changed = change.is_some_and(|(at, v)| at < values.len() && values[at] != v);
                if let Some((at, v)) = change.filter(|_| changed) {
                    values[at] = v;
                }
                (values, t, changed)
            })
    }

    proptest! {
        /// Where the search proves a period, the full array's check at
        /// that length proves the same; an unchanged repetition is always
        /// proven, whatever the steps it is fed in.
        #[test]
        fn the_search_proves_what_the_full_array_proves(
            (values, t, changed) in sequences(),
            step in 1usize..100,
        ) {
            let found = search(&values, t, step, usize::MAX);
            if let Some((at, periodicity)) = found {
                prop_assert_eq!(Some(periodicity), proven_period(&values[..at as usize], t as usize));
            } else {
                prop_assert!(changed, "nothing found");
            }
            // Through a window of 64 values: the same or nothing.
            if let Some((at, periodicity)) = search(&values, t, step.min(32), 64) {
                prop_assert_eq!(Some(periodicity), proven_period(&values[..at as usize], t as usize));
            }
        }
    }

    #[test]
    fn a_period_is_proven_with_its_exact_preperiod() {
        // Noise, then 0..7 repeated from heap 300 (n0 = 300 but for the
        // noise's last values that happen to continue the pattern).
        let mut values = noise(7, 300, 9);
        values.extend((0..2000).map(|i| i % 7));
        let expected = proven_period(&values, 2).unwrap();
        assert_eq!(expected.period, 7);
        assert!(expected.preperiod <= 300);
        let (at, found) = search(&values, 2, 1, usize::MAX).unwrap();
        assert_eq!(found, expected);
        // Proven as soon as the theorem allows, the block having been
        // seen a period earlier long before.
        assert_eq!(at as usize, 2 * expected.preperiod + 2 * 7 + 2);
        assert_eq!(proven_period(&values[..at as usize - 1], 2), None);
    }

    #[test]
    fn a_candidate_that_fails_late_is_dropped_and_not_reported() {
        // Noise, 0..7 repeated for 300 values, noise again: 7 is proposed
        // once the block repeats and dropped where the noise resumes,
        // long before its proof (which needs 2·500 + 14 + t values).
        let mut values = noise(11, 500, 9);
        values.extend((0..300).map(|i| i % 7));
        values.extend(noise(13, 3000, 9));
        let mut s = PeriodSearch::new(Bound::two_heaps(1), 0);
        let get = |i: u64| values.get(i as usize).copied();
        assert_eq!(s.feed(790, &get), None);
        assert!(
            s.candidates().iter().any(|c| c.period == 7),
            "{:?}",
            s.candidates()
        );
        assert_eq!(s.feed(values.len() as u64, &get), None);
        assert!(s.candidates().iter().all(|c| c.period != 7));
        assert_eq!(proven_period(&values, 1), None);
    }

    #[test]
    fn a_start_beyond_what_is_kept_is_never_proven() {
        // Noise, then a word of 50 repeated: proposed near heap 182, when
        // a window of 60 values no longer reaches where it began.
        let mut values = noise(5, 100, 9);
        let word = noise(17, 50, 9);
        for _ in 0..60 {
            values.extend_from_slice(&word);
        }
        assert!(proven_period(&values, 1).is_some());
        let mut s = PeriodSearch::new(Bound::two_heaps(1), 0);
        for end in 1..=values.len() {
            let get = |i: u64| {
                let i = i as usize;
                (i < end && i + 60 >= end).then(|| values[i])
            };
            assert_eq!(s.feed(end as u64, &get), None);
        }
        assert!(s.candidates().contains(&Candidate {
            period: 50,
            start: None
        }));
        // With the whole sequence kept, the same values prove it.
        assert!(search(&values, 1, 1, usize::MAX).is_some());
    }

    #[test]
    fn the_least_period_divides_a_proposed_multiple() {
        // 0 0 1 repeated (least period 3), with noise before: proposing
        // 6, 12 or 30 still gives 3; a word of 12 with period 4 inside
        // gives 4; 2 · 3 · 5 with least 10 tries each prime.
        for (word, proposed, least) in [
            (vec![0, 0, 1], 6, 3),
            (vec![0, 0, 1], 12, 3),
            (vec![0, 0, 1], 30, 3),
            (vec![0, 1, 2, 3], 12, 4),
            (vec![0, 1, 2, 3], 8, 4),
            (noise(3, 10, 5), 30, 10),
            (noise(3, 10, 5), 20, 10),
            (noise(3, 7, 5), 49, 7),
            (noise(3, 6, 5), 6, 6),
        ] {
            let mut values = noise(1, 40, 9);
            values.extend(word.iter().cycle().take(400));
            let get = |i: u64| values.get(i as usize).copied();
            let mut s = PeriodSearch::new(Bound::two_heaps(0), 0);
            s.fed = values.len() as u64;
            assert_eq!(
                s.least_rotation(proposed, &get),
                least,
                "{word:?} {proposed}"
            );
            // As a candidate proven at once, with the multiple's start.
            s.propose(proposed, &get);
            let found = s.proven(&get).expect("proven");
            assert_eq!(found.period, least as usize);
            assert_eq!(Some(found), proven_period(&values, 0));
        }
    }

    #[test]
    fn the_candidate_furthest_from_a_proof_makes_room() {
        let values = [0u32; 200];
        let get = |i: u64| values.get(i as usize).copied();
        let mut s = PeriodSearch::new(Bound::two_heaps(0), 0);
        s.fed = 200;
        for p in 1..=CANDIDATES as u64 {
            s.propose(p, &get);
        }
        assert_eq!(s.candidates().len(), CANDIDATES);
        // Proposing one again changes nothing; one more drops 17, the
        // furthest from a proof.
        s.propose(3, &get);
        let periods: Vec<u64> = s.candidates().iter().map(|c| c.period).collect();
        assert_eq!(periods, (1..=CANDIDATES as u64).collect::<Vec<_>>());
        s.propose(17, &get);
        assert!(s.candidates().iter().all(|c| c.period <= 16));
        // An unknown start is further than any.
        s.candidates[4].start = None;
        s.propose(17, &get);
        assert!(s.candidates().iter().any(|c| c.period == 17));
        assert!(s.candidates().iter().all(|c| c.start.is_some()));
        // No period of 0, nor one reaching before G(0).
        s.propose(0, &get);
        s.propose(200, &get);
        assert!(s.candidates().iter().all(|c| (1..200).contains(&c.period)));
    }

    #[test]
    fn a_candidate_is_checked_against_the_value_a_period_back() {
        // Noise, then G(n) = G(n − 10) from heap 40 to 79, and not at 80.
        // Fed from heap 60, the search has hashed too few values to
        // propose anything itself.
        let mut values = noise(21, 100, 9);
        for n in 40..80 {
            values[n] = values[n - 10];
        }
        values[80] = (values[70] + 1) % 9;
        // (t = 10: a proof would need 2·30 + 2·10 + 10 values.)
        let mut s = PeriodSearch::new(Bound::two_heaps(10), 60);
        let values = &values;
        let upto_fed = |end: usize| move |i: u64| (i < end as u64).then(|| values[i as usize]);
        s.fed = 70;
        s.propose(10, &upto_fed(70));
        assert_eq!(
            s.candidates(),
            [Candidate {
                period: 10,
                start: Some(30)
            }]
        );
        assert_eq!(s.feed(80, &upto_fed(80)), None);
        assert_eq!(s.candidates().len(), 1, "G(70 … 79) repeat G(60 … 69)");
        assert_eq!(s.feed(81, &upto_fed(81)), None);
        assert!(s.candidates().is_empty(), "G(80) ≠ G(70)");
    }

    #[test]
    fn noise_proposes_nothing() {
        // Values 0 … 8 at random: no block of 32 comes twice.
        let values = noise(23, 20_000, 9);
        let get = |i: u64| values.get(i as usize).copied();
        let mut s = PeriodSearch::new(Bound::two_heaps(1), 0);
        for end in (100..=20_000).step_by(100) {
            assert_eq!(s.feed(end, &get), None);
            assert!(s.candidates().is_empty(), "at {end}: {:?}", s.candidates());
        }
    }

    /// Heap i's value in a sequence of noise (0 … 8) that repeats with
    /// period `p` from heap `n0` on, computed, not stored.
    fn repeating(n0: u64, p: u64) -> impl Fn(u64) -> Option<u32> {
        move |i: u64| {
            let at = if i < n0 { i } else { n0 + (i - n0) % p };
            Some((mix(at ^ 0x5555) % 9) as u32)
        }
    }

    /// Feeds the sequence `repeating(n0, p)` up to where it begins to
    /// repeat, then value by value: how many values later p is proposed,
    /// with its start n0 (at most `within`).
    fn proposed_after(n0: u64, p: u64, within: u64) -> Option<u64> {
        let get = repeating(n0, p);
        let mut s = PeriodSearch::new(Bound::two_heaps(1), 0);
        assert_eq!(s.feed(n0 + p, &get), None);
        assert!(s.candidates().is_empty());
        (1..=within).find(|&k| {
            assert_eq!(s.feed(n0 + p + k, &get), None);
            s.candidates().contains(&Candidate {
                period: p,
                start: Some(n0),
            })
        })
    }

    #[test]
    fn each_table_proposes_the_periods_it_is_made_for() {
        // The first table (every block): a block after the first full
        // one. The second (one block in 64) and the third (one in 4,096)
        // within a few samples, where the others would have lost the
        // block (2^20 blocks between the two in the first table's 4,096
        // slots; 2^20 in the second's 65,536 for 2^26).
        assert_eq!(proposed_after(100, 1_000, 1_000), Some(BLOCK as u64));
        assert!(proposed_after(100, 1 << 20, 1_000).is_some());
        assert!(proposed_after(100, (1 << 26) + 1, 50_000).is_some());
    }

    #[test]
    fn a_value_fed_but_no_longer_kept_starts_the_search_again() {
        // 0..5 repeated from heap 20: a candidate by heap 60, its proof
        // at 2·20 + 10 + 20.
        let mut values = noise(9, 20, 9);
        values.extend((0..80).map(|i| i % 5));
        let mut s = PeriodSearch::new(Bound::two_heaps(20), 0);
        let all = |i: u64| values.get(i as usize).copied();
        assert_eq!(s.feed(60, &all), None);
        assert!(!s.candidates().is_empty());
        let gone = |i: u64| (i >= 61).then(|| values.get(i as usize).copied()).flatten();
        assert_eq!(s.feed(62, &gone), None);
        assert_eq!((s.first, s.fed()), (61, 62));
        assert!(s.candidates().is_empty());
        // From there on blocks are hashed afresh: the first full one
        // ends at 93, its repeat 5 later proposes 5, whose start (heap 20)
        // is read back through what is kept, and proves it at once.
        assert_eq!(
            s.feed(100, &all),
            Some(Periodicity {
                period: 5,
                preperiod: 20
            })
        );
        assert_eq!(s.fed(), 61 + BLOCK as u64 + 5);
    }
}
