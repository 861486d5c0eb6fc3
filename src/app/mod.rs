//! The app layer above the rules: a stack of screens, each a value with its own state
//! (`screens/`), over what they share (`ctx.rs`): the session, saving after every turn, the
//! layout, the display choices and the requests to the page. Keys become rules actions or
//! interface commands in the screens; the rules never see a key. Here: the stack, every
//! change to it (`go`), and what the page asks of the app and tells it.

mod announcer;
pub mod card;
mod ctx;
pub mod daily;
pub mod days;
mod describe;
pub mod draw;
mod flash;
mod goto;
pub mod input;
pub mod keys;
mod next;
mod options;
mod output;
mod pick;
mod post;
mod prefs;
mod replayer;
mod request;
mod run;
mod runs;
pub mod screens;
mod session;
mod sound;

use ctx::Ctx;
use goto::Goto;
use next::{Layer, Next};
pub use next::{Region, Screen};
pub use options::Options;
pub use output::Output;
pub use post::Posting;
pub use prefs::Prefs;
pub use replayer::{Replayer, MAX_SPEED};
pub use request::Request;
pub use run::Run;
pub use screens::play::mode::Journey;
pub use session::{Saving, Session};
pub use sound::Cue;

use crate::record::{Header, Record};
use crate::rules::builder::WorldParams;
use crate::rules::space::geom::Point;
use crate::rules::{Action, Outcome, State};
use crate::save::{Found, MemoryStore, Store};
use crate::view::colour::Palette;
use crate::view::frame::Frame;
use crate::view::layout::Layout;
use announcer::Announcer;
use input::ignorable;

use screens::overview;
use screens::play::mode::{Aim, Play};

/// The app: the stack of screens over what they share.
pub struct App {
    screens: Vec<Box<dyn Layer>>,
    ctx: Ctx,
}

impl App {
    /// The app on its start screen, with whatever the store holds.
    pub fn new(store: Box<dyn Store>, opts: Options) -> App {
        let mut app = App {
            screens: vec![Box::new(screens::start::Start::default())],
            ctx: Ctx {
                session: Session::new(store, opts.nonce, opts.today.clone()),
                layout: opts.layout,
                opts,
                prefs: Prefs::default(),
                notice: None,
                hint: None,
                hint_of_attack: false,
                announcer: Announcer::default(),
                requests: Vec::new(),
                flash: None,
                hover: None,
                focused: true,
                cues: Vec::new(),
                graves: daily::Graves::default(),
                board: false,
                pars: Vec::new(),
            },
        };
        app.ctx.rescan();
        app.screens = vec![Box::new(screens::start::Start::new(&app.ctx))];
        app
    }

    /// An app playing a hand-made state (a scripted scene for tests), on the play screen.
    /// It is never saved: its world does not come from a seed.
    pub fn scene(state: State) -> App {
        let mut app = App::new(Box::new(MemoryStore::default()), Options::default());
        let header = Header::new(state.seed(), WorldParams::default(), None);
        let record = Record::start(header, &state);
        app.ctx.session.open_scene(Run::new(0, state, record));
        app.screens = vec![Box::new(Play::default())];
        app
    }

    /// The state of the run, for scripted scenes that place things by hand.
    pub fn scene_state(&mut self) -> Option<&mut State> {
        let scene = self.ctx.session.scene();
        self.ctx
            .session
            .run_mut()
            .filter(|_| scene)
            .map(|r| &mut r.state)
    }

    /// Changes the stack of screens. The start screen is always at the bottom: popping the
    /// last screen leaves it. Every arrival at the start screen reads the store again, so its
    /// menu lists runs as they are now (another tab or this page may have played, ended or
    /// saved one since the last scan). What a screen over play chose goes to play once it is
    /// back on top.
    fn go(&mut self, next: Next) {
        match next {
            Next::Stay => return,
            Next::Push(screen) => self.screens.push(screen),
            Next::Pop => self.pop(),
            Next::Back(chosen) => {
                self.pop();
                if let Some(play) = self.screens.last_mut().and_then(|s| s.play_mut()) {
                    let then = play.chosen(&mut self.ctx, chosen);
                    self.go(then);
                    return;
                }
            }
            Next::Go(goto) => match screens::open(goto, &self.ctx) {
                Some(screen) => self.screens = vec![screen],
                None => return,
            },
        }
        if self.screen() == Screen::Start {
            self.ctx.rescan();
        }
    }

    /// Closes the screen on top; the start screen opens when none is left.
    fn pop(&mut self) {
        self.screens.pop();
        if self.screens.is_empty() {
            if let Some(start) = screens::open(Goto::Start, &self.ctx) {
                self.screens.push(start);
            }
        }
    }

    /// Play's state, wherever it stands in the stack.
    fn play(&self) -> Option<&Play> {
        self.screens.iter().rev().find_map(|s| s.play())
    }

    // ---- what the view reads

    pub fn screen(&self) -> Screen {
        self.screens.last().map_or(Screen::Start, |s| s.screen())
    }
    pub fn layout(&self) -> Layout {
        self.ctx.layout
    }
    pub fn focused(&self) -> bool {
        self.ctx.focused
    }
    pub fn run(&self) -> Option<&Run> {
        self.ctx.session.run()
    }
    pub fn session(&self) -> &Session {
        &self.ctx.session
    }
    /// The replay viewer, while one is in the stack.
    pub fn replayer(&self) -> Option<&Replayer> {
        replayer_in(&self.screens)
    }
    /// The run on screen, its state and record: the replay's while watching, else the run's.
    fn shown(&self) -> Option<(&State, &Record)> {
        match (self.screen(), self.replayer(), self.ctx.session.run()) {
            (Screen::Replay, Some(r), _) => Some((&r.state, &r.record)),
            (_, _, Some(run)) => Some((&run.state, &run.record)),
            (_, Some(r), None) => Some((&r.state, &r.record)),
            _ => None,
        }
    }
    /// The state on screen: the replay's while watching, else the run's.
    pub fn state(&self) -> Option<&State> {
        self.shown().map(|(state, _)| state)
    }
    /// The record of the run on screen.
    pub fn record(&self) -> Option<&Record> {
        self.shown().map(|(_, record)| record)
    }
    pub fn found(&self) -> &Found {
        self.ctx.session.found()
    }
    pub fn saving(&self) -> &Saving {
        self.ctx.session.saving()
    }
    pub fn notice(&self) -> Option<&str> {
        self.ctx.notice.as_deref()
    }
    /// The interface's latest message during play, if any.
    pub fn hint(&self) -> Option<&str> {
        self.ctx.hint.as_deref()
    }
    pub fn busy(&self) -> &[u32] {
        self.ctx.session.busy()
    }
    pub fn options(&self) -> &Options {
        &self.ctx.opts
    }
    /// The look cursor while look mode is on.
    pub fn look_cursor(&self) -> Option<Point> {
        match self.screens.last().and_then(|s| s.replay()) {
            Some((_, look)) => look,
            None => self.play().and_then(|p| p.mode.look()),
        }
    }
    /// The throw being aimed, if any.
    pub fn aim(&self) -> Option<Aim> {
        self.play().and_then(|p| p.mode.aim())
    }
    /// The journey under way, if any.
    pub fn journey(&self) -> Option<Journey> {
        self.play().and_then(|p| p.mode.journey())
    }
    pub fn hover(&self) -> Option<Point> {
        self.ctx.hover
    }
    /// The place the map view follows: the player, or while looking, wherever the look
    /// cursor has scrolled the view to.
    pub fn view_focus(&self) -> Option<Point> {
        let state = self.state()?;
        Some(self.play().map_or(state.player(), |p| p.focus(state)))
    }
    /// The cell being looked at: the look cursor, else the mouse.
    pub fn looking_at(&self) -> Option<Point> {
        self.look_cursor().or(self.ctx.hover)
    }
    /// What the page has been asked to do since the last call.
    pub fn take_requests(&mut self) -> Vec<Request> {
        std::mem::take(&mut self.ctx.requests)
    }
    /// What the inputs and ticks since the last call leave for the page to do, taken at
    /// once: the page makes one call after each input.
    pub fn output(&mut self) -> Output {
        Output {
            requests: self.take_requests(),
            said: self.take_announcements(),
            cues: self.take_cues(),
            animating: self.animating(),
            unsaved: self.ctx.session.unsaved(),
        }
    }
    /// True when the run shown is a daily run that has ended: one the board takes.
    pub fn daily_ended(&self) -> bool {
        self.screen() == Screen::Ended && self.ctx.daily_ended()
    }

    /// The page has a board (or, with false, none) to post daily runs to.
    pub fn set_board(&mut self, board: bool) {
        self.ctx.board = board;
    }

    /// The expert bot's score on each of `dates` (a line each) the page kept par of
    /// (`Ctx::pars`), at most `days::PARS_KEPT` of them.
    pub fn set_pars(&mut self, dates: &str, experts: &[u32]) {
        self.ctx.pars.clear();
        for (date, &expert) in dates.split('\n').zip(experts) {
            if self.ctx.pars.len() < days::PARS_KEPT {
                self.ctx.pars.push((date.to_string(), expert));
            }
        }
    }

    /// The daily run posting gives the board now, and how the board dialog's button says it
    /// (`Ctx::to_post`).
    pub fn to_post(&self) -> Option<(Record, Posting)> {
        self.ctx.to_post(self.screen() == Screen::Ended)
    }

    /// The board took `record`: a day's run is not offered to post any more. True when that
    /// changed what is offered.
    pub fn posted(&mut self, record: &Record) -> bool {
        self.ctx.session.posted(record)
    }

    /// The card of the ended daily run shown (`card::text`), with the game's address `link`,
    /// its rank on the board when known, and par of its day from the words `par` the page
    /// keeps (`card::par_of`); empty when no daily run has ended on screen.
    pub fn card(&self, link: &str, rank: Option<u32>, par: &str) -> String {
        let run = match self.ctx.session.run() {
            Some(run) if self.daily_ended() => run,
            _ => return String::new(),
        };
        let state = &run.state;
        let date = run.record.header.daily.as_deref().unwrap_or_default();
        let par = card::par_of(par, date);
        card::text(&card::Card {
            date,
            attempt: self.ctx.session.attempt(&run.record.header, run.id),
            won: state.outcome() == Outcome::Won,
            killer: state.ending().and_then(|e| e.cause.killer()),
            levels: state.world().depth(),
            deepest: state.depth_reached(),
            ended_on: state.player().z + 1,
            turns: state.turn(),
            score: state.score(),
            rank,
            par: &par,
            streak: self.ctx.session.streak(),
            link,
        })
    }

    /// Today's fallen in the daily caves of `seed`: where each ended (its depth from 1, x and
    /// y, in turn) and two lines of words each (`daily::Graves`). The page hands them over
    /// only once the player's own daily run of those caves has ended.
    pub fn set_fallen(&mut self, seed: u64, at: &[u8], words: &str) {
        let mut cells = Vec::new();
        let mut at = at;
        while let [z, x, y, rest @ ..] = at {
            cells.push(Point::new((*x).into(), (*y).into(), i32::from(*z) - 1));
            at = rest;
        }
        let words = words.into();
        self.ctx.graves = daily::Graves { seed, cells, words };
    }

    /// The name of the grave under the look cursor or the mouse, as the screen shows it.
    pub fn grave(&self) -> Option<&str> {
        Some(self.ctx.grave(self.state()?, self.looking_at()?)?.0)
    }

    // ---- the start menu, for the page and the tests

    /// The start menu, top to bottom (`screens::start::menu`).
    pub fn start_menu(&self) -> Vec<screens::start::MenuItem> {
        screens::start::menu(&self.ctx)
    }
    /// What `key` chooses on the start screen, if anything.
    pub fn start_choice(&self, key: &str) -> Option<screens::start::Choice> {
        screens::start::choice(&self.ctx, key)
    }
    /// Rows of one start-menu line.
    pub fn menu_pitch(&self) -> i32 {
        screens::start::pitch(&self.ctx)
    }
    /// The rows of a touch menu line's bar, and the row of its label within the bar.
    pub fn menu_bar(&self) -> (i32, i32) {
        screens::start::menu_bar(&self.ctx)
    }
    /// The first row of a start menu of `lines` lines.
    pub fn menu_top(&self, lines: usize) -> i32 {
        screens::start::top(&self.ctx, lines)
    }
    /// What a tap on screen row `row` of the start screen chooses (its regions' keys).
    pub fn menu_at(&self, row: i32) -> Option<screens::start::Choice> {
        let regions = screens::start::regions(&self.ctx);
        let key = next::key_at(&regions, self.ctx.layout.cols / 2, row)?;
        screens::start::choice(&self.ctx, key)
    }
    /// Does what a start-menu line says.
    pub fn choose(&mut self, choice: screens::start::Choice) {
        let next = screens::start::choose(&mut self.ctx, choice, &mut None);
        self.go(next);
    }

    // ---- what the page tells the app

    /// Handles a `KeyboardEvent.key`. Returns true when the app used the key (the page should
    /// then not act on it), false for keys it ignores.
    pub fn key(&mut self, key: &str) -> bool {
        if !ignorable(key) {
            self.ctx.flash = None;
        }
        let used = match self.screens.last_mut() {
            Some(top) => top.key(&mut self.ctx, key),
            None => None,
        };
        used.map(|next| self.go(next)).is_some()
    }

    /// A tap or click at screen cell (`col`, `row`). Returns true when it did something.
    pub fn tap(&mut self, col: i32, row: i32) -> bool {
        self.ctx.flash = None;
        let Some(top) = self.screens.last_mut() else {
            return false;
        };
        let regions = top.regions(&self.ctx);
        let used = match next::key_at(&regions, col, row) {
            Some(key) => top.key(&mut self.ctx, key),
            None => top.tap(&mut self.ctx, col, row),
        };
        used.map(|next| self.go(next)).is_some()
    }

    /// The regions of the screen on top a tap presses a key by (`Layer::regions`).
    pub fn regions(&self) -> Vec<next::Region> {
        let top = self.screens.last();
        top.map_or_else(Vec::new, |s| s.regions(&self.ctx))
    }

    /// A long press at screen cell (`col`, `row`): looks at what is there, as the mouse does,
    /// and says it aloud.
    pub fn press(&mut self, col: i32, row: i32) -> Option<Point> {
        let at = self.world_at(col, row);
        self.ctx.hover = at;
        let said = match (at, self.state()) {
            (Some(p), Some(state)) => Some(match (self.ctx.grave(state, p), state.describe(p)) {
                (Some((name, text)), _) => format!("{name}: {text}"),
                (_, Some(e)) => {
                    let e = crate::view::kinds::cyclopedia::entry(e);
                    match crate::app::draw::panels::bearing_at(state, p) {
                        Some(about) => format!("{} ({about}): {}", e.name, e.description),
                        None => format!("{}: {}", e.name, e.description),
                    }
                }
                _ => "A place you have not seen.".to_string(),
            }),
            _ => None,
        };
        if let Some(text) = said {
            self.say_aloud(&text);
        }
        at
    }

    /// Queues words for a screen reader (what a long press looked at).
    pub fn say_aloud(&mut self, text: &str) {
        self.ctx.announcer.say(text);
    }

    /// What a screen reader should announce since the last call: new log lines and
    /// requested descriptions, oldest first.
    pub fn take_announcements(&mut self) -> Vec<String> {
        let top_replay = self.screen() == Screen::Replay;
        let log = match (
            top_replay,
            replayer_in(&self.screens),
            self.ctx.session.run(),
        ) {
            (true, Some(r), _) => Some(r.state.log()),
            (_, _, Some(run)) => Some(run.state.log()),
            (_, Some(r), None) => Some(r.state.log()),
            _ => None,
        };
        let mut said = self.ctx.announcer.take(log);
        // A par replay's notes are said after the log's lines they join.
        if top_replay {
            if let Some(r) = self.screens.iter_mut().rev().find_map(|s| s.replayer_mut()) {
                said.extend(r.unspoken_notes());
            }
        }
        said
    }

    /// Draws the screen on top into `f`.
    pub(crate) fn draw(&self, f: &mut Frame) {
        screens::draw(f, &self.screens, &self.ctx);
    }

    pub fn set_focused(&mut self, focused: bool) {
        self.ctx.focused = focused;
    }

    /// The page's layout changed (a new window size or glyph size).
    pub fn set_layout(&mut self, layout: Layout) {
        self.ctx.layout = layout;
        for s in &mut self.screens {
            s.stop_looking();
        }
    }

    /// Whether the player uses a touch screen (screens then say "tap").
    pub fn set_touch(&mut self, touch: bool) {
        self.ctx.prefs.touch = touch;
    }

    pub fn touch(&self) -> bool {
        self.ctx.prefs.touch
    }

    pub fn palette(&self) -> Palette {
        self.ctx.prefs.palette
    }

    pub fn larger(&self) -> bool {
        self.ctx.prefs.larger
    }

    /// The player's display choices as text, for the page to remember (`Prefs::to_text`).
    pub fn prefs(&self) -> String {
        self.ctx.prefs.to_text()
    }

    /// Takes back display choices written by `prefs` (unknown words are ignored).
    pub fn set_prefs(&mut self, text: &str) {
        self.ctx.prefs.read(text);
    }

    /// Sets the map cell under the mouse (`None` when the mouse leaves the map).
    pub fn set_hover(&mut self, p: Option<Point>) {
        self.ctx.hover = p;
        for s in &mut self.screens {
            s.pointed(&self.ctx, p);
        }
    }

    /// The map cell shown at screen cell (`col`, `row`), if any.
    pub fn world_at(&self, col: i32, row: i32) -> Option<Point> {
        let state = self.state()?;
        let w = state.world();
        let focus = self.view_focus()?;
        self.ctx
            .layout
            .world_at(focus, (w.width(), w.height()), col, row)
    }

    /// The sheet of the level the overview shows, while it is on top.
    pub fn overview_sheet(&self) -> Option<overview::Sheet> {
        let z = self.screens.last()?.level()?;
        Some(overview::Sheet::of(self.ctx.state()?, self.ctx.layout, z))
    }

    /// The mouse over the overview's map moves its cursor there; true when it moved.
    pub fn overview_hover(&mut self, col: i32, row: i32) -> bool {
        let ctx = &self.ctx;
        self.screens
            .last_mut()
            .is_some_and(|s| s.hover(ctx, col, row))
    }

    /// Runs that another page is playing now.
    pub fn set_busy(&mut self, ids: Vec<u32>) {
        self.ctx.session.set_busy(ids);
    }

    /// Another page took this page's run over: stop saving it here.
    pub fn lock_lost(&mut self) {
        self.ctx.session.lock_lost();
    }

    /// The page holds a lock per run (Web Locks), and answers every `Request::Lock` with
    /// `lock_held` or `lock_refused`: a resumed run is then written only once its lock is held.
    pub fn set_locking(&mut self, on: bool) {
        self.ctx.session.set_locking(on);
    }

    /// This page holds the lock of run `id`. True when that changed what the sidebar says.
    pub fn lock_held(&mut self, id: u32) -> bool {
        self.ctx.session.lock_held(id)
    }

    /// Another page holds run `id`, which this page began to play before it knew: back to the
    /// start menu, where the run is offered to take over, with nothing written. A run this
    /// page held before is lost to the other page instead (`lock_lost`).
    pub fn lock_refused(&mut self, id: u32) {
        if !self.ctx.session.lock_refused(id) {
            self.lock_lost();
            return;
        }
        self.ctx.hint = None;
        self.ctx.flash = None;
        self.ctx.notice = Some("That run is being played in another tab.".into());
        self.go(Goto::Start.into());
    }

    /// This page now holds run `id` (taken over from another page): resume it.
    pub fn took_over(&mut self, id: u32) {
        self.ctx.session.free(id);
        self.ctx.rescan();
        if let Some(i) = self.found().runs.iter().position(|r| r.id == id) {
            let next = self.ctx.resume(i);
            self.go(next.into());
            self.ctx.session.lock_held(id);
        }
    }

    /// Why the end of the run that ended last is not saved yet, while the store refuses it
    /// (it is asked again after every input).
    pub fn end_unsaved(&self) -> Option<String> {
        self.ctx.session.end_unsaved()
    }

    /// Opens a record (from a link or a file) in the replay viewer. Returns false, with a
    /// notice on the start screen, when it cannot be watched.
    pub fn open_replay(&mut self, bytes: &[u8]) -> bool {
        match Record::decode(bytes) {
            Ok(record) => {
                let next = self.ctx.watch(record);
                let shown = !next.stays();
                self.go(next.into());
                shown
            }
            Err(e) => {
                self.ctx.notice = Some(format!("That run cannot be shown: {e}."));
                self.go(Goto::Start.into());
                false
            }
        }
    }

    /// Opens a board bot's run of par in the replay viewer, as `open_replay`, with its notes
    /// (`at` the index of each one's action, `notes` their texts a line each), each joining
    /// the log as the replay reaches its action.
    pub fn open_noted_replay(&mut self, bytes: &[u8], at: &[u32], notes: &str) -> bool {
        let shown = self.open_replay(bytes);
        let replayer = self.screens.iter_mut().rev().find_map(|s| s.replayer_mut());
        if let Some(r) = replayer {
            let mut kept = Vec::new();
            for (&at, text) in at.iter().zip(notes.split('\n')) {
                kept.push((at, text.to_string()));
            }
            r.set_notes(kept);
        }
        shown
    }

    /// The id and actions from `from` on of the run a board shows live for the daily caves
    /// on `seed`: the day's run on screen, or, once it has left the screen, the day's run
    /// that ended on this page until the board takes it (so its last actions, which end it,
    /// still go live).
    pub fn live_actions(&self, seed: u64, from: usize) -> Option<(u32, Vec<Action>)> {
        let tail = |actions: &[Action]| actions.get(from..).unwrap_or_default().to_vec();
        match self.daily_run(seed) {
            Some(run) => Some((run.id, tail(&run.record.actions))),
            None => {
                let (id, record) = self.ctx.session.ended_day_run(seed)?;
                Some((id, tail(&record.actions)))
            }
        }
    }

    /// The day's run of the daily caves on `seed` played here (or just ended): the run a
    /// board shows live. Practice runs are not shown: the board counts a player's first run.
    pub fn daily_run(&self, seed: u64) -> Option<&Run> {
        self.run().filter(|r| {
            let h = &r.record.header;
            h.daily.is_some()
                && h.seed == seed
                && h.variant.on_board
                && self.ctx.session.attempt(h, r.id) == Some(1)
        })
    }

    /// True once a run of the daily caves on `seed` has ended on this device (the history
    /// holds it, or it just ended here): others' runs of that day spoil nothing any more.
    pub fn daily_done(&self, seed: u64) -> bool {
        self.run()
            .is_some_and(|r| r.record.ended && r.record.header.seed == seed)
            || self.found().history.iter().any(|h| h.seed == seed)
    }

    /// Watches a live run of the daily caves of `date` on `seed`, from its start; the rest
    /// comes by `live_more`. False, with a notice, when its caves cannot be built.
    pub fn watch_live(&mut self, seed: u64, date: &str) -> bool {
        let header = Header::new(seed, WorldParams::default(), Some(date.to_string()));
        let next = self.ctx.watch_live(header);
        let shown = !next.stays();
        self.go(next.into());
        shown
    }

    /// More of the live run being watched (`end`: it has ended). False when none is shown
    /// any more: the viewer left it, or it has ended.
    pub fn live_more(&mut self, actions: Vec<Action>, end: bool) -> bool {
        let live = self
            .screens
            .iter_mut()
            .rev()
            .find_map(|s| s.replayer_mut().filter(|r| r.live));
        live.map(|r| r.arrive(actions, end)).is_some()
    }

    /// Shows a message on the start screen.
    pub fn say(&mut self, message: &str) {
        self.ctx.notice = Some(message.to_string());
    }

    /// Shows, on the start screen, why a link or file could not be opened.
    pub fn refuse(&mut self, why: &str) {
        self.ctx.notice = Some(format!("That run cannot be shown: {why}."));
        self.go(Goto::Start.into());
    }

    /// Advances what moves on its own (the moment an action shows, a journey, a playing
    /// replay) by `ms` milliseconds; true when the screen changed.
    pub fn tick(&mut self, ms: f64) -> bool {
        if self.ctx.flash.is_some() {
            return self.ctx.tick_flash(ms);
        }
        let Some(top) = self.screens.last_mut() else {
            return false;
        };
        let (changed, next) = top.tick(&mut self.ctx, ms);
        self.go(next);
        changed
    }

    /// True while something moves on its own (a playing replay, a journey).
    pub fn animating(&self) -> bool {
        self.ctx.flash.is_some() || self.screens.last().is_some_and(|s| s.animating())
    }

    /// Applies an action to the run, and shows the end when the rules end it. A turn that
    /// goes on is written by `flush`, which the page calls right after painting the turn (so
    /// the save never delays the frame).
    /// The sounds to play, from the actions since the last call.
    pub fn take_cues(&mut self) -> Vec<Cue> {
        std::mem::take(&mut self.ctx.cues)
    }

    pub fn act(&mut self, action: Action) {
        let next = self.ctx.act(action);
        if !next.stays() {
            for s in &mut self.screens {
                s.stop_looking();
            }
        }
        self.go(next.into());
    }

    /// Writes the run if a turn was played since the last write; true when that changed
    /// what the sidebar says about saving.
    pub fn flush(&mut self) -> bool {
        self.ctx.session.flush()
    }
}

/// The replay viewer's replayer, if one is in `stack`.
fn replayer_in(stack: &[Box<dyn Layer>]) -> Option<&Replayer> {
    stack.iter().rev().find_map(|s| s.replay().map(|(r, _)| r))
}

#[cfg(test)]
mod tests;
