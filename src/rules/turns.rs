//! The rules of a turn: moving, fighting, stairs, leaving the caves, and the creatures'
//! answer after each player action.

use super::items::a as with_article;
use super::{Outcome, State};
use crate::rules::balance::{damage, REGEN_HP, REGEN_TURNS};
use crate::rules::kinds::entry::Stats;
use crate::rules::kinds::item::Item;
use crate::rules::kinds::tile::Tile;

impl State {
    /// After each turn the player took: creatures act, wounds heal, sight is renewed.
    pub(super) fn end_turn(&mut self) {
        if self.outcome != Outcome::Playing {
            return;
        }
        self.monsters_act();
        if self.outcome == Outcome::Playing
            && self.turn.is_multiple_of(REGEN_TURNS)
            && self.hp < self.max_hp()
        {
            self.hp = (self.hp + REGEN_HP).min(self.max_hp());
        }
        self.sight.update(&self.world, self.player);
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

    pub(super) fn monster_attacks(&mut self, i: usize) {
        let m = &self.monsters[i];
        let (name, stats) = (m.name(), m.stats());
        let dmg = damage(stats, self.fighting(), &mut self.rng);
        self.hp -= dmg;
        self.log.add(format!("The {name} hits you for {dmg}."));
        if self.hp <= 0 {
            self.outcome = Outcome::Lost;
            self.ending = format!(
                "You were killed by {} on level {} after {} turns.",
                with_article(name),
                self.player.z + 1,
                self.turn
            );
            self.log.add(self.ending.clone());
        }
    }

    fn player_attacks(&mut self, i: usize) {
        let dmg = damage(self.fighting(), self.monsters[i].stats(), &mut self.rng);
        let name = self.monsters[i].name();
        self.monsters[i].hp -= dmg;
        if self.monsters[i].hp <= 0 {
            let dead = self.monsters.remove(i);
            self.log.add(format!("You kill the {name}."));
            self.gain(dead.kind);
            self.maybe_drop(dead.kind.behaviour().drops, dead.pos);
        } else {
            self.log.add(format!("You hit the {name} for {dmg}."));
        }
    }

    pub(super) fn step(&mut self, dx: i32, dy: i32) {
        let to = self.player.offset(dx, dy);
        if let Some(i) = self.monsters.iter().position(|m| m.pos == to) {
            self.turn += 1;
            self.player_attacks(i);
            self.end_turn();
            return;
        }
        let tile = self.world.tile(to);
        if !tile.is_open() {
            self.log
                .add(format!("You bump into the {}.", tile.info().name));
            return;
        }
        self.player = to;
        let here = self.item_at(to);
        if here == Some(Item::Idol) {
            // The idol is taken as you step on it; `pick_up` counts the turn and ends it.
            return self.pick_up();
        }
        self.turn += 1;
        if let Some(item) = here {
            self.log
                .add(format!("You see {} here.", with_article(item.name())));
        }
        match tile {
            Tile::StairsDown => self.log.add("There are stairs down here."),
            Tile::StairsUp if to.z == 0 => self.log.add("Daylight shines down the way out."),
            Tile::StairsUp => self.log.add("There are stairs up here."),
            _ => {}
        }
        self.end_turn();
    }

    /// Climbs one level: `dz` = 1 goes down, -1 goes up. Stairs are needed; without them the
    /// floor or the ceiling stops the player. Creatures close by that see the player follow.
    pub(super) fn climb(&mut self, dz: i32) {
        let here = self.world.tile(self.player);
        if dz < 0 && here == Tile::StairsUp && self.player.z == 0 {
            self.leave();
            return;
        }
        let (needed, dir, blocker) = if dz > 0 {
            (Tile::StairsDown, "down", "cave floor")
        } else {
            (Tile::StairsUp, "up", "cave ceiling")
        };
        // Stairs that would lead out of the world (a hand-drawn map can have them) are as
        // good as none.
        let beyond = !(0..self.world.depth()).contains(&(self.player.z + dz));
        if here != needed || beyond {
            self.log.add(format!(
                "You try to go {dir} but are stopped by the {blocker}."
            ));
            return;
        }
        let followers = self.followers(self.player);
        self.player.z += dz;
        self.deepest = self.deepest.max(self.player.z);
        self.turn += 1;
        self.log.add(format!(
            "You walk {dir} the stairs to level {}.",
            self.player.z + 1
        ));
        self.arrive(&followers);
        self.end_turn();
    }

    fn leave(&mut self) {
        self.turn += 1;
        if self.carrying_idol() {
            self.outcome = Outcome::Won;
            self.ending = format!(
                "You climb into the daylight with the golden idol after {} turns.",
                self.turn
            );
        } else {
            self.outcome = Outcome::Lost;
            self.ending = "You leave the caves empty-handed.".to_string();
        }
        self.log.add(self.ending.clone());
    }
}
