//! `grundy census PATTERN --quotient`: the misère quotient of every code of
//! a census, one line per code: its order, P size, period and preperiod
//! when proven, else how far it got and why it stopped.

use std::io::{self, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use grundy::games::octal::census::{Header, Indexed};
use grundy::games::octal::OctalCode;
use grundy::misere::quotient::{compute, describe, Settings};
use indicatif::ProgressBar;

use super::census::CensusFormat;

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
}

impl Indexed for Line {
    fn index(&self) -> usize {
        self.index
    }
}

/// Computes the quotients of `codes[i]` for every i in `mine` on `threads`
/// threads, each within `header.upto` heaps and its time limit, and writes
/// one line per code in `format` (after the header, in `jsonl`).
pub fn run(
    header: &Header,
    codes: &[OctalCode],
    mine: &[usize],
    threads: usize,
    format: CensusFormat,
    bar: Option<ProgressBar>,
) -> anyhow::Result<()> {
    let upto = header.upto;
    let limit = Duration::from_secs(header.time_limit.unwrap_or(DEFAULT_SECONDS));
    let next = AtomicUsize::new(0);
    let results: Vec<Mutex<Option<Line>>> = mine.iter().map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..threads.min(mine.len()).max(1) {
            scope.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(&index) = mine.get(k) else { break };
                let settings = Settings {
                    upto,
                    max_oracle: 500_000,
                    deadline: Some(Instant::now() + limit),
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
                };
                if let Ok(mut slot) = results[k].lock() {
                    *slot = Some(line);
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
    let lines: Vec<Line> = results
        .into_iter()
        .filter_map(|slot| slot.into_inner().ok().flatten())
        .collect();
    write_out(header, &lines, format)
}

/// Writes a census of quotients: its header and lines in `jsonl`, else
/// the lines as a CSV or Markdown table.
pub fn write_out(header: &Header, lines: &[Line], format: CensusFormat) -> anyhow::Result<()> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let got = |l: &Line| match (l.period, l.preperiod) {
        (Some(p), Some(n0)) => (p.to_string(), n0.to_string()),
        _ => ("-".to_string(), "-".to_string()),
    };
    match format {
        CensusFormat::Jsonl => {
            writeln!(out, "{}", serde_json::to_string(header)?)?;
            for line in lines {
                writeln!(out, "{}", serde_json::to_string(line)?)?;
            }
        }
        CensusFormat::Csv => {
            writeln!(
                out,
                "code,order,p_size,proven,period,preperiod,heaps,largest_trial"
            )?;
            for l in lines {
                let (p, n0) = got(l);
                writeln!(
                    out,
                    "{},{},{},{},{p},{n0},{},{}",
                    l.code, l.order, l.p_size, l.proven, l.heaps, l.largest_trial
                )?;
            }
        }
        CensusFormat::Markdown => {
            writeln!(
                out,
                "| code | \\|Q\\| | \\|P\\| | period | preperiod | heaps | status |"
            )?;
            writeln!(out, "|---|---|---|---|---|---|---|")?;
            for l in lines {
                let (p, n0) = got(l);
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
    }
    out.flush()?;
    Ok(())
}
