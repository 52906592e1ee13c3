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
