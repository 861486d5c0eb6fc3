//! Fixtures: scripted scenes and tests set a state up directly (a creature here, an item
//! there, the torch's fuel, hit points). A state changed this way is a fixture, not a run:
//! nothing here is an action, and none of it is built into the game.

use crate::creatures::monster::{Mind, Monster};
use crate::game::parts::{Place, Thing};
use crate::game::state::State;
use crate::kinds::creature::Creature;
use crate::kinds::item::Item;
use crate::space::geom::Point;

impl State {
    /// Puts a creature of `kind` at `p`, for scripted scenes and tests. (Not an action: a
    /// state changed this way is a fixture, not a run.)
    pub fn put_monster(&mut self, kind: Creature, p: Point) {
        self.creatures.all.retain(|m| m.pos != p);
        self.creatures.all.push(Monster::new(kind, p));
        self.knowledge
            .sight
            .update(&self.world, self.hero.pos, self.light_radius());
    }

    /// Sets what the creature at `p` is about, for scripted scenes and tests (a fixture, not
    /// a run).
    pub fn set_mind(&mut self, p: Point, mind: Mind) {
        if let Some(m) = self.creatures.all.iter_mut().find(|m| m.pos == p) {
            m.mind = mind;
        }
    }

    /// Sets the torch's fuel, for scripted scenes and tests (a fixture, not a run).
    pub fn set_fuel(&mut self, fuel: i32) {
        self.torch.fuel = fuel.max(0);
        self.knowledge
            .sight
            .update(&self.world, self.hero.pos, self.light_radius());
    }

    /// Sets the player's hit points, for scripted scenes and tests (a fixture, not a run).
    pub fn set_hp(&mut self, hp: i32) {
        self.hero.hp = hp;
    }

    /// Removes every creature, for scripted scenes and tests (a fixture, not a run).
    pub fn clear_monsters(&mut self) {
        self.creatures.all.clear();
    }

    /// Sets the hit points of the creature at `p`, for scripted scenes and tests (a fixture,
    /// not a run).
    pub fn wound_monster(&mut self, p: Point, hp: i32) {
        if let Some(m) = self.creatures.all.iter_mut().find(|m| m.pos == p) {
            m.hp = hp;
        }
    }

    /// Puts an item on the floor at `p`, for scripted scenes and tests. (Not an action: a
    /// state changed this way is a fixture, not a run.)
    pub fn put_item(&mut self, kind: Item, p: Point) {
        self.things.all.push(Thing::one(kind, Place::Floor(p)));
    }

    /// Removes every item, on the floor and carried, for scripted scenes and tests (a
    /// fixture, not a run).
    pub fn clear_items(&mut self) {
        self.things.all.clear();
        self.things.letters.clear();
    }
}
