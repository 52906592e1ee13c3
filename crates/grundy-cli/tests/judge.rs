//! `grundy judge` as a user runs it: exact output, exit statuses, messages,
//! the answers kept before an error, and the same bytes from the SIMD
//! readers and the portable ones on inputs of every benchmarked shape.

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

use predicates::prelude::*;

use crate::common::{self, grundy};

fn judge(game: &str, input: &str) -> assert_cmd::assert::Assert {
    grundy().args(["judge", game]).write_stdin(input).assert()
}

const BOMB_SAMPLE: &str = "2 2\n.#\n..\n2 2\n.#\n.#\n0 0\n";
const CUTTING_SAMPLE: &str = "2 2\n3 2\n4 2\n";
const MATRIX_SAMPLE: &str = "2 3\n\n2 3 8\n\n5 2 7\n\n2 3\n\n1 2 3\n\n3 2 1\n";

#[test]
fn on_a_terminal_judge_and_solve_say_they_wait_for_cases_and_through_a_pipe_say_nothing() {
    for command in ["judge bomb", "solve bomb"] {
        let shown = common::on_terminal(command, "1 1\n#\n");
        assert!(
            shown.contains("grundy: reading bomb cases from the terminal, in the judge's input format; end with Ctrl-D"),
            "{command}: {shown}"
        );
        // And the case is answered.
        assert!(shown.contains("Jack"), "{command}: {shown}");
    }
    judge("bomb", "1 1\n#\n")
        .success()
        .stdout("Jack\n")
        .stderr("");
}

#[test]
fn seed_samples_byte_for_byte() {
    judge("bomb", BOMB_SAMPLE)
        .success()
        .stdout("John\nJack\n")
        .stderr("");
    judge("cutting", CUTTING_SAMPLE)
        .success()
        .stdout("LOSE\nLOSE\nWIN\n")
        .stderr("");
    judge("matrix", MATRIX_SAMPLE)
        .success()
        .stdout("Case 1: Alice\nCase 2: Bob\n")
        .stderr("");
}

#[test]
fn crlf_and_a_byte_order_mark_change_nothing() {
    for (game, input, output) in [
        ("bomb", BOMB_SAMPLE, "John\nJack\n"),
        ("cutting", CUTTING_SAMPLE, "LOSE\nLOSE\nWIN\n"),
        ("matrix", MATRIX_SAMPLE, "Case 1: Alice\nCase 2: Bob\n"),
    ] {
        let dos = format!("\u{FEFF}{}", input.replace('\n', "\r\n"));
        judge(game, &dos).success().stdout(output);
        // No final newline.
        judge(game, input.trim_end()).success().stdout(output);
    }
}

#[test]
fn the_shipped_examples_run() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/");
    for (game, output) in [
        ("bomb", "John\nJack\n"),
        ("cutting", "LOSE\nLOSE\nWIN\n"),
        ("matrix", "Case 1: Alice\nCase 2: Bob\n"),
    ] {
        grundy()
            .args(["judge", game, &format!("{root}{game}.txt")])
            .assert()
            .success()
            .stdout(output);
    }
}

#[test]
fn matrix_with_a_case_count_and_huge_values() {
    let max = u64::MAX;
    // 50 cells of 2^64 − 1: the row sums overflow 64 bits but are equal.
    let row = vec![max.to_string(); 50].join(" ");
    let input = format!("2\n2 50\n{row}\n{row}\n1 2\n{max} 0\n");
    judge("matrix", &input)
        .success()
        .stdout("Case 1: Bob\nCase 2: Alice\n");
}

#[test]
fn cutting_edges_and_huge_papers() {
    let big = i64::MAX;
    judge("cutting", &format!("1 1\n1 2\n5 1\n{big} {big}\n2 {big}\n"))
        .success()
        .stdout(predicate::str::starts_with("LOSE\nWIN\nWIN\n"))
        .stdout(predicate::function(|out: &str| out.lines().count() == 5));
}

/// Bad input: status 2, a message naming the line, and every earlier answer.
#[test]
fn bad_input_keeps_earlier_answers() {
    let cases = [
        ("bomb", "1 1\n#\n2 2\n.#\n.?\n", "Jack\n", "<stdin>: line 5: expected `#` or `.` in row 2, found `?`"),
        ("bomb", "1 2\n.#\n2 3\n...\n", "John\n", "line 5: expected row 2 of 2 (3 cells of `#` or `.`), found end of input"),
        ("bomb", "1 1\n#\n3000 3\n", "Jack\n", "line 3: expected a board of at most 2000×2000, found 3000×3 (--max-cells raises the limit)"),
        ("bomb", "2 -2\n", "", "line 1: expected the number of columns `m` of `n m`, found `-2`"),
        ("cutting", "2 2\n4 2\n5 z\n", "LOSE\nWIN\n", "line 3: expected the height `H` of `W H` (a positive integer), found `z`"),
        ("cutting", "4 2\n0 3\n", "WIN\n", "line 2: expected the width `W` of `W H` (a positive integer), found `0`"),
        ("cutting", "4 2\n3", "WIN\n", "line 2: expected the height `H` after `W` (a positive integer), found end of input"),
        ("matrix", "3\n1 1\n5\n1 2\n1 1\n", "Case 1: Alice\nCase 2: Alice\n", "line 5: expected case 3 of 3 (`m n`), found end of input"),
        ("matrix", "2\n1 2\n1 1\n1 2\n3\n", "Case 1: Alice\n", "line 5: expected cell (1, 2) of case 2 (1×2), found end of input"),
        ("matrix", "1\n1 1\n99999999999999999999\n", "", "line 3: expected a number of stones (an integer from 0 to 18446744073709551615), found `99999999999999999999` (too large"),
    ];
    for (game, input, kept, message) in cases {
        judge(game, input)
            .code(2)
            .stdout(kept.to_string())
            .stderr(predicate::str::contains(message).and(predicate::str::starts_with("grundy: ")));
    }
}

#[test]
fn a_missing_file_is_an_io_error() {
    grundy()
        .args(["judge", "cutting", "/nonexistent/input.txt"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "cannot open /nonexistent/input.txt",
        ));
}

#[test]
fn a_named_file_is_named_in_messages() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("in.txt");
    std::fs::write(&path, "4 2\nx 1\n").unwrap();
    grundy()
        .args(["judge", "cutting"])
        .arg(&path)
        .assert()
        .code(2)
        .stdout("WIN\n")
        .stderr(predicate::str::contains(format!(
            "{}: line 2:",
            path.display()
        )));
}

#[test]
fn usage_errors_and_help() {
    grundy().args(["judge", "chess"]).assert().code(2);
    grundy().arg("--help").assert().success().stdout(
        predicate::str::contains("Examples:").and(predicate::str::contains("grundy judge")),
    );
    grundy()
        .args(["judge", "--help"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("Examples:")
                .and(predicate::str::contains("grundy judge cutting")),
        );
}

/// `grundy judge cutting < big | head -1` ends quietly with status 0.
#[test]
fn a_closed_output_pipe_ends_quietly() {
    let mut child = common::grundy_process()
        .args(["judge", "cutting"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let chunk = "4 2\n".repeat(1 << 12);
        // Write until grundy goes away (a broken pipe on our side too).
        for _ in 0..1 << 12 {
            if stdin.write_all(chunk.as_bytes()).is_err() {
                break;
            }
        }
    });
    let mut first = String::new();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    stdout.read_line(&mut first).unwrap();
    assert_eq!(first, "WIN\n");
    // Closing our end of the pipe: grundy must notice and stop quietly.
    drop(stdout);
    let status = child.wait().unwrap();
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    writer.join().unwrap();
    assert_eq!(status.code(), Some(0));
    assert_eq!(stderr, "");
}

#[test]
fn bomb_boards_beyond_the_contest() {
    // 120×120 with one bomb in every row at a column that shifts: checked
    // against the library's plain recurrence.
    let n = 120;
    let table = grundy::games::bomb::naive_table(n, n);
    let mut input = format!("{n} {n}\n");
    let mut sum = 0;
    for (r, values) in table.iter().enumerate() {
        let c = (r * 7 + 3) % n;
        let mut row = vec!['.'; n];
        row[c] = '#';
        input.extend(row);
        input.push('\n');
        sum ^= values[c];
    }
    let expected = if sum != 0 { "John\n" } else { "Jack\n" };
    judge("bomb", &input).success().stdout(expected);
}

/// A program that feeds cases one at a time gets each answer before it
/// sends the next: grundy never sits on an answer while waiting for input.
#[test]
fn answers_come_before_the_next_case_is_read() {
    use std::sync::mpsc;
    use std::time::Duration;

    let dialogues: [(&str, &[(&str, &str)]); 4] = [
        (
            "cutting",
            &[("4 2\n", "WIN\n"), ("3 2\n", "LOSE\n"), ("1 1\n", "LOSE\n")],
        ),
        // Several pairs on a line (the token scanner's path): both answers
        // come before the next line is sent ("" sends nothing more).
        (
            "cutting",
            &[
                ("2 2\t4 2\n", "LOSE\n"),
                ("", "WIN\n"),
                ("3 2 2 2\r\n", "LOSE\n"),
                ("", "LOSE\n"),
            ],
        ),
        ("bomb", &[("1 1\n#\n", "Jack\n"), ("1 2\n.#\n", "John\n")]),
        (
            "matrix",
            &[
                ("3\n1 1\n3\n", "Case 1: Alice\n"),
                ("2 1\n1\n1\n", "Case 2: Bob\n"),
                ("1 1 0\n", "Case 3: Bob\n"),
            ],
        ),
    ];
    for (game, turns) in dialogues {
        let mut child = common::grundy_process()
            .args(["judge", game])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let (lines, answers) = mpsc::channel();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let reader = std::thread::spawn(move || loop {
            let mut line = String::new();
            if stdout.read_line(&mut line).unwrap_or(0) == 0 {
                break;
            }
            if lines.send(line).is_err() {
                break;
            }
        });
        for (case, answer) in turns {
            stdin.write_all(case.as_bytes()).unwrap();
            stdin.flush().unwrap();
            let got = answers.recv_timeout(Duration::from_secs(20));
            assert_eq!(got.as_deref(), Ok(*answer), "{game}: after {case:?}");
        }
        drop(stdin);
        assert!(child.wait().unwrap().success());
        reader.join().unwrap();
    }
}

// ---------------------------------------------------------------------
// `grundy judge` on inputs of the shapes its benchmark times (bomb
// densities and sizes, pairs per line and number sizes, matrix values and
// case sizes), written with CRLF, tabs and blank lines in places, each a
// few read buffers long: the SIMD readers and the portable ones
// (`GRUNDY_SIMD=portable`) print the same bytes, and Cutting and Matrix
// answer the same as for the same numbers one to a line.

/// A small xorshift generator: the inputs are the same every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A separator: mostly one space, sometimes a tab, a CR before a
    /// newline, or a blank line.
    fn gap(&mut self, newline: bool) -> &'static str {
        match (newline, self.below(16)) {
            (false, 0) => "\t",
            (false, 1) => " \t ",
            (false, _) => " ",
            (true, 0) => "\r\n",
            (true, 1) => "\n\n",
            (true, 2) => " \r\n\r\n",
            (true, _) => "\n",
        }
    }
}

/// How the input reaches `grundy judge`.
#[derive(Clone, Copy, Debug)]
enum Feed {
    /// Piped into standard input: read a buffer at a time.
    Pipe,
    /// Named as a file: mapped into memory and read in place.
    File,
    /// Named as a file, with `--no-mmap`: read a buffer at a time.
    FileNoMmap,
}

fn run(game: &str, input: &[u8], simd: &str, feed: Feed) -> (Option<i32>, Vec<u8>) {
    let file = tempfile::NamedTempFile::new().unwrap();
    let mut cmd = common::grundy();
    cmd.env("GRUNDY_SIMD", simd)
        .env(
            "GRUNDY_CACHE_DIR",
            std::env::temp_dir().join("grundy-judge-shapes"),
        )
        .arg("judge");
    match feed {
        Feed::Pipe => {
            cmd.arg(game).write_stdin(input.to_vec());
        }
        Feed::File | Feed::FileNoMmap => {
            std::fs::write(file.path(), input).unwrap();
            if let Feed::FileNoMmap = feed {
                cmd.arg("--no-mmap");
            }
            cmd.arg(game).arg(file.path());
        }
    }
    let out = cmd.output().unwrap();
    (out.status.code(), out.stdout)
}

/// Both paths answer alike, successfully, one line a case, whether the
/// input is piped in, mapped, or read from the file a buffer at a time.
fn same_both_ways(game: &str, input: &[u8], cases: usize) -> Vec<u8> {
    let native = run(game, input, "native", Feed::Pipe);
    let portable = run(game, input, "portable", Feed::Pipe);
    assert_eq!(native.0, Some(0), "{game}");
    assert!(
        native == portable,
        "{game}: the SIMD and portable answers differ"
    );
    for (simd, feed) in [
        ("native", Feed::File),
        ("portable", Feed::File),
        ("native", Feed::FileNoMmap),
    ] {
        assert!(
            run(game, input, simd, feed) == native,
            "{game}: {simd} {feed:?} differs from a pipe"
        );
    }
    assert_eq!(
        native.1.iter().filter(|&&b| b == b'\n').count(),
        cases,
        "{game}"
    );
    native.1
}

fn bomb(rng: &mut Rng, boards: usize, side: (u64, u64), density: u64) -> String {
    let mut text = String::new();
    for _ in 0..boards {
        let (n, m) = (
            side.0 + rng.below(side.1 - side.0 + 1),
            side.0 + rng.below(side.1 - side.0 + 1),
        );
        text.push_str(&format!("{n} {m}{}", rng.gap(true)));
        for _ in 0..n {
            for _ in 0..m {
                text.push(if rng.below(100) < density { '#' } else { '.' });
            }
            text.push_str(rng.gap(true));
        }
    }
    text + "0 0\n"
}

#[test]
fn bomb_shapes_answer_alike_on_both_paths() {
    let mut rng = Rng(0x2311);
    for density in [5, 50, 95] {
        same_both_ways(
            "bomb",
            bomb(&mut rng, 400, (1, 50), density).as_bytes(),
            400,
        );
    }
    same_both_ways("bomb", bomb(&mut rng, 120, (50, 50), 50).as_bytes(), 120);
    same_both_ways("bomb", bomb(&mut rng, 1, (700, 700), 50).as_bytes(), 1);
}

/// Numbers written `per_line` to a line with the generator's separators,
/// and the same numbers one to a line.
fn lay_out(rng: &mut Rng, numbers: &[u64], per_line: usize) -> (String, String) {
    let mut text = String::new();
    let mut plain = String::new();
    for (i, n) in numbers.iter().enumerate() {
        text.push_str(&n.to_string());
        text.push_str(rng.gap((i + 1) % per_line == 0));
        plain.push_str(&format!("{n}\n"));
    }
    (text, plain)
}

#[test]
fn cutting_shapes_answer_alike_on_both_paths_and_one_number_a_line() {
    let mut rng = Rng(0xC0FFEE);
    for top in [200, 1_000_000_000_000_000_000] {
        for per_line in [2, 20] {
            let numbers: Vec<u64> = (0..60_000).map(|_| 2 + rng.below(top - 1)).collect();
            let (text, plain) = lay_out(&mut rng, &numbers, per_line);
            let answers = same_both_ways("cutting", text.as_bytes(), 30_000);
            assert_eq!(answers, same_both_ways("cutting", plain.as_bytes(), 30_000));
        }
    }
}

#[test]
fn matrix_shapes_answer_alike_on_both_paths_and_one_number_a_line() {
    let mut rng = Rng(0xBEEF);
    let mut shapes: Vec<(u64, u64, u64)> =
        vec![(300, 50, 9), (300, 50, 1_000_000_000), (300, 50, u64::MAX)];
    // One large case.
    shapes.push((1, 400, 1_000_000_000));
    for (cases, side, top) in shapes {
        let mut numbers = Vec::new();
        let mut text = format!("{cases}\n");
        let mut plain = format!("{cases}\n");
        for _ in 0..cases {
            let (m, n) = if cases == 1 {
                (side, side)
            } else {
                (1 + rng.below(side), 1 + rng.below(side))
            };
            numbers.clear();
            numbers.extend([m, n]);
            numbers.extend((0..m * n).map(|_| {
                if top == u64::MAX {
                    rng.next()
                } else {
                    rng.below(top + 1)
                }
            }));
            let (laid, one) = lay_out(&mut rng, &numbers, n as usize);
            text.push_str(&laid);
            plain.push_str(&one);
        }
        let answers = same_both_ways("matrix", text.as_bytes(), cases as usize);
        assert_eq!(
            answers,
            same_both_ways("matrix", plain.as_bytes(), cases as usize)
        );
    }
}

/// Standard input that is a regular file is mapped, and read from where
/// the file's position stands, as a stream of it would be: here after a
/// first line that something before grundy has read.
#[test]
fn a_mapped_standard_input_starts_at_its_file_position() {
    use std::io::{Seek, SeekFrom};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cases.txt");
    std::fs::write(&path, "2 2\n3 2\n4 2\n5 0\n").unwrap();
    for (offset, stdout) in [(0, "LOSE\nLOSE\nWIN\n"), (4, "LOSE\nWIN\n"), (12, "")] {
        let mut file = std::fs::File::open(&path).unwrap();
        file.seek(SeekFrom::Start(offset)).unwrap();
        let out = common::grundy_process()
            .args(["judge", "cutting"])
            .stdin(file)
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            stdout,
            "from byte {offset}"
        );
        // Lines are counted from where reading starts.
        let line = 4 - offset / 4;
        let expected = format!("<stdin>: line {line}: expected the height");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(&expected),
            "from byte {offset}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(2));
    }
}

#[test]
fn a_fullwidth_digit_is_shown_as_itself_and_named() {
    judge("cutting", "3 ２\n").code(2).stderr(
        "grundy: <stdin>: line 1: expected the height `H` of `W H` (a positive integer), found `２` (U+FF12, a fullwidth digit: write the ASCII digit 2)\n",
    );
    judge("nim", "１ 2\n")
        .code(2)
        .stderr(predicate::str::contains(
            "found `１` (U+FF11, a fullwidth digit: write the ASCII digit 1)",
        ));
    judge("bomb", "2 2\n.é\n..\n").code(2).stderr(
        "grundy: <stdin>: line 2: expected `#` or `.` in row 1, found `é` (U+00E9, not an ASCII character)\n",
    );
}
