//! The JavaScript face: the `Game` class, `botMove`, and Pyrga's `solve` and `moveValues`.
//! Every argument is read by the [`args`](crate::args) module; this one calls the catalog
//! and gives back its answers as plain JavaScript values.

use catalog::{AnyGame, Error as WebError, ErrorKind, GameFile, GameInfo};
use js_sys::{Function, Reflect};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::args::{
    BotOptionsArg, GameOptionsArg, SolveOptionsArg, StepsArg, optional, property, read_bot_options,
    read_file_players, read_options, read_solve_options, read_steps, string_arg, to_js,
};

/// `value` serialized as a plain JavaScript value (objects, arrays, `null` for none).
pub(crate) fn plain<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|error| to_js(&WebError::bad_option(error.to_string())))
}

/// The clock of time budgets, in milliseconds.
#[cfg(target_arch = "wasm32")]
fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// The clock of time budgets, in milliseconds.
#[cfg(not(target_arch = "wasm32"))]
fn now_ms() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |elapsed| elapsed.as_secs_f64() * 1000.0)
}

/// A position of one of the games, with the moves played since it began.
#[wasm_bindgen]
pub struct Game {
    inner: AnyGame,
}

impl Game {
    /// The game.
    pub(crate) const fn inner(&self) -> &AnyGame {
        &self.inner
    }
}

#[wasm_bindgen]
impl Game {
    /// The start of game `name` (`pyrga`, `pylos`, `architekton` or `crescendo`) with
    /// `options` (`rules`, `variant`, `takeback`, `end`, `buildingMatch`, `players`).
    ///
    /// # Errors
    /// `badOption` for an unknown game, option or value.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "GameName")] name: &JsValue,
        options: Option<GameOptionsArg>,
    ) -> Result<Game, JsValue> {
        let name = string_arg(name, ErrorKind::BadOption, "the game name")?;
        let options = read_options(&name, &optional(options))?;
        AnyGame::start(&name, &options)
            .map(|inner| Game { inner })
            .map_err(|error| to_js(&error))
    }

    /// Game `name` with `options` after `record` (moves in notation separated by spaces)
    /// from the start.
    ///
    /// # Errors
    /// `badOption` as for the constructor; `parse`, `illegal` or `gameOver` for the first
    /// move of the record that cannot be read or played (`ply N, move M: reason`).
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(
        #[wasm_bindgen(unchecked_param_type = "GameName")] name: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "GameOptions | null | undefined")] options: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] record: &JsValue,
    ) -> Result<Game, JsValue> {
        let name = string_arg(name, ErrorKind::BadOption, "the game name")?;
        let options = read_options(&name, options)?;
        let record = string_arg(record, ErrorKind::Parse, "the record")?;
        AnyGame::from_record(&name, &options, &record)
            .map(|inner| Game { inner })
            .map_err(|error| to_js(&error))
    }

    /// Game `name` at the position written `text` (the text form of `toText()`).
    ///
    /// # Errors
    /// `badOption` for an unknown game, `parse` for a text that does not read,
    /// `invalidPosition` for one that describes no valid position.
    #[wasm_bindgen(js_name = fromText)]
    pub fn from_text(
        #[wasm_bindgen(unchecked_param_type = "GameName")] name: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
    ) -> Result<Game, JsValue> {
        let name = string_arg(name, ErrorKind::BadOption, "the game name")?;
        let text = string_arg(text, ErrorKind::Parse, "the position text")?;
        AnyGame::from_text(&name, &text)
            .map(|inner| Game { inner })
            .map_err(|error| to_js(&error))
    }

    /// The game a game file holds (the text `toFile()` writes: `[game "…"]` and option
    /// tags, then the moves); a file of moves alone is one of game `name`, when given.
    ///
    /// # Errors
    /// `parse` for a bad tag line; `badOption` when the file names no game and `name` is
    /// not given; then as `fromRecord` (or `fromText` for a file that began at a position).
    #[wasm_bindgen(js_name = fromFile)]
    pub fn from_file(
        #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "GameName | undefined")] name: &JsValue,
    ) -> Result<Game, JsValue> {
        let text = string_arg(text, ErrorKind::Parse, "the game file")?;
        let name = if name.is_undefined() || name.is_null() {
            None
        } else {
            Some(string_arg(name, ErrorKind::BadOption, "the game name")?)
        };
        let file = GameFile::parse(&text).map_err(|error| to_js(&error))?;
        AnyGame::from_file(&file, name.as_deref())
            .map(|inner| Game { inner })
            .map_err(|error| to_js(&error))
    }

    /// The whole game as a file: `[game "…"]`, its options (or starting position) as tag
    /// lines, who played each seat when `options.players` names them (`[player1 "you"]`),
    /// then the record; `Game.fromFile` reads it back, and `towers play` loads it.
    ///
    /// # Errors
    /// `badOption` for an unknown option, or `players` that is not an array of at most
    /// one string per seat.
    #[wasm_bindgen(js_name = toFile)]
    pub fn to_file(
        &self,
        #[wasm_bindgen(unchecked_param_type = "FileOptions | null | undefined")] options: &JsValue,
    ) -> Result<String, JsValue> {
        let mut file = self.inner.file();
        if let Some(players) = read_file_players(options, self.inner.seats())? {
            file.players = players;
        }
        Ok(file.to_string())
    }

    /// The options the game began with, as an object of strings (`{rules: "classic"}`;
    /// empty for a game begun at a position text, whose text holds its options).
    ///
    /// # Errors
    /// None in practice: the options are plain strings.
    #[wasm_bindgen(unchecked_return_type = "Record<string, string>")]
    pub fn options(&self) -> Result<JsValue, JsValue> {
        let given = self.inner.options();
        let options: std::collections::BTreeMap<&str, &str> = given.pairs().collect();
        plain(&options)
    }

    /// The result in words once the game is over (`Black wins: controls 3 towers`), else
    /// `undefined`.
    pub fn result(&self) -> Option<String> {
        self.inner.result()
    }

    /// The game's name.
    #[wasm_bindgen(getter, unchecked_return_type = "GameName")]
    pub fn name(&self) -> String {
        self.inner.name().to_owned()
    }

    /// The legal moves in notation, sorted (as `towers moves` lists them).
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// A new game after `move`; this one is unchanged.
    ///
    /// # Errors
    /// `parse`, `illegal` (with the rule's reason) or `gameOver`.
    pub fn play(
        &self,
        #[wasm_bindgen(js_name = "move", unchecked_param_type = "string")] mv: &JsValue,
    ) -> Result<Game, JsValue> {
        let text = string_arg(mv, ErrorKind::Parse, "the move")?;
        self.inner
            .play(&text)
            .map(|inner| Game { inner })
            .map_err(|error| to_js(&error))
    }

    /// The `towers status` line: `ongoing 0`, `ongoing chance`, `winner 1`, `draw` or
    /// `ranking 2 0 1 3`.
    pub fn status(&self) -> String {
        self.inner.status()
    }

    /// When chance decides, its outcomes in notation with their weights; else empty.
    ///
    /// # Errors
    /// None in practice (the conversion of plain values).
    #[wasm_bindgen(js_name = chanceOutcomes, unchecked_return_type = "ChanceOutcome[]")]
    pub fn chance_outcomes(&self) -> Result<JsValue, JsValue> {
        #[derive(Serialize)]
        struct Outcome {
            #[serde(rename = "move")]
            mv: String,
            weight: u32,
        }
        let outcomes: Vec<Outcome> = self
            .inner
            .chance_outcomes()
            .into_iter()
            .map(|(mv, weight)| Outcome { mv, weight })
            .collect();
        plain(&outcomes)
    }

    /// The moves played since this game began (its start, or the position of `fromText`).
    pub fn record(&self) -> String {
        self.inner.record()
    }

    /// The position's text form, which `Game.fromText` reads back.
    #[wasm_bindgen(js_name = toText)]
    pub fn to_text(&self) -> String {
        self.inner.text()
    }

    /// The position key (64 bits) in decimal.
    pub fn key(&self) -> String {
        self.inner.key()
    }

    /// The number of move sequences of `depth` moves from here.
    ///
    /// # Errors
    /// `badOption` when `depth` is not a non-negative integer (at most 64).
    pub fn perft(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] depth: &JsValue,
    ) -> Result<f64, JsValue> {
        let depth = depth
            .as_f64()
            .filter(|d| d.is_finite() && d.fract() == 0.0 && (0.0..=64.0).contains(d))
            .ok_or_else(|| {
                to_js(&WebError::bad_option(
                    "the depth must be a non-negative integer of at most 64",
                ))
            })?;
        Ok(self.inner.perft(depth as u32) as f64)
    }

    /// Everything needed to draw the position (see the `View` type).
    ///
    /// # Errors
    /// None in practice (the conversion of plain values).
    #[wasm_bindgen(unchecked_return_type = "View")]
    pub fn view(&self) -> Result<JsValue, JsValue> {
        self.inner
            .view(&serde_wasm_bindgen::Serializer::json_compatible())
            .map_err(|error| to_js(&WebError::bad_option(error.to_string())))
    }

    /// The choices after `steps` (an array of step strings) when building a move from
    /// clicks (see the `Choices` type).
    ///
    /// # Errors
    /// `parse` when `steps` is not an array of strings, `illegal` when no legal move begins
    /// with them, `gameOver` after the end.
    #[wasm_bindgen(js_name = inputChoices, unchecked_return_type = "Choices")]
    pub fn input_choices(&self, steps: Option<StepsArg>) -> Result<JsValue, JsValue> {
        let steps = read_steps(&optional(steps))?;
        let choices = self.inner.choices(&steps).map_err(|error| to_js(&error))?;
        plain(&choices)
    }

    /// A bot's move in notation for the player deciding here (a chance outcome drawn by
    /// weight with the seed when chance decides). See the top-level `botMove`.
    ///
    /// # Errors
    /// `badOption` for an unknown bot or a bad level, seed or time; `gameOver` after the end.
    #[wasm_bindgen(js_name = botMove)]
    pub fn bot_move(&self, options: Option<BotOptionsArg>) -> Result<String, JsValue> {
        let (name, request) = read_bot_options(&optional(options))?;
        self.inner
            .bot_move(name.as_deref(), request, &now_ms)
            .map_err(|error| to_js(&error))
    }

    /// Pyrga: the exact value of the position for the player to move, with perfect play
    /// (see the `PositionValue` type). See the top-level `solve`.
    ///
    /// # Errors
    /// `badOption` for another game or a bad budget, `gameOver` after the end,
    /// `outOfBudget` when the budget runs out first.
    #[wasm_bindgen(unchecked_return_type = "PositionValue")]
    pub fn solve(&self, options: Option<SolveOptionsArg>) -> Result<JsValue, JsValue> {
        let request = read_solve_options(&optional(options), "solve")?;
        let value = self.inner.solve(request).map_err(|error| to_js(&error))?;
        plain(&value)
    }

    /// Pyrga: every legal move with its exact value for the player making it, best first
    /// (see the `MoveValue` type). See the top-level `moveValues`.
    ///
    /// # Errors
    /// `badOption` for another game or a bad budget, `gameOver` after the end,
    /// `outOfBudget` when the budget runs out first.
    #[wasm_bindgen(js_name = moveValues, unchecked_return_type = "MoveValue[]")]
    pub fn move_values(&self, options: Option<SolveOptionsArg>) -> Result<JsValue, JsValue> {
        let request = read_solve_options(&optional(options), "moveValues")?;
        let values = self
            .inner
            .move_values(request)
            .map_err(|error| to_js(&error))?;
        plain(&values)
    }
}

/// Calls the method `method` of `game` (a `Game`) with `options`: the functions at the top
/// level take the game as their first argument. The method's own errors pass through;
/// anything else is a `badOption` error saying that `call` takes a `Game`.
fn call_on_game(
    game: &JsValue,
    method: &str,
    options: &JsValue,
    call: &str,
) -> Result<JsValue, JsValue> {
    let not_a_game = || to_js(&WebError::bad_option(format!("{call} takes a Game")));
    if !game.is_object() {
        return Err(not_a_game());
    }
    let function: Function = property(game, method, ErrorKind::BadOption)?
        .dyn_into()
        .map_err(|_| not_a_game())?;
    match function.call1(game, options) {
        Ok(answer) => Ok(answer),
        // The errors of the `Game` method pass through; anything else thrown by an object
        // posing as a game is refused as such.
        Err(thrown) if Reflect::get(&thrown, &"kind".into()).is_ok_and(|k| k.is_string()) => {
            Err(thrown)
        }
        Err(_) => Err(not_a_game()),
    }
}

/// A move chosen by a bot for the player deciding in `game`: `options` is
/// `{bot, level, seed, timeMs}`, all optional (the game's default bot as in `towers play`,
/// level 3, seed 0, no time budget). When chance decides, an outcome drawn by weight with
/// the seed.
///
/// # Errors
/// `badOption` when `game` is not a `Game`, or for a bad option; `gameOver` after the end.
#[wasm_bindgen(js_name = botMove)]
pub fn bot_move(
    #[wasm_bindgen(unchecked_param_type = "Game")] game: &JsValue,
    options: Option<BotOptionsArg>,
) -> Result<String, JsValue> {
    call_on_game(game, "botMove", &optional(options), "botMove")?
        .as_string()
        .ok_or_else(|| to_js(&WebError::bad_option("botMove takes a Game")))
}

/// Pyrga: the exact value of the position of `game` for the player to move, with perfect
/// play: `{verdict, plies, text}`, such as `{verdict: "win", plies: 17, text: "White wins
/// in 17"}` (`plies` counts the plies to the end, the winner taking the shortest way and
/// the loser the longest; 0 for a draw). `options` is `{timeMs, nodes}`, both optional:
/// the search stops after `timeMs` milliseconds (5000 by default) or `nodes` nodes.
///
/// # Errors
/// `badOption` when `game` is not a Pyrga `Game` or for a bad budget; `gameOver` after the
/// end; `outOfBudget` when the budget runs out before the value is found.
#[wasm_bindgen(unchecked_return_type = "PositionValue")]
pub fn solve(
    #[wasm_bindgen(unchecked_param_type = "Game")] game: &JsValue,
    options: Option<SolveOptionsArg>,
) -> Result<JsValue, JsValue> {
    call_on_game(game, "solve", &optional(options), "solve")
}

/// Pyrga: every legal move of `game` with its exact value for the player making it, best
/// first (the shortest win, then draws, then the longest loss; equal values in the order
/// of the notation): `[{move, verdict, plies, text}]`, `text` being `win in 9`, `draw` or
/// `loss in 12`. `options` as for `solve`; the budget covers the whole list.
///
/// # Errors
/// As for `solve`.
#[wasm_bindgen(js_name = moveValues, unchecked_return_type = "MoveValue[]")]
pub fn move_values(
    #[wasm_bindgen(unchecked_param_type = "Game")] game: &JsValue,
    options: Option<SolveOptionsArg>,
) -> Result<JsValue, JsValue> {
    call_on_game(game, "moveValues", &optional(options), "moveValues")
}

/// What game `name` is: `{name, options: [{key, values, default, help}], bots, seats,
/// rules, maxPlies, longestGame}`, from the description every front-end shares, so that an
/// app builds its menus of options and bots from it.
///
/// # Errors
/// `badOption` for an unknown game.
#[wasm_bindgen(js_name = gameInfo, unchecked_return_type = "GameInfo")]
pub fn game_info(
    #[wasm_bindgen(unchecked_param_type = "GameName")] name: &JsValue,
) -> Result<JsValue, JsValue> {
    let name = string_arg(name, ErrorKind::BadOption, "the game name")?;
    plain(&GameInfo::named(&name).map_err(|error| to_js(&error))?)
}
