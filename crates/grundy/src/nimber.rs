//! Nimbers: the values of impartial games.
//!
//! The Sprague–Grundy theorem says every impartial game under normal play is
//! equivalent to a single Nim heap `*n`, and that a disjunctive sum of games is
//! equivalent to the heap whose size is the XOR (the *nim-sum*) of theirs.
//! [`Nimber`] is that value; `+` and `^` both compute the nim-sum, and
//! [`mex`] / [`MexSet`] compute the value of a position from its options.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, BitXor, BitXorAssign, Mul, MulAssign};

/// The Grundy value `*n` of an impartial game.
///
/// 128 bits wide so that a Matrix Game row of fifty cells of `2^64 − 1`
/// stones is still one exact value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Nimber(pub u128);

impl Nimber {
    /// `*0`: the value of every second-player win.
    pub const ZERO: Nimber = Nimber(0);

    /// `true` for `*0`, the positions the player to move loses.
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// The heap size as an integer.
    pub const fn value(self) -> u128 {
        self.0
    }
}

impl From<u32> for Nimber {
    fn from(n: u32) -> Self {
        Nimber(u128::from(n))
    }
}

impl From<u64> for Nimber {
    fn from(n: u64) -> Self {
        Nimber(u128::from(n))
    }
}

impl From<u128> for Nimber {
    fn from(n: u128) -> Self {
        Nimber(n)
    }
}

impl BitXor for Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl BitXorAssign for Nimber {
    fn bitxor_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

/// Nimber multiplication (Conway's nim-product), not integer
/// multiplication: with the nim-sum it makes the nimbers below 2^128 a
/// field. Computed by halves, over the Fermat 2-powers F = 2^(2^k): for
/// a, b < F², (a₁F ⊕ a₀)(b₁F ⊕ b₀) = (a₁b₁ ⊕ a₁b₀ ⊕ a₀b₁)F ⊕ a₀b₀ ⊕
/// a₁b₁(F/2), since F⊗F = F ⊕ F/2 and x⊗F = xF for x < F.
impl Mul for Nimber {
    type Output = Nimber;
    fn mul(self, rhs: Nimber) -> Nimber {
        Nimber(nim_product(self.0, rhs.0, 128))
    }
}

impl MulAssign for Nimber {
    fn mul_assign(&mut self, rhs: Nimber) {
        *self = *self * rhs;
    }
}

/// The nim-product of `a` and `b`, both below 2^`bits` (`bits` a power of
/// two).
fn nim_product(a: u128, b: u128, bits: u32) -> u128 {
    if a == 0 || b == 0 {
        return 0;
    }
    if bits == 1 {
        return a & b;
    }
    let half = bits / 2;
    let low = (1u128 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & low, b >> half, b & low);
    let high = nim_product(a1, b1, half);
    let middle = nim_product(a1, b0, half) ^ nim_product(a0, b1, half);
    let bottom = nim_product(a0, b0, half);
    ((high ^ middle) << half) ^ bottom ^ nim_product(high, 1 << (half - 1), half)
}

/// Nimber addition is the nim-sum (XOR), not integer addition.
impl Add for Nimber {
    type Output = Nimber;
    #[allow(clippy::suspicious_arithmetic_impl)] // nim addition is XOR
    fn add(self, rhs: Nimber) -> Nimber {
        self ^ rhs
    }
}

impl AddAssign for Nimber {
    #[allow(clippy::suspicious_op_assign_impl)] // nim addition is XOR
    fn add_assign(&mut self, rhs: Nimber) {
        *self ^= rhs;
    }
}

impl Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |acc, n| acc ^ n)
    }
}

impl<'a> Sum<&'a Nimber> for Nimber {
    fn sum<I: Iterator<Item = &'a Nimber>>(iter: I) -> Nimber {
        iter.copied().sum()
    }
}

/// Prints `*n`, the usual notation (`*0` is written `0` by some authors; we
/// keep the star so a value is never mistaken for a count).
impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.0)
    }
}

/// A set of small nimbers kept as a bitset, for computing a minimum excludant.
///
/// Values at or above the capacity are ignored on insertion. That is exact
/// whenever the capacity is at least the number of values inserted: the mex
/// of `k` values is at most `k`, so larger values can never be the answer's
/// blockers. Reuse one set across positions with [`MexSet::clear`].
#[derive(Clone, Debug, Default)]
pub struct MexSet {
    words: Vec<u64>,
}

impl MexSet {
    /// A set that records values below `capacity`.
    pub fn with_capacity(capacity: usize) -> Self {
        MexSet {
            words: vec![0; capacity / 64 + 1],
        }
    }

    /// Removes every value, keeping the capacity.
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    /// Records `value` (ignored when it is at or above the capacity).
    #[inline]
    pub fn insert(&mut self, value: u128) {
        if let Ok(v) = usize::try_from(value) {
            if let Some(word) = self.words.get_mut(v / 64) {
                *word |= 1 << (v % 64);
            }
        }
    }

    /// Records `value`, growing the set to hold it: for callers that do
    /// not know how many values they will insert.
    #[inline]
    pub fn insert_growing(&mut self, value: usize) {
        if value / 64 >= self.words.len() {
            self.words.resize(value / 64 + 1, 0);
        }
        self.words[value / 64] |= 1 << (value % 64);
    }

    /// The smallest value not recorded.
    pub fn mex(&self) -> Nimber {
        for (i, &word) in self.words.iter().enumerate() {
            if word != u64::MAX {
                return Nimber((i * 64) as u128 + u128::from(word.trailing_ones()));
            }
        }
        Nimber((self.words.len() * 64) as u128)
    }
}

/// The minimum excludant: the least nimber not among `values`.
///
/// This is the Grundy value of a position whose options have these values.
pub fn mex<I>(values: I) -> Nimber
where
    I: IntoIterator<Item = Nimber>,
{
    let values: Vec<Nimber> = values.into_iter().collect();
    let mut set = MexSet::with_capacity(values.len());
    for v in &values {
        set.insert(v.0);
    }
    set.mex()
}

#[cfg(test)]
mod tests {
    #[test]
    #[allow(clippy::needless_range_loop)] // a table by its two indices
    fn the_nim_product_is_conway_s_definition() {
        // By the definition itself, apart from the code it checks:
        // a⊗b = mex { a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b }.
        const N: usize = 32;
        let mut table = [[0u128; N]; N];
        for a in 0..N {
            for b in 0..N {
                let mut seen = std::collections::BTreeSet::new();
                for x in 0..a {
                    for y in 0..b {
                        seen.insert(table[x][b] ^ table[a][y] ^ table[x][y]);
                    }
                }
                table[a][b] = (0..).find(|v| !seen.contains(v)).unwrap();
            }
        }
        for a in 0..N {
            for b in 0..N {
                let product = Nimber(a as u128) * Nimber(b as u128);
                assert_eq!(product.value(), table[a][b], "{a} ⊗ {b}");
            }
        }
        // Known values: 2⊗2 = 3, 4⊗4 = 6, 16⊗16 = 24 (F⊗F = F ⊕ F/2).
        assert_eq!(Nimber(2) * Nimber(2), Nimber(3));
        assert_eq!(Nimber(4) * Nimber(4), Nimber(6));
        assert_eq!(Nimber(16) * Nimber(16), Nimber(24));
        assert_eq!(
            Nimber(1 << 64) * Nimber(1 << 64),
            Nimber((1 << 64) | (1 << 63))
        );
    }

    #[test]
    fn the_nim_product_makes_a_field_at_full_width() {
        let mut state = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834u128;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            Nimber(state)
        };
        for _ in 0..200 {
            let (a, b, c) = (next(), next(), next());
            assert_eq!(a * b, b * a);
            assert_eq!((a * b) * c, a * (b * c));
            assert_eq!(a * (b ^ c), (a * b) ^ (a * c));
            assert_eq!(a * Nimber(1), a);
            assert!(a.is_zero() || !(a * b).is_zero() || b.is_zero());
        }
    }

    use super::*;

    #[test]
    fn nim_sum_is_xor_and_self_inverse() {
        let a = Nimber(0b1011);
        let b = Nimber(0b0110);
        assert_eq!(a + b, Nimber(0b1101));
        assert_eq!(a ^ b, a + b);
        assert_eq!(a + a, Nimber::ZERO);
        let total: Nimber = [a, b, Nimber(1)].into_iter().sum();
        assert_eq!(total, Nimber(0b1100));
    }

    #[test]
    fn display_uses_star_notation() {
        assert_eq!(Nimber(0).to_string(), "*0");
        assert_eq!(Nimber(42).to_string(), "*42");
    }

    #[test]
    fn mex_finds_the_least_missing_value() {
        assert_eq!(mex([]), Nimber(0));
        assert_eq!(mex([Nimber(1), Nimber(2)]), Nimber(0));
        assert_eq!(mex([Nimber(0), Nimber(2), Nimber(1), Nimber(5)]), Nimber(3));
        // Huge values cannot block a small mex and must not allocate.
        assert_eq!(mex([Nimber(0), Nimber(u128::MAX)]), Nimber(1));
        let run: Vec<Nimber> = (0..200).map(Nimber).collect();
        assert_eq!(mex(run), Nimber(200));
    }

    #[test]
    fn mex_set_is_reusable_and_crosses_word_boundaries() {
        let mut set = MexSet::with_capacity(130);
        for v in 0..64 {
            set.insert(v);
        }
        assert_eq!(set.mex(), Nimber(64));
        set.insert(64);
        assert_eq!(set.mex(), Nimber(65));
        set.clear();
        assert_eq!(set.mex(), Nimber(0));
    }
}
