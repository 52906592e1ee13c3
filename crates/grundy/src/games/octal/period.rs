//! The periodicity theorem for take-and-break games, as a check on a
//! computed sequence.
//!
//! For a code whose last digit is `dt`: if `G(n + p) = G(n)` for every n with
//! `n0 ≤ n < 2·n0 + p + t` and `n0 ≥ 1`, then `G(n + p) = G(n)` for every
//! `n ≥ n0` (Guy and Smith 1956; Berlekamp, Conway and Guy, *Winning Ways*,
//! ch. 4). Heaps of size 0 are excluded: they never appear as parts of a
//! split, which the proof needs.

pub use crate::games::values::Periodicity;

/// The period and preperiod of `values`, if the periodicity theorem proves
/// one (`t`: the most tokens a move takes).
pub fn proven_period(values: &[u32], t: usize) -> Option<Periodicity> {
    let n = values.len();
    if n < 3 {
        return None;
    }
    // prefix[i]: the longest proper border of the reversed sequence's first
    // i + 1 values, so suffix values[n - L..] has least period L - prefix[L - 1].
    // (indices as u32: sequences are capped far below 2^32 values).
    let at = |i: usize| values[n - 1 - i];
    let mut prefix = vec![0u32; n];
    for i in 1..n {
        let mut k = prefix[i - 1] as usize;
        while k > 0 && at(i) != at(k) {
            k = prefix[k - 1] as usize;
        }
        if at(i) == at(k) {
            k += 1;
        }
        prefix[i] = k as u32;
    }
    let mut proven: Option<(usize, usize)> = None;
    for n0 in 1..n {
        let length = n - n0;
        let p = length - prefix[length - 1] as usize;
        if n >= 2 * n0 + 2 * p + t && proven.is_none_or(|(best, _)| p < best) {
            proven = Some((p, n0));
        }
        if 2 * n0 + t > n {
            break;
        }
    }
    let (p, n0) = proven?;
    // The least period divides p; a window of p values in the periodic part
    // decides each divisor.
    let period = (1..=p)
        .filter(|q| p % q == 0)
        .find(|&q| (n - p - q..n - q).all(|i| i >= n0 && values[i + q] == values[i]))
        .unwrap_or(p);
    let preperiod = (0..n - period)
        .rev()
        .find(|&i| values[i + period] != values[i])
        .map_or(0, |i| i + 1);
    Some(Periodicity { period, preperiod })
}
