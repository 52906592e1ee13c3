//! A progress bar for long table computations: on standard error, when it
//! is a terminal, and only for tables big enough to take a second or so.

use std::io::{self, IsTerminal};
use std::sync::{Arc, Mutex};

use grundy::games::bomb::Progress;
use indicatif::{ProgressBar, ProgressStyle};

/// New cells from which a table takes about a second (600×600).
const SHOW_FROM: u64 = 600 * 600;

/// A progress report that draws a bar, or none when standard error is not
/// a terminal.
pub fn table_progress() -> Option<Progress> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let bar: Mutex<Option<ProgressBar>> = Mutex::new(None);
    Some(Arc::new(move |done, total| {
        if total < SHOW_FROM {
            return;
        }
        let Ok(mut bar) = bar.lock() else { return };
        let shown = bar.get_or_insert_with(|| {
            let style = ProgressStyle::with_template(
                "{msg} [{bar:40}] {percent}% ({elapsed}, about {eta} left)",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> ");
            ProgressBar::new(total)
                .with_style(style)
                .with_message("Computing the Bomb table")
        });
        shown.set_position(done);
        if done >= total {
            shown.finish_and_clear();
            *bar = None;
        }
    }))
}
