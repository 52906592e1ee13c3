//! What the seed games' move notations share (each game's own is in its
//! folder: `games/bomb/notation.rs`, …): a short notation people type.
//!
//! Numbers are 1-based, as in the statements, and may be separated by spaces,
//! commas or parentheses, so `3 4 1 2` and `(3,4) (1,2)` read alike.
//!
//! - Bomb Game: `P Q U V` explodes the bomb at (P,Q) and puts the new bombs
//!   on (U,Q) and (P,V). On row 1 there is no U: `1 Q V`; in column 1 there
//!   is no V: `P 1 U`.
//! - Cutting Game: `N v K` cuts piece N (as numbered in the list of pieces)
//!   vertically at K, `N h K` horizontally; with one piece, `v K` is enough.
//! - Matrix Game: `R N` takes N stones from row R, from its first cells
//!   first; `R : T1 T2 …` takes Ti stones from cell i of row R.
//!
//! Parsing checks the move against the position and says what is wrong.

use crate::engine::IllegalMove;

/// A move that could not be read or cannot be made, and why.
pub type MoveError = IllegalMove;

pub(crate) fn fail<T>(reason: impl Into<String>) -> Result<T, MoveError> {
    Err(IllegalMove(reason.into()))
}

/// 1204 as "1,204".
pub fn with_commas(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// The words of a move: runs of letters or digits; everything else separates
/// them (except `:`, which is a word of its own).
pub(crate) fn words(text: &str) -> Vec<&str> {
    let mut words = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        let part = c.is_ascii_alphanumeric() || c == '-' || !c.is_ascii();
        match (part, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                words.push(&text[s..i]);
                start = None;
            }
            _ => {}
        }
        if c == ':' {
            words.push(":");
        }
    }
    if let Some(s) = start {
        words.push(&text[s..]);
    }
    words
}

pub(crate) fn number(word: &str, what: &str) -> Result<u64, MoveError> {
    match word.parse::<u64>() {
        Ok(n) => Ok(n),
        Err(_) if word.starts_with('-') => {
            fail(format!("{what} must not be negative, found `{word}`"))
        }
        Err(_) if !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()) => {
            fail(format!("{what} is too large: `{word}`"))
        }
        Err(_) => fail(format!("expected {what} (a number), found `{word}`")),
    }
}

pub(crate) fn coordinate(word: &str, what: &str) -> Result<u32, MoveError> {
    let n = number(word, what)?;
    match u32::try_from(n) {
        Ok(n) if n >= 1 => Ok(n),
        _ => fail(format!("{what} must be from 1 to {}, found {n}", u32::MAX)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_get_commas() {
        assert_eq!(with_commas(0), "0");
        assert_eq!(with_commas(999), "999");
        assert_eq!(with_commas(1204), "1,204");
        assert_eq!(with_commas(1_000_000), "1,000,000");
    }
}
