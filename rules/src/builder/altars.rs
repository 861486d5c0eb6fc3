//! Altars: on every level but the first and the last, an altar in open ground, with room for
//! its three offerings on the cells west, north and east of it (`items::placing` lays them
//! there). Placed last, on a cell whose eight neighbours are bare floor, so it stands beside
//! no stairs, door or plate and blocks nothing (an altar is walked over).

use super::bitgrid::{from_east, from_west, BitGrid, Numbered};
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
/// random (in scan order). `floors` holds the bare floor of every level.
pub fn place(world: &mut World, floors: &[BitGrid], rng: &mut GameRng) {
    for z in 1..world.depth() - 1 {
        let grid = spots(&floors[z as usize]);
        let spots = Numbered::new(&grid);
        if spots.len() > 0 {
            let k = rng.random_range(0..spots.len() as u32) as usize;
            if let Some((x, y)) = spots.nth(k) {
                world.set(Point::new(x as i32, y as i32, z), Tile::Altar);
            }
        }
    }
}

/// The cells of `floor` whose eight neighbours are in it too, found a word at a time: the
/// floor shrunk by its neighbours.
fn spots(floor: &BitGrid) -> BitGrid {
    let mut grid = floor.clone();
    let mut three = vec![0; floor.row(0).len()];
    for y in 0..floor.height() {
        let y = y as isize;
        for (i, word) in three.iter_mut().enumerate() {
            *word = floor.word(i, y - 1) & floor.word(i, y) & floor.word(i, y + 1);
        }
        for (i, word) in grid.row_mut(y as usize).iter_mut().enumerate() {
            *word = three[i] & from_west(&three, i) & from_east(&three, i);
        }
    }
    grid
}
