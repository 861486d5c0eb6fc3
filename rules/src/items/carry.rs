//! Carrying items: picking up, dropping, using and equipping them.
//!
//! Every item is a `Thing` with a place: on the floor at a point, or carried (in the pack,
//! wielded or worn). Carried things keep the order they were picked up in; the n-th carried
//! thing is pack slot n, which actions (and so records) name. The player knows them by
//! letters that stay with them while carried (`State::letter`). Potions and scrolls of one
//! kind stack (`Item::stacks`): one picked up joins the carried stack of its kind in its
//! slot, using or throwing takes one from it, and dropping puts the stack down whole.

use crate::creatures::monster::{Mind, Monster};
use crate::creatures::placing::kinds_at;
use crate::game::ending::Cause;
use crate::game::events::Event;
use crate::game::log::{a, counted};
use crate::game::parts::{Place, Spent, Thing};
use crate::game::state::State;
use crate::items::placing::random_kind;
use crate::kinds::entry::Effect;
use crate::kinds::item::Item;
use crate::kinds::tile::Tile;
use crate::space::geom::Point;
use rand::Rng;

impl State {
    /// Every item, on the floor and carried.
    pub fn items(&self) -> &[Thing] {
        &self.things.all
    }

    /// Carried items in pack order: slot n is the n-th (its letter is `letter(n)`).
    pub fn carried(&self) -> Vec<Thing> {
        self.things.carried()
    }

    /// How many things are carried, every one of a stack counted.
    pub fn carried_count(&self) -> usize {
        self.carried().iter().map(|t| t.count as usize).sum()
    }

    /// The letter carried slot `slot` is shown by. A thing keeps the letter it was given
    /// while it is carried; one that leaves the pack (used up, dropped or thrown) leaves a
    /// gap, and the next thing picked up takes the first free letter. Actions still name
    /// slots, so a record means what it always meant; letters are only for the player, and
    /// not part of the fingerprint.
    pub fn letter(&self, slot: usize) -> char {
        self.things.letter(slot)
    }

    /// The carried slot shown by `letter`, if any.
    pub fn slot_of(&self, letter: char) -> Option<u8> {
        self.things.slot_of(letter)
    }

    /// The top item lying at `p`, if any.
    pub fn item_at(&self, p: Point) -> Option<Item> {
        self.things.item_at(p)
    }

    /// The carried item in `place` (wielded or worn).
    pub fn equipped(&self, place: Place) -> Option<Item> {
        self.things.equipped(place)
    }

    /// True when one more `kind` can be carried: the pack has a free slot, or `kind` joins a
    /// stack already carried (the idol always fits).
    pub fn has_room_for(&self, kind: Item) -> bool {
        self.things.has_room_for(kind)
    }

    /// Says that carried slot `slot` is empty: no turn.
    pub(crate) fn no_item(&mut self, slot: usize) -> Spent {
        let letter = char::from(b'a' + slot.min(25) as u8);
        self.log.add(format!("You carry no item '{letter}'."));
        Spent::Nothing
    }

    /// Takes the item at the player's feet into the pack: a turn. The idol is picked up as
    /// the player steps on it (see `step`); it fits even in a full pack.
    pub(crate) fn pick_up(&mut self) -> Spent {
        let here = Place::Floor(self.hero.pos);
        let Some(i) = self.things.all.iter().rposition(|t| t.place == here) else {
            self.log.add("There is nothing here to pick up.");
            return Spent::Nothing;
        };
        let Thing { kind, count, .. } = self.things.all[i];
        if !self.has_room_for(kind) {
            self.log.add("Your pack is full.");
            return Spent::Nothing;
        }
        let name = counted(self.item_name(kind), count);
        if let Some(stack) = self.things.stack_of(kind) {
            let now = self.things.all[stack].count.saturating_add(count);
            self.things.all[stack].count = now;
            self.things.all.remove(i);
            let slot = self
                .carried()
                .iter()
                .position(|t| t.kind == kind && t.place == Place::Pack);
            let letter = self.letter(slot.unwrap_or(0));
            self.log
                .add(format!("You pick up {name} ({letter}): {now} now."));
            self.take_offering(self.hero.pos);
            return Spent::Turn;
        }
        self.things.carry(i, Place::Pack);
        let letter = self.things.give_letter();
        self.take_offering(self.hero.pos);
        if kind == Item::Idol {
            self.log
                .add("You pick up the golden idol! Now climb back out.");
            if self.wake_level() {
                self.log
                    .add("A deep groan runs through the rock: the caves wake.");
            }
        } else {
            self.log.add(format!("You pick up {name} ({letter})."));
        }
        Spent::Turn
    }

    pub(crate) fn drop_item(&mut self, slot: usize) -> Spent {
        let Some(i) = self.things.slot_index(slot) else {
            return self.no_item(slot);
        };
        let Thing { kind, count, .. } = self.things.all[i];
        self.things.free_letter(slot);
        self.things.carry(i, Place::Floor(self.hero.pos));
        if let Some(t) = self.things.all.last_mut() {
            t.dropped = true;
        }
        let name = self.item_name(kind);
        self.log.add(if count == 1 {
            format!("You drop the {name}.")
        } else {
            format!("You drop {}.", counted(name, count))
        });
        Spent::Turn
    }

    /// Quaffs a potion, reads a scroll or pours oil (used up, and its kind learned), or
    /// equips a weapon or armour.
    pub(crate) fn use_item(&mut self, slot: usize) -> Spent {
        let Some(i) = self.things.slot_index(slot) else {
            return self.no_item(slot);
        };
        let kind = self.things.all[i].kind;
        let name = self.item_name(kind);
        let verb = if Item::SCROLLS.contains(&kind) {
            "read"
        } else if Item::POTIONS.contains(&kind) {
            "quaff"
        } else {
            "pour out"
        };
        let max = self.max_hp();
        // What a burning scroll does to the reader's hands, after the reading is told.
        let mut seared = 0;
        let what = match kind.effect() {
            Effect::Weapon(_) | Effect::Armour(_) => return self.equip(slot),
            Effect::Treasure => {
                self.log.add("The idol gleams. Carry it out of the caves.");
                return Spent::Nothing;
            }
            Effect::Missile(_) => {
                self.log.add(format!("Throw the {name} (t) to use it."));
                return Spent::Nothing;
            }
            Effect::Heal(n) => {
                let healed = n.min(max - self.hero.hp).max(0);
                self.hero.hp += healed;
                match healed {
                    0 => "you are already at full health.".to_string(),
                    1 => "1 hit point comes back.".to_string(),
                    _ => format!("{healed} hit points come back."),
                }
            }
            Effect::Strength(n) => {
                self.hero.strength += n;
                "you feel stronger.".to_string()
            }
            Effect::Light(r) => {
                self.knowledge.sight.reveal(&self.world, self.hero.pos, r);
                "the caves around you flash bright.".to_string()
            }
            Effect::Teleport => {
                self.teleport();
                "the world lurches around you.".to_string()
            }
            Effect::Fuel(n) => {
                self.torch.refuel(n);
                "your torch flares up.".to_string()
            }
            Effect::Confuse(n) => {
                self.hero.confused = n;
                "the world spins around you.".to_string()
            }
            Effect::Darken(n) => {
                self.torch.darken(n);
                "your torch sputters and dies.".to_string()
            }
            Effect::Summon(n) => {
                let came = self.summon(n);
                format!("a shrill call echoes: {came} creatures come.")
            }
            Effect::Map => {
                self.reveal_level();
                "the shape of this level fills your mind.".to_string()
            }
            Effect::Flare => {
                self.reveal_level();
                if self.wake_level() {
                    "a blinding flash shows the whole level, and every creature on it wakes to hunt you.".to_string()
                } else {
                    "a blinding flash shows the whole level.".to_string()
                }
            }
            Effect::Descend => match self.landing(self.hero.pos) {
                Some(to) => {
                    self.hero.pos = to;
                    self.hero.deepest = self.hero.deepest.max(to.z);
                    format!("you sink through the floor to level {}.", to.z + 1)
                }
                None => "the floor holds firm: there is no deeper level.".to_string(),
            },
            Effect::Blaze => {
                for p in self.hero.pos.neighbours8() {
                    self.ignite(p, true);
                }
                self.events.push(Event::Fire(self.hero.pos));
                "flames burst out of you onto every cell around.".to_string()
            }
            Effect::Kindle { fuel, burn } => {
                self.torch.refuel(fuel);
                seared = burn;
                "your torch flares up, and the scroll burns in your hands.".to_string()
            }
            Effect::Recall => match self.nearest_stair_up() {
                Some(to) => {
                    self.hero.pos = to;
                    "you stand on the stairs up.".to_string()
                }
                None => "nothing happens: no stairs up are free.".to_string(),
            },
            Effect::Slumber => {
                let slept = self.lull();
                self.torch.on = false;
                match slept {
                    0 => "a hush falls, and your torch goes out.".to_string(),
                    1 => "the creature in view falls asleep, and your torch goes out.".to_string(),
                    n => format!("the {n} creatures in view fall asleep, and your torch goes out."),
                }
            }
        };
        self.log.add(format!("You {verb} the {name}: {what}"));
        if self.identify(kind) {
            self.log.add(format!("It was {}.", a(kind.name())));
        }
        if seared > 0 {
            self.hurt(
                seared,
                &format!("The flames sear your hands for {seared}."),
                Cause::Kindling,
            );
        }
        self.things.take_one(slot);
        self.hero.used += 1;
        Spent::Turn
    }

    /// Shows the whole of the player's level.
    fn reveal_level(&mut self) {
        let (w, h) = (self.world.width(), self.world.height());
        let middle = Point::new(w / 2, h / 2, self.hero.pos.z);
        self.knowledge.sight.reveal(&self.world, middle, w.max(h));
    }

    /// The free stair up of the player's level nearest to them (king's moves), if any.
    fn nearest_stair_up(&self) -> Option<Point> {
        let me = self.hero.pos;
        self.world
            .points_of(me.z, Tile::StairsUp)
            .into_iter()
            .filter(|&p| p == me || self.monster_at(p).is_none())
            .min_by_key(|&p| (p.chebyshev(me), p.y, p.x))
    }

    /// Puts every creature the player sees to sleep: answers how many.
    fn lull(&mut self) -> usize {
        let mut slept = 0;
        for m in self.creatures.all.iter_mut() {
            if m.pos.z == self.hero.pos.z && self.knowledge.sight.lit(m.pos) {
                m.mind = Mind::Asleep;
                m.confused = 0;
                slept += 1;
            }
        }
        slept
    }

    /// Calls up to `n` creatures of the level's kinds onto free cells near the player, all
    /// hunting; answers how many came.
    fn summon(&mut self, n: i32) -> i32 {
        let kinds = kinds_at(self.hero.pos.z);
        let mut came = 0;
        for p in self.hero.pos.neighbours8() {
            let t = self.world.tile(p);
            if came == n || !t.is_open() || t == Tile::StairsUp || self.monster_at(p).is_some() {
                continue;
            }
            let kind = kinds[self.rng.random_range(0..kinds.len() as u32) as usize];
            self.creatures.all.push(Monster::in_variant(
                kind,
                p,
                self.origin.variant,
                Mind::Hunting,
            ));
            came += 1;
        }
        came
    }

    /// Moves the player to a random free floor cell of the level.
    fn teleport(&mut self) {
        let z = self.hero.pos.z;
        let free = self
            .world
            .points_where(z, &|p, t| t == Tile::Floor && self.monster_at(p).is_none());
        if !free.is_empty() {
            self.hero.pos = free[self.rng.random_range(0..free.len() as u32) as usize];
        }
    }

    /// Wields a weapon or wears armour (what was there goes back to the pack); equipping what
    /// is already wielded or worn takes it off.
    pub(crate) fn equip(&mut self, slot: usize) -> Spent {
        let Some(i) = self.things.slot_index(slot) else {
            return self.no_item(slot);
        };
        let kind = self.things.all[i].kind;
        let (place, verb) = match kind.effect() {
            Effect::Weapon(_) => (Place::Wielded, "wield"),
            Effect::Armour(_) => (Place::Worn, "wear"),
            _ => {
                self.log.add(format!(
                    "You cannot wield or wear the {}.",
                    self.item_name(kind)
                ));
                return Spent::Nothing;
            }
        };
        if self.things.all[i].place == place {
            self.things.all[i].place = Place::Pack;
            self.log.add(format!("You take off the {}.", kind.name()));
        } else {
            for t in self.things.all.iter_mut().filter(|t| t.place == place) {
                t.place = Place::Pack;
            }
            self.things.all[i].place = place;
            self.log.add(format!("You {verb} the {}.", kind.name()));
        }
        Spent::Turn
    }

    /// Lifting the idol (or a flare) wakes its level: every creature on it hunts the player
    /// from then on. True when one was not hunting before.
    fn wake_level(&mut self) -> bool {
        let me = self.hero.pos;
        let mut woke = false;
        for m in self.creatures.all.iter_mut().filter(|m| m.pos.z == me.z) {
            woke |= m.mind != Mind::Hunting;
            m.mind = Mind::Hunting;
            m.last_seen = me;
            m.unseen = 0;
        }
        woke
    }

    /// Leaves an item where a creature died, by its kind's chance of carrying one.
    pub(crate) fn maybe_drop(&mut self, chance: u32, at: Point) {
        if chance == 0 || self.rng.random_range(0..100u32) >= chance {
            return;
        }
        if let Some(kind) = random_kind(at.z, self.origin.variant, &mut self.rng) {
            self.things.all.push(Thing::one(kind, Place::Floor(at)));
            self.log
                .add(format!("It drops {}.", a(self.item_name(kind))));
        }
    }
}
