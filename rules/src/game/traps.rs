//! Pressure plates set off: by the player's step, a creature's (fliers pass over them), or an
//! item thrown onto one. An alarm wakes the level and calls it to the plate, a net holds
//! whoever stands there, gas befuddles all on and beside the plate, and a trapdoor drops
//! whoever stands there (and what lies there) to the level below, wounded. A plate set off is
//! found; a search (waiting or resting by torchlight) finds hidden ones near by.

use crate::balance::{FALL_DAMAGE, GAS_REACH, GAS_TURNS, NET_TURNS, SEARCH_CHANCE, SEARCH_REACH};
use crate::creatures::monster::Mind;
use crate::game::ending::Cause;
use crate::game::events::Event;
use crate::game::parts::{Place, Snare};
use crate::game::state::State;
use crate::kinds::tile::{Tile, Trap};
use crate::space::geom::Point;
use rand::Rng;

impl State {
    /// Sets off the plate at `p`, if there is one, under whoever stands there.
    pub(crate) fn spring(&mut self, p: Point) {
        let tile = self.world.tile(p);
        let Some(trap) = tile.trap() else { return };
        self.world.set(p, tile.found());
        let player = self.hero.pos == p;
        let seen = player || self.knowledge.sight.lit(p);
        if seen {
            self.events.push(Event::Trap(p));
        }
        let who = self.creatures.all.iter().position(|m| m.pos == p);
        let name = who.map_or("", |i| self.creatures.all[i].name());
        match trap {
            Trap::Alarm => {
                for m in self.creatures.all.iter_mut().filter(|m| m.pos.z == p.z) {
                    m.mind = Mind::Hunting;
                    m.last_seen = p;
                    m.unseen = 0;
                }
                if p.z == self.hero.pos.z {
                    self.log
                        .add("A plate clicks, and a gong booms through the level!");
                }
            }
            Trap::Net if player => {
                self.hero.webbed = self.hero.webbed.max(NET_TURNS);
                self.hero.snare = Snare::Net;
                self.log.add("A net drops over you!");
            }
            Trap::Net => {
                if let Some(i) = who {
                    self.creatures.all[i].held = NET_TURNS;
                }
                if seen {
                    self.log.add(if who.is_some() {
                        format!("A net drops over the {name}.")
                    } else {
                        "A net drops onto the plate.".to_string()
                    });
                }
            }
            Trap::Gas => {
                if self.befuddle(p, GAS_REACH, GAS_TURNS) {
                    self.log
                        .add("Gas hisses from a plate: you reel, befuddled.");
                } else if seen {
                    self.log.add("Gas hisses from a plate.");
                }
            }
            Trap::Pit => self.fall(p, who, seen),
        }
    }

    /// Whoever stands on the trapdoor at `p` (the player, or creature `who`) and whatever
    /// lies there falls to the nearest free floor of the level below, wounded. A creature is
    /// never killed by the fall (its turn's bookkeeping counts it still there).
    fn fall(&mut self, p: Point, who: Option<usize>, seen: bool) {
        let Some(to) = self.landing(p) else { return };
        let dmg = FALL_DAMAGE + self.rng.random_range(0..=FALL_DAMAGE as u32) as i32;
        for t in &mut self.things.all {
            if t.place == Place::Floor(p) {
                t.place = Place::Floor(to);
            }
        }
        if self.hero.pos == p {
            self.hero.pos = to;
            self.hero.deepest = self.hero.deepest.max(to.z);
            self.hurt(
                dmg,
                &format!(
                    "The floor gives way! You fall to level {} and take {dmg}.",
                    to.z + 1
                ),
                Cause::Fall,
            );
        } else if let Some(i) = who {
            let m = &mut self.creatures.all[i];
            m.pos = to;
            m.hp = (m.hp - dmg).max(1);
            if seen {
                let name = m.name();
                self.log
                    .add(format!("The {name} drops through a trapdoor!"));
            }
        } else if seen {
            self.log.add("A trapdoor swings open and shut.");
        }
    }

    /// The free floor cell of the level below `p` nearest to the cell under it.
    pub(crate) fn landing(&self, p: Point) -> Option<Point> {
        let z = p.z + 1;
        if z >= self.world.depth() {
            return None;
        }
        self.world
            .points_of(z, Tile::Floor)
            .into_iter()
            .filter(|&q| q != self.hero.pos && self.monster_at(q).is_none())
            .min_by_key(|&q| (q.chebyshev(Point::new(p.x, p.y, z)), q.y, q.x))
    }

    /// A search: by torchlight, each hidden plate in sight within `SEARCH_REACH` is found
    /// with chance `SEARCH_CHANCE` in 100.
    pub(crate) fn search(&mut self) {
        if !self.torch_lit() {
            return;
        }
        let me = self.hero.pos;
        for dy in -SEARCH_REACH..=SEARCH_REACH {
            for dx in -SEARCH_REACH..=SEARCH_REACH {
                let p = me.offset(dx, dy);
                let tile = self.world.tile(p);
                if !tile.is_hidden() || !self.knowledge.sight.lit(p) {
                    continue;
                }
                if self.rng.random_range(0..100u32) < SEARCH_CHANCE {
                    self.world.set(p, tile.found());
                    let name = tile.found().name();
                    self.log
                        .add(format!("You find {}.", crate::game::log::a(name)));
                }
            }
        }
    }
}
