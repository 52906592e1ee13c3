//! Python values in the shapes of the JSON wire format, both ways.
//!
//! Positions and moves cross as dicts, lists, ints and strings shaped like
//! `grundy::wire`'s JSON. The wire format writes numbers that may exceed
//! 2^53 − 1 (a paper's sides, a matrix's piles) as strings of digits for
//! JavaScript's sake; Python's ints have no such limit, so positions and
//! moves handed to Python carry ints there, and either form is read.

use grundy::dynamic::WireGame;
use grundy::wire;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyTuple};
use serde_json::{Map, Value};

/// A Python value as JSON: dicts with string keys, lists and tuples, ints,
/// strings, booleans and `None`.
pub fn to_json(object: &Bound<'_, PyAny>) -> PyResult<Value> {
    if object.is_none() {
        return Ok(Value::Null);
    }
    if object.is_instance_of::<PyBool>() {
        return Ok(Value::Bool(object.extract()?));
    }
    if object.is_instance_of::<PyInt>() {
        if let Ok(n) = object.extract::<u64>() {
            return Ok(n.into());
        }
        if let Ok(n) = object.extract::<i64>() {
            return Ok(n.into());
        }
        // Beyond 64 bits: digits, which the wire format reads up to 2^128 − 1.
        return Ok(Value::String(object.str()?.extract()?));
    }
    if object.is_instance_of::<PyString>() {
        return Ok(Value::String(object.extract()?));
    }
    if let Ok(dict) = object.cast::<PyDict>() {
        let mut map = Map::new();
        for (key, value) in dict.iter() {
            let key: String = key.extract().map_err(|_| {
                PyTypeError::new_err(format!(
                    "dict keys must be strings, as in the JSON wire format (found {})",
                    type_name(&key)
                ))
            })?;
            map.insert(key, to_json(&value)?);
        }
        return Ok(Value::Object(map));
    }
    if object.is_instance_of::<PyList>() || object.is_instance_of::<PyTuple>() {
        return object
            .try_iter()?
            .map(|item| to_json(&item?))
            .collect::<PyResult<Vec<_>>>()
            .map(Value::Array);
    }
    Err(PyTypeError::new_err(format!(
        "expected dicts, lists, ints and strings shaped as the JSON wire format, found {}",
        type_name(object)
    )))
}

/// The name of an object's type, for messages.
pub fn type_name(object: &Bound<'_, PyAny>) -> String {
    object
        .get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string())
}

/// Fields whose numbers the wire format writes as strings of digits, by
/// the `kind` of the object that holds them.
const DIGIT_FIELDS: &[(&str, &str)] = &[
    ("pieces", "pieces"),
    ("matrix", "rows"),
    ("cut", "at"),
    ("row", "take"),
];

/// JSON as Python values. With `ints`, the digit strings of
/// [`DIGIT_FIELDS`] become ints.
pub fn to_python<'py>(py: Python<'py>, value: &Value, ints: bool) -> PyResult<Bound<'py, PyAny>> {
    to_python_in(py, value, ints, false)
}

fn to_python_in<'py>(
    py: Python<'py>,
    value: &Value,
    ints: bool,
    digits: bool,
) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => u.into_pyobject(py)?.into_any(),
            (_, Some(i)) => i.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(s) => match s.parse::<u128>() {
            Ok(n) if digits => n.into_pyobject(py)?.into_any(),
            _ => PyString::new(py, s).into_any(),
        },
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_python_in(py, item, ints, digits)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let kind = map.get("kind").and_then(Value::as_str);
            let dict = PyDict::new(py);
            for (key, item) in map {
                let digits = ints && DIGIT_FIELDS.contains(&(kind.unwrap_or(""), key.as_str()));
                dict.set_item(key, to_python_in(py, item, ints, digits)?)?;
            }
            dict.into_any()
        }
    })
}

/// A position from Python: a dict of the JSON wire format, or the plain
/// Python value the game reads ([`WireGame::plain_form`]: heap sizes, rows
/// of a board, …).
pub fn position(object: &Bound<'_, PyAny>, game: &WireGame) -> PyResult<wire::Position> {
    let json = to_json(object)?;
    if json.is_object() {
        return serde_json::from_value(json).map_err(|e| {
            PyValueError::new_err(format!("expected a position in the JSON wire format: {e}"))
        });
    }
    game.position_from_plain(&json).map_err(|e| {
        PyValueError::new_err(format!(
            "expected a position: {} (or a dict in the JSON wire format); {e}",
            game.plain_form().unwrap_or("a dict of its own shape")
        ))
    })
}

/// A move from Python: a dict of the wire format, or a string in the
/// game's notation (as typed in `grundy play`).
pub fn move_of(object: &Bound<'_, PyAny>) -> PyResult<wire::Move> {
    if object.is_instance_of::<PyString>() {
        return Ok(wire::Move::Notation {
            notation: object.extract()?,
        });
    }
    serde_json::from_value(to_json(object)?)
        .map_err(|e| PyValueError::new_err(format!("expected a move in the JSON wire format: {e}")))
}

/// A wire value (a position, a move) for Python, with ints throughout.
pub fn plain<'py, T: serde::Serialize>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    let json = serde_json::to_value(value).map_err(|e| PyValueError::new_err(e.to_string()))?;
    to_python(py, &json, true)
}

/// A wire document exactly as its JSON reads (digit strings kept).
pub fn document<'py, T: serde::Serialize>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    let json = serde_json::to_value(value).map_err(|e| PyValueError::new_err(e.to_string()))?;
    to_python(py, &json, false)
}
