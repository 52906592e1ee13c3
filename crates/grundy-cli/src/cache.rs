//! Finished Bomb tables kept between runs in the user's cache directory.
//!
//! A large table costs seconds to minutes; the cache keeps the largest one
//! computed so far (`GRUNDY_CACHE_DIR` moves it, `--no-cache` skips it). The
//! file is only read when a board needs more than the table in memory, and
//! the game checks it on every read (format version and checksum): anything
//! wrong with it means the table is computed again and the file rewritten.
//! Which table to keep is the game's decision; this is only the file.

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
        let dir = match std::env::var_os("GRUNDY_CACHE_DIR") {
            Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
            _ => directories::ProjectDirs::from("", "", "grundy")
                .map(|dirs| dirs.cache_dir().to_path_buf()),
        };
        let path = dir.filter(|_| enabled)?.join(FILE);
        Some(Arc::new(Mutex::new(TableFile { path })))
    }
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
