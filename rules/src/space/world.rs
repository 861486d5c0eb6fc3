//! The world: `depth` levels of `width` x `height` tiles, and how long each cell on fire has
//! left to burn. Places outside answer `Tile::Bounds`.

use crate::kinds::tile::Tile;
use crate::space::geom::Point;
use crate::space::grid::Grid;
use std::cell::{Cell, OnceCell};

/// A built cave world. Sizes are in cells; levels are numbered from 0 (the top).
#[derive(Clone, Debug)]
pub struct World {
    width: i32,
    height: i32,
    depth: i32,
    levels: Vec<Grid<Tile>>,
    /// `checksum` once worked out, until a tile changes: every fingerprint of a run hashes
    /// the tiles, and between two most change none.
    sum: Cell<Option<u64>>,
    /// Each level's floor cells (`floor`) once listed, until a tile of that level changes:
    /// the stirring asks for them again and again, and fire and doors change few.
    floors: Vec<OnceCell<Vec<Point>>>,
    /// The cells on fire, on every level (their tiles are `Tile::Fire`), with the turns each
    /// has left to burn, in the order they caught.
    flames: Vec<(Point, u8)>,
}

/// Two worlds are equal when their sizes, tiles and flames are (whether a checksum is kept
/// aside).
impl PartialEq for World {
    fn eq(&self, other: &World) -> bool {
        (self.width, self.height, self.depth) == (other.width, other.height, other.depth)
            && self.levels == other.levels
            && self.flames == other.flames
    }
}

impl Eq for World {}

impl World {
    /// A world of the given size filled with `fill`. Sizes below 1 count as 1.
    pub fn filled(width: i32, height: i32, depth: i32, fill: Tile) -> Self {
        let (w, h, d) = (width.max(1), height.max(1), depth.max(1));
        World {
            width: w,
            height: h,
            depth: d,
            levels: vec![Grid::new(w, h, fill); d as usize],
            sum: Cell::new(None),
            floors: vec![OnceCell::new(); d as usize],
            flames: Vec::new(),
        }
    }

    pub fn width(&self) -> i32 {
        self.width
    }
    pub fn height(&self) -> i32 {
        self.height
    }
    pub fn depth(&self) -> i32 {
        self.depth
    }

    /// True when `p` lies inside the world.
    pub fn contains(&self, p: Point) -> bool {
        (0..self.width).contains(&p.x)
            && (0..self.height).contains(&p.y)
            && (0..self.depth).contains(&p.z)
    }

    /// The grid of level `z`'s tiles, or `None` outside the world.
    pub fn grid(&self, z: i32) -> Option<&Grid<Tile>> {
        usize::try_from(z).ok().and_then(|z| self.levels.get(z))
    }

    /// The tile at `p`, or `Tile::Bounds` outside the world. Never panics.
    pub fn tile(&self, p: Point) -> Tile {
        self.grid(p.z)
            .and_then(|g| g.get(p))
            .copied()
            .unwrap_or(Tile::Bounds)
    }

    /// Sets the tile at `p`; places outside the world are ignored.
    pub fn set(&mut self, p: Point, tile: Tile) {
        let Ok(z) = usize::try_from(p.z) else { return };
        if let Some(g) = self.levels.get_mut(z) {
            g.set(p, tile);
            self.sum.set(None);
            self.floors[z] = OnceCell::new();
        }
    }

    /// The cells on fire, with the turns each has left to burn, in the order they caught.
    pub fn flames(&self) -> &[(Point, u8)] {
        &self.flames
    }

    /// Sets `p` on fire for `turns` turns (a place outside the world is ignored).
    pub(crate) fn set_alight(&mut self, p: Point, turns: u8) {
        if self.contains(p) {
            self.set(p, Tile::Fire);
            self.flames.push((p, turns));
        }
    }

    /// The first `before` flames (those burning before the latest caught) burn down by a
    /// turn; those with no turn left die down to bare floor. True when any did.
    pub(crate) fn burn_down(&mut self, before: usize) -> bool {
        let caught = self.flames.split_off(before.min(self.flames.len()));
        let mut died = false;
        for (p, left) in std::mem::replace(&mut self.flames, caught) {
            if left > 1 {
                self.flames.push((p, left - 1));
            } else {
                self.set(p, Tile::Floor);
                died = true;
            }
        }
        died
    }

    /// The tiles of level `z` as a row-major slice, or `None` outside the world.
    pub fn level(&self, z: i32) -> Option<&[Tile]> {
        self.grid(z).map(Grid::cells)
    }

    pub(crate) fn level_mut(&mut self, z: i32) -> &mut [Tile] {
        self.sum.set(None);
        self.floors[z as usize] = OnceCell::new();
        self.levels[z as usize].cells_mut()
    }

    /// Which cells of level `z` can be walked on, row-major (empty outside the world).
    pub fn open_cells(&self, z: i32) -> Vec<bool> {
        self.cells_where(z, Tile::is_open)
    }

    /// Which cells of level `z` hold a tile for which `keep` holds, row-major (empty outside
    /// the world): `Tile::is_passable` for the ways of a player, who opens doors.
    pub fn cells_where(&self, z: i32, keep: fn(Tile) -> bool) -> Vec<bool> {
        let mut walkable = [false; 256];
        for t in Tile::ALL {
            walkable[t as usize] = keep(t);
        }
        let level = self.level(z).unwrap_or(&[]);
        level.iter().map(|&t| walkable[t as usize]).collect()
    }

    /// Every floor point of level `z` (`Tile::Floor`), row by row, as `points_of` lists them:
    /// listed once and kept until a tile of the level changes (empty outside the world).
    pub fn floor(&self, z: i32) -> &[Point] {
        match usize::try_from(z).ok().and_then(|i| self.floors.get(i)) {
            Some(kept) => kept.get_or_init(|| self.points_of(z, Tile::Floor)),
            None => &[],
        }
    }

    /// Every point of level `z` holding `tile`, row by row.
    pub fn points_of(&self, z: i32, tile: Tile) -> Vec<Point> {
        let mut out = Vec::new();
        if let Some(g) = self.grid(z) {
            for (i, &t) in g.cells().iter().enumerate() {
                if t == tile {
                    out.push(g.point(i, z));
                }
            }
        }
        out
    }

    /// The points of level `z` that `keep` chooses by place and tile, row by row: one list
    /// built one way for the rules and the builder alike (a page of its own for each is
    /// several hundred bytes).
    pub fn points_where(&self, z: i32, keep: &dyn Fn(Point, Tile) -> bool) -> Vec<Point> {
        self.points(z)
            .filter(|&(p, t)| keep(p, t))
            .map(|(p, _)| p)
            .collect()
    }

    /// Every point of level `z` with its tile, row by row.
    pub fn points(&self, z: i32) -> impl Iterator<Item = (Point, Tile)> + '_ {
        let w = self.width as usize;
        let cells = self.level(z).unwrap_or(&[]);
        cells
            .iter()
            .enumerate()
            .map(move |(i, &t)| (Point::new((i % w) as i32, (i / w) as i32, z), t))
    }

    /// A level drawn as text, one line per row, using each tile's dump character.
    pub fn level_text(&self, z: i32) -> String {
        let mut out = String::new();
        for y in 0..self.height {
            for x in 0..self.width {
                out.push(self.tile(Point::new(x, y, z)).dump());
            }
            out.push('\n');
        }
        out
    }

    /// The whole world as text, levels from the top: `level N` (from 1), the level's rows,
    /// then a blank line. The format of the `dump` example.
    pub fn dump(&self) -> String {
        let mut out = String::new();
        for z in 0..self.depth {
            out.push_str(&format!("level {}\n{}\n", z + 1, self.level_text(z)));
        }
        out
    }

    /// Parses levels drawn as text ('.' floor, '#' wall, '<', '>', '+' and '\'' doors, the
    /// features by their dump characters), one string per level.
    /// All lines must have the same length; returns `None` otherwise or for unknown characters.
    pub fn from_text(levels: &[&str]) -> Option<World> {
        let rows: Vec<Vec<&str>> = levels
            .iter()
            .map(|l| l.lines().map(str::trim).filter(|r| !r.is_empty()).collect())
            .collect();
        let height = rows.first()?.len();
        let width = rows.first()?.first()?.chars().count();
        let mut world = World::filled(width as i32, height as i32, levels.len() as i32, Tile::Wall);
        for (z, level) in rows.iter().enumerate() {
            if level.len() != height {
                return None;
            }
            for (y, row) in level.iter().enumerate() {
                if row.chars().count() != width {
                    return None;
                }
                for (x, c) in row.chars().enumerate() {
                    let tile = Tile::ALL
                        .into_iter()
                        .find(|t| t.dump() == c && *t != Tile::Bounds)?;
                    world.set(Point::new(x as i32, y as i32, z as i32), tile);
                }
            }
        }
        Some(world)
    }

    /// FNV-1a checksum of sizes and tiles: a compact fingerprint for determinism tests.
    pub fn checksum(&self) -> u64 {
        if let Some(sum) = self.sum.get() {
            return sum;
        }
        let head = [self.width as u8, self.height as u8, self.depth as u8];
        let tiles = self.levels.iter().flat_map(Grid::cells).map(|&t| t as u8);
        let sum = crate::fnv::fnv1a(crate::fnv::START, head.into_iter().chain(tiles));
        self.sum.set(Some(sum));
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checksum_kept_aside_follows_every_change_of_a_tile() {
        let mut w = World::filled(4, 3, 2, Tile::Floor);
        let before = w.checksum();
        w.set(Point::new(1, 1, 1), Tile::DoorClosed);
        let mut fresh = World::filled(4, 3, 2, Tile::Floor);
        fresh.set(Point::new(1, 1, 1), Tile::DoorClosed);
        assert_ne!(w.checksum(), before);
        assert_eq!(w.checksum(), fresh.checksum());
        w.level_mut(0)[0] = Tile::Wall;
        assert_ne!(w.checksum(), fresh.checksum());
        w.set(Point::new(1, 1, 1), Tile::Floor);
        w.level_mut(0)[0] = Tile::Floor;
        assert_eq!(w.checksum(), before);
        assert_eq!(w, World::filled(4, 3, 2, Tile::Floor));
    }

    #[test]
    fn the_floor_kept_aside_follows_every_change_of_a_tile() {
        let mut w = World::from_text(&["#..\n.#.", "...\n..."]).expect("map");
        let listed = |w: &World, z| w.floor(z).to_vec();
        assert_eq!(listed(&w, 0), w.points_of(0, Tile::Floor));
        assert_eq!(listed(&w, 1).len(), 6);
        w.set(Point::new(1, 0, 0), Tile::Wall);
        w.set(Point::new(0, 0, 0), Tile::Floor);
        assert_eq!(listed(&w, 0), w.points_of(0, Tile::Floor));
        w.level_mut(1)[4] = Tile::DoorOpen;
        assert_eq!(listed(&w, 1), w.points_of(1, Tile::Floor));
        assert_eq!(listed(&w, 1).len(), 5);
        assert!(w.floor(2).is_empty() && w.floor(-1).is_empty());
    }

    #[test]
    fn outside_answers_bounds_and_never_panics() {
        let w = World::filled(3, 2, 1, Tile::Floor);
        for p in [
            Point::new(-1, 0, 0),
            Point::new(3, 0, 0),
            Point::new(0, 2, 0),
            Point::new(0, 0, 1),
            Point::new(i32::MIN, i32::MAX, -5),
        ] {
            assert_eq!(w.tile(p), Tile::Bounds);
        }
        assert_eq!(w.tile(Point::new(2, 1, 0)), Tile::Floor);
    }

    #[test]
    fn text_round_trips() {
        let text = "#.<\n>.#\n";
        let w = World::from_text(&[text]).expect("valid map");
        assert_eq!(w.level_text(0), text);
        assert!(World::from_text(&["#.\n#"]).is_none());
        assert!(World::from_text(&["#x"]).is_none());
    }
}
