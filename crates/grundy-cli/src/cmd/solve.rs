//! `grundy solve`: for every case, who wins, why, and exactly how.
//!
//! The same inputs as `grundy judge`; for each case a report of the
//! components' Grundy values, their nim-sum, and a winning move in the game's
//! own terms (every winning move with `--all`), or from a lost position the
//! move that is hardest to answer. Text for people, JSON Lines for scripts.

use std::io::{self, Read, Write};

use anyhow::bail;
use clap::ValueEnum;
use grundy::analysis::{self, Analyst, EngineMove};
use grundy::game::Limits;
use grundy::notation::with_commas;
use grundy::{wire, Game, Refusal};

use super::Env;
use crate::cli::{GameInput, MisereArgs};
use crate::input::{refused, Cases, Source};
use crate::output::{self, Output};
use crate::words::refusal;

const EXAMPLES: &str = "\
Examples:
  grundy solve bomb examples/bomb.txt
  echo '4 2' | grundy solve cutting --all
  grundy solve matrix examples/matrix.txt --format json | jq .winning_moves
  echo '10 7 3' | grundy solve octal:0.137 --all";

/// The examples, then every game with its rules in words (`--help`).
fn long_help() -> String {
    format!("{EXAMPLES}\n\n{}", crate::cli::games_with_rules())
}

/// Say who wins each case, why, and how: a winning move in the game's terms.
///
/// Reads the same input as `grundy judge` (for heap games, one position a
/// line: heap sizes separated by spaces). For each case: the winner, every
/// component's Grundy value and their nim-sum, and one winning move (all of
/// them with --all); from a lost position, the move hardest to answer.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES, after_long_help = long_help())]
pub struct Args {
    #[command(flatten)]
    pub input: GameInput,
    #[command(flatten)]
    pub limits: crate::cli::LimitArgs,
    /// List every winning move, not just one.
    #[arg(long)]
    pub all: bool,
    /// Always say which move grundy itself would play, searching for the
    /// quickest win or slowest loss (up to 100,000 moves a case) where the
    /// game is small enough. Without it, that move is given only where a
    /// search of at most 1,000 moves settles it, or no search is needed.
    #[arg(long)]
    pub engine_move: bool,
    /// `text` for people, `json` for one JSON object per case and line
    /// (the wire format of `schema/grundy.schema.json`).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// How the input is written: `text` in the game's own format (as
    /// `grundy judge` reads it), `json` as JSON Lines of positions in the
    /// wire format (the `position` of an analysis or an API answer).
    #[arg(long = "input", value_name = "FORMAT", value_enum, default_value_t = InputFormat::Text)]
    pub input_format: InputFormat,
    #[command(flatten)]
    pub misere: MisereArgs,
}

/// Input formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InputFormat {
    /// The game's own format.
    Text,
    /// JSON Lines: a wire-format position a line, or the game's plain form
    /// (`[3, 4]` for heaps).
    Json,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A short report per case.
    Text,
    /// JSON Lines: one object per case.
    Json,
}

/// Winning moves text lists before it summarises the rest.
const TEXT_MOVES: usize = 20;
/// Components text lists before it summarises the rest.
const TEXT_COMPONENTS: usize = 12;
/// JSON lists every move it is asked for; past this many it stops with an
/// error rather than write gigabytes.
const JSON_MOVES: u128 = 1_000_000;

/// Runs `grundy solve`.
pub fn run(args: Args, env: Env) -> anyhow::Result<()> {
    let limits = env.limits();
    let mut analyst = env.analyst(&args.input.game, &args.misere)?;
    let source = Source::open(args.input.file.as_deref())?;
    source.announce(&grundy::game::Present::name(analyst.game()));
    let name = source.name().to_string();
    let want = Want {
        all: args.all,
        format: args.format,
        input: args.input_format,
        engine: if args.engine_move {
            EngineMove::Always
        } else {
            EngineMove::IfCheap
        },
    };
    output::run_cases(
        &mut analyst,
        source.into_reader().into(),
        io::stdout().lock(),
        |analyst, input, out| solve(analyst, Box::new(input), out, &name, limits, want),
    )
    .map(drop)
}

/// Reports every case of `input` to `out`, under the analyst's convention.
pub fn solve<G: Game, W: Write>(
    analyst: &mut Analyst<G>,
    input: Box<dyn Read + '_>,
    out: &Output<W>,
    name: &str,
    limits: Limits,
    want: Want,
) -> anyhow::Result<()> {
    let mut cases = match want.input {
        InputFormat::Text => Cases::new(analyst.game(), name, input, limits)?,
        InputFormat::Json => Cases::json(name, input, limits),
    };
    while let Some(position) = cases.next(analyst.game_mut())? {
        let refuse = |e: Refusal| refused(name, cases.line, refusal(&e));
        // Counted first: a count too large to list is refused before
        // listing.
        if want.all && want.format == Format::Json {
            let count = analyst.count_winning_moves(&position).map_err(refuse)?;
            want.check_count(cases.count, count)?;
        }
        let mut analysis =
            analysis::analyse_with(analyst, &position, want.keep(), want.engine).map_err(refuse)?;
        analysis.case = Some(cases.count);
        let text = match want.format {
            Format::Text => with_note(
                text(analyst, &position, &analysis, want.all) + &engine_line(&analysis),
                cases.note(),
            ),
            Format::Json => serde_json::to_string(&analysis)? + "\n",
        };
        out.borrow_mut().text(&text)?;
    }
    Ok(())
}

/// A case's text with the input's note on it (a bomb put on (1, 1))
/// after its first line.
pub fn with_note(text: String, note: Option<String>) -> String {
    match (note, text.split_once('\n')) {
        (Some(note), Some((first, rest))) => format!("{first}\n  {note}\n{rest}"),
        _ => text,
    }
}

/// The move grundy would play here and the rule that chose it (empty
/// without a legal move).
fn engine_line(analysis: &wire::Analysis) -> String {
    match &analysis.engine_move {
        // The move in words too: the notation is `grundy play`'s, which
        // the report does not otherwise explain.
        Some(engine) => format!(
            "  grundy would play {} ({}): {}.\n",
            engine.played.notation, engine.played.text, engine.why
        ),
        None => String::new(),
    }
}

/// An analysis as text: who wins and why, the components with their
/// values, and the winning moves (or the move to try from a lost
/// position).
fn text<G: Game>(
    analyst: &mut Analyst<G>,
    position: &G::Position,
    analysis: &wire::Analysis,
    all: bool,
) -> String {
    let convention = analyst.convention();
    let game = analyst.game_mut();
    let wins = analysis.winner == wire::Winner::First;
    let outcome = if wins {
        grundy::Outcome::FirstPlayer
    } else {
        grundy::Outcome::SecondPlayer
    };
    let case = analysis.case.unwrap_or(1);
    let headline = game.headline(position, outcome);
    let deciding = analysis.nim_sum.filter(|_| analysis.nim_sum_decides);
    let mut text = match (deciding, convention.rule()) {
        (Some(sum), _) => format!("Case {case}: {headline} (nim-sum *{sum}).\n"),
        (None, Some(rule)) => format!("Case {case}: {headline} ({rule}).\n"),
        (None, None) => format!("Case {case}: {headline}.\n"),
    };
    if let Some(basis) = &analysis.misere_basis {
        text += &format!("  Decided by {basis}.\n");
    }
    if let Some(reason) = &analysis.reason {
        text += &format!("  {reason}\n");
    }
    let components: Vec<String> = game
        .components(position)
        .iter()
        .enumerate()
        .take(TEXT_COMPONENTS)
        .map(|(i, (c, v))| game.describe_component(i, c, *v))
        .collect();
    let count = analysis.components.len();
    let mut line = if components.is_empty() {
        "none".to_string()
    } else {
        components.join(", ")
    };
    if count > TEXT_COMPONENTS {
        line += &format!(
            ", and {} more",
            with_commas((count - TEXT_COMPONENTS) as u128)
        );
    }
    let values = convention
        .values_note()
        .map(|note| format!(" ({note})"))
        .unwrap_or_default();
    text += &format!("  {}{values}: {line}\n", game.components_noun());
    match (
        wins,
        analysis.winning_moves.as_slice(),
        &analysis.suggested_move,
    ) {
        (true, [], _) => text += "  No legal move: the player to move has already won.\n",
        (false, _, None) => text += "  No legal move.\n",
        (false, _, Some(mv)) => {
            text += &format!(
                "  No winning move. {} (it still loses): {}.\n",
                convention.fallback(),
                mv.text
            );
        }
        (true, [mv], _) if !all => text += &format!("  Winning move: {}.\n", mv.text),
        (true, moves, _) => {
            let count = analysis.winning_move_count.0;
            text += &format!("  Winning moves ({}):\n", with_commas(count));
            for mv in moves {
                text += &format!("    {}\n", mv.text);
            }
            let more = count - moves.len() as u128;
            if more > 0 {
                text += &format!("    and {} more\n", with_commas(more));
            }
        }
    }
    text
}

/// What the user asked to see.
#[derive(Clone, Copy)]
pub struct Want {
    /// Every winning move, not one.
    pub all: bool,
    /// Text or JSON.
    pub format: Format,
    /// How the input is written.
    pub input: InputFormat,
    /// When to give the engine's own move.
    pub engine: EngineMove,
}

impl Want {
    /// How many winning moves to collect.
    fn keep(self) -> usize {
        match (self.all, self.format) {
            (false, _) => 1,
            (true, Format::Text) => TEXT_MOVES,
            (true, Format::Json) => usize::MAX,
        }
    }

    /// Refuses a JSON listing of more moves than anyone can use.
    fn check_count(self, case: u64, count: u128) -> anyhow::Result<()> {
        if self.all && self.format == Format::Json && count > JSON_MOVES {
            bail!(
                "case {case}: {} winning moves are too many to list in JSON (the limit is {}); \
                 leave out --all, or use --format text for a summary",
                with_commas(count),
                with_commas(JSON_MOVES)
            );
        }
        Ok(())
    }
}
