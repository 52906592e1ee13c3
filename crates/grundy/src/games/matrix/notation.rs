//! The Matrix Game's move notation: `R N` takes N stones from row R, from
//! its first cells first; `R : T1 T2 …` takes Ti stones from cell i of
//! row R.

use super::{MatrixMove, Row};
use crate::notation::{fail, number, words, MoveError};

/// Reads a Matrix Game move and checks it on `rows` (whose cells are kept).
pub fn parse_move(text: &str, rows: &[Row]) -> Result<MatrixMove, MoveError> {
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
pub fn notation(mv: &MatrixMove, rows: &[Row]) -> String {
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

    #[test]
    fn matrix_moves_read_and_write_back() {
        let rows = [
            Row::from_cells(vec![2, 3, 8]),
            Row::from_cells(vec![5, 2, 7]),
        ];
        let mv = parse_move("2 6", &rows).unwrap();
        assert_eq!(mv.take, vec![5, 1, 0]);
        assert_eq!(notation(&mv, &rows), "2 6");
        let exact = parse_move("1: 0 0 8", &rows).unwrap();
        assert_eq!(notation(&exact, &rows), "1 : 0 0 8");
        assert_eq!(parse_move(&notation(&exact, &rows), &rows), Ok(exact));
        for (text, reason) in [
            ("3 1", "no row 3"),
            ("1 14", "only 13 stones"),
            ("1 : 3 0 0", "only 2 stones"),
            ("1 : 1 1", "give one number for each"),
            ("1 0", "at least one stone"),
            ("", "a move is"),
        ] {
            let err = parse_move(text, &rows).unwrap_err().to_string();
            assert!(err.contains(reason), "{text}: {err}");
        }
    }
}
