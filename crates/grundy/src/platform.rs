//! What the target can do: the one place that knows that WebAssembly in a
//! browser (`wasm32-unknown-unknown`) has neither threads nor a clock.
//!
//! There, [`threads`] is always 1 and a [`Stopwatch`] never advances (a
//! time limit is then the page's business: it stops the worker). Everywhere
//! else both are what `std` gives.

use std::time::{Duration, Instant};

/// Whether the target can spawn threads and read a monotonic clock.
pub const NATIVE: bool = !cfg!(all(target_family = "wasm", target_os = "unknown"));

/// How many threads to use when `asked` (or, for `None`, one per core):
/// always 1 where threads cannot be spawned.
pub fn threads(asked: Option<usize>) -> usize {
    if !NATIVE {
        return 1;
    }
    asked
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1)
}

/// Time since it was started; always zero where there is no clock.
#[derive(Clone, Copy, Debug)]
pub struct Stopwatch(Option<Instant>);

impl Stopwatch {
    /// Starts now.
    pub fn start() -> Stopwatch {
        Stopwatch(NATIVE.then(Instant::now))
    }

    /// Time since [`Stopwatch::start`].
    pub fn elapsed(&self) -> Duration {
        self.0.map_or(Duration::ZERO, |start| start.elapsed())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn native_targets_have_threads_and_a_clock() {
        const { assert!(NATIVE) };
        assert_eq!(threads(Some(3)), 3);
        assert_eq!(threads(Some(0)), 1);
        assert!(threads(None) >= 1);
        let watch = Stopwatch::start();
        std::thread::sleep(Duration::from_millis(5));
        assert!(watch.elapsed() >= Duration::from_millis(5));
    }
}
