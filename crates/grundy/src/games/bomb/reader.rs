//! The Bomb Game judge format.
//!
//! Cases of `n m` on one line followed by n rows of m cells, `#` for a bomb
//! and `.` for none. Spaces, tabs and CRs inside a row are ignored, blank
//! lines are skipped anywhere, and the input ends at `0 0` or at its end.

use std::io::Read;

use super::Board;
use crate::format::scan::{describe_first_char, Scanner};
use crate::format::tokens::cell_masks;
use crate::format::{FormatError, JudgeInput, ReadError};

/// Reads Bomb Game cases one board at a time.
pub struct BombReader<R> {
    scanner: Scanner<R>,
    finished: bool,
    /// The longest side accepted (the square root of the cells accepted).
    max_side: u64,
}

impl<'a> BombReader<JudgeInput<'a>> {
    /// A reader over a judge's input, reading a mapped file in place.
    pub fn from_input(input: JudgeInput<'a>) -> Result<Self, ReadError> {
        Ok(Self::with_scanner(Scanner::from_input(input)?))
    }
}

impl<R: Read> BombReader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Result<Self, ReadError> {
        Ok(Self::with_scanner(Scanner::new(input)?))
    }

    fn with_scanner(scanner: Scanner<R>) -> Self {
        BombReader {
            scanner,
            finished: false,
            max_side: crate::DEFAULT_MAX_CELLS.isqrt(),
        }
    }

    /// The line the reader has reached (1-based).
    pub fn line(&self) -> u64 {
        self.scanner.line()
    }

    /// Accepts boards that fit in a square of `cells` cells (both sides at
    /// most its square root) instead of
    /// [`DEFAULT_MAX_CELLS`](crate::DEFAULT_MAX_CELLS); a larger one is a
    /// [`ReadError::TooLarge`]. A square rather than any n·m ≤ `cells`: the
    /// table costs time in proportion to its cells times its longer side
    /// (see [`Board`]), and every table for boards read is then within one
    /// square of `cells`, however the boards' shapes differ.
    pub fn max_cells(mut self, cells: u64) -> Self {
        self.max_side = cells.min(crate::games::bomb::MAX_CELLS).isqrt();
        self
    }

    /// The longest side accepted.
    pub fn max_side(&self) -> u64 {
        self.max_side
    }

    /// Reads the next case into `board` (reusing its storage); `false` once
    /// the input has ended, at `0 0` or at the end of input.
    pub fn next_case(&mut self, board: &mut Board) -> Result<bool, ReadError> {
        if self.finished || !self.scanner.skip_to_token()? {
            self.finished = true;
            return Ok(false);
        }
        let sc = &mut self.scanner;
        let line = sc.line();
        let rows = sc.number("the number of rows `n` of `n m`")?;
        if sc.at_line_end()? {
            return Err(FormatError::new(
                line,
                "the number of columns `m` after `n`",
                "end of line",
            )
            .into());
        }
        let cols = sc.number("the number of columns `m` of `n m`")?;
        if !sc.at_line_end()? {
            let found = sc.describe_here()?;
            return Err(FormatError::new(line, "the end of the line after `n m`", found).into());
        }
        if rows == 0 && cols == 0 {
            self.finished = true;
            return Ok(false);
        }
        // Written only for a message: no allocation for a good case.
        let found = || format!("{rows}×{cols}");
        if rows == 0 || cols == 0 {
            return Err(FormatError::new(line, "a board size of at least 1×1", found()).into());
        }
        let side = self.max_side;
        if rows > side || cols > side {
            let expected = format!("a board of at most {side}×{side}");
            let error = FormatError::new(line, expected, found());
            return Err(ReadError::TooLarge(Box::new(error)));
        }
        if board.reset(rows, cols).is_err() {
            let expected = "a board size of at least 1×1";
            return Err(FormatError::new(line, expected, found()).into());
        }
        let mut row = 1;
        while row <= board.rows() {
            row = self.plain_rows(board, row);
            if row <= board.rows() {
                self.read_row(board, row)?;
                row += 1;
            }
        }
        Ok(true)
    }

    /// Reads the rows from `row` on that stand plainly in the buffer, one
    /// after another (each line exactly its cells, after one newline), with
    /// no other work between them; returns the first row left unread.
    fn plain_rows(&mut self, board: &mut Board, first: u32) -> u32 {
        let sc = &mut self.scanner;
        let mut row = first;
        let cols = board.cols() as usize;
        let Ok(chunk) = sc.chunk() else {
            return row; // the careful path reports it
        };
        // At the newline that ends the line before the row.
        if chunk.first() != Some(&b'\n') {
            return row;
        }
        let mut at = 0;
        while row <= board.rows() {
            let Some(line) = chunk.get(at + 1..) else {
                break;
            };
            let Some(used) = plain_row(line, cols, board.row_bits_mut(row)) else {
                break;
            };
            at += 1 + used;
            row += 1;
        }
        // One newline before each row read.
        sc.advance_lines(at, u64::from(row - first));
        row
    }

    /// Reads grid row `row` of `board`, skipping blank lines before it.
    fn read_row(&mut self, board: &mut Board, row: u32) -> Result<(), ReadError> {
        let sc = &mut self.scanner;
        let cols = board.cols();
        if !sc.skip_to_token()? {
            // Rows are lines: the missing one is blamed on the line it
            // would stand on (after a final newline, the next one).
            let expected = format!("row {row} of {} ({cols} cells of `#` or `.`)", board.rows());
            return Err(FormatError::new(sc.line(), expected, "end of input").into());
        }
        // Most rows are written plainly: exactly the cells, then a newline.
        if let Some(used) = plain_row(sc.chunk()?, cols as usize, board.row_bits_mut(row)) {
            sc.advance(used);
            return Ok(());
        }
        let line = sc.line();
        let mut col = 0u32;
        loop {
            let chunk = sc.chunk()?;
            if chunk.is_empty() {
                break;
            }
            let mut used = 0;
            let mut end_of_line = false;
            for &b in chunk {
                match b {
                    b'#' | b'.' => {
                        if col == cols {
                            let expected = format!("{cols} cells in row {row}");
                            return Err(FormatError::new(line, expected, "more").into());
                        }
                        col += 1;
                        if b == b'#' {
                            board.set(row, col, true);
                        }
                    }
                    b' ' | b'\t' | b'\r' => {}
                    b'\n' => {
                        end_of_line = true;
                        break;
                    }
                    _ => {
                        let expected = format!("`#` or `.` in row {row}");
                        let found = describe_first_char(&chunk[used..]);
                        return Err(FormatError::new(line, expected, found).into());
                    }
                }
                used += 1;
            }
            sc.advance(used);
            if end_of_line {
                break;
            }
        }
        if col < cols {
            let expected = format!("{cols} cells in row {row}");
            return Err(FormatError::new(line, expected, col.to_string()).into());
        }
        Ok(())
    }
}

/// Reads a row written as exactly its cells followed by `\n` or `\r\n`,
/// entirely inside `bytes`, 64 cells at a time; `None` for anything else
/// (the caller then reads byte by byte and explains any error). Returns the
/// bytes used, up to but not including the newline.
fn plain_row(bytes: &[u8], cols: usize, bits: &mut [u64]) -> Option<usize> {
    let newline = match bytes.get(cols..cols + 2)? {
        [b'\n', _] => cols,
        [b'\r', b'\n'] => cols + 1,
        _ => return None,
    };
    // 64 cells per step: one bitset word, classified in place where 64
    // bytes are in view, else from a copy padded with `.`.
    for (k, word) in bits.iter_mut().enumerate().take(cols.div_ceil(64)) {
        let start = 64 * k;
        let cells = (cols - start).min(64);
        let lanes = if cells == 64 { !0 } else { (1u64 << cells) - 1 };
        let (bomb, empty) = match bytes.get(start..start + 64) {
            Some(block) => cell_masks(block.try_into().expect("64 bytes")),
            None => {
                let mut block = [b'.'; 64];
                block[..cells].copy_from_slice(&bytes[start..start + cells]);
                cell_masks(&block)
            }
        };
        if (bomb | empty) & lanes != lanes {
            return None;
        }
        *word = bomb & lanes;
    }
    Some(newline)
}

/// The judge's answer line. Bomb Game: John moves first.
pub const fn answer(first_player_wins: bool) -> &'static str {
    if first_player_wins {
        "John"
    } else {
        "Jack"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::bomb::Cell;

    /// A board written plainly is read by the one loop over the buffer,
    /// all its rows at once, lines counted; a row that is not plain (here
    /// one with a space) is left to the careful path.
    #[test]
    fn plain_rows_are_read_in_one_loop() {
        let text = "3 4\n#..#\r\n....\n.##.\n0 0\n";
        let mut reader = BombReader::new(text.as_bytes()).unwrap();
        let sc = &mut reader.scanner;
        let mut header = || {
            sc.skip_to_token().unwrap();
            sc.number("n").unwrap()
        };
        assert_eq!((header(), header()), (3, 4));
        assert!(sc.at_line_end().unwrap());
        let mut board = Board::default();
        board.reset(3, 4).unwrap();
        assert_eq!(reader.plain_rows(&mut board, 1), 4);
        assert_eq!(reader.line(), 4);
        let bombs: Vec<_> = board.bombs().map(|c| (c.row(), c.col())).collect();
        assert_eq!(bombs, [(1, 1), (1, 4), (3, 2), (3, 3)]);

        let text = "2 2\n#.\n# .\n0 0\n";
        let mut reader = BombReader::new(text.as_bytes()).unwrap();
        let sc = &mut reader.scanner;
        for _ in 0..2 {
            sc.skip_to_token().unwrap();
            sc.number("n or m").unwrap();
        }
        assert!(sc.at_line_end().unwrap());
        board.reset(2, 2).unwrap();
        assert_eq!(reader.plain_rows(&mut board, 1), 2, "row 2 is not plain");
        assert_eq!(reader.line(), 2);
    }

    fn read_all(input: &str) -> (Vec<Board>, Option<String>) {
        let mut reader = BombReader::new(input.as_bytes()).unwrap();
        let mut boards = Vec::new();
        let mut board = Board::default();
        loop {
            match reader.next_case(&mut board) {
                Ok(true) => boards.push(board.clone()),
                Ok(false) => return (boards, None),
                Err(e) => return (boards, Some(e.to_string())),
            }
        }
    }

    #[test]
    fn boards_fit_in_a_square_of_max_cells() {
        let wide = format!("1 5\n{}\n", "....#");
        let read = |max| {
            let mut reader = BombReader::new(wide.as_bytes()).unwrap().max_cells(max);
            reader.next_case(&mut Board::default())
        };
        assert!(matches!(read(25), Ok(true)));
        // Five cells, but a side of 5 needs a square of 25.
        let Err(ReadError::TooLarge(error)) = read(24) else {
            panic!("a 1×5 board does not fit in 4×4");
        };
        assert_eq!(
            error.to_string(),
            "line 1: expected a board of at most 4×4, found 1×5"
        );
        assert_eq!(BombReader::new(&b""[..]).unwrap().max_side(), 2000);
    }

    #[test]
    fn seed_sample() {
        let (boards, err) = read_all("2 2\n.#\n..\n2 2\n.#\n.#\n0 0\n");
        assert_eq!(err, None);
        assert_eq!(boards.len(), 2);
        assert_eq!(
            boards[0].bombs().collect::<Vec<_>>(),
            [Cell::new(1, 2).unwrap()]
        );
        assert_eq!(
            boards[1].bombs().collect::<Vec<_>>(),
            [Cell::new(1, 2).unwrap(), Cell::new(2, 2).unwrap()]
        );
    }

    #[test]
    fn tolerances() {
        let (boards, err) = read_all("\u{FEFF}\r\n 2\t3 \r\n\r\n# . #\r\n\n\t..#  \r\n");
        assert_eq!(err, None);
        assert_eq!(boards.len(), 1);
        assert_eq!((boards[0].rows(), boards[0].cols()), (2, 3));
        assert_eq!(boards[0].bomb_count(), 3);
        // Input after `0 0` is not read.
        let (boards, err) = read_all("1 1\n#\n0 0\nrubbish");
        assert_eq!((boards.len(), err), (1, None));
    }

    #[test]
    fn errors_name_the_line() {
        let cases = [
            (
                "2 2\n..\n.x\n",
                "line 3: expected `#` or `.` in row 2, found `x`",
            ),
            (
                "2 2\n..\n...\n",
                "line 3: expected 2 cells in row 2, found more",
            ),
            ("2 2\n..\n.\n", "line 3: expected 2 cells in row 2, found 1"),
            (
                "2 2\n..\n",
                "line 3: expected row 2 of 2 (2 cells of `#` or `.`), found end of input",
            ),
            (
                "2 2\n..",
                "line 2: expected row 2 of 2 (2 cells of `#` or `.`), found end of input",
            ),
            (
                "3 4\n....\n....\n",
                "line 4: expected row 3 of 3 (4 cells of `#` or `.`), found end of input",
            ),
            (
                "2\n..\n",
                "line 1: expected the number of columns `m` after `n`, found end of line",
            ),
            (
                "2 2 2\n",
                "line 1: expected the end of the line after `n m`, found `2`",
            ),
            (
                "0 3\n",
                "line 1: expected a board size of at least 1×1, found 0×3",
            ),
            (
                "2001 3\n",
                "line 1: expected a board of at most 2000×2000, found 2001×3",
            ),
            (
                "1 1000000000000\n",
                "line 1: expected a board of at most 2000×2000, found 1×1000000000000",
            ),
            (
                "-1 3\n",
                "line 1: expected the number of rows `n` of `n m`, found `-1`",
            ),
            (
                "1 1\n\u{e9}\n",
                "line 2: expected `#` or `.` in row 1, found `é` (U+00E9, not an ASCII character)",
            ),
        ];
        for (input, message) in cases {
            assert_eq!(
                read_all(input).1.as_deref(),
                Some(message),
                "input {input:?}"
            );
        }
    }
}
