//! Long `grundy octal` runs: values files, checkpoints that survive SIGKILL
//! and Ctrl-C, and damaged checkpoints refused.

use std::path::Path;
use std::process::{Command as Process, Stdio};
use std::time::{Duration, SystemTime};

use crate::common::{self, grundy};

fn stdout(args: &[&str]) -> String {
    let out = grundy().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).to_str().unwrap().to_string()
}

const UPTO: &str = "1500000";

/// The summary of an uninterrupted run, and its values file.
fn uninterrupted(dir: &Path) -> (String, Vec<u8>) {
    let values = path(dir, "whole.gsq");
    let summary = stdout(&[
        "octal",
        "0.161",
        "--upto",
        UPTO,
        "--no-values",
        "--values-out",
        &values,
    ]);
    (summary, std::fs::read(values).unwrap())
}

#[test]
fn values_files_print_any_range_and_agree_with_the_text_output() {
    let dir = tempfile::tempdir().unwrap();
    let file = path(dir.path(), "v.gsq");
    stdout(&[
        "octal",
        "0.77",
        "--upto",
        "5000",
        "--no-values",
        "--values-out",
        &file,
    ]);
    let text = stdout(&["octal", "0.77"]);
    // Kayles is proven periodic after 168 values; the file has those.
    let read = stdout(&["octal", "--read", &file, "--count", "40"]);
    let first_two: Vec<&str> = text.lines().skip(1).take(2).collect();
    let read_lines: Vec<&str> = read.lines().collect();
    assert_eq!(read_lines.len(), 2);
    assert_eq!(
        read_lines[0].split_whitespace().collect::<Vec<_>>(),
        first_two[0].split_whitespace().collect::<Vec<_>>()
    );
    let csv = stdout(&["octal", "--read", &file, "--from", "160", "--format", "csv"]);
    assert_eq!(csv.lines().next(), Some("n,grundy"));
    assert_eq!(csv.lines().nth(1).unwrap().split(',').next(), Some("160"));
    assert_eq!(csv.lines().count(), 1 + 8, "{csv}");
    let json = stdout(&[
        "octal", "--read", &file, "--from", "2", "--count", "3", "--format", "json",
    ]);
    assert_eq!(json.trim(), r#"{"code":"0.77","from":2,"values":[2,3,1]}"#);
    // Beyond the file, and not a values file.
    grundy()
        .args(["octal", "--read", &file, "--from", "1000"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("holds no values from heap 1000"));
    grundy()
        .args(["octal", "--read", "Cargo.toml"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("not a grundy values file"));
}

#[test]
fn printing_billions_of_values_is_refused_up_front() {
    grundy()
        .args(["octal", "0.161", "--upto", "1099511627776"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("add --no-values"));
    grundy()
        .args(["octal", "0.161", "--upto", "1099511627777", "--no-values"])
        .assert()
        .code(2);
}

/// The size of the file at `path` (0 while there is none).
fn size(path: &str) -> u64 {
    std::fs::metadata(path).map_or(0, |m| m.len())
}

/// Waits until `child` has written at least `bytes` bytes of its values
/// file `values` (true), or has ended (false). The moment is one of the
/// run's progress, not of time: the same on a fast machine and a slow or
/// busy one.
fn until_written(child: &mut std::process::Child, values: &str, bytes: u64) -> bool {
    loop {
        if size(values) >= bytes {
            return true;
        }
        if child.try_wait().unwrap().is_some() {
            return false;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// A random number from a seed of the clock (xorshift).
struct Dice(u64);

impl Dice {
    fn new() -> Dice {
        let nanos = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos();
        Dice(u64::from(nanos) | 1)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A run killed with SIGKILL at random moments and resumed each time ends
/// with the summary and the values file of an uninterrupted run. The
/// moments are points of its progress (how much of its values file is
/// written: the k-th kill within 5 + 15k% to 20 + 15k% of the whole), so
/// every kill comes after the run's first checkpoint, and at least a fifth
/// of the work is left when the last one comes, however fast the machine.
#[test]
fn a_run_killed_at_random_moments_resumes_to_the_same_values() {
    let dir = tempfile::tempdir().unwrap();
    let (summary, whole) = uninterrupted(dir.path());
    assert!(summary.contains("digest"), "{summary}");
    let checkpoint = path(dir.path(), "run.ck");
    let values = path(dir.path(), "run.gsq");
    let mut dice = Dice::new();
    let mut kills = Vec::new();
    let mut finished = None;
    // Five kills at random moments, then the run is let finish.
    for attempt in 0..6u64 {
        let mut args = vec!["octal", "0.161", "--no-values", "--checkpoint-every", "1"];
        args.extend(["--threads", "1"]);
        args.extend(["--values-out", &values, "--checkpoint", &checkpoint]);
        if attempt == 0 {
            args.extend(["--upto", UPTO]);
        } else {
            args.extend(["--resume", &checkpoint]);
        }
        let mut child = common::grundy_process()
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        if attempt < 5 {
            let percent = 5 + 15 * attempt + dice.below(16);
            let at = whole.len() as u64 * percent / 100;
            // A resumed run first cuts its values file back to its
            // checkpoint; what it had beyond is computed again.
            if until_written(&mut child, &values, at) {
                child.kill().unwrap(); // SIGKILL
                child.wait().unwrap();
                assert!(Path::new(&checkpoint).exists(), "killed at {percent}%");
                kills.push(percent);
                continue;
            }
        }
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "after kills at {kills:?}%: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        finished = Some(String::from_utf8(out.stdout).unwrap());
        break;
    }
    let finished = finished.expect("the run finished");
    assert!(!kills.is_empty(), "the run was killed at least once");
    assert_eq!(finished, summary, "after kills at {kills:?}%");
    assert_eq!(
        std::fs::read(&values).unwrap(),
        whole,
        "the values file, after kills at {kills:?}%"
    );
}

/// Ctrl-C once a third of the values is written (a moment of the run's
/// progress, not of time: the handler is in place by then, and most of
/// the work is left on any machine); SIGTERM, which a batch scheduler
/// sends at a job's time limit, the same way.
#[test]
fn ctrl_c_saves_a_last_checkpoint_and_the_run_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let (summary, whole) = uninterrupted(dir.path());
    for signal in ["-INT", "-TERM"] {
        interrupted_by(dir.path(), signal, &summary, &whole);
    }
}

/// Ctrl-C is seen between batches of values sized by the clock (about
/// 20 ms each), not of a fixed count: a code whose values cost more and
/// more (0.106, its rare heaps too many for a sparse space to pay) stops
/// at once however far it got.
#[test]
fn ctrl_c_stops_a_run_of_costly_values_at_once() {
    use std::time::Instant;

    let dir = tempfile::tempdir().unwrap();
    let checkpoint = path(dir.path(), "costly.ck");
    let child = common::grundy_process()
        .args(["octal", "0.106", "--no-values", "--upto", "100000000"])
        .args(["--checkpoint", &checkpoint])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(3));
    let asked = Instant::now();
    let status = Process::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    let waited = asked.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    // Within about 100 ms, the last checkpoint saved; a margin for a
    // loaded machine.
    assert!(waited < Duration::from_millis(500), "{waited:?}: {stderr}");
    assert!(stderr.contains("--resume"), "{stderr}");
}

/// A run keeping only a values file, no checkpoint, is not lost to Ctrl-C
/// either: it ends with 130 and the file finished with every value it
/// computed (the block begun included), the same as the uninterrupted
/// run's first values.
#[test]
fn ctrl_c_finishes_a_values_file_without_a_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let (_, whole) = uninterrupted(dir.path());
    let values = path(dir.path(), "alone.gsq");
    let args = ["octal", "0.161", "--no-values", "--upto", UPTO];
    let (status, stderr) = signalled_at_a_third(&args, &values, whole.len(), "-INT");
    assert_eq!(status, Some(130), "{stderr}");
    let computed: u64 = stderr
        .split("interrupted after ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count said: {stderr}"));
    assert!(stderr.contains(&format!("all are in {values}")), "{stderr}");
    let kept = stdout(&["octal", "--read", &values, "--format", "json"]);
    let first = stdout(&[
        "octal",
        "--read",
        &path(dir.path(), "whole.gsq"),
        "--format",
        "json",
        "--count",
        &computed.to_string(),
    ]);
    assert_eq!(kept, first, "{computed} values kept");
}

/// Runs `grundy` with `args` and `--values-out values`, sends it `signal`
/// (an argument of kill(1)) once a third of the `whole` bytes of the
/// uninterrupted run's values file is written, and gives its exit status
/// and standard error.
fn signalled_at_a_third(
    args: &[&str],
    values: &str,
    whole: usize,
    signal: &str,
) -> (Option<i32>, String) {
    let mut child = common::grundy_process()
        .args(args)
        .args(["--values-out", values])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    assert!(
        until_written(&mut child, values, whole as u64 / 3),
        "the run ended before a third of its values was written"
    );
    let status = Process::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code(), stderr)
}

/// A run stopped by `signal` (an argument of kill(1)) once a third of its
/// values is written, then resumed to the uninterrupted run's `summary`
/// and values file.
fn interrupted_by(dir: &Path, signal: &str, summary: &str, whole: &[u8]) {
    let checkpoint = path(dir, &format!("run{signal}.ck"));
    let values = path(dir, &format!("run{signal}.gsq"));
    let args = [
        "octal",
        "0.161",
        "--no-values",
        "--upto",
        UPTO,
        "--checkpoint",
        &checkpoint,
    ];
    let (status, stderr) = signalled_at_a_third(&args, &values, whole.len(), signal);
    // 128 + the signal: 130 for Ctrl-C, 143 for SIGTERM.
    let expected = match signal {
        "-INT" => 130,
        "-TERM" => 143,
        other => panic!("no status known for {other}"),
    };
    assert_eq!(status, Some(expected), "{signal}: {stderr}");
    assert!(stderr.contains("--resume"), "{signal}: {stderr}");
    assert!(Path::new(&checkpoint).exists());
    // The last checkpoint holds what was computed when it stopped.
    assert!(size(&values) >= whole.len() as u64 / 3);
    assert!(size(&values) < whole.len() as u64);
    assert_eq!(
        stdout(&[
            "octal",
            "--no-values",
            "--resume",
            &checkpoint,
            "--values-out",
            &values
        ]),
        summary
    );
    assert_eq!(std::fs::read(&values).unwrap(), whole, "the values file");
}

#[test]
fn damaged_or_foreign_checkpoints_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let checkpoint = path(dir.path(), "run.ck");
    stdout(&[
        "octal",
        "0.161",
        "--upto",
        "20000",
        "--no-values",
        "--checkpoint",
        &checkpoint,
    ]);
    let good = std::fs::read(&checkpoint).unwrap();
    let bad = path(dir.path(), "bad.ck");
    let refused = |bytes: &[u8], message: &str| {
        std::fs::write(&bad, bytes).unwrap();
        grundy()
            .args(["octal", "--no-values", "--resume", &bad])
            .assert()
            .code(2)
            .stderr(predicates::str::contains(message));
    };
    refused(&good[..good.len() / 2], "truncated");
    let mut flipped = good.clone();
    flipped[good.len() / 2] ^= 1;
    refused(&flipped, "damaged");
    refused(b"{\"format\":2}", "not a grundy checkpoint");
    let mut version = good.clone();
    version[8] = 9;
    refused(&version, "version 9");
    // Another code's checkpoint.
    grundy()
        .args(["octal", "0.6", "--no-values", "--resume", &checkpoint])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("is a run of 0.161, not of 0.6"));
    // A values file to continue that the run never wrote.
    grundy()
        .args([
            "octal",
            "--no-values",
            "--resume",
            &checkpoint,
            "--values-out",
            &bad,
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("wrote no values file"));
    // Resumed further than it was saved for.
    let more = stdout(&[
        "octal",
        "--no-values",
        "--resume",
        &checkpoint,
        "--upto",
        "30000",
    ]);
    assert!(more.contains("first 30000 values"), "{more}");
}

#[test]
fn the_period_is_proven_at_exactly_the_theorems_bound() {
    // 2·n0 + 2·p + t values: 0.156 (period 349 from 3479), 0.07 (34 from 53).
    for (code, bound, line) in [
        (
            "0.156",
            "7659",
            "0.156: period 349, preperiod 3479 (proven from the first 7659 values)",
        ),
        (
            "0.07",
            "176",
            "0.07: period 34, preperiod 53 (proven from the first 176 values)",
        ),
    ] {
        let out = stdout(&["octal", code, "--upto", bound, "--no-values"]);
        assert_eq!(out.lines().next(), Some(line), "{out}");
        let fewer = (bound.parse::<u64>().unwrap() - 1).to_string();
        let out = stdout(&["octal", code, "--upto", &fewer, "--no-values"]);
        assert!(out.contains("no period found"), "{out}");
    }
}

#[test]
fn grundys_game_as_a_code_with_a_bang_is_checkpointed_and_resumed() {
    // `!` is part of the code saved in the checkpoint: the resumed run is
    // Grundy's game still, the same values as one uninterrupted run.
    let dir = tempfile::tempdir().unwrap();
    let checkpoint = path(dir.path(), "grundy.ckpt");
    stdout(&[
        "octal",
        "4!.0",
        "--upto",
        "10000",
        "--no-values",
        "--checkpoint",
        &checkpoint,
    ]);
    let resumed = stdout(&[
        "octal",
        "--resume",
        &checkpoint,
        "--upto",
        "20000",
        "--no-values",
    ]);
    let whole = stdout(&["octal", "4!.0", "--upto", "20000", "--no-values"]);
    assert_eq!(resumed, whole);
    assert!(
        whole.starts_with(
            "4!.0: 20000 values; no period is claimed: the periodicity theorem does not hold"
        ),
        "{whole}"
    );
}

#[test]
fn the_json_of_a_run_has_its_histogram_and_rare_heaps() {
    // Grundy's game to 70,000: the engine's sparse space, found from the
    // values, and the value histogram of heaps 1 … 69,999.
    let out = stdout(&[
        "octal",
        "4!.0",
        "--upto",
        "70000",
        "--no-values",
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let histogram: Vec<u64> = serde_json::from_value(json["histogram"].clone()).unwrap();
    assert_eq!(histogram.iter().sum::<u64>(), 69_999);
    let mask = json["sparse"]["mask"].as_u64().unwrap();
    let rare: Vec<u64> = serde_json::from_value(json["sparse"]["rare_heaps"].clone()).unwrap();
    assert_eq!(mask, 510, "{out}");
    assert_eq!(rare.len(), 1272);
    // Rare values of Grundy's game listed by A. Flammenkamp: G(87) = 7,
    // G(158) = 11, G(181) = 12, G(196) = 10, G(231) = 10, each of even
    // weight under the mask.
    let values = stdout(&["octal", "4!.0", "--upto", "232", "--format", "csv"]);
    let value = |n: usize| -> u64 {
        let line = values.lines().nth(n + 1).unwrap();
        line.split(',').nth(1).unwrap().parse().unwrap()
    };
    for (heap, v) in [(87, 7), (158, 11), (181, 12), (196, 10), (231, 10)] {
        assert_eq!(value(heap), v, "G({heap})");
        assert!(rare.contains(&(heap as u64)), "{heap} is rare");
        assert!((v & mask).count_ones().is_multiple_of(2));
    }
    // Every heap listed has a value of even weight, and every other heap
    // below 232 one of odd weight: the list is the rare class, exactly.
    for n in 1..232usize {
        let even = (value(n) & mask).count_ones().is_multiple_of(2);
        assert_eq!(even, rare.contains(&(n as u64)), "heap {n}");
    }
    // The histogram of the first 232 values by the plain reading.
    let short = stdout(&["octal", "4!.0", "--upto", "232", "--format", "json"]);
    let short: serde_json::Value = serde_json::from_str(&short).unwrap();
    let short_histogram: Vec<u64> = serde_json::from_value(short["histogram"].clone()).unwrap();
    for (v, &count) in short_histogram.iter().enumerate() {
        let by_values = (1..232).filter(|&n| value(n) == v as u64).count() as u64;
        assert_eq!(count, by_values, "value {v}");
    }
}
