//! Take-and-break games given by their octal (or hexadecimal) code.
//!
//! In the code `d0.d1d2d3…`, digit `dk` says what may be left after taking
//! `k` tokens from one heap: bit 1 allows leaving no heap (the heap had
//! exactly k tokens), bit 2 one heap, bit 4 two heaps, bit 8 three heaps (so
//! hexadecimal digits `8`–`F` split into three). `d0` (before the point)
//! can only split a heap without taking anything: `4.` or `8.`. Dawson's
//! Kayles is `0.07`, Kayles `0.77`, Dawson's chess `0.137`.
//!
//! [`grundy_sequence`] computes G(0), G(1), … and stops as soon as the
//! sequence is *proven* periodic. For a code whose last digit is `dt`, the
//! periodicity theorem says: if `G(n + p) = G(n)` for every n with
//! `n0 ≤ n < 2·n0 + p + t` and `n0 ≥ 1`, then `G(n + p) = G(n)` for every
//! `n ≥ n0` (heaps of size 0 are excluded: they never appear as parts of a
//! split, which the proof needs). After each new value the longest
//! periodic tail of the sequence is known (a prefix function over the
//! reversed sequence gives every suffix's smallest period) and the theorem
//! is tried on it.
//!
//! Splitting a heap in two costs a scan over all splits, so a plain
//! computation is quadratic. Most of these sequences have a *sparse space*
//! (Gangolli and Plambeck): a bit mask `s` such that almost every value `v`
//! has `v & s` of odd weight ("common"), and only a few positions have an
//! even one ("rare"). Since common ^ common and rare ^ rare are rare, the
//! common options of a heap come only from splits with one rare part: a
//! scan over the few rare positions. The value is then the least common
//! value not among them, unless some smaller rare value is missing from the
//! options, which a scan of the splits settles, stopping as soon as every
//! smaller rare value has been seen (almost at once, since rare values are
//! made by the many pairs of common ones). The result is exact whatever the
//! mask; the mask only decides the speed, and it is chosen from the first
//! values.

use std::fmt;
use std::str::FromStr;

use crate::nimber::Nimber;

/// The rules of a take-and-break game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalCode {
    /// `digits[k]`: what taking k tokens may leave (bits 1, 2, 4, 8).
    digits: Vec<u8>,
}

/// Why a code was not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    /// No `.` in the code.
    #[error("expected a code like 0.07: digits, a point, digits")]
    NoPoint,
    /// A character that is not a hexadecimal digit.
    #[error("{found:?} at position {at} is not a digit 0-9 or A-F")]
    NotADigit {
        /// 1-based position in the code.
        at: usize,
        /// The character.
        found: char,
    },
    /// The digit before the point allows something other than splits.
    #[error("the digit before the point may only split a heap (0, 4, 8 or C), not {0:X}")]
    BadSplitDigit(u8),
    /// Nothing after the point.
    #[error("expected at least one digit after the point")]
    NoDigits,
    /// The code allows no move at all.
    #[error("the code allows no move")]
    NoMoves,
}

impl FromStr for OctalCode {
    type Err = CodeError;

    fn from_str(text: &str) -> Result<OctalCode, CodeError> {
        let text = text.trim();
        let point = text.find('.').ok_or(CodeError::NoPoint)?;
        let digit = |at: usize, c: char| {
            c.to_digit(16).map(|d| d as u8).ok_or(CodeError::NotADigit {
                at: at + 1,
                found: c,
            })
        };
        let before = &text[..point];
        let mut d0 = 0;
        for (at, c) in before.char_indices() {
            d0 = digit(at, c)?;
        }
        if before.len() > 1 && before.trim_start_matches('0').len() > 1 {
            return Err(CodeError::BadSplitDigit(d0));
        }
        if d0 & 0b11 != 0 {
            return Err(CodeError::BadSplitDigit(d0));
        }
        let mut digits = vec![d0];
        for (at, c) in text[point + 1..].char_indices() {
            digits.push(digit(point + 1 + at, c)?);
        }
        if digits.len() == 1 {
            return Err(CodeError::NoDigits);
        }
        // Trailing zeros go, but one digit stays after the point (8.0).
        while digits.len() > 2 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.iter().all(|&d| d == 0) {
            return Err(CodeError::NoMoves);
        }
        Ok(OctalCode { digits })
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:X}.", self.digits[0])?;
        for d in &self.digits[1..] {
            write!(f, "{d:X}")?;
        }
        Ok(())
    }
}

impl OctalCode {
    /// The most tokens a move takes (`t`, the position of the last digit).
    pub fn max_take(&self) -> usize {
        self.digits.len() - 1
    }

    /// What taking `k` tokens may leave (bits 1, 2, 4, 8).
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// Whether some move splits a heap into three.
    pub fn splits_in_three(&self) -> bool {
        self.digits.iter().any(|&d| d & 8 != 0)
    }

    /// The heaps each move from a heap of `n` leaves, as `(taken, parts)`,
    /// by the letter of the code (splits into unordered parts).
    fn each_move(&self, n: u64, visit: &mut dyn FnMut(u64, &[u64])) {
        for (k, &d) in self.digits.iter().enumerate() {
            let k = k as u64;
            if k > n || d == 0 {
                continue;
            }
            let rest = n - k;
            if d & 1 != 0 && rest == 0 && k > 0 {
                visit(k, &[]);
            }
            if d & 2 != 0 && rest > 0 && k > 0 {
                visit(k, &[rest]);
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    visit(k, &[a, rest - a]);
                }
            }
            if d & 8 != 0 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        visit(k, &[a, b, rest - a - b]);
                    }
                }
            }
        }
    }
}

/// The game of a code for the generic [`Solver`](crate::rules::Solver): a
/// heap is a component, and a move is `(tokens taken, parts left)`.
impl crate::rules::Rules for OctalCode {
    type Position = u64;
    type Move = (u64, Vec<u64>);

    fn options(&self, heap: &u64, option: &mut dyn FnMut((u64, Vec<u64>), &[u64])) {
        self.each_move(*heap, &mut |k, parts| option((k, parts.to_vec()), parts));
    }
}

/// A proven period: `G(n + period) = G(n)` for every `n ≥ preperiod`, and
/// neither can be smaller.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// The least period.
    pub period: usize,
    /// The least `n0` from which the sequence repeats with that period.
    pub preperiod: usize,
}

/// The values computed, and the period if one was proven.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sequence {
    /// G(0), G(1), … as far as computed.
    pub values: Vec<u32>,
    /// The proven period, if any.
    pub periodicity: Option<Periodicity>,
}

impl Sequence {
    /// G(n), from the values or, past them, from the period.
    pub fn value(&self, n: u64) -> Option<Nimber> {
        let n = usize::try_from(n).ok()?;
        if let Some(v) = self.values.get(n) {
            return Some(Nimber::from(*v));
        }
        let Periodicity { period, preperiod } = self.periodicity?;
        let folded = preperiod + (n - preperiod) % period;
        self.values.get(folded).map(|v| Nimber::from(*v))
    }
}

/// G(0), …, G(`upto` − 1) by the plain rule: every option of every heap,
/// O(n²) for splits in two and O(n³) in three. The reference the fast
/// computation is checked against.
pub fn plain_values(code: &OctalCode, upto: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(upto);
    let mut seen: Vec<bool> = Vec::new();
    for n in 0..upto {
        seen.clear();
        code.each_move(n as u64, &mut |_, parts| {
            let v = parts.iter().fold(0, |x, &p| x ^ values[p as usize]) as usize;
            if v >= seen.len() {
                seen.resize(v + 1, false);
            }
            seen[v] = true;
        });
        let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len());
        values.push(mex as u32);
    }
    values
}

/// Values computed before a sparse space is looked for.
const PLAIN_UNTIL: usize = 4096;

/// Computes G(0), G(1), … up to `upto` values, stopping as soon as the
/// sequence is proven periodic. `progress` is told from time to time how
/// many values are done.
pub fn grundy_sequence(code: &OctalCode, upto: usize, progress: &mut dyn FnMut(usize)) -> Sequence {
    grundy_sequence_while(code, upto, &mut |n| {
        if n.is_multiple_of(1 << 16) {
            progress(n);
        }
        true
    })
    .inspect(|sequence| progress(sequence.values.len()))
    .unwrap_or_else(|stopped| stopped)
}

/// [`grundy_sequence`] that asks `keep_going` after every 1024 values
/// whether to go on (with the number done): `Err` with the values so far
/// (and no period) when it said no. For callers with a deadline.
pub fn grundy_sequence_while(
    code: &OctalCode,
    upto: usize,
    keep_going: &mut dyn FnMut(usize) -> bool,
) -> Result<Sequence, Sequence> {
    let mut engine = Engine::new(code);
    let mut next_check = 1;
    while engine.values.len() < upto {
        engine.push_next();
        let n = engine.values.len();
        if n >= next_check {
            if let Some(periodicity) = proven_period(&engine.values, code.max_take()) {
                return Ok(Sequence {
                    values: engine.values,
                    periodicity: Some(periodicity),
                });
            }
            next_check = if n < 2048 { n + 1 } else { n + n / 16 };
        }
        if n.is_multiple_of(1 << 10) && !keep_going(n) {
            return Err(Sequence {
                values: engine.values,
                periodicity: None,
            });
        }
    }
    Ok(Sequence {
        values: engine.values,
        periodicity: None,
    })
}

/// The state of one computation.
struct Engine<'a> {
    code: &'a OctalCode,
    values: Vec<u32>,
    /// Splits in two after taking k: the k whose digit has bit 4.
    halves: Vec<usize>,
    /// Single heaps after taking k: the k ≥ 1 whose digit has bit 2.
    singles: Vec<usize>,
    /// Empty heap after taking k: the k ≥ 1 whose digit has bit 1.
    empties: Vec<usize>,
    /// The sparse space, once chosen.
    sparse: Option<Sparse>,
    /// How many heaps have each value.
    histogram: Vec<u64>,
    /// Scratch bitset for mex computations.
    seen: Vec<u64>,
    /// Scratch: which values are options of the heap being valued.
    marks: Vec<u32>,
    /// Whether the split scan may use AVX-512.
    simd: bool,
}

/// A sparse space: the mask, and the heaps (≥ 1) whose value is rare, with
/// their values.
struct Sparse {
    mask: u32,
    rare_heaps: Vec<u32>,
    rare_values: Vec<u32>,
}

impl Sparse {
    fn is_rare(&self, v: u32) -> bool {
        (v & self.mask).count_ones().is_multiple_of(2)
    }
}

impl<'a> Engine<'a> {
    fn new(code: &'a OctalCode) -> Self {
        let having = |bit: u8, from: usize| {
            (from..code.digits.len())
                .filter(|&k| code.digits[k] & bit != 0)
                .collect::<Vec<_>>()
        };
        Engine {
            code,
            values: Vec::new(),
            halves: having(4, 0),
            singles: having(2, 1),
            empties: having(1, 1),
            sparse: None,
            histogram: Vec::new(),
            seen: Vec::new(),
            marks: Vec::new(),
            simd: simd_available(),
        }
    }

    fn push_next(&mut self) {
        let n = self.values.len();
        // The values' range grows, so the space is chosen again each time
        // the sequence doubles.
        if n >= PLAIN_UNTIL && n.is_power_of_two() && !self.code.splits_in_three() {
            self.choose_sparse_space();
        }
        let value = if self.sparse.is_some() {
            self.sparse_value(n)
        } else {
            self.plain_value(n)
        };
        if let Some(sparse) = &mut self.sparse {
            if n > 0 && sparse.is_rare(value) {
                sparse.rare_heaps.push(n as u32);
                sparse.rare_values.push(value);
            }
        }
        if n > 0 {
            let v = value as usize;
            if v >= self.histogram.len() {
                self.histogram.resize(v + 1, 0);
            }
            self.histogram[v] += 1;
        }
        self.values.push(value);
    }

    /// Picks the mask that leaves the fewest heaps (≥ 1) rare so far — on a
    /// tie the largest, whose high bits are ready for values still to come —
    /// and uses it if few enough heaps are rare to pay off.
    fn choose_sparse_space(&mut self) {
        let masks = (2 * self.histogram.len()).next_power_of_two() as u32;
        let rare_count = |mask: u32| -> u64 {
            self.histogram
                .iter()
                .enumerate()
                .filter(|&(v, _)| (v as u32 & mask).count_ones().is_multiple_of(2))
                .map(|(_, &c)| c)
                .sum()
        };
        let Some((rare, mask)) = (1..masks)
            .map(|mask| (rare_count(mask), mask))
            .min_by_key(|&(rare, mask)| (rare, std::cmp::Reverse(mask)))
        else {
            return;
        };
        if rare * 8 > self.values.len() as u64 {
            self.sparse = None;
            return;
        }
        if self.sparse.as_ref().is_some_and(|s| s.mask == mask) {
            return;
        }
        let rare_heaps: Vec<u32> = (1..self.values.len() as u32)
            .filter(|&n| {
                (self.values[n as usize] & mask)
                    .count_ones()
                    .is_multiple_of(2)
            })
            .collect();
        let rare_values = rare_heaps
            .iter()
            .map(|&n| self.values[n as usize])
            .collect();
        self.sparse = Some(Sparse {
            mask,
            rare_heaps,
            rare_values,
        });
    }

    fn mark(seen: &mut Vec<u64>, v: u32) {
        let w = (v / 64) as usize;
        if w >= seen.len() {
            seen.resize(w + 1, 0);
        }
        seen[w] |= 1 << (v % 64);
    }

    fn plain_value(&mut self, n: usize) -> u32 {
        let mut seen = std::mem::take(&mut self.seen);
        seen.clear();
        let g = &self.values;
        self.code.each_move(n as u64, &mut |_, parts| {
            let v = parts.iter().fold(0, |x, &p| x ^ g[p as usize]);
            Self::mark(&mut seen, v);
        });
        let mex = first_zero(&seen);
        self.seen = seen;
        mex
    }

    fn sparse_value(&mut self, n: usize) -> u32 {
        let Some(sparse) = &self.sparse else {
            return self.plain_value(n);
        };
        let g = &self.values;
        // marks[v] = 1: v is an option. Plain stores, no read-modify-write
        // chain through a shared word.
        let mut marks = std::mem::take(&mut self.marks);
        marks.clear();
        marks.resize(512, 0);
        let mark = |marks: &mut Vec<u32>, v: u32| {
            let v = v as usize;
            if v >= marks.len() {
                marks.resize(v + 1, 0);
            }
            marks[v] = 1;
        };
        // Options that are not splits.
        for &k in &self.empties {
            if k == n {
                mark(&mut marks, 0);
            }
        }
        for &k in &self.singles {
            if k < n {
                mark(&mut marks, g[n - k]);
            }
        }
        // Common values of splits: one part rare, the other common.
        for &k in &self.halves {
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            let below = sparse.rare_heaps.partition_point(|&r| (r as usize) < m);
            let mut done = 0;
            #[cfg(target_arch = "x86_64")]
            if self.simd {
                done = avx512::mark_common(
                    g,
                    m,
                    &sparse.rare_heaps[..below],
                    &sparse.rare_values[..below],
                    sparse.mask,
                    &mut marks,
                );
            }
            for (&r, &rare) in sparse.rare_heaps[done..below]
                .iter()
                .zip(&sparse.rare_values[done..])
            {
                let other = g[m - r as usize];
                if !sparse.is_rare(other) {
                    let x = rare ^ other;
                    if x < 512 {
                        marks[x as usize] = 1;
                    } else {
                        mark(&mut marks, x);
                    }
                }
            }
        }
        let is_option = |v: u32| marks.get(v as usize).is_some_and(|&m| m != 0);
        // The least common value not among the options.
        let mut common = 0u32;
        while sparse.is_rare(common) || is_option(common) {
            common += 1;
        }
        // Rare values below it that are not yet options.
        let mut need: Vec<u64> = vec![0; (common / 64 + 1) as usize];
        let mut needed = 0usize;
        for v in 0..common {
            if sparse.is_rare(v) && !is_option(v) {
                need[(v / 64) as usize] |= 1 << (v % 64);
                needed += 1;
            }
        }
        self.marks = marks;
        if needed > 0 {
            for &k in &self.halves {
                if n >= k + 2 && cover(g, n - k, common, &mut need, &mut needed, self.simd) {
                    break;
                }
            }
        }
        if needed > 0 {
            first_set(&need)
        } else {
            common
        }
    }
}

/// Whether the split scan can use AVX-512 on this CPU.
fn simd_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        avx512::available()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Scans the splits of `m` into two heaps, clearing from `need` the values
/// below `common` they make; `true` once `need` is empty.
fn cover(
    g: &[u32],
    m: usize,
    common: u32,
    need: &mut [u64],
    needed: &mut usize,
    simd: bool,
) -> bool {
    let mut from = 1;
    #[cfg(target_arch = "x86_64")]
    if simd && common <= 512 && need.len() <= 8 {
        let mut small = [0u64; 8];
        small[..need.len()].copy_from_slice(need);
        let (next, done) = avx512::cover(g, m, common, &mut small, needed);
        let len = need.len();
        need.copy_from_slice(&small[..len]);
        if done {
            return true;
        }
        from = next;
    }
    let _ = simd;
    for a in from..=m / 2 {
        let x = g[a] ^ g[m - a];
        if x < common {
            let (w, bit) = ((x / 64) as usize, 1u64 << (x % 64));
            if need[w] & bit != 0 {
                need[w] &= !bit;
                *needed -= 1;
                if *needed == 0 {
                    return true;
                }
            }
        }
    }
    false
}

/// The scan of [`cover`] sixteen splits at a time.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx512 {
    use std::arch::x86_64::*;

    pub fn available() -> bool {
        is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("avx512vpopcntdq")
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

    /// Scans splits `(a, m - a)` for `a` from 1 while sixteen fit below
    /// `m / 2`; returns where it stopped and whether `need` emptied.
    pub fn cover(
        g: &[u32],
        m: usize,
        common: u32,
        need: &mut [u64; 8],
        needed: &mut usize,
    ) -> (usize, bool) {
        if !available() || m > g.len() || common > 512 {
            return (1, false);
        }
        // SAFETY: AVX-512F is present; `scan` reads g[a..=m - a] with
        // 1 <= a and m - a < g.len() (m <= g.len()).
        unsafe { scan(g, m, common, need, needed) }
    }

    /// # Safety
    /// AVX-512F; `m <= g.len()`; `common <= 512`.
    #[target_feature(enable = "avx512f")]
    unsafe fn scan(
        g: &[u32],
        m: usize,
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
        let mut a = 1;
        while a + 15 <= m / 2 {
            // SAFETY: a + 15 <= m / 2 < g.len(), and m - a - 15 >= 1 with
            // m - a <= g.len() - 1.
            let (low, high) = unsafe {
                (
                    _mm512_loadu_si512(g.as_ptr().add(a).cast()),
                    _mm512_loadu_si512(g.as_ptr().add(m - a - 15).cast()),
                )
            };
            let x = _mm512_xor_si512(low, _mm512_permutexvar_epi32(reverse, high));
            let below = _mm512_cmplt_epu32_mask(x, limit);
            if below != 0 {
                // Bit x of the 512-bit `wanted`: word x / 32, bit x mod 32.
                let words = _mm512_permutexvar_epi32(_mm512_srli_epi32::<5>(x), wanted);
                let bits = _mm512_srlv_epi32(words, _mm512_and_si512(x, low_five));
                let mut hits = _mm512_mask_test_epi32_mask(below, bits, one);
                while hits != 0 {
                    let lane = hits.trailing_zeros() as usize;
                    hits &= hits - 1;
                    let v = g[a + lane] ^ g[m - a - lane];
                    let (w, bit) = ((v / 64) as usize, 1u64 << (v % 64));
                    if need[w] & bit != 0 {
                        need[w] &= !bit;
                        *needed -= 1;
                        if *needed == 0 {
                            return (a + 16, true);
                        }
                    }
                }
                // SAFETY: as above.
                wanted = unsafe { _mm512_loadu_si512(need.as_ptr().cast()) };
            }
            a += 16;
        }
        (a, false)
    }
}

fn first_zero(bits: &[u64]) -> u32 {
    for (i, &w) in bits.iter().enumerate() {
        if w != u64::MAX {
            return i as u32 * 64 + w.trailing_ones();
        }
    }
    bits.len() as u32 * 64
}

fn first_set(bits: &[u64]) -> u32 {
    for (i, &w) in bits.iter().enumerate() {
        if w != 0 {
            return i as u32 * 64 + w.trailing_zeros();
        }
    }
    bits.len() as u32 * 64
}

/// The period and preperiod of `values`, if the periodicity theorem proves
/// one (`t`: the most tokens a move takes).
pub fn proven_period(values: &[u32], t: usize) -> Option<Periodicity> {
    let n = values.len();
    if n < 3 {
        return None;
    }
    // prefix[i]: the longest proper border of the reversed sequence's first
    // i + 1 values, so suffix values[n - L..] has least period L - prefix[L - 1].
    // (indices as u32: sequences are capped far below 2^32 values).
    let at = |i: usize| values[n - 1 - i];
    let mut prefix = vec![0u32; n];
    for i in 1..n {
        let mut k = prefix[i - 1] as usize;
        while k > 0 && at(i) != at(k) {
            k = prefix[k - 1] as usize;
        }
        if at(i) == at(k) {
            k += 1;
        }
        prefix[i] = k as u32;
    }
    let mut proven: Option<(usize, usize)> = None;
    for n0 in 1..n {
        let length = n - n0;
        let p = length - prefix[length - 1] as usize;
        if n >= 2 * n0 + 2 * p + t && proven.is_none_or(|(best, _)| p < best) {
            proven = Some((p, n0));
        }
        if 2 * n0 + t > n {
            break;
        }
    }
    let (p, n0) = proven?;
    // The least period divides p; a window of p values in the periodic part
    // decides each divisor.
    let period = (1..=p)
        .filter(|q| p % q == 0)
        .find(|&q| (n - p - q..n - q).all(|i| i >= n0 && values[i + q] == values[i]))
        .unwrap_or(p);
    let preperiod = (0..n - period)
        .rev()
        .find(|&i| values[i + period] != values[i])
        .map_or(0, |i| i + 1);
    Some(Periodicity { period, preperiod })
}

#[cfg(test)]
mod tests {
    use super::*;
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
}

#[cfg(test)]
mod portable {
    use super::*;

    #[test]
    fn the_portable_scans_agree_with_avx512() {
        for text in ["0.161", "0.6", "0.56"] {
            let code: OctalCode = text.parse().unwrap();
            let mut fast = Engine::new(&code);
            let mut portable = Engine::new(&code);
            portable.simd = false;
            for _ in 0..20_000 {
                fast.push_next();
                portable.push_next();
            }
            assert!(portable.sparse.is_some(), "{text} uses a sparse space");
            assert_eq!(fast.values, portable.values, "{text}");
        }
    }
}
