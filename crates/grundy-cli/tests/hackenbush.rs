//! Green Hackenbush through `grundy judge`, `solve` and `play`: it reaches
//! every front end through the registry alone.

use crate::common;

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    let mut command = common::grundy();
    command.env("NO_COLOR", "1");
    command
}

#[test]
fn judge_answers_a_line_each_skipping_blanks_and_comments() {
    // 0-1 1-2 1-3 2-3: a triangle on a stalk, *2. Two parallel ground
    // edges: *0. A loop at the ground: *1.
    grundy()
        .args(["judge", "green-hackenbush"])
        .write_stdin("0-1 1-2 1-3 2-3\n0-1 0-1\n\n# a comment\n  0-0  \n")
        .assert()
        .success()
        .stdout("WIN\nLOSE\nWIN\n");
}

#[test]
fn bad_edges_name_the_line_after_the_earlier_answers() {
    let refused = |input: String, what: &str| {
        grundy()
            .args(["judge", "green-hackenbush"])
            .write_stdin(input)
            .assert()
            .code(2)
            .stdout("WIN\n")
            .stderr(predicate::str::contains("line 2").and(predicate::str::contains(what)));
    };
    refused("0-1\n0-1 1-x\n".to_string(), "an edge `u-v`");
    refused("0-1\n0-1 1\n".to_string(), "`1`");
    refused("0-1\n0-1 -2\n".to_string(), "`-2`");
    refused(
        "0-1\n0-1000001\n".to_string(),
        "a vertex of at most 1000000",
    );
    refused("0-1\n0-1 2-3\n".to_string(), "edge 2 (2-3) cut off");
    let many = vec!["0-1"; 10_001].join(" ");
    refused(format!("0-1\n{many}\n"), "at most 10000 edges");
    // --max-cells lowers the limit on edges.
    grundy()
        .args(["judge", "green-hackenbush", "--max-cells", "3"])
        .write_stdin("0-1\n0-1 1-2 2-3 3-4\n")
        .assert()
        .code(2)
        .stdout("WIN\n")
        .stderr(predicate::str::contains("at most 3 edges"));
}

#[test]
fn solve_lists_every_winning_move_in_text_and_json() {
    grundy()
        .args(["solve", "green-hackenbush", "--all"])
        .write_stdin("0-1 1-2 1-3 2-3\n0-1 0-1\n")
        .assert()
        .success()
        .stdout(
            "Case 1: the first player wins (nim-sum *2).\n  \
             Pieces: piece 1: 4 edges *2\n  \
             Winning moves (1):\n    \
             delete edge 1 (0-1), and 3 edges fall\n  \
             grundy would play 1 (delete edge 1 (0-1), and 3 edges fall): it wins soonest: the game ends within 1 move.\n\
             Case 2: the second player wins (nim-sum *0).\n  \
             Whatever the first player does, the second player has a winning reply.\n  \
             Pieces: piece 1: 2 edges *0\n  \
             No winning move. Best try (it still loses): delete edge 1 (0-1).\n  \
             grundy would play 1 (delete edge 1 (0-1)): no move wins; this one makes the game last longest, \
             2 moves with best play.\n",
        );
    // Three ground edges, *1 each: cutting any one wins.
    let out = grundy()
        .args(["solve", "green-hackenbush", "--all", "--format", "json"])
        .write_stdin("0-1 0-2 0-3\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let cases = common::schema_checked(&String::from_utf8(out.stdout).unwrap());
    let case = &cases[0];
    assert_eq!(case["position"]["kind"], "graph");
    assert_eq!(case["winning_move_count"], "3");
    let edges: Vec<u64> = common::moves(case)
        .iter()
        .map(|m| m["edge"].as_u64().unwrap())
        .collect();
    assert_eq!(edges, [1, 2, 3]);
    assert_eq!(case["components"].as_array().unwrap().len(), 3);
    assert_eq!(case["components"][0]["part"]["kind"], "graph");
}

#[test]
fn play_from_a_file_follows_the_hint_to_a_win() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("graph.txt");
    std::fs::write(&file, "# a triangle on a stalk\n0-1 1-2 1-3 2-3\n").unwrap();
    grundy()
        .args(["play", "green-hackenbush"])
        .arg(&file)
        .args(["--seed", "1"])
        .write_stdin("help\nhint\n9\nx\n1\n")
        .assert()
        .success()
        .stdout(
            predicate::str::contains("Edges (vertex 0 is the ground): 1) 0-1   2) 1-2")
                .and(predicate::str::contains("A move is `E`: delete edge E"))
                .and(predicate::str::contains(
                    "Hint: 1 (delete edge 1 (0-1), and 3 edges fall) wins.",
                ))
                .and(predicate::str::contains(
                    "Not a legal move: there is no edge 9: the edges are numbered 1 to 4.",
                ))
                .and(predicate::str::contains("`x` is not an edge number"))
                .and(predicate::str::contains(
                    "You play 1: delete edge 1 (0-1), and 3 edges fall.",
                ))
                .and(predicate::str::contains("Game over: You win!")),
        );
}

#[test]
fn misere_play_loses_with_the_last_edge() {
    // One edge (or a loop): the mover deletes it, makes the last move and
    // loses. Two ground edges, or a stalk of two: the mover leaves one.
    grundy()
        .args(["judge", "green-hackenbush", "--misere"])
        .write_stdin("0-1\n0-1 0-2\n0-0\n0-1 1-2\n")
        .assert()
        .success()
        .stdout("LOSE\nWIN\nLOSE\nWIN\n");
    grundy()
        .args(["solve", "green-hackenbush", "--misere"])
        .write_stdin("0-1 1-2\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Case 1: the first player wins (misère play: the last player to move loses).",
        ))
        .stdout(predicate::str::contains(
            "Winning move: delete edge 2 (1-2).",
        ));
}
