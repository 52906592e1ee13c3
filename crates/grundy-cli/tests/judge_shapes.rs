//! `grundy judge` on inputs of the shapes its benchmark times (bomb
//! densities and sizes, pairs per line and number sizes, matrix values and
//! case sizes), written with CRLF, tabs and blank lines in places, each a
//! few read buffers long: the SIMD readers and the portable ones
//! (`GRUNDY_SIMD=portable`) print the same bytes, and Cutting and Matrix
//! answer the same as for the same numbers one to a line.

use assert_cmd::cargo::cargo_bin;
use assert_cmd::Command;

/// A small xorshift generator: the inputs are the same every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A separator: mostly one space, sometimes a tab, a CR before a
    /// newline, or a blank line.
    fn gap(&mut self, newline: bool) -> &'static str {
        match (newline, self.below(16)) {
            (false, 0) => "\t",
            (false, 1) => " \t ",
            (false, _) => " ",
            (true, 0) => "\r\n",
            (true, 1) => "\n\n",
            (true, 2) => " \r\n\r\n",
            (true, _) => "\n",
        }
    }
}

fn run(game: &str, input: &[u8], simd: &str) -> (Option<i32>, Vec<u8>) {
    let out = Command::new(cargo_bin("grundy"))
        .env("GRUNDY_SIMD", simd)
        .env(
            "GRUNDY_CACHE_DIR",
            std::env::temp_dir().join("grundy-judge-shapes"),
        )
        .args(["judge", game])
        .write_stdin(input.to_vec())
        .output()
        .unwrap();
    (out.status.code(), out.stdout)
}

/// Both paths answer alike, successfully, one line a case.
fn same_both_ways(game: &str, input: &[u8], cases: usize) -> Vec<u8> {
    let native = run(game, input, "native");
    let portable = run(game, input, "portable");
    assert_eq!(native.0, Some(0), "{game}");
    assert!(
        native == portable,
        "{game}: the SIMD and portable answers differ"
    );
    assert_eq!(
        native.1.iter().filter(|&&b| b == b'\n').count(),
        cases,
        "{game}"
    );
    native.1
}

fn bomb(rng: &mut Rng, boards: usize, side: (u64, u64), density: u64) -> String {
    let mut text = String::new();
    for _ in 0..boards {
        let (n, m) = (
            side.0 + rng.below(side.1 - side.0 + 1),
            side.0 + rng.below(side.1 - side.0 + 1),
        );
        text.push_str(&format!("{n} {m}{}", rng.gap(true)));
        for _ in 0..n {
            for _ in 0..m {
                text.push(if rng.below(100) < density { '#' } else { '.' });
            }
            text.push_str(rng.gap(true));
        }
    }
    text + "0 0\n"
}

#[test]
fn bomb_shapes_answer_alike_on_both_paths() {
    let mut rng = Rng(0x2311);
    for density in [5, 50, 95] {
        same_both_ways(
            "bomb",
            bomb(&mut rng, 400, (1, 50), density).as_bytes(),
            400,
        );
    }
    same_both_ways("bomb", bomb(&mut rng, 120, (50, 50), 50).as_bytes(), 120);
    same_both_ways("bomb", bomb(&mut rng, 1, (700, 700), 50).as_bytes(), 1);
}

/// Numbers written `per_line` to a line with the generator's separators,
/// and the same numbers one to a line.
fn lay_out(rng: &mut Rng, numbers: &[u64], per_line: usize) -> (String, String) {
    let mut text = String::new();
    let mut plain = String::new();
    for (i, n) in numbers.iter().enumerate() {
        text.push_str(&n.to_string());
        text.push_str(rng.gap((i + 1) % per_line == 0));
        plain.push_str(&format!("{n}\n"));
    }
    (text, plain)
}

#[test]
fn cutting_shapes_answer_alike_on_both_paths_and_one_number_a_line() {
    let mut rng = Rng(0xC0FFEE);
    for top in [200, 1_000_000_000_000_000_000] {
        for per_line in [2, 20] {
            let numbers: Vec<u64> = (0..60_000).map(|_| 2 + rng.below(top - 1)).collect();
            let (text, plain) = lay_out(&mut rng, &numbers, per_line);
            let answers = same_both_ways("cutting", text.as_bytes(), 30_000);
            assert_eq!(answers, same_both_ways("cutting", plain.as_bytes(), 30_000));
        }
    }
}

#[test]
fn matrix_shapes_answer_alike_on_both_paths_and_one_number_a_line() {
    let mut rng = Rng(0xBEEF);
    let mut shapes: Vec<(u64, u64, u64)> =
        vec![(300, 50, 9), (300, 50, 1_000_000_000), (300, 50, u64::MAX)];
    // One large case.
    shapes.push((1, 400, 1_000_000_000));
    for (cases, side, top) in shapes {
        let mut numbers = Vec::new();
        let mut text = format!("{cases}\n");
        let mut plain = format!("{cases}\n");
        for _ in 0..cases {
            let (m, n) = if cases == 1 {
                (side, side)
            } else {
                (1 + rng.below(side), 1 + rng.below(side))
            };
            numbers.clear();
            numbers.extend([m, n]);
            numbers.extend((0..m * n).map(|_| {
                if top == u64::MAX {
                    rng.next()
                } else {
                    rng.below(top + 1)
                }
            }));
            let (laid, one) = lay_out(&mut rng, &numbers, n as usize);
            text.push_str(&laid);
            plain.push_str(&one);
        }
        let answers = same_both_ways("matrix", text.as_bytes(), cases as usize);
        assert_eq!(
            answers,
            same_both_ways("matrix", plain.as_bytes(), cases as usize)
        );
    }
}
