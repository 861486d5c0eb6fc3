//! Where items lie at the start of a game, and which kinds lie how deep.

use crate::balance;
use crate::builder::altars::offering_cells;
use crate::builder::regions::Regions;
use crate::kinds::item::Item;
use crate::kinds::tile::Tile;
use crate::rng::{seeded, GameRng};
use crate::space::geom::Point;
use crate::space::grid::nearest_chebyshev;
use crate::space::world::World;
use crate::variants::Variant;
use rand::Rng;

/// Draws of a kind for an altar's two offerings besides its oil (repeats and oil are drawn
/// again, up to this).
const OFFERING_TRIES: usize = 12;

/// Salt of the placement stream, apart from the generator's and the turns' numbers.
const ITEM_STREAM: u64 = 0x17e3_5eed;

/// A random kind for level `z` (0 = top), by the weights of `balance` among the kinds that
/// lie that deep; deeper levels add better kinds.
pub fn random_kind(z: i32, variant: &Variant, rng: &mut GameRng) -> Option<Item> {
    let kinds: Vec<(Item, u32)> = Item::ALL
        .into_iter()
        .map(|i| (i, i.data()))
        .filter(|(_, d)| d.weight > 0 && d.from_level <= z + 1)
        .map(|(i, d)| (i, variant.item_weight(i, d.weight)))
        .collect();
    let total: u32 = kinds.iter().map(|&(_, w)| w).sum();
    if total == 0 {
        return None;
    }
    let mut roll = rng.random_range(0..total);
    for (kind, w) in kinds {
        if roll < w {
            return Some(kind);
        }
        roll -= w;
    }
    None
}

/// The items of a new game in `world` in `variant`: the idol on a random floor cell of its
/// goal level (the last, in the game's variants), and `balance::items_for` items on every
/// level, each on its own plain floor cell (never walls, features or stairs). Deterministic from the seed (its own random stream), and independent of any
/// game state, so tools can show the items of a world.
pub fn place(world: &World, seed: u64, variant: &Variant) -> Vec<(Point, Item)> {
    let mut rng = seeded(seed ^ ITEM_STREAM);
    let mut out = Vec::new();
    let idol_at = variant.idol_level(world.depth());
    for z in 0..world.depth() {
        // An altar's offerings, on its three cells: a flask of oil (light, for the run's
        // clock) among two other kinds of what lies this deep (strength, gear, a potion...).
        let mut offered = Vec::new();
        for altar in world.points_of(z, Tile::Altar) {
            let mut kinds: Vec<Item> = Vec::new();
            for _ in 0..OFFERING_TRIES {
                if kinds.len() == 2 {
                    break;
                }
                if let Some(k) = random_kind(z, variant, &mut rng)
                    .filter(|&k| k != Item::Oil && !kinds.contains(&k))
                {
                    kinds.push(k);
                }
            }
            let oil_at = rng.random_range(0..=kinds.len() as u32) as usize;
            kinds.insert(oil_at, Item::Oil);
            offered.extend(offering_cells(altar));
            out.extend(offering_cells(altar).into_iter().zip(kinds));
        }
        let mut free = world.points_of(z, Tile::Floor);
        free.retain(|p| !offered.contains(p));
        if z == idol_at {
            // The idol lies well away from the stairs up: among the cells farthest from
            // the nearest of them, so reaching it means crossing the level, and so does
            // getting it out.
            let ups = world.points_of(z, Tile::StairsUp);
            let field = nearest_chebyshev(world.width(), world.height(), &ups);
            let away = |p: Point| field.get(p).copied().unwrap_or(0);
            let farthest = free.iter().map(|&p| away(p)).max().unwrap_or(0);
            let far: Vec<usize> = (0..free.len())
                .filter(|&i| away(free[i]) * 4 >= farthest * 3)
                .collect();
            let pool = if far.is_empty() {
                (0..free.len()).collect()
            } else {
                far
            };
            let p = (!pool.is_empty())
                .then(|| free.swap_remove(pool[rng.random_range(0..pool.len() as u32) as usize]));
            if let Some(p) = p {
                out.push((p, Item::Idol));
            }
        }
        let mut take = |rng: &mut GameRng| {
            (!free.is_empty())
                .then(|| free.swap_remove(rng.random_range(0..free.len() as u32) as usize))
        };
        for _ in 0..balance::items_for(z, world.width() * world.height()) {
            let (Some(p), Some(kind)) = (take(&mut rng), random_kind(z, variant, &mut rng)) else {
                break;
            };
            out.push((p, kind));
        }
        top_up(world, z, variant, &offered, &mut free, &mut out, &mut rng);
    }
    out
}

/// No empty area: every area of level `z` a player can walk (doors opened) of at least
/// `balance::AREA_FOR_ITEMS` cells holds at least `balance::MIN_AREA_ITEMS` items besides the
/// idol and an altar's offerings, topped up on its `free` floor cells. (A level's areas are
/// joined only by the stairs of the levels around it, so an item in another area may be a
/// long way off.)
fn top_up(
    world: &World,
    z: i32,
    variant: &Variant,
    offered: &[Point],
    free: &mut Vec<Point>,
    out: &mut Vec<(Point, Item)>,
    rng: &mut GameRng,
) {
    let walkable = world.cells_where(z, Tile::is_passable);
    if walkable.is_empty() {
        return;
    }
    let (w, h) = (world.width() as usize, world.height() as usize);
    let areas = Regions::label(w, h, &walkable);
    let area = |p: Point| areas.id_at(p.x as usize, p.y as usize) as usize;
    let mut held = vec![0; areas.sizes.len()];
    for &(p, kind) in out.iter() {
        if p.z == z && kind != Item::Idol && !offered.contains(&p) {
            held[area(p)] += 1;
        }
    }
    // The area of each free cell, kept in step with `free` (looked up once, not per area).
    let mut free_area: Vec<usize> = free.iter().map(|&p| area(p)).collect();
    for (a, &size) in areas.sizes.iter().enumerate().skip(1) {
        if size < balance::AREA_FOR_ITEMS {
            continue;
        }
        while held[a] < balance::MIN_AREA_ITEMS {
            let spots: Vec<usize> = (0..free.len()).filter(|&i| free_area[i] == a).collect();
            if spots.is_empty() {
                break;
            }
            let Some(kind) = random_kind(z, variant, rng) else {
                break;
            };
            let i = spots[rng.random_range(0..spots.len() as u32) as usize];
            free_area.swap_remove(i);
            out.push((free.swap_remove(i), kind));
            held[a] += 1;
        }
    }
}
