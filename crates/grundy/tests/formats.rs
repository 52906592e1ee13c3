//! Property tests for the judge formats: every tolerated way of writing a
//! case reads back as the same case, and a corrupted case stops the reader
//! at the right line after every case before it, also on long inputs
//! handed over in pieces so that tokens cross the read buffer's edge.

use std::io::{self, Read};

use grundy::format::ReadError;
use grundy::games::bomb::Board;
use grundy::games::bomb::BombReader;
use grundy::games::cutting::CuttingReader;
use grundy::games::matrix::Row;
use grundy::games::matrix::{MatrixCase, MatrixReader};
use proptest::prelude::*;

/// How a test input is laid out: the separators the formats must tolerate.
#[derive(Clone, Debug)]
struct Layout {
    crlf: bool,
    bom: bool,
    /// Picks for separators and blank lines, used in turn.
    noise: Vec<u8>,
}

fn layout() -> impl Strategy<Value = Layout> {
    (
        any::<bool>(),
        any::<bool>(),
        prop::collection::vec(any::<u8>(), 1..64),
    )
        .prop_map(|(crlf, bom, noise)| Layout { crlf, bom, noise })
}

/// Writes text line by line with the layout's quirks, tracking line numbers.
struct Writer {
    layout: Layout,
    turn: usize,
    text: String,
    line: u64,
}

impl Writer {
    fn new(layout: Layout) -> Self {
        let text = if layout.bom {
            "\u{FEFF}".to_string()
        } else {
            String::new()
        };
        Writer {
            layout,
            turn: 0,
            text,
            line: 1,
        }
    }

    fn pick(&mut self) -> u8 {
        let b = self.layout.noise[self.turn % self.layout.noise.len()];
        self.turn += 1;
        b
    }

    /// Horizontal white space: one or more spaces or tabs.
    fn gap(&mut self) -> &'static str {
        [" ", "\t", "  ", " \t "][usize::from(self.pick() % 4)]
    }

    /// Optional horizontal white space.
    fn maybe_gap(&mut self) -> &'static str {
        ["", "", " ", "\t", " \t"][usize::from(self.pick() % 5)]
    }

    fn newline(&mut self) {
        self.text
            .push_str(if self.layout.crlf { "\r\n" } else { "\n" });
        self.line += 1;
    }

    /// A complete line, maybe preceded by blank lines.
    fn line(&mut self, content: &str) {
        if self.pick().is_multiple_of(4) {
            let blank = self.maybe_gap();
            self.text.push_str(blank);
            self.newline();
        }
        self.text.push_str(content);
        let trailing = self.maybe_gap();
        self.text.push_str(trailing);
        self.newline();
    }

    /// Joins items with random horizontal white space.
    fn join(&mut self, items: &[String], gaps_needed: bool) -> String {
        let mut out = String::new();
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                out.push_str(if gaps_needed {
                    self.gap()
                } else {
                    self.maybe_gap()
                });
            }
            out.push_str(item);
        }
        out
    }
}

fn boards() -> impl Strategy<Value = Vec<Vec<Vec<bool>>>> {
    let board = (1usize..6, 1usize..80)
        .prop_flat_map(|(r, c)| prop::collection::vec(prop::collection::vec(any::<bool>(), c), r));
    prop::collection::vec(board, 0..5)
}

fn write_bomb(w: &mut Writer, board: &[Vec<bool>]) {
    let header = w.join(&[board.len().to_string(), board[0].len().to_string()], true);
    w.line(&header);
    for row in board {
        let cells: Vec<String> = row
            .iter()
            .map(|&b| if b { "#" } else { "." }.to_string())
            .collect();
        let text = w.join(&cells, false);
        w.line(&text);
    }
}

fn read_bombs(input: &str) -> (Vec<Vec<(u32, u32)>>, Option<ReadError>) {
    let mut reader = BombReader::new(input.as_bytes()).expect("reader");
    let mut board = Board::default();
    let mut out = Vec::new();
    loop {
        match reader.next_case(&mut board) {
            Ok(true) => out.push(board.bombs().map(|c| (c.row(), c.col())).collect()),
            Ok(false) => return (out, None),
            Err(e) => return (out, Some(e)),
        }
    }
}

fn bomb_cells(board: &[Vec<bool>]) -> Vec<(u32, u32)> {
    let mut cells = Vec::new();
    for (r, row) in board.iter().enumerate() {
        for (c, &b) in row.iter().enumerate() {
            if b {
                cells.push((r as u32 + 1, c as u32 + 1));
            }
        }
    }
    cells
}

fn line_of(err: Option<ReadError>) -> Option<u64> {
    match err {
        Some(ReadError::Format(f)) => Some(f.line),
        _ => None,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn bomb_layouts_read_back(boards in boards(), layout in layout(), terminated in any::<bool>()) {
        let mut w = Writer::new(layout);
        for board in &boards {
            write_bomb(&mut w, board);
        }
        if terminated {
            w.line("0 0");
            w.text.push_str("anything after the end\n");
        }
        let (read, err) = read_bombs(&w.text);
        prop_assert!(err.is_none(), "{:?} in {:?}", err, w.text);
        let expected: Vec<_> = boards.iter().map(|b| bomb_cells(b)).collect();
        prop_assert_eq!(read, expected);
    }

    #[test]
    fn bomb_corruption_is_reported_at_its_line(
        boards in boards(), layout in layout(), row_pick in any::<usize>(), kind in 0u8..4,
    ) {
        let mut w = Writer::new(layout);
        for board in &boards {
            write_bomb(&mut w, board);
        }
        // A 3×3 board with one bad row.
        let header = w.join(&["3".into(), "3".into()], true);
        w.line(&header);
        let bad_row = row_pick % 3;
        let mut bad_line = 0;
        for r in 0..3 {
            if r == bad_row {
                if kind == 3 {
                    // The input stops before this row: blamed on the line
                    // it would stand on, after the last newline.
                    bad_line = w.line;
                    break;
                }
                let text = ["#x.", "##", "...#"][usize::from(kind)];
                // The bad line follows any blank lines `line` writes first.
                let before = w.line;
                w.line(text);
                bad_line = w.line - 1;
                prop_assert!(bad_line >= before);
            } else {
                w.line("#.#");
            }
        }
        let (read, err) = read_bombs(&w.text);
        let expected: Vec<_> = boards.iter().map(|b| bomb_cells(b)).collect();
        prop_assert_eq!(read, expected);
        prop_assert_eq!(line_of(err), Some(bad_line), "in {:?}", w.text);
    }

    #[test]
    fn cutting_pairs_read_back(pairs in prop::collection::vec((1u64.., 1u64..), 0..20), layout in layout()) {
        let mut w = Writer::new(layout);
        for &(a, b) in &pairs {
            // Any white space between the numbers, newlines included.
            if w.pick().is_multiple_of(3) {
                w.line(&a.to_string());
                w.line(&b.to_string());
            } else {
                let text = w.join(&[a.to_string(), b.to_string()], true);
                w.line(&text);
            }
        }
        let mut reader = CuttingReader::new(w.text.as_bytes()).expect("reader");
        let mut read = Vec::new();
        while let Some(p) = reader.next_case().expect("valid input") {
            read.push((p.width, p.height));
        }
        prop_assert_eq!(read, pairs);
    }

    /// Mostly plain lines, long enough for the fast path, read in batches of
    /// every size: the same pairs, and the same error, as one at a time.
    #[test]
    fn cutting_batches_match_single_reads(
        pairs in prop::collection::vec((1u64..3000, 1u64..300_000_000), 0..400),
        odd_lines in prop::collection::vec(any::<u8>(), 1..32),
        crlf in any::<bool>(),
        batch in 1usize..50,
        bad_tail in any::<bool>(),
    ) {
        let mut text = String::new();
        for (i, &(w, h)) in pairs.iter().enumerate() {
            let newline = if crlf { "\r\n" } else { "\n" };
            text.push_str(&match odd_lines[i % odd_lines.len()] % 16 {
                0 => format!("{w}\t{h}{newline}"),
                1 => format!("{w}{newline}{h}{newline}"),
                2 => format!("  {w} {h} {newline}{newline}"),
                _ => format!("{w} {h}{newline}"),
            });
        }
        if bad_tail {
            text.push_str("1 2\n3 0\n4 4\n");
        }
        let mut single = Vec::new();
        let mut reader = CuttingReader::new(text.as_bytes()).expect("reader");
        let single_end = loop {
            match reader.next_case() {
                Ok(Some(p)) => single.push((p.width, p.height)),
                Ok(None) => break None,
                Err(e) => break line_of(Some(e)),
            }
        };
        let mut batched = Vec::new();
        let mut reader = CuttingReader::new(text.as_bytes()).expect("reader");
        let mut papers = Vec::new();
        let batched_end = loop {
            let more = reader.next_batch(&mut papers, batch);
            prop_assert!(papers.len() <= batch);
            batched.extend(papers.iter().map(|p| (p.width, p.height)));
            match more {
                Ok(true) => {}
                Ok(false) => break None,
                Err(e) => break line_of(Some(e)),
            }
        };
        prop_assert_eq!(&batched, &single);
        prop_assert_eq!(batched_end, single_end);
        prop_assert_eq!(&single[..pairs.len()], &pairs[..]);
    }

    #[test]
    fn cutting_corruption_keeps_earlier_pairs(
        pairs in prop::collection::vec((1u64..1000, 1u64..1000), 0..20),
        bad in prop::sample::select(vec!["0", "x", "-1", "99999999999999999999", "1.5", "\u{e9}"]),
        layout in layout(),
    ) {
        let mut w = Writer::new(layout);
        for &(a, b) in &pairs {
            let text = w.join(&[a.to_string(), b.to_string()], true);
            w.line(&text);
        }
        let text = w.join(&["7".to_string(), bad.to_string()], true);
        w.line(&text);
        let bad_line = w.line - 1;
        let mut reader = CuttingReader::new(w.text.as_bytes()).expect("reader");
        let mut read = Vec::new();
        let err = loop {
            match reader.next_case() {
                Ok(Some(p)) => read.push((p.width, p.height)),
                Ok(None) => break None,
                Err(e) => break Some(e),
            }
        };
        prop_assert_eq!(read, pairs);
        prop_assert_eq!(line_of(err), Some(bad_line));
    }

    #[test]
    fn matrix_layouts_read_back(
        cases in prop::collection::vec(
            (1usize..5, 1usize..5).prop_flat_map(|(m, n)| prop::collection::vec(prop::collection::vec(any::<u64>(), n), m)),
            1..5,
        ),
        counted in any::<bool>(),
        layout in layout(),
    ) {
        let mut w = Writer::new(layout);
        if counted {
            w.line(&cases.len().to_string());
        }
        for (i, case) in cases.iter().enumerate() {
            let header = [case.len().to_string(), case[0].len().to_string()];
            if i == 0 && !counted {
                // Without T the first line must be exactly `m n`.
                let text = w.join(&header, true);
                w.text.push_str(&text);
                w.newline();
            } else {
                let text = w.join(&header, true);
                w.line(&text);
            }
            for row in case {
                let cells: Vec<String> = row.iter().map(u64::to_string).collect();
                let text = w.join(&cells, true);
                w.line(&text);
            }
        }
        let mut reader = MatrixReader::new(w.text.as_bytes()).expect("reader").keep_cells(true);
        let mut case = MatrixCase::default();
        let mut read = Vec::new();
        while reader.next_case(&mut case).expect("valid input") {
            read.push(case.rows.iter().map(|r| r.cells().to_vec()).collect::<Vec<_>>());
            prop_assert_eq!(case.number, read.len() as u64);
            prop_assert!(case.rows.iter().all(|r: &Row| r.total() == r.cells().iter().map(|&c| u128::from(c)).sum()));
        }
        prop_assert_eq!(read, cases);
    }

    #[test]
    fn matrix_corruption_keeps_earlier_cases(
        cases in prop::collection::vec(
            (1usize..4, 1usize..4).prop_flat_map(|(m, n)| prop::collection::vec(prop::collection::vec(0u64..1000, n), m)),
            0..5,
        ),
        bad in prop::sample::select(vec!["x", "-1", "18446744073709551616", "1e5", "\u{e9}", "END"]),
        layout in layout(),
    ) {
        let mut w = Writer::new(layout);
        w.line(&(cases.len() + 1).to_string());
        for case in &cases {
            let header = w.join(&[case.len().to_string(), case[0].len().to_string()], true);
            w.line(&header);
            for row in case {
                let cells: Vec<String> = row.iter().map(u64::to_string).collect();
                let text = w.join(&cells, true);
                w.line(&text);
            }
        }
        // A 2×2 case whose last cell is bad, or missing.
        let header = w.join(&["2".to_string(), "2".to_string()], true);
        w.line(&header);
        w.line("1 2");
        let bad_line = if bad == "END" {
            w.text.push('3');
            w.line
        } else {
            let text = w.join(&["3".to_string(), bad.to_string()], true);
            w.line(&text);
            w.line - 1
        };
        let mut reader = MatrixReader::new(w.text.as_bytes()).expect("reader");
        let mut case = MatrixCase::default();
        let mut read = 0;
        let err = loop {
            match reader.next_case(&mut case) {
                Ok(true) => read += 1,
                Ok(false) => break None,
                Err(e) => break Some(e),
            }
        };
        prop_assert_eq!(read, cases.len());
        prop_assert_eq!(line_of(err), Some(bad_line), "in {:?}", w.text);
    }
}

// ---------------------------------------------------------------------
// The judge readers' fast paths on long inputs: numbers in any white
// space (spaces, tabs, CR, blank lines, vertical tabs, form feeds, a byte
// order mark), handed to the reader in pieces of random sizes so that a
// line, a number or a matrix row crosses the read buffer's edge anywhere.
// What is read is compared with a plain split of the text, written here;
// a corrupted token stops the reader at its line after every case before
// it.

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
    let read = |keep: bool| {
        let input = Pieces {
            bytes: text.as_bytes(),
            sizes: sizes.clone(),
            turn: 0,
        };
        let mut reader = MatrixReader::new(input).unwrap().keep_cells(keep);
        let mut case = MatrixCase::default();
        let mut got: Vec<(Vec<u128>, u64)> = Vec::new();
        loop {
            match reader.next_case(&mut case) {
                Ok(true) => got.push((case.rows.iter().map(Row::total).collect(), case.big_rows)),
                Ok(false) => return (got, None),
                Err(e) => return (got, Some(e)),
            }
        }
    };
    let (kept, error) = read(true);
    // Without kept cells (the judge's way, whole blocks of one-digit cells
    // summed at once) each case is one heap, the XOR of the row totals.
    let (folded, folded_error) = read(false);
    let xor: Vec<(Vec<u128>, u64)> = kept
        .iter()
        .map(|(totals, big)| (vec![totals.iter().fold(0, |x, t| x ^ t)], *big))
        .collect();
    assert_eq!(folded, xor, "cases read without their cells");
    assert_eq!(
        folded_error.map(|e| e.to_string()),
        error.as_ref().map(|e| e.to_string()),
        "the error without kept cells"
    );
    (kept, error)
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
