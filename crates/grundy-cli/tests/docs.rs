//! Every console transcript in README.md and docs/ is run, and what it
//! shows is what the program prints, so the docs cannot drift.
//!
//! A transcript is a fenced block with a line starting `$ `; it must be
//! tagged `console`. Each `$ ` line is run by `sh` (standard error joined
//! to standard output) in a scratch directory holding a copy of
//! `examples/`, with this build's `grundy` first on the `PATH`; the lines
//! up to the next `$ ` are what it must print. Where the output is not
//! stable, `…` stands for any text within a line, and a line of `…` alone
//! for any number of lines. A block tagged `console no-run: WHY` is not
//! run (a server that runs until stopped, a run of minutes, an interrupt);
//! WHY is required. The docs describe the default build (pictures and
//! `serve` included): the lean build skips this file.

#![cfg(all(feature = "pictures", feature = "serve"))]

use std::path::{Path, PathBuf};
use std::process::Command;

/// One fenced block of a document.
struct Block {
    /// The document and the line of the opening fence.
    place: String,
    /// The fence's info string (`console`, `console no-run: …`).
    info: String,
    lines: Vec<String>,
}

impl Block {
    fn is_transcript(&self) -> bool {
        self.lines.iter().any(|line| line.starts_with("$ "))
    }
}

/// One command of a transcript and what it must print.
struct Step {
    command: String,
    expected: Vec<String>,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// README.md and every page of docs/.
fn documents() -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    let mut all = vec![root().join("README.md")];
    all.extend(pages);
    all
}

fn blocks(name: &str, text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    // The block open, and the indent of its fence (a block in a list item
    // is indented with it).
    let mut open: Option<(Block, usize)> = None;
    for (number, line) in text.lines().enumerate() {
        let indent = line.len() - line.trim_start().len();
        match (line.trim_start().strip_prefix("```"), open.take()) {
            (Some(_), Some((block, _))) => blocks.push(block),
            (Some(info), None) => {
                let block = Block {
                    place: format!("{name}:{}", number + 1),
                    info: info.trim().to_string(),
                    lines: Vec::new(),
                };
                open = Some((block, indent));
            }
            (None, Some((mut block, indent))) => {
                let within = line.get(indent..).filter(|_| line.is_char_boundary(indent));
                block
                    .lines
                    .push(within.unwrap_or(line.trim_start()).to_string());
                open = Some((block, indent));
            }
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "{name}: a fence is not closed");
    blocks
}

fn steps(block: &Block) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    for line in &block.lines {
        match line.strip_prefix("$ ") {
            Some(command) => steps.push(Step {
                command: command.to_string(),
                expected: Vec::new(),
            }),
            None => match steps.last_mut() {
                Some(step) => step.expected.push(line.to_string()),
                None => panic!("{}: output before the first `$ `", block.place),
            },
        }
    }
    steps
}

/// Whether `line` matches `pattern`, where `…` stands for any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let mut parts = pattern.split('…');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether `lines` match `patterns`, where a pattern line of `…` alone
/// stands for any number of lines.
fn lines_match(patterns: &[String], lines: &[&str]) -> bool {
    match patterns.split_first() {
        None => lines.is_empty(),
        Some((first, rest)) if first.trim() == "…" => {
            (0..=lines.len()).any(|skip| lines_match(rest, &lines[skip..]))
        }
        Some((first, rest)) => lines
            .split_first()
            .is_some_and(|(line, others)| line_matches(first, line) && lines_match(rest, others)),
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// Runs a transcript's steps in one scratch directory; the differences.
fn run(block: &Block) -> Vec<String> {
    let scratch = tempfile::tempdir().unwrap();
    copy_dir(&root().join("examples"), &scratch.path().join("examples"));
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_grundy"));
    let path = std::env::join_paths(
        std::iter::once(binary.parent().unwrap().to_path_buf()).chain(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        )),
    )
    .unwrap();
    let mut failures = Vec::new();
    for step in steps(block) {
        let output = Command::new("sh")
            .arg("-c")
            .arg(format!("exec 2>&1\n{}", step.command))
            .current_dir(scratch.path())
            .env("PATH", &path)
            .env("GRUNDY_CACHE_DIR", scratch.path().join("cache"))
            .env("NO_COLOR", "1")
            .env_remove("GRUNDY_SITE")
            .output()
            .unwrap();
        let printed = String::from_utf8_lossy(&output.stdout).into_owned();
        let lines: Vec<&str> = printed.lines().map(str::trim_end).collect();
        let expected: Vec<String> = step
            .expected
            .iter()
            .map(|line| line.trim_end().to_string())
            .collect();
        if !lines_match(&expected, &lines) {
            failures.push(format!(
                "{}: `$ {}`\n--- the docs show:\n{}\n--- the program printed:\n{}",
                block.place,
                step.command,
                expected.join("\n"),
                lines.join("\n")
            ));
        }
    }
    failures
}

#[test]
fn every_transcript_in_the_docs_is_what_the_program_prints() {
    let mut failures = Vec::new();
    let mut run_count = 0;
    for document in documents() {
        let name = document
            .strip_prefix(root())
            .unwrap_or(&document)
            .display()
            .to_string();
        let text = std::fs::read_to_string(&document).unwrap();
        for block in blocks(&name, &text) {
            if !block.is_transcript() {
                continue;
            }
            let mut words = block.info.splitn(2, ' ');
            assert_eq!(
                words.next(),
                Some("console"),
                "{}: a transcript is tagged `console`",
                block.place
            );
            match words.next() {
                None => {
                    failures.extend(run(&block));
                    run_count += 1;
                }
                Some(rest) => assert!(
                    rest.strip_prefix("no-run: ")
                        .is_some_and(|why| !why.is_empty()),
                    "{}: `{}`: only `console no-run: WHY` may follow `console`",
                    block.place,
                    block.info
                ),
            }
        }
    }
    // README.md and the pages of docs/ have transcripts: a parser that
    // finds none would pass everything.
    assert!(run_count >= 10, "only {run_count} transcripts found");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_transcript_matcher_matches_what_it_should_and_nothing_else() {
    assert!(line_matches("abc", "abc"));
    assert!(!line_matches("abc", "abcd"));
    assert!(!line_matches("abc", "ab"));
    assert!(line_matches("a…c", "abbbc"));
    assert!(line_matches("a…", "a"));
    assert!(line_matches("…c", "abc"));
    assert!(!line_matches("a…c", "abd"));
    assert!(line_matches("a…b…c", "a-b-c"));
    assert!(!line_matches("a…b…c", "a-c-b"));
    let patterns = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(lines_match(
        &patterns(&["x", "…", "z"]),
        &["x", "y", "y", "z"]
    ));
    assert!(lines_match(&patterns(&["x", "…", "z"]), &["x", "z"]));
    assert!(!lines_match(&patterns(&["x", "…", "z"]), &["x", "y"]));
    assert!(!lines_match(&patterns(&["x"]), &["x", "y"]));
    assert!(!lines_match(&patterns(&["x", "y"]), &["x"]));
    assert!(lines_match(&patterns(&[]), &[]));
}
