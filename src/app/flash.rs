//! Moments of the view: what the last action showed (a thing in flight, a blow, a miss, a
//! creature noticing the player) is drawn for a moment after it, frame by frame. These are
//! frames of the view only, never part of the record. Any key or tap finishes them at once,
//! and is then handled as usual, so no input is lost.

use super::App;
use crate::rules::geom::Point;
use crate::rules::Event;

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
                (Event::Flight { path, glyph }, true) => {
                    // The path starts at the thrower: the thing is first shown a cell out.
                    let i = (self.ms / FLIGHT_MS) as usize + 1;
                    if let Some(&at) = path.get(i.min(path.len().saturating_sub(1))) {
                        out.push(Mark {
                            at,
                            glyph: Some(*glyph),
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
                _ => {}
            }
        }
        out
    }
}

impl App {
    /// Starts showing what the last action did, if it showed anything.
    pub(super) fn start_flash(&mut self) {
        let events = self
            .state()
            .map(|s| s.events().to_vec())
            .unwrap_or_default();
        self.flash = (!events.is_empty()).then_some(Flash { events, ms: 0.0 });
    }

    /// What is being shown for a moment, if anything.
    pub fn flash(&self) -> Option<&Flash> {
        self.flash.as_ref()
    }

    /// Advances the moment by `ms`; true when the view changed.
    pub(super) fn tick_flash(&mut self, ms: f64) -> bool {
        let Some(f) = &mut self.flash else {
            return false;
        };
        f.ms += if ms.is_finite() {
            ms.clamp(0.0, 1000.0)
        } else {
            0.0
        };
        if f.done() {
            self.flash = None;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flight_moves_cell_by_cell_then_the_blow_shows_then_all_ends() {
        let path: Vec<Point> = (0..4).map(|x| Point::new(x, 0, 0)).collect();
        let mut f = Flash {
            events: vec![
                Event::Flight {
                    path: path.clone(),
                    glyph: b')',
                },
                Event::Hit(path[3]),
            ],
            ms: 0.0,
        };
        let at = |f: &Flash| f.marks().iter().map(|m| m.at).collect::<Vec<_>>();
        assert_eq!(at(&f), [path[1]]);
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
}
