//! Where answers go: buffered standard output that is written out whenever
//! grundy is about to wait for more input, so a person typing cases (or a
//! program feeding them one by one) sees each answer at once, and large
//! inputs still cost few writes.

use std::cell::RefCell;
use std::io::{self, Read, Write};
use std::rc::Rc;

use grundy::format::JudgeInput;
use grundy::{Analyst, Game};

/// The answer stream, shared with the input that flushes it.
pub type Output<W> = Rc<RefCell<Answers<W>>>;

/// Runs `work` on `game` with `input` and an answer stream over `writer`;
/// then lets the game keep what it computed ([`Game::finish`]) and writes
/// out every answer made, also those before an error. Gives the writer back.
pub fn run_cases<'a, G: Game, W: Write + 'a>(
    analyst: &mut Analyst<G>,
    input: JudgeInput<'a>,
    writer: W,
    work: impl FnOnce(&mut Analyst<G>, JudgeInput<'a>, &Output<W>) -> anyhow::Result<()>,
) -> anyhow::Result<W> {
    let out = Rc::new(RefCell::new(Answers::new(writer)));
    // A mapped file never waits, so only a stream flushes before reads.
    let input = input.wrap_stream(|input| {
        Box::new(FlushBeforeRead {
            input,
            out: Rc::clone(&out),
        })
    });
    let result = work(analyst, input, &out);
    analyst.game_mut().finish();
    // The answers before an error are kept: flush them before reporting it.
    let flushed = out.borrow_mut().flush();
    result?;
    flushed?;
    let answers = Rc::try_unwrap(out)
        .map_err(|_| anyhow::anyhow!("the answer stream is still in use"))?
        .into_inner();
    Ok(answers.out)
}

/// The input, writing out the pending answers before every read: a read may
/// wait, and nobody should wait for an answer grundy already has.
pub struct FlushBeforeRead<R, W: Write> {
    input: R,
    out: Output<W>,
}

impl<R: Read, W: Write> Read for FlushBeforeRead<R, W> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Ok(mut out) = self.out.try_borrow_mut() {
            if !out.buf.is_empty() {
                out.flush()?;
            }
        }
        self.input.read(buf)
    }
}

/// The answer stream, buffered.
pub struct Answers<W: Write> {
    out: W,
    buf: Vec<u8>,
}

/// An answer line of at most eight bytes, newline included, kept padded to
/// eight so that writing it is one fixed-size copy.
pub struct ShortLine {
    bytes: [u8; 8],
    len: usize,
}

impl ShortLine {
    /// Checked when the program is compiled: `answer` must be under 8 bytes.
    pub const fn new(answer: &str) -> ShortLine {
        let text = answer.as_bytes();
        assert!(
            text.len() < 8,
            "a short answer line has at most 7 characters"
        );
        let mut bytes = [0u8; 8];
        let mut i = 0;
        while i < text.len() {
            bytes[i] = text[i];
            i += 1;
        }
        bytes[i] = b'\n';
        ShortLine {
            bytes,
            len: text.len() + 1,
        }
    }
}

/// Answers are written out in pieces of about this size.
const FLUSH_AT: usize = 1 << 16;

impl<W: Write> Answers<W> {
    fn new(out: W) -> Self {
        Answers {
            out,
            buf: Vec::with_capacity(FLUSH_AT + 64),
        }
    }

    /// Writes one answer and its newline.
    pub fn line(&mut self, text: &[u8]) -> io::Result<()> {
        self.buf.extend_from_slice(text);
        self.buf.push(b'\n');
        self.flush_if_full()
    }

    /// Writes text as it is (a report of several lines).
    pub fn text(&mut self, text: &str) -> io::Result<()> {
        self.buf.extend_from_slice(text.as_bytes());
        self.flush_if_full()
    }

    /// Writes `count` short answer lines. The position is kept in a local
    /// rather than in the vector, so the copies do not wait on each other.
    pub fn short_lines<'a>(&mut self, lines: impl Iterator<Item = &'a ShortLine>, count: usize) {
        let start = self.buf.len();
        self.buf.resize(start + count * 8, 0);
        let mut at = start;
        for line in lines.take(count) {
            self.buf[at..at + 8].copy_from_slice(&line.bytes);
            at += line.len;
        }
        self.buf.truncate(at);
    }

    pub fn flush_if_full(&mut self) -> io::Result<()> {
        if self.buf.len() >= FLUSH_AT {
            self.flush()?;
        }
        Ok(())
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        self.out.flush()
    }
}
