//! Games you define yourself: a rules object, and a solver for it.
//!
//! A game is described by its [`Rules`]: a position type and, for each
//! position, its moves, each with the *components* the move leaves — a
//! take-and-break move that splits a heap in two leaves two components, a
//! move that empties a heap leaves none. Positions of the whole game are
//! disjunctive sums of components, so the [`Solver`] only ever evaluates a
//! single component: it memoises each value in a transposition table (any
//! [`Cache`]), sums components by XOR and finds the winning moves of a sum.
//! It also implements [`Engine`], the trait every front end talks to, so a
//! game you define can be solved and played like the seed games.
//!
//! The three seed games have rules here too (`BombRules`, `CuttingRules`,
//! `MatrixRules` in [`crate::games`]); tests check that this generic solver
//! agrees with their dedicated code.
//!
//! # Writing a game
//! A subtraction game: take 1, 3 or 4 tokens from a heap.
//!
//! ```
//! use grundy::rules::{Rules, Solver};
//! use grundy::Nimber;
//!
//! struct Subtraction;
//!
//! impl Rules for Subtraction {
//!     type Position = u32; // a heap
//!     type Move = u32; // how many tokens are taken
//!
//!     fn options(&self, heap: &u32, option: &mut dyn FnMut(u32, &[u32])) {
//!         for take in [1, 3, 4] {
//!             if take <= *heap {
//!                 option(take, &[heap - take]);
//!             }
//!         }
//!     }
//! }
//!
//! let mut solver = Solver::new(Subtraction);
//! // Heaps of 0 and 2 tokens are lost for the player to move (period 7).
//! assert_eq!(solver.grundy(&7), Nimber::ZERO);
//! assert_eq!(solver.grundy(&9), Nimber::ZERO);
//! // Heaps 5 and 6 (worth 3 and 2): take 1 from the 5 to leave 4 + 6.
//! let moves = solver.sum_winning_moves(&[5, 6]);
//! assert!(moves.iter().any(|m| m.component == 1 && m.action == 1));
//! ```

use std::collections::{HashMap, HashSet};
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::ControlFlow;

use crate::engine::{Engine, IllegalMove, Outcome, Played};
use crate::nimber::{mex, Nimber};
use crate::shared::Cancel;
use crate::solve::STOP_EVERY;

/// The rules of an impartial game whose positions split into independent
/// components.
///
/// The moves must be well-founded: no sequence of moves may return to a
/// position, so every play ends (the solver panics if it finds a loop).
pub trait Rules {
    /// One component of a position (a heap, a piece of paper, a bomb).
    type Position: Clone + Eq + Hash;
    /// A move from a component, as it should be reported to a player.
    type Move: Clone;

    /// Calls `option` once for every move from `position`, with the move
    /// and the components it leaves (none when the component disappears).
    #[allow(clippy::type_complexity)] // the signature a user writes, spelled out
    fn options(
        &self,
        position: &Self::Position,
        option: &mut dyn FnMut(Self::Move, &[Self::Position]),
    );

    /// How many moves `position` has, where the rules can tell without
    /// listing them (`None` by default): a search bounded by the moves it
    /// lists then refuses a component with more moves than its budget at
    /// once, rather than list them (a heap of 10^12 has some 10^11 to
    /// 10^22 moves in a take-and-break game).
    fn option_count(&self, position: &Self::Position) -> Option<u128> {
        let _ = position;
        None
    }
}

/// Where a solver keeps the values it has computed.
pub trait Cache<P> {
    /// The value of `position`, if known.
    fn get(&self, position: &P) -> Option<Nimber>;
    /// Records the value of `position`.
    fn insert(&mut self, position: P, value: Nimber);
}

impl<P: Eq + Hash, S: std::hash::BuildHasher> Cache<P> for HashMap<P, Nimber, S> {
    fn get(&self, position: &P) -> Option<Nimber> {
        HashMap::get(self, position).copied()
    }

    fn insert(&mut self, position: P, value: Nimber) {
        HashMap::insert(self, position, value);
    }
}

/// A move in a sum: in component `component` (1-based), play `action`,
/// which leaves `leaves` in its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumMove<M, P> {
    /// Index of the component moved in, from 1.
    pub component: usize,
    /// The move.
    pub action: M,
    /// What the component becomes.
    pub leaves: Vec<P>,
}

/// A move that wins a sum.
pub type WinningMove<M, P> = SumMove<M, P>;

/// Computes Grundy values of a game given by its [`Rules`], memoising every
/// component it evaluates.
pub struct Solver<R: Rules, C = HashMap<<R as Rules>::Position, Nimber>> {
    rules: R,
    cache: C,
    /// The most positions one valuation may value or hold open.
    limit: Option<usize>,
    /// Raised when a valuation is to stop.
    cancel: Option<Cancel>,
}

/// A component on the solver's stack: its options, flattened.
struct Frame<P> {
    position: P,
    /// Every option's components, one option after another.
    leaves: Vec<P>,
    /// Where each option's components end in `leaves`.
    ends: Vec<usize>,
    /// The first component not yet known to be valued.
    next: usize,
}

impl<P: Clone> Frame<P> {
    fn new<R: Rules<Position = P>>(rules: &R, position: P) -> Frame<P> {
        let mut leaves = Vec::new();
        let mut ends = Vec::new();
        rules.options(&position, &mut |_, option| {
            leaves.extend_from_slice(option);
            ends.push(leaves.len());
        });
        Frame {
            position,
            leaves,
            ends,
            next: 0,
        }
    }
}

/// Why [`Solver::try_grundy`] found no value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsolvable<P> {
    /// The rules let `position` be reached from itself: such a game has
    /// no Grundy values.
    Loop {
        /// A position on the loop.
        position: P,
    },
    /// Valuing the position would take more than the solver's limit of
    /// positions (see [`Solver::set_limit`]); `position` is where the
    /// search stood (a game without end grows here).
    TooLarge {
        /// The position being expanded when the limit was reached.
        position: P,
        /// The limit.
        limit: usize,
    },
    /// The valuation was asked to stop ([`Solver::set_cancel`]).
    Cancelled,
}

impl<P: Debug> std::fmt::Display for Unsolvable<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unsolvable::Loop { position } => write!(
                f,
                "the rules are not well-founded: {position:?} can be reached from itself"
            ),
            Unsolvable::TooLarge { position, limit } => write!(
                f,
                "more than {limit} positions to value (reached {position:?}); the game may have no end"
            ),
            Unsolvable::Cancelled => write!(f, "the valuation was stopped before it had a value"),
        }
    }
}

impl<P: Debug> std::error::Error for Unsolvable<P> {}

impl<R: Rules> Solver<R> {
    /// A solver with an empty hash-map transposition table.
    pub fn new(rules: R) -> Self {
        Solver {
            rules,
            cache: HashMap::new(),
            limit: None,
            cancel: None,
        }
    }
}

impl<R: Rules, C: Cache<R::Position>> Solver<R, C> {
    /// A solver that keeps its values in `cache`.
    pub fn with_cache(rules: R, cache: C) -> Self {
        Solver {
            rules,
            cache,
            limit: None,
            cancel: None,
        }
    }

    /// Limits each valuation to `limit` positions valued or held open
    /// (`None`: no limit), so rules whose positions never end (each move
    /// leading to a new one) stop with [`Unsolvable::TooLarge`] instead of
    /// filling the memory.
    pub fn set_limit(&mut self, limit: Option<usize>) {
        self.limit = limit;
    }

    /// Stops each valuation of [`Solver::try_grundy`] with
    /// [`Unsolvable::Cancelled`] once `cancel` is raised (`None`: never),
    /// looked at every [`STOP_EVERY`] positions opened. The values found
    /// before stay known.
    pub fn set_cancel(&mut self, cancel: Option<Cancel>) {
        self.cancel = cancel;
    }

    /// The flag of [`Solver::set_cancel`].
    pub fn cancel_flag(&self) -> Option<&Cancel> {
        self.cancel.as_ref()
    }

    /// The rules being solved.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The transposition table.
    pub fn cache(&self) -> &C {
        &self.cache
    }

    /// The transposition table, to fill or grow it.
    pub fn cache_mut(&mut self) -> &mut C {
        &mut self.cache
    }

    /// The Grundy value of one component.
    ///
    /// # Panics
    /// If the rules let a position be reached from itself, the limit is
    /// reached, or the valuation is cancelled (see [`Solver::try_grundy`]
    /// for the error instead).
    pub fn grundy(&mut self, position: &R::Position) -> Nimber {
        match self.try_grundy(position) {
            Ok(value) => value,
            Err(Unsolvable::Loop { .. }) => {
                panic!("the rules are not well-founded: a position can be reached from itself")
            }
            Err(Unsolvable::TooLarge { limit, .. }) => {
                panic!("more than {limit} positions to value")
            }
            Err(Unsolvable::Cancelled) => panic!("the valuation was stopped"),
        }
    }

    /// The Grundy value of one component, or why there is none: a position
    /// that can be reached from itself, or more positions than the limit
    /// ([`Solver::set_limit`]). The values found before stay known; none is
    /// recorded for a position on a loop.
    ///
    /// Evaluated with an explicit stack, so long chains of moves (a heap of
    /// a million tokens) do not overflow the call stack; the rules are asked
    /// for each position's options once.
    pub fn try_grundy(
        &mut self,
        position: &R::Position,
    ) -> Result<Nimber, Unsolvable<R::Position>> {
        if let Some(value) = self.cache.get(position) {
            return Ok(value);
        }
        let Solver {
            rules,
            cache,
            limit,
            cancel,
        } = self;
        let limit = limit.unwrap_or(usize::MAX);
        let mut valued = 0usize;
        let mut opened = 0u64;
        let mut open: HashSet<R::Position> = HashSet::from([position.clone()]);
        let mut stack = vec![Frame::new(rules, position.clone())];
        while let Some(frame) = stack.last_mut() {
            let pending = frame.leaves[frame.next..]
                .iter()
                .position(|leaf| cache.get(leaf).is_none());
            match pending {
                Some(skip) => {
                    frame.next += skip;
                    let leaf = frame.leaves[frame.next].clone();
                    if !open.insert(leaf.clone()) {
                        return Err(Unsolvable::Loop { position: leaf });
                    }
                    if valued.saturating_add(stack.len()) >= limit {
                        return Err(Unsolvable::TooLarge {
                            position: leaf,
                            limit,
                        });
                    }
                    opened += 1;
                    if opened.is_multiple_of(STOP_EVERY)
                        && cancel.as_ref().is_some_and(Cancel::is_cancelled)
                    {
                        return Err(Unsolvable::Cancelled);
                    }
                    stack.push(Frame::new(rules, leaf));
                }
                None => {
                    let Frame {
                        position,
                        leaves,
                        ends,
                        ..
                    } = stack.pop().expect("the loop sees a frame");
                    let mut start = 0;
                    let values = ends.iter().map(|&end| {
                        let option = &leaves[start..end];
                        start = end;
                        option.iter().fold(Nimber::ZERO, |sum, leaf| {
                            sum ^ cache.get(leaf).expect("every leaf is valued")
                        })
                    });
                    let value = mex(values);
                    open.remove(&position);
                    cache.insert(position, value);
                    valued += 1;
                }
            }
        }
        Ok(self
            .cache
            .get(position)
            .expect("the position was valued last"))
    }

    /// The value of the disjunctive sum of `components` (what
    /// [`Engine::value`] answers for a position held as a `Vec`).
    pub fn sum_value(&mut self, components: &[R::Position]) -> Nimber {
        components
            .iter()
            .fold(Nimber::ZERO, |sum, c| sum ^ self.grundy(c))
    }

    /// Who wins the sum of `components`.
    pub fn sum_outcome(&mut self, components: &[R::Position]) -> Outcome {
        Outcome::of(self.sum_value(components))
    }

    /// Every move that leaves the sum of `components` worth `*0` (none
    /// when the position is already lost); [`Engine::winning_moves`] visits
    /// them one by one instead, and can stop.
    pub fn sum_winning_moves(
        &mut self,
        components: &[R::Position],
    ) -> Vec<WinningMove<R::Move, R::Position>> {
        let mut winning = Vec::new();
        let _ = self.visit_winning_moves(components, &mut |mv| {
            winning.push(mv);
            ControlFlow::Continue(())
        });
        winning
    }
}

impl<R: Rules, C: Cache<R::Position>> Solver<R, C> {
    /// The moves of one component, with what each leaves.
    fn options_of(&self, component: &R::Position) -> Vec<(R::Move, Vec<R::Position>)> {
        let mut options = Vec::new();
        self.rules.options(component, &mut |action, leaves| {
            options.push((action, leaves.to_vec()));
        });
        options
    }

    /// The moves of component number `index` (from 1) of `components`,
    /// each with the nim-sum of what it leaves, until `visit` says stop
    /// (what a game through its solver answers for
    /// [`crate::game::Extras::component_options`]).
    pub fn sum_component_options(
        &mut self,
        components: &[R::Position],
        index: usize,
        visit: &mut dyn FnMut(SumMove<R::Move, R::Position>, Nimber) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, crate::Refusal> {
        let Some(component) = index.checked_sub(1).and_then(|i| components.get(i)) else {
            return Err(crate::Refusal::Unable(format!(
                "there is no component {index} (there are {})",
                components.len()
            )));
        };
        for (action, leaves) in self.options_of(component) {
            let value = self.sum_value(&leaves);
            let mv = SumMove {
                component: index,
                action,
                leaves,
            };
            if visit(mv, value).is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    /// Calls `visit` with every move that leaves the sum of `components`
    /// worth `*0`, component by component, until it says stop.
    fn visit_winning_moves(
        &mut self,
        components: &[R::Position],
        visit: &mut dyn FnMut(SumMove<R::Move, R::Position>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let values: Vec<Nimber> = components.iter().map(|c| self.grundy(c)).collect();
        let total = values.iter().fold(Nimber::ZERO, |s, &v| s ^ v);
        if total.is_zero() {
            return ControlFlow::Continue(());
        }
        for (index, component) in components.iter().enumerate() {
            // The component must become worth `target` for the sum to be 0
            // (an option worth more than the component itself wins too).
            let target = total ^ values[index];
            for (action, leaves) in self.options_of(component) {
                if self.sum_value(&leaves) == target {
                    visit(SumMove {
                        component: index + 1,
                        action,
                        leaves,
                    })?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// Every game given by [`Rules`] is an [`Engine`] through its solver: a
/// position is the list of its components, and a move names one of them
/// (from 1) with the rules' move and what it leaves.
impl<R, C> Engine for Solver<R, C>
where
    R: Rules,
    R::Position: Debug + 'static,
    R::Move: Debug + PartialEq + 'static,
    C: Cache<R::Position>,
{
    type Position = Vec<R::Position>;
    type Component = R::Position;
    type Move = SumMove<R::Move, R::Position>;

    fn components(&mut self, position: &Self::Position) -> Vec<(R::Position, Nimber)> {
        position
            .iter()
            .map(|c| (c.clone(), self.grundy(c)))
            .collect()
    }

    fn winning_moves(
        &mut self,
        position: &Self::Position,
        visit: &mut dyn FnMut(Self::Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.visit_winning_moves(position, visit)
    }

    fn moves(
        &mut self,
        position: &Self::Position,
        visit: &mut dyn FnMut(Self::Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for (index, component) in position.iter().enumerate() {
            for (action, leaves) in self.options_of(component) {
                visit(SumMove {
                    component: index + 1,
                    action,
                    leaves,
                })?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Scored from the values of the component moved in and of what it
    /// leaves, without making the move: one unit, and one per part left.
    fn try_score(
        &mut self,
        position: &Self::Position,
        before: &crate::solve::BitCounts,
        mv: &Self::Move,
    ) -> (u64, u64) {
        let Some(component) = mv.component.checked_sub(1).and_then(|i| position.get(i)) else {
            return crate::solve::score_by_playing(self, position, mv);
        };
        let replaced = self.grundy(component);
        let leaves: Vec<Nimber> = mv.leaves.iter().map(|c| self.grundy(c)).collect();
        (
            before.score_after(replaced, &leaves),
            1 + mv.leaves.len() as u64,
        )
    }

    fn check(&mut self, position: &Self::Position, mv: &Self::Move) -> Result<(), IllegalMove> {
        let Some(component) = mv.component.checked_sub(1).and_then(|i| position.get(i)) else {
            return Err(IllegalMove(format!(
                "there is no component {} (there are {})",
                mv.component,
                position.len()
            )));
        };
        let legal = self
            .options_of(component)
            .into_iter()
            .any(|(action, leaves)| action == mv.action && leaves == mv.leaves);
        if legal {
            Ok(())
        } else {
            Err(IllegalMove(format!(
                "{:?} leaving {:?} is not a move of component {} ({:?})",
                mv.action, mv.leaves, mv.component, component
            )))
        }
    }

    fn play(&mut self, position: &Self::Position, mv: &Self::Move) -> Played<Self::Position> {
        let mut after = position.clone();
        if let Some(i) = mv.component.checked_sub(1).filter(|&i| i < after.len()) {
            after.splice(i..=i, mv.leaves.iter().cloned());
        }
        Played {
            position: after,
            won: false,
        }
    }

    fn is_terminal(&mut self, position: &Self::Position) -> bool {
        position.iter().all(|c| {
            let mut any = false;
            self.rules.options(c, &mut |_, _| any = true);
            !any
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim: a heap of n can become any smaller heap.
    struct Nim;
    impl Rules for Nim {
        type Position = u64;
        type Move = u64;
        fn options(&self, heap: &u64, option: &mut dyn FnMut(u64, &[u64])) {
            for left in 0..*heap {
                option(heap - left, &[left]);
            }
        }
    }

    /// Grundy's game: split a heap into two unequal heaps.
    struct Grundys;
    impl Rules for Grundys {
        type Position = u32;
        type Move = (u32, u32);
        fn options(&self, heap: &u32, option: &mut dyn FnMut((u32, u32), &[u32])) {
            for small in 1..heap.div_ceil(2) {
                option((small, heap - small), &[small, heap - small]);
            }
        }
    }

    /// A game with a loop, which has no Grundy values.
    struct Loop;
    impl Rules for Loop {
        type Position = u8;
        type Move = ();
        fn options(&self, p: &u8, option: &mut dyn FnMut((), &[u8])) {
            option((), &[(p + 1) % 3]);
        }
    }

    #[test]
    fn nim_heaps_are_worth_their_size() {
        let mut solver = Solver::new(Nim);
        for n in 0..40 {
            assert_eq!(solver.grundy(&n), Nimber::from(n));
        }
        assert_eq!(solver.sum_value(&[3, 5, 6]), Nimber::ZERO);
        assert_eq!(solver.sum_outcome(&[3, 5]), Outcome::FirstPlayer);
        let moves = solver.sum_winning_moves(&[3, 5]);
        assert_eq!(
            moves,
            vec![WinningMove {
                component: 2,
                action: 2,
                leaves: vec![3]
            }]
        );
        assert!(solver.sum_winning_moves(&[4, 4]).is_empty());
        assert_eq!(Engine::value(&mut solver, &vec![1, 2, 3]), Nimber::ZERO);
    }

    #[test]
    fn winning_moves_include_moves_to_a_higher_value() {
        struct Takes;
        impl Rules for Takes {
            type Position = u32;
            type Move = u32;
            fn options(&self, heap: &u32, option: &mut dyn FnMut(u32, &[u32])) {
                for take in [1, 3, 4] {
                    if take <= *heap {
                        option(take, &[heap - take]);
                    }
                }
            }
        }
        let mut solver = Solver::new(Takes);
        let heaps = [5, 6, 9];
        // Worth *3, *2 and *0: the 9 must rise to *1 (take 1, leaving 8).
        let moves = solver.sum_winning_moves(&heaps);
        let found: Vec<(usize, u32)> = moves.iter().map(|m| (m.component, m.action)).collect();
        assert_eq!(found, vec![(1, 1), (2, 1), (3, 1)]);
        // Brute force: every option of every heap, kept when the sum is 0.
        let mut all = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for take in [1, 3, 4].into_iter().filter(|&t| t <= h) {
                let mut after = heaps.to_vec();
                after[i] = h - take;
                if solver.sum_value(&after).is_zero() {
                    all.push((i + 1, take));
                }
            }
        }
        assert_eq!(found, all);
    }

    #[test]
    fn grundys_game_matches_the_known_sequence() {
        // OEIS A002188.
        let known = [
            0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0,
        ];
        let mut solver = Solver::new(Grundys);
        for (n, &g) in known.iter().enumerate() {
            assert_eq!(solver.grundy(&(n as u32)), Nimber(g), "heap {n}");
        }
    }

    #[test]
    fn deep_games_do_not_overflow_the_stack() {
        struct Chain;
        impl Rules for Chain {
            type Position = u32;
            type Move = ();
            fn options(&self, n: &u32, option: &mut dyn FnMut((), &[u32])) {
                if *n > 0 {
                    option((), &[n - 1]);
                }
            }
        }
        let mut solver = Solver::new(Chain);
        assert_eq!(solver.grundy(&1_000_000), Nimber::ZERO);
        assert_eq!(solver.grundy(&999_999), Nimber(1));
    }

    #[test]
    fn a_loop_is_an_error_naming_a_position_on_it() {
        let mut solver = Solver::new(Loop);
        let error = solver.try_grundy(&0).unwrap_err();
        assert!(
            matches!(error, Unsolvable::Loop { position } if position < 3),
            "{error:?}"
        );
        assert!(error.to_string().contains("can be reached from itself"));
        // A game below the loop is still valued.
        struct Tail;
        impl Rules for Tail {
            type Position = u8;
            type Move = ();
            fn options(&self, p: &u8, option: &mut dyn FnMut((), &[u8])) {
                match p {
                    0 => {}
                    1 => option((), &[0]),
                    2 | 3 => option((), &[if *p == 2 { 3 } else { 2 }]),
                    _ => option((), &[1]),
                }
            }
        }
        let mut solver = Solver::new(Tail);
        assert_eq!(solver.try_grundy(&4), Ok(Nimber::ZERO));
        assert_eq!(solver.try_grundy(&1), Ok(Nimber(1)));
        assert!(solver.try_grundy(&2).is_err());
    }

    #[test]
    fn a_game_without_end_stops_at_the_limit() {
        struct Up;
        impl Rules for Up {
            type Position = u64;
            type Move = ();
            fn options(&self, n: &u64, option: &mut dyn FnMut((), &[u64])) {
                option((), &[n + 1]);
            }
        }
        let mut solver = Solver::new(Up);
        solver.set_limit(Some(1000));
        let error = solver.try_grundy(&0).unwrap_err();
        assert_eq!(
            error,
            Unsolvable::TooLarge {
                position: 1000,
                limit: 1000
            }
        );
        assert!(error.to_string().contains("more than 1000 positions"));
        // Within the limit, values are found, and the limit is per call.
        let mut nim = Solver::new(Nim);
        nim.set_limit(Some(50));
        assert_eq!(nim.try_grundy(&49), Ok(Nimber(49)));
        assert!(nim.try_grundy(&120).is_err());
        for n in (50..=120).step_by(40) {
            assert_eq!(nim.try_grundy(&n), Ok(Nimber(n.into())));
        }
    }

    #[test]
    fn each_position_s_options_are_asked_for_once() {
        use std::cell::RefCell;
        use std::collections::HashMap;
        struct Counted(RefCell<HashMap<u32, u32>>);
        impl Rules for Counted {
            type Position = u32;
            type Move = u32;
            fn options(&self, heap: &u32, option: &mut dyn FnMut(u32, &[u32])) {
                *self.0.borrow_mut().entry(*heap).or_default() += 1;
                // Take one token and leave the rest as two heaps (one may be empty).
                for a in 0..*heap {
                    option(a, &[a, heap - 1 - a]);
                }
            }
        }
        let mut solver = Solver::new(Counted(RefCell::new(HashMap::new())));
        // The values by the plain rule, bottom up.
        let mut plain = vec![0u128; 30];
        for n in 0..30usize {
            let options: Vec<u128> = (0..n).map(|a| plain[a] ^ plain[n - 1 - a]).collect();
            plain[n] = mex(options.iter().map(|&v| Nimber(v))).0;
        }
        assert_eq!(solver.grundy(&29), Nimber(plain[29]));
        for n in 0..30 {
            assert_eq!(solver.grundy(&n), Nimber(plain[n as usize]));
        }
        let counts = solver.rules().0.borrow();
        assert_eq!(counts.len(), 30);
        assert!(counts.values().all(|&c| c == 1), "{counts:?}");
    }

    #[test]
    #[should_panic(expected = "not well-founded")]
    fn loops_are_reported() {
        Solver::new(Loop).grundy(&0);
    }
}
