//! Travel on hand-drawn caves: shortest paths through what the player remembers, nearest
//! stairs, auto-explore, and the rules that stop travel and runs.
#![cfg(not(target_arch = "wasm32"))]

use caves::rules::autopilot::travel::{
    explore_target, first_step, interrupted, nearest_stairs, next_step, path, run_stop, Goal, Watch,
};
use caves::rules::kinds::creature::Creature;
use caves::rules::space::geom::Point;
use caves::rules::space::world::World;
use caves::rules::{Action, Dir, State};

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
    assert_eq!(reason.as_deref(), Some("a giant rat comes into view"));
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
        Some("you are hurt")
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

#[test]
fn travel_crosses_levels_through_known_stairs_to_an_area_only_the_level_below_joins() {
    use Action::{Ascend, Descend};
    let mut state = split();
    // Down, across, up into the room; and back the same way to the start's side.
    walk(&mut state, &[Dir::E, Dir::E, Dir::E]);
    state.act(Descend);
    walk(&mut state, &[Dir::E; 5]);
    state.act(Ascend);
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
    assert_eq!(
        fire.world().tile(gap),
        caves::rules::kinds::tile::Tile::Fire
    );
    assert_eq!(next_step(&fire, Goal::Explore), None, "nor are flames");
}
