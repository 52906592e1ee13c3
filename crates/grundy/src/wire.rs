//! The JSON wire format: one set of types for positions, moves, analyses
//! and errors, shared by `grundy solve --format json`, the playground's API
//! and scripts.
//!
//! The types are plain data, depending on no game: every game maps its own
//! positions and moves to them ([`Game`](crate::Game)). They are serde
//! types with a JSON Schema ([`schema`]); the
//! playground's server adds its requests, answers and errors to it, and the
//! whole is checked into the repository as `schema/grundy.schema.json`.
//!
//! # Rules of the format
//! - Every object that stands alone (an analysis, a move's result, an error)
//!   carries `"format": 2` ([`FORMAT_VERSION`]); it changes when a field
//!   changes meaning or goes away.
//! - Indices (of a piece, a row, a heap, a pair, a component) and board
//!   coordinates count from 1, as the statements and the move notation do.
//! - **Integers that may exceed 2^53 − 1 are strings of decimal digits**
//!   (`"18446744073709551616"`), everywhere they appear, whatever their
//!   value: Grundy values and nim-sums, counts of moves, a Cutting piece's
//!   sides and cut lines, a Matrix cell's stones. JavaScript and `jq` read
//!   numbers as doubles and would round them. Board coordinates, indices
//!   and heap sizes (a Wythoff pair's heaps too) are JSON numbers: the
//!   limits keep coordinates and indices small, but a heap answered by a
//!   closed form or a proven period (Nim, an octal code with its period, a
//!   lone Wythoff pair) may pass 2^53, and JavaScript then reads it
//!   rounded.
//! - A position says what it is with `"kind"` (`board`, `pieces`, `matrix`,
//!   `heaps`, `pairs`, `graph`), and so does a move (`bomb`, `cut`, `row`,
//!   `heap`, `pair`, `edge`). Every game of the registry uses one of them.
//!   A game defined elsewhere may write its moves as `{"kind": "notation"}`,
//!   or bring shapes of its own: a `kind` the format does not name is read
//!   as a [`Shaped`] value (its kind and fields), and the game it is given
//!   to reads it into its own serde type. The format's own kinds are read
//!   by serde as before, with its precise errors.

/// The version of the format, in every standalone object's `"format"`.
pub const FORMAT_VERSION: u32 = 2;

/// An integer written as a string of decimal digits (see the module's
/// rules): `"0"`, `"12"`, `"340282366920938463463374607431768211455"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Big(pub u128);

impl From<u64> for Big {
    fn from(n: u64) -> Big {
        Big(n.into())
    }
}

impl From<u128> for Big {
    fn from(n: u128) -> Big {
        Big(n)
    }
}

impl Big {
    /// The value, if it fits a `u64`.
    pub fn to_u64(self) -> Option<u64> {
        u64::try_from(self.0).ok()
    }
}

impl std::fmt::Display for Big {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// Defines a wire enum whose shapes are the format's own, plus one open
/// variant, `Shaped`, for the shape a game defined elsewhere brings: read
/// when `"kind"` names none of the format's own ([`Shaped`]). The
/// format's own shapes are read by a private mirror of the enum, so a
/// malformed one is refused with serde's precise message, not taken for a
/// foreign shape.
macro_rules! open_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident / $known:ident {
            $(
                $(#[$vmeta:meta])*
                $variant:ident = $kind:literal {
                    $( $(#[$fmeta:meta])* $field:ident : $ty:ty ),* $(,)?
                }
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Eq)]
        #[derive(serde::Serialize, schemars::JsonSchema)]
        #[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
        pub enum $name {
            $(
                $(#[$vmeta])*
                $variant { $( $(#[$fmeta])* $field: $ty ),* },
            )*
            /// A shape of a game defined elsewhere: its own `"kind"` (none
            /// of the format's) and fields.
            #[serde(untagged)]
            Shaped(Shaped),
        }

        impl $name {
            /// The kinds the format itself names.
            pub const KINDS: &'static [&'static str] = &[$($kind),*];

            /// The kind's name, as in `"kind"`.
            pub fn kind(&self) -> &str {
                match self {
                    $( $name::$variant { .. } => $kind, )*
                    $name::Shaped(shaped) => &shaped.kind,
                }
            }

            /// A shape of a game's own: `fields` (a serde type written as a
            /// JSON object without `"kind"`) under `kind`; refused when the
            /// kind is one of [`Self::KINDS`] or the fields are not an
            /// object.
            pub fn shaped<T: serde::Serialize>(kind: &str, fields: &T) -> Result<Self, WireError> {
                if Self::KINDS.contains(&kind) {
                    return Err(WireError::Refused(format!(
                        "`{kind}` is a kind of the format itself; a shape of its own needs another"
                    )));
                }
                Shaped::new(kind, fields).map($name::Shaped)
            }
        }

        #[derive(serde::Deserialize)]
        #[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
        enum $known {
            $( $variant { $( $field: $ty ),* }, )*
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                use serde::de::Error;
                let value = serde_json::Value::deserialize(d)?;
                match value.get("kind").and_then(serde_json::Value::as_str) {
                    Some(kind) if !Self::KINDS.contains(&kind) => {
                        Shaped::from_json(value).map($name::Shaped).map_err(D::Error::custom)
                    }
                    _ => {
                        let known: $known =
                            serde_json::from_value(value).map_err(D::Error::custom)?;
                        Ok(match known {
                            $( $known::$variant { $($field),* } => $name::$variant { $($field),* }, )*
                        })
                    }
                }
            }
        }
    };
}

impl Position {
    /// The position of `kind` whose one field `field` is `list`: how a
    /// game reads a plain list (`[10, 7, 3]` as `{"kind": "heaps", "heaps":
    /// [10, 7, 3]}`); refused with serde's reason, or when `list` is no list.
    pub fn from_list(
        kind: &str,
        field: &str,
        list: &serde_json::Value,
    ) -> Result<Position, WireError> {
        if !list.is_array() {
            return Err(WireError::Refused(format!("expected a list, found {list}")));
        }
        let mut object = serde_json::Map::new();
        object.insert("kind".to_string(), kind.into());
        object.insert(field.to_string(), list.clone());
        serde_json::from_value(serde_json::Value::Object(object))
            .map_err(|e| WireError::Refused(e.to_string()))
    }
}

/// A position, move or component of a game defined outside the format, in
/// a shape of its own: its `"kind"` and its other fields, kept as the JSON
/// text of an object. A game brings its own typed shape (a serde type,
/// with its own JSON Schema if it wants one in [`schema`]) and converts
/// with [`Position::shaped`] (or `Move::shaped`, `Part::shaped`) and
/// [`Shaped::fields`]; nothing in the format changes for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shaped {
    kind: String,
    fields: String,
}

impl Shaped {
    /// The kind, none of the format's own for what it stands for.
    pub fn kind(&self) -> &str {
        &self.kind
    }

    /// The other fields: a JSON object, as text.
    pub fn json(&self) -> &str {
        &self.fields
    }
}

impl Shaped {
    /// `fields` under `kind`, refused unless they are an object without a
    /// `kind`.
    fn new<T: serde::Serialize>(kind: &str, fields: &T) -> Result<Shaped, WireError> {
        let mut value =
            serde_json::to_value(fields).map_err(|e| WireError::Refused(e.to_string()))?;
        match &mut value {
            serde_json::Value::Object(map) if !map.contains_key("kind") => {}
            _ => {
                return Err(WireError::Refused(format!(
                    "the fields of a `{kind}` must be an object without a `kind`"
                )))
            }
        }
        Ok(Shaped {
            kind: kind.to_string(),
            fields: value.to_string(),
        })
    }

    /// The fields as a serde type; refused with serde's reason.
    pub fn fields<T: serde::de::DeserializeOwned>(&self) -> Result<T, WireError> {
        serde_json::from_str(&self.fields)
            .map_err(|e| WireError::Refused(format!("a `{}`: {e}", self.kind)))
    }

    /// An object with a `"kind"` as a shaped value.
    fn from_json(value: serde_json::Value) -> Result<Shaped, String> {
        let serde_json::Value::Object(mut map) = value else {
            return Err("expected an object with a `kind`".to_string());
        };
        let kind = match map.remove("kind") {
            Some(serde_json::Value::String(kind)) => kind,
            _ => return Err("expected an object with a `kind`".to_string()),
        };
        Ok(Shaped {
            kind,
            fields: serde_json::Value::Object(map).to_string(),
        })
    }
}

impl serde::Serialize for Shaped {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{Error, SerializeMap};
        let fields: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(&self.fields).map_err(S::Error::custom)?;
        let mut map = s.serialize_map(Some(fields.len() + 1))?;
        map.serialize_entry("kind", &self.kind)?;
        for (key, value) in &fields {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

impl schemars::JsonSchema for Shaped {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Shaped".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A shape of a game defined outside the format: its own `kind` (none of the format's) and fields.",
            "type": "object",
            "properties": { "kind": { "type": "string" } },
            "required": ["kind"],
        })
    }
}

open_enum! {
/// A position of a game, by its shape.
    pub enum Position / KnownPosition {
    /// A Bomb board: `rows` × `cols`, bombs at 1-based `[row, col]`.
    Board = "board" {
        /// Rows of the board.
        rows: u32,
        /// Columns of the board.
        cols: u32,
        /// The cells with a bomb, `[row, col]` from 1.
        bombs: Vec<[u32; 2]>,
    },
    /// Cutting Game pieces, `[width, height]` each.
    Pieces = "pieces" {
        /// The pieces, `[width, height]`.
        pieces: Vec<[Big; 2]>,
    },
    /// A Matrix Game matrix: its rows of piles.
    Matrix = "matrix" {
        /// Every row's piles, left to right; all rows are as long.
        rows: Vec<Vec<Big>>,
    },
    /// Heaps of tokens (octal and subtraction games, Grundy's game).
    Heaps = "heaps" {
        /// The heap sizes.
        heaps: Vec<u64>,
    },
    /// Pairs of heaps (Wythoff's game: a queen's distances from the
    /// corner).
    Pairs = "pairs" {
        /// The pairs, `[x, y]`.
        pairs: Vec<[u64; 2]>,
    },
    /// A graph of edges `[u, v]`; vertex 0 is the ground (Green
    /// Hackenbush).
    Graph = "graph" {
        /// The edges, in order: a move names one by its place, from 1.
        edges: Vec<[u32; 2]>,
    },
}
}

impl Position {
    /// A rough measure of the work a position may take: the cells of a
    /// board or matrix, the number of pieces, the largest heap (and the
    /// number of heaps), the square of the largest pair's side, the edges
    /// of a graph, and the length of a foreign shape's JSON text.
    pub fn size(&self) -> u64 {
        let len = |n: usize| n as u64;
        match self {
            Position::Board { rows, cols, .. } => u64::from(*rows) * u64::from(*cols),
            Position::Pieces { pieces } => len(pieces.len()),
            Position::Matrix { rows } => rows.iter().map(|r| len(r.len())).sum(),
            Position::Heaps { heaps } => heaps
                .iter()
                .copied()
                .max()
                .unwrap_or(0)
                .saturating_add(len(heaps.len())),
            Position::Pairs { pairs } => {
                let side = pairs.iter().flatten().copied().max().unwrap_or(0);
                side.saturating_add(1)
                    .saturating_mul(side.saturating_add(1))
                    .saturating_add(len(pairs.len()))
            }
            Position::Graph { edges } => len(edges.len()),
            Position::Shaped(shaped) => len(shaped.fields.len()),
        }
    }
}

/// Which way a Cutting Game cut goes.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Along a column line: a W×H piece becomes k×H and (W−k)×H.
    Vertical,
    /// Along a row line: a W×H piece becomes W×k and W×(H−k).
    Horizontal,
}

open_enum! {
/// A move, by its shape.
    pub enum Move / KnownMove {
    /// The bomb at `explode` explodes; its new bombs land on `above` (its
    /// column, a smaller row) and `left` (its row, a smaller column), each
    /// `null` on row or column 1.
    Bomb = "bomb" {
        /// The bomb that explodes, `[row, col]`.
        explode: [u32; 2],
        /// Where the bomb placed in its column lands.
        above: Option<[u32; 2]>,
        /// Where the bomb placed in its row lands.
        left: Option<[u32; 2]>,
    },
    /// Piece `piece` is cut along grid line `at` (1 ≤ at < the side it
    /// divides).
    Cut = "cut" {
        /// The piece, from 1.
        piece: usize,
        /// Which way.
        direction: Direction,
        /// The grid line.
        at: Big,
    },
    /// `take[i]` stones are taken from cell i + 1 of row `row`.
    Row = "row" {
        /// The row, from 1.
        row: usize,
        /// Stones taken from each cell of the row, left to right.
        take: Vec<Big>,
    },
    /// `take` tokens are taken from heap `heap`, which leaves the heaps
    /// `leave` in its place (none, one or two).
    Heap = "heap" {
        /// The heap, from 1.
        heap: usize,
        /// Tokens taken.
        take: u64,
        /// What the heap becomes, smallest first.
        leave: Vec<u64>,
    },
    /// Pair `pair` becomes `to` (from one heap, or the same from both).
    Pair = "pair" {
        /// The pair, from 1.
        pair: usize,
        /// The pair after the move, `[x, y]`.
        to: [u64; 2],
    },
    /// Edge `edge` of a graph (from 1) is deleted, and with it every edge
    /// no longer connected to the ground.
    Edge = "edge" {
        /// The edge, from 1.
        edge: usize,
    },
    /// A move in the game's own notation, as `grundy play` reads it.
    Notation = "notation" {
        /// The move, as typed.
        notation: String,
    },
}
}

/// A move as an analysis lists it: the move, its notation and in words.
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct MoveReport {
    /// The move.
    #[serde(rename = "move")]
    pub mv: Move,
    /// What to type in `grundy play` for it.
    pub notation: String,
    /// The move in words.
    pub text: String,
}

open_enum! {
/// What a component is, by its shape.
    pub enum Part / KnownPart {
    /// One bomb.
    Bomb = "bomb" {
        /// Its cell, `[row, col]`.
        cell: [u32; 2],
    },
    /// One Cutting Game piece.
    Piece = "piece" {
        /// `[width, height]`.
        size: [Big; 2],
    },
    /// One Matrix row: a Nim heap of its total.
    Row = "row" {
        /// The stones in the row.
        stones: Big,
    },
    /// One heap.
    Heap = "heap" {
        /// Its tokens.
        size: u64,
    },
    /// One pair of heaps.
    Pair = "pair" {
        /// `[x, y]`.
        heaps: [u64; 2],
    },
    /// The edges of a graph that meet the rest only at the ground.
    Graph = "graph" {
        /// The edges, `[u, v]`.
        edges: Vec<[u32; 2]>,
    },
    /// A component of a game defined elsewhere, in words.
    Other = "other" {
        /// The component.
        text: String,
    },
}
}

/// One component of a position and its Grundy value.
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Component {
    /// Its place in the position, from 1.
    pub index: usize,
    /// What it is.
    pub part: Part,
    /// Its Grundy value; `null` when the game's own rule decides it (a
    /// Cutting Game strip, from which a 1×1 piece is cut at once).
    pub value: Option<Big>,
}

/// Which player wins with perfect play.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Winner {
    /// The player to move.
    First,
    /// The other player.
    Second,
}

/// The rule that chose the engine's move.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum EngineRule {
    /// By remoteness: the winning move after which the game ends soonest.
    SoonestWin,
    /// By remoteness: from a lost position, the move after which the game
    /// lasts longest.
    LongestLoss,
    /// The game is too large to search: the first winning move found.
    FirstWinning,
    /// The game is too large to search: from a lost position, the best
    /// try (the move after which the fewest components hold the top bit of
    /// the nim-sum, each sure to hold a winning reply).
    HardestToAnswer,
    /// Misère play: the first winning move, else the first legal one.
    Misere,
}

/// The move grundy itself would play, and why.
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct EngineMove {
    /// The move.
    pub played: MoveReport,
    /// Whether it wins with perfect play.
    pub wins: bool,
    /// The rule that chose it.
    pub rule: EngineRule,
    /// When remoteness chose it: the moves left with best play, this one
    /// included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves_left: Option<u32>,
    /// The rule in words.
    pub why: String,
}

/// Everything known about a position: who wins, why, and how.
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Analysis {
    /// The version of the format: 2 (see the module's rules).
    pub format: u32,
    /// The game's registry name (`bomb`, `octal:0.137`).
    pub game: String,
    /// The case's number in the input, from 1 (`grundy solve` only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub case: Option<u64>,
    /// The position analysed.
    pub position: Position,
    /// Whether the analysis is of misère play (the last player to move
    /// loses); absent for normal play. The components' values are then
    /// still their normal-play values, and `nim_sum_decides` is false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub misere: bool,
    /// Who wins with perfect play.
    pub winner: Winner,
    /// The winner as the statement names the players ("John", "Alice").
    pub winner_name: String,
    /// The nim-sum of the components' values; `null` where a component has
    /// no value here (a lone Wythoff pair beyond the table, decided by
    /// Wythoff's pairs).
    pub nim_sum: Option<Big>,
    /// Whether the nim-sum decides the position (not when the game's own
    /// rule does, as when a Cutting Game strip is on the table, or a lone
    /// Wythoff pair beyond the table).
    pub nim_sum_decides: bool,
    /// Every component with its value.
    pub components: Vec<Component>,
    /// Winning moves: the first ones (every one when `winning_move_count`
    /// says no more).
    pub winning_moves: Vec<MoveReport>,
    /// How many winning moves there are, exactly.
    pub winning_move_count: Big,
    /// From a lost position with a legal move: the engine's best try (the
    /// move of `engine_move`, whose `rule` says how it was chosen). Never a
    /// winning move (there is none); `null` otherwise.
    pub suggested_move: Option<MoveReport>,
    /// Why the player to move loses a lost position.
    pub reason: Option<String>,
    /// Under misère play, how it was decided, for people (the game's
    /// misère quotient; or genus theory and a search, and why no quotient
    /// answers); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub misere_basis: Option<String>,
    /// The move grundy itself would play (by remoteness where the game is
    /// small enough to search) and the rule that chose it; absent without a
    /// legal move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine_move: Option<EngineMove>,
}

/// Why each component of a position has its value, and how the nim-sum
/// of the values decides the position (`grundy explain`).
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Explanation {
    /// The version of the format: 2 (see the module's rules).
    pub format: u32,
    /// The game's registry name.
    pub game: String,
    /// The case's number in the input, from 1 (`grundy explain` only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub case: Option<u64>,
    /// The position explained.
    pub position: Position,
    /// Every component: its options, their values and the mex.
    pub components: Vec<ComponentWhy>,
    /// The nim-sum of the components' values; `null` where a component has
    /// no value here (a lone Wythoff pair beyond the table).
    pub nim_sum: Option<Big>,
    /// Whether the nim-sum decides the position (not when a Cutting Game
    /// strip is on the table: the player to move cuts out a single cell;
    /// nor for a lone Wythoff pair beyond the table, which Wythoff's pairs
    /// decide).
    pub nim_sum_decides: bool,
    /// Who wins with perfect play.
    pub winner: Winner,
    /// The winner as the statement names the players.
    pub winner_name: String,
    /// From a position the nim-sum decides and wins: the component whose
    /// value holds the nim-sum's highest bit, the value it must take (its
    /// value ⊕ the nim-sum, which is lower), and its option of that value.
    pub zeroing: Option<Zeroing>,
    /// Why the player to move loses, or why the nim-sum does not decide.
    pub reason: Option<String>,
}

/// One component, why it has its value: the values of its options, and
/// their mex.
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct ComponentWhy {
    /// The component, as an analysis lists it.
    pub component: Component,
    /// The component and its value in words (`(1,2) *1`, `heap 2: 7 *3`).
    pub text: String,
    /// Its first options (every one when `option_count` says no more),
    /// each a move in it and the value the component has after it.
    pub options: Vec<OptionValue>,
    /// How many options it has (a heap too large to list counts one for
    /// each run of moves leaving the same values).
    pub option_count: Big,
    /// The values its options reach, as ascending runs `[from, to]`.
    pub reached: Vec<[Big; 2]>,
    /// The least value no option reaches: the component's value. `null`
    /// where the game's own rule decides the component.
    pub mex: Option<Big>,
}

/// A move in one component and the value the component has after it.
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct OptionValue {
    /// The move, as an analysis reports it.
    #[serde(rename = "move")]
    pub mv: MoveReport,
    /// The component's value after it (the nim-sum of what it leaves).
    pub value: Big,
}

/// The step that makes the nim-sum `*0`.
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Zeroing {
    /// The component moved in, from 1.
    pub component: usize,
    /// Its value.
    pub from: Big,
    /// The value it must take: `from` ⊕ the nim-sum.
    pub to: Big,
    /// Its option of that value.
    #[serde(rename = "move")]
    pub mv: MoveReport,
}

/// Every legal move of a position marked winning or losing, with the
/// remoteness where it is known ("value moves", `grundy play
/// --show-values`, `POST /api/values`).
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct ValueMoves {
    /// The version of the format: 2 (see the module's rules).
    pub format: u32,
    /// The game's registry name.
    pub game: String,
    /// The position valued.
    pub position: Position,
    /// Whether the player to move wins it with perfect play.
    pub wins: bool,
    /// Its remoteness: the moves left when the winner hurries and the
    /// loser delays (even exactly when the player to move loses). `null`
    /// where it is not known: under misère play, or where the game below
    /// the position is too large to search.
    pub remoteness: Option<u32>,
    /// Its legal moves, each marked, as many as were asked for: in the
    /// game's order when that is every one marked, else the winning ones
    /// first (each kind in the game's order).
    pub moves: Vec<ValueMove>,
    /// How many legal moves were marked (every one unless `more`).
    pub valued: u64,
    /// How many of the marked moves win: every winning move, unless there
    /// are more than 10,000.
    pub winning: u64,
    /// How many of all its legal moves win, counted apart from the ones
    /// marked (`winning` unless `more`): "588,238 of its moves win".
    pub winning_in_all: Big,
    /// Whether it has more legal moves than were marked (10,000: the
    /// winning ones, then the first others in the game's order).
    pub more: bool,
}

/// One legal move, winning or losing.
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct ValueMove {
    /// The move, as an analysis reports it.
    #[serde(rename = "move")]
    pub mv: MoveReport,
    /// Whether it wins: the position it leaves is lost for the opponent.
    pub wins: bool,
    /// The remoteness of the position it leaves (0 when it wins at once or
    /// leaves no move); `null` where it is not known.
    pub remoteness: Option<u32>,
    /// The nim-sum of the position it leaves, where the nim-sum decides
    /// it (normal play); `*0` exactly when the move wins.
    pub nim_sum: Option<Big>,
}

/// Why a wire position or move was not taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WireError {
    /// It is of another game's shape.
    #[error("{game} takes {expected}, not {found}")]
    WrongGame {
        /// The game's name.
        game: String,
        /// The shape it takes.
        expected: &'static str,
        /// The shape given.
        found: String,
    },
    /// It has that shape but is not one of the game's (or is beyond the
    /// limits).
    #[error("{0}")]
    Refused(String),
    /// The move is not legal in the position.
    #[error("illegal move: {0}")]
    Illegal(String),
}

impl WireError {
    /// A position or move of kind `found` given to `game`, which takes
    /// `expected`.
    pub fn wrong(game: String, expected: &'static str, found: &str) -> WireError {
        WireError::WrongGame {
            game,
            expected,
            found: found.to_string(),
        }
    }
}

/// Who won a game played through `POST /api/play`.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The one who sent the request.
    You,
    /// grundy.
    Engine,
}

/// The value of one component over a rectangle of its two sizes
/// (`GET /api/table`).
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Table {
    /// The version of the format: 2 (see the module's rules).
    pub format: u32,
    /// The game's registry name.
    pub game: String,
    /// What an entry is the value of.
    pub what: String,
    /// What the sizes are, down the rows and along the columns.
    pub axes: [String; 2],
    /// Rows of the table (the first size, from 1).
    pub rows: u32,
    /// Columns (the second size, from 1).
    pub cols: u32,
    /// The largest value in it.
    pub max: u32,
    /// `values[i][j]`: the value for sizes i + 1 and j + 1.
    pub values: Vec<Vec<u32>>,
    /// The sizes `[i + 1, j + 1]` whose component the player to move wins
    /// at once, whatever its value says (Cutting Game strips); absent when
    /// there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wins_at_once: Vec<[u32; 2]>,
}

/// The genus of one heap under misère play.
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct HeapGenus {
    /// The heap's size.
    pub heap: u64,
    /// The genus as written (`4^146`).
    pub genus: String,
    /// The normal-play value.
    pub normal: u32,
    /// The misère values with 0, 1, 2, … copies of `*2`, up to the first
    /// two that alternate for ever.
    pub misere: Vec<u32>,
    /// Whether it and every heap it can leave have tame genera: a
    /// sufficient test of tameness, under which sums are decided by genus
    /// theory. False does not make a heap wild (see `wild`).
    pub tame: bool,
    /// Whether its genus is not one a tame game can have, which proves it
    /// wild. A heap neither `tame` nor `wild` may still be tame in Conway's
    /// wider sense; sums with it are decided by search.
    pub wild: bool,
}

/// `GET /api/genera`: the genera of a heap game's first heaps.
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Genera {
    /// The version of the format: 2.
    pub format: u32,
    /// The game's registry name.
    pub game: String,
    /// Heaps 0, 1, 2, ….
    pub genera: Vec<HeapGenus>,
    /// The first heap that is not `tame` by the hereditary test, if any.
    pub first_not_tame: Option<u64>,
}

/// The Grundy values G(0), G(1), … of an octal game (`GET /api/octal`).
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Sequence {
    /// The version of the format: 2 (see the module's rules).
    pub format: u32,
    /// The game's registry name (`octal:0.07`).
    pub game: String,
    /// How many values were computed.
    pub computed: usize,
    /// The proven period, if one was found.
    pub period: Option<u64>,
    /// Values before the period starts.
    pub preperiod: Option<u64>,
    /// False when the time limit stopped the computation early.
    pub complete: bool,
    /// G(0), G(1), ….
    pub values: Vec<u32>,
    /// How many heaps from 1 on have each value: `histogram[v]` heaps have
    /// value v (`grundy octal` only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub histogram: Option<Vec<u64>>,
    /// A sparse space of the values: for `grundy octal` the one the engine
    /// computed by, if it found one; for `/api/octal` the mask that leaves
    /// the fewest heaps rare, if fewer are rare than common (from 64
    /// values on, as `grundy census` finds it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sparse: Option<SparseSpace>,
}

/// A misère quotient (`grundy quotient CODE --format json`), which is also
/// its certificate (`grundy quotient --check FILE`).
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Quotient {
    /// The version of this document: 1.
    pub format: u32,
    /// The game's registry name (`octal:0.77`).
    pub game: String,
    /// Heaps 0 … heaps − 1 were computed.
    pub heaps: u64,
    /// |Q|: how many elements.
    pub order: usize,
    /// |P|: how many elements are P-positions.
    pub p_size: usize,
    /// Whether the pretending function is proven periodic, so that the
    /// quotient covers every heap size; otherwise it is the partial
    /// quotient of the heaps computed.
    pub proven: bool,
    /// The period of the pretending function, when proven.
    pub period: Option<u64>,
    /// Heaps before the period starts, when proven.
    pub preperiod: Option<u64>,
    /// The last heap at which the partial quotient changed.
    pub last_rogue: Option<u64>,
    /// k when Q is the tame quotient T_k (misère Nim's on heaps below 2^k).
    pub tame: Option<u32>,
    /// Why it is not proven, when it is not.
    pub unproven: Option<String>,
    /// The heaps at which the partial quotient changed.
    pub changes: Vec<QuotientChange>,
    /// The generators: the heaps whose images are not products of earlier
    /// generators'.
    pub generators: Vec<QuotientGenerator>,
    /// Minimal relations between the generators.
    pub relations: Vec<QuotientRelation>,
    /// Every element as its exponents of the generators; element 0 is the
    /// identity.
    pub elements: Vec<Vec<u32>>,
    /// `actions[g][x]`: the index of x times generator g.
    pub actions: Vec<Vec<u32>>,
    /// The elements that are P-positions.
    pub p_portion: Vec<u32>,
    /// The element of each heap 0, 1, …: through the preperiod and one
    /// period when proven, else of every heap computed.
    pub pretending: Vec<u32>,
}

/// A heap at which the partial quotient changed.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct QuotientChange {
    /// The heap.
    pub heap: u64,
    /// |Q_n| from that heap on.
    pub order: usize,
    /// |P_n| from that heap on.
    pub p_size: usize,
}

/// A generator of a quotient.
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct QuotientGenerator {
    /// Its letter: a, b, c, ….
    pub name: String,
    /// The heap it is the image of.
    pub heap: u64,
}

/// A relation `left = right` between words of the generators.
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct QuotientRelation {
    /// The exponents of the left side.
    pub left: Vec<u32>,
    /// The exponents of the right side.
    pub right: Vec<u32>,
    /// Written out: `b³ = b`.
    pub text: String,
}

/// What grundy keeps in the user's cache folder (`grundy cache --format
/// json`): only grundy's own files there.
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct CacheContents {
    /// The format's version ([`FORMAT_VERSION`]).
    pub format: u32,
    /// The folder.
    pub dir: String,
    /// The Bomb table kept, if any.
    pub bomb_table: Option<CachedTable>,
    /// The quotient documents kept, by file name.
    pub quotients: Vec<CachedQuotient>,
    /// The certificate checks stopped part way, by file name: how far each
    /// read its document's heaps, for the next check of that document to
    /// go on from.
    pub stopped_checks: Vec<CachedStoppedCheck>,
    /// The bytes of all of grundy's files there (the table, the documents,
    /// the notes naming each game's, the stopped checks, files a run was
    /// writing aside): what `grundy cache --clear` removes.
    pub total_bytes: u64,
}

/// A certificate check stopped part way, kept in the cache.
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct CachedStoppedCheck {
    /// Its file's name: the name of its document's copy, with `.checking`
    /// for `.json`.
    pub file: String,
    /// Its bytes.
    pub bytes: u64,
    /// The first heap it had not read (the next check of its document
    /// goes on from there); `null` when the file does not read as a
    /// stopped check's (the next check then reads every heap).
    pub heap: Option<u64>,
}

/// The Bomb table kept in the cache.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct CachedTable {
    /// The file's bytes.
    pub bytes: u64,
    /// Its rows and columns; `null` when the file does not read as a table
    /// (it is computed again when needed).
    pub size: Option<[u32; 2]>,
}

/// A quotient document kept in the cache.
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct CachedQuotient {
    /// The copy's file name (its length and CRC-32).
    pub file: String,
    /// Its bytes.
    pub bytes: u64,
    /// What it says; `null` when its bytes no longer give its name
    /// (changed since it was kept: never used).
    pub summary: Option<CachedQuotientSummary>,
    /// Whether its game's note names it: a proven one then decides the
    /// game's misère play, a partial one (the furthest kept) the sums of
    /// the heaps it reached while none is proven.
    pub decides: bool,
}

/// What a kept quotient document says, in short.
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct CachedQuotientSummary {
    /// The game (`octal:0.77`).
    pub game: String,
    /// Whether it is proven for every heap size.
    pub proven: bool,
    /// Heaps 0 … heaps − 1 were computed.
    pub heaps: u64,
    /// |Q|.
    pub order: usize,
    /// |P|.
    pub p_size: usize,
}

/// A sparse space of a sequence: a value v is rare when `v & mask` has
/// even weight, and the few heaps with a rare value are listed.
#[derive(
    Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct SparseSpace {
    /// The mask.
    pub mask: u32,
    /// Every heap (from 1) with a rare value, in increasing order.
    pub rare_heaps: Vec<u32>,
}

/// Turns a wire `Big` into a `u64`, or says what is too large.
pub fn small(n: Big, what: &str) -> Result<u64, WireError> {
    n.to_u64()
        .ok_or_else(|| WireError::Refused(format!("{what} {n} is larger than 2^64 − 1")))
}

/// The JSON Schema of the whole format: every type under `$defs`, and the
/// root any of the standalone documents: the library's (an analysis, a
/// table, an octal sequence, genera, a quotient, an explanation, a value's
/// moves, the cache's contents) and those `more` adds (a server's
/// requests, answers and errors), in that order.
pub fn schema(
    more: impl FnOnce(&mut schemars::SchemaGenerator) -> Vec<schemars::Schema>,
) -> schemars::Schema {
    let mut generator = schemars::generate::SchemaSettings::draft2020_12().into_generator();
    let mut documents = vec![
        generator.subschema_for::<Analysis>(),
        generator.subschema_for::<Table>(),
        generator.subschema_for::<Sequence>(),
        generator.subschema_for::<Genera>(),
        generator.subschema_for::<Quotient>(),
        generator.subschema_for::<Explanation>(),
        generator.subschema_for::<ValueMoves>(),
        generator.subschema_for::<CacheContents>(),
    ];
    documents.extend(more(&mut generator));
    let defs: serde_json::Map<String, serde_json::Value> =
        generator.take_definitions(true).into_iter().collect();
    schemars::json_schema!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": format!("grundy's JSON wire format, version {FORMAT_VERSION}"),
        "description": "Every document of `grundy solve --format json` and the playground's API. Integers that may exceed 2^53 - 1 are strings of digits; indices and coordinates count from 1.",
        "anyOf": documents,
        "$defs": defs,
    })
}

mod big_serde {
    use std::borrow::Cow;

    use super::Big;

    impl serde::Serialize for Big {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(&self.0)
        }
    }

    impl<'de> serde::Deserialize<'de> for Big {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Big, D::Error> {
            struct Digits;
            impl serde::de::Visitor<'_> for Digits {
                type Value = Big;

                fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str("a whole number written as a string of digits, like \"12\" (or a JSON integer)")
                }

                fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Big, E> {
                    Ok(Big(n.into()))
                }

                fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Big, E> {
                    u128::try_from(n)
                        .map(Big)
                        .map_err(|_| E::invalid_value(serde::de::Unexpected::Signed(n), &self))
                }

                fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Big, E> {
                    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
                        return Err(E::invalid_value(serde::de::Unexpected::Str(text), &self));
                    }
                    text.parse()
                        .map(Big)
                        .map_err(|_| E::custom(format!("{text} is larger than 2^128 − 1")))
                }
            }
            d.deserialize_any(Digits)
        }
    }

    impl schemars::JsonSchema for Big {
        fn schema_name() -> Cow<'static, str> {
            "Big".into()
        }

        fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
            schemars::json_schema!({
                "description": "A whole number as a string of decimal digits (it may exceed 2^53 − 1); a JSON integer is read too, but grundy always writes a string.",
                "anyOf": [
                    { "type": "string", "pattern": "^[0-9]+$" },
                    { "type": "integer", "minimum": 0 }
                ]
            })
        }
    }
}
