//! `grundy.game(name)`, `grundy.judge` and `grundy.table`: every game of
//! the registry, through the library's one engine interface.

use std::io;
use std::sync::Arc;

use grundy::dynamic::{self, WireGame};
use grundy::game::{Answers, JudgeError as LibJudgeError, Limits};
use grundy::misere::quotient::KeptQuotients;
use grundy::registry::Settings;
use grundy::wire::WireError;
use grundy::Outcome;
use grundy_cache::{CheckedQuotients, TableFile};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::convert::{self, document, plain};
use crate::nimber::Nimber;
use crate::JudgeError;

/// Limits from the keyword arguments, the CLI's defaults otherwise.
fn limits(max_cells: Option<u64>, max_heap: Option<u64>) -> Limits {
    let default = Limits::default();
    Limits {
        max_cells: max_cells.unwrap_or(default.max_cells),
        max_heap: max_heap.unwrap_or(default.max_heap),
    }
}

/// The settings a game opens with: `limits`, and with `cache` the user's
/// cache, shared with the CLI (`GRUNDY_CACHE_DIR` moves it): its Bomb
/// table, and the proven quotients kept, which decide misère play of
/// their codes.
pub fn settings(limits: Limits, cache: bool) -> Settings {
    Settings {
        limits,
        store: TableFile::of_this_user(cache),
        kept_quotients: CheckedQuotients::of_this_user(cache)
            .map(|kept| Arc::new(kept) as Arc<dyn KeptQuotients>),
        ..Settings::default()
    }
}

/// Opens a game of the registry, or says why not (as the CLI does).
fn open(name: &str, limits: Limits, cache: bool) -> PyResult<WireGame> {
    dynamic::open(name, &settings(limits, cache)).map_err(|e| PyValueError::new_err(e.to_string()))
}

fn wire_error(error: WireError) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// The winner's side as the wire format names it.
fn side(outcome: Outcome) -> &'static str {
    if outcome.first_player_wins() {
        "first"
    } else {
        "second"
    }
}

/// A game of grundy's registry (`bomb`, `octal:0.07`, …). Positions and
/// moves are dicts shaped as the JSON wire format (`grundy solve --format
/// json`, the playground's API), with ints for numbers.
///
/// A Game keeps its tables between calls; use it from the thread that
/// made it.
#[pyclass(unsendable, module = "grundy", name = "Game")]
pub struct Game {
    inner: WireGame,
}

#[pymethods]
impl Game {
    /// The registry name with its parameter (`octal:0.77`).
    #[getter]
    fn name(&self) -> String {
        self.inner.name()
    }

    /// Whether the game is played under misère rules.
    #[getter]
    fn misere(&self) -> bool {
        self.inner.convention().is_misere()
    }

    /// The players as the statement names them, the one to move first.
    #[getter]
    fn players(&self) -> (String, String) {
        let [first, second] = self.inner.players();
        (first.to_string(), second.to_string())
    }

    /// The nim-sum of the position's components; `None` where a component
    /// has no value because the game's own rule decides it (a Cutting Game
    /// strip: the player to move wins at once), as `values` and the wire
    /// format say: `outcome` then tells who wins.
    fn value(&mut self, position: &Bound<'_, PyAny>) -> PyResult<Option<Nimber>> {
        let position = convert::position(position, &self.inner)?;
        let components = self.inner.components(&position).map_err(wire_error)?;
        if components.iter().any(|c| c.value.is_none()) {
            return Ok(None);
        }
        self.inner
            .value(&position)
            .map(|v| Some(Nimber(v)))
            .map_err(wire_error)
    }

    /// Every component's value, in order.
    fn values(&mut self, position: &Bound<'_, PyAny>) -> PyResult<Vec<Option<Nimber>>> {
        let position = convert::position(position, &self.inner)?;
        let components = self.inner.components(&position).map_err(wire_error)?;
        Ok(components
            .into_iter()
            .map(|c| c.value.map(|v| Nimber(grundy::Nimber(v.0))))
            .collect())
    }

    /// Who wins with perfect play: `"first"` (the player to move) or
    /// `"second"`.
    fn outcome(&mut self, position: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        let position = convert::position(position, &self.inner)?;
        self.inner.outcome(&position).map(side).map_err(wire_error)
    }

    /// The winning moves (the first `limit` of them), as wire-format dicts.
    #[pyo3(signature = (position, limit=None))]
    fn winning_moves<'py>(
        &mut self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
        limit: Option<usize>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let position = convert::position(position, &self.inner)?;
        let moves = self
            .inner
            .winning_moves(&position, limit)
            .map_err(wire_error)?;
        moves.iter().map(|report| plain(py, &report.mv)).collect()
    }

    /// The move grundy plays: a winning one when there is one, else the one
    /// hardest to answer; `None` when there is no move.
    fn suggest<'py>(
        &mut self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let position = convert::position(position, &self.inner)?;
        let report = self.inner.suggest(&position).map_err(wire_error)?;
        report.map(|r| plain(py, &r.mv)).transpose()
    }

    /// The position after `move` (a wire-format dict, or a string in the
    /// notation of `grundy play`); `ValueError` if it is illegal.
    fn play<'py>(
        &mut self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
        #[pyo3(from_py_with = convert::move_of)] r#move: grundy::wire::Move,
    ) -> PyResult<Bound<'py, PyAny>> {
        let position = convert::position(position, &self.inner)?;
        let (after, _) = self.inner.play(&position, &r#move).map_err(wire_error)?;
        plain(py, &after)
    }

    /// Whether the player to move has no legal move.
    fn is_over(&mut self, position: &Bound<'_, PyAny>) -> PyResult<bool> {
        let position = convert::position(position, &self.inner)?;
        self.inner.is_terminal(&position).map_err(wire_error)
    }

    /// The analysis exactly as `grundy solve --format json` writes it
    /// (numbers that may be large are strings of digits there), listing at
    /// most `listed` winning moves.
    #[pyo3(signature = (position, listed=10))]
    fn analyse<'py>(
        &mut self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
        listed: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        let position = convert::position(position, &self.inner)?;
        let analysis = self.inner.analyse(&position, listed).map_err(wire_error)?;
        document(py, &analysis)
    }

    /// Why each component has its value, exactly as `grundy explain
    /// --format json` writes it: its options (the first `listed`), their
    /// values and mex, then the nim-sum and the move that makes it `*0`.
    /// Normal play only (`ValueError` under misère play).
    #[pyo3(signature = (position, listed=10))]
    fn explain<'py>(
        &mut self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
        listed: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        let position = convert::position(position, &self.inner)?;
        let explanation = self.inner.explain(&position, listed).map_err(wire_error)?;
        document(py, &explanation)
    }

    /// Every legal move (up to 10,000) marked winning or losing under the
    /// game's convention, with its remoteness (the moves left with best
    /// play) where a bounded search finds it, as the playground's
    /// `/api/values` answers (the first `listed` moves reported, and
    /// `winning_in_all` counting every winning move).
    #[pyo3(signature = (position, listed=10))]
    fn value_moves<'py>(
        &mut self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
        listed: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        let position = convert::position(position, &self.inner)?;
        let answer = self
            .inner
            .value_moves(&position, listed)
            .map_err(wire_error)?;
        document(py, &answer)
    }

    /// For heap games: the genus of heaps 0 … `upto` − 1 under misère play,
    /// as `grundy octal CODE --misere --format json` lists them (dicts with
    /// `heap`, `genus`, `normal`, `misere`, `tame` and `wild`). Raises `ValueError`
    /// for other games, and when a heap needs more than `misere_budget`
    /// positions of search.
    #[pyo3(signature = (upto=21, *, misere_budget=None))]
    fn genera<'py>(
        &self,
        py: Python<'py>,
        upto: u64,
        misere_budget: Option<u64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let budget = misere_budget
            .unwrap_or(grundy::misere::DEFAULT_BUDGET)
            .max(1);
        let genera = self
            .inner
            .genera(upto, budget)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let rows: Vec<grundy::wire::HeapGenus> = genera
            .iter()
            .enumerate()
            .map(|(heap, (genus, tame))| genus.to_wire(heap as u64, *tame))
            .collect();
        plain(py, &rows)
    }

    /// A random position: the same `seed`, the same position. `size` is
    /// the game's own two sizes (rows × columns of a board, width × height
    /// of a paper, heaps × largest heap).
    #[pyo3(signature = (seed=1, size=None))]
    fn random_position<'py>(
        &mut self,
        py: Python<'py>,
        seed: u64,
        size: Option<(u64, u64)>,
    ) -> PyResult<Bound<'py, PyAny>> {
        plain(py, &self.inner.random_position(seed, size))
    }

    fn __repr__(&self) -> String {
        format!("grundy.game({:?})", self.inner.name())
    }
}

impl Drop for Game {
    fn drop(&mut self) {
        self.inner.finish();
    }
}

/// `grundy.game(name)`: a game of the registry by name (`bomb`,
/// `octal:0.07`; `grundy.games()` lists them all), with the CLI's limits
/// unless given.
///
/// With `misere=True` the game is played under misère rules (the last
/// player to move loses): `outcome`, `winning_moves`, `suggest`, `analyse`
/// and `judge` answer for misère play, searching at most `misere_budget`
/// positions where genus theory does not decide (beyond it they raise
/// `ValueError`). A game without a misère form raises `ValueError`.
/// `quotient`, a document of `grundy.quotient` for this game's code
/// (checked as a certificate first), decides the sums of the heaps it
/// reached (every sum when it is proven), as the CLI's `--quotient FILE`.
///
/// With `cache=True` (the default) the game uses the user's cache, shared
/// with the CLI (`GRUNDY_CACHE_DIR` moves it): the largest Bomb table kept,
/// and the proven quotient of its code kept by `grundy.quotient` or
/// `grundy quotient`, which decides its misère play at any size without
/// `quotient=`; a `quotient=` document kept there is not checked again.
/// `cache=False` goes without, as the CLI's `--no-cache`.
#[pyfunction]
#[pyo3(signature = (name, *, max_cells=None, max_heap=None, misere=false, misere_budget=None, quotient=None, cache=true))]
pub fn game(
    name: &str,
    max_cells: Option<u64>,
    max_heap: Option<u64>,
    misere: bool,
    misere_budget: Option<u64>,
    quotient: Option<&Bound<'_, PyAny>>,
    cache: bool,
) -> PyResult<Game> {
    let given = match quotient {
        Some(_) if !misere => return Err(PyValueError::new_err("quotient= needs misere=True")),
        Some(doc) => Some(Arc::new(crate::quotient::given(doc, cache)?)),
        None => None,
    };
    let settings = Settings {
        misere_quotient: given.clone(),
        ..settings(limits(max_cells, max_heap), cache)
    };
    let mut inner =
        dynamic::open(name, &settings).map_err(|e| PyValueError::new_err(e.to_string()))?;
    if let Some(q) = given {
        if q.game() != inner.name() {
            return Err(PyValueError::new_err(format!(
                "quotient=: a quotient of {}, not of {}",
                q.game(),
                inner.name()
            )));
        }
    }
    set_misere(&mut inner, misere, misere_budget)?;
    Ok(Game { inner })
}

/// Misère play with the budget given (the CLI's default otherwise).
fn set_misere(game: &mut WireGame, misere: bool, budget: Option<u64>) -> PyResult<()> {
    if !misere {
        if budget.is_some() {
            return Err(PyValueError::new_err("misere_budget= needs misere=True"));
        }
        return Ok(());
    }
    let budget = budget.unwrap_or(grundy::misere::DEFAULT_BUDGET);
    if budget == 0 {
        return Err(PyValueError::new_err("misere_budget= must be at least 1"));
    }
    game.set_convention(grundy::Convention::Misere { budget })
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// `grundy.games()`: every game of the registry, in the order `grundy
/// --help` lists them, as dicts: `name`, `title`, `parameter` (what follows
/// the `:`, or `None`), `summary`, `rules`, `example` (a full name to open)
/// and `examples` (sample judge input with its `answers`, a `won` position
/// with a `winning_move` and an `illegal_move` in its notation, `bad_input`
/// refused on `bad_line`, and `won` as `plain` data).
#[pyfunction]
pub fn games(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for entry in grundy::registry::GAMES {
        let e = entry.examples;
        let examples = PyDict::new(py);
        examples.set_item("judge", e.judge)?;
        examples.set_item("answers", e.answers)?;
        examples.set_item("won", e.won)?;
        examples.set_item("winning_move", e.winning_move)?;
        examples.set_item("illegal_move", e.illegal_move)?;
        examples.set_item("bad_input", e.bad_input)?;
        examples.set_item("bad_line", e.bad_line)?;
        let plain: serde_json::Value = serde_json::from_str(e.plain)
            .map_err(|error| PyValueError::new_err(format!("{}: {error}", entry.name)))?;
        examples.set_item("plain", convert::to_python(py, &plain, true)?)?;
        let dict = PyDict::new(py);
        dict.set_item("name", entry.name)?;
        dict.set_item("title", entry.title)?;
        dict.set_item("parameter", entry.parameter)?;
        dict.set_item("summary", entry.summary)?;
        dict.set_item("rules", entry.rules)?;
        dict.set_item("example", entry.example)?;
        dict.set_item("examples", examples)?;
        list.append(dict)?;
    }
    Ok(list)
}

/// The answers, one line each.
struct Collected(String);

impl Answers for Collected {
    fn line(&mut self, text: &[u8]) -> io::Result<()> {
        self.0.push_str(&String::from_utf8_lossy(text));
        self.0.push('\n');
        Ok(())
    }
}

/// `grundy.judge(game, text)`: what `grundy judge GAME` prints for `text`.
/// Malformed input raises `grundy.JudgeError` (a `ValueError`) with the
/// CLI's message; its `answers` holds the answers before the bad case.
/// `cache` as in `grundy.game`.
#[pyfunction]
#[pyo3(signature = (game, text, *, max_cells=None, max_heap=None, misere=false, misere_budget=None, cache=true))]
#[allow(clippy::too_many_arguments)]
pub fn judge(
    py: Python<'_>,
    game: &Bound<'_, PyAny>,
    text: &str,
    max_cells: Option<u64>,
    max_heap: Option<u64>,
    misere: bool,
    misere_budget: Option<u64>,
    cache: bool,
) -> PyResult<String> {
    let mut answers = Collected(String::new());
    let result = if game.is_instance_of::<PyString>() {
        let name: String = game.extract()?;
        let mut opened = open(&name, limits(max_cells, max_heap), cache)?;
        set_misere(&mut opened, misere, misere_budget)?;
        let judged = opened.judge(&mut text.as_bytes(), &mut answers);
        // Keeps what the game keeps (a large Bomb table), as the CLI does.
        opened.finish();
        judged
    } else {
        if misere || misere_budget.is_some() {
            return Err(PyValueError::new_err(
                "misere= goes to grundy.game(name, misere=True) when judging with a Game",
            ));
        }
        let mut game: PyRefMut<'_, Game> = game.extract()?;
        game.inner.judge(&mut text.as_bytes(), &mut answers)
    };
    let message = match result {
        Ok(()) => return Ok(answers.0),
        Err(LibJudgeError::Read(grundy::format::ReadError::TooLarge(e))) => {
            format!("{e} (max_cells= raises the limit)")
        }
        Err(e) => e.to_string(),
    };
    let error = JudgeError::new_err(message);
    error.value(py).setattr("answers", answers.0)?;
    Err(error)
}

/// `grundy.table(game, rows, cols)`: the value of one component for every
/// pair of sizes up to `rows` × `cols` (a bomb at row p, column q; a W×H
/// paper), as a 2-D NumPy array (`[i, j]` for sizes i + 1, j + 1).
/// Computed without holding the GIL; `cache` as in `grundy.game` (the
/// Bomb table kept).
#[pyfunction]
#[pyo3(signature = (game, rows, cols, *, max_cells=None, cache=true))]
pub fn table<'py>(
    py: Python<'py>,
    game: &str,
    rows: u32,
    cols: u32,
    max_cells: Option<u64>,
    cache: bool,
) -> PyResult<Bound<'py, numpy::PyArray2<u32>>> {
    let limits = limits(max_cells, None);
    let name = game.to_string();
    let values = py.detach(move || -> Result<Vec<u32>, String> {
        let mut game =
            dynamic::open(&name, &settings(limits, cache)).map_err(|e| e.to_string())?;
        let table = if game.abilities().table {
            game.table(rows, cols).map_err(|e| e.to_string())
        } else {
            Err(format!(
                "{name} has no table of component values (only games whose components have two sizes, like bomb and cutting)"
            ))
        };
        game.finish();
        table.map(|t| t.values)
    });
    let values = values.map_err(PyValueError::new_err)?;
    PyArray1::from_vec(py, values).reshape([rows as usize, cols as usize])
}
