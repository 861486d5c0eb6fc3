//! Resting: turn after turn of waiting while wounds close, until the player is healed or
//! something calls them (a creature in view), by torchlight with no fire on the level, or in
//! a fire's warmth on ground that does not burn.

use crate::balance::REST_TURNS;
use crate::game::parts::Spent;
use crate::game::state::State;

impl State {
    /// Whether a rest starts: `State::take` then rests turn after turn, asking `rest_on`
    /// after each whether it goes on (until the player is healed, a creature comes into
    /// view, nothing heals there any more, or `REST_TURNS` turns pass). Wounds close in a
    /// rest by torchlight while no fire burns on the level, or in a fire's warmth on ground
    /// that does not burn (`State::warmed`). Refused (no turn) when already healed, with a
    /// creature in view, with fire elsewhere on the level, or in the dark.
    pub(crate) fn rest(&mut self) -> Spent {
        self.rest_on(0)
    }

    /// After `turns` turns of rest: one more (`Spent::Rest`) while the rest may go on; else
    /// the rest ends (or is refused, at none) and says so.
    pub(crate) fn rest_on(&mut self, turns: u32) -> Spent {
        if turns < REST_TURNS
            && self.playing()
            && self.hero.hp < self.max_hp()
            && !self.creature_in_view()
            && self.rest_heals()
        {
            return Spent::Rest;
        }
        if turns == 0 {
            let why = if self.hero.hp >= self.max_hp() {
                "You are not hurt."
            } else if self.creature_in_view() {
                "You cannot rest with a creature in view."
            } else if self.fire_burns() {
                "While fire burns, rest only beside it, on bare floor."
            } else if self.fuel() > 0 {
                "Wounds do not close in the dark: relight your torch to rest."
            } else {
                "Wounds do not close in the dark, and your torch has no fuel. Find oil."
            };
            self.log.add(why);
        } else if self.playing() {
            self.log.add(format!("You rest for {turns} turns."));
        }
        Spent::Nothing
    }

    /// Whether wounds close in a rest here: by torchlight with no fire on the level, or in a
    /// fire's warmth on ground that does not burn (`warmed`), torch lit or not.
    fn rest_heals(&self) -> bool {
        self.warmed() || self.torch_lit() && !self.fire_burns()
    }

    /// True when a creature on the player's level is in the player's line of sight and lit.
    pub fn creature_in_view(&self) -> bool {
        self.creatures
            .all
            .iter()
            .any(|m| m.pos.z == self.hero.pos.z && self.knowledge.sight.lit(m.pos))
    }
}
