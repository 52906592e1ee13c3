//! The judge readers' fast paths on long inputs: numbers in any white
//! space (spaces, tabs, CR, blank lines, vertical tabs, form feeds, a byte
//! order mark), handed to the reader in pieces of random sizes so that a
//! line, a number or a matrix row crosses the read buffer's edge anywhere.
//! What is read is compared with a plain split of the text, written here;
//! a corrupted token stops the reader at its line after every case before
//! it.

use std::io::{self, Read};

use grundy::format::{CuttingReader, MatrixCase, MatrixReader, ReadError};
use grundy::games::matrix::Row;
use proptest::prelude::*;

/// Hands out its bytes in pieces of the sizes given, in turn.
struct Pieces<'a> {
    bytes: &'a [u8],
    sizes: Vec<usize>,
    turn: usize,
}

impl Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let size = self.sizes[self.turn % self.sizes.len()].max(1);
        self.turn += 1;
        let n = size.min(buf.len()).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

/// Text of numbers with white space chosen by `noise`, and the line each
/// number stands on.
fn write_numbers(numbers: &[u64], noise: &[u8], bom: bool) -> (String, Vec<u64>) {
    let mut text = String::from(if bom { "\u{FEFF}" } else { "" });
    let mut line = 1;
    let mut lines = Vec::new();
    for (i, n) in numbers.iter().enumerate() {
        if i > 0 {
            let gap = match noise[i % noise.len()] % 12 {
                0 => "\n",
                1 => "\r\n",
                2 => "\t",
                3 => " \n\n ",
                4 => "\r\n\r\n",
                5 => "\x0B",
                6 => "\x0C ",
                7 => " \t ",
                _ => " ",
            };
            line += gap.matches('\n').count() as u64;
            text.push_str(gap);
        }
        lines.push(line);
        text.push_str(&n.to_string());
    }
    if noise[0].is_multiple_of(2) {
        text.push('\n');
    }
    (text, lines)
}

/// Numbers of every length, 1 to 20 digits, never 0 (a Cutting side).
fn sides() -> impl Strategy<Value = u64> {
    prop_oneof![1u64..10, 1u64..201, 1u64..1_000_000_000, 1u64..]
}

fn read_cutting(text: &str, sizes: Vec<usize>) -> (Vec<(u64, u64)>, Option<String>) {
    let input = Pieces {
        bytes: text.as_bytes(),
        sizes,
        turn: 0,
    };
    let mut reader = CuttingReader::new(input).unwrap();
    let mut papers = Vec::new();
    let mut got = Vec::new();
    loop {
        let more = reader.next_batch(&mut papers, 1024);
        got.extend(papers.iter().map(|p| (p.width, p.height)));
        match more {
            Ok(true) => {}
            Ok(false) => return (got, None),
            Err(e) => return (got, Some(e.to_string())),
        }
    }
}

fn read_matrix(text: &str, sizes: Vec<usize>) -> (Vec<(Vec<u128>, u64)>, Option<ReadError>) {
    let input = Pieces {
        bytes: text.as_bytes(),
        sizes,
        turn: 0,
    };
    let mut reader = MatrixReader::new(input).unwrap().keep_cells(true);
    let mut case = MatrixCase::default();
    let mut got = Vec::new();
    loop {
        match reader.next_case(&mut case) {
            Ok(true) => got.push((case.rows.iter().map(Row::total).collect(), case.big_rows)),
            Ok(false) => return (got, None),
            Err(e) => return (got, Some(e)),
        }
    }
}

fn piece_sizes() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(prop_oneof![1usize..8, 8usize..100, 100usize..5000], 1..16)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn cutting_pairs_in_any_white_space_across_buffer_edges(
        pairs in prop::collection::vec((sides(), sides()), 1..400),
        noise in prop::collection::vec(any::<u8>(), 1..64),
        bom in any::<bool>(),
        sizes in piece_sizes(),
    ) {
        let numbers: Vec<u64> = pairs.iter().flat_map(|&(w, h)| [w, h]).collect();
        let (text, _) = write_numbers(&numbers, &noise, bom);
        prop_assert_eq!(read_cutting(&text, sizes), (pairs, None));
    }

    #[test]
    fn a_bad_cutting_token_stops_at_its_line_after_every_pair_before_it(
        pairs in prop::collection::vec((sides(), sides()), 2..300),
        noise in prop::collection::vec(any::<u8>(), 1..64),
        at in any::<prop::sample::Index>(),
        bad in prop::sample::select(vec!["0", "x", "-3", "18446744073709551616", "12a"]),
        sizes in piece_sizes(),
    ) {
        let numbers: Vec<u64> = pairs.iter().flat_map(|&(w, h)| [w, h]).collect();
        let (text, lines) = write_numbers(&numbers, &noise, false);
        let k = at.index(numbers.len());
        // Replace the k-th number's text by the bad token.
        let mut tokens = text.split([' ', '\t', '\n', '\r', '\x0B', '\x0C']);
        let mut offset = 0;
        let mut seen = 0;
        let start = loop {
            let token = tokens.next().unwrap();
            if !token.is_empty() {
                if seen == k {
                    break offset;
                }
                seen += 1;
            }
            offset += token.len() + 1;
        };
        let end = start + numbers[k].to_string().len();
        let corrupted = format!("{}{}{}", &text[..start], bad, &text[end..]);
        let (read, error) = read_cutting(&corrupted, sizes);
        prop_assert_eq!(&read[..], &pairs[..k / 2]);
        let error = error.expect("an error");
        let line = format!("line {}: ", lines[k]);
        prop_assert!(error.starts_with(&line), "{} for {}", error, line);
    }

    #[test]
    fn matrix_cells_in_any_white_space_across_buffer_edges(
        cases in prop::collection::vec(
            (1usize..6, 1usize..30).prop_flat_map(|(m, n)| {
                prop::collection::vec(prop::collection::vec(prop_oneof![0u64..3, 0u64..10, 0u64..=u64::MAX], n), m)
            }),
            1..40,
        ),
        noise in prop::collection::vec(any::<u8>(), 1..64),
        bom in any::<bool>(),
        sizes in piece_sizes(),
    ) {
        // T stands alone on the first line.
        let mut numbers = Vec::new();
        for case in &cases {
            numbers.push(case.len() as u64);
            numbers.push(case[0].len() as u64);
            numbers.extend(case.iter().flatten());
        }
        let (body, _) = write_numbers(&numbers, &noise, false);
        let text = format!("{}{}\n{body}", if bom { "\u{FEFF}" } else { "" }, cases.len());
        let want: Vec<(Vec<u128>, u64)> = cases
            .iter()
            .map(|case| {
                let totals: Vec<u128> = case.iter().map(|r| r.iter().map(|&c| u128::from(c)).sum()).collect();
                let big = totals.iter().filter(|&&t| t >= 2).count() as u64;
                (totals, big)
            })
            .collect();
        let (got, error) = read_matrix(&text, sizes);
        prop_assert!(error.is_none(), "{:?}", error);
        prop_assert_eq!(got, want);
    }
}

/// A number, a line end and a matrix row cut at every byte by the buffer's
/// edge: one long input read in two pieces, split at each place in turn.
#[test]
fn every_split_point_of_a_long_line_reads_the_same() {
    let mut text = String::new();
    for i in 0..40u64 {
        text.push_str(&format!(
            "{} {}\t",
            i * 7_919 + 2,
            18_446_744_073_709_551_615 - i
        ));
        if i % 7 == 6 {
            text.push_str("\r\n");
        }
    }
    let want = read_cutting(&text, vec![1 << 20]);
    assert_eq!(want.0.len(), 40);
    for split in 1..text.len() {
        assert_eq!(
            read_cutting(&text, vec![split, 1 << 20]),
            want,
            "split at {split}"
        );
    }
    let matrix = "2\n3 4\n1 2 3 4\n18446744073709551615 0 0 1\n5 5 5 5\n1 30\n".to_string()
        + &(1..=30)
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
        + "\n";
    let want = read_matrix(&matrix, vec![1 << 20]);
    assert!(want.1.is_none());
    for split in 1..matrix.len() {
        let got = read_matrix(&matrix, vec![split, 1 << 20]);
        assert_eq!(
            (&got.0, got.1.is_none()),
            (&want.0, true),
            "split at {split}"
        );
    }
}
