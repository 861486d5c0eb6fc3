//! The environment layer: stalagmites, deep pools, glowing fungus and
//! rubble scattered over the floor. A feature that blocks walking is placed only where it
//! cannot cut a path: the open cells around it must stay joined among themselves.

use crate::rng::GameRng;
use crate::tile::Tile;
use crate::world::World;
use rand::RngCore;

/// Chance per floor tile, in 1024ths, for each feature (7.1% of the floor in all).
pub const FEATURES: [(Tile, u32); 4] = [
    (Tile::Stalagmite, 26),
    (Tile::Pool, 12),
    (Tile::Fungus, 15),
    (Tile::Rubble, 20),
];

/// The eight neighbours in ring order (clockwise from north-west).
const RING: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
];

/// `BLOCKABLE[m]`: whether a feature that blocks walking may stand inside the ring of open
/// neighbours `m` (bit k for `RING[k]`): only where its open neighbours stay joined among
/// themselves around it, so no path through it is lost (a local, sufficient test). Worked
/// out once at compile time for all 256 rings.
const BLOCKABLE: [bool; 256] = blockable_table();

const fn blockable_table() -> [bool; 256] {
    let mut table = [false; 256];
    let mut m = 0;
    while m < 256 {
        table[m] = ring_joined(m);
        m += 1;
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

/// Bit b set where `row[b]` is floor (`row` holds at most 64 tiles). Eight tiles at a time
/// as one word: a zero byte is a floor tile (SWAR zero-byte test), and a multiply gathers the
/// eight byte flags into one byte.
fn floor_mask(row: &[Tile]) -> u64 {
    const _: () = assert!(Tile::Floor as u8 == 0);
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let mut floor = 0u64;
    for (k, eight) in row.chunks(8).enumerate() {
        let x = match <&[Tile; 8]>::try_from(eight) {
            Ok(whole) => u64::from_le_bytes(whole.map(|t| t as u8)),
            Err(_) => {
                let mut bytes = [Tile::Wall as u8; 8];
                for (b, &t) in bytes.iter_mut().zip(eight) {
                    *b = t as u8;
                }
                u64::from_le_bytes(bytes)
            }
        };
        let zero = !(((x & LOW7) + LOW7) | x | LOW7);
        floor |= ((zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k);
    }
    floor
}

/// Scatters features over floor tiles (never on stairs) of every level, in scan order. Each
/// floor tile rolls a number from 0 to 1023 against the chances of `FEATURES`; the rolls of
/// 64 cells are drawn at once as ten random words, one per bit of the number.
pub fn decorate(world: &mut World, rng: &mut GameRng) {
    let (w, h) = (world.width() as usize, world.height() as usize);
    let mut limits = [0u32; 4];
    let mut acc = 0;
    for (k, &(_, chance)) in FEATURES.iter().enumerate() {
        acc += chance;
        limits[k] = acc;
    }
    let open = open_kinds();
    for z in 0..world.depth() {
        let level = world.level_mut(z);
        for y in 0..h {
            for x0 in (0..w).step_by(64) {
                let n = (w - x0).min(64);
                let floor = floor_mask(&level[y * w + x0..y * w + x0 + n]);
                if floor == 0 {
                    continue;
                }
                let bits: [u64; 10] = std::array::from_fn(|_| rng.next_u64());
                let masks = limits.map(|l| below(&bits, l) & floor);
                // Features that leave the floor open change no ring, so they are laid at
                // once; blocking ones go in scan order, each seeing those placed before it.
                let mut blocking = 0;
                let mut inside = 0;
                for (k, &m) in masks.iter().enumerate() {
                    let (tile, mine) = (FEATURES[k].0, m & !inside);
                    inside = m;
                    if open >> tile as u8 & 1 == 1 {
                        lay(&mut level[y * w + x0..y * w + x0 + n], mine, tile);
                    } else {
                        blocking |= mine;
                    }
                }
                while blocking != 0 {
                    let b = blocking.trailing_zeros();
                    blocking &= blocking - 1;
                    let kind = masks.iter().position(|m| m >> b & 1 == 1).unwrap_or(3);
                    let x = x0 + b as usize;
                    if BLOCKABLE[ring_at(level, (w, h), (x, y), open)] {
                        level[y * w + x] = FEATURES[kind].0;
                    }
                }
            }
        }
    }
}

/// Bit t set for each tile kind t that is open (walkable).
fn open_kinds() -> u16 {
    Tile::ALL
        .iter()
        .fold(0u16, |m, &t| m | u16::from(t.is_open()) << t as u8)
}

/// Sets `row[b]` to `tile` for every bit b of `cells`.
fn lay(row: &mut [Tile], mut cells: u64, tile: Tile) {
    while cells != 0 {
        row[cells.trailing_zeros() as usize] = tile;
        cells &= cells - 1;
    }
}

/// The ring of open neighbours of cell (x, y) of the `w` x `h` `level` (bit k for `RING[k]`;
/// cells outside the level are closed), read straight from the tiles: away from the edges as
/// three slices of three tiles. `open` has bit t set for each open tile kind t.
fn ring_at(level: &[Tile], (w, h): (usize, usize), (x, y): (usize, usize), open: u16) -> usize {
    let ring = if x > 0 && y > 0 && x + 1 < w && y + 1 < h {
        let [a, b, c] = [y - 1, y, y + 1].map(|r| &level[r * w + x - 1..r * w + x + 2]);
        [a[0], a[1], a[2], b[2], c[2], c[1], c[0], b[0]]
    } else {
        RING.map(|(dx, dy)| {
            let nx = x.wrapping_add_signed(dx as isize);
            let ny = y.wrapping_add_signed(dy as isize);
            if nx < w && ny < h {
                level[ny * w + nx]
            } else {
                Tile::Wall
            }
        })
    };
    let bits = ring.iter().enumerate();
    bits.fold(0, |m, (k, &t)| m | usize::from(open >> t as u8 & 1) << k)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether a blocking feature may stand in the middle of a 3x3 map, by the ring reader
    /// decorating uses.
    fn centre_blockable(map: &str) -> bool {
        let world = World::from_text(&[map]).expect("fixture");
        let level = world.level(0).expect("one level");
        BLOCKABLE[ring_at(level, (3, 3), (1, 1), open_kinds())]
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
