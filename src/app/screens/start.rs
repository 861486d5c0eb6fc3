//! The start screen: its choices (continue a saved run, take one over from another tab, start a
//! new run, watch the last ended run or one of the best, import a record, download kept
//! saves, today's board), and starting or resuming a run. A watched run is the shown record,
//! so share and export apply to it.

use crate::app::draw::page::*;
use crate::app::{App, Next, Request, Run, Saving, Screen};
use crate::record::Header;
use crate::rules::{Mode, Outcome};
use crate::view::colour::{ACCENT, BLACK, DIM, TEXT, TITLE, WARN};
use crate::view::frame::Frame;
use crate::view::kinds::{player, Shown};

/// What a key on the start screen chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Continue saved run number n (0 = the most recent).
    Continue(usize),
    /// Take saved run number n over from the tab that holds it.
    TakeOver(usize),
    NewRun,
    Help,
    Import,
    DownloadKept,
    WatchLast,
    /// Open the cave lab on the next run's seed.
    Lab,
    /// Show today's shared board of daily runs.
    Board,
    /// Watch the n-th best run of the high-score table (0 = the best).
    WatchBest(usize),
    /// Switch new runs between Normal and Explorer mode.
    Mode,
}

/// One line of the start menu: the key that chooses it, what it says, what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuItem {
    pub key: String,
    pub label: String,
    pub choice: Choice,
}

impl App {
    /// A tap on a menu row chooses it.
    pub(in crate::app) fn start_tap(&mut self, row: i32) -> bool {
        match self.menu_at(row) {
            Some(c) => {
                self.choose(c);
                true
            }
            None => false,
        }
    }

    /// The start menu, top to bottom: saved runs, a new run, the last run, kept saves, a run
    /// file, help. The same list is drawn and hit by taps.
    pub fn start_menu(&self) -> Vec<MenuItem> {
        let item = |key: &str, label: String, choice| MenuItem {
            key: key.to_string(),
            label,
            choice,
        };
        let mut menu = Vec::new();
        let free = self.free_runs();
        for (i, run) in self.found().runs.iter().take(3).enumerate() {
            let h = &run.record.header;
            let what = format!(
                "{}, level {}, turn {}",
                crate::app::draw::page::run_name(h.seed, h.daily.as_deref()),
                run.level,
                run.turn
            );
            let digit = ["1", "2", "3"][i];
            if free.contains(&i) {
                let key = if free.first() == Some(&i) {
                    "Enter"
                } else {
                    digit
                };
                menu.push(item(key, format!("Continue {what}"), Choice::Continue(i)));
            } else {
                menu.push(item(
                    digit,
                    format!("Take over {what} (in another tab)"),
                    Choice::TakeOver(i),
                ));
            }
        }
        let next = match &self.opts.daily {
            Some(d) => format!("the daily caves of {d}"),
            None => format!("seed {}", self.opts.seed),
        };
        let new_key = if free.is_empty() { "any key" } else { "N" };
        let mode = match (self.opts.daily.is_some(), self.opts.mode) {
            (false, Mode::Explorer) => " (Explorer)",
            _ => "",
        };
        menu.push(item(
            new_key,
            format!("New run: {next}{mode}"),
            Choice::NewRun,
        ));
        if self.opts.daily.is_none() {
            let label = match self.opts.mode {
                Mode::Normal => "Mode: Normal",
                Mode::Explorer => "Mode: Explorer",
            };
            menu.push(item("M", label.into(), Choice::Mode));
        }
        if !self.found().history.is_empty() {
            menu.push(item(
                "R",
                "Watch the last run again".into(),
                Choice::WatchLast,
            ));
        }
        if !self.found().kept.is_empty() {
            let kept = &self.found().kept;
            let older = kept
                .iter()
                .filter(|k| k.reason.starts_with("it was played under ruleset"))
                .count();
            let label = if older == kept.len() {
                format!("Download {older} older runs")
            } else {
                "Download the kept saves".into()
            };
            menu.push(item("D", label, Choice::DownloadKept));
        }
        menu.push(item("I", "Watch a run file".into(), Choice::Import));
        menu.push(item("B", "Today's board".into(), Choice::Board));
        menu.push(item("L", "The cave lab".into(), Choice::Lab));
        menu.push(item("?", "Help and keys".into(), Choice::Help));
        menu
    }

    /// Saved runs this page may continue now: not held by another tab.
    pub fn free_runs(&self) -> Vec<usize> {
        (0..self.found().runs.len())
            .filter(|&i| !self.busy().contains(&self.found().runs[i].id))
            .collect()
    }

    /// What `key` chooses on the start screen, if anything.
    pub fn start_choice(&self, key: &str) -> Option<Choice> {
        if Self::ignorable(key) {
            return None;
        }
        let free = self.free_runs();
        let busy_first = self
            .found()
            .runs
            .first()
            .is_some_and(|r| self.busy().contains(&r.id));
        Some(match key {
            "?" => Choice::Help,
            "Enter" if !free.is_empty() => Choice::Continue(free[0]),
            "1" | "2" | "3" => {
                let n = key.as_bytes()[0] - b'1';
                match self.found().runs.get(n as usize) {
                    Some(r) if self.busy().contains(&r.id) => Choice::TakeOver(n as usize),
                    Some(_) => Choice::Continue(n as usize),
                    None => Choice::NewRun,
                }
            }
            "5" | "6" | "7" | "8" | "9"
                if usize::from(key.as_bytes()[0] - b'5')
                    < crate::save::Saves::high_scores(&self.found().history).len() =>
            {
                Choice::WatchBest(usize::from(key.as_bytes()[0] - b'5'))
            }
            "t" | "T" if busy_first => Choice::TakeOver(0),
            "n" | "N" => Choice::NewRun,
            "m" | "M" if self.opts.daily.is_none() => Choice::Mode,
            "i" | "I" => Choice::Import,
            "L" => Choice::Lab,
            "B" => Choice::Board,
            "d" | "D" if !self.found().kept.is_empty() => Choice::DownloadKept,
            "r" | "R" if !self.found().history.is_empty() => Choice::WatchLast,
            _ => Choice::NewRun,
        })
    }

    pub(in crate::app) fn start_key(&mut self, key: &str) -> bool {
        let Some(choice) = self.start_choice(key) else {
            return false;
        };
        self.choose(choice);
        true
    }

    /// Rows of one start-menu line: 1 with a keyboard; on touch screens a bar and a gap, every
    /// row of which a tap chooses it by: 3 rows on a landscape screen, and on a portrait phone
    /// 5 (4 with larger glyphs), at least 44 CSS pixels since a phone's cells are at least 9
    /// (13.5) CSS pixels high.
    pub fn menu_pitch(&self) -> i32 {
        match (
            self.prefs.touch,
            self.layout.is_portrait(),
            self.prefs.larger,
        ) {
            (false, _, _) => 1,
            (true, false, _) => 3,
            (true, true, false) => 5,
            (true, true, true) => 4,
        }
    }

    /// The rows of a touch menu line's bar, and the row of its label within the bar: a
    /// portrait phone's bars are three rows with the label in the middle.
    pub fn menu_bar(&self) -> (i32, i32) {
        if self.layout.is_portrait() {
            (3, 1)
        } else {
            (2, 0)
        }
    }

    /// The first row of a start menu of `lines` lines, which sits at the bottom of the screen.
    /// It ends a blank row above the bottom of the page's frame, so it never covers it.
    pub fn menu_top(&self, lines: usize) -> i32 {
        let page = crate::app::draw::page::page(self.layout);
        (page.y + page.h - 2 - lines as i32 * self.menu_pitch()).max(0)
    }

    /// What a tap on screen row `row` of the start screen chooses: the menu line there, or
    /// the first line for a tap above the menu; nothing between the lines.
    pub fn menu_at(&self, row: i32) -> Option<Choice> {
        let menu = self.start_menu();
        let (top, pitch) = (self.menu_top(menu.len()), self.menu_pitch());
        if row < top - 2 {
            return menu.first().map(|m| m.choice);
        }
        let i = (row - top).div_euclid(pitch);
        // A portrait phone's gap rows belong to the bar above them.
        let within = (row - top).rem_euclid(pitch) < self.menu_bar().0
            || pitch == 1
            || self.layout.is_portrait();
        (row >= top && within)
            .then(|| menu.get(i as usize).map(|m| m.choice))
            .flatten()
    }

    /// Does what a start-menu line says.
    pub fn choose(&mut self, choice: Choice) {
        match choice {
            Choice::Help => self.go(Next::Push(Screen::Help)),
            Choice::Continue(i) => {
                // As the store holds it now: another tab may have played or ended it since
                // the menu was shown.
                let Some(id) = self.found().runs.get(i).map(|r| r.id) else {
                    return;
                };
                self.rescan();
                match self.found().runs.iter().position(|r| r.id == id) {
                    Some(i) => self.resume(i),
                    None => {
                        self.notice = Some("That run is not saved any more.".into());
                    }
                }
            }
            Choice::TakeOver(i) => {
                if let Some(r) = self.found().runs.get(i) {
                    self.requests.push(Request::TakeOver(r.id));
                }
            }
            Choice::NewRun => self.new_run(true),
            Choice::Mode => {
                self.opts.mode = match self.opts.mode {
                    Mode::Normal => Mode::Explorer,
                    Mode::Explorer => Mode::Normal,
                };
            }
            Choice::Import => self.requests.push(Request::Import),
            Choice::Lab => self.requests.push(Request::Lab(self.opts.seed)),
            Choice::Board => self.requests.push(Request::Board),
            Choice::DownloadKept => self.requests.push(Request::DownloadKept(0)),
            Choice::WatchLast => {
                if let Some(record) = self.found().history.first().and_then(|h| h.decode()) {
                    self.watch(record);
                } else {
                    self.notice = Some(
                        "The last run was played under other rules and cannot be shown.".into(),
                    );
                }
            }
            Choice::WatchBest(n) => {
                let best = crate::save::Saves::high_scores(&self.found().history);
                if let Some(record) = best.get(n).and_then(|h| h.decode()) {
                    self.watch(record);
                } else {
                    self.notice =
                        Some("That run was played under other rules and cannot be shown.".into());
                }
            }
        }
    }
    /// Starts a new run: the page's seed (or the daily seed) the first time, the next seed
    /// after a run has ended.
    pub(in crate::app) fn new_run(&mut self, first: bool) {
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
        // The daily caves are the same game for everyone: Normal mode.
        let mode = if daily.is_some() {
            Mode::Normal
        } else {
            self.opts.mode
        };
        let header = Header::new(seed, self.opts.params, daily).in_mode(mode);
        let id = self.session.fresh_id();
        match Run::start(id, header) {
            Ok(run) => self.begin_play(run, true),
            Err(e) => {
                self.notice = Some(format!("Could not build the caves for seed {seed}: {e}."));
                self.back_to_start();
            }
        }
    }

    /// Resumes saved run number `i` of the start menu.
    pub(in crate::app) fn resume(&mut self, i: usize) {
        let Some(saved) = self.found().runs.get(i).cloned() else {
            return;
        };
        let seed = saved.record_seed();
        if self.session.ended_here(saved.id) {
            self.notice = Some(format!("The run of seed {seed} has ended."));
            return;
        }
        // This page's own run goes on as it stands (the store may be behind it).
        if let Some(run) = self.session.take_own(saved.id) {
            self.begin_play(run, false);
            return;
        }
        match Run::resume(saved.id, saved.record) {
            Ok(run) if run.state.outcome() != Outcome::Playing => {
                // An ended run is never played on: it belongs in the history.
                self.session.file(&run, &saved.date);
                self.rescan();
                self.notice = Some(format!("The run of seed {seed} has ended."));
            }
            Ok(run) => self.begin_play(run, false),
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
}

/// The start screen: title, goal, recent runs, notices, and the menu at the bottom.
pub(in crate::app) fn draw(f: &mut Frame, app: &App) {
    // Prose with a blank row between its lines when everything still fits that way (the 8 x 8
    // glyphs have no spacing of their own); packed lines when it would not.
    let mut spaced = f.clone();
    let (y, whole) = start_page(&mut spaced, app, 2);
    let y = if whole {
        *f = spaced;
        y
    } else {
        start_page(f, app, 1).0
    };
    caves_view(f, app, y);
    menu(f, app, y);
}

/// A window on the first level of the next new run, between the start page's text (ending
/// at row `below`) and its menu, when there are at least 5 free rows: its tiles, its
/// creatures and you on the stair up where the run starts, in full light.
fn caves_view(f: &mut Frame, app: &App, below: i32) {
    let layout = app.layout();
    let top = below;
    let bottom = app.menu_top(app.start_menu().len()) - 3;
    let h = (bottom - top).min(11);
    if h < 5 {
        return;
    }
    let opts = app.options();
    let header =
        crate::record::Header::new(opts.seed, opts.params, opts.daily.clone()).in_mode(opts.mode);
    let Ok(state) = header.start() else {
        return;
    };
    let w = (right(layout) - left(layout)).min(44);
    let (x0, y0) = ((layout.cols - w) / 2, top);
    let me = state.player();
    let world = state.world();
    let sx = (me.x - w / 2).clamp(0, (world.width() - w).max(0));
    let sy = (me.y - h / 2).clamp(0, (world.height() - h).max(0));
    let palette = app.palette();
    for vy in 0..h {
        for vx in 0..w {
            let at = crate::rules::space::geom::Point::new(sx + vx, sy + vy, me.z);
            let tile = world.tile(at).look();
            let e = if at == me {
                &player::LOOK
            } else {
                state.monster_at(at).map_or(tile, |m| m.kind.look())
            };
            let bg = tile.bg;
            f.put(
                x0 + vx,
                y0 + vy,
                crate::view::frame::Cell {
                    glyph: e.glyph,
                    fg: palette.map(e.fg),
                    bg: palette.map(bg),
                },
            );
        }
    }
}

/// The start page's text above its menu, prose lines `pitch` rows apart. Returns the row
/// after it, and whether everything fitted above the menu.
fn start_page(f: &mut Frame, app: &App, pitch: i32) -> (i32, bool) {
    let layout = app.layout();
    let x = left(layout);
    f.boxed(page(layout), "", DIM, BLACK);
    f.text(
        (layout.cols - 9) / 2,
        page(layout).y + 2,
        "C A V E S",
        TITLE,
        BLACK,
    );
    let intro = if layout.cols < 60 {
        "A golden idol lies on the deepest level. Go down the stairs ('>'), take the idol, \
         and climb back out by the '<' where you came in. Your torch burns down as you go: \
         find oil, douse it to hide, and strike what sleeps. Every run is saved after each turn."
    } else {
        "A golden idol lies somewhere on the deepest level of these caves. Walk down the stairs \
         ('>') level by level, step on the idol to take it, then climb all the way back and \
         out by the stair up ('<') where you came in. Your torch lights a few steps and burns \
         down as you go: find oil, douse it to hide (wounds close only in its light), and when \
         it dies the caves come for you. Creatures asleep or unaware take double blows; potions \
         and scrolls are unknown until tried. Walk into a creature to fight it. Every run is \
         saved after each turn."
    };
    // What is listed stops two rows above the menu's prompt.
    let limit = app.menu_top(app.start_menu().len()) - 3;
    let mut y = prose(f, layout, (page(layout).y + 4, limit), intro, TEXT, pitch);
    if !app.touch() {
        y = prose(
            f,
            layout,
            (y, limit),
            "Keys: arrows or h j k l and y u b n move, > and < take stairs, g picks up, i shows \
             what you carry, t throws, T douses the torch, R rests, x looks, s shares, ? shows \
             every key.",
            DIM,
            pitch,
        );
    }
    let mut whole = y <= limit + 1;
    let found = app.found();
    let best = crate::save::Saves::high_scores(&found.history);
    let narrow = layout.cols < 60;
    whole &= best.is_empty() || y + 2 < limit;
    if !best.is_empty() && y + 2 < limit {
        f.text(x, y, "Best runs", DIM, BLACK);
        y += 1;
        for (i, h) in best.iter().enumerate() {
            if y >= limit {
                whole = false;
                break;
            }
            let record = h.decode();
            let daily = record.as_ref().and_then(|r| r.header.daily.as_deref());
            let explorer = record
                .as_ref()
                .is_some_and(|r| r.header.mode == crate::rules::Mode::Explorer);
            let mode = if explorer { " Explorer" } else { "" };
            let name = run_name(h.seed, daily);
            let line_text = if narrow {
                format!("{:>6} {} {name}{mode}", h.score.unwrap_or(0), h.outcome)
            } else {
                let rest = format!(
                    "{}  depth {}  {} turns  {name}{mode}",
                    h.outcome, h.depth, h.turns
                );
                // The day it ended, when the line has room for it and it is not the name.
                let room = right(layout) - x - 3;
                let dated = format!("{:>6}  {}  {rest}", h.score.unwrap_or(0), h.date);
                if daily.is_none() && dated.chars().count() as i32 <= room {
                    dated
                } else {
                    format!("{:>6}  {rest}", h.score.unwrap_or(0))
                }
            };
            f.text(x, y, &(5 + i).to_string(), TITLE, BLACK);
            line(f, layout, x + 3, y, &line_text, TEXT);
            y += 1;
        }
        let watch = "5 to 9 watch one again (then S shares, E exports it)";
        if !app.touch() && y + paragraph_rows(layout, watch) <= limit {
            y = paragraph(f, layout, y, watch, DIM) - 1;
        } else if !app.touch() {
            whole = false;
        }
        y += 1;
    }
    whole &= found.history.is_empty() || y + 2 < limit;
    if !found.history.is_empty() && y + 2 < limit {
        f.text(x, y, "Recent runs", DIM, BLACK);
        y += 1;
        for h in found.history.iter().take(3) {
            if y >= limit {
                whole = false;
                break;
            }
            let record = h.decode();
            let name = run_name(
                h.seed,
                record.as_ref().and_then(|r| r.header.daily.as_deref()),
            );
            let line_text = if narrow {
                format!("{} {} turns {name}", h.outcome, h.turns)
            } else {
                format!(
                    "{}  {name}  {}  {} turns  depth {}",
                    h.date, h.outcome, h.turns, h.depth
                )
            };
            line(f, layout, x, y, &line_text, TEXT);
            y += 1;
        }
        y += 1;
    }
    if !found.kept.is_empty() {
        let text = format!(
            "{} saved run(s) could not be read ({}). They are kept: press D to download.",
            found.kept.len(),
            found.kept[0].reason
        );
        y = paragraph(f, layout, y, &text, WARN);
    }
    if let Some(n) = app.notice() {
        y = paragraph(f, layout, y, n, WARN);
    }
    if let Saving::Off(why) = app.saving() {
        y = paragraph(
            f,
            layout,
            y,
            &format!("Saving is off: {why}. You can play, and export a run with E."),
            WARN,
        );
    }
    (y, whole && y <= limit + 1)
}

/// The start menu at the bottom of the page: keys and labels, or bars to tap.
fn menu(f: &mut Frame, app: &App, below: i32) {
    let layout = app.layout();
    let x = left(layout);
    let items = app.start_menu();
    let (top, pitch) = (app.menu_top(items.len()), app.menu_pitch());
    let narrow = layout.cols < 60;
    let prompt = if app.touch() {
        "Tap a line to choose"
    } else if app.free_runs().is_empty() {
        "Press any key to start"
    } else {
        // The longest wording that fits the page.
        let fits = |p: &&str| (p.len() as i32) < right(layout);
        [
            "Press Enter to continue, any other key for a new run",
            "Enter continues, N: a new run",
            "Enter: continue",
        ]
        .into_iter()
        .find(|p| fits(p))
        .unwrap_or("Enter: continue")
    };
    let py = (top - 2).max(below);
    f.text(
        (layout.cols - prompt.len() as i32) / 2,
        py,
        prompt,
        ACCENT,
        BLACK,
    );
    let (bar_rows, label_row) = app.menu_bar();
    for (i, item) in items.iter().enumerate() {
        let y = top + i as i32 * pitch;
        let colour = if i == 0 { ACCENT } else { TEXT };
        if app.touch() {
            let bar = crate::view::frame::Cell {
                glyph: b' ',
                fg: TEXT,
                bg: crate::view::colour::PANEL,
            };
            let w = layout.cols - 2 * x;
            f.fill(x, y, w, bar_rows, bar);
            // The label in the bar's middle row, as far as the bar reaches.
            let label = clip(&item.label, w - 2);
            let lx = x + (w - label.chars().count() as i32) / 2;
            f.text(
                lx,
                y + label_row,
                &label,
                colour,
                crate::view::colour::PANEL,
            );
        } else {
            let dx = if narrow { 8 } else { 10 };
            f.text(x, y, &item.key, TITLE, BLACK);
            line(f, layout, x + dx, y, &item.label, colour);
        }
    }
}
