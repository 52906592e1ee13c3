//! grundy in the browser: the playground's JSON API compiled to
//! WebAssembly. The page runs it in a Web Worker (`js/worker.js`) instead
//! of asking `grundy serve`; Node and bundlers import it as an npm package
//! (`js/index.js`, built by `scripts/build-site.sh`).
//!
//! Every function takes and returns the documents of the wire format as
//! JSON text, answered by the same [`Service`] the server runs, within
//! [`Limits::browser`]: one thread, no clock and no files (the library's
//! `platform` module), sizes refused before any work.

use std::cell::OnceCell;

use grundy_web::{Limits, Service};
use wasm_bindgen::prelude::*;

/// An answer: the HTTP status the server would give (200 for an answer)
/// and the JSON document (the answer, or an error with its `kind`).
#[wasm_bindgen(getter_with_clone)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// 200, or the error's status (400, 404, 405, 422).
    pub status: u16,
    /// The JSON document.
    pub body: String,
}

thread_local! {
    /// One service per module instance: its shelf keeps the tables that
    /// earlier requests finished.
    static SERVICE: OnceCell<Service> = const { OnceCell::new() };
}

/// Answers one request as `grundy serve` would: `method` ("GET" or
/// "POST"), `target` (an API path with its query, e.g.
/// `/api/octal?code=0.07&upto=100`), the JSON `body` of a POST, and the
/// `seed` of a random position when the request names none.
#[wasm_bindgen]
pub fn request(method: &str, target: &str, body: &str, seed: u32) -> Answer {
    SERVICE.with(|cell| {
        let service = cell.get_or_init(|| Service::new(Limits::browser()));
        let reply = service.dispatch(method, target, body, u64::from(seed).max(1));
        Answer {
            status: reply.status,
            body: reply.body,
        }
    })
}

/// The crate's version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_as_the_server_would() {
        let games = request("GET", "/api/games", "", 1);
        assert_eq!(games.status, 200);
        assert!(games.body.contains("\"cutting\""), "{}", games.body);
        let limits = request("GET", "/api/limits", "", 1);
        assert_eq!(limits.status, 200);
        assert!(limits.body.contains("\"seconds\":null"), "{}", limits.body);
        let missing = request("GET", "/api/nothing", "", 1);
        assert_eq!(missing.status, 404);
        let wrong = request("GET", "/api/solve", "", 1);
        assert_eq!(wrong.status, 405);
        let bad = request("POST", "/api/solve", "{", 1);
        assert_eq!(bad.status, 400);
        assert!(bad.body.contains("malformed"), "{}", bad.body);
        let octal = request("GET", "/api/octal?code=0.07&upto=1000", "", 1);
        assert_eq!(octal.status, 200);
        assert!(octal.body.contains("\"period\":34"), "{}", octal.body);
        assert_eq!(version(), env!("CARGO_PKG_VERSION"));
    }
}
