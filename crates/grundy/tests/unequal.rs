//! Take-and-break codes with `!` (CGSuite's notation: the heaps a split
//! leaves must be pairwise unequal) against a brute force of their literal
//! rule written here, apart from the library: from a heap of n, take k
//! tokens where digit k allows it, and leave no heap (bit 1, all taken),
//! one heap (bit 2), two heaps (bit 4) or three (bit 8), every heap
//! non-empty, and under `!` no two of them the same size.

use grundy::games::octal::{grundy_sequence, plain_values, OctalCode};

/// One digit of a code as written: its value and whether `!` follows it.
fn digits(code: &str) -> Vec<(u32, bool)> {
    let mut out: Vec<(u32, bool)> = Vec::new();
    for c in code.chars() {
        match c {
            '.' => {}
            '!' => out.last_mut().unwrap().1 = true,
            c => out.push((c.to_digit(16).unwrap(), false)),
        }
    }
    out
}

/// The values of heaps 0 … upto − 1 by the literal rule. `code` has one
/// digit before the point (taking nothing).
fn literal(code: &str, upto: usize) -> Vec<u32> {
    let digits = digits(code);
    let mut g: Vec<u32> = Vec::new();
    for n in 0..upto {
        let mut options = Vec::new();
        for (k, &(d, unequal)) in digits.iter().enumerate() {
            if k > n {
                break;
            }
            let rest = n - k;
            if d & 1 != 0 && k > 0 && rest == 0 {
                options.push(0);
            }
            if d & 2 != 0 && k > 0 && rest > 0 {
                options.push(g[rest]);
            }
            if d & 4 != 0 {
                // Every ordered pair: duplicates do not change a mex.
                for a in 1..rest {
                    let b = rest - a;
                    if !(unequal && a == b) {
                        options.push(g[a] ^ g[b]);
                    }
                }
            }
            if d & 8 != 0 {
                for a in 1..rest {
                    for b in 1..rest - a {
                        let c = rest - a - b;
                        if !(unequal && (a == b || b == c || a == c)) {
                            options.push(g[a] ^ g[b] ^ g[c]);
                        }
                    }
                }
            }
        }
        let mex = (0..).find(|v| !options.contains(v)).unwrap();
        g.push(mex);
    }
    g
}

const CODES: [&str; 10] = [
    "4!.0", "0.4!", "0.04!", "0.7!", "0.37!", "4!.07", "0.8!", "0.F!", "0.6!4", "4!.4!7",
];

#[test]
fn unequal_codes_follow_their_literal_rule_for_heaps_up_to_200() {
    for text in CODES {
        let code: OctalCode = text.parse().unwrap();
        assert_eq!(code.to_string(), text, "printed as read");
        let truth = literal(text, 201);
        assert_eq!(plain_values(&code, 201), truth, "{text}: the plain rule");
        let seq = grundy_sequence(&code, 201, &mut |_| {});
        assert_eq!(seq.values, truth, "{text}: the engine");
        // The periodicity theorem does not hold for these codes: no period
        // is claimed, even where the values look periodic.
        assert_eq!(seq.periodicity, None, "{text}");
        assert!(!code.periodicity_applies(), "{text}");
    }
    // `!` changes the game: 0.4! is not 0.4.
    assert_ne!(literal("0.4!", 50), literal("0.4", 50));
}

#[test]
fn grundys_game_is_4_unequal_0() {
    // OEIS A002188 (Sprague-Grundy values for Grundy's game), from n = 0:
    // the 105 terms of its data section (oeis.org/A002188).
    let a002188 = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
        3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3,
        2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3,
        7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
    ];
    let code: OctalCode = "4!.0".parse().unwrap();
    let seq = grundy_sequence(&code, a002188.len(), &mut |_| {});
    assert_eq!(seq.values, a002188);
}

/// Grundy's game by its literal rule: a heap of n splits into a and n − a
/// with 1 ≤ a < n − a.
fn grundys_game_literal(upto: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(upto);
    let mut seen = vec![false; 1024];
    for n in 0..upto {
        seen.iter_mut().for_each(|s| *s = false);
        let mut a = 1;
        while a < n - a.min(n) {
            seen[(g[a] ^ g[n - a]) as usize] = true;
            a += 1;
        }
        g.push(seen.iter().position(|&s| !s).unwrap() as u32);
    }
    g
}

#[test]
fn grundys_game_follows_its_literal_rule_for_every_heap_up_to_5000() {
    let upto = 5001;
    let truth = grundys_game_literal(upto);
    let by_engine = grundy_sequence(&OctalCode::grundys_game(), upto, &mut |_| {});
    assert_eq!(by_engine.values, truth);
    assert_eq!(truth[87], 7, "Flammenkamp's first rare value");
}

#[test]
fn a_bang_on_a_digit_that_does_not_split_is_dropped_as_cgsuite_drops_it() {
    let code: OctalCode = "0.3!7".parse().unwrap();
    assert_eq!(code.to_string(), "0.37");
    assert!(code.periodicity_applies());
    // `!` twice, or before any digit, is not a code.
    assert!("0.4!!".parse::<OctalCode>().is_err());
    assert!("!4.0".parse::<OctalCode>().is_err());
    // A digit that would add tokens (before the last one before the
    // point) is refused, as before.
    assert!("40.07".parse::<OctalCode>().is_err());
    assert!("4!0.07".parse::<OctalCode>().is_err());
}

#[test]
fn grundys_game_by_the_sparse_space_equals_the_plain_rule() {
    // Past 4,096 values the engine looks for a sparse space and, Grundy's
    // game having one, computes by it; the two must agree on every value.
    let code: OctalCode = "4!.0".parse().unwrap();
    let upto = 1 << 16;
    let seq = grundy_sequence(&code, upto, &mut |_| {});
    assert_eq!(seq.values, plain_values(&code, upto));
}

#[test]
fn unequal_codes_with_a_sparse_space_equal_the_plain_rule() {
    // Codes with `!` whose values have a sparse space (the engine computes
    // by it past 4,096 values): the equal split it must leave out is the
    // last one its scan would reach.
    for text in ["0.4!", "4!.04", "4!.1", "0.54!", "0.44!", "0.06!", "0.16!"] {
        let code: OctalCode = text.parse().unwrap();
        let upto = 1 << 14;
        let seq = grundy_sequence(&code, upto, &mut |_| {});
        assert_eq!(seq.values, plain_values(&code, upto), "{text}");
    }
}

/// Grundy's game to 2^20 by the sparse space against the literal rule, and
/// the rare heaps of mask 510 (the engine's) in both. About five minutes
/// in a release build (the literal rule is quadratic).
#[test]
#[ignore = "slow: run with --release -- --ignored"]
fn grundys_game_rare_heaps_to_2_20_equal_the_literal_rule() {
    let upto = 1 << 20;
    let truth = grundys_game_literal(upto);
    let by_engine = grundy_sequence(&OctalCode::grundys_game(), upto, &mut |_| {});
    let rare = |values: &[u32]| -> Vec<usize> {
        (1..values.len())
            .filter(|&n| (values[n] & 510).count_ones().is_multiple_of(2))
            .collect()
    };
    let rare_heaps = rare(&truth);
    assert_eq!(rare(&by_engine.values), rare_heaps);
    assert_eq!(by_engine.values, truth);
    // Heaps of value 0 are rare too (weight 0); A. Flammenkamp's list of
    // rare values starts at heap 87.
    for heap in [87, 158, 181, 196, 231] {
        assert!(rare_heaps.contains(&heap), "{heap} is rare");
    }
    assert_eq!(rare_heaps.len(), 1273);
}
