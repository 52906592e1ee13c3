//! Ctrl-C, SIGTERM and SIGHUP (the signals a terminal or a batch scheduler
//! sends to end a job) ask a long run to stop. A run so stopped keeps what
//! it computed and ends with 128 + the signal's number, as a shell reports
//! a process that signal ended: 130 for Ctrl-C, 143 for SIGTERM, 129 for
//! SIGHUP.

use std::io;
use std::sync::atomic::{AtomicI32, Ordering};

/// The first stop signal caught (0 before any).
static CAUGHT: AtomicI32 = AtomicI32::new(0);

/// SIGINT's number, the status a stop ends with when no signal is known.
const SIGINT: i32 = 2;

/// Calls `stop` on each stop signal, from a thread of its own (so `stop`
/// may do anything, not only what a signal handler may).
#[cfg(unix)]
pub fn on_stop(stop: impl Fn() + Send + 'static) -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;

    let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP])?;
    std::thread::Builder::new()
        .name("stop signals".into())
        .spawn(move || {
            for signal in signals.forever() {
                let _ = CAUGHT.compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst);
                stop();
            }
        })?;
    Ok(())
}

/// Calls `stop` on Ctrl-C or a termination request.
#[cfg(not(unix))]
pub fn on_stop(stop: impl Fn() + Send + 'static) -> io::Result<()> {
    ctrlc::set_handler(move || {
        let _ = CAUGHT.compare_exchange(0, SIGINT, Ordering::SeqCst, Ordering::SeqCst);
        stop();
    })
    .map_err(io::Error::other)
}

/// The first stop signal caught, if any.
pub fn caught() -> Option<i32> {
    match CAUGHT.load(Ordering::SeqCst) {
        0 => None,
        signal => Some(signal),
    }
}

/// The status a run stopped by a signal ends with: 128 + the signal's
/// number (130, Ctrl-C's, when none is known).
pub fn stopped_status() -> i32 {
    128 + caught().unwrap_or(SIGINT)
}
