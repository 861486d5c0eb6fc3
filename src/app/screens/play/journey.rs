//! Journeys and pointing: travel a step per clock tick towards a goal (a tapped or clicked
//! cell, the nearest stairs, the nearest unexplored place, or a run in a straight line),
//! taps and clicks on the screen, long presses that look, and taking the stairs underfoot.
//! Every step is an ordinary action, so records and replays stay exact.

use crate::app::screens::play::mode::{Journey, Mode};
use crate::app::{App, Screen};
use crate::rules::autopilot::travel::{first_step, interrupted, next_step, run_stop, Goal, Watch};
use crate::rules::kinds::tile::Tile;
use crate::rules::space::geom::Point;
use crate::rules::{Action, Dir, Outcome};
use crate::view::kinds::cyclopedia::entry;

/// Milliseconds between the steps of a journey, so each step is seen.
const STEP_MS: f64 = 45.0;

impl App {
    /// The journey under way, if any.
    pub fn journey(&self) -> Option<Journey> {
        self.play.mode.journey()
    }

    /// Sets out towards `goal`, taking the first step at once.
    pub fn start_travel(&mut self, goal: Goal) {
        self.play.hint = None;
        self.play.mode = Mode::Journey(Journey {
            goal,
            carry: 0,
            under_way: false,
        });
        if !self.travel_step() {
            let on = |tile| {
                self.state()
                    .is_some_and(|s| s.world().tile(s.player()) == tile)
            };
            let why = match goal {
                Goal::StairsDown | Goal::WayOut | Goal::Onward if on(Tile::StairsDown) => {
                    "You are standing on the stairs down: > takes them."
                }
                Goal::StairsUp | Goal::WayOut | Goal::Onward if on(Tile::StairsUp) => {
                    "You are standing on the stairs up: < climbs them."
                }
                Goal::StairsDown | Goal::Onward => "You know of no stairs down on this level.",
                Goal::StairsUp | Goal::WayOut => "You know of no stairs up on this level.",
                Goal::Explore => "There is nothing left to explore that you can reach.",
                Goal::To(_) => "You know no way there.",
                Goal::Run(_) => "You cannot run that way.",
            };
            if self.play.hint.is_none() {
                self.play.hint = Some(why.into());
            }
        }
    }

    /// Ends the journey under way, if any; true when there was one.
    pub(in crate::app) fn end_journey(&mut self) -> bool {
        self.play.mode.end_if(|m| matches!(m, Mode::Journey(_)))
    }

    /// Takes one step of the journey; false when it is over (arrived, stopped, or no way).
    fn travel_step(&mut self) -> bool {
        let (Some(j), Some(run)) = (self.play.mode.journey(), self.session.run()) else {
            self.end_journey();
            return false;
        };
        if self.screen() != Screen::Play || run.state.outcome() != Outcome::Playing {
            self.end_journey();
            return false;
        }
        let watch = Watch::of(&run.state);
        let next = if j.under_way {
            next_step(&run.state, j.goal)
        } else {
            first_step(&run.state, j.goal)
        };
        let Some(action) = next else {
            self.end_journey();
            return false;
        };
        if let Some(j) = self.play.mode.journey_mut() {
            j.under_way = true;
        }
        self.act(action);
        let Some(run) = self.session.run() else {
            self.end_journey();
            return true;
        };
        let state = &run.state;
        if let Some(why) = interrupted(&watch, state, j.goal) {
            self.end_journey();
            // After what the step itself showed (where an unseen attack came from).
            let stop = format!("Travel stops: {why}.");
            self.play.hint = Some(match self.play.hint.take() {
                Some(said) => format!("{said} {stop}"),
                None => stop,
            });
        } else if let Goal::Run(d) = j.goal {
            if run_stop(state, d) {
                self.end_journey();
            }
        }
        true
    }

    pub(in crate::app) fn tick_travel(&mut self, ms: f64) -> bool {
        let Some(j) = self.play.mode.journey_mut() else {
            return false;
        };
        let ms = if ms.is_finite() {
            ms.clamp(0.0, 1000.0)
        } else {
            0.0
        };
        j.carry += ms as u32;
        let mut moved = false;
        while let Some(j) = self.play.mode.journey_mut() {
            if f64::from(j.carry) < STEP_MS {
                break;
            }
            j.carry -= STEP_MS as u32;
            moved |= self.travel_step();
        }
        moved
    }

    /// Takes the stairs the player stands on (the way out on level 1 included).
    pub(in crate::app) fn take_stairs(&mut self) {
        let Some(run) = self.session.run() else {
            return;
        };
        match run.state.world().tile(run.state.player()) {
            Tile::StairsDown => self.act(Action::Descend),
            Tile::StairsUp => self.act(Action::Ascend),
            _ => {}
        }
    }

    /// The pad's stairs button goes the run's way: down, or up once the idol is carried. On
    /// stairs that way it takes them; anywhere else (stairs the other way included) it
    /// travels to the nearest known stairs that way, so a run can be played from the pad
    /// alone. Stairs the other way are taken by tapping the player standing on them.
    pub(in crate::app) fn stairs_button(&mut self) {
        let Some(run) = self.session.run() else {
            return;
        };
        let state = &run.state;
        match (state.world().tile(state.player()), state.carrying_idol()) {
            (Tile::StairsDown, false) | (Tile::StairsUp, true) => self.take_stairs(),
            (_, true) => self.start_travel(Goal::StairsUp),
            (_, false) => self.start_travel(Goal::StairsDown),
        }
    }

    pub(in crate::app) fn tap_map(&mut self, col: i32, row: i32, asked: bool) -> bool {
        let Some(at) = self.world_at(col, row) else {
            return false;
        };
        match &mut self.play.mode {
            Mode::Look(look) => {
                look.at = at;
                return true;
            }
            Mode::Aim(_) => {
                self.throw_at(at);
                return true;
            }
            _ => {}
        }
        let leaving = self.at_way_out_without_idol();
        let Some(state) = self.state() else {
            return false;
        };
        let me = state.player();
        let here = state.world().tile(me);
        let creature = state.monster_at(at).is_some() && state.sight().lit(at);
        if at == me {
            const LEAVE: &str = "This is the way out. Tap again to leave without the idol.";
            if leaving && !asked {
                self.ask_leave(LEAVE);
            } else if here.is_stairs() {
                self.play.hint = None;
                self.take_stairs();
            } else {
                self.play.hint = None;
                self.act(Action::Wait);
            }
            return true;
        }
        self.play.hint = None;
        if creature && at.chebyshev(me) == 1 {
            if let Some(d) = Dir::from_delta(at.x - me.x, at.y - me.y) {
                self.act(Action::Move(d));
            }
            return true;
        }
        self.start_travel(Goal::To(at));
        true
    }

    /// A long press at screen cell (`col`, `row`): looks at what is there, as the mouse does,
    /// and says it aloud.
    pub fn press(&mut self, col: i32, row: i32) -> Option<Point> {
        let at = self.world_at(col, row);
        self.hover = at;
        let said = match (at, self.state()) {
            (Some(p), Some(state)) => Some(match state.describe(p) {
                Some(e) => {
                    let e = entry(e);
                    format!("{}: {}", e.name, e.description)
                }
                None => "A place you have not seen.".to_string(),
            }),
            _ => None,
        };
        if let Some(text) = said {
            self.say_aloud(&text);
        }
        at
    }
}
