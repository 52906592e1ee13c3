//! Errors as HTTP responses, and the errors of axum's extractors and of
//! the job runner as [`ApiError`]s.

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::jobs::JobError;
use crate::messages::ErrorKind;
use crate::ApiError;

/// Seconds a client refused with 429 is asked to wait.
const RETRY_AFTER: &str = "1";

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, error) = self.into_parts();
        let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let mut response = (status, Json(error)).into_response();
        if status == StatusCode::TOO_MANY_REQUESTS {
            response.headers_mut().insert(
                header::RETRY_AFTER,
                header::HeaderValue::from_static(RETRY_AFTER),
            );
        }
        response
    }
}

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
            _ => ApiError::with_status(
                rejection.status().as_u16(),
                ErrorKind::Malformed,
                rejection.body_text(),
            ),
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::malformed(rejection.body_text())
    }
}

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
