//! A streaming byte scanner that knows which line it is on.
//!
//! Judge inputs can be gigabytes, so the readers never hold more than one
//! buffer of input, never allocate by a number they read, and count lines so
//! every error can say where it is. Tokens may straddle buffer refills.

use std::io::{self, Read};
use std::ops::Deref;

use super::input::JudgeInput;
use super::{FormatError, ReadError};

const BUFFER: usize = 1 << 17;
/// How much of a bad token an error message quotes.
const QUOTE: usize = 24;

pub(crate) struct Scanner<R> {
    src: R,
    buf: Buffer,
    pos: usize,
    end: usize,
    eof: bool,
    /// 1-based line of the byte at `pos`.
    line: u64,
    /// Whether the byte before the current buffer was a newline.
    newline_before_buffer: bool,
}

impl<R: Read> Scanner<R> {
    pub(crate) fn new(src: R) -> Result<Self, ReadError> {
        let mut scanner = Scanner {
            src,
            buf: Buffer::Owned(vec![0; BUFFER].into_boxed_slice()),
            pos: 0,
            end: 0,
            eof: false,
            line: 1,
            newline_before_buffer: false,
        };
        while scanner.end < 3 && !scanner.eof {
            let n = read_retrying(&mut scanner.src, &mut scanner.buf.owned()[scanner.end..])?;
            scanner.eof = n == 0;
            scanner.end += n;
        }
        scanner.skip_byte_order_mark();
        Ok(scanner)
    }

    /// Skips a UTF-8 byte order mark, which some editors put first.
    fn skip_byte_order_mark(&mut self) {
        if self.buf[self.pos..self.end].starts_with(b"\xEF\xBB\xBF") {
            self.pos += 3;
        }
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

    /// Skips the white space already in the buffer, without reading more
    /// (so it never waits for input).
    pub(crate) fn skip_buffered_blank(&mut self) {
        while self.pos < self.end && is_space(self.buf[self.pos]) {
            self.line += u64::from(self.buf[self.pos] == b'\n');
            self.pos += 1;
        }
    }

    /// Whether input is waiting in the buffer (reading it will not block).
    pub(crate) fn has_buffered(&self) -> bool {
        self.pos < self.end
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
        self.end = read_retrying(&mut self.src, self.buf.owned())?;
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
    #[inline]
    pub(crate) fn skip_to_token(&mut self) -> Result<bool, ReadError> {
        // Fast path: at most one separator, then a token, inside the buffer.
        if let [first, rest @ ..] = &self.buf[self.pos..self.end] {
            if !is_space(*first) {
                return Ok(true);
            }
            if matches!(rest.first(), Some(&b) if !is_space(b)) {
                self.line += u64::from(*first == b'\n');
                self.pos += 1;
                return Ok(true);
            }
        }
        self.skip_blank(true)?;
        self.fill()
    }

    /// Reads a token that must be a non-negative integer below 2^64. The
    /// caller has skipped white space; `what` names the number for errors.
    #[inline]
    pub(crate) fn number(&mut self, what: &str) -> Result<u64, ReadError> {
        if let Some((value, len)) = leading_number(&self.buf[self.pos..self.end]) {
            self.pos += len;
            return Ok(value);
        }
        self.number_slow(what)
    }

    /// [`Scanner::number`] for tokens that straddle a refill, are long, or
    /// are not numbers.
    #[cold]
    fn number_slow(&mut self, what: &str) -> Result<u64, ReadError> {
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
                    d @ 0..=9 => match value
                        .checked_mul(10)
                        .and_then(|v| v.checked_add(u64::from(d)))
                    {
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
            let found = format!(
                "{} (too large: the largest is {})",
                quote.render(),
                u64::MAX
            );
            return Err(FormatError::new(line, what, found).into());
        }
        Ok(value)
    }

    /// Skips spaces and tabs; `true` if the line (or the input) ends here.
    pub(crate) fn at_line_end(&mut self) -> Result<bool, ReadError> {
        self.skip_blank(false)?;
        Ok(matches!(self.peek()?, None | Some(b'\n')))
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

    /// Consumes `n` bytes of the current chunk, `newlines` of them newlines.
    #[inline]
    pub(crate) fn advance_lines(&mut self, n: usize, newlines: u64) {
        self.pos += n;
        self.line += newlines;
    }
}

/// The fast path for a number: up to 20 digits (checked against 2^64) at the
/// start of `bytes`, ended by white space, with at least 24 bytes in view so
/// that eight bytes at a time can be read. Returns the value and the digits'
/// length; `None` sends the caller to the careful byte-by-byte path.
#[inline(always)]
pub(crate) fn leading_number(bytes: &[u8]) -> Option<(u64, usize)> {
    if bytes.len() < 24 {
        return None;
    }
    let (len, high) = digits8(load8(bytes));
    if len < 8 {
        return (len > 0 && is_space(bytes[len])).then_some((high, len));
    }
    let (len2, mid) = digits8(load8(&bytes[8..]));
    if len2 < 8 {
        return is_space(bytes[8 + len2]).then(|| (high * POW10[len2] + mid, 8 + len2));
    }
    let (len3, low) = digits8(load8(&bytes[16..]));
    if len3 > 4 || !is_space(bytes[16 + len3]) {
        return None;
    }
    let top = high * POW10[8] + mid;
    if len3 <= 3 {
        return Some((top * POW10[len3] + low, 16 + len3));
    }
    // Twenty digits: below 2^64 or left to the careful path, which says so.
    Some((top.checked_mul(POW10[4])?.checked_add(low)?, 20))
}

const POW10: [u64; 9] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
];

#[inline]
pub(crate) fn load8(bytes: &[u8]) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&bytes[..8]);
    u64::from_le_bytes(word)
}

/// The leading decimal digits of eight input bytes (little-endian): how many
/// there are and their value, combined pairwise with three multiplications
/// (the SWAR method popularised by simdjson) instead of eight steps.
#[inline]
pub(crate) fn digits8(word: u64) -> (usize, u64) {
    let t = word.wrapping_sub(0x3030_3030_3030_3030);
    // A byte's high bit is set unless it was a digit. A borrow or carry can
    // only spoil bytes after the first non-digit, which are not used.
    let non_digit = (t | t.wrapping_add(0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080;
    let len = (non_digit.trailing_zeros() / 8) as usize;
    if len == 0 {
        return (0, 0);
    }
    // Right-align the digits: the first digit is the lowest byte, so shift
    // the unused high bytes out and leading zero bytes in.
    let v = (t << (64 - 8 * len)) & 0x0F0F_0F0F_0F0F_0F0F;
    let v = v.wrapping_mul(10 * 256 + 1) >> 8;
    let v = (v & 0x00FF_00FF_00FF_00FF).wrapping_mul(100 * 65_536 + 1) >> 16;
    let v = (v & 0x0000_FFFF_0000_FFFF).wrapping_mul(10_000 * (1 << 32) + 1) >> 32;
    (len, v)
}

/// Bit k set where `block[k]` satisfies `test`. Written as byte-wise tests
/// (which the compiler vectorises) and one multiply per eight bytes that
/// gathers their flags into a byte: flag k of a group lands on bit 56 + k.
#[inline]
pub(crate) fn mask_where(block: &[u8; 64], test: impl Fn(u8) -> bool) -> u64 {
    let flags = block.map(|b| u8::from(test(b)));
    let mut mask = 0;
    for (i, group) in flags.chunks_exact(8).enumerate() {
        let gathered = load8(group).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        mask |= gathered << (8 * i);
    }
    mask
}

impl<'a> Scanner<JudgeInput<'a>> {
    /// A scanner over a judge's input: a mapped file is read in place, as
    /// one buffer that holds all of it; a stream as by [`Scanner::new`].
    pub(crate) fn from_input(input: JudgeInput<'a>) -> Result<Self, ReadError> {
        let (map, pos) = match input.into_map() {
            Ok(mapped) => mapped,
            Err(stream) => return Scanner::new(stream),
        };
        let mut scanner = Scanner {
            src: JudgeInput::stream(io::empty()),
            end: map.len(),
            buf: Buffer::Mapped(map),
            pos,
            eof: true,
            line: 1,
            newline_before_buffer: false,
        };
        if pos == 0 {
            scanner.skip_byte_order_mark();
        }
        Ok(scanner)
    }
}

/// The bytes a scanner reads from: its own buffer, refilled from a stream,
/// or a whole mapped file.
enum Buffer {
    Owned(Box<[u8]>),
    Mapped(memmap2::Mmap),
}

impl Buffer {
    /// The buffer to refill; a mapped file is read at once and never
    /// refilled, so it offers no room.
    fn owned(&mut self) -> &mut [u8] {
        match self {
            Buffer::Owned(buf) => buf,
            Buffer::Mapped(_) => &mut [],
        }
    }
}

impl Deref for Buffer {
    type Target = [u8];

    #[inline]
    fn deref(&self) -> &[u8] {
        match self {
            Buffer::Owned(buf) => buf,
            Buffer::Mapped(map) => map,
        }
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

/// ASCII white space: space, tab, newline, vertical tab, form feed, CR.
#[inline]
pub(crate) fn is_space(b: u8) -> bool {
    b == b' ' || (b'\t'..=b'\r').contains(&b)
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
        describe_quoted(&self.bytes[..self.len], self.truncated)
    }
}

/// Quotes input bytes for a message: printable text as is (UTF-8
/// decoded: `２`, not its three bytes), control bytes and bytes that are
/// not UTF-8 as `\xNN`, other control and invisible formatting characters
/// as `\u{…}`, so a message never carries control codes to a terminal.
/// In text that is otherwise clean, the first character outside ASCII is
/// named after the quote (a fullwidth digit is not a digit grundy reads).
pub(crate) fn describe_bytes(bytes: &[u8]) -> String {
    describe_quoted(bytes, false)
}

/// [`describe_bytes`], marked `…` after the quote when `truncated`.
fn describe_quoted(bytes: &[u8], truncated: bool) -> String {
    let mut text = String::from("`");
    let mut foreign = None;
    let mut clean = true;
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            if c.is_ascii_control() {
                text.push_str(&format!("\\x{:02X}", u32::from(c)));
                clean = false;
            } else if c.is_control() || is_invisible(c) {
                text.push_str(&format!("\\u{{{:X}}}", u32::from(c)));
                clean = false;
            } else {
                text.push(c);
            }
            if !c.is_ascii() && foreign.is_none() {
                foreign = Some(c);
            }
        }
        for &b in chunk.invalid() {
            text.push_str(&format!("\\x{b:02X}"));
            clean = false;
        }
    }
    text.push('`');
    if truncated {
        text.push('…');
    }
    match foreign {
        Some(c) if clean => {
            let code = u32::from(c);
            text.push_str(&match c {
                '０'..='９' => format!(
                    " (U+{code:04X}, a fullwidth digit: write the ASCII digit {})",
                    code - u32::from('０')
                ),
                _ => format!(" (U+{code:04X}, not an ASCII character)"),
            });
        }
        _ => {}
    }
    text
}

/// Characters a terminal shows as nothing, or that reorder what follows.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}' | '\u{AD}')
}

/// Describes the character that starts `bytes`, found where something
/// else was expected: quoted and named as [`describe_bytes`] does, or the
/// byte alone where it starts no UTF-8 character.
pub(crate) fn describe_first_char(bytes: &[u8]) -> String {
    let valid = match std::str::from_utf8(&bytes[..bytes.len().min(4)]) {
        Ok(text) => text,
        Err(e) => std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default(),
    };
    match valid.chars().next() {
        Some(c) => describe_bytes(&bytes[..c.len_utf8()]),
        None => describe_byte(bytes.first().copied().unwrap_or(0)),
    }
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

    #[test]
    fn found_text_is_shown_as_characters_and_named_when_not_ascii() {
        assert_eq!(describe_bytes(b"12x"), "`12x`");
        assert_eq!(
            describe_bytes("3２".as_bytes()),
            "`3２` (U+FF12, a fullwidth digit: write the ASCII digit 2)"
        );
        assert_eq!(
            describe_bytes("é".as_bytes()),
            "`é` (U+00E9, not an ASCII character)"
        );
        // Control codes and reordering characters never reach a terminal.
        assert_eq!(describe_bytes(b"\x1b[31m"), "`\\x1B[31m`");
        assert_eq!(describe_bytes("a\u{202E}b".as_bytes()), "`a\\u{202E}b`");
        assert_eq!(describe_bytes("\u{85}".as_bytes()), "`\\u{85}`");
        // Junk is not named: its first letter is no more the mistake than
        // the rest.
        assert_eq!(describe_bytes("\x01Џ".as_bytes()), "`\\x01Џ`");
        assert_eq!(describe_bytes(b"\xff\xfe"), "`\\xFF\\xFE`");
        // A character cut by the end of the quote shows its bytes.
        assert_eq!(describe_bytes(&"２".as_bytes()[..2]), "`\\xEF\\xBC`");
        assert_eq!(
            describe_first_char("２x".as_bytes()),
            describe_bytes("２".as_bytes())
        );
        assert_eq!(describe_first_char(b"x.."), "`x`");
        assert_eq!(describe_first_char(b"\xff."), "byte 0xFF");
        assert_eq!(describe_first_char(&"２".as_bytes()[..2]), "byte 0xEF");
    }

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
        assert_eq!(sc.number("n").unwrap(), 12);
        assert!(!sc.at_line_end().unwrap());
        assert_eq!(sc.number("n").unwrap(), 345);
        assert!(sc.at_line_end().unwrap());
        assert!(sc.skip_to_token().unwrap());
        assert_eq!(sc.line(), 3);
        assert_eq!(sc.number("n").unwrap(), u64::MAX);
        assert!(sc.at_line_end().unwrap());
        assert!(!sc.skip_to_token().unwrap());
    }

    #[test]
    fn swar_digits_match_a_plain_parse() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..200_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let bytes: Vec<u8> = (0..8)
                .map(|k| match (state >> (k * 5)) % 16 {
                    0 => b' ',
                    1 => b'x',
                    d => b'0' + (d as u8 % 10),
                })
                .collect();
            let len = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
            let value = bytes[..len]
                .iter()
                .fold(0u64, |v, &b| v * 10 + u64::from(b - b'0'));
            assert_eq!(
                digits8(load8(&bytes)),
                (len, if len == 0 { 0 } else { value }),
                "{bytes:?}"
            );
        }
    }

    #[test]
    fn long_and_short_numbers_take_the_fast_path_and_the_slow_one() {
        let numbers = [
            0u64,
            7,
            42,
            12_345_678,
            123_456_789,
            1_000_000_007,
            9_999_999_999_999_999_999,
            u64::MAX,
        ];
        let mut text = String::new();
        for n in numbers {
            text.push_str(&format!("{n} \n"));
        }
        let mut sc = Scanner::new(text.as_bytes()).unwrap();
        for n in numbers {
            assert!(sc.skip_to_token().unwrap());
            assert_eq!(sc.number("n").unwrap(), n);
        }
    }

    #[test]
    fn bad_numbers_are_described() {
        let mut sc = Scanner::new(&b"x\n18446744073709551616 -3 \xFF"[..]).unwrap();
        let err = sc.number("a size").unwrap_err().to_string();
        assert_eq!(err, "line 1: expected a size, found `x`");
        sc.skip_to_token().unwrap();
        let err = sc.number("a size").unwrap_err().to_string();
        assert!(
            err.starts_with("line 2: expected a size, found `18446744073709551616` (too large"),
            "{err}"
        );
        sc.skip_to_token().unwrap();
        let err = sc.number("a size").unwrap_err().to_string();
        assert_eq!(err, "line 2: expected a size, found `-3`");
        sc.skip_to_token().unwrap();
        let err = sc.number("a size").unwrap_err().to_string();
        assert_eq!(err, "line 2: expected a size, found `\\xFF`");
    }
}
