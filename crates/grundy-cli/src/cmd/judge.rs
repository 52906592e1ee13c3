//! `grundy judge`: answer a seed game's input exactly as its judge expects.
//!
//! Cases are read, decided and answered one at a time, so the memory used
//! does not grow with the input. On malformed input every answer before the
//! bad case is written out before the error is reported.

use std::io::{self, Read, Write};
use std::path::PathBuf;

use anyhow::Context;
use grundy::format::{answer, BombReader, CuttingReader, MatrixCase, MatrixReader};
use grundy::games::bomb::{Board, BombGame};
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

/// Queries read at a time from Cutting Game inputs. Small enough to answer
/// promptly, large enough that reading is a tight loop.
const BATCH: usize = 1024;

/// Runs `grundy judge`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let source = Source::open(args.file.as_deref())?;
    let flush_each = source.is_interactive();
    let name = source.name().to_string();
    let mut out = Answers::new(io::stdout().lock(), flush_each);
    let result = judge(args.game, source.into_reader(), &mut out, &name);
    // The answers before an error are kept: flush them before reporting it.
    let flushed = out.flush();
    result?;
    flushed?;
    Ok(())
}

fn judge(
    game: GameKind,
    input: Box<dyn Read>,
    out: &mut Answers<impl Write>,
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
                out.line(answer::bomb(wins).as_bytes())?;
            }
        }
        GameKind::Cutting => {
            let mut reader = CuttingReader::new(input).map_err(fail)?;
            let mut papers = Vec::with_capacity(BATCH);
            // Indexed by the verdict rather than branched on: verdicts are as
            // unpredictable as the input.
            let [lose, win] = [false, true].map(|wins| ShortLine::new(answer::cutting(wins)));
            let lines = [
                lose.context("answer too long")?,
                win.context("answer too long")?,
            ];
            loop {
                let more = reader.next_batch(&mut papers, BATCH);
                let verdicts = papers
                    .iter()
                    .map(|paper| &lines[usize::from(paper.first_player_wins())]);
                out.short_lines(verdicts, papers.len())?;
                if !more.map_err(fail)? {
                    break;
                }
            }
        }
        GameKind::Matrix => {
            let mut reader = MatrixReader::new(input).map_err(fail)?;
            let mut case = MatrixCase::default();
            let mut game = grundy::games::matrix::MatrixGame;
            while reader.next_case(&mut case).map_err(fail)? {
                let wins = Outcome::of(game.sum(&case.rows)).first_player_wins();
                let text = format!("Case {}: {}", case.number, answer::matrix(wins));
                out.line(text.as_bytes())?;
            }
        }
    }
    Ok(())
}

/// The answer stream: buffered, or flushed per answer when a person is typing
/// the input.
struct Answers<W: Write> {
    out: W,
    buf: Vec<u8>,
    flush_each: bool,
}

/// An answer line of at most eight bytes, newline included, kept padded to
/// eight so that writing it is one fixed-size copy.
struct ShortLine {
    bytes: [u8; 8],
    len: usize,
}

impl ShortLine {
    fn new(answer: &str) -> Option<ShortLine> {
        let mut bytes = [0u8; 8];
        let text = bytes.get_mut(..answer.len() + 1)?;
        text[..answer.len()].copy_from_slice(answer.as_bytes());
        text[answer.len()] = b'\n';
        Some(ShortLine {
            bytes,
            len: answer.len() + 1,
        })
    }
}

const FLUSH_AT: usize = 1 << 16;

impl<W: Write> Answers<W> {
    fn new(out: W, flush_each: bool) -> Self {
        Answers {
            out,
            buf: Vec::with_capacity(FLUSH_AT + 64),
            flush_each,
        }
    }

    /// Writes one answer and its newline.
    fn line(&mut self, text: &[u8]) -> io::Result<()> {
        self.buf.extend_from_slice(text);
        self.buf.push(b'\n');
        self.written()
    }

    /// Writes `count` short answer lines. The position is kept in a local
    /// rather than in the vector, so the copies do not wait on each other.
    fn short_lines<'a>(
        &mut self,
        lines: impl Iterator<Item = &'a ShortLine>,
        count: usize,
    ) -> io::Result<()> {
        if self.flush_each {
            for line in lines {
                self.line(&line.bytes[..line.len - 1])?;
            }
            return Ok(());
        }
        let start = self.buf.len();
        self.buf.resize(start + count * 8, 0);
        let mut at = start;
        for line in lines.take(count) {
            self.buf[at..at + 8].copy_from_slice(&line.bytes);
            at += line.len;
        }
        self.buf.truncate(at);
        self.written()
    }

    #[inline]
    fn written(&mut self) -> io::Result<()> {
        if self.flush_each || self.buf.len() >= FLUSH_AT {
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
