//! The one place searches read time from.
//!
//! `std::time::Instant::now` panics on wasm32-unknown-unknown, so searches use [`Clock`],
//! which reads `web_time::Instant` (the standard clock natively, `performance.now()` in the
//! browser and in Node).

use web_time::Instant;

/// A stopwatch started at creation.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    start: Instant,
}

impl Clock {
    /// Starts a stopwatch.
    #[must_use]
    pub fn start() -> Clock {
        Clock {
            start: Instant::now(),
        }
    }

    /// Seconds since the stopwatch started.
    #[must_use]
    pub fn seconds(&self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }
}

impl Default for Clock {
    fn default() -> Self {
        Clock::start()
    }
}
