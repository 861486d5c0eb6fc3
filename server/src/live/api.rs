//! The live runs' HTTP interface (a contract; `docs/board.md` has it whole):
//!
//! - `POST /api/live?name=NAME`, header `X-Caves-Token`: opens a live run of today's daily
//!   caves; `201 {"id","date","seed"}`;
//! - `POST /api/live/ID/actions`, `application/json` `{"from": N, "actions": "<base64url of
//!   the record's action bytes>", "end": false}`: `200 {"id","actions","turns","depth",
//!   "ended","outcome","watchers","shown","kept"}`; a gap is `409 {"error","actions"}`;
//! - `GET /api/live/YYYY-MM-DD`: `{"date","runs":[{"id","name","depth","turns","watchers",
//!   "actions","ticket"}]}`;
//! - `GET /api/live/ID/events?ticket=T`: server-sent events (`stream`).
//!
//! Today's list and streams answer only a player whose own run of today has ended (`gate`).

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::{to_bytes, Body};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use crate::board::now_micros;
use crate::clients::{client_addr, client_key, token, token_hash};
use crate::dates::{show, valid_date};
use crate::error::ApiError;
use crate::gate::gate;
use crate::limits::{
    BODY_TIMEOUT, LIVE_BATCH_BYTES, LIVE_BYTES_PER_DAY, LIVE_IDLE, LIVE_LIST_SIZE, LIVE_LIST_TURNS,
    LIVE_MAX_ACTIONS, LIVE_WATCHERS_EVERY,
};
use crate::live::hub::{Note, Piece};
use crate::live::play::{standing, start_of, Play, Standing};
use crate::live::store::{LiveRow, Opened, Stored};
use crate::live::tasks::{end_here, settle};
use crate::names::{clean_name, name_key};
use crate::service::Service;
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

pub(crate) fn live_id(text: &str) -> Option<&str> {
    (text.len() == 32 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
        .then_some(text)
}

/// A random id: 32 hex digits (a version 4 UUID's).
pub fn random_id() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

#[derive(serde::Deserialize)]
pub struct NameQuery {
    name: Option<String>,
}

/// Counts a request of `client` against a per-minute limit kept in the database under
/// `kind`; the name's owner comes with it.
pub(crate) async fn count(
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

pub(crate) fn too_large() -> LiveError {
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
