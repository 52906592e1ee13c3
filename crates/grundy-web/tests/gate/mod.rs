//! Test helpers that synchronise on events, never on how long something
//! takes: a gate that held work waits at until the test opens it, and a
//! wait for a condition that fails (instead of hanging) if the condition
//! never comes.

use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

#[derive(Default)]
struct Shared {
    open: Mutex<bool>,
    opened: Condvar,
}

/// The test's side of a gate: work given a [`Gate::waiter`] is held until
/// [`Gate::open`], or until the gate is dropped. A test that fails while
/// work is held therefore lets it go, and its runtime can shut down (a
/// tokio runtime waits for its blocking threads), instead of hanging.
#[derive(Default)]
pub struct Gate(Arc<Shared>);

/// The work's side of a gate.
#[derive(Clone)]
pub struct Waiter(Arc<Shared>);

impl Gate {
    /// A way through the gate for one piece of work.
    pub fn waiter(&self) -> Waiter {
        Waiter(Arc::clone(&self.0))
    }

    /// Lets every waiting (and later) caller of [`Waiter::wait`] through.
    pub fn open(&self) {
        *self.0.open.lock().unwrap_or_else(PoisonError::into_inner) = true;
        self.0.opened.notify_all();
    }
}

impl Drop for Gate {
    fn drop(&mut self) {
        self.open();
    }
}

impl Waiter {
    /// Blocks until the gate is open.
    pub fn wait(&self) {
        let mut open = self.0.open.lock().unwrap_or_else(PoisonError::into_inner);
        while !*open {
            open = self
                .0
                .opened
                .wait(open)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }
}

/// A bound on waiting for something that must happen, so that a broken
/// promise fails the test instead of hanging it. Nothing the tests wait
/// for takes more than milliseconds: the bound is only there for bugs.
pub const NEVER: Duration = Duration::from_secs(120);

/// Waits until `condition` holds, checking it every millisecond; panics
/// with `what` if it still does not after [`NEVER`].
pub async fn until(what: &str, mut condition: impl FnMut() -> bool) {
    let gave_up = tokio::time::Instant::now() + NEVER;
    while !condition() {
        assert!(tokio::time::Instant::now() < gave_up, "never: {what}");
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
}

/// `future`'s output, or a panic naming `what` if it is not ready within
/// [`NEVER`] (a request that should be answered at once, but waits).
pub async fn soon<T>(what: &str, future: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(NEVER, future)
        .await
        .unwrap_or_else(|_| panic!("not answered: {what}"))
}
