//! Every endpoint of the API, in-process: every answer checked against the
//! checked-in schema, analyses compared with the library's, moves with the
//! literal rules of a move (the engine's replies win from won positions),
//! tables with the plain recurrences, and every kind of bad request.

mod gate;

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use gate::{soon, until, Gate};
use grundy::games::bomb::naive_table;
use grundy::prelude::*;
use grundy::registry::{self, Settings, GAMES};
use grundy::wire;
use grundy_web::jobs::{JobError, Jobs, Weight};
use grundy_web::{application, router, Limits, SCHEMA};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

/// One game of every registry entry (its own example, with a parameter
/// where it needs one): a game registered later is tested here without an
/// edit.
fn game_names() -> Vec<&'static str> {
    GAMES.iter().map(|entry| entry.example).collect()
}

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

/// Checks `value` against the type `def` of the checked-in schema.
fn check_schema(value: &Value, def: &str) {
    let mut schema: Value = serde_json::from_str(SCHEMA).unwrap();
    schema["anyOf"] = json!([{ "$ref": format!("#/$defs/{def}") }]);
    assert!(schema["$defs"].get(def).is_some(), "no {def} in the schema");
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(value)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{value}: {errors:?}");
}

/// A request that must succeed, its answer checked against the schema.
async fn ok(app: &Router, path: &str, body: Value, def: &str) -> Value {
    let (status, answer) = post(app, path, body).await;
    assert_eq!(status, StatusCode::OK, "{path}: {answer}");
    check_schema(&answer, def);
    answer
}

/// A request that must fail with `status` and `kind`, its answer an
/// error of the schema.
async fn fails(app: &Router, path: &str, body: Value, status: StatusCode, kind: &str) -> String {
    let (got, answer) = post(app, path, body.clone()).await;
    assert_eq!(got, status, "{path} {body}: {answer}");
    check_schema(&answer, "Error");
    assert_eq!(answer["kind"], kind, "{answer}");
    answer["error"].as_str().unwrap().to_string()
}

fn app() -> Router {
    router(Limits::default())
}

/// The library's own analysis of a wire position of `game`.
fn library_analysis(game: &str, position: &Value, listed: usize) -> Value {
    library_analysis_under(game, position, listed, grundy::Convention::Normal)
}

/// The library's own analysis of a wire position of `game` under
/// `convention`.
fn library_analysis_under(
    game: &str,
    position: &Value,
    listed: usize,
    convention: grundy::Convention,
) -> Value {
    let position: wire::Position = serde_json::from_value(position.clone()).unwrap();
    let limits = Limits::default().positions;
    let game = registry::open(game, &Settings::default()).unwrap();
    let mut analyst = grundy::Analyst::new(game, convention).unwrap();
    let position = analyst
        .game()
        .position_from_wire(&position, limits)
        .unwrap();
    analyst.admit(&position, limits).unwrap();
    let analysis = grundy::analysis::analyse(&mut analyst, &position, listed).unwrap();
    serde_json::to_value(analysis).unwrap()
}

#[tokio::test]
async fn value_moves_are_the_library_s_under_either_convention() {
    // Every game: each move's mark agrees with the API's own analysis of
    // the position it leaves, and the answer is the library's; the misère
    // flag passes through (a lost Nim heap of 1 under misère play).
    let app = app();
    let (_, list) = get(&app, "/api/games").await;
    for game in game_names() {
        let entry = list["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| game.starts_with(g["name"].as_str().unwrap()))
            .unwrap();
        let conventions: &[bool] = if entry["misere"] == true {
            &[false, true]
        } else {
            &[false]
        };
        for &misere in conventions {
            let size = if game == "bomb" { [2, 3] } else { [3, 4] };
            let new = ok(
                &app,
                "/api/new",
                json!({ "game": game, "seed": 5, "size": size }),
                "Parsed",
            )
            .await;
            let position = &new["position"];
            let answer = ok(
                &app,
                "/api/values",
                json!({ "game": game, "position": position, "misere": misere, "listed": 4 }),
                "ValueMoves",
            )
            .await;
            let solved = ok(
                &app,
                "/api/solve",
                json!({ "game": game, "position": position, "misere": misere }),
                "Analysis",
            )
            .await;
            assert_eq!(
                answer["wins"],
                solved["winner"] == "first",
                "{game} {misere}"
            );
            for m in answer["moves"].as_array().unwrap() {
                let played = ok(
                    &app,
                    "/api/play",
                    json!({ "game": game, "position": position, "move": m["move"]["move"], "reply": false, "misere": misere }),
                    "PlayAnswer",
                )
                .await;
                let wins = match played["winner"].as_str() {
                    Some(winner) => winner == "you",
                    None => {
                        let after = ok(
                            &app,
                            "/api/solve",
                            json!({ "game": game, "position": played["position"], "misere": misere }),
                            "Analysis",
                        )
                        .await;
                        after["winner"] == "second"
                    }
                };
                assert_eq!(m["wins"], wins, "{game} {misere}: {}", m["move"]["text"]);
            }
            // The library's answer, field for field.
            let wire: wire::Position = serde_json::from_value(position.clone()).unwrap();
            let limits = Limits::default();
            let convention =
                grundy::Convention::from_budget(misere.then_some(limits.misere_budget));
            let mut analyst = grundy::Analyst::new(
                registry::open(game, &Settings::default()).unwrap(),
                convention,
            )
            .unwrap();
            let at = analyst
                .game()
                .position_from_wire(&wire, limits.positions)
                .unwrap();
            analyst.admit(&at, limits.positions).unwrap();
            let library = grundy::analysis::value_moves(&mut analyst, &at, 4).unwrap();
            assert_eq!(answer, serde_json::to_value(library).unwrap(), "{game}");
        }
    }
    let lost = ok(
        &app,
        "/api/values",
        json!({ "game": "nim", "position": { "kind": "heaps", "heaps": [1] }, "misere": true }),
        "ValueMoves",
    )
    .await;
    assert_eq!(
        (lost["wins"].clone(), lost["winning"].clone()),
        (json!(false), json!(0))
    );
    assert_eq!(lost["remoteness"], Value::Null);
    let normal = ok(
        &app,
        "/api/values",
        json!({ "game": "nim", "position": { "kind": "heaps", "heaps": [1] } }),
        "ValueMoves",
    )
    .await;
    assert_eq!(
        (normal["wins"].clone(), normal["remoteness"].clone()),
        (json!(true), json!(1))
    );
    fails(
        &app,
        "/api/values",
        json!({ "game": "cutting", "position": { "kind": "pieces", "pieces": [["2", "3"]] }, "misere": true }),
        StatusCode::UNPROCESSABLE_ENTITY,
        "refused",
    )
    .await;
}

#[tokio::test]
async fn misere_play_reaches_the_api_through_the_one_surface() {
    // Every game that declares a misère form: the API's misère analysis
    // and play answers are the library's, for small random positions.
    let app = app();
    let budget = Limits::default().misere_budget;
    let convention = grundy::Convention::Misere { budget };
    let (_, list) = get(&app, "/api/games").await;
    let mut checked = Vec::new();
    for game in game_names() {
        let entry = list["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| game.starts_with(g["name"].as_str().unwrap()))
            .unwrap();
        if entry["misere"] != true {
            continue;
        }
        for seed in 1..=4u64 {
            let size = if game == "bomb" { [2, 3] } else { [3, 5] };
            let new = ok(
                &app,
                "/api/new",
                json!({ "game": game, "seed": seed, "size": size }),
                "Parsed",
            )
            .await;
            let position = &new["position"];
            let answer = ok(
                &app,
                "/api/solve",
                json!({ "game": game, "position": position, "misere": true, "listed": 50 }),
                "Analysis",
            )
            .await;
            assert_eq!(answer["misere"], true);
            assert_eq!(
                answer,
                library_analysis_under(game, position, 50, convention),
                "{game}"
            );
            // The engine's reply: its first winning move, else its try.
            let play = ok(
                &app,
                "/api/play",
                json!({ "game": game, "position": position, "misere": true }),
                "PlayAnswer",
            )
            .await;
            let expected = answer["winning_moves"].get(0).or(answer["suggested_move"]
                .as_object()
                .map(|_| &answer["suggested_move"]));
            assert_eq!(
                play["engine_move"].get("move"),
                expected.map(|m| &m["move"]),
                "{game}"
            );
        }
        checked.push(game);
    }
    // Every game that declares a misère form, and only those.
    let declared: Vec<&str> = GAMES
        .iter()
        .filter(|entry| {
            registry::open(entry.example, &Settings::default())
                .unwrap()
                .abilities()
                .misere
        })
        .map(|entry| entry.example)
        .collect();
    assert_eq!(checked, declared);
    assert!(checked.contains(&"bomb") && !checked.contains(&"cutting"));
}

#[tokio::test]
async fn misere_bomb_deals_only_boards_it_answers() {
    // The default 5×5 board is dealt and answered under misère play.
    let app = app();
    for seed in 1..=3u64 {
        let new = ok(
            &app,
            "/api/new",
            json!({ "game": "bomb", "seed": seed, "misere": true }),
            "Parsed",
        )
        .await;
        let position = &new["position"];
        assert_eq!(
            (&position["rows"], &position["cols"]),
            (&json!(5), &json!(5))
        );
        let answer = ok(
            &app,
            "/api/solve",
            json!({ "game": "bomb", "position": position, "misere": true, "listed": 5 }),
            "Analysis",
        )
        .await;
        assert!(answer["winner"].is_string(), "{answer}");
    }
    // A larger one is refused before the game, saying what can be dealt.
    let reason = fails(
        &app,
        "/api/new",
        json!({ "game": "bomb", "seed": 1, "misere": true, "size": [6, 6] }),
        StatusCode::UNPROCESSABLE_ENTITY,
        "refused",
    )
    .await;
    assert!(reason.contains("at most 25 cells"), "{reason}");
    // Under normal play the same size is dealt.
    ok(
        &app,
        "/api/new",
        json!({ "game": "bomb", "seed": 1, "size": [6, 6] }),
        "Parsed",
    )
    .await;
}

#[tokio::test]
async fn an_unknown_game_is_named_before_its_position_is_read() {
    let app = app();
    for path in ["/api/solve", "/api/play"] {
        let reason = fails(
            &app,
            path,
            json!({ "game": "chess", "position": {} }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "unknown_game",
        )
        .await;
        assert!(reason.contains("unknown game `chess`"), "{reason}");
    }
    // A close name is suggested.
    let reason = fails(
        &app,
        "/api/new",
        json!({ "game": "wythof" }),
        StatusCode::UNPROCESSABLE_ENTITY,
        "unknown_game",
    )
    .await;
    assert!(reason.contains("did you mean `wythoff`?"), "{reason}");
    // A known game with a position of the wrong shape is still a 400.
    fails(
        &app,
        "/api/solve",
        json!({ "game": "bomb", "position": {} }),
        StatusCode::BAD_REQUEST,
        "malformed",
    )
    .await;
    // A table too large says how large one may be, in plain words.
    let (status, answer) = get(&app, "/api/table?game=bomb&rows=5000&cols=5000").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let reason = answer["error"].as_str().unwrap();
    assert!(
        reason.contains("5000×5000 is not allowed") && reason.contains("1 to 1,000,000 cells"),
        "{reason}"
    );
}

#[tokio::test]
async fn the_game_list_is_the_registry() {
    let (status, list) = get(&app(), "/api/games").await;
    assert_eq!(status, StatusCode::OK);
    check_schema(&list, "GameList");
    let names: Vec<&str> = list["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    let registered: Vec<&str> = GAMES.iter().map(|e| e.name).collect();
    assert_eq!(names, registered);
    // Each game's kind is the one its positions are written in.
    for (info, entry) in list["games"].as_array().unwrap().iter().zip(GAMES) {
        let mut game = registry::open(entry.example, &Settings::default()).unwrap();
        let position = game.random_position(&mut grundy::game::Rng::new(3), None);
        assert_eq!(info["kind"], game.position_wire(&position).kind());
        assert_eq!(info["examples"]["won"], entry.examples.won);
    }
    assert_eq!(list["games"][0]["players"], json!(["John", "Jack"]));
    let octal = GAMES.iter().position(|e| e.name == "octal").unwrap();
    assert_eq!(list["games"][octal]["parameter"], "CODE");
}

#[tokio::test]
async fn heaps_past_the_limit_are_answered_where_nim_or_a_period_gives_the_value() {
    let app = app();
    for (game, heaps) in [
        ("nim", json!([u64::MAX, 1u64 << 40, 3])),
        ("octal:0.07", json!([1_000_000_000_000u64, 7])),
        ("subtraction:1,3,4", json!([u64::MAX])),
    ] {
        let position = json!({ "kind": "heaps", "heaps": heaps });
        let analysis = ok(
            &app,
            "/api/solve",
            json!({ "game": game, "position": position }),
            "Analysis",
        )
        .await;
        assert_eq!(analysis, library_analysis(game, &position, 50), "{game}");
        assert_eq!(analysis["position"], position, "{game}");
    }
}

#[tokio::test]
async fn a_lone_wythoff_pair_past_the_limit_is_decided_by_wythoffs_pairs() {
    let app = app();
    // (⌊kφ⌋, ⌊kφ⌋ + k) for k = 618,033,989 is lost; one more is won three
    // ways: by taking it back, by leaving the pair of k = 381,966,012 in
    // the second heap, and by taking 3 from both (the pair of k =
    // 618,033,988). Each checked apart with Python's exact `isqrt`:
    // ⌊kφ⌋ = (k + isqrt(5k²)) // 2.
    for (pairs, winner, moves) in [
        (
            json!([[1_000_000_000u64, 1_618_033_989u64]]),
            "second",
            json!([]),
        ),
        (
            json!([[1_000_000_001u64, 1_618_033_989u64]]),
            "first",
            json!([
                [1_000_000_000u64, 1_618_033_989u64],
                [1_000_000_001u64, 618_033_989u64],
                [999_999_998u64, 1_618_033_986u64]
            ]),
        ),
    ] {
        let position = json!({ "kind": "pairs", "pairs": pairs });
        let analysis = ok(
            &app,
            "/api/solve",
            json!({ "game": "wythoff", "position": position }),
            "Analysis",
        )
        .await;
        assert_eq!(analysis["winner"], winner);
        assert_eq!(analysis["nim_sum"], Value::Null);
        assert_eq!(analysis["nim_sum_decides"], false);
        assert_eq!(analysis["components"][0]["value"], Value::Null);
        let targets: Vec<Value> = analysis["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["move"]["to"].clone())
            .collect();
        assert_eq!(Value::from(targets), moves);
    }
    // A sum with such a pair needs its value: refused.
    let sum = json!({ "kind": "pairs", "pairs": [[1, 1], [1_000_000_000u64, 5]] });
    let reason = fails(
        &app,
        "/api/solve",
        json!({ "game": "wythoff", "position": sum }),
        StatusCode::UNPROCESSABLE_ENTITY,
        "refused",
    )
    .await;
    assert!(
        reason.contains("one pair alone is decided at any size"),
        "{reason}"
    );
}

#[tokio::test]
async fn every_game_is_solved_as_the_library_solves_it() {
    let app = app();
    for game in game_names() {
        for seed in 1..=6u64 {
            let new = ok(
                &app,
                "/api/new",
                json!({ "game": game, "seed": seed }),
                "Parsed",
            )
            .await;
            let position = &new["position"];
            let analysis = ok(
                &app,
                "/api/solve",
                json!({ "game": game, "position": position }),
                "Analysis",
            )
            .await;
            assert_eq!(analysis, library_analysis(game, position, 50), "{game}");
            assert_eq!(analysis["format"], 2);
            assert_eq!(&analysis["position"], position, "{game}");
            // Won positions list winning moves, lost ones a suggestion.
            match analysis["winner"].as_str().unwrap() {
                "first" => {
                    assert!(!analysis["winning_moves"].as_array().unwrap().is_empty());
                    assert!(analysis["suggested_move"].is_null());
                }
                _ => {
                    assert_eq!(analysis["winning_move_count"], "0");
                    assert!(analysis["winning_moves"].as_array().unwrap().is_empty());
                }
            }
        }
    }
}

/// Plays `game` from a random position, the engine moving first and then
/// against itself through `/api/play`: every reply from a won position must
/// win (leave a position the library says is lost for the mover), and the
/// engine, moving first from a won position, must win the game.
#[tokio::test]
async fn the_engine_wins_every_won_position_it_is_given() {
    let app = app();
    for game in game_names() {
        for seed in 1..=4u64 {
            let new = ok(
                &app,
                "/api/new",
                json!({ "game": game, "seed": seed }),
                "Parsed",
            )
            .await;
            let mut position = new["position"].clone();
            let first_wins = library_analysis(game, &position, 1)["winner"] == "first";
            let mut last_mover = None;
            for turn in 0..400 {
                let answer = ok(
                    &app,
                    "/api/play",
                    json!({ "game": game, "position": position, "move": null }),
                    "PlayAnswer",
                )
                .await;
                if answer["engine_move_wins"] == true {
                    let after = library_analysis(game, &answer["position"], 1);
                    assert!(
                        after["winner"] == "second" || answer["winner"] == "engine",
                        "{game}: a winning reply must leave a lost position: {answer}"
                    );
                }
                position = answer["position"].clone();
                if !answer["winner"].is_null() {
                    // The engine moved last unless it had no move.
                    last_mover = Some(if answer["winner"] == "engine" {
                        turn
                    } else {
                        turn + 1
                    });
                    break;
                }
            }
            let last = last_mover.unwrap_or_else(|| panic!("{game}: the game did not end"));
            // Turn 0 is the first player's: if they win, the last move is even.
            assert_eq!(last % 2 == 0, first_wins, "{game} seed {seed}");
        }
    }
}

#[tokio::test]
async fn your_move_then_the_engines_in_one_round_trip() {
    let app = app();
    // Nim-like: octal 0.137 from heaps 3 and 5.
    let answer = ok(
        &app,
        "/api/play",
        json!({
            "game": "octal:0.137",
            "position": { "kind": "heaps", "heaps": [3, 5] },
            "move": { "kind": "heap", "heap": 2, "take": 2, "leave": [3] }
        }),
        "PlayAnswer",
    )
    .await;
    assert_eq!(answer["your_move"]["move"]["heap"], 2);
    assert_eq!(
        answer["after_your_move"],
        json!({ "kind": "heaps", "heaps": [3, 3] })
    );
    assert!(!answer["engine_move"].is_null());
    // A move in the game's notation is taken too, and `reply: false`
    // leaves the engine out.
    let answer = ok(
        &app,
        "/api/play",
        json!({
            "game": "wythoff",
            "position": { "kind": "pairs", "pairs": [[3, 5]] },
            "move": { "kind": "notation", "notation": "1 1 3" },
            "reply": false
        }),
        "PlayAnswer",
    )
    .await;
    assert_eq!(
        answer["position"],
        json!({ "kind": "pairs", "pairs": [[1, 3]] })
    );
    assert!(answer["engine_move"].is_null());
    assert!(answer["winner"].is_null());
    // Taking the last token wins at once: the engine does not move.
    let answer = ok(
        &app,
        "/api/play",
        json!({
            "game": "subtraction:1,3,4",
            "position": { "kind": "heaps", "heaps": [3] },
            "move": { "kind": "heap", "heap": 1, "take": 3, "leave": [] }
        }),
        "PlayAnswer",
    )
    .await;
    assert_eq!(answer["winner"], "you");
    assert!(answer["engine_move"].is_null());
    // Cutting out a single cell wins at once, whatever is left.
    let answer = ok(
        &app,
        "/api/play",
        json!({
            "game": "cutting",
            "position": { "kind": "pieces", "pieces": [["1", "5"], ["7", "7"]] },
            "move": { "kind": "cut", "piece": 1, "direction": "horizontal", "at": "1" }
        }),
        "PlayAnswer",
    )
    .await;
    assert_eq!(answer["winner"], "you");
    assert!(answer["engine_move"].is_null());
    // A Bomb move: the new bombs land above and left.
    let answer = ok(
        &app,
        "/api/play",
        json!({
            "game": "bomb",
            "position": { "kind": "board", "rows": 3, "cols": 3, "bombs": [[3, 3]] },
            "move": { "kind": "bomb", "explode": [3, 3], "above": [2, 3], "left": [3, 1] },
            "reply": false
        }),
        "PlayAnswer",
    )
    .await;
    assert_eq!(
        answer["position"],
        json!({ "kind": "board", "rows": 3, "cols": 3, "bombs": [[2, 3], [3, 1]] })
    );
}

#[tokio::test]
async fn bad_moves_and_games_are_422s_that_say_which() {
    let app = app();
    let heaps = json!({ "kind": "heaps", "heaps": [3, 5] });
    let message = fails(
        &app,
        "/api/play",
        json!({ "game": "octal:0.137", "position": heaps, "move": { "kind": "heap", "heap": 1, "take": 5, "leave": [] } }),
        StatusCode::UNPROCESSABLE_ENTITY,
        "illegal_move",
    )
    .await;
    assert!(message.contains("illegal move"), "{message}");
    let message = fails(
        &app,
        "/api/play",
        json!({ "game": "octal:0.137", "position": heaps, "move": { "kind": "pair", "pair": 1, "to": [0, 0] } }),
        StatusCode::UNPROCESSABLE_ENTITY,
        "wrong_game",
    )
    .await;
    assert_eq!(message, "octal:0.137 takes heap moves, not pair");
    let message = fails(
        &app,
        "/api/solve",
        json!({ "game": "bomb", "position": heaps }),
        StatusCode::UNPROCESSABLE_ENTITY,
        "wrong_game",
    )
    .await;
    assert_eq!(message, "bomb takes a board, not heaps");
    let message = fails(
        &app,
        "/api/solve",
        json!({ "game": "go", "position": heaps }),
        StatusCode::UNPROCESSABLE_ENTITY,
        "unknown_game",
    )
    .await;
    assert!(message.contains("unknown game `go`"), "{message}");
    fails(
        &app,
        "/api/solve",
        json!({ "game": "octal:0.x", "position": heaps }),
        StatusCode::UNPROCESSABLE_ENTITY,
        "refused",
    )
    .await;
    let long = format!("octal:0.{}", "7".repeat(70));
    let message = fails(
        &app,
        "/api/solve",
        json!({ "game": long, "position": heaps }),
        StatusCode::UNPROCESSABLE_ENTITY,
        "refused",
    )
    .await;
    assert!(message.contains("playground's limit"), "{message}");
    // Beyond the playground's limits (a heap past them only where no proven
    // period gives its value: Officers, 0.6, has none known).
    for (game, position) in [
        ("octal:0.6", json!({ "kind": "heaps", "heaps": [100_001] })),
        (
            "bomb",
            json!({ "kind": "board", "rows": 101, "cols": 100, "bombs": [] }),
        ),
        (
            "bomb",
            json!({ "kind": "board", "rows": 3, "cols": 3, "bombs": [[4, 1]] }),
        ),
        (
            "cutting",
            json!({ "kind": "pieces", "pieces": [["0", "3"]] }),
        ),
        (
            "cutting",
            json!({ "kind": "pieces", "pieces": [["18446744073709551616", "3"]] }),
        ),
        (
            "matrix",
            json!({ "kind": "matrix", "rows": [["1", "2"], ["3"]] }),
        ),
        (
            "wythoff",
            json!({ "kind": "pairs", "pairs": [[1, 1], [100, 0]] }),
        ),
        (
            "grundys-game",
            json!({ "kind": "heaps", "heaps": [1_000_001] }),
        ),
        // An edge cut off from the ground, a vertex beyond the limit.
        (
            "green-hackenbush",
            json!({ "kind": "graph", "edges": [[0, 1], [2, 3]] }),
        ),
        (
            "green-hackenbush",
            json!({ "kind": "graph", "edges": [[0, 1_000_001]] }),
        ),
    ] {
        fails(
            &app,
            "/api/solve",
            json!({ "game": game, "position": position }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "refused",
        )
        .await;
    }
}

#[tokio::test]
async fn malformed_and_oversized_requests_are_4xx_with_a_reason() {
    let app = app();
    let cases: Vec<(&str, String, StatusCode, &str)> = vec![
        ("/api/solve", "{\"game\":".into(), StatusCode::BAD_REQUEST, "malformed"),
        (
            "/api/solve",
            "{\"game\":\"bomb\",\"position\":{\"rows\":3}}".into(),
            StatusCode::BAD_REQUEST,
            "malformed",
        ),
        (
            "/api/solve",
            // The old shape, without its kind.
            "{\"game\":\"bomb\",\"position\":{\"rows\":3,\"cols\":3,\"bombs\":[]}}".into(),
            StatusCode::BAD_REQUEST,
            "malformed",
        ),
        (
            "/api/solve",
            // Big numbers are strings of digits or whole JSON integers, not
            // fractions.
            "{\"game\":\"matrix\",\"position\":{\"kind\":\"matrix\",\"rows\":[[1.5]]}}".into(),
            StatusCode::BAD_REQUEST,
            "malformed",
        ),
        (
            "/api/solve",
            "{\"game\":\"matrix\",\"position\":{\"kind\":\"matrix\",\"rows\":[[\"-1\"]]}}".into(),
            StatusCode::BAD_REQUEST,
            "malformed",
        ),
        (
            "/api/solve",
            "{\"game\":\"bomb\",\"position\":{\"kind\":\"board\",\"rows\":1,\"cols\":1,\"bombs\":[]},\"extra\":1}".into(),
            StatusCode::BAD_REQUEST,
            "malformed",
        ),
        (
            "/api/solve",
            format!(
                "{{\"game\":\"matrix\",\"position\":{{\"kind\":\"matrix\",\"rows\":[[\"{}\"]]}}}}",
                "9".repeat(100_000)
            ),
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
        ),
        (
            "/api/play",
            "{\"game\":\"bomb\",\"move\":null}".into(),
            StatusCode::BAD_REQUEST,
            "malformed",
        ),
        (
            "/api/new",
            "{\"game\":\"bomb\",\"size\":[1000000,1000000]}".into(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "refused",
        ),
        (
            "/api/parse",
            "{\"game\":\"cutting\",\"text\":\"4 x\"}".into(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "refused",
        ),
        (
            "/api/parse",
            "{\"game\":\"bomb\",\"text\":\"\"}".into(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "refused",
        ),
    ];
    for (path, body, status, kind) in cases {
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
        check_schema(&answer, "Error");
        assert_eq!(answer["kind"], kind, "{answer}");
        assert!(!answer["error"].as_str().unwrap().is_empty());
    }
    // Without a JSON content type.
    let request = Request::post("/api/solve").body(Body::from("{}")).unwrap();
    let (got, answer) = send(&app, request).await;
    assert_eq!(got, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    check_schema(&answer, "Error");
    let (got, answer) = get(&app, "/api/nothing").await;
    assert_eq!(got, StatusCode::NOT_FOUND);
    check_schema(&answer, "Error");
    let (got, answer) = get(&app, "/api/solve").await;
    assert_eq!(got, StatusCode::METHOD_NOT_ALLOWED);
    check_schema(&answer, "Error");
}

/// The notations of a list of move reports.
fn notations(reports: &Value) -> Vec<&str> {
    let reports = reports.as_array().expect("a list of moves");
    reports
        .iter()
        .map(|m| m["notation"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn every_game_is_played_through_the_api_by_its_examples() {
    let app = app();
    let (_, list) = get(&app, "/api/games").await;
    for info in list["games"].as_array().unwrap() {
        let game = info["example"].as_str().unwrap();
        let examples = &info["examples"];
        let text = |field: &str| examples[field].as_str().unwrap().to_string();
        assert!(!text("won").is_empty(), "{game}: no examples");
        let parsed = ok(
            &app,
            "/api/parse",
            json!({ "game": game, "text": text("won") }),
            "Parsed",
        )
        .await;
        let position = parsed["position"].clone();
        assert_eq!(position["kind"], info["kind"], "{game}");
        let analysis = ok(
            &app,
            "/api/solve",
            json!({ "game": game, "position": position, "listed": 1000 }),
            "Analysis",
        )
        .await;
        assert_eq!(analysis["winner"], "first", "{game}");
        let winning = notations(&analysis["winning_moves"]);
        assert!(
            winning.contains(&text("winning_move").as_str()),
            "{game}: {winning:?}"
        );
        let notation = |n: String| json!({ "kind": "notation", "notation": n });
        let played = ok(
            &app,
            "/api/play",
            json!({ "game": game, "position": position, "move": notation(text("winning_move")) }),
            "PlayAnswer",
        )
        .await;
        assert_ne!(played["winner"], "engine", "{game}: {played}");
        fails(
            &app,
            "/api/play",
            json!({ "game": game, "position": position, "move": notation(text("illegal_move")) }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "illegal_move",
        )
        .await;
        // What the page draws a game from when it has no drawing of its
        // own: the text drawing, the components, every legal move.
        let moves = ok(
            &app,
            "/api/moves",
            json!({ "game": game, "position": position }),
            "Moves",
        )
        .await;
        assert!(
            !moves["drawing"].as_str().unwrap().trim().is_empty(),
            "{game}"
        );
        assert_eq!(
            moves["components"].as_array().unwrap().len(),
            analysis["components"].as_array().unwrap().len(),
            "{game}"
        );
        let listed = notations(&moves["moves"]);
        assert!(
            listed.contains(&text("winning_move").as_str()),
            "{game}: {listed:?}"
        );
        assert!(
            !listed.contains(&text("illegal_move").as_str()),
            "{game}: {listed:?}"
        );
        let one = ok(
            &app,
            "/api/moves",
            json!({ "game": game, "position": position, "listed": 1 }),
            "Moves",
        )
        .await;
        assert_eq!(one["moves"].as_array().unwrap().len(), 1, "{game}");
        assert_eq!(one["more"], json!(listed.len() > 1), "{game}");
        // A fresh position of its own to play from.
        ok(
            &app,
            "/api/new",
            json!({ "game": game, "seed": 5 }),
            "Parsed",
        )
        .await;
    }
}

#[tokio::test]
async fn judge_text_becomes_a_position() {
    let app = app();
    for (game, text, position) in [
        (
            "bomb",
            "2 3\n#.#\n.##\n",
            json!({ "kind": "board", "rows": 2, "cols": 3, "bombs": [[1, 3], [2, 2], [2, 3]] }),
        ),
        (
            "cutting",
            "4 2\n5 5\n",
            json!({ "kind": "pieces", "pieces": [["4", "2"]] }),
        ),
        (
            "matrix",
            "1\n2 2\n1 2\n3 4\n",
            json!({ "kind": "matrix", "rows": [["1", "2"], ["3", "4"]] }),
        ),
        (
            "octal:0.07",
            "# a comment\n10 7 3\n",
            json!({ "kind": "heaps", "heaps": [10, 7, 3] }),
        ),
        (
            "wythoff",
            "3 5\n",
            json!({ "kind": "pairs", "pairs": [[3, 5]] }),
        ),
        (
            "green-hackenbush",
            "\n0-1 1-2 2-2\n",
            json!({ "kind": "graph", "edges": [[0, 1], [1, 2], [2, 2]] }),
        ),
    ] {
        let answer = ok(
            &app,
            "/api/parse",
            json!({ "game": game, "text": text }),
            "Parsed",
        )
        .await;
        assert_eq!(answer["position"], position, "{game}");
    }
    let message = fails(
        &app,
        "/api/parse",
        json!({ "game": "bomb", "text": "200 200\n" }),
        StatusCode::UNPROCESSABLE_ENTITY,
        "refused",
    )
    .await;
    assert!(message.contains("200"), "{message}");
}

#[tokio::test]
async fn tables_match_the_plain_recurrences() {
    let app = app();
    let (status, answer) = get(&app, "/api/table?game=bomb&rows=9&cols=12").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    check_schema(&answer, "Table");
    let naive = naive_table(9, 12);
    assert_eq!(answer["values"], json!(naive));
    assert_eq!(
        answer["max"],
        json!(naive.iter().flatten().max().copied().unwrap())
    );
    let (status, answer) = get(&app, "/api/table?game=cutting&rows=6&cols=6").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    check_schema(&answer, "Table");
    // POJ 2311's samples: 2×2 and 3×2 lose, 4×2 wins (a side of 1 shows 0).
    assert_eq!(answer["values"][1][1], 0);
    assert_eq!(answer["values"][2][1], 0);
    assert_ne!(answer["values"][3][1], 0);
    assert_eq!(answer["values"][0], json!([0, 0, 0, 0, 0, 0]));
    for (path, status, kind) in [
        (
            "/api/table?game=octal:0.07&rows=3&cols=3",
            StatusCode::UNPROCESSABLE_ENTITY,
            "refused",
        ),
        (
            "/api/table?game=bomb&rows=1001&cols=1000",
            StatusCode::UNPROCESSABLE_ENTITY,
            "refused",
        ),
        (
            "/api/table?game=bomb&rows=0&cols=3",
            StatusCode::UNPROCESSABLE_ENTITY,
            "refused",
        ),
        (
            "/api/table?game=chess&rows=3&cols=3",
            StatusCode::UNPROCESSABLE_ENTITY,
            "unknown_game",
        ),
        (
            "/api/table?game=bomb&rows=x&cols=3",
            StatusCode::BAD_REQUEST,
            "malformed",
        ),
    ] {
        let (got, answer) = get(&app, path).await;
        assert_eq!(got, status, "{path}: {answer}");
        check_schema(&answer, "Error");
        assert_eq!(answer["kind"], kind, "{path}");
    }
}

/// The values of a `Sequence` answer.
fn sequence_values(answer: &Value) -> Vec<u32> {
    answer["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap() as u32)
        .collect()
}

#[tokio::test]
async fn octal_sequences_and_their_periods() {
    let app = app();
    // Dawson's Kayles (0.07): period 34 after a preperiod of 53 (Berlekamp,
    // Conway and Guy, Winning Ways, chapter 4).
    let (status, answer) = get(&app, "/api/octal?code=0.07&upto=2000").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    check_schema(&answer, "Sequence");
    assert_eq!(answer["period"], 34);
    assert_eq!(answer["game"], "octal:0.07");
    assert_eq!(answer["complete"], true);
    // Its sparse space, by trying every mask here: the one leaving the
    // fewest heaps (≥ 1) with a rare value (`v & mask` of even weight),
    // the largest such mask on a tie.
    let values = sequence_values(&answer);
    let rare_under = |mask: u32| -> Vec<u64> {
        (1..values.len())
            .filter(|&n| (values[n] & mask).count_ones().is_multiple_of(2))
            .map(|n| n as u64)
            .collect()
    };
    // Masks over the bits the values use (a higher bit changes nothing).
    let bits = (values.iter().copied().max().unwrap() + 1).next_power_of_two();
    let (fewest, best) = (1..bits)
        .map(|mask| (rare_under(mask).len(), mask))
        .min_by_key(|&(count, mask)| (count, std::cmp::Reverse(mask)))
        .unwrap();
    assert!(fewest * 2 < values.len());
    let mask = answer["sparse"]["mask"].as_u64().unwrap() as u32;
    assert_eq!(mask & (bits - 1), best);
    assert_eq!(answer["sparse"]["rare_heaps"], json!(rare_under(best)));
    // Take-one (0.3) alternates 0, 1: half its heaps are 0, none is rare.
    let (_, alternating) = get(&app, "/api/octal?code=0.3&upto=200").await;
    assert_eq!(alternating["sparse"], Value::Null);
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
        check_schema(&answer, "Error");
    }
}

/// A code that splits a heap into three has no period to prove here
/// and values costing ~n² each (0.8: 1,024 values in 0.2 s, 3,072 in
/// some 5 s): its sequence stops at the request's deadline (0.8 of the
/// time limit) even inside a value, and the answer is the values computed,
/// the literal rules' own, not a 503.
#[tokio::test]
async fn an_octal_sequence_splitting_in_three_is_answered_at_its_deadline() {
    let app = router(Limits {
        time: Duration::from_secs(2),
        ..Limits::default()
    });
    let (status, answer) = get(&app, "/api/octal?code=0.8&upto=200000").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    check_schema(&answer, "Sequence");
    assert_eq!(answer["complete"], false);
    assert_eq!(answer["period"], Value::Null);
    let values = sequence_values(&answer);
    assert_eq!(answer["computed"], values.len());
    assert!(values.len() > 100, "{} values", values.len());
    let code = "0.8".parse().unwrap();
    assert!(values == grundy::games::octal::plain_values(&code, values.len()));
}

#[tokio::test]
async fn numbers_that_may_exceed_2_to_the_53_are_strings() {
    let app = app();
    let max = u64::MAX.to_string();
    let answer = ok(
        &app,
        "/api/solve",
        json!({
            "game": "matrix",
            "position": { "kind": "matrix", "rows": [[max, max], ["0", "1"]] }
        }),
        "Analysis",
    )
    .await;
    let total = 2 * u128::from(u64::MAX);
    assert_eq!(answer["components"][0]["part"]["stones"], total.to_string());
    assert_eq!(answer["components"][1]["value"], "1");
    assert_eq!(answer["nim_sum"], (total ^ 1).to_string());
    assert_eq!(answer["winning_move_count"], "1");
    // A count far beyond 2^64: the winning cuts of a huge paper.
    let side = (1u64 << 62).to_string();
    let answer = ok(
        &app,
        "/api/solve",
        json!({ "game": "cutting", "position": { "kind": "pieces", "pieces": [[side, side]] } }),
        "Analysis",
    )
    .await;
    let count: u128 = answer["winning_move_count"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(count > 50, "{answer}");
    assert_eq!(answer["winning_moves"].as_array().unwrap().len(), 50);
    assert_eq!(answer, library_analysis("cutting", &answer["position"], 50));
}

#[tokio::test]
async fn a_computation_over_the_time_limit_is_a_503() {
    // The largest table a request may ask for takes seconds on one core
    // (42 s on this project's 2-core test machine, and far longer than the
    // limit on any machine): 5 ms is not enough for it anywhere.
    let app = router(Limits {
        time: Duration::from_millis(5),
        ..Limits::default()
    });
    let (status, answer) = get(&app, "/api/table?game=bomb&rows=1000&cols=1000").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
    check_schema(&answer, "Error");
    assert_eq!(answer["kind"], "timeout");
}

#[tokio::test]
async fn the_schema_is_served() {
    let app = app();
    let response = app
        .clone()
        .oneshot(Request::get("/api/schema").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()[header::CONTENT_TYPE],
        "application/schema+json"
    );
    let body = response.into_body().collect().await.unwrap().to_bytes();
    assert_eq!(body, SCHEMA.as_bytes());
    let schema: Value = serde_json::from_slice(&body).unwrap();
    assert!(jsonschema::validator_for(&schema).is_ok());
}

#[tokio::test]
async fn many_concurrent_requests_are_all_answered_correctly() {
    // Correctness under concurrency, not speed: no time limit a busy or slow
    // machine could reach (the limit has tests of its own, held at a gate),
    // and room for every request in the queue.
    let app = router(Limits {
        time: Duration::from_secs(24 * 3600),
        queue: 1024,
        ..Limits::default()
    });
    let mut tasks = Vec::new();
    for k in 0..64u64 {
        let app = app.clone();
        tasks.push(tokio::spawn(async move {
            let names = game_names();
            let game = names[k as usize % names.len()];
            let new = ok(
                &app,
                "/api/new",
                json!({ "game": game, "seed": k + 1 }),
                "Parsed",
            )
            .await;
            let answer = ok(
                &app,
                "/api/solve",
                json!({ "game": game, "position": new["position"] }),
                "Analysis",
            )
            .await;
            assert_eq!(answer, library_analysis(game, &new["position"], 50));
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
    // Relative paths, so that the same page works under a sub-path (the
    // static site); answers from this server.
    assert!(page.contains(r#"src="assets/app.js""#) && page.contains(r#"href="assets/style.css""#));
    assert!(page.contains(r#"<meta name="grundy-transport" content="server">"#));
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

/// A server of one core (with `queue` and `time` as given), and that core
/// held by work of the embedding program until the gate opens (or drops,
/// when the test fails): the server is full for as long as the test says.
/// The holder's answer comes from the handle.
async fn a_full_server(queue: usize, time: Duration) -> (Router, Arc<Jobs>, Gate, Holder) {
    let (app, jobs) = application(Limits {
        jobs: 1,
        queue,
        time,
        ..Limits::default()
    });
    let gate = Gate::default();
    let holder = {
        let (jobs, waiter) = (Arc::clone(&jobs), gate.waiter());
        tokio::spawn(async move { jobs.run(Weight::Light, move |_| waiter.wait()).await })
    };
    until("the held work takes the core", || jobs.running() == 1).await;
    (app, jobs, gate, holder)
}

type Holder = tokio::task::JoinHandle<Result<(), JobError>>;

#[tokio::test]
async fn a_full_server_answers_429_with_retry_after() {
    let (app, jobs, gate, holder) = a_full_server(0, Duration::from_secs(60)).await;
    let body =
        json!({ "game": "cutting", "position": { "kind": "pieces", "pieces": [["4", "2"]] } });
    // A light request finds no core and no room to wait: refused at once.
    let request = Request::post("/api/solve")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = soon(
        "a light request to a full server",
        app.clone().oneshot(request),
    )
    .await
    .unwrap();
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(response.headers()[header::RETRY_AFTER], "1");
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let answer: Value = serde_json::from_slice(&bytes).unwrap();
    check_schema(&answer, "Error");
    assert_eq!(answer["kind"], "too_many_requests");
    // A heavy one (a large table) never waits for a core: refused too.
    let table = "/api/table?game=bomb&rows=120&cols=120";
    let (status, answer) = soon("a heavy request to a full server", get(&app, table)).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{answer}");
    check_schema(&answer, "Error");
    assert_eq!(answer["kind"], "too_many_requests");
    assert_eq!(jobs.running(), 1, "nothing but the held work ran");
    gate.open();
    assert_eq!(holder.await.unwrap(), Ok(()));
    // Once the core is free, both are answered.
    ok(&app, "/api/solve", body, "Analysis").await;
    let (status, answer) = get(&app, table).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["values"].as_array().unwrap().len(), 120);
}

#[tokio::test]
async fn a_request_that_waits_past_the_time_limit_is_a_503() {
    let (app, jobs, gate, holder) = a_full_server(8, Duration::from_millis(50)).await;
    // The core stays taken until the gate opens, after the answer: this
    // request waits in the queue for all of its time, then gets a 503.
    let body =
        json!({ "game": "cutting", "position": { "kind": "pieces", "pieces": [["4", "2"]] } });
    let (status, answer) = soon(
        "a request waiting for a core",
        post(&app, "/api/solve", body),
    )
    .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
    check_schema(&answer, "Error");
    assert_eq!(answer["kind"], "timeout");
    assert_eq!(
        answer["error"],
        "the computation did not finish within the limit of 0.05 s"
    );
    assert_eq!(jobs.waiting(), 0, "it left the queue");
    // The held work's own request is past its limit too, but whether its
    // timer or the opened gate is seen first is the runtime's choice: only
    // that its core comes back is certain.
    gate.open();
    let _ = holder.await.unwrap();
    until("the held work lets its core go", || jobs.running() == 0).await;
}

/// That readers never wait for a growing table is proven in the library's
/// tests/shared.rs, where the growth is held at a barrier; here the server
/// answers boards within the shared table while a request grows it on
/// the other core, and the grown table agrees.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_growing_bomb_table_does_not_hold_up_readers() {
    let (app, jobs) = application(Limits {
        jobs: 2,
        time: Duration::from_secs(60),
        ..Limits::default()
    });
    // A small board first: its table is shared from then on.
    let small = json!({ "game": "bomb", "position": { "kind": "board", "rows": 8, "cols": 8, "bombs": [[8, 8], [3, 5]] } });
    let before = ok(&app, "/api/solve", small.clone(), "Analysis").await;
    // A heavy request grows the table to 200×200 on one core.
    let heavy = {
        let app = app.clone();
        tokio::spawn(async move { get(&app, "/api/table?game=bomb&rows=200&cols=200").await })
    };
    until("the heavy request takes a core", || {
        jobs.running() == 1 || heavy.is_finished()
    })
    .await;
    // Meanwhile boards within the shared table are answered on the other.
    for _ in 0..20 {
        assert_eq!(
            soon(
                "a board within the shared table",
                ok(&app, "/api/solve", small.clone(), "Analysis")
            )
            .await,
            before
        );
    }
    let (status, table) = heavy.await.unwrap();
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        table["values"][7][7],
        before["components"][1]["value"]
            .as_str()
            .unwrap()
            .parse::<u32>()
            .unwrap()
    );
    let values = table["values"].as_array().unwrap();
    assert_eq!(values.len(), 200);
    for (row, naive) in values.iter().zip(naive_table(40, 40)) {
        assert_eq!(
            row.as_array().unwrap()[..40],
            json!(naive).as_array().unwrap()[..]
        );
    }
}

/// Dawson's Kayles has no misère quotient within a question's bounds: a
/// sum with a heap past the partial quotient's reach (25) is searched,
/// and the search takes the partial quotient's answers for the sums of
/// smaller heaps its moves reach, which the answer's basis says; the
/// answer is the library's.
#[tokio::test]
async fn a_misere_search_past_a_partial_quotient_says_it_took_its_answers() {
    let app = app();
    let position = json!({ "kind": "heaps", "heaps": [30, 3] });
    let answer = ok(
        &app,
        "/api/solve",
        json!({ "game": "octal:0.07", "position": position, "misere": true, "listed": 50 }),
        "Analysis",
    )
    .await;
    let basis = answer["misere_basis"].as_str().unwrap();
    assert!(
        basis.starts_with(
            "genus theory where every heap is tame, else a search of the sum (its sums of \
             heaps below 25 decided by the partial misère quotient; no misère quotient"
        ),
        "{basis}"
    );
    let budget = Limits::default().misere_budget;
    assert_eq!(
        answer,
        library_analysis_under(
            "octal:0.07",
            &position,
            50,
            grundy::Convention::Misere { budget }
        )
    );
}

#[tokio::test]
async fn misere_play_through_the_api() {
    let app = app();
    // Which games have a misère form.
    let (_, list) = get(&app, "/api/games").await;
    let misere: Vec<bool> = list["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["misere"].as_bool().unwrap())
        .collect();
    // As each game declares, in the registry's order (the Cutting Game and
    // Wythoff's game have no misère form).
    let declared: Vec<bool> = GAMES
        .iter()
        .map(|entry| {
            let game = registry::open(entry.example, &Settings::default()).unwrap();
            game.abilities().misere
        })
        .collect();
    assert_eq!(misere, declared);
    assert_eq!(declared.iter().filter(|&&m| !m).count(), 2);
    // One Kayles pin: the only move is the last, so the mover loses.
    let one = json!({ "kind": "heaps", "heaps": [1] });
    let answer = ok(
        &app,
        "/api/solve",
        json!({ "game": "octal:0.77", "position": one, "misere": true }),
        "Analysis",
    )
    .await;
    assert_eq!(answer["misere"], true);
    assert_eq!(answer["winner"], "second");
    assert_eq!(answer["nim_sum_decides"], false);
    let normal = ok(
        &app,
        "/api/solve",
        json!({ "game": "octal:0.77", "position": one }),
        "Analysis",
    )
    .await;
    assert_eq!(normal["winner"], "first");
    assert!(normal.get("misere").is_none());
    // Two pins: take one; the engine must take the last and loses.
    let answer = ok(
        &app,
        "/api/play",
        json!({
            "game": "octal:0.77",
            "position": { "kind": "heaps", "heaps": [2] },
            "move": { "kind": "notation", "notation": "1 1" },
            "misere": true
        }),
        "PlayAnswer",
    )
    .await;
    assert_eq!(answer["winner"], "you", "{answer}");
    assert!(!answer["engine_move"].is_null());
    // Take both: you made the last move, so you lose.
    let answer = ok(
        &app,
        "/api/play",
        json!({
            "game": "octal:0.77",
            "position": { "kind": "heaps", "heaps": [2] },
            "move": { "kind": "notation", "notation": "1 2" },
            "misere": true
        }),
        "PlayAnswer",
    )
    .await;
    assert_eq!(answer["winner"], "engine", "{answer}");
    // The engine from a won position under misère play wins: heaps 1 and 1
    // with the engine to move; it takes one and leaves you the last.
    let answer = ok(
        &app,
        "/api/play",
        json!({
            "game": "octal:0.77",
            "position": { "kind": "heaps", "heaps": [1, 1] },
            "misere": true
        }),
        "PlayAnswer",
    )
    .await;
    assert_eq!(answer["engine_move_wins"], true, "{answer}");
    assert_eq!(answer["position"], json!({ "kind": "heaps", "heaps": [1] }));
    // It says which rule chose: misère play has its own.
    assert_eq!(
        answer["engine_move_why"],
        "the first winning move found; under misère play grundy does not look for the quickest",
        "{answer}"
    );
    // Under normal play the same heaps are lost, and remoteness keeps the
    // game going; the analysis names the same move with its rule.
    let answer = ok(
        &app,
        "/api/play",
        json!({ "game": "octal:0.77", "position": { "kind": "heaps", "heaps": [1, 1] } }),
        "PlayAnswer",
    )
    .await;
    assert_eq!(
        answer["engine_move_why"],
        "no move wins; this one makes the game last longest, 2 moves with best play",
        "{answer}"
    );
    let analysis = ok(
        &app,
        "/api/solve",
        json!({ "game": "octal:0.77", "position": { "kind": "heaps", "heaps": [1, 1] } }),
        "Analysis",
    )
    .await;
    assert_eq!(
        analysis["engine_move"]["rule"], "longest_loss",
        "{analysis}"
    );
    assert_eq!(analysis["engine_move"]["moves_left"], 2, "{analysis}");
    assert_eq!(analysis["engine_move"]["wins"], false, "{analysis}");
    assert_eq!(
        analysis["engine_move"]["played"]["move"], answer["engine_move"]["move"],
        "{analysis}"
    );
    // Matrix misère by Bouton; the Cutting Game has none.
    let answer = ok(
        &app,
        "/api/solve",
        json!({ "game": "matrix", "position": { "kind": "matrix", "rows": [["1"]] }, "misere": true }),
        "Analysis",
    )
    .await;
    assert_eq!(answer["winner_name"], "Bob");
    let reason = fails(
        &app,
        "/api/solve",
        json!({ "game": "cutting", "position": { "kind": "pieces", "pieces": [["4", "2"]] }, "misere": true }),
        StatusCode::UNPROCESSABLE_ENTITY,
        "refused",
    )
    .await;
    assert!(reason.contains("no misère variant"), "{reason}");
}

#[tokio::test]
async fn genera_of_heap_games() {
    let app = app();
    let (status, answer) = get(&app, "/api/genera?game=octal:0.77&upto=7").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    check_schema(&answer, "Genera");
    let genera: Vec<&str> = answer["genera"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["genus"].as_str().unwrap())
        .collect();
    assert_eq!(
        genera,
        ["0^120", "1^031", "2^20", "3^31", "1^031", "4^146", "3^31"]
    );
    assert_eq!(answer["first_not_tame"], 5);
    assert_eq!(answer["genera"][5]["misere"], json!([1, 4, 6]));
    // Heap 5's genus is wild; heap 6's is tame but it leaves heap 5.
    let flags = |n: usize| {
        (
            answer["genera"][n]["tame"].clone(),
            answer["genera"][n]["wild"].clone(),
        )
    };
    assert_eq!(flags(4), (json!(true), json!(false)));
    assert_eq!(flags(5), (json!(false), json!(true)));
    assert_eq!(flags(6), (json!(false), json!(false)));
    let (status, answer) = get(&app, "/api/genera?game=subtraction:2,3,7").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert!(answer["first_not_tame"].is_null());
    assert_eq!(answer["genera"].as_array().unwrap().len(), 21);
    for bad in [
        "/api/genera?game=bomb",
        "/api/genera?game=octal:0.77&upto=100",
    ] {
        let (status, answer) = get(&app, bad).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {answer}");
        check_schema(&answer, "Error");
    }
}

#[tokio::test]
async fn a_computation_past_the_time_limit_frees_its_core() {
    // Each request starts work that would run for hours if nothing stopped
    // it (the misère search of a heap of 99,999 in Dawson's Kayles, which
    // has no misère quotient within a question's bounds, values every heap
    // below it, each with some 100,000 moves; 64 heaps' genera of Kayles
    // within a budget of 10^9 positions each), and the time limit is too short
    // for any of them: the 503 raises the job's flag, the work stops, and
    // the job runner has every core free again (`until` fails the test
    // after two minutes, far below the hours the work would take).
    for (method, path, body) in [
        (
            "POST",
            "/api/solve",
            json!({"game": "octal:0.07", "position": {"kind": "heaps", "heaps": [99_999]}, "misere": true}),
        ),
        ("GET", "/api/genera?game=octal:0.77&upto=64", Value::Null),
    ] {
        let (app, jobs) = application(Limits {
            time: Duration::from_millis(50),
            misere_budget: 1_000_000_000,
            ..Limits::default()
        });
        let (status, answer) = match method {
            "POST" => post(&app, path, body).await,
            _ => get(&app, path).await,
        };
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{path}: {answer}");
        assert_eq!(answer["kind"], "timeout");
        until("the timed-out work gives its core back", || {
            jobs.running() == 0
        })
        .await;
    }
}

/// `grundy serve` gives its router the proven quotients kept in the user's
/// cache: a heap game's misère play is then decided by the one kept for
/// it, where the request's own look, within a small budget, finds none;
/// the answer is the library's with a budget that finds it.
#[tokio::test]
async fn a_proven_quotient_kept_decides_misere_play_in_the_playground() {
    use grundy::misere::quotient::{self, KeptQuotients, Quotient};
    use grundy_web::router_with_kept_quotients;

    struct Kept(Arc<Quotient>);
    impl KeptQuotients for Kept {
        fn proven(&self, game: &str) -> Option<Arc<Quotient>> {
            (game == "octal:0.77").then(|| Arc::clone(&self.0))
        }
    }
    let kayles = quotient::compute(
        &"0.77".parse().unwrap(),
        &quotient::Settings::default(),
        &mut |_| {},
    );
    let limits = Limits {
        misere_budget: 10,
        ..Limits::default()
    };
    let position = json!({ "kind": "heaps", "heaps": [60, 61, 62] });
    let body = json!({ "game": "octal:0.77", "position": position, "misere": true, "listed": 4 });
    fails(
        &router(limits.clone()),
        "/api/solve",
        body.clone(),
        StatusCode::UNPROCESSABLE_ENTITY,
        "refused",
    )
    .await;
    let kept = router_with_kept_quotients(limits, Some(Arc::new(Kept(Arc::new(kayles)))));
    let answer = ok(&kept, "/api/solve", body, "Analysis").await;
    assert!(answer["misere_basis"]
        .as_str()
        .unwrap()
        .starts_with("the misère quotient of octal:0.77 (40 elements, 9 in P)"));
    let budget = grundy::misere::DEFAULT_BUDGET;
    assert_eq!(
        answer,
        library_analysis_under(
            "octal:0.77",
            &position,
            4,
            grundy::Convention::Misere { budget }
        )
    );
}

/// The partial quotient kept that reaches the furthest decides, in the
/// playground too, the sums of the heaps it reached where the game has no
/// proven one: 0.07's Q₂₇ a sum the request's own budget refuses.
#[tokio::test]
async fn a_partial_quotient_kept_decides_the_sums_of_its_heaps_in_the_playground() {
    use grundy::misere::quotient::{self, KeptQuotients, Quotient, QuotientMisere};
    use grundy_web::router_with_kept_quotients;

    struct Kept(Arc<Quotient>);
    impl KeptQuotients for Kept {
        fn proven(&self, _: &str) -> Option<Arc<Quotient>> {
            None
        }
        fn partial(&self, game: &str) -> Option<Arc<Quotient>> {
            (game == "octal:0.07").then(|| Arc::clone(&self.0))
        }
    }
    let settings = quotient::Settings {
        upto: 28,
        ..quotient::Settings::default()
    };
    let dawson = Arc::new(quotient::compute(
        &"0.07".parse().unwrap(),
        &settings,
        &mut |_| {},
    ));
    let limits = Limits {
        misere_budget: 1000,
        ..Limits::default()
    };
    let heaps = [27, 27, 27, 26, 26];
    let position = json!({ "kind": "heaps", "heaps": heaps });
    let body = json!({ "game": "octal:0.07", "position": position, "misere": true, "listed": 4 });
    fails(
        &router(limits.clone()),
        "/api/solve",
        body.clone(),
        StatusCode::UNPROCESSABLE_ENTITY,
        "refused",
    )
    .await;
    let wins = QuotientMisere::partial(Arc::clone(&dawson))
        .unwrap()
        .wins(&heaps)
        .unwrap();
    let kept = router_with_kept_quotients(limits, Some(Arc::new(Kept(dawson))));
    let answer = ok(&kept, "/api/solve", body, "Analysis").await;
    assert_eq!(
        answer["misere_basis"],
        "the partial misère quotient of octal:0.07 kept in the cache, exact for sums of heaps \
         below 28 (176 elements, 28 in P)"
    );
    assert_eq!(answer["winner"], if wins { "first" } else { "second" });
}
