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
//! three), so a copy of each document passed is kept (and of each that
//! `grundy quotient` builds, when proven or when it reaches further than
//! the partial one kept), and a document equal to a copy byte for byte is
//! not checked again. The last proven one of
//! each game is noted as the game's, and its misère analysis decides by it
//! without being given it (0.56's proof takes 14 minutes, and a question's
//! own look for a quotient gives up long before). So is, for a game with
//! none proven, the partial one that reaches the furthest, for the sums of
//! the heaps it reached (Dawson's Kayles' to heap 33 takes seconds; a
//! question's look reaches heap 24).
//!
//! A check stopped part way (a time limit, Ctrl-C) keeps how far it read
//! the document's heaps beside where the copy would go, and the next check
//! of the same document goes on from there ([`CheckedQuotients::check`]).

use std::collections::HashMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use grundy::games::bomb::TableStore;
use grundy::misere::quotient::{
    check_going_on, check_until, CheckError, CheckProgress, CheckStage, Checked, KeptQuotients,
    Quotient, ResumableChecks,
};
use grundy::{persist, wire};

mod contents;

pub use contents::{clear, contents, Cleared, Contents, KeptDocument, StoppedCheck, Summary};

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

/// Why there is no cache folder to show or clear.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("this platform has no cache folder for grundy: set GRUNDY_CACHE_DIR")]
pub struct NoCacheFolder;

/// This user's cache directory, where it is or would be.
pub fn this_users_dir() -> Result<PathBuf, NoCacheFolder> {
    cache_dir(true).ok_or(NoCacheFolder)
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
/// check (or that `grundy quotient` built), one file each, named by the
/// document's length and CRC-32; and notes naming, for a game, the copy
/// of the last proven document kept and the copy of the partial one that
/// reaches the furthest, which the game's misère analysis decides by
/// ([`KeptQuotients`]).
#[derive(Debug)]
pub struct CheckedQuotients {
    dir: PathBuf,
    /// The quotients read for this process.
    read: Mutex<Read>,
}

/// The quotients a [`CheckedQuotients`] read, by note and game (`None`
/// where the note names none that can be read).
type Read = HashMap<(Note, String), Option<Arc<Quotient>>>;

/// The two notes a game may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Note {
    /// The last proven document kept.
    Proven,
    /// The partial document kept that reaches the furthest.
    Partial,
}

impl Note {
    /// The note a document would be noted under.
    fn of(doc: &wire::Quotient) -> Note {
        if doc.proven {
            Note::Proven
        } else {
            Note::Partial
        }
    }
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

    /// The note naming `game`'s proven copy (or partial one): `proven-`
    /// (`partial-`) and the game's name, each byte other than a letter,
    /// digit, `.` or `-` written `_` and its two hex digits (`octal:0.56`
    /// is `proven-octal_3a0.56`).
    pub(crate) fn note_path(&self, note: Note, game: &str) -> PathBuf {
        let mut name = String::from(match note {
            Note::Proven => "proven-",
            Note::Partial => "partial-",
        });
        for byte in game.bytes() {
            if byte.is_ascii_alphanumeric() || byte == b'.' || byte == b'-' {
                name.push(char::from(byte));
            } else {
                name.push_str(&format!("_{byte:02x}"));
            }
        }
        self.dir.join(name)
    }

    /// Where a stopped check of `document` keeps how far it got: the
    /// copy's name, `.checking` for `.json`.
    pub(crate) fn progress_path(&self, document: &[u8]) -> PathBuf {
        self.path(document).with_extension("checking")
    }

    /// The certificate check of `document` (whose contents are `doc`),
    /// telling `progress` and asking `stop` as
    /// [`check_watched`](grundy::misere::quotient::check_watched) does. It
    /// goes on from where a stopped check of the same document got, when
    /// one is kept; stopped while reading the heaps or after, it keeps how
    /// far it got; once it ends (passed or refused) that is let go. A document
    /// that passes is remembered ([`CheckedQuotients::remember`]). A cache
    /// that cannot be written is no reason to fail: the check is then only
    /// not gone on from.
    pub fn check(
        &self,
        doc: &wire::Quotient,
        document: &[u8],
        stop: &dyn Fn() -> bool,
        progress: &dyn Fn(CheckStage),
    ) -> Result<Checked, CheckError> {
        let path = self.progress_path(document);
        let from = fs::read(&path)
            .ok()
            .and_then(|bytes| CheckProgress::from_bytes(&bytes));
        let (result, left) = check_going_on(doc, from.as_ref(), stop, progress);
        match (&result, left) {
            (Err(CheckError::Stopped), Some(left)) => {
                let _ = fs::create_dir_all(&self.dir);
                let _ =
                    persist::replace(&path, &aside(&path), |out| out.write_all(&left.to_bytes()));
            }
            // Stopped before it read a heap: what was kept still holds.
            (Err(CheckError::Stopped), None) => {}
            _ => {
                let _ = fs::remove_file(&path);
            }
        }
        if result.is_ok() {
            self.remember(doc, document);
        }
        result
    }

    /// The first heap a stopped check of `document` had not read, when
    /// how far it got is kept (the next check goes on from there).
    pub fn stopped_check(&self, document: &[u8]) -> Option<u64> {
        let bytes = fs::read(self.progress_path(document)).ok()?;
        CheckProgress::from_bytes(&bytes).map(|p| p.heap())
    }

    /// Whether `document` is, byte for byte, one that passed the check.
    pub fn knows(&self, document: &[u8]) -> bool {
        fs::read(self.path(document)).is_ok_and(|kept| kept == document)
    }

    /// Keeps `document` (whose contents are `doc`), which passed the check
    /// (written aside, then renamed; a cache that cannot be written is no
    /// reason to fail), and notes it as its game's when it is proven or
    /// the partial one that reaches the furthest ([`CheckedQuotients::note`]).
    pub fn remember(&self, doc: &wire::Quotient, document: &[u8]) {
        self.keep(document);
        self.note(doc, document);
    }

    /// Writes the copy of `document` (aside, then renamed; a cache that
    /// cannot be written is no reason to fail).
    fn keep(&self, document: &[u8]) {
        let _ = fs::create_dir_all(&self.dir);
        let path = self.path(document);
        let _ = persist::replace(&path, &aside(&path), |out| out.write_all(document));
    }

    /// Keeps `document` (built by `grundy quotient`, whose contents are
    /// `doc`) as [`CheckedQuotients::remember`] does when it is proven or
    /// reaches further than the partial one noted for its game; otherwise
    /// nothing is written (a short run does not fill the folder). Whether
    /// it was kept.
    pub fn remember_built(&self, doc: &wire::Quotient, document: &[u8]) -> bool {
        // Whether it reaches further is asked once: the noted document is
        // read and parsed for it.
        let keep = doc.proven || self.further(doc);
        if keep {
            self.keep(document);
            self.write_note(doc, document);
        }
        keep
    }

    /// Whether the partial `doc` reaches further than the partial one
    /// noted for its game (or none is noted, or the note is of no use),
    /// its game having no proven one noted (which decides every sum).
    fn further(&self, doc: &wire::Quotient) -> bool {
        !doc.proven
            && self.read_noted(Note::Proven, &doc.game).is_none()
            && self
                .read_noted(Note::Partial, &doc.game)
                .is_none_or(|noted| doc.heaps > noted.heaps)
    }

    /// Notes `document`, kept already, as its game's proven quotient if it
    /// is one, else as its game's partial one if it reaches further than
    /// the one noted (a copy kept before these notes existed gets its
    /// note the next time it is given).
    pub fn note(&self, doc: &wire::Quotient, document: &[u8]) {
        if doc.proven || self.further(doc) {
            self.write_note(doc, document);
        }
    }

    /// Notes `document`, kept already and proven or further than the
    /// partial one noted, as its game's (and lets the partial copy noted
    /// before go).
    fn write_note(&self, doc: &wire::Quotient, document: &[u8]) {
        let note = self.note_path(Note::of(doc), &doc.game);
        let name = CheckedQuotients::name(document);
        let before = fs::read_to_string(&note).ok();
        if before.as_deref() == Some(name.as_str()) {
            return;
        }
        let noted = persist::replace(&note, &aside(&note), |out| out.write_all(name.as_bytes()));
        if noted.is_err() {
            return;
        }
        // The partial copy noted before decides nothing now (the new one
        // reaches further, or is proven), so it goes: the folder holds one
        // partial copy a game of its own making, and none once the game
        // has a proof. (Given again, it is checked again.)
        let before = match Note::of(doc) {
            Note::Partial => before,
            Note::Proven => {
                let partial = self.note_path(Note::Partial, &doc.game);
                let before = fs::read_to_string(&partial).ok();
                let _ = fs::remove_file(partial);
                before
            }
        };
        if let Some(before) = before.filter(|name| contents::is_copy_name(name)) {
            let _ = fs::remove_file(self.dir.join(before));
        }
    }

    /// The kept quotient of `game` a run to `upto` heaps may start from (it
    /// goes on from there to the same quotient as from heap 0): the proven
    /// one if it took at most `upto` heaps, else the partial one that
    /// reaches the furthest if it reaches at most `upto`. A kept quotient
    /// further than `upto` is not a start: the run would end past `upto`.
    pub fn start(&self, game: &str, upto: u64) -> Option<Arc<Quotient>> {
        [Note::Proven, Note::Partial]
            .into_iter()
            .filter_map(|note| self.noted(note, game))
            .find(|q| q.heaps() <= upto)
    }

    /// The document of `game` its note names: `None` without a note, or
    /// when the copy is gone, changed (its length and CRC-32 no longer its
    /// name), unreadable, of another game or not of the note's kind
    /// (proven or partial).
    pub(crate) fn read_noted(&self, note: Note, game: &str) -> Option<wire::Quotient> {
        let name = fs::read_to_string(self.note_path(note, game)).ok()?;
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
        (Note::of(&doc) == note && doc.game == game).then_some(doc)
    }

    /// The quotient of `game` its note names (see
    /// [`CheckedQuotients::read_noted`]), read once a process for each.
    fn noted(&self, note: Note, game: &str) -> Option<Arc<Quotient>> {
        let mut read = self.read.lock().unwrap_or_else(PoisonError::into_inner);
        read.entry((note, game.to_string()))
            .or_insert_with(|| {
                let doc = self.read_noted(note, game)?;
                Quotient::from_document(&doc).ok().map(Arc::new)
            })
            .clone()
    }
}

impl ResumableChecks for CheckedQuotients {
    /// [`CheckedQuotients::check`] of `doc`'s bytes as grundy writes them
    /// ([`document_bytes`]): the bytes a run's document printed with
    /// `--format json`, or saved as its checkpoint, has, so a later check
    /// of that file goes on where this one got, and the other way round.
    fn check_resumably(
        &self,
        doc: &wire::Quotient,
        stop: &dyn Fn() -> bool,
    ) -> Result<Checked, CheckError> {
        match document_bytes(doc) {
            Ok(bytes) => self.check(doc, &bytes, stop, &|_| {}),
            Err(_) => check_until(doc, stop),
        }
    }
}

impl KeptQuotients for CheckedQuotients {
    /// Read once a process for each game.
    fn proven(&self, game: &str) -> Option<Arc<Quotient>> {
        self.noted(Note::Proven, game)
    }

    /// Read once a process for each game.
    fn partial(&self, game: &str) -> Option<Arc<Quotient>> {
        self.noted(Note::Partial, game)
    }
}

/// Where a file of the quotients' folder is written before it is renamed
/// to `path`: `NAME.tmpPID-N`, this process's and this write's own, so
/// that neither two runs nor two threads of one (a server checking one
/// document for two requests) write into one file, nor a document's copy
/// and its stopped check (the two names differ only in their extension).
fn aside(path: &Path) -> PathBuf {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let write = WRITES.fetch_add(1, Ordering::Relaxed);
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".tmp{}-{write}", std::process::id()));
    path.with_file_name(name)
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

    /// Each write has a file of its own beside the one it replaces, named
    /// after it: two writes of one file, and a document's copy and its
    /// stopped check (whose names differ only in their extension).
    #[test]
    fn each_write_goes_aside_to_a_file_of_its_own() {
        let dir = Path::new("cache").join(QUOTIENTS);
        let copy = dir.join("12-0000abcd.json");
        let check = dir.join("12-0000abcd.checking");
        let asides = [
            (aside(&copy), &copy),
            (aside(&copy), &copy),
            (aside(&check), &check),
        ];
        for (i, (path, of)) in asides.iter().enumerate() {
            assert_eq!(path.parent(), Some(dir.as_path()));
            let name = path.file_name().unwrap().to_str().unwrap();
            let of = of.file_name().unwrap().to_str().unwrap();
            let rest = name.strip_prefix(of).unwrap();
            let rest = rest.strip_prefix(&format!(".tmp{}-", std::process::id()));
            assert!(rest.is_some_and(|n| n.parse::<u64>().is_ok()), "{name}");
            for (other, _) in &asides[..i] {
                assert_ne!(path, other);
            }
        }
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
        assert_eq!(this_users_dir().ok(), cache_dir(true));
        assert_eq!(
            NoCacheFolder.to_string(),
            "this platform has no cache folder for grundy: set GRUNDY_CACHE_DIR"
        );
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
        let mut kept: Vec<_> = fs::read_dir(dir.path().join("q"))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        kept.sort();
        let name = CheckedQuotients::name(&document);
        assert_eq!(
            kept,
            [name.as_str(), "partial-octal_3a0.77"],
            "no file aside"
        );
    }

    #[test]
    fn the_partial_document_that_reaches_furthest_is_noted_and_read() {
        let dir = tempfile::tempdir().unwrap();
        let fresh = || CheckedQuotients::in_dir(dir.path().join("q"));
        let files = || fs::read_dir(dir.path().join("q")).map_or(0, |d| d.count());
        let reach = |game: &str| fresh().partial(game).map(|q| q.heaps());
        assert_eq!(reach("octal:0.07"), None);
        let (doc, ten) = document("0.07", 10);
        fresh().remember(&doc, &ten);
        assert_eq!(reach("octal:0.07"), Some(10));
        assert_eq!(
            fs::read_to_string(dir.path().join("q/partial-octal_3a0.07")).unwrap(),
            CheckedQuotients::name(&ten)
        );
        assert!(fresh().proven("octal:0.07").is_none(), "not proven");
        assert_eq!(reach("octal:0.77"), None, "another game's");
        // A nearer one given is kept, but the note stays.
        let (doc, eight) = document("0.07", 8);
        fresh().remember(&doc, &eight);
        assert!(fresh().knows(&eight));
        assert_eq!(reach("octal:0.07"), Some(10));
        assert_eq!(files(), 3);
        // One built is kept only when it reaches further.
        let (doc, six) = document("0.07", 6);
        assert!(!fresh().remember_built(&doc, &six));
        assert!(!fresh().knows(&six));
        assert_eq!(files(), 3);
        let (doc, ten_again) = document("0.07", 10);
        assert!(!fresh().remember_built(&doc, &ten_again));
        assert_eq!(files(), 3, "as far, so not again");
        // Another copy as far, given: kept, but the note stays.
        let mut spaced = ten.clone();
        spaced.insert(ten.len() - 1, b' ');
        fresh().remember(&doc, &spaced);
        assert!(fresh().knows(&spaced));
        assert_eq!(
            fs::read_to_string(dir.path().join("q/partial-octal_3a0.07")).unwrap(),
            CheckedQuotients::name(&ten)
        );
        assert_eq!(files(), 4);
        let (doc, twelve) = document("0.07", 12);
        assert!(fresh().remember_built(&doc, &twelve));
        assert!(fresh().knows(&twelve));
        // The copy noted before goes; those never noted stay.
        assert!(!fresh().knows(&ten));
        assert!(fresh().knows(&eight) && fresh().knows(&spaced));
        assert_eq!((reach("octal:0.07"), files()), (Some(12), 4));
        // Proven ones are built and kept too, under their own note.
        let (doc, proven) = document("0.75", 100);
        assert!(fresh().remember_built(&doc, &proven));
        assert!(fresh().proven("octal:0.75").is_some());
        assert_eq!(reach("octal:0.75"), None);
        // A note naming a proven copy, or another game's, is not read.
        let note = |game: &str| dir.path().join(format!("q/partial-octal_3a{game}"));
        fs::write(note("0.75"), CheckedQuotients::name(&proven)).unwrap();
        assert_eq!(reach("octal:0.75"), None);
        fs::write(note("0.77"), CheckedQuotients::name(&twelve)).unwrap();
        assert_eq!(reach("octal:0.77"), None);
        // Read once a process: the same one, even once its copy is gone;
        // a later process has none, and notes a nearer one in its place.
        let cache = fresh();
        let first = cache.partial("octal:0.07").unwrap();
        fs::remove_file(dir.path().join("q").join(CheckedQuotients::name(&twelve))).unwrap();
        assert!(Arc::ptr_eq(&first, &cache.partial("octal:0.07").unwrap()));
        assert_eq!(reach("octal:0.07"), None);
        let (doc, _) = document("0.07", 6);
        assert!(fresh().remember_built(&doc, &six));
        assert_eq!(reach("octal:0.07"), Some(6));
        // A note naming no copy of grundy's: nothing it names is removed.
        let outside = dir.path().join("outside.json");
        fs::write(&outside, b"not grundy's").unwrap();
        fs::write(note("0.07"), "../outside.json").unwrap();
        let (doc, seven) = document("0.07", 7);
        assert!(fresh().remember_built(&doc, &seven));
        assert!(outside.exists());
        assert_eq!(reach("octal:0.07"), Some(7));
    }

    #[test]
    fn a_run_starts_from_the_kept_quotient_that_does_not_pass_its_end() {
        let dir = tempfile::tempdir().unwrap();
        let fresh = || CheckedQuotients::in_dir(dir.path().join("q"));
        let start = |game: &str, upto| {
            fresh()
                .start(game, upto)
                .map(|q| (q.heaps(), q.period().is_some()))
        };
        assert_eq!(start("octal:0.75", 1000), None);
        let (doc, twelve) = document("0.75", 12);
        fresh().remember(&doc, &twelve);
        assert_eq!(start("octal:0.75", 1000), Some((12, false)));
        assert_eq!(
            start("octal:0.75", 12),
            Some((12, false)),
            "as far as asked"
        );
        assert_eq!(start("octal:0.75", 11), None, "past the end asked for");
        assert_eq!(start("octal:0.77", 1000), None, "another game's");
        let (doc, proven) = document("0.75", 1000);
        let took = doc.heaps;
        assert!(doc.proven && took > 12);
        fresh().remember(&doc, &proven);
        // The proven one, where it took no more heaps than asked; the
        // partial one went when it was noted.
        assert_eq!(start("octal:0.75", took), Some((took, true)));
        assert_eq!(start("octal:0.75", took - 1), None);
    }

    #[test]
    fn a_proof_noted_lets_the_partial_copy_go_and_no_partial_is_noted_after() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join(QUOTIENTS);
        let fresh = || CheckedQuotients::in_dir(folder.clone());
        let files = || {
            let mut names: Vec<String> = fs::read_dir(&folder)
                .unwrap()
                .map(|e| e.unwrap().file_name().into_string().unwrap())
                .collect();
            names.sort();
            names
        };
        let (doc, twelve) = document("0.75", 12);
        assert!(fresh().remember_built(&doc, &twelve));
        let (doc, other) = document("0.77", 12);
        assert!(fresh().remember_built(&doc, &other));
        let (doc, proven) = document("0.75", 1000);
        assert!(fresh().remember_built(&doc, &proven));
        // 0.75's partial copy and note are gone; 0.77's stay.
        let name = CheckedQuotients::name;
        let mut left = vec![
            name(&other),
            name(&proven),
            "partial-octal_3a0.77".to_string(),
            "proven-octal_3a0.75".to_string(),
        ];
        left.sort();
        assert_eq!(files(), left);
        assert!(fresh().partial("octal:0.75").is_none());
        // A partial one built afterwards is not kept, one given is kept
        // (not checked again) but not noted: the proof decides every sum.
        let (doc, sixteen) = document("0.75", 16);
        assert!(!fresh().remember_built(&doc, &sixteen));
        assert!(!fresh().knows(&sixteen));
        fresh().remember(&doc, &sixteen);
        assert!(fresh().knows(&sixteen));
        assert!(fresh().partial("octal:0.75").is_none());
        // Listed: the proof and 0.77's partial one decide, the copy given
        // does not; nor would a partial one noted beside a proof (as a
        // cache from before this rule may hold).
        let decides = || {
            let mut listed: Vec<(String, bool, bool)> = contents::contents(dir.path())
                .unwrap()
                .documents
                .iter()
                .map(|d| {
                    let s = d.summary.clone().unwrap();
                    (s.game, s.proven, d.decides)
                })
                .collect();
            listed.sort();
            listed
        };
        let game = |g: &str, proven, decides| (g.to_string(), proven, decides);
        assert_eq!(
            decides(),
            [
                game("octal:0.75", false, false),
                game("octal:0.75", true, true),
                game("octal:0.77", false, true),
            ]
        );
        fs::write(folder.join("partial-octal_3a0.75"), name(&sixteen)).unwrap();
        assert_eq!(decides()[0], game("octal:0.75", false, false));
    }

    /// A check stopped while reading the heaps keeps how far it got; the
    /// next check of the same document goes on from there to the end a
    /// check from heap 1 reaches, and lets it go. Damaged, it is not gone
    /// on from; a document refused lets it go too and is not kept.
    #[test]
    fn a_stopped_check_is_gone_on_from_the_next_time_and_let_go_at_its_end() {
        use std::cell::Cell;

        let dir = tempfile::tempdir().unwrap();
        let kept = CheckedQuotients::in_dir(dir.path().join(QUOTIENTS));
        // 0.56 to 20,000 heaps: its heaps are read in several runs.
        let (doc, bytes) = document("0.56", 20_000);
        let whole = quotient::check(&doc).unwrap();
        // Stopped at the third run of heaps; the first heap each check
        // reads from.
        let runs = Cell::new(0usize);
        let first = Cell::new(None);
        let progress = |stage| {
            if let CheckStage::Heaps { heap, .. } = stage {
                runs.set(runs.get() + 1);
                first.set(first.get().or(Some(heap)));
            }
        };
        let third = || runs.get() == 3;
        let check = |doc: &wire::Quotient, bytes: &[u8], stop: &dyn Fn() -> bool| {
            runs.set(0);
            first.set(None);
            kept.check(doc, bytes, stop, &progress)
        };
        let file = kept.progress_path(&bytes);
        assert_eq!(check(&doc, &bytes, &third), Err(CheckError::Stopped));
        let reached = kept.stopped_check(&bytes).unwrap();
        assert!(reached > 1 && reached < 20_000, "{reached}");
        assert!(!kept.knows(&bytes));
        let passed = check(&doc, &bytes, &|| false).unwrap();
        assert_eq!(first.get(), Some(reached));
        assert_eq!(passed.went_on_from, Some(reached));
        assert_eq!((passed.heaps, passed.states), (whole.heaps, whole.states));
        assert!(!file.exists());
        assert_eq!(kept.stopped_check(&bytes), None);
        assert!(kept.knows(&bytes));
        // Known now, a check of it still checks, from heap 1.
        assert_eq!(check(&doc, &bytes, &|| false), Ok(whole));
        // Damaged: checked from heap 1.
        assert_eq!(check(&doc, &bytes, &third), Err(CheckError::Stopped));
        let mut damaged = fs::read(&file).unwrap();
        let last = damaged.len() - 5;
        damaged[last] ^= 1;
        fs::write(&file, &damaged).unwrap();
        assert_eq!(check(&doc, &bytes, &|| false), Ok(whole));
        assert_eq!(first.get(), Some(1));
        assert!(!file.exists());
        // Stopped before the heaps are read, it keeps nothing new: what
        // was kept still holds.
        assert_eq!(check(&doc, &bytes, &third), Err(CheckError::Stopped));
        let before = fs::read(&file).unwrap();
        assert_eq!(check(&doc, &bytes, &|| true), Err(CheckError::Stopped));
        assert_eq!(fs::read(&file).unwrap(), before);
        // A document refused after a stop: let go, and not kept.
        let mut changed = doc.clone();
        let at = changed.pretending.len() - 1;
        changed.pretending[at] = (changed.pretending[at] + 1) % changed.order as u32;
        let changed_bytes = document_bytes(&changed).unwrap();
        assert_eq!(
            check(&changed, &changed_bytes, &third),
            Err(CheckError::Stopped)
        );
        let changed_file = kept.progress_path(&changed_bytes);
        assert!(changed_file.exists());
        assert!(check(&changed, &changed_bytes, &|| false).is_err());
        assert!(first.get().is_some_and(|heap| heap > 1), "{first:?}");
        assert!(!changed_file.exists());
        assert!(!kept.knows(&changed_bytes));
    }

    /// The check a run's proof waits on keeps how far it got under the
    /// name of the document's bytes as grundy writes them, so that a check
    /// of the printed file goes on from it (and the other way round); a
    /// pass is remembered.
    #[test]
    fn a_runs_check_is_kept_under_the_name_of_its_printed_document() {
        use std::cell::Cell;

        let dir = tempfile::tempdir().unwrap();
        let kept = CheckedQuotients::in_dir(dir.path().join(QUOTIENTS));
        let (doc, bytes) = document("0.56", 20_000);
        let whole = quotient::check(&doc).unwrap();
        let checks: &dyn ResumableChecks = &kept;
        // The check asks once a row of the monoid, three times over, then
        // once a run of heaps: stopped at its third run.
        let asked = Cell::new(0usize);
        let third_run = || {
            asked.set(asked.get() + 1);
            asked.get() == 3 * doc.order + 3
        };
        assert_eq!(
            checks.check_resumably(&doc, &third_run),
            Err(CheckError::Stopped)
        );
        let reached = kept.stopped_check(&bytes).unwrap();
        assert!(reached > 1, "{reached}");
        // A check of the printed file goes on from there.
        let on = kept.check(&doc, &bytes, &|| false, &|_| {}).unwrap();
        assert_eq!(on.went_on_from, Some(reached));
        assert_eq!((on.heaps, on.states), (whole.heaps, whole.states));
        assert!(kept.knows(&bytes));
        // And the other way round: stopped as a file's check, gone on from
        // as a run's.
        asked.set(0);
        let file_stopped = kept.check(&doc, &bytes, &third_run, &|_| {});
        assert_eq!(file_stopped, Err(CheckError::Stopped));
        assert_eq!(kept.stopped_check(&bytes), Some(reached));
        assert_eq!(
            checks
                .check_resumably(&doc, &|| false)
                .map(|c| c.went_on_from),
            Ok(Some(reached))
        );
        assert_eq!(kept.stopped_check(&bytes), None);
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
        fresh().note(&doc, &bytes);
        assert!(fresh().proven("octal:0.75").is_some());
    }
}
