//! What can go wrong in a task.

use thiserror::Error;

/// A failed task; `cargo xtask` prints it and exits with status 1.
#[derive(Debug, Error)]
pub(crate) enum TaskError {
    /// The command line names no task.
    #[error("{0}")]
    Usage(String),
    /// Sources that break the layout rules, one per line.
    #[error("the layout of the sources is broken:\n{0}")]
    Layout(String),
    /// A program the task runs failed or could not start.
    #[error("{program} failed: {reason}")]
    Command {
        /// The program and its arguments.
        program: String,
        /// Its exit status or why it did not start.
        reason: String,
    },
    /// The doc examples of these packages failed in a crate of a user's.
    #[error("the doc examples failed in a user's crate: {0}")]
    Examples(String),
    /// The package's sources are not as the build expects.
    #[error("the package: {0}")]
    Package(String),
    /// `Cargo.lock` does not say which `wasm-bindgen` the package uses.
    #[error("no wasm-bindgen version in Cargo.lock")]
    NoBindgenVersion,
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file or folder.
        path: String,
        /// The failure.
        source: std::io::Error,
    },
}

impl TaskError {
    /// An [`TaskError::Io`] for `path`.
    pub(crate) fn io(path: &std::path::Path, source: std::io::Error) -> TaskError {
        TaskError::Io {
            path: path.display().to_string(),
            source,
        }
    }
}
