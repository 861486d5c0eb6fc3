//! `GET /api/live/ID/events?ticket=T`: a live run's actions as server-sent events,
//! `actions` (id: the count of actions after it) and `end`, as far as its watchers may see.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::{broadcast, watch};

use crate::clients::Client;
use crate::dates::show;
use crate::error::ApiError;
use crate::limits::{
    LIVE_KEEP_ALIVE, LIVE_READS_PER_SECOND, LIVE_READ_PATIENCE, LIVE_STREAMS_PER_ADDRESS,
};
use crate::live::api::{live_id, LiveError};
use crate::live::hub::{piece_between, Ending, Note, Piece, Watcher};
use crate::live::store::{LiveRow, LIVE_PAGE};
use crate::service::Service;

type Shared = State<Arc<Service>>;

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
    Client { key: client, .. }: Client,
    Path(id): Path<String>,
    query: Result<Query<EventsQuery>, QueryRejection>,
    headers: HeaderMap,
) -> Result<Response, LiveError> {
    let query = query.ok().map(|q| q.0);
    let id = live_id(&id).ok_or(ApiError::NotFound)?.to_string();
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
    may_watch(&service, &run, ticket.as_deref(), from)?;
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

/// Whether a stream of `run` from action `from` may open: a run of today only with its
/// ticket (403), never past what its watchers may see (409), and within the streams one run
/// may have open on this copy (503).
fn may_watch(
    service: &Service,
    run: &LiveRow,
    ticket: Option<&str>,
    from: i64,
) -> Result<(), LiveError> {
    if run.day == show(service.today()) && ticket != Some(run.ticket.as_str()) {
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
    if service.live.watchers(&run.id) >= service.settings.caps.live_streams_per_run as i64 {
        return Err(ApiError::Busy.into());
    }
    Ok(())
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

/// An `actions` event's data: the actions after the first `from`, base64url.
#[derive(serde::Serialize)]
struct Actions<'a> {
    from: i64,
    actions: &'a str,
}

fn actions_event(from: i64, upto: i64, text: &str) -> Event {
    let data = Actions {
        from,
        actions: text,
    };
    Event::default()
        .event("actions")
        .id(upto.to_string())
        .data(serde_json::to_string(&data).unwrap_or_default())
}

fn end_event(end: &Ending) -> Event {
    Event::default()
        .event("end")
        .id(end.actions.to_string())
        .data(serde_json::to_string(end).unwrap_or_default())
}
