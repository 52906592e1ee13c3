//! The splits of a heap into three parts, grouped by what a periodic
//! sequence says of each part, each group counted in a few steps.
//!
//! Let a sequence (a game's values, or the pretending function of its
//! misère quotient) have period p from n0, and let L = max(n0, 1). A part x
//! has *class* x itself below L and L + (x − L) mod p from L on: parts of
//! one class have the same entry. A split a + b + c = s (1 ≤ a ≤ b ≤ c) is
//! in the class (class a, class b), which also fixes class c: c = s − a − b
//! is exact where a and b are, and otherwise c ≥ b ≥ L and c ≡ s − a − b
//! (mod p). So every split of a class leaves the same entries.
//!
//! The classes and their sizes, by the number of parts below L:
//! - a ≤ b < L: one split each (c = s − a − b, exact or not);
//! - a < L ≤ b: for each residue of b, the b of that residue in
//!   [L, (s − a)/2], an arithmetic progression;
//! - L ≤ a: for a = a₀ + p·i (a₀ in [L, L + p)) and b = a + d + p·j
//!   (d in [0, p)), the split holds when 2b ≤ s − a, that is j ≤ (E −
//!   3p·i)/(2p) with E = s − 3a₀ − 2d; so the class holds, summed over
//!   0 ≤ i ≤ ⌊E/(3p)⌋, ⌊(E − 3p·i)/(2p)⌋ + 1 splits for each i, a sum in
//!   closed form ([`progression_count`]).
//!
//! That is at most L² + L·p + p² classes for any s up to 2^64 − 1, where
//! the splits number some s²/12.

use std::ops::ControlFlow;

/// One class of splits a + b + c of a heap into three parts: its least
/// split (least a, then least b) and how many splits it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitClass {
    /// The class's least split, a ≤ b ≤ c.
    pub parts: [u64; 3],
    /// How many splits the class holds (at least one).
    pub count: u128,
}

/// Calls `visit` with every class of the splits of `s` into three parts
/// (1 ≤ a ≤ b ≤ c), for a sequence of period `p` (at least 1) from `n0`,
/// in increasing order of their least splits' (a, b). Stops at `visit`'s
/// break.
pub fn three_part_classes(
    s: u64,
    n0: u64,
    p: u64,
    visit: &mut dyn FnMut(SplitClass) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let p = p.max(1);
    let l = n0.max(1);
    let third = s / 3;
    // The smallest part below L, exactly.
    for a in 1..=third.min(l - 1) {
        let rest = s - a;
        let half = rest / 2;
        for b in a..=half.min(l - 1) {
            visit(SplitClass {
                parts: [a, b, rest - b],
                count: 1,
            })?;
        }
        // The middle part from L on, by its residue.
        for b in (l..l.saturating_add(p)).take_while(|&b| b <= half) {
            visit(SplitClass {
                parts: [a, b, rest - b],
                count: u128::from((half - b) / p + 1),
            })?;
        }
    }
    // Every part from L on, by the residues of a and of b − a.
    for a in (l..l.saturating_add(p)).take_while(|&a| a <= third) {
        for d in 0..p {
            let Some(e) = s.checked_sub(3 * a).and_then(|r| r.checked_sub(2 * d)) else {
                break;
            };
            visit(SplitClass {
                parts: [a, a + d, s - 2 * a - d],
                count: progression_count(e, p),
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// Σ (⌊(e − 3p·i)/(2p)⌋ + 1) over 0 ≤ i ≤ I = ⌊e/(3p)⌋: the splits of a
/// class whose parts are all past the preperiod (module docs). Taken from
/// the last term back, with f = e − 3p·I in [0, 3p), the terms are ⌊(f +
/// 3p·k)/(2p)⌋ + 1 for k = 0 … I: 3m + ⌊f/(2p)⌋ + 1 for k = 2m, and 3m +
/// ⌊(f + 3p)/(2p)⌋ + 1 for k = 2m + 1.
fn progression_count(e: u64, p: u64) -> u128 {
    let (e, p) = (u128::from(e), u128::from(p));
    let last = e / (3 * p);
    let f = e - 3 * p * last;
    let evens = last / 2 + 1;
    let odds = last.div_ceil(2);
    let triangle = |n: u128| 3 * (n * n.saturating_sub(1) / 2);
    triangle(evens)
        + evens * (f / (2 * p))
        + triangle(odds)
        + odds * ((f + 3 * p) / (2 * p))
        + last
        + 1
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    /// The class of part `x` (module docs), written apart from the code.
    fn class(x: u64, n0: u64, p: u64) -> u64 {
        let l = n0.max(1);
        if x < l {
            x
        } else {
            l + (x - l) % p
        }
    }

    /// Every split of `s`, one by one, grouped by the classes of its three
    /// parts: the least split of each group, and its size.
    fn by_hand(s: u64, n0: u64, p: u64) -> BTreeMap<[u64; 3], ([u64; 3], u128)> {
        let mut groups: BTreeMap<[u64; 3], ([u64; 3], u128)> = BTreeMap::new();
        for a in 1..=s {
            for b in a..=s {
                if a + b > s || s - a - b < b {
                    continue;
                }
                let c = s - a - b;
                let key = [class(a, n0, p), class(b, n0, p), class(c, n0, p)];
                groups.entry(key).or_insert(([a, b, c], 0)).1 += 1;
            }
        }
        groups
    }

    fn classes(s: u64, n0: u64, p: u64) -> Vec<SplitClass> {
        let mut seen = Vec::new();
        let _ = three_part_classes(s, n0, p, &mut |class| {
            seen.push(class);
            ControlFlow::Continue(())
        });
        seen
    }

    #[test]
    fn each_class_is_the_splits_whose_parts_have_its_classes() {
        for n0 in 0..7 {
            for p in 1..7 {
                for s in 0..90 {
                    let seen = classes(s, n0, p);
                    // In increasing order of (a, b), each class once.
                    assert!(
                        seen.windows(2).all(|w| w[0].parts[..2] < w[1].parts[..2]),
                        "s {s}, n0 {n0}, p {p}: {seen:?}"
                    );
                    let mut got = BTreeMap::new();
                    for c in &seen {
                        let [a, b, cc] = c.parts;
                        assert!(1 <= a && a <= b && b <= cc && a + b + cc == s, "{c:?}");
                        let key = [class(a, n0, p), class(b, n0, p), class(cc, n0, p)];
                        assert!(got.insert(key, (c.parts, c.count)).is_none(), "{key:?}");
                    }
                    assert_eq!(got, by_hand(s, n0, p), "s {s}, n0 {n0}, p {p}");
                }
            }
        }
    }

    /// A heap of s splits into three positive parts in round(s²/12) ways
    /// (partitions into exactly three parts, OEIS A069905 shifted: the
    /// nearest integer to s²/12); the classes add up to it at any size.
    #[test]
    fn the_classes_hold_every_split_at_any_size() {
        let sizes = [
            1_000_000_007u64,
            1 << 40,
            (1 << 62) + 5,
            u64::MAX,
            u64::MAX - 1,
            u64::MAX - 2,
        ];
        for s in sizes {
            for (n0, p) in [(0, 1), (0, 2), (3, 2), (54, 34), (1, 4), (71, 12)] {
                let mut total = 0u128;
                let _ = three_part_classes(s, n0, p, &mut |class| {
                    total += class.count;
                    ControlFlow::Continue(())
                });
                let s = u128::from(s);
                assert_eq!(total, (s * s + 6) / 12, "s {s}, n0 {n0}, p {p}");
            }
        }
    }

    #[test]
    fn a_break_stops_the_walk() {
        let mut seen = 0;
        let flow = three_part_classes(1000, 5, 3, &mut |_| {
            seen += 1;
            if seen == 4 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert!(flow.is_break());
        assert_eq!(seen, 4);
    }
}
