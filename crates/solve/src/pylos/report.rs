//! What each stage of a Pylos build did: the reports a build returns and its progress
//! tells.

/// What a sweep did.
#[derive(Clone, Copy, Debug)]
pub struct SweepReport {
    /// Indices swept (valid or not).
    pub indices: u64,
    /// Valid positions among them, each solved once.
    pub positions: u64,
    /// Seconds the sweep took.
    pub seconds: f64,
}

/// What the count of the children did.
#[derive(Clone, Copy, Debug)]
pub struct CountReport {
    /// Indices classified (valid or not).
    pub indices: u64,
    /// Games going on, whose children were counted.
    pub ongoing: u64,
    /// Finished games: the positions of distance 0.
    pub finished: u64,
    /// The most distinct children of a position.
    pub most_children: u32,
    /// Seconds the count took.
    pub seconds: f64,
}

/// What one distance did.
#[derive(Clone, Copy, Debug)]
pub struct LayerReport {
    /// The distance of the positions whose parents were visited.
    pub plies: u32,
    /// The positions of that distance.
    pub frontier: u64,
    /// The parents that got their value, at distance `plies + 1`.
    pub settled: u64,
    /// Seconds it took.
    pub seconds: f64,
}
