//! Grundy's game: split one heap into two heaps of different sizes
//! (`grundys-game`). It is not an octal game (the sizes must differ), no
//! period is known (values have been computed far beyond 10^9 without one:
//! OEIS A002188), so its values come from the plain rule, O(n²).

use super::heap::{plain_sequence, HeapRules};
use super::octal::Sequence;
use crate::rules::Rules;

/// Grundy's game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GrundysGame;

/// Heaps whose values the plain rule computes in about a second.
pub const MAX_COMPUTED: u64 = 30_000;

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

    fn sequence(&self, upto: usize) -> Sequence {
        plain_sequence(self, upto)
    }

    fn max_computed(&self) -> u64 {
        MAX_COMPUTED
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
        assert_eq!(GrundysGame.max_computed(), MAX_COMPUTED);
        assert_eq!(GrundysGame.name(), "grundys-game");
    }
}
