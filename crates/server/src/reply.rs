//! Responses: JSON bodies, and the errors with their status and kind.

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use catalog::{Error, ErrorKind};
use serde::Serialize;

/// `value` as a JSON response with `status`.
pub(crate) fn json<T: Serialize>(status: StatusCode, value: &T) -> Response {
    match serde_json::to_vec(value) {
        Ok(body) => (status, [(header::CONTENT_TYPE, "application/json")], body).into_response(),
        Err(_) => ApiError::internal().into_response(),
    }
}

/// A refused or failed request: its status, and the kind and message of its JSON body
/// `{"error":{"kind":…,"message":…}}`.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{status} {kind}: {message}")]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The kind: those of the JavaScript API, or `noDatabase`, `notFound`, `tooLong`,
    /// `timeout`, `internal`.
    pub kind: &'static str,
    /// The reason, for a person.
    pub message: String,
}

/// The JSON body of an error.
#[derive(Serialize)]
struct Body<'a> {
    error: Inner<'a>,
}

/// The error inside the body.
#[derive(Serialize)]
struct Inner<'a> {
    kind: &'a str,
    message: &'a str,
}

impl ApiError {
    fn new(status: StatusCode, kind: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            kind,
            message: message.into(),
        }
    }

    /// The catalog's refusal of the request: 503 when a solve ran out of its budget, 400
    /// otherwise.
    pub(crate) fn from_catalog(error: Error) -> ApiError {
        let status = match error.kind {
            ErrorKind::OutOfBudget | ErrorKind::NoDatabase => StatusCode::SERVICE_UNAVAILABLE,
            ErrorKind::BadFile => StatusCode::INTERNAL_SERVER_ERROR,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError::new(status, error.kind.as_str(), error.message)
    }

    /// 400 for `error`.
    pub(crate) fn bad(error: Error) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, error.kind.as_str(), error.message)
    }

    /// 404 for a path or a game without analysis.
    pub(crate) fn not_found(message: &str) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "notFound", message)
    }

    /// 503: no loaded database covers the position.
    pub(crate) fn no_database(message: &str) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "noDatabase", message)
    }

    /// 414 for a query of `length` bytes.
    pub(crate) fn too_long(length: usize) -> ApiError {
        ApiError::new(
            StatusCode::URI_TOO_LONG,
            "tooLong",
            format!(
                "the query has {length} bytes, more than {}",
                crate::MAX_QUERY
            ),
        )
    }

    /// 503 for a request that outlived its bound.
    pub(crate) fn timed_out() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "timeout",
            "the analysis took too long",
        )
    }

    /// 500 for a failure of the server itself.
    pub(crate) fn internal() -> ApiError {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "the analysis failed",
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Body {
            error: Inner {
                kind: self.kind,
                message: &self.message,
            },
        };
        match serde_json::to_vec(&body) {
            Ok(bytes) => (
                self.status,
                [(header::CONTENT_TYPE, "application/json")],
                bytes,
            )
                .into_response(),
            Err(_) => self.status.into_response(),
        }
    }
}
