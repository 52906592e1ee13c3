//! `grundy octal`: every format against the library, and bad codes.

use crate::common;

use assert_cmd::Command;
use grundy::games::octal::{plain_values, OctalCode};
use serde_json::Value;

fn octal(args: &[&str]) -> String {
    let mut command = Command::cargo_bin("grundy").unwrap();
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
        let output = Command::cargo_bin("grundy")
            .unwrap()
            .args(["octal", bad])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{bad}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains(bad),
            "{bad}"
        );
    }
    let output = Command::cargo_bin("grundy")
        .unwrap()
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
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
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
