//! The seeded random number generator used by every random choice in pnplay.
//!
//! xoshiro256++ (Blackman & Vigna) seeded through SplitMix64. It is written out here, rather
//! than taken from a crate whose algorithm may change between versions, because the same seed
//! must give the same playouts on native and wasm32 builds, today and after upgrades. Bounded
//! integers use Lemire's multiply-shift with rejection, so they are exactly uniform.
//!
//! ```
//! use pnplay::game::Rng;
//! let mut a = Rng::new(42);
//! let mut b = Rng::new(42);
//! assert_eq!(a.next_u64(), b.next_u64());
//! assert!(a.below(10) < 10);
//! ```

/// A small, fast, seedable generator (xoshiro256++).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    state: [u64; 4],
}

impl Rng {
    /// A generator whose whole stream is fixed by `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        let mut x = seed;
        let mut next = || {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Rng {
            state: [next(), next(), next(), next()],
        }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.state;
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniform integer in `0..n`.
    ///
    /// # Panics
    /// If `n` is 0.
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "Rng::below(0)");
        let n = u64::from(n);
        loop {
            let x = self.next_u64() >> 32;
            let m = x * n;
            let low = m & 0xFFFF_FFFF;
            if low >= (1u64 << 32) % n {
                return (m >> 32) as u32;
            }
        }
    }

    /// A uniform float in `[0, 1)` with 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

/// A seed for one item of a run, mixed from the run's seed and the item's coordinates (stage,
/// index, purpose) with SplitMix64 through [`Rng`]: it depends on nothing else (not on the
/// number of threads, not on what ran before), and is the same on every platform.
///
/// ```
/// use pnplay::core::rng::derive_seed;
/// assert_eq!(derive_seed(7, &[18, 3]), derive_seed(7, &[18, 3]));
/// assert_ne!(derive_seed(7, &[18, 3]), derive_seed(7, &[18, 4]));
/// assert_ne!(derive_seed(7, &[18, 3]), derive_seed(8, &[18, 3]));
/// ```
#[must_use]
pub fn derive_seed(seed: u64, parts: &[u64]) -> u64 {
    parts.iter().fold(Rng::new(seed).next_u64(), |acc, &part| {
        Rng::new(acc ^ part.wrapping_mul(0x9E37_79B9_7F4A_7C15)).next_u64()
    })
}

#[cfg(test)]
mod tests {
    use super::Rng;

    /// The stream of seed 42 itself is pinned in tests/fixtures/playouts.rs, which the native
    /// and the wasm32 tests both check.
    #[test]
    fn another_seed_gives_another_stream() {
        assert_ne!(Rng::new(43).next_u64(), Rng::new(42).next_u64());
    }

    #[test]
    fn below_is_roughly_uniform() {
        let mut rng = Rng::new(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[rng.below(6) as usize] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn unit_is_in_range() {
        let mut rng = Rng::new(3);
        for _ in 0..10_000 {
            let u = rng.unit();
            assert!((0.0..1.0).contains(&u));
        }
    }
}
