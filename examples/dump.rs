//! Prints a generated world as text, level by level from the top.
//!
//! `cargo run --release --example dump -- --seed S --width W --height H --depth D`
//! Each level: a line `level N` (from 1), H lines of W characters, then a blank line.
//! Characters: '.' floor, '#' wall, '<' stairs up, '>' stairs down.

use caves::builder::WorldBuilder;
use caves::rng::parse_seed;
use std::process::ExitCode;

const USAGE: &str = "usage: dump [--seed S] [--width W] [--height H] [--depth D]";

struct Args {
    seed: u64,
    width: i32,
    height: i32,
    depth: i32,
}

fn parse(args: &[String]) -> Result<Args, String> {
    let d = caves::builder::WorldParams::default();
    let mut out = Args {
        seed: 0,
        width: d.width,
        height: d.height,
        depth: d.depth,
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        if flag == "--help" || flag == "-h" {
            return Err(USAGE.into());
        }
        let value = it
            .next()
            .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
        let size = |name: &str| -> Result<i32, String> {
            match value.parse::<i32>() {
                Ok(v) if (1..=4096).contains(&v) => Ok(v),
                _ => Err(format!(
                    "{name} must be a whole number from 1 to 4096, not '{value}'"
                )),
            }
        };
        match flag.as_str() {
            "--seed" => out.seed = parse_seed(value),
            "--width" => out.width = size("--width")?,
            "--height" => out.height = size("--height")?,
            "--depth" => out.depth = size("--depth")?.min(64),
            other => return Err(format!("unknown option '{other}'\n{USAGE}")),
        }
    }
    Ok(out)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let a = match parse(&args) {
        Ok(a) => a,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let world = WorldBuilder::new(a.width, a.height, a.depth, a.seed)
        .make_caves()
        .build();
    print!("{}", world.dump());
    ExitCode::SUCCESS
}
