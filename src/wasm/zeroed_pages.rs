//! The wasm module's allocator: the standard one (dlmalloc), except that a large *zeroed*
//! allocation is not written over where its bytes are fresh pages.
//!
//! dlmalloc's `calloc` zeroes every byte it hands out, even when they are pages that
//! `memory.grow` has just added, which the engine guarantees are zero. The solvers' tables
//! are such allocations (Connect Four's is 64 MiB): zeroing it made a worker's first
//! trivial Connect Four score take 30–50 ms, and touched (committed) the whole table at
//! once. Here the bytes of the allocation at or above the memory's size before the call
//! (pages grown during it, which nothing but dlmalloc's chunk headers, outside the
//! allocation, has written) are left as they are; the bytes below are zeroed as before.
//!
//! This holds while one thread allocates. In the threaded package (shared memory, helper
//! threads) another thread could grow, write and free pages between the reading of the
//! memory's size and the allocation, so there every call of this allocator holds one lock:
//! memory grows only through it (wasm-bindgen's thread stacks and thread-local storage are
//! allocated here too), so pages above the size read under the lock are fresh.

use std::alloc::{GlobalAlloc, Layout, System};
use std::arch::wasm32;

/// Bytes of a wasm page.
const PAGE: usize = 65_536;

/// The allocator (see the module documentation).
struct ZeroedPages;

/// Held by every call of the threaded package's allocator (see the module documentation).
#[cfg(target_feature = "atomics")]
static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The allocator's lock while `f` runs (in the threaded package; nothing in the plain one).
#[inline]
fn locked<R>(f: impl FnOnce() -> R) -> R {
    // A panic cannot happen while it is held (System's calls do not panic): no poisoning.
    #[cfg(target_feature = "atomics")]
    let _held = LOCK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    f()
}

// SAFETY: every call is System's; `alloc_zeroed` zeroes every byte of the allocation that
// is not a fresh page (see the module documentation).
unsafe impl GlobalAlloc for ZeroedPages {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        locked(|| unsafe { System.alloc(layout) })
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        locked(|| unsafe { System.dealloc(ptr, layout) });
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        locked(|| unsafe { System.realloc(ptr, layout, new_size) })
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.size() < PAGE {
            return locked(|| unsafe { System.alloc_zeroed(layout) });
        }
        let (ptr, used) = locked(|| {
            // Saturating: a memory of 4 GiB (65,536 pages) is zeroed as old memory.
            let fresh_from = wasm32::memory_size(0).saturating_mul(PAGE);
            let ptr = unsafe { System.alloc(layout) };
            (
                ptr,
                fresh_from.saturating_sub(ptr as usize).min(layout.size()),
            )
        });
        if !ptr.is_null() {
            // SAFETY: `used` ≤ the allocation's size, from its start; the allocation is
            // this call's alone, so it is zeroed outside the lock.
            unsafe { ptr.write_bytes(0, used) };
        }
        ptr
    }
}

#[global_allocator]
static ALLOCATOR: ZeroedPages = ZeroedPages;
