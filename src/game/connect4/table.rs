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

use std::cell::RefCell;

/// Slots: the first prime above 2²⁴ (64 MB of `u32`).
pub(super) const ENTRIES: usize = 16_777_259;

/// Written slots logged for clearing one by one; past this the whole table is zeroed.
const LOG_LIMIT: usize = 1 << 18;

/// The integer a slot is: a partial key above a bound.
pub(super) trait Slot: Copy + Default + PartialEq + 'static {
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

/// Whether slots of type `S` identify every key of `key_bits` bits exactly.
pub(super) fn exact_for<S: Slot>(key_bits: u32) -> bool {
    key_bits <= S::KEY_BITS + ENTRIES.ilog2()
}

/// A table of one bound per position (see the module documentation).
#[derive(Debug)]
pub(super) struct Table<S> {
    slots: Box<[S]>,
    /// Slots written since the last clear, while fewer than [`LOG_LIMIT`].
    written: Vec<u32>,
    /// Whether more slots were written than logged.
    overflowed: bool,
}

impl<S: Slot> Table<S> {
    /// This thread's spare table, emptied, or a new one.
    pub(super) fn acquire() -> Table<S> {
        let spare = S::spare().with(|spare| spare.borrow_mut().take());
        match spare {
            Some(mut table) => {
                table.clear();
                table
            }
            // Zeroed allocations are lazy: only the pages a search touches cost anything.
            None => Table {
                slots: vec![S::default(); ENTRIES].into_boxed_slice(),
                written: Vec::new(),
                overflowed: false,
            },
        }
    }

    /// A table of no slots, to leave behind when a table is released from a struct.
    pub(super) fn none() -> Table<S> {
        Table {
            slots: Box::new([]),
            written: Vec::new(),
            overflowed: false,
        }
    }

    /// Hands the table back to this thread for the next [`Table::acquire`].
    pub(super) fn release(self) {
        S::spare().with(|spare| *spare.borrow_mut() = Some(self));
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
    fn slot(key: u64) -> usize {
        (key % ENTRIES as u64) as usize
    }

    /// Stores bound `value` (1 ..= [`Slot::MAX_VALUE`]) for `key`, replacing the slot's entry.
    #[inline]
    pub(super) fn put(&mut self, key: u64, value: u8) {
        let slot = Self::slot(key);
        if !self.overflowed {
            if self.written.len() < LOG_LIMIT {
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
        self.slots[Self::slot(key)].value_for(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_sharing_a_slot_are_told_apart() {
        let mut table = Table::<u32>::acquire();
        let key = 123_456_789_u64;
        let other = key + ENTRIES as u64; // same slot, other low bits
        table.put(key, 5);
        assert_eq!(table.get(key), 5);
        assert_eq!(table.get(other), 0);
        table.put(other, 9);
        assert_eq!(table.get(key), 0);
        assert_eq!(table.get(other), 9);
        table.release();
        let table = Table::<u32>::acquire();
        assert_eq!(table.get(other), 0, "a table taken again is empty");
        table.release();
    }

    #[test]
    fn an_overflowed_log_still_clears_everything() {
        let mut table = Table::<u64>::acquire();
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
        assert!(exact_for::<u32>(49));
        assert!(!exact_for::<u32>(50));
        assert!(exact_for::<u64>(64));
        assert_eq!(u32::pack(u64::MAX, 127).value_for(u64::MAX), 127);
        assert_eq!(u64::pack(u64::MAX, 255).value_for(u64::MAX), 255);
    }
}
