//! Altars: on every level but the first and the last, an altar in open ground, with room for
//! its three offerings on the cells west, north and east of it (`items::placing` lays them
//! there). Placed last, on a cell whose eight neighbours are bare floor, so it stands beside
//! no stairs, door or plate and blocks nothing (an altar is walked over).

use crate::kinds::tile::Tile;
use crate::rng::GameRng;
use crate::space::geom::Point;
use crate::space::world::World;
use rand::Rng;

/// The cells of an altar's three offerings.
pub fn offering_cells(altar: Point) -> [Point; 3] {
    [altar.offset(-1, 0), altar.offset(0, -1), altar.offset(1, 0)]
}

/// Puts an altar on each level that holds one, on a bare floor cell in open ground drawn at
/// random.
pub fn place(world: &mut World, rng: &mut GameRng) {
    for z in 1..world.depth() - 1 {
        let spots = world.points_where(z, &|p, t| {
            t == Tile::Floor && p.neighbours8().all(|q| world.tile(q) == Tile::Floor)
        });
        if !spots.is_empty() {
            let p = spots[rng.random_range(0..spots.len() as u32) as usize];
            world.set(p, Tile::Altar);
        }
    }
}
