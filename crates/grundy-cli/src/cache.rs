//! Finished Bomb tables kept between runs in the user's cache directory.
//!
//! A large table costs seconds to minutes; the cache keeps the largest one
//! computed so far (`GRUNDY_CACHE_DIR` moves it, `--no-cache` skips it). The
//! file is only read when a board needs more than the table in memory, and
//! is checked on every read (format version and checksum): anything wrong
//! with it means the table is computed again and the file rewritten.

use std::fs;
use std::path::PathBuf;

use grundy::games::bomb::{BombGame, BombTable};

/// Tables smaller than this many cells are cheaper to compute than to read.
const WORTH_CACHING: u64 = 128 * 128;

/// The cache file name; the version inside it is checked too.
const FILE: &str = "bomb-table-v1.bin";

/// Where the Bomb table is cached, and what this run took from it.
pub struct TableCache {
    path: Option<PathBuf>,
    consulted: bool,
    /// Cells of the table read from the cache.
    loaded: u64,
    /// A cached table larger than this (`--max-cells`) is left on disk.
    max_cells: u64,
}

impl TableCache {
    /// The cache of this user (none with `--no-cache`, or when the platform
    /// has no cache directory).
    pub fn new(enabled: bool, max_cells: u64) -> TableCache {
        let dir = match std::env::var_os("GRUNDY_CACHE_DIR") {
            Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
            _ => directories::ProjectDirs::from("", "", "grundy")
                .map(|dirs| dirs.cache_dir().to_path_buf()),
        };
        TableCache {
            path: dir.filter(|_| enabled).map(|dir| dir.join(FILE)),
            consulted: false,
            loaded: 0,
            max_cells,
        }
    }

    /// Before a board of `rows` × `cols` is valued: when the game's table is
    /// too small for it and the board is large, take the cached table (once).
    pub fn prepare(&mut self, game: &mut BombGame, rows: u32, cols: u32) {
        let table = game.table();
        let covered = rows <= table.rows() && cols <= table.cols();
        if covered || self.consulted || u64::from(rows) * u64::from(cols) < WORTH_CACHING {
            return;
        }
        self.consulted = true;
        let Some(path) = &self.path else { return };
        let Ok(bytes) = fs::read(path) else { return };
        // A damaged or foreign file is ignored, and replaced when we store.
        if let Ok(cached) = BombTable::from_bytes(&bytes) {
            if cells(&cached) > cells(game.table()) && cells(&cached) <= self.max_cells {
                self.loaded = cells(&cached);
                game.replace_table(cached);
            }
        }
    }

    /// After the run: keeps the table if it is larger than the cached one.
    /// A cache that cannot be written is no reason to fail the run.
    pub fn store(&self, game: &BombGame) {
        let table = game.table();
        let Some(path) = &self.path else { return };
        if cells(table) < WORTH_CACHING || cells(table) <= self.loaded {
            return;
        }
        // Only replace a cached table that is smaller (or unreadable).
        if !self.consulted {
            if let Some(existing) = fs::read(path)
                .ok()
                .and_then(|b| BombTable::from_bytes(&b).ok())
            {
                if cells(&existing) >= cells(table) {
                    return;
                }
            }
        }
        if let Some(dir) = path.parent() {
            let _ = fs::create_dir_all(dir);
        }
        // Write aside, then rename: a reader never sees half a file.
        let temporary = path.with_extension(format!("tmp{}", std::process::id()));
        if fs::write(&temporary, table.to_bytes()).is_ok() && fs::rename(&temporary, path).is_err()
        {
            let _ = fs::remove_file(&temporary);
        }
    }
}

fn cells(table: &BombTable) -> u64 {
    u64::from(table.rows()) * u64::from(table.cols())
}
