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
    // OEIS A002188, Grundy's game, from n = 0 (b-file by N. J. A. Sloane
    // from Mike Guy's values: the first 40 terms).
    let a002188 = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
        3, 1, 2, 4, 1, 2, 4, 1, 2, 4,
    ];
    let code: OctalCode = "4!.0".parse().unwrap();
    let seq = grundy_sequence(&code, a002188.len(), &mut |_| {});
    assert_eq!(seq.values, a002188);
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
