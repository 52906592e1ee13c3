//! The command line, as plain data (clap derive).

use std::path::PathBuf;

use clap::{Parser, Subcommand};
use grundy::{Analyst, Convention, Game};

use crate::input::UsageError;
use crate::words::wrap;

#[cfg(feature = "serve")]
use crate::cmd::serve;
use crate::cmd::{cache, census, completions, explain, judge, octal, play, quotient, solve, table};

const EXAMPLES: &str = "\
Examples:
  grundy judge cutting <<< '4 2'          # prints WIN
  grundy judge bomb examples/bomb.txt     # one John/Jack line per board
  grundy solve bomb examples/bomb.txt     # who wins, why, and a winning move
  grundy solve matrix cases.txt --all --format json
  grundy play cutting --size 9x7          # play against the engine
  grundy table bomb --size 8              # Grundy values of one bomb
  grundy octal 0.07                       # Dawson's Kayles: its period
  grundy census '0.??'                    # every two-digit octal game
  grundy solve octal:0.137 positions.txt  # any registered game: heaps a line
  grundy play subtraction:1,3,4 --heaps 20";

/// The playground's example, in builds that have it.
#[cfg(feature = "serve")]
const SERVE_EXAMPLE: &str =
    "\n  grundy serve                            # the playground in a browser";
#[cfg(not(feature = "serve"))]
const SERVE_EXAMPLE: &str = "";

/// The examples, then every registered game by name.
fn after_help() -> String {
    format!("{EXAMPLES}{SERVE_EXAMPLE}\n\nGames: {}", game_names())
}

/// Every registered game as GAME is written: `bomb, cutting, …, octal:CODE`.
pub fn game_names() -> String {
    grundy::registry::GAMES
        .iter()
        .map(grundy::registry::display_name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The GAME argument's help: every registered game, and where their rules
/// are.
fn game_help() -> String {
    format!(
        "The game: {} (`grundy solve --help` gives their rules)",
        game_names()
    )
}

/// Decide impartial games with Sprague–Grundy theory.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, about, after_help = after_help())]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Limits for judge, solve, play and table, given before the
    /// subcommand (each of those also takes them after it).
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// The limits on positions and the table cache: options of the
/// subcommands that read positions (judge, solve, play), and of the
/// command itself before any subcommand.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct LimitArgs {
    /// Do not read or write the cache (kept in the user's cache directory,
    /// or in GRUNDY_CACHE_DIR): Bomb Game tables, and the misère quotient
    /// documents that passed the certificate check or `grundy quotient`
    /// built (one given again by --quotient is not checked again; a proven
    /// one decides its code's misère play without being given, and until
    /// then the partial one that reaches the furthest decides the sums of
    /// its heaps, and `grundy quotient` goes on from it). `grundy cache`
    /// shows it.
    #[arg(long)]
    pub no_cache: bool,
    /// The most cells a kept Matrix case or a table may have; Bomb boards
    /// and tables must fit in a square of N cells. Larger inputs are
    /// refused before anything is allocated [default: 4000000, a square
    /// of 2000×2000].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_CELLS))]
    pub max_cells: Option<u64>,
    /// How far a heap game's values are computed (octal, subtraction,
    /// Grundy's game), 4 bytes each; larger heaps are answered where Nim or
    /// a proven period gives their values, and refused otherwise
    /// [default: 1000000]. A code that splits a heap into three, whose
    /// values cost some n² each, is valued up to 20·∛N (2,000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_HEAP))]
    pub max_heap: Option<u64>,
}

/// What `table` takes of [`LimitArgs`]: it computes no heap game.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct TableLimitArgs {
    /// Do not read or write the cache of Bomb Game tables (kept in the
    /// user's cache directory, or in GRUNDY_CACHE_DIR).
    #[arg(long)]
    pub no_cache: bool,
    /// The most cells a table may have (Bomb tables: a square of N cells)
    /// [default: 4000000].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=MAX_CELLS))]
    pub max_cells: Option<u64>,
}

impl From<TableLimitArgs> for LimitArgs {
    fn from(table: TableLimitArgs) -> LimitArgs {
        LimitArgs {
            no_cache: table.no_cache,
            max_cells: table.max_cells,
            max_heap: None,
        }
    }
}

impl LimitArgs {
    /// These options, each not given here taken from `outer` (the ones
    /// before the subcommand).
    pub fn or(self, outer: &LimitArgs) -> LimitArgs {
        LimitArgs {
            no_cache: self.no_cache || outer.no_cache,
            max_cells: self.max_cells.or(outer.max_cells),
            max_heap: self.max_heap.or(outer.max_heap),
        }
    }
}

/// The largest `--max-heap`: two gigabytes of values.
pub const MAX_HEAP: u64 = 500_000_000;

/// The largest `--max-cells`: a Bomb table's own limit.
pub const MAX_CELLS: u64 = grundy::games::bomb::MAX_CELLS;

#[derive(Debug, Subcommand)]
pub enum Command {
    Judge(judge::Args),
    Solve(solve::Args),
    Explain(explain::Args),
    Play(play::Args),
    Table(table::Args),
    Octal(octal::Args),
    Census(census::Args),
    Quotient(quotient::Args),
    #[cfg(feature = "serve")]
    Serve(serve::Args),
    Cache(cache::Args),
    Completions(completions::Args),
    Man(completions::ManArgs),
}

/// The game and the input file, as `judge`, `solve` and `play` take them.
#[derive(Debug, clap::Args)]
pub struct GameInput {
    #[arg(value_name = "GAME", help = game_help())]
    pub game: String,
    /// A judge-format input file. Without it (or with `-`), `judge` and
    /// `solve` read standard input; `play` starts from its first case, or
    /// from a random position without it.
    pub file: Option<PathBuf>,
}

/// Every registered game with its rules in words, wrapped for a terminal.
pub fn games_with_rules() -> String {
    let mut text = String::from("Games (GAME), and their rules:");
    for entry in grundy::registry::GAMES {
        text.push_str(&format!("\n  {}\n", grundy::registry::display_name(entry)));
        text.push_str(&wrap(entry.rules, 6, 78));
    }
    text
}

/// Misère play, as `judge`, `solve` and `play` take it.
#[derive(Clone, Debug, clap::Args)]
pub struct MisereArgs {
    /// Misère play: the player who makes the last move loses. Octal games
    /// are decided by their misère quotient where one is proven, and sums
    /// of the heaps a partial one reached by it; other heap sums by genus
    /// theory where every heap is tame, else by a search; the Matrix Game
    /// and Nim by Bouton's misère Nim; the Bomb Game outright on boards of
    /// up to 25 cells, by a search of the whole board beyond. The Cutting
    /// Game has no misère form.
    #[arg(long)]
    pub misere: bool,
    /// The most positions a misère search may value; a case that needs
    /// more is refused (exit status 2) after the answers before it.
    #[arg(long, value_name = "N", default_value_t = grundy::misere::DEFAULT_BUDGET,
          value_parser = clap::value_parser!(u64).range(1..), requires = "misere")]
    pub misere_budget: u64,
    /// A misère quotient to decide by: a document of `grundy quotient CODE
    /// --format json` (or its --checkpoint), certificate-checked before use
    /// (once: a copy of a document that passed is kept in the cache).
    /// Sums of the heaps it reached are answered by it at once (every sum
    /// when it is proven), others as without it. For that code's octal game
    /// only.
    #[arg(long, value_name = "FILE", requires = "misere")]
    pub quotient: Option<PathBuf>,
}

impl MisereArgs {
    /// The convention asked for: misère play with its budget under
    /// `--misere`, else normal play.
    pub fn convention(&self) -> Convention {
        Convention::from_budget(self.misere.then_some(self.misere_budget))
    }

    /// `game` under the convention asked for; a game without a form under
    /// it is a usage error, before any input is read.
    pub fn analyst<G: Game>(&self, game: G) -> Result<Analyst<G>, UsageError> {
        Analyst::new(game, self.convention()).map_err(|e| UsageError(format!("--misere: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }
}
