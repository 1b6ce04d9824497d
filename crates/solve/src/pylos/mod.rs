//! Pylos solving: the perfect index of positions, retrograde analysis (a sweep, passes and
//! layers from the ends), the direct solver of late positions and the database, with its
//! build, checkpoints and compact form.

#[cfg(feature = "tablebase")]
pub(crate) mod database;
#[cfg(feature = "database")]
pub(crate) mod direct;
#[cfg(feature = "database")]
pub(crate) mod frontier;
pub(crate) mod index;
#[cfg(feature = "tablebase")]
pub(crate) mod packed;
#[cfg(feature = "database")]
pub(crate) mod report;
#[cfg(feature = "database")]
pub(crate) mod retro;
