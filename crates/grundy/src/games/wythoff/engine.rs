//! Wythoff's game's engine: the table's values for every pair inside it,
//! and Wythoff's pairs ([`super::pairs`]) for a lone pair beyond it.
//!
//! A sum of pairs needs every pair's value, and the values come only from
//! the table (O(n³/64) steps for n×n, within `--max-cells`). A position of
//! one pair needs only whether that pair is lost, which the closed form
//! answers at any size: such a pair beyond the table is *far*. A far pair
//! has no value here: its outcome, its winning moves (at most three) and
//! its legal moves come from the rule, as a Cutting Game strip's do, and
//! the front ends show it decided by Wythoff's pairs, without a nim-sum.
//! Admission leaves the table alone for a lone far pair, so a pair of
//! 10¹⁸ costs no more than (3, 5); every move keeps a position of one pair,
//! and a pair a move leaves inside the table is valued from it.

use std::ops::ControlFlow;

use super::pairs;
use super::{Wythoff, WythoffTable};
use crate::engine::{Engine, IllegalMove, Played};
use crate::nimber::Nimber;
use crate::rules::{Solver, SumMove};

/// A Wythoff move: pair `component` becomes `action`.
pub type PairMove = SumMove<(u64, u64), (u64, u64)>;

/// Wythoff's game's engine (see the module).
pub struct WythoffGame {
    solver: Solver<Wythoff, WythoffTable>,
}

impl Default for WythoffGame {
    fn default() -> Self {
        WythoffGame::new()
    }
}

impl WythoffGame {
    /// A game with an empty table (it grows as positions are admitted).
    pub fn new() -> WythoffGame {
        WythoffGame {
            solver: Solver::with_cache(Wythoff, WythoffTable::default()),
        }
    }

    /// The table of values built so far.
    pub fn table(&self) -> &WythoffTable {
        self.solver.cache()
    }

    pub(super) fn solver_mut(&mut self) -> &mut Solver<Wythoff, WythoffTable> {
        &mut self.solver
    }

    /// Whether `pair` lies beyond the table (so is valued by no one).
    pub fn beyond_table(&self, &(x, y): &(u64, u64)) -> bool {
        x.max(y) >= self.table().side() as u64
    }

    /// The lone pair of `position` when it lies beyond the table.
    pub fn far(&self, position: &[(u64, u64)]) -> Option<(u64, u64)> {
        match position {
            [pair] if self.beyond_table(pair) => Some(*pair),
            _ => None,
        }
    }
}

/// A far pair's stand-in value: `*0` when it is lost, `*1` otherwise.
fn stand_in((x, y): (u64, u64)) -> Nimber {
    Nimber(u128::from(!pairs::is_lost(x, y)))
}

fn pair_move(to: (u64, u64)) -> PairMove {
    SumMove {
        component: 1,
        action: to,
        leaves: vec![to],
    }
}

/// Whether the pair `from` can become `to` by the rule: from one heap, or
/// the same number (at least one) from both.
pub(super) fn pair_becomes((a, b): (u64, u64), (x, y): (u64, u64)) -> Result<(), IllegalMove> {
    let legal =
        (x < a && y == b) || (x == a && y < b) || (x < a && a.checked_sub(x) == b.checked_sub(y));
    if legal {
        Ok(())
    } else {
        Err(IllegalMove(format!(
            "({a}, {b}) cannot become ({x}, {y}): take from one heap, or the same number from both"
        )))
    }
}

/// Every move of pair number `index` (from 1), in the rules' order (from
/// the first heap, from the second, from both), one at a time.
fn visit_pair_moves(
    index: usize,
    (x, y): (u64, u64),
    visit: &mut dyn FnMut(PairMove) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut to = |to: (u64, u64)| {
        visit(SumMove {
            component: index,
            action: to,
            leaves: vec![to],
        })
    };
    for a in 0..x {
        to((a, y))?;
    }
    for b in 0..y {
        to((x, b))?;
    }
    for k in 1..=x.min(y) {
        to((x - k, y - k))?;
    }
    ControlFlow::Continue(())
}

impl Engine for WythoffGame {
    type Position = Vec<(u64, u64)>;
    type Component = (u64, u64);
    type Move = PairMove;

    /// A far pair's value is not known: it is given as `*0` when the pair
    /// is lost and `*1` otherwise, a stand-in that the presentation and the
    /// wire form never show ([`WythoffGame::far`]).
    fn components(&mut self, pairs: &Vec<(u64, u64)>) -> Vec<((u64, u64), Nimber)> {
        match self.far(pairs) {
            Some(pair) => vec![(pair, stand_in(pair))],
            None => self.solver.components(pairs),
        }
    }

    fn value(&mut self, pairs: &Vec<(u64, u64)>) -> Nimber {
        match self.far(pairs) {
            Some(pair) => stand_in(pair),
            None => self.solver.value(pairs),
        }
    }

    fn outcome(&mut self, pairs: &Vec<(u64, u64)>) -> crate::engine::Outcome {
        match self.far(pairs) {
            Some((x, y)) if pairs::is_lost(x, y) => crate::engine::Outcome::SecondPlayer,
            Some(_) => crate::engine::Outcome::FirstPlayer,
            None => crate::engine::Outcome::of(self.solver.value(pairs)),
        }
    }

    fn winning_moves(
        &mut self,
        pairs: &Vec<(u64, u64)>,
        visit: &mut dyn FnMut(PairMove) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        match self.far(pairs) {
            Some((x, y)) => pairs::winning_targets(x, y)
                .into_iter()
                .try_for_each(|to| visit(pair_move(to))),
            None => self.solver.winning_moves(pairs, visit),
        }
    }

    /// One move at a time, never all of a pair's moves at once (a far pair
    /// has astronomically many).
    fn moves(
        &mut self,
        pairs: &Vec<(u64, u64)>,
        visit: &mut dyn FnMut(PairMove) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for (index, &pair) in pairs.iter().enumerate() {
            visit_pair_moves(index + 1, pair, visit)?;
        }
        ControlFlow::Continue(())
    }

    /// From a lost far pair every move loses: the engine takes one token
    /// from the larger heap (the first heap when they are equal), which
    /// keeps the pair as large as a move can.
    fn suggest_until(
        &mut self,
        pairs: &Vec<(u64, u64)>,
        stop: &dyn Fn() -> bool,
    ) -> Option<PairMove> {
        let Some((x, y)) = self.far(pairs) else {
            return self.solver.suggest_until(pairs, stop);
        };
        if let Some(&to) = pairs::winning_targets(x, y).first() {
            return Some(pair_move(to));
        }
        match (x, y) {
            (0, 0) => None,
            (x, y) if x >= y => Some(pair_move((x - 1, y))),
            (x, y) => Some(pair_move((x, y - 1))),
        }
    }

    /// By the rule, at any size: take from one heap, or the same number
    /// from both.
    fn check(&mut self, pairs: &Vec<(u64, u64)>, mv: &PairMove) -> Result<(), IllegalMove> {
        let Some(&(a, b)) = mv.component.checked_sub(1).and_then(|i| pairs.get(i)) else {
            return Err(IllegalMove(format!(
                "there is no pair {} (there are {})",
                mv.component,
                pairs.len()
            )));
        };
        let (x, y) = mv.action;
        if mv.leaves != [mv.action] {
            return Err(IllegalMove(format!(
                "a move of pair {} leaves one pair, ({x}, {y})",
                mv.component
            )));
        }
        pair_becomes((a, b), (x, y))
    }

    fn play(&mut self, pairs: &Vec<(u64, u64)>, mv: &PairMove) -> Played<Vec<(u64, u64)>> {
        self.solver.play(pairs, mv)
    }

    fn is_terminal(&mut self, pairs: &Vec<(u64, u64)>) -> bool {
        pairs.iter().all(|&pair| pair == (0, 0))
    }
}
