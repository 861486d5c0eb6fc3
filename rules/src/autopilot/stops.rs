//! Why a journey stops, in words that name the cause. The caller takes a [`Watch`] before
//! each step and asks [`interrupted`] after it.
//!
//! A journey stops for danger by the rules' one rule (`danger`): after any step while a
//! creature in view hunts the player (so a journey in a hunter's sight goes a step at a
//! time), when a creature asleep close by comes into view, and when a wandering creature
//! comes near (within [`WANDERER_NEAR`]); one that wanders farther off, neither hunting nor
//! coming near, does not stop it, nor does one that flees or sleeps farther off. It stops
//! when the player is hurt or held (a net, a web), on seeing the idol or new stairs, and for
//! anything else the step makes the log say beyond what the step itself says (stepping onto
//! stairs or onto an item, picking up what exploring fetches, opening a door on the way,
//! taking the stairs on a journey that crosses levels): the stop then names it in the log's
//! own words ("a trapdoor swings open and shut").

use crate::autopilot::travel::Goal;
use crate::creatures::monster::{Mind, Monster};
use crate::game::ending::Outcome;
use crate::game::events::{Attack, Event};
use crate::game::log::a;
use crate::game::state::State;
use crate::kinds::creature::Creature;
use crate::kinds::tile::Tile;
use crate::space::geom::Point;

/// A wandering creature stops a journey when it comes this near (in king's moves).
pub const WANDERER_NEAR: i32 = 3;

/// What travel keeps an eye on, taken before each step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Watch {
    hp: i32,
    level: i32,
    player: Point,
    /// The creatures in view that are a danger but do not hunt the player (wandering, or
    /// asleep close by), by kind and place.
    unaware: Vec<(Creature, Point)>,
    idol_seen: bool,
    /// How many stairs of the player's level are remembered.
    stairs: usize,
    /// How many lines the log has said (repeats included), and how many things are carried.
    said: u64,
    carried: usize,
    /// Turns a net or a web still holds the player.
    webbed: u32,
}

impl Watch {
    pub fn of(state: &State) -> Watch {
        let (sight, player) = (state.sight(), state.player());
        let mut unaware = Vec::new();
        for m in state.dangers() {
            if m.unaware() {
                unaware.push((m.kind, m.pos));
            }
        }
        Watch {
            hp: state.hp(),
            level: player.z,
            player,
            unaware,
            idol_seen: state.idol().is_some_and(|p| sight.remembers(p)),
            stairs: state
                .world()
                .points(player.z)
                .filter(|&(p, t)| t.is_stairs() && sight.remembers(p))
                .count(),
            said: state.log().said(),
            carried: state.carried_count(),
            webbed: state.webbed(),
        }
    }

    /// True when the watch saw a creature of `m`'s kind within a step of where `m` is now,
    /// and within `near` of the player.
    fn saw(&self, m: &Monster, near: i32) -> bool {
        self.unaware.iter().any(|&(kind, p)| {
            kind == m.kind && p.chebyshev(m.pos) <= 1 && p.chebyshev(self.player) <= near
        })
    }
}

/// Why a journey towards `goal` must stop after a step, or `None` to go on (see the
/// module's rule). The words name the cause: "a goblin hunts you", "a net holds you", "a
/// door creaks open".
pub fn interrupted(before: &Watch, after: &State, goal: Goal) -> Option<String> {
    let now = Watch::of(after);
    let moved = now.player != before.player;
    let climbs = matches!(goal, Goal::To(_) | Goal::WayOut);
    let dangers = after.dangers();
    let hunter = dangers.iter().find(|m| !m.unaware());
    let sleeper = dangers
        .iter()
        .find(|m| m.mind == Mind::Asleep && !before.saw(m, i32::MAX));
    let wanderer = dangers.iter().find(|m| {
        m.mind == Mind::Wandering
            && m.pos.chebyshev(now.player) <= WANDERER_NEAR
            && !before.saw(m, WANDERER_NEAR)
    });
    if after.outcome() != Outcome::Playing {
        Some("the run is over".into())
    } else if now.hp < before.hp {
        Some(hurt_by(after, before.said))
    } else if now.level != before.level && !climbs {
        Some("you are on another level".into())
    } else if now.webbed > 0 && (before.webbed == 0 || !moved) {
        Some(held_by(after))
    } else if let Some(m) = hunter {
        Some(format!("{} hunts you", a(m.name())))
    } else if let Some(m) = sleeper {
        Some(format!("{} sleeps close by", a(m.name())))
    } else if let Some(m) = wanderer {
        Some(format!("{} comes near", a(m.name())))
    } else if now.idol_seen && !before.idol_seen {
        Some("you see the idol".into())
    } else if now.level == before.level && now.stairs > before.stairs {
        Some("you see stairs".into())
    } else {
        // What the step itself says comes first and stops nothing (see `plain`); the next
        // line names the cause.
        let said = after.log().since(before.said);
        said.get(plain(before, &now, after, goal))
            .map(|l| in_words(l))
    }
}

/// The creature that attacked the player in the step just taken, and how.
fn attacker(after: &State) -> Option<(&'static str, Attack)> {
    after.events().iter().find_map(|e| match *e {
        Event::Attacked { from, by, .. } => after.monster_at(from).map(|m| (m.name(), by)),
        _ => None,
    })
}

/// Who or what hurt the player in the step just taken: the creature whose blow or stone
/// struck, else what the log said of it.
fn hurt_by(after: &State, said: u64) -> String {
    match attacker(after) {
        Some((name, Attack::Blow)) => format!("{} hits you", a(name)),
        Some((name, Attack::Stone)) => format!("{}'s stone hits you", a(name)),
        _ => after
            .log()
            .since(said)
            .first()
            .map_or_else(|| "you are hurt".into(), |l| in_words(l)),
    }
}

/// What holds the player fast: the web a creature spat this turn, a net dropped from the
/// plate underfoot, or a web.
fn held_by(after: &State) -> String {
    match attacker(after) {
        Some((name, Attack::Web)) => format!("{}'s web holds you", a(name)),
        _ if after.world().tile(after.player()) == Tile::NetPlate => "a net holds you".into(),
        _ => "a web holds you".into(),
    }
}

/// How many lines the step itself says, which stop no journey: arriving on stairs or on an
/// item, a door opened on the way, the stairs taken by a journey that crosses levels, and
/// (exploring) picking up what exploring fetches.
fn plain(before: &Watch, now: &Watch, after: &State, goal: Goal) -> usize {
    let moved = now.player != before.player;
    let opened = !moved && after.events().iter().any(|e| matches!(e, Event::Door(_)));
    usize::from(moved && after.world().tile(now.player).is_stairs())
        + usize::from(moved && after.item_at(now.player).is_some())
        + usize::from(opened)
        + usize::from(now.level != before.level)
        + usize::from(goal == Goal::Explore && now.carried > before.carried)
}

/// A log line as the cause in a stop's words: its first letter small, its last stop gone
/// ("A door creaks open." becomes "a door creaks open").
fn in_words(line: &str) -> String {
    let line = line
        .strip_suffix('.')
        .or(line.strip_suffix('!'))
        .unwrap_or(line);
    let mut words = line.to_string();
    // The log's lines begin with an ASCII capital ("A", "The", "You"): no Unicode case
    // tables in the page for them.
    if let Some(first) = words.get_mut(..1) {
        first.make_ascii_lowercase();
    }
    words
}
