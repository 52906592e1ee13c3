//! `grundy judge`: answer a game's input exactly as its judge expects.
//!
//! Cases are read, decided and answered one at a time, so the memory used
//! does not grow with the input (see [`crate::output`] for when answers are
//! written). On malformed input every answer before the bad case is written
//! out before the error is reported.

use std::io::{self, Write};

use grundy::analysis::{self, Analyst};
use grundy::format::JudgeInput;
use grundy::game::{Answers, JudgeError, Limits};
use grundy::Game;

use super::Env;
use crate::cli::{GameInput, MisereArgs};
use crate::input::{RefusedCase, Source};
use crate::output::{self, Output, ShortLine};
use crate::words::refusal;

const EXAMPLES: &str = "\
Examples:
  grundy judge bomb examples/bomb.txt
  printf '2 2\\n3 2\\n4 2\\n' | grundy judge cutting     # LOSE LOSE WIN
  grundy judge matrix cases.txt > answers.txt
  printf '1 2\\n3 4 5\\n' | grundy judge octal:0.07      # WIN or LOSE a line";

/// Answer a game's input in its original judge's format.
///
/// Reads FILE (or standard input) and writes one answer line per case to
/// standard output, nothing else. Malformed input stops with a message naming
/// the line, exit status 2, after the answers of all earlier cases.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    #[command(flatten)]
    pub input: GameInput,
    #[command(flatten)]
    pub limits: crate::cli::LimitArgs,
    #[command(flatten)]
    pub misere: MisereArgs,
    /// Read a regular file as a stream instead of mapping it into memory
    /// (a mapped file must not be truncated while it is read).
    #[arg(long)]
    pub no_mmap: bool,
}

/// Runs `grundy judge`.
pub fn run(args: Args, env: Env) -> anyhow::Result<()> {
    let limits = env.limits();
    let mut analyst = env.analyst(&args.input.game, &args.misere)?;
    let source = Source::open(args.input.file.as_deref())?;
    source.announce(&grundy::game::Present::name(analyst.game()));
    let name = source.name().to_string();
    output::run_cases(
        &mut analyst,
        source.into_judge_input(!args.no_mmap),
        io::stdout().lock(),
        |analyst, input, out| judge(analyst, input, out, &name, limits),
    )
    .map(drop)
}

fn judge<G: Game, W: Write>(
    analyst: &mut Analyst<G>,
    input: JudgeInput<'_>,
    out: &Output<W>,
    name: &str,
    limits: Limits,
) -> anyhow::Result<()> {
    analysis::judge(analyst, input, limits, &mut Sink(out)).map_err(|e| match e {
        JudgeError::Read(e) => Source::error(name, e),
        JudgeError::Refused { line, reason } => RefusedCase {
            source: name.to_string(),
            line,
            reason: refusal(&reason),
        }
        .into(),
        JudgeError::Write(e) => anyhow::Error::new(e),
    })
}

/// The answer stream as the library's [`Answers`].
struct Sink<'a, W: Write>(&'a Output<W>);

impl<W: Write> Answers for Sink<'_, W> {
    fn line(&mut self, text: &[u8]) -> io::Result<()> {
        self.0.borrow_mut().line(text)
    }

    /// Indexed by the verdict rather than branched on: verdicts are as
    /// unpredictable as the input.
    fn verdicts(&mut self, wins: &[bool], yes: &'static str, no: &'static str) -> io::Result<()> {
        if yes.len() >= 8 || no.len() >= 8 {
            for &win in wins {
                self.line(if win { yes } else { no }.as_bytes())?;
            }
            return Ok(());
        }
        let lines = [ShortLine::new(no), ShortLine::new(yes)];
        let mut answers = self.0.borrow_mut();
        answers.short_lines(wins.iter().map(|&w| &lines[usize::from(w)]), wins.len());
        answers.flush_if_full()
    }
}
