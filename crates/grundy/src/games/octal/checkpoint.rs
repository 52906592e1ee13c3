//! The state of a [`LongRun`], saved and read back.
//!
//! The format (version 3), every integer little-endian:
//!
//! | bytes | what |
//! | --- | --- |
//! | 8 | `GRUNDYCK` |
//! | 4 | format version (3) |
//! | 8 | length L of the body |
//! | L | the body (below) |
//! | 4 | CRC-32 (IEEE) of the body |
//!
//! The body: the code (u32 length, UTF-8), the memory plan (six u64:
//! window after, prefix, window, reach, early, full limit), the caller's target and
//! values-file length (two u64), the digest (u64), the period (u8 flag,
//! u64 period, u64 preperiod), the next period check (u64), the sparse
//! space (u32 mask, 0 for none; u64 count; that many u32 heaps, then
//! their u32 values), the histogram (u64 count, that many u64), and the
//! store (u64 count and u32 values of the head; u64 window; u64 base; u64
//! count and u32 values of the tail; u64 count and u16 values of the ring,
//! oldest first: 0, or as many as the reach and the values computed
//! allow; u64 count and u16 values of the early values, likewise), and the
//! period search of a windowed run (u8 flag, 0 for none; then the first
//! heap fed, the heaps fed and the block's hash (three u64), the block's
//! values (32 u32), the candidates (u64 count; per candidate a u64 period,
//! a u8 flag for a known start and the u64 start), and the proposal
//! tables (per table a u64 count, then per slot a u64 hash and the u64
//! heaps fed when the block ended)).
//!
//! Versions 1 (grundy before the ring) and 2 (before the period search)
//! are read too: version 1's memory plan has no reach and no early values,
//! its store neither, and the run goes on without them; a windowed run of
//! either starts its period search afresh where it stopped.
//!
//! A file is trusted only if every check passes: the magic, the version,
//! the length, the checksum, then that every part is consistent with the
//! others (counts within the file, values within the histogram, rare heaps
//! among the values computed). Nothing is allocated beyond what the file
//! itself holds.

use std::io::{self, Read, Write};
use std::mem::take;

use crate::persist::{self, Format, HeaderError};

use super::code::OctalCode;
use super::period::Periodicity;
use super::period_search::{Candidate, PeriodSearch, BLOCK, CANDIDATES};
use super::run::{LongRun, Memory};
use super::sparse::{Engine, Sparse};
use super::store::Store;

/// The checkpoint format's version.
pub const VERSION: u32 = 3;
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
        // Written as it is made, twice over: once to count its bytes (the
        // header gives the length first), once to write them and their
        // checksum. The ring and the early values alone are 256 MiB: a
        // copy of the body in memory would double what the run holds.
        let mut count = Body::default();
        body(run, upto, values_bytes, &mut count);
        out.write_all(&FORMAT.header())?;
        out.write_all(&count.len.to_le_bytes())?;
        let mut write = Body {
            out: Some(out),
            ..Body::default()
        };
        body(run, upto, values_bytes, &mut write);
        if let Some(e) = write.failed {
            return Err(e);
        }
        let sum = write.crc.value();
        write.out.expect("a writer").write_all(&sum.to_le_bytes())
    }
}

fn body(run: &LongRun, upto: u64, values_bytes: u64, b: &mut Body) {
    let engine = &run.engine;
    let code = run.code.to_string();
    b.u32(code.len() as u32);
    b.put(code.as_bytes());
    let m = run.memory;
    for x in [
        m.window_after,
        m.prefix,
        m.window,
        m.reach,
        m.early,
        m.full_limit,
    ] {
        b.u64(x);
    }
    b.u64(upto);
    b.u64(values_bytes);
    b.u64(run.digest);
    match run.periodicity {
        Some(p) => {
            b.put(&[1]);
            b.u64(p.period as u64);
            b.u64(p.preperiod as u64);
        }
        None => {
            b.put(&[0]);
            b.u64(0);
            b.u64(0);
        }
    }
    b.u64(run.next_check);
    match &engine.sparse {
        Some(s) => {
            b.u32(s.mask);
            b.u64(s.rare_heaps.len() as u64);
            b.u32s(&s.rare_heaps);
            b.u32s(&s.rare_values);
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
    b.u32s(&store.head);
    b.u64(store.window as u64);
    b.u64(store.base as u64);
    b.u64(store.tail.len() as u64);
    b.u32s(&store.tail);
    b.u64(store.ring.len().min(store.len()) as u64);
    let mut ring = store.ring_in_order();
    loop {
        let mut chunk = [0u8; 4096];
        let mut used = 0;
        // The chunk first: zip then stops without taking a value it
        // has no room for.
        for (to, x) in chunk.chunks_exact_mut(2).zip(ring.by_ref()) {
            to.copy_from_slice(&x.to_le_bytes());
            used += 2;
        }
        if used == 0 {
            break;
        }
        b.put(&chunk[..used]);
    }
    b.u64(store.early.len() as u64);
    for part in store.early.chunks(2048) {
        let mut chunk = [0u8; 4096];
        for (x, to) in part.iter().zip(chunk.chunks_exact_mut(2)) {
            to.copy_from_slice(&x.to_le_bytes());
        }
        b.put(&chunk[..2 * part.len()]);
    }
    search_part(run, b);
}

/// How many bytes the period search takes at the end of a checkpoint's
/// body (1: none).
pub fn search_bytes(run: &LongRun) -> u64 {
    let mut count = Body::default();
    search_part(run, &mut count);
    count.len
}

fn search_part(run: &LongRun, b: &mut Body) {
    match &run.search {
        None => b.put(&[0]),
        Some(search) => {
            b.put(&[1]);
            b.u64(search.first);
            b.u64(search.fed);
            b.u64(search.hash);
            b.u32s(&search.recent);
            b.u64(search.candidates.len() as u64);
            for c in &search.candidates {
                b.u64(c.period);
                b.put(&[u8::from(c.start.is_some())]);
                b.u64(c.start.unwrap_or(0));
            }
            for table in &search.tables {
                b.u64(table.len() as u64);
                for &(hash, seen) in table {
                    b.u64(hash);
                    b.u64(seen);
                }
            }
        }
    }
}

/// Where a checkpoint's body goes: counted only, or written to `out` with
/// its checksum (the first error kept, and nothing written after it).
#[derive(Default)]
struct Body<'w> {
    out: Option<&'w mut dyn Write>,
    len: u64,
    crc: persist::Crc32,
    failed: Option<io::Error>,
}

impl Body<'_> {
    fn put(&mut self, bytes: &[u8]) {
        self.len += bytes.len() as u64;
        if let (Some(out), None) = (&mut self.out, &self.failed) {
            self.crc.update(bytes);
            if let Err(e) = out.write_all(bytes) {
                self.failed = Some(e);
            }
        }
    }
    fn u32(&mut self, x: u32) {
        self.put(&x.to_le_bytes());
    }
    fn u64(&mut self, x: u64) {
        self.put(&x.to_le_bytes());
    }
    fn u32s(&mut self, xs: &[u32]) {
        for part in xs.chunks(1024) {
            let mut chunk = [0u8; 4096];
            for (x, to) in part.iter().zip(chunk.chunks_exact_mut(4)) {
                to.copy_from_slice(&x.to_le_bytes());
            }
            self.put(&chunk[..4 * part.len()]);
        }
    }
}

impl Checkpoint {
    /// Reads a checkpoint, refusing anything not exactly as written by
    /// [`Checkpoint::save`].
    pub fn load(input: &mut dyn Read) -> Result<Checkpoint, CheckpointError> {
        let mut header = [0u8; persist::HEADER + 8];
        let got = persist::fill(input, &mut header)?;
        let version = match FORMAT.check(&header[..got], header.len()) {
            Ok(()) => VERSION,
            Err(HeaderError::Version(v @ (1 | 2))) => v,
            Err(HeaderError::Foreign) => return Err(CheckpointError::Foreign),
            Err(HeaderError::Short) => {
                return Err(CheckpointError::Length("the header is cut short".into()))
            }
            Err(HeaderError::Version(v)) => return Err(CheckpointError::Version(v)),
        };
        let length = u64::from_le_bytes(header[12..20].try_into().expect("8 bytes"));
        // The body is read as it comes (never trusting `length` or a count
        // for an allocation: arrays grow as their bytes arrive), then the
        // checksum decides before anything the body said.
        let mut r = Reader {
            input,
            left: length,
            crc: persist::Crc32::default(),
        };
        let parsed = parse(&mut r, version);
        let short = |e: io::Error| match e.kind() {
            io::ErrorKind::UnexpectedEof => CheckpointError::Length(format!(
                "the header says {} bytes follow, the file ends before",
                length.saturating_add(4)
            )),
            _ => CheckpointError::Io(e),
        };
        if let Err(Stop::Io(e)) = parsed {
            return Err(short(e));
        }
        // What the body holds past where its reading stopped.
        r.drain().map_err(short)?;
        let mut sum = [0u8; 4];
        r.input.read_exact(&mut sum).map_err(short)?;
        if persist::fill(r.input, &mut [0u8; 1])? != 0 {
            return Err(CheckpointError::Length(format!(
                "the file has bytes after the {} the header says follow",
                length.saturating_add(4)
            )));
        }
        if r.crc.value().to_le_bytes() != sum {
            return Err(CheckpointError::Checksum);
        }
        parsed.map_err(|e| match e {
            Stop::Bad(why) => CheckpointError::Inconsistent(why),
            Stop::Io(e) => CheckpointError::Io(e),
        })
    }
}

/// Why reading a body stopped: the input failed or ended, or the body
/// says something impossible.
enum Stop {
    Io(io::Error),
    Bad(String),
}

impl From<String> for Stop {
    fn from(why: String) -> Self {
        Stop::Bad(why)
    }
}

impl From<&str> for Stop {
    fn from(why: &str) -> Self {
        Stop::Bad(why.to_string())
    }
}

/// A body read from its input, `left` bytes of it still to come.
struct Reader<'r> {
    input: &'r mut dyn Read,
    left: u64,
    crc: persist::Crc32,
}

/// The most bytes read at once.
const CHUNK: usize = 1 << 16;

impl Reader<'_> {
    fn fill(&mut self, buf: &mut [u8], what: &str) -> Result<(), Stop> {
        if buf.len() as u64 > self.left {
            return Err(Stop::Bad(format!("{what} runs past the end")));
        }
        self.input.read_exact(buf).map_err(Stop::Io)?;
        self.left -= buf.len() as u64;
        self.crc.update(buf);
        Ok(())
    }
    /// `k` bytes, read a chunk at a time.
    fn take(&mut self, k: usize, what: &str) -> Result<Vec<u8>, Stop> {
        if k as u64 > self.left {
            return Err(Stop::Bad(format!("{what} runs past the end")));
        }
        let mut bytes = Vec::new();
        let mut buf = vec![0u8; CHUNK.min(k)];
        while bytes.len() < k {
            let part = &mut buf[..CHUNK.min(k - bytes.len())];
            self.fill(part, what)?;
            bytes.extend_from_slice(part);
        }
        Ok(bytes)
    }
    fn u8(&mut self, what: &str) -> Result<u8, Stop> {
        let mut b = [0u8; 1];
        self.fill(&mut b, what)?;
        Ok(b[0])
    }
    fn u32(&mut self, what: &str) -> Result<u32, Stop> {
        let mut b = [0u8; 4];
        self.fill(&mut b, what)?;
        Ok(u32::from_le_bytes(b))
    }
    fn u64(&mut self, what: &str) -> Result<u64, Stop> {
        let mut b = [0u8; 8];
        self.fill(&mut b, what)?;
        Ok(u64::from_le_bytes(b))
    }
    /// A count of items of `size` bytes, checked against what is left.
    fn count(&mut self, size: usize, what: &str) -> Result<usize, Stop> {
        let count = self.u64(what)?;
        if count > self.left / size as u64 {
            return Err(Stop::Bad(format!(
                "{what}: {count} items do not fit in the file"
            )));
        }
        Ok(count as usize)
    }
    fn u32s(&mut self, count: usize, what: &str) -> Result<Vec<u32>, Stop> {
        Ok(self
            .take(4 * count, what)?
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect())
    }
    /// `count` u16 values, converted a chunk at a time (no copy of the
    /// bytes as a whole).
    fn u16s(&mut self, count: usize, what: &str) -> Result<Vec<u16>, Stop> {
        if 2 * count as u64 > self.left {
            return Err(Stop::Bad(format!("{what} runs past the end")));
        }
        let mut values = Vec::new();
        let mut buf = vec![0u8; CHUNK.min(2 * count)];
        while values.len() < count {
            let part = &mut buf[..CHUNK.min(2 * (count - values.len()))];
            self.fill(part, what)?;
            values.extend(
                part.chunks_exact(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]])),
            );
        }
        Ok(values)
    }
    /// Reads (and checksums) the rest of the body.
    fn drain(&mut self) -> io::Result<()> {
        let mut buf = vec![0u8; CHUNK];
        while self.left > 0 {
            let part = &mut buf[..CHUNK.min(self.left as usize)];
            self.input.read_exact(part)?;
            self.crc.update(part);
            self.left -= part.len() as u64;
        }
        Ok(())
    }
}

/// The parts of a body as read, before they are checked against each
/// other.
struct Parts {
    code: OctalCode,
    memory: Memory,
    upto: u64,
    values_bytes: u64,
    digest: u64,
    periodicity: Option<Periodicity>,
    next_check: u64,
    mask: u32,
    rare_heaps: Vec<u32>,
    rare_values: Vec<u32>,
    histogram: Vec<u64>,
    head: Vec<u32>,
    window: u64,
    base: u64,
    tail: Vec<u32>,
    ring: Vec<u16>,
    early: Vec<u16>,
    search: Option<PeriodSearch>,
}

/// Reads a body of format `version`, checks its parts against each other
/// and builds the run it holds.
fn parse(r: &mut Reader, version: u32) -> Result<Checkpoint, Stop> {
    let mut parts = read_parts(r, version)?;
    if r.left != 0 {
        return Err(format!("{} bytes after the last part", r.left).into());
    }
    let store = store_of(&mut parts)?;
    check_values(&parts, &store)?;
    check_search(&parts, &store)?;
    let restart = parts.search.is_none() && store.is_windowed() && version < 3;
    let mut engine = Engine::new(&parts.code);
    engine.store = store;
    engine.histogram = parts.histogram;
    engine.sparse =
        (parts.mask != 0).then(|| Sparse::new(parts.mask, parts.rare_heaps, parts.rare_values));
    let mut checkpoint = Checkpoint {
        run: LongRun {
            code: parts.code,
            engine,
            memory: parts.memory,
            digest: parts.digest,
            periodicity: parts.periodicity,
            next_check: parts.next_check,
            threads: 1,
            alone_until: 0,
            paired: 0,
            strict: false,
            fell_back: None,
            search: parts.search,
            catching_up: None,
        },
        upto: parts.upto,
        values_bytes: parts.values_bytes,
    };
    if restart {
        // An older grundy kept no search: start one where the run stopped.
        checkpoint.run.start_search();
    }
    Ok(checkpoint)
}

/// The parts of a body in their order (version 1 has no ring, early values
/// or reach; version 2 no period search).
fn read_parts(r: &mut Reader, version: u32) -> Result<Parts, Stop> {
    let length = r.u32("the code")? as usize;
    let code = r.take(length, "the code")?;
    let code = std::str::from_utf8(&code).map_err(|_| "the code is not UTF-8".to_string())?;
    let code: OctalCode = code
        .parse()
        .map_err(|e| format!("the code {code:?}: {e}"))?;
    let memory = read_memory(r, version)?;
    let upto = r.u64("the target")?;
    let values_bytes = r.u64("the values file's length")?;
    let digest = r.u64("the digest")?;
    let periodicity = read_periodicity(r)?;
    let next_check = r.u64("the next check")?;
    let mask = r.u32("the sparse space")?;
    let rare = r.count(8, "the rare heaps")?;
    let rare_heaps = r.u32s(rare, "the rare heaps")?;
    let rare_values = r.u32s(rare, "the rare values")?;
    let buckets = r.count(8, "the histogram")?;
    let histogram = (0..buckets)
        .map(|_| r.u64("the histogram"))
        .collect::<Result<Vec<u64>, Stop>>()?;
    let heads = r.count(4, "the first values")?;
    let head = r.u32s(heads, "the first values")?;
    let window = r.u64("the window")?;
    let base = r.u64("the window's start")?;
    let tails = r.count(4, "the latest values")?;
    let tail = r.u32s(tails, "the latest values")?;
    let mut narrow = |what: &str| -> Result<Vec<u16>, Stop> {
        let count = if version >= 2 { r.count(2, what)? } else { 0 };
        r.u16s(count, what)
    };
    let ring = narrow("the ring")?;
    let early = narrow("the early values")?;
    let searched = if version >= 3 {
        r.u8("the period search")?
    } else {
        0
    };
    let search = match searched {
        0 => None,
        1 => Some(read_search(r, &code)?),
        _ => return Err("the period search is malformed".into()),
    };
    Ok(Parts {
        code,
        memory,
        upto,
        values_bytes,
        digest,
        periodicity,
        next_check,
        mask,
        rare_heaps,
        rare_values,
        histogram,
        head,
        window,
        base,
        tail,
        ring,
        early,
        search,
    })
}

/// The memory plan, refused when out of range.
fn read_memory(r: &mut Reader, version: u32) -> Result<Memory, Stop> {
    let since_v2 = |r: &mut Reader| -> Result<u64, Stop> {
        if version >= 2 {
            r.u64("the memory plan")
        } else {
            Ok(0)
        }
    };
    let window_after = r.u64("the memory plan")?;
    let prefix = r.u64("the memory plan")?;
    let window = r.u64("the memory plan")?;
    let reach = since_v2(r)?;
    let early = since_v2(r)?;
    let memory = Memory {
        window_after,
        prefix,
        window,
        reach,
        early,
        full_limit: r.u64("the memory plan")?,
    };
    let sane = memory.prefix <= 1 << 28
        && memory.window <= 1 << 28
        && memory.reach <= 1 << 28
        && memory.early <= 1 << 28
        && memory.window_after <= memory.full_limit
        && memory.full_limit <= 1 << 32;
    if !sane {
        return Err(format!("the memory plan {memory:?} is out of range").into());
    }
    Ok(memory)
}

/// The period proven, if any.
fn read_periodicity(r: &mut Reader) -> Result<Option<Periodicity>, Stop> {
    let periodic = r.u8("the period")?;
    let (period, preperiod) = (r.u64("the period")?, r.u64("the period")?);
    match periodic {
        0 => Ok(None),
        1 if period >= 1 => Ok(Some(Periodicity {
            period: period as usize,
            preperiod: preperiod as usize,
        })),
        _ => Err("the period is malformed".into()),
    }
}

/// The store the parts describe: every value, or a window of them with
/// the ring and early values that match the memory plan. The values move
/// from the parts to the store.
fn store_of(parts: &mut Parts) -> Result<Store, Stop> {
    let (memory, window) = (parts.memory, parts.window);
    let rings = parts.ring.len();
    let (head, tail) = (take(&mut parts.head), take(&mut parts.tail));
    let (ring, early) = (take(&mut parts.ring), take(&mut parts.early));
    if window == 0 {
        if parts.base != 0 || !tail.is_empty() || rings != 0 || !early.is_empty() {
            return Err("a full store with a window's values".into());
        }
        return Ok(Store {
            head,
            tail,
            base: 0,
            window: 0,
            prefix: 0,
            ring: Vec::new(),
            early: Vec::new(),
            early_limit: 0,
            reversed: Vec::new(),
            ..Store::default()
        });
    }
    let fits = window == memory.window
        && tail.len() as u64 <= 2 * window
        && !tail.is_empty()
        && head.len() >= 2
        && head.len() as u64 <= memory.prefix
        && parts.mask != 0;
    if !fits {
        return Err("the window does not match the memory plan".into());
    }
    let mut store = Store {
        head,
        tail,
        base: parts.base as usize,
        window: window as usize,
        prefix: memory.prefix as usize,
        ring: Vec::new(),
        early_limit: if early.is_empty() {
            0
        } else {
            memory.early as usize
        },
        early,
        reversed: Vec::new(),
        ..Store::default()
    };
    let len = store.len();
    // The early values: the first `early`, or every value while fewer
    // are computed; none at all once a value did not fit.
    if !store.early.is_empty() && store.early.len() as u64 != memory.early.min(len as u64) {
        return Err(format!(
            "{} early values, not the first {} of {len}",
            store.early.len(),
            memory.early
        )
        .into());
    }
    let more = store.early_limit.saturating_sub(store.early.len());
    store.early.reserve_exact(more);
    // A ring holds the last `reach` values, or every value while
    // fewer are computed; none at all once a value did not fit.
    if rings != 0 {
        if rings as u64 != memory.reach.min(len as u64) {
            return Err(format!(
                "the ring holds {rings} values, not the last {} of {len}",
                memory.reach
            )
            .into());
        }
        // In place: G(n) goes to slot n mod reach, for n from
        // len − rings on (a rotation when the ring is full; slot n
        // itself while fewer than reach values are computed).
        let reach = memory.reach as usize;
        let mut ring = ring;
        ring.resize(reach, 0);
        ring.rotate_right((len - rings) % reach);
        store.ring = ring;
    }
    Ok(store)
}

/// The histogram counts the values, every value lies within it, the rare
/// heaps are increasing heaps already computed, and the sparse space's
/// mask fits the values' range.
fn check_values(parts: &Parts, store: &Store) -> Result<(), Stop> {
    let histogram = &parts.histogram;
    let computed = store.len();
    let counted: u64 = histogram.iter().fold(0u64, |s, &c| s.saturating_add(c));
    if counted != computed.saturating_sub(1) as u64 {
        return Err(format!(
            "the histogram counts {counted} heaps, the values {}",
            computed.saturating_sub(1)
        )
        .into());
    }
    let in_range = |v: &u32| (*v as usize) < histogram.len().max(1);
    let ring_in_range = store
        .ring
        .iter()
        .chain(&store.early)
        .all(|&v| in_range(&u32::from(v)));
    if !store.head.iter().chain(&store.tail).all(in_range)
        || !parts.rare_values.iter().all(in_range)
        || !ring_in_range
    {
        return Err("a value lies outside the histogram".into());
    }
    let rare_heaps = &parts.rare_heaps;
    let increasing = rare_heaps.windows(2).all(|w| w[0] < w[1])
        && rare_heaps
            .iter()
            .all(|&h| h >= 1 && (h as usize) < computed);
    if !increasing {
        return Err("the rare heaps are not increasing heaps already computed".into());
    }
    // The engine picks masks below twice the values' range; a mask's
    // lookup table is as large as its next power of two.
    let mask = parts.mask;
    if u64::from(mask) >= 2 * (histogram.len() as u64).max(1).next_power_of_two() {
        return Err(format!("the mask {mask} is beyond the values' range").into());
    }
    if mask == 0 && !rare_heaps.is_empty() {
        return Err("rare heaps without a sparse space".into());
    }
    Ok(())
}

/// A period search kept matches the values computed: the values still to
/// feed are kept, and it never ran ahead of them.
fn check_search(parts: &Parts, store: &Store) -> Result<(), Stop> {
    let Some(search) = &parts.search else {
        return Ok(());
    };
    let computed = store.len();
    let view = store.view();
    // Only where the periodicity theorem holds would a period be claimed.
    let fits = store.is_windowed()
        && parts.code.periodicity_applies()
        && search.fed <= computed as u64
        && (search.fed as usize..computed).all(|i| view.get(i).is_some())
        && search
            .candidates
            .iter()
            .all(|c| c.period < search.fed && c.start.is_none_or(|s| s < search.fed))
        && search
            .tables
            .iter()
            .flatten()
            .all(|&(_, seen)| seen <= search.fed);
    if fits {
        Ok(())
    } else {
        Err("the period search does not match the values computed".into())
    }
}

/// The period search's part of a body.
fn read_search(r: &mut Reader, code: &OctalCode) -> Result<PeriodSearch, Stop> {
    let mut search = PeriodSearch::new(code.period_bound(), r.u64("the period search")?);
    search.fed = r.u64("the period search")?;
    search.hash = r.u64("the period search")?;
    let recent = r.u32s(BLOCK, "the period search")?;
    search.recent.copy_from_slice(&recent);
    let count = r.count(17, "the period candidates")?;
    if count > CANDIDATES || search.first > search.fed {
        return Err("the period search is malformed".into());
    }
    for _ in 0..count {
        let period = r.u64("the period candidates")?;
        let known = r.u8("the period candidates")?;
        let start = r.u64("the period candidates")?;
        if period == 0 || known > 1 {
            return Err("a period candidate is malformed".into());
        }
        search.candidates.push(Candidate {
            period,
            start: (known == 1).then_some(start),
        });
    }
    for table in &mut search.tables {
        let slots = r.count(16, "the proposal tables")?;
        if slots != table.len() {
            return Err(format!("a proposal table of {slots} slots, not {}", table.len()).into());
        }
        for slot in table.iter_mut() {
            *slot = (r.u64("the proposal tables")?, r.u64("the proposal tables")?);
        }
    }
    Ok(search)
}
