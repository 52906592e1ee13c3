//! The Bomb judge reader on arbitrary bytes: errors, never panics.
#![no_main]
use grundy::games::bomb::Board;
use grundy::games::bomb::BombReader;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(mut reader) = BombReader::new(data) {
        let mut board = Board::default();
        while let Ok(true) = reader.next_case(&mut board) {}
    }
});
