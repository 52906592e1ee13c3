//! Sums of consecutive numbers in groups (the Matrix Game's row totals),
//! with whole blocks of one-digit numbers summed at once.
//!
//! A 64-byte block that holds only white space and one-digit numbers is
//! summed without reading its numbers one by one: the digits' values are
//! split into four bit planes (bit b of every digit, as a 64-bit mask), and
//! the sum of the digits in any stretch of the block is
//! `Σ 2^b · popcount(plane_b & stretch)`. A group (a row) that ends inside
//! the block ends at its `k`-th digit, found by a branch-free select. Any
//! other block is read a number at a time, as [`scan_numbers`] reads them.
//! Either way the caller only sees counts and sums, and the scan stops
//! where [`scan_numbers`] would, so the careful path takes over at the same
//! place and with the same messages.
//!
//! [`scan_numbers`]: super::tokens::scan_numbers
#![allow(unsafe_code)]

use super::scan::{is_space, mask_where};
use super::tokens::{classify_with, read_token, Isa, Scanned, SLACK};

/// The digits of one block, bit k for byte k.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Planes {
    digit: u64,
    /// Bit b of each digit's value.
    bits: [u64; 4],
}

/// Reads numbers from `chunk` in groups: `want` (at least 1) numbers are
/// still needed to end the current group. Each run of numbers read is
/// handed to `take` as its count (never more than the group still needs)
/// and the sum of its values; `take` returns how many the next run may
/// hold before its group ends, or `None` to stop. `chunk` must start at
/// white space or at the start of a token.
pub(crate) fn scan_groups(
    chunk: &[u8],
    want: u64,
    take: impl FnMut(u64, u64) -> Option<u64>,
) -> Scanned {
    scan_groups_with(Isa::best(), chunk, want, take)
}

/// [`scan_groups`] with a given classifier.
pub(crate) fn scan_groups_with(
    isa: Isa,
    chunk: &[u8],
    want: u64,
    take: impl FnMut(u64, u64) -> Option<u64>,
) -> Scanned {
    match isa {
        Isa::Portable => scan(
            chunk,
            want,
            take,
            |block| classify_with(Isa::Portable, block),
            planes_portable,
        ),
        // SAFETY: `Isa::Avx2` and `Isa::Avx512` are only chosen when the
        // CPU has AVX2 (every AVX-512 CPU has it), POPCNT and BMI1.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 | Isa::Avx512 => unsafe { scan_avx2(isa, chunk, want, take) },
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt,bmi1")]
unsafe fn scan_avx2(
    isa: Isa,
    chunk: &[u8],
    want: u64,
    take: impl FnMut(u64, u64) -> Option<u64>,
) -> Scanned {
    scan(
        chunk,
        want,
        take,
        // `isa` is AVX2 or AVX-512 (F and BW), chosen where the CPU has it.
        |block| classify_with(isa, block),
        |block| {
            // SAFETY: this function runs only where the CPU has AVX2.
            unsafe { planes_avx2(block) }
        },
    )
}

#[inline(always)]
fn scan(
    chunk: &[u8],
    mut want: u64,
    mut take: impl FnMut(u64, u64) -> Option<u64>,
    classify: impl Fn(&[u8; 64]) -> (u64, u64),
    planes_of: impl Fn(&[u8; 64]) -> Planes,
) -> Scanned {
    let limit = chunk.len().saturating_sub(SLACK);
    // The last number taken: the bytes up to its end, and the newlines
    // before it, as those before its block plus a mask of those in its
    // block (counted only when the scan returns).
    let mut used = 0;
    let mut newlines_base = 0u64;
    let mut newlines_mask = 0u64;
    let done = |used: usize, base: u64, mask: u64| Scanned {
        used,
        newlines: base + u64::from(mask.count_ones()),
    };
    let mut newlines_before = 0u64;
    // Whether the byte before the block is white space (the chunk starts
    // at white space or at a token's start).
    let mut carry = 1u64;
    let mut block_start = 0;
    let mut block = [b' '; 64];
    while block_start < limit {
        let block: &[u8; 64] = match chunk.get(block_start..block_start + 64) {
            Some(bytes) => bytes.try_into().expect("64 bytes"),
            None => {
                // The last, short block: white space after the chunk's end.
                let rest = &chunk[block_start..];
                block[..rest.len()].copy_from_slice(rest);
                &block
            }
        };
        let (space, newline) = classify(block);
        // Lone tokens only (no two neighbours, none continuing a token of
        // the block before; the last followed by white space), far enough
        // from the chunk's end: then, if they are all digits, the block is
        // summed at once.
        let tokens = !space;
        let lone = block_start + 64 < limit
            && tokens & (tokens << 1 | (carry ^ 1)) == 0
            && (tokens >> 63 == 0 || is_space(chunk[block_start + 64]));
        let planes = if lone { Some(planes_of(block)) } else { None };
        if let Some(Planes { digit, bits, .. }) = planes.filter(|p| p.digit == tokens) {
            let mut left = digit;
            while left != 0 {
                let count = u64::from(left.count_ones());
                // The digits of this run: all that are left, or those up to
                // the one that ends the group.
                let run = if want < count {
                    left & low_bits_through(select(left, want as u32 - 1))
                } else {
                    left
                };
                left &= !run;
                let sum = (0..4).fold(0u64, |s, b| {
                    s + (u64::from((bits[b] & run).count_ones()) << b)
                });
                let last = 63 - run.leading_zeros() as usize;
                used = block_start + last + 1;
                newlines_base = newlines_before;
                newlines_mask = newline & ((1u64 << last) - 1);
                match take(u64::from(run.count_ones()), sum) {
                    Some(next) => want = next,
                    None => return done(used, newlines_base, newlines_mask),
                }
            }
        } else {
            // A number at a time, as `scan_numbers` reads them.
            let mut starts = tokens & ((space << 1) | carry);
            while starts != 0 {
                let i = starts.trailing_zeros() as usize;
                starts &= starts - 1;
                let start = block_start + i;
                if start >= limit {
                    return done(used, newlines_base, newlines_mask);
                }
                let Some((value, len)) = read_token(chunk, start, space & (u64::MAX << i), i)
                else {
                    return done(used, newlines_base, newlines_mask);
                };
                used = start + len;
                newlines_base = newlines_before;
                newlines_mask = newline & ((1u64 << i) - 1);
                match take(1, value) {
                    Some(next) => want = next,
                    None => return done(used, newlines_base, newlines_mask),
                }
            }
        }
        carry = space >> 63;
        newlines_before += u64::from(newline.count_ones());
        block_start += 64;
    }
    done(used, newlines_base, newlines_mask)
}

/// Bits 0 through `bit` set.
#[inline(always)]
fn low_bits_through(bit: u32) -> u64 {
    u64::MAX >> (63 - bit)
}

/// The place of set bit `n` (0-based) of `x`, which has more than `n`:
/// a binary search by population counts, without branches (`pdep` would
/// do it in one instruction, but is slow on some AMD processors).
#[inline(always)]
fn select(mut x: u64, mut n: u32) -> u32 {
    let mut place = 0;
    for width in [32u32, 16, 8, 4, 2, 1] {
        let low = (x & ((1u64 << width) - 1)).count_ones();
        let up = u32::from(n >= low);
        n -= low * up;
        x >>= width * up;
        place += width * up;
    }
    place
}

/// The planes of a block, one byte at a time (the compiler vectorises it).
#[inline(always)]
fn planes_portable(block: &[u8; 64]) -> Planes {
    let value = |b: u8| b.wrapping_sub(b'0');
    let bit = |k: u32| mask_where(block, move |b| value(b) <= 9 && value(b) >> k & 1 == 1);
    Planes {
        digit: mask_where(block, |b| value(b) <= 9),
        bits: [bit(0), bit(1), bit(2), bit(3)],
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn planes_avx2(block: &[u8; 64]) -> Planes {
    use std::arch::x86_64::*;
    let half = |offset: usize| {
        // SAFETY: `block` has 64 bytes, so both 32-byte loads are in bounds
        // (unaligned loads are allowed).
        let v = unsafe { _mm256_loadu_si256(block.as_ptr().add(offset).cast()) };
        let value = _mm256_sub_epi8(v, _mm256_set1_epi8(b'0' as i8));
        // A digit's value is at most 9 (unsigned): min(value, 9) == value.
        let is_digit = _mm256_cmpeq_epi8(_mm256_min_epu8(value, _mm256_set1_epi8(9)), value);
        let value = _mm256_and_si256(value, is_digit);
        // Bit b of a byte moved to its top bit: shifting 16-bit lanes by
        // 7 − b moves the low byte's bits (at most bit 3) no higher than
        // bit 10, so each byte's top bit is its own bit b.
        let mask = |m: __m256i| _mm256_movemask_epi8(m) as u32 as u64;
        (
            mask(is_digit),
            [
                mask(_mm256_slli_epi16(value, 7)),
                mask(_mm256_slli_epi16(value, 6)),
                mask(_mm256_slli_epi16(value, 5)),
                mask(_mm256_slli_epi16(value, 4)),
            ],
        )
    };
    let (digit_lo, bits_lo) = half(0);
    let (digit_hi, bits_hi) = half(32);
    Planes {
        digit: digit_lo | digit_hi << 32,
        bits: std::array::from_fn(|b| bits_lo[b] | bits_hi[b] << 32),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tokens::{scan_numbers_with, Step};
    use super::*;

    fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    /// The entry point reads plain numbers itself (with the CPU's best
    /// classifier), leaving nothing to the careful path but the slack.
    #[test]
    fn the_best_classifier_reads_a_plain_stream() {
        let text = "3 1 4 1 5 9 2 6 5 3 5 8 9 7 9 3 2 3 8 4 6 2 6 4 3 3 8 3 2 7 9\n".repeat(8);
        let mut sum = 0;
        let scanned = scan_groups(text.as_bytes(), 5, |count, s| {
            sum += s;
            Some(if count == 5 { 5 } else { 5 - count })
        });
        assert!(
            scanned.used + SLACK >= text.len(),
            "{scanned:?} of {}",
            text.len()
        );
        assert!(sum > 0 && scanned.newlines >= 7, "{sum} {scanned:?}");
    }

    #[test]
    fn select_finds_every_set_bit() {
        let mut next = xorshift(0x5EED);
        for _ in 0..2000 {
            let x = next() & next();
            let places: Vec<u32> = (0..64).filter(|&b| x >> b & 1 == 1).collect();
            for (n, &place) in places.iter().enumerate() {
                assert_eq!(select(x, n as u32), place, "{x:#x} bit {n}");
            }
        }
        assert_eq!(select(!0, 63), 63);
        assert_eq!(low_bits_through(0), 1);
        assert_eq!(low_bits_through(63), !0);
    }

    /// Every byte at every place of a block of digits: the planes agree
    /// with the bytes' own values.
    #[test]
    fn planes_agree_on_every_byte() {
        for isa in Isa::available() {
            for b in 0..=255u8 {
                for place in [0usize, 1, 15, 16, 31, 32, 33, 63] {
                    let mut block: [u8; 64] = std::array::from_fn(|k| b'0' + (k % 10) as u8);
                    block[place] = b;
                    let planes = match isa {
                        Isa::Portable => planes_portable(&block),
                        // SAFETY: `available` lists only what the CPU has.
                        #[cfg(target_arch = "x86_64")]
                        Isa::Avx2 | Isa::Avx512 => unsafe { planes_avx2(&block) },
                    };
                    for (k, &byte) in block.iter().enumerate() {
                        let digit = byte.is_ascii_digit();
                        assert_eq!(planes.digit >> k & 1 == 1, digit, "{isa:?} {b} at {k}");
                        for bit in 0..4 {
                            let want = digit && (byte - b'0') >> bit & 1 == 1;
                            assert_eq!(planes.bits[bit] >> k & 1 == 1, want, "{isa:?} {b} at {k}");
                        }
                    }
                }
            }
        }
    }

    /// A random stream: mostly one-digit numbers (so whole blocks are
    /// summed at once), some longer ones, now and then a bad token.
    fn stream(next: &mut impl FnMut() -> u64, len: usize, long_every: u64) -> Vec<u8> {
        let mut text = Vec::new();
        while text.len() < len {
            match next() % long_every {
                0 => text.extend_from_slice((next() % 1_000_000_000_000).to_string().as_bytes()),
                1 if next().is_multiple_of(50) => text.extend_from_slice(b"7x"),
                // A lone byte that is not a digit, among lone digits.
                2 if next().is_multiple_of(40) => text.push(b"x+#-"[(next() % 4) as usize]),
                _ => text.push(b'0' + (next() % 10) as u8),
            }
            let gaps = if next().is_multiple_of(8) {
                1 + next() % 3
            } else {
                1
            };
            for _ in 0..gaps {
                text.push(b"  \n\t\r\x0B\x0C"[(next() % 7) as usize]);
            }
        }
        text
    }

    #[test]
    fn groups_sum_as_the_numbers_read_one_at_a_time() {
        let mut next = xorshift(0x0123_4567_89AB_CDEF);
        for round in 0..600 {
            let len = 200 + (next() % 3000) as usize;
            let text = stream(&mut next, len, [3, 40, 1000][round % 3]);
            let group = 1 + next() % 70;
            let first_want = 1 + next() % group;
            let stop_after = next() % 200;
            // The model: numbers one at a time, grouped the same way.
            let mut numbers = Vec::new();
            let model = scan_numbers_with(Isa::Portable, &text, |n| {
                numbers.push(n);
                Step::Commit
            });
            for isa in Isa::available() {
                let mut want = first_want;
                let mut taken = 0u64;
                let mut sums = Vec::new();
                let mut groups_done = 0;
                let scanned = scan_groups_with(isa, &text, first_want, |count, sum| {
                    assert!(count >= 1 && count <= want, "{isa:?}: {count} of {want}");
                    sums.push((taken, count, sum));
                    taken += count;
                    want -= count;
                    if want == 0 {
                        groups_done += 1;
                        want = group;
                        if groups_done > stop_after {
                            return None;
                        }
                    }
                    Some(want)
                });
                for &(from, count, sum) in &sums {
                    let expected: u64 =
                        numbers[from as usize..(from + count) as usize].iter().sum();
                    assert_eq!(
                        sum, expected,
                        "{isa:?} round {round}: numbers {from}..+{count}"
                    );
                }
                let stopped = groups_done > stop_after;
                if !stopped {
                    // Without a stop, it reads all that the number scan reads
                    // and ends where that scan ends.
                    assert_eq!(taken, numbers.len() as u64, "{isa:?} round {round}");
                    assert_eq!(scanned, model, "{isa:?} round {round}");
                } else {
                    // Stopped: at the end of the last number taken.
                    let again = scan_numbers_with(Isa::Portable, &text, {
                        let mut left = taken;
                        move |_| {
                            left -= 1;
                            if left == 0 {
                                Step::CommitAndStop
                            } else {
                                Step::Commit
                            }
                        }
                    });
                    assert_eq!(scanned, again, "{isa:?} round {round}");
                }
            }
        }
    }
}
