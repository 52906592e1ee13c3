//! The Cutting Game (POJ 2311).
//!
//! Players take turns cutting one rectangular piece of a W×H paper into two
//! along a grid line. Whoever cuts out a 1×1 piece wins at once.
//!
//! # Why the reduction is correct
//! A piece with a side of 1 and at least two cells lets the player to move cut
//! out a single cell and win, so nobody who can avoid it cuts off a strip of
//! width 1: that hands the opponent the win. Between careful players the game
//! is therefore the *reduced* game in which every piece has both sides at
//! least 2 and a cut must leave at least 2 on each side; the player who cannot
//! make such a cut must make a strip and loses, exactly as the player with no
//! move loses under normal play. Pieces are independent, so a position is the
//! nim-sum of its pieces, and a W×H piece (W, H ≥ 2) is worth
//!
//! ```text
//! sg(W, H) = mex ({ sg(k, H) ^ sg(W−k, H) : 2 ≤ k ≤ W−2 }
//!               ∪ { sg(W, k) ^ sg(W, H−k) : 2 ≤ k ≤ H−2 }).
//! ```
//!
//! The original paper answers: 1×1 admits no cut (the player to move loses),
//! 1×k or k×1 with k ≥ 2 is an immediate win, anything else wins iff
//! `sg(W, H) ≠ 0`.
//!
//! # Closed form
//! Cutting a strip of length n into two of length at least 2 is Dawson's
//! Kayles (octal game 0.07: remove two adjacent tokens, leaving up to two
//! heaps) played on n − 2 tokens. With D that game's Grundy sequence
//! (OEIS A002187) and f(n) = D(n − 2),
//!
//! ```text
//! sg(W, H) = f(W) ⊗ f(H),   where x ⊗ 0 = x, 0 ⊗ y = y, x ⊗ y = 1 otherwise.
//! ```
//!
//! This was stated (unproven) in this project's issue tracker; the tests here
//! check it against the dynamic program above on every W, H up to 800, and an
//! ignored test does so up to 2000. D is ultimately periodic with period 34
//! (OEIS A002187; D(n + 34) = D(n) for n ≥ 53); the tests *prove* that from
//! the table below with the periodicity theorem for octal games, so sg is
//! exact for every W and H up to `u64::MAX`.

mod notation;
mod reader;

pub use notation::{notation, parse_move};
pub use reader::CuttingReader;

use std::ops::ControlFlow;

use crate::game::{Notation, Present};
use crate::nimber::{MexSet, Nimber};
use crate::registry::{self, Entry, Examples, ParameterError, Registered, Settings};
use crate::style::numbered_list;
use crate::wire::{self, WireError};

/// The game this module registers (see `games/mod.rs`).
pub type Registration = CuttingGame;

/// Dawson's Kayles is periodic from this heap size on.
pub const DAWSON_PREPERIOD: usize = 53;
/// The period of Dawson's Kayles.
pub const DAWSON_PERIOD: usize = 34;

/// How many values of Dawson's Kayles are tabulated: enough for the
/// periodicity theorem's check, G(n + p) = G(n) for n0 ≤ n < 2·n0 + p + t
/// with t = 2 tokens removed per move.
const DAWSON_LEN: usize = 2 * DAWSON_PREPERIOD + 2 * DAWSON_PERIOD + 2;

/// D(0), D(1), … of Dawson's Kayles, computed at compile time from its rule:
/// D(n) = mex { D(a) ^ D(b) : a + b = n − 2 }.
pub const DAWSON: [u8; DAWSON_LEN] = dawson_table();

const fn dawson_table() -> [u8; DAWSON_LEN] {
    let mut d = [0u8; DAWSON_LEN];
    let mut n = 2;
    while n < DAWSON_LEN {
        let mut seen = 0u64;
        let mut a = 0;
        while a <= n - 2 {
            seen |= 1 << (d[a] ^ d[n - 2 - a]);
            a += 1;
        }
        d[n] = seen.trailing_ones() as u8;
        n += 1;
    }
    d
}

/// D(n) for n below 256, unrolled from the table and its period, so that the
/// common sizes are one lookup without a data-dependent branch.
const DAWSON_SMALL: [u8; 256] = {
    let mut small = [0u8; 256];
    let mut n = 0;
    while n < 256 {
        small[n] = if n < DAWSON_PREPERIOD {
            DAWSON[n]
        } else {
            DAWSON[DAWSON_PREPERIOD + (n - DAWSON_PREPERIOD) % DAWSON_PERIOD]
        };
        n += 1;
    }
    small
};

/// D(n) for any n, by the table and its period.
#[inline]
pub fn dawson(n: u64) -> u8 {
    match usize::try_from(n) {
        Ok(small) if small < DAWSON_SMALL.len() => DAWSON_SMALL[small],
        _ => {
            DAWSON
                [DAWSON_PREPERIOD + ((n - DAWSON_PREPERIOD as u64) % DAWSON_PERIOD as u64) as usize]
        }
    }
}

/// A piece of paper, `width` × `height` cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Paper {
    /// Cells across.
    pub width: u64,
    /// Cells down.
    pub height: u64,
}

impl Paper {
    /// A `width` × `height` piece.
    pub const fn new(width: u64, height: u64) -> Paper {
        Paper { width, height }
    }

    /// `true` when the piece takes part in the reduced game (both sides ≥ 2).
    pub const fn is_reduced(self) -> bool {
        self.width >= 2 && self.height >= 2
    }

    /// `true` when the player to move wins a game that starts from this one
    /// piece, under the original rules.
    #[inline]
    pub fn first_player_wins(self) -> bool {
        match (self.width, self.height) {
            (0, _) | (_, 0) | (1, 1) => false,
            (1, _) | (_, 1) => true,
            // f(W) ⊗ f(H) is zero exactly when both are: no branch on data.
            (w, h) => line_value(w) | line_value(h) != 0,
        }
    }
}

/// f(n) = D(n − 2): the value of a strip-cutting line of length n ≥ 2.
#[inline]
fn line_value(n: u64) -> u8 {
    dawson(n.saturating_sub(2))
}

/// The value of `paper` in the reduced game, by the closed form.
///
/// Meaningful for pieces with both sides at least 2 (see the module docs);
/// a piece with a side below 2 has no reduced move and is given `*0`.
#[inline]
pub fn reduced_grundy(paper: Paper) -> Nimber {
    if !paper.is_reduced() {
        return Nimber::ZERO;
    }
    let (x, y) = (line_value(paper.width), line_value(paper.height));
    Nimber::from(u32::from(match (x, y) {
        (0, y) => y,
        (x, 0) => x,
        _ => 1,
    }))
}

/// The reduced game by its dynamic program, for every piece up to
/// `max` × `max`: `table[w][h]` (indices below 2 hold 0). O(max³).
pub fn reduced_table(max: usize) -> Vec<Vec<u32>> {
    let mut sg = vec![vec![0u32; max + 1]; max + 1];
    let mut seen = MexSet::with_capacity(2 * max + 2);
    for w in 2..=max {
        for h in 2..=max {
            seen.clear();
            for k in 2..=w.saturating_sub(2) {
                seen.insert(u128::from(sg[k][h] ^ sg[w - k][h]));
            }
            for k in 2..=h.saturating_sub(2) {
                seen.insert(u128::from(sg[w][k] ^ sg[w][h - k]));
            }
            sg[w][h] = seen.mex().value() as u32;
        }
    }
    sg
}

/// The Cutting Game: a position is a list of paper pieces (see the
/// [`Engine`](crate::engine::Engine) and [`Game`](crate::game::Game)
/// implementations at the end of this file).
#[derive(Clone, Copy, Debug, Default)]
pub struct CuttingGame;

/// Which way a cut runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Along a column line: a W×H piece becomes k×H and (W−k)×H.
    Vertical,
    /// Along a row line: a W×H piece becomes W×k and W×(H−k).
    Horizontal,
}

/// One cut: piece number `piece` (from 1, in the position's order), which
/// is `paper`, cut in `direction` at line `at`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cut {
    /// Index of the piece in the position, from 1.
    pub piece: usize,
    /// The piece being cut.
    pub paper: Paper,
    /// Which way.
    pub direction: Direction,
    /// The grid line: 1 ≤ at < the side it divides.
    pub at: u64,
}

impl Cut {
    /// The two pieces the cut leaves, left/top first.
    pub fn pieces(&self) -> (Paper, Paper) {
        let Paper { width, height } = self.paper;
        match self.direction {
            Direction::Vertical => (
                Paper::new(self.at, height),
                Paper::new(width - self.at, height),
            ),
            Direction::Horizontal => (
                Paper::new(width, self.at),
                Paper::new(width, height - self.at),
            ),
        }
    }

    /// Whether the cut can be made in `position`.
    pub fn is_legal(&self, position: &[Paper]) -> bool {
        let side = match self.direction {
            Direction::Vertical => self.paper.width,
            Direction::Horizontal => self.paper.height,
        };
        let piece = self.piece.checked_sub(1).and_then(|i| position.get(i));
        piece == Some(&self.paper) && self.at >= 1 && self.at < side
    }

    /// Whether the cut cuts out a single cell, winning at once.
    pub fn cuts_out_a_cell(&self) -> bool {
        let (a, b) = self.pieces();
        a == Paper::new(1, 1) || b == Paper::new(1, 1)
    }

    /// The position after the cut: the piece replaced by its two parts.
    pub fn apply(&self, position: &[Paper]) -> Vec<Paper> {
        let (a, b) = self.pieces();
        let mut after = position.to_vec();
        if let Some(i) = self.piece.checked_sub(1).filter(|&i| i < after.len()) {
            after.splice(i..=i, [a, b]);
        }
        after
    }
}

/// A strip: a piece with a side of 1 and at least two cells, from which the
/// player to move cuts out a single cell.
pub fn is_strip(paper: Paper) -> bool {
    (paper.width == 1) != (paper.height == 1) && paper.width > 0 && paper.height > 0
}

/// The nim-sum of the reduced values of the pieces (strips and 1×1 pieces
/// count as `*0`).
pub fn position_value(position: &[Paper]) -> Nimber {
    position.iter().map(|&p| reduced_grundy(p)).sum()
}

/// Whether the player to move wins from `position` under the original rules.
pub fn position_wins(position: &[Paper]) -> bool {
    position.iter().any(|&p| is_strip(p)) || !position_value(position).is_zero()
}

/// The lines of a side of length `len` whose cut leaves two parts of value
/// `f(k)`, `f(len − k)` (with f the line values) that pass `test`, for
/// 2 ≤ k ≤ len − 2. Where both parts are at least 55 long their values
/// repeat with period 34 in k, so the lines there are stored as residues and
/// never scanned one by one.
#[derive(Clone, Debug, Default)]
struct Lines {
    /// Lines listed one by one, ascending: the ends of the side.
    low: Vec<u64>,
    high: Vec<u64>,
    /// The middle stretch `first..=last` and the offsets (from `first`,
    /// below 34) of the passing lines in each period.
    middle: Option<(u64, u64, Vec<u64>)>,
}

/// Where line values become periodic: f(n) = D(n − 2) repeats from here.
const PERIODIC_FROM: u64 = DAWSON_PREPERIOD as u64 + 2;

impl Lines {
    fn new(len: u64, test: impl Fn(u8, u8) -> bool) -> Lines {
        let mut lines = Lines::default();
        if len < 4 {
            return lines;
        }
        let passes = |k: u64| test(line_value(k), line_value(len - k));
        let last = len - 2;
        let low_end = last.min(PERIODIC_FROM - 1);
        lines.low = (2..=low_end).filter(|&k| passes(k)).collect();
        if len >= 2 * PERIODIC_FROM {
            let (first, mid_last) = (PERIODIC_FROM, len - PERIODIC_FROM);
            let period = DAWSON_PERIOD as u64;
            let offsets = (0..period)
                .filter(|&d| first + d <= mid_last && passes(first + d))
                .collect();
            lines.middle = Some((first, mid_last, offsets));
            lines.high = (mid_last + 1..=last).filter(|&k| passes(k)).collect();
        } else {
            lines.high = (low_end + 1..=last).filter(|&k| passes(k)).collect();
        }
        lines
    }

    fn count(&self) -> u128 {
        let period = DAWSON_PERIOD as u128;
        let middle = self.middle.as_ref().map_or(0, |(first, last, offsets)| {
            offsets
                .iter()
                .map(|&d| (u128::from(*last) - u128::from(first + d)) / period + 1)
                .sum()
        });
        (self.low.len() + self.high.len()) as u128 + middle
    }

    /// Every line, ascending.
    fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        let period = DAWSON_PERIOD as u64;
        let middle = self.middle.iter().flat_map(move |(first, last, offsets)| {
            let (first, last) = (*first, *last);
            (0..=(last - first) / period).flat_map(move |j| {
                offsets
                    .iter()
                    .map(move |&d| first + j * period + d)
                    .filter(move |&k| k <= last)
            })
        });
        self.low
            .iter()
            .copied()
            .chain(middle)
            .chain(self.high.iter().copied())
    }

    /// One line per distinct outcome: all listed lines and one period of the
    /// middle.
    fn representatives(&self) -> impl Iterator<Item = u64> + '_ {
        let middle = self
            .middle
            .iter()
            .flat_map(|(first, _, offsets)| offsets.iter().map(move |&d| first + d));
        self.low
            .iter()
            .copied()
            .chain(middle)
            .chain(self.high.iter().copied())
    }
}

/// f(a) ⊗ f(b) from two line values.
fn combine(x: u8, y: u8) -> u8 {
    match (x, y) {
        (0, y) => y,
        (x, 0) => x,
        _ => 1,
    }
}

/// The cuts of one piece in one direction whose parts pass `test` on their
/// reduced values, as lines.
fn piece_lines(paper: Paper, direction: Direction, test: impl Fn(u8, u8) -> bool) -> Lines {
    let (len, other) = match direction {
        Direction::Vertical => (paper.width, paper.height),
        Direction::Horizontal => (paper.height, paper.width),
    };
    let fo = line_value(other);
    Lines::new(len, |a, b| test(combine(a, fo), combine(b, fo)))
}

/// The winning cuts of a position, found without scanning long sides.
#[derive(Clone, Debug, Default)]
pub struct WinningCuts {
    runs: Vec<(usize, Paper, Direction, Lines)>,
    immediate: Vec<Cut>,
}

impl WinningCuts {
    /// Every winning cut of `position` (none when it is lost).
    pub fn of(position: &[Paper]) -> WinningCuts {
        let mut cuts = WinningCuts::default();
        // A strip wins at once: cut a single cell off it. Nothing else wins.
        for (piece, &paper) in position.iter().enumerate().filter(|(_, &p)| is_strip(p)) {
            let (direction, len) = if paper.width == 1 {
                (Direction::Horizontal, paper.height)
            } else {
                (Direction::Vertical, paper.width)
            };
            let mut lines = vec![1, len - 1];
            lines.dedup();
            cuts.immediate.extend(lines.into_iter().map(|at| Cut {
                piece: piece + 1,
                paper,
                direction,
                at,
            }));
        }
        if !cuts.immediate.is_empty() {
            return cuts;
        }
        let sum = position_value(position);
        if sum.is_zero() {
            return cuts;
        }
        for (piece, &paper) in position.iter().enumerate() {
            // Any cut to value g ^ sum wins, even one worth more than g.
            let target = reduced_grundy(paper) ^ sum;
            let Ok(t) = u8::try_from(target.value()) else {
                continue;
            };
            for direction in [Direction::Vertical, Direction::Horizontal] {
                let lines = piece_lines(paper, direction, |a, b| a ^ b == t);
                if lines.count() > 0 {
                    cuts.runs.push((piece + 1, paper, direction, lines));
                }
            }
        }
        cuts
    }

    /// How many winning cuts there are (exactly, however long the sides).
    pub fn count(&self) -> u128 {
        self.immediate.len() as u128
            + self
                .runs
                .iter()
                .map(|(_, _, _, lines)| lines.count())
                .sum::<u128>()
    }

    /// The winning cuts in order: piece, direction (vertical first), line.
    pub fn iter(&self) -> impl Iterator<Item = Cut> + '_ {
        let runs = self
            .runs
            .iter()
            .flat_map(|(piece, paper, direction, lines)| {
                lines.iter().map(move |at| Cut {
                    piece: *piece,
                    paper: *paper,
                    direction: *direction,
                    at,
                })
            });
        self.immediate.iter().copied().chain(runs)
    }
}

/// A cut to suggest: the first winning cut if there is one; from a lost
/// position, the best try ([`crate::solve::best_try`]) among one cut per
/// run of equal lines that keeps both parts wide (a cut that leaves a strip
/// hands over the win and is made only when nothing else is left). `None`
/// when no piece can be cut.
pub fn suggest(position: &[Paper]) -> Option<Cut> {
    crate::engine::Engine::suggest(&mut CuttingGame, &position.to_vec())
}

/// The candidates of a best try: for every piece and direction, one cut
/// per run of lines that keep both parts wide and leave the same values;
/// if there is none, one cut of the first piece that can be cut (it leaves
/// a strip, and loses).
fn try_cuts(position: &[Paper], visit: &mut dyn FnMut(Cut) -> ControlFlow<()>) -> ControlFlow<()> {
    let mut any = false;
    for (piece, &paper) in position.iter().enumerate() {
        for direction in [Direction::Vertical, Direction::Horizontal] {
            let lines = piece_lines(paper, direction, |_, _| true);
            for at in lines.representatives() {
                any = true;
                visit(Cut {
                    piece: piece + 1,
                    paper,
                    direction,
                    at,
                })?;
            }
        }
    }
    if any {
        return ControlFlow::Continue(());
    }
    // No cut keeps both parts wide: any cut will do, and it loses.
    let fallback = position.iter().enumerate().find_map(|(piece, &paper)| {
        let direction = if paper.width >= 2 {
            Direction::Vertical
        } else if paper.height >= 2 {
            Direction::Horizontal
        } else {
            return None;
        };
        Some(Cut {
            piece: piece + 1,
            paper,
            direction,
            at: 1,
        })
    });
    fallback.map_or(ControlFlow::Continue(()), visit)
}

impl Registered for CuttingGame {
    const ENTRY: Entry = Entry {
        name: "cutting",
        title: "Cutting Game",
        parameter: None,
        summary: "Cutting Game (POJ 2311): pairs `W H`; answers WIN or LOSE",
        rules: "A position is one or more rectangular pieces of paper ruled in squares. A move cuts one piece in two along a grid line, straight across it. The player who cuts out a single square (a 1×1 piece) wins at once.",
        example: "cutting",
        examples: Examples {
            judge: "2 2\n4 2\n",
            answers: "LOSE\nWIN\n",
            won: "4 2\n",
            winning_move: "1 v 2",
            illegal_move: "1 v 9",
            bad_input: "4 2\n4 x\n",
            bad_line: 2,
            plain: "[[4, 2]]",
        },
    };

    fn open(parameter: Option<&str>, _: &Settings) -> Result<Self, ParameterError> {
        registry::none(parameter)?;
        Ok(CuttingGame)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pieces_a_cut_left_are_drawn_in_brackets_in_its_place() {
        use crate::game::{Plain, Present};
        let before = vec![Paper::new(2, 2), Paper::new(8, 7), Paper::new(3, 1)];
        let cut = Cut {
            piece: 2,
            paper: Paper::new(8, 7),
            direction: Direction::Horizontal,
            at: 3,
        };
        let after = cut.apply(&before);
        assert_eq!(
            CuttingGame.draw_after(&before, &cut, &after, &Plain),
            "Pieces: 1) 2×2   2) [8×3]   3) [8×4]   4) 3×1"
        );
        assert_eq!(
            CuttingGame.draw(&after, &Plain),
            "Pieces: 1) 2×2   2) 8×3   3) 8×4   4) 3×1"
        );
    }

    #[test]
    fn dawson_matches_oeis_a002187() {
        let start = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5];
        assert_eq!(&DAWSON[..start.len()], &start);
    }

    /// The periodicity theorem for octal games (the same check the octal
    /// engine uses): Dawson's Kayles is 0.07, t = 2, and the table is long
    /// enough for the theorem to prove its period and preperiod, both least.
    #[test]
    fn dawson_periodicity_is_proven_by_the_table() {
        let values = DAWSON.map(u32::from);
        assert_eq!(
            crate::games::octal::proven_period(&values, 2),
            Some(crate::games::octal::Periodicity {
                period: DAWSON_PERIOD,
                preperiod: DAWSON_PREPERIOD
            })
        );
        // One value fewer and the theorem cannot conclude.
        assert_eq!(
            crate::games::octal::proven_period(&values[..values.len() - 1], 2),
            None
        );
        // Every way of looking a value up agrees with the rule itself.
        for n in 0..DAWSON.len() as u64 {
            assert_eq!(dawson(n), DAWSON[n as usize], "D({n})");
        }
        for n in DAWSON_PREPERIOD as u64..10_000 {
            assert_eq!(dawson(n), dawson(n + 34 * 1_000_003), "D({n}) far out");
        }
    }

    fn check_closed_form(max: usize) {
        let table = reduced_table(max);
        for (w, row) in table.iter().enumerate().skip(2) {
            for (h, &value) in row.iter().enumerate().skip(2) {
                let paper = Paper::new(w as u64, h as u64);
                assert_eq!(reduced_grundy(paper), Nimber::from(value), "{w}×{h}");
            }
        }
    }

    #[test]
    fn closed_form_matches_the_dynamic_program() {
        check_closed_form(800);
    }

    /// The full check the closed form's statement claims (minutes in an
    /// optimised build): `cargo test --release -- --ignored`.
    #[test]
    #[ignore]
    fn closed_form_matches_the_dynamic_program_to_2000() {
        check_closed_form(2000);
    }

    #[test]
    fn verdicts_agree_with_the_reduced_values() {
        for w in 2..300 {
            for h in 2..300 {
                let paper = Paper::new(w, h);
                assert_eq!(
                    paper.first_player_wins(),
                    !reduced_grundy(paper).is_zero(),
                    "{w}×{h}"
                );
            }
        }
    }

    #[test]
    fn seed_samples_and_edges() {
        assert!(!Paper::new(2, 2).first_player_wins());
        assert!(!Paper::new(3, 2).first_player_wins());
        assert!(Paper::new(4, 2).first_player_wins());
        assert!(!Paper::new(1, 1).first_player_wins());
        assert!(Paper::new(1, 2).first_player_wins());
        assert!(Paper::new(u64::MAX, 1).first_player_wins());
        // Huge papers are answered from the period without overflow.
        let big = i64::MAX as u64;
        let _ = Paper::new(big, big).first_player_wins();
        let _ = Paper::new(u64::MAX, u64::MAX).first_player_wins();
    }
}

/// The reduced Cutting Game's rules for the generic
/// [`Solver`](crate::rules::Solver): a piece with both sides at least 2 is a
/// component, and a cut may not leave a side of 1 (that would hand the
/// opponent a single cell).
#[derive(Clone, Copy, Debug, Default)]
pub struct CuttingRules;

impl crate::rules::Rules for CuttingRules {
    type Position = Paper;
    type Move = Cut;

    fn options(&self, paper: &Paper, option: &mut dyn FnMut(Cut, &[Paper])) {
        for (direction, side) in [
            (Direction::Vertical, paper.width),
            (Direction::Horizontal, paper.height),
        ] {
            for at in 2..side.saturating_sub(1) {
                let cut = Cut {
                    piece: 1,
                    paper: *paper,
                    direction,
                    at,
                };
                let (a, b) = cut.pieces();
                option(cut, &[a, b]);
            }
        }
    }
}

// ------------------------------------------------ the engine and the game

impl crate::engine::Engine for CuttingGame {
    type Position = Vec<Paper>;
    type Component = Paper;
    type Move = Cut;

    fn components(&mut self, pieces: &Vec<Paper>) -> Vec<(Paper, Nimber)> {
        pieces.iter().map(|&p| (p, reduced_grundy(p))).collect()
    }

    fn value(&mut self, pieces: &Vec<Paper>) -> Nimber {
        position_value(pieces)
    }

    /// A strip wins at once, whatever the nim-sum of the rest.
    fn outcome(&mut self, pieces: &Vec<Paper>) -> crate::engine::Outcome {
        if position_wins(pieces) {
            crate::engine::Outcome::FirstPlayer
        } else {
            crate::engine::Outcome::SecondPlayer
        }
    }

    fn winning_moves(
        &mut self,
        pieces: &Vec<Paper>,
        visit: &mut dyn FnMut(Cut) -> std::ops::ControlFlow<()>,
    ) -> std::ops::ControlFlow<()> {
        WinningCuts::of(pieces).iter().try_for_each(visit)
    }

    fn count_winning_moves(&mut self, pieces: &Vec<Paper>) -> u128 {
        WinningCuts::of(pieces).count()
    }

    /// Every cut along every grid line of every piece, strips included.
    fn moves(
        &mut self,
        pieces: &Vec<Paper>,
        visit: &mut dyn FnMut(Cut) -> std::ops::ControlFlow<()>,
    ) -> std::ops::ControlFlow<()> {
        for (index, &paper) in pieces.iter().enumerate() {
            for (direction, side) in [
                (Direction::Vertical, paper.width),
                (Direction::Horizontal, paper.height),
            ] {
                for at in 1..side {
                    visit(Cut {
                        piece: index + 1,
                        paper,
                        direction,
                        at,
                    })?;
                }
            }
        }
        std::ops::ControlFlow::Continue(())
    }

    /// One cut per run of equal lines (`try_cuts`).
    fn try_moves(
        &mut self,
        pieces: &Vec<Paper>,
        visit: &mut dyn FnMut(Cut) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        try_cuts(pieces, visit)
    }

    /// A cut that leaves a strip hands the opponent the win: the worst
    /// score. Otherwise the reduced values' [`crate::solve::answer_score`].
    fn try_score(
        &mut self,
        pieces: &Vec<Paper>,
        before: &crate::solve::BitCounts,
        cut: &Cut,
    ) -> (u64, u64) {
        let (a, b) = cut.pieces();
        if is_strip(a) || is_strip(b) {
            return (u64::MAX, 1);
        }
        let _ = pieces;
        let replaced = reduced_grundy(cut.paper);
        (
            before.score_after(replaced, &[reduced_grundy(a), reduced_grundy(b)]),
            1,
        )
    }

    fn check(&mut self, pieces: &Vec<Paper>, cut: &Cut) -> Result<(), crate::engine::IllegalMove> {
        let fail = |reason: String| Err(crate::engine::IllegalMove(reason));
        let Some(&paper) = cut.piece.checked_sub(1).and_then(|i| pieces.get(i)) else {
            return fail(format!(
                "there is no piece {} (there are {})",
                cut.piece,
                pieces.len()
            ));
        };
        if paper != cut.paper {
            return fail(format!(
                "piece {} is {}×{}, not {}×{}",
                cut.piece, paper.width, paper.height, cut.paper.width, cut.paper.height
            ));
        }
        let side = match cut.direction {
            Direction::Vertical => paper.width,
            Direction::Horizontal => paper.height,
        };
        if cut.at == 0 || cut.at >= side {
            return fail(format!(
                "a cut of a side of {side} is at a line from 1 to {}",
                side.saturating_sub(1)
            ));
        }
        Ok(())
    }

    fn play(&mut self, pieces: &Vec<Paper>, cut: &Cut) -> crate::engine::Played<Vec<Paper>> {
        crate::engine::Played {
            position: cut.apply(pieces),
            won: cut.cuts_out_a_cell(),
        }
    }

    fn is_terminal(&mut self, pieces: &Vec<Paper>) -> bool {
        pieces.iter().all(|p| p.width < 2 && p.height < 2)
    }
}

/// Papers read from a judge input: each `W H` pair is a game of one piece.
struct Papers<'a> {
    reader: reader::CuttingReader<Box<dyn std::io::Read + 'a>>,
}

impl crate::game::CaseReader<Vec<Paper>> for Papers<'_> {
    fn next_case(&mut self) -> Result<Option<Vec<Paper>>, crate::format::ReadError> {
        Ok(self.reader.next_case()?.map(|p| vec![p]))
    }

    fn line(&self) -> u64 {
        self.reader.line()
    }
}

/// `W×H`.
pub fn paper_text(paper: Paper) -> String {
    format!("{}×{}", paper.width, paper.height)
}

/// Each piece as drawn.
fn paper_texts(pieces: &[Paper], style: &dyn crate::game::Style) -> Vec<String> {
    pieces
        .iter()
        .map(|&p| style.strong(&paper_text(p)))
        .collect()
}

impl Present for CuttingGame {
    fn name(&self) -> String {
        "cutting".to_string()
    }

    fn components_noun(&self) -> &'static str {
        "Piece"
    }

    fn headline(&mut self, pieces: &Vec<Paper>, outcome: crate::engine::Outcome) -> String {
        let strip = pieces.iter().any(|&p| is_strip(p));
        match (outcome.first_player_wins(), strip) {
            (true, true) => "the first player wins at once by cutting out a single cell",
            (true, false) => "the first player wins",
            (false, _) => "the second player wins",
        }
        .to_string()
    }

    fn lost_because(&mut self, pieces: &Vec<Paper>) -> String {
        match pieces.as_slice() {
            [p] if *p == Paper::new(1, 1) => {
                "A single cell cannot be cut: the first player has no move.".to_string()
            }
            _ if crate::engine::Engine::is_terminal(self, pieces) => {
                "No piece can be cut: the first player has no move.".to_string()
            }
            _ => "Every cut leaves the second player a winning reply.".to_string(),
        }
    }

    fn describe_component(&self, _: usize, paper: &Paper, value: Nimber) -> String {
        if is_strip(*paper) {
            format!(
                "{} (a strip: a single cell can be cut out)",
                paper_text(*paper)
            )
        } else if paper.width < 2 && paper.height < 2 {
            format!("{} (no cut possible)", paper_text(*paper))
        } else {
            format!("{} {value}", paper_text(*paper))
        }
    }

    fn draw(&self, pieces: &Vec<Paper>, style: &dyn crate::game::Style) -> String {
        format!(
            "Pieces: {}",
            numbered_list(&paper_texts(pieces, style), 0..0)
        )
    }

    /// The two pieces the cut left, in the place of the piece it cut, in
    /// brackets.
    fn draw_after(
        &self,
        _: &Vec<Paper>,
        cut: &Cut,
        after: &Vec<Paper>,
        style: &dyn crate::game::Style,
    ) -> String {
        let from = cut.piece.saturating_sub(1);
        format!(
            "Pieces: {}",
            numbered_list(&paper_texts(after, style), from..from + 2)
        )
    }

    fn move_help(&self) -> String {
        "A move is `N v K`: cut piece N vertically at line K (a W×H piece becomes K×H and (W−K)×H), \
         or `N h K` horizontally (W×K and W×(H−K)). With one piece, `v K` is enough. \
         Whoever cuts out a single cell (1×1) wins."
            .to_string()
    }

    fn describe_move(&self, _: &Vec<Paper>, cut: &Cut) -> String {
        let (a, b) = cut.pieces();
        let direction = match cut.direction {
            Direction::Vertical => "vertically",
            Direction::Horizontal => "horizontally",
        };
        let mut text = format!(
            "cut the {} piece {direction} at {}, leaving {} and {}",
            paper_text(cut.paper),
            crate::notation::with_commas(cut.at.into()),
            paper_text(a),
            paper_text(b)
        );
        if cut.cuts_out_a_cell() {
            text += ", cutting out a single cell, which wins";
        }
        text
    }
}

impl Notation for CuttingGame {
    fn parse_move(
        &self,
        pieces: &Vec<Paper>,
        text: &str,
    ) -> Result<Cut, crate::engine::IllegalMove> {
        notation::parse_move(text, pieces)
    }

    fn notation(&self, _: &Vec<Paper>, cut: &Cut) -> String {
        notation::notation(cut)
    }
}

impl crate::game::WireForm for CuttingGame {
    fn plain_form(&self) -> Option<&'static str> {
        Some("a list of (width, height) pieces, like [(4, 2)]")
    }

    fn position_from_plain(
        &self,
        plain: &serde_json::Value,
    ) -> Result<crate::wire::Position, crate::wire::WireError> {
        crate::wire::Position::from_list("pieces", "pieces", plain)
    }

    fn component_wire(&self, index: usize, paper: &Paper, value: Nimber) -> wire::Component {
        wire::Component {
            index: index + 1,
            part: wire::Part::Piece {
                size: [paper.width.into(), paper.height.into()],
            },
            value: (!is_strip(*paper)).then(|| value.value().into()),
        }
    }

    fn position_wire(&self, pieces: &Vec<Paper>) -> wire::Position {
        wire::Position::Pieces {
            pieces: pieces
                .iter()
                .map(|p| [p.width.into(), p.height.into()])
                .collect(),
        }
    }

    fn position_from_wire(
        &self,
        position: &wire::Position,
        limits: crate::game::Limits,
    ) -> Result<Vec<Paper>, WireError> {
        let wire::Position::Pieces { pieces } = position else {
            return Err(WireError::wrong(self.name(), "pieces", position.kind()));
        };
        if pieces.len() as u64 > limits.max_cells {
            return Err(WireError::Refused(format!(
                "{} pieces are beyond the limit of {}",
                pieces.len(),
                limits.max_cells
            )));
        }
        pieces
            .iter()
            .map(|&[w, h]| {
                let (w, h) = (wire::small(w, "a side of")?, wire::small(h, "a side of")?);
                if w == 0 || h == 0 {
                    return Err(WireError::Refused(format!(
                        "a {w}×{h} piece: sides are at least 1"
                    )));
                }
                Ok(Paper::new(w, h))
            })
            .collect()
    }

    fn move_wire(&self, _: &Vec<Paper>, cut: &Cut) -> wire::Move {
        wire::Move::Cut {
            piece: cut.piece,
            direction: match cut.direction {
                Direction::Vertical => wire::Direction::Vertical,
                Direction::Horizontal => wire::Direction::Horizontal,
            },
            at: cut.at.into(),
        }
    }

    fn move_from_wire(&self, pieces: &Vec<Paper>, mv: &wire::Move) -> Result<Cut, WireError> {
        match mv {
            wire::Move::Cut {
                piece,
                direction,
                at,
            } => {
                let paper = piece
                    .checked_sub(1)
                    .and_then(|i| pieces.get(i))
                    .copied()
                    .ok_or_else(|| {
                        WireError::Illegal(format!(
                            "there is no piece {piece} (there are {})",
                            pieces.len()
                        ))
                    })?;
                Ok(Cut {
                    piece: *piece,
                    paper,
                    direction: match direction {
                        wire::Direction::Vertical => Direction::Vertical,
                        wire::Direction::Horizontal => Direction::Horizontal,
                    },
                    at: wire::small(*at, "a cut at")
                        .map_err(|e| WireError::Illegal(e.to_string()))?,
                })
            }
            wire::Move::Notation { notation } => Ok(self.parse_move(pieces, notation)?),
            other => Err(WireError::wrong(self.name(), "cuts", other.kind())),
        }
    }
}

impl crate::game::JudgeFormat for CuttingGame {
    fn reader<'a>(
        &self,
        input: Box<dyn std::io::Read + 'a>,
        _: crate::game::Limits,
    ) -> Result<Box<dyn crate::game::CaseReader<Vec<Paper>> + 'a>, crate::format::ReadError> {
        let reader = reader::CuttingReader::new(input)?;
        Ok(Box::new(Papers { reader }))
    }

    fn judge_answer(&self, _: u64, outcome: crate::engine::Outcome) -> String {
        reader::answer(outcome.first_player_wins()).to_string()
    }

    fn judge_fast<'a>(
        &mut self,
        convention: crate::convention::Convention,
        input: crate::format::JudgeInput<'a>,
        limits: crate::game::Limits,
        out: &mut dyn crate::game::Answers,
    ) -> crate::game::Judged<'a> {
        use crate::convention::Convention;
        use crate::game::Judged;
        match convention {
            Convention::Normal => Judged::Done(judge_normal(input, limits, out)),
            Convention::Misere { .. } => Judged::Declined(input),
        }
    }
}

impl crate::game::Extras for CuttingGame {
    /// None: whoever cuts out a 1×1 piece wins at once, so the game never
    /// ends by a player having no move, and "the last player to move loses"
    /// would change nothing but the name (the cut that makes a 1×1 piece is
    /// both the winning move and the last one).
    fn misere(
        &self,
        _budget: u64,
    ) -> Result<Box<dyn crate::misere::MisereEngine<Self::Position, Self::Move>>, crate::Refusal>
    {
        Err(crate::Refusal::NoMisere(
            "the Cutting Game has no misère variant: it is won by cutting out a 1×1 piece, \
             which ends the game, not by making the last move"
                .to_string(),
        ))
    }

    fn abilities(&self) -> crate::game::Abilities {
        crate::game::Abilities {
            table: true,
            misere: false,
            genera: false,
        }
    }

    /// The piece's cuts in the reduced game (none that leaves a side of 1:
    /// that would hand the opponent a single cell), each worth the nim-sum
    /// of the two pieces' reduced values. A strip has none: the player to
    /// move cuts out a single cell and wins, outside the values.
    fn component_options(
        &mut self,
        pieces: &Vec<Paper>,
        index: usize,
        visit: &mut dyn FnMut(Cut, Nimber) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, crate::Refusal> {
        let Some(&paper) = index.checked_sub(1).and_then(|i| pieces.get(i)) else {
            return Err(crate::Refusal::Unable(format!("there is no piece {index}")));
        };
        for (direction, side) in [
            (Direction::Vertical, paper.width),
            (Direction::Horizontal, paper.height),
        ] {
            for at in 2..side.saturating_sub(1) {
                let cut = Cut {
                    piece: index,
                    paper,
                    direction,
                    at,
                };
                let (a, b) = cut.pieces();
                if visit(cut, reduced_grundy(a) ^ reduced_grundy(b)).is_break() {
                    return Ok(ControlFlow::Break(()));
                }
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    /// The reduced game's table of one paper (a side of 1 shows 0), of at
    /// most `max_cells` cells.
    fn component_table(
        &mut self,
        rows: u32,
        cols: u32,
        limits: crate::game::Limits,
    ) -> Result<crate::game::ComponentTable, crate::Refusal> {
        if u64::from(rows) * u64::from(cols) > limits.max_cells {
            return Err(crate::Refusal::Limit(format!(
                "a table of at most {} cells",
                limits.max_cells
            )));
        }
        let values = (1..=u64::from(rows))
            .flat_map(|w| {
                (1..=u64::from(cols)).map(move |h| reduced_grundy(Paper::new(w, h)).value() as u32)
            })
            .collect();
        // A strip (1×k, k ≥ 2) is won at once by cutting out a cell.
        let strips = (2..=cols).map(|h| [1, h]).chain((2..=rows).map(|w| [w, 1]));
        Ok(crate::game::ComponentTable {
            what: "one W×H paper (reduced game)",
            axes: ["width W", "height H"],
            values,
            wins_at_once: strips.collect(),
        })
    }
}

impl crate::game::Game for CuttingGame {
    fn nim_sum_decides(&mut self, pieces: &Vec<Paper>) -> bool {
        !pieces.iter().any(|&p| is_strip(p))
    }

    fn random_position(
        &mut self,
        rng: &mut crate::game::Rng,
        size: Option<(u64, u64)>,
    ) -> Vec<Paper> {
        let (w, h) = size.unwrap_or_else(|| (2 + rng.below(9), 2 + rng.below(9)));
        vec![Paper::new(w, h)]
    }
}

/// Queries are read in batches, decided without a branch per query, and
/// written as short lines.
fn judge_normal(
    input: crate::format::JudgeInput<'_>,
    _: crate::game::Limits,
    out: &mut dyn crate::game::Answers,
) -> Result<(), crate::game::JudgeError> {
    /// Queries read at a time: large enough that reading is a tight
    /// loop. A batch never waits for input it does not have.
    const BATCH: usize = 1024;
    let mut reader = reader::CuttingReader::from_input(input)?;
    let mut papers = Vec::with_capacity(BATCH);
    let mut wins = Vec::with_capacity(BATCH);
    loop {
        let more = reader.next_batch(&mut papers, BATCH);
        wins.clear();
        wins.extend(papers.iter().map(|p| p.first_player_wins()));
        out.verdicts(&wins, reader::answer(true), reader::answer(false))
            .map_err(crate::game::JudgeError::Write)?;
        if !more? {
            return Ok(());
        }
    }
}
