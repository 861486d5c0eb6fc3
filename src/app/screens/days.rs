//! Your days: the daily runs of the days kept (`Saves::days`) at a glance: how many, the wins,
//! the best score, the current and longest streak, and the depth of the last 30 as a plot of
//! columns, said again in words for screen readers. Its keys close it; a tap anywhere does too.

use crate::app::ctx::Ctx;
use crate::app::days::streaks;
use crate::app::draw::page::*;
use crate::app::input::{command, Command};
use crate::app::next::{Layer, Next, Screen};
use crate::view::colour::{ACCENT, BLACK, DIM, TEXT, TITLE};
use crate::view::frame::Frame;

/// The runs the plot shows, where the page is wide enough.
const PLOTTED: usize = 30;

/// The Your days screen.
pub struct Days;

impl Layer for Days {
    fn screen(&self) -> Screen {
        Screen::Days
    }

    /// A tap anywhere closes it.
    fn tap(&mut self, _: &mut Ctx, _: i32, _: i32) -> Option<Next> {
        Some(Next::Pop)
    }

    fn draw(&self, f: &mut Frame, ctx: &Ctx) {
        draw(f, ctx);
    }

    /// Back (or Y again) closes it; any other command is used up.
    fn key(&mut self, ctx: &mut Ctx, key: &str) -> Option<Next> {
        if ctx.toggle_prefs(key) {
            return Some(Next::Stay);
        }
        if key == "Y" {
            return Some(Next::Pop);
        }
        Some(match command(key)? {
            Command::Back | Command::Help => Next::Pop,
            _ => Next::Stay,
        })
    }
}

/// The screen: the figures, the plot and its words.
fn draw(f: &mut Frame, ctx: &Ctx) {
    let layout = ctx.layout;
    let area = page(layout);
    f.boxed(area, "Your days", DIM, BLACK);
    let days = ctx.session.days();
    let (mut wins, mut best) = (0, 0);
    for d in &days {
        wins += u32::from(d.outcome == "won");
        best = best.max(d.score.unwrap_or(0));
    }
    let (current, longest) = streaks(&days, ctx.session.today());
    let x = left(layout);
    let mut y = area.y + 2;
    let figures = format!(
        "Daily runs {}, won {wins}, best score {best}. In a row: now {current}, at most {longest}.",
        days.len()
    );
    y = paragraph(f, layout, y, &figures, TEXT) + 1;
    // As many columns as the page has room for beside the depths, at most `PLOTTED`.
    let room = PLOTTED.min((right(layout) - x - 3).max(1) as usize);
    let last = &days[days.len().saturating_sub(room)..];
    if last.is_empty() {
        y = paragraph(
            f,
            layout,
            y,
            "No daily runs yet: ?daily plays today's.",
            TEXT,
        );
    } else {
        let top = last.iter().map(|d| d.depth).max().unwrap_or(1);
        line(f, layout, x, y, "Depth, the last daily runs:", DIM);
        // A column a run, a block a level reached; a win's column in the title's colour.
        for row in (1..=top).rev() {
            y += 1;
            f.text(x, y, &format!("{row:>2}"), DIM, BLACK);
            for (i, d) in last.iter().enumerate() {
                if d.depth >= row {
                    let colour = if d.outcome == "won" { TITLE } else { TEXT };
                    f.text(x + 3 + i as i32, y, "\u{2588}", colour, BLACK);
                }
            }
        }
        let mut words = String::from("In words, oldest first:");
        for d in last {
            words += &format!(
                " {}{},",
                d.depth,
                if d.outcome == "won" { " won" } else { "" }
            );
        }
        words.pop();
        y = paragraph(f, layout, y + 2, &words, TEXT);
    }
    let back = if ctx.touch() {
        "Tap to go back"
    } else {
        "Press Escape to go back"
    };
    line(f, layout, x, y + 1, back, ACCENT);
}
