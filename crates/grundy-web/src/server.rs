//! The HTTP server (feature `server`): the axum router of the page and the
//! API, its handlers, the job runner they compute on, and the mapping of
//! errors to HTTP responses.

mod api;
mod assets;
mod http_error;
pub mod jobs;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use grundy::misere::quotient::KeptQuotients;
use tokio::net::TcpListener;

use crate::{Limits, Service};
use jobs::Jobs;

/// What the handlers share.
struct State {
    limits: Limits,
    jobs: Arc<Jobs>,
    /// The answers, and the tables shared by every request.
    service: Service,
}

/// The whole application: the page at `/`, its assets, and the API under
/// `/api/`.
pub fn router(limits: Limits) -> Router {
    application(limits).0
}

/// [`router`] whose heap games decide misère play by the proven quotients
/// `kept` holds ([`Service::with_kept_quotients`]).
pub fn router_with_kept_quotients(limits: Limits, kept: Option<Arc<dyn KeptQuotients>>) -> Router {
    application_with(limits, kept).0
}

/// The whole application, as [`router`] builds it, and the job runner its
/// requests compute on: a program that embeds the playground can see how
/// busy it is ([`Jobs::running`], [`Jobs::waiting`]) or run work of its own
/// within the same cores and limits, so that the playground's requests
/// make way for it.
pub fn application(limits: Limits) -> (Router, Arc<Jobs>) {
    application_with(limits, None)
}

/// [`application`] with the proven quotients `kept` holds.
fn application_with(limits: Limits, kept: Option<Arc<dyn KeptQuotients>>) -> (Router, Arc<Jobs>) {
    let body = limits.body_bytes;
    let jobs = Arc::new(Jobs::new(limits.jobs, limits.queue, limits.time));
    let state = Arc::new(State {
        jobs: Arc::clone(&jobs),
        service: Service::new(limits.clone()).with_kept_quotients(kept),
        limits,
    });
    let router = Router::new()
        .route("/", get(assets::index))
        .route("/assets/{name}", get(assets::asset))
        .route("/favicon.ico", get(assets::favicon))
        .route("/api/games", get(api::games))
        .route("/api/limits", get(api::limits))
        .route("/api/schema", get(api::schema))
        .route("/api/solve", post(api::solve))
        .route("/api/explain", post(api::explain))
        .route("/api/values", post(api::values))
        .route("/api/play", post(api::play))
        .route("/api/parse", post(api::parse))
        .route("/api/moves", post(api::moves))
        .route("/api/new", post(api::new_position))
        .route("/api/table", get(api::table))
        .route("/api/octal", get(api::octal))
        .route("/api/genera", get(api::genera))
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
        .layer(DefaultBodyLimit::max(body))
        .with_state(state);
    (router, jobs)
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
