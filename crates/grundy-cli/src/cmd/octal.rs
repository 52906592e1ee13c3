//! `grundy octal`: the Grundy sequence of a take-and-break game, and its
//! period once the periodicity theorem proves one.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, IsTerminal, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::ValueEnum;
use grundy::games::octal::checkpoint::Checkpoint;
use grundy::games::octal::values_file::{ValuesReader, ValuesWriter};
use grundy::games::octal::{LongRun, Memory, OctalCode, RunError, Sequence};
use grundy::pace;
use grundy::persist;
use indicatif::{ProgressBar, ProgressState, ProgressStyle};

use crate::input::UsageError;
use crate::signals;

const EXAMPLES: &str = "\
Examples:
  grundy octal 0.07                  # Dawson's Kayles: period 34, preperiod 53
  grundy octal 0.8 --time-limit 10   # splits in three: as far as 10 s gets
  grundy octal 0.77 --format json    # Kayles
  grundy octal 4.07 --upto 5000      # may also split a heap without taking
  grundy octal 0.161 --upto 10000000 --no-values
  grundy octal 0.6 --upto 4294967296 --no-values --values-out 0.6.gsq \\
      --checkpoint 0.6.ck            # Ctrl-C, then the same with --resume 0.6.ck
  grundy octal --read 0.6.gsq --from 1000000 --count 40
  grundy octal 0.77 --misere         # Kayles: genus of heaps 0..20, first wild heap";

/// The most values `--upto` may ask for.
const MAX_UPTO: u64 = 1 << 40;

/// The most values computed between looks at the clock, the checkpoint and
/// Ctrl-C; fewer where values cost more, so that a batch lasts about
/// [`pace::TARGET`].
const BATCH: u64 = 1 << 16;

/// Compute the Grundy sequence of an octal (or hexadecimal) game.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct Args {
    /// The game's code: digits, a point, digits, e.g. 0.07, 4.07 or 0.3F.
    #[arg(value_parser = parse_code, required_unless_present_any = ["read", "resume"])]
    pub code: Option<OctalCode>,
    /// Compute at most this many values (G(0) … G(N − 1)) when no period
    /// is proven sooner [default: 1000000, or the resumed run's].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_UPTO))]
    pub upto: Option<u64>,
    /// The output format.
    #[arg(long, value_enum, default_value_t = OctalFormat::Text)]
    pub format: OctalFormat,
    /// Leave the values out: only the period, preperiod and count.
    #[arg(long)]
    pub no_values: bool,
    /// Stop after this many seconds, printing the values computed (no
    /// period claimed) and, with --checkpoint, saving the run for
    /// --resume. The clock is read between batches of values sized to last
    /// about 20 ms, and within a value of a code that splits a heap in
    /// three, so the run stops within 100 ms.
    #[arg(long, value_name = "SECONDS", value_parser = super::quotient::parse_seconds,
          conflicts_with_all = ["read", "misere"])]
    pub time_limit: Option<f64>,
    /// Also write the values to FILE in grundy's compact binary form (see
    /// docs/octal.md), as they are computed; Ctrl-C, SIGTERM or SIGHUP
    /// end the run with every value computed in FILE.
    #[arg(long, value_name = "FILE")]
    pub values_out: Option<PathBuf>,
    /// Save the run's state to FILE every --checkpoint-every seconds and
    /// on Ctrl-C, SIGTERM or SIGHUP (written to FILE.tmp, synced, then
    /// renamed).
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Seconds between checkpoints.
    #[arg(long, default_value_t = 60, value_name = "SECONDS",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub checkpoint_every: u64,
    /// Continue the run saved in FILE (with --values-out again if it was
    /// writing one).
    #[arg(long, value_name = "FILE", conflicts_with = "read")]
    pub resume: Option<PathBuf>,
    /// Print values from a file written by --values-out instead of
    /// computing.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["code", "values_out", "checkpoint"])]
    pub read: Option<PathBuf>,
    /// Threads for one sequence: 2 values two heaps at once where the code
    /// allows it (no `4.` splits, no splits in three) [default: 2 if this
    /// machine has two cores or more, else 1].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=2))]
    pub threads: Option<u64>,
    /// With --read: the first heap to print.
    #[arg(long, default_value_t = 0, requires = "read")]
    pub from: u64,
    /// With --read: how many values to print [default: all].
    #[arg(long, requires = "read")]
    pub count: Option<u64>,
    /// Misère play: the genus of each heap (its normal value and misère
    /// values with copies of *2), whether it is tame, and the first heap
    /// that is not [--upto default: 21 heaps].
    #[arg(long, conflicts_with_all = ["read", "resume", "checkpoint", "values_out", "no_values"])]
    pub misere: bool,
    /// With --misere: the most positions the searches may value.
    #[arg(long, value_name = "N", default_value_t = grundy::misere::DEFAULT_BUDGET,
          value_parser = clap::value_parser!(u64).range(1..), requires = "misere")]
    pub misere_budget: u64,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum OctalFormat {
    /// A summary line, then the values twenty to a line.
    Text,
    /// `n,grundy`, one row per value.
    Csv,
    /// `{"code":…, "computed":n, "period":p|null, "preperiod":n0|null, "values":[…]}`.
    Json,
}

fn parse_code(text: &str) -> Result<OctalCode, String> {
    text.parse().map_err(|e| format!("{e}"))
}

/// Runs `grundy octal`.
pub fn run(args: Args) -> anyhow::Result<()> {
    if let Some(path) = &args.read {
        return read(&args, path);
    }
    if args.misere {
        let code = args.code.as_ref().expect("clap requires a code");
        let upto = args.upto.unwrap_or(super::genus::DEFAULT_HEAPS);
        return super::genus::run(code, upto, args.misere_budget, args.format);
    }
    let memory = Memory::default();
    let (mut run, upto, values_bytes) = start(&args, memory)?;
    let code = run.code().clone();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    run.set_threads(args.threads.map_or(cores.min(2), |t| t as usize));
    if !args.no_values && upto > memory.window_after && run.periodicity().is_none() {
        return Err(UsageError(format!(
            "more than {} values are not printed: add --no-values (and --values-out FILE to keep them)",
            memory.window_after
        ))
        .into());
    }
    let mut values_out = open_values(&args, &code, &run, values_bytes)?;
    if upto >= 1 << 24 || args.checkpoint.is_some() {
        announce_memory(&code, upto, memory);
    }
    let stop = Arc::new(AtomicBool::new(false));
    // A run that keeps something (a checkpoint, a values file) keeps it
    // all on Ctrl-C, SIGTERM or SIGHUP; one that only prints just ends.
    if args.checkpoint.is_some() || values_out.is_some() {
        let stop = Arc::clone(&stop);
        signals::on_stop(move || stop.store(true, Ordering::SeqCst))
            .map_err(|e| anyhow::anyhow!("cannot catch Ctrl-C: {e}"))?;
    }
    // A code that splits in three takes long at any size worth asking.
    let long = upto >= 1 << 20 || (code.splits_in_three() && upto >= 1 << 12);
    let bar = (io::stderr().is_terminal() && long).then(|| progress_bar(&run, upto));
    let deadline = args
        .time_limit
        .map(|s| Instant::now() + Duration::from_secs_f64(s));
    // A first checkpoint at once: a run killed at any moment can resume.
    if let Some(path) = &args.checkpoint {
        save(path, &run, upto, values_out.as_mut())?;
    }
    let (failure, timed_out) = compute(
        &args,
        &mut run,
        (upto, deadline),
        &mut values_out,
        bar.as_ref(),
        &stop,
    )?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if let Some(e) = failure {
        // The values computed are kept: the last block written.
        if let Some(out) = values_out {
            out.into_inner()?;
        }
        return Err(anyhow::Error::new(e).context(format!(
            "{code}: computed {} values (digest {:016x})",
            run.computed(),
            run.digest()
        )));
    }
    run.finish();
    if let Some(out) = values_out {
        out.into_inner()?
            .into_inner()
            .map_err(|e| e.into_error())?
            .sync_all()?;
    }
    if let Some(path) = &args.checkpoint {
        save(path, &run, upto, None)?;
        if timed_out {
            eprintln!(
                "grundy: the time limit stopped the run after {} values; continue with --resume {}",
                run.computed(),
                path.display()
            );
        }
    }
    let sequence = Sequence {
        values: run.values().map(<[u32]>::to_vec).unwrap_or_default(),
        periodicity: run.periodicity(),
    };
    let mut out = BufWriter::new(io::stdout().lock());
    write(&args, &code, &run, (&sequence, timed_out), &mut out)?;
    out.flush()?;
    Ok(())
}

/// The run to go on with: resumed from `--resume` (checked to be of the
/// code given, if one is), or new; with its target and the values file's
/// length so far.
fn start(args: &Args, memory: Memory) -> anyhow::Result<(LongRun, u64, u64)> {
    let Some(path) = &args.resume else {
        let code = args.code.clone().expect("clap requires a code");
        let upto = args.upto.unwrap_or(1_000_000);
        return Ok((LongRun::new(&code, memory), upto, 0));
    };
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let saved = Checkpoint::load(&mut io::BufReader::new(file))
        .map_err(|e| UsageError(format!("{}: {e}", path.display())))?;
    if let Some(code) = &args.code {
        if code != saved.run.code() {
            return Err(UsageError(format!(
                "{} is a run of {}, not of {code}",
                path.display(),
                saved.run.code()
            ))
            .into());
        }
    }
    let upto = args.upto.unwrap_or(saved.upto);
    Ok((saved.run, upto, saved.values_bytes))
}

/// The memory a long run will hold, said before it starts.
fn announce_memory(code: &OctalCode, upto: u64, memory: Memory) {
    let estimate = memory.estimate(upto);
    let mib = |b: u64| b.div_ceil(1 << 20);
    match estimate.windowed_bytes {
        Some(w) => eprintln!(
            "grundy: {upto} values of {code}: at most {} MiB once only a window is kept \
             (after {} values, if the code has a sparse space; its period search then \
             proves periods up to {} from the values kept), else up to {} MiB",
            mib(w),
            memory.window_after,
            memory.longest_period(),
            mib(estimate.full_bytes)
        ),
        None => eprintln!(
            "grundy: {upto} values of {code}: at most {} MiB",
            mib(estimate.full_bytes)
        ),
    }
}

/// The progress bar of a run on a terminal.
fn progress_bar(run: &LongRun, upto: u64) -> ProgressBar {
    let style = ProgressStyle::with_template(
        "{msg} [{bar:40}] {human_pos}/{human_len} ({rate}, {elapsed}, about {eta} left)",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar())
    .with_key(
        "rate",
        |state: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{}", rate(state.per_sec()));
        },
    )
    .progress_chars("=> ");
    let bar = ProgressBar::new(upto)
        .with_style(style)
        .with_message(format!("G(n) of {}", run.code()));
    bar.set_position(run.computed());
    bar.reset_eta();
    bar
}

/// Computes values batch by batch up to `upto` or a proven period (or the
/// deadline), writing them to the values file, saving checkpoints, and on
/// Ctrl-C (SIGTERM, SIGHUP) saving and exiting with 128 + the signal's
/// number; the engine's failure, if it failed, and whether the deadline
/// stopped the run.
fn compute(
    args: &Args,
    run: &mut LongRun,
    (upto, deadline): (u64, Option<Instant>),
    values_out: &mut Option<ValuesWriter<BufWriter<File>>>,
    bar: Option<&ProgressBar>,
    stop: &AtomicBool,
) -> anyhow::Result<(Option<RunError>, bool)> {
    let every = Duration::from_secs(args.checkpoint_every);
    let mut saved_at = Instant::now();
    let mut batch = Vec::with_capacity(BATCH as usize);
    let mut pacer = run.pacer(pace::TARGET, BATCH);
    let mut failure = None;
    let mut fell_back_noted = run.fell_back().is_some();
    while run.computed() < upto && run.periodicity().is_none() {
        // Past the limit with the run unfinished: stopped.
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Ok((None, true));
        }
        batch.clear();
        if let Err(e) = run.advance_paced(&mut pacer, upto, &mut batch) {
            failure = Some(e);
        }
        if let Some(out) = values_out {
            out.write(&batch)?;
        }
        if let Some(bar) = bar {
            bar.set_position(run.computed());
        }
        if let (Some(gap), false) = (run.catching_up().or(run.fell_back()), fell_back_noted) {
            fell_back_noted = true;
            let note = || {
                eprintln!(
                    "grundy: {gap}: every value is computed again, and all are kept from now on"
                )
            };
            match bar {
                Some(bar) => bar.suspend(note),
                None => note(),
            }
        }
        let interrupted = stop.load(Ordering::SeqCst);
        if let Some(path) = &args.checkpoint {
            if interrupted || failure.is_some() || saved_at.elapsed() >= every {
                save(path, run, upto, values_out.as_mut())?;
                saved_at = Instant::now();
            }
        }
        if interrupted {
            if let Some(bar) = bar {
                bar.abandon();
            }
            interrupted_end(args, run, values_out.take())?;
            std::process::exit(signals::stopped_status());
        }
        if failure.is_some() {
            break;
        }
    }
    Ok((failure, false))
}

/// Says where a run stopped by a signal left its work: the checkpoint to
/// resume (already saved), or else the values file, finished here with
/// every value computed (its last block short, as at a run's end).
fn interrupted_end(
    args: &Args,
    run: &LongRun,
    values_out: Option<ValuesWriter<BufWriter<File>>>,
) -> anyhow::Result<()> {
    let (computed, code) = (run.computed(), run.code());
    if let Some(path) = &args.checkpoint {
        eprintln!(
            "grundy: interrupted after {computed} values of {code}; saved to {} (continue with \
             --resume {})",
            path.display(),
            path.display()
        );
        return Ok(());
    }
    if let (Some(out), Some(path)) = (values_out, &args.values_out) {
        out.into_inner()?
            .into_inner()
            .map_err(|e| e.into_error())?
            .sync_all()?;
        eprintln!(
            "grundy: interrupted after {computed} values of {code}; all are in {} (a run with \
             --checkpoint can be resumed)",
            path.display()
        );
    }
    Ok(())
}

/// The values file: new, or continued from a checkpoint's length.
fn open_values(
    args: &Args,
    code: &OctalCode,
    run: &LongRun,
    values_bytes: u64,
) -> anyhow::Result<Option<ValuesWriter<BufWriter<File>>>> {
    let Some(path) = &args.values_out else {
        if values_bytes > 0 {
            return Err(UsageError(
                "the resumed run was writing a values file: give --values-out FILE again".into(),
            )
            .into());
        }
        return Ok(None);
    };
    let cannot =
        |e: io::Error| anyhow::Error::new(e).context(format!("cannot write {}", path.display()));
    if args.resume.is_none() {
        let file = File::create(path).map_err(cannot)?;
        return Ok(Some(ValuesWriter::create(
            BufWriter::new(file),
            &code.to_string(),
        )?));
    }
    if values_bytes == 0 {
        return Err(UsageError(
            "the resumed run wrote no values file; --values-out can only continue one".into(),
        )
        .into());
    }
    // The file must be this code's and hold at least what was saved.
    let reader = File::open(path).map_err(cannot)?;
    let found =
        ValuesReader::open(reader).map_err(|e| UsageError(format!("{}: {e}", path.display())))?;
    if found.code() != code.to_string() {
        return Err(UsageError(format!(
            "{} holds values of {}, not of {code}",
            path.display(),
            found.code()
        ))
        .into());
    }
    let mut file = OpenOptions::new().write(true).open(path).map_err(cannot)?;
    let length = file.metadata()?.len();
    if length < values_bytes {
        return Err(UsageError(format!(
            "{} has {length} bytes, fewer than the {values_bytes} the checkpoint saw",
            path.display()
        ))
        .into());
    }
    // Values written after the checkpoint are computed again.
    file.set_len(values_bytes)?;
    file.seek(SeekFrom::End(0))?;
    // The file holds whole blocks; the values after them, which the run
    // keeps, wait for the block they begin (as in a run not stopped).
    let held = ValuesReader::open(File::open(path).map_err(cannot)?)
        .and_then(|mut reader| reader.count())
        .map_err(|e| UsageError(format!("{}: {e}", path.display())))?;
    let after = run.values_from(held).ok_or_else(|| {
        UsageError(format!(
            "{} holds {held} values, and the resumed run ({} values) no longer keeps those after them",
            path.display(),
            run.computed()
        ))
    })?;
    let mut out = ValuesWriter::resume(BufWriter::new(file), values_bytes);
    out.write(after)?;
    Ok(Some(out))
}

/// Saves the run atomically: FILE.tmp, synced, renamed over FILE, and the
/// folder synced. The values file is flushed and synced first, so the
/// length saved is on disk.
fn save(
    path: &Path,
    run: &LongRun,
    upto: u64,
    values: Option<&mut ValuesWriter<BufWriter<File>>>,
) -> anyhow::Result<()> {
    let values_bytes = match values {
        Some(out) => {
            out.flush()?;
            out.get_ref().get_ref().sync_data()?;
            out.written()
        }
        None => 0,
    };
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    persist::replace(path, Path::new(&tmp), |out| {
        Checkpoint::save_parts(run, upto, values_bytes, out)
    })?;
    Ok(())
}

/// `--read FILE`: prints the values in the range asked.
fn read(args: &Args, path: &Path) -> anyhow::Result<()> {
    let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let mut reader = ValuesReader::open(io::BufReader::new(file))
        .map_err(|e| UsageError(format!("{}: {e}", path.display())))?;
    let code = reader.code().to_string();
    let count = args.count.unwrap_or(u64::MAX);
    let mut out = BufWriter::new(io::stdout().lock());
    let mut csv_header = args.format == OctalFormat::Csv;
    let mut line_start = None;
    let mut values = Vec::new();
    let found = reader
        .read_range(args.from, count, &mut |n, v| {
            match args.format {
                OctalFormat::Text => {
                    if (n - args.from).is_multiple_of(20) {
                        if line_start.is_some() {
                            writeln!(out)?;
                        }
                        write!(out, "{n}:")?;
                        line_start = Some(n);
                    }
                    write!(out, " {v}")?;
                }
                OctalFormat::Csv => {
                    if csv_header {
                        writeln!(out, "n,grundy")?;
                        csv_header = false;
                    }
                    writeln!(out, "{n},{v}")?;
                }
                OctalFormat::Json => values.push(v),
            }
            Ok(())
        })
        .map_err(|e| UsageError(format!("{}: {e}", path.display())))?;
    match args.format {
        OctalFormat::Text if line_start.is_some() => writeln!(out)?,
        OctalFormat::Csv if csv_header => writeln!(out, "n,grundy")?,
        OctalFormat::Json => {
            serde_json::to_writer(
                &mut out,
                &serde_json::json!({"code": code, "from": args.from, "values": values}),
            )?;
            writeln!(out)?;
        }
        _ => {}
    }
    out.flush()?;
    if found == 0 && args.count != Some(0) {
        return Err(UsageError(format!(
            "{} holds no values from heap {}",
            path.display(),
            args.from
        ))
        .into());
    }
    Ok(())
}

fn write(
    args: &Args,
    code: &OctalCode,
    run: &LongRun,
    (sequence, timed_out): (&Sequence, bool),
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let values = &sequence.values;
    match args.format {
        OctalFormat::Text => {
            match sequence.periodicity {
                Some(p) => writeln!(
                    out,
                    "{code}: period {}, preperiod {} (proven from the first {} values)",
                    p.period,
                    p.preperiod,
                    run.computed()
                )?,
                None => {
                    let stopped = if timed_out {
                        " (the time limit stopped the run)"
                    } else {
                        ""
                    };
                    if run.code().periodicity_applies() {
                        writeln!(
                            out,
                            "{code}: no period found in the first {} values{stopped}",
                            run.computed()
                        )?;
                    } else {
                        writeln!(
                            out,
                            "{code}: {} values{stopped}; no period is claimed: the periodicity \
                             theorem does not hold {}",
                            run.computed(),
                            run.code().why_no_period_theorem()
                        )?;
                    }
                }
            }
            if args.no_values {
                writeln!(
                    out,
                    "largest value {}, digest {:016x} (FNV-1a of the values as 4-byte little-endian)",
                    run.largest(),
                    run.digest()
                )?;
            }
            if !args.no_values {
                let width = (values.len().max(1) - 1).to_string().len();
                for (line, chunk) in values.chunks(20).enumerate() {
                    write!(out, "{:>width$}:", line * 20)?;
                    for v in chunk {
                        write!(out, " {v}")?;
                    }
                    writeln!(out)?;
                }
            }
        }
        OctalFormat::Csv => {
            let mut csv = csv::Writer::from_writer(out);
            csv.write_record(["n", "grundy"])?;
            if !args.no_values {
                let mut field = Vec::with_capacity(12);
                for (n, v) in values.iter().enumerate() {
                    field.clear();
                    write!(field, "{n}")?;
                    csv.write_field(&field)?;
                    field.clear();
                    write!(field, "{v}")?;
                    csv.write_field(&field)?;
                    csv.write_record(None::<&[u8]>)?;
                }
            }
            csv.flush()?;
        }
        OctalFormat::Json => {
            // The wire format's sequence, as `/api/octal` answers (with
            // no values under --no-values).
            let json = grundy::wire::Sequence {
                format: grundy::wire::FORMAT_VERSION,
                game: format!("octal:{code}"),
                computed: run.computed() as usize,
                period: sequence.periodicity.map(|p| p.period as u64),
                preperiod: sequence.periodicity.map(|p| p.preperiod as u64),
                complete: !timed_out,
                values: if args.no_values {
                    Vec::new()
                } else {
                    values.clone()
                },
                histogram: Some(run.histogram().to_vec()),
                sparse: run
                    .sparse_space()
                    .map(|(mask, rare_heaps)| grundy::wire::SparseSpace {
                        mask,
                        rare_heaps: rare_heaps.to_vec(),
                    }),
            };
            serde_json::to_writer(&mut *out, &json)?;
            writeln!(out)?;
        }
    }
    Ok(())
}

/// Values a second as a person reads them: whole, with commas.
fn rate(per_second: f64) -> String {
    let whole = if per_second.is_finite() && per_second > 0.0 {
        per_second.round() as u128
    } else {
        0
    };
    format!("{} values/s", grundy::notation::with_commas(whole))
}

#[cfg(test)]
mod tests {
    #[test]
    fn rates_are_whole_numbers_with_commas() {
        assert_eq!(super::rate(315_589.859_3), "315,590 values/s");
        assert_eq!(super::rate(0.4), "0 values/s");
        assert_eq!(super::rate(f64::NAN), "0 values/s");
    }
}
