//! The mechanics that make the choices, each in a scene on a hand-drawn cave, played through
//! the rules' actions: the torch and its fuel, glowing fungus, creatures that sleep, notice
//! and hunt, sneak attacks, unknown potions learned by use, throwing, the four creatures
//! with tactics of their own, what stirs in the dark, and the caves' own clock that the dark
//! does not stop.
#![cfg(not(target_arch = "wasm32"))]

mod scenes;

use scenes::{carry, logged, scene, wait};

use caves::rules::balance::{
    torch_radius, DARK_RADIUS, DARK_STIR_TURNS, MAX_FUEL, OIL_FUEL, RESTLESS_AFTER, RESTLESS_STEP,
    STIR_CAP, STIR_TURNS, TORCH_RADIUS,
};
use caves::rules::creatures::monster::{Mind, Monster};
use caves::rules::kinds::creature::Creature;
use caves::rules::kinds::item::Item;
use caves::rules::space::geom::Point;
use caves::rules::space::sight::Light;
use caves::rules::Place;
use caves::rules::State;
use caves::rules::{Action, Attack, Dir, Event};

/// A hall of 10 by 2 cells: too small for anything to stir in it (creatures come in at
/// least 12 cells away).
const HALL: &str = "
    ############
    #<.........#
    #..........#
    ############
";

/// A corridor of 11 cells with nothing in the way.
const CORRIDOR: &str = "
    #############
    #<..........#
    #############
";

fn at(state: &State, p: Point) -> &Monster {
    state
        .monster_at(p)
        .unwrap_or_else(|| panic!("a creature at {p:?}"))
}

fn slot_of(state: &State, kind: Item) -> u8 {
    state
        .carried()
        .iter()
        .position(|t| t.kind == kind)
        .expect("carried") as u8
}

#[test]
fn the_torch_burns_shrinks_goes_out_and_oil_relights_it() {
    let mut s = scene(&[HALL], 1);
    assert_eq!(s.light_radius(), TORCH_RADIUS);
    s.set_fuel(501);
    wait(&mut s, 1);
    assert_eq!((s.fuel(), s.light_radius()), (500, TORCH_RADIUS));
    wait(&mut s, 1);
    assert_eq!(s.fuel(), 499);
    assert_eq!(
        s.light_radius(),
        TORCH_RADIUS - 1,
        "below 500 the light shrinks"
    );
    assert_eq!(
        s.sight().torch(),
        TORCH_RADIUS - 1,
        "and so does what is seen"
    );
    s.set_fuel(3);
    wait(&mut s, 3);
    assert_eq!(s.fuel(), 0);
    assert!(!s.torch_lit());
    assert_eq!(s.light_radius(), DARK_RADIUS);
    assert!(logged(&s, "Your torch burns out."));
    let turn = s.turn();
    s.act(Action::Torch);
    assert!(logged(&s, "no fuel left"));
    assert_eq!(s.turn(), turn, "nothing to light: no turn");
    carry(&mut s, Item::Oil);
    let oil = slot_of(&s, Item::Oil);
    s.act(Action::Use(oil));
    assert!(s.torch_lit());
    assert_eq!(s.fuel(), OIL_FUEL - 1, "poured, then a turn burned");
    assert_eq!(s.light_radius(), torch_radius(OIL_FUEL - 1));
    assert!(s.carried().is_empty(), "the flask is used up");
}

#[test]
fn a_doused_torch_keeps_its_fuel_and_shows_only_the_next_cells() {
    let mut s = scene(&[HALL], 1);
    let start = s.fuel();
    let far = s.player().offset(5, 0);
    assert!(s.sight().lit(far));
    s.act(Action::Torch);
    assert!(s.torch_doused() && !s.torch_lit());
    assert!(logged(&s, "You douse your torch."));
    wait(&mut s, 20);
    assert_eq!(s.fuel(), start, "a doused torch does not burn");
    assert_eq!(s.light_radius(), DARK_RADIUS);
    assert!(s.sight().lit(s.player().offset(1, 0)));
    assert!(!s.sight().lit(far), "beyond the next cells is dark");
    assert_eq!(s.sight().light(far), Light::Remembered, "but remembered");
    s.act(Action::Torch);
    assert!(s.torch_lit());
    assert!(s.sight().lit(far));
    assert_eq!(s.fuel(), start - 1, "relit, it burns again");
}

#[test]
fn glowing_fungus_lights_the_cells_around_it_with_the_torch_doused() {
    let cave = "
        ##############
        #<...........#
        #.........f..#
        #............#
        ##############
    ";
    let mut s = scene(&[cave], 1);
    s.act(Action::Torch);
    let me = s.player();
    let fungus = Point::new(10, 2, 0);
    for p in [fungus, fungus.offset(-2, 0), fungus.offset(2, 1)] {
        assert_eq!(s.sight().light(p), Light::Glow, "{p:?}");
    }
    let beyond = fungus.offset(-3, 0);
    assert!(beyond.chebyshev(me) > DARK_RADIUS);
    assert!(!s.sight().lit(beyond), "the glow reaches two cells");
    // A creature by the fungus is seen in the dark; one elsewhere in the dark is not.
    s.put_monster(Creature::Rat, fungus.offset(1, -1));
    s.put_monster(Creature::Bat, beyond);
    assert!(s.sight().lit(fungus.offset(1, -1)));
    assert!(s.creature_in_view());
    assert!(!s.sight().lit(beyond));
}

/// The turn an asleep goblin five cells away notices the player, within `turns`.
fn noticed_within(doused: bool, turns: u32) -> Option<u32> {
    let mut s = scene(&[CORRIDOR], 5);
    if doused {
        s.act(Action::Torch);
    }
    let goblin = s.player().offset(5, 0);
    s.put_monster(Creature::Goblin, goblin);
    s.set_mind(goblin, Mind::Asleep);
    assert_eq!(s.sight().lit(goblin), !doused, "seen only by torchlight");
    (1..=turns).find(|_| {
        s.act(Action::Wait);
        s.monsters()[0].mind == Mind::Hunting
    })
}

#[test]
fn a_sleeping_creature_notices_a_torch_but_not_a_player_in_the_dark() {
    let lit = noticed_within(false, 200);
    assert!(lit.is_some(), "a lit player five cells away is noticed");
    assert_eq!(noticed_within(true, 200), None, "in the dark it sleeps on");
}

#[test]
fn a_creature_that_notices_you_says_so_and_comes() {
    let mut s = scene(&[CORRIDOR], 5);
    let goblin = s.player().offset(5, 0);
    s.put_monster(Creature::Goblin, goblin);
    s.set_mind(goblin, Mind::Asleep);
    wait(&mut s, 200);
    assert!(logged(&s, "The goblin notices you."));
    assert_eq!(s.monsters()[0].mind, Mind::Hunting);
    assert!(s.hp() < s.max_hp(), "it came and fought");
}

/// The hit points an orc next to the player loses to one blow, when it is in `mind`.
fn blow(mind: Mind) -> (i32, State) {
    let mut s = scene(&[HALL], 9);
    let orc = s.player().offset(1, 0);
    s.put_monster(Creature::Orc, orc);
    s.set_mind(orc, mind);
    let full = at(&s, orc).hp;
    s.act(Action::Move(Dir::E));
    let left = at(&s, orc).hp;
    (full - left, s)
}

#[test]
fn a_sneak_attack_on_an_unaware_creature_hits_twice_as_hard() {
    let (aware, _) = blow(Mind::Hunting);
    let (asleep, s) = blow(Mind::Asleep);
    let (wandering, _) = blow(Mind::Wandering);
    assert!(aware > 0);
    assert_eq!(asleep, 2 * aware, "the same roll, doubled");
    assert_eq!(wandering, 2 * aware);
    assert!(logged(&s, "You hit the unaware orc"));
    assert_eq!(s.monsters()[0].mind, Mind::Hunting, "now it knows");
}

#[test]
fn potions_are_known_by_their_looks_until_used() {
    let mut s = scene(&[HALL], 11);
    let look = s.item_name(Item::ConfusionPotion);
    assert_ne!(look, "potion of confusion");
    assert!(!s.knows(Item::ConfusionPotion));
    let other = scene(&[HALL], 11);
    assert_eq!(
        other.item_name(Item::ConfusionPotion),
        look,
        "a seed's looks are fixed"
    );
    assert_ne!(
        other.item_name(Item::HealingPotion),
        look,
        "one look, one kind"
    );
    carry(&mut s, Item::ConfusionPotion);
    s.act(Action::Use(0));
    assert!(s.knows(Item::ConfusionPotion));
    assert!(s.confused() > 0);
    assert!(logged(&s, "It was a potion of confusion."));
    assert_eq!(s.item_name(Item::ConfusionPotion), "potion of confusion");
    wait(&mut s, 10);
    assert_eq!(s.confused(), 0, "it wears off");
    let next = s.player();
    s.put_item(Item::ConfusionPotion, next.offset(1, 0));
    s.put_item(Item::ConfusionPotion, next.offset(-1, 0));
    s.act(Action::Move(Dir::E));
    s.act(Action::Move(Dir::W));
    assert!(
        logged(&s, "You see a potion of confusion here."),
        "the next one of the kind is known by name"
    );
}

#[test]
fn a_thrown_dagger_wounds_the_first_creature_in_its_path_and_lands_there() {
    let mut s = scene(&[HALL], 3);
    carry(&mut s, Item::Dagger);
    let me = s.player();
    let near = me.offset(3, 0);
    let far = me.offset(6, 0);
    s.put_monster(Creature::Bugbear, near);
    s.put_monster(Creature::Bugbear, far);
    let full = at(&s, near).hp;
    s.act(Action::throw(0, 7, 0).expect("in reach"));
    let hp: Vec<i32> = s.monsters().iter().map(|m| m.hp).collect();
    assert!(hp[0] < full, "struck");
    assert_eq!(hp[1], full, "the path stopped at the first");
    assert_eq!(s.item_at(near), Some(Item::Dagger));
    assert!(s.carried().is_empty());
    assert!(logged(&s, "You throw the dagger."));
}

#[test]
fn a_thrown_potion_of_confusion_befuddles_what_it_splashes_and_is_learned() {
    let mut s = scene(&[HALL], 3);
    carry(&mut s, Item::ConfusionPotion);
    let me = s.player();
    let (hit, beside, apart) = (me.offset(4, 0), me.offset(5, 1), me.offset(8, 0));
    for p in [hit, beside, apart] {
        s.put_monster(Creature::Bugbear, p);
    }
    s.act(Action::throw(0, 4, 0).expect("in reach"));
    assert!(
        s.carried().is_empty() && s.item_at(hit).is_none(),
        "it broke"
    );
    let confused: Vec<bool> = s.monsters().iter().map(|m| m.confused > 0).collect();
    assert_eq!(
        confused,
        [true, true, false],
        "the cell struck and the ones beside it"
    );
    assert!(s.knows(Item::ConfusionPotion), "seen working, so known");
    assert_eq!(s.confused(), 0, "the thrower is untouched");
}

#[test]
fn a_spiders_web_holds_the_player_fast() {
    let mut s = scene(&[CORRIDOR], 4);
    let spider = s.player().offset(4, 0);
    s.put_monster(Creature::Spider, spider);
    let webbed = (0..10).any(|_| {
        s.act(Action::Wait);
        s.webbed() > 0
    });
    assert!(webbed, "a hunting spider in reach spits a web");
    assert!(logged(&s, "spits a web"));
    let here = s.player();
    s.act(Action::Move(Dir::W));
    assert_eq!(s.player(), here, "stuck");
    assert!(logged(&s, "against the web") || logged(&s, "tear free of the web"));
}

/// True when the last action saw a web spat at the player.
fn web_spat(s: &State) -> bool {
    s.events().iter().any(|e| {
        matches!(
            e,
            Event::Attacked {
                by: Attack::Web,
                ..
            }
        )
    })
}

/// A hunting spider set four cells east of the player in the corridor, once it has webbed
/// them (the player waits for it); `None` when it came all the way and bit instead.
fn webbed_by_a_spider(seed: u64) -> Option<State> {
    let mut s = scene(&[CORRIDOR], seed);
    s.put_monster(Creature::Spider, s.player().offset(4, 0));
    while s.webbed() == 0 {
        if s.monsters()[0].pos.chebyshev(s.player()) == 1 {
            return None;
        }
        s.act(Action::Wait);
    }
    Some(s)
}

#[test]
fn a_spider_webs_a_player_once_then_closes_in_and_waiting_struggles_free() {
    let webbed: Vec<(u64, State)> = (0..30)
        .filter_map(|seed| Some((seed, webbed_by_a_spider(seed)?)))
        .collect();
    assert!(webbed.len() >= 20, "most spiders spit: {}", webbed.len());
    for (seed, mut s) in webbed {
        let (here, held) = (s.player(), s.webbed());
        for turn in 1..=held {
            s.act(Action::Wait);
            assert!(!web_spat(&s), "seed {seed}: webbed again while stuck");
            assert_eq!(s.webbed(), held - turn, "seed {seed}: each wait loosens it");
            assert_eq!(s.player(), here);
        }
        assert!(logged(&s, "You struggle against the web."));
        assert!(logged(&s, "You tear free of the web."));
        let spider = s.monsters().first().expect("the spider");
        assert_eq!(
            spider.pos.chebyshev(here),
            1,
            "seed {seed}: it came to bite"
        );
    }
}

#[test]
fn stuck_in_a_web_the_player_strikes_what_stands_beside_them() {
    for seed in 0..30 {
        let Some(mut s) = webbed_by_a_spider(seed) else {
            continue;
        };
        let here = s.player();
        // The spider closes in while the player struggles.
        while s.monsters()[0].pos.chebyshev(here) > 1 && s.webbed() > 0 {
            s.act(Action::Wait);
        }
        let held = s.webbed();
        if held == 0 {
            continue;
        }
        let (full, at) = (s.monsters()[0].hp, s.monsters()[0].pos);
        let dir = Dir::towards(at.x - here.x, at.y - here.y).expect("beside");
        s.act(Action::Move(dir));
        assert_eq!(s.player(), here, "seed {seed}");
        assert_eq!(s.webbed(), held, "seed {seed}: a blow is no struggle");
        assert!(
            s.monster_at(at).is_none_or(|m| m.hp < full),
            "seed {seed}: struck"
        );
        return;
    }
    panic!("the spider never stood beside a stuck player");
}

#[test]
fn stuck_on_the_stairs_the_player_struggles_as_when_walking() {
    let mut s = scene(&STACKED, 5);
    s.act(Action::Move(Dir::E));
    s.act(Action::Move(Dir::E));
    let stairs = s.player();
    assert_eq!(stairs, Point::new(3, 1, 0));
    s.put_monster(Creature::Spider, Point::new(1, 2, 0));
    for _ in 0..40 {
        if s.webbed() > 0 {
            break;
        }
        s.act(Action::Wait);
    }
    let held = s.webbed();
    assert!(held > 0, "webbed");
    s.act(Action::Descend);
    assert_eq!(s.player(), stairs, "held on the stairs as on the floor");
    assert_eq!(s.webbed(), held - 1, "a struggle");
    assert!(logged(&s, "against the web") || logged(&s, "tear free of the web"));
}

#[test]
fn taking_stairs_where_there_are_none_says_so_and_takes_no_turn() {
    let mut s = scene(&STACKED, 5);
    s.act(Action::Move(Dir::E));
    let turn = s.turn();
    s.act(Action::Descend);
    assert!(logged(&s, "You are not on stairs down."));
    s.act(Action::Ascend);
    assert!(logged(&s, "You are not on stairs up."));
    assert_eq!(s.turn(), turn);
    assert_eq!(s.player(), Point::new(2, 1, 0));
}

#[test]
fn a_jelly_that_survives_a_blow_splits_in_two() {
    let mut s = scene(&[HALL], 2);
    let jelly = s.player().offset(1, 0);
    s.put_monster(Creature::Jelly, jelly);
    let full = at(&s, jelly).hp;
    s.act(Action::Move(Dir::E));
    let jellies: Vec<&Monster> = s.monsters().iter().collect();
    assert_eq!(jellies.len(), 2, "split");
    assert!(jellies.iter().all(|m| m.kind == Creature::Jelly));
    let left: i32 = jellies.iter().map(|m| m.hp).sum();
    assert!(left < full, "the blow counted");
    assert!((jellies[0].hp - jellies[1].hp).abs() <= 1, "in halves");
    assert!(logged(&s, "The ochre jelly splits in two!"));
}

#[test]
fn a_shade_loses_a_player_who_douses_the_torch() {
    let mut s = scene(&[CORRIDOR], 6);
    let shade = s.player().offset(6, 0);
    s.put_monster(Creature::Shade, shade);
    wait(&mut s, 1);
    assert_eq!(s.monsters()[0].mind, Mind::Hunting, "it has seen the torch");
    s.act(Action::Torch);
    assert_eq!(s.monsters()[0].mind, Mind::Wandering, "it hunts by light");
    wait(&mut s, 30);
    assert_ne!(
        s.monsters()[0].mind,
        Mind::Hunting,
        "and does not find you again"
    );
    let mut lit = scene(&[CORRIDOR], 6);
    lit.put_monster(Creature::Shade, shade);
    wait(&mut lit, 1);
    assert_eq!(
        lit.monsters()[0].mind,
        Mind::Hunting,
        "with the torch lit it keeps on"
    );
}

#[test]
fn a_kobold_slings_stones_from_a_distance() {
    let mut s = scene(&[CORRIDOR], 8);
    let kobold = s.player().offset(5, 0);
    s.put_monster(Creature::Kobold, kobold);
    let mut hits_from_afar = 0;
    for _ in 0..20 {
        let hp = s.hp();
        s.act(Action::Wait);
        let d = s.monsters()[0].pos.chebyshev(s.player());
        if s.hp() < hp && d >= 2 {
            hits_from_afar += 1;
        }
    }
    assert!(hits_from_afar > 0, "hurt while it stood away");
    assert!(logged(&s, "The kobold slinger's stone hits you"));
}

/// A long hall: far ends more than 12 cells from the player, where creatures stir.
const LONG_HALL: &str = "
    ##############################
    #<...........................#
    #............................#
    ##############################
";

#[test]
fn creatures_wander_in_now_and_then_and_come_hunting_once_the_torch_is_out() {
    let mut s = scene(&[LONG_HALL], 7);
    wait(&mut s, STIR_TURNS - 1);
    assert!(s.monsters().is_empty());
    wait(&mut s, 1);
    assert_eq!(s.monsters().len(), 1, "one came in");
    let m = &s.monsters()[0];
    assert!(m.pos.chebyshev(s.player()) >= 12, "out of the way");
    assert!(!m.from_dark);

    let mut dark = scene(&[LONG_HALL], 7);
    dark.set_fuel(0);
    wait(&mut dark, DARK_STIR_TURNS);
    assert_eq!(dark.monsters().len(), 1, "in the dark they come sooner");
    let m = &dark.monsters()[0];
    assert!(m.from_dark);
    assert_eq!(m.mind, Mind::Hunting, "and they come for you");
}

#[test]
fn a_kill_of_what_came_from_the_dark_earns_nothing_but_counts_as_a_kill() {
    let mut s = scene(&[LONG_HALL], 7);
    s.set_fuel(0);
    wait(&mut s, DARK_STIR_TURNS);
    let came = s.monsters()[0].pos;
    // Relit (no more come for a while) and the newcomer at its last breath: walk up and strike.
    s.set_fuel(1000);
    s.wound_monster(came, 1);
    for _ in 0..100 {
        let Some(m) = s.monsters().first() else { break };
        let (me, to) = (s.player(), m.pos);
        let dir = Dir::towards(to.x - me.x, to.y - me.y).expect("not on the player");
        s.act(Action::Move(dir));
    }
    assert!(s.monsters().is_empty(), "killed");
    assert!(logged(&s, "You kill the"));
    assert_eq!(s.xp(), 0);
    // No experience, but a kill all the same: the end screen lists it.
    let kinds: Vec<Creature> = s.kills().iter().map(|&(c, _)| c).collect();
    assert_eq!(s.kills().len(), 1, "{kinds:?}");
    assert_eq!(s.kills()[0].1, 1);
}

#[test]
fn oil_carried_out_of_the_pack_is_gone_and_the_pack_is_in_slot_order() {
    let mut s = scene(&[HALL], 1);
    carry(&mut s, Item::Oil);
    carry(&mut s, Item::Dart);
    assert_eq!(slot_of(&s, Item::Dart), 1);
    s.act(Action::Use(0));
    assert_eq!(slot_of(&s, Item::Dart), 0, "the dart moves up a slot");
    assert!(s.carried().iter().all(|t| t.place == Place::Pack));
}

#[test]
fn lifting_the_idol_wakes_its_level() {
    // Two halls walled apart: nothing in the far one can notice the player.
    let cave = "
        ###############
        #<.....#......#
        #......#......#
        ###############
    ";
    let mut s = scene(&[cave], 12);
    let me = s.player();
    s.put_item(Item::Idol, me.offset(1, 0));
    for (p, mind) in [
        (me.offset(8, 0), Mind::Asleep),
        (me.offset(10, 1), Mind::Wandering),
    ] {
        s.put_monster(Creature::Goblin, p);
        s.set_mind(p, mind);
    }
    s.act(Action::Move(Dir::E));
    assert!(s.carrying_idol());
    assert!(s.monsters().iter().all(|m| m.mind == Mind::Hunting));
    assert!(logged(&s, "the caves wake"));
}

#[test]
fn a_scroll_of_mapping_shows_the_whole_level() {
    let mut s = scene(&[LONG_HALL], 12);
    let far = Point::new(28, 2, 0);
    assert!(!s.sight().remembers(far));
    carry(&mut s, Item::MappingScroll);
    s.act(Action::Use(0));
    assert!(s.sight().remembers(far));
    assert!(!s.sight().lit(far), "known, not seen");
    assert!(s.knows(Item::MappingScroll));
}

#[test]
fn a_crowded_level_stirs_no_more() {
    // The player walled into a closet, the crowd gathering in the hall beyond.
    let cave = "
        ##############################
        #<.#.........................#
        ####.........................#
        #............................#
        ##############################
    ";
    let mut s = scene(&[cave], 7);
    s.set_fuel(0);
    wait(&mut s, DARK_STIR_TURNS * (STIR_CAP as u32 + 10));
    assert!(s.hp() > 0);
    assert_eq!(s.monsters().len(), STIR_CAP);
}

/// Waits `turns` turns one by one (resting as a player would: `Wait` is a turn of rest),
/// taking away every creature that stirs onto the level, and answers the turn on the level
/// each came at, whether it came hunting, and whether it came out of the dark (worth
/// nothing). The player never has to fight, so only the caves' clock is watched.
fn arrivals(state: &mut State, turns: u32) -> Vec<(u32, bool, bool)> {
    let mut came = Vec::new();
    for _ in 0..turns {
        state.act(Action::Wait);
        if let Some(m) = state.monsters().first() {
            came.push((state.lingered(), m.mind == Mind::Hunting, m.from_dark));
        }
        state.clear_monsters();
    }
    came
}

#[test]
fn the_caves_grow_restless_with_the_turns_on_a_level_lit_or_doused() {
    let long = RESTLESS_AFTER + 6 * RESTLESS_STEP;
    let mut lit = scene(&[LONG_HALL], 7);
    lit.set_fuel(MAX_FUEL);
    let mut dark = scene(&[LONG_HALL], 7);
    dark.act(Action::Torch);
    let fuel = dark.fuel();
    let seen_lit = arrivals(&mut lit, long);
    let seen_dark = arrivals(&mut dark, long);
    assert_eq!(dark.fuel(), fuel, "the dark saves the torch's fuel");
    assert!(dark.torch_doused() && dark.restless());
    let when = |seen: &[(u32, bool, bool)]| seen.iter().map(|c| c.0).collect::<Vec<_>>();
    assert_eq!(
        when(&seen_lit),
        when(&seen_dark),
        "the caves' clock does not stop in the dark"
    );
    // Calm at first: now and then a wanderer, worth its experience.
    let calm: Vec<_> = seen_dark.iter().filter(|c| c.0 < RESTLESS_AFTER).collect();
    assert_eq!(calm.len() as u32, (RESTLESS_AFTER - 1) / STIR_TURNS);
    assert!(calm.iter().all(|&&(_, hunting, dark)| !hunting && !dark));
    // Then restless: they come hunting, worth nothing, and more and more often.
    let restless: Vec<_> = seen_dark.iter().filter(|c| c.0 >= RESTLESS_AFTER).collect();
    assert!(restless.iter().all(|&&(_, hunting, dark)| hunting && dark));
    let last = seen_dark
        .iter()
        .filter(|c| c.0 > long - 2 * RESTLESS_STEP)
        .count();
    assert!(
        last * STIR_TURNS as usize >= 3 * 2 * RESTLESS_STEP as usize,
        "{last} came in the last {} turns",
        2 * RESTLESS_STEP
    );
    assert_eq!(
        dark.lingered(),
        long + 1,
        "every turn counts, the douse's too"
    );
}

/// Two levels joined by stairs: `>` on the first over `<` on the second.
const TWO_HALLS: [&str; 2] = [
    "
    ##############################
    #<>..........................#
    #............................#
    ##############################
",
    "
    ##############################
    #.<..........................#
    #............................#
    ##############################
",
];

#[test]
fn each_level_keeps_its_own_clock_across_visits() {
    let mut s = scene(&TWO_HALLS, 7);
    s.act(Action::Torch);
    arrivals(&mut s, RESTLESS_AFTER - 10);
    assert!(!s.restless());
    s.act(Action::Move(Dir::E));
    s.act(Action::Descend);
    assert_eq!(s.player().z, 1);
    assert_eq!(s.lingered(), 1, "a new level's clock starts afresh");
    assert!(!s.restless());
    arrivals(&mut s, 20);
    s.act(Action::Ascend);
    assert_eq!(s.player().z, 0);
    // Away from it, the first level's clock stood still; back on it, it runs on (the douse,
    // the step to the stairs and the climb back count too).
    assert_eq!(s.lingered(), RESTLESS_AFTER - 10 + 3);
    arrivals(&mut s, 10);
    assert!(
        s.restless(),
        "going down and up again does not calm a level"
    );
    let came = arrivals(&mut s, STIR_TURNS);
    assert!(!came.is_empty());
    assert!(came.iter().all(|&(_, hunting, dark)| hunting && dark));
}

/// Wounds the player in a `HALL` scene: a goblin beside them strikes until it has drawn
/// blood, then is taken away.
fn wounded(seed: u64) -> State {
    let mut s = scene(&[HALL], seed);
    let beside = Point::new(2, 1, 0);
    s.put_monster(Creature::Goblin, beside);
    s.set_mind(beside, Mind::Hunting);
    while s.hp() == s.max_hp() {
        s.act(Action::Wait);
    }
    s.clear_monsters();
    s
}

#[test]
fn wounds_close_only_by_torchlight() {
    let mut dark = wounded(3);
    let hurt = dark.hp();
    assert!(hurt > 0 && hurt < dark.max_hp());
    dark.act(Action::Torch);
    assert!(dark.torch_doused());
    let turn = dark.turn();
    dark.act(Action::Rest);
    assert_eq!(dark.turn(), turn, "resting in the dark is refused: no turn");
    assert!(logged(&dark, "Wounds do not close in the dark"));
    wait(&mut dark, 300);
    assert_eq!(dark.hp(), hurt, "300 turns in the dark heal nothing");
    // Relit, the same wound closes, walking or resting.
    dark.act(Action::Torch);
    wait(&mut dark, 90);
    assert!(dark.hp() > hurt, "waiting by torchlight heals");
    let mut lit = wounded(3);
    lit.act(Action::Rest);
    assert_eq!(
        lit.hp(),
        lit.max_hp(),
        "a rest by torchlight heals the wound"
    );
    // A torch burned out is the dark too.
    let mut out = wounded(3);
    out.set_fuel(0);
    let (hurt, turn) = (out.hp(), out.turn());
    out.act(Action::Rest);
    assert_eq!(out.turn(), turn);
    assert!(logged(&out, "your torch has no fuel"));
    wait(&mut out, 100);
    assert_eq!(out.hp(), hurt);
}

/// Two levels whose stairs meet at (3, 1): the `>` of the first over the `<` of the second.
const STACKED: [&str; 2] = [
    "
    ######
    #<.>.#
    #....#
    ######
",
    "
    ######
    #..<.#
    #....#
    ######
",
];

/// The player gone down the stacked levels' stairs, and a bat asleep on the stairs down of
/// the level above, where a climb arrives: the scene and those stairs.
fn bat_on_the_stairs_above() -> (State, Point) {
    let mut s = scene(&STACKED, 3);
    s.act(Action::Move(Dir::E));
    s.act(Action::Move(Dir::E));
    s.act(Action::Descend);
    let stairs = Point::new(3, 1, 0);
    s.put_monster(Creature::Bat, stairs);
    s.set_mind(stairs, Mind::Asleep);
    (s, stairs)
}

#[test]
fn a_creature_on_the_stairs_you_climb_to_steps_aside() {
    let (mut s, stairs) = bat_on_the_stairs_above();
    assert_eq!(s.player(), Point::new(3, 1, 1));
    s.act(Action::Ascend);
    assert_eq!(s.player(), stairs);
    assert!(
        s.monster_at(stairs).is_none(),
        "a creature shares the player's cell"
    );
    let bat = s
        .monsters()
        .iter()
        .find(|m| m.kind == Creature::Bat)
        .expect("the bat is still in the caves");
    assert!(
        bat.pos.z == 0 && bat.pos.chebyshev(stairs) == 1,
        "{:?}",
        bat.pos
    );
}

#[test]
fn a_creature_with_no_room_beside_the_stairs_goes_down_them() {
    let (mut s, stairs) = bat_on_the_stairs_above();
    // Every open cell beside the stairs is taken.
    for (x, y) in [(2, 1), (4, 1), (2, 2), (3, 2), (4, 2)] {
        let p = Point::new(x, y, 0);
        s.put_monster(Creature::Rat, p);
        s.set_mind(p, Mind::Asleep);
    }
    s.act(Action::Ascend);
    assert!(
        s.monster_at(stairs).is_none(),
        "a creature shares the player's cell"
    );
    assert!(
        s.monster_at(Point::new(3, 1, 1))
            .is_some_and(|m| m.kind == Creature::Bat),
        "the bat did not take the stairs the player left"
    );
}

#[test]
fn oil_never_takes_fuel_away() {
    let mut s = scene(&[HALL], 7);
    // Explorer mode starts the torch above the cap of what oil fills.
    s.set_fuel(MAX_FUEL + 700);
    carry(&mut s, Item::Oil);
    let slot = s
        .carried()
        .iter()
        .position(|t| t.kind == Item::Oil)
        .expect("oil in the pack") as u8;
    let before = s.fuel();
    s.act(Action::Use(slot));
    assert!(
        s.fuel() >= before - 1,
        "oil lowered the fuel from {before} to {}",
        s.fuel()
    );
    // Below the cap, it fills up to the cap.
    s.set_fuel(MAX_FUEL - 100);
    carry(&mut s, Item::Oil);
    s.act(Action::Use(slot));
    assert_eq!(
        s.fuel(),
        MAX_FUEL - 1,
        "a turn burns after the oil is poured"
    );
}

/// The player on the stairs down of `STACKED`'s first level, and a bugbear hunting them
/// from the cell east of the stairs.
fn bugbear_at_the_stairs(seed: u64) -> State {
    let mut s = scene(&STACKED, seed);
    s.act(Action::Move(Dir::E));
    s.act(Action::Move(Dir::E));
    s.put_monster(Creature::Bugbear, Point::new(4, 1, 0));
    s
}

#[test]
fn a_slow_creature_follows_down_the_stairs_only_on_a_turn_it_acts_and_does_not_strike_on_arrival() {
    let mut followed = [false; 2];
    for pause in 0..2 {
        let mut s = bugbear_at_the_stairs(1);
        wait(&mut s, pause);
        let (hp, turn) = (s.hp(), s.turn());
        s.act(Action::Descend);
        assert_eq!(s.player().z, 1);
        let bugbear = &s.monsters()[0];
        // A bugbear acts on even turns: the descent's turn is `turn + 1`.
        let acts = (turn + 1) % 2 == 0;
        assert_eq!(bugbear.pos.z == 1, acts, "turn {turn}: followed");
        assert_eq!(logged(&s, "The bugbear follows you."), acts);
        assert_eq!(s.hp(), hp, "turn {turn}: no blow on arrival");
        followed[pause as usize] = acts;
    }
    assert_ne!(followed[0], followed[1], "a turn of each kind was tried");
}

#[test]
fn a_creature_the_player_cannot_see_does_not_follow() {
    let mut s = bugbear_at_the_stairs(1);
    // The bugbear swapped for a goblin (it acts every turn), and the torch doused: in the
    // dark, the goblin beside the stairs is out of the player's view.
    s.clear_monsters();
    s.put_monster(Creature::Goblin, Point::new(4, 2, 0));
    s.act(Action::Torch);
    let mut t = s.clone();
    t.clear_monsters();
    let unseen = Point::new(1, 2, 0);
    t.put_monster(Creature::Goblin, unseen);
    assert!(
        t.sight().in_sight(unseen) && !t.sight().lit(unseen),
        "in the dark"
    );
    t.act(Action::Descend);
    assert_eq!(t.monsters()[0].pos.z, 0, "unseen in the dark, it stays");
    assert!(!logged(&t, "follows you"));
    // In view (beside the player), it follows.
    s.act(Action::Descend);
    assert_eq!(s.monsters()[0].pos.z, 1, "seen, it follows");
}
