//! Grundy's game: split one heap into two heaps of different sizes
//! (`grundys-game`). It is the take-and-break code `4!.0` (take nothing,
//! leave two heaps, `!`: of different sizes), and its values come from the
//! octal engine's sparse space: its values split into a few rare heaps
//! (1,273 of the first million, mask 510) and common ones, so a heap's
//! value needs a scan of its splits only until every smaller rare value is
//! seen. No period is known (values have been computed far beyond 10^9
//! without one: OEIS A002188), and the periodicity theorem does not hold
//! for `!` codes, so none is claimed.

use super::heap::HeapRules;
use super::octal::{grundy_sequence_while, OctalCode, Sequence};
use crate::registry::{self, Entry, Examples, ParameterError, Registered, Settings};
use crate::rules::Rules;

/// The game this module registers (see `games/mod.rs`).
pub type Registration = super::heap::HeapGame<GrundysGame>;

/// Grundy's game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GrundysGame;

impl GrundysGame {
    /// Its take-and-break code, `4!.0`.
    pub fn code() -> OctalCode {
        OctalCode::grundys_game()
    }
}

impl Rules for GrundysGame {
    type Position = u64;
    type Move = u64;

    /// A split takes no token; the parts are listed smaller first.
    fn options(&self, heap: &u64, option: &mut dyn FnMut(u64, &[u64])) {
        for small in 1..heap.div_ceil(2) {
            option(0, &[small, heap - small]);
        }
    }
}

impl HeapRules for GrundysGame {
    fn name(&self) -> String {
        "grundys-game".to_string()
    }

    fn sequence_while(
        &self,
        upto: usize,
        keep_going: &mut dyn FnMut(usize) -> bool,
    ) -> Result<Sequence, Sequence> {
        grundy_sequence_while(&Self::code(), upto, keep_going)
    }
}

impl Registered for crate::games::heap::HeapGame<GrundysGame> {
    const ENTRY: Entry = Entry {
        name: "grundys-game",
        title: "Grundy's game",
        parameter: None,
        summary:
            "Grundy's game: split a heap into two unequal heaps; heap sizes, one position a line",
        rules: "A position is a row of heaps of tokens. A move splits one heap into two heaps of different sizes (7 into 6 and 1, 5 and 2, or 4 and 3); heaps of 1 and 2 tokens cannot be split. The player who cannot move loses.",
        example: "grundys-game",
        examples: Examples {
            judge: "7 4\n5\n",
            answers: "LOSE\nWIN\n",
            won: "5\n",
            winning_move: "1 1 4",
            illegal_move: "1 9",
            bad_input: "7\nx\n",
            bad_line: 2,
            plain: "[5]",
        },
    };

    fn open(parameter: Option<&str>, settings: &Settings) -> Result<Self, ParameterError> {
        registry::none(parameter)?;
        Ok(crate::games::heap::opened(
            crate::games::heap::heap_game(GrundysGame),
            settings,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_match_oeis_a002188() {
        let known = [
            0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0,
        ];
        let sequence = GrundysGame.sequence(known.len());
        assert_eq!(sequence.values, known);
        assert_eq!(sequence.periodicity, None);
        assert_eq!(GrundysGame.name(), "grundys-game");
        assert_eq!(GrundysGame::code().to_string(), "4!.0");
        assert_eq!(Ok(GrundysGame::code()), "4!.0".parse::<OctalCode>());
    }

    #[test]
    fn the_rules_are_the_codes_moves() {
        // The rules the engine plays by and the code the values come from
        // allow the same splits.
        let code = GrundysGame::code();
        for heap in 0..60u64 {
            let mut by_rules = Vec::new();
            GrundysGame.options(&heap, &mut |_, parts| by_rules.push(parts.to_vec()));
            let mut by_code = Vec::new();
            code.options(&heap, &mut |_, parts| by_code.push(parts.to_vec()));
            by_rules.sort();
            by_code.sort();
            assert_eq!(by_rules, by_code, "heap {heap}");
        }
    }
}
