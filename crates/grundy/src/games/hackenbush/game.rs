//! Green Hackenbush for people and for the wire: its input, notation,
//! drawing and wire shapes.

use std::io::Read;

use super::reader::Graphs;
use super::{Cut, Graph, GreenHackenbush, Piece, MAX_EDGES, MAX_VERTEX};
use crate::engine::IllegalMove;
use crate::format::ReadError;
use crate::game::{CaseReader, Limits, Notation, Present, Rng, Style};
use crate::nimber::Nimber;
use crate::registry::{self, Entry, Examples, ParameterError, Registered, Settings};
use crate::style::numbered_list;
use crate::wire::{self, WireError};

/// The most edges of a position within `limits`.
fn max_edges(limits: Limits) -> usize {
    usize::try_from(limits.max_cells).map_or(MAX_EDGES, |cells| cells.min(MAX_EDGES))
}

fn edge_text([a, b]: [u32; 2]) -> String {
    format!("{a}-{b}")
}

fn edges_text(count: usize) -> String {
    match count {
        1 => "1 edge".to_string(),
        n => format!("{n} edges"),
    }
}

impl Present for GreenHackenbush {
    fn name(&self) -> String {
        "green-hackenbush".to_string()
    }

    fn components_noun(&self) -> &'static str {
        "Pieces"
    }

    fn describe_component(&self, index: usize, piece: &Piece, value: Nimber) -> String {
        format!(
            "piece {}: {} {value}",
            index + 1,
            edges_text(piece.edges.len())
        )
    }

    fn draw(&self, graph: &Graph, style: &dyn Style) -> String {
        if graph.edges.is_empty() {
            return "Edges: none (vertex 0 is the ground)".to_string();
        }
        let edges: Vec<String> = graph
            .edges
            .iter()
            .map(|&e| style.strong(&edge_text(e)))
            .collect();
        format!(
            "Edges (vertex 0 is the ground): {}",
            numbered_list(&edges, 0..0)
        )
    }

    /// The position after the move, then the edges it took away: the one
    /// deleted and those that fell with it (they are gone from the list,
    /// so the edges after them are numbered anew).
    fn draw_after(&self, before: &Graph, mv: &Cut, after: &Graph, style: &dyn Style) -> String {
        let Some(&deleted) = mv.edge.checked_sub(1).and_then(|i| before.edges.get(i)) else {
            return self.draw(after, style);
        };
        let (_, fallen) = before.without(mv.edge - 1);
        let mut gone = format!("deleted: edge {} ({})", mv.edge, edge_text(deleted));
        if !fallen.is_empty() {
            let fell: Vec<String> = fallen.iter().map(|&e| edge_text(e)).collect();
            gone += &format!("; fell: {}", fell.join(", "));
        }
        format!("{}\n({gone})", self.draw(after, style))
    }

    fn move_help(&self) -> String {
        "A move is `E`: delete edge E (edges are numbered from 1, in the order of the \
         position: as `grundy play` lists them and the playground writes them on the \
         drawing); every edge then cut off from the ground (vertex 0) falls."
            .to_string()
    }

    fn describe_move(&self, graph: &Graph, mv: &Cut) -> String {
        let Some(&edge) = mv.edge.checked_sub(1).and_then(|i| graph.edges.get(i)) else {
            return format!("delete edge {}", mv.edge);
        };
        let (_, fallen) = graph.without(mv.edge - 1);
        let falls = match fallen.len() {
            0 => String::new(),
            1 => ", and 1 edge falls".to_string(),
            n => format!(", and {} fall", edges_text(n)),
        };
        format!("delete edge {} ({}){falls}", mv.edge, edge_text(edge))
    }
}

impl Notation for GreenHackenbush {
    fn parse_move(&self, graph: &Graph, text: &str) -> Result<Cut, IllegalMove> {
        let text = text.trim();
        let edge = text
            .parse::<usize>()
            .map_err(|_| IllegalMove(format!("`{text}` is not an edge number")))?;
        let mv = Cut { edge };
        match graph.edges.len() {
            n if edge == 0 || edge > n => Err(IllegalMove(format!(
                "there is no edge {edge}: the edges are numbered 1 to {n}"
            ))),
            _ => Ok(mv),
        }
    }

    fn notation(&self, _: &Graph, mv: &Cut) -> String {
        mv.edge.to_string()
    }
}

impl crate::game::WireForm for GreenHackenbush {
    fn plain_form(&self) -> Option<&'static str> {
        Some("a list of (u, v) edges, vertex 0 the ground, like [(0, 1), (1, 2)]")
    }

    fn position_from_plain(
        &self,
        plain: &serde_json::Value,
    ) -> Result<crate::wire::Position, crate::wire::WireError> {
        crate::wire::Position::from_list("graph", "edges", plain)
    }

    fn component_wire(&self, index: usize, piece: &Piece, value: Nimber) -> wire::Component {
        wire::Component {
            index: index + 1,
            part: wire::Part::Graph {
                edges: piece.edges.clone(),
            },
            value: Some(value.value().into()),
        }
    }

    fn position_wire(&self, graph: &Graph) -> wire::Position {
        wire::Position::Graph {
            edges: graph.edges.clone(),
        }
    }

    fn position_from_wire(
        &self,
        position: &wire::Position,
        limits: Limits,
    ) -> Result<Graph, WireError> {
        let wire::Position::Graph { edges } = position else {
            return Err(WireError::wrong(self.name(), "graph", position.kind()));
        };
        let most = max_edges(limits);
        if edges.len() > most {
            return Err(WireError::Refused(format!(
                "{} edges are beyond the limit of {most}",
                edges.len()
            )));
        }
        if let Some(&[a, b]) = edges.iter().find(|e| e[0].max(e[1]) > MAX_VERTEX) {
            return Err(WireError::Refused(format!(
                "the edge {a}-{b} has a vertex beyond {MAX_VERTEX}"
            )));
        }
        let graph = Graph::new(edges.clone());
        if let Some(place) = graph.first_floating() {
            return Err(WireError::Refused(format!(
                "edge {} ({}) is not connected to the ground (vertex 0)",
                place + 1,
                edge_text(graph.edges[place])
            )));
        }
        Ok(graph)
    }

    fn move_wire(&self, _: &Graph, mv: &Cut) -> wire::Move {
        wire::Move::Edge { edge: mv.edge }
    }

    fn move_from_wire(&self, graph: &Graph, mv: &wire::Move) -> Result<Cut, WireError> {
        match mv {
            wire::Move::Edge { edge } => Ok(Cut { edge: *edge }),
            wire::Move::Notation { notation } => Ok(self.parse_move(graph, notation)?),
            other => Err(WireError::wrong(self.name(), "edge moves", other.kind())),
        }
    }
}

impl crate::game::JudgeFormat for GreenHackenbush {
    fn reader<'a>(
        &self,
        input: Box<dyn Read + 'a>,
        limits: Limits,
    ) -> Result<Box<dyn CaseReader<Graph> + 'a>, ReadError> {
        Ok(Box::new(Graphs::new(input, max_edges(limits))))
    }
}

impl crate::game::Extras for GreenHackenbush {
    fn abilities(&self) -> crate::game::Abilities {
        crate::game::Abilities {
            table: false,
            misere: true,
            genera: false,
        }
    }

    fn component_options(
        &mut self,
        graph: &Graph,
        index: usize,
        visit: &mut dyn FnMut(Cut, Nimber) -> std::ops::ControlFlow<()>,
    ) -> Result<std::ops::ControlFlow<()>, crate::Refusal> {
        GreenHackenbush::piece_options(graph, index, visit)
    }

    /// The budgeted misère search over the pieces.
    fn misere(
        &self,
        budget: u64,
    ) -> Result<Box<dyn crate::misere::MisereEngine<Graph, Cut>>, crate::Refusal> {
        Ok(Box::new(super::HackenbushMisere::new(budget)))
    }
}

impl crate::game::Game for GreenHackenbush {
    /// `size` is (edges, vertices besides the ground); 8 edges on 5
    /// vertices by default. Every edge is connected to the ground.
    fn random_position(&mut self, rng: &mut Rng, size: Option<(u64, u64)>) -> Graph {
        let (edges, vertices) = size.unwrap_or((8, 5));
        let edges = edges.min(MAX_EDGES as u64) as usize;
        let vertices = vertices.clamp(1, u64::from(MAX_VERTEX));
        let mut touched = vec![0u32];
        let mut list = Vec::with_capacity(edges);
        for _ in 0..edges {
            let a = touched[rng.below(touched.len() as u64) as usize];
            let b = rng.below(vertices + 1) as u32;
            if !touched.contains(&b) {
                touched.push(b);
            }
            list.push([a, b]);
        }
        Graph::new(list)
    }
}

impl Registered for GreenHackenbush {
    const ENTRY: Entry = Entry {
        name: "green-hackenbush",
        title: "Green Hackenbush",
        parameter: None,
        summary: "Green Hackenbush: edges `u-v` (vertex 0 the ground), one position a line",
        rules: "A position is a drawing of edges, some of them standing on the ground. A move deletes one edge, and whatever is then no longer connected to the ground falls away. The player who cannot move, no edge being left, loses.",
        example: "green-hackenbush",
        examples: Examples {
            judge: "0-1 1-2 1-3 2-3\n0-1 0-1\n",
            answers: "WIN\nLOSE\n",
            won: "0-1 1-2 1-3 2-3\n",
            winning_move: "1",
            illegal_move: "9",
            bad_input: "0-1 1-2\n0-x\n",
            bad_line: 2,
            plain: "[[0, 1], [1, 2], [1, 3], [2, 3]]",
        },
    };

    fn open(parameter: Option<&str>, _: &Settings) -> Result<Self, ParameterError> {
        registry::none(parameter)?;
        Ok(GreenHackenbush)
    }
}
