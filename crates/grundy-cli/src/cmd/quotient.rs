//! `grundy quotient CODE`: the misère quotient of a take-and-break game,
//! heap by heap until its pretending function is proven periodic; and
//! `grundy quotient --check FILE`, a certificate's check.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::ValueEnum;
use grundy::games::octal::OctalCode;
use grundy::misere::quotient::{self, Settings};
use grundy::shared::Cancel;
use grundy::wire;
use indicatif::{ProgressBar, ProgressStyle};

use crate::input::UsageError;

const EXAMPLES: &str = "\
Examples:
  grundy quotient 0.77                    # Kayles: 40 elements, |P| = 9, period 12
  grundy quotient 0.75 --format json > q.json
  grundy quotient --check q.json          # check it as a certificate
  grundy quotient 0.07 --time-limit 60    # Dawson's Kayles: partial, as far as it gets
  grundy quotient nim --upto 16           # misère Nim on heaps below 16: tame, T_4";

/// The most heaps `--upto` may ask for.
const MAX_UPTO: u64 = 1 << 32;

/// Compute the misère quotient of a take-and-break game (Plambeck–Siegel).
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game's code, as `grundy octal` reads it (0.77, 4.4, nim). The
    /// quotient is proven for codes without constraints or repeating tails;
    /// others are computed to --upto, as partial.
    #[arg(value_parser = parse_code, required_unless_present = "check")]
    pub code: Option<OctalCode>,
    /// Heaps 0 … N − 1 at most, when no period is proven sooner.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..=MAX_UPTO))]
    pub upto: u64,
    /// Stop after this many seconds (within 100 ms), printing the partial
    /// quotient reached.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time_limit: Option<f64>,
    /// The most elements of a trial quotient.
    #[arg(long, value_name = "N", default_value_t = 4096, value_parser = clap::value_parser!(u64).range(2..=1 << 16))]
    pub max_trial: u64,
    /// The output format.
    #[arg(long, value_enum, default_value_t = QuotientFormat::Text)]
    pub format: QuotientFormat,
    /// Check FILE (a quotient written by --format json) as a certificate,
    /// with code written apart from the solver.
    #[arg(long, value_name = "FILE", conflicts_with = "code")]
    pub check: Option<PathBuf>,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum QuotientFormat {
    /// The presentation, P, Φ and the changes, in words.
    Text,
    /// The quotient document (`schema/grundy.schema.json`), also a
    /// certificate.
    Json,
}

fn parse_code(text: &str) -> Result<OctalCode, String> {
    let text = text.strip_prefix("octal:").unwrap_or(text);
    text.parse().map_err(|e| format!("{e}"))
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() && s <= 1e9 => Ok(s),
        _ => Err(format!(
            "expected a number of seconds above 0, got {text:?}"
        )),
    }
}

/// Runs `grundy quotient`.
pub fn run(args: Args) -> anyhow::Result<()> {
    if let Some(path) = &args.check {
        return check(path);
    }
    let code = args.code.clone().expect("clap requires a code");
    let cancel = Cancel::new();
    {
        let cancel = cancel.clone();
        // Ctrl-C stops the computation; the partial quotient is printed.
        let _ = ctrlc::set_handler(move || cancel.cancel());
    }
    let settings = Settings {
        upto: args.upto,
        max_trial: args.max_trial as usize,
        deadline: args
            .time_limit
            .map(|s| Instant::now() + Duration::from_secs_f64(s)),
        cancel: Some(cancel),
        ..Settings::default()
    };
    let bar = io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new_spinner().with_message(format!("quotient of {code}"));
        bar.set_style(
            ProgressStyle::with_template("{spinner} {msg}: heap {pos} ({elapsed})")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar
    });
    let q = quotient::compute(&code, &settings, &mut |heap| {
        if let Some(bar) = &bar {
            bar.set_position(heap);
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let doc = q.document();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match args.format {
        QuotientFormat::Json => writeln!(out, "{}", serde_json::to_string(&doc)?)?,
        QuotientFormat::Text => write_text(&mut out, &doc, q.largest_trial())?,
    }
    out.flush()?;
    Ok(())
}

fn check(path: &PathBuf) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| UsageError(format!("cannot read {}: {e}", path.display())))?;
    let doc: wire::Quotient = serde_json::from_str(&text).map_err(|e| {
        UsageError(format!(
            "{}: line {}: not a quotient document: {e}",
            path.display(),
            e.line()
        ))
    })?;
    match quotient::check(&doc) {
        Ok(checked) => {
            let mut out = io::stdout().lock();
            writeln!(
                out,
                "{}: a valid certificate of {}: a commutative monoid of {} elements, \
                 pairwise distinguishable; the misère rule holds for every sum of heaps \
                 below {} ({} states){}",
                path.display(),
                doc.game,
                doc.order,
                checked.heaps,
                checked.states,
                if doc.proven {
                    ", which the periodicity argument carries to every heap size"
                } else {
                    " (partial: not proven beyond them)"
                }
            )?;
            Ok(())
        }
        Err(e) => Err(UsageError(format!("{}: refused: {e}", path.display())).into()),
    }
}

fn write_text(out: &mut impl Write, doc: &wire::Quotient, largest: usize) -> io::Result<()> {
    let names: Vec<String> = doc.generators.iter().map(|g| g.name.clone()).collect();
    let word = |x: u32| quotient::write_word(&doc.elements[x as usize], &names);
    let status = if doc.proven {
        "proven for every heap size".to_string()
    } else {
        format!(
            "PARTIAL: heaps 0 … {} only ({})",
            doc.heaps.saturating_sub(1),
            doc.unproven.as_deref().unwrap_or("not proven")
        )
    };
    writeln!(out, "Misère quotient of {}: {status}", doc.game)?;
    writeln!(out, "  |Q| = {}, |P| = {}", doc.order, doc.p_size)?;
    let gens: Vec<String> = doc
        .generators
        .iter()
        .map(|g| format!("{} = heap {}", g.name, g.heap))
        .collect();
    let rels: Vec<&str> = doc.relations.iter().map(|r| r.text.as_str()).collect();
    writeln!(
        out,
        "  Q = ⟨{} | {}⟩",
        names.join(", "),
        if rels.is_empty() {
            "—".to_string()
        } else {
            rels.join(", ")
        }
    )?;
    writeln!(
        out,
        "  generators: {}",
        if gens.is_empty() {
            "none".into()
        } else {
            gens.join(", ")
        }
    )?;
    let p: Vec<String> = doc.p_portion.iter().map(|&x| word(x)).collect();
    writeln!(out, "  P = {{{}}}", p.join(", "))?;
    match (doc.period, doc.preperiod) {
        (Some(period), Some(preperiod)) => {
            let pre: Vec<String> = doc.pretending[..preperiod as usize]
                .iter()
                .map(|&x| word(x))
                .collect();
            let per: Vec<String> = doc.pretending[preperiod as usize..]
                .iter()
                .map(|&x| word(x))
                .collect();
            writeln!(out, "  Φ: period {period}, preperiod {preperiod}")?;
            if preperiod > 0 {
                writeln!(out, "  Φ(0 … {}) = {}", preperiod - 1, pre.join(" "))?;
            }
            writeln!(out, "  then repeating: {}", per.join(" "))?;
        }
        _ => {
            let shown = doc.pretending.len().min(200);
            let phi: Vec<String> = doc.pretending[..shown].iter().map(|&x| word(x)).collect();
            writeln!(
                out,
                "  Φ(0 … {}) = {}{}",
                shown.saturating_sub(1),
                phi.join(" "),
                if shown < doc.pretending.len() {
                    " …"
                } else {
                    ""
                }
            )?;
        }
    }
    let changes: Vec<String> = doc
        .changes
        .iter()
        .map(|c| format!("heap {}: |Q| = {}, |P| = {}", c.heap, c.order, c.p_size))
        .collect();
    writeln!(
        out,
        "  the partial quotient changed at {}",
        if changes.is_empty() {
            "no heap".into()
        } else {
            changes.join("; ")
        }
    )?;
    if let Some(h) = doc.last_rogue {
        writeln!(out, "  last rogue heap (the last change): {h}")?;
    }
    match doc.tame {
        Some(k) => writeln!(
            out,
            "  tame: T_{k}, the quotient of misère Nim on heaps below 2^{k}"
        )?,
        None => writeln!(out, "  not tame (no T_k)")?,
    }
    if !doc.proven {
        writeln!(out, "  largest trial quotient built: {largest} elements")?;
    }
    Ok(())
}
