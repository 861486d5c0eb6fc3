//! The careful bot: the reckless bot's routes, plus sense. It picks up the items it sees,
//! wields and wears the best it has, drinks strength at once, quaffs healing when badly hurt,
//! reads teleport when cornered without potions, steps back from creatures while hurt, and
//! rests until healed whenever nothing is in view.

use super::{route, Step};
use caves::rules::builder::WorldParams;
use caves::rules::geom::Point;
use caves::rules::kinds::entry::Effect;
use caves::rules::{Action, Dir, Outcome, Place, State, PACK_LIMIT};
use std::collections::VecDeque;

/// The slot (pack letter index) of the first carried item that `pick` accepts.
fn slot_of(game: &State, pick: impl Fn(Effect, Place) -> bool) -> Option<u8> {
    game.carried()
        .iter()
        .position(|t| pick(t.kind.effect(), t.place))
        .map(|i| i as u8)
}

/// The bonus of what is in `place`.
fn bonus(game: &State, place: Place) -> i32 {
    match game.equipped(place).map(|i| i.effect()) {
        Some(Effect::Weapon(n) | Effect::Armour(n)) => n,
        _ => 0,
    }
}

/// An item action worth taking now: better gear, strength, or healing when hurt.
fn item_action(game: &State, hurt: bool, cornered: bool) -> Option<Action> {
    let (weapon, armour) = (bonus(game, Place::Wielded), bonus(game, Place::Worn));
    if let Some(s) = slot_of(game, |e, p| {
        p == Place::Pack
            && match e {
                Effect::Weapon(n) => n > weapon,
                Effect::Armour(n) => n > armour,
                Effect::Strength(_) => true,
                _ => false,
            }
    }) {
        return Some(Action::Use(s));
    }
    if hurt {
        if let Some(s) = slot_of(game, |e, _| matches!(e, Effect::Heal(_))) {
            return Some(Action::Use(s));
        }
        if cornered {
            if let Some(s) = slot_of(game, |e, _| e == Effect::Teleport) {
                return Some(Action::Use(s));
            }
        }
    }
    None
}

/// The nearest lit item on the level that is worth a detour, if the pack has room.
fn wanted_item(game: &State, skip: &[Point]) -> Option<Point> {
    if game.carried().len() >= usize::from(PACK_LIMIT) {
        return None;
    }
    let here = game.player();
    game.items()
        .iter()
        .filter_map(|t| match t.place {
            Place::Floor(p) if p.z == here.z && game.sight().lit(p) => Some(p),
            _ => None,
        })
        .filter(|&p| game.monster_at(p).is_none() && !skip.contains(&p))
        .min_by_key(|p| p.chebyshev(here))
}

/// A step away from the nearest creature in view, if one gets farther from it.
fn retreat(game: &State) -> Option<Action> {
    let here = game.player();
    let threat = game
        .monsters()
        .iter()
        .filter(|m| m.pos.z == here.z && game.sight().lit(m.pos))
        .min_by_key(|m| m.pos.chebyshev(here))?
        .pos;
    let d0 = here.chebyshev(threat);
    Dir::ALL
        .into_iter()
        .map(|d| (d, here.offset(d.delta().0, d.delta().1)))
        .filter(|&(_, p)| {
            game.world().tile(p).is_open()
                && game.monster_at(p).is_none()
                && game.monsters().iter().all(|m| m.pos.chebyshev(p) > 1)
        })
        .filter(|&(_, p)| p.chebyshev(threat) > d0)
        .map(|(d, _)| Action::Move(d))
        .next()
}

/// Plays one game carefully to its end; returns how it ended and every action taken.
pub fn play(seed: u64) -> (Outcome, Vec<Action>) {
    let mut game = State::new(seed, &WorldParams::default()).expect("default worlds have floor");
    let mut taken = Vec::new();
    let exit = game.player();
    let mut plan: VecDeque<Step> = VecDeque::new();
    let mut planned_for = None;
    // Items seen but out of reach (across water): not tried again.
    let mut skip: Vec<Point> = Vec::new();
    // Steps taken back in a row.
    let mut backed = 0;
    let mut target: Option<Point> = None;
    let act = |game: &mut State, a: Action, taken: &mut Vec<Action>| {
        game.act(a);
        taken.push(a);
    };
    for _ in 0..20_000 {
        if game.outcome() != Outcome::Playing {
            break;
        }
        let here = game.player();
        let adjacent = game
            .monsters()
            .iter()
            .filter(|m| m.pos.z == here.z && m.pos.chebyshev(here) == 1)
            .count();
        let (hp, max) = (game.hp(), game.max_hp());
        if let Some(a) = item_action(&game, hp * 2 < max, adjacent > 1 || hp * 3 < max) {
            act(&mut game, a, &mut taken);
            continue;
        }
        // Fight what stands next to you (the weakest first): walking away from a creature as
        // fast as you only gives it free blows. Slow ones can be outrun when hurt.
        let foe = game
            .monsters()
            .iter()
            .filter(|m| m.pos.z == here.z && m.pos.chebyshev(here) == 1)
            .filter(|m| hp * 2 >= max || !m.kind.behaviour().slow)
            .min_by_key(|m| m.hp)
            .and_then(|m| Dir::towards(m.pos.x - here.x, m.pos.y - here.y));
        if let Some(d) = foe {
            act(&mut game, Action::Move(d), &mut taken);
            continue;
        }
        if hp < max && !game.creature_in_view() {
            act(&mut game, Action::Rest, &mut taken);
            continue;
        }
        if hp * 2 < max && adjacent == 0 && game.creature_in_view() {
            // Step back while it helps; otherwise let it come (wounds heal meanwhile).
            let a = retreat(&game)
                .filter(|_| backed < 12)
                .unwrap_or(Action::Wait);
            backed += 1;
            act(&mut game, a, &mut taken);
            continue;
        }
        backed = 0;
        if game.item_at(here).is_some() && game.carried().len() < usize::from(PACK_LIMIT) {
            act(&mut game, Action::PickUp, &mut taken);
            continue;
        }
        if game.idol().is_none() && here == exit {
            act(&mut game, Action::Ascend, &mut taken);
            continue;
        }
        // An item once chosen stays the goal until it is taken (it may drop out of the light).
        target = target
            .filter(|&p| p.z == here.z && game.item_at(p).is_some())
            .or_else(|| wanted_item(&game, &skip));
        let item = target;
        let goal = item.unwrap_or(game.idol().unwrap_or(exit));
        if planned_for != Some(goal) || plan.front().is_none_or(|s| s.0 != here) {
            plan = route(&game, goal);
            planned_for = Some(goal);
            if plan.is_empty() && item.is_some() {
                skip.push(goal);
                target = None;
                continue;
            }
        }
        let Some(&(_, action, to)) = plan.front() else {
            act(&mut game, Action::Wait, &mut taken);
            continue;
        };
        act(&mut game, action, &mut taken);
        if game.player() == to {
            plan.pop_front();
        }
    }
    (game.outcome(), taken)
}
