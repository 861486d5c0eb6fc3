//! What the screens share, handed to each screen's keys, taps, ticks and drawing: the session
//! (the run being played and the store), the page's layout and options, the player's display
//! choices, the message lines (the start screen's notice and play's hint), the words for
//! screen readers, the sounds and requests for the page, the moment being shown and the mouse. A screen
//! holds only its own state; everything here outlives any one screen.

use crate::app::announcer::Announcer;
use crate::app::daily::Graves;
use crate::app::flash::Flash;
use crate::app::goto::Goto;
use crate::app::options::Options;
use crate::app::prefs::Prefs;
use crate::app::request::Request;
use crate::app::session::Session;
use crate::app::sound::{Before, Cue};
use crate::rules::space::geom::Point;
use crate::rules::{Action, State};
use crate::view::layout::Layout;

pub struct Ctx {
    pub session: Session,
    pub layout: Layout,
    pub opts: Options,
    pub prefs: Prefs,
    /// A message for the start screen.
    pub notice: Option<String>,
    /// The interface's own latest message during play (travel, a refusal of the inventory,
    /// the overview), shown under the log; it is not part of the rules' log, so replays stay
    /// exact.
    pub hint: Option<String>,
    /// The hint is the line of an attack from out of sight: it belongs to that action, so the
    /// next action takes it away (it would read as the latest news of a later turn).
    pub hint_of_attack: bool,
    pub announcer: Announcer,
    pub requests: Vec<Request>,
    /// What the last action showed, drawn for a moment.
    pub flash: Option<Flash>,
    /// The map cell under the mouse.
    pub hover: Option<Point>,
    pub focused: bool,
    /// The sounds of what happened since the page last asked, when sound is on.
    pub cues: Vec<Cue>,
    /// Today's fallen, once the player's own daily run has ended.
    pub graves: Graves,
    /// The page has a board to post daily runs to (the page says so once it knows).
    pub board: bool,
    /// The expert bot's score on the days the board gave par of, for Your days.
    pub pars: Vec<(String, u32)>,
}

impl Ctx {
    /// The state of the run being played, if any.
    pub fn state(&self) -> Option<&State> {
        self.session.run().map(|r| &r.state)
    }

    pub fn touch(&self) -> bool {
        self.prefs.touch
    }

    /// Shows words under the log and says them aloud.
    pub fn tell(&mut self, text: &str) {
        self.hint = Some(text.into());
        self.hint_of_attack = false;
        self.announcer.say(text);
    }

    /// A key that changes how the game looks or sounds (`Prefs::toggle`); the page is asked
    /// to remember the choice, and a change of sound is said in words. True when the key was
    /// one.
    pub fn toggle_prefs(&mut self, key: &str) -> bool {
        let toggled = self.prefs.toggle(key);
        if toggled {
            self.requests.push(Request::Prefs);
            if matches!(key, "m" | "Sound") {
                self.say_sound();
            }
        }
        toggled
    }

    /// Says whether sound is now on, in play's hint and to screen readers, and drops the
    /// sounds not yet played when it went off.
    fn say_sound(&mut self) {
        let words = if self.prefs.sound {
            "Sound on (m turns it off)."
        } else {
            self.cues.clear();
            "Sound off (m turns it on)."
        };
        self.tell(words);
    }

    /// Applies an action to the run: the end screen comes next when the rules end it. A
    /// turn that goes on is written by `App::flush`, which the page calls right after
    /// painting the turn (so the save never delays the frame).
    pub fn act(&mut self, action: Action) -> Goto {
        let before = self.state().map(Before::of);
        let ended = self.session.act(action);
        if let (Some(before), Some(state), true) = (before, self.state(), self.prefs.sound) {
            // A page that never asks keeps only the latest few.
            let cues = before.cues(state);
            self.cues.extend(cues);
            let over = self.cues.len().saturating_sub(16);
            self.cues.drain(..over);
        }
        self.start_flash();
        if ended {
            // Today's fallen may be shown now: the page fetches them from its board.
            if self.daily_ended() {
                self.requests.push(Request::Fallen);
            }
            Goto::Ended
        } else {
            Goto::Stay
        }
    }

    /// Starts showing what the last action did, if it showed anything, and says where an
    /// attack from out of sight came from.
    fn start_flash(&mut self) {
        let (flash, said) = self.state().map(Flash::after).unwrap_or_default();
        if self.hint_of_attack {
            self.hint = None;
            self.hint_of_attack = false;
        }
        if !said.is_empty() {
            self.tell(&said);
            self.hint_of_attack = true;
        }
        self.flash = flash;
    }

    /// Advances the moment by `ms`; true when the view changed.
    pub fn tick_flash(&mut self, ms: f64) -> bool {
        let Some(f) = &mut self.flash else {
            return false;
        };
        if f.advance(ms) {
            self.flash = None;
        }
        true
    }

    /// Reads the store again, keeping the first notice.
    pub fn rescan(&mut self) {
        if let Some(notice) = self.session.rescan() {
            if self.notice.is_none() {
                self.notice = Some(notice);
            }
        }
    }

    /// Marks everything in the run's log as announced (a run just opened or resumed).
    pub fn hush(&mut self) {
        let log = self.session.run().map(|r| r.state.log());
        self.announcer.hush(log);
    }

    /// True when the run is a daily run that has ended: one the board takes.
    pub fn daily_ended(&self) -> bool {
        self.session
            .run()
            .is_some_and(|r| r.record.header.daily.is_some() && r.record.ended)
    }

    /// The name and words of the grave at `p` as `state` shows it, if any.
    pub fn grave(&self, state: &State, p: Point) -> Option<(&str, &str)> {
        self.graves.words(state, p)
    }
}
