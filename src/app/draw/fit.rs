//! Every screen at every layout keeps its text inside its boxes: nothing runs past a border
//! or off the canvas (`Frame::crossed` tells which border cells later text wrote over).

use crate::app::draw::compose;
use crate::app::{App, Options};
use crate::record::{daily_seed, Header, Record};
use crate::rules::kinds::creature::Creature;
use crate::rules::kinds::item::Item;
use crate::rules::space::geom::Point;
use crate::rules::testing::state_on;
use crate::save::{SharedStore, Store};
use crate::view::frame::Frame;
use crate::view::layout::Layout;

const TODAY: &str = "2026-11-26";

/// The layouts a player meets: the desktop, the desktop with larger glyphs, and a 390 x 844
/// phone with and without them.
fn layouts() -> Vec<(&'static str, Layout)> {
    vec![
        ("desktop", Layout::DESKTOP),
        (
            "desktop, larger glyphs",
            Layout::for_window(1280.0, 800.0, 1.0, true),
        ),
        ("phone", Layout::for_window(390.0, 844.0, 3.0, false)),
        // The phone with the pad open: the canvas gets the screen's top 500 CSS pixels.
        (
            "phone with the pad",
            Layout::for_window(390.0, 500.0, 3.0, false),
        ),
        (
            "phone, larger glyphs",
            Layout::for_window(390.0, 844.0, 3.0, true),
        ),
        (
            "phone with the pad, larger glyphs",
            Layout::for_window(390.0, 500.0, 3.0, true),
        ),
    ]
}

/// A history line of an ended daily run: its 19-digit seed, a score, its record.
fn daily_history_line(date: &str, score: u32) -> String {
    let seed = daily_seed(date);
    let header = Header::new(seed, Default::default(), Some(date.into()));
    let state = header.start().expect("a daily world");
    let record = Record::start(header, &state).to_text();
    format!("{date}\t{seed}\tlost\t4321\t6\t{score}\t{record}")
}

/// A store with a daily run to continue and a history of ended runs, dailies among them.
fn busy_store() -> SharedStore {
    let store = SharedStore::default();
    let lines: Vec<String> = (0..6)
        .map(|i| daily_history_line(&format!("2026-11-{:02}", 20 + i), 9000 + i))
        .collect();
    store
        .clone()
        .set("caves.history", &lines.join("\n"))
        .expect("room");
    let mut a = daily_app(&store, Options::default().layout);
    a.key("Enter");
    a.flush();
    a.key("l");
    a.flush();
    store
}

/// The page opened on today's daily caves with `store`.
fn daily_app(store: &SharedStore, layout: Layout) -> App {
    App::new(
        Box::new(store.clone()),
        Options {
            seed: daily_seed(TODAY),
            daily: Some(TODAY.into()),
            today: TODAY.into(),
            layout,
            ..Options::default()
        },
    )
}

fn start_app(store: &SharedStore, layout: Layout, touch: bool) -> App {
    let mut a = App::new(
        Box::new(store.clone()),
        Options {
            seed: 12_345_678_901_234_567_890,
            today: TODAY.into(),
            layout,
            ..Options::default()
        },
    );
    a.set_touch(touch);
    a
}

/// A hall with an ochre jelly (a long name with its state) under the mouse, and items.
fn hall(layout: Layout, touch: bool) -> App {
    let mut state = state_on(&["##########\n#<.......#\n#........#\n##########"], 3);
    state.clear_monsters();
    state.clear_items();
    let me = state.player();
    for kind in [Item::Dart, Item::Dagger, Item::Oil] {
        state.put_item(kind, me);
    }
    let jelly: Point = me.offset(3, 1);
    state.put_monster(Creature::Jelly, jelly);
    let mut a = App::scene(state);
    a.set_layout(layout);
    a.set_touch(touch);
    a.set_hover(Some(jelly));
    a
}

/// The map of the caves (`M`) over a level with stairs both ways, all in sight.
fn caves_map(layout: Layout, touch: bool) -> App {
    let level1 = "###########\n#<..>...>.#\n#..>......#\n###########";
    let level2 = "###########\n#...<...<.#\n#..<......#\n###########";
    let mut state = state_on(&[level1, level2], 3);
    state.clear_monsters();
    state.clear_items();
    let mut a = App::scene(state);
    a.set_layout(layout);
    a.set_touch(touch);
    a.key("M");
    a
}

/// Every screen at this layout, by name.
fn screens(layout: Layout, touch: bool) -> Vec<(&'static str, App)> {
    let store = busy_store();
    let start = start_app(&store, layout, touch);
    let mut help = start_app(&store, layout, touch);
    help.key("?");
    let look = hall(layout, touch);
    let mut items = hall(layout, touch);
    items.key("g");
    items.key("g");
    items.key("i");
    let mut ended = hall(layout, touch);
    ended.set_hover(None);
    ended.key("<");
    ended.key("<");
    assert_eq!(ended.screen(), crate::app::Screen::Ended);
    // The end of a run the store refused: the end screen says so.
    let failing = SharedStore::default();
    let mut unsaved = start_app(&failing, layout, touch);
    unsaved.key("Enter");
    failing.borrow_mut().broken = true;
    unsaved.key("<");
    unsaved.key("<");
    assert_eq!(unsaved.screen(), crate::app::Screen::Ended);
    assert!(unsaved.end_unsaved().is_some());
    // Your days with 40 daily runs kept, deep and won ones among them.
    let kept = SharedStore::default();
    let mut lines = String::new();
    for d in 0..40 {
        let (outcome, depth) = if d % 7 == 0 {
            ("won", 6)
        } else {
            ("lost", 1 + d % 5)
        };
        lines += &format!(
            "2026-10-{:02}\t1\t{outcome}\t500\t{depth}\t{}\t\n",
            1 + d % 31,
            100 * d
        );
    }
    kept.borrow_mut().map.insert("caves.days".into(), lines);
    let mut days = start_app(&kept, layout, touch);
    days.key("Y");
    assert_eq!(days.screen(), crate::app::Screen::Days);
    // Today's daily run ended, with today's fallen in its caves and its end not saved: the
    // most lines the end screen writes.
    let refusing = SharedStore::default();
    let mut daily = daily_app(&refusing, layout);
    daily.set_touch(touch);
    daily.key("Enter");
    refusing.borrow_mut().broken = true;
    daily.key("<");
    daily.key("<");
    assert!(daily.daily_ended() && daily.end_unsaved().is_some());
    // A practice run ended while the day's run waits to be posted, and the start page then.
    let tried = SharedStore::default();
    let mut first = daily_app(&tried, layout);
    first.set_board(true);
    first.key("Enter");
    first.key("<");
    first.key("<");
    let practice_page = || {
        let mut a = daily_app(&tried, layout);
        a.set_board(true);
        a.set_touch(touch);
        a
    };
    let mut practice = practice_page();
    practice.key("N");
    practice.key("<");
    practice.key("<");
    assert_eq!(practice.screen(), crate::app::Screen::Ended);
    let mut waiting = practice_page();
    waiting.key("N");
    waiting.key(".");
    waiting.flush();
    let posting = practice_page();
    assert!(posting.to_post().is_some());
    let graves = [0, 1, 1, 0, 2, 2, 0, 3, 3];
    let words = "grave of Ann\nKilled.\ngrave of Bo\nKilled.\ngrave of Cy\nKilled.\n";
    daily.set_fallen(daily_seed(TODAY), &graves, words);
    vec![
        ("start", start),
        ("help", help),
        ("play, looking at a jelly", look),
        ("inventory", items),
        ("the map of the caves", caves_map(layout, touch)),
        ("the end", ended),
        ("the end, not saved", unsaved),
        ("the end of a daily with its fallen, not saved", daily),
        ("the end of a practice run", practice),
        (
            "start, with a day's run to post and practice to go on with",
            posting,
        ),
        ("your days", days),
    ]
}

/// What `check` finds wrong with every screen at every layout, with and without touch: the
/// faults of each screen, named with its layout, over its frame.
fn faults(check: impl Fn(&str, &App, &Frame) -> Vec<String>) -> String {
    let mut bad = String::new();
    for (where_, layout) in layouts() {
        for touch in [false, true] {
            for (name, app) in screens(layout, touch) {
                let frame = compose(&app);
                let found = check(name, &app, &frame);
                if !found.is_empty() {
                    let found = found.join("\n  ");
                    bad +=
                        &format!("{name} on the {where_} (touch {touch}):\n  {found}\n{frame}\n");
                }
            }
        }
    }
    bad
}

#[test]
fn no_line_of_any_screen_crosses_a_border_at_any_layout() {
    let bad = faults(|name, app, frame| {
        let mut crossed = frame.crossed();
        if name.starts_with("start") {
            // Nothing runs into the menu: blank rows around its prompt.
            let top = app.menu_top(app.start_menu().len());
            for row in [top - 3, top - 1] {
                let inside: String = frame
                    .row_text(row as usize)
                    .chars()
                    .skip(1)
                    .take(app.layout().cols as usize - 2)
                    .collect();
                if !inside.trim_matches(['│', ' ']).is_empty() {
                    crossed.push(format!("row {row} by the menu: {inside:?}"));
                }
            }
        }
        crossed
    });
    assert!(bad.is_empty(), "{bad}");
}

/// What a tap region stands for, as its screen draws it: a start menu line's label, an
/// item's letter, the end screen's replay bar, the overview's level in its title; `None`
/// for the rest (the whole screen, the rows above the start menu).
fn drawn_as(app: &App, region: &crate::app::Region) -> Option<String> {
    let key = region.key;
    let whole = region.area.w == app.layout().cols && region.area.h == app.layout().rows;
    match app.screen() {
        _ if whole => None,
        crate::app::Screen::Start if region.area.y == 0 => None,
        crate::app::Screen::Start => {
            let choice = app.start_choice(key);
            let menu = app.start_menu();
            let item = menu.iter().find(|m| Some(m.choice) == choice);
            Some(item.map_or(format!("no line for {key}"), |m| {
                m.label.chars().take(8).collect()
            }))
        }
        crate::app::Screen::Inventory(_) => Some(format!("{key})")),
        crate::app::Screen::Ended if key == "r" => Some("Watch the replay".into()),
        crate::app::Screen::Overview => Some("level".into()),
        _ => Some(format!("an unexpected region for {key}")),
    }
}

#[test]
fn every_tap_region_lies_over_what_its_key_is_drawn_as() {
    let bad = faults(|name, app, frame| {
        let regions = app.regions();
        let mut bad = Vec::new();
        if name.starts_with("start") && regions.len() != app.start_menu().len() + 1 {
            bad.push(format!("not a region a menu line: {regions:?}"));
        }
        for region in &regions {
            let Some(want) = drawn_as(app, region) else {
                continue;
            };
            let a = region.area;
            let shown: String = (a.y..a.y + a.h)
                .map(|r| frame.row_text(r.max(0) as usize))
                .collect();
            if !shown.contains(&want) {
                bad.push(format!("{want:?} not under {region:?}"));
            }
        }
        bad
    });
    assert!(bad.is_empty(), "{bad}");
}

#[test]
fn dailies_are_listed_by_their_date_not_their_seed() {
    let store = busy_store();
    for (where_, layout) in layouts() {
        let text = compose(&start_app(&store, layout, false)).to_string();
        let seed = daily_seed("2026-11-25").to_string();
        assert!(!text.contains(&seed[..12]), "{where_}:\n{text}");
        // The narrowest page (24 columns) has room for the score and the start of a name.
        if layout.cols >= 30 {
            assert!(text.contains("daily 2026-11-2"), "{where_}:\n{text}");
        }
    }
    let desktop = compose(&start_app(&store, Layout::DESKTOP, false)).to_string();
    assert!(desktop.contains("Continue daily 2026-11-26"), "{desktop}");
    assert!(desktop.contains("daily 2026-11-25"), "{desktop}");
}

/// The CSS size of a cell of `layout` shown in a 390 x 844 window at 3 device pixels per
/// CSS pixel.
fn phone_cell_css(layout: Layout) -> f64 {
    let px = f64::from(crate::view::layout::CELL_PX);
    let (w, _) = crate::view::layout::css_size(
        390.0,
        844.0,
        3.0,
        f64::from(layout.cols) * px,
        f64::from(layout.rows) * px,
    );
    w / f64::from(layout.cols)
}

#[test]
fn the_phone_status_line_keeps_the_torch_at_every_glyph_size() {
    for larger in [false, true] {
        let layout = Layout::for_window(390.0, 844.0, 3.0, larger);
        let mut a = hall(layout, true);
        a.set_hover(None);
        let frame = compose(&a);
        let top = frame.row_text(0);
        assert!(top.contains("Torch 1200"), "larger {larger}: {top:?}");
        assert!(top.contains("HP 30/30"), "larger {larger}: {top:?}");
        let both = format!("{top}{}", frame.row_text(1));
        assert!(both.contains("Level 1/1"), "larger {larger}: {both:?}");
    }
}

#[test]
fn the_phone_start_menu_has_tall_tap_bars_with_their_labels_in_the_middle() {
    let store = busy_store();
    for larger in [false, true] {
        let layout = Layout::for_window(390.0, 844.0, 3.0, larger);
        let mut a = start_app(&store, layout, true);
        a.set_prefs(if larger { "larger" } else { "" });
        let frame = compose(&a);
        let menu = a.start_menu();
        let (top, pitch) = (a.menu_top(menu.len()), a.menu_pitch());
        let cell = phone_cell_css(layout);
        for (i, item) in menu.iter().enumerate() {
            let y = top + i as i32 * pitch;
            // Every row a tap chooses this line by.
            let rows: Vec<i32> = (y..y + pitch)
                .filter(|&r| a.menu_at(r) == Some(item.choice))
                .collect();
            let tall = rows.len() as f64 * cell;
            assert!(
                tall >= 44.0,
                "larger {larger}: {:?} is {tall} CSS px",
                item.label
            );
            // The label on the middle row of its bar, and the bar's rows above and below it.
            let (bar, label_row) = a.menu_bar();
            assert_eq!(bar, 2 * label_row + 1, "larger {larger}");
            let shown = frame.row_text((y + label_row) as usize);
            let want = item.label.chars().take(8).collect::<String>();
            assert!(shown.contains(&want), "larger {larger}: {shown:?}");
            let panel = crate::view::colour::PANEL;
            let x = layout.cols / 2;
            for r in y..y + bar {
                assert_eq!(frame.get(x, r).map(|c| c.bg), Some(panel), "row {r}");
            }
            // Centred: as many blank bar cells on its left as on its right (give or take one).
            let ly = y + label_row;
            let bar_cols: Vec<i32> = (0..layout.cols)
                .filter(|&c| frame.get(c, ly).map(|c| c.bg) == Some(panel))
                .collect();
            let ink: Vec<i32> = bar_cols
                .iter()
                .copied()
                .filter(|&c| frame.get(c, ly).is_some_and(|c| c.glyph != b' '))
                .collect();
            let (first, last) = (ink[0], ink[ink.len() - 1]);
            let lead = first - bar_cols[0];
            let trail = bar_cols[bar_cols.len() - 1] - last;
            assert!((lead - trail).abs() <= 1, "larger {larger}: {shown:?}");
        }
    }
}

#[test]
fn the_start_page_spaces_its_prose_and_shows_the_caves_when_it_has_room() {
    let store = SharedStore::default();
    // (The phone with the pad open is too short for either.)
    for (where_, layout) in layouts().into_iter().filter(|(w, _)| !w.contains("pad")) {
        for touch in [false, true] {
            let a = start_app(&store, layout, touch);
            let frame = compose(&a);
            let text = frame.to_string();
            let rows: Vec<&str> = text.lines().collect();
            let first = rows
                .iter()
                .position(|r| r.contains("A golden idol"))
                .expect("the intro");
            let spaced = rows[first + 1].trim_matches(['│', ' ']).is_empty()
                && !rows[first + 2].trim_matches(['│', ' ']).is_empty();
            let menu = a.menu_top(a.start_menu().len());
            let caves = rows[first..menu as usize]
                .iter()
                .any(|r| r.contains('@') && r.contains('▒'));
            // At normal glyph sizes the prose is spaced, and so is the short introduction a
            // screen gets where its own does not fit whole; the caves show wherever five rows
            // are free above the menu (a touch menu's tall bars take them on a landscape screen
            // and with larger glyphs).
            let larger = where_.contains("larger");
            let short = text.contains("level:");
            let want_caves = !touch || (where_ == "phone");
            assert_eq!(
                (spaced, caves),
                (!larger || short, want_caves),
                "{where_}, touch {touch}: (spaced, caves)\n{text}"
            );
        }
    }
}

#[test]
fn the_start_page_keeps_its_title_and_introduction_with_the_pad_open() {
    let store = busy_store();
    for (where_, layout) in layouts().into_iter().filter(|(w, _)| w.contains("pad")) {
        for touch in [false, true] {
            let mut a = start_app(&store, layout, touch);
            a.set_prefs(if where_.contains("larger") {
                "larger"
            } else {
                ""
            });
            let text = compose(&a).to_string();
            let words: String = text
                .split(|c: char| c.is_whitespace() || c == '│')
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
                .join(" ");
            assert!(
                text.contains("C A V E S")
                    && words.contains("A golden idol lies on the deepest level"),
                "{where_}, touch {touch}:\n{text}"
            );
            // The introduction is whole: it ends above the menu's prompt.
            // The screen's own introduction ends "each turn.", the short one "burns down.".
            let end = words
                .find(" each turn.")
                .or_else(|| words.find(" burns down."))
                .unwrap_or(usize::MAX);
            let prompt = words
                .find("Tap a line")
                .or_else(|| words.find("Enter"))
                .or_else(|| words.find("Press"))
                .unwrap_or(0);
            assert!(
                end < prompt,
                "{where_}, touch {touch}: the intro is cut\n{text}"
            );
        }
    }
}
