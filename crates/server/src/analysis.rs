//! One request's analysis: the position its query describes, then the values of the
//! position and of each legal move.

use catalog::{
    AnalysisError, AnyGame, Error, ErrorKind, MoveValue, Options, PositionValue, SolveRequest,
};
use serde::Serialize;

use crate::Analyst;
use crate::reply::ApiError;

/// The query parameters that are not options of the game.
const RESERVED: [&str; 3] = ["moves", "position", "timeMs"];

/// Where the values came from: the catalog's [`catalog::ValueSource`].
pub use catalog::ValueSource as Source;

/// The answer to one request.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Analysis {
    /// The game.
    pub game: &'static str,
    /// The position text.
    pub position: String,
    /// The `towers status` line.
    pub status: String,
    /// The result in words when the game is over.
    pub result: Option<String>,
    /// The value for the player to move (none when the game is over).
    pub value: Option<PositionValue>,
    /// Every legal move with its value for the mover, best first.
    pub moves: Vec<MoveValue>,
    /// Where the values came from.
    pub source: Source,
}

/// The analysis of the position of `game` that `query` describes.
///
/// # Errors
/// 400 for a bad query, 404 for a game without a solver, 503 when no database covers a
/// Pylos position too early to solve directly or a Pyrga solve runs out of time.
pub(crate) fn analyse(analyst: &Analyst, game: &str, query: &str) -> Result<Analysis, ApiError> {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query).map_err(|error| {
        ApiError::bad(Error::new(
            ErrorKind::Parse,
            format!("the query does not read: {error}"),
        ))
    })?;
    let get = |key: &str| {
        pairs
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, value)| value.as_str())
    };
    let options = Options::new(
        pairs
            .iter()
            .filter(|(key, _)| !RESERVED.contains(&key.as_str()))
            .cloned()
            .collect(),
    );
    let moves = get("moves").unwrap_or_default();
    let position = match get("position") {
        Some(text) => {
            if options.pairs().next().is_some() {
                return Err(ApiError::bad(Error::bad_option(
                    "a position text holds its options: give options only with moves",
                )));
            }
            let mut position = AnyGame::from_text(game, text).map_err(ApiError::from_catalog)?;
            for mv in moves.split_whitespace() {
                position = position.play(mv).map_err(ApiError::from_catalog)?;
            }
            position
        }
        None => AnyGame::from_record(game, &options, moves).map_err(ApiError::from_catalog)?,
    };
    let time_ms = match get("timeMs") {
        None => analyst.max_time_ms.min(catalog::DEFAULT_SOLVE_MS),
        Some(text) => text
            .parse::<f64>()
            .ok()
            .filter(|ms| ms.is_finite() && *ms > 0.0)
            .ok_or_else(|| {
                ApiError::bad(Error::bad_option(
                    "timeMs must be a positive number of milliseconds",
                ))
            })?
            .min(analyst.max_time_ms),
    };
    let mut analysis = Analysis {
        game: position.name(),
        position: position.text(),
        status: position.status(),
        result: position.result(),
        value: None,
        moves: Vec::new(),
        source: Source::Over,
    };
    if analysis.result.is_some() {
        return Ok(analysis);
    }
    let request = SolveRequest {
        time_ms: Some(time_ms),
        nodes: None,
    };
    let values = position
        .analyse(request, &analyst.databases)
        .map_err(|error| analyst.refusal(error))?;
    analysis.value = Some(values.value);
    analysis.moves = values.moves;
    analysis.source = values.source;
    Ok(analysis)
}

impl Analyst {
    /// The answer to the catalog's refusal of an analysis: 404 for a game without a
    /// solver, 503 `noDatabase` naming the databases loaded when none covers a Pylos
    /// position too early to solve directly.
    fn refusal(&self, error: AnalysisError) -> ApiError {
        match error {
            AnalysisError::NoSolver { game, solved } => ApiError::not_found(&format!(
                "no solver for {game}: the server analyses {solved}"
            )),
            AnalysisError::NoDatabase { config, error } => ApiError::no_database(&format!(
                "no database of {config} covering this position is loaded (databases: {}), and {}",
                match self.describe_databases().join("; ") {
                    list if list.is_empty() => "none".to_owned(),
                    list => list,
                },
                error.message
            )),
            AnalysisError::Refused(error) => ApiError::from_catalog(error),
        }
    }
}
