//! `grundy census`: many octal codes at once, over all cores, in shards a
//! cluster's batch scheduler can run; `grundy census merge` joins them.

use std::fs;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use anyhow::Context;
use clap::ValueEnum;
use grundy::games::octal::census::{self, Entry, Header};
use grundy::games::octal::OctalCode;
use indicatif::{ProgressBar, ProgressStyle};

use super::census_output::{self, Finished, Out};
use super::quotient_census;
use crate::input::UsageError;

const EXAMPLES: &str = "\
Examples:
  grundy census '0.??'                          # every two-digit octal game
  grundy census '0.???' --upto 1000000 --format markdown
  grundy census '0.??' --hex --upto 100000      # hexadecimal digits
  grundy census @codes.txt                      # the codes in a file, one a line
  grundy census '0.???' --shard 3/8 > part3.jsonl   # one shard of eight
  grundy census merge part*.jsonl --format csv
  grundy census '0.??' --quotient --time-limit 5    # misère quotients, a line a code";

/// The most values per code.
const MAX_UPTO: u64 = 500_000_000;

/// Compute many octal games: each until its period is proven or --upto
/// values, over all cores; one JSON line per code.
///
/// PATTERN is a code with `?` for any digit (0.??, 4.?7), or @FILE for the
/// codes in a file (one a line, `#` comments). Each line: the code, its
/// period and preperiod (null when none is proven), the values computed,
/// the largest value, its sparse space (mask, rare heaps, last rare heap),
/// and the smallest code of the census with the same sequence up to a
/// shift of the first heaps. The first line describes the census.
///
/// Each line is written as soon as the lines before it are. Ctrl-C (or
/// SIGTERM, as a batch scheduler's time limit sends) stops the codes
/// running within about 100 ms, writes them as far as they got (marked
/// `"interrupted":true`), starts no other and ends with status 128 + the
/// signal's number (130 for Ctrl-C, 143 for SIGTERM).
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES, args_conflicts_with_subcommands = true,
          subcommand_negates_reqs = true)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<CensusCommand>,
    /// The codes: a pattern such as 0.??? or @FILE.
    #[arg(required = true)]
    pub pattern: Option<String>,
    /// `?` stands for a hexadecimal digit (0–F), not an octal one.
    #[arg(long)]
    pub hex: bool,
    /// Values computed at most per code.
    #[arg(long, default_value_t = 1_000_000,
          value_parser = clap::value_parser!(u64).range(1..=MAX_UPTO))]
    pub upto: u64,
    /// Compute only shard I of N (`3/8`): disjoint, deterministic slices of
    /// the codes, for separate machines; join them with `grundy census merge`.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    pub shard: Option<(usize, usize)>,
    /// Seconds each code may take: a code still running then is written as
    /// far as it got, with `"timed_out":true` (no limit by default).
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..))]
    pub time_limit: Option<u64>,
    /// Codes computed at once (all cores by default).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub jobs: Option<u16>,
    /// `jsonl` (the only form `merge` reads), `csv`, or a `markdown` table.
    #[arg(long, value_enum, default_value_t = CensusFormat::Jsonl)]
    pub format: CensusFormat,
    /// Write the lines to FILE (JSON Lines), not to standard output. A run
    /// cut short leaves every line finished there; the same command run
    /// again resumes it: the finished lines are kept and the codes after
    /// them computed. A FILE of another census is refused.
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Misère quotients instead of Grundy sequences: per code its order, P
    /// size, period and preperiod, or how far it got (--upto counts heaps;
    /// --time-limit defaults to 10 seconds a code).
    #[arg(long)]
    pub quotient: bool,
}

#[derive(Debug, clap::Subcommand)]
pub enum CensusCommand {
    /// Join the JSON Lines of every shard of one census into its table.
    Merge(MergeArgs),
}

#[derive(Debug, clap::Args)]
pub struct MergeArgs {
    /// The shards' outputs (JSON Lines), every shard exactly once.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// `jsonl`, `csv` or `markdown`.
    #[arg(long, value_enum, default_value_t = CensusFormat::Jsonl)]
    pub format: CensusFormat,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CensusFormat {
    /// A header line, then one JSON object per code.
    Jsonl,
    /// One row per code.
    Csv,
    /// A Markdown table.
    Markdown,
}

fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let (i, n) = text
        .split_once('/')
        .ok_or_else(|| format!("expected I/N, like 3/8, found `{text}`"))?;
    let number = |s: &str| s.trim().parse::<usize>().ok().filter(|&x| x >= 1);
    match (number(i), number(n)) {
        (Some(i), Some(n)) if i <= n && n <= 1_000_000 => Ok((i, n)),
        _ => Err(format!(
            "expected I/N with 1 ≤ I ≤ N ≤ 1000000, found `{text}`"
        )),
    }
}

/// Runs `grundy census`.
pub fn run(args: Args) -> anyhow::Result<()> {
    if let Some(CensusCommand::Merge(merge)) = args.command {
        return run_merge(merge);
    }
    let pattern = args.pattern.clone().unwrap_or_default();
    let codes = codes_of(&pattern, args.hex)?;
    let (i, n) = args.shard.unwrap_or((1, 1));
    let mine = census::shard(codes.len(), i, n);
    let threads = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    );
    let bar = io::stderr().is_terminal().then(|| {
        let style = ProgressStyle::with_template(
            "{msg} [{bar:40}] {pos}/{len} codes ({elapsed}, about {eta} left)",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
        ProgressBar::new(mine.len() as u64)
            .with_style(style)
            .with_message(format!("census of {pattern}"))
    });
    let header = Header {
        census: pattern.clone(),
        upto: args.upto,
        shard: [i, n],
        codes: codes.len(),
        time_limit: args.time_limit,
        quotient: args.quotient,
    };
    if args.output.is_some() && args.format != CensusFormat::Jsonl {
        return Err(UsageError(
            "--output writes JSON Lines (which a resumed run reads); make a table of them with \
             `grundy census merge FILE --format csv` or `markdown`"
                .into(),
        )
        .into());
    }
    let output = args.output.as_deref();
    if args.quotient {
        let opened =
            census_output::open::<quotient_census::Line>(output, &header, &mine, &mut |_| {})?;
        return quotient_census::run(&header, &codes, &mine, opened, threads, args.format, bar);
    }
    let upto = args.upto as usize;
    let limit = args.time_limit.map(std::time::Duration::from_secs);
    let cancel = census_output::cancel_on_signal();
    let mut linker = census::Linker::default();
    let opened = census_output::open::<Entry>(output, &header, &mine, &mut |mut e| {
        linker.link(&mut e);
    })?;
    let kept = opened.kept;
    let mine = &mine[kept..];
    if let Some(bar) = &bar {
        bar.set_length(mine.len() as u64);
    }
    let mut rows = Rows::new(args.format, opened.out);
    if !opened.has_header {
        rows.header(&header)?;
    }
    // Each line is written once the lines before it are: its `same_as`
    // needs only those, and a run cut short keeps every line written.
    let out = Mutex::new((InOrder::new(mine.len()), rows, linker));
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(mine.len()).max(1) {
            scope.spawn(|| loop {
                if cancel.is_cancelled() {
                    break;
                }
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(&index) = mine.get(k) else { break };
                let entry = census::survey_within(index, &codes[index], upto, limit, Some(&cancel));
                let Ok(mut out) = out.lock() else { break };
                let (order, rows, linker) = &mut *out;
                let mut write = |mut e: Entry| {
                    linker.link(&mut e);
                    rows.row(&e)
                };
                let wrote = match &bar {
                    Some(bar) => bar.suspend(|| order.finish(k, entry, &mut write)),
                    None => order.finish(k, entry, &mut write),
                };
                if wrote.is_err() {
                    // Nothing more can be written (the reader went away):
                    // stop.
                    cancel.cancel();
                }
                if let Some(bar) = &bar {
                    bar.inc(1);
                }
            });
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let (order, _, _) = out
        .into_inner()
        .map_err(|_| anyhow::anyhow!("a census thread panicked"))?;
    let written = kept + order.written();
    order.result()?;
    if cancel.is_cancelled() {
        census_output::interrupted(written, kept + mine.len(), output);
    }
    Ok(())
}

impl Finished for Entry {
    fn finished(&self) -> bool {
        !self.interrupted
    }
}

/// Lines finished in any order, written in the run's order: each as soon
/// as every line before it is written.
pub(super) struct InOrder<T> {
    /// The lines finished but not yet written, by place in the run.
    done: Vec<Option<T>>,
    /// How many lines are written: all of those before this place.
    written: usize,
    /// The first write that failed.
    failed: Option<io::Error>,
}

impl<T> InOrder<T> {
    /// For a run of `lines` lines.
    pub(super) fn new(lines: usize) -> InOrder<T> {
        InOrder {
            done: (0..lines).map(|_| None).collect(),
            written: 0,
            failed: None,
        }
    }

    /// Keeps the run's `k`-th line and passes every line now ready to
    /// `write`, in order. After a failed write nothing more is written,
    /// and every call fails.
    pub(super) fn finish(
        &mut self,
        k: usize,
        line: T,
        write: &mut dyn FnMut(T) -> io::Result<()>,
    ) -> io::Result<()> {
        let failed = || io::Error::other("an earlier line could not be written");
        if self.failed.is_some() {
            return Err(failed());
        }
        if let Some(slot) = self.done.get_mut(k) {
            *slot = Some(line);
        }
        while let Some(line) = self.done.get_mut(self.written).and_then(Option::take) {
            if let Err(e) = write(line) {
                // Kept as it is: a closed pipe is told by its kind.
                self.failed = Some(e);
                return Err(failed());
            }
            self.written += 1;
        }
        Ok(())
    }

    /// How many lines are written.
    pub(super) fn written(&self) -> usize {
        self.written
    }

    /// The first failed write, if any.
    pub(super) fn result(self) -> io::Result<()> {
        self.failed.map_or(Ok(()), Err)
    }
}

/// The codes of a pattern, or of `@FILE`.
fn codes_of(pattern: &str, hex: bool) -> anyhow::Result<Vec<OctalCode>> {
    let Some(path) = pattern.strip_prefix('@') else {
        return census::expand(pattern, hex).map_err(|e| UsageError(e.to_string()).into());
    };
    let text = fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?;
    let mut codes = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let code: OctalCode = line.parse().map_err(|e| {
            UsageError(format!(
                "{path}: line {}: `{line}` is not a code: {e}",
                k + 1
            ))
        })?;
        codes.push(code);
    }
    if codes.is_empty() {
        return Err(UsageError(format!("{path} holds no code")).into());
    }
    Ok(codes)
}

fn run_merge(args: MergeArgs) -> anyhow::Result<()> {
    // The first file's header says which census (Grundy sequences or
    // misère quotients) every file must be a shard of.
    let quotient = match args.files.first() {
        Some(path) => open_shard(path)?.0.quotient,
        None => false,
    };
    let merged = |e: census::MergeError| UsageError(e.to_string());
    if quotient {
        let mut parts = Vec::new();
        for path in &args.files {
            parts.push(read_shard::<quotient_census::Line>(path, true)?);
        }
        let (header, lines) = census::merge_shards(parts).map_err(merged)?;
        return quotient_census::write_out(&header, &lines, args.format);
    }
    let mut parts = Vec::new();
    for path in &args.files {
        parts.push(read_shard::<Entry>(path, false)?);
    }
    let (header, entries) = census::merge(parts).map_err(merged)?;
    write_out(&header, &entries, args.format)
}

/// A usage error at line `line` of shard file `path`.
fn bad(path: &Path, line: usize, what: String) -> anyhow::Error {
    UsageError(format!("{}: line {line}: {what}", path.display())).into()
}

/// A shard file's header (its first line) and the lines after it.
fn open_shard(path: &Path) -> anyhow::Result<(Header, io::Lines<BufReader<fs::File>>)> {
    let name = path.display();
    let file = fs::File::open(path).with_context(|| format!("cannot open {name}"))?;
    let mut lines = BufReader::new(file).lines();
    let first = lines
        .next()
        .transpose()
        .with_context(|| format!("cannot read {name}"))?
        .ok_or_else(|| bad(path, 1, "empty, expected a census header".to_string()))?;
    let header: Header = serde_json::from_str(&first)
        .map_err(|e| bad(path, 1, format!("expected a census header ({e})")))?;
    Ok((header, lines))
}

/// A shard's output: its header, which must be of a census of quotients
/// exactly when `quotient`, and its lines, each finished (none stopped by
/// an interruption).
fn read_shard<E: Finished>(path: &Path, quotient: bool) -> anyhow::Result<(Header, Vec<E>)> {
    let (header, lines) = open_shard(path)?;
    if header.quotient != quotient {
        let kind = |q: bool| {
            if q {
                "misère quotients"
            } else {
                "Grundy sequences"
            }
        };
        let what = format!(
            "a census of {}, the first file's is of {}",
            kind(header.quotient),
            kind(quotient)
        );
        return Err(bad(path, 1, what));
    }
    let mut entries = Vec::new();
    for (k, line) in lines.enumerate() {
        let line = line.with_context(|| format!("cannot read {}", path.display()))?;
        if line.trim().is_empty() {
            continue;
        }
        let entry: E = serde_json::from_str(&line)
            .map_err(|e| bad(path, k + 2, format!("expected a census line ({e})")))?;
        if !entry.finished() {
            let what = "a code an interruption stopped: resume the shard (the same command, \
                        with --output FILE) before merging it";
            return Err(bad(path, k + 2, what.to_string()));
        }
        entries.push(entry);
    }
    Ok((header, entries))
}

fn write_out(header: &Header, entries: &[Entry], format: CensusFormat) -> anyhow::Result<()> {
    let mut rows = Rows::new(format, Box::new(io::stdout()));
    rows.header(header)?;
    for e in entries {
        rows.row(e)?;
    }
    Ok(())
}

/// Standard output in one of the census's formats, flushed after every
/// line.
struct Rows {
    format: CensusFormat,
    out: BufWriter<Out>,
}

impl Rows {
    fn new(format: CensusFormat, out: Out) -> Rows {
        Rows {
            format,
            out: BufWriter::new(out),
        }
    }

    /// The census's header in `jsonl`, the table's head otherwise.
    fn header(&mut self, header: &Header) -> io::Result<()> {
        let out = &mut self.out;
        match self.format {
            CensusFormat::Jsonl => writeln!(out, "{}", serde_json::to_string(header)?)?,
            CensusFormat::Csv => self.csv([
                "code",
                "period",
                "preperiod",
                "computed",
                "largest",
                "mask",
                "rare",
                "last_rare",
                "same_as",
                "shift",
                "timed_out",
                "interrupted",
            ])?,
            CensusFormat::Markdown => {
                writeln!(
                    out,
                    "| code | period | preperiod | values | largest | sparse space (mask, rare, last) | same as |"
                )?;
                writeln!(out, "|---|---|---|---|---|---|---|")?;
            }
        }
        self.out.flush()
    }

    /// One code's line.
    fn row(&mut self, e: &Entry) -> io::Result<()> {
        let number = |x: Option<u64>| x.map_or(String::new(), |x| x.to_string());
        match self.format {
            CensusFormat::Jsonl => writeln!(self.out, "{}", serde_json::to_string(e)?)?,
            CensusFormat::Csv => {
                let sparse = e.sparse.as_ref();
                self.csv([
                    e.code.clone(),
                    number(e.period),
                    number(e.preperiod),
                    e.computed.to_string(),
                    e.largest.to_string(),
                    sparse.map_or(String::new(), |s| s.mask.to_string()),
                    sparse.map_or(String::new(), |s| s.rare.to_string()),
                    sparse.map_or(String::new(), |s| s.last_rare.to_string()),
                    e.same_as.as_ref().map_or(String::new(), |s| s.code.clone()),
                    e.same_as
                        .as_ref()
                        .map_or(String::new(), |s| s.shift.to_string()),
                    e.timed_out.to_string(),
                    e.interrupted.to_string(),
                ])?;
            }
            CensusFormat::Markdown => {
                let sparse = e.sparse.as_ref().map_or(String::new(), |s| {
                    format!("{}, {}, {}", s.mask, s.rare, s.last_rare)
                });
                let same = e.same_as.as_ref().map_or(String::new(), |s| match s.shift {
                    0 => s.code.clone(),
                    k => format!("{} (shift {k:+})", s.code),
                });
                let period = e.period.map_or("—".to_string(), |p| p.to_string());
                let preperiod = e.preperiod.map_or("—".to_string(), |p| p.to_string());
                let stopped = match (e.timed_out, e.interrupted) {
                    (true, _) => " (time limit)",
                    (_, true) => " (interrupted)",
                    _ => "",
                };
                writeln!(
                    self.out,
                    "| {} | {period} | {preperiod} | {}{stopped} | {} | {sparse} | {same} |",
                    e.code, e.computed, e.largest
                )?;
            }
        }
        self.out.flush()
    }

    /// One CSV record (quoted as the `csv` crate quotes).
    fn csv<I>(&mut self, record: I) -> io::Result<()>
    where
        I: IntoIterator,
        I::Item: AsRef<[u8]>,
    {
        let mut csv = csv::Writer::from_writer(&mut self.out);
        csv.write_record(record)?;
        csv.flush()
    }
}
