//! `grundy table`: every format compared with the library.

use crate::common;

use grundy::games::bomb::BombTable;
use grundy::games::cutting::{reduced_grundy, Paper};
use serde_json::Value;

fn table(args: &[&str]) -> String {
    String::from_utf8(picture(args)).unwrap()
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
        // A strip (1×k or k×1, k ≥ 2) is won at once: marked W, not its
        // reduced value.
        let strip = |r: usize, c: usize| game == "cutting" && (r == 1) != (c == 1);
        for (i, line) in lines.enumerate() {
            let cells: Vec<&str> = line.split(',').collect();
            assert_eq!(cells[0], (i + 1).to_string());
            for (j, cell) in cells[1..].iter().enumerate() {
                let want = if strip(i + 1, j + 1) {
                    "W".to_string()
                } else {
                    expected[i][j].to_string()
                };
                assert_eq!(*cell, want, "{game} row {} column {}", i + 1, j + 1);
            }
        }
        let text = table(&[game, "--size", &size]);
        let legend = text
            .lines()
            .any(|l| l.starts_with("W: the player to move wins at once"));
        assert_eq!(legend, game == "cutting", "{text}");
        for (i, line) in text.lines().skip(1).take(rows as usize).enumerate() {
            let cells: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(cells.len(), cols as usize + 1, "{line}");
            for (j, cell) in cells[1..].iter().enumerate() {
                assert_eq!(
                    *cell == "W",
                    strip(i + 1, j + 1),
                    "{game} ({}, {})",
                    i + 1,
                    j + 1
                );
            }
        }
        let json: Value =
            serde_json::from_str(&table(&[game, "--size", &size, "--format", "json"])).unwrap();
        common::check_schema(&json, "Table");
        assert_eq!(json["game"], game);
        let axes = match game {
            "bomb" => ["row p", "column q"],
            _ => ["width W", "height H"],
        };
        assert_eq!(json["axes"], serde_json::json!(axes));
        assert_eq!(
            (json["rows"].as_u64(), json["cols"].as_u64()),
            (Some(rows), Some(cols))
        );
        let values: Vec<Vec<u32>> = serde_json::from_value(json["values"].clone()).unwrap();
        assert_eq!(values, expected, "{game}");
        // The strips a Cutting table holds are listed as won at once.
        let strips: Vec<[u64; 2]> = if game == "cutting" {
            (2..=cols)
                .map(|h| [1, h])
                .chain((2..=rows).map(|w| [w, 1]))
                .collect()
        } else {
            Vec::new()
        };
        let listed: Vec<[u64; 2]> = json
            .get("wins_at_once")
            .map_or(Vec::new(), |v| serde_json::from_value(v.clone()).unwrap());
        assert_eq!(listed, strips, "{game}");
    }
}

#[test]
fn output_to_a_file_and_bad_sizes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.json");
    common::grundy()
        .args([
            "table", "bomb", "--size", "3", "--format", "json", "--output",
        ])
        .arg(&path)
        .assert()
        .success()
        .stdout("");
    let json: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(json["values"][2], serde_json::json!([2, 0, 1]));
    common::grundy()
        .args(["table", "bomb", "--size", "2001"])
        .assert()
        .code(2);
    common::grundy()
        .args(["table", "bomb", "--size", "0x4"])
        .assert()
        .code(2);
}

/// The raw output of `grundy table ARGS`, which must succeed.
fn picture(args: &[&str]) -> Vec<u8> {
    common::stdout_of(common::grundy().arg("table").args(args))
}

/// Heatmaps exist only in builds with the `pictures` feature (the default).
#[cfg(feature = "pictures")]
mod pictures {
    use super::*;

    /// The colour grundy gives to value 0.
    const ZERO: [u8; 3] = [230, 30, 60];
    /// The colour of a component won at once (a Cutting Game strip).
    const AT_ONCE: [u8; 3] = [190, 190, 190];

    #[test]
    fn png_heatmaps_decode_with_the_expected_size_and_zero_colour() {
        // 8×8: cells of 48 pixels from (70, 56); 130 pixels for the colour bar.
        let png = picture(&["bomb", "--size", "8", "--format", "png"]);
        let image = image::load_from_memory(&png).unwrap().to_rgb8();
        assert_eq!(image.dimensions(), (70 + 8 * 48 + 130, 56 + 8 * 48 + 50));
        // sg(1,1) = 0 and sg(2,3) = 0; sg(1,2) = 1 is not red.
        assert_eq!(image.get_pixel(70 + 24, 56 + 24).0, ZERO);
        assert_eq!(image.get_pixel(70 + 2 * 48 + 24, 56 + 48 + 24).0, ZERO);
        assert_ne!(image.get_pixel(70 + 48 + 24, 56 + 24).0, ZERO);

        // 2000×2000 stays readable: one pixel a cell.
        let png = picture(&["cutting", "--size", "2000", "--format", "png"]);
        let image = image::load_from_memory(&png).unwrap().to_rgb8();
        assert_eq!(image.dimensions(), (70 + 2000 + 130, 56 + 2000 + 50));
        // sg(2,2) of the paper is 0; sg(4,2) is 1.
        assert_eq!(image.get_pixel(70 + 1, 56 + 1).0, ZERO);
        assert_ne!(image.get_pixel(70 + 3, 56 + 1).0, ZERO);
    }

    #[test]
    fn cutting_strips_are_drawn_as_won_at_once_not_as_zeros() {
        // 6×6: cells of 48 pixels. A 1×k strip (k ≥ 2) is a first-player
        // win at once, though the reduced value is 0: grey, with a legend.
        let png = picture(&["cutting", "--size", "6", "--format", "png"]);
        let image = image::load_from_memory(&png).unwrap().to_rgb8();
        let at = |row: u32, col: u32| {
            image
                .get_pixel(70 + (col - 1) * 48 + 24, 56 + (row - 1) * 48 + 24)
                .0
        };
        for (row, col) in [(1, 2), (1, 6), (2, 1), (5, 1)] {
            assert_eq!(at(row, col), AT_ONCE, "{row}×{col}");
        }
        // 1×1 (no move) and 2×2 (every cut leaves a strip) are zeros.
        assert_eq!(at(1, 1), ZERO);
        assert_eq!(at(2, 2), ZERO);
        let svg =
            String::from_utf8(picture(&["cutting", "--size", "6", "--format", "svg"])).unwrap();
        assert!(svg.contains("wins at once"), "the legend names the grey");
        let bomb = String::from_utf8(picture(&["bomb", "--size", "6", "--format", "svg"])).unwrap();
        assert!(!bomb.contains("wins at once"));
    }

    /// The fill of the SVG rectangle that covers the point (x, y), the
    /// last one drawn winning.
    fn svg_fill_at(svg: &str, x: u32, y: u32) -> Option<[u8; 3]> {
        let attr = |tag: &str, name: &str| -> Option<String> {
            let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
            Some(tag[start..start + tag[start..].find('"')?].to_string())
        };
        let mut found = None;
        for tag in svg.split("<rect").skip(1) {
            let tag = &tag[..tag.find("/>").unwrap_or(tag.len())];
            let number = |name: &str| attr(tag, name).and_then(|v| v.parse::<u32>().ok());
            let (Some(rx), Some(ry), Some(w), Some(h), Some(fill)) = (
                number("x"),
                number("y"),
                number("width"),
                number("height"),
                attr(tag, "fill"),
            ) else {
                continue;
            };
            if (rx..rx + w).contains(&x) && (ry..ry + h).contains(&y) && fill.len() == 7 {
                let byte = |i: usize| u8::from_str_radix(&fill[i..i + 2], 16).unwrap();
                found = Some([byte(1), byte(3), byte(5)]);
            }
        }
        found
    }

    #[test]
    fn svg_heatmaps_draw_the_cells_as_vector_rectangles_coloured_as_the_png() {
        let svg = String::from_utf8(picture(&["bomb", "--size", "8", "--format", "svg"])).unwrap();
        assert!(
            svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
            "{}",
            &svg[..100]
        );
        assert!(svg.contains(r#"width="584""#) && svg.contains(r#"height="490""#));
        assert!(svg.contains("Grundy values of one bomb"));
        // The axes are named by the game: a bomb's row and column, a
        // paper's width and height.
        assert!(svg.contains("row p") && svg.contains("column q"));
        let paper =
            String::from_utf8(picture(&["cutting", "--size", "6", "--format", "svg"])).unwrap();
        assert!(paper.contains("width W") && paper.contains("height H"));
        assert!(!paper.contains("row p") && !paper.contains("column q"));
        // No embedded picture: every cell is a rectangle of its colour,
        // the colour the PNG gives it.
        for (args, n) in [
            (["bomb", "--size", "12"], 12u32),
            (["cutting", "--size", "6"], 6),
        ] {
            let svg =
                String::from_utf8(picture(&[&args[..], &["--format", "svg"]].concat())).unwrap();
            assert!(!svg.contains("<image"), "{args:?}");
            let png = picture(&[&args[..], &["--format", "png"]].concat());
            let image = image::load_from_memory(&png).unwrap().to_rgb8();
            let cell = 720 / n.max(1);
            let cell = cell.clamp(1, 48);
            for row in 0..n {
                for col in 0..n {
                    let (x, y) = (70 + col * cell + cell / 2, 56 + row * cell + cell / 2);
                    assert_eq!(
                        svg_fill_at(&svg, x, y),
                        Some(image.get_pixel(x, y).0),
                        "{args:?} at ({}, {})",
                        row + 1,
                        col + 1
                    );
                }
            }
        }
        assert_eq!(svg_fill_at(&svg, 70 + 24, 56 + 24), Some(ZERO));
    }

    #[test]
    fn svg_heatmaps_past_the_vector_limit_embed_the_cells_as_an_image() {
        // 317 × 317 shown cells is past 100,000: one embedded PNG.
        let svg =
            String::from_utf8(picture(&["bomb", "--size", "317", "--format", "svg"])).unwrap();
        assert!(
            !svg.contains("<rect x=\"70\" y=\"56\" width=\"2\""),
            "no cell rectangles"
        );
        let start = svg.find("data:image/png;base64,").expect("an embedded PNG")
            + "data:image/png;base64,".len();
        let end = start + svg[start..].find('"').unwrap();
        let png = base64_decode(&svg[start..end]);
        let cells = image::load_from_memory(&png).unwrap().to_rgb8();
        assert_eq!(cells.dimensions(), (317 * 2, 317 * 2));
        assert_eq!(cells.get_pixel(1, 1).0, ZERO);
        assert_ne!(cells.get_pixel(3, 1).0, ZERO);
    }

    fn base64_decode(text: &str) -> Vec<u8> {
        let value = |c: u8| match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            _ => 63,
        };
        let digits: Vec<u8> = text
            .bytes()
            .filter(|&c| c != b'=' && !c.is_ascii_whitespace())
            .map(value)
            .collect();
        digits
            .chunks(4)
            .flat_map(|q| {
                let n = q
                    .iter()
                    .enumerate()
                    .fold(0u32, |n, (i, &d)| n | u32::from(d) << (18 - 6 * i));
                let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
                bytes.into_iter().take(q.len().saturating_sub(1))
            })
            .collect()
    }
}

/// A long computation draws its progress bar only on a terminal.
#[test]
fn no_progress_bar_into_a_pipe() {
    common::grundy()
        .args([
            "table",
            "bomb",
            "--size",
            "620",
            "--format",
            "csv",
            "--no-cache",
        ])
        .assert()
        .success()
        .stderr("");
}

#[cfg(feature = "pictures")]
#[test]
fn a_png_is_not_written_to_a_terminal() {
    let mut command = common::grundy_process();
    command.args(["table", "bomb", "--size", "8", "--format", "png"]);
    let (status, terminal, stderr) = common::on_a_terminal(command, "");
    assert_eq!(status, Some(2));
    assert!(
        terminal.is_empty(),
        "{}",
        String::from_utf8_lossy(&terminal)
    );
    let stderr = String::from_utf8(stderr).unwrap();
    assert!(stderr.contains("--output FILE"), "{stderr}");
    // Into a pipe it is written as before.
    let png = picture(&["bomb", "--size", "8", "--format", "png"]);
    assert!(png.starts_with(b"\x89PNG"));
}
