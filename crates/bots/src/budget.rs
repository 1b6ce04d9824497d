//! How much work a searching bot may do for one move.

use std::time::Duration;

use web_time::Instant;

/// A limit on one search: iterations (MCTS) or depth (alpha-beta), wall-clock time, or
/// both, whichever runs out first.
///
/// A search limited by iterations or depth alone is deterministic for a given seed; a time
/// limit makes it depend on the machine. Time limits read the system clock, or in a
/// browser (`wasm32-unknown-unknown`, where the standard library has no clock) the page's
/// or worker's `performance.now()`, through the `web-time` crate; elsewhere on that
/// target, use iteration or depth limits.
///
/// ```
/// use bots::Budget;
/// use std::time::Duration;
///
/// let quick = Budget::iterations(1_000);
/// let timed = Budget::iterations(1_000_000).with_time(Duration::from_millis(200));
/// assert_eq!(quick.max_iterations(), Some(1_000));
/// assert_eq!(timed.max_time(), Some(Duration::from_millis(200)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Budget {
    iterations: Option<u64>,
    time: Option<Duration>,
}

impl Budget {
    /// At most `iterations` iterations (or depth steps for alpha-beta).
    pub const fn iterations(iterations: u64) -> Budget {
        Budget {
            iterations: Some(iterations),
            time: None,
        }
    }

    /// At most `time` of wall-clock time.
    pub const fn time(time: Duration) -> Budget {
        Budget {
            iterations: None,
            time: Some(time),
        }
    }

    /// This budget with a time limit added.
    #[must_use]
    pub const fn with_time(self, time: Duration) -> Budget {
        Budget {
            time: Some(time),
            ..self
        }
    }

    /// The iteration limit, if any.
    pub const fn max_iterations(&self) -> Option<u64> {
        self.iterations
    }

    /// The time limit, if any.
    pub const fn max_time(&self) -> Option<Duration> {
        self.time
    }

    /// Starts counting against this budget.
    pub(crate) fn start(&self) -> RunningBudget {
        RunningBudget {
            budget: *self,
            started: self.time.map(|_| Instant::now()),
        }
    }
}

/// A running budget.
pub(crate) struct RunningBudget {
    budget: Budget,
    started: Option<Instant>,
}

impl RunningBudget {
    /// Whether `done` iterations exhaust the budget (the clock is read only with a time
    /// limit). A budget with neither limit stops at once: at least one limit is needed.
    pub(crate) fn exhausted(&self, done: u64) -> bool {
        let by_count = self.budget.iterations.is_some_and(|limit| done >= limit);
        let by_time = match (self.budget.time, self.started) {
            (Some(limit), Some(start)) => start.elapsed() >= limit,
            _ => false,
        };
        by_count || by_time || (self.budget.iterations.is_none() && self.budget.time.is_none())
    }
}
