//! The cache of Bomb tables: written after a large table, trusted only when
//! intact, reused by the commands, skipped with `--no-cache`.

use crate::common;

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
        common::grundy()
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
    common::grundy()
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

/// `n` with a comma every three digits.
fn commas(n: u64) -> String {
    grundy::notation::with_commas(u128::from(n))
}

fn cache_command(dir: &std::path::Path, args: &[&str]) -> assert_cmd::assert::Assert {
    common::grundy()
        .args(args)
        .env("GRUNDY_CACHE_DIR", dir)
        .assert()
}

#[test]
fn grundy_cache_shows_what_is_kept_and_clears_only_grundys_files() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().display().to_string();
    cache_command(dir.path(), &["cache"])
        .success()
        .stdout(format!("grundy's cache: {path}\nNothing kept.\n"));
    let table = handmade(200, 150, 7);
    std::fs::write(dir.path().join(FILE), &table).unwrap();
    cache_command(dir.path(), &["quotient", "0.77"]).success();
    // A partial document built is kept when it reaches further than the
    // one kept (here none), and noted; `--check` passes it too.
    let partial = cache_command(
        dir.path(),
        &["quotient", "0.75", "--upto", "5", "--format", "json"],
    )
    .success()
    .get_output()
    .stdout
    .clone();
    let document = dir.path().join("partial.json");
    std::fs::write(&document, &partial).unwrap();
    cache_command(
        dir.path(),
        &["quotient", "--check", document.to_str().unwrap()],
    )
    .success();
    std::fs::remove_file(&document).unwrap();
    std::fs::create_dir(dir.path().join("wasm-tools")).unwrap();
    std::fs::write(dir.path().join("wasm-tools/tool"), "not grundy's").unwrap();

    let shown = cache_command(dir.path(), &["cache"]).success();
    let out = String::from_utf8(shown.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], format!("grundy's cache: {path}"));
    assert_eq!(
        lines[1],
        format!("Bomb table: 200×150, {} bytes", commas(table.len() as u64))
    );
    assert_eq!(
        lines[2],
        "Misère quotient documents (built by grundy quotient, or checked as certificates):"
    );
    assert!(
        lines[3].starts_with(
            "  octal:0.77: proven, 40 elements, 9 in P; decides its misère play (3713-"
        ),
        "{out}"
    );
    assert!(lines[3].ends_with(".json, 3,713 bytes)"), "{out}");
    let (order, p_size) = {
        let doc: Value = serde_json::from_slice(&partial).unwrap();
        (
            doc["order"].as_u64().unwrap(),
            doc["p_size"].as_u64().unwrap(),
        )
    };
    assert!(
        lines[4].starts_with(&format!(
            "  octal:0.75: partial, heaps below 5, {order} elements, {p_size} in P; the furthest \
             kept: decides the misère sums of its heaps, and grundy quotient goes on from it \
             ({}-",
            partial.len()
        )),
        "{out}"
    );
    assert_eq!(lines.len(), 6, "{out}");
    // The table, the two copies and the notes naming them.
    let note = |name: &str| {
        std::fs::metadata(dir.path().join("checked-quotients-v1").join(name))
            .unwrap()
            .len()
    };
    let total = (table.len() + 3_713 + partial.len()) as u64
        + note("proven-octal_3a0.77")
        + note("partial-octal_3a0.75");
    assert_eq!(
        lines[5],
        format!(
            "In all {} bytes; `grundy cache --clear` removes them.",
            commas(total)
        )
    );

    // The same as JSON: a CacheContents document of the schema.
    let json = cache_command(dir.path(), &["cache", "--format", "json"]).success();
    let doc: Value = serde_json::from_slice(&json.get_output().stdout).unwrap();
    common::check_schema(&doc, "CacheContents");
    assert_eq!(doc["dir"], path);
    assert_eq!(doc["total_bytes"], total);
    assert_eq!(
        doc["bomb_table"],
        serde_json::json!({ "bytes": table.len(), "size": [200, 150] })
    );
    let quotients = doc["quotients"].as_array().unwrap();
    assert_eq!(quotients.len(), 2, "{doc}");
    assert_eq!(quotients[0]["bytes"], 3_713);
    assert_eq!(quotients[0]["decides"], true);
    let kayles = &quotients[0]["summary"];
    assert_eq!(
        [
            &kayles["game"],
            &kayles["proven"],
            &kayles["order"],
            &kayles["p_size"]
        ],
        [
            &Value::from("octal:0.77"),
            &Value::from(true),
            &Value::from(40),
            &Value::from(9)
        ]
    );
    assert_eq!(quotients[1]["summary"]["heaps"], 5);
    assert_eq!(quotients[1]["summary"]["proven"], false);
    assert_eq!(quotients[1]["decides"], true);
    assert!(quotients[1]["file"]
        .as_str()
        .unwrap()
        .starts_with(&format!("{}-", partial.len())));
    cache_command(dir.path(), &["cache", "--clear", "--format", "json"])
        .code(2)
        .stderr(predicates::str::contains("cannot be used with"));

    cache_command(dir.path(), &["--no-cache", "cache"])
        .code(2)
        .stderr(predicates::str::contains("run it without --no-cache"));
    cache_command(dir.path(), &["cache", "--clear"])
        .success()
        .stdout(format!(
            "Removed 5 files ({} bytes) from {path}.\n",
            commas(total)
        ));
    cache_command(dir.path(), &["cache"])
        .success()
        .stdout(format!("grundy's cache: {path}\nNothing kept.\n"));
    assert!(dir.path().join("wasm-tools/tool").exists());
    // Misère Kayles is no longer decided by the copy: a budget of 10 is
    // refused again.
    common::grundy()
        .args(["solve", "octal:0.77", "--misere", "--misere-budget", "10"])
        .env("GRUNDY_CACHE_DIR", dir.path())
        .write_stdin("60 61 62\n")
        .assert()
        .code(2);
}
