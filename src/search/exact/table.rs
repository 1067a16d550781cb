//! A fixed-size transposition table shared by the depth-first exact solvers
//! ([`crate::search::exact::alphabeta`] and [`crate::search::exact::dfpn`]).
//!
//! The table is allocated once, at its full size, and never grows: memory is bounded up front
//! (what a browser tab needs) and no search allocates per node. Keys are the games' exact
//! [`crate::game::Game::Key`]s, so a hit is always the same position (no false matches from
//! hash collisions); the hash only chooses where an entry lives.
//!
//! **Layout and replacement.** Slots come in buckets of two. A key can live in either slot
//! of its bucket. Slot 0 is *priority-preferred*: a new entry takes it only if its priority
//! (the caller's measure of how much work the entry saves, e.g. the size of the subtree
//! searched to get it) is at least that of the entry there, which then moves down to slot 1.
//! Otherwise the new entry goes to slot 1, which is *always-replace*. So the most valuable
//! entry of each bucket survives, and recent work is still kept (the classic two-tier scheme).
//!
//! **Clearing** is O(1): every slot carries the generation it was written in, and
//! [`Table::clear`] starts a new generation, which makes every older slot read as empty.
//!
//! ```
//! use pnplay::search::exact::table::Table;
//! let mut table: Table<u64, i32> = Table::with_bytes(1 << 16);
//! table.store(42, 7, 1);
//! assert_eq!(table.get(&42), Some(&7));
//! table.clear();
//! assert_eq!(table.get(&42), None);
//! ```

use std::hash::{Hash, Hasher};

/// What a value stored by an alpha-beta search tells about the true value (shared by
/// [`crate::search::exact::alphabeta`] and the depth-limited players of
/// [`crate::search::heuristic`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least the stored one (the search failed high).
    Lower,
    /// The true value is at most the stored one (the search failed low).
    Upper,
}

impl Bound {
    /// The bound of `best`, a node's best value from a search in the window
    /// (`alpha`, `beta`), `alpha` as it was on entry.
    pub(crate) fn of<V: Ord>(best: V, alpha: V, beta: V) -> Bound {
        if best <= alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }

    /// Applies a stored `value` with this bound to the window (`alpha`, `beta`): the value
    /// when it decides the node, or `None` after narrowing the window.
    pub(crate) fn probe<V: Ord + Copy>(self, value: V, alpha: &mut V, beta: &mut V) -> Option<V> {
        match self {
            Bound::Exact => return Some(value),
            Bound::Lower if value >= *beta => return Some(value),
            Bound::Upper if value <= *alpha => return Some(value),
            Bound::Lower => *alpha = (*alpha).max(value),
            Bound::Upper => *beta = (*beta).min(value),
        }
        None
    }
}

/// One stored entry with its bookkeeping.
#[derive(Clone, Copy, Debug)]
struct Slot<K, V> {
    key: K,
    value: V,
    priority: u32,
    generation: u8,
}

/// A fixed-size two-way transposition table from exact keys `K` to values `V`.
#[derive(Clone, Debug)]
pub struct Table<K, V> {
    slots: Vec<Option<Slot<K, V>>>,
    /// `slots.len() / 2 - 1`: buckets are a power of two.
    bucket_mask: usize,
    generation: u8,
    /// Slots written in the current generation (an occupancy count, for statistics).
    occupied: usize,
}

impl<K: Copy + Eq + Hash, V: Copy> Table<K, V> {
    /// The bytes one slot takes (key, value and bookkeeping).
    #[must_use]
    pub const fn bytes_per_slot() -> usize {
        std::mem::size_of::<Option<Slot<K, V>>>()
    }

    /// A table of at most `bytes` bytes (at least one bucket; the slot count is rounded down
    /// to a power of two).
    #[must_use]
    pub fn with_bytes(bytes: usize) -> Table<K, V> {
        let wanted = (bytes / Self::bytes_per_slot() / 2).max(1);
        let buckets = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        Table {
            slots: vec![None; buckets * 2],
            bucket_mask: buckets - 1,
            generation: 0,
            occupied: 0,
        }
    }

    /// How many entries the table can hold.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// How many entries were written since the last [`Table::clear`] and are still there.
    #[must_use]
    pub fn occupied(&self) -> usize {
        self.occupied
    }

    /// Forgets every entry, in O(1) (a full sweep once every 256 clears).
    pub fn clear(&mut self) {
        self.occupied = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill(None);
        }
    }

    fn bucket(&self, key: &K) -> usize {
        let mut hasher = MixHasher::default();
        key.hash(&mut hasher);
        (hasher.finish() as usize & self.bucket_mask) * 2
    }

    fn live(&self, index: usize) -> Option<&Slot<K, V>> {
        self.slots[index]
            .as_ref()
            .filter(|slot| slot.generation == self.generation)
    }

    /// The value stored for `key`, if it is still in the table.
    #[must_use]
    pub fn get(&self, key: &K) -> Option<&V> {
        let first = self.bucket(key);
        (first..first + 2)
            .filter_map(|i| self.live(i))
            .find(|slot| slot.key == *key)
            .map(|slot| &slot.value)
    }

    /// Stores `value` for `key` with a replacement `priority` (higher = more worth keeping),
    /// replacing any older value for the same key.
    pub fn store(&mut self, key: K, value: V, priority: u32) {
        let first = self.bucket(&key);
        let new = Slot {
            key,
            value,
            priority,
            generation: self.generation,
        };
        let same_key = (first..first + 2).find(|&i| self.live(i).is_some_and(|s| s.key == key));
        if let Some(index) = same_key {
            self.slots[index] = Some(new);
            return;
        }
        let keep_first = self
            .live(first)
            .is_some_and(|slot| slot.priority > priority);
        if self.live(first + 1).is_none() {
            self.occupied += 1;
        }
        if keep_first {
            self.slots[first + 1] = Some(new);
        } else {
            self.slots[first + 1] = self.slots[first];
            self.slots[first] = Some(new);
        }
    }
}

/// A fast, deterministic hasher for table indices (a multiply-rotate fold finished with the
/// MurmurHash3 64-bit mixer). Not for untrusted keys: it only spreads game keys over buckets.
#[derive(Clone, Copy, Debug, Default)]
struct MixHasher {
    state: u64,
}

impl MixHasher {
    fn add(&mut self, word: u64) {
        self.state = (self.state.rotate_left(26) ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

impl Hasher for MixHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.add(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        let mut h = self.state;
        h ^= h >> 33;
        h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        h ^= h >> 33;
        h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        h ^ (h >> 33)
    }
}

#[cfg(test)]
mod tests {
    use super::Table;

    #[test]
    fn keeps_the_higher_priority_entry_in_a_full_bucket() {
        // One bucket: every key collides.
        let mut table: Table<u32, u32> = Table::with_bytes(1);
        assert_eq!(table.capacity(), 2);
        table.store(1, 10, 100);
        table.store(2, 20, 1);
        table.store(3, 30, 1);
        assert_eq!(table.get(&1), Some(&10), "the high-priority entry stays");
        assert_eq!(
            table.get(&2),
            None,
            "the always-replace slot took the newer one"
        );
        assert_eq!(table.get(&3), Some(&30));
        table.store(4, 40, 200);
        assert_eq!(table.get(&4), Some(&40));
        assert_eq!(table.get(&1), Some(&10), "demoted, not lost");
        assert_eq!(table.occupied(), 2);
    }

    #[test]
    fn overwrites_the_same_key_and_clears() {
        let mut table: Table<u64, i32> = Table::with_bytes(4096);
        for round in 0..300 {
            table.store(5, round, 0);
            assert_eq!(table.get(&5), Some(&round));
            table.clear();
            assert_eq!(table.get(&5), None);
        }
    }
}
