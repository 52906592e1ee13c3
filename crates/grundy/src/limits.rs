//! The limits a front end sets on what it is asked to compute.

/// The limits a front end sets on positions, checked before anything is
/// allocated for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most cells of a kept case or table; boards and tables must fit
    /// in a square of this many cells.
    pub max_cells: u64,
    /// The largest heap of a heap game (its values are computed up to it).
    pub max_heap: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_cells: crate::DEFAULT_MAX_CELLS,
            max_heap: crate::DEFAULT_MAX_HEAP,
        }
    }
}

impl Limits {
    /// The longest side of a board or table that fits in `max_cells`.
    pub fn max_side(&self) -> u64 {
        self.max_cells.isqrt()
    }
}

/// The longest time limit a front end takes: 10^9 seconds (about 31 years,
/// and far inside what a clock can add).
pub const MOST_SECONDS: f64 = 1e9;

/// A time limit in seconds that is not one.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[error("expected a number of seconds above 0 and at most 1,000,000,000, got {0}")]
pub struct TimeLimitError(pub f64);

/// `seconds` as a time limit: above 0 and at most [`MOST_SECONDS`] (not a
/// NaN, and never so large that adding it to the clock would overflow).
pub fn time_limit(seconds: f64) -> Result<std::time::Duration, TimeLimitError> {
    if seconds > 0.0 && seconds <= MOST_SECONDS {
        Ok(std::time::Duration::from_secs_f64(seconds))
    } else {
        Err(TimeLimitError(seconds))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_time_limit_is_above_0_and_at_most_10_to_the_9_seconds() {
        assert_eq!(time_limit(0.25), Ok(Duration::from_millis(250)));
        assert_eq!(time_limit(1e9), Ok(Duration::from_secs(1_000_000_000)));
        assert_eq!(time_limit(f64::MIN_POSITIVE).map(|d| d.is_zero()), Ok(true));
        for bad in [0.0, -0.0, -1.0, 1e9 + 1.0, 1e300, f64::INFINITY, f64::NAN] {
            let err = time_limit(bad).unwrap_err();
            assert!(err.0 == bad || bad.is_nan(), "{bad}");
            assert!(err.to_string().starts_with(
                "expected a number of seconds above 0 and at most 1,000,000,000, got "
            ));
        }
        assert_eq!(
            time_limit(-1.0).unwrap_err().to_string(),
            "expected a number of seconds above 0 and at most 1,000,000,000, got -1"
        );
    }
}
