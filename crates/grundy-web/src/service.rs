//! The playground's answers without HTTP: every endpoint of the JSON API as
//! a plain function of its request, within [`Limits`]. The server runs them
//! in its jobs (`api.rs`); the WebAssembly build runs them in the page's Web
//! Worker through [`Service::dispatch`], which takes a method, a path with
//! its query and a body as the server would, so that the page needs only
//! one way of asking.
//!
//! Every game comes from the registry as an [`AnyGame`]: nothing here names
//! one. Every size a request names is checked before anything is computed.

use std::sync::Arc;

use grundy::analysis::{self, Analyst};
use grundy::game::Rng;
use grundy::games::octal::{grundy_sequence_while, OctalCode};
use grundy::misere::quotient::KeptQuotients;
use grundy::prelude::*;
use grundy::registry::{self, Settings};
use grundy::shared::{Cancel, Shelf};
use grundy::wire::{self, FORMAT_VERSION};
use grundy::Convention;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::messages::{self, ErrorKind};
use crate::Limits;

/// The schema of every document, as checked into the repository.
pub const SCHEMA: &str = include_str!("../../../schema/grundy.schema.json");

/// The playground's endpoints over one set of limits and one shelf of
/// tables shared by every request.
pub struct Service {
    limits: Limits,
    shelf: Arc<Shelf>,
    games: messages::GameList,
    /// Proven misère quotients kept between runs, which heap games decide
    /// by ([`Service::with_kept_quotients`]).
    kept: Option<Arc<dyn KeptQuotients>>,
}

/// An answer as the server would send it: a status and a JSON body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The HTTP status (200 for an answer).
    pub status: u16,
    /// The JSON document: the answer, or a [`messages::Error`].
    pub body: String,
}

/// `GET /api/table?game=NAME&rows=R&cols=C`.
#[derive(Clone, Debug, Deserialize)]
pub struct TableQuery {
    /// The game's name.
    pub game: String,
    /// Rows of the table.
    pub rows: u32,
    /// Columns of the table.
    pub cols: u32,
}

/// `GET /api/genera?game=octal:0.77&upto=N`.
#[derive(Clone, Debug, Deserialize)]
pub struct GeneraQuery {
    /// The game's name.
    pub game: String,
    /// Heaps 0 … upto − 1 (21 when absent).
    pub upto: Option<u64>,
}

/// `GET /api/octal?code=0.07&upto=N`.
#[derive(Clone, Debug, Deserialize)]
pub struct OctalQuery {
    /// The octal code.
    pub code: String,
    /// Values wanted (1000 when absent).
    pub upto: Option<usize>,
}

/// Heaps whose genera one request may ask for.
const MAX_GENERA: u64 = 64;

impl Service {
    /// Answers within `limits`.
    pub fn new(limits: Limits) -> Service {
        Service {
            shelf: Arc::new(Shelf::new(limits.shelf)),
            games: game_list(),
            limits,
            kept: None,
        }
    }

    /// Decides the misère play of a heap game by the proven quotient
    /// `kept` holds for it, if any (the user's cache, for `grundy serve`),
    /// before the request's own look for one.
    pub fn with_kept_quotients(self, kept: Option<Arc<dyn KeptQuotients>>) -> Service {
        Service { kept, ..self }
    }

    /// The limits it answers within.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The tables shared between its requests (the Bomb table, heap games'
    /// values): a request starts from the largest one an earlier request
    /// finished.
    pub fn shelf(&self) -> &Shelf {
        &self.shelf
    }

    /// `GET /api/games`: every game of the registry.
    pub fn games(&self) -> &messages::GameList {
        &self.games
    }

    /// `GET /api/limits`: what one request may ask for.
    pub fn limits_info(&self) -> messages::LimitsInfo {
        let l = &self.limits;
        messages::LimitsInfo {
            format: FORMAT_VERSION,
            max_cells: l.positions.max_cells,
            max_heap: l.positions.max_heap,
            table_cells: l.table_cells,
            octal_values: l.octal_values as u64,
            octal_digits: l.octal_digits as u64,
            genera: MAX_GENERA,
            listed_moves: l.listed_moves as u64,
            misere_budget: l.misere_budget,
            seconds: (!l.time.is_zero()).then_some(l.time.as_secs_f64()),
        }
    }

    /// Opens the game `name` with the shared tables, one thread and the
    /// request's stop flag.
    fn open(&self, name: &str, cancel: Option<&Cancel>) -> Result<AnyGame, ApiError> {
        checked_name(name, &self.limits)?;
        let settings = Settings {
            limits: self.limits.positions,
            shelf: Some(Arc::clone(&self.shelf)),
            cancel: cancel.cloned(),
            // One request, one core.
            threads: Some(1),
            kept_quotients: self.kept.clone(),
            ..Settings::default()
        };
        Ok(registry::open(name, &settings)?)
    }

    /// The convention a request asks for: misère play (with the search
    /// budget of the limits) when its `misere` is set.
    fn convention(&self, misere: bool) -> Convention {
        Convention::from_budget(misere.then_some(self.limits.misere_budget))
    }

    fn listed(&self, asked: Option<usize>) -> usize {
        asked
            .unwrap_or(self.limits.listed_moves)
            .min(self.limits.listed_moves)
    }

    /// `POST /api/solve`: the [`wire::Analysis`] of a position.
    pub fn solve(
        &self,
        request: messages::SolveRequest,
        cancel: Option<&Cancel>,
    ) -> Result<wire::Analysis, ApiError> {
        let listed = self.listed(request.listed);
        let game = self.open(&request.game, cancel)?;
        let mut analyst = Analyst::new(game, self.convention(request.misere))?;
        let position = position_of(analyst.game_mut(), &request.position, self.limits.positions)?;
        Ok(analysis::analyse(&mut analyst, &position, listed)?)
    }

    /// `POST /api/explain`: the [`wire::Explanation`] of a position: each
    /// component's options with their values and mex, the nim-sum and the
    /// move that makes it `*0`.
    pub fn explain(
        &self,
        request: messages::ExplainRequest,
        cancel: Option<&Cancel>,
    ) -> Result<wire::Explanation, ApiError> {
        let listed = self.listed(request.listed);
        let game = self.open(&request.game, cancel)?;
        let mut analyst = Analyst::normal(game);
        let position = position_of(analyst.game_mut(), &request.position, self.limits.positions)?;
        Ok(analysis::explain(&mut analyst, &position, listed)?)
    }

    /// `POST /api/values`: the [`wire::ValueMoves`] of a position: every
    /// legal move marked winning or losing under the request's convention,
    /// with its remoteness where it is known.
    pub fn values(
        &self,
        request: messages::ValuesRequest,
        cancel: Option<&Cancel>,
    ) -> Result<wire::ValueMoves, ApiError> {
        let listed = self.listed(request.listed);
        let game = self.open(&request.game, cancel)?;
        let mut analyst = Analyst::new(game, self.convention(request.misere))?;
        let position = position_of(analyst.game_mut(), &request.position, self.limits.positions)?;
        Ok(analysis::value_moves(&mut analyst, &position, listed)?)
    }

    /// `POST /api/play`: your move, then the engine's reply.
    pub fn play(
        &self,
        request: messages::PlayRequest,
        cancel: Option<&Cancel>,
    ) -> Result<messages::PlayAnswer, ApiError> {
        let game = self.open(&request.game, cancel)?;
        let mut analyst = Analyst::new(game, self.convention(request.misere))?;
        let start = position_of(analyst.game_mut(), &request.position, self.limits.positions)?;
        let round = analysis::round(
            &mut analyst,
            start.clone(),
            request.mv.as_ref(),
            request.reply.unwrap_or(true),
        )?;
        let game = analyst.game();
        Ok(messages::PlayAnswer {
            format: FORMAT_VERSION,
            game: game.name(),
            your_move: round
                .your_move
                .map(|mv| analysis::report(game, &start, &mv)),
            after_your_move: game.position_wire(&round.after_your_move),
            engine_move: round
                .engine_move
                .map(|mv| analysis::report(game, &round.after_your_move, &mv)),
            engine_move_wins: round.engine_move_wins,
            engine_move_why: round.engine_rule.map(|rule| rule.describe()),
            position: game.position_wire(&round.position),
            winner: round.winner,
        })
    }

    /// `POST /api/parse`: the first case of a text in the game's input
    /// format, or a refusal naming the line that is wrong.
    pub fn parse(
        &self,
        request: messages::ParseRequest,
        cancel: Option<&Cancel>,
    ) -> Result<messages::Parsed, ApiError> {
        let limits = self.limits.positions;
        let mut game = self.open(&request.game, cancel)?;
        let input = Box::new(std::io::Cursor::new(request.text.into_bytes()));
        let mut reader = game
            .reader(input, limits)
            .map_err(|e| ApiError::refused(e.to_string()))?;
        let position = reader
            .next_case()
            .map_err(|e| ApiError::refused(e.to_string()))?
            .ok_or_else(|| ApiError::refused("the text holds no case"))?;
        parsed(&mut game, &position, limits)
    }

    /// `POST /api/moves`: the position drawn as text, its components with
    /// their values and its legal moves, for a game the page has no drawing
    /// of its own for.
    pub fn moves(
        &self,
        request: messages::MovesRequest,
        cancel: Option<&Cancel>,
    ) -> Result<messages::Moves, ApiError> {
        let listed = self.listed(request.listed);
        let mut game = self.open(&request.game, cancel)?;
        let position = position_of(&mut game, &request.position, self.limits.positions)?;
        let components = game
            .components(&position)
            .iter()
            .enumerate()
            .map(|(i, (component, value))| game.describe_component(i, component, *value))
            .collect();
        let mut moves = Vec::new();
        let mut more = false;
        let _ = game.moves(&position, &mut |mv| {
            if moves.len() == listed {
                more = true;
                return std::ops::ControlFlow::Break(());
            }
            moves.push(mv);
            std::ops::ControlFlow::Continue(())
        });
        Ok(messages::Moves {
            format: FORMAT_VERSION,
            game: game.name(),
            drawing: game.draw(&position, &grundy::game::Plain),
            components,
            moves: moves
                .iter()
                .map(|mv| analysis::report(&game, &position, mv))
                .collect(),
            more,
        })
    }

    /// `POST /api/new`: a random position of the game (from the request's
    /// seed, or from `fallback_seed`).
    pub fn new_position(
        &self,
        request: messages::NewRequest,
        fallback_seed: u64,
        cancel: Option<&Cancel>,
    ) -> Result<messages::Parsed, ApiError> {
        let limits = self.limits.positions;
        let side = limits.max_side();
        if let Some([a, b]) = request.size {
            if !(1..=side).contains(&a) || !(1..=side).contains(&b) {
                return Err(ApiError::refused(format!(
                    "a size of {a}×{b} is beyond the limit of 1×1 to {side}×{side}"
                )));
            }
        }
        let seed = request.seed.unwrap_or(fallback_seed);
        let size = request.size.map(|[a, b]| (a, b));
        let game = self.open(&request.game, cancel)?;
        let mut analyst = Analyst::new(game, self.convention(request.misere))?;
        let position = analyst.deal(&mut Rng::new(seed), size, limits)?;
        parsed(analyst.game_mut(), &position, limits)
    }

    /// Refuses a table beyond the limits, before any work.
    pub fn check_table(&self, q: &TableQuery) -> Result<u64, ApiError> {
        let cells = u64::from(q.rows) * u64::from(q.cols);
        if q.rows == 0 || q.cols == 0 || cells > self.limits.table_cells {
            return Err(ApiError::refused(format!(
                "a table of {}×{} is not allowed: the playground draws tables of 1 to {} cells",
                q.rows,
                q.cols,
                grundy::notation::with_commas(self.limits.table_cells.into())
            )));
        }
        Ok(cells)
    }

    /// `GET /api/table`: the value of one component for every pair of sizes
    /// up to rows × cols, for games whose components have two sizes.
    pub fn table(&self, q: TableQuery, cancel: Option<&Cancel>) -> Result<wire::Table, ApiError> {
        self.check_table(&q)?;
        let limits = grundy::game::Limits {
            max_cells: self.limits.table_cells,
            ..self.limits.positions
        };
        let (rows, cols) = (q.rows, q.cols);
        let mut game = self.open(&q.game, cancel)?;
        if !game.abilities().table {
            return Err(ApiError::refused(format!(
                "{} has no table: its components do not have two sizes",
                game.name()
            )));
        }
        let table = game.component_table(rows, cols, limits)?;
        let values: Vec<Vec<u32>> = table
            .values
            .chunks(cols as usize)
            .map(<[u32]>::to_vec)
            .collect();
        Ok(wire::Table {
            format: FORMAT_VERSION,
            game: game.name(),
            what: table.what.to_string(),
            axes: table.axes.map(str::to_string),
            rows,
            cols,
            max: table.values.iter().copied().max().unwrap_or(0),
            values,
            wins_at_once: table.wins_at_once,
        })
    }

    /// Refuses a genera request beyond the limits, before any work.
    pub fn check_genera(&self, q: &GeneraQuery) -> Result<u64, ApiError> {
        let upto = q.upto.unwrap_or(21);
        if upto == 0 || upto > MAX_GENERA {
            return Err(ApiError::refused(format!(
                "upto from 1 to {MAX_GENERA} heaps (found {upto})"
            )));
        }
        Ok(upto)
    }

    /// `GET /api/genera`: the genus of each heap 0 … upto − 1 of a heap game
    /// under misère play; refused for other games, and when a heap needs
    /// more than the misère budget.
    pub fn genera(
        &self,
        q: GeneraQuery,
        cancel: Option<&Cancel>,
    ) -> Result<wire::Genera, ApiError> {
        let upto = self.check_genera(&q)?;
        let game = self.open(&q.game, cancel)?;
        let genera = game.genera(upto, self.limits.misere_budget)?;
        let first_not_tame = genera.iter().position(|(_, tame)| !tame).map(|n| n as u64);
        Ok(wire::Genera {
            format: FORMAT_VERSION,
            game: game.name(),
            genera: genera
                .into_iter()
                .enumerate()
                .map(|(heap, (genus, tame))| genus.to_wire(heap as u64, tame))
                .collect(),
            first_not_tame,
        })
    }

    /// Refuses an octal run beyond the limits, before any work: the code
    /// and the number of values.
    pub fn check_octal(&self, q: &OctalQuery) -> Result<(OctalCode, usize), ApiError> {
        let limits = &self.limits;
        checked_name(&q.code, limits)?;
        let code: OctalCode = q
            .code
            .parse()
            .map_err(|e| ApiError::refused(format!("`{}` is not an octal code: {e}", q.code)))?;
        if code.max_take() > limits.octal_digits {
            return Err(ApiError::refused(format!(
                "codes have at most {} digits after the point in the playground",
                limits.octal_digits
            )));
        }
        let upto = q.upto.unwrap_or(1000);
        if !(1..=limits.octal_values).contains(&upto) {
            return Err(ApiError::refused(format!(
                "upto must be from 1 to {}, not {upto}",
                limits.octal_values
            )));
        }
        Ok((code, upto))
    }

    /// `GET /api/octal`: the Grundy sequence of an octal code, as far as
    /// `going` lets it run; `complete` is false when it stopped the run
    /// before `upto` values or a proven period.
    pub fn octal(
        &self,
        q: OctalQuery,
        going: &mut dyn FnMut() -> bool,
    ) -> Result<wire::Sequence, ApiError> {
        let (code, upto) = self.check_octal(&q)?;
        let result = grundy_sequence_while(&code, upto, &mut |_: usize| going());
        let complete = result.is_ok();
        let sequence = result.unwrap_or_else(|stopped| stopped);
        let periodicity = sequence.periodicity;
        let sparse = grundy::games::octal::census::sparse_space_of(&sequence.values);
        Ok(wire::Sequence {
            format: FORMAT_VERSION,
            game: format!("octal:{code}"),
            computed: sequence.values.len(),
            period: periodicity.map(|p| p.period as u64),
            preperiod: periodicity.map(|p| p.preperiod as u64),
            complete,
            values: sequence.values,
            histogram: None,
            sparse,
        })
    }

    /// Answers one request given as the server would get it: `method`,
    /// `target` (the path and its query, e.g. `/api/octal?code=0.07`) and
    /// the JSON `body` of a POST. Runs to the end (no time limit: the
    /// caller stops it from outside, as the page does by ending its
    /// worker); random positions without a seed take `seed`.
    pub fn dispatch(&self, method: &str, target: &str, body: &str, seed: u64) -> Reply {
        match self.route(method, target, body, seed) {
            Ok(reply) => reply,
            Err(error) => Reply {
                status: error.status(),
                body: to_json(error.error()),
            },
        }
    }

    fn route(&self, method: &str, target: &str, body: &str, seed: u64) -> Result<Reply, ApiError> {
        let (path, query) = target.split_once('?').unwrap_or((target, ""));
        let get = match method {
            "GET" | "HEAD" => true,
            "POST" => false,
            _ if ENDPOINTS.iter().any(|(p, _)| *p == path) => {
                return Err(ApiError::method_not_allowed())
            }
            _ => return Err(not_found()),
        };
        match ENDPOINTS.iter().find(|(p, _)| *p == path) {
            None => return Err(not_found()),
            Some((_, post)) if *post == get => return Err(ApiError::method_not_allowed()),
            Some(_) => {}
        }
        let reply = match path {
            "/api/games" => ok(self.games()),
            "/api/limits" => ok(&self.limits_info()),
            "/api/schema" => Reply {
                status: 200,
                body: SCHEMA.to_string(),
            },
            "/api/solve" => ok(&self.solve(read_body(body)?, None)?),
            "/api/explain" => ok(&self.explain(read_body(body)?, None)?),
            "/api/values" => ok(&self.values(read_body(body)?, None)?),
            "/api/play" => ok(&self.play(read_body(body)?, None)?),
            "/api/parse" => ok(&self.parse(read_body(body)?, None)?),
            "/api/moves" => ok(&self.moves(read_body(body)?, None)?),
            "/api/new" => ok(&self.new_position(read_body(body)?, seed, None)?),
            "/api/table" => ok(&self.table(read_query(query)?, None)?),
            "/api/genera" => ok(&self.genera(read_query(query)?, None)?),
            "/api/octal" => ok(&self.octal(read_query(query)?, &mut || true)?),
            _ => return Err(not_found()),
        };
        Ok(reply)
    }
}

/// The API's paths, and whether each takes POST (else GET).
pub const ENDPOINTS: &[(&str, bool)] = &[
    ("/api/games", false),
    ("/api/limits", false),
    ("/api/schema", false),
    ("/api/solve", true),
    ("/api/explain", true),
    ("/api/values", true),
    ("/api/play", true),
    ("/api/parse", true),
    ("/api/moves", true),
    ("/api/new", true),
    ("/api/table", false),
    ("/api/octal", false),
    ("/api/genera", false),
];

/// Unknown paths: a 404 that says so.
pub fn not_found() -> ApiError {
    ApiError::new(ErrorKind::NotFound, "no such page or endpoint")
}

fn ok<T: Serialize>(answer: &T) -> Reply {
    Reply {
        status: 200,
        body: to_json(answer),
    }
}

fn to_json<T: Serialize>(value: &T) -> String {
    // The wire types are plain data: they always serialise.
    serde_json::to_string(value).unwrap_or_else(|e| {
        format!(r#"{{"format":{FORMAT_VERSION},"kind":"internal","error":"{e}"}}"#)
    })
}

/// A request body read as the server reads it: first its `game`, so that a
/// game that does not exist is named as such, then the rest as a `T`.
pub fn read_body<T: DeserializeOwned>(body: &str) -> Result<T, ApiError> {
    let value: serde_json::Value = serde_json::from_str(body).map_err(|e| {
        ApiError::malformed(format!("Failed to parse the request body as JSON: {e}"))
    })?;
    if let Some(name) = value.get("game").and_then(serde_json::Value::as_str) {
        registry::entry(name)?;
    }
    serde_json::from_value(value).map_err(|e| {
        ApiError::malformed(format!(
            "Failed to deserialize the JSON body into the target type: {e}"
        ))
    })
}

fn read_query<T: DeserializeOwned>(query: &str) -> Result<T, ApiError> {
    serde_urlencoded::from_str(query)
        .map_err(|e| ApiError::malformed(format!("Failed to deserialize query string: {e}")))
}

/// What the registry says of every game, with the kind of its positions
/// (from a random one).
pub fn game_list() -> messages::GameList {
    let info = |entry: &registry::Entry, mut game: AnyGame| {
        let position = game.random_position(&mut Rng::new(1), None);
        let [first, second] = game.players();
        messages::GameInfo {
            name: entry.name.to_string(),
            title: entry.title.to_string(),
            parameter: entry.parameter.map(str::to_string),
            summary: entry.summary.to_string(),
            rules: entry.rules.to_string(),
            example: entry.example.to_string(),
            kind: game.position_wire(&position).kind().to_string(),
            players: [first.to_string(), second.to_string()],
            move_help: game.move_help(),
            misere: game.abilities().misere,
            examples: examples(&entry.examples),
        }
    };
    let games = registry::GAMES
        .iter()
        .filter_map(|entry| {
            let game = registry::open(entry.example, &Settings::default()).ok()?;
            Some(info(entry, game))
        })
        .collect();
    messages::GameList {
        format: FORMAT_VERSION,
        games,
    }
}

/// A game's examples as the API writes them.
fn examples(e: &registry::Examples) -> messages::GameExamples {
    messages::GameExamples {
        judge: e.judge.to_string(),
        answers: e.answers.to_string(),
        won: e.won.to_string(),
        winning_move: e.winning_move.to_string(),
        illegal_move: e.illegal_move.to_string(),
        bad_input: e.bad_input.to_string(),
        bad_line: e.bad_line,
    }
}

/// Refuses a game name longer than the limit before opening it.
pub fn checked_name(name: &str, limits: &Limits) -> Result<(), ApiError> {
    if name.chars().count() > limits.name_length {
        return Err(ApiError::refused(format!(
            "a game name of at most {} characters, the playground's limit (found {})",
            limits.name_length,
            name.chars().count()
        )));
    }
    Ok(())
}

/// A wire position as one of `game`'s, admitted within `limits`.
fn position_of(
    game: &mut AnyGame,
    position: &wire::Position,
    limits: grundy::game::Limits,
) -> Result<AnyPosition, ApiError> {
    let position = game.position_from_wire(position, limits)?;
    game.admit(&position, limits)?;
    Ok(position)
}

/// A position the game made (read from a text, or random) as the answer
/// of `/api/parse` and `/api/new`: within the limits, checked as a
/// position sent as JSON would be.
fn parsed(
    game: &mut AnyGame,
    position: &AnyPosition,
    limits: grundy::game::Limits,
) -> Result<messages::Parsed, ApiError> {
    let wire = game.position_wire(position);
    let position = position_of(game, &wire, limits)?;
    Ok(messages::Parsed {
        format: FORMAT_VERSION,
        game: game.name(),
        position: game.position_wire(&position),
    })
}
