//! Items and creature behaviour in scripted scenes on hand-drawn caves, played through keys;
//! and the placement of items over many generated worlds.
#![cfg(not(target_arch = "wasm32"))]

use caves::app::draw::compose;
use caves::app::{App, Screen};
use caves::rules::builder::WorldParams;
use caves::rules::items::looks::{Guise, Seen};
use caves::rules::items::placing;
use caves::rules::kinds::creature::Creature;
use caves::rules::kinds::entry::Effect;
use caves::rules::kinds::item::Item;
use caves::rules::kinds::tile::Tile;
use caves::rules::space::geom::Point;
use caves::rules::space::world::World;
use caves::rules::{Place, State};
use caves::view::kinds::cyclopedia::entry;
use caves::view::kinds::Shown;

/// Level 1: the way out at the left of a hall, stairs down at the right. Level 2: a hall.
fn scene() -> App {
    let level1 = "
        ##########
        #<.......#
        #.......>#
        ##########
    ";
    let level2 = "
        ##########
        #........#
        #.......<#
        ##########
    ";
    let world = World::from_text(&[level1, level2]).expect("valid fixture");
    let mut state = State::in_world(world, 7).expect("the fixture has floor");
    state.clear_monsters();
    App::scene(state)
}

fn state(app: &App) -> &State {
    app.state().expect("a run")
}

fn fixture(app: &mut App) -> &mut State {
    app.scene_state().expect("a scene")
}

fn press(app: &mut App, keys: &[&str]) {
    for k in keys {
        app.key(k);
    }
}

fn log_has(app: &App, text: &str) -> bool {
    state(app)
        .log()
        .entries()
        .iter()
        .any(|e| e.text.contains(text))
}

#[test]
fn pick_up_wield_and_quaff() {
    let mut app = scene();
    fixture(&mut app).put_item(Item::Sword, Point::new(2, 1, 0));
    fixture(&mut app).put_item(Item::HealingPotion, Point::new(3, 1, 0));
    let base = state(&app).attack();
    press(&mut app, &["l"]);
    assert!(log_has(&app, "You see a sword here."));
    assert!(
        compose(&app).to_string().contains("sword"),
        "the sidebar names it"
    );
    press(&mut app, &["g", "l", ","]);
    let carried: Vec<Item> = state(&app).carried().iter().map(|t| t.kind).collect();
    assert_eq!(carried, [Item::Sword, Item::HealingPotion]);
    press(&mut app, &["i"]);
    assert_eq!(
        app.screen(),
        Screen::Inventory(caves::app::screens::inventory::Pick::Browse)
    );
    let text = compose(&app).to_string();
    let look = state(&app).item_name(Item::HealingPotion);
    assert!(text.contains("a) ") && text.contains(look), "{text}");
    assert!(
        !text.contains("potion of healing"),
        "unknown until used: {text}"
    );
    press(&mut app, &["Escape", "w", "a"]);
    assert_eq!(state(&app).equipped(Place::Wielded), Some(Item::Sword));
    assert_eq!(state(&app).attack(), base + 4);
    // A rat bites until the player is hurt; the potion then heals more than a bite takes.
    let here = state(&app).player();
    fixture(&mut app).put_monster(Creature::Rat, here.offset(0, 1));
    while state(&app).hp() > 25 {
        press(&mut app, &["."]);
    }
    let (hp, used) = (state(&app).hp(), state(&app).items_used());
    press(&mut app, &["q", "b"]);
    assert!(log_has(&app, "hit points come back"));
    assert!(
        log_has(&app, "It was a potion of healing."),
        "identified by use"
    );
    assert!(state(&app).hp() > hp, "healed");
    assert_eq!(state(&app).items_used(), used + 1);
    assert_eq!(state(&app).carried().len(), 1, "the potion is gone");
    press(&mut app, &["d", "a"]);
    assert_eq!(state(&app).item_at(here), Some(Item::Sword));
    assert_eq!(
        state(&app).equipped(Place::Wielded),
        None,
        "dropped, not wielded"
    );
}

#[test]
fn a_full_pack_refuses_more() {
    let mut app = scene();
    let at = Point::new(2, 1, 0);
    for _ in 0..11 {
        fixture(&mut app).put_item(Item::Dagger, at);
    }
    press(&mut app, &["l"]);
    for _ in 0..11 {
        press(&mut app, &["g"]);
    }
    assert_eq!(state(&app).carried().len(), 10);
    assert!(log_has(&app, "Your pack is full."));
    assert_eq!(state(&app).item_at(at), Some(Item::Dagger));
}

/// The carried stacks as (kind, how many), in slot order.
fn stacks(app: &App) -> Vec<(Item, u32)> {
    state(app)
        .carried()
        .iter()
        .map(|t| (t.kind, t.count))
        .collect()
}

#[test]
fn potions_and_scrolls_of_one_kind_stack_in_one_slot() {
    let mut app = scene();
    let here = state(&app).player();
    for kind in [
        Item::HealingPotion,
        Item::LightScroll,
        Item::HealingPotion,
        Item::Dart,
        Item::LightScroll,
        Item::Dart,
    ] {
        fixture(&mut app).put_item(kind, here);
    }
    for _ in 0..6 {
        press(&mut app, &["g"]);
    }
    // Picked up from the top: a dart, a scroll, the other dart, ... Darts do not stack.
    assert_eq!(
        stacks(&app),
        [
            (Item::Dart, 1),
            (Item::LightScroll, 2),
            (Item::Dart, 1),
            (Item::HealingPotion, 2)
        ]
    );
    let look = state(&app).item_name(Item::HealingPotion);
    assert!(log_has(&app, ": 2 now."), "the log counts the stack");
    press(&mut app, &["i"]);
    let text = compose(&app).to_string();
    let two = caves::rules::game::log::counted(look, 2);
    assert!(text.contains(&format!("d) ! {two}")), "{text}");
    assert!(text.contains("4 of 10 slots"), "{text}");
    // Quaffing takes one of the stack; it keeps its letter.
    press(&mut app, &["Escape", "q", "d"]);
    assert_eq!(stacks(&app)[3], (Item::HealingPotion, 1));
    assert_eq!(state(&app).slot_of('d'), Some(3));
    // Throwing takes one scroll of the two; the other stays in its slot.
    assert!(fixture(&mut app).act(caves::rules::Action::throw(1, 3, 0).expect("in reach")));
    assert_eq!(stacks(&app)[1], (Item::LightScroll, 1));
    assert_eq!(
        state(&app).item_at(here.offset(3, 0)),
        Some(Item::LightScroll)
    );
    // Picked up again, it joins its stack; dropped, the stack goes down whole and comes
    // back whole.
    press(&mut app, &["l", "l", "l", "g", "h", "h", "h"]);
    assert_eq!(stacks(&app)[1], (Item::LightScroll, 2));
    press(&mut app, &["d", "b"]);
    assert_eq!(stacks(&app).len(), 3);
    assert!(
        log_has(&app, "You drop 2 scrolls"),
        "{:?}",
        state(&app).log().entries()
    );
    press(&mut app, &["g"]);
    assert_eq!(stacks(&app)[3], (Item::LightScroll, 2));
}

#[test]
fn a_full_pack_still_takes_one_more_of_a_stack_it_holds() {
    let mut app = scene();
    let at = state(&app).player();
    for _ in 0..9 {
        fixture(&mut app).put_item(Item::Dagger, at);
    }
    fixture(&mut app).put_item(Item::MappingScroll, at);
    for _ in 0..10 {
        press(&mut app, &["g"]);
    }
    assert_eq!(state(&app).carried().len(), 10, "full");
    fixture(&mut app).put_item(Item::MappingScroll, at);
    press(&mut app, &["g"]);
    assert_eq!(state(&app).carried().len(), 10);
    assert_eq!(stacks(&app)[0], (Item::MappingScroll, 2));
    assert!(!log_has(&app, "Your pack is full."));
    fixture(&mut app).put_item(Item::Sword, at);
    press(&mut app, &["g"]);
    assert!(log_has(&app, "Your pack is full."));
}

#[test]
fn a_creature_that_sees_you_follows_you_down_the_stairs() {
    let mut app = scene();
    press(&mut app, &["l", "l", "l", "l", "l", "l", "n"]);
    assert_eq!(
        state(&app).world().tile(state(&app).player()),
        Tile::StairsDown
    );
    fixture(&mut app).put_monster(Creature::Goblin, Point::new(6, 1, 0));
    press(&mut app, &[">"]);
    let p = state(&app).player();
    assert_eq!(p.z, 1);
    let goblin = state(&app)
        .monsters()
        .iter()
        .find(|m| m.kind == Creature::Goblin)
        .expect("the goblin");
    assert_eq!(goblin.pos.z, 1, "it came down");
    assert_eq!(goblin.pos.chebyshev(p), 1);
    assert!(log_has(&app, "The goblin follows you."));
}

#[test]
fn a_badly_hurt_goblin_flees_and_a_healthy_one_does_not() {
    for (hp, flees) in [(1, true), (7, false)] {
        let mut app = scene();
        let start = state(&app).player();
        let at = start.offset(2, 0);
        fixture(&mut app).put_monster(Creature::Goblin, at);
        fixture(&mut app).wound_monster(at, hp);
        press(&mut app, &["."]);
        let d = state(&app).monsters()[0].pos.chebyshev(start);
        assert_eq!(d > 2, flees, "hp {hp}: distance {d}");
    }
}

#[test]
fn resting_heals_until_full_or_until_a_creature_comes() {
    let mut app = scene();
    let here = state(&app).player();
    fixture(&mut app).put_monster(Creature::Rat, here.offset(1, 0));
    while state(&app).hp() > 26 {
        press(&mut app, &["."]);
    }
    press(&mut app, &["R"]);
    assert!(log_has(&app, "You cannot rest with a creature in view."));
    for _ in 0..50 {
        if state(&app).monsters().is_empty() {
            break;
        }
        press(&mut app, &["l"]);
    }
    let turn = state(&app).turn();
    press(&mut app, &["R"]);
    assert_eq!(state(&app).hp(), state(&app).max_hp());
    assert!(state(&app).turn() > turn + 8, "healing takes turns");
    assert!(log_has(&app, "You rest for"));
}

#[test]
fn kills_give_experience_and_levels() {
    let mut app = scene();
    let here = state(&app).player();
    for _ in 0..4 {
        fixture(&mut app).put_monster(Creature::Rat, here.offset(1, 0));
        for _ in 0..50 {
            if state(&app).monsters().is_empty() {
                break;
            }
            press(&mut app, &["l"]);
        }
        assert_eq!(state(&app).player(), here, "the rat stood its ground");
    }
    assert_eq!(state(&app).kills(), [(Creature::Rat, 4)]);
    assert_eq!(state(&app).xp(), 20);
    assert_eq!(state(&app).level(), 2);
    assert_eq!(
        state(&app).max_hp(),
        30 + caves::rules::balance::HP_PER_LEVEL
    );
    assert!(compose(&app).to_string().contains("Rank 2"));
}

#[test]
fn every_item_kind_has_a_cyclopedia_entry_and_a_dump_char() {
    for i in Item::ALL {
        let e = entry(Seen::Item(Guise::Known(i)));
        assert!(!e.description.is_empty());
        let want = match i.effect() {
            Effect::Heal(_)
            | Effect::Strength(_)
            | Effect::Confuse(_)
            | Effect::Darken(_)
            | Effect::Flare
            | Effect::Descend
            | Effect::Blaze => '!',
            Effect::Weapon(_) | Effect::Missile(_) => ')',
            Effect::Armour(_) => '[',
            Effect::Light(_)
            | Effect::Teleport
            | Effect::Summon(_)
            | Effect::Map
            | Effect::Kindle { .. }
            | Effect::Recall
            | Effect::Slumber => '?',
            Effect::Fuel(_) => '%',
            Effect::Treasure => '*',
        };
        assert_eq!(i.dump(), want, "{}", e.name);
    }
}

/// The areas of level `z` a player can walk (doors opened), by flood fill: each as its cells.
fn walkable_areas(world: &World, z: i32) -> Vec<Vec<Point>> {
    let mut seen = std::collections::HashSet::new();
    let mut areas = Vec::new();
    for (start, t) in world.points(z) {
        if !t.is_passable() || !seen.insert(start) {
            continue;
        }
        let mut area = vec![start];
        let mut i = 0;
        while let Some(&p) = area.get(i) {
            i += 1;
            for q in p.neighbours8() {
                if world.contains(q) && world.tile(q).is_passable() && seen.insert(q) {
                    area.push(q);
                }
            }
        }
        areas.push(area);
    }
    areas
}

#[test]
fn every_area_a_player_can_walk_holds_a_few_items() {
    use caves::rules::balance::{AREA_FOR_ITEMS, MIN_AREA_ITEMS};
    use caves::rules::builder::altars::offering_cells;
    let params = WorldParams::default();
    let (mut areas, mut thin) = (0, Vec::new());
    for seed in 0..40 {
        let world = params.build(seed);
        let placed = placing::place(&world, seed, &caves::rules::variants::NORMAL);
        for z in 0..world.depth() {
            let offered: Vec<Point> = world
                .points_of(z, Tile::Altar)
                .into_iter()
                .flat_map(offering_cells)
                .collect();
            for area in walkable_areas(&world, z) {
                if area.len() < AREA_FOR_ITEMS as usize {
                    continue;
                }
                let cells: std::collections::HashSet<Point> = area.into_iter().collect();
                let held = placed
                    .iter()
                    .filter(|&&(p, k)| {
                        k != Item::Idol && cells.contains(&p) && !offered.contains(&p)
                    })
                    .count();
                areas += 1;
                if held < MIN_AREA_ITEMS as usize {
                    thin.push(format!(
                        "seed {seed} level {}: {held} items in {} cells",
                        z + 1,
                        cells.len()
                    ));
                }
            }
        }
    }
    assert!(areas > 200, "only {areas} areas");
    assert!(
        thin.is_empty(),
        "{} areas hold too few:\n{}",
        thin.len(),
        thin.join("\n")
    );
}

#[test]
fn items_lie_only_on_plain_floor_over_many_seeds() {
    let params = WorldParams::default();
    for seed in 0..60 {
        let world = params.build(seed);
        let placed = placing::place(&world, seed, &caves::rules::variants::NORMAL);
        let mut spots: Vec<Point> = placed.iter().map(|&(p, _)| p).collect();
        for &(p, kind) in &placed {
            assert_eq!(world.tile(p), Tile::Floor, "seed {seed}: {kind:?} at {p:?}");
            assert!(kind.data().from_level <= p.z + 1 || kind == Item::Idol);
        }
        let idols: Vec<Point> = placed
            .iter()
            .filter(|&&(_, k)| k == Item::Idol)
            .map(|&(p, _)| p)
            .collect();
        assert_eq!(idols.len(), 1, "seed {seed}");
        assert_eq!(idols[0].z, world.depth() - 1);
        let n = spots.len();
        spots.sort();
        spots.dedup();
        assert_eq!(spots.len(), n, "seed {seed}: two items share a cell");
        let state = State::new(seed, &params).expect("floor");
        let on_floor: Vec<(Point, Item)> = state
            .items()
            .iter()
            .filter_map(|t| match t.place {
                Place::Floor(p) => Some((p, t.kind)),
                _ => None,
            })
            .collect();
        assert_eq!(on_floor, placed, "seed {seed}: the game uses the placement");
    }
}

#[test]
fn every_kind_of_item_and_creature_turns_up_over_many_seeds() {
    let params = WorldParams::default();
    let (mut items, mut creatures) = (Vec::new(), Vec::new());
    for seed in 0..60 {
        let state = State::new(seed, &params).expect("floor");
        items.extend(state.items().iter().map(|t| t.kind));
        creatures.extend(state.monsters().iter().map(|m| m.kind));
    }
    for kind in Item::ALL {
        assert!(items.contains(&kind), "no {kind:?} in 60 worlds");
    }
    for kind in Creature::ALL {
        assert!(creatures.contains(&kind), "no {kind:?} in 60 worlds");
    }
}

#[test]
fn the_manual_shows_every_item_by_its_glyph_in_the_game() {
    use caves::view::cp437::UNICODE;
    let manual = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/playing.md"))
        .expect("read");
    // The items table: rows of "| `glyph` | items | effect |" after the paragraph on items.
    let rows: Vec<(String, String)> = manual
        .lines()
        .skip_while(|l| !l.starts_with("**Items.**"))
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .filter_map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let glyph = cells.get(1)?.strip_prefix('`')?.strip_suffix('`')?;
            Some((glyph.to_string(), cells.get(2)?.to_string()))
        })
        .collect();
    assert!(!rows.is_empty(), "no items table in the manual");
    for kind in Item::ALL {
        let name = kind.name();
        // "potion of healing" is listed as "healing" in the row of potions.
        let short = name.split_once(" of ").map_or(name, |(_, s)| s);
        let row = rows
            .iter()
            .find(|(_, items)| items.contains(name) || items.contains(short))
            .unwrap_or_else(|| panic!("the manual's items table does not list the {name}"));
        let glyph = UNICODE[usize::from(kind.look().glyph)].to_string();
        assert_eq!(row.0, glyph, "the {name} is drawn as {glyph} in the game");
    }
}
