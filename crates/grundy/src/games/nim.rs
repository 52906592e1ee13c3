//! Nim (`nim`): take any number of tokens, at least one, from one heap.
//!
//! # Why the values are the heap sizes
//! A heap of n tokens has options the heaps 0, 1, …, n − 1, whose values
//! are (by induction) 0, 1, …, n − 1; their mex is n. So G(n) = n, and a
//! position is lost for the player to move exactly when the nim-sum of its
//! heaps is 0 (Bouton, 1901).
//!
//! # Misère play
//! Bouton's rule too: play as in normal Nim until the move that would
//! leave only heaps of one token, then leave an odd number of them
//! ([`crate::misere::nim`]). No search is needed at any size.

use super::heap::HeapRules;
use super::values::Sequence;
use crate::engine::Outcome;
use crate::misere::nim::{misere_nim_outcome, misere_nim_winning_moves};
use crate::misere::{MisereEngine, MisereError};
use crate::registry::{self, Entry, Examples, ParameterError, Registered, Settings};
use crate::rules::{Rules, SumMove};

/// The game this module registers (see `games/mod.rs`).
pub type Registration = super::heap::HeapGame<Nim>;

/// Nim.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Nim;

impl Nim {
    /// Its take-and-break code, `0.[3]`: take any number of tokens,
    /// leaving one heap or none.
    pub fn code() -> crate::games::octal::OctalCode {
        crate::games::octal::OctalCode::nim()
    }
}

impl Rules for Nim {
    type Position = u64;
    type Move = u64;

    /// Taking `k` tokens leaves one heap of `n − k`, or none.
    fn options(&self, heap: &u64, option: &mut dyn FnMut(u64, &[u64])) {
        for take in 1..=*heap {
            if take == *heap {
                option(take, &[]);
            } else {
                option(take, &[heap - take]);
            }
        }
    }
}

impl HeapRules for Nim {
    fn name(&self) -> String {
        "nim".to_string()
    }

    /// G(n) = n.
    /// Never computed by the engine (the closed form answers), so never
    /// long: `keep_going` is not asked.
    fn sequence_while(
        &self,
        upto: usize,
        _: &mut dyn FnMut(usize) -> bool,
    ) -> Result<Sequence, Sequence> {
        let top = u32::try_from(upto).unwrap_or(u32::MAX);
        Ok(Sequence {
            values: (0..top).collect(),
            periodicity: None,
        })
    }

    fn misere_form(&self) -> Option<Box<dyn MisereEngine<Vec<u64>, SumMove<u64, u64>>>> {
        Some(Box::new(NimMisere))
    }

    /// Heaps of any size: the move to value t takes n − t.
    fn shape(&self) -> super::heap::Shape {
        super::heap::Shape::Nim
    }

    /// G(n) = n.
    fn closed_form(&self) -> Option<fn(u64) -> crate::Nimber> {
        Some(crate::Nimber::from)
    }
}

/// Misère Nim by Bouton's rule, at any size.
#[derive(Clone, Copy, Debug, Default)]
pub struct NimMisere;

fn wide(heaps: &[u64]) -> Vec<u128> {
    heaps.iter().map(|&h| u128::from(h)).collect()
}

/// Taking a heap of `from` down to `to`.
fn take(index: usize, from: u64, to: u64) -> SumMove<u64, u64> {
    SumMove {
        component: index + 1,
        action: from - to,
        leaves: if to == 0 { Vec::new() } else { vec![to] },
    }
}

impl MisereEngine<Vec<u64>, SumMove<u64, u64>> for NimMisere {
    fn basis(&self, _: &Vec<u64>) -> Option<String> {
        Some("Bouton's rule for misère Nim".into())
    }

    fn outcome(&mut self, heaps: &Vec<u64>) -> Result<Outcome, MisereError> {
        Ok(misere_nim_outcome(wide(heaps)))
    }

    fn winning_moves(&mut self, heaps: &Vec<u64>) -> Result<Vec<SumMove<u64, u64>>, MisereError> {
        Ok(misere_nim_winning_moves(&wide(heaps))
            .into_iter()
            // The heap after is below the heap before: a u64.
            .map(|(i, to)| take(i, heaps[i], to as u64))
            .collect())
    }

    /// A winning move, else one token from the largest heap (the move that
    /// changes the least).
    fn suggest(&mut self, heaps: &Vec<u64>) -> Result<Option<SumMove<u64, u64>>, MisereError> {
        if let Some(first) = self.winning_moves(heaps)?.into_iter().next() {
            return Ok(Some(first));
        }
        let largest = heaps
            .iter()
            .enumerate()
            .filter(|(_, &h)| h > 0)
            .max_by_key(|(i, &h)| (h, std::cmp::Reverse(*i)));
        Ok(largest.map(|(i, &h)| take(i, h, h - 1)))
    }
}

impl Registered for crate::games::heap::HeapGame<Nim> {
    const ENTRY: Entry = Entry {
        name: "nim",
        title: "Nim",
        parameter: None,
        summary: "Nim: heap sizes, one position a line; a heap's value is its size",
        rules: "A position is a row of heaps of tokens. A move takes as many tokens as you like, at least one, from one heap. The player who cannot move, no token being left, loses.",
        example: "nim",
        examples: Examples {
            judge: "3 5\n4 4\n",
            answers: "WIN\nLOSE\n",
            won: "3 5\n",
            winning_move: "2 2",
            illegal_move: "1 4",
            bad_input: "3 5\n-1\n",
            bad_line: 2,
            plain: "[3, 5]",
        },
    };

    fn open(parameter: Option<&str>, settings: &Settings) -> Result<Self, ParameterError> {
        registry::none(parameter)?;
        Ok(crate::games::heap::opened(
            crate::games::heap::heap_game(Nim),
            settings,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::grundy_sequence;

    #[test]
    fn nims_values_are_those_of_its_code() {
        let by_code = grundy_sequence(&Nim::code(), 5000, &mut |_| {});
        assert_eq!(by_code.values, Nim.sequence(5000).values);
        assert_eq!(Nim::code().to_string(), "0.[3]");
        // The rules and the code allow the same moves.
        for heap in 0..40u64 {
            let mut by_rules = Vec::new();
            Nim.options(&heap, &mut |k, parts| by_rules.push((k, parts.to_vec())));
            let mut by_code = Vec::new();
            Nim::code().options(&heap, &mut |k, parts| by_code.push((k, parts.to_vec())));
            by_rules.sort();
            by_code.sort();
            assert_eq!(by_rules, by_code, "heap {heap}");
        }
    }
}
