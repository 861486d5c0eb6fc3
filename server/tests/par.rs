//! Par, the bots' games of a day's caves, against the real board (a SQLite file) and the real
//! server (its router over `net::serve` on a loopback port): two copies that start together
//! on one database make it once; it is refused to a player whose own run of the day has not
//! ended (today's, and yesterday's while the board still takes runs of it), asked for before
//! it is made it answers 503 and is made in the verifier pool, and each bot's run file, as
//! `GET /api/runs/ID` serves it, verifies as a posted run does and stays off the day's board.

use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;

use caves_rules::record::Record;
use caves_server::board::run_id;
use caves_server::par::{make, MAX_NOTE_CHARS, MAX_PAR_NOTES, PAR_BOTS};
use caves_server::runs::daily_run;
use caves_server::service::Service;
use caves_server::verify::{verify, Day};

mod common;
use common::{get, request, settings, token, Scratch, Server, DATE};

const YESTERDAY: &str = "2026-11-23";

async fn service(db: &str) -> Arc<Service> {
    common::service(db, settings()).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_copies_starting_together_make_par_once() {
    let scratch = Scratch::new("once");
    made_once(&scratch.db()).await;
}

/// The same on PostgreSQL, when `CAVES_TEST_POSTGRES` gives the address of an empty database
/// (`tests/board/serve.mjs` starts a throwaway cluster; `cargo test` alone has none).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_copies_on_one_postgresql_make_par_once() {
    match std::env::var("CAVES_TEST_POSTGRES") {
        Ok(url) => made_once(&url).await,
        Err(_) => println!("CAVES_TEST_POSTGRES is not set: par on PostgreSQL is not tried"),
    }
}

/// Two copies of the server over the database at `db`, making today's par at once: one plays
/// every bot, the other none.
async fn made_once(db: &str) {
    let a = service(db).await;
    let b = service(db).await;
    let (made_a, made_b) = tokio::join!(make(&a, DATE), make(&b, DATE));
    let (made_a, made_b) = (made_a.expect("a makes"), made_b.expect("b makes"));
    assert!(made_a != made_b, "made by a: {made_a}, by b: {made_b}");
    // One copy played every bot once; the other played none.
    let games = a.metrics.par_games.get() + b.metrics.par_games.get();
    assert_eq!(games, PAR_BOTS.len() as u64);
    // Either copy asking again makes nothing more.
    assert!(!make(&a, DATE).await.expect("a again"));
    assert!(!make(&b, DATE).await.expect("b again"));
    for copy in [&a, &b] {
        let par = copy.board.par(DATE).await.expect("reads").expect("made");
        let bots: Vec<&str> = par.iter().map(|p| p.bot.as_str()).collect();
        let names: Vec<&str> = PAR_BOTS.iter().map(|b| b.name()).collect();
        assert_eq!(bots, names);
    }
    // Notes damaged in the database are dropped, and too many or too long are cut, when
    // served: the games stay whole.
    let before = a.board.par(DATE).await.expect("reads").expect("made");
    sqlx::any::install_default_drivers();
    let raw = sqlx::AnyPool::connect(db).await.expect("connects");
    let long: Vec<(i64, String)> = (0..500).map(|i| (i, "x".repeat(1000))).collect();
    for (bot, notes) in [
        ("expert", "[[3, \"The expert".to_string()),
        ("careful", serde_json::to_string(&long).expect("json")),
    ] {
        sqlx::query("UPDATE par SET notes = $1 WHERE day = $2 AND bot = $3")
            .bind(notes)
            .bind(DATE)
            .bind(bot)
            .execute(&raw)
            .await
            .expect("updates");
    }
    raw.close().await;
    let par = a.board.par(DATE).await.expect("reads").expect("made");
    // The expert's game as it was: its run, or none where it found no end within its limit
    // in the day's caves (the board's seed is drawn at random).
    assert!(
        par[0].notes.is_empty() && par[0].run == before[0].run,
        "{:?}",
        par[0]
    );
    assert_eq!(par[1].notes.len(), MAX_PAR_NOTES);
    assert!(par[1]
        .notes
        .iter()
        .all(|(_, t)| t.chars().count() == MAX_NOTE_CHARS));
    a.board.close().await;
    b.board.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn par_opens_once_the_players_run_has_ended_and_its_runs_verify() {
    let scratch = Scratch::new("gate");
    let service = service(&scratch.db()).await;
    let mut server = Server::start(Arc::clone(&service)).await;
    let addr = server.addr;
    let path = format!("/api/daily/{DATE}/par");
    let (ada, bob) = (token("Ada"), token("Bob"));

    // Before a player's run of the day has ended: refused as the fallen are, and nothing is
    // played for the asking.
    let (status, e) = get(addr, &path, None).await;
    assert!(status == 403 && e["error"].is_string(), "{status} {e}");
    let (status, e) = get(addr, &path, Some(&ada)).await;
    assert!(status == 403 && e["error"].is_string(), "{status} {e}");
    assert_eq!(service.metrics.par_games.get(), 0);

    // Bob's run ends (posted): his first ask starts par and is told to come back.
    let seed = service.board.seed(DATE).await.expect("seed");
    let run = daily_run(DATE, seed, 1);
    let (status, _, body) = request(
        addr,
        "POST",
        "/api/daily/runs?name=Bob",
        &[
            ("content-type", "application/octet-stream"),
            ("x-caves-token", &bob),
        ],
        run.encode(),
    )
    .await;
    assert_eq!(status, 201, "{}", String::from_utf8_lossy(&body));
    let (status, retry, body) =
        request(addr, "GET", &path, &[("x-caves-token", &bob)], vec![]).await;
    let e: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    assert!(status == 503 && e["error"].is_string(), "{status} {e}");
    assert!(retry.is_some(), "no Retry-After");
    let mut par = Value::Null;
    for _ in 0..600 {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let (status, body) = get(addr, &path, Some(&bob)).await;
        if status == 200 {
            par = body;
            break;
        }
        assert_eq!(status, 503, "{body}");
    }
    assert_eq!(par["date"], DATE, "par was not made: {par}");
    let bots = par["bots"].as_array().expect("a list");
    let names: Vec<&str> = bots.iter().filter_map(|b| b["bot"].as_str()).collect();
    let expected: Vec<&str> = PAR_BOTS.iter().map(|b| b.name()).collect();
    assert_eq!(names, expected);
    assert_eq!(service.metrics.par_games.get(), PAR_BOTS.len() as u64);

    // Ada still has not ended hers: no game, and no note, is hers to see.
    let (status, e) = get(addr, &path, Some(&ada)).await;
    assert!(status == 403 && e["error"].is_string(), "{status} {e}");
    assert!(
        e.get("bots").is_none() && !e.to_string().contains("notes"),
        "{e}"
    );

    // Each bot's run file verifies as a posted run does, to what par says of it; none is on
    // the day's board, and none opens to Ada.
    let days = [Day {
        date: DATE.to_string(),
        seed,
    }];
    let mut runs = 0;
    for bot in bots {
        let Some(id) = bot["run"].as_str() else {
            assert_eq!(bot["outcome"], "lost", "{bot}");
            continue;
        };
        runs += 1;
        let file = format!("/api/runs/{id}");
        let (status, _, bytes) =
            request(addr, "GET", &file, &[("x-caves-token", &bob)], vec![]).await;
        assert_eq!(status, 200, "{bot}");
        assert_eq!(run_id(&bytes), id);
        let verified = verify(&bytes, &days).expect("a par run verifies");
        assert_eq!(bot["outcome"], verified.outcome, "{bot}");
        assert_eq!(bot["score"], i64::from(verified.score), "{bot}");
        assert_eq!(bot["turns"], i64::from(verified.turns), "{bot}");
        assert_eq!(bot["depth"], i64::from(verified.depth), "{bot}");
        assert_eq!(bot["cause"], verified.end.cause.as_str(), "{bot}");
        let (status, _, _) = request(addr, "GET", &file, &[("x-caves-token", &ada)], vec![]).await;
        assert_eq!(status, 403, "{bot}");
        // Its notes: on its run's actions, in order, said by it, within the bounds.
        let actions = Record::decode(&bytes).expect("decodes").actions.len();
        let notes = bot["notes"].as_array().map_or(&[][..], Vec::as_slice);
        let name = bot["bot"].as_str().unwrap_or_default();
        if name == "expert" || name == "careful" {
            assert!(
                !notes.is_empty(),
                "the {name} bot's game has no notes: {bot}"
            );
        }
        assert!(notes.len() <= MAX_PAR_NOTES);
        let mut last = -1;
        for note in notes {
            let (at, text) = (
                note[0].as_i64().unwrap_or(-1),
                note[1].as_str().unwrap_or(""),
            );
            assert!(
                at > last && (at as usize) < actions,
                "{note} of {actions} actions"
            );
            assert!(text.starts_with(&format!("The {name} bot ")), "{note}");
            assert!(text.chars().count() <= MAX_NOTE_CHARS, "{note}");
            last = at;
        }
    }
    assert!(runs >= 2, "fewer than two bots ended their games: {par}");
    let (status, board) = get(addr, &format!("/api/daily/{DATE}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(
        board["entries"].as_array().map(Vec::len),
        Some(1),
        "{board}"
    );
    // Notes are par's alone: the board's entries (players' runs) carry none.
    assert!(!board.to_string().contains("notes"), "{board}");

    // Yesterday's board still takes runs: its par is Bob's only once his run of yesterday
    // has ended. A day long gone has no par.
    let (status, e) = get(addr, &format!("/api/daily/{YESTERDAY}/par"), Some(&bob)).await;
    assert!(status == 403 && e["error"].is_string(), "{status} {e}");
    let (status, _) = get(addr, "/api/daily/2026-11-01/par", Some(&bob)).await;
    assert_eq!(status, 404);
    let (status, _) = get(addr, "/api/daily/2026-13-01/par", Some(&bob)).await;
    assert_eq!(status, 400);

    server.stop().await;
    service.board.close().await;
}
