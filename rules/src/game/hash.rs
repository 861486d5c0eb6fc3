//! A fingerprint of the whole rules state. Records keep it at intervals and at the end, so a
//! replay that drifts from the original is caught at the turn where it drifts.

use crate::fnv::{self, fnv1a};
use crate::game::ending::Outcome;
use crate::game::state::State;
use crate::space::geom::Point;
use rand::RngCore;

/// A running FNV-1a hash.
struct Fnv(u64);

impl Fnv {
    fn bytes(&mut self, bytes: &[u8]) {
        self.0 = fnv1a(self.0, bytes.iter().copied());
    }
    /// A number of the state: every one fits in 32 bits (a turn count wraps, which keeps
    /// distinct values distinct), so four bytes each, half the work of eight.
    fn int(&mut self, v: i64) {
        self.bytes(&(v as i32).to_le_bytes());
    }
    /// A 64-bit value whole: the seed, a hash, a random number.
    fn wide(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }
    fn point(&mut self, p: Point) {
        self.int(p.x.into());
        self.int(p.y.into());
        self.int(p.z.into());
    }
}

impl State {
    /// The state's fingerprint: position, health, turn, outcome, every item and where it is,
    /// experience, kills and items used, every creature, its mind and what it stole (an item
    /// a thief carries off is still in the run), the mode, the torch, the kinds identified,
    /// the player's conditions, the turns spent on each level, the explored map, the tiles
    /// (doors open or closed), the log, and the position of the gameplay random stream.
    pub fn hash(&self) -> u64 {
        self.fingerprint(true)
    }

    /// The fingerprint of the game alone: everything `hash` covers but the log, which only
    /// says what happened. Two ways to the same game (using a weapon, which wields it, or
    /// wielding it; a step any way while held by a web; a bump into a wall, which takes no
    /// turn) leave the same play fingerprint, though their words differ.
    pub fn play_hash(&self) -> u64 {
        self.fingerprint(false)
    }

    fn fingerprint(&self, with_log: bool) -> u64 {
        let mut h = Fnv(fnv::START);
        h.wide(self.origin.seed);
        h.point(self.hero.pos);
        h.int(self.hero.hp.into());
        h.int(self.clock.turn.into());
        h.int(self.hero.deepest.into());
        h.int(match self.outcome() {
            Outcome::Playing => 0,
            Outcome::Won => 1,
            Outcome::Lost => 2,
        });
        h.int(self.things.all.len() as i64);
        for t in &self.things.all {
            h.int(t.kind.code().into());
            h.int(t.count.into());
            match t.place {
                crate::game::parts::Place::Floor(p) => h.point(p),
                crate::game::parts::Place::Pack => h.int(-1),
                crate::game::parts::Place::Wielded => h.int(-2),
                crate::game::parts::Place::Worn => h.int(-3),
            }
        }
        for v in [self.hero.xp, self.hero.level, self.hero.strength] {
            h.int(v.into());
        }
        for k in self.hero.kills {
            h.int(k.into());
        }
        h.int(self.hero.used.into());
        h.int(self.creatures.all.len() as i64);
        for m in &self.creatures.all {
            h.int(m.kind.code().into());
            h.point(m.pos);
            h.int(m.hp.into());
            h.int(m.mind as i64);
            h.point(m.last_seen);
            h.int(m.unseen.into());
            h.int(m.confused.into());
            h.int(m.held.into());
            h.int(m.from_dark.into());
            h.int(m.loot.map_or(0, |k| k.code().into()));
            h.int(m.followed.into());
        }
        h.int(self.origin.variant.id.into());
        h.int(self.torch.fuel.into());
        h.int(self.torch.on.into());
        h.int(self.knowledge.known.into());
        h.int(self.hero.confused.into());
        h.int(self.hero.webbed.into());
        h.int(self.hero.snare as i64);
        h.int(self.clock.lingered.len() as i64);
        for &t in &self.clock.lingered {
            h.int(t.into());
        }
        h.wide(self.knowledge.sight.memory_hash());
        // The tiles, for the doors opened and closed.
        h.wide(self.world.checksum());
        // Each line as said, with its repeats.
        if with_log {
            for e in self.log.entries() {
                h.bytes(e.text.as_bytes());
                h.int(e.count.into());
            }
        }
        // The next number the stream would give pins its position without exposing it.
        h.wide(self.rng.clone().next_u64());
        h.0
    }
}
