//! The app layer above the rules: a stack of screens, look mode, hover, focus and layout,
//! saving after every turn, the start menu and the replay viewer. Keys become rules actions
//! or interface commands here; the rules never see a key.

mod announcer;
mod describe;
pub mod draw;
mod flash;
pub mod input;
mod pick;
mod prefs;
mod replayer;
mod run;
pub mod screens;
mod session;
mod sound;

use announcer::Announcer;
pub use prefs::Prefs;
pub use replayer::{Replayer, MAX_SPEED};
pub use run::Run;
pub use session::{Saving, Session};
pub use sound::Cue;

use crate::record::{Header, Record};
use crate::rules::builder::WorldParams;
use crate::rules::space::geom::Point;
use crate::rules::{Action, Outcome, State};
use crate::save::{Found, MemoryStore, Store};
use crate::view::colour::Palette;
use crate::view::layout::Layout;
use input::is_modifier;
pub use screens::play::mode::Journey;
use screens::play::mode::{in_reach, Mode, Play};

/// Which screen is showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Start,
    Play,
    Help,
    /// The end of a run: won or lost.
    Ended,
    Replay,
    /// The carried items, to look at or to choose one for an action.
    Inventory(pick::Pick),
    /// The map of every level seen (`overview.rs`).
    Overview,
}

/// How the stack of screens changes: every change goes through `App::go`, so each screen's
/// code says what comes next instead of rearranging the stack itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Open a screen over this one (help, the inventory); `Pop` comes back.
    Push(Screen),
    /// Close this screen, back to the one under it.
    Pop,
    /// Leave everything for this screen (a run begins, ends, or the start screen).
    Reset(Screen),
}

/// Something only the page can do, asked for by a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Hold the lock of run `id` while this page plays it.
    Lock(u32),
    /// Take run `id` over from the other page that holds it.
    TakeOver(u32),
    /// Make and show the link of the shown run.
    Share,
    /// Offer the shown run's record as a file.
    Export,
    /// Ask for a record file to watch.
    Import,
    /// Offer kept (unreadable) saved text number `n` as a file.
    DownloadKept(usize),
    /// Remember the display choices (`App::prefs`), and fit the screen again.
    Prefs,
    /// Open the cave lab on this seed.
    Lab(u64),
    /// Show today's shared board of daily runs.
    Board,
    /// Post the shown run, a daily run that has ended, to its day's board.
    Post,
}

/// How a page starts the app.
#[derive(Clone, Debug)]
pub struct Options {
    /// The seed of the next new run.
    pub seed: u64,
    /// Set for a daily run: the UTC date, YYYY-MM-DD.
    pub daily: Option<String>,
    /// Today's date (YYYY-MM-DD), for the history.
    pub today: String,
    pub params: WorldParams,
    /// A number that makes this page's new run ids unlikely to meet another page's.
    pub nonce: u32,
    pub layout: Layout,
    /// How new runs are played: Normal, or Explorer for learning (daily runs are Normal).
    pub mode: crate::rules::Mode,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            seed: 0,
            daily: None,
            today: String::new(),
            params: WorldParams::default(),
            nonce: 1,
            layout: Layout::DESKTOP,
            mode: crate::rules::Mode::Normal,
        }
    }
}

/// The app: the screens over the run being played (its `Session`), the replay viewer, the
/// player's display choices, the words for screen readers and what the page is asked to do.
pub struct App {
    session: Session,
    replay: Option<Replayer>,
    screens: Vec<Screen>,
    /// The play screen's own state: its sub-mode (look, aim, the leave question, a journey)
    /// and its hint.
    play: Play,
    hover: Option<Point>,
    focused: bool,
    layout: Layout,
    opts: Options,
    /// A message for the start screen.
    notice: Option<String>,
    announcer: Announcer,
    prefs: Prefs,
    requests: Vec<Request>,
    /// What the last action showed, drawn for a moment.
    flash: Option<flash::Flash>,
    /// The overview's level and cursor.
    overview: screens::overview::Overview,
    /// The sounds of what happened since the page last asked, when sound is on.
    cues: Vec<Cue>,
}

impl App {
    /// The app on its start screen, with whatever the store holds.
    pub fn new(store: Box<dyn Store>, opts: Options) -> App {
        let mut app = App {
            session: Session::new(store, opts.nonce, opts.today.clone()),
            replay: None,
            screens: vec![Screen::Start],
            play: Play::default(),
            hover: None,
            focused: true,
            layout: opts.layout,
            opts,
            notice: None,
            announcer: Announcer::default(),
            prefs: Prefs::default(),
            requests: Vec::new(),
            flash: None,
            overview: screens::overview::Overview {
                z: 0,
                cursor: Point::new(0, 0, 0),
            },
            cues: Vec::new(),
        };
        app.rescan();
        app
    }

    /// An app playing a hand-made state (a scripted scene for tests), on the play screen.
    /// It is never saved: its world does not come from a seed.
    pub fn scene(state: State) -> App {
        let mut app = App::new(Box::new(MemoryStore::default()), Options::default());
        let header = Header::new(state.seed(), WorldParams::default(), None);
        let record = Record::start(header, &state);
        app.session.open_scene(Run {
            id: 0,
            state,
            record,
        });
        app.screens = vec![Screen::Play];
        app
    }

    /// The state of the run, for scripted scenes that place things by hand.
    pub fn scene_state(&mut self) -> Option<&mut State> {
        let scene = self.session.scene();
        self.session
            .run_mut()
            .filter(|_| scene)
            .map(|r| &mut r.state)
    }

    fn rescan(&mut self) {
        if let Some(notice) = self.session.rescan() {
            if self.notice.is_none() {
                self.notice = Some(notice);
            }
        }
    }

    /// Changes the stack of screens. The start screen is always at the bottom: popping the
    /// last screen leaves it. Every arrival at the start screen reads the store again, so its
    /// menu lists runs as they are now (another tab or this page may have played, ended or
    /// saved one since the last scan).
    fn go(&mut self, next: Next) {
        match next {
            Next::Push(screen) => self.screens.push(screen),
            Next::Pop => {
                self.screens.pop();
                if self.screens.is_empty() {
                    self.screens.push(Screen::Start);
                }
            }
            Next::Reset(screen) => self.screens = vec![screen],
        }
        if self.screen() == Screen::Start {
            self.rescan();
        }
    }

    // ---- what the view reads

    pub fn screen(&self) -> Screen {
        *self.screens.last().unwrap_or(&Screen::Start)
    }
    pub fn layout(&self) -> Layout {
        self.layout
    }
    pub fn focused(&self) -> bool {
        self.focused
    }
    pub fn run(&self) -> Option<&Run> {
        self.session.run()
    }
    pub fn session(&self) -> &Session {
        &self.session
    }
    pub fn replayer(&self) -> Option<&Replayer> {
        self.replay.as_ref()
    }
    /// The state on screen: the replay's while watching, else the run's.
    pub fn state(&self) -> Option<&State> {
        match (self.screen(), &self.replay, self.session.run()) {
            (Screen::Replay, Some(r), _) => Some(&r.state),
            (_, _, Some(run)) => Some(&run.state),
            (_, Some(r), None) => Some(&r.state),
            _ => None,
        }
    }
    /// The record of the run on screen.
    pub fn record(&self) -> Option<&Record> {
        match (self.screen(), &self.replay, self.session.run()) {
            (Screen::Replay, Some(r), _) => Some(&r.record),
            (_, _, Some(run)) => Some(&run.record),
            (_, Some(r), None) => Some(&r.record),
            _ => None,
        }
    }
    pub fn found(&self) -> &Found {
        self.session.found()
    }
    pub fn saving(&self) -> &Saving {
        self.session.saving()
    }
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }
    /// What is being shown for a moment, if anything.
    pub fn flash(&self) -> Option<&flash::Flash> {
        self.flash.as_ref()
    }
    /// The interface's latest message during play, if any.
    pub fn hint(&self) -> Option<&str> {
        self.play.hint.as_deref()
    }
    pub fn busy(&self) -> &[u32] {
        self.session.busy()
    }
    pub fn options(&self) -> &Options {
        &self.opts
    }
    /// The look cursor while look mode is on.
    pub fn look_cursor(&self) -> Option<Point> {
        self.play.mode.look()
    }
    pub fn hover(&self) -> Option<Point> {
        self.hover
    }
    /// The place the map view follows: the player, or while looking, wherever the look
    /// cursor has scrolled the view to.
    pub fn view_focus(&self) -> Option<Point> {
        let player = self.state().map(State::player);
        match self.play.mode {
            Mode::Look(look) => look.view.or(player),
            _ => player,
        }
    }
    /// The cell being looked at: the look cursor, else the mouse.
    pub fn looking_at(&self) -> Option<Point> {
        self.play.mode.look().or(self.hover)
    }
    /// What the page has been asked to do since the last call.
    /// The sounds to play, from the actions since the last call.
    pub fn take_cues(&mut self) -> Vec<Cue> {
        std::mem::take(&mut self.cues)
    }

    pub fn take_requests(&mut self) -> Vec<Request> {
        std::mem::take(&mut self.requests)
    }

    // ---- what the page tells the app

    pub fn set_focused(&mut self, focused: bool) {
        self.focused = focused;
    }

    /// The page's layout changed (a new window size or glyph size).
    pub fn set_layout(&mut self, layout: Layout) {
        self.layout = layout;
        self.play.mode.end_if(|m| matches!(m, Mode::Look(_)));
    }

    /// Whether the player uses a touch screen (screens then say "tap").
    pub fn set_touch(&mut self, touch: bool) {
        self.prefs.touch = touch;
    }

    pub fn touch(&self) -> bool {
        self.prefs.touch
    }

    pub fn palette(&self) -> Palette {
        self.prefs.palette
    }

    pub fn larger(&self) -> bool {
        self.prefs.larger
    }

    /// The player's display choices as text, for the page to remember (`Prefs::to_text`).
    pub fn prefs(&self) -> String {
        self.prefs.to_text()
    }

    /// Takes back display choices written by `prefs` (unknown words are ignored).
    pub fn set_prefs(&mut self, text: &str) {
        self.prefs.read(text);
    }

    /// Sets the map cell under the mouse (`None` when the mouse leaves the map).
    pub fn set_hover(&mut self, p: Option<Point>) {
        self.hover = p;
        let me = self.state().map(State::player);
        if let (Mode::Aim(aim), Some(p), Some(me)) = (&mut self.play.mode, p, me) {
            if in_reach(me, p) {
                aim.at = p;
            }
        }
    }

    /// The map cell shown at screen cell (`col`, `row`), if any.
    pub fn world_at(&self, col: i32, row: i32) -> Option<Point> {
        let state = self.state()?;
        let w = state.world();
        let focus = self.view_focus()?;
        self.layout
            .world_at(focus, (w.width(), w.height()), col, row)
    }

    /// Runs that another page is playing now.
    pub fn set_busy(&mut self, ids: Vec<u32>) {
        self.session.set_busy(ids);
    }

    /// Another page took this page's run over: stop saving it here.
    pub fn lock_lost(&mut self) {
        self.session.lock_lost();
    }

    /// The page holds a lock per run (Web Locks), and answers every `Request::Lock` with
    /// `lock_held` or `lock_refused`: a resumed run is then written only once its lock is held.
    pub fn set_locking(&mut self, on: bool) {
        self.session.set_locking(on);
    }

    /// This page holds the lock of run `id`. True when that changed what the sidebar says.
    pub fn lock_held(&mut self, id: u32) -> bool {
        self.session.lock_held(id)
    }

    /// Another page holds run `id`, which this page began to play before it knew: back to the
    /// start menu, where the run is offered to take over, with nothing written. A run this
    /// page held before is lost to the other page instead (`lock_lost`).
    pub fn lock_refused(&mut self, id: u32) {
        if !self.session.lock_refused(id) {
            self.lock_lost();
            return;
        }
        self.replay = None;
        self.play = Play::default();
        self.flash = None;
        self.notice = Some("That run is being played in another tab.".into());
        self.go(Next::Reset(Screen::Start));
    }

    /// This page now holds run `id` (taken over from another page): resume it.
    pub fn took_over(&mut self, id: u32) {
        self.session.free(id);
        self.rescan();
        if let Some(i) = self.found().runs.iter().position(|r| r.id == id) {
            self.resume(i);
            self.session.lock_held(id);
        }
    }

    /// Why the end of the run that ended last is not saved yet, while the store refuses it
    /// (it is asked again after every input).
    pub fn end_unsaved(&self) -> Option<String> {
        self.session.end_unsaved()
    }

    /// Opens a record (from a link or a file) in the replay viewer. Returns false, with a
    /// notice on the start screen, when it cannot be watched.
    pub fn open_replay(&mut self, bytes: &[u8]) -> bool {
        match Record::decode(bytes) {
            Ok(record) => self.watch(record),
            Err(e) => {
                self.notice = Some(format!("That run cannot be shown: {e}."));
                self.go(Next::Reset(Screen::Start));
                false
            }
        }
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
        self.play.hint = Some(words.into());
        self.announcer.say(words);
    }

    /// Shows a message on the start screen.
    pub fn say(&mut self, message: &str) {
        self.notice = Some(message.to_string());
    }

    /// Shows, on the start screen, why a link or file could not be opened.
    pub fn refuse(&mut self, why: &str) {
        self.notice = Some(format!("That run cannot be shown: {why}."));
        self.replay = None;
        self.go(Next::Reset(Screen::Start));
    }

    fn watch(&mut self, record: Record) -> bool {
        match crate::record::replay::initial(&record) {
            Ok(state) => {
                self.replay = Some(Replayer::new(record, state));
                self.go(Next::Reset(Screen::Replay));
                self.play = Play::default();
                true
            }
            Err(e) => {
                self.notice = Some(format!("That run cannot be shown: {e}."));
                false
            }
        }
    }

    /// Advances a playing replay or a journey by `ms` milliseconds; true when the screen
    /// changed.
    pub fn tick(&mut self, ms: f64) -> bool {
        if self.flash.is_some() {
            return self.tick_flash(ms);
        }
        if self.play.mode.journey().is_some() {
            return self.tick_travel(ms);
        }
        match (&mut self.replay, self.screens.last()) {
            (Some(r), Some(Screen::Replay)) => r.tick(ms),
            _ => false,
        }
    }

    /// True while something moves on its own (a playing replay, a journey).
    pub fn animating(&self) -> bool {
        self.flash.is_some()
            || self.play.mode.journey().is_some()
            || (self.screen() == Screen::Replay && self.replay.as_ref().is_some_and(|r| r.playing))
    }

    /// Applies an action to the run, and shows the end when the rules end it. A turn that
    /// goes on is written by `flush`, which the page calls right after painting the turn (so
    /// the save never delays the frame).
    pub fn act(&mut self, action: Action) {
        let before = self.state().map(sound::Before::of);
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
            self.play.mode.end_if(|m| matches!(m, Mode::Look(_)));
            self.go(Next::Reset(Screen::Ended));
        }
    }

    /// Writes the run if a turn was played since the last write; true when that changed
    /// what the sidebar says about saving.
    pub fn flush(&mut self) -> bool {
        self.session.flush()
    }

    /// Plays `run`: a `new` one (written at once), or one resumed as it was saved.
    fn begin_play(&mut self, run: Run, new: bool) {
        let id = run.id;
        self.replay = None;
        self.session.begin(run, new);
        self.hush();
        self.play = Play::default();
        self.notice = None;
        self.go(Next::Reset(Screen::Play));
        self.requests.push(Request::Lock(id));
    }

    fn back_to_start(&mut self) {
        self.replay = None;
        self.session.drop_ended();
        self.play = Play::default();
        self.go(Next::Reset(Screen::Start));
    }

    /// True for a key that only modifies others (it never starts anything).
    fn ignorable(key: &str) -> bool {
        is_modifier(key) || key.is_empty()
    }
}

impl crate::save::SavedRun {
    /// The seed of the saved run.
    pub fn record_seed(&self) -> u64 {
        self.record.header.seed
    }
}

#[cfg(test)]
mod tests;
