//! A game as a bot sees it: the state, read only through what the screen shows, and what
//! the bot remembers of it; and the expert's tactics, each of which can be turned off.

use caves_rules::autopilot::travel::{next_step, path, Goal};
use caves_rules::creatures::monster::{Mind, Monster};
use caves_rules::kinds::item::Item;
use caves_rules::kinds::tile::Tile;
use caves_rules::space::geom::Point;
use caves_rules::{Action, Dir, Place, State};
use std::collections::BTreeMap;

/// A game as a bot sees it: the state (read only through what the screen shows) and what
/// the bot remembers of items it has seen.
pub struct Game {
    pub state: State,
    pub taken: Vec<Action>,
    /// Items the map shows lying on the floor, by cell (the top one). Kept in the cells'
    /// order, not a hash table's, so that no decision can hang on an order that differs
    /// from one process to the next.
    pub items: BTreeMap<Point, Item>,
    /// Steps taken back in a row.
    pub backed: u32,
    /// Turns waited in a row beyond a plate for a hunter to cross it.
    pub lured: u32,
    /// Going to meet a creature that stands in the way (`Game::meet_blocker`), while one
    /// is in view.
    pub meeting: bool,
    /// Where it stood after each of its last `TURNING` actions.
    trail: Vec<Point>,
    /// Stairs down that led only to places already searched.
    pub dead: Vec<Point>,
    /// The expert's tactics for the new rules, each of which can be turned off.
    pub tactics: Tactics,
    /// Why the bot took some of its actions, for a watcher to learn its tactics by: each
    /// note the index of the action it explains (`Game::note`). Only written, never read by
    /// a policy, so that noting cannot change a game.
    pub notes: Vec<(usize, &'static str)>,
    /// When each reason was last given (noted or not), so that a reason given turn after
    /// turn (a rest, a retreat) is noted once a stretch.
    given: Vec<(&'static str, usize)>,
}

/// The most notes a game keeps: the first ones, where a watcher learns most.
pub const MAX_NOTES: usize = 200;

/// Moves between the same two cells that show the bot turning back and forth
/// (`Game::meet_blocker`).
const TURNING: usize = 6;

/// A reason given again within this many actions of its last giving is not noted again.
const QUIET: usize = 30;

/// The expert's tactics for doors, plates, fire, the altar and the creatures with one rule
/// each. Each can be turned off on its own, so the ablation table (`tests/ablation.rs`)
/// shows what it is worth.
#[derive(Clone, Copy, Debug)]
pub struct Tactics {
    /// Shut an open door between itself and what it falls back from.
    pub close_doors: bool,
    /// Keep a bloat's burst off itself and its torch: step away from one beside others (its
    /// burst befuddles), and douse the torch before the blow (its spores spoil the fuel).
    pub bloat_at_range: bool,
    /// Run down a cave monkey that stole (the log said so) to get the item back.
    pub chase_thief: bool,
    /// Wait beyond a net or a trapdoor it has found for a hunter to cross it.
    pub lure: bool,
    /// Set moss alight under hunters, or throw a flask of oil into a crowd.
    pub fire: bool,
    /// Rest by a fire: set glowing fungus alight from bare ground beside it, put the torch
    /// out and rest in the fire's warmth, keeping the fuel.
    pub fire_rest: bool,
    /// At a warm altar, take the offering worth most to it now, not the nearest.
    pub altar: bool,
    /// Keep the torch lit while a gloom stalker is in view: never douse it then for a shade
    /// or a bloat, nor put it out to rest by a fire. The light keeps a stalker off.
    pub stalker_light: bool,
}

impl Tactics {
    pub const ALL: Tactics = Tactics {
        close_doors: true,
        bloat_at_range: true,
        chase_thief: true,
        lure: true,
        fire: true,
        fire_rest: true,
        altar: true,
        stalker_light: true,
    };
}

impl Game {
    /// A bot's game of `state` as it stands (a scene on a hand-drawn cave, say), every tactic on.
    pub fn with_state(state: State) -> Game {
        let mut g = Game {
            state,
            taken: Vec::new(),
            items: BTreeMap::new(),
            backed: 0,
            lured: 0,
            meeting: false,
            trail: Vec::new(),
            dead: Vec::new(),
            tactics: Tactics::ALL,
            notes: Vec::new(),
            given: Vec::new(),
        };
        g.see();
        g
    }

    /// Notes `why` the bot takes its next action (the one at index `taken.len()`), unless
    /// the same reason was given within the last `QUIET` actions or `MAX_NOTES` are kept.
    pub fn note(&mut self, why: &'static str) {
        let at = self.taken.len();
        let last = match self.given.iter_mut().find(|(w, _)| *w == why) {
            Some((_, when)) => Some(std::mem::replace(when, at)),
            None => {
                self.given.push((why, at));
                None
            }
        };
        if last.is_none_or(|l| at > l + QUIET) && self.notes.len() < MAX_NOTES {
            self.notes.push((at, why));
        }
    }

    pub fn act(&mut self, a: Action) {
        self.state.act(a);
        self.taken.push(a);
        if self.trail.len() == TURNING {
            self.trail.remove(0);
        }
        self.trail.push(self.state.player());
        self.see();
    }

    /// Notes the items the map shows (on remembered cells), and forgets those no longer
    /// there.
    fn see(&mut self) {
        let s = &self.state;
        self.items.retain(|&p, _| s.item_at(p).is_some());
        for t in s.items() {
            if let Place::Floor(p) = t.place {
                if s.sight().remembers(p) {
                    self.items.insert(p, s.item_at(p).unwrap_or(t.kind));
                }
            }
        }
    }

    pub fn here(&self) -> Point {
        self.state.player()
    }

    /// Creatures the player sees now on this level.
    pub fn foes(&self) -> Vec<&Monster> {
        let here = self.here();
        self.state
            .monsters()
            .iter()
            .filter(|m| m.pos.z == here.z && self.state.sight().lit(m.pos))
            .collect()
    }

    /// Seen creatures next to the player.
    pub fn adjacent(&self) -> Vec<&Monster> {
        let here = self.here();
        self.foes()
            .into_iter()
            .filter(|m| m.pos.chebyshev(here) == 1)
            .collect()
    }

    /// The direction of an attack on the weakest seen neighbour that `pick` accepts.
    pub fn hit(&self, pick: impl Fn(&Monster) -> bool) -> Option<Action> {
        let here = self.here();
        let m = self
            .adjacent()
            .into_iter()
            .filter(|m| pick(m))
            .min_by_key(|m| m.hp)?;
        Dir::towards(m.pos.x - here.x, m.pos.y - here.y).map(Action::Move)
    }

    /// Where the idol was seen, if it was: on any level, since the way to it may pass
    /// through another (travel finds a route by the stairs known).
    pub fn idol_seen(&self) -> Option<Point> {
        self.items
            .iter()
            .find(|(_, &k)| k == Item::Idol)
            .map(|(&p, _)| p)
    }

    /// Whether a creature in view is after the player (one asleep or wandering is not).
    pub fn hunted(&self) -> bool {
        self.foes().iter().any(|m| m.mind == Mind::Hunting)
    }

    /// The next action of the journey home or down: to the idol once seen, then up the
    /// stairs and out (exploring when the way up is not known); else down the stairs once
    /// known (after exploring, when `explore_first`), or exploring. Stairs down that led to
    /// a dead end (a last level explored without finding the idol) are climbed back and not
    /// taken again.
    pub fn onward(&mut self, explore_first: bool) -> Option<Action> {
        let s = &self.state;
        let here = self.here();
        let tile = s.world().tile(here);
        let explore = next_step(s, Goal::Explore);
        if s.carrying_idol() {
            if tile == Tile::StairsUp {
                return Some(Action::Ascend);
            }
            return next_step(s, Goal::StairsUp).or(explore);
        }
        if let Some(a) = self.idol_seen().and_then(|p| next_step(s, Goal::To(p))) {
            return Some(a);
        }
        let last = here.z == s.world().depth() - 1;
        let down = if last { None } else { self.stairs_down() };
        if let Some(a) = down.filter(|_| !explore_first || explore.is_none()) {
            return Some(a);
        }
        if explore.is_some() {
            return explore;
        }
        // Nothing left to see here, and no way on: back up, and not down these stairs again.
        if tile == Tile::StairsUp && here.z > 0 {
            self.dead.push(Point {
                z: here.z - 1,
                ..here
            });
            return Some(Action::Ascend);
        }
        next_step(s, Goal::StairsUp)
    }

    /// The way to the nearest creature in view once the bot's way (`next`, a step to an
    /// item or on) would be one more move between the same two cells it has stood on for
    /// its last `TURNING` moves, and from then on while a creature is in view (`meeting`).
    /// Travel goes round a creature it sees: one that stands in the only way on (asleep in a
    /// passage, say) turns the bot back as it comes into view, and out of view again the way
    /// through its cell looks open, so the bot would turn for ever. A player deals with what
    /// blocks the way, and so do the bots that choose for themselves: they go to meet it.
    /// (The autopilot only taps the game's buttons, which never walk to a creature.)
    pub fn meet_blocker(&mut self, next: Action) -> Option<Action> {
        // One position a move in `trail` once the last `TURNING` actions were all moves.
        let n = self.taken.len();
        let turning = matches!(next, Action::Move(_))
            && n >= TURNING
            && self.taken[n - TURNING..]
                .iter()
                .all(|a| matches!(a, Action::Move(_)))
            && {
                let mut cells = self.trail.clone();
                cells.sort_by_key(|p| (p.z, p.y, p.x));
                cells.dedup();
                cells.len() <= 2
            };
        let here = self.here();
        let nearest = (self.foes().into_iter())
            .min_by_key(|m| m.pos.chebyshev(here))
            .map(|m| m.pos);
        self.meeting = (self.meeting || turning) && nearest.is_some();
        let to = nearest.filter(|_| self.meeting)?;
        next_step(&self.state, Goal::To(to))
    }

    /// The step towards (or down) the nearest known stairs down not yet found to lead
    /// nowhere.
    fn stairs_down(&self) -> Option<Action> {
        let s = &self.state;
        let here = self.here();
        if s.world().tile(here) == Tile::StairsDown && !self.dead.contains(&here) {
            return Some(Action::Descend);
        }
        s.world()
            .points_of(here.z, Tile::StairsDown)
            .into_iter()
            .filter(|&p| s.sight().remembers(p) && !self.dead.contains(&p))
            .filter_map(|p| path(s, p))
            .filter(|steps| !steps.is_empty())
            .min_by_key(Vec::len)
            .map(|steps| Action::Move(steps[0]))
    }
}
