//! grundy's binary files, in one place: how each begins, how it is
//! checksummed, and how it is replaced.
//!
//! Every file begins with eight magic bytes and a format version (a u32,
//! little-endian), and a reader checks both before it trusts anything
//! else: the magic says whose file it is, the version whether this grundy
//! reads it. Whole-file checksums are CRC-32 (IEEE), checked at memory
//! speed. A file is replaced atomically ([`replace`]): a reader, or a run
//! killed at any moment, sees the old file or the new one, never half of
//! one.
//!
//! | file | [`Format`] | checksum |
//! | --- | --- | --- |
//! | the Bomb table cache ([`BombTable::to_bytes`](crate::games::bomb::BombTable::to_bytes)) | `GRUNDYBT`, version 2 | CRC-32 of all before it, as a u64, at the end |
//! | a checkpoint of a long octal run ([`Checkpoint`](crate::games::octal::checkpoint::Checkpoint)) | `GRUNDYCK`, version 2 (1 is read too) | CRC-32 of the length-prefixed body, after it |
//! | a stopped certificate check's progress ([`CheckProgress`](crate::misere::quotient::CheckProgress)) | `GRUNDYQC`, version 1 | CRC-32 of all before it, as a u32, at the end |
//! | an octal values file ([`values_file`](crate::games::octal::values_file)) | `GRUNDYSQ`, version 1 | none: it is written as values are computed, and read block by block |

use std::fs::{self, File};
use std::io::{self, BufWriter, Read};
use std::path::Path;

/// How a kind of file begins: its magic bytes, then its version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    /// The first eight bytes of every such file.
    pub magic: &'static [u8; 8],
    /// The version this grundy writes and reads.
    pub version: u32,
}

/// The bytes of the magic and the version.
pub const HEADER: usize = 12;

/// Why the start of a file was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HeaderError {
    /// It does not begin with the magic bytes: not such a file at all.
    #[error("not a file of this kind")]
    Foreign,
    /// It begins with the magic bytes but ends before its fixed header.
    #[error("the header is cut short")]
    Short,
    /// Another version of the format.
    #[error("format version {0}")]
    Version(u32),
}

impl Format {
    /// The magic and the version, as a file begins with them.
    pub fn header(&self) -> [u8; HEADER] {
        let mut header = [0u8; HEADER];
        header[..8].copy_from_slice(self.magic);
        header[8..].copy_from_slice(&self.version.to_le_bytes());
        header
    }

    /// Checks the start of a file whose fixed header (the magic, the
    /// version and what the kind of file puts after them) is `wanted`
    /// bytes long, of which `head` holds what there was: the magic first
    /// ([`HeaderError::Foreign`]), then the length
    /// ([`HeaderError::Short`]), then the version.
    pub fn check(&self, head: &[u8], wanted: usize) -> Result<(), HeaderError> {
        if head.len() < 8 || &head[..8] != self.magic {
            return Err(HeaderError::Foreign);
        }
        if head.len() < wanted.max(HEADER) {
            return Err(HeaderError::Short);
        }
        let version = u32::from_le_bytes([head[8], head[9], head[10], head[11]]);
        if version != self.version {
            return Err(HeaderError::Version(version));
        }
        Ok(())
    }
}

/// The CRC-32 (IEEE) of `bytes`.
pub fn crc32(bytes: &[u8]) -> u32 {
    crc32fast::hash(bytes)
}

/// The CRC-32 (IEEE) of bytes given a part at a time: for files too large
/// to hold twice in memory.
#[derive(Clone, Default)]
pub struct Crc32(crc32fast::Hasher);

impl Crc32 {
    /// Adds `bytes`.
    pub fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    /// The CRC-32 of every byte added.
    pub fn value(&self) -> u32 {
        self.0.clone().finalize()
    }
}

/// Reads into `buf` until it is full or the input ends; how many bytes it
/// read (fewer than `buf.len()` only at the end of the input).
pub fn fill(input: &mut dyn Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match input.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(k) => got += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

/// Replaces the file at `path` with what `write` writes, atomically:
/// written to `temporary` (beside it, on the same file system), synced to
/// disk, renamed over `path`, then the folder synced. If anything fails,
/// `path` is left as it was and `temporary` is removed.
pub fn replace(
    path: &Path,
    temporary: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> io::Result<()> {
    let written = (|| {
        let mut out = BufWriter::new(File::create(temporary)?);
        write(&mut out)?;
        let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
        file.sync_all()?;
        fs::rename(temporary, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(temporary);
        return written;
    }
    // The rename is durable once the folder is synced; a folder that
    // cannot be opened (or synced) on this platform leaves it to the OS.
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if let Ok(dir) = File::open(dir) {
            let _ = dir.sync_all();
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    const KIND: Format = Format {
        magic: b"GRUNDYXX",
        version: 7,
    };

    #[test]
    fn a_header_is_checked_magic_first_then_length_then_version() {
        let mut head = KIND.header().to_vec();
        assert_eq!(&head[..8], b"GRUNDYXX");
        assert_eq!(head[8..], 7u32.to_le_bytes());
        assert_eq!(KIND.check(&head, HEADER), Ok(()));
        head.extend_from_slice(&[1, 2, 3, 4]);
        assert_eq!(KIND.check(&head, 16), Ok(()));
        // Too short for the whole fixed header, whatever its version.
        for cut in 8..16 {
            assert_eq!(KIND.check(&head[..cut], 16), Err(HeaderError::Short));
        }
        assert_eq!(KIND.check(&head[..11], 0), Err(HeaderError::Short));
        // Not the magic: foreign, however short or long.
        for cut in 0..8 {
            assert_eq!(KIND.check(&head[..cut], 16), Err(HeaderError::Foreign));
        }
        let mut other = head.clone();
        other[7] = b'Y';
        assert_eq!(KIND.check(&other, 16), Err(HeaderError::Foreign));
        let mut newer = head.clone();
        newer[8] = 8;
        assert_eq!(KIND.check(&newer, 16), Err(HeaderError::Version(8)));
        newer[11] = 1;
        assert_eq!(
            KIND.check(&newer, 16),
            Err(HeaderError::Version(8 | 1 << 24))
        );
    }

    #[test]
    fn the_checksum_is_the_ieee_crc32() {
        // The standard check value of CRC-32/ISO-HDLC.
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }

    /// A reader that gives one byte at a time, and is interrupted between.
    struct Trickle<'a>(&'a [u8], bool);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.1 = !self.1;
            if self.1 {
                return Err(io::ErrorKind::Interrupted.into());
            }
            let Some((&first, rest)) = self.0.split_first() else {
                return Ok(0);
            };
            buf[0] = first;
            self.0 = rest;
            Ok(1)
        }
    }

    #[test]
    fn fill_reads_across_short_reads_and_interruptions() {
        let mut buf = [0u8; 4];
        assert_eq!(fill(&mut Trickle(b"abcdef", false), &mut buf).unwrap(), 4);
        assert_eq!(&buf, b"abcd");
        let mut buf = [0u8; 8];
        assert_eq!(fill(&mut Trickle(b"xyz", false), &mut buf).unwrap(), 3);
        assert_eq!(&buf[..3], b"xyz");
        struct Broken;
        impl Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::ErrorKind::PermissionDenied.into())
            }
        }
        assert!(fill(&mut Broken, &mut buf).is_err());
    }

    #[test]
    fn a_replaced_file_is_the_old_one_or_the_new_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.bin");
        let temporary = dir.path().join("f.bin.tmp");
        replace(&path, &temporary, |out| out.write_all(b"old")).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"old");
        // A write that fails leaves the old file, and no temporary.
        let failed = replace(&path, &temporary, |out| {
            out.write_all(b"half")?;
            Err(io::Error::other("disk full"))
        });
        assert_eq!(failed.unwrap_err().to_string(), "disk full");
        assert_eq!(fs::read(&path).unwrap(), b"old");
        assert!(!temporary.exists());
        // A big write, all of it buffered, arrives whole.
        let big = vec![7u8; 1 << 20];
        replace(&path, &temporary, |out| out.write_all(&big)).unwrap();
        assert_eq!(fs::read(&path).unwrap(), big);
        assert!(!temporary.exists());
        // A temporary that cannot be made: the file is untouched.
        let nowhere = dir.path().join("no-such-folder").join("f.tmp");
        assert!(replace(&path, &nowhere, |out| out.write_all(b"new")).is_err());
        assert_eq!(fs::read(&path).unwrap(), big);
    }
}
