//! The environment layer: stalagmites, deep pools, glowing fungus and
//! rubble scattered over the floor. A feature that blocks walking is placed only where it
//! cannot cut a path: the open cells around it must stay joined among themselves.

use super::bitgrid::BitGrid;
use crate::kinds::tile::Tile;
use crate::rng::GameRng;
use crate::space::world::World;
use rand::RngCore;

/// Chance per floor tile, in 1024ths, for each feature (7.1% of the floor in all).
pub const FEATURES: [(Tile, u32); 4] = [
    (Tile::Stalagmite, 26),
    (Tile::Pool, 12),
    (Tile::Fungus, 15),
    (Tile::Rubble, 20),
];

/// `BLOCKABLE[n]`: whether a feature that blocks walking may stand where its open neighbours
/// are `n`, in the order bit rows give them: bits 0-2 the row above from west to east, bit 3
/// west, bit 4 east, bits 5-7 the row below from west to east. Only where its open
/// neighbours stay joined among themselves around it, so no path through it is lost (a
/// local, sufficient test). Worked out once at compile time for all 256 neighbourhoods.
const BLOCKABLE: [bool; 256] = blockable_table();

/// The bit of a `BLOCKABLE` index holding each neighbour in ring order (clockwise from
/// north-west).
const RING_BITS: [usize; 8] = [0, 1, 2, 4, 7, 6, 5, 3];

const fn blockable_table() -> [bool; 256] {
    let mut table = [false; 256];
    let mut n = 0;
    while n < 256 {
        let (mut ring, mut k) = (0, 0);
        while k < 8 {
            ring |= (n >> RING_BITS[k] & 1) << k;
            k += 1;
        }
        table[n] = ring_joined(ring);
        n += 1;
    }
    table
}

/// True when the open cells of ring `m` are joined among themselves. Neighbours in the ring
/// are adjacent to each other, and so are two edge cells (orthogonal neighbours) two steps
/// apart across a closed corner.
const fn ring_joined(m: usize) -> bool {
    if m == 0 {
        return false;
    }
    let first = m.trailing_zeros() as usize;
    let mut seen = 1usize << first;
    let mut stack = [0usize; 8];
    let mut top = 1;
    stack[0] = first;
    while top > 0 {
        top -= 1;
        let i = stack[top];
        let across = if i % 2 == 1 {
            [(i + 2) % 8, (i + 6) % 8]
        } else {
            [(i + 1) % 8, (i + 7) % 8]
        };
        let next = [(i + 1) % 8, (i + 7) % 8, across[0], across[1]];
        let mut k = 0;
        while k < 4 {
            let j = next[k];
            if m >> j & 1 == 1 && seen >> j & 1 == 0 {
                seen |= 1 << j;
                stack[top] = j;
                top += 1;
            }
            k += 1;
        }
    }
    seen == m
}

/// Bits where a bit-sliced 10-bit number (`bits[0]` most significant) is below `limit`
/// (`limit` under 1024).
fn below(bits: &[u64; 10], limit: u32) -> u64 {
    let (mut less, mut equal) = (0u64, u64::MAX);
    for (k, &b) in bits.iter().enumerate() {
        if limit >> (9 - k) & 1 == 1 {
            less |= equal & !b;
            equal &= b;
        } else {
            equal &= !b;
        }
    }
    less
}

/// The running totals of the chances of `FEATURES`: a roll below `limits[k]` and not below
/// the one before places feature `k`.
fn limits() -> [u32; 4] {
    let mut limits = [0u32; 4];
    let mut acc = 0;
    for (k, &(_, chance)) in FEATURES.iter().enumerate() {
        acc += chance;
        limits[k] = acc;
    }
    limits
}

/// Scatters features over floor tiles (never on stairs) of every level, in scan order. Each
/// group of 64 cells with a floor tile rolls a number from 0 to 1023 per cell against the
/// chances of `FEATURES`; the rolls are drawn at once as ten random words, one per bit of the
/// number. `grids` holds the open cells of every level as the world stands and is kept so: a
/// blocking feature clears its cell, and the rings of the cells after it see that. The work
/// goes 64 cells at a time: rolls compared bit-sliced, rings read from whole words.
pub fn decorate(world: &mut World, grids: &mut [BitGrid], rng: &mut GameRng) {
    let w = world.width() as usize;
    let limits = limits();
    let open_kind = open_kinds();
    for (z, grid) in grids.iter_mut().enumerate() {
        let level = world.level_mut(z as i32);
        for y in 0..grid.height() {
            for i in 0..grid.row(y).len() {
                let open = grid.row(y)[i];
                let floor = |b: u32| level[y * w + i * 64 + b as usize] == Tile::Floor;
                // Open cells that are not floor are few (stairs, earlier features), so the
                // first open cell nearly always tells whether the group has floor.
                if !ones(open).any(floor) {
                    continue;
                }
                let bits: [u64; 10] = std::array::from_fn(|_| rng.next_u64());
                // A group that rolls no feature on an open cell changes nothing (its rolls are
                // drawn all the same), so its kinds and rings are not worked out.
                let rolled = below(&bits, limits[3]) & open;
                if rolled == 0 {
                    continue;
                }
                let mask = |k: usize| below(&bits, limits[k]);
                let masks = [mask(0), mask(1), mask(2)];
                let mut around = words_around(grid, i, y);
                for b in ones(rolled) {
                    let at = y * w + i * 64 + b as usize;
                    if level[at] != Tile::Floor {
                        continue;
                    }
                    // No search for the kind: the masks nest, so the kind is the count of
                    // those without the cell, and the ring is read whether or not it is needed.
                    let kind = masks[..3].iter().map(|m| !m >> b & 1).sum::<u64>() as usize;
                    let tile = FEATURES[kind].0;
                    let stays_open = open_kind >> tile as u8 & 1 == 1;
                    let fits = stays_open | BLOCKABLE[ring(&around, b)];
                    level[at] = if fits { tile } else { Tile::Floor };
                    around[1][1] &= !(u64::from(fits & !stays_open) << b);
                }
                grid.row_mut(y)[i] = around[1][1];
            }
        }
    }
}

/// The set bits of `word`, lowest first.
fn ones(mut word: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        let b = word.trailing_zeros();
        word &= word.wrapping_sub(1);
        (b < 64).then_some(b)
    })
}

/// Bit t set for each tile kind t that is open (walkable): one bit per kind.
const _: () = assert!(Tile::ALL.len() <= 32);
fn open_kinds() -> u32 {
    Tile::ALL
        .iter()
        .fold(0u32, |m, &t| m | u32::from(t.is_open()) << t as u8)
}

/// Word `i` of rows y - 1, y and y + 1 of `grid`, each with the words before and after it
/// (zero outside the grid).
fn words_around(grid: &BitGrid, i: usize, y: usize) -> [[u64; 3]; 3] {
    let at = |r: usize| {
        let words = if r < grid.height() { grid.row(r) } else { &[] };
        let word = |k: usize| words.get(k).copied().unwrap_or(0);
        [word(i.wrapping_sub(1)), word(i), word(i + 1)]
    };
    [at(y.wrapping_sub(1)), at(y), at(y + 1)]
}

/// The open neighbours of cell b of the middle word of `around` (see `words_around`), as a
/// `BLOCKABLE` index. Each row gives its three cells by shifts of its word and the nearest
/// bit of each word beside it.
fn ring(around: &[[u64; 3]; 3], b: u32) -> usize {
    let three = |&[before, word, after]: &[u64; 3]| {
        let west = (word << 1 | before >> 63) >> b;
        let east = word >> b | after << 1 << (63 - b);
        (west & 1 | (east & 3) << 1) as usize
    };
    let [above, row, below] = [three(&around[0]), three(&around[1]), three(&around[2])];
    above | (row & 1) << 3 | (row >> 2) << 4 | below << 5
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether a blocking feature may stand in the middle of a 3x3 map, by the ring reader
    /// decorating uses.
    fn centre_blockable(map: &str) -> bool {
        BLOCKABLE[ring(&words_around(&BitGrid::from_text(map), 0, 1), 1)]
    }

    #[test]
    fn bit_sliced_rolls_compare_like_numbers() {
        let mut rng = crate::rng::seeded(1);
        let bits: [u64; 10] = std::array::from_fn(|_| rng.next_u64());
        for limit in [0, 1, 26, 73, 512, 1023] {
            let got = below(&bits, limit);
            for cell in 0..64 {
                let roll = (0..10).fold(0u32, |v, k| v << 1 | (bits[k] >> cell & 1) as u32);
                assert_eq!(got >> cell & 1 == 1, roll < limit, "{roll} < {limit}");
            }
        }
    }

    #[test]
    fn a_corridor_cell_cannot_be_blocked_but_open_ground_can() {
        assert!(!centre_blockable("###\n...\n###"));
        assert!(!centre_blockable(".#.\n#.#\n.#."));
        assert!(centre_blockable("...\n...\n..."));
        assert!(centre_blockable("...\n#..\n##."));
        assert!(
            centre_blockable("#.#\n#.#\n###"),
            "a dead end can be closed"
        );
    }
}
