//! Moves and positions in words, shared by `solve` and `play`.

use grundy::games::bomb::{Board, BombMove, Cell, Landing};
use grundy::games::cutting::{Cut, Direction, Paper};
use grundy::games::matrix::MatrixMove;

pub fn cell_text(cell: Cell) -> String {
    format!("({},{})", cell.row(), cell.col())
}

pub fn bomb_move_text(board: &Board, mv: &BombMove) -> String {
    let placed: Vec<Cell> = mv.placed().collect();
    let cells: Vec<String> = placed.iter().map(|&c| cell_text(c)).collect();
    let noun = if placed.len() == 1 {
        "new bomb"
    } else {
        "new bombs"
    };
    let mut text = format!(
        "explode {}, {noun} on {}",
        cell_text(mv.explode),
        cells.join(" and ")
    );
    for &cell in &placed {
        match board.landing(cell) {
            Landing::Stays => {}
            Landing::OnBomb => {
                text += &format!("; {} lands on a bomb and both vanish", cell_text(cell))
            }
            Landing::OnCorner => text += &format!("; {} vanishes at once", cell_text(cell)),
        }
    }
    text
}

pub fn paper_text(paper: Paper) -> String {
    format!("{}×{}", paper.width, paper.height)
}

pub fn cut_text(cut: &Cut) -> String {
    let (a, b) = cut.pieces();
    let direction = match cut.direction {
        Direction::Vertical => "vertically",
        Direction::Horizontal => "horizontally",
    };
    let mut text = format!(
        "cut the {} piece {direction} at {}, leaving {} and {}",
        paper_text(cut.paper),
        with_commas(cut.at.into()),
        paper_text(a),
        paper_text(b)
    );
    if cut.cuts_out_a_cell() {
        text += " (a single cell: that wins)";
    }
    text
}

pub fn matrix_move_text(mv: &MatrixMove) -> String {
    const CELLS: usize = 8;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commas() {
        assert_eq!(with_commas(0), "0");
        assert_eq!(with_commas(999), "999");
        assert_eq!(with_commas(1204), "1,204");
        assert_eq!(with_commas(1_000_000), "1,000,000");
    }
}
