//! Every endpoint of the API, in-process: answers compared with the library
//! (and, for tables, with the plain recurrences), and the 4xx cases.

use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use grundy::games::bomb::{naive_table, Board, BombGame, BombMove, Cell};
use grundy::games::cutting::{self, Paper, WinningCuts};
use grundy::games::matrix::{self, MatrixGame, Row};
use grundy_web::{router, Limits};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

async fn send(app: &Router, request: Request<Body>) -> (StatusCode, Value) {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| json!({ "raw": String::from_utf8_lossy(&bytes) }));
    (status, value)
}

async fn post(app: &Router, path: &str, body: Value) -> (StatusCode, Value) {
    let request = Request::post(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    send(app, request).await
}

async fn get(app: &Router, path: &str) -> (StatusCode, Value) {
    send(app, Request::get(path).body(Body::empty()).unwrap()).await
}

/// `POST /api/solve`, which must succeed.
async fn solve(app: &Router, game: &str, position: Value) -> Value {
    let request = json!({ "game": game, "position": position });
    let (status, answer) = post(app, "/api/solve", request).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer
}

fn app() -> Router {
    router(Limits::default())
}

fn board(rows: u32, cols: u32, bombs: &[[u32; 2]]) -> Board {
    let mut board = Board::new(rows.into(), cols.into()).unwrap();
    for &[r, c] in bombs {
        board.toggle(r, c);
    }
    board
}

fn error_of(value: &Value) -> &str {
    value["error"].as_str().unwrap_or("")
}

#[tokio::test]
async fn solve_bomb_agrees_with_the_library() {
    let app = app();
    let bombs = [[1, 3], [3, 2], [3, 4], [4, 4], [2, 5]];
    let position = json!({ "rows": 4, "cols": 5, "bombs": bombs });
    let answer = solve(&app, "bomb", json!(position)).await;
    let b = board(4, 5, &bombs);
    let mut game = BombGame::new();
    let sum = game.value(&b);
    assert_eq!(answer["nim_sum"], json!(sum.value()));
    assert_eq!(answer["first_player_wins"], json!(!sum.is_zero()));
    let mut count = 0;
    game.winning_moves(&b, |_| {
        count += 1;
        true
    });
    assert_eq!(answer["winning_move_count"], json!(count));
    for c in answer["components"].as_array().unwrap() {
        let cell = Cell::new(
            c["cell"][0].as_u64().unwrap() as u32,
            c["cell"][1].as_u64().unwrap() as u32,
        )
        .unwrap();
        assert_eq!(c["grundy"], json!(game.bomb_value(cell).value()));
    }
    // The engine's move is legal and, here, winning: it leaves nim-sum 0.
    let m = &answer["engine_move"];
    let cell = |v: &Value| {
        v.as_array().map(|a| {
            Cell::new(a[0].as_u64().unwrap() as u32, a[1].as_u64().unwrap() as u32).unwrap()
        })
    };
    let mv = BombMove {
        explode: cell(&m["explode"]).unwrap(),
        above: cell(&m["above"]),
        left: cell(&m["left"]),
    };
    assert!(mv.is_legal(&b));
    let mut after = b.clone();
    after.play(&mv);
    assert!(game.value(&after).is_zero());
}

#[tokio::test]
async fn solve_cutting_and_matrix_agree_with_the_library() {
    let app = app();
    let pieces = [[5u64, 4u64], [3, 7], [1, 1]];
    let answer = solve(&app, "cutting", json!({ "pieces": pieces })).await;
    let papers: Vec<Paper> = pieces.iter().map(|&[w, h]| Paper::new(w, h)).collect();
    assert_eq!(
        answer["first_player_wins"],
        json!(cutting::position_wins(&papers))
    );
    assert_eq!(
        answer["nim_sum"],
        json!(cutting::position_value(&papers).value())
    );
    assert_eq!(
        answer["winning_move_count"],
        json!(WinningCuts::of(&papers).count() as u64)
    );

    let cells = vec![vec![1u64, 2, 3], vec![3, 2, 1], vec![0, 0, 7]];
    let answer = solve(&app, "matrix", json!({ "rows": cells })).await;
    let rows: Vec<Row> = cells.into_iter().map(Row::from_cells).collect();
    let sum = MatrixGame.sum(&rows);
    assert_eq!(answer["nim_sum"], json!(sum.value()));
    assert_eq!(
        answer["winning_move_count"],
        json!(matrix::winning_moves(&rows).len())
    );
    let m = &answer["engine_move"];
    let mv = matrix::MatrixMove {
        row: m["row"].as_u64().unwrap() as usize,
        take: m["take"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect(),
    };
    assert!(mv.is_legal(&rows));
    assert!(MatrixGame.sum(&mv.apply(&rows)).is_zero());
}

#[tokio::test]
async fn moves_are_applied_or_refused() {
    let app = app();
    let request = |game: &str, position: Value, mv: Value| json!({ "game": game, "position": position, "move": mv });
    // Bomb: (3, 4) onto (1, 4) and (3, 1); landing on the bomb at (1, 4) clears both.
    let position = json!({ "rows": 3, "cols": 4, "bombs": [[1, 4], [3, 4]] });
    let (status, answer) = post(
        &app,
        "/api/move",
        request(
            "bomb",
            position.clone(),
            json!({ "explode": [3, 4], "above": [1, 4], "left": [3, 1] }),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["position"]["bombs"], json!([[3, 1]]));
    assert_eq!(answer["mover_won"], json!(false));
    let (status, answer) = post(
        &app,
        "/api/move",
        request(
            "bomb",
            position,
            json!({ "explode": [3, 4], "above": [3, 4], "left": [3, 1] }),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_of(&answer).starts_with("illegal move"), "{answer}");

    // Cutting: cutting a 1×1 out of a 2×1 strip wins at once.
    let (status, answer) = post(
        &app,
        "/api/move",
        request(
            "cutting",
            json!({ "pieces": [[3, 3], [2, 1]] }),
            json!({ "piece": 2, "direction": "vertical", "at": 1 }),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        answer["position"]["pieces"],
        json!([[3, 3], [1, 1], [1, 1]])
    );
    assert_eq!(answer["mover_won"], json!(true));
    // Matrix: emptying the last stones wins.
    let (status, answer) = post(
        &app,
        "/api/move",
        request(
            "matrix",
            json!({ "rows": [[0, 2], [0, 0]] }),
            json!({ "row": 1, "take": [0, 2] }),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["position"]["rows"], json!([[0, 0], [0, 0]]));
    assert_eq!(answer["mover_won"], json!(true));
    // Illegal moves, each refused with a reason.
    let illegal = [
        (
            "cutting",
            json!({ "pieces": [[3, 3]] }),
            json!({ "piece": 1, "direction": "vertical", "at": 3 }),
        ),
        (
            "cutting",
            json!({ "pieces": [[3, 3]] }),
            json!({ "piece": 2, "direction": "vertical", "at": 1 }),
        ),
        (
            "matrix",
            json!({ "rows": [[0, 2]] }),
            json!({ "row": 1, "take": [1, 0] }),
        ),
        (
            "matrix",
            json!({ "rows": [[0, 2]] }),
            json!({ "row": 1, "take": [0, 0] }),
        ),
        (
            "matrix",
            json!({ "rows": [[0, 2]] }),
            json!({ "row": 2, "take": [0, 1] }),
        ),
        (
            "bomb",
            json!({ "rows": 2, "cols": 2, "bombs": [[2, 2]] }),
            json!({ "explode": [1, 2], "above": null, "left": [1, 1] }),
        ),
    ];
    for (game, position, mv) in illegal {
        let (status, answer) = post(&app, "/api/move", request(game, position, mv.clone())).await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{game} {mv}: {answer}"
        );
        assert!(!error_of(&answer).is_empty());
    }
}

#[tokio::test]
async fn judge_text_becomes_a_position() {
    let app = app();
    let (status, answer) = post(
        &app,
        "/api/parse",
        json!({ "game": "bomb", "text": "2 3\r\n..#\n#..\n" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        answer["position"],
        json!({ "rows": 2, "cols": 3, "bombs": [[1, 3], [2, 1]] })
    );
    let (_, answer) = post(
        &app,
        "/api/parse",
        json!({ "game": "cutting", "text": "7 5\n2 2\n" }),
    )
    .await;
    assert_eq!(answer["position"], json!({ "pieces": [[7, 5]] }));
    let (_, answer) = post(
        &app,
        "/api/parse",
        json!({ "game": "matrix", "text": "1\n2 2\n1 2\n3 4\n" }),
    )
    .await;
    assert_eq!(answer["position"], json!({ "rows": [[1, 2], [3, 4]] }));

    let (status, answer) = post(
        &app,
        "/api/parse",
        json!({ "game": "bomb", "text": "2 2\n.#\n.?\n" }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        error_of(&answer),
        "line 3: expected `#` or `.` in row 2, found `?`"
    );
    let (status, answer) = post(
        &app,
        "/api/parse",
        json!({ "game": "bomb", "text": "101 3\n" }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_of(&answer).contains("at most 100×100"), "{answer}");
    let (status, answer) = post(&app, "/api/parse", json!({ "game": "cutting", "text": "" })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error_of(&answer), "the text holds no case");
}

#[tokio::test]
async fn tables_match_the_plain_recurrences() {
    let app = app();
    let (status, answer) = get(&app, "/api/table?game=bomb&rows=12&cols=9").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let naive = naive_table(12, 9);
    assert_eq!(answer["values"], json!(naive));
    assert_eq!(answer["max"], json!(naive.iter().flatten().max()));

    let (status, answer) = get(&app, "/api/table?game=cutting&rows=10&cols=10").await;
    assert_eq!(status, StatusCode::OK);
    let dp = cutting::reduced_table(10);
    for w in 1..=10usize {
        for h in 1..=10usize {
            let expected = if cutting::is_strip(Paper::new(w as u64, h as u64)) {
                0
            } else {
                dp[w][h]
            };
            assert_eq!(answer["values"][w - 1][h - 1], json!(expected), "{w}×{h}");
        }
    }

    let (status, answer) = get(&app, "/api/table?game=bomb&rows=1001&cols=3").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_of(&answer).contains("1000×1000"), "{answer}");
    let (status, _) = get(&app, "/api/table?game=bomb&rows=0&cols=3").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, answer) = get(&app, "/api/table?game=chess&rows=3&cols=3").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_of(&answer).contains("game"), "{answer}");
    let (status, _) = get(
        &app,
        "/api/table?game=bomb&rows=99999999999999999999&cols=3",
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn octal_sequences_and_their_periods() {
    let app = app();
    let (status, answer) = get(&app, "/api/octal?code=0.07&upto=1000").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["period"], json!(34));
    assert_eq!(answer["preperiod"], json!(53));
    assert_eq!(answer["complete"], json!(true));
    let values = answer["values"].as_array().unwrap();
    assert_eq!(values.len(), answer["computed"].as_u64().unwrap() as usize);
    let plain = grundy::games::octal::plain_values(&"0.07".parse().unwrap(), values.len());
    assert_eq!(answer["values"], json!(plain));

    // No period within 500 values of 0.161.
    let (_, answer) = get(&app, "/api/octal?code=0.161&upto=500").await;
    assert_eq!(answer["period"], Value::Null);
    assert_eq!(answer["computed"], json!(500));

    for (query, status) in [
        ("code=0.x7", StatusCode::UNPROCESSABLE_ENTITY),
        ("code=0.07&upto=0", StatusCode::UNPROCESSABLE_ENTITY),
        ("code=0.07&upto=200001", StatusCode::UNPROCESSABLE_ENTITY),
        ("code=0.77777777777777777", StatusCode::UNPROCESSABLE_ENTITY),
        ("upto=10", StatusCode::BAD_REQUEST),
        ("code=0.07&upto=-3", StatusCode::BAD_REQUEST),
    ] {
        let (got, answer) = get(&app, &format!("/api/octal?{query}")).await;
        assert_eq!(got, status, "{query}: {answer}");
        assert!(!error_of(&answer).is_empty(), "{query}: {answer}");
    }
}

#[tokio::test]
async fn malformed_and_oversized_requests_are_4xx_with_a_reason() {
    let app = app();
    let cases: Vec<(&str, String, StatusCode)> = vec![
        ("/api/solve", "{\"game\":".into(), StatusCode::BAD_REQUEST),
        (
            "/api/solve",
            "{\"game\":\"go\",\"position\":{}}".into(),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/api/solve",
            "{\"game\":\"bomb\",\"position\":{\"rows\":3}}".into(),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/api/solve",
            "{\"game\":\"bomb\",\"position\":{\"rows\":101,\"cols\":3,\"bombs\":[]}}".into(),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "/api/solve",
            "{\"game\":\"bomb\",\"position\":{\"rows\":3,\"cols\":3,\"bombs\":[[4,1]]}}".into(),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "/api/solve",
            "{\"game\":\"cutting\",\"position\":{\"pieces\":[[0,3]]}}".into(),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "/api/solve",
            "{\"game\":\"matrix\",\"position\":{\"rows\":[[1,2],[3]]}}".into(),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "/api/solve",
            "{\"game\":\"matrix\",\"position\":{\"rows\":[[-1]]}}".into(),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/api/solve",
            format!(
                "{{\"game\":\"matrix\",\"position\":{{\"rows\":[[{}]]}}}}",
                "9".repeat(100_000)
            ),
            StatusCode::PAYLOAD_TOO_LARGE,
        ),
        (
            "/api/move",
            "{\"game\":\"bomb\",\"position\":{\"rows\":2,\"cols\":2,\"bombs\":[[2,2]]}}".into(),
            StatusCode::BAD_REQUEST,
        ),
    ];
    for (path, body, status) in cases {
        let request = Request::post(path)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.clone()))
            .unwrap();
        let (got, answer) = send(&app, request).await;
        assert_eq!(
            got,
            status,
            "{path} {}: {answer}",
            &body[..body.len().min(80)]
        );
        assert!(!error_of(&answer).is_empty(), "{path}: {answer}");
    }
    // Without a JSON content type.
    let request = Request::post("/api/solve").body(Body::from("{}")).unwrap();
    let (got, answer) = send(&app, request).await;
    assert_eq!(got, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(!error_of(&answer).is_empty());
    let (got, _) = get(&app, "/api/nothing").await;
    assert_eq!(got, StatusCode::NOT_FOUND);
    let (got, _) = get(&app, "/api/solve").await;
    assert_eq!(got, StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn a_computation_over_the_time_limit_is_a_503() {
    let app = router(Limits {
        time: Duration::from_millis(1),
        ..Limits::default()
    });
    let (status, answer) = get(&app, "/api/table?game=bomb&rows=1000&cols=1000").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
    assert!(error_of(&answer).contains("limit"), "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_concurrent_requests_are_all_answered_correctly() {
    let app = app();
    let mut tasks = Vec::new();
    for k in 0..300u64 {
        let app = app.clone();
        tasks.push(tokio::spawn(async move {
            let w = 2 + k % 9;
            let h = 2 + k % 7;
            let (status, answer) = post(
                &app,
                "/api/solve",
                json!({ "game": "cutting", "position": { "pieces": [[w, h]] } }),
            )
            .await;
            assert_eq!(status, StatusCode::OK);
            assert_eq!(
                answer["first_player_wins"],
                json!(Paper::new(w, h).first_player_wins()),
                "{w}×{h}"
            );
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
}

#[tokio::test]
async fn the_page_and_its_assets_are_served() {
    let app = app();
    let response = app
        .clone()
        .oneshot(Request::get("/").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let page = response.into_body().collect().await.unwrap().to_bytes();
    let page = String::from_utf8_lossy(&page);
    assert!(page.contains("/assets/app.js") && page.contains("/assets/style.css"));
    for (path, kind) in [
        ("/assets/app.js", "text/javascript"),
        ("/assets/style.css", "text/css"),
    ] {
        let response = app
            .clone()
            .oneshot(Request::get(path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let got = response.headers()[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .to_string();
        assert!(got.starts_with(kind), "{path}: {got}");
    }
    let response = app
        .oneshot(
            Request::get("/assets/../Cargo.toml")
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_largest_positions_allowed_are_answered() {
    let app = app();
    let full = vec![vec![u64::MAX; 50]; 50];
    let answer = solve(&app, "matrix", json!({ "rows": full })).await;
    let rows: Vec<Row> = full.into_iter().map(Row::from_cells).collect();
    assert_eq!(answer["nim_sum"], json!(MatrixGame.sum(&rows).value()));

    let pieces: Vec<[u64; 2]> = (0..100)
        .map(|i| [(1u64 << 32) - i, (1 << 32) - 1])
        .collect();
    let answer = solve(&app, "cutting", json!({ "pieces": pieces })).await;
    let papers: Vec<Paper> = pieces.iter().map(|&[w, h]| Paper::new(w, h)).collect();
    assert_eq!(
        answer["first_player_wins"],
        json!(cutting::position_wins(&papers))
    );

    let bombs: Vec<[u32; 2]> = (1..=100)
        .flat_map(|r| (1..=100).map(move |c| [r, c]))
        .filter(|[r, c]| (r * 7 + c * 3) % 5 == 0)
        .collect();
    let answer = solve(
        &app,
        "bomb",
        json!({ "rows": 100, "cols": 100, "bombs": bombs }),
    )
    .await;
    let sum = BombGame::new().value(&board(100, 100, &bombs));
    assert_eq!(answer["nim_sum"], json!(sum.value()));
}

#[tokio::test]
async fn numbers_beyond_64_bits_are_strings() {
    let app = app();
    let rows = json!({ "rows": [[u64::MAX, u64::MAX], [0, 1]] });
    let answer = solve(&app, "matrix", json!(rows)).await;
    let total = 2 * u128::from(u64::MAX);
    assert_eq!(answer["components"][0]["stones"], json!(total.to_string()));
    assert_eq!(answer["components"][1]["stones"], json!(1));
    assert_eq!(answer["nim_sum"], json!((total ^ 1).to_string()));
}
