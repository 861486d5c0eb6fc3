//! Moments of the view: what the last action showed (a thing in flight, a blow, a miss, a
//! creature noticing the player, the side an attack from out of sight came from) is drawn
//! for a moment after it, frame by frame. These are frames of the view only, never part of
//! the record. Any key or tap finishes them at once, and is then handled as usual, so no
//! input is lost.
//!
//! An attack by a creature the player does not see also gets a line of the interface's own
//! ("A stone hits you from the north-east."), shown under the log and said aloud: the rules'
//! log is part of every record's fingerprint, so the direction comes from an event instead.

use crate::rules::space::geom::Point;
use crate::rules::{Attack, Dir, Event, Flier, State};
use crate::view::kinds::Shown;

/// Milliseconds a thing in flight takes per cell, and a blow, miss or notice is shown.
const FLIGHT_MS: f64 = 28.0;
const MARK_MS: f64 = 240.0;

/// The events being shown and how long they have been.
#[derive(Clone, Debug, Default)]
pub struct Flash {
    events: Vec<Event>,
    ms: f64,
}

/// One overlaid cell: where, the glyph (or the cell's own), and its colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    pub at: Point,
    pub glyph: Option<u8>,
    pub fg: [u8; 3],
    pub bg: Option<[u8; 3]>,
}

impl Flash {
    fn flight_ms(&self) -> f64 {
        let cells = self
            .events
            .iter()
            .map(|e| match e {
                Event::Flight { path, .. } => path.len().saturating_sub(1),
                _ => 0,
            })
            .max()
            .unwrap_or(0);
        cells as f64 * FLIGHT_MS
    }

    fn done(&self) -> bool {
        self.ms >= self.flight_ms() + MARK_MS
    }

    /// The cells to draw over the map now.
    pub fn marks(&self) -> Vec<Mark> {
        let flying = self.ms < self.flight_ms();
        let mut out = Vec::new();
        for e in &self.events {
            match (e, flying) {
                (Event::Flight { path, thing }, true) => {
                    // The path starts at the thrower: the thing is first shown a cell out.
                    let i = (self.ms / FLIGHT_MS) as usize + 1;
                    if let Some(&at) = path.get(i.min(path.len().saturating_sub(1))) {
                        out.push(Mark {
                            at,
                            glyph: Some(flier_glyph(*thing)),
                            fg: [255, 255, 255],
                            bg: None,
                        });
                    }
                }
                (Event::Hit(at), false) => out.push(Mark {
                    at: *at,
                    glyph: None,
                    fg: [255, 255, 255],
                    bg: Some([170, 30, 40]),
                }),
                (Event::Miss(at), false) => out.push(Mark {
                    at: *at,
                    glyph: Some(b'*'),
                    fg: [200, 200, 200],
                    bg: None,
                }),
                (Event::Noticed(at), false) => out.push(Mark {
                    at: at.offset(0, -1),
                    glyph: Some(b'!'),
                    fg: [255, 216, 0],
                    bg: None,
                }),
                // A streak beside the player, on the side the attack came from.
                (Event::Attacked { from, to, .. }, false) => {
                    if let Some(d) = bearing(from.x - to.x, from.y - to.y) {
                        let (dx, dy) = d.delta();
                        out.push(Mark {
                            at: to.offset(dx, dy),
                            glyph: Some(streak(d)),
                            fg: [255, 150, 40],
                            bg: None,
                        });
                    }
                }
                _ => {}
            }
        }
        out
    }
}

/// The glyph of a thing in flight: a thrown item as the player sees it, a web or a stone.
fn flier_glyph(thing: Flier) -> u8 {
    match thing {
        Flier::Item(seen) => seen.look().glyph,
        Flier::Web => b'*',
        Flier::Stone => 0x07,
    }
}

/// The compass direction nearest in angle to (`dx`, `dy`), if not zero: a diagonal only within
/// about 22.5 degrees of one (2/5 stands for tan 22.5 degrees).
fn bearing(dx: i32, dy: i32) -> Option<Dir> {
    let (ax, ay) = (dx.abs(), dy.abs());
    let x = if 5 * ax < 2 * ay { 0 } else { dx.signum() };
    let y = if 5 * ay < 2 * ax { 0 } else { dy.signum() };
    Dir::from_delta(x, y)
}

/// The glyph of a streak along direction `d`.
fn streak(d: Dir) -> u8 {
    match d {
        Dir::N | Dir::S => b'|',
        Dir::E | Dir::W => b'-',
        Dir::NE | Dir::SW => b'/',
        Dir::NW | Dir::SE => b'\\',
    }
}

/// The last action's events as the player may see them: an attack by a creature the player
/// sees now needs no pointer to where it came from, so it is left out.
fn shown(state: &State) -> Vec<Event> {
    let seen = |p: Point| p.z == state.player().z && state.sight().lit(p);
    let mut shown = Vec::new();
    for e in state.events() {
        if !matches!(e, Event::Attacked { from, .. } if seen(*from)) {
            shown.push(e.clone());
        }
    }
    shown
}

/// Where the attacks from out of sight in `events` came from, in words, one line each:
/// "A stone hits you from the north-east."
fn unseen_attacks(events: &[Event]) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for e in events {
        let Event::Attacked { from, to, by } = e else {
            continue;
        };
        let Some(d) = bearing(from.x - to.x, from.y - to.y) else {
            continue;
        };
        let what = match by {
            Attack::Blow => "Something hits you",
            Attack::Stone => "A stone hits you",
            Attack::Web => "A web flies at you",
        };
        let line = format!("{what} from the {}.", d.name());
        if !lines.contains(&line) {
            lines.push(line);
        }
    }
    lines
}

impl Flash {
    /// What the last action showed in `state`, if anything, and the words that say where an
    /// attack from out of sight came from (empty when there was none).
    pub fn after(state: &State) -> (Option<Flash>, String) {
        let events = shown(state);
        let said = unseen_attacks(&events).join(" ");
        (
            (!events.is_empty()).then_some(Flash { events, ms: 0.0 }),
            said,
        )
    }

    /// Advances the moment by `ms` (a bad or huge step counts as at most a second); true
    /// when it is over.
    pub fn advance(&mut self, ms: f64) -> bool {
        self.ms += if ms.is_finite() {
            ms.clamp(0.0, 1000.0)
        } else {
            0.0
        };
        self.done()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flight_moves_cell_by_cell_then_the_blow_shows_then_all_ends() {
        use crate::rules::items::looks::Guise;
        use crate::rules::kinds::item::Item;
        let path: Vec<Point> = (0..4).map(|x| Point::new(x, 0, 0)).collect();
        let mut f = Flash {
            events: vec![
                Event::Flight {
                    path: path.clone(),
                    thing: Flier::Item(Guise::Known(Item::Dagger)),
                },
                Event::Hit(path[3]),
            ],
            ms: 0.0,
        };
        let at = |f: &Flash| f.marks().iter().map(|m| m.at).collect::<Vec<_>>();
        assert_eq!(at(&f), [path[1]]);
        assert_eq!(f.marks()[0].glyph, Some(b')'), "a dagger flies as a dagger");
        f.ms = 1.5 * FLIGHT_MS;
        assert_eq!(at(&f), [path[2]]);
        f.ms = 3.0 * FLIGHT_MS;
        assert_eq!(
            f.marks()[0].bg,
            Some([170, 30, 40]),
            "the blow after the flight"
        );
        assert!(!f.done());
        f.ms += MARK_MS;
        assert!(f.done());
    }

    #[test]
    fn an_attack_from_afar_is_named_by_the_nearest_of_eight_directions() {
        assert_eq!(bearing(5, -1), Some(Dir::E), "mostly east");
        assert_eq!(bearing(3, -3), Some(Dir::NE));
        assert_eq!(bearing(2, 4), Some(Dir::SE));
        assert_eq!(bearing(-1, 5), Some(Dir::S));
        assert_eq!(bearing(0, 0), None);
        let stone = Event::Attacked {
            from: Point::new(9, 1, 0),
            to: Point::new(4, 2, 0),
            by: Attack::Stone,
        };
        assert_eq!(
            unseen_attacks(&[stone.clone(), stone]),
            ["A stone hits you from the east."]
        );
    }
}
