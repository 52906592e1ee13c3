//! The Bomb Game's move notation: `P Q U V` explodes the bomb at (P,Q)
//! and puts the new bombs on (U,Q) and (P,V). On row 1 there is no U:
//! `1 Q V`; in column 1 there is no V: `P 1 U`.

use super::{Board, BombMove, Cell};
use crate::engine::IllegalMove;
use crate::notation::{coordinate, fail, words, MoveError};

/// Reads a Bomb Game move and checks it on `board`.
pub fn parse_move(text: &str, board: &Board) -> Result<BombMove, MoveError> {
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
                "a bomb on row 1 makes one new bomb: write `1 {q} V` with V < {q}"
            ))
        }
        (_, 1, _) => {
            return fail(format!(
                "a bomb in column 1 makes one new bomb: write `{p} 1 U` with U < {p}"
            ))
        }
        (_, _, &[u, v]) => (Some(u), Some(v)),
        _ => {
            return fail(format!(
                "write `{p} {q} U V`: new bombs on (U,{q}) and ({p},V), with U < {p} and V < {q}"
            ))
        }
    };
    if let Some(u) = above.filter(|&u| u >= p) {
        return fail(format!(
            "the new bomb above ({p},{q}) must be on a row above row {p}: row {u} is not"
        ));
    }
    if let Some(v) = left.filter(|&v| v >= q) {
        return fail(format!(
            "the new bomb left of ({p},{q}) must be on a column left of column {q}: column {v} is not"
        ));
    }
    Ok(BombMove {
        explode: cell(p, q)?,
        above: above.map(|u| cell(u, q)).transpose()?,
        left: left.map(|v| cell(p, v)).transpose()?,
    })
}

/// Writes a Bomb Game move in the notation.
pub fn notation(mv: &BombMove) -> String {
    let (p, q) = (mv.explode.row(), mv.explode.col());
    match (mv.above, mv.left) {
        (Some(a), Some(l)) => format!("{p} {q} {} {}", a.row(), l.col()),
        (Some(a), None) => format!("{p} {q} {}", a.row()),
        (None, Some(l)) => format!("{p} {q} {}", l.col()),
        (None, None) => format!("{p} {q}"),
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
            let mv = parse_move(text, &b).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert!(mv.is_legal(&b), "{text}");
            assert_eq!(parse_move(&notation(&mv), &b), Ok(mv));
        }
        let refusals = [
            ("2 2 1 1", "there is no bomb at (2,2)"),
            ("3 3 3 1", "must be on a row above row 3: row 3 is not"),
            (
                "3 3 1 3",
                "must be on a column left of column 3: column 3 is not",
            ),
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
            let err = parse_move(text, &b).unwrap_err().to_string();
            assert!(err.contains(reason), "{text}: {err}");
        }
    }
}
