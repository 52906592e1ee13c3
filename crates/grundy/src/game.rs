//! What a front end needs of a game besides its [`Engine`]: its name, how
//! its positions are read, and how positions and moves are written for
//! people.
//!
//! The library never prints: these methods return text, and the front ends
//! (the command line, the playground, scripts) decide where it goes.

use std::io::Read;

pub use crate::convention::{Convention, Refusal};
use crate::engine::{Engine, IllegalMove, Outcome};
use crate::format::{JudgeInput, ReadError};
pub use crate::judging::{Answers, CaseReader, JudgeError, Judged};
pub use crate::limits::Limits;
use crate::misere::{Genus, MisereEngine};
use crate::nimber::Nimber;
pub use crate::rng::Rng;
pub use crate::style::{Plain, Style};
pub use crate::table::ComponentTable;
use crate::wire::{self, WireError};

/// What a game can do besides the questions every game answers, as the
/// game declares it. Front ends ask this before offering an ability; the
/// methods behind an ability a game lacks refuse with
/// [`Refusal::Unable`] or
/// [`Refusal::NoMisere`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Abilities {
    /// A table of one component's values over its two sizes
    /// ([`Extras::component_table`]).
    pub table: bool,
    /// A misère form ([`Extras::misere`]).
    pub misere: bool,
    /// The genera of its heaps under misère play ([`Extras::genera`]).
    pub genera: bool,
}

/// How a game shows itself to people: its name, its players, its
/// positions, components and moves in words and drawings.
pub trait Present: Engine {
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

    /// One component and its value in words (`(1,2) *1`, `heap 2: 7 *3`).
    fn describe_component(
        &self,
        index: usize,
        component: &Self::Component,
        value: Nimber,
    ) -> String;

    /// The position drawn as text, for a person to play on.
    fn draw(&self, position: &Self::Position, style: &dyn Style) -> String;

    /// The position `after` that `mv` left from `before`, drawn with the
    /// move marked on it (what it changed), for a player to see the
    /// engine's move. The default draws `after` unmarked.
    fn draw_after(
        &self,
        before: &Self::Position,
        mv: &Self::Move,
        after: &Self::Position,
        style: &dyn Style,
    ) -> String {
        let _ = (before, mv);
        self.draw(after, style)
    }

    /// A move in words.
    fn describe_move(&self, position: &Self::Position, mv: &Self::Move) -> String;

    /// A component's options with their values (as
    /// [`Extras::component_options`] gives them), drawn in the game's own
    /// terms where that says more than a list (a bomb's grid of
    /// sg(u, q) ⊕ sg(p, v)); `None`, the default, where a list is best.
    fn draw_options(&self, options: &[(Self::Move, Nimber)]) -> Option<String> {
        let _ = options;
        None
    }

    /// How to write a move, for `help`.
    fn move_help(&self) -> String;
}

/// How a person writes a move: read and written in one notation.
pub trait Notation: Engine {
    /// Reads a move typed by a person, refusing an illegal one with the
    /// reason.
    fn parse_move(&self, position: &Self::Position, text: &str) -> Result<Self::Move, IllegalMove>;

    /// A move in the notation [`Notation::parse_move`] reads.
    fn notation(&self, position: &Self::Position, mv: &Self::Move) -> String;
}

/// Positions, moves and components in the [`wire`] format, checked against
/// the limits on the way in.
pub trait WireForm: Present + Notation {
    /// The position in the wire format.
    fn position_wire(&self, position: &Self::Position) -> wire::Position;

    /// A wire position as one of the game's, checked against `limits`
    /// (its sizes; [`Game::admit`] still decides whether it can be valued).
    fn position_from_wire(
        &self,
        position: &wire::Position,
        limits: Limits,
    ) -> Result<Self::Position, WireError>;

    /// How a script may write a position as plain data instead of its wire
    /// shape, in words with an example ("a list of heap sizes, like
    /// [10, 7, 3]"); `None`, the default, where only the wire shape is read.
    fn plain_form(&self) -> Option<&'static str> {
        None
    }

    /// A position written as plain data (JSON lists, numbers and strings, as
    /// [`WireForm::plain_form`] says) in its wire shape, not yet checked
    /// against the limits; refused when it is not of that form.
    fn position_from_plain(&self, plain: &serde_json::Value) -> Result<wire::Position, WireError> {
        let _ = plain;
        Err(WireError::Refused(format!(
            "{} reads positions in the wire format only",
            self.name()
        )))
    }

    /// A move in the wire format. The default writes its notation.
    fn move_wire(&self, position: &Self::Position, mv: &Self::Move) -> wire::Move {
        wire::Move::Notation {
            notation: self.notation(position, mv),
        }
    }

    /// A wire move as one of the game's, not yet checked for legality
    /// (see [`analysis::take_move`](crate::analysis::take_move)). The default reads its notation.
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
}

/// The game's judge input and answers: how cases are read, and how an
/// outcome is answered.
pub trait JudgeFormat: Engine {
    /// A reader of positions in the game's input format.
    fn reader<'a>(
        &self,
        input: Box<dyn Read + 'a>,
        limits: Limits,
    ) -> Result<Box<dyn CaseReader<Self::Position> + 'a>, ReadError>;

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

    /// Answers every case of `input` under `convention`, one line each in
    /// the judge's format (writing the answers of the cases before an
    /// error), for a game with a faster way than position by position; else
    /// hands the input back ([`Judged::Declined`], the default), and
    /// [`analysis::judge`](crate::analysis::judge) reads positions with
    /// [`JudgeFormat::reader`] and decides them one at a time.
    fn judge_fast<'a>(
        &mut self,
        convention: Convention,
        input: JudgeInput<'a>,
        limits: Limits,
        out: &mut dyn Answers,
    ) -> Judged<'a> {
        let _ = (convention, limits, out);
        Judged::Declined(input)
    }
}

/// The values of one component's options as the game's rule gives them
/// ([`Extras::component_option_values`]): for components whose options are
/// too many to visit one by one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionValues<M> {
    /// How many options the component has.
    pub count: u128,
    /// The values they reach, as ascending runs `(from, to)`.
    pub reached: Vec<(Nimber, Nimber)>,
    /// An option worth the value asked for, if one is.
    pub to_target: Option<M>,
}

/// What a game can do besides the questions every game answers, declared
/// by [`Extras::abilities`]; the others refuse (the defaults do).
pub trait Extras: Present {
    /// What the game can do besides the questions every game answers.
    fn abilities(&self) -> Abilities;

    /// For games whose components have two sizes from 1 (a bomb's row and
    /// column, a paper's width and height): the value of one component for
    /// every pair of sizes up to `rows` × `cols`, or the limit it is beyond
    /// ([`Refusal::Limit`]). Refused for other games
    /// ([`Abilities::table`]).
    fn component_table(
        &mut self,
        rows: u32,
        cols: u32,
        limits: Limits,
    ) -> Result<ComponentTable, Refusal> {
        let _ = (rows, cols, limits);
        Err(Refusal::Unable(format!(
            "{} has no table of one component",
            self.name()
        )))
    }

    /// The game under misère play (the last player to move loses), with
    /// `budget` positions for any search it needs; the reason when it has
    /// no misère variant.
    fn misere(
        &self,
        budget: u64,
    ) -> Result<Box<dyn MisereEngine<Self::Position, Self::Move>>, Refusal> {
        let _ = budget;
        Err(Refusal::NoMisere(format!(
            "{} has no misère variant",
            self.name()
        )))
    }

    /// Why component `index` (1-based, in [`Engine::components`]' order) of
    /// `position` has its value: calls `visit` with every move made in it
    /// (in the component's own game: a Cutting cut that would leave a
    /// strip is none) and the value the component has after it (the
    /// nim-sum of what it leaves), until `visit` breaks; the component's
    /// value is the mex of these. A heap too large to list is visited one
    /// move for each run of moves that leave the same values. Refused (the
    /// default) by a game that cannot list them.
    fn component_options(
        &mut self,
        position: &Self::Position,
        index: usize,
        visit: &mut dyn FnMut(Self::Move, Nimber) -> std::ops::ControlFlow<()>,
    ) -> Result<std::ops::ControlFlow<()>, Refusal> {
        let _ = (position, index, visit);
        Err(Refusal::Unable(format!(
            "{} cannot list the options of one component",
            self.name()
        )))
    }

    /// The values the options of component `index` (as in
    /// [`Extras::component_options`]) reach, where the game's rule gives
    /// them without visiting every option, with an option worth `target`
    /// when one is asked for and one reaches it. `None` (the default): they
    /// are found by visiting every option.
    fn component_option_values(
        &mut self,
        position: &Self::Position,
        index: usize,
        target: Option<Nimber>,
    ) -> Option<OptionValues<Self::Move>> {
        let _ = (position, index, target);
        None
    }

    /// For heap games: the genus of each heap 0 … `upto` − 1 and whether
    /// it is tame, searching at most `budget` positions a heap; refused for
    /// games whose components are not heaps.
    fn genera(&self, upto: u64, budget: u64) -> Result<Vec<(Genus, bool)>, Refusal> {
        let _ = (upto, budget);
        Err(Refusal::Unable(format!(
            "{} is not a heap game: genera are for heap games",
            self.name()
        )))
    }
}

/// A game as the registry and every front end see it: an [`Engine`] that
/// shows itself to people ([`Present`]), reads and writes moves
/// ([`Notation`]), speaks the wire format ([`WireForm`]), reads its judge
/// input ([`JudgeFormat`]) and declares what more it can do ([`Extras`]).
/// What is left here belongs to no one concern: whether a position can be
/// valued, random positions, and what to keep at the end.
pub trait Game: Present + Notation + WireForm + JudgeFormat + Extras {
    /// Checks, before any work, that a position read can be valued within
    /// `limits` (and prepares what valuing it takes); the reason when not.
    fn admit(&mut self, position: &Self::Position, limits: Limits) -> Result<(), Refusal> {
        let _ = (position, limits);
        Ok(())
    }

    /// Asks the game's own long computations (values computed at
    /// admission, tables, searches) to stop once `cancel` is raised, each
    /// within one step of its own (a column of a table, 1,024 values of a
    /// sequence, a sum entered in a search); what they were asking then
    /// answers [`Refusal::Cancelled`]. The default ignores it: for games
    /// whose every computation is short.
    fn stop_when(&mut self, cancel: crate::shared::Cancel) {
        let _ = cancel;
    }

    /// The flag that asks the analysis of this game to stop (the
    /// [`Analyst`](crate::analysis::Analyst) looks at it in its long loops:
    /// the best try, the remoteness search, listing winning moves); `None`,
    /// the default, where nobody will ask.
    fn cancel(&self) -> Option<&crate::shared::Cancel> {
        None
    }

    /// Whether the nim-sum decides the position (not when the game's own
    /// winning rule does, as with a Cutting Game strip).
    fn nim_sum_decides(&mut self, position: &Self::Position) -> bool {
        let _ = position;
        true
    }

    /// Whether the nim-sum of the components' values is known: not when a
    /// component has no value here (a lone Wythoff pair beyond the table,
    /// decided by Wythoff's pairs). The wire form then gives no nim-sum.
    fn nim_sum_known(&mut self, position: &Self::Position) -> bool {
        let _ = position;
        true
    }

    /// A random position; `size` is the game's own (rows × columns of a
    /// board, width × height of a paper, heaps × largest heap).
    fn random_position(&mut self, rng: &mut Rng, size: Option<(u64, u64)>) -> Self::Position;

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
