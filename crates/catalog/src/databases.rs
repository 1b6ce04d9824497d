//! [`Databases`]: the solved databases a program gives the catalog, which reads no
//! environment variable and opens no file of its own.

#[cfg(feature = "database")]
use std::sync::Arc;
use std::sync::OnceLock;

#[cfg(feature = "database")]
use solve::PylosDatabase;

/// The positions a direct solve of Pylos may visit when neither the request nor the
/// [`Databases`] give a budget.
#[cfg(feature = "database")]
pub const PYLOS_DIRECT_POSITIONS: u64 = 200_000;

/// The databases of this process, once installed.
static INSTALLED: OnceLock<Databases> = OnceLock::new();

/// The solved databases the catalog's solvers and `perfect` bots read (none without the
/// feature `database`), and the budget of a direct Pylos solve where none covers a
/// position: a front-end opens them where its user names them (`towers` and the Python
/// package: the environment variable `TOWERS_PYLOS_DB`; the server: `--db`) and either
/// installs them once for the whole process or hands them to [`crate::AnyGame::analyse`].
///
/// With the feature `database`:
///
/// ```no_run
/// # #[cfg(feature = "database")]
/// # {
/// use std::sync::Arc;
///
/// let database = catalog::solve::PylosDatabase::open("pylos.db".as_ref()).unwrap();
/// catalog::Databases::default().with_pylos(Arc::new(database)).install();
/// # }
/// ```
#[derive(Clone, Default)]
pub struct Databases {
    /// The Pylos databases, one per rule set, in the order given.
    #[cfg(feature = "database")]
    pylos: Vec<Arc<PylosDatabase>>,
    /// At most this many positions for a direct Pylos solve, when the request gives no
    /// node budget.
    #[cfg(feature = "database")]
    direct_positions: Option<u64>,
}

#[cfg(feature = "database")]
impl Databases {
    /// These databases and `database` for Pylos (one per rule set: a lookup takes the first
    /// of the position's rule set that covers it).
    #[must_use]
    pub fn with_pylos(mut self, database: Arc<PylosDatabase>) -> Databases {
        self.pylos.push(database);
        self
    }

    /// These databases with a direct Pylos solve of at most `positions` positions when
    /// the request gives no node budget (else [`PYLOS_DIRECT_POSITIONS`]).
    #[must_use]
    pub fn with_direct_positions(mut self, positions: u64) -> Databases {
        self.direct_positions = Some(positions);
        self
    }

    /// The Pylos databases, in the order given.
    pub fn pylos(&self) -> &[Arc<PylosDatabase>] {
        &self.pylos
    }

    /// The Pylos database of the rule set of `state` that covers it, if any.
    pub fn pylos_covering(&self, state: &pylos::State) -> Option<&PylosDatabase> {
        let config = boardcore::Game::config(state);
        self.pylos
            .iter()
            .find(|database| database.header().config == config && database.value_of(state).is_ok())
            .map(AsRef::as_ref)
    }

    /// The most positions a direct Pylos solve may visit, given `nodes`, the request's
    /// node budget.
    pub(crate) fn direct_positions(&self, nodes: Option<u64>) -> u64 {
        nodes
            .or(self.direct_positions)
            .unwrap_or(PYLOS_DIRECT_POSITIONS)
    }
}

impl Databases {
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
