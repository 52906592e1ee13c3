//! What a front end asks of a game under misère play, in the game's own
//! positions and moves: the same questions as [`Engine`](crate::Engine)
//! answers for normal play, each of which may be refused (a search beyond
//! its budget) rather than answered by a guess.

use super::search::MisereError;
use crate::engine::Outcome;
use crate::shared::Cancel;

/// A game under misère play (the last player to move loses). Front ends
/// get one from [`Game::misere`](crate::game::Extras::misere).
pub trait MisereEngine<P, M> {
    /// Who wins with perfect play.
    fn outcome(&mut self, position: &P) -> Result<Outcome, MisereError>;

    /// Every winning move (none from a lost position, nor from a position
    /// without a move, which the player to move has already won).
    fn winning_moves(&mut self, position: &P) -> Result<Vec<M>, MisereError>;

    /// The move to play: a winning one when there is one, else a legal
    /// one; `None` when no move is legal.
    fn suggest(&mut self, position: &P) -> Result<Option<M>, MisereError>;

    /// Why a random `position` should not be dealt to a player under
    /// misère play (its answers could be refused, or slow), if so: the
    /// reason, naming what can be dealt instead. `None` by default.
    fn refuses_to_deal(&self, position: &P) -> Option<String> {
        let _ = position;
        None
    }

    /// How this form decides misère play, for people ("the misère
    /// quotient of octal:0.77 …"); `None`, the default, where the game's
    /// own rule needs no mention.
    fn basis(&self) -> Option<String> {
        None
    }

    /// Stops any search once `cancel` is raised, its question refused
    /// with [`MisereError::Cancelled`]. The default ignores it: for forms
    /// answered by a formula, which never run long.
    fn stop_when(&mut self, cancel: Cancel) {
        let _ = cancel;
    }
}
