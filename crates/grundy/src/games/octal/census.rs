//! A census of many codes: each computed until its period is proven or a
//! limit is reached, summed up in one [`Entry`], and split into disjoint
//! shards that separate machines can compute and [`merge`] joins.
//!
//! A pattern is a code with `?` for any digit (`0.??`, `4.?7`): octal
//! digits 0–7, or hexadecimal 0–F when asked. Codes are listed in the
//! order of their digits, and shard `i` of `n` holds the codes whose place
//! in that list is `i − 1` modulo `n`: disjoint, deterministic, and mixing
//! slow codes and fast ones.

use std::collections::HashMap;

use super::code::OctalCode;
use super::run::{LongRun, Memory};
use super::sequence::Sequence;
use crate::pace;
use crate::platform::Stopwatch;
use crate::shared::Cancel;

/// Heaps compared when looking for codes with the same sequence.
const COMPARED: u64 = 1024;
/// Heaps left out at the start of the comparison (the first few values of
/// equivalent codes often differ).
const SKIPPED: u64 = 8;
/// Shifts tried between two sequences.
const SHIFTS: usize = 4;
/// The most values a survey computes between looks at its limit and its
/// cancel flag (fewer where values cost more: see [`Pacer`]).
const BATCH: u64 = 1 << 14;

/// A sparse space found in a sequence (see [`super`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SparseSpace {
    /// The mask: a value v is rare when `v & mask` has even weight.
    pub mask: u32,
    /// How many heaps (≥ 1) have a rare value.
    pub rare: u64,
    /// The largest heap with a rare value.
    pub last_rare: u64,
}

/// Another code whose sequence is this one's, shifted: G(n) = G'(n + shift)
/// on the heaps compared.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SameAs {
    /// The smallest such code.
    pub code: String,
    /// The shift, from −3 to 3.
    pub shift: i32,
}

/// One code's line of a census.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Its place in the pattern's list of codes, from 0.
    pub index: usize,
    /// The code.
    pub code: String,
    /// The proven period, if any.
    pub period: Option<u64>,
    /// Where the period starts, if proven.
    pub preperiod: Option<u64>,
    /// Values computed.
    pub computed: u64,
    /// The largest value computed.
    pub largest: u32,
    /// The sparse space of the values computed, when its rare heaps are
    /// fewer than the common ones (the split the engine uses, heap by heap
    /// where it pays).
    pub sparse: Option<SparseSpace>,
    /// The smallest code of the census with the same sequence up to a
    /// shift, if another has one.
    pub same_as: Option<SameAs>,
    /// Whether the census's time limit stopped this code before `upto`
    /// values or a proven period.
    #[serde(default, skip_serializing_if = "is_false")]
    pub timed_out: bool,
    /// Whether the census was interrupted (Ctrl-C, or a scheduler's
    /// SIGTERM) while this code ran: it is summed up as far as it got.
    #[serde(default, skip_serializing_if = "is_false")]
    pub interrupted: bool,
    /// Hashes of the sequence on heaps `8 + s … 8 + s + 1023` for shifts
    /// s = 0 … 3 (through the period past the values computed), in hex:
    /// how codes with the same sequence are found, also across shards.
    pub fingerprint: Vec<String>,
}

/// The first line of a census or of one of its shards.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// The pattern, as given (or the file of codes).
    pub census: String,
    /// Values computed at most per code.
    pub upto: u64,
    /// This shard, `[i, n]` (`[1, 1]` for a whole census).
    pub shard: [usize; 2],
    /// Codes in the whole census.
    pub codes: usize,
    /// Seconds each code may take, if limited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_limit: Option<u64>,
    /// A census of misère quotients (`grundy census --quotient`), whose
    /// lines are the quotients', not [`Entry`]s.
    #[serde(default, skip_serializing_if = "is_false")]
    pub quotient: bool,
}

/// A census line that knows its code's place in the census, which
/// [`merge_shards`] checks.
pub trait Indexed {
    /// The code's place in the pattern's list of codes, from 0.
    fn index(&self) -> usize;
}

impl Indexed for Entry {
    fn index(&self) -> usize {
        self.index
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// Why a pattern stands for no census.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PatternError {
    /// More than six `?`.
    #[error("`{pattern}` has {holes} `?`; at most 6 (a census of {most} codes)")]
    TooManyHoles {
        /// The pattern.
        pattern: String,
        /// Its `?`.
        holes: usize,
        /// The codes six `?` stand for in its radix.
        most: u64,
    },
    /// No point.
    #[error("`{0}` is not a pattern like 0.?? (digits or `?`, a point, digits or `?`)")]
    NoPoint(String),
    /// A code it stands for is not a code.
    #[error("`{pattern}` gives `{code}`: {reason}")]
    Code {
        /// The pattern.
        pattern: String,
        /// The code it gave.
        code: String,
        /// Why that is no code.
        reason: super::CodeError,
    },
    /// Every code it stands for allows no move.
    #[error("`{0}` stands for no code with a move")]
    NoMoves(String),
}

/// Why shards did not merge into one census.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// None was given.
    #[error("no shards to merge")]
    Nothing,
    /// A shard of another census or limit.
    #[error("shard {i}/{n} is of another census ({census} up to {upto} values, not {first_census} up to {first_upto})")]
    OtherCensus {
        /// The shard's number.
        i: usize,
        /// Its count of shards.
        n: usize,
        /// Its census.
        census: String,
        /// Its limit.
        upto: u64,
        /// The first shard's census.
        first_census: String,
        /// The first shard's limit.
        first_upto: u64,
    },
    /// A shard numbered outside the census's count.
    #[error("shard {i}/{count} does not belong to a census in {n} shards")]
    OutOfPlace {
        /// The shard's number.
        i: usize,
        /// Its count of shards.
        count: usize,
        /// The first shard's count.
        n: usize,
    },
    /// The same shard twice.
    #[error("shard {i}/{n} is given twice")]
    Twice {
        /// The shard's number.
        i: usize,
        /// The count of shards.
        n: usize,
    },
    /// A shard without all its codes.
    #[error("shard {i}/{n} does not hold its codes ({got} lines for {expected} codes): truncated or damaged")]
    Damaged {
        /// The shard's number.
        i: usize,
        /// The count of shards.
        n: usize,
        /// Its lines.
        got: usize,
        /// Its codes.
        expected: usize,
    },
    /// Shards not given.
    #[error("missing shards: {0}")]
    Missing(String),
}

/// Every code a pattern stands for, in the order of their digits; codes
/// that allow no move (all digits 0) are left out, and codes equal once
/// trailing zeros are dropped appear once.
pub fn expand(pattern: &str, hexadecimal: bool) -> Result<Vec<OctalCode>, PatternError> {
    let radix: u32 = if hexadecimal { 16 } else { 8 };
    let holes = pattern.chars().filter(|&c| c == '?').count();
    if holes > 6 {
        return Err(PatternError::TooManyHoles {
            pattern: pattern.to_string(),
            holes,
            most: u64::from(radix).pow(6),
        });
    }
    if !pattern.contains('.') {
        return Err(PatternError::NoPoint(pattern.to_string()));
    }
    let digit = |d: u32| char::from_digit(d, radix).map(|c| c.to_ascii_uppercase());
    let count = u64::from(radix).pow(holes as u32);
    let mut codes: Vec<OctalCode> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for k in 0..count {
        let mut rest = k;
        let mut digits: Vec<char> = Vec::with_capacity(holes);
        for _ in 0..holes {
            digits.push(digit((rest % u64::from(radix)) as u32).unwrap_or('0'));
            rest /= u64::from(radix);
        }
        // The last `?` varies fastest.
        digits.reverse();
        let mut next = digits.into_iter();
        let text: String = pattern
            .chars()
            .map(|c| {
                if c == '?' {
                    next.next().unwrap_or('0')
                } else {
                    c
                }
            })
            .collect();
        match text.parse::<OctalCode>() {
            Ok(code) => {
                if seen.insert(code.to_string()) {
                    codes.push(code);
                }
            }
            Err(super::CodeError::NoMoves) => {}
            Err(reason) => {
                return Err(PatternError::Code {
                    pattern: pattern.to_string(),
                    code: text,
                    reason,
                })
            }
        }
    }
    if codes.is_empty() {
        return Err(PatternError::NoMoves(pattern.to_string()));
    }
    Ok(codes)
}

/// The places (from 0) of shard `i` of `n` among `count` codes.
pub fn shard(count: usize, i: usize, n: usize) -> Vec<usize> {
    (0..count)
        .filter(|k| k % n.max(1) == i.wrapping_sub(1))
        .collect()
}

/// Computes `code` until its period is proven or `upto` values, and sums
/// it up (its place `index` in the census is kept).
pub fn survey(index: usize, code: &OctalCode, upto: usize) -> Entry {
    survey_within(index, code, upto, None, None)
}

/// [`survey`] within `limit`: a code still running then is summed up as
/// far as it got, marked [`Entry::timed_out`]; one still running when
/// `cancel` is raised, marked [`Entry::interrupted`]. Either is seen
/// within about [`pace::TARGET`] of a batch of values
/// (batches are sized by the clock).
pub fn survey_within(
    index: usize,
    code: &OctalCode,
    upto: usize,
    limit: Option<std::time::Duration>,
    cancel: Option<&Cancel>,
) -> Entry {
    survey_in(index, code, upto, limit, cancel, Memory::default())
}

/// [`survey_within`] in `memory`: a long run (as `grundy octal` makes
/// one), which keeps only a window once a sparse space allows it and then
/// looks for the period as the values stream by, so a line can carry a
/// period proven far past the values a full array holds.
pub fn survey_in(
    index: usize,
    code: &OctalCode,
    upto: usize,
    limit: Option<std::time::Duration>,
    cancel: Option<&Cancel>,
    memory: Memory,
) -> Entry {
    let start = Stopwatch::start();
    let mut run = LongRun::new(code, memory);
    let mut sink = Vec::new();
    let mut pacer = run.pacer(pace::TARGET, BATCH);
    let (mut timed_out, mut interrupted) = (false, false);
    let upto = upto as u64;
    while run.computed() < upto && run.periodicity().is_none() {
        if limit.is_some_and(|limit| start.elapsed() >= limit) {
            timed_out = true;
            break;
        }
        if cancel.is_some_and(Cancel::is_cancelled) {
            interrupted = true;
            break;
        }
        sink.clear();
        // A run that cannot go on (no window, and the full array at its
        // limit) is summed up as far as it got.
        if run.advance_paced(&mut pacer, upto, &mut sink).is_err() {
            break;
        }
    }
    if !timed_out && !interrupted {
        run.finish();
    }
    let entry = if run.is_windowed() {
        windowed_entry(index, code, &run)
    } else {
        let periodicity = run.periodicity();
        let values = run.into_values().unwrap_or_default();
        entry(
            index,
            code,
            &Sequence {
                values,
                periodicity,
            },
        )
    };
    Entry {
        timed_out,
        interrupted,
        ..entry
    }
}

/// The census line of a run that keeps only a window: the fingerprint from
/// the first values it keeps, the largest value from its histogram, and
/// the sparse space its engine computes by (every rare heap is kept).
fn windowed_entry(index: usize, code: &OctalCode, run: &LongRun) -> Entry {
    let first = Sequence {
        values: run.prefix_values().to_vec(),
        periodicity: run.periodicity(),
    };
    let sparse = run.sparse_space().map(|(mask, rare)| SparseSpace {
        mask,
        rare: rare.len() as u64,
        last_rare: rare.last().map_or(0, |&h| u64::from(h)),
    });
    Entry {
        computed: run.computed(),
        largest: run.largest(),
        sparse,
        ..entry(index, code, &first)
    }
}

/// The census line of a computed sequence.
pub fn entry(index: usize, code: &OctalCode, sequence: &Sequence) -> Entry {
    let values = &sequence.values;
    let fingerprint = (0..SHIFTS as u64)
        .map(|s| {
            let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
            for n in SKIPPED + s..SKIPPED + s + COMPARED {
                let v = sequence.value(n).map_or(u32::MAX, |v| v.value() as u32);
                for b in v.to_le_bytes() {
                    hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
                }
            }
            format!("{hash:016x}")
        })
        .collect();
    Entry {
        index,
        code: code.to_string(),
        period: sequence.periodicity.map(|p| p.period as u64),
        preperiod: sequence.periodicity.map(|p| p.preperiod as u64),
        computed: values.len() as u64,
        largest: values.iter().copied().max().unwrap_or(0),
        sparse: sparse_space(values),
        same_as: None,
        timed_out: false,
        interrupted: false,
        fingerprint,
    }
}

/// The mask leaving the fewest heaps (≥ 1) rare (on a tie the largest), if
/// fewer heaps are rare than common.
fn sparse_space(values: &[u32]) -> Option<SparseSpace> {
    if values.len() < 64 {
        return None;
    }
    let largest = values.iter().copied().max().unwrap_or(0);
    let masks = (2 * (largest as u64 + 1)).next_power_of_two().min(1 << 16) as u32;
    let mut histogram = vec![0u64; largest as usize + 1];
    for &v in &values[1..] {
        histogram[v as usize] += 1;
    }
    let rare = |mask: u32| -> u64 {
        histogram
            .iter()
            .enumerate()
            .filter(|&(v, _)| (v as u32 & mask).count_ones().is_multiple_of(2))
            .map(|(_, &c)| c)
            .sum()
    };
    let (count, mask) = (1..masks)
        .map(|mask| (rare(mask), mask))
        .min_by_key(|&(count, mask)| (count, std::cmp::Reverse(mask)))?;
    if count * 2 >= values.len() as u64 {
        return None;
    }
    let last_rare = (1..values.len())
        .rev()
        .find(|&n| (values[n] & mask).count_ones().is_multiple_of(2))
        .map_or(0, |n| n as u64);
    Some(SparseSpace {
        mask,
        rare: count,
        last_rare,
    })
}

/// The sparse space of a sequence G(0), G(1), … (the mask leaving the
/// fewest heaps rare, if fewer heaps are rare than common, from 64 values
/// on) in the wire format: its mask and every heap (≥ 1) with a rare value.
pub fn sparse_space_of(values: &[u32]) -> Option<crate::wire::SparseSpace> {
    let space = sparse_space(values)?;
    let rare_heaps = (1..values.len())
        .filter(|&n| (values[n] & space.mask).count_ones().is_multiple_of(2))
        .map(|n| n as u32)
        .collect();
    Some(crate::wire::SparseSpace {
        mask: space.mask,
        rare_heaps,
    })
}

/// Fills every entry's `same_as`: the smallest code (in the census's
/// order) whose sequence agrees with it on the heaps compared, shifted by
/// up to three heaps either way.
pub fn link_equivalents(entries: &mut [Entry]) {
    entries.sort_by_key(|e| e.index);
    let mut linker = Linker::default();
    for e in entries.iter_mut() {
        linker.link(e);
    }
}

/// [`link_equivalents`] one entry at a time, in the census's order: an
/// entry's `same_as` needs only the entries before it, so a census can
/// write each line as soon as the lines before it are written.
#[derive(Debug, Default)]
pub struct Linker {
    /// For each fingerprint seen, where it was first seen: the entry's
    /// place, the shift of the fingerprint in it and the entry's code.
    first: HashMap<String, (usize, usize, String)>,
    /// The entries linked so far.
    seen: usize,
}

impl Linker {
    /// Fills `entry.same_as` from the entries linked before it (the
    /// earliest whose fingerprint at some shift is one of its own), then
    /// remembers its fingerprints.
    pub fn link(&mut self, entry: &mut Entry) {
        // G_e(n + s) = G_o(n + t): shift t − s.
        let mut best: Option<(usize, i32, &String)> = None;
        for (s, hash) in entry.fingerprint.iter().enumerate() {
            if let Some((other, t, code)) = self.first.get(hash) {
                if best.is_none_or(|(b, _, _)| *other < b) {
                    best = Some((*other, *t as i32 - s as i32, code));
                }
            }
        }
        let link = best.map(|(_, shift, code)| SameAs {
            code: code.clone(),
            shift,
        });
        for (s, hash) in entry.fingerprint.iter().enumerate() {
            self.first
                .entry(hash.clone())
                .or_insert((self.seen, s, entry.code.clone()));
        }
        entry.same_as = link;
        self.seen += 1;
    }
}

/// Joins the shards of one census: all of the same census and limit, every
/// shard `1..=n` exactly once; the entries in order, with `same_as` found
/// across all of them.
pub fn merge(parts: Vec<(Header, Vec<Entry>)>) -> Result<(Header, Vec<Entry>), MergeError> {
    let (header, mut entries) = merge_shards(parts)?;
    link_equivalents(&mut entries);
    Ok((header, entries))
}

/// [`merge`] for lines of any kind (a census of quotients too): the
/// shards checked and their lines joined in the codes' order, nothing
/// linked.
pub fn merge_shards<E: Indexed>(
    parts: Vec<(Header, Vec<E>)>,
) -> Result<(Header, Vec<E>), MergeError> {
    let Some((first, _)) = parts.first() else {
        return Err(MergeError::Nothing);
    };
    let first = first.clone();
    let n = first.shard[1];
    let mut seen = vec![false; n];
    let mut entries = Vec::new();
    for (header, part) in parts {
        if header.census != first.census
            || header.upto != first.upto
            || header.codes != first.codes
            || header.time_limit != first.time_limit
            || header.quotient != first.quotient
        {
            let label = |h: &Header| {
                if h.quotient {
                    format!("misère quotients of {}", h.census)
                } else {
                    h.census.clone()
                }
            };
            return Err(MergeError::OtherCensus {
                i: header.shard[0],
                n: header.shard[1],
                census: label(&header),
                upto: header.upto,
                first_census: label(&first),
                first_upto: first.upto,
            });
        }
        let [i, count] = header.shard;
        if count != n || i == 0 || i > n {
            return Err(MergeError::OutOfPlace { i, count, n });
        }
        if std::mem::replace(&mut seen[i - 1], true) {
            return Err(MergeError::Twice { i, n });
        }
        let expected = shard(first.codes, i, n);
        let got: Vec<usize> = part.iter().map(Indexed::index).collect();
        if got != expected {
            return Err(MergeError::Damaged {
                i,
                n,
                got: got.len(),
                expected: expected.len(),
            });
        }
        entries.extend(part);
    }
    let missing: Vec<String> = (1..=n)
        .filter(|&i| !seen[i - 1])
        .map(|i| format!("{i}/{n}"))
        .collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing(missing.join(", ")));
    }
    entries.sort_by_key(Indexed::index);
    Ok((
        Header {
            shard: [1, 1],
            ..first
        },
        entries,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line with only a code and fingerprints (one per shift).
    fn line(index: usize, code: &str, fingerprint: [&str; 4]) -> Entry {
        Entry {
            index,
            code: code.into(),
            period: None,
            preperiod: None,
            computed: 0,
            largest: 0,
            sparse: None,
            same_as: None,
            timed_out: false,
            interrupted: false,
            fingerprint: fingerprint.map(String::from).to_vec(),
        }
    }

    /// Lines linked by hand: each to the earliest line sharing one of its
    /// fingerprints, with shift t − s for its fingerprint s equal to that
    /// line's t (the first such s when there are several).
    #[test]
    fn lines_link_to_the_earliest_line_with_a_fingerprint_of_theirs() {
        let lines = [
            line(0, "A", ["a0", "a1", "a2", "a3"]),
            // Its s = 1 is A's t = 0.
            line(1, "B", ["x", "a0", "y", "z"]),
            // B's x at s = 0, but A is earlier: A's a2 at s = 1 (shift 1),
            // found before A's a3 at s = 3 (shift 0).
            line(2, "C", ["x", "a2", "c", "a3"]),
            // x was first B's (C's x comes later).
            line(3, "D", ["d0", "d1", "x", "d3"]),
            line(4, "E", ["e0", "e1", "e2", "e3"]),
        ];
        let expected = [None, Some(("A", -1)), Some(("A", 1)), Some(("B", -2)), None];
        let linked = |entries: &[Entry]| -> Vec<Option<(String, i32)>> {
            entries
                .iter()
                .map(|e| e.same_as.as_ref().map(|s| (s.code.clone(), s.shift)))
                .collect()
        };
        let expected: Vec<_> = expected
            .iter()
            .map(|e| e.map(|(c, s)| (c.to_string(), s)))
            .collect();
        // One at a time, in order.
        let mut linker = Linker::default();
        let mut one_by_one = lines.to_vec();
        for e in &mut one_by_one {
            linker.link(e);
        }
        assert_eq!(linked(&one_by_one), expected);
        // All at once, in any order.
        let mut shuffled = vec![
            lines[3].clone(),
            lines[0].clone(),
            lines[4].clone(),
            lines[2].clone(),
            lines[1].clone(),
        ];
        link_equivalents(&mut shuffled);
        assert_eq!(linked(&shuffled), expected);
    }

    #[test]
    fn patterns_expand_in_digit_order() {
        let codes: Vec<String> = expand("0.?", false)
            .unwrap()
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(codes, ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"]);
        let two = expand("0.??", false).unwrap();
        assert_eq!(two.len(), 63);
        assert_eq!(two[0].to_string(), "0.01");
        assert_eq!(two[7].to_string(), "0.1", "0.10 is 0.1");
        assert_eq!(two.last().unwrap().to_string(), "0.77");
        assert_eq!(expand("0.?", true).unwrap().len(), 15);
        assert_eq!(expand("4.?", false).unwrap().len(), 8, "4.0 splits");
        assert!(expand("0.0", false).is_err());
        assert!(expand("0??", false).is_err());
        assert!(expand("0.???????", false).is_err());
    }

    /// A line of a census of some other kind: only its place.
    #[derive(Debug, PartialEq)]
    struct Place(usize);

    impl Indexed for Place {
        fn index(&self) -> usize {
            self.0
        }
    }

    #[test]
    fn shards_of_any_lines_merge_in_the_codes_order() {
        let header = |i: usize, quotient: bool| Header {
            census: "0.?".into(),
            upto: 30,
            shard: [i, 3],
            codes: 7,
            time_limit: None,
            quotient,
        };
        let part = |i: usize, quotient: bool| {
            let places = shard(7, i, 3).into_iter().map(Place).collect::<Vec<_>>();
            (header(i, quotient), places)
        };
        let (merged, lines) =
            merge_shards(vec![part(3, true), part(1, true), part(2, true)]).unwrap();
        assert_eq!(merged.shard, [1, 1]);
        assert!(merged.quotient);
        assert_eq!(lines, (0..7).map(Place).collect::<Vec<_>>());
        // A shard of the other kind, or with a line missing, is refused.
        let mixed = merge_shards(vec![part(1, true), part(2, false), part(3, true)]);
        assert!(
            matches!(&mixed, Err(MergeError::OtherCensus { i: 2, census, first_census, .. })
                if census == "0.?" && first_census == "misère quotients of 0.?"),
            "{mixed:?}"
        );
        // Another census by any one field of its header.
        let changes: [fn(&mut Header); 4] = [
            |h| h.census = "0.??".into(),
            |h| h.upto = 31,
            |h| h.codes = 8,
            |h| h.time_limit = Some(5),
        ];
        for change in changes {
            let (mut h, lines) = part(3, true);
            change(&mut h);
            let other = merge_shards(vec![part(1, true), part(2, true), (h, lines)]);
            assert!(
                matches!(other, Err(MergeError::OtherCensus { i: 3, .. })),
                "{other:?}"
            );
        }
        // Out of place: another count of shards, shard 0, or past the count.
        for shard in [[3, 4], [0, 3], [4, 3]] {
            let (mut h, lines) = part(3, true);
            h.shard = shard;
            let placed = merge_shards(vec![part(1, true), part(2, true), (h, lines)]);
            assert!(
                matches!(placed, Err(MergeError::OutOfPlace { .. })),
                "{shard:?}: {placed:?}"
            );
        }
        let (h, mut short) = part(2, true);
        short.pop();
        assert!(matches!(
            merge_shards(vec![part(1, true), (h, short), part(3, true)]),
            Err(MergeError::Damaged { i: 2, .. })
        ));
        assert!(matches!(
            merge_shards(vec![part(1, true), part(3, true)]),
            Err(MergeError::Missing(m)) if m == "2/3"
        ));
    }

    #[test]
    fn shards_are_disjoint_and_cover_the_census() {
        let mut all: Vec<usize> = (1..=4).flat_map(|i| shard(10, i, 4)).collect();
        all.sort_unstable();
        assert_eq!(all, (0..10).collect::<Vec<_>>());
        assert_eq!(shard(10, 2, 4), [1, 5, 9]);
        assert_eq!(shard(3, 1, 1), [0, 1, 2]);
    }

    /// A window of 2^14 values from heap 2^14 on.
    fn small() -> Memory {
        Memory {
            window_after: 1 << 14,
            prefix: 1 << 12,
            window: 1 << 14,
            reach: 1 << 18,
            early: 1 << 18,
            full_limit: 1 << 30,
        }
    }

    #[test]
    fn a_census_line_carries_a_period_proven_in_a_windowed_run() {
        // 0.16: period 149,459 from 105,351, proven once 509,621 values
        // are computed, long after the run keeps only a window.
        let c: OctalCode = "0.16".parse().unwrap();
        let full = survey(3, &c, 2_000_000);
        let windowed = survey_in(3, &c, 2_000_000, None, None, small());
        assert_eq!(
            (full.period, full.preperiod),
            (Some(149_459), Some(105_351))
        );
        assert_eq!(windowed.computed, 524_288, "fed at every 2^14 heaps");
        assert_eq!(
            Entry {
                computed: full.computed,
                ..windowed.clone()
            },
            full
        );
        // A code without a period: the same line either way, its sparse
        // space the engine's.
        let c: OctalCode = "0.161".parse().unwrap();
        let full = survey(0, &c, 200_000);
        let windowed = survey_in(0, &c, 200_000, None, None, small());
        assert_eq!(windowed, full);
        assert!(full.sparse.is_some_and(|s| s.rare > 0 && s.last_rare > 0));
        assert_eq!((full.period, full.computed), (None, 200_000));
        // A time limit already passed: nothing computed, marked.
        let stopped = survey_in(
            0,
            &c,
            200_000,
            Some(std::time::Duration::ZERO),
            None,
            small(),
        );
        assert!(stopped.timed_out);
        assert_eq!(stopped.computed, 0);
    }

    #[test]
    fn a_raised_cancel_flag_stops_a_survey_where_it_is() {
        let c: OctalCode = "0.161".parse().unwrap();
        let cancel = Cancel::new();
        cancel.cancel();
        let stopped = survey_within(0, &c, 200_000, None, Some(&cancel));
        assert!(stopped.interrupted && !stopped.timed_out);
        assert_eq!((stopped.computed, stopped.period), (0, None));
        // Not raised: the whole survey, unmarked.
        let whole = survey_within(0, &c, 20_000, None, Some(&Cancel::new()));
        assert!(!whole.interrupted);
        assert_eq!(whole, survey(0, &c, 20_000));
        assert_eq!(whole.computed, 20_000);
    }

    #[test]
    fn a_flag_raised_during_a_survey_stops_it_between_batches() {
        // 0.04 needs plain quadratic work: 200,000 values take seconds.
        let c: OctalCode = "0.04".parse().unwrap();
        let cancel = Cancel::new();
        let stopped = std::thread::scope(|scope| {
            let raise = scope.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(300));
                cancel.cancel();
            });
            let stopped = survey_within(0, &c, 200_000, None, Some(&cancel));
            raise.join().unwrap();
            stopped
        });
        assert!(stopped.interrupted, "{stopped:?}");
        assert!(
            stopped.computed > 0 && stopped.computed < 200_000,
            "{stopped:?}"
        );
    }
}
