//! The start screen: its choices (continue a saved run, take one over from another tab, start a
//! new run, watch the last ended run or one of the best, import a record, download kept
//! saves, today's board), and starting or resuming a run. A watched run is the shown record,
//! so share and export apply to it.

use crate::app::ctx::Ctx;
use crate::app::draw::page::*;
use crate::app::input::ignorable;
use crate::app::next::{Layer, Next, Region, Screen};
use crate::app::request::Request;
use crate::app::screens::page::Page;
use crate::app::session::Saving;
use crate::record::Header;
use crate::rules::variants::{self, NORMAL};
use crate::rules::State;
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
    /// Switch new runs to the next of the game's variants (Normal, Explorer).
    Mode,
    /// Your days: the daily runs kept.
    Days,
    /// Post the day's run that ended and that the board has not taken (`Ctx::to_post`).
    Post,
}

/// One line of the start menu: the key that chooses it, what it says, what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuItem {
    pub key: &'static str,
    pub label: String,
    pub choice: Choice,
}

/// The start screen. Its notice is shared (any screen may leave one for it); its own state is
/// the next new run as it starts, made once for the window on its first level rather than
/// on every paint (a large world takes a while to make).
#[derive(Default)]
pub struct Start {
    preview: Option<Box<(Header, State)>>,
}

/// The header of the next new run, as the options stand.
fn next_run(ctx: &Ctx) -> Header {
    let opts = &ctx.opts;
    Header::new(opts.seed, opts.params, opts.daily.clone()).in_variant(opts.variant)
}

impl Start {
    pub fn new(ctx: &Ctx) -> Start {
        let mut start = Start::default();
        start.refresh(ctx);
        start
    }

    /// Makes the next new run again if the options changed since it was made.
    fn refresh(&mut self, ctx: &Ctx) {
        let header = next_run(ctx);
        if self.preview.as_ref().is_none_or(|p| p.0 != header) {
            self.preview = header.start().ok().map(|state| Box::new((header, state)));
        }
    }
}

impl Layer for Start {
    fn screen(&self) -> Screen {
        Screen::Start
    }

    fn key(&mut self, ctx: &mut Ctx, key: &str) -> Option<Next> {
        // Here `m` chooses how to play, not sound.
        if key != "m" && ctx.toggle_prefs(key) {
            return Some(Next::Stay);
        }
        let choice = choice(ctx, key)?;
        let next = choose(ctx, choice, &mut self.preview);
        // The next new run is made again only for a start screen that stays.
        if !matches!(&next, Next::Go(goto) if !goto.stays()) {
            self.refresh(ctx);
        }
        Some(next)
    }

    fn regions(&self, ctx: &Ctx) -> Vec<Region> {
        regions(ctx)
    }

    /// The start screen: title, goal, recent runs, notices, and the menu at the bottom.
    fn draw(&self, f: &mut Frame, ctx: &Ctx) {
        // Prose with a blank row between its lines when everything still fits that way (the
        // 8 x 8 glyphs have no spacing of their own); packed lines when it would not.
        let mut spaced = f.clone();
        let (y, whole) = start_page(&mut spaced, ctx, 2);
        let y = if whole {
            *f = spaced;
            y
        } else {
            start_page(f, ctx, 1).0
        };
        // The run made for this screen, or (options changed from outside, a start screen
        // drawn without its own state) one made now.
        let header = next_run(ctx);
        let made;
        let state = match self.preview.as_deref() {
            Some((h, state)) if *h == header => Some(state),
            _ => {
                made = header.start().ok();
                made.as_ref()
            }
        };
        if let Some(state) = state {
            caves_view(f, ctx, y, state);
        }
        menu_lines(f, ctx);
    }
}

/// The start menu, top to bottom: saved runs, a new run, the last run, kept saves, a run
/// file, help. The same list is drawn and hit by taps.
pub fn menu(ctx: &Ctx) -> Vec<MenuItem> {
    let item = |key: &'static str, label: String, choice| MenuItem { key, label, choice };
    let mut menu = Vec::new();
    let free = free_runs(ctx);
    // A phone's line has room for the run's name only.
    let narrow = ctx.layout.cols < 60;
    for (i, run) in ctx.session.found().runs.iter().take(3).enumerate() {
        let h = &run.record.header;
        let attempt = ctx.session.attempt(h, run.id);
        let what = match (narrow, h.daily.as_deref(), attempt) {
            (true, Some(d), Some(n)) if n > 1 => format!("{d} try {n}"),
            (true, daily, _) => run_name(h.seed, daily, attempt),
            (false, daily, _) => format!(
                "{}, level {}, turn {}",
                run_name(h.seed, daily, attempt),
                run.level,
                run.turn
            ),
        };
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
    let next = match &ctx.opts.daily {
        Some(d) => match ctx.session.next_attempt(d, ctx.opts.seed) {
            1 => format!("the daily caves of {d}"),
            n if narrow => format!("practice, try {n}"),
            n => format!("practice, daily {d} try {n}"),
        },
        None => format!("seed {}", ctx.opts.seed),
    };
    let new_key = if free.is_empty() { "any key" } else { "N" };
    let mode = match ctx.opts.variant {
        v if ctx.opts.daily.is_none() && v != &NORMAL => format!(" ({})", v.name),
        _ => String::new(),
    };
    menu.push(item(
        new_key,
        format!("New run: {next}{mode}"),
        Choice::NewRun,
    ));
    if ctx.opts.daily.is_none() {
        let label = format!("Mode: {}", ctx.opts.variant.name);
        menu.push(item("M", label, Choice::Mode));
    }
    if !ctx.session.found().history.is_empty() {
        menu.push(item(
            "R",
            "Watch the last run again".into(),
            Choice::WatchLast,
        ));
    }
    if !ctx.session.found().kept.is_empty() {
        let kept = &ctx.session.found().kept;
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
    // A day's run the board has not taken takes the board's line (posting shows the board;
    // B still does too), so the menu grows no taller on a phone.
    match ctx.to_post(false) {
        Some((record, _)) => {
            let date = record.header.daily.unwrap_or_default();
            menu.push(item("P", format!("Post daily {date}"), Choice::Post));
        }
        None => menu.push(item("B", "Today's board".into(), Choice::Board)),
    }
    // Once a daily run has ended here (Y opens it any time).
    if !ctx.session.days().is_empty() {
        menu.push(item("Y", "Your days".into(), Choice::Days));
    }
    menu.push(item("L", "The cave lab".into(), Choice::Lab));
    menu.push(item("?", "Help and keys".into(), Choice::Help));
    menu
}

/// Saved runs this page may continue now: not held by another tab.
pub fn free_runs(ctx: &Ctx) -> Vec<usize> {
    let mut free = Vec::new();
    for (i, run) in ctx.session.found().runs.iter().enumerate() {
        if !ctx.session.busy().contains(&run.id) {
            free.push(i);
        }
    }
    free
}

/// What `key` chooses on the start screen, if anything.
pub fn choice(ctx: &Ctx, key: &str) -> Option<Choice> {
    if ignorable(key) {
        return None;
    }
    let free = free_runs(ctx);
    let busy_first = ctx
        .session
        .found()
        .runs
        .first()
        .is_some_and(|r| ctx.session.busy().contains(&r.id));
    Some(match key {
        "?" => Choice::Help,
        "Enter" if !free.is_empty() => Choice::Continue(free[0]),
        "1" | "2" | "3" => {
            let n = key.as_bytes()[0] - b'1';
            match ctx.session.found().runs.get(n as usize) {
                Some(r) if ctx.session.busy().contains(&r.id) => Choice::TakeOver(n as usize),
                Some(_) => Choice::Continue(n as usize),
                None => Choice::NewRun,
            }
        }
        "5" | "6" | "7" | "8" | "9"
            if usize::from(key.as_bytes()[0] - b'5')
                < crate::save::Saves::high_scores(&ctx.session.found().history).len() =>
        {
            Choice::WatchBest(usize::from(key.as_bytes()[0] - b'5'))
        }
        "t" | "T" if busy_first => Choice::TakeOver(0),
        "n" | "N" => Choice::NewRun,
        "m" | "M" if ctx.opts.daily.is_none() => Choice::Mode,
        "i" | "I" => Choice::Import,
        "p" | "P" if ctx.to_post(false).is_some() => Choice::Post,
        "L" => Choice::Lab,
        "B" => Choice::Board,
        // Y, or a gamepad's right bumper (which walks to the stairs in play).
        "Y" | "Stairs" => Choice::Days,
        "d" | "D" if !ctx.session.found().kept.is_empty() => Choice::DownloadKept,
        "r" | "R" if !ctx.session.found().history.is_empty() => Choice::WatchLast,
        _ => Choice::NewRun,
    })
}

/// Rows of one start-menu line: 1 with a keyboard; on touch screens a bar and a gap, every
/// row of which a tap chooses it by: 3 rows on a landscape screen, and on a portrait phone
/// 5 (4 with larger glyphs), at least 44 CSS pixels since a phone's cells are at least 9
/// (13.5) CSS pixels high.
pub fn pitch(ctx: &Ctx) -> i32 {
    fitted(ctx).0
}

/// The start menu's pitch and the introduction above it: the screen's own introduction
/// where it fits whole above the menu, else a short one; on a screen too short even for that
/// (a phone with the pad open under it) the menu's lines come closer, down to a row each, so
/// that the title and the introduction stay in sight.
fn fitted(ctx: &Ctx) -> (i32, &'static str) {
    let layout = ctx.layout;
    let tall = match (ctx.prefs.touch, layout.is_portrait(), ctx.prefs.larger) {
        (false, _, _) => 1,
        (true, false, _) => 3,
        (true, true, false) => 5,
        (true, true, true) => 4,
    };
    let own = if layout.cols < 60 {
        INTRO_NARROW
    } else {
        INTRO_WIDE
    };
    let page = page(layout);
    let lines = menu(ctx).len() as i32;
    // Whole when its last line is above the limit `start_page` writes to.
    let fits = |text: &str, pitch: i32| {
        let limit = page.y + page.h - 2 - lines * pitch - 3;
        page.y + 4 + paragraph_rows(layout, text) - 1 <= limit
    };
    if fits(own, tall) {
        return (tall, own);
    }
    let pitch = (1..=tall)
        .rev()
        .find(|&p| fits(INTRO_SHORT, p))
        .unwrap_or(1);
    (pitch, INTRO_SHORT)
}

/// The rows of a touch menu line's bar, and the row of its label within it: a tap bar as
/// other screens draw it, lower where the menu's lines are closer (`pitch`), a gap row
/// left between bars while there is room for one.
pub fn menu_bar(ctx: &Ctx) -> (i32, i32) {
    let (rows, label) = bar(ctx.layout);
    let pitch = pitch(ctx);
    if pitch > rows {
        return (rows, label);
    }
    let rows = (pitch - 1).max(1);
    (rows, (rows - 1) / 2)
}

/// The first row of a start menu of `lines` lines, which sits at the bottom of the screen.
/// It ends a blank row above the bottom of the page's frame, so it never covers it.
pub fn top(ctx: &Ctx, lines: usize) -> i32 {
    let page = page(ctx.layout);
    (page.y + page.h - 2 - lines as i32 * pitch(ctx)).max(0)
}

/// The rows a tap chooses each menu line by, as its key does: the line's bar (on a portrait
/// phone with the gap rows below it, and every row of the menu's pitch where lines are one
/// row or close), and the first line for a tap above the menu; nothing between the lines.
pub fn regions(ctx: &Ctx) -> Vec<Region> {
    let menu = menu(ctx);
    let (top, pitch, cols) = (top(ctx, menu.len()), pitch(ctx), ctx.layout.cols);
    let rows = if pitch == 1 || ctx.layout.is_portrait() {
        pitch
    } else {
        menu_bar(ctx).0.min(pitch)
    };
    // "any key" starts a new run, as N does.
    let key = |m: &MenuItem| {
        if m.choice == Choice::NewRun {
            "N"
        } else {
            m.key
        }
    };
    let mut regions = Vec::new();
    if let Some(first) = menu.first() {
        regions.push(Region::new(0, 0, cols, top - 2, key(first)));
    }
    for (i, m) in menu.iter().enumerate() {
        let y = top + i as i32 * pitch;
        regions.push(Region::new(0, y, cols, rows, key(m)));
    }
    regions
}

/// Does what a start-menu line says. `made` is the next new run as the start screen made it
/// (its header and its state at the start): a new run takes it when the options still make
/// that run.
pub fn choose(ctx: &mut Ctx, choice: Choice, made: &mut Option<Box<(Header, State)>>) -> Next {
    let request = |ctx: &mut Ctx, r| {
        ctx.requests.push(r);
        Next::Stay
    };
    match choice {
        Choice::Help => Next::Push(Box::new(Page::HELP)),
        Choice::Days => Next::Push(Box::new(Page::DAYS)),
        Choice::Continue(i) => {
            // As the store holds it now: another tab may have played or ended it since
            // the menu was shown.
            let Some(id) = ctx.session.found().runs.get(i).map(|r| r.id) else {
                return Next::Stay;
            };
            ctx.rescan();
            match ctx.session.found().runs.iter().position(|r| r.id == id) {
                Some(i) => ctx.resume(i).into(),
                None => {
                    ctx.notice = Some("That run is not saved any more.".into());
                    Next::Stay
                }
            }
        }
        Choice::TakeOver(i) => match ctx.session.found().runs.get(i).map(|r| r.id) {
            Some(id) => request(ctx, Request::TakeOver(id)),
            None => Next::Stay,
        },
        Choice::NewRun => ctx.new_run(true, made.take().map(|m| *m)).into(),
        Choice::Mode => {
            // The next of the game's variants, round to the first.
            let at = variants::ALL.iter().position(|&v| v == ctx.opts.variant);
            let next = at.map_or(0, |i| (i + 1) % variants::ALL.len());
            ctx.opts.variant = variants::ALL[next];
            Next::Stay
        }
        Choice::Import => request(ctx, Request::Import),
        Choice::Lab => request(ctx, Request::Lab(ctx.opts.seed)),
        Choice::Board => request(ctx, Request::Board),
        Choice::Post => request(ctx, Request::Post),
        Choice::DownloadKept => request(ctx, Request::DownloadKept(0)),
        Choice::WatchLast => match ctx.session.found().history.first().and_then(|h| h.decode()) {
            Some(record) => ctx.watch(record).into(),
            None => {
                ctx.notice =
                    Some("The last run was played under other rules and cannot be shown.".into());
                Next::Stay
            }
        },
        Choice::WatchBest(n) => {
            let best = crate::save::Saves::high_scores(&ctx.session.found().history);
            match best.get(n).and_then(|h| h.decode()) {
                Some(record) => ctx.watch(record).into(),
                None => {
                    ctx.notice =
                        Some("That run was played under other rules and cannot be shown.".into());
                    Next::Stay
                }
            }
        }
    }
}

/// A window on the first level of the next new run, between the start page's text (ending
/// at row `below`) and its menu, when there are at least 5 free rows: its tiles, its
/// creatures and you on the stair up where the run starts, in full light.
fn caves_view(f: &mut Frame, ctx: &Ctx, below: i32, state: &State) {
    let layout = ctx.layout;
    let first = below;
    let bottom = top(ctx, menu(ctx).len()) - 3;
    let h = (bottom - first).min(11);
    if h < 5 {
        return;
    }
    let w = (right(layout) - left(layout)).min(44);
    let (x0, y0) = ((layout.cols - w) / 2, first);
    let me = state.player();
    let world = state.world();
    let sx = (me.x - w / 2).clamp(0, (world.width() - w).max(0));
    let sy = (me.y - h / 2).clamp(0, (world.height() - h).max(0));
    let palette = ctx.prefs.palette;
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

/// The start page's introduction on a wide screen.
const INTRO_WIDE: &str = "A golden idol lies somewhere on the deepest level of these caves. Walk \
    down the stairs ('>') level by level, step on the idol to take it, then climb all the way \
    back and out by the stair up ('<') where you came in. Your torch lights a few steps and \
    burns down as you go: find oil, douse it to hide (only its light or a fire heals), and when \
    it dies the caves come for you. Creatures asleep or unaware take double blows; potions and \
    scrolls are unknown until tried. Walk into a creature to fight it. Every run is saved \
    after each turn.";

/// The start page's introduction where the screen is short.
const INTRO_SHORT: &str = "A golden idol lies on the deepest level: take it and climb back out \
    by the '<' where you came in, before your torch burns down.";

/// The start page's introduction on a narrow screen.
const INTRO_NARROW: &str = "A golden idol lies on the deepest level. Go down the stairs ('>'), \
    take the idol, and climb back out by the '<' where you came in. Your torch burns down as \
    you go: find oil, douse it to hide, and strike what sleeps. Every run is saved after each \
    turn.";

/// The start page's text above its menu, prose lines `pitch` rows apart. Returns the row
/// after it, and whether everything fitted above the menu.
fn start_page(f: &mut Frame, ctx: &Ctx, pitch: i32) -> (i32, bool) {
    let layout = ctx.layout;
    let x = left(layout);
    f.boxed(page(layout), "", DIM, BLACK);
    f.text(
        (layout.cols - 9) / 2,
        page(layout).y + 2,
        "C A V E S",
        TITLE,
        BLACK,
    );
    let intro = fitted(ctx).1;
    // What is listed stops two rows above the menu's prompt.
    let limit = top(ctx, menu(ctx).len()) - 3;
    let mut y = prose(f, layout, (page(layout).y + 4, limit), intro, TEXT, pitch);
    if !ctx.touch() {
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
    let found = ctx.session.found();
    let best = crate::save::Saves::high_scores(&found.history);
    let narrow = layout.cols < 60;
    whole &= best.is_empty() || y + 2 < limit;
    if !best.is_empty() && y + 2 < limit {
        f.text(x, y, "Best runs", DIM, BLACK);
        y += 1;
        for (h, key) in best.iter().zip(["5", "6", "7", "8", "9"]) {
            if y >= limit {
                whole = false;
                break;
            }
            let record = h.decode();
            let daily = record.as_ref().and_then(|r| r.header.daily.as_deref());
            let mode = match record.as_ref().map(|r| r.header.variant) {
                Some(v) if v != &NORMAL => format!(" {}", v.name),
                _ => String::new(),
            };
            let name = run_name(h.seed, daily, h.attempt);
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
            f.text(x, y, key, TITLE, BLACK);
            line(f, layout, x + 3, y, &line_text, TEXT);
            y += 1;
        }
        let watch = "5 to 9 watch one again (then S shares, E exports it)";
        if !ctx.touch() && y + paragraph_rows(layout, watch) <= limit {
            y = paragraph(f, layout, y, watch, DIM) - 1;
        } else if !ctx.touch() {
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
                h.attempt,
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
    if let Some(n) = ctx.notice.as_deref() {
        y = paragraph(f, layout, y, n, WARN);
    }
    if let Saving::Off(why) = ctx.session.saving() {
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
fn menu_lines(f: &mut Frame, ctx: &Ctx) {
    let layout = ctx.layout;
    let x = left(layout);
    let items = menu(ctx);
    let (top, pitch) = (top(ctx, items.len()), pitch(ctx));
    let narrow = layout.cols < 60;
    let prompt = if ctx.touch() {
        "Tap a line to choose"
    } else if free_runs(ctx).is_empty() {
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
    // Two rows above the menu: the prose above stops short of it (`start_page`).
    let py = top - 2;
    f.text(
        (layout.cols - prompt.len() as i32) / 2,
        py,
        prompt,
        ACCENT,
        BLACK,
    );
    for (i, item) in items.iter().enumerate() {
        let y = top + i as i32 * pitch;
        let colour = if i == 0 { ACCENT } else { TEXT };
        if ctx.touch() {
            let at = (x, y, layout.cols - 2 * x);
            tap_bar(f, menu_bar(ctx), at, &item.label, colour);
        } else {
            let dx = if narrow { 8 } else { 10 };
            f.text(x, y, item.key, TITLE, BLACK);
            line(f, layout, x + dx, y, &item.label, colour);
        }
    }
}
