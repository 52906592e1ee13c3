//! Subtraction games: take any number of tokens in a finite set S from one
//! heap (`subtraction:1,3,4`).
//!
//! A finite subtraction game is the octal game whose digit k is 3 for each k
//! in S (take k, leaving one heap or none), so its values come from the
//! octal engine and its period is proven by the same theorem; every
//! finite subtraction game is ultimately periodic.

use std::str::FromStr;

use super::heap::HeapRules;
use super::octal::{grundy_sequence_while, OctalCode, Sequence};
use crate::registry::{self, Entry, Examples, ParameterError, Registered, Settings};
use crate::rules::Rules;

/// The game this module registers (see `games/mod.rs`).
pub type Registration = super::heap::HeapGame<Subtraction>;

/// The largest amount a subtraction set may name: the game's code has one
/// digit per amount, and the work per value grows with it.
pub const MAX_TAKE: u64 = 10_000;

/// A finite subtraction set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Subtraction {
    set: Vec<u64>,
    code: OctalCode,
}

impl Subtraction {
    /// The amounts a move may take, ascending.
    pub fn set(&self) -> &[u64] {
        &self.set
    }

    /// The same game as an octal code.
    pub fn code(&self) -> &OctalCode {
        &self.code
    }
}

/// Why a text is not a subtraction set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetError {
    /// A word that is not a whole number.
    #[error("`{0}` is not a whole number")]
    NotANumber(String),
    /// The amount 0.
    #[error("0 is not an amount: a move takes at least one token")]
    Zero,
    /// An amount beyond [`MAX_TAKE`].
    #[error("amounts go up to {MAX_TAKE}, not {0}")]
    TooLarge(u64),
    /// No amount.
    #[error("the set is empty: name the amounts a move may take, like 1,3,4")]
    Empty,
    /// The set as an octal code is refused.
    #[error(transparent)]
    Code(#[from] crate::games::octal::CodeError),
}

impl FromStr for Subtraction {
    type Err = SetError;

    /// `1,3,4` (commas or spaces between the amounts).
    fn from_str(text: &str) -> Result<Self, SetError> {
        let mut set = Vec::new();
        for word in text.split([',', ' ']).filter(|w| !w.is_empty()) {
            let k: u64 = word
                .parse()
                .map_err(|_| SetError::NotANumber(word.to_string()))?;
            if k == 0 {
                return Err(SetError::Zero);
            }
            if k > MAX_TAKE {
                return Err(SetError::TooLarge(k));
            }
            set.push(k);
        }
        if set.is_empty() {
            return Err(SetError::Empty);
        }
        set.sort_unstable();
        set.dedup();
        let mut code = "0.".to_string();
        for k in 1..=set[set.len() - 1] {
            code.push(if set.binary_search(&k).is_ok() {
                '3'
            } else {
                '0'
            });
        }
        let code = code.parse()?;
        Ok(Subtraction { set, code })
    }
}

impl Rules for Subtraction {
    type Position = u64;
    type Move = u64;

    fn options(&self, heap: &u64, option: &mut dyn FnMut(u64, &[u64])) {
        for &k in self.set.iter().take_while(|&&k| k <= *heap) {
            if k == *heap {
                option(k, &[]);
            } else {
                option(k, &[heap - k]);
            }
        }
    }
}

impl HeapRules for Subtraction {
    fn name(&self) -> String {
        let set: Vec<String> = self.set.iter().map(u64::to_string).collect();
        format!("subtraction:{}", set.join(","))
    }

    fn sequence_while(
        &self,
        upto: usize,
        keep_going: &mut dyn FnMut(usize) -> bool,
    ) -> Result<Sequence, Sequence> {
        grundy_sequence_while(&self.code, upto, keep_going)
    }

    fn shape(&self) -> crate::games::heap::Shape {
        crate::games::heap::Shape::Code(self.code.clone())
    }
}

impl Registered for crate::games::heap::HeapGame<Subtraction> {
    const ENTRY: Entry = Entry {
        name: "subtraction",
        title: "Subtraction game",
        parameter: Some("S"),
        summary:
            "take k tokens from a heap, k in the finite set S: heap sizes, one position a line",
        rules: "A position is a row of heaps of tokens. A move takes k tokens from one heap, for k one of the numbers of the set S (subtraction:1,3,4 takes 1, 3 or 4). The player who cannot move loses.",
        example: "subtraction:1,3,4",
        examples: Examples {
            judge: "5 9\n2\n",
            answers: "WIN\nLOSE\n",
            won: "5 9\n",
            winning_move: "1 3",
            illegal_move: "1 2",
            bad_input: "5\n1.5\n",
            bad_line: 2,
            plain: "[5, 9]",
        },
    };

    fn open(parameter: Option<&str>, settings: &Settings) -> Result<Self, ParameterError> {
        let set = registry::required(parameter, "a set of amounts", "subtraction:1,3,4")?;
        Ok(crate::games::heap::opened(
            crate::games::heap::heap_game(set.parse::<Subtraction>()?),
            settings,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_parse_into_octal_codes() {
        let s: Subtraction = "4, 1 3,3".parse().unwrap();
        assert_eq!(s.set(), &[1, 3, 4]);
        assert_eq!(s.code().to_string(), "0.3033");
        assert_eq!(s.name(), "subtraction:1,3,4");
        // Period 7 from the start: 0 1 0 1 2 3 2, as the rule gives by hand.
        let values = s.sequence(100);
        assert_eq!(&values.values[..7], &[0, 1, 0, 1, 2, 3, 2]);
        let p = values.periodicity.unwrap();
        assert_eq!((p.period, p.preperiod), (7, 0));
        let error = |text: &str| text.parse::<Subtraction>().unwrap_err().to_string();
        assert_eq!(
            error(""),
            "the set is empty: name the amounts a move may take, like 1,3,4"
        );
        assert_eq!(
            error("1,0"),
            "0 is not an amount: a move takes at least one token"
        );
        assert_eq!(error("2,x"), "`x` is not a whole number");
        assert_eq!(error("10001"), "amounts go up to 10000, not 10001");
        assert!("10000".parse::<Subtraction>().is_ok());
    }
}
