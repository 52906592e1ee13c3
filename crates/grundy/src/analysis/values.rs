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
//!
//! A position may have more moves than are marked ([`MAX_VALUED`]: a Nim
//! heap of a million) or listed (a dozen on a terminal): the
//! winning ones are never the ones left out. Past [`MAX_VALUED`] moves the
//! analyst's winning moves are marked first, then the first others in the
//! game's order; and where fewer are listed than marked, the winning ones
//! are listed first. How many moves win in all is counted apart (by the
//! analyst's count, at any heap size).

use std::ops::ControlFlow;

use super::document::report;
use super::remoteness::{of_options, Search, REMOTENESS_BUDGET};
use super::{Analyst, Refusal};
use crate::game::Game;
use crate::wire::{self, Big, FORMAT_VERSION};

/// The most legal moves of one position that are marked; the rest are
/// counted as `more`.
pub const MAX_VALUED: usize = 10_000;

/// Every legal move of `position` (up to [`MAX_VALUED`], every winning one
/// among them) marked winning or losing under the analyst's convention,
/// `listed` of them reported: in the game's order when that is every one
/// marked, else the winning ones first. Stops with [`Refusal::Cancelled`]
/// once the game's cancel flag is raised.
pub fn value_moves<G: Game>(
    analyst: &mut Analyst<G>,
    position: &G::Position,
    listed: usize,
) -> Result<wire::ValueMoves, Refusal> {
    let (mut marked, more, remoteness) = match searched(analyst, position) {
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
    // Every winning move is marked: won exactly when one is, or, with no
    // move at all, as the convention says (won under misère play).
    let wins = if marked.is_empty() {
        analyst.outcome(position)?.first_player_wins()
    } else {
        winning > 0
    };
    if listed < marked.len() {
        // Stable: each kind keeps the game's order.
        marked.sort_by_key(|&(_, wins, _)| !wins);
    }
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
    // Past the moves marked, every winning move is counted apart.
    let winning_in_all = if more {
        analyst.count_winning_moves(position)?
    } else {
        u128::from(winning)
    };
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
        winning_in_all: Big(winning_in_all),
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

/// Up to [`MAX_VALUED`] legal moves, each marked by the outcome of the
/// position it leaves, and whether there are more. With more, the
/// analyst's winning moves come first (every one, unless there are more
/// than [`MAX_VALUED`], or the engine lists one of each kind for a heap
/// too large to list), then the first others in the game's order: the
/// first [`MAX_VALUED`] moves in that order fill the rest, as each one
/// passed over (marked already) has its place among the winning ones.
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
    let mut marked = Vec::with_capacity(moves.len().min(MAX_VALUED));
    if more {
        let winners = analyst.first_winning_moves(position, MAX_VALUED)?;
        marked.extend(winners.into_iter().map(|mv| (mv, true, None)));
    }
    let first = marked.len();
    for mv in moves {
        if marked.len() == MAX_VALUED {
            break;
        }
        if analyst.cancelled() {
            return Err(Refusal::Cancelled);
        }
        let played = analyst.play(position, &mv);
        let wins = match analyst.decided(&played) {
            Some(mover_wins) => mover_wins,
            None => !analyst.outcome(&played.position)?.first_player_wins(),
        };
        // A winning move marked already is not marked twice (the engine
        // may list one move of a kind for a heap too large to list).
        if !(wins && marked[..first].iter().any(|(m, _, _)| *m == mv)) {
            marked.push((mv, wins, None));
        }
    }
    Ok((marked, more))
}
