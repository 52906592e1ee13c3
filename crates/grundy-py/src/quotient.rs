//! `grundy.quotient(code, upto=…, time_limit=…)`: the misère quotient of a
//! take-and-break game as `grundy quotient --format json` prints it, as a
//! dict; `grundy.check_quotient(doc)` checks one as a certificate.

use std::time::{Duration, Instant};

use grundy::games::octal::OctalCode;
use grundy::misere::quotient::{check_until, compute, CheckError, Checked, Quotient, Settings};
use grundy::shared::Cancel;
use grundy::wire;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::convert;

/// `grundy.quotient(code, upto=100_000, *, time_limit=None)`: the misère
/// quotient of `code` (`"0.77"` or `"octal:0.77"`), heap by heap until its
/// pretending function is proven periodic, `upto` heaps, or `time_limit`
/// seconds; a dict with the document's fields (`order`, `p_size`,
/// `proven`, `period`, `preperiod`, `changes`, `generators`, `relations`,
/// `elements`, `actions`, `p_portion`, `pretending`, …). Releases the GIL;
/// Ctrl-C stops it with `KeyboardInterrupt`.
#[pyfunction]
#[pyo3(signature = (code, upto=100_000, *, time_limit=None))]
pub fn quotient<'py>(
    py: Python<'py>,
    code: &str,
    upto: u64,
    time_limit: Option<f64>,
) -> PyResult<Bound<'py, PyAny>> {
    let parsed: OctalCode = code
        .strip_prefix("octal:")
        .unwrap_or(code)
        .parse()
        .map_err(|e| PyValueError::new_err(format!("{e}")))?;
    if upto == 0 {
        return Err(PyValueError::new_err("upto: at least 1 heap"));
    }
    let deadline = match time_limit {
        Some(s) if s > 0.0 && s.is_finite() => Some(Instant::now() + Duration::from_secs_f64(s)),
        Some(s) => {
            return Err(PyValueError::new_err(format!(
                "time_limit: expected seconds above 0, got {s}"
            )))
        }
        None => None,
    };
    let cancel = Cancel::new();
    let settings = Settings {
        upto,
        deadline,
        cancel: Some(cancel.clone()),
        ..Settings::default()
    };
    let doc = py.detach(move || {
        let mut interrupted = false;
        let q = compute(&parsed, &settings, &mut |_| {
            if !interrupted && Python::attach(|py| py.check_signals()).is_err() {
                interrupted = true;
                cancel.cancel();
            }
        });
        (!interrupted).then(|| q.document())
    });
    let doc = doc.ok_or_else(|| pyo3::exceptions::PyKeyboardInterrupt::new_err("stopped"))?;
    convert::plain(py, &doc)
}

/// A quotient document (a dict) read and checked as a certificate, for a
/// game to decide by (`grundy.game(…, quotient=doc)`).
pub fn given(doc: &Bound<'_, PyAny>) -> PyResult<Quotient> {
    let py = doc.py();
    let doc: wire::Quotient = serde_json::from_value(convert::to_json(doc)?)
        .map_err(|e| PyValueError::new_err(format!("quotient=: not a quotient document: {e}")))?;
    checked(py, &doc)?.map_err(|e| PyValueError::new_err(format!("quotient=: {e}")))?;
    Quotient::from_document(&doc).map_err(|e| PyValueError::new_err(format!("quotient=: {e}")))
}

/// `grundy.check_quotient(doc)`: checks a quotient document (a dict from
/// `grundy.quotient`, or its JSON read back) as a certificate; returns how
/// many heaps it covers, or raises `ValueError` naming the failure.
#[pyfunction]
pub fn check_quotient(doc: &Bound<'_, PyAny>) -> PyResult<u64> {
    let py = doc.py();
    let doc: wire::Quotient = serde_json::from_value(convert::to_json(doc)?)
        .map_err(|e| PyValueError::new_err(format!("not a quotient document: {e}")))?;
    checked(py, &doc)?
        .map(|checked| checked.heaps)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The certificate check of `doc`, with the GIL released (it takes
/// minutes for a document of many heaps); a signal's exception (Ctrl-C's
/// `KeyboardInterrupt`) stops it and is raised.
fn checked(py: Python<'_>, doc: &wire::Quotient) -> PyResult<Result<Checked, CheckError>> {
    let (result, raised) = py.detach(|| {
        let raised = std::cell::Cell::new(None);
        let stop = || match Python::attach(|py| py.check_signals()) {
            Ok(()) => false,
            Err(e) => {
                raised.set(Some(e));
                true
            }
        };
        let result = check_until(doc, &stop);
        (result, raised.into_inner())
    });
    match (result, raised) {
        (Err(CheckError::Stopped), Some(e)) => Err(e),
        (result, _) => Ok(result),
    }
}
