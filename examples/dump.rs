//! Prints a generated world as text, level by level from the top.
//!
//! `cargo run --release --example dump -- --seed S --width W --height H --depth D
//!  --fill P --passes N --rule majority|five-of-nine --min-region N --stop STEP`
//! Each level: a line `level N` (from 1), H lines of W characters, then a blank line.
//! Characters: '.' floor, '#' wall, '<' stairs up, '>' stairs down, features and (after the
//! whole recipe) items as in the README.
//! `--stop` ends the recipe after a step: fill, smooth, regions, stairs, connect or features
//! (the default, the whole recipe). Bad values get a message and exit code 2.

use caves::rules::builder::{SmoothRule, Stage, WorldParams, MAX_DEPTH, MAX_PASSES, MAX_SIDE};
use caves::rules::rng::parse_seed;
use std::process::ExitCode;

const USAGE: &str = "usage: dump [--seed S] [--width W] [--height H] [--depth D] [--fill P] \
[--passes N] [--rule majority|five-of-nine] [--min-region N] \
[--stop fill|smooth|regions|stairs|connect|features]";

struct Args {
    seed: u64,
    params: WorldParams,
    stop: Stage,
}

/// A whole number from `lo` to `hi`, or a message naming the flag.
fn number(flag: &str, value: &str, lo: u32, hi: u32) -> Result<u32, String> {
    match value.parse::<u32>() {
        Ok(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => Err(format!(
            "{flag} must be a whole number from {lo} to {hi}, not '{value}'"
        )),
    }
}

fn parse(args: &[String]) -> Result<Args, String> {
    let mut out = Args {
        seed: 0,
        params: WorldParams::default(),
        stop: Stage::Features,
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        if flag == "--help" || flag == "-h" {
            return Err(USAGE.into());
        }
        let value = it
            .next()
            .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
        let side = MAX_SIDE as u32;
        let p = &mut out.params;
        match flag.as_str() {
            "--seed" => out.seed = parse_seed(value),
            "--width" => p.width = number(flag, value, 1, side)? as i32,
            "--height" => p.height = number(flag, value, 1, side)? as i32,
            // Depths past the most levels a world may have are brought down to it.
            "--depth" => p.depth = number(flag, value, 1, side)?.min(MAX_DEPTH as u32) as i32,
            "--fill" => {
                p.fill = match value.parse::<f64>() {
                    Ok(v) if (0.0..=1.0).contains(&v) => v,
                    _ => {
                        return Err(format!(
                            "--fill must be a number from 0 to 1, not '{value}'"
                        ))
                    }
                }
            }
            "--passes" => p.passes = number(flag, value, 0, MAX_PASSES)?,
            "--rule" => {
                p.rule = SmoothRule::named(value).ok_or_else(|| {
                    format!("--rule must be majority or five-of-nine, not '{value}'")
                })?
            }
            "--min-region" => p.min_region = number(flag, value, 0, u32::MAX)?,
            "--stop" => {
                out.stop = Stage::parse(value).ok_or_else(|| {
                    format!(
                        "--stop must be one of {}, not '{value}'",
                        Stage::NAMES.join(", ")
                    )
                })?
            }
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
    let world = a.params.build_until(a.seed, a.stop);
    if a.stop != Stage::Features {
        print!("{}", world.dump());
        return ExitCode::SUCCESS;
    }
    // The whole recipe: the items the game places lie on top, by their own characters.
    let items = caves::rules::items::place(&world, a.seed);
    for z in 0..world.depth() {
        println!("level {}", z + 1);
        for (y, row) in world.level_text(z).lines().enumerate() {
            let mut row: Vec<char> = row.chars().collect();
            for (p, item) in items.iter().filter(|(p, _)| p.z == z && p.y == y as i32) {
                if let Some(c) = row.get_mut(p.x as usize) {
                    *c = item.info().dump;
                }
            }
            println!("{}", row.into_iter().collect::<String>());
        }
        println!();
    }
    ExitCode::SUCCESS
}
