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

#[test]
fn the_sparse_scan_leaves_out_the_equal_split_of_a_bang_code() {
    // Grundy's game (4!.0) with its sparse space (mask 510) given to the
    // engine after 12 values instead of found at 4,096: its zeros at heaps
    // 20, 23 and 26 then come from the sparse scan, and at 20 the split
    // 10 + 10, which `!` forbids, would be the option 0 that hides one.
    let plain = forced_sparse("4!.0", 510);
    assert_eq!((plain[20], plain[23], plain[26]), (0, 0, 0));
    // And codes without `!` keep their equal splits (any mask is exact;
    // these put the zeros the equal splits hide on the sparse path).
    for text in ["4.0", "0.4", "0.44", "4.04", "0.54", "0.16", "0.06", "4.1"] {
        for mask in [1, 2, 3, 6] {
            forced_sparse(text, mask);
        }
    }
}

/// The values of `text` to 200 with the sparse space of `mask` given to the
/// engine after 12 values, checked against the plain rule and returned.
fn forced_sparse(text: &str, mask: u32) -> Vec<u32> {
    use super::sparse::{Engine, Sparse};
    let code = code(text);
    let mut engine = Engine::new(&code);
    for _ in 0..12 {
        engine.push_next().unwrap();
    }
    let values = engine.values().to_vec();
    let rare_heaps: Vec<u32> = (1..values.len() as u32)
        .filter(|&n| (values[n as usize] & mask).count_ones().is_multiple_of(2))
        .collect();
    let rare_values = rare_heaps.iter().map(|&n| values[n as usize]).collect();
    engine.sparse = Some(Sparse::new(mask, rare_heaps, rare_values));
    engine.always_sparse = true;
    for _ in 12..200 {
        engine.push_next().unwrap();
    }
    let plain = plain_values(&code, 200);
    assert_eq!(engine.values(), &plain[..], "{text} with mask {mask}");
    plain
}

/// Codes whose rare heaps are far from sparse (0.04: about one heap in
/// seven by 2^17, 0.06 and 0.76 about two in five) valued by the sparse
/// method at every heap once it has a mask, against the plain rule. The
/// engine itself values such heaps by the plain rule where that is faster.
fn dense_rare_codes_by_the_sparse_method(upto: usize) {
    use super::sparse::Engine;
    for (text, mask, rare) in [
        ("0.04", 1976, 18_859),
        ("0.06", 1952, 53_876),
        ("0.76", 2944, 54_020),
    ] {
        let code = code(text);
        let mut engine = Engine::new(&code);
        engine.always_sparse = true;
        for _ in 0..upto {
            engine.push_next().unwrap();
        }
        let sparse = engine.sparse.as_ref().expect("a mask is chosen");
        assert!(
            2 * sparse.rare_heaps.len() < upto,
            "{text}: rare heaps are a minority"
        );
        if upto == 1 << 17 {
            // The masks and rare counts `grundy octal CODE --upto 131072
            // --format json` reports.
            assert_eq!(
                (sparse.mask, sparse.rare_heaps.len()),
                (mask, rare),
                "{text}"
            );
        }
        assert_eq!(engine.values(), &plain_values(&code, upto)[..], "{text}");
    }
}

#[test]
fn codes_with_many_rare_heaps_by_the_sparse_method_equal_the_plain_rule() {
    dense_rare_codes_by_the_sparse_method(1 << 13);
}

/// The same to 2^17 values (about a minute in a release build).
#[test]
#[ignore = "slow: run with --release -- --ignored"]
fn codes_with_many_rare_heaps_by_the_sparse_method_to_2_17() {
    dense_rare_codes_by_the_sparse_method(1 << 17);
}

#[test]
fn a_far_rare_heaps_partner_is_read_from_the_prefix() {
    // Grundy's game: rare heaps up to 36,184, then 82,860. A window of
    // 65,536 holds the partners of the first ones; the partner of 82,860
    // from heaps 100,000 … 130,000 is G(17,140 …), which only the prefix
    // of 50,000 holds. (Reading it from the window alone was a gap, and a
    // long run computed everything again from G(0).)
    use super::sparse::Engine;
    let code = OctalCode::grundys_game();
    let mut full = Engine::new(&code);
    for _ in 0..130_000 {
        full.push_next().unwrap();
    }
    let mut windowed = Engine::new(&code);
    for _ in 0..100_000 {
        windowed.push_next().unwrap();
    }
    let rare = &windowed.sparse.as_ref().unwrap().rare_heaps;
    assert_eq!(rare.last(), Some(&82_860));
    assert_eq!(rare.iter().rev().nth(1), Some(&36_184));
    windowed.store.keep_window(50_000, 65_536, 0, 0);
    for n in 100_000..130_000 {
        assert_eq!(windowed.push_next(), Ok(full.values()[n]), "heap {n}");
    }
    // Past the prefix's reach the value is missing, and said so.
    let mut short = Engine::new(&code);
    for _ in 0..100_000 {
        short.push_next().unwrap();
    }
    short.store.keep_window(10_000, 65_536, 0, 0);
    let gap = (100_000..130_000).find_map(|_| short.push_next().err());
    assert!(gap.is_some_and(|g| g.needed >= 10_000), "{gap:?}");
    // A ring of the last 2^17 values holds it.
    let mut ring = Engine::new(&code);
    for _ in 0..100_000 {
        ring.push_next().unwrap();
    }
    ring.store.keep_window(10_000, 65_536, 1 << 17, 0);
    for n in 100_000..130_000 {
        assert_eq!(ring.push_next(), Ok(full.values()[n]), "heap {n}");
    }
    // A ring shorter than the distance to the partner does not.
    let mut near = Engine::new(&code);
    for _ in 0..100_000 {
        near.push_next().unwrap();
    }
    near.store.keep_window(10_000, 65_536, 80_000, 0);
    let gap = (100_000..130_000).find_map(|_| near.push_next().err());
    assert!(gap.is_some_and(|g| g.needed >= 10_000), "{gap:?}");
}

#[test]
fn scans_deeper_than_the_prefix_read_the_early_values() {
    // Grundy's game's scans of the splits mostly stop within a few
    // thousand; with a prefix of 1,000 values many go past it, and the
    // window of 2^14 does not hold G(1,000 …) either. The first 2^16
    // values at two bytes each do.
    use super::sparse::Engine;
    let code = OctalCode::grundys_game();
    let mut full = Engine::new(&code);
    for _ in 0..60_000 {
        full.push_next().unwrap();
    }
    let start = |early: usize| {
        let mut e = Engine::new(&code);
        for _ in 0..40_000 {
            e.push_next().unwrap();
        }
        // The rare heaps up to 36,184 are read from a ring of the last
        // 40,000 values, which from heap 41,000 on no longer holds
        // G(1,000).
        e.store.keep_window(1_000, 1 << 14, 40_000, early);
        e
    };
    let mut early = start(1 << 16);
    for n in 40_000..60_000 {
        assert_eq!(early.push_next(), Ok(full.values()[n]), "heap {n}");
    }
    // The early values grew with the run (40,000 kept at the switch).
    assert_eq!(early.store.early.len(), 60_000);
    let mut none = start(0);
    let gap = (40_000..60_000).find_map(|_| none.push_next().err());
    assert!(
        gap.is_some_and(|g| (1_000..20_000).contains(&g.needed)),
        "{gap:?}"
    );
}

#[test]
fn a_code_that_splits_in_three_is_proven_on_the_three_heap_bound() {
    // 0.20B (take 3: leave 0, 1, 2 or 3 heaps): period 2 from heap 4. The
    // two-heap bound 2·4 + 2·2 + 3 = 15 values would claim it; splits into
    // three need 3·4 + 3·2 + 3 = 21 (period.rs gives the argument).
    let c = code("0.20B");
    assert!(c.splits_in_three());
    assert_eq!(c.period_bound(), Bound { t: 3, parts: 3 });
    let run = grundy_sequence(&c, 1000, &mut |_| {});
    let expected = Periodicity {
        period: 2,
        preperiod: 4,
    };
    assert_eq!(run.periodicity, Some(expected));
    assert_eq!(run.values.len(), 21);
    let values = &run.values;
    assert_eq!(c.proven_period(&values[..20]), None);
    assert_eq!(
        super::proven_period(&values[..15], 3),
        Some(expected),
        "periodic on the two-heap window"
    );
    assert_eq!(c.proven_period(&values[..15]), None);
    // An octal code keeps the two-heap bound.
    assert_eq!(code("0.07").period_bound(), Bound { t: 2, parts: 2 });
}

/// A code's moves counted by its digits equal its moves listed, for every
/// heap up to 60 (the code's whole range of takes and splits); near 2^64
/// the count is exact in u128; a code with constraints or a repeating tail
/// does not count them.
#[test]
fn a_code_counts_its_moves_as_it_lists_them() {
    use crate::rules::Rules;
    for text in [
        "0.07", "0.77", "4.C", "0.F", "0.A3", "0.20B", "8.0", "0.137", "4.4",
    ] {
        let c = code(text);
        for n in 0..=60u64 {
            let mut listed = 0u128;
            c.options(&n, &mut |_, _| listed += 1);
            assert_eq!(c.option_count(&n), Some(listed), "{text}: heap {n}");
        }
    }
    // 0.F at n: the one heap of n − 1, ⌊(n − 1)/2⌋ splits in two and
    // round((n − 1)²/12) in three.
    let n = u128::from(u64::MAX - 1);
    assert_eq!(
        code("0.F").option_count(&(u64::MAX - 1)),
        Some(1 + (n - 1) / 2 + ((n - 1) * (n - 1) + 6) / 12)
    );
    assert_eq!(code("4!.0").option_count(&10), None);
    assert_eq!(code("0.1[23]").option_count(&10), None);
    // Rules that do not count their moves say so.
    assert_eq!(crate::games::grundys::GrundysGame.option_count(&10), None);
}
