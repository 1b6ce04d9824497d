//! Shared helpers of the benchmarks (the benchmarks themselves are the `[[bench]]`
//! targets: `cargo bench -p tower-benches --bench <game>`).

use boardcore::Game;

/// The positions reached by playing each record from `start`; records that do not replay
/// are skipped (the benchmarks use fixed, known-good records).
pub fn positions<G: Game>(start: &G, records: &[&str]) -> Vec<G> {
    records
        .iter()
        .filter_map(|record| start.replay(record).ok())
        .collect()
}

/// Every (position, legal move) pair of `positions`, for benchmarking `apply`.
pub fn position_moves<G: Game>(positions: &[G]) -> Vec<(G, G::Move)> {
    positions
        .iter()
        .flat_map(|state| {
            state
                .legal_moves()
                .iter()
                .map(|&mv| (state.clone(), mv))
                .collect::<Vec<_>>()
        })
        .collect()
}
