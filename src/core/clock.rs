//! The one place searches read time from.
//!
//! `std::time::Instant::now` panics on wasm32-unknown-unknown, so searches use [`Clock`],
//! which reads `web_time::Instant` (the standard clock natively, `performance.now()` in the
//! browser and in Node). Depth-first searches count positions with a [`Ticker`], which reads
//! the clock about once a millisecond whatever a position costs (a Gomoku position with 225
//! children costs a thousand times a tic-tac-toe one), so a step meets its slice.

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

/// Seconds between two readings a [`Ticker`] aims at unless told otherwise.
const TICK_SECONDS: f64 = 0.001;
/// The most positions between two readings.
const MAX_TICK_INTERVAL: u32 = 4096;

/// A [`Clock`] read every so many positions, the interval adapting (doubling or halving)
/// so that readings come about every millisecond: cheap for fast positions, prompt for slow
/// ones.
///
/// ```
/// use pnplay::search::clock::Ticker;
/// let mut ticker = Ticker::start();
/// assert!(ticker.tick().is_some()); // the first position reads the clock
/// let reads = (0..100_000).filter(|_| ticker.tick().is_some()).count();
/// assert!(reads < 100_000); // fast positions read it less often
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Ticker {
    clock: Clock,
    left: u32,
    interval: u32,
    /// The last reading (`None` before the first: the first sets the pace from nothing).
    last: Option<f64>,
    /// The seconds between two readings it aims at.
    aim: f64,
}

impl Ticker {
    /// A ticker whose clock starts now, read about once a millisecond.
    #[must_use]
    pub fn start() -> Ticker {
        Ticker::aiming(TICK_SECONDS)
    }

    /// A ticker whose clock starts now, read about every `seconds`.
    #[must_use]
    pub fn aiming(seconds: f64) -> Ticker {
        Ticker {
            clock: Clock::start(),
            left: 1,
            interval: 1,
            last: None,
            aim: seconds,
        }
    }

    /// Counts one position: the seconds since the start when this one reads the clock.
    #[inline]
    pub fn tick(&mut self) -> Option<f64> {
        self.left -= 1;
        if self.left > 0 {
            return None;
        }
        let now = self.clock.seconds();
        if let Some(last) = self.last {
            let gap = now - last;
            if gap < self.aim / 2.0 && self.interval < MAX_TICK_INTERVAL {
                self.interval *= 2;
            } else if gap > self.aim * 2.0 && self.interval > 1 {
                self.interval /= 2;
            }
        }
        self.left = self.interval;
        self.last = Some(now);
        Some(now)
    }

    /// Counts one event: the seconds since the start as the clock was read last (by this
    /// event when it reads it, so about the aimed interval old at most).
    ///
    /// ```
    /// use pnplay::search::clock::Ticker;
    /// let mut ticker = Ticker::start();
    /// let first = ticker.read();
    /// assert!((0..1000).all(|_| ticker.read() >= first));
    /// ```
    #[inline]
    pub fn read(&mut self) -> f64 {
        match self.tick() {
            Some(now) => now,
            // Not the first event: the first reads the clock.
            None => self.last.unwrap_or_default(),
        }
    }

    /// Seconds since the start.
    #[must_use]
    pub fn seconds(&self) -> f64 {
        self.clock.seconds()
    }
}

/// Wall-clock seconds as every record stores them: to the microsecond, written and read
/// (`#[serde(with = "micros")]`), so a record read and written again is the same record. Two
/// identical runs differ by far more than a microsecond, and the nanosecond digits were most
/// of a compressed record (they do not compress).
pub mod micros {
    use serde::{Deserialize, Deserializer, Serializer};

    /// `seconds` to the nearest microsecond. From 2⁵² µs on (143 years) a float's step is a
    /// microsecond or more already, and the value is kept as it is (scaling it could
    /// overflow or move it).
    #[must_use]
    pub fn round(seconds: f64) -> f64 {
        const WHOLE_MICROSECONDS: f64 = 4_503_599_627.370_496; // 2^52 µs in seconds
        if seconds.abs() < WHOLE_MICROSECONDS {
            (seconds * 1e6).round() / 1e6
        } else {
            seconds
        }
    }

    /// Writes `seconds` to the microsecond.
    ///
    /// # Errors
    /// Those of the serializer.
    pub fn serialize<S: Serializer>(seconds: &f64, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(round(*seconds))
    }

    /// Reads seconds, to the microsecond.
    ///
    /// # Errors
    /// Those of the deserializer (not a number).
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
        f64::deserialize(deserializer).map(round)
    }
}
