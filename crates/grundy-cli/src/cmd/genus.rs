//! `grundy octal CODE --misere`: the genus of every heap of a code up to
//! `--upto`, whether it is tame (it and every heap it can leave have tame
//! genera) or wild (its genus is no tame game's), and the first heap that
//! is not shown tame.

use std::io::{self, Write};

use grundy::games::octal::OctalCode;
use grundy::misere::{Misere, MisereError};

use super::octal::OctalFormat;
use crate::input::UsageError;
use crate::words::misere_refusal;

/// Heaps valued when `--upto` is not given.
pub const DEFAULT_HEAPS: u64 = 21;

/// Prints the genera of heaps 0 … `upto` − 1 of `code`; a heap beyond the
/// search budget stops the run after the lines before it (exit status 2).
pub fn run(code: &OctalCode, upto: u64, budget: u64, format: OctalFormat) -> anyhow::Result<()> {
    let mut misere = Misere::new(code.clone());
    misere.set_budget(budget);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if format == OctalFormat::Text {
        writeln!(
            out,
            "{code} under misère play: genus g^γ0γ1… (normal value g, then the misère values \
             with 0, 1, 2, … copies of *2, up to the first two that alternate for ever); \
             unmarked heaps are tame (they and every heap they leave have tame genera), \
             'wild' ones have a genus no tame game has"
        )?;
    } else if format == OctalFormat::Csv {
        writeln!(out, "n,genus,normal,misere,tame,wild")?;
    }
    let mut first_wild = None;
    let mut rows = Vec::new();
    let mut failure: Option<(u64, MisereError)> = None;
    for n in 0..upto {
        let (genus, tame) = match misere.genus(&n).and_then(|g| Ok((g, misere.is_tame(&n)?))) {
            Ok(found) => found,
            Err(e) => {
                failure = Some((n, e));
                break;
            }
        };
        if !tame && first_wild.is_none() {
            first_wild = Some((n, genus.to_string()));
        }
        match format {
            OctalFormat::Text => writeln!(
                out,
                "{n:>3}: {genus}{}",
                match (tame, genus.is_wild()) {
                    (true, _) => "",
                    (false, true) => "  (wild)",
                    (false, false) => "  (not shown tame: a heap it leaves is not)",
                }
            )?,
            OctalFormat::Csv => writeln!(
                out,
                "{n},{genus},{},{},{tame},{}",
                genus.normal,
                genus.misere_value(),
                genus.is_wild()
            )?,
            OctalFormat::Json => rows.push(genus.to_wire(n, tame)),
        }
    }
    let computed = failure.as_ref().map_or(upto, |(n, _)| *n);
    match format {
        OctalFormat::Text => match &first_wild {
            Some((n, genus)) => writeln!(out, "first heap not shown tame: {n} ({genus})")?,
            None => writeln!(
                out,
                "every heap up to {} is tame",
                computed.saturating_sub(1)
            )?,
        },
        OctalFormat::Csv => {}
        OctalFormat::Json => {
            let doc = serde_json::json!({
                "format": grundy::wire::FORMAT_VERSION,
                "game": format!("octal:{code}"),
                "misere": true,
                "computed": computed,
                "genera": rows,
                "first_not_tame": first_wild.as_ref().map(|(n, _)| n),
            });
            writeln!(out, "{doc}")?;
        }
    }
    out.flush()?;
    if let Some((n, e)) = failure {
        return Err(UsageError(format!("heap {n}: {}", misere_refusal(&e))).into());
    }
    Ok(())
}
