//! The `dump` example's command-line contract.
#![cfg(not(target_arch = "wasm32"))]

use std::process::Command;

fn dump(args: &[&str]) -> std::process::Output {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    Command::new(cargo)
        .args(["run", "--quiet", "--example", "dump", "--"])
        .args(args)
        .output()
        .expect("cargo runs")
}

#[test]
fn prints_each_level_in_the_promised_shape() {
    let out = dump(&[
        "--seed", "5", "--width", "33", "--height", "12", "--depth", "3",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3 * (12 + 2));
    for z in 0..3 {
        let block = &lines[z * 14..(z + 1) * 14];
        assert_eq!(block[0], format!("level {}", z + 1));
        for row in &block[1..13] {
            assert_eq!(row.chars().count(), 33);
            assert!(row.chars().all(|c| ".#<>SPfr".contains(c)), "{row}");
        }
        assert_eq!(block[13], "");
    }
}

#[test]
fn same_seed_same_dump_and_bad_flags_explain_themselves() {
    let a = dump(&[
        "--seed", "9", "--width", "20", "--height", "5", "--depth", "2",
    ]);
    let b = dump(&[
        "--seed", "9", "--width", "20", "--height", "5", "--depth", "2",
    ]);
    assert_eq!(a.stdout, b.stdout);
    let bad = dump(&["--width", "wide"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--width must be a whole number"));
}
