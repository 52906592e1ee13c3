//! `grundy octal`: every format against the library, and bad codes.

use crate::common;

use grundy::games::octal::{plain_values, OctalCode};
use serde_json::Value;

fn octal(args: &[&str]) -> String {
    let mut command = common::grundy();
    command.arg("octal").args(args);
    String::from_utf8(common::stdout_of(&mut command)).unwrap()
}

fn plain(code: &str, n: usize) -> Vec<u64> {
    let code: OctalCode = code.parse().unwrap();
    plain_values(&code, n).into_iter().map(u64::from).collect()
}

#[test]
fn dawsons_kayles_as_text() {
    insta::assert_snapshot!("octal_0_07", octal(&["0.07"]));
}

#[test]
fn json_reports_the_period_and_the_values() {
    let json: Value = serde_json::from_str(&octal(&["0.77", "--format", "json"])).unwrap();
    common::check_schema(&json, "Sequence");
    assert_eq!(json["game"], "octal:0.77");
    assert_eq!(json["period"], 12);
    assert_eq!(json["preperiod"], 71);
    let computed = json["computed"].as_u64().unwrap() as usize;
    let values: Vec<u64> = json["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(values, plain("0.77", computed));

    let bare: Value = serde_json::from_str(&octal(&[
        "0.4",
        "--upto",
        "50",
        "--format",
        "json",
        "--no-values",
    ]))
    .unwrap();
    assert_eq!(bare["computed"], 50);
    assert!(bare["period"].is_null() && bare["preperiod"].is_null());
    assert_eq!(bare["values"], serde_json::json!([]));
    common::check_schema(&bare, "Sequence");
}

#[test]
fn csv_has_one_row_per_value() {
    let text = octal(&["4.07", "--upto", "300", "--format", "csv"]);
    let mut rows = csv::Reader::from_reader(text.as_bytes());
    assert_eq!(rows.headers().unwrap(), vec!["n", "grundy"]);
    let values: Vec<u64> = rows
        .records()
        .enumerate()
        .map(|(n, r)| {
            let r = r.unwrap();
            assert_eq!(r[0].parse::<usize>().unwrap(), n);
            r[1].parse().unwrap()
        })
        .collect();
    assert!(!values.is_empty() && values.len() <= 300);
    assert_eq!(values, plain("4.07", values.len()));
}

#[test]
fn malformed_codes_exit_with_status_2() {
    for bad in ["007", "0.x7", "2.07", "0.", "0.00"] {
        let output = common::grundy().args(["octal", bad]).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{bad}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains(bad),
            "{bad}"
        );
    }
    let output = common::grundy()
        .args(["octal", "0.07", "--upto", "99999999999"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

/// `grundy octal … | head -1` in every format, and a large JSON table:
/// a closed output pipe ends the run quietly with status 0 (the CSV and
/// JSON writers wrap the I/O error, which must still be recognised).
#[test]
fn a_closed_output_pipe_ends_quietly_in_every_format() {
    use std::io::{BufRead, BufReader, Read};
    use std::process::Stdio;
    let runs: [&[&str]; 4] = [
        &["octal", "0.6", "--upto", "100000", "--format", "text"],
        &["octal", "0.6", "--upto", "100000", "--format", "csv"],
        &["octal", "0.6", "--upto", "100000", "--format", "json"],
        &[
            "table",
            "bomb",
            "--size",
            "300",
            "--no-cache",
            "--format",
            "json",
        ],
    ];
    for args in runs {
        let mut child = common::grundy_process()
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut first = Vec::new();
        stdout.read_until(b'\n', &mut first).unwrap();
        assert!(!first.is_empty(), "{args:?}");
        drop(stdout);
        let status = child.wait().unwrap();
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        assert_eq!((status.code(), stderr.as_str()), (Some(0), ""), "{args:?}");
    }
}

/// G(0) … G(n − 1) of 0.8 by its literal rule, written here: a move takes
/// one token from a heap and leaves exactly three heaps.
fn literal_0_8(n: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(n);
    for heap in 0..n {
        let mut seen = vec![false; heap + 2];
        let rest = heap.saturating_sub(1);
        for a in 1..rest {
            for b in 1..rest - a {
                let c = rest - a - b;
                seen[(g[a] ^ g[b] ^ g[c]) as usize] = true;
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap() as u64);
    }
    g
}

fn json_values(json: &Value) -> Vec<u64> {
    json["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

/// `--time-limit` of `octal` and `quotient` takes seconds above 0 up to
/// 10^9, and says so for anything else (status 2, before any work).
#[test]
fn a_time_limit_out_of_bounds_is_refused_naming_the_bounds() {
    for command in ["octal", "quotient"] {
        for bad in ["0", "-1", "1e10", "inf", "NaN"] {
            let output = common::grundy()
                .args([command, "0.75", &format!("--time-limit={bad}")])
                .output()
                .unwrap();
            assert_eq!(output.status.code(), Some(2), "{command} {bad}");
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(
                stderr.contains(
                    "expected a number of seconds above 0 and at most 1,000,000,000, got "
                ),
                "{command} {bad}: {stderr}"
            );
        }
        let output = common::grundy()
            .args([command, "0.75", "--time-limit", "soon"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&output.stderr)
            .contains("expected a number of seconds, got \"soon\""));
    }
}

/// 0.8 (split in three, no period) would take years to reach the default
/// --upto; a time limit ends it with the values computed, no period
/// claimed, and `complete` false. (The command's own timeout only keeps a
/// broken limit from hanging the suite.)
#[test]
fn a_time_limit_ends_a_long_run_with_what_it_computed() {
    let mut command = common::grundy();
    command
        .args(["octal", "0.8", "--time-limit", "0.3", "--format", "json"])
        .timeout(std::time::Duration::from_secs(120));
    let json: Value = serde_json::from_slice(&common::stdout_of(&mut command)).unwrap();
    common::check_schema(&json, "Sequence");
    assert_eq!(json["complete"], false);
    assert_eq!(json["period"], Value::Null);
    let values = json_values(&json);
    assert_eq!(json["computed"].as_u64().unwrap() as usize, values.len());
    assert!(!values.is_empty());
    let checked = values.len().min(400);
    assert_eq!(values[..checked], literal_0_8(checked)[..]);

    let text = octal(&["0.8", "--time-limit", "0.3", "--no-values"]);
    let first = text.lines().next().unwrap();
    assert!(
        first.starts_with("0.8: no period found in the first ")
            && first.ends_with(" values (the time limit stopped the run)"),
        "{text}"
    );
    // A period found in time is reported as ever, the run complete.
    let json: Value =
        serde_json::from_str(&octal(&["0.07", "--time-limit", "60", "--format", "json"])).unwrap();
    assert_eq!(
        (json["complete"].clone(), json["period"].clone()),
        (Value::Bool(true), 34.into())
    );
}

/// Stopped by its time limit with --checkpoint, a run resumes from where it
/// stopped: the values are those of one run without a stop.
#[test]
fn a_run_stopped_by_its_time_limit_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let checkpoint = dir.path().join("0.8.ck");
    let checkpoint = checkpoint.to_str().unwrap();
    let mut command = common::grundy();
    command
        .args([
            "octal",
            "0.8",
            "--time-limit",
            "0.2",
            "--checkpoint",
            checkpoint,
        ])
        .args(["--format", "json"])
        .timeout(std::time::Duration::from_secs(120));
    let out = command.output().unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains(&format!("continue with --resume {checkpoint}")),
        "{stderr}"
    );
    let first: Value = serde_json::from_slice(&out.stdout).unwrap();
    let first = json_values(&first);
    let json: Value = serde_json::from_str(&octal(&[
        "--resume",
        checkpoint,
        "--upto",
        &(first.len() + 50).to_string(),
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(json["complete"], true);
    let all = json_values(&json);
    assert_eq!(all.len(), first.len() + 50);
    assert_eq!(all[..first.len()], first[..]);
    let checked = all.len().min(600);
    assert_eq!(all[..checked], literal_0_8(checked)[..]);
}

/// The values' line numbers are as wide as the last heap's: 100 values
/// (heaps 0 … 99) take two digits.
#[test]
fn line_numbers_are_as_wide_as_the_last_heap() {
    let text = octal(&["0.8", "--upto", "100"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "0.8: no period found in the first 100 values");
    assert!(lines[1].starts_with(" 0: 0 0 0 0 1 1 1 2"), "{text}");
    assert!(lines[5].starts_with("80: "), "{text}");
    assert_eq!(lines.len(), 6, "{text}");
}

/// A run of a code that splits in three, resumed far on, looks at the clock
/// after its first value, not after a batch of 64 values that cost more
/// and more: a short limit stops it within a few dozen. Resumed at heap
/// 2,500 a value costs some 1.7 ms (release build, 2026-12-07: 20 ms
/// allowed 13 values); at 1,500, 64 values fit in 50 ms on a fast machine,
/// and the test could not tell a batch from a value.
#[test]
fn a_resumed_run_of_costly_values_stops_soon_after_its_limit() {
    let dir = tempfile::tempdir().unwrap();
    let checkpoint = dir.path().join("0.8.ck");
    let checkpoint = checkpoint.to_str().unwrap();
    octal(&[
        "0.8",
        "--upto",
        "2500",
        "--checkpoint",
        checkpoint,
        "--no-values",
    ]);
    let mut command = common::grundy();
    command
        .args(["octal", "--resume", checkpoint, "--upto", "100000"])
        .args(["--time-limit", "0.02", "--format", "json", "--no-values"])
        .timeout(std::time::Duration::from_secs(120));
    let out = command.output().unwrap();
    assert!(out.status.success());
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["complete"], false);
    let computed = json["computed"].as_u64().unwrap();
    assert!((2500..2500 + 64).contains(&computed), "{computed}");
}
