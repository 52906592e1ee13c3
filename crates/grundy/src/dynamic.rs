//! A game opened by name and asked in wire values: [`WireGame`].
//!
//! [`registry::open`] gives the [`AnyGame`] every
//! front end holds. A front end that speaks only the [`wire`] format (the
//! Python package) wraps it in a [`WireGame`]: positions and moves go in and
//! come out as wire values, checked against the [`Limits`] the game was
//! opened with, under the convention it was set to.
//!
//! ```
//! use grundy::dynamic;
//! use grundy::registry::Settings;
//! use grundy::wire::Position;
//!
//! let mut game = dynamic::open("octal:0.77", &Settings::default()).unwrap();
//! let heaps = Position::Heaps { heaps: vec![1, 2, 3] };
//! // Kayles: G(1) ^ G(2) ^ G(3) = 1 ^ 2 ^ 3 = 0, a loss for the player to move.
//! assert_eq!(game.value(&heaps).unwrap().value(), 0);
//! ```

use std::io::Read;

use crate::analysis::{self, Analyst, Convention, Refusal};
use crate::any_game::{AnyGame, AnyPosition};
use crate::engine::{Engine, Outcome};
use crate::format::JudgeInput;
use crate::game::{
    Abilities, Answers, ComponentTable, Extras, Game, JudgeError, Limits, Present, Rng, WireForm,
};
use crate::misere::Genus;
use crate::nimber::Nimber;
use crate::registry::{self, OpenError, Settings};
use crate::wire::{self, WireError};

/// Opens the game `spec` names, to be kept (under normal play until
/// [`WireGame::set_convention`] says otherwise).
pub fn open(spec: &str, settings: &Settings) -> Result<WireGame, OpenError> {
    Ok(WireGame::new(
        registry::open(spec, settings)?,
        settings.limits,
    ))
}

/// A game under its convention, asked in wire values and checked against
/// its limits.
pub struct WireGame {
    analyst: Analyst<AnyGame>,
    limits: Limits,
}

fn refused(e: Refusal) -> WireError {
    WireError::Refused(e.to_string())
}

impl WireGame {
    /// `game` under normal play, its positions checked against `limits`.
    pub fn new(game: AnyGame, limits: Limits) -> WireGame {
        WireGame {
            analyst: Analyst::normal(game),
            limits,
        }
    }

    /// A wire position as one of the game's, within the limits and
    /// admitted for valuing.
    fn position(&mut self, position: &wire::Position) -> Result<AnyPosition, WireError> {
        let position = self
            .analyst
            .game()
            .position_from_wire(position, self.limits)?;
        self.analyst
            .admit(&position, self.limits)
            .map_err(refused)?;
        Ok(position)
    }

    fn game(&mut self) -> &mut AnyGame {
        self.analyst.game_mut()
    }

    /// The registry name with its parameter (`octal:0.77`).
    pub fn name(&self) -> String {
        self.analyst.game().name()
    }

    /// The players as the statement names them, the one to move first.
    pub fn players(&self) -> [&'static str; 2] {
        self.analyst.game().players()
    }

    /// How a script may write a position as plain data, if the game reads
    /// one ([`WireForm::plain_form`]).
    pub fn plain_form(&self) -> Option<&'static str> {
        self.analyst.game().plain_form()
    }

    /// A position written as plain data, in its wire shape
    /// ([`WireForm::position_from_plain`]).
    pub fn position_from_plain(
        &self,
        plain: &serde_json::Value,
    ) -> Result<wire::Position, WireError> {
        self.analyst.game().position_from_plain(plain)
    }

    /// The limits positions are checked against.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The nim-sum of the position's components; refused where a component
    /// has no value here ([`Game::nim_sum_known`]: a lone Wythoff pair
    /// beyond the table, decided by Wythoff's pairs).
    pub fn value(&mut self, position: &wire::Position) -> Result<Nimber, WireError> {
        let position = self.position(position)?;
        if !self.game().nim_sum_known(&position) {
            return Err(WireError::Refused(
                "this position has no value here: one of its components is decided by the game's rule without one".to_string(),
            ));
        }
        Ok(self.game().value(&position))
    }

    /// Every component with its value.
    pub fn components(
        &mut self,
        position: &wire::Position,
    ) -> Result<Vec<wire::Component>, WireError> {
        let position = self.position(position)?;
        let game = self.game();
        let components = game.components(&position);
        Ok(components
            .iter()
            .enumerate()
            .map(|(i, (c, v))| game.component_wire(i, c, *v))
            .collect())
    }

    /// Who wins with perfect play.
    pub fn outcome(&mut self, position: &wire::Position) -> Result<Outcome, WireError> {
        let position = self.position(position)?;
        self.analyst.outcome(&position).map_err(refused)
    }

    /// The first `limit` winning moves (all of them for `None`).
    pub fn winning_moves(
        &mut self,
        position: &wire::Position,
        limit: Option<usize>,
    ) -> Result<Vec<wire::MoveReport>, WireError> {
        let position = self.position(position)?;
        let moves = self
            .analyst
            .first_winning_moves(&position, limit.unwrap_or(usize::MAX))
            .map_err(refused)?;
        Ok(moves
            .iter()
            .map(|mv| analysis::report(self.analyst.game(), &position, mv))
            .collect())
    }

    /// A winning move, else the move hardest to answer; `None` when there
    /// is no move.
    pub fn suggest(
        &mut self,
        position: &wire::Position,
    ) -> Result<Option<wire::MoveReport>, WireError> {
        let position = self.position(position)?;
        let mv = self.analyst.suggest(&position).map_err(refused)?;
        Ok(mv.map(|mv| analysis::report(self.analyst.game(), &position, &mv)))
    }

    /// The position after `mv`, refused with the reason unless it is legal;
    /// `true` with it when the move won at once (a Cutting Game 1×1 piece).
    pub fn play(
        &mut self,
        position: &wire::Position,
        mv: &wire::Move,
    ) -> Result<(wire::Position, bool), WireError> {
        let position = self.position(position)?;
        let game = self.game();
        let mv = analysis::take_move(game, &position, mv)?;
        let played = game.play(&position, &mv);
        Ok((game.position_wire(&played.position), played.won))
    }

    /// Whether the player to move has no legal move.
    pub fn is_terminal(&mut self, position: &wire::Position) -> Result<bool, WireError> {
        let position = self.position(position)?;
        Ok(self.game().is_terminal(&position))
    }

    /// The analysis `grundy solve --format json` writes, listing at most
    /// `listed` winning moves.
    pub fn analyse(
        &mut self,
        position: &wire::Position,
        listed: usize,
    ) -> Result<wire::Analysis, WireError> {
        let position = self.position(position)?;
        analysis::analyse(&mut self.analyst, &position, listed).map_err(refused)
    }

    /// Why each component has its value (`grundy explain --format json`),
    /// listing at most `listed` options of each; normal play only.
    pub fn explain(
        &mut self,
        position: &wire::Position,
        listed: usize,
    ) -> Result<wire::Explanation, WireError> {
        let position = self.position(position)?;
        analysis::explain(&mut self.analyst, &position, listed).map_err(refused)
    }

    /// Every legal move marked winning or losing under the game's
    /// convention, with its remoteness where known (`POST /api/values`),
    /// the first `listed` reported.
    pub fn value_moves(
        &mut self,
        position: &wire::Position,
        listed: usize,
    ) -> Result<wire::ValueMoves, WireError> {
        let position = self.position(position)?;
        analysis::value_moves(&mut self.analyst, &position, listed).map_err(refused)
    }

    /// Answers every case of `input` in the judge's format.
    pub fn judge(&mut self, input: &mut dyn Read, out: &mut dyn Answers) -> Result<(), JudgeError> {
        analysis::judge(
            &mut self.analyst,
            JudgeInput::stream(input),
            self.limits,
            out,
        )
    }

    /// What the game can do besides the questions every game answers.
    pub fn abilities(&self) -> Abilities {
        self.analyst.game().abilities()
    }

    /// The values of one component over `rows` × `cols` sizes, for games
    /// with two-sized components (see [`Extras::component_table`]).
    pub fn table(&mut self, rows: u32, cols: u32) -> Result<ComponentTable, Refusal> {
        let limits = self.limits;
        self.game().component_table(rows, cols, limits)
    }

    /// A random position from `seed` (see [`Game::random_position`]).
    pub fn random_position(&mut self, seed: u64, size: Option<(u64, u64)>) -> wire::Position {
        let game = self.game();
        let position = game.random_position(&mut Rng::new(seed), size);
        game.position_wire(&position)
    }

    /// Keeps what is worth keeping (see [`Game::finish`]).
    pub fn finish(&mut self) {
        self.game().finish();
    }

    /// Asks under `convention` from now on; refused (and unchanged) when
    /// the game has no form under it. Under misère play the outcome, the
    /// winning moves, the suggestion, the analysis and the judge answers
    /// are the misère ones (values and components stay the normal-play
    /// values).
    pub fn set_convention(&mut self, convention: Convention) -> Result<(), Refusal> {
        self.analyst.set_convention(convention)
    }

    /// The convention positions are asked about under.
    pub fn convention(&self) -> Convention {
        self.analyst.convention()
    }

    /// For heap games, the genus of heaps 0 … `upto` − 1 and whether each
    /// is tame (see [`Extras::genera`]).
    pub fn genera(&self, upto: u64, budget: u64) -> Result<Vec<(Genus, bool)>, Refusal> {
        self.analyst.game().genera(upto, budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::plain_values;
    use crate::games::octal::OctalCode;

    fn heaps(heaps: &[u64]) -> wire::Position {
        wire::Position::Heaps {
            heaps: heaps.to_vec(),
        }
    }

    #[test]
    fn a_kept_game_answers_as_its_engine() {
        let mut game = open("octal:0.07", &Settings::default()).unwrap();
        assert_eq!(game.name(), "octal:0.07");
        let values = plain_values(&"0.07".parse::<OctalCode>().unwrap(), 40);
        for a in 0..40u64 {
            for b in [0u64, 5, 17] {
                let sum = values[a as usize] ^ values[b as usize];
                let position = heaps(&[a, b]);
                assert_eq!(game.value(&position).unwrap(), Nimber::from(sum));
                assert_eq!(
                    game.outcome(&position).unwrap(),
                    Outcome::of(Nimber::from(sum))
                );
                let moves = game.winning_moves(&position, None).unwrap();
                assert_eq!(moves.is_empty(), sum == 0, "{a} {b}");
                // Every winning move leaves a position worth 0.
                for report in &moves {
                    let (after, won) = game.play(&position, &report.mv).unwrap();
                    assert!(!won);
                    assert_eq!(game.value(&after).unwrap(), Nimber::ZERO);
                }
                assert_eq!(
                    game.winning_moves(&position, Some(1)).unwrap().len(),
                    moves.len().min(1)
                );
            }
        }
    }

    #[test]
    fn names_components_suggestions_and_analyses_come_from_the_game() {
        let mut bomb = open("bomb", &Settings::default()).unwrap();
        assert_eq!(bomb.players(), ["John", "Jack"]);
        let board = wire::Position::Board {
            rows: 3,
            cols: 4,
            bombs: vec![[1, 3], [3, 4], [2, 2]],
        };
        let components = bomb.components(&board).unwrap();
        assert_eq!(components.len(), 3);
        let sum = components.iter().fold(0, |s, c| s ^ c.value.unwrap().0);
        assert_eq!(Nimber(sum), bomb.value(&board).unwrap());
        let analysis = bomb.analyse(&board, 1).unwrap();
        assert_eq!(analysis.components, components);
        assert_eq!(analysis.nim_sum, Some(wire::Big(sum)));
        assert_eq!(analysis.game, "bomb");
        // From a won position the suggestion is a winning move; from a lost
        // one the move the analysis suggests.
        let suggested = bomb.suggest(&board).unwrap();
        let winning = bomb.winning_moves(&board, None).unwrap();
        if sum != 0 {
            assert!(winning.contains(&suggested.unwrap()));
        } else {
            assert_eq!(suggested, analysis.suggested_move);
        }
        let lost = heaps(&[1, 1]);
        let mut nim = open("subtraction:1", &Settings::default()).unwrap();
        assert_eq!(nim.outcome(&lost).unwrap(), Outcome::SecondPlayer);
        let reply = nim.suggest(&lost).unwrap().unwrap();
        // An emptied heap leaves the position.
        assert_eq!(nim.play(&lost, &reply.mv).unwrap().0, heaps(&[1]));
        assert_eq!(nim.suggest(&heaps(&[0])).unwrap(), None);
        // Random positions are the game's, and the same for the same seed.
        let a = bomb.random_position(7, Some((4, 5)));
        assert_eq!(a, bomb.random_position(7, Some((4, 5))));
        assert!(matches!(
            a,
            wire::Position::Board {
                rows: 4,
                cols: 5,
                ..
            }
        ));
    }

    #[test]
    fn judge_and_tables_are_the_game_s() {
        struct Lines(Vec<String>);
        impl Answers for Lines {
            fn line(&mut self, text: &[u8]) -> std::io::Result<()> {
                self.0.push(String::from_utf8_lossy(text).into_owned());
                Ok(())
            }
        }
        let mut cutting = open("cutting", &Settings::default()).unwrap();
        let mut lines = Lines(Vec::new());
        cutting
            .judge(&mut "2 2\n3 2\n4 2\n".as_bytes(), &mut lines)
            .unwrap();
        assert_eq!(lines.0, ["LOSE", "LOSE", "WIN"]);
        assert!(cutting.judge(&mut "2 x\n".as_bytes(), &mut lines).is_err());
        let table = cutting.table(3, 4).unwrap();
        assert_eq!(table.values.len(), 12);
        assert_eq!(table.values[0], 0, "a 1×1 paper");
        assert!(open("octal:0.07", &Settings::default())
            .unwrap()
            .table(3, 3)
            .is_err());
    }

    #[test]
    fn misere_play_switches_on_and_off() {
        let mut kayles = open("octal:0.77", &Settings::default()).unwrap();
        assert!(!kayles.convention().is_misere());
        let one = heaps(&[1]);
        assert_eq!(kayles.outcome(&one).unwrap(), Outcome::FirstPlayer);
        kayles
            .set_convention(Convention::Misere { budget: 10_000 })
            .unwrap();
        assert!(kayles.convention().is_misere());
        // Under misère play the one move is the last: the mover loses.
        assert_eq!(kayles.outcome(&one).unwrap(), Outcome::SecondPlayer);
        assert!(kayles.winning_moves(&one, None).unwrap().is_empty());
        assert!(kayles.suggest(&one).unwrap().is_some());
        let two = heaps(&[2]);
        let moves = kayles.winning_moves(&two, None).unwrap();
        assert_eq!(moves.len(), 1, "take one and leave one");
        assert_eq!(kayles.winning_moves(&two, Some(0)).unwrap().len(), 0);
        assert_eq!(kayles.suggest(&two).unwrap(), Some(moves[0].clone()));
        let analysis = kayles.analyse(&one, 5).unwrap();
        assert!(analysis.misere);
        assert!(!analysis.nim_sum_decides);
        assert_eq!(analysis.winner, wire::Winner::Second);
        // Values stay the normal-play values.
        assert_eq!(kayles.value(&one).unwrap(), Nimber(1));
        // Kayles' misère quotient answers any size at once.
        let big = heaps(&[30, 31, 29]);
        assert_eq!(kayles.outcome(&big).unwrap(), Outcome::FirstPlayer);
        // Beyond the budget, where no quotient is found: refused.
        let mut dawson = open("octal:0.07", &Settings::default()).unwrap();
        dawson
            .set_convention(Convention::Misere { budget: 100 })
            .unwrap();
        assert!(matches!(dawson.outcome(&big), Err(WireError::Refused(_))));
        kayles.set_convention(Convention::Normal).unwrap();
        assert!(!kayles.convention().is_misere());
        assert_eq!(kayles.outcome(&one).unwrap(), Outcome::FirstPlayer);
        assert!(!kayles.analyse(&one, 1).unwrap().misere);
        let mut cutting = open("cutting", &Settings::default()).unwrap();
        let reason = cutting
            .set_convention(Convention::Misere { budget: 10 })
            .unwrap_err()
            .to_string();
        assert!(reason.contains("no misère variant"), "{reason}");
        assert!(!cutting.convention().is_misere());
    }

    #[test]
    fn finishing_keeps_what_the_game_keeps() {
        use crate::games::bomb::TableStore;
        use std::sync::{Arc, Mutex};
        struct Kept(Option<usize>);
        impl TableStore for Kept {
            fn load(&mut self) -> Option<Vec<u8>> {
                None
            }
            fn save(&mut self, bytes: &[u8]) {
                self.0 = Some(bytes.len());
            }
        }
        let store = Arc::new(Mutex::new(Kept(None)));
        let settings = Settings {
            store: Some(store.clone()),
            ..Settings::default()
        };
        let mut bomb = open("bomb", &settings).unwrap();
        let board = wire::Position::Board {
            rows: 200,
            cols: 200,
            bombs: vec![[200, 200]],
        };
        // Tables from 128×128 cells on are worth keeping.
        bomb.value(&board).unwrap();
        assert_eq!(store.lock().unwrap().0, None);
        bomb.finish();
        assert!(store.lock().unwrap().0.is_some_and(|n| n > 0));
    }

    #[test]
    fn positions_of_another_shape_and_illegal_moves_are_refused() {
        let mut game = open("bomb", &Settings::default()).unwrap();
        let error = game.value(&heaps(&[1])).unwrap_err();
        assert!(matches!(error, WireError::WrongGame { .. }), "{error}");
        let mut nim = open("subtraction:1,2", &Settings::default()).unwrap();
        let mv = wire::Move::Heap {
            heap: 1,
            take: 3,
            leave: vec![0],
        };
        assert!(matches!(
            nim.play(&heaps(&[3]), &mv).unwrap_err(),
            WireError::Illegal(_)
        ));
        assert!(nim.is_terminal(&heaps(&[0, 0])).unwrap());
        assert!(!nim.is_terminal(&heaps(&[0, 1])).unwrap());
        // Beyond the limits: refused before anything is computed.
        let settings = Settings {
            limits: Limits {
                max_heap: 100,
                ..Limits::default()
            },
            ..Settings::default()
        };
        let mut small = open("octal:0.07", &settings).unwrap();
        assert!(small.value(&heaps(&[101])).is_err());
        assert!(small.value(&heaps(&[100])).is_ok());
        assert_eq!(small.limits().max_heap, 100);
    }
}
