//! Value moves: every legal move of a position marked winning or losing,
//! with its remoteness where the tree below is small enough to search (as
//! GamesmanClassic's "value moves" and GamesmanUni's remoteness show them).
//!
//! Under normal play and for a position within
//! [`REMOTENESS_SIZE`](super::remoteness::REMOTENESS_SIZE), one remoteness
//! search (at most [`REMOTENESS_BUDGET`](super::remoteness::REMOTENESS_BUDGET)
//! moves looked at) marks every move: a move wins exactly when the position
//! it leaves has even remoteness. Elsewhere, and beyond the budget, each
//! move is marked by the outcome of the position it leaves, from the
//! analyst (under either convention), and no remoteness is given.

use std::ops::ControlFlow;

use super::document::report;
use super::remoteness::{of_options, Search, REMOTENESS_BUDGET};
use super::{Analyst, Refusal};
use crate::game::Game;
use crate::wire::{self, Big, FORMAT_VERSION};

/// The most legal moves of one position that are marked; the rest are
/// counted as `more`.
pub const MAX_VALUED: usize = 10_000;

/// Every legal move of `position` (up to [`MAX_VALUED`]) marked winning or
/// losing under the analyst's convention, the first `listed` of them
/// reported. Stops with [`Refusal::Cancelled`] once the game's cancel flag
/// is raised.
pub fn value_moves<G: Game>(
    analyst: &mut Analyst<G>,
    position: &G::Position,
    listed: usize,
) -> Result<wire::ValueMoves, Refusal> {
    let (marked, more, remoteness) = match searched(analyst, position) {
        Some(options) => {
            let remoteness = of_options(options.iter().map(|&(_, r)| r));
            let marked = options
                .into_iter()
                .map(|(mv, r)| (mv, r % 2 == 0, Some(r)))
                .collect::<Vec<_>>();
            (marked, false, Some(remoteness))
        }
        None => {
            let (marked, more) = by_outcome(analyst, position)?;
            (marked, more, None)
        }
    };
    let winning = marked.iter().filter(|m| m.1).count() as u64;
    // Without a marked winning move, the position may still be won: with
    // no move at all under misère play, or by a move past those marked.
    let wins = match (winning, more || marked.is_empty()) {
        (0, true) => analyst.outcome(position)?.first_player_wins(),
        (winning, _) => winning > 0,
    };
    let mut moves = Vec::with_capacity(listed.min(marked.len()));
    for (mv, wins, remoteness) in marked.iter().take(listed) {
        let played = analyst.play(position, mv);
        let nim_sum = if !played.won && analyst.nim_sum_decides(&played.position) {
            Some(Big(analyst.game_mut().value(&played.position).value()))
        } else {
            None
        };
        moves.push(wire::ValueMove {
            mv: report(analyst.game(), position, mv),
            wins: *wins,
            remoteness: *remoteness,
            nim_sum,
        });
    }
    let game = analyst.game_mut();
    Ok(wire::ValueMoves {
        format: FORMAT_VERSION,
        game: game.name(),
        position: game.position_wire(position),
        wins,
        remoteness,
        moves,
        valued: marked.len() as u64,
        winning,
        more,
    })
}

/// Every legal move with the remoteness of the position it leaves, where
/// one search within its budget finds them all.
fn searched<G: Game>(
    analyst: &mut Analyst<G>,
    position: &G::Position,
) -> Option<Vec<(G::Move, u32)>> {
    if !analyst.searches_remoteness(position) {
        return None;
    }
    let cancel = analyst.game().cancel().cloned();
    let mut search = Search::new(analyst.game_mut(), REMOTENESS_BUDGET);
    if let Some(cancel) = cancel {
        search.stop_when(cancel);
    }
    search
        .valued_options(position)
        .filter(|options| options.len() <= MAX_VALUED)
}

/// A move, whether it wins, and its remoteness where known.
type Marked<M> = (M, bool, Option<u32>);

/// The moves marked, and whether there are more.
type MarkedMoves<M> = (Vec<Marked<M>>, bool);

/// The first [`MAX_VALUED`] legal moves, each marked by the outcome of the
/// position it leaves, and whether there are more.
fn by_outcome<G: Game>(
    analyst: &mut Analyst<G>,
    position: &G::Position,
) -> Result<MarkedMoves<G::Move>, Refusal> {
    let mut moves = Vec::new();
    let mut more = false;
    let _ = analyst.game_mut().moves(position, &mut |mv| {
        if moves.len() == MAX_VALUED {
            more = true;
            return ControlFlow::Break(());
        }
        moves.push(mv);
        ControlFlow::Continue(())
    });
    let mut marked = Vec::with_capacity(moves.len());
    for mv in moves {
        if analyst.cancelled() {
            return Err(Refusal::Cancelled);
        }
        let played = analyst.play(position, &mv);
        let wins = match analyst.decided(&played) {
            Some(mover_wins) => mover_wins,
            None => !analyst.outcome(&played.position)?.first_player_wins(),
        };
        marked.push((mv, wins, None));
    }
    Ok((marked, more))
}
