//! How far a stopped certificate check had read its document's heaps, and
//! its bytes, so that a later check of the same document goes on from
//! there: a check of hundreds of thousands of heaps takes minutes, and a
//! time limit or Ctrl-C should not lose them.
//!
//! The bytes ([`persist`](crate::persist), `GRUNDYQC`, version 1): the
//! header; the first heap not read (u64); the elements (u32); the classes
//! (u32); each class's image (u32), whether it has a move (u8), its least
//! heap (u64) and winning set (one u64 per 64 elements); then the CRC-32
//! of all before it (u32). Little-endian throughout.

use super::{Bits, Class};
use crate::persist::{self, Format, HEADER};

const FORMAT: Format = Format {
    magic: b"GRUNDYQC",
    version: 1,
};

/// How far a stopped check had read the heaps of its document: the first
/// heap it had not read, and the classes the heaps below it made (each
/// with the winning set its heaps share). What a heap read gave is all
/// the rest of the check needs of it, so a check given this reads on from
/// that heap ([`check_going_on`](super::check_going_on)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckProgress {
    /// The document's elements.
    pub(super) m: usize,
    /// The first heap not read.
    pub(super) heap: u64,
    /// The classes of the heaps below `heap`.
    pub(super) classes: Vec<Class>,
}

impl CheckProgress {
    /// The first heap the check had not read (it goes on from there).
    pub fn heap(&self) -> u64 {
        self.heap
    }

    /// Whether it can be a stopped check's of a document of `m` elements,
    /// `heaps` heaps to read and heap images `images`: its classes are of
    /// heaps it read, each of its heap's image and distinct, their sets of
    /// elements only. Else the check starts again.
    pub(super) fn fits(&self, m: usize, heaps: u64, images: &[u32]) -> bool {
        let words = m.div_ceil(64);
        let mut keys = std::collections::HashSet::new();
        self.m == m
            && self.heap >= 1
            && self.heap <= heaps
            && self.classes.iter().all(|c| {
                c.heap >= 1
                    && c.heap < self.heap
                    && images.get(c.heap as usize) == Some(&c.image)
                    && c.wins.0.len() == words
                    && c.wins
                        .0
                        .last()
                        .is_none_or(|&w| m.is_multiple_of(64) || w >> (m % 64) == 0)
                    && keys.insert((c.image, c.has_move))
            })
    }

    /// Its bytes, as the cache keeps them.
    pub fn to_bytes(&self) -> Vec<u8> {
        let words = self.m.div_ceil(64);
        let mut out = Vec::with_capacity(HEADER + 16 + self.classes.len() * (13 + 8 * words) + 4);
        out.extend_from_slice(&FORMAT.header());
        out.extend_from_slice(&self.heap.to_le_bytes());
        out.extend_from_slice(&(self.m as u32).to_le_bytes());
        out.extend_from_slice(&(self.classes.len() as u32).to_le_bytes());
        for c in &self.classes {
            out.extend_from_slice(&c.image.to_le_bytes());
            out.push(u8::from(c.has_move));
            out.extend_from_slice(&c.heap.to_le_bytes());
            for w in &c.wins.0 {
                out.extend_from_slice(&w.to_le_bytes());
            }
        }
        let crc = persist::crc32(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }

    /// Read back from [`CheckProgress::to_bytes`]; `None` for bytes that
    /// are not such a file whole (another kind or version, cut short,
    /// changed, or with bytes after it). The classes' count is checked
    /// against the file's length before anything is held for them.
    pub fn from_bytes(bytes: &[u8]) -> Option<CheckProgress> {
        const FIXED: usize = HEADER + 16;
        FORMAT.check(bytes, FIXED + 4).ok()?;
        let (body, crc) = bytes.split_at(bytes.len() - 4);
        if persist::crc32(body) != u32::from_le_bytes(crc.try_into().ok()?) {
            return None;
        }
        let u32_at = |at: usize| u32::from_le_bytes(body[at..at + 4].try_into().unwrap_or([0; 4]));
        let u64_at = |at: usize| u64::from_le_bytes(body[at..at + 8].try_into().unwrap_or([0; 8]));
        let heap = u64_at(HEADER);
        let m = u32_at(HEADER + 8) as usize;
        let count = u32_at(HEADER + 12) as usize;
        let words = m.div_ceil(64);
        let each = 13 + 8 * words;
        if (body.len() - FIXED) != count.checked_mul(each)? {
            return None;
        }
        let classes = body[FIXED..]
            .chunks_exact(each)
            .map(|c| Class {
                image: u32::from_le_bytes([c[0], c[1], c[2], c[3]]),
                has_move: c[4] != 0,
                heap: u64::from_le_bytes(c[5..13].try_into().unwrap_or([0; 8])),
                wins: Bits(
                    c[13..]
                        .chunks_exact(8)
                        .map(|w| u64::from_le_bytes(w.try_into().unwrap_or([0; 8])))
                        .collect(),
                ),
            })
            .collect();
        Some(CheckProgress { m, heap, classes })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> CheckProgress {
        CheckProgress {
            m: 70,
            heap: 9,
            classes: vec![
                Class {
                    image: 3,
                    has_move: true,
                    wins: Bits(vec![0b1011, 1 << 5]),
                    heap: 2,
                },
                Class {
                    image: 0,
                    has_move: false,
                    wins: Bits(vec![0, 0]),
                    heap: 1,
                },
            ],
        }
    }

    #[test]
    fn progress_is_read_back_whole_and_only_whole() {
        let p = sample();
        let bytes = p.to_bytes();
        assert_eq!(bytes.len(), HEADER + 16 + 2 * (13 + 16) + 4);
        assert_eq!(&bytes[..8], b"GRUNDYQC");
        assert_eq!(CheckProgress::from_bytes(&bytes), Some(p.clone()));
        let none = CheckProgress {
            classes: Vec::new(),
            ..p.clone()
        };
        assert_eq!(CheckProgress::from_bytes(&none.to_bytes()), Some(none));
        // Any byte changed, any cut, or a byte more: not read.
        for i in 0..bytes.len() {
            let mut changed = bytes.clone();
            changed[i] ^= 0x40;
            assert_eq!(CheckProgress::from_bytes(&changed), None, "byte {i}");
            assert_eq!(CheckProgress::from_bytes(&bytes[..i]), None, "cut at {i}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(CheckProgress::from_bytes(&longer), None);
        // A count that the length does not hold is refused, not held for,
        // even with a checksum that fits.
        let mut huge = bytes[..bytes.len() - 4].to_vec();
        huge[HEADER + 12..HEADER + 16].copy_from_slice(&u32::MAX.to_le_bytes());
        let crc = persist::crc32(&huge);
        huge.extend_from_slice(&crc.to_le_bytes());
        assert_eq!(CheckProgress::from_bytes(&huge), None);
        // Shorter than its fixed fields, with a checksum that fits: cut
        // short, not read past its end.
        for fields in 0..16 {
            let mut short = bytes[..HEADER + fields].to_vec();
            let crc = persist::crc32(&short);
            short.extend_from_slice(&crc.to_le_bytes());
            assert_eq!(CheckProgress::from_bytes(&short), None, "{fields}");
        }
        let mut version = bytes.clone();
        version[8] = 2;
        assert_eq!(CheckProgress::from_bytes(&version), None);
    }

    #[test]
    fn progress_fits_only_a_document_it_can_be_of() {
        let p = sample();
        let mut images = vec![0u32; 20];
        images[2] = 3;
        assert!(p.fits(70, 20, &images));
        assert!(p.fits(70, 9, &images));
        // Another order; fewer heaps to read than it read.
        assert!(!p.fits(71, 20, &images));
        assert!(!p.fits(69, 20, &images));
        assert!(!p.fits(70, 8, &images));
        // A class of another image than its heap's here.
        let mut other = images.clone();
        other[2] = 4;
        assert!(!p.fits(70, 20, &other));
        // A class's heap not below where it stopped, or heap 0.
        let mut q = p.clone();
        q.classes[0].heap = 9;
        let mut at9 = images.clone();
        at9[9] = 3;
        assert!(!q.fits(70, 20, &at9));
        q.heap = 10;
        assert!(q.fits(70, 20, &at9));
        let mut q = p.clone();
        q.classes[1].heap = 0;
        assert!(!q.fits(70, 20, &images));
        q.heap = 0;
        q.classes.clear();
        assert!(!q.fits(70, 20, &images));
        // A set of another length, or holding an element past the last.
        let mut q = p.clone();
        q.classes[0].wins.0.push(0);
        assert!(!q.fits(70, 20, &images));
        let mut q = p.clone();
        q.classes[0].wins.0[1] |= 1 << 6;
        assert!(!q.fits(70, 20, &images));
        q.classes[0].wins.0[1] = 1 << 5;
        assert!(q.fits(70, 20, &images));
        let mut q = p.clone();
        q.m = 64;
        for c in &mut q.classes {
            c.wins.0 = vec![u64::MAX];
        }
        assert!(q.fits(64, 20, &images));
        // Two classes of one image and moves alike.
        let mut q = p.clone();
        q.classes[1].image = 3;
        q.classes[1].has_move = true;
        q.classes[1].heap = 2;
        assert!(!q.fits(70, 20, &images));
    }
}
