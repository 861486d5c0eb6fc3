//! The app layer above the rules: a stack of screens, look mode, hover, focus and layout,
//! saving after every turn, the start menu and the replay viewer. Keys become rules actions
//! or interface commands here; the rules never see a key.

mod announcer;
mod describe;
pub mod draw;
pub mod input;
pub mod inventory;
mod pick;
mod pointer;
mod prefs;
mod replay;
mod run;
mod session;
mod start;
pub mod travel;

use announcer::Announcer;
pub use prefs::Prefs;
pub use replay::{Replayer, MAX_SPEED};
pub use run::Run;
pub use session::Session;
pub use start::{Choice, MenuItem};

use crate::record::{Header, Record};
use crate::rules::builder::WorldParams;
use crate::rules::geom::Point;
use crate::rules::kinds::tile::Tile;
use crate::rules::{Action, Outcome, State};
use crate::save::{Found, HistoryEntry, MemoryStore, Store};
use crate::view::colour::Palette;
use crate::view::layout::Layout;
use input::{command, is_modifier, travel_key, Command};
pub use pointer::Journey;

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
    Inventory(inventory::Pick),
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
        }
    }
}

/// Whether this page's run is being saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Saving {
    On,
    /// Off, and why (storage full or missing, another page took the run over).
    Off(String),
}

/// The app: the screens over the run being played (its `Session`), the replay viewer, the
/// player's display choices, the words for screen readers and what the page is asked to do.
pub struct App {
    session: Session,
    replay: Option<Replayer>,
    screens: Vec<Screen>,
    look: Option<Point>,
    hover: Option<Point>,
    focused: bool,
    layout: Layout,
    opts: Options,
    /// A message for the start screen.
    notice: Option<String>,
    /// The interface's own latest message during play (travel and the like), shown under the
    /// log; it is not part of the rules' log, so replays stay exact.
    hint: Option<String>,
    /// Where the player is travelling to, a step per clock tick.
    journey: Option<Journey>,
    /// True while the game asks whether to leave the caves without the idol (a first `<` or
    /// tap on the way out): a second one, or `y`, leaves; anything else stays.
    leave_asked: bool,
    announcer: Announcer,
    prefs: Prefs,
    requests: Vec<Request>,
}

impl App {
    /// The app on its start screen, with whatever the store holds.
    pub fn new(store: Box<dyn Store>, opts: Options) -> App {
        let mut app = App {
            session: Session::new(store, opts.nonce, opts.today.clone()),
            replay: None,
            screens: vec![Screen::Start],
            look: None,
            hover: None,
            focused: true,
            layout: opts.layout,
            opts,
            notice: None,
            hint: None,
            journey: None,
            leave_asked: false,
            announcer: Announcer::default(),
            prefs: Prefs::default(),
            requests: Vec::new(),
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
    /// The interface's latest message during play, if any.
    pub fn hint(&self) -> Option<&str> {
        self.hint.as_deref()
    }
    pub fn busy(&self) -> &[u32] {
        self.session.busy()
    }
    pub fn options(&self) -> &Options {
        &self.opts
    }
    /// The look cursor while look mode is on.
    pub fn look_cursor(&self) -> Option<Point> {
        self.look
    }
    pub fn hover(&self) -> Option<Point> {
        self.hover
    }
    /// The cell being looked at: the look cursor, else the mouse.
    pub fn looking_at(&self) -> Option<Point> {
        self.look.or(self.hover)
    }
    /// What the page has been asked to do since the last call.
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
        self.look = None;
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
    }

    /// The map cell shown at screen cell (`col`, `row`), if any.
    pub fn world_at(&self, col: i32, row: i32) -> Option<Point> {
        let state = self.state()?;
        let w = state.world();
        self.layout
            .world_at(state.player(), (w.width(), w.height()), col, row)
    }

    /// Runs that another page is playing now.
    pub fn set_busy(&mut self, ids: Vec<u32>) {
        self.session.set_busy(ids);
    }

    /// Another page took this page's run over: stop saving it here.
    pub fn lock_lost(&mut self) {
        self.session.lock_lost();
    }

    /// This page now holds run `id` (taken over from another page): resume it.
    pub fn took_over(&mut self, id: u32) {
        self.session.free(id);
        self.rescan();
        if let Some(i) = self.found().runs.iter().position(|r| r.id == id) {
            self.resume(i);
        }
    }

    /// Opens a record (from a link or a file) in the replay viewer. Returns false, with a
    /// notice on the start screen, when it cannot be watched.
    pub fn open_replay(&mut self, bytes: &[u8]) -> bool {
        match Record::decode(bytes) {
            Ok(record) => self.watch(record),
            Err(e) => {
                self.notice = Some(format!("That run cannot be shown: {e}."));
                self.screens = vec![Screen::Start];
                false
            }
        }
    }

    /// Shows a message on the start screen.
    pub fn say(&mut self, message: &str) {
        self.notice = Some(message.to_string());
    }

    /// Shows, on the start screen, why a link or file could not be opened.
    pub fn refuse(&mut self, why: &str) {
        self.notice = Some(format!("That run cannot be shown: {why}."));
        self.replay = None;
        self.screens = vec![Screen::Start];
    }

    fn watch(&mut self, record: Record) -> bool {
        match crate::record::replay::initial(&record) {
            Ok(state) => {
                self.replay = Some(Replayer::new(record, state));
                self.screens = vec![Screen::Replay];
                self.look = None;
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
        if self.journey.is_some() {
            return self.tick_travel(ms);
        }
        match (&mut self.replay, self.screens.last()) {
            (Some(r), Some(Screen::Replay)) => r.tick(ms),
            _ => false,
        }
    }

    /// True while something moves on its own (a playing replay, a journey).
    pub fn animating(&self) -> bool {
        self.journey.is_some()
            || (self.screen() == Screen::Replay && self.replay.as_ref().is_some_and(|r| r.playing))
    }

    // ---- keys

    /// Handles a `KeyboardEvent.key`. Returns true when the app used the key (the page should
    /// then not act on it), false for keys it ignores.
    pub fn key(&mut self, key: &str) -> bool {
        if self.journey.take().is_some() && !Self::ignorable(key) {
            self.hint = Some("Stopped.".into());
            return true;
        }
        if self.leave_asked && !Self::ignorable(key) {
            self.answer_leave(key);
            return true;
        }
        if self.screen() != Screen::Replay && self.prefs.toggle(key) {
            self.requests.push(Request::Prefs);
            return true;
        }
        if self.screen() == Screen::Play && self.look.is_none() {
            if let Some(goal) = travel_key(key) {
                self.start_travel(goal);
                return true;
            }
        }
        let cmd = command(key);
        match self.screen() {
            Screen::Start => self.start_key(key),
            Screen::Help => {
                if matches!(cmd, Some(Command::Help | Command::Back)) {
                    self.screens.pop();
                }
                cmd.is_some()
            }
            Screen::Ended => self.ended_key(key, cmd),
            Screen::Replay => self.replay_key(key),
            Screen::Inventory(pick) => self.inventory_key(key, pick),
            Screen::Play if self.look.is_some() => self.look_key(cmd),
            Screen::Play => self.play_key(cmd),
        }
    }

    fn play_key(&mut self, cmd: Option<Command>) -> bool {
        let Some(cmd) = cmd else {
            return false;
        };
        self.hint = None;
        match cmd {
            Command::Act(Action::Ascend) if self.at_way_out_without_idol() => {
                self.ask_leave(LEAVE_KEY);
            }
            Command::Act(a) => self.act(a),
            Command::Help => self.screens.push(Screen::Help),
            Command::Look => self.look = self.state().map(State::player),
            Command::Share => self.requests.push(Request::Share),
            Command::Export => self.requests.push(Request::Export),
            Command::Stairs => self.stairs_button(),
            Command::Describe => self.describe_surroundings(),
            Command::Inventory(pick) => self.screens.push(Screen::Inventory(pick)),
            Command::Back | Command::Confirm => {}
        }
        true
    }

    /// True when the player stands on the way out (the stair up of level 1) without the
    /// idol: climbing there ends the run, lost, so the game asks first.
    fn at_way_out_without_idol(&self) -> bool {
        self.state().is_some_and(|s| {
            let me = s.player();
            me.z == 0 && s.world().tile(me) == Tile::StairsUp && !s.carrying_idol()
        })
    }

    /// Asks whether to leave the caves without the idol (shown and said aloud).
    fn ask_leave(&mut self, question: &str) {
        self.leave_asked = true;
        self.hint = Some(question.into());
        self.announcer.say(question);
    }

    /// The key pressed after the question: `<` or `y` leaves; any other key stays, and does
    /// nothing else.
    fn answer_leave(&mut self, key: &str) {
        self.leave_asked = false;
        if matches!(key, "<" | "y") && self.screen() == Screen::Play {
            self.hint = None;
            self.act(Action::Ascend);
        } else {
            const STAY: &str = "You stay in the caves.";
            self.hint = Some(STAY.into());
            self.announcer.say(STAY);
        }
    }

    /// Applies an action to the run, and shows the end when the rules end it. A turn that
    /// goes on is written by `flush`, which the page calls right after painting the turn (so
    /// the save never delays the frame).
    pub fn act(&mut self, action: Action) {
        if self.session.act(action) {
            self.look = None;
            self.screens = vec![Screen::Ended];
        }
    }

    /// Writes the run if a turn was played since the last write; true when that changed
    /// what the sidebar says about saving.
    pub fn flush(&mut self) -> bool {
        self.session.flush()
    }

    /// True when the run shown is a daily run that has ended: one the board takes.
    pub fn daily_ended(&self) -> bool {
        self.screen() == Screen::Ended
            && self
                .session
                .run()
                .is_some_and(|r| r.record.header.daily.is_some() && r.record.ended)
    }

    fn ended_key(&mut self, key: &str, cmd: Option<Command>) -> bool {
        match (key, cmd) {
            (_, Some(Command::Confirm)) => {
                self.new_run(false);
                true
            }
            ("r", _) => {
                if let Some(record) = self.session.run().map(|r| r.record.clone()) {
                    self.watch(record);
                }
                true
            }
            ("p" | "P", _) if self.daily_ended() => {
                self.requests.push(Request::Post);
                true
            }
            ("B", _) => {
                self.requests.push(Request::Board);
                true
            }
            (_, Some(Command::Share)) => {
                self.requests.push(Request::Share);
                true
            }
            (_, Some(Command::Export)) => {
                self.requests.push(Request::Export);
                true
            }
            (_, Some(Command::Back)) => {
                self.back_to_start();
                true
            }
            (_, Some(Command::Help)) => {
                self.screens.push(Screen::Help);
                true
            }
            (_, c) => c.is_some(),
        }
    }

    fn replay_key(&mut self, key: &str) -> bool {
        let Some(r) = &mut self.replay else {
            return false;
        };
        match key {
            " " | "Spacebar" | "p" => r.toggle(),
            "ArrowRight" | "Right" | "l" | "6" => {
                r.playing = false;
                r.step();
            }
            "End" | "1" => r.end(),
            "+" | "=" | "ArrowUp" | "Up" | "k" => r.faster(),
            "-" | "_" | "ArrowDown" | "Down" | "j" => r.slower(),
            "t" => self.take_over_replay(),
            _ => match command(key) {
                Some(Command::Confirm) => self.take_over_replay(),
                Some(Command::Back) => self.back_to_start(),
                Some(Command::Share) => self.requests.push(Request::Share),
                Some(Command::Export) => self.requests.push(Request::Export),
                Some(Command::Help) => self.screens.push(Screen::Help),
                _ => return false,
            },
        }
        true
    }

    /// Plays on from the replay's current point as a new run of this page.
    fn take_over_replay(&mut self) {
        let Some(r) = self.replay.take() else {
            return;
        };
        if r.diverged.is_some() {
            self.replay = Some(r);
            return;
        }
        let record = r.take_over();
        let id = self.session.fresh_id();
        let state = r.state;
        if state.outcome() != Outcome::Playing {
            self.replay = Some(Replayer::new(r.record, state));
            self.replay_to_end();
            return;
        }
        self.begin_play(Run { id, state, record });
    }

    fn replay_to_end(&mut self) {
        if let Some(r) = &mut self.replay {
            r.end();
        }
    }

    fn begin_play(&mut self, run: Run) {
        let id = run.id;
        self.replay = None;
        self.session.begin(run);
        self.hush();
        self.hint = None;
        self.journey = None;
        self.leave_asked = false;
        self.notice = None;
        self.look = None;
        self.screens = vec![Screen::Play];
        self.requests.push(Request::Lock(id));
    }

    fn back_to_start(&mut self) {
        self.replay = None;
        self.session.drop_ended();
        self.look = None;
        self.rescan();
        self.screens = vec![Screen::Start];
    }

    /// Starts a new run: the page's seed (or the daily seed) the first time, the next seed
    /// after a run has ended.
    fn new_run(&mut self, first: bool) {
        let (seed, daily) = if first {
            (self.opts.seed, self.opts.daily.clone())
        } else {
            let prev = self
                .session
                .run()
                .map_or(self.opts.seed, |r| r.state.seed());
            (prev.wrapping_add(1), None)
        };
        if first {
            // The page's seed is used once; later new runs from the start screen go on from it.
            self.opts.seed = seed.wrapping_add(1);
            self.opts.daily = None;
        }
        let header = Header::new(seed, self.opts.params, daily);
        let id = self.session.fresh_id();
        match Run::start(id, header) {
            Ok(run) => self.begin_play(run),
            Err(e) => {
                self.notice = Some(format!("Could not build the caves for seed {seed}: {e}."));
                self.back_to_start();
            }
        }
    }

    /// Resumes saved run number `i` of the start menu.
    fn resume(&mut self, i: usize) {
        let Some(saved) = self.found().runs.get(i).cloned() else {
            return;
        };
        let seed = saved.record_seed();
        match Run::resume(saved.id, saved.record) {
            Ok(run) if run.state.outcome() != Outcome::Playing => {
                // An ended run is never played on: it belongs in the history.
                self.session.file(&run, &saved.date);
                self.rescan();
                self.notice = Some(format!("The run of seed {seed} has ended."));
            }
            Ok(run) => self.begin_play(run),
            Err(e) => {
                self.session
                    .keep(saved.id, &format!("it could not be resumed: {e}"));
                self.rescan();
                self.notice = Some(format!(
                    "The saved run of seed {seed} could not be resumed: {e}. It is kept; press D to download it."
                ));
            }
        }
    }

    /// Keys in look mode move the cursor over the view; Escape or 'x' ends it.
    fn look_key(&mut self, cmd: Option<Command>) -> bool {
        let (Some(cursor), Some(state)) = (self.look, self.state()) else {
            return false;
        };
        match cmd {
            Some(Command::Act(Action::Move(d))) => {
                let (dx, dy) = d.delta();
                let next = cursor.offset(dx, dy);
                let w = state.world();
                let (sx, sy) = self.layout.scroll(state.player(), w.width(), w.height());
                let inside = (sx..sx + self.layout.view_width()).contains(&next.x)
                    && (sy..sy + self.layout.view_height()).contains(&next.y)
                    && w.contains(next);
                if inside {
                    self.look = Some(next);
                }
            }
            Some(Command::Look | Command::Back) => self.look = None,
            _ => {}
        }
        cmd.is_some()
    }

    /// True for a key that only modifies others (it never starts anything).
    fn ignorable(key: &str) -> bool {
        is_modifier(key) || key.is_empty()
    }
}

/// The question a first `<` on the way out asks.
const LEAVE_KEY: &str =
    "This is the way out. Leave without the idol and end the run? Press < again or y to leave, any other key to stay.";

/// The history line of a run ended in `state`, on `date`.
pub(crate) fn history_entry(state: &State, record: &Record, date: &str) -> HistoryEntry {
    HistoryEntry {
        date: date.to_string(),
        seed: state.seed(),
        outcome: if state.outcome() == Outcome::Won {
            "won"
        } else {
            "lost"
        }
        .into(),
        turns: state.turn(),
        depth: state.depth_reached(),
        score: Some(state.score()),
        record: record.to_text(),
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
