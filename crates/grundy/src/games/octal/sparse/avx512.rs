//! The scan of [`cover`] sixteen splits at a time.
//!
//! Every `unsafe` block states why it is sound; the CPU features come from
//! [`crate::cpu`].

use std::arch::x86_64::*;

fn available() -> bool {
    crate::cpu::features().octal_avx512()
}

/// Marks `marks[rare ^ g[m - r]] = 1` for the rare heaps `r` (values
/// `rare`) whose partner `m - r` is common and whose value is below 512,
/// sixteen at a time; returns how many heaps it handled (the rest, and
/// values of 512 and more, are left to the caller).
pub fn mark_common(
    g: &[u32],
    m: usize,
    heaps: &[u32],
    values: &[u32],
    mask: u32,
    marks: &mut [u32],
) -> usize {
    let fits = available()
        && heaps.len() == values.len()
        && m <= g.len()
        && m < i32::MAX as usize
        && marks.len() >= 512;
    if !fits {
        return 0;
    }
    debug_assert!(heaps.iter().all(|&r| r >= 1 && (r as usize) < m));
    // SAFETY: the features are present; `mark` loads only lanes whose
    // m - r lies in 1..m, inside `g`; marks has 512 entries and only
    // values below 512 are stored.
    unsafe { mark(g, m, heaps, values, mask, marks) }
}

/// # Safety
/// As checked by [`mark_common`].
#[target_feature(enable = "avx512f,avx512vpopcntdq")]
unsafe fn mark(
    g: &[u32],
    m: usize,
    heaps: &[u32],
    values: &[u32],
    mask: u32,
    marks: &mut [u32],
) -> usize {
    let whole = heaps.len() / 16 * 16;
    let at = _mm512_set1_epi32(m as i32);
    let mask_lanes = _mm512_set1_epi32(mask as i32);
    let one = _mm512_set1_epi32(1);
    let limit = _mm512_set1_epi32(512);
    let mut big = Vec::new();
    for i in (0..whole).step_by(16) {
        // SAFETY: i + 16 <= whole <= len of both slices.
        let (r, rare) = unsafe {
            (
                _mm512_loadu_si512(heaps.as_ptr().add(i).cast()),
                _mm512_loadu_si512(values.as_ptr().add(i).cast()),
            )
        };
        // Heaps outside 1..m (there are none) are not loaded.
        let inside = _mm512_cmpge_epu32_mask(r, one) & _mm512_cmplt_epu32_mask(r, at);
        // SAFETY: the lanes loaded have m - r in 1..m, inside `g`.
        let other = unsafe {
            _mm512_mask_i32gather_epi32::<4>(
                _mm512_setzero_si512(),
                inside,
                _mm512_sub_epi32(at, r),
                g.as_ptr().cast(),
            )
        };
        let weight = _mm512_popcnt_epi32(_mm512_and_si512(other, mask_lanes));
        let common = _mm512_test_epi32_mask(weight, one) & inside;
        let x = _mm512_xor_si512(rare, other);
        let small = _mm512_cmplt_epu32_mask(x, limit);
        // SAFETY: lanes stored are below 512, the length of `marks`.
        unsafe {
            _mm512_mask_i32scatter_epi32::<4>(marks.as_mut_ptr().cast(), common & small, x, one)
        };
        if common & !small != 0 {
            big.push(i);
        }
    }
    for i in big {
        for k in i..i + 16 {
            let other = g[m - heaps[k] as usize];
            let x = values[k] ^ other;
            if !(other & mask).count_ones().is_multiple_of(2) && x >= 512 {
                let x = x as usize;
                if x >= marks.len() {
                    // Left for the caller: it cannot grow `marks` here.
                    return i;
                }
                marks[x] = 1;
            }
        }
    }
    whole
}

/// Scans splits `(a, m - a)` for `a` from `from` (≥ 1) while sixteen fit below
/// `split.end`; returns where it stopped and whether `need` emptied.
pub fn cover(
    split: &super::Split,
    from: usize,
    common: u32,
    need: &mut [u64; 8],
    needed: &mut usize,
) -> (usize, bool) {
    let fits = split.end < split.low.len()
        && split.end <= split.high_m
        && split.high_m <= split.high.len();
    if !available() || !fits || common > 512 || from == 0 {
        return (from, false);
    }
    // SAFETY: AVX-512F and POPCNT are present; `scan` reads low[a..=end] and
    // high[high_m - end..=high_m - 1] with 1 <= from <= a <= end, inside both
    // slices as just checked (high_m - 1 < high.len()).
    unsafe { scan(split, from, common, need, needed) }
}

/// # Safety
/// AVX-512F and POPCNT; `1 <= from`, `end < low.len()`, `end <= high_m <=
/// high.len()`; `common <= 512`.
#[target_feature(enable = "avx512f,popcnt")]
unsafe fn scan(
    split: &super::Split,
    from: usize,
    common: u32,
    need: &mut [u64; 8],
    needed: &mut usize,
) -> (usize, bool) {
    let reverse = _mm512_set_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    let limit = _mm512_set1_epi32(common as i32);
    let low_five = _mm512_set1_epi32(31);
    let one = _mm512_set1_epi32(1);
    // SAFETY: `need` is 64 bytes.
    let mut wanted = unsafe { _mm512_loadu_si512(need.as_ptr().cast()) };
    let super::Split {
        low: g_low,
        reversed,
        high: g_high,
        high_m: m,
        end,
        ..
    } = *split;
    // The values found are collected for ROUND vectors without a branch
    // (a branch per found value is mispredicted about once per value
    // needed), then cleared from `need` and from the register at once;
    // until then a value may be found again, which changes nothing.
    const ROUND: usize = 8;
    let mut found = [0u32; 16 * ROUND + 16];
    let mut a = from;
    while a + 15 <= end {
        let mut count = 0;
        let mut round = 0;
        while round < ROUND && a + 15 <= end {
            // SAFETY: high_m - a - 15 >= 0 (a + 15 <= end <= high_m) and
            // high_m - a < high_m <= high.len().
            let high = unsafe { _mm512_loadu_si512(g_high.as_ptr().add(m - a - 15).cast()) };
            let x = if a + 16 <= reversed.len() {
                // Lane i: G(a + 15 − i), the same order as `high`'s
                // G(m − a − 15 + i), with no shuffle.
                // SAFETY: reversed[len - 16 - a .. len - a] is inside.
                let low = unsafe {
                    _mm512_loadu_si512(reversed.as_ptr().add(reversed.len() - 16 - a).cast())
                };
                _mm512_xor_si512(low, high)
            } else {
                // SAFETY: a + 15 <= end < low.len().
                let low = unsafe { _mm512_loadu_si512(g_low.as_ptr().add(a).cast()) };
                _mm512_xor_si512(low, _mm512_permutexvar_epi32(reverse, high))
            };
            let below = _mm512_cmplt_epu32_mask(x, limit);
            // Bit x of the 512-bit `wanted`: word x / 32, bit x mod 32.
            let words = _mm512_permutexvar_epi32(_mm512_srli_epi32::<5>(x), wanted);
            let bits = _mm512_srlv_epi32(words, _mm512_and_si512(x, low_five));
            let hits = _mm512_mask_test_epi32_mask(below, bits, one);
            // SAFETY: count <= 16 · round <= 16 · (ROUND - 1), so the 16
            // values stored fit in `found`.
            unsafe {
                _mm512_storeu_si512(
                    found.as_mut_ptr().add(count).cast(),
                    _mm512_maskz_compress_epi32(hits, x),
                )
            };
            count += hits.count_ones() as usize;
            a += 16;
            round += 1;
        }
        if count > 0 {
            // Values below common <= 512: w < 8.
            for &v in &found[..count] {
                let (w, b) = ((v / 64) as usize, v % 64);
                *needed -= (need[w] >> b & 1) as usize;
                need[w] &= !(1 << b);
            }
            if *needed == 0 {
                return (a, true);
            }
            // SAFETY: `need` is 64 bytes.
            wanted = unsafe { _mm512_loadu_si512(need.as_ptr().cast()) };
        }
    }
    (a, false)
}

/// The block's common pass ([`super::block`]): for each rare heap r (value
/// `rare`), sets bit `x = rare ^ G` of lane j's chunk `x / 32` where `G =
/// g[m - r + j]` is common under the mask `common_only` (without one,
/// whatever it is) and `x < 32 · words`. `false` (nothing done)
/// when the features are missing. A load outside `g` panics.
pub fn mark_block(
    g: &[u32],
    m: usize,
    heaps: &[u32],
    values: &[u32],
    common_only: Option<u32>,
    words: usize,
    bits: &mut [[u32; 16]; 16],
) -> bool {
    // Each load's bounds are checked where it is made (a scalar compare
    // beside the vector work): a pass over the rare heaps here would cost
    // a tenth of the kernel.
    let fits = available() && heaps.len() == values.len() && (1..=16).contains(&words);
    if !fits {
        return false;
    }
    macro_rules! words {
        ($($w:literal)*) => {
            match words {
                // SAFETY: the features are present; the loads are
                // checked inside.
                $($w => unsafe {
                    match common_only {
                        None => block::<$w, true>(g, m, heaps, values, 0, bits),
                        Some(mask) => block::<$w, false>(g, m, heaps, values, mask, bits),
                    }
                },)*
                _ => unreachable!("words checked above"),
            }
        };
    }
    words!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16);
    true
}

/// # Safety
/// The features of [`mark_block`]; `W` is its `words`, and `ALL` whether
/// it has no `common_only` (else `mask` is that).
#[target_feature(enable = "avx512f,avx512vpopcntdq")]
unsafe fn block<const W: usize, const ALL: bool>(
    g: &[u32],
    m: usize,
    heaps: &[u32],
    values: &[u32],
    mask: u32,
    bits: &mut [[u32; 16]; 16],
) {
    let mask_lanes = _mm512_set1_epi32(mask as i32);
    let one = _mm512_set1_epi32(1);
    let low_five = _mm512_set1_epi32(31);
    let mut acc = [_mm512_setzero_si512(); W];
    for (w, acc) in acc.iter_mut().enumerate() {
        // SAFETY: each row of `bits` is 64 bytes.
        *acc = unsafe { _mm512_loadu_si512(bits[w].as_ptr().cast()) };
    }
    for (&r, &rare) in heaps.iter().zip(values) {
        // Out of bounds (a caller's error) panics, as the portable pass.
        let at = m - r as usize;
        let sixteen = &g[at..at + 16];
        // SAFETY: `sixteen` is 16 values, 64 bytes.
        let other = unsafe { _mm512_loadu_si512(sixteen.as_ptr().cast()) };
        let common = if ALL {
            u16::MAX
        } else {
            let weight = _mm512_popcnt_epi32(_mm512_and_si512(other, mask_lanes));
            _mm512_test_epi32_mask(weight, one)
        };
        let x = _mm512_xor_si512(other, _mm512_set1_epi32(rare as i32));
        let chunk = _mm512_srli_epi32::<5>(x);
        let bit = _mm512_sllv_epi32(one, _mm512_and_si512(x, low_five));
        for (w, acc) in acc.iter_mut().enumerate() {
            let here = _mm512_mask_cmpeq_epi32_mask(common, chunk, _mm512_set1_epi32(w as i32));
            *acc = _mm512_mask_or_epi32(*acc, here, *acc, bit);
        }
    }
    for (w, acc) in acc.iter().enumerate() {
        // SAFETY: each row of `bits` is 64 bytes.
        unsafe { _mm512_storeu_si512(bits[w].as_mut_ptr().cast(), *acc) };
    }
}
