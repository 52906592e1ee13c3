//! Codes, known periods, and the plain rule against the generic solver.

use super::*;
use crate::nimber::Nimber;
use crate::rules::Solver;

fn code(text: &str) -> OctalCode {
    text.parse().unwrap()
}

#[test]
fn codes_parse_and_print() {
    assert_eq!(code("0.07").to_string(), "0.07");
    assert_eq!(code(".77").to_string(), "0.77");
    assert_eq!(code("4.07").to_string(), "4.07");
    assert_eq!(code("0.137").max_take(), 3);
    assert_eq!(code("0.F").to_string(), "0.F");
    assert_eq!(code("0.160").to_string(), "0.16");
    // Found by fuzzing: a code that only splits printed as `8.`.
    assert_eq!(code("8.0").to_string(), "8.0");
    assert_eq!(
        code("8.00").to_string().parse::<OctalCode>(),
        Ok(code("8.0"))
    );
    assert_eq!(
        grundy_sequence(&code("8.0"), 50, &mut |_| {}).value(49),
        Some(Nimber::from(plain_values(&code("8.0"), 50)[49]))
    );
    assert_eq!("007".parse::<OctalCode>(), Err(CodeError::NoPoint));
    assert_eq!(
        "0.0x7".parse::<OctalCode>(),
        Err(CodeError::NotADigit { at: 4, found: 'x' })
    );
    assert_eq!(
        "2.07".parse::<OctalCode>(),
        Err(CodeError::BadSplitDigit(2))
    );
    assert_eq!("0.".parse::<OctalCode>(), Err(CodeError::NoDigits));
    assert_eq!("0.000".parse::<OctalCode>(), Err(CodeError::NoMoves));
}

#[test]
fn plain_values_match_the_generic_solver() {
    for text in ["0.07", "0.77", "0.137", "4.07", "0.6", "0.F", "8.1"] {
        let c = code(text);
        let plain = plain_values(&c, 60);
        let mut solver = Solver::new(c.clone());
        for (n, &v) in plain.iter().enumerate() {
            assert_eq!(solver.grundy(&(n as u64)), Nimber::from(v), "{text} G({n})");
        }
    }
}

#[test]
fn the_theorem_needs_a_positive_preperiod() {
    // 0.4: 0, 0, 0, 1, … — with n0 = 0 the window would be too short to
    // mean anything; the sequence is not of period 1.
    let seq = grundy_sequence(&code("0.4"), 200, &mut |_| {});
    assert_ne!(seq.periodicity.map(|p| p.period), Some(1));
    assert_eq!(&seq.values[..4], &[0, 0, 0, 1]);
}

#[test]
fn known_periods() {
    for (text, period, preperiod) in [("0.07", 34, 53), ("0.77", 12, 71), ("0.137", 34, 52)] {
        let seq = grundy_sequence(&code(text), 1_000_000, &mut |_| {});
        assert_eq!(
            seq.periodicity,
            Some(Periodicity { period, preperiod }),
            "{text}"
        );
        assert!(seq.values.len() < 1000, "{text} stops early");
    }
    // Take one token: heaps mod 2, periodic from 0.
    let nim2 = grundy_sequence(&code("0.3"), 100, &mut |_| {});
    assert_eq!(
        nim2.periodicity,
        Some(Periodicity {
            period: 2,
            preperiod: 0
        })
    );
}

#[test]
fn a_period_is_proven_with_exactly_the_values_the_theorem_needs() {
    // N ≥ 2·n0 + 2·p + t values prove period p from n0 (t: the code's
    // longest take); one value fewer does not. Dawson's Kayles (Winning
    // Ways ch. 4), Kayles, 0.137, and 0.156 (period 349 from 3479).
    for (text, period, preperiod) in [
        ("0.07", 34, 53),
        ("0.77", 12, 71),
        ("0.137", 34, 52),
        ("0.156", 349, 3479),
    ] {
        let c = code(text);
        let bound = 2 * preperiod + 2 * period + c.max_take();
        let at = grundy_sequence(&c, bound, &mut |_| {});
        assert_eq!(at.values.len(), bound, "{text}");
        assert_eq!(
            at.periodicity,
            Some(Periodicity { period, preperiod }),
            "{text} with {bound} values"
        );
        let short = grundy_sequence(&c, bound - 1, &mut |_| {});
        assert_eq!(short.periodicity, None, "{text} with {} values", bound - 1);
    }
}
