//! The command line (a contract):
//!
//! ```text
//! caves-server [--listen ADDR] [--db URL] [--dist DIR] [--today YYYY-MM-DD]
//!              [--trust-proxy] [--log-format text|json] [CAPS]
//! caves-server health [--url URL]
//! caves-server export [--date YYYY-MM-DD] > runs.ndjson
//! caves-server import FILE
//! caves-server seed [--date YYYY-MM-DD]
//! caves-server --version | --help
//! ```
//!
//! `--db` defaults to the environment's `DATABASE_URL`, else `sqlite://caves-board.db`
//! (created if missing). The caps (`--submissions-per-minute N`, `--names-per-day N`, ...,
//! see `Caps`) default to `limits`' numbers; each is also read from its environment variable
//! (`CAVES_BOARD_SUBMISSIONS_PER_MINUTE`, ...). Errors are one line for a person, and exit 2.

use std::ffi::OsString;
use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use jiff::civil::Date;

use crate::dates::parse_date;
use crate::limits;

#[derive(Debug, Parser)]
#[command(
    name = "caves-server",
    version,
    about = "The daily caves' shared board: replays every submitted run with the game's own rules and keeps the scores."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Sub>,
    /// The database: sqlite://FILE or postgres://USER@HOST/NAME.
    #[arg(
        long,
        global = true,
        env = "DATABASE_URL",
        hide_env_values = true,
        default_value = "sqlite://caves-board.db",
        value_parser = database_url
    )]
    pub db: String,
    /// The server's date, YYYY-MM-DD (the UTC date otherwise).
    #[arg(long, global = true, value_parser = date_arg)]
    pub today: Option<Date>,
    #[command(flatten)]
    pub serve: Serve,
}

/// Serving the board (the default command).
#[derive(Debug, Args)]
pub struct Serve {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// A built page (trunk build --release) to serve at /.
    #[arg(long)]
    pub dist: Option<PathBuf>,
    /// Behind a balancer: the client is the last address of X-Forwarded-For.
    #[arg(long)]
    pub trust_proxy: bool,
    /// The log lines' format.
    #[arg(long, value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    #[command(flatten)]
    pub caps: Caps,
}

/// The caps an operator (or a load test) may set apart from `limits`' numbers, each by a flag
/// or its environment variable.
#[derive(Clone, Debug, Args)]
pub struct Caps {
    /// Submissions (and live runs opened) one address may make per minute.
    #[arg(long, env = "CAVES_BOARD_SUBMISSIONS_PER_MINUTE", default_value_t = limits::SUBMISSIONS_PER_MINUTE)]
    pub submissions_per_minute: u32,
    /// Batches of live actions one address may send per minute.
    #[arg(long, env = "CAVES_BOARD_LIVE_BATCHES_PER_MINUTE", default_value_t = limits::LIVE_BATCHES_PER_MINUTE)]
    pub live_batches_per_minute: u32,
    /// New names one address may claim in 24 hours.
    #[arg(long, env = "CAVES_BOARD_NAMES_PER_DAY", default_value_t = limits::NAMES_PER_DAY)]
    pub names_per_day: i64,
    /// Bytes of runs one address may have kept for a day.
    #[arg(long, env = "CAVES_BOARD_RUN_BYTES_PER_DAY", default_value_t = limits::RUN_BYTES_PER_DAY)]
    pub run_bytes_per_day: i64,
    /// Streams one live run may have open on this copy (503 with Retry-After above).
    #[arg(long, env = "CAVES_BOARD_LIVE_STREAMS_PER_RUN", default_value_t = limits::LIVE_STREAMS_PER_RUN)]
    pub live_streams_per_run: usize,
    /// Batches stored per live run and minute (429 above).
    #[arg(long, env = "CAVES_BOARD_LIVE_BATCHES_PER_RUN", default_value_t = limits::LIVE_BATCHES_PER_RUN)]
    pub live_batches_per_run: i64,
    /// Live runs one address may open in an hour (429 above).
    #[arg(long, env = "CAVES_BOARD_LIVE_RUNS_PER_HOUR", default_value_t = limits::LIVE_RUNS_PER_HOUR)]
    pub live_runs_per_hour: i64,
}

impl Default for Caps {
    /// `limits`' numbers.
    fn default() -> Caps {
        Caps {
            submissions_per_minute: limits::SUBMISSIONS_PER_MINUTE,
            live_batches_per_minute: limits::LIVE_BATCHES_PER_MINUTE,
            names_per_day: limits::NAMES_PER_DAY,
            run_bytes_per_day: limits::RUN_BYTES_PER_DAY,
            live_streams_per_run: limits::LIVE_STREAMS_PER_RUN,
            live_batches_per_run: limits::LIVE_BATCHES_PER_RUN,
            live_runs_per_hour: limits::LIVE_RUNS_PER_HOUR,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

#[derive(Debug, Subcommand)]
pub enum Sub {
    /// Exits 0 when the server at URL answers healthy, 1 otherwise.
    Health {
        #[arg(long, default_value = "http://127.0.0.1:8080/")]
        url: String,
    },
    /// Writes every kept run (of one day with --date) as JSON lines, with its day's seed.
    Export {
        #[arg(long, value_parser = date_arg)]
        date: Option<Date>,
    },
    /// Verifies again and keeps every run of a file written by export.
    Import { file: PathBuf },
    /// Prints the board's seed of a day (today by default): for operators and tests.
    Seed {
        #[arg(long, value_parser = date_arg)]
        date: Option<Date>,
    },
}

fn date_arg(text: &str) -> Result<Date, String> {
    parse_date(text).ok_or_else(|| format!("{text:?} is not a date like 2026-11-24"))
}

fn database_url(text: &str) -> Result<String, String> {
    let text = text.trim();
    if text.starts_with("sqlite:")
        || text.starts_with("postgres://")
        || text.starts_with("postgresql://")
    {
        Ok(text.to_string())
    } else {
        Err(format!(
            "{:?} is not a sqlite:// or postgres:// address",
            crate::board::redact(text)
        ))
    }
}

/// What the command line asks for, or how to end at once: (exit code, text to print).
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Cli, (u8, String)> {
    Cli::try_parse_from(args).map_err(|e| match e.kind() {
        clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion => {
            (0, e.to_string())
        }
        // The value parsers' own words, without the raw value (a database address can
        // hold a password).
        clap::error::ErrorKind::ValueValidation => {
            let arg = e
                .get(clap::error::ContextKind::InvalidArg)
                .map_or_else(|| "a value".to_string(), |a| a.to_string());
            let why = std::error::Error::source(&e)
                .map_or_else(|| "is not valid".to_string(), |s| s.to_string());
            (2, format!("{arg}: {why}; see caves-server --help"))
        }
        _ => {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("bad arguments");
            let first = first.strip_prefix("error: ").unwrap_or(first);
            (2, format!("{first}; see caves-server --help"))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<OsString> {
        std::iter::once("caves-server")
            .chain(list.iter().copied())
            .map(OsString::from)
            .collect()
    }

    #[test]
    fn defaults_flags_and_subcommands() {
        let cli = parse(args(&["--listen", "127.0.0.1:0", "--today=2026-11-24"])).expect("parses");
        assert_eq!(cli.serve.listen.port(), 0);
        assert_eq!(
            cli.today.map(crate::dates::show).as_deref(),
            Some("2026-11-24")
        );
        assert!(cli.command.is_none());
        let cli = parse(args(&[
            "seed",
            "--db",
            "sqlite://b.db",
            "--date",
            "2026-11-20",
        ]))
        .expect("parses");
        assert_eq!(cli.db, "sqlite://b.db");
        assert!(matches!(cli.command, Some(Sub::Seed { date: Some(_) })));
        let cli = parse(args(&["health", "--url", "http://127.0.0.1:9/"])).expect("parses");
        assert!(matches!(cli.command, Some(Sub::Health { .. })));
        assert_eq!(parse(args(&["--version"])).err().map(|e| e.0), Some(0));
    }

    #[test]
    fn bad_flags_are_one_line_errors_that_hide_passwords() {
        for bad in [
            &["--port", "1"][..],
            &["--listen"],
            &["--listen", "nowhere"],
            &["--today", "2026-02-30"],
            &["--db", "mysql://user:secret@x/db"],
            &["--log-format", "xml"],
            &["serve"],
        ] {
            let (code, e) = parse(args(bad)).expect_err("refused");
            assert_eq!(code, 2, "{bad:?}");
            assert!(!e.contains('\n'), "{e}");
            assert!(!e.contains("secret"), "{e}");
        }
    }
}
