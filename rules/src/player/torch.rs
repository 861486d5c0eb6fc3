//! The torch: the run's clock. It burns a turn of fuel every turn it is lit; its light
//! shrinks as the fuel runs low and goes out at none. Oil feeds it; the player can douse it
//! (the fuel lasts, creatures notice less, but only what other light shows is seen) and
//! relight it.

use crate::game::parts::Spent;
use crate::game::state::State;

/// Fuel left at which the log warns that the torch is running low.
const LOW_FUEL: i32 = 100;

impl State {
    /// Turns of fuel left in the torch.
    pub fn fuel(&self) -> i32 {
        self.torch.fuel
    }

    /// True when the torch burns (lit and fuelled).
    pub fn torch_lit(&self) -> bool {
        self.torch.lit()
    }

    /// True while the torch burns on its last fuel (the log has warned that it runs low).
    pub fn torch_low(&self) -> bool {
        self.torch.fuel <= LOW_FUEL
    }

    /// True when the player has doused the torch (as opposed to it burning out).
    pub fn torch_doused(&self) -> bool {
        !self.torch.on
    }

    /// How far the player's own light reaches now.
    pub fn light_radius(&self) -> i32 {
        self.torch.radius()
    }

    /// Douses a burning torch or relights a doused one: a turn. Without fuel there is nothing
    /// to light (no turn).
    pub(crate) fn toggle_torch(&mut self) -> Spent {
        if self.torch.on && self.torch.fuel > 0 {
            self.torch.on = false;
            self.log
                .add("You douse your torch. Darkness closes in around you.");
        } else if self.torch.fuel > 0 {
            self.torch.on = true;
            self.log.add("You relight your torch.");
        } else {
            self.log.add("Your torch has no fuel left. Find oil.");
            return Spent::Nothing;
        }
        Spent::Turn
    }

    /// Burns a turn of fuel if the torch is lit, and says when it runs low or out.
    pub(crate) fn burn(&mut self) {
        if !self.torch_lit() {
            return;
        }
        self.torch.fuel -= 1;
        if self.torch.fuel == LOW_FUEL {
            self.log.add("Your torch gutters: its fuel is running low.");
        } else if self.torch.fuel == 0 {
            self.log.add("Your torch burns out. You are in the dark.");
        }
    }
}
