//! `grundy.quotient(code, upto=…, time_limit=…)`: the misère quotient of a
//! take-and-break game as `grundy quotient --format json` prints it, as a
//! dict; `grundy.check_quotient(doc)` checks one as a certificate.

use std::sync::Arc;

use grundy::games::heap::HeapRules;
use grundy::games::octal::OctalCode;
use grundy::misere::quotient::{
    check_until, compute, resume, CheckError, Checked, Quotient, ResumableChecks, Settings,
};
use grundy::shared::Cancel;
use grundy::wire;
use grundy_cache::{document_bytes, CheckedQuotients};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::convert;

/// `grundy.quotient(code, upto=100_000, *, time_limit=None)`: the misère
/// quotient of `code` (`"0.77"` or `"octal:0.77"`), heap by heap until its
/// pretending function is proven periodic, `upto` heaps, or `time_limit`
/// seconds; a dict with the document's fields (`order`, `p_size`,
/// `proven`, `period`, `preperiod`, `changes`, `generators`, `relations`,
/// `elements`, `actions`, `p_portion`, `pretending`, …). Releases the GIL;
/// Ctrl-C stops it with `KeyboardInterrupt`. With `cache=True` (the
/// default) a proven quotient is kept in the user's cache, shared with the
/// CLI, and decides the code's misère play from then on (`grundy.game(…,
/// misere=True)`, `grundy solve --misere`); a partial one is kept when it
/// reaches further than the one kept for the code, and decides the sums of
/// the heaps it reached until one is proven. The run goes on from the
/// quotient kept for the code (proven, or the partial one that reaches
/// furthest) when that does not pass `upto`: the same quotient as from
/// heap 0, sooner.
#[pyfunction]
#[pyo3(signature = (code, upto=100_000, *, time_limit=None, cache=true))]
pub fn quotient<'py>(
    py: Python<'py>,
    code: &str,
    upto: u64,
    time_limit: Option<f64>,
    cache: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let parsed: OctalCode = code
        .strip_prefix("octal:")
        .unwrap_or(code)
        .parse()
        .map_err(|e| PyValueError::new_err(format!("{e}")))?;
    if upto == 0 {
        return Err(PyValueError::new_err("upto: at least 1 heap"));
    }
    let deadline = crate::deadline::deadline(time_limit)?;
    let cancel = Cancel::new();
    // The check a proof waits on goes on where a stopped one got.
    let checks = CheckedQuotients::of_this_user(cache)
        .map(|kept| Arc::new(kept) as Arc<dyn ResumableChecks>);
    let settings = Settings {
        upto,
        deadline,
        cancel: Some(cancel.clone()),
        checks,
        ..Settings::default()
    };
    let kept = CheckedQuotients::of_this_user(cache);
    // The run goes on from the quotient kept for the code when that does
    // not pass `upto`, as `grundy quotient` does: the same quotient.
    let start = kept
        .as_ref()
        .and_then(|kept| kept.start(&HeapRules::name(&parsed), upto));
    let doc = py.detach(move || {
        let mut interrupted = false;
        let mut progress = |_| {
            if !interrupted && Python::attach(|py| py.check_signals()).is_err() {
                interrupted = true;
                cancel.cancel();
            }
        };
        let q = match start {
            Some(start) => resume(start.as_ref().clone(), &settings, &mut progress),
            None => compute(&parsed, &settings, &mut progress),
        };
        (!interrupted).then(|| (q.document(), q.exact()))
    });
    let (doc, exact) =
        doc.ok_or_else(|| pyo3::exceptions::PyKeyboardInterrupt::new_err("stopped"))?;
    // A proof passed the certificate check, as in `grundy quotient`; a
    // partial one that reaches further than the one kept is kept too.
    if let (true, Some(kept)) = (exact, kept) {
        let _ = kept.remember_built(&doc, &bytes(&doc)?);
    }
    convert::plain(py, &doc)
}

/// The document's bytes as the CLI writes it, which name its copy in the
/// cache.
fn bytes(doc: &wire::Quotient) -> PyResult<Vec<u8>> {
    document_bytes(doc).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// A quotient document (a dict) read and checked as a certificate, for a
/// game to decide by (`grundy.game(…, quotient=doc)`). With `cache`, one
/// the user's cache keeps a copy of (byte for byte, as the CLI writes it)
/// passed before and is not checked again, and one that passes is kept.
pub fn given(doc: &Bound<'_, PyAny>, cache: bool) -> PyResult<Quotient> {
    let py = doc.py();
    let doc: wire::Quotient = serde_json::from_value(convert::to_json(doc)?)
        .map_err(|e| PyValueError::new_err(format!("quotient=: not a quotient document: {e}")))?;
    let kept = CheckedQuotients::of_this_user(cache);
    let document = bytes(&doc)?;
    match &kept {
        Some(kept) if kept.knows(&document) => kept.note(&doc, &document),
        _ => {
            checked(py, &doc, &document, kept.as_ref())?
                .map_err(|e| PyValueError::new_err(format!("quotient=: {e}")))?;
        }
    }
    Quotient::from_document(&doc).map_err(|e| PyValueError::new_err(format!("quotient=: {e}")))
}

/// `grundy.check_quotient(doc)`: checks a quotient document (a dict from
/// `grundy.quotient`, or its JSON read back) as a certificate; returns how
/// many heaps it covers, or raises `ValueError` naming the failure. Always
/// checked; with `cache=True` (the default) a document that passes is kept
/// as `grundy quotient --check` keeps it (a proven one then decides its
/// code's misère play; a partial one, the sums of its heaps, when it
/// reaches further than the one kept), and a check that Ctrl-C stops while
/// it reads the heaps keeps how far it got: the next check of the same
/// document goes on from there.
#[pyfunction]
#[pyo3(signature = (doc, *, cache=true))]
pub fn check_quotient(doc: &Bound<'_, PyAny>, cache: bool) -> PyResult<u64> {
    let py = doc.py();
    let doc: wire::Quotient = serde_json::from_value(convert::to_json(doc)?)
        .map_err(|e| PyValueError::new_err(format!("not a quotient document: {e}")))?;
    let kept = CheckedQuotients::of_this_user(cache);
    let heaps = checked(py, &doc, &bytes(&doc)?, kept.as_ref())?
        .map(|checked| checked.heaps)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(heaps)
}

/// The certificate check of `doc` (whose bytes as the CLI writes it are
/// `document`), with the GIL released (it takes minutes for a document of
/// many heaps); a signal's exception (Ctrl-C's `KeyboardInterrupt`) stops
/// it and is raised. With the cache (`kept`), a document that passes is
/// kept, and a check stopped while reading the heaps keeps how far it got
/// for the next check of the same document to go on from.
fn checked(
    py: Python<'_>,
    doc: &wire::Quotient,
    document: &[u8],
    kept: Option<&CheckedQuotients>,
) -> PyResult<Result<Checked, CheckError>> {
    let (result, raised) = py.detach(|| {
        let raised = std::cell::Cell::new(None);
        let stop = || match Python::attach(|py| py.check_signals()) {
            Ok(()) => false,
            Err(e) => {
                raised.set(Some(e));
                true
            }
        };
        let result = match kept {
            Some(kept) => kept.check(doc, document, &stop, &|_| {}),
            None => check_until(doc, &stop),
        };
        (result, raised.into_inner())
    });
    match (result, raised) {
        (Err(CheckError::Stopped), Some(e)) => Err(e),
        (result, _) => Ok(result),
    }
}
