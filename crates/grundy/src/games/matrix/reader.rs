//! The Matrix Game judge format.
//!
//! A line with the number of cases T, then T cases of `m n` followed by m·n
//! non-negative integers, white space of any kind between them. When the
//! first line holds two numbers there is no T (the seed's own sample is
//! written that way) and cases run to the end of input.

use std::io::Read;

use super::Row;
use crate::format::groups::scan_groups;
use crate::format::scan::Scanner;
use crate::format::tokens::{scan_numbers, Step};
use crate::format::{FormatError, JudgeInput, ReadError};

/// The largest number of columns: a row's total of up to this many cells of
/// `2^64 − 1` stones stays far inside `u128`.
pub const MAX_COLS: u64 = 1 << 32;

/// One Matrix Game case.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatrixCase {
    /// 1-based number of the case in the input.
    pub number: u64,
    /// Number of columns.
    pub cols: u64,
    /// The rows, top to bottom; or, from a reader that does not keep cells,
    /// a single row worth as much as all of them (a Nim heap of the XOR of
    /// their totals).
    pub rows: Vec<Row>,
    /// How many rows hold two stones or more (what misère play needs
    /// besides the nim-sum).
    pub big_rows: u64,
}

#[derive(Clone, Copy, Debug)]
enum Count {
    /// The first line has not been read yet.
    Unknown,
    /// A T line said how many cases remain.
    Remaining(u64),
    /// No T line: cases run to the end of input.
    UntilEnd,
}

/// Reads Matrix Game cases one at a time.
pub struct MatrixReader<R> {
    scanner: Scanner<R>,
    count: Count,
    /// `T` as written, for messages.
    total: u64,
    cases_read: u64,
    keep_cells: bool,
    max_cells: u64,
    /// The first case's `m n`, when it stood on the first line.
    pending_header: Option<(u64, u64, u64)>,
}

impl<'a> MatrixReader<JudgeInput<'a>> {
    /// A reader over a judge's input, reading a mapped file in place.
    pub fn from_input(input: JudgeInput<'a>) -> Result<Self, ReadError> {
        Ok(Self::with_scanner(Scanner::from_input(input)?))
    }
}

impl<R: Read> MatrixReader<R> {
    /// A reader over `input` that keeps only row totals.
    pub fn new(input: R) -> Result<Self, ReadError> {
        Ok(Self::with_scanner(Scanner::new(input)?))
    }

    fn with_scanner(scanner: Scanner<R>) -> Self {
        MatrixReader {
            scanner,
            count: Count::Unknown,
            total: 0,
            cases_read: 0,
            keep_cells: false,
            max_cells: crate::DEFAULT_MAX_CELLS,
            pending_header: None,
        }
    }

    /// The line the reader has reached (1-based).
    pub fn line(&self) -> u64 {
        self.scanner.line()
    }

    /// Also keep every cell, for callers that need more than the verdict.
    /// Cases are then limited to [`MatrixReader::max_cells`] cells; only row
    /// totals are kept otherwise, and the number of rows is unlimited.
    pub fn keep_cells(mut self, keep: bool) -> Self {
        self.keep_cells = keep;
        self
    }

    /// When cells are kept, accepts cases of up to `cells` cells (m·n)
    /// instead of [`DEFAULT_MAX_CELLS`](crate::DEFAULT_MAX_CELLS); a larger
    /// one is a [`ReadError::TooLarge`].
    pub fn max_cells(mut self, cells: u64) -> Self {
        self.max_cells = cells;
        self
    }

    /// Reads the next case into `case` (reusing its storage); `false` at the
    /// end: after T cases, or at the end of input when there is no T.
    pub fn next_case(&mut self, case: &mut MatrixCase) -> Result<bool, ReadError> {
        if let Count::Unknown = self.count {
            if !self.read_first_line()? {
                return Ok(false);
            }
        }
        let number = self.cases_read + 1;
        let (line, rows, cols) = match (self.pending_header.take(), self.count) {
            (Some(header), _) => header,
            (None, Count::Remaining(0)) => return Ok(false),
            (None, count) => {
                let sc = &mut self.scanner;
                if !sc.skip_to_token()? {
                    return match count {
                        Count::Remaining(_) => {
                            let expected = format!("case {number} of {} (`m n`)", self.total);
                            Err(FormatError::new(sc.line_at_end(), expected, "end of input").into())
                        }
                        _ => Ok(false),
                    };
                }
                let line = sc.line();
                let rows = sc.number("the number of rows `m` of `m n`")?;
                sc.skip_to_token()?;
                let cols = sc.number("the number of columns `n` of `m n`")?;
                (line, rows, cols)
            }
        };
        self.check_size(line, rows, cols)?;
        self.read_cells(case, number, rows, cols)?;
        self.cases_read = number;
        if let Count::Remaining(left) = &mut self.count {
            *left -= 1;
        }
        Ok(true)
    }

    /// Decides between a T line and a first case header; `false` on an
    /// empty input.
    fn read_first_line(&mut self) -> Result<bool, ReadError> {
        let sc = &mut self.scanner;
        if !sc.skip_to_token()? {
            self.count = Count::Remaining(0);
            return Ok(false);
        }
        let line = sc.line();
        let first = sc.number("the number of cases `T`, or `m n`")?;
        if sc.at_line_end()? {
            self.count = Count::Remaining(first);
            self.total = first;
            return Ok(true);
        }
        let second = sc.number("the number of columns `n` of `m n`")?;
        if !sc.at_line_end()? {
            let found = sc.describe_here()?;
            let expected = "the end of the first line (`T`, or `m n`)";
            return Err(FormatError::new(line, expected, found).into());
        }
        self.count = Count::UntilEnd;
        self.pending_header = Some((line, first, second));
        Ok(true)
    }

    fn check_size(&self, line: u64, rows: u64, cols: u64) -> Result<(), ReadError> {
        // Written only for a message: no allocation for a good case.
        let found = || format!("{rows}×{cols}");
        if rows == 0 || cols == 0 || cols > MAX_COLS {
            let expected =
                format!("a matrix size `m n` of at least 1×1 with at most {MAX_COLS} columns");
            return Err(FormatError::new(line, expected, found()).into());
        }
        if self.keep_cells && rows.saturating_mul(cols) > self.max_cells {
            let expected = format!("a matrix of at most {} cells", self.max_cells);
            let error = FormatError::new(line, expected, found());
            return Err(ReadError::TooLarge(Box::new(error)));
        }
        Ok(())
    }

    /// Reads the case's m·n cells: runs of plain numbers by
    /// [`scan_numbers`] (cells kept) or by [`scan_groups`] (only the row
    /// totals), and a cell they cannot read the careful way (which names
    /// the cell, or the line and what is wrong).
    fn read_cells(
        &mut self,
        case: &mut MatrixCase,
        number: u64,
        rows: u64,
        cols: u64,
    ) -> Result<(), ReadError> {
        case.number = number;
        case.cols = cols;
        case.rows.clear();
        case.big_rows = 0;
        if self.keep_cells {
            self.read_cells_into::<true>(case, number, rows, cols)
        } else {
            self.read_cells_into::<false>(case, number, rows, cols)
        }
    }

    /// [`MatrixReader::read_cells`] with the choice to keep cells made at
    /// compile time, so that without them the loop is plain arithmetic.
    #[inline(always)]
    fn read_cells_into<const KEEP: bool>(
        &mut self,
        case: &mut MatrixCase,
        number: u64,
        rows: u64,
        cols: u64,
    ) -> Result<(), ReadError> {
        let sc = &mut self.scanner;
        let mut cells = Cells::<KEEP> {
            rows: &mut case.rows,
            cols,
            rows_left: rows,
            col: 0,
            total: 0,
            kept: Vec::new(),
            folded: 0,
            big_rows: 0,
        };
        while cells.rows_left > 0 {
            let chunk = sc.chunk()?;
            let scanned = if KEEP {
                scan_numbers(
                    chunk,
                    #[inline(always)]
                    |stones| {
                        if cells.push(stones) {
                            Step::CommitAndStop
                        } else {
                            Step::Commit
                        }
                    },
                )
            } else {
                // Only totals are needed: runs of cells are summed at once.
                let want = cells.cols - cells.col;
                scan_groups(
                    chunk,
                    want,
                    #[inline(always)]
                    |count, sum| cells.add_run(count, sum),
                )
            };
            sc.advance_lines(scanned.used, scanned.newlines);
            if cells.rows_left == 0 {
                break;
            }
            if !sc.skip_to_token()? {
                let (r, c) = (rows - cells.rows_left + 1, cells.col + 1);
                let expected = format!("cell ({r}, {c}) of case {number} ({rows}×{cols})");
                return Err(FormatError::new(sc.line_at_end(), expected, "end of input").into());
            }
            let stones =
                sc.number("a number of stones (an integer from 0 to 18446744073709551615)")?;
            cells.push(stones);
        }
        case.big_rows = cells.big_rows;
        // Without kept cells the rows are Nim heaps of their totals, and a
        // sum of heaps is worth one heap of their XOR: memory stays constant
        // however many rows a case has.
        if !KEEP {
            let folded = cells.folded;
            case.rows.push(Row::from_total(folded));
        }
        Ok(())
    }
}

/// A case's cells as they are read, row by row; with `KEEP`, every cell
/// is kept, else only the XOR of the row totals.
struct Cells<'a, const KEEP: bool> {
    rows: &'a mut Vec<Row>,
    cols: u64,
    rows_left: u64,
    /// Cells of the current row read so far.
    col: u64,
    total: u128,
    kept: Vec<u64>,
    folded: u128,
    /// Rows of two stones or more.
    big_rows: u64,
}

impl<const KEEP: bool> Cells<'_, KEEP> {
    /// Adds `count` cells worth `sum` stones, no more than the current row
    /// still needs (without kept cells: their values are not known); how
    /// many the row needs next, or `None` once the last row is complete.
    #[inline(always)]
    fn add_run(&mut self, count: u64, sum: u64) -> Option<u64> {
        debug_assert!(!KEEP && count <= self.cols - self.col);
        // Cannot overflow: at most 2^32 cells of less than 2^64 each.
        self.total += u128::from(sum);
        self.col += count;
        if self.col == self.cols {
            self.big_rows += u64::from(self.total >= 2);
            self.folded ^= self.total;
            self.total = 0;
            self.col = 0;
            self.rows_left -= 1;
            if self.rows_left == 0 {
                return None;
            }
        }
        Some(self.cols - self.col)
    }

    /// Adds the next cell; `true` once the last row is complete.
    #[inline(always)]
    fn push(&mut self, stones: u64) -> bool {
        // Cannot overflow: at most 2^32 cells of less than 2^64 each.
        self.total += u128::from(stones);
        if KEEP {
            self.kept.push(stones);
        }
        self.col += 1;
        if self.col == self.cols {
            self.big_rows += u64::from(self.total >= 2);
            if KEEP {
                self.rows
                    .push(Row::from_cells(std::mem::take(&mut self.kept)));
            } else {
                self.folded ^= self.total;
            }
            self.total = 0;
            self.col = 0;
            self.rows_left -= 1;
        }
        self.rows_left == 0
    }
}

/// The judge's answer line. Matrix Game: Alice moves first; cases are numbered from 1.
pub const fn answer(first_player_wins: bool) -> &'static str {
    if first_player_wins {
        "Alice"
    } else {
        "Bob"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The row totals of every case (cells kept, so rows are not folded).
    fn totals(input: &str) -> (Vec<Vec<u128>>, Option<String>) {
        let mut reader = MatrixReader::new(input.as_bytes())
            .unwrap()
            .keep_cells(true);
        let mut out = Vec::new();
        let mut case = MatrixCase::default();
        loop {
            match reader.next_case(&mut case) {
                Ok(true) => out.push(case.rows.iter().map(Row::total).collect()),
                Ok(false) => return (out, None),
                Err(e) => return (out, Some(e.to_string())),
            }
        }
    }

    /// Long rows of one-digit cells, summed a block at a time, with here
    /// and there a cell the careful path reads (a 20-digit number, a
    /// number cut by the buffer's edge) in the middle of a row: each
    /// case's heap is the XOR of its row totals, and rows of two stones or
    /// more are counted.
    #[test]
    fn long_rows_of_digits_fold_into_their_totals() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..40 {
            let cases = 1 + next() % 4;
            let mut text = format!("{cases}\n");
            let mut want = Vec::new();
            for _ in 0..cases {
                let (rows, cols) = (1 + next() % 5, 1 + next() % 300);
                text.push_str(&format!("{rows} {cols}\n"));
                let (mut folded, mut big) = (0u128, 0u64);
                for _ in 0..rows {
                    let mut total = 0u128;
                    for c in 0..cols {
                        let cell = match next() % 97 {
                            0 => 18_446_744_073_709_551_615,
                            1 => next() % 1_000_000,
                            _ => next() % 10,
                        };
                        total += u128::from(cell);
                        text.push_str(&cell.to_string());
                        text.push(if c + 1 == cols { '\n' } else { ' ' });
                    }
                    folded ^= total;
                    big += u64::from(total >= 2);
                }
                want.push((folded, big));
            }
            for piece in [7, 100, 1 << 20] {
                let input = Chunked(text.as_bytes(), piece);
                let mut reader = MatrixReader::new(input).unwrap();
                let mut case = MatrixCase::default();
                let mut got = Vec::new();
                while reader.next_case(&mut case).unwrap() {
                    got.push((case.rows[0].total(), case.big_rows));
                }
                assert_eq!(got, want, "read {piece} bytes at a time");
            }
        }
    }

    /// Reads at most `.1` bytes at a time.
    struct Chunked<'a>(&'a [u8], usize);

    impl std::io::Read for Chunked<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.len().min(self.1).min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn with_and_without_a_case_count() {
        let seed = "2 3\n\n2 3 8\n\n5 2 7\n\n2 3\n\n1 2 3\n\n3 2 1\n";
        assert_eq!(totals(seed), (vec![vec![13, 14], vec![6, 6]], None));
        let counted = "2\n2 3 2 3 8\n5 2 7\n2 3\n1 2 3\n3 2 1\n";
        assert_eq!(totals(counted), (vec![vec![13, 14], vec![6, 6]], None));
        // Anything after T cases is not read.
        assert_eq!(totals("1\n1 1 5\nrubbish"), (vec![vec![5]], None));
        assert_eq!(totals(""), (vec![], None));
        assert_eq!(totals("0\n"), (vec![], None));
    }

    #[test]
    fn without_kept_cells_rows_fold_into_one_heap() {
        let mut reader = MatrixReader::new("1\n3 2\n1 2\n3 4\n5 6\n".as_bytes()).unwrap();
        let mut case = MatrixCase::default();
        assert!(reader.next_case(&mut case).unwrap());
        // Row totals 3, 7 and 11: 3 ^ 7 ^ 11 = 15.
        assert_eq!(case.rows, vec![Row::from_total(15)]);
        assert_eq!(case.cols, 2);
    }

    #[test]
    fn kept_cells_are_limited() {
        let input = "1\n3 3\n1 2 3\n4 5 6\n7 8 9\n";
        let read = |max| {
            let mut reader = MatrixReader::new(input.as_bytes())
                .unwrap()
                .keep_cells(true)
                .max_cells(max);
            reader.next_case(&mut MatrixCase::default())
        };
        assert!(matches!(read(9), Ok(true)));
        let Err(ReadError::TooLarge(error)) = read(8) else {
            panic!("a 3×3 case is beyond 8 cells");
        };
        assert_eq!(
            error.to_string(),
            "line 2: expected a matrix of at most 8 cells, found 3×3"
        );
        // Without kept cells there is no limit on cells.
        let mut reader = MatrixReader::new(input.as_bytes()).unwrap().max_cells(8);
        assert!(matches!(
            reader.next_case(&mut MatrixCase::default()),
            Ok(true)
        ));
    }

    #[test]
    fn big_values() {
        let max = u64::MAX;
        let (cases, err) = totals(&format!("1\n1 3\n{max} {max} {max}\n"));
        assert_eq!(err, None);
        assert_eq!(cases, vec![vec![3 * u128::from(max)]]);
    }

    #[test]
    fn errors_name_the_line() {
        let cases = [
            ("3\n1 1 5\n", "line 2: expected case 2 of 3 (`m n`), found end of input"),
            ("1\n2 2\n1 2\n3\n", "line 4: expected cell (2, 2) of case 1 (2×2), found end of input"),
            ("1\n2 2\n1 2\n3 x\n", "line 4: expected a number of stones (an integer from 0 to 18446744073709551615), found `x`"),
            ("1\n0 2\n", "line 2: expected a matrix size `m n` of at least 1×1 with at most 4294967296 columns, found 0×2"),
            ("1 2 3\n", "line 1: expected the end of the first line (`T`, or `m n`), found `3`"),
            ("1\n1 1\n-4\n", "line 3: expected a number of stones (an integer from 0 to 18446744073709551615), found `-4`"),
        ];
        for (input, message) in cases {
            assert_eq!(totals(input).1.as_deref(), Some(message), "input {input:?}");
        }
    }
}
