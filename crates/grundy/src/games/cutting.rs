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

use crate::game::Game;
use crate::nimber::{MexSet, Nimber};

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

/// The Cutting Game's reduced form as a sum of paper pieces.
#[derive(Clone, Copy, Debug, Default)]
pub struct CuttingGame;

impl Game for CuttingGame {
    type Component = Paper;

    fn grundy(&mut self, paper: &Paper) -> Nimber {
        reduced_grundy(*paper)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dawson_matches_oeis_a002187() {
        let start = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5];
        assert_eq!(&DAWSON[..start.len()], &start);
    }

    /// The periodicity theorem for octal games: if G(n + p) = G(n) for all
    /// n0 ≤ n < 2·n0 + p + t (t = most tokens removed, 2 here; n0 ≥ 1) then
    /// it holds for every n ≥ n0. The table is long enough to check that.
    #[test]
    fn dawson_periodicity_is_proven_by_the_table() {
        let (n0, p, t) = (DAWSON_PREPERIOD, DAWSON_PERIOD, 2);
        assert!(2 * n0 + 2 * p + t <= DAWSON.len());
        for n in n0..2 * n0 + p + t {
            assert_eq!(DAWSON[n + p], DAWSON[n], "D({}) vs D({})", n + p, n);
        }
        // And the preperiod is no shorter: D(52) breaks the period.
        assert_ne!(DAWSON[n0 - 1], DAWSON[n0 - 1 + p]);
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
