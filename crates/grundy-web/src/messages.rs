//! The playground's HTTP messages: the requests its API takes, the answers
//! it gives that are not library documents, and its errors with their
//! statuses. Positions, moves and analyses inside them are
//! [`grundy::wire`] types; the whole format's schema
//! ([`schema`]) is the library's with these added.

use grundy::wire::{Move, MoveReport, Position, Side, FORMAT_VERSION};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What went wrong with a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// Not JSON, or not the shape asked for (400).
    Malformed,
    /// No game has the name asked for (422).
    UnknownGame,
    /// The position or move is of another game's shape (422).
    WrongGame,
    /// The position is beyond the limits, or not a position of the game
    /// (422).
    Refused,
    /// The move is not legal in the position (422).
    IllegalMove,
    /// The request body is too large (413).
    TooLarge,
    /// Too many requests are waiting; try again after `Retry-After` (429).
    TooManyRequests,
    /// The computation did not finish within the time limit (503).
    Timeout,
    /// No such endpoint (404), or the wrong method (405).
    NotFound,
    /// The computation failed (500).
    Internal,
}

/// An error answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Error {
    /// The version of the format: 2 (see the module's rules).
    pub format: u32,
    /// What kind of error.
    pub kind: ErrorKind,
    /// What is wrong, in words.
    pub error: String,
}

impl Error {
    /// An error of `kind` saying `message`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            format: FORMAT_VERSION,
            kind,
            error: message.into(),
        }
    }
}

/// What the registry says of a game (`GET /api/games`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameInfo {
    /// The name, before any `:` (`octal`).
    pub name: String,
    /// What people call it ("Bomb Game", "Wythoff's game").
    pub title: String,
    /// What follows the `:` for games that take a parameter (`CODE`).
    pub parameter: Option<String>,
    /// One line on the game and its judge input format.
    pub summary: String,
    /// The rules in words: what a position is, what a move is, who wins.
    pub rules: String,
    /// A full name to try (`octal:0.07`).
    pub example: String,
    /// The kind of its positions (`board`, `heaps`, …).
    pub kind: String,
    /// The players as the statement names them, the one to move first.
    pub players: [String; 2],
    /// How to write a move in its notation.
    pub move_help: String,
    /// Whether it has a misère form (`"misere": true` in a solve or play
    /// request).
    pub misere: bool,
    /// Sample input of the game `example` names and what it answers.
    pub examples: GameExamples,
}

/// Sample input of a game, as the game supplies it: the page offers `won`
/// as a start, and the tests of every front end play them all.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameExamples {
    /// Input of `grundy judge` (`POST /api/parse` reads it too) with a won
    /// case and a lost one.
    pub judge: String,
    /// Its answer lines.
    pub answers: String,
    /// A position the player to move wins, as `grundy judge` reads it.
    pub won: String,
    /// A winning move from `won`, in the game's notation.
    pub winning_move: String,
    /// A move the notation reads that `won` does not allow.
    pub illegal_move: String,
    /// Input the game's reader refuses.
    pub bad_input: String,
    /// The line (from 1) the refusal of `bad_input` names.
    pub bad_line: u64,
}

/// Every game of the registry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameList {
    /// The version of the format: 2 (see the module's rules).
    pub format: u32,
    /// The games, in the registry's order.
    pub games: Vec<GameInfo>,
}

/// `POST /api/solve`: analyse a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// The game's registry name (`bomb`, `octal:0.137`).
    pub game: String,
    /// The position.
    pub position: Position,
    /// How many winning moves to list (the server caps it).
    #[serde(default)]
    pub listed: Option<usize>,
    /// Misère play: the last player to move loses (default false).
    #[serde(default)]
    pub misere: bool,
}

/// `POST /api/explain`: why each component of a position has its value,
/// and how their nim-sum decides it (normal play).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExplainRequest {
    /// The game's registry name.
    pub game: String,
    /// The position.
    pub position: Position,
    /// How many options of each component to list (the server caps it;
    /// every option is valued).
    #[serde(default)]
    pub listed: Option<usize>,
}

/// `POST /api/values`: every legal move of a position marked winning or
/// losing, with its remoteness where it is known ("value moves").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ValuesRequest {
    /// The game's registry name.
    pub game: String,
    /// The position.
    pub position: Position,
    /// How many moves to list (the server caps it; every move up to the
    /// library's limit is marked and counted).
    #[serde(default)]
    pub listed: Option<usize>,
    /// Misère play: the last player to move loses (default false).
    #[serde(default)]
    pub misere: bool,
}

/// `POST /api/play`: your move (if any), then the engine's reply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayRequest {
    /// The game's registry name.
    pub game: String,
    /// The position before your move.
    pub position: Position,
    /// Your move; `null` to let the engine move first.
    #[serde(rename = "move", default)]
    pub mv: Option<Move>,
    /// Whether the engine answers your move (default true).
    #[serde(default)]
    pub reply: Option<bool>,
    /// Misère play: the last player to move loses (default false).
    #[serde(default)]
    pub misere: bool,
}

/// The answer to `POST /api/play`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayAnswer {
    /// The version of the format: 2 (see the module's rules).
    pub format: u32,
    /// The game's registry name.
    pub game: String,
    /// Your move, as the game writes it; `null` if you sent none.
    pub your_move: Option<MoveReport>,
    /// The position after your move.
    pub after_your_move: Position,
    /// The engine's reply: a winning move when there is one, else its best
    /// try (see `engine_move_why`); `null` when it did not move.
    pub engine_move: Option<MoveReport>,
    /// Whether the engine's reply wins with perfect play.
    pub engine_move_wins: bool,
    /// The rule that chose the engine's reply, in words; absent when it did
    /// not move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine_move_why: Option<String>,
    /// The position now, after both moves.
    pub position: Position,
    /// Who has won, once the game is over.
    pub winner: Option<Side>,
}

/// `POST /api/parse`: the first case of a text in the game's input format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ParseRequest {
    /// The game's registry name.
    pub game: String,
    /// The text, as `grundy judge` reads it.
    pub text: String,
}

/// `POST /api/new`: a random position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewRequest {
    /// The game's registry name.
    pub game: String,
    /// The random seed (the same seed, the same position).
    #[serde(default)]
    pub seed: Option<u64>,
    /// The game's own two sizes: rows × columns of a board, width ×
    /// height of a paper, heaps × largest heap.
    #[serde(default)]
    pub size: Option<[u64; 2]>,
    /// A position to play under misère play: a game deals only positions
    /// its misère form can answer, and refuses (with the reason) a size
    /// beyond them.
    #[serde(default)]
    pub misere: bool,
}

/// A position of a game (the answer to `/api/parse` and `/api/new`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Parsed {
    /// The version of the format: 2 (see the module's rules).
    pub format: u32,
    /// The game's registry name.
    pub game: String,
    /// The position.
    pub position: Position,
}

/// `POST /api/moves`: a position drawn as text, its components with their
/// values and its legal moves: what the page shows of a game it has no
/// drawing of its own for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MovesRequest {
    /// The game's registry name.
    pub game: String,
    /// The position.
    pub position: Position,
    /// How many legal moves to list (the server caps it).
    #[serde(default)]
    pub listed: Option<usize>,
}

/// The answer to `POST /api/moves`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Moves {
    /// The version of the format: 2 (see the module's rules).
    pub format: u32,
    /// The game's registry name.
    pub game: String,
    /// The position drawn as text, as `grundy play` draws it.
    pub drawing: String,
    /// Its components in words, each with its Grundy value under normal
    /// play (`heap 2: 7 *3`).
    pub components: Vec<String>,
    /// Its legal moves, in the game's order, the first `listed` of them.
    pub moves: Vec<grundy::wire::MoveReport>,
    /// Whether it has more legal moves than listed.
    pub more: bool,
}

/// The answer to `GET /api/limits`: what one request may ask for where
/// the page's answers come from (the server, or WebAssembly in the
/// browser), so that the page can say so before anything is computed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LimitsInfo {
    /// The version of the format: 2 (see the module's rules).
    pub format: u32,
    /// Most cells of a board, a matrix or a Wythoff pair's square.
    pub max_cells: u64,
    /// Most tokens of a heap.
    pub max_heap: u64,
    /// Most cells of a table.
    pub table_cells: u64,
    /// Most values of an octal sequence.
    pub octal_values: u64,
    /// Most digits of an octal code after the point.
    pub octal_digits: u64,
    /// Most heaps whose genera one request may ask for.
    pub genera: u64,
    /// Most winning or legal moves listed in one answer.
    pub listed_moves: u64,
    /// Positions a misère search may value for one request.
    pub misere_budget: u64,
    /// Longest a request may take, in seconds; absent where the page stops
    /// a computation itself (its Stop button).
    pub seconds: Option<f64>,
}

/// The JSON Schema of the whole wire format: the library's documents and
/// the playground's messages (checked in as `schema/grundy.schema.json`).
pub fn schema() -> schemars::Schema {
    grundy::wire::schema(|generator| {
        vec![
            generator.subschema_for::<Error>(),
            generator.subschema_for::<GameList>(),
            generator.subschema_for::<SolveRequest>(),
            generator.subschema_for::<ExplainRequest>(),
            generator.subschema_for::<ValuesRequest>(),
            generator.subschema_for::<PlayRequest>(),
            generator.subschema_for::<PlayAnswer>(),
            generator.subschema_for::<ParseRequest>(),
            generator.subschema_for::<Parsed>(),
            generator.subschema_for::<MovesRequest>(),
            generator.subschema_for::<Moves>(),
            generator.subschema_for::<NewRequest>(),
            generator.subschema_for::<LimitsInfo>(),
        ]
    })
}
