//! `grundy cache`: what grundy keeps in the user's cache folder, and
//! `--clear` to remove it.

use std::io::{self, Write};

use anyhow::Context;

use grundy::notation::with_commas;

use crate::input::UsageError;

/// Show what grundy keeps in the user's cache folder, or clear it.
///
/// The folder (`~/.cache/grundy` on Linux; GRUNDY_CACHE_DIR moves it)
/// keeps the largest Bomb table computed, and a copy of each misère
/// quotient document that passed the certificate check (not checked again
/// when given again) and how far each check stopped part way got (the next
/// check of that document goes on from there); the last proven one of a code decides that code's
/// misère play without --quotient, and until one is proven the partial one
/// that reaches the furthest (`grundy quotient` keeps each that goes
/// further) decides the sums of its heaps. The CLI and the Python package
/// share it. Nothing there is needed: a run without it computes again.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  grundy cache                  # the folder, the Bomb table and each quotient kept
  grundy cache --format json    # the same as one JSON document (CacheContents)
  grundy cache --clear          # remove them (only grundy's own files)")]
pub struct Args {
    /// Remove what grundy keeps there: the Bomb table, the quotient
    /// documents and the stopped checks (only grundy's own files;
    /// anything else is left).
    #[arg(long, conflicts_with = "format")]
    pub clear: bool,
    /// How the contents are written.
    #[arg(long, value_enum, default_value_t = CacheFormat::Text)]
    pub format: CacheFormat,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CacheFormat {
    /// A line for the table and for each document, in words.
    Text,
    /// One `CacheContents` document (`schema/grundy.schema.json`).
    Json,
}

/// Runs `grundy cache`; `no_cache` is `--no-cache` before it.
pub fn run(args: Args, no_cache: bool) -> anyhow::Result<()> {
    if no_cache {
        return Err(UsageError(
            "--no-cache: `grundy cache` shows or clears the cache; run it without --no-cache"
                .into(),
        )
        .into());
    }
    let dir = grundy_cache::this_users_dir()?;
    let mut out = io::stdout().lock();
    if args.clear {
        let cleared =
            grundy_cache::clear(&dir).with_context(|| format!("cannot clear {}", dir.display()))?;
        writeln!(
            out,
            "Removed {} {} ({} bytes) from {}.",
            with_commas(cleared.files as u128),
            if cleared.files == 1 { "file" } else { "files" },
            with_commas(u128::from(cleared.bytes)),
            dir.display()
        )?;
        return Ok(out.flush()?);
    }
    let contents =
        grundy_cache::contents(&dir).with_context(|| format!("cannot read {}", dir.display()))?;
    match args.format {
        CacheFormat::Text => write_contents(&mut out, &contents)?,
        CacheFormat::Json => {
            serde_json::to_writer(&mut out, &contents.wire())?;
            writeln!(out)?;
        }
    }
    Ok(out.flush()?)
}

/// The contents for people: the folder, then one line for the Bomb table
/// and one for each quotient document.
fn write_contents(out: &mut impl Write, contents: &grundy_cache::Contents) -> io::Result<()> {
    writeln!(out, "grundy's cache: {}", contents.dir.display())?;
    // (Empty files alone, which `--clear` would remove too, count as
    // nothing.)
    if contents.total_bytes == 0 {
        return writeln!(out, "Nothing kept.");
    }
    if let Some((bytes, size)) = contents.bomb_table {
        let size = match size {
            Some((rows, cols)) => format!("{rows}×{cols}"),
            None => "damaged (computed again when needed)".to_string(),
        };
        writeln!(
            out,
            "Bomb table: {size}, {} bytes",
            with_commas(u128::from(bytes))
        )?;
    }
    if !contents.documents.is_empty() {
        writeln!(
            out,
            "Misère quotient documents (built by grundy quotient, or checked as certificates):"
        )?;
    }
    for kept in &contents.documents {
        let name = kept
            .file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let what = match &kept.summary {
            None => "changed since it was kept: never used".to_string(),
            Some(s) => format!(
                "{}: {}, {} elements, {} in P{}",
                s.game,
                if s.proven {
                    "proven".to_string()
                } else {
                    format!("partial, heaps below {}", with_commas(u128::from(s.heaps)))
                },
                with_commas(s.order as u128),
                with_commas(s.p_size as u128),
                match (kept.decides, s.proven) {
                    (true, true) => "; decides its misère play",
                    (true, false) => {
                        "; the furthest kept: decides the misère sums of its heaps, and grundy \
                         quotient goes on from it"
                    }
                    (false, _) => "",
                }
            ),
        };
        writeln!(
            out,
            "  {what} ({name}, {} bytes)",
            with_commas(u128::from(kept.bytes))
        )?;
    }
    if !contents.stopped_checks.is_empty() {
        writeln!(
            out,
            "Certificate checks stopped part way (the next check of the same document goes on \
             from where it stopped):"
        )?;
    }
    for stopped in &contents.stopped_checks {
        let name = stopped
            .file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let what = match stopped.heap {
            Some(heap) => format!("the heaps below {} read", with_commas(u128::from(heap))),
            None => "damaged (the next check reads every heap)".to_string(),
        };
        writeln!(
            out,
            "  {what} ({name}, {} bytes)",
            with_commas(u128::from(stopped.bytes))
        )?;
    }
    writeln!(
        out,
        "In all {} bytes; `grundy cache --clear` removes them.",
        with_commas(u128::from(contents.total_bytes))
    )
}
