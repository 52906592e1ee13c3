//! The traits a game is asked through, to import at once:
//! `use grundy::prelude::*;`.

pub use crate::any_game::{AnyGame, AnyMove, AnyPosition};
pub use crate::engine::Engine;
pub use crate::game::{Extras, Game, JudgeFormat, Notation, Present, WireForm};
