//! `grundy.cache_contents()` and `grundy.clear_cache()`: what the user's
//! cache (the CLI's, `GRUNDY_CACHE_DIR` or the platform's folder) holds,
//! and clearing it, as `grundy cache --format json` and `grundy cache
//! --clear` do.

use std::path::PathBuf;

use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert;

/// The user's cache folder, or `OSError` where the platform has none.
fn folder() -> PyResult<PathBuf> {
    grundy_cache::this_users_dir().map_err(|e| PyOSError::new_err(e.to_string()))
}

/// `grundy.cache_contents()`: the folder, the Bomb table, every misère
/// quotient document kept (its file, bytes, game, whether proven, heaps,
/// |Q|, |P|, and whether it decides its code's misère play), every
/// certificate check stopped part way (its file, bytes and the heap the
/// next check goes on from) and the total bytes, as the dict `grundy
/// cache --format json` prints.
#[pyfunction]
pub fn cache_contents(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    let dir = folder()?;
    let contents = grundy_cache::contents(&dir)
        .map_err(|e| PyOSError::new_err(format!("cannot read {}: {e}", dir.display())))?;
    convert::plain(py, &contents.wire())
}

/// `grundy.clear_cache()`: removes grundy's files from the cache folder
/// (nothing else there) as `grundy cache --clear` does; a dict of the
/// `files` removed and their `bytes`.
#[pyfunction]
pub fn clear_cache(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let dir = folder()?;
    let cleared = grundy_cache::clear(&dir)
        .map_err(|e| PyOSError::new_err(format!("cannot clear {}: {e}", dir.display())))?;
    let out = PyDict::new(py);
    out.set_item("files", cleared.files)?;
    out.set_item("bytes", cleared.bytes)?;
    Ok(out)
}
