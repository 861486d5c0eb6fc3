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

use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, Request, State};
use axum::http::{header, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, MethodRouter};
use axum::{Json, Router};
use tower::ServiceBuilder;
use tower_http::timeout::{RequestBodyTimeoutLayer, TimeoutLayer};

use crate::board::{now_micros, Entry, NewRun, Origin, TakeError, Taken};
use crate::bodies::RunFile;
use crate::clients::{client_addr, name_of, Client, NameQuery, PlayerKey};
use crate::dates::{show, DayPath};
use crate::error::{ApiError, Failure, Verdict};
use crate::fallen::Fallen;
use crate::gate::gate;
use crate::limits::{BODY_IDLE, LIVE_BATCH_BYTES, MAX_BYTES, READ_TIMEOUT, UPLOAD_TIMEOUT};
use crate::names::name_key;
use crate::service::Service;
use crate::verify::{verify, Verified};

type Shared = State<Arc<Service>>;

/// `POST /api/daily/runs`: a run file, verified and kept (or refused); the verdict goes to
/// the request's log line and the metrics.
async fn submit(
    State(service): Shared,
    client: Client,
    key: PlayerKey,
    query: Result<Query<NameQuery>, QueryRejection>,
    body: Result<RunFile, ApiError>,
) -> Response {
    let answer = take_submission(&service, &client, name_of(query), key, body).await;
    let (verdict, mut response) = match answer {
        Ok(taken) => {
            let (verdict, code) = match (taken.new, taken.practice) {
                (false, _) => ("same", StatusCode::OK),
                (true, true) => ("practice", StatusCode::CREATED),
                (true, false) => ("counted", StatusCode::CREATED),
            };
            (verdict, (code, Json(taken)).into_response())
        }
        Err(e) => (e.verdict(), e.into_response()),
    };
    response.extensions_mut().insert(Verdict(verdict));
    response
}

/// A post's steps, in the order its refusals come: the content type, the count of the
/// address's posts, the name and the player's key, the body, the replay, the keeping.
async fn take_submission(
    service: &Service,
    client: &Client,
    name: Result<String, ApiError>,
    key: PlayerKey,
    body: Result<RunFile, ApiError>,
) -> Result<Taken, ApiError> {
    let body = match body {
        Err(ApiError::ContentType) => return Err(ApiError::ContentType),
        other => other,
    };
    let (name, token) = admit(service, client, name, key).await?;
    let RunFile(bytes) = body?;
    let run = verify_on_pool(service, bytes.clone()).await?;
    let new = NewRun {
        bytes: &bytes,
        run: &run,
        name: &name,
        token: &token,
        submitted: now_micros(),
        origin: Some(Origin {
            client: &client.key,
            names_per_day: service.names_per_day,
            bytes_per_day: service.run_bytes_per_day,
        }),
    };
    let taken = service
        .board
        .take(&new)
        .await
        .map_err(|e| refusal_of(service, e))?;
    if taken.new {
        service.metrics.runs_kept.inc();
    }
    Ok(taken)
}

/// Counts the post against its address (refused ones too), then checks its name and the
/// player's key against the name's owner: the name and the key's digest.
async fn admit(
    service: &Service,
    client: &Client,
    name: Result<String, ApiError>,
    key: PlayerKey,
) -> Result<(String, String), ApiError> {
    let name_key = name.as_deref().map(name_key).unwrap_or_default();
    // A database that cannot be written answers 503 before anything is counted (SQLite's
    // disk and files; a PostgreSQL that cannot write fails the count itself).
    service.board.can_write()?;
    // The submission is counted (refused ones too) and the name's owner read at once.
    let (count, owner) = service
        .board
        .count_submission(&client.key, now_micros(), &name_key)
        .await?;
    if count > i64::from(service.per_minute()) {
        return Err(ApiError::TooMany(service.per_minute()));
    }
    let name = name?;
    match (owner, key.0) {
        (Some(owner), Some(token)) if owner == token => Ok((name, token)),
        (Some(_), _) => Err(ApiError::NameTaken),
        (None, None) => Err(ApiError::NoToken),
        (None, Some(token)) => Ok((name, token)),
    }
}

/// Replays a run file on the verifier pool: the verified run, or its refusal (503 when the
/// verifiers are busy).
async fn verify_on_pool(service: &Service, bytes: Bytes) -> Result<Verified, ApiError> {
    let days = service.days().await?;
    let seconds = service.metrics.verify_seconds.clone();
    let checked = service
        .pool
        .run(&service.metrics, move || {
            let start = Instant::now();
            let out = verify(&bytes, &days);
            seconds.observe(start.elapsed().as_secs_f64());
            out
        })
        .await
        .map_err(|_| ApiError::Busy)?;
    checked.map_err(ApiError::Refused)
}

/// The API's refusal of a run the board did not keep.
fn refusal_of(service: &Service, e: TakeError) -> ApiError {
    match e {
        TakeError::NameTaken => ApiError::NameTaken,
        TakeError::Copy(original) => ApiError::Copy(original),
        TakeError::LiveCopy(original) => ApiError::LiveCopy(original),
        TakeError::PracticeFull => ApiError::PracticeFull,
        TakeError::TooManyNames => ApiError::TooManyNames(service.names_per_day),
        TakeError::TooManyBytes => ApiError::TooManyBytes(service.run_bytes_per_day),
        TakeError::Database(e) => ApiError::Database(e),
    }
}

/// `GET /api/daily/today`.
#[derive(serde::Serialize)]
struct Today {
    date: String,
    /// In decimal: a u64 is more than JSON's numbers hold.
    seed: String,
}

async fn today(State(service): Shared) -> Result<Response, ApiError> {
    let date = show(service.today());
    let seed = service.board.seed(&date).await?.to_string();
    Ok((
        [(header::CACHE_CONTROL, "no-store")],
        Json(Today { date, seed }),
    )
        .into_response())
}

/// `GET /api/daily/YYYY-MM-DD`.
#[derive(serde::Serialize)]
struct DayBoard {
    date: String,
    ruleset: u32,
    entries: Vec<Entry>,
}

async fn day(State(service): Shared, DayPath(date): DayPath) -> Result<Response, ApiError> {
    service.metrics.board_reads.inc();
    let entries = service.board.day(&date).await?;
    Ok(Json(DayBoard {
        date,
        ruleset: caves_rules::RULESET,
        entries,
    })
    .into_response())
}

/// `GET /api/daily/YYYY-MM-DD/fallen`: where the day's counted runs that were lost ended (the
/// day's graves), from memory when they were read within a few seconds. Runs kept before the
/// board noted ends are replayed once, here, and their ends noted. Today's only for a player
/// whose own run of today has ended.
async fn fallen(
    State(service): Shared,
    DayPath(date): DayPath,
    key: PlayerKey,
) -> Result<Response, ApiError> {
    gate(&service, &key, &date).await?;
    let body = match service.fallen.get(&date) {
        Some(body) => body,
        None => {
            let answer = fallen_of(&service, &date).await?;
            let body = Bytes::from(serde_json::to_vec(&answer).unwrap_or_default());
            service.fallen.put(&date, body.clone());
            body
        }
    };
    Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response())
}

/// `GET /api/daily/YYYY-MM-DD/fallen`'s answer.
#[derive(serde::Serialize)]
struct DayFallen {
    date: String,
    fallen: Vec<Fallen>,
}

/// The answer of `fallen` for `date`, read from the database.
async fn fallen_of(service: &Service, date: &str) -> Result<DayFallen, ApiError> {
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
    Ok(DayFallen {
        date: date.to_string(),
        fallen,
    })
}

/// `GET /api/runs/ID`: a kept run's file, or a par game's; one of today only for a player
/// whose own run of today has ended (a par game of yesterday too, as par itself).
async fn run_file(
    State(service): Shared,
    Path(id): Path<String>,
    key: PlayerKey,
) -> Result<Response, ApiError> {
    if id.len() > 64 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(ApiError::NotFound);
    }
    let bytes = match service.board.run_file(&id).await? {
        Some((day, bytes)) => {
            gate(&service, &key, &day).await?;
            bytes
        }
        None => {
            let (day, bytes) = service
                .board
                .par_file(&id)
                .await?
                .ok_or(ApiError::NotFound)?;
            crate::par::check(&service, &key, &day).await?;
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

/// `GET /api/health`.
#[derive(serde::Serialize)]
struct Health {
    ok: bool,
    today: String,
    runs: i64,
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
    Ok(Json(Health {
        ok: true,
        today: show(service.today()),
        runs,
    })
    .into_response())
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

/// `GET /board.json`.
#[derive(serde::Serialize)]
struct BoardHere {
    board: bool,
    today: String,
}

/// What the page reads to know it has a board, and the board's date.
async fn board_here(State(service): Shared) -> Response {
    (
        [(header::CACHE_CONTROL, "no-store")],
        Json(BoardHere {
            board: true,
            today: show(service.today()),
        }),
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

/// A timeout layer answers with a status alone; this gives that answer the API's words (and,
/// for 503, when to try again), as every other refusal has. An answer with a body of its own
/// (a handler's refusal, which always has a content type) passes unchanged.
async fn explain_timeout(response: Response) -> Response {
    if response.headers().contains_key(header::CONTENT_TYPE) {
        return response;
    }
    match response.status() {
        StatusCode::REQUEST_TIMEOUT => ApiError::UploadTooSlow.into_response(),
        StatusCode::SERVICE_UNAVAILABLE => ApiError::AnswerTooSlow.into_response(),
        _ => response,
    }
}

/// An upload's route: its body at most `limit` bytes, each piece of it within `BODY_IDLE` of
/// the last (408 with the API's words, from the body's extractor), and the whole request,
/// body, verification and keeping, within `UPLOAD_TIMEOUT` (408): the idle bound alone would
/// let a body trickled a byte at a time run for ever.
fn upload<S: Clone + Send + Sync + 'static>(
    route: MethodRouter<S>,
    limit: usize,
) -> MethodRouter<S> {
    let body = ServiceBuilder::new()
        .layer(RequestBodyTimeoutLayer::new(BODY_IDLE))
        .layer(DefaultBodyLimit::max(limit));
    within(
        route.layer(body),
        StatusCode::REQUEST_TIMEOUT,
        UPLOAD_TIMEOUT,
    )
}

/// Any other route but a stream: answered within `READ_TIMEOUT`, else 503. A stream
/// (`/api/live/KEY/events`) has none: it is meant to stay open, and ends with its run, its
/// reader falling behind, or the server's stop.
fn timed<S: Clone + Send + Sync + 'static>(route: MethodRouter<S>) -> MethodRouter<S> {
    within(route, StatusCode::SERVICE_UNAVAILABLE, READ_TIMEOUT)
}

/// `route` answered within `after`, else `status` in the API's words.
fn within<S: Clone + Send + Sync + 'static>(
    route: MethodRouter<S>,
    status: StatusCode,
    after: std::time::Duration,
) -> MethodRouter<S> {
    route.layer(
        ServiceBuilder::new()
            .layer(middleware::map_response(explain_timeout))
            .layer(TimeoutLayer::with_status_code(status, after)),
    )
}

/// The server's routes over `service`; with `dist` (a checked folder), the built page too.
pub fn router(service: Arc<Service>, dist: Option<PathBuf>) -> Router {
    let api = Router::new()
        .route("/api/daily/runs", upload(post(submit), MAX_BYTES))
        .route("/api/daily/today", timed(get(today)))
        .route("/api/daily/{date}", timed(get(day)))
        .route("/api/daily/{date}/fallen", timed(get(fallen)))
        .route("/api/daily/{date}/par", timed(get(crate::par::answer)))
        .route("/api/live", timed(post(crate::live::api::open)))
        .route("/api/live/{key}", timed(get(crate::live::api::list)))
        .route(
            "/api/live/{key}/actions",
            upload(post(crate::live::api::actions), LIVE_BATCH_BYTES),
        )
        .route("/api/live/{key}/events", get(crate::live::stream::events))
        .route("/api/runs/{id}", timed(get(run_file)))
        .route("/api/health", timed(get(health)))
        .route("/metrics", timed(get(metrics)))
        .route("/board.json", timed(get(board_here)))
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
