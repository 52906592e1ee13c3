//! The Matrix judge reader on arbitrary bytes, keeping cells or not.
#![no_main]
use grundy::games::matrix::{MatrixCase, MatrixReader};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for keep in [false, true] {
        if let Ok(reader) = MatrixReader::new(data) {
            let mut reader = reader.keep_cells(keep);
            let mut case = MatrixCase::default();
            while let Ok(true) = reader.next_case(&mut case) {}
        }
    }
});
