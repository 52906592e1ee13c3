//! The JSON API: every document is a type of `grundy::wire`, the format
//! `grundy solve --format json` writes, described by the schema served at
//! `/api/schema`. Every game comes from the registry as an [`AnyGame`]: the
//! handlers never name one.
//!
//! Every size a request names is checked against [`Limits`] before anything
//! is computed; every computation runs through [`Jobs`](crate::jobs::Jobs);
//! every error is a [`messages::Error`] with its status.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::header;
use axum::response::IntoResponse;
use axum::Json;
use grundy::analysis::{self, Analyst};
use grundy::game::Rng;
use grundy::games::octal::{grundy_sequence_while, OctalCode};
use grundy::prelude::*;
use grundy::registry::{self, Settings};
use grundy::wire::{self, FORMAT_VERSION};
use grundy::Convention;
use serde::Deserialize;

use crate::error::ApiError;
use crate::jobs::Weight;
use crate::messages::{self, ErrorKind};
use crate::Limits;

type Shared = Arc<crate::State>;

/// The schema of every document, as checked into the repository.
pub const SCHEMA: &str = include_str!("../../../schema/grundy.schema.json");

/// `GET /api/schema`: the JSON Schema of the wire format.
pub async fn schema() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/schema+json")], SCHEMA)
}

/// `GET /api/games`: every game of the registry.
pub async fn games(State(state): State<Shared>) -> Json<messages::GameList> {
    Json(state.games.clone())
}

/// What the registry says of every game, with the kind of its positions
/// (from a random one).
pub fn game_list() -> messages::GameList {
    let info = |entry: &registry::Entry, mut game: AnyGame| {
        let position = game.random_position(&mut Rng::new(1), None);
        let [first, second] = game.players();
        messages::GameInfo {
            name: entry.name.to_string(),
            title: entry.title.to_string(),
            parameter: entry.parameter.map(str::to_string),
            summary: entry.summary.to_string(),
            rules: entry.rules.to_string(),
            example: entry.example.to_string(),
            kind: game.position_wire(&position).kind().to_string(),
            players: [first.to_string(), second.to_string()],
            move_help: game.move_help(),
            misere: game.abilities().misere,
            examples: examples(&entry.examples),
        }
    };
    let games = registry::GAMES
        .iter()
        .filter_map(|entry| {
            let game = registry::open(entry.example, &Settings::default()).ok()?;
            Some(info(entry, game))
        })
        .collect();
    messages::GameList {
        format: FORMAT_VERSION,
        games,
    }
}

/// A game's examples as the API writes them.
fn examples(e: &registry::Examples) -> messages::GameExamples {
    messages::GameExamples {
        judge: e.judge.to_string(),
        answers: e.answers.to_string(),
        won: e.won.to_string(),
        winning_move: e.winning_move.to_string(),
        illegal_move: e.illegal_move.to_string(),
        bad_input: e.bad_input.to_string(),
        bad_line: e.bad_line,
    }
}

/// Refuses a game name longer than the limit before opening it.
fn checked_name(name: &str, limits: &Limits) -> Result<String, ApiError> {
    if name.chars().count() > limits.name_length {
        return Err(ApiError::refused(format!(
            "a game name of at most {} characters, the playground's limit (found {})",
            limits.name_length,
            name.chars().count()
        )));
    }
    Ok(name.to_string())
}

/// How heavy the work on a position is.
fn weight_of(position: &wire::Position, limits: &Limits) -> Weight {
    if position.size() > limits.light_size {
        Weight::Heavy
    } else {
        Weight::Light
    }
}

/// Opens the game `name` in a job of `weight` and runs `work` on it there,
/// sharing the server's tables and stopped when the request times out.
async fn with_game<T, F>(state: &Shared, name: &str, weight: Weight, work: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce(AnyGame) -> Result<T, ApiError> + Send + 'static,
{
    let name = checked_name(name, &state.limits)?;
    let shelf = Arc::clone(&state.shelf);
    let limits = state.limits.positions;
    let answer = state
        .jobs
        .run(weight, move |cancel| {
            let settings = Settings {
                limits,
                shelf: Some(shelf),
                cancel: Some(cancel.clone()),
                // One job, one core.
                threads: Some(1),
                ..Settings::default()
            };
            registry::open(&name, &settings).map(work)
        })
        .await
        .map_err(|e| ApiError::from_job(e, state.jobs.time()))?;
    answer?
}

/// A wire position as one of `game`'s, admitted within `limits`.
fn position_of(
    game: &mut AnyGame,
    position: &wire::Position,
    limits: grundy::game::Limits,
) -> Result<AnyPosition, ApiError> {
    let position = game.position_from_wire(position, limits)?;
    game.admit(&position, limits)?;
    Ok(position)
}

/// The convention a request asks for: misère play (with the server's
/// search budget) when its `misere` is set.
/// A request read from its JSON: first its `game`, so that a game that
/// does not exist is named as such rather than as a position it could not
/// have, then the rest as a `T` (with the messages axum gives).
fn read_request<T: serde::de::DeserializeOwned>(
    request: Result<Json<serde_json::Value>, JsonRejection>,
) -> Result<T, ApiError> {
    let Json(value) = request?;
    if let Some(name) = value.get("game").and_then(serde_json::Value::as_str) {
        registry::entry(name)?;
    }
    // Through bytes, so that a wrong shape is the same 400 as before.
    let bytes = serde_json::to_vec(&value).map_err(|e| ApiError::malformed(e.to_string()))?;
    let Json(request) = Json::<T>::from_bytes(&bytes)?;
    Ok(request)
}

fn convention(misere: bool, limits: &Limits) -> Convention {
    Convention::from_budget(misere.then_some(limits.misere_budget))
}

/// `POST /api/solve` ([`messages::SolveRequest`]): the [`wire::Analysis`].
pub async fn solve(
    State(state): State<Shared>,
    request: Result<Json<serde_json::Value>, JsonRejection>,
) -> Result<Json<wire::Analysis>, ApiError> {
    let request: messages::SolveRequest = read_request(request)?;
    let listed = request
        .listed
        .unwrap_or(state.limits.listed_moves)
        .min(state.limits.listed_moves);
    let weight = weight_of(&request.position, &state.limits);
    let convention = convention(request.misere, &state.limits);
    let limits = state.limits.positions;
    with_game(&state, &request.game, weight, move |game| {
        let mut analyst = Analyst::new(game, convention)?;
        let position = position_of(analyst.game_mut(), &request.position, limits)?;
        Ok(analysis::analyse(&mut analyst, &position, listed)?)
    })
    .await
    .map(Json)
}

/// `POST /api/play` ([`messages::PlayRequest`]): your move, then the engine's
/// reply, in one round trip ([`messages::PlayAnswer`]).
pub async fn play(
    State(state): State<Shared>,
    request: Result<Json<serde_json::Value>, JsonRejection>,
) -> Result<Json<messages::PlayAnswer>, ApiError> {
    let request: messages::PlayRequest = read_request(request)?;
    let weight = weight_of(&request.position, &state.limits);
    let convention = convention(request.misere, &state.limits);
    let limits = state.limits.positions;
    let name = request.game.clone();
    with_game(&state, &name, weight, move |game| {
        let mut analyst = Analyst::new(game, convention)?;
        let start = position_of(analyst.game_mut(), &request.position, limits)?;
        let round = analysis::round(
            &mut analyst,
            start.clone(),
            request.mv.as_ref(),
            request.reply.unwrap_or(true),
        )?;
        let game = analyst.game();
        Ok(messages::PlayAnswer {
            format: FORMAT_VERSION,
            game: game.name(),
            your_move: round
                .your_move
                .map(|mv| analysis::report(game, &start, &mv)),
            after_your_move: game.position_wire(&round.after_your_move),
            engine_move: round
                .engine_move
                .map(|mv| analysis::report(game, &round.after_your_move, &mv)),
            engine_move_wins: round.engine_move_wins,
            engine_move_why: round.engine_rule.map(|rule| rule.describe()),
            position: game.position_wire(&round.position),
            winner: round.winner,
        })
    })
    .await
    .map(Json)
}

/// `POST /api/parse` ([`messages::ParseRequest`]): the first case of a text in
/// the game's input format, or 422 naming the line that is wrong.
pub async fn parse(
    State(state): State<Shared>,
    request: Result<Json<serde_json::Value>, JsonRejection>,
) -> Result<Json<messages::Parsed>, ApiError> {
    let request: messages::ParseRequest = read_request(request)?;
    let limits = state.limits.positions;
    let text = request.text;
    with_game(&state, &request.game, Weight::Light, move |mut game| {
        let input = Box::new(std::io::Cursor::new(text.into_bytes()));
        let mut reader = game
            .reader(input, limits)
            .map_err(|e| ApiError::refused(e.to_string()))?;
        let position = reader
            .next_case()
            .map_err(|e| ApiError::refused(e.to_string()))?
            .ok_or_else(|| ApiError::refused("the text holds no case"))?;
        parsed(&mut game, &position, limits)
    })
    .await
    .map(Json)
}

/// `POST /api/moves` ([`messages::MovesRequest`]): the position drawn as
/// text, its components with their values and its legal moves
/// ([`messages::Moves`]), for a game the page has no drawing of its own for.
pub async fn moves(
    State(state): State<Shared>,
    request: Result<Json<serde_json::Value>, JsonRejection>,
) -> Result<Json<messages::Moves>, ApiError> {
    let request: messages::MovesRequest = read_request(request)?;
    let listed = request
        .listed
        .unwrap_or(state.limits.listed_moves)
        .min(state.limits.listed_moves);
    let weight = weight_of(&request.position, &state.limits);
    let limits = state.limits.positions;
    with_game(&state, &request.game, weight, move |mut game| {
        let position = position_of(&mut game, &request.position, limits)?;
        let components = game
            .components(&position)
            .iter()
            .enumerate()
            .map(|(i, (component, value))| game.describe_component(i, component, *value))
            .collect();
        let mut moves = Vec::new();
        let mut more = false;
        let _ = game.moves(&position, &mut |mv| {
            if moves.len() == listed {
                more = true;
                return std::ops::ControlFlow::Break(());
            }
            moves.push(mv);
            std::ops::ControlFlow::Continue(())
        });
        Ok(messages::Moves {
            format: FORMAT_VERSION,
            game: game.name(),
            drawing: game.draw(&position, &grundy::game::Plain),
            components,
            moves: moves
                .iter()
                .map(|mv| analysis::report(&game, &position, mv))
                .collect(),
            more,
        })
    })
    .await
    .map(Json)
}

/// `POST /api/new` ([`messages::NewRequest`]): a random position of the game.
pub async fn new_position(
    State(state): State<Shared>,
    request: Result<Json<serde_json::Value>, JsonRejection>,
) -> Result<Json<messages::Parsed>, ApiError> {
    let request: messages::NewRequest = read_request(request)?;
    let side = state.limits.positions.max_side();
    if let Some([a, b]) = request.size {
        if !(1..=side).contains(&a) || !(1..=side).contains(&b) {
            return Err(ApiError::refused(format!(
                "a size of {a}×{b} is beyond the limit of 1×1 to {side}×{side}"
            )));
        }
    }
    let limits = state.limits.positions;
    let seed = request.seed.unwrap_or_else(seed_from_clock);
    let size = request.size.map(|[a, b]| (a, b));
    let convention = convention(request.misere, &state.limits);
    with_game(&state, &request.game, Weight::Light, move |game| {
        let mut analyst = Analyst::new(game, convention)?;
        let position = analyst.deal(&mut Rng::new(seed), size, limits)?;
        parsed(analyst.game_mut(), &position, limits)
    })
    .await
    .map(Json)
}

/// A position the game made (read from a text, or random) as the answer
/// of `/api/parse` and `/api/new`: within the playground's limits, checked
/// as a position sent as JSON would be.
fn parsed(
    game: &mut AnyGame,
    position: &AnyPosition,
    limits: grundy::game::Limits,
) -> Result<messages::Parsed, ApiError> {
    let wire = game.position_wire(position);
    let position = position_of(game, &wire, limits)?;
    Ok(messages::Parsed {
        format: FORMAT_VERSION,
        game: game.name(),
        position: game.position_wire(&position),
    })
}

fn seed_from_clock() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

/// `GET /api/table?game=NAME&rows=R&cols=C`.
#[derive(Deserialize)]
pub struct TableQuery {
    game: String,
    rows: u32,
    cols: u32,
}

/// The value of one component for every pair of sizes up to rows × cols
/// ([`wire::Table`]), for games whose components have two sizes.
pub async fn table(
    State(state): State<Shared>,
    query: Result<Query<TableQuery>, QueryRejection>,
) -> Result<Json<wire::Table>, ApiError> {
    let Query(q) = query?;
    let cells = u64::from(q.rows) * u64::from(q.cols);
    if q.rows == 0 || q.cols == 0 || cells > state.limits.table_cells {
        return Err(ApiError::refused(format!(
            "a table of {}×{} is not allowed: the playground draws tables of 1 to {} cells",
            q.rows,
            q.cols,
            grundy::notation::with_commas(state.limits.table_cells.into())
        )));
    }
    let weight = if cells > state.limits.light_size {
        Weight::Heavy
    } else {
        Weight::Light
    };
    let limits = grundy::game::Limits {
        max_cells: state.limits.table_cells,
        ..state.limits.positions
    };
    let (rows, cols) = (q.rows, q.cols);
    with_game(&state, &q.game, weight, move |mut game| {
        if !game.abilities().table {
            return Err(ApiError::refused(format!(
                "{} has no table: its components do not have two sizes",
                game.name()
            )));
        }
        let table = game.component_table(rows, cols, limits)?;
        let values: Vec<Vec<u32>> = table
            .values
            .chunks(cols as usize)
            .map(<[u32]>::to_vec)
            .collect();
        Ok(wire::Table {
            format: FORMAT_VERSION,
            game: game.name(),
            what: table.what.to_string(),
            axes: table.axes.map(str::to_string),
            rows,
            cols,
            max: table.values.iter().copied().max().unwrap_or(0),
            values,
            wins_at_once: table.wins_at_once,
        })
    })
    .await
    .map(Json)
}

/// `GET /api/genera?game=octal:0.77&upto=N`.
#[derive(Deserialize)]
pub struct GeneraQuery {
    game: String,
    upto: Option<u64>,
}

/// Heaps whose genera one request may ask for.
const MAX_GENERA: u64 = 64;

/// The genus of each heap 0 … `upto` − 1 of a heap game under misère play
/// ([`wire::Genera`]); refused for other games, and when a heap needs more
/// than the server's misère budget.
pub async fn genera(
    State(state): State<Shared>,
    query: Result<Query<GeneraQuery>, QueryRejection>,
) -> Result<Json<wire::Genera>, ApiError> {
    let Query(q) = query?;
    let upto = q.upto.unwrap_or(21);
    if upto == 0 || upto > MAX_GENERA {
        return Err(ApiError::refused(format!(
            "upto from 1 to {MAX_GENERA} heaps (found {upto})"
        )));
    }
    let budget = state.limits.misere_budget;
    with_game(&state, &q.game, Weight::Heavy, move |game| {
        let genera = game.genera(upto, budget)?;
        let first_not_tame = genera.iter().position(|(_, tame)| !tame).map(|n| n as u64);
        Ok(wire::Genera {
            format: FORMAT_VERSION,
            game: game.name(),
            genera: genera
                .into_iter()
                .enumerate()
                .map(|(heap, (genus, tame))| genus.to_wire(heap as u64, tame))
                .collect(),
            first_not_tame,
        })
    })
    .await
    .map(Json)
}

/// `GET /api/octal?code=0.07&upto=N`.
#[derive(Deserialize)]
pub struct OctalQuery {
    code: String,
    upto: Option<usize>,
}

/// The Grundy sequence of an octal code ([`wire::Sequence`]); `complete`
/// is false when the time limit stopped it before `upto` values or a
/// proven period.
pub async fn octal(
    State(state): State<Shared>,
    query: Result<Query<OctalQuery>, QueryRejection>,
) -> Result<Json<wire::Sequence>, ApiError> {
    let Query(q) = query?;
    let limits = &state.limits;
    checked_name(&q.code, limits)?;
    let code: OctalCode = q
        .code
        .parse()
        .map_err(|e| ApiError::refused(format!("`{}` is not an octal code: {e}", q.code)))?;
    if code.max_take() > limits.octal_digits {
        return Err(ApiError::refused(format!(
            "codes have at most {} digits after the point in the playground",
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
    let weight = if upto as u64 > limits.light_size {
        Weight::Heavy
    } else {
        Weight::Light
    };
    // Stop a little before the time limit, and answer with what is done.
    let deadline = Instant::now() + state.jobs.time().mul_f64(0.8);
    state
        .jobs
        .run(weight, move |cancel| {
            let mut going = |_: usize| Instant::now() < deadline && !cancel.is_cancelled();
            let result = grundy_sequence_while(&code, upto, &mut going);
            let complete = result.is_ok();
            let sequence = result.unwrap_or_else(|stopped| stopped);
            let periodicity = sequence.periodicity;
            wire::Sequence {
                format: FORMAT_VERSION,
                game: format!("octal:{code}"),
                computed: sequence.values.len(),
                period: periodicity.map(|p| p.period as u64),
                preperiod: periodicity.map(|p| p.preperiod as u64),
                complete,
                values: sequence.values,
                histogram: None,
                sparse: None,
            }
        })
        .await
        .map(Json)
        .map_err(|e| ApiError::from_job(e, state.jobs.time()))
}

/// Unknown paths: a 404 that says so.
pub async fn not_found() -> ApiError {
    ApiError::new(ErrorKind::NotFound, "no such page or endpoint")
}

/// A known path with another method: a 405 that says so.
pub async fn method_not_allowed() -> ApiError {
    ApiError::method_not_allowed()
}
