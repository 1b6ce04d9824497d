//! # towers-server
//!
//! An analysis server for the tower-building games, as a chess tablebase server is for
//! chess: for a position given by its moves (or its text), the value with perfect play and
//! the value of **every legal move**, best first, over HTTP/JSON on the loopback address.
//!
//! - Pylos: from the solved databases given at start (`--db FILE`, any variant), each
//!   answering the positions of its options; late positions no database covers are solved
//!   directly when few enough positions are reachable from them.
//! - Pyrga: from the solver, within a time budget per request.
//!
//! Everything about the games (options, moves, errors, values in words) comes from the
//! `catalog` crate, which the `towers` program and the JavaScript package share.
//!
//! ```text
//! GET /pylos?variant=standard&moves=0a1+0b1     GET /pyrga?rules=classic&moves=Sa1&timeMs=2000
//! {"game":"pylos","position":"…","status":"ongoing 0","result":null,
//!  "value":{"verdict":"draw","plies":0,"text":"Draw"},
//!  "moves":[{"move":"0c1","verdict":"draw","plies":0,"text":"draw"},…],"source":"database"}
//! ```
//!
//! A bad request gets status 400 and `{"error":{"kind":…,"message":…}}` with the kinds of
//! the JavaScript API (`parse`, `illegal`, `badOption`, …); a game without a solver or an
//! unknown path 404; a position that no loaded database covers and that is too early to
//! solve directly, or a Pyrga solve that runs out of its budget, 503 (kinds `noDatabase`,
//! `outOfBudget`); a query longer than [`MAX_QUERY`] bytes 414.

mod analysis;
mod reply;

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use catalog::Databases;
use catalog::solve::PylosDatabase;

pub use analysis::{Analysis, Source};
pub use reply::ApiError;

/// The longest query a request may carry, in bytes.
pub const MAX_QUERY: usize = 8192;

/// What the server knows and how much it may spend on one request.
pub struct Analyst {
    databases: Databases,
    max_time_ms: f64,
}

impl Analyst {
    /// An analyst answering Pylos from `databases`, giving a Pyrga solve at most
    /// `max_time_ms` milliseconds and a direct Pylos solve at most `max_positions`
    /// positions.
    pub fn new(
        databases: Vec<Arc<PylosDatabase>>,
        max_time_ms: f64,
        max_positions: u64,
    ) -> Analyst {
        let databases = databases
            .into_iter()
            .fold(Databases::default(), Databases::with_pylos)
            .with_direct_positions(max_positions);
        Analyst {
            databases,
            max_time_ms,
        }
    }

    /// The databases loaded, by their options (`children 1-2 nomove, min_balls=0`).
    pub fn describe_databases(&self) -> Vec<String> {
        self.databases
            .pylos()
            .iter()
            .map(|database| {
                let header = database.header();
                format!("{} min_balls={}", header.config, header.min_balls)
            })
            .collect()
    }
}

/// The routes: `GET /health` and `GET /{game}` with the position and options as query
/// parameters; every response may be read by a page of another origin (the browser app).
pub fn router(analyst: Arc<Analyst>) -> Router {
    Router::new()
        .route("/health", get(health))
        .route("/{game}", get(analyse))
        .fallback(not_found)
        .with_state(analyst)
        .layer(axum::middleware::map_response(open_to_pages))
}

/// Serves `router(analyst)` on `listener` until the process ends.
///
/// # Errors
/// The listener's errors.
pub async fn serve(
    listener: tokio::net::TcpListener,
    analyst: Arc<Analyst>,
) -> std::io::Result<()> {
    axum::serve(listener, router(analyst)).await
}

/// `{"ok":true,"databases":[…]}`.
async fn health(State(analyst): State<Arc<Analyst>>) -> Response {
    reply::json(
        StatusCode::OK,
        &serde_json::json!({ "ok": true, "databases": analyst.describe_databases() }),
    )
}

/// The analysis of the position the query describes, computed off the request threads
/// and bounded in time.
async fn analyse(
    State(analyst): State<Arc<Analyst>>,
    Path(game): Path<String>,
    RawQuery(query): RawQuery,
) -> Response {
    let query = query.unwrap_or_default();
    if query.len() > MAX_QUERY {
        return ApiError::too_long(query.len()).into_response();
    }
    // The solvers stop within their own budgets; this bound is for anything else.
    let limit = Duration::from_secs_f64(analyst.max_time_ms / 1000.0 * 2.0 + 10.0);
    let work = tokio::task::spawn_blocking(move || analysis::analyse(&analyst, &game, &query));
    match tokio::time::timeout(limit, work).await {
        Ok(Ok(Ok(answer))) => reply::json(StatusCode::OK, &answer),
        Ok(Ok(Err(error))) => error.into_response(),
        Ok(Err(_)) => ApiError::internal().into_response(),
        Err(_) => ApiError::timed_out().into_response(),
    }
}

/// 404 for any other path.
async fn not_found() -> Response {
    ApiError::not_found("no such path: use /health, /pyrga or /pylos").into_response()
}

/// Lets pages of any origin read the answers (the app is served apart from the server).
async fn open_to_pages(mut response: Response) -> Response {
    response.headers_mut().insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    response
}
