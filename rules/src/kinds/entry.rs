//! The shapes of the rules' data of the kinds: the numbers of creatures (`Stats`,
//! `Behaviour`) and items (`ItemData`, `Effect`). This module knows no kind; `rules::balance`
//! fills these in for each.

/// Fighting numbers of a creature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stats {
    pub hp: i32,
    pub attack: i32,
    pub defence: i32,
    /// The first level (from 1) where it lives.
    pub from_level: i32,
}

/// What an item does when used, wielded or worn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// The idol: no use but to carry it out.
    Treasure,
    /// Restores this many hit points.
    Heal(i32),
    /// Raises attack for good.
    Strength(i32),
    /// Wielded: adds to attack.
    Weapon(i32),
    /// Worn: adds to defence.
    Armour(i32),
    /// Maps the caves within this many cells.
    Light(i32),
    /// Moves the reader to a random floor cell of the level.
    Teleport,
    /// Feeds the torch this many turns of fuel.
    Fuel(i32),
    /// Made to be thrown: hits for this much more than a bare throw.
    Missile(i32),
    /// Befuddles whoever drinks it (or is splashed) for this many turns.
    Confuse(i32),
    /// Puts out the drinker's torch and spoils this many turns of its fuel; splashed on
    /// creatures, it makes them lose track of the player.
    Darken(i32),
    /// Calls this many creatures of the level to the reader.
    Summon(i32),
    /// Maps the whole level.
    Map,
    /// Shows the whole level in a blinding flash that wakes every creature on it to hunt.
    Flare,
    /// Sinks the drinker (or the splashed creatures) through the floor to the level below.
    Descend,
    /// Bursts into flames: on every cell around the drinker, or where it breaks, thrown.
    Blaze,
    /// Feeds the torch this many turns of fuel and burns the reader's hands for so many
    /// hit points.
    Kindle { fuel: i32, burn: i32 },
    /// Carries the reader to the nearest stair up of the level.
    Recall,
    /// Puts every creature in view to sleep, and the reader's torch out.
    Slumber,
}

/// An item kind's rules: its effect, the first level (from 1) where it lies, and how often it
/// is chosen there (weights; 0 = never placed at random).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ItemData {
    pub effect: Effect,
    pub from_level: i32,
    pub weight: u32,
}

/// How a creature kind behaves beyond hunting what it sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Behaviour {
    /// Flutters: on some of its turns (`balance::FLUTTER_CHANCE`) it moves at random instead.
    pub erratic: bool,
    /// Up to this many more of its kind are placed around it.
    pub pack: u32,
    /// Runs away while its hit points are at or below this percentage of full.
    pub flee_below: i32,
    /// Acts only on some turns (every `balance::SLOW_PERIOD`-th).
    pub slow: bool,
    /// Chance in percent that it leaves an item when killed.
    pub drops: u32,
    /// What it does besides walking up and hitting.
    pub tactic: Tactic,
}

/// A creature kind's special way of fighting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tactic {
    None,
    /// Spits webs from a distance that hold the player in place for a few turns.
    Webs,
    /// Splits in two when hit and not killed.
    Splits,
    /// Hunts only by light: a player whose torch is out is lost to it.
    LightHunter,
    /// Slings stones from a distance, and keeps its distance.
    Slings,
    /// Its blow snatches an item from the pack; it runs with it and drops it where it dies.
    Steals,
    /// Bursts when killed into spores that befuddle whoever stands beside it.
    Bursts,
    /// Never steps into light and strikes only from the dark, where it sees well.
    ShunsLight,
}
