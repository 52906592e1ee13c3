//! Octal and hexadecimal codes: what each digit allows, parsing and printing.
//!
//! A digit may be followed by `!` (CGSuite's notation for take-and-break
//! codes, `org.cgsuite.core.impartial.TBCode`): the heaps a split leaves
//! must then be pairwise unequal. Grundy's game is `4!.0` (take nothing,
//! leave two heaps of different sizes). On a digit that allows no split
//! `!` says nothing, and is dropped, as CGSuite drops it.

use std::fmt;
use std::str::FromStr;

/// The rules of a take-and-break game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalCode {
    /// `digits[k]`: what taking k tokens may leave (bits 1, 2, 4, 8).
    digits: Vec<u8>,
    /// `unequal[k]`: the heaps a split after taking k leaves must be
    /// pairwise unequal (`!`); only where `digits[k]` splits.
    unequal: Vec<bool>,
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
        // Each digit with whether a `!` follows it.
        let digits_of = |from: usize, part: &str| -> Result<Vec<(u8, bool)>, CodeError> {
            let mut digits: Vec<(u8, bool)> = Vec::new();
            for (at, c) in part.char_indices() {
                match (c, digits.last_mut()) {
                    ('!', Some((_, unequal @ false))) => *unequal = true,
                    _ => digits.push((digit(from + at, c)?, false)),
                }
            }
            Ok(digits)
        };
        let before = digits_of(0, &text[..point])?;
        let (d0, unequal0) = before.last().copied().unwrap_or((0, false));
        // Digits before the last one would add tokens (CGSuite's additive
        // part): not a take-and-break move here.
        if before.iter().rev().skip(1).any(|&(d, _)| d != 0) {
            return Err(CodeError::BadSplitDigit(d0));
        }
        if d0 & 0b11 != 0 {
            return Err(CodeError::BadSplitDigit(d0));
        }
        let mut digits = vec![(d0, unequal0)];
        digits.extend(digits_of(point + 1, &text[point + 1..])?);
        if digits.len() == 1 {
            return Err(CodeError::NoDigits);
        }
        // Trailing zeros go, but one digit stays after the point (8.0).
        while digits.len() > 2 && digits.last().is_some_and(|&(d, _)| d == 0) {
            digits.pop();
        }
        if digits.iter().all(|&(d, _)| d == 0) {
            return Err(CodeError::NoMoves);
        }
        Ok(OctalCode {
            unequal: digits.iter().map(|&(d, u)| u && d & 0b1100 != 0).collect(),
            digits: digits.into_iter().map(|(d, _)| d).collect(),
        })
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mark = |k: usize| if self.unequal[k] { "!" } else { "" };
        write!(f, "{:X}{}.", self.digits[0], mark(0))?;
        for (k, d) in self.digits.iter().enumerate().skip(1) {
            write!(f, "{d:X}{}", mark(k))?;
        }
        Ok(())
    }
}

impl OctalCode {
    /// Grundy's game, `4!.0`: take nothing, leave two heaps of different
    /// sizes.
    pub fn grundys_game() -> OctalCode {
        OctalCode {
            digits: vec![4, 0],
            unequal: vec![true, false],
        }
    }

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

    /// Whether the heaps a split after taking `k` leaves must differ (`!`).
    pub fn unequal(&self, k: usize) -> bool {
        self.unequal.get(k).copied().unwrap_or(false)
    }

    /// Whether the periodicity theorem holds for the code: every digit
    /// allows any split. A `!` digit forbids equal parts, and then the
    /// options of n + p are not those of n shifted, so no period is proven.
    pub fn periodicity_applies(&self) -> bool {
        !self.unequal.contains(&true)
    }

    /// The period and preperiod the periodicity theorem proves from these
    /// values of the code's sequence; `None` where it proves none, or does
    /// not apply to the code.
    pub fn proven_period(&self, values: &[u32]) -> Option<super::Periodicity> {
        self.periodicity_applies()
            .then(|| super::period::proven_period(values, self.max_take()))
            .flatten()
    }

    /// The heaps each move from a heap of `n` leaves, as `(taken, parts)`,
    /// by the letter of the code (splits into unordered parts).
    pub(crate) fn each_move(&self, n: u64, visit: &mut dyn FnMut(u64, &[u64])) {
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
            // With `!`, parts in increasing order must differ.
            let ordered = |a: u64, b: u64| a < b || (a == b && !self.unequal[k as usize]);
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    if ordered(a, rest - a) {
                        visit(k, &[a, rest - a]);
                    }
                }
            }
            if d & 8 != 0 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        if ordered(a, b) && ordered(b, rest - a - b) {
                            visit(k, &[a, b, rest - a - b]);
                        }
                    }
                }
            }
        }
    }
}

/// The game of a code for the generic [`Solver`](crate::rules::Solver): a
/// heap is a component, and a move is the number of tokens taken (the parts
/// left are the move's components, smallest first).
impl crate::rules::Rules for OctalCode {
    type Position = u64;
    type Move = u64;

    fn options(&self, heap: &u64, option: &mut dyn FnMut(u64, &[u64])) {
        self.each_move(*heap, &mut |k, parts| option(k, parts));
    }
}
