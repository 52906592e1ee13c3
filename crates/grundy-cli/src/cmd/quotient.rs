//! `grundy quotient CODE`: the misère quotient of a take-and-break game,
//! heap by heap until its pretending function is proven periodic; and
//! `grundy quotient --check FILE`, a certificate's check.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::ValueEnum;
use grundy::games::heap::HeapRules;
use grundy::games::octal::OctalCode;
use grundy::misere::quotient::{self, CheckError, CheckStage, ResumableChecks, Settings};
use grundy::notation::with_commas;
use grundy::shared::Cancel;
use grundy::wire;
use indicatif::{ProgressBar, ProgressStyle};

use crate::cache::{self, CheckedQuotients};
use crate::input::UsageError;
use crate::signals;
use crate::words::wrap_items;

const EXAMPLES: &str = "\
Examples:
  grundy quotient 0.77                    # Kayles: 40 elements, |P| = 9, period 12
  grundy quotient 0.75 --format json > q.json
  grundy quotient --check q.json          # check it as a certificate
  grundy quotient 0.07 --time-limit 60    # Dawson's Kayles: partial, as far as it gets
  grundy quotient 0.56 --time-limit 600   # a long proof: stopped, the next run goes on
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
    #[arg(value_parser = parse_code, required_unless_present_any = ["check", "resume"])]
    pub code: Option<OctalCode>,
    /// Heaps 0 … N − 1 at most, when no period is proven sooner.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..=MAX_UPTO))]
    pub upto: u64,
    /// Stop after this many seconds (within 100 ms), printing the partial
    /// quotient reached. With --check or --resume the certificate check
    /// counts too: stopped, it decides nothing.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time_limit: Option<f64>,
    /// The most elements of a trial quotient.
    #[arg(long, value_name = "N", default_value_t = 16_384, value_parser = clap::value_parser!(u64).range(2..=1 << 16))]
    pub max_trial: u64,
    /// The output format.
    #[arg(long, value_enum, default_value_t = QuotientFormat::Text)]
    pub format: QuotientFormat,
    /// Check FILE (a quotient written by --format json) as a certificate,
    /// with code written apart from the solver. Stopped while it reads the
    /// heaps, it keeps how far it got in the cache, and the next check of
    /// FILE goes on from there.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["code", "resume"])]
    pub check: Option<PathBuf>,
    /// Save the partial quotient to FILE (its JSON document: written to
    /// FILE.tmp, then renamed) every --checkpoint-every seconds and when
    /// the run ends or is stopped.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Seconds between checkpoints.
    #[arg(long, default_value_t = 60, value_name = "SECONDS",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub checkpoint_every: u64,
    /// Continue the run saved in FILE by --checkpoint (checked as a
    /// certificate first).
    #[arg(long, value_name = "FILE", conflicts_with = "code")]
    pub resume: Option<PathBuf>,
    /// Do not keep copies of the documents that passed the certificate
    /// check (in the user's cache directory, or in GRUNDY_CACHE_DIR), nor
    /// skip the check of a document equal to one, nor go on from the
    /// quotient kept for the code (a run starts from heap 0).
    #[arg(long)]
    pub no_cache: bool,
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

/// A number of seconds above 0 (at most 10^9), as `--time-limit` takes it.
pub(crate) fn parse_seconds(text: &str) -> Result<f64, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("expected a number of seconds, got {text:?}"))?;
    grundy::limits::time_limit(seconds)
        .map(|_| seconds)
        .map_err(|e| e.to_string())
}

/// Runs `grundy quotient`; `no_cache` when `--no-cache` came before it.
pub fn run(args: Args, no_cache: bool) -> anyhow::Result<()> {
    let cancel = Cancel::new();
    {
        let cancel = cancel.clone();
        // Ctrl-C (SIGINT), SIGTERM or SIGHUP stops the computation (or the
        // check); the partial quotient is printed and the run ends with
        // 128 + the signal's number.
        let _ = signals::on_stop(move || cancel.cancel());
    }
    let deadline = args
        .time_limit
        .map(|s| Instant::now() + Duration::from_secs_f64(s));
    let stop = || cancel.is_cancelled() || deadline.is_some_and(|d| Instant::now() >= d);
    let stopped = |e: anyhow::Error| {
        if signals::caught().is_some() {
            eprintln!("grundy: {e:#}");
            std::process::exit(signals::stopped_status());
        }
        e
    };
    let kept = CheckedQuotients::of_this_user(!(args.no_cache || no_cache));
    if let Some(path) = &args.check {
        return check(path, &stop, kept.as_ref()).map_err(stopped);
    }
    let mut start = match &args.resume {
        Some(path) => Some(
            read_checked(path, "a checkpoint to resume", &stop, kept.as_ref()).map_err(stopped)?,
        ),
        None => None,
    };
    let code = match (&args.code, &start) {
        (Some(code), _) => code.clone(),
        (None, Some(q)) => q.code().clone(),
        (None, None) => return Err(UsageError("a code or --resume FILE".into()).into()),
    };
    // Without --resume, a run goes on from the quotient the cache keeps for
    // its code (the proven one, or the partial one that reaches furthest)
    // when that does not pass --upto: the same quotient as from heap 0.
    let mut from_cache = None;
    if let (None, Some(kept)) = (&start, &kept) {
        if let Some(q) = kept.start(&HeapRules::name(&code), args.upto) {
            let heaps = q.heaps();
            from_cache = Some(Started {
                heaps,
                proven: q.period().is_some(),
                went_on: q.period().is_none() && heaps < args.upto,
            });
            start = Some(q.as_ref().clone());
        }
    }
    // A bar to --upto heaps (a period proven sooner ends the run early).
    let bar = io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(args.upto).with_message(format!("quotient of {code}"));
        bar.set_style(
            ProgressStyle::with_template(
                "{msg} [{bar:30}] heap {human_pos}/{human_len} ({elapsed})",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        if let Some(from) = &from_cache {
            bar.set_position(from.heaps);
        }
        bar
    });
    // The check a proof waits on goes on where a stopped one got.
    let checks = CheckedQuotients::of_this_user(!(args.no_cache || no_cache))
        .map(|kept| Arc::new(kept) as Arc<dyn ResumableChecks>);
    let settings = Settings {
        upto: args.upto,
        max_trial: args.max_trial as usize,
        deadline,
        cancel: Some(cancel.clone()),
        checks,
        ..Settings::default()
    };
    let mut progress = |heap| {
        if let Some(bar) = &bar {
            bar.set_position(heap);
        }
    };
    // With --checkpoint the quotient so far is saved as the run goes (a
    // failed save is reported at the end), and once more at the end.
    let mut failed = None;
    let mut save_now = |q: &quotient::Quotient| {
        if let Some(path) = &args.checkpoint {
            if let Err(e) = save(path, &q.document(), None) {
                failed.get_or_insert(e);
            }
        }
    };
    let mut snapshots = quotient::Snapshots {
        every: Duration::from_secs(args.checkpoint_every),
        save: &mut save_now,
    };
    let q = quotient::compute_with(
        &code,
        start.take(),
        &settings,
        &mut progress,
        &mut snapshots,
    );
    // A checkpoint that could not be saved is reported once the quotient is
    // printed, so that the run's result is not lost with it.
    let saved = match (failed, &args.checkpoint) {
        (Some(e), _) => Err(e),
        (None, Some(path)) => save(path, &q.document(), kept.as_ref()),
        (None, None) => Ok(()),
    };
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let doc = q.document();
    let json = cache::document_bytes(&doc)?;
    // A proof passed the certificate check: the document, as `--format
    // json` prints it, is kept (not checked again when given) and decides
    // the code's misère play from now on, whatever the format printed. A
    // partial one that reaches further than the one kept decides the sums
    // of the heaps it reached.
    let kept_here = match (q.exact(), &kept) {
        (true, Some(kept)) => kept.remember_built(&doc, &json) || kept.knows(&json),
        _ => false,
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match args.format {
        QuotientFormat::Json => out.write_all(&json)?,
        QuotientFormat::Text => write_text(
            &mut out,
            &doc,
            q.largest_trial(),
            kept_here,
            from_cache.as_ref(),
        )?,
    }
    out.flush()?;
    saved?;
    if signals::caught().is_some() {
        // Stopped by Ctrl-C, SIGTERM or SIGHUP: the partial quotient is
        // printed (and saved), and the status says how the run ended.
        eprintln!(
            "grundy: interrupted at heap {}; the partial quotient is printed{}",
            doc.heaps,
            args.checkpoint
                .as_ref()
                .map_or(String::new(), |path| format!(
                    " and saved in {} (`grundy quotient --resume {}` goes on)",
                    path.display(),
                    path.display()
                ))
        );
        std::process::exit(signals::stopped_status());
    }
    Ok(())
}

/// Reads a quotient document: its bytes, and what they say.
fn read_document(path: &Path) -> anyhow::Result<(Vec<u8>, wire::Quotient)> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let doc = serde_json::from_slice(&bytes).map_err(|e| {
        UsageError(format!(
            "{}: line {}: not a quotient document: {e}",
            path.display(),
            e.line()
        ))
    })?;
    Ok((bytes, doc))
}

/// Reads a quotient document and has the certificate check (written apart
/// from the solver) pass it before anything trusts it; `what` the file was
/// to be, for the message when it is not. A check that `stop` ends
/// decides nothing, and says so. A document that `checked` keeps a copy of
/// (byte for byte) passed before and is not checked again; one that passes
/// is kept there.
pub fn read_checked(
    path: &Path,
    what: &str,
    stop: &dyn Fn() -> bool,
    checked: Option<&CheckedQuotients>,
) -> anyhow::Result<quotient::Quotient> {
    let refused = |e: String| UsageError(format!("{}: not {what}: {e}", path.display()));
    let (bytes, doc) = read_document(path)?;
    match checked {
        Some(kept) if kept.knows(&bytes) => kept.note(&doc, &bytes),
        _ => {
            check_shown(path, &doc, &bytes, stop, checked)?.map_err(|e| refused(e.to_string()))?;
        }
    }
    Ok(quotient::Quotient::from_document(&doc).map_err(refused)?)
}

/// Checks `doc` (read from `path`, whose bytes are `bytes`) as a
/// certificate, with a bar on a terminal, as a document of many heaps
/// takes minutes. With the cache (`kept`), a document that passes is kept
/// there, and a check stopped while reading the heaps keeps how far it got
/// for the next check of the same file to go on from. Stopped, an error;
/// else whether it passed.
fn check_shown(
    path: &Path,
    doc: &wire::Quotient,
    bytes: &[u8],
    stop: &dyn Fn() -> bool,
    kept: Option<&CheckedQuotients>,
) -> anyhow::Result<Result<quotient::Checked, CheckError>> {
    let bar = io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(1)
            .with_prefix(path.display().to_string())
            .with_message("the monoid");
        bar.set_style(
            ProgressStyle::with_template("checking {prefix}: {msg} [{bar:30}] ({elapsed})")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    });
    let progress = |stage| {
        let Some(bar) = &bar else { return };
        let (msg, done, of) = match stage {
            CheckStage::Monoid { done, of } => ("the monoid".to_string(), done as u64, of as u64),
            // Heap h has about h moves: the bar goes as their square.
            CheckStage::Heaps { heap, heaps } => (
                format!(
                    "heap {} of {}",
                    with_commas(u128::from(heap)),
                    with_commas(u128::from(heaps))
                ),
                heap.saturating_mul(heap),
                heaps.saturating_mul(heaps),
            ),
            CheckStage::Sums { states } => (
                format!("sums, {} states", with_commas(states as u128)),
                1,
                1,
            ),
        };
        bar.set_message(msg);
        bar.set_length(of);
        bar.set_position(done);
    };
    let result = match kept {
        Some(kept) => kept.check(doc, bytes, stop, &progress),
        None => quotient::check_watched(doc, stop, &progress),
    };
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    match result {
        Err(CheckError::Stopped) => {
            let kept_at = kept.and_then(|kept| kept.stopped_check(bytes));
            Err(anyhow::anyhow!(
                "{}: the certificate check was stopped before it ended: nothing is decided{}",
                path.display(),
                match kept_at {
                    Some(heap) => format!(
                        " (it had read the heaps below {}, kept in the cache: the next check \
                         of this file goes on from there)",
                        with_commas(u128::from(heap))
                    ),
                    None => String::new(),
                }
            ))
        }
        result => Ok(result),
    }
}

/// Writes `doc` to `path` through `path.tmp`, synced, then renamed; a
/// proven one is kept in `kept` too (the proof passed the certificate
/// check), so that `--resume` or `--quotient` does not check it again.
fn save(path: &Path, doc: &wire::Quotient, kept: Option<&CheckedQuotients>) -> anyhow::Result<()> {
    // As `--format json` prints it, so that a proven run's checkpoint and
    // printed document are one copy in the cache.
    let bytes = cache::document_bytes(doc)?;
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    {
        let mut file = std::fs::File::create(&tmp)
            .with_context(|| format!("cannot write {}", tmp.display()))?;
        file.write_all(&bytes)?;
        file.sync_all()?;
    }
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))?;
    if let (true, Some(kept)) = (doc.proven, kept) {
        kept.remember(doc, &bytes);
    }
    Ok(())
}

/// `--check FILE`: always checked (and kept in `checked` once passed).
fn check(
    path: &Path,
    stop: &dyn Fn() -> bool,
    kept: Option<&CheckedQuotients>,
) -> anyhow::Result<()> {
    let (bytes, doc) = read_document(path)?;
    match check_shown(path, &doc, &bytes, stop, kept)? {
        Ok(checked) => {
            let mut out = io::stdout().lock();
            writeln!(
                out,
                "{}: a valid certificate of {}: a commutative monoid of {} elements, \
                 pairwise distinguishable; the misère rule holds for every sum of heaps \
                 below {} ({} states){}",
                path.display(),
                doc.game,
                with_commas(doc.order as u128),
                with_commas(u128::from(checked.heaps)),
                with_commas(checked.states as u128),
                if doc.proven {
                    ", which the periodicity argument carries to every heap size"
                } else {
                    " (partial: not proven beyond them)"
                }
            )?;
            if let Some(heap) = checked.went_on_from {
                writeln!(
                    out,
                    "{}: the check went on from heap {}, where a stopped check of this file \
                     had got (the heaps below it were read then; --no-cache reads them all)",
                    path.display(),
                    with_commas(u128::from(heap))
                )?;
            }
            Ok(())
        }
        Err(e) => Err(UsageError(format!("{}: refused: {e}", path.display())).into()),
    }
}

/// The widest a line of the text report gets where its lists can break.
const WIDTH: usize = 100;

/// Where a run started from the cache.
struct Started {
    /// The kept quotient's heaps.
    heaps: u64,
    /// Whether it was proven.
    proven: bool,
    /// Whether the run went on past it (it stopped short of --upto).
    went_on: bool,
}

/// The text report of `doc`; `kept`, whether the cache keeps it as its
/// game's (byte for byte: built further than the one kept, or that one);
/// `from_cache`, where the run started when it went on from the cache.
fn write_text(
    out: &mut impl Write,
    doc: &wire::Quotient,
    largest: usize,
    kept: bool,
    from_cache: Option<&Started>,
) -> io::Result<()> {
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
    let rels: Vec<String> = doc.relations.iter().map(|r| r.text.clone()).collect();
    if names.is_empty() {
        writeln!(out, "  Q = {{1}}, the trivial monoid")?;
    } else if rels.is_empty() {
        writeln!(out, "  Q = ⟨{} | —⟩", names.join(", "))?;
    } else {
        let head = format!("  Q = ⟨{} | ", names.join(", "));
        writeln!(out, "{}", wrap_items(&head, &rels, ", ", "⟩", WIDTH))?;
    }
    if gens.is_empty() {
        writeln!(out, "  generators: none")?;
    } else {
        writeln!(
            out,
            "{}",
            wrap_items("  generators: ", &gens, ", ", "", WIDTH)
        )?;
    }
    let p: Vec<String> = doc.p_portion.iter().map(|&x| word(x)).collect();
    writeln!(out, "{}", wrap_items("  P = {", &p, ", ", "}", WIDTH))?;
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
                let head = format!("  Φ(0 … {}) = ", preperiod - 1);
                writeln!(out, "{}", wrap_items(&head, &pre, " ", "", WIDTH))?;
            }
            writeln!(
                out,
                "{}",
                wrap_items("  then repeating: ", &per, " ", "", WIDTH)
            )?;
        }
        _ => {
            let shown = doc.pretending.len().min(200);
            let phi: Vec<String> = doc.pretending[..shown].iter().map(|&x| word(x)).collect();
            let head = format!("  Φ(0 … {}) = ", shown.saturating_sub(1));
            let tail = if shown < doc.pretending.len() {
                " …"
            } else {
                ""
            };
            writeln!(out, "{}", wrap_items(&head, &phi, " ", tail, WIDTH))?;
        }
    }
    let changes: Vec<String> = doc
        .changes
        .iter()
        .map(|c| format!("heap {}: |Q| = {}, |P| = {}", c.heap, c.order, c.p_size))
        .collect();
    if changes.is_empty() {
        writeln!(out, "  the partial quotient changed at no heap")?;
    } else {
        let head = "  the partial quotient changed at ";
        writeln!(out, "{}", wrap_items(head, &changes, "; ", "", WIDTH))?;
    }
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
    // A run that went on from the cache built its trials from there; one
    // that found the cache's quotient already as far as asked built none.
    let computed = from_cache.is_none_or(|from| from.went_on);
    match from_cache {
        Some(Started { proven: true, .. }) => writeln!(
            out,
            "  read from the cache, where it was kept after the certificate check \
             (--no-cache computes it again)"
        )?,
        Some(Started { heaps, .. }) if computed => writeln!(
            out,
            "  went on from the partial quotient of heaps below {} kept in the cache \
             (--no-cache starts from heap 0)",
            with_commas(u128::from(*heaps))
        )?,
        Some(_) => writeln!(
            out,
            "  read from the cache, where it was kept as far as --upto asks \
             (--no-cache computes it again)"
        )?,
        None => {}
    }
    if !doc.proven {
        let from = from_cache.map_or(String::new(), |from| {
            format!(" from heap {}", with_commas(u128::from(from.heaps)))
        });
        // A run builds no trial while each heap is an element already
        // there (the count starts at the trivial monoid's 1).
        match largest {
            _ if !computed => {}
            0 | 1 => writeln!(out, "  no trial quotient built{from}")?,
            _ => writeln!(
                out,
                "  largest trial quotient built{from}: {} elements",
                with_commas(largest as u128)
            )?,
        }
        let heaps = with_commas(u128::from(doc.heaps));
        if kept {
            writeln!(
                out,
                "  exact for every sum of heaps below {heaps}: kept in the cache, it decides them \
                 in solve, judge and play (--misere) until one is proven; saved with --format \
                 json, with --quotient FILE elsewhere"
            )?;
        } else {
            writeln!(
                out,
                "  exact for every sum of heaps below {heaps}: saved with --format json, it \
                 decides them in solve, judge and play (--misere --quotient FILE)"
            )?;
        }
    }
    Ok(())
}
