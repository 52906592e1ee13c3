//! `grundy.octal(code, upto=…)`: the Grundy sequence of an octal game, as
//! `grundy octal` computes it, into a NumPy array without a copy.

use std::time::Instant;

use grundy::games::octal::{LongRun, Memory, OctalCode};
use grundy::pace;
use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The most values `upto` may ask for (as `grundy octal --upto`).
const MAX_UPTO: u64 = 1 << 40;

/// The most values computed between looks for Ctrl-C; fewer where values
/// cost more, so that a batch lasts about [`pace::TARGET`].
const BATCH: u64 = 1 << 20;

/// The Grundy sequence of an octal game.
#[pyclass(frozen, module = "grundy", name = "OctalResult")]
pub struct OctalResult {
    /// The code, as grundy writes it (`0.161`).
    #[pyo3(get)]
    code: String,
    /// G(0), G(1), … as a NumPy `uint32` array; `None` with `values=False`.
    #[pyo3(get)]
    values: Option<Py<PyArray1<u32>>>,
    /// The proven period, if one was found.
    #[pyo3(get)]
    period: Option<u64>,
    /// Values before the period starts.
    #[pyo3(get)]
    preperiod: Option<u64>,
    /// How many values were computed.
    #[pyo3(get)]
    computed: u64,
    /// The largest value computed.
    #[pyo3(get)]
    largest: u32,
    /// FNV-1a over the values as little-endian u32s (as `grundy octal
    /// --no-values` prints it), to compare runs without keeping values.
    #[pyo3(get)]
    digest: u64,
    /// False when `time_limit` stopped the run before `upto` values or a
    /// proven period.
    #[pyo3(get)]
    complete: bool,
}

#[pymethods]
impl OctalResult {
    fn __repr__(&self) -> String {
        let period = match (self.period, self.preperiod) {
            (Some(p), Some(n0)) => format!("period={p}, preperiod={n0}"),
            _ => "period=None".to_string(),
        };
        let stopped = if self.complete {
            ""
        } else {
            ", complete=False"
        };
        format!(
            "OctalResult(code={:?}, computed={}, {period}, largest={}{stopped})",
            self.code, self.computed, self.largest
        )
    }
}

/// What the computation hands back.
struct Finished {
    values: Option<Vec<u32>>,
    period: Option<(u64, u64)>,
    computed: u64,
    largest: u32,
    digest: u64,
    complete: bool,
}

/// `grundy.octal(code, upto=1_000_000)`: G(0) … G(upto − 1), or fewer when
/// a period is proven first (the periodicity theorem, checked at the last
/// value too). Runs without holding the GIL, on up to `threads` threads
/// (both cores by default), and stops with `KeyboardInterrupt` on Ctrl-C;
/// `time_limit` seconds end it with the values computed (`complete`
/// False), looked at between batches of about 20 ms (and within a value
/// of a code that splits a heap in three) as `grundy octal --time-limit`
/// does.
/// Beyond 2^25 values only a window is kept: pass `values=False` and
/// compare `digest`.
#[pyfunction]
#[pyo3(signature = (code, upto=1_000_000, *, values=true, threads=None, time_limit=None))]
pub fn octal(
    py: Python<'_>,
    code: &str,
    upto: u64,
    values: bool,
    threads: Option<usize>,
    time_limit: Option<f64>,
) -> PyResult<OctalResult> {
    let parsed: OctalCode = code
        .parse()
        .map_err(|e| PyValueError::new_err(format!("{e}")))?;
    if !(1..=MAX_UPTO).contains(&upto) {
        return Err(PyValueError::new_err(format!(
            "upto: {upto} is not in 1..=2^40"
        )));
    }
    let deadline = crate::deadline::deadline(time_limit)?;
    let memory = Memory::default();
    if values && upto > memory.window_after {
        return Err(PyValueError::new_err(format!(
            "more than {} values are not kept: pass values=False (the result keeps the digest and the largest value)",
            memory.window_after
        )));
    }
    let threads = threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get().min(2)));
    let name = parsed.to_string();
    let finished = py.detach(move || -> PyResult<Finished> {
        let mut run = LongRun::new(&parsed, memory);
        run.set_threads(threads);
        let mut batch = Vec::new();
        let mut pacer = run.pacer(pace::TARGET, BATCH);
        let mut complete = true;
        while run.computed() < upto && run.periodicity().is_none() {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                complete = false;
                break;
            }
            batch.clear();
            run.advance_paced(&mut pacer, upto, &mut batch)
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
            Python::attach(|py| py.check_signals())?;
        }
        run.finish();
        let period = run
            .periodicity()
            .map(|p| (p.period as u64, p.preperiod as u64));
        let (computed, largest, digest) = (run.computed(), run.largest(), run.digest());
        Ok(Finished {
            values: if values { run.into_values() } else { None },
            period,
            computed,
            largest,
            digest,
            complete,
        })
    })?;
    Ok(OctalResult {
        code: name,
        values: finished.values.map(|v| PyArray1::from_vec(py, v).unbind()),
        period: finished.period.map(|p| p.0),
        preperiod: finished.period.map(|p| p.1),
        computed: finished.computed,
        largest: finished.largest,
        digest: finished.digest,
        complete: finished.complete,
    })
}

/// `grundy.proven_period(values, max_take, parts=2)`: `(period, preperiod)`
/// when the periodicity theorem proves the sequence periodic from what is
/// given (G(n + p) = G(n) for n0 ≤ n < r·n0 + (r − 1)·p + t, with t = the
/// most tokens a move takes and r = `parts`, the most heaps a move leaves,
/// at least 2), else `None`. The check `grundy.octal` runs, for values
/// computed elsewhere (a game defined in Python that is an octal or
/// hexadecimal game).
#[pyfunction]
#[pyo3(signature = (values, max_take, parts = 2))]
pub fn proven_period(values: Vec<u32>, max_take: usize, parts: u64) -> Option<(usize, usize)> {
    let bound = grundy::games::octal::Bound {
        t: max_take as u64,
        parts,
    };
    grundy::games::octal::proven_period_within(&values, bound).map(|p| (p.period, p.preperiod))
}
