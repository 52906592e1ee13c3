//! Where a census writes its lines: standard output, or `--output FILE`,
//! which a run cut short (Ctrl-C, a scheduler's time limit, a crash) leaves
//! with every line finished, and which the same command run again resumes:
//! the lines kept, the codes after them computed.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufRead, BufReader, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use grundy::games::octal::census::{Header, Indexed};
use grundy::shared::Cancel;
use serde::de::DeserializeOwned;

use crate::input::UsageError;
use crate::signals;

/// The writer of a census's lines.
pub type Out = Box<dyn Write + Send>;

/// A census's output, opened.
pub struct Opened {
    /// Where the lines go.
    pub out: Out,
    /// Lines of the shard already there (kept from an earlier run); the
    /// run computes the codes after them.
    pub kept: usize,
    /// Whether the header is there already.
    pub has_header: bool,
    /// FILE, if the lines go there.
    pub path: Option<PathBuf>,
}

/// A line of a census that may have been cut short by an interruption.
pub trait Finished: Indexed + DeserializeOwned {
    /// Whether the line is the code's whole answer (not one stopped by an
    /// interruption, which a resumed run computes again).
    fn finished(&self) -> bool;
}

/// Opens the output of a census whose header is `header` and whose codes
/// are `mine` (their places in the census, in the order of the lines):
/// standard output without `path`; else FILE, created, or resumed when it
/// holds lines of this very census: the lines finished, in order, are
/// kept (each passed to `kept`), the rest of the file cut off (a line an
/// interruption stopped, or one cut short by a crash), and the run goes
/// on after them. A FILE of another census, or not a census, is refused
/// and left as it is.
pub fn open<E: Finished>(
    path: Option<&Path>,
    header: &Header,
    mine: &[usize],
    kept: &mut dyn FnMut(E),
) -> anyhow::Result<Opened> {
    let Some(path) = path else {
        return Ok(Opened {
            out: Box::new(io::stdout()),
            kept: 0,
            has_header: false,
            path: None,
        });
    };
    let name = path.display();
    let cannot = |e: io::Error| anyhow::Error::new(e).context(format!("cannot write {name}"));
    let empty = fs::metadata(path).map_or(true, |m| m.len() == 0);
    if empty {
        let file = File::create(path).map_err(cannot)?;
        return Ok(Opened {
            out: Box::new(file),
            kept: 0,
            has_header: false,
            path: Some(path.to_path_buf()),
        });
    }
    let file = File::open(path).with_context(|| format!("cannot open {name}"))?;
    let mut reader = BufReader::new(file);
    let bad = |line: usize, what: String| UsageError(format!("{name}: line {line}: {what}"));
    let mut line = String::new();
    let mut at = reader
        .read_line(&mut line)
        .with_context(|| format!("cannot read {name}"))? as u64;
    let found: Header = serde_json::from_str(line.trim_end()).map_err(|e| {
        bad(
            1,
            format!("not a census header ({e}); give another --output, this one is left as it is"),
        )
    })?;
    if &found != header || !line.ends_with('\n') {
        return Err(bad(
            1,
            format!(
                "the header of another census ({}); give another --output, this one is left as it is",
                serde_json::to_string(&found)?
            ),
        )
        .into());
    }
    let mut count = 0;
    loop {
        line.clear();
        let read = reader
            .read_line(&mut line)
            .with_context(|| format!("cannot read {name}"))?;
        if read == 0 || count == mine.len() || !line.ends_with('\n') {
            break;
        }
        let Ok(entry) = serde_json::from_str::<E>(line.trim_end()) else {
            break;
        };
        if entry.index() != mine[count] {
            return Err(bad(
                count + 2,
                format!(
                    "code number {} of the census where this shard's line {} is number {}; \
                     give another --output, this one is left as it is",
                    entry.index() + 1,
                    count + 1,
                    mine[count] + 1
                ),
            )
            .into());
        }
        if !entry.finished() {
            break;
        }
        kept(entry);
        at += read as u64;
        count += 1;
    }
    eprintln!(
        "grundy: resuming {name}: {count} of {} codes kept",
        mine.len()
    );
    let mut file = OpenOptions::new().write(true).open(path).map_err(cannot)?;
    // What follows the lines kept is computed again.
    file.set_len(at).map_err(cannot)?;
    file.seek(SeekFrom::End(0)).map_err(cannot)?;
    Ok(Opened {
        out: Box::new(file),
        kept: count,
        has_header: true,
        path: Some(path.to_path_buf()),
    })
}

/// A flag raised by Ctrl-C, SIGTERM or SIGHUP (as a batch scheduler sends
/// at a job's time limit).
pub fn cancel_on_signal() -> Cancel {
    let cancel = Cancel::new();
    let raise = cancel.clone();
    let _ = signals::on_stop(move || raise.cancel());
    cancel
}

/// Ends an interrupted census with 128 + the signal's number (130 for
/// Ctrl-C, 143 for SIGTERM), saying how many of its
/// `codes` codes are `written` and, with `--output`, that the same command
/// resumes it.
pub fn interrupted(written: usize, codes: usize, path: Option<&Path>) -> ! {
    eprintln!(
        "grundy: interrupted: {written} of {codes} codes written (the ones running then as far as they got, \
         marked interrupted); the others not computed{}",
        path.map_or(String::new(), |path| format!(
            "; the same command resumes {}",
            path.display()
        ))
    );
    std::process::exit(signals::stopped_status());
}
