//! What reading an opening table costs when its file holds the values alone: the time to
//! enumerate its positions again ([`TableSettings::layers`], as
//! [`solve::PyrgaTable::from_bytes`] does), and, for comparison, the size the sorted keys
//! would take if shipped instead (deltas of the sorted symmetric keys, 8 bytes each,
//! deflated at level 10).
//!
//! ```text
//! cargo run --release -p solve --example pyrga_table_layers -- RULES PLY…
//! ```
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Instant;

use pyrga::Rules;
use solve::TableSettings;

fn main() {
    let mut args = std::env::args().skip(1);
    let rules: Rules = args.next().expect("rules").parse().expect("rules");
    println!("rules    P  positions  enumeration s  keys raw bytes  keys deflated bytes");
    for plies in args.map(|a| a.parse::<u32>().expect("a ply")) {
        let started = Instant::now();
        let layers = TableSettings::new(rules, "", plies).layers().unwrap();
        let seconds = started.elapsed().as_secs_f64();
        let mut keys: Vec<u64> = layers
            .iter()
            .flatten()
            .map(pyrga::State::position_key)
            .collect();
        keys.sort_unstable();
        let mut previous = 0;
        let deltas: Vec<u8> = keys
            .iter()
            .flat_map(|&key| {
                let delta = key - previous;
                previous = key;
                delta.to_le_bytes()
            })
            .collect();
        let deflated = miniz_oxide::deflate::compress_to_vec(&deltas, 10).len();
        println!(
            "{rules:<8} {plies}  {:>9}  {seconds:>13.3}  {:>14}  {deflated:>19}",
            keys.len(),
            deltas.len()
        );
    }
}
