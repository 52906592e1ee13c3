//! The judge loop: every case of an input answered in the game's judge
//! format, under either convention.

use super::{Analyst, Refusal};
use crate::format::JudgeInput;
use crate::game::{Answers, Game, JudgeError, Judged, Limits};

/// Answers every case of `input` under the analyst's convention, one line
/// each in the judge's format, writing the answers of the cases before an
/// error. A game with a faster way for the convention
/// ([`Game::judge_fast`]) answers the whole input itself; otherwise
/// positions are read one at a time with [`Game::reader`], admitted and
/// decided.
pub fn judge<G: Game>(
    analyst: &mut Analyst<G>,
    input: JudgeInput<'_>,
    limits: Limits,
    out: &mut dyn Answers,
) -> Result<(), JudgeError> {
    let convention = analyst.convention();
    let input = match analyst
        .game_mut()
        .judge_fast(convention, input, limits, out)
    {
        Judged::Done(result) => return result,
        Judged::Declined(input) => input,
    };
    let mut reader = analyst.game().reader(Box::new(input), limits)?;
    let mut case = 0;
    while let Some(position) = reader.next_case()? {
        case += 1;
        let refused = |reason: Refusal| JudgeError::Refused {
            line: reader.line(),
            reason,
        };
        analyst.admit(&position, limits).map_err(refused)?;
        let outcome = analyst.outcome(&position).map_err(refused)?;
        out.line(analyst.game().judge_answer(case, outcome).as_bytes())
            .map_err(JudgeError::Write)?;
    }
    Ok(())
}
