//! The options a repeating tail gives (`0.[3]`, Nim; `0.1[23]`), kept as
//! they grow, so that a heap's value does not cost a visit to every take.
//!
//! A tail of `len` digits from take `start` on lets a digit at offset `i`
//! that leaves one heap take `start + i + q·len` tokens for every `q ≥ 0`:
//! from heap n it leaves every heap `j ≥ 1` with `j ≡ n − start − i` (mod
//! `len`) up to `n − start − i`. Those are all the heaps of one residue
//! class up to the largest one reached so far, so one growing set of values
//! per class answers every heap: a bitset, extended by G(n − start) before
//! heap n is valued.
//!
//! The mex of these sets (with the option 0 of taking the whole heap, which
//! a tail digit allows for every heap of one residue or none) only grows
//! along heaps of one residue mod `len` (heap n + len sees every set heap n
//! saw, each at least as large), so
//! the search for it starts where the last heap of the residue ended:
//! amortised, a word or two per heap. Splits in the tail are visited one
//! by one (the plain rule's cost), taking everything only when the digit
//! allows it.

use super::code::OctalCode;

/// The tail's options, per residue class of the heaps left.
pub(super) struct Tail {
    start: usize,
    len: usize,
    /// The offsets in the tail whose digit leaves one heap.
    singles: Vec<usize>,
    /// The offsets whose digit splits.
    splits: Vec<usize>,
    /// `classes[r]`: the values of heaps j ≥ 1, j ≡ r (mod len), j ≤ the
    /// heaps added so far.
    classes: Vec<Vec<u64>>,
    /// Heaps 1 … `added` (inclusive) are in their classes.
    added: usize,
    /// Scratch: the classes heap n's one-heap options come from.
    used: Vec<usize>,
    /// `floor[n % len]`: the mex of the one-heap tail options of the last
    /// heap of this residue valued (a lower bound for the next).
    floor: Vec<u32>,
}

impl Tail {
    pub(super) fn new(code: &OctalCode) -> Option<Tail> {
        let (start, len) = code.tail()?;
        let offsets = |bits: u8| {
            (0..len)
                .filter(|&i| code.digit(start + i) & bits != 0)
                .collect::<Vec<_>>()
        };
        Some(Tail {
            start,
            len,
            singles: offsets(2),
            splits: offsets(0b1100),
            classes: vec![Vec::new(); len],
            added: 0,
            used: Vec::new(),
            floor: vec![0; len],
        })
    }

    /// Heap n's value, given G(0) … G(n − 1): the mex of the options of the
    /// code's written digits before the tail, of the tail's splits and
    /// empties (in `seen`'s scratch bitset), and of the tail's single heaps.
    pub(super) fn value(
        &mut self,
        code: &OctalCode,
        n: usize,
        g: &[u32],
        seen: &mut Vec<u64>,
    ) -> u32 {
        seen.clear();
        let mut mark = |v: u32| {
            let w = (v / 64) as usize;
            if w >= seen.len() {
                seen.resize(w + 1, 0);
            }
            seen[w] |= 1 << (v % 64);
        };
        let mut visit =
            |_: u64, parts: &[u64]| mark(parts.iter().fold(0, |x, &p| x ^ g[p as usize]));
        let n64 = n as u64;
        for k in 0..self.start.min(n + 1) {
            code.moves_taking(n64, k as u64, 0b1111, &mut visit);
        }
        for &i in &self.splits {
            let mut k = self.start + i;
            while k <= n {
                code.moves_taking(n64, k as u64, 0b1100, &mut visit);
                k += self.len;
            }
        }
        // The one-heap options: a class set per offset that reaches a heap.
        while self.added + self.start < n {
            self.added += 1;
            let v = g[self.added];
            let class = &mut self.classes[self.added % self.len];
            let w = (v / 64) as usize;
            if w >= class.len() {
                class.resize(w + 1, 0);
            }
            class[w] |= 1 << (v % 64);
        }
        let mut used = std::mem::take(&mut self.used);
        used.clear();
        used.extend(
            self.singles
                .iter()
                .filter(|&&i| n > self.start + i)
                .map(|&i| (n - self.start - i) % self.len),
        );
        // Taking everything (only k = n can) from the tail leaves the
        // option 0 for every heap of this residue from `start` on.
        let empty = u64::from(n >= self.start && code.digit(n) & 1 != 0);
        let classes = &self.classes;
        let word = |w: usize| {
            let first = if w == 0 { empty } else { 0 };
            used.iter()
                .fold(first, |x, &r| x | classes[r].get(w).copied().unwrap_or(0))
        };
        let floor = &mut self.floor[n % self.len];
        *floor = first_zero_from(*floor, &word);
        let mex = first_zero_from(*floor, &|w| word(w) | seen.get(w).copied().unwrap_or(0));
        self.used = used;
        mex
    }
}

/// The least v ≥ `from` whose bit is clear in the words `word(0)`,
/// `word(1)`, … (every bit below `from` taken as set).
fn first_zero_from(from: u32, word: &dyn Fn(usize) -> u64) -> u32 {
    let mut w = (from / 64) as usize;
    let mut bits = word(w) | ((1u64 << (from % 64)) - 1);
    while bits == u64::MAX {
        w += 1;
        bits = word(w);
    }
    w as u32 * 64 + bits.trailing_ones()
}
