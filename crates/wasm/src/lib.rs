//! # towers-wasm
//!
//! JavaScript bindings (through `wasm-bindgen`) over the tower-building game engines
//! (`pyrga`, `pylos`, `architekton`, `crescendo`) and their bots. It holds no rules: it
//! converts between JavaScript values and the engines' types, and every decision is the
//! engines'.
//!
//! The JavaScript API (see `docs/web.md` and the TypeScript declarations):
//! - `new Game(name, options)`, `Game.fromRecord(name, options, record)`,
//!   `Game.fromText(name, text)`;
//! - `Game.fromFile(text, name?)`, reading what `toFile()` writes (the game, its options
//!   and its record);
//! - on a game: `legalMoves()`, `play(move)` (a new game), `status()`, `result()`,
//!   `chanceOutcomes()`, `record()`, `toFile()`, `toText()`, `key()`, `perft(depth)`,
//!   `view()`, `inputChoices(steps)`, `botMove(options)`, `solve(options)`,
//!   `moveValues(options)`;
//! - `gameInfo(name)`: a game's options (values, default), bots, seats and rules;
//! - `botMove(game, {bot, level, seed, timeMs})`;
//! - Pyrga's perfect play: `solve(game, {timeMs, nodes})` (the value of the position:
//!   `{verdict, plies, text}`) and `moveValues(game, {timeMs, nodes})` (every legal move
//!   with its value for the mover, best first).
//!
//! - `PylosTablebaseReader`: a Pylos solution file read from bytes JavaScript fetches,
//!   which the package's `PylosTablebase` (`js/tablebase.js`) drives: `solve` and
//!   `moveValues` with `{tablebase}` (errors `noDatabase`, `badFile`, and `network` from
//!   the JavaScript layer).
//!
//! - `memoryUsage()`: the module's memory (`{memoryBytes, heapBytes, peakHeapBytes}`).
//!
//! Every refused input throws an `Error` whose `kind` is `parse`, `illegal`, `gameOver`,
//! `invalidPosition` or `badOption` (an options object with an unknown key or a value of
//! the wrong type included), and a solve whose budget runs out one of kind
//! `outOfBudget`; no input makes the module trap. The package's JavaScript layer
//! (`crates/wasm/js/`) wraps every export and gives the other failures a kind too:
//! `freed` (a game used after `free()`), `outOfMemory` (an allocation failed, noted by the
//! counting allocator of the `memory` module) and `internal` (any other trap).
//!
//! Every game's facts (options, bots, views, input steps, errors) come from the `catalog`
//! crate, which the `towers` program and the other front-ends share (the catalog refuses
//! an unknown option or one of another game); this crate holds only the conversions
//! between JavaScript values and catalog's: the arguments read in `args`, the bindings
//! ([`Game`], [`bot_move`], …) in `js`.

mod args;
mod js;
mod memory;
mod tablebase;
mod typescript;

pub use js::{Game, bot_move, game_info, move_values, solve};
pub use memory::{allocation_failed, memory_usage};
pub use tablebase::PylosTablebaseReader;
