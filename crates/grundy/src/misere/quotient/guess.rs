//! A candidate quotient read off literal misère play of small sums, for
//! the heaps where the trials of `build.rs` cannot split the classes of
//! smaller heaps. Sums are told apart by their outcomes beside every sum
//! of at most `b` tokens; classes so found, multiplied by the heaps, give
//! a table. Nothing here is trusted: the candidate is reduced and checked
//! by the same exact search as every other.

use std::collections::HashMap;

use super::build::{Guess, Stop};
use super::monoid::Table;
use crate::games::octal::OctalCode;

/// Literal misère outcomes of sums (sorted heaps with moves), memoised.
/// Most sums are small and kept packed in a number (see [`packed`]), so
/// millions of them are one allocation, not one each: freeing four million
/// vectors when a run was stopped took about 0.3 s (perf), past the
/// 100 ms a stop may take.
#[derive(Clone, Debug, Default)]
pub(crate) struct Oracle {
    small: HashMap<u128, bool>,
    large: HashMap<Vec<u64>, bool>,
    /// The most sums it may remember.
    pub(crate) limit: usize,
}

/// A sorted sum h₁ ≤ … ≤ h_k as the bits at h_i + i − 1 (strictly
/// increasing, so the sum can be read back: the packing is one-to-one),
/// where every such position is below 128; the empty sum is 0.
fn packed(sum: &[u64]) -> Option<u128> {
    let mut bits = 0u128;
    for (i, &h) in sum.iter().enumerate() {
        let at = h.checked_add(i as u64).filter(|&at| at < 128)?;
        bits |= 1 << at;
    }
    Some(bits)
}

impl Oracle {
    /// Whether `sum` (sorted, every heap with a move) is a misère
    /// P-position: it has a move and every move leads to an N-position.
    fn lost(
        &mut self,
        code: &OctalCode,
        sum: &[u64],
        stop: &dyn Fn() -> bool,
    ) -> Result<bool, Stop> {
        let key = packed(sum);
        let known = match key {
            Some(bits) => self.small.get(&bits),
            None => self.large.get(sum),
        };
        if let Some(&v) = known {
            return Ok(v);
        }
        let remembered = self.small.len() + self.large.len();
        if remembered >= self.limit {
            return Err(Stop::Played { sums: remembered });
        }
        if remembered.is_multiple_of(4096) && stop() {
            return Err(Stop::Cancelled);
        }
        let mut lost = !sum.is_empty();
        'heaps: for i in 0..sum.len() {
            if i > 0 && sum[i] == sum[i - 1] {
                continue;
            }
            let mut leaves = Vec::new();
            code.each_move(sum[i], &mut |_, parts| leaves.push(parts.to_vec()));
            for parts in leaves {
                let mut next: Vec<u64> = sum[..i].iter().chain(&sum[i + 1..]).copied().collect();
                next.extend(parts.into_iter().filter(|&h| has_move(code, h)));
                next.sort_unstable();
                if self.lost(code, &next, stop)? {
                    lost = false;
                    break 'heaps;
                }
            }
        }
        match key {
            Some(bits) => self.small.insert(bits, lost),
            None => self.large.insert(sum.to_vec(), lost),
        };
        Ok(lost)
    }
}

fn has_move(code: &OctalCode, h: u64) -> bool {
    let mut any = false;
    code.each_move(h, &mut |_, _| any = true);
    any
}

/// Every sum of heaps from `heaps` with at most `tokens` tokens, at most
/// `limit` of them (`None` past it).
fn small_sums(heaps: &[u64], tokens: u64, limit: usize) -> Option<Vec<Vec<u64>>> {
    fn go(
        heaps: &[u64],
        left: u64,
        from: usize,
        cur: &mut Vec<u64>,
        out: &mut Vec<Vec<u64>>,
        limit: usize,
    ) -> bool {
        if out.len() >= limit {
            return false;
        }
        out.push(cur.clone());
        for (i, &h) in heaps.iter().enumerate().skip(from) {
            if h <= left {
                cur.push(h);
                let fine = go(heaps, left - h, i, cur, out, limit);
                cur.pop();
                if !fine {
                    return false;
                }
            }
        }
        true
    }
    let mut out = Vec::new();
    let mut cur = Vec::new();
    go(heaps, tokens, 0, &mut cur, &mut out, limit).then_some(out)
}

/// The candidate for heaps 0 … n: a table, its P and every heap's image;
/// `None` when the classes found do not make a commutative monoid within
/// `max_order` elements (tell apart by larger sums, or give up).
pub(crate) fn guess(
    code: &OctalCode,
    oracle: &mut Oracle,
    n: u64,
    tokens: u64,
    max_order: usize,
    stop: &dyn Fn() -> bool,
) -> Result<Option<Guess>, Stop> {
    let heaps: Vec<u64> = (1..=n).filter(|&h| has_move(code, h)).collect();
    let Some(tests) = small_sums(&heaps, tokens, 20_000) else {
        return Ok(None);
    };
    let signature = |oracle: &mut Oracle, sum: &[u64]| -> Result<Vec<bool>, Stop> {
        tests
            .iter()
            .map(|x| {
                let mut s: Vec<u64> = sum.iter().chain(x).copied().collect();
                s.sort_unstable();
                oracle.lost(code, &s, stop)
            })
            .collect()
    };
    let mut reps: Vec<Vec<u64>> = vec![Vec::new()];
    let mut ids: HashMap<Vec<bool>, u32> = HashMap::new();
    let mut p = vec![signature(oracle, &[])?[0]];
    ids.insert(signature(oracle, &[])?, 0);
    // act[i][x]: element x times heap heaps[i].
    let mut act: Vec<Vec<u32>> = vec![Vec::new(); heaps.len()];
    let mut x = 0;
    while x < reps.len() {
        for (i, &h) in heaps.iter().enumerate() {
            let mut sum = reps[x].clone();
            sum.push(h);
            sum.sort_unstable();
            let sig = signature(oracle, &sum)?;
            let y = match ids.get(&sig) {
                Some(&y) => y,
                None => {
                    if reps.len() >= max_order {
                        return Ok(None);
                    }
                    let y = reps.len() as u32;
                    p.push(sig[0]);
                    ids.insert(sig, y);
                    reps.push(sum);
                    y
                }
            };
            act[i].push(y);
        }
        x += 1;
    }
    let order = reps.len();
    let apply = |mut x: u32, sum: &[u64]| {
        for h in sum {
            let i = heaps.binary_search(h).expect("a heap with a move");
            x = act[i][x as usize];
        }
        x
    };
    let mut mul = vec![0u32; order * order];
    for a in 0..order {
        for b in 0..order {
            mul[a * order + b] = apply(a as u32, &reps[b]);
        }
    }
    for a in 0..order {
        for b in a + 1..order {
            if mul[a * order + b] != mul[b * order + a] {
                return Ok(None);
            }
        }
    }
    // Associative too (checked against each heap, which generate it), or
    // no candidate: the classes are not yet a congruence, and the check of
    // a candidate presumes a monoid.
    for a in 0..order {
        for b in 0..order {
            for row in &act {
                let g = row[0] as usize;
                if mul[mul[a * order + b] as usize * order + g]
                    != mul[a * order + mul[b * order + g] as usize]
                {
                    return Ok(None);
                }
            }
        }
    }
    let mut phi = vec![0u32; n as usize + 1];
    for (i, &h) in heaps.iter().enumerate() {
        phi[h as usize] = act[i][0];
    }
    Ok(Some((Table::from_products(order, mul), p, phi)))
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::packed;

    /// Every sorted sum of heaps 1 … `most` with at most `tokens` tokens.
    fn sums(tokens: u64, most: u64) -> Vec<Vec<u64>> {
        fn go(left: u64, from: u64, most: u64, sum: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
            out.push(sum.clone());
            for h in from..=most.min(left) {
                sum.push(h);
                go(left - h, h, most, sum, out);
                sum.pop();
            }
        }
        let mut out = Vec::new();
        go(tokens, 1, most, &mut Vec::new(), &mut out);
        out
    }

    #[test]
    fn packing_tells_every_small_sum_apart_and_gives_up_on_long_ones() {
        let mut seen = HashMap::new();
        // Every sum of at most 40 tokens packs (its last bit is below 80),
        // each to a number of its own.
        for sum in sums(40, 100) {
            let bits = packed(&sum).unwrap_or_else(|| panic!("{sum:?} does not pack"));
            assert_eq!(seen.insert(bits, sum.clone()), None, "{sum:?}");
        }
        assert!(seen.len() > 30_000);
        assert_eq!(packed(&[]), Some(0));
        assert_eq!(packed(&[127]), Some(1 << 127));
        assert_eq!(packed(&[128]), None);
        assert_eq!(packed(&[1; 127]), Some(u128::MAX - 1));
        assert_eq!(packed(&[1; 128]), None);
        assert_eq!(packed(&[u64::MAX]), None);
    }
}
