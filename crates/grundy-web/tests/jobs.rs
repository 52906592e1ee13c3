//! The job runner's limits, with instrumented jobs: a request that times
//! out is answered at once but keeps its core until its work stops; heavy
//! work never takes the last core; a full queue refuses at once.
//!
//! The jobs here are held at a [`Gate`] until the test lets them finish, and
//! the tests wait for events (a job holds a core, a job waits), never for
//! an amount of time: they mean the same on a machine of any speed, busy
//! or not.

mod gate;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use gate::{soon, until, Gate};
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

/// A job that runs until `gate` opens, ignoring its cancel flag.
fn stubborn(meter: &Arc<Meter>, gate: &Gate) -> impl FnOnce(&grundy::shared::Cancel) + Send {
    let (meter, gate) = (Arc::clone(meter), gate.waiter());
    move |_| {
        meter.enter();
        gate.wait();
        meter.leave();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn timed_out_work_keeps_its_core_until_it_stops() {
    let jobs = Arc::new(Jobs::new(2, 64, Duration::from_millis(50)));
    let meter = Arc::new(Meter::default());
    let gate = Gate::default();
    let mut answers = Vec::new();
    // Three waves of requests; each times out while its work (or the work
    // holding the cores it waits for) cannot end: the gate is shut.
    for _ in 0..3 {
        let mut wave = Vec::new();
        for _ in 0..4 {
            let jobs = Arc::clone(&jobs);
            let job = stubborn(&meter, &gate);
            wave.push(tokio::spawn(
                async move { jobs.run(Weight::Light, job).await },
            ));
        }
        for task in wave {
            answers.push(soon("a request past its time limit", task).await.unwrap());
        }
    }
    // Every request was answered with a timeout, before any work ended.
    assert_eq!(answers, [Err(JobError::Timeout); 12]);
    until("the two jobs holding the cores run", || {
        meter.now.load(Ordering::SeqCst) == 2
    })
    .await;
    // Never more than two ran at once, though twelve timed out.
    assert_eq!(
        jobs.running(),
        2,
        "the timed-out work still holds both cores"
    );
    gate.open();
    until("the timed-out work lets its cores go", || {
        jobs.running() == 0
    })
    .await;
    assert_eq!(meter.most.load(Ordering::SeqCst), 2);
    assert_eq!(meter.now.load(Ordering::SeqCst), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timed_out_job_is_asked_to_stop() {
    // The job below runs until it is asked to stop, so it always times
    // out; the limit only has to be long enough for the quick job after
    // it to start on a blocking thread, even on a loaded machine.
    let jobs = Jobs::new(2, 8, Duration::from_millis(500));
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
    until("the cancelled job stops", || jobs.running() == 0).await;
    assert_eq!(stopped.load(Ordering::SeqCst), 1);
    // A job within the limit gives its answer.
    assert_eq!(jobs.run(Weight::Heavy, |_| 7).await, Ok(7));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heavy_work_leaves_a_core_and_full_queues_refuse() {
    let jobs = Arc::new(Jobs::new(2, 1, Duration::from_secs(60)));
    let meter = Arc::new(Meter::default());
    let gate = Gate::default();
    let heavy = {
        let jobs = Arc::clone(&jobs);
        let job = stubborn(&meter, &gate);
        tokio::spawn(async move { jobs.run(Weight::Heavy, job).await })
    };
    until("the heavy job takes a core", || jobs.running() == 1).await;
    // A second heavy job does not wait for the last core: refused.
    assert_eq!(
        soon("a second heavy job", jobs.run(Weight::Heavy, |_| ())).await,
        Err(JobError::Busy)
    );
    // A light one takes it.
    assert_eq!(jobs.run(Weight::Light, |_| 1).await, Ok(1));
    // With both cores taken, one light job may wait; the next is refused.
    let light = {
        let jobs = Arc::clone(&jobs);
        let job = stubborn(&meter, &gate);
        tokio::spawn(async move { jobs.run(Weight::Light, job).await })
    };
    until("the light job takes the last core", || jobs.running() == 2).await;
    let waiting = {
        let jobs = Arc::clone(&jobs);
        tokio::spawn(async move { jobs.run(Weight::Light, |_| 2).await })
    };
    until("a light job waits", || jobs.waiting() == 1).await;
    assert_eq!(
        soon(
            "a light job beyond the queue",
            jobs.run(Weight::Light, |_| 3)
        )
        .await,
        Err(JobError::Busy)
    );
    assert!(!waiting.is_finished(), "the waiting job waits for a core");
    until("both held jobs run", || {
        meter.now.load(Ordering::SeqCst) == 2
    })
    .await;
    gate.open();
    assert_eq!(waiting.await.unwrap(), Ok(2));
    assert_eq!(heavy.await.unwrap(), Ok(()));
    assert_eq!(light.await.unwrap(), Ok(()));
    assert_eq!(meter.most.load(Ordering::SeqCst), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heavy_work_does_not_wait_for_a_core() {
    let jobs = Arc::new(Jobs::new(2, 8, Duration::from_secs(60)));
    let meter = Arc::new(Meter::default());
    let gate = Gate::default();
    let mut light = Vec::new();
    for _ in 0..2 {
        let jobs = Arc::clone(&jobs);
        let job = stubborn(&meter, &gate);
        light.push(tokio::spawn(
            async move { jobs.run(Weight::Light, job).await },
        ));
    }
    until("two light jobs take both cores", || jobs.running() == 2).await;
    // Its lane is free, but no core is: refused at once, not queued (a
    // queued job would wait for the gate, which opens only below).
    assert_eq!(
        soon(
            "a heavy job with no core free",
            jobs.run(Weight::Heavy, |_| ())
        )
        .await,
        Err(JobError::Busy)
    );
    assert_eq!((jobs.running(), jobs.waiting()), (2, 0));
    gate.open();
    for task in light {
        assert_eq!(task.await.unwrap(), Ok(()));
    }
    assert_eq!(jobs.run(Weight::Heavy, |_| 5).await, Ok(5));
}
