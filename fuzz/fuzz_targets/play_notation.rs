//! The move notation `grundy play` reads, on arbitrary text against small
//! positions: a move is parsed and legal, or refused.
#![no_main]
use grundy::games::bomb::{self, Board};
use grundy::games::cutting::{self, Paper};
use grundy::games::matrix::{self, Row};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(mut board) = Board::new(4, 5) {
        board.set(3, 4, true);
        board.set(1, 2, true);
        let _ = bomb::parse_move(text, &board);
    }
    let _ = cutting::parse_move(text, &[Paper::new(4, 3), Paper::new(1, 7)]);
    let _ = matrix::parse_move(
        text,
        &[Row::from_cells(vec![1, 2]), Row::from_cells(vec![0, 5])],
    );
});
