//! What the cache folder holds, and clearing it (`grundy cache`). Only
//! grundy's own files are listed or removed: the folder may hold other
//! things (`GRUNDY_CACHE_DIR` names any folder, and the site build keeps
//! its tools beside these).

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use grundy::games::bomb::BombTable;
use grundy::misere::quotient::CheckProgress;
use grundy::wire;

use crate::{CheckedQuotients, Note, FILE, QUOTIENTS};

/// What the cache folder `dir` holds.
#[derive(Debug)]
pub struct Contents {
    /// The folder.
    pub dir: PathBuf,
    /// The Bomb table file: its bytes, and its rows and columns when it
    /// reads as a table (a damaged one is computed again when needed).
    pub bomb_table: Option<(u64, Option<(u32, u32)>)>,
    /// The quotient documents kept, by file name.
    pub documents: Vec<KeptDocument>,
    /// The certificate checks stopped part way, by file name.
    pub stopped_checks: Vec<StoppedCheck>,
    /// The bytes of all of grundy's files there (the table, the documents,
    /// the notes naming each game's proven and partial ones, the stopped
    /// checks, and any file a run was writing aside): what [`clear`]
    /// removes.
    pub total_bytes: u64,
}

impl Contents {
    /// The contents as the wire format writes them (`grundy cache --format
    /// json`).
    pub fn wire(&self) -> wire::CacheContents {
        wire::CacheContents {
            format: wire::FORMAT_VERSION,
            dir: self.dir.display().to_string(),
            bomb_table: self.bomb_table.map(|(bytes, size)| wire::CachedTable {
                bytes,
                size: size.map(|(rows, cols)| [rows, cols]),
            }),
            quotients: (self.documents.iter())
                .map(|kept| wire::CachedQuotient {
                    file: (kept.file.file_name())
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default(),
                    bytes: kept.bytes,
                    summary: kept.summary.clone().map(|s| wire::CachedQuotientSummary {
                        game: s.game,
                        proven: s.proven,
                        heaps: s.heaps,
                        order: s.order,
                        p_size: s.p_size,
                    }),
                    decides: kept.decides,
                })
                .collect(),
            stopped_checks: (self.stopped_checks.iter())
                .map(|stopped| wire::CachedStoppedCheck {
                    file: (stopped.file.file_name())
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default(),
                    bytes: stopped.bytes,
                    heap: stopped.heap,
                })
                .collect(),
            total_bytes: self.total_bytes,
        }
    }
}

/// A certificate check stopped part way: how far it read its document's
/// heaps, kept for the next check of that document to go on from.
#[derive(Debug)]
pub struct StoppedCheck {
    /// Its file.
    pub file: PathBuf,
    /// Its length in bytes.
    pub bytes: u64,
    /// The first heap it had not read; `None` when the file does not read
    /// as a stopped check's (the next check reads every heap).
    pub heap: Option<u64>,
}

/// A quotient document kept: it passed the certificate check, or
/// `grundy quotient` built it.
#[derive(Debug)]
pub struct KeptDocument {
    /// Its file.
    pub file: PathBuf,
    /// Its length in bytes.
    pub bytes: u64,
    /// What it says; `None` when its bytes no longer give its name
    /// (changed since it was kept: never used).
    pub summary: Option<Summary>,
    /// Whether its game's note names it: a proven one then decides the
    /// game's misère play, a partial one the sums of the heaps it reached
    /// (while the game has no proven one).
    pub decides: bool,
}

/// What a quotient document says, in short.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// The game (`octal:0.77`).
    pub game: String,
    /// Whether it is proven for every heap size.
    pub proven: bool,
    /// The heaps it covers (those below this), when partial.
    pub heaps: u64,
    /// Its order.
    pub order: usize,
    /// The size of its P-portion.
    pub p_size: usize,
}

/// What [`clear`] removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cleared {
    /// The files removed.
    pub files: usize,
    /// Their bytes.
    pub bytes: u64,
}

/// Whether `name` is a kept copy's: its length, `-`, its CRC-32 in eight
/// hex digits, `.json`.
pub(crate) fn is_copy_name(name: &str) -> bool {
    let Some(stem) = name.strip_suffix(".json") else {
        return false;
    };
    let Some((length, crc)) = stem.split_once('-') else {
        return false;
    };
    !length.is_empty()
        && length.bytes().all(|b| b.is_ascii_digit())
        && crc.len() == 8
        && crc.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Whether `name` is a stopped check's: a kept copy's name with
/// `.checking` for `.json`.
pub(crate) fn is_stopped_check_name(name: &str) -> bool {
    name.strip_suffix(".checking")
        .is_some_and(|stem| is_copy_name(&format!("{stem}.json")))
}

/// Whether `name` is the Bomb table file or one a run was writing aside
/// (`bomb-table-v2.tmp` and its process number).
fn is_table_name(name: &str) -> bool {
    let stem = FILE.trim_end_matches(".bin");
    name == FILE
        || name
            .strip_prefix(stem)
            .and_then(|rest| rest.strip_prefix(".tmp"))
            .is_some_and(|pid| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()))
}

/// What `dir` holds of grundy's (nothing, when it does not exist).
pub fn contents(dir: &Path) -> io::Result<Contents> {
    let table = dir.join(FILE);
    let bomb_table = match fs::read(&table) {
        Ok(bytes) => Some((
            bytes.len() as u64,
            BombTable::from_bytes(&bytes)
                .ok()
                .map(|t| (t.rows(), t.cols())),
        )),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    let kept = CheckedQuotients::in_dir(dir.join(QUOTIENTS));
    let mut documents = Vec::new();
    for name in file_names(&kept.dir)? {
        if !is_copy_name(&name) {
            continue;
        }
        let file = kept.dir.join(&name);
        let bytes = fs::read(&file)?;
        let summary = (CheckedQuotients::name(&bytes) == name)
            .then(|| serde_json::from_slice::<wire::Quotient>(&bytes).ok())
            .flatten()
            .map(|doc| Summary {
                game: doc.game,
                proven: doc.proven,
                heaps: doc.heaps,
                order: doc.order,
                p_size: doc.p_size,
            });
        let decides = summary.as_ref().is_some_and(|s| {
            let note = if s.proven {
                Note::Proven
            } else {
                Note::Partial
            };
            fs::read(kept.note_path(note, &s.game)).is_ok_and(|noted| noted == name.as_bytes())
                && (s.proven || kept.read_noted(Note::Proven, &s.game).is_none())
        });
        documents.push(KeptDocument {
            file,
            bytes: bytes.len() as u64,
            summary,
            decides,
        });
    }
    let mut stopped_checks = Vec::new();
    for name in file_names(&kept.dir)? {
        if !is_stopped_check_name(&name) {
            continue;
        }
        let file = kept.dir.join(&name);
        let bytes = fs::read(&file)?;
        stopped_checks.push(StoppedCheck {
            file,
            bytes: bytes.len() as u64,
            heap: CheckProgress::from_bytes(&bytes).map(|p| p.heap()),
        });
    }
    let mut total_bytes = 0;
    for file in grundys_files(dir)? {
        total_bytes += fs::metadata(file)?.len();
    }
    Ok(Contents {
        dir: dir.to_path_buf(),
        bomb_table,
        documents,
        stopped_checks,
        total_bytes,
    })
}

/// Every file of grundy's in `dir`: the Bomb table's, and each in the
/// folder of quotient documents.
fn grundys_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = file_names(dir)?
        .into_iter()
        .filter(|name| is_table_name(name))
        .map(|name| dir.join(name))
        .collect();
    let quotients = dir.join(QUOTIENTS);
    files.extend(
        file_names(&quotients)?
            .into_iter()
            .map(|name| quotients.join(name)),
    );
    Ok(files)
}

/// The names of the files in `dir`, sorted (none when it does not exist).
fn file_names(dir: &Path) -> io::Result<Vec<String>> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e),
    };
    let mut names = Vec::new();
    for entry in entries {
        let entry = entry?;
        if entry.file_type()?.is_file() {
            if let Ok(name) = entry.file_name().into_string() {
                names.push(name);
            }
        }
    }
    names.sort();
    Ok(names)
}

/// Removes what grundy keeps in `dir`: the Bomb table file (and any a
/// run was writing aside), and the folder of quotient documents with
/// everything in it (grundy's own). Nothing else in `dir` is touched.
pub fn clear(dir: &Path) -> io::Result<Cleared> {
    let mut cleared = Cleared { files: 0, bytes: 0 };
    let mut remove = |path: &Path| -> io::Result<()> {
        let bytes = fs::metadata(path)?.len();
        fs::remove_file(path)?;
        cleared.files += 1;
        cleared.bytes += bytes;
        Ok(())
    };
    for file in grundys_files(dir)? {
        remove(&file)?;
    }
    match fs::remove_dir(dir.join(QUOTIENTS)) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    Ok(cleared)
}

#[cfg(test)]
mod tests {
    use grundy::games::bomb::TableStore;

    use grundy::misere::quotient::{CheckError, CheckStage};

    use super::*;
    use crate::tests::document;
    use crate::TableFile;

    fn keep(kept: &CheckedQuotients, code: &str, upto: u64) -> Vec<u8> {
        let (doc, bytes) = document(code, upto);
        kept.remember(&doc, &bytes);
        bytes
    }

    #[test]
    fn a_folder_that_cannot_be_read_is_an_error_not_an_empty_cache() {
        let dir = tempfile::tempdir().unwrap();
        // The table's name taken by a folder.
        fs::create_dir(dir.path().join(FILE)).unwrap();
        assert!(contents(dir.path()).is_err());
        fs::remove_dir(dir.path().join(FILE)).unwrap();
        // The documents' folder's name taken by a file.
        fs::write(dir.path().join(QUOTIENTS), b"").unwrap();
        assert!(contents(dir.path()).is_err());
        assert!(clear(dir.path()).is_err());
        fs::remove_file(dir.path().join(QUOTIENTS)).unwrap();
        // Something not grundy's in the documents' folder: its files are
        // removed, and the folder left, which is said.
        fs::create_dir_all(dir.path().join(QUOTIENTS).join("inner")).unwrap();
        fs::write(dir.path().join(QUOTIENTS).join("x.json"), b"{}").unwrap();
        assert!(clear(dir.path()).is_err());
        assert!(!dir.path().join(QUOTIENTS).join("x.json").exists());
        assert!(dir.path().join(QUOTIENTS).join("inner").exists());
    }

    #[test]
    fn names_of_grundys_files() {
        assert!(is_copy_name("3713-71d03a84.json"));
        assert!(!is_copy_name("3713-71d03a8.json"));
        assert!(!is_copy_name("-71d03a84.json"));
        assert!(!is_copy_name("37x3-71d03a84.json"));
        assert!(!is_copy_name("3713-71d03a84.jsn"));
        assert!(!is_copy_name("3713-71d03g84.json"));
        assert!(!is_copy_name("371371d03a84.json"));
        assert!(is_stopped_check_name("3713-71d03a84.checking"));
        assert!(!is_stopped_check_name("3713-71d03a84.json"));
        assert!(!is_stopped_check_name("3713-71d03a8.checking"));
        assert!(!is_stopped_check_name("3713-71d03a84.checkin"));
        assert!(!is_stopped_check_name("3713.checking"));
        assert!(is_table_name("bomb-table-v2.bin"));
        assert!(is_table_name("bomb-table-v2.tmp4242"));
        assert!(!is_table_name("bomb-table-v2.tmp"));
        assert!(!is_table_name("bomb-table-v2.tmpx"));
        assert!(!is_table_name("bomb-table-v1.bin"));
        assert!(!is_table_name("notes.txt"));
    }

    #[test]
    fn the_contents_name_what_each_copy_is_and_clear_removes_only_grundys() {
        let dir = tempfile::tempdir().unwrap();
        let empty = contents(&dir.path().join("none")).unwrap();
        assert!(empty.bomb_table.is_none() && empty.documents.is_empty());

        let kept = CheckedQuotients::in_dir(dir.path().join(QUOTIENTS));
        let kayles = keep(&kept, "0.77", 1000);
        // Partial, and not the furthest: a partial one to heap 21 is kept
        // first (its copy removed below).
        let further = keep(&kept, "0.07", 22);
        let partial = keep(&kept, "0.07", 20);
        let proven_75 = keep(&kept, "0.75", 100);
        let partial_64 = keep(&kept, "0.64", 10);
        // Proven, but no longer its game's: the note names another.
        fs::write(
            kept.note_path(Note::Proven, "octal:0.75"),
            "1-00000000.json",
        )
        .unwrap();
        fs::remove_file(kept.dir.join(CheckedQuotients::name(&further))).unwrap();
        let mut table = TableFile {
            path: dir.path().join(FILE),
        };
        let mut bombs = BombTable::new();
        bombs.ensure(3, 4).unwrap();
        table.save(&bombs.to_bytes());
        fs::write(dir.path().join("bomb-table-v2.tmp99"), b"half").unwrap();
        fs::create_dir(dir.path().join("wasm-tools")).unwrap();
        fs::write(dir.path().join("wasm-tools/tool"), b"not grundy's").unwrap();
        fs::write(dir.path().join("notes.txt"), b"not grundy's").unwrap();
        // A check stopped as it began to read the heaps, and a stopped
        // check's file damaged.
        let (doc_77, bytes_77) = crate::tests::document("0.77", 30);
        let reading = std::cell::Cell::new(false);
        let stopped = kept.check(&doc_77, &bytes_77, &|| reading.get(), &|stage| {
            reading.set(matches!(stage, CheckStage::Heaps { .. }));
        });
        assert_eq!(stopped, Err(CheckError::Stopped));
        let stopped = kept.progress_path(&bytes_77);
        let damaged = kept.dir.join("12-0000abcd.checking");
        fs::write(&damaged, b"not a check").unwrap();

        let seen = contents(dir.path()).unwrap();
        let checks: Vec<(&Path, u64, Option<u64>)> = (seen.stopped_checks.iter())
            .map(|c| (c.file.as_path(), c.bytes, c.heap))
            .collect();
        let stopped_bytes = fs::metadata(&stopped).unwrap().len();
        assert_eq!(
            checks,
            [
                (damaged.as_path(), 11, None),
                (stopped.as_path(), stopped_bytes, Some(1))
            ]
        );
        assert_eq!(seen.dir, dir.path());
        let (bytes, size) = seen.bomb_table.unwrap();
        assert_eq!(size, Some((3, 4)));
        assert_eq!(bytes, fs::metadata(dir.path().join(FILE)).unwrap().len());
        let by_name = |b: &[u8]| {
            seen.documents
                .iter()
                .find(|d| d.file == kept.dir.join(CheckedQuotients::name(b)))
                .unwrap()
        };
        assert_eq!(seen.documents.len(), 4);
        let k = by_name(&kayles);
        assert_eq!(k.bytes, kayles.len() as u64);
        let s = k.summary.clone().unwrap();
        assert_eq!(
            (s.game.as_str(), s.proven, s.order, s.p_size),
            ("octal:0.77", true, 40, 9)
        );
        assert!(k.decides);
        let p = by_name(&partial).summary.clone().unwrap();
        assert_eq!(
            (p.game.as_str(), p.proven, p.heaps),
            ("octal:0.07", false, 20)
        );
        assert!(!by_name(&partial).decides, "its note names another copy");
        let p = by_name(&partial_64);
        assert_eq!(
            p.summary.as_ref().map(|s| (s.proven, s.heaps)),
            Some((false, 10))
        );
        assert!(p.decides, "the furthest partial one of its game");
        assert!(by_name(&proven_75).summary.as_ref().unwrap().proven);
        assert!(!by_name(&proven_75).decides, "its note names another copy");

        // A copy changed since it was kept says nothing.
        let mut changed = partial.clone();
        changed[0] = b' ';
        fs::write(kept.dir.join(CheckedQuotients::name(&partial)), &changed).unwrap();
        let seen = contents(dir.path()).unwrap();
        let changed = seen
            .documents
            .iter()
            .find(|d| d.file.ends_with(CheckedQuotients::name(&partial)))
            .unwrap();
        assert!(changed.summary.is_none() && !changed.decides);
        // A damaged table is listed without its size.
        fs::write(dir.path().join(FILE), b"damaged").unwrap();
        assert_eq!(contents(dir.path()).unwrap().bomb_table, Some((7, None)));
        // As the wire writes them: the damaged table without its size, the
        // changed copy without its summary, the others as they are.
        let wire = contents(dir.path()).unwrap().wire();
        assert_eq!(
            wire.bomb_table,
            Some(wire::CachedTable {
                bytes: 7,
                size: None
            })
        );
        assert_eq!(wire.format, wire::FORMAT_VERSION);
        assert_eq!(wire.dir, dir.path().display().to_string());
        let copy = |b: &[u8]| {
            wire.quotients
                .iter()
                .find(|q| q.file == CheckedQuotients::name(b))
                .unwrap()
        };
        assert_eq!(copy(&partial).summary, None);
        assert_eq!(copy(&partial).bytes, partial.len() as u64);
        let p64 = copy(&partial_64);
        assert!(p64.decides);
        assert_eq!(
            p64.summary,
            Some(wire::CachedQuotientSummary {
                game: "octal:0.64".into(),
                proven: false,
                heaps: 10,
                order: by_name(&partial_64).summary.as_ref().unwrap().order,
                p_size: by_name(&partial_64).summary.as_ref().unwrap().p_size,
            })
        );
        assert!(!copy(&proven_75).decides);
        assert_eq!(wire.quotients.len(), 4);
        assert_eq!(
            wire.stopped_checks,
            [
                wire::CachedStoppedCheck {
                    file: "12-0000abcd.checking".into(),
                    bytes: 11,
                    heap: None
                },
                wire::CachedStoppedCheck {
                    file: CheckedQuotients::name(&bytes_77).replace(".json", ".checking"),
                    bytes: stopped_bytes,
                    heap: Some(1)
                }
            ]
        );

        let notes = 4;
        let files = 1 + 1 + 4 + notes + 2;
        let bytes: u64 = 7
            + 4
            + 11
            + stopped_bytes
            + (kayles.len() + partial.len() + proven_75.len() + partial_64.len()) as u64
            + fs::metadata(kept.note_path(Note::Proven, "octal:0.77"))
                .unwrap()
                .len()
            + fs::metadata(kept.note_path(Note::Proven, "octal:0.75"))
                .unwrap()
                .len()
            + fs::metadata(kept.note_path(Note::Partial, "octal:0.07"))
                .unwrap()
                .len()
            + fs::metadata(kept.note_path(Note::Partial, "octal:0.64"))
                .unwrap()
                .len();
        assert_eq!(contents(dir.path()).unwrap().total_bytes, bytes);
        assert_eq!(clear(dir.path()).unwrap(), Cleared { files, bytes });
        let left: Vec<_> = {
            let mut names: Vec<_> = fs::read_dir(dir.path())
                .unwrap()
                .map(|e| e.unwrap().file_name().into_string().unwrap())
                .collect();
            names.sort();
            names
        };
        assert_eq!(left, ["notes.txt", "wasm-tools"]);
        assert!(dir.path().join("wasm-tools/tool").exists());
        let after = contents(dir.path()).unwrap();
        assert!(after.bomb_table.is_none() && after.documents.is_empty());
        assert_eq!(after.total_bytes, 0);
        assert_eq!(clear(dir.path()).unwrap(), Cleared { files: 0, bytes: 0 });
    }
}
