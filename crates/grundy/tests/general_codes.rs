//! CGSuite's general take-and-break codes that grundy reads — constraints
//! `!` (pairwise unequal), `?` (not all equal), `=` (all equal) after a
//! digit, and a repeating tail in brackets (`0.1[23]`) — against a brute
//! force of their literal rule written here, apart from the library: from a
//! heap of n take k tokens, k ≥ 1 unless the digit is the one before the
//! point, where digit k (repeating the bracketed digits for ever larger k)
//! allows it, and leave 0, 1, 2 or 3 non-empty heaps as its bits 1, 2, 4,
//! 8 allow, their sizes meeting the digit's constraint.

use grundy::games::octal::{grundy_sequence, plain_values, CodeError, Constraint, OctalCode};

/// A digit as written: its value and its constraint mark (' ' for none).
struct Code {
    digits: Vec<(u32, char)>,
    /// Where the bracketed tail starts, if there is one.
    tail: Option<usize>,
}

fn read(code: &str) -> Code {
    let mut digits: Vec<(u32, char)> = Vec::new();
    let mut tail = None;
    for c in code.chars() {
        match c {
            '.' | ']' => {}
            '[' => tail = Some(digits.len()),
            '!' | '?' | '=' => digits.last_mut().unwrap().1 = c,
            c => digits.push((c.to_digit(16).unwrap(), ' ')),
        }
    }
    Code { digits, tail }
}

impl Code {
    fn digit(&self, k: usize) -> (u32, char) {
        if k < self.digits.len() {
            return self.digits[k];
        }
        match self.tail {
            Some(t) => self.digits[t + (k - t) % (self.digits.len() - t)],
            None => (0, ' '),
        }
    }
}

/// Every way to write `rest` as `count` positive parts, in every order.
fn compositions(rest: usize, count: usize, out: &mut Vec<Vec<usize>>, prefix: &mut Vec<usize>) {
    if count == 0 {
        if rest == 0 {
            out.push(prefix.clone());
        }
        return;
    }
    for first in 1..=rest {
        prefix.push(first);
        compositions(rest - first, count - 1, out, prefix);
        prefix.pop();
    }
}

fn allowed(mark: char, parts: &[usize]) -> bool {
    let distinct = {
        let mut p = parts.to_vec();
        p.sort();
        p.dedup();
        p.len()
    };
    match mark {
        '!' if parts.len() >= 2 => distinct == parts.len(),
        '?' if parts.len() >= 2 => distinct > 1,
        '=' if parts.len() >= 2 => distinct == 1,
        _ => true,
    }
}

fn literal(text: &str, upto: usize) -> Vec<u32> {
    let code = read(text);
    let mut g: Vec<u32> = Vec::new();
    for n in 0..upto {
        let mut options = Vec::new();
        for k in 0..=n {
            let (d, mark) = code.digit(k);
            for heaps in 0..4 {
                if d & (1 << heaps) == 0 || (k == 0 && heaps < 2) {
                    continue;
                }
                let mut ways = Vec::new();
                compositions(n - k, heaps, &mut ways, &mut Vec::new());
                for parts in ways.iter().filter(|p| allowed(mark, p)) {
                    options.push(parts.iter().fold(0, |x, &p| x ^ g[p]));
                }
            }
        }
        g.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    g
}

const CODES: [&str; 19] = [
    "0.[3]", "0.[1]", "0.[2]", "0.1[23]", "0.7[1]", "0.0[3]", "0.[12]", "0.[7]", "0.3[4]",
    "4!.[1]", "0.4?", "0.4=", "0.7=", "0.8?", "0.C=", "4?.07",
    // Splits at the second digit of a tail.
    "0.[343]", "0.1[34]", // Options both from the written digits and from the tail.
    "0.7[2]",
];

#[test]
fn general_codes_follow_their_literal_rule_for_heaps_up_to_200() {
    for text in CODES {
        let code: OctalCode = text.parse().unwrap();
        assert_eq!(code.to_string(), text, "printed as read");
        // The cubic splits of three-heap digits and tail splits are slow
        // to brute-force: fewer heaps for them.
        let upto =
            if text.contains(['8', 'C', '4']) && text.contains('[') || text.contains(['8', 'C']) {
                70
            } else {
                201
            };
        let truth = literal(text, upto);
        assert_eq!(plain_values(&code, upto), truth, "{text}: the plain rule");
        let seq = grundy_sequence(&code, upto, &mut |_| {});
        assert_eq!(seq.values, truth, "{text}: the engine");
        assert_eq!(seq.periodicity, None, "{text}: no period is claimed");
        assert!(!code.periodicity_applies(), "{text}");
    }
}

#[test]
fn a_tail_far_past_the_sparse_range_stays_exact() {
    // The engine keeps one growing set per residue of the tail; past 4,096
    // heaps (where plain codes look for a sparse space) it must still
    // agree with the plain rule.
    for text in ["0.[3]", "0.1[23]", "0.[12]", "0.3[2]"] {
        let code: OctalCode = text.parse().unwrap();
        let upto = 6000;
        let fast = grundy_sequence(&code, upto, &mut |_| {}).values;
        assert_eq!(fast, plain_values(&code, upto), "{text}");
    }
}

#[test]
fn bracketed_three_is_nim() {
    let nim: OctalCode = "0.[3]".parse().unwrap();
    assert_eq!(nim, OctalCode::nim());
    assert_eq!("nim".parse::<OctalCode>(), Ok(OctalCode::nim()));
    assert_eq!(nim.tail(), Some((1, 1)));
    assert!(nim.why_no_period_theorem().contains("repeating tail"));
    assert!(OctalCode::grundys_game()
        .why_no_period_theorem()
        .contains("constraint"));
    assert_eq!(
        "0.07".parse::<OctalCode>().unwrap().why_no_period_theorem(),
        ""
    );
    let values = grundy_sequence(&nim, 100_000, &mut |_| {}).values;
    assert!(values.iter().enumerate().all(|(n, &v)| v as usize == n));
}

#[test]
fn grundys_game_is_four_unequal_point_zero() {
    assert_eq!(
        "grundys-game".parse::<OctalCode>(),
        Ok(OctalCode::grundys_game())
    );
    assert_eq!("4!.0".parse::<OctalCode>(), Ok(OctalCode::grundys_game()));
    // Two heaps: `?` (not all equal) is the same game as `!`.
    let q: OctalCode = "4?.0".parse().unwrap();
    assert_eq!(
        grundy_sequence(&q, 300, &mut |_| {}).values,
        grundy_sequence(&OctalCode::grundys_game(), 300, &mut |_| {}).values
    );
}

#[test]
fn constraints_and_tails_are_read_as_cgsuite_writes_them() {
    let code = |t: &str| t.parse::<OctalCode>();
    // A tail of zeros is no tail; zeros before a tail stay.
    assert_eq!(code("0.7[0]").unwrap().to_string(), "0.7");
    assert_eq!(code("0.7[00]").unwrap().tail(), None);
    assert_eq!(code("0.00[3]").unwrap().to_string(), "0.00[3]");
    assert_eq!(code("0.1[23]").unwrap().tail(), Some((2, 2)));
    assert_eq!(code("0.1[23]").unwrap().digit(7), 3);
    assert_eq!(code("0.1[23]").unwrap().digit(8), 2);
    assert_eq!(code("0.[4!]").unwrap().constraint(9), Constraint::Unequal);
    // A constraint on a digit that does not split says nothing.
    assert_eq!(code("0.3!7").unwrap().to_string(), "0.37");
    assert_eq!(code("0.3=").unwrap().constraint(1), Constraint::Any);
    assert_eq!(code("0.7=").unwrap().constraint(1), Constraint::AllEqual);
    for bad in [
        "0.[3", "0.3]", "0.[]", "0.3[]", "0.[[3]", "0.[3]1", "[4].0", "0.[3][4]", "0.!3", "0.4!!",
        "0.[!3]",
    ] {
        assert!(code(bad).is_err(), "{bad} is refused");
    }
    for (bad, why) in [
        ("0.G", "four heaps"),
        ("0.&32;", "above 31"),
        ("0.*", "any number of heaps"),
        ("0.{2,3}", "any number of heaps"),
    ] {
        let message = code(bad).unwrap_err().to_string();
        assert!(message.contains(why), "{bad}: {message}");
    }
    // Errors name the position in the code, from 1.
    assert_eq!(
        code("0.3x"),
        Err(CodeError::NotADigit { at: 4, found: 'x' })
    );
    assert_eq!(
        code("0.!3"),
        Err(CodeError::NotADigit { at: 3, found: '!' })
    );
    assert!(code("0.7G")
        .unwrap_err()
        .to_string()
        .starts_with("'G' at position 4:"));
    assert_eq!(
        code("0.[3").unwrap_err().to_string(),
        "a repeating tail is written once, after the point, at the end: 0.1[23]"
    );
}
