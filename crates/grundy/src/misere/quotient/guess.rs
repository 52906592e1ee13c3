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
    /// The most sums it may remember when it starts on a new one; the sums
    /// being played at that moment are still remembered as their play
    /// ends, so it may hold up to the depth of play more.
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
    use std::collections::{HashMap, HashSet};

    use super::{guess, packed, small_sums, Oracle};
    use crate::games::octal::OctalCode;
    use crate::misere::quotient::build::Stop;
    use crate::misere::quotient::monoid::Monoid;

    /// Literal misère play of three row games, written from their rules
    /// rather than from a code: Kayles (0.77) knocks down one pin or two
    /// adjacent ones from a row, Dawson's Kayles (0.07) exactly two
    /// adjacent ones, and 0.75 takes one token leaving at most two heaps,
    /// or two tokens leaving nothing or two non-empty heaps.
    struct Rows {
        game: &'static str,
        memo: HashMap<Vec<u64>, bool>,
    }

    impl Rows {
        fn new(game: &'static str) -> Rows {
            Rows {
                game,
                memo: HashMap::new(),
            }
        }

        /// What a heap of `n` may become, as the heaps left.
        fn moves(&self, n: u64) -> Vec<Vec<u64>> {
            let mut out = Vec::new();
            let mut rows = |k: u64, one_part_allowed: bool| {
                if n < k {
                    return;
                }
                // Knock down `k` pins at `left` pins from the row's start.
                for left in 0..=n - k {
                    let right = n - k - left;
                    let parts: Vec<u64> = [left, right].into_iter().filter(|&h| h > 0).collect();
                    if parts.len() == 1 && !one_part_allowed {
                        continue;
                    }
                    out.push(parts);
                }
            };
            match self.game {
                "kayles" => {
                    rows(1, true);
                    rows(2, true);
                }
                "dawson" => rows(2, true),
                "0.75" => {
                    rows(1, true);
                    rows(2, false);
                }
                other => unreachable!("{other}"),
            }
            out
        }

        /// Whether the player to move loses, the last to move losing.
        fn lost(&mut self, sum: &[u64]) -> bool {
            let mut sum = sum.to_vec();
            sum.sort_unstable();
            if let Some(&v) = self.memo.get(&sum) {
                return v;
            }
            let mut any = false;
            let mut lost = true;
            for i in 0..sum.len() {
                for parts in self.moves(sum[i]) {
                    any = true;
                    let mut next = sum.clone();
                    next.remove(i);
                    next.extend(parts);
                    if self.lost(&next) {
                        lost = false;
                    }
                }
            }
            let lost = any && lost;
            self.memo.insert(sum, lost);
            lost
        }
    }

    fn code(game: &str) -> OctalCode {
        match game {
            "kayles" => "0.77",
            "dawson" => "0.07",
            other => other,
        }
        .parse()
        .unwrap()
    }

    fn never() -> bool {
        false
    }

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

    /// Every sorted sum of heaps `from` … `most` with at most `tokens`
    /// tokens.
    fn sums_from(from: u64, tokens: u64, most: u64) -> Vec<Vec<u64>> {
        sums(tokens, most)
            .into_iter()
            .filter(|s| s.iter().all(|&h| h >= from))
            .collect()
    }

    #[test]
    fn the_oracle_plays_every_small_sum_by_the_letter() {
        for (game, least) in [("kayles", 1), ("dawson", 2), ("0.75", 1)] {
            let code = code(game);
            let mut rows = Rows::new(game);
            let mut oracle = Oracle {
                limit: usize::MAX,
                ..Oracle::default()
            };
            let (mut lost, mut won) = (0, 0);
            for sum in sums_from(least, 18, 18) {
                let expected = rows.lost(&sum);
                let got = oracle.lost(&code, &sum, &never).unwrap();
                assert_eq!(got, expected, "{game}: {sum:?}");
                if got {
                    lost += 1;
                } else {
                    won += 1;
                }
            }
            // Both outcomes are met often, the empty sum (won) among them.
            assert!(lost > 50 && won > 50, "{game}: {lost} lost, {won} won");
            assert!(!oracle.lost(&code, &[], &never).unwrap());
        }
        // A sum too long to pack is played and remembered all the same:
        // 0.07's heaps of two are each one move (to nothing), so an odd
        // number of them is lost and an even number won.
        let code = code("dawson");
        let mut oracle = Oracle {
            limit: usize::MAX,
            ..Oracle::default()
        };
        assert!(oracle.lost(&code, &[2; 131], &never).unwrap());
        assert!(!oracle.lost(&code, &[2; 130], &never).unwrap());
        // [2; 126] and below pack, the five longer ones do not; both kinds
        // count against the limit.
        assert_eq!((oracle.small.len(), oracle.large.len()), (127, 5));
        oracle.limit = 132;
        assert_eq!(
            oracle.lost(&code, &[3], &never),
            Err(Stop::Played { sums: 132 })
        );
    }

    #[test]
    fn the_oracle_stops_at_its_limit_and_when_asked_but_answers_what_it_knows() {
        let code = code("kayles");
        let mut oracle = Oracle {
            limit: 10,
            ..Oracle::default()
        };
        // [5, 6, 7] is 18 tokens, so play is at most 18 moves deep.
        match oracle.lost(&code, &[5, 6, 7], &never) {
            Err(Stop::Played { sums }) => assert!((10..=28).contains(&sums), "{sums}"),
            other => panic!("{other:?}"),
        }
        let mut oracle = Oracle {
            limit: 1000,
            ..Oracle::default()
        };
        assert_eq!(oracle.lost(&code, &[4], &|| true), Err(Stop::Cancelled));
        // Remembered sums are answered past the limit and a stop.
        assert!(!oracle.lost(&code, &[3], &never).unwrap());
        let known = oracle.small.len();
        assert!(known >= 3, "{known}");
        oracle.limit = 0;
        assert!(!oracle.lost(&code, &[3], &|| true).unwrap());
        assert_eq!(
            oracle.lost(&code, &[9, 9], &never),
            Err(Stop::Played { sums: known })
        );
    }

    #[test]
    fn small_sums_are_every_sum_within_the_tokens_up_to_a_count() {
        let heaps = [1, 2, 3, 5];
        let all = small_sums(&heaps, 9, usize::MAX).unwrap();
        let expected: Vec<Vec<u64>> = sums(9, 5).into_iter().filter(|s| !s.contains(&4)).collect();
        let set: HashSet<Vec<u64>> = all.iter().cloned().collect();
        assert_eq!(set.len(), all.len(), "no sum twice");
        assert_eq!(set, expected.into_iter().collect::<HashSet<_>>());
        assert_eq!(all[0], Vec::<u64>::new());
        // Exactly as many as there are is allowed; one fewer is not.
        assert_eq!(small_sums(&heaps, 9, all.len()), Some(all.clone()));
        assert_eq!(small_sums(&heaps, 9, all.len() - 1), None);
    }

    /// Whether the table, P and images `(table, p, phi)` predict literal
    /// play of every sum of heaps `least` … `most` with at most `tokens`.
    fn predicts(game: &'static str, guessed: &super::Guess, least: u64, most: u64, tokens: u64) {
        let (table, p, phi) = guessed;
        let mut rows = Rows::new(game);
        for sum in sums_from(least, tokens, most) {
            let image = sum
                .iter()
                .fold(0u32, |x, &h| table.row(x)[phi[h as usize] as usize]);
            assert_eq!(p[image as usize], rows.lost(&sum), "{game}: {sum:?}");
        }
    }

    #[test]
    fn a_guess_from_play_is_the_known_quotient() {
        // 0.75: eight elements, two in P, every element met by heap 9
        // (Φ = 1 a b a b c b c b ab², then b, ab² repeating).
        // An oracle per code: it knows sums, not games.
        let oracle = || Oracle {
            limit: usize::MAX,
            ..Oracle::default()
        };
        let got = guess(&code("0.75"), &mut oracle(), 10, 16, 100, &never)
            .unwrap()
            .expect("a candidate");
        assert_eq!(
            (got.0.order(), got.1.iter().filter(|&&p| p).count()),
            (8, 2)
        );
        assert_eq!(got.2.len(), 11);
        assert_eq!(got.2[0], 0);
        let phi = &got.2;
        let (one, a, b, c, ab2) = (phi[0], phi[1], phi[2], phi[5], phi[9]);
        let distinct: HashSet<u32> = [one, a, b, c, ab2].into_iter().collect();
        assert_eq!(distinct.len(), 5, "{phi:?}");
        assert_eq!(
            [phi[3], phi[4], phi[6], phi[7], phi[8], phi[10]],
            [a, b, b, c, b, b]
        );
        predicts("0.75", &got, 1, 10, 22);
        // Kayles through heap 5: twelve elements (the partial quotients
        // change at heaps 1, 2 and 5, to orders 2, 6 and 12).
        let got = guess(&code("kayles"), &mut oracle(), 5, 11, 100, &never)
            .unwrap()
            .expect("a candidate");
        assert_eq!(got.0.order(), 12);
        predicts("kayles", &got, 1, 5, 22);
        let got = guess(&code("kayles"), &mut oracle(), 4, 10, 100, &never)
            .unwrap()
            .expect("a candidate");
        assert_eq!(got.0.order(), 6);
        predicts("kayles", &got, 1, 4, 22);
        // Told apart by too small sums, classes are not yet a congruence,
        // and there is no candidate: Kayles' sums of heaps ≤ 5 told apart
        // by sums of at most 5 tokens do not commute (nor associate); those
        // of heaps ≤ 2 told apart by sums of at most 1 token commute but
        // do not associate.
        for (n, tokens) in [(5, 5), (2, 1)] {
            let got = guess(&code("kayles"), &mut oracle(), n, tokens, 100, &never).unwrap();
            assert!(got.is_none(), "{n}, {tokens}");
        }
        // Dawson's Kayles: heap 1 has no move and is the identity.
        let got = guess(&code("dawson"), &mut oracle(), 6, 12, 100, &never)
            .unwrap()
            .expect("a candidate");
        assert_eq!(got.2[1], 0);
        predicts("dawson", &got, 2, 6, 22);
    }

    #[test]
    fn a_guess_gives_up_past_its_order() {
        let mut oracle = Oracle {
            limit: usize::MAX,
            ..Oracle::default()
        };
        let code = code("0.75");
        assert!(guess(&code, &mut oracle, 10, 16, 8, &never)
            .unwrap()
            .is_some());
        assert!(guess(&code, &mut oracle, 10, 16, 7, &never)
            .unwrap()
            .is_none());
    }
}
