//! `grundy solve`: for every case, who wins, why, and exactly how.
//!
//! The same inputs as `grundy judge`; for each case a report of the
//! components' Grundy values, their nim-sum, and a winning move in the game's
//! own terms (every winning move with `--all`), or from a lost position the
//! move that is hardest to answer. Text for people, JSON Lines for scripts.

use std::io::{self, Read, Write};

use anyhow::bail;
use clap::ValueEnum;
use grundy::engine::first_winning_moves;
use grundy::game::Limits;
use grundy::misere::MisereError;
use grundy::notation::with_commas;
use grundy::registry::Visit;
use grundy::{wire, Game};

use super::Env;
use crate::cli::{misere_refusal, GameInput, MisereArgs};
use crate::input::{refused, Cases, Source, UsageError};
use crate::output::{self, Output};

const EXAMPLES: &str = "\
Examples:
  grundy solve bomb examples/bomb.txt
  echo '4 2' | grundy solve cutting --all
  grundy solve matrix examples/matrix.txt --format json | jq .moves
  echo '10 7 3' | grundy solve octal:0.137 --all";

/// Say who wins each case, why, and how: a winning move in the game's terms.
///
/// Reads the same input as `grundy judge` (for heap games, one position a
/// line: heap sizes separated by spaces). For each case: the winner, every
/// component's Grundy value and their nim-sum, and one winning move (all of
/// them with --all); from a lost position, the move hardest to answer.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    #[command(flatten)]
    pub input: GameInput,
    /// List every winning move, not just one.
    #[arg(long)]
    pub all: bool,
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
    /// JSON Lines of wire-format positions.
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
    env.open(
        &args.input.game,
        Solve {
            args: &args,
            limits,
        },
    )
}

struct Solve<'a> {
    args: &'a Args,
    limits: Limits,
}

impl Visit for Solve<'_> {
    type Output = anyhow::Result<()>;

    fn visit<G: Game + 'static>(self, mut game: G) -> anyhow::Result<()> {
        let source = Source::open(self.args.input.file.as_deref())?;
        let name = source.name().to_string();
        let want = Want {
            all: self.args.all,
            format: self.args.format,
            input: self.args.input_format,
            misere: self.args.misere.budget(),
        };
        if let Some(budget) = want.misere {
            // A game without a misère form is a usage error, before any input.
            game.misere(budget)
                .map_err(|reason| UsageError(format!("--misere: {reason}")))?;
        }
        let limits = self.limits;
        output::run_cases(
            &mut game,
            source.into_reader().into(),
            io::stdout().lock(),
            |game, input, out| solve(game, Box::new(input), out, &name, limits, want),
        )
        .map(drop)
    }
}

/// Reports every case of `input` to `out`.
pub fn solve<G: Game, W: Write>(
    game: &mut G,
    input: Box<dyn Read + '_>,
    out: &Output<W>,
    name: &str,
    limits: Limits,
    want: Want,
) -> anyhow::Result<()> {
    let mut cases = match want.input {
        InputFormat::Text => Cases::new(game, name, input, limits)?,
        InputFormat::Json => Cases::json(name, input, limits),
    };
    if let Some(budget) = want.misere {
        let mut engine = game.misere(budget).map_err(UsageError)?;
        while let Some(position) = cases.next(game)? {
            let refuse = |e: MisereError| refused(name, cases.line, misere_refusal(&e));
            let mut analysis = wire::analyse_misere(game, engine.as_mut(), &position, want.keep())
                .map_err(refuse)?;
            analysis.case = Some(cases.count);
            let text = match want.format {
                Format::Text => misere_text(game, &position, &analysis, want.all),
                Format::Json => serde_json::to_string(&analysis)? + "\n",
            };
            out.borrow_mut().text(&text)?;
        }
        return Ok(());
    }
    while let Some(position) = cases.next(game)? {
        let text = match want.format {
            Format::Text => report(game, &position, cases.count, want)?.text(),
            Format::Json => {
                // Counted first: a count too large to list is refused
                // before listing.
                if want.all {
                    want.check_count(cases.count, game.count_winning_moves(&position))?;
                }
                let mut analysis = wire::analyse(game, &position, want.keep());
                analysis.case = Some(cases.count);
                serde_json::to_string(&analysis)? + "\n"
            }
        };
        out.borrow_mut().text(&text)?;
    }
    Ok(())
}

/// A misère analysis as text: who wins, why, the components with their
/// normal values, and the winning moves (or the move to try).
fn misere_text<G: Game>(
    game: &mut G,
    position: &G::Position,
    analysis: &wire::Analysis,
    all: bool,
) -> String {
    let wins = analysis.winner == wire::Winner::First;
    let outcome = if wins {
        grundy::Outcome::FirstPlayer
    } else {
        grundy::Outcome::SecondPlayer
    };
    let case = analysis.case.unwrap_or(1);
    let mut text = format!(
        "Case {case}: {} (misère play: the last player to move loses).\n",
        game.headline(position, outcome)
    );
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
    text += &format!(
        "  {} (normal-play values): {line}\n",
        game.components_noun()
    );
    let describe = |report: &wire::MoveReport| report.text.clone();
    match (
        wins,
        analysis.winning_moves.as_slice(),
        &analysis.suggested_move,
    ) {
        (true, [], _) => text += "  No legal move: the player to move has already won.\n",
        (false, _, None) => text += "  No legal move.\n",
        (false, _, Some(mv)) => {
            text += &format!(
                "  No winning move. A move to try (it still loses): {}.\n",
                describe(mv)
            );
        }
        (true, [mv], _) if !all || analysis.winning_move_count.0 == 1 => {
            text += &format!("  Winning move: {}.\n", describe(mv));
        }
        (true, moves, _) => {
            text += &format!(
                "  Winning moves ({}):\n",
                with_commas(analysis.winning_move_count.0)
            );
            for mv in moves {
                text += &format!("    {}\n", describe(mv));
            }
            let more = analysis.winning_move_count.0 - moves.len() as u128;
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
    /// Misère play, with this search budget.
    pub misere: Option<u64>,
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

/// One case's answer, ready to be written as text or JSON.
struct Report {
    case: u64,
    /// "John wins", "the first player wins", ...
    headline: String,
    /// Why the loser loses, for lost positions.
    reason: Option<String>,
    first_player_wins: bool,
    nim_sum: u128,
    /// Whether the nim-sum decides the case (not when a strip wins at once).
    nim_sum_shown: bool,
    /// What the components are called ("Bombs", "Piece", "Rows").
    components_name: &'static str,
    /// Each component in words.
    components: Vec<String>,
    /// Winning moves listed (or the suggested move from a lost position),
    /// in words.
    moves: Vec<String>,
    /// All winning moves, when counted (with --all).
    winning_count: Option<u128>,
}

/// The report of one position, asked of the engine.
fn report<G: Game>(
    game: &mut G,
    position: &G::Position,
    case: u64,
    want: Want,
) -> anyhow::Result<Report> {
    let outcome = game.outcome(position);
    let wins = outcome.first_player_wins();
    let nim_sum = game.value(position);
    let components = game
        .components(position)
        .iter()
        .enumerate()
        .map(|(i, (c, v))| game.describe_component(i, c, *v))
        .collect();
    // Counted first: a count too large to list is refused before listing.
    let count = if want.all {
        game.count_winning_moves(position)
    } else {
        0
    };
    want.check_count(case, count)?;
    let mut listed = first_winning_moves(game, position, want.keep());
    if !wins {
        listed.extend(game.suggest(position));
    }
    Ok(Report {
        case,
        headline: game.headline(position, outcome),
        reason: (!wins).then(|| game.lost_because(position)),
        first_player_wins: wins,
        nim_sum: nim_sum.value(),
        nim_sum_shown: game.nim_sum_decides(position),
        components_name: game.components_noun(),
        components,
        moves: listed
            .iter()
            .map(|mv| game.describe_move(position, mv))
            .collect(),
        winning_count: want.all.then_some(count),
    })
}

impl Report {
    fn text(&self) -> String {
        let mut text = match self.nim_sum_shown {
            true => format!(
                "Case {}: {} (nim-sum *{}).\n",
                self.case, self.headline, self.nim_sum
            ),
            false => format!("Case {}: {}.\n", self.case, self.headline),
        };
        if let Some(reason) = &self.reason {
            text += &format!("  {reason}\n");
        }
        let shown: Vec<&str> = self
            .components
            .iter()
            .take(TEXT_COMPONENTS)
            .map(String::as_str)
            .collect();
        let mut line = if shown.is_empty() {
            "none".to_string()
        } else {
            shown.join(", ")
        };
        if self.components.len() > TEXT_COMPONENTS {
            line += &format!(
                ", and {} more",
                with_commas((self.components.len() - TEXT_COMPONENTS) as u128)
            );
        }
        text += &format!("  {}: {line}\n", self.components_name);
        match (
            self.first_player_wins,
            self.moves.as_slice(),
            self.winning_count,
        ) {
            (false, [], _) => text += "  No legal move.\n",
            (false, [mv], _) => {
                text += &format!("  No winning move. Hardest to answer (it still loses): {mv}.\n");
            }
            (true, [mv], None) => text += &format!("  Winning move: {mv}.\n"),
            (_, moves, count) => {
                let count = count.unwrap_or(moves.len() as u128);
                text += &format!("  Winning moves ({}):\n", with_commas(count));
                for mv in moves {
                    text += &format!("    {mv}\n");
                }
                if count > moves.len() as u128 {
                    text += &format!(
                        "    and {} more\n",
                        with_commas(count - moves.len() as u128)
                    );
                }
            }
        }
        text
    }
}
