//! The scan of [`cover`] eight splits at a time, with AVX2.
//!
//! Every `unsafe` block states why it is sound; the CPU feature comes from
//! [`crate::cpu`].

use std::arch::x86_64::*;

fn available() -> bool {
    crate::cpu::features().octal_avx2()
}

/// Scans splits `(a, m - a)` for `a` from `from` (≥ 1) while eight fit below
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
    // SAFETY: AVX2 is present; `scan` reads low[a..=end] and
    // high[high_m - end..=high_m - 1] with 1 <= from <= a <= end, inside both
    // slices as just checked (high_m - 1 < high.len()).
    unsafe { scan(split, from, common, need, needed) }
}

/// # Safety
/// AVX2; `1 <= from`, `end < low.len()`, `end <= high_m <= high.len()`;
/// `common <= 512`.
#[target_feature(enable = "avx2")]
unsafe fn scan(
    split: &super::Split,
    from: usize,
    common: u32,
    need: &mut [u64; 8],
    needed: &mut usize,
) -> (usize, bool) {
    let super::Split {
        low: g_low,
        high: g_high,
        high_m: m,
        end,
        ..
    } = *split;
    let reverse = _mm256_set_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    let limit = _mm256_set1_epi32(common as i32);
    let low_five = _mm256_set1_epi32(31);
    let one = _mm256_set1_epi32(1);
    let seven = _mm256_set1_epi32(7);
    // The 512 bits of `need` as sixteen 32-bit words, in two registers.
    // SAFETY: `need` is 64 bytes.
    let (mut wanted_low, mut wanted_high) = unsafe {
        (
            _mm256_loadu_si256(need.as_ptr().cast()),
            _mm256_loadu_si256(need.as_ptr().add(4).cast()),
        )
    };
    let mut a = from;
    while a + 7 <= end {
        // SAFETY: a + 7 <= end < low.len(), and high_m - a - 7 >= 0
        // (end <= high_m) with high_m - a < high_m <= high.len().
        let (low, high) = unsafe {
            (
                _mm256_loadu_si256(g_low.as_ptr().add(a).cast()),
                _mm256_loadu_si256(g_high.as_ptr().add(m - a - 7).cast()),
            )
        };
        let x = _mm256_xor_si256(low, _mm256_permutevar8x32_epi32(high, reverse));
        // Values are far below 2^31: a signed compare is x < common.
        let below = _mm256_cmpgt_epi32(limit, x);
        // Bit x of `need`: word x / 32 (of sixteen), bit x mod 32.
        let word = _mm256_srli_epi32::<5>(x);
        let from_low = _mm256_permutevar8x32_epi32(wanted_low, word);
        let from_high = _mm256_permutevar8x32_epi32(wanted_high, word);
        let words = _mm256_blendv_epi8(from_low, from_high, _mm256_cmpgt_epi32(word, seven));
        let bits = _mm256_and_si256(_mm256_srlv_epi32(words, _mm256_and_si256(x, low_five)), one);
        let hit = _mm256_and_si256(_mm256_cmpeq_epi32(bits, one), below);
        let mut hits = _mm256_movemask_ps(_mm256_castsi256_ps(hit)) as u32;
        if hits != 0 {
            while hits != 0 {
                let lane = hits.trailing_zeros() as usize;
                hits &= hits - 1;
                let v = g_low[a + lane] ^ g_high[m - a - lane];
                let (w, bit) = ((v / 64) as usize, 1u64 << (v % 64));
                if need[w] & bit != 0 {
                    need[w] &= !bit;
                    *needed -= 1;
                    if *needed == 0 {
                        return (a + 8, true);
                    }
                }
            }
            // SAFETY: as above.
            (wanted_low, wanted_high) = unsafe {
                (
                    _mm256_loadu_si256(need.as_ptr().cast()),
                    _mm256_loadu_si256(need.as_ptr().add(4).cast()),
                )
            };
        }
        a += 8;
    }
    (a, false)
}
