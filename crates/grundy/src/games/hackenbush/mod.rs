//! Green Hackenbush (`green-hackenbush`; Berlekamp, Conway and Guy,
//! *Winning Ways*, ch. 7).
//!
//! # Rules
//! A position is a graph of green edges; vertex 0 is the ground. A move
//! deletes one edge, and then every edge no longer connected to the ground
//! disappears. Loops (`v-v`) and parallel edges are allowed. Under normal
//! play whoever cannot move (no edge is left) loses.
//!
//! # Why the values are right
//! The graph is a disjunctive sum of its *pieces*, the parts that meet only
//! at the ground: a move in one piece deletes edges of that piece alone,
//! since what it cuts off was connected to the ground only through it. So
//! the value is the nim-sum of the pieces' values ([`value`]), each found by
//! two principles of *Winning Ways* ch. 7:
//!
//! - **Colon principle**: replacing a branch at a vertex by another of the
//!   same value does not change the value of the whole. Hence a tree's value
//!   is the nim-sum over the branches at the root of (branch value + 1): a
//!   branch hanging by one edge from the root plays like a Nim heap one
//!   larger than the branch (the edge itself is the move to zero), by
//!   induction on the branch.
//! - **Fusion principle**: the vertices on a cycle may be fused into one,
//!   the cycle's edges becoming loops, without changing the value. A loop is
//!   an edge whose deletion leaves nothing above it, worth `*1`.
//!
//! Fusing every 2-edge-connected part leaves a tree of bridges with loops,
//! valued by the colon principle in time linear in the edges. Neither
//! principle is assumed by the tests: `tests/hackenbush.rs` checks values,
//! outcomes and every winning move against a search of the literal rule
//! (delete an edge, drop what is cut off, mex over the options) on every
//! graph of up to 7 edges on up to 5 vertices besides the ground, and on
//! random graphs of up to 12 edges.
//!
//! # Misère play
//! Under misère play (whoever deletes the last edge loses) the colon and
//! fusion principles fail; the pieces are the components of grundy's
//! budgeted misère search instead, with the literal rule as their options
//! ([`HackenbushMisere`]), refused beyond the budget.
//!
//! # Input
//! One position a line: edges `u-v` separated by spaces (`0-1 1-2 1-3
//! 2-3`); blank lines and lines starting with `#` are skipped. Vertices are
//! whole numbers up to [`MAX_VERTEX`]; a position has at most
//! [`MAX_EDGES`] edges (and no more than `--max-cells`), and each of its
//! edges must be connected to the ground. A move is the 1-based index of
//! the edge to delete in the position's list.

mod game;
mod misere;
mod reader;
mod value;

use std::ops::ControlFlow;

pub use misere::{HackenbushMisere, PieceRules};
pub use value::Edge;

use crate::engine::{Engine, IllegalMove, Played};
use crate::nimber::Nimber;

/// The game this module registers (see `games/mod.rs`).
pub type Registration = GreenHackenbush;

/// The largest vertex number a position may use.
pub const MAX_VERTEX: u32 = 1_000_000;

/// The most edges of one position.
pub const MAX_EDGES: usize = 10_000;

/// Green Hackenbush.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GreenHackenbush;

/// A position: its edges, in order (a move names one by its place).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Graph {
    /// The edges; vertex 0 is the ground.
    pub edges: Vec<Edge>,
}

/// One piece of a position: the edges that meet the rest only at the
/// ground, with their places (from 0) in the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Each edge's place in the position, from 0.
    pub places: Vec<usize>,
    /// The edges.
    pub edges: Vec<Edge>,
}

/// A move: delete the edge at this place, from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cut {
    /// The edge, from 1.
    pub edge: usize,
}

impl Graph {
    /// The graph of these edges.
    pub fn new(edges: Vec<Edge>) -> Graph {
        Graph { edges }
    }

    /// Its pieces, in the order of their first edges.
    pub fn pieces(&self) -> Vec<Piece> {
        let labels = value::pieces(&self.edges);
        let count = labels.iter().map(|&l| l + 1).max().unwrap_or(0);
        let mut pieces = vec![
            Piece {
                places: Vec::new(),
                edges: Vec::new(),
            };
            count
        ];
        for (place, (&label, &edge)) in labels.iter().zip(&self.edges).enumerate() {
            pieces[label].places.push(place);
            pieces[label].edges.push(edge);
        }
        pieces
    }

    /// The position after deleting the edge at `place` (from 0), with what
    /// is cut off from the ground gone; and the edges that fell with it.
    pub fn without(&self, place: usize) -> (Graph, Vec<Edge>) {
        let mut edges = self.edges.clone();
        edges.remove(place);
        let keep = value::grounded(&edges);
        let (kept, fallen) = edges
            .into_iter()
            .zip(keep)
            .partition::<Vec<_>, _>(|&(_, grounded)| grounded);
        let edges = kept.into_iter().map(|(e, _)| e).collect();
        (
            Graph { edges },
            fallen.into_iter().map(|(e, _)| e).collect(),
        )
    }

    /// The first edge not connected to the ground, if any (from 0).
    pub fn first_floating(&self) -> Option<usize> {
        value::grounded(&self.edges).iter().position(|&g| !g)
    }
}

/// The value of a position (or a piece): the nim-sum of its pieces.
pub fn value(edges: &[Edge]) -> Nimber {
    Nimber::from(value::value(edges))
}

impl GreenHackenbush {
    /// Calls `visit` with each edge (its place from 0) whose deletion
    /// leaves the whole position worth `target`, piece by piece.
    fn moves_to(
        &self,
        graph: &Graph,
        target: Nimber,
        visit: &mut dyn FnMut(usize) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let pieces = graph.pieces();
        let values: Vec<Nimber> = pieces.iter().map(|p| value(&p.edges)).collect();
        let total = values.iter().fold(Nimber::ZERO, |s, &v| s ^ v);
        // A move is in one piece and leaves the others alone: deleting the
        // j-th edge of piece i reaches `target` when the piece becomes
        // worth `target ^ total ^ values[i]`. Edges in the position's order.
        let mut next = vec![0usize; pieces.len()];
        for (place, &i) in value::pieces(&graph.edges).iter().enumerate() {
            let j = next[i];
            next[i] += 1;
            let (after, _) = Graph::new(pieces[i].edges.clone()).without(j);
            if value(&after.edges) == target ^ total ^ values[i] {
                visit(place)?;
            }
        }
        ControlFlow::Continue(())
    }
}

impl GreenHackenbush {
    /// [`crate::game::Extras::component_options`]: deleting each edge of
    /// piece number `index` (from 1), in the position's order, with what
    /// the piece is worth after it (the edges that fall, fallen).
    pub(crate) fn piece_options(
        graph: &Graph,
        index: usize,
        visit: &mut dyn FnMut(Cut, Nimber) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, crate::Refusal> {
        let pieces = graph.pieces();
        let Some(piece) = index.checked_sub(1).and_then(|i| pieces.get(i)) else {
            return Err(crate::Refusal::Unable(format!(
                "there is no piece {index} (there are {})",
                pieces.len()
            )));
        };
        let mut j = 0;
        for (place, &owner) in value::pieces(&graph.edges).iter().enumerate() {
            if owner + 1 != index {
                continue;
            }
            let (after, _) = Graph::new(piece.edges.clone()).without(j);
            j += 1;
            if visit(Cut { edge: place + 1 }, value(&after.edges)).is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }
}

impl Engine for GreenHackenbush {
    type Position = Graph;
    type Component = Piece;
    type Move = Cut;

    fn components(&mut self, graph: &Graph) -> Vec<(Piece, Nimber)> {
        graph
            .pieces()
            .into_iter()
            .map(|piece| {
                let v = value(&piece.edges);
                (piece, v)
            })
            .collect()
    }

    fn value(&mut self, graph: &Graph) -> Nimber {
        value(&graph.edges)
    }

    fn winning_moves(
        &mut self,
        graph: &Graph,
        visit: &mut dyn FnMut(Cut) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if value(&graph.edges).is_zero() {
            return ControlFlow::Continue(());
        }
        self.moves_to(graph, Nimber::ZERO, &mut |place| {
            visit(Cut { edge: place + 1 })
        })
    }

    fn moves(
        &mut self,
        graph: &Graph,
        visit: &mut dyn FnMut(Cut) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        (1..=graph.edges.len()).try_for_each(|edge| visit(Cut { edge }))
    }

    /// The piece cut in is valued again without the edge: the others keep
    /// their values ([`crate::solve::BitCounts::score_after`]). Costs the
    /// graph's edges.
    fn try_score(
        &mut self,
        graph: &Graph,
        before: &crate::solve::BitCounts,
        mv: &Cut,
    ) -> (u64, u64) {
        let cost = graph.edges.len() as u64 + 1;
        let Some(place) = mv.edge.checked_sub(1) else {
            return (u64::MAX, cost);
        };
        let owners = value::pieces(&graph.edges);
        let Some(&i) = owners.get(place) else {
            return (u64::MAX, cost);
        };
        let j = owners[..place].iter().filter(|&&o| o == i).count();
        let pieces = graph.pieces();
        let piece = &pieces[i];
        let (after, _) = Graph::new(piece.edges.clone()).without(j);
        let score = before.score_after(value(&piece.edges), &[value(&after.edges)]);
        (score, cost)
    }

    fn check(&mut self, graph: &Graph, mv: &Cut) -> Result<(), IllegalMove> {
        match graph.edges.len() {
            0 => Err(IllegalMove("no edge is left to cut".to_string())),
            n if mv.edge == 0 || mv.edge > n => Err(IllegalMove(format!(
                "there is no edge {}: the edges are numbered 1 to {n}",
                mv.edge
            ))),
            _ => Ok(()),
        }
    }

    fn play(&mut self, graph: &Graph, mv: &Cut) -> Played<Graph> {
        let (position, _) = graph.without(mv.edge - 1);
        Played {
            position,
            won: false,
        }
    }

    fn is_terminal(&mut self, graph: &Graph) -> bool {
        graph.edges.is_empty()
    }
}
