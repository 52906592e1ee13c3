//! Error answers: an HTTP status and the wire format's [`Error`] (as HTTP
//! responses: `server/http_error.rs`).

use grundy::registry::OpenError;
use grundy::wire::WireError;

use crate::messages::{Error, ErrorKind};

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
        Self::with_status(
            405,
            ErrorKind::NotFound,
            "this endpoint does not take that method",
        )
    }

    /// The HTTP status it is answered with.
    pub fn status(&self) -> u16 {
        self.status
    }

    /// The document it is answered with.
    pub fn error(&self) -> &Error {
        &self.error
    }

    /// An error of `kind` answered with another status than its own.
    pub(crate) fn with_status(status: u16, kind: ErrorKind, message: impl Into<String>) -> Self {
        ApiError {
            status,
            error: Error::new(kind, message),
        }
    }

    /// Its status and document.
    #[cfg(feature = "server")]
    pub(crate) fn into_parts(self) -> (u16, Error) {
        (self.status, self.error)
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
