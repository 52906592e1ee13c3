//! The values of a heap game's heaps, G(0), G(1), …, as far as computed and
//! past that through a proven period: what every heap game's engine reads
//! and the octal engine writes.

use crate::nimber::Nimber;

/// A proven period: `G(n + period) = G(n)` for every `n ≥ preperiod`, and
/// neither can be smaller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// The least period.
    pub period: usize,
    /// The least `n0` from which the sequence repeats with that period.
    pub preperiod: usize,
}

/// The values computed, and the period if one was proven.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sequence {
    /// G(0), G(1), … as far as computed.
    pub values: Vec<u32>,
    /// The proven period, if any.
    pub periodicity: Option<Periodicity>,
}

impl Sequence {
    /// G(n), from the values or, past them, from the period.
    pub fn value(&self, n: u64) -> Option<Nimber> {
        let n = usize::try_from(n).ok()?;
        if let Some(v) = self.values.get(n) {
            return Some(Nimber::from(*v));
        }
        let Periodicity { period, preperiod } = self.periodicity?;
        let folded = preperiod + (n - preperiod) % period;
        self.values.get(folded).map(|v| Nimber::from(*v))
    }
}
