//! `grundy play` driven through standard input, as a script would.

use serde_json::Value;

use crate::common;

/// Runs a session with `file` as the starting position; returns stdout.
fn session(game: &str, file: &str, you: &str, script: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("start.txt");
    std::fs::write(&path, file).unwrap();
    let output = common::grundy()
        .args(["play", game])
        .arg(&path)
        .args(["--you", you, "--seed", "11"])
        .env("NO_COLOR", "1")
        .write_stdin(script)
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn games_played_to_the_end() {
    // You take both stones of the only row: grundy has no move.
    let out = session("matrix", "1\n1 2\n1 1\n", "first", "1 2\nn\n");
    assert!(
        out.contains("You play 1 2: take 2 stones from row 1"),
        "{out}"
    );
    assert!(out.contains("Game over: You win!"), "{out}");
    assert!(out.ends_with("Play again? [y/N/undo] "), "{out}");

    // The bomb at (1,3) goes to (1,1), where it vanishes.
    let out = session("bomb", "1 3\n..#\n", "first", "1 3 1\n");
    assert!(out.contains("Game over: You win!"), "{out}");

    // 4×2 into two 2×2: grundy must leave a strip, and you cut out a cell.
    let out = session("cutting", "4 2\n", "first", "v 2\n1 h 1\n");
    assert!(
        out.contains("grundy plays 1 v 1: cut the 2×2 piece vertically at 1"),
        "{out}"
    );
    assert!(out.contains("Game over: You win!"), "{out}");

    // The same paper with grundy first: it wins.
    let out = session("cutting", "4 2\n", "second", "1 v 1\n");
    assert!(out.contains("grundy plays 1 v 2"), "{out}");
    assert!(out.contains("Game over: grundy wins."), "{out}");

    // A new game after the first: the file's next case; after its last,
    // its first again.
    let out = session("matrix", "1\n1 1\n3\n", "first", "1 3\ny\nquit\n");
    assert!(out.contains("That was the last case of "), "{out}");
    assert!(out.contains("Game 2 (case 1 of "), "{out}");
    assert_eq!(out.matches("row 1   3 | 3").count(), 2, "{out}");
    let out = session("cutting", "2 2\n3 2\n", "first", "v 1\ny\nv 1\ny\nquit\n");
    let titles: Vec<&str> = out.lines().filter(|l| l.contains("(case ")).collect();
    assert!(titles[0].starts_with("Game 1 (case 1 of "), "{out}");
    assert!(titles[1].contains("Game 2 (case 2 of "), "{out}");
    assert!(out.contains("Pieces: 1) 3×2"), "{out}");
    assert!(titles[2].contains("Game 3 (case 1 of "), "{out}");
    // --heaps: the same position again.
    let out = play(&["nim", "--heaps", "1"], "1 1\ny\nquit\n");
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(out.contains("Game 2. You move first"), "{out}");
}

#[test]
fn undo_works_after_the_game_is_over() {
    // You lose at once from 2×2; `undo` at the end takes back your move
    // and grundy's winning reply, and the game goes on.
    let out = session("cutting", "2 2\n", "first", "v 1\nundo\nh 1\nn\n");
    assert!(out.contains("Game over: grundy wins.\nPlay again? [y/N/undo] Took back your last move and grundy's reply.\nPieces: 1) 2×2\n"), "{out}");
    assert!(out.contains("You play 1 h 1:"), "{out}");
    assert_eq!(out.matches("Game over").count(), 2, "{out}");
    // Without a move of yours to take back, `undo` is not offered.
    let out = session("cutting", "1 1\n", "first", "undo\nn\n");
    assert!(
        out.contains(
            "Play again? [y/N] The game is over: answer `y` to play again, or `n` to stop.\n"
        ),
        "{out}"
    );
}

#[test]
fn illegal_moves_change_nothing() {
    let out = session(
        "bomb",
        "2 3\n..#\n.#.\n",
        "first",
        "2 2 2 1\n3 3 1 1\nbanana\n2 2 1 1\n",
    );
    assert!(
        out.contains(
            "Not a legal move: the new bomb above (2,2) must be on a row above row 2: row 2 is not"
        ),
        "{out}"
    );
    assert!(
        out.contains("Not a legal move: (3,3) is off the 2×3 board"),
        "{out}"
    );
    assert!(out.contains("Not a legal move: a Bomb move is"), "{out}");
    // The board was drawn once before the refusals and not again until the
    // legal move, which still applies to the original board.
    assert_eq!(out.matches("  1 2 3").count(), 3, "{out}");
    assert!(
        out.contains("You play 2 2 1 1: explode (2,2), new bombs on (1,2) and (2,1)"),
        "{out}"
    );
}

#[test]
fn undo_restores_the_position_before_your_move() {
    let out = session("matrix", "1\n2 2\n3 1\n2 5\n", "first", "2 1\nundo\nundo\n");
    let boards: Vec<&str> = out.split("your move> ").collect();
    // First board, then after your move and grundy's reply, then after undo.
    // The board: what follows the rules and the title line.
    let first = boards[0]
        .split("to see how to move.\n")
        .nth(1)
        .unwrap()
        .trim_end()
        .to_string();
    assert!(
        out.contains("Took back your last move and grundy's reply."),
        "{out}"
    );
    let after_undo = boards[2];
    assert!(after_undo.contains(&first), "{first}\n---\n{after_undo}");
    assert!(boards[3].starts_with("Nothing to undo."), "{out}");
}

/// The hint names the same move as `grundy solve`.
#[test]
fn hints_match_solve() {
    let cases = [
        ("matrix", "1\n2 3\n2 3 8\n5 2 7\n"),
        ("cutting", "9 7\n"),
        ("bomb", "3 4\n.#.#\n#..#\n.##.\n"),
    ];
    for (game, file) in cases {
        let out = session(game, file, "first", "hint\n");
        let solved = common::grundy()
            .args(["solve", game, "--format", "json"])
            .write_stdin(file)
            .output()
            .unwrap();
        let line: Value = serde_json::from_slice(&solved.stdout).unwrap();
        let mv = &line["winning_moves"][0]["move"];
        // The notation written from the wire move, independently of the
        // analysis's own `notation`.
        let notation = match game {
            "matrix" => {
                let total: u128 = mv["take"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|t| t.as_str().unwrap().parse::<u128>().unwrap())
                    .sum();
                format!("{} {total}", mv["row"])
            }
            "cutting" => format!(
                "{} {} {}",
                mv["piece"],
                if mv["direction"] == "vertical" {
                    "v"
                } else {
                    "h"
                },
                mv["at"].as_str().unwrap()
            ),
            _ => {
                let (p, q) = (&mv["explode"][0], &mv["explode"][1]);
                match (p.as_u64(), q.as_u64()) {
                    (Some(1), _) => format!("{p} {q} {}", mv["left"][1]),
                    (_, Some(1)) => format!("{p} {q} {}", mv["above"][0]),
                    _ => format!("{p} {q} {} {}", mv["above"][0], mv["left"][1]),
                }
            }
        };
        assert_eq!(line["winning_moves"][0]["notation"], notation.as_str());
        assert!(
            out.contains(&format!("Hint: {notation} (")),
            "{game}: expected {notation} in {out}"
        );
    }
    // From a lost position, the move hardest to answer, as the page's hint.
    let out = session("matrix", "1\n2 1\n4\n4\n", "first", "hint\n");
    assert!(
        out.contains("Hint: no move wins here; the position is lost if grundy plays well. Best try: 1 1 (take 1 stone from row 1: 1 from (1,1)): no move wins; this one makes the game last longest"),
        "{out}"
    );
}

/// grundy first from won positions, against random replies (most of them
/// illegal, which it must refuse): it always wins.
#[test]
fn the_engine_wins_against_random_replies() {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        1 + state % n
    };
    for (game, file) in [
        ("bomb", "3 3\n.##\n#.#\n##.\n"),
        ("cutting", "7 5\n"),
        ("matrix", "1\n3 2\n1 2\n3 0\n1 1\n"),
    ] {
        for _ in 0..5 {
            let script: String = (0..2000)
                .map(|_| match game {
                    "bomb" if next(2) == 1 => format!("{} {} {}\n", next(3), next(3), next(3)),
                    "bomb" => format!("{} {} {} {}\n", next(3), next(3), next(3), next(3)),
                    "cutting" => format!(
                        "{} {} {}\n",
                        next(4),
                        if next(2) == 1 { "v" } else { "h" },
                        next(6)
                    ),
                    _ => format!("{} {}\n", next(3), next(3)),
                })
                .collect();
            let out = session(game, file, "second", &(script + "n\n"));
            assert!(out.contains("Game over: grundy wins."), "{game}: {out}");
            assert!(!out.contains("You win"), "{game}: {out}");
        }
    }
}

/// Colour is for terminals only: a pipe gets plain text even without
/// `NO_COLOR`.
#[test]
fn no_colour_into_a_pipe() {
    let output = common::grundy()
        .args(["play", "bomb", "--seed", "5"])
        .env_remove("NO_COLOR")
        .write_stdin("hint\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(
        !output.stdout.contains(&0x1b),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("Hint:"));
}

#[test]
fn standard_input_as_the_start_is_a_usage_error() {
    let output = common::grundy()
        .args(["play", "bomb", "-"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("give the starting position as a file")
    );
}

#[test]
fn junk_lines_are_refused_and_play_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("start.txt");
    std::fs::write(&path, "3 3\n").unwrap();
    let mut script = b"\xff\xfe\n".to_vec();
    script.extend(b"1 v 1");
    script.extend(vec![b' '; 5000]);
    script.extend(b"x\nquit\n");
    let output = common::grundy()
        .args(["play", "cutting"])
        .arg(&path)
        .args(["--you", "first", "--seed", "3"])
        .env("NO_COLOR", "1")
        .write_stdin(script)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stderr.is_empty());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("Not a legal move"), "{stdout}");
    assert!(stdout.contains("longer than 1024 bytes"), "{stdout}");
    // Asked three times: after the junk, after the long line, then `quit`.
    assert_eq!(stdout.matches("your move> ").count(), 3, "{stdout}");
    assert!(stdout.contains("Pieces: 1) 3×3"), "{stdout}");
}

/// Runs `grundy play ARGS` with `script` on standard input.
fn play(args: &[&str], script: &str) -> std::process::Output {
    common::grundy()
        .arg("play")
        .args(args)
        .env("NO_COLOR", "1")
        .write_stdin(script)
        .output()
        .unwrap()
}

#[test]
fn help_shows_a_move_that_is_not_the_hint() {
    // Dawson's Kayles from 10, 7, 3: the first move of heap 1 would be the
    // winning `1 4 4`; the example must be a move that does not win.
    for heaps in ["10,7,3", "9,4", "5,5,1", "12"] {
        let out = play(&["octal:0.07", "--heaps", heaps], "help\nhint\nquit\n");
        let out = String::from_utf8(out.stdout).unwrap();
        let example = out
            .split("For example `")
            .nth(1)
            .and_then(|rest| rest.split('`').next())
            .unwrap_or_else(|| panic!("{out}"));
        let hint = out
            .split("Hint: ")
            .nth(1)
            .and_then(|rest| rest.split(" (").next())
            .unwrap_or_else(|| panic!("{out}"));
        assert_ne!(example, hint, "{heaps}: {out}");
        // The example is legal: playing it is accepted.
        let out = play(
            &["octal:0.07", "--heaps", heaps],
            &format!("{example}\nquit\n"),
        );
        let out = String::from_utf8(out.stdout).unwrap();
        assert!(out.contains(&format!("You play {example}:")), "{out}");
    }
}

#[test]
fn a_given_position_is_played_again_and_the_prompt_waits_for_yes_or_no() {
    // `quit`-free script: lose at once (heap 1 of Nim-like 0.3 taken whole),
    // then answer the prompt with something else first.
    let out = play(
        &["octal:0.3", "--heaps", "1", "--you", "second"],
        "hint\ny\nn\n",
    );
    assert_eq!(out.status.code(), Some(0));
    let out = String::from_utf8(out.stdout).unwrap();
    // No seed is named for a position given on the command line.
    assert!(out.contains("\nGame 1. grundy moves first;"), "{out}");
    assert!(
        out.contains("answer `y` to play again, or `n` to stop."),
        "{out}"
    );
    // The second game starts from the same heap, not a random position.
    let second = out
        .split("Game 2.")
        .nth(1)
        .unwrap_or_else(|| panic!("{out}"));
    assert!(second.contains("Heaps: 1) 1\n"), "{out}");
    assert_eq!(out.matches("Play again? [y/N] ").count(), 3, "{out}");
}

#[test]
fn misere_bomb_plays_at_its_default_size_and_refuses_larger_at_once() {
    let out = play(&["bomb", "--misere", "--seed", "3"], "hint\nquit\n");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Hint: "), "{text}");
    // A 6×6 board: refused before the game starts, board not drawn.
    let out = play(
        &["bomb", "--misere", "--size", "6x6", "--seed", "3"],
        "quit\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("at most 25 cells"), "{err}");
}

#[test]
fn every_game_states_its_rules_at_the_start_and_on_help() {
    for entry in grundy::registry::GAMES {
        let out = play(&[entry.example, "--seed", "5"], "help\nquit\n");
        assert_eq!(out.status.code(), Some(0), "{}", entry.name);
        let out = String::from_utf8(out.stdout).unwrap();
        // Wrapped for the terminal: compare the words.
        let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
        let start = out.split("Game 1").next().unwrap();
        assert_eq!(words(start), words(entry.rules), "{}", entry.name);
        let help = out.split("your move>").nth(1).unwrap();
        assert!(
            words(help).contains(&words(entry.rules)),
            "{}: {help}",
            entry.name
        );
    }
    // And solve --help lists them all.
    let help = common::grundy().args(["solve", "--help"]).output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    let words = help.split_whitespace().collect::<Vec<_>>().join(" ");
    for entry in grundy::registry::GAMES {
        assert!(
            words.contains(&entry.rules.split_whitespace().collect::<Vec<_>>().join(" ")),
            "{}",
            entry.name
        );
    }
}

#[test]
fn the_engines_move_is_marked_on_the_board() {
    // Heaps: the heaps grundy's move left are bracketed where it took.
    let out = play(
        &["octal:0.07", "--heaps", "10,7,3", "--you", "second"],
        "quit\n",
    );
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(out.contains("grundy plays 1 4 4:"), "{out}");
    assert!(
        out.contains("Heaps: 1) [4]   2) [4]   3) 7   4) 3"),
        "{out}"
    );
    assert!(out.contains("(grundy's choice: it wins soonest"), "{out}");
    // Bomb: the exploded cell, and where the new bombs landed.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("board.txt");
    std::fs::write(&path, "2 3\n..#\n.#.\n").unwrap();
    let out = play(
        &["bomb", path.to_str().unwrap(), "--you", "second"],
        "quit\n",
    );
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.contains("(x: the bomb that exploded; +: a new bomb; -: a new bomb that vanished)"),
        "{out}"
    );
    let marked = out
        .split("grundy plays")
        .nth(1)
        .unwrap_or_else(|| panic!("{out}"));
    assert_eq!(marked.matches(" x").count(), 1, "{out}");
}

#[test]
fn the_engines_move_is_marked_on_every_kind_of_board() {
    // Cutting: 8×7 is won by the symmetric cut; both halves are bracketed.
    let out = session("cutting", "8 7\n", "second", "quit\n");
    assert!(out.contains("grundy plays 1 v 4:"), "{out}");
    assert!(out.contains("Pieces: 1) [4×7]   2) [4×7]\n"), "{out}");

    // Matrix: the cells taken from in brackets, the others not, with a key.
    let out = session("matrix", "1\n2 3\n1 2 3\n4 5 6\n", "second", "quit\n");
    let after = out
        .split("grundy plays")
        .nth(1)
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        after.contains("([n]: a cell the move took stones from)"),
        "{out}"
    );
    let marked: Vec<&str> = after.lines().filter(|l| l.contains('[')).collect();
    assert_eq!(marked.len(), 2, "the marked row and the key: {out}");
    assert!(marked[0].starts_with("row "), "{out}");

    // Wythoff: the pair that changed.
    let out = session("wythoff", "3 5 4 4\n", "second", "quit\n");
    let after = out
        .split("grundy plays")
        .nth(1)
        .unwrap_or_else(|| panic!("{out}"));
    let pairs = after.lines().find(|l| l.starts_with("Pairs:")).unwrap();
    assert_eq!(pairs.matches('[').count(), 1, "{out}");
    assert!(pairs.contains("2) [(0, 0)]"), "{out}");

    // Green Hackenbush: the deleted edge and those that fell with it.
    let out = session("green-hackenbush", "0-1 1-2 2-3 0-4\n", "second", "quit\n");
    assert!(
        out.contains("grundy plays 2: delete edge 2 (1-2), and 1 edge falls"),
        "{out}"
    );
    assert!(
        out.contains(
            "Edges (vertex 0 is the ground): 1) 0-1   2) 0-4\n(deleted: edge 2 (1-2); fell: 2-3)"
        ),
        "{out}"
    );
}

#[test]
fn help_describes_only_the_game_s_own_moves_and_says_when_its_example_does_not_win() {
    // Grundy's game only splits: its help has no `H K` take.
    let out = play(&["grundys-game", "--heaps", "7"], "help\nquit\n");
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.contains("A move is `H A B`: split heap H into heaps A and B, taking nothing."),
        "{out}"
    );
    assert!(!out.contains("`H K`"), "{out}");
    // Nim only takes.
    let out = play(&["nim", "--heaps", "3,5"], "help\nquit\n");
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(out.contains("A move is `H K`: take K tokens"), "{out}");
    assert!(!out.contains("`H A B`"), "{out}");
    // Cutting from 2×8: the example is a legal move that loses, and says so.
    let scratch = tempfile::tempdir().unwrap();
    let file = scratch.path().join("paper.txt");
    std::fs::write(&file, "2 8\n").unwrap();
    let file = file.to_str().unwrap();
    let out = String::from_utf8(play(&["cutting", file], "help\nquit\n").stdout).unwrap();
    assert!(
        out.contains("For example `1 v 1`: cut the 2×8 piece vertically at 1, leaving 1×8 and 1×8. It shows how to write a move, not a good one: it does not win"),
        "{out}"
    );
    // From 1×2 every move wins: the example does not say it loses.
    std::fs::write(scratch.path().join("paper.txt"), "1 2\n").unwrap();
    let out = String::from_utf8(play(&["cutting", file], "help\nquit\n").stdout).unwrap();
    assert!(out.contains("For example `1 h 1`"), "{out}");
    assert!(!out.contains("does not win"), "{out}");
}

#[test]
fn a_move_that_ends_the_game_is_called_the_quickest_in_a_large_game() {
    // 20×20 is too large for a remoteness search, but cutting a cell out
    // of the strip you leave wins at once: the soonest win, said so.
    let out = session("cutting", "20 20\n", "first", "v 1\nn\n");
    assert!(
        out.contains("grundy plays 1 h 1: cut the 1×20 piece horizontally at 1, leaving 1×1 and 1×19, cutting out a single cell, which wins.\n  (grundy's choice: it wins soonest: the game ends within 1 move.)"),
        "{out}"
    );
    assert!(!out.contains("too large to find the quickest"), "{out}");
}

#[test]
fn show_values_marks_every_move_before_each_of_yours() {
    let shown = |args: &[&str], input: &str| String::from_utf8(play(args, input).stdout).unwrap();
    // Nim 1 2: only taking one from the 2 leaves *0; the game then lasts
    // 3 moves (this one included), the others lose in 2.
    let out = shown(&["nim", "--heaps", "1,2", "--show-values"], "2 1\nn\n");
    assert!(
        out.contains("Your moves: `1 1` loses in 2 moves, leaves *2, `2 1` wins in 3 moves, leaves *0, `2 2` loses in 2 moves, leaves *1. 1 of 3 win.\n"),
        "{out}"
    );
    // After grundy's reply (it takes one of the two 1s), your last move
    // is valued again.
    assert!(
        out.contains("Your moves: `1 1` wins at once, leaves *0. 1 of 1 win.\n"),
        "{out}"
    );
    // From a lost position none wins; past twelve moves the rest are
    // counted.
    let out = shown(&["nim", "--heaps", "1,2,3", "--show-values"], "n\n");
    assert!(out.contains(". 0 of 6 win.\n"), "{out}");
    let out = shown(&["nim", "--heaps", "20", "--show-values"], "n\n");
    assert!(out.contains("; 8 more. 1 of 20 win.\n"), "{out}");
    // Too large to search for remoteness: marked, without a count; more
    // than twelve, so the winning one (leave 1) is listed first.
    let out = shown(&["nim", "--heaps", "300,1", "--show-values"], "n\n");
    assert!(
        out.contains("Your moves: `1 299` wins, leaves *0, `1 1` loses, leaves *298, "),
        "{out}"
    );
    assert!(out.contains("; 289 more. 1 of 301 win.\n"), "{out}");
    // More moves than are marked (10,000): the winning ones first, and how
    // many win in all. Heaps of 30,000 and 12,345 win only by taking
    // 17,655 from the first, leaving 12,345 beside 12,345.
    let out = shown(&["nim", "--heaps", "30000,12345", "--show-values"], "n\n");
    assert!(
        out.contains("Your moves: `1 17655` wins, leaves *0, `1 1` loses, leaves *"),
        "{out}"
    );
    assert!(
        out.contains(
            "; 9,988 more. 1 of its moves wins; 10,000 looked at, the winning ones first.\n"
        ),
        "{out}"
    );
    // Under misère play, no nim-sum and no remoteness: neither decides.
    let out = shown(&["nim", "--heaps", "1", "--show-values", "--misere"], "n\n");
    assert!(
        out.contains("Your moves: `1 1` loses. 0 of 1 win.\n"),
        "{out}"
    );
    // Once the game is over, its value history: each position, who was
    // to move, whether they win, and the moves left (Nim 1 2: 3, then 2,
    // 1, 0 as each move is the best one).
    let out = shown(&["nim", "--heaps", "1,2", "--show-values"], "2 1\n1 1\nn\n");
    assert!(
        out.contains(concat!(
            "    0 you    wins, 3 moves left       |   W\n",
            "    1 grundy loses, 2 moves left      |  L\n",
            "    2 you    wins, 1 move left        | W\n",
            "    3 grundy loses, 0 moves left      |L\n",
        )),
        "{out}"
    );
    // A cell cut out ends the game: the player to move there has lost.
    let out = shown(&["cutting", "--seed", "2", "--show-values"], "v 1\nn\n");
    assert!(
        out.contains("    2 you    loses, 0 moves left      |L\n"),
        "{out}"
    );
    // Misère play: no remoteness, marked `?`; the last move lost.
    let out = shown(
        &["nim", "--heaps", "1", "--show-values", "--misere"],
        "1 1\nn\n",
    );
    assert!(
        out.contains(
            "    0 you    loses                    ?L\n    1 grundy wins                     ?W\n"
        ),
        "{out}"
    );
    // Undo after the end takes the history back: replayed, it has one
    // line a position again.
    let out = shown(
        &["nim", "--heaps", "1,2", "--show-values"],
        "2 1\n1 1\nundo\n1 1\nn\n",
    );
    assert_eq!(
        out.matches("    3 grundy loses, 0 moves left").count(),
        2,
        "{out}"
    );
    assert!(!out.contains("    4 "), "{out}");
    // Past 40 moves left the mark stays at column 40, with `>`: Nim 21 21
    // lasts 42 moves when the loser delays.
    let out = shown(&["nim", "--heaps", "21,21", "--show-values"], "1 21\nn\n");
    let far = format!(
        "    0 you    loses, 42 moves left     |{}L>\n",
        " ".repeat(40)
    );
    assert!(out.contains(&far), "{out}");
    // Without the flag, nothing.
    assert!(!shown(&["nim", "--heaps", "1,2"], "n\n").contains("Your moves"));
}
