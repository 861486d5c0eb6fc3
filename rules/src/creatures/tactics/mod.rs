//! How each kind decides its turn: a tactic is a function from what the creature knows (the
//! creature itself and what it perceives, `Seen`) to what it does (`Intent`), one file per
//! tactic. Every creature first struggles in a net, staggers while befuddled, keeps track
//! of the player or notices them, sleeps, and flutters if its kind is erratic (`intent`);
//! only then does its kind's tactic choose. Each tactic also says how its kind perceives
//! (`Senses`), by which `Seen` is gathered.
//!
//! A decision draws from the game's random stream in a fixed order (the net, the stagger,
//! the noticing, the flutter, then the tactic's own draws), and only as it needs to: the
//! draws are part of what a recorded run replays.

mod hunts;
mod light_hunter;
mod moves;
mod shuns_light;
mod slings;
mod webs;

use crate::balance::{FLUTTER_CHANCE, FORGET_TURNS};
use crate::creatures::intent::Intent;
use crate::creatures::monster::{Mind, Monster};
use crate::creatures::seen::{Seen, Senses};
use crate::creatures::steps::random_step;
use crate::kinds::entry::Tactic;
use crate::rng::GameRng;
use rand::Rng;

/// How a kind with `tactic` perceives.
pub(crate) fn senses(tactic: Tactic) -> Senses {
    match tactic {
        Tactic::LightHunter => light_hunter::SENSES,
        Tactic::ShunsLight => shuns_light::SENSES,
        Tactic::None
        | Tactic::Webs
        | Tactic::Splits
        | Tactic::Slings
        | Tactic::Steals
        | Tactic::Bursts => Senses::default(),
    }
}

/// What creature `m` does with its turn, by what it perceives (`seen`): held by a net it
/// struggles, befuddled it staggers; a hunter keeps track of the player (or loses them), an
/// unaware one may notice them (that is its turn); asleep, it stays put; an erratic kind
/// flutters now and then; else its kind's tactic decides. Keeping track changes what `m`
/// knows: where it last saw the player, and whether it still hunts.
pub(crate) fn intent(m: &mut Monster, seen: &Seen, senses: Senses, rng: &mut GameRng) -> Intent {
    if m.held > 0 {
        return Intent::Struggle;
    }
    if m.confused > 0 {
        return Intent::Stagger(random_step(m.pos, |p| seen.free(p), rng));
    }
    if m.mind == Mind::Hunting {
        keep_track(m, seen, senses);
    } else if seen.notice > 0 && rng.random_range(0..100u32) < seen.notice {
        return Intent::Notice;
    }
    if m.mind == Mind::Asleep {
        return Intent::Wait;
    }
    let b = m.kind.behaviour();
    // A fluttering creature moves at random now and then, even when that fails.
    if b.erratic && rng.random_bool(FLUTTER_CHANCE) {
        return Intent::step(random_step(m.pos, |p| seen.free(p), rng));
    }
    match b.tactic {
        Tactic::Webs => webs::intent(m, seen, rng),
        Tactic::Slings => slings::intent(m, seen, rng),
        Tactic::ShunsLight => shuns_light::intent(m, seen, rng),
        Tactic::LightHunter => light_hunter::intent(m, seen, rng),
        Tactic::None | Tactic::Splits | Tactic::Steals | Tactic::Bursts => {
            hunts::intent(m, seen, rng)
        }
    }
}

/// A hunter that sees the player marks where; one that does not counts the turns, and gives
/// up the hunt after `FORGET_TURNS` of them, at once when it sees only by light and the
/// torch is out, or when it carries off loot (a thief is glad to be out of sight).
fn keep_track(m: &mut Monster, seen: &Seen, senses: Senses) {
    if seen.perceives {
        m.last_seen = seen.player;
        m.unseen = 0;
        return;
    }
    m.unseen += 1;
    let lost_light = senses.by_light_only && !seen.torch_lit;
    if m.unseen > FORGET_TURNS || lost_light || m.loot.is_some() {
        m.mind = Mind::Wandering;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creatures::crowd::Crowd;
    use crate::creatures::seen::Scene;
    use crate::creatures::tactics::moves::run_away;
    use crate::kinds::creature::Creature;
    use crate::space::geom::Point;
    use crate::testing::state_on;
    use crate::State;

    /// A rule of its own, for this test alone: a creature that keeps two cells off the player
    /// (it backs away when nearer) and else hunts as any creature does. It is built from
    /// the shared moves, and nothing of the creatures' turn changes for it.
    fn keeps_off(m: &Monster, seen: &Seen, rng: &mut GameRng) -> Intent {
        if seen.perceives && m.pos.chebyshev(seen.player) <= 2 {
            return Intent::step(run_away(m, seen));
        }
        hunts::intent(m, seen, rng)
    }

    /// What creature `i` of `s` perceives among the creatures `crowd` counts.
    fn seen<'a>(s: &'a State, crowd: &'a Crowd, i: usize) -> Seen<'a> {
        let scene = Scene {
            world: &s.world,
            occupied: crowd,
            sight: &s.knowledge.sight,
            hero: &s.hero,
            torch: &s.torch,
            shine: s.torch_lit().then(|| s.torch.radius()),
        };
        scene.seen_by(&s.creatures.all[i], Senses::default())
    }

    #[test]
    fn a_rule_of_its_own_is_a_function_from_what_a_creature_perceives_to_an_intent() {
        let mut s = state_on(&["##########\n#<.......#\n#........#\n##########"], 1);
        s.clear_monsters();
        let player = s.player();
        let mut rng = crate::rng::seeded(1);
        // Beside the player, it backs away to a cell farther off, and the state carries that
        // out as any creature's step.
        s.put_monster(Creature::Rat, Point::new(2, 1, 0));
        let mut crowd = Crowd::default();
        crowd.count(&s.world, &s.creatures.all, player, i32::MAX);
        let near = seen(&s, &crowd, 0);
        assert!(near.perceives);
        let Intent::Step(to) = keeps_off(&s.creatures.all[0], &near, &mut rng) else {
            panic!("it backs away");
        };
        assert!(
            to.chebyshev(player) > 1,
            "{to:?} is no farther from {player:?}"
        );
        s.carry_out(0, Intent::Step(to), &mut crowd);
        assert_eq!(s.creatures.all[0].pos, to);
        // Far off, it closes in on where it saw the player, as a rat does.
        s.clear_monsters();
        s.put_monster(Creature::Rat, Point::new(7, 2, 0));
        s.creatures.all[0].last_seen = player;
        crowd.count(&s.world, &s.creatures.all, player, i32::MAX);
        let far = seen(&s, &crowd, 0);
        let m = &s.creatures.all[0];
        let Intent::Step(to) = keeps_off(m, &far, &mut rng) else {
            panic!("it closes in");
        };
        assert!(to.chebyshev(player) < m.pos.chebyshev(player));
    }
}
