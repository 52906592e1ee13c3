//! One module per subcommand, each with its `Args` and `run`.

pub mod judge;
pub mod play;
pub mod solve;
pub mod table;

use crate::cli::Command;

/// Runs one subcommand.
pub fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Judge(args) => judge::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Play(args) => play::run(args),
        Command::Table(args) => table::run(args),
    }
}
