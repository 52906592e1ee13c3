//! The job runner's limits, with instrumented jobs: a request that times
//! out is answered at once but keeps its core until its work stops; heavy
//! work never takes the last core; a full queue refuses at once.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use grundy_web::jobs::{JobError, Jobs, Weight};

/// Counts the jobs running at once, and the most ever seen.
#[derive(Default)]
struct Meter {
    now: AtomicUsize,
    most: AtomicUsize,
}

impl Meter {
    fn enter(&self) {
        let now = self.now.fetch_add(1, Ordering::SeqCst) + 1;
        self.most.fetch_max(now, Ordering::SeqCst);
    }

    fn leave(&self) {
        self.now.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A job that runs for `time`, ignoring its cancel flag.
fn stubborn(meter: &Arc<Meter>, time: Duration) -> impl FnOnce(&grundy::shared::Cancel) + Send {
    let meter = Arc::clone(meter);
    move |_| {
        meter.enter();
        std::thread::sleep(time);
        meter.leave();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn timed_out_work_keeps_its_core_until_it_stops() {
    let jobs = Arc::new(Jobs::new(2, 64, Duration::from_millis(50)));
    let meter = Arc::new(Meter::default());
    let work = Duration::from_millis(1500);
    let began = Instant::now();
    let mut answers = Vec::new();
    // Three waves of requests; each times out long before its work ends.
    for _ in 0..3 {
        let mut wave = Vec::new();
        for _ in 0..4 {
            let jobs = Arc::clone(&jobs);
            let job = stubborn(&meter, work);
            wave.push(tokio::spawn(
                async move { jobs.run(Weight::Light, job).await },
            ));
        }
        for task in wave {
            answers.push(task.await.unwrap());
        }
    }
    // Every request was answered with a timeout, at once: before the work
    // of the first ones could have ended.
    assert!(answers.iter().all(|a| *a == Err(JobError::Timeout)));
    assert!(
        began.elapsed() < work,
        "answered at once: {:?}",
        began.elapsed()
    );
    // Never more than two ran at once, though twelve timed out.
    assert_eq!(
        jobs.running(),
        2,
        "the timed-out work still holds both cores"
    );
    while jobs.running() > 0 {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(meter.most.load(Ordering::SeqCst), 2);
    assert_eq!(meter.now.load(Ordering::SeqCst), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timed_out_job_is_asked_to_stop() {
    let jobs = Jobs::new(2, 8, Duration::from_millis(30));
    let stopped = Arc::new(AtomicUsize::new(0));
    let seen = Arc::clone(&stopped);
    let answer = jobs
        .run(Weight::Light, move |cancel| {
            while !cancel.is_cancelled() {
                std::thread::sleep(Duration::from_millis(1));
            }
            seen.fetch_add(1, Ordering::SeqCst);
        })
        .await;
    assert_eq!(answer, Err(JobError::Timeout));
    while jobs.running() > 0 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert_eq!(stopped.load(Ordering::SeqCst), 1);
    // A job within the limit gives its answer.
    assert_eq!(jobs.run(Weight::Heavy, |_| 7).await, Ok(7));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heavy_work_leaves_a_core_and_full_queues_refuse() {
    let jobs = Arc::new(Jobs::new(2, 1, Duration::from_secs(5)));
    let meter = Arc::new(Meter::default());
    let heavy = {
        let jobs = Arc::clone(&jobs);
        let job = stubborn(&meter, Duration::from_millis(400));
        tokio::spawn(async move { jobs.run(Weight::Heavy, job).await })
    };
    while jobs.running() == 0 {
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    // A second heavy job does not wait for the last core: refused.
    assert_eq!(jobs.run(Weight::Heavy, |_| ()).await, Err(JobError::Busy));
    // A light one takes it.
    assert_eq!(jobs.run(Weight::Light, |_| 1).await, Ok(1));
    // With both cores taken, one light job may wait; the next is refused.
    let light = {
        let jobs = Arc::clone(&jobs);
        let job = stubborn(&meter, Duration::from_millis(400));
        tokio::spawn(async move { jobs.run(Weight::Light, job).await })
    };
    while jobs.running() < 2 {
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    let waiting = {
        let jobs = Arc::clone(&jobs);
        tokio::spawn(async move { jobs.run(Weight::Light, |_| 2).await })
    };
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(jobs.run(Weight::Light, |_| 3).await, Err(JobError::Busy));
    assert_eq!(waiting.await.unwrap(), Ok(2));
    assert_eq!(heavy.await.unwrap(), Ok(()));
    assert_eq!(light.await.unwrap(), Ok(()));
    assert!(meter.most.load(Ordering::SeqCst) <= 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heavy_work_does_not_wait_for_a_core() {
    let jobs = Arc::new(Jobs::new(2, 8, Duration::from_secs(5)));
    let meter = Arc::new(Meter::default());
    let mut light = Vec::new();
    for _ in 0..2 {
        let jobs = Arc::clone(&jobs);
        let job = stubborn(&meter, Duration::from_millis(300));
        light.push(tokio::spawn(
            async move { jobs.run(Weight::Light, job).await },
        ));
    }
    while jobs.running() < 2 {
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    // Its lane is free, but no core is: refused at once, not queued.
    let began = Instant::now();
    assert_eq!(jobs.run(Weight::Heavy, |_| ()).await, Err(JobError::Busy));
    assert!(jobs.running() == 2 && began.elapsed() < Duration::from_millis(300));
    for task in light {
        assert_eq!(task.await.unwrap(), Ok(()));
    }
    assert_eq!(jobs.run(Weight::Heavy, |_| 5).await, Ok(5));
}
