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
//!   `botMove(options)`;
//! - `botMove(game, {bot, level, seed, timeMs})`.
//!
//! Every refused input throws an `Error` whose `kind` is `parse`, `illegal`, `gameOver`,
//! `invalidPosition` or `badOption`; no input makes the module trap.
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
//! ```

mod bot;
mod error;
mod games;
mod input;
mod js;
mod options;
mod typescript;
mod view;

pub use bot::{BotMaker, BotRequest};
pub use error::{ErrorKind, WebError};
pub use games::{AnyGame, GAMES, Session, WebGame};
pub use input::{Choices, Step, choices};
pub use js::{Game, bot_move};
pub use options::{OPTION_KEYS, Options};
pub use view::{Effect, Point, View};
