//! One module per subcommand, each with its `Args` and `run`.

pub mod cache;
pub mod census;
pub mod census_output;
pub mod completions;
pub mod explain;
pub mod genus;
pub mod judge;
pub mod octal;
pub mod play;
pub mod quotient;
pub mod quotient_census;
#[cfg(feature = "serve")]
pub mod serve;
pub mod solve;
pub mod table;

use std::sync::{Arc, Mutex};

use grundy::game::{Limits, Present};
use grundy::games::bomb::TableStore;
use grundy::misere::quotient::KeptQuotients;
use grundy::registry::{self, Settings};
use grundy::{Analyst, AnyGame};

use crate::cli::{Command, LimitArgs, MisereArgs};
use crate::input::UsageError;
use crate::progress;
use crate::signals;

/// What every subcommand gets besides its own arguments: the global options.
pub struct Env {
    /// Where Bomb tables are kept between runs (none with `--no-cache`).
    pub store: Option<Arc<Mutex<dyn TableStore>>>,
    /// `--max-cells`: the largest board, kept case or table, in cells.
    pub max_cells: u64,
    /// `--max-heap`: the largest heap of a heap game.
    pub max_heap: u64,
    /// Copies of the quotient documents that passed the certificate check,
    /// and the proven quotients among them (none with `--no-cache`).
    pub checked: Option<Arc<crate::cache::CheckedQuotients>>,
}

impl Env {
    /// The environment the limit options give.
    pub fn of(limits: &LimitArgs) -> Env {
        Env {
            store: crate::cache::TableFile::of_this_user(!limits.no_cache),
            max_cells: limits.max_cells.unwrap_or(grundy::DEFAULT_MAX_CELLS),
            max_heap: limits.max_heap.unwrap_or(grundy::DEFAULT_MAX_HEAP),
            checked: crate::cache::CheckedQuotients::of_this_user(!limits.no_cache).map(Arc::new),
        }
    }

    /// The limits on positions.
    pub fn limits(&self) -> Limits {
        Limits {
            max_cells: self.max_cells,
            max_heap: self.max_heap,
        }
    }

    /// What games opened by the registry may use: the limits, the progress
    /// bar, the table cache and the proven quotients kept.
    pub fn settings(&self) -> Settings {
        Settings {
            limits: self.limits(),
            progress: progress::table_progress(),
            store: self.store.clone(),
            kept_quotients: self
                .checked
                .clone()
                .map(|kept| kept as Arc<dyn KeptQuotients>),
            ..Settings::default()
        }
    }

    /// The game `spec` names under the convention `misere` asks for,
    /// deciding by the quotient its `--quotient` names (read and checked
    /// before the game is opened; one of another game is a usage error).
    pub fn analyst(&self, spec: &str, misere: &MisereArgs) -> anyhow::Result<Analyst<AnyGame>> {
        // The check of a document not checked before may take minutes: a
        // stop signal ends it, saying so (status 128 + the signal's number).
        let given = match &misere.quotient {
            Some(path) => Some((
                path,
                Arc::new(signals::stoppable(|stop| {
                    quotient::read_checked(
                        path,
                        "a quotient to decide by",
                        stop,
                        self.checked.as_deref(),
                    )
                })?),
            )),
            None => None,
        };
        let settings = Settings {
            misere_quotient: given.as_ref().map(|(_, q)| Arc::clone(q)),
            ..self.settings()
        };
        let game = registry::open(spec, &settings)
            .map_err(|e| anyhow::Error::new(UsageError(e.to_string())))?;
        if let Some((path, q)) = &given {
            if q.game() != game.name() {
                return Err(UsageError(format!(
                    "--quotient {}: a quotient of {}, not of {}",
                    path.display(),
                    q.game(),
                    game.name()
                ))
                .into());
            }
        }
        Ok(misere.analyst(game)?)
    }

    /// Opens the game `spec` names; an unknown name or a bad parameter is
    /// a usage error (status 2).
    pub fn open(&self, spec: &str) -> anyhow::Result<AnyGame> {
        registry::open(spec, &self.settings())
            .map_err(|e| anyhow::Error::new(UsageError(e.to_string())))
    }
}

/// Runs one subcommand; `outer` holds the limit options given before it.
pub fn run(command: Command, outer: &LimitArgs) -> anyhow::Result<()> {
    let env = |limits: &LimitArgs| Env::of(&limits.clone().or(outer));
    match command {
        Command::Judge(args) => {
            let env = env(&args.limits);
            judge::run(args, env)
        }
        Command::Solve(args) => {
            let env = env(&args.limits);
            solve::run(args, env)
        }
        Command::Play(args) => {
            let env = env(&args.limits);
            play::run(args, env)
        }
        Command::Explain(args) => {
            let env = env(&args.limits);
            explain::run(args, env)
        }
        Command::Table(args) => {
            let env = env(&args.limits.clone().into());
            table::run(args, env)
        }
        Command::Octal(args) => octal::run(args),
        Command::Census(args) => census::run(args),
        Command::Quotient(args) => quotient::run(args, outer.no_cache),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run(args, outer.no_cache),
        Command::Cache(args) => cache::run(args, outer.no_cache),
        Command::Completions(args) => completions::run(args),
        Command::Man(args) => completions::man(args),
    }
}
