//! The cache of Bomb tables: written after a large table, trusted only when
//! intact, reused by the commands, skipped with `--no-cache`.

mod common;

use assert_cmd::cargo::cargo_bin;
use assert_cmd::Command;
use grundy::games::bomb::BombTable;
use serde_json::Value;

const FILE: &str = "bomb-table-v2.bin";

/// A cache file written by hand, as the format says: magic, version 2,
/// rows, cols, values, and the CRC-32 (IEEE) of all that in eight bytes.
fn handmade(rows: u32, cols: u32, value: u32) -> Vec<u8> {
    let mut bytes = b"GRUNDYBT".to_vec();
    for word in [2, rows, cols] {
        bytes.extend_from_slice(&word.to_le_bytes());
    }
    for _ in 0..rows * cols {
        bytes.extend_from_slice(&value.to_le_bytes());
    }
    // The CRC bit by bit (reflected polynomial 0xEDB88320).
    let mut crc = !0u32;
    for &b in &bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0xEDB8_8320 & (crc & 1).wrapping_neg());
        }
    }
    bytes.extend_from_slice(&u64::from(!crc).to_le_bytes());
    bytes
}

fn table_json(dir: &std::path::Path, extra: &[&str]) -> Value {
    let stdout = common::stdout_of(
        Command::new(cargo_bin("grundy"))
            .args(["table", "bomb", "--size", "150", "--format", "json"])
            .args(extra)
            .env("GRUNDY_CACHE_DIR", dir),
    );
    serde_json::from_slice(&stdout).unwrap()
}

#[test]
fn a_large_table_is_cached_and_reused() {
    let dir = tempfile::tempdir().unwrap();
    let first = table_json(dir.path(), &[]);
    let cached = BombTable::from_bytes(&std::fs::read(dir.path().join(FILE)).unwrap()).unwrap();
    assert!(cached.rows() >= 150 && cached.cols() >= 150);
    assert_eq!(first["values"][0][1], 1);

    // A valid cache is trusted: a made-up table of sevens shows through.
    std::fs::write(dir.path().join(FILE), handmade(200, 200, 7)).unwrap();
    let reused = table_json(dir.path(), &[]);
    assert_eq!(reused["values"][0][1], 7);
    assert_eq!(reused["values"][149][149], 7);
    // ... unless the cache is skipped.
    assert_eq!(table_json(dir.path(), &["--no-cache"])["values"][0][1], 1);

    // `judge` reads it too: a board of 150×150 with one bomb at (1,2) is
    // worth 7 by the made-up table, so John wins; by the true one, *1.
    let mut board = String::from("150 150\n");
    for r in 0..150 {
        board += &format!(
            "{}\n",
            if r == 0 {
                format!(".#{}", ".".repeat(148))
            } else {
                ".".repeat(150)
            }
        );
    }
    Command::new(cargo_bin("grundy"))
        .args(["judge", "bomb"])
        .env("GRUNDY_CACHE_DIR", dir.path())
        .write_stdin(board)
        .assert()
        .success()
        .stdout("John\n");
}

#[test]
fn a_damaged_cache_is_recomputed_and_rewritten() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = handmade(200, 200, 7);
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    std::fs::write(dir.path().join(FILE), &bytes).unwrap();
    let values = table_json(dir.path(), &[]);
    assert_eq!(
        values["values"][0][1], 1,
        "the damaged table was not trusted"
    );
    let rewritten = BombTable::from_bytes(&std::fs::read(dir.path().join(FILE)).unwrap()).unwrap();
    assert_eq!(rewritten.get(1, 2), Some(1));

    // A truncated file too.
    let intact = handmade(200, 200, 7);
    std::fs::write(dir.path().join(FILE), &intact[..intact.len() - 9]).unwrap();
    assert_eq!(table_json(dir.path(), &[])["values"][0][1], 1);
}
