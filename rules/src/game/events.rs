//! What happened in the last action, for the screen to show for a moment: blows, misses,
//! things in flight, creatures noticing the player. Events are never part of a record or of
//! the state's fingerprint; the rules only note them.

use crate::items::looks::Guise;
use crate::space::geom::Point;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A blow or a missile struck whoever stands at the point.
    Hit(Point),
    /// A thrown thing or a shot landed at the point without striking anyone.
    Miss(Point),
    /// A creature at the point noticed the player.
    Noticed(Point),
    /// A thing flew along these cells (from the thrower, in order).
    Flight { path: Vec<Point>, thing: Flier },
    /// The creature at `from` attacked the player at `to`. The screen says where an attack
    /// from out of sight came from (the rules' log line stays as it was, so records keep
    /// their fingerprints).
    Attacked { from: Point, to: Point, by: Attack },
    /// A pressure plate in view was set off.
    Trap(Point),
    /// A door in view opened or closed.
    Door(Point),
    /// Flames rose at the point: set alight, or a flask burst.
    Fire(Point),
}

/// What flew in a `Flight`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flier {
    /// A thrown item, as the player sees it.
    Item(Guise),
    /// A spat web.
    Web,
    /// A slung stone.
    Stone,
}

/// How a creature attacked the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attack {
    /// A blow from beside.
    Blow,
    /// A slung stone, from afar.
    Stone,
    /// A spat web, from afar.
    Web,
}
