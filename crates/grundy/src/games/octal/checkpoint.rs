//! The state of a [`LongRun`], saved and read back.
//!
//! The format (version 1), every integer little-endian:
//!
//! | bytes | what |
//! | --- | --- |
//! | 8 | `GRUNDYCK` |
//! | 4 | format version (1) |
//! | 8 | length L of the body |
//! | L | the body (below) |
//! | 4 | CRC-32 (IEEE) of the body |
//!
//! The body: the code (u32 length, UTF-8), the memory plan (four u64:
//! window after, prefix, window, full limit), the caller's target and
//! values-file length (two u64), the digest (u64), the period (u8 flag,
//! u64 period, u64 preperiod), the next period check (u64), the sparse
//! space (u32 mask, 0 for none; u64 count; that many u32 heaps, then
//! their u32 values), the histogram (u64 count, that many u64), and the
//! store (u64 count and u32 values of the head; u64 window; u64 base; u64
//! count and u32 values of the tail).
//!
//! A file is trusted only if every check passes: the magic, the version,
//! the length, the checksum, then that every part is consistent with the
//! others (counts within the file, values within the histogram, rare heaps
//! among the values computed). Nothing is allocated beyond what the file
//! itself holds.

use std::io::{self, Read, Write};

use crate::persist::{self, Format, HeaderError};

use super::code::OctalCode;
use super::period::Periodicity;
use super::run::{LongRun, Memory};
use super::sparse::{Engine, Sparse};
use super::store::Store;

/// The checkpoint format's version.
pub const VERSION: u32 = 1;
/// How a checkpoint begins.
pub const FORMAT: Format = Format {
    magic: b"GRUNDYCK",
    version: VERSION,
};

/// A run and what its caller keeps with it.
pub struct Checkpoint {
    /// The computation.
    pub run: LongRun,
    /// How many values the caller wants in all.
    pub upto: u64,
    /// How many bytes of values the caller had written (its values file).
    pub values_bytes: u64,
}

/// Why a checkpoint was refused.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// Reading failed.
    #[error("cannot read the checkpoint: {0}")]
    Io(#[from] io::Error),
    /// Not a grundy checkpoint at all.
    #[error("not a grundy checkpoint (it does not start with GRUNDYCK)")]
    Foreign,
    /// Written by another version of the format.
    #[error("checkpoint format version {0}; this grundy reads version {VERSION}")]
    Version(u32),
    /// Shorter or longer than it says.
    #[error("the checkpoint is truncated or has bytes after its end ({0})")]
    Length(String),
    /// The checksum does not match.
    #[error("the checkpoint is damaged: its checksum does not match")]
    Checksum,
    /// Checksummed but inconsistent.
    #[error("the checkpoint is inconsistent: {0}")]
    Inconsistent(String),
}

impl Checkpoint {
    /// Writes the checkpoint.
    pub fn save(&self, out: &mut dyn Write) -> io::Result<()> {
        Self::save_parts(&self.run, self.upto, self.values_bytes, out)
    }

    /// Writes a checkpoint of `run` without taking it.
    pub fn save_parts(
        run: &LongRun,
        upto: u64,
        values_bytes: u64,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let body = body(run, upto, values_bytes);
        out.write_all(&FORMAT.header())?;
        out.write_all(&(body.len() as u64).to_le_bytes())?;
        out.write_all(&body)?;
        out.write_all(&persist::crc32(&body).to_le_bytes())?;
        Ok(())
    }
}

fn body(run: &LongRun, upto: u64, values_bytes: u64) -> Vec<u8> {
    let engine = &run.engine;
    let mut b = Bytes::default();
    let code = run.code.to_string();
    b.u32(code.len() as u32);
    b.0.extend_from_slice(code.as_bytes());
    let m = run.memory;
    for x in [m.window_after, m.prefix, m.window, m.full_limit] {
        b.u64(x);
    }
    b.u64(upto);
    b.u64(values_bytes);
    b.u64(run.digest);
    match run.periodicity {
        Some(p) => {
            b.0.push(1);
            b.u64(p.period as u64);
            b.u64(p.preperiod as u64);
        }
        None => {
            b.0.push(0);
            b.u64(0);
            b.u64(0);
        }
    }
    b.u64(run.next_check);
    match &engine.sparse {
        Some(s) => {
            b.u32(s.mask);
            b.u64(s.rare_heaps.len() as u64);
            s.rare_heaps.iter().for_each(|&x| b.u32(x));
            s.rare_values.iter().for_each(|&x| b.u32(x));
        }
        None => {
            b.u32(0);
            b.u64(0);
        }
    }
    b.u64(engine.histogram.len() as u64);
    engine.histogram.iter().for_each(|&x| b.u64(x));
    let store = &engine.store;
    b.u64(store.head.len() as u64);
    store.head.iter().for_each(|&x| b.u32(x));
    b.u64(store.window as u64);
    b.u64(store.base as u64);
    b.u64(store.tail.len() as u64);
    store.tail.iter().for_each(|&x| b.u32(x));
    b.0
}

impl Checkpoint {
    /// Reads a checkpoint, refusing anything not exactly as written by
    /// [`Checkpoint::save`].
    pub fn load(input: &mut dyn Read) -> Result<Checkpoint, CheckpointError> {
        let mut header = [0u8; persist::HEADER + 8];
        let got = persist::fill(input, &mut header)?;
        FORMAT
            .check(&header[..got], header.len())
            .map_err(|e| match e {
                HeaderError::Foreign => CheckpointError::Foreign,
                HeaderError::Short => CheckpointError::Length("the header is cut short".into()),
                HeaderError::Version(v) => CheckpointError::Version(v),
            })?;
        let length = u64::from_le_bytes(header[12..20].try_into().expect("8 bytes"));
        // Read what is there (never trusting `length` for an allocation).
        let mut rest = Vec::new();
        input.read_to_end(&mut rest)?;
        if rest.len() as u64 != length.saturating_add(4) {
            return Err(CheckpointError::Length(format!(
                "the header says {} bytes follow, the file has {}",
                length.saturating_add(4),
                rest.len()
            )));
        }
        let (body, sum) = rest.split_at(rest.len() - 4);
        if persist::crc32(body).to_le_bytes() != sum {
            return Err(CheckpointError::Checksum);
        }
        parse(body).map_err(CheckpointError::Inconsistent)
    }
}

#[derive(Default)]
struct Bytes(Vec<u8>);

impl Bytes {
    fn u32(&mut self, x: u32) {
        self.0.extend_from_slice(&x.to_le_bytes());
    }
    fn u64(&mut self, x: u64) {
        self.0.extend_from_slice(&x.to_le_bytes());
    }
}

struct Reader<'a> {
    rest: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, k: usize, what: &str) -> Result<&'a [u8], String> {
        if self.rest.len() < k {
            return Err(format!("{what} runs past the end"));
        }
        let (head, rest) = self.rest.split_at(k);
        self.rest = rest;
        Ok(head)
    }
    fn u8(&mut self, what: &str) -> Result<u8, String> {
        Ok(self.take(1, what)?[0])
    }
    fn u32(&mut self, what: &str) -> Result<u32, String> {
        Ok(u32::from_le_bytes(
            self.take(4, what)?.try_into().expect("4 bytes"),
        ))
    }
    fn u64(&mut self, what: &str) -> Result<u64, String> {
        Ok(u64::from_le_bytes(
            self.take(8, what)?.try_into().expect("8 bytes"),
        ))
    }
    /// A count of items of `size` bytes, checked against what is left.
    fn count(&mut self, size: usize, what: &str) -> Result<usize, String> {
        let count = self.u64(what)?;
        if count > (self.rest.len() / size) as u64 {
            return Err(format!("{what}: {count} items do not fit in the file"));
        }
        Ok(count as usize)
    }
    fn u32s(&mut self, count: usize, what: &str) -> Result<Vec<u32>, String> {
        let bytes = self.take(4 * count, what)?;
        Ok(bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect())
    }
}

fn parse(body: &[u8]) -> Result<Checkpoint, String> {
    let mut r = Reader { rest: body };
    let length = r.u32("the code")? as usize;
    let code = std::str::from_utf8(r.take(length, "the code")?)
        .map_err(|_| "the code is not UTF-8".to_string())?;
    let code: OctalCode = code
        .parse()
        .map_err(|e| format!("the code {code:?}: {e}"))?;
    let memory = Memory {
        window_after: r.u64("the memory plan")?,
        prefix: r.u64("the memory plan")?,
        window: r.u64("the memory plan")?,
        full_limit: r.u64("the memory plan")?,
    };
    let sane = memory.prefix <= 1 << 28
        && memory.window <= 1 << 28
        && memory.window_after <= memory.full_limit
        && memory.full_limit <= 1 << 32;
    if !sane {
        return Err(format!("the memory plan {memory:?} is out of range"));
    }
    let upto = r.u64("the target")?;
    let values_bytes = r.u64("the values file's length")?;
    let digest = r.u64("the digest")?;
    let periodic = r.u8("the period")?;
    let (period, preperiod) = (r.u64("the period")?, r.u64("the period")?);
    let periodicity = match periodic {
        0 => None,
        1 if period >= 1 => Some(Periodicity {
            period: period as usize,
            preperiod: preperiod as usize,
        }),
        _ => return Err("the period is malformed".into()),
    };
    let next_check = r.u64("the next check")?;
    let mask = r.u32("the sparse space")?;
    let rare = r.count(8, "the rare heaps")?;
    let rare_heaps = r.u32s(rare, "the rare heaps")?;
    let rare_values = r.u32s(rare, "the rare values")?;
    let buckets = r.count(8, "the histogram")?;
    let histogram = (0..buckets)
        .map(|_| r.u64("the histogram"))
        .collect::<Result<Vec<u64>, String>>()?;
    let heads = r.count(4, "the first values")?;
    let head = r.u32s(heads, "the first values")?;
    let window = r.u64("the window")?;
    let base = r.u64("the window's start")?;
    let tails = r.count(4, "the latest values")?;
    let tail = r.u32s(tails, "the latest values")?;
    if !r.rest.is_empty() {
        return Err(format!("{} bytes after the last part", r.rest.len()));
    }

    // Consistency.
    let store = if window == 0 {
        if base != 0 || !tail.is_empty() {
            return Err("a full store with a window's values".into());
        }
        Store {
            head,
            tail,
            base: 0,
            window: 0,
            prefix: 0,
        }
    } else {
        let fits = window == memory.window
            && tail.len() as u64 <= 2 * window
            && !tail.is_empty()
            && head.len() >= 2
            && head.len() as u64 <= memory.prefix
            && mask != 0;
        if !fits {
            return Err("the window does not match the memory plan".into());
        }
        Store {
            head,
            tail,
            base: base as usize,
            window: window as usize,
            prefix: memory.prefix as usize,
        }
    };
    let computed = store.len();
    let counted: u64 = histogram.iter().fold(0u64, |s, &c| s.saturating_add(c));
    if counted != computed.saturating_sub(1) as u64 {
        return Err(format!(
            "the histogram counts {counted} heaps, the values {}",
            computed.saturating_sub(1)
        ));
    }
    let in_range = |v: &u32| (*v as usize) < histogram.len().max(1);
    if !store.head.iter().chain(&store.tail).all(in_range) || !rare_values.iter().all(in_range) {
        return Err("a value lies outside the histogram".into());
    }
    let increasing = rare_heaps.windows(2).all(|w| w[0] < w[1])
        && rare_heaps
            .iter()
            .all(|&h| h >= 1 && (h as usize) < computed);
    if !increasing {
        return Err("the rare heaps are not increasing heaps already computed".into());
    }
    // The engine picks masks below twice the values' range; a mask's
    // lookup table is as large as its next power of two.
    if u64::from(mask) >= 2 * (histogram.len() as u64).max(1).next_power_of_two() {
        return Err(format!("the mask {mask} is beyond the values' range"));
    }
    if mask == 0 && !rare_heaps.is_empty() {
        return Err("rare heaps without a sparse space".into());
    }
    let mut engine = Engine::new(&code);
    engine.store = store;
    engine.histogram = histogram;
    engine.sparse = (mask != 0).then(|| Sparse::new(mask, rare_heaps, rare_values));
    Ok(Checkpoint {
        run: LongRun {
            code,
            engine,
            memory,
            digest,
            periodicity,
            next_check,
            threads: 1,
            alone_until: 0,
            paired: 0,
            strict: false,
            fell_back: None,
        },
        upto,
        values_bytes,
    })
}
