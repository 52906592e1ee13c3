//! One round against the engine: a player's move, then the engine's reply.

use super::{take_move, Analyst, Refusal};
use crate::game::Game;
use crate::wire::{self, Side, WireError};

/// What a round did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round<P, M> {
    /// The player's move, if one was made.
    pub your_move: Option<M>,
    /// The position after it.
    pub after_your_move: P,
    /// The engine's reply, if it moved.
    pub engine_move: Option<M>,
    /// Whether the reply wins with perfect play.
    pub engine_move_wins: bool,
    /// The rule that chose the reply.
    pub engine_rule: Option<super::Rule>,
    /// The position after both moves.
    pub position: P,
    /// Who has won, once the game is over.
    pub winner: Option<Side>,
}

/// Why a round was not played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoundError {
    /// The player's move was not taken.
    #[error(transparent)]
    Move(#[from] WireError),
    /// The engine's reply was refused.
    #[error(transparent)]
    Refused(#[from] Refusal),
}

/// Plays `mv` (if any) from `start`, then, when `reply` and the game is not
/// over, the engine's reply; says who has won once the game is over.
pub fn round<G: Game>(
    analyst: &mut Analyst<G>,
    start: G::Position,
    mv: Option<&wire::Move>,
    reply: bool,
) -> Result<Round<G::Position, G::Move>, RoundError> {
    // The winner when `mover` made a move that decided the game.
    let other = |side: Side| match side {
        Side::You => Side::Engine,
        Side::Engine => Side::You,
    };
    let decided = |mover: Side, mover_won: bool| if mover_won { mover } else { other(mover) };
    let mut winner = None;
    let (your_move, after) = match mv {
        Some(mv) => {
            let mv = take_move(analyst.game_mut(), &start, mv)?;
            let played = analyst.play(&start, &mv);
            winner = analyst.decided(&played).map(|won| decided(Side::You, won));
            (Some(mv), played.position)
        }
        None => (None, start),
    };
    let mut engine_move = None;
    let mut engine_move_wins = false;
    let mut engine_rule = None;
    let mut now = after.clone();
    if winner.is_none() && reply {
        match analyst.reply(&after)? {
            Some(reply) => {
                let played = analyst.play(&after, &reply.mv);
                winner = analyst
                    .decided(&played)
                    .map(|won| decided(Side::Engine, won));
                engine_move_wins = reply.wins;
                engine_rule = Some(reply.rule);
                engine_move = Some(reply.mv);
                now = played.position;
            }
            // The engine, to move, has none: it has lost under normal
            // play, won under misère play.
            None => {
                winner = Some(if analyst.convention().stuck_player_wins() {
                    Side::Engine
                } else {
                    Side::You
                })
            }
        }
    }
    Ok(Round {
        your_move,
        after_your_move: after,
        engine_move,
        engine_move_wins,
        engine_rule,
        position: now,
        winner,
    })
}
