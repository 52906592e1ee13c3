//! The page and its assets, compiled into the binary: the one executable is
//! all a user needs.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};

const INDEX: &str = include_str!("../../assets/index.html");

/// The assets by name, with their content types.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/app.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../../assets/style.css"),
    ),
    ("favicon.svg", "image/svg+xml", FAVICON),
];

const FAVICON: &str = include_str!("../../assets/favicon.svg");

/// `GET /favicon.ico`, which browsers ask for whatever the page says: the
/// same icon, as SVG.
pub async fn favicon() -> Response {
    ([(header::CONTENT_TYPE, "image/svg+xml")], FAVICON).into_response()
}

/// `GET /`: the page.
pub async fn index() -> Html<&'static str> {
    Html(INDEX)
}

/// `GET /assets/NAME`.
pub async fn asset(Path(name): Path<String>) -> Response {
    match ASSETS.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, body)) => ([(header::CONTENT_TYPE, *kind)], *body).into_response(),
        None => (StatusCode::NOT_FOUND, "no such asset").into_response(),
    }
}
