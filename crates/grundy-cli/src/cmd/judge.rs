//! `grundy judge`: answer a seed game's input exactly as its judge expects.
//!
//! Cases are read, decided and answered one at a time, so the memory used
//! does not grow with the input. Answers are buffered, and the buffer is
//! written out whenever grundy is about to wait for more input, so a person
//! typing cases (or a program feeding them one by one) sees each answer at
//! once. On malformed input every answer before the bad case is written out
//! before the error is reported.

use std::cell::RefCell;
use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::rc::Rc;

use grundy::format::{answer, BombReader, CuttingReader, MatrixCase, MatrixReader};
use grundy::games::bomb::{Board, BombGame};
use grundy::games::matrix::MatrixGame;
use grundy::{Game, Outcome};

use crate::cli::GameKind;
use crate::input::Source;

const EXAMPLES: &str = "\
Examples:
  grundy judge bomb examples/bomb.txt
  printf '2 2\\n3 2\\n4 2\\n' | grundy judge cutting     # LOSE LOSE WIN
  grundy judge matrix cases.txt > answers.txt";

/// Answer a seed game's input in its original judge's format.
///
/// Reads FILE (or standard input) and writes one answer line per case to
/// standard output, nothing else. Malformed input stops with a message naming
/// the line, exit status 2, after the answers of all earlier cases.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game the input is for.
    #[arg(value_enum)]
    pub game: GameKind,
    /// The input file; standard input when absent or `-`.
    pub file: Option<PathBuf>,
}

/// Queries read at a time from Cutting Game inputs: large enough that
/// reading is a tight loop. A batch never waits for input it does not have.
const BATCH: usize = 1024;

/// Runs `grundy judge`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let source = Source::open(args.file.as_deref())?;
    let name = source.name().to_string();
    let out = Rc::new(RefCell::new(Answers::new(io::stdout().lock())));
    let input = FlushBeforeRead {
        input: source.into_reader(),
        out: Rc::clone(&out),
    };
    let result = judge(args.game, input, &out, &name);
    // The answers before an error are kept: flush them before reporting it.
    let flushed = out.borrow_mut().flush();
    result?;
    flushed?;
    Ok(())
}

type Output<W> = Rc<RefCell<Answers<W>>>;

fn judge<W: Write>(
    game: GameKind,
    input: impl Read,
    out: &Output<W>,
    name: &str,
) -> anyhow::Result<()> {
    let fail = |e| Source::error(name, e);
    match game {
        GameKind::Bomb => {
            let mut reader = BombReader::new(input).map_err(fail)?;
            let mut game = BombGame::new();
            let mut board = Board::default();
            while reader.next_case(&mut board).map_err(fail)? {
                let wins = Outcome::of(game.value(&board)).first_player_wins();
                out.borrow_mut().line(answer::bomb(wins).as_bytes())?;
            }
        }
        GameKind::Cutting => {
            // Indexed by the verdict rather than branched on: verdicts are as
            // unpredictable as the input.
            const LINES: [ShortLine; 2] = [
                ShortLine::new(answer::cutting(false)),
                ShortLine::new(answer::cutting(true)),
            ];
            let mut reader = CuttingReader::new(input).map_err(fail)?;
            let mut papers = Vec::with_capacity(BATCH);
            loop {
                let more = reader.next_batch(&mut papers, BATCH);
                let verdicts = papers
                    .iter()
                    .map(|paper| &LINES[usize::from(paper.first_player_wins())]);
                let mut answers = out.borrow_mut();
                answers.short_lines(verdicts, papers.len());
                answers.flush_if_full()?;
                drop(answers);
                if !more.map_err(fail)? {
                    break;
                }
            }
        }
        GameKind::Matrix => {
            let mut reader = MatrixReader::new(input).map_err(fail)?;
            let mut case = MatrixCase::default();
            while reader.next_case(&mut case).map_err(fail)? {
                let wins = Outcome::of(MatrixGame.sum(&case.rows)).first_player_wins();
                let text = format!("Case {}: {}", case.number, answer::matrix(wins));
                out.borrow_mut().line(text.as_bytes())?;
            }
        }
    }
    Ok(())
}

/// The input, writing out the pending answers before every read: a read may
/// wait, and nobody should wait for an answer grundy already has.
struct FlushBeforeRead<R, W: Write> {
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
struct Answers<W: Write> {
    out: W,
    buf: Vec<u8>,
}

/// An answer line of at most eight bytes, newline included, kept padded to
/// eight so that writing it is one fixed-size copy.
struct ShortLine {
    bytes: [u8; 8],
    len: usize,
}

impl ShortLine {
    /// Checked when the program is compiled: `answer` must be under 8 bytes.
    const fn new(answer: &str) -> ShortLine {
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
    fn line(&mut self, text: &[u8]) -> io::Result<()> {
        self.buf.extend_from_slice(text);
        self.buf.push(b'\n');
        self.flush_if_full()
    }

    /// Writes `count` short answer lines. The position is kept in a local
    /// rather than in the vector, so the copies do not wait on each other.
    fn short_lines<'a>(&mut self, lines: impl Iterator<Item = &'a ShortLine>, count: usize) {
        let start = self.buf.len();
        self.buf.resize(start + count * 8, 0);
        let mut at = start;
        for line in lines.take(count) {
            self.buf[at..at + 8].copy_from_slice(&line.bytes);
            at += line.len;
        }
        self.buf.truncate(at);
    }

    fn flush_if_full(&mut self) -> io::Result<()> {
        if self.buf.len() >= FLUSH_AT {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        self.out.flush()
    }
}
