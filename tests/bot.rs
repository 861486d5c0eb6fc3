//! The skill ladder: bots play whole games natively over many seeds, and the caves must
//! reward skill. A tap-only autopilot and a reckless diver rarely win; a careful player loses
//! more often than not; an expert who uses light, stealth, throwing and identification wins
//! clearly more. Playing in the dark (the doused bot, which lights its torch only to rest by)
//! must win no more, and no faster, than the careful player.
//! Explorer mode is for learning: the careful bot wins most games there.
//!
//! `cargo test --release --test bot -- --nocapture` prints a line per bot, `bot NAME: won W
//! of N`, and the median length of each bot's won runs; the Explorer test prints
//! `Explorer mode, careful bot: won W of N`.
#![cfg(not(target_arch = "wasm32"))]

mod scenes;

use caves::rules::builder::altars::offering_cells;
use caves::rules::builder::WorldParams;
use caves::rules::kinds::item::Item;
use caves::rules::kinds::tile::Tile;
use caves::rules::record::Header;
use caves::rules::space::geom::Point;
use caves::rules::variants::{EXPLORER, NORMAL};
use caves::rules::{Action, Dir, Outcome, State, Variant};
use caves_bots::{careful, expert, Bot, Game, Run, MAX_ACTIONS};

/// Seeds each bot plays.
const SEEDS: u64 = 500;

/// Plays `SEEDS` games of `variant` by `bot` on two threads; answers (won, played, won runs'
/// turns). Prints `LABEL: won W of N`. Every game ends within `MAX_ACTIONS` actions (the
/// doused bot's may stop unended at its own bound of turns): a bot that goes on for ever,
/// turning back and forth between two items or round a creature in its way, gives a board
/// no par and a watcher no game.
fn rate(label: &str, variant: &'static Variant, bot: Bot) -> (usize, usize, Vec<u32>) {
    let half = SEEDS / 2;
    let play = move |seed| {
        let header = Header::new(seed, WorldParams::default(), None).in_variant(variant);
        bot.play(header).expect("worlds have floor")
    };
    let games: Vec<Run> = std::thread::scope(|t| {
        let a = t.spawn(move || (0..half).map(play).collect::<Vec<_>>());
        let b: Vec<Run> = (half..SEEDS).map(play).collect();
        let mut all = a.join().expect("bot thread");
        all.extend(b);
        all
    });
    let won: Vec<u32> = games
        .iter()
        .filter(|g| g.outcome == Outcome::Won)
        .map(|g| g.turns)
        .collect();
    // Games are in seed order: a game's index is its seed.
    let stuck: Vec<usize> = (0..games.len())
        .filter(|&s| games[s].record.actions.len() >= MAX_ACTIONS)
        .collect();
    let unended = games
        .iter()
        .filter(|g| g.outcome == Outcome::Playing)
        .count();
    println!("{label}: won {} of {}", won.len(), games.len());
    println!("  its won runs: median {} turns", median(won.clone()));
    if unended > stuck.len() {
        println!(
            "  ({unended} unended at its bound of {} turns, counted as not won)",
            bot.max_turns()
        );
    }
    assert!(
        stuck.is_empty(),
        "{label}: the games of seeds {stuck:?} went {MAX_ACTIONS} actions without an end"
    );
    (won.len(), games.len(), won)
}

fn median(mut v: Vec<u32>) -> u32 {
    v.sort_unstable();
    v.get(v.len() / 2).copied().unwrap_or(0)
}

#[test]
fn the_skill_ladder() {
    let (auto, n, _) = rate("bot autopilot", &NORMAL, Bot::Autopilot);
    let (reckless, _, _) = rate("bot reckless", &NORMAL, Bot::Reckless);
    let (careful, _, careful_wins) = rate("bot careful", &NORMAL, Bot::Careful);
    let (expert, _, _) = rate("bot expert", &NORMAL, Bot::Expert);
    let (doused, _, doused_wins) = rate("bot doused", &NORMAL, Bot::Doused);
    let (length, dark_length) = (median(careful_wins), median(doused_wins.clone()));
    assert!(auto * 100 <= n * 10, "the autopilot won {auto} of {n}");
    assert!(
        reckless * 100 <= n * 5,
        "the reckless bot won {reckless} of {n}"
    );
    assert!(
        (n * 25..=n * 50).contains(&(careful * 100)),
        "the careful bot won {careful} of {n}"
    );
    assert!(
        expert * 100 >= careful * 100 + n * 20,
        "the expert bot won {expert} of {n}, the careful {careful}"
    );
    assert!(
        (1500..=3000).contains(&length),
        "the careful bot's wins last a median of {length} turns"
    );
    // The dark is a choice with a price, not a free way to play: playing doused wins no
    // more often than playing lit, and no faster.
    assert!(
        doused <= careful,
        "the doused bot won {doused} of {n}, the careful {careful}"
    );
    assert!(
        doused_wins.is_empty() || dark_length >= length,
        "the doused bot's wins last a median of {dark_length} turns, the careful bot's {length}"
    );
}

#[test]
fn explorer_mode_is_for_learning() {
    let (won, n, _) = rate("Explorer mode, careful bot", &EXPLORER, Bot::Careful);
    assert!(
        won * 100 >= n * 70,
        "the careful bot won {won} of {n} in Explorer mode"
    );
}

/// A hall split by a wall from the north: `<` west of the wall, the way to the east half
/// round the wall's southern end.
const SPLIT_HALL: &str = "
    ##############
    #....<.#.....#
    #......#.....#
    #......#.....#
    #......#.....#
    #............#
    ##############";

/// The nearest item is the nearest by the way there, not as the crow flies: a flask of oil
/// three cells east of the bot, beyond the wall, lies eight steps off round it; a mail shirt
/// four cells west lies four steps off. The careful bot (whose `fetch` every careful bot
/// uses) takes the mail first. Led by the straight line it went round the wall for the oil,
/// and between two items whose order by the straight line changed as it walked it turned
/// back and forth for ever (the expert's game of seed 55 went 30,000 actions so).
#[test]
fn the_careful_bots_fetch_the_item_nearest_by_the_way_there() {
    let mut s = scenes::scene(&[SPLIT_HALL], 1);
    let (oil, mail) = (Point::new(8, 1, 0), Point::new(1, 1, 0));
    s.put_item(Item::Oil, oil);
    s.put_item(Item::Mail, mail);
    // Round the wall's end and back, to see both.
    let (down, east) = ([Dir::S; 4], [Dir::E; 3]);
    let (west, up) = ([Dir::W; 3], [Dir::N; 4]);
    for d in down.into_iter().chain(east).chain(west).chain(up) {
        assert!(s.act(Action::Move(d)), "{d:?}");
    }
    let mut g = Game::with_state(s);
    assert_eq!(g.here(), Point::new(5, 1, 0));
    assert!(g.items.contains_key(&oil) && g.items.contains_key(&mail));
    while g.state.carried().is_empty() && g.taken.len() < 40 {
        let a = careful::policy(&mut g);
        g.act(a);
    }
    let took: Vec<Item> = g.state.carried().iter().map(|t| t.kind).collect();
    assert_eq!(took, [Item::Mail]);
}

/// The altar's choice as the expert makes it (`Tactics::altar`): a sword is the nearest
/// offering, oil the next and mail the farthest (the last one looked at, so a choice that
/// ranked nothing would take it); with its torch's fuel what decides its runs, it walks past
/// the sword to the oil. With the tactic off it takes the nearest.
#[test]
fn at_an_altar_the_expert_takes_what_it_needs_most_not_the_nearest() {
    for (choose, want) in [(true, Item::Oil), (false, Item::Sword)] {
        let mut s = scenes::scene(&[scenes::ALTAR_CAVE], 1);
        let [west, north, east] = offering_cells(scenes::ALTAR);
        s.put_item(Item::Sword, west);
        s.put_item(Item::Oil, north);
        s.put_item(Item::Mail, east);
        let mut g = Game::with_state(s);
        g.tactics.altar = choose;
        for _ in 0..20 {
            if !g.state.carried().is_empty() {
                break;
            }
            let a = expert::policy(&mut g);
            g.act(a);
        }
        let took: Vec<Item> = g.state.carried().iter().map(|t| t.kind).collect();
        assert_eq!(took, [want], "with the altar tactic {choose}");
    }
}

/// A hall with a cell of moss (`q`) two steps from the way out and glowing fungus (`f`)
/// across it.
fn fungus_hall() -> State {
    scenes::scene(
        &["
        ###########
        #<.q......#
        #.......f.#
        ###########"],
        1,
    )
}

/// Resting by a fire as the expert does (`Tactics::fire_rest`): burnt by moss it set alight,
/// with glowing fungus in view a few cells off, it walks beside the fungus, sets it alight,
/// puts its torch out and rests in the fire's warmth, its fuel kept. With the tactic off it
/// rests by torchlight, and the rest burns the torch's fuel.
#[test]
fn wounded_near_fungus_the_expert_rests_by_its_fire_with_the_torch_out() {
    let mut burnt = Vec::new();
    for fire_rest in [true, false] {
        let mut s = fungus_hall();
        // Burnt twice in the moss it set alight, then out of it once it burnt away.
        for a in [
            Action::Move(Dir::E),
            Action::Kindle(Dir::E),
            Action::Move(Dir::E),
        ] {
            s.act(a);
        }
        s.act(Action::Wait);
        assert_eq!(s.world().tile(Point::new(3, 1, 0)), Tile::Floor);
        let (hp, fuel) = (s.hp(), s.fuel());
        assert!(s.max_hp() - hp >= 8, "burnt: {hp} of {}", s.max_hp());
        let mut g = Game::with_state(s);
        g.tactics.fire_rest = fire_rest;
        while g.state.hp() < g.state.max_hp() && g.taken.len() < 200 {
            let a = expert::policy(&mut g);
            g.act(a);
        }
        let s = &g.state;
        assert_eq!(s.hp(), s.max_hp(), "healed, with fire_rest {fire_rest}");
        let fungus = s.world().tile(Point::new(8, 2, 0));
        assert_eq!(fungus != Tile::Fungus, fire_rest, "the fungus set alight");
        burnt.push(fuel - s.fuel());
    }
    // Burnt twice for 4, it rests 80 turns: with the tactic most of them in the dark.
    let (by_fire, by_torch) = (burnt[0], burnt[1]);
    assert!(
        by_torch >= 70,
        "a rest by torchlight burns fuel: {by_torch}"
    );
    assert!(
        by_fire * 2 <= by_torch,
        "by the fire it burns half the fuel or less: {by_fire} against {by_torch}"
    );
}

/// With its torch already out and a fungus fire burning in view, the expert walks to the
/// fire in the dark and rests beside it: it never relights, so not a turn of fuel burns
/// while the fire lasts.
#[test]
fn wounded_in_the_dark_the_expert_walks_to_flames_it_sees_and_keeps_its_fuel() {
    let mut s = fungus_hall();
    // Burnt twice in the moss it set alight, then beside the fungus to set it alight too,
    // then four cells off with the torch out.
    let mut plan = vec![
        Action::Move(Dir::E),
        Action::Kindle(Dir::E),
        Action::Move(Dir::E),
        Action::Wait,
    ];
    plan.extend([Action::Move(Dir::E); 4]);
    plan.extend([Action::Kindle(Dir::SE), Action::Torch]);
    plan.extend([Action::Move(Dir::W); 4]);
    for a in plan {
        s.act(a);
    }
    assert_eq!(s.player(), Point::new(3, 1, 0));
    assert_eq!(s.world().tile(Point::new(8, 2, 0)), Tile::Fire);
    assert!(!s.torch_lit() && !s.warm());
    let (hp, fuel) = (s.hp(), s.fuel());
    assert!(s.max_hp() - hp >= 5, "burnt: {hp} of {}", s.max_hp());
    let mut g = Game::with_state(s);
    while g.state.fire_burns() && g.taken.len() < 100 {
        let a = expert::policy(&mut g);
        g.act(a);
    }
    let s = &g.state;
    assert_eq!(s.fuel(), fuel, "the torch stayed out while the fire burned");
    assert!(s.hp() > hp, "wounds closed by the fire: {hp} to {}", s.hp());
}
