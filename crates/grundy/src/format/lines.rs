//! Inputs of one position a line: blank lines and lines starting with `#`
//! skipped, each line read within a bound.

use std::io::{BufRead, BufReader, Read};

use super::{FormatError, ReadError};

/// Reads an input line by line, returning the lines that hold a position.
pub struct Lines<'a> {
    input: BufReader<Box<dyn Read + 'a>>,
    line: u64,
    max_line: u64,
    bytes: Vec<u8>,
}

impl<'a> Lines<'a> {
    /// A reader of `input` whose lines are at most `max_line` bytes long.
    pub fn new(input: Box<dyn Read + 'a>, max_line: u64) -> Lines<'a> {
        Lines {
            input: BufReader::with_capacity(1 << 16, input),
            line: 0,
            max_line,
            bytes: Vec::new(),
        }
    }

    /// The next line that holds a position, trimmed (`None` at the end);
    /// refused when longer than the bound (`expected` says what a line
    /// holds, "a line of at most 10,000 edges") or not UTF-8.
    pub fn next_line(&mut self, expected: &str) -> Result<Option<&str>, ReadError> {
        loop {
            self.bytes.clear();
            self.line += 1;
            let read = (&mut self.input)
                .take(self.max_line)
                .read_until(b'\n', &mut self.bytes)?;
            if read == 0 {
                return Ok(None);
            }
            if read as u64 == self.max_line && !self.bytes.ends_with(b"\n") {
                let found = format!("a line longer than {} bytes", self.max_line);
                return Err(self.too_large(expected, found));
            }
            let Ok(text) = std::str::from_utf8(&self.bytes) else {
                return Err(self.error(expected, "bytes that are not UTF-8"));
            };
            let text = text.trim();
            if !(text.is_empty() || text.starts_with('#')) {
                // Borrowed again: the loop's borrow ends with this return.
                let text = std::str::from_utf8(&self.bytes).unwrap_or_default();
                return Ok(Some(text.trim()));
            }
        }
    }

    /// The line (from 1) last read.
    pub fn line(&self) -> u64 {
        self.line
    }

    /// Malformed input on the line last read.
    pub fn error(&self, expected: impl Into<String>, found: impl Into<String>) -> ReadError {
        FormatError::new(self.line, expected, found).into()
    }

    /// A position on the line last read beyond the reader's limit.
    pub fn too_large(&self, expected: impl Into<String>, found: impl Into<String>) -> ReadError {
        ReadError::TooLarge(Box::new(FormatError::new(self.line, expected, found)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_skip_blanks_and_comments_and_are_bounded() {
        let text = "# a comment\n\n  1 2 \r\n3\n";
        let mut lines = Lines::new(Box::new(text.as_bytes()), 64);
        assert_eq!(lines.next_line("x").unwrap(), Some("1 2"));
        assert_eq!(lines.line(), 3);
        assert_eq!(lines.next_line("x").unwrap(), Some("3"));
        assert_eq!(lines.line(), 4);
        assert_eq!(lines.next_line("x").unwrap(), None);
        let mut long = Lines::new(Box::new("1234567890\n".as_bytes()), 5);
        let error = long.next_line("a short line").unwrap_err();
        assert!(
            matches!(error, ReadError::TooLarge(ref e) if e.line == 1),
            "{error}"
        );
        let mut bad = Lines::new(Box::new(&[b'1', 0xff, b'\n'][..]), 64);
        assert!(matches!(bad.next_line("x"), Err(ReadError::Format(_))));
    }
}
