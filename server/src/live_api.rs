//! The live runs' HTTP interface (a contract; `docs/board.md` has it whole):
//!
//! - `POST /api/live?name=NAME`, header `X-Caves-Token`: opens a live run of today's daily
//!   caves; `201 {"id","date","seed"}`;
//! - `POST /api/live/ID/actions`, `application/json` `{"from": N, "actions": "<base64url of
//!   the record's action bytes>", "end": false}`: `200 {"id","actions","turns","depth",
//!   "ended","outcome","watchers"}`; a gap is `409 {"error","actions"}`;
//! - `GET /api/live/YYYY-MM-DD`: `{"date","runs":[{"id","name","depth","turns","watchers",
//!   "actions"}]}`;
//! - `GET /api/live/ID/events`: server-sent events, `actions` (id: the count of actions
//!   after it) and `end`.
//!
//! And the tasks behind them: the PostgreSQL listener, the sweep of idle runs, and the
//! writing of each copy's count of watchers.

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

use crate::board::now_micros;
use crate::clients::{client_addr, client_key, token, token_hash};
use crate::dates::{show, valid_date};
use crate::error::ApiError;
use crate::limits::{
    BODY_TIMEOUT, LIVE_BATCH_BYTES, LIVE_IDLE, LIVE_KEEP_ALIVE, LIVE_LIST_SIZE, LIVE_MAX_ACTIONS,
    LIVE_WATCHERS_EVERY,
};
use crate::live::{
    parse_payload, piece_from, play, standing, start_of, Ending, LiveRow, Note, Piece, Standing,
    Watcher, CHANNEL,
};
use crate::names::{clean_name, name_key};
use crate::service::Service;
use caves_rules::record::actions::{encode_actions, parse_actions};

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

/// `POST /api/live?name=NAME`: opens a live run of today's daily caves for the token.
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
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|e| ApiError::Database(sqlx::Error::Protocol(format!("no randomness: {e}"))))?;
    let id: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let live = &service.live;
    let ended = service
        .board
        .live_open(&id, &date, &name, &token, now_micros(), &live.instance)
        .await?;
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

/// Tells this copy's watchers of `run` that it ended as stored.
fn end_here(service: &Service, run: &LiveRow) {
    service.live.forget(&run.id);
    if let Some(end) = run.ending() {
        service.live.publish(
            &run.id,
            Note::Piece(Arc::new(Piece {
                from: run.actions,
                upto: run.actions,
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
    let sent = caves_rules::record::base64::decode(&batch.actions)
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
    let answer = |run: &LiveRow, at: &Standing, ended: Option<&str>| {
        Json(json!({
            "id": run.id,
            "actions": run.actions,
            "turns": at.turns,
            "depth": at.depth,
            "ended": ended.is_some(),
            "outcome": ended,
            "watchers": watchers,
        }))
        .into_response()
    };
    if run.ended != 0 {
        if new.is_empty() {
            service.metrics.live_batch("same");
            let at = Standing {
                turns: run.turns,
                depth: run.depth,
                outcome: None,
            };
            return Ok(answer(&run, &at, Some(&run.outcome)));
        }
        service.metrics.live_batch("ended");
        return Err(LiveError::Behind(
            format!("This live run has ended after {stored} actions."),
            stored,
        ));
    }
    if new.is_empty() && !batch.end {
        service.metrics.live_batch("same");
        let at = Standing {
            turns: run.turns,
            depth: run.depth,
            outcome: None,
        };
        return Ok(answer(&run, &at, None));
    }
    let upto = stored + new.len() as i64;
    if upto > LIVE_MAX_ACTIONS {
        service.metrics.live_batch("unfit");
        return Err(LiveError::Unfit(format!(
            "A live run holds at most {LIVE_MAX_ACTIONS} actions."
        )));
    }
    // The run's replay after the stored actions: kept by this copy, else replayed from them.
    let kept = service.live.take_state(&id, stored);
    let earlier = if kept.is_none() {
        let pieces = service.board.live_pieces(&id, -1).await?;
        let mut actions = Vec::with_capacity(usize::try_from(stored).unwrap_or(0));
        for p in pieces {
            let more = caves_rules::record::base64::decode(&p.actions)
                .and_then(|b| parse_actions(&b))
                .ok_or_else(|| {
                    ApiError::Database(sqlx::Error::Protocol(
                        "a stored live piece does not parse".into(),
                    ))
                })?;
            actions.extend(more);
        }
        Some(actions)
    } else {
        None
    };
    let seed = service.board.seed(&run.day).await?;
    let day = run.day.clone();
    let text = caves_rules::record::base64::encode(&encode_actions(&new));
    let added = new.len() as u64;
    let replayed = service
        .pool
        .run(&service.metrics, move || {
            let mut state = match kept {
                Some(s) => s,
                None => {
                    let mut s = start_of(&day, seed)?;
                    play(&mut s, &earlier.unwrap_or_default())
                        .map_err(|_| "the stored actions do not replay".to_string())?;
                    s
                }
            };
            match play(&mut state, &new) {
                Ok(()) => Ok(state),
                Err(i) => Err(format!(
                    "Action {} of this run comes after its end.",
                    stored + i as i64 + 1
                )),
            }
        })
        .await
        .map_err(|_| ApiError::Busy)?;
    let state = replayed.map_err(|why| {
        service.metrics.live_batch("unfit");
        LiveError::Unfit(why)
    })?;
    let at = standing(&state);
    let ended = at.outcome.or(batch.end.then_some("abandoned"));
    let stored_it = service
        .board
        .live_append(
            &id,
            stored,
            upto,
            &text,
            &at,
            ended,
            now_micros(),
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
    let end = ended.map(|outcome| Ending {
        actions: upto,
        outcome: outcome.to_string(),
        turns: at.turns,
        depth: at.depth,
    });
    if end.is_some() {
        service.live.forget(&id);
    } else {
        service.live.keep(&id, upto, state);
    }
    service.live.publish(
        &id,
        Note::Piece(Arc::new(Piece {
            from: stored,
            upto,
            actions: text,
            end,
        })),
    );
    let row = LiveRow {
        actions: upto,
        ..run
    };
    Ok(answer(&row, &at, ended))
}

fn too_large() -> LiveError {
    LiveError::Api(ApiError::BatchTooLarge(LIVE_BATCH_BYTES / 1024))
}

/// `GET /api/live/YYYY-MM-DD`: the day's live runs in progress.
pub async fn list(State(service): Shared, Path(date): Path<String>) -> Result<Response, ApiError> {
    let date = date.as_str();
    if !valid_date(date) {
        return Err(ApiError::BadRequest(format!(
            "{date:?} is not a date like 2026-11-24."
        )));
    }
    let now = now_micros();
    let since = now - i64::try_from(LIVE_IDLE.as_micros()).unwrap_or(i64::MAX);
    let runs = service.board.live_list(date, since, 10_000).await?;
    let fresh = now - 3 * i64::try_from(LIVE_WATCHERS_EVERY.as_micros()).unwrap_or(0);
    let elsewhere = service
        .board
        .live_watchers_elsewhere(&service.live.instance, fresh)
        .await?;
    let mut out: Vec<serde_json::Value> = runs
        .into_iter()
        .map(|r| {
            let watchers =
                service.live.watchers(&r.id) + elsewhere.get(&r.id).copied().unwrap_or(0);
            json!({
                "id": r.id,
                "name": r.name,
                "depth": r.depth,
                "turns": r.turns,
                "watchers": watchers,
                "actions": r.actions,
            })
        })
        .collect();
    // The most watched first, then the first begun (the order they came in).
    out.sort_by_key(|v| std::cmp::Reverse(v["watchers"].as_i64().unwrap_or(0)));
    out.truncate(usize::try_from(LIVE_LIST_SIZE).unwrap_or(100));
    Ok((
        [(header::CACHE_CONTROL, "no-store")],
        Json(json!({ "date": date, "runs": out })),
    )
        .into_response())
}

#[derive(serde::Deserialize)]
pub struct FromQuery {
    from: Option<i64>,
}

/// `GET /api/live/ID/events`: the run's actions as server-sent events, from `Last-Event-ID`
/// (a reconnect) or `?from=N` (else from the start).
pub async fn events(
    State(service): Shared,
    Path(id): Path<String>,
    query: Result<Query<FromQuery>, axum::extract::rejection::QueryRejection>,
    headers: HeaderMap,
) -> Result<Response, LiveError> {
    let query = query.ok().map(|q| q.0);
    let id = live_id(&id).ok_or(ApiError::NotFound)?.to_string();
    let last = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<i64>().ok());
    let from = last.or(query.and_then(|q| q.from)).unwrap_or(0).max(0);
    let run = service
        .board
        .live_run(&id)
        .await?
        .ok_or(ApiError::NotFound)?;
    if from > run.actions {
        return Err(LiveError::Behind(
            format!("The run has {} actions.", run.actions),
            run.actions,
        ));
    }
    if service.live.watchers(&id) >= service.settings.live_streams_per_run as i64 {
        return Err(ApiError::Busy.into());
    }
    // Subscribed before the stream reads what is stored (its first step): nothing falls
    // between.
    let (rx, watcher) = service
        .live
        .watch(&id, service.metrics.live_watchers.clone());
    let watch = Watch {
        service: Arc::clone(&service),
        run: id,
        pos: from,
        rx,
        stop: service.live.stopped(),
        queue: VecDeque::new(),
        fresh: true,
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

/// One watcher's stream: where it is (`pos`, the actions sent), its channel, and events
/// ready to send.
struct Watch {
    service: Arc<Service>,
    run: String,
    pos: i64,
    rx: broadcast::Receiver<Note>,
    stop: watch::Receiver<bool>,
    queue: VecDeque<Event>,
    /// Not caught up with the stored actions yet.
    fresh: bool,
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
        if w.fresh {
            w.fresh = false;
            if !w.catch_up().await {
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
            Heard::Missed | Heard::Note(Note::Resync) => {
                if !w.catch_up().await {
                    return None;
                }
            }
            Heard::Note(Note::Piece(p)) => {
                if p.from > w.pos {
                    // A piece missed on the way (another copy's, read late): from the rows.
                    if !w.catch_up().await {
                        return None;
                    }
                } else {
                    w.take(&p);
                }
            }
        }
    }
}

impl Watch {
    /// Queues what `piece` holds after `pos` (it starts at or before it), and its end.
    fn take(&mut self, piece: &Piece) {
        if piece.upto > self.pos {
            if let Some(text) = piece_from(&piece.actions, piece.from, self.pos) {
                self.queue
                    .push_back(actions_event(self.pos, piece.upto, &text));
                self.pos = piece.upto;
            }
        }
        if let Some(end) = &piece.end {
            if self.pos >= end.actions {
                self.queue.push_back(end_event(end));
                self.done = true;
            }
        }
    }

    /// Queues every stored action after `pos`, and the end if the run ended. False when the
    /// database cannot be read (the stream ends; the watcher reconnects with its last id).
    async fn catch_up(&mut self) -> bool {
        self.service.metrics.live_catchups.inc();
        let board = &self.service.board;
        let (Ok(Some(run)), Ok(pieces)) = (
            board.live_run(&self.run).await,
            board.live_pieces(&self.run, self.pos).await,
        ) else {
            return false;
        };
        for p in pieces {
            if p.start > self.pos {
                break; // stored after the run row was read: the next note brings it
            }
            self.take(&Piece {
                from: p.start,
                upto: p.upto,
                actions: p.actions,
                end: None,
            });
        }
        if let Some(end) = run.ending() {
            if self.pos >= end.actions {
                self.queue.push_back(end_event(&end));
                self.done = true;
            }
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
                    let Some((instance, run, from)) = parse_payload(n.payload()) else {
                        continue;
                    };
                    if instance == service.live.instance || !service.live.watched(run) {
                        continue;
                    }
                    pass_on(&service, run, from).await;
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

/// Reads the pieces of `run` from action `from` on and its end, and passes them to this
/// copy's watchers.
async fn pass_on(service: &Service, run: &str, from: i64) {
    let board = &service.board;
    let (Ok(Some(row)), Ok(pieces)) = (
        board.live_run(run).await,
        board.live_pieces(run, from).await,
    ) else {
        service.live.publish(run, Note::Resync);
        return;
    };
    service.live.forget(run); // another copy took a batch: this copy's replay is behind
    let mut pieces = pieces.into_iter().peekable();
    while let Some(p) = pieces.next() {
        let last = pieces.peek().is_none();
        let end = if last && p.upto >= row.actions {
            row.ending()
        } else {
            None
        };
        service.live.publish(
            run,
            Note::Piece(Arc::new(Piece {
                from: p.start,
                upto: p.upto,
                actions: p.actions,
                end,
            })),
        );
    }
    if let Some(end) = row.ending() {
        if end.actions <= from {
            end_here(service, &row);
        }
    }
}

/// Every `LIVE_WATCHERS_EVERY`: writes this copy's count of watchers per run; every minute,
/// ends idle live runs and forgets old ones. Until `stop`.
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
            let old = now - 24 * 3600 * 1_000_000;
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
        }
    }
}
