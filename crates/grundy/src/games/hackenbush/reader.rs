//! The input format: one position a line, edges `u-v`.

use std::io::{BufRead, BufReader, Read};

use super::{Edge, Graph, MAX_VERTEX};
use crate::format::{FormatError, ReadError};
use crate::game::CaseReader;

/// Reads graphs, one a line, of at most `max_edges` edges.
pub struct Graphs<'a> {
    input: BufReader<Box<dyn Read + 'a>>,
    line: u64,
    max_edges: usize,
}

impl<'a> Graphs<'a> {
    /// A reader of `input`.
    pub fn new(input: Box<dyn Read + 'a>, max_edges: usize) -> Graphs<'a> {
        Graphs {
            input: BufReader::with_capacity(1 << 16, input),
            line: 0,
            max_edges,
        }
    }

    /// The longest line read: every edge with two vertices of seven digits,
    /// spaced generously.
    fn max_line(&self) -> u64 {
        (self.max_edges as u64 + 1) * 24 + 1024
    }

    fn error(&self, expected: impl Into<String>, found: impl Into<String>) -> ReadError {
        FormatError::new(self.line, expected, found).into()
    }

    fn too_large(&self, expected: impl Into<String>, found: impl Into<String>) -> ReadError {
        ReadError::TooLarge(Box::new(FormatError::new(self.line, expected, found)))
    }

    fn vertex(&self, text: &str, edge: &str) -> Result<u32, ReadError> {
        let expected = || format!("an edge `u-v` of vertices 0 to {MAX_VERTEX}");
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.error(expected(), format!("`{edge}`")));
        }
        match text.parse::<u32>() {
            Ok(v) if v <= MAX_VERTEX => Ok(v),
            _ => Err(self.error(
                format!("a vertex of at most {MAX_VERTEX}"),
                format!("{text} in `{edge}`"),
            )),
        }
    }

    fn parse(&self, text: &str) -> Result<Graph, ReadError> {
        let mut edges: Vec<Edge> = Vec::new();
        for word in text.split_ascii_whitespace() {
            if edges.len() == self.max_edges {
                return Err(self.too_large(
                    format!("at most {} edges in a position", self.max_edges),
                    "more",
                ));
            }
            let Some((a, b)) = word.split_once('-') else {
                return Err(self.error(
                    format!("an edge `u-v` of vertices 0 to {MAX_VERTEX}"),
                    format!("`{word}`"),
                ));
            };
            edges.push([self.vertex(a, word)?, self.vertex(b, word)?]);
        }
        let graph = Graph::new(edges);
        if let Some(place) = graph.first_floating() {
            let [a, b] = graph.edges[place];
            return Err(self.error(
                "every edge connected to the ground (vertex 0)",
                format!("edge {} ({a}-{b}) cut off from it", place + 1),
            ));
        }
        Ok(graph)
    }
}

impl CaseReader<Graph> for Graphs<'_> {
    fn next_case(&mut self) -> Result<Option<Graph>, ReadError> {
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            self.line += 1;
            let limit = self.max_line();
            let read = (&mut self.input)
                .take(limit)
                .read_until(b'\n', &mut bytes)?;
            if read == 0 {
                return Ok(None);
            }
            if read as u64 == limit && !bytes.ends_with(b"\n") {
                return Err(self.too_large(
                    format!("a line of at most {} edges", self.max_edges),
                    format!("a line longer than {limit} bytes"),
                ));
            }
            let Ok(text) = std::str::from_utf8(&bytes) else {
                return Err(self.error("edges `u-v`", "bytes that are not UTF-8"));
            };
            let text = text.trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            return self.parse(text).map(Some);
        }
    }

    fn line(&self) -> u64 {
        self.line
    }
}
