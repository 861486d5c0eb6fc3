//! The end screen of a run, won or lost: its page (what ended it, the score, the kills, what
//! the keys do) and its keys (a new run, watch it, share, export, post a daily run to the
//! board, back to the start); on a touch screen a tap on its bar watches the run, elsewhere
//! starts a new run.

use crate::app::ctx::Ctx;
use crate::app::draw::page::*;
use crate::app::input::{command, Command};
use crate::app::next::{Layer, Next, Region, Screen};
use crate::app::post::Posting;
use crate::app::request::Request;
use crate::app::screens::page::Page;
use crate::rules::{Outcome, State};
use crate::view::colour::{Rgb, ACCENT, BLACK, DIM, TEXT, TITLE, WARN};
use crate::view::frame::{Area, Frame};
use crate::view::wrap::wrap;
use std::cell::Cell;

/// The end screen. The ended run stays the session's; the screen keeps only where it last
/// drew the bar a tap watches the replay by (touch screens have no `r` to press).
#[derive(Default)]
pub struct Ended {
    /// The rows of the replay's bar, as last drawn (below the page's text, which wraps).
    bar: Cell<Option<Area>>,
}

impl Layer for Ended {
    fn screen(&self) -> Screen {
        Screen::Ended
    }

    fn draw(&self, f: &mut Frame, ctx: &Ctx) {
        if let Some(state) = ctx.state() {
            draw(f, ctx, state, self);
        }
    }

    /// A tap on the replay's bar watches the run, as `r` does; a tap anywhere else starts a
    /// new run, as Enter does.
    fn regions(&self, ctx: &Ctx) -> Vec<Region> {
        let mut regions = Vec::new();
        if let Some(area) = self.bar.get() {
            regions.push(Region { area, key: "r" });
        }
        regions.push(Region::whole(ctx.layout, "Enter"));
        regions
    }

    fn key(&mut self, ctx: &mut Ctx, key: &str) -> Option<Next> {
        if ctx.toggle_prefs(key) {
            return Some(Next::Stay);
        }
        let cmd = command(key);
        let request = |ctx: &mut Ctx, r| {
            ctx.requests.push(r);
            Some(Next::Stay)
        };
        match (key, cmd) {
            (_, Some(Command::Confirm)) => Some(ctx.new_run(false, None).into()),
            ("r", _) => match ctx.session.run().map(|r| r.record.clone()) {
                Some(record) => Some(ctx.watch(record).into()),
                None => Some(Next::Stay),
            },
            ("p" | "P", _) if ctx.to_post(true).is_some() => request(ctx, Request::Post),
            ("B", _) => request(ctx, Request::Board),
            (_, Some(Command::Share)) => request(ctx, Request::Share),
            (_, Some(Command::Export)) => request(ctx, Request::Export),
            (_, Some(Command::Back)) => Some(ctx.back_to_start().into()),
            (_, Some(Command::Help)) => Some(Next::Push(Box::new(Page::HELP))),
            (_, c) => c.map(|_| Next::Stay),
        }
    }
}

/// The plural of a creature's name: "giant rats", "ochre jellies", "bats" ("y" after a
/// consonant becomes "ies"; "s", "x", "z", "ch" and "sh" take "es").
pub(crate) fn plural(name: &str) -> String {
    // The endings read as bytes (all ASCII): no searches from the end of a str for sets of
    // chars in the page.
    let vowel = |b: &u8| b"aeiou".contains(b);
    match name.strip_suffix('y') {
        Some(stem) if !stem.as_bytes().last().is_some_and(vowel) => format!("{stem}ies"),
        _ if matches!(
            name.as_bytes(),
            [.., b's' | b'x' | b'z'] | [.., b'c' | b's', b'h']
        ) =>
        {
            format!("{name}es")
        }
        _ => format!("{name}s"),
    }
}

/// "3 giant rats, 1 orc", or "none".
fn kills_text(state: &State) -> String {
    let mut text = String::new();
    for (c, n) in state.kills() {
        let sep = if text.is_empty() { "" } else { ", " };
        let name = match n {
            1 => c.name().to_string(),
            _ => plural(c.name()),
        };
        text = format!("{text}{sep}{n} {name}");
    }
    if text.is_empty() {
        "none".into()
    } else {
        text
    }
}

/// The win or lose screen: how the run ended and its summary, with the score.
fn draw(f: &mut Frame, ctx: &Ctx, state: &State, screen: &Ended) {
    let layout = ctx.layout;
    let x = left(layout);
    // The box sits 8 rows down where the screen has room for it, higher on short screens.
    let top = (layout.rows - 39).clamp(1, 8);
    let frame = Area {
        x: (x - 4).max(0),
        y: top,
        w: layout.cols - 2 * (x - 4).max(0),
        // A portrait phone's narrow lines wrap more, and its bars are taller.
        h: (layout.rows - top - 1).min(if layout.is_portrait() { 40 } else { 30 }),
    };
    f.boxed(frame, "", DIM, BLACK);
    // Lines of text end a blank column before the box's right border.
    let room = (frame.x + frame.w - 2 - x) as usize;
    let lines = |f: &mut Frame, y: i32, text: &str, colour: Rgb| -> i32 {
        let mut y = y;
        for l in wrap(text, room) {
            f.text(x, y, &l, colour, BLACK);
            y += 1;
        }
        y
    };
    let (title, colour) = if state.outcome() == Outcome::Won {
        ("YOU WIN", ACCENT)
    } else {
        ("GAME OVER", WARN)
    };
    // A short screen (a phone with the pad open, larger glyphs) packs the page: no blank
    // rows between its parts, and neither the items used nor the seed.
    let short = layout.rows < 36;
    let gap = i32::from(!short);
    let (title_y, text_y) = if short {
        (top + 1, top + 3)
    } else {
        (top + 3, top + 6)
    };
    f.text(
        (layout.cols - title.len() as i32) / 2,
        title_y,
        title,
        colour,
        BLACK,
    );
    let words = state.ending().map(|e| e.words()).unwrap_or_default();
    let mut y = paragraph(f, layout, text_y, &words, TEXT);
    // Integers as `format!` writes them: `to_string` would bring a second copy of the
    // digit writer of each integer type into the page.
    let vx = x + if layout.cols < 60 { 11 } else { 14 };
    let mut row = |f: &mut Frame, label: &str, value: &str, colour: Rgb| {
        f.text(x, y, label, DIM, BLACK);
        for line in wrap(value, (layout.cols - vx - x).max(10) as usize) {
            f.text(vx, y, &line, colour, BLACK);
            y += 1;
        }
    };
    let run = ctx.session.run().filter(|_| ctx.daily_ended());
    if let Some(run) = run {
        let date = run.record.header.daily.as_deref().unwrap_or_default();
        // A short screen says only which try a practice run is: the day's run is the rule.
        let daily = match ctx.session.attempt(&run.record.header, run.id) {
            Some(1) if short => date.to_string(),
            Some(1) => format!("{date}, the day's run"),
            Some(n) if short => format!("{date} try {n}"),
            Some(n) => format!("{date}, try {n} (practice)"),
            None => date.to_string(),
        };
        row(f, "Daily", &daily, TEXT);
    }
    row(f, "Score", &format!("{}", state.score()), TITLE);
    let depth = if short {
        format!("level {}", state.depth_reached())
    } else {
        format!("level {} reached", state.depth_reached())
    };
    row(f, "Depth", &depth, TEXT);
    row(f, "Turns", &format!("{}", state.turn()), TEXT);
    let experience = format!("level {}, {} xp", state.level(), state.xp());
    row(f, "Experience", &experience, TEXT);
    row(f, "Kills", &kills_text(state), TEXT);
    if !short {
        row(f, "Items used", &format!("{}", state.items_used()), TEXT);
        row(f, "Seed", &format!("{}", state.seed()), TEXT);
    }
    let mut y = y + gap;
    if ctx.session.end_unsaved().is_some() {
        // Why is in the sidebar and on the start screen; here the few words fit every layout.
        y = lines(
            f,
            y,
            "Its end could not be saved yet: keep this page open.",
            WARN,
        ) + gap;
    }
    // A daily run shares its card (the day without its caves), any other run its link; and
    // it goes to the board, after the day's run when it is practice.
    let post = match ctx.to_post(true).map(|(_, p)| p) {
        Some(Posting::ThisRun) if ctx.touch() => "post this run",
        Some(Posting::ThisRun) => "post to today's board",
        Some(Posting::Practice) => "post as practice",
        Some(Posting::DayRunFirst) => "post your day's run first",
        _ => "",
    };
    if !ctx.touch() {
        if ctx.daily_ended() {
            y = lines(
                f,
                y,
                "R watch the replay   S copy your card   E export",
                TEXT,
            );
            let board = match post {
                "" => "B the board".to_string(),
                post => format!("P {post}   B the board"),
            };
            y = lines(f, y, &board, TITLE);
        } else {
            y = lines(f, y, "R watch the replay   S share   E export", TEXT);
        }
    } else if ctx.daily_ended() {
        y = lines(f, y, "Share: copy your card", TEXT);
        let board = match post {
            "" => "Board: today's runs".to_string(),
            post => format!("Board: {post}"),
        };
        y = lines(f, y, &board, TITLE);
    }
    let fallen = ctx.graves.cells.len();
    if ctx.daily_ended() && ctx.graves.seed == state.seed() && fallen > 0 {
        let text = format!("{fallen} of today's fallen lie in these caves: see the replay.");
        y = lines(f, y + gap, &text, TEXT);
    }
    let again = if ctx.touch() {
        let rows = tap_bar(
            f,
            bar(layout),
            (x, y, room as i32),
            "Watch the replay",
            TEXT,
        );
        let area = Area {
            x: 0,
            y,
            w: layout.cols,
            h: rows,
        };
        screen.bar.set(Some(area));
        y += rows;
        "Tap for a new game"
    } else {
        "Press Enter for a new game"
    };
    lines(f, y + gap, again, ACCENT);
}

#[cfg(test)]
mod tests {
    use super::plural;
    use crate::rules::kinds::creature::Creature;

    #[test]
    fn creatures_are_counted_in_english_plurals() {
        assert_eq!(plural("ochre jelly"), "ochre jellies");
        assert_eq!(plural("giant rat"), "giant rats");
        assert_eq!(plural("monkey"), "monkeys");
        assert_eq!(plural("lynx"), "lynxes");
        for c in Creature::ALL {
            let many = plural(c.name());
            assert!(many.starts_with(&c.name()[..c.name().len() - 1]), "{many}");
            assert!(!many.ends_with("ys") || many.ends_with("eys"), "{many}");
        }
    }
}
