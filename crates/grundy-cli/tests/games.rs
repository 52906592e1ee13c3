//! `grundy solve`, `judge` and `play` on the registered games that are not
//! seed games: octal codes, subtraction games, Grundy's game and Wythoff.

use crate::common;

use grundy::games::octal::{plain_values, OctalCode};
use predicates::prelude::*;
use serde_json::Value;

fn grundy(args: &[&str], input: &str) -> String {
    let stdout = common::stdout_of(
        common::grundy()
            .args(args)
            .env("NO_COLOR", "1")
            .write_stdin(input),
    );
    String::from_utf8(stdout).unwrap()
}

fn json_lines(game: &str, input: &str) -> Vec<Value> {
    common::schema_checked(&grundy(
        &["solve", game, "--all", "--format", "json"],
        input,
    ))
}

#[test]
fn solve_heap_games_in_json_matches_the_plain_rule() {
    let code: OctalCode = "0.137".parse().unwrap();
    let g = plain_values(&code, 40);
    // A blank line and a comment between positions are skipped.
    let input = "7\n10 7 3\n4 4\n\n# heaps 39 and 1:\n39 1\n";
    let positions: Vec<Vec<usize>> = vec![vec![7], vec![10, 7, 3], vec![4, 4], vec![39, 1]];
    let cases = json_lines("octal:0.137", input);
    assert_eq!(cases.len(), positions.len());
    for (case, heaps) in cases.iter().zip(&positions) {
        let sum = heaps.iter().fold(0, |s, &h| s ^ g[h]);
        assert_eq!(case["nim_sum"], sum.to_string(), "{heaps:?}");
        assert_eq!(common::wins(case), sum != 0, "{heaps:?}");
        // Every winning move printed leaves a position worth 0.
        if sum != 0 {
            for mv in common::moves(case) {
                let i = mv["heap"].as_u64().unwrap() as usize - 1;
                let mut after: Vec<usize> = heaps.clone();
                after.remove(i);
                let leave: Vec<usize> = mv["leave"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_u64().unwrap() as usize)
                    .collect();
                let taken = mv["take"].as_u64().unwrap() as usize;
                assert_eq!(taken + leave.iter().sum::<usize>(), heaps[i]);
                after.extend(leave);
                assert_eq!(after.iter().fold(0, |s, &h| s ^ g[h]), 0, "{mv}");
            }
        }
    }
    // Subtraction {1, 3, 4}: period 7, values 0 1 0 1 2 3 2.
    let cases = json_lines("subtraction:1,3,4", "20\n7 9\n");
    assert_eq!(cases[0]["nim_sum"], "2");
    assert!(!common::wins(&cases[1]));
    // Grundy's game (OEIS A002188): G(9) = 1, G(7) = 0.
    let cases = json_lines("grundys-game", "9\n7\n");
    assert_eq!(cases[0]["nim_sum"], "1");
    assert_eq!(cases[1]["nim_sum"], "0");
    // Wythoff: (1, 2) and (3, 5) are P-positions; (2, 2) is not.
    let cases = json_lines("wythoff", "1 2\n3 5\n2 2\n1 2 3 5\n");
    let wins: Vec<bool> = cases.iter().map(common::wins).collect();
    assert_eq!(wins, [false, false, true, false]);
}

#[test]
fn text_reports_and_judge_answers() {
    let text = grundy(&["solve", "octal:0.07"], "3 5 6\n");
    assert!(
        text.contains("Case 1: the first player wins (nim-sum *2).")
            && text.contains("Heaps: heap 1: 3 *1, heap 2: 5 *0, heap 3: 6 *3")
            && text.contains("Winning move: take 2 tokens from heap 3 (6), leaving 1 and 3."),
        "{text}"
    );
    assert_eq!(
        grundy(&["judge", "octal:0.07"], "1\n2\n# a comment\n\n5\n"),
        "LOSE\nWIN\nLOSE\n"
    );
    assert_eq!(grundy(&["judge", "wythoff"], "3 5\n4 4\n"), "LOSE\nWIN\n");
}

#[test]
fn play_heap_games_and_wythoff_by_script() {
    // Dawson's Kayles from 10, 7, 3 (*3 ^ *1 ^ *1 = *3): the hint wins,
    // an illegal move is refused with the reason, undo takes back a pair.
    let out = grundy(
        &["play", "octal:0.07", "--heaps", "10,7,3", "--seed", "1"],
        "help\nhint\n1 20\n1 4 4\nundo\nquit\n",
    );
    assert!(out.contains("Heaps: 1) 10   2) 7   3) 3"), "{out}");
    assert!(
        out.contains("Hint: 1 4 4 (take 2 tokens from heap 1 (10), leaving 4 and 4) wins."),
        "{out}"
    );
    assert!(
        out.contains("Not a legal move: heap 1 has 10 tokens, fewer than 20."),
        "{out}"
    );
    assert!(
        out.contains("You play 1 4 4: take 2 tokens from heap 1 (10), leaving 4 and 4."),
        "{out}"
    );
    assert!(out.contains("grundy plays"), "{out}");
    assert!(
        out.contains("Took back your last move and grundy's reply."),
        "{out}"
    );
    // Subtraction {1, 3, 4} from 20: the winning move, then grundy's reply.
    let out = grundy(
        &["play", "subtraction:1,3,4", "--heaps", "20", "--seed", "1"],
        "1 4\n",
    );
    assert!(
        out.contains("You play 1 4: take 4 tokens from heap 1 (20), leaving 16."),
        "{out}"
    );
    assert!(out.contains("grundy plays 1 "), "{out}");
    // Grundy's game and Wythoff's game, with grundy moving first.
    let out = grundy(
        &[
            "play",
            "grundys-game",
            "--heaps",
            "9",
            "--you",
            "second",
            "--seed",
            "1",
        ],
        "quit\n",
    );
    assert!(
        out.contains("grundy plays 1 2 7: split heap 1 (9) into 2 and 7."),
        "{out}"
    );
    let out = grundy(
        &["play", "wythoff", "--heaps", "2,2", "--seed", "1"],
        "1 0 0\n",
    );
    assert!(
        out.contains("You play 1 0 0: take 2 from both heaps of pair 1 (2, 2), leaving (0, 0)."),
        "{out}"
    );
    assert!(out.contains("Game over: You win!"), "{out}");
}

#[test]
fn bad_game_names_and_heap_lines_exit_2() {
    let run = |args: &[&str], input: &str| {
        common::grundy()
            .args(args)
            .write_stdin(input.to_string())
            .assert()
            .code(2)
    };
    // Every registered game, by its name as GAME is written, seed games first.
    let names: Vec<String> = grundy::registry::GAMES
        .iter()
        .map(grundy::registry::display_name)
        .collect();
    assert_eq!(names[..3], ["bomb", "cutting", "matrix"]);
    run(&["solve", "chess"], "").stderr(predicate::str::contains(format!(
        "unknown game `chess`; the games are: {}, kayles (octal:0.77)",
        names.join(", ")
    )));
    run(&["solve", "octal:0.0x7"], "").stderr(predicate::str::contains("octal: `0.0x7`:"));
    run(&["solve", "octal"], "").stderr(predicate::str::contains("expected an octal code"));
    run(&["solve", "subtraction:"], "").stderr(predicate::str::contains("expected a set"));
    run(&["solve", "subtraction:0,2"], "").stderr(predicate::str::contains("0 is not an amount"));
    run(&["solve", "bomb:3"], "").stderr(predicate::str::contains("takes no parameter"));
    // Earlier answers are written before the bad line is reported.
    run(&["judge", "octal:0.07"], "1\n2\n3 x\n")
        .stdout("LOSE\nWIN\n")
        .stderr(predicate::str::contains("line 3: expected a heap size"));
    run(&["judge", "octal:0.07"], "4 -1\n")
        .stderr(predicate::str::contains("the negative number `-1`"));
    run(&["solve", "grundys-game"], "2\n2000000\n")
        .stdout(predicate::str::contains("Case 1:"))
        .stderr(predicate::str::contains(
            "line 2: heap 2,000,000 is too large: grundy values this game's heaps up to 1,000,000",
        ));
    run(&["judge", "nim"], "1\n18446744073709551616\n")
        .stdout("WIN\n")
        .stderr(predicate::str::contains(
            "line 2: expected a heap size from 0 to 18,446,744,073,709,551,615",
        ));
    run(&["table", "octal:0.07", "--size", "3"], "").stderr(predicate::str::contains(
        "octal:0.07 has no table of one component; the games with one: bomb, cutting",
    ));
    run(&["judge", "wythoff"], "1 2 3\n").stderr(predicate::str::contains(
        "line 1: expected pairs of heap sizes",
    ));
    // Grundy's game is valued by the octal engine's sparse space, as
    // `octal:4!.0`, up to --max-heap (it was 30,000 by the plain rule).
    assert_eq!(
        grundy(&["judge", "grundys-game", "--max-heap", "50000"], "40000\n"),
        grundy(&["judge", "octal:4!.0", "--max-heap", "50000"], "40000\n"),
    );
    run(&["judge", "grundys-game", "--max-heap", "50000"], "50001\n")
        .stderr(predicate::str::contains("line 1: heap 50,001 is too large"));
    // Heap sizes past the limit are fine where a proven period answers.
    assert_eq!(
        grundy(
            &["judge", "octal:0.07", "--max-heap", "500000000"],
            "499999999\n"
        ),
        "WIN\n"
    );
}

#[test]
fn completions_and_man_page() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let out = grundy(&["completions", shell], "");
        assert!(out.contains("grundy") && out.contains("solve"), "{shell}");
    }
    let man = grundy(&["man"], "");
    assert!(man.contains(".TH grundy") && man.contains("solve"), "{man}");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    // `grundy completions bash | true`: no panic, no message, status 0.
    for args in [
        &["completions", "bash"][..],
        &["man"],
        &["solve", "--help"],
        &["table", "bomb", "--size", "30"],
    ] {
        let (status, stderr) = common::into_a_closed_pipe(args);
        assert_eq!((status, stderr.as_str()), (Some(0), ""), "{args:?}");
    }
}

/// The standard error of `grundy ARGS` with `input`, which must fail with
/// status 2.
fn refused(args: &[&str], input: &str) -> String {
    let output = common::grundy()
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    String::from_utf8(output.stderr).unwrap()
}

#[test]
fn messages_say_what_they_mean() {
    // The limit and its flag, each named once, for a heap past it whose
    // value no period gives (Grundy's game); where a period does (0.07), the
    // heap is answered.
    let err = refused(&["judge", "grundys-game"], "1000001\n");
    assert!(err.contains("heap 1,000,001 is too large"), "{err}");
    assert_eq!(err.matches("raises the limit").count(), 1, "{err}");
    assert!(
        err.contains("--max-heap") && !err.contains("--max-cells"),
        "{err}"
    );
    assert_eq!(grundy(&["judge", "octal:0.07"], "1000001\n"), "WIN\n");
    // A number past 2^64 − 1 is no heap size.
    let err = refused(&["judge", "octal:0.07"], "18446744073709551616\n");
    assert!(
        err.contains("found a number above 18,446,744,073,709,551,615"),
        "{err}"
    );
    // One Wythoff pair is decided at any size by Wythoff's pairs; a sum
    // with a pair beyond the table is refused, naming its line, after the
    // answers before it.
    let answers = grundy(
        &["judge", "wythoff"],
        "3000 5\n1000000000 1618033989\n18446744073709551615 0\n",
    );
    assert_eq!(answers, "WIN\nLOSE\nWIN\n");
    let output = common::grundy()
        .args(["judge", "wythoff"])
        .write_stdin("3 5\n1 2 3000 5\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "LOSE\n");
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(
        err.contains("line 2: the pair (3,000, 5) is beyond the table's side of 2,000"),
        "{err}"
    );
    assert_eq!(err.matches("--max-cells").count(), 1, "{err}");
    // Grundy's game is valued as far as the heap limit goes, and refused
    // past it before any value is computed.
    assert!(!err.contains("values computed"), "{err}");
    // Play's refusals and descriptions.
    let play = |args: &[&str], script: &str| grundy(&[&["play"], args].concat(), script);
    let out = play(&["bomb", "--seed", "3"], "3 3 4 1\nquit\n");
    assert!(
        out.contains("must be on a row above row 3: row 4 is not"),
        "{out}"
    );
    let out = play(&["octal:0.3", "--heaps", "1"], "1 2\nquit\n");
    assert!(out.contains("heap 1 has 1 token, fewer than 2"), "{out}");
    let out = play(&["grundys-game", "--heaps", "9"], "hint\nquit\n");
    assert!(out.contains("(split heap 1 (9) into 2 and 7)"), "{out}");
    assert!(!out.contains("take nothing"), "{out}");
    let out = grundy(&["solve", "cutting"], "1 5\n");
    assert!(
        out.contains("1×4, cutting out a single cell, which wins."),
        "{out}"
    );
    assert!(!out.contains(") ("), "{out}");
    // The help names the JSON field that exists.
    let help = grundy(&["solve", "--help"], "");
    assert!(help.contains("jq .winning_moves"), "{help}");
}

#[test]
fn a_mistyped_name_gets_a_suggestion() {
    let err = refused(&["solve", "wythof"], "3 5\n");
    assert!(
        err.contains("unknown game `wythof` (did you mean `wythoff`?)"),
        "{err}"
    );
    // Nothing close: no suggestion, but the list of games.
    let err = refused(&["solve", "chess"], "");
    assert!(
        !err.contains("did you mean") && err.contains("the games are: bomb"),
        "{err}"
    );
    let output = common::grundy().arg("slove").output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(err.contains("'solve'"), "{err}");
}

#[test]
fn limit_options_are_offered_only_where_they_apply() {
    for sub in ["man", "completions", "octal", "census"] {
        let help = grundy(&[sub, "--help"], "");
        for option in ["--max-cells", "--max-heap", "--no-cache"] {
            assert!(!help.contains(option), "{sub} offers {option}: {help}");
        }
    }
    for sub in ["judge", "solve", "play"] {
        let help = grundy(&[sub, "--help"], "");
        for option in ["--max-cells", "--max-heap", "--no-cache"] {
            assert!(help.contains(option), "{sub} lacks {option}");
        }
    }
    let help = grundy(&["table", "--help"], "");
    assert!(
        help.contains("--max-cells") && !help.contains("--max-heap"),
        "{help}"
    );
    // Given before the subcommand or after it, the same.
    for args in [
        &["--max-heap", "2000000", "judge", "octal:0.07"][..],
        &["judge", "octal:0.07", "--max-heap", "2000000"],
    ] {
        assert_eq!(grundy(args, "1000001\n"), "WIN\n", "{args:?}");
    }
}

#[test]
fn the_help_names_every_registered_game() {
    // From the registry, not a list kept by hand: a game registered later
    // is named without an edit here.
    let top = grundy(&["--help"], "");
    let judge = grundy(&["judge", "--help"], "");
    let solve = grundy(&["solve", "--help"], "");
    for entry in grundy::registry::GAMES {
        let name = grundy::registry::display_name(entry);
        assert!(top.contains(&name), "`grundy --help` misses {name}: {top}");
        assert!(
            judge.contains(&name),
            "`judge --help` misses {name}: {judge}"
        );
        // `solve --help` states each game's rules too.
        assert!(solve.contains(entry.rules.split_whitespace().next().unwrap()));
        assert!(solve.contains(&name), "`solve --help` misses {name}");
    }
}

#[test]
fn docs_games_names_every_registered_game() {
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/games.md"))
        .unwrap();
    for entry in grundy::registry::GAMES {
        let name = format!("`{}`", grundy::registry::display_name(entry));
        assert!(page.contains(&name), "docs/games.md does not name {name}");
    }
}

#[test]
fn classical_names_are_the_games_they_stand_for() {
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/games.md"))
        .unwrap();
    for alias in grundy::registry::ALIASES {
        let said = format!("`{}`\n(`{}`)", alias.name, alias.stands_for);
        let said_on_one_line = format!("`{}` (`{}`)", alias.name, alias.stands_for);
        assert!(
            page.contains(&said) || page.contains(&said_on_one_line),
            "docs/games.md does not say what {} stands for",
            alias.name
        );
        let run = |name: &str, format: &str| {
            let output = common::grundy()
                .args(["solve", name, "--format", format])
                .write_stdin("5 3\n")
                .output()
                .unwrap();
            assert!(output.status.success(), "{name}");
            String::from_utf8(output.stdout).unwrap()
        };
        assert_eq!(
            run(alias.name, "text"),
            run(alias.stands_for, "text"),
            "{}",
            alias.name
        );
        let json = run(alias.name, "json");
        assert!(
            json.contains(&format!("\"game\":\"{}\"", alias.stands_for)),
            "{}: {json}",
            alias.name
        );
    }
}
