//! How a run ends: what ended it (`Cause`), on which level and at which turn (`Ending`).
//! The state records the `Ending` when the run ends, and everything said of the end is made
//! from it: the end sentence of the log and the end screen, whether the run was won, and
//! the name the board gives what killed the player.

use crate::game::log::a as with_article;
use crate::kinds::creature::Creature;

/// How the run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Playing,
    /// Climbed out with the idol.
    Won,
    /// Killed, or climbed out without the idol.
    Lost,
}

/// What ended a run: each way the player can die, and the two ways out of the caves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// A creature of this kind killed the player: a blow, or a stone it threw.
    Creature(Creature),
    /// A creature of this kind burst beside the player, and its spores burnt them.
    Burst(Creature),
    /// The flames on the player's cell.
    Fire,
    /// The fall through a trapdoor.
    Fall,
    /// A scroll of kindling, burning in the reader's hands.
    Kindling,
    /// The player climbed out of the caves with the idol.
    Won,
    /// The player climbed out of the caves without it.
    Left,
}

impl Cause {
    /// Whether the run was won or lost.
    pub const fn outcome(self) -> Outcome {
        match self {
            Cause::Won => Outcome::Won,
            Cause::Creature(_)
            | Cause::Burst(_)
            | Cause::Fire
            | Cause::Fall
            | Cause::Kindling
            | Cause::Left => Outcome::Lost,
        }
    }

    /// What killed the player, named as the log names it ("giant rat", "fire", "fall",
    /// "burning scroll"); `None` when the player climbed out alive. A stable word: the board
    /// keeps it as the cause of a grave.
    pub const fn killer(self) -> Option<&'static str> {
        match self {
            Cause::Creature(kind) | Cause::Burst(kind) => Some(kind.name()),
            Cause::Fire => Some("fire"),
            Cause::Fall => Some("fall"),
            Cause::Kindling => Some("burning scroll"),
            Cause::Won | Cause::Left => None,
        }
    }
}

/// How a run ended: what ended it, the level it ended on (from 1, as the player counts
/// them) and the turns counted when it ended. A death in the player's own action (a fall, a
/// burst, a burning scroll) comes before that action's turn is counted; creatures and
/// flames strike after it, and the climb out is counted first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    pub cause: Cause,
    pub level: i32,
    pub turns: u32,
}

impl Ending {
    /// Whether the run was won or lost.
    pub const fn outcome(&self) -> Outcome {
        self.cause.outcome()
    }

    /// The end in words, as the log and the end screen say it.
    pub fn words(&self) -> String {
        match (self.cause, self.cause.killer()) {
            (Cause::Won, _) => format!(
                "You climb into the daylight with the golden idol after {} turns.",
                self.turns
            ),
            (_, Some(killer)) => format!(
                "You were killed by {} on level {} after {} turns.",
                with_article(killer),
                self.level,
                self.turns
            ),
            // Nothing killed the player, and they did not win: they left.
            (_, None) => "You leave the caves empty-handed.".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::ending::Cause;
    use crate::kinds::creature::Creature;
    use crate::testing::state_on;

    /// A run ends once: a second deadly hurt in the turn that killed the player (flames,
    /// then a creature's blow) leaves the first cause and one ending in the log.
    #[test]
    fn a_run_ends_once_by_the_first_deadly_hurt() {
        let mut s = state_on(&["#####\n#<..#\n#####"], 1);
        s.set_hp(1);
        s.hurt(3, "The flames burn you for 3.", Cause::Fire);
        s.hurt(4, "The orc hits you for 4.", Cause::Creature(Creature::Orc));
        let end = s.ending().expect("ended");
        assert_eq!(end.cause, Cause::Fire);
        let endings = s.log().entries().iter();
        let said: Vec<&str> = endings
            .filter(|e| e.text.starts_with("You were killed"))
            .map(|e| e.text.as_str())
            .collect();
        assert_eq!(said, [end.words().as_str()]);
    }
}
