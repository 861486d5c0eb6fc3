//! The sidebar and the log box.

use super::page::clip;
use crate::app::ctx::Ctx;
use crate::app::draw::scene::Scene;
use crate::app::replayer::Replayer;
use crate::app::session::Saving;
use crate::rules::creatures::monster::Monster;
use crate::rules::space::geom::Point;
use crate::rules::variants::NORMAL;
use crate::rules::{Place, Snare, State};
use crate::view::colour::{Rgb, ACCENT, BLACK, DIM, PANEL, TEXT, TITLE, WARN};
use crate::view::frame::{Area, Frame, BLANK, PANEL_BLANK};
use crate::view::kinds::cyclopedia::entry;
use crate::view::wrap::wrap;

fn panel_lines(ctx: &Ctx, scene: &Scene) -> Vec<(String, Rgb)> {
    let state = scene.state;
    let p = state.player();
    let depth = state.world().depth();
    let under = state
        .item_at(p)
        .map_or(state.world().tile(p).name(), |i| state.item_name(i));
    let goal: [&str; 2] = if state.carrying_idol() {
        ["You carry the idol.", "Climb out by '<'."]
    } else {
        ["Find the idol", "on the last level."]
    };
    let hp_colour = if state.hp() * 3 < state.max_hp() {
        WARN
    } else {
        TEXT
    };
    let mut lines: Vec<(String, Rgb)> = Vec::new();
    // Every line is pushed by this one call (the page is smaller than with a String built
    // in place for each).
    let mut line = |text: &str, colour: Rgb| lines.push((text.to_string(), colour));
    line(&format!("Level {} of {}", p.z + 1, depth), TITLE);
    line(&format!("Position {},{}", p.x, p.y), TEXT);
    line(
        &format!("HP {} of {}", hp_shown(state), state.max_hp()),
        hp_colour,
    );
    line(&format!("Rank {} ({} xp)", state.level(), state.xp()), TEXT);
    line(
        &format!("Attack {}  Defence {}", state.attack(), state.defence()),
        TEXT,
    );
    line(&format!("Turn {}", state.turn()), TEXT);
    line(&format!("Seed {}", state.seed()), TEXT);
    let (torch, colour) = torch_line(state);
    line(&torch, colour);
    if let Some(c) = conditions(state) {
        line(&c, WARN);
    }
    if state.variant() != &NORMAL {
        line(&format!("{} mode", state.variant().name), ACCENT);
    }
    if let Some(date) = scene.record.header.daily.as_ref() {
        line("Daily caves", ACCENT);
        line(date, ACCENT);
    }
    if let Some(r) = scene.replay {
        line("", TEXT);
        line(live_or_replay(r), DIM);
        line(&format!("Action {} of {}", r.at, r.total()), TITLE);
        let mode = if r.playing { "playing" } else { "paused" };
        line(&format!("{}x, {mode}", r.speed), TEXT);
        if let Some(at) = r.diverged {
            line("Not as recorded", WARN);
            line(&format!("from action {at}"), WARN);
        }
    }
    let gear = |place| {
        state
            .equipped(place)
            .map_or("nothing", |i| state.item_name(i))
    };
    line("", TEXT);
    line("Wielding", DIM);
    line(gear(Place::Wielded), TEXT);
    line("Wearing", DIM);
    line(gear(Place::Worn), TEXT);
    line("", TEXT);
    line("Standing on", DIM);
    line(under, TEXT);
    line("", TEXT);
    line("Goal", DIM);
    line(goal[0], ACCENT);
    line(goal[1], ACCENT);
    let seen = in_view(state);
    if !seen.is_empty() {
        line("", TEXT);
        line("In view", DIM);
        for s in &seen {
            line(s, TEXT);
        }
    }
    if let Saving::Off(why) = ctx.session.saving() {
        line("", TEXT);
        line(&format!("Saving is off: {why}."), WARN);
    }
    lines
}

/// The hit points shown: none below 0 (a killing blow may take the player past 0; the rules
/// keep the exact number).
pub(crate) fn hp_shown(state: &State) -> i32 {
    state.hp().max(0)
}

/// The torch: its fuel and light, doused, or burned out.
pub(crate) fn torch_line(state: &State) -> (String, Rgb) {
    if state.fuel() == 0 {
        ("Torch burned out".into(), WARN)
    } else if state.torch_doused() {
        (format!("Torch doused ({})", state.fuel()), ACCENT)
    } else {
        let colour = if state.fuel() <= 100 { WARN } else { TEXT };
        (
            format!("Torch {} (light {})", state.fuel(), state.light_radius()),
            colour,
        )
    }
}

/// The player's conditions, if any: "Confused 5, webbed 2" (or "in a net 2").
fn conditions(state: &State) -> Option<String> {
    let mut text = String::new();
    if state.confused() > 0 {
        text = format!("confused {}", state.confused());
    }
    if state.webbed() > 0 {
        let sep = if text.is_empty() { "" } else { ", " };
        let held = match state.snare() {
            Snare::Web => "webbed",
            Snare::Net => "in a net",
        };
        text = format!("{text}{sep}{held} {}", state.webbed());
    }
    // ASCII words only: no Unicode case tables in the page for one capital letter.
    text.get_mut(..1)?.make_ascii_uppercase();
    Some(text)
}

/// What a creature is about and how hurt it is: "asleep, unhurt".
pub(crate) fn bearing(m: &Monster) -> String {
    format!("{}, {}", m.mind.name(), m.health().name())
}

/// The creatures the player sees, nearest first, with what they are about and how hurt they
/// are: "goblin, asleep, unhurt".
pub(crate) fn in_view(state: &State) -> Vec<String> {
    let me = state.player();
    let mut seen = Vec::new();
    for m in state
        .nearest_creatures(|m| m.pos.z == me.z && state.sight().lit(m.pos))
        .iter()
        .take(5)
    {
        seen.push(format!("{}, {}", m.name(), bearing(m)));
    }
    seen
}

/// The sidebar: level, position, hit points, experience, attack and defence, turn, seed,
/// gear, footing, goal, and the look panel.
pub(crate) fn sidebar(f: &mut Frame, ctx: &Ctx, scene: &Scene) {
    let layout = ctx.layout;
    let (w, h) = (layout.sidebar, layout.rows);
    f.fill(0, 0, w, h, PANEL_BLANK);
    // A row of room above the box, so its title is not drawn on the canvas's very edge.
    let boxed = Area {
        x: 0,
        y: 1,
        w,
        h: h - 1,
    };
    f.boxed(boxed, "Caves", DIM, PANEL);
    let inner = (w - 3) as usize;
    let hints = sidebar_hints(scene);
    // The panel's lines stop above the hints (a blank row between), and above what is being
    // looked at, which comes first when the sidebar is short.
    let look = look_lines(ctx, scene, inner);
    let end = h - 3 - hints.len() as i32;
    let limit = end
        - if look.is_empty() {
            0
        } else {
            look.len() as i32 + 1
        };
    let mut y = boxed.y + 2;
    'lines: for (text, colour) in panel_lines(ctx, scene) {
        for line in wrap(&text, inner) {
            if y >= limit {
                break 'lines;
            }
            f.text(2, y, &line, colour, PANEL);
            y += 1;
        }
        if text.is_empty() {
            y += 1;
        }
    }
    for (i, (line, colour)) in look.iter().enumerate() {
        let row = (y + 1).min(limit + 1) + i as i32;
        if row < end {
            f.text(2, row, line, *colour, PANEL);
        }
    }
    for (i, hint) in hints.iter().enumerate() {
        f.text(2, h - 2 - hints.len() as i32 + i as i32, hint, DIM, PANEL);
    }
}

/// What the replay viewer shows: a live run, or a replay.
fn live_or_replay(r: &Replayer) -> &'static str {
    if r.live {
        "Live"
    } else {
        "Replay"
    }
}

/// The keys listed at the sidebar's foot.
fn sidebar_hints(scene: &Scene) -> &'static [&'static str] {
    if scene.replay.is_some() {
        &[
            "Space play/stop",
            "\u{2192} step",
            "End to the end",
            "+ - speed",
            "Enter play on",
            "x look",
            "Esc leave",
        ]
    } else {
        &[
            "i items  g get",
            "t throw T torch",
            "R rest  ? help",
            "x look s share",
        ]
    }
}

/// The phone's status bar: the vital numbers on the first row, footing or the replay on the
/// second, and the seed (or why saving is off) on the third. What is looked at has a panel
/// of its own over the map (`look_box`).
pub(crate) fn status_bar(f: &mut Frame, ctx: &Ctx, scene: &Scene) {
    let (layout, state) = (ctx.layout, scene.state);
    let w = layout.cols;
    f.fill(0, 0, w, layout.top, PANEL_BLANK);
    let p = state.player();
    let hp_colour = if state.hp() * 3 < state.max_hp() {
        WARN
    } else {
        TEXT
    };
    let level = format!("Level {}/{}", p.z + 1, state.world().depth());
    let hp = format!("HP {}/{}", hp_shown(state), state.max_hp());
    let (torch, torch_colour) = if state.fuel() == 0 {
        ("Dark".to_string(), WARN)
    } else if state.torch_doused() {
        ("Doused".to_string(), ACCENT)
    } else {
        let c = if state.fuel() <= 100 { WARN } else { TEXT };
        (format!("Torch {}", state.fuel()), c)
    };
    // Hit points and the torch always; the level in front when the row has room for it, else
    // at the head of the second row.
    let room = (w - 2) as usize;
    let whole = level.len() + hp.len() + torch.len() + 2 <= room;
    let x = if whole {
        f.text(1, 0, &level, TITLE, PANEL);
        2 + level.len() as i32
    } else {
        1
    };
    f.text(x, 0, &hp, hp_colour, PANEL);
    f.text(x + 1 + hp.len() as i32, 0, &torch, torch_colour, PANEL);
    let second = match scene.replay {
        Some(r) => format!(
            "{} {}/{} {}x {}",
            live_or_replay(r),
            r.at,
            r.total(),
            r.speed,
            if r.playing { "playing" } else { "paused" }
        ),
        None if state.carrying_idol() => "You carry the idol: climb out by '<'".into(),
        None => match (conditions(state), in_view(state).first()) {
            (Some(c), _) => c,
            (None, Some(seen)) => format!("Turn {}, near: {seen}", state.turn()),
            (None, None) => format!("Turn {} on {}", state.turn(), state.world().tile(p).name()),
        },
    };
    let second = if whole {
        second
    } else {
        format!("{level}, {second}")
    };
    f.text(1, 1, &clip(&second, w - 2), DIM, PANEL);
    let third = match ctx.session.saving() {
        Saving::Off(why) => (format!("Saving is off: {why}."), WARN),
        Saving::On => (format!("Seed {}", state.seed()), DIM),
    };
    f.text(1, 2, &clip(&third.0, w - 2), third.1, PANEL);
}

/// On a portrait screen, what is looked at, whole: a panel across the map, at its foot while
/// the cursor is in its upper half and at its head otherwise, so the cursor stays in view.
pub(crate) fn look_box(f: &mut Frame, ctx: &Ctx, scene: &Scene) {
    let Some(at) = scene.look.or(ctx.hover) else {
        return;
    };
    let (layout, world) = (ctx.layout, scene.state.world());
    let w = layout.cols;
    let lines = look_lines(ctx, scene, (w - 2) as usize);
    let (vh, h) = (layout.view_height(), lines.len() as i32);
    let (_, sy) = layout.scroll(scene.focus, world.width(), world.height());
    let y = layout.top + if at.y - sy < vh / 2 { vh - h } else { 0 };
    f.fill(0, y, w, h, PANEL_BLANK);
    for (i, (line, colour)) in lines.iter().enumerate() {
        f.text(1, y + i as i32, line, *colour, PANEL);
    }
}

/// What the creature the player sees at `at` is about and how hurt it is ("asleep,
/// unhurt"), if one is there.
pub(crate) fn bearing_at(state: &State, at: Point) -> Option<String> {
    state
        .monster_at(at)
        .filter(|m| state.sight().lit(m.pos) && at != state.player())
        .map(bearing)
}

/// What is under the look cursor or the mouse, from the cyclopedia, wrapped to `width`: its
/// name (with what a creature is about) and its description. None when nothing is looked at.
fn look_lines(ctx: &Ctx, scene: &Scene, width: usize) -> Vec<(String, Rgb)> {
    let state = scene.state;
    let Some(at) = scene.look.or(ctx.hover) else {
        return Vec::new();
    };
    let (name, text) = match state.describe(at) {
        Some(e) => {
            let e = entry(e);
            (e.name, e.description)
        }
        None => ("unknown", "You have not seen that place."),
    };
    let named;
    let (name, text) = match (bearing_at(state, at), ctx.grave(state, at)) {
        (_, Some(grave)) => grave,
        (Some(m), _) => {
            named = format!("{name} ({m})");
            (named.as_str(), text)
        }
        _ => (name, text),
    };
    let mut lines = vec![("Looking at".to_string(), DIM)];
    for line in wrap(name, width) {
        lines.push((line, TITLE));
    }
    for line in wrap(text, width) {
        lines.push((line, TEXT));
    }
    lines
}

/// The "Log" box: newest line at the bottom, wrapped, repeats folded; a replay's `notes`
/// (each with the log's `said` count when reached, `Replayer::noted`) among the lines, in
/// the accent colour.
pub(crate) fn log(f: &mut Frame, ctx: &Ctx, state: &State, notes: &[(u64, String)]) {
    let layout = ctx.layout;
    let (x, y, w, h) = (
        layout.sidebar,
        layout.rows - layout.log,
        layout.view_width(),
        layout.log,
    );
    f.fill(x, y, w, h, BLANK);
    f.boxed(Area { x, y, w, h }, "Log", DIM, BLACK);
    let inner = (w - 3) as usize;
    let room = (h - 2) as usize;
    // The hint is what to read now: it takes the rows it needs, the newest lines the rest. A
    // hint taller than the box keeps its last lines, which say what to do (on a phone's
    // narrow log a stopped journey's reason and its way on take three).
    let hint = ctx.hint.as_deref().map_or(Vec::new(), |h| wrap(h, inner));
    let hint = &hint[hint.len().saturating_sub(room)..];
    let room = room - hint.len();
    // The newest lines that fit, gathered from the bottom up.
    let mut lines: Vec<(String, Rgb)> = Vec::new();
    let mut entries = state.log().entries().iter().rev().peekable();
    let mut notes = notes.iter().rev().peekable();
    for age in 0.. {
        // A note reached before a line was said comes before it.
        let (text, colour) = match (entries.peek(), notes.peek()) {
            (Some(e), Some((at, _))) if e.stamp > *at => (entries.next().map(|e| e.shown()), None),
            (_, Some(_)) => (notes.next().map(|n| n.1.clone()), Some(ACCENT)),
            (Some(_), None) => (entries.next().map(|e| e.shown()), None),
            (None, None) => break,
        };
        let colour = colour.unwrap_or(if age == 0 { TEXT } else { DIM });
        for line in wrap(&text.unwrap_or_default(), inner).into_iter().rev() {
            lines.push((line, colour));
        }
        if lines.len() >= room {
            break;
        }
    }
    let shown = lines.len().min(room);
    let mut row = y + 1;
    for (line, colour) in lines[..shown].iter().rev() {
        f.text(x + 2, row, line, *colour, BLACK);
        row += 1;
    }
    for line in hint {
        f.text(x + 2, row, line, TITLE, BLACK);
        row += 1;
    }
}
