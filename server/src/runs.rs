//! Daily runs made by the game's rules, for the board's tests and its load benchmark. The
//! board's seeds are secret, so every function takes the day's seed (from the board:
//! `caves-server seed --date DATE`) as well as its date.
//!
//! - `daily_run`: a short run. The player starts on the stair up; the variant's 14 binary
//!   digits choose, turn by turn, to wait or to douse/relight the torch (both take a turn, so
//!   two variants below 2^14 play different games from their first differing digit on, not
//!   only different bytes), then the player climbs out without the idol, which ends the run.
//!   A creature next to the player first gets a blow or a few (rare in 14 turns); should one
//!   still kill the player before the last digit, two variants can give the same run, so the
//!   `runs` example skips a variant whose bytes it has already written.
//! - `long_run`: `turns` turns by the stair, then out. The variant's bits say in which of the
//!   first 32 turns the torch burns; after that it stays doused (the fuel lasts, and creatures
//!   notice the player less). A creature next to the player is hit; one hunting it in sight
//!   near the stair (a kobold slinger shoots from afar) is gone after, and the player walks
//!   back to the stair in time to climb out at turn `turns + 1`. Should the player die anyway,
//!   the run is played again with other torch bits drawn from the variant, so the run always
//!   ends by climbing out; over 1,000 seeds at 5,000 turns none needed a second try.
//! - `armed_run`: a long run that first fetches the nearest weapon or armour of the first
//!   level and uses it (which wields or wears it).
//! - `bumped_copy`, `tail_copy` and `synonym_copy`: copies of a run made the way a copier
//!   would disguise one (a wall bump added first; the first turns kept and another ending
//!   played; an action swapped for another that does the same), with every fingerprint right.

use caves_rules::balance::RANGED_REACH;
use caves_rules::builder::WorldParams;
use caves_rules::creatures::monster::Mind;
use caves_rules::kinds::entry::Effect;
use caves_rules::record::{Header, Record};
use caves_rules::space::geom::Point;
use caves_rules::variants::NORMAL;
use caves_rules::{Action, Dir, Outcome, Place, State, Variant};

/// How many turns of waiting or torch a daily run has before it climbs out.
pub const DAILY_TURNS: u32 = 14;

fn start(date: &str, seed: u64, played: &'static Variant) -> (State, Record) {
    let header =
        Header::new(seed, WorldParams::default(), Some(date.to_string())).in_variant(played);
    let state = match header.start() {
        Ok(s) => s,
        Err(e) => panic!("the daily caves of {date} (seed {seed}) cannot be built: {e}"),
    };
    let record = Record::start(header, &state);
    (state, record)
}

/// Takes `action` in `state` and notes it in `record`.
fn take(state: &mut State, record: &mut Record, action: Action) {
    if state.act(action) {
        record.push(action, state);
    }
}

/// The ended daily run of `date` (whose board seed is `seed`) number `variant`.
pub fn daily_run(date: &str, seed: u64, variant: u32) -> Record {
    daily_run_in(date, seed, variant, &NORMAL)
}

/// The same run (by the same choices) played in the game's variant `played`: an Explorer run
/// is a valid run the board must refuse.
pub fn daily_run_in(date: &str, seed: u64, variant: u32, played: &'static Variant) -> Record {
    let (mut state, mut record) = start(date, seed, played);
    for bit in 0..DAILY_TURNS {
        // A creature next to the player gets a blow first (at most a few), so that a rat at
        // the stair seldom ends the run before its 14 turns.
        for _ in 0..4 {
            match adjacent_creature(&state) {
                Some(d) => take(&mut state, &mut record, Action::Move(d)),
                None => break,
            }
        }
        let action = if variant >> bit & 1 == 1 {
            Action::Torch
        } else {
            Action::Wait
        };
        take(&mut state, &mut record, action);
    }
    take(&mut state, &mut record, Action::Ascend);
    record
}

/// The way to a creature next to the player, if there is one.
fn adjacent_creature(state: &State) -> Option<Dir> {
    let me = state.player();
    state
        .monsters()
        .iter()
        .filter(|m| m.pos.z == me.z && m.pos.chebyshev(me) == 1)
        .find_map(|m| Dir::from_delta(m.pos.x - me.x, m.pos.y - me.y))
}

/// How far from the stair a long run goes after a creature that shoots at the player.
const CHASE: i32 = 6;

/// The first step from the player towards `goal` over open cells (creatures in the way get
/// hit) and how many steps away it is, by a breadth-first search of the level; None when
/// there is no way or the player is there.
fn way_to(state: &State, goal: Point) -> Option<(Dir, u32)> {
    let world = state.world();
    let me = state.player();
    let (w, h) = (world.width(), world.height());
    let index =
        |p: Point| (p.x >= 0 && p.y >= 0 && p.x < w && p.y < h).then(|| (p.y * w + p.x) as usize);
    let mut dist = vec![u32::MAX; (w * h) as usize];
    let mut queue = std::collections::VecDeque::new();
    dist[index(goal)?] = 0;
    queue.push_back(goal);
    while let Some(p) = queue.pop_front() {
        let d = dist[index(p)?];
        for q in p.neighbours8() {
            if let Some(i) = index(q) {
                if dist[i] == u32::MAX && world.tile(q).is_open() {
                    dist[i] = d + 1;
                    queue.push_back(q);
                }
            }
        }
    }
    let here = dist[index(me)?];
    Dir::ALL
        .into_iter()
        .filter_map(|d| {
            let (dx, dy) = d.delta();
            let i = index(me.offset(dx, dy))?;
            (dist[i] < here).then_some((dist[i], d))
        })
        .min_by_key(|&(n, _)| n)
        .map(|(_, d)| (d, here))
}

/// The action for turn `i` of a stretch of a long run played by `pattern` from the stair at
/// `home`, with `left` turns left in the stretch: a step back to the stair when it takes all
/// the turns left to get there; else a blow at a creature next to the player; else, with
/// time to spare, a step after a creature that hunts the player in sight (a slinger shoots
/// from afar) not far from the stair; else a step back to the stair; else, hurt with time to
/// spare, the torch lit and a rest; else the torch is lit in
/// the turns whose bit of `pattern` is set among the stretch's first 32 and doused after (a
/// doused torch lasts, and creatures notice the player less and from less far), by a Torch
/// when it must change and a Wait when not.
fn long_action(state: &State, home: Point, pattern: u32, i: u32, left: u32, spare: u32) -> Action {
    let me = state.player();
    let way_home = if me == home {
        None
    } else {
        way_to(state, home)
    };
    if let Some((d, steps)) = way_home {
        if left <= steps {
            return Action::Move(d);
        }
    }
    if let Some(d) = adjacent_creature(state) {
        return Action::Move(d);
    }
    let hunter = state
        .monsters()
        .iter()
        .filter(|m| {
            m.pos.z == me.z
                && m.mind == Mind::Hunting
                && state.sight().in_sight(m.pos)
                && m.pos.chebyshev(me) <= RANGED_REACH
                && m.pos.chebyshev(home) <= CHASE
        })
        .min_by_key(|m| m.pos.chebyshev(me));
    if left > 4 * CHASE as u32 {
        if let Some((d, _)) = hunter.and_then(|m| way_to(state, m.pos)) {
            return Action::Move(d);
        }
    }
    if let Some((d, _)) = way_home {
        return Action::Move(d);
    }
    // Wounds close only by torchlight: hurt, with time to spare, light the torch and rest
    // (a rest ends when healed or a creature comes; refused with a creature lit in view, it
    // takes no turn and `take_turn` waits instead). Not only when no creature is in line of
    // sight: on a level grown restless, sixty creatures roam it, one is nearly always in
    // sight somewhere, and a player who waited for none never healed (every try of a daily
    // seed of 2026-11-24 died at turn 19,537 with its fuel nearly full).
    if left > spare && state.hp() < state.max_hp() && state.fuel() > 0 {
        return if state.torch_lit() {
            Action::Rest
        } else {
            Action::Torch
        };
    }
    let lit = i < 32 && pattern >> i & 1 == 1;
    if lit != state.torch_lit() && state.fuel() > 0 {
        Action::Torch
    } else {
        Action::Wait
    }
}

/// Takes `action`, or a wait when it would take no turn (a step blocked some other way).
fn take_turn(state: &mut State, record: &mut Record, action: Action) {
    let turn = state.turn();
    take(state, record, action);
    if state.turn() == turn && state.outcome() == Outcome::Playing {
        take(state, record, Action::Wait);
    }
}

/// Plays `turns` more turns by `pattern` (see `long_action`), ending them on the stair at
/// `home` (should a fight keep the player from it, more turns until it is back), or stops
/// where the run ends.
fn play_long(
    state: &mut State,
    record: &mut Record,
    home: Point,
    pattern: u32,
    turns: u32,
    spare: u32,
) {
    let from = state.turn();
    let until = from + turns;
    while state.turn() < until && state.outcome() == Outcome::Playing {
        let action = long_action(
            state,
            home,
            pattern,
            state.turn() - from,
            until - state.turn(),
            spare,
        );
        take_turn(state, record, action);
    }
    let mut more = 0;
    while state.player() != home && state.outcome() == Outcome::Playing && more < 1000 {
        let action = adjacent_creature(state)
            .or_else(|| way_to(state, home).map(|(d, _)| d))
            .map_or(Action::Wait, Action::Move);
        take_turn(state, record, action);
        more += 1;
    }
}

/// The pattern of try `attempt` of long run `variant`: the variant's own bits first, then
/// others drawn from it (a splitmix64 step).
fn pattern_of(variant: u32, attempt: u32) -> u32 {
    if attempt == 0 {
        return variant;
    }
    let mut z = (u64::from(variant) << 32 | u64::from(attempt)).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) as u32
}

/// A long run rests only with more turns than this left: no rest runs past the run's end.
const REST_SPARE: u32 = 2_000;

/// When every pattern dies (the patterns differ only in the first turns, and in some caves a
/// creature that comes late kills every one the same way: a kobold slinger at turn 2,522 of
/// 3,000 on one daily seed), the long run tries them again resting until this close to its
/// end; a last rest may then run a little past `turns`.
const LATE_REST_SPARE: u32 = 50;

/// How many patterns `long_run` tries before it gives up.
const LONG_ATTEMPTS: u32 = 64;

/// An ended daily run of `date` (board seed `seed`) that stays `turns` turns on the stair up,
/// its torch lit by the pattern of `variant` for the first 32 and doused after, hitting any
/// creature that comes next to it, then climbs out. Should a creature kill the player on the
/// way (a kobold slinger shooting from afar, now and then), the run is played again with the
/// next pattern drawn from the variant, and after every pattern with rests until near the end
/// (`LATE_REST_SPARE`), so the result always climbs out after `turns` turns.
pub fn long_run(date: &str, seed: u64, variant: u32, turns: u32) -> Record {
    for spare in [REST_SPARE, LATE_REST_SPARE] {
        for attempt in 0..LONG_ATTEMPTS {
            let (mut state, mut record) = start(date, seed, &NORMAL);
            let home = state.player();
            let pattern = pattern_of(variant, attempt);
            play_long(&mut state, &mut record, home, pattern, turns, spare);
            if state.outcome() == Outcome::Playing {
                take(&mut state, &mut record, Action::Ascend);
                return record;
            }
        }
    }
    panic!("every long run {variant} of {date} (seed {seed}) of {turns} turns dies on the way")
}

/// A daily run of `date` (board seed `seed`) that goes looking for creatures and lets them
/// kill the player: it steps towards the nearest creature on its level, wakes one that does
/// not hunt it with a blow, and waits beside one that does. `None` when the player is still
/// alive after `turns` turns (the caves of that seed are kind). Variant `v` waits `v` turns
/// on the stair first, so variants are other games.
pub fn fallen_run(date: &str, seed: u64, variant: u32, turns: u32) -> Option<Record> {
    let (mut state, mut record) = start(date, seed, &NORMAL);
    for _ in 0..variant {
        take(&mut state, &mut record, Action::Wait);
    }
    while state.outcome() == Outcome::Playing && state.turn() < turns {
        let me = state.player();
        let action = match adjacent_creature(&state) {
            Some(d) => {
                let (dx, dy) = d.delta();
                let hunting = state
                    .monster_at(me.offset(dx, dy))
                    .is_some_and(|m| m.mind == Mind::Hunting);
                if hunting {
                    Action::Wait
                } else {
                    Action::Move(d)
                }
            }
            None => state
                .monsters()
                .iter()
                .filter(|m| m.pos.z == me.z)
                .min_by_key(|m| m.pos.chebyshev(me))
                .and_then(|m| way_to(&state, m.pos))
                .map_or(Action::Wait, |(d, _)| Action::Move(d)),
        };
        take_turn(&mut state, &mut record, action);
    }
    (state.outcome() == Outcome::Lost).then_some(record)
}

/// Replays `record`'s header and its first actions while `keep(state, i)` holds, re-recorded.
fn replay_prefix(original: &Record, mut keep: impl FnMut(&State) -> bool) -> (State, Record) {
    let mut state = match original.header.start() {
        Ok(s) => s,
        Err(e) => panic!("the run's caves cannot be built: {e}"),
    };
    let mut record = Record::start(original.header.clone(), &state);
    for &a in &original.actions {
        if !keep(&state) {
            break;
        }
        take(&mut state, &mut record, a);
    }
    (state, record)
}

/// `original` (a run that starts on the stair up of the daily caves) with one action that
/// takes no turn put first: a bump into a wall next to the start (a Descend on the stair up,
/// which also takes no turn, when no wall is next to it). Every fingerprint is recomputed, so
/// it is a valid run of the same game: a copy in disguise.
pub fn bumped_copy(original: &Record) -> Record {
    let fresh = match original.header.start() {
        Ok(s) => s,
        Err(e) => panic!("the run's caves cannot be built: {e}"),
    };
    let turnless = |a: Action| {
        let mut s = fresh.clone();
        s.act(a) && s.turn() == fresh.turn() && s.player() == fresh.player()
    };
    let bump = Dir::ALL
        .into_iter()
        .map(Action::Move)
        .chain([Action::Descend])
        .find(|&a| turnless(a))
        .unwrap_or_else(|| panic!("no action takes no turn at the start"));
    let mut state = fresh.clone();
    let mut record = Record::start(original.header.clone(), &state);
    take(&mut state, &mut record, bump);
    for &a in &original.actions {
        take(&mut state, &mut record, a);
    }
    record
}

/// `original` (a `long_run`) up to the end of its turn `keep_turns`, then `turns` more turns by
/// `pattern` (lit for its first turns whose bits are set: a different end from the original's,
/// which waits in the dark by then; 1 lights the torch at once), then out: the same start as
/// `original`, another end. Where the original spends those first turns on blows and steps,
/// which no pattern changes, the copy's first turn after the kept ones is one the original
/// did not take (a wait, or the torch where the original waited). (Should the player die in
/// the new end, the copy ends there.)
pub fn tail_copy(original: &Record, keep_turns: u32, pattern: u32, turns: u32) -> Record {
    let home = match original.header.start() {
        Ok(s) => s.player(),
        Err(e) => panic!("the run's caves cannot be built: {e}"),
    };
    let kept = replay_prefix(original, |s| s.turn() < keep_turns);
    let (mut state, mut record) = kept.clone();
    play_long(&mut state, &mut record, home, pattern, turns, REST_SPARE);
    take(&mut state, &mut record, Action::Ascend);
    if record.actions != original.actions {
        return record;
    }
    let (mut state, mut record) = kept;
    let first = match original.actions.get(record.actions.len()) {
        Some(Action::Wait) => Action::Torch,
        _ => Action::Wait,
    };
    take_turn(&mut state, &mut record, first);
    play_long(
        &mut state,
        &mut record,
        home,
        pattern,
        turns.saturating_sub(1),
        REST_SPARE,
    );
    take(&mut state, &mut record, Action::Ascend);
    record
}

/// Weapons and armour: what `Use` wields or wears, as `Equip` does.
fn wieldable(kind: caves_rules::kinds::item::Item) -> bool {
    matches!(kind.effect(), Effect::Weapon(_) | Effect::Armour(_))
}

/// A daily run of `date` (board seed `seed`) that walks to the nearest weapon or armour lying
/// on the first level (hitting creatures in its way), picks it up and uses it (`Use`, which
/// wields or wears it), then plays `turns` turns as a long run does, ending on the stair up,
/// and climbs out: the record and the index of its `Use`. `None` when the first level has no
/// weapon or armour the player reaches, or the player dies.
pub fn armed_run(date: &str, seed: u64, turns: u32) -> Option<(Record, usize)> {
    let (mut state, mut record) = start(date, seed, &NORMAL);
    let home = state.player();
    let target = state
        .items()
        .iter()
        .filter(|t| wieldable(t.kind))
        .filter_map(|t| match t.place {
            Place::Floor(p) if p.z == home.z => Some((way_to(&state, p)?.1, p)),
            _ => None,
        })
        .min()
        .map(|(_, p)| p)?;
    let mut steps = 0;
    while state.player() != target {
        if state.outcome() != Outcome::Playing || steps > 2_000 {
            return None;
        }
        let action = adjacent_creature(&state)
            .or_else(|| way_to(&state, target).map(|(d, _)| d))
            .map_or(Action::Wait, Action::Move);
        take_turn(&mut state, &mut record, action);
        steps += 1;
    }
    take(&mut state, &mut record, Action::PickUp);
    let carried: Vec<_> = state
        .items()
        .iter()
        .filter(|t| !matches!(t.place, Place::Floor(_)))
        .collect();
    let slot = carried.len().checked_sub(1)?;
    if !wieldable(carried[slot].kind) {
        return None;
    }
    let at = record.actions.len();
    take(
        &mut state,
        &mut record,
        Action::Use(u8::try_from(slot).ok()?),
    );
    play_long(&mut state, &mut record, home, 0, turns, REST_SPARE);
    if state.outcome() != Outcome::Playing {
        return None;
    }
    take(&mut state, &mut record, Action::Ascend);
    Some((record, at))
}

/// `original` with its action `at` (a `Use` of a weapon or armour) swapped for an `Equip` of
/// the same slot, which does the same, every fingerprint recomputed: other bytes and other
/// action codes, the same game.
pub fn synonym_copy(original: &Record, at: usize) -> Record {
    let mut state = match original.header.start() {
        Ok(s) => s,
        Err(e) => panic!("the run's caves cannot be built: {e}"),
    };
    let mut record = Record::start(original.header.clone(), &state);
    for (i, &a) in original.actions.iter().enumerate() {
        let a = match a {
            Action::Use(slot) if i == at => Action::Equip(slot),
            other => other,
        };
        take(&mut state, &mut record, a);
    }
    record
}

#[cfg(test)]
mod tests {
    use super::*;
    use caves_rules::record::replay;

    const DATE: &str = "2026-11-24";
    const SEED: u64 = 0x0123_4567_89ab_cdef;

    #[test]
    fn daily_runs_are_ended_different_games() {
        let (ra, rb) = (daily_run(DATE, SEED, 0), daily_run(DATE, SEED, 1));
        // Every action takes a turn: the daily turns, the blows at creatures beside the
        // stair, and the climb out.
        let blows = |r: &Record| {
            r.actions
                .iter()
                .filter(|a| matches!(a, Action::Move(_)))
                .count() as u32
        };
        let a = replay(&ra).expect("replays");
        let b = replay(&rb).expect("replays");
        assert_eq!(a.outcome(), Outcome::Lost);
        assert_eq!(a.turn(), DAILY_TURNS + 1 + blows(&ra));
        assert_eq!(b.turn(), DAILY_TURNS + 1 + blows(&rb));
        assert_ne!(a.hash(), b.hash());
    }

    #[test]
    fn long_runs_and_their_copies_replay() {
        let long = long_run(DATE, SEED, 0, 300);
        let end = replay(&long).expect("replays");
        assert_eq!(end.turn(), 301);
        let bumped = bumped_copy(&long);
        assert_eq!(bumped.actions.len(), long.actions.len() + 1);
        assert_eq!(replay(&bumped).expect("replays").turn(), end.turn());
        let tail = tail_copy(&long, 240, 0b1011, 60);
        replay(&tail).expect("replays");
        assert_eq!(tail.actions[..240], long.actions[..240]);
        assert_ne!(tail.actions[240..], long.actions[240..]);
    }

    /// In these caves the long run fights or steps home through every turn of the stretch
    /// after its turn 240, where the torch's pattern would have made the tail another: the tail
    /// copy still ends another way (a board seed a test drew at random, 2026-11-29).
    #[test]
    fn a_tail_copy_ends_another_way_when_the_original_fights_through_the_stretch() {
        let seed = 17_339_015_791_875_003_951;
        let long = long_run(DATE, seed, 0, 300);
        let tail = tail_copy(&long, 240, 0b1011, 60);
        replay(&tail).expect("replays");
        let kept = replay_prefix(&long, |s| s.turn() < 240).1.actions.len();
        assert_eq!(tail.actions[..kept], long.actions[..kept]);
        assert_ne!(tail.actions[kept..], long.actions[kept..]);
    }
}
