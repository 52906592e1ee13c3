//! Wythoff's game (`wythoff`): a component is a pair of heaps (x, y); a move
//! takes any number of tokens from one heap, or the same number from both.
//! A position is a sum of such pairs.
//!
//! The values come from a table: G(x, y) is the mex of the row to its left,
//! the column below it and the diagonal, kept as three bitsets per line, so
//! an n×n table takes O(n³ / 64) steps (a 2000×2000 table about a second).
//! The P-positions (value 0) are the pairs (⌊kφ⌋, ⌊kφ²⌋) and their mirror
//! images (W. A. Wythoff, "A modification of the game of Nim", Nieuw Archief
//! voor Wiskunde 7, 1907); the tests check the table against them and, in
//! `tests/engines.rs`, against a search over the literal rules. `pairs`
//! gives them in closed form at any size, and the engine (`engine`) answers
//! a position of one pair beyond the table by them.

mod engine;
pub mod pairs;

use std::io::Read;

use super::heap::NumberLines;
use crate::engine::IllegalMove;
use crate::format::ReadError;
use crate::game::{CaseReader, Limits, Notation, Present, Rng, Style};
use crate::nimber::Nimber;
use crate::notation::with_commas;
use crate::registry::{self, Entry, Examples, ParameterError, Registered, Settings};
use crate::rules::{Cache, Rules, SumMove};
use crate::style::numbered_list;
use crate::wire::{self, WireError};

/// The game this module registers (see `games/mod.rs`).
pub type Registration = WythoffGame;

/// Wythoff's game's rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wythoff;

impl Rules for Wythoff {
    type Position = (u64, u64);
    /// The pair the component becomes.
    type Move = (u64, u64);

    fn options(&self, &(x, y): &(u64, u64), option: &mut dyn FnMut((u64, u64), &[(u64, u64)])) {
        for a in 0..x {
            option((a, y), &[(a, y)]);
        }
        for b in 0..y {
            option((x, b), &[(x, b)]);
        }
        for k in 1..=x.min(y) {
            option((x - k, y - k), &[(x - k, y - k)]);
        }
    }
}

/// The values of every pair up to a side.
#[derive(Clone, Debug, Default)]
pub struct WythoffTable {
    side: usize,
    values: Vec<u32>,
}

impl WythoffTable {
    /// The table of every pair (x, y) with x, y < `side`.
    pub fn new(side: usize) -> WythoffTable {
        Self::new_until(side, &|| false).expect("never stopped")
    }

    /// [`WythoffTable::new`], asking `stop` before each line of `side`
    /// values (O(side²/64) steps: about 0.1 ms at side 2000); `None` once
    /// it said yes.
    pub fn new_until(side: usize, stop: &dyn Fn() -> bool) -> Option<WythoffTable> {
        let words = (3 * side).div_ceil(64) + 1;
        let mut rows = vec![0u64; side * words];
        let mut cols = vec![0u64; side * words];
        let mut diagonals = vec![0u64; 2 * side * words];
        let mut values = vec![0u32; side * side];
        for x in 0..side {
            if stop() {
                return None;
            }
            for y in 0..side {
                let d = x + side - y;
                let (r, c, g) = (y * words, x * words, d * words);
                let mut v = 0;
                for w in 0..words {
                    let seen = rows[r + w] | cols[c + w] | diagonals[g + w];
                    if seen != u64::MAX {
                        v = w * 64 + seen.trailing_ones() as usize;
                        break;
                    }
                }
                values[x * side + y] = v as u32;
                let bit = 1u64 << (v % 64);
                rows[r + v / 64] |= bit;
                cols[c + v / 64] |= bit;
                diagonals[g + v / 64] |= bit;
            }
        }
        Some(WythoffTable { side, values })
    }

    /// G(x, y), if the table reaches it.
    pub fn get(&self, x: u64, y: u64) -> Option<u32> {
        let (x, y) = (usize::try_from(x).ok()?, usize::try_from(y).ok()?);
        (x < self.side && y < self.side).then(|| self.values[x * self.side + y])
    }

    /// The table's side.
    pub fn side(&self) -> usize {
        self.side
    }
}

impl Cache<(u64, u64)> for WythoffTable {
    fn get(&self, &(x, y): &(u64, u64)) -> Option<Nimber> {
        WythoffTable::get(self, x, y).map(Nimber::from)
    }

    /// Values outside the table are found again when asked: sums of pairs
    /// read through [`Game::admit`](crate::game::Game::admit) are always
    /// inside it, and a lone pair beyond it is decided by the engine
    /// (`engine`) without asking for a value.
    fn insert(&mut self, _: (u64, u64), _: Nimber) {}
}

pub use engine::{PairMove, WythoffGame};

/// A game with an empty table (it grows as positions are admitted).
pub fn wythoff_game() -> WythoffGame {
    WythoffGame::new()
}

struct Pairs<'a>(NumberLines<'a>);

impl CaseReader<Vec<(u64, u64)>> for Pairs<'_> {
    fn next_case(&mut self) -> Result<Option<Vec<(u64, u64)>>, ReadError> {
        let Some(numbers) = self.0.next_numbers()? else {
            return Ok(None);
        };
        if numbers.len() % 2 == 1 {
            let error = crate::format::FormatError::new(
                self.0.case_line(),
                "pairs of heap sizes `x y`",
                match numbers.len() {
                    1 => "1 number".to_string(),
                    n => format!("{n} numbers"),
                },
            );
            return Err(error.into());
        }
        Ok(Some(numbers.chunks(2).map(|p| (p[0], p[1])).collect()))
    }

    fn line(&self) -> u64 {
        self.0.case_line()
    }
}

fn pair_text((x, y): (u64, u64)) -> String {
    format!("({}, {})", with_commas(x.into()), with_commas(y.into()))
}

/// Each pair as drawn.
fn pair_texts(pairs: &[(u64, u64)], style: &dyn Style) -> Vec<String> {
    pairs.iter().map(|&p| style.strong(&pair_text(p))).collect()
}

impl Present for WythoffGame {
    fn name(&self) -> String {
        "wythoff".to_string()
    }

    fn components_noun(&self) -> &'static str {
        "Pairs"
    }

    /// A pair beyond the table has no value here (see `engine`).
    fn describe_component(&self, index: usize, pair: &(u64, u64), value: Nimber) -> String {
        if self.beyond_table(pair) {
            return format!(
                "pair {}: {}, beyond the table of values (decided by Wythoff's pairs)",
                index + 1,
                pair_text(*pair)
            );
        }
        format!("pair {}: {} {value}", index + 1, pair_text(*pair))
    }

    /// A lone pair beyond the table is decided by Wythoff's pairs, and the
    /// headline says so.
    fn headline(&mut self, pairs: &Vec<(u64, u64)>, outcome: crate::engine::Outcome) -> String {
        match self.far(pairs) {
            Some((x, y)) if !outcome.first_player_wins() => format!(
                "the second player wins: the pair is one of Wythoff's pairs (⌊kφ⌋, ⌊kφ²⌋), k = {}",
                with_commas(x.abs_diff(y).into())
            ),
            Some(_) => {
                "the first player wins: the pair is not one of Wythoff's pairs (⌊kφ⌋, ⌊kφ²⌋)"
                    .to_string()
            }
            None if outcome.first_player_wins() => "the first player wins".to_string(),
            None => "the second player wins".to_string(),
        }
    }

    fn draw(&self, pairs: &Vec<(u64, u64)>, style: &dyn Style) -> String {
        format!("Pairs: {}", numbered_list(&pair_texts(pairs, style), 0..0))
    }

    /// The pair the move changed, in brackets.
    fn draw_after(
        &self,
        _: &Vec<(u64, u64)>,
        mv: &SumMove<(u64, u64), (u64, u64)>,
        after: &Vec<(u64, u64)>,
        style: &dyn Style,
    ) -> String {
        let at = mv.component.saturating_sub(1);
        format!(
            "Pairs: {}",
            numbered_list(&pair_texts(after, style), at..at + 1)
        )
    }

    fn move_help(&self) -> String {
        "A move is `P X Y`: pair P becomes (X, Y), taking from one heap or the same number \
         from both. Pairs are numbered from 1; with one pair, `X Y` is enough."
            .to_string()
    }

    fn describe_move(
        &self,
        pairs: &Vec<(u64, u64)>,
        mv: &SumMove<(u64, u64), (u64, u64)>,
    ) -> String {
        let before = mv
            .component
            .checked_sub(1)
            .and_then(|i| pairs.get(i))
            .copied()
            .unwrap_or_default();
        let (x, y) = mv.action;
        let taken = match (before.0.saturating_sub(x), before.1.saturating_sub(y)) {
            (k, 0) => format!("take {} from the first heap", with_commas(k.into())),
            (0, k) => format!("take {} from the second heap", with_commas(k.into())),
            (k, _) => format!("take {} from both heaps", with_commas(k.into())),
        };
        format!(
            "{taken} of pair {} {}, leaving {}",
            mv.component,
            pair_text(before),
            pair_text((x, y))
        )
    }
}

impl Notation for WythoffGame {
    fn parse_move(
        &self,
        pairs: &Vec<(u64, u64)>,
        text: &str,
    ) -> Result<SumMove<(u64, u64), (u64, u64)>, IllegalMove> {
        let fail = |reason: String| Err(IllegalMove(reason));
        let mut numbers = Vec::new();
        for word in text.split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')') {
            if word.is_empty() {
                continue;
            }
            match word.parse::<u64>() {
                Ok(n) => numbers.push(n),
                Err(_) => return fail(format!("`{word}` is not a whole number")),
            }
        }
        let (p, x, y) = match numbers.as_slice() {
            [x, y] if pairs.len() == 1 => (1, *x, *y),
            [p, x, y] => (*p, *x, *y),
            _ => return fail("a move is `P X Y`: pair P becomes (X, Y)".to_string()),
        };
        let Some(&(a, b)) = p
            .checked_sub(1)
            .and_then(|i| pairs.get(usize::try_from(i).ok()?))
        else {
            return fail(format!("there is no pair {p} (there are {})", pairs.len()));
        };
        engine::pair_becomes((a, b), (x, y))?;
        Ok(SumMove {
            component: p as usize,
            action: (x, y),
            leaves: vec![(x, y)],
        })
    }

    fn notation(&self, _: &Vec<(u64, u64)>, mv: &SumMove<(u64, u64), (u64, u64)>) -> String {
        format!("{} {} {}", mv.component, mv.action.0, mv.action.1)
    }
}

impl crate::game::WireForm for WythoffGame {
    fn plain_form(&self) -> Option<&'static str> {
        Some("a list of (x, y) pairs, like [(3, 5)]")
    }

    fn position_from_plain(
        &self,
        plain: &serde_json::Value,
    ) -> Result<crate::wire::Position, crate::wire::WireError> {
        crate::wire::Position::from_list("pairs", "pairs", plain)
    }

    /// `value` is `null` for a pair beyond the table (see `engine`).
    fn component_wire(&self, index: usize, &(x, y): &(u64, u64), value: Nimber) -> wire::Component {
        wire::Component {
            index: index + 1,
            part: wire::Part::Pair { heaps: [x, y] },
            value: (!self.beyond_table(&(x, y))).then(|| value.value().into()),
        }
    }

    fn position_wire(&self, pairs: &Vec<(u64, u64)>) -> wire::Position {
        wire::Position::Pairs {
            pairs: pairs.iter().map(|&(x, y)| [x, y]).collect(),
        }
    }

    fn position_from_wire(
        &self,
        position: &wire::Position,
        limits: Limits,
    ) -> Result<Vec<(u64, u64)>, WireError> {
        let wire::Position::Pairs { pairs } = position else {
            return Err(WireError::wrong(self.name(), "pairs", position.kind()));
        };
        if pairs.len() as u64 > limits.max_cells {
            return Err(WireError::Refused(format!(
                "{} pairs are beyond the limit of {}",
                pairs.len(),
                limits.max_cells
            )));
        }
        let pairs: Vec<(u64, u64)> = pairs.iter().map(|&[x, y]| (x, y)).collect();
        beyond_reach(&pairs, limits).map_or(Ok(pairs), |why| Err(WireError::Refused(why)))
    }

    fn move_wire(&self, _: &Vec<(u64, u64)>, mv: &SumMove<(u64, u64), (u64, u64)>) -> wire::Move {
        wire::Move::Pair {
            pair: mv.component,
            to: [mv.action.0, mv.action.1],
        }
    }

    fn move_from_wire(
        &self,
        pairs: &Vec<(u64, u64)>,
        mv: &wire::Move,
    ) -> Result<SumMove<(u64, u64), (u64, u64)>, WireError> {
        match mv {
            wire::Move::Pair { pair, to: [x, y] } => Ok(SumMove {
                component: *pair,
                action: (*x, *y),
                leaves: vec![(*x, *y)],
            }),
            wire::Move::Notation { notation } => Ok(self.parse_move(pairs, notation)?),
            other => Err(WireError::wrong(self.name(), "pair moves", other.kind())),
        }
    }
}

impl crate::game::JudgeFormat for WythoffGame {
    /// Pairs `x y` on a line (several pairs make a sum), any whole numbers
    /// of 64 bits; admission refuses a sum with a heap beyond the side of a
    /// square of `max_cells` cells (2000 by default).
    fn reader<'a>(
        &self,
        input: Box<dyn Read + 'a>,
        limits: Limits,
    ) -> Result<Box<dyn CaseReader<Vec<(u64, u64)>> + 'a>, ReadError> {
        Ok(Box::new(Pairs(NumberLines::new(
            input,
            u64::MAX,
            limits.max_cells,
            "a heap size of Wythoff's game",
            "",
        ))))
    }
}

impl crate::game::Extras for WythoffGame {
    fn abilities(&self) -> crate::game::Abilities {
        crate::game::Abilities::default()
    }

    /// Refused for a pair beyond the table, whose options have no values
    /// here.
    fn component_options(
        &mut self,
        pairs: &Vec<(u64, u64)>,
        index: usize,
        visit: &mut dyn FnMut(SumMove<(u64, u64), (u64, u64)>, Nimber) -> std::ops::ControlFlow<()>,
    ) -> Result<std::ops::ControlFlow<()>, crate::Refusal> {
        if let Some(pair) = self.far(pairs) {
            return Err(crate::Refusal::Unable(format!(
                "the pair {} is beyond the table of values: it is decided by Wythoff's pairs, and its options have no values here",
                pair_text(pair)
            )));
        }
        self.solver_mut().sum_component_options(pairs, index, visit)
    }
}

impl crate::game::Game for WythoffGame {
    /// Builds the table up to the largest heap, unless the position is one
    /// pair beyond the `limits`' table, which Wythoff's pairs decide.
    fn admit(&mut self, pairs: &Vec<(u64, u64)>, limits: Limits) -> Result<(), crate::Refusal> {
        if let Some(why) = beyond_reach(pairs, limits) {
            return Err(crate::Refusal::Limit(why));
        }
        let largest = pairs.iter().map(|&(x, y)| x.max(y)).max().unwrap_or(0);
        if largest >= limits.max_side() {
            return Ok(());
        }
        let side = self.table().side() as u64;
        if largest >= side {
            let new = (largest + 1).max(2 * side).min(limits.max_side()) as usize;
            let solver = self.solver_mut();
            let cancel = solver.cancel_flag().cloned();
            let stop = || {
                cancel
                    .as_ref()
                    .is_some_and(crate::shared::Cancel::is_cancelled)
            };
            *solver.cache_mut() =
                WythoffTable::new_until(new, &stop).ok_or(crate::Refusal::Cancelled)?;
        }
        Ok(())
    }

    /// Building the table at admission stops, between lines.
    fn stop_when(&mut self, cancel: crate::shared::Cancel) {
        self.solver_mut().set_cancel(Some(cancel));
    }

    /// Not for a lone pair beyond the table: Wythoff's pairs decide it.
    fn nim_sum_decides(&mut self, pairs: &Vec<(u64, u64)>) -> bool {
        self.far(pairs).is_none()
    }

    /// Not for a lone pair beyond the table, which has no value here.
    fn nim_sum_known(&mut self, pairs: &Vec<(u64, u64)>) -> bool {
        self.far(pairs).is_none()
    }

    /// `size` is (pairs, largest heap): one pair up to 12 by default.
    fn random_position(&mut self, rng: &mut Rng, size: Option<(u64, u64)>) -> Vec<(u64, u64)> {
        let (count, largest) = size.unwrap_or((1, 12));
        (0..count)
            .map(|_| (1 + rng.below(largest), 1 + rng.below(largest)))
            .collect()
    }
}

/// Why `pairs` cannot be valued within `limits`: a sum with a heap beyond
/// the side of their table (a lone pair is decided at any size).
fn beyond_reach(pairs: &[(u64, u64)], limits: Limits) -> Option<String> {
    let side = limits.max_side();
    let far = pairs.iter().find(|&&(x, y)| x.max(y) >= side)?;
    (pairs.len() > 1).then(|| {
        format!(
            "the pair {} is beyond the table's side of {}: one pair alone is decided at any size by Wythoff's pairs, but a sum of pairs needs each pair's value (--max-cells raises the limit)",
            pair_text(*far),
            with_commas(side.into())
        )
    })
}

impl Registered for WythoffGame {
    const ENTRY: Entry = Entry {
        name: "wythoff",
        title: "Wythoff's game",
        parameter: None,
        summary: "Wythoff's game: pairs of heaps `x y` (several make a sum), one position a line",
        rules: "A position is a pair of heaps of tokens (several pairs are played side by side). A move takes tokens from one heap of a pair, as many as you like, or the same number from both heaps of a pair. The player who cannot move loses.",
        example: "wythoff",
        examples: Examples {
            judge: "1 3\n1 2\n",
            answers: "WIN\nLOSE\n",
            won: "1 3\n",
            winning_move: "1 1 2",
            illegal_move: "1 5 5",
            bad_input: "1 3\n1 y\n",
            bad_line: 2,
            plain: "[[1, 3]]",
        },
    };

    fn open(parameter: Option<&str>, settings: &Settings) -> Result<Self, ParameterError> {
        registry::none(parameter)?;
        let mut game = wythoff_game();
        if let Some(cancel) = &settings.cancel {
            crate::game::Game::stop_when(&mut game, cancel.clone());
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, JudgeFormat, WireForm};

    /// Wythoff's pairs: a_k is the least number in no earlier pair, and
    /// b_k = a_k + k (the integer form of (⌊kφ⌋, ⌊kφ²⌋)).
    fn p_positions(side: u64) -> Vec<(u64, u64)> {
        let mut used = std::collections::HashSet::new();
        let mut pairs = Vec::new();
        for k in 0.. {
            let a = (0..).find(|n| !used.contains(n)).unwrap();
            let b = a + k;
            if a >= side {
                break;
            }
            used.insert(a);
            used.insert(b);
            pairs.push((a, b));
            if b < side && a != b {
                pairs.push((b, a));
            }
        }
        pairs.retain(|&(a, b)| a < side && b < side);
        pairs.sort_unstable();
        pairs
    }

    #[test]
    fn the_zeros_of_the_table_are_wythoffs_pairs() {
        let side = 300;
        let table = WythoffTable::new(side);
        let mut zeros: Vec<(u64, u64)> = (0..side as u64)
            .flat_map(|x| (0..side as u64).map(move |y| (x, y)))
            .filter(|&(x, y)| table.get(x, y) == Some(0))
            .collect();
        zeros.sort_unstable();
        assert_eq!(zeros, p_positions(side as u64));
        assert_eq!(&zeros[..5], &[(0, 0), (1, 2), (2, 1), (3, 5), (4, 7)]);
        // A row of the table is Nim: G(x, 0) = x.
        assert!((0..side as u64).all(|x| table.get(x, 0) == Some(x as u32)));
        assert_eq!(table.get(side as u64, 0), None);
        assert_eq!(table.get(0, side as u64), None);
    }

    #[test]
    fn moves_are_read_written_and_described() {
        let mut game = wythoff_game();
        let pairs = vec![(3, 5), (2, 2)];
        game.admit(&pairs, Limits::default()).unwrap();
        let mv = game.parse_move(&pairs, "2 (0, 0)").unwrap();
        assert_eq!(game.notation(&pairs, &mv), "2 0 0");
        assert_eq!(
            game.describe_move(&pairs, &mv),
            "take 2 from both heaps of pair 2 (2, 2), leaving (0, 0)"
        );
        let first = game.parse_move(&pairs, "1 1 5").unwrap();
        assert_eq!(
            game.describe_move(&pairs, &first),
            "take 2 from the first heap of pair 1 (3, 5), leaving (1, 5)"
        );
        let second = game.parse_move(&pairs, "1 3 0").unwrap();
        assert_eq!(
            game.describe_move(&pairs, &second),
            "take 5 from the second heap of pair 1 (3, 5), leaving (3, 0)"
        );
        let refused = |text: &str| game.parse_move(&pairs, text).unwrap_err().to_string();
        assert_eq!(
            refused("1 2 3"),
            "(3, 5) cannot become (2, 3): take from one heap, or the same number from both"
        );
        assert_eq!(
            refused("1 3 5"),
            "(3, 5) cannot become (3, 5): take from one heap, or the same number from both"
        );
        assert_eq!(refused("3 0 0"), "there is no pair 3 (there are 2)");
        assert_eq!(refused("0 0"), "a move is `P X Y`: pair P becomes (X, Y)");
        assert_eq!(refused("a"), "`a` is not a whole number");
        // The engine checks what a move leaves, too.
        let odd = SumMove {
            component: 1,
            action: (1, 5),
            leaves: vec![(1, 5), (0, 0)],
        };
        assert_eq!(
            crate::engine::Engine::check(&mut game, &pairs, &odd),
            Err(IllegalMove(
                "a move of pair 1 leaves one pair, (1, 5)".to_string()
            ))
        );
        assert_eq!(
            crate::engine::Engine::check(&mut game, &pairs, &first),
            Ok(())
        );
        // With one pair, `X Y` is enough.
        let one = vec![(4, 4)];
        assert_eq!(game.parse_move(&one, "1 1").unwrap().component, 1);
        let limits = Limits {
            max_cells: 100,
            max_heap: 5,
        };
        assert_eq!(
            game.admit(&vec![(1, 1), (10, 1)], limits),
            Err(crate::Refusal::Limit(
                "the pair (10, 1) is beyond the table's side of 10: one pair alone is decided at any size by Wythoff's pairs, but a sum of pairs needs each pair's value (--max-cells raises the limit)"
                    .to_string()
            ))
        );
        assert!(game.admit(&vec![(1, 1), (9, 1)], limits).is_ok());
        assert_eq!(game.table().side(), 10);
        // One pair beyond the limits' table is admitted without growing it.
        assert!(game.admit(&vec![(10, 1)], limits).is_ok());
        assert!(game.admit(&vec![(u64::MAX, 0)], limits).is_ok());
        assert_eq!(game.table().side(), 10);
        // The table at least doubles as larger pairs come.
        let mut grown = wythoff_game();
        grown.admit(&vec![(3, 0)], Limits::default()).unwrap();
        assert_eq!(grown.table().side(), 4);
        grown.admit(&vec![(4, 0)], Limits::default()).unwrap();
        assert_eq!(grown.table().side(), 8);
        assert_eq!(game.name(), "wythoff");
        assert_eq!(
            game.describe_component(1, &(3, 5), Nimber(0)),
            "pair 2: (3, 5) *0"
        );
        assert_eq!(
            game.draw(&pairs, &crate::game::Plain),
            "Pairs: 1) (3, 5)   2) (2, 2)"
        );
        assert!(game.move_help().starts_with("A move is `P X Y`"));
        let mut rng = Rng::new(3);
        let random = game.random_position(&mut rng, Some((50, 4)));
        assert_eq!(random.len(), 50);
        assert!(random
            .iter()
            .all(|&(x, y)| (1..=4).contains(&x) && (1..=4).contains(&y)));
        assert!(random.iter().any(|&(x, _)| x == 4) && random.iter().any(|&(_, y)| y == 1));
        let default = game.random_position(&mut rng, None);
        assert_eq!(default.len(), 1);
        assert!((1..=12).contains(&default[0].0) && (1..=12).contains(&default[0].1));
        assert_eq!(game.components_noun(), "Pairs");
        // The reader: pairs on a line make a sum; an odd count is refused.
        let mut reader = game
            .reader(
                Box::new("1 2 3 4\n\n5 6\n7\n".as_bytes()),
                Limits::default(),
            )
            .unwrap();
        assert_eq!(reader.next_case().unwrap(), Some(vec![(1, 2), (3, 4)]));
        assert_eq!(reader.line(), 1);
        assert_eq!(reader.next_case().unwrap(), Some(vec![(5, 6)]));
        assert_eq!(reader.line(), 3);
        assert_eq!(
            reader.next_case().unwrap_err().to_string(),
            "line 4: expected pairs of heap sizes `x y`, found 1 number"
        );
        let mut empty = game
            .reader(Box::new("".as_bytes()), Limits::default())
            .unwrap();
        assert_eq!(empty.next_case().unwrap(), None);
        let wire_move = game.move_wire(&pairs, &mv);
        assert_eq!(
            wire_move,
            wire::Move::Pair {
                pair: 2,
                to: [0, 0]
            }
        );
        assert_eq!(game.move_from_wire(&pairs, &wire_move), Ok(mv.clone()));
        assert_eq!(
            game.component_wire(0, &(3, 5), Nimber(0)),
            wire::Component {
                index: 1,
                part: wire::Part::Pair { heaps: [3, 5] },
                value: Some(wire::Big(0))
            }
        );
    }
}
