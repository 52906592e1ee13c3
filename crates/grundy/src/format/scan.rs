//! A streaming byte scanner that knows which line it is on.
//!
//! Judge inputs can be gigabytes, so the readers never hold more than one
//! buffer of input, never allocate by a number they read, and count lines so
//! every error can say where it is. Tokens may straddle buffer refills.

use std::io::{self, Read};

use super::{FormatError, ReadError};

const BUFFER: usize = 1 << 17;
/// How much of a bad token an error message quotes.
const QUOTE: usize = 24;

pub(crate) struct Scanner<R> {
    src: R,
    buf: Box<[u8]>,
    pos: usize,
    end: usize,
    eof: bool,
    /// 1-based line of the byte at `pos`.
    line: u64,
    /// Whether the byte before the current buffer was a newline.
    newline_before_buffer: bool,
}

/// What stopped a token: the reader needs to tell "end of line" from "more on
/// this line".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// More non-blank input follows on the same line.
    SameLine,
    /// A newline (not yet consumed) or the end of input follows.
    EndOfLine,
}

impl<R: Read> Scanner<R> {
    pub(crate) fn new(src: R) -> Result<Self, ReadError> {
        let mut scanner = Scanner {
            src,
            buf: vec![0; BUFFER].into_boxed_slice(),
            pos: 0,
            end: 0,
            eof: false,
            line: 1,
            newline_before_buffer: false,
        };
        // Skip a UTF-8 byte order mark, which some editors put first.
        while scanner.end < 3 && !scanner.eof {
            let n = read_retrying(&mut scanner.src, &mut scanner.buf[scanner.end..])?;
            scanner.eof = n == 0;
            scanner.end += n;
        }
        if scanner.buf[..scanner.end].starts_with(b"\xEF\xBB\xBF") {
            scanner.pos = 3;
        }
        Ok(scanner)
    }

    pub(crate) fn line(&self) -> u64 {
        self.line
    }

    /// The line to blame for a missing token: the current one, or at the
    /// end of input the last line that has any bytes (as an editor counts).
    pub(crate) fn line_at_end(&self) -> u64 {
        let after_newline = match self.pos.checked_sub(1) {
            Some(prev) => self.buf[prev] == b'\n',
            None => self.newline_before_buffer,
        };
        if self.pos >= self.end && self.eof && after_newline && self.line > 1 {
            self.line - 1
        } else {
            self.line
        }
    }

    /// Makes at least one byte available unless the input is exhausted.
    #[inline]
    fn fill(&mut self) -> Result<bool, ReadError> {
        if self.pos < self.end {
            return Ok(true);
        }
        if self.eof {
            return Ok(false);
        }
        if self.end > 0 {
            self.newline_before_buffer = self.buf[self.end - 1] == b'\n';
        }
        self.pos = 0;
        self.end = read_retrying(&mut self.src, &mut self.buf)?;
        self.eof = self.end == 0;
        Ok(!self.eof)
    }

    #[inline]
    pub(crate) fn peek(&mut self) -> Result<Option<u8>, ReadError> {
        Ok(if self.fill()? {
            Some(self.buf[self.pos])
        } else {
            None
        })
    }

    /// Consumes the byte `peek` returned.
    #[inline]
    pub(crate) fn bump(&mut self) {
        if self.buf[self.pos] == b'\n' {
            self.line += 1;
        }
        self.pos += 1;
    }

    /// Skips white space; with `newlines` false it stops before a newline.
    pub(crate) fn skip_blank(&mut self, newlines: bool) -> Result<(), ReadError> {
        while self.fill()? {
            let bytes = &self.buf[self.pos..self.end];
            let mut i = 0;
            while i < bytes.len() {
                match bytes[i] {
                    b'\n' if newlines => self.line += 1,
                    b' ' | b'\t' | b'\r' | b'\x0B' | b'\x0C' => {}
                    _ => {
                        self.pos += i;
                        return Ok(());
                    }
                }
                i += 1;
            }
            self.pos = self.end;
        }
        Ok(())
    }

    /// Skips white space and newlines; `false` at the end of input.
    pub(crate) fn skip_to_token(&mut self) -> Result<bool, ReadError> {
        self.skip_blank(true)?;
        Ok(self.fill()?)
    }

    /// Reads a token that must be a non-negative integer below 2^64. The
    /// caller has skipped white space; `what` names the number for errors.
    /// Returns the number and whether more follows on the same line.
    pub(crate) fn number(&mut self, what: &str) -> Result<(u64, Stop), ReadError> {
        let line = self.line;
        if !self.fill()? {
            return Err(FormatError::new(self.line_at_end(), what, "end of input").into());
        }
        if self.buf[self.pos] == b'\n' {
            return Err(FormatError::new(line, what, "end of line").into());
        }
        let mut value: u64 = 0;
        let mut overflow = false;
        let mut bad = false;
        let mut quote = Quote::default();
        'token: while self.fill()? {
            let bytes = &self.buf[self.pos..self.end];
            let mut i = 0;
            while i < bytes.len() {
                let b = bytes[i];
                if is_space(b) {
                    self.pos += i;
                    break 'token;
                }
                quote.push(b);
                match b.wrapping_sub(b'0') {
                    d @ 0..=9 => match value.checked_mul(10).and_then(|v| v.checked_add(u64::from(d))) {
                        Some(v) => value = v,
                        None => overflow = true,
                    },
                    _ => bad = true,
                }
                i += 1;
            }
            self.pos = self.end;
        }
        if bad {
            return Err(FormatError::new(line, what, quote.render()).into());
        }
        if overflow {
            let found = format!("{} (too large: the largest is {})", quote.render(), u64::MAX);
            return Err(FormatError::new(line, what, found).into());
        }
        self.skip_blank(false)?;
        let stop = match self.peek()? {
            None | Some(b'\n') => Stop::EndOfLine,
            Some(_) => Stop::SameLine,
        };
        Ok((value, stop))
    }

    /// The rest of the current line as found text, for an error message.
    pub(crate) fn describe_here(&mut self) -> Result<String, ReadError> {
        let mut quote = Quote::default();
        while let Some(b) = self.peek()? {
            if is_space(b) || quote.full() {
                break;
            }
            quote.push(b);
            self.bump();
        }
        Ok(if quote.is_empty() {
            match self.peek()? {
                None => "end of input".to_string(),
                Some(_) => "end of line".to_string(),
            }
        } else {
            quote.render()
        })
    }

    /// The bytes available now (at least one unless the input is exhausted),
    /// for hot loops; consume them with [`Scanner::advance`].
    #[inline]
    pub(crate) fn chunk(&mut self) -> Result<&[u8], ReadError> {
        self.fill()?;
        Ok(&self.buf[self.pos..self.end])
    }

    /// Consumes `n` bytes of the current chunk, none of them a newline.
    #[inline]
    pub(crate) fn advance(&mut self, n: usize) {
        self.pos += n;
    }
}

fn read_retrying<R: Read>(src: &mut R, buf: &mut [u8]) -> io::Result<usize> {
    loop {
        match src.read(buf) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            other => return other,
        }
    }
}

pub(crate) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0B' | b'\x0C')
}

/// The start of an offending token, kept without allocating per byte.
#[derive(Default)]
struct Quote {
    bytes: [u8; QUOTE],
    len: usize,
    truncated: bool,
}

impl Quote {
    fn push(&mut self, b: u8) {
        if self.len < QUOTE {
            self.bytes[self.len] = b;
            self.len += 1;
        } else {
            self.truncated = true;
        }
    }

    fn full(&self) -> bool {
        self.len == QUOTE
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn render(&self) -> String {
        let mut text = describe_bytes(&self.bytes[..self.len]);
        if self.truncated {
            text.push('…');
        }
        text
    }
}

/// Quotes input bytes for a message: printable ASCII as is, anything else
/// as `\xNN`, so a message never carries control codes to a terminal.
pub(crate) fn describe_bytes(bytes: &[u8]) -> String {
    let mut text = String::from("`");
    for &b in bytes {
        if b.is_ascii_graphic() || b == b' ' {
            text.push(b as char);
        } else {
            text.push_str(&format!("\\x{b:02X}"));
        }
    }
    text.push('`');
    text
}

/// Describes one byte found where something else was expected.
pub(crate) fn describe_byte(b: u8) -> String {
    if b.is_ascii_graphic() {
        format!("`{}`", b as char)
    } else {
        format!("byte 0x{b:02X}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that hands out one byte per call, to exercise refills.
    struct Trickle<'a>(&'a [u8]);
    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            match (self.0.split_first(), buf.first_mut()) {
                (Some((&b, rest)), Some(slot)) => {
                    *slot = b;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }

    #[test]
    fn numbers_across_refills_and_lines() {
        let mut sc = Scanner::new(Trickle(b"\xEF\xBB\xBF12 345\n\n 18446744073709551615")).unwrap();
        assert!(sc.skip_to_token().unwrap());
        assert_eq!(sc.number("n").unwrap(), (12, Stop::SameLine));
        assert_eq!(sc.number("n").unwrap(), (345, Stop::EndOfLine));
        assert!(sc.skip_to_token().unwrap());
        assert_eq!(sc.line(), 3);
        assert_eq!(sc.number("n").unwrap(), (u64::MAX, Stop::EndOfLine));
        assert!(!sc.skip_to_token().unwrap());
    }

    #[test]
    fn bad_numbers_are_described() {
        let mut sc = Scanner::new(&b"x\n18446744073709551616 -3 \xFF"[..]).unwrap();
        let err = sc.number("a size").unwrap_err().to_string();
        assert_eq!(err, "line 1: expected a size, found `x`");
        sc.skip_to_token().unwrap();
        let err = sc.number("a size").unwrap_err().to_string();
        assert!(err.starts_with("line 2: expected a size, found `18446744073709551616` (too large"), "{err}");
        sc.skip_to_token().unwrap();
        let err = sc.number("a size").unwrap_err().to_string();
        assert_eq!(err, "line 2: expected a size, found `-3`");
        sc.skip_to_token().unwrap();
        let err = sc.number("a size").unwrap_err().to_string();
        assert_eq!(err, "line 2: expected a size, found `\\xFF`");
    }
}
