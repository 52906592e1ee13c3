//! One module per subcommand, each with its `Args` and `run`.

pub mod judge;
pub mod octal;
pub mod play;
pub mod serve;
pub mod solve;
pub mod table;

use grundy::games::bomb::BombGame;

use crate::cache::TableCache;
use crate::cli::Command;
use crate::progress;

/// What every subcommand gets besides its own arguments: the global options.
pub struct Env {
    /// Bomb tables kept between runs.
    pub cache: TableCache,
    /// `--max-cells`: the largest board, kept case or table, in cells.
    pub max_cells: u64,
}

impl Env {
    /// A Bomb game showing the progress of long table computations on a
    /// terminal.
    pub fn bomb_game(&self) -> BombGame {
        progress::bomb_game()
    }

    /// The longest side of a Bomb board or table: boards fit in a square of
    /// `--max-cells` cells.
    pub fn max_bomb_side(&self) -> u32 {
        // At most the square root of MAX_CELLS = u32::MAX.
        self.max_cells.isqrt() as u32
    }
}

/// Runs one subcommand.
pub fn run(command: Command, env: Env) -> anyhow::Result<()> {
    match command {
        Command::Judge(args) => judge::run(args, env),
        Command::Solve(args) => solve::run(args, env),
        Command::Play(args) => play::run(args, env),
        Command::Table(args) => table::run(args, env),
        Command::Octal(args) => octal::run(args),
        Command::Serve(args) => serve::run(args),
    }
}
