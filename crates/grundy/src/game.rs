//! Games as disjunctive sums of independent components.
//!
//! Every seed game is a sum: a Bomb Game board is a set of bombs that never
//! interact except by cancelling, a Cutting Game position is a set of paper
//! pieces, a Matrix Game is a set of rows. The Sprague–Grundy theorem gives
//! the value of a sum as the nim-sum of its components' values, so a game
//! only has to say what one component is worth; [`Game::sum`] does the rest,
//! and [`Outcome`] turns the value into a verdict.

use crate::nimber::Nimber;

/// An impartial game whose positions are disjunctive sums of components.
///
/// `grundy` takes `&mut self` so that a game may keep a cache or grow a
/// table as larger components appear.
pub trait Game {
    /// One independent part of a position (a bomb, a piece of paper, a row).
    type Component;

    /// The Grundy value of a position made of this one component.
    fn grundy(&mut self, component: &Self::Component) -> Nimber;

    /// The value of the disjunctive sum of `components`.
    fn sum<'a, I>(&mut self, components: I) -> Nimber
    where
        I: IntoIterator<Item = &'a Self::Component>,
        Self::Component: 'a,
    {
        components
            .into_iter()
            .fold(Nimber::ZERO, |acc, c| acc ^ self.grundy(c))
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim itself: a heap of `n` is worth `*n`.
    struct Nim;
    impl Game for Nim {
        type Component = u64;
        fn grundy(&mut self, heap: &u64) -> Nimber {
            Nimber::from(*heap)
        }
    }

    #[test]
    fn a_sum_is_worth_the_nim_sum_of_its_parts() {
        assert_eq!(Nim.sum(&[3, 5, 6]), Nimber::ZERO);
        assert_eq!(Nim.sum(&[3, 5]), Nimber(6));
        assert_eq!(Nim.sum(&[]), Nimber::ZERO);
        assert_eq!(Outcome::of(Nim.sum(&[1, 2])), Outcome::FirstPlayer);
        assert_eq!(Outcome::of(Nim.sum(&[2, 2])), Outcome::SecondPlayer);
    }
}
