//! Remoteness: how long a game lasts when the winner hurries and the loser
//! delays (Berlekamp, Conway and Guy, *Winning Ways*, ch. 9, after
//! Steinhaus).
//!
//! The remoteness of a position with no move is 0. Otherwise, if some
//! option has even remoteness (the opponent loses it), the remoteness is
//! one more than the least such even remoteness; if none does, one more than
//! the largest (odd) remoteness of an option. So a position is lost for the
//! player to move exactly when its remoteness is even, and the remoteness
//! is the number of moves left when the winner plays to win soonest and the
//! loser to lose as late as possible. A move that wins at once (cutting out
//! a Cutting Game cell) is an option of remoteness 0.
//!
//! The engine uses it where the whole game tree below a position is small
//! enough to search ([`REMOTENESS_BUDGET`] positions): from a won position
//! it plays a winning move that wins soonest, from a lost one the move that
//! keeps the game going longest. Elsewhere it keeps its own rule (the first
//! winning move; from a lost position, the move hardest to answer). This is
//! for normal play; under misère play the engine keeps its misère form's
//! rule.

use std::collections::HashMap;
use std::ops::ControlFlow;

use crate::game::Game;
use crate::wire;

/// Moves a remoteness search may look at, at most (each costs a move
/// made and a position looked up).
pub const REMOTENESS_BUDGET: u64 = 100_000;

/// Moves a remoteness search may look at when the engine's move is given
/// only where it is cheap (`grundy solve` without `--engine-move`): about
/// 0.15 ms of search a position at most.
pub const CHEAP_REMOTENESS_BUDGET: u64 = 1_000;

/// The largest position (by [`wire::Position::size`]) the engine searches
/// for remoteness at all: beyond it the tree is too large to be worth
/// starting. It is a filter, not a bound: a position within it may still
/// run out of [`REMOTENESS_BUDGET`], which costs about 15 ms (measured:
/// `grundy solve wythoff` on the pair (200, 300), the whole run in
/// 0.02 s). 256 lets in every pair `play wythoff` deals (sides up to 12,
/// a size of up to 13² + 1).
pub const REMOTENESS_SIZE: u64 = 256;

/// The search beyond its budget.
struct TooLarge;

/// A memoised remoteness search within a budget of moves looked at.
pub struct Search<'g, G: Game> {
    game: &'g mut G,
    memo: HashMap<Key, u32>,
    budget: u64,
    /// Gives up (as beyond the budget) once raised.
    cancel: Option<crate::shared::Cancel>,
    /// Moves looked at so far.
    looked: u64,
}

/// The memo's key: the position's wire form, with the order of its
/// components (heaps, pieces, rows, pairs) forgotten, since a sum's
/// remoteness does not depend on it. Heaps and pairs, the shapes of the
/// games with large searches, are kept as numbers; other shapes as their
/// printed form (formatting was most of the search's time for heaps).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Key {
    Heaps(Vec<u64>),
    Pairs(Vec<[u64; 2]>),
    Other(String),
}

fn key(mut position: wire::Position) -> Key {
    match &mut position {
        wire::Position::Heaps { heaps } => {
            heaps.sort_unstable();
            return Key::Heaps(std::mem::take(heaps));
        }
        wire::Position::Pairs { pairs } => {
            pairs.sort_unstable();
            return Key::Pairs(std::mem::take(pairs));
        }
        wire::Position::Pieces { pieces } => pieces.sort_unstable_by_key(|p| (p[0].0, p[1].0)),
        wire::Position::Matrix { rows } => {
            rows.sort_unstable_by(|a, b| a.iter().map(|x| x.0).cmp(b.iter().map(|x| x.0)));
        }
        _ => {}
    }
    Key::Other(format!("{position:?}"))
}

impl<'g, G: Game> Search<'g, G> {
    /// A search of `game`'s positions, looking at most at `budget` moves.
    pub fn new(game: &'g mut G, budget: u64) -> Self {
        Search {
            game,
            memo: HashMap::new(),
            budget,
            cancel: None,
            looked: 0,
        }
    }

    /// Gives up, as beyond its budget, once `cancel` is raised (looked at
    /// on the first move and every [`STOP_EVERY`](crate::solve::STOP_EVERY)
    /// moves after it).
    pub fn stop_when(&mut self, cancel: crate::shared::Cancel) {
        self.cancel = Some(cancel);
    }

    /// Every legal move of `position` with the remoteness of the position
    /// it leaves (0 when it wins at once or leaves no move).
    fn options(&mut self, position: &G::Position) -> Result<Vec<(G::Move, u32)>, TooLarge> {
        // Never more moves than the budget allows: a paper of 10^18 × 10^18
        // has 2·10^18 cuts.
        let mut moves = Vec::new();
        let room = self.budget;
        let stopped = self.game.moves(position, &mut |mv| {
            if moves.len() as u64 >= room {
                return ControlFlow::Break(());
            }
            moves.push(mv);
            ControlFlow::Continue(())
        });
        if stopped.is_break() {
            return Err(TooLarge);
        }
        let mut options = Vec::with_capacity(moves.len());
        for mv in moves {
            if self.budget == 0 {
                return Err(TooLarge);
            }
            self.budget -= 1;
            self.looked += 1;
            if self.looked % crate::solve::STOP_EVERY == 1
                && self
                    .cancel
                    .as_ref()
                    .is_some_and(crate::shared::Cancel::is_cancelled)
            {
                return Err(TooLarge);
            }
            let played = self.game.play(position, &mv);
            let r = if played.won {
                0
            } else {
                self.remoteness_of(&played.position)?
            };
            options.push((mv, r));
        }
        Ok(options)
    }

    fn remoteness_of(&mut self, position: &G::Position) -> Result<u32, TooLarge> {
        let key = key(self.game.position_wire(position));
        if let Some(&r) = self.memo.get(&key) {
            return Ok(r);
        }
        let options = self.options(position)?;
        let r = of_options(options.iter().map(|&(_, r)| r));
        self.memo.insert(key, r);
        Ok(r)
    }

    /// Every legal move of `position` with the remoteness of the position
    /// it leaves (0 when it wins at once), or `None` beyond the budget.
    pub fn valued_options(&mut self, position: &G::Position) -> Option<Vec<(G::Move, u32)>> {
        self.options(position).ok()
    }

    /// The remoteness of `position`, or `None` beyond the budget.
    pub fn remoteness(&mut self, position: &G::Position) -> Option<u32> {
        self.remoteness_of(position).ok()
    }

    /// The move remoteness chooses and the remoteness of `position` (the
    /// moves left, this one included), or `None` beyond the budget or
    /// without a legal move: a winning move whose position has the least
    /// (even) remoteness, else a move whose position has the largest.
    pub fn choose(&mut self, position: &G::Position) -> Option<(G::Move, u32)> {
        let options = self.options(position).ok()?;
        let total = of_options(options.iter().map(|&(_, r)| r));
        let best = if total % 2 == 1 {
            options
                .into_iter()
                .filter(|&(_, r)| r % 2 == 0)
                .min_by_key(|&(_, r)| r)
        } else {
            // The first of the longest, as `min_by_key` keeps the first.
            options
                .into_iter()
                .min_by_key(|&(_, r)| std::cmp::Reverse(r))
        };
        best.map(|(mv, _)| (mv, total))
    }
}

/// The remoteness of a position whose options have these remotenesses.
pub fn of_options(options: impl IntoIterator<Item = u32>) -> u32 {
    let (mut least_even, mut most_odd) = (None::<u32>, None::<u32>);
    for r in options {
        if r % 2 == 0 {
            least_even = Some(least_even.map_or(r, |e| e.min(r)));
        } else {
            most_odd = Some(most_odd.map_or(r, |o| o.max(r)));
        }
    }
    match (least_even, most_odd) {
        (Some(e), _) => e + 1,
        (None, Some(o)) => o + 1,
        (None, None) => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::{key, of_options};
    use crate::wire::{Big, Position};

    #[test]
    fn a_sum_is_looked_up_whatever_the_order_of_its_components() {
        let big = |a: u128, b: u128| [Big(a), Big(b)];
        let same = |a: Position, b: Position| assert_eq!(key(a), key(b));
        same(
            Position::Heaps {
                heaps: vec![3, 1, 2],
            },
            Position::Heaps {
                heaps: vec![1, 2, 3],
            },
        );
        same(
            Position::Pieces {
                pieces: vec![big(4, 2), big(2, 3)],
            },
            Position::Pieces {
                pieces: vec![big(2, 3), big(4, 2)],
            },
        );
        same(
            Position::Matrix {
                rows: vec![vec![Big(5), Big(1)], vec![Big(1), Big(2)]],
            },
            Position::Matrix {
                rows: vec![vec![Big(1), Big(2)], vec![Big(5), Big(1)]],
            },
        );
        same(
            Position::Pairs {
                pairs: vec![[3, 5], [1, 2]],
            },
            Position::Pairs {
                pairs: vec![[1, 2], [3, 5]],
            },
        );
        // Different positions stay apart.
        assert_ne!(
            key(Position::Heaps { heaps: vec![1, 2] }),
            key(Position::Heaps { heaps: vec![1, 3] })
        );
    }

    #[test]
    fn remoteness_of_options_follows_winning_ways() {
        assert_eq!(of_options([]), 0);
        // An option the opponent loses: the least even one, plus one.
        assert_eq!(of_options([0]), 1);
        assert_eq!(of_options([4, 2, 3]), 3);
        // Only options the opponent wins: the largest, plus one.
        assert_eq!(of_options([1, 5, 3]), 6);
        assert_eq!(of_options([7]), 8);
    }
}
