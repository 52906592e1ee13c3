//! Green Hackenbush under misère play (whoever deletes the last edge
//! loses): the pieces of a position are the components of the budgeted
//! misère search ([`Misere`]), their options the literal rule. Nothing
//! here assumes the colon or fusion principle, which fail under misère
//! play.

use super::{Cut, Edge, Graph, Piece};
use crate::engine::Outcome;
use crate::misere::{Misere, MisereEngine, MisereError, MoveOf};
use crate::rules::Rules;

/// One piece's rule: delete one of its edges (by its place in the piece,
/// from 0); what stays connected to the ground splits into pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PieceRules;

impl Rules for PieceRules {
    type Position = Vec<Edge>;
    type Move = usize;

    fn options(&self, piece: &Vec<Edge>, option: &mut dyn FnMut(usize, &[Vec<Edge>])) {
        for place in 0..piece.len() {
            let (after, _) = Graph::new(piece.clone()).without(place);
            let pieces: Vec<Vec<Edge>> = after.pieces().into_iter().map(|p| p.edges).collect();
            option(place, &pieces);
        }
    }
}

/// Green Hackenbush's misère form, within a budget of positions.
pub struct HackenbushMisere(Misere<PieceRules>);

impl HackenbushMisere {
    /// A search valuing at most `budget` positions a question.
    pub fn new(budget: u64) -> HackenbushMisere {
        let mut search = Misere::new(PieceRules);
        search.set_budget(budget);
        HackenbushMisere(search)
    }
}

/// A position's pieces, and their edges as the search's components.
fn split(graph: &Graph) -> (Vec<Piece>, Vec<Vec<Edge>>) {
    let pieces = graph.pieces();
    let components = pieces.iter().map(|p| p.edges.clone()).collect();
    (pieces, components)
}

/// A move of the search as a cut of the whole position.
fn cut(pieces: &[Piece], mv: &MoveOf<PieceRules>) -> Cut {
    let place = mv
        .component
        .checked_sub(1)
        .and_then(|i| pieces.get(i))
        .and_then(|piece| piece.places.get(mv.action))
        .copied()
        .unwrap_or(0);
    Cut { edge: place + 1 }
}

impl MisereEngine<Graph, Cut> for HackenbushMisere {
    fn outcome(&mut self, graph: &Graph) -> Result<Outcome, MisereError> {
        let (_, components) = split(graph);
        self.0.outcome(&components)
    }

    fn winning_moves(&mut self, graph: &Graph) -> Result<Vec<Cut>, MisereError> {
        let (pieces, components) = split(graph);
        let moves = self.0.winning_moves(&components)?;
        Ok(moves.iter().map(|mv| cut(&pieces, mv)).collect())
    }

    fn suggest(&mut self, graph: &Graph) -> Result<Option<Cut>, MisereError> {
        let (pieces, components) = split(graph);
        Ok(self.0.suggest(&components)?.map(|mv| cut(&pieces, &mv)))
    }
}
