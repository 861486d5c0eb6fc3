//! Every refusal the API gives, mapped to its status in one place. A refusal is always
//! JSON `{"error": "..."}` in plain words; what went wrong inside (a database's message)
//! goes to the log, never to the client.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::limits::{
    BODY_IDLE, PAR_RETRY_AFTER, PRACTICE_PER_DAY, RETRY_AFTER_BUSY, UPLOAD_TIMEOUT,
};
use crate::verify::Refusal;

/// A submission's verdict, for the request's log line and the metrics.
#[derive(Clone, Copy, Debug)]
pub struct Verdict(pub &'static str);

/// What failed inside, for the request's log line only.
#[derive(Clone, Debug)]
pub struct Failure(pub String);

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    BadRequest(String),
    #[error("Runs are posted with the player's key (X-Caves-Token): the page makes one.")]
    NoToken,
    #[error(
        "That name is another player's on this board: choose another, or use your own player key."
    )]
    NameTaken,
    #[error(
        "This run plays the same game as a run already on the board ({0}): copies are refused."
    )]
    Copy(String),
    #[error(
        "This run plays the same game as a run another player was playing live on this board before it was posted ({0}): copies are refused."
    )]
    LiveCopy(String),
    #[error("{0}")]
    Gated(String),
    /// A cap of what one address may do (streams open, live runs an hour, bytes a day).
    #[error("{0}")]
    Quota(String),
    #[error("There is nothing here.")]
    NotFound,
    #[error("{0}")]
    Refused(Refusal),
    #[error("Runs are posted as application/octet-stream.")]
    ContentType,
    #[error("Live actions are posted as application/json.")]
    JsonOnly,
    #[error("A batch of live actions is at most {0} KB: send fewer at a time.")]
    BatchTooLarge(usize),
    #[error("The upload stalled: nothing of it came for {} s.", BODY_IDLE.as_secs())]
    SlowBody,
    #[error("The upload took longer than {} s: send it again on a steadier connection.", UPLOAD_TIMEOUT.as_secs())]
    UploadTooSlow,
    #[error("The board took too long to answer; try again soon.")]
    AnswerTooSlow,
    #[error("Too many runs from one address: at most {0} a minute. Try again in a minute.")]
    TooMany(u32),
    #[error("This player key has {PRACTICE_PER_DAY} practice runs on this day's board already.")]
    PracticeFull,
    #[error("Too many new names from one address: at most {0} a day. Post under a name you have, or try again tomorrow.")]
    TooManyNames(i64),
    #[error("Too many runs kept from one address today: at most {} KB a day. Try again tomorrow.", .0 / 1024)]
    TooManyBytes(i64),
    #[error("Par for this day is being played by the bots: ask again in a minute.")]
    ParPending,
    #[error("The board is busy: your run is kept by the page and will be sent again.")]
    Busy,
    #[error("The board cannot reach its database now; try again soon.")]
    Database(#[from] sqlx::Error),
    #[error("This address takes no {0} requests.")]
    Method(String),
}

impl ApiError {
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::NoToken => StatusCode::UNAUTHORIZED,
            ApiError::NameTaken | ApiError::Copy(_) | ApiError::LiveCopy(_) => StatusCode::CONFLICT,
            ApiError::Gated(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::Refused(r) => {
                StatusCode::from_u16(r.status()).unwrap_or(StatusCode::BAD_REQUEST)
            }
            ApiError::ContentType | ApiError::JsonOnly => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::BatchTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::SlowBody | ApiError::UploadTooSlow => StatusCode::REQUEST_TIMEOUT,
            ApiError::TooMany(_)
            | ApiError::PracticeFull
            | ApiError::Quota(_)
            | ApiError::TooManyNames(_)
            | ApiError::TooManyBytes(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Busy
            | ApiError::ParPending
            | ApiError::AnswerTooSlow
            | ApiError::Database(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Method(_) => StatusCode::METHOD_NOT_ALLOWED,
        }
    }

    /// The verdict of a submission refused this way.
    pub fn verdict(&self) -> &'static str {
        match self {
            ApiError::BadRequest(_) => "bad_request",
            ApiError::NoToken => "no_token",
            ApiError::NameTaken => "name_taken",
            ApiError::Copy(_) | ApiError::LiveCopy(_) => "copy",
            ApiError::Gated(_) => "gated",
            ApiError::NotFound => "not_found",
            ApiError::Refused(Refusal::Damaged(_)) => "damaged",
            ApiError::Refused(Refusal::TooLarge) => "too_large",
            ApiError::Refused(Refusal::Unfit(_)) => "unfit",
            ApiError::ContentType | ApiError::JsonOnly => "content_type",
            ApiError::BatchTooLarge(_) => "too_large",
            ApiError::SlowBody | ApiError::UploadTooSlow => "slow_body",
            ApiError::AnswerTooSlow => "timeout",
            ApiError::TooMany(_) | ApiError::Quota(_) => "rate_limited",
            ApiError::PracticeFull => "practice_full",
            ApiError::TooManyNames(_) => "names_full",
            ApiError::TooManyBytes(_) => "bytes_full",
            ApiError::Busy => "busy",
            ApiError::ParPending => "par_pending",
            ApiError::Database(_) => "database_error",
            ApiError::Method(_) => "method",
        }
    }
}

/// A refusal's body: its words; for a copy, the run it copies (and whether that was a live
/// run).
#[derive(serde::Serialize)]
pub struct ErrorBody {
    pub error: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub original: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub live: bool,
}

impl ErrorBody {
    /// A refusal in these words alone.
    pub fn words(error: impl Into<String>) -> ErrorBody {
        ErrorBody {
            error: error.into(),
            original: None,
            live: false,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let mut body = ErrorBody::words(self.to_string());
        match &self {
            ApiError::Copy(original) => body.original = Some(original.clone()),
            ApiError::LiveCopy(original) => {
                body.original = Some(original.clone());
                body.live = true;
            }
            _ => {}
        }
        let mut response = (status, Json(body)).into_response();
        let retry = match self {
            ApiError::Busy | ApiError::AnswerTooSlow | ApiError::Database(_) => {
                Some(RETRY_AFTER_BUSY)
            }
            ApiError::TooMany(_) | ApiError::Quota(_) => Some(60),
            ApiError::ParPending => Some(PAR_RETRY_AFTER),
            ApiError::PracticeFull | ApiError::TooManyNames(_) | ApiError::TooManyBytes(_) => {
                Some(3600)
            }
            _ => None,
        };
        if let Some(seconds) = retry {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, seconds.into());
        }
        if let ApiError::Database(e) = &self {
            response
                .extensions_mut()
                .insert(Failure(format!("database: {e}")));
        }
        response
    }
}
