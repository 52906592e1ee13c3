//! The input format: one position a line, edges `u-v`.

use std::io::Read;

use super::{Edge, Graph, MAX_VERTEX};
use crate::format::{Lines, ReadError};
use crate::game::CaseReader;

/// Reads graphs, one a line, of at most `max_edges` edges.
pub struct Graphs<'a> {
    lines: Lines<'a>,
    max_edges: usize,
}

impl<'a> Graphs<'a> {
    /// A reader of `input`.
    pub fn new(input: Box<dyn Read + 'a>, max_edges: usize) -> Graphs<'a> {
        // The longest line read: every edge with two vertices of seven
        // digits, spaced generously.
        let max_line = (max_edges as u64 + 1) * 24 + 1024;
        Graphs {
            lines: Lines::new(input, max_line),
            max_edges,
        }
    }

    fn error(&self, expected: impl Into<String>, found: impl Into<String>) -> ReadError {
        self.lines.error(expected, found)
    }

    fn too_large(&self, expected: impl Into<String>, found: impl Into<String>) -> ReadError {
        self.lines.too_large(expected, found)
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
        let expected = format!("a line of at most {} edges", self.max_edges);
        let Some(text) = self.lines.next_line(&expected)? else {
            return Ok(None);
        };
        let text = text.to_string();
        self.parse(&text).map(Some)
    }

    fn line(&self) -> u64 {
        self.lines.line()
    }
}
