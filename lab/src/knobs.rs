//! The parameters the lab can change, one notch at a time, and how far back a change reaches
//! in the recipe (the steps before it stay as they are).

use caves_rules::builder::{SmoothRule, WorldParams, MAX_DEPTH, MAX_PASSES, MAX_SIDE};

/// Most cells (width x height x depth) the lab generates, so every step's snapshot fits in
/// memory.
pub const MAX_CELLS: i64 = 1 << 21;

/// The parameters in the order they are listed.
pub const NAMES: [&str; 8] = [
    "seed",
    "width",
    "height",
    "depth",
    "fill",
    "passes",
    "rule",
    "min region",
];

const SIDES: [i32; 24] = [
    1, 2, 3, 5, 8, 10, 16, 20, 32, 40, 50, 60, 64, 80, 100, 128, 160, 200, 256, 400, 512, 640, 800,
    1024,
];
const MINS: [u32; 15] = [0, 1, 2, 5, 10, 15, 20, 25, 30, 40, 50, 75, 100, 200, 500];

/// The value of parameter `k` as shown.
pub fn show(k: usize, p: &WorldParams, seed: u64) -> String {
    match k {
        0 => seed.to_string(),
        1 => p.width.to_string(),
        2 => p.height.to_string(),
        3 => p.depth.to_string(),
        4 => format!("{}%", p.fill_percent()),
        5 => p.passes.to_string(),
        6 => p.rule.name().into(),
        _ => p.min_region.to_string(),
    }
}

/// The next value in `list` after (`by` > 0) or before `v`; `v` itself at either end.
fn notch<T: Copy + PartialOrd>(list: &[T], v: T, by: i32) -> T {
    if by > 0 {
        list.iter().copied().find(|&x| x > v).unwrap_or(v)
    } else {
        list.iter().rev().copied().find(|&x| x < v).unwrap_or(v)
    }
}

/// Parameter `k` moved by one notch in the direction of `by`: the new parameters and seed,
/// or `None` when nothing changes or the world would be too big for the lab.
pub fn change(k: usize, p: &WorldParams, seed: u64, by: i32) -> Option<(WorldParams, u64)> {
    let mut q = *p;
    let mut s = seed;
    let up = by > 0;
    match k {
        0 => {
            s = if up {
                seed.wrapping_add(1)
            } else {
                seed.wrapping_sub(1)
            }
        }
        1 => q.width = notch(&SIDES, p.width, by).min(MAX_SIDE),
        2 => q.height = notch(&SIDES, p.height, by).min(MAX_SIDE),
        3 => q.depth = (p.depth + by.signum()).clamp(1, MAX_DEPTH),
        4 => q.fill = (((p.fill * 20.0).round() + f64::from(by.signum())) / 20.0).clamp(0.0, 1.0),
        5 => {
            q.passes = if up {
                (p.passes + 1).min(MAX_PASSES)
            } else {
                p.passes.saturating_sub(1)
            }
        }
        6 => {
            q.rule = match p.rule {
                SmoothRule::Majority => SmoothRule::FiveOfNine,
                SmoothRule::FiveOfNine => SmoothRule::Majority,
            }
        }
        _ => q.min_region = notch(&MINS, p.min_region, by),
    }
    let same = q == *p && s == seed;
    (!same && fits(&q)).then_some((q, s))
}

/// True when the lab may generate a world of these parameters.
pub fn fits(p: &WorldParams) -> bool {
    i64::from(p.width) * i64::from(p.height) * i64::from(p.depth) <= MAX_CELLS
}

/// How many leading steps (of the lab's step list) stay the same when parameter `k` changes
/// from `old` to `new`.
pub fn kept_steps(k: usize, old: &WorldParams, new: &WorldParams) -> usize {
    match k {
        // Rule: the fill stays.
        6 => 1,
        // Passes: the fill and the passes both have.
        5 => 1 + old.passes.min(new.passes) as usize,
        // Minimum region: the fill, every pass (or the no-pass step) and the region view
        // (which is redrawn with the new minimum anyway).
        7 => 1 + new.passes.max(1) as usize,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notches_move_along_the_lists_and_stop_at_the_ends() {
        let p = WorldParams::default();
        let (q, _) = change(1, &p, 0, 1).expect("wider");
        assert_eq!(q.width, 128);
        let (q, _) = change(4, &p, 0, -1).expect("less fill");
        assert_eq!(q.fill, 0.45);
        assert!(change(5, &WorldParams { passes: 0, ..p }, 0, -1).is_none());
        let big = WorldParams {
            width: 1024,
            height: 1024,
            depth: 2,
            ..p
        };
        assert!(change(3, &big, 0, 1).is_none(), "too many cells");
        assert_eq!(change(0, &p, 9, 1).map(|(_, s)| s), Some(10));
    }
}
