//! A corpus of hostile inputs (`tests/hostile/NAME.in`), each run through
//! the command in `NAME.cmd`, with the exit status, standard-error line and
//! standard output expected in `NAME.expected`, with the SIMD readers and
//! with the portable ones (`GRUNDY_SIMD=portable`), piped in and also given
//! as standard input from the file itself (which `judge` maps into memory).
//! A new file there is a new test case.

use std::fs::{self, File};
use std::path::Path;
use std::process::Stdio;

use crate::common;

#[test]
fn every_hostile_input_gets_its_expected_answer() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile");
    let mut cases: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    cases.sort();
    assert!(cases.len() >= 25, "the corpus is there");
    for input in cases {
        let name = input.file_stem().unwrap().to_string_lossy().into_owned();
        let command = fs::read_to_string(input.with_extension("cmd")).unwrap();
        let expected = fs::read_to_string(input.with_extension("expected")).unwrap();
        let (head, stdout) = expected.split_once("stdout:\n").unwrap_or((&expected, ""));
        let mut status = None;
        // One `stderr: ` line per line of standard error (clap's usage
        // errors take three).
        let mut stderr: Vec<&str> = Vec::new();
        for line in head.lines() {
            if let Some(s) = line.strip_prefix("status: ") {
                status = Some(s.parse::<i32>().unwrap());
            } else if let Some(s) = line.strip_prefix("stderr:") {
                stderr.push(s.strip_prefix(' ').unwrap_or(s));
            }
        }
        // The SIMD paths and the portable ones alike, streamed or mapped.
        for (simd, mapped) in [("native", false), ("portable", false), ("native", true)] {
            let name = format!("{name} ({simd}, {})", if mapped { "file" } else { "pipe" });
            let cache = tempfile::tempdir().unwrap();
            let mut grundy = common::grundy_process();
            grundy
                .env("GRUNDY_CACHE_DIR", cache.path())
                .env("GRUNDY_SIMD", simd)
                .args(command.split_whitespace())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped());
            let output = if mapped {
                grundy.stdin(File::open(&input).unwrap()).output().unwrap()
            } else {
                let mut child = grundy.stdin(Stdio::piped()).spawn().unwrap();
                let mut stdin = child.stdin.take().unwrap();
                let bytes = fs::read(&input).unwrap();
                // A program that stops reading early closes the pipe.
                let writer = std::thread::spawn(move || {
                    let _ = std::io::Write::write_all(&mut stdin, &bytes);
                });
                let output = child.wait_with_output().unwrap();
                writer.join().unwrap();
                output
            };
            assert_eq!(output.status.code(), status, "{name}: status");
            let got_stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(
                got_stderr.trim_end(),
                stderr.join("\n").trim_end(),
                "{name}: stderr"
            );
            assert_eq!(
                String::from_utf8_lossy(&output.stdout),
                stdout,
                "{name}: stdout"
            );
            assert!(!got_stderr.contains("panicked"), "{name}: no panic");
        }
    }
}
