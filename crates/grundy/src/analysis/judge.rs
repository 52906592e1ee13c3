//! The judge loop: every case of an input answered in the game's judge
//! format, under either convention.

use super::{Analyst, Refusal};
use crate::format::JudgeInput;
use crate::game::{Answers, Game, JudgeError, Judged, Limits};
use crate::misere::MisereEngine;

/// Answers every case of `input` under the analyst's convention, one line
/// each in the judge's format, writing the answers of the cases before an
/// error. A game with a faster way for the convention
/// ([`JudgeFormat::judge_fast`](crate::game::JudgeFormat::judge_fast)) answers the whole input itself; otherwise
/// positions are read one at a time with [`JudgeFormat::reader`](crate::game::JudgeFormat::reader), admitted and
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
    let (game, misere) = analyst.parts();
    judge_cases(game, misere, input, limits, out)
}

/// Answers every case of `input` read one at a time with `game`'s reader,
/// admitted and decided under normal play, or by `misere` under misère
/// play.
pub(crate) fn judge_cases<G: Game>(
    game: &mut G,
    mut misere: Option<&mut (dyn MisereEngine<G::Position, G::Move> + 'static)>,
    input: JudgeInput<'_>,
    limits: Limits,
    out: &mut dyn Answers,
) -> Result<(), JudgeError> {
    let mut reader = game.reader(Box::new(input), limits)?;
    let mut case = 0;
    while let Some(position) = reader.next_case()? {
        case += 1;
        let refused = |reason: Refusal| JudgeError::Refused {
            line: reader.line(),
            reason,
        };
        game.admit(&position, limits).map_err(refused)?;
        let outcome = match misere.as_deref_mut() {
            None => game.outcome(&position),
            Some(engine) => engine
                .outcome(&position)
                .map_err(|e| refused(Refusal::Search(e)))?,
        };
        out.line(game.judge_answer(case, outcome).as_bytes())
            .map_err(JudgeError::Write)?;
    }
    Ok(())
}
