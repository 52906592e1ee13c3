//! grundy for Python: the `grundy._grundy` extension module, which the
//! `grundy` package re-exports (see `python/grundy/__init__.py` and the
//! type stubs beside it).
//!
//! Every game comes from the library's registry and is asked through its
//! one engine interface ([`grundy::dynamic`]); this crate only converts
//! between Python values and the wire format.

use pyo3::prelude::*;

mod cache;
mod convert;
mod deadline;
mod game;
mod nimber;
mod octal;
mod quotient;
mod solver;

pyo3::create_exception!(
    grundy,
    RulesError,
    pyo3::exceptions::PyValueError,
    "A game defined in Python went wrong: its options function raised, returned something of the wrong shape, or let a position be reached from itself."
);

pyo3::create_exception!(
    grundy,
    JudgeError,
    pyo3::exceptions::PyValueError,
    "Judge input that grundy judge refuses; `answers` holds the answers written before the bad case."
);

/// The extension module.
#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("JudgeError", py.get_type::<JudgeError>())?;
    m.add_class::<nimber::Nimber>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<octal::OctalResult>()?;
    m.add_class::<solver::Solver>()?;
    m.add_function(wrap_pyfunction!(nimber::mex, m)?)?;
    m.add_function(wrap_pyfunction!(game::game, m)?)?;
    m.add_function(wrap_pyfunction!(game::games, m)?)?;
    m.add_function(wrap_pyfunction!(game::judge, m)?)?;
    m.add_function(wrap_pyfunction!(game::table, m)?)?;
    m.add_function(wrap_pyfunction!(octal::octal, m)?)?;
    m.add_function(wrap_pyfunction!(octal::proven_period, m)?)?;
    m.add_function(wrap_pyfunction!(quotient::quotient, m)?)?;
    m.add_function(wrap_pyfunction!(quotient::check_quotient, m)?)?;
    m.add_function(wrap_pyfunction!(cache::cache_contents, m)?)?;
    m.add_function(wrap_pyfunction!(cache::clear_cache, m)?)?;
    Ok(())
}
