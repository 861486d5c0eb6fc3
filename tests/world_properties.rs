//! Properties of generated worlds over many seeds and sizes, odd ones included.
#![cfg(not(target_arch = "wasm32"))]

mod support;

use caves::rules::builder::traps::SEEN_TRAP_LEVELS;
use caves::rules::builder::{Regions, WorldBuilder, WorldParams, MIN_REGION};
use caves::rules::kinds::tile::{Tile, Trap};
use caves::rules::space::geom::Point;
use caves::rules::space::world::World;
use caves::rules::State;
use support::{open_tiles, reachable, reachable_where, tiles_where};

/// How many of the thousand seeds over `SIZES`, and of the 800 random parameter sets, give
/// worlds with caves (the rest are rock, and only their size and stairs are checked).
const CHECKED_OF_1000: usize = 667;
const CHECKED_OF_800: usize = 508;

const SIZES: [(i32, i32, i32); 8] = [
    (1, 1, 1),
    (3, 3, 2),
    (2, 50, 2),
    (50, 2, 3),
    (12, 9, 4),
    (40, 20, 3),
    (90, 31, 3),
    (100, 60, 5),
];

fn exit_of(world: &World) -> Option<Point> {
    world
        .points(0)
        .find(|&(_, t)| t == Tile::StairsUp)
        .map(|(p, _)| p)
}

fn check_share(world: &World, (w, h, d): (i32, i32, i32), seed: u64) {
    if w * h >= 800 {
        let share = open_tiles(world) as f64 / (w * h * d) as f64;
        assert!(
            (0.25..0.85).contains(&share),
            "seed {seed}, {w}x{h}x{d}: open share {share:.2}"
        );
    }
}

fn check(world: &World, (w, h, d): (i32, i32, i32), seed: u64) -> bool {
    check_with(world, (w, h, d), seed, MIN_REGION)
}

/// The world guarantees, with `min_region` as the smallest region the recipe keeps. Answers
/// true when the world had caves to check, false for a world of rock (checked only for its
/// size and for having no stairs), so a test can count the worlds it really checked.
fn check_with(world: &World, (w, h, d): (i32, i32, i32), seed: u64, min_region: u32) -> bool {
    let ctx = format!("seed {seed}, size {w}x{h}x{d}");
    assert_eq!(
        (world.width(), world.height(), world.depth()),
        (w, h, d),
        "{ctx}"
    );
    // Stairs come in pairs: '>' above '<'. The one '<' of level 1 is the way out.
    for z in 0..d {
        for (p, t) in world.points(z) {
            match t {
                Tile::StairsDown => assert_eq!(
                    world.tile(Point { z: z + 1, ..p }),
                    Tile::StairsUp,
                    "{ctx} {p:?}"
                ),
                Tile::StairsUp if z > 0 => {
                    assert_eq!(
                        world.tile(Point { z: z - 1, ..p }),
                        Tile::StairsDown,
                        "{ctx} {p:?}"
                    )
                }
                _ => {}
            }
        }
    }
    let exits = world
        .points(0)
        .filter(|&(_, t)| t == Tile::StairsUp)
        .count();
    let open = open_tiles(world);
    if open == 0 {
        assert_eq!(exits, 0, "{ctx}");
        return false;
    }
    assert_eq!(exits, 1, "{ctx}: one way out");
    let exit = exit_of(world).expect("an exit");
    // A creature that cannot open doors reaches every open tile (no door cuts a level in
    // two, so none stands between the way out and the stairs or the idol), and a player, who
    // opens them, every door too.
    assert_eq!(
        reachable(world, exit),
        open,
        "{ctx}: every open tile is reachable with the doors closed"
    );
    assert_eq!(
        reachable_where(world, exit, Tile::is_passable),
        tiles_where(world, Tile::is_passable),
        "{ctx}: every open tile and door is reachable for the player"
    );
    // Pressure plates can always be walked round: every tile that is no plate (the stairs
    // and every cell an item may lie on among them) is reachable without stepping on one,
    // and none lies beside stairs or a door. Plates are hidden only below the first levels,
    // and no trapdoor opens on the last level.
    let plate = |t: Tile| t.trap().is_some();
    let clear: fn(Tile) -> bool = |t| t.is_passable() && t.trap().is_none();
    assert_eq!(
        reachable_where(world, exit, clear),
        tiles_where(world, clear),
        "{ctx}: every tile but the plates is reachable without stepping on a plate"
    );
    for z in 0..d {
        for (p, t) in world.points(z).filter(|&(_, t)| plate(t)) {
            assert!(
                p.neighbours8()
                    .all(|q| !world.tile(q).is_stairs() && !world.tile(q).is_door()),
                "{ctx}: the plate at {p:?} is beside stairs or a door"
            );
            assert_eq!(t.is_hidden(), z >= SEEN_TRAP_LEVELS, "{ctx}: {p:?}");
            assert!(
                t.trap() != Some(Trap::Pit) || z + 1 < d,
                "{ctx}: a trapdoor on the last level"
            );
        }
    }
    // Doors stand in narrow passages: blocked on two opposite sides, open on the other two.
    for z in 0..d {
        for (p, _) in world.points(z).filter(|&(_, t)| t.is_door()) {
            let t = |dx, dy| world.tile(p.offset(dx, dy));
            let across = |a: Tile, b: Tile, c: Tile, e: Tile| {
                !a.is_passable() && !b.is_passable() && c.is_open() && e.is_open()
            };
            assert!(
                across(t(0, -1), t(0, 1), t(-1, 0), t(1, 0))
                    || across(t(-1, 0), t(1, 0), t(0, -1), t(0, 1)),
                "{ctx}: the door at {p:?} stands in a passage"
            );
        }
    }
    // Each level with caves has a way down (but the last) and a way up.
    let has = |z: i32, t: Tile| world.points(z).any(|(_, u)| u == t);
    for z in 0..d {
        if z + 1 < d {
            assert!(
                has(z, Tile::StairsDown),
                "{ctx}: level {} has a way down",
                z + 1
            );
        }
        assert!(
            has(z, Tile::StairsUp),
            "{ctx}: level {} has a way up",
            z + 1
        );
    }
    // The idol's level gives its way: the last level is one cave for a player (so the idol
    // can be walked to from any stair down to it), and every area of the level above holds
    // a stair down to it.
    let areas = |z: i32| {
        Regions::label(
            w as usize,
            h as usize,
            &world.cells_where(z, Tile::is_passable),
        )
    };
    assert_eq!(areas(d - 1).count(), 1, "{ctx}: the last level is one cave");
    if d > 1 {
        let above = areas(d - 2);
        let mut ways = vec![false; above.sizes.len()];
        for (p, _) in world.points(d - 2).filter(|&(_, t)| t == Tile::StairsDown) {
            ways[above.id_at(p.x as usize, p.y as usize) as usize] = true;
        }
        for (&size, &way) in above.sizes.iter().zip(&ways).skip(1) {
            assert!(
                size == 0 || way,
                "{ctx}: an area of level {} of {size} tiles has no stair down to the last level",
                d - 1
            );
        }
    }
    // Small regions are filled in (checked right after the filling by `no_region_under`);
    // once tunnels are dug, the only small ones left are passages dug through rock (they hold
    // stairs) into a level that had no cave at all. Regions are those of the ground, every
    // tile but rock: a feature stands on floor, so one that blocks walking makes no region
    // smaller.
    for z in 0..d {
        let level = world.level(z).expect("level");
        let ground: Vec<bool> = level.iter().map(|&t| t != Tile::Wall).collect();
        let r = Regions::label(w as usize, h as usize, &ground);
        let labels = r.labels();
        for id in 1..=r.count() {
            if r.sizes[id] < min_region {
                let stairs =
                    (0..level.len()).any(|i| labels[i] == id as u32 && level[i].is_stairs());
                assert!(
                    stairs,
                    "{ctx}: level {} has a region of {} tiles",
                    z + 1,
                    r.sizes[id]
                );
            }
        }
    }
    true
}

/// Right after small regions are filled in, before stairs and tunnels join regions (a tunnel
/// can join a small region to a larger one), no region has fewer than `min_region` cells.
fn no_region_under(world: &World, min_region: u32, ctx: &str) {
    let (w, h) = (world.width() as usize, world.height() as usize);
    for z in 0..world.depth() {
        let r = Regions::label(w, h, &world.open_cells(z));
        let smallest = r.sizes[1..].iter().filter(|&&n| n > 0).min();
        assert!(
            smallest.is_none_or(|&n| n >= min_region),
            "{ctx}: level {} keeps a region of {smallest:?} tiles",
            z + 1
        );
    }
}

#[test]
fn a_thousand_seeds_over_many_sizes() {
    let mut checked = 0;
    let mut doors = 0;
    let mut plates = 0;
    for seed in 0..1000u64 {
        let size = SIZES[seed as usize % SIZES.len()];
        let world = WorldBuilder::new(size.0, size.1, size.2, seed)
            .make_caves()
            .build();
        checked += usize::from(check(&world, size, seed));
        doors += tiles_where(&world, Tile::is_door);
        plates += tiles_where(&world, |t| t.trap().is_some());
        check_share(&world, size, seed);
    }
    assert!(
        checked >= CHECKED_OF_1000,
        "only {checked} of 1000 worlds had caves"
    );
    assert!(doors >= 2000, "only {doors} doors in all");
    assert!(plates >= 3000, "only {plates} plates in all");
}

/// Over the first 100 seeds of the game's world (600 levels), the stairs of a level, up and
/// down together, number at most 12 at the median and 24 at most: few enough that each is a
/// choice. (Before the cap: a median of 31 and a maximum of 56.)
#[test]
fn levels_hold_few_stairs() {
    let mut counts = Vec::new();
    for seed in 1..=100u64 {
        let world = WorldParams::default().build(seed);
        for z in 0..world.depth() {
            counts.push(world.points(z).filter(|&(_, t)| t.is_stairs()).count());
        }
    }
    counts.sort_unstable();
    let (median, max) = (counts[counts.len() / 2], counts[counts.len() - 1]);
    assert!(
        median <= 12 && max <= 24,
        "stairs per level: median {median}, max {max}"
    );
}

/// The idol's level gives its way, as the game places the idol: over 300 games, the largest
/// area of the level above the idol's holds a stair down into the idol's area.
#[test]
fn the_idols_area_has_a_stair_down_from_the_largest_area_above() {
    for seed in 0..300u64 {
        let state = State::new(seed, &WorldParams::default()).expect("a game");
        let world = state.world();
        let idol = state.idol().expect("the idol lies on the floor");
        let (w, h) = (world.width() as usize, world.height() as usize);
        let areas = |z: i32| Regions::label(w, h, &world.cells_where(z, Tile::is_passable));
        let (above, below) = (areas(idol.z - 1), areas(idol.z));
        let largest = above.largest().expect("the level above has caves");
        let idols_area = below.id_at(idol.x as usize, idol.y as usize);
        let way = world.points(idol.z - 1).any(|(p, t)| {
            t == Tile::StairsDown
                && above.id_at(p.x as usize, p.y as usize) == largest
                && below.id_at(p.x as usize, p.y as usize) == idols_area
        });
        assert!(
            way,
            "seed {seed}: no stair down from the largest area of level {} into the idol's area",
            idol.z
        );
    }
}

#[test]
fn extreme_fill_chances_still_give_sound_worlds() {
    use caves::rules::builder::SmoothRule;
    // Each fill chance (of floor) with a rule, and how many of its 20 worlds have caves at
    // least: none at 0 (all rock), every one at 1 (all floor), few when sparse floor meets
    // the stricter rule, every one near an even fill.
    for (p, rule, caves) in [
        (0.0, SmoothRule::Majority, 0),
        (1.0, SmoothRule::FiveOfNine, 20),
        (0.3, SmoothRule::FiveOfNine, 1),
        (0.55, SmoothRule::Majority, 20),
        (0.45, SmoothRule::FiveOfNine, 20),
    ] {
        let mut checked = 0;
        for seed in 0..20 {
            let world = WorldBuilder::new(60, 30, 4, seed)
                .randomize(p)
                .smooth(8, rule)
                .remove_small_regions(MIN_REGION)
                .connect()
                .exit()
                .build();
            checked += usize::from(check(&world, (60, 30, 4), seed));
        }
        assert!(
            checked >= caves && (caves > 0 || checked == 0),
            "fill {p}, {rule:?}: {checked} of 20 worlds had caves"
        );
    }
}

/// Random parameter sets within the lab's ranges, over many seeds: the guarantees hold after
/// every step from `connect` on, and the steps before it hold only floor and wall.
#[test]
fn random_parameters_keep_every_guarantee() {
    use caves::rules::builder::{SmoothRule, Stage};
    use rand::{Rng, SeedableRng};
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(11);
    let mut checked = 0;
    for seed in 0..800u64 {
        let small = seed % 4 != 0;
        let side = if small { 1..=40 } else { 1..=120 };
        let p = WorldParams {
            width: rng.random_range(side.clone()),
            height: rng.random_range(side),
            depth: rng.random_range(1..=4),
            fill: rng.random_range(0.3..0.7),
            passes: rng.random_range(0..=12),
            rule: if rng.random_bool(0.5) {
                SmoothRule::Majority
            } else {
                SmoothRule::FiveOfNine
            },
            min_region: rng.random_range(0..=80),
        };
        let size = (p.width, p.height, p.depth);
        let (mut at_regions, mut at_connect) = (None, None);
        let world = p.build_observed(seed, |stage, w| match stage {
            Stage::Regions => at_regions = Some(w.clone()),
            Stage::Connect => at_connect = Some(w.clone()),
            _ => {}
        });
        let regions = at_regions.expect("the regions step is shown");
        no_region_under(&regions, p.min_region, &format!("seed {seed}, {p:?}"));
        let connected = at_connect.expect("the connect step is shown");
        check_with(&connected, size, seed, p.min_region);
        checked += usize::from(check_with(&world, size, seed, p.min_region));
        assert_eq!(world, p.build(seed), "{p:?}");
    }
    assert!(
        checked >= CHECKED_OF_800,
        "only {checked} of 800 worlds had caves"
    );
}

#[test]
fn a_first_level_whose_only_open_tile_holds_the_way_down_still_gets_a_way_out() {
    use caves::rules::builder::SmoothRule;
    // With these settings level 1 keeps a single open tile, and the stairs take it.
    let p = WorldParams {
        width: 1,
        height: 7,
        depth: 3,
        fill: 0.39,
        passes: 3,
        rule: SmoothRule::Majority,
        min_region: 0,
    };
    let world = p.build(18328);
    let level1: String = world.points(0).map(|(_, t)| t.dump()).collect();
    assert_eq!(level1.matches('<').count(), 1, "level 1: {level1:?}");
    check_with(&world, (1, 7, 3), 18328, 0);
    let state = caves::rules::State::new(18328, &p).expect("a run starts");
    assert_eq!(
        world.tile(state.player()),
        Tile::StairsUp,
        "the run starts on the way out"
    );
}

#[test]
fn a_very_large_level_builds() {
    let world = WorldBuilder::new(1024, 1024, 1, 9).make_caves().build();
    let exit = exit_of(&world).expect("an exit");
    assert_eq!(reachable(&world, exit), open_tiles(&world));
}

#[test]
fn the_same_seed_gives_the_same_world() {
    let a = WorldBuilder::new(100, 60, 5, 1234).make_caves().build();
    let b = WorldBuilder::new(100, 60, 5, 1234).make_caves().build();
    let c = WorldBuilder::new(100, 60, 5, 1235).make_caves().build();
    assert_eq!(a, b);
    assert_ne!(a, c);
}

/// Pinned fingerprint of the default world for seed 42. The browser test checks the same
/// number, so native and wasm builds must generate identical worlds.
pub const SEED_42_CHECKSUM: u64 = include!("seed42.checksum");

#[test]
fn seed_42_matches_its_pinned_checksum() {
    let world = WorldBuilder::new(100, 60, 5, 42).make_caves().build();
    assert_eq!(world.checksum(), SEED_42_CHECKSUM);
}

#[test]
fn region_removal_fixture() {
    // A 3-tile pocket is filled; the big cave stays.
    let before = "
        ###########
        #.....#####
        #......#..#
        #.....##.##
        #......####
        #.....#####
        ###########
    ";
    let world = WorldBuilder::from_text(before)
        .remove_small_regions(MIN_REGION)
        .build();
    let after = "\
###########
#.....#####
#......####
#.....#####
#......####
#.....#####
###########
";
    assert_eq!(world.level_text(0), after);
}
