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
//! This holds while one thread allocates: with shared memory another thread could grow,
//! write and free pages during the call, so a build with atomics keeps dlmalloc's zeroing.

use std::alloc::{GlobalAlloc, Layout, System};
use std::arch::wasm32;

/// Bytes of a wasm page.
const PAGE: usize = 65_536;

/// The allocator (see the module documentation).
struct ZeroedPages;

// SAFETY: every call is System's; `alloc_zeroed` zeroes every byte of the allocation that
// is not a fresh page (see the module documentation).
unsafe impl GlobalAlloc for ZeroedPages {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.size() < PAGE {
            return unsafe { System.alloc_zeroed(layout) };
        }
        // Saturating: a memory of 4 GiB (65,536 pages) is zeroed as old memory.
        let fresh_from = wasm32::memory_size(0).saturating_mul(PAGE);
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            let start = ptr as usize;
            let used = fresh_from.saturating_sub(start).min(layout.size());
            // SAFETY: `used` ≤ the allocation's size, from its start.
            unsafe { ptr.write_bytes(0, used) };
        }
        ptr
    }
}

#[global_allocator]
static ALLOCATOR: ZeroedPages = ZeroedPages;
