//! The generator's pipeline: `WorldBuilder` and its steps (randomize, smooth, clean up,
//! stairs, connect, the way out, decorate with features and doors), each a method that
//! hands the builder on.

use super::bitgrid::BitGrid;
use super::detour::Detours;
use super::floor::random_floor;
use super::params::MIN_REGION;
use super::regions::Regions;
use super::smooth::{self, SmoothRule};
use super::{altars, connect, doors, features, moss, stairs, traps};
use crate::kinds::tile::Tile;
use crate::rng::{seeded, GameRng};
use crate::space::geom::Point;
use crate::space::world::World;
use rand::RngCore;

/// Builds a world step by step. Sizes are in cells and clamped to at least 1.
pub struct WorldBuilder {
    width: usize,
    height: usize,
    /// The open cells of every level; once the world is made, its open cells as it stands.
    levels: Vec<BitGrid>,
    rng: GameRng,
    world: Option<World>,
    /// Region labels of every level as the grids stand, kept from one step for the next.
    labels: Option<Vec<Regions>>,
    /// Whether the grids were changed after the world was made, so no longer hold its open
    /// cells (stairs, connect and decorate keep them in step with the world otherwise).
    stale: bool,
    /// Whether `decorate` has run.
    decorated: bool,
}

impl WorldBuilder {
    /// An all-rock world of `width` x `height` x `depth` whose random steps follow `seed`.
    pub fn new(width: i32, height: i32, depth: i32, seed: u64) -> Self {
        let (w, h) = (width.max(1) as usize, height.max(1) as usize);
        let mut levels = Vec::new();
        for _ in 0..depth.max(1) {
            levels.push(BitGrid::new(w, h));
        }
        WorldBuilder {
            width: w,
            height: h,
            levels,
            rng: seeded(seed),
            world: None,
            labels: None,
            stale: false,
            decorated: false,
        }
    }

    /// A one-level builder starting from a '.'/'#' map (for fixtures and experiments).
    pub fn from_text(text: &str) -> Self {
        let grid = BitGrid::from_text(text);
        WorldBuilder {
            width: grid.width().max(1),
            height: grid.height().max(1),
            levels: vec![grid],
            rng: seeded(0),
            world: None,
            labels: None,
            stale: false,
            decorated: false,
        }
    }

    /// The standard recipe: half floor, 8 majority smoothing passes, regions under 25 cells
    /// filled, stairs between overlapping regions, every open tile made reachable, the way
    /// out, then the environment features, the doors, the traps, the moss and the altars.
    pub fn make_caves(self) -> Self {
        self.randomize(0.5)
            .smooth(8, SmoothRule::Majority)
            .remove_small_regions(MIN_REGION)
            .connect()
            .exit()
            .decorate()
    }

    /// Makes each cell floor with probability `floor_chance` (clamped to 0..=1).
    pub fn randomize(mut self, floor_chance: f64) -> Self {
        self.labels = None;
        self.stale |= self.world.is_some();
        let p = if floor_chance.is_nan() {
            0.0
        } else {
            floor_chance.clamp(0.0, 1.0)
        };
        let threshold = (p * 4_294_967_296.0) as u64;
        for grid in &mut self.levels {
            for y in 0..self.height {
                if threshold == 1 << 31 {
                    let mask = grid.last_mask();
                    let row = grid.row_mut(y);
                    for word in row.iter_mut() {
                        *word = self.rng.next_u64();
                    }
                    if let Some(last) = row.last_mut() {
                        *last &= mask;
                    }
                } else {
                    for x in 0..self.width {
                        let floor = u64::from(self.rng.next_u32()) < threshold;
                        grid.set(x, y, floor);
                    }
                }
            }
        }
        self
    }

    /// Smooths every level `times` times with `rule`.
    pub fn smooth(mut self, times: u32, rule: SmoothRule) -> Self {
        self.labels = None;
        self.stale |= self.world.is_some();
        for grid in &mut self.levels {
            smooth::smooth(grid, times, rule);
        }
        self
    }

    /// Fills in every region (8-connected open area) of fewer than `min_cells` cells.
    pub fn remove_small_regions(mut self, min_cells: u32) -> Self {
        self.stale |= self.world.is_some();
        let mut labels = Vec::new();
        for grid in &mut self.levels {
            let mut regions = Regions::of_grid(grid);
            regions.fill_small(grid, min_cells);
            labels.push(regions);
        }
        self.labels = Some(labels);
        self
    }

    /// Places stair pairs between overlapping regions of adjacent levels, at most
    /// `STAIRS_BETWEEN_LEVELS` between two levels (see `stairs`). Does nothing when the
    /// stairs are already placed.
    pub fn stairs(mut self) -> Self {
        if self.world.is_some() {
            return self;
        }
        let mut world = self.tiles();
        let labels = match self.labels.take() {
            Some(labels) => labels,
            None => {
                let mut labels = Vec::new();
                for grid in &self.levels {
                    labels.push(Regions::of_grid(grid));
                }
                labels
            }
        };
        for z in 0..world.depth() - 1 {
            let (above, below) = (&labels[z as usize], &labels[z as usize + 1]);
            stairs::connect_overlaps(&mut world, z, above, below, &mut self.rng);
        }
        self.labels = Some(labels);
        self.world = Some(world);
        self
    }

    /// Places the stairs (see `stairs`) if that was not done yet, then digs whatever is still
    /// cut off so every open tile is reachable from the first level.
    pub fn connect(self) -> Self {
        let mut b = self.stairs();
        if let (Some(world), Some(labels)) = (&mut b.world, b.labels.take()) {
            connect::ensure_reachable(world, &mut b.levels, labels, &mut b.rng);
        }
        b
    }

    /// Puts the way out of the caves, a stair up, on a random floor tile of the first level.
    /// A first level with open tiles but no plain floor left (a tiny level whose one open tile
    /// holds the way down) gets its way out dug into the first rock tile beside an open one,
    /// so every world with caves can be left. (Needs `connect` first; without it, or with no
    /// open tile on level 0, nothing happens.)
    pub fn exit(mut self) -> Self {
        if let Some(world) = &mut self.world {
            let level = world.level(0).unwrap_or(&[]);
            let floor = random_floor(level, &mut self.rng);
            let spot = match floor.zip(world.grid(0)) {
                Some((i, g)) => Some(g.point(i, 0)),
                None => {
                    let dug = rock_beside_open(world);
                    // The open-cell grids no longer match level 0: decorating reads the world.
                    self.stale |= dug.is_some();
                    dug
                }
            };
            if let Some(p) = spot {
                world.set(p, Tile::StairsUp);
            }
        }
        self
    }

    /// Scatters environment features (see `features`), then puts doors in narrow passages
    /// (see `doors`), pressure plates on the floor (see `traps`), patches of dry moss (see
    /// `moss`) and altars (see `altars`); needs `connect` first. Does nothing when the world
    /// is decorated already.
    pub fn decorate(mut self) -> Self {
        if self.decorated {
            return self;
        }
        if let Some(world) = &mut self.world {
            let mut fresh: Vec<BitGrid>;
            let grids = if self.stale {
                fresh = Vec::new();
                for z in 0..world.depth() {
                    fresh.push(BitGrid::from_level(world, z));
                }
                &mut fresh
            } else {
                &mut self.levels
            };
            debug_assert!(
                (0..world.depth()).all(|z| grids[z as usize] == BitGrid::from_level(world, z)),
                "the open-cell grids drifted from the world"
            );
            features::decorate(world, grids, &mut self.rng);
            // The marks of the searches round a door's or a plate's cell, made once.
            let mut detours = Detours::new(world.width() as usize, world.height() as usize);
            doors::place(world, grids, &mut detours, &mut self.rng);
            // The bare floor of every level, read once; plates, moss and altars take from it.
            let mut floors = Vec::new();
            for z in 0..world.depth() {
                floors.push(BitGrid::of_tiles(world, z, |t| t == Tile::Floor));
            }
            traps::place(world, grids, &mut floors, &mut detours, &mut self.rng);
            moss::place(world, &mut floors, &mut self.rng);
            altars::place(world, &floors, &mut self.rng);
            // Closed doors are not open cells: the grids no longer match the world.
            self.stale = true;
            self.decorated = true;
        }
        self
    }

    fn tiles(&self) -> World {
        let mut world = World::filled(
            self.width as i32,
            self.height as i32,
            self.levels.len() as i32,
            Tile::Wall,
        );
        let w = self.width;
        for (z, grid) in self.levels.iter().enumerate() {
            let level = world.level_mut(z as i32);
            for y in 0..self.height {
                for (i, &word) in grid.row(y).iter().enumerate() {
                    let mut bits = word;
                    while bits != 0 {
                        level[y * w + i * 64 + bits.trailing_zeros() as usize] = Tile::Floor;
                        bits &= bits - 1;
                    }
                }
            }
        }
        world
    }

    /// The world as it stands, without consuming the builder or its randomness.
    pub fn snapshot(&self) -> World {
        match &self.world {
            Some(world) => world.clone(),
            None => self.tiles(),
        }
    }

    /// The finished world (floor and wall only if `stairs` was not called).
    pub fn build(self) -> World {
        match self.world {
            Some(world) => world,
            None => self.tiles(),
        }
    }
}

/// The first rock tile of level 0 (row by row) beside an open tile.
fn rock_beside_open(world: &World) -> Option<Point> {
    world.points(0).find_map(|(p, t)| {
        let beside = [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .iter()
            .any(|&(dx, dy)| world.tile(p.offset(dx, dy)).is_open());
        (t == Tile::Wall && beside).then_some(p)
    })
}
