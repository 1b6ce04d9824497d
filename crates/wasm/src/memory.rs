//! The module's memory: an allocator that counts the bytes in use and remembers a failed
//! allocation, so that the JavaScript layer can tell an allocation failure (kind
//! `outOfMemory`) from another trap (kind `internal`), and `memoryUsage()`.
//!
//! Built for WebAssembly, the allocator wraps the standard one (`System`); natively the
//! standard allocator runs as it is and the counts stay at zero.

use core::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The bytes allocated and not freed.
static IN_USE: AtomicUsize = AtomicUsize::new(0);
/// The most bytes in use at once since the module started.
static PEAK: AtomicUsize = AtomicUsize::new(0);
/// Whether an allocation failed (the module aborts right after one).
static FAILED: AtomicBool = AtomicBool::new(false);

/// Counts `bytes` more in use.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn grown(bytes: usize) {
    let now = IN_USE.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

/// Counts `bytes` fewer in use.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn shrunk(bytes: usize) {
    IN_USE.fetch_sub(bytes, Ordering::Relaxed);
}

/// Notes a failed allocation.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn failed() {
    FAILED.store(true, Ordering::Relaxed);
}

#[cfg(target_arch = "wasm32")]
mod counting {
    // The one place of the workspace with unsafe code: `GlobalAlloc` is an unsafe trait.
    // Every method hands its arguments unchanged to `System`, whose contract is the same.
    #![allow(unsafe_code)]

    use std::alloc::{GlobalAlloc, Layout, System};

    /// `System`, counting.
    struct Counting;

    // SAFETY: each method calls the same method of `System` with the same arguments and
    // returns its answer unchanged; the counting touches atomics only and never allocates.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            // SAFETY: the caller's guarantees for `layout` are those `System.alloc` needs.
            let block = unsafe { System.alloc(layout) };
            after(block, layout.size());
            block
        }

        unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
            // SAFETY: as for `alloc`.
            let block = unsafe { System.alloc_zeroed(layout) };
            after(block, layout.size());
            block
        }

        unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
            // SAFETY: `block` was allocated by this allocator, that is by `System`, with
            // `layout`, as the caller guarantees.
            unsafe { System.dealloc(block, layout) };
            super::shrunk(layout.size());
        }

        unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            // SAFETY: as for `dealloc`, and `new_size` meets `realloc`'s conditions as the
            // caller guarantees.
            let moved = unsafe { System.realloc(block, layout, new_size) };
            if moved.is_null() {
                super::failed();
            } else {
                super::shrunk(layout.size());
                super::grown(new_size);
            }
            moved
        }
    }

    /// Counts a block of `size` bytes, or notes the failure when `block` is null.
    fn after(block: *mut u8, size: usize) {
        if block.is_null() {
            super::failed();
        } else {
            super::grown(size);
        }
    }

    #[global_allocator]
    static ALLOCATOR: Counting = Counting;
}

/// What `memoryUsage()` returns.
#[derive(Serialize)]
#[allow(clippy::struct_field_names)] // The names JavaScript reads, all in bytes.
#[serde(rename_all = "camelCase")]
struct Usage {
    /// The size of the module's linear memory (it grows and never shrinks).
    memory_bytes: f64,
    /// The bytes allocated now (games, records, tables).
    heap_bytes: f64,
    /// The most bytes allocated at once since the module started.
    peak_heap_bytes: f64,
}

/// The module's memory: `{memoryBytes, heapBytes, peakHeapBytes}`, the size of its
/// WebAssembly memory (which grows and never shrinks), the bytes allocated now and the
/// most allocated at once so far.
///
/// # Errors
/// None in practice (the conversion of plain values).
#[wasm_bindgen(js_name = memoryUsage, unchecked_return_type = "MemoryUsage")]
pub fn memory_usage() -> Result<JsValue, JsValue> {
    let usage = Usage {
        memory_bytes: memory_bytes(),
        heap_bytes: IN_USE.load(Ordering::Relaxed) as f64,
        peak_heap_bytes: PEAK.load(Ordering::Relaxed) as f64,
    };
    usage
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|error| JsValue::from_str(&error.to_string()))
}

/// The size of the linear memory in bytes.
#[cfg(target_arch = "wasm32")]
fn memory_bytes() -> f64 {
    (core::arch::wasm32::memory_size(0) * 65_536) as f64
}

/// The size of the linear memory in bytes: none natively.
#[cfg(not(target_arch = "wasm32"))]
fn memory_bytes() -> f64 {
    0.0
}

/// Whether an allocation has failed: the JavaScript layer asks after a trap, to name its
/// error `outOfMemory` rather than `internal`. Not part of the documented API.
#[wasm_bindgen(js_name = "__allocationFailed", skip_typescript)]
pub fn allocation_failed() -> bool {
    FAILED.load(Ordering::Relaxed)
}
