//! Fire. Dry moss and glowing fungus burn: the torch sets a cell beside the player alight
//! (`Action::Kindle`), and a flask of oil thrown while the torch burns, or onto flames, bursts
//! into a burning pool over the floor where it lands and the cells around. Each turn the
//! flames wound whoever stands in them and catch the fuel beside them; each burns
//! `FIRE_TURNS` turns (glowing fungus `FUNGUS_FIRE_TURNS`), then dies down to bare floor.
//! While they burn they light the cells around them, as fungus glows, and warm the cells
//! beside them (`warm`): on ground there that does not burn, wounds close as by torchlight
//! (`warmed`). Creatures never step into flames, nor are set down in them beside the stairs;
//! travel and the autopilot go round them.

use crate::balance::{FIRE_DAMAGE, FIRE_TURNS, FUNGUS_FIRE_TURNS};
use crate::game::action::Dir;
use crate::game::ending::Cause;
use crate::game::events::Event;
use crate::game::parts::Spent;
use crate::game::state::State;
use crate::kinds::tile::Tile;
use crate::space::geom::Point;

/// True when `a` and `b` are on one level, at most a cell apart.
fn near(a: Point, b: Point) -> bool {
    a.z == b.z && a.chebyshev(b) <= 1
}

impl State {
    /// True while flames burn on the player's level: no rest by torchlight then, only in
    /// their warmth on bare ground (`warmed`).
    pub fn fire_burns(&self) -> bool {
        self.world.flames().iter().any(|f| f.0.z == self.hero.pos.z)
    }

    /// True beside flames (within a cell, on the player's level), or in them: their warmth,
    /// which heals only on ground that does not burn (`warmed`).
    pub fn warm(&self) -> bool {
        self.world.flames().iter().any(|f| near(f.0, self.hero.pos))
    }

    /// Warm (`warm`) on ground that does not burn: wounds close here, torch lit or not.
    pub fn warmed(&self) -> bool {
        let under = self.world.tile(self.hero.pos);
        self.warm() && !under.is_fuel() && under != Tile::Fire
    }

    /// Sets `p` alight if it holds fuel (with `oil`, bare floor too): true when it did.
    pub(crate) fn ignite(&mut self, p: Point, oil: bool) -> bool {
        let t = self.world.tile(p);
        let burns = t.is_fuel() || oil && t == Tile::Floor;
        if burns {
            let turns = if t == Tile::Fungus {
                FUNGUS_FIRE_TURNS
            } else {
                FIRE_TURNS
            };
            self.world.set_alight(p, turns);
            self.knowledge.sight.terrain_changed();
        }
        burns
    }

    /// The torch sets the cell `d` of the player alight: a turn. Without a flame, or with
    /// nothing there that burns, it says so and takes no time.
    pub(crate) fn kindle(&mut self, d: Dir) -> Spent {
        let (dx, dy) = d.delta();
        let at = self.hero.pos.offset(dx, dy);
        if !self.torch_lit() {
            self.log.add("Your torch is not lit.");
            return Spent::Nothing;
        }
        if !self.ignite(at, false) {
            self.log.add("Nothing there burns.");
            return Spent::Nothing;
        }
        self.events.push(Event::Fire(at));
        self.log.add("You set it alight.");
        Spent::Turn
    }

    /// A flask of oil breaks at `at`: with the torch lit or flames beside it, a burning pool
    /// over it and the cells around.
    pub(crate) fn spill_oil(&mut self, at: Point) {
        let flame = self.torch_lit() || self.world.flames().iter().any(|f| near(f.0, at));
        if !flame {
            self.log.add("The flask breaks, and the oil soaks away.");
            return;
        }
        for p in std::iter::once(at).chain(at.neighbours8()) {
            self.ignite(p, true);
        }
        self.events.push(Event::Fire(at));
        self.log.add("The flask bursts into flames!");
    }

    /// The flames' turn: they wound whoever stands in them and catch the fuel beside them,
    /// and those burning before this turn burn down by a turn.
    pub(crate) fn blaze(&mut self) {
        if self.world.flames().is_empty() {
            return;
        }
        let burning = |s: &State, p: Point| s.world.tile(p) == Tile::Fire;
        for i in (0..self.creatures.all.len()).rev() {
            let p = self.creatures.all[i].pos;
            if burning(self, p) {
                self.creatures.all[i].hp -= FIRE_DAMAGE;
                let seen = self.knowledge.sight.lit(p);
                let name = self.creatures.all[i].name();
                if self.creatures.all[i].hp <= 0 {
                    let dead = self.creatures.all.remove(i);
                    if seen {
                        self.log.add(format!("The {name} burns to death."));
                    }
                    self.slain(&dead);
                } else if seen {
                    self.log.add(format!("The {name} burns."));
                }
            }
        }
        if burning(self, self.hero.pos) {
            self.hurt(
                FIRE_DAMAGE,
                &format!("The flames burn you for {FIRE_DAMAGE}."),
                Cause::Fire,
            );
        }
        let before = self.world.flames().len();
        for i in 0..before {
            for q in self.world.flames()[i].0.neighbours8() {
                self.ignite(q, false);
            }
        }
        if self.world.burn_down(before) {
            self.knowledge.sight.terrain_changed();
        }
    }
}
