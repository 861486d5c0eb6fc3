//! The board as a cache of its runs: `export` writes every kept run with what is needed to
//! verify it again (its day's seed); `import` verifies each again as it keeps it, so a board
//! can be rebuilt, or moved from SQLite to PostgreSQL, from its run files alone. Runs are
//! written in the order they came, so importing them in that order gives the same counted
//! runs, names and ranks.
//!
//! An import file is not trusted more than a post: a line is checked whole (its date not
//! after today, its name as the API cleans names, a token digest of 64 hex digits, a time
//! within the two days a run of its date can be posted on, its run verified on its seed)
//! before anything of it is kept, so a refused line sets no day's seed.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::Path;

use jiff::civil::Date;

use crate::board::{Board, NewRun};
use crate::dates::{parse_date, show, start_micros};
use crate::names::clean_name;
use crate::verify::{verify, Day};

/// Microseconds in a day.
const DAY_MICROS: i64 = 86_400_000_000;

/// One line of an export.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct Line {
    pub id: String,
    pub date: String,
    /// The day's seed, in decimal.
    pub seed: String,
    pub name: String,
    /// The digest of the player's token (the token itself is never kept).
    pub token: String,
    pub practice: bool,
    /// Microseconds since 1970.
    pub submitted: i64,
    /// The run file, base64url.
    pub record: String,
}

/// Why an export or an import stopped.
#[derive(Debug, thiserror::Error)]
pub enum TransferError {
    #[error("the database failed: {0}")]
    Database(#[from] sqlx::Error),
    #[error("cannot write: {0}")]
    Write(std::io::Error),
    #[error("cannot read {}: {error}", .file.display())]
    Read {
        file: std::path::PathBuf,
        error: std::io::Error,
    },
}

/// Why one line of an import was refused.
#[derive(Debug, thiserror::Error)]
pub enum LineRefusal {
    #[error("not an exported run: {0}")]
    NotALine(serde_json::Error),
    #[error("{0:?} is not a date like 2026-11-24")]
    NotADate(String),
    #[error("a run of {0} is after today ({1})")]
    AfterToday(String, String),
    #[error("the name: {0}")]
    Name(String),
    #[error("the token digest is not 64 hex digits")]
    Token,
    #[error("{0} has no start")]
    NoStart(String),
    #[error("the time it came ({0}) is not on {1} or the day after")]
    Time(i64, String),
    #[error("the seed is not a number")]
    Seed,
    #[error("the record is not base64url")]
    Record,
    #[error("{0}")]
    Unfit(crate::verify::Refusal),
    #[error("the database failed: {0}")]
    Database(#[from] sqlx::Error),
    #[error("this board has runs of {0} on another seed")]
    OtherSeed(String),
    #[error("{0}")]
    Taken(crate::board::TakeError),
}

/// Writes the kept runs (of `date`, or all) to `out`; how many.
pub async fn export(
    board: &Board,
    date: Option<&str>,
    out: &mut impl Write,
) -> Result<u64, TransferError> {
    let mut seeds = BTreeMap::new();
    let mut after = (i64::MIN, String::new());
    let mut written = 0;
    loop {
        let page = board.kept_after(date, (after.0, &after.1), 500).await?;
        let Some(last) = page.last() else {
            break;
        };
        after = (last.submitted, last.id.clone());
        for kept in page {
            let seed = match seeds.get(&kept.date) {
                Some(&s) => s,
                None => {
                    let s = board.seed(&kept.date).await?;
                    seeds.insert(kept.date.clone(), s);
                    s
                }
            };
            let line = Line {
                seed: seed.to_string(),
                practice: kept.practice != 0,
                id: kept.id,
                date: kept.date,
                name: kept.name,
                token: kept.token,
                submitted: kept.submitted,
                record: caves_rules::record::base64::encode(&kept.record),
            };
            let text = serde_json::to_string(&line).map_err(std::io::Error::other);
            text.and_then(|text| writeln!(out, "{text}"))
                .map_err(TransferError::Write)?;
            written += 1;
        }
    }
    out.flush().map_err(TransferError::Write)?;
    Ok(written)
}

/// What an import did.
#[derive(Debug, Default)]
pub struct Imported {
    pub kept: u64,
    /// Lines whose run was kept already.
    pub already: u64,
    /// (line number, why) of each line refused.
    pub refused: Vec<(usize, LineRefusal)>,
}

/// Reads an export from `file`, verifies every run again and keeps it; a line of a day after
/// `today` is refused.
pub async fn import(board: &Board, file: &Path, today: Date) -> Result<Imported, TransferError> {
    let unread = |error| TransferError::Read {
        file: file.to_path_buf(),
        error,
    };
    let f = std::fs::File::open(file).map_err(unread)?;
    let mut done = Imported::default();
    for (i, line) in std::io::BufReader::new(f).lines().enumerate() {
        let line = line.map_err(unread)?;
        if line.trim().is_empty() {
            continue;
        }
        match import_line(board, &line, today).await {
            Ok(true) => done.kept += 1,
            Ok(false) => done.already += 1,
            Err(why) => done.refused.push((i + 1, why)),
        }
    }
    Ok(done)
}

/// Keeps one exported run: true when new, false when it was kept already. Everything is
/// checked, and the run verified on the line's seed, before the seed is adopted or the run
/// kept.
async fn import_line(board: &Board, text: &str, today: Date) -> Result<bool, LineRefusal> {
    let line: Line = serde_json::from_str(text).map_err(LineRefusal::NotALine)?;
    let date = parse_date(&line.date).ok_or_else(|| LineRefusal::NotADate(line.date.clone()))?;
    if date > today {
        return Err(LineRefusal::AfterToday(line.date, show(today)));
    }
    let name = clean_name(&line.name).map_err(|e| LineRefusal::Name(e.to_string()))?;
    if line.token.len() != 64 || !line.token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(LineRefusal::Token);
    }
    let token = line.token.to_ascii_lowercase();
    let start = start_micros(date).ok_or_else(|| LineRefusal::NoStart(line.date.clone()))?;
    if !(start..start + 2 * DAY_MICROS).contains(&line.submitted) {
        return Err(LineRefusal::Time(line.submitted, line.date));
    }
    let seed: u64 = line.seed.parse().map_err(|_| LineRefusal::Seed)?;
    let bytes = caves_rules::record::base64::decode(&line.record).ok_or(LineRefusal::Record)?;
    let day = [Day {
        date: line.date.clone(),
        seed,
    }];
    let run = verify(&bytes, &day).map_err(LineRefusal::Unfit)?;
    if !board.adopt_seed(&line.date, seed).await? {
        return Err(LineRefusal::OtherSeed(line.date));
    }
    let new = NewRun {
        bytes: &bytes,
        run: &run,
        name: &name,
        token: &token,
        submitted: line.submitted,
        origin: None,
    };
    let taken = board.take(&new).await.map_err(LineRefusal::Taken)?;
    Ok(taken.new)
}
