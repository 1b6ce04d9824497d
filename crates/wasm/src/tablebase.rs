//! `PylosTablebaseReader`: the catalog's Pylos tablebase over bytes the JavaScript layer
//! fetches itself (HTTP range requests, or a file in Node). The package's
//! `PylosTablebase` (`crates/wasm/js/tablebase.js`) asks it which blocks a position needs,
//! fetches them, hands them over to be decoded and checked, then asks for the values.

use catalog::{AnyGame, Error as WebError, PylosTablebase};
use wasm_bindgen::prelude::*;

use crate::args::to_js;
use crate::js::{Game, plain};

/// The reader of a compact Pylos solution file whose bytes JavaScript fetches.
#[wasm_bindgen]
pub struct PylosTablebaseReader {
    inner: PylosTablebase,
}

/// A byte count or a block number from JavaScript: a whole number from 0.
fn whole(value: f64, what: &str) -> Result<u64, JsValue> {
    if value.is_finite() && value >= 0.0 && value.fract() == 0.0 && value < 2f64.powi(53) {
        Ok(value as u64)
    } else {
        Err(to_js(&WebError::bad_option(format!(
            "{what} must be a whole number from 0"
        ))))
    }
}

/// The Pylos position of `game`, or `badOption`.
fn pylos_state(game: &Game) -> Result<&catalog::pylos::State, JsValue> {
    match game.inner() {
        AnyGame::Pylos(session) => Ok(session.state()),
        other => Err(to_js(&WebError::bad_option(format!(
            "a Pylos solution file answers Pylos games, not {}",
            other.name()
        )))),
    }
}

#[wasm_bindgen]
impl PylosTablebaseReader {
    /// The bytes to read first from the file: its header.
    #[wasm_bindgen(js_name = headBytes)]
    pub fn head_bytes() -> f64 {
        PylosTablebase::HEAD as f64
    }

    /// The bytes of the header and table of blocks of the file at `source` (named in
    /// messages) whose first bytes are `head`.
    ///
    /// # Errors
    /// `badFile` for bytes that are not the header of a compact Pylos solution.
    #[wasm_bindgen(js_name = tableEnd)]
    pub fn table_end(source: &str, head: &[u8]) -> Result<f64, JsValue> {
        PylosTablebase::table_end(source, head)
            .map(|end| end as f64)
            .map_err(|error| to_js(&error))
    }

    /// The reader of the file of `len` bytes at `source`, whose first bytes are `prefix`
    /// (at least `tableEnd`'s).
    ///
    /// # Errors
    /// `badFile` for a damaged header or table, or a file of another length.
    #[wasm_bindgen(constructor)]
    pub fn new(source: &str, prefix: &[u8], len: f64) -> Result<PylosTablebaseReader, JsValue> {
        let len = whole(len, "the length of the file")?;
        PylosTablebase::from_prefix(source, prefix, len)
            .map(|inner| PylosTablebaseReader { inner })
            .map_err(|error| to_js(&error))
    }

    /// What the file holds: `{variant, takeback, end, minBalls, positions, bytes, blocks}`.
    ///
    /// # Errors
    /// None in practice (a value that cannot be converted).
    #[wasm_bindgen(unchecked_return_type = "TablebaseOptions")]
    pub fn options(&self) -> Result<JsValue, JsValue> {
        plain(&self.inner.options())
    }

    /// The blocks the position of `game` and those after its moves need that have not
    /// been given yet: `[{block, start, end}]` (bytes `start` to `end - 1` of the file).
    ///
    /// # Errors
    /// `badOption` for a game that is not Pylos.
    #[wasm_bindgen(unchecked_return_type = "{block: number, start: number, end: number}[]")]
    pub fn needed(&self, game: &Game) -> Result<JsValue, JsValue> {
        plain(&self.inner.needed(pylos_state(game)?))
    }

    /// Decodes and checks block `block` from its bytes in the file.
    ///
    /// # Errors
    /// `badFile` for bytes that are not those of the block.
    pub fn insert(&self, block: f64, bytes: &[u8]) -> Result<(), JsValue> {
        let block = whole(block, "the block")?;
        self.inner
            .insert(block, bytes)
            .map_err(|error| to_js(&error))
    }

    /// The value of the position of `game` and of each of its moves, from the blocks
    /// given: `{value, moves, source}`.
    ///
    /// # Errors
    /// `badOption` for a game that is not Pylos, `gameOver` after the end, `noDatabase`
    /// for a position the file does not cover or whose blocks were not given.
    #[wasm_bindgen(unchecked_return_type = "PerfectValues")]
    pub fn analyse(&self, game: &Game) -> Result<JsValue, JsValue> {
        let values = self
            .inner
            .analyse(pylos_state(game)?)
            .map_err(|error| to_js(&error))?;
        plain(&values)
    }
}
