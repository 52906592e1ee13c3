//! What the CLI tests share.

#![allow(dead_code)] // each test file uses part of this module

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use assert_cmd::Command;
use serde_json::Value;

/// The cache folder of every `grundy` the tests start, this run's own
/// (emptied when the run first asks for it, under the target folder). The
/// user's cache would make answers depend on what it keeps: a partial
/// quotient of 0.07 kept there changes what `solve --misere` says decided
/// a sum, and how far a budget goes. A test of the cache itself sets a
/// folder of its own over this one.
pub fn cache_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-tests-cache");
        // Left by an earlier run, or absent.
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a cache folder for the tests");
        dir
    })
}

/// This build's `grundy`, with the tests' own cache folder.
pub fn grundy() -> Command {
    let mut command = Command::new(assert_cmd::cargo::cargo_bin("grundy"));
    command.env("GRUNDY_CACHE_DIR", cache_dir());
    command
}

/// [`grundy`] as a `std::process::Command`, for a test that spawns it and
/// talks to it while it runs.
pub fn grundy_process() -> std::process::Command {
    let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"));
    command.env("GRUNDY_CACHE_DIR", cache_dir());
    command
}

/// Runs `command`, which must succeed, and returns its standard output.
pub fn stdout_of(command: &mut Command) -> Vec<u8> {
    let output = command.output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

/// The wire format's schema, as checked in.
pub const SCHEMA: &str = include_str!("../../../../schema/grundy.schema.json");

/// Checks `value` against the type `def` of the checked-in schema
/// (`Analysis`, `PlayAnswer`, `Error`, …).
pub fn check_schema(value: &Value, def: &str) {
    let mut schema: Value = serde_json::from_str(SCHEMA).unwrap();
    schema["anyOf"] = serde_json::json!([{ "$ref": format!("#/$defs/{def}") }]);
    assert!(
        schema["$defs"].get(def).is_some(),
        "no type {def} in the schema"
    );
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(value)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{value}: {errors:?}");
}

/// `grundy solve --format json` output, one analysis per line, each
/// checked against the schema.
pub fn schema_checked(json_lines: &str) -> Vec<Value> {
    json_lines
        .lines()
        .map(|line| {
            let value: Value = serde_json::from_str(line).unwrap();
            check_schema(&value, "Analysis");
            value
        })
        .collect()
}

/// The moves an analysis names: its winning moves, or the move suggested
/// from a lost position.
pub fn moves(case: &Value) -> Vec<Value> {
    let mut moves: Vec<Value> = case["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].clone())
        .collect();
    if !case["suggested_move"].is_null() {
        moves.push(case["suggested_move"]["move"].clone());
    }
    moves
}

/// Whether an analysis says the player to move wins.
pub fn wins(case: &Value) -> bool {
    match case["winner"].as_str() {
        Some("first") => true,
        Some("second") => false,
        other => panic!("winner is {other:?}"),
    }
}

/// A whole number written as a string of digits (or a JSON number).
pub fn int(value: &Value) -> u128 {
    match value {
        Value::String(s) => s.parse().unwrap(),
        Value::Number(n) => n.as_u64().unwrap().into(),
        other => panic!("{other} is not a whole number"),
    }
}

/// Runs `command` with its standard output on a pseudo-terminal (as when a
/// person runs it), standard input and error on pipes; returns the exit
/// status, what reached the terminal, and standard error.
pub fn on_a_terminal(
    mut command: std::process::Command,
    input: &str,
) -> (Option<i32>, Vec<u8>, Vec<u8>) {
    use std::io::{Read, Write};
    use std::os::fd::FromRawFd;
    use std::process::Stdio;
    // SAFETY: posix_openpt has no preconditions; the result is checked.
    let master = unsafe { libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY) };
    assert!(master >= 0, "no pseudo-terminal");
    // SAFETY: `master` is an open pseudo-terminal master.
    assert_eq!(unsafe { libc::grantpt(master) }, 0);
    // SAFETY: as above.
    assert_eq!(unsafe { libc::unlockpt(master) }, 0);
    let mut name = [0 as libc::c_char; 128];
    // SAFETY: `name` is writable for its whole length, which is passed.
    assert_eq!(
        unsafe { libc::ptsname_r(master, name.as_mut_ptr(), name.len()) },
        0
    );
    // SAFETY: ptsname_r wrote a NUL-terminated string into `name`.
    let path = unsafe { std::ffi::CStr::from_ptr(name.as_ptr()) }
        .to_str()
        .unwrap()
        .to_string();
    // SAFETY: `master` is open and owned by nobody else from here on.
    let mut master = unsafe { std::fs::File::from_raw_fd(master) };
    let slave = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(&path)
        .unwrap();
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::from(slave))
        .stderr(Stdio::piped())
        .env_remove("NO_COLOR")
        .spawn()
        .unwrap();
    // The terminal is read while the child runs, so it never blocks.
    let reader = std::thread::spawn(move || {
        let mut seen = Vec::new();
        let mut buffer = [0u8; 4096];
        // Reading fails (EIO) once the child has gone and closed it.
        while let Ok(n) = master.read(&mut buffer) {
            if n == 0 {
                break;
            }
            seen.extend_from_slice(&buffer[..n]);
        }
        seen
    });
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    drop(command);
    (output.status.code(), reader.join().unwrap(), output.stderr)
}

/// Runs `args` with standard output a pipe whose reading end is already
/// closed (as `grundy … | true` can leave it); returns the exit status and
/// standard error.
pub fn into_a_closed_pipe(args: &[&str]) -> (Option<i32>, String) {
    use std::os::fd::FromRawFd;
    let mut fds = [0 as libc::c_int; 2];
    // SAFETY: `fds` has room for the two descriptors pipe writes.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
    // SAFETY: both descriptors are open and owned only by these files.
    let (read, write) = unsafe {
        (
            std::fs::File::from_raw_fd(fds[0]),
            std::fs::File::from_raw_fd(fds[1]),
        )
    };
    drop(read);
    let output = grundy_process().args(args).stdout(write).output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Runs this build's `grundy` with `args` on a pseudo-terminal (by
/// util-linux's `script`) whose input is `input`; what the terminal showed
/// (the input echoed, standard output and error), with `\r\n` as `\n`.
pub fn on_terminal(args: &str, input: &str) -> String {
    let binary = env!("CARGO_BIN_EXE_grundy");
    let output = Command::new("script")
        .args(["-qec", &format!("{binary} {args}"), "/dev/null"])
        .env("GRUNDY_CACHE_DIR", cache_dir())
        .write_stdin(input)
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .expect("util-linux's `script` runs a command on a pseudo-terminal");
    String::from_utf8_lossy(&output.stdout).replace("\r\n", "\n")
}

/// Runs this build's `grundy` with `args` and `input` on standard input,
/// without colour, whatever its exit status.
pub fn run(args: &[&str], input: &str) -> std::process::Output {
    grundy()
        .args(args)
        .env("NO_COLOR", "1")
        .write_stdin(input)
        .output()
        .unwrap()
}

/// Output bytes as text (they must be UTF-8).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// Sends `signal` to `child`.
pub fn send(child: &std::process::Child, signal: libc::c_int) {
    // SAFETY: kill(2) with a child's pid and a signal number reads no
    // memory of ours; the child has not been waited for, so the pid is
    // still its own.
    let sent = unsafe { libc::kill(child.id() as libc::pid_t, signal) };
    assert_eq!(sent, 0);
}
