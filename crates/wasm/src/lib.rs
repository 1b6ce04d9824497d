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
//! - on a game: `legalMoves()`, `play(move)` (a new game), `status()`, `chanceOutcomes()`,
//!   `record()`, `toText()`, `key()`, `perft(depth)`, `view()`, `inputChoices(steps)`,
//!   `botMove(options)`, `solve(options)`, `moveValues(options)`;
//! - `botMove(game, {bot, level, seed, timeMs})`;
//! - Pyrga's perfect play: `solve(game, {timeMs, nodes})` (the value of the position:
//!   `{verdict, plies, text}`) and `moveValues(game, {timeMs, nodes})` (every legal move
//!   with its value for the mover, best first).
//!
//! Every refused input throws an `Error` whose `kind` is `parse`, `illegal`, `gameOver`,
//! `invalidPosition` or `badOption`, and a solve whose budget runs out one of kind
//! `outOfBudget`; no input makes the module trap.
//!
//! The conversions are plain Rust ([`AnyGame`], [`Session`], the view and input types),
//! tested natively; only the thin layer of [`Game`] and [`bot_move`] touches `JsValue`.
//!
//! ```
//! use towers_wasm::{AnyGame, ErrorKind, Options};
//!
//! let start = AnyGame::start("pylos", &Options::default()).unwrap();
//! assert_eq!(start.perft(2), 240);
//! let next = start.play("0a1").unwrap();
//! assert_eq!(next.record(), "0a1");
//! assert_eq!(start.play("9z9").unwrap_err().kind, ErrorKind::Parse);
//! // A move built from clicks: the spot, then nothing more for a plain placement.
//! let choices = next.choices(&["0b1".to_owned()]).unwrap();
//! assert_eq!(choices.complete.as_deref(), Some("0b1"));
//! let view = next.view(serde_json::value::Serializer).unwrap();
//! assert_eq!(view["players"][0]["name"], "Light");
//! assert_eq!(view["board"]["spots"][0]["ball"], 0);
//!
//! // Perfect play in Pyrga, late in a game (ply 16): White wins in 12 plies with Sd4.
//! use towers_wasm::SolveRequest;
//! let record = "Cd1 Sd1 Sc1 Tc2w Tb2s Tb1w Ca1 Ta1n Ta4s Ta3e Tb3s Sb1 Cc1 Tc1e Td1n Cd4";
//! let late = AnyGame::from_record("pyrga", &Options::default(), record).unwrap();
//! assert_eq!(late.solve(SolveRequest::default()).unwrap().text, "White wins in 12");
//! let moves = late.move_values(SolveRequest::default()).unwrap();
//! let texts: Vec<_> = moves.iter().map(|m| format!("{} {}", m.mv, m.text)).collect();
//! assert_eq!(texts, ["Sd4 win in 12", "Td4w draw", "Td4s loss in 14"]);
//! // Pylos has no solver in the browser.
//! assert_eq!(start.solve(SolveRequest::default()).unwrap_err().kind, ErrorKind::BadOption);
//! ```

mod bot;
mod error;
mod games;
mod input;
mod js;
mod options;
mod solver;
mod typescript;
mod view;

pub use bot::{BotMaker, BotRequest};
pub use error::{ErrorKind, WebError};
pub use games::{AnyGame, GAMES, Session, WebGame};
pub use input::{Choices, Step, choices};
pub use js::{Game, bot_move, move_values, solve};
pub use options::{OPTION_KEYS, Options};
pub use solver::{DEFAULT_SOLVE_MS, MoveValue, PositionValue, SolveRequest};
pub use view::{Effect, Point, View};
