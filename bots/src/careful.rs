//! The careful bot: sense without cunning. It picks up what it sees, wields and wears the
//! best it has, drinks strength at once, learns unknown potions and scrolls by using them
//! when safe (full health, nothing in view), quaffs healing when badly hurt (an unknown
//! potion when it knows no healing and is near death), reads teleport or recall when
//! cornered, keeps its torch fed with oil (or a scroll of kindling, while its hands can take
//! the burn) and lit, steps back from creatures while hurt, and rests until
//! healed whenever nothing is in view and no fire burns. It closes in on creatures that shoot
//! from afar, steps out of flames and never into them or onto a plate it knows (travel goes
//! round both), and explores each level while its torch has fuel to spare, else goes down as
//! soon as it knows the way.

use crate::game::Game;
use caves_rules::autopilot::travel::{nearest_of, next_step, Goal};
use caves_rules::creatures::monster::Mind;
use caves_rules::kinds::entry::{Effect, Tactic};
use caves_rules::kinds::item::Item;
use caves_rules::kinds::tile::Tile;
use caves_rules::space::geom::Point;
use caves_rules::{Action, Dir, Place};

/// The most turns the bot, while badly hurt, steps back or waits for hunting creatures.
pub const FALL_BACK_TURNS: u32 = 40;

/// What the bot knows an item does: its effect once its kind is known.
pub fn known(g: &Game, kind: Item) -> Option<Effect> {
    g.state.knows(kind).then(|| kind.effect())
}

/// True for an unidentified kind of the sort `sort` (`Item::POTIONS` or `Item::SCROLLS`).
pub fn unknown(g: &Game, kind: Item, sort: &[Item]) -> bool {
    !g.state.knows(kind) && sort.contains(&kind)
}

/// The slot of the first carried item that `pick` accepts.
pub fn slot_of(g: &Game, pick: impl Fn(Item, Place) -> bool) -> Option<u8> {
    g.state
        .carried()
        .iter()
        .position(|t| pick(t.kind, t.place))
        .map(|i| i as u8)
}

/// The bonus of what is in `place`.
pub fn bonus(g: &Game, place: Place) -> i32 {
    match g.state.equipped(place).and_then(|k| known(g, k)) {
        Some(Effect::Weapon(n) | Effect::Armour(n)) => n,
        _ => 0,
    }
}

/// Better gear, or strength.
pub fn gear(g: &Game) -> Option<Action> {
    let (weapon, armour) = (bonus(g, Place::Wielded), bonus(g, Place::Worn));
    slot_of(g, |k, p| {
        p == Place::Pack
            && match known(g, k) {
                Some(Effect::Weapon(n)) => n > weapon,
                Some(Effect::Armour(n)) => n > armour,
                Some(Effect::Strength(_)) => true,
                _ => false,
            }
    })
    .map(Action::Use)
}

/// Healing when hurt; teleport when cornered; an unknown potion when near death.
pub fn save_life(g: &Game, hurt: bool, cornered: bool, dying: bool) -> Option<Action> {
    if hurt {
        if let Some(s) = slot_of(g, |k, _| matches!(known(g, k), Some(Effect::Heal(_)))) {
            return Some(Action::Use(s));
        }
    }
    if cornered {
        let away = |k| matches!(known(g, k), Some(Effect::Teleport | Effect::Recall));
        if let Some(s) = slot_of(g, |k, _| away(k)) {
            return Some(Action::Use(s));
        }
    }
    if dying {
        return slot_of(g, |k, _| unknown(g, k, &Item::POTIONS)).map(Action::Use);
    }
    None
}

/// Oil when the torch runs low, and the torch relit when something put it out.
pub fn tend_torch(g: &Game, low: i32) -> Option<Action> {
    let s = &g.state;
    if s.fuel() < low {
        // A burning scroll only while the burn leaves most of its health.
        let bearable = |burn: i32| s.hp() > 3 * burn;
        let fuel = |k| match known(g, k) {
            Some(Effect::Fuel(_)) => true,
            Some(Effect::Kindle { burn, .. }) => bearable(burn),
            _ => false,
        };
        if let Some(slot) = slot_of(g, |k, _| fuel(k)) {
            return Some(Action::Use(slot));
        }
    }
    (s.torch_doused() && s.fuel() > 0).then_some(Action::Torch)
}

/// An unknown potion or scroll to learn, when it is safe to.
pub fn learn(g: &Game) -> Option<Action> {
    let s = &g.state;
    if s.hp() < s.max_hp() || !g.foes().is_empty() {
        return None;
    }
    slot_of(g, |k, _| {
        unknown(g, k, &Item::POTIONS) || unknown(g, k, &Item::SCROLLS)
    })
    .map(Action::Use)
}

/// A cell to step into: open, no plate or flames it knows of, no creature.
pub fn clear(g: &Game, p: Point) -> bool {
    let t = g.state.world().tile(p);
    t.is_open() && t.is_walkway() && g.state.monster_at(p).is_none()
}

/// A step out of the flames, when it stands in them.
pub fn out_of_fire(g: &Game) -> Option<Action> {
    let here = g.here();
    if g.state.world().tile(here) != Tile::Fire {
        return None;
    }
    Dir::ALL
        .into_iter()
        .find(|d| clear(g, here.offset(d.delta().0, d.delta().1)))
        .map(Action::Move)
}

/// A step away from the nearest danger in view (`State::dangers`, else the nearest creature
/// in view), if one gets farther from it.
pub fn retreat(g: &Game) -> Option<Action> {
    let here = g.here();
    let threat = g
        .state
        .dangers()
        .first()
        .copied()
        .or_else(|| g.foes().into_iter().min_by_key(|m| m.pos.chebyshev(here)))?
        .pos;
    let d0 = here.chebyshev(threat);
    Dir::ALL
        .into_iter()
        .map(|d| (d, here.offset(d.delta().0, d.delta().1)))
        .filter(|&(_, p)| clear(g, p) && g.foes().iter().all(|m| m.pos.chebyshev(p) > 1))
        .filter(|&(_, p)| p.chebyshev(threat) > d0)
        .map(|(d, _)| Action::Move(d))
        .next()
}

/// The way to the nearest seen item on this level worth a detour (nearest by the way there:
/// by a straight line, the nearer of two items can change with each step, and the bot would
/// turn back and forth between them for ever), if the pack has room. Only a way on this
/// level: one by other levels' stairs could lead down from where the idol's way out leads
/// back up, and round again (closed doors hide parts of a level, so it knows such ways more
/// often).
pub fn fetch(g: &Game) -> Option<Action> {
    let s = &g.state;
    let here = g.here();
    // Room for it: a free slot, or a stack of its kind to join.
    let room = |p: &Point| s.item_at(*p).is_some_and(|k| s.has_room_for(k));
    if g.items.contains_key(&here) && room(&here) {
        return Some(Action::PickUp);
    }
    let spots: Vec<Point> = (g.items.keys().copied())
        .filter(|p| p.z == here.z && room(p))
        .collect();
    let (_, steps) = nearest_of(s, &spots)?;
    steps.first().map(|&d| Action::Move(d))
}

/// A step towards the nearest hunting creature that shoots from afar, when one is in view and
/// a danger (`State::danger`).
pub fn charge(g: &Game) -> Option<Action> {
    let here = g.here();
    let shooter = g
        .state
        .dangers()
        .into_iter()
        .filter(|m| m.mind == Mind::Hunting)
        .filter(|m| matches!(m.kind.behaviour().tactic, Tactic::Slings | Tactic::Webs))
        .min_by_key(|m| m.pos.chebyshev(here))?;
    next_step(&g.state, Goal::To(shooter.pos))
}

/// Why the bot uses what `save_life` chose: the effect it knows of it, else a guess.
pub fn why_saved(g: &Game, a: Action) -> &'static str {
    let kind = match a {
        Action::Use(slot) => g.state.carried().get(usize::from(slot)).map(|t| t.kind),
        _ => None,
    };
    match kind.and_then(|k| known(g, k)) {
        Some(Effect::Heal(_)) => "drinks a potion of healing: its health is low",
        Some(Effect::Teleport | Effect::Recall) => "reads its way out: cornered",
        _ => "drinks a potion it does not know: near death, with no healing known",
    }
}

/// Why the bot takes the way `Game::onward` chose: the way out with the idol, or back up
/// from stairs that led nowhere (`dead`, how many such stairs it knew before choosing).
pub fn why_onward(g: &Game, a: Action, dead: usize) -> Option<&'static str> {
    if g.state.carrying_idol() {
        return Some("goes back for the stairs up: it has the idol");
    }
    (g.dead.len() > dead && a == Action::Ascend)
        .then_some("goes back up: these stairs led only to places it had searched")
}

/// An action, and why where the reason is worth a watcher's note.
pub type Choice = (Action, Option<&'static str>);

/// What the careful bots see to first, in this order: out of the flames, the best gear on,
/// and their life saved when hurt, cornered or dying.
pub fn first_needs(g: &Game) -> Option<Choice> {
    let s = &g.state;
    let (hp, max) = (s.hp(), s.max_hp());
    let adjacent = g.adjacent().len();
    if let Some(a) = out_of_fire(g) {
        return Some((a, Some("steps out of the flames")));
    }
    if let Some(a) = gear(g) {
        return Some((a, None));
    }
    let a = save_life(g, hp * 2 < max, adjacent > 1 || hp * 3 < max, hp * 4 < max)?;
    Some((a, Some(why_saved(g, a))))
}

/// Rest while hurt with nothing in view: away from a fire, wounds close only by torchlight,
/// so only while the torch burns and no fire does.
pub fn rest_by_torch(g: &Game) -> Option<Choice> {
    let s = &g.state;
    let rest = s.hp() < s.max_hp() && !s.creature_in_view() && s.torch_lit() && !s.fire_burns();
    let why = "rests with nothing in view: wounds close by torchlight";
    rest.then_some((Action::Rest, Some(why)))
}

/// Stones and webs come from afar: close in rather than stand and take them (`charge`).
pub fn close_in(g: &Game) -> Option<Choice> {
    let why = "closes in on a shooter: standing off only takes its shots";
    charge(g).map(|a| (a, Some(why)))
}

/// Step back (`step`) from what hunts it while `hunted` and that helps, then let it come
/// (wounds heal by torchlight meanwhile). The turns spent so count until it is healed to
/// half its hit points: one that will not come (a stalker kept off by the light, showing
/// itself and backing off) is left behind.
pub fn fall_back(g: &mut Game, hunted: bool, step: fn(&Game) -> Option<Action>) -> Option<Choice> {
    if hunted && g.backed < FALL_BACK_TURNS {
        g.backed += 1;
        let a = step(g).filter(|_| g.backed < 12).unwrap_or(Action::Wait);
        return Some((
            a,
            Some("falls back, badly hurt, and lets the hunter come to it"),
        ));
    }
    if g.state.hp() * 2 >= g.state.max_hp() {
        g.backed = 0;
    }
    None
}

/// Try an unknown item while it is safe (`learn`).
pub fn try_unknown(g: &Game) -> Option<Choice> {
    let why = "tries an unknown item while it is safe, to learn what it does";
    learn(g).map(|a| (a, Some(why)))
}

/// What the careful bots do last: fetch an item worth it, else go on (explore first while
/// `explore_first`; `Game::meet_blocker` when a creature turns it back and forth), else wait.
pub fn fetch_or_go_on(g: &mut Game, explore_first: bool) -> Choice {
    let dead = g.dead.len();
    let (a, why) = match fetch(g) {
        Some(a) => (a, None),
        None => match g.onward(explore_first) {
            Some(a) => (a, why_onward(g, a, dead)),
            None => (Action::Wait, None),
        },
    };
    let why_meet = "goes to meet the creature in its way: going round it turned it back and forth";
    match g.meet_blocker(a) {
        Some(m) => (m, Some(why_meet)),
        None => (a, why),
    }
}

/// The careful bot's next action, and why, where the reason is worth a watcher's note.
fn choose(g: &mut Game) -> Choice {
    let s = &g.state;
    let (hp, max) = (s.hp(), s.max_hp());
    let adjacent = g.adjacent().len();
    if let Some(c) = first_needs(g) {
        return c;
    }
    if let Some(a) = tend_torch(g, 150) {
        let fed = matches!(a, Action::Use(_));
        return (a, fed.then_some("feeds its torch: the fuel runs low"));
    }
    // Fight what stands next to you (the weakest first): walking away from a creature
    // as fast as you only gives it free blows. Slow ones can be outrun when hurt.
    if let Some(a) = g.hit(|m| hp * 2 >= max || !m.kind.behaviour().slow) {
        return (a, None);
    }
    if let Some(c) = rest_by_torch(g).or_else(|| close_in(g)) {
        return c;
    }
    let hunted = hp * 2 < max && adjacent == 0 && g.hunted();
    if let Some(c) = fall_back(g, hunted, retreat) {
        return c;
    }
    let explore_first = g.state.fuel() > 700;
    try_unknown(g).unwrap_or_else(|| fetch_or_go_on(g, explore_first))
}

pub fn policy(g: &mut Game) -> Action {
    let (a, why) = choose(g);
    if let Some(why) = why {
        g.note(why);
    }
    a
}
