//! Take-and-break codes: what each digit allows, parsing and printing.
//!
//! Octal and hexadecimal digits as in Winning Ways, and three of the
//! forms of CGSuite's general codes (`org.cgsuite.core.impartial.TBCode`):
//!
//! - a constraint after a digit on the heaps its splits leave: `!` pairwise
//!   unequal, `?` not all equal, `=` all equal. Grundy's game is `4!.0`
//!   (take nothing, leave two heaps of different sizes). On a digit that
//!   allows no split a constraint says nothing and is dropped, as CGSuite
//!   drops it.
//! - a repeating tail in brackets at the end: `0.1[23]` means digit 2 for
//!   taking 2, 4, 6, … tokens and 3 for 3, 5, 7, …. Nim is `0.[3]`: take
//!   any number of tokens, leaving one heap or none.
//! - the names `grundys-game` (`4!.0`) and `nim` (`0.[3]`).
//!
//! Not read: digits above F (splits into four heaps or more), `&N;`, `*`
//! and `{…}`; each is refused with its reason.

use std::fmt;
use std::str::FromStr;

/// A constraint on the sizes of the heaps a split leaves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Constraint {
    /// Any sizes.
    #[default]
    Any,
    /// `!`: no two heaps of the same size.
    Unequal,
    /// `?`: not every heap of the same size.
    NotAllEqual,
    /// `=`: every heap of the same size.
    AllEqual,
}

impl Constraint {
    fn mark(self) -> &'static str {
        match self {
            Constraint::Any => "",
            Constraint::Unequal => "!",
            Constraint::NotAllEqual => "?",
            Constraint::AllEqual => "=",
        }
    }

    fn of(c: char) -> Option<Constraint> {
        match c {
            '!' => Some(Constraint::Unequal),
            '?' => Some(Constraint::NotAllEqual),
            '=' => Some(Constraint::AllEqual),
            _ => None,
        }
    }

    /// Whether heaps `parts`, in increasing order, meet the constraint.
    pub fn allows(self, parts: &[u64]) -> bool {
        let equal_neighbours = parts.windows(2).filter(|w| w[0] == w[1]).count();
        match self {
            Constraint::Any => true,
            Constraint::Unequal => equal_neighbours == 0,
            Constraint::NotAllEqual => parts.len() < 2 || equal_neighbours + 1 < parts.len(),
            Constraint::AllEqual => equal_neighbours + 1 == parts.len().max(1),
        }
    }
}

/// The rules of a take-and-break game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalCode {
    /// `digits[k]`: what taking k tokens may leave (bits 1, 2, 4, 8), as
    /// written.
    digits: Vec<u8>,
    /// `constraints[k]`: on the heaps a split after taking k leaves; `Any`
    /// where `digits[k]` does not split.
    constraints: Vec<Constraint>,
    /// The last `repeat` digits repeat for every larger take (0: none).
    repeat: usize,
}

/// Why a code was not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    /// No `.` in the code.
    #[error("expected a code like 0.07: digits, a point, digits (or grundys-game, nim)")]
    NoPoint,
    /// A character that is not a hexadecimal digit.
    #[error("{found:?} at position {at} is not a digit 0-9 or A-F")]
    NotADigit {
        /// 1-based position in the code.
        at: usize,
        /// The character.
        found: char,
    },
    /// A CGSuite form grundy does not read.
    #[error("{found:?} at position {at}: {what} is not supported (digits 0-F, `!`, `?`, `=` and a tail in `[…]` are)")]
    Unsupported {
        /// 1-based position in the code.
        at: usize,
        /// The character.
        found: char,
        /// What it would mean.
        what: &'static str,
    },
    /// A `[`…`]` tail that is not at the end of the code, or not closed.
    #[error("a repeating tail is written once, after the point, at the end: 0.1[23]")]
    BadTail,
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

/// One digit as written: its value and its constraint.
type Written = (u8, Constraint);

/// Reads `part` (starting at byte `from` of the code): digits, each with an
/// optional constraint right after it, and where a `[` opened a tail
/// (`None`: no tail).
fn read_digits(from: usize, part: &str) -> Result<(Vec<Written>, Option<usize>), CodeError> {
    let mut digits: Vec<Written> = Vec::new();
    let mut tail = None;
    let mut closed = false;
    let mut after_digit = false;
    for (i, c) in part.char_indices() {
        let at = from + i + 1;
        if closed {
            return Err(CodeError::BadTail);
        }
        let was_digit = std::mem::replace(&mut after_digit, false);
        if let Some(constraint) = Constraint::of(c) {
            match digits.last_mut() {
                Some((_, slot)) if was_digit => *slot = constraint,
                _ => return Err(CodeError::NotADigit { at, found: c }),
            }
            continue;
        }
        match c {
            '[' if tail.is_none() => tail = Some(digits.len()),
            ']' if tail.is_some_and(|t| t < digits.len()) => closed = true,
            '[' | ']' => return Err(CodeError::BadTail),
            '&' => {
                return Err(CodeError::Unsupported {
                    at,
                    found: c,
                    what: "a digit above 31 (`&N;`)",
                })
            }
            '*' | '{' => {
                return Err(CodeError::Unsupported {
                    at,
                    found: c,
                    what: "a split into any number of heaps",
                })
            }
            c => match c.to_digit(32) {
                Some(d) if d < 16 => {
                    digits.push((d as u8, Constraint::Any));
                    after_digit = true;
                }
                Some(_) => {
                    return Err(CodeError::Unsupported {
                        at,
                        found: c,
                        what: "a split into four heaps or more",
                    })
                }
                None => return Err(CodeError::NotADigit { at, found: c }),
            },
        }
    }
    if tail.is_some() && !closed {
        return Err(CodeError::BadTail);
    }
    Ok((digits, tail))
}

impl FromStr for OctalCode {
    type Err = CodeError;

    fn from_str(text: &str) -> Result<OctalCode, CodeError> {
        let text = text.trim();
        match text.to_ascii_lowercase().as_str() {
            "grundys-game" => return Ok(OctalCode::grundys_game()),
            "nim" => return Ok(OctalCode::nim()),
            _ => {}
        }
        let point = text.find('.').ok_or(CodeError::NoPoint)?;
        let (before, tail_before) = read_digits(0, &text[..point])?;
        if tail_before.is_some() {
            return Err(CodeError::BadTail);
        }
        let (d0, c0) = before.last().copied().unwrap_or((0, Constraint::Any));
        // Digits before the last one would add tokens (CGSuite's additive
        // part): not a take-and-break move here.
        if before.iter().rev().skip(1).any(|&(d, _)| d != 0) {
            return Err(CodeError::BadSplitDigit(d0));
        }
        if d0 & 0b11 != 0 {
            return Err(CodeError::BadSplitDigit(d0));
        }
        let (after, tail) = read_digits(point + 1, &text[point + 1..])?;
        if after.is_empty() {
            return Err(CodeError::NoDigits);
        }
        let mut digits = vec![(d0, c0)];
        digits.extend(&after);
        let mut repeat = tail.map_or(0, |t| after.len() - t);
        // A tail of zeros is no tail (CGSuite's normal form).
        if digits[digits.len() - repeat..].iter().all(|&(d, _)| d == 0) {
            digits.truncate(digits.len() - repeat);
            repeat = 0;
        }
        if repeat == 0 {
            // Trailing zeros go, but one digit stays after the point (8.0).
            while digits.len() > 2 && digits.last().is_some_and(|&(d, _)| d == 0) {
                digits.pop();
            }
            if digits.len() < 2 {
                digits.push((0, Constraint::Any));
            }
        }
        if digits.iter().all(|&(d, _)| d == 0) {
            return Err(CodeError::NoMoves);
        }
        Ok(OctalCode {
            constraints: digits
                .iter()
                .map(|&(d, c)| if d & 0b1100 != 0 { c } else { Constraint::Any })
                .collect(),
            digits: digits.into_iter().map(|(d, _)| d).collect(),
            repeat,
        })
    }
}

impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digit = |f: &mut fmt::Formatter<'_>, k: usize| {
            write!(f, "{:X}{}", self.digits[k], self.constraints[k].mark())
        };
        digit(f, 0)?;
        write!(f, ".")?;
        let start = self.digits.len() - self.repeat;
        for k in 1..start {
            digit(f, k)?;
        }
        if self.repeat > 0 {
            write!(f, "[")?;
            for k in start..self.digits.len() {
                digit(f, k)?;
            }
            write!(f, "]")?;
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
            constraints: vec![Constraint::Unequal, Constraint::Any],
            repeat: 0,
        }
    }

    /// Nim, `0.[3]`: take any number of tokens, leaving one heap or none.
    pub fn nim() -> OctalCode {
        OctalCode {
            digits: vec![0, 3],
            constraints: vec![Constraint::Any; 2],
            repeat: 1,
        }
    }

    /// The take of the last digit written: the most tokens a move takes
    /// when the code has no repeating [`tail`](Self::tail).
    pub fn max_take(&self) -> usize {
        self.digits.len() - 1
    }

    /// The repeating tail, as (the take of its first digit, its length):
    /// `0.1[23]` gives (2, 2).
    pub fn tail(&self) -> Option<(usize, usize)> {
        (self.repeat > 0).then(|| (self.digits.len() - self.repeat, self.repeat))
    }

    /// Where digit `k` is written: `k` itself, or its place in the tail.
    fn place(&self, k: usize) -> Option<usize> {
        match self.tail() {
            _ if k < self.digits.len() => Some(k),
            Some((start, len)) => Some(start + (k - start) % len),
            None => None,
        }
    }

    /// What taking `k` tokens may leave (bits 1, 2, 4, 8).
    pub fn digit(&self, k: usize) -> u8 {
        self.place(k).map_or(0, |at| self.digits[at])
    }

    /// The constraint on the heaps a split after taking `k` leaves.
    pub fn constraint(&self, k: usize) -> Constraint {
        self.place(k)
            .map_or(Constraint::Any, |at| self.constraints[at])
    }

    /// Whether some move splits a heap into three.
    pub fn splits_in_three(&self) -> bool {
        self.digits.iter().any(|&d| d & 8 != 0)
    }

    /// Whether the periodicity theorem holds for the code: every digit
    /// allows any split, and the moves take at most a fixed number of
    /// tokens. Under a constraint the options of n + p are not those of n
    /// shifted, and a repeating tail takes without bound (Nim's values grow
    /// forever), so no period is proven for such codes.
    pub fn periodicity_applies(&self) -> bool {
        self.repeat == 0 && self.constraints.iter().all(|&c| c == Constraint::Any)
    }

    /// Why the periodicity theorem does not hold for the code, as words
    /// that end "the periodicity theorem does not hold …"; empty where it
    /// does.
    pub fn why_no_period_theorem(&self) -> &'static str {
        if self.repeat > 0 {
            "where a repeating tail takes without bound"
        } else if !self.periodicity_applies() {
            "where a constraint (`!`, `?`, `=`) limits the sizes a split leaves"
        } else {
            ""
        }
    }

    /// The period and preperiod the periodicity theorem proves from these
    /// values of the code's sequence; `None` where it proves none, or does
    /// not apply to the code.
    pub fn proven_period(&self, values: &[u32]) -> Option<super::Periodicity> {
        self.periodicity_applies()
            .then(|| super::period::proven_period_within(values, self.period_bound()))
            .flatten()
    }

    /// What the periodicity theorem needs of the code: its longest take and
    /// the most heaps a move leaves (3 where a digit splits into three).
    pub fn period_bound(&self) -> super::period::Bound {
        super::period::Bound {
            t: self.max_take() as u64,
            parts: if self.splits_in_three() { 3 } else { 2 },
        }
    }

    /// The heaps each move from a heap of `n` leaves, as `(taken, parts)`,
    /// by the letter of the code (splits into parts in increasing order).
    pub(crate) fn each_move(&self, n: u64, visit: &mut dyn FnMut(u64, &[u64])) {
        let last = match self.tail() {
            Some(_) => n,
            None => n.min(self.max_take() as u64),
        };
        for k in 0..=last {
            self.moves_taking(n, k, 0b1111, visit);
        }
    }

    /// The moves from a heap of `n` that take `k` tokens and leave what
    /// the digit's bits in `bits` allow.
    pub(crate) fn moves_taking(
        &self,
        n: u64,
        k: u64,
        bits: u8,
        visit: &mut dyn FnMut(u64, &[u64]),
    ) {
        if k > n {
            return;
        }
        let d = self.digit(k as usize) & bits;
        let c = self.constraint(k as usize);
        let rest = n - k;
        if d & 1 != 0 && rest == 0 && k > 0 {
            visit(k, &[]);
        }
        if d & 2 != 0 && rest > 0 && k > 0 {
            visit(k, &[rest]);
        }
        if d & 4 != 0 {
            for a in 1..=rest / 2 {
                if c.allows(&[a, rest - a]) {
                    visit(k, &[a, rest - a]);
                }
            }
        }
        if d & 8 != 0 {
            for a in 1..=rest / 3 {
                self.splits_in_three_least(n, k, a, visit);
            }
        }
    }

    /// The splits into three a move taking `k` tokens from a heap of `n`
    /// leaves whose smallest heap has `a` tokens (a ≤ b ≤ c), as
    /// [`moves_taking`](Self::moves_taking) visits them; the number of
    /// splits looked at (visited or not by the constraint). Nothing where
    /// the digit does not split in three.
    pub(crate) fn splits_in_three_least(
        &self,
        n: u64,
        k: u64,
        a: u64,
        visit: &mut dyn FnMut(u64, &[u64]),
    ) -> u64 {
        if k > n || self.digit(k as usize) & 8 == 0 || a == 0 {
            return 0;
        }
        let rest = n - k;
        if 3 * a > rest {
            return 0;
        }
        let c = self.constraint(k as usize);
        for b in a..=(rest - a) / 2 {
            if c.allows(&[a, b, rest - a - b]) {
                visit(k, &[a, b, rest - a - b]);
            }
        }
        (rest - a) / 2 - a + 1
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

    /// For a code without constraints or repeating tail, by its digits:
    /// taking k from a heap of n leaves nothing or one heap (one move
    /// each), ⌊(n − k)/2⌋ splits in two and round((n − k)²/12) splits in
    /// three (the partitions of n − k into three parts).
    fn option_count(&self, heap: &u64) -> Option<u128> {
        if !self.periodicity_applies() {
            return None;
        }
        let mut count = 0u128;
        for k in 0..=(self.max_take() as u64).min(*heap) {
            let digit = self.digit(k as usize);
            let rest = u128::from(heap - k);
            count += u128::from(digit & 1 != 0 && k > 0 && rest == 0);
            count += u128::from(digit & 2 != 0 && k > 0 && rest > 0);
            if digit & 4 != 0 {
                count += rest / 2;
            }
            if digit & 8 != 0 {
                count += (rest * rest + 6) / 12;
            }
        }
        Some(count)
    }
}
