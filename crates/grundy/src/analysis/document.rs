//! A position's analysis as a wire document, and moves to and from the
//! wire, under either convention.

use super::{Analyst, Refusal};
use crate::game::{capitalised, Game};
use crate::wire::{self, Big, WireError, FORMAT_VERSION};

/// The analysis of `position`, listing at most `listed` winning moves:
/// who wins, why, the components with their (normal-play) values, the
/// winning moves and their exact count, from a lost position the
/// engine's best try, and the move the engine would play with its rule.
pub fn analyse<G: Game>(
    analyst: &mut Analyst<G>,
    position: &G::Position,
    listed: usize,
) -> Result<wire::Analysis, Refusal> {
    analyse_with(analyst, position, listed, EngineMove::Always)
}

/// When an analysis carries the engine's own move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineMove {
    /// Always ([`Analyst::reply`]: a remoteness search of up to
    /// [`super::remoteness::REMOTENESS_BUDGET`] moves where the game is
    /// small enough).
    Always,
    /// Only where it is cheap ([`Analyst::cheap_reply`]: at most
    /// [`super::remoteness::CHEAP_REMOTENESS_BUDGET`] moves of search);
    /// otherwise the analysis has no `engine_move`, and a lost position's
    /// `suggested_move` is the best try.
    IfCheap,
}

/// [`analyse`], with the engine's move as `engine` says.
pub fn analyse_with<G: Game>(
    analyst: &mut Analyst<G>,
    position: &G::Position,
    listed: usize,
    engine: EngineMove,
) -> Result<wire::Analysis, Refusal> {
    let outcome = analyst.outcome(position)?;
    let wins = outcome.first_player_wins();
    let (moves, count) = analyst.listed_winning_moves(position, listed)?;
    let reply = match engine {
        EngineMove::Always => analyst.reply(position)?,
        EngineMove::IfCheap => analyst.cheap_reply(position)?,
    };
    let suggested = match (&reply, wins) {
        (_, true) => None,
        (Some(reply), false) => Some(reply.mv.clone()),
        (None, false) => analyst.plain_reply(position)?.map(|reply| reply.mv),
    };
    let suggested = suggested.as_ref();
    let nim_sum_decides = analyst.nim_sum_decides(position);
    let reason = (!wins).then(|| analyst.lost_because(position));
    let misere = analyst.convention().is_misere();
    let misere_basis = analyst.misere_basis(position);
    let game = analyst.game_mut();
    let [first, second] = game.players();
    let nim_sum = game
        .nim_sum_known(position)
        .then(|| Big(game.value(position).value()));
    let components = game
        .components(position)
        .iter()
        .enumerate()
        .map(|(i, (c, v))| game.component_wire(i, c, *v))
        .collect();
    Ok(wire::Analysis {
        format: FORMAT_VERSION,
        game: game.name(),
        case: None,
        position: game.position_wire(position),
        misere,
        winner: if wins {
            wire::Winner::First
        } else {
            wire::Winner::Second
        },
        winner_name: capitalised(if wins { first } else { second }),
        nim_sum,
        nim_sum_decides,
        components,
        winning_moves: moves.iter().map(|mv| report(game, position, mv)).collect(),
        winning_move_count: Big(count),
        suggested_move: suggested.map(|mv| report(game, position, mv)),
        reason,
        misere_basis,
        engine_move: reply.map(|reply| {
            let (rule, moves_left) = reply.rule.wire();
            wire::EngineMove {
                played: report(game, position, &reply.mv),
                wins: reply.wins,
                rule,
                moves_left,
                why: reply.rule.describe(),
            }
        }),
    })
}

/// A wire move as one of the game's, refused with the reason unless it is
/// legal in `position`.
pub fn take_move<G: Game>(
    game: &mut G,
    position: &G::Position,
    mv: &wire::Move,
) -> Result<G::Move, WireError> {
    let mv = game.move_from_wire(position, mv)?;
    game.check(position, &mv)?;
    Ok(mv)
}

/// The move's report as an analysis lists it.
pub fn report<G: Game>(game: &G, position: &G::Position, mv: &G::Move) -> wire::MoveReport {
    wire::MoveReport {
        mv: game.move_wire(position, mv),
        notation: game.notation(position, mv),
        text: game.describe_move(position, mv),
    }
}
