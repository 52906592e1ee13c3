//! The play convention a position is asked about under, and why a question
//! may be refused.

use crate::misere::MisereError;

/// Who wins when the player to move has no move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Convention {
    /// Normal play: the player who cannot move loses.
    #[default]
    Normal,
    /// Misère play: the player who makes the last move loses. A sum's
    /// outcome may need a search of its game tree; `budget` bounds the
    /// positions it may value before the question is refused.
    Misere {
        /// The most positions a search may value.
        budget: u64,
    },
}

impl Convention {
    /// Misère play with `budget` when there is one, else normal play (a
    /// front end's `--misere` flag and its budget).
    pub fn from_budget(misere: Option<u64>) -> Convention {
        match misere {
            Some(budget) => Convention::Misere { budget },
            None => Convention::Normal,
        }
    }

    /// Whether this is misère play.
    pub const fn is_misere(self) -> bool {
        matches!(self, Convention::Misere { .. })
    }

    /// Whether the player to move wins when left without a move: never
    /// under normal play, always under misère play.
    pub const fn stuck_player_wins(self) -> bool {
        self.is_misere()
    }

    /// The convention in a clause for people, after a verdict ("misère
    /// play: the last player to move loses"); `None` for normal play, which
    /// needs no mention.
    pub const fn rule(self) -> Option<&'static str> {
        match self {
            Convention::Normal => None,
            Convention::Misere { .. } => Some("misère play: the last player to move loses"),
        }
    }

    /// The convention announced at the start of a game for people;
    /// `None` for normal play.
    pub const fn announcement(self) -> Option<&'static str> {
        match self {
            Convention::Normal => None,
            Convention::Misere { .. } => Some("Misère play: whoever makes the last move loses."),
        }
    }

    /// What the components' values are, when they are not the values that
    /// decide the game (`Some("normal-play values")` under misère play).
    pub const fn values_note(self) -> Option<&'static str> {
        match self {
            Convention::Normal => None,
            Convention::Misere { .. } => Some("normal-play values"),
        }
    }

    /// How the move suggested from a lost position is chosen, in words.
    pub const fn fallback(self) -> &'static str {
        match self {
            Convention::Normal => "Best try",
            Convention::Misere { .. } => "A move to try",
        }
    }
}

/// Why a question about a position was not answered. Never a guess: a
/// question is answered exactly or refused with one of these.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The game has no form under the convention asked for (the game's
    /// own words: "the Cutting Game has no misère variant: …").
    #[error("{0}")]
    NoMisere(String),
    /// The misère search could not answer (beyond its budget, or a game
    /// that never ends).
    #[error(transparent)]
    Search(MisereError),
    /// The position is beyond the limits valuing it is allowed.
    #[error("{0}")]
    Limit(String),
    /// A heap is past the heap limit ([`Limits::max_heap`](crate::game::Limits)),
    /// and no formula or proven period gives what it needs.
    #[error("{0}")]
    Heap(String),
    /// The game has no such ability (a table of one component, genera):
    /// see [`Abilities`](crate::game::Abilities).
    #[error("{0}")]
    Unable(String),
    /// The front end asked the computation to stop (its request ran out
    /// of time) before it had an answer.
    #[error("the computation was stopped before it had an answer")]
    Cancelled,
}

/// A misère search that stopped because it was asked to is
/// [`Refusal::Cancelled`], as every other stopped computation.
impl From<MisereError> for Refusal {
    fn from(error: MisereError) -> Refusal {
        match error {
            MisereError::Cancelled => Refusal::Cancelled,
            other => Refusal::Search(other),
        }
    }
}

impl Refusal {
    /// Whether a larger search budget could lift the refusal.
    pub fn needs_budget(&self) -> bool {
        matches!(self, Refusal::Search(MisereError::TooLarge { .. }))
    }

    /// Whether a larger heap limit could lift the refusal.
    pub fn needs_heap_limit(&self) -> bool {
        matches!(self, Refusal::Heap(_))
    }
}
