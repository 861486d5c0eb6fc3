//! The board's service without HTTP, on a real SQLite file: names claimed per token, one
//! counted run per token and day, practice up to its cap, copies refused, ranks from the kept
//! count of scores, the days' seeds from the board's secret, and export then import giving
//! the same board.

use std::path::PathBuf;

use caves_rules::record::Record;
use caves_server::board::{now_micros, Board, NewRun, TakeError, Taken};
use caves_server::limits::PRACTICE_PER_DAY;
use caves_server::names::name_key;
use caves_server::runs::{bumped_copy, daily_run, long_run, tail_copy};
use caves_server::transfer::{export, import};
use caves_server::verify::{verify, Day};

const DATE: &str = "2026-11-24";

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("caves-board-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        Scratch(dir)
    }
    fn db(&self, name: &str) -> String {
        format!("sqlite://{}", self.0.join(name).display())
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

async fn post(board: &Board, record: &Record, name: &str, token: &str) -> Result<Taken, TakeError> {
    let seed = board.seed(DATE).await.expect("a seed");
    let bytes = record.encode();
    let run = verify(
        &bytes,
        &[Day {
            date: DATE.into(),
            seed,
        }],
    )
    .expect("verifies");
    board
        .take(&NewRun {
            bytes: &bytes,
            run: &run,
            name,
            name_key: &name_key(name),
            token,
            submitted: now_micros(),
        })
        .await
}

#[tokio::test]
async fn names_tokens_practice_copies_and_ranks() {
    let scratch = Scratch::new("rules");
    let board = Board::open(&scratch.db("b.db")).await.expect("opens");
    let seed = board.seed(DATE).await.expect("seed");
    assert_ne!(
        seed,
        caves_rules::record::daily_seed(DATE),
        "not the public seed"
    );
    assert_ne!(seed, board.seed("2026-11-25").await.expect("seed"));

    let ada = post(&board, &daily_run(DATE, seed, 1), "Ada", "token-ada")
        .await
        .expect("kept");
    assert!(ada.new && !ada.practice && ada.rank == 1);
    // The same bytes again: the same entry.
    let again = post(&board, &daily_run(DATE, seed, 1), "Ada", "token-ada")
        .await
        .expect("same");
    assert!(!again.new && again.id == ada.id);
    // The name by another token, however written.
    for name in ["Ada", "ADA", " ada", "\u{ff21}da"] {
        assert!(
            matches!(
                post(&board, &daily_run(DATE, seed, 2), name, "token-eve").await,
                Err(TakeError::NameTaken)
            ),
            "{name}"
        );
    }
    // A second run of Ada's is practice, up to the cap.
    for v in 0..PRACTICE_PER_DAY {
        let p = post(
            &board,
            &daily_run(DATE, seed, 10 + v as u32),
            "Ada",
            "token-ada",
        )
        .await
        .expect("practice");
        assert!(p.practice, "run {v}");
    }
    assert!(matches!(
        post(&board, &daily_run(DATE, seed, 9), "Ada", "token-ada").await,
        Err(TakeError::PracticeFull)
    ));
    // Bob's long run counts.
    let long = long_run(DATE, seed, 0, 300);
    let bob = post(&board, &long, "Bob", "token-bob").await.expect("kept");
    assert!(bob.new && !bob.practice);
    // Copies of it, under any name and token.
    for copy in [bumped_copy(&long), tail_copy(&long, 240, 1, 60)] {
        match post(&board, &copy, "Cy", "token-cy").await {
            Err(TakeError::Copy(original)) => assert_eq!(original, bob.id),
            other => panic!("a copy was not refused: {other:?}"),
        }
    }
    // A run that shares less than half of its moves is its own game.
    let own = tail_copy(&long, 100, 1, 200);
    assert!(post(&board, &own, "Cy", "token-cy").await.is_ok());
    let entries = board.day(DATE).await.expect("a board");
    assert_eq!(entries.len(), 3, "{entries:?}");
    for w in entries.windows(2) {
        assert!(w[0].score >= w[1].score);
    }
    for (i, e) in entries.iter().enumerate() {
        assert_eq!(e.rank, i as i64 + 1);
        let found = board.find(&e.id).await.expect("db").expect("kept");
        assert_eq!(
            found.rank, e.rank,
            "the kept count ranks {} as the board does",
            e.name
        );
    }
}

/// Keeps `record` as if it came at `submitted` (microseconds).
async fn post_at(
    board: &Board,
    record: &Record,
    name: &str,
    token: &str,
    submitted: i64,
) -> Result<Taken, TakeError> {
    let seed = board.seed(DATE).await.expect("a seed");
    let bytes = record.encode();
    let day = [Day {
        date: DATE.into(),
        seed,
    }];
    let run = verify(&bytes, &day).expect("verifies");
    board
        .take(&NewRun {
            bytes: &bytes,
            run: &run,
            name,
            name_key: &name_key(name),
            token,
            submitted,
        })
        .await
}

#[tokio::test]
async fn ranks_of_ties_follow_the_time_a_run_came_even_when_it_is_earlier() {
    let scratch = Scratch::new("ties");
    let board = Board::open(&scratch.db("t.db")).await.expect("opens");
    let seed = board.seed(DATE).await.expect("seed");
    // Runs of one score (a short run's), kept in an order other than the one they came in,
    // as an import may keep them: each is ranked where the board lists it.
    let score = |v: u32| {
        verify(
            &daily_run(DATE, seed, v).encode(),
            &[Day {
                date: DATE.into(),
                seed,
            }],
        )
        .expect("verifies")
        .score
    };
    // The score most of the first 64 variants share (a creature met on the way changes some).
    let scores: Vec<u32> = (0..64).map(score).collect();
    let common = *scores
        .iter()
        .max_by_key(|&&a| scores.iter().filter(|&&b| b == a).count())
        .expect("scores");
    let variants: Vec<u32> = (0..64)
        .filter(|&v| scores[v as usize] == common)
        .take(4)
        .collect();
    assert_eq!(variants.len(), 4, "four runs of one score");
    let base = now_micros();
    let mut ranks = Vec::new();
    for (i, at) in [30, 10, 40, 20].into_iter().enumerate() {
        let taken = post_at(
            &board,
            &daily_run(DATE, seed, variants[i]),
            &format!("P{i}"),
            &format!("token-{i}"),
            base + at,
        )
        .await
        .expect("kept");
        ranks.push(taken.rank);
    }
    // At 30: first; at 10: before it; at 40: after both; at 20: second.
    assert_eq!(ranks, [1, 1, 3, 2]);
    let entries = board.day(DATE).await.expect("a board");
    assert_eq!(
        entries.iter().map(|e| e.name.as_str()).collect::<Vec<_>>(),
        ["P1", "P3", "P0", "P2"]
    );
    for e in &entries {
        let found = board.find(&e.id).await.expect("db").expect("kept");
        assert_eq!(found.rank, e.rank, "{}", e.name);
    }
    // A practice run is ranked where it would stand.
    let practice = post_at(
        &board,
        &daily_run(DATE, seed, variants[0] + 1000),
        "P0",
        "token-0",
        base + 25,
    )
    .await
    .expect("kept");
    assert!(practice.practice);
    let found = board.find(&practice.id).await.expect("db").expect("kept");
    assert_eq!(found.rank, practice.rank);
}

#[tokio::test]
async fn export_then_import_gives_the_same_board_and_seed() {
    let scratch = Scratch::new("transfer");
    let from = Board::open(&scratch.db("from.db")).await.expect("opens");
    let seed = from.seed(DATE).await.expect("seed");
    for (v, (name, token)) in [
        ("Ada", "t-ada"),
        ("Bob", "t-bob"),
        ("Ada", "t-ada"),
        ("Cy", "t-cy"),
    ]
    .into_iter()
    .enumerate()
    {
        post(&from, &daily_run(DATE, seed, v as u32 * 7 + 3), name, token)
            .await
            .expect("kept");
    }
    post(&from, &long_run(DATE, seed, 2, 150), "Dee", "t-dee")
        .await
        .expect("kept");
    let mut lines = Vec::new();
    assert_eq!(export(&from, None, &mut lines).await, Ok(5));
    let file = scratch.0.join("runs.ndjson");
    std::fs::write(&file, &lines).expect("written");

    let to = Board::open(&scratch.db("to.db")).await.expect("opens");
    assert_ne!(
        to.seed(DATE).await.expect("seed"),
        seed,
        "a new board has its own secret"
    );
    let done = import(&to, &file).await.expect("imports");
    assert_eq!(
        (done.kept, done.already, done.refused.len()),
        (5, 0, 0),
        "{done:?}"
    );
    assert_eq!(
        to.seed(DATE).await.expect("seed"),
        seed,
        "the day's seed came with its runs"
    );
    assert_eq!(
        from.day(DATE).await.expect("a"),
        to.day(DATE).await.expect("b")
    );
    // Again: everything is kept already.
    let again = import(&to, &file).await.expect("imports");
    assert_eq!((again.kept, again.already), (0, 5));
    // A line whose seed was changed by hand is verified again and refused.
    let text = String::from_utf8(lines).expect("utf-8");
    let forged: String = text
        .lines()
        .take(1)
        .map(|l| l.replace(&format!("\"seed\":\"{seed}\""), "\"seed\":\"12345\""))
        .collect();
    let bad = scratch.0.join("bad.ndjson");
    std::fs::write(&bad, forged).expect("written");
    let refused = import(&to, &bad).await.expect("reads");
    assert_eq!(refused.refused.len(), 1, "{refused:?}");
}
