//! `grundy quotient` as a user runs it: the text and JSON forms, the
//! certificate check (valid and tampered), the limits, and refusals.

use crate::common;

use assert_cmd::Command as Cmd;
use predicates::prelude::*;
use serde_json::Value;

/// The cache (of checked documents) of these tests: a scratch folder, not
/// the user's.
fn scratch_cache() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("quotient-cache")
}

/// The command, with the tests' cache.
fn grundy() -> Cmd {
    grundy_in(&scratch_cache())
}

/// The command, with the cache folder `cache`.
fn grundy_in(cache: &std::path::Path) -> Cmd {
    let mut cmd = common::grundy();
    cmd.env("GRUNDY_CACHE_DIR", cache);
    cmd
}

#[test]
fn dot_75_is_printed_with_its_presentation_and_pretending_function() {
    grundy()
        .args(["quotient", "0.75"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("octal:0.75: proven for every heap size")
                .and(predicate::str::contains("|Q| = 8, |P| = 2"))
                .and(predicate::str::contains(
                    "Q = ⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩",
                ))
                .and(predicate::str::contains("P = {a, b²}"))
                .and(predicate::str::contains("Φ: period 2, preperiod 8"))
                .and(predicate::str::contains("Φ(0 … 7) = 1 a b a b c b c"))
                .and(predicate::str::contains("then repeating: b ab²"))
                .and(predicate::str::contains(
                    "last rogue heap (the last change): 5",
                )),
        );
}

#[test]
fn kayles_text_wraps_its_lists_between_items_and_loses_none() {
    let text = String::from_utf8(common::stdout_of(grundy().args(["quotient", "0.77"]))).unwrap();
    let doc: Value = serde_json::from_slice(&common::stdout_of(
        grundy().args(["quotient", "0.77", "--format", "json"]),
    ))
    .unwrap();
    for line in text.lines().skip(1) {
        assert!(line.chars().count() <= 100, "too long: {line:?}");
        assert!(!line.ends_with(' '), "trailing space: {line:?}");
    }
    // The presentation's lines, joined again, hold every relation of the
    // document in order, none split across a line.
    let start = text.find("  Q = ⟨").unwrap();
    let end = start + text[start..].find('⟩').unwrap();
    let presentation = text[start..end].split_once(" | ").unwrap().1;
    let lines: Vec<&str> = presentation.lines().map(str::trim).collect();
    let joined = lines.join(" ");
    let printed: Vec<&str> = joined.split(", ").collect();
    let relations: Vec<&str> = doc["relations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["text"].as_str().unwrap())
        .collect();
    assert_eq!(printed, relations);
    assert!(lines.len() > 1, "the 21 relations do not fit one line");
    for line in &lines[..lines.len() - 1] {
        assert!(
            line.ends_with(','),
            "a line breaks inside a relation: {line:?}"
        );
    }
    // Φ's 71 preperiod values over lines, in order.
    let phi = text.split_once("Φ(0 … 70) = ").unwrap().1;
    let phi = phi.split_once("\n  then").unwrap().0;
    assert_eq!(phi.split_whitespace().count(), 71);
    assert!(phi.lines().count() > 1);
}

#[test]
fn kayles_json_is_a_certificate_and_a_tampered_one_is_refused() {
    let out = common::stdout_of(grundy().args(["quotient", "octal:0.77", "--format", "json"]));
    let doc: Value = serde_json::from_slice(&out).unwrap();
    common::check_schema(&doc, "Quotient");
    assert_eq!(doc["order"], 40);
    assert_eq!(doc["p_size"], 9);
    assert_eq!(doc["period"], 12);
    assert_eq!(doc["preperiod"], 71);
    assert_eq!(doc["proven"], true);
    assert_eq!(doc["pretending"].as_array().unwrap().len(), 83);
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("kayles.json");
    std::fs::write(&good, &out).unwrap();
    grundy()
        .args(["quotient", "--check"])
        .arg(&good)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "a valid certificate of octal:0.77",
        ));

    let mut bad = doc.clone();
    let p0 = bad["p_portion"][0].as_u64().unwrap();
    bad["p_portion"][0] = Value::from((p0 + 1) % 40);
    let bad_path = dir.path().join("bad.json");
    std::fs::write(&bad_path, bad.to_string()).unwrap();
    grundy()
        .args(["quotient", "--check"])
        .arg(&bad_path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("refused"));

    std::fs::write(&bad_path, "{\"format\": 1,\n \"order\": oops}").unwrap();
    grundy()
        .args(["quotient", "--check"])
        .arg(&bad_path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 2"));
}

/// A check stopped while it reads the heaps keeps how far it got in the
/// cache (`grundy cache` lists it): the next check of the same file goes
/// on from there, says so, and ends as a check of every heap does. Then
/// nothing of the stop is left.
#[test]
fn a_stopped_check_is_gone_on_from_by_the_next_check_of_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let in_cache = || grundy_in(&cache);
    // 0.56 to 30,000 heaps: its check reads them for seconds.
    let file = dir.path().join("q56.json");
    std::fs::write(
        &file,
        common::stdout_of(in_cache().args([
            "--no-cache",
            "quotient",
            "0.56",
            "--upto",
            "30000",
            "--format",
            "json",
        ])),
    )
    .unwrap();
    let whole = String::from_utf8(common::stdout_of(
        in_cache()
            .args(["--no-cache", "quotient", "--check"])
            .arg(&file),
    ))
    .unwrap();
    assert!(whole.contains("below 30,000"), "{whole}");
    let stopped = in_cache()
        .args(["quotient", "--time-limit", "0.5", "--check"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(stopped.status.code(), Some(1));
    let said = String::from_utf8(stopped.stderr).unwrap();
    let heap: u64 = said
        .split_once("it had read the heaps below ")
        .and_then(|(_, rest)| {
            rest.split_once(", kept in the cache: the next check of this file goes on from there")
        })
        .map(|(heap, _)| heap.replace(',', "").parse().unwrap())
        .unwrap_or_else(|| panic!("{said}"));
    assert!(heap > 1 && heap < 30_000, "{heap}");
    assert!(said.contains("nothing is decided"), "{said}");
    // Listed, in words and in JSON.
    let listed = String::from_utf8(common::stdout_of(in_cache().arg("cache"))).unwrap();
    let with_commas = grundy::notation::with_commas(u128::from(heap));
    assert!(
        listed.contains("Certificate checks stopped part way")
            && listed.contains(&format!("the heaps below {with_commas} read")),
        "{listed}"
    );
    let json: Value = serde_json::from_slice(&common::stdout_of(
        in_cache().args(["cache", "--format", "json"]),
    ))
    .unwrap();
    assert_eq!(json["stopped_checks"][0]["heap"], Value::from(heap));
    assert_eq!(json["quotients"], serde_json::json!([]));
    // Gone on from, and said so after the same line as a whole check.
    let on = String::from_utf8(common::stdout_of(
        in_cache().args(["quotient", "--check"]).arg(&file),
    ))
    .unwrap();
    assert_eq!(
        on,
        format!(
            "{whole}{}: the check went on from heap {with_commas}, where a stopped check of this \
             file had got (the heaps below it were read then; --no-cache reads them all)\n",
            file.display()
        )
    );
    let json: Value = serde_json::from_slice(&common::stdout_of(
        in_cache().args(["cache", "--format", "json"]),
    ))
    .unwrap();
    assert_eq!(json["stopped_checks"], serde_json::json!([]));
    assert_eq!(json["quotients"].as_array().map(Vec::len), Some(1));
    // Checked again: from heap 1, as a whole check.
    assert_eq!(
        String::from_utf8(common::stdout_of(
            in_cache().args(["quotient", "--check"]).arg(&file)
        ))
        .unwrap(),
        whole
    );
}

/// The check a run's proof waits on is the cache's: it goes on from what a
/// stopped check of the same document kept, and once it ends lets that go
/// (here a damaged one, planted under the proven document's name, which
/// it reads past). With --no-cache the run's check leaves the cache alone.
#[test]
fn a_runs_proof_is_checked_through_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    let in_cache = || grundy_in(&cache);
    let document =
        common::stdout_of(in_cache().args(["--no-cache", "quotient", "0.75", "--format", "json"]));
    let folder = cache.join("checked-quotients-v1");
    std::fs::create_dir_all(&folder).unwrap();
    let planted = folder.join(format!(
        "{}-{:08x}.checking",
        document.len(),
        grundy::persist::crc32(&document)
    ));
    std::fs::write(&planted, b"damaged").unwrap();
    let no_cache =
        common::stdout_of(in_cache().args(["--no-cache", "quotient", "0.75", "--format", "json"]));
    assert_eq!(no_cache, document);
    assert!(planted.exists(), "--no-cache leaves the cache alone");
    let run = common::stdout_of(in_cache().args(["quotient", "0.75", "--format", "json"]));
    assert_eq!(run, document);
    assert!(!planted.exists(), "the run's check went through the cache");
}

/// A document of 10,000 elements (one generator, a cycle), the most the
/// check holds, whose check takes about a second: `--time-limit` and
/// Ctrl-C stop it long before, and it decides nothing.
#[test]
fn a_long_check_is_stopped_by_its_time_limit_or_a_signal_deciding_nothing() {
    use std::process::Stdio;
    use std::time::{Duration, Instant};

    let m = 10_000u32;
    let mut doc: Value = serde_json::from_slice(&common::stdout_of(
        grundy().args(["quotient", "0.75", "--format", "json"]),
    ))
    .unwrap();
    doc["order"] = Value::from(m);
    doc["proven"] = Value::from(false);
    doc["generators"] = serde_json::json!([{"name": "a", "heap": 1}]);
    doc["relations"] = serde_json::json!([]);
    doc["elements"] = (0..m).map(|i| vec![i]).collect();
    doc["actions"] = Value::from(vec![(0..m).map(|i| (i + 1) % m).collect::<Vec<u32>>()]);
    doc["p_portion"] = serde_json::json!([1]);
    doc["p_size"] = Value::from(1);
    doc["pretending"] = serde_json::json!([0, 1]);
    doc["heaps"] = Value::from(2);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cycle.json");
    std::fs::write(&path, doc.to_string()).unwrap();
    let said = "the certificate check was stopped before it ended: nothing is decided";
    // A time limit not reached stops nothing.
    let kayles = dir.path().join("kayles.json");
    std::fs::write(
        &kayles,
        common::stdout_of(grundy().args(["quotient", "0.77", "--format", "json"])),
    )
    .unwrap();
    grundy()
        .args(["quotient", "--no-cache", "--time-limit", "600", "--check"])
        .arg(&kayles)
        .assert()
        .success();
    for given in ["--check", "--resume"] {
        grundy()
            .args(["quotient", "--time-limit", "0.05", given])
            .arg(&path)
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains(said));
    }
    // A signal, the same way: `quotient --check`, and the check of a
    // document given to decide by, before any input is read.
    let cases = [
        (&["quotient", "--check"][..], libc::SIGINT),
        (
            &["solve", "octal:0.75", "--misere", "--quotient"],
            libc::SIGTERM,
        ),
        (
            &["judge", "octal:0.75", "--misere", "--quotient"],
            libc::SIGTERM,
        ),
        (
            &["play", "octal:0.75", "--misere", "--quotient"],
            libc::SIGHUP,
        ),
    ];
    for (args, signal) in cases {
        let child = common::grundy_process()
            .env("GRUNDY_CACHE_DIR", scratch_cache())
            .args(args)
            .arg(&path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(100));
        let asked = Instant::now();
        common::send(&child, signal);
        let out = child.wait_with_output().unwrap();
        let waited = asked.elapsed();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(128 + signal), "{args:?}: {stderr}");
        assert!(stderr.contains(said), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
        // Within about 100 ms; a margin for a loaded machine.
        assert!(waited < Duration::from_secs(2), "{args:?}: {waited:?}");
    }
}

/// Once the document given is checked, a stop signal ends the run at once
/// as it does a run given none: it is not held back for a check that is
/// over.
#[test]
fn a_signal_after_the_check_ends_the_run_as_before() {
    use std::os::unix::process::ExitStatusExt;
    use std::process::Stdio;
    use std::time::Duration;

    let dir = tempfile::tempdir().unwrap();
    let kayles = dir.path().join("kayles.json");
    std::fs::write(
        &kayles,
        common::stdout_of(grundy().args(["quotient", "0.77", "--format", "json"])),
    )
    .unwrap();
    for (signal, cache) in [
        (libc::SIGINT, "--no-cache"),
        (libc::SIGTERM, "--max-heap=1000000"),
    ] {
        // Judging lines as they come: the first answered, then waiting.
        let mut child = common::grundy_process()
            .env("GRUNDY_CACHE_DIR", scratch_cache())
            .args([cache, "judge", "octal:0.77", "--misere", "--quotient"])
            .arg(&kayles)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        std::io::Write::write_all(&mut stdin, b"1\n").unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 5];
        std::io::Read::read_exact(&mut stdout, &mut first).unwrap();
        assert_eq!(&first, b"LOSE\n");
        std::thread::sleep(Duration::from_millis(50));
        common::send(&child, signal);
        let mut waited = Duration::ZERO;
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if waited > Duration::from_secs(5) {
                child.kill().unwrap();
                panic!("signal {signal} did not end the run");
            }
            std::thread::sleep(Duration::from_millis(20));
            waited += Duration::from_millis(20);
        };
        assert_eq!(status.signal(), Some(signal), "{status:?}");
        drop(stdin);
    }
}

/// A proven document printed, or one that passed `--check` or a
/// `--quotient` check, is kept in the cache byte for byte; one equal to a
/// kept copy is not checked again (shown here by a changed copy planted in
/// the cache, which is then trusted), unless `--no-cache` says so. Partial
/// documents printed, refused ones and others are not kept.
#[test]
fn a_document_that_passed_the_check_is_kept_and_not_checked_again() {
    let cache = tempfile::tempdir().unwrap();
    let kept_dir = cache.path().join("checked-quotients-v1");
    let kept = || -> Vec<Vec<u8>> {
        let mut files: Vec<Vec<u8>> = std::fs::read_dir(&kept_dir)
            .map(|d| {
                d.map(|e| e.unwrap().path())
                    .filter(|path| path.extension().is_some_and(|e| e == "json"))
                    .map(|path| std::fs::read(path).unwrap())
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        files
    };
    let run = |args: &[&str]| {
        let mut cmd = grundy();
        cmd.env("GRUNDY_CACHE_DIR", cache.path()).args(args);
        cmd
    };
    let partial = common::stdout_of(&mut run(&[
        "quotient", "0.07", "--upto", "12", "--format", "json",
    ]));
    // A partial document built is kept when it reaches further than the
    // one kept for its game (here none), and not otherwise.
    assert_eq!(kept(), vec![partial.clone()]);
    let nearer = common::stdout_of(&mut run(&[
        "quotient", "0.07", "--upto", "8", "--format", "json",
    ]));
    assert_ne!(nearer, partial);
    assert_eq!(kept(), vec![partial.clone()], "a nearer one is not kept");
    for no_cache in [
        &["quotient", "--no-cache", "0.77", "--format", "json"][..],
        &["--no-cache", "quotient", "0.77", "--format", "json"],
    ] {
        common::stdout_of(&mut run(no_cache));
        assert_eq!(kept(), vec![partial.clone()], "{no_cache:?}");
    }
    let kayles = common::stdout_of(&mut run(&["quotient", "0.77", "--format", "json"]));
    let mut both = vec![kayles.clone(), partial.clone()];
    both.sort();
    assert_eq!(kept(), both);

    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str, bytes: &[u8]| {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        path.to_str().unwrap().to_string()
    };
    let partial_file = file("dawson.json", &partial);
    run(&["quotient", "--check", &partial_file])
        .assert()
        .success();
    assert_eq!(kept(), both);

    // Kayles with heap 1 pretending to be another element: refused, and
    // not kept; trusted once a copy of it is planted in the cache.
    let mut doc: Value = serde_json::from_slice(&kayles).unwrap();
    doc["pretending"][1] = Value::from(doc["pretending"][2].as_u64().unwrap());
    let changed = doc.to_string().into_bytes();
    let changed_file = file("changed.json", &changed);
    let solve = |extra: &[&str]| {
        let mut cmd = run(&[
            "solve",
            "octal:0.77",
            "--misere",
            "--quotient",
            &changed_file,
        ]);
        cmd.args(extra).write_stdin("1\n");
        cmd
    };
    solve(&[])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a quotient to decide by"));
    assert_eq!(kept(), both, "a refused document is not kept");
    let planted = kept_dir.join(format!(
        "{}-{:08x}.json",
        changed.len(),
        grundy::persist::crc32(&changed)
    ));
    std::fs::write(&planted, &changed).unwrap();
    solve(&[]).assert().success();
    solve(&["--no-cache"]).assert().code(2);
    run(&["quotient", "--check", &changed_file])
        .assert()
        .code(2);
    // A proven quotient's final checkpoint is kept too, and it is the
    // document printed byte for byte: one copy for both.
    let ck = dir.path().join("dot75.ck");
    let before = kept().len();
    let printed = common::stdout_of(&mut run(&[
        "quotient",
        "0.75",
        "--format",
        "json",
        "--checkpoint",
        ck.to_str().unwrap(),
    ]));
    assert_eq!(std::fs::read(&ck).unwrap(), printed);
    assert!(kept().contains(&printed));
    assert_eq!(kept().len(), before + 1);

    // GRUNDY_CACHE_DIR set but empty: the platform's cache directory.
    let home = tempfile::tempdir().unwrap();
    let mut cmd = grundy();
    cmd.current_dir(home.path())
        .env("GRUNDY_CACHE_DIR", "")
        .env("XDG_CACHE_HOME", home.path().join("xdg"))
        .args(["quotient", "0.75", "--format", "json"]);
    common::stdout_of(&mut cmd);
    assert!(home
        .path()
        .join("xdg/grundy/checked-quotients-v1")
        .read_dir()
        .is_ok_and(|mut d| d.next().is_some()));
    assert!(!home.path().join("checked-quotients-v1").exists());
}

/// A quotient proven once (by `grundy quotient`, in any format) decides the
/// code's misère play in every later run without `--quotient`, where the
/// question's own bounds would not find it; `--no-cache` goes without.
#[test]
fn a_proven_quotient_kept_decides_later_misere_play() {
    let cache = tempfile::tempdir().unwrap();
    let run = |args: &[&str], input: &str| {
        let mut cmd = grundy();
        cmd.env("GRUNDY_CACHE_DIR", cache.path())
            .args(args)
            .write_stdin(input.to_string());
        cmd
    };
    let small = ["--misere", "--misere-budget", "1000"];
    let solve = ["solve", "octal:0.77"];
    let sums = "60 61 62\n0\n1 1\n900000 123456 7\n1\n";
    // Kayles' quotient within the default budget, without the cache.
    let found = common::stdout_of(&mut run(
        &["--no-cache", solve[0], solve[1], "--misere"],
        sums,
    ));
    assert!(String::from_utf8_lossy(&found)
        .contains("Decided by the misère quotient of octal:0.77 (40 elements, 9 in P), proven"));
    // Within 1,000 positions it is not found: the search is refused.
    run(&[&solve[..], &small[..]].concat(), sums)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("needs more than 1,000 positions"));
    common::stdout_of(&mut run(&["quotient", "0.77", "--format", "json"], ""));
    assert!(cache
        .path()
        .join("checked-quotients-v1/proven-octal_3a0.77")
        .is_file());
    // Now the same question is decided by the kept quotient, answered as
    // the one found within the default budget answers it.
    let kept = common::stdout_of(&mut run(&[&solve[..], &small[..]].concat(), sums));
    assert_eq!(
        String::from_utf8_lossy(&kept),
        String::from_utf8_lossy(&found)
    );
    run(
        &["judge", "octal:0.77", "--misere", "--misere-budget", "1000"],
        sums,
    )
    .assert()
    .success()
    .stdout("WIN\nWIN\nWIN\nWIN\nLOSE\n");
    run(
        &[&["--no-cache"][..], &solve[..], &small[..]].concat(),
        sums,
    )
    .assert()
    .code(2);
    // The text report proves and keeps it too; a partial one is not kept
    // as the code's.
    let other = tempfile::tempdir().unwrap();
    let mut text = grundy();
    text.env("GRUNDY_CACHE_DIR", other.path())
        .args(["quotient", "0.75"]);
    common::stdout_of(&mut text);
    let mut partial = grundy();
    partial
        .env("GRUNDY_CACHE_DIR", other.path())
        .args(["quotient", "0.77", "--upto", "20"]);
    common::stdout_of(&mut partial);
    let mut notes: Vec<String> = std::fs::read_dir(other.path().join("checked-quotients-v1"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("proven-"))
        .collect();
    notes.sort();
    assert_eq!(notes, ["proven-octal_3a0.75"]);
}

#[test]
fn limits_give_a_partial_quotient_said_to_be_partial() {
    grundy()
        .args(["--no-cache", "quotient", "0.77", "--upto", "10"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("PARTIAL: heaps 0 … 9 only")
                .and(predicate::str::contains("|Q| = 18"))
                .and(predicate::str::contains(
                    "\n  exact for every sum of heaps below 10: saved with --format json, it \
                     decides them in solve, judge and play (--misere --quotient FILE)\n",
                )),
        );
    // Kept in a cache with none further for its code, which is said; one
    // nearer is not kept.
    let cache = tempfile::tempdir().unwrap();
    let in_cache = |upto: &str| {
        let mut cmd = grundy();
        cmd.env("GRUNDY_CACHE_DIR", cache.path())
            .args(["quotient", "0.77", "--upto", upto]);
        String::from_utf8(common::stdout_of(&mut cmd)).unwrap()
    };
    let kept = in_cache("10");
    assert!(
        kept.contains(
            "\n  exact for every sum of heaps below 10: kept in the cache, it decides them in \
             solve, judge and play (--misere) until one is proven; saved with --format json, \
             with --quotient FILE elsewhere\n"
        ),
        "{kept}"
    );
    let nearer = in_cache("9");
    assert!(
        nearer.contains("below 9: saved with --format json, it decides them in solve"),
        "{nearer}"
    );
    let out = common::stdout_of(grundy().args([
        "quotient",
        "0.07",
        "--time-limit",
        "0.2",
        "--format",
        "json",
    ]));
    let doc: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(doc["proven"], false);
    assert!(doc["unproven"].as_str().unwrap().contains("stopped"));
    // Φ of a partial quotient: its first 200 heaps, then `…` where there
    // are more; its largest trial said.
    // (From heap 0: a quotient the tests' cache kept is no start here.)
    let text = |args: &[&str]| {
        String::from_utf8(common::stdout_of(
            grundy().args(["--no-cache", "quotient"]).args(args),
        ))
        .unwrap()
    };
    let long = text(&["0.7!", "--upto", "205"]);
    assert!(long.contains("  Φ(0 … 199) = 1 a 1 a"), "{long}");
    assert!(long.contains(" 1 a …\n"), "{long}");
    assert!(
        long.contains("\n  largest trial quotient built: "),
        "{long}"
    );
    let all = text(&["0.7!", "--upto", "200"]);
    assert!(all.contains("  Φ(0 … 199) = 1 a 1 a"), "{all}");
    assert!(!all.contains(" …\n"), "{all}");
    // A proven one with no preperiod: only its period; no trial said.
    let proven = text(&["0.3"]);
    assert!(
        proven.contains("  Φ: period 2, preperiod 0\n  then repeating: 1 a\n"),
        "{proven}"
    );
    assert!(
        !proven.contains("Φ(0")
            && !proven.contains("largest trial")
            && !proven.contains("exact for"),
        "{proven}"
    );
    // Trials past --max-trial are not built: Kayles, whose quotient has 40
    // elements, stops at heap 5 with trials of at most 8.
    let small = text(&["0.77", "--max-trial", "8"]);
    assert!(small.contains("PARTIAL: heaps 0 … 4 only"), "{small}");
    assert!(
        small.contains("largest trial quotient built: 8 elements"),
        "{small}"
    );
    // A code with a repeating tail: never proven.
    grundy()
        .args(["quotient", "nim", "--upto", "8"])
        .assert()
        .success()
        .stdout(predicate::str::contains("tame: T_3"));
}

#[test]
fn bad_codes_are_refused() {
    grundy()
        .args(["quotient", "0.9x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("0.9x"));
    grundy().args(["quotient"]).assert().code(2);
}

#[test]
fn a_checkpointed_run_resumes_to_the_same_quotient() {
    let dir = tempfile::tempdir().unwrap();
    let ck = dir.path().join("kayles.ck");
    grundy()
        .args(["quotient", "0.77", "--upto", "30", "--checkpoint"])
        .arg(&ck)
        .assert()
        .success()
        .stdout(predicate::str::contains("PARTIAL: heaps 0 … 29 only"));
    let saved: Value = serde_json::from_slice(&std::fs::read(&ck).unwrap()).unwrap();
    assert_eq!(saved["heaps"], 30);
    assert_eq!(saved["proven"], false);
    let resumed = common::stdout_of(
        grundy()
            .args(["quotient", "--format", "json", "--resume"])
            .arg(&ck),
    );
    let fresh = common::stdout_of(grundy().args(["quotient", "0.77", "--format", "json"]));
    assert_eq!(resumed, fresh);
    // A checkpoint that is no certificate is not resumed.
    let mut bad = saved.clone();
    bad["p_portion"][0] = Value::from((saved["p_portion"][0].as_u64().unwrap() + 1) % 40);
    std::fs::write(&ck, bad.to_string()).unwrap();
    grundy()
        .args(["quotient", "--resume"])
        .arg(&ck)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a checkpoint to resume"));
    // Stretches: saved along the way, and the run still stops at its limit.
    let dawson = dir.path().join("dawson.ck");
    grundy()
        .args([
            "quotient",
            "0.07",
            "--time-limit",
            "2.5",
            "--checkpoint-every",
            "1",
            "--checkpoint",
        ])
        .arg(&dawson)
        .assert()
        .success()
        .stdout(predicate::str::contains("PARTIAL"));
    let saved: Value = serde_json::from_slice(&std::fs::read(&dawson).unwrap()).unwrap();
    assert!(saved["heaps"].as_u64().unwrap() >= 20, "{saved}");
}

#[test]
fn a_run_goes_on_from_the_quotient_the_cache_keeps_to_the_same_quotient() {
    let cache = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let mut cmd = grundy();
        cmd.env("GRUNDY_CACHE_DIR", cache.path())
            .arg("quotient")
            .args(args);
        String::from_utf8(common::stdout_of(&mut cmd)).unwrap()
    };
    let fresh = |args: &[&str]| {
        String::from_utf8(common::stdout_of(
            grundy().args(["--no-cache", "quotient"]).args(args),
        ))
        .unwrap()
    };
    let went_on = "went on from the partial quotient of heaps below";
    let read = "read from the cache";
    let first = run(&["0.77", "--upto", "10"]);
    assert!(!first.contains(went_on) && !first.contains(read), "{first}");
    // Further: from heap 10 on, trials built from there.
    let further = run(&["0.77", "--upto", "20"]);
    assert!(
        further.contains(&format!(
            "  {went_on} 10 kept in the cache (--no-cache starts from heap 0)\n"
        )) && further.contains("largest trial quotient built from heap 10: "),
        "{further}"
    );
    // As far as kept: nothing built.
    let again = run(&["0.77", "--upto", "20"]);
    // The document is the copy kept, byte for byte, which is said.
    assert!(
        again.contains("  read from the cache, where it was kept as far as --upto asks")
            && !again.contains("trial quotient")
            && again.contains("exact for every sum of heaps below 20: kept in the cache"),
        "{again}"
    );
    // Nearer than the one kept: from heap 0.
    let nearer = run(&["0.77", "--upto", "15"]);
    assert!(
        !nearer.contains(went_on)
            && !nearer.contains(read)
            && nearer.contains("largest trial quotient built: "),
        "{nearer}"
    );
    // 0.56 past its last change builds no trial from there, which is said.
    run(&["0.56", "--upto", "3000"]);
    let tame = run(&["0.56", "--upto", "6000"]);
    assert!(
        tame.contains("\n  no trial quotient built from heap 3,000\n")
            && !tame.contains("largest trial"),
        "{tame}"
    );
    // The same quotient as from heap 0, to the document's byte.
    for upto in ["20", "30"] {
        let args = ["0.77", "--upto", upto, "--format", "json"];
        assert_eq!(run(&args), fresh(&args), "to {upto}");
    }
    // A proven one kept is read, not computed again, and is the same; a
    // run to fewer heaps than its proof took is not read from it.
    let args = ["0.75", "--format", "json"];
    let proven = run(&args);
    assert_eq!(run(&args), proven);
    assert_eq!(fresh(&args), proven);
    let doc: Value = serde_json::from_str(&proven).unwrap();
    let took = doc["heaps"].as_u64().unwrap();
    let read_again = run(&["0.75"]);
    assert!(
        read_again.contains(
            "  read from the cache, where it was kept after the certificate check (--no-cache \
             computes it again)\n"
        ),
        "{read_again}"
    );
    let short = run(&["0.75", "--upto", &(took - 1).to_string()]);
    assert!(
        short.contains("PARTIAL") && !short.contains(read),
        "{short}"
    );
    assert_eq!(run(&["0.75", "--upto", &took.to_string()]), read_again);
    // --resume FILE goes on from FILE, not from the cache.
    let ck = cache.path().join("kayles.ck");
    std::fs::write(&ck, fresh(&["0.77", "--upto", "12", "--format", "json"])).unwrap();
    let resumed = run(&["--resume", ck.to_str().unwrap(), "--upto", "25"]);
    assert!(!resumed.contains(went_on), "{resumed}");
    assert_eq!(
        run(&[
            "--resume",
            ck.to_str().unwrap(),
            "--upto",
            "25",
            "--format",
            "json"
        ]),
        fresh(&["0.77", "--upto", "25", "--format", "json"])
    );
}

#[test]
fn misere_answers_say_whether_a_quotient_or_the_search_decided() {
    // Without the cache, where another test may have kept a partial
    // quotient of Dawson's Kayles that reaches further.
    grundy()
        .args(["--no-cache", "solve", "octal:0.77", "--misere"])
        .write_stdin("999999 1000000 77\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Decided by the misère quotient of octal:0.77 (40 elements, 9 in P), proven for every heap size.",
        ));
    // Dawson's Kayles has no quotient proven within a question's bounds:
    // sums of the heaps its partial quotient reached (below 25) are decided
    // by it, at once, even where the search would need more than its
    // budget (the second sum: refused by the search alone after some 15 s);
    // a larger heap's answer says how far the look went and what
    // decided instead: the search, which takes the partial quotient's
    // answers for the sums of heaps below 25 its moves reach.
    let out = common::stdout_of(
        grundy()
            .args([
                "--no-cache",
                "solve",
                "octal:0.07",
                "--misere",
                "--format",
                "json",
            ])
            .write_stdin("5 6\n24 24 24 24 24 24 24 24 23 22\n30 3\n"),
    );
    let docs: Vec<Value> = serde_json::Deserializer::from_slice(&out)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(docs.len(), 3);
    for doc in &docs[..2] {
        let basis = doc["misere_basis"].as_str().unwrap();
        assert!(
            basis.starts_with(
                "the partial misère quotient of octal:0.07, exact for sums of heaps below 25 ("
            ),
            "{basis}"
        );
    }
    assert_eq!(docs[0]["winner"], "first");
    assert_eq!(docs[1]["winner"], "second");
    let basis = docs[2]["misere_basis"].as_str().unwrap();
    assert!(
        basis.starts_with(
            "genus theory where every heap is tame, else a search of the sum (its sums of heaps \
             below 25 decided by the partial misère quotient; no misère quotient of octal:0.07 \
             was proven within the bounds of a question: "
        ),
        "{basis}"
    );
    assert!(basis.contains("at heap 25"), "{basis}");
    // Normal play needs no such line.
    let out = common::stdout_of(
        grundy()
            .args(["solve", "octal:0.07", "--format", "json"])
            .write_stdin("5 6\n"),
    );
    let doc: Value = serde_json::from_slice(&out).unwrap();
    assert!(doc.get("misere_basis").is_none());
}

/// Whether the document's quotient puts a sum of `heaps` in P, worked out
/// here from the document's own fields: each heap's element from
/// `pretending`, products by applying an element's word to the other
/// through `actions`.
fn doc_says_lost(doc: &Value, heaps: &[usize]) -> bool {
    let element = |heap: usize| doc["pretending"][heap].as_u64().unwrap() as usize;
    let times = |x: usize, y: usize| {
        let mut x = x;
        for (g, exponent) in doc["elements"][y].as_array().unwrap().iter().enumerate() {
            for _ in 0..exponent.as_u64().unwrap() {
                x = doc["actions"][g][x].as_u64().unwrap() as usize;
            }
        }
        x
    };
    let product = heaps.iter().fold(0, |x, &h| times(x, element(h)));
    doc["p_portion"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p.as_u64() == Some(product as u64))
}

/// A quotient computed once and kept in a file decides, through `--quotient
/// FILE`, the sums of the heaps it reached in `solve`, `judge` and `play`:
/// here 0.07's Q₂₇ a sum with heaps of 26 and 27, which without it goes to
/// the search and is refused past its budget. The cache keeps it too, and
/// it decides there without the file (not with `--no-cache`). The file is
/// checked first: a changed one, or one of another game, is refused
/// (status 2) before any input is read.
#[test]
fn a_quotient_file_decides_the_sums_of_the_heaps_it_reached() {
    let dir = tempfile::tempdir().unwrap();
    // A cache of its own: before the quotient is computed, none is kept.
    let cache = dir.path().join("cache");
    let grundy = || {
        let mut cmd = grundy();
        cmd.env("GRUNDY_CACHE_DIR", &cache);
        cmd
    };
    let heaps = [27, 27, 27, 26, 26];
    let sum = "27 27 27 26 26\n";
    let budget = ["--misere", "--misere-budget", "1000"];
    let refused = |cache: &[&str]| {
        grundy()
            .args(cache)
            .args(["solve", "octal:0.07"])
            .args(budget)
            .write_stdin(sum)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "the misère search needs more than",
            ));
    };
    refused(&[]);
    let file = dir.path().join("dawson.json");
    let text =
        common::stdout_of(grundy().args(["quotient", "0.07", "--upto", "28", "--format", "json"]));
    std::fs::write(&file, &text).unwrap();
    let doc: Value = serde_json::from_slice(&text).unwrap();
    let file = file.to_str().unwrap();
    let lost = doc_says_lost(&doc, &heaps);
    refused(&["--no-cache"]);
    let out = common::stdout_of(
        grundy()
            .args(["solve", "octal:0.07", "--format", "json"])
            .args(budget)
            .write_stdin(sum),
    );
    let answer: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(
        answer["misere_basis"],
        "the partial misère quotient of octal:0.07 kept in the cache, exact for sums of heaps \
         below 28 (176 elements, 28 in P)"
    );
    assert_eq!(answer["winner"], if lost { "second" } else { "first" });
    let out = common::stdout_of(
        grundy()
            .args([
                "solve",
                "octal:0.07",
                "--all",
                "--format",
                "json",
                "--quotient",
                file,
            ])
            .args(budget)
            .write_stdin(sum),
    );
    let answer: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(
        answer["misere_basis"],
        "the partial misère quotient of octal:0.07 given, exact for sums of heaps below 28 \
         (176 elements, 28 in P)"
    );
    assert_eq!(answer["winner"], if lost { "second" } else { "first" });
    // Every winning move, by the document: 0.07 takes 2 tokens and leaves
    // one heap, or two (none only from a heap of 2).
    let mut expected = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        let rest: Vec<usize> = heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
        let mut leaves = vec![vec![h - 2]];
        leaves.extend((1..=(h - 2) / 2).map(|a| vec![a, h - 2 - a]));
        for leave in leaves {
            let after: Vec<usize> = rest.iter().chain(&leave).copied().collect();
            if doc_says_lost(&doc, &after) {
                expected.push((i + 1, leave));
            }
        }
    }
    let mut got: Vec<(usize, Vec<usize>)> = answer["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let leave = m["move"]["leave"].as_array().unwrap();
            (
                m["move"]["heap"].as_u64().unwrap() as usize,
                leave.iter().map(|h| h.as_u64().unwrap() as usize).collect(),
            )
        })
        .collect();
    got.sort();
    expected.sort();
    assert!(!expected.is_empty());
    assert_eq!(got, expected);
    grundy()
        .args(["judge", "octal:0.07", "--quotient", file])
        .args(budget)
        .write_stdin(sum)
        .assert()
        .success()
        .stdout(if lost { "LOSE\n" } else { "WIN\n" });
    grundy()
        .args([
            "play",
            "octal:0.07",
            "--heaps",
            "27,27,27,27,26,26",
            "--quotient",
            file,
        ])
        .args(budget)
        .env("NO_COLOR", "1")
        .write_stdin("hint\nquit\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("Hint: "));
    // Refused before any input: another game's quotient, a changed one,
    // and one without misère play.
    let kayles = dir.path().join("kayles.json");
    std::fs::write(
        &kayles,
        common::stdout_of(grundy().args(["quotient", "0.77", "--format", "json"])),
    )
    .unwrap();
    let mut changed = doc.clone();
    changed["pretending"][27] = changed["pretending"][26].clone();
    let changed_file = dir.path().join("changed.json");
    std::fs::write(&changed_file, changed.to_string()).unwrap();
    for (refused, why) in [
        (&kayles, "a quotient of octal:0.77, not of octal:0.07"),
        (&changed_file, "changed.json: not a quotient to decide by: "),
    ] {
        grundy()
            .args(["solve", "octal:0.07", "--misere", "--quotient"])
            .arg(refused)
            .write_stdin(sum)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(why));
    }
    grundy()
        .args(["solve", "octal:0.07", "--quotient", file])
        .write_stdin(sum)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--misere"));
}

/// Ctrl-C, or SIGTERM (a batch scheduler's time limit), stops a run within
/// about 100 ms: the partial quotient is printed and saved, and the run
/// ends with 128 + the signal's number, as a shell reports a process the
/// signal ended.
#[test]
fn a_signal_prints_and_saves_the_partial_quotient_and_ends_with_its_status() {
    use std::process::Stdio;
    use std::time::{Duration, Instant};

    let dir = tempfile::tempdir().unwrap();
    for (signal, status) in [(libc::SIGINT, 130), (libc::SIGTERM, 143)] {
        let ck = dir.path().join(format!("dawson{signal}.ck"));
        // Dawson's Kayles is stuck at heap 34 for longer than this test
        // (from heap 0: a partial quotient kept is no start here).
        let child = common::grundy_process()
            .env("GRUNDY_CACHE_DIR", scratch_cache())
            .args([
                "--no-cache",
                "quotient",
                "0.07",
                "--upto",
                "40",
                "--checkpoint-every",
                "1",
            ])
            .arg("--checkpoint")
            .arg(&ck)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Signalled once a checkpoint past heap 20 is saved: well inside
        // the run, on any machine.
        let waiting = Instant::now();
        while std::fs::read(&ck)
            .ok()
            .and_then(|bytes| serde_json::from_slice::<Value>(&bytes).ok())
            .and_then(|saved| saved["heaps"].as_u64())
            .is_none_or(|heaps| heaps < 20)
        {
            assert!(
                waiting.elapsed() < Duration::from_secs(120),
                "no checkpoint"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let asked = Instant::now();
        common::send(&child, signal);
        let out = child.wait_with_output().unwrap();
        let waited = asked.elapsed();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(status), "signal {signal}: {stderr}");
        // Within about 100 ms; a margin for a loaded machine.
        assert!(waited < Duration::from_secs(2), "{waited:?}");
        let saved: Value = serde_json::from_slice(&std::fs::read(&ck).unwrap()).unwrap();
        let heaps = saved["heaps"].as_u64().unwrap();
        assert!(
            stderr.contains(&format!("interrupted at heap {heaps}"))
                && stderr.contains(&format!("--resume {}", ck.display())),
            "{stderr}"
        );
        assert!(
            stdout.contains(&format!("PARTIAL: heaps 0 … {} only", heaps - 1)),
            "{stdout}"
        );
    }
}
