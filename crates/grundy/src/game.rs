//! What a front end needs of a game besides its [`Engine`]: its name, how
//! its positions are read, and how positions and moves are written for
//! people.
//!
//! The library never prints: these methods return text, and the front ends
//! (the command line, the playground, scripts) decide where it goes.

use std::io::{self, Read};

use crate::engine::{Engine, IllegalMove, Outcome};
use crate::format::{JudgeInput, ReadError};
use crate::misere::{Genus, MisereEngine, MisereError};
use crate::nimber::Nimber;
use crate::wire::{self, WireError};

/// The limits a front end sets on positions, checked before anything is
/// allocated for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most cells of a kept case or table; boards and tables must fit
    /// in a square of this many cells.
    pub max_cells: u64,
    /// The largest heap of a heap game (its values are computed up to it).
    pub max_heap: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_cells: crate::DEFAULT_MAX_CELLS,
            max_heap: crate::DEFAULT_MAX_HEAP,
        }
    }
}

impl Limits {
    /// The longest side of a board or table that fits in `max_cells`.
    pub fn max_side(&self) -> u64 {
        self.max_cells.isqrt()
    }
}

/// Reads the cases of an input one at a time: one shared interface over
/// every game's judge format.
pub trait CaseReader<P> {
    /// The next case, or `None` at the end of the input.
    fn next_case(&mut self) -> Result<Option<P>, ReadError>;

    /// A line of the last case read, for messages about it: the line it
    /// stands on for line-per-position formats, the line reading stopped on
    /// for the seed games' formats.
    fn line(&self) -> u64;
}

/// Where judge answers go, one line each.
pub trait Answers {
    /// Writes one answer line (the newline is added).
    fn line(&mut self, text: &[u8]) -> io::Result<()>;

    /// Writes one line per verdict: `yes` for `true`, `no` for `false`.
    fn verdicts(&mut self, wins: &[bool], yes: &'static str, no: &'static str) -> io::Result<()> {
        for &win in wins {
            self.line(if win { yes } else { no }.as_bytes())?;
        }
        Ok(())
    }
}

/// Why judging stopped before the end of the input.
#[derive(Debug, thiserror::Error)]
pub enum JudgeError {
    /// The input was malformed, too large, or could not be read.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A case was read but cannot be valued within the limits.
    #[error("line {line}: {reason}")]
    Refused {
        /// The case's line.
        line: u64,
        /// Why.
        reason: String,
    },
    /// An answer could not be written.
    #[error("cannot write the answers: {0}")]
    Write(#[source] io::Error),
}

/// How text is emphasised: plain, or with a terminal's colours.
pub trait Style {
    /// Text that should stand out (a total, a piece's size).
    fn strong(&self, text: &str) -> String;
    /// A game piece on a drawing (a bomb).
    fn piece(&self, text: &str) -> String;
}

/// No emphasis at all.
#[derive(Clone, Copy, Debug, Default)]
pub struct Plain;

impl Style for Plain {
    fn strong(&self, text: &str) -> String {
        text.to_string()
    }

    fn piece(&self, text: &str) -> String {
        text.to_string()
    }
}

/// A small, reproducible random number generator (xorshift64) for random
/// positions: the same seed gives the same positions on every machine.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

/// The values of one component over a rectangle of its two sizes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentTable {
    /// What one entry is the value of ("one bomb at (p, q)").
    pub what: &'static str,
    /// What the two sizes are, down the rows and along the columns
    /// (`["row p", "column q"]`, `["width W", "height H"]`).
    pub axes: [&'static str; 2],
    /// Row-major values: row `i` (from 0) holds sizes `i + 1` by 1, 2, ….
    pub values: Vec<u32>,
}

/// A game as the registry and every front end see it: an [`Engine`] that
/// can also read its positions and write them, and its moves, for people.
pub trait Game: Engine {
    /// The name the registry knows it by, with its parameter
    /// (`bomb`, `octal:0.07`).
    fn name(&self) -> String;

    /// What its components are called in a report ("Bombs", "Heaps").
    fn components_noun(&self) -> &'static str;

    /// The players as the statement names them: who moves first, then the
    /// other.
    fn players(&self) -> [&'static str; 2] {
        ["the first player", "the second player"]
    }

    /// A reader of positions in the game's input format.
    fn reader<'a>(
        &self,
        input: Box<dyn Read + 'a>,
        limits: Limits,
    ) -> Result<Box<dyn CaseReader<Self::Position> + 'a>, ReadError>;

    /// Checks, before any work, that a position read can be valued within
    /// `limits` (and prepares what valuing it takes); the reason when not.
    fn admit(&mut self, position: &Self::Position, limits: Limits) -> Result<(), String> {
        let _ = (position, limits);
        Ok(())
    }

    /// The answer line of case `case` (from 1) in the judge's format.
    fn judge_answer(&self, case: u64, outcome: Outcome) -> String {
        let _ = case;
        if outcome.first_player_wins() {
            "WIN"
        } else {
            "LOSE"
        }
        .to_string()
    }

    /// Who wins, in words ("John wins").
    fn headline(&mut self, position: &Self::Position, outcome: Outcome) -> String {
        let _ = position;
        let [first, second] = self.players();
        format!(
            "{} wins",
            if outcome.first_player_wins() {
                first
            } else {
                second
            }
        )
    }

    /// Why the player to move loses a lost position.
    fn lost_because(&mut self, position: &Self::Position) -> String {
        let [first, second] = self.players();
        if self.is_terminal(position) {
            format!("{} has no move.", capitalised(first))
        } else {
            format!("Whatever {first} does, {second} has a winning reply.")
        }
    }

    /// Whether the nim-sum decides the position (not when the game's own
    /// winning rule does, as with a Cutting Game strip).
    fn nim_sum_decides(&mut self, position: &Self::Position) -> bool {
        let _ = position;
        true
    }

    /// One component and its value in words (`(1,2) *1`, `heap 2: 7 *3`).
    fn describe_component(
        &self,
        index: usize,
        component: &Self::Component,
        value: Nimber,
    ) -> String;

    /// The position drawn as text, for a person to play on.
    fn draw(&self, position: &Self::Position, style: &dyn Style) -> String;

    /// How to write a move, for `help`.
    fn move_help(&self) -> String;

    /// Reads a move typed by a person, refusing an illegal one with the
    /// reason.
    fn parse_move(&self, position: &Self::Position, text: &str) -> Result<Self::Move, IllegalMove>;

    /// A move in the notation [`Game::parse_move`] reads.
    fn notation(&self, position: &Self::Position, mv: &Self::Move) -> String;

    /// A move in words.
    fn describe_move(&self, position: &Self::Position, mv: &Self::Move) -> String;

    /// A random position; `size` is the game's own (rows × columns of a
    /// board, width × height of a paper, heaps × largest heap).
    fn random_position(&mut self, rng: &mut Rng, size: Option<(u64, u64)>) -> Self::Position;

    /// The position in the wire format.
    fn position_wire(&self, position: &Self::Position) -> wire::Position;

    /// A wire position as one of the game's, checked against `limits`
    /// (its sizes; [`Game::admit`] still decides whether it can be valued).
    fn position_from_wire(
        &self,
        position: &wire::Position,
        limits: Limits,
    ) -> Result<Self::Position, WireError>;

    /// A move in the wire format. The default writes its notation.
    fn move_wire(&self, position: &Self::Position, mv: &Self::Move) -> wire::Move {
        wire::Move::Notation {
            notation: self.notation(position, mv),
        }
    }

    /// A wire move as one of the game's, not yet checked for legality
    /// (see [`wire::take_move`]). The default reads its notation.
    fn move_from_wire(
        &self,
        position: &Self::Position,
        mv: &wire::Move,
    ) -> Result<Self::Move, WireError> {
        match mv {
            wire::Move::Notation { notation } => Ok(self.parse_move(position, notation)?),
            other => Err(WireError::wrong(
                self.name(),
                "moves in its notation",
                other.kind(),
            )),
        }
    }

    /// A component and its value in the wire format. The default describes
    /// it in words.
    fn component_wire(
        &self,
        index: usize,
        component: &Self::Component,
        value: Nimber,
    ) -> wire::Component {
        wire::Component {
            index: index + 1,
            part: wire::Part::Other {
                text: self.describe_component(index, component, value),
            },
            value: Some(value.value().into()),
        }
    }

    /// For games whose components have two sizes from 1 (a bomb's row and
    /// column, a paper's width and height): the value of one component for
    /// every pair of sizes up to `rows` × `cols`, or the limit it is beyond.
    /// `None` for other games.
    fn component_table(
        &mut self,
        rows: u32,
        cols: u32,
        limits: Limits,
    ) -> Option<Result<ComponentTable, String>> {
        let _ = (rows, cols, limits);
        None
    }

    /// Answers every case of `input` in the judge's format, one line each,
    /// writing the answers of the cases before an error. The default reads
    /// positions with [`Game::reader`]; games with a faster way override it.
    fn judge(
        &mut self,
        input: JudgeInput<'_>,
        limits: Limits,
        out: &mut dyn Answers,
    ) -> Result<(), JudgeError> {
        let mut reader = self.reader(Box::new(input), limits)?;
        let mut case = 0;
        while let Some(position) = reader.next_case()? {
            case += 1;
            self.admit(&position, limits)
                .map_err(|reason| JudgeError::Refused {
                    line: reader.line(),
                    reason,
                })?;
            let outcome = self.outcome(&position);
            out.line(self.judge_answer(case, outcome).as_bytes())
                .map_err(JudgeError::Write)?;
        }
        Ok(())
    }

    /// The game under misère play (the last player to move loses), with
    /// `budget` positions for any search it needs; the reason when it has
    /// no misère variant.
    fn misere(
        &self,
        budget: u64,
    ) -> Result<Box<dyn MisereEngine<Self::Position, Self::Move>>, String> {
        let _ = budget;
        Err(format!("{} has no misère variant", self.name()))
    }

    /// For heap games: the genus of each heap 0 … `upto` − 1 and whether
    /// it is tame, searching at most `budget` positions a heap; `None` for
    /// games whose components are not heaps.
    fn genera(&self, upto: u64, budget: u64) -> Option<Result<Vec<(Genus, bool)>, MisereError>> {
        let _ = (upto, budget);
        None
    }

    /// Answers every case of `input` in the judge's format under misère
    /// play, as [`Game::judge`] does under normal play; a case beyond the
    /// search budget stops the run after the answers before it.
    fn judge_misere(
        &mut self,
        input: JudgeInput<'_>,
        limits: Limits,
        budget: u64,
        out: &mut dyn Answers,
    ) -> Result<(), JudgeError> {
        let mut engine = self
            .misere(budget)
            .map_err(|reason| JudgeError::Refused { line: 0, reason })?;
        let mut reader = self.reader(Box::new(input), limits)?;
        let mut case = 0;
        while let Some(position) = reader.next_case()? {
            case += 1;
            let refused = |reason: String| JudgeError::Refused {
                line: reader.line(),
                reason,
            };
            self.admit(&position, limits).map_err(refused)?;
            let outcome = engine
                .outcome(&position)
                .map_err(|e| refused(e.to_string()))?;
            out.line(self.judge_answer(case, outcome).as_bytes())
                .map_err(JudgeError::Write)?;
        }
        Ok(())
    }

    /// Called once when a front end is done with the game: keeps what is
    /// worth keeping (a table grown in this run).
    fn finish(&mut self) {}
}

/// "the first player" as "The first player".
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
