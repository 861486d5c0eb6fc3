//! The creatures' turn, each by its kind's behaviour (`balance`). Asleep creatures stay put
//! and wandering ones roam until they notice the player (by distance, the player's light,
//! and noise, muffled by a closed door); then they hunt: close in and fight, or shoot from
//! afar (spiders' webs, never at a player stuck fast; kobolds' stones). Creatures with hands
//! open doors on their way; to the rest a closed door is a wall. Slow kinds act every other
//! turn, erratic ones flutter at random half the time, cowards flee when badly hurt, and
//! shades lose a player whose torch is out. Hunting creatures in the player's view that see
//! the player take the stairs, and could act that turn, follow: that is their turn.

use crate::balance::{
    damage, ACTIVE_RANGE, DOOR_MUFFLE, FLUTTER_CHANCE, FOLLOW_RANGE, FORGET_TURNS, NOTICE_ASLEEP,
    NOTICE_AWAKE, NOTICE_DARK_RANGE, NOTICE_LIT_RANGE, RANGED_REACH, REST_TURNS, SHOOT_CHANCE,
    SLOW_PERIOD, STONE_ATTACK, WEB_TURNS,
};
use crate::creatures::crowd::Crowd;
use crate::creatures::gloom::Shine;
use crate::creatures::monster::Mind;
use crate::creatures::steps::{distance, next_step, random_step};
use crate::game::ending::Cause;
use crate::game::events::{Attack, Event, Flier};
use crate::game::parts::Spent;
use crate::game::state::State;
use crate::kinds::entry::{Stats, Tactic};
use crate::kinds::tile::Tile;
use crate::space::geom::Point;
use crate::space::world::World;
use rand::Rng;

/// Whether a creature (with `hands` or not) may step into `p`: open ground, or a closed door
/// it can open; never the stairs up, flames, the player's cell or another creature's.
fn enterable(world: &World, occupied: &Crowd, player: Point, hands: bool, p: Point) -> bool {
    let t = world.tile(p);
    !matches!(t, Tile::StairsUp | Tile::Fire)
        && (t.is_open() || hands && t == Tile::DoorClosed)
        && p != player
        && !occupied.taken(p)
}

/// The step from `from` that gets farthest from `threat`, if any gets farther.
fn flee_step(from: Point, threat: Point, free: impl Fn(Point) -> bool) -> Option<Point> {
    let dist = |p: Point| distance(p, threat);
    from.neighbours8()
        .filter(|&p| free(p) && dist(p) > dist(from))
        .max_by_key(|&p| dist(p))
}

impl State {
    /// True when creature `i` is hurt enough to run, or runs with what it stole.
    pub(crate) fn fleeing(&self, i: usize) -> bool {
        self.monsters[i].flees() || self.monsters[i].loot.is_some()
    }

    /// True when creature `i` can perceive the player now: in line of sight, and for a kind
    /// that hunts by light, only while the torch burns.
    fn perceives(&self, i: usize) -> bool {
        let m = &self.monsters[i];
        self.knowledge.sight.in_sight(m.pos)
            && (m.kind.behaviour().tactic != Tactic::LightHunter || self.torch_lit())
    }

    /// True when closed doors, and nothing else that stops sight, stand on the line from `p`
    /// to the player: the creature there cannot see the player but can hear them.
    fn behind_door(&self, p: Point) -> bool {
        let line = crate::items::throw::line(p, self.hero.pos);
        let between = line.get(1..line.len().saturating_sub(1)).unwrap_or(&[]);
        let tile = |q: &Point| self.world.tile(*q);
        between.iter().any(|q| tile(q) == Tile::DoorClosed)
            && between
                .iter()
                .all(|q| tile(q) == Tile::DoorClosed || tile(q).is_transparent())
    }

    /// The chance in 100 that creature `i`, unaware, notices the player this turn: by its
    /// distance, the player's light, and whether the player fought (louder) or rested
    /// (quieter). Through a closed door (`behind_door`) a creature that does not hunt by
    /// light hears the player: its chance is divided by `DOOR_MUFFLE`.
    fn notice_chance(&self, i: usize) -> u32 {
        let m = &self.monsters[i];
        let d = m.pos.chebyshev(self.hero.pos);
        let range = if self.torch_lit() || m.kind.behaviour().tactic == Tactic::ShunsLight {
            NOTICE_LIT_RANGE
        } else {
            NOTICE_DARK_RANGE
        };
        // Out of range first: the line through doors is walked only for a creature near enough.
        if d > range {
            return 0;
        }
        let sees = self.perceives(i);
        let heard =
            !sees && m.kind.behaviour().tactic != Tactic::LightHunter && self.behind_door(m.pos);
        if !(sees || heard) {
            return 0;
        }
        let mut c = if m.mind == Mind::Asleep {
            NOTICE_ASLEEP
        } else {
            NOTICE_AWAKE
        };
        if self.hero.fought {
            c *= 2;
        }
        if self.hero.resting {
            c /= 2;
        }
        if d <= 1 {
            c *= 2;
        }
        if heard {
            c /= DOOR_MUFFLE;
        }
        c.min(100)
    }

    /// Creature `i` notices the player: it hunts from now on.
    pub(crate) fn notice(&mut self, i: usize) {
        let m = &mut self.monsters[i];
        m.mind = Mind::Hunting;
        m.last_seen = self.hero.pos;
        m.unseen = 0;
        let (pos, name) = (m.pos, m.name());
        if self.knowledge.sight.lit(pos) {
            self.events.push(Event::Noticed(pos));
            self.log.add(format!("The {name} notices you."));
        }
    }

    pub(crate) fn monsters_act(&mut self) {
        let player = self.hero.pos;
        // The grid of taken cells is the state's, counted afresh, taken out for the turn. Only
        // cells a step from a creature that acts are asked about: the creatures within a step
        // of `ACTIVE_RANGE` are all that is counted.
        let mut occupied = std::mem::take(&mut self.crowd);
        occupied.count(&self.world, &self.monsters, player, ACTIVE_RANGE + 1);
        let lit = self.torch_lit();
        // The torch's circle as creatures see it, while it burns.
        let torch = lit.then(|| self.torch.radius());
        // Those that act are among those counted, in the list's order: no creature leaves the
        // list, joins it or moves on another's turn, so each stands where it was counted when
        // its turn comes.
        let creatures = self.monsters.len();
        for k in 0..occupied.counted().len() {
            let (i, pos) = occupied.counted()[k];
            debug_assert_eq!(
                (self.monsters.len(), self.monsters[i].pos),
                (creatures, pos),
                "a creature left, joined or was moved on another's turn"
            );
            // One that has just followed the player by the stairs spent its turn on that.
            if std::mem::take(&mut self.monsters[i].followed) {
                continue;
            }
            if pos.chebyshev(player) > ACTIVE_RANGE {
                continue;
            }
            let b = self.monsters[i].kind.behaviour();
            if self.rests_on(i, self.clock.turn) {
                continue;
            }
            let hands = self.monsters[i].kind.has_hands();
            // A stalker never steps into light.
            let shuns = b.tactic == Tactic::ShunsLight;
            let world = &self.world;
            let shine = Shine {
                from: player,
                torch,
                world,
                sight: &self.knowledge.sight,
            };
            let free = |p: Point| {
                enterable(world, &occupied, player, hands, p) && !(shuns && shine.lit(p))
            };
            // A creature in a net struggles the turn away.
            if self.monsters[i].held > 0 {
                self.monsters[i].held -= 1;
                continue;
            }
            if self.monsters[i].confused > 0 {
                self.monsters[i].confused -= 1;
                if let Some(to) = random_step(pos, free, &mut self.rng) {
                    self.enter(i, to, &mut occupied);
                }
                continue;
            }
            let perceives = self.perceives(i);
            let m = &mut self.monsters[i];
            match m.mind {
                Mind::Hunting if perceives => {
                    m.last_seen = player;
                    m.unseen = 0;
                }
                Mind::Hunting => {
                    m.unseen += 1;
                    let lost_light = b.tactic == Tactic::LightHunter && !lit;
                    // A thief with its loot is glad to be out of sight.
                    if m.unseen > FORGET_TURNS || lost_light || m.loot.is_some() {
                        m.mind = Mind::Wandering;
                    }
                }
                _ => {
                    let chance = self.notice_chance(i);
                    if chance > 0 && self.rng.random_range(0..100u32) < chance {
                        self.notice(i);
                        continue;
                    }
                }
            }
            let m = &self.monsters[i];
            let (mind, target) = (m.mind, m.last_seen);
            if mind == Mind::Asleep {
                continue;
            }
            let hunting = mind == Mind::Hunting;
            let fleeing = hunting && perceives && self.fleeing(i);
            // A fluttering creature moves at random now and then, even when that fails; one
            // that flees moves away if it can (cornered, it fights).
            let flutters = b.erratic && self.rng.random_bool(FLUTTER_CHANCE);
            let world = &self.world;
            let shine = Shine {
                from: player,
                torch,
                world,
                sight: &self.knowledge.sight,
            };
            let free = |p: Point| {
                enterable(world, &occupied, player, hands, p) && !(shuns && shine.lit(p))
            };
            let d = pos.chebyshev(player);
            let shy = b.tactic == Tactic::Slings && hunting && perceives && d <= 2;
            // Caught in the light, a stalker backs away from the player, through the light
            // if it must and into the dark where it can; cornered, it strikes.
            let shrinks = shuns && shine.lit(pos);
            let moved = if flutters {
                random_step(pos, free, &mut self.rng)
            } else if shrinks {
                let open = |p: Point| enterable(world, &occupied, player, hands, p);
                flee_step(pos, player, |p| open(p) && !shine.lit(p))
                    .or_else(|| flee_step(pos, player, open))
            } else if fleeing || (shy && self.rng.random_bool(0.5)) {
                flee_step(pos, player, free)
            } else {
                None
            };
            if let Some(to) = moved {
                self.enter(i, to, &mut occupied);
                if shrinks {
                    self.shrink(i);
                }
                continue;
            }
            if flutters {
                continue;
            }
            if shrinks && !(hunting && d == 1) {
                self.shrink(i);
                continue;
            }
            if hunting && d == 1 {
                self.monster_attacks(i);
                if !self.playing() {
                    break;
                }
                continue;
            }
            if fleeing {
                continue;
            }
            // A spider does not web a player stuck fast, or one who has just torn free: it
            // closes in.
            let webbed = b.tactic == Tactic::Webs && (self.hero.webbed > 0 || self.hero.struggled);
            let shoots = matches!(b.tactic, Tactic::Webs | Tactic::Slings)
                && !webbed
                && hunting
                && perceives
                && (2..=RANGED_REACH).contains(&d)
                && self.rng.random_range(0..100u32) < SHOOT_CHANCE;
            if shoots {
                self.shoot(i);
                if !self.playing() {
                    break;
                }
                continue;
            }
            let goal = if hunting { target } else { player };
            if hunting && pos == goal {
                self.monsters[i].mind = Mind::Wandering;
                continue;
            }
            if let Some(to) = next_step(pos, goal, hunting, free, &mut self.rng) {
                self.enter(i, to, &mut occupied);
            }
        }
        self.crowd = occupied;
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
        occupied.moved(self.monsters[i].pos, to);
        self.monsters[i].pos = to;
        if tile.trap().is_some() && !self.monsters[i].kind.flies() {
            self.spring(to);
            if self.monsters[i].pos != to {
                occupied.left(to);
            }
        }
    }

    /// Creature `i` shoots from afar: a spider's web holds the player, a kobold's stone hurts.
    fn shoot(&mut self, i: usize) {
        let m = &self.monsters[i];
        let (from, kind, name, tactic) = (m.pos, m.kind, m.name(), m.kind.behaviour().tactic);
        let path = crate::items::throw::line(from, self.hero.pos);
        let by = if tactic == Tactic::Webs {
            Attack::Web
        } else {
            Attack::Stone
        };
        self.events.push(Event::Attacked {
            from,
            to: self.hero.pos,
            by,
        });
        if tactic == Tactic::Webs {
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
            ..self.monsters[i].stats()
        };
        let dmg = damage(stone, self.fighting(), &mut self.rng);
        self.events.push(Event::Hit(self.hero.pos));
        self.hurt(
            dmg,
            &format!("The {name}'s stone hits you for {dmg}."),
            Cause::Creature(kind),
        );
    }

    /// True when creature `i` sits out turn `turn`: a slow kind acts only every
    /// `SLOW_PERIOD` turns.
    fn rests_on(&self, i: usize, turn: u32) -> bool {
        self.monsters[i].kind.behaviour().slow && !turn.is_multiple_of(SLOW_PERIOD)
    }

    /// Creatures that follow the player taking the stairs at `from` to the other level:
    /// hunting, close by, not fleeing, in the player's view and seeing the player, and able
    /// to act in the turn the stairs take (the next turn: not a slow kind's turn of rest,
    /// not held by a net, not befuddled).
    pub(crate) fn followers(&self, from: Point) -> Vec<usize> {
        let turn = self.clock.turn + 1;
        (0..self.monsters.len())
            .filter(|&i| {
                let m = &self.monsters[i];
                m.pos.z == from.z
                    && m.mind == Mind::Hunting
                    && m.pos.chebyshev(from) <= FOLLOW_RANGE
                    && self.knowledge.sight.lit(m.pos)
                    && self.perceives(i)
                    && m.held == 0
                    && m.confused == 0
                    && !self.rests_on(i, turn)
                    && !self.fleeing(i)
            })
            .collect()
    }

    /// A free cell beside the player for a creature that arrives or steps aside: open, not
    /// stairs, not burning (creatures never enter flames), and no one on it.
    fn room_beside_player(&self) -> Option<Point> {
        self.hero.pos.neighbours8().find(|&p| {
            let t = self.world.tile(p);
            t.is_open() && !t.is_stairs() && t != Tile::Fire && self.monster_at(p).is_none()
        })
    }

    /// A creature standing where the player has just arrived by the stairs steps aside to a
    /// free cell beside them; with none free, it takes the stairs the player came by (to
    /// `from`, which the player has left). A creature never shares the player's cell.
    pub(crate) fn make_way(&mut self, from: Point) {
        let here = self.hero.pos;
        let Some(i) = self.monsters.iter().position(|m| m.pos == here) else {
            return;
        };
        self.monsters[i].pos = self.room_beside_player().unwrap_or(from);
    }

    /// Puts each follower on a free cell next to the player, nearest first; one that finds
    /// no room stays behind. Following was its turn: it strikes on the next at the earliest.
    pub(crate) fn arrive(&mut self, followers: &[usize]) {
        for &i in followers {
            if let Some(p) = self.room_beside_player() {
                self.monsters[i].pos = p;
                self.monsters[i].followed = true;
                let name = self.monsters[i].name();
                self.log.add(format!("The {name} follows you."));
            }
        }
    }

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
        self.monsters
            .iter()
            .any(|m| m.pos.z == self.hero.pos.z && self.knowledge.sight.lit(m.pos))
    }
}
