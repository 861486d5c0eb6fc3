//! The browser edge: the exported `Game` handle. It passes key names, pointer positions and
//! page events to the app layer and paints the composed frame; nothing here decides rules.

/// The page's allocator: talc in place of the standard library's dlmalloc, for a smaller
/// page (the game is single-threaded, so no lock).
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(feature = "lab")]
mod bench;
#[cfg(feature = "lab")]
mod lab;
mod link;
mod painter;
mod random;
mod request;
mod storage;

use crate::app::draw::compose;
use crate::app::keys;
use crate::app::{App, Options};
use crate::record::actions::{encode_actions, parse_actions};
use crate::record::base64;
use crate::record::Record;
use crate::rules::builder::WorldParams;
use crate::rules::rng::parse_seed;
use crate::view::kinds::cyclopedia::entry;
use crate::view::layout::{css_size, Layout};
#[cfg(feature = "lab")]
pub use bench::bench_generate;
#[cfg(feature = "lab")]
pub use lab::Lab;
use link::Deflated;
pub use link::Link;
use painter::Painter;
use random::random_u32;
pub use request::{PageRequest, RequestKind};
use storage::LocalStore;
use wasm_bindgen::prelude::*;

/// One running game bound to a canvas.
#[wasm_bindgen]
pub struct Game {
    app: App,
    painter: Painter,
    deflated: Deflated,
    /// The shown record (seed, actions, ended) when `output` last looked.
    shown: Option<(u64, usize, bool)>,
}

/// A plain YYYY-MM-DD date, or `None`.
fn date(text: Option<String>) -> Option<String> {
    let t = text?.trim().to_string();
    let b = t.as_bytes();
    let ok = b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
    ok.then_some(t)
}

#[wasm_bindgen]
impl Game {
    /// Starts the game on the canvas with id `canvas_id`. `seed` is any text (a number is
    /// used as it is, other text is hashed); empty or missing picks a random seed. `daily`
    /// (a UTC date, YYYY-MM-DD) gives everyone that day's caves: with `seed`, the caves of that
    /// seed (a board's own seed of the day, which the page asks it for), else the public daily
    /// seed of the date. `today` dates the history.
    /// `world` is the page's query, read for world parameters (`w`, `h`, `d`, `fill`,
    /// `passes`, `rule`, `min`). Errors are sentences a person can read.
    #[wasm_bindgen(constructor)]
    pub fn new(
        canvas_id: &str,
        seed: Option<String>,
        daily: Option<String>,
        today: Option<String>,
        world: Option<String>,
    ) -> Result<Game, JsError> {
        console_error_panic_hook::set_once();
        let painter = Painter::new(canvas_id)?;
        let daily = date(daily);
        let seed = match (&daily, seed.as_deref().map(str::trim)) {
            (_, Some(s)) if !s.is_empty() => parse_seed(s),
            (Some(d), _) => crate::record::daily_seed(d),
            _ => u64::from(random_u32()),
        };
        let (params, bad) = match WorldParams::from_query(world.as_deref().unwrap_or("")) {
            Ok(p) => (p, None),
            Err(e) => (WorldParams::default(), Some(e)),
        };
        let opts = Options {
            seed,
            daily,
            today: date(today).unwrap_or_default(),
            nonce: random_u32(),
            params,
            ..Options::default()
        };
        let mut app = App::new(Box::new(LocalStore::open()), opts);
        if let Some(e) = bad {
            app.say(&format!(
                "The link's world settings were not used ({e}); these are the usual caves."
            ));
        }
        let mut game = Game {
            app,
            painter,
            deflated: Deflated::default(),
            shown: None,
        };
        game.paint();
        Ok(game)
    }

    /// The keys the page offers (`app::keys`), asked once at start-up, one a line of
    /// tab-separated fields: `pad`, key, label and spoken name of each touch pad button in
    /// order; `tool`, key and label of each toolbar button after the page's Pad button;
    /// `gamepad`, standard-mapping button index and key of each gamepad button; `stick`
    /// and the key of each of the left stick's directions, counter-clockwise from east.
    pub fn bindings(&self) -> String {
        let mut text = String::new();
        for p in &keys::PAD {
            for field in ["pad", p.key, p.label, p.name] {
                text.push_str(field);
                text.push('\t');
            }
            text.push('\n');
        }
        for (key, label) in keys::TOOLBAR {
            for part in ["tool\t", key, "\t", label, "\n"] {
                text.push_str(part);
            }
        }
        for b in &keys::GAMEPAD {
            text.push_str(&format!("gamepad\t{}\t{}\n", b.button, b.key));
        }
        for k in keys::STICK {
            text.push_str("stick\t");
            text.push_str(k);
            text.push('\n');
        }
        text
    }

    /// Handles a `KeyboardEvent.key`; returns true when the game used it (call
    /// `preventDefault` then), false when the page may act on it.
    pub fn key(&mut self, key: &str) -> bool {
        let used = self.app.key(key);
        if used {
            self.paint();
        }
        used
    }

    /// What the page does after an input (a key, a tap, a long press) or a frame of the
    /// clock, taken in one call, as lines: first three flags (`1` or `0`): animating (tick
    /// every frame), save (call `flush` once the frame is painted) and link (the shown record
    /// changed since the last output: deflate its link once input pauses); then a line per
    /// thing to do, its tab-separated fields led by `r` (a request: its kind and its argument,
    /// `PageRequest`), `s` (words for screen readers) or `c` (a sound's name).
    pub fn output(&mut self) -> String {
        let out = self.app.output();
        let shown = self
            .app
            .record()
            .map(|r| (r.header.seed, r.actions.len(), r.ended));
        let link = shown.is_some() && shown != self.shown;
        self.shown = shown;
        let mut text = String::new();
        for on in [out.animating, out.unsaved, link] {
            text.push(if on { '1' } else { '0' });
        }
        text.push('\n');
        for r in &out.requests {
            request::write(&PageRequest::from(r), &mut text);
        }
        for line in &out.said {
            for part in ["s\t", line, "\n"] {
                text.push_str(part);
            }
        }
        for cue in &out.cues {
            for part in ["c\t", cue.name(), "\n"] {
                text.push_str(part);
            }
        }
        text
    }

    /// The shown run's record as bytes (empty when there is none).
    pub fn record_bytes(&self) -> Vec<u8> {
        self.app.record().map(|r| r.encode()).unwrap_or_default()
    }

    /// A file name for the shown run's record.
    pub fn record_name(&self) -> String {
        match self.app.state() {
            Some(s) => format!("caves-seed-{}-turn-{}.cavesrun", s.seed(), s.turn()),
            None => "caves.cavesrun".into(),
        }
    }

    /// Kept (unreadable) saved text number `n`, to offer as a download.
    pub fn kept_text(&self, n: usize) -> String {
        self.app
            .found()
            .kept
            .get(n)
            .map_or(String::new(), |k| k.text.clone())
    }

    /// Opens a record (a shared link, an imported file, a board's run) in the replay viewer,
    /// with the notes of a par bot's run: `at` the index of each note's action, `notes` their
    /// texts a line each (none for any other run). False when it cannot be shown; the start
    /// screen then says why.
    pub fn open_replay(&mut self, bytes: &[u8], at: &[u32], notes: &str) -> bool {
        let ok = self.app.open_noted_replay(bytes, at, notes);
        self.paint();
        ok
    }

    /// What Share gives for the shown run at `page` (the page's address without query or
    /// fragment): an ended daily run's card (`App::card`, with its rank on the board when
    /// `rank` is not 0, and par of its day from the board's words `par`), else the run's link;
    /// an empty string when there is no run.
    pub fn share_text(&self, page: &str, rank: u32, par: &str) -> String {
        let card = self.app.card(page, (rank > 0).then_some(rank), par);
        if card.is_empty() {
            link::write(page, &self.record_bytes(), &self.deflated)
        } else {
            card
        }
    }

    /// The shown run's record when the share link has no deflated copy of it yet: the page
    /// deflates it and hands both to `set_deflated`.
    pub fn to_deflate(&self) -> Option<Vec<u8>> {
        let record = self.record_bytes();
        (!record.is_empty() && record != self.deflated.record).then_some(record)
    }

    /// `bytes` is `record` deflated: links to that record use them from now on.
    pub fn set_deflated(&mut self, record: Vec<u8>, bytes: Vec<u8>) {
        self.deflated = Deflated { record, bytes };
    }

    /// Reads a run link from the page address's fragment (`location.hash`). None for no
    /// link; for one that is not a run link, None too, and the start screen says why.
    pub fn read_link(&mut self, fragment: &str) -> Option<Link> {
        link::read(fragment).unwrap_or_else(|why| {
            self.unreadable(why);
            None
        })
    }

    /// The page has a board (`true`) or none: only then are daily runs offered to post. And
    /// the expert bot's scores of the days the page kept par of (`dates` a line each), for
    /// Your days.
    pub fn set_board(&mut self, board: bool, dates: &str, experts: &[u32]) {
        self.app.set_board(board);
        self.app.set_pars(dates, experts);
        self.paint();
    }

    /// The record of the daily run posting gives the board now (`App::to_post`): the ended
    /// daily run shown, or the day's run that has to go first, or one that ended and that the
    /// board has not taken; empty when there is none.
    pub fn post_bytes(&self) -> Vec<u8> {
        self.app
            .to_post()
            .map(|(record, _)| record.encode())
            .unwrap_or_default()
    }

    /// The words of the board dialog's button that posts `post_bytes`; empty when there is
    /// nothing to post.
    pub fn post_label(&self) -> String {
        self.app
            .to_post()
            .map(|(_, posting)| posting.label())
            .unwrap_or_default()
    }

    /// The board took the run of record `bytes`: a day's run is not offered to post any more.
    pub fn posted(&mut self, bytes: &[u8]) {
        let changed = Record::decode(bytes).is_ok_and(|r| self.app.posted(&r));
        if changed {
            self.paint();
        }
    }

    /// Today's fallen in the daily caves of `seed`: `at` holds depth (from 1), x and y of
    /// each, `words` two lines each (a name, then what ended the run). The page hands them
    /// over once the player's own daily run of those caves has ended (`daily_done`).
    pub fn set_fallen(&mut self, seed: &str, at: &[u8], words: &str) {
        self.app.set_fallen(parse_seed(seed), at, words);
        self.paint();
    }

    /// The run of the daily caves on `seed` played here, for the board to show live (the
    /// day's run, on screen or ended on this page and not yet taken by the board): its run
    /// id and its actions from action `from` on (base64url, as a record writes them), as
    /// "ID ACTIONS"; empty when there is none.
    pub fn live(&self, seed: &str, from: usize) -> String {
        self.app
            .live_actions(parse_seed(seed), from)
            .map_or(String::new(), |(id, actions)| {
                format!("{id} {}", base64::encode(&encode_actions(&actions)))
            })
    }

    /// True once this device's own run of the daily caves on `seed` has ended: today's runs of
    /// others may be watched.
    pub fn daily_done(&self, seed: &str) -> bool {
        self.app.daily_done(parse_seed(seed))
    }

    /// Watches a live run of the daily caves of `date` on `seed` in the replay viewer, from its
    /// start; `live_more` brings the rest.
    pub fn watch_live(&mut self, date: &str, seed: &str) -> bool {
        let shown = self.app.watch_live(parse_seed(seed), date);
        self.paint();
        shown
    }

    /// More actions (base64url) of the live run being watched; `end` when it has ended. False
    /// when none is watched any more (the viewer left it) or they do not parse.
    pub fn live_more(&mut self, actions: &str, end: bool) -> bool {
        let Some(actions) = base64::decode(actions).and_then(|b| parse_actions(&b)) else {
            return false;
        };
        let shown = self.app.live_more(actions, end);
        self.paint();
        shown
    }

    /// Says a link or file could not be read at all (before it reached the game).
    pub fn unreadable(&mut self, why: &str) {
        self.app.refuse(why);
        self.paint();
    }

    /// Advances a playing replay or a journey by `ms` milliseconds; paints only when that
    /// changed the screen.
    pub fn tick(&mut self, ms: f64) {
        if self.app.tick(ms) {
            self.paint();
        }
    }

    /// True while the page should keep calling `tick` every frame.
    pub fn animating(&self) -> bool {
        self.app.animating()
    }

    /// The runs other tabs hold (their lock ids).
    pub fn set_busy(&mut self, ids: Vec<u32>) {
        self.app.set_busy(ids);
        self.paint();
    }

    /// Another tab took this tab's run over.
    pub fn lock_lost(&mut self) {
        self.app.lock_lost();
        self.paint();
    }

    /// This tab now holds run `id`, taken over from another tab.
    pub fn took_over(&mut self, id: u32) {
        self.app.took_over(id);
        self.paint();
    }

    /// The page holds a Web Lock per run it plays, and answers each `lock` request with
    /// `lock_held` or `lock_refused`: a resumed run is written only once its lock is held.
    pub fn set_locking(&mut self, on: bool) {
        self.app.set_locking(on);
    }

    /// This tab holds the lock of run `id`: the turns played while it waited are written now.
    pub fn lock_held(&mut self, id: u32) {
        if self.app.lock_held(id) {
            self.paint();
        }
    }

    /// Another tab holds run `id`, which this tab began to play before it knew: back to the
    /// start menu, nothing written.
    pub fn lock_refused(&mut self, id: u32) {
        self.app.lock_refused(id);
        self.paint();
    }

    /// Writes the run if a turn was played since the last write. The page calls it right
    /// after each input's frame is painted, and when it is hidden.
    pub fn flush(&mut self) {
        if self.app.flush() {
            self.paint();
        }
    }

    /// Tells the game whether it has the keyboard.
    pub fn set_focused(&mut self, focused: bool) {
        if self.app.focused() != focused {
            self.app.set_focused(focused);
            self.paint();
        }
    }

    /// Chooses the layout for `avail_w` x `avail_h` CSS pixels at `dpr` device pixels per CSS
    /// pixel (a portrait phone gets its own), and sizes the canvas to scale by whole device
    /// pixels.
    pub fn fit(&mut self, avail_w: f64, avail_h: f64, dpr: f64) {
        let layout = Layout::for_window(avail_w, avail_h, dpr, self.app.larger());
        if layout != self.app.layout() {
            self.app.set_layout(layout);
            self.painter
                .resize(layout.cols as usize, layout.rows as usize);
            self.paint();
        }
        let (w, h) = self.painter.size();
        let (cw, ch) = css_size(avail_w, avail_h, dpr, w as f64, h as f64);
        self.painter.set_css_size(cw, ch);
    }

    /// The grid's size in cells, as [columns, rows].
    pub fn grid(&self) -> js_sys::Array {
        let l = self.app.layout();
        [l.cols, l.rows].iter().map(|&v| JsValue::from(v)).collect()
    }

    /// A tap or click at (`x`, `y`) CSS pixels on the canvas shown at `w` x `h`: starts,
    /// chooses, travels, attacks, waits or takes the stairs, as the screen and cell say.
    pub fn tap(&mut self, x: f64, y: f64, w: f64, h: f64) -> bool {
        let Some((col, row)) = self.app.layout().cell_at(x, y, w, h) else {
            return false;
        };
        let used = self.app.tap(col, row);
        self.paint();
        used
    }

    /// A long press at (`x`, `y`): describes what is there, as hovering does.
    pub fn press(&mut self, x: f64, y: f64, w: f64, h: f64) {
        if let Some((col, row)) = self.app.layout().cell_at(x, y, w, h) {
            self.app.press(col, row);
        }
        self.paint();
    }

    /// The player touched the screen: screens say "tap" from now on.
    pub fn set_touch(&mut self, touch: bool) {
        if self.app.touch() != touch {
            self.app.set_touch(touch);
            self.paint();
        }
    }

    /// The display choices to remember (`palette=safe`, `larger`, `quiet`).
    pub fn prefs(&self) -> String {
        self.app.prefs()
    }

    /// Takes back remembered display choices.
    pub fn set_prefs(&mut self, text: &str) {
        self.app.set_prefs(text);
        self.paint();
    }

    /// The mouse is at (`x`, `y`) CSS pixels over the canvas, which is shown at `w` x `h` CSS
    /// pixels: name what is under it in the sidebar. A point off the canvas (the mouse left
    /// it) names nothing.
    pub fn hover(&mut self, x: f64, y: f64, w: f64, h: f64) {
        let cell = self.app.layout().cell_at(x, y, w, h);
        if self.app.screen() == crate::app::Screen::Overview {
            // Over the map of the caves the mouse moves its cursor.
            if cell.is_some_and(|(col, row)| self.app.overview_hover(col, row)) {
                self.paint();
            }
            return;
        }
        let at = cell.and_then(|(col, row)| self.app.world_at(col, row));
        if self.app.hover() != at {
            self.app.set_hover(at);
            self.paint();
        }
    }

    /// The sidebar's "Looking at" name, or an empty string (for tests).
    pub fn look_text(&self) -> String {
        let Some(state) = self.app.state() else {
            return String::new();
        };
        if let Some(name) = self.app.grave() {
            return name.into();
        }
        self.app
            .looking_at()
            .and_then(|p| state.describe(p))
            .map_or(String::new(), |e| entry(e).name.to_string())
    }

    /// Repaints every cell (used by the benchmark and after a lost canvas).
    pub fn repaint_all(&mut self) {
        self.painter.invalidate();
        self.paint();
    }

    /// The screen as text: one line per row of the painted grid, joined by newlines.
    pub fn text(&self) -> String {
        compose(&self.app)
            .to_string()
            .trim_end_matches('\n')
            .to_string()
    }

    /// The player's position as [x, y, z] (world cells; z is the level from 0), or an
    /// empty array when no run is being played.
    pub fn player(&self) -> js_sys::Array {
        // Only a run in play answers: the start screen builds no world to say where a new
        // run would begin.
        self.app.state().map_or_else(js_sys::Array::new, |s| {
            let p = s.player();
            [p.x, p.y, p.z].iter().map(|&v| JsValue::from(v)).collect()
        })
    }

    /// The seed of the shown run (or of the next new run), as text.
    pub fn seed(&self) -> String {
        let seed = self
            .app
            .state()
            .map_or(self.app.options().seed, |s| s.seed());
        // `format!`, not `to_string`: one digit writer for u64s in the page, not two.
        format!("{seed}")
    }

    /// The number of actions in the shown run's record.
    pub fn actions(&self) -> usize {
        self.app.record().map_or(0, |r| r.actions.len())
    }

    fn paint(&mut self) {
        self.painter.paint(&compose(&self.app));
    }
}

/// For tests in the browser: what `output` carries, as typed values.
impl Game {
    /// What the game asks the page to do since the last call, in order.
    pub fn take_requests(&mut self) -> Vec<PageRequest> {
        self.app
            .take_requests()
            .iter()
            .map(PageRequest::from)
            .collect()
    }
}
