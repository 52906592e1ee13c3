//! The Matrix Game.
//!
//! Every cell of an m×n matrix holds a pile of stones. A move picks one row
//! and takes any number of stones from any of its cells, at least one stone
//! in all. The player who cannot move loses.
//!
//! # Why the reduction is correct
//! Rows never interact, so the game is the disjunctive sum of its rows. In a
//! row, a move can lower the row's total from s to any t < s (take s − t
//! stones, from the first cells first) and can never raise it; the options
//! of a row of total s therefore reach exactly the totals 0 … s − 1, so by
//! induction on s a row is worth the Nim heap `*s`, whatever the split
//! between cells. The matrix is worth the nim-sum of its row totals.
//!
//! Totals need more than 64 bits: fifty cells of 2^64 − 1 stones overflow
//! `u64`, so a row total is a `u128`.

mod misere;
mod notation;
mod reader;

pub use misere::MatrixMisere;
pub use notation::{notation, parse_move};
pub use reader::{MatrixCase, MatrixReader, MAX_COLS};

use crate::game::{Notation, Present};
use crate::nimber::Nimber;
use crate::registry::{self, Entry, Examples, ParameterError, Registered, Settings};
use crate::solve::BitCounts;
use crate::wire::{self, WireError};

/// The game this module registers (see `games/mod.rs`).
pub type Registration = MatrixGame;

/// One row of the matrix, kept as its total (the only thing its value
/// depends on) and, when asked for, its cells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Row {
    total: u128,
    cells: Vec<u64>,
}

impl Row {
    /// A row of these cells.
    pub fn from_cells(cells: Vec<u64>) -> Row {
        let total = cells.iter().map(|&c| u128::from(c)).sum();
        Row { total, cells }
    }

    /// A row known only by its total (its cells were not kept).
    pub fn from_total(total: u128) -> Row {
        Row {
            total,
            cells: Vec::new(),
        }
    }

    /// The number of stones in the row.
    pub const fn total(&self) -> u128 {
        self.total
    }

    /// The cells, if they were kept.
    pub fn cells(&self) -> &[u64] {
        &self.cells
    }
}

/// The Matrix Game as a sum of rows (see the [`Engine`](crate::engine::Engine)
/// and [`Game`](crate::game::Game) implementations at the end of this file).
#[derive(Clone, Copy, Debug, Default)]
pub struct MatrixGame;

impl MatrixGame {
    /// The value of one row: the Nim heap of its total.
    pub fn grundy(&self, row: &Row) -> Nimber {
        Nimber(row.total)
    }

    /// The nim-sum of the rows' totals.
    pub fn sum(&self, rows: &[Row]) -> Nimber {
        rows.iter().map(|r| Nimber(r.total)).sum()
    }
}

/// One move: take `take[i]` stones from cell i + 1 of row `row` (1-based).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MatrixMove {
    /// The row, 1-based.
    pub row: usize,
    /// Stones taken from each cell of the row, left to right.
    pub take: Vec<u64>,
}

impl MatrixMove {
    /// Stones taken in all.
    pub fn total(&self) -> u128 {
        self.take.iter().map(|&t| u128::from(t)).sum()
    }

    /// Whether the move can be made on `rows`: at least one stone, and no
    /// more from a cell than it holds.
    pub fn is_legal(&self, rows: &[Row]) -> bool {
        let Some(row) = self.row.checked_sub(1).and_then(|r| rows.get(r)) else {
            return false;
        };
        self.take.len() == row.cells.len()
            && self.take.iter().zip(&row.cells).all(|(t, c)| t <= c)
            && self.total() > 0
    }

    /// The rows after the move.
    pub fn apply(&self, rows: &[Row]) -> Vec<Row> {
        let mut after = rows.to_vec();
        if let Some(row) = self.row.checked_sub(1).and_then(|r| after.get_mut(r)) {
            let cells = row
                .cells
                .iter()
                .zip(&self.take)
                .map(|(c, t)| c.saturating_sub(*t))
                .collect();
            *row = Row::from_cells(cells);
        }
        after
    }
}

/// The move taking `amount` stones from row `index` (from 0), from the
/// first cells first.
pub fn take_first_cells_first(index: usize, row: &Row, amount: u128) -> MatrixMove {
    let mut left = amount;
    let take = row
        .cells
        .iter()
        .map(|&c| {
            let t = left.min(u128::from(c));
            left -= t;
            t as u64
        })
        .collect();
    MatrixMove {
        row: index + 1,
        take,
    }
}

/// The winning moves (needs the cells kept): one for each row that can make
/// the nim-sum zero, taking from the first cells first. Moves taking the
/// same total from the same row are one move here: how the total is spread
/// over the cells does not matter to the game.
pub fn winning_moves(rows: &[Row]) -> Vec<MatrixMove> {
    let sum: Nimber = rows.iter().map(|r| Nimber(r.total)).sum();
    rows.iter()
        .enumerate()
        .filter(|(_, r)| (r.total ^ sum.value()) < r.total)
        .map(|(i, r)| take_first_cells_first(i, r, r.total - (r.total ^ sum.value())))
        .collect()
}

/// A move to suggest: the first winning move if there is one; from a lost
/// position, the move after which the opponent can win in the fewest rows,
/// taking as few stones as that allows. `None` when every pile is empty.
///
/// After a row of total s goes to s′ < s, the opponent can win in the rows
/// that hold the highest bit of s ^ s′; that bit is one of s's, and every row
/// holding it except the moved one still does. So the best bit is the one
/// held by the fewest rows, and the fewest stones to clear it leave every
/// lower bit set.
pub fn suggest(rows: &[Row]) -> Option<MatrixMove> {
    if let Some(mv) = winning_moves(rows).into_iter().next() {
        return Some(mv);
    }
    let counts = BitCounts::of(rows.iter().map(|r| Nimber(r.total)));
    let bit = (0..128u32)
        .filter(|&b| counts.count(b) > 0)
        .min_by_key(|&b| counts.count(b))?;
    let (index, row) = rows
        .iter()
        .enumerate()
        .find(|(_, r)| r.total >> bit & 1 == 1)?;
    let low = (1u128 << bit) - 1;
    let after = (row.total & !low & !(1u128 << bit)) | low;
    Some(take_first_cells_first(index, row, row.total - after))
}

impl Registered for MatrixGame {
    const ENTRY: Entry = Entry {
        name: "matrix",
        title: "Matrix Game",
        parameter: None,
        summary: "Matrix Game: T, then cases `m n` and m·n piles; answers `Case k: Alice|Bob`",
        rules: "A position is a grid of piles of stones. A move takes stones from one row only: at least one stone, from as many of that row's piles as you like. The player who cannot move, no stone being left, loses.",
        example: "matrix",
        examples: Examples {
            judge: "2\n2 2\n1 2\n3 4\n1 3\n0 0 0\n",
            answers: "Case 1: Alice\nCase 2: Bob\n",
            won: "1\n2 2\n1 2\n3 4\n",
            winning_move: "2 4",
            illegal_move: "3 1",
            bad_input: "1\n2 2\n1 x\n3 4\n",
            bad_line: 3,
            plain: "[[1, 2], [3, 4]]",
        },
    };

    fn open(parameter: Option<&str>, _: &Settings) -> Result<Self, ParameterError> {
        registry::none(parameter)?;
        Ok(MatrixGame)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_samples() {
        let a = [
            Row::from_cells(vec![2, 3, 8]),
            Row::from_cells(vec![5, 2, 7]),
        ];
        assert!(!MatrixGame.sum(&a).is_zero()); // Alice
        let b = [
            Row::from_cells(vec![1, 2, 3]),
            Row::from_cells(vec![3, 2, 1]),
        ];
        assert!(MatrixGame.sum(&b).is_zero()); // Bob
    }

    #[test]
    fn totals_do_not_overflow() {
        let row = Row::from_cells(vec![u64::MAX; 50]);
        assert_eq!(row.total(), 50 * u128::from(u64::MAX));
        assert_eq!(MatrixGame.grundy(&row), Nimber(50 * u128::from(u64::MAX)));
    }
}

/// The Matrix Game's rules for the generic [`Solver`](crate::rules::Solver),
/// by the letter: a row is a component (its cells), and a move lowers any of
/// its cells, taking one stone at least. The move is the row it leaves. Only
/// for small rows: a row has as many options as the product of its cells
/// plus one.
#[derive(Clone, Copy, Debug, Default)]
pub struct MatrixRules;

impl crate::rules::Rules for MatrixRules {
    type Position = Vec<u64>;
    type Move = Vec<u64>;

    fn options(&self, row: &Vec<u64>, option: &mut dyn FnMut(Vec<u64>, &[Vec<u64>])) {
        // Every row below this one, cell by cell: a mixed-radix counter.
        let mut after = vec![0u64; row.len()];
        loop {
            if after != *row {
                option(after.clone(), std::slice::from_ref(&after));
            }
            let mut i = 0;
            loop {
                if i == after.len() {
                    return;
                }
                if after[i] < row[i] {
                    after[i] += 1;
                    break;
                }
                after[i] = 0;
                i += 1;
            }
        }
    }
}

// ------------------------------------------------ the engine and the game

/// A Matrix move is counted by its row and the stones it takes: how those
/// stones are spread over the row's cells does not change the position's
/// value, so the winning moves listed and counted are one per row (taking
/// from the first cells first), not one per spread.
impl crate::engine::Engine for MatrixGame {
    type Position = Vec<Row>;
    type Component = Row;
    type Move = MatrixMove;

    fn components(&mut self, rows: &Vec<Row>) -> Vec<(Row, Nimber)> {
        rows.iter().map(|r| (r.clone(), Nimber(r.total))).collect()
    }

    fn value(&mut self, rows: &Vec<Row>) -> Nimber {
        self.sum(rows)
    }

    fn winning_moves(
        &mut self,
        rows: &Vec<Row>,
        visit: &mut dyn FnMut(MatrixMove) -> std::ops::ControlFlow<()>,
    ) -> std::ops::ControlFlow<()> {
        winning_moves(rows).into_iter().try_for_each(visit)
    }

    /// One move per row and number of stones taken, from its first cells
    /// first.
    fn moves(
        &mut self,
        rows: &Vec<Row>,
        visit: &mut dyn FnMut(MatrixMove) -> std::ops::ControlFlow<()>,
    ) -> std::ops::ControlFlow<()> {
        for (index, row) in rows.iter().enumerate() {
            for stones in 1..=row.total {
                visit(MatrixMove {
                    row: index + 1,
                    take: first_cells_first(row, stones),
                })?;
            }
        }
        std::ops::ControlFlow::Continue(())
    }

    /// By the rows' totals at once ([`suggest`]): nothing to stop.
    fn suggest_until(&mut self, rows: &Vec<Row>, _: &dyn Fn() -> bool) -> Option<MatrixMove> {
        suggest(rows)
    }

    fn check(
        &mut self,
        rows: &Vec<Row>,
        mv: &MatrixMove,
    ) -> Result<(), crate::engine::IllegalMove> {
        let fail = |reason: String| Err(crate::engine::IllegalMove(reason));
        let Some(row) = mv.row.checked_sub(1).and_then(|r| rows.get(r)) else {
            return fail(format!(
                "there is no row {} (there are {})",
                mv.row,
                rows.len()
            ));
        };
        if mv.take.len() != row.cells.len() {
            return fail(format!(
                "row {} has {} cells, not {}",
                mv.row,
                row.cells.len(),
                mv.take.len()
            ));
        }
        if let Some((c, (t, have))) = mv
            .take
            .iter()
            .zip(&row.cells)
            .enumerate()
            .find(|(_, (t, c))| t > c)
        {
            return fail(format!(
                "cell ({},{}) holds {have} stones, fewer than {t}",
                mv.row,
                c + 1
            ));
        }
        if mv.total() == 0 {
            return fail("a move takes at least one stone".to_string());
        }
        Ok(())
    }

    fn play(&mut self, rows: &Vec<Row>, mv: &MatrixMove) -> crate::engine::Played<Vec<Row>> {
        crate::engine::Played {
            position: mv.apply(rows),
            won: false,
        }
    }

    fn is_terminal(&mut self, rows: &Vec<Row>) -> bool {
        rows.iter().all(|r| r.total == 0)
    }
}

/// Matrices read from a judge input, cells kept.
struct Matrices<'a> {
    reader: reader::MatrixReader<Box<dyn std::io::Read + 'a>>,
}

impl crate::game::CaseReader<Vec<Row>> for Matrices<'_> {
    fn next_case(&mut self) -> Result<Option<Vec<Row>>, crate::format::ReadError> {
        let mut case = reader::MatrixCase::default();
        Ok(self.reader.next_case(&mut case)?.then_some(case.rows))
    }

    fn line(&self) -> u64 {
        self.reader.line()
    }
}

/// The rows drawn as a table with each row's total; the cells `taken`
/// took stones from in brackets.
fn draw_rows(rows: &[Row], taken: Option<&MatrixMove>, style: &dyn crate::game::Style) -> String {
    let taken_from = |r: usize, c: usize| {
        taken.is_some_and(|mv| mv.row == r + 1 && mv.take.get(c).is_some_and(|&t| t > 0))
    };
    let cells: Vec<Vec<String>> = rows
        .iter()
        .enumerate()
        .map(|(r, row)| {
            let text = |(c, cell): (usize, &u64)| match taken_from(r, c) {
                true => format!("[{cell}]"),
                false => cell.to_string(),
            };
            row.cells.iter().enumerate().map(text).collect()
        })
        .collect();
    let cols = rows.iter().map(|r| r.cells.len()).max().unwrap_or(0);
    let width = cells
        .iter()
        .flatten()
        .map(String::len)
        .chain([cols.to_string().len() + 1])
        .max()
        .unwrap_or(1);
    let label = rows.len().to_string().len() + 4;
    let mut text = format!("{:label$} ", "");
    for c in 1..=cols {
        text += &format!(" {:>width$}", format!("c{c}"));
    }
    text += " | stones";
    for (i, (row, cells)) in rows.iter().zip(&cells).enumerate() {
        text += &format!("\n{:<label$} ", format!("row {}", i + 1));
        for cell in cells {
            text += &format!(" {cell:>width$}");
        }
        text += &format!(
            " | {}",
            style.strong(&crate::notation::with_commas(row.total))
        );
    }
    text
}

impl Present for MatrixGame {
    fn name(&self) -> String {
        "matrix".to_string()
    }

    fn components_noun(&self) -> &'static str {
        "Rows"
    }

    fn players(&self) -> [&'static str; 2] {
        ["Alice", "Bob"]
    }

    fn lost_because(&mut self, _: &Vec<Row>) -> String {
        "Whatever Alice takes, Bob has a winning reply.".to_string()
    }

    fn describe_component(&self, index: usize, row: &Row, _: Nimber) -> String {
        let noun = if row.total == 1 { "stone" } else { "stones" };
        format!(
            "row {}: {} {noun} *{}",
            index + 1,
            crate::notation::with_commas(row.total),
            row.total
        )
    }

    fn draw(&self, rows: &Vec<Row>, style: &dyn crate::game::Style) -> String {
        draw_rows(rows, None, style)
    }

    /// The rows after the move, the cells it took stones from in brackets,
    /// with a key below.
    fn draw_after(
        &self,
        _: &Vec<Row>,
        mv: &MatrixMove,
        after: &Vec<Row>,
        style: &dyn crate::game::Style,
    ) -> String {
        draw_rows(after, Some(mv), style) + "\n([n]: a cell the move took stones from)"
    }

    fn move_help(&self) -> String {
        "A move is `R N`: take N stones from row R, from its first cells first; or `R : T1 T2 …` \
         to take Ti stones from cell i of row R. Take at least one stone."
            .to_string()
    }

    fn describe_move(&self, _: &Vec<Row>, mv: &MatrixMove) -> String {
        const CELLS: usize = 8;
        let with_commas = crate::notation::with_commas;
        let total = mv.total();
        let taken: Vec<String> = mv
            .take
            .iter()
            .enumerate()
            .filter(|(_, &t)| t > 0)
            .map(|(c, &t)| format!("{} from ({},{})", with_commas(t.into()), mv.row, c + 1))
            .collect();
        let mut cells = taken
            .iter()
            .take(CELLS)
            .cloned()
            .collect::<Vec<_>>()
            .join(", ");
        if taken.len() > CELLS {
            cells += &format!(" and {} more cells", taken.len() - CELLS);
        }
        let noun = if total == 1 { "stone" } else { "stones" };
        format!(
            "take {} {noun} from row {}: {cells}",
            with_commas(total),
            mv.row
        )
    }
}

impl Notation for MatrixGame {
    fn parse_move(
        &self,
        rows: &Vec<Row>,
        text: &str,
    ) -> Result<MatrixMove, crate::engine::IllegalMove> {
        notation::parse_move(text, rows)
    }

    fn notation(&self, rows: &Vec<Row>, mv: &MatrixMove) -> String {
        notation::notation(mv, rows)
    }
}

impl crate::game::WireForm for MatrixGame {
    fn plain_form(&self) -> Option<&'static str> {
        Some("a list of rows of piles, like [[1, 2], [3, 4]]")
    }

    fn position_from_plain(
        &self,
        plain: &serde_json::Value,
    ) -> Result<crate::wire::Position, crate::wire::WireError> {
        crate::wire::Position::from_list("matrix", "rows", plain)
    }

    fn component_wire(&self, index: usize, row: &Row, value: Nimber) -> wire::Component {
        wire::Component {
            index: index + 1,
            part: wire::Part::Row {
                stones: row.total.into(),
            },
            value: Some(value.value().into()),
        }
    }

    fn position_wire(&self, rows: &Vec<Row>) -> wire::Position {
        wire::Position::Matrix {
            rows: rows
                .iter()
                .map(|r| r.cells.iter().map(|&c| c.into()).collect())
                .collect(),
        }
    }

    fn position_from_wire(
        &self,
        position: &wire::Position,
        limits: crate::game::Limits,
    ) -> Result<Vec<Row>, WireError> {
        let wire::Position::Matrix { rows } = position else {
            return Err(WireError::wrong(self.name(), "a matrix", position.kind()));
        };
        let cols = rows.first().map_or(0, Vec::len);
        let cells = rows.len() as u64 * cols as u64;
        if rows.is_empty() || cols == 0 || cells > limits.max_cells {
            return Err(WireError::Refused(format!(
                "a matrix of {}×{cols} is not allowed: a matrix has from 1 to {} cells",
                rows.len(),
                crate::notation::with_commas(limits.max_cells.into())
            )));
        }
        rows.iter()
            .enumerate()
            .map(|(i, row)| {
                if row.len() != cols {
                    return Err(WireError::Refused(format!(
                        "row {} has {} cells, row 1 has {cols}",
                        i + 1,
                        row.len()
                    )));
                }
                let cells = row
                    .iter()
                    .map(|&c| wire::small(c, "a pile of"))
                    .collect::<Result<Vec<u64>, _>>()?;
                Ok(Row::from_cells(cells))
            })
            .collect()
    }

    fn move_wire(&self, _: &Vec<Row>, mv: &MatrixMove) -> wire::Move {
        wire::Move::Row {
            row: mv.row,
            take: mv.take.iter().map(|&t| t.into()).collect(),
        }
    }

    fn move_from_wire(&self, rows: &Vec<Row>, mv: &wire::Move) -> Result<MatrixMove, WireError> {
        match mv {
            wire::Move::Row { row, take } => Ok(MatrixMove {
                row: *row,
                take: take
                    .iter()
                    .map(|&t| {
                        wire::small(t, "taking").map_err(|e| WireError::Illegal(e.to_string()))
                    })
                    .collect::<Result<_, _>>()?,
            }),
            wire::Move::Notation { notation } => Ok(self.parse_move(rows, notation)?),
            other => Err(WireError::wrong(self.name(), "row moves", other.kind())),
        }
    }
}

impl crate::game::JudgeFormat for MatrixGame {
    fn reader<'a>(
        &self,
        input: Box<dyn std::io::Read + 'a>,
        limits: crate::game::Limits,
    ) -> Result<Box<dyn crate::game::CaseReader<Vec<Row>> + 'a>, crate::format::ReadError> {
        let reader = reader::MatrixReader::new(input)?
            .keep_cells(true)
            .max_cells(limits.max_cells);
        Ok(Box::new(Matrices { reader }))
    }

    fn judge_answer(&self, case: u64, outcome: crate::engine::Outcome) -> String {
        format!(
            "Case {case}: {}",
            reader::answer(outcome.first_player_wins())
        )
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
            Convention::Normal => Judged::Done(judge_normal(self, input, limits, out)),
            Convention::Misere { .. } => Judged::Done(judge_misere(self, input, limits, out)),
        }
    }
}

/// `stones` stones of `row` (at most its total), from its first cells
/// first: how each cell is lowered.
fn first_cells_first(row: &Row, stones: u128) -> Vec<u64> {
    let mut left = stones;
    row.cells
        .iter()
        .map(|&cell| {
            let t = left.min(u128::from(cell));
            left -= t;
            t as u64
        })
        .collect()
}

impl crate::game::Extras for MatrixGame {
    fn abilities(&self) -> crate::game::Abilities {
        crate::game::Abilities {
            table: false,
            misere: true,
            genera: false,
        }
    }

    /// A row of T stones in all is a Nim heap of T: taking n of them (from
    /// whichever cells) leaves T − n, one option for each n.
    fn component_options(
        &mut self,
        rows: &Vec<Row>,
        index: usize,
        visit: &mut dyn FnMut(MatrixMove, Nimber) -> std::ops::ControlFlow<()>,
    ) -> Result<std::ops::ControlFlow<()>, crate::Refusal> {
        let Some(row) = index.checked_sub(1).and_then(|i| rows.get(i)) else {
            return Err(crate::Refusal::Unable(format!("there is no row {index}")));
        };
        for stones in 1..=row.total {
            let mv = MatrixMove {
                row: index,
                take: first_cells_first(row, stones),
            };
            if visit(mv, Nimber(row.total - stones)).is_break() {
                return Ok(std::ops::ControlFlow::Break(()));
            }
        }
        Ok(std::ops::ControlFlow::Continue(()))
    }

    /// Bouton's misère Nim over the row totals.
    fn misere(
        &self,
        _budget: u64,
    ) -> Result<Box<dyn crate::misere::MisereEngine<Vec<Row>, MatrixMove>>, crate::Refusal> {
        Ok(Box::new(misere::MatrixMisere))
    }
}

impl crate::game::Game for MatrixGame {
    fn random_position(
        &mut self,
        rng: &mut crate::game::Rng,
        size: Option<(u64, u64)>,
    ) -> Vec<Row> {
        let (rows, cols) = size.unwrap_or((3, 4));
        (0..rows)
            .map(|_| Row::from_cells((0..cols).map(|_| rng.below(10)).collect()))
            .collect()
    }
}

/// Rows are folded into their totals as they are read: memory does not
/// grow with a case.
fn judge_normal(
    game: &mut MatrixGame,
    input: crate::format::JudgeInput<'_>,
    limits: crate::game::Limits,
    out: &mut dyn crate::game::Answers,
) -> Result<(), crate::game::JudgeError> {
    use std::fmt::Write as _;
    let mut reader = reader::MatrixReader::from_input(input)?.max_cells(limits.max_cells);
    let mut case = reader::MatrixCase::default();
    // One line buffer for every answer: no allocation per case.
    let mut text = String::new();
    while reader.next_case(&mut case)? {
        let wins = !game.sum(&case.rows).is_zero();
        text.clear();
        let answer = reader::answer(wins);
        // Writing to a String cannot fail.
        let _ = write!(text, "Case {}: {answer}", case.number);
        out.line(text.as_bytes())
            .map_err(crate::game::JudgeError::Write)?;
    }
    Ok(())
}

/// As [`judge_normal`], rows folded into their totals, under Bouton's
/// misère rule.
fn judge_misere(
    game: &mut MatrixGame,
    input: crate::format::JudgeInput<'_>,
    limits: crate::game::Limits,
    out: &mut dyn crate::game::Answers,
) -> Result<(), crate::game::JudgeError> {
    let mut reader = reader::MatrixReader::from_input(input)?.max_cells(limits.max_cells);
    let mut case = reader::MatrixCase::default();
    while reader.next_case(&mut case)? {
        // The rows are folded into one heap of their nim-sum.
        let nim_sum = case.rows.iter().fold(0, |x, r| x ^ r.total());
        let outcome = crate::misere::misere_nim_outcome_of(nim_sum, case.big_rows > 0);
        out.line(crate::game::JudgeFormat::judge_answer(game, case.number, outcome).as_bytes())
            .map_err(crate::game::JudgeError::Write)?;
    }
    Ok(())
}
