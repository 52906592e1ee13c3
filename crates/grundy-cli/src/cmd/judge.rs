//! `grundy judge`: answer a seed game's input exactly as its judge expects.
//!
//! Cases are read, decided and answered one at a time, so the memory used
//! does not grow with the input. On malformed input every answer before the
//! bad case is written out before the error is reported.

use std::io::{self, BufWriter, Read, Write};
use std::path::PathBuf;

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

/// Runs `grundy judge`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let source = Source::open(args.file.as_deref())?;
    let flush_each = source.is_interactive();
    let name = source.name().to_string();
    let stdout = io::stdout();
    let mut out = Answers {
        out: BufWriter::with_capacity(1 << 16, stdout.lock()),
        flush_each,
    };
    let result = judge(args.game, source.into_reader(), &mut out, &name);
    // The answers before an error are kept: flush them before reporting it.
    let flushed = out.out.flush();
    result?;
    flushed?;
    Ok(())
}

fn judge(game: GameKind, input: Box<dyn Read>, out: &mut Answers<impl Write>, name: &str) -> anyhow::Result<()> {
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
            while let Some(paper) = reader.next_case().map_err(fail)? {
                out.line(answer::cutting(paper.first_player_wins()).as_bytes())?;
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
    out: BufWriter<W>,
    flush_each: bool,
}

impl<W: Write> Answers<W> {
    fn line(&mut self, text: &[u8]) -> io::Result<()> {
        self.out.write_all(text)?;
        self.out.write_all(b"\n")?;
        if self.flush_each {
            self.out.flush()?;
        }
        Ok(())
    }
}
