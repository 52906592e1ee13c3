//! The JSON API. Positions and moves are plain JSON in the statements'
//! terms (1-based cells, pieces and rows); every answer comes from the
//! library, every size is checked against [`Limits`] first, and every error
//! is `{"error": "…"}` with a 4xx status (5xx only for a computation that
//! ran out of time).

use std::sync::Arc;
use std::time::Instant;

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use grundy::format::{BombReader, CuttingReader, MatrixCase, MatrixReader, ReadError};
use grundy::games::bomb::{Board, BombMove, Cell};
use grundy::games::cutting::{self, Cut, Direction, Paper, WinningCuts};
use grundy::games::matrix::{self, MatrixGame, MatrixMove, Row};
use grundy::games::octal::{grundy_sequence_while, OctalCode};
use grundy::Nimber;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::Limits;

type Shared = Arc<crate::State>;

/// Winning moves listed in an analysis; the count says how many there are.
const LISTED_MOVES: usize = 50;

/// An error answer: a status and a reason.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
        }
    }

    /// The request is well formed but asks for something the game or the
    /// limits do not allow.
    fn refused(message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    fn malformed(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.message }))).into_response()
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        // Bad syntax and a wrong shape are both malformed requests (400);
        // otherwise the status axum chose (413 for a body over the limit,
        // 415 without a JSON content type).
        let status = match rejection {
            JsonRejection::JsonSyntaxError(_) | JsonRejection::JsonDataError(_) => {
                StatusCode::BAD_REQUEST
            }
            _ => rejection.status(),
        };
        ApiError::new(status, rejection.body_text())
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::malformed(rejection.body_text())
    }
}

type Reply = Result<Json<Value>, ApiError>;

/// Runs `work` on a blocking thread once a job permit is free, within the
/// time limit.
async fn compute<T: Send + 'static>(
    state: &Shared,
    work: impl FnOnce(&crate::State) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let limit = state.limits.time;
    let busy = || {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the computation did not finish within the limit of {} s",
                limit.as_secs_f64()
            ),
        )
    };
    let task = {
        let state = Arc::clone(state);
        async move {
            let _permit = state
                .jobs
                .acquire()
                .await
                .map_err(|_| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "shutting down"))?;
            let worker = Arc::clone(&state);
            tokio::task::spawn_blocking(move || work(&worker))
                .await
                .map_err(|_| {
                    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the computation failed")
                })?
        }
    };
    tokio::time::timeout(limit, task)
        .await
        .map_err(|_| busy())?
}

/// The seed games.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    Bomb,
    Cutting,
    Matrix,
}

/// A Bomb position: the board and its bombs, 1-based `[row, col]`.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct BombPosition {
    rows: u32,
    cols: u32,
    bombs: Vec<[u32; 2]>,
}

/// A Cutting position: its pieces, `[width, height]`.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct CuttingPosition {
    pieces: Vec<[u64; 2]>,
}

/// A Matrix position: its rows of cells.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct MatrixPosition {
    rows: Vec<Vec<u64>>,
}

/// A Bomb move: explode `explode`, landing on `above` (same column) and
/// `left` (same row); one of them is `null` on row or column 1.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct BombMoveJson {
    explode: [u32; 2],
    above: Option<[u32; 2]>,
    left: Option<[u32; 2]>,
}

/// A cut of piece `piece` (1-based) along grid line `at`.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct CutJson {
    piece: usize,
    direction: DirectionJson,
    at: u64,
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
enum DirectionJson {
    Vertical,
    Horizontal,
}

/// Take `take[i]` stones from cell i + 1 of row `row` (both 1-based).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct MatrixMoveJson {
    row: usize,
    take: Vec<u64>,
}

/// A position of one of the games, checked against the limits.
enum Position {
    Bomb(Board),
    Cutting(Vec<Paper>),
    Matrix(Vec<Row>),
}

fn field<T: serde::de::DeserializeOwned>(value: Value, what: &str) -> Result<T, ApiError> {
    serde_json::from_value(value).map_err(|e| ApiError::malformed(format!("{what}: {e}")))
}

impl Position {
    fn from_json(game: GameKind, value: Value, limits: &Limits) -> Result<Position, ApiError> {
        match game {
            GameKind::Bomb => {
                let p: BombPosition = field(value, "a Bomb position")?;
                let side = limits.board_side;
                if !(1..=side).contains(&p.rows) || !(1..=side).contains(&p.cols) {
                    return Err(ApiError::refused(format!(
                        "a board of {}×{} is beyond the limit of 1×1 to {side}×{side}",
                        p.rows, p.cols
                    )));
                }
                let mut board = Board::new(p.rows.into(), p.cols.into())
                    .map_err(|e| ApiError::refused(e.to_string()))?;
                for [r, c] in p.bombs {
                    // Two bombs on one cell vanish, as in the game.
                    if !board.toggle(r, c) {
                        return Err(ApiError::refused(format!(
                            "the bomb at ({r}, {c}) is off the {}×{} board",
                            p.rows, p.cols
                        )));
                    }
                }
                board.settle();
                Ok(Position::Bomb(board))
            }
            GameKind::Cutting => {
                let p: CuttingPosition = field(value, "a Cutting position")?;
                if p.pieces.len() > limits.pieces {
                    return Err(ApiError::refused(format!(
                        "{} pieces are beyond the limit of {}",
                        p.pieces.len(),
                        limits.pieces
                    )));
                }
                let side = limits.piece_side;
                p.pieces
                    .iter()
                    .map(|&[w, h]| {
                        if (1..=side).contains(&w) && (1..=side).contains(&h) {
                            Ok(Paper::new(w, h))
                        } else {
                            Err(ApiError::refused(format!(
                                "a {w}×{h} piece is beyond the limit of sides from 1 to {side}"
                            )))
                        }
                    })
                    .collect::<Result<_, _>>()
                    .map(Position::Cutting)
            }
            GameKind::Matrix => {
                let p: MatrixPosition = field(value, "a Matrix position")?;
                let side = limits.matrix_side;
                let cols = p.rows.first().map_or(0, Vec::len);
                if !(1..=side).contains(&p.rows.len()) || !(1..=side).contains(&cols) {
                    return Err(ApiError::refused(format!(
                        "a matrix of {}×{cols} is beyond the limit of 1×1 to {side}×{side}",
                        p.rows.len()
                    )));
                }
                if let Some(k) = p.rows.iter().position(|r| r.len() != cols) {
                    return Err(ApiError::refused(format!(
                        "row {} has {} cells, row 1 has {cols}",
                        k + 1,
                        p.rows[k].len()
                    )));
                }
                Ok(Position::Matrix(
                    p.rows.into_iter().map(Row::from_cells).collect(),
                ))
            }
        }
    }

    fn to_json(&self) -> Value {
        match self {
            Position::Bomb(board) => json!(BombPosition {
                rows: board.rows(),
                cols: board.cols(),
                bombs: board.bombs().map(|c| [c.row(), c.col()]).collect(),
            }),
            Position::Cutting(pieces) => json!(CuttingPosition {
                pieces: pieces.iter().map(|p| [p.width, p.height]).collect(),
            }),
            Position::Matrix(rows) => json!(MatrixPosition {
                rows: rows.iter().map(|r| r.cells().to_vec()).collect(),
            }),
        }
    }
}

fn cell_json(cell: Cell) -> [u32; 2] {
    [cell.row(), cell.col()]
}

fn bomb_move_json(mv: &BombMove) -> Value {
    json!(BombMoveJson {
        explode: cell_json(mv.explode),
        above: mv.above.map(cell_json),
        left: mv.left.map(cell_json),
    })
}

fn cut_json(cut: &Cut) -> Value {
    json!(CutJson {
        piece: cut.piece,
        direction: match cut.direction {
            Direction::Vertical => DirectionJson::Vertical,
            Direction::Horizontal => DirectionJson::Horizontal,
        },
        at: cut.at,
    })
}

fn matrix_move_json(mv: &MatrixMove) -> Value {
    json!(MatrixMoveJson {
        row: mv.row,
        take: mv.take.clone(),
    })
}

fn nimber(n: Nimber) -> Value {
    big(n.value())
}

/// A number as JSON: a number up to 2^64 − 1, beyond that (Matrix row totals
/// and their nim-sums) a string of its digits, which JSON numbers cannot
/// carry exactly.
fn big(n: u128) -> Value {
    u64::try_from(n).map_or_else(|_| json!(n.to_string()), |n| json!(n))
}

/// `POST /api/solve` with `{"game", "position"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    game: GameKind,
    position: Value,
}

/// Who wins, the components' values, the winning moves (the first
/// [`LISTED_MOVES`] and their count) and the engine's move: a winning one,
/// else the one hardest to answer (`null` when no move is legal).
pub async fn solve(
    State(state): State<Shared>,
    request: Result<Json<SolveRequest>, JsonRejection>,
) -> Reply {
    let Json(request) = request?;
    let position = Position::from_json(request.game, request.position, &state.limits)?;
    let game = request.game;
    compute(&state, move |state| {
        Ok(Json(analyse(state, game, &position)))
    })
    .await
}

fn analyse(state: &crate::State, game: GameKind, position: &Position) -> Value {
    match position {
        Position::Bomb(board) => {
            let mut bomb = state
                .bomb
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let sum = bomb.value(board);
            let components: Vec<Value> = board
                .bombs()
                .map(|c| json!({ "cell": cell_json(c), "grundy": nimber(bomb.bomb_value(c)) }))
                .collect();
            let mut moves = Vec::new();
            let mut count: u64 = 0;
            bomb.winning_moves(board, |mv| {
                if moves.len() < LISTED_MOVES {
                    moves.push(bomb_move_json(&mv));
                }
                count += 1;
                true
            });
            let engine = bomb.suggest(board).map(|mv| bomb_move_json(&mv));
            report(game, sum, components, moves, count, engine)
        }
        Position::Cutting(pieces) => {
            let sum = cutting::position_value(pieces);
            let components = pieces
                .iter()
                .enumerate()
                .map(|(i, &p)| {
                    json!({
                        "piece": i + 1,
                        "size": [p.width, p.height],
                        "grundy": if cutting::is_strip(p) { Value::Null } else { nimber(cutting::reduced_grundy(p)) },
                    })
                })
                .collect();
            let winning = WinningCuts::of(pieces);
            let moves = winning
                .iter()
                .take(LISTED_MOVES)
                .map(|c| cut_json(&c))
                .collect();
            let count = u64::try_from(winning.count()).unwrap_or(u64::MAX);
            let engine = cutting::suggest(pieces).map(|c| cut_json(&c));
            let mut value = report(game, sum, components, moves, count, engine);
            // The value is the reduced game's: a strip wins at once.
            value["first_player_wins"] = json!(cutting::position_wins(pieces));
            value
        }
        Position::Matrix(rows) => {
            let sum = MatrixGame.sum(rows);
            let components = rows
                .iter()
                .enumerate()
                .map(|(i, r)| json!({ "row": i + 1, "stones": big(r.total()), "grundy": big(r.total()) }))
                .collect();
            let winning = matrix::winning_moves(rows);
            let count = winning.len() as u64;
            let moves = winning
                .iter()
                .take(LISTED_MOVES)
                .map(matrix_move_json)
                .collect();
            let engine = matrix::suggest(rows).map(|mv| matrix_move_json(&mv));
            report(game, sum, components, moves, count, engine)
        }
    }
}

fn report(
    game: GameKind,
    sum: Nimber,
    components: Vec<Value>,
    moves: Vec<Value>,
    count: u64,
    engine: Option<Value>,
) -> Value {
    json!({
        "game": game,
        "first_player_wins": !sum.is_zero(),
        "nim_sum": nimber(sum),
        "components": components,
        "winning_moves": moves,
        "winning_move_count": count,
        "engine_move": engine,
    })
}

/// `POST /api/move` with `{"game", "position", "move"}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    game: GameKind,
    position: Value,
    #[serde(rename = "move")]
    mv: Value,
}

/// The position after a legal move, and whether the mover has won by it
/// (422 for an illegal move).
pub async fn play_move(
    State(state): State<Shared>,
    request: Result<Json<MoveRequest>, JsonRejection>,
) -> Reply {
    let Json(request) = request?;
    let position = Position::from_json(request.game, request.position, &state.limits)?;
    let (after, won) = match position {
        Position::Bomb(mut board) => {
            let m: BombMoveJson = field(request.mv, "a Bomb move")?;
            let cell = |[r, c]: [u32; 2]| {
                Cell::new(r, c)
                    .ok_or_else(|| ApiError::refused(format!("({r}, {c}) is not a cell")))
            };
            let mv = BombMove {
                explode: cell(m.explode)?,
                above: m.above.map(cell).transpose()?,
                left: m.left.map(cell).transpose()?,
            };
            if !mv.is_legal(&board) {
                return Err(ApiError::refused("illegal move: the bomb must be on the board, and the new bombs in its column above it and in its row left of it"));
            }
            board.play(&mv);
            let won = board.bomb_count() == 0;
            (Position::Bomb(board), won)
        }
        Position::Cutting(pieces) => {
            let m: CutJson = field(request.mv, "a cut")?;
            let paper = m
                .piece
                .checked_sub(1)
                .and_then(|i| pieces.get(i))
                .copied()
                .ok_or_else(|| ApiError::refused(format!("there is no piece {}", m.piece)))?;
            let cut = Cut {
                piece: m.piece,
                paper,
                direction: match m.direction {
                    DirectionJson::Vertical => Direction::Vertical,
                    DirectionJson::Horizontal => Direction::Horizontal,
                },
                at: m.at,
            };
            if !cut.is_legal(&pieces) {
                return Err(ApiError::refused(format!(
                    "illegal move: a cut of a {}×{} piece is at a grid line strictly inside it",
                    paper.width, paper.height
                )));
            }
            let after = cut.apply(&pieces);
            let no_move = after.iter().all(|p| p.width == 1 && p.height == 1);
            (Position::Cutting(after), cut.cuts_out_a_cell() || no_move)
        }
        Position::Matrix(rows) => {
            let m: MatrixMoveJson = field(request.mv, "a Matrix move")?;
            let mv = MatrixMove {
                row: m.row,
                take: m.take,
            };
            if !mv.is_legal(&rows) {
                return Err(ApiError::refused("illegal move: take from one row, at most each cell's stones, and at least one stone"));
            }
            let after = mv.apply(&rows);
            let won = after.iter().all(|r| r.total() == 0);
            (Position::Matrix(after), won)
        }
    };
    Ok(Json(json!({
        "game": request.game,
        "position": after.to_json(),
        "mover_won": won,
    })))
}

/// `POST /api/parse` with `{"game", "text"}`: the first case of a
/// judge-format input as a position.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParseRequest {
    game: GameKind,
    text: String,
}

/// The first case of `text`, or 422 naming the line that is wrong.
pub async fn parse(
    State(state): State<Shared>,
    request: Result<Json<ParseRequest>, JsonRejection>,
) -> Reply {
    let Json(request) = request?;
    let limits = &state.limits;
    let input = request.text.as_bytes();
    let fail = |e: ReadError| ApiError::refused(e.to_string());
    let none = || ApiError::refused("the text holds no case");
    let position = match request.game {
        GameKind::Bomb => {
            let side = u64::from(limits.board_side);
            let mut board = Board::default();
            let found = BombReader::new(input)
                .map_err(fail)?
                .max_cells(side * side)
                .next_case(&mut board)
                .map_err(fail)?;
            if !found {
                return Err(none());
            }
            // A bomb on (1, 1) vanishes at once.
            board.set(1, 1, false);
            Position::Bomb(board)
        }
        GameKind::Cutting => {
            let paper = CuttingReader::new(input)
                .map_err(fail)?
                .next_case()
                .map_err(fail)?
                .ok_or_else(none)?;
            Position::from_json(
                GameKind::Cutting,
                json!({ "pieces": [[paper.width, paper.height]] }),
                limits,
            )?
        }
        GameKind::Matrix => {
            let side = limits.matrix_side as u64;
            let mut case = MatrixCase::default();
            let found = MatrixReader::new(input)
                .map_err(fail)?
                .keep_cells(true)
                .max_cells(side * side)
                .next_case(&mut case)
                .map_err(fail)?;
            if !found {
                return Err(none());
            }
            let rows: Vec<Vec<u64>> = case.rows.iter().map(|r| r.cells().to_vec()).collect();
            Position::from_json(GameKind::Matrix, json!({ "rows": rows }), limits)?
        }
    };
    Ok(Json(
        json!({ "game": request.game, "position": position.to_json() }),
    ))
}

/// `GET /api/table?game=bomb|cutting&rows=R&cols=C`.
#[derive(Deserialize)]
pub struct TableQuery {
    game: TableGame,
    rows: u32,
    cols: u32,
}

#[derive(Clone, Copy, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
enum TableGame {
    Bomb,
    Cutting,
}

/// sg of one bomb at (p, q), or of one W×H paper in the reduced game, for
/// every p ≤ rows and q ≤ cols: `{"game", "rows", "cols", "max", "values"}`.
pub async fn table(
    State(state): State<Shared>,
    query: Result<Query<TableQuery>, QueryRejection>,
) -> Reply {
    let Query(q) = query?;
    let side = state.limits.table_side;
    if !(1..=side).contains(&q.rows) || !(1..=side).contains(&q.cols) {
        return Err(ApiError::refused(format!(
            "a table of {}×{} is beyond the limit of 1×1 to {side}×{side}",
            q.rows, q.cols
        )));
    }
    compute(&state, move |state| {
        let (rows, cols) = (q.rows as usize, q.cols as usize);
        let values: Vec<Vec<u32>> = match q.game {
            TableGame::Bomb => {
                let mut bomb = state
                    .bomb
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                if let Some(corner) = Cell::new(q.rows, q.cols) {
                    bomb.bomb_value(corner);
                }
                let table = bomb.table();
                (0..rows).map(|i| table.row(i)[..cols].to_vec()).collect()
            }
            TableGame::Cutting => (1..=rows as u64)
                .map(|w| {
                    (1..=cols as u64)
                        .map(|h| {
                            let paper = Paper::new(w, h);
                            if cutting::is_strip(paper) {
                                0
                            } else {
                                cutting::reduced_grundy(paper).value() as u32
                            }
                        })
                        .collect()
                })
                .collect(),
        };
        let max = values.iter().flatten().copied().max().unwrap_or(0);
        Ok(Json(json!({
            "game": q.game,
            "rows": rows,
            "cols": cols,
            "max": max,
            "values": values,
        })))
    })
    .await
}

/// `GET /api/octal?code=0.07&upto=N`.
#[derive(Deserialize)]
pub struct OctalQuery {
    code: String,
    upto: Option<usize>,
}

/// The Grundy sequence of an octal code: `{"code", "computed", "period",
/// "preperiod", "complete", "values"}`; `complete` is false when the time
/// limit stopped the computation before `upto` values or a proven period.
pub async fn octal(
    State(state): State<Shared>,
    query: Result<Query<OctalQuery>, QueryRejection>,
) -> Reply {
    let Query(q) = query?;
    let limits = &state.limits;
    let code: OctalCode = q
        .code
        .parse()
        .map_err(|e| ApiError::refused(format!("`{}` is not an octal code: {e}", q.code)))?;
    if code.max_take() > limits.octal_digits {
        return Err(ApiError::refused(format!(
            "codes have at most {} digits after the point",
            limits.octal_digits
        )));
    }
    let upto = q.upto.unwrap_or(1000);
    if !(1..=limits.octal_values).contains(&upto) {
        return Err(ApiError::refused(format!(
            "upto must be from 1 to {}, not {upto}",
            limits.octal_values
        )));
    }
    // Stop a little before the time limit, and answer with what is done.
    let deadline = Instant::now() + limits.time.mul_f64(0.8);
    compute(&state, move |_| {
        let result = grundy_sequence_while(&code, upto, &mut |_| Instant::now() < deadline);
        let complete = result.is_ok();
        let sequence = result.unwrap_or_else(|stopped| stopped);
        let periodicity = sequence.periodicity;
        Ok(Json(json!({
            "code": code.to_string(),
            "computed": sequence.values.len(),
            "period": periodicity.map(|p| p.period),
            "preperiod": periodicity.map(|p| p.preperiod),
            "complete": complete,
            "values": sequence.values,
        })))
    })
    .await
}

/// Unknown paths: a 404 that says so.
pub async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no such page or endpoint")
}
