//! The expert bot: the careful bot's sense, and the caves' tricks. It rests by torchlight
//! or by a fire it sets in glowing fungus, douses its torch to lose a shade, strikes
//! creatures that have not noticed it, throws darts and spare daggers at creatures closing
//! in, throws known confusion, darkness, descent and (from farther off) fire at dangerous
//! ones, never strikes a jelly it can
//! walk around, and goes down only once it has explored a level while its torch
//! has fuel to spare. Its tactics for the new rules (`Tactics`, each can be turned off): it
//! shuts an open door between itself and what it falls back from, steps away from a bloat
//! rather than kill it beside others and douses its torch before it strikes one, runs down a
//! cave monkey that stole from it, waits beyond a net or a trapdoor for a hunter to cross it,
//! sets fire under hunters, at an altar takes the offering worth most to it, and keeps its
//! torch lit while a gloom stalker is in view.

use crate::careful::{
    bonus, close_in, fall_back, fetch_or_go_on, first_needs, known, rest_by_torch, retreat,
    slot_of, tend_torch, try_unknown, Choice,
};
use crate::game::Game;
use caves_rules::autopilot::travel::{next_step, path, Goal};
use caves_rules::balance::{MAX_FUEL, OIL_FUEL};
use caves_rules::builder::altars::offering_cells;
use caves_rules::creatures::monster::{Mind, Monster};
use caves_rules::kinds::creature::Creature;
use caves_rules::kinds::entry::{Effect, Tactic};
use caves_rules::kinds::item::Item;
use caves_rules::kinds::tile::Tile;
use caves_rules::space::geom::Point;
use caves_rules::{Action, Dir, Place, PACK_LIMIT};

/// Closing the doors beside it, when one of them is open and free and stands between it and
/// every foe in view (each foe is nearer the door than the bot is), or, once the torch has
/// burned out, when it has just come through one: a closed door stops what has no hands and
/// hides the bot from the rest.
fn shut_behind(g: &Game) -> Option<Action> {
    let (s, here, foes) = (&g.state, g.here(), g.foes());
    let last = match g.taken.last() {
        Some(&Action::Move(d)) => Some(d.delta()),
        _ => None,
    };
    // The door it has just opened, or walks on towards, is where it chose to go.
    let ahead = last.map(|(dx, dy)| here.offset(dx, dy));
    let between = |p| {
        s.world().tile(p) == Tile::DoorOpen
            && Some(p) != ahead
            && s.monster_at(p).is_none()
            && s.item_at(p).is_none()
            && !foes.is_empty()
            && foes
                .iter()
                .all(|m| m.pos.chebyshev(p) < m.pos.chebyshev(here))
    };
    // In the dark (the torch burnt out) it shuts each door it has just come through: what
    // hunts there unseen, a gloom stalker, has no hands.
    let came = last.map(|(dx, dy)| here.offset(-dx, -dy));
    let behind = came.is_some_and(|p| {
        s.fuel() == 0
            && s.world().tile(p) == Tile::DoorOpen
            && s.monster_at(p).is_none()
            && s.item_at(p).is_none()
    });
    (g.tactics.close_doors && (behind || here.neighbours8().any(between)))
        .then_some(Action::CloseDoors)
}

/// A step away from a bloat beside it while other creatures close in, to a cell beside no
/// creature: killed there, its burst would burn and befuddle the bot in the fight. Alone, a
/// bloat is struck (the spores' burn is soon healed with nothing about), or met by a missile
/// from afar.
fn off_bloat(g: &Game) -> Option<Action> {
    let (s, here, foes) = (&g.state, g.here(), g.foes());
    let bloat = |m: &&Monster| m.kind == Creature::Bloat;
    let beside = foes.iter().filter(|m| m.pos.chebyshev(here) == 1);
    let others = foes
        .iter()
        .any(|m| !bloat(m) && m.mind == Mind::Hunting && m.pos.chebyshev(here) <= 4);
    if !g.tactics.bloat_at_range || !beside.clone().all(bloat) || beside.count() == 0 || !others {
        return None;
    }
    Dir::ALL
        .into_iter()
        .map(|d| (d, here.offset(d.delta().0, d.delta().1)))
        .find(|&(_, p)| {
            s.world().tile(p).is_open()
                && s.monster_at(p).is_none()
                && foes.iter().all(|m| m.pos.chebyshev(p) > 1)
        })
        .map(|(d, _)| Action::Move(d))
}

/// The blow at a bloat beside it, with nothing else beside it (`Tactics::bloat_at_range`),
/// struck with the torch doused: its spores smother a burning torch and spoil its fuel. The
/// bot douses first, strikes, and relights after; never with a gloom stalker in view
/// (`stalker`), which strikes only from the dark.
fn pop_in_the_dark(g: &Game, stalker: bool) -> Option<Action> {
    let beside = g.adjacent();
    if !g.tactics.bloat_at_range
        || stalker
        || beside.is_empty()
        || beside.iter().any(|m| m.kind != Creature::Bloat)
    {
        return None;
    }
    if g.state.torch_lit() {
        return Some(Action::Torch);
    }
    g.hit(|m| m.kind == Creature::Bloat)
}

/// A bloat beside others is left for last (`Tactics::bloat_at_range`): its burst would
/// befuddle the bot among them.
fn spare(g: &Game, m: &Monster) -> bool {
    g.tactics.bloat_at_range && m.kind == Creature::Bloat
}

/// The way to a cave monkey in view that stole from the bot (the log said so): killed, it
/// drops what it took.
fn chase_thief(g: &Game) -> Option<Action> {
    let thief = g
        .foes()
        .into_iter()
        .find(|m| m.kind == Creature::Monkey && m.loot.is_some())?;
    g.tactics
        .chase_thief
        .then(|| next_step(&g.state, Goal::To(thief.pos)))
        .flatten()
}

/// Waiting beyond a net or a trapdoor it has found, in line with a hunter that walks (no
/// flier, no slinger or spitter, which would not come close): the hunter's way to it crosses
/// the plate, which holds it for free blows or drops it to the level below. The bot steps to
/// the cell beyond the plate as seen from the hunter, and waits there.
fn lure(g: &Game) -> Option<Action> {
    let (s, here) = (&g.state, g.here());
    let walks = |m: &&Monster| {
        m.mind == Mind::Hunting
            && m.held == 0
            && !m.kind.flies()
            && !matches!(
                m.kind.behaviour().tactic,
                Tactic::Slings | Tactic::Webs | Tactic::ShunsLight
            )
    };
    let hunter = g
        .foes()
        .into_iter()
        .filter(walks)
        .min_by_key(|m| m.pos.chebyshev(here))?;
    if !g.tactics.lure || !(3..=8).contains(&hunter.pos.chebyshev(here)) {
        return None;
    }
    let h = hunter.pos;
    let sign = |a: i32, b: i32| (a - b).signum();
    for dy in -2..=2 {
        for dx in -2..=2 {
            let plate = here.offset(dx, dy);
            let t = s.world().tile(plate);
            let trap = matches!(t, Tile::NetPlate | Tile::PitPlate) && s.sight().remembers(plate);
            if !trap || plate.chebyshev(h) >= here.chebyshev(h) {
                continue;
            }
            let beyond = plate.offset(sign(plate.x, h.x), sign(plate.y, h.y));
            let free = s.world().tile(beyond).is_walkway()
                && s.world().tile(beyond).is_open()
                && s.monster_at(beyond).is_none()
                && beyond.chebyshev(here) <= 1;
            if free {
                return Some(if beyond == here {
                    Action::Wait
                } else {
                    Action::Move(Dir::towards(beyond.x - here.x, beyond.y - here.y)?)
                });
            }
        }
    }
    None
}

/// Setting fire under hunters (`Tactics::fire`), its own cell bare: moss beside it that joins
/// (within 4 cells) a patch a hunter stands on (not fungus, which would burn for long and
/// keep it from resting), or a flask of oil the torch has no
/// room for thrown at a hunter 2 to 7 cells off with another hunter beside it.
fn burn(g: &Game) -> Option<Action> {
    let (s, here) = (&g.state, g.here());
    let fuel = |p: Point| s.world().tile(p) == Tile::Moss;
    if !g.tactics.fire || !s.torch_lit() || s.world().tile(here).is_fuel() {
        return None;
    }
    let hunting: Vec<&Monster> = g
        .foes()
        .into_iter()
        .filter(|m| m.mind == Mind::Hunting)
        .collect();
    let hunters: Vec<Point> = hunting.iter().map(|m| m.pos).collect();
    for d in Dir::ALL {
        let start = here.offset(d.delta().0, d.delta().1);
        if !fuel(start) {
            continue;
        }
        let mut patch = vec![start];
        let mut i = 0;
        while let Some(&p) = patch.get(i) {
            i += 1;
            for q in p.neighbours8() {
                if fuel(q) && q.chebyshev(start) <= 4 && !patch.contains(&q) {
                    patch.push(q);
                }
            }
        }
        if hunters.iter().any(|h| patch.contains(h)) {
            return Some(Action::Kindle(d));
        }
    }
    let oil = slot_of(g, |k, p| k == Item::Oil && p == Place::Pack)?;
    let target = hunting.iter().map(|m| m.pos).find(|&h| {
        let crowd = hunters.iter().any(|&o| o != h && o.chebyshev(h) <= 1);
        (2..=7).contains(&h.chebyshev(here)) && crowd && s.flight(h).0.last() == Some(&h)
    })?;
    // Oil is the torch's fuel: only a flask the torch has no room for is thrown.
    (s.fuel() + OIL_FUEL > MAX_FUEL)
        .then(|| Action::throw(oil, target.x - here.x, target.y - here.y))?
}

/// Wounds worth a walk to a fire: this many hit points or more to heal.
const FIRE_REST_WOUND: i32 = 5;
/// How far (in king's moves) the bot looks for glowing fungus to rest by.
const FIRE_REST_REACH: i32 = 6;

/// Resting by a fire (`Tactics::fire_rest`): wounds close in a fire's warmth as by
/// torchlight, so hurt and with flames (or, while its torch burns, glowing fungus) in view
/// near it, the bot walks by the shortest way on this level to bare ground it can see beside
/// them, sets the fungus alight, puts its torch out and rests there.
fn rest_by_fire(g: &Game, resting: bool) -> Option<Action> {
    let s = &g.state;
    if !g.tactics.fire_rest || !resting || s.max_hp() - s.hp() < FIRE_REST_WOUND {
        return None;
    }
    let here = g.here();
    // What the screen shows: a walkway (no plate it has found, no flames) that does not burn.
    let bare = |p: Point| {
        let t = s.world().tile(p).seen();
        t.is_walkway() && !t.is_fuel()
    };
    if s.warmed() && bare(here) {
        return Some(if s.torch_lit() {
            Action::Torch
        } else {
            Action::Rest
        });
    }
    let lit = s.torch_lit();
    let shows = |p: Point, t: Tile| s.world().tile(p) == t && s.sight().lit(p);
    let fungus = |p: Point| lit && shows(p, Tile::Fungus);
    let heat = |p: Point| fungus(p) || shows(p, Tile::Fire);
    if bare(here) {
        if let Some(d) = Dir::ALL
            .into_iter()
            .find(|d| fungus(here.offset(d.delta().0, d.delta().1)))
        {
            return Some(Action::Kindle(d));
        }
    }
    let r = FIRE_REST_REACH;
    (-r..=r)
        .flat_map(|dy| (-r..=r).map(move |dx| here.offset(dx, dy)))
        .filter(|&p| bare(p) && s.sight().remembers(p) && p.neighbours8().any(heat))
        .filter_map(|p| path(s, p))
        .min_by_key(Vec::len)?
        .first()
        .map(|&d| Action::Move(d))
}

/// What an offering is worth to the bot now: fuel first (what decides its runs), then
/// strength, better gear, healing, the map, and what it has not learnt yet; a summoning
/// least.
fn worth(g: &Game, kind: Item) -> i32 {
    let better = |n: i32, place| if n > bonus(g, place) { 80 + n } else { 10 };
    match known(g, kind) {
        Some(Effect::Fuel(_)) => 100,
        Some(Effect::Kindle { .. }) => 95,
        Some(Effect::Strength(_)) => 90,
        Some(Effect::Weapon(n)) => better(n, Place::Wielded),
        Some(Effect::Armour(n)) => better(n, Place::Worn),
        Some(Effect::Heal(_)) => 70,
        Some(Effect::Map) => 60,
        None => 50,
        Some(Effect::Summon(_)) => 0,
        Some(_) => 30,
    }
}

/// The altar's choice (`Tactics::altar`): at a warm altar it remembers on this level, the way
/// on this level to the offering worth most to it, and taking it there. Without it the bot
/// takes the nearest, as it takes anything it sees.
fn choose_offering(g: &Game) -> Option<Action> {
    let (s, here) = (&g.state, g.here());
    if !g.tactics.altar || s.carried().len() >= usize::from(PACK_LIMIT) {
        return None;
    }
    let best = s
        .world()
        .points_of(here.z, Tile::Altar)
        .into_iter()
        .filter(|&a| s.sight().remembers(a))
        .flat_map(offering_cells)
        .filter_map(|p| g.items.get(&p).map(|&k| (p, worth(g, k))))
        .max_by_key(|&(_, w)| w)?
        .0;
    if best == here {
        return Some(Action::PickUp);
    }
    // Only a way on this level, as `fetch` takes: a way by other levels' stairs leads up and
    // down again for ever.
    path(s, best)?.first().map(|&d| Action::Move(d))
}

/// The most turns in a row the bot waits beyond a plate for a hunter to cross it.
const LURE_TURNS: u32 = 20;

/// Creatures worth a missile or a potion before they arrive.
fn dangerous(m: &Monster) -> bool {
    matches!(
        m.kind,
        Creature::Orc | Creature::Bugbear | Creature::Shade | Creature::Spider | Creature::Kobold
    )
}

/// A throw at the nearest hunting creature in clear flight, 2 to 7 cells away: a missile,
/// or a known potion of confusion or darkness at a dangerous one.
fn throw(g: &Game) -> Option<Action> {
    let here = g.here();
    let s = &g.state;
    let mut targets: Vec<&Monster> = g
        .foes()
        .into_iter()
        .filter(|m| m.mind == Mind::Hunting && m.kind != Creature::Jelly)
        .filter(|m| (2..=7).contains(&m.pos.chebyshev(here)))
        .collect();
    targets.sort_by_key(|m| m.pos.chebyshev(here));
    for m in targets {
        let (path, struck) = s.flight(m.pos);
        if struck.map(|i| s.monsters()[i].pos) != Some(m.pos) || path.last() != Some(&m.pos) {
            continue;
        }
        let missile = slot_of(g, |k, p| {
            p == Place::Pack && matches!(known(g, k), Some(Effect::Missile(_) | Effect::Weapon(2)))
        });
        // Fire only where its flames stay off the bot's cell and the cells beside it.
        let far = m.pos.chebyshev(here) >= 3;
        let potion = dangerous(m)
            .then(|| {
                slot_of(g, |k, _| match known(g, k) {
                    Some(Effect::Confuse(_) | Effect::Darken(_) | Effect::Descend) => true,
                    Some(Effect::Blaze) => far,
                    _ => false,
                })
            })
            .flatten();
        if let Some(slot) = potion.or(missile) {
            return Action::throw(slot, m.pos.x - here.x, m.pos.y - here.y);
        }
    }
    None
}

pub fn policy(g: &mut Game) -> Action {
    let (a, why) = choose(g);
    if let Some(why) = why {
        g.note(why);
    }
    a
}

/// The expert's next action, and why, where the reason is worth a watcher's note.
fn choose(g: &mut Game) -> Choice {
    let s = &g.state;
    let (hp, max) = (s.hp(), s.max_hp());
    let adjacent = g.adjacent().len();
    let foes = g.foes();
    let shade = foes
        .iter()
        .any(|m| m.kind.behaviour().tactic == Tactic::LightHunter && m.mind == Mind::Hunting);
    // A stalker strikes from the dark: never douse with one about (`Tactics::stalker_light`).
    let stalker = g.tactics.stalker_light
        && foes
            .iter()
            .any(|m| m.kind.behaviour().tactic == Tactic::ShunsLight);
    let shade = shade && !stalker;
    // A shade hunts only light: put it out and let the shade drift off.
    if shade && s.torch_lit() && adjacent == 0 {
        return (
            Action::Torch,
            Some("douses its torch: a shade hunts by light"),
        );
    }
    let resting = hp < max && !s.creature_in_view();
    if let Some(c) = first_needs(g) {
        return c;
    }
    if let Some(a) = (hp * 2 < max).then(|| throw(g)).flatten() {
        return (a, Some("throws at a hunter from afar: too hurt to meet it"));
    }
    if let Some(a) = rest_by_fire(g, resting && !stalker) {
        return (
            a,
            Some("rests by a fire: its warmth closes wounds, and the torch's fuel is saved"),
        );
    }
    if let Some(c) = rest_by_torch(g) {
        return c;
    }
    if let Some(a) = off_bloat(g) {
        return (
            a,
            Some("steps away from a bloat: its burst would befuddle it among the others"),
        );
    }
    if let Some(a) = pop_in_the_dark(g, stalker) {
        let doused = a == Action::Torch;
        return (
            a,
            doused
                .then_some("douses its torch before it strikes a bloat: the spores spoil lit fuel"),
        );
    }
    if s.torch_doused() && s.fuel() > 0 && !shade {
        return (Action::Torch, None);
    }
    if let Some(a) = tend_torch(g, 150) {
        let fed = matches!(a, Action::Use(_));
        return (a, fed.then_some("feeds its torch: the fuel runs low"));
    }
    if let Some(a) = burn(g) {
        let why = if matches!(a, Action::Kindle(_)) {
            "sets the moss under the hunters alight"
        } else {
            "throws oil into a crowd of hunters"
        };
        return (a, Some(why));
    }
    if let Some(a) = g.hit(|m| (m.kind != Creature::Jelly && !spare(g, m)) || adjacent == 1) {
        return (a, None);
    }
    if let Some(a) = throw(g) {
        return (a, Some("throws at a hunter before it arrives"));
    }
    if adjacent > 0 {
        return (g.hit(|_| true).unwrap_or(Action::Wait), None);
    }
    // A lure waits at most `LURE_TURNS` turns in a row for the hunter to come.
    let lured = lure(g);
    g.lured = if lured.is_some() { g.lured + 1 } else { 0 };
    if let Some(a) = lured.filter(|_| g.lured <= LURE_TURNS) {
        return (
            a,
            Some("waits beyond a trap it found for the hunter to cross it"),
        );
    }
    if let Some(a) = shut_behind(g) {
        return (a, Some("shuts the door between itself and what hunts it"));
    }
    if let Some(c) = close_in(g) {
        return c;
    }
    if let Some(a) = (hp * 2 >= max).then(|| chase_thief(g)).flatten() {
        return (
            a,
            Some("runs down the monkey that stole from it: killed, it drops what it took"),
        );
    }
    let hunted = hp * 2 < max && g.hunted();
    let step = |g: &Game| shut_behind(g).or_else(|| retreat(g));
    if let Some(c) = fall_back(g, hunted, step) {
        return c;
    }
    let explore_first = g.state.fuel() > 600;
    if let Some(c) = try_unknown(g) {
        return c;
    }
    if let Some(a) = choose_offering(g) {
        return (
            a,
            Some("takes the offering worth most to it from the altar"),
        );
    }
    fetch_or_go_on(g, explore_first)
}
