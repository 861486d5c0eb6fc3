//! `State`: everything that decides one game, in parts (`parts.rs`), and what can be read of
//! it. A game is set up in `setup` and changed only by `act`.

use crate::creatures::monster::Monster;
use crate::game::ending::{Ending, Outcome};
use crate::game::events::Event;
use crate::game::log::Log;
use crate::game::parts::{Clock, Creatures, Hero, Knowledge, Origin, Things, Torch};
use crate::items::looks::Seen;
use crate::rng::GameRng;
use crate::space::geom::Point;
use crate::space::sight::Sight;
use crate::space::world::World;
use crate::variants::Variant;

/// Everything that decides one game, in parts (`parts.rs`).
#[derive(Clone, Debug)]
pub struct State {
    pub(crate) world: World,
    pub(crate) origin: Origin,
    /// Gameplay randomness: its own stream, apart from world generation.
    pub(crate) rng: GameRng,
    pub(crate) hero: Hero,
    pub(crate) torch: Torch,
    pub(crate) clock: Clock,
    pub(crate) things: Things,
    pub(crate) knowledge: Knowledge,
    pub(crate) creatures: Creatures,
    pub(crate) log: Log,
    /// How the run ended, once it has (`ending.rs`).
    pub(crate) end: Option<Ending>,
    /// What the last action showed, for the screen (not part of the state's fingerprint).
    pub(crate) events: Vec<Event>,
}

impl State {
    /// The variant this run is played in: its numbers, its goal and its score.
    pub fn variant(&self) -> &'static Variant {
        self.origin.variant
    }
    /// What the last action showed: blows, misses, flights, noticing (for animation).
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    /// Turns of confusion left.
    pub fn confused(&self) -> i32 {
        self.hero.confused
    }
    /// Turns a web or a net still holds the player.
    pub fn webbed(&self) -> u32 {
        self.hero.webbed
    }
    /// What holds the player while `webbed` is above 0: a web or a net.
    pub fn snare(&self) -> crate::game::parts::Snare {
        self.hero.snare
    }

    pub fn world(&self) -> &World {
        &self.world
    }
    pub fn seed(&self) -> u64 {
        self.origin.seed
    }
    pub fn player(&self) -> Point {
        self.hero.pos
    }
    /// Where the idol lies, or `None` when the player carries it (or there is none).
    pub fn idol(&self) -> Option<Point> {
        self.things.idol()
    }
    pub fn carrying_idol(&self) -> bool {
        self.things.carrying_idol()
    }
    pub fn turn(&self) -> u32 {
        self.clock.turn
    }
    pub fn log(&self) -> &Log {
        &self.log
    }
    pub fn outcome(&self) -> Outcome {
        self.end.map_or(Outcome::Playing, |e| e.outcome())
    }
    /// How the run ended (what ended it, where and when), or `None` while it goes on.
    pub fn ending(&self) -> Option<Ending> {
        self.end
    }
    /// True while the run goes on.
    pub(crate) fn playing(&self) -> bool {
        self.end.is_none()
    }
    pub fn hp(&self) -> i32 {
        self.hero.hp
    }
    pub fn max_hp(&self) -> i32 {
        self.hero.max_hp()
    }
    pub fn monsters(&self) -> &[Monster] {
        &self.creatures.all
    }
    pub fn sight(&self) -> &Sight {
        &self.knowledge.sight
    }
    /// The deepest level (from 1) the player has stood on.
    pub fn depth_reached(&self) -> i32 {
        self.hero.deepest + 1
    }

    /// The creature at `p`, if any.
    pub fn monster_at(&self, p: Point) -> Option<&Monster> {
        self.creatures.all.iter().find(|m| m.pos == p)
    }

    /// What the player knows of `p`: the creature there if it is lit, an item as the player
    /// sees it, or the terrain; `None` for places never seen.
    pub fn describe(&self, p: Point) -> Option<Seen> {
        if p == self.hero.pos {
            return Some(Seen::Player);
        }
        if !self.knowledge.sight.remembers(p) {
            return None;
        }
        if self.knowledge.sight.lit(p) {
            if let Some(m) = self.monster_at(p) {
                return Some(Seen::Creature(m.kind));
            }
        }
        if let Some(item) = self.item_at(p) {
            return Some(Seen::Item(self.seen_as(item)));
        }
        Some(Seen::Tile(self.world.tile(p).seen()))
    }
}
