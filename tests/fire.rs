//! Fire, each rule in a scene on hand-drawn caves played through the rules' actions: the
//! torch sets moss alight, flames spread over moss and fungus and not over bare floor,
//! wound whoever stands in them, light the cells around, burn out to bare floor, creatures
//! never step into them (nor are put into them beside the stairs), a flask of oil thrown by a lit torch bursts into a burning pool
//! (and only soaks away without a flame), travel goes round flames, rest waits for them
//! unless beside them, and wounds close in a fire's warmth with the torch out.
#![cfg(not(target_arch = "wasm32"))]

mod scenes;

use caves::rules::autopilot::travel::path;
use caves::rules::balance::{FIRE_DAMAGE, FIRE_TURNS, FUNGUS_FIRE_TURNS, REGEN_TURNS};
use caves::rules::creatures::monster::Mind;
use caves::rules::kinds::creature::Creature;
use caves::rules::kinds::item::Item;
use caves::rules::kinds::tile::Tile;
use caves::rules::space::geom::Point;
use caves::rules::{Action, Dir, State};
use scenes::{logged, scene, wait};

/// A hall: the player on the way out, a strip of moss (`q`) from two cells east of it, a
/// cell of fungus (`f`) at its end, and bare floor beyond.
fn hall() -> State {
    scene(
        &["
        ################
        #<.qqqqf.......#
        #..............#
        ################"],
        1,
    )
}

fn tile(s: &State, x: i32, y: i32) -> Tile {
    s.world().tile(Point::new(x, y, 0))
}

/// Burning cells of the first level.
fn burning(s: &State) -> usize {
    s.world()
        .points(0)
        .filter(|&(_, t)| t == Tile::Fire)
        .count()
}

#[test]
fn the_torch_sets_moss_alight_and_fire_runs_over_moss_and_fungus_then_dies_to_bare_floor() {
    let mut s = hall();
    s.act(Action::Move(Dir::E));
    let turn = s.turn();
    s.act(Action::Kindle(Dir::E));
    assert_eq!(s.turn(), turn + 1, "a turn");
    assert!(logged(&s, "You set it alight."));
    // The first cell caught, then one more cell of the strip each turn.
    assert_eq!(tile(&s, 3, 1), Tile::Fire);
    assert_eq!(tile(&s, 4, 1), Tile::Fire);
    wait(&mut s, 3);
    assert!(
        tile(&s, 7, 1) == Tile::Fire || tile(&s, 7, 1) == Tile::Floor,
        "the fungus at the end caught"
    );
    assert_eq!(tile(&s, 8, 1), Tile::Floor, "bare floor never burns");
    wait(&mut s, FUNGUS_FIRE_TURNS.into());
    assert_eq!(burning(&s), 0, "every flame burnt out");
    for x in 3..=7 {
        assert_eq!(tile(&s, x, 1), Tile::Floor, "moss and fungus burnt away");
    }
}

#[test]
fn nothing_is_set_alight_without_fuel_or_a_lit_torch_and_no_turn_passes() {
    let mut s = hall();
    let turn = s.turn();
    s.act(Action::Kindle(Dir::E));
    assert!(logged(&s, "Nothing there burns."));
    assert_eq!((s.turn(), tile(&s, 2, 1)), (turn, Tile::Floor));
    s.act(Action::Move(Dir::E));
    s.act(Action::Torch);
    let turn = s.turn();
    s.act(Action::Kindle(Dir::E));
    assert!(logged(&s, "Your torch is not lit."));
    assert_eq!((s.turn(), tile(&s, 3, 1)), (turn, Tile::Moss));
}

#[test]
fn flames_wound_the_player_who_stands_in_them() {
    let mut s = hall();
    s.act(Action::Move(Dir::E));
    s.act(Action::Kindle(Dir::E));
    let hp = s.hp();
    s.act(Action::Move(Dir::E));
    assert_eq!(s.player(), Point::new(3, 1, 0));
    assert_eq!(s.hp(), hp - FIRE_DAMAGE);
    assert!(logged(&s, "The flames burn you for"));
}

/// Puts a creature of `kind`, `mind`, at `at`; then the player steps east of the way out and
/// sets the cell east of it alight.
fn kindle_near(s: &mut State, kind: Creature, at: Point, mind: Mind) {
    s.put_monster(kind, at);
    s.set_mind(at, mind);
    s.act(Action::Move(Dir::E));
    s.act(Action::Kindle(Dir::E));
}

#[test]
fn flames_burn_a_creature_caught_in_them() {
    let mut s = hall();
    kindle_near(&mut s, Creature::Orc, Point::new(5, 1, 0), Mind::Asleep);
    let hp = s.monsters()[0].hp;
    wait(&mut s, 2);
    let orc = &s.monsters()[0];
    assert!(orc.hp <= hp - FIRE_DAMAGE, "burnt: {} of {hp}", orc.hp);
}

#[test]
fn a_hunter_waits_behind_flames_that_bar_its_way() {
    let mut s = scene(
        &["
        ##########
        #<.q.....#
        ##########"],
        1,
    );
    kindle_near(&mut s, Creature::Rat, Point::new(5, 1, 0), Mind::Hunting);
    s.act(Action::Wait);
    assert_eq!(s.world().tile(Point::new(3, 1, 0)), Tile::Fire);
    assert_eq!(
        s.monsters()[0].pos,
        Point::new(4, 1, 0),
        "held back by the flames"
    );
}

#[test]
fn a_creature_killed_by_fire_counts_as_killed() {
    let mut s = hall();
    let at = Point::new(4, 1, 0);
    s.put_monster(Creature::Rat, at);
    s.set_mind(at, Mind::Asleep);
    s.wound_monster(at, 1);
    s.act(Action::Move(Dir::E));
    s.act(Action::Kindle(Dir::E));
    wait(&mut s, 1);
    assert!(s.monsters().is_empty());
    assert!(logged(&s, "The giant rat burns to death."));
    assert_eq!(s.kills(), vec![(Creature::Rat, 1)], "the player's kill");
    assert!(s.xp() > 0);
}

#[test]
fn flames_light_the_cells_around_them_for_a_player_with_a_doused_torch() {
    let mut s = scene(
        &["
        ####################
        #<.q...............#
        #..................#
        ####################"],
        1,
    );
    s.act(Action::Move(Dir::E));
    s.act(Action::Kindle(Dir::E));
    s.act(Action::Torch);
    let flame = Point::new(3, 1, 0);
    assert_eq!(s.world().tile(flame), Tile::Fire, "still burning");
    // Two cells off, past the reach of a doused torch: lit by the flames alone.
    assert!(s.sight().lit(flame.offset(1, 0)), "lit by the flames");
    assert!(!s.sight().lit(Point::new(10, 1, 0)), "the dark beyond them");
}

#[test]
fn a_flask_of_oil_thrown_by_a_lit_torch_bursts_into_a_burning_pool() {
    let mut s = hall();
    s.put_item(Item::Oil, s.player());
    s.act(Action::PickUp);
    let target = Point::new(8, 2, 0);
    s.act(Action::throw(0, target.x - 1, target.y - 1).expect("in reach"));
    assert!(logged(&s, "The flask bursts into flames!"));
    assert_eq!(
        s.world().tile(target),
        Tile::Fire,
        "the pool burns on bare floor"
    );
    assert_eq!(
        s.world().tile(target.offset(1, -1)),
        Tile::Fire,
        "and around it"
    );
    assert_eq!(
        s.world().tile(target.offset(-2, 0)),
        Tile::Floor,
        "and no farther"
    );
    assert!(s.carried().is_empty(), "the flask is gone");
}

#[test]
fn a_flask_thrown_with_no_flame_about_soaks_away() {
    let mut s = hall();
    s.put_item(Item::Oil, s.player());
    s.act(Action::PickUp);
    s.act(Action::Torch);
    s.act(Action::throw(0, 7, 1).expect("in reach"));
    assert!(logged(&s, "the oil soaks away"));
    assert_eq!(burning(&s), 0);
}

#[test]
fn travel_goes_round_flames_and_rest_waits_for_them_to_die() {
    let mut s = scene(
        &["
        #########
        #<.q....#
        #..f....#
        #.......#
        #########"],
        1,
    );
    s.act(Action::Move(Dir::E));
    s.act(Action::Kindle(Dir::E));
    let flames: Vec<Point> = s
        .world()
        .points(0)
        .filter(|&(_, t)| t == Tile::Fire)
        .map(|(p, _)| p)
        .collect();
    assert!(!flames.is_empty());
    let way = path(&s, Point::new(6, 1, 0)).expect("a way by the bottom row");
    let mut at = s.player();
    for d in way {
        at = at.offset(d.delta().0, d.delta().1);
        assert!(!flames.contains(&at), "through flames at {at:?}");
    }
    // Burnt, then out of the flames and away from them: no rest while they burn.
    s.act(Action::Move(Dir::E));
    s.act(Action::Move(Dir::SW));
    s.act(Action::Move(Dir::SW));
    assert_eq!(s.player(), Point::new(1, 3, 0));
    assert!(s.hp() < s.max_hp() && s.fire_burns() && !s.warm());
    refused_rest(
        &mut s,
        "no rest while fire burns",
        "While fire burns, rest only beside it, on bare floor.",
    );
    // Doused, the refusal still names the fire: relighting would not help.
    s.act(Action::Torch);
    assert!(!s.torch_lit() && s.fire_burns());
    refused_rest(
        &mut s,
        "no rest in the dark away from the fire",
        "While fire burns, rest only beside it, on bare floor.",
    );
    assert!(!logged(&s, "relight your torch"));
}

/// The player tries to rest: refused (`why`), no turn passes, and the log says `told`.
fn refused_rest(s: &mut State, why: &str, told: &str) {
    let turn = s.turn();
    s.act(Action::Rest);
    assert_eq!(s.turn(), turn, "{why}");
    assert!(logged(s, told), "{why}: the log says {told:?}");
}

/// A hall with a cell of moss (`q`) beside glowing fungus (`f`), bare floor around them.
fn hearth() -> State {
    scene(
        &["
        #########
        #<.qf...#
        #.......#
        #########"],
        1,
    )
}

#[test]
fn glowing_fungus_burns_long_and_moss_burns_out_fast() {
    let mut s = hearth();
    s.act(Action::Move(Dir::E));
    s.act(Action::Kindle(Dir::E));
    assert_eq!((tile(&s, 3, 1), tile(&s, 4, 1)), (Tile::Fire, Tile::Fire));
    wait(&mut s, FIRE_TURNS.into());
    assert_eq!(tile(&s, 3, 1), Tile::Floor, "the moss burnt out");
    wait(
        &mut s,
        u32::from(FUNGUS_FIRE_TURNS) - u32::from(FIRE_TURNS) - 2,
    );
    assert_eq!(tile(&s, 4, 1), Tile::Fire, "the fungus still burns");
    wait(&mut s, 2);
    assert_eq!(tile(&s, 4, 1), Tile::Floor, "and then burns out");
}

#[test]
fn wounds_close_in_a_fires_warmth_with_the_torch_out_and_no_fuel_burns() {
    let mut s = hearth();
    s.act(Action::Move(Dir::E));
    s.act(Action::Kindle(Dir::E));
    // Through the burning moss, then beside the burning fungus on bare floor.
    s.act(Action::Move(Dir::E));
    assert!(s.hp() < s.max_hp(), "burnt");
    assert!(
        s.warm() && !s.warmed(),
        "flames warm, but do not heal, whoever stands in them"
    );
    refused_rest(
        &mut s,
        "no rest in the flames",
        "While fire burns, rest only beside it, on bare floor.",
    );
    s.act(Action::Move(Dir::S));
    assert_eq!(s.player(), Point::new(3, 2, 0));
    assert!(s.warm());
    s.act(Action::Torch);
    assert!(!s.torch_lit());
    let (hp, fuel, turn) = (s.hp(), s.fuel(), s.turn());
    s.act(Action::Rest);
    assert!(s.turn() > turn, "a rest in the dark beside the fire");
    assert!(s.hp() > hp, "wounds closed: {hp} to {}", s.hp());
    assert_eq!(s.fuel(), fuel, "the doused torch kept its fuel");
}

#[test]
fn flames_never_heal_whoever_stands_in_them_with_the_torch_out() {
    let mut s = hearth();
    s.act(Action::Move(Dir::E));
    s.act(Action::Kindle(Dir::E));
    s.act(Action::Torch);
    // Beside the burning fungus on bare floor, until two turns before wounds would close.
    s.act(Action::Move(Dir::SE));
    assert_eq!(s.player(), Point::new(3, 2, 0));
    while !(s.turn() + 2).is_multiple_of(REGEN_TURNS) {
        s.act(Action::Wait);
    }
    assert_eq!(tile(&s, 4, 1), Tile::Fire, "the fungus still burns");
    // Into the flames for three turns, one of them a turn on which wounds close by a fire.
    let mut closing = false;
    for a in [Action::Move(Dir::NE), Action::Wait, Action::Wait] {
        let hp = s.hp();
        s.act(a);
        assert_eq!(s.player(), Point::new(4, 1, 0));
        assert_eq!(
            s.hp(),
            hp - FIRE_DAMAGE,
            "burnt, and nothing closed, on turn {}",
            s.turn()
        );
        closing |= s.turn().is_multiple_of(REGEN_TURNS);
    }
    assert!(closing);
}

#[test]
fn flames_on_another_level_warm_no_one_here() {
    // Burning fungus beside the stairs down; the level below has its stairs up on the same
    // cell, so the flames stand a cell from the player there, but a level away.
    let mut s = scene(
        &[
            "
        #########
        #<.q.f>.#
        #.......#
        #########",
            "
        #########
        #.....<.#
        #.......#
        #########",
        ],
        1,
    );
    s.act(Action::Move(Dir::E));
    s.act(Action::Kindle(Dir::E));
    s.act(Action::Move(Dir::E));
    assert!(s.hp() < s.max_hp(), "burnt");
    s.act(Action::Move(Dir::E));
    s.act(Action::Kindle(Dir::E));
    s.act(Action::Move(Dir::SE));
    s.act(Action::Move(Dir::NE));
    assert_eq!(s.player(), Point::new(6, 1, 0));
    assert!(s.warm(), "beside the burning fungus");
    s.act(Action::Descend);
    assert_eq!(s.player(), Point::new(6, 1, 1));
    assert_eq!(tile(&s, 5, 1), Tile::Fire, "still burning above");
    assert!(!s.warm(), "the flames are a level away");
    s.act(Action::Torch);
    refused_rest(
        &mut s,
        "no rest in the dark",
        "Wounds do not close in the dark",
    );
}

/// Two levels joined by stairs at (3, 1), with glowing fungus west of the stairs up below
/// and, when `room`, bare floor east of them. The player takes the stairs down, sets the
/// fungus alight from the stairs and climbs back up, with the fungus still burning below.
fn flames_by_the_stairs_below(room: bool) -> State {
    let below = if room {
        "
        #######
        ##f<.##
        #######"
    } else {
        "
        #######
        ##f<###
        #######"
    };
    let mut s = scene(
        &[
            "
        #######
        #<.>..#
        #######",
            below,
        ],
        9,
    );
    s.act(Action::Move(Dir::E));
    s.act(Action::Move(Dir::E));
    s.act(Action::Descend);
    assert_eq!(s.player(), Point::new(3, 1, 1));
    s.act(Action::Kindle(Dir::W));
    s.act(Action::Ascend);
    assert_eq!(s.player(), Point::new(3, 1, 0));
    assert_eq!(s.world().tile(Point::new(2, 1, 1)), Tile::Fire);
    s
}

/// Where a goblin stands, and its hit points, after the player of
/// `flames_by_the_stairs_below(room)` takes the stairs down again: a goblin standing on the
/// stairs up below, or one hunting the player beside the stairs down above (the second
/// answer also says whether it was told to follow); and the goblin's hit points to start.
fn goblin_after_descent(room: bool, on_the_stairs: bool) -> (Point, i32, bool, i32) {
    let mut s = flames_by_the_stairs_below(room);
    let at = if on_the_stairs {
        Point::new(3, 1, 1)
    } else {
        Point::new(4, 1, 0)
    };
    s.put_monster(Creature::Goblin, at);
    s.set_mind(
        at,
        if on_the_stairs {
            Mind::Asleep
        } else {
            Mind::Hunting
        },
    );
    let hp = s.monsters()[0].hp;
    s.act(Action::Descend);
    let g = s.monsters().first().expect("the goblin is still alive");
    (g.pos, g.hp, logged(&s, "The goblin follows you."), hp)
}

#[test]
fn a_creature_pushed_off_the_stairs_or_following_is_put_beside_the_flames_never_in_them() {
    let free = Point::new(4, 1, 1);
    let (at, hp, _, full) = goblin_after_descent(true, true);
    assert_eq!((at, hp), (free, full), "made way onto the free floor");
    let (at, hp, followed, full) = goblin_after_descent(true, false);
    assert!(followed);
    assert_eq!((at, hp), (free, full), "followed onto the free floor");
}

#[test]
fn with_only_flames_beside_the_stairs_a_creature_takes_the_stairs_up_or_stays_behind() {
    // Pushed off the stairs below, the goblin takes the stairs up the player came down.
    let (at, hp, _, full) = goblin_after_descent(false, true);
    assert_eq!((at, hp), (Point::new(3, 1, 0), full), "up the stairs");
    // A hunter finds no room beside the player below: it stays where it was.
    let (at, hp, followed, full) = goblin_after_descent(false, false);
    assert!(!followed);
    assert_eq!((at, hp), (Point::new(4, 1, 0), full), "left behind");
}
