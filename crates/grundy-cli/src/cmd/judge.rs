//! `grundy judge`: answer a seed game's input exactly as its judge expects.
//!
//! Cases are read, decided and answered one at a time, so the memory used
//! does not grow with the input (see [`crate::output`] for when answers are
//! written). On malformed input every answer before the bad case is written
//! out before the error is reported.

use std::io::{Read, Write};

use grundy::format::{answer, BombReader, CuttingReader, MatrixCase, MatrixReader};
use grundy::games::bomb::Board;
use grundy::games::matrix::MatrixGame;
use grundy::{Game, Outcome};

use super::Env;
use crate::cli::{GameInput, GameKind};
use crate::input::Source;
use crate::output::{self, Output, ShortLine};

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
    #[command(flatten)]
    pub input: GameInput,
}

/// Queries read at a time from Cutting Game inputs: large enough that
/// reading is a tight loop. A batch never waits for input it does not have.
const BATCH: usize = 1024;

/// Runs `grundy judge`.
pub fn run(args: Args, mut env: Env) -> anyhow::Result<()> {
    let source = Source::open(args.input.file.as_deref())?;
    let name = source.name().to_string();
    let (out, input) = output::stdout_and_input(source.into_reader());
    let result = judge(args.input.game, input, &out, &name, &mut env);
    // The answers before an error are kept: flush them before reporting it.
    let flushed = out.borrow_mut().flush();
    result?;
    flushed?;
    Ok(())
}

fn judge<W: Write>(
    game: GameKind,
    input: impl Read,
    out: &Output<W>,
    name: &str,
    env: &mut Env,
) -> anyhow::Result<()> {
    let fail = |e| Source::error(name, e);
    match game {
        GameKind::Bomb => {
            let mut reader = BombReader::new(input)
                .map_err(fail)?
                .max_cells(env.max_cells);
            let mut game = env.bomb_game();
            let cache = &mut env.cache;
            let mut board = Board::default();
            let mut answer_all = || -> anyhow::Result<()> {
                while reader.next_case(&mut board).map_err(fail)? {
                    cache.prepare(&mut game, board.rows(), board.cols());
                    let wins = Outcome::of(game.value(&board)).first_player_wins();
                    out.borrow_mut().line(answer::bomb(wins).as_bytes())?;
                }
                Ok(())
            };
            let result = answer_all();
            cache.store(&game);
            result?;
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
