//! Batches sized by the clock: a loop that looks at its stop flag, its time
//! limit or its checkpoint between batches of work asks a [`Pacer`] how
//! much to do next, so that each batch lasts about a target time however
//! the cost of one unit grows (a heap's value costs more the larger the
//! heap). Stopping then waits at most about one batch.

use std::time::Duration;

/// The time a batch is sized to last by default: a stop is seen well
/// within 100 ms.
pub const TARGET: Duration = Duration::from_millis(20);

/// How many units the first batch does.
const FIRST: u64 = 64;

/// The most a batch grows over the last one (a batch timed at nearly zero
/// says little about the next).
const GROWTH: u64 = 4;

/// Sizes batches of work to last about a target time each.
#[derive(Clone, Copy, Debug)]
pub struct Pacer {
    count: u64,
    most: u64,
    target: Duration,
}

impl Pacer {
    /// Batches of about `target`, of 1 to `most` units.
    pub fn new(target: Duration, most: u64) -> Pacer {
        let most = most.max(1);
        Pacer {
            count: FIRST.min(most),
            most,
            target,
        }
    }

    /// Batches of about `target`, of 1 to `most` units, the first of
    /// `first`: for work whose units may already cost much (a run resumed
    /// far on, where each value costs more than the last).
    pub fn starting_with(target: Duration, most: u64, first: u64) -> Pacer {
        let mut pacer = Pacer::new(target, most);
        pacer.count = first.clamp(1, pacer.most);
        pacer
    }

    /// How many units the next batch should do.
    pub fn next(&self) -> u64 {
        self.count
    }

    /// The time a batch is sized to last.
    pub fn target(&self) -> Duration {
        self.target
    }

    /// Sizes the batches after the next to last about `target` each.
    pub fn set_target(&mut self, target: Duration) {
        self.target = target;
    }

    /// Notes that `done` units took `elapsed`, and sizes the next batch
    /// from that rate: at most `GROWTH` (4) times this one, at least one
    /// unit, at most `most`. Where there is no clock (elapsed always zero)
    /// batches grow to `most`.
    pub fn took(&mut self, done: u64, elapsed: Duration) {
        if done == 0 {
            return;
        }
        let grown = done.saturating_mul(GROWTH);
        let paced = if elapsed.is_zero() {
            grown
        } else {
            let rate = done as f64 / elapsed.as_secs_f64();
            // Saturates (as casts from floats do) for absurd rates.
            ((rate * self.target.as_secs_f64()) as u64).min(grown)
        };
        self.count = paced.clamp(1, self.most);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_batch_is_sized_to_the_target_from_the_last_rate() {
        let mut pacer = Pacer::new(ms(20), 1 << 20);
        assert_eq!(pacer.next(), 64);
        // 64 units in 40 ms: 1.6 units per ms, 32 in 20 ms.
        pacer.took(64, ms(40));
        assert_eq!(pacer.next(), 32);
        // 32 units in 10 ms: 64 in 20 ms.
        pacer.took(32, ms(10));
        assert_eq!(pacer.next(), 64);
        // Slower and slower units: at least one a batch.
        pacer.took(64, Duration::from_secs(100));
        assert_eq!(pacer.next(), 1);
    }

    #[test]
    fn a_new_target_sizes_the_batches_after() {
        let mut pacer = Pacer::new(ms(20), 1 << 20);
        assert_eq!(pacer.target(), ms(20));
        pacer.set_target(ms(5));
        assert_eq!(pacer.target(), ms(5));
        // 64 units in 40 ms: 8 in 5 ms.
        pacer.took(64, ms(40));
        assert_eq!(pacer.next(), 8);
    }

    #[test]
    fn a_batch_grows_at_most_fourfold_and_never_past_the_most() {
        let mut pacer = Pacer::new(ms(20), 1000);
        // 64 units in 1 ms would allow 1,280: four times 64 at most.
        pacer.took(64, ms(1));
        assert_eq!(pacer.next(), 256);
        pacer.took(256, ms(1));
        assert_eq!(pacer.next(), 1000);
        // No clock: fourfold growth, up to the most.
        let mut pacer = Pacer::new(ms(20), 1000);
        pacer.took(64, Duration::ZERO);
        assert_eq!(pacer.next(), 256);
        pacer.took(256, Duration::ZERO);
        assert_eq!(pacer.next(), 1000);
        // Nothing done says nothing.
        pacer.took(0, ms(5));
        assert_eq!(pacer.next(), 1000);
    }

    #[test]
    fn a_first_batch_may_be_chosen() {
        let mut pacer = Pacer::starting_with(ms(20), 1000, 1);
        assert_eq!(pacer.next(), 1);
        // One unit in 1 ms would allow 20: four at most.
        pacer.took(1, ms(1));
        assert_eq!(pacer.next(), 4);
        assert_eq!(Pacer::starting_with(ms(20), 1000, 0).next(), 1);
        assert_eq!(Pacer::starting_with(ms(20), 1000, 5000).next(), 1000);
    }

    #[test]
    fn small_limits_are_kept() {
        assert_eq!(Pacer::new(ms(20), 10).next(), 10);
        assert_eq!(Pacer::new(ms(20), 0).next(), 1);
        let mut pacer = Pacer::new(ms(20), u64::MAX);
        pacer.took(u64::MAX, Duration::from_nanos(1));
        assert_eq!(pacer.next(), u64::MAX);
    }
}
