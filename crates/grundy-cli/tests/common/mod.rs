//! What the CLI tests share.

#![allow(dead_code)] // each test file uses part of this module

use assert_cmd::Command;
use serde_json::Value;

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

/// `grundy solve --format json` output, one value per line, each checked
/// against the schema in `solve.schema.json`.
pub fn schema_checked(json_lines: &str) -> Vec<Value> {
    let schema: Value = serde_json::from_str(include_str!("../solve.schema.json")).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    json_lines
        .lines()
        .map(|line| {
            let value: Value = serde_json::from_str(line).unwrap();
            let errors: Vec<String> = validator
                .iter_errors(&value)
                .map(|e| e.to_string())
                .collect();
            assert!(errors.is_empty(), "{line}: {errors:?}");
            value
        })
        .collect()
}
