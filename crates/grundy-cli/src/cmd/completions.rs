//! `grundy completions SHELL` and `grundy man`: shell completions and a man
//! page, generated from the same clap definitions that parse the command
//! line, so they never fall behind it.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context;
use clap::CommandFactory;
use clap_complete::Shell;

use crate::cli::Cli;

/// Print shell completions for grundy.
///
/// Write them where your shell looks, e.g. for bash
/// `grundy completions bash > ~/.local/share/bash-completion/completions/grundy`,
/// for zsh a file `_grundy` in a folder of your `$fpath`, for fish
/// `~/.config/fish/completions/grundy.fish`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The shell.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Print grundy's man page (roff), or write one page per subcommand.
///
/// `grundy man | man -l -` shows it; `grundy man --dir DIR` writes
/// grundy.1 and grundy-SUBCOMMAND.1 into DIR.
#[derive(Debug, clap::Args)]
pub struct ManArgs {
    /// Write every page into this folder instead of printing the main one.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// Runs `grundy completions`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let mut command = Cli::command();
    // Generated in memory first: clap_complete panics when its writer
    // fails, and a reader that closes the pipe is not a failure.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "grundy", &mut script);
    let mut out = io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(())
}

/// Runs `grundy man`.
pub fn man(args: ManArgs) -> anyhow::Result<()> {
    let command = Cli::command();
    match args.dir {
        Some(dir) => {
            std::fs::create_dir_all(&dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            clap_mangen::generate_to(command, &dir)
                .with_context(|| format!("cannot write the pages into {}", dir.display()))?;
        }
        None => {
            let mut out = io::stdout().lock();
            clap_mangen::Man::new(command).render(&mut out)?;
            out.flush()?;
        }
    }
    Ok(())
}
