//! The words of `towers solve pyrga` about the files it saves its work to as it goes (the
//! values of a position's moves with `--all-moves --checkpoint FILE`, the checkpoint and
//! the file of a book with `--book`): `solve` reads and writes them
//! ([`solve::MoveValuesFile`], [`solve::BookCheckpoint`], [`solve::PyrgaBook::write`]),
//! `towers` chooses the paths and says what went wrong.

use std::path::Path;

use solve::{FileError, FileErrorKind, SolveError};

use crate::error::CliError;

/// The error of the checkpoint file `path` as `towers` words it: `checkpoint PATH: REASON`,
/// asking for another file where the file is of another solve or kind.
pub(crate) fn refused(path: &Path) -> impl Fn(SolveError) -> CliError + use<> {
    let path = path.to_path_buf();
    move |error| match error {
        SolveError::File(FileError { kind, .. }) => CliError::Checkpoint {
            path: path.clone(),
            reason: match kind {
                FileErrorKind::OtherSolve { .. } | FileErrorKind::NotCheckpoint { .. } => {
                    format!("{kind}; give another file")
                }
                kind => kind.to_string(),
            },
        },
        error => CliError::Solve(error),
    }
}
