//! `grundy.Solver(options)`: games defined in Python, solved by the
//! library's memoising [`Solver`](grundy::rules::Solver).
//!
//! The Python function `options(position)` returns the moves from one
//! component as `(move, [components...])` pairs; positions must be
//! hashable. Whatever goes wrong in it (an exception, a result of the wrong
//! shape, a position reached from itself) becomes a `grundy.RulesError`
//! naming the position, and the values computed during that call are
//! forgotten, so a later call never sees a value computed from a failure.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use grundy::misere::{Misere, MisereError};
use grundy::rules::{Rules, Solver as LibSolver, SumMove, Unsolvable};
use grundy::{Engine, Outcome};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::convert::type_name;
use crate::nimber::Nimber;
use crate::RulesError;

/// A Python object with its hash, compared with Python's `==`.
struct Object {
    object: Py<PyAny>,
    hash: isize,
}

impl Object {
    /// A component: hashable, or refused with a message saying so.
    fn position(object: &Bound<'_, PyAny>, context: impl Fn() -> String) -> PyResult<Object> {
        match object.hash() {
            Ok(hash) => Ok(Object {
                object: object.clone().unbind(),
                hash,
            }),
            Err(_) => Err(RulesError::new_err(format!(
                "{}: the position {} is not hashable (a {}; use a tuple or a frozenset)",
                context(),
                repr(object),
                type_name(object)
            ))),
        }
    }

    /// A move: any object (compared, but never hashed).
    fn action(object: &Bound<'_, PyAny>) -> Object {
        Object {
            object: object.clone().unbind(),
            hash: 0,
        }
    }
}

impl Clone for Object {
    fn clone(&self) -> Object {
        Python::attach(|py| Object {
            object: self.object.clone_ref(py),
            hash: self.hash,
        })
    }
}

impl PartialEq for Object {
    fn eq(&self, other: &Object) -> bool {
        self.hash == other.hash
            && Python::attach(|py| {
                let (a, b) = (self.object.bind(py), other.object.bind(py));
                a.is(b) || a.eq(b).unwrap_or(false)
            })
    }
}

impl Eq for Object {}

impl Hash for Object {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_isize(self.hash);
    }
}

/// Python's hash, spread over the bits (an int hashes to itself, which
/// leaves the high bits a hash table looks at empty): Fibonacci hashing.
#[derive(Default)]
struct Spread(u64);

impl Hasher for Spread {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_isize(&mut self, n: isize) {
        self.write_u64(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0 ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// The memo of a Python game's values.
type Memo = HashMap<Object, grundy::Nimber, BuildHasherDefault<Spread>>;

impl fmt::Debug for Object {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Python::attach(|py| f.write_str(&repr(self.object.bind(py))))
    }
}

/// `repr(object)`, or a placeholder if even that fails.
fn repr(object: &Bound<'_, PyAny>) -> String {
    object
        .repr()
        .map_or_else(|_| "<object without a repr>".to_string(), |r| r.to_string())
}

/// The rules of a game given by a Python function.
struct PyRules {
    options: Py<PyAny>,
    /// The first thing that went wrong, raised when the call returns.
    error: RefCell<Option<PyErr>>,
}

impl PyRules {
    /// The options of `position`, or why they could not be had.
    fn call(&self, py: Python<'_>, position: &Object) -> PyResult<Vec<(Object, Vec<Object>)>> {
        let position = position.object.bind(py);
        let context = || format!("options({})", repr(position));
        let result = self.options.bind(py).call1((position,)).map_err(|e| {
            let error = RulesError::new_err(format!("{} raised {e}", context()));
            error.set_cause(py, Some(e));
            error
        })?;
        let shape = |what: &str| {
            RulesError::new_err(format!(
                "{} returned {what}; it must return (move, [components...]) pairs",
                context()
            ))
        };
        let items = result.try_iter().map_err(|_| {
            shape(&format!(
                "{}, of type {}",
                repr(&result),
                type_name(&result)
            ))
        })?;
        let mut options = Vec::new();
        for item in items {
            let item = item?;
            let pair = match (item.cast::<PyTuple>(), item.cast::<PyList>()) {
                (Ok(t), _) if t.len() == 2 => Some((t.get_item(0)?, t.get_item(1)?)),
                (_, Ok(l)) if l.len() == 2 => Some((l.get_item(0)?, l.get_item(1)?)),
                _ => None,
            };
            let Some((action, leaves)) = pair else {
                return Err(shape(&format!("an item {}", repr(&item))));
            };
            let mut components = Vec::new();
            if let Ok(list) = leaves.cast::<PyList>() {
                for leaf in list.iter() {
                    components.push(Object::position(&leaf, context)?);
                }
            } else {
                let iter = leaves.try_iter().map_err(|_| {
                    shape(&format!(
                        "the move {} with components {} (not a list)",
                        repr(&action),
                        repr(&leaves)
                    ))
                })?;
                for leaf in iter {
                    components.push(Object::position(&leaf?, context)?);
                }
            }
            options.push((Object::action(&action), components));
        }
        Ok(options)
    }
}

impl Rules for PyRules {
    type Position = Object;
    type Move = Object;

    fn options(&self, position: &Object, option: &mut dyn FnMut(Object, &[Object])) {
        if self.error.borrow().is_some() {
            return;
        }
        Python::attach(|py| match self.call(py, position) {
            Ok(options) => {
                for (action, leaves) in options {
                    option(action, &leaves);
                }
            }
            Err(e) => *self.error.borrow_mut() = Some(e),
        });
    }
}

/// The most positions one call values by default: a game without end
/// stops with `RulesError` instead of filling the memory.
const DEFAULT_MAX_POSITIONS: Option<usize> = Some(10_000_000);

/// A game defined in Python: `Solver(options)` where `options(position)`
/// returns the moves from one component as `(move, [components...])`
/// pairs (none when the component is finished; a move that removes it
/// leaves `[]`). Positions must be hashable; the game must end (no
/// position may be reached from itself). Values are memoised; one call
/// values at most `max_positions` new positions (`None`: no limit).
#[pyclass(unsendable, module = "grundy", name = "Solver")]
pub struct Solver {
    inner: LibSolver<PyRules, Memo>,
    /// The same rules under misère play.
    misere: Misere<PyRules>,
}

impl Solver {
    /// Runs `work`, then raises what went wrong in the rules, forgetting
    /// the values computed meanwhile.
    fn checked<T>(&mut self, work: impl FnOnce(&mut Self) -> PyResult<T>) -> PyResult<T> {
        let result = work(self);
        let error = self.inner.rules().error.borrow_mut().take();
        if let Some(error) = error {
            self.inner.cache_mut().clear();
            return Err(error);
        }
        result
    }

    /// The components of a sum, each valued (so a loop is an error here,
    /// never a panic later).
    fn components(&mut self, positions: &Bound<'_, PyAny>) -> PyResult<Vec<Object>> {
        let mut components = Vec::new();
        for item in positions.try_iter()? {
            let component = Object::position(&item?, || "a component of the sum".to_string())?;
            self.value_of(&component)?;
            components.push(component);
        }
        Ok(components)
    }

    fn value_of(&mut self, component: &Object) -> PyResult<grundy::Nimber> {
        self.checked(|solver| {
            solver.inner.try_grundy(component).map_err(|e| match e {
                Unsolvable::Loop { position } => RulesError::new_err(format!(
                    "the game is not well founded: the position {position:?} can be reached from itself"
                )),
                Unsolvable::TooLarge { position, limit } => RulesError::new_err(format!(
                    "more than max_positions={limit} positions to value (the search reached {position:?}); \
                     the game may have no end, or raise max_positions"
                )),
                // No flag is given to this solver: Ctrl-C reaches it as
                // the KeyboardInterrupt of a rules callback.
                Unsolvable::Cancelled => RulesError::new_err("the valuation was stopped"),
            })
        })
    }
}

/// The components of a sum, not valued (misère play values sums, not
/// components).
fn plain_components(positions: &Bound<'_, PyAny>) -> PyResult<Vec<Object>> {
    positions
        .try_iter()?
        .map(|item| Object::position(&item?, || "a component of the sum".to_string()))
        .collect()
}

impl Solver {
    /// Runs a misère question, raising what went wrong in the rules or the
    /// search as `RulesError`.
    fn misere_checked<T>(
        &mut self,
        work: impl FnOnce(&mut Misere<PyRules>) -> Result<T, MisereError>,
    ) -> PyResult<T> {
        let result = work(&mut self.misere);
        let failed = self.misere.rules().error.borrow_mut().take();
        if let Some(error) = failed {
            // What was learnt from a failing rule is not trusted again.
            let budget = self.misere.budget();
            let rules = PyRules {
                options: Python::attach(|py| self.misere.rules().options.clone_ref(py)),
                error: RefCell::new(None),
            };
            self.misere = Misere::new(rules);
            self.misere.set_budget(budget);
            return Err(error);
        }
        result.map_err(|e| match e {
            MisereError::Loop => RulesError::new_err(
                "the game is not well founded: a position can be reached from itself",
            ),
            MisereError::TooLarge { budget, .. } => RulesError::new_err(format!(
                "the misère search needs more than max_positions={budget} positions; \
                 raise max_positions"
            )),
            MisereError::Cancelled => RulesError::new_err("the misère search was stopped"),
            other => RulesError::new_err(other.to_string()),
        })
    }
}

/// A move of a sum for Python: `(component, move, leaves)`, the component
/// counted from 1.
fn sum_move<'py>(py: Python<'py>, mv: SumMove<Object, Object>) -> PyResult<Bound<'py, PyTuple>> {
    let leaves = PyList::new(py, mv.leaves.iter().map(|l| l.object.bind(py)))?;
    PyTuple::new(
        py,
        [
            mv.component.into_pyobject(py)?.into_any(),
            mv.action.object.into_bound(py),
            leaves.into_any(),
        ],
    )
}

#[pymethods]
impl Solver {
    #[new]
    #[pyo3(signature = (options, *, max_positions=DEFAULT_MAX_POSITIONS))]
    fn new(py: Python<'_>, options: Py<PyAny>, max_positions: Option<usize>) -> Self {
        let misere_rules = PyRules {
            options: options.clone_ref(py),
            error: RefCell::new(None),
        };
        let rules = PyRules {
            options,
            error: RefCell::new(None),
        };
        let mut inner = LibSolver::with_cache(rules, Memo::default());
        inner.set_limit(max_positions);
        let mut misere = Misere::new(misere_rules);
        misere.set_budget(max_positions.map_or(u64::MAX, |m| m as u64));
        Solver { inner, misere }
    }

    /// Who wins the sum under misère play (the last player to move
    /// loses): `"first"` or `"second"`. By genus theory when every
    /// component is tame, else by a search of at most `max_positions`
    /// positions.
    fn misere_outcome(&mut self, positions: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        let components = plain_components(positions)?;
        let outcome = self.misere_checked(|m| m.outcome(&components))?;
        Ok(match outcome {
            Outcome::FirstPlayer => "first",
            Outcome::SecondPlayer => "second",
        })
    }

    /// Every winning move of the sum under misère play, as
    /// `(component, move, leaves)`.
    fn misere_winning_moves<'py>(
        &mut self,
        py: Python<'py>,
        positions: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        let components = plain_components(positions)?;
        let moves = self.misere_checked(|m| m.winning_moves(&components))?;
        moves.into_iter().map(|mv| sum_move(py, mv)).collect()
    }

    /// The genus of one component under misère play (`"4^146"`).
    fn genus(&mut self, position: &Bound<'_, PyAny>) -> PyResult<String> {
        let component = Object::position(position, || "genus()".to_string())?;
        Ok(self.misere_checked(|m| m.genus(&component))?.to_string())
    }

    /// Whether a component and every component below it have tame genera.
    fn is_tame(&mut self, position: &Bound<'_, PyAny>) -> PyResult<bool> {
        let component = Object::position(position, || "is_tame()".to_string())?;
        self.misere_checked(|m| m.is_tame(&component))
    }

    /// The Grundy value of one component.
    fn grundy(&mut self, position: &Bound<'_, PyAny>) -> PyResult<Nimber> {
        let component = Object::position(position, || "grundy()".to_string())?;
        self.value_of(&component).map(Nimber)
    }

    /// The nim-sum of a sum of components (any iterable of positions).
    fn value(&mut self, positions: &Bound<'_, PyAny>) -> PyResult<Nimber> {
        let components = self.components(positions)?;
        Ok(Nimber(self.inner.sum_value(&components)))
    }

    /// Who wins the sum with perfect play: `"first"` (the player to move)
    /// or `"second"`.
    fn outcome(&mut self, positions: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        let components = self.components(positions)?;
        Ok(match self.inner.sum_outcome(&components) {
            Outcome::FirstPlayer => "first",
            Outcome::SecondPlayer => "second",
        })
    }

    /// Every winning move of the sum, as `(component, move, leaves)` with
    /// the component counted from 1.
    fn winning_moves<'py>(
        &mut self,
        py: Python<'py>,
        positions: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        let components = self.components(positions)?;
        let moves = self.checked(|solver| Ok(solver.inner.sum_winning_moves(&components)))?;
        moves.into_iter().map(|mv| sum_move(py, mv)).collect()
    }

    /// A winning move, else the one hardest to answer; `None` when there
    /// is no move.
    fn suggest<'py>(
        &mut self,
        py: Python<'py>,
        positions: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let components = self.components(positions)?;
        let mv = self.checked(|solver| Ok(Engine::suggest(&mut solver.inner, &components)))?;
        mv.map(|mv| sum_move(py, mv)).transpose()
    }

    /// How many component values are memoised.
    #[getter]
    fn known(&self) -> usize {
        self.inner.cache().len()
    }

    fn __repr__(&self) -> String {
        format!("grundy.Solver({} values known)", self.inner.cache().len())
    }
}
