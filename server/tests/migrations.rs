//! A board kept before run files were stored as bytes: its base64url records, migrated, read
//! back as the very bytes that were posted, on SQLite and (when `CAVES_TEST_POSTGRES` names a
//! database server) on PostgreSQL.

mod common;

use common::{Scratch, DATE};

use caves_rules::record::base64;
use caves_server::board::{migrator, run_id, Board};
use caves_server::runs::long_run;

/// The last migration of the boards that kept records as base64url text.
const BEFORE_BYTES: i64 = 8;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn base64_records_of_sqlite_are_migrated_to_their_bytes() {
    let scratch = Scratch::new("bytes");
    migrated(&scratch.db(), true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn base64_records_of_postgresql_are_migrated_to_their_bytes() {
    let Ok(server) = std::env::var("CAVES_TEST_POSTGRES") else {
        println!("CAVES_TEST_POSTGRES is not set: the migration on PostgreSQL is not tried");
        return;
    };
    // A database of its own, made empty: the address's other databases are left alone.
    sqlx::any::install_default_drivers();
    let admin = sqlx::AnyPool::connect(&server).await.expect("connects");
    let name = format!("caves_bytes_{}", std::process::id());
    for sql in [
        format!("DROP DATABASE IF EXISTS {name}"),
        format!("CREATE DATABASE {name}"),
    ] {
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .execute(&admin)
            .await
            .expect("a database");
    }
    let (base, _) = server.rsplit_once('/').expect("a database address");
    migrated(&format!("{base}/{name}"), false).await;
}

/// Lays a board at `db` as it was before records were bytes, keeps runs and par games in it
/// as that board wrote them, opens it (which migrates it), and reads each back.
async fn migrated(db: &str, sqlite: bool) {
    sqlx::any::install_default_drivers();
    let url = if sqlite {
        format!("{db}?mode=rwc")
    } else {
        db.to_string()
    };
    let raw = sqlx::AnyPool::connect(&url).await.expect("connects");
    migrator(sqlite)
        .run_to(BEFORE_BYTES, &raw)
        .await
        .expect("the board before bytes");
    // A real run file and two cut from it: lengths of each remainder by 3, as base64url
    // ends in 4, 2 or 3 characters.
    let whole = long_run(DATE, 7, 0, 200).encode();
    let files: Vec<Vec<u8>> = (0..3)
        .map(|cut| whole[..whole.len() - cut].to_vec())
        .collect();
    for (i, file) in files.iter().enumerate() {
        sqlx::query(
            "INSERT INTO runs (id, day, name, device, token, game, score, outcome, depth, \
             turns, practice, submitted, ruleset, record) \
             VALUES ($1, $2, $3, '', $4, '', 10, 'won', 1, 200, 0, $5, 16, $6)",
        )
        .bind(run_id(file))
        .bind(DATE)
        .bind(format!("Player {i}"))
        .bind(format!("{i:064x}"))
        .bind(i64::try_from(i).expect("small"))
        .bind(base64::encode(file))
        .execute(&raw)
        .await
        .expect("a run as it was kept");
    }
    // Par: a game that ended (its record) and one that did not (none).
    for (pos, (bot, id, record)) in [
        ("expert", run_id(&whole), base64::encode(&whole)),
        ("careful", String::new(), String::new()),
    ]
    .into_iter()
    .enumerate()
    {
        sqlx::query(
            "INSERT INTO par (day, bot, pos, outcome, depth, turns, score, cause, id, record) \
             VALUES ($1, $2, $3, 'lost', 1, 200, 0, 'a rat', $4, $5)",
        )
        .bind(DATE)
        .bind(bot)
        .bind(i64::try_from(pos).expect("small"))
        .bind(id)
        .bind(record)
        .execute(&raw)
        .await
        .expect("a par game as it was kept");
    }
    raw.close().await;

    let board = Board::open(db).await.expect("opens and migrates");
    for file in &files {
        let (day, bytes) = board
            .run_file(&run_id(file))
            .await
            .expect("reads")
            .expect("kept");
        assert_eq!(day, DATE);
        assert!(bytes == *file, "run file of {} bytes changed", file.len());
    }
    let (day, bytes) = board
        .par_file(&run_id(&whole))
        .await
        .expect("reads")
        .expect("kept");
    assert_eq!((day.as_str(), bytes == whole), (DATE, true));
    assert_eq!(board.par_file("").await.expect("reads"), None);
    // An export writes each record as the base64url it was posted as.
    let mut out = Vec::new();
    let written = caves_server::transfer::export(&board, Some(DATE), &mut out)
        .await
        .expect("exports");
    assert_eq!(written, 3);
    let mut lines: Vec<String> = String::from_utf8(out)
        .expect("text")
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("json");
            v["record"].as_str().expect("a record").to_string()
        })
        .collect();
    let mut posted: Vec<String> = files.iter().map(|f| base64::encode(f)).collect();
    lines.sort();
    posted.sort();
    assert_eq!(lines, posted);
}
