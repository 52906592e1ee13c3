//! Ctrl-C, SIGTERM and SIGHUP (the signals a terminal or a batch scheduler
//! sends to end a job) ask a long run to stop. A run so stopped keeps what
//! it computed and ends with 128 + the signal's number, as a shell reports
//! a process that signal ended: 130 for Ctrl-C, 143 for SIGTERM, 129 for
//! SIGHUP.

use std::io;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::Once;

/// The first stop signal caught (0 before any).
static CAUGHT: AtomicI32 = AtomicI32::new(0);

/// Whether [`stoppable`] work is going on: a stop signal then asks it to
/// stop; otherwise the signal does what it would without grundy.
static WATCHING: AtomicBool = AtomicBool::new(false);

/// SIGINT's number, the status a stop ends with when no signal is known.
const SIGINT: i32 = 2;

/// Calls `stop` on each stop signal, from a thread of its own (so `stop`
/// may do anything, not only what a signal handler may).
pub fn on_stop(stop: impl Fn() + Send + 'static) -> io::Result<()> {
    listen(move |signal| {
        catch(signal);
        stop();
    })
}

/// Notes `signal` as caught, if it is the first.
fn catch(signal: i32) {
    let _ = CAUGHT.compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst);
}

/// Calls `heard` with each stop signal's number, from a thread of its own.
#[cfg(unix)]
fn listen(heard: impl Fn(i32) + Send + 'static) -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;

    let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP])?;
    std::thread::Builder::new()
        .name("stop signals".into())
        .spawn(move || {
            for signal in signals.forever() {
                heard(signal);
            }
        })?;
    Ok(())
}

/// Calls `heard` on Ctrl-C or a termination request (as SIGINT).
#[cfg(not(unix))]
fn listen(heard: impl Fn(i32) + Send + 'static) -> io::Result<()> {
    ctrlc::set_handler(move || heard(SIGINT)).map_err(io::Error::other)
}

/// Runs `work`, which asks its argument whether to stop, with the stop
/// signals asking it to (the signal is then [`caught`]); before and after
/// it they end the process at once, as they do a process that catches
/// none. For a step of a run that keeps nothing, which may take minutes
/// (the certificate check of a quotient given with `--quotient`): stopped,
/// it says so rather than vanish.
pub fn stoppable<T>(work: impl FnOnce(&dyn Fn() -> bool) -> T) -> T {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        let _ = listen(|signal| {
            if WATCHING.load(Ordering::SeqCst) {
                catch(signal);
            } else {
                as_if_uncaught(signal);
            }
        });
    });
    WATCHING.store(true, Ordering::SeqCst);
    let done = work(&|| caught().is_some());
    WATCHING.store(false, Ordering::SeqCst);
    done
}

/// Does what `signal` would do to a process that catches none (ends it).
#[cfg(unix)]
fn as_if_uncaught(signal: i32) {
    if signal_hook::low_level::emulate_default_handler(signal).is_err() {
        signal_hook::low_level::exit(128 + signal);
    }
}

/// Ends the process as Ctrl-C would.
#[cfg(not(unix))]
fn as_if_uncaught(_: i32) {
    std::process::exit(128 + SIGINT);
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
