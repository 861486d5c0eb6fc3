//! The fallen and live runs against the real server (its router over `net::serve` on a
//! loopback port, a real SQLite file) through HTTP: where the day's lost runs ended, as their
//! replays say; batches of live actions (an overlap taken once, a gap refused with the count
//! the server has); a stream that reconnects with `Last-Event-ID` gets every action once, in
//! order, and the `end`; a stop ends open streams at once. A live run is its player's: its
//! end kept as their run, its watchers held 20 turns behind, a post of its game by another
//! token refused, and today's list, streams and fallen only for players whose run has ended.

use std::net::SocketAddr;
use std::time::Duration;

use axum::body::Body;
use futures_util::StreamExt;
use serde_json::Value;

use caves_rules::record::actions::encode_actions;
use caves_rules::record::{base64, replay, Record};
use caves_rules::{Action, Cause, Ending};
use caves_server::cli::Caps;
use caves_server::limits::{LIVE_BATCH_BYTES, MAX_BYTES};
use caves_server::runs::{bumped_copy, daily_run, fallen_run, long_run, tail_copy};
use caves_server::service::Settings;

mod common;
use common::{connect, get, post_as, send, service, settings, token, Scratch, Server, DATE};

/// A server on the board at `db` that lets three watchers stream a run.
async fn start(db: &str) -> Server {
    let base = settings();
    let live = Settings {
        caps: Caps {
            live_streams_per_run: 3,
            ..base.caps
        },
        ..base
    };
    Server::start(service(db, live).await).await
}

/// A board of its own (`name`), served as `start` serves it, and its seed of today.
async fn live_board(name: &str) -> (Scratch, Server, u64) {
    let scratch = Scratch::new(name);
    let server = start(&scratch.db()).await;
    let seed = server.service.board.seed(DATE).await.expect("seed");
    (scratch, server, seed)
}

async fn post_run(addr: SocketAddr, record: &Record, name: &str, who: &str) -> Value {
    let (status, body) = post_as(addr, record, name, who).await;
    assert!(status == 201, "{name}: {status} {body}");
    body
}

/// What the rules say of where `record` ended: (depth, x, y, how it ended).
fn replayed_end(record: &Record) -> (i64, i64, i64, Ending) {
    let state = replay(record).expect("replays");
    let p = state.player();
    (
        i64::from(p.z + 1),
        i64::from(p.x),
        i64::from(p.y),
        state.ending().expect("the run ended"),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fallen_are_where_the_replays_of_lost_counted_runs_ended() {
    let (scratch, mut server, seed) = live_board("fallen").await;
    // Two runs that leave empty-handed, one killed by a creature, and a practice run.
    let killed = (0..40)
        .find_map(|v| fallen_run(DATE, seed, v, 3000))
        .expect("a run a creature ends");
    let counted = [
        ("Ada", daily_run(DATE, seed, 1)),
        ("Bob", killed.clone()),
        ("Cy", daily_run(DATE, seed, 2)),
    ];
    for (name, record) in &counted {
        post_run(server.addr, record, name, name).await;
    }
    let practice = post_run(server.addr, &daily_run(DATE, seed, 3), "Ada", "Ada").await;
    assert_eq!(practice["practice"], Value::Bool(true));

    let check = |body: &Value| {
        let fallen = body["fallen"].as_array().expect("a list");
        assert_eq!(body["date"], DATE);
        assert_eq!(fallen.len(), counted.len(), "{body}");
        for ((name, record), f) in counted.iter().zip(fallen) {
            let (depth, x, y, ending) = replayed_end(record);
            assert_eq!(f["name"], *name);
            assert_eq!(f["id"], caves_server::board::run_id(&record.encode()));
            assert_eq!(
                (f["depth"].as_i64(), f["x"].as_i64(), f["y"].as_i64()),
                (Some(depth), Some(x), Some(y)),
                "{name}"
            );
            assert_eq!(
                f["turns"].as_i64(),
                Some(i64::from(replay(record).expect("replays").turn()))
            );
            let cause = f["cause"].as_str().expect("a cause");
            match ending.cause {
                Cause::Creature(kind) | Cause::Burst(kind) => assert_eq!(cause, kind.name()),
                Cause::Won | Cause::Left => assert_eq!(cause, ending.words(), "{name}"),
                other => assert_eq!(Some(cause), other.killer(), "{name}"),
            }
        }
        assert!(
            fallen
                .iter()
                .any(|f| caves_rules::kinds::creature::Creature::named(
                    f["cause"].as_str().unwrap_or("")
                )
                .is_some()),
            "no run was ended by a creature: {body}"
        );
    };
    // Today's fallen answer only a player whose own run of today has ended.
    let graves = format!("/api/daily/{DATE}/fallen");
    let (status, e) = get(server.addr, &graves, None).await;
    assert!(status == 403 && e["error"].is_string(), "{status} {e}");
    let (status, e) = get(server.addr, &graves, Some(&token("Dee"))).await;
    assert!(status == 403 && e["error"].is_string(), "{status} {e}");
    let (status, body) = get(server.addr, &graves, Some(&token("Ada"))).await;
    assert_eq!(status, 200);
    check(&body);

    // Runs kept before the board noted ends, on a board from before its graves: the graves
    // migration lays them at depth 0, and the first read replays them and fills their ends.
    server.stop().await;
    {
        use sqlx::ConnectOptions;
        let mut conn = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(scratch.0.join("board.db"))
            .connect()
            .await
            .expect("connects");
        let done = sqlx::query("UPDATE runs SET end_depth = 0, end_x = 0, end_y = 0, cause = ''")
            .execute(&mut conn)
            .await
            .expect("forgets the ends");
        assert_eq!(done.rows_affected(), 4);
        for undo in [
            "DROP TABLE graves",
            "DELETE FROM _sqlx_migrations WHERE version = 5",
        ] {
            sqlx::query(undo)
                .execute(&mut conn)
                .await
                .expect("a board from before its graves");
        }
    }
    let mut server = start(&scratch.db()).await;
    let (status, again) = get(server.addr, &graves, Some(&token("Cy"))).await;
    assert_eq!(status, 200);
    check(&again);
    assert_eq!(again, body);

    // Bad dates are 400 with words; a day without runs (tomorrow too) is an empty list.
    for bad in ["2026-13-01", "yesterday", "2026-1-01"] {
        let (status, e) = get(server.addr, &format!("/api/daily/{bad}/fallen"), None).await;
        assert!(
            status == 400 && e["error"].is_string(),
            "{bad}: {status} {e}"
        );
    }
    let (status, e) = get(server.addr, "/api/daily/2026-11-25/fallen", None).await;
    assert!(
        status == 200 && e["fallen"].as_array().is_some_and(|f| f.is_empty()),
        "{e}"
    );
    server.stop().await;
}

/// The record's action bytes of `actions`, base64url.
fn text(actions: &[Action]) -> String {
    base64::encode(&encode_actions(actions))
}

async fn open_live(addr: SocketAddr, name: &str, who: &str) -> String {
    let t = token(who);
    let (status, body) = send(
        addr,
        "POST",
        &format!("/api/live?name={name}"),
        &[("x-caves-token", &t)],
        vec![],
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["date"], DATE);
    body["id"].as_str().expect("an id").to_string()
}

async fn batch(
    addr: SocketAddr,
    id: &str,
    who: &str,
    from: usize,
    actions: &[Action],
    end: bool,
) -> (u16, Value) {
    let t = token(who);
    let body = serde_json::json!({ "from": from, "actions": text(actions), "end": end });
    send(
        addr,
        "POST",
        &format!("/api/live/{id}/actions"),
        &[("content-type", "application/json"), ("x-caves-token", &t)],
        body.to_string().into_bytes(),
    )
    .await
}

/// Today's list of live runs, asked with `who`'s token (or none).
async fn list_of(addr: SocketAddr, who: Option<&str>) -> (u16, Value) {
    let t = who.map(token);
    let headers: Vec<(&str, &str)> = t.iter().map(|t| ("x-caves-token", t.as_str())).collect();
    send(addr, "GET", &format!("/api/live/{DATE}"), &headers, vec![]).await
}

/// The stream ticket of live run `id`, from today's list as `who` (whose run has ended) sees it.
async fn ticket(addr: SocketAddr, id: &str, who: &str) -> String {
    let (s, list) = list_of(addr, Some(who)).await;
    assert_eq!(s, 200, "{list}");
    list["runs"]
        .as_array()
        .and_then(|r| r.iter().find(|r| r["id"] == id))
        .and_then(|r| r["ticket"].as_str())
        .unwrap_or_else(|| panic!("{id} is not listed: {list}"))
        .to_string()
}

/// The turns and level of `record`'s first `n` actions, replayed.
fn at(record: &Record, n: usize) -> (i64, i64) {
    let mut state = record.header.start().expect("starts");
    for &a in &record.actions[..n] {
        state.act(a);
    }
    (i64::from(state.turn()), i64::from(state.player().z + 1))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn batches_overlapping_are_taken_once_and_a_gap_is_refused() {
    let (scratch, mut server, seed) = live_board("batches").await;
    let addr = server.addr;
    let run = long_run(DATE, seed, 0, 300);
    let all = &run.actions;
    let id = open_live(addr, "Ada", "ada").await;

    let (s, b) = batch(addr, &id, "ada", 0, &all[..10], false).await;
    assert!(s == 200 && b["actions"] == 10, "{s} {b}");
    assert_eq!((b["turns"].as_i64(), b["depth"].as_i64()), {
        let (t, d) = at(&run, 10);
        (Some(t), Some(d))
    });
    // The same batch again (a retry after a lost answer): taken once.
    let (s, b) = batch(addr, &id, "ada", 0, &all[..10], false).await;
    assert!(s == 200 && b["actions"] == 10, "{s} {b}");
    // Overlapping: 5 stored, 5 new.
    let (s, b) = batch(addr, &id, "ada", 5, &all[5..15], false).await;
    assert!(s == 200 && b["actions"] == 15, "{s} {b}");
    let (turns, d) = at(&run, 15);
    assert_eq!(
        (b["turns"].as_i64(), b["depth"].as_i64()),
        (Some(turns), Some(d))
    );
    // A gap: refused with the count the server has.
    let (s, b) = batch(addr, &id, "ada", 20, &all[20..30], false).await;
    assert!(
        s == 409 && b["actions"] == 15 && b["error"].is_string(),
        "{s} {b}"
    );
    // Another player's token; codes that are no action; not JSON.
    let (s, _) = batch(addr, &id, "eve", 15, &all[15..20], false).await;
    assert_eq!(s, 403);
    let t = token("ada");
    let bad = serde_json::json!({ "from": 15, "actions": base64::encode(&[200u8, 1, 2]) });
    let (s, b) = send(
        addr,
        "POST",
        &format!("/api/live/{id}/actions"),
        &[("content-type", "application/json"), ("x-caves-token", &t)],
        bad.to_string().into_bytes(),
    )
    .await;
    assert!(s == 400 && b["error"].is_string(), "{s} {b}");
    let (s, _) = send(
        addr,
        "POST",
        &format!("/api/live/{id}/actions"),
        &[("content-type", "text/plain"), ("x-caves-token", &t)],
        b"{}".to_vec(),
    )
    .await;
    assert_eq!(s, 415);

    // Today's list answers only a player whose own run of today has ended: no one without a
    // key, not Ada, whose run goes on; Cy, whose run is kept, sees it with the replay's turns.
    let (s, e) = list_of(addr, None).await;
    assert!(s == 403 && e["error"].is_string(), "{s} {e}");
    let (s, e) = list_of(addr, Some("ada")).await;
    assert!(s == 403 && e["error"].is_string(), "{s} {e}");
    post_run(addr, &daily_run(DATE, seed, 1), "Cy", "cy").await;
    let (s, list) = list_of(addr, Some("cy")).await;
    assert_eq!(s, 200);
    let runs = list["runs"].as_array().expect("runs");
    assert!(
        runs.len() == 1
            && runs[0]["id"] == id.as_str()
            && runs[0]["name"] == "Ada"
            && runs[0]["turns"] == turns,
        "{list}"
    );
    // A new server copy (no replay kept) continues from the stored actions.
    server.stop().await;
    let mut server = start(&scratch.db()).await;
    let addr = server.addr;
    // The rest: the run ends by its own last action (climbing out), and is kept as Ada's
    // run of the day, the bytes her page would post.
    let (s, b) = batch(addr, &id, "ada", 15, &all[15..], false).await;
    assert!(
        s == 200 && b["ended"] == true && b["outcome"] == "lost",
        "{s} {b}"
    );
    let kept = caves_server::board::run_id(&run.encode());
    assert_eq!(b["kept"]["id"], kept.as_str(), "{b}");
    assert_eq!(b["kept"]["practice"], false, "{b}");
    assert_eq!(b["actions"].as_u64(), Some(all.len() as u64));
    assert_eq!(
        b["turns"].as_i64(),
        Some(i64::from(replay(&run).expect("replays").turn()))
    );
    // After the end: the same batch is taken as before, a new action refused.
    let (s, _) = batch(addr, &id, "ada", 15, &all[15..], false).await;
    assert_eq!(s, 200);
    let (s, b) = batch(addr, &id, "ada", all.len(), &[Action::Wait], false).await;
    assert!(
        s == 409 && b["actions"].as_u64() == Some(all.len() as u64),
        "{s} {b}"
    );
    let (_, list) = list_of(addr, Some("ada")).await;
    assert_eq!(list["runs"].as_array().map(Vec::len), Some(0), "{list}");
    // Ada's page posts it as well (P): her own entry, 200. Anyone else posting it: a copy.
    let (s, b) = post_as(addr, &run, "Ada", "ada").await;
    assert!(s == 200 && b["id"] == kept.as_str(), "{s} {b}");
    let (s, b) = post_as(addr, &run, "Eve", "eve").await;
    assert!(s == 409 && b["original"] == kept.as_str(), "{s} {b}");
    // Actions after the run's end, in a new live run: 422.
    let id2 = open_live(addr, "Ada", "ada").await;
    let mut more = all.clone();
    more.push(Action::Wait);
    let (s, b) = batch(addr, &id2, "ada", 0, &more, false).await;
    assert!(s == 422 && b["error"].is_string(), "{s} {b}");
    // The board holds Cy's posted run and Ada's played one.
    let (_, board) = get(addr, &format!("/api/daily/{DATE}"), None).await;
    let names: Vec<&str> = board["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .filter_map(|e| e["name"].as_str())
        .collect();
    assert!(names.len() == 2 && names.contains(&"Ada"), "{board}");
    server.stop().await;
}

/// A stream of server-sent events.
struct Stream {
    body: futures_util::stream::BoxStream<'static, Result<axum::body::Bytes, axum::Error>>,
    buffer: String,
    _sender: hyper::client::conn::http1::SendRequest<Body>,
}

#[derive(Debug, Clone)]
struct Ev {
    event: String,
    id: String,
    data: Value,
}

async fn stream(
    addr: SocketAddr,
    id: &str,
    last: Option<&str>,
    ticket: Option<&str>,
) -> (u16, Stream) {
    let mut sender = connect(addr).await;
    let path = match ticket {
        Some(t) => format!("/api/live/{id}/events?ticket={t}"),
        None => format!("/api/live/{id}/events"),
    };
    let mut req = hyper::Request::get(path).header("host", "localhost");
    if let Some(l) = last {
        req = req.header("last-event-id", l);
    }
    let resp = sender
        .send_request(req.body(Body::empty()).expect("a request"))
        .await
        .expect("an answer");
    let status = resp.status().as_u16();
    (
        status,
        Stream {
            body: Body::new(resp.into_body()).into_data_stream().boxed(),
            buffer: String::new(),
            _sender: sender,
        },
    )
}

impl Stream {
    /// The next event (comments skipped), or None when the stream ended or none came in 5 s.
    async fn next(&mut self) -> Option<Ev> {
        loop {
            if let Some(at) = self.buffer.find("\n\n") {
                let block: String = self.buffer[..at].to_string();
                self.buffer.drain(..at + 2);
                let mut ev = Ev {
                    event: String::new(),
                    id: String::new(),
                    data: Value::Null,
                };
                for line in block.lines() {
                    if let Some(v) = line.strip_prefix("event:") {
                        ev.event = v.trim().to_string();
                    } else if let Some(v) = line.strip_prefix("id:") {
                        ev.id = v.trim().to_string();
                    } else if let Some(v) = line.strip_prefix("data:") {
                        ev.data = serde_json::from_str(v.trim()).unwrap_or(Value::Null);
                    }
                }
                if ev.event.is_empty() {
                    continue; // a comment (keep-alive)
                }
                return Some(ev);
            }
            let chunk = tokio::time::timeout(Duration::from_secs(5), self.body.next())
                .await
                .ok()??
                .ok()?;
            self.buffer.push_str(&String::from_utf8_lossy(&chunk));
        }
    }
}

/// Takes the actions of `ev` (an `actions` event) onto `got`, checking it follows on.
fn follow(got: &mut Vec<Action>, ev: &Ev) {
    assert_eq!(ev.event, "actions", "{ev:?}");
    assert_eq!(
        ev.data["from"].as_u64(),
        Some(got.len() as u64),
        "a gap or a repeat: {ev:?} after {} actions",
        got.len()
    );
    let bytes = base64::decode(ev.data["actions"].as_str().expect("actions")).expect("base64url");
    got.extend(caves_rules::record::actions::parse_actions(&bytes).expect("actions"));
    assert_eq!(ev.id, got.len().to_string(), "the id is the count after it");
}

/// Checks that a batch's answer `b` shows watchers every action of `record` at least
/// 20 turns behind the player and none later (all of them once the run has ended); the
/// count shown.
fn held(record: &Record, b: &Value) -> usize {
    let shown = b["shown"].as_u64().expect("shown") as usize;
    let turns = b["turns"].as_i64().expect("turns");
    if b["ended"] == true {
        assert_eq!(
            shown,
            b["actions"].as_u64().expect("actions") as usize,
            "{b}"
        );
        return shown;
    }
    if shown > 0 {
        assert!(at(record, shown).0 + 20 <= turns, "shown too far: {b}");
    }
    assert!(at(record, shown + 1).0 + 20 > turns, "held too long: {b}");
    shown
}

/// Reads `watch` until `got` holds `n` actions.
async fn until(got: &mut Vec<Action>, watch: &mut Stream, n: usize) {
    while got.len() < n {
        follow(got, &watch.next().await.expect("more actions"));
    }
    assert_eq!(got.len(), n, "more than was shown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stream_resumes_from_last_event_id_with_no_gap_nor_repeat_and_ends() {
    let (_scratch, mut server, seed) = live_board("stream").await;
    let addr = server.addr;
    let run = long_run(DATE, seed, 1, 200);
    let all = &run.actions;
    // Cy watches: her own run of today has ended.
    post_run(addr, &daily_run(DATE, seed, 1), "Cy", "cy").await;
    let id = open_live(addr, "Ada", "ada").await;
    let cuts: Vec<usize> = (0..=10).map(|i| all.len() * i / 10).collect();
    let (s, b) = batch(addr, &id, "ada", 0, &all[..cuts[1]], false).await;
    assert_eq!(s, 200);
    let mut shown = held(&run, &b);

    // A stream of today's run needs the ticket the list gives.
    let (status, _) = stream(addr, &id, None, None).await;
    assert_eq!(status, 403);
    let (status, _) = stream(addr, &id, None, Some("0123456789abcdef0123456789abcdef")).await;
    assert_eq!(status, 403);
    let pass = ticket(addr, &id, "cy").await;
    // A watcher from the start gets what is shown, then what each batch shows as it comes.
    let (status, mut watch) = stream(addr, &id, None, Some(&pass)).await;
    assert_eq!(status, 200);
    let mut got = Vec::new();
    until(&mut got, &mut watch, shown).await;
    for w in cuts[1..4].windows(2) {
        // Overlapping batches (from a step back): the stream still carries each action once.
        let from = w[0].saturating_sub(3);
        let (s, b) = batch(addr, &id, "ada", from, &all[from..w[1]], false).await;
        assert_eq!(s, 200);
        shown = held(&run, &b);
        until(&mut got, &mut watch, shown).await;
    }
    assert!(got.len() > cuts[1], "the stream moved on");
    // Counted in the day's list while it watches.
    let (_, list) = list_of(addr, Some("cy")).await;
    assert_eq!(list["runs"][0]["watchers"], 1, "{list}");
    let last = got.len().to_string();
    drop(watch);

    // Batches while the watcher is away; it comes back with the last id it saw.
    for w in cuts[3..7].windows(2) {
        let (s, b) = batch(addr, &id, "ada", w[0], &all[w[0]..w[1]], false).await;
        assert_eq!(s, 200);
        shown = held(&run, &b);
    }
    let (status, mut watch) = stream(addr, &id, Some(&last), Some(&pass)).await;
    assert_eq!(status, 200);
    until(&mut got, &mut watch, shown).await;
    // Past what is shown: 409 with the count shown.
    let (status, _) = stream(addr, &id, Some(&cuts[7].to_string()), Some(&pass)).await;
    assert_eq!(status, 409);
    // Two watchers more from the middle and from the start, then the rest and the end.
    let (_, mut second) = stream(addr, &id, Some(&cuts[2].to_string()), Some(&pass)).await;
    let (_, mut third) = stream(addr, &id, None, Some(&pass)).await;
    // A fourth is past this copy's streams for one run (3 in this test): 503, to retry.
    let (status, _) = stream(addr, &id, None, Some(&pass)).await;
    assert_eq!(status, 503, "a stream past the cap");
    for w in cuts[6..].windows(2) {
        let (s, b) = batch(addr, &id, "ada", w[0], &all[w[0]..w[1]], false).await;
        assert_eq!(s, 200, "{b}");
        // The player hears how many watch.
        assert_eq!(b["watchers"], 3, "{b}");
        held(&run, &b);
    }
    // The end is shown once the run is kept: the rest of it, then `end`.
    until(&mut got, &mut watch, all.len()).await;
    assert_eq!(&got, all, "the stream carried the run, every action once");
    let end = watch.next().await.expect("an end event");
    assert_eq!(end.event, "end");
    assert_eq!(end.id, all.len().to_string());
    assert_eq!(end.data["outcome"], "lost");
    assert_eq!(end.data["actions"].as_u64(), Some(all.len() as u64));
    assert!(
        watch.next().await.is_none(),
        "the stream closes after the end"
    );
    for (from, mut s) in [(cuts[2], second), (0, third)] {
        let mut mine = all[..from].to_vec();
        loop {
            let ev = s.next().await.expect("an event");
            if ev.event == "end" {
                break;
            }
            follow(&mut mine, &ev);
        }
        assert_eq!(&mine, all);
    }
    second = stream(addr, &id, Some(&all.len().to_string()), Some(&pass))
        .await
        .1;
    assert_eq!(
        second.next().await.map(|e| e.event).as_deref(),
        Some("end"),
        "a reconnect after the end"
    );
    third = stream(addr, &id, Some("999999"), Some(&pass)).await.1;
    drop(third);
    let (s, _) = stream(addr, "0123456789abcdef0123456789abcdef", None, None).await;
    assert_eq!(s, 404);

    // A stop ends open streams at once: they do not hold it for the 8 s grace.
    let id2 = open_live(addr, "Ada", "ada").await;
    let (s, _) = batch(addr, &id2, "ada", 0, &all[..40], false).await;
    assert_eq!(s, 200);
    let pass2 = ticket(addr, &id2, "cy").await;
    let (_, mut open) = stream(addr, &id2, None, Some(&pass2)).await;
    assert!(open.next().await.is_some());
    let took = server.stop().await;
    assert!(took < Duration::from_secs(3), "the stop took {took:?}");
    assert!(open.next().await.is_none(), "the stream ended");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_run_is_its_players_claim_against_thieves_and_poisoners() {
    let (_scratch, mut server, seed) = live_board("claim").await;
    let addr = server.addr;
    let run = long_run(DATE, seed, 0, 300);
    let all = &run.actions;
    let half = all.len() * 2 / 3;
    let id = open_live(addr, "Ada", "ada").await;
    let (s, b) = batch(addr, &id, "ada", 0, &all[..half], false).await;
    assert_eq!(s, 200, "{b}");
    let playing = b["turns"].as_u64().expect("turns") as u32;
    // Mallory has played her own run (so she may watch), and posts into practice slots.
    post_run(addr, &daily_run(DATE, seed, 3), "Mallory", "mallory").await;

    // Her name is Ada's from her first batch: no one else goes live or posts under it.
    let (s, _) = send(
        addr,
        "POST",
        "/api/live?name=ADA",
        &[("x-caves-token", &token("bob"))],
        vec![],
    )
    .await;
    assert_eq!(s, 409, "another token live under Ada's name");

    // Stolen while live: what watchers saw, with an ending of the thief's: a copy of Ada's
    // live run, whatever its bytes (a bump first too).
    let stolen = tail_copy(&run, playing - 25, 0b1011, 20);
    for copy in [stolen.clone(), bumped_copy(&stolen)] {
        let (s, b) = post_as(addr, &copy, "Mallory", "mallory").await;
        assert!(
            s == 409 && b["original"] == id.as_str() && b["live"] == true,
            "{s} {b}"
        );
    }
    // Poison: the start of her run with a longer ending of the thief's own, kept as a
    // practice run; it shares a mark with Ada's run past half of it.
    let poison = tail_copy(&run, playing - 10, 0b1011, 200);
    let (s, b) = post_as(addr, &poison, "Mallory", "mallory").await;
    assert!(s == 201 && b["practice"] == true, "{s} {b}");

    // Ada plays on to the end: her run is kept all the same, the earlier claim winning.
    let (s, b) = batch(addr, &id, "ada", half, &all[half..], false).await;
    assert!(s == 200 && b["ended"] == true, "{s} {b}");
    let kept = caves_server::board::run_id(&run.encode());
    assert_eq!(
        b["kept"]["id"],
        kept.as_str(),
        "Ada's run was not kept: {b}"
    );
    // Stolen after the end: its bytes, or in disguise, are copies of Ada's kept run.
    for copy in [run.clone(), bumped_copy(&run)] {
        let (s, b) = post_as(addr, &copy, "Mallory", "mallory").await;
        assert!(s == 409 && b["original"] == kept.as_str(), "{s} {b}");
    }
    let (s, b) = post_as(addr, &run, "Ada", "ada").await;
    assert!(s == 200 && b["id"] == kept.as_str(), "{s} {b}");
    server.stop().await;
}

/// `bytes` as a body sent in chunks, with no length declared.
fn chunked(bytes: Vec<u8>) -> Body {
    let chunks: Vec<Result<Vec<u8>, std::io::Error>> =
        bytes.chunks(16 * 1024).map(|c| Ok(c.to_vec())).collect();
    Body::from_stream(futures_util::stream::iter(chunks))
}

/// A body over its route's limit is refused with 413 in words when no length is declared
/// (sent in chunks, so only the limit while it is read can catch it): a run file over
/// 256 KB, a batch of live actions over 64 KB. Nothing of them is kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_over_their_limit_sent_in_chunks_are_413_in_words() {
    let scratch = Scratch::new("limits");
    let mut server = start(&scratch.db()).await;
    let addr = server.addr;
    let t = token("ada");
    let (s, b) = send(
        addr,
        "POST",
        "/api/daily/runs?name=Ada",
        &[
            ("content-type", "application/octet-stream"),
            ("x-caves-token", &t),
        ],
        chunked(vec![7; MAX_BYTES + 1]),
    )
    .await;
    assert!(s == 413 && b["error"].is_string(), "{s} {b}");
    let id = open_live(addr, "Ada", "ada").await;
    let actions = "A".repeat(LIVE_BATCH_BYTES);
    let big = serde_json::json!({ "from": 0, "actions": actions }).to_string();
    let (s, b) = send(
        addr,
        "POST",
        &format!("/api/live/{id}/actions"),
        &[("content-type", "application/json"), ("x-caves-token", &t)],
        chunked(big.into_bytes()),
    )
    .await;
    assert!(s == 413 && b["error"].is_string(), "{s} {b}");
    assert_eq!(server.service.board.count().await.expect("counts"), 0);
    let run = server.service.board.live_run(&id).await.expect("reads");
    assert_eq!(run.map(|r| r.actions), Some(0));
    server.stop().await;
}
