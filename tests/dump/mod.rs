//! Running the `dump` example from tests and reading its levels back.

use std::ffi::OsStr;
use std::process::{Command, Output};

/// Runs `cargo run --example dump -- ARGS`.
pub fn run<S: AsRef<OsStr>>(args: &[S]) -> Output {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    Command::new(cargo)
        .args(["run", "--quiet", "--example", "dump", "--"])
        .args(args)
        .output()
        .expect("cargo runs")
}

/// The rows of each level of a successful dump.
pub fn levels(out: &Output) -> Vec<Vec<String>> {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout.clone()).expect("utf-8");
    text.split("level ")
        .skip(1)
        .map(|block| {
            block
                .lines()
                .skip(1)
                .filter(|l| !l.is_empty())
                .map(String::from)
                .collect()
        })
        .collect()
}
