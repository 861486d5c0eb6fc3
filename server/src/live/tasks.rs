//! The tasks behind the live runs: the PostgreSQL listener of other copies' pieces, the sweep
//! of idle runs and of ended runs not yet kept, the writing of each copy's count of
//! watchers, and the keeping of a run its replay ended.

use std::sync::Arc;
use std::time::Duration;

use crate::board::{now_micros, NewRun, TakeError, Taken};
use crate::limits::{LIVE_IDLE, LIVE_WATCHERS_EVERY};
use crate::live::hub::{piece_between, Note, Piece, CHANNEL};
use crate::live::play::record_of;
use crate::live::store::{parse_payload, LiveRow, StoredPiece, LIVE_PAGE};
use crate::service::Service;
use crate::verify::verify;

/// Tells this copy's watchers of `run` that it is over for them, as stored.
pub(crate) fn end_here(service: &Service, run: &LiveRow) {
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

/// Keeps live run `run`, which its replay ended (won or lost), as its player's run of the
/// day, as a post of it would be (the counted run if it is the token's first), then shows
/// its watchers the rest and its end: the kept entry (`None` when it was refused: a copy, a
/// day full of practice runs). Nothing is settled when the verifiers are busy or the
/// database fails: the sweep tries again.
pub(crate) async fn settle(service: &Service, run: &LiveRow) -> Option<Option<Taken>> {
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
                    let id = t.id.clone();
                    (Some(t), id)
                }
                Err(TakeError::Database(e)) => {
                    tracing::warn!(error = %e, run = %run.id, "cannot keep an ended live run");
                    return None;
                }
                Err(e) => {
                    tracing::info!(run = %run.id, why = %e, "an ended live run is not kept");
                    (None, String::new())
                }
            }
        }
        (Err(why), _) => {
            tracing::info!(run = %run.id, why = %why, "an ended live run is not kept");
            (None, String::new())
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
pub(crate) fn publish_pieces(
    service: &Service,
    run: &LiveRow,
    from: i64,
    pieces: Vec<StoredPiece>,
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
