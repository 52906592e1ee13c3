//! `grundy solve`: for every case, who wins, why, and exactly how.
//!
//! The same inputs as `grundy judge`; for each case a report of the
//! components' Grundy values, their nim-sum, and a winning move in the game's
//! own terms (every winning move with `--all`), or from a lost position the
//! move that is hardest to answer. Text for people, JSON Lines for scripts.

use std::io::{Read, Write};

use anyhow::bail;
use clap::ValueEnum;
use grundy::format::{BombReader, CuttingReader, MatrixCase, MatrixReader};
use grundy::games::bomb::{Board, BombGame, BombMove};
use grundy::games::cutting::{self, Cut, Direction, Paper, WinningCuts};
use grundy::games::matrix::{self, MatrixMove};
use serde::Serialize;

use super::Env;
use crate::cli::{GameInput, GameKind};
use crate::describe::{
    bomb_move_text, cell_text, cut_text, matrix_move_text, paper_text, with_commas,
};
use crate::input::Source;
use crate::output::{self, Output};

const EXAMPLES: &str = "\
Examples:
  grundy solve bomb examples/bomb.txt
  echo '4 2' | grundy solve cutting --all
  grundy solve matrix examples/matrix.txt --format json | jq .moves";

/// Say who wins each case, why, and how: a winning move in the game's terms.
///
/// Reads the same input as `grundy judge`. For each case: the winner, every
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
    /// `text` for people, `json` for one JSON object per case and line.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
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
pub fn run(args: Args, mut env: Env) -> anyhow::Result<()> {
    let source = Source::open(args.input.file.as_deref())?;
    let name = source.name().to_string();
    let (out, input) = output::stdout_and_input(source.into_reader());
    let result = solve(&args, input, &out, &name, &mut env);
    let flushed = out.borrow_mut().flush();
    result?;
    flushed?;
    Ok(())
}

fn solve<W: Write>(
    args: &Args,
    input: impl Read,
    out: &Output<W>,
    name: &str,
    env: &mut Env,
) -> anyhow::Result<()> {
    let fail = |e| Source::error(name, e);
    let emit = |report: Report| -> anyhow::Result<()> {
        let text = match args.format {
            Format::Text => report.text(),
            Format::Json => report.json()? + "\n",
        };
        out.borrow_mut().text(&text)?;
        Ok(())
    };
    let want = Want {
        all: args.all,
        format: args.format,
    };
    match args.input.game {
        GameKind::Bomb => {
            let mut reader = BombReader::new(input)
                .map_err(fail)?
                .max_cells(env.max_cells);
            let mut game = env.bomb_game();
            let cache = &mut env.cache;
            let mut board = Board::default();
            let mut case = 0;
            let mut report_all = || -> anyhow::Result<()> {
                while reader.next_case(&mut board).map_err(fail)? {
                    case += 1;
                    cache.prepare(&mut game, board.rows(), board.cols());
                    emit(bomb_report(&mut game, &board, case, want)?)?;
                }
                Ok(())
            };
            let result = report_all();
            cache.store(&game);
            result?;
        }
        GameKind::Cutting => {
            let mut reader = CuttingReader::new(input).map_err(fail)?;
            let mut case = 0;
            while let Some(paper) = reader.next_case().map_err(fail)? {
                case += 1;
                emit(cutting_report(paper, case, want)?)?;
            }
        }
        GameKind::Matrix => {
            let mut reader = MatrixReader::new(input)
                .map_err(fail)?
                .keep_cells(true)
                .max_cells(env.max_cells);
            let mut case = MatrixCase::default();
            while reader.next_case(&mut case).map_err(fail)? {
                emit(matrix_report(&case, want))?;
            }
        }
    }
    Ok(())
}

/// What the user asked to see.
#[derive(Clone, Copy)]
struct Want {
    all: bool,
    format: Format,
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
    components: Vec<(String, JsonComponent)>,
    /// Winning moves listed (or the suggested move from a lost position).
    moves: Vec<(String, JsonMove)>,
    /// All winning moves, when counted (with --all).
    winning_count: Option<u128>,
}

#[derive(Serialize)]
#[serde(untagged)]
enum JsonMove {
    Bomb {
        explode: [u32; 2],
        place: Vec<[u32; 2]>,
    },
    Cut {
        piece: [u64; 2],
        cut: &'static str,
        at: u64,
    },
    Matrix {
        row: usize,
        take: Vec<u64>,
    },
}

#[derive(Serialize)]
#[serde(untagged)]
enum JsonComponent {
    Bomb {
        bomb: [u32; 2],
        grundy: u32,
    },
    Piece {
        piece: [u64; 2],
        grundy: Option<u32>,
    },
    Row {
        row: usize,
        stones: u128,
        grundy: u128,
    },
}

#[derive(Serialize)]
struct JsonCase<'a> {
    case: u64,
    first_player_wins: bool,
    nim_sum: u128,
    moves: Vec<&'a JsonMove>,
    components: Vec<&'a JsonComponent>,
}

impl Report {
    fn json(&self) -> anyhow::Result<String> {
        let case = JsonCase {
            case: self.case,
            first_player_wins: self.first_player_wins,
            nim_sum: self.nim_sum,
            moves: self.moves.iter().map(|(_, m)| m).collect(),
            components: self.components.iter().map(|(_, c)| c).collect(),
        };
        Ok(serde_json::to_string(&case)?)
    }

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
            .map(|(t, _)| t.as_str())
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
            (false, [(mv, _)], _) => {
                text += &format!("  No winning move. Hardest to answer (it still loses): {mv}.\n");
            }
            (true, [(mv, _)], None) => text += &format!("  Winning move: {mv}.\n"),
            (_, moves, count) => {
                let count = count.unwrap_or(moves.len() as u128);
                text += &format!("  Winning moves ({}):\n", with_commas(count));
                for (mv, _) in moves {
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

// ---------------------------------------------------------------- Bomb Game

fn bomb_json(mv: &BombMove) -> JsonMove {
    JsonMove::Bomb {
        explode: [mv.explode.row(), mv.explode.col()],
        place: mv.placed().map(|c| [c.row(), c.col()]).collect(),
    }
}

fn bomb_report(
    game: &mut BombGame,
    board: &Board,
    case: u64,
    want: Want,
) -> anyhow::Result<Report> {
    let nim_sum = game.value(board);
    let wins = !nim_sum.is_zero();
    let components = board
        .bombs()
        .map(|cell| {
            let g = game.bomb_value(cell).value() as u32;
            (
                format!("{} *{g}", cell_text(cell)),
                JsonComponent::Bomb {
                    bomb: [cell.row(), cell.col()],
                    grundy: g,
                },
            )
        })
        .collect();
    let (mut listed, mut count) = (Vec::new(), 0u128);
    let keep = want.keep();
    game.winning_moves(board, |mv| {
        count += 1;
        if listed.len() < keep {
            listed.push(mv);
        }
        // Without --all one move is enough; otherwise count them all.
        want.all || listed.len() < keep
    });
    want.check_count(case, count)?;
    if !wins {
        listed.extend(game.suggest(board));
    }
    Ok(Report {
        case,
        headline: if wins { "John wins" } else { "Jack wins" }.to_string(),
        reason: (!wins).then(|| "Whatever John does, Jack has a winning reply.".to_string()),
        first_player_wins: wins,
        nim_sum: nim_sum.value(),
        nim_sum_shown: true,
        components_name: "Bombs",
        components,
        moves: listed
            .iter()
            .map(|mv| (bomb_move_text(board, mv), bomb_json(mv)))
            .collect(),
        winning_count: want.all.then_some(count),
    })
}

// ------------------------------------------------------------- Cutting Game

fn cut_json(cut: &Cut) -> JsonMove {
    JsonMove::Cut {
        piece: [cut.paper.width, cut.paper.height],
        cut: match cut.direction {
            Direction::Vertical => "vertical",
            Direction::Horizontal => "horizontal",
        },
        at: cut.at,
    }
}

fn cutting_report(paper: Paper, case: u64, want: Want) -> anyhow::Result<Report> {
    let position = [paper];
    let wins = cutting::position_wins(&position);
    let nim_sum = cutting::position_value(&position);
    let (label, grundy) = if cutting::is_strip(paper) {
        (
            format!(
                "{} (a strip: a single cell can be cut out)",
                paper_text(paper)
            ),
            None,
        )
    } else if paper == Paper::new(1, 1) {
        (format!("{} (no cut possible)", paper_text(paper)), Some(0))
    } else {
        let g = cutting::reduced_grundy(paper).value() as u32;
        (format!("{} *{g}", paper_text(paper)), Some(g))
    };
    let winning = WinningCuts::of(&position);
    let count = winning.count();
    want.check_count(case, count)?;
    let mut listed: Vec<Cut> = winning.iter().take(want.keep()).collect();
    if !wins {
        listed.extend(cutting::suggest(&position));
    }
    let strip = cutting::is_strip(paper);
    Ok(Report {
        case,
        headline: match (wins, strip) {
            (true, true) => "the first player wins at once by cutting out a single cell",
            (true, false) => "the first player wins",
            (false, _) => "the second player wins",
        }
        .to_string(),
        reason: (!wins).then(|| {
            if paper == Paper::new(1, 1) {
                "A single cell cannot be cut: the first player has no move.".to_string()
            } else {
                "Every cut leaves the second player a winning reply.".to_string()
            }
        }),
        first_player_wins: wins,
        nim_sum: nim_sum.value(),
        nim_sum_shown: !strip,
        components_name: "Piece",
        components: vec![(
            label,
            JsonComponent::Piece {
                piece: [paper.width, paper.height],
                grundy,
            },
        )],
        moves: listed
            .iter()
            .map(|cut| (cut_text(cut), cut_json(cut)))
            .collect(),
        winning_count: want.all.then_some(count),
    })
}

// -------------------------------------------------------------- Matrix Game

fn matrix_report(case: &MatrixCase, want: Want) -> Report {
    let sum = case.rows.iter().fold(0u128, |s, r| s ^ r.total());
    let wins = sum != 0;
    let components = case
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let noun = if r.total() == 1 { "stone" } else { "stones" };
            let text = format!(
                "row {}: {} {noun} *{}",
                i + 1,
                with_commas(r.total()),
                r.total()
            );
            (
                text,
                JsonComponent::Row {
                    row: i + 1,
                    stones: r.total(),
                    grundy: r.total(),
                },
            )
        })
        .collect();
    let winning = matrix::winning_moves(&case.rows);
    let count = winning.len() as u128;
    let mut listed: Vec<MatrixMove> = winning.into_iter().take(want.keep()).collect();
    if !wins {
        listed.extend(matrix::suggest(&case.rows));
    }
    Report {
        case: case.number,
        headline: if wins { "Alice wins" } else { "Bob wins" }.to_string(),
        reason: (!wins).then(|| "Whatever Alice takes, Bob has a winning reply.".to_string()),
        first_player_wins: wins,
        nim_sum: sum,
        nim_sum_shown: true,
        components_name: "Rows",
        components,
        moves: listed
            .iter()
            .map(|mv| {
                (
                    matrix_move_text(mv),
                    JsonMove::Matrix {
                        row: mv.row,
                        take: mv.take.clone(),
                    },
                )
            })
            .collect(),
        winning_count: want.all.then_some(count),
    }
}
