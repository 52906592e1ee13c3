//! `grundy.Nimber` and `grundy.mex`.

use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyInt;

use crate::convert::type_name;

/// A Grundy value: `*n`. `^` and `+` are the nim-sum (XOR), `*` the
/// nim-product; `int()` gives n; it compares and hashes as the int n.
#[pyclass(frozen, module = "grundy", name = "Nimber")]
#[derive(Clone, Copy)]
pub struct Nimber(pub grundy::Nimber);

/// The value of a Nimber or a non-negative int below 2^128.
pub fn value_of(object: &Bound<'_, PyAny>) -> Option<u128> {
    if let Ok(nimber) = object.cast::<Nimber>() {
        return Some(nimber.get().0 .0);
    }
    if object.is_instance_of::<PyInt>() {
        return object.extract::<u128>().ok();
    }
    None
}

impl Nimber {
    fn nim_product(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        Ok(match value_of(other) {
            Some(v) => Nimber(self.0 * grundy::Nimber(v))
                .into_pyobject(py)?
                .into_any()
                .unbind(),
            None => py.NotImplemented(),
        })
    }

    fn nim_sum(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        Ok(match value_of(other) {
            Some(v) => Nimber(self.0 ^ grundy::Nimber(v))
                .into_pyobject(py)?
                .into_any()
                .unbind(),
            None => py.NotImplemented(),
        })
    }
}

#[pymethods]
impl Nimber {
    /// `Nimber(n)`: the nimber `*n` (n a non-negative int below 2^128).
    #[new]
    fn new(value: &Bound<'_, PyAny>) -> PyResult<Self> {
        match value_of(value) {
            Some(v) => Ok(Nimber(grundy::Nimber(v))),
            None if value.is_instance_of::<PyInt>() => Err(PyValueError::new_err(format!(
                "a nimber is a whole number from 0 to 2^128 − 1, not {value}"
            ))),
            None => Err(PyTypeError::new_err(format!(
                "a nimber is made from an int, not {}",
                type_name(value)
            ))),
        }
    }

    /// n, as an int.
    #[getter]
    fn value(&self) -> u128 {
        self.0 .0
    }

    fn __int__(&self) -> u128 {
        self.0 .0
    }

    fn __index__(&self) -> u128 {
        self.0 .0
    }

    fn __bool__(&self) -> bool {
        !self.0.is_zero()
    }

    fn __repr__(&self) -> String {
        self.0.to_string()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __xor__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.nim_sum(other)
    }

    fn __rxor__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.nim_sum(other)
    }

    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.nim_sum(other)
    }

    fn __radd__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.nim_sum(other)
    }

    /// The nim-product (Conway's), with which the nimbers are a field.
    fn __mul__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.nim_product(other)
    }

    fn __rmul__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.nim_product(other)
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let py = other.py();
        match value_of(other) {
            Some(v) => op.matches(self.0 .0.cmp(&v)).into_pyobject(py).map_or_else(
                |_| py.NotImplemented(),
                |b| b.to_owned().into_any().unbind(),
            ),
            None => py.NotImplemented(),
        }
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        // As the int n hashes, since they compare equal.
        self.0 .0.into_pyobject(py)?.hash()
    }
}

/// The minimum excludant: the least nimber not among `values` (ints or
/// Nimbers).
#[pyfunction]
pub fn mex(values: &Bound<'_, PyAny>) -> PyResult<Nimber> {
    let mut seen = Vec::new();
    for item in values.try_iter()? {
        let item = item?;
        match value_of(&item) {
            Some(v) => seen.push(grundy::Nimber(v)),
            None => {
                return Err(PyTypeError::new_err(format!(
                    "mex takes Nimbers and non-negative ints, found {} ({})",
                    item.repr()?,
                    type_name(&item)
                )))
            }
        }
    }
    Ok(Nimber(grundy::mex(seen)))
}
