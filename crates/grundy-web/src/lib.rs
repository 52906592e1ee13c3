//! The grundy playground: a JSON API over the grundy library and the page
//! that uses it, served by axum.
//!
//! Everything a request asks to compute runs off the async threads, one job
//! per core at most, under a time limit; every size a request names is
//! checked against [`Limits`] before anything is computed, so no request can
//! take the server's memory or crash it. The page (HTML, CSS and script) is
//! compiled into the binary.

mod api;
mod assets;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use grundy::games::bomb::BombGame;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

pub use api::ApiError;

/// How much one request may ask for.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Longest side of a Bomb board in a position.
    pub board_side: u32,
    /// Most pieces in a Cutting position.
    pub pieces: usize,
    /// Longest side of a Cutting piece.
    pub piece_side: u64,
    /// Most rows, and most cells in a row, of a Matrix position.
    pub matrix_side: usize,
    /// Longest side of a table.
    pub table_side: u32,
    /// Most values of an octal sequence.
    pub octal_values: usize,
    /// Most digits of an octal code.
    pub octal_digits: usize,
    /// Largest request body, in bytes.
    pub body_bytes: usize,
    /// Longest a computation may run before the request gets a 503.
    pub time: Duration,
    /// Computations run at once; more wait for their turn (within `time`).
    pub jobs: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            board_side: 100,
            pieces: 100,
            piece_side: 1 << 32,
            matrix_side: 50,
            table_side: 1000,
            octal_values: 200_000,
            octal_digits: 16,
            body_bytes: 64 * 1024,
            time: Duration::from_secs(10),
            jobs: std::thread::available_parallelism().map_or(2, |n| n.get()),
        }
    }
}

/// What the handlers share.
struct State {
    limits: Limits,
    /// The Bomb table, grown by whichever request needs more of it.
    bomb: Mutex<BombGame>,
    /// One permit per computation running.
    jobs: Semaphore,
}

/// The whole application: the page at `/`, its assets, and the API under
/// `/api/`.
pub fn router(limits: Limits) -> Router {
    let body = limits.body_bytes;
    let state = Arc::new(State {
        jobs: Semaphore::new(limits.jobs.max(1)),
        limits,
        bomb: Mutex::new(BombGame::new()),
    });
    Router::new()
        .route("/", get(assets::index))
        .route("/assets/{name}", get(assets::asset))
        .route("/api/solve", post(api::solve))
        .route("/api/move", post(api::play_move))
        .route("/api/parse", post(api::parse))
        .route("/api/table", get(api::table))
        .route("/api/octal", get(api::octal))
        .fallback(api::not_found)
        .layer(DefaultBodyLimit::max(body))
        .with_state(state)
}

/// Serves `router` on `listener` until Ctrl-C.
pub async fn serve(listener: TcpListener, router: Router) -> std::io::Result<()> {
    axum::serve(listener, router)
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
}

/// Binds `addr` (port 0 picks a free one).
pub async fn bind(addr: SocketAddr) -> std::io::Result<TcpListener> {
    TcpListener::bind(addr).await
}
