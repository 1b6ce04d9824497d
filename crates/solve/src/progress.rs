//! Progress of the long jobs, told to the caller: the library prints nothing; a front end
//! draws bars or writes lines from the events.

#[cfg(feature = "database")]
use crate::pylos::report::{CountReport, LayerReport, SweepReport};

/// What a long job tells as it goes, through [`Progress::event`].
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Event {
    /// A stage started, with `total` units of work (positions or indices).
    Started {
        /// The stage.
        stage: Job,
        /// The units of work of the stage.
        total: u64,
    },
    /// `done` more units of the stage are done.
    Advanced {
        /// The units done since the last event.
        done: u64,
    },
    /// The stage is over.
    Finished,
    /// The sweep of a Pylos build is over.
    #[cfg(feature = "database")]
    Swept(SweepReport),
    /// The count of the children of a Pylos build by layers is over.
    #[cfg(feature = "database")]
    Counted(CountReport),
    /// A layer of a Pylos build by layers is over.
    #[cfg(feature = "database")]
    Layer(LayerReport),
}

/// The stages of the long jobs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Job {
    /// The sweep of a Pylos build of `children`, over positions.
    Sweep,
    /// The count of the children of a Pylos build by layers, over positions.
    Count,
    /// The layer of this distance of a Pylos build by layers, over indices.
    Layer(u32),
    /// The writing of a compact Pylos database, over positions.
    Compact,
    /// The positions of this ply of a Pyrga opening book, over positions.
    Book(u32),
    /// The positions of this last ply of a shard of a Pyrga opening table, over positions.
    Table(u32),
    /// The values of the moves of a Pyrga position, over the moves whose results are not
    /// images of each other.
    Moves,
}

/// Where a long job tells its progress: called from any thread.
///
/// ```
/// use std::sync::atomic::{AtomicU64, Ordering};
///
/// use solve::{Event, Progress};
///
/// /// Counts the units done.
/// struct Count(AtomicU64);
///
/// impl Progress for Count {
///     fn event(&self, event: Event) {
///         if let Event::Advanced { done } = event {
///             self.0.fetch_add(done, Ordering::Relaxed);
///         }
///     }
/// }
///
/// let count = Count(AtomicU64::new(0));
/// count.event(Event::Advanced { done: 3 });
/// assert_eq!(count.0.load(Ordering::Relaxed), 3);
/// ```
pub trait Progress: Sync {
    /// Takes one event of the job.
    fn event(&self, event: Event);
}

/// A progress that shows nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quiet;

impl Progress for Quiet {
    fn event(&self, _: Event) {}
}
