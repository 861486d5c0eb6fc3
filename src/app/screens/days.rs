//! Your days: the daily runs of the days kept (`Saves::days`) at a glance: how many, the wins,
//! the best score, the current and longest streak, and the depth of the last 30 as a plot of
//! columns, said again in words for screen readers; and, on the days the board gave par, the
//! score against the expert bot's as a bar a day with the expert's mark, said in words too.
//! A page over the others (`page::Page::DAYS`).

use crate::app::ctx::Ctx;
use crate::app::days::{against_expert, streaks};
use crate::app::draw::page::*;
use crate::save::HistoryEntry;
use crate::view::colour::{ACCENT, BLACK, DIM, TEXT, TITLE};
use crate::view::frame::Frame;
use crate::view::layout::Layout;

/// The runs the plot shows, where the page is wide enough.
const PLOTTED: usize = 30;

/// The bars for the player's score and the expert's mark: this many columns for the most.
fn bar_room(layout: Layout, x: i32) -> i32 {
    (right(layout) - x - 18).clamp(4, 40)
}

/// Score against the expert bot, a row a day with par (the latest that fit above the last
/// rows): the day, a bar of the score (in the title's colour where it beat the expert), the
/// expert's mark `|` on the same scale, and both figures; then the same in words. Answers
/// the row after it.
fn against_par(f: &mut Frame, ctx: &Ctx, days: &[HistoryEntry], y: i32) -> i32 {
    let layout = ctx.layout;
    let area = page(layout);
    let pairs = against_expert(days, &ctx.pars);
    let rows = (area.y + area.h - 8 - y).max(0) as usize;
    let shown = &pairs[pairs.len().saturating_sub(rows)..];
    if shown.is_empty() {
        return y;
    }
    let x = left(layout);
    let width = bar_room(layout, x);
    let top = shown
        .iter()
        .map(|(d, e)| d.score.unwrap_or(0).max(*e))
        .max()
        .unwrap_or(0)
        .max(1);
    let cols = |n: u32| (u64::from(n) * width as u64 / u64::from(top)) as i32;
    line(f, layout, x, y, "Score against the expert (|):", DIM);
    let mut y = y;
    let mut words = String::from("Against the expert, oldest first:");
    let mut sep = " ";
    for (d, expert) in shown {
        y += 1;
        let score = d.score.unwrap_or(0);
        let day = d.date.get(5..).unwrap_or(&d.date);
        f.text(x, y, day, DIM, BLACK);
        let colour = if score > *expert { TITLE } else { TEXT };
        for i in 0..cols(score) {
            f.text(x + 6 + i, y, "\u{2588}", colour, BLACK);
        }
        f.text(x + 6 + cols(*expert), y, "|", ACCENT, BLACK);
        f.text(x + 8 + width, y, &format!("{score}/{expert}"), DIM, BLACK);
        words += &format!("{sep}{day} {score} to {expert}");
        sep = ", ";
    }
    paragraph(f, layout, y + 2, &words, TEXT)
}

/// The screen: the figures, the plot and its words.
pub(crate) fn draw(f: &mut Frame, ctx: &Ctx) {
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
    y = against_par(f, ctx, &days, y);
    let back = if ctx.touch() {
        "Tap to go back"
    } else {
        "Press Escape to go back"
    };
    line(f, layout, x, y + 1, back, ACCENT);
}
