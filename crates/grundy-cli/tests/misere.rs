//! `--misere` as a user runs it: judge, solve and play under misère play,
//! the seed games' answer formats, and refusals (exit status 2).

use predicates::prelude::*;

use crate::common::grundy;

#[test]
fn judge_matrix_misere_keeps_the_seed_format() {
    // Case 1: totals 13 and 14, nim-sum 3 with big rows: Alice.
    // Case 2: totals 6 and 6: nim-sum 0 with big rows: Bob.
    // Case 3: one stone: Alice must take it, and loses.
    // Case 4: two single stones: Alice takes one and wins.
    let input = "2 3\n2 3 8\n5 2 7\n2 3\n1 2 3\n3 2 1\n1 1\n1\n2 1\n1\n1\n";
    grundy()
        .args(["judge", "matrix", "--misere"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout("Case 1: Alice\nCase 2: Bob\nCase 3: Bob\nCase 4: Alice\n")
        .stderr("");
    // Normal play differs on the last two.
    grundy()
        .args(["judge", "matrix"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout("Case 1: Alice\nCase 2: Bob\nCase 3: Alice\nCase 4: Bob\n");
}

#[test]
fn judge_bomb_and_heap_games_misere() {
    // One bomb on (1,2): its only move is the last one.
    grundy()
        .args(["judge", "bomb", "--misere"])
        .write_stdin("2 2\n.#\n..\n0 0\n")
        .assert()
        .success()
        .stdout("Jack\n");
    // Kayles heaps 1+2+3 are tame and worth 0 with a firm heap: lost; one
    // heap of 1 is lost, two are won.
    grundy()
        .args(["judge", "octal:0.77", "--misere"])
        .write_stdin("1 2 3\n1\n1 1\n")
        .assert()
        .success()
        .stdout("LOSE\nLOSE\nWIN\n");
}

#[test]
fn a_game_without_a_misere_form_is_a_usage_error() {
    for command in ["judge", "solve"] {
        grundy()
            .args([command, "cutting", "--misere"])
            .write_stdin("4 2\n")
            .assert()
            .code(2)
            .stdout("")
            .stderr(
                predicate::str::contains("no misère variant")
                    .and(predicate::str::contains("1×1 piece")),
            );
    }
    // --misere-budget needs --misere.
    grundy()
        .args(["judge", "matrix", "--misere-budget", "10"])
        .write_stdin("1 1\n1\n")
        .assert()
        .code(2);
}

#[test]
fn a_search_beyond_the_budget_is_refused_after_the_earlier_answers() {
    // Dawson's Kayles: no misère quotient within a question's bounds.
    grundy()
        .args(["judge", "octal:0.07", "--misere", "--misere-budget", "1000"])
        .write_stdin("1 2 3\n30 31 29\n4\n")
        .assert()
        .code(2)
        .stdout("WIN\n")
        .stderr(
            predicate::str::contains("line 2")
                .and(predicate::str::contains("more than 1,000 positions"))
                .and(predicate::str::contains("--misere-budget")),
        );
    grundy()
        .args(["solve", "octal:0.07", "--misere", "--misere-budget", "1000"])
        .write_stdin("1 2 3\n30 31 29\n")
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "Case 1: the first player wins (misère play",
        ))
        .stderr(predicate::str::contains("line 2"));
}

/// A heap whose moves outnumber the budget (Dawson's Kayles at 10^12: its
/// normal value is read through the period, but the misère search would
/// list 5·10^11 moves) is refused at once with their count, after the
/// earlier answers; before, the search listed them, without end.
#[test]
fn a_heap_with_more_moves_than_the_budget_is_refused_at_once() {
    grundy()
        .args(["judge", "octal:0.07", "--misere"])
        .write_stdin("1 2 3\n1000000000000 1\n4\n")
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .code(2)
        .stdout("WIN\n")
        .stderr(
            predicate::str::contains("line 2")
                .and(predicate::str::contains("to list: 500,000,000,000"))
                .and(predicate::str::contains("--misere-budget")),
        );
}

#[test]
fn solve_misere_text_and_json() {
    grundy()
        .args(["solve", "octal:0.77", "--misere", "--all"])
        .write_stdin("2\n")
        .assert()
        .success()
        .stdout(
            predicate::str::contains("Case 1: the first player wins (misère play").and(
                predicate::str::contains("take 1 token from heap 1 (2), leaving 1"),
            ),
        );
    let out = grundy()
        .args(["solve", "matrix", "--misere", "--format", "json"])
        .write_stdin("1 1\n1\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let analysis: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(analysis["misere"], true);
    assert_eq!(analysis["winner"], "second");
    assert_eq!(analysis["winner_name"], "Bob");
    assert_eq!(analysis["nim_sum_decides"], false);
    assert_eq!(analysis["winning_move_count"], "0");
    assert!(analysis["suggested_move"].is_object());
    // Normal-play JSON has no "misere" field at all.
    let out = grundy()
        .args(["solve", "matrix", "--format", "json"])
        .write_stdin("1 1\n1\n")
        .output()
        .unwrap();
    let analysis: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(analysis.get("misere").is_none());
}

#[test]
fn play_misere_the_last_move_loses() {
    // Kayles from one heap of 2: take one, grundy must take the last.
    grundy()
        .args(["play", "octal:0.77", "--heaps", "2", "--misere"])
        .write_stdin("hint\n1 1\nn\n")
        .assert()
        .success()
        .stdout(
            predicate::str::contains("Misère play")
                .and(predicate::str::contains("Hint: 1 1"))
                .and(predicate::str::contains("Game over: You win!")),
        );
    // From one heap of 1 the person must take it and loses.
    grundy()
        .args(["play", "octal:0.77", "--heaps", "1", "--misere"])
        .write_stdin("1 1\nn\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("Game over: grundy wins."));
}

#[test]
fn octal_misere_lists_genera_and_the_first_heap_that_is_not_tame() {
    grundy()
        .args(["octal", "0.77", "--misere", "--upto", "7"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("  5: 4^146  (wild)")
                .and(predicate::str::contains("  4: 1^031\n"))
                .and(predicate::str::contains(
                    "  6: 3^31  (not shown tame: a heap it leaves is not)",
                ))
                .and(predicate::str::contains(
                    "first heap not shown tame: 5 (4^146)",
                )),
        );
    let out = grundy()
        .args([
            "octal", "0.312", "--misere", "--upto", "7", "--format", "json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["first_not_tame"], 4);
    assert_eq!(doc["genera"][4]["genus"], "2^1420");
    assert_eq!(doc["genera"][4]["wild"], true);
    assert_eq!(doc["genera"][3]["wild"], false);
    assert_eq!(doc["genera"][5]["tame"], false);
    assert_eq!(doc["genera"][5]["wild"], false);
    assert_eq!(doc["genera"].as_array().unwrap().len(), 7);
    grundy()
        .args([
            "octal", "0.77", "--misere", "--format", "csv", "--upto", "3",
        ])
        .assert()
        .success()
        .stdout(
            "n,genus,normal,misere,tame,wild\n0,0^120,0,1,true,false\n1,1^031,1,0,true,false\n2,2^20,2,2,true,false\n",
        );
    // Beyond the budget: the heaps before it, then exit status 2.
    grundy()
        .args([
            "octal",
            "0.77",
            "--misere",
            "--upto",
            "40",
            "--misere-budget",
            "20000",
        ])
        .assert()
        .code(2)
        .stdout(predicate::str::contains(" 12: 4^046"))
        .stderr(predicate::str::contains("--misere-budget"));
}

#[test]
fn misere_play_reaches_solve_through_the_one_surface() {
    // Every game that declares a misère form: `solve --misere` writes the
    // library's misère analysis of each position, and `judge --misere` its
    // outcome.
    use grundy::registry::{Settings, GAMES};
    let convention = grundy::Convention::Misere {
        budget: grundy::misere::DEFAULT_BUDGET,
    };
    let mut checked = Vec::new();
    for entry in GAMES {
        let mut game = grundy::dynamic::open(entry.example, &Settings::default()).unwrap();
        if !game.abilities().misere {
            continue;
        }
        game.set_convention(convention).unwrap();
        let size = if entry.name == "bomb" { (2, 3) } else { (3, 5) };
        let positions: Vec<_> = (1..=5)
            .map(|seed| game.random_position(seed, Some(size)))
            .collect();
        let input: String = positions
            .iter()
            .map(|p| serde_json::to_string(p).unwrap() + "\n")
            .collect();
        let out = grundy()
            .args(["solve", entry.example, "--misere", "--all"])
            .args(["--input", "json", "--format", "json"])
            .write_stdin(input)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), positions.len());
        for (i, (line, position)) in lines.iter().zip(&positions).enumerate() {
            let mut expected = game.analyse(position, usize::MAX).unwrap();
            expected.case = Some(i as u64 + 1);
            assert_eq!(
                line,
                &serde_json::to_value(&expected).unwrap(),
                "{}",
                entry.example
            );
        }
        checked.push(entry.name);
    }
    // The games known to have a misère form were among them.
    for name in [
        "bomb",
        "matrix",
        "octal",
        "subtraction",
        "grundys-game",
        "green-hackenbush",
        "nim",
    ] {
        assert!(checked.contains(&name), "{name}: {checked:?}");
    }
}

/// Misère Kayles through its proven quotient at any heap size: a heap of
/// 10^18 beside 3 is answered at once, its winning moves counted without
/// listing them (before, they were listed one by one: minutes and
/// gigabytes). The count carries on the law the library's tests prove
/// against the letter: two periods (24 tokens) more add the same number
/// of winning splits.
#[test]
fn misere_kayles_heaps_of_any_size_have_their_winning_moves_counted() {
    let count = |heap: u64| -> u128 {
        let out = grundy()
            .args(["solve", "octal:0.77", "--misere", "--format", "json"])
            .write_stdin(format!("{heap} 3\n"))
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["winner"], "first");
        json["winning_move_count"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap()
    };
    let (small, next) = (count(1_000_008), count(1_000_032));
    let huge = 1_000_000_000_000_000_008u64;
    let steps = u128::from((huge - 1_000_008) / 24);
    assert_eq!(count(huge), small + (next - small) * steps);
    assert!(next > small);
}
