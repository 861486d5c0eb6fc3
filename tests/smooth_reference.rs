//! The dump's `--stop smooth` against a plain, obviously correct version of both smoothing
//! rules, run on the dump's own random fill (`--stop fill`) over random sizes and seeds.
#![cfg(not(target_arch = "wasm32"))]

mod dump;

fn dump(args: &[String]) -> Vec<Vec<Vec<bool>>> {
    dump::levels(&dump::run(args))
        .into_iter()
        .map(|rows| {
            rows.iter()
                .map(|l| l.chars().map(|c| c == '.').collect())
                .collect()
        })
        .collect()
}

/// One pass of a rule, cell by cell. Majority: floor when at least half the cells of the 3x3
/// block that lie inside the grid are floor. Five of nine: floor when at least 5 of the 9 are
/// floor, cells outside counting as wall.
fn reference(grid: &[Vec<bool>], five_of_nine: bool) -> Vec<Vec<bool>> {
    let h = grid.len() as i64;
    let w = grid[0].len() as i64;
    let mut out = grid.to_vec();
    for y in 0..h {
        for x in 0..w {
            let mut floors = 0;
            let mut inside = 0;
            for ny in y - 1..=y + 1 {
                for nx in x - 1..=x + 1 {
                    if nx >= 0 && ny >= 0 && nx < w && ny < h {
                        inside += 1;
                        if grid[ny as usize][nx as usize] {
                            floors += 1;
                        }
                    }
                }
            }
            out[y as usize][x as usize] = if five_of_nine {
                floors >= 5
            } else {
                floors * 2 >= inside
            };
        }
    }
    out
}

#[test]
fn stop_smooth_matches_a_plain_reference_for_both_rules() {
    // A small fixed sequence of sizes and seeds (a simple LCG, so the test needs nothing else).
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    for round in 0..12 {
        let (w, h) = (1 + next(140), 1 + next(40));
        let seed = next(1_000_000).to_string();
        let fill = format!("0.{}", 3 + next(5));
        let passes = next(4);
        let rule = if round % 2 == 0 {
            "majority"
        } else {
            "five-of-nine"
        };
        let base: Vec<String> = [
            "--seed",
            &seed,
            "--width",
            &w.to_string(),
            "--height",
            &h.to_string(),
            "--depth",
            "2",
            "--fill",
            &fill,
            "--rule",
            rule,
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let with = |more: &[&str]| -> Vec<String> {
            base.iter()
                .cloned()
                .chain(more.iter().map(|s| s.to_string()))
                .collect()
        };
        let filled = dump(&with(&["--stop", "fill"]));
        let smoothed = dump(&with(&[
            "--passes",
            &passes.to_string(),
            "--stop",
            "smooth",
        ]));
        for (z, level) in filled.iter().enumerate() {
            let mut expect = level.clone();
            for _ in 0..passes {
                expect = reference(&expect, rule == "five-of-nine");
            }
            assert_eq!(
                smoothed[z],
                expect,
                "{w}x{h} seed {seed} fill {fill} {rule} {passes} passes, level {}",
                z + 1
            );
        }
    }
}
