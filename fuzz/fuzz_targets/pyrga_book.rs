//! Arbitrary bytes read as a Pyrga opening book, alone and written over part of the shipped
//! book: nothing panics, and a book that reads writes back to bytes that read the same.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use solve::PyrgaBook;

/// The shipped standard book's bytes, written once for all runs (its 18,618 entries).
fn shipped_bytes() -> Option<&'static [u8]> {
    static BYTES: OnceLock<Option<Vec<u8>>> = OnceLock::new();
    BYTES
        .get_or_init(|| {
            PyrgaBook::shipped(pyrga::Rules::Standard)
                .ok()
                .map(PyrgaBook::to_bytes)
        })
        .as_deref()
}

/// Reads `bytes` as a book; what reads must survive its own round trip.
fn check(bytes: &[u8]) {
    if let Ok(book) = PyrgaBook::from_bytes(bytes) {
        assert_eq!(PyrgaBook::from_bytes(&book.to_bytes()).as_ref(), Ok(&book));
    }
}

fuzz_target!(|data: &[u8]| {
    check(data);
    let Some(shipped) = shipped_bytes() else {
        return;
    };
    let mut bytes = shipped.to_vec();
    if let Some((&at, patch)) = data.split_first() {
        let start = usize::from(at) * bytes.len() / 256;
        for (byte, &new) in bytes[start..].iter_mut().zip(patch) {
            *byte = new;
        }
        check(&bytes);
        check(&bytes[..start]);
    }
});
