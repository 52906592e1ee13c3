//! `grundy table`: every format compared with the library.

use assert_cmd::cargo::cargo_bin;
use assert_cmd::Command;
use grundy::games::bomb::BombTable;
use grundy::games::cutting::{reduced_grundy, Paper};
use serde_json::Value;

fn table(args: &[&str]) -> String {
    let output = Command::new(cargo_bin("grundy"))
        .arg("table")
        .args(args)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

fn bomb(rows: u32, cols: u32) -> Vec<Vec<u32>> {
    let mut t = BombTable::new();
    t.ensure(rows, cols).unwrap();
    (1..=rows)
        .map(|p| (1..=cols).map(|q| t.get(p, q).unwrap()).collect())
        .collect()
}

fn cutting(rows: u64, cols: u64) -> Vec<Vec<u32>> {
    (1..=rows)
        .map(|w| {
            (1..=cols)
                .map(|h| reduced_grundy(Paper::new(w, h)).value() as u32)
                .collect()
        })
        .collect()
}

#[test]
fn text_tables() {
    insta::assert_snapshot!("bomb_8", table(&["bomb", "--size", "8"]));
    insta::assert_snapshot!("cutting_6x9", table(&["cutting", "--size", "6x9"]));
}

#[test]
fn csv_and_json_match_the_library() {
    for (game, rows, cols, expected) in [
        ("bomb", 13, 21, bomb(13, 21)),
        ("cutting", 17, 9, cutting(17, 9)),
    ] {
        let size = format!("{rows}x{cols}");
        let csv = table(&[game, "--size", &size, "--format", "csv"]);
        let mut lines = csv.lines();
        let header: Vec<String> = (1..=cols).map(|c| c.to_string()).collect();
        assert_eq!(
            lines.next(),
            Some(format!("row,{}", header.join(",")).as_str())
        );
        for (i, line) in lines.enumerate() {
            let cells: Vec<u32> = line.split(',').map(|c| c.parse().unwrap()).collect();
            assert_eq!(cells[0] as usize, i + 1);
            assert_eq!(cells[1..], expected[i][..], "{game} row {}", i + 1);
        }
        let json: Value =
            serde_json::from_str(&table(&[game, "--size", &size, "--format", "json"])).unwrap();
        assert_eq!(json["game"], game);
        assert_eq!(
            (json["rows"].as_u64(), json["cols"].as_u64()),
            (Some(rows), Some(cols))
        );
        let values: Vec<Vec<u32>> = serde_json::from_value(json["values"].clone()).unwrap();
        assert_eq!(values, expected, "{game}");
    }
}

#[test]
fn output_to_a_file_and_bad_sizes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.json");
    Command::new(cargo_bin("grundy"))
        .args([
            "table", "bomb", "--size", "3", "--format", "json", "--output",
        ])
        .arg(&path)
        .assert()
        .success()
        .stdout("");
    let json: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(json["values"][2], serde_json::json!([2, 0, 1]));
    Command::new(cargo_bin("grundy"))
        .args(["table", "bomb", "--size", "2001"])
        .assert()
        .code(2);
    Command::new(cargo_bin("grundy"))
        .args(["table", "bomb", "--size", "0x4"])
        .assert()
        .code(2);
}
