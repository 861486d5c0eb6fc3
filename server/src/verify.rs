//! Verifying a submitted run: the record is decoded, checked to be written exactly as the
//! game writes it and to be the board's daily caves under the daily's rules, and replayed
//! with the game's own rules, every fingerprint checked. The score is the replayed state's;
//! nothing the client claims is believed.
//!
//! The replay also yields what the board compares runs by to find copies (`Game`): the play
//! fingerprint of the state the run ended in (the rules' fingerprint of everything but the
//! log), and the play fingerprints of the states it passed through at turns spread a quarter
//! of an octave apart. Games are compared by what they do, not by the actions that did it:
//! using a weapon and wielding it, or a step any way while held by a web, leave one state.

use caves_rules::autopilot::buttons::by_buttons;
use caves_rules::builder::WorldParams;
use caves_rules::record::replay::initial;
use caves_rules::record::{DecodeError, Header, Record};
use caves_rules::{Action, Outcome, State, RULESET};

use crate::limits::{MAX_ACTIONS, MAX_BYTES, OPENING_ACTIONS};

/// A day the board takes runs of, and its seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Day {
    pub date: String,
    pub seed: u64,
}

/// What a verified run scored, from its replay, and what it is compared by for copies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    pub date: String,
    pub score: u32,
    pub outcome: &'static str,
    pub depth: i32,
    pub turns: u32,
    pub game: Game,
    /// Where it ended and what ended it.
    pub end: End,
}

/// Where a run ended (the level from 1, as the page shows it, and the cell) and what ended
/// it: the name of what killed the player, as the rules name it (`Cause::killer`: a
/// creature's name such as "giant rat", or "fire", "fall", "burning scroll"), else the
/// rules' words of the end ("You leave the caves empty-handed."); empty while it goes on.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct End {
    pub depth: i32,
    pub x: i32,
    pub y: i32,
    pub cause: String,
}

/// Where the run of `state` stands now and, once it has ended, what ended it: read from the
/// rules' `Ending`, never from its words.
pub fn end_of(state: &State) -> End {
    let p = state.player();
    let cause = state
        .ending()
        .map_or(String::new(), |e| match e.cause.killer() {
            Some(killer) => killer.to_string(),
            None => e.words(),
        });
    End {
        depth: p.z + 1,
        x: p.x,
        y: p.y,
        cause,
    }
}

/// Where a kept run (verified when it was kept) ended: its record replayed without checks.
pub fn ended_at(bytes: &[u8]) -> Option<End> {
    let record = Record::decode(bytes).ok()?;
    let mut state = initial(&record).ok()?;
    for &a in &record.actions {
        state.act(a);
    }
    Some(end_of(&state))
}

/// The game a run played, apart from the bytes and the actions that carry it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The turns it took.
    pub turns: u32,
    /// The play fingerprint of the state it ended in.
    pub whole: String,
    /// (t, the play fingerprint of the state when turn t was reached) for every mark t the
    /// run reached at the end of an action (a rest that runs past a mark has none there).
    pub marks: Vec<(u32, String)>,
}

/// True for the turns the board keeps a fingerprint at: 64, 80, 96, 112, 128, 160, ...
/// (4, 5, 6 or 7 times a power of two), so any shared beginning of n turns is seen at a
/// mark of at least 0.8 n.
pub fn is_mark(n: u32) -> bool {
    if n < 64 {
        return false;
    }
    let shift = (32 - n.leading_zeros()) - 3;
    let m = n >> shift;
    m << shift == n && (4..=7).contains(&m)
}

/// A state's play fingerprint, as the board keeps it: 16 hex digits.
pub fn play_digest(state: &State) -> String {
    format!("{:016x}", state.play_hash())
}

/// The marks of a game as it is played: before each action, `before` notes whether the
/// game's own buttons would take it; after it, `after` notes the state's play fingerprint
/// when the action brought the run to a mark turn. A run's opening, up to its first action
/// no button would take, is anyone's (any tap-only player plays it: `by_buttons`), so it
/// has no marks: two players who tap the same opening share its states, and neither is
/// the other's copy. At most `OPENING_ACTIONS` actions are weighed so.
#[derive(Clone, Debug, Default)]
pub struct Marker {
    turn: u32,
    /// Actions noted by `before`, up to `OPENING_ACTIONS`.
    weighed: u32,
    /// Whether an action of the player's own choosing has been taken.
    chosen: bool,
    pub marks: Vec<(u32, String)>,
}

impl Marker {
    /// The marker of a run that stands at `state` (its start, or where a replay took it).
    pub fn at(state: &State) -> Marker {
        Marker {
            turn: state.turn(),
            weighed: 0,
            chosen: false,
            marks: Vec::new(),
        }
    }

    /// Notes `action`, about to be taken in `state`.
    pub fn before(&mut self, state: &State, action: Action) {
        if !self.chosen {
            self.weighed += 1;
            self.chosen = self.weighed > OPENING_ACTIONS || !by_buttons(state, action);
        }
    }

    /// Notes `state`, just after an action.
    pub fn after(&mut self, state: &State) {
        let turn = state.turn();
        if turn != self.turn {
            self.turn = turn;
            if self.chosen && is_mark(turn) {
                self.marks.push((turn, play_digest(state)));
            }
        }
    }
}

/// Why a run is refused, with its HTTP status.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// 400: the bytes are not a run file, or a damaged one.
    #[error("This is not a run file the game wrote: {0}.")]
    Damaged(String),
    /// 413: over `MAX_BYTES`.
    #[error("The run file is larger than {} KB, far more than any run.", MAX_BYTES / 1024)]
    TooLarge,
    /// 422: a run, but not one the board takes.
    #[error("{0}")]
    Unfit(String),
}

impl Refusal {
    pub fn status(&self) -> u16 {
        match self {
            Refusal::Damaged(_) => 400,
            Refusal::TooLarge => 413,
            Refusal::Unfit(_) => 422,
        }
    }
}

fn unfit(why: impl Into<String>) -> Refusal {
    Refusal::Unfit(why.into())
}

/// Verifies a run file against the days the board takes now (today and yesterday, with
/// the board's seeds): decoded, canonical, a daily run of a ranked variant (Normal) of one of those days on
/// its seed and the usual caves, ended, and replayed to every fingerprint within the work
/// budget.
pub fn verify(bytes: &[u8], days: &[Day]) -> Result<Verified, Refusal> {
    if bytes.len() > MAX_BYTES {
        return Err(Refusal::TooLarge);
    }
    let record = Record::decode(bytes).map_err(|e| match e {
        DecodeError::Ruleset(v) => unfit(format!(
            "The run was played under ruleset {v}; this board verifies ruleset {RULESET}."
        )),
        other => Refusal::Damaged(other.to_string()),
    })?;
    if record.encode() != bytes {
        return Err(unfit(
            "The run file is not written the way the game writes it (the same run in other \
             bytes): it is refused.",
        ));
    }
    let h = &record.header;
    let Some(date) = h.daily.clone() else {
        return Err(unfit(
            "This is not a daily run: only the daily caves are on the board.",
        ));
    };
    let Some(day) = days.iter().find(|d| d.date == date) else {
        let taken: Vec<&str> = days.iter().map(|d| d.date.as_str()).collect();
        return Err(unfit(format!(
            "This is the daily run of {date}; the board takes runs of {}.",
            taken.join(" and ")
        )));
    };
    if !h.variant.on_board {
        return Err(unfit(format!(
            "This run was played in {}, which is not ranked: the board takes runs played in {}.",
            h.variant.name,
            caves_rules::variants::NORMAL.name
        )));
    }
    if h.seed != day.seed {
        return Err(unfit(format!(
            "The run's seed is not this board's daily seed of {date}."
        )));
    }
    if *h != Header::new(day.seed, WorldParams::default(), Some(date.clone())) {
        return Err(unfit(
            "The run was played in other caves than the daily caves.",
        ));
    }
    if !record.ended {
        return Err(unfit("The run has not ended: post it when it is over."));
    }
    if record.actions.len() > MAX_ACTIONS {
        return Err(unfit(format!(
            "The run has {} actions; the board takes at most {MAX_ACTIONS}.",
            record.actions.len()
        )));
    }
    replay(&record, date)
}

/// Replays `record`, checking every fingerprint, and notes the game it played.
fn replay(record: &Record, date: String) -> Result<Verified, Refusal> {
    let diverged = |at: usize| {
        unfit(format!(
            "Replaying the run gives a different game from action {at} on: it was not played by these rules."
        ))
    };
    let mut state =
        initial(record).map_err(|e| unfit(format!("The run's caves cannot be built: {e}.")))?;
    let mut marker = Marker::at(&state);
    for (i, &action) in record.actions.iter().enumerate() {
        marker.before(&state, action);
        if !state.act(action) {
            return Err(unfit(format!(
                "The run goes on after it ended (action {} of {}).",
                i + 1,
                record.actions.len()
            )));
        }
        record.check(i + 1, &state).map_err(diverged)?;
        marker.after(&state);
    }
    if record.actions.is_empty() {
        record.check(0, &state).map_err(diverged)?;
    }
    let outcome = match state.outcome() {
        Outcome::Playing => return Err(unfit("The run has not ended: post it when it is over.")),
        Outcome::Won => "won",
        Outcome::Lost => "lost",
    };
    Ok(Verified {
        date,
        score: state.score(),
        outcome,
        depth: state.depth_reached(),
        turns: state.turn(),
        end: end_of(&state),
        game: Game {
            turns: state.turn(),
            whole: play_digest(&state),
            marks: marker.marks,
        },
    })
}

/// The first 16 bytes of a digest, in lowercase hex.
pub fn hex(digest: &[u8]) -> String {
    hex::encode(digest.get(..16).unwrap_or(digest))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runs::{armed_run, bumped_copy, daily_run, long_run, synonym_copy, tail_copy};
    use caves_rules::{Action, Dir};

    const TODAY: &str = "2026-11-24";
    const YESTERDAY: &str = "2026-11-23";
    const SEED: u64 = 0x5eed_0001;
    const SEED_Y: u64 = 0x5eed_0002;

    fn days() -> Vec<Day> {
        vec![
            Day {
                date: TODAY.into(),
                seed: SEED,
            },
            Day {
                date: YESTERDAY.into(),
                seed: SEED_Y,
            },
        ]
    }

    fn status(bytes: &[u8]) -> Result<(), u16> {
        verify(bytes, &days()).map(|_| ()).map_err(|r| r.status())
    }

    #[test]
    fn marks_are_a_quarter_octave_apart() {
        let first: Vec<u32> = (0..300).filter(|&n| is_mark(n)).collect();
        assert_eq!(first, [64, 80, 96, 112, 128, 160, 192, 224, 256]);
        // Any beginning of n moves holds a mark of at least 0.8 n.
        for n in 64..100_000u32 {
            let best = (64..=n).rev().find(|&m| is_mark(m)).unwrap_or(0);
            assert!(best * 5 >= n * 4, "{n}: {best}");
        }
    }

    #[test]
    fn a_daily_run_verifies_with_the_replayed_score() {
        let run = daily_run(TODAY, SEED, 5);
        let v = verify(&run.encode(), &days()).expect("verifies");
        let state = caves_rules::record::replay(&run).expect("replays");
        assert_eq!(v.score, state.score());
        assert_eq!(v.turns, state.turn());
        assert_eq!(v.date, TODAY);
        assert!(verify(&daily_run(YESTERDAY, SEED_Y, 2).encode(), &days()).is_ok());
    }

    #[test]
    fn the_board_refuses_what_is_not_that_days_ended_daily_run() {
        // Another day.
        assert_eq!(status(&daily_run("2026-11-20", SEED, 1).encode()), Err(422));
        // Today's date with another seed (the public one, say).
        let public = caves_rules::record::daily_seed(TODAY);
        assert_eq!(status(&daily_run(TODAY, public, 1).encode()), Err(422));
        // Yesterday's seed today.
        assert_eq!(status(&daily_run(TODAY, SEED_Y, 1).encode()), Err(422));
        // Not daily.
        let mut r = daily_run(TODAY, SEED, 1);
        r.header.daily = None;
        assert_eq!(status(&r.encode()), Err(422));
        // Explorer, otherwise a true run.
        let mut r = daily_run(TODAY, SEED, 1);
        r.header.variant = &caves_rules::variants::EXPLORER;
        assert_eq!(status(&r.encode()), Err(422));
        // Not ended.
        let mut r = daily_run(TODAY, SEED, 1);
        r.ended = false;
        assert_eq!(status(&r.encode()), Err(422));
        // Other world settings.
        let mut r = daily_run(TODAY, SEED, 1);
        r.header.params.width = 40;
        assert_eq!(status(&r.encode()), Err(422));
        // Actions after the end.
        let mut r = daily_run(TODAY, SEED, 3);
        r.actions.push(Action::Wait);
        assert_eq!(status(&r.encode()), Err(422));
        // A forged final fingerprint.
        let mut r = daily_run(TODAY, SEED, 3);
        r.final_hash ^= 1;
        assert_eq!(status(&r.encode()), Err(422));
        // Damaged bytes and too many.
        let bytes = daily_run(TODAY, SEED, 3).encode();
        assert_eq!(status(&bytes[..bytes.len() / 2]), Err(400));
        assert_eq!(status(&vec![0u8; MAX_BYTES + 1]), Err(413));
    }

    #[test]
    fn a_number_in_more_bytes_than_it_needs_is_refused() {
        let bytes = daily_run(TODAY, SEED, 4).encode();
        assert!(status(&bytes).is_ok());
        // The ruleset (a one-byte varint at offset 5) padded to two bytes, checksum redone.
        assert!(bytes[5] < 0x80);
        let mut padded = bytes[..5].to_vec();
        padded.extend_from_slice(&[bytes[5] | 0x80, 0x00]);
        padded.extend_from_slice(&bytes[6..bytes.len() - 4]);
        let crc = caves_rules::record::crc32(&padded);
        padded.extend_from_slice(&crc.to_le_bytes());
        assert_eq!(
            Record::decode(&padded).map(|r| r.encode()),
            Ok(bytes.clone()),
            "the padded file reads as the same run"
        );
        assert_eq!(status(&padded), Err(422));
    }

    #[test]
    fn a_bump_into_a_wall_leaves_the_game_as_it_was() {
        let run = long_run(TODAY, SEED, 0, 200);
        let plain = verify(&run.encode(), &days()).expect("verifies");
        assert_eq!(plain.game.turns, 200 + 1, "200 turns and the climb out");
        // The same moves with a bump into a wall first: other bytes, the same game.
        let header = run.header.clone();
        let mut state = header.start().expect("starts");
        let bump = Dir::ALL
            .into_iter()
            .find(|&d| {
                let mut s = state.clone();
                s.act(Action::Move(d));
                s.turn() == state.turn()
            })
            .expect("a wall beside the stair");
        let mut bumped = Record::start(header, &state);
        for a in std::iter::once(Action::Move(bump)).chain(run.actions.iter().copied()) {
            state.act(a);
            bumped.push(a, &state);
        }
        assert_ne!(bumped.encode(), run.encode());
        let copy = verify(&bumped.encode(), &days()).expect("verifies");
        assert_eq!(copy.game, plain.game);
        assert_eq!(
            verify(&bumped_copy(&run).encode(), &days()).map(|v| v.game),
            Ok(plain.game.clone())
        );
        // Another run differs in its end and from its first differing turn on.
        let other = verify(&long_run(TODAY, SEED, 1, 200).encode(), &days()).expect("verifies");
        assert_ne!(other.game.whole, plain.game.whole);
        assert_eq!(other.game.marks.len(), plain.game.marks.len());
        assert!(other
            .game
            .marks
            .iter()
            .zip(&plain.game.marks)
            .all(|(a, b)| a.0 == b.0 && a.1 != b.1));
    }

    #[test]
    fn using_a_weapon_and_wielding_it_play_one_game() {
        // The first seed whose first level has a weapon or armour the player reaches.
        let (seed, (run, at)) = (1..200u64)
            .find_map(|seed| Some((seed, armed_run(TODAY, seed, 200)?)))
            .expect("a seed with a weapon or armour on the first level");
        let days = [Day {
            date: TODAY.into(),
            seed,
        }];
        let plain = verify(&run.encode(), &days).expect("verifies");
        let copy = synonym_copy(&run, at);
        assert!(matches!(run.actions[at], Action::Use(_)));
        assert!(matches!(copy.actions[at], Action::Equip(_)));
        assert_ne!(copy.encode(), run.encode(), "other bytes");
        let synonym = verify(&copy.encode(), &days).expect("verifies");
        assert_eq!(synonym.score, plain.score);
        assert!(plain.game.turns >= 200 && !plain.game.marks.is_empty());
        assert_eq!(
            synonym.game, plain.game,
            "the same states at every mark and at the end"
        );
    }

    /// The marks a run of `first` and then `waits` waits takes, on a closed cave of three
    /// cells with nothing in it.
    fn marks_of(first: Action, waits: u32) -> Vec<u32> {
        let mut state = caves_rules::testing::state_on(&["#####\n#<..#\n#####"], 1);
        let mut marker = Marker::at(&state);
        for a in std::iter::once(first).chain((0..waits).map(|_| Action::Wait)) {
            marker.before(&state, a);
            assert!(state.act(a), "the run goes on");
            marker.after(&state);
        }
        marker.marks.iter().map(|&(turn, _)| turn).collect()
    }

    #[test]
    fn an_opening_of_buttons_has_no_marks_until_a_choice_or_its_limit() {
        // Waiting is a button: no marks while the run only waits, until the limit.
        let waited = marks_of(Action::Wait, OPENING_ACTIONS + 200);
        assert_eq!(waited.first(), Some(&3072), "the first mark past the limit");
        // Putting the torch out is the player's own choice: marks from the first, 64.
        let chosen = marks_of(Action::Torch, 200);
        assert_eq!(chosen[..3], [64, 80, 96]);
        // A step into the wall too.
        let bumped = marks_of(Action::Move(Dir::N), 200);
        assert_eq!(bumped.first(), Some(&64));
    }

    #[test]
    fn a_copy_with_another_ending_shares_its_marks_until_it_parts() {
        let run = long_run(TODAY, SEED, 0, 300);
        let plain = verify(&run.encode(), &days()).expect("verifies");
        let tail = verify(&tail_copy(&run, 240, 0b1011, 60).encode(), &days()).expect("verifies");
        assert_ne!(tail.game.whole, plain.game.whole);
        let shared = shared_marks(&tail.game.marks, &plain.game.marks);
        assert_eq!(shared, [64, 80, 96, 112, 128, 160, 192, 224]);
    }

    /// A board seed in whose caves the long run fights through the turns after 240, so the
    /// tail copy parts from it by a first turn the original did not take: still another game
    /// that shares its marks past half of the original's.
    #[test]
    fn a_tail_copy_parted_by_its_first_turn_shares_the_marks_before() {
        let seed = 17_339_015_791_875_003_951;
        let days = [Day {
            date: TODAY.into(),
            seed,
        }];
        let run = long_run(TODAY, seed, 0, 300);
        let plain = verify(&run.encode(), &days).expect("verifies");
        let tail = verify(&tail_copy(&run, 240, 0b1011, 60).encode(), &days).expect("verifies");
        assert_ne!(tail.game.whole, plain.game.whole);
        let last_shared = shared_marks(&tail.game.marks, &plain.game.marks)
            .into_iter()
            .max();
        assert!(last_shared > Some(150), "{last_shared:?}");
    }

    /// The turns of the marks of `copy` that `original` has too.
    fn shared_marks(copy: &[(u32, String)], original: &[(u32, String)]) -> Vec<u32> {
        copy.iter()
            .filter(|m| original.contains(m))
            .map(|m| m.0)
            .collect()
    }
}
