//! The fast way through a stream of numbers separated by white space, and
//! through rows of Bomb cells.
//!
//! A chunk of input is classified 64 bytes at a time into two bit masks —
//! white space and newlines — with AVX2 or AVX-512 where the CPU has them
//! (asked once, in [`crate::cpu`]) and portable code elsewhere. Every token's
//! start is then known from the masks before any number is read, and each
//! number is read eight digits at a time ([`leading_number`]). Anything
//! unusual — a token that is not a number, a number of 20 digits, a token
//! too near the end of the chunk — stops the scan at the last point the
//! caller accepted, and the caller reads on the careful way, which names
//! the line and what was expected. So the fast path never decides an error
//! and never changes what is accepted.
//!
//! The SIMD classifiers are the only `unsafe` code here, each block with the
//! reason it is sound.
#![allow(unsafe_code)]

use super::scan::{is_space, leading_number, load8, mask_where};

/// What a scan's caller does with one number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// Take it, but a scan stopping later must resume before it (the caller
    /// forgets what it took since the last commit).
    Take,
    /// Take it, and the input up to it is done with.
    Commit,
    /// Take it, commit, and stop.
    CommitAndStop,
    /// Do not take it: stop before it (the careful path reads it).
    Stop,
}

/// How far a scan got: the bytes up to the last commit and the newlines
/// among them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Scanned {
    pub(crate) used: usize,
    pub(crate) newlines: u64,
}

/// Bytes a token must have after its start to be read here (three loads of
/// eight and its terminator).
pub(crate) const SLACK: usize = 25;

/// Which classifier to use; [`Isa::best`] picks the fastest the CPU has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Isa {
    Portable,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl Isa {
    pub(crate) fn best() -> Isa {
        #[cfg(target_arch = "x86_64")]
        {
            let f = crate::cpu::features();
            if f.judge_avx512() {
                return Isa::Avx512;
            }
            if f.judge_avx2() {
                return Isa::Avx2;
            }
        }
        Isa::Portable
    }

    /// Every classifier this CPU can run, for tests that hold them against
    /// each other.
    #[cfg(test)]
    pub(crate) fn available() -> Vec<Isa> {
        #[allow(unused_mut)]
        let mut all = vec![Isa::Portable];
        #[cfg(target_arch = "x86_64")]
        {
            let f = crate::cpu::features();
            if f.judge_avx2() {
                all.push(Isa::Avx2);
            }
            if f.judge_avx512() {
                all.push(Isa::Avx512);
            }
        }
        all
    }
}

/// Reads the numbers of `chunk` in order, handing each to `step`, until it
/// stops, a token is not a plain number below 10^19 followed by white
/// space, or the tokens left start too near the chunk's end. `chunk` must
/// start at white space or at the start of a token.
#[inline]
pub(crate) fn scan_numbers(chunk: &[u8], step: impl FnMut(u64) -> Step) -> Scanned {
    scan_numbers_with(Isa::best(), chunk, step)
}

/// [`scan_numbers`] with a given classifier.
#[inline]
pub(crate) fn scan_numbers_with(isa: Isa, chunk: &[u8], step: impl FnMut(u64) -> Step) -> Scanned {
    match isa {
        Isa::Portable => scan(chunk, step, classify_portable),
        // SAFETY: `Isa::Avx2` is only chosen (by `best` or `available`)
        // when the CPU has AVX2, POPCNT and BMI1.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 => unsafe { scan_avx2(chunk, step) },
        // SAFETY: `Isa::Avx512` is only chosen when the CPU has AVX-512 F
        // and BW, POPCNT and BMI1.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 => unsafe { scan_avx512(chunk, step) },
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt,bmi1")]
unsafe fn scan_avx2(chunk: &[u8], step: impl FnMut(u64) -> Step) -> Scanned {
    scan(chunk, step, |block| {
        // SAFETY: this function runs only where the CPU has AVX2.
        unsafe { classify_avx2(block) }
    })
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,popcnt,bmi1")]
unsafe fn scan_avx512(chunk: &[u8], step: impl FnMut(u64) -> Step) -> Scanned {
    scan(chunk, step, |block| {
        // SAFETY: this function runs only where the CPU has AVX-512 F and BW.
        unsafe { classify_avx512(block) }
    })
}

/// The scan itself, with the block classifier inlined into it.
#[inline(always)]
fn scan(
    chunk: &[u8],
    mut step: impl FnMut(u64) -> Step,
    classify: impl Fn(&[u8; 64]) -> (u64, u64),
) -> Scanned {
    let limit = chunk.len().saturating_sub(SLACK);
    // The last commit: the bytes used, and the newlines before it as those
    // before its block plus a mask of those in its block, counted only
    // when the scan returns.
    let mut used = 0;
    let mut newlines_base = 0u64;
    let mut newlines_mask = 0u64;
    let done = |used: usize, base: u64, mask: u64| Scanned {
        used,
        newlines: base + u64::from(mask.count_ones()),
    };
    let mut newlines_before = 0u64;
    // Whether the byte before the block is white space: the chunk starts at
    // white space or at a token's start, so its first token starts there.
    let mut carry = 1u64;
    let mut block_start = 0;
    let mut short = [b' '; 64];
    while block_start < limit {
        let block: &[u8; 64] = match chunk.get(block_start..block_start + 64) {
            Some(block) => block.try_into().expect("64 bytes"),
            None => {
                // The last, short block: white space after the chunk's end
                // (no token starting there is read).
                let rest = &chunk[block_start..];
                short[..rest.len()].copy_from_slice(rest);
                &short
            }
        };
        let (space, newline) = classify(block);
        let mut starts = !space & ((space << 1) | carry);
        while starts != 0 {
            let i = starts.trailing_zeros() as usize;
            starts &= starts - 1;
            let start = block_start + i;
            if start >= limit {
                return done(used, newlines_base, newlines_mask);
            }
            let Some((value, len)) = read_token(chunk, start, space & (u64::MAX << i), i) else {
                return done(used, newlines_base, newlines_mask);
            };
            let stop = match step(value) {
                Step::Take => continue,
                Step::Stop => return done(used, newlines_base, newlines_mask),
                Step::Commit => false,
                Step::CommitAndStop => true,
            };
            // A number holds no newline: those before its end are those
            // before its start.
            used = start + len;
            newlines_base = newlines_before;
            newlines_mask = newline & ((1u64 << i) - 1);
            if stop {
                return done(used, newlines_base, newlines_mask);
            }
        }
        carry = space >> 63;
        newlines_before += u64::from(newline.count_ones());
        block_start += 64;
    }
    done(used, newlines_base, newlines_mask)
}

/// The number whose token starts at `chunk[start]`, byte `i` of its block,
/// and its length; `after` is the block's white space from byte `i` on.
/// The token's end comes from the mask when it ends in the block, and its
/// digits are read back from there; else it is read forward.
#[inline(always)]
pub(crate) fn read_token(chunk: &[u8], start: usize, after: u64, i: usize) -> Option<(u64, usize)> {
    if after != 0 && start >= 24 {
        let len = after.trailing_zeros() as usize - i;
        digits_ending_at(chunk, start + len, len).map(|v| (v, len))
    } else {
        leading_number(&chunk[start..])
    }
}

/// The value of the `len` bytes before `end`, if they are all digits and
/// the value is below 2^64; `end` is at least 24.
#[inline(always)]
fn digits_ending_at(chunk: &[u8], end: usize, len: usize) -> Option<u64> {
    let word = |back: usize| load8(&chunk[end - back..]);
    match len {
        // The last four bytes, in half the steps.
        1..=4 => right_digits4((word(8) >> 32) as u32, len),
        5..=8 => right_digits(word(8), len),
        9..=16 => Some(right_digits(word(16), len - 8)? * 100_000_000 + right_digits(word(8), 8)?),
        17..=20 => {
            let top = right_digits(word(24), len - 16)?;
            let low = right_digits(word(16), 8)? * 100_000_000 + right_digits(word(8), 8)?;
            top.checked_mul(10_000_000_000_000_000)?.checked_add(low)
        }
        _ => None,
    }
}

/// The number written by the last `len` (1 to 8) bytes of eight input
/// bytes (little-endian), if they are all digits: the bytes before them
/// are made `0` first, so that they lend nothing to the subtraction, and
/// the digits are combined pairwise as in [`digits8`](super::scan::digits8).
#[inline(always)]
fn right_digits(word: u64, len: usize) -> Option<u64> {
    let keep = u64::MAX << (8 * (8 - len));
    let word = (word & keep) | (0x3030_3030_3030_3030 & !keep);
    let t = word.wrapping_sub(0x3030_3030_3030_3030);
    if (t | t.wrapping_add(0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080 != 0 {
        return None;
    }
    let v = t.wrapping_mul(10 * 256 + 1) >> 8;
    let v = (v & 0x00FF_00FF_00FF_00FF).wrapping_mul(100 * 65_536 + 1) >> 16;
    Some((v & 0x0000_FFFF_0000_FFFF).wrapping_mul(10_000 * (1 << 32) + 1) >> 32)
}

/// The newline mask of a block by the classifier `isa`.
#[inline(always)]
pub(crate) fn newline_mask(isa: Isa, block: &[u8; 64]) -> u64 {
    match isa {
        Isa::Portable => mask_where(block, |b| b == b'\n'),
        // SAFETY: `Isa::Avx2` and `Isa::Avx512` are only chosen when the
        // CPU has AVX2 (which every AVX-512 CPU has).
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 | Isa::Avx512 => unsafe { newlines_avx2(block) },
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn newlines_avx2(block: &[u8; 64]) -> u64 {
    use std::arch::x86_64::*;
    let half = |offset: usize| {
        // SAFETY: `block` has 64 bytes, so both 32-byte loads are in bounds.
        let v = unsafe { _mm256_loadu_si256(block.as_ptr().add(offset).cast()) };
        let newline = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'\n' as i8));
        _mm256_movemask_epi8(newline) as u32 as u64
    };
    half(0) | half(32) << 32
}

/// [`right_digits`] of four bytes: the number written by their last `len`
/// (1 to 4).
#[inline(always)]
fn right_digits4(word: u32, len: usize) -> Option<u64> {
    let keep = u32::MAX << (8 * (4 - len));
    let word = (word & keep) | (0x3030_3030 & !keep);
    let t = word.wrapping_sub(0x3030_3030);
    if (t | t.wrapping_add(0x7676_7676)) & 0x8080_8080 != 0 {
        return None;
    }
    let v = t.wrapping_mul(10 * 256 + 1) >> 8;
    Some(u64::from(
        ((v & 0x00FF_00FF).wrapping_mul(100 * 65_536 + 1) >> 16) & 0xFFFF,
    ))
}

/// The white space and newline masks of a block by the classifier `isa`.
#[inline(always)]
pub(crate) fn classify_with(isa: Isa, block: &[u8; 64]) -> (u64, u64) {
    match isa {
        Isa::Portable => classify_portable(block),
        // SAFETY: `Isa::Avx2` is only chosen when the CPU has AVX2.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 => unsafe { classify_avx2(block) },
        // SAFETY: `Isa::Avx512` is only chosen when the CPU has AVX-512 F
        // and BW.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 => unsafe { classify_avx512(block) },
    }
}

/// White space (space, `\t`, `\n`, `\v`, `\f`, `\r`) and newline masks of
/// a block, bit k for byte k.
#[inline(always)]
fn classify_portable(block: &[u8; 64]) -> (u64, u64) {
    (
        mask_where(block, is_space),
        mask_where(block, |b| b == b'\n'),
    )
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn classify_avx2(block: &[u8; 64]) -> (u64, u64) {
    use std::arch::x86_64::*;
    let half = |offset: usize| {
        // SAFETY: `block` has 64 bytes, so both 32-byte loads are in bounds
        // (unaligned loads are allowed).
        let v = unsafe { _mm256_loadu_si256(block.as_ptr().add(offset).cast()) };
        let newline = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'\n' as i8));
        let blank = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b' ' as i8));
        // `\t`..=`\r` are 9..=13: an unsigned min(v, 13) == v and
        // max(v, 9) == v.
        let low = _mm256_cmpeq_epi8(_mm256_min_epu8(v, _mm256_set1_epi8(13)), v);
        let high = _mm256_cmpeq_epi8(_mm256_max_epu8(v, _mm256_set1_epi8(9)), v);
        let space = _mm256_or_si256(blank, _mm256_and_si256(low, high));
        (
            _mm256_movemask_epi8(space) as u32 as u64,
            _mm256_movemask_epi8(newline) as u32 as u64,
        )
    };
    let (space_lo, newline_lo) = half(0);
    let (space_hi, newline_hi) = half(32);
    (space_lo | space_hi << 32, newline_lo | newline_hi << 32)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
unsafe fn classify_avx512(block: &[u8; 64]) -> (u64, u64) {
    use std::arch::x86_64::*;
    // SAFETY: `block` has exactly 64 bytes (an unaligned load).
    let v = unsafe { _mm512_loadu_si512(block.as_ptr().cast()) };
    let newline = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(b'\n' as i8));
    let blank = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(b' ' as i8));
    // `\t`..=`\r`: v − 9 ≤ 4 unsigned.
    let control =
        _mm512_cmple_epu8_mask(_mm512_sub_epi8(v, _mm512_set1_epi8(9)), _mm512_set1_epi8(4));
    (blank | control, newline)
}

/// The `#` and `.` masks of a block of Bomb cells, bit k for byte k.
#[inline]
pub(crate) fn cell_masks(block: &[u8; 64]) -> (u64, u64) {
    cell_masks_with(Isa::best(), block)
}

#[inline]
fn cell_masks_with(isa: Isa, block: &[u8; 64]) -> (u64, u64) {
    match isa {
        Isa::Portable => (
            mask_where(block, |b| b == b'#'),
            mask_where(block, |b| b == b'.'),
        ),
        // SAFETY: `Isa::Avx2` is only chosen when the CPU has AVX2.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 => unsafe { cell_masks_avx2(block) },
        // SAFETY: `Isa::Avx512` is only chosen when the CPU has AVX-512 BW.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 => unsafe { cell_masks_avx512(block) },
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn cell_masks_avx2(block: &[u8; 64]) -> (u64, u64) {
    use std::arch::x86_64::*;
    let half = |offset: usize| {
        // SAFETY: `block` has 64 bytes, so both 32-byte loads are in bounds.
        let v = unsafe { _mm256_loadu_si256(block.as_ptr().add(offset).cast()) };
        let bomb = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'#' as i8));
        let empty = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'.' as i8));
        (
            _mm256_movemask_epi8(bomb) as u32 as u64,
            _mm256_movemask_epi8(empty) as u32 as u64,
        )
    };
    let (bomb_lo, empty_lo) = half(0);
    let (bomb_hi, empty_hi) = half(32);
    (bomb_lo | bomb_hi << 32, empty_lo | empty_hi << 32)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn cell_masks_avx512(block: &[u8; 64]) -> (u64, u64) {
    use std::arch::x86_64::*;
    // SAFETY: `block` has exactly 64 bytes (an unaligned load).
    let v = unsafe { _mm512_loadu_si512(block.as_ptr().cast()) };
    (
        _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(b'#' as i8)),
        _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(b'.' as i8)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_classifiers_agree_on_every_byte() {
        for isa in Isa::available() {
            for b in 0..=255u8 {
                for place in [0usize, 1, 31, 32, 33, 63] {
                    let mut block = [b'.'; 64];
                    block[place] = b;
                    let (bomb, empty) = cell_masks_with(isa, &block);
                    let bit = 1u64 << place;
                    assert_eq!(bomb, if b == b'#' { bit } else { 0 }, "{isa:?} {b}");
                    assert_eq!(empty | bit, !0, "{isa:?} {b}");
                    assert_eq!(empty & bit != 0, b == b'.', "{isa:?} {b}");
                }
            }
        }
    }

    /// Every byte value at every place of a block: each classifier agrees
    /// with `is_space` and `== b'\n'`.
    #[test]
    fn classifiers_agree_on_every_byte() {
        for isa in Isa::available() {
            for b in 0..=255u8 {
                for place in [0usize, 1, 31, 32, 33, 63] {
                    let mut block = [b'7'; 64];
                    block[place] = b;
                    let (space, newline) = classify_with(isa, &block);
                    let bit = 1u64 << place;
                    assert_eq!(space, if is_space(b) { bit } else { 0 }, "{isa:?} {b}");
                    assert_eq!(newline, if b == b'\n' { bit } else { 0 }, "{isa:?} {b}");
                    assert_eq!(newline_mask(isa, &block), newline, "{isa:?} {b}");
                }
            }
        }
    }

    /// The numbers, commits and stops of a scan, for comparison.
    fn run(isa: Isa, chunk: &[u8], stop_at: Option<u64>) -> (Vec<u64>, Scanned) {
        let mut seen = Vec::new();
        let scanned = scan_numbers_with(isa, chunk, |n| {
            if Some(n) == stop_at {
                return Step::Stop;
            }
            seen.push(n);
            if n % 2 == 0 {
                Step::Commit
            } else {
                Step::Take
            }
        });
        (seen, scanned)
    }

    /// A token with any byte that is not a digit anywhere in it, at every
    /// length the fast readers handle, is not taken for a number: the scan
    /// stops before it. With a digit in that place it is read.
    #[test]
    fn every_byte_in_every_place_of_a_number() {
        for isa in Isa::available() {
            for len in 1..=19usize {
                for place in 0..len {
                    for b in 0..=255u8 {
                        if is_space(b) {
                            continue;
                        }
                        let mut token = vec![b'1'; len];
                        token[place] = b;
                        // Far from the start and the end, so the number is read
                        // back from its end; then again from the chunk's start.
                        for lead in [40usize, 0] {
                            let mut chunk = vec![b' '; lead];
                            chunk.extend_from_slice(&token);
                            chunk.extend_from_slice(&[b' '; 40]);
                            let mut seen = Vec::new();
                            let scanned = scan_numbers_with(isa, &chunk, |n| {
                                seen.push(n);
                                Step::Commit
                            });
                            if b.is_ascii_digit() {
                                let text = std::str::from_utf8(&token).unwrap();
                                assert_eq!(seen, [text.parse::<u64>().unwrap()], "{isa:?} {text}");
                                assert_eq!(scanned.used, lead + len);
                            } else {
                                assert!(
                                    seen.is_empty(),
                                    "{isa:?} byte {b} at {place} of {len}: {seen:?}"
                                );
                                assert_eq!(scanned.used, 0);
                            }
                        }
                    }
                }
            }
        }
    }

    /// The entry point reads plain numbers itself, leaving nothing to the
    /// careful path but the slack.
    #[test]
    fn the_best_classifier_reads_a_plain_stream() {
        let text = "31 4 159 26535 8979 3238462643 383279502884197169 39937\n".repeat(8);
        let mut count = 0;
        let scanned = scan_numbers(text.as_bytes(), |_| {
            count += 1;
            Step::Commit
        });
        // All but the tokens that start in the slack (at most 20 digits).
        assert!(
            scanned.used + SLACK + 20 >= text.len(),
            "{scanned:?} of {}",
            text.len()
        );
        assert!(count >= 60 && scanned.newlines == 7, "{count} {scanned:?}");
    }

    #[test]
    fn numbers_lines_and_stops() {
        let text = b"12 7\n\n 40\t1000000000000000000\r\n3 8 x 9";
        let mut chunk = text.to_vec();
        chunk.extend_from_slice(&[b' '; 32]);
        for isa in Isa::available() {
            let (seen, scanned) = run(isa, &chunk, None);
            assert_eq!(
                seen,
                [12, 7, 40, 1_000_000_000_000_000_000, 3, 8],
                "{isa:?}"
            );
            // The last commit is after 8, on line 4 (three newlines before).
            let used = text.iter().position(|&b| b == b'x').unwrap() - 1;
            assert_eq!(scanned, Scanned { used, newlines: 3 }, "{isa:?}");
            // A stop before 40 leaves the commit after 12 (7 is uncommitted).
            let (seen, scanned) = run(isa, &chunk, Some(40));
            assert_eq!(seen, [12, 7]);
            assert_eq!(
                scanned,
                Scanned {
                    used: 2,
                    newlines: 0
                }
            );
        }
    }

    #[test]
    fn long_numbers_and_tokens_near_the_end_are_left() {
        // Past 2^64 is left to the careful path; so is a token too near
        // the end.
        let mut chunk = b"4 18446744073709551616 6".to_vec();
        chunk.extend_from_slice(&[b' '; 40]);
        for isa in Isa::available() {
            assert_eq!(run(isa, &chunk, None).0, [4]);
            let mut max = b"18446744073709551615 3".to_vec();
            max.extend_from_slice(&[b' '; 40]);
            assert_eq!(run(isa, &max, None).0, [u64::MAX, 3]);
            assert_eq!(run(isa, b"2 4 6", None), (vec![], Scanned::default()));
        }
    }

    /// Random streams of numbers and white space across many blocks: every
    /// classifier reads what a plain split reads, up to the slack.
    #[test]
    fn random_streams_equal_a_plain_split() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..300 {
            let mut text = Vec::new();
            while text.len() < 3000 {
                let digits = 1 + next() % 20;
                let first = b'1' + (next() % 9) as u8;
                if digits == 20 {
                    // Twenty digits below 2^64 ≈ 1.8·10^19.
                    text.extend_from_slice(&[b'1', b'0' + (next() % 8) as u8]);
                } else {
                    text.push(if digits == 1 && next() % 4 == 0 {
                        b'0'
                    } else {
                        first
                    });
                }
                for _ in 1..digits - u64::from(digits == 20) {
                    text.push(b'0' + (next() % 10) as u8);
                }
                for _ in 0..1 + next() % 3 {
                    text.push(b" \t\r\n\x0B\x0C"[(next() % 6) as usize]);
                }
            }
            // Every token that starts before the slack, by a plain split.
            let limit = text.len() - SLACK;
            let mut want = Vec::new();
            let mut i = 0;
            while i < text.len() {
                if is_space(text[i]) {
                    i += 1;
                    continue;
                }
                let end = (i..text.len())
                    .find(|&j| is_space(text[j]))
                    .unwrap_or(text.len());
                if i < limit {
                    want.push(
                        std::str::from_utf8(&text[i..end])
                            .unwrap()
                            .parse::<u64>()
                            .unwrap(),
                    );
                }
                i = end;
            }
            for isa in Isa::available() {
                let mut seen = Vec::new();
                let scanned = scan_numbers_with(isa, &text, |n| {
                    seen.push(n);
                    Step::Commit
                });
                assert_eq!(seen, want, "{isa:?}");
                let newlines = text[..scanned.used].iter().filter(|&&b| b == b'\n').count();
                assert_eq!(scanned.newlines, newlines as u64);
                assert!(is_space(text[scanned.used]));
            }
        }
    }
}
