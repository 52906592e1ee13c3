//! The Cutting Game judge format: pairs `W H` separated by any white space,
//! until the end of input.

use std::io::Read;

use super::Paper;
use crate::format::scan::{digits8, load8, Scanner};
use crate::format::tokens::{newline_mask, scan_numbers, Isa, Scanned, Step};
use crate::format::{FormatError, JudgeInput, ReadError};

/// Reads Cutting Game queries one paper at a time.
pub struct CuttingReader<R> {
    scanner: Scanner<R>,
}

impl<'a> CuttingReader<JudgeInput<'a>> {
    /// A reader over a judge's input, reading a mapped file in place.
    pub fn from_input(input: JudgeInput<'a>) -> Result<Self, ReadError> {
        Ok(Self::with_scanner(Scanner::from_input(input)?))
    }
}

impl<R: Read> CuttingReader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Result<Self, ReadError> {
        Ok(Self::with_scanner(Scanner::new(input)?))
    }

    fn with_scanner(scanner: Scanner<R>) -> Self {
        CuttingReader { scanner }
    }

    /// The line the reader has reached (1-based).
    pub fn line(&self) -> u64 {
        self.scanner.line()
    }

    /// Reads up to `max` papers into `papers` (cleared first); `false` once
    /// the input has ended. On an error, `papers` still holds every query
    /// read before it, for the caller to answer before reporting the error.
    ///
    /// This is the fast way through large inputs: lines of one plain pair
    /// are read a line at a time, and other pairs of plain numbers by
    /// `scan_numbers`, however many stand on a line and
    /// however the white space between them is made; a pair it cannot read
    /// is read the careful way. A batch ends early rather than wait for
    /// more input.
    pub fn next_batch(&mut self, papers: &mut Vec<Paper>, max: usize) -> Result<bool, ReadError> {
        papers.clear();
        loop {
            if self.batch_is_done(papers, max) {
                return Ok(true);
            }
            // Lines of one plain pair, the commonest shape, line by line;
            // then any pairs in any white space, token by token.
            let (used, newlines) = plain_lines(self.scanner.chunk()?, papers, max);
            self.scanner.advance_lines(used, newlines);
            if self.batch_is_done(papers, max) {
                return Ok(true);
            }
            let scanned = pairs(self.scanner.chunk()?, papers, max);
            self.scanner.advance_lines(scanned.used, scanned.newlines);
            // Then one query the careful way.
            if self.batch_is_done(papers, max) {
                return Ok(true);
            }
            match self.next_case()? {
                Some(paper) => papers.push(paper),
                None => return Ok(false),
            }
        }
    }

    /// A batch is done when full, and also when it has queries and reading
    /// on would wait for input (only white space is buffered): the caller
    /// may be answering someone who is waiting for those answers.
    fn batch_is_done(&mut self, papers: &[Paper], max: usize) -> bool {
        if papers.len() >= max {
            return true;
        }
        if papers.is_empty() {
            return false;
        }
        self.scanner.skip_buffered_blank();
        !self.scanner.has_buffered()
    }

    /// The next paper, or `None` at the end of input.
    pub fn next_case(&mut self) -> Result<Option<Paper>, ReadError> {
        let sc = &mut self.scanner;
        if !sc.skip_to_token()? {
            return Ok(None);
        }
        let width = side(sc, "the width `W` of `W H` (a positive integer)")?;
        if !sc.skip_to_token()? {
            let expected = "the height `H` after `W` (a positive integer)";
            return Err(FormatError::new(sc.line_at_end(), expected, "end of input").into());
        }
        let height = side(sc, "the height `H` of `W H` (a positive integer)")?;
        Ok(Some(Paper::new(width, height)))
    }
}

/// Reads the lines of `chunk` written plainly — `W`, one space, `H` (short
/// numbers, not zero), then `\n` or `\r\n` — into `papers`, up
/// to `max` in all, stopping at the first other line or at a line that the
/// chunk does not hold whole. A newline at the very start (the end of a line
/// read the careful way) is skipped. Returns the bytes and newlines used.
///
/// Line ends are found 64 bytes at a time from a bit mask, so every line's
/// start is known before any number is read, and the processor can work on
/// several lines at once instead of waiting for each number's length.
fn plain_lines(chunk: &[u8], papers: &mut Vec<Paper>, max: usize) -> (usize, u64) {
    let mut start = usize::from(chunk.first() == Some(&b'\n'));
    let mut newlines = start as u64;
    // Room to read eight bytes at any digit of a line.
    let limit = chunk.len().saturating_sub(16);
    let mut block_start = start;
    let isa = Isa::best();
    let mut short = [0u8; 64];
    while block_start < limit && papers.len() < max {
        // Classified in place where 64 bytes are in view.
        let block: &[u8; 64] = match chunk.get(block_start..block_start + 64) {
            Some(bytes) => bytes.try_into().expect("64 bytes"),
            None => {
                let rest = &chunk[block_start..];
                short[..rest.len()].copy_from_slice(rest);
                &short
            }
        };
        let mut ends = newline_mask(isa, block);
        while ends != 0 {
            let end = block_start + ends.trailing_zeros() as usize;
            ends &= ends - 1;
            if start >= limit || papers.len() == max {
                return (start, newlines);
            }
            match plain_line(chunk, start, end) {
                Some(paper) => papers.push(paper),
                None => return (start, newlines),
            }
            start = end + 1;
            newlines += 1;
        }
        block_start += 64;
    }
    (start, newlines)
}

/// The paper on the line `chunk[start..end]` (`end` at its newline) if the
/// line is written plainly; `chunk` holds at least 16 bytes after `start`.
#[inline]
fn plain_line(chunk: &[u8], start: usize, end: usize) -> Option<Paper> {
    let end = if end > start && chunk[end - 1] == b'\r' {
        end - 1
    } else {
        end
    };
    let (width_len, width) = digits8(load8(&chunk[start..]));
    let space = start + width_len;
    if width_len == 0 || width_len == 8 || chunk[space] != b' ' {
        return None;
    }
    let (height_len, height) = digits8(load8(&chunk[space + 1..]));
    if height_len == 0 || space + 1 + height_len != end || width == 0 || height == 0 {
        return None;
    }
    Some(Paper::new(width, height))
}

/// Reads pairs `W H` of positive numbers from `chunk` into `papers`, up to
/// `max` in all; a width without its height is left for the careful path,
/// and so is a zero (an error there).
fn pairs(chunk: &[u8], papers: &mut Vec<Paper>, max: usize) -> Scanned {
    let mut filled = papers.len();
    if filled >= max {
        return Scanned::default();
    }
    // Written into slots by a local count, so the loop keeps it in a
    // register; the slots not filled are cut off after.
    papers.resize(max, Paper::new(0, 0));
    let slots = &mut papers[..];
    // A width waiting for its height (0: none; a zero stops the scan).
    let mut width = 0;
    let scanned = scan_numbers(
        chunk,
        #[inline(always)]
        |n| {
            if n == 0 {
                return Step::Stop;
            }
            if width == 0 {
                width = n;
                return Step::Take;
            }
            slots[filled] = Paper::new(width, n);
            width = 0;
            filled += 1;
            if filled >= max {
                Step::CommitAndStop
            } else {
                Step::Commit
            }
        },
    );
    papers.truncate(filled);
    scanned
}

#[inline]
fn side<R: Read>(sc: &mut Scanner<R>, what: &str) -> Result<u64, ReadError> {
    let line = sc.line();
    match sc.number(what)? {
        0 => Err(FormatError::new(line, what, "`0`").into()),
        n => Ok(n),
    }
}

/// The judge's answer line. Cutting Game: can the first cutter win?
pub const fn answer(first_player_wins: bool) -> &'static str {
    if first_player_wins {
        "WIN"
    } else {
        "LOSE"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain lines are read by the line loop itself, up to the first other
    /// line or the slack at the chunk's end.
    #[test]
    fn plain_lines_are_read_a_line_at_a_time() {
        let mut text = "2 2\n3 2\r\n4 2\n".repeat(10);
        text.push_str("5  2\n");
        text.push_str(&"6 7\n".repeat(10));
        let mut papers = Vec::new();
        let (used, newlines) = plain_lines(text.as_bytes(), &mut papers, 100);
        assert_eq!((papers.len(), newlines), (30, 30));
        assert_eq!(&text[used..used + 5], "5  2\n");
        assert_eq!(papers[1], Paper::new(3, 2));
        // Pairs in any white space: the token scan reads them itself, up to
        // `max` and never past a width without its height.
        let spaced = "3 4\t5\n6  7 8 9 10 11 12 ".repeat(20);
        papers.clear();
        let scanned = pairs(spaced.as_bytes(), &mut papers, 25);
        assert_eq!(papers.len(), 25);
        assert_eq!(
            papers[..3],
            [Paper::new(3, 4), Paper::new(5, 6), Paper::new(7, 8)]
        );
        assert_eq!(&spaced[scanned.used - 2..scanned.used], "12");
        let scanned = pairs(spaced.as_bytes(), &mut papers, 25);
        assert_eq!(
            (papers.len(), scanned),
            (25, Scanned::default()),
            "full already"
        );
        papers.clear();
        let scanned = pairs(b"4 5 6 0 7 8                          ", &mut papers, 25);
        assert_eq!(
            (papers.len(), scanned.used),
            (1, 3),
            "a zero is left to the careful path"
        );
        // At most `max`, and a newline first is skipped.
        papers.clear();
        let (_, newlines) = plain_lines(format!("\n{text}").as_bytes(), &mut papers, 7);
        assert_eq!((papers.len(), newlines), (7, 8));
    }

    fn read_all(input: &str) -> (Vec<(u64, u64)>, Option<String>) {
        let mut reader = CuttingReader::new(input.as_bytes()).unwrap();
        let mut papers = Vec::new();
        loop {
            match reader.next_case() {
                Ok(Some(p)) => papers.push((p.width, p.height)),
                Ok(None) => break,
                Err(e) => return (papers, Some(e.to_string())),
            }
        }
        // Batches read the same pairs and stop at the same error.
        let mut batched = Vec::new();
        let mut reader = CuttingReader::new(input.as_bytes()).unwrap();
        let mut batch = Vec::new();
        let end = loop {
            let more = reader.next_batch(&mut batch, 3);
            batched.extend(batch.iter().map(|p| (p.width, p.height)));
            match more {
                Ok(true) => {}
                Ok(false) => break None,
                Err(e) => break Some(e.to_string()),
            }
        };
        let first_difference = batched.iter().zip(&papers).position(|(a, b)| a != b);
        assert_eq!(
            first_difference,
            None,
            "batched {:?}",
            first_difference.map(|i| (batched[i], papers[i]))
        );
        assert_eq!(batched.len(), papers.len());
        (papers, end)
    }

    #[test]
    fn pairs_in_any_white_space() {
        let (papers, err) = read_all("2 2\r\n3\n2\t4 2 9223372036854775807 1");
        assert_eq!(err, None);
        assert_eq!(
            papers,
            vec![(2, 2), (3, 2), (4, 2), (9_223_372_036_854_775_807, 1)]
        );
        assert_eq!(read_all("").0, vec![]);
        assert_eq!(read_all(" \n\n").0, vec![]);
    }

    #[test]
    fn long_inputs_in_batches() {
        // Long enough for the fast path, with irregular lines among plain ones.
        let mut input = String::new();
        let mut expected = Vec::new();
        for i in 1..2000u64 {
            let (w, h) = (i * 7919 % 1000 + 1, i * 104_729 % 10_000_000_000 + 1);
            expected.push((w, h));
            input.push_str(&match i % 7 {
                0 => format!("{w}\t{h}\r\n"),
                1 => format!("  {w}\n{h}\n\n"),
                _ => format!("{w} {h}\n"),
            });
        }
        let (read, end) = read_all(&input);
        assert!(
            read == expected && end.is_none(),
            "{} of {} read, then {end:?}",
            read.len(),
            expected.len()
        );
        let lines = input.lines().count();
        input.push_str("5 0\n");
        let message = format!(
            "line {}: expected the height `H` of `W H` (a positive integer), found `0`",
            lines + 1
        );
        assert_eq!(read_all(&input), (expected, Some(message)));
    }

    #[test]
    fn errors_name_the_line() {
        assert_eq!(
            read_all("2 2\n3\n").1.as_deref(),
            Some("line 2: expected the height `H` after `W` (a positive integer), found end of input")
        );
        assert_eq!(
            read_all("2 2\n0 5\n"),
            (
                vec![(2, 2)],
                Some(
                    "line 2: expected the width `W` of `W H` (a positive integer), found `0`"
                        .into()
                )
            )
        );
        assert_eq!(
            read_all("2 2x\n").1.as_deref(),
            Some("line 1: expected the height `H` of `W H` (a positive integer), found `2x`")
        );
    }
}
