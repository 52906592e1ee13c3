//! The JSON API over HTTP: every handler reads its request, weighs it, and
//! runs the [`Service`](crate::service::Service)'s answer to it in a
//! [`Jobs`](crate::jobs::Jobs) slot, stopped when the request times out.
//! Every document is a type of `grundy::wire` or of [`messages`], described
//! by the schema served at `/api/schema`.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::header;
use axum::response::IntoResponse;
use axum::Json;
use grundy::shared::Cancel;
use grundy::wire;

use super::jobs::Weight;
use crate::error::ApiError;
use crate::messages;
use crate::service::{self, GeneraQuery, OctalQuery, Service, TableQuery, SCHEMA};
use crate::Limits;

type Shared = Arc<super::State>;

/// `GET /api/schema`: the JSON Schema of the wire format.
pub async fn schema() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/schema+json")], SCHEMA)
}

/// `GET /api/games`: every game of the registry.
pub async fn games(State(state): State<Shared>) -> Json<messages::GameList> {
    Json(state.service.games().clone())
}

/// `GET /api/limits`: what one request may ask for.
pub async fn limits(State(state): State<Shared>) -> Json<messages::LimitsInfo> {
    Json(state.service.limits_info())
}

/// How heavy `size` (a position's, a table's cells, a sequence's length)
/// makes the work.
fn weight(size: u64, limits: &Limits) -> Weight {
    if size > limits.light_size {
        Weight::Heavy
    } else {
        Weight::Light
    }
}

/// Runs `work` on the service in a job of `weight`, stopped when the
/// request times out.
async fn run<T, F>(state: &Shared, weight: Weight, work: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce(&Service, &Cancel) -> Result<T, ApiError> + Send + 'static,
{
    let shared = Arc::clone(state);
    state
        .jobs
        .run(weight, move |cancel| work(&shared.service, cancel))
        .await
        .map_err(|e| ApiError::from_job(e, state.jobs.time()))?
}

/// A request read from its JSON with axum's messages for a wrong body,
/// then as the service reads one (its `game` first).
fn read_request<T: serde::de::DeserializeOwned>(
    request: Result<Json<serde_json::Value>, JsonRejection>,
) -> Result<T, ApiError> {
    let Json(value) = request?;
    service::read_body(&value.to_string())
}

/// `POST /api/solve` ([`messages::SolveRequest`]): the [`wire::Analysis`].
pub async fn solve(
    State(state): State<Shared>,
    request: Result<Json<serde_json::Value>, JsonRejection>,
) -> Result<Json<wire::Analysis>, ApiError> {
    let request: messages::SolveRequest = read_request(request)?;
    let weight = weight(request.position.size(), &state.limits);
    run(&state, weight, move |s, cancel| {
        s.solve(request, Some(cancel))
    })
    .await
    .map(Json)
}

/// `POST /api/explain` ([`messages::ExplainRequest`]): the
/// [`wire::Explanation`].
pub async fn explain(
    State(state): State<Shared>,
    request: Result<Json<serde_json::Value>, JsonRejection>,
) -> Result<Json<wire::Explanation>, ApiError> {
    let request: messages::ExplainRequest = read_request(request)?;
    let weight = weight(request.position.size(), &state.limits);
    run(&state, weight, move |s, cancel| {
        s.explain(request, Some(cancel))
    })
    .await
    .map(Json)
}

/// `POST /api/values` ([`messages::ValuesRequest`]): the
/// [`wire::ValueMoves`].
pub async fn values(
    State(state): State<Shared>,
    request: Result<Json<serde_json::Value>, JsonRejection>,
) -> Result<Json<wire::ValueMoves>, ApiError> {
    let request: messages::ValuesRequest = read_request(request)?;
    let weight = weight(request.position.size(), &state.limits);
    run(&state, weight, move |s, cancel| {
        s.values(request, Some(cancel))
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
    let weight = weight(request.position.size(), &state.limits);
    run(&state, weight, move |s, cancel| {
        s.play(request, Some(cancel))
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
    run(&state, Weight::Light, move |s, cancel| {
        s.parse(request, Some(cancel))
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
    let weight = weight(request.position.size(), &state.limits);
    run(&state, weight, move |s, cancel| {
        s.moves(request, Some(cancel))
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
    let seed = seed_from_clock();
    run(&state, Weight::Light, move |s, cancel| {
        s.new_position(request, seed, Some(cancel))
    })
    .await
    .map(Json)
}

fn seed_from_clock() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

/// `GET /api/table?game=NAME&rows=R&cols=C` ([`wire::Table`]).
pub async fn table(
    State(state): State<Shared>,
    query: Result<Query<TableQuery>, QueryRejection>,
) -> Result<Json<wire::Table>, ApiError> {
    let Query(q) = query?;
    let cells = state.service.check_table(&q)?;
    let weight = weight(cells, &state.limits);
    run(&state, weight, move |s, cancel| s.table(q, Some(cancel)))
        .await
        .map(Json)
}

/// `GET /api/genera?game=octal:0.77&upto=N` ([`wire::Genera`]).
pub async fn genera(
    State(state): State<Shared>,
    query: Result<Query<GeneraQuery>, QueryRejection>,
) -> Result<Json<wire::Genera>, ApiError> {
    let Query(q) = query?;
    state.service.check_genera(&q)?;
    run(&state, Weight::Heavy, move |s, cancel| {
        s.genera(q, Some(cancel))
    })
    .await
    .map(Json)
}

/// `GET /api/octal?code=0.07&upto=N` ([`wire::Sequence`]): stopped a little
/// before the time limit, with what is done.
pub async fn octal(
    State(state): State<Shared>,
    query: Result<Query<OctalQuery>, QueryRejection>,
) -> Result<Json<wire::Sequence>, ApiError> {
    let Query(q) = query?;
    let (_, upto) = state.service.check_octal(&q)?;
    let weight = weight(upto as u64, &state.limits);
    let deadline = Instant::now() + state.jobs.time().mul_f64(0.8);
    run(&state, weight, move |s, cancel| {
        s.octal(q, &mut || {
            Instant::now() < deadline && !cancel.is_cancelled()
        })
    })
    .await
    .map(Json)
}

/// Unknown paths: a 404 that says so.
pub async fn not_found() -> ApiError {
    service::not_found()
}

/// A known path with another method: a 405 that says so.
pub async fn method_not_allowed() -> ApiError {
    ApiError::method_not_allowed()
}
