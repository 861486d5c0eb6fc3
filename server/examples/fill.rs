//! Fills a board's database with a large day, for the load checks of reads (the fallen,
//! health, metrics):
//!
//! ```text
//! cargo run --release -p caves-server --example fill -- DB DATE RUNS
//! ```
//!
//! The first runs (up to 500: every level-one grave and more) are real runs of the day made
//! by the rules and kept through the board as a post keeps them; the rest are written
//! straight into `runs` in batches, as many counted lost runs, so the day has `RUNS` runs in
//! all. Prints how long each part took.

use std::time::Instant;

use caves_server::board::{Board, NewRun};
use caves_server::runs::daily_run;
use caves_server::verify::{verify, Day};
use sqlx::AssertSqlSafe;

const USAGE: &str = "usage: fill DB DATE RUNS";
const REAL: usize = 500;
const BATCH: usize = 1000;

fn fail(why: &str) -> ! {
    eprintln!("fill: {why}");
    std::process::exit(2)
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [db, date, runs] = args.as_slice() else {
        fail(USAGE);
    };
    let Ok(runs) = runs.parse::<usize>() else {
        fail(USAGE);
    };
    let board = Board::open(db)
        .await
        .unwrap_or_else(|e| fail(&e.to_string()));
    let seed = board
        .seed(date)
        .await
        .unwrap_or_else(|e| fail(&e.to_string()));
    let start = caves_server::board::now_micros();
    let t = Instant::now();
    let real = runs.min(REAL);
    for v in 0..real {
        let bytes = daily_run(date, seed, v as u32).encode();
        let day = [Day {
            date: date.clone(),
            seed,
        }];
        let run = verify(&bytes, &day).unwrap_or_else(|e| fail(&e.to_string()));
        let token = format!("{:064x}", v + 1);
        board
            .take(&NewRun {
                bytes: &bytes,
                run: &run,
                name: &format!("Player {v}"),
                token: &token,
                submitted: start + v as i64,
                origin: None,
            })
            .await
            .unwrap_or_else(|e| fail(&e.to_string()));
    }
    eprintln!(
        "fill: {real} runs kept through the board in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    let t = Instant::now();
    let pool = sqlx::AnyPool::connect(db)
        .await
        .unwrap_or_else(|e| fail(&e.to_string()));
    let mut i = real;
    while i < runs {
        let n = BATCH.min(runs - i);
        let rows: Vec<String> = (0..n)
            .map(|k| {
                let p = 3 + 3 * k;
                format!(
                    "(${p}, $1, ${}, '', ${}, '', 40, 'lost', 1, 100, 0, {}, {}, $2, 1, 10, 10, 'giant rat')",
                    p + 1,
                    p + 2,
                    start + (i + k) as i64,
                    caves_rules::RULESET,
                )
            })
            .collect();
        let sql = format!(
            "INSERT INTO runs (id, day, name, device, token, game, score, outcome, depth, turns, \
             practice, submitted, ruleset, record, end_depth, end_x, end_y, cause) VALUES {}",
            rows.join(", ")
        );
        let mut q = sqlx::query(AssertSqlSafe(sql))
            .bind(date.as_str())
            .bind([7u8; 240].as_slice());
        for k in 0..n {
            let at = i + k + 1;
            q = q
                .bind(format!("{at:032x}"))
                .bind(format!("Filler {at}"))
                .bind(format!("{at:064x}"));
        }
        q.execute(&pool)
            .await
            .unwrap_or_else(|e| fail(&e.to_string()));
        sqlx::query("UPDATE run_counts SET runs = runs + $1 WHERE shard = 0")
            .bind(n as i64)
            .execute(&pool)
            .await
            .unwrap_or_else(|e| fail(&e.to_string()));
        i += n;
    }
    eprintln!(
        "fill: {} runs written straight in {:.1} s",
        runs - real,
        t.elapsed().as_secs_f64()
    );
}
