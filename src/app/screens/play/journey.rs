//! Journeys and pointing: travel a step per clock tick towards a goal (a tapped or clicked
//! cell, the nearest stairs, the way out, the nearest unexplored place, or a run in a
//! straight line), taps and clicks on the map, and taking the stairs underfoot. Every step is
//! an ordinary action, so records and replays stay exact. A journey that stops short of its
//! goal says why, and Enter (a tap on the log, a gamepad's Start) sets out for it again;
//! exploring first weighs the torch's fuel (`rules::autopilot::fuel`) and stops to say when
//! going on would burn what the run needs.

use crate::app::ctx::Ctx;
use crate::app::next::Next;
use crate::app::screens::play::mode::{Journey, Mode, Play};
use crate::rules::autopilot::fuel::{shortfall, Shortfall};
use crate::rules::autopilot::routes;
use crate::rules::autopilot::stops::{interrupted, Watch};
use crate::rules::autopilot::travel::{first_step, next_step, run_stop, Goal};
use crate::rules::autopilot::untaken::nearest_untaken;
use crate::rules::kinds::tile::Tile;
use crate::rules::space::geom::Point;
use crate::rules::{Action, Dir, Outcome, State};

/// Milliseconds between the steps of a journey, so each step is seen.
const STEP_MS: f64 = 45.0;

/// After the player chose to explore on although the fuel runs short, exploring says so
/// again on another level or once this much more fuel has burned.
const FUEL_ASKED_AGAIN: i32 = 200;

impl Play {
    /// Sets out towards `goal`, taking the first step at once.
    pub(crate) fn start_travel(&mut self, ctx: &mut Ctx, goal: Goal) -> Next {
        ctx.hint = None;
        self.resume = None;
        self.mode = Mode::Journey(Journey {
            goal,
            carry: 0,
            under_way: false,
        });
        let (moved, next) = self.travel_step(ctx);
        if !moved {
            let on = |tile| {
                ctx.state()
                    .is_some_and(|s| s.world().tile(s.player()) == tile)
            };
            let here = ctx.state().map(State::player);
            let why = match goal {
                Goal::To(p) if here == Some(p) => "You are there.",
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
            if ctx.hint.is_none() {
                ctx.hint = Some(why.into());
                if let Goal::To(p) = goal {
                    self.offer_untaken(ctx, p);
                }
            }
        }
        next
    }

    /// After "You know no way there": names the nearest stair not yet taken towards `to`
    /// (what a player who knows no way tries next) and offers to travel there with Enter.
    fn offer_untaken(&mut self, ctx: &mut Ctx, to: Point) {
        let Some(state) = ctx.state() else {
            return;
        };
        let Some(route) = nearest_untaken(state, to) else {
            return;
        };
        let (me, stair) = (state.player(), route.to);
        let kind = if state.world().tile(stair) == Tile::StairsDown {
            "stairs down"
        } else {
            "stairs up"
        };
        let offer = if stair == me {
            format!(" You stand on {kind} not yet taken towards it.")
        } else {
            let steps = route.actions.len();
            let level = if stair.z == me.z {
                String::new()
            } else {
                format!(" on level {}", stair.z + 1)
            };
            self.mode = Mode::Offer(stair);
            format!(
                " The nearest {kind} not yet taken towards it{level} are {steps} {}: Enter goes there.",
                if steps == 1 { "step away" } else { "steps away" }
            )
        };
        if let Some(hint) = &mut ctx.hint {
            hint.push_str(&offer);
        }
    }

    /// Ends the journey under way, if any; true when there was one.
    pub(crate) fn end_journey(&mut self) -> bool {
        self.mode.end_if(|m| matches!(m, Mode::Journey(_)))
    }

    /// Stops the journey under way short of its goal, keeping the goal to go on to later;
    /// true when there was one.
    pub(crate) fn stop_journey(&mut self) -> bool {
        let goal = self.mode.journey().map(|j| j.goal);
        if self.end_journey() {
            self.resume = goal;
        }
        goal.is_some()
    }

    /// Sets out again for the goal of the journey that stopped short of it (Enter, a tap on
    /// the log, a gamepad's Start); with none, says so.
    pub(crate) fn go_on(&mut self, ctx: &mut Ctx) -> Next {
        match self.resume {
            Some(goal) => self.start_travel(ctx, goal),
            None => {
                ctx.hint = Some("There is no journey to go on with.".into());
                Next::Stay
            }
        }
    }

    /// How a stopped journey is taken up again, as the hint ends: by Enter, or on a touch
    /// screen by a tap on the log, where the hint is.
    pub(crate) fn go_on_words(ctx: &Ctx) -> &'static str {
        if ctx.touch() {
            "Tap here to go on."
        } else {
            "Enter goes on."
        }
    }

    /// True when screen cell (`col`, `row`) lies in the log's box.
    fn on_log(ctx: &Ctx, col: i32, row: i32) -> bool {
        let l = ctx.layout;
        row >= l.rows - l.log && row < l.rows && col >= l.sidebar && col < l.cols
    }

    /// The fuel exploring would burn, when it runs short of what the run needs and the
    /// player has not yet been told so here (on this level, within `FUEL_ASKED_AGAIN`).
    fn fuel_to_tell(&mut self, state: &State) -> Option<Shortfall> {
        let short = shortfall(state)?;
        let (level, fuel) = (state.player().z, state.fuel());
        if let Some((z, told)) = self.fuel_asked {
            if z == level && fuel > told - FUEL_ASKED_AGAIN {
                return None;
            }
        }
        self.fuel_asked = Some((level, fuel));
        Some(short)
    }

    /// Takes one step of the journey; false when it is over (arrived, or no way) and nothing
    /// changed on screen. A stop to weigh the fuel takes no step but says so: true.
    fn travel_step(&mut self, ctx: &mut Ctx) -> (bool, Next) {
        let (Some(j), Some(run)) = (self.mode.journey(), ctx.session.run()) else {
            self.end_journey();
            return (false, Next::Stay);
        };
        if run.state.outcome() != Outcome::Playing {
            self.end_journey();
            return (false, Next::Stay);
        }
        if j.goal == Goal::Explore {
            if let Some(short) = self.fuel_to_tell(&run.state) {
                self.stop_journey();
                let choice = match (ctx.touch(), run.state.carrying_idol()) {
                    (false, false) => "Enter explores on; ] heads on.",
                    (false, true) => "Enter explores on; [ heads out.",
                    (true, _) => "Tap here to explore on, or < > to head on.",
                };
                ctx.hint = Some(format!("{short}. {choice}"));
                // No step, but the hint is new: the screen changed.
                return (true, Next::Stay);
            }
        }
        let watch = Watch::of(&run.state);
        let step = if j.under_way {
            next_step(&run.state, j.goal)
        } else {
            first_step(&run.state, j.goal)
        };
        let Some(action) = step else {
            self.end_journey();
            return (false, Next::Stay);
        };
        if let Some(j) = self.mode.journey_mut() {
            j.under_way = true;
        }
        let next = Next::from(ctx.act(action));
        let Some(run) = ctx.session.run() else {
            self.end_journey();
            return (true, next);
        };
        let state = &run.state;
        if let Some(why) = interrupted(&watch, state, j.goal) {
            self.stop_journey();
            // After what the step itself showed (where an unseen attack came from).
            let stop = format!("Travel stops: {why}. {}", Self::go_on_words(ctx));
            ctx.hint = Some(match ctx.hint.take() {
                Some(said) => format!("{said} {stop}"),
                None => stop,
            });
        } else if let Goal::Run(d) = j.goal {
            if run_stop(state, d) {
                self.end_journey();
            }
        }
        (true, next)
    }

    /// Advances a journey by `ms` milliseconds of clock, a step per `STEP_MS`; true when
    /// the view changed.
    pub(crate) fn tick_travel(&mut self, ctx: &mut Ctx, ms: f64) -> (bool, Next) {
        let Some(j) = self.mode.journey_mut() else {
            return (false, Next::Stay);
        };
        let ms = if ms.is_finite() {
            ms.clamp(0.0, 1000.0)
        } else {
            0.0
        };
        j.carry += ms as u32;
        let (mut moved, mut next) = (false, Next::Stay);
        while let Some(j) = self.mode.journey_mut() {
            if f64::from(j.carry) < STEP_MS {
                break;
            }
            j.carry -= STEP_MS as u32;
            let (m, n) = self.travel_step(ctx);
            moved |= m;
            if !n.stays() {
                next = n;
            }
        }
        (moved, next)
    }

    /// Takes the stairs the player stands on (the way out on level 1 included).
    fn take_stairs(&mut self, ctx: &mut Ctx) -> Next {
        let Some(state) = ctx.state() else {
            return Next::Stay;
        };
        match state.world().tile(state.player()) {
            Tile::StairsDown => ctx.act(Action::Descend).into(),
            Tile::StairsUp => ctx.act(Action::Ascend).into(),
            _ => Next::Stay,
        }
    }

    /// The pad's stairs button goes the run's way: down, onward to what is still
    /// unexplored, or out once the idol is carried. Without the idol: to the nearest stairs
    /// down whose other end is unknown, taking them when it stands on them; with none, once
    /// this level holds nothing left to explore, the way `]` goes, which in a maze of
    /// stairs may climb first to come down elsewhere (while there is still something to
    /// explore here it says so, and explore goes there: a player who presses only this
    /// button is never sent back and forth over one stair between two levels' leftovers);
    /// with nothing left beyond any stairs, it takes the stairs down it stands on or walks
    /// to the nearest known ones. With the idol it follows the shortest known way out, as
    /// `[` does, and on the way out it climbs out. So a run can be played from the pad alone.
    pub(crate) fn stairs_button(&mut self, ctx: &mut Ctx) -> Next {
        let Some(state) = ctx.state() else {
            return Next::Stay;
        };
        let here = state.player();
        let tile = state.world().tile(here);
        if state.carrying_idol() {
            return if tile == Tile::StairsUp && here.z == 0 {
                self.take_stairs(ctx)
            } else {
                self.start_travel(ctx, Goal::WayOut)
            };
        }
        let world = state.world();
        let first = routes::onward(state).map(|r| r.first_stairs(here));
        let down_here = first.is_some_and(|p| {
            p.z == here.z
                && world.tile(p) == Tile::StairsDown
                && routes::stair_link(state, p).is_none()
        });
        if down_here {
            return if first == Some(here) {
                self.take_stairs(ctx)
            } else {
                self.start_travel(ctx, Goal::Onward)
            };
        }
        if first_step(state, Goal::Explore).is_some() {
            ctx.hint = Some(
                if ctx.touch() {
                    "There is more to explore on this level first: the explore button goes there."
                } else {
                    "There is more to explore on this level first: o goes there."
                }
                .into(),
            );
            return Next::Stay;
        }
        match first {
            Some(p) if p == here && tile.is_stairs() => self.take_stairs(ctx),
            Some(_) => self.start_travel(ctx, Goal::Onward),
            None if tile == Tile::StairsDown => self.take_stairs(ctx),
            None => self.start_travel(ctx, Goal::StairsDown),
        }
    }

    /// A tap or click on the map: it stops a journey, answers the question to leave (a tap
    /// on the player leaves), moves the look cursor, throws where aimed, or else waits,
    /// takes the stairs, attacks a creature next to the player or travels to the cell. A tap
    /// on the log, where a stopped journey's hint is, goes on with that journey.
    pub fn tap_map(&mut self, ctx: &mut Ctx, col: i32, row: i32) -> Option<Next> {
        let stopped = self.stop_journey();
        self.mode.end_if(|m| matches!(m, Mode::Offer(_)));
        if !stopped && self.resume.is_some() && Self::on_log(ctx, col, row) {
            return Some(self.go_on(ctx));
        }
        let asked = self.mode.end_if(|m| matches!(m, Mode::Leaving));
        let Some(at) = self.world_at(ctx, col, row) else {
            // Off the map, a tap that stopped a journey did that much.
            return stopped.then_some(Next::Stay);
        };
        match &mut self.mode {
            Mode::Look(look) => {
                look.at = at;
                return Some(Next::Stay);
            }
            Mode::Aim(_) => return Some(self.throw_at(ctx, at)),
            Mode::Kindle => return Some(self.kindle_at(ctx, at)),
            _ => {}
        }
        let leaving = Self::at_way_out_without_idol(ctx);
        let state = ctx.state()?;
        let me = state.player();
        let here = state.world().tile(me);
        let creature = state.monster_at(at).is_some() && state.sight().lit(at);
        if at == me {
            const LEAVE: &str = "This is the way out. Tap again to leave without the idol.";
            return Some(if leaving && !asked {
                self.ask_leave(ctx, LEAVE);
                Next::Stay
            } else if here.is_stairs() {
                ctx.hint = None;
                self.take_stairs(ctx)
            } else {
                ctx.hint = None;
                ctx.act(Action::Wait).into()
            });
        }
        ctx.hint = None;
        if creature && at.chebyshev(me) == 1 {
            return Some(match Dir::from_delta(at.x - me.x, at.y - me.y) {
                Some(d) => ctx.act(Action::Move(d)).into(),
                None => Next::Stay,
            });
        }
        Some(self.start_travel(ctx, Goal::To(at)))
    }
}
