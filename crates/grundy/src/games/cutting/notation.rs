//! The Cutting Game's move notation: `N v K` cuts piece N (as numbered in
//! the list of pieces) vertically at K, `N h K` horizontally; with one
//! piece, `v K` is enough.

use super::{Cut, Direction, Paper};
use crate::notation::{fail, number, words, MoveError};

/// Reads a Cutting Game move and checks it on `pieces`.
pub fn parse_move(text: &str, pieces: &[Paper]) -> Result<Cut, MoveError> {
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
pub fn notation(cut: &Cut) -> String {
    let d = match cut.direction {
        Direction::Vertical => 'v',
        Direction::Horizontal => 'h',
    };
    format!("{} {d} {}", cut.piece, cut.at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_read_and_write_back() {
        let pieces = [Paper::new(4, 2), Paper::new(1, 5)];
        let c = parse_move("1 v 2", &pieces).unwrap();
        assert_eq!((c.piece, c.direction, c.at), (1, Direction::Vertical, 2));
        assert_eq!(parse_move(&notation(&c), &pieces), Ok(c));
        assert_eq!(parse_move("2 H 4", &pieces).map(|c| c.at), Ok(4));
        for (text, reason) in [
            ("v 2", "there are 2 pieces"),
            ("2 v 1", "has width 1"),
            ("1 v 4", "from 1 to 3"),
            ("3 v 1", "no piece 3"),
            ("1 x 1", "`v` or `h`"),
        ] {
            let err = parse_move(text, &pieces).unwrap_err().to_string();
            assert!(err.contains(reason), "{text}: {err}");
        }
        assert_eq!(parse_move("h 1", &[Paper::new(3, 3)]).map(|c| c.at), Ok(1));
    }
}
