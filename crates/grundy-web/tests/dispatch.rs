//! The two ways of asking give the same answers: `Service::dispatch` (what
//! the WebAssembly build runs in the page's worker) and the axum router of
//! `grundy serve`, for every endpoint, every registered game's examples, and
//! bad requests of every kind.

use axum::body::Body;
use axum::http::{header, Request};
use grundy::registry::GAMES;
use grundy_web::service::ENDPOINTS;
use grundy_web::{router, Limits, Service};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

/// The router's status and body for a request.
async fn served(method: &str, target: &str, body: &str) -> (u16, String) {
    let mut request = Request::builder().method(method).uri(target);
    if method == "POST" {
        request = request.header(header::CONTENT_TYPE, "application/json");
    }
    let request = request.body(Body::from(body.to_string())).unwrap();
    let response = router(Limits::default()).oneshot(request).await.unwrap();
    let status = response.status().as_u16();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8(bytes.to_vec()).unwrap())
}

/// Both answers, as (status, JSON).
async fn both(service: &Service, method: &str, target: &str, body: &str) -> [(u16, Value); 2] {
    let reply = service.dispatch(method, target, body, 7);
    let (status, text) = served(method, target, body).await;
    let parse = |text: &str| serde_json::from_str(text).unwrap_or_else(|_| json!({ "raw": text }));
    [(reply.status, parse(&reply.body)), (status, parse(&text))]
}

#[tokio::test]
async fn dispatch_answers_as_the_server_does() {
    let service = Service::new(Limits::default());
    let mut requests: Vec<(&str, String, String)> = vec![
        ("GET", "/api/games".into(), String::new()),
        ("GET", "/api/limits".into(), String::new()),
        ("GET", "/api/schema".into(), String::new()),
        (
            "GET",
            "/api/table?game=bomb&rows=5&cols=7".into(),
            String::new(),
        ),
        (
            "GET",
            "/api/table?game=cutting&rows=9&cols=4".into(),
            String::new(),
        ),
        (
            "GET",
            "/api/table?game=nim&rows=3&cols=3".into(),
            String::new(),
        ),
        (
            "GET",
            "/api/table?game=bomb&rows=1001&cols=1000".into(),
            String::new(),
        ),
        ("GET", "/api/table?game=bomb&rows=x".into(), String::new()),
        (
            "GET",
            "/api/octal?code=0.07&upto=1000".into(),
            String::new(),
        ),
        ("GET", "/api/octal?code=0.x".into(), String::new()),
        ("GET", "/api/octal?code=0.07&upto=0".into(), String::new()),
        (
            "GET",
            "/api/genera?game=octal:0.77&upto=12".into(),
            String::new(),
        ),
        (
            "GET",
            "/api/genera?game=octal:0.77&upto=65".into(),
            String::new(),
        ),
        ("GET", "/api/genera?game=bomb".into(), String::new()),
        ("GET", "/api/nothing".into(), String::new()),
        ("POST", "/api/games".into(), "{}".into()),
        ("GET", "/api/solve".into(), String::new()),
        (
            "POST",
            "/api/solve".into(),
            r#"{"game":"no-such-game"}"#.into(),
        ),
        (
            "POST",
            "/api/solve".into(),
            r#"{"game":"nim","position":{"kind":"heaps","heaps":[1,2]},"listed":3,"misere":true}"#
                .into(),
        ),
        (
            "POST",
            "/api/new".into(),
            r#"{"game":"bomb","seed":5,"size":[4,6]}"#.into(),
        ),
        (
            "POST",
            "/api/new".into(),
            r#"{"game":"bomb","seed":5,"size":[0,6]}"#.into(),
        ),
        (
            "POST",
            "/api/parse".into(),
            r#"{"game":"matrix","text":"1\nx\n"}"#.into(),
        ),
    ];
    for entry in GAMES {
        let game = entry.example;
        let examples = &entry.examples;
        for text in [examples.judge, examples.won] {
            requests.push((
                "POST",
                "/api/parse".into(),
                json!({ "game": game, "text": text }).to_string(),
            ));
        }
        let reply = service.dispatch(
            "POST",
            "/api/parse",
            &json!({ "game": game, "text": examples.won }).to_string(),
            1,
        );
        assert_eq!(reply.status, 200, "{game}: {}", reply.body);
        let position = serde_json::from_str::<Value>(&reply.body).unwrap()["position"].clone();
        requests.push((
            "POST",
            "/api/solve".into(),
            json!({ "game": game, "position": position }).to_string(),
        ));
        requests.push((
            "POST",
            "/api/moves".into(),
            json!({ "game": game, "position": position, "listed": 4 }).to_string(),
        ));
        requests.push((
            "POST",
            "/api/explain".into(),
            json!({ "game": game, "position": position, "listed": 3 }).to_string(),
        ));
        requests.push((
            "POST",
            "/api/values".into(),
            json!({ "game": game, "position": position, "listed": 3 }).to_string(),
        ));
        requests.push((
            "POST",
            "/api/new".into(),
            json!({ "game": game, "seed": 11 }).to_string(),
        ));
        let mv = json!({ "kind": "notation", "notation": examples.winning_move });
        requests.push((
            "POST",
            "/api/play".into(),
            json!({ "game": game, "position": position, "move": mv }).to_string(),
        ));
        let bad = json!({ "kind": "notation", "notation": examples.illegal_move });
        requests.push((
            "POST",
            "/api/play".into(),
            json!({ "game": game, "position": position, "move": bad }).to_string(),
        ));
    }
    for (path, post) in ENDPOINTS {
        let method = if *post { "POST" } else { "GET" };
        assert!(
            requests
                .iter()
                .any(|(m, t, _)| *m == method && t.split('?').next() == Some(*path)),
            "{method} {path} is not compared"
        );
    }
    for (method, target, body) in &requests {
        let [(mine, mine_body), (theirs, their_body)] = both(&service, method, target, body).await;
        assert_eq!(
            mine, theirs,
            "{method} {target} {body}: {mine_body} / {their_body}"
        );
        if mine == 200 {
            assert_eq!(mine_body, their_body, "{method} {target} {body}");
        } else {
            // The words of a rejected query or body are axum's on the
            // server; the kind is the same.
            assert_eq!(
                mine_body["kind"], their_body["kind"],
                "{method} {target} {body}"
            );
            if mine_body["kind"] != "malformed" {
                assert_eq!(mine_body, their_body, "{method} {target} {body}");
            }
        }
    }
}

#[test]
fn malformed_bodies_are_400_and_named() {
    let service = Service::new(Limits::default());
    let reply = service.dispatch("POST", "/api/solve", "{", 1);
    assert_eq!(reply.status, 400);
    assert!(
        reply
            .body
            .contains("Failed to parse the request body as JSON"),
        "{}",
        reply.body
    );
    let reply = service.dispatch("POST", "/api/solve", r#"{"game":"nim"}"#, 1);
    assert_eq!(reply.status, 400);
    assert!(
        reply.body.contains("missing field `position`"),
        "{}",
        reply.body
    );
    let reply = service.dispatch("DELETE", "/api/solve", "", 1);
    assert_eq!(reply.status, 405);
    let reply = service.dispatch("DELETE", "/api/elsewhere", "", 1);
    assert_eq!(reply.status, 404);
}

#[test]
fn limits_are_said_as_set() {
    let limits = Limits {
        table_cells: 12_345,
        octal_values: 678,
        listed_moves: 9,
        time: std::time::Duration::from_millis(2500),
        ..Limits::default()
    };
    let service = Service::new(limits);
    assert_eq!(service.limits().table_cells, 12_345);
    let info = service.limits_info();
    assert_eq!(
        (info.table_cells, info.octal_values, info.listed_moves),
        (12_345, 678, 9)
    );
    assert_eq!(info.seconds, Some(2.5));
    let reply = service.dispatch("GET", "/api/limits", "", 1);
    assert_eq!(reply.status, 200);
    assert_eq!(
        serde_json::from_str::<Value>(&reply.body).unwrap()["seconds"],
        2.5
    );
    // In the browser there is no time limit: Stop ends a computation.
    assert_eq!(Service::new(Limits::browser()).limits_info().seconds, None);
}

#[test]
fn requests_share_finished_tables() {
    let service = Service::new(Limits::default());
    assert!(service.shelf().is_empty());
    let reply = service.dispatch("GET", "/api/table?game=bomb&rows=30&cols=30", "", 1);
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert!(
        !service.shelf().is_empty(),
        "the Bomb table was not kept for the next request"
    );
}

#[test]
fn octal_codes_of_up_to_the_limit_of_digits_are_computed() {
    let service = Service::new(Limits::default());
    let digits = Limits::default().octal_digits;
    let code = |n: usize| format!("0.{}", "3".repeat(n));
    let reply = service.dispatch(
        "GET",
        &format!("/api/octal?code={}&upto=10", code(digits)),
        "",
        1,
    );
    assert_eq!(reply.status, 200, "{}", reply.body);
    let reply = service.dispatch(
        "GET",
        &format!("/api/octal?code={}&upto=10", code(digits + 1)),
        "",
        1,
    );
    assert_eq!(reply.status, 422, "{}", reply.body);
    assert!(
        reply.body.contains(&format!("at most {digits} digits")),
        "{}",
        reply.body
    );
}

#[test]
fn names_of_up_to_the_limit_are_looked_up() {
    let service = Service::new(Limits::default());
    let most = Limits::default().name_length;
    let table = |name: String| {
        let reply = service.dispatch(
            "GET",
            &format!("/api/table?game={name}&rows=2&cols=2"),
            "",
            1,
        );
        serde_json::from_str::<Value>(&reply.body).unwrap()
    };
    // At the limit: looked up (and not found); past it: refused unread.
    assert_eq!(table("x".repeat(most))["kind"], "unknown_game");
    let past = table("x".repeat(most + 1));
    assert_eq!(past["kind"], "refused");
    assert!(
        past["error"]
            .as_str()
            .unwrap()
            .contains("at most 64 characters"),
        "{past}"
    );
}
