//! The command line (a contract):
//!
//! ```text
//! caves-server [--listen ADDR] [--db URL] [--dist DIR] [--today YYYY-MM-DD]
//! ```
//!
//! `--listen` defaults to 127.0.0.1:8080; `--db` to the environment's `DATABASE_URL`, else
//! `sqlite://caves-board.db` (created if missing); `--dist` serves a built page at `/`;
//! `--today` fixes the server's date (UTC otherwise).

use std::ffi::OsString;
use std::net::SocketAddr;
use std::path::PathBuf;

use crate::verify::valid_date;

pub const USAGE: &str =
    "usage: caves-server [--listen ADDR] [--db URL] [--dist DIR] [--today YYYY-MM-DD]";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Args {
    pub listen: SocketAddr,
    pub db: String,
    pub dist: Option<PathBuf>,
    pub today: Option<String>,
}

/// What the command line asks for: a server to run, or the usage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Serve(Args),
    Help,
}

/// Reads the arguments (after the program's name). `database_url` is the environment's
/// `DATABASE_URL`. Errors are one line for a person.
pub fn parse(
    args: impl IntoIterator<Item = OsString>,
    database_url: Option<String>,
) -> Result<Command, String> {
    let mut out = Args {
        listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
        db: database_url
            .filter(|u| !u.trim().is_empty())
            .unwrap_or_else(|| "sqlite://caves-board.db".into()),
        dist: None,
        today: None,
    };
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let arg = arg
            .into_string()
            .map_err(|a| format!("{} is not text; {USAGE}", a.to_string_lossy()))?;
        if arg == "--help" || arg == "-h" {
            return Ok(Command::Help);
        }
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(v.to_string())),
            _ => (arg.clone(), None),
        };
        if !matches!(flag.as_str(), "--listen" | "--db" | "--dist" | "--today") {
            return Err(format!("unknown argument {arg:?}; {USAGE}"));
        }
        let value = match inline {
            Some(v) => v,
            None => args
                .next()
                .ok_or_else(|| format!("{flag} needs a value; {USAGE}"))?
                .into_string()
                .map_err(|v| format!("the value of {flag} is not text: {}", v.to_string_lossy()))?,
        };
        match flag.as_str() {
            "--listen" => {
                out.listen = value.parse().map_err(|_| {
                    format!("--listen {value:?} is not an address like 127.0.0.1:8080")
                })?;
            }
            "--db" => {
                if !(value.starts_with("sqlite:")
                    || value.starts_with("postgres://")
                    || value.starts_with("postgresql://"))
                {
                    return Err(format!(
                        "--db {value:?} is not a sqlite:// or postgres:// address"
                    ));
                }
                out.db = value;
            }
            "--dist" => {
                let dir = PathBuf::from(&value);
                if !dir.join("index.html").is_file() {
                    return Err(format!(
                        "--dist {value:?} holds no built page (no index.html)"
                    ));
                }
                out.dist = Some(dir);
            }
            _ => {
                if !valid_date(&value) {
                    return Err(format!("--today {value:?} is not a date like 2026-11-24"));
                }
                out.today = Some(value);
            }
        }
    }
    Ok(Command::Serve(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<OsString> {
        list.iter().map(OsString::from).collect()
    }

    #[test]
    fn defaults_flags_and_the_environment() {
        let Ok(Command::Serve(a)) = parse(args(&[]), None) else {
            panic!("no flags serve");
        };
        assert_eq!(a.listen.to_string(), "127.0.0.1:8080");
        assert_eq!(a.db, "sqlite://caves-board.db");
        let Ok(Command::Serve(a)) = parse(
            args(&["--listen", "127.0.0.1:0", "--today=2026-11-24"]),
            Some("postgres://x@localhost/caves".into()),
        ) else {
            panic!("flags serve");
        };
        assert_eq!(a.listen.port(), 0);
        assert_eq!(a.today.as_deref(), Some("2026-11-24"));
        assert_eq!(
            a.db, "postgres://x@localhost/caves",
            "DATABASE_URL without --db"
        );
        let Ok(Command::Serve(a)) = parse(
            args(&["--db", "sqlite://b.db"]),
            Some("postgres://x".into()),
        ) else {
            panic!("--db serves");
        };
        assert_eq!(a.db, "sqlite://b.db", "--db wins over DATABASE_URL");
    }

    #[test]
    fn bad_flags_are_one_line_errors() {
        for bad in [
            &["--port", "1"][..],
            &["--listen"],
            &["--listen", "nowhere"],
            &["--today", "2026-02-30"],
            &["--db", "mysql://x"],
            &["--dist", "/no/such/dir"],
            &["serve"],
        ] {
            let e = parse(args(bad), None).expect_err("refused");
            assert!(!e.contains('\n'), "{e}");
        }
    }
}
