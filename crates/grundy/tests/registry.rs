//! Every registered game's examples (`Entry::examples`) say what the game
//! does: the front ends' tests take them on trust, so they are checked here
//! against the game itself, through the registry.

use grundy::dynamic::WireGame;
use grundy::format::ReadError;
use grundy::game::{Answers, JudgeError, Limits};
use grundy::prelude::*;
use grundy::registry::{self, Entry, Settings, GAMES};
use grundy::AnyGame;

struct Lines(String);

impl Answers for Lines {
    fn line(&mut self, text: &[u8]) -> std::io::Result<()> {
        self.0.push_str(std::str::from_utf8(text).unwrap());
        self.0.push('\n');
        Ok(())
    }
}

fn open(entry: &Entry) -> AnyGame {
    registry::open(entry.example, &Settings::default()).unwrap()
}

/// The first position of `text`, read by the game's judge reader.
fn first(game: &mut AnyGame, text: &str) -> grundy::any_game::AnyPosition {
    let mut reader = game
        .reader(Box::new(text.as_bytes()), Limits::default())
        .unwrap();
    let position = reader.next_case().unwrap().expect("a case");
    game.admit(&position, Limits::default()).unwrap();
    position
}

fn judged(entry: &Entry, input: &str) -> (String, Result<(), JudgeError>) {
    let mut game = WireGame::new(open(entry), Limits::default());
    let mut out = Lines(String::new());
    let result = game.judge(&mut input.as_bytes(), &mut out);
    (out.0, result)
}

#[test]
fn every_registered_game_supplies_examples() {
    for entry in GAMES {
        let e = entry.examples;
        for (what, text) in [
            ("judge", e.judge),
            ("answers", e.answers),
            ("won", e.won),
            ("winning_move", e.winning_move),
            ("illegal_move", e.illegal_move),
            ("bad_input", e.bad_input),
            ("plain", e.plain),
        ] {
            assert!(
                !text.trim().is_empty(),
                "{}: no example `{what}`",
                entry.name
            );
        }
        assert!(e.bad_line >= 1, "{}", entry.name);
        assert!(
            e.answers.lines().count() >= 2,
            "{}: a won and a lost case",
            entry.name
        );
    }
}

#[test]
fn the_judge_examples_are_answered_as_written() {
    for entry in GAMES {
        let (answers, result) = judged(entry, entry.examples.judge);
        result.unwrap();
        assert_eq!(answers, entry.examples.answers, "{}", entry.name);
        let distinct: std::collections::HashSet<&str> = answers
            .lines()
            .map(|l| l.rsplit(' ').next().unwrap())
            .collect();
        assert_eq!(distinct.len(), 2, "{}: a won and a lost case", entry.name);
    }
}

#[test]
fn bad_input_is_refused_on_the_line_it_names() {
    for entry in GAMES {
        let e = entry.examples;
        let (_, result) = judged(entry, e.bad_input);
        match result {
            Err(JudgeError::Read(ReadError::Format(error))) => {
                assert_eq!(error.line, e.bad_line, "{}: {error}", entry.name)
            }
            other => panic!("{}: {other:?}", entry.name),
        }
    }
}

#[test]
fn the_winning_move_wins_and_the_illegal_one_is_refused() {
    for entry in GAMES {
        let e = entry.examples;
        let mut game = open(entry);
        let won = first(&mut game, e.won);
        assert!(game.outcome(&won).first_player_wins(), "{}", entry.name);
        let mv = game.parse_move(&won, e.winning_move).unwrap();
        let after = game.try_play(&won, &mv).unwrap();
        assert!(
            after.won || !game.outcome(&after.position).first_player_wins(),
            "{}: {} does not win",
            entry.name,
            e.winning_move
        );
        let illegal = game
            .parse_move(&won, e.illegal_move)
            .and_then(|mv| game.check(&won, &mv));
        assert!(illegal.is_err(), "{}: {}", entry.name, e.illegal_move);
    }
}

#[test]
fn the_plain_form_is_the_won_position() {
    for entry in GAMES {
        let e = entry.examples;
        let mut game = open(entry);
        let won = first(&mut game, e.won);
        assert!(game.plain_form().is_some(), "{}", entry.name);
        let plain: serde_json::Value = serde_json::from_str(e.plain).unwrap();
        let wire = game.position_from_plain(&plain).unwrap();
        let read = game.position_from_wire(&wire, Limits::default()).unwrap();
        assert_eq!(
            game.position_wire(&read),
            game.position_wire(&won),
            "{}",
            entry.name
        );
        // Not a plain value of the game's form.
        assert!(game
            .position_from_plain(&serde_json::json!("nonsense"))
            .is_err());
    }
}

/// Every `impl Registered for` under `src/games/` is one game of
/// [`GAMES`]: the list the build script writes leaves none out and adds
/// none twice (counted here from the source, apart from the build script).
#[test]
fn every_game_module_is_registered_once() {
    fn impls(dir: &std::path::Path) -> usize {
        let mut count = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                count += impls(&path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                count += text
                    .lines()
                    .filter(|line| line.starts_with("impl") && line.contains("Registered for "))
                    .count();
            }
        }
        count
    }
    let games = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games");
    assert_eq!(impls(&games), GAMES.len());
    let mut names: Vec<&str> = GAMES.iter().map(|entry| entry.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), GAMES.len(), "two games share a name");
}
