//! Prints a generated world as text, level by level from the top.
//!
//! `cargo run --release --example dump -- --seed S --width W --height H --depth D
//!  --fill P --passes N --rule majority|five-of-nine --min-region N --stop STEP`
//! Each level: a line `level N` (from 1), H lines of W characters, then a blank line.
//! Characters: '.' floor, '#' wall, '<' stairs up, '>' stairs down, features and (after the
//! whole recipe) items as in the README.
//! `--stop` ends the recipe after a step: fill, smooth, regions, stairs, connect or features
//! (the default, the whole recipe). Bad values (and arguments that are not UTF-8 text) get a
//! message and exit code 2.
//!
//! `--kinds` prints every kind instead of a world, one a line, tab-separated: its family
//! (`terrain`, `creature` or `item`), name, character, and the first level (from 1) of these
//! caves it is found on (`-` for the rock past the map's edge, found on none).

use caves::rules::builder::{SmoothRule, Stage, WorldParams, MAX_DEPTH, MAX_PASSES, MAX_SIDE};
use caves::rules::kinds::listing;
use caves::rules::rng::parse_seed;
use caves::rules::space::geom::Point;
use caves::rules::space::world::World;
use std::io::{BufWriter, ErrorKind, Write};
use std::process::ExitCode;

const USAGE: &str = "usage: dump [--seed S] [--width W] [--height H] [--depth D] [--fill P] \
[--passes N] [--rule majority|five-of-nine] [--min-region N] \
[--stop fill|smooth|regions|stairs|connect|features] [--kinds]";

struct Args {
    seed: u64,
    params: WorldParams,
    stop: Stage,
    /// List the kinds instead of a world.
    kinds: bool,
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
        kinds: false,
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        if flag == "--help" || flag == "-h" {
            return Err(USAGE.into());
        }
        if flag == "--kinds" {
            out.kinds = true;
            continue;
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

/// The arguments as text, or a message naming the first that is not UTF-8.
fn text_args(args: impl Iterator<Item = std::ffi::OsString>) -> Result<Vec<String>, String> {
    args.map(|a| {
        a.into_string().map_err(|a| {
            format!(
                "arguments must be text (UTF-8), not '{}'\n{USAGE}",
                a.to_string_lossy()
            )
        })
    })
    .collect()
}

/// Prints the world of the whole recipe with the items the game places on top, by their
/// own characters. The items are sorted by level, row and column once and laid over the rows
/// in one pass, so the largest world takes time in proportion to its cells.
fn print_with_items(out: &mut impl Write, world: &World, seed: u64) -> std::io::Result<()> {
    let mut items =
        caves::rules::items::placing::place(world, seed, &caves::rules::variants::NORMAL);
    items.sort_by_key(|(p, _)| (p.z, p.y, p.x));
    let mut items = items.into_iter().peekable();
    let mut row = String::with_capacity(world.width() as usize + 1);
    for z in 0..world.depth() {
        writeln!(out, "level {}", z + 1)?;
        for y in 0..world.height() {
            row.clear();
            for x in 0..world.width() {
                let mut c = world.tile(Point::new(x, y, z)).dump();
                // The last item on a cell is the one shown.
                while let Some((_, item)) = items.next_if(|(p, _)| (p.z, p.y, p.x) == (z, y, x)) {
                    c = item.dump();
                }
                row.push(c);
            }
            row.push('\n');
            out.write_all(row.as_bytes())?;
        }
        writeln!(out)?;
    }
    out.flush()
}

fn main() -> ExitCode {
    let parsed = text_args(std::env::args_os().skip(1)).and_then(|args| parse(&args));
    let a = match parsed {
        Ok(a) => a,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    let written = if a.kinds {
        print_kinds(&mut out, &a.params)
    } else {
        print_world(&mut out, &a)
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stops early (`| head`) is not an error.
        Err(e) if e.kind() == ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dump: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Every kind, one a line: family, name, character, first level.
fn print_kinds(out: &mut impl Write, params: &WorldParams) -> std::io::Result<()> {
    for k in listing(params) {
        let first = k.first.map_or("-".to_string(), |f| f.to_string());
        writeln!(out, "{}\t{}\t{}\t{first}", k.family, k.name, k.dump)?;
    }
    out.flush()
}

fn print_world(out: &mut impl Write, a: &Args) -> std::io::Result<()> {
    let world = a.params.build_until(a.seed, a.stop);
    if a.stop == Stage::Features {
        print_with_items(out, &world, a.seed)
    } else {
        // As `World::dump` writes it, a level at a time.
        (0..world.depth())
            .try_for_each(|z| write!(out, "level {}\n{}\n", z + 1, world.level_text(z)))
            .and_then(|()| out.flush())
    }
}
