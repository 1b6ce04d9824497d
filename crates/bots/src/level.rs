//! Strength levels 1 to 5, as `towers --level` offers them.

use std::time::Duration;

use crate::budget::Budget;
use crate::mcts::MctsConfig;

/// A strength level from 1 (quick and weak) to 5 (slow and strong); 3 is the default.
///
/// ```
/// use bots::Level;
///
/// let level: Level = "4".parse().unwrap();
/// assert!(level.mcts().budget.max_iterations() > Level::default().mcts().budget.max_iterations());
/// assert!("6".parse::<Level>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Level(u8);

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level.
    pub const MAX: Level = Level(5);

    /// Level `value`, if it is 1 to 5.
    pub const fn new(value: u8) -> Option<Level> {
        if value >= 1 && value <= 5 {
            Some(Level(value))
        } else {
            None
        }
    }

    /// The level's number.
    pub const fn value(self) -> u8 {
        self.0
    }

    const fn index(self) -> usize {
        (self.0 as usize).saturating_sub(1)
    }

    /// MCTS at this level: 250, 1000, 4000, 16000 or 64000 iterations, and never more
    /// than 1, 2, 5, 15 or 45 seconds.
    pub const fn mcts(self) -> MctsConfig {
        const ITERATIONS: [u64; 5] = [250, 1_000, 4_000, 16_000, 64_000];
        const SECONDS: [u64; 5] = [1, 2, 5, 15, 45];
        MctsConfig {
            budget: Budget::iterations(ITERATIONS[self.index()])
                .with_time(Duration::from_secs(SECONDS[self.index()])),
            exploration: 1.0,
            playout_plies: 400,
            max_nodes: 1_000_000,
        }
    }

    /// Alpha-beta at this level: depth 2, 4, 6, 8 or 10, and never more than 1, 2, 5, 15
    /// or 45 seconds.
    pub const fn alphabeta(self) -> Budget {
        const DEPTHS: [u64; 5] = [2, 4, 6, 8, 10];
        const SECONDS: [u64; 5] = [1, 2, 5, 15, 45];
        Budget::iterations(DEPTHS[self.index()])
            .with_time(Duration::from_secs(SECONDS[self.index()]))
    }
}

impl Default for Level {
    fn default() -> Self {
        Level(3)
    }
}

impl core::fmt::Display for Level {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl core::str::FromStr for Level {
    type Err = boardcore::ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        boardcore::parse_number::<u8>(text)
            .and_then(Level::new)
            .ok_or_else(|| boardcore::ParseError::new("level", text, "expected 1 to 5"))
    }
}
