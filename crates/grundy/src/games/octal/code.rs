//! Octal and hexadecimal codes: what each digit allows, parsing and printing.

use std::fmt;
use std::str::FromStr;

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
/// heap is a component, and a move is the number of tokens taken (the parts
/// left are the move's components, smallest first).
impl crate::rules::Rules for OctalCode {
    type Position = u64;
    type Move = u64;

    fn options(&self, heap: &u64, option: &mut dyn FnMut(u64, &[u64])) {
        self.each_move(*heap, &mut |k, parts| option(k, parts));
    }
}
