//! Every game of the registry through `judge`, `solve` and `play`, by the
//! examples each game supplies (`Entry::examples`): a game registered is
//! tested here without an edit.

use grundy::game::Extras;
use grundy::registry::{self, Settings, GAMES};

use crate::common;

use common::{run as grundy, text};

#[test]
fn every_game_is_judged_as_its_examples_say() {
    assert!(!GAMES.is_empty());
    for entry in GAMES {
        let e = entry.examples;
        assert!(!e.judge.is_empty(), "{}: no examples", entry.name);
        let out = grundy(&["judge", entry.example], e.judge);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert_eq!(text(&out.stdout), e.answers, "{}", entry.name);

        // Bad input: exit 2, the line named, the answers before it written.
        let out = grundy(&["judge", entry.example], e.bad_input);
        assert_eq!(out.status.code(), Some(2), "{}", entry.name);
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains(&format!("line {}: expected ", e.bad_line)),
            "{}: {stderr}",
            entry.name
        );
        let before = text(&out.stdout);
        assert!(
            before.lines().count() < e.bad_input.lines().count(),
            "{}: {before}",
            entry.name
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn every_game_solves_its_won_example_with_its_winning_move_listed() {
    for entry in GAMES {
        let e = entry.examples;
        let out = grundy(
            &["solve", entry.example, "--all", "--format", "json"],
            e.won,
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let case: serde_json::Value =
            serde_json::from_str(text(&out.stdout).lines().next().unwrap()).unwrap();
        assert_eq!(case["winner"], "first", "{}", entry.name);
        let notations: Vec<&str> = case["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["notation"].as_str().unwrap())
            .collect();
        assert!(
            notations.contains(&e.winning_move),
            "{}: {} not in {notations:?}",
            entry.name,
            e.winning_move
        );
        let out = grundy(&["solve", entry.example], e.won);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert!(text(&out.stdout).contains("Winning move"), "{}", entry.name);
    }
}

#[test]
fn every_game_is_played_from_its_example_refusing_the_illegal_move() {
    for entry in GAMES {
        let e = entry.examples;
        let dir = tempfile::tempdir().unwrap();
        let start = dir.path().join("start.txt");
        std::fs::write(&start, e.won).unwrap();
        let script = format!("{}\n{}\nquit\n", e.illegal_move, e.winning_move);
        let out = common::grundy()
            .args(["play", entry.example])
            .arg(&start)
            .args(["--you", "first", "--seed", "1"])
            .env("NO_COLOR", "1")
            .write_stdin(script)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        assert!(
            stdout.contains("Not a legal move"),
            "{}: {stdout}",
            entry.name
        );
        assert!(
            stdout.contains(&format!("You play {}:", e.winning_move)),
            "{}: {stdout}",
            entry.name
        );
    }
}

#[test]
fn every_game_with_a_misere_form_judges_its_example_under_misere_play() {
    for entry in GAMES {
        let game = registry::open(entry.example, &Settings::default()).unwrap();
        let out = grundy(&["judge", entry.example, "--misere"], entry.examples.judge);
        if game.abilities().misere {
            assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
            assert_eq!(
                text(&out.stdout).lines().count(),
                entry.examples.answers.lines().count(),
                "{}",
                entry.name
            );
        } else {
            assert_ne!(out.status.code(), Some(0), "{}", entry.name);
            assert!(text(&out.stderr).contains("misère"), "{}", entry.name);
        }
    }
}

#[test]
fn every_game_reads_its_plain_form_as_json_input_like_the_wire_shape() {
    for entry in GAMES {
        let e = entry.examples;
        let solve = |input: &str| {
            let out = grundy(
                &[
                    "solve",
                    entry.example,
                    "--input",
                    "json",
                    "--format",
                    "json",
                ],
                &format!("{input}\n"),
            );
            assert_eq!(
                out.status.code(),
                Some(0),
                "{}: {}",
                entry.name,
                text(&out.stderr)
            );
            serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
        };
        // The plain form's analysis, and that of the wire shape it says
        // it read: the same answer.
        let plain = solve(e.plain);
        let wire = solve(&plain["position"].to_string());
        assert_eq!(plain, wire, "{}", entry.name);
        // A plain value of the wrong shape is refused, naming both forms.
        let out = grundy(
            &["solve", entry.example, "--input", "json"],
            "\"nothing\"\n",
        );
        assert_eq!(out.status.code(), Some(2), "{}", entry.name);
        let stderr = text(&out.stderr);
        assert!(
            stderr.starts_with("grundy: <stdin>: line 1: expected ")
                && stderr.contains(", or a position in the JSON wire format: "),
            "{}: {stderr}",
            entry.name
        );
    }
    // The plain form is the same position as the game's text: heaps 3 and 4.
    let plain = grundy(&["solve", "nim", "--input", "json"], "[3,4]\n");
    let text_form = grundy(&["solve", "nim"], "3 4\n");
    assert_eq!(text(&plain.stdout), text(&text_form.stdout));
    assert!(text(&plain.stdout).contains("nim-sum *7"));
}
