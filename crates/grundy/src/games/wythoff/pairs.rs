//! Wythoff's pairs at any size: the P-positions of one pair in closed form.
//!
//! The lost pairs are (0, 0) and (a_k, b_k), (b_k, a_k) for k ≥ 1, with
//! a_k = ⌊kφ⌋ and b_k = a_k + k = ⌊kφ²⌋ (W. A. Wythoff, "A modification of
//! the game of Nim", Nieuw Archief voor Wiskunde 7, 1907). The a_k and b_k
//! are complementary Beatty sequences: every n ≥ 1 is exactly one of them.
//!
//! Floating point cannot tell ⌊kφ⌋ for k near 2⁶⁴, and √(5k²) overflows 128
//! bits there, so the pairs are read off Zeckendorf representations
//! (each n ≥ 1 a sum of non-consecutive Fibonacci numbers 1, 2, 3, 5, 8, …):
//! n is a lower number a_k exactly when its representation ends in an even
//! number of zeros, and its partner b_k is the representation shifted one
//! place up (each Fibonacci number replaced by the next); an upper number's
//! partner is its representation shifted one place down (A. S. Fraenkel,
//! "How to beat your Wythoff games' opponent on three fronts", American
//! Mathematical Monthly 89, 1982). Since b_k − a_k = k, the lost pair whose
//! heaps differ by d is (⌊dφ⌋, ⌊dφ⌋ + d), and ⌊dφ⌋ is d shifted up, less one
//! when d is itself a lower number.
//!
//! Each question costs one representation: under a hundred steps. The
//! tests check these against the table's zeros, against ⌊kφ⌋ from an exact
//! integer square root, and against a search over the literal rules.

/// The Fibonacci numbers 1, 2, 3, 5, 8, … up to the first past 2⁶⁴: a
/// heap's representation uses those below it, and a shift one place up
/// reaches that one.
const FIBONACCI: [u128; 93] = fibonacci();

const fn fibonacci() -> [u128; 93] {
    let mut f = [0u128; 93];
    f[0] = 1;
    f[1] = 2;
    let mut i = 2;
    while i < f.len() {
        f[i] = f[i - 1] + f[i - 2];
        i += 1;
    }
    f
}

/// The Zeckendorf representation of `n` ≥ 1 as a bit set: bit i for the
/// Fibonacci number `FIBONACCI[i]` (greedy, largest first).
fn zeckendorf(mut n: u128) -> u128 {
    let mut bits = 0u128;
    for i in (0..FIBONACCI.len()).rev() {
        if FIBONACCI[i] <= n {
            n -= FIBONACCI[i];
            bits |= 1 << i;
        }
    }
    bits
}

/// The number a bit set of Fibonacci numbers stands for.
fn value(bits: u128) -> u128 {
    (0..FIBONACCI.len())
        .filter(|&i| bits >> i & 1 == 1)
        .map(|i| FIBONACCI[i])
        .sum()
}

/// Whether `n` ≥ 1 is a lower number ⌊kφ⌋ (its representation ends in an
/// even number of zeros).
fn is_lower(n: u128) -> bool {
    ends_in_even_zeros(zeckendorf(n))
}

fn ends_in_even_zeros(bits: u128) -> bool {
    bits.trailing_zeros().is_multiple_of(2)
}

/// The heap that makes a lost pair with a heap of `n`: 0 for 0, b_k for
/// a_k, a_k for b_k (every heap has exactly one).
pub fn partner(n: u64) -> u128 {
    if n == 0 {
        return 0;
    }
    let bits = zeckendorf(n.into());
    if ends_in_even_zeros(bits) {
        value(bits << 1)
    } else {
        value(bits >> 1)
    }
}

/// ⌊dφ⌋: the smaller heap of the lost pair whose heaps differ by `d`.
pub fn floor_phi(d: u64) -> u128 {
    if d == 0 {
        return 0;
    }
    let d = u128::from(d);
    value(zeckendorf(d) << 1) - u128::from(is_lower(d))
}

/// Whether the player to move loses the pair (x, y).
pub fn is_lost(x: u64, y: u64) -> bool {
    partner(x) == u128::from(y)
}

/// Every pair that (x, y) can become and that is lost for the player to
/// move then, each once: at most one by taking from each heap and one by
/// taking from both (none from a lost pair).
pub fn winning_targets(x: u64, y: u64) -> Vec<(u64, u64)> {
    let mut targets = Vec::with_capacity(3);
    // From the first heap: the second heap's partner, if smaller.
    if let Ok(to) = u64::try_from(partner(y)) {
        if to < x {
            targets.push((to, y));
        }
    }
    // From the second heap.
    if let Ok(to) = u64::try_from(partner(x)) {
        if to < y {
            targets.push((x, to));
        }
    }
    // From both: the difference stays, so the lost pair with it.
    let (low, high) = (x.min(y), x.max(y));
    if let Ok(lower) = u64::try_from(floor_phi(high - low)) {
        if lower < low {
            let taken = low - lower;
            targets.push((x - taken, y - taken));
        }
    }
    targets
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ⌊kφ⌋ = ⌊(k + √(5k²)) / 2⌋, with an exact integer square root (for k
    /// below 2⁶², where 5k² fits in 128 bits).
    fn floor_phi_by_root(k: u128) -> u128 {
        let square = 5 * k * k;
        let mut root = (square as f64).sqrt() as u128;
        while root * root > square {
            root -= 1;
        }
        while (root + 1) * (root + 1) <= square {
            root += 1;
        }
        (k + root) / 2
    }

    #[test]
    fn the_fibonacci_numbers_reach_past_every_question() {
        assert_eq!(&FIBONACCI[..6], &[1, 2, 3, 5, 8, 13]);
        assert!(FIBONACCI[FIBONACCI.len() - 1] > u128::from(u64::MAX));
        assert!(FIBONACCI[FIBONACCI.len() - 2] <= u128::from(u64::MAX));
        // Representations: no two consecutive numbers, and the right sum.
        for n in 1..5000u128 {
            let bits = zeckendorf(n);
            assert_eq!(bits & (bits >> 1), 0, "{n}");
            assert_eq!(value(bits), n);
        }
        assert_eq!(zeckendorf(4), 0b101);
        assert_eq!(
            value(zeckendorf(u128::from(u64::MAX))),
            u128::from(u64::MAX)
        );
    }

    #[test]
    fn the_pairs_are_floor_k_phi_and_its_partner() {
        // Against the root: the first 200,000 k, and k near 2⁶¹.
        let near_top = (1u128 << 61) - 100_000..(1u128 << 61);
        for k in (1..200_000u128).chain(near_top) {
            let a = floor_phi_by_root(k);
            let b = a + k;
            let (a64, b64) = (a as u64, b as u64);
            assert_eq!(floor_phi(k as u64), a, "k = {k}");
            assert!(is_lower(a) && !is_lower(b), "k = {k}");
            assert_eq!(partner(a64), b, "k = {k}");
            assert_eq!(partner(b64), a, "k = {k}");
            assert!(is_lost(a64, b64) && is_lost(b64, a64));
            assert!(!is_lost(a64, b64 + 1) && !is_lost(a64 + 1, b64));
        }
        assert_eq!(partner(0), 0);
        assert!(is_lost(0, 0) && !is_lost(0, 1) && !is_lost(1, 1));
        assert_eq!(floor_phi(0), 0);
        // Near 2⁶⁴ the partner of a lower number leaves 64 bits.
        let top = partner(u64::MAX);
        let back = u64::try_from(top).map(partner);
        assert!(top > u128::from(u64::MAX) || back == Ok(u128::from(u64::MAX)));
        // ⌊dφ⌋ = d + ⌊d/φ⌋ for the largest d: between d and 2d.
        let f = floor_phi(u64::MAX);
        assert!(f > u128::from(u64::MAX) && f < 2 * u128::from(u64::MAX));
    }

    #[test]
    fn the_winning_targets_are_every_lost_pair_one_move_away() {
        // Every pair below 120, against every move by the literal rule.
        for x in 0..120u64 {
            for y in 0..120u64 {
                let mut expected: Vec<(u64, u64)> = (0..x)
                    .map(|a| (a, y))
                    .chain((0..y).map(|b| (x, b)))
                    .chain((1..=x.min(y)).map(|t| (x - t, y - t)))
                    .filter(|&(a, b)| is_lost(a, b))
                    .collect();
                let mut found = winning_targets(x, y);
                expected.sort_unstable();
                found.sort_unstable();
                assert_eq!(found, expected, "({x}, {y})");
                assert_eq!(found.is_empty(), is_lost(x, y), "({x}, {y})");
            }
        }
        // At the top of the range: each target is lost and one move away.
        for (x, y) in [
            (u64::MAX, u64::MAX),
            (u64::MAX, 0),
            (1 << 63, u64::MAX - 5),
            (12_345_678_901_234_567_890, 7_629_636_064_643_526_913),
        ] {
            let targets = winning_targets(x, y);
            assert!(!targets.is_empty(), "({x}, {y})");
            for (a, b) in targets {
                assert!(is_lost(a, b));
                let legal =
                    (a < x && b == y) || (a == x && b < y) || (a < x && b < y && x - a == y - b);
                assert!(legal, "({x}, {y}) -> ({a}, {b})");
            }
        }
    }
}
