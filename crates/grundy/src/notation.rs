//! A short move notation for each seed game, as people type it.
//!
//! Numbers are 1-based, as in the statements, and may be separated by spaces,
//! commas or parentheses, so `3 4 1 2` and `(3,4) (1,2)` read alike.
//!
//! - Bomb Game: `P Q U V` explodes the bomb at (P,Q) and puts the new bombs
//!   on (U,Q) and (P,V). On row 1 there is no U: `1 Q V`; in column 1 there
//!   is no V: `P 1 U`.
//! - Cutting Game: `N v K` cuts piece N (as numbered in the list of pieces)
//!   vertically at K, `N h K` horizontally; with one piece, `v K` is enough.
//! - Matrix Game: `R N` takes N stones from row R, from its first cells
//!   first; `R : T1 T2 …` takes Ti stones from cell i of row R.
//!
//! Parsing checks the move against the position and says what is wrong.

use crate::engine::IllegalMove;
use crate::games::bomb::{Board, BombMove, Cell};
use crate::games::cutting::{Cut, Direction, Paper};
use crate::games::matrix::{MatrixMove, Row};

/// A move that could not be read or cannot be made, and why.
pub type MoveError = IllegalMove;

fn fail<T>(reason: impl Into<String>) -> Result<T, MoveError> {
    Err(IllegalMove(reason.into()))
}

/// 1204 as "1,204".
pub fn with_commas(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// The words of a move: runs of letters or digits; everything else separates
/// them (except `:`, which is a word of its own).
fn words(text: &str) -> Vec<&str> {
    let mut words = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        let part = c.is_ascii_alphanumeric() || c == '-' || !c.is_ascii();
        match (part, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                words.push(&text[s..i]);
                start = None;
            }
            _ => {}
        }
        if c == ':' {
            words.push(":");
        }
    }
    if let Some(s) = start {
        words.push(&text[s..]);
    }
    words
}

fn number(word: &str, what: &str) -> Result<u64, MoveError> {
    match word.parse::<u64>() {
        Ok(n) => Ok(n),
        Err(_) if word.starts_with('-') => {
            fail(format!("{what} must not be negative, found `{word}`"))
        }
        Err(_) if !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()) => {
            fail(format!("{what} is too large: `{word}`"))
        }
        Err(_) => fail(format!("expected {what} (a number), found `{word}`")),
    }
}

fn coordinate(word: &str, what: &str) -> Result<u32, MoveError> {
    let n = number(word, what)?;
    match u32::try_from(n) {
        Ok(n) if n >= 1 => Ok(n),
        _ => fail(format!("{what} must be from 1 to {}, found {n}", u32::MAX)),
    }
}

// ---------------------------------------------------------------- Bomb Game

/// Reads a Bomb Game move and checks it on `board`.
pub fn parse_bomb(text: &str, board: &Board) -> Result<BombMove, MoveError> {
    let words = words(text);
    let n: Vec<u32> = match words.len() {
        3 | 4 => words
            .iter()
            .zip(["the bomb's row", "the bomb's column", "a new bomb's place", "a new bomb's place"])
            .map(|(w, what)| coordinate(w, what))
            .collect::<Result<_, _>>()?,
        _ => return fail("a Bomb move is `P Q U V`: explode (P,Q), new bombs on (U,Q) and (P,V); `1 Q V` on row 1, `P 1 U` in column 1"),
    };
    let (p, q) = (n[0], n[1]);
    if p > board.rows() || q > board.cols() {
        return fail(format!(
            "({p},{q}) is off the {}×{} board",
            board.rows(),
            board.cols()
        ));
    }
    if !board.has_bomb(p, q) {
        return fail(format!("there is no bomb at ({p},{q})"));
    }
    let cell = |row, col| {
        Cell::new(row, col).ok_or_else(|| IllegalMove(format!("({row},{col}) is off the board")))
    };
    let (above, left) = match (p, q, &n[2..]) {
        (1, 1, _) => return fail("the bomb at (1,1) has already vanished: it cannot explode"),
        (1, _, &[v]) => (None, Some(v)),
        (_, 1, &[u]) => (Some(u), None),
        (1, _, _) => {
            return fail(format!(
                "a bomb on row 1 makes one new bomb: write `1 {q} V`, V below {q}"
            ))
        }
        (_, 1, _) => {
            return fail(format!(
                "a bomb in column 1 makes one new bomb: write `{p} 1 U`, U below {p}"
            ))
        }
        (_, _, &[u, v]) => (Some(u), Some(v)),
        _ => {
            return fail(format!(
            "write `{p} {q} U V`: new bombs on (U,{q}) and ({p},V), U below {p} and V below {q}"
        ))
        }
    };
    if let Some(u) = above.filter(|&u| u >= p) {
        return fail(format!(
            "the new bomb above ({p},{q}) must be on a row above it: {u} is not below {p}"
        ));
    }
    if let Some(v) = left.filter(|&v| v >= q) {
        return fail(format!(
            "the new bomb left of ({p},{q}) must be on a column left of it: {v} is not below {q}"
        ));
    }
    Ok(BombMove {
        explode: cell(p, q)?,
        above: above.map(|u| cell(u, q)).transpose()?,
        left: left.map(|v| cell(p, v)).transpose()?,
    })
}

/// Writes a Bomb Game move in the notation.
pub fn bomb(mv: &BombMove) -> String {
    let (p, q) = (mv.explode.row(), mv.explode.col());
    match (mv.above, mv.left) {
        (Some(a), Some(l)) => format!("{p} {q} {} {}", a.row(), l.col()),
        (Some(a), None) => format!("{p} {q} {}", a.row()),
        (None, Some(l)) => format!("{p} {q} {}", l.col()),
        (None, None) => format!("{p} {q}"),
    }
}

// ------------------------------------------------------------- Cutting Game

/// Reads a Cutting Game move and checks it on `pieces`.
pub fn parse_cut(text: &str, pieces: &[Paper]) -> Result<Cut, MoveError> {
    let words = words(text);
    let usage = "a cut is `N v K` (piece N, vertically at K) or `N h K` (horizontally); `v K` or `h K` with one piece";
    let (piece, direction, at) = match words.as_slice() {
        [n, d, k] => (number(n, "the piece number")?, *d, *k),
        [d, k] if pieces.len() == 1 => (1, *d, *k),
        [_, _] => {
            return fail(format!(
                "there are {} pieces: say which, as in `1 v 2`",
                pieces.len()
            ))
        }
        _ => return fail(usage),
    };
    let direction = match direction.to_ascii_lowercase().as_str() {
        "v" | "vertical" | "vertically" => Direction::Vertical,
        "h" | "horizontal" | "horizontally" => Direction::Horizontal,
        other => {
            return fail(format!(
                "expected `v` or `h` for the direction, found `{other}`"
            ))
        }
    };
    let at = number(at, "the line to cut at")?;
    let Some(&paper) = piece.checked_sub(1).and_then(|i| pieces.get(i as usize)) else {
        return fail(format!(
            "there is no piece {piece}: the pieces are numbered 1 to {}",
            pieces.len()
        ));
    };
    let side = match direction {
        Direction::Vertical => paper.width,
        Direction::Horizontal => paper.height,
    };
    if at == 0 || at >= side {
        let (way, dim) = match direction {
            Direction::Vertical => ("vertically", "width"),
            Direction::Horizontal => ("horizontally", "height"),
        };
        return fail(match side {
            1 => format!(
                "piece {piece} ({}×{}) has {dim} 1: it cannot be cut {way}",
                paper.width, paper.height
            ),
            _ => format!(
                "cut {way} at a line from 1 to {}: piece {piece} has {dim} {side}",
                side - 1
            ),
        });
    }
    Ok(Cut {
        piece: piece as usize,
        paper,
        direction,
        at,
    })
}

/// Writes a cut in the notation.
pub fn cut(cut: &Cut) -> String {
    let d = match cut.direction {
        Direction::Vertical => 'v',
        Direction::Horizontal => 'h',
    };
    format!("{} {d} {}", cut.piece, cut.at)
}

// -------------------------------------------------------------- Matrix Game

/// Reads a Matrix Game move and checks it on `rows` (whose cells are kept).
pub fn parse_matrix(text: &str, rows: &[Row]) -> Result<MatrixMove, MoveError> {
    let words = words(text);
    let usage = "a move is `R N` (take N stones from row R, first cells first) or `R : T1 T2 …` (Ti from cell i)";
    let Some(first) = words.first() else {
        return fail(usage);
    };
    let r = number(first, "the row")?;
    let Some(row) = r.checked_sub(1).and_then(|i| rows.get(i as usize)) else {
        return fail(format!(
            "there is no row {r}: the rows are numbered 1 to {}",
            rows.len()
        ));
    };
    let take: Vec<u64> = match &words[1..] {
        [n] => {
            let n = u128::from(number(n, "the number of stones")?);
            if n > row.total() {
                return fail(format!("row {r} has only {} stones", row.total()));
            }
            let mut left = n;
            row.cells()
                .iter()
                .map(|&c| {
                    let t = left.min(u128::from(c));
                    left -= t;
                    t as u64
                })
                .collect()
        }
        [":", takes @ ..] => {
            if takes.len() != row.cells().len() {
                return fail(format!(
                    "row {r} has {} cells: give one number for each",
                    row.cells().len()
                ));
            }
            let takes: Vec<u64> = takes
                .iter()
                .map(|w| number(w, "a number of stones"))
                .collect::<Result<_, _>>()?;
            for (c, (&t, &have)) in takes.iter().zip(row.cells()).enumerate() {
                if t > have {
                    return fail(format!(
                        "cell ({r},{}) has only {have} stones, not {t}",
                        c + 1
                    ));
                }
            }
            takes
        }
        _ => return fail(usage),
    };
    let mv = MatrixMove {
        row: r as usize,
        take,
    };
    if mv.total() == 0 {
        return fail("take at least one stone");
    }
    Ok(mv)
}

/// Writes a Matrix Game move in the notation: `R N` when it takes from the
/// first cells first, `R : T1 T2 …` otherwise.
pub fn matrix(mv: &MatrixMove, rows: &[Row]) -> String {
    let total = mv.total();
    let first_cells_first = rows.get(mv.row.wrapping_sub(1)).is_some_and(|row| {
        let mut left = total;
        row.cells().iter().zip(&mv.take).all(|(&c, &t)| {
            let expect = left.min(u128::from(c));
            left -= expect;
            u128::from(t) == expect
        })
    });
    if first_cells_first {
        format!("{} {total}", mv.row)
    } else {
        let takes: Vec<String> = mv.take.iter().map(u64::to_string).collect();
        format!("{} : {}", mv.row, takes.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        let mut board = Board::new(rows.len() as u64, rows[0].len() as u64).unwrap();
        for (r, line) in rows.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                board.set(r as u32 + 1, c as u32 + 1, ch == '#');
            }
        }
        board
    }

    #[test]
    fn bomb_moves_read_and_write_back() {
        let b = board(&[".#.", "#.#", "..#"]);
        for text in ["3 3 1 2", "(3,3) 1 2", "1 2 1", "2 1 1", "2 3 1 2"] {
            let mv = parse_bomb(text, &b).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(mv.is_legal(&b), "{text}");
            assert_eq!(parse_bomb(&bomb(&mv), &b), Ok(mv));
        }
        let refusals = [
            ("2 2 1 1", "there is no bomb at (2,2)"),
            ("3 3 3 1", "must be on a row above it"),
            ("3 3 1 3", "must be on a column left of it"),
            ("1 2 1 1", "a bomb on row 1 makes one new bomb"),
            ("4 1 1 1", "off the 3×3 board"),
            (
                "3 3 x 1",
                "expected a new bomb's place (a number), found `x`",
            ),
            ("3 3", "a Bomb move is `P Q U V`"),
            ("3 3 0 1", "must be from 1"),
            ("3 -3 1 1", "must not be negative"),
        ];
        for (text, reason) in refusals {
            let err = parse_bomb(text, &b).unwrap_err().to_string();
            assert!(err.contains(reason), "{text}: {err}");
        }
    }

    #[test]
    fn cuts_read_and_write_back() {
        let pieces = [Paper::new(4, 2), Paper::new(1, 5)];
        let c = parse_cut("1 v 2", &pieces).unwrap();
        assert_eq!((c.piece, c.direction, c.at), (1, Direction::Vertical, 2));
        assert_eq!(parse_cut(&cut(&c), &pieces), Ok(c));
        assert_eq!(parse_cut("2 H 4", &pieces).map(|c| c.at), Ok(4));
        for (text, reason) in [
            ("v 2", "there are 2 pieces"),
            ("2 v 1", "has width 1"),
            ("1 v 4", "from 1 to 3"),
            ("3 v 1", "no piece 3"),
            ("1 x 1", "`v` or `h`"),
        ] {
            let err = parse_cut(text, &pieces).unwrap_err().to_string();
            assert!(err.contains(reason), "{text}: {err}");
        }
        assert_eq!(parse_cut("h 1", &[Paper::new(3, 3)]).map(|c| c.at), Ok(1));
    }

    #[test]
    fn matrix_moves_read_and_write_back() {
        let rows = [
            Row::from_cells(vec![2, 3, 8]),
            Row::from_cells(vec![5, 2, 7]),
        ];
        let mv = parse_matrix("2 6", &rows).unwrap();
        assert_eq!(mv.take, vec![5, 1, 0]);
        assert_eq!(matrix(&mv, &rows), "2 6");
        let exact = parse_matrix("1: 0 0 8", &rows).unwrap();
        assert_eq!(matrix(&exact, &rows), "1 : 0 0 8");
        assert_eq!(parse_matrix(&matrix(&exact, &rows), &rows), Ok(exact));
        for (text, reason) in [
            ("3 1", "no row 3"),
            ("1 14", "only 13 stones"),
            ("1 : 3 0 0", "only 2 stones"),
            ("1 : 1 1", "give one number for each"),
            ("1 0", "at least one stone"),
            ("", "a move is"),
        ] {
            let err = parse_matrix(text, &rows).unwrap_err().to_string();
            assert!(err.contains(reason), "{text}: {err}");
        }
    }
}
