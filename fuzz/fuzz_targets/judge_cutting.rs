//! The Cutting judge reader on arbitrary bytes, in batches and one by one.
#![no_main]
use grundy::games::cutting::CuttingReader;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(mut reader) = CuttingReader::new(data) {
        let mut papers = Vec::new();
        while let Ok(true) = reader.next_batch(&mut papers, 7) {
            papers.clear();
        }
    }
    if let Ok(mut reader) = CuttingReader::new(data) {
        while let Ok(Some(_)) = reader.next_case() {}
    }
});
