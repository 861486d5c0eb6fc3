//! A bot's whole game: the bots by name, and a game played by one from its record's header to
//! its end, given back as the run's record.

use crate::game::{Game, Tactics};
use crate::{autopilot, careful, doused, expert, reckless};
use caves_rules::record::{Header, Record};
use caves_rules::{Action, Outcome, SetupError};

/// The most actions a bot takes before it is counted as stuck: its game ends there, not won
/// (its outcome is still `Outcome::Playing`).
pub const MAX_ACTIONS: usize = 30_000;

/// The bots, from the weakest player to the strongest, and the doused one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bot {
    Autopilot,
    Reckless,
    Careful,
    Expert,
    Doused,
}

/// How a bot's game went: its record (the header it was given, every action, the state's
/// fingerprints), how it ended and after how many turns. A game stopped at `MAX_ACTIONS` (or
/// the doused bot's `doused::MAX_TURNS`) has not ended: its outcome is `Outcome::Playing`.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    pub record: Record,
    pub outcome: Outcome,
    pub turns: u32,
    /// Why the bot took some of its actions, for a watcher to learn its tactics by: the
    /// index of the action each note explains, and the note ("The expert bot douses its
    /// torch: a shade hunts by light."), in the order of the actions, at most
    /// `game::MAX_NOTES`.
    pub notes: Vec<(usize, String)>,
}

impl Bot {
    /// Every bot, in the order the skill ladder plays them.
    pub const ALL: [Bot; 5] = [
        Bot::Autopilot,
        Bot::Reckless,
        Bot::Careful,
        Bot::Expert,
        Bot::Doused,
    ];

    /// Its name, as the ladder prints it.
    pub fn name(self) -> &'static str {
        match self {
            Bot::Autopilot => "autopilot",
            Bot::Reckless => "reckless",
            Bot::Careful => "careful",
            Bot::Expert => "expert",
            Bot::Doused => "doused",
        }
    }

    /// Its next action in a game.
    pub fn policy(self) -> fn(&mut Game) -> Action {
        match self {
            Bot::Autopilot => autopilot::policy,
            Bot::Reckless => reckless::policy,
            Bot::Careful => careful::policy,
            Bot::Expert => expert::policy,
            Bot::Doused => doused::policy,
        }
    }

    /// The most turns its game lasts before it counts as not won: only the doused bot's
    /// games have a bound of their own.
    pub fn max_turns(self) -> u32 {
        match self {
            Bot::Doused => doused::MAX_TURNS,
            _ => u32::MAX,
        }
    }

    /// Plays the game `header` starts (its seed, world, mode and day) to its end, or to
    /// `MAX_ACTIONS`. The same header gives the same run, on every machine: a bot decides
    /// by the game alone, never by the clock or by the order of a hash table.
    pub fn play(self, header: Header) -> Result<Run, SetupError> {
        self.play_with(header, Tactics::ALL)
    }

    /// `play` with the expert's `tactics` (the other bots have none).
    pub fn play_with(self, header: Header, tactics: Tactics) -> Result<Run, SetupError> {
        let mut g = Game::with_state(header.start()?);
        g.tactics = tactics;
        let mut record = Record::start(header, &g.state);
        let policy = self.policy();
        while g.state.outcome() == Outcome::Playing
            && g.taken.len() < MAX_ACTIONS
            && g.state.turn() < self.max_turns()
        {
            let a = policy(&mut g);
            g.act(a);
            record.push(a, &g.state);
        }
        let name = self.name();
        Ok(Run {
            record,
            outcome: g.state.outcome(),
            turns: g.state.turn(),
            notes: (g.notes.iter())
                .map(|&(at, why)| (at, format!("The {name} bot {why}.")))
                .collect(),
        })
    }
}
