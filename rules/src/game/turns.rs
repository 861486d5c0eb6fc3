//! The rules of a turn: moving (astray when confused, not at all when webbed; into a closed
//! door, opening it; into a creature, a blow: `fight.rs`), stairs, leaving the caves, and
//! what follows each player action: the torch burns, the caves stir, flames spread, the
//! creatures answer, and wounds heal (by torchlight, or in a fire's warmth on bare ground).

use crate::balance::{REGEN_HP, REGEN_TURNS, REST_REGEN_TURNS};
use crate::game::ending::{Cause, Ending};
use crate::game::log::a as with_article;
use crate::game::parts::Spent;
use crate::game::state::State;
use crate::kinds::item::Item;
use crate::kinds::tile::Tile;
use crate::space::geom::DIRECTIONS8;
use rand::Rng;

impl State {
    /// After each turn the player took: creatures act, wounds heal, sight is renewed.
    pub(crate) fn end_turn(&mut self) {
        if !self.playing() {
            return;
        }
        self.burn();
        self.linger();
        self.stir();
        self.blaze();
        if !self.playing() {
            return;
        }
        self.monsters_act();
        self.hero.fought = false;
        self.hero.struggled = false;
        self.hero.confused = (self.hero.confused - 1).max(0);
        let regen = if self.hero.resting {
            REST_REGEN_TURNS
        } else {
            REGEN_TURNS
        };
        // Wounds close only by torchlight or in a fire's warmth on bare ground: the dark
        // keeps the fuel, not the blood.
        if self.playing()
            && (self.torch_lit() || self.warmed())
            && self.clock.turn.is_multiple_of(regen)
            && self.hero.hp < self.max_hp()
        {
            self.hero.hp = (self.hero.hp + REGEN_HP).min(self.max_hp());
        }
        self.knowledge
            .sight
            .update(&self.world, self.hero.pos, self.light_radius());
    }

    /// The run ends now, by `cause`, on the player's level: the state records its `Ending`,
    /// and the log says it. A run ends once: a second blow in the turn that killed the
    /// player is not a second death, and the first cause stands.
    pub(crate) fn end_run(&mut self, cause: Cause) {
        if self.end.is_some() {
            return;
        }
        let ending = Ending {
            cause,
            level: self.hero.pos.z + 1,
            turns: self.clock.turn,
        };
        self.end = Some(ending);
        self.log.add(ending.words());
    }

    pub(crate) fn step(&mut self, dx: i32, dy: i32) -> Spent {
        let (dx, dy) = if self.hero.confused > 0 && self.rng.random_bool(0.5) {
            DIRECTIONS8[self.rng.random_range(0..8u32) as usize]
        } else {
            (dx, dy)
        };
        let to = self.hero.pos.offset(dx, dy);
        if let Some(i) = self.creatures.all.iter().position(|m| m.pos == to) {
            self.player_attacks(i);
            return Spent::Turn;
        }
        if self.hero.webbed > 0 {
            return self.struggle();
        }
        let tile = self.world.tile(to);
        if tile == Tile::DoorClosed {
            return self.open_door(to);
        }
        if !tile.is_open() && self.hero.confused > 0 {
            self.log.add("You stagger into the rock.");
            return Spent::Turn;
        }
        if !tile.is_open() {
            self.log.add(format!("You bump into the {}.", tile.name()));
            return Spent::Nothing;
        }
        self.hero.pos = to;
        if tile.trap().is_some() {
            self.spring(to);
            if self.hero.pos != to || !self.playing() {
                return Spent::Turn;
            }
        }
        let here = self.item_at(to);
        if here == Some(Item::Idol) {
            // The idol is taken as you step on it: the step and the taking are one turn.
            return self.pick_up();
        }
        if let Some(item) = here {
            self.log.add(format!(
                "You see {} here.",
                with_article(self.item_name(item))
            ));
        }
        match tile {
            Tile::StairsDown => self.log.add("There are stairs down here."),
            Tile::StairsUp if to.z == 0 => self.log.add("Daylight shines down the way out."),
            Tile::StairsUp => self.log.add("There are stairs up here."),
            _ => {}
        }
        Spent::Turn
    }

    /// A turn spent stuck fast in a web or a net (walking, taking the stairs or waiting):
    /// the player struggles, and the snare holds one turn less.
    pub(crate) fn struggle(&mut self) -> Spent {
        self.hero.webbed = self.hero.webbed.saturating_sub(1);
        self.hero.struggled = true;
        let snare = self.hero.snare.name();
        self.log.add(if self.hero.webbed > 0 {
            format!("You struggle against the {snare}.")
        } else {
            format!("You tear free of the {snare}.")
        });
        Spent::Turn
    }

    /// Climbs one level: `dz` = 1 goes down, -1 goes up, from the stairs the player stands
    /// on (without them, nothing happens but a word). Stuck in a web or a net, the player
    /// struggles instead, as when walking. Creatures close by that see the player and could
    /// act this turn follow.
    pub(crate) fn climb(&mut self, dz: i32) -> Spent {
        let here = self.world.tile(self.hero.pos);
        let (needed, dir) = if dz > 0 {
            (Tile::StairsDown, "down")
        } else {
            (Tile::StairsUp, "up")
        };
        if here != needed {
            self.log.add(format!("You are not on stairs {dir}."));
            return Spent::Nothing;
        }
        if self.hero.webbed > 0 {
            return self.struggle();
        }
        if dz < 0 && self.hero.pos.z == 0 {
            return Spent::Out;
        }
        // Stairs that would lead out of the world (a hand-drawn map can have them) lead
        // nowhere.
        if !(0..self.world.depth()).contains(&(self.hero.pos.z + dz)) {
            self.log.add(format!("These stairs lead no further {dir}."));
            return Spent::Nothing;
        }
        let followers = self.followers(self.hero.pos);
        let from = self.hero.pos;
        self.hero.pos.z += dz;
        self.make_way(from);
        self.hero.deepest = self.hero.deepest.max(self.hero.pos.z);
        self.log.add(format!(
            "You walk {dir} the stairs to level {}.",
            self.hero.pos.z + 1
        ));
        self.arrive(&followers);
        Spent::Turn
    }

    /// The run ends at the way out, in the turn spent climbing it: won with the idol, lost
    /// without it.
    pub(crate) fn leave(&mut self) {
        self.end_run(if self.carrying_idol() {
            Cause::Won
        } else {
            Cause::Left
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::game::action::Action;
    use crate::kinds::creature::Creature;
    use crate::kinds::item::Item;
    use crate::kinds::tile::Tile;
    use crate::rng::seeded;
    use crate::space::geom::Point;
    use crate::testing::any_action;
    use crate::testing::state_on;
    use crate::{Outcome, State};
    use std::collections::BTreeSet;

    /// Two small levels joined by a stair, the way out on the first, an open door, and dry
    /// moss and fungus to set alight.
    const CAVE: [&str; 2] = [
        "##############
         #<...........#
         #....##..qq..#
         #......'.....#
         #...........>#
         ##############",
        "##############
         #............#
         #.....#...ff.#
         #............#
         #...........<#
         ##############",
    ];

    /// The cave with every kind of item lying about, the idol below, and creatures on both
    /// levels (among them a web spinner and a stone thrower).
    fn scene(seed: u64) -> State {
        let mut s = state_on(&CAVE, seed);
        s.clear_items();
        s.clear_monsters();
        let kinds = Item::ALL.into_iter().filter(|&i| i != Item::Idol);
        for (n, kind) in kinds.enumerate() {
            s.put_item(kind, Point::new(2 + n as i32 % 11, 1 + n as i32 / 11, 0));
        }
        s.put_item(Item::Idol, Point::new(2, 3, 1));
        s.put_monster(Creature::Rat, Point::new(11, 3, 0));
        for (kind, x) in [
            (Creature::Spider, 2),
            (Creature::Kobold, 5),
            (Creature::Jelly, 9),
        ] {
            s.put_monster(kind, Point::new(x, 1, 1));
        }
        s
    }

    /// Every action moves the turn on by exactly the turns it took, and each of those turns
    /// is followed by the creatures' answer (the torch burns once a turn), except the last
    /// turn of a run, spent climbing out of the caves.
    #[test]
    fn every_action_moves_the_turn_on_by_the_turns_it_took() {
        let mut seen = BTreeSet::new();
        let mut longest_rest = 0;
        for seed in 0..60 {
            let mut s = scene(seed);
            let mut rng = seeded(seed);
            for _ in 0..400 {
                if s.outcome() != Outcome::Playing {
                    break;
                }
                let a = any_action(&s, &mut rng);
                let (turn, fuel, lit) = (s.turn(), s.fuel(), s.torch_lit());
                let out = a == Action::Ascend
                    && s.player().z == 0
                    && s.world().tile(s.player()) == Tile::StairsUp;
                let took = s.take(a).expect("the run goes on");
                assert_eq!(s.turn() - turn, took, "seed {seed}: {a:?}");
                seen.insert((a.code(), took > 0));
                if out {
                    assert_eq!(took, 1, "seed {seed}: climbing out is a turn");
                    assert_ne!(s.outcome(), Outcome::Playing, "seed {seed}");
                    assert_eq!(s.fuel(), fuel, "seed {seed}: nothing follows the way out");
                } else if lit && fuel > took as i32 && !matches!(a, Action::Use(_) | Action::Torch)
                {
                    assert_eq!(fuel - s.fuel(), took as i32, "seed {seed}: {a:?}");
                }
                if a == Action::Rest {
                    longest_rest = longest_rest.max(took);
                }
            }
        }
        for code in 0..=19 {
            assert!(
                seen.contains(&(code, true)),
                "action {code} never took a turn"
            );
        }
        // Waiting always takes a turn, and so does the torch while there is fuel.
        for code in (0..=19).filter(|&c| c != 8 && c != 16) {
            assert!(
                seen.contains(&(code, false)),
                "action {code} never took no time"
            );
        }
        assert!(longest_rest > 1, "a rest of several turns");
    }
}
