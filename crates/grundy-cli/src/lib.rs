//! The `grundy` command: a thin shell over the `grundy` library.
//!
//! A library as well as the binary, so that its commands can be run on
//! games defined elsewhere (the tests add a game this way). [`main`] parses the command line into plain data, runs one subcommand and
//! turns its outcome into an exit status: 0 on success (and when the reader
//! of our output goes away), 2 for malformed input, 1 for anything else.

pub use grundy_cache as cache;
pub mod cli;
pub mod cmd;
#[cfg(feature = "pictures")]
mod heatmap;
pub mod input;
pub mod output;
pub mod progress;
pub mod signals;
pub mod sizes;
pub mod words;

use std::io;
use std::process::ExitCode;

use clap::Parser;

use crate::input::{InputError, RefusedCase, UsageError};

/// Runs the command line of this process; the exit status to end with.
pub fn main() -> ExitCode {
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return refuse_command_line(&err),
    };
    match cmd::run(cli.command, &cli.limits) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => report(&err),
    }
}

/// Prints clap's word on a command line it did not take (its help and
/// version included) and picks the status clap picks: 2 for a usage error,
/// 0 for help. A build without the playground names the feature it left out
/// when asked for `serve`, which it does not list anywhere.
fn refuse_command_line(err: &clap::Error) -> ExitCode {
    #[cfg(not(feature = "serve"))]
    {
        use clap::error::{ContextKind, ContextValue, ErrorKind};
        if err.kind() == ErrorKind::InvalidSubcommand
            && matches!(
                err.get(ContextKind::InvalidSubcommand),
                Some(ContextValue::String(name)) if name == "serve"
            )
        {
            eprintln!(
                "grundy: this grundy was built without the playground (cargo feature `serve`)"
            );
            return ExitCode::from(2);
        }
    }
    // A closed pipe while printing help is not worth a word more.
    let _ = err.print();
    ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2))
}

/// Whether `cause` is a write to a closed pipe: an I/O error, or one that
/// the JSON and CSV writers wrap (their `source` skips the I/O error
/// itself, so the chain alone does not show it).
fn is_broken_pipe(cause: &(dyn std::error::Error + 'static)) -> bool {
    let broken = io::ErrorKind::BrokenPipe;
    if let Some(e) = cause.downcast_ref::<io::Error>() {
        e.kind() == broken
    } else if let Some(e) = cause.downcast_ref::<serde_json::Error>() {
        e.io_error_kind() == Some(broken)
    } else if let Some(e) = cause.downcast_ref::<csv::Error>() {
        matches!(e.kind(), csv::ErrorKind::Io(e) if e.kind() == broken)
    } else {
        false
    }
}

/// Prints `err` (unless our output pipe was closed) and picks the status.
fn report(err: &anyhow::Error) -> ExitCode {
    if err.chain().any(is_broken_pipe) {
        return ExitCode::SUCCESS;
    }
    eprintln!("grundy: {err:#}");
    if signals::caught().is_some() {
        // Stopped by a signal: the status says which.
        return ExitCode::from(u8::try_from(signals::stopped_status()).unwrap_or(130));
    }
    if err.chain().any(|cause| {
        cause.downcast_ref::<InputError>().is_some()
            || cause.downcast_ref::<UsageError>().is_some()
            || cause.downcast_ref::<RefusedCase>().is_some()
    }) {
        ExitCode::from(2)
    } else {
        ExitCode::FAILURE
    }
}
