//! Where computations run: on blocking threads, at most one per core, each
//! within the time limit, with bounded waiting.
//!
//! - A job's permit is moved into the blocking task that runs it, so it is
//!   held for as long as the work really runs: a request that times out is
//!   answered at once (503), but its slot is freed only when its work stops.
//!   The work is asked to stop through its [`Cancel`] flag.
//! - Heavy jobs (large tables, long sequences, large positions) may use all
//!   cores but one, so light ones always have a core; a heavy job that
//!   cannot start at once is refused (429), it does not queue.
//! - At most `queue` light jobs wait for a core; beyond that, 429.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use grundy::shared::Cancel;
use tokio::sync::Semaphore;
use tokio::time::{timeout_at, Instant};

/// How much a job may ask of the machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weight {
    /// Small positions and tables: milliseconds at most.
    Light,
    /// Large tables, long sequences, large positions: up to the time limit.
    Heavy,
}

/// Why a job did not give its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobError {
    /// Too many jobs are waiting, or a heavy job found no free core: try
    /// again later (429).
    Busy,
    /// It did not finish within the time limit (503); it was asked to stop.
    Timeout,
    /// It panicked (500).
    Failed,
}

/// The computations of one server.
#[derive(Debug)]
pub struct Jobs {
    /// One permit per core.
    cores: Arc<Semaphore>,
    /// How many cores.
    size: usize,
    /// Permits for heavy jobs: all cores but one.
    heavy: Arc<Semaphore>,
    /// Light jobs waiting for a core.
    waiting: AtomicUsize,
    queue: usize,
    time: Duration,
}

impl Jobs {
    /// `cores` jobs at once (at least one), `queue` light jobs waiting at
    /// most, each answered within `time`.
    pub fn new(cores: usize, queue: usize, time: Duration) -> Jobs {
        let cores = cores.max(1);
        Jobs {
            cores: Arc::new(Semaphore::new(cores)),
            size: cores,
            heavy: Arc::new(Semaphore::new((cores - 1).max(1))),
            waiting: AtomicUsize::new(0),
            queue,
            time,
        }
    }

    /// The time limit.
    pub fn time(&self) -> Duration {
        self.time
    }

    /// Runs `work` on a blocking thread once a core is free, within the
    /// time limit (waiting included). `work` is given a flag raised when
    /// its request times out; it should stop soon after.
    pub async fn run<T: Send + 'static>(
        &self,
        weight: Weight,
        work: impl FnOnce(&Cancel) -> T + Send + 'static,
    ) -> Result<T, JobError> {
        let deadline = Instant::now() + self.time;
        let heavy = match weight {
            Weight::Light => None,
            Weight::Heavy => Some(
                Arc::clone(&self.heavy)
                    .try_acquire_owned()
                    .map_err(|_| JobError::Busy)?,
            ),
        };
        let core = match Arc::clone(&self.cores).try_acquire_owned() {
            Ok(permit) => permit,
            // Heavy work does not wait for a core.
            Err(_) if heavy.is_some() => return Err(JobError::Busy),
            Err(_) => {
                if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.queue {
                    self.waiting.fetch_sub(1, Ordering::SeqCst);
                    return Err(JobError::Busy);
                }
                let acquired = timeout_at(deadline, Arc::clone(&self.cores).acquire_owned()).await;
                self.waiting.fetch_sub(1, Ordering::SeqCst);
                match acquired {
                    Ok(Ok(permit)) => permit,
                    Ok(Err(_)) => return Err(JobError::Failed),
                    Err(_) => return Err(JobError::Timeout),
                }
            }
        };
        let cancel = Cancel::new();
        let flag = cancel.clone();
        let task = tokio::task::spawn_blocking(move || {
            // Held until the work is done, whenever the request is answered.
            let _permits = (core, heavy);
            work(&flag)
        });
        match timeout_at(deadline, task).await {
            Ok(Ok(answer)) => Ok(answer),
            Ok(Err(_)) => Err(JobError::Failed),
            Err(_) => {
                cancel.cancel();
                Err(JobError::Timeout)
            }
        }
    }

    /// Jobs holding a core now: running, or timed out and not yet
    /// stopped.
    pub fn running(&self) -> usize {
        self.size - self.cores.available_permits()
    }

    /// Light jobs waiting for a core now.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::SeqCst)
    }
}
