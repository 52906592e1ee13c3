//! grundy in the browser: the playground's JSON API compiled to
//! WebAssembly. The page runs it in a Web Worker (`js/worker.js`) instead
//! of asking `grundy serve`; Node and bundlers import it as an npm package
//! (`js/index.js`, built by `scripts/build-site.sh`).
//!
//! Every function takes and returns the documents of the wire format as
//! JSON text, answered by the same [`Service`] the server runs, within
//! [`Limits::browser`]: one thread, no clock and no files (the library's
//! `platform` module), sizes refused before any work.

use std::cell::RefCell;

use grundy_web::{Limits, Service};
use serde::Deserialize;
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
    static SERVICE: RefCell<Option<Service>> = const { RefCell::new(None) };
}

/// The sizes [`configure`] may change (the rest are the browser's).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Sizes {
    max_cells: Option<u64>,
    max_heap: Option<u64>,
    table_cells: Option<u64>,
    octal_values: Option<usize>,
    misere_budget: Option<u64>,
}

/// The most values of an octal sequence [`configure`] allows (40 MB of
/// values; the page keeps the playground's 200,000).
pub const MOST_OCTAL_VALUES: usize = 10_000_000;

/// Sets the sizes requests may ask for, from [`Limits::browser`] and the
/// JSON object `sizes` (`{"octal_values": 1000000}`; fields `max_cells`,
/// `max_heap`, `table_cells`, `octal_values`, `misere_budget`, each at
/// least 1; octal values at most [`MOST_OCTAL_VALUES`]). Starts a new
/// service (tables computed before are dropped). The answer is the new
/// `/api/limits` (200), or why the sizes were refused (422).
#[wasm_bindgen]
pub fn configure(sizes: &str) -> Answer {
    match limits_from(sizes) {
        Ok(limits) => SERVICE.with(|cell| {
            let service = Service::new(limits);
            let reply = service.dispatch("GET", "/api/limits", "", 1);
            *cell.borrow_mut() = Some(service);
            Answer {
                status: reply.status,
                body: reply.body,
            }
        }),
        Err(why) => Answer {
            status: 422,
            body: serde_json::json!({ "format": 2, "kind": "refused", "error": why }).to_string(),
        },
    }
}

/// The browser's limits with `sizes` applied, or why not.
fn limits_from(sizes: &str) -> Result<Limits, String> {
    let sizes: Sizes =
        serde_json::from_str(sizes).map_err(|e| format!("not sizes to configure: {e}"))?;
    let mut limits = Limits::browser();
    let at_least_one = |name: &str, value: u64| {
        if value == 0 {
            Err(format!("{name} must be at least 1"))
        } else {
            Ok(value)
        }
    };
    if let Some(n) = sizes.max_cells {
        limits.positions.max_cells = at_least_one("max_cells", n)?;
    }
    if let Some(n) = sizes.max_heap {
        limits.positions.max_heap = at_least_one("max_heap", n)?;
    }
    if let Some(n) = sizes.table_cells {
        limits.table_cells = at_least_one("table_cells", n)?;
    }
    if let Some(n) = sizes.octal_values {
        if !(1..=MOST_OCTAL_VALUES).contains(&n) {
            return Err(format!(
                "octal_values must be from 1 to {MOST_OCTAL_VALUES}, not {n}"
            ));
        }
        limits.octal_values = n;
    }
    if let Some(n) = sizes.misere_budget {
        limits.misere_budget = at_least_one("misere_budget", n)?;
    }
    Ok(limits)
}

/// Answers one request as `grundy serve` would: `method` ("GET" or
/// "POST"), `target` (an API path with its query, e.g.
/// `/api/octal?code=0.07&upto=100`), the JSON `body` of a POST, and the
/// `seed` of a random position when the request names none.
#[wasm_bindgen]
pub fn request(method: &str, target: &str, body: &str, seed: u32) -> Answer {
    SERVICE.with(|cell| {
        let mut cell = cell.borrow_mut();
        let service = cell.get_or_insert_with(|| Service::new(Limits::browser()));
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

    #[test]
    fn sizes_can_be_raised_and_bad_ones_are_refused() {
        let refused = request("GET", "/api/octal?code=0.161&upto=300000", "", 1);
        assert_eq!(refused.status, 422, "{}", refused.body);
        let limits = configure(r#"{"octal_values": 300000, "max_heap": 7}"#);
        assert_eq!(limits.status, 200, "{}", limits.body);
        assert!(
            limits.body.contains("\"octal_values\":300000"),
            "{}",
            limits.body
        );
        assert!(limits.body.contains("\"max_heap\":7"), "{}", limits.body);
        let long = request("GET", "/api/octal?code=0.161&upto=300000", "", 1);
        assert_eq!(long.status, 200, "{}", &long.body[..200]);
        let past = request("GET", "/api/octal?code=0.161&upto=300001", "", 1);
        assert_eq!(past.status, 422);
        for bad in [
            r#"{"octal_values": 0}"#,
            r#"{"octal_values": 10000001}"#,
            r#"{"table_cells": 0}"#,
            r#"{"seconds": 3}"#,
            "[",
        ] {
            let answer = configure(bad);
            assert_eq!(answer.status, 422, "{bad}: {}", answer.body);
            assert!(
                answer.body.contains("\"kind\":\"refused\""),
                "{}",
                answer.body
            );
        }
        // A refusal leaves the sizes as they were.
        assert_eq!(
            request("GET", "/api/octal?code=0.161&upto=300000", "", 1).status,
            200
        );
    }
}
