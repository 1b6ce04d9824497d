//! The files this crate writes: the 64-bit FNV-1a checksum that seals them, and sealed
//! files (a magic, a header line ending in its checksum, the bytes) written whole through a
//! synced temporary file.

mod checksum;
#[cfg(feature = "tablebase")]
mod head;
pub(crate) mod lines;
#[cfg(feature = "database")]
mod seal;

pub use checksum::{fnv1a, fnv1a_continue};
#[cfg(feature = "tablebase")]
pub(crate) use head::{HEADER, bad_file, damaged_header, header_line, unseal_line};
#[cfg(feature = "database")]
pub(crate) use seal::{
    ensure_writable, io_error, pad_header, read_file, read_head, seal_line, temporary_path,
    write_file, write_through, write_whole,
};
