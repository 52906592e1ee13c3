//! Error answers: a status and the wire format's [`Error`].

#[cfg(feature = "server")]
use axum::extract::rejection::{JsonRejection, QueryRejection};
#[cfg(feature = "server")]
use axum::http::{header, StatusCode};
#[cfg(feature = "server")]
use axum::response::{IntoResponse, Response};
#[cfg(feature = "server")]
use axum::Json;
use grundy::registry::OpenError;
use grundy::wire::WireError;

#[cfg(feature = "server")]
use crate::jobs::JobError;
use crate::messages::{Error, ErrorKind};

/// Seconds a client refused with 429 is asked to wait.
#[cfg(feature = "server")]
const RETRY_AFTER: &str = "1";

/// An error answer.
#[derive(Debug)]
pub struct ApiError {
    status: u16,
    error: Error,
}

impl ApiError {
    /// An error of `kind` (its status follows from it) saying `message`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        let status = match kind {
            ErrorKind::Malformed => 400,
            ErrorKind::UnknownGame
            | ErrorKind::WrongGame
            | ErrorKind::Refused
            | ErrorKind::IllegalMove => 422,
            ErrorKind::TooLarge => 413,
            ErrorKind::TooManyRequests => 429,
            ErrorKind::Timeout => 503,
            ErrorKind::NotFound => 404,
            ErrorKind::Internal => 500,
        };
        ApiError {
            status,
            error: Error::new(kind, message),
        }
    }

    /// Well formed, but beyond the limits or not a position of the game.
    pub fn refused(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Refused, message)
    }

    /// Not the shape asked for.
    pub fn malformed(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Malformed, message)
    }

    /// A known path asked with a method it does not take (405).
    pub fn method_not_allowed() -> Self {
        ApiError {
            status: 405,
            error: Error::new(
                ErrorKind::NotFound,
                "this endpoint does not take that method",
            ),
        }
    }

    /// The HTTP status it is answered with.
    pub fn status(&self) -> u16 {
        self.status
    }

    /// The document it is answered with.
    pub fn error(&self) -> &Error {
        &self.error
    }
}

impl From<grundy::Refusal> for ApiError {
    fn from(e: grundy::Refusal) -> Self {
        ApiError::refused(e.to_string())
    }
}

impl From<grundy::analysis::RoundError> for ApiError {
    fn from(e: grundy::analysis::RoundError) -> Self {
        match e {
            grundy::analysis::RoundError::Move(e) => e.into(),
            grundy::analysis::RoundError::Refused(e) => e.into(),
        }
    }
}

#[cfg(feature = "server")]
impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let mut response = (status, Json(self.error)).into_response();
        if status == StatusCode::TOO_MANY_REQUESTS {
            response.headers_mut().insert(
                header::RETRY_AFTER,
                header::HeaderValue::from_static(RETRY_AFTER),
            );
        }
        response
    }
}

#[cfg(feature = "server")]
impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        // Bad syntax and a wrong shape are both malformed requests (400);
        // a body over the limit is 413; anything else (no JSON content
        // type: 415) keeps the status axum chose.
        match rejection {
            JsonRejection::JsonSyntaxError(_) | JsonRejection::JsonDataError(_) => {
                ApiError::malformed(rejection.body_text())
            }
            _ if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                ApiError::new(ErrorKind::TooLarge, rejection.body_text())
            }
            _ => ApiError {
                status: rejection.status().as_u16(),
                error: Error::new(ErrorKind::Malformed, rejection.body_text()),
            },
        }
    }
}

#[cfg(feature = "server")]
impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::malformed(rejection.body_text())
    }
}

impl From<OpenError> for ApiError {
    fn from(error: OpenError) -> Self {
        match error {
            OpenError::Unknown { .. } => ApiError::new(ErrorKind::UnknownGame, error.to_string()),
            OpenError::Parameter { .. } => ApiError::refused(error.to_string()),
        }
    }
}

impl From<WireError> for ApiError {
    fn from(error: WireError) -> Self {
        let kind = match error {
            WireError::WrongGame { .. } => ErrorKind::WrongGame,
            WireError::Refused(_) => ErrorKind::Refused,
            WireError::Illegal(_) => ErrorKind::IllegalMove,
        };
        ApiError::new(kind, error.to_string())
    }
}

#[cfg(feature = "server")]
impl ApiError {
    /// The answer to a job that gave none, within `limit`.
    pub fn from_job(error: JobError, limit: std::time::Duration) -> Self {
        match error {
            JobError::Busy => ApiError::new(
                ErrorKind::TooManyRequests,
                "the server is busy with other computations; try again shortly",
            ),
            JobError::Timeout => ApiError::new(
                ErrorKind::Timeout,
                format!(
                    "the computation did not finish within the limit of {} s",
                    limit.as_secs_f64()
                ),
            ),
            JobError::Failed => ApiError::new(ErrorKind::Internal, "the computation failed"),
        }
    }
}
