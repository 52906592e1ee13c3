//! What is kept between runs in the user's cache directory
//! (`GRUNDY_CACHE_DIR` moves it, `--no-cache` skips it).
//!
//! Finished Bomb tables: a large table costs seconds to minutes; the cache
//! keeps the largest one computed so far. The file is only read when a
//! board needs more than the table in memory, and the game checks it on
//! every read (format version and checksum): anything wrong with it means
//! the table is computed again and the file rewritten. Which table to keep
//! is the game's decision; this is only the file.
//!
//! Misère quotient documents that passed the certificate check: the check
//! of a document of many heaps takes minutes (0.56's proven quotient about
//! seven), so a copy of each document passed is kept, and a document equal
//! to a copy byte for byte is not checked again.

use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use grundy::games::bomb::TableStore;
use grundy::persist;

/// The cache file name; the version inside it is checked too.
const FILE: &str = "bomb-table-v2.bin";

/// The file the Bomb table is kept in.
pub struct TableFile {
    path: PathBuf,
}

impl TableFile {
    /// The cache of this user (none with `--no-cache`, or when the platform
    /// has no cache directory).
    pub fn of_this_user(enabled: bool) -> Option<Arc<Mutex<dyn TableStore>>> {
        let path = cache_dir(enabled)?.join(FILE);
        Some(Arc::new(Mutex::new(TableFile { path })))
    }
}

/// This user's cache directory (none when `enabled` is false, or when the
/// platform has none).
fn cache_dir(enabled: bool) -> Option<PathBuf> {
    let dir = match std::env::var_os("GRUNDY_CACHE_DIR") {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => directories::ProjectDirs::from("", "", "grundy")
            .map(|dirs| dirs.cache_dir().to_path_buf()),
    };
    dir.filter(|_| enabled)
}

impl TableStore for TableFile {
    fn load(&mut self) -> Option<Vec<u8>> {
        fs::read(&self.path).ok()
    }

    /// Writes aside, then renames: a reader never sees half a file. The
    /// file aside is this process's own, so two runs saving at once do not
    /// write into one file. A cache that cannot be written is no reason to
    /// fail the run.
    fn save(&mut self, bytes: &[u8]) {
        if let Some(dir) = self.path.parent() {
            let _ = fs::create_dir_all(dir);
        }
        let temporary = self
            .path
            .with_extension(format!("tmp{}", std::process::id()));
        let _ = persist::replace(&self.path, &temporary, |out| out.write_all(bytes));
    }
}

/// Copies of the misère quotient documents that passed the certificate
/// check, one file each, named by the document's length and CRC-32.
pub struct CheckedQuotients {
    dir: PathBuf,
}

impl CheckedQuotients {
    /// The folder in this user's cache (none with `--no-cache`, or when the
    /// platform has no cache directory).
    pub fn of_this_user(enabled: bool) -> Option<CheckedQuotients> {
        Some(CheckedQuotients {
            dir: cache_dir(enabled)?.join("checked-quotients-v1"),
        })
    }

    fn path(&self, document: &[u8]) -> PathBuf {
        self.dir.join(format!(
            "{}-{:08x}.json",
            document.len(),
            persist::crc32(document)
        ))
    }

    /// Whether `document` is, byte for byte, one that passed the check.
    pub fn knows(&self, document: &[u8]) -> bool {
        fs::read(self.path(document)).is_ok_and(|kept| kept == document)
    }

    /// Keeps `document`, which passed the check (written aside, then
    /// renamed; a cache that cannot be written is no reason to fail).
    pub fn remember(&self, document: &[u8]) {
        let _ = fs::create_dir_all(&self.dir);
        let path = self.path(document);
        let temporary = path.with_extension(format!("tmp{}", std::process::id()));
        let _ = persist::replace(&path, &temporary, |out| out.write_all(document));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_document_is_known_once_remembered_and_only_byte_for_byte() {
        let dir = tempfile::tempdir().unwrap();
        let cache = CheckedQuotients {
            dir: dir.path().join("q"),
        };
        let document = br#"{"order": 8}"#;
        assert!(!cache.knows(document));
        cache.remember(document);
        assert!(cache.knows(document));
        assert!(!cache.knows(br#"{"order": 9}"#));
        assert!(!cache.knows(br#"{"order":  8}"#));
        // A copy changed in place (same length and name) is not trusted.
        fs::write(cache.path(document), br#"{"order": 9}"#).unwrap();
        assert!(!cache.knows(document));
        let kept: Vec<_> = fs::read_dir(dir.path().join("q")).unwrap().collect();
        assert_eq!(kept.len(), 1, "no file aside is left");
    }
}
