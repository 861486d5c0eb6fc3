//! What a creature does with its turn (`Intent`), as its tactic decides it
//! (`creatures/tactics`), and how the state carries it out (`State::carry_out`).

use crate::balance::{damage, STONE_ATTACK, WEB_TURNS};
use crate::creatures::crowd::Crowd;
use crate::creatures::monster::Mind;
use crate::game::ending::Cause;
use crate::game::events::{Attack, Event, Flier};
use crate::game::state::State;
use crate::kinds::entry::Stats;
use crate::kinds::tile::Tile;
use crate::space::geom::Point;

/// What a creature shoots from afar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Missile {
    /// A spider's web: it holds the player fast.
    Web,
    /// A kobold's stone: it hurts.
    Stone,
}

/// What a creature does with its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Intent {
    /// Nothing: asleep, idling, fluttering against a wall, or cornered while it flees.
    Wait,
    /// It struggles in a net: the net holds a turn less.
    Struggle,
    /// Befuddled, it staggers: a turn of confusion less, and the step it stumbled on, if the
    /// cell was free.
    Stagger(Option<Point>),
    /// It notices the player: that is its turn, and it hunts from now on.
    Notice,
    /// It steps into the cell beside it (or opens the closed door there).
    Step(Point),
    /// Caught in the light, it backs away into the cell beside it, or cowers where it stands.
    Shrink(Option<Point>),
    /// It strikes the player beside it.
    Attack,
    /// It shoots at the player from afar.
    Shoot(Missile),
    /// It stands where it last saw the player and they are not there: it gives up the hunt.
    GiveUp,
}

impl Intent {
    /// A step into the cell, if there is one, else nothing.
    pub fn step(to: Option<Point>) -> Intent {
        to.map_or(Intent::Wait, Intent::Step)
    }

    /// True when carrying it out can end the run (a blow or a shot at the player).
    pub fn harms(self) -> bool {
        matches!(self, Intent::Attack | Intent::Shoot(_))
    }
}

impl State {
    /// Creature `i` carries out `intent`, among the creatures `occupied` counts.
    pub(crate) fn carry_out(&mut self, i: usize, intent: Intent, occupied: &mut Crowd) {
        match intent {
            Intent::Wait => {}
            Intent::Struggle => self.creatures.all[i].held -= 1,
            Intent::Stagger(to) => {
                self.creatures.all[i].confused -= 1;
                if let Some(to) = to {
                    self.enter(i, to, occupied);
                }
            }
            Intent::Notice => self.notice(i),
            Intent::Step(to) => self.enter(i, to, occupied),
            Intent::Shrink(to) => {
                if let Some(to) = to {
                    self.enter(i, to, occupied);
                }
                self.shrink(i);
            }
            Intent::Attack => self.monster_attacks(i),
            Intent::Shoot(missile) => self.shoot(i, missile),
            Intent::GiveUp => self.creatures.all[i].mind = Mind::Wandering,
        }
    }

    /// Creature `i` notices the player: it hunts from now on.
    pub(crate) fn notice(&mut self, i: usize) {
        let m = &mut self.creatures.all[i];
        m.mind = Mind::Hunting;
        m.last_seen = self.hero.pos;
        m.unseen = 0;
        let (pos, name) = (m.pos, m.name());
        if self.knowledge.sight.lit(pos) {
            self.events.push(Event::Noticed(pos));
            self.log.add(format!("The {name} notices you."));
        }
    }

    /// Creature `i` steps into `to`; into a closed door, it opens it instead (its turn), and
    /// a player who sees the door hears it. A creature that does not fly sets off a plate
    /// it steps on (and may drop through it, off this level).
    fn enter(&mut self, i: usize, to: Point, occupied: &mut Crowd) {
        let tile = self.world.tile(to);
        if tile == Tile::DoorClosed {
            if self.knowledge.sight.lit(to) {
                self.log.add("A door creaks open.");
                self.events.push(Event::Door(to));
            }
            self.set_door(to, Tile::DoorOpen);
            return;
        }
        occupied.moved(self.creatures.all[i].pos, to);
        self.creatures.all[i].pos = to;
        if tile.trap().is_some() && !self.creatures.all[i].kind.flies() {
            self.spring(to);
            if self.creatures.all[i].pos != to {
                occupied.left(to);
            }
        }
    }

    /// Creature `i`, caught in the light, has backed off or cowers: the log says so when the
    /// player can see it.
    fn shrink(&mut self, i: usize) {
        let m = &self.creatures.all[i];
        if self.knowledge.sight.in_sight(m.pos) {
            let name = m.name();
            self.log.add(format!("The {name} shrinks from your light."));
        }
    }

    /// Creature `i` shoots from afar: a spider's web holds the player, a kobold's stone hurts.
    fn shoot(&mut self, i: usize, missile: Missile) {
        let m = &self.creatures.all[i];
        let (from, kind, name) = (m.pos, m.kind, m.name());
        let path = crate::items::throw::line(from, self.hero.pos);
        let by = match missile {
            Missile::Web => Attack::Web,
            Missile::Stone => Attack::Stone,
        };
        self.events.push(Event::Attacked {
            from,
            to: self.hero.pos,
            by,
        });
        if missile == Missile::Web {
            self.events.push(Event::Flight {
                path,
                thing: Flier::Web,
            });
            self.hero.webbed = WEB_TURNS;
            self.log
                .add(format!("The {name} spits a web: you are stuck fast."));
            return;
        }
        self.events.push(Event::Flight {
            path,
            thing: Flier::Stone,
        });
        let stone = Stats {
            attack: STONE_ATTACK,
            ..self.creatures.all[i].stats()
        };
        let dmg = damage(stone, self.fighting(), &mut self.rng);
        self.events.push(Event::Hit(self.hero.pos));
        self.hurt(
            dmg,
            &format!("The {name}'s stone hits you for {dmg}."),
            Cause::Creature(kind),
        );
    }
}
