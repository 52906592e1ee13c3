//! `grundy solve` as a user runs it: the text reports (snapshots), the JSON
//! Lines (checked against a schema), and every printed move checked against
//! the games' literal rules.

use crate::common;
use crate::literal;

use std::collections::{BTreeSet, HashMap};

use predicates::prelude::*;
use serde_json::Value;

const BOMB_SAMPLE: &str = "2 2\n.#\n..\n2 2\n.#\n.#\n0 0\n";
const CUTTING_SAMPLE: &str = "2 2\n3 2\n4 2\n";
const MATRIX_SAMPLE: &str = "2 3\n\n2 3 8\n\n5 2 7\n\n2 3\n\n1 2 3\n\n3 2 1\n";

fn solve(game: &str, input: &str, extra: &[&str]) -> String {
    let stdout = common::stdout_of(
        common::grundy()
            .args(["solve", game])
            .args(extra)
            .write_stdin(input),
    );
    String::from_utf8(stdout).unwrap()
}

fn json_lines(game: &str, input: &str, all: bool) -> Vec<Value> {
    let mut extra = vec!["--format", "json"];
    if all {
        extra.push("--all");
    }
    common::schema_checked(&solve(game, input, &extra))
}

#[test]
fn text_reports_of_the_seed_samples() {
    insta::assert_snapshot!("bomb", solve("bomb", BOMB_SAMPLE, &[]));
    insta::assert_snapshot!("cutting", solve("cutting", CUTTING_SAMPLE, &[]));
    insta::assert_snapshot!("matrix", solve("matrix", MATRIX_SAMPLE, &[]));
    insta::assert_snapshot!(
        "cutting_all",
        solve("cutting", "9 7\n1 5\n1 1\n", &["--all"])
    );
    insta::assert_snapshot!(
        "bomb_all",
        solve("bomb", "3 4\n.#.#\n#..#\n.##.\n", &["--all"])
    );
}

#[test]
fn the_engine_s_move_is_given_where_cheap_or_when_asked() {
    // The matrix sample's first case needs a search of more than 1,000
    // moves to find the quickest win: given only with --engine-move, and
    // then as `play` would make it.
    let line = "  grundy would play 2 1 (take 1 stone from row 2: 1 from (2,1)): it wins soonest: the game ends within 27 moves.";
    let cheap = solve("matrix", MATRIX_SAMPLE, &[]);
    assert!(!cheap.contains("grundy would play 2 1"), "{cheap}");
    let asked = solve("matrix", MATRIX_SAMPLE, &["--engine-move"]);
    assert!(asked.lines().any(|l| l == line), "{asked}");
    // Without it, the rest of the report is the same.
    let without: Vec<&str> = asked.lines().filter(|l| *l != line).collect();
    assert_eq!(without, cheap.lines().collect::<Vec<_>>());
    // A small tree is searched within the cheap budget: a 2×2 paper is
    // lost at once (every cut leaves a strip), 1 move to the end.
    let small = solve("cutting", "2 2\n", &[]);
    assert!(
        small.contains("grundy would play") && small.contains("last longest"),
        "{small}"
    );
    // No search at all where the position is too large to search: the
    // engine's move is its first winning move, given either way.
    let large = solve("nim", "300 200 100 7\n", &[]);
    assert!(large.contains("grundy would play"), "{large}");
    // JSON: `engine_move` absent where not cheap, present when asked.
    let json = |extra: &[&str]| -> Value {
        let mut args = vec!["--format", "json"];
        args.extend_from_slice(extra);
        serde_json::from_str(
            solve("matrix", MATRIX_SAMPLE, &args)
                .lines()
                .next()
                .unwrap(),
        )
        .unwrap()
    };
    assert!(json(&[]).get("engine_move").is_none());
    assert_eq!(
        json(&["--engine-move"])["engine_move"]["rule"],
        "soonest_win"
    );
}

#[test]
fn json_lines_follow_the_schema() {
    for all in [false, true] {
        assert_eq!(json_lines("bomb", BOMB_SAMPLE, all).len(), 2);
        assert_eq!(json_lines("cutting", CUTTING_SAMPLE, all).len(), 3);
        assert_eq!(json_lines("matrix", MATRIX_SAMPLE, all).len(), 2);
        assert_eq!(json_lines("cutting", "1 1\n1 7\n1000 3\n", all).len(), 3);
    }
    let sample = json_lines("bomb", BOMB_SAMPLE, false);
    assert_eq!(
        sample[0]["winning_moves"][0]["move"],
        serde_json::json!({"kind": "bomb", "explode": [1, 2], "above": null, "left": [1, 1]})
    );
    assert_eq!(sample[0]["winning_move_count"], "1");
    assert_eq!(sample[0]["winner_name"], "John");
    assert!(!common::wins(&sample[1]));
    assert_eq!(sample[1]["winner_name"], "Jack");
}

/// A small pseudo-random generator, so the positions are the same each run.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

fn cells(value: &Value) -> (u32, u32) {
    (
        value[0].as_u64().unwrap() as u32,
        value[1].as_u64().unwrap() as u32,
    )
}

#[test]
fn printed_bomb_moves_follow_the_literal_rules() {
    let (rows, cols) = (3u32, 4u32);
    let wins = literal::bomb_wins(rows, cols);
    let mut rng = Rng(0x5EED_0001);
    let masks: Vec<u32> = (0..300)
        .map(|_| rng.below(1 << (rows * cols)) as u32)
        .collect();
    let mut input = String::new();
    for &mask in &masks {
        input += &format!("{rows} {cols}\n");
        for r in 0..rows {
            let row: String = (0..cols)
                .map(|c| {
                    if mask >> (r * cols + c) & 1 == 1 {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect();
            input += &row;
            input.push('\n');
        }
    }
    for (case, &mask) in json_lines("bomb", &input, true).iter().zip(&masks) {
        let moves = literal::bomb_moves(rows, cols, mask);
        let winners: BTreeSet<literal::BombMove> = moves
            .iter()
            .filter(|(_, after)| !wins[*after as usize])
            .map(|(mv, _)| *mv)
            .collect();
        let printed: Vec<literal::BombMove> = common::moves(case)
            .iter()
            .map(|mv| {
                let explode = cells(&mv["explode"]);
                let above = (!mv["above"].is_null()).then(|| cells(&mv["above"]));
                let left = (!mv["left"].is_null()).then(|| cells(&mv["left"]));
                (explode, above, left)
            })
            .collect();
        for mv in &printed {
            assert!(
                moves.iter().any(|(m, _)| m == mv),
                "{mv:?} is not legal on {mask:#b}"
            );
        }
        assert_eq!(common::wins(case), !winners.is_empty());
        if winners.is_empty() {
            assert_eq!(
                printed.len(),
                usize::from(!moves.is_empty()),
                "one suggestion on {mask:#b}"
            );
        } else {
            assert_eq!(
                printed.iter().copied().collect::<BTreeSet<_>>(),
                winners,
                "{mask:#b}"
            );
        }
    }
}

#[test]
fn printed_cuts_follow_the_literal_rules() {
    let mut memo = HashMap::new();
    let papers: Vec<(u8, u8)> = (1..=7).flat_map(|w| (1..=7).map(move |h| (w, h))).collect();
    let input: String = papers.iter().map(|(w, h)| format!("{w} {h}\n")).collect();
    for (case, &paper) in json_lines("cutting", &input, true).iter().zip(&papers) {
        let moves = literal::cutting_moves(&[paper]);
        let winners: BTreeSet<literal::CutMove> = moves
            .iter()
            .filter(|(_, after)| match after {
                literal::After::Won => true,
                literal::After::Pieces(next) => !literal::cutting_wins(next, &mut memo),
            })
            .map(|(mv, _)| *mv)
            .collect();
        assert_eq!(
            case["position"]["pieces"],
            serde_json::json!([[paper.0.to_string(), paper.1.to_string()]])
        );
        let printed: Vec<literal::CutMove> = common::moves(case)
            .iter()
            .map(|mv| {
                assert_eq!(mv["piece"], 1);
                (
                    0,
                    mv["direction"] == "vertical",
                    common::int(&mv["at"]) as u8,
                )
            })
            .collect();
        for mv in &printed {
            assert!(
                moves.iter().any(|(m, _)| m == mv),
                "{mv:?} is not legal on {paper:?}"
            );
        }
        assert_eq!(common::wins(case), !winners.is_empty(), "{paper:?}");
        if winners.is_empty() {
            assert_eq!(printed.len(), usize::from(!moves.is_empty()), "{paper:?}");
        } else {
            assert_eq!(
                printed.iter().copied().collect::<BTreeSet<_>>(),
                winners,
                "{paper:?}"
            );
        }
    }
}

#[test]
fn printed_matrix_moves_follow_the_literal_rules() {
    let mut memo = HashMap::new();
    let (rows, cols) = (2usize, 3usize);
    let mut rng = Rng(0x5EED_0002);
    let matrices: Vec<Vec<u8>> = (0..300)
        .map(|_| (0..rows * cols).map(|_| rng.below(3) as u8).collect())
        .collect();
    let mut input = format!("{}\n", matrices.len());
    for m in &matrices {
        input += &format!("{rows} {cols}\n");
        for row in m.chunks(cols) {
            input += &row.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
            input.push('\n');
        }
    }
    for (case, cells) in json_lines("matrix", &input, true).iter().zip(&matrices) {
        let moves = literal::matrix_moves(cells, cols);
        let winners = literal::matrix_winning_totals(cells, cols, &mut memo);
        let mut printed = BTreeSet::new();
        for mv in common::moves(case) {
            let row = mv["row"].as_u64().unwrap() as usize;
            let take: Vec<u8> = mv["take"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| common::int(t) as u8)
                .collect();
            let before = &cells[(row - 1) * cols..row * cols];
            let after: Vec<u8> = before
                .iter()
                .zip(&take)
                .map(|(&b, &t)| b.checked_sub(t).expect("legal take"))
                .collect();
            assert!(
                moves.iter().any(|((r, a), _)| *r == row - 1 && *a == after),
                "{mv} on {cells:?}"
            );
            printed.insert((row, take.iter().map(|&t| u32::from(t)).sum::<u32>()));
        }
        assert_eq!(common::wins(case), !winners.is_empty());
        if winners.is_empty() {
            assert_eq!(printed.len(), usize::from(!moves.is_empty()));
        } else {
            assert_eq!(printed, winners, "{cells:?}");
        }
    }
}

#[test]
fn huge_positions_are_solved_quickly() {
    // A paper of 10^18 × 10^18: the winning cuts are counted, not scanned.
    let big = "1000000000000000000 1000000000000000000\n";
    let text = solve("cutting", big, &["--all"]);
    assert!(
        text.contains("Winning moves (") && text.contains(" more"),
        "{text}"
    );
    let json = json_lines("cutting", big, false);
    assert_eq!(json[0]["winning_moves"].as_array().map(Vec::len), Some(1));
    // The count is exact, far beyond 2^64, and written as a string.
    assert!(common::int(&json[0]["winning_move_count"]) > 1);
    // Too many to list in JSON: a clear refusal, not gigabytes.
    common::grundy()
        .args(["solve", "cutting", "--all", "--format", "json"])
        .write_stdin(big)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("too many to list in JSON"));
    // 50×50 cells near 2^64 − 1: each move must zero the nim-sum exactly.
    let max = u64::MAX;
    let cell = |r: u64, c: u64| max - (r * 7 + c) % 5 - u64::from(r == 0 && c == 0) * 9;
    let mut input = String::from("1\n50 50\n");
    for r in 0..50u64 {
        let row: Vec<String> = (0..50u64).map(|c| cell(r, c).to_string()).collect();
        input += &row.join(" ");
        input.push('\n');
    }
    let case = &json_lines("matrix", &input, true)[0];
    assert!(common::wins(case));
    let totals: Vec<u128> = (0..50u64)
        .map(|r| (0..50u64).map(|c| u128::from(cell(r, c))).sum())
        .collect();
    let moves = common::moves(case);
    assert!(!moves.is_empty());
    assert_eq!(
        common::int(&case["winning_move_count"]),
        moves.len() as u128
    );
    let sum = totals.iter().fold(0, |s, t| s ^ t);
    assert_eq!(case["nim_sum"], sum.to_string());
    for mv in &moves {
        let row = mv["row"].as_u64().unwrap() as usize - 1;
        let taken: u128 = mv["take"].as_array().unwrap().iter().map(common::int).sum();
        let mut after = totals.clone();
        after[row] -= taken;
        assert_eq!(after.iter().fold(0, |s, t| s ^ t), 0, "{mv}");
    }
}

#[test]
fn bad_input_is_reported_like_judge() {
    common::grundy()
        .args(["solve", "cutting"])
        .write_stdin("4 2\n5 x\n")
        .assert()
        .code(2)
        .stdout(predicate::str::starts_with("Case 1: the first player wins"))
        .stderr(predicate::str::contains("line 2: expected the height"));
}

#[test]
fn a_bomb_the_input_puts_on_1_1_is_said_to_vanish_not_dropped_silently() {
    let note = "  The bomb the input puts on (1,1) explodes at once without new bombs, as the rules say: it is not part of the position.\n";
    let shown = solve("bomb", "2 2\n#.\n..\n2 2\n.#\n.#\n", &[]);
    let (first, second) = shown.split_once("Case 2").unwrap();
    assert!(
        first.starts_with(&format!(
            "Case 1: Jack wins (nim-sum *0).\n{note}  John has no move.\n  Bombs: none\n"
        )),
        "{shown}"
    );
    assert!(!second.contains("(1,1) explodes at once"), "{shown}");
    // The judge's answers stay exactly the judge's.
    common::grundy()
        .args(["judge", "bomb"])
        .write_stdin("2 2\n#.\n..\n")
        .assert()
        .success()
        .stdout("Jack\n")
        .stderr("");
}
