//! [`Databases`]: the solved databases a program gives the catalog, which reads no
//! environment variable and opens no file of its own.

use std::sync::{Arc, OnceLock};

use solve::PylosDatabase;

/// The databases of this process, once installed.
static INSTALLED: OnceLock<Databases> = OnceLock::new();

/// The solved databases the catalog's solvers and `perfect` bots read: a front-end opens
/// them where its user names them (`towers` and the Python package: the environment
/// variable `TOWERS_PYLOS_DB`) and installs them once for the whole process.
///
/// ```no_run
/// use std::sync::Arc;
///
/// let database = catalog::solve::PylosDatabase::open("pylos.db".as_ref()).unwrap();
/// catalog::Databases::default().with_pylos(Arc::new(database)).install();
/// ```
#[derive(Clone, Default)]
pub struct Databases {
    pylos: Option<Arc<PylosDatabase>>,
}

impl Databases {
    /// These databases with `database` for Pylos.
    #[must_use]
    pub fn with_pylos(self, database: Arc<PylosDatabase>) -> Databases {
        Databases {
            pylos: Some(database),
        }
    }

    /// The Pylos database, if there is one.
    pub fn pylos(&self) -> Option<&Arc<PylosDatabase>> {
        self.pylos.as_ref()
    }

    /// Makes these the databases of the process; `false` (and nothing changes) when some
    /// were installed before.
    pub fn install(self) -> bool {
        INSTALLED.set(self).is_ok()
    }

    /// The databases installed, none when the program installed none.
    pub fn installed() -> Databases {
        INSTALLED.get().cloned().unwrap_or_default()
    }
}
