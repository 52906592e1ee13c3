//! The one engine every front end talks to.
//!
//! A position is a disjunctive sum of components. An [`Engine`] answers, for
//! one game, everything a front end asks of a position: its components and
//! their Grundy values, the outcome, the winning moves (visited, so a caller
//! can stop after the first, and counted exactly), the move to play from a
//! lost position, whether a move is legal and why not, the position after a
//! move, and whether the game is over.
//!
//! The seed games implement it with their fast paths (the Bomb table, the
//! Cutting Game's closed form, the Matrix Game's row totals), heap games
//! with their value sequences, and every user [`Rules`](crate::rules::Rules)
//! game through [`Solver`](crate::rules::Solver). Moves name components by
//! 1-based indices, as the statements do.

use std::ops::ControlFlow;

use crate::nimber::Nimber;

/// Who wins a position when both players play perfectly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player about to move wins (the value is not `*0`).
    FirstPlayer,
    /// The player about to move loses (the value is `*0`).
    SecondPlayer,
}

impl Outcome {
    /// The outcome of a position of value `value` under normal play.
    pub const fn of(value: Nimber) -> Outcome {
        if value.is_zero() {
            Outcome::SecondPlayer
        } else {
            Outcome::FirstPlayer
        }
    }

    /// `true` when the player to move wins.
    pub const fn first_player_wins(self) -> bool {
        matches!(self, Outcome::FirstPlayer)
    }
}

impl From<Nimber> for Outcome {
    fn from(value: Nimber) -> Self {
        Outcome::of(value)
    }
}

/// Why a move cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct IllegalMove(pub String);

impl From<IllegalMove> for crate::wire::WireError {
    fn from(e: IllegalMove) -> crate::wire::WireError {
        crate::wire::WireError::Illegal(e.0)
    }
}

/// What a move did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played<P> {
    /// The position after the move.
    pub position: P,
    /// Whether the move won the game at once (the Cutting Game's single
    /// cell); under normal play a game is won by leaving no move instead.
    pub won: bool,
}

/// The work a best try from a lost position may do, in units of one
/// component valued ([`crate::solve::best_try`]).
pub const SUGGESTION_BUDGET: u64 = crate::solve::SUGGESTION_BUDGET;

/// Everything a front end asks of a game's positions.
///
/// `&mut self` everywhere: an engine may keep a table or a cache that grows
/// as larger positions appear.
pub trait Engine {
    /// A whole position: a disjunctive sum of components.
    type Position: Clone + std::fmt::Debug + 'static;
    /// One component of a position.
    type Component: Clone + std::fmt::Debug + 'static;
    /// A move, naming components by 1-based indices.
    type Move: Clone + std::fmt::Debug + PartialEq + 'static;

    /// The components of `position`, each with its Grundy value.
    fn components(&mut self, position: &Self::Position) -> Vec<(Self::Component, Nimber)>;

    /// The nim-sum of the components' values (engines with a faster way to
    /// the sum override this).
    fn value(&mut self, position: &Self::Position) -> Nimber {
        self.components(position)
            .into_iter()
            .fold(Nimber::ZERO, |sum, (_, v)| sum ^ v)
    }

    /// Who wins under perfect play: the player to move exactly when the
    /// value is not `*0`, unless the game's own winning rule says otherwise.
    fn outcome(&mut self, position: &Self::Position) -> Outcome {
        Outcome::of(self.value(position))
    }

    /// Calls `visit` with every winning move (none from a lost position), in
    /// the engine's order, until it returns [`ControlFlow::Break`]; returns
    /// `Break` if it was stopped.
    fn winning_moves(
        &mut self,
        position: &Self::Position,
        visit: &mut dyn FnMut(Self::Move) -> ControlFlow<()>,
    ) -> ControlFlow<()>;

    /// Calls `visit` with every legal move, winning or not, in the engine's
    /// order (component by component), until it returns
    /// [`ControlFlow::Break`]; returns `Break` if it was stopped. A game
    /// whose moves are counted by an amount (the Matrix Game) lists one move
    /// per amount, as its winning moves are listed.
    fn moves(
        &mut self,
        position: &Self::Position,
        visit: &mut dyn FnMut(Self::Move) -> ControlFlow<()>,
    ) -> ControlFlow<()>;

    /// How many winning moves there are, exactly. The default visits them
    /// all; engines whose counts can be astronomical count without listing.
    fn count_winning_moves(&mut self, position: &Self::Position) -> u128 {
        let mut count = 0u128;
        let _ = self.winning_moves(position, &mut |_| {
            count += 1;
            ControlFlow::Continue(())
        });
        count
    }

    /// The first winning move, if there is one.
    fn winning_move(&mut self, position: &Self::Position) -> Option<Self::Move> {
        let mut first = None;
        let _ = self.winning_moves(position, &mut |mv| {
            first = Some(mv);
            ControlFlow::Break(())
        });
        first
    }

    /// The move to play: a winning one when there is one; from a lost
    /// position, the best try ([`crate::solve::best_try`]: the move after
    /// which the fewest components hold the top bit of the new nim-sum,
    /// within [`SUGGESTION_BUDGET`] units of work). `None` when no move is
    /// legal.
    fn suggest(&mut self, position: &Self::Position) -> Option<Self::Move> {
        self.suggest_until(position, &|| false)
    }

    /// [`Engine::suggest`], stopping (with `None`) within a few thousand
    /// candidates once `stop` says so. A game with a faster way to its
    /// suggestion overrides this one.
    fn suggest_until(
        &mut self,
        position: &Self::Position,
        stop: &dyn Fn() -> bool,
    ) -> Option<Self::Move> {
        if let Some(mv) = self.winning_move(position) {
            return Some(mv);
        }
        crate::solve::best_try_until(self, position, SUGGESTION_BUDGET, stop).mv
    }

    /// The moves a best try chooses among, visited like [`Engine::moves`]
    /// (which the default visits). A game whose moves fall into classes of
    /// the same effect visits one of each (the Cutting Game: one cut per
    /// run of lines that leave equal values).
    fn try_moves(
        &mut self,
        position: &Self::Position,
        visit: &mut dyn FnMut(Self::Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.moves(position, visit)
    }

    /// How well the opponent can answer `mv` from `position`, lower being
    /// harder ([`crate::solve::answer_score`] of the position after it), and
    /// what the score cost in units of work. `before` counts the bits of
    /// the components' values before the move, for a game that scores a
    /// move without making it (the Bomb Game); the default makes it
    /// ([`crate::solve::score_by_playing`]).
    fn try_score(
        &mut self,
        position: &Self::Position,
        before: &crate::solve::BitCounts,
        mv: &Self::Move,
    ) -> (u64, u64) {
        let _ = before;
        crate::solve::score_by_playing(self, position, mv)
    }

    /// Whether `mv` can be made in `position`, with the reason when not.
    fn check(&mut self, position: &Self::Position, mv: &Self::Move) -> Result<(), IllegalMove>;

    /// Makes `mv`, which must be legal ([`Engine::check`]).
    fn play(&mut self, position: &Self::Position, mv: &Self::Move) -> Played<Self::Position>;

    /// Whether the player to move has no legal move (and so has lost).
    fn is_terminal(&mut self, position: &Self::Position) -> bool;

    /// Checks `mv` and makes it.
    fn try_play(
        &mut self,
        position: &Self::Position,
        mv: &Self::Move,
    ) -> Result<Played<Self::Position>, IllegalMove> {
        self.check(position, mv)?;
        Ok(self.play(position, mv))
    }
}

/// The first `keep` winning moves, in the engine's order.
pub fn first_winning_moves<E: Engine + ?Sized>(
    engine: &mut E,
    position: &E::Position,
    keep: usize,
) -> Vec<E::Move> {
    let mut listed = Vec::new();
    if keep == 0 {
        return listed;
    }
    let _ = engine.winning_moves(position, &mut |mv| {
        listed.push(mv);
        if listed.len() >= keep {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    listed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Rules, Solver, SumMove};

    /// Nim: a heap may become any smaller heap.
    struct Nim;

    impl Rules for Nim {
        type Position = u64;
        type Move = u64;

        fn options(&self, heap: &u64, option: &mut dyn FnMut(u64, &[u64])) {
            for left in 0..*heap {
                option(
                    heap - left,
                    if left == 0 {
                        &[]
                    } else {
                        std::slice::from_ref(&left)
                    },
                );
            }
        }
    }

    #[test]
    fn the_defaults_visit_count_and_stop() {
        let mut nim = Solver::new(Nim);
        // 3 ^ 5 ^ 7 = 1: take one from any of the three heaps, each odd.
        let heaps = vec![3, 5, 7];
        let all = first_winning_moves(&mut nim, &heaps, usize::MAX);
        let components: Vec<usize> = all.iter().map(|m| m.component).collect();
        assert_eq!(components, [1, 2, 3]);
        assert!(all.iter().all(|m| m.action == 1));
        assert_eq!(nim.count_winning_moves(&heaps), 3);
        assert_eq!(first_winning_moves(&mut nim, &heaps, 2), all[..2]);
        assert_eq!(first_winning_moves(&mut nim, &heaps, 1), all[..1]);
        assert!(first_winning_moves(&mut nim, &heaps, 0).is_empty());
        assert_eq!(nim.winning_move(&heaps), Some(all[0].clone()));
        // A lost position: no winning move, but a suggestion.
        let lost = vec![2, 2];
        assert_eq!(nim.winning_move(&lost), None);
        assert_eq!(nim.count_winning_moves(&lost), 0);
        assert!(nim.suggest(&lost).is_some());
        assert_eq!(nim.outcome(&lost), Outcome::SecondPlayer);
        assert_eq!(nim.outcome(&heaps), Outcome::FirstPlayer);
        assert_eq!(nim.value(&heaps), Nimber(1));
        // try_play checks first.
        let illegal = SumMove {
            component: 1,
            action: 9,
            leaves: vec![],
        };
        assert!(nim.try_play(&heaps, &illegal).is_err());
        let played = nim.try_play(&heaps, &all[0]).unwrap();
        assert_eq!(played.position, vec![2, 5, 7]);
        assert!(!played.won);
        assert!(Outcome::from(Nimber(0)) == Outcome::SecondPlayer);
        assert!(Outcome::FirstPlayer.first_player_wins());
        assert!(!Outcome::SecondPlayer.first_player_wins());
    }
}
