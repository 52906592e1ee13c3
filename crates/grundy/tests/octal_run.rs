//! Long runs of octal games: the windowed store gives exactly the values of
//! the full array, checkpoints resume to the same values, and damaged
//! checkpoints are refused.

use grundy::games::octal::checkpoint::{search_bytes, Checkpoint, CheckpointError};
use grundy::games::octal::period_search::Candidate;
use grundy::games::octal::run::{digest, DIGEST_START};
use grundy::games::octal::{
    grundy_sequence, plain_values, LongRun, Memory, OctalCode, Periodicity, RunError,
};

fn code(text: &str) -> OctalCode {
    text.parse().unwrap()
}

/// A window small enough to be used early in a test.
fn small() -> Memory {
    Memory {
        window_after: 1 << 16,
        prefix: 1 << 17,
        window: 1 << 17,
        reach: 1 << 18,
        early: 1 << 18,
        full_limit: 1 << 30,
    }
}

/// Runs to `upto` in batches of `batch`, returning every value.
fn run_all(run: &mut LongRun, upto: u64, batch: u64) -> Result<Vec<u32>, RunError> {
    let mut out = Vec::new();
    while run.computed() < upto && run.periodicity().is_none() {
        let count = batch.min(upto - run.computed());
        run.advance(count, &mut out)?;
    }
    run.finish();
    Ok(out)
}

#[test]
fn windowed_runs_give_the_full_arrays_values() {
    for text in ["0.161", "0.6", "0.36"] {
        let c = code(text);
        let upto = 300_000;
        let full = grundy_sequence(&c, upto, &mut |_| {});
        let mut run = LongRun::new(&c, small());
        let values = run_all(&mut run, upto as u64, 10_007).unwrap();
        assert!(run.is_windowed(), "{text} keeps only a window");
        // The prefix, the window (twice), and the first 2^16 values
        // backwards for the split scans.
        assert!(
            run.bytes() <= 4 * (1 << 17) + 8 * (1 << 17) + 4 * (1 << 18) + 4 * (1 << 16),
            "{text}: {}",
            run.bytes()
        );
        assert_eq!(values, full.values, "{text}");
        assert_eq!(run.digest(), digest(DIGEST_START, &full.values), "{text}");
        assert_eq!(run.largest(), *full.values.iter().max().unwrap(), "{text}");
    }
}

#[test]
fn a_run_hands_over_its_values_while_it_keeps_them_all() {
    let c = code("0.161");
    let full = grundy_sequence(&c, 50_000, &mut |_| {});
    let mut run = LongRun::new(&c, Memory::default());
    let values = run_all(&mut run, 50_000, 9_999).unwrap();
    assert_eq!(run.values(), Some(&values[..]));
    assert_eq!(run.into_values(), Some(full.values));
    // Once only a window is kept, there is no whole array to hand over.
    let mut windowed = LongRun::new(&c, small());
    run_all(&mut windowed, 200_000, 50_000).unwrap();
    assert!(windowed.is_windowed());
    assert_eq!(windowed.values(), None);
    assert_eq!(windowed.into_values(), None);
}

#[test]
fn every_two_digit_code_windowed_equals_full() {
    let memory = Memory {
        window_after: 1 << 15,
        prefix: 1 << 16,
        window: 1 << 16,
        reach: 0,
        early: 0,
        full_limit: 1 << 30,
    };
    // With a ring of 2^18 values, codes whose rare heaps lie behind the
    // window go windowed too; their far partners are read from the ring.
    let ring = Memory {
        window: 1 << 12,
        reach: 1 << 18,
        early: 0,
        ..memory
    };
    let mut windowed = [Vec::new(), Vec::new()];
    for d1 in 0..8u32 {
        for d2 in 1..8u32 {
            let c = code(&format!("0.{d1}{d2}"));
            for (memory, windowed) in [memory, ring].into_iter().zip(&mut windowed) {
                let mut run = LongRun::new(&c, memory);
                let mut values = run_all(&mut run, memory.window_after + 1, 1 << 14).unwrap();
                if !run.is_windowed() {
                    // Periodic, or no sparse space: every value is kept and
                    // computed as by grundy_sequence; nothing to compare.
                    continue;
                }
                let upto = 80_000;
                values.extend(run_all(&mut run, upto, 10_000).unwrap());
                let full = grundy_sequence(&c, upto as usize, &mut |_| {});
                assert_eq!(values, full.values, "{c}, {memory:?}");
                assert_eq!(run.digest(), digest(DIGEST_START, &full.values), "{c}");
                assert_eq!(run.fell_back(), None, "{c}, {memory:?}");
                windowed.push(c.to_string());
            }
        }
    }
    // The codes whose rare heaps all lie within a quarter of the window.
    assert_eq!(windowed[0], ["0.16", "0.36", "0.56", "0.74"]);
    // And those within a quarter of the ring, with a window of 4096.
    assert_eq!(
        windowed[1],
        [
            "0.14", "0.16", "0.36", "0.37", "0.56", "0.61", "0.62", "0.63", "0.64", "0.65", "0.66",
            "0.67", "0.74"
        ]
    );
}

#[test]
fn far_rare_heaps_are_read_from_the_ring() {
    // Grundy's game has rare heaps at 36,184 and 82,860, far behind a
    // window of 2^14 values and a prefix of 2^15: from heap 2^15 + 82,860
    // on, G(m − 82,860) is in neither. The ring holds it (a window is
    // kept when the last rare heap is within a quarter of the ring).
    let c = code("4!.0");
    let memory = Memory {
        window_after: 1 << 17,
        prefix: 1 << 15,
        window: 1 << 14,
        reach: 1 << 19,
        early: 0,
        full_limit: 1 << 30,
    };
    let upto = 300_000;
    let mut run = LongRun::new(&c, memory);
    let values = run_all(&mut run, upto, 1 << 16).unwrap();
    assert!(run.is_windowed());
    assert_eq!(run.fell_back(), None, "no value was missing");
    let mut full = LongRun::new(&c, Memory::default());
    assert_eq!(values, run_all(&mut full, upto, upto).unwrap());
    // Saved and read back twice, once after the ring (340,000 values, not
    // a power of two) has wrapped: the run goes on with the same values.
    // (At heap 385,515 a scan of the splits reads G(32,768), past the
    // prefix: from the early values.)
    let wrap = Memory {
        reach: 340_000,
        early: 1 << 16,
        ..memory
    };
    let mut resumed = LongRun::new(&c, wrap);
    let mut again = Vec::new();
    for stop in [200_000, 400_000, 450_000] {
        while resumed.computed() < stop {
            resumed
                .advance(stop - resumed.computed(), &mut again)
                .unwrap();
        }
        let bytes = save(resumed, 450_000);
        resumed = Checkpoint::load(&mut bytes.as_slice()).unwrap().run;
    }
    assert!(resumed.is_windowed());
    assert_eq!(resumed.fell_back(), None);
    // The periodicity theorem does not hold for a code with a constraint
    // (`!`): a windowed run of it has no period search.
    assert!(resumed.period_search().is_none());
    let mut full = LongRun::new(&c, Memory::default());
    assert!(again == run_all(&mut full, 450_000, 450_000).unwrap());
    // Without the ring no window is kept.
    let mut bare = LongRun::new(&c, Memory { reach: 0, ..memory });
    assert_eq!(run_all(&mut bare, upto, 1 << 16).unwrap(), values);
    assert!(!bare.is_windowed());

    // On two threads the ring is brought up to date after each epoch:
    // 0.6's rare heaps (the last at 20,627) lie behind a window of 4096.
    let c = code("0.6");
    let memory = Memory {
        window_after: 1 << 15,
        prefix: 1 << 16,
        window: 1 << 12,
        reach: 1 << 17,
        early: 0,
        full_limit: 1 << 30,
    };
    let upto = 200_000;
    let mut two = LongRun::new(&c, memory);
    two.set_threads(2);
    two.set_strict_threads(true);
    let values = run_all(&mut two, upto, 1 << 16).unwrap();
    assert!(two.is_windowed());
    assert_eq!(two.fell_back(), None);
    assert!(two.paired() > 100_000, "{}", two.paired());
    let full = grundy_sequence(&c, upto as usize, &mut |_| {});
    assert!(values == full.values, "the values differ");
}

#[test]
fn the_period_is_found_as_by_the_sequence_driver() {
    for text in ["0.07", "0.77", "0.137", "0.156"] {
        let c = code(text);
        let full = grundy_sequence(&c, 100_000, &mut |_| {});
        let mut run = LongRun::new(&c, Memory::default());
        let values = run_all(&mut run, 100_000, 1000).unwrap();
        assert_eq!(run.periodicity(), full.periodicity, "{text}");
        assert!(run.periodicity().is_some(), "{text}");
        assert_eq!(values, full.values[..values.len()].to_vec(), "{text}");
        assert_eq!(values, plain_values(&c, values.len()), "{text}");
    }
}

#[test]
fn a_value_no_longer_kept_makes_the_run_keep_every_value_again() {
    // A prefix of two values: the cover scan soon needs more, which the
    // window holds until it first slides (at 2^17 values) and the ring
    // (none here) never.
    let memory = Memory {
        window_after: 1 << 15,
        prefix: 2,
        window: 1 << 16,
        reach: 0,
        early: 0,
        full_limit: 1 << 30,
    };
    // 0.16's period is proven after 539,994 values, by the full array.
    let c = code("0.16");
    let upto = 600_000;
    for threads in [1, 2] {
        let mut run = LongRun::new(&c, memory);
        run.set_threads(threads);
        run.set_strict_threads(true);
        // The window is kept from heap 2^15 on, and given up once it
        // slides.
        let mut values = run_all(&mut run, memory.window, 4096).unwrap();
        assert!(run.is_windowed());
        assert_eq!(run.fell_back(), None);
        values.extend(run_all(&mut run, upto, 4096).unwrap());
        let gap = run.fell_back().expect("the window was given up");
        // One thread slides the window when full, two make room for an
        // epoch earlier.
        let slid = memory.window + 1..=2 * memory.window + 1;
        assert!(slid.contains(&(gap.heap as u64)), "{gap:?}");
        assert!(gap.needed >= 2, "{gap:?}");
        assert!(!run.is_windowed(), "every value kept from then on");
        let full = grundy_sequence(&c, upto as usize, &mut |_| {});
        assert!(full.periodicity.is_some());
        assert_eq!(run.periodicity(), full.periodicity, "found again");
        let n = values.len();
        assert!(n < upto as usize, "stopped at the proof");
        assert!(values == full.values[..n], "{threads} threads");
        assert!(run.values() == Some(&values[..]));
        assert_eq!(run.digest(), digest(DIGEST_START, &values));
    }
    // The first 2^18 values at two bytes each hold what the scans need:
    // the window is kept to the period's proof.
    let early = Memory {
        early: 1 << 18,
        ..memory
    };
    let mut run = LongRun::new(&c, early);
    run.set_threads(2);
    run.set_strict_threads(true);
    let short = 300_000;
    let values = run_all(&mut run, short, 4096).unwrap();
    assert_eq!(run.fell_back(), None);
    assert!(run.is_windowed());
    let full = grundy_sequence(&c, short as usize, &mut |_| {});
    assert!(values == full.values);
}

/// A window of 2^14 values from heap 2^13 on, with no ring nor early
/// values: too little for 0.354's rare heap at 50,793.
const RARE_FAR_OUT: Memory = Memory {
    window_after: 1 << 13,
    prefix: 1 << 14,
    window: 1 << 14,
    reach: 0,
    early: 0,
    full_limit: 1 << 20,
};

/// A paced run computes its values again a batch at a time: each call
/// returns after about its batch's time, with no new value until every one
/// is kept again, so a stop flag or time limit looked at between calls is
/// seen within a batch however many values there are to compute again. A
/// run saved meanwhile is the windowed one, and resumed it falls back again
/// to the same values.
#[test]
fn a_paced_run_falls_back_a_batch_at_a_time_and_can_be_saved_meanwhile() {
    use grundy::pace::Pacer;
    use std::time::Duration;

    // As in the test below: 0.354's rare heap at 50,793 needs G(16,384).
    let memory = RARE_FAR_OUT;
    let c = code("0.354");
    let upto = 60_000;
    let full = grundy_sequence(&c, upto as usize, &mut |_| {});
    let mut run = LongRun::new(&c, memory);
    // Batches of about 1 µs: a few values each.
    let mut pacer = Pacer::new(Duration::from_micros(1), 4096);
    let mut values = Vec::new();
    let (mut calls_catching_up, mut saved) = (0, None);
    while run.computed() < upto && run.periodicity().is_none() {
        let before = run.computed();
        run.advance_paced(&mut pacer, upto, &mut values).unwrap();
        if let Some(gap) = run.catching_up() {
            assert_eq!((gap.heap, gap.needed), (50_793, 16_384));
            assert_eq!(run.fell_back(), None);
            assert!(run.is_windowed());
            assert_eq!(values.len() as u64, run.computed());
            if run.computed() == before {
                calls_catching_up += 1;
            }
            if saved.is_none() && calls_catching_up == 3 {
                let mut bytes = Vec::new();
                Checkpoint::save_parts(&run, upto, 0, &mut bytes).unwrap();
                saved = Some(bytes);
            }
        }
    }
    assert!(calls_catching_up > 10, "{calls_catching_up} calls");
    assert_eq!(run.catching_up(), None);
    assert_eq!(run.fell_back().map(|g| g.heap), Some(50_793));
    assert!(values == full.values[..values.len()]);
    // Saved while catching up: the windowed run at heap 50,793.
    let mut resumed = Checkpoint::load(&mut saved.unwrap().as_slice())
        .unwrap()
        .run;
    assert!(resumed.is_windowed());
    assert_eq!(resumed.computed(), 50_793);
    let rest = run_all(&mut resumed, upto, 4096).unwrap();
    assert_eq!(resumed.fell_back().map(|g| g.heap), Some(50_793));
    assert!(rest == full.values[50_793..50_793 + rest.len()]);
    // Batches of a second: each at most four times the last (64, 256, …,
    // 16,384), the last cut to the values left: the call that meets the
    // gap does the first, four calls the next, and the sixth ends it
    // within the call that goes on with new values.
    let mut run = LongRun::new(&c, memory);
    let mut pacer = Pacer::new(Duration::from_secs(1), u64::MAX);
    let (mut values, mut calls_catching_up) = (Vec::new(), 0);
    while run.computed() < upto && run.periodicity().is_none() {
        let before = run.computed();
        run.advance_paced(&mut pacer, upto, &mut values).unwrap();
        if run.catching_up().is_some() && run.computed() == before {
            calls_catching_up += 1;
        }
    }
    assert_eq!(calls_catching_up, 4);
    assert_eq!(run.fell_back().map(|g| g.heap), Some(50_793));
    assert!(values == full.values[..values.len()]);
    assert!(run.values() == Some(&values[..]));
}

#[test]
fn a_rare_heap_far_out_makes_a_windowed_run_keep_every_value_again() {
    // 0.354 with a window of 2^14 values from heap 2^13 on: a new rare heap
    // at 33,407 scans splits the window still holds, but the one at
    // 50,793 needs G(16,384), which neither it nor the prefix holds.
    let memory = RARE_FAR_OUT;
    let c = code("0.354");
    let upto = 150_000;
    let full = grundy_sequence(&c, upto, &mut |_| {});
    let mut run = LongRun::new(&c, memory);
    run.set_threads(2);
    let mut values = run_all(&mut run, 20_000, 4096).unwrap();
    assert!(run.is_windowed());
    values.extend(run_all(&mut run, upto as u64, 4096).unwrap());
    assert_eq!(
        run.fell_back().map(|g| (g.heap, g.needed)),
        Some((50_793, 16_384))
    );
    assert!(!run.is_windowed());
    // The period is looked for again once every value is kept.
    assert_eq!(run.periodicity(), full.periodicity);
    assert!(values == full.values[..values.len()]);
    assert!(run.values() == Some(&values[..]));
}

#[test]
fn a_value_no_longer_kept_stops_the_run_at_the_full_limit() {
    // As above, but a full array may not hold the values computed.
    let memory = Memory {
        window_after: 1 << 15,
        prefix: 2,
        window: 1 << 17,
        reach: 0,
        early: 0,
        full_limit: 1 << 15,
    };
    let c = code("0.6");
    let mut run = LongRun::new(&c, memory);
    let err = run_all(&mut run, 300_000, 4096).unwrap_err();
    let RunError::Gap(gap) = err else {
        panic!("{err:?}")
    };
    assert_eq!(gap.heap as u64, (1 << 18) + 1, "{gap:?}");
    assert_eq!(run.computed(), gap.heap as u64, "nothing half done");
    assert!(run.is_windowed());
    assert!(err.to_string().contains("no longer keeps"), "{err}");
    let full = grundy_sequence(&c, gap.heap, &mut |_| {});
    assert_eq!(run.digest(), digest(DIGEST_START, &full.values));
}

#[test]
fn without_a_usable_sparse_space_the_full_array_has_a_limit() {
    // A window too small for 0.6's rare heaps (the last at 20627).
    let memory = Memory {
        window_after: 1 << 15,
        prefix: 1 << 15,
        window: 1 << 12,
        reach: 0,
        early: 0,
        full_limit: 40_000,
    };
    let mut run = LongRun::new(&code("0.6"), memory);
    let err = run_all(&mut run, 100_000, 4096).unwrap_err();
    assert_eq!(
        err,
        RunError::Full {
            at: 40_000,
            limit: 40_000
        }
    );
    assert!(!run.is_windowed());
    assert!(err.to_string().contains("no sparse space"), "{err}");
}

#[test]
fn the_memory_estimate_covers_what_a_run_holds() {
    let m = small();
    let e = m.estimate(1 << 20);
    // Both count the first 2^16 values kept backwards for the scans.
    let reversed = 4 << 16;
    assert_eq!(e.full_bytes, (8 << 20) + reversed);
    // The period search's proposal tables: 2 MiB and 64 KiB.
    let search = (2 << 20) + (64 << 10);
    assert_eq!(
        e.windowed_bytes,
        Some(4 * ((1 << 17) + 2 * (1 << 17)) + 2 * 2 * (1 << 18) + search + reversed)
    );
    // A ring and early values no longer than the run.
    let short = m.estimate(1 << 17).windowed_bytes;
    assert_eq!(
        short,
        Some(4 * ((1 << 17) + 2 * (1 << 17)) + 2 * 2 * (1 << 17) + search + reversed)
    );
    let early = Memory {
        window_after: 1 << 20,
        ..m
    };
    assert_eq!(
        early.estimate(1 << 22).windowed_bytes,
        Some((8 << 20) + reversed)
    );
    assert_eq!(m.estimate(1000).windowed_bytes, None);
    assert_eq!(m.estimate(m.window_after).windowed_bytes, None);
    assert!(m.estimate(m.window_after + 1).windowed_bytes.is_some());
    let big = Memory::default().estimate(1 << 40);
    assert_eq!(big.full_bytes, 8 * 500_000_000 + reversed);
    assert!(big.windowed_bytes.unwrap() < 1 << 30, "within 1 GiB");
    // Periods up to the ring less a feeding step: 0.1777's 60,620,715
    // fits by default.
    assert_eq!(m.longest_period(), (1 << 18) - (1 << 16));
    assert_eq!(Memory::default().longest_period(), (1 << 26) - (1 << 16));
    let no_ring = Memory { reach: 0, ..m };
    assert_eq!(no_ring.longest_period(), (1 << 17) - (1 << 16));
    let tiny = Memory {
        reach: 0,
        window: 100,
        ..m
    };
    assert_eq!(tiny.longest_period(), 0);
}

fn save(run: LongRun, upto: u64) -> Vec<u8> {
    let mut bytes = Vec::new();
    Checkpoint {
        run,
        upto,
        values_bytes: 1234,
    }
    .save(&mut bytes)
    .unwrap();
    bytes
}

#[test]
fn a_resumed_run_ends_with_the_uninterrupted_runs_values() {
    for text in ["0.161", "0.6", "0.07"] {
        let c = code(text);
        let upto = 150_000;
        let mut whole = LongRun::new(&c, small());
        let all = run_all(&mut whole, upto, 50_000).unwrap();
        // Stopped twice: once with every value kept, once windowed.
        let mut values = Vec::new();
        let mut run = LongRun::new(&c, small());
        for stop in [20_000, 90_000, upto] {
            while run.computed() < stop && run.periodicity().is_none() {
                run.advance(stop - run.computed(), &mut values).unwrap();
            }
            let bytes = save(run, upto);
            let back = Checkpoint::load(&mut bytes.as_slice()).unwrap();
            assert_eq!((back.upto, back.values_bytes), (upto, 1234));
            assert_eq!(
                save(back.run, upto),
                bytes,
                "{text}: saved again, the same bytes"
            );
            run = Checkpoint::load(&mut bytes.as_slice()).unwrap().run;
        }
        run.finish();
        assert_eq!(values, all, "{text}");
        assert_eq!(run.digest(), whole.digest(), "{text}");
        assert_eq!(run.periodicity(), whole.periodicity(), "{text}");
        assert_eq!(run.is_windowed(), whole.is_windowed(), "{text}");
    }
}

#[test]
fn damaged_checkpoints_are_refused() {
    let mut run = LongRun::new(&code("0.161"), small());
    run_all(&mut run, 70_000, 70_000).unwrap();
    assert!(run.is_windowed());
    // The period search comes last.
    let search = search_bytes(&run) as usize;
    assert!(search > 2 << 20, "{search}: the proposal tables are saved");
    let good = save(run, 70_000);
    let load = |bytes: &[u8]| Checkpoint::load(&mut &bytes[..]).map(|_| ());
    assert!(load(&good).is_ok());
    assert!(matches!(load(b"hello"), Err(CheckpointError::Foreign)));
    assert!(matches!(load(b""), Err(CheckpointError::Foreign)));
    let mut version = good.clone();
    version[8] = 7;
    assert!(matches!(load(&version), Err(CheckpointError::Version(7))));
    for cut in [12, 20, 100, good.len() / 2, good.len() - 1] {
        let err = load(&good[..cut]).unwrap_err();
        assert!(
            matches!(err, CheckpointError::Length(_)),
            "cut at {cut}: {err}"
        );
    }
    let mut longer = good.clone();
    longer.push(0);
    assert!(matches!(load(&longer), Err(CheckpointError::Length(_))));
    // Any flipped bit in the body or the checksum.
    for at in [
        20,
        21,
        30,
        200,
        good.len() / 3,
        good.len() - 5,
        good.len() - 1,
    ] {
        let mut bad = good.clone();
        bad[at] ^= 0x10;
        let err = load(&bad).unwrap_err();
        assert!(matches!(err, CheckpointError::Checksum), "byte {at}: {err}");
        assert!(err.to_string().contains("damaged"));
    }
    // A body with a valid checksum but parts that disagree: the histogram
    // count in the body, rewritten with a fresh checksum.
    let body = &good[20..good.len() - 4];
    let reseal = |body: &[u8]| {
        let mut b = good[..20].to_vec();
        b[12..20].copy_from_slice(&(body.len() as u64).to_le_bytes());
        b.extend_from_slice(body);
        b.extend_from_slice(&crc32fast_hash(body).to_le_bytes());
        b
    };
    assert!(
        load(&reseal(body)).is_ok(),
        "resealing alone changes nothing"
    );
    let mut short = body.to_vec();
    short.truncate(body.len() - 4);
    let err = load(&reseal(&short)).unwrap_err();
    assert!(matches!(err, CheckpointError::Inconsistent(_)), "{err}");
    // The run holds 70,000 values, all in its ring of 2^18 and its early
    // values (2^18 of them): the body ends with the ring's count and
    // values at two bytes each, then the early values', after the tail,
    // and then the period search.
    let searched = body.len() - search;
    assert_eq!(body[searched], 1, "a search");
    let early_at = searched - 2 * 70_000;
    assert_eq!(body[early_at - 8..early_at], 70_000u64.to_le_bytes());
    let ring_at = early_at - 8 - 2 * 70_000;
    assert_eq!(body[ring_at - 8..ring_at], 70_000u64.to_le_bytes());
    // The last early value, the ring's, and the tail's: a huge value lies
    // outside the histogram.
    for at in [searched - 2, early_at - 8 - 2] {
        let mut flipped = body.to_vec();
        flipped[at..at + 2].copy_from_slice(&u16::MAX.to_le_bytes());
        let err = load(&reseal(&flipped)).unwrap_err();
        assert!(err.to_string().contains("outside the histogram"), "{err}");
    }
    let mut flipped = body.to_vec();
    let at = ring_at - 8 - 4;
    flipped[at..at + 4].copy_from_slice(&u32::MAX.to_le_bytes());
    let err = load(&reseal(&flipped)).unwrap_err();
    assert!(err.to_string().contains("outside the histogram"), "{err}");
    // A ring of another length than the values computed (within the
    // reach) is refused: one value fewer.
    let mut ring = body[..ring_at - 8].to_vec();
    ring.extend_from_slice(&69_999u64.to_le_bytes());
    ring.extend_from_slice(&body[ring_at + 2..]);
    let err = load(&reseal(&ring)).unwrap_err();
    assert!(err.to_string().contains("the ring holds 69999"), "{err}");
    let mut early = body[..early_at - 8].to_vec();
    early.extend_from_slice(&69_999u64.to_le_bytes());
    early.extend_from_slice(&body[early_at + 2..]);
    let err = load(&reseal(&early)).unwrap_err();
    assert!(err.to_string().contains("69999 early values"), "{err}");
    // A mask far beyond the values (its lookup table would be huge): the
    // mask sits after the code (4 + 5 bytes), the memory plan (48), the
    // target, file length and digest (24), the period (17) and the next
    // check (8).
    let mut mask = body.to_vec();
    let at = 4 + 5 + 48 + 24 + 17 + 8;
    assert_ne!(&mask[at..at + 4], &[0, 0, 0, 0], "a mask is there");
    mask[at..at + 4].copy_from_slice(&0xffff_fff0u32.to_le_bytes());
    let err = load(&reseal(&mask)).unwrap_err();
    assert!(
        err.to_string().contains("beyond the values' range"),
        "{err}"
    );
    // The period search: a flag, the first heap, the heaps fed and the
    // hash (three u64), 32 u32 values, the candidates' count, the
    // candidates (17 bytes each), then the tables.
    let fed = searched + 9;
    let candidates = searched + 1 + 24 + 128;
    let count = u64::from_le_bytes(body[candidates..candidates + 8].try_into().unwrap()) as usize;
    let tables = candidates + 8 + 17 * count;
    for (at, bytes, why) in [
        (searched, vec![2], "the period search is malformed"),
        (
            fed,
            70_001u64.to_le_bytes().to_vec(),
            "does not match the values computed",
        ),
        (
            candidates,
            17u64.to_le_bytes().to_vec(),
            "the period search is malformed",
        ),
        (
            tables,
            4095u64.to_le_bytes().to_vec(),
            "a proposal table of 4095 slots, not 4096",
        ),
        // A code the periodicity theorem does not hold for (a constraint)
        // has no search.
        (4, b"0.16!".to_vec(), "does not match the values computed"),
    ] {
        let mut bad = body.to_vec();
        bad[at..at + bytes.len()].copy_from_slice(&bytes);
        let err = load(&reseal(&bad)).unwrap_err();
        assert!(err.to_string().contains(why), "{why}: {err}");
    }
}

#[test]
fn a_version_1_checkpoint_is_still_read() {
    // Version 1 had no reach or early in the memory plan and no ring or
    // early values after the tail, version 2 no period search. A windowed
    // run without them, saved as version 3 and cut back to version 1 by
    // hand, resumes as it was.
    let c = code("0.161");
    let memory = Memory {
        reach: 0,
        early: 0,
        ..small()
    };
    let mut run = LongRun::new(&c, memory);
    let mut values = run_all(&mut run, 70_000, 70_000).unwrap();
    assert!(run.is_windowed());
    let search = search_bytes(&run) as usize;
    let v3 = save(run, 150_000);
    assert_eq!(v3[8..12], 3u32.to_le_bytes());
    let body = &v3[20..v3.len() - 4 - search];
    // The code (4 + 5 bytes), then window after, prefix, window, reach,
    // early.
    let reach = 4 + 5 + 24;
    assert_eq!(body[reach..reach + 16], [0; 16], "no reach, no early");
    assert_eq!(body[body.len() - 16..], [0; 16], "no ring, no early");
    let mut old = body[..reach].to_vec();
    old.extend_from_slice(&body[reach + 16..body.len() - 16]);
    let mut v1 = b"GRUNDYCK".to_vec();
    v1.extend_from_slice(&1u32.to_le_bytes());
    v1.extend_from_slice(&(old.len() as u64).to_le_bytes());
    v1.extend_from_slice(&old);
    v1.extend_from_slice(&crc32fast_hash(&old).to_le_bytes());
    let mut back = Checkpoint::load(&mut v1.as_slice()).unwrap();
    assert_eq!(back.upto, 150_000);
    back.run.advance(80_000, &mut values).unwrap();
    let full = grundy_sequence(&c, 150_000, &mut |_| {});
    assert!(values == full.values, "resumed from version 1");
    // Saved again, it is version 3, with a period search started afresh.
    assert!(back.run.period_search().is_some());
    assert_eq!(save(back.run, 150_000)[8..12], 3u32.to_le_bytes());
    // Version 4 is refused.
    let mut v4 = v3.clone();
    v4[8] = 4;
    let err = Checkpoint::load(&mut v4.as_slice()).err().unwrap();
    assert!(matches!(err, CheckpointError::Version(4)), "{err}");
}

#[test]
fn a_version_2_checkpoint_starts_its_period_search_afresh() {
    // 0.56 (period 144 from 326,640), windowed from heap 2^14, saved at
    // 400,000 with its candidate found, then cut back to version 2 (no
    // search): resumed, a new search is fed the window's 2^14 values,
    // finds the candidate again (its start through the ring), and proves
    // the period at the same heap as the run resumed with its search.
    let c = code("0.56");
    let mut run = LongRun::new(&c, window_from(1 << 14, 1 << 18));
    run_all(&mut run, 400_000, 100_000).unwrap();
    let search = run.period_search().expect("a search");
    assert!(
        search
            .candidates()
            .iter()
            .any(|c| c.period == 144 && c.start == Some(326_640)),
        "{:?}",
        search.candidates()
    );
    let cut = search_bytes(&run) as usize;
    let v3 = save(run, 700_000);
    let mut back = Checkpoint::load(&mut v3.as_slice()).unwrap();
    let body = &v3[20..v3.len() - 4 - cut];
    let mut v2 = b"GRUNDYCK".to_vec();
    v2.extend_from_slice(&2u32.to_le_bytes());
    v2.extend_from_slice(&(body.len() as u64 + 1).to_le_bytes());
    v2.extend_from_slice(body);
    // A version 2 body ended with the early values.
    v2.push(0);
    let mut sealed = body.to_vec();
    sealed.push(0);
    v2.extend_from_slice(&crc32fast_hash(&sealed).to_le_bytes());
    let err = Checkpoint::load(&mut v2.as_slice()).err().unwrap();
    assert!(
        err.to_string().contains("bytes after the last part"),
        "{err}"
    );
    v2.truncate(20);
    v2[12..20].copy_from_slice(&(body.len() as u64).to_le_bytes());
    v2.extend_from_slice(body);
    v2.extend_from_slice(&crc32fast_hash(body).to_le_bytes());
    let mut old = Checkpoint::load(&mut v2.as_slice()).unwrap();
    let again = old.run.period_search().unwrap();
    assert_eq!(again.fed(), 400_000);
    assert_eq!(
        again.candidates(),
        [Candidate {
            period: 144,
            start: Some(326_640)
        }]
    );
    let expected = Some(Periodicity {
        period: 144,
        preperiod: 326_640,
    });
    for run in [&mut back.run, &mut old.run] {
        run_all(run, 700_000, 100_000).unwrap();
        assert_eq!(run.periodicity(), expected);
        assert_eq!(
            run.computed(),
            655_360,
            "the first multiple of 2^14 from 653,571"
        );
    }
}

/// CRC-32 (IEEE), bit by bit: independent of the crate the library uses.
fn crc32fast_hash(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[test]
fn two_threads_give_the_values_of_one() {
    // 0.6 and 0.161 find rare heaps after the sparse space is chosen (at
    // 4096 values), so epochs stop at them; 0.36 and 0.16 go windowed;
    // Grundy's game splits without taking a token.
    for text in [
        "0.6", "0.161", "0.36", "0.16", "0.56", "0.07", "4.07", "4!.0",
    ] {
        let c = code(text);
        let upto = 200_000;
        let mut one = LongRun::new(&c, small());
        let mut two = LongRun::new(&c, small());
        two.set_threads(2);
        let a = run_all(&mut one, upto, 30_001).unwrap();
        let b = run_all(&mut two, upto, 30_001).unwrap();
        assert_eq!(a.len(), b.len(), "{text}");
        assert!(a == b, "{text}: the values differ");
        assert_eq!(one.digest(), two.digest(), "{text}");
        assert_eq!(one.periodicity(), two.periodicity(), "{text}");
        assert_eq!(one.is_windowed(), two.is_windowed(), "{text}");
        assert_eq!(one.kept_prefix(), two.kept_prefix(), "{text}");
        // The sparse space is chosen again at each power of two on two
        // threads as on one (an epoch that ended at one used to skip it).
        assert_eq!(one.sparse_space(), two.sparse_space(), "{text}");
        assert_eq!(one.paired(), 0, "{text}");
        if two.is_windowed() {
            // The window was kept at 2^16 values; the prefix grew to 2^17.
            assert_eq!(two.kept_prefix(), 1 << 17, "{text}");
        }
    }
    // And against the plain rule, on a code that splits with and without
    // taking the single heap G(n − 1), two threads even on a busy machine:
    // once the sparse space is chosen, all but the rare heaps in pairs.
    let c = code("0.6");
    let mut two = LongRun::new(&c, Memory::default());
    two.set_threads(2);
    two.set_strict_threads(true);
    let values = run_all(&mut two, 40_000, 40_000).unwrap();
    assert_eq!(values, plain_values(&c, 40_000));
    assert!(two.paired() > 20_000, "{}", two.paired());
}

/// The value histogram of 0.161 over heaps 1 … 2^24, as published by A.
/// Rogalski's solver (github.com/rogalski-wmii-uni-lodz-pl/octal, file
/// `results/0.161/16777216`: one line "value count" per value; its counts
/// add up to 2^24, heap 0 not counted), computed here on two threads with
/// the window, the ring and the blocks of the common pass.
#[test]
fn the_histogram_of_0_161_at_2_24_is_rogalskis() {
    let published: Vec<u64> = include_str!("data/rogalski-0.161-16777216.txt")
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let (value, count) = line.split_once(' ').unwrap();
            assert_eq!(value.parse::<usize>().unwrap(), i);
            count.parse().unwrap()
        })
        .collect();
    assert_eq!(published.iter().sum::<u64>(), 1 << 24);
    let mut run = LongRun::new(&code("0.161"), Memory::default());
    run.set_threads(2);
    let mut out = Vec::new();
    while run.computed() < (1 << 24) + 1 {
        run.advance(((1 << 24) + 1 - run.computed()).min(1 << 22), &mut out)
            .unwrap();
        out.clear();
    }
    assert_eq!(run.periodicity(), None);
    assert_eq!(run.histogram(), &published[..]);
}

/// The full check, too long for every CI run (more than an hour
/// on two cores): every code of 0.?? and 0.??? that goes windowed by 2^17
/// values (with a prefix and window of 2^18), windowed against full up to
/// 10^6 values (a code that needs a value the window dropped goes on with
/// the full array rather than guessing),
/// and 0.161, 0.6 and 0.16 up to 10^7. Run with
/// `cargo test --release -p grundy --test suite -- --ignored octal_run::windowed_equals_full_at_scale`;
/// `GRUNDY_SCALE_FROM=0.26` starts at a code (`0.777` for little more than
/// the 10^7 runs).
#[test]
#[ignore]
fn windowed_equals_full_at_scale() {
    let memory = Memory {
        window_after: 1 << 17,
        prefix: 1 << 18,
        window: 1 << 18,
        reach: 0,
        early: 0,
        full_limit: 1 << 30,
    };
    let mut codes = Vec::new();
    for d1 in 0..8u32 {
        for d2 in 0..8u32 {
            codes.push(format!("0.{d1}{d2}"));
            for d3 in 1..8u32 {
                codes.push(format!("0.{d1}{d2}{d3}"));
            }
        }
    }
    // GRUNDY_SCALE_FROM=0.26 starts at that code (to go on after a stop).
    if let Ok(from) = std::env::var("GRUNDY_SCALE_FROM") {
        let start = codes
            .iter()
            .position(|c| *c == from)
            .expect("a code 0.d or 0.dd or 0.ddd");
        codes.drain(..start);
    }
    let whole = codes.len() == 512;
    let mut windowed = Vec::new();
    let mut fell_back = Vec::new();
    for text in codes {
        let Ok(c) = text.parse::<OctalCode>() else {
            continue;
        };
        if c.to_string() != text {
            continue; // 0.10 is 0.1
        }
        let mut run = LongRun::new(&c, memory);
        run.set_threads(2);
        let mut values = run_all(&mut run, memory.window_after + 1, 1 << 16).unwrap();
        if !run.is_windowed() {
            continue;
        }
        let upto = 1_000_000;
        // A code whose split scan reaches back past the kept prefix computes
        // every value again and goes on with the full array (never a
        // guessed value), and may then prove a period.
        values.extend(run_all(&mut run, upto, 1 << 16).unwrap());
        assert_eq!(values.len() as u64, run.computed(), "{c}");
        // The full array may prove a period first (0.16 does, at 539,994
        // values): past it, the windowed values must follow the period.
        let full = grundy_sequence(&c, upto as usize, &mut |_| {});
        for (n, &v) in values.iter().enumerate() {
            let want = full.value(n as u64).map(|g| g.value() as u32);
            assert_eq!(Some(v), want, "{c}: G({n})");
        }
        assert!(
            values.len() as u64 == upto || run.periodicity().is_some(),
            "{c}"
        );
        match run.fell_back() {
            None => {
                eprintln!("{c}: windowed = full up to {}", values.len());
                windowed.push(text);
            }
            Some(gap) => {
                eprintln!(
                    "{c}: windowed = full up to {} values ({gap}: full array from there)",
                    values.len()
                );
                fell_back.push(text);
            }
        }
    }
    eprintln!("{} codes windowed to 10^6: {windowed:?}", windowed.len());
    eprintln!(
        "{} codes fell back to the full array: {fell_back:?}",
        fell_back.len()
    );
    if whole {
        assert!(windowed.len() >= 10, "{windowed:?}");
        assert!(fell_back.len() <= windowed.len(), "{fell_back:?}");
    }
    // 0.16 is proven periodic after 539,994 values when every value is
    // kept; windowed from 2^17 it goes on, and must follow its period. 0.6's
    // cover scans reach past a 2^18 prefix (a = 431,340 by 2^22 values), so
    // it keeps a prefix and window of 2^22 from 2^20 values on.
    let wide = Memory {
        window_after: 1 << 20,
        prefix: 1 << 22,
        window: 1 << 22,
        reach: 0,
        early: 0,
        full_limit: 1 << 30,
    };
    for (text, memory) in [("0.161", memory), ("0.6", wide), ("0.16", memory)] {
        let c = code(text);
        let upto = 10_000_000;
        let mut run = LongRun::new(&c, memory);
        run.set_threads(2);
        let values = run_all(&mut run, upto, 1 << 16).unwrap();
        assert_eq!(run.fell_back(), None, "{text}");
        assert!(run.is_windowed(), "{text}");
        assert_eq!(values.len() as u64, upto, "{text}");
        let full = grundy_sequence(&c, upto as usize, &mut |_| {});
        for (n, &v) in values.iter().enumerate() {
            let want = full.value(n as u64).map(|g| g.value() as u32);
            assert_eq!(Some(v), want, "{text}: G({n})");
        }
        eprintln!(
            "{text}: windowed = full up to {upto} values (full computed {}, period {:?})",
            full.values.len(),
            full.periodicity
        );
    }
}

/// A prefix of 2^12 values and a window of 2^14 from heap `after` on,
/// with a ring and early values of `reach`.
fn window_from(after: u64, reach: u64) -> Memory {
    Memory {
        window_after: after,
        prefix: 1 << 12,
        window: 1 << 14,
        reach,
        early: reach,
        full_limit: 1 << 30,
    }
}

/// A windowed run of `text` on `threads` with a small window from `after`
/// values on and a ring of `reach`, to `upto` values: its period and where
/// it stopped.
fn windowed_period(
    text: &str,
    threads: usize,
    after: u64,
    reach: u64,
    upto: u64,
) -> (Option<Periodicity>, u64) {
    let mut run = LongRun::new(&code(text), window_from(after, reach));
    run.set_threads(threads);
    run.set_strict_threads(true);
    run_all(&mut run, upto, 100_003).unwrap();
    assert_eq!(run.fell_back(), None, "{text}");
    if threads > 1 {
        // Windowed epochs run up to each feeding point, not past it.
        assert!(
            run.paired() > run.computed() / 2,
            "{text}: {}",
            run.paired()
        );
    }
    assert!(run.is_windowed(), "{text}");
    (run.periodicity(), run.computed())
}

/// Long periods published (Flammenkamp's table; OEIS A071504 for 0.16),
/// found by a run that keeps only a window of 2^14 values from heap 2^14
/// on, equal the full array's (tests/octal.rs), on one thread and on two,
/// which stop at the same heap: the first multiple of 2^14 (the window)
/// from the proof on. (0.376 has no sparse space and is never windowed;
/// tests/octal.rs feeds its values to the search through a window.)
#[test]
fn windowed_runs_find_the_full_arrays_periods() {
    for (text, period, preperiod, threads, reach) in [
        ("0.16", 149_459, 105_351, &[1, 2][..], 1 << 18),
        ("0.56", 144, 326_640, &[1, 2], 1 << 18),
        // Heap 8,752,669 reads G(4,558,364): the early values reach it.
        ("0.354", 1_180, 10_061_916, &[2], 1 << 23),
    ] {
        let proof = 2 * preperiod + 2 * period + 3;
        let upto = (proof + (1 << 20)) as u64;
        let mut stops = Vec::new();
        for &threads in threads {
            let (found, computed) = windowed_period(text, threads, 1 << 14, reach, upto);
            assert_eq!(found, Some(Periodicity { period, preperiod }), "{text}");
            stops.push(computed);
        }
        let stop = (proof as u64).div_ceil(1 << 14) * (1 << 14);
        assert!(
            stops.iter().all(|&s| s == stop),
            "{text}: {stops:?}, not {stop}"
        );
    }
}

/// Flammenkamp's period of 0.1777 (OEIS A071509: period 60,620,715, the
/// last exception at n = 160,949,017), proven by a run with the CLI's
/// memory plan: 450 million values would be 1.7 GiB at 4 bytes each; the
/// run keeps 271 MiB. Slow (about 95 s on two cores in release):
/// `cargo test --release -p grundy --test suite -- --ignored octal_run::flammenkamp`.
#[test]
#[ignore]
fn flammenkamps_period_of_0_1777() {
    let mut run = LongRun::new(&code("0.1777"), Memory::default());
    run.set_threads(2);
    let mut out = Vec::new();
    while run.computed() < 450_000_000 && run.periodicity().is_none() {
        out.clear();
        run.advance(1 << 22, &mut out).unwrap();
    }
    assert!(run.is_windowed());
    assert_eq!(
        run.periodicity(),
        Some(Periodicity {
            period: 60_620_715,
            preperiod: 160_949_018
        })
    );
    // Proven at 2·160,949,018 + 2·60,620,715 + 3 = 443,139,469 values,
    // and stopped at the next multiple of 2^16.
    assert_eq!(run.computed(), 443_154_432);
    assert!(run.bytes() < 270 << 20, "{}", run.bytes());
}

/// A run's pacer starts with one value for a code that splits in three
/// (its values cost ~n² splits each), with 64 for the others.
#[test]
fn a_run_of_a_code_splitting_in_three_paces_from_one_value() {
    let target = std::time::Duration::from_millis(20);
    let three = LongRun::new(&code("0.8"), Memory::default());
    assert_eq!(three.pacer(target, 1 << 16).next(), 1);
    let two = LongRun::new(&code("0.07"), Memory::default());
    assert_eq!(two.pacer(target, 1 << 16).next(), 64);
    assert_eq!(two.pacer(target, 10).next(), 10);
}

/// A value of a code that splits a heap into three is some n²/12 splits:
/// a paced run returns part way through one when its batch's time is up,
/// and the next call goes on from there. With batches of no time at all,
/// each call past heap ~220 (4,096 splits) returns after one look with no
/// new value, or with the value it finished; the values are the literal
/// rules' all the same, and a checkpoint saved part way through a value
/// resumes to them too.
#[test]
fn a_paced_run_returns_part_way_through_a_value_of_a_code_splitting_in_three() {
    use grundy::pace::Pacer;
    use std::time::Duration;

    let c = code("0.8");
    let upto = 700;
    let literal = plain_values(&c, upto as usize);
    let mut run = LongRun::new(&c, Memory::default());
    run.advance(600, &mut Vec::new()).unwrap();
    let mut pacer = Pacer::new(Duration::ZERO, 1 << 16);
    let mut values = literal[..600].to_vec();
    let (mut calls, mut empty, mut saved) = (0, 0, None);
    while run.computed() < upto {
        let before = run.computed();
        run.advance_paced(&mut pacer, upto, &mut values).unwrap();
        calls += 1;
        assert!(run.computed() - before <= 1, "one value a call at most");
        if run.computed() == before {
            empty += 1;
            if saved.is_none() {
                let mut bytes = Vec::new();
                Checkpoint::save_parts(&run, upto, 0, &mut bytes).unwrap();
                saved = Some(bytes);
            }
        }
    }
    // Heap 600 has some 30,000 splits (7 looks), heap 699 40,600 (9 or
    // 10): seven to ten calls a value.
    assert!((7 * 100..=10 * 100).contains(&calls), "{calls} calls");
    assert_eq!(calls - empty, 100);
    assert!(values == literal, "the values of a run stopped part way");
    let mut resumed = Checkpoint::load(&mut saved.unwrap().as_slice())
        .unwrap()
        .run;
    assert_eq!(resumed.computed(), 600);
    assert!(run_all(&mut resumed, upto, 64).unwrap() == literal[600..]);
    // Batches of an hour: no call returns part way through a value.
    let mut pacer = Pacer::new(Duration::from_secs(3600), 1 << 16);
    let mut values = Vec::new();
    while resumed.computed() < upto + 50 {
        let before = resumed.computed();
        resumed
            .advance_paced(&mut pacer, upto + 50, &mut values)
            .unwrap();
        assert!(resumed.computed() > before, "a call with time left stopped");
    }
    assert!(values == plain_values(&c, upto as usize + 50)[upto as usize..]);
}

/// `grundy_sequence_while`, the values behind `solve` and the playground,
/// asks whether to go on part way through a value of a code that splits a
/// heap into three, not only every 1,024 values (0.8's first 1,024 take a
/// fifth of a second; its values near heap 8,000, half a minute).
#[test]
fn a_sequence_of_a_code_splitting_in_three_stops_part_way_through_a_value() {
    let c = code("0.8");
    let mut looks = 0;
    let stopped = grundy::games::octal::grundy_sequence_while(&c, 10_000, &mut |done| {
        looks += 1;
        // The first look past heap 600.
        done < 600
    })
    .expect_err("stopped");
    assert_eq!(stopped.values.len(), 600);
    assert!(stopped.values == plain_values(&c, 600));
    assert!(looks > 100, "{looks} looks");
}
