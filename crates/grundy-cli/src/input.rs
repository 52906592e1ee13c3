//! Opening the input a command reads, and naming it in messages.

use std::fmt;
use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::path::Path;

use anyhow::Context;
use grundy::format::{FormatError, JudgeInput, ReadError};

/// Where input comes from: a file, or standard input when none is named.
pub struct Source {
    name: String,
    file: Option<File>,
}

impl Source {
    /// Opens `path`, or standard input for `None` or `-`.
    pub fn open(path: Option<&Path>) -> anyhow::Result<Source> {
        match path {
            Some(p) if p != Path::new("-") => {
                let file = File::open(p).with_context(|| format!("cannot open {}", p.display()))?;
                Ok(Source {
                    name: p.display().to_string(),
                    file: Some(file),
                })
            }
            _ => Ok(Source {
                name: "<stdin>".to_string(),
                file: None,
            }),
        }
    }

    /// Says on standard error, when the input is a terminal, that `grundy`
    /// is waiting for `game`'s cases there (not silently), and how to end
    /// them.
    pub fn announce(&self, game: &str) {
        if self.file.is_none() && io::stdin().is_terminal() {
            eprintln!(
                "grundy: reading {game} cases from the terminal, in the judge's input format; \
                 end with Ctrl-D on a line of its own (or name a FILE)"
            );
        }
    }

    /// The name used in messages.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Hands over the byte stream.
    pub fn into_reader(self) -> Box<dyn Read> {
        match self.file {
            Some(file) => Box::new(file),
            None => Box::new(io::stdin()),
        }
    }

    /// Hands over the input for a judge: with `map`, a regular file (also
    /// one given as standard input) is mapped into memory and read in
    /// place; anything else is streamed.
    pub fn into_judge_input(self, map: bool) -> JudgeInput<'static> {
        if map {
            let mapped = match &self.file {
                Some(file) => JudgeInput::map(file),
                None => stdin_file().as_ref().and_then(JudgeInput::map),
            };
            if let Some(mapped) = mapped {
                return mapped;
            }
        }
        JudgeInput::stream(self.into_reader())
    }

    /// Tags a reader's error with this source's name, keeping its kind.
    pub fn error(name: &str, err: ReadError) -> anyhow::Error {
        match err {
            ReadError::Format(format) => InputError {
                source: name.to_string(),
                error: format,
                hint: None,
            }
            .into(),
            ReadError::TooLarge(format) => InputError {
                source: name.to_string(),
                // Heap readers name their own flag (--max-heap).
                hint: (!format.to_string().contains("raises the limit"))
                    .then_some("--max-cells raises the limit"),
                error: format,
            }
            .into(),
            ReadError::Io(io) => anyhow::Error::new(io).context(format!("cannot read {name}")),
        }
    }
}

/// Standard input as a file of its own (a duplicate of its descriptor),
/// to find out whether it is a regular file that can be mapped.
#[cfg(unix)]
fn stdin_file() -> Option<File> {
    use std::os::fd::AsFd;
    io::stdin()
        .as_fd()
        .try_clone_to_owned()
        .ok()
        .map(File::from)
}

#[cfg(not(unix))]
fn stdin_file() -> Option<File> {
    None
}

/// Malformed input, which ends the program with status 2.
#[derive(Debug)]
pub struct InputError {
    source: String,
    error: Box<FormatError>,
    /// How to get past the error, when there is a way.
    hint: Option<&'static str>,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.source, self.error)?;
        match self.hint {
            Some(hint) => write!(f, " ({hint})"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for InputError {}

/// A request the command line could parse but not carry out as given: like
/// clap's own usage errors, it ends the program with status 2.
#[derive(Debug)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// A case that was read but cannot be valued within the limits: like
/// malformed input, it ends the program with status 2.
#[derive(Debug)]
pub struct RefusedCase {
    pub source: String,
    pub line: u64,
    pub reason: String,
}

impl fmt::Display for RefusedCase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: line {}: {}", self.source, self.line, self.reason)
    }
}

impl std::error::Error for RefusedCase {}

/// How the cases of an input are written.
enum Reader<'a, P> {
    /// The game's own format, through its reader.
    Text(Box<dyn grundy::game::CaseReader<P> + 'a>),
    /// JSON Lines: one position of the wire format a line.
    Json {
        lines: io::Lines<io::BufReader<Box<dyn Read + 'a>>>,
        line: u64,
    },
}

/// The cases of an input, through the game's reader or as JSON Lines of
/// wire positions: each one admitted (checked against the limits) before
/// it is handed out, errors tagged with the source's name and line.
pub struct Cases<'a, G: grundy::Game> {
    pub name: String,
    reader: Reader<'a, G::Position>,
    limits: grundy::game::Limits,
    pub count: u64,
    /// The line of the last case handed out.
    pub line: u64,
}

impl<'a, G: grundy::Game> Cases<'a, G> {
    /// Reads `input` (called `name` in messages) as `game`'s format.
    pub fn new(
        game: &G,
        name: &str,
        input: Box<dyn Read + 'a>,
        limits: grundy::game::Limits,
    ) -> anyhow::Result<Self> {
        let reader = game
            .reader(input, limits)
            .map_err(|e| Source::error(name, e))?;
        Ok(Cases {
            name: name.to_string(),
            reader: Reader::Text(reader),
            limits,
            count: 0,
            line: 0,
        })
    }

    /// Reads `input` as JSON Lines, one wire-format position a line (blank
    /// lines are skipped).
    pub fn json(name: &str, input: Box<dyn Read + 'a>, limits: grundy::game::Limits) -> Self {
        use std::io::BufRead;
        Cases {
            name: name.to_string(),
            reader: Reader::Json {
                lines: io::BufReader::new(input).lines(),
                line: 0,
            },
            limits,
            count: 0,
            line: 0,
        }
    }

    /// What the input said about the last case that its position does not
    /// show ([`grundy::game::CaseReader::note`]).
    pub fn note(&self) -> Option<String> {
        match &self.reader {
            Reader::Text(reader) => reader.note(),
            Reader::Json { .. } => None,
        }
    }

    /// The next case, admitted by `game`; `None` at the end.
    pub fn next(&mut self, game: &mut G) -> anyhow::Result<Option<G::Position>> {
        let (position, line) = match &mut self.reader {
            Reader::Text(reader) => {
                let Some(position) = reader
                    .next_case()
                    .map_err(|e| Source::error(&self.name, e))?
                else {
                    return Ok(None);
                };
                (position, reader.line())
            }
            Reader::Json { lines, line } => loop {
                let Some(text) = lines.next() else {
                    return Ok(None);
                };
                *line += 1;
                let line = *line;
                let text = text.with_context(|| format!("cannot read {}", self.name))?;
                if text.trim().is_empty() {
                    continue;
                }
                let wire = json_position(game, &text)
                    .map_err(|reason| refused(&self.name, line, reason))?;
                let position = game
                    .position_from_wire(&wire, self.limits)
                    .map_err(|e| refused(&self.name, line, e.to_string()))?;
                break (position, line);
            },
        };
        game.admit(&position, self.limits)
            .map_err(|reason| refused(&self.name, line, crate::words::refusal(&reason)))?;
        self.count += 1;
        self.line = line;
        Ok(Some(position))
    }
}

/// A JSON line as a position: the wire shape (an object with a `kind`),
/// or the game's plain form (`[3, 4]` for heaps) where it has one.
fn json_position<G: grundy::Game>(game: &G, text: &str) -> Result<grundy::wire::Position, String> {
    let plain = game.plain_form();
    let expected = |e: serde_json::Error| {
        let or_plain = plain.map_or(String::new(), |p| format!(", or {p}"));
        format!("expected a position in the JSON wire format{or_plain}: {e}")
    };
    let value: serde_json::Value = serde_json::from_str(text).map_err(expected)?;
    if value.is_object() || plain.is_none() {
        return serde_json::from_value(value).map_err(expected);
    }
    game.position_from_plain(&value).map_err(|e| {
        format!(
            "expected {}, or a position in the JSON wire format: {e}",
            plain.unwrap_or_default()
        )
    })
}

/// A case refused at `line` of `source`.
pub fn refused(source: &str, line: u64, reason: String) -> anyhow::Error {
    RefusedCase {
        source: source.to_string(),
        line,
        reason,
    }
    .into()
}
