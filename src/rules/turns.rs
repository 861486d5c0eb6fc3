//! The rules of a turn: moving, fighting, stairs, leaving the caves, and the creatures'
//! answer after each player action.

use super::{Outcome, State};
use crate::cyclopedia::player_stats;
use crate::geom::Point;
use crate::monsters::{damage, next_step};
use crate::tile::Tile;

/// "an orc", "a goblin".
fn with_article(name: &str) -> String {
    let vowel = name.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {name}", if vowel { "an" } else { "a" })
}

/// Turns between regaining one hit point.
const REGEN_TURNS: u32 = 8;

/// Creatures farther than this (in steps, on the player's level) do not act.
const ACTIVE_RANGE: i32 = 30;

impl State {
    /// After each turn the player took: creatures act, wounds heal, sight is renewed.
    pub(super) fn end_turn(&mut self) {
        if self.outcome != Outcome::Playing {
            return;
        }
        self.monsters_act();
        if self.outcome == Outcome::Playing
            && self.turn % REGEN_TURNS == 0
            && self.hp < self.max_hp()
        {
            self.hp += 1;
        }
        self.sight.update(&self.world, self.player);
    }

    fn monsters_act(&mut self) {
        let player = self.player;
        let mut occupied: Vec<Point> = self.monsters.iter().map(|m| m.pos).collect();
        for i in 0..self.monsters.len() {
            let pos = self.monsters[i].pos;
            if pos.z != player.z || pos.chebyshev(player) > ACTIVE_RANGE {
                continue;
            }
            if pos.chebyshev(player) == 1 {
                self.monster_attacks(i);
                if self.outcome != Outcome::Playing {
                    return;
                }
                continue;
            }
            let hunting = self.sight.in_sight(pos);
            let world = &self.world;
            let free = |p: Point| {
                world.tile(p) != Tile::StairsUp
                    && world.tile(p).is_open()
                    && p != player
                    && !occupied.contains(&p)
            };
            if let Some(to) = next_step(pos, player, hunting, &free, &mut self.rng) {
                self.monsters[i].pos = to;
                occupied[i] = to;
            }
        }
    }

    fn monster_attacks(&mut self, i: usize) {
        let m = &self.monsters[i];
        let (name, stats) = (m.name(), m.stats());
        let dmg = damage(stats, player_stats(), &mut self.rng);
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
        let dmg = damage(player_stats(), self.monsters[i].stats(), &mut self.rng);
        let name = self.monsters[i].name();
        self.monsters[i].hp -= dmg;
        if self.monsters[i].hp <= 0 {
            self.monsters.remove(i);
            self.log.add(format!("You kill the {name}."));
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
        self.turn += 1;
        if self.idol == Some(to) {
            self.idol = None;
            self.log
                .add("You pick up the golden idol! Now climb back out.");
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
    /// floor or the ceiling stops the player.
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
        if here != needed {
            self.log.add(format!(
                "You try to go {dir} but are stopped by the {blocker}."
            ));
            return;
        }
        self.player.z += dz;
        self.deepest = self.deepest.max(self.player.z);
        self.turn += 1;
        self.log.add(format!(
            "You walk {dir} the stairs to level {}.",
            self.player.z + 1
        ));
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
