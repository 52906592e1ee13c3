//! `grundy census PATTERN --quotient`: the misère quotient of every code of
//! a census, one line per code: its order, P size, period and preperiod
//! when proven, else how far it got and why it stopped.

use std::io::{self, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use grundy::games::octal::census::{Header, Indexed};
use grundy::games::octal::OctalCode;
use grundy::misere::quotient::{compute, describe, Settings, Unproven};
use indicatif::ProgressBar;

use super::census::{CensusFormat, InOrder};
use super::census_output::{self, Finished, Opened, Out};

/// Seconds a code may take when `--time-limit` is not given.
pub const DEFAULT_SECONDS: u64 = 10;

/// One code's line (after the census's header, in `jsonl`; `grundy
/// census merge` joins the shards' lines).
#[derive(Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Line {
    /// The code's place in the census, from 0.
    index: usize,
    code: String,
    order: usize,
    p_size: usize,
    proven: bool,
    period: Option<u64>,
    preperiod: Option<u64>,
    heaps: u64,
    largest_trial: usize,
    unproven: Option<String>,
    /// Whether the census was interrupted (Ctrl-C, SIGTERM) while this
    /// code ran: a resumed census computes it again.
    #[serde(default, skip_serializing_if = "is_false")]
    interrupted: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl Indexed for Line {
    fn index(&self) -> usize {
        self.index
    }
}

impl Finished for Line {
    fn finished(&self) -> bool {
        !self.interrupted
    }
}

/// Computes the quotients of `codes[i]` for every i in `mine` on `threads`
/// threads, each within `header.upto` heaps and its time limit, and writes
/// one line per code in `format` (after the header, in `jsonl`), each as
/// soon as the codes before it are written: a reader of the output (or a
/// run cut short) has every line finished so far.
///
/// Ctrl-C (or SIGTERM or SIGHUP) stops the run: the codes being computed
/// stop within 100 ms and are written as far as they got (unproven,
/// "stopped"), no other code is started, and the run ends with 128 plus
/// the signal's number (130 for Ctrl-C, 143 for SIGTERM) after saying how
/// many codes were written.
pub fn run(
    header: &Header,
    codes: &[OctalCode],
    mine: &[usize],
    opened: Opened,
    threads: usize,
    format: CensusFormat,
    bar: Option<ProgressBar>,
) -> anyhow::Result<()> {
    let upto = header.upto;
    let limit = Duration::from_secs(header.time_limit.unwrap_or(DEFAULT_SECONDS));
    let cancel = census_output::cancel_on_signal();
    let kept = opened.kept;
    let output = opened.path.clone();
    let output = output.as_deref();
    let mine = &mine[kept..];
    if let Some(bar) = &bar {
        bar.set_length(mine.len() as u64);
    }
    let mut sink = Sink::new(format, opened.out);
    if !opened.has_header {
        sink.header(header)?;
    }
    let out = Mutex::new((InOrder::new(mine.len()), sink));
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(mine.len()).max(1) {
            scope.spawn(|| loop {
                if cancel.is_cancelled() {
                    break;
                }
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(&index) = mine.get(k) else { break };
                let settings = Settings {
                    upto,
                    max_oracle: 500_000,
                    deadline: Some(Instant::now() + limit),
                    cancel: Some(cancel.clone()),
                    ..Settings::default()
                };
                let q = compute(&codes[index], &settings, &mut |_| {});
                let line = Line {
                    index,
                    code: codes[index].to_string(),
                    order: q.order(),
                    p_size: q.p_size(),
                    proven: q.period().is_some(),
                    period: q.period().map(|p| p.period as u64),
                    preperiod: q.period().map(|p| p.preperiod as u64),
                    heaps: q.heaps(),
                    largest_trial: q.largest_trial(),
                    unproven: q.unproven().map(describe),
                    interrupted: matches!(q.unproven(), Some(Unproven::Stopped))
                        && cancel.is_cancelled(),
                };
                let Ok(mut out) = out.lock() else { break };
                let (order, sink) = &mut *out;
                let mut write = |l: Line| sink.row(&l);
                // Lines and the bar share a terminal: the bar steps aside.
                let wrote = match &bar {
                    Some(bar) => bar.suspend(|| order.finish(k, line, &mut write)),
                    None => order.finish(k, line, &mut write),
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
    let (order, _) = out
        .into_inner()
        .map_err(|_| anyhow::anyhow!("a census thread panicked"))?;
    let written = kept + order.written();
    order.result()?;
    if cancel.is_cancelled() {
        census_output::interrupted(written, kept + mine.len(), output);
    }
    Ok(())
}

/// Writes a census of quotients: its header and lines in `jsonl`, else
/// the lines as a CSV or Markdown table.
pub fn write_out(header: &Header, lines: &[Line], format: CensusFormat) -> anyhow::Result<()> {
    let mut sink = Sink::new(format, Box::new(io::stdout()));
    sink.header(header)?;
    for line in lines {
        sink.row(line)?;
    }
    Ok(())
}

/// Standard output in one of the census's formats, flushed after every
/// line.
struct Sink {
    format: CensusFormat,
    out: io::BufWriter<Out>,
}

impl Sink {
    fn new(format: CensusFormat, out: Out) -> Sink {
        Sink {
            format,
            out: io::BufWriter::new(out),
        }
    }

    /// The census's header in `jsonl`, the table's head otherwise.
    fn header(&mut self, header: &Header) -> io::Result<()> {
        let out = &mut self.out;
        match self.format {
            CensusFormat::Jsonl => writeln!(out, "{}", serde_json::to_string(header)?),
            CensusFormat::Csv => writeln!(
                out,
                "code,order,p_size,proven,period,preperiod,heaps,largest_trial"
            ),
            CensusFormat::Markdown => {
                writeln!(
                    out,
                    "| code | \\|Q\\| | \\|P\\| | period | preperiod | heaps | status |"
                )?;
                writeln!(out, "|---|---|---|---|---|---|---|")
            }
        }
    }

    /// One code's line, flushed.
    fn row(&mut self, l: &Line) -> io::Result<()> {
        let out = &mut self.out;
        let (p, n0) = match (l.period, l.preperiod) {
            (Some(p), Some(n0)) => (p.to_string(), n0.to_string()),
            _ => ("-".to_string(), "-".to_string()),
        };
        match self.format {
            CensusFormat::Jsonl => writeln!(out, "{}", serde_json::to_string(l)?)?,
            CensusFormat::Csv => writeln!(
                out,
                "{},{},{},{},{p},{n0},{},{}",
                l.code, l.order, l.p_size, l.proven, l.heaps, l.largest_trial
            )?,
            CensusFormat::Markdown => {
                let status = if l.proven {
                    "proven".to_string()
                } else {
                    format!("partial (largest trial {})", l.largest_trial)
                };
                writeln!(
                    out,
                    "| {} | {} | {} | {p} | {n0} | {} | {status} |",
                    l.code, l.order, l.p_size, l.heaps
                )?;
            }
        }
        self.out.flush()
    }
}
