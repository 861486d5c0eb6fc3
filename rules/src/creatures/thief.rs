//! Thieves (the cave monkey). A thief's blow that lands snatches a flask of oil from the pack
//! if there is one, else a flask's worth of fuel from a burning torch that holds more than
//! that (a flask of oil it carries off), else any item (one of a stack): never what is
//! wielded or worn, nor the idol (the run's goal is won or lost by fighting, not
//! pickpocketed). Then it runs (`Monster::runs`), gives up the chase once out of sight, and
//! carries the item wherever it goes, to other levels too. It drops it where it dies.

use crate::balance::OIL_FUEL;
use crate::creatures::monster::Monster;
use crate::game::parts::{Place, Thing};
use crate::game::state::State;
use crate::kinds::entry::Tactic;
use crate::kinds::item::Item;
use rand::Rng;

impl State {
    /// After creature `i`'s blow: a thief with empty hands takes a flask of oil from the pack
    /// if it holds one (the torch's fuel is what it craves), else a flask's worth from the
    /// torch, else an item at random.
    pub(crate) fn steal(&mut self, i: usize) {
        let m = &self.creatures.all[i];
        if m.kind.behaviour().tactic != Tactic::Steals || m.loot.is_some() {
            return;
        }
        let (mut slots, mut oil) = (Vec::new(), None);
        for (slot, t) in self.carried().into_iter().enumerate() {
            if t.place == Place::Pack && t.kind != Item::Idol {
                slots.push(slot);
                if t.kind == Item::Oil {
                    oil = oil.or(Some(slot));
                }
            }
        }
        let name = self.creatures.all[i].name();
        // No flask in the pack: a burning torch with a flask's worth of fuel is dipped into.
        if oil.is_none() && self.torch_lit() && self.fuel() > OIL_FUEL {
            self.torch.fuel -= OIL_FUEL;
            self.creatures.all[i].loot = Some(Item::Oil);
            self.log.add(format!(
                "The {name} dips into your torch for {OIL_FUEL} turns of fuel and runs!"
            ));
            return;
        }
        if slots.is_empty() {
            return;
        }
        let slot =
            oil.unwrap_or_else(|| slots[self.rng.random_range(0..slots.len() as u32) as usize]);
        let Some(kind) = self.things.take_one(slot) else {
            return;
        };
        self.creatures.all[i].loot = Some(kind);
        let what = self.item_name(kind);
        self.log
            .add(format!("The {name} snatches your {what} and runs!"));
    }

    /// A dead creature leaves what it stole where it fell.
    pub(crate) fn drop_loot(&mut self, dead: &Monster) {
        let Some(kind) = dead.loot else { return };
        self.things
            .all
            .push(Thing::one(kind, Place::Floor(dead.pos)));
        self.log
            .add(format!("It drops your {}.", self.item_name(kind)));
    }
}

#[cfg(test)]
mod tests {
    use crate::kinds::creature::Creature;
    use crate::kinds::item::Item;
    use crate::space::geom::Point;
    use crate::testing::state_on;

    #[test]
    fn what_a_thief_holds_is_in_the_fingerprint() {
        let mut s = state_on(&["#####\n#<..#\n#####"], 1);
        s.clear_monsters();
        s.put_monster(Creature::Monkey, Point::new(3, 1, 0));
        let mut other = s.clone();
        other.creatures.all[0].loot = Some(Item::Oil);
        assert_ne!(s.hash(), other.hash());
    }
}
