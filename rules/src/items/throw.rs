//! Throwing. A carried item flies from the player towards a chosen cell along a straight
//! line (Bresenham's), at most `THROW_RANGE` cells: it stops at the first creature (which it
//! strikes) or before the first cell it cannot pass, else at the target. Daggers and darts
//! wound what they strike; a potion breaks where it lands and splashes the cells around; a
//! flask of oil breaks too, into flames by a lit torch (`game::fire`); anything else just
//! lands. From a stack of potions or scrolls, one flies.

use crate::balance::{damage, THROW_BASE};
use crate::creatures::monster::Mind;
use crate::game::events::{Event, Flier};
use crate::game::log::a;
use crate::game::parts::Spent;
use crate::game::parts::{Place, Thing};
use crate::game::state::State;
use crate::kinds::entry::{Effect, Stats};
use crate::kinds::item::Item;
use crate::space::geom::Point;

/// The cells of the straight line from `from` to `to`, both ends included (Bresenham's line
/// algorithm, on `from`'s level).
pub fn line(from: Point, to: Point) -> Vec<Point> {
    let (dx, dy) = ((to.x - from.x).abs(), -(to.y - from.y).abs());
    let (sx, sy) = ((to.x - from.x).signum(), (to.y - from.y).signum());
    let (mut x, mut y, mut err) = (from.x, from.y, dx + dy);
    let mut out = vec![from];
    while (x, y) != (to.x, to.y) {
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            x += sx;
        }
        if e2 <= dx {
            err += dx;
            y += sy;
        }
        out.push(Point::new(x, y, from.z));
    }
    out
}

impl State {
    /// Where a thing thrown at `target` comes down, and the creature it strikes there (index),
    /// if any: the flight's cells after the thrower's, cut at the first creature or before
    /// the first cell it cannot pass.
    pub fn flight(&self, target: Point) -> (Vec<Point>, Option<usize>) {
        let mut path = Vec::new();
        for p in line(self.hero.pos, target).into_iter().skip(1) {
            if !self.world.tile(p).is_open() {
                break;
            }
            path.push(p);
            if let Some(i) = self.creatures.all.iter().position(|m| m.pos == p) {
                return (path, Some(i));
            }
        }
        (path, None)
    }

    /// Throws the item in pack slot `slot` (one of a stack) at the cell (`dx`, `dy`) away: a
    /// turn.
    pub(crate) fn throw(&mut self, slot: usize, dx: i32, dy: i32) -> Spent {
        let Some(i) = self.things.slot_index(slot) else {
            return self.no_item(slot);
        };
        let kind = self.things.all[i].kind;
        let (path, struck) = self.flight(self.hero.pos.offset(dx, dy));
        let Some(&land) = path.last() else {
            self.log.add("There is no room to throw it that way.");
            return Spent::Nothing;
        };
        self.things.take_one(slot);
        let name = self.item_name(kind);
        self.events.push(Event::Flight {
            path: std::iter::once(self.hero.pos)
                .chain(path.iter().copied())
                .collect(),
            thing: Flier::Item(self.seen_as(kind)),
        });
        self.hero.fought = true;
        self.log.add(format!("You throw the {name}."));
        match kind.effect() {
            _ if Item::POTIONS.contains(&kind) => self.shatter(kind, name, land),
            _ if kind == Item::Oil => self.spill_oil(land),
            effect => {
                let bonus = match effect {
                    Effect::Weapon(n) | Effect::Missile(n) => Some(n),
                    _ => None,
                };
                self.things.all.push(Thing::one(kind, Place::Floor(land)));
                match (struck, bonus) {
                    (Some(m), Some(n)) => {
                        let missile = Stats {
                            attack: THROW_BASE + n,
                            ..self.fighting()
                        };
                        let dmg = damage(missile, self.creatures.all[m].stats(), &mut self.rng);
                        self.strike(m, dmg, "hit");
                    }
                    (Some(m), None) => {
                        let who = self.creatures.all[m].name();
                        self.events.push(Event::Miss(land));
                        self.log.add(format!("The {name} bounces off the {who}."));
                        self.creatures.all[m].mind = Mind::Hunting;
                    }
                    (None, _) => {
                        self.events.push(Event::Miss(land));
                        self.log.add(format!("The {name} lands on the floor."));
                    }
                }
            }
        }
        // What lands on a pressure plate sets it off.
        if struck.is_none() {
            self.spring(land);
        }
        Spent::Turn
    }

    /// A thrown potion of `kind` (called `name`) breaks at `at`: creatures on and beside the
    /// cell are splashed (a potion of descent sinks them to the level below; a potion of fire
    /// bursts into flames over the cells). Its kind is learned when the player sees it work.
    fn shatter(&mut self, kind: Item, name: &str, at: Point) {
        self.log.add(format!("The {name} shatters."));
        self.events.push(Event::Miss(at));
        // Whether a splashed creature is seen is decided before any sinks through the floor.
        let (me, mut seen, mut splashed) = (self.hero.pos, false, Vec::new());
        for (i, c) in self.creatures.all.iter_mut().enumerate() {
            if c.pos.z != at.z || c.pos.chebyshev(at) > 1 {
                continue;
            }
            seen |= self.knowledge.sight.lit(c.pos);
            splashed.push(i);
            match kind.effect() {
                Effect::Heal(n) => c.hp = (c.hp + n).min(c.stats().hp),
                Effect::Confuse(n) => c.confused = n,
                Effect::Darken(_) => {
                    c.mind = Mind::Wandering;
                    c.unseen = 0;
                }
                Effect::Flare => {
                    c.mind = Mind::Hunting;
                    c.last_seen = me;
                    c.unseen = 0;
                }
                _ => {}
            }
        }
        let mut sank = false;
        match kind.effect() {
            Effect::Descend => {
                for i in splashed {
                    if let Some(to) = self.landing(self.creatures.all[i].pos) {
                        self.creatures.all[i].pos = to;
                        sank = true;
                    }
                }
            }
            Effect::Blaze => {
                seen |= self.knowledge.sight.lit(at);
                for p in std::iter::once(at).chain(at.neighbours8()) {
                    self.ignite(p, true);
                }
                self.events.push(Event::Fire(at));
            }
            _ => {}
        }
        let what = match kind.effect() {
            Effect::Heal(_) => "The splashed wounds close.",
            Effect::Confuse(_) => "The splashed creatures reel about, befuddled.",
            Effect::Darken(_) => "Inky darkness: the splashed creatures lose track of you.",
            Effect::Flare => "A blinding flash: the splashed creatures turn on you.",
            Effect::Descend if sank => "The splashed creatures sink through the floor.",
            Effect::Blaze => "It bursts into flames!",
            _ => "Nothing seems to happen.",
        };
        // Strength shows nothing on a creature, nor descent on the deepest level.
        let shows = match kind.effect() {
            Effect::Strength(_) => false,
            Effect::Descend => sank,
            _ => true,
        };
        if seen {
            self.log.add(what);
            if shows && self.identify(kind) {
                self.log.add(format!("It was {}.", a(kind.name())));
            }
        }
    }
}
