//! Octal games: the fast sequence against the plain rule, and the known
//! periods.

use std::time::Instant;

use grundy::games::octal::{grundy_sequence, plain_values, OctalCode, Periodicity};

fn code(text: &str) -> OctalCode {
    text.parse().unwrap()
}

#[test]
fn long_known_periods() {
    for (text, period, preperiod) in [("0.16", 149_459, 105_351), ("0.56", 144, 326_640)] {
        let start = Instant::now();
        let seq = grundy_sequence(&code(text), 2_000_000, &mut |_| {});
        eprintln!(
            "{text}: {:?} after {} values in {:?}",
            seq.periodicity,
            seq.values.len(),
            start.elapsed()
        );
        assert_eq!(
            seq.periodicity,
            Some(Periodicity { period, preperiod }),
            "{text}"
        );
    }
}

/// Twenty-odd codes, each computed fast and by the plain rule. Past the
/// values computed, a proven period must predict the plain values too.
#[test]
fn fast_sequences_equal_the_plain_rule() {
    let octal = [
        "0.07", "0.77", "0.137", "0.16", "0.56", "0.161", "0.36", "0.6", "0.4", "0.14", "0.15",
        "0.17", "0.26", "0.34", "0.35", "0.37", "0.45", "0.52", "0.54", "0.64", "0.71", "0.72",
        "0.75", "4.07", "0.123", "0.7", "0.51",
    ];
    for text in octal {
        let c = code(text);
        let upto = 7000;
        let fast = grundy_sequence(&c, upto, &mut |_| {});
        let plain = plain_values(&c, upto);
        for (n, &v) in plain.iter().enumerate() {
            assert_eq!(
                fast.value(n as u64).map(|g| g.0 as u32),
                Some(v),
                "{text}: G({n})"
            );
        }
    }
    // Splits into three heaps: the plain rule is cubic, so fewer values.
    for text in ["0.F", "0.8", "8.1", "0.3F", "C.07"] {
        let c = code(text);
        let fast = grundy_sequence(&c, 300, &mut |_| {});
        let plain = plain_values(&c, 300);
        for (n, &v) in plain.iter().enumerate() {
            assert_eq!(
                fast.value(n as u64).map(|g| g.0 as u32),
                Some(v),
                "{text}: G({n})"
            );
        }
    }
}

#[test]
#[ignore]
fn timing() {
    let upto: usize = std::env::var("UPTO").map_or(1_000_000, |v| v.parse().unwrap());
    for text in std::env::var("CODES")
        .unwrap_or("0.161 0.36 0.6".into())
        .split(' ')
    {
        let start = Instant::now();
        let seq = grundy_sequence(&code(text), upto, &mut |_| {});
        eprintln!(
            "{text}: {} values, {:?}, {:?}",
            seq.values.len(),
            seq.periodicity,
            start.elapsed()
        );
    }
}
