//! A compact binary file of G(0), G(1), …: what `grundy octal
//! --values-out` writes and `grundy octal --read` prints, for sequences
//! too long for JSON.
//!
//! The format (version 1), every integer little-endian:
//!
//! | bytes | what |
//! | --- | --- |
//! | 8 | `GRUNDYSQ` |
//! | 4 | format version (1) |
//! | 4 | length of the code, then the code in UTF-8 (`0.161`) |
//! | … | blocks, to the end of the file |
//!
//! A block is a u32 count c (1 to 2^20), a u8 width w (1, 2 or 4: the
//! fewest bytes that hold the block's largest value), then c values of w
//! bytes each. Values are in order from G(0); a reader skips whole blocks
//! to reach a heap. [`ValuesWriter`] writes blocks of [`BLOCK`] values (the
//! last may hold fewer), so a file's bytes are a function of its values. At one byte per value (every value of 0.161 and 0.6
//! below 256… where that holds) a billion values take a gigabyte.

use std::io::{self, Read, Seek, SeekFrom, Write};

use crate::persist::{fill, Format, HeaderError, HEADER};

/// The values file format's version.
pub const VERSION: u32 = 1;
/// How a values file begins.
pub const FORMAT: Format = Format {
    magic: b"GRUNDYSQ",
    version: VERSION,
};
/// The most values in one block.
pub const MAX_BLOCK: usize = 1 << 20;

/// Why a values file was refused.
#[derive(Debug, thiserror::Error)]
pub enum ValuesFileError {
    /// Reading failed.
    #[error("cannot read the values file: {0}")]
    Io(#[from] io::Error),
    /// Not a values file.
    #[error("not a grundy values file (it does not start with GRUNDYSQ)")]
    Foreign,
    /// Another version.
    #[error("values file format version {0}; this grundy reads version {VERSION}")]
    Version(u32),
    /// Malformed at a byte offset.
    #[error("the values file is damaged at byte {at}: {what}")]
    Damaged {
        /// Byte offset.
        at: u64,
        /// What was wrong.
        what: String,
    },
}

/// Values in each block a writer makes but the last (which may hold
/// fewer): blocks start at multiples of it, so a file's bytes depend only
/// on its values, not on how the writes were cut, nor on when the file was
/// flushed, nor on where a run was resumed.
pub const BLOCK: usize = 1 << 16;

/// Writes blocks of [`BLOCK`] values after a header. Values wait in memory
/// until their block is full, and the last block is written when the
/// writer is finished ([`into_inner`](ValuesWriter::into_inner)): bytes
/// once written never change, so a checkpoint's length of the file stays
/// true whatever happens after it (a run resumed from it takes up the
/// values after the last whole block from its own, see
/// [`resume`](ValuesWriter::resume)).
pub struct ValuesWriter<W: Write> {
    out: W,
    /// Bytes written: the header and whole blocks.
    written: u64,
    /// The values of the block begun (fewer than [`BLOCK`]).
    pending: Vec<u32>,
}

impl<W: Write> ValuesWriter<W> {
    /// Starts a file for `code`, writing its header.
    pub fn create(mut out: W, code: &str) -> io::Result<Self> {
        let header = header(code);
        out.write_all(&header)?;
        Ok(ValuesWriter {
            out,
            written: header.len() as u64,
            pending: Vec::new(),
        })
    }

    /// Continues a file whose first `written` bytes are there (the caller
    /// has positioned `out` after them): the values written next follow
    /// the [`ValuesReader::count`] values it holds.
    pub fn resume(out: W, written: u64) -> Self {
        ValuesWriter {
            out,
            written,
            pending: Vec::new(),
        }
    }

    /// Bytes written so far: the header and the whole blocks.
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Adds `values`, writing every block they fill.
    pub fn write(&mut self, mut values: &[u32]) -> io::Result<()> {
        while !values.is_empty() {
            let take = BLOCK.saturating_sub(self.pending.len()).min(values.len());
            self.pending.extend_from_slice(&values[..take]);
            values = &values[take..];
            if self.pending.len() >= BLOCK {
                self.put_pending()?;
            }
        }
        Ok(())
    }

    /// Writes the values waiting as a block.
    fn put_pending(&mut self) -> io::Result<()> {
        if !self.pending.is_empty() {
            let bytes = encode(&self.pending);
            self.out.write_all(&bytes)?;
            self.written += bytes.len() as u64;
            self.pending.clear();
        }
        Ok(())
    }

    /// Flushes the whole blocks written (the values of the block begun
    /// stay in memory).
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// Writes the last block, flushes and gives back the writer.
    pub fn into_inner(mut self) -> io::Result<W> {
        self.put_pending()?;
        self.out.flush()?;
        Ok(self.out)
    }

    /// The writer underneath.
    pub fn get_ref(&self) -> &W {
        &self.out
    }
}

/// The bytes of one block of `values` (at most [`MAX_BLOCK`]).
fn encode(values: &[u32]) -> Vec<u8> {
    let width = width(values);
    let mut bytes = Vec::with_capacity(5 + values.len() * width as usize);
    bytes.extend_from_slice(&(values.len() as u32).to_le_bytes());
    bytes.push(width);
    for v in values {
        bytes.extend_from_slice(&v.to_le_bytes()[..width as usize]);
    }
    bytes
}

/// The fewest bytes (1, 2 or 4) that hold every value.
fn width(values: &[u32]) -> u8 {
    match values.iter().copied().max().unwrap_or(0) {
        0..=0xff => 1,
        0x100..=0xffff => 2,
        _ => 4,
    }
}

/// The header of a file for `code`.
pub fn header(code: &str) -> Vec<u8> {
    let mut h = Vec::with_capacity(16 + code.len());
    h.extend_from_slice(&FORMAT.header());
    h.extend_from_slice(&(code.len() as u32).to_le_bytes());
    h.extend_from_slice(code.as_bytes());
    h
}

/// A values file opened for reading.
pub struct ValuesReader<R: Read + Seek> {
    input: R,
    code: String,
    start: u64,
}

impl<R: Read + Seek> ValuesReader<R> {
    /// Reads and checks the header.
    pub fn open(mut input: R) -> Result<Self, ValuesFileError> {
        let mut head = [0u8; HEADER + 4];
        let got = fill(&mut input, &mut head)?;
        FORMAT
            .check(&head[..got], head.len())
            .map_err(|e| match e {
                HeaderError::Foreign => ValuesFileError::Foreign,
                HeaderError::Short => damaged(got as u64, "the header is cut short"),
                HeaderError::Version(v) => ValuesFileError::Version(v),
            })?;
        let length = u32::from_le_bytes(head[12..16].try_into().expect("4 bytes"));
        if length > 256 {
            return Err(damaged(12, "the code is longer than 256 bytes"));
        }
        let mut code = vec![0u8; length as usize];
        if fill(&mut input, &mut code)? < code.len() {
            return Err(damaged(16, "the code is cut short"));
        }
        let code = String::from_utf8(code).map_err(|_| damaged(16, "the code is not UTF-8"))?;
        Ok(ValuesReader {
            input,
            code,
            start: 16 + u64::from(length),
        })
    }

    /// The code the file was written for.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// Calls `each(n, G(n))` for n in `from..from + count` that the file
    /// holds, in order; returns how many it found.
    pub fn read_range(
        &mut self,
        from: u64,
        count: u64,
        each: &mut dyn FnMut(u64, u32) -> io::Result<()>,
    ) -> Result<u64, ValuesFileError> {
        let end = from.saturating_add(count);
        let mut at = self.start;
        let mut heap = 0u64;
        self.input.seek(SeekFrom::Start(at))?;
        let mut found = 0;
        let mut block = Vec::new();
        while heap < end {
            let Some((size, width)) = self.block_head(at)? else {
                break;
            };
            let bytes = size * u64::from(width);
            if heap + size <= from {
                // The whole block lies before the range.
                let next = at + 5 + bytes;
                let there = self.input.seek(SeekFrom::Start(next))?;
                let length = self.input.seek(SeekFrom::End(0))?;
                if length < next {
                    return Err(damaged(at, "a block is cut short"));
                }
                self.input.seek(SeekFrom::Start(there))?;
            } else {
                block.resize(bytes as usize, 0);
                if fill(&mut self.input, &mut block)? < block.len() {
                    return Err(damaged(at, "a block is cut short"));
                }
                for (i, chunk) in block.chunks_exact(width as usize).enumerate() {
                    let n = heap + i as u64;
                    if n >= from && n < end {
                        let mut le = [0u8; 4];
                        le[..chunk.len()].copy_from_slice(chunk);
                        each(n, u32::from_le_bytes(le))?;
                        found += 1;
                    }
                }
            }
            at += 5 + bytes;
            heap += size;
        }
        Ok(found)
    }

    /// The head of the block at `at` (the input positioned there): its
    /// count and width, checked; `None` at the end of the file.
    fn block_head(&mut self, at: u64) -> Result<Option<(u64, u8)>, ValuesFileError> {
        let mut head = [0u8; 5];
        match fill(&mut self.input, &mut head)? {
            0 => return Ok(None),
            5 => {}
            _ => return Err(damaged(at, "a block header is cut short")),
        }
        let size = u32::from_le_bytes(head[..4].try_into().expect("4 bytes")) as u64;
        let width = head[4];
        if size == 0 || size > MAX_BLOCK as u64 || !matches!(width, 1 | 2 | 4) {
            return Err(damaged(
                at,
                &format!("a block of {size} values of {width} bytes"),
            ));
        }
        Ok(Some((size, width)))
    }

    /// How many values the file holds (every block is checked as
    /// [`read_range`](ValuesReader::read_range) checks it): where a
    /// resumed [`ValuesWriter`] goes on.
    pub fn count(&mut self) -> Result<u64, ValuesFileError> {
        let length = self.input.seek(SeekFrom::End(0))?;
        let (mut at, mut count) = (self.start, 0);
        loop {
            self.input.seek(SeekFrom::Start(at))?;
            let Some((size, width)) = self.block_head(at)? else {
                break;
            };
            at += 5 + size * u64::from(width);
            if at > length {
                return Err(damaged(at, "a block is cut short"));
            }
            count += size;
        }
        Ok(count)
    }
}

fn damaged(at: u64, what: &str) -> ValuesFileError {
    ValuesFileError::Damaged {
        at,
        what: what.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn read_all(bytes: &[u8], from: u64, count: u64) -> Result<Vec<(u64, u32)>, ValuesFileError> {
        let mut reader = ValuesReader::open(Cursor::new(bytes))?;
        let mut got = Vec::new();
        reader.read_range(from, count, &mut |n, v| {
            got.push((n, v));
            Ok(())
        })?;
        Ok(got)
    }

    #[test]
    fn values_of_every_width_come_back_in_any_range() {
        let mut writer = ValuesWriter::create(Vec::new(), "0.161").unwrap();
        let values: Vec<u32> = (0..5000u32).map(|i| i * i % 70_001).collect();
        writer.write(&values[..100]).unwrap(); // below 2^16? mixed widths
        writer.write(&[1, 2, 3]).unwrap(); // one byte
        writer.write(&values[103..]).unwrap();
        // Fewer than a block: they wait for the end.
        assert_eq!(writer.written(), header("0.161").len() as u64);
        let bytes = writer.into_inner().unwrap();
        assert_eq!(bytes.len(), header("0.161").len() + 5 + 4 * 5000);
        let mut all = values.clone();
        all[100..103].copy_from_slice(&[1, 2, 3]);
        let reader = ValuesReader::open(Cursor::new(&bytes)).unwrap();
        assert_eq!(reader.code(), "0.161");
        for (from, count) in [(0, 5000), (99, 6), (101, 1), (4990, 100), (6000, 5)] {
            let got = read_all(&bytes, from, count).unwrap();
            let want: Vec<(u64, u32)> = (from..(from + count).min(5000))
                .map(|n| (n, all[n as usize]))
                .collect();
            assert_eq!(got, want, "{from}+{count}");
        }
        // The one-byte block is one byte per value.
        let small = {
            let mut w = ValuesWriter::create(Vec::new(), "0.6").unwrap();
            w.write(&[255; 10]).unwrap();
            w.into_inner().unwrap()
        };
        assert_eq!(small.len(), header("0.6").len() + 5 + 10);
    }

    #[test]
    fn damaged_files_are_refused() {
        let mut writer = ValuesWriter::create(Vec::new(), "0.6").unwrap();
        writer.write(&[0, 1, 2, 300]).unwrap();
        let bytes = writer.into_inner().unwrap();
        assert!(matches!(
            read_all(b"not a file at all", 0, 1),
            Err(ValuesFileError::Foreign)
        ));
        let mut version = bytes.clone();
        version[8] = 9;
        assert!(matches!(
            read_all(&version, 0, 1),
            Err(ValuesFileError::Version(9))
        ));
        let cut = &bytes[..bytes.len() - 1];
        let err = read_all(cut, 0, 10).unwrap_err();
        assert!(err.to_string().contains("cut short"), "{err}");
        let mut width = bytes.clone();
        width[header("0.6").len() + 4] = 3;
        let err = read_all(&width, 0, 10).unwrap_err();
        assert!(err.to_string().contains("of 3 bytes"), "{err}");
        // Counts of 0 and past MAX_BLOCK are refused; MAX_BLOCK is read.
        let at = header("0.6").len();
        for count in [0, MAX_BLOCK as u32 + 1] {
            let mut sized = bytes.clone();
            sized[at..at + 4].copy_from_slice(&count.to_le_bytes());
            let err = read_all(&sized, 0, 10).unwrap_err();
            assert!(
                err.to_string()
                    .contains(&format!("a block of {count} values")),
                "{err}"
            );
            let mut reader = ValuesReader::open(Cursor::new(&sized)).unwrap();
            assert!(reader.count().is_err());
        }
        let mut most = header("0.6");
        most.extend_from_slice(&encode(&vec![7; MAX_BLOCK]));
        let mut reader = ValuesReader::open(Cursor::new(&most)).unwrap();
        assert_eq!(reader.count().unwrap(), MAX_BLOCK as u64);
        assert_eq!(
            read_all(&most, MAX_BLOCK as u64 - 1, 5).unwrap(),
            [(MAX_BLOCK as u64 - 1, 7)]
        );
        assert_eq!(read_all(&bytes, 0, 10).unwrap().len(), 4);
    }

    /// The bytes of `values` written to a file for 0.6 in writes of the
    /// given lengths, flushed after each.
    fn written_in(values: &[u32], cuts: &[usize], flush: bool) -> Vec<u8> {
        // A buffer larger than the file: only a flush passes bytes on.
        let out = io::BufWriter::with_capacity(1 << 22, Vec::new());
        let mut writer = ValuesWriter::create(out, "0.6").unwrap();
        let mut at = 0;
        for &cut in cuts.iter().cycle() {
            if at == values.len() {
                break;
            }
            let end = (at + cut).min(values.len());
            writer.write(&values[at..end]).unwrap();
            if flush {
                writer.flush().unwrap();
                // Whole blocks only, and every one of them.
                let file = writer.get_ref().get_ref();
                assert_eq!(writer.written(), file.len() as u64);
                let mut reader = ValuesReader::open(Cursor::new(file)).unwrap();
                assert_eq!(reader.count().unwrap(), (end / BLOCK * BLOCK) as u64);
            }
            at = end;
        }
        writer.into_inner().unwrap().into_inner().unwrap()
    }

    #[test]
    fn a_files_bytes_depend_on_its_values_only() {
        // Widths grow within a block (1, then 2, then 4 bytes a value).
        let values: Vec<u32> = (0..3 * BLOCK as u32 + 1234)
            .map(|i| {
                if i % 50_000 == 49_999 {
                    70_000 + i
                } else {
                    i % 300
                }
            })
            .collect();
        let whole = written_in(&values, &[values.len()], false);
        let mut reader = ValuesReader::open(Cursor::new(&whole)).unwrap();
        assert_eq!(reader.count().unwrap(), values.len() as u64);
        // Three blocks of BLOCK values (4 bytes a value: each holds a value
        // past 2^16), then the rest (2 bytes a value).
        let blocks = 5 * 4 + 3 * 4 * BLOCK + 2 * 1234;
        assert_eq!(whole.len(), header("0.6").len() + blocks);
        for (cuts, flush) in [
            (&[1usize][..], false),
            (&[7, 65_535, 3, 100_000], true),
            (&[BLOCK], true),
            (&[40_000, 1], true),
        ] {
            let got = written_in(&values, cuts, flush);
            assert!(got == whole, "writes of {cuts:?}, flushed: {flush}");
        }
        let n = values.len() as u64;
        let got = read_all(&whole, 0, n).unwrap();
        assert!(got.iter().map(|&(_, v)| v).eq(values.iter().copied()));
    }

    #[test]
    fn a_file_resumed_anywhere_ends_as_one_written_at_once() {
        let values: Vec<u32> = (0..2 * BLOCK as u32 + 500).map(|i| i % 1000).collect();
        let whole = written_in(&values, &[values.len()], false);
        for stop in [0, 1, 999, BLOCK - 1, BLOCK, BLOCK + 1, 2 * BLOCK + 499] {
            // A run flushed (a checkpoint) after `stop` values, the bytes
            // it had written kept...
            let mut first = ValuesWriter::create(Vec::new(), "0.6").unwrap();
            first.write(&values[..stop]).unwrap();
            first.flush().unwrap();
            let length = first.written();
            let mut file = first.get_ref().clone();
            // ...and killed after writing more (cut back on resuming).
            first.write(&values[stop..]).unwrap();
            assert!(first.into_inner().unwrap().starts_with(&file));
            file.truncate(length as usize);
            let held = ValuesReader::open(Cursor::new(&file))
                .unwrap()
                .count()
                .unwrap();
            assert_eq!(held, (stop / BLOCK * BLOCK) as u64, "after {stop}");
            let mut resumed = ValuesWriter::resume(file, length);
            assert_eq!(resumed.written(), length, "after {stop}");
            resumed.write(&values[held as usize..]).unwrap();
            let got = resumed.into_inner().unwrap();
            assert!(got == whole, "resumed after {stop} values");
        }
        // A file without blocks holds no values; a cut block is refused.
        let empty = written_in(&[], &[1], false);
        let mut reader = ValuesReader::open(Cursor::new(&empty)).unwrap();
        assert_eq!(reader.count().unwrap(), 0);
        let cut = &whole[..whole.len() - 1];
        let err = ValuesReader::open(Cursor::new(cut))
            .unwrap()
            .count()
            .unwrap_err();
        assert!(err.to_string().contains("cut short"), "{err}");
    }
}
