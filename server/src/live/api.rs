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

use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use caves_rules::record::actions::{encode_actions, parse_actions};
use caves_rules::record::base64;
use caves_rules::Action;

use crate::board::{now_micros, Taken};
use crate::bodies::Batch;
use crate::clients::{name_of, Client, NameQuery, PlayerKey};
use crate::dates::{show, DayPath};
use crate::error::ApiError;
use crate::gate::gate;
use crate::limits::{
    LIVE_BYTES_PER_DAY, LIVE_IDLE, LIVE_LIST_SIZE, LIVE_LIST_TURNS, LIVE_MAX_ACTIONS,
    LIVE_WATCHERS_EVERY,
};
use crate::live::hub::{random_id, Note, Piece};
use crate::live::play::{standing, start_of, Play, Standing};
use crate::live::store::{LiveRow, Opened, Stored};
use crate::live::tasks::{end_here, settle};
use crate::names::name_key;
use crate::service::Service;

type Shared = State<Arc<Service>>;

/// Marks a replay reached: (turn, the play fingerprint there).
type Marks = Vec<(u32, String)>;

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

/// A live refusal's body: its words, and for a gap the count of actions the server has.
#[derive(serde::Serialize)]
struct Refused {
    error: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    actions: Option<i64>,
}

impl IntoResponse for LiveError {
    fn into_response(self) -> Response {
        let (status, error, actions) = match self {
            LiveError::Api(e) => return e.into_response(),
            LiveError::Behind(why, actions) => (StatusCode::CONFLICT, why, Some(actions)),
            LiveError::NotYours => (
                StatusCode::FORBIDDEN,
                "This live run is another player's.".to_string(),
                None,
            ),
            LiveError::Unfit(why) => (StatusCode::UNPROCESSABLE_ENTITY, why, None),
        };
        (status, Json(Refused { error, actions })).into_response()
    }
}

/// A live run's id of a path: 32 lowercase hex digits.
pub(crate) fn live_id(text: &str) -> Option<&str> {
    (text.len() == 32 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
        .then_some(text)
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

/// `POST /api/live`'s answer.
#[derive(serde::Serialize)]
struct Begun {
    id: String,
    date: String,
    /// In decimal, as `GET /api/daily/today` gives it.
    seed: String,
}

/// `POST /api/live?name=NAME`: opens a live run of today's daily caves for the token, which
/// claims the name as a kept run does.
pub async fn open(
    State(service): Shared,
    client: Client,
    key: PlayerKey,
    query: Result<Query<NameQuery>, QueryRejection>,
) -> Result<Response, LiveError> {
    let name = name_of(query)?;
    service.board.can_write().map_err(ApiError::Database)?;
    let owner = count(
        &service,
        "live-open",
        &client.key,
        service.per_minute(),
        &name_key(&name),
    )
    .await?;
    let token = key.required()?;
    if owner.is_some_and(|o| o != token) {
        return Err(ApiError::NameTaken.into());
    }
    let date = show(service.today());
    let seed = service.board.seed(&date).await?;
    let (id, ticket) = (random_id(), random_id());
    let caps = &service.settings.caps;
    let opened = service
        .board
        .live_open(
            &id,
            &date,
            &name,
            &token,
            &client.key,
            &ticket,
            caps.live_runs_per_hour,
            service.names_per_day,
            now_micros(),
            &service.live.instance,
        )
        .await?;
    let ended = match opened {
        Opened::Open(ended) => ended,
        Opened::NameTaken => return Err(ApiError::NameTaken.into()),
        Opened::TooManyNames => return Err(ApiError::TooManyNames(service.names_per_day).into()),
        Opened::TooMany => {
            return Err(ApiError::Quota(format!(
                "At most {} live runs an hour from one address.",
                caps.live_runs_per_hour
            ))
            .into())
        }
    };
    for run in ended {
        end_here(&service, &run);
    }
    service.metrics.live_opened.inc();
    let seed = seed.to_string();
    Ok((StatusCode::CREATED, Json(Begun { id, date, seed })).into_response())
}

/// A run kept from its live run, in a batch's answer: the board's entry when this batch kept
/// it, its id when it was kept before.
#[derive(serde::Serialize)]
#[serde(untagged)]
pub(crate) enum KeptRun {
    Entry(Taken),
    Id { id: String },
}

/// `POST /api/live/ID/actions`'s answer: where the run stands after the batch.
#[derive(serde::Serialize)]
struct Took {
    id: String,
    actions: i64,
    turns: i64,
    depth: i64,
    ended: bool,
    outcome: Option<String>,
    watchers: i64,
    shown: i64,
    kept: Option<KeptRun>,
}

impl Took {
    fn of(
        run: &LiveRow,
        at: &Standing,
        ended: Option<&str>,
        watchers: i64,
        kept: Option<KeptRun>,
    ) -> Response {
        Json(Took {
            id: run.id.clone(),
            actions: run.actions,
            turns: at.turns,
            depth: at.depth,
            ended: ended.is_some(),
            outcome: ended.map(str::to_string),
            watchers,
            shown: run.shown,
            kept,
        })
        .into_response()
    }
}

/// `POST /api/live/ID/actions`: a batch of a live run's actions. Its steps, in the order its
/// refusals come: the content type, the run's id, the player's key, the address's count of
/// batches, the body; then what of it is new, the caps, the replay, the store.
pub async fn actions(
    State(service): Shared,
    client: Client,
    key: PlayerKey,
    Path(id): Path<String>,
    batch: Result<Batch, ApiError>,
) -> Result<Response, LiveError> {
    let batch = match batch {
        Err(ApiError::JsonOnly) => return Err(ApiError::JsonOnly.into()),
        other => other,
    };
    let id = live_id(&id).ok_or(ApiError::NotFound)?.to_string();
    let token = key.required()?;
    count(&service, "live", &client.key, service.live_per_minute(), "").await?;
    let batch = batch?;
    let sent = batch_actions(&batch)?;
    let run = service
        .board
        .live_run(&id)
        .await?
        .ok_or(ApiError::NotFound)?;
    if run.token != token {
        return Err(LiveError::NotYours);
    }
    let watchers = watchers_of(&service, &id).await?;
    let new = match news(&service, &run, &batch, &sent, watchers)? {
        News::Answer(answer) => return Ok(answer),
        News::Actions(new) => new,
    };
    let now = now_micros();
    within_caps(&service, &run, new.len(), now)?;
    let (play, marks, shown_before, released) = replay(&service, &run, new.clone()).await?;
    let at = standing(&play.state);
    let ended = at.outcome.or(batch.end.then_some("abandoned"));
    let upto = run.actions + new.len() as i64;
    let text = base64::encode(&encode_actions(&new));
    let stored = Stored {
        from: run.actions,
        upto,
        text: &text,
        at: &at,
        ended,
        shown_before,
        shown: play.shown,
        marks: &marks,
    };
    store(&service, &client, &run, &stored, now).await?;
    service.metrics.live_batch("stored");
    service.metrics.live_actions.inc_by(new.len() as u64);
    if play.shown > shown_before {
        let piece = Piece {
            from: shown_before,
            upto: play.shown,
            actions: released,
            end: None,
        };
        service.live.publish(&id, Note::Piece(Arc::new(piece)));
    }
    let row = LiveRow {
        actions: upto,
        turns: at.turns,
        depth: at.depth,
        ended: i64::from(ended.is_some()),
        outcome: ended.unwrap_or("").to_string(),
        shown: play.shown,
        ..run
    };
    let (row, kept) = after_batch(&service, row, play, ended).await;
    Ok(Took::of(&row, &at, ended, watchers, kept))
}

/// After a batch is stored: a run its replay ended is kept as its player's run (its entry,
/// and all of it shown), one given up is over for its watchers here, and one that goes on
/// keeps its replay in this copy for the next batch.
async fn after_batch(
    service: &Service,
    mut row: LiveRow,
    mut play: Play,
    ended: Option<&str>,
) -> (LiveRow, Option<KeptRun>) {
    let mut kept = None;
    match ended {
        Some("won" | "lost") => {
            service.live.forget(&row.id);
            if let Some(taken) = settle(service, &row).await {
                kept = taken.map(KeptRun::Entry);
                row.shown = row.actions;
            }
        }
        Some(_) => {
            service.live.forget(&row.id);
            end_here(service, &row);
        }
        None => {
            play.held.shrink_to_fit();
            service.live.keep(&row.id, row.actions, play);
        }
    }
    (row, kept)
}

/// The actions a batch sends, decoded; 400 in words when they are not action codes or
/// `from` is below 0.
fn batch_actions(batch: &Batch) -> Result<Vec<Action>, ApiError> {
    let sent = base64::decode(&batch.actions)
        .and_then(|b| parse_actions(&b))
        .ok_or_else(|| {
            ApiError::BadRequest(
                "The actions are not the record's action codes in base64url.".into(),
            )
        })?;
    if batch.from < 0 {
        return Err(ApiError::BadRequest(
            "\"from\" counts actions from 0.".into(),
        ));
    }
    Ok(sent)
}

/// Who watches run `id`, for its player to see: this copy's streams, and the others' as
/// written.
async fn watchers_of(service: &Service, id: &str) -> Result<i64, sqlx::Error> {
    let fresh = now_micros() - 3 * i64::try_from(LIVE_WATCHERS_EVERY.as_micros()).unwrap_or(0);
    let elsewhere = service
        .board
        .live_watchers_of(id, &service.live.instance, fresh)
        .await?;
    Ok(service.live.watchers(id) + elsewhere)
}

/// What a batch brings: the actions new to the server, or the answer when there are none
/// (the same batch again).
enum News {
    Actions(Vec<Action>),
    Answer(Response),
}

/// The actions of `batch` after those stored of `run`: a gap (actions missing before them)
/// or actions after the run's end are 409.
fn news(
    service: &Service,
    run: &LiveRow,
    batch: &Batch,
    sent: &[Action],
    watchers: i64,
) -> Result<News, LiveError> {
    let stored = run.actions;
    if batch.from > stored {
        service.metrics.live_batch("gap");
        return Err(behind(stored));
    }
    let skip = usize::try_from(stored - batch.from).unwrap_or(usize::MAX);
    let new = sent.get(skip..).unwrap_or(&[]).to_vec();
    let as_stored = Standing {
        turns: run.turns,
        depth: run.depth,
        outcome: None,
    };
    if run.ended != 0 {
        if new.is_empty() {
            service.metrics.live_batch("same");
            let kept = (!run.kept.is_empty()).then(|| KeptRun::Id {
                id: run.kept.clone(),
            });
            let answer = Took::of(run, &as_stored, Some(&run.outcome), watchers, kept);
            return Ok(News::Answer(answer));
        }
        service.metrics.live_batch("ended");
        return Err(LiveError::Behind(
            format!("This live run has ended after {stored} actions."),
            stored,
        ));
    }
    if new.is_empty() && !batch.end {
        service.metrics.live_batch("same");
        return Ok(News::Answer(Took::of(
            run, &as_stored, None, watchers, None,
        )));
    }
    Ok(News::Actions(new))
}

/// 409: the server has `stored` actions of the run, and the batch must go on from there.
fn behind(stored: i64) -> LiveError {
    LiveError::Behind(
        format!("The server has {stored} actions of this run: send them from {stored} on."),
        stored,
    )
}

/// The caps of one run: the actions it may hold (422 above) and its batches a minute (429).
fn within_caps(service: &Service, run: &LiveRow, new: usize, now: i64) -> Result<(), LiveError> {
    if run.actions + new as i64 > LIVE_MAX_ACTIONS {
        service.metrics.live_batch("unfit");
        return Err(LiveError::Unfit(format!(
            "A live run holds at most {LIVE_MAX_ACTIONS} actions."
        )));
    }
    let per_run = service.settings.caps.live_batches_per_run;
    if run.minute == now / 60_000_000 && run.batches >= per_run {
        service.metrics.live_batch("limited");
        return Err(ApiError::Quota(format!(
            "At most {per_run} batches of one live run a minute."
        ))
        .into());
    }
    Ok(())
}

/// The run's replay after its stored actions and `new` (on the verifier pool): the play
/// (kept by this copy, else replayed from the stored actions), the marks `new` reached, the
/// actions watchers saw before, and the ones it shows them now (base64url). 422 when an
/// action comes after the run's end.
async fn replay(
    service: &Service,
    run: &LiveRow,
    new: Vec<Action>,
) -> Result<(Play, Marks, i64, String), LiveError> {
    let stored = run.actions;
    let kept = service.live.take_state(&run.id, stored);
    let earlier = if kept.is_none() {
        Some(service.board.live_actions(&run.id).await?)
    } else {
        None
    };
    let seed = service.board.seed(&run.day).await?;
    let day = run.day.clone();
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
    replayed.map_err(|why| {
        service.metrics.live_batch("unfit");
        LiveError::Unfit(why)
    })
}

/// Stores a replayed batch: counted first against what the address stores today (every copy
/// shares the count; 429 above `LIVE_BYTES_PER_DAY`), then appended to the run (409 when
/// another batch of it came first).
async fn store(
    service: &Service,
    client: &Client,
    run: &LiveRow,
    stored: &Stored<'_>,
    now: i64,
) -> Result<(), LiveError> {
    let day_stored = service
        .board
        .add_quota(&client.key, &run.day, "live", stored.text.len() as i64)
        .await?;
    if day_stored > LIVE_BYTES_PER_DAY {
        service.metrics.live_batch("limited");
        return Err(ApiError::Quota(format!(
            "One address stores at most {} MB of live actions a day.",
            LIVE_BYTES_PER_DAY / (1024 * 1024)
        ))
        .into());
    }
    let appended = service
        .board
        .live_append(run, stored, now, &service.live.instance)
        .await?;
    if !appended {
        // Another batch of the run came first (sent twice at once).
        let now = service
            .board
            .live_run(&run.id)
            .await?
            .map_or(run.actions, |r| r.actions);
        service.metrics.live_batch("gap");
        return Err(behind(now));
    }
    Ok(())
}

/// One live run of a day's list.
#[derive(serde::Serialize)]
struct Listed {
    id: String,
    name: String,
    depth: i64,
    turns: i64,
    watchers: i64,
    /// The actions its watchers may see.
    actions: i64,
    ticket: String,
}

/// `GET /api/live/YYYY-MM-DD`'s answer.
#[derive(serde::Serialize)]
struct DayLive {
    date: String,
    runs: Vec<Listed>,
}

/// `GET /api/live/YYYY-MM-DD`: the day's live runs in progress with real progress, the ones
/// watched from the most addresses first (one watcher an address counts), then the furthest
/// played; today's only for a player whose own run of today has ended.
pub async fn list(
    State(service): Shared,
    DayPath(date): DayPath,
    key: PlayerKey,
) -> Result<Response, ApiError> {
    gate(&service, &key, &date).await?;
    let now = now_micros();
    let since = now - i64::try_from(LIVE_IDLE.as_micros()).unwrap_or(i64::MAX);
    let runs = service
        .board
        .live_list(&date, since, LIVE_LIST_TURNS, 10_000)
        .await?;
    let fresh = now - 3 * i64::try_from(LIVE_WATCHERS_EVERY.as_micros()).unwrap_or(0);
    let elsewhere = service
        .board
        .live_watchers_elsewhere(&service.live.instance, fresh)
        .await?;
    let mut out: Vec<(i64, Listed)> = runs
        .into_iter()
        .map(|r| {
            let (w, a) = elsewhere.get(&r.id).copied().unwrap_or((0, 0));
            let addresses = service.live.addresses(&r.id) + a;
            let listed = Listed {
                watchers: service.live.watchers(&r.id) + w,
                actions: r.shown,
                id: r.id,
                name: r.name,
                depth: r.depth,
                turns: r.turns,
                ticket: r.ticket,
            };
            (addresses, listed)
        })
        .collect();
    // Watched from the most addresses first, then the furthest played (stable: the first
    // begun first among equals).
    out.sort_by_key(|(addresses, listed)| std::cmp::Reverse((*addresses, listed.turns)));
    out.truncate(usize::try_from(LIVE_LIST_SIZE).unwrap_or(100));
    let runs = out.into_iter().map(|(_, listed)| listed).collect();
    Ok((
        [(header::CACHE_CONTROL, "no-store")],
        Json(DayLive { date, runs }),
    )
        .into_response())
}
