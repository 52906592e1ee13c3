//! `time_limit=` arguments: seconds above 0 (at most 10^9) as a deadline,
//! the same bounds as `--time-limit` on the command line.

use std::time::Instant;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The deadline `time_limit` seconds from now; `None` without a limit. A
/// limit that is not above 0, past 10^9, or not a number is a
/// `ValueError` naming the argument.
pub fn deadline(time_limit: Option<f64>) -> PyResult<Option<Instant>> {
    time_limit
        .map(|seconds| {
            grundy::limits::time_limit(seconds)
                .map(|limit| Instant::now() + limit)
                .map_err(|e| PyValueError::new_err(format!("time_limit: {e}")))
        })
        .transpose()
}
