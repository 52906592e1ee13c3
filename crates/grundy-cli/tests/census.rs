//! `grundy census`: shards run at once and merged equal one run of the
//! whole pattern; published periods are reproduced; merge refuses shards
//! that do not make up one census.

use crate::common;

use std::process::{Command, Stdio};

use assert_cmd::cargo::cargo_bin;
use serde_json::Value;

fn grundy(args: &[&str]) -> std::process::Output {
    common::grundy_process().args(args).output().unwrap()
}

fn stdout(args: &[&str]) -> String {
    let output = grundy(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// `@FILE` for a file in `dir` listing `codes`, one a line.
fn codes_file(dir: &std::path::Path, codes: &[&str]) -> String {
    let path = dir.join("codes.txt");
    std::fs::write(&path, codes.join("\n") + "\n").unwrap();
    format!("@{}", path.display())
}

fn lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn four_shards_merged_equal_the_whole_census() {
    let whole = stdout(&["census", "0.??", "--upto", "3000"]);
    let dir = tempfile::tempdir().unwrap();
    // Four shards at once, as a batch scheduler would start them.
    let children: Vec<_> = (1..=4)
        .map(|i| {
            let path = dir.path().join(format!("part{i}.jsonl"));
            let file = std::fs::File::create(&path).unwrap();
            let child = common::grundy_process()
                .args([
                    "census",
                    "0.??",
                    "--upto",
                    "3000",
                    "--shard",
                    &format!("{i}/4"),
                ])
                .stdout(Stdio::from(file))
                .spawn()
                .unwrap();
            (path, child)
        })
        .collect();
    let mut paths = Vec::new();
    for (path, mut child) in children {
        assert!(child.wait().unwrap().success());
        paths.push(path.display().to_string());
    }
    let shard = lines(&std::fs::read_to_string(&paths[1]).unwrap());
    assert_eq!(shard[0]["shard"], serde_json::json!([2, 4]));
    assert_eq!(
        shard.len() - 1,
        16,
        "63 codes in four shards: 16, 16, 16, 15"
    );
    let mut args = vec!["census", "merge"];
    // In any order.
    args.extend(paths.iter().rev().map(String::as_str));
    let merged = stdout(&args);
    assert_eq!(merged, whole);
    let table = lines(&whole);
    assert_eq!(
        table[0],
        serde_json::json!({"census": "0.??", "upto": 3000, "shard": [1, 1], "codes": 63})
    );
    assert_eq!(table.len(), 64);
    // Markdown and CSV from the same merge.
    let markdown = stdout(&[
        "census", "merge", &paths[0], &paths[1], &paths[2], &paths[3], "--format", "markdown",
    ]);
    assert!(
        markdown.contains("| 0.07 | 34 | 53 | 176 | 9 |"),
        "{markdown}"
    );
    let csv = stdout(&[
        "census", "merge", &paths[0], &paths[1], &paths[2], &paths[3], "--format", "csv",
    ]);
    assert!(csv.starts_with(
        "code,period,preperiod,computed,largest,mask,rare,last_rare,same_as,shift,timed_out,interrupted\n"
    ));
    assert_eq!(csv.lines().count(), 64);
}

#[test]
fn merge_refuses_what_is_not_one_census() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, args: &[&str]| {
        let path = dir.path().join(name);
        std::fs::write(&path, stdout(args)).unwrap();
        path.display().to_string()
    };
    let one = write(
        "1.jsonl",
        &["census", "0.?", "--upto", "500", "--shard", "1/3"],
    );
    let two = write(
        "2.jsonl",
        &["census", "0.?", "--upto", "500", "--shard", "2/3"],
    );
    let three = write(
        "3.jsonl",
        &["census", "0.?", "--upto", "500", "--shard", "3/3"],
    );
    let other = write(
        "x.jsonl",
        &["census", "0.?", "--upto", "600", "--shard", "3/3"],
    );
    let refused = |args: &[&str], message: &str| {
        let output = grundy(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty());
    };
    refused(&["census", "merge", &one, &two], "missing shards: 3/3");
    refused(
        &["census", "merge", &one, &two, &two, &three],
        "shard 2/3 is given twice",
    );
    refused(
        &["census", "merge", &one, &two, &other],
        "of another census",
    );
    // A truncated shard.
    let text = std::fs::read_to_string(&two).unwrap();
    let cut = dir.path().join("cut.jsonl");
    std::fs::write(&cut, text.lines().take(2).collect::<Vec<_>>().join("\n")).unwrap();
    refused(
        &["census", "merge", &one, cut.to_str().unwrap(), &three],
        "truncated or damaged",
    );
    let junk = dir.path().join("junk.jsonl");
    std::fs::write(
        &junk,
        "{\"census\":\"0.?\",\"upto\":500,\"shard\":[2,3],\"codes\":7}\nnot json\n",
    )
    .unwrap();
    refused(
        &["census", "merge", &one, junk.to_str().unwrap(), &three],
        "line 2: expected a census line",
    );
    assert!(
        stdout(&["census", "merge", &three, &one, &two])
            .lines()
            .count()
            == 8
    );
    // Bad shards and patterns are usage errors.
    refused(&["census", "0.?", "--shard", "4/3"], "1 ≤ I ≤ N");
    refused(&["census", "0.x"], "not a digit");
    refused(&["census", "7"], "not a pattern");
}

/// Published periods among the codes 0.???: Winning Ways (Berlekamp, Conway
/// and Guy, ch. 4) for 0.07 (Dawson's Kayles), 0.77 (Kayles) and 0.137
/// (Dawson's chess); OEIS A071435 for 0.177 (period 20, last exception at
/// n = 496, so the period starts at 497); OEIS A071453 for 0.117 (period
/// 48, exceptions up to n = 46); OEIS A071464 for 0.127 (period 4, last
/// exception at n = 46577, from Gangolli and Plambeck 1989).
#[test]
fn the_census_of_three_digit_codes_reproduces_published_periods() {
    let path = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(
        path.path(),
        "# published\n0.07\n0.77\n0.137\n0.177\n0.117\n0.127\n",
    )
    .unwrap();
    let file = format!("@{}", path.path().display());
    let table = lines(&stdout(&["census", &file, "--upto", "100000"]));
    let got: Vec<(String, u64, u64)> = table[1..]
        .iter()
        .map(|e| {
            (
                e["code"].as_str().unwrap().to_string(),
                e["period"].as_u64().unwrap(),
                e["preperiod"].as_u64().unwrap(),
            )
        })
        .collect();
    let expected: Vec<(String, u64, u64)> = [
        ("0.07", 34, 53),
        ("0.77", 12, 71),
        ("0.137", 34, 52),
        ("0.177", 20, 497),
        ("0.117", 48, 47),
        ("0.127", 4, 46_578),
    ]
    .iter()
    .map(|&(c, p, n0)| (c.to_string(), p, n0))
    .collect();
    assert_eq!(got, expected);
    // Officers (0.6): its last rare value is at heap 20627, and its sparse
    // space is found.
    let officers = lines(&stdout(&["census", "0.6", "--upto", "30000"]));
    assert_eq!(officers[1]["sparse"]["last_rare"], 20627);
    assert_eq!(officers[1]["period"], Value::Null);
}

#[test]
fn a_time_limit_stops_slow_codes_and_says_so() {
    // 0.04 has no period, and too many rare heaps (one in seven) for its
    // sparse space to pay: plain quadratic work.
    let out = stdout(&["census", "0.0?", "--upto", "400000", "--time-limit", "1"]);
    let lines = lines(&out);
    assert_eq!(lines[0]["time_limit"], 1);
    let row = |code: &str| {
        lines
            .iter()
            .find(|l| l["code"] == code)
            .unwrap_or_else(|| panic!("{code} in {out}"))
            .clone()
    };
    let slow = row("0.04");
    assert_eq!(slow["timed_out"], true, "{slow}");
    assert!(slow["computed"].as_u64().unwrap() < 400_000);
    assert!(slow["period"].is_null());
    // The line keeps the mask its values have so far.
    assert!(slow["sparse"]["mask"].as_u64().is_some(), "{slow}");
    assert!(slow["sparse"]["rare"].as_u64().is_some(), "{slow}");
    let quick = row("0.07");
    assert!(quick.get("timed_out").is_none(), "{quick}");
    assert_eq!(quick["period"], 34);
    // The table says which codes the limit stopped.
    let table = stdout(&[
        "census",
        "0.0?",
        "--upto",
        "400000",
        "--time-limit",
        "1",
        "--format",
        "markdown",
    ]);
    assert!(table.contains("(time limit)"), "{table}");
    // Shards with different limits are not one census.
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.jsonl");
    let b = dir.path().join("b.jsonl");
    std::fs::write(
        &a,
        stdout(&[
            "census",
            "0.?7",
            "--upto",
            "1000",
            "--shard",
            "1/2",
            "--time-limit",
            "5",
        ]),
    )
    .unwrap();
    std::fs::write(
        &b,
        stdout(&["census", "0.?7", "--upto", "1000", "--shard", "2/2"]),
    )
    .unwrap();
    let merged = grundy(&["census", "merge", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert_eq!(merged.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&merged.stderr).contains("another census"));
}

/// `grundy census CODES --quotient`: a header, then one line per code
/// with its quotient; Kayles (0.77) and 0.75 as the issue's facts give
/// them (|Q| 40, |P| 9, period 12 from heap 71; |Q| 8, period 2 from heap
/// 8); shards merged by `grundy census merge` equal the whole run, and a
/// shard of a census of Grundy sequences is refused beside them. (The
/// codes of `0.7?` whose quotients are proven at once: 0.74 and 0.76 run
/// to the time limit.)
#[test]
fn a_census_of_quotients_has_a_header_and_merges_by_shard() {
    let dir = tempfile::tempdir().unwrap();
    let codes = codes_file(dir.path(), &["0.7", "0.71", "0.72", "0.73", "0.75", "0.77"]);
    let args = [
        "census",
        &codes,
        "--quotient",
        "--upto",
        "300",
        "--time-limit",
        "60",
    ];
    let whole = stdout(&args);
    let all = lines(&whole);
    assert_eq!(all.len(), 7, "{whole}");
    assert_eq!(all[0]["census"], codes.as_str());
    assert_eq!(all[0]["quotient"], true);
    assert_eq!(all[0]["shard"], serde_json::json!([1, 1]));
    let names = ["0.7", "0.71", "0.72", "0.73", "0.75", "0.77"];
    for (k, line) in all[1..].iter().enumerate() {
        assert_eq!(
            (&line["index"], &line["code"]),
            (&k.into(), &names[k].into())
        );
        assert_eq!(line["proven"], true, "{line}");
    }
    let fields = |line: &Value| {
        ["order", "p_size", "period", "preperiod"].map(|f| line[f].as_u64().unwrap())
    };
    assert_eq!(fields(&all[6]), [40, 9, 12, 71], "Kayles");
    assert_eq!(fields(&all[5]), [8, 2, 2, 8], "0.75");

    // Three shards, merged in any order.
    let mut parts = Vec::new();
    for i in [2, 1, 3] {
        let path = dir.path().join(format!("q{i}.jsonl"));
        let shard = format!("{i}/3");
        let mut with = args.to_vec();
        with.extend(["--shard", &shard]);
        std::fs::write(&path, stdout(&with)).unwrap();
        parts.push(path.display().to_string());
    }
    let mut merge = vec!["census", "merge"];
    merge.extend(parts.iter().map(String::as_str));
    assert_eq!(stdout(&merge), whole);
    let csv = stdout(&[merge.clone(), vec!["--format", "csv"]].concat());
    assert!(csv.starts_with("code,order,p_size,proven,"), "{csv}");
    assert_eq!(csv.lines().count(), 7);
    let heaps = &all[6]["heaps"];
    let kayles = format!("0.77,40,9,true,12,71,{heaps},");
    assert!(csv.lines().any(|l| l.starts_with(&kayles)), "{csv}");
    let markdown = stdout(&[merge.clone(), vec!["--format", "markdown"]].concat());
    let kayles = format!("| 0.77 | 40 | 9 | 12 | 71 | {heaps} | proven |");
    assert!(markdown.lines().any(|l| l == kayles), "{markdown}");

    // --upto bounds each code's heaps: Kayles is then partial.
    let short = stdout(&["census", "0.77", "--quotient", "--upto", "50"]);
    let short = lines(&short);
    assert_eq!(
        (&short[1]["heaps"], &short[1]["proven"]),
        (&50.into(), &false.into())
    );
    assert!(
        short[1]["unproven"]
            .as_str()
            .unwrap()
            .contains("heap limit"),
        "{}",
        short[1]
    );

    // Beside a shard of Grundy sequences: refused, naming the file's line.
    let other = dir.path().join("g.jsonl");
    std::fs::write(
        &other,
        stdout(&["census", &codes, "--upto", "300", "--shard", "3/3"]),
    )
    .unwrap();
    let mixed = grundy(&[
        "census",
        "merge",
        &parts[1],
        &parts[0],
        other.to_str().unwrap(),
    ]);
    assert_eq!(mixed.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&mixed.stderr);
    assert!(
        stderr.contains("g.jsonl: line 1: a census of Grundy sequences, the first file's is of misère quotients"),
        "{stderr}"
    );
    assert!(mixed.stdout.is_empty());
}

/// A census of quotients writes each code's line as soon as it and the
/// codes before it are done, so a reader has them while the run goes on;
/// Ctrl-C stops the code being computed (written as far as it got,
/// "stopped"), starts no other, and ends the run with status 130; so does
/// SIGTERM, which a batch scheduler sends at a job's time limit, with 143.
#[test]
fn a_census_of_quotients_streams_its_lines_and_stops_on_ctrl_c() {
    for signal in [libc::SIGINT, libc::SIGTERM] {
        quotient_census_stopped_by(signal);
    }
}

fn quotient_census_stopped_by(signal: libc::c_int) {
    use std::io::{BufRead, BufReader};
    use std::time::Duration;

    let dir = tempfile::tempdir().unwrap();
    // Kayles is proven at once; Dawson's Kayles runs to its time limit.
    // (Without lines written as they finish, the first line would come at
    // the end, 30 s on, and the run would be over when it is read.)
    let codes = codes_file(dir.path(), &["0.77", "0.07", "0.75"]);
    let mut child = common::grundy_process()
        .args(["census", &codes, "--quotient", "--upto", "300"])
        .args(["--time-limit", "30", "--jobs", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut read_line = || {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        line
    };
    let header: Value = serde_json::from_str(&read_line()).unwrap();
    assert_eq!(header["codes"], 3);
    let kayles: Value = serde_json::from_str(&read_line()).unwrap();
    assert_eq!(
        (&kayles["code"], &kayles["order"]),
        (&"0.77".into(), &40.into())
    );
    assert_eq!(kayles["proven"], true);
    assert!(
        child.try_wait().unwrap().is_none(),
        "Kayles' line came before the run's end"
    );
    // Let the run take up 0.07 (a moment after Kayles' line) before it is
    // stopped; stopped sooner, it would start no other code.
    std::thread::sleep(Duration::from_millis(500));
    let (status, rest, stderr, waited) = stop(child, out, signal);
    // 128 + the signal: 130 for Ctrl-C, 143 for SIGTERM.
    assert_eq!(status, Some(128 + signal), "signal {signal}: {stderr}");
    // Stopped by the signal, not by the 30 s limit (nor by giving up:
    // Dawson's Kayles takes longer than that to stop at heap 34).
    assert!(waited < Duration::from_secs(20), "{waited:?}");
    let rest = lines(&rest);
    assert_eq!(rest.len(), 1, "{rest:?}");
    assert_eq!(rest[0]["code"], "0.07");
    assert_eq!(rest[0]["proven"], false);
    assert!(
        rest[0]["unproven"].as_str().unwrap().contains("stopped"),
        "{}",
        rest[0]
    );
    assert!(
        stderr.contains("interrupted: 2 of 3 codes written"),
        "{stderr}"
    );
}

/// A census of Grundy sequences writes each code's line as soon as it and
/// the codes before it are done: a run stopped by a signal keeps every
/// line finished before. Ctrl-C, or SIGTERM (a batch scheduler's time
/// limit), stops the code running within its batch of about 20 ms: it is
/// written as far as it got, marked interrupted, and the run ends with
/// status 128 + the signal (130, 143).
#[test]
fn a_census_streams_its_lines_and_stops_on_ctrl_c() {
    for signal in [libc::SIGINT, libc::SIGTERM] {
        census_stopped_by(signal);
    }
}

fn census_stopped_by(signal: libc::c_int) {
    use std::io::{BufRead, BufReader};
    use std::time::Duration;

    let dir = tempfile::tempdir().unwrap();
    // Dawson's Kayles' period (34, after its last exception at heap 52) is
    // proven at once; 0.106's is unknown, so it runs to the time limit.
    let codes = codes_file(dir.path(), &["0.07", "0.106"]);
    let mut child = common::grundy_process()
        .args(["census", &codes, "--upto", "500000000"])
        .args(["--time-limit", "60", "--jobs", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    out.read_line(&mut first).unwrap();
    assert!(
        child.try_wait().unwrap().is_none(),
        "0.07's line came before the run's end"
    );
    let got = lines(&first);
    assert_eq!(got[0]["codes"], 2);
    assert_eq!(got[1]["code"], "0.07");
    assert_eq!(
        (&got[1]["period"], &got[1]["preperiod"]),
        (&34.into(), &53.into())
    );
    assert!(got[1].get("interrupted").is_none(), "{}", got[1]);
    // 0.106 runs a while: its values grow costly, which a batch of a fixed
    // number of values would not heed.
    std::thread::sleep(Duration::from_secs(3));
    let (status, rest, stderr, waited) = stop(child, out, signal);
    // 128 + the signal: 130 for Ctrl-C, 143 for SIGTERM.
    assert_eq!(status, Some(128 + signal), "signal {signal}: {stderr}");
    // Within about 100 ms (16 ms measured in the optimised test build; 0.9 s when a
    // batch was 16,384 values whatever their cost); a margin for a loaded
    // machine.
    assert!(waited < Duration::from_millis(500), "{waited:?}");
    let rest = lines(&rest);
    assert_eq!(rest.len(), 1, "{rest:?}");
    assert_eq!(rest[0]["code"], "0.106");
    assert_eq!(rest[0]["interrupted"], true, "{}", rest[0]);
    assert!(rest[0].get("timed_out").is_none(), "{}", rest[0]);
    assert!(rest[0]["period"].is_null());
    assert!(rest[0]["computed"].as_u64().unwrap() > 1000, "{}", rest[0]);
    assert!(
        stderr.contains("interrupted: 2 of 2 codes written"),
        "{stderr}"
    );
}

/// A census whose output cannot be written says so and fails, rather than
/// ending as if every line were kept: on a full disk (the header fails),
/// and past a file size limit (a later line fails, the header and the
/// first lines kept).
#[test]
fn a_census_that_cannot_write_fails() {
    let dir = tempfile::tempdir().unwrap();
    for quotient in [false, true] {
        let mut args = vec![
            "census",
            "0.7?",
            "--upto",
            "100",
            "--jobs",
            "1",
            "--time-limit",
            "1",
        ];
        if quotient {
            args.push("--quotient");
        }
        let full = common::grundy_process()
            .args(&args)
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&full.stderr);
        assert_eq!(full.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains("No space left on device"),
            "{args:?}: {stderr}"
        );

        // A file of at most 2 blocks, the signal for passing it ignored so
        // that the write fails instead.
        let path = dir.path().join("out.jsonl");
        let limited = Command::new("sh")
            .arg("-c")
            .arg(r#"trap '' XFSZ; ulimit -f 2; out="$1"; shift; exec "$@" > "$out""#)
            .arg("sh")
            .arg(&path)
            .arg(cargo_bin("grundy"))
            .args(&args)
            .env("GRUNDY_CACHE_DIR", common::cache_dir())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&limited.stderr);
        assert_eq!(limited.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains("File too large"), "{args:?}: {stderr}");
        let kept = std::fs::read_to_string(&path).unwrap();
        assert!(kept.lines().count() >= 2, "{kept}");
    }
}

/// Sends `signal` to `child` and reads what is left of its standard
/// output `out`: its exit status, that output, its standard error, and the
/// time from the signal to its end.
fn stop(
    child: std::process::Child,
    mut out: impl std::io::Read,
    signal: libc::c_int,
) -> (Option<i32>, String, String, std::time::Duration) {
    let asked = std::time::Instant::now();
    common::send(&child, signal);
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.code(), rest, stderr, asked.elapsed())
}

/// Starts `args` and stops it with SIGTERM once `file` holds `lines` lines
/// and a moment more has passed (the next code taken up); returns its
/// status and stderr.
fn stopped_once_written(args: &[&str], file: &std::path::Path, lines: usize) -> (i32, String) {
    use std::time::{Duration, Instant};

    let child = common::grundy_process()
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while std::fs::read_to_string(file).map_or(0, |t| t.lines().count()) < lines {
        assert!(start.elapsed() < Duration::from_secs(60), "no lines");
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(Duration::from_millis(200));
    common::send(&child, libc::SIGTERM);
    let output = child.wait_with_output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// `--output FILE`: a census stopped by a signal leaves its finished lines
/// there and the code running marked interrupted (which `merge` refuses);
/// the same command run again keeps the finished lines, computes the rest
/// and ends with the file an uninterrupted run writes, byte for byte. Both
/// kinds of census.
#[test]
fn a_census_written_to_a_file_is_resumed_where_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    // 0.07's line at once, then 0.106 (3.3 s in a release build: costly
    // values), then 0.77; for quotients, 0.77 at once, then 0.07 to heap 33
    // (1.5 s), then 0.75. The signal comes 0.2 s after the first line.
    let (grundy_dir, quotient_dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let grundy_codes = codes_file(grundy_dir.path(), &["0.07", "0.106", "0.77"]);
    let quotient_codes = codes_file(quotient_dir.path(), &["0.77", "0.07", "0.75"]);
    let runs: [(&str, Vec<&str>); 2] = [
        (
            "0.106",
            vec!["census", &grundy_codes, "--upto", "120000", "--jobs", "1"],
        ),
        (
            "0.07",
            vec![
                "census",
                &quotient_codes,
                "--quotient",
                "--upto",
                "33",
                "--jobs",
                "1",
            ],
        ),
    ];
    for (slow, args) in runs {
        let whole = stdout(&args);
        let file = dir.path().join("out.jsonl");
        let _ = std::fs::remove_file(&file);
        let path = file.to_str().unwrap();
        let with_output = [args.clone(), vec!["--output", path]].concat();

        let (status, stderr) = stopped_once_written(&with_output, &file, 2);
        assert_eq!(status, 128 + libc::SIGTERM, "{stderr}");
        assert!(
            stderr.contains("interrupted: 2 of 3 codes written")
                && stderr.contains(&format!("the same command resumes {path}")),
            "{stderr}"
        );
        let cut = std::fs::read_to_string(&file).unwrap();
        let got = lines(&cut);
        assert_eq!(got.len(), 3, "{cut}");
        assert_eq!(
            cut.lines().take(2).collect::<Vec<_>>(),
            whole.lines().take(2).collect::<Vec<_>>()
        );
        assert_eq!(
            (&got[2]["code"], &got[2]["interrupted"]),
            (&slow.into(), &true.into())
        );
        // merge refuses a shard with a line an interruption stopped.
        let merged = grundy(&["census", "merge", path]);
        assert_eq!(merged.status.code(), Some(2));
        let why = String::from_utf8_lossy(&merged.stderr);
        assert!(
            why.contains("line 3: a code an interruption stopped"),
            "{why}"
        );

        // A crash in the middle of a line, or before its line end: that
        // line is computed again.
        let head: Vec<&str> = whole.lines().take(2).collect();
        let third = whole.lines().nth(2).unwrap();
        for tail in ["{\"index\":1,\"code\":\"", third] {
            let crashed = format!("{}\n{tail}", head.join("\n"));
            std::fs::write(&file, &crashed).unwrap();
            let resumed = grundy(&with_output);
            let stderr = String::from_utf8_lossy(&resumed.stderr);
            assert_eq!(resumed.status.code(), Some(0), "{stderr}");
            assert!(
                stderr.contains(&format!("resuming {path}: 1 of 3 codes kept")),
                "{stderr}"
            );
            assert!(resumed.stdout.is_empty());
            assert_eq!(std::fs::read_to_string(&file).unwrap(), whole);
        }
        // Once whole, run again: every line kept, nothing computed.
        let again = grundy(&with_output);
        let stderr = String::from_utf8_lossy(&again.stderr);
        assert!(stderr.contains("3 of 3 codes kept"), "{stderr}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), whole);
    }
}

/// `--output` never writes over what is not this census's: another
/// census's file, or a file that is not a census, is refused and left as
/// it is; tables go to standard output only.
#[test]
fn an_output_file_of_something_else_is_refused_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("out.jsonl");
    let path = file.to_str().unwrap();
    let other = stdout(&["census", "0.7?", "--upto", "100"]);
    for (kept, why) in [
        (other.as_str(), "line 1: the header of another census"),
        ("my notes\n", "line 1: not a census header"),
    ] {
        std::fs::write(&file, kept).unwrap();
        let refused = grundy(&["census", "0.7?", "--upto", "200", "--output", path]);
        let stderr = String::from_utf8_lossy(&refused.stderr);
        assert_eq!(refused.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains(why) && stderr.contains("left as it is"),
            "{stderr}"
        );
        assert_eq!(std::fs::read_to_string(&file).unwrap(), kept);
    }
    // A line of another code where this shard's second belongs.
    let mut swapped: Vec<&str> = other.lines().collect();
    swapped.swap(1, 2);
    let swapped = swapped.join("\n") + "\n";
    std::fs::write(&file, &swapped).unwrap();
    let refused = grundy(&["census", "0.7?", "--upto", "100", "--output", path]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{stderr}");
    assert!(
        stderr
            .contains("line 2: code number 2 of the census where this shard's line 1 is number 1"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), swapped);
    // Only this census's header (stopped before its first line): resumed
    // from the first code, and said so.
    let header = other.lines().next().unwrap().to_string() + "\n";
    std::fs::write(&file, &header).unwrap();
    let resumed = grundy(&["census", "0.7?", "--upto", "100", "--output", path]);
    let stderr = String::from_utf8_lossy(&resumed.stderr);
    assert!(stderr.contains("0 of 8 codes kept"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), other);
    let table = grundy(&["census", "0.7?", "--format", "csv", "--output", path]);
    assert_eq!(table.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&table.stderr).contains("--output writes JSON Lines"));
}
