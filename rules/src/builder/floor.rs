//! A floor tile drawn at random from a level, for the way out and the moss: the floor is
//! counted per block in wide lanes, and only the block holding the pick is walked.

use crate::kinds::tile::Tile;
use crate::rng::GameRng;
use rand::Rng;

/// A floor tile of `level` picked at random (its index), or `None` when there is none; one
/// number is drawn when there is. The floor is counted per block in wide lanes, and only the
/// block holding the pick is walked.
pub(super) fn random_floor(level: &[Tile], rng: &mut GameRng) -> Option<usize> {
    let blocks = floor_blocks(level);
    let k = pick(rng, blocks.iter().sum())?;
    nth_floor(level, &blocks, k)
}

/// A number below `n` drawn from `rng`, or `None` (and nothing drawn) when `n` is 0.
fn pick(rng: &mut GameRng, n: usize) -> Option<usize> {
    (n > 0).then(|| rng.random_range(0..n as u32) as usize)
}

const BLOCK: usize = 4080;

/// The number of floor tiles in each `BLOCK` tiles of `level`, counted in byte-sized lanes
/// (255 tiles at a time) so the count runs wide.
fn floor_blocks(level: &[Tile]) -> Vec<usize> {
    let count = |c: &[Tile]| c.iter().fold(0u8, |n, &t| n + u8::from(t == Tile::Floor));
    let mut blocks = Vec::new();
    for block in level.chunks(BLOCK) {
        blocks.push(block.chunks(255).map(|c| usize::from(count(c))).sum());
    }
    blocks
}

/// The index of the `k`-th floor tile (from 0) of `level`, whose per-block floor counts are
/// `blocks`: the block holding it is found from the counts, then walked.
fn nth_floor(level: &[Tile], blocks: &[usize], mut k: usize) -> Option<usize> {
    for (b, &n) in blocks.iter().enumerate() {
        if k < n {
            let block = level.chunks(BLOCK).nth(b)?;
            let (at, _) = block
                .iter()
                .enumerate()
                .filter(|&(_, &t)| t == Tile::Floor)
                .nth(k)?;
            return Some(b * BLOCK + at);
        }
        k -= n;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::seeded;
    use rand::RngCore;

    /// The exit's pick against a plain reference: count the floor tiles, draw one number
    /// below the count, take that floor tile.
    #[test]
    fn the_random_floor_is_the_one_a_plain_count_picks() {
        let mut make = seeded(9);
        for (len, share) in [
            (0, 0.5),
            (1, 1.0),
            (7, 0.0),
            (300, 0.3),
            (4080, 0.5),
            (9001, 0.02),
            (20_000, 0.6),
        ] {
            for seed in 0..20 {
                let level: Vec<Tile> = (0..len)
                    .map(|_| {
                        if make.random_bool(share) {
                            Tile::Floor
                        } else {
                            Tile::Wall
                        }
                    })
                    .collect();
                let (mut a, mut b) = (seeded(seed), seeded(seed));
                let picked = random_floor(&level, &mut a);
                let floors: Vec<usize> = (0..len).filter(|&i| level[i] == Tile::Floor).collect();
                let reference = pick(&mut b, floors.len()).map(|k| floors[k]);
                assert_eq!(picked, reference, "{len} tiles");
                assert_eq!(a.next_u64(), b.next_u64(), "the same numbers drawn");
                let any_floor = level.contains(&Tile::Floor);
                assert_eq!(picked.is_some(), any_floor);
                assert!(picked.is_none_or(|i| level[i] == Tile::Floor));
            }
        }
    }
}
