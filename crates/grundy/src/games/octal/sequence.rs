//! The sequence driver: G(0), G(1), … until a period is proven or the
//! requested length is reached.

use super::code::OctalCode;
use super::sparse::Engine;
pub use crate::games::values::{Periodicity, Sequence};
use crate::nimber::MexSet;

/// G(0), …, G(`upto` − 1) by the plain rule: every option of every heap,
/// O(n²) for splits in two and O(n³) in three. The reference the fast
/// computation is checked against.
pub fn plain_values(code: &OctalCode, upto: usize) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(upto);
    let mut seen = MexSet::default();
    for n in 0..upto {
        seen.clear();
        code.each_move(n as u64, &mut |_, parts| {
            seen.insert_growing(parts.iter().fold(0, |x, &p| x ^ values[p as usize]) as usize);
        });
        values.push(seen.mex().value() as u32);
    }
    values
}

/// Computes G(0), G(1), … up to `upto` values, stopping as soon as the
/// sequence is proven periodic. `progress` is told from time to time how
/// many values are done.
pub fn grundy_sequence(code: &OctalCode, upto: usize, progress: &mut dyn FnMut(usize)) -> Sequence {
    grundy_sequence_while(code, upto, &mut |n| {
        if n.is_multiple_of(1 << 16) {
            progress(n);
        }
        true
    })
    .inspect(|sequence| progress(sequence.values.len()))
    .unwrap_or_else(|stopped| stopped)
}

/// [`grundy_sequence`] that asks `keep_going` after every 1024 values
/// whether to go on (with the number done), and for a code that splits a
/// heap into three also part way through a value, about every 4,096
/// splits: `Err` with the values so far (and no period) when it said no.
/// For callers with a deadline.
pub fn grundy_sequence_while(
    code: &OctalCode,
    upto: usize,
    keep_going: &mut dyn FnMut(usize) -> bool,
) -> Result<Sequence, Sequence> {
    let mut engine = Engine::new(code);
    let mut next_check = 1;
    while engine.values().len() < upto {
        // A heap's splits in three are many: looked at part way through.
        let done = engine.values().len();
        if !engine.prepare_next(&mut || keep_going(done)) {
            return Err(Sequence {
                values: engine.into_values(),
                periodicity: None,
            });
        }
        // Every value is kept, so nothing is ever missing.
        let _ = engine.push_next();
        let n = engine.values().len();
        if n >= next_check {
            if let Some(periodicity) = code.proven_period(engine.values()) {
                return Ok(Sequence {
                    values: engine.into_values(),
                    periodicity: Some(periodicity),
                });
            }
            next_check = if n < 2048 { n + 1 } else { n + n / 16 };
        }
        if n.is_multiple_of(1 << 10) && !keep_going(n) {
            return Err(Sequence {
                values: engine.into_values(),
                periodicity: None,
            });
        }
    }
    // The last value computed may be the one that completes a proof.
    let periodicity = code.proven_period(engine.values());
    Ok(Sequence {
        values: engine.into_values(),
        periodicity,
    })
}
