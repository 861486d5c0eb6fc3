//! The HTTP interface (a contract), thin over `verify` and `board`:
//!
//! - `POST /api/daily/runs?name=NAME`, body `application/octet-stream`, header
//!   `X-Caves-Token`: a run file; 201 (or 200 for the same record again)
//!   `{"id","date","score","rank","practice"}`; refusals `{"error"}` (see `error`);
//! - `GET /api/daily/today`: `{"date","seed"}`, the board's daily caves of today;
//! - `GET /api/daily/YYYY-MM-DD`: `{"date","ruleset","entries":[...]}`, best first;
//! - `GET /api/daily/YYYY-MM-DD/fallen`: `{"date","fallen":[...]}`, where the day's counted
//!   lost runs ended;
//! - `GET /api/daily/YYYY-MM-DD/par`: `{"date","bots":[...]}`, the bots' games of the day
//!   (`par`); 503 while they are being played;
//! - `POST /api/live`, `POST /api/live/ID/actions`, `GET /api/live/YYYY-MM-DD`,
//!   `GET /api/live/ID/events`: live runs (`live::api`, `live::stream`);
//! - `GET /api/runs/ID`: the run file's bytes;
//! - `GET /api/health`: 200 when the database can be written, else 503;
//! - `GET /metrics`: the Prometheus text format;
//! - `GET /board.json`: tells the page it has a board (a static build's file says it has none);
//! - anything else: the built page of `--dist`, if given.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use axum::body::{to_bytes, Body, Bytes};
use axum::extract::{ConnectInfo, Path, Query, Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::json;

use crate::board::{now_micros, NewRun, Origin, TakeError};
use crate::clients::{client_addr, client_key, token, token_hash};
use crate::dates::{show, valid_date};
use crate::error::{ApiError, Failure, Verdict};
use crate::gate::gate;
use crate::limits::{BODY_TIMEOUT, MAX_BYTES};
use crate::names::{clean_name, name_key};
use crate::service::Service;
use crate::verify::verify;

type Shared = State<Arc<Service>>;

#[derive(serde::Deserialize)]
struct NameQuery {
    name: Option<String>,
}

/// Reads a submission's body within the upload memory, the size limit and the body timeout.
async fn read_body(service: &Service, headers: &HeaderMap, body: Body) -> Result<Bytes, ApiError> {
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > MAX_BYTES) {
        return Err(ApiError::Refused(crate::verify::Refusal::TooLarge));
    }
    let kb = declared.unwrap_or(MAX_BYTES).div_ceil(1024).max(1);
    let Ok(_memory) =
        Arc::clone(&service.uploads).try_acquire_many_owned(u32::try_from(kb).unwrap_or(u32::MAX))
    else {
        return Err(ApiError::Busy);
    };
    match tokio::time::timeout(BODY_TIMEOUT, to_bytes(body, MAX_BYTES)).await {
        Err(_) => Err(ApiError::SlowBody),
        Ok(Err(_)) => Err(ApiError::Refused(crate::verify::Refusal::TooLarge)),
        Ok(Ok(bytes)) => Ok(bytes),
    }
}

async fn submit(
    State(service): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    query: Result<Query<NameQuery>, axum::extract::rejection::QueryRejection>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let answer = take_submission(&service, peer, query.ok().map(|q| q.0), &headers, body).await;
    let (verdict, mut response) = match answer {
        Ok((code, taken)) => (
            if code == StatusCode::OK {
                "same"
            } else if taken["practice"] == json!(true) {
                "practice"
            } else {
                "counted"
            },
            (code, Json(taken)).into_response(),
        ),
        Err(e) => (e.verdict(), e.into_response()),
    };
    response.extensions_mut().insert(Verdict(verdict));
    response
}

async fn take_submission(
    service: &Service,
    peer: SocketAddr,
    query: Option<NameQuery>,
    headers: &HeaderMap,
    body: Body,
) -> Result<(StatusCode, serde_json::Value), ApiError> {
    let octets = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/octet-stream"));
    if !octets {
        return Err(ApiError::ContentType);
    }
    let client = client_key(client_addr(
        peer.ip(),
        headers,
        service.settings.trust_proxy,
    ));
    let name = query
        .and_then(|q| q.name)
        .ok_or_else(|| ApiError::BadRequest("A name is needed (?name=...).".into()))
        .and_then(|name| clean_name(&name).map_err(|e| ApiError::BadRequest(e.to_string())));
    let key = name.as_deref().map(name_key).unwrap_or_default();
    // A database that cannot be written answers 503 before anything is counted (SQLite's
    // disk and files; a PostgreSQL that cannot write fails the count itself).
    service.board.can_write()?;
    // The submission is counted (refused ones too) and the name's owner read at once.
    let (count, owner) = service
        .board
        .count_submission(&client, now_micros(), &key)
        .await?;
    if count > i64::from(service.per_minute()) {
        return Err(ApiError::TooMany(service.per_minute()));
    }
    let name = name?;
    let token = token(headers).map(token_hash);
    match (owner, &token) {
        (Some(owner), Some(t)) if owner == *t => {}
        (Some(_), _) => return Err(ApiError::NameTaken),
        (None, None) => return Err(ApiError::NoToken),
        (None, Some(_)) => {}
    }
    let token = token.ok_or(ApiError::NoToken)?;
    let bytes = read_body(service, headers, body).await?;
    let days = service.days().await?;
    let checked = {
        let bytes = bytes.clone();
        let seconds = service.metrics.verify_seconds.clone();
        service
            .pool
            .run(&service.metrics, move || {
                let start = Instant::now();
                let out = verify(&bytes, &days);
                seconds.observe(start.elapsed().as_secs_f64());
                out
            })
            .await
            .map_err(|_| ApiError::Busy)?
    };
    let run = checked.map_err(ApiError::Refused)?;
    let new = NewRun {
        bytes: &bytes,
        run: &run,
        name: &name,
        token: &token,
        submitted: now_micros(),
        origin: Some(Origin {
            client: &client,
            names_per_day: service.names_per_day,
            bytes_per_day: service.run_bytes_per_day,
        }),
    };
    let taken = service.board.take(&new).await.map_err(|e| match e {
        TakeError::NameTaken => ApiError::NameTaken,
        TakeError::Copy(original) => ApiError::Copy(original),
        TakeError::LiveCopy(original) => ApiError::LiveCopy(original),
        TakeError::PracticeFull => ApiError::PracticeFull,
        TakeError::TooManyNames => ApiError::TooManyNames(service.names_per_day),
        TakeError::TooManyBytes => ApiError::TooManyBytes(service.run_bytes_per_day),
        TakeError::Database(e) => ApiError::Database(e),
    })?;
    if taken.new {
        service.metrics.runs_kept.inc();
    }
    let code = if taken.new {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((
        code,
        json!({
            "id": taken.id,
            "date": taken.date,
            "score": taken.score,
            "rank": taken.rank,
            "practice": taken.practice,
        }),
    ))
}

async fn today(State(service): Shared) -> Result<Response, ApiError> {
    let date = show(service.today());
    let seed = service.board.seed(&date).await?;
    Ok((
        [(header::CACHE_CONTROL, "no-store")],
        Json(json!({ "date": date, "seed": seed.to_string() })),
    )
        .into_response())
}

async fn day(State(service): Shared, Path(date): Path<String>) -> Result<Response, ApiError> {
    if !valid_date(&date) {
        return Err(ApiError::BadRequest(format!(
            "{date:?} is not a date like 2026-11-24."
        )));
    }
    service.metrics.board_reads.inc();
    let entries = service.board.day(&date).await?;
    Ok(Json(json!({
        "date": date,
        "ruleset": caves_rules::RULESET,
        "entries": entries,
    }))
    .into_response())
}

/// `GET /api/daily/YYYY-MM-DD/fallen`: where the day's counted runs that were lost ended (the
/// day's graves), from memory when they were read within a few seconds. Runs kept before the
/// board noted ends are replayed once, here, and their ends noted. Today's only for a player
/// whose own run of today has ended.
async fn fallen(
    State(service): Shared,
    Path(date): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    if !valid_date(&date) {
        return Err(ApiError::BadRequest(format!(
            "{date:?} is not a date like 2026-11-24."
        )));
    }
    gate(&service, &headers, &date).await?;
    let body = match service.fallen.get(&date) {
        Some(body) => body,
        None => {
            let body = Bytes::from(fallen_body(&service, &date).await?.to_string());
            service.fallen.put(&date, body.clone());
            body
        }
    };
    Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response())
}

/// The answer of `fallen` for `date`, read from the database.
async fn fallen_body(service: &Service, date: &str) -> Result<serde_json::Value, ApiError> {
    let unknown = service.board.fallen_unknown(date).await?;
    if !unknown.is_empty() {
        let ends = service
            .pool
            .run(&service.metrics, move || {
                unknown
                    .into_iter()
                    .filter_map(|(id, bytes)| Some((id, crate::verify::ended_at(&bytes)?)))
                    .collect::<Vec<_>>()
            })
            .await
            .map_err(|_| ApiError::Busy)?;
        for (id, end) in &ends {
            service.board.fill_end(id, end).await?;
        }
    }
    let fallen = service.board.fallen(date).await?;
    Ok(json!({ "date": date, "fallen": fallen }))
}

/// `GET /api/runs/ID`: a kept run's file, or a par game's; one of today only for a player
/// whose own run of today has ended (a par game of yesterday too, as par itself).
async fn run_file(
    State(service): Shared,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    if id.len() > 64 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(ApiError::NotFound);
    }
    let bytes = match service.board.run_file(&id).await? {
        Some((day, bytes)) => {
            gate(&service, &headers, &day).await?;
            bytes
        }
        None => {
            let (day, bytes) = service
                .board
                .par_file(&id)
                .await?
                .ok_or(ApiError::NotFound)?;
            crate::par::check(&service, &headers, &day).await?;
            bytes
        }
    };
    Ok((
        [
            (header::CONTENT_TYPE, "application/octet-stream".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"caves-daily-{id}.cavesrun\""),
            ),
        ],
        bytes,
    )
        .into_response())
}

/// 200 with the server's date and how many runs it keeps (the kept count), once a write went
/// through (within the last second); 503 when the database cannot be written (read-only,
/// full, gone).
async fn health(State(service): Shared) -> Result<Response, ApiError> {
    service
        .healthy()
        .await
        .map_err(|e| ApiError::Database(sqlx::Error::Protocol(e)))?;
    let runs = service.board.count().await?;
    Ok(Json(json!({ "ok": true, "today": show(service.today()), "runs": runs })).into_response())
}

async fn metrics(State(service): Shared) -> Response {
    match service.board.count().await {
        Ok(n) => {
            service.metrics.runs_kept.set(n);
        }
        Err(_) => {
            service.metrics.database_errors.inc();
        }
    }
    let since = now_micros() - i64::try_from(crate::limits::LIVE_IDLE.as_micros()).unwrap_or(0);
    match service.board.live_count(since).await {
        Ok(n) => {
            service.metrics.live_runs.set(n);
        }
        Err(_) => {
            service.metrics.database_errors.inc();
        }
    }
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        service.metrics.text(),
    )
        .into_response()
}

/// What the page reads to know it has a board, and the board's date.
async fn board_here(State(service): Shared) -> Response {
    (
        [(header::CACHE_CONTROL, "no-store")],
        Json(json!({ "board": true, "today": show(service.today()) })),
    )
        .into_response()
}

async fn not_found() -> ApiError {
    ApiError::NotFound
}

async fn wrong_method(method: Method) -> ApiError {
    ApiError::Method(method.to_string())
}

/// One log line per request: method, path, status, milliseconds, the client, and a
/// submission's verdict; a failure inside (a database's message) as a warning.
async fn log_request(State(service): Shared, request: Request, next: Next) -> Response {
    let start = Instant::now();
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip());
    let client = peer.map(|p| client_addr(p, request.headers(), service.settings.trust_proxy));
    let response = next.run(request).await;
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    let status = response.status().as_u16();
    service
        .metrics
        .requests
        .get_or_create(&crate::metrics::StatusLabel { status })
        .inc();
    let verdict = response.extensions().get::<Verdict>().map(|v| v.0);
    if let Some(v) = verdict {
        service.metrics.verdict(v);
    }
    let client = client.map(|c| c.to_string()).unwrap_or_default();
    match response.extensions().get::<Failure>() {
        Some(Failure(failure)) => {
            service.metrics.database_errors.inc();
            tracing::warn!(%method, %path, status, ms = (ms * 10.0).round() / 10.0, %client, verdict = verdict.unwrap_or(""), failure = %failure, "request");
        }
        None => {
            tracing::info!(%method, %path, status, ms = (ms * 10.0).round() / 10.0, %client, verdict = verdict.unwrap_or(""), "request");
        }
    }
    response
}

/// The server's routes over `service`; with `dist` (a checked folder), the built page too.
pub fn router(service: Arc<Service>, dist: Option<PathBuf>) -> Router {
    let api = Router::new()
        .route("/api/daily/runs", post(submit))
        .route("/api/daily/today", get(today))
        .route("/api/daily/{date}", get(day))
        .route("/api/daily/{date}/fallen", get(fallen))
        .route("/api/daily/{date}/par", get(crate::par::answer))
        .route("/api/live", post(crate::live::api::open))
        .route("/api/live/{key}", get(crate::live::api::list))
        .route("/api/live/{key}/actions", post(crate::live::api::actions))
        .route("/api/live/{key}/events", get(crate::live::stream::events))
        .route("/api/runs/{id}", get(run_file))
        .route("/api/health", get(health))
        .route("/metrics", get(metrics))
        .route("/board.json", get(board_here))
        .method_not_allowed_fallback(wrong_method);
    let api = match dist {
        Some(dir) => api.fallback_service(crate::dist::serve_dist(dir)),
        None => api.fallback(not_found),
    };
    api.layer(middleware::from_fn_with_state(
        Arc::clone(&service),
        log_request,
    ))
    .with_state(service)
}
