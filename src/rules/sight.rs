//! What the player sees and remembers. The torch lights cells near the player (bright close
//! by, dim at the edge); cells seen before stay remembered per level, across stairs.

use crate::rules::balance::{BRIGHT_RADIUS, SIGHT_RADIUS, TORCH_RADIUS};
use crate::rules::fov::field_of_view;
use crate::rules::geom::Point;
use crate::rules::kinds::tile::Tile;
use crate::rules::world::World;

/// How a cell is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Light {
    Bright,
    Dim,
    Remembered,
    Unknown,
}

/// Line of sight and memory for one player.
#[derive(Clone, Debug)]
pub struct Sight {
    width: i32,
    height: i32,
    origin: Point,
    /// In line of sight this turn (current level), within `SIGHT_RADIUS`.
    in_sight: Vec<bool>,
    /// Ever lit, for every cell of every level.
    memory: Vec<bool>,
    /// Whether the last update scanned past the torch (see `update`).
    far: bool,
    /// The cells of `in_sight` set this turn, to clear next turn.
    seen: Vec<u32>,
    /// A fingerprint of `memory`, kept up to date as cells are first seen: the sum of a
    /// mixed hash of every remembered cell's index, so it does not depend on the order.
    memory_hash: u64,
}

/// A well-mixed 64-bit hash of a cell index (the SplitMix64 finaliser).
fn mix(i: u64) -> u64 {
    let mut z = i.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Sight {
    pub fn new(world: &World) -> Self {
        let (w, h) = (world.width(), world.height());
        Sight {
            width: w,
            height: h,
            origin: Point::new(0, 0, 0),
            in_sight: vec![false; (w * h) as usize],
            far: true,
            memory: vec![false; (w * h * world.depth()) as usize],
            seen: Vec::new(),
            memory_hash: 0,
        }
    }

    fn plane(&self, x: i32, y: i32) -> Option<usize> {
        ((0..self.width).contains(&x) && (0..self.height).contains(&y))
            .then(|| (y * self.width + x) as usize)
    }

    fn cell(&self, p: Point) -> Option<usize> {
        let i = self.plane(p.x, p.y)?;
        let n = (self.width * self.height) as usize;
        let i = p.z as usize * n + i;
        (p.z >= 0 && i < self.memory.len()).then_some(i)
    }

    /// Recomputes sight from `player` and remembers what the torch lights. Only the cells
    /// seen last turn are cleared, and blocking is read straight from the level's tiles.
    ///
    /// Line of sight past the torch only matters where a creature stands, so `far` says
    /// whether any may be within `SIGHT_RADIUS`; without it only the torch's circle is
    /// scanned. The torch's circle comes out the same either way: shadowcasting settles a
    /// row from the rows nearer the player alone, so what is remembered and lit never
    /// depends on `far`, only whether cells beyond the torch count as in sight.
    pub fn update(&mut self, world: &World, player: Point, far: bool) {
        self.origin = player;
        for &i in &self.seen {
            self.in_sight[i as usize] = false;
        }
        self.seen.clear();
        self.far = far;
        let z = player.z;
        let (w, h) = (self.width, self.height);
        let Some(level) = world.level(z) else {
            return;
        };
        let mut opaque = [true; 256];
        for t in Tile::ALL {
            opaque[t.code() as usize] = !t.is_transparent();
        }
        let inside = |x: i32, y: i32| (0..w).contains(&x) && (0..h).contains(&y);
        let blocks =
            |x: i32, y: i32| !inside(x, y) || opaque[level[(y * w + x) as usize].code() as usize];
        let plane = (w * h) as usize;
        // `world.level(z)` answered, so z is a level: not negative.
        let base = z as usize * plane;
        let (in_sight, memory, seen) = (&mut self.in_sight, &mut self.memory, &mut self.seen);
        let memory_hash = &mut self.memory_hash;
        let radius = if far { SIGHT_RADIUS } else { TORCH_RADIUS };
        field_of_view((player.x, player.y), radius, &blocks, &mut |x, y| {
            if !inside(x, y) {
                return;
            }
            let i = (y * w + x) as usize;
            if !in_sight[i] {
                in_sight[i] = true;
                seen.push(i as u32);
            }
            if within(player, Point::new(x, y, z), TORCH_RADIUS) {
                let k = base + i;
                if let Some(m) = memory.get_mut(k) {
                    if !*m {
                        *m = true;
                        *memory_hash = memory_hash.wrapping_add(mix(k as u64));
                    }
                }
            }
        });
    }

    /// Remembers every open cell within `radius` of `center` on its level, and every wall
    /// that borders one (a scroll of light maps the caves around the reader).
    pub fn reveal(&mut self, world: &World, center: Point, radius: i32) {
        for y in center.y - radius..=center.y + radius {
            for x in center.x - radius..=center.x + radius {
                let p = Point::new(x, y, center.z);
                let shown =
                    world.tile(p).is_open() || p.neighbours8().any(|q| world.tile(q).is_open());
                if shown && within(center, p, radius) {
                    if let Some(i) = self.cell(p) {
                        self.memory[i] = true;
                    }
                }
            }
        }
    }

    /// True when `p` is in line of sight of the player this turn (lit or not).
    pub fn in_sight(&self, p: Point) -> bool {
        debug_assert!(
            self.far
                || p.z != self.origin.z
                || p.chebyshev(self.origin) > SIGHT_RADIUS
                || within(self.origin, p, TORCH_RADIUS),
            "line of sight past the torch asked at {p:?} after an update without it"
        );
        self.seen_now(p)
    }

    fn seen_now(&self, p: Point) -> bool {
        p.z == self.origin.z && self.plane(p.x, p.y).is_some_and(|i| self.in_sight[i])
    }

    /// True when the player has ever seen `p` by torchlight.
    pub fn remembers(&self, p: Point) -> bool {
        self.cell(p).is_some_and(|i| self.memory[i])
    }

    /// How `p` is lit for the player now.
    pub fn light(&self, p: Point) -> Light {
        if within(self.origin, p, TORCH_RADIUS) && self.seen_now(p) {
            if within(self.origin, p, BRIGHT_RADIUS) {
                Light::Bright
            } else {
                Light::Dim
            }
        } else if self.remembers(p) {
            Light::Remembered
        } else {
            Light::Unknown
        }
    }

    /// A fingerprint of everything remembered (for the state's fingerprint).
    pub fn memory_hash(&self) -> u64 {
        self.memory_hash
    }

    /// True when the torch lights `p` now.
    pub fn lit(&self, p: Point) -> bool {
        matches!(self.light(p), Light::Bright | Light::Dim)
    }
}

/// Within `r` cells (Euclidean, rounded the same way as the field of view).
fn within(a: Point, b: Point, r: i32) -> bool {
    let (dx, dy) = (a.x - b.x, a.y - b.y);
    dx * dx + dy * dy <= r * r + r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn light_fades_with_distance_and_is_remembered_across_levels() {
        let level = ".".repeat(30);
        let map: String = (0..5).map(|_| level.clone() + "\n").collect();
        let world = World::from_text(&[&map, &map]).expect("fixture");
        let mut sight = Sight::new(&world);
        sight.update(&world, Point::new(2, 2, 0), true);
        assert_eq!(sight.light(Point::new(3, 2, 0)), Light::Bright);
        assert_eq!(sight.light(Point::new(8, 2, 0)), Light::Dim);
        assert_eq!(sight.light(Point::new(20, 2, 0)), Light::Unknown);
        sight.update(&world, Point::new(2, 2, 1), true);
        assert_eq!(sight.light(Point::new(3, 2, 0)), Light::Remembered);
        assert_eq!(sight.light(Point::new(3, 2, 1)), Light::Bright);
    }

    #[test]
    fn reveal_maps_open_cells_and_their_walls_within_the_radius() {
        let world = World::from_text(&["....#####\n....#...#\n....#####"]).expect("fixture");
        let mut sight = Sight::new(&world);
        sight.reveal(&world, Point::new(0, 1, 0), 6);
        assert!(sight.remembers(Point::new(3, 0, 0)));
        assert!(sight.remembers(Point::new(4, 1, 0)), "a wall beside floor");
        assert!(
            sight.remembers(Point::new(5, 1, 0)),
            "floor behind a wall too"
        );
        assert!(!sight.remembers(Point::new(8, 1, 0)), "beyond the radius");
    }

    #[test]
    fn the_torch_circle_is_the_same_with_or_without_far_sight() {
        let world = crate::rules::builder::WorldBuilder::new(60, 40, 2, 9)
            .make_caves()
            .build();
        let (mut near, mut far) = (Sight::new(&world), Sight::new(&world));
        let mut checked = 0;
        for (p, tile) in (0..2).flat_map(|z| world.points(z)).step_by(7) {
            if !tile.is_open() {
                continue;
            }
            near.update(&world, p, false);
            far.update(&world, p, true);
            assert_eq!(near.memory, far.memory, "memory from {p:?}");
            assert_eq!(near.memory_hash, far.memory_hash);
            for q in world.points(p.z).map(|(q, _)| q) {
                assert_eq!(near.light(q), far.light(q), "{q:?} seen from {p:?}");
                if within(p, q, TORCH_RADIUS) {
                    assert_eq!(near.in_sight(q), far.in_sight(q));
                }
            }
            checked += 1;
        }
        assert!(checked > 100, "{checked}");
        assert!(
            far.in_sight.iter().filter(|&&s| s).count()
                > near.in_sight.iter().filter(|&&s| s).count()
        );
    }

    #[test]
    fn walls_keep_the_next_cave_dark() {
        let world = World::from_text(&["...#...\n...#...\n...#..."]).expect("fixture");
        let mut sight = Sight::new(&world);
        sight.update(&world, Point::new(1, 1, 0), false);
        assert!(sight.lit(Point::new(3, 1, 0)), "the wall itself is seen");
        assert_eq!(sight.light(Point::new(5, 1, 0)), Light::Unknown);
    }
}
