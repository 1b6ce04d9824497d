//! `PylosTablebase(source)`: Pylos's perfect play from a compact solution file (`.dz`),
//! from a path or from a URL with HTTP `Range` requests (`towers_games._http`), read block
//! by block, each block checked, as the JavaScript package's.

use std::sync::Arc;

use catalog::AnyGame;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::{Game, bad_option, interruptible, py_error, serialized};

/// `PylosTablebase(source, timeout=20.0)`: the compact solution file (written by
/// `towers solve pylos --db FILE --compact OUT`) at `source`, a path or an `http(s)://`
/// address, its header and table of blocks checked. `solve(game, tablebase=tb)` and
/// `move_values(game, tablebase=tb)` read it.
#[pyclass(frozen, module = "towers_games", name = "PylosTablebase")]
pub(crate) struct PylosTablebase {
    inner: Arc<catalog::PylosTablebase>,
    /// For a file on a web host: `read(start, end) -> (bytes, length)`
    /// (`towers_games._http.range_reader`), which the blocks a position needs are read with.
    remote: Option<Py<PyAny>>,
}

#[pymethods]
impl PylosTablebase {
    /// Opens the file at `source`: a path, or an `http://` or `https://` address read with
    /// `Range` requests, each waiting at most `timeout` seconds.
    #[new]
    #[pyo3(signature = (source, timeout = 20.0))]
    fn new(source: &Bound<'_, PyAny>, timeout: f64) -> PyResult<PylosTablebase> {
        let http = source.py().import("towers_games._http")?;
        if http.getattr("is_url")?.call1((source,))?.is_truthy()? {
            if !(timeout.is_finite() && timeout > 0.0) {
                return Err(bad_option(format!(
                    "timeout must be a positive number of seconds, not {timeout}"
                )));
            }
            let url: String = source.extract()?;
            let read = http
                .getattr("range_reader")?
                .call1((url.as_str(), timeout))?;
            return PylosTablebase::from_url(&url, read);
        }
        let path: std::path::PathBuf = source.extract()?;
        let inner = catalog::PylosTablebase::open(&path).map_err(py_error)?;
        Ok(PylosTablebase {
            inner: Arc::new(inner),
            remote: None,
        })
    }

    /// What the file holds: `{"variant", "takeback", "end", "minBalls", "positions",
    /// "bytes", "blocks"}`.
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        serialized(py, &self.inner.options())
    }
}

impl PylosTablebase {
    /// The tablebase of the file at `url`, its header and table of blocks read by `read`.
    fn from_url(url: &str, read: Bound<'_, PyAny>) -> PyResult<PylosTablebase> {
        let fetch = |start: u64, end: u64| fetched(&read, start, end);
        let (head, len) = fetch(0, catalog::PylosTablebase::HEAD)?;
        let end = catalog::PylosTablebase::table_end(url, &head).map_err(py_error)?;
        let prefix = if end <= head.len() as u64 {
            head
        } else {
            fetch(0, end)?.0
        };
        let inner = catalog::PylosTablebase::from_prefix(url, &prefix, len).map_err(py_error)?;
        Ok(PylosTablebase {
            inner: Arc::new(inner),
            remote: Some(read.unbind()),
        })
    }

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
        if let Some(read) = &self.remote {
            for block in self.inner.needed(&state) {
                let (bytes, _) = fetched(read.bind(py), block.start, block.end)?;
                self.inner.insert(block.block, &bytes).map_err(py_error)?;
            }
        }
        let inner = Arc::clone(&self.inner);
        interruptible(py, move || inner.analyse(&state))?.map_err(py_error)
    }
}

/// The bytes `start` to `end - 1` of a file on a web host and the file's length, read by
/// `read` (`towers_games._http.range_reader`).
fn fetched(read: &Bound<'_, PyAny>, start: u64, end: u64) -> PyResult<(Vec<u8>, u64)> {
    let (bytes, len): (Bound<'_, PyBytes>, u64) = read.call1((start, end))?.extract()?;
    Ok((bytes.as_bytes().to_vec(), len))
}
