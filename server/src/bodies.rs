//! The bodies the API takes, each read by an extractor within its route's `DefaultBodyLimit`
//! (`MAX_BYTES` for a run file, `LIVE_BATCH_BYTES` for a batch of live actions), and refused
//! as the API refuses: 415 for another content type, 413 over the limit (a declared length
//! over it before a byte is read), 408 when it stalls (the route's `RequestBodyTimeoutLayer`
//! gave up on it: `api::upload`), 503 when the memory for uploads is taken.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::{header, HeaderMap, StatusCode};
use axum::Json;
use tower_http::timeout::TimeoutError;

use crate::error::ApiError;
use crate::limits::{LIVE_BATCH_BYTES, MAX_BYTES};
use crate::service::Service;
use crate::verify::Refusal;

/// A run file posted as `application/octet-stream`, read within the memory for uploads.
pub struct RunFile(pub Bytes);

impl FromRequest<Arc<Service>> for RunFile {
    type Rejection = ApiError;

    async fn from_request(request: Request, service: &Arc<Service>) -> Result<RunFile, ApiError> {
        if !is_type(request.headers(), "application/octet-stream") {
            return Err(ApiError::ContentType);
        }
        let declared = declared_length(request.headers());
        if declared.is_some_and(|n| n > MAX_BYTES) {
            return Err(ApiError::Refused(Refusal::TooLarge));
        }
        let kb = declared.unwrap_or(MAX_BYTES).div_ceil(1024).max(1);
        let Ok(_memory) = Arc::clone(&service.uploads)
            .try_acquire_many_owned(u32::try_from(kb).unwrap_or(u32::MAX))
        else {
            return Err(ApiError::Busy);
        };
        match Bytes::from_request(request, service).await {
            Ok(bytes) => Ok(RunFile(bytes)),
            Err(e) if stalled(&e) => Err(ApiError::SlowBody),
            // Over the route's limit, or a body that broke off.
            Err(_) => Err(ApiError::Refused(Refusal::TooLarge)),
        }
    }
}

/// A batch of a live run's actions, as the page sends it.
#[derive(Debug, serde::Deserialize)]
pub struct Batch {
    /// The count of actions before the first one sent.
    pub from: i64,
    /// The record's action codes, base64url.
    pub actions: String,
    /// The player gave the run up.
    #[serde(default)]
    pub end: bool,
}

impl FromRequest<Arc<Service>> for Batch {
    type Rejection = ApiError;

    async fn from_request(request: Request, service: &Arc<Service>) -> Result<Batch, ApiError> {
        if declared_length(request.headers()).is_some_and(|n| n > LIVE_BATCH_BYTES) {
            return Err(ApiError::BatchTooLarge(LIVE_BATCH_BYTES / 1024));
        }
        match Json::<Batch>::from_request(request, service).await {
            Ok(Json(batch)) => Ok(batch),
            Err(e) if stalled(&e) => Err(ApiError::SlowBody),
            Err(JsonRejection::MissingJsonContentType(_)) => Err(ApiError::JsonOnly),
            Err(JsonRejection::BytesRejection(_)) => {
                Err(ApiError::BatchTooLarge(LIVE_BATCH_BYTES / 1024))
            }
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Err(ApiError::BatchTooLarge(LIVE_BATCH_BYTES / 1024))
            }
            Err(e) => Err(ApiError::BadRequest(format!(
                "A batch is {{\"from\": N, \"actions\": \"base64url\"}}: {}",
                e.body_text()
            ))),
        }
    }
}

/// Whether a body was refused because it stalled: the route's `RequestBodyTimeoutLayer`
/// ended it, somewhere down the rejection's causes.
fn stalled(rejection: &(dyn std::error::Error + 'static)) -> bool {
    std::iter::successors(Some(rejection), |e| e.source()).any(|e| e.is::<TimeoutError>())
}

/// Whether the body is declared as `mime` (parameters such as `charset` aside).
fn is_type(headers: &HeaderMap, mime: &str) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case(mime))
}

/// The body's declared length, if any.
fn declared_length(headers: &HeaderMap) -> Option<usize> {
    headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
}
