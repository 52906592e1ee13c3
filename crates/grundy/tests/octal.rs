//! Octal games: the fast sequence against the plain rule, and the known
//! periods.

use std::time::Instant;

use grundy::games::octal::period_search::PeriodSearch;
use grundy::games::octal::{grundy_sequence, plain_values, OctalCode, Periodicity};

fn code(text: &str) -> OctalCode {
    text.parse().unwrap()
}

/// 0.376 (period 4 from 2,268,248: Flammenkamp's table) has no sparse
/// space, so a long run never keeps only a window; its values, fed to the
/// period search through a window of 2^14 (as a windowed run reads them),
/// give the full array's period.
#[test]
fn the_period_search_through_a_window_finds_0_376s_period() {
    let c = code("0.376");
    let full = grundy_sequence(&c, 5_000_000, &mut |_| {});
    assert_eq!(
        full.periodicity,
        Some(Periodicity {
            period: 4,
            preperiod: 2_268_248
        })
    );
    let values = &full.values;
    let mut search = PeriodSearch::new(c.period_bound(), 0);
    let mut found = None;
    let mut end = 0;
    while found.is_none() && end < values.len() {
        end = (end + (1 << 12)).min(values.len());
        let get = |i: u64| {
            let i = i as usize;
            (i < end && end - i <= 1 << 14).then(|| values[i])
        };
        found = search.feed(end as u64, &get);
    }
    assert_eq!(found, full.periodicity);
    // Proven at 2·2,268,248 + 2·4 + 3 values, as the full array's check.
    assert_eq!(search.fed(), 2 * 2_268_248 + 2 * 4 + 3);
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
