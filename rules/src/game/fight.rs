//! Fighting: the player's fighting numbers (level, strength, gear), a creature's blow, the
//! player's blow (several times as hard on a creature that has not noticed them), wounds to
//! the player, and what follows a creature's death (a kill, experience, what it drops, a
//! thief's loot, a bloat's burst) or a blow it survives (a jelly splits).

use crate::balance::{self, damage, SNEAK_MULTIPLIER, SPLIT_MIN_HP};
use crate::creatures::monster::{Mind, Monster};
use crate::game::ending::Cause;
use crate::game::events::{Attack, Event};
use crate::game::parts::Place;
use crate::game::state::State;
use crate::kinds::entry::{Effect, Stats, Tactic};
use crate::kinds::item::Item;
use crate::kinds::tile::Tile;

impl State {
    /// Attack: the player's base, one per experience level above the first, strength from
    /// potions and the wielded weapon.
    pub fn attack(&self) -> i32 {
        let weapon = match self.equipped(Place::Wielded).map(Item::effect) {
            Some(Effect::Weapon(n)) => n,
            _ => 0,
        };
        balance::PLAYER.attack
            + balance::ATTACK_PER_LEVEL * (self.hero.level - 1)
            + self.hero.strength
            + weapon
    }

    /// Defence: the player's base and the worn armour.
    pub fn defence(&self) -> i32 {
        let armour = match self.equipped(Place::Worn).map(Item::effect) {
            Some(Effect::Armour(n)) => n,
            _ => 0,
        };
        balance::PLAYER.defence + armour
    }

    /// The player's fighting numbers now: level, strength and gear included.
    pub fn fighting(&self) -> Stats {
        Stats {
            hp: self.max_hp(),
            attack: self.attack(),
            defence: self.defence(),
            from_level: 1,
        }
    }

    pub(crate) fn monster_attacks(&mut self, i: usize) {
        let m = &self.creatures.all[i];
        let (kind, name, stats, from) = (m.kind, m.name(), m.stats(), m.pos);
        let dmg = damage(stats, self.fighting(), &mut self.rng);
        self.events.push(Event::Attacked {
            from,
            to: self.hero.pos,
            by: Attack::Blow,
        });
        self.events.push(Event::Hit(self.hero.pos));
        self.hurt(
            dmg,
            &format!("The {name} hits you for {dmg}."),
            Cause::Creature(kind),
        );
        if self.playing() {
            self.steal(i);
        }
    }

    /// The player takes `dmg` damage, said as `message`; if it kills them, the run ends by
    /// `cause`.
    pub(crate) fn hurt(&mut self, dmg: i32, message: &str, cause: Cause) {
        self.hero.hp -= dmg;
        self.log.add(message);
        if self.hero.hp <= 0 {
            self.end_run(cause);
        }
    }

    pub(crate) fn player_attacks(&mut self, i: usize) {
        let dmg = damage(
            self.fighting(),
            self.creatures.all[i].stats(),
            &mut self.rng,
        );
        self.hero.fought = true;
        self.strike(i, dmg, "hit");
    }

    /// Creature `i` takes a blow of `dmg` from the player (`verb`: "hit"), several times as
    /// hard (`SNEAK_MULTIPLIER`) when it had not noticed the player. It may die, split, or turn to hunt.
    pub(crate) fn strike(&mut self, i: usize, dmg: i32, verb: &str) {
        let m = &self.creatures.all[i];
        let (name, pos, unaware) = (m.name(), m.pos, m.unaware());
        let dmg = if unaware { dmg * SNEAK_MULTIPLIER } else { dmg };
        self.events.push(Event::Hit(pos));
        self.creatures.all[i].hp -= dmg;
        if self.creatures.all[i].hp <= 0 {
            let dead = self.creatures.all.remove(i);
            if unaware {
                self.log
                    .add(format!("You {verb} the unaware {name} and kill it."));
            } else {
                self.log.add(format!("You kill the {name}."));
            }
            self.slain(&dead);
            return;
        }
        if unaware {
            self.log
                .add(format!("You {verb} the unaware {name} for {dmg}!"));
        } else {
            self.log.add(format!("You {verb} the {name} for {dmg}."));
        }
        self.creatures.all[i].mind = Mind::Hunting;
        self.creatures.all[i].last_seen = self.hero.pos;
        if self.creatures.all[i].kind.behaviour().tactic == Tactic::Splits {
            self.split(i);
        }
    }

    /// What follows a creature's death at the player's hand or in fire: it counts as a kill;
    /// experience and what it drops (not for one out of the dark), a thief's loot, a bloat's
    /// burst.
    pub(crate) fn slain(&mut self, dead: &Monster) {
        self.hero.count_kill(dead.kind);
        if !dead.from_dark {
            self.gain(dead.kind);
            self.maybe_drop(dead.kind.behaviour().drops, dead.pos);
        }
        self.drop_loot(dead);
        self.burst(dead);
    }

    /// A splitting creature that survived a blow halves: the other half takes a free cell
    /// beside it, if there is one and enough of it is left.
    fn split(&mut self, i: usize) {
        let m = &self.creatures.all[i];
        if m.hp < SPLIT_MIN_HP {
            return;
        }
        let spot = m.pos.neighbours8().find(|&p| {
            let t = self.world.tile(p);
            t.is_open() && t != Tile::StairsUp && p != self.hero.pos && self.monster_at(p).is_none()
        });
        let Some(p) = spot else { return };
        let half = self.creatures.all[i].hp / 2;
        let mut other = self.creatures.all[i].clone();
        self.creatures.all[i].hp -= half;
        other.hp = half;
        other.pos = p;
        let name = other.name();
        self.creatures.all.push(other);
        self.log.add(format!("The {name} splits in two!"));
    }
}
