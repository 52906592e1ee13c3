//! One module per subcommand, each with its `Args` and `run`.

pub mod judge;
pub mod octal;
pub mod play;
pub mod solve;
pub mod table;

use crate::cache::TableCache;
use crate::cli::Command;

/// Runs one subcommand; `cache` keeps Bomb tables between runs.
pub fn run(command: Command, cache: TableCache) -> anyhow::Result<()> {
    match command {
        Command::Judge(args) => judge::run(args, cache),
        Command::Solve(args) => solve::run(args, cache),
        Command::Play(args) => play::run(args, cache),
        Command::Table(args) => table::run(args, cache),
        Command::Octal(args) => octal::run(args),
    }
}
