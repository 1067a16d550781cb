//! The memory limit (SPEC.md §4): how a search counts the bytes of its tree and tables, and
//! how a limit in bytes is written.
//!
//! Every search keeps its memory in a few containers (an arena `Vec` of nodes, a hash map
//! of positions, a fixed-size transposition table). Before one grows it asks
//! [`vec_growth`] or [`map_growth`] what the growth would cost at its peak — a `Vec` that
//! outgrows its capacity holds the old buffer and the new one (twice as large) while it
//! copies — and refuses to grow past [`super::Limits::max_bytes`]: the search then ends
//! `out` with [`super::Limit::Memory`] instead of an allocation failure. Fixed tables are
//! sized within the limit when they are made ([`Limits::table_bytes`](super::Limits::table_bytes)).
//!
//! The default limit is per platform ([`DEFAULT_MAX_BYTES`]): 1 GiB in wasm32 (a tab's
//! module can address 4 GiB at most, and the page needs some for itself), 4 GiB natively.
//! It is a constant, not a share of the machine's memory, so that a run's result does not
//! depend on the machine it runs on.
//!
//! ```
//! use pnplay::search::memory::{format_bytes, parse_bytes};
//! assert_eq!(parse_bytes("512M"), Ok(512 << 20));
//! assert_eq!(parse_bytes("2G"), Ok(2 << 30));
//! assert_eq!(parse_bytes("1.5k"), Ok(1536));
//! assert_eq!(parse_bytes("1000"), Ok(1000));
//! assert!(parse_bytes("2X").is_err());
//! assert_eq!(format_bytes(2 << 30), "2G");
//! assert_eq!(format_bytes(1000), "1000");
//! ```

use std::collections::HashMap;

/// The memory limit when none is set: 1 GiB in wasm32, 4 GiB natively.
pub const DEFAULT_MAX_BYTES: u64 = if cfg!(target_arch = "wasm32") {
    1 << 30
} else {
    4 << 30
};

/// The smallest memory limit a run accepts (1 MiB): below it no search can hold its root.
pub const MIN_MAX_BYTES: u64 = 1 << 20;

/// The units a limit may be written with: powers of 1024.
const UNITS: [(char, u32); 4] = [('K', 10), ('M', 20), ('G', 30), ('T', 40)];

/// Reads a byte count: a number, optionally followed by `K`, `M`, `G` or `T` (powers of
/// 1024, either case, an optional `B` or `iB` after it).
pub fn parse_bytes(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let bad = || {
        format!(
            "expected a number of bytes with an optional unit (512M, 2G), got {}",
            crate::game::error::Elided(text)
        )
    };
    let upper = text.to_ascii_uppercase();
    let number = upper
        .strip_suffix("IB")
        .or_else(|| upper.strip_suffix('B'))
        .unwrap_or(&upper);
    let (digits, shift) = match UNITS.iter().find(|(unit, _)| number.ends_with(*unit)) {
        Some(&(_, shift)) => (&number[..number.len() - 1], shift),
        None => (number, 0),
    };
    let value: f64 = digits.trim().parse().map_err(|_| bad())?;
    let bytes = value * f64::from(1u32 << (shift / 2)) * f64::from(1u32 << (shift - shift / 2));
    if !bytes.is_finite() || bytes < 0.0 || bytes >= u64::MAX as f64 {
        return Err(bad());
    }
    Ok(bytes.round() as u64)
}

/// A byte count in the largest unit that writes it whole (`2G`, `512M`, `1000`).
#[must_use]
pub fn format_bytes(bytes: u64) -> String {
    UNITS
        .iter()
        .rev()
        .find(|&&(_, shift)| bytes != 0 && bytes % (1u64 << shift) == 0)
        .map_or(bytes.to_string(), |&(unit, shift)| {
            format!("{}{unit}", bytes >> shift)
        })
}

/// The bytes a `Vec<T>` holds now (its capacity, not its length).
#[must_use]
pub fn vec_bytes<T>(v: &Vec<T>) -> u64 {
    (v.capacity() * size_of::<T>()) as u64
}

/// A copy of `v` with the same capacity, so the copy counts the same bytes ([`vec_bytes`])
/// and grows at the same pushes as `v` (a copied search meets the memory limit when its
/// original would).
#[must_use]
pub fn vec_copy<T: Clone>(v: &Vec<T>) -> Vec<T> {
    let mut copy = Vec::with_capacity(v.capacity());
    copy.extend_from_slice(v);
    copy
}

/// The bytes a `Vec<T>` would hold at its peak while `additional` more elements are pushed:
/// its buffer now, and, if it must grow, the new buffer as `Vec` sizes it (twice the
/// capacity, or what is needed) while both exist.
#[must_use]
pub fn vec_growth<T>(v: &Vec<T>, additional: usize) -> u64 {
    let needed = v.len() + additional;
    if needed <= v.capacity() {
        return vec_bytes(v);
    }
    let grown = needed.max(2 * v.capacity()).max(4);
    vec_bytes(v) + (grown * size_of::<T>()) as u64
}

/// The bytes a hash map of `capacity` entries of `(K, V)` takes: its entries and one control
/// byte each, over the buckets it keeps (a power of two at least 8/7 of the capacity).
#[must_use]
pub fn map_bytes_for<K, V>(capacity: usize) -> u64 {
    if capacity == 0 {
        return 0;
    }
    let buckets = (capacity * 8).div_ceil(7).next_power_of_two();
    (buckets * (size_of::<(K, V)>() + 1)) as u64
}

/// The bytes a hash map holds now.
#[must_use]
pub fn map_bytes<K, V, S>(map: &HashMap<K, V, S>) -> u64 {
    map_bytes_for::<K, V>(map.capacity())
}

/// The bytes a hash map would hold at its peak while `additional` more entries are
/// inserted: now, and if it must grow, the larger table beside it while it rehashes.
#[must_use]
pub fn map_growth<K, V, S>(map: &HashMap<K, V, S>, additional: usize) -> u64 {
    let needed = map.len() + additional;
    if needed <= map.capacity() {
        return map_bytes(map);
    }
    map_bytes(map) + map_bytes_for::<K, V>(needed.max(2 * map.capacity()).max(4))
}

/// A hash map that grows a little at each insert instead of all at once: the index of a
/// search's positions, which grows for as long as the search runs. A `std` map moves all its
/// entries when it doubles — 109 ms at 229,376 positions and 142 ms at 458,752 for
/// pns-dag on LOA (native, one step) — far past a step's slice (issue 34); this one moves
/// eight entries per insert while the old table is kept.
pub type Index<K, V> = griddle::HashMap<K, V>;

/// The bytes an [`Index`] holds now, at most: its table, and the old table half its size
/// that it may still be emptying after a growth.
#[must_use]
pub fn index_bytes<K, V>(index: &Index<K, V>) -> u64 {
    let table = map_bytes_for::<K, V>(index.capacity());
    table + table / 2
}

/// The bytes an [`Index`] would hold at its peak while `additional` more entries are
/// inserted: now, and if it must grow, the new table (room for the entries and an eighth
/// more, as it grows while it moves them) beside the old one.
#[must_use]
pub fn index_growth<K, V>(index: &Index<K, V>, additional: usize) -> u64 {
    let needed = index.len() + additional;
    if needed <= index.capacity() {
        return index_bytes(index);
    }
    let table = map_bytes_for::<K, V>(index.capacity());
    table + map_bytes_for::<K, V>(needed + needed.div_ceil(8))
}

/// The bytes of one page of [`Rows`] (about; a page holds whole rows).
const PAGE_BYTES: usize = 1 << 20;

/// Rows of numbers of one width — a search's per-node numbers (CNS keeps two per score
/// target per node) — kept in pages of about a mebibyte that never move. A single `Vec` of
/// them moves all its contents when it doubles: 158 ms at 287 MB for CNS on Othello in wasm
/// (one step, against a 30 ms slice; issue 34). Growing here allocates one page.
#[derive(Clone, Debug)]
pub struct Rows<T> {
    width: usize,
    /// Rows per page.
    page_rows: usize,
    pages: Vec<Vec<T>>,
    len: usize,
}

impl<T: Copy> Rows<T> {
    /// No rows yet, each to hold `width` numbers.
    #[must_use]
    pub fn new(width: usize) -> Rows<T> {
        let width = width.max(1);
        Rows {
            width,
            page_rows: (PAGE_BYTES / (width * size_of::<T>())).max(1),
            pages: Vec::new(),
            len: 0,
        }
    }

    /// The number of rows.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no row.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds a row (`row` is `width` long).
    pub fn push(&mut self, row: &[T]) {
        debug_assert_eq!(row.len(), self.width);
        if self.len % self.page_rows == 0 {
            self.pages
                .push(Vec::with_capacity(self.page_rows * self.width));
        }
        let page = self
            .pages
            .last_mut()
            .expect("a page was just made if none had room");
        page.extend_from_slice(row);
        self.len += 1;
    }

    /// Row `i`.
    #[must_use]
    pub fn row(&self, i: usize) -> &[T] {
        let at = (i % self.page_rows) * self.width;
        &self.pages[i / self.page_rows][at..at + self.width]
    }

    /// Row `i`, to change.
    pub fn row_mut(&mut self, i: usize) -> &mut [T] {
        let at = (i % self.page_rows) * self.width;
        &mut self.pages[i / self.page_rows][at..at + self.width]
    }

    /// The bytes the rows hold: their pages, whole (a copy counts the same).
    #[must_use]
    pub fn bytes(&self) -> u64 {
        self.bytes_for(self.len)
    }

    /// The bytes the rows would hold with `additional` more.
    #[must_use]
    pub fn growth(&self, additional: usize) -> u64 {
        self.bytes_for(self.len + additional)
    }

    fn bytes_for(&self, rows: usize) -> u64 {
        let pages = rows.div_ceil(self.page_rows);
        (pages * (self.page_rows * self.width * size_of::<T>() + size_of::<Vec<T>>())) as u64
    }
}

/// Whether `bytes` fit the limit `max_bytes` (`None`: no limit).
#[must_use]
pub fn fits(bytes: u64, max_bytes: Option<u64>) -> bool {
    max_bytes.is_none_or(|max| bytes <= max)
}

/// The size accessors of a tree kept as one `Vec` of nodes in a field `nodes` (the
/// best-first and the MCTS trees): `bytes_per_node`, `len`, `bytes`, `growth_bytes` and
/// `is_empty`, written once. Called inside the tree's `impl` with its node type.
macro_rules! node_vec_sizes {
    ($node:ty) => {
        /// The bytes one node takes.
        #[must_use]
        pub const fn bytes_per_node() -> usize {
            size_of::<$node>()
        }

        /// The number of nodes.
        #[must_use]
        pub fn len(&self) -> usize {
            self.nodes.len()
        }

        /// The bytes the tree holds ([`crate::search::memory::vec_bytes`]).
        #[must_use]
        pub fn bytes(&self) -> u64 {
            $crate::search::memory::vec_bytes(&self.nodes)
        }

        /// The bytes the tree would hold at its peak while `children` more nodes are added
        /// ([`crate::search::memory::vec_growth`]).
        #[must_use]
        pub fn growth_bytes(&self, children: usize) -> u64 {
            $crate::search::memory::vec_growth(&self.nodes, children)
        }

        /// Always false: a tree has at least its root.
        #[must_use]
        pub fn is_empty(&self) -> bool {
            self.nodes.is_empty()
        }
    };
}
pub(crate) use node_vec_sizes;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_growing_vec_costs_its_old_and_new_buffers() {
        let mut v: Vec<u64> = Vec::with_capacity(4);
        v.extend([1, 2, 3]);
        assert_eq!(vec_growth(&v, 1), 32);
        assert_eq!(vec_growth(&v, 2), 32 + 64);
        assert_eq!(vec_growth(&v, 10), 32 + 13 * 8);
    }

    #[test]
    fn a_full_map_costs_its_table_and_the_next() {
        let mut map: HashMap<u64, u64> = HashMap::with_capacity(3);
        assert!(map_bytes(&map) >= 4 * 17);
        for i in 0..map.capacity() as u64 {
            map.insert(i, i);
        }
        assert_eq!(map_growth(&map, 0), map_bytes(&map));
        assert!(map_growth(&map, 1) > map_bytes(&map));
    }

    #[test]
    fn rows_keep_their_numbers_across_pages_and_count_whole_pages() {
        let mut rows: Rows<u32> = Rows::new(100_000);
        assert!(rows.is_empty());
        for i in 0..25u32 {
            rows.push(&vec![i; 100_000]);
        }
        assert_eq!(rows.len(), 25);
        // 2 rows of 400,000 bytes per 1 MiB page: 13 pages.
        assert_eq!(rows.bytes(), 13 * (800_000 + size_of::<Vec<u32>>() as u64));
        assert_eq!(rows.growth(1), rows.bytes());
        assert_eq!(
            rows.growth(2),
            14 * (800_000 + size_of::<Vec<u32>>() as u64)
        );
        for i in 0..25u32 {
            assert!(rows.row(i as usize).iter().all(|&n| n == i));
        }
        rows.row_mut(24)[7] = 99;
        let copy = rows.clone();
        assert_eq!(copy.row(24)[7], 99);
        assert_eq!(copy.row(23)[7], 23);
        assert_eq!(copy.bytes(), rows.bytes());
    }

    #[test]
    fn byte_counts_read_and_write_back() {
        for text in ["1K", "512M", "3G", "1T", "12345"] {
            assert_eq!(format_bytes(parse_bytes(text).unwrap()), text);
        }
        assert_eq!(parse_bytes("64 MiB"), Ok(64 << 20));
        assert_eq!(parse_bytes("64mb"), Ok(64 << 20));
        assert!(parse_bytes("").is_err());
        assert!(parse_bytes("-1G").is_err());
        assert!(parse_bytes("1e30T").is_err());
        assert!(parse_bytes("G").is_err());
    }
}
