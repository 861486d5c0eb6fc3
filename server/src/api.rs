//! The HTTP interface (a contract), thin over `verify` and `board`:
//!
//! - `POST /api/daily/runs?name=NAME`: a run file; 201 (or 200 for the same record again)
//!   `{"id","date","score","rank","practice"}`; refusals `{"error"}` with 400, 413, 422, 429;
//! - `GET /api/daily/YYYY-MM-DD`: `{"date","ruleset","entries":[...]}`, best first;
//! - `GET /api/runs/ID`: the run file's bytes;
//! - `GET /api/health`: 200;
//! - `GET /board.json`: tells the page it has a board (a static build's file says it has none);
//! - anything else: the built page of `--dist`, if given.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use axum::body::{to_bytes, Body};
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::json;

use crate::board::Board;
use crate::verify::{valid_date, verify, Refusal, MAX_BYTES};

/// Submissions one address may make per minute (refused ones count too). The environment's
/// `CAVES_BOARD_SUBMISSIONS_PER_MINUTE` sets another limit (the load benchmark lifts it).
pub const SUBMISSIONS_PER_MINUTE: u32 = 30;
/// The longest name, in characters.
pub const MAX_NAME: usize = 24;
/// The header naming the device a run comes from (one counted run per device and day).
pub const DEVICE_HEADER: &str = "x-caves-device";

pub struct Service {
    pub board: Board,
    /// The server's date, fixed by `--today`; the UTC date when `None`.
    pub today: Option<String>,
    per_minute: u32,
    /// Submissions per address in the current minute: (minute, count).
    recent: Mutex<HashMap<IpAddr, (u64, u32)>>,
}

impl Service {
    pub fn new(board: Board, today: Option<String>) -> Service {
        let per_minute = std::env::var("CAVES_BOARD_SUBMISSIONS_PER_MINUTE")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(SUBMISSIONS_PER_MINUTE);
        Service {
            board,
            today,
            per_minute,
            recent: Mutex::new(HashMap::new()),
        }
    }

    /// Today and yesterday, YYYY-MM-DD.
    pub fn days(&self) -> (String, String) {
        let today_days = match &self.today {
            Some(d) => days_of(d),
            None => {
                let secs = SystemTime::now()
                    .duration_since(UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs());
                (secs / 86_400) as i64
            }
        };
        (date_of(today_days), date_of(today_days - 1))
    }

    /// Counts a submission from `addr`; false when it is over the limit this minute.
    fn admit(&self, addr: IpAddr) -> bool {
        let minute = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() / 60);
        let Ok(mut recent) = self.recent.lock() else {
            return true;
        };
        if recent.len() > 100_000 {
            recent.retain(|_, (m, _)| *m == minute);
        }
        let slot = recent.entry(addr).or_insert((minute, 0));
        if slot.0 != minute {
            *slot = (minute, 0);
        }
        slot.1 += 1;
        slot.1 <= self.per_minute
    }
}

/// Days since 1970-01-01 of a valid date (days from civil, proleptic Gregorian).
fn days_of(date: &str) -> i64 {
    let num =
        |r: std::ops::Range<usize>| date.get(r).and_then(|s| s.parse::<i64>().ok()).unwrap_or(0);
    let (y, m, d) = (num(0..4), num(5..7), num(8..10));
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date (YYYY-MM-DD) of a count of days since 1970-01-01 (civil from days).
fn date_of(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

fn refuse(status: StatusCode, words: impl Into<String>) -> Response {
    (status, Json(json!({ "error": words.into() }))).into_response()
}

fn status(code: u16) -> StatusCode {
    StatusCode::from_u16(code).unwrap_or(StatusCode::BAD_REQUEST)
}

/// A name as the board shows it: trimmed, 1 to `MAX_NAME` printable characters.
pub fn clean_name(name: &str) -> Option<String> {
    let name = name.trim();
    let n = name.chars().count();
    ((1..=MAX_NAME).contains(&n) && name.chars().all(|c| !c.is_control())).then(|| name.to_string())
}

/// The device a run comes from: the page's random id, else the address.
fn device(headers: &HeaderMap, addr: IpAddr) -> String {
    headers
        .get(DEVICE_HEADER)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|d| {
            (8..=64).contains(&d.len()) && d.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        })
        .map_or_else(|| format!("address {addr}"), |d| format!("device {d}"))
}

#[derive(serde::Deserialize)]
struct NameQuery {
    name: Option<String>,
}

async fn submit(
    State(service): State<Arc<Service>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Query(query): Query<NameQuery>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let addr = peer.ip();
    if !service.admit(addr) {
        return refuse(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "Too many runs from one address: at most {} a minute. Try again in a minute.",
                service.per_minute
            ),
        );
    }
    let Some(name) = query.name.as_deref().and_then(clean_name) else {
        return refuse(
            StatusCode::BAD_REQUEST,
            format!("A name of 1 to {MAX_NAME} printable characters is needed (?name=...)."),
        );
    };
    let Ok(bytes) = to_bytes(body, MAX_BYTES).await else {
        return refuse(StatusCode::PAYLOAD_TOO_LARGE, Refusal::TooLarge.words());
    };
    let (today, yesterday) = service.days();
    let checked = {
        let bytes = bytes.clone();
        tokio::task::spawn_blocking(move || verify(&bytes, &today, &yesterday)).await
    };
    let run = match checked {
        Ok(Ok(run)) => run,
        Ok(Err(refusal)) => return refuse(status(refusal.status()), refusal.words()),
        Err(_) => {
            return refuse(
                StatusCode::UNPROCESSABLE_ENTITY,
                "The run could not be verified.",
            )
        }
    };
    match service
        .board
        .take(&bytes, &run, &name, &device(&headers, addr))
        .await
    {
        Ok(taken) => {
            let code = if taken.new {
                StatusCode::CREATED
            } else {
                StatusCode::OK
            };
            (
                code,
                Json(json!({
                    "id": taken.id,
                    "date": taken.date,
                    "score": taken.score,
                    "rank": taken.rank,
                    "practice": taken.practice,
                })),
            )
                .into_response()
        }
        Err(e) => refuse(StatusCode::SERVICE_UNAVAILABLE, e),
    }
}

async fn day(State(service): State<Arc<Service>>, Path(date): Path<String>) -> Response {
    if !valid_date(&date) {
        return refuse(
            StatusCode::BAD_REQUEST,
            format!("{date:?} is not a date like 2026-11-24."),
        );
    }
    match service.board.day(&date).await {
        Ok(entries) => Json(json!({
            "date": date,
            "ruleset": caves::rules::RULESET,
            "entries": entries,
        }))
        .into_response(),
        Err(e) => refuse(StatusCode::SERVICE_UNAVAILABLE, e),
    }
}

async fn run_file(State(service): State<Arc<Service>>, Path(id): Path<String>) -> Response {
    if id.len() > 40 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return refuse(StatusCode::NOT_FOUND, "There is no run with that id.");
    }
    match service.board.run_file(&id).await {
        Ok(Some(bytes)) => (
            [
                (header::CONTENT_TYPE, "application/octet-stream".to_string()),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"caves-daily-{id}.cavesrun\""),
                ),
            ],
            bytes,
        )
            .into_response(),
        Ok(None) => refuse(StatusCode::NOT_FOUND, "There is no run with that id."),
        Err(e) => refuse(StatusCode::SERVICE_UNAVAILABLE, e),
    }
}

/// 200 with the server's date and how many runs it keeps (503 when the database fails).
async fn health(State(service): State<Arc<Service>>) -> Response {
    match service.board.count().await {
        Ok(runs) => {
            Json(json!({ "ok": true, "today": service.days().0, "runs": runs })).into_response()
        }
        Err(e) => refuse(StatusCode::SERVICE_UNAVAILABLE, e),
    }
}

/// What the page reads to know it has a board, and the board's date.
async fn board_here(State(service): State<Arc<Service>>) -> Response {
    (
        [(header::CACHE_CONTROL, "no-store")],
        Json(json!({ "board": true, "today": service.days().0 })),
    )
        .into_response()
}

async fn not_found() -> Response {
    refuse(StatusCode::NOT_FOUND, "Nothing here.")
}

/// The server's routes over `service`; with `dist`, the built page too.
pub fn router(service: Arc<Service>, dist: Option<PathBuf>) -> Router {
    let api = Router::new()
        .route("/api/daily/runs", post(submit))
        .route("/api/daily/{date}", get(day))
        .route("/api/runs/{id}", get(run_file))
        .route("/api/health", get(health))
        .route("/board.json", get(board_here))
        // The body is read with its own limit (`MAX_BYTES`), to answer 413 in words.
        .layer(DefaultBodyLimit::disable())
        .with_state(service);
    match dist {
        Some(dir) => api.fallback_service(tower_http::services::ServeDir::new(dir)),
        None => api.fallback(not_found),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_days_convert_both_ways() {
        assert_eq!(days_of("1970-01-01"), 0);
        assert_eq!(date_of(0), "1970-01-01");
        for d in [
            "2026-11-24",
            "2024-02-29",
            "2000-03-01",
            "2026-01-01",
            "1999-12-31",
        ] {
            assert_eq!(date_of(days_of(d)), d);
        }
        assert_eq!(date_of(days_of("2026-03-01") - 1), "2026-02-28");
        assert_eq!(date_of(days_of("2024-03-01") - 1), "2024-02-29");
        assert_eq!(date_of(days_of("2026-01-01") - 1), "2025-12-31");
    }

    #[test]
    fn names_are_trimmed_printable_and_short() {
        assert_eq!(clean_name("  Ada  ").as_deref(), Some("Ada"));
        assert_eq!(clean_name("<b>ü</b>").as_deref(), Some("<b>ü</b>"));
        assert_eq!(clean_name(&"x".repeat(24)).map(|n| n.len()), Some(24));
        for bad in ["", "   ", "a\u{7}b", "tab\there", &"x".repeat(25)] {
            assert_eq!(clean_name(bad), None, "{bad:?}");
        }
    }
}
