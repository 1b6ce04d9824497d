//! `PylosTablebase(path)`: Pylos's perfect play from a compact solution file (`.dz`),
//! read block by block, each block checked, as the JavaScript package's.

use std::sync::Arc;

use catalog::AnyGame;
use pyo3::prelude::*;

use crate::{Game, bad_option, interruptible, py_error, serialized};

/// `PylosTablebase(path)`: the compact solution file at `path` (written by
/// `towers solve pylos --db FILE --compact OUT`), its header and table of blocks checked.
/// `solve(game, tablebase=tb)` and `move_values(game, tablebase=tb)` read it.
#[pyclass(frozen, module = "towers_games", name = "PylosTablebase")]
pub(crate) struct PylosTablebase {
    inner: Arc<catalog::PylosTablebase>,
}

#[pymethods]
impl PylosTablebase {
    /// Opens the file at `path`.
    #[new]
    #[expect(
        clippy::needless_pass_by_value,
        reason = "pyo3 converts the argument into an owned path"
    )]
    fn new(path: std::path::PathBuf) -> PyResult<PylosTablebase> {
        catalog::PylosTablebase::open(&path)
            .map(|inner| PylosTablebase {
                inner: Arc::new(inner),
            })
            .map_err(py_error)
    }

    /// What the file holds: `{"variant", "takeback", "end", "minBalls", "positions",
    /// "bytes", "blocks"}`.
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        serialized(py, &self.inner.options())
    }
}

impl PylosTablebase {
    /// The values of `game` and its moves from the file: `NoDatabaseError` for a position it
    /// does not cover (too early to solve directly), `BadFileError` for a damaged block.
    pub(crate) fn analyse(&self, py: Python<'_>, game: &Game) -> PyResult<catalog::PerfectValues> {
        let AnyGame::Pylos(session) = &game.game else {
            return Err(bad_option(format!(
                "a Pylos solution file answers Pylos games, not {}",
                game.game.name()
            )));
        };
        let state = *session.state();
        let inner = Arc::clone(&self.inner);
        interruptible(py, move || inner.analyse(&state))?.map_err(py_error)
    }
}
