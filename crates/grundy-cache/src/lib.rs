//! What grundy keeps between runs in the user's cache directory
//! (`GRUNDY_CACHE_DIR` moves it; the CLI's `--no-cache` and Python's
//! `cache=False` go without). The CLI and the Python package share it: a
//! table or a quotient one of them computed or checked serves the other.
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
//! three), so a copy of each document passed is kept, and a document equal
//! to a copy byte for byte is not checked again. The last proven one of
//! each game is noted as the game's, and its misère analysis decides by it
//! without being given it (0.56's proof takes 14 minutes, and a question's
//! own look for a quotient gives up long before).

use std::collections::HashMap;
use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use grundy::games::bomb::TableStore;
use grundy::misere::quotient::{ProvenQuotients, Quotient};
use grundy::{persist, wire};

mod contents;

pub use contents::{clear, contents, Cleared, Contents, KeptDocument, Summary};

/// The bytes of a quotient document as grundy writes it (`grundy quotient
/// --format json`, a checkpoint, a document Python hands back): one line
/// of JSON and a newline. The copies kept are named by these bytes, so a
/// document written by one front end is known to the others.
pub fn document_bytes(doc: &wire::Quotient) -> serde_json::Result<Vec<u8>> {
    let mut bytes = serde_json::to_vec(doc)?;
    bytes.push(b'\n');
    Ok(bytes)
}

/// The cache file name; the version inside it is checked too.
const FILE: &str = "bomb-table-v2.bin";

/// The folder of the quotient documents kept.
const QUOTIENTS: &str = "checked-quotients-v1";

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

/// This user's cache directory, where it is or would be.
pub fn this_users_dir() -> Option<PathBuf> {
    cache_dir(true)
}

/// This user's cache directory (none when `enabled` is false, or when the
/// platform has none).
fn cache_dir(enabled: bool) -> Option<PathBuf> {
    cache_dir_of(std::env::var_os("GRUNDY_CACHE_DIR"), enabled)
}

/// The cache directory `GRUNDY_CACHE_DIR` (`variable`) names, or else the
/// platform's for grundy (none when `enabled` is false).
fn cache_dir_of(variable: Option<std::ffi::OsString>, enabled: bool) -> Option<PathBuf> {
    if !enabled {
        return None;
    }
    match variable {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => directories::ProjectDirs::from("", "", "grundy")
            .map(|dirs| dirs.cache_dir().to_path_buf()),
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

/// Copies of the misère quotient documents that passed the certificate
/// check, one file each, named by the document's length and CRC-32; and,
/// for each game with a proven one, a note naming the copy of the last
/// proven document kept, which the game's misère analysis decides by
/// ([`ProvenQuotients`]).
pub struct CheckedQuotients {
    dir: PathBuf,
    /// The proven quotients read for this process, by game.
    read: Mutex<HashMap<String, Option<Arc<Quotient>>>>,
}

impl CheckedQuotients {
    /// The folder in this user's cache (none with `--no-cache`, or when the
    /// platform has no cache directory).
    pub fn of_this_user(enabled: bool) -> Option<CheckedQuotients> {
        Some(CheckedQuotients::in_dir(
            cache_dir(enabled)?.join(QUOTIENTS),
        ))
    }

    /// The copies kept in `dir`.
    pub fn in_dir(dir: PathBuf) -> CheckedQuotients {
        CheckedQuotients {
            dir,
            read: Mutex::default(),
        }
    }

    /// The copy's file name: the document's length and CRC-32.
    pub(crate) fn name(document: &[u8]) -> String {
        format!("{}-{:08x}.json", document.len(), persist::crc32(document))
    }

    fn path(&self, document: &[u8]) -> PathBuf {
        self.dir.join(CheckedQuotients::name(document))
    }

    /// The note naming `game`'s proven copy: `proven-` and the game's name,
    /// each byte other than a letter, digit, `.` or `-` written `_` and its
    /// two hex digits (`octal:0.56` is `proven-octal_3a0.56`).
    fn note(&self, game: &str) -> PathBuf {
        let mut name = String::from("proven-");
        for byte in game.bytes() {
            if byte.is_ascii_alphanumeric() || byte == b'.' || byte == b'-' {
                name.push(char::from(byte));
            } else {
                name.push_str(&format!("_{byte:02x}"));
            }
        }
        self.dir.join(name)
    }

    /// Whether `document` is, byte for byte, one that passed the check.
    pub fn knows(&self, document: &[u8]) -> bool {
        fs::read(self.path(document)).is_ok_and(|kept| kept == document)
    }

    /// Keeps `document` (whose contents are `doc`), which passed the check
    /// (written aside, then renamed; a cache that cannot be written is no
    /// reason to fail), and notes it as its game's when it is proven.
    pub fn remember(&self, doc: &wire::Quotient, document: &[u8]) {
        let _ = fs::create_dir_all(&self.dir);
        let path = self.path(document);
        let temporary = path.with_extension(format!("tmp{}", std::process::id()));
        let _ = persist::replace(&path, &temporary, |out| out.write_all(document));
        self.note_proven(doc, document);
    }

    /// Notes `document`, kept already, as its game's proven quotient if it
    /// is one (a copy kept before these notes existed gets its note the
    /// next time it is given).
    pub fn note_proven(&self, doc: &wire::Quotient, document: &[u8]) {
        if !doc.proven {
            return;
        }
        let note = self.note(&doc.game);
        let name = CheckedQuotients::name(document);
        if fs::read(&note).is_ok_and(|noted| noted == name.as_bytes()) {
            return;
        }
        let temporary = note.with_extension(format!("tmp{}", std::process::id()));
        let _ = persist::replace(&note, &temporary, |out| out.write_all(name.as_bytes()));
    }

    /// The proven quotient of `game` its note names: `None` without a
    /// note, or when the copy is gone, changed (its length and CRC-32 no
    /// longer its name), unreadable, of another game or not proven.
    fn read_proven(&self, game: &str) -> Option<Quotient> {
        let name = fs::read_to_string(self.note(game)).ok()?;
        let well_named = name.ends_with(".json")
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
        if !well_named {
            return None;
        }
        let document = fs::read(self.dir.join(&name)).ok()?;
        if CheckedQuotients::name(&document) != name {
            return None;
        }
        let doc: wire::Quotient = serde_json::from_slice(&document).ok()?;
        if !doc.proven || doc.game != game {
            return None;
        }
        Quotient::from_document(&doc).ok()
    }
}

impl ProvenQuotients for CheckedQuotients {
    /// Read once a process for each game.
    fn proven(&self, game: &str) -> Option<Arc<Quotient>> {
        let mut read = self.read.lock().unwrap_or_else(PoisonError::into_inner);
        read.entry(game.to_string())
            .or_insert_with(|| self.read_proven(game).map(Arc::new))
            .clone()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use grundy::games::octal::OctalCode;
    use grundy::misere::quotient;

    use super::*;

    /// The quotient of `code` to `upto` heaps, and its bytes as kept.
    pub(crate) fn document(code: &str, upto: u64) -> (wire::Quotient, Vec<u8>) {
        let code: OctalCode = code.parse().unwrap();
        let settings = quotient::Settings {
            upto,
            ..quotient::Settings::default()
        };
        let doc = quotient::compute(&code, &settings, &mut |_| {}).document();
        let bytes = document_bytes(&doc).unwrap();
        (doc, bytes)
    }

    #[test]
    fn the_folder_is_the_variables_else_the_platforms_and_none_when_off() {
        let named = Some(std::ffi::OsString::from("/some/where"));
        assert_eq!(
            cache_dir_of(named.clone(), true),
            Some(PathBuf::from("/some/where"))
        );
        assert_eq!(cache_dir_of(named, false), None);
        let platform = directories::ProjectDirs::from("", "", "grundy")
            .map(|dirs| dirs.cache_dir().to_path_buf());
        if let Some(platform) = &platform {
            assert!(platform.ends_with("grundy"), "{}", platform.display());
        }
        assert_eq!(cache_dir_of(None, true), platform);
        assert_eq!(cache_dir_of(Some("".into()), true), platform);
        assert_eq!(cache_dir_of(None, false), None);
        // This user's: the folder the variable or the platform gives.
        let here = cache_dir_of(std::env::var_os("GRUNDY_CACHE_DIR"), true);
        assert_eq!(cache_dir(true), here);
        assert_eq!(cache_dir(false), None);
        assert_eq!(TableFile::of_this_user(true).is_some(), here.is_some());
        assert_eq!(
            CheckedQuotients::of_this_user(true).map(|kept| kept.dir),
            here.map(|dir| dir.join("checked-quotients-v1"))
        );
        assert!(TableFile::of_this_user(false).is_none());
        assert!(CheckedQuotients::of_this_user(false).is_none());
    }

    #[test]
    fn a_table_saved_is_loaded_whole_and_nothing_is_left_aside() {
        let dir = tempfile::tempdir().unwrap();
        let mut file = TableFile {
            path: dir.path().join("new").join(FILE),
        };
        assert_eq!(file.load(), None);
        file.save(b"first table");
        assert_eq!(file.load().as_deref(), Some(&b"first table"[..]));
        file.save(b"second");
        assert_eq!(file.load().as_deref(), Some(&b"second"[..]));
        let names: Vec<_> = fs::read_dir(dir.path().join("new"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, [FILE]);
        // A folder that cannot be made is no reason to fail.
        let blocked = dir.path().join("a file");
        fs::write(&blocked, b"").unwrap();
        let mut file = TableFile {
            path: blocked.join(FILE),
        };
        file.save(b"lost");
        assert_eq!(file.load(), None);
    }

    #[test]
    fn a_document_read_back_by_any_front_end_has_the_same_bytes() {
        let (doc, bytes) = document("0.75", 100);
        assert_eq!(bytes.last(), Some(&b'\n'));
        assert_eq!(bytes.iter().filter(|&&b| b == b'\n').count(), 1);
        // Python hands a document back as a dict: through a JSON value
        // (its keys sorted), then the wire type.
        let value: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        let again: wire::Quotient = serde_json::from_value(value).unwrap();
        assert_eq!(document_bytes(&again).unwrap(), bytes);
        assert_eq!(again, doc);
    }

    #[test]
    fn a_document_is_known_once_remembered_and_only_byte_for_byte() {
        let dir = tempfile::tempdir().unwrap();
        let cache = CheckedQuotients::in_dir(dir.path().join("q"));
        let (doc, document) = document("0.77", 10);
        assert!(!doc.proven);
        assert!(!cache.knows(&document));
        cache.remember(&doc, &document);
        assert!(cache.knows(&document));
        let mut other = document.clone();
        other.push(b' ');
        assert!(!cache.knows(&other));
        // A copy changed in place (same length and name) is not trusted.
        let mut changed = document.clone();
        changed[0] = b' ';
        fs::write(cache.path(&document), &changed).unwrap();
        assert!(!cache.knows(&document));
        let kept: Vec<_> = fs::read_dir(dir.path().join("q")).unwrap().collect();
        assert_eq!(kept.len(), 1, "no file aside and no note for a partial one");
    }

    #[test]
    fn the_last_proven_document_of_a_game_decides_its_misere_play() {
        let dir = tempfile::tempdir().unwrap();
        let fresh = || CheckedQuotients::in_dir(dir.path().join("q"));
        let cache = fresh();
        let (partial, partial_bytes) = document("0.75", 5);
        cache.remember(&partial, &partial_bytes);
        assert!(
            cache.proven("octal:0.75").is_none(),
            "a partial one is not noted"
        );
        let (doc, bytes) = document("0.75", 100);
        assert!(doc.proven);
        fresh().remember(&doc, &bytes);
        let note = dir.path().join("q/proven-octal_3a0.75");
        assert_eq!(
            fs::read_to_string(&note).unwrap(),
            CheckedQuotients::name(&bytes)
        );
        let q = fresh().proven("octal:0.75").expect("the proven one");
        assert_eq!((q.order(), q.game()), (8, "octal:0.75".to_string()));
        assert!(fresh().proven("octal:0.77").is_none());
        // Read once a process: the same quotient, even once the file is gone.
        let cache = fresh();
        let first = cache.proven("octal:0.75").unwrap();
        let copy = dir.path().join("q").join(CheckedQuotients::name(&bytes));
        let kept = fs::read(&copy).unwrap();
        fs::remove_file(&copy).unwrap();
        assert!(Arc::ptr_eq(&first, &cache.proven("octal:0.75").unwrap()));
        assert!(fresh().proven("octal:0.75").is_none(), "the copy is gone");
        // A copy whose bytes no longer give its name is not read.
        let mut changed = kept.clone();
        *changed.last_mut().unwrap() = b' ';
        assert!(serde_json::from_slice::<wire::Quotient>(&changed).is_ok());
        fs::write(&copy, &changed).unwrap();
        assert!(fresh().proven("octal:0.75").is_none());
        fs::write(&copy, &kept).unwrap();
        assert!(fresh().proven("octal:0.75").is_some());
        // A note of another game naming it, or naming a path, is not read.
        fs::copy(&note, dir.path().join("q/proven-octal_3a0.77")).unwrap();
        assert!(fresh().proven("octal:0.77").is_none());
        fs::write(&note, "../q/x.json").unwrap();
        assert!(fresh().proven("octal:0.75").is_none());
        // Noting it again (given once more) mends the note.
        fresh().note_proven(&doc, &bytes);
        assert!(fresh().proven("octal:0.75").is_some());
    }
}
