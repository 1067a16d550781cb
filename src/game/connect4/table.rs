//! The transposition table of Connect Four's exact solver ([`super::solver`]): one bound per
//! position, always replacing (Pascal Pons' table, "Solving Connect 4", parts 7 and 12),
//! packed so that a probe touches one cache line, and kept per thread so that a new solver
//! neither allocates nor faults in tens of megabytes (a trivial score took 28 ms in wasm
//! when each call allocated its table).
//!
//! Each slot is one integer holding a partial key above a bound. The slot is the key
//! modulo a prime `P > 2²⁴`; with the key's low `b` bits stored beside it, the pair
//! identifies every key below `P · 2ᵇ` exactly (Chinese remainder theorem, Pons' "partial
//! key"). On 7 × 6 (49-bit keys) a slot is a `u32`, `b = 25` above a 7-bit bound; wider
//! boards store 56 bits of key above an 8-bit bound in a `u64`.
//!
//! A table handed back to the thread ([`Table::release`]) and taken again
//! ([`Table::acquire`]) is empty: the slots written since the last clear are logged and
//! zeroed one by one, or all at once when there were too many to log.
//!
//! The table is sized within the run's memory limit ([`entries_within`]): [`ENTRIES`] slots
//! when half the limit holds them, else the largest prime that fits. The prime is then a
//! run-time divisor, and the slot is found with Lemire's exact remainder by multiplication
//! (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019), as fast as the
//! compiler's for a constant. With fewer than 2²⁴ slots, 7 × 6 keys no longer fit the narrow
//! slots exactly, and the solver takes the wide ones ([`exact_for`]).

use std::cell::RefCell;

use crate::core::limits::Limits;

/// Slots: the first prime above 2²⁴ (64 MB of `u32`).
pub(super) const ENTRIES: usize = 16_777_259;

/// Written slots logged for clearing one by one (at most a sixteenth of the table); past
/// this the whole table is zeroed.
const LOG_LIMIT: usize = 1 << 18;

/// The integer a slot is: a partial key above a bound.
pub(super) trait Slot: Copy + Default + PartialEq + std::fmt::Debug + Send + 'static {
    /// Bits that hold the bound (0: empty).
    const VALUE_BITS: u32;
    /// Key bits stored above the bound.
    const KEY_BITS: u32;
    /// The largest bound a slot holds.
    const MAX_VALUE: i32 = (1 << Self::VALUE_BITS) - 1;

    /// The slot holding `value` for `key`.
    fn pack(key: u64, value: u8) -> Self;

    /// The bound if the slot holds `key`, else 0.
    fn value_for(self, key: u64) -> u8;

    /// This thread's spare table of this slot type.
    fn spare() -> &'static std::thread::LocalKey<RefCell<Option<Table<Self>>>>;
}

thread_local! {
    static SPARE_NARROW: RefCell<Option<Table<u32>>> = const { RefCell::new(None) };
    static SPARE_WIDE: RefCell<Option<Table<u64>>> = const { RefCell::new(None) };
}

/// The key's low `bits` bits.
#[inline]
fn low(key: u64, bits: u32) -> u64 {
    key & ((1 << bits) - 1)
}

impl Slot for u32 {
    const VALUE_BITS: u32 = 7;
    const KEY_BITS: u32 = 32 - Self::VALUE_BITS;

    #[inline]
    fn pack(key: u64, value: u8) -> u32 {
        ((low(key, Self::KEY_BITS) as u32) << Self::VALUE_BITS) | u32::from(value)
    }

    #[inline]
    fn value_for(self, key: u64) -> u8 {
        if u64::from(self >> Self::VALUE_BITS) == low(key, Self::KEY_BITS) {
            (self & ((1 << Self::VALUE_BITS) - 1)) as u8
        } else {
            0
        }
    }

    fn spare() -> &'static std::thread::LocalKey<RefCell<Option<Table<u32>>>> {
        &SPARE_NARROW
    }
}

impl Slot for u64 {
    const VALUE_BITS: u32 = 8;
    const KEY_BITS: u32 = 64 - Self::VALUE_BITS;

    #[inline]
    fn pack(key: u64, value: u8) -> u64 {
        (low(key, Self::KEY_BITS) << Self::VALUE_BITS) | u64::from(value)
    }

    #[inline]
    fn value_for(self, key: u64) -> u8 {
        if self >> Self::VALUE_BITS == low(key, Self::KEY_BITS) {
            (self & ((1 << Self::VALUE_BITS) - 1)) as u8
        } else {
            0
        }
    }

    fn spare() -> &'static std::thread::LocalKey<RefCell<Option<Table<u64>>>> {
        &SPARE_WIDE
    }
}

/// Whether slots of type `S` in a table of `entries` slots identify every key of
/// `key_bits` bits exactly.
pub(super) fn exact_for<S: Slot>(key_bits: u32, entries: usize) -> bool {
    key_bits <= S::KEY_BITS + entries.ilog2()
}

/// The slots of a table of `S` within `limits` (half its memory limit at most, as every
/// fixed table: [`Limits::table_bytes`]): [`ENTRIES`], or the largest prime that fits.
pub(super) fn entries_within<S: Slot>(limits: &Limits) -> usize {
    let slot = size_of::<S>();
    let fit = limits.table_bytes(ENTRIES * slot) / slot;
    prime_at_most(fit.max(MIN_ENTRIES))
}

/// The fewest slots a table has, whatever the limit (2 KiB of `u64`; the smallest memory
/// limit is 1 MiB).
const MIN_ENTRIES: usize = 256;

/// The largest prime at most `n` (`n` ≥ 2), by trial division: `n` ≤ [`ENTRIES`], so at
/// most 4,096 divisors per candidate, and primes are dense.
fn prime_at_most(n: usize) -> usize {
    let is_prime = |m: usize| m >= 2 && (2..).take_while(|d| d * d <= m).all(|d| m % d != 0);
    (2..=n).rev().find(|&m| is_prime(m)).unwrap_or(2)
}

/// `key mod d` for a fixed divisor `d` < 2³², by multiplication: Lemire's `fastmod_u64`
/// with the constant `M = ⌈2¹²⁸ / d⌉`, exact for every 64-bit key.
#[derive(Clone, Copy, Debug)]
struct Modulus {
    divisor: u64,
    m: u128,
}

impl Modulus {
    fn new(divisor: usize) -> Modulus {
        let divisor = divisor as u64;
        Modulus {
            divisor,
            m: (u128::MAX / u128::from(divisor)).wrapping_add(1),
        }
    }

    #[inline]
    fn of(self, key: u64) -> usize {
        let low = self.m.wrapping_mul(u128::from(key));
        // The high 64 bits of the 192-bit product low × divisor.
        let d = u128::from(self.divisor);
        let top = ((low >> 64) * d) + (((low as u64 as u128) * d) >> 64);
        (top >> 64) as usize
    }
}

/// A table of one bound per position (see the module documentation).
#[derive(Debug)]
pub(super) struct Table<S> {
    slots: Box<[S]>,
    /// The slot of a key: the key modulo the number of slots.
    modulus: Modulus,
    /// Slots written since the last clear, while fewer than [`LOG_LIMIT`].
    written: Vec<u32>,
    /// Whether more slots were written than logged.
    overflowed: bool,
}

impl<S: Slot> Table<S> {
    /// A table of `entries` slots (a prime): this thread's spare one, emptied, if it has
    /// that size, or a new one.
    pub(super) fn acquire(entries: usize) -> Table<S> {
        // A spare of another size is freed before the new table is made.
        let spare = S::spare().with(|spare| spare.borrow_mut().take());
        if let Some(mut table) = spare.filter(|table| table.entries() == entries) {
            table.clear();
            return table;
        }
        // Zeroed allocations are lazy: only the pages a search touches cost anything.
        Table {
            slots: vec![S::default(); entries].into_boxed_slice(),
            modulus: Modulus::new(entries),
            written: Vec::new(),
            overflowed: false,
        }
    }

    /// A table of no slots, to leave behind when a table is released from a struct.
    pub(super) fn none() -> Table<S> {
        Table {
            slots: Box::new([]),
            modulus: Modulus::new(1),
            written: Vec::new(),
            overflowed: false,
        }
    }

    /// Its number of slots.
    pub(super) fn entries(&self) -> usize {
        self.slots.len()
    }

    /// Hands the table back to this thread for the next [`Table::acquire`] (a table of no
    /// slots is simply dropped).
    pub(super) fn release(self) {
        if self.entries() > 0 {
            S::spare().with(|spare| *spare.borrow_mut() = Some(self));
        }
    }

    /// Empties the table.
    pub(super) fn clear(&mut self) {
        if self.overflowed {
            self.slots.fill(S::default());
        } else {
            for &slot in &self.written {
                self.slots[slot as usize] = S::default();
            }
        }
        self.written.clear();
        self.overflowed = false;
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        self.modulus.of(key)
    }

    /// Stores bound `value` (1 ..= [`Slot::MAX_VALUE`]) for `key`, replacing the slot's entry.
    #[inline]
    pub(super) fn put(&mut self, key: u64, value: u8) {
        let slot = self.slot(key);
        if !self.overflowed {
            // A log longer than a sixteenth of the table would cost more than zeroing it.
            if self.written.len() < LOG_LIMIT.min(self.entries() / 16) {
                self.written.push(slot as u32);
            } else {
                self.overflowed = true;
            }
        }
        self.slots[slot] = S::pack(key, value);
    }

    /// The bound stored for `key`, 0 if none.
    #[inline]
    pub(super) fn get(&self, key: u64) -> u8 {
        self.slots[self.slot(key)].value_for(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_sharing_a_slot_are_told_apart() {
        let mut table = Table::<u32>::acquire(ENTRIES);
        let key = 123_456_789_u64;
        let other = key + ENTRIES as u64; // same slot, other low bits
        table.put(key, 5);
        assert_eq!(table.get(key), 5);
        assert_eq!(table.get(other), 0);
        table.put(other, 9);
        assert_eq!(table.get(key), 0);
        assert_eq!(table.get(other), 9);
        table.release();
        let table = Table::<u32>::acquire(ENTRIES);
        assert_eq!(table.get(other), 0, "a table taken again is empty");
        table.release();
    }

    #[test]
    fn an_overflowed_log_still_clears_everything() {
        let mut table = Table::<u64>::acquire(ENTRIES);
        for key in 0..(LOG_LIMIT as u64 + 10) {
            table.put(key * 7919, 3);
        }
        table.clear();
        assert_eq!(table.get(0), 0);
        assert_eq!(table.get((LOG_LIMIT as u64 + 9) * 7919), 0);
        table.release();
    }

    #[test]
    fn seven_by_six_keys_fit_the_narrow_slots() {
        assert!(exact_for::<u32>(49, ENTRIES));
        assert!(!exact_for::<u32>(50, ENTRIES));
        assert!(!exact_for::<u32>(49, 1 << 20), "a smaller table needs the wide slots");
        assert!(exact_for::<u64>(64, ENTRIES));
        assert_eq!(u32::pack(u64::MAX, 127).value_for(u64::MAX), 127);
        assert_eq!(u64::pack(u64::MAX, 255).value_for(u64::MAX), 255);
    }

    #[test]
    fn the_remainder_by_multiplication_is_the_remainder() {
        for divisor in [ENTRIES, 1_048_573, 257, 3, 1] {
            let modulus = Modulus::new(divisor);
            let keys = (0..2000u64).map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            for key in keys.chain([0, 1, u64::MAX, u64::MAX - 1, 1 << 49]) {
                assert_eq!(modulus.of(key), (key % divisor as u64) as usize, "{key} mod {divisor}");
            }
        }
    }

    #[test]
    fn a_table_is_sized_within_half_the_memory_limit() {
        let within = |max: Option<u64>| Limits { max_bytes: max, ..Limits::default() };
        assert_eq!(entries_within::<u32>(&within(None)), ENTRIES);
        assert_eq!(entries_within::<u32>(&within(Some(1 << 30))), ENTRIES);
        // 64 MiB: 32 MiB of u64 slots, the largest prime below 2^22.
        assert_eq!(entries_within::<u64>(&within(Some(64 << 20))), 4_194_301);
        assert_eq!(entries_within::<u64>(&within(Some(1 << 20))), 65_521);
        assert_eq!(prime_at_most(ENTRIES), ENTRIES);
        assert_eq!(prime_at_most(100), 97);
    }
}
