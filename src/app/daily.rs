//! Today's fallen: the graves of other players' lost daily runs, which the page fetches from
//! its board once the player's own daily run of those caves has ended. Graves are drawn over
//! the map only: they are never part of the rules or of any record.

use crate::rules::space::geom::Point;
use crate::rules::State;

/// Today's fallen in the daily caves of `seed`: where each ended, and two lines of words
/// each (its name, then what ended it), as the page wrote them.
#[derive(Default)]
pub struct Graves {
    pub seed: u64,
    pub cells: Vec<Point>,
    pub words: String,
}

impl Graves {
    /// True when a grave at `p` shows in `state`: the caves of the graves, on a cell their
    /// player has seen.
    pub fn shows(&self, state: &State, p: Point) -> bool {
        state.seed() == self.seed && state.sight().remembers(p)
    }

    /// The number of the grave at `p` as `state` shows it.
    pub fn at(&self, state: &State, p: Point) -> Option<usize> {
        let i = self.cells.iter().position(|&g| g == p)?;
        self.shows(state, p).then_some(i)
    }

    /// The name and words of the grave at `p` as `state` shows it, if any.
    pub fn words(&self, state: &State, p: Point) -> Option<(&str, &str)> {
        // The page ends every line with a newline.
        let mut rest = self.words.as_str();
        for _ in 0..2 * self.at(state, p)? {
            rest = rest.split_once('\n')?.1;
        }
        let (name, rest) = rest.split_once('\n')?;
        Some((name, rest.split_once('\n')?.0))
    }
}
