//! Travel on hand-drawn caves: shortest paths through what the player remembers, nearest
//! stairs, auto-explore, and the rules that stop travel and runs.
#![cfg(not(target_arch = "wasm32"))]

mod scenes;

use caves::rules::autopilot::stops::{interrupted, Watch};
use caves::rules::autopilot::travel::{
    explore_target, first_step, nearest_of, nearest_stairs, next_step, path, run_stop, Goal,
};
use caves::rules::builder::altars::offering_cells;
use caves::rules::kinds::creature::Creature;
use caves::rules::kinds::item::Item;
use caves::rules::kinds::tile::Tile;
use caves::rules::space::geom::Point;
use caves::rules::space::world::World;
use caves::rules::{Action, Dir, Place, State};

/// A one-level cave drawn as text, the player on '<'. Bare floor is drawn as rubble,
/// just as walkable: creatures are only ever placed on bare floor, so these caves hold none
/// unless a test puts one in.
fn cave(map: &str) -> State {
    let world = World::from_text(&[&map.replace('.', "r")]).expect("valid map");
    let state = State::in_world(world, 1).expect("a start");
    assert!(state.monsters().is_empty());
    state
}

/// The level as the player knows it: '?' for cells never seen, '@' for the player.
fn known(state: &State) -> String {
    let (world, sight) = (state.world(), state.sight());
    let mut out = String::new();
    for y in 0..world.height() {
        for x in 0..world.width() {
            let p = Point::new(x, y, state.player().z);
            out.push(if p == state.player() {
                '@'
            } else if sight.remembers(p) {
                world.tile(p).dump()
            } else {
                '?'
            });
        }
        out.push('\n');
    }
    out
}

fn walk(state: &mut State, steps: &[Dir]) {
    for &d in steps {
        let from = state.player();
        state.act(Action::Move(d));
        assert_ne!(state.player(), from, "a step {} was blocked", d.name());
    }
}

#[test]
fn the_shortest_path_goes_around_walls() {
    let mut state = cave(
        "
        #######
        #<.#..#
        #..#..#
        #.....#
        #######
    ",
    );
    let start = state.player();
    let target = Point::new(4, 1, 0);
    // Look around the wall and come back, so the far side is known.
    walk(&mut state, &[Dir::SE, Dir::SE, Dir::NW, Dir::NW]);
    assert_eq!(state.player(), start);
    assert!(state.sight().remembers(target), "{}", known(&state));
    assert_eq!(path(&state, start), Some(vec![]));
    let steps = path(&state, target).expect("a known way");
    // By hand: (2,2), (3,3) under the wall, (4,2), (4,1).
    assert_eq!(steps.len(), 4, "{steps:?}");
    assert_eq!(path(&state, target), Some(steps.clone()), "deterministic");
    walk(&mut state, &steps);
    assert_eq!(state.player(), target);
    assert_eq!(path(&state, Point::new(3, 1, 0)), None, "a wall is no goal");
    assert_eq!(path(&state, Point::new(1, 1, 1)), None, "another level");
}

/// Of cells to reach, the nearest by the way there: the cell beyond the wall (2 cells off
/// as the crow flies, 4 steps round the wall) comes after the open one 3 cells off (3 steps).
#[test]
fn the_nearest_of_some_cells_is_the_nearest_by_the_way_there() {
    let mut state = cave(
        "
        #########
        #...<#..#
        #....#..#
        #.......#
        #########
    ",
    );
    walk(&mut state, &[Dir::S, Dir::SE, Dir::NW, Dir::N]);
    let (behind, open) = (Point::new(6, 1, 0), Point::new(1, 1, 0));
    assert!(state.sight().remembers(behind), "{}", known(&state));
    let (to, steps) = nearest_of(&state, &[behind, open]).expect("both reachable");
    assert_eq!((to, steps.len()), (open, 3), "{steps:?}");
    assert_eq!(nearest_of(&state, &[behind]).map(|(_, s)| s.len()), Some(4));
    assert_eq!(nearest_of(&state, &[Point::new(5, 1, 0)]), None, "a wall");
}

/// Two ways between the ends of the top row: straight along it (19 steps) or down, along the
/// bottom row and up again (23 steps).
const TWO_WAYS: &str = "
    ######################
    #<...................#
    #.##################.#
    #.##################.#
    #....................#
    ######################
";

#[test]
fn paths_never_cross_unknown_cells() {
    let mut state = cave(TWO_WAYS);
    let start = state.player();
    // The long way round to the far end: the middle of the top row stays beyond the torch.
    let mut long_way = vec![Dir::S, Dir::S, Dir::SE];
    long_way.extend([Dir::E; 17]);
    long_way.extend([Dir::NE, Dir::N, Dir::N]);
    walk(&mut state, &long_way);
    assert_eq!(state.player(), Point::new(20, 1, 0));
    assert!(
        !state.sight().remembers(Point::new(10, 1, 0)),
        "{}",
        known(&state)
    );
    let back = path(&state, start).expect("the known way");
    assert_eq!(back.len(), 23, "the long, known way: {back:?}");
    walk(&mut state, &back);
    assert_eq!(state.player(), start);

    // Once the top row is seen, the short way is taken.
    let mut state = cave(TWO_WAYS);
    walk(&mut state, &[Dir::E; 19]);
    let back = path(&state, start).expect("the short way");
    assert_eq!(back.len(), 19);
}

#[test]
fn travel_stops_the_step_a_creature_comes_into_view() {
    let mut state = cave(
        "
        ###############
        #<............#
        ######.########
        ######.########
        ######.########
        ###############
    ",
    );
    let lurker = Point::new(6, 4, 0);
    state.put_monster(Creature::Rat, lurker);
    let target = Point::new(8, 1, 0);
    assert!(state.sight().remembers(target));
    let lit = |s: &State| s.monsters().iter().any(|m| s.sight().lit(m.pos));
    let mut reason = None;
    for _ in 0..20 {
        assert!(
            !lit(&state),
            "seen before travel stopped:\n{}",
            known(&state)
        );
        let before = Watch::of(&state);
        let Some(step) = next_step(&state, Goal::To(target)) else {
            break;
        };
        state.act(step);
        reason = interrupted(&before, &state, Goal::To(target));
        if reason.is_some() {
            break;
        }
    }
    // Wandering three cells from the passage's mouth, it is near as it comes into view.
    assert_eq!(reason.as_deref(), Some("a giant rat comes near"));
    assert!(lit(&state));
    assert_ne!(state.player(), target, "stopped on the way");
    assert!(state.player().x >= 4, "not before the side passage");
}

#[test]
fn auto_explore_sees_every_reachable_cell() {
    let mut state = cave(
        "
        ##############################
        #<....#........#.............#
        #.....#..####..#..#######....#
        #.....####..#..####.....#....#
        #..............#....###.#....#
        ######.#######.#.####...##.###
        #......#.....#.#......#......#
        #.######.###.#.########.####.#
        #............#..........#..###
        ##############################
    ",
    );
    // A sealed room no way leads to (its floor must stay unknown).
    let sealed = Point::new(26, 8, 0);
    let mut turns = 0;
    while let Some(step) = next_step(&state, Goal::Explore) {
        let before = Watch::of(&state);
        state.act(step);
        assert_eq!(
            interrupted(&before, &state, Goal::Explore),
            None,
            "nothing lives here"
        );
        turns += 1;
        assert!(turns < 1000, "exploring never ends:\n{}", known(&state));
    }
    assert_eq!(explore_target(&state), None);
    let world = state.world();
    let open = world.open_cells(0);
    let w = world.width();
    let mut reached = vec![false; open.len()];
    let mut queue = vec![Point::new(1, 1, 0)];
    reached[(w + 1) as usize] = true;
    while let Some(p) = queue.pop() {
        for q in p.neighbours8() {
            let i = (q.y * w + q.x) as usize;
            if world.contains(q) && open[i] && !reached[i] {
                reached[i] = true;
                queue.push(q);
            }
        }
    }
    let reachable = reached.iter().filter(|&&r| r).count();
    assert!(
        reachable > 140,
        "the fixture is big enough: {reachable}\n{}",
        known(&state)
    );
    for (i, _) in reached.iter().enumerate().filter(|(_, &r)| r) {
        let p = Point::new(i as i32 % w, i as i32 / w, 0);
        assert!(
            state.sight().remembers(p),
            "{p:?} unseen:\n{}",
            known(&state)
        );
    }
    assert!(!state.sight().remembers(sealed));
}

#[test]
fn nearest_stairs_are_nearest_by_path() {
    // The deep pool lets light through but not feet: the '>' two cells east is 9 steps away,
    // the one three cells south only 3.
    let state = cave(
        "
        ########
        #<P>...#
        #.PPPP.#
        #......#
        #>.....#
        ########
    ",
    );
    let (near, far) = (Point::new(1, 4, 0), Point::new(3, 1, 0));
    assert!(state.sight().remembers(far) && state.sight().remembers(near));
    assert_eq!(path(&state, far).map(|p| p.len()), Some(9));
    assert_eq!(nearest_stairs(&state, true), Some(near));
    assert_eq!(nearest_stairs(&state, false), Some(state.player()));
    assert_eq!(
        next_step(&state, Goal::StairsDown),
        Some(Action::Move(Dir::S))
    );
    assert_eq!(next_step(&state, Goal::StairsUp), None, "already there");
}

/// Runs east (as Shift+direction does) until the run stops; the number of steps taken.
fn run_east(state: &mut State) -> usize {
    let mut steps = 0;
    while let Some(step) = next_step(state, Goal::Run(Dir::E)) {
        state.act(step);
        steps += 1;
        if run_stop(state, Dir::E) {
            break;
        }
    }
    steps
}

#[test]
fn a_run_stops_at_a_side_opening_and_before_a_wall() {
    let mut state = cave(
        "
        ##############
        #<...........#
        ########.#####
        ########.#####
        ##############
    ",
    );
    // The side passage at x = 8 shows diagonally ahead from x = 7.
    assert_eq!(run_east(&mut state), 6);
    assert_eq!(state.player(), Point::new(7, 1, 0));
    assert_eq!(
        run_east(&mut state),
        5,
        "past the passage, on to the end wall"
    );
    assert_eq!(state.player(), Point::new(12, 1, 0));
    assert_eq!(run_east(&mut state), 0, "no step into the wall");
}

#[test]
fn travel_attacks_a_creature_standing_on_its_goal() {
    let mut state = cave(
        "
        #######
        #<....#
        #######
    ",
    );
    let rat = Point::new(2, 1, 0);
    state.put_monster(Creature::Rat, rat);
    assert_eq!(path(&state, Point::new(3, 1, 0)), None, "a creature blocks");
    assert_eq!(next_step(&state, Goal::To(rat)), Some(Action::Move(Dir::E)));
    let hp = state.monster_at(rat).map(|m| m.hp);
    state.act(Action::Move(Dir::E));
    assert_ne!(state.monster_at(rat).map(|m| m.hp), hp, "hit");
    assert_eq!(state.player(), Point::new(1, 1, 0));
}

#[test]
fn stairs_stop_travel_when_first_seen_but_not_when_crossed() {
    let corridor = "
        ########################
        #<..........>.........##
        ########################
    ";
    let mut state = cave(corridor);
    let stairs = Point::new(12, 1, 0);
    let mut stops = Vec::new();
    for _ in 0..100 {
        let before = Watch::of(&state);
        let Some(step) = next_step(&state, Goal::Explore) else {
            break;
        };
        state.act(step);
        if let Some(why) = interrupted(&before, &state, Goal::Explore) {
            stops.push((why, state.player().x));
        }
    }
    // The torch reaches seven cells: the stairs show from x = 5.
    assert_eq!(stops, vec![("you see stairs".to_string(), 5)]);
    assert!(state.player().x > stairs.x, "explored on past them");

    // A run from the start stops beside the stairs.
    let mut state = cave(corridor);
    walk(&mut state, &[Dir::E; 4]);
    assert_eq!(run_east(&mut state), 6);
    assert_eq!(state.player(), Point::new(11, 1, 0));
}

#[test]
fn a_blow_or_a_new_level_stops_travel() {
    let levels = ["#####\n#<.>#\n#####", "#####\n#<.>#\n#####"];
    let fresh = || State::in_world(World::from_text(&levels).expect("map"), 1).expect("start");
    let mut state = fresh();
    let quiet = Watch::of(&state);
    let goal = Goal::StairsDown;
    assert_eq!(
        interrupted(&quiet, &state, goal),
        None,
        "nothing happened yet"
    );
    // A goblin acts every turn (bugbears only every other one).
    state.put_monster(Creature::Goblin, Point::new(2, 1, 0));
    let before = Watch::of(&state);
    state.act(Action::Wait);
    assert_eq!(
        interrupted(&before, &state, goal).as_deref(),
        Some("a goblin hits you")
    );

    let mut state = fresh();
    walk(&mut state, &[Dir::E, Dir::E]);
    let before = Watch::of(&state);
    state.act(Action::Descend);
    assert_eq!(state.player().z, 1);
    assert_eq!(
        interrupted(&before, &state, goal).as_deref(),
        Some("you are on another level")
    );
}

/// Travels towards `goal` as the app's journeys do (a step, then a look at what it changed),
/// at most `limit` actions: why it stopped (`None` when it arrived or knew no way on) and the
/// actions taken.
fn journey(state: &mut State, goal: Goal, limit: usize) -> (Option<String>, Vec<Action>) {
    let mut taken = Vec::new();
    while taken.len() < limit {
        let before = Watch::of(state);
        let next = if taken.is_empty() {
            first_step(state, goal)
        } else {
            next_step(state, goal)
        };
        let Some(action) = next else {
            return (None, taken);
        };
        state.act(action);
        taken.push(action);
        if let Some(why) = interrupted(&before, state, goal) {
            return (Some(why), taken);
        }
    }
    (None, taken)
}

/// A corridor with the stairs down six steps east of the way out, and a shaft going south
/// from it, its floor lit by glowing fungus eleven cells down: out of sight from the start,
/// and too far for a torch to wake what sleeps there.
const SHAFT: &str = "
    ##########################
    #..........<.....>########
    ##############.###########
    ##############.###########
    ##############.###########
    ##############.###########
    ##############.###########
    ##############.###########
    ##############.###########
    ##############.###########
    ##############.###########
    ##############.###########
    ##############.###########
    ##############f###########
    ##########################
";

#[test]
fn travel_goes_on_past_a_fleeing_creature_and_one_asleep_far_off() {
    let mut state = cave(SHAFT);
    let me = state.player();
    // A goblin on its last legs just behind the player: it runs west as the player goes east.
    let goblin = me.offset(-2, 0);
    state.put_monster(Creature::Goblin, goblin);
    state.wound_monster(goblin, 1);
    // An orc asleep at the bottom of the shaft, lit by the fungus.
    let orc = Point::new(14, 12, 0);
    state.put_monster(Creature::Orc, orc);
    state.set_mind(orc, caves::rules::creatures::monster::Mind::Asleep);
    assert!(!state.sight().lit(orc), "out of sight at the start");
    let stairs = Point::new(17, 1, 0);
    assert_eq!(nearest_stairs(&state, true), Some(stairs));

    let (why, taken) = journey(&mut state, Goal::StairsDown, 50);
    assert_eq!(why, None, "one press of ] goes all the way");
    assert_eq!(state.player(), stairs);
    assert_eq!(taken.len(), 6);
    assert!(state.monster_at(goblin).is_none(), "the goblin ran");
    assert!(
        state.sight().remembers(orc),
        "the orc came into view on the way"
    );
    assert_eq!(
        state.monster_at(orc).map(|m| m.mind),
        Some(caves::rules::creatures::monster::Mind::Asleep)
    );
}

#[test]
fn explore_stops_when_a_creature_hunting_you_comes_into_view() {
    let mut state = cave(
        "
        ##############################
        #....<.......................#
        ##############################
    ",
    );
    let me = state.player();
    // A goblin on its last legs behind the player runs off west: no reason to stop.
    let goblin = me.offset(-2, 0);
    state.put_monster(Creature::Goblin, goblin);
    state.wound_monster(goblin, 1);
    // A rat in the dark ahead sees the torch and comes.
    let rat = me.offset(11, 0);
    state.put_monster(Creature::Rat, rat);
    assert!(!state.sight().lit(rat));
    let (why, taken) = journey(&mut state, Goal::Explore, 50);
    assert_eq!(why.as_deref(), Some("a giant rat hunts you"));
    assert!(taken.len() >= 2, "went on past the goblin: {taken:?}");
    assert!(state
        .monsters()
        .iter()
        .any(|m| m.kind == Creature::Rat && state.sight().lit(m.pos)));
}

#[test]
fn explore_takes_one_step_at_a_time_while_a_creature_hunts_you() {
    // The goblin stands in a nook of deep water: it hunts the player but cannot come.
    let mut state = cave(
        "
        ##############################
        #<...........................#
        #............................#
        ###PPP########################
        ###P.P########################
        ##############################
    ",
    );
    state.put_monster(Creature::Goblin, Point::new(4, 4, 0));
    assert!(state.sight().lit(Point::new(4, 4, 0)));
    let (why, taken) = journey(&mut state, Goal::Explore, 100);
    assert_eq!(why.as_deref(), Some("a goblin hunts you"));
    assert_eq!(taken.len(), 1, "one step, then it stops");
    let (why, taken) = journey(&mut state, Goal::Explore, 100);
    assert_eq!(
        (why.as_deref(), taken.len()),
        (Some("a goblin hunts you"), 1)
    );
}

/// Two levels: on level 1 a wall splits the way in (left) from a room (right) that only
/// the level below joins to it.
const SPLIT: [&str; 2] = [
    "
    ##############
    #<..>##..>...#
    ##############
    ",
    "
    ##############
    #...<....<...#
    ##############
    ",
];

fn split() -> State {
    let levels: Vec<String> = SPLIT.iter().map(|l| l.replace('.', "r")).collect();
    let levels: Vec<&str> = levels.iter().map(String::as_str).collect();
    let world = World::from_text(&levels).expect("valid map");
    State::in_world(world, 1).expect("a start")
}

/// `split` walked down its stairs, across level 2 and up into the room of level 1 that only
/// the level below joins.
fn in_the_split_room() -> State {
    let mut state = split();
    walk(&mut state, &[Dir::E, Dir::E, Dir::E]);
    state.act(Action::Descend);
    walk(&mut state, &[Dir::E; 5]);
    state.act(Action::Ascend);
    state
}

#[test]
fn travel_crosses_levels_through_known_stairs_to_an_area_only_the_level_below_joins() {
    use Action::{Ascend, Descend};
    // Down, across, up into the room; and back the same way to the start's side.
    let mut state = in_the_split_room();
    state.act(Descend);
    walk(&mut state, &[Dir::W; 5]);
    state.act(Ascend);
    assert_eq!(state.player(), Point::new(4, 1, 0));
    walk(&mut state, &[Dir::W, Dir::W]);
    let room = Point::new(11, 1, 0);
    assert!(state.sight().remembers(room));
    let (why, taken) = journey(&mut state, Goal::To(room), 50);
    assert_eq!(why, None);
    assert_eq!(state.player(), room, "taken: {taken:?}");
    let mut way = vec![Action::Move(Dir::E); 2];
    way.push(Descend);
    way.extend([Action::Move(Dir::E); 5]);
    way.push(Ascend);
    way.extend([Action::Move(Dir::E); 2]);
    assert_eq!(taken, way, "the shortest known way, across the level below");

    // A cell of the level below, chosen from above: down the nearest known stairs.
    let below = Point::new(6, 1, 1);
    let (why, taken) = journey(&mut state, Goal::To(below), 50);
    assert_eq!((why, state.player()), (None, below), "taken: {taken:?}");
    assert_eq!(taken[2], Descend);
}

/// The player in a pocket whose one way on is the cell north-east of it, `at_the_gap`, which
/// borders cells never seen.
fn pocket(at_the_gap: char) -> State {
    cave(&format!("######\n##{at_the_gap}.r#\n#<####\n######"))
}

#[test]
fn exploring_never_steps_onto_a_plate_or_into_flames_at_the_edge_of_the_known() {
    let gap = Point::new(2, 1, 0);
    let moss = pocket('q');
    assert!(
        caves::rules::autopilot::routes::unexplored(&moss, gap),
        "the gap borders the unknown"
    );
    assert_eq!(next_step(&moss, Goal::Explore), Some(Action::Move(Dir::NE)));

    let plate = pocket('n');
    assert_eq!(
        next_step(&plate, Goal::Explore),
        None,
        "a plate seen is no way on, nor a place to explore"
    );
    let mut fire = moss;
    fire.act(Action::Kindle(Dir::NE));
    assert_eq!(fire.world().tile(gap), Tile::Fire);
    assert_eq!(next_step(&fire, Goal::Explore), None, "nor are flames");
}

/// The items lying on the floor, by kind and place.
fn floor_items(state: &State) -> Vec<(Item, Point)> {
    let mut out = Vec::new();
    for t in state.items() {
        if let Place::Floor(p) = t.place {
            out.push((t.kind, p));
        }
    }
    out
}

fn carried(state: &State) -> Vec<Item> {
    state.carried().iter().map(|t| t.kind).collect()
}

/// A small cave with a warm altar and its three offerings, open to the east beyond the
/// torch: exploring walks along the offerings' row to get there.
const ALTAR_HALL: &str = "
    ##############################
    #<...........................#
    #..._........................#
    #............................#
    ##############################
";

#[test]
fn exploring_never_takes_an_altars_offering() {
    let mut state = scenes::scene(&[ALTAR_HALL], 1);
    let altar = Point::new(4, 2, 0);
    let offerings = offering_cells(altar);
    for (kind, p) in [Item::Sword, Item::Oil, Item::Mail]
        .into_iter()
        .zip(offerings)
    {
        state.put_item(kind, p);
    }
    let (why, taken) = journey(&mut state, Goal::Explore, 500);
    assert_eq!(why, None, "taken: {taken:?}");
    assert_eq!(explore_target(&state), None, "all explored");
    assert!(!taken.contains(&Action::PickUp), "taken: {taken:?}");
    assert_eq!(
        state.world().tile(altar),
        Tile::Altar,
        "the altar is still warm"
    );
    assert_eq!(
        floor_items(&state).len(),
        3,
        "the offerings lie where they were"
    );
    // Standing on an offering, exploring does not take it either: the choice is the
    // player's.
    let mut state = scenes::scene(&[ALTAR_HALL], 1);
    state.put_item(Item::Oil, offerings[1]);
    walk(&mut state, &[Dir::E; 3]);
    assert_eq!(state.player(), offerings[1]);
    assert_ne!(next_step(&state, Goal::Explore), Some(Action::PickUp));
}

/// A room with the way out, the torch reaching all of it, and a long corridor east beyond
/// the torch: a nook off the room's south-west corner holds a flask of oil in plain view.
const NOOK: &str = "
    ########################################
    #<....##################################
    #......................................#
    #.....##################################
    #.######################################
    ########################################
";

#[test]
fn exploring_fetches_the_items_it_sees_on_the_way_and_never_walks_back_for_them() {
    let mut state = scenes::scene(&[NOOK], 1);
    let flask = Point::new(1, 4, 0);
    state.put_item(Item::Oil, flask);
    assert!(state.sight().remembers(flask), "in view from the start");
    let (why, taken) = journey(&mut state, Goal::Explore, 500);
    assert_eq!(why, None, "taken: {taken:?}");
    assert_eq!(
        carried(&state),
        [Item::Oil],
        "nothing in view is left behind"
    );
    // The flask is fetched first, being nearest, and the corridor explored after: each
    // cell of the corridor is walked once (no trip back for the flask).
    let picked = taken.iter().position(|&a| a == Action::PickUp);
    assert!(picked.is_some_and(|i| i <= 4), "taken: {taken:?}");
    let moves = taken
        .iter()
        .filter(|a| matches!(a, Action::Move(_)))
        .count();
    assert!(moves <= 3 + 40, "{moves} steps: {taken:?}");
    assert_eq!(
        state.player().y,
        2,
        "at the corridor's far end: {:?}",
        state.player()
    );
}

#[test]
fn exploring_leaves_what_you_set_down_where_it_lies() {
    let mut state = scenes::scene(&[NOOK], 1);
    let here = state.player();
    state.put_item(Item::Dart, here);
    state.act(Action::PickUp);
    assert_eq!(carried(&state), [Item::Dart]);
    state.act(Action::Drop(0));
    let (_, taken) = journey(&mut state, Goal::Explore, 500);
    assert!(!taken.contains(&Action::PickUp), "taken: {taken:?}");
    assert_eq!(floor_items(&state), [(Item::Dart, here)]);
    assert_ne!(state.player(), here, "explored on, away from it");
}

/// A corridor from the way out east, with `mid` on the way to `far`, a cell the torch shows
/// from the start.
fn corridor_with(mid: char) -> (State, Point) {
    let state = cave(&format!(
        "
        ########################
        #<...{mid}.................#
        ########################
    "
    ));
    (state, Point::new(8, 1, 0))
}

#[test]
fn a_stop_names_its_cause_a_net_or_a_plate_and_a_door_on_the_way_is_no_stop() {
    // A hidden net plate on the way.
    let (mut state, far) = corridor_with('2');
    let (why, _) = journey(&mut state, Goal::To(far), 50);
    assert_eq!(why.as_deref(), Some("a net holds you"));
    // Held, the next step struggles and stops again, saying so.
    let (why, taken) = journey(&mut state, Goal::To(far), 50);
    assert_eq!((why.as_deref(), taken.len()), (Some("a net holds you"), 1));

    // A hidden alarm plate: the gong is named.
    let (mut state, far) = corridor_with('1');
    let (why, _) = journey(&mut state, Goal::To(far), 50);
    assert_eq!(
        why.as_deref(),
        Some("a plate clicks, and a gong booms through the level")
    );

    // A closed door on the way is opened and gone through without a stop.
    let (mut state, _) = corridor_with('+');
    let (why, taken) = journey(&mut state, Goal::Explore, 50);
    assert_eq!(why, None, "taken: {taken:?}");
    assert_eq!(state.world().tile(Point::new(5, 1, 0)), Tile::DoorOpen);
    assert!(state.player().x > 5, "through it: {:?}", state.player());
    assert_eq!(explore_target(&state), None, "explored to the end");
}

#[test]
fn a_creature_wandering_far_off_does_not_stop_travel() {
    let mut state = cave(SHAFT);
    // A rat wandering at the bottom of the shaft, lit by the fungus, out of sight at the
    // start and too far to notice the torch.
    let rat = Point::new(14, 12, 0);
    state.put_monster(Creature::Rat, rat);
    state.set_mind(rat, caves::rules::creatures::monster::Mind::Wandering);
    assert!(!state.sight().lit(rat));
    let stairs = Point::new(17, 1, 0);
    let (why, taken) = journey(&mut state, Goal::StairsDown, 50);
    assert_eq!(why, None, "taken: {taken:?}");
    assert_eq!(state.player(), stairs);
    assert!(
        state.sight().remembers(rat),
        "the rat's corner came into view"
    );
}

#[test]
fn a_wandering_creature_stops_travel_when_it_comes_near() {
    let mut state = cave(
        "
        ##############################
        #<...........................#
        ##############################
    ",
    );
    let me = state.player();
    let wander = |state: &mut State, at: Point| {
        state.clear_monsters();
        state.put_monster(Creature::Rat, at);
        state.set_mind(at, caves::rules::creatures::monster::Mind::Wandering);
    };
    // It wanders six cells off, then five: no nearer than the rule's reach.
    wander(&mut state, me.offset(6, 0));
    let before = Watch::of(&state);
    wander(&mut state, me.offset(5, 0));
    assert_eq!(interrupted(&before, &state, Goal::Explore), None);
    // Then it comes within three cells.
    let before = Watch::of(&state);
    wander(&mut state, me.offset(3, 0));
    assert_eq!(
        interrupted(&before, &state, Goal::Explore).as_deref(),
        Some("a giant rat comes near")
    );
    // Once near, wandering about near by is no new stop.
    let before = Watch::of(&state);
    wander(&mut state, me.offset(2, 0));
    assert_eq!(interrupted(&before, &state, Goal::Explore), None);
}

#[test]
fn the_way_out_is_followed_across_levels_and_never_loops() {
    use Action::{Ascend, Descend};
    // The daily's loop, drawn small: the player stands on stairs down in a room of level 1
    // that only the level below joins to the way out. The shortest way out goes down these
    // stairs, along level 2 and up the other stairs. `[` used to stop on them ("> takes
    // them"), and on the level below the stairs up underfoot led straight back.
    let mut state = in_the_split_room();
    let room_stairs = Point::new(9, 1, 0);
    assert_eq!(state.player(), room_stairs);
    let (why, taken) = journey(&mut state, Goal::WayOut, 50);
    assert_eq!(why, None, "taken: {taken:?}");
    assert_eq!(state.player(), Point::new(1, 1, 0), "on the way out");
    let mut way = vec![Descend];
    way.extend([Action::Move(Dir::W); 5]);
    way.push(Ascend);
    way.extend([Action::Move(Dir::W); 3]);
    assert_eq!(taken, way, "the shortest known way, each cell once");
    assert_eq!(first_step(&state, Goal::WayOut), None, "there: < leaves");
}

/// `depth` levels: a wide first level with the stairs down in view of the way out, most of
/// it beyond the torch, and below it levels alike with the stairs up under those stairs.
fn wide_first_level(depth: usize) -> State {
    let level1 = include_str!("fixtures/wide_level.txt");
    let below = level1.replace('<', ".").replace('>', "<");
    let mut levels = vec![level1];
    levels.resize(depth, &below);
    scenes::scene(&levels, 1)
}

#[test]
fn before_exploring_on_it_weighs_the_fuel_the_run_needs() {
    use caves::rules::autopilot::fuel::{shortfall, FUEL_PER_LEVEL};
    let mut state = wide_first_level(2);
    // Down one level and back up two: three levels to cross.
    let need = 3 * FUEL_PER_LEVEL;
    assert_eq!(need, 240);
    state.set_fuel(need);
    assert_eq!(
        shortfall(&state),
        None,
        "the run's fuel, and more to explore with"
    );
    state.set_fuel(need - 1);
    let short = shortfall(&state).expect("down to what the run needs");
    assert_eq!((short.fuel, short.need, short.idol), (239, need, false));
    assert!(short.burn > 20 && short.burn % 10 == 0, "{short:?}");
    assert_eq!(
        short.to_string(),
        format!(
            "Exploring on would burn about {} of your 239 fuel, and the way to the idol and back needs about 240",
            short.burn
        )
    );
    // Oil carried counts: a flask is 400 turns of fuel.
    let flask = |state: &mut State| {
        state.put_item(Item::Oil, state.player());
        state.act(Action::PickUp);
    };
    flask(&mut state);
    assert_eq!(shortfall(&state), None, "the flask covers it");
    // Six levels: down five and back up six, 880 fuel; 400 in the torch and a flask short.
    let mut deep = wide_first_level(6);
    flask(&mut deep);
    deep.set_fuel(400);
    let short = shortfall(&deep).expect("short even with the flask");
    assert_eq!(
        (short.fuel, short.oil, short.need),
        (800, 400, 11 * FUEL_PER_LEVEL)
    );
    assert!(
        short
            .to_string()
            .contains(" of your 800 fuel (with the oil you carry), "),
        "{short}"
    );
    // Doused, exploring burns nothing.
    state.act(Action::Torch);
    assert_eq!(shortfall(&state), None, "the torch is out");
    // With nothing left to explore, nothing to say, though rock far off was never seen.
    let rock = format!("#{}#\n", "#".repeat(40)).repeat(6);
    let level1 = format!("{rock}#<...>{}#\n{rock}", "#".repeat(35));
    let level2 = level1.replace('<', ".").replace('>', "<");
    let mut state = scenes::scene(&[&level1, &level2], 1);
    state.set_fuel(100);
    assert!(!state.sight().remembers(Point::new(30, 1, 0)));
    assert_eq!(explore_target(&state), None);
    assert_eq!(shortfall(&state), None, "nothing left to explore");
    // With no known stairs down, exploring is the only way on.
    let mut state = scenes::scene(&[NOOK, &NOOK.replace('<', ".")], 1);
    state.set_fuel(100);
    assert_eq!(shortfall(&state), None, "no stairs down known");
}

#[test]
fn exploring_fetches_nothing_from_a_plate_it_has_seen_or_from_under_a_creature() {
    // The item on a net plate in plain view, and one under a sleeping rat.
    let mut state = scenes::scene(&["#########\n#<..n...#\n#########"], 1);
    let plate = Point::new(4, 1, 0);
    state.put_item(Item::Dart, plate);
    let rat = Point::new(7, 1, 0);
    state.put_item(Item::Oil, rat);
    state.put_monster(Creature::Rat, rat);
    state.set_mind(rat, caves::rules::creatures::monster::Mind::Asleep);
    assert!(state.sight().lit(rat) && state.sight().remembers(plate));
    assert_eq!(explore_target(&state), None, "nothing to explore or fetch");
    assert_eq!(next_step(&state, Goal::Explore), None);
}
