//! The move notation `grundy play` reads, on arbitrary text against small
//! positions: a move is parsed and legal, or refused.
#![no_main]
use grundy::games::bomb::Board;
use grundy::games::cutting::Paper;
use grundy::games::matrix::Row;
use grundy::notation::{parse_bomb, parse_cut, parse_matrix};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(mut board) = Board::new(4, 5) {
        board.set(3, 4, true);
        board.set(1, 2, true);
        let _ = parse_bomb(text, &board);
    }
    let _ = parse_cut(text, &[Paper::new(4, 3), Paper::new(1, 7)]);
    let _ = parse_matrix(
        text,
        &[Row::from_cells(vec![1, 2]), Row::from_cells(vec![0, 5])],
    );
});
