//! What the player sees and remembers. The torch lights cells near the player (bright close
//! by, dim at the edge; its radius is the caller's, as the fuel runs down), glowing fungus
//! and flames light the cells around them, and cells seen before stay remembered per level, across stairs.
//!
//! Line of sight from a place depends only on the walls (and closed doors) around it, and a
//! run changes a tile only when a door opens or closes or fire burns, so the view from each place stood on
//! is computed once (by shadowcasting, out to `SIGHT_RADIUS`) and kept until then
//! (`terrain_changed`): a player who walks back and forth scans nothing new.

use crate::balance::{BRIGHT_RADIUS, GLOW_RADIUS, SIGHT_RADIUS};
use crate::kinds::tile::Tile;
use crate::space::fov::{field_of_view, Blockers};
use crate::space::geom::Point;
use crate::space::grid::Grid;
use crate::space::world::World;

/// How a cell is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Light {
    Bright,
    Dim,
    /// Lit by glowing fungus, not by the torch.
    Glow,
    Remembered,
    Unknown,
}

/// Cells per side of the square a view covers, centred on the place it is seen from.
const SIDE: i32 = 2 * SIGHT_RADIUS + 1;
const VIEW_WORDS: usize = ((SIDE * SIDE + 63) / 64) as usize;
/// The most views kept; past it the cache starts again (views are recomputed on demand, so
/// this bounds memory without changing any answer).
const VIEWS_KEPT: usize = 1 << 16;

/// No view kept for a cell.
const NONE: u32 = u32::MAX;

/// The cells in line of sight from one place: one bit per cell of the `SIDE` x `SIDE` square
/// around it.
type View = [u64; VIEW_WORDS];

/// The bit of a view for the cell `(dx, dy)` away from its centre, if the square holds it.
fn bit(dx: i32, dy: i32) -> Option<usize> {
    (dx.abs() <= SIGHT_RADIUS && dy.abs() <= SIGHT_RADIUS)
        .then(|| ((dy + SIGHT_RADIUS) * SIDE + dx + SIGHT_RADIUS) as usize)
}

/// The cells within `r` of the centre (as `within` counts), as a view.
fn circle(r: i32) -> View {
    let mut view = [0; VIEW_WORDS];
    for dy in -r..=r {
        for dx in -r..=r {
            if let Some(b) = bit(dx, dy).filter(|_| dx * dx + dy * dy <= r * r + r) {
                view[b / 64] |= 1 << (b % 64);
            }
        }
    }
    view
}

fn has(view: &View, dx: i32, dy: i32) -> bool {
    bit(dx, dy).is_some_and(|b| view[b / 64] >> (b % 64) & 1 == 1)
}

/// Line of sight and memory for one player.
#[derive(Clone, Debug)]
pub struct Sight {
    width: i32,
    height: i32,
    origin: Point,
    /// In line of sight from `origin` this turn, within `SIGHT_RADIUS`.
    view: View,
    /// The view from every place seen from so far, with the torch radius whose circle of it
    /// is already remembered; `kept[z][cell]` is its index here (`NONE` for none). A level's
    /// index is made when the player first stands on it.
    views: Vec<(View, i32)>,
    kept: Vec<Grid<u32>>,
    /// What stops sight on level `blockers_z`, read once per level.
    blockers: Blockers,
    blockers_z: i32,
    /// The cells within a radius (the last one remembered by), as a view.
    circle: (i32, View),
    /// The torch's radius this turn.
    torch: i32,
    /// Cells of level `glow_z` that glowing fungus lights (`None` when none does).
    glow: Option<Grid<bool>>,
    glow_z: i32,
    /// Ever lit, for every cell of every level.
    memory: Vec<Grid<bool>>,
    /// Ever lit by the player's own light or fungus (not only shown by a map), every cell.
    seen: Vec<Grid<bool>>,
    /// A fingerprint of `memory`, kept up to date as cells are first seen: the sum of a
    /// mixed hash of every remembered cell's index (among all cells of the world, level by
    /// level, row by row), so it does not depend on the order.
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
        let levels = world.depth().max(0) as usize;
        Sight {
            width: w,
            height: h,
            origin: Point::new(0, 0, 0),
            view: [0; VIEW_WORDS],
            views: Vec::new(),
            kept: vec![Grid::new(0, 0, NONE); levels],
            blockers: Blockers::default(),
            blockers_z: -1,
            circle: (-1, [0; VIEW_WORDS]),
            torch: 0,
            glow: None,
            glow_z: -1,
            memory: vec![Grid::new(w, h, false); levels],
            seen: vec![Grid::new(w, h, false); levels],
            memory_hash: 0,
        }
    }

    /// True when `p`'s x and y lie on a level.
    fn on_plane(&self, p: Point) -> bool {
        (0..self.width).contains(&p.x) && (0..self.height).contains(&p.y)
    }

    /// Whether `p` is set in `levels` (a grid per level); `false` outside the world.
    fn marked(levels: &[Grid<bool>], p: Point) -> bool {
        usize::try_from(p.z)
            .ok()
            .and_then(|z| levels.get(z)?.get(p))
            .copied()
            .unwrap_or(false)
    }

    /// Renews sight from `player` with a torch of radius `torch`, and remembers what the torch
    /// and glowing fungus light. Memory only grows and views are kept until a door changes,
    /// so a place already lit by a torch at least as large adds nothing more from the torch,
    /// and a place seen from before adds nothing more from the fungus.
    pub fn update(&mut self, world: &World, player: Point, torch: i32) {
        self.origin = player;
        self.torch = torch;
        if self.glow_z != player.z {
            self.glow = glow_of(world, player.z);
            self.glow_z = player.z;
        }
        let fresh = self.view_from(world, player, torch);
        if fresh && self.glow.is_some() {
            self.remember_glow();
        }
    }

    /// Takes the view from `player`, kept or scanned afresh (then answers true), and remembers
    /// what the torch lights in it.
    fn view_from(&mut self, world: &World, player: Point, torch: i32) -> bool {
        let z = usize::try_from(player.z).ok();
        let (true, Some(kept)) = (self.on_plane(player), z.and_then(|z| self.kept.get_mut(z)))
        else {
            self.view = [0; VIEW_WORDS];
            return false;
        };
        if kept.cells().is_empty() {
            *kept = Grid::new(self.width, self.height, NONE);
        }
        let slot = kept.get(player).copied().unwrap_or(NONE);
        let fresh = if let Some((view, lit)) = self.views.get_mut(slot as usize) {
            self.view = *view;
            if *lit >= torch {
                return false;
            }
            *lit = torch;
            false
        } else {
            if self.views.len() >= VIEWS_KEPT {
                self.views.clear();
                for level in &mut self.kept {
                    level.cells_mut().fill(NONE);
                }
            }
            self.view = self.scan(world, player);
            let slot = self.views.len() as u32;
            if let Some(kept) = z.and_then(|z| self.kept.get_mut(z)) {
                kept.set(player, slot);
            }
            self.views.push((self.view, torch));
            true
        };
        self.remember_lit(torch);
        fresh
    }

    /// The cells in line of sight from `player`, by symmetric shadowcasting.
    fn scan(&mut self, world: &World, player: Point) -> View {
        let mut view = [0; VIEW_WORDS];
        let z = player.z;
        let Some(level) = world.grid(z) else {
            return view;
        };
        if self.blockers_z != z {
            let mut opaque = [true; 256];
            for t in Tile::ALL {
                opaque[t.code() as usize] = !t.is_transparent();
            }
            self.blockers = Blockers::new(self.width, self.height, SIGHT_RADIUS, |x, y| {
                level
                    .get(Point::new(x, y, z))
                    .is_none_or(|t| opaque[t.code() as usize])
            });
            self.blockers_z = z;
        }
        let radius = SIGHT_RADIUS;
        field_of_view(
            &self.blockers,
            (player.x, player.y),
            radius,
            radius,
            &mut |dx, dy| {
                let b = ((dy + SIGHT_RADIUS) * SIDE + dx + SIGHT_RADIUS) as usize;
                view[b / 64] |= 1 << (b % 64);
            },
        );
        view
    }

    /// Remembers every cell in sight that glowing fungus lights.
    fn remember_glow(&mut self) {
        let o = self.origin;
        for dy in -SIGHT_RADIUS..=SIGHT_RADIUS {
            for dx in -SIGHT_RADIUS..=SIGHT_RADIUS {
                let p = o.offset(dx, dy);
                if has(&self.view, dx, dy) && self.glows(p) {
                    self.learn(p);
                }
            }
        }
    }

    /// True when glowing fungus lights `p` (on the level last stood on).
    pub fn glows(&self, p: Point) -> bool {
        p.z == self.glow_z
            && self
                .glow
                .as_ref()
                .and_then(|g| g.get(p))
                .copied()
                .unwrap_or(false)
    }

    /// Marks `p` remembered.
    fn learn(&mut self, p: Point) {
        let Some(z) = usize::try_from(p.z).ok().filter(|&z| z < self.memory.len()) else {
            return;
        };
        let Some(i) = self.memory[z].index(p) else {
            return;
        };
        self.seen[z].set(p, true);
        if self.memory[z].get(p) == Some(&false) {
            self.memory[z].set(p, true);
            let plane = self.memory[z].cells().len();
            self.memory_hash = self.memory_hash.wrapping_add(mix((z * plane + i) as u64));
        }
    }

    /// Remembers every cell in sight within `r` cells.
    fn remember_lit(&mut self, r: i32) {
        let o = self.origin;
        if self.circle.0 != r {
            self.circle = (r, circle(r));
        }
        let (lit, view) = (self.circle.1, self.view);
        for (w, (&seen, &near)) in view.iter().zip(lit.iter()).enumerate() {
            let mut bits = seen & near;
            while bits != 0 {
                let b = w as i32 * 64 + bits.trailing_zeros() as i32;
                bits &= bits - 1;
                let p = Point::new(
                    o.x + b % SIDE - SIGHT_RADIUS,
                    o.y + b / SIDE - SIGHT_RADIUS,
                    o.z,
                );
                self.learn(p);
            }
        }
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
                    if let Some(level) = usize::try_from(p.z)
                        .ok()
                        .and_then(|z| self.memory.get_mut(z))
                    {
                        level.set(p, true);
                    }
                }
            }
        }
    }

    /// Forgets every kept view, what stops sight and what glows, after a tile changed (a door
    /// opened or closed, a cell caught fire or burnt out): the next update works them afresh. Memory is kept, so nothing seen is lost.
    pub fn terrain_changed(&mut self) {
        self.views.clear();
        for level in &mut self.kept {
            level.cells_mut().fill(NONE);
        }
        self.blockers_z = -1;
        self.glow_z = -1;
    }

    /// True when `p` is in line of sight of the player this turn (lit or not).
    pub fn in_sight(&self, p: Point) -> bool {
        let o = self.origin;
        p.z == o.z && self.on_plane(p) && has(&self.view, p.x - o.x, p.y - o.y)
    }

    /// True when the player has ever seen `p` by torchlight.
    pub fn remembers(&self, p: Point) -> bool {
        Sight::marked(&self.memory, p)
    }

    /// True when the player has seen `p` by their own light or fungus, not only on a map.
    pub fn seen(&self, p: Point) -> bool {
        Sight::marked(&self.seen, p)
    }

    /// How `p` is lit for the player now.
    pub fn light(&self, p: Point) -> Light {
        let seen = self.in_sight(p);
        if seen && within(self.origin, p, self.torch) {
            if within(self.origin, p, BRIGHT_RADIUS.min(self.torch)) {
                Light::Bright
            } else {
                Light::Dim
            }
        } else if seen && self.glows(p) {
            Light::Glow
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

    /// True when the player sees `p` lit now (by the torch or by fungus).
    pub fn lit(&self, p: Point) -> bool {
        matches!(self.light(p), Light::Bright | Light::Dim | Light::Glow)
    }

    /// The torch's radius this turn.
    pub fn torch(&self) -> i32 {
        self.torch
    }
}

/// The cells of level `z` within `GLOW_RADIUS` of glowing fungus or flames (`None` when it
/// has none).
fn glow_of(world: &World, z: i32) -> Option<Grid<bool>> {
    let (w, h) = (world.width(), world.height());
    let mut glow = None;
    for (p, t) in world.points(z) {
        if !matches!(t, Tile::Fungus | Tile::Fire) {
            continue;
        }
        let glow = glow.get_or_insert_with(|| Grid::new(w, h, false));
        let r = GLOW_RADIUS;
        for y in p.y - r..=p.y + r {
            for x in p.x - r..=p.x + r {
                let q = Point::new(x, y, z);
                if within(p, q, r) {
                    glow.set(q, true);
                }
            }
        }
    }
    glow
}

/// Within `r` cells (Euclidean, rounded the same way as the field of view).
fn within(a: Point, b: Point, r: i32) -> bool {
    let (dx, dy) = (a.x - b.x, a.y - b.y);
    dx * dx + dy * dy <= r * r + r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::balance::TORCH_RADIUS;

    #[test]
    fn light_fades_with_distance_and_is_remembered_across_levels() {
        let level = ".".repeat(30);
        let map: String = (0..5).map(|_| level.clone() + "\n").collect();
        let world = World::from_text(&[&map, &map]).expect("fixture");
        let mut sight = Sight::new(&world);
        sight.update(&world, Point::new(2, 2, 0), TORCH_RADIUS);
        assert_eq!(sight.light(Point::new(3, 2, 0)), Light::Bright);
        assert_eq!(sight.light(Point::new(8, 2, 0)), Light::Dim);
        assert_eq!(sight.light(Point::new(20, 2, 0)), Light::Unknown);
        sight.update(&world, Point::new(2, 2, 1), TORCH_RADIUS);
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
    fn a_view_kept_from_an_earlier_visit_answers_as_a_fresh_scan() {
        let world = crate::builder::WorldBuilder::new(70, 45, 2, 4)
            .make_caves()
            .build();
        let places: Vec<Point> = (0..2)
            .flat_map(|z| world.points(z))
            .filter(|(_, t)| t.is_open())
            .map(|(p, _)| p)
            .step_by(11)
            .collect();
        assert!(places.len() > 200, "{}", places.len());
        // Walk the places back and forth, so most updates find a kept view.
        let walk = places
            .iter()
            .chain(places.iter().rev())
            .chain(places.iter());
        let mut walker = Sight::new(&world);
        let mut compared = 0;
        for &p in walk {
            walker.update(&world, p, TORCH_RADIUS);
            let mut fresh = Sight::new(&world);
            fresh.update(&world, p, TORCH_RADIUS);
            for dy in -SIGHT_RADIUS - 1..=SIGHT_RADIUS + 1 {
                for dx in -SIGHT_RADIUS - 1..=SIGHT_RADIUS + 1 {
                    let q = Point::new(p.x + dx, p.y + dy, p.z);
                    assert_eq!(walker.in_sight(q), fresh.in_sight(q), "{q:?} from {p:?}");
                    assert_eq!(walker.lit(q), fresh.lit(q), "{q:?} from {p:?}");
                    compared += usize::from(fresh.in_sight(q));
                }
            }
        }
        assert!(walker.views.len() == places.len(), "one view per place");
        assert!(compared > 50_000, "{compared}");
        // Memory is every cell the torch lit from any place walked.
        let mut union = Sight::new(&world);
        for &p in &places {
            let mut one = Sight::new(&world);
            one.update(&world, p, TORCH_RADIUS);
            for (u, m) in union.memory.iter_mut().zip(&one.memory) {
                for (u, m) in u.cells_mut().iter_mut().zip(m.cells()) {
                    *u |= m;
                }
            }
        }
        assert_eq!(walker.memory, union.memory);
    }

    #[test]
    fn walls_keep_the_next_cave_dark() {
        let world = World::from_text(&["...#...\n...#...\n...#..."]).expect("fixture");
        let mut sight = Sight::new(&world);
        sight.update(&world, Point::new(1, 1, 0), TORCH_RADIUS);
        assert!(sight.lit(Point::new(3, 1, 0)), "the wall itself is seen");
        assert_eq!(sight.light(Point::new(5, 1, 0)), Light::Unknown);
    }
}
