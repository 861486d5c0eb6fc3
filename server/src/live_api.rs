//! The live runs' HTTP interface (a contract; `docs/board.md` has it whole):
//!
//! - `POST /api/live?name=NAME`, header `X-Caves-Token`: opens a live run of today's daily
//!   caves; `201 {"id","date","seed"}`;
//! - `POST /api/live/ID/actions`, `application/json` `{"from": N, "actions": "<base64url of
//!   the record's action bytes>", "end": false}`: `200 {"id","actions","turns","depth",
//!   "ended","outcome","watchers","shown","kept"}`; a gap is `409 {"error","actions"}`;
//! - `GET /api/live/YYYY-MM-DD`: `{"date","runs":[{"id","name","depth","turns","watchers",
//!   "actions","ticket"}]}`;
//! - `GET /api/live/ID/events?ticket=T`: server-sent events, `actions` (id: the count of
//!   actions after it) and `end`.
//!
//! Today's list, streams, fallen and runs answer only a player whose own run of today has
//! ended (`gate`). And the tasks behind them: the PostgreSQL listener, the sweep of idle runs
//! and of ended runs not yet kept, and the writing of each copy's count of watchers.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{to_bytes, Body};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::{broadcast, watch};

use crate::board::{now_micros, NewRun, TakeError};
use crate::clients::{client_addr, client_key, token, token_hash};
use crate::dates::{show, valid_date};
use crate::error::ApiError;
use crate::limits::{
    BODY_TIMEOUT, LIVE_BATCH_BYTES, LIVE_BYTES_PER_DAY, LIVE_IDLE, LIVE_KEEP_ALIVE, LIVE_LIST_SIZE,
    LIVE_LIST_TURNS, LIVE_MAX_ACTIONS, LIVE_READS_PER_SECOND, LIVE_READ_PATIENCE,
    LIVE_STREAMS_PER_ADDRESS, LIVE_WATCHERS_EVERY,
};
use crate::live::{
    parse_payload, piece_between, record_of, standing, start_of, Ending, LiveRow, Note, Opened,
    Piece, Play, Standing, Stored, Watcher, CHANNEL, LIVE_PAGE,
};
use crate::names::{clean_name, name_key};
use crate::service::Service;
use crate::verify::verify;
use caves_rules::record::actions::{encode_actions, parse_actions};
use caves_rules::record::base64;

type Shared = State<Arc<Service>>;

/// A refusal of the live API: the board's own refusals, and a gap or a clash with what is
/// stored (409 with the count of actions the server has).
pub enum LiveError {
    Api(ApiError),
    /// 409: `{"error", "actions"}`.
    Behind(String, i64),
    /// 403: a token other than the run's.
    NotYours,
    /// 422: not actions the run can take.
    Unfit(String),
}

impl From<ApiError> for LiveError {
    fn from(e: ApiError) -> LiveError {
        LiveError::Api(e)
    }
}

impl From<sqlx::Error> for LiveError {
    fn from(e: sqlx::Error) -> LiveError {
        LiveError::Api(ApiError::Database(e))
    }
}

impl IntoResponse for LiveError {
    fn into_response(self) -> Response {
        match self {
            LiveError::Api(e) => e.into_response(),
            LiveError::Behind(why, actions) => (
                StatusCode::CONFLICT,
                Json(json!({ "error": why, "actions": actions })),
            )
                .into_response(),
            LiveError::NotYours => (
                StatusCode::FORBIDDEN,
                Json(json!({ "error": "This live run is another player's." })),
            )
                .into_response(),
            LiveError::Unfit(why) => (
                StatusCode::UNPROCESSABLE_ENTITY,
                Json(json!({ "error": why })),
            )
                .into_response(),
        }
    }
}

fn live_id(text: &str) -> Option<&str> {
    (text.len() == 32 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
        .then_some(text)
}

/// A random id: 32 hex digits (a version 4 UUID's).
pub fn random_id() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

/// The spoiler gate: today's live runs, their streams, the fallen and runs answer only a
/// player whose own run of today has ended (a run of it kept, or its live run ended by its
/// replay), so that no one learns today's caves from others before playing them. Other days
/// are open to all.
pub async fn gate(service: &Service, headers: &HeaderMap, date: &str) -> Result<(), ApiError> {
    if date != show(service.today()) {
        return Ok(());
    }
    let why = "Today's runs of others open once your own run of today's caves has ended \
               (played to its end on a board's page, or posted), so that they spoil nothing";
    ended_for(service, headers, date, why, "today").await
}

/// Ok when the token of `headers` has a run of `date` that ended; else 403 with `why` and
/// what is missing (the key, or the end of the player's run of `day`).
pub async fn ended_for(
    service: &Service,
    headers: &HeaderMap,
    date: &str,
    why: &str,
    day: &str,
) -> Result<(), ApiError> {
    let Some(token) = token(headers).map(token_hash) else {
        return Err(ApiError::Gated(format!(
            "{why}: send your player key (X-Caves-Token)."
        )));
    };
    if service.board.day_done(date, &token).await? {
        Ok(())
    } else {
        Err(ApiError::Gated(format!(
            "{why}: your run of {day} has not ended yet."
        )))
    }
}

#[derive(serde::Deserialize)]
pub struct NameQuery {
    name: Option<String>,
}

/// Counts a request of `client` against a per-minute limit kept in the database under
/// `kind`; the name's owner comes with it.
async fn count(
    service: &Service,
    kind: &str,
    client: &str,
    limit: u32,
    name_key: &str,
) -> Result<Option<String>, ApiError> {
    let (n, owner) = service
        .board
        .count_submission(&format!("{kind} {client}"), now_micros(), name_key)
        .await?;
    if n > i64::from(limit) {
        return Err(ApiError::TooMany(limit));
    }
    Ok(owner)
}

/// `POST /api/live?name=NAME`: opens a live run of today's daily caves for the token, which
/// claims the name as a kept run does.
pub async fn open(
    State(service): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    query: Result<Query<NameQuery>, axum::extract::rejection::QueryRejection>,
    headers: HeaderMap,
) -> Result<Response, LiveError> {
    let client = client_key(client_addr(
        peer.ip(),
        &headers,
        service.settings.trust_proxy,
    ));
    let name = query
        .ok()
        .and_then(|q| q.0.name)
        .ok_or_else(|| ApiError::BadRequest("A name is needed (?name=...).".into()))
        .and_then(|name| clean_name(&name).map_err(|e| ApiError::BadRequest(e.to_string())))?;
    let key = name_key(&name);
    service.board.can_write().map_err(ApiError::Database)?;
    let owner = count(&service, "live-open", &client, service.per_minute(), &key).await?;
    let token = token(&headers).map(token_hash).ok_or(ApiError::NoToken)?;
    if owner.is_some_and(|o| o != token) {
        return Err(ApiError::NameTaken.into());
    }
    let date = show(service.today());
    let seed = service.board.seed(&date).await?;
    let id = random_id();
    let ticket = random_id();
    let live = &service.live;
    let opened = service
        .board
        .live_open(
            &id,
            &date,
            &name,
            &token,
            &client,
            &ticket,
            service.settings.caps.live_runs_per_hour,
            service.names_per_day,
            now_micros(),
            &live.instance,
        )
        .await?;
    let ended = match opened {
        Opened::Open(ended) => ended,
        Opened::NameTaken => return Err(ApiError::NameTaken.into()),
        Opened::TooManyNames => return Err(ApiError::TooManyNames(service.names_per_day).into()),
        Opened::TooMany => {
            return Err(ApiError::Quota(format!(
                "At most {} live runs an hour from one address.",
                service.settings.caps.live_runs_per_hour
            ))
            .into())
        }
    };
    for run in ended {
        end_here(&service, &run);
    }
    service.metrics.live_opened.inc();
    Ok((
        StatusCode::CREATED,
        Json(json!({ "id": id, "date": date, "seed": seed.to_string() })),
    )
        .into_response())
}

/// Tells this copy's watchers of `run` that it is over for them, as stored.
fn end_here(service: &Service, run: &LiveRow) {
    service.live.forget(&run.id);
    if let Some(end) = run.ending() {
        service.live.publish(
            &run.id,
            Note::Piece(Arc::new(Piece {
                from: end.actions,
                upto: end.actions,
                actions: String::new(),
                end: Some(end),
            })),
        );
    }
}

#[derive(serde::Deserialize)]
struct Batch {
    from: i64,
    actions: String,
    #[serde(default)]
    end: bool,
}

/// `POST /api/live/ID/actions`: a batch of a live run's actions.
pub async fn actions(
    State(service): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, LiveError> {
    let json_body = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
    if !json_body {
        return Err(ApiError::JsonOnly.into());
    }
    let id = live_id(&id).ok_or(ApiError::NotFound)?.to_string();
    let client = client_key(client_addr(
        peer.ip(),
        &headers,
        service.settings.trust_proxy,
    ));
    let token = token(&headers).map(token_hash).ok_or(ApiError::NoToken)?;
    count(&service, "live", &client, service.live_per_minute(), "").await?;
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > LIVE_BATCH_BYTES) {
        return Err(too_large());
    }
    let bytes = match tokio::time::timeout(BODY_TIMEOUT, to_bytes(body, LIVE_BATCH_BYTES)).await {
        Err(_) => return Err(ApiError::SlowBody.into()),
        Ok(Err(_)) => return Err(too_large()),
        Ok(Ok(b)) => b,
    };
    let batch: Batch = serde_json::from_slice(&bytes).map_err(|e| {
        ApiError::BadRequest(format!(
            "A batch is {{\"from\": N, \"actions\": \"base64url\"}}: {e}"
        ))
    })?;
    let sent = base64::decode(&batch.actions)
        .and_then(|b| parse_actions(&b))
        .ok_or_else(|| {
            ApiError::BadRequest(
                "The actions are not the record's action codes in base64url.".into(),
            )
        })?;
    if batch.from < 0 {
        return Err(ApiError::BadRequest("\"from\" counts actions from 0.".into()).into());
    }
    let run = service
        .board
        .live_run(&id)
        .await?
        .ok_or(ApiError::NotFound)?;
    if run.token != token {
        return Err(LiveError::NotYours);
    }
    // Who watches, for the player to see: this copy's streams, and the others' as written.
    let fresh = now_micros() - 3 * i64::try_from(LIVE_WATCHERS_EVERY.as_micros()).unwrap_or(0);
    let watchers = service.live.watchers(&id)
        + service
            .board
            .live_watchers_of(&id, &service.live.instance, fresh)
            .await?;
    let stored = run.actions;
    if batch.from > stored {
        service.metrics.live_batch("gap");
        return Err(LiveError::Behind(
            format!("The server has {stored} actions of this run: send them from {stored} on."),
            stored,
        ));
    }
    let skip = usize::try_from(stored - batch.from).unwrap_or(usize::MAX);
    let new = sent.get(skip..).unwrap_or(&[]).to_vec();
    let answer = |run: &LiveRow, at: &Standing, ended: Option<&str>, kept: serde_json::Value| {
        Json(json!({
            "id": run.id,
            "actions": run.actions,
            "turns": at.turns,
            "depth": at.depth,
            "ended": ended.is_some(),
            "outcome": ended,
            "watchers": watchers,
            "shown": run.shown,
            "kept": kept,
        }))
        .into_response()
    };
    let as_stored = Standing {
        turns: run.turns,
        depth: run.depth,
        outcome: None,
    };
    if run.ended != 0 {
        if new.is_empty() {
            service.metrics.live_batch("same");
            let kept = if run.kept.is_empty() {
                serde_json::Value::Null
            } else {
                json!({ "id": run.kept })
            };
            return Ok(answer(&run, &as_stored, Some(&run.outcome), kept));
        }
        service.metrics.live_batch("ended");
        return Err(LiveError::Behind(
            format!("This live run has ended after {stored} actions."),
            stored,
        ));
    }
    if new.is_empty() && !batch.end {
        service.metrics.live_batch("same");
        return Ok(answer(&run, &as_stored, None, serde_json::Value::Null));
    }
    let upto = stored + new.len() as i64;
    if upto > LIVE_MAX_ACTIONS {
        service.metrics.live_batch("unfit");
        return Err(LiveError::Unfit(format!(
            "A live run holds at most {LIVE_MAX_ACTIONS} actions."
        )));
    }
    let now = now_micros();
    let per_run = service.settings.caps.live_batches_per_run;
    if run.minute == now / 60_000_000 && run.batches >= per_run {
        service.metrics.live_batch("limited");
        return Err(ApiError::Quota(format!(
            "At most {per_run} batches of one live run a minute."
        ))
        .into());
    }
    let text = base64::encode(&encode_actions(&new));
    // The run's replay after the stored actions: kept by this copy, else replayed from them.
    let kept = service.live.take_state(&id, stored);
    let earlier = if kept.is_none() {
        Some(service.board.live_actions(&id).await?)
    } else {
        None
    };
    let seed = service.board.seed(&run.day).await?;
    let day = run.day.clone();
    let added = new.len() as u64;
    let before = run.shown;
    let replayed = service
        .pool
        .run(&service.metrics, move || {
            let mut play = match kept {
                Some(p) => p,
                None => {
                    let earlier = earlier.unwrap_or_default();
                    let mut p = Play::new(start_of(&day, seed)?);
                    p.play(0, &earlier)
                        .map_err(|_| "the stored actions do not replay".to_string())?;
                    p.release(before);
                    p.take_shown();
                    p
                }
            };
            let marks_before = play.marker.marks.len();
            let shown_before = play.shown;
            match play.play(stored, &new) {
                Ok(()) => {
                    let marks = play.marker.marks[marks_before..].to_vec();
                    let released = base64::encode(&encode_actions(&play.take_shown()));
                    Ok((play, marks, shown_before, released))
                }
                Err(i) => Err(format!(
                    "Action {} of this run comes after its end.",
                    stored + i as i64 + 1
                )),
            }
        })
        .await
        .map_err(|_| ApiError::Busy)?;
    let (mut play, marks, shown_before, released) = replayed.map_err(|why| {
        service.metrics.live_batch("unfit");
        LiveError::Unfit(why)
    })?;
    let at = standing(&play.state);
    let ended = at.outcome.or(batch.end.then_some("abandoned"));
    // What the address stores today, counted in the database (every copy shares it): the
    // batches the replay took, before they are stored.
    let day_stored = service
        .board
        .add_quota(&client, &run.day, "live", text.len() as i64)
        .await?;
    if day_stored > LIVE_BYTES_PER_DAY {
        service.metrics.live_batch("limited");
        return Err(ApiError::Quota(format!(
            "One address stores at most {} MB of live actions a day.",
            LIVE_BYTES_PER_DAY / (1024 * 1024)
        ))
        .into());
    }
    let stored_it = service
        .board
        .live_append(
            &run,
            &Stored {
                from: stored,
                upto,
                text: &text,
                at: &at,
                ended,
                shown_before,
                shown: play.shown,
                marks: &marks,
            },
            now,
            &service.live.instance,
        )
        .await?;
    if !stored_it {
        // Another batch of the run came first (sent twice at once).
        let now = service
            .board
            .live_run(&id)
            .await?
            .map_or(stored, |r| r.actions);
        service.metrics.live_batch("gap");
        return Err(LiveError::Behind(
            format!("The server has {now} actions of this run: send them from {now} on."),
            now,
        ));
    }
    service.metrics.live_batch("stored");
    service.metrics.live_actions.inc_by(added);
    if play.shown > shown_before {
        service.live.publish(
            &id,
            Note::Piece(Arc::new(Piece {
                from: shown_before,
                upto: play.shown,
                actions: released,
                end: None,
            })),
        );
    }
    let mut row = LiveRow {
        actions: upto,
        turns: at.turns,
        depth: at.depth,
        ended: i64::from(ended.is_some()),
        outcome: ended.unwrap_or("").to_string(),
        shown: play.shown,
        ..run
    };
    let mut kept_entry = serde_json::Value::Null;
    match ended {
        Some("won" | "lost") => {
            service.live.forget(&id);
            if let Some(taken) = settle(&service, &row).await {
                kept_entry = taken;
                row.shown = upto;
            }
        }
        Some(_) => {
            service.live.forget(&id);
            end_here(&service, &row);
        }
        None => {
            play.held.shrink_to_fit();
            service.live.keep(&id, upto, play);
        }
    }
    Ok(answer(&row, &at, ended, kept_entry))
}

/// Keeps live run `run`, which its replay ended (won or lost), as its player's run of the
/// day, as a post of it would be (the counted run if it is the token's first), then shows
/// its watchers the rest and its end: the kept entry (null when it was refused: a copy, a
/// day full of practice runs). Nothing is settled when the verifiers are busy or the
/// database fails: the sweep tries again.
async fn settle(service: &Service, run: &LiveRow) -> Option<serde_json::Value> {
    let actions = service.board.live_actions(&run.id).await.ok()?;
    let seed = service.board.seed(&run.day).await.ok()?;
    let days = service.days().await.ok()?;
    let day = run.day.clone();
    let checked = service
        .pool
        .run(&service.metrics, move || {
            let bytes = record_of(&day, seed, &actions)?.encode();
            Some((verify(&bytes, &days), bytes))
        })
        .await
        .ok()??;
    let (entry, kept) = match checked {
        (Ok(verified), bytes) => {
            // Its name was claimed when it went live, and live caps bound its size.
            let taken = service
                .board
                .take(&NewRun {
                    bytes: &bytes,
                    run: &verified,
                    name: &run.name,
                    token: &run.token,
                    submitted: now_micros(),
                    origin: None,
                })
                .await;
            match taken {
                Ok(t) => {
                    if t.new {
                        service.metrics.runs_kept.inc();
                    }
                    let entry = json!({ "id": t.id, "date": t.date, "score": t.score,
                                        "rank": t.rank, "practice": t.practice });
                    (entry, t.id)
                }
                Err(TakeError::Database(e)) => {
                    tracing::warn!(error = %e, run = %run.id, "cannot keep an ended live run");
                    return None;
                }
                Err(e) => {
                    tracing::info!(run = %run.id, why = %e, "an ended live run is not kept");
                    (serde_json::Value::Null, String::new())
                }
            }
        }
        (Err(why), _) => {
            tracing::info!(run = %run.id, why = %why, "an ended live run is not kept");
            (serde_json::Value::Null, String::new())
        }
    };
    if let Err(e) = service
        .board
        .live_settle(run, &kept, &service.live.instance)
        .await
    {
        tracing::warn!(error = %e, run = %run.id, "cannot settle an ended live run");
        return None;
    }
    // Its watchers here get the rest of it and its end (other copies are notified).
    let rest = service
        .board
        .live_pieces(&run.id, run.shown, run.actions, i64::MAX)
        .await
        .unwrap_or_default();
    let settled = LiveRow {
        shown: run.actions,
        settled: 1,
        kept: kept.clone(),
        ..run.clone()
    };
    publish_pieces(service, &settled, run.shown, rest);
    Some(entry)
}

/// Publishes stored pieces of `run` from action `from` on, up to what its watchers may see,
/// to this copy's watchers; the last one carries the end when the run is over for them.
fn publish_pieces(
    service: &Service,
    run: &LiveRow,
    from: i64,
    pieces: Vec<crate::live::StoredPiece>,
) {
    let ending = run.ending();
    let mut sent = false;
    let mut pieces = pieces.into_iter().peekable();
    while let Some(p) = pieces.next() {
        let (lo, hi) = (p.start.max(from), p.upto.min(run.shown));
        if hi <= lo {
            continue;
        }
        let Some(text) = piece_between(&p.actions, p.start, lo, hi) else {
            continue;
        };
        let last = pieces.peek().is_none_or(|n| n.start >= run.shown);
        let end = ending.clone().filter(|e| last && hi >= e.actions);
        sent |= end.is_some();
        service.live.publish(
            &run.id,
            Note::Piece(Arc::new(Piece {
                from: lo,
                upto: hi,
                actions: text,
                end,
            })),
        );
        if last {
            break;
        }
    }
    if !sent && ending.as_ref().is_some_and(|e| e.actions <= run.shown) {
        end_here(service, run);
    }
}

fn too_large() -> LiveError {
    LiveError::Api(ApiError::BatchTooLarge(LIVE_BATCH_BYTES / 1024))
}

/// `GET /api/live/YYYY-MM-DD`: the day's live runs in progress with real progress, the ones
/// watched from the most addresses first (one watcher an address counts), then the furthest
/// played; today's only for a player whose own run of today has ended.
pub async fn list(
    State(service): Shared,
    Path(date): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let date = date.as_str();
    if !valid_date(date) {
        return Err(ApiError::BadRequest(format!(
            "{date:?} is not a date like 2026-11-24."
        )));
    }
    gate(&service, &headers, date).await?;
    let now = now_micros();
    let since = now - i64::try_from(LIVE_IDLE.as_micros()).unwrap_or(i64::MAX);
    let runs = service
        .board
        .live_list(date, since, LIVE_LIST_TURNS, 10_000)
        .await?;
    let fresh = now - 3 * i64::try_from(LIVE_WATCHERS_EVERY.as_micros()).unwrap_or(0);
    let elsewhere = service
        .board
        .live_watchers_elsewhere(&service.live.instance, fresh)
        .await?;
    let mut out: Vec<(i64, i64, serde_json::Value)> = runs
        .into_iter()
        .map(|r| {
            let (w, a) = elsewhere.get(&r.id).copied().unwrap_or((0, 0));
            let watchers = service.live.watchers(&r.id) + w;
            let addresses = service.live.addresses(&r.id) + a;
            (
                addresses,
                r.turns,
                json!({
                    "id": r.id,
                    "name": r.name,
                    "depth": r.depth,
                    "turns": r.turns,
                    "watchers": watchers,
                    "actions": r.shown,
                    "ticket": r.ticket,
                }),
            )
        })
        .collect();
    // Watched from the most addresses first, then the furthest played (stable: the first
    // begun first among equals).
    out.sort_by_key(|(addresses, turns, _)| std::cmp::Reverse((*addresses, *turns)));
    out.truncate(usize::try_from(LIVE_LIST_SIZE).unwrap_or(100));
    let runs: Vec<serde_json::Value> = out.into_iter().map(|(_, _, v)| v).collect();
    Ok((
        [(header::CACHE_CONTROL, "no-store")],
        Json(json!({ "date": date, "runs": runs })),
    )
        .into_response())
}

#[derive(serde::Deserialize)]
pub struct EventsQuery {
    from: Option<i64>,
    ticket: Option<String>,
}

/// `GET /api/live/ID/events`: the run's actions as server-sent events, from `Last-Event-ID`
/// (a reconnect) or `?from=N` (else from the start), as far as its watchers may see; a run of
/// today needs the `ticket` today's list gives.
pub async fn events(
    State(service): Shared,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    query: Result<Query<EventsQuery>, axum::extract::rejection::QueryRejection>,
    headers: HeaderMap,
) -> Result<Response, LiveError> {
    let query = query.ok().map(|q| q.0);
    let id = live_id(&id).ok_or(ApiError::NotFound)?.to_string();
    let client = client_key(client_addr(
        peer.ip(),
        &headers,
        service.settings.trust_proxy,
    ));
    let last = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<i64>().ok());
    let ticket = query.as_ref().and_then(|q| q.ticket.clone());
    let from = last.or(query.and_then(|q| q.from)).unwrap_or(0).max(0);
    let run = service
        .board
        .live_run(&id)
        .await?
        .ok_or(ApiError::NotFound)?;
    if run.day == show(service.today()) && ticket.as_deref() != Some(run.ticket.as_str()) {
        return Err(ApiError::Gated(
            "Today's live runs can be watched once your own run of today's caves has ended: \
             the list of them (sent with your player key) gives each its ticket."
                .into(),
        )
        .into());
    }
    if from > run.shown {
        return Err(LiveError::Behind(
            format!("Watchers see {} actions of this run.", run.shown),
            run.shown,
        ));
    }
    if service.live.watchers(&id) >= service.settings.caps.live_streams_per_run as i64 {
        return Err(ApiError::Busy.into());
    }
    // Subscribed before the stream reads what is stored (its first step): nothing falls
    // between.
    let Some((rx, watcher)) = service.live.watch(
        &id,
        &client,
        LIVE_STREAMS_PER_ADDRESS,
        service.metrics.live_watchers.clone(),
    ) else {
        return Err(ApiError::Quota(format!(
            "At most {LIVE_STREAMS_PER_ADDRESS} streams of live runs from one address at once."
        ))
        .into());
    };
    // The first read's turn is taken now: a copy already reading all it may answers 503.
    if !service
        .live
        .read_turn(LIVE_READS_PER_SECOND, LIVE_READ_PATIENCE)
        .await
    {
        return Err(ApiError::Busy.into());
    }
    let watch = Watch {
        service: Arc::clone(&service),
        run: id,
        pos: from,
        rx,
        stop: service.live.stopped(),
        queue: VecDeque::new(),
        reading: Some(Reading {
            limit: None,
            waited: true,
        }),
        done: false,
        _watcher: watcher,
    };
    let stream = futures_util::stream::unfold(watch, next_event);
    Ok((
        [
            (header::CACHE_CONTROL, "no-store"),
            (header::HeaderName::from_static("x-accel-buffering"), "no"),
        ],
        Sse::new(stream).keep_alive(KeepAlive::new().interval(LIVE_KEEP_ALIVE)),
    )
        .into_response())
}

/// A stream reading stored pieces, a page at a time: how far (`limit`, the actions watchers
/// may see, and the end, read once from the run's row), and whether its turn to read was
/// taken already.
struct Reading {
    limit: Option<(i64, Option<Ending>)>,
    waited: bool,
}

/// One watcher's stream: where it is (`pos`, the actions sent), its channel, and events
/// ready to send.
struct Watch {
    service: Arc<Service>,
    run: String,
    pos: i64,
    rx: broadcast::Receiver<Note>,
    stop: watch::Receiver<bool>,
    queue: VecDeque<Event>,
    /// Reading what is stored (at the start, after a lag or a reconnect of the listener).
    reading: Option<Reading>,
    done: bool,
    _watcher: Watcher,
}

enum Heard {
    Stop,
    Note(Note),
    Missed,
    Closed,
}

async fn next_event(mut w: Watch) -> Option<(Result<Event, Infallible>, Watch)> {
    loop {
        if let Some(e) = w.queue.pop_front() {
            w.service.metrics.live_events.inc();
            return Some((Ok(e), w));
        }
        if w.done || *w.stop.borrow() {
            return None;
        }
        if w.reading.is_some() {
            // One page, sent before the next is read.
            if !w.read_page().await {
                return None;
            }
            continue;
        }
        let heard = tokio::select! {
            _ = w.stop.changed() => Heard::Stop,
            note = w.rx.recv() => match note {
                Ok(n) => Heard::Note(n),
                Err(RecvError::Lagged(_)) => Heard::Missed,
                Err(RecvError::Closed) => Heard::Closed,
            },
        };
        match heard {
            Heard::Stop | Heard::Closed => return None,
            Heard::Missed | Heard::Note(Note::Resync) => w.read_again(),
            Heard::Note(Note::Piece(p)) => {
                if p.from > w.pos {
                    // A piece missed on the way (another copy's, read late): from the rows.
                    w.read_again();
                } else {
                    w.take(&p);
                }
            }
        }
    }
}

impl Watch {
    fn read_again(&mut self) {
        if self.reading.is_none() {
            self.reading = Some(Reading {
                limit: None,
                waited: false,
            });
        }
    }

    /// Queues what `piece` holds after `pos` (it starts at or before it), and its end.
    fn take(&mut self, piece: &Piece) {
        if piece.upto > self.pos {
            if let Some(text) = piece_between(&piece.actions, piece.from, self.pos, piece.upto) {
                self.queue
                    .push_back(actions_event(self.pos, piece.upto, &text));
                self.pos = piece.upto;
            }
        }
        if let Some(end) = &piece.end {
            self.end_at(end);
        }
    }

    fn end_at(&mut self, end: &Ending) {
        if self.pos >= end.actions && !self.done {
            self.queue.push_back(end_event(end));
            self.done = true;
        }
    }

    /// Reads one page of the stored pieces after `pos` (at this copy's pace of reads) and
    /// queues them, and the end once the run is over for watchers and all is read. False
    /// when the database cannot be read (the stream ends; the watcher reconnects with its
    /// last id).
    async fn read_page(&mut self) -> bool {
        let Some(mut reading) = self.reading.take() else {
            return true;
        };
        if !reading.waited
            && !self
                .service
                .live
                .read_turn(LIVE_READS_PER_SECOND, Duration::from_secs(3600))
                .await
        {
            return false;
        }
        reading.waited = false;
        self.service.metrics.live_catchups.inc();
        let board = &self.service.board;
        let (limit, ending) = match reading.limit.clone() {
            Some(l) => l,
            None => match board.live_run(&self.run).await {
                Ok(Some(run)) => (run.shown, run.ending()),
                _ => return false,
            },
        };
        let Ok(pieces) = board
            .live_pieces(&self.run, self.pos, limit, LIVE_PAGE)
            .await
        else {
            return false;
        };
        let full = pieces.len() as i64 == LIVE_PAGE;
        for p in pieces {
            if p.start > self.pos {
                break; // cannot be: pieces follow each other with no gap
            }
            self.take(&Piece {
                from: p.start,
                upto: p.upto.min(limit),
                actions: p.actions,
                end: None,
            });
        }
        if full && self.pos < limit {
            reading.limit = Some((limit, ending));
            self.reading = Some(reading);
        } else if let Some(end) = ending {
            self.end_at(&end);
        }
        true
    }
}

fn actions_event(from: i64, upto: i64, text: &str) -> Event {
    Event::default()
        .event("actions")
        .id(upto.to_string())
        .data(json!({ "from": from, "actions": text }).to_string())
}

fn end_event(end: &Ending) -> Event {
    Event::default()
        .event("end")
        .id(end.actions.to_string())
        .data(serde_json::to_string(end).unwrap_or_default())
}

/// Listens for other copies' pieces on PostgreSQL and passes them to this copy's watchers
/// (one read of the rows per piece, for all of them); until `stop`.
pub async fn listen(service: Arc<Service>) {
    if service.board.kind != "postgres" {
        return;
    }
    let mut stop = service.live.stopped();
    loop {
        let mut listener = match sqlx::postgres::PgListener::connect(service.board.url()).await {
            Ok(l) => l,
            Err(e) => {
                tracing::warn!(error = %e, "cannot listen for live runs; trying again");
                tokio::select! {
                    _ = stop.changed() => return,
                    () = tokio::time::sleep(Duration::from_secs(2)) => continue,
                }
            }
        };
        if let Err(e) = listener.listen(CHANNEL).await {
            tracing::warn!(error = %e, "cannot listen for live runs; trying again");
            tokio::time::sleep(Duration::from_secs(2)).await;
            continue;
        }
        // Anything sent while no one listened is read from the rows.
        service.live.resync_all();
        loop {
            let heard = tokio::select! {
                _ = stop.changed() => return,
                n = listener.try_recv() => n,
            };
            match heard {
                Ok(Some(n)) => {
                    service.metrics.live_notifications.inc();
                    let Some(notice) = parse_payload(n.payload()) else {
                        continue;
                    };
                    let (instance, run, from) =
                        (notice.instance.as_str(), notice.run.as_str(), notice.from);
                    if instance == service.live.instance {
                        continue;
                    }
                    // Another copy took a batch: this copy's replay is behind.
                    service.live.forget(run);
                    if service.live.watched(run) {
                        pass_on(&service, run, from).await;
                    }
                }
                Ok(None) => {
                    // The connection was lost and made again: notes may have been missed.
                    service.live.resync_all();
                }
                Err(e) => {
                    tracing::warn!(error = %e, "live listener failed; listening again");
                    service.live.resync_all();
                    break;
                }
            }
        }
    }
}

/// Reads the pieces of `run` from action `from` on, as far as its watchers may see, and its
/// end, and passes them to this copy's watchers.
async fn pass_on(service: &Service, run: &str, from: i64) {
    let board = &service.board;
    let Ok(Some(row)) = board.live_run(run).await else {
        service.live.publish(run, Note::Resync);
        return;
    };
    let Ok(pieces) = board.live_pieces(run, from, row.shown, LIVE_PAGE).await else {
        service.live.publish(run, Note::Resync);
        return;
    };
    let complete = pieces.last().is_none_or(|p| p.upto >= row.shown);
    publish_pieces(service, &row, from, pieces);
    if !complete {
        // More than a page came at once (a long drop): the watchers read the rest.
        service.live.publish(run, Note::Resync);
    }
}

/// Every `LIVE_WATCHERS_EVERY`: writes this copy's count of watchers per run; every minute,
/// ends idle live runs, forgets old ones and keeps runs their replay ended that were not
/// kept yet. Until `stop`.
pub async fn keep_up(service: Arc<Service>) {
    let mut stop = service.live.stopped();
    let mut ticks: u64 = 0;
    loop {
        tokio::select! {
            _ = stop.changed() => return,
            () = tokio::time::sleep(LIVE_WATCHERS_EVERY) => {}
        }
        ticks += 1;
        let now = now_micros();
        let counts = service.live.counts_to_write();
        if !counts.is_empty() {
            if let Err(e) = service
                .board
                .live_watchers_write(&service.live.instance, &counts, now)
                .await
            {
                tracing::warn!(error = %e, "cannot write the count of live watchers");
            }
        }
        if ticks.is_multiple_of(30) {
            let idle = now - i64::try_from(LIVE_IDLE.as_micros()).unwrap_or(i64::MAX);
            // Kept two days: runs of yesterday are taken until today ends, and a live run's
            // claim must last as long.
            let old = now - 48 * 3600 * 1_000_000;
            match service
                .board
                .live_sweep(idle, old, now, &service.live.instance)
                .await
            {
                Ok(ended) => {
                    for run in ended {
                        end_here(&service, &run);
                    }
                }
                Err(e) => tracing::warn!(error = %e, "cannot sweep idle live runs"),
            }
            match service.board.live_unsettled(now - 30_000_000).await {
                Ok(runs) => {
                    for run in runs {
                        settle(&service, &run).await;
                    }
                }
                Err(e) => tracing::warn!(error = %e, "cannot read live runs to keep"),
            }
        }
    }
}
