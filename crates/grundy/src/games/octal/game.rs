//! Octal and hexadecimal games as heap games of the registry
//! (`octal:0.07`): values from the sparse-space engine, read past their end
//! through the proven period.

use super::code::OctalCode;
use super::sequence::{grundy_sequence_while, Sequence};
use crate::games::heap::{HeapMisereForm, HeapRules, NoQuotient, Shape};
use crate::registry::{self, Entry, Examples, ParameterError, Registered, Settings};

impl HeapRules for OctalCode {
    fn name(&self) -> String {
        format!("octal:{self}")
    }

    fn sequence_while(
        &self,
        upto: usize,
        keep_going: &mut dyn FnMut(usize) -> bool,
    ) -> Result<Sequence, Sequence> {
        grundy_sequence_while(self, upto, keep_going)
    }

    /// A code that splits a heap into three reads some n²/12 splits for
    /// heap n (n³/36 for the values up to n): it values heaps up to
    /// 20·∛`max_heap` (2,000 for a million; 0.8's 2,000 values take about
    /// 1.3 s on a 2-core machine), not `max_heap`.
    fn valued_up_to(&self, max_heap: u64) -> (u64, Option<&'static str>) {
        if !self.splits_in_three() {
            return (max_heap, None);
        }
        let scaled = 20u64.saturating_mul(cube_root(max_heap));
        if scaled >= max_heap {
            return (max_heap, None);
        }
        (
            scaled,
            Some(
                "a move splits a heap into three, so heap n's value reads some n²/12 \
                 splits, and such a game's heaps are valued up to 20·∛N for --max-heap N",
            ),
        )
    }

    /// The code's misère quotient, where one is proven within the budget;
    /// else how far the look went, and the partial quotient for the sums
    /// of the heaps it reached.
    fn quotient_form(
        &self,
        budget: u64,
        cancel: Option<crate::shared::Cancel>,
    ) -> Result<HeapMisereForm, NoQuotient> {
        use crate::misere::quotient::{self, QuotientMisere};
        let q = quotient::tried(self, budget, cancel).ok_or_else(NoQuotient::default)?;
        if let Some(engine) = QuotientMisere::new(q.clone()) {
            return Ok(Box::new(engine));
        }
        Err(NoQuotient {
            why: Some(quotient::why_not(&q)),
            partial: QuotientMisere::partial(q),
        })
    }

    /// A code the periodicity theorem holds for: heaps past the listed ones
    /// are answered through the period.
    fn shape(&self) -> Shape {
        if self.periodicity_applies() {
            Shape::Code(self.clone())
        } else {
            Shape::Listed
        }
    }
}

/// ⌊∛n⌋, by bisection in integers (2,642,245³ is the largest cube in a
/// u64).
fn cube_root(n: u64) -> u64 {
    // lo³ ≤ n < hi³ throughout.
    let (mut lo, mut hi) = (0u64, 2_642_246u64);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if mid * mid * mid <= n {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

impl Registered for crate::games::heap::HeapGame<OctalCode> {
    const ENTRY: Entry = Entry {
        name: "octal",
        title: "Octal game",
        parameter: Some("CODE"),
        summary: "an octal or hexadecimal take-and-break game: heap sizes, one position a line",
        rules: "A position is a row of heaps of tokens. A move takes k tokens from one heap as the code allows: its k-th digit after the point adds up 1 if the heap may then be gone, 2 if it may be left as one heap, and 4 if it may be left as two heaps (8, in a hexadecimal code: three heaps). So 0.07 lets a move take 2 tokens and leave none, one or two heaps. The digit before the point is for taking nothing (4: split a heap in two), and a digit followed by ! allows only heaps of different sizes: 4!.0 is Grundy's game. The player who cannot move loses.",
        example: "octal:0.07",
        examples: Examples {
            judge: "10 7 3\n1\n",
            answers: "WIN\nLOSE\n",
            won: "10 7 3\n",
            winning_move: "1 4 4",
            illegal_move: "2 9 9",
            bad_input: "10 7 3\n1 x\n",
            bad_line: 2,
            plain: "[10, 7, 3]",
        },
    };

    fn open(parameter: Option<&str>, settings: &Settings) -> Result<Self, ParameterError> {
        let code = registry::required(parameter, "an octal code", "octal:0.07")?;
        let code: OctalCode = code.parse().map_err(|reason| ParameterError::Code {
            parameter: code.to_string(),
            reason,
        })?;
        Ok(crate::games::heap::opened(
            crate::games::heap::heap_game(code),
            settings,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::cube_root;

    #[test]
    fn the_cube_root_is_the_floor() {
        // Every n up to 10^6 against counting up.
        let mut r = 0u64;
        for n in 0..=1_000_000u64 {
            while (r + 1).pow(3) <= n {
                r += 1;
            }
            assert_eq!(cube_root(n), r, "{n}");
        }
        // Cubes near 2^63 (where a float's root would round) and the
        // largest below 2^64.
        for k in [2_000_000u64, 2_097_151, 2_097_152, 2_500_000, 2_642_245] {
            assert_eq!(cube_root(k.pow(3)), k);
            assert_eq!(cube_root(k.pow(3) - 1), k - 1);
            assert_eq!(cube_root(k.pow(3) + 1), k);
        }
        assert_eq!(cube_root(u64::MAX), 2_642_245);
    }
}
