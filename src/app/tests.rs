use super::screens::start::Choice;
use super::screens::{inventory, overview};
use super::*;
use crate::app::draw::compose;
use crate::rules::kinds::tile::Tile;
use crate::rules::testing::state_on;
use crate::rules::Outcome;
use crate::save::{Saves, SharedStore};

fn opts(seed: u64) -> Options {
    Options {
        seed,
        today: "2026-11-22".into(),
        ..Options::default()
    }
}

/// The options of a page opened on the day's caves (seed `seed`, the day of `opts`).
fn daily_opts(seed: u64) -> Options {
    Options {
        daily: Some("2026-11-22".into()),
        ..opts(seed)
    }
}

fn app(store: &SharedStore, seed: u64) -> App {
    App::new(Box::new(store.clone()), opts(seed))
}

/// A page of its own store, whose next new run is of `seed`.
fn fresh(seed: u64) -> App {
    app(&SharedStore::default(), seed)
}

/// Presses each key as the page does: the key, then the write that follows its frame.
fn press(app: &mut App, keys: &[&str]) {
    for k in keys {
        app.key(k);
        app.flush();
    }
}

fn hash(app: &App) -> u64 {
    app.state().expect("a run").hash()
}

/// Ticks `app` by `ms` while it animates, at most `limit` ticks.
fn settle(app: &mut App, ms: f64, limit: usize) {
    for _ in 0..limit {
        if !app.animating() {
            return;
        }
        app.tick(ms);
    }
}

/// Presses `key` (letting each journey run out) until `done`, at most `tries` times.
fn press_until(app: &mut App, key: &str, tries: usize, done: impl Fn(&App) -> bool) {
    for _ in 0..tries {
        if done(app) {
            return;
        }
        app.key(key);
        settle(app, 50.0, 5000);
    }
}

/// Ticks `app` by 16 ms while it animates (`frames` counts ticks, up to `limit`), checking
/// that each tick says whether it changed the screen.
fn ticks_tell_changes(app: &mut App, frames: &mut usize, limit: usize, what: &str) {
    while app.animating() && *frames < limit {
        let before = compose(app).to_string();
        let changed = app.tick(16.0);
        assert_eq!(
            changed,
            compose(app).to_string() != before,
            "{what}, frame {frames}"
        );
        *frames += 1;
    }
}

/// The screen cell (column, row) where the player is drawn.
fn player_cell(app: &App) -> (i32, i32) {
    let state = app.state().expect("a run");
    let me = state.player();
    let (w, h) = (state.world().width(), state.world().height());
    let (sx, sy) = app.layout().scroll(me, w, h);
    (
        app.layout().sidebar + me.x - sx,
        app.layout().top + me.y - sy,
    )
}

#[test]
fn any_key_but_a_modifier_starts_a_run_of_the_page_seed() {
    let mut a = fresh(11);
    assert!(compose(&a).to_string().contains("Press any key to start"));
    assert!(!a.key("Shift"));
    assert_eq!(a.screen(), Screen::Start);
    assert!(a.key("q"));
    assert_eq!(a.screen(), Screen::Play);
    assert_eq!(a.state().map(State::seed), Some(11));
    assert_eq!(
        a.take_requests().len(),
        1,
        "the page is asked to lock the run"
    );
}

#[test]
fn each_input_leaves_one_output_that_says_what_the_page_does_next() {
    let store = SharedStore::default();
    let mut a = app(&store, 4);
    a.key("Enter");
    let out = a.output();
    assert!(
        matches!(out.requests[..], [Request::Lock(_)]),
        "the new run asks for its lock: {out:?}"
    );
    a.key("l");
    let out = a.output();
    assert!(out.unsaved, "the turn waits to be written after its frame");
    assert!(out.requests.is_empty() && !out.animating, "{out:?}");
    a.flush();
    assert!(!a.output().unsaved, "written");
    a.key("s");
    let out = a.output();
    assert_eq!(out.requests, [Request::Share]);
    assert!(!out.unsaved, "sharing plays no turn");
    assert_eq!(a.output(), Output::default(), "an output is taken once");
    store.borrow_mut().full = true;
    a.key(".");
    a.flush();
    assert!(
        a.output().unsaved,
        "a refused write is asked again after the next input"
    );
}

#[test]
fn a_reloaded_page_continues_the_same_game_with_enter() {
    let store = SharedStore::default();
    let mut a = app(&store, 4);
    press(
        &mut a,
        &["Enter", "l", "l", "j", "n", ".", "h", "k", "y", "b", "u"],
    );
    let (h, screen) = (hash(&a), compose(&a));
    drop(a);
    let mut b = app(&store, 999);
    let start = compose(&b).to_string();
    assert!(start.contains("Press Enter to continue"), "{start}");
    assert!(start.contains("seed 4"), "{start}");
    b.key("Enter");
    assert_eq!(b.screen(), Screen::Play);
    assert_eq!(hash(&b), h);
    assert_eq!(compose(&b), screen);
}

#[test]
fn another_key_starts_a_new_run_and_keeps_the_saved_one() {
    let store = SharedStore::default();
    let mut a = app(&store, 4);
    press(&mut a, &["Enter", "l", "j"]);
    let mut b = app(&store, 50);
    b.key("z");
    assert_eq!(b.state().map(State::seed), Some(50));
    b.key("l");
    let found = app(&store, 1).found().runs.len();
    assert_eq!(found, 2, "both runs are saved");
}

#[test]
fn full_storage_still_plays_and_says_saving_is_off() {
    let store = SharedStore::default();
    store.borrow_mut().full = true;
    let mut a = app(&store, 8);
    press(&mut a, &["Enter", "."]);
    assert_eq!(a.state().map(State::turn), Some(1));
    assert!(compose(&a).to_string().contains("Saving is off"));
    let Saving::Off(off) = a.saving().clone() else {
        panic!("saving is on with full storage");
    };
    store.borrow_mut().full = false;
    a.key(".");
    assert_eq!(
        a.saving(),
        &Saving::Off(off),
        "written after the frame, not in the key"
    );
    assert!(a.flush(), "the write changes what the sidebar says");
    assert_eq!(a.saving(), &Saving::On, "saving resumes when it can");
    assert!(!a.flush(), "nothing new to write");
}

/// The number of actions the store holds of run `id` (None when it holds no slot of it).
fn stored_actions(store: &SharedStore, id: u32) -> Option<usize> {
    let found = Saves::new(Box::new(store.clone())).scan().expect("scan");
    let run = found.runs.into_iter().find(|r| r.id == id)?;
    Some(run.record.actions.len())
}

#[test]
fn a_new_run_played_while_the_last_ones_end_waited_is_written_when_storage_returns() {
    let store = SharedStore::default();
    let mut a = app(&store, 1);
    press(&mut a, &["Enter", "l", "h"]);
    store.borrow_mut().broken = true;
    press(&mut a, &["<", "<"]);
    assert_eq!(a.screen(), Screen::Ended);
    assert!(a.end_unsaved().is_some(), "the end waits for the store");
    press(&mut a, &["Enter", "l", "h", "l"]);
    let second = a.run().map(|r| (r.id, r.state.seed())).expect("a run");
    assert_eq!(second.1, 2, "the next seed");
    let played = a.record().map(|r| r.actions.len());
    assert!(matches!(a.saving(), Saving::Off(_)), "{:?}", a.saving());
    // Storage comes back: the write after the next frame (or when the page is hidden) files
    // the first run's end and writes the second run, so closing the page loses neither.
    store.borrow_mut().broken = false;
    a.flush();
    assert_eq!(a.saving(), &Saving::On);
    assert_eq!(a.end_unsaved(), None);
    assert_eq!(
        stored_actions(&store, second.0),
        played,
        "the run played now"
    );
    drop(a);
    let b = app(&store, 99);
    assert_eq!(b.found().history.first().map(|h| h.seed), Some(1));
    let offered = b.found().runs.first().map(|r| r.record.actions.len());
    assert_eq!(offered, played, "the reloaded page offers all of it");
}

/// Plays seed 1 with a store that fills after two actions: 7 played, 2 written.
fn play_until_storage_is_full(store: &SharedStore) -> App {
    let mut a = app(store, 1);
    press(&mut a, &["Enter", "l", "h"]);
    store.borrow_mut().full = true;
    press(&mut a, &["l", "h", "l", "h", "l"]);
    let id = a.run().map(|r| r.id).expect("a run");
    assert_eq!(a.record().map(|r| r.actions.len()), Some(7));
    assert_eq!(stored_actions(store, id), Some(2));
    assert!(matches!(a.saving(), Saving::Off(_)), "{:?}", a.saving());
    a
}

/// After the page took its own unsaved run back (`back`), saving is not said to be on while
/// the store is full, and the run is written whole as soon as there is room, by the write
/// after the next frame or the one when the page is hidden (no turn needed). With `locking`,
/// the page holds a lock per run and says so after `back` (`lock_held`).
fn own_run_taken_back_is_written(locking: bool, back: impl Fn(&mut App, u32)) {
    let store = SharedStore::default();
    let mut a = play_until_storage_is_full(&store);
    let id = a.run().map(|r| r.id).expect("a run");
    a.set_locking(locking);
    back(&mut a, id);
    assert_eq!(a.screen(), Screen::Play);
    assert_eq!(a.record().map(|r| r.actions.len()), Some(7), "as it stood");
    assert!(
        matches!(a.saving(), Saving::Off(_)),
        "saving is said to be on while the store holds {:?} of 7 actions",
        stored_actions(&store, id)
    );
    if locking {
        a.lock_held(id);
    }
    a.flush();
    assert!(matches!(a.saving(), Saving::Off(_)), "{:?}", a.saving());
    store.borrow_mut().full = false;
    assert!(a.flush(), "the write changes what the sidebar says");
    assert_eq!(a.saving(), &Saving::On);
    assert_eq!(stored_actions(&store, id), Some(7));
}

#[test]
fn continuing_the_pages_own_unsaved_run_writes_it_and_never_says_saving_before() {
    for locking in [false, true] {
        own_run_taken_back_is_written(locking, continue_from_the_start_menu);
    }
}

/// Goes to the start menu (through a replay) and continues the run it offers first.
fn continue_from_the_start_menu(a: &mut App, _: u32) {
    let other = SharedStore::default();
    let mut o = app(&other, 12);
    press(&mut o, &["Enter", "."]);
    assert!(a.open_replay(&o.record().expect("record").encode()));
    press(a, &["Escape"]);
    assert_eq!(a.screen(), Screen::Start);
    let start = compose(a).to_string();
    assert!(
        start.contains("Continue seed 1, level 1, turn 7"),
        "{start}"
    );
    a.key("Enter");
}

#[test]
fn taking_over_the_pages_own_unsaved_run_writes_it_and_never_says_saving_before() {
    // Taking over comes from a page that holds its runs' locks (it took this one's).
    own_run_taken_back_is_written(true, |a, id| a.took_over(id));
}

#[test]
fn missing_storage_still_plays() {
    let store = SharedStore::default();
    store.borrow_mut().broken = true;
    let mut a = app(&store, 8);
    assert!(compose(&a).to_string().contains("Saving is off"));
    press(&mut a, &["Enter", "."]);
    assert_eq!(a.state().map(State::turn), Some(1));
}

#[test]
fn an_ended_run_goes_to_the_history_and_cannot_be_continued() {
    let store = SharedStore::default();
    let mut a = app(&store, 6);
    press(&mut a, &["Enter", "<", "<"]);
    assert_eq!(a.screen(), Screen::Ended);
    assert!(compose(&a).to_string().contains("GAME OVER"));
    let b = app(&store, 6);
    assert!(b.found().runs.is_empty());
    assert_eq!(b.found().history[0].outcome, "lost");
    let start = compose(&b).to_string();
    assert!(start.contains("Recent runs") && start.contains("Press any key"));
}

#[test]
fn a_second_tab_does_not_continue_a_run_held_by_the_first() {
    let store = SharedStore::default();
    let mut a = app(&store, 4);
    press(&mut a, &["Enter", "l"]);
    let id = a.run().map(|r| r.id).expect("run");
    let mut b = app(&store, 70);
    b.set_busy(vec![id]);
    let start = compose(&b).to_string();
    assert!(start.contains("in another tab"), "{start}");
    b.key("Enter");
    assert_eq!(
        b.state().map(State::seed),
        Some(70),
        "a new run, not the busy one"
    );
    press(&mut b, &["l", "j"]);
    press(&mut a, &["j", "j"]);
    let found = app(&store, 1).found().clone();
    assert_eq!(found.runs.len(), 2);
    // Taking over: the first tab is told it lost the run and stops writing it.
    let mut c = app(&store, 1);
    c.set_busy(vec![id]);
    let i = c
        .found()
        .runs
        .iter()
        .position(|r| r.id == id)
        .expect("listed");
    c.key(&format!("{}", i + 1));
    assert_eq!(c.take_requests(), vec![Request::TakeOver(id)]);
    c.took_over(id);
    a.lock_lost();
    let before = hash(&c);
    press(&mut a, &["l", "l"]);
    assert!(matches!(a.saving(), Saving::Off(_)));
    assert_eq!(hash(&c), before);
    let saved = app(&store, 1)
        .found()
        .runs
        .iter()
        .find(|r| r.id == id)
        .map(|r| r.record.actions.len());
    assert_eq!(saved, c.record().map(|r| r.actions.len()));
}

#[test]
fn a_replay_plays_to_the_same_end_and_can_be_taken_over() {
    let store = SharedStore::default();
    let mut a = app(&store, 12);
    press(&mut a, &["Enter", "l", "l", "j", "j", ".", ".", "h"]);
    let bytes = a.record().expect("record").encode();
    let end = hash(&a);
    let mut w = app(&store, 1);
    assert!(w.open_replay(&bytes));
    assert_eq!(w.screen(), Screen::Replay);
    assert!(w.key("ArrowRight"));
    assert_eq!(w.replayer().map(|r| r.at), Some(1));
    w.key("End");
    assert_eq!(hash(&w), end);
    assert_eq!(w.replayer().and_then(|r| r.diverged), None);
    w.key("Enter");
    assert_eq!(w.screen(), Screen::Play);
    w.key(".");
    assert_eq!(w.record().map(|r| r.actions.len()), Some(8));
}

#[test]
fn a_par_replay_shows_each_note_in_the_log_as_it_reaches_its_action() {
    let store = SharedStore::default();
    let mut a = app(&store, 12);
    press(&mut a, &["Enter", ".", ".", ".", "."]);
    let bytes = a.record().expect("record").encode();
    let shows = |w: &App, note: &str| compose(w).to_string().contains(note);
    let mut w = app(&store, 1);
    let notes = "The expert bot rests.\nThe expert bot waits here.";
    assert!(w.open_noted_replay(&bytes, &[1, 3], notes));
    w.key(" ");
    w.key("ArrowRight");
    assert!(!shows(&w, "The expert bot rests."));
    w.take_announcements();
    w.key("ArrowRight");
    assert!(shows(&w, "The expert bot rests."));
    assert!(!shows(&w, "The expert bot waits here."));
    // Screen readers are told each note once, as it joins the log.
    let said = w.take_announcements();
    assert!(
        said.iter().any(|l| l == "The expert bot rests."),
        "{said:?}"
    );
    assert!(!w
        .take_announcements()
        .iter()
        .any(|l| l.starts_with("The expert bot")));
    w.key("End");
    assert!(shows(&w, "The expert bot waits here."));
    let said = w.take_announcements();
    assert_eq!(
        said.iter()
            .filter(|l| l.starts_with("The expert bot"))
            .collect::<Vec<_>>(),
        ["The expert bot waits here."]
    );
    // The same run opened as any run has no notes.
    let mut w = app(&store, 1);
    assert!(w.open_replay(&bytes));
    w.key("End");
    assert!(!shows(&w, "The expert bot"));
}

#[test]
fn playback_speeds_run_from_1x_to_64x() {
    let store = SharedStore::default();
    let mut a = app(&store, 12);
    press(&mut a, &["Enter"]);
    for _ in 0..200 {
        a.key(".");
    }
    let bytes = a.record().expect("record").encode();
    let mut w = app(&store, 1);
    w.open_replay(&bytes);
    assert!(w.tick(250.0));
    assert_eq!(w.replayer().map(|r| r.at), Some(1));
    for _ in 0..10 {
        w.key("+");
    }
    assert_eq!(w.replayer().map(|r| r.speed), Some(MAX_SPEED));
    w.tick(250.0);
    assert_eq!(w.replayer().map(|r| r.at), Some(1 + 64));
    w.key(" ");
    assert!(!w.animating());
    assert!(!w.tick(1000.0));
}

#[test]
fn a_tick_that_changes_nothing_on_screen_says_so() {
    let store = SharedStore::default();
    let mut frames = 0;
    for turns in [0, 3] {
        let mut a = app(&store, 12);
        press(&mut a, &["Enter"]);
        for _ in 0..turns {
            a.key(".");
        }
        let bytes = a.record().expect("record").encode();
        let mut w = app(&store, 1);
        w.open_replay(&bytes);
        ticks_tell_changes(&mut w, &mut frames, 1000, &format!("{turns} turns"));
        assert!(!w.animating(), "the replay of {turns} turns ran to its end");
    }
    let mut a = app(&store, 42);
    a.key("Enter");
    a.key("o");
    ticks_tell_changes(&mut a, &mut frames, 5000, "journey");
}

#[test]
fn a_damaged_link_is_refused_with_a_message() {
    let store = SharedStore::default();
    let mut w = app(&store, 1);
    assert!(!w.open_replay(b"CAVE\x01garbage"));
    assert_eq!(w.screen(), Screen::Start);
    assert!(compose(&w).to_string().contains("cannot be shown"));
}

#[test]
fn a_journey_is_ordinary_actions_that_replay_to_the_same_game() {
    let mut a = fresh(7);
    a.key("Enter");
    a.key("o");
    assert!(
        a.journey().is_some() || a.hint().is_some(),
        "exploring set out"
    );
    settle(&mut a, 50.0, 2000);
    // A journey stops at what comes into view (stairs, a creature): exploring goes on.
    for _ in 0..4 {
        if a.record().is_some_and(|r| r.actions.len() > 5) {
            break;
        }
        a.key("o");
        settle(&mut a, 50.0, 2000);
    }
    let record = a.record().expect("record").clone();
    assert!(
        record.actions.len() > 5,
        "explored {} steps",
        record.actions.len()
    );
    let replayed = crate::record::replay(&record).expect("replays");
    assert_eq!(replayed.hash(), hash(&a));
}

/// A long corridor east of the way out; the idol lies below, on level 2.
fn corridor() -> App {
    let level1 = "
        ##########################
        #<......................>#
        ##########################
    ";
    let level2 = "
        ##########################
        #......................#<#
        ##########################
    ";
    let mut state = state_on(&[level1, level2], 1);
    state.clear_monsters();
    App::scene(state)
}

#[test]
fn any_key_stops_a_journey_and_taps_on_the_player_wait() {
    let mut a = corridor();
    a.key("L");
    assert!(a.journey().is_some(), "running east set out");
    let turn = a.state().map(State::turn);
    assert_eq!(turn, Some(1), "with its first step");
    a.key("q");
    assert!(a.journey().is_none());
    assert_eq!(a.hint(), Some("Stopped. Enter goes on."));
    assert_eq!(a.screen(), Screen::Play, "the key only stopped it");
    assert_eq!(a.state().map(State::turn), turn);
    let (col, row) = player_cell(&a);
    assert!(a.tap(col, row));
    assert_eq!(
        a.state().map(State::turn),
        turn.map(|t| t + 1),
        "a tap on the player waits"
    );
}

#[test]
fn ended_runs_keep_their_score_and_the_best_can_be_watched_and_shared() {
    let store = SharedStore::default();
    for seed in [6, 9] {
        let mut a = app(&store, seed);
        press(&mut a, &["Enter", "<", "<"]);
        let text = compose(&a).to_string();
        assert!(
            text.contains("Score") && text.contains("100") && text.contains("Kills"),
            "{text}"
        );
    }
    let mut b = app(&store, 1);
    assert_eq!(b.found().history[0].score, Some(100));
    let start = compose(&b).to_string();
    assert!(
        start.contains("Best runs") && start.contains("5 to 9"),
        "{start}"
    );
    assert_eq!(b.start_choice("6"), Some(Choice::WatchBest(1)));
    assert_eq!(
        b.start_choice("7"),
        Some(Choice::NewRun),
        "only two best runs"
    );
    b.key("5");
    assert_eq!(b.screen(), Screen::Replay);
    let shown = b.record().map(|r| r.header.seed);
    assert_eq!(shown, Some(9), "the newer of equal scores comes first");
    b.key("s");
    assert_eq!(b.take_requests(), vec![Request::Share]);
}

#[test]
fn the_inventory_opens_and_a_letter_becomes_an_item_action() {
    let mut a = fresh(5);
    press(&mut a, &["Enter", "i"]);
    assert_eq!(a.screen(), Screen::Inventory(inventory::Pick::Browse));
    assert!(compose(&a).to_string().contains("You carry nothing."));
    let turn = a.state().map(State::turn);
    press(&mut a, &["a"]);
    assert_eq!(a.state().map(State::turn), turn, "no item, no action");
    press(&mut a, &["Escape", "d", "Escape"]);
    assert_eq!(a.screen(), Screen::Play);
    let pick = inventory::Pick::Use;
    let potion = crate::rules::Thing::one(
        crate::rules::kinds::item::Item::HealingPotion,
        crate::rules::Place::Pack,
    );
    assert_eq!(pick.action(2, potion), Some(crate::rules::Action::Use(2)));
    assert_eq!(inventory::letter_of("c"), Some('c'));
    assert_eq!(inventory::letter_of("Enter"), None);
}

#[test]
fn a_replay_that_drifts_from_its_record_says_where() {
    let store = SharedStore::default();
    let mut a = app(&store, 12);
    a.key("Enter");
    for k in ["l", "l", "j", "j", ".", "h", "k", "u"] {
        a.key(k);
    }
    let mut record = a.record().expect("record").clone();
    // Changing an action keeps the recorded fingerprints, which no longer match.
    record.actions[2] = crate::rules::Action::Wait;
    let mut w = app(&store, 1);
    assert!(w.open_replay(&record.encode()));
    w.key("End");
    assert!(
        w.replayer().and_then(|r| r.diverged).is_some(),
        "the drift is noticed"
    );
    assert!(compose(&w).to_string().contains("Not as recorded"));
}

#[test]
fn the_stairs_button_walks_to_the_known_stairs_down_then_takes_them_and_never_climbs_out() {
    let mut a = fresh(42);
    a.key("Enter");
    let knows_down = |a: &App| {
        let s = a.state().expect("a run");
        s.world()
            .points(s.player().z)
            .any(|(p, t)| t == Tile::StairsDown && s.sight().remembers(p))
    };
    press(&mut a, &["Stairs", "Stairs"]);
    assert_eq!(
        (a.state().map(|s| s.player().z), a.screen()),
        (Some(0), Screen::Play),
        "on the way out, without the idol, the button does not climb out"
    );
    press_until(&mut a, "o", 100, knows_down);
    assert!(knows_down(&a), "exploring found the stairs down");
    let on_stairs = |a: &App| {
        let s = a.state().expect("a run");
        s.world().tile(s.player()) == Tile::StairsDown
    };
    press_until(&mut a, "Stairs", 50, on_stairs);
    assert!(on_stairs(&a), "the button walked to the stairs down");
    a.key("Stairs");
    assert_eq!(a.state().map(|s| s.player().z), Some(1), "and took them");
}

#[test]
fn two_taps_on_the_player_at_the_way_out_leave_the_caves() {
    let mut a = fresh(42);
    a.key("Enter");
    let me = a.state().map(State::player).expect("player");
    let (col, row) = player_cell(&a);
    assert!(a.tap(col, row));
    assert_eq!(a.screen(), Screen::Play, "the first tap only asks");
    assert_eq!(a.state().map(State::player), Some(me));
    assert!(
        a.hint().is_some_and(|h| h.contains("way out")),
        "{:?}",
        a.hint()
    );
    assert!(a.tap(col, row));
    assert_eq!(a.screen(), Screen::Ended, "the second tap leaves");
}

/// A corridor on one level: the way out at its west end, the idol somewhere east of it, and
/// eleven daggers lying on the way out, where the player starts: one more than a pack holds
/// (daggers do not stack).
fn ten_daggers_and_the_idol() -> App {
    use crate::rules::kinds::item::Item;
    let mut state = state_on(&["##########\n#<.......#\n##########"], 3);
    state.clear_monsters();
    for _ in 0..=crate::rules::PACK_LIMIT {
        state.put_item(Item::Dagger, state.player());
    }
    App::scene(state)
}

#[test]
fn the_idol_fits_a_full_pack_as_letter_k_and_the_run_still_saves_and_reloads() {
    let mut a = ten_daggers_and_the_idol();
    press(&mut a, &["g"; 11]);
    assert_eq!(a.state().map(|s| s.carried().len()), Some(10));
    let last = a.state().and_then(|s| s.log().entries().last().cloned());
    assert_eq!(last.map(|e| e.text), Some("Your pack is full.".into()));
    press_until(&mut a, "l", 10, |a| {
        a.state().is_some_and(State::carrying_idol)
    });
    assert!(
        a.state().is_some_and(State::carrying_idol),
        "the idol is taken into a full pack"
    );
    a.key("i");
    let inventory = compose(&a).to_string();
    assert!(
        inventory.contains("k) ") && inventory.contains("golden idol"),
        "{inventory}"
    );
    assert!(
        inventory.contains("10 of 10 slots, and the idol"),
        "{inventory}"
    );
    // Every item key names the idol by its letter: looking at it does nothing, the menus to
    // quaff and to wield refuse it with a word, and dropping it takes it.
    press(&mut a, &["k", "q", "k"]);
    assert_eq!(a.hint(), Some("You cannot quaff or read the golden idol."));
    press(&mut a, &["Escape", "w", "k"]);
    assert_eq!(a.hint(), Some("You cannot wield or wear the golden idol."));
    press(&mut a, &["Escape", "d", "k"]);
    let s = a.state().expect("a run");
    assert!(
        !s.carrying_idol() && s.idol() == Some(s.player()),
        "dropped where the player stands"
    );
    let record = a.record().expect("a record").clone();
    assert_eq!(record.actions.last(), Some(&crate::rules::Action::Drop(10)));
    // The record says it, so the run saves and reads back, on through the end.
    let store = SharedStore::default();
    let mut saves = Saves::new(Box::new(store.clone()));
    saves
        .write(1, &record, "2026-11-22", (1, 30))
        .expect("saved");
    let found = Saves::new(Box::new(store)).scan().expect("scan");
    assert!(found.kept.is_empty(), "{:?}", found.kept);
    assert_eq!(found.runs.first().map(|r| &r.record), Some(&record));
}

/// The first step of a shortest walk on the player's level to `goal` (through creatures: a
/// step into one attacks it), or `None` when there is no way.
fn step_towards(state: &State, goal: Point) -> Option<crate::rules::Dir> {
    use crate::rules::Dir;
    let me = state.player();
    let mut came: std::collections::HashMap<Point, Dir> = std::collections::HashMap::new();
    let mut queue = std::collections::VecDeque::from([goal]);
    // Searched from the goal back, so the step found at the player leads along the path.
    while let Some(p) = queue.pop_front() {
        for d in Dir::ALL {
            let (dx, dy) = d.delta();
            let q = p.offset(-dx, -dy);
            if q == me {
                return Some(d);
            }
            if state.world().tile(q).is_open() && q != goal && !came.contains_key(&q) {
                came.insert(q, d);
                queue.push_back(q);
            }
        }
    }
    None
}

/// A collector, playing a seeded run through `App::act`: it fights what stands next to it,
/// rests when hurt and alone, and walks to the nearest item to pick it up until the pack is full, then
/// to the idol. Returns once it carries the idol (or after `limit` actions).
fn collect_then_take_the_idol(a: &mut App, limit: usize) {
    use crate::rules::{Action, Dir, Place, PACK_LIMIT};
    for _ in 0..limit {
        let Some(s) = a.state().filter(|s| s.outcome() == Outcome::Playing) else {
            return;
        };
        if s.carrying_idol() {
            return;
        }
        let me = s.player();
        let foe = s.monsters().iter().find(|m| m.pos.chebyshev(me) == 1);
        let full = s.carried().len() >= usize::from(PACK_LIMIT);
        let idol = |t: &crate::rules::Thing| t.kind == crate::rules::kinds::item::Item::Idol;
        // Items with room in the pack (a slot, or a stack to join) until it is full.
        let wanted = |t: &&crate::rules::Thing| {
            if full {
                idol(t)
            } else {
                !idol(t) && s.has_room_for(t.kind)
            }
        };
        let goal = s
            .items()
            .iter()
            .filter(wanted)
            .filter_map(|t| match t.place {
                Place::Floor(p) if p.z == me.z => Some(p),
                _ => None,
            })
            .min_by_key(|p| p.chebyshev(me))
            .or_else(|| s.idol().filter(|p| p.z == me.z));
        let action = match (foe, goal) {
            (Some(m), _) => Dir::towards(m.pos.x - me.x, m.pos.y - me.y).map(Action::Move),
            _ if s.hp() < s.max_hp() / 2 && !s.creature_in_view() && s.torch_lit() => {
                Some(Action::Rest)
            }
            (None, Some(p)) if p == me => Some(Action::PickUp),
            (None, Some(p)) => step_towards(s, p).map(Action::Move),
            (None, None) => None,
        };
        a.act(action.unwrap_or(Action::Wait));
    }
}

#[test]
fn a_collector_fills_the_pack_takes_the_idol_drops_it_by_letter_and_continues_after_a_reload() {
    let store = SharedStore::default();
    // One large level: room for ten items and the idol on the level where the run starts
    // (more than ten items, as potions and scrolls of a kind share a slot).
    let params = WorldParams {
        width: 200,
        height: 120,
        depth: 1,
        ..WorldParams::default()
    };
    let options = Options { params, ..opts(5) };
    let mut a = App::new(Box::new(store.clone()), options.clone());
    a.key("Enter");
    collect_then_take_the_idol(&mut a, 20_000);
    let s = a.state().expect("a run");
    assert_eq!(s.outcome(), Outcome::Playing, "the collector survived");
    assert!(s.carrying_idol(), "the collector took the idol");
    assert_eq!(s.carried().len(), 11, "ten items and the idol");
    press(&mut a, &["d", "k"]);
    assert_eq!(
        a.record().and_then(|r| r.actions.last().copied()),
        Some(crate::rules::Action::Drop(10))
    );
    assert_eq!(a.saving(), &Saving::On);
    let h = hash(&a);
    drop(a);
    let mut b = App::new(Box::new(store), options);
    assert!(b.found().kept.is_empty(), "{:?}", b.found().kept);
    assert!(compose(&b).to_string().contains("Press Enter to continue"));
    b.key("Enter");
    assert_eq!(b.screen(), Screen::Play);
    assert_eq!(hash(&b), h, "the same game goes on");
}

/// Starts seed 6 in `store` and leaves the caves at once, with the store made nearly full just
/// before: `room` more bytes fit.
fn leave_with_room(store: &SharedStore, room: usize) -> App {
    let mut a = app(store, 6);
    a.key("Enter");
    let used = store.borrow().used();
    store.borrow_mut().quota = Some(used + room);
    press(&mut a, &["<", "<"]);
    assert_eq!(a.screen(), Screen::Ended);
    a
}

#[test]
fn a_run_ended_on_a_nearly_full_storage_is_never_offered_to_continue() {
    let store = SharedStore::default();
    // The last save of the run fits beside the first; its history line does not.
    let slot = store_size_of_one_save();
    let a = leave_with_room(&store, slot + 8);
    assert!(matches!(a.saving(), Saving::Off(_)), "{:?}", a.saving());
    drop(a);
    let mut b = app(&store, 40);
    assert!(
        b.found().runs.is_empty(),
        "the ended run is not a run to continue"
    );
    assert_eq!(b.found().ended.len(), 1, "but it is still kept");
    let start = compose(&b).to_string();
    assert!(!start.contains("Press Enter to continue"), "{start}");
    assert!(
        start.contains("could not be added to the history"),
        "{start}"
    );
    b.key("Enter");
    assert_eq!(b.screen(), Screen::Play);
    assert_eq!(
        b.state().map(State::seed),
        Some(40),
        "Enter starts a new run"
    );
    let ended = Saves::new(Box::new(store.clone()))
        .scan()
        .expect("scan")
        .ended;
    assert_eq!(ended.len(), 1);
    assert_ne!(
        b.run().map(|r| r.id),
        Some(ended[0].id),
        "in slots of its own"
    );
    // With room again, the new run is saved, the ended run reaches the history, once.
    store.borrow_mut().quota = None;
    press(&mut b, &["."]);
    assert_eq!(b.saving(), &Saving::On);
    drop(b);
    let c = app(&store, 1);
    assert!(c.found().ended.is_empty());
    assert_eq!(
        c.found().runs.first().map(|r| r.record.header.seed),
        Some(40)
    );
    assert_eq!(c.found().history.len(), 1);
    assert_eq!(c.found().history[0].seed, 6);
    assert_eq!(c.found().history[0].outcome, "lost");
    assert_eq!(app(&store, 1).found().history.len(), 1, "filed once");
}

#[test]
fn a_run_whose_last_save_does_not_fit_still_reaches_the_history_and_never_continues() {
    let store = SharedStore::default();
    // Neither the last save nor the history line fits, until the run's slots are freed.
    let a = leave_with_room(&store, 12);
    drop(a);
    let b = app(&store, 1);
    assert!(b.found().runs.is_empty() && b.found().ended.is_empty());
    assert_eq!(b.found().history.first().map(|h| h.seed), Some(6));
    // And when nothing fits at all, the run is not offered to continue either.
    let store = SharedStore::default();
    let mut a = app(&store, 7);
    a.key("Enter");
    store.borrow_mut().full = true;
    press(&mut a, &["<", "<"]);
    assert_eq!(a.screen(), Screen::Ended);
    store.borrow_mut().full = false;
    let b = app(&store, 1);
    assert!(b.found().runs.is_empty(), "{:?}", b.found().runs);
    assert!(!compose(&b).to_string().contains("Press Enter to continue"));
}

/// The bytes one save of a new run of seed 6 takes in the store.
fn store_size_of_one_save() -> usize {
    let store = SharedStore::default();
    app(&store, 6).key("Enter");
    let used = store.borrow().used();
    used
}

#[test]
fn the_start_menu_stays_inside_the_frame_of_the_page_on_a_desktop() {
    let store = SharedStore::default();
    let a = app(&store, 42);
    assert_eq!(a.layout(), Layout::DESKTOP);
    let text = compose(&a).to_string();
    let rows: Vec<&str> = text.lines().collect();
    let page = draw::page::page(a.layout());
    let bottom = rows[(page.y + page.h - 1) as usize];
    assert!(
        !bottom.chars().any(|c| c.is_ascii_alphanumeric()),
        "the page's bottom border is written over: {bottom:?}"
    );
    let help = rows
        .iter()
        .position(|r| r.contains("Help and keys"))
        .expect("the menu offers help");
    assert!((help as i32) < page.y + page.h - 1, "help is on row {help}");
}

#[test]
fn every_start_menu_label_fits_a_phone_whole() {
    let store = SharedStore::default();
    let layout = Layout::for_window(390.0, 844.0, 3.0, false);
    let a = App::new(Box::new(store.clone()), Options { layout, ..opts(42) });
    // The daily's page after its day's run ended unposted, with practice to continue.
    let daily = SharedStore::default();
    let mut day = board_page(&daily);
    press(&mut day, &["Enter", "<", "<"]);
    press(&mut board_page(&daily), &["N", "."]);
    let mut b = board_page(&daily);
    b.set_layout(layout);
    b.set_touch(true);
    for a in [a, b] {
        let text = compose(&a).to_string();
        for item in a.start_menu() {
            assert!(
                text.contains(&item.label),
                "{:?} is cut on a phone:\n{text}",
                item.label
            );
        }
    }
}

#[test]
fn a_save_of_an_older_ruleset_is_listed_kept_and_exportable_never_replayed() {
    let store = SharedStore::default();
    let mut old = {
        let mut a = app(&store, 5);
        a.key("Enter");
        a.key("l");
        a.record().expect("a run").clone()
    };
    store.borrow_mut().map.clear();
    old.header.ruleset = crate::rules::RULESET - 1;
    Saves::new(Box::new(store.clone()))
        .write(7, &old, "2026-11-01", (1, 1))
        .expect("written");
    let mut a = app(&store, 5);
    let kept = &a.found().kept;
    assert_eq!(kept.len(), 1, "kept, not deleted");
    assert!(kept[0].text.contains(&old.to_text()), "kept unchanged");
    assert!(a.found().runs.is_empty(), "never offered to continue");
    let labels: Vec<String> = a.start_menu().into_iter().map(|m| m.label).collect();
    assert!(
        labels.contains(&"Download 1 older runs".to_string()),
        "{labels:?}"
    );
    a.key("D");
    assert_eq!(a.take_requests(), [Request::DownloadKept(0)]);
    assert!(
        !a.open_replay(&old.encode()),
        "not replayed into another game"
    );
}

#[test]
fn the_variant_is_chosen_on_the_start_screen_and_kept_in_the_record() {
    let mut a = fresh(8);
    a.key("M");
    assert!(compose(&a).to_string().contains("Mode: Explorer"));
    a.key("N");
    assert_eq!(a.screen(), Screen::Play);
    let record = a.record().expect("a run").clone();
    let explorer = &crate::rules::variants::EXPLORER;
    assert_eq!(record.header.variant, explorer);
    assert_eq!(a.state().map(State::variant), Some(explorer));
    assert!(compose(&a).to_string().contains("Explorer mode"));
    let fuel = a.state().map(State::fuel);
    let back = crate::record::Record::decode(&record.encode()).expect("decodes");
    let replayed = crate::record::replay(&back).expect("replays");
    assert_eq!(Some(replayed.fuel()), fuel, "the replay plays Explorer too");
}

/// A straight hall with a goblin five cells east of the player and a dart at the player's
/// feet.
fn hall_with_a_goblin() -> App {
    let mut state = state_on(&["##########\n#<.......#\n##########"], 3);
    state.clear_monsters();
    let me = state.player();
    state.put_item(crate::rules::kinds::item::Item::Dart, me);
    state.put_monster(
        crate::rules::kinds::creature::Creature::Goblin,
        me.offset(5, 0),
    );
    App::scene(state)
}

#[test]
fn a_throw_is_aimed_by_keys_shown_in_flight_and_recorded_as_one_action() {
    let mut a = hall_with_a_goblin();
    press(&mut a, &["g", "t", "a"]);
    let aim = a.aim().expect("aiming");
    let s = a.state().expect("run");
    let goblin = s.monsters()[0].pos;
    let (me, goblin) = (s.player(), goblin);
    assert_eq!(aim.at, goblin, "the cursor starts on the creature in view");
    assert!(
        compose(&a).to_string().contains("Aim:"),
        "the aiming line shows"
    );
    press(&mut a, &["h", "l", "Enter"]);
    assert!(a.aim().is_none());
    let last = a.record().and_then(|r| r.actions.last().copied());
    assert_eq!(last, crate::rules::Action::throw(0, goblin.x - me.x, 0));
    let s = a.state().expect("run");
    assert!(
        s.monster_at(goblin).is_none_or(|m| m.hp < m.stats().hp),
        "it was struck"
    );
    assert!(a.animating(), "the dart's flight is shown");
    let before = compose(&a).to_string();
    a.tick(40.0);
    assert_ne!(compose(&a).to_string(), before, "frame by frame");
    a.key("Escape");
    assert!(!a.animating(), "a key finishes the moment at once");
}

#[test]
fn the_mouse_moves_the_aim_within_reach_and_a_new_layout_ends_looking() {
    let mut a = hall_with_a_goblin();
    press(&mut a, &["g", "t", "a"]);
    let me = a.state().expect("run").player();
    let near = me.offset(2, 0);
    a.set_hover(Some(near));
    assert_eq!(
        a.aim().map(|aim| aim.at),
        Some(near),
        "the aim follows the mouse"
    );
    a.set_hover(Some(me.offset(30, 0)));
    assert_eq!(
        a.aim().map(|aim| aim.at),
        Some(near),
        "not beyond a throw's reach"
    );
    press(&mut a, &["Escape", "Escape", "x"]);
    assert!(a.look_cursor().is_some(), "looking");
    a.set_layout(Layout::for_window(390.0, 844.0, 3.0, false));
    assert_eq!(a.look_cursor(), None, "a new layout ends look mode");
}

#[test]
fn a_tap_throws_where_it_lands_and_escape_puts_the_thing_away() {
    let mut a = hall_with_a_goblin();
    press(&mut a, &["g", "t", "a", "Escape"]);
    assert!(a.aim().is_none());
    assert_eq!(a.hint(), Some("You put it away."));
    press(&mut a, &["t", "a"]);
    let me = a.state().expect("run").player();
    let (sx, sy) = {
        let s = a.state().expect("run");
        a.layout().scroll(me, s.world().width(), s.world().height())
    };
    let l = a.layout();
    let target = me.offset(3, 0);
    assert!(a.tap(l.sidebar + target.x - sx, l.top + target.y - sy));
    assert_eq!(
        a.record().and_then(|r| r.actions.last().copied()),
        crate::rules::Action::throw(0, 3, 0)
    );
}

#[test]
fn the_inventory_lists_what_using_has_identified() {
    use crate::rules::kinds::item::Item;
    let mut state = state_on(&["#######\n#<....#\n#######"], 4);
    state.clear_monsters();
    let me = state.player();
    state.put_item(Item::StrengthPotion, me);
    state.put_item(Item::Dart, me);
    state.put_item(Item::StrengthPotion, me);
    let look = state.item_name(Item::StrengthPotion);
    let mut a = App::scene(state);
    press(&mut a, &["g", "g", "g", "i"]);
    let text = compose(&a).to_string();
    let two = crate::rules::game::log::counted(look, 2);
    assert!(text.contains(&format!("a) ! {two}")) && !text.contains("Identified"));
    press(&mut a, &["Escape", "q", "a", "i"]);
    let text = compose(&a).to_string();
    assert!(
        text.contains("a) ! potion of strength"),
        "the other potion stays in its slot: {text}"
    );
    assert!(text.contains(&format!("{look}: strength")), "{text}");
}

// ---- "A fair game you can read": what a player met, scene by scene.

/// A hall on one level with nothing in it but `items` at the player's feet, on top in the
/// order given: picked up with `g`, they take the letters a, b, c...
fn hall_with(items: &[crate::rules::kinds::item::Item]) -> App {
    let mut state = state_on(&["##########\n#<.......#\n#........#\n##########"], 3);
    state.clear_monsters();
    state.clear_items();
    let me = state.player();
    for &kind in items.iter().rev() {
        state.put_item(kind, me);
    }
    App::scene(state)
}

fn last_action(app: &App) -> Option<Action> {
    app.record().and_then(|r| r.actions.last().copied())
}

fn log_lines(app: &App) -> Vec<String> {
    let log = app.state().expect("a run").log();
    log.entries().iter().map(|e| e.text.clone()).collect()
}

#[test]
fn a_letter_in_an_item_menu_chooses_the_item_and_never_changes_the_colours() {
    use crate::rules::kinds::item::Item::*;
    let mut a = hall_with(&[Dagger, Dart, HealingPotion]);
    press(&mut a, &["g", "g", "g", "q", "c"]);
    assert_eq!(a.palette(), Palette::Standard, "c chose the potion");
    assert_eq!(a.screen(), Screen::Play);
    assert_eq!(last_action(&a), Some(Action::Use(2)), "item c was quaffed");
    press(&mut a, &["i", "Z", "Escape"]);
    assert!(!a.larger(), "Z in a menu is not the glyph size");
    press(&mut a, &["c"]);
    assert_eq!(
        a.palette(),
        Palette::ColourSafe,
        "outside a menu, c changes the colours"
    );
}

#[test]
fn the_description_speaks_of_the_idol_only_on_its_own_level() {
    let level1 = "
        ##########
        #<>......#
        ##########
    ";
    let level2 = "
        ##########
        #.<......#
        ##########
    ";
    let mut state = state_on(&[level1, level2], 1);
    state.clear_monsters();
    state.clear_items();
    state.put_item(crate::rules::kinds::item::Item::Idol, Point::new(6, 1, 1));
    let mut a = App::scene(state);
    press(&mut a, &["l", ">", "v"]);
    let below = a.hint().unwrap_or_default().to_string();
    assert!(below.contains("The idol: 4 steps east."), "{below}");
    press(&mut a, &["<", "v"]);
    let above = a.hint().unwrap_or_default().to_string();
    assert!(above.starts_with("Level 1 of 2"), "{above}");
    assert!(
        !above.contains("steps east."),
        "no way to it from here: {above}"
    );
    assert!(
        above.contains("The idol lies deeper, on level 2."),
        "{above}"
    );
}

#[test]
fn with_no_creature_in_range_the_aim_says_so_and_never_throws_at_your_feet() {
    let mut a = hall_with(&[crate::rules::kinds::item::Item::Dart]);
    press(&mut a, &["g", "t", "a"]);
    let me = a.state().expect("a run").player();
    let hint = a.hint().unwrap_or_default().to_string();
    assert!(hint.starts_with("No creature in range"), "{hint}");
    assert_eq!(
        a.aim().map(|aim| aim.at),
        Some(me),
        "no cell is chosen for you"
    );
    let taken = a.record().map(|r| r.actions.len());
    press(&mut a, &["Enter"]);
    assert_eq!(a.record().map(|r| r.actions.len()), taken, "nothing thrown");
    assert!(a.aim().is_some(), "still aiming");
    let hint = a.hint().unwrap_or_default().to_string();
    assert!(hint.contains("Move the target"), "{hint}");
    press(&mut a, &["l", "l", "Enter"]);
    assert_eq!(last_action(&a), Action::throw(0, 2, 0));
}

#[test]
fn letters_stay_with_their_items_and_a_used_one_leaves_a_gap_the_next_fills() {
    use crate::rules::kinds::item::Item::*;
    let mut a = hall_with(&[HealingPotion, Dart, Dagger]);
    press(&mut a, &["g", "g", "g", "q", "a", "i"]);
    let text = compose(&a).to_string();
    assert!(text.contains("b) \u{2191} dart"), "{text}");
    assert!(text.contains("c) ) dagger"), "{text}");
    assert!(!text.contains("a) "), "{text}");
    // Records keep their slots: the dagger, letter c, is the second thing carried.
    press(&mut a, &["Escape", "d", "c"]);
    assert_eq!(last_action(&a), Some(Action::Drop(1)));
    assert_eq!(a.state().and_then(|s| s.item_at(s.player())), Some(Dagger));
    press(&mut a, &["g"]);
    let said = log_lines(&a).last().cloned().unwrap_or_default();
    assert_eq!(said, "You pick up a dagger (a).");
    press(&mut a, &["i"]);
    let text = compose(&a).to_string();
    assert!(text.contains("a) ) dagger"), "{text}");
    assert!(text.contains("b) \u{2191} dart"), "{text}");
    press(&mut a, &["Escape", "t", "a", "l", "Enter"]);
    assert_eq!(last_action(&a), Action::throw(1, 1, 0), "a is slot 1");
}

#[test]
fn menus_list_only_what_can_be_used_that_way_and_a_wielded_blade_is_thrown_when_chosen_twice() {
    use crate::rules::kinds::item::Item::*;
    let mut a = hall_with(&[Leather, Dagger, HealingPotion, Dart]);
    press(&mut a, &["g", "g", "g", "g", "w", "a", "w", "b"]);
    let s = a.state().expect("a run");
    assert_eq!(s.equipped(crate::rules::Place::Worn), Some(Leather));
    assert_eq!(s.equipped(crate::rules::Place::Wielded), Some(Dagger));
    press(&mut a, &["q"]);
    let quaff = compose(&a).to_string();
    assert!(quaff.contains("c) "), "{quaff}");
    for other in ["a) ", "b) ", "d) "] {
        assert!(!quaff.contains(other), "{other} is not quaffed: {quaff}");
    }
    press(&mut a, &["Escape", "t"]);
    let throw = compose(&a).to_string();
    assert!(!throw.contains("a) "), "worn armour is not thrown: {throw}");
    for listed in ["b) ", "c) ", "d) "] {
        assert!(throw.contains(listed), "{listed} can be thrown: {throw}");
    }
    press(&mut a, &["a"]);
    assert!(a.aim().is_none(), "the worn armour is not thrown");
    let hint = a.hint().unwrap_or_default().to_string();
    assert!(hint.contains("wearing"), "{hint}");
    press(&mut a, &["b"]);
    assert!(a.aim().is_none(), "the wielded dagger asks first");
    let hint = a.hint().unwrap_or_default().to_string();
    assert!(hint.contains("You wield the dagger"), "{hint}");
    press(&mut a, &["b"]);
    assert!(a.aim().is_some(), "chosen again, it is aimed");
}

#[test]
fn a_healing_potion_at_full_health_says_so_instead_of_zero_hit_points() {
    let mut a = hall_with(&[crate::rules::kinds::item::Item::HealingPotion]);
    press(&mut a, &["g", "q", "a"]);
    let log = log_lines(&a);
    assert!(!log.iter().any(|l| l.contains("0 hit points")), "{log:?}");
    assert!(
        log.iter()
            .any(|l| l.contains("you are already at full health.")),
        "{log:?}"
    );
}

#[test]
fn the_end_screen_counts_ochre_jellies() {
    use crate::rules::kinds::creature::Creature;
    let mut a = hall_with(&[]);
    for _ in 0..2 {
        let me = a.state().expect("a run").player();
        let s = a.scene_state().expect("a scene");
        s.put_monster(Creature::Jelly, me.offset(1, 0));
        s.wound_monster(me.offset(1, 0), 1);
        press_until(&mut a, "l", 50, |a| {
            a.state().is_some_and(|s| s.monsters().is_empty())
        });
    }
    press(&mut a, &["<", "<"]);
    let end = compose(&a).to_string();
    assert!(end.contains("2 ochre jellies"), "{end}");
}

#[test]
fn stairs_travel_on_the_stairs_themselves_says_you_stand_on_them() {
    let mut a = corridor();
    press(&mut a, &["["]);
    assert_eq!(
        a.hint(),
        Some("You are standing on the stairs up: < climbs them.")
    );
}

#[test]
fn on_a_phone_look_mode_shows_the_whole_description_over_the_map_away_from_the_cursor() {
    use crate::rules::kinds::creature::Creature;
    // A cave taller than the phone's view, the player at its top: the cursor in the view's
    // upper half.
    let open = format!("#{}#\n", ".".repeat(20));
    let map = format!(
        "{w}\n#<{}#\n{}{w}",
        ".".repeat(19),
        open.repeat(150),
        w = "#".repeat(22)
    );
    let mut a = levels(&[&map], &[]);
    a.set_layout(Layout::for_window(390.0, 844.0, 3.0, false));
    let me = me(&a);
    let s = a.scene_state().expect("a scene");
    s.put_monster(Creature::Bloat, me.offset(1, 0));
    press(&mut a, &["x", "l"]);
    let frame = compose(&a);
    let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let shown = words(&frame.to_string().replace('│', " "));
    let described = crate::view::kinds::cyclopedia::entry(
        crate::rules::items::looks::Seen::Creature(Creature::Bloat),
    )
    .description;
    assert!(
        shown.contains(&words(described)),
        "the bloat's whole description is on screen:\n{frame}"
    );
    // The bloat under the cursor is still drawn: the panel lies on the other half of the map.
    let cursor = a.look_cursor().expect("looking");
    let (col, row) = (0..a.layout().rows)
        .flat_map(|r| (0..a.layout().cols).map(move |c| (c, r)))
        .find(|&(c, r)| a.world_at(c, r) == Some(cursor))
        .expect("the cursor's cell is in the view");
    assert_eq!(
        frame.row_text(row as usize).chars().nth(col as usize),
        Some('e'),
        "the bloat is hidden:\n{frame}"
    );
}

#[test]
fn the_sidebar_title_has_a_row_of_room_above_it() {
    let a = corridor();
    let frame = compose(&a);
    let sidebar = a.layout().sidebar as usize;
    let row = |y| frame.row_text(y).chars().take(sidebar).collect::<String>();
    assert!(row(0).trim().is_empty(), "{}", row(0));
    assert!(row(1).contains(" Caves "), "{}", row(1));
}

/// A scene of hand-drawn levels ('.' drawn as rubble, so nothing is placed on it), the
/// player walked by `actions` from the way out.
fn levels(maps: &[&str], actions: &[Action]) -> App {
    let maps: Vec<String> = maps.iter().map(|m| m.replace('.', "r")).collect();
    let maps: Vec<&str> = maps.iter().map(String::as_str).collect();
    let mut state = state_on(&maps, 1);
    state.clear_monsters();
    for &a in actions {
        state.act(a);
    }
    App::scene(state)
}

/// Two levels of a row each: the room of level 1 beyond the wall (its stairs down at x 9)
/// is joined to the way out only through level 2, whose far stairs up lead into it.
const SPLIT_ROOM: [&str; 2] = [
    "
    ##############
    #<..>##..>...#
    ##############",
    "
    ##############
    #...<....<...#
    ##############",
];

/// From the way out into `SPLIT_ROOM`'s room beyond the wall: three steps east, down, five
/// east along level 2, and up its far stairs.
fn into_the_split_room() -> Vec<Action> {
    let east = Action::Move(crate::rules::Dir::E);
    [
        &[east; 3][..],
        &[Action::Descend],
        &[east; 5],
        &[Action::Ascend],
    ]
    .concat()
}

fn me(app: &App) -> Point {
    app.state().expect("a run").player()
}

#[test]
fn left_bracket_follows_the_stairs_up_that_lead_to_the_way_out_not_the_nearest() {
    use crate::rules::Dir::{E, W};
    use Action::{Ascend, Descend, Move};
    // Level 2 has two stairs up: the near one leads to a closed room of level 1, the far
    // one to the way out. The player has climbed both.
    let mut a = levels(
        &[
            "
            ##############
            #<.>###.>....#
            ##############",
            "
            ##############
            #..<....<....#
            ##############",
        ],
        &[
            &[Move(E); 2][..],
            &[Descend],
            &[Move(E); 5],
            &[Ascend, Descend],
            &[Move(E); 2],
        ]
        .concat(),
    );
    assert_eq!(me(&a), Point::new(10, 1, 1));
    let before = a.record().map_or(0, |r| r.actions.len());
    press(&mut a, &["["]);
    settle(&mut a, 50.0, 500);
    assert_eq!(me(&a), Point::new(1, 1, 0), "{:?}", a.hint());
    // West past the near stairs to the far ones, up them, and on to the way out.
    let mut way = vec![Move(W); 7];
    way.push(Ascend);
    way.extend([Move(W); 2]);
    let taken = a.record().map(|r| r.actions[before..].to_vec());
    assert_eq!(taken, Some(way));
}

#[test]
fn right_bracket_takes_the_stairs_down_to_the_unknown_not_the_nearest_explored_ones() {
    use crate::rules::Dir::E;
    use Action::{Ascend, Descend, Move};
    // The near stairs down lead to a closed nook the player has seen all of; the far ones
    // lead where nobody has been.
    let mut a = levels(
        &[
            "
            ############
            #<.>......>#
            ############",
            "
            ############
            ###<.###..<#
            ############",
        ],
        &[Move(E), Move(E), Descend, Ascend],
    );
    assert_eq!(me(&a), Point::new(3, 1, 0));
    press(&mut a, &["]"]);
    settle(&mut a, 50.0, 500);
    assert_eq!(me(&a), Point::new(10, 1, 0), "{:?}", a.hint());
}

#[test]
fn after_a_mapping_scroll_explore_walks_what_the_map_showed() {
    use crate::rules::kinds::item::Item;
    let mut a = levels(
        &["
            ##################################
            #<...............................#
            ##################################"],
        &[],
    );
    if let Some(s) = a.scene_state() {
        s.clear_items();
        let p = s.player();
        s.put_item(Item::MappingScroll, p);
    }
    press(&mut a, &["g", "r", "a"]);
    let far = Point::new(32, 1, 0);
    let state = a.state().expect("a run");
    assert!(state.sight().remembers(far), "{:?}", log_lines(&a));
    press(&mut a, &["o"]);
    settle(&mut a, 50.0, 2000);
    assert_ne!(
        a.hint(),
        Some("There is nothing left to explore that you can reach.")
    );
    assert!(me(&a).x >= 25, "explore walked to {:?}", me(&a));
}

#[test]
fn the_look_cursor_scrolls_the_view_when_it_leaves_the_visible_map() {
    let row = format!("#<{}#", ".".repeat(196));
    let wall = "#".repeat(row.len());
    let map = format!("{wall}\n{row}\n{wall}");
    let mut a = levels(&[&map], &[]);
    let view = a.layout().view_width();
    press(&mut a, &["x"]);
    for _ in 0..view + 10 {
        press(&mut a, &["l"]);
    }
    let cursor = a.look_cursor().expect("looking");
    assert_eq!(cursor.x, 1 + view + 10, "the cursor goes on past the edge");
    // The view follows it: the cursor is drawn where the map shows its cell.
    let (col, row) = (0..a.layout().cols)
        .flat_map(|c| (0..a.layout().rows).map(move |r| (c, r)))
        .find(|&(c, r)| a.world_at(c, r) == Some(cursor))
        .expect("the cursor's cell is on screen");
    assert!(col < a.layout().cols && row < a.layout().rows);
    press(&mut a, &["Escape"]);
    assert_eq!(
        a.world_at(player_cell(&a).0, player_cell(&a).1),
        Some(me(&a))
    );
}

#[test]
fn the_overview_shows_every_level_seen_its_stairs_and_where_they_lead() {
    use crate::rules::Dir::E;
    use Action::{Descend, Move};
    let mut a = levels(&SPLIT_ROOM, &[Move(E), Move(E), Move(E), Descend]);
    a.take_announcements();
    press(&mut a, &["M"]);
    let said = a.take_announcements().join(" ");
    assert!(
        said.contains("Map of level 2. a < to level 1, area 1. b < leads: not known yet."),
        "a screen reader hears the level and its stairs: {said}"
    );
    let text = compose(&a).to_string();
    assert!(
        text.contains("Map of the caves: level 2 (2 levels seen)"),
        "{text}"
    );
    // Rubble is drawn ',' and walls '▒'; each stair's tag beside it.
    assert!(text.contains("▒,,,@a,,,<b"), "{text}");
    assert!(text.contains("a < to level 1, area 1"), "{text}");
    assert!(text.contains("b < leads: not known yet"), "{text}");
    press(&mut a, &["<"]);
    let text = compose(&a).to_string();
    assert!(
        text.contains("Map of the caves: level 1 (2 levels seen)"),
        "{text}"
    );
    assert!(text.contains("▒<a,>b"), "{text}");
    assert!(
        text.contains("Stairs down, area 1: b > to level 2, area 1."),
        "the cursor stays where it was: {text}"
    );
    assert!(text.contains("a < the way out"), "{text}");
    assert!(text.contains("b > to level 2, area 1"), "{text}");
    press(&mut a, &["Escape"]);
    assert_eq!(a.screen(), Screen::Play);
}

#[test]
fn knowing_no_way_there_offers_the_nearest_stair_not_yet_taken_towards_it() {
    use crate::rules::Dir::{E, W};
    use Action::{Descend, Move};
    // The player saw the far stairs down of level 1, then took the near ones. Below, across
    // a pool, lies a place no stair the player knows leads to: the far stairs, not yet
    // taken, come down behind the wall.
    let mut moves = vec![Move(E); 12];
    moves.extend([Move(W); 10]);
    moves.push(Descend);
    let mut a = levels(
        &[
            "
            ###############
            #<.>.........>#
            ###############
            ###############
            ###############",
            "
            ###############
            #..<P.....#..<#
            #####.....#...#
            #####.........#
            ###############",
        ],
        &moves,
    );
    assert_eq!(me(&a), Point::new(3, 1, 1));
    press(&mut a, &["M", "l", "l", "l", "Enter"]);
    settle(&mut a, 50.0, 500);
    assert_eq!(me(&a), Point::new(3, 1, 1), "no known way: {:?}", a.hint());
    assert_eq!(
        a.hint(),
        Some(
            "You know no way there. The nearest stairs down not yet taken towards it on \
             level 1 are 11 steps away: Enter goes there."
        )
    );
    press(&mut a, &["Enter"]);
    settle(&mut a, 50.0, 1000);
    assert_eq!(me(&a), Point::new(13, 1, 0), "{:?}", a.hint());
    // Any other key declines the offer and does what it always does.
    press(&mut a, &["M", "Escape"]);
    assert_eq!(a.screen(), Screen::Play);
}

#[test]
fn the_overview_tags_every_stair_of_a_crowded_level_apart() {
    // 32 stairs down around the way out, all in view: more than the 26 small letters.
    let mut a = levels(
        &[
            "
            #########
            #>>>>>>>#
            #>>>>>>>#
            #>>.<.>>#
            #>>>>>>>#
            #>>>>>>>#
            #########",
            "
            #########
            #<<<<<<<#
            #<<<<<<<#
            #<<...<<#
            #<<<<<<<#
            #<<<<<<<#
            #########",
        ],
        &[],
    );
    press(&mut a, &["M"]);
    let sheet = a.overview_sheet().expect("a sheet");
    let tags: std::collections::HashSet<char> = sheet.stairs.iter().map(|s| s.tag).collect();
    assert_eq!(sheet.stairs.len(), 33, "the stairs down and the way out");
    assert_eq!(
        tags.len(),
        sheet.stairs.len(),
        "each stair its own tag: {tags:?}"
    );
}

#[test]
fn choosing_a_cell_in_the_overview_travels_there_across_levels() {
    use crate::rules::Dir::W;
    use Action::{Ascend, Descend, Move};
    // Into the room beyond the wall, and back the way it came.
    let back = [&[Descend][..], &[Move(W); 5], &[Ascend]].concat();
    let mut a = levels(&SPLIT_ROOM, &[into_the_split_room(), back].concat());
    assert_eq!(me(&a), Point::new(4, 1, 0));
    // The overview opens on the player's level with the cursor on the player: seven steps
    // east is the room beyond the wall.
    press(&mut a, &["M"]);
    for _ in 0..7 {
        press(&mut a, &["l"]);
    }
    press(&mut a, &["Enter"]);
    assert_eq!(a.screen(), Screen::Play);
    settle(&mut a, 50.0, 500);
    assert_eq!(me(&a), Point::new(11, 1, 0), "{:?}", a.hint());

    // The mouse moves the cursor, and a click on a place travels there.
    press(&mut a, &["M"]);
    let sheet = a.overview_sheet().expect("a sheet");
    let (col, row) = (sheet.ox + 2, overview::TOP + 1);
    assert!(a.overview_hover(col, row));
    assert!(compose(&a)
        .to_string()
        .contains("Rubble, area 1. Enter goes there."));
    a.tap(col, row);
    settle(&mut a, 50.0, 500);
    assert_eq!((a.screen(), me(&a)), (Screen::Play, Point::new(2, 1, 0)));

    // A tap on the title's right half shows the next level, on its left half the one before.
    press(&mut a, &["M"]);
    let z = |a: &App| a.overview_sheet().map(|s| s.z);
    assert_eq!(z(&a), Some(0));
    assert!(a.tap(a.layout().cols - 1, 0));
    assert_eq!(z(&a), Some(1));
    assert!(a.tap(0, 0));
    assert_eq!(z(&a), Some(0));
}

/// Aiming while a journey walks: a travel key pressed with the aim cursor up set out on a
/// journey that went on moving the player over the clock's ticks, so the throw was aimed
/// from a place the player had left. While aiming, the player stays put.
#[test]
fn no_journey_walks_the_player_while_a_throw_is_aimed() {
    let mut state = state_on(&[
        "######################\n#<...................#\n#....................#\n######################",
    ], 3);
    state.clear_monsters();
    state.clear_items();
    let me = state.player();
    state.put_item(crate::rules::kinds::item::Item::Dart, me);
    let mut a = App::scene(state);
    press(&mut a, &["g", "t", "a"]);
    assert!(a.aim().is_some(), "aiming");
    let me = a.state().expect("a run").player();
    for key in ["o", "L", "]"] {
        a.key(key);
        for _ in 0..40 {
            a.tick(50.0);
        }
        assert_eq!(
            a.state().map(State::player),
            Some(me),
            "{key} moved the player while aiming"
        );
        assert!(a.journey().is_none(), "{key} set out while aiming");
        assert!(a.aim().is_some(), "{key}: still aiming");
    }
    press(&mut a, &["l", "l", "Enter"]);
    assert_eq!(
        last_action(&a),
        Action::throw(0, 2, 0),
        "thrown from where it was aimed"
    );
}

#[test]
fn m_turns_sound_off_and_on_and_says_so_and_a_quiet_game_names_no_sounds() {
    let mut a = corridor();
    press(&mut a, &["T"]);
    assert_eq!(a.take_cues(), vec![Cue::TorchOut]);
    a.take_announcements();
    press(&mut a, &["m"]);
    assert_eq!(a.prefs(), "quiet");
    assert_eq!(a.hint(), Some("Sound off (m turns it on)."));
    assert!(a.take_announcements().join(" ").contains("Sound off"));
    assert!(
        a.take_requests().contains(&Request::Prefs),
        "the choice is remembered"
    );
    press(&mut a, &["T"]);
    assert_eq!(a.take_cues(), vec![], "no sounds while sound is off");
    press(&mut a, &["m", "T"]);
    assert_eq!(a.prefs(), "");
    assert_eq!(a.take_cues(), vec![Cue::TorchOut]);
    // `M` is the map, which `M` closes again.
    press(&mut a, &["M"]);
    assert_eq!(a.screen(), Screen::Overview);
    press(&mut a, &["M"]);
    assert_eq!(a.screen(), Screen::Play);
}

#[test]
fn a_live_run_is_watched_as_its_pieces_arrive_and_becomes_its_record() {
    let store = SharedStore::default();
    let daily = daily_opts(77);
    let mut a = App::new(Box::new(store.clone()), daily.clone());
    press(&mut a, &["Enter"]);
    for _ in 0..150 {
        a.key(".");
    }
    let played = a
        .daily_run(77)
        .expect("the daily run is played")
        .record
        .clone();
    assert!(!a.daily_done(77), "the daily has not ended");
    assert!(a.daily_run(78).is_none(), "the daily of another seed");
    // A run of the same seed that is not a daily run.
    let mut other = App::new(Box::new(SharedStore::default()), opts(77));
    press(&mut other, &["Enter", "."]);
    assert!(other.daily_run(77).is_none());

    let watched = SharedStore::default();
    let mut w = App::new(Box::new(watched.clone()), opts(1));
    let kept = Store::keys(&watched);
    assert!(w.watch_live(77, "2026-11-22"));
    assert!(w.live_more(played.actions[..10].to_vec(), false));
    assert!(w.tick(100.0));
    assert_eq!(
        w.replayer().map(|r| r.at),
        Some(6),
        "16 actions a second at 1x's 4"
    );
    settle(&mut w, 100.0, 5);
    assert_eq!(w.replayer().map(|r| r.at), Some(10));
    assert!(w.animating(), "a live run waits for more, playing");
    assert!(!w.tick(1000.0), "and saves up no time while it waits");
    // A piece that leaves the viewer far behind: it jumps to within half a second.
    assert!(w.live_more(played.actions[10..140].to_vec(), false));
    assert_eq!(w.replayer().map(|r| r.total() - r.at), Some(32));
    assert!(compose(&w).to_string().contains("Live"));
    assert!(w.live_more(played.actions[140..].to_vec(), true));
    settle(&mut w, 100.0, 100);
    assert!(!w.animating(), "ended, it stops at its end");
    assert!(
        !w.live_more(Vec::new(), false),
        "no live run is shown any more"
    );
    assert_eq!(
        w.record(),
        Some(&played),
        "the record of what was shown is the run's own"
    );
    assert_eq!(Store::keys(&watched), kept, "watching writes nothing");

    press(&mut a, &["<", "<"]);
    assert!(a.daily_done(77), "the daily has ended");
    assert!(!a.daily_done(78));
}

// ---- today's fallen

const DAY: &str = "2026-11-24";

/// An app on the daily caves of `DAY`, over `store`.
fn daily_app(store: &SharedStore) -> App {
    App::new(
        Box::new(store.clone()),
        Options {
            seed: crate::record::daily_seed(DAY),
            daily: Some(DAY.into()),
            today: DAY.into(),
            ..Options::default()
        },
    )
}

/// The screen cell where world cell `p` is drawn, following the player.
fn cell_of(app: &App, p: Point) -> (i32, i32) {
    let state = app.state().expect("a run");
    let (w, h) = (state.world().width(), state.world().height());
    let (sx, sy) = app.layout().scroll(state.player(), w, h);
    (app.layout().sidebar + p.x - sx, app.layout().top + p.y - sy)
}

fn graves_drawn(app: &App) -> Vec<(i32, i32)> {
    let f = compose(app);
    let mut at = Vec::new();
    for y in 0..f.height() as i32 {
        for x in 0..f.width() as i32 {
            if f.get(x, y).is_some_and(|c| c.glyph == 0xC5) {
                at.push((x, y));
            }
        }
    }
    at
}

#[test]
fn graves_of_the_fallen_show_where_they_ended_in_their_caves_are_named_and_watched() {
    let store = SharedStore::default();
    let mut a = daily_app(&store);
    press(&mut a, &["Enter"]);
    a.take_requests();
    let start = me(&a);
    let state = a.state().expect("a run");
    let seed = state.seed();
    let near = (-3..=3)
        .flat_map(|dy| (-3..=3).map(move |dx| start.offset(dx, dy)))
        .find(|&p| p != start && state.sight().remembers(p) && state.world().tile(p).is_open())
        .expect("a seen cell near the start");
    let unseen = (0..state.world().width())
        .map(|x| Point::new(x, 1, 0))
        .find(|&p| !state.sight().remembers(p))
        .expect("an unseen cell on level 1");
    let at = [
        1,
        near.x as u8,
        near.y as u8,
        3,
        1,
        1,
        1,
        unseen.x as u8,
        unseen.y as u8,
    ];
    let words = "grave of Bob\nKilled by the giant rat. Turn 212.\ngrave of Eve\nYou leave.\ngrave of Cy\nKilled by the bat.\n";
    // The run's end asks the page for today's fallen.
    press(&mut a, &["<", "<"]);
    assert_eq!(a.take_requests(), vec![Request::Fallen]);
    // Graves of other caves are not these caves' fallen.
    a.set_fallen(seed + 1, &at, words);
    assert!(!compose(&a).to_string().contains("fallen lie"));
    a.set_fallen(seed, &at, words);
    let end = compose(&a).to_string();
    assert!(
        end.contains("3 of today's fallen lie in these caves"),
        "{end}"
    );
    // Watched again, the caves show the grave on level 1 (Eve's, on level 3, and Cy's, on a
    // cell not seen, are not).
    a.key("r");
    assert_eq!(a.screen(), Screen::Replay);
    assert_eq!(graves_drawn(&a), vec![cell_of(&a, near)]);
    // The mouse over it names it; the look cursor too, and Enter watches that run.
    a.set_hover(Some(near));
    let text = compose(&a).to_string();
    assert!(
        text.contains("grave of Bob") && text.contains("giant rat. Turn"),
        "{text}"
    );
    a.set_hover(Some(unseen));
    assert!(!compose(&a).to_string().contains("grave of Cy"));
    a.set_hover(None);
    a.key("x");
    let start = a.look_cursor().expect("looking");
    let (dx, dy) = (near.x - start.x, near.y - start.y);
    let keys = [(dx, "h", "l"), (dy, "k", "j")];
    for (d, less, more) in keys {
        for _ in 0..d.abs() {
            a.key(if d < 0 { less } else { more });
        }
    }
    assert_eq!(a.look_cursor(), Some(near));
    assert!(compose(&a).to_string().contains("grave of Bob"));
    a.take_requests();
    a.key("Enter");
    assert_eq!(a.take_requests(), vec![Request::Watch(0)]);
    assert_eq!(
        a.screen(),
        Screen::Replay,
        "the page opens the run it fetches"
    );
    // Enter elsewhere watches nothing and leaves the replay as it is.
    a.key("l");
    a.key("Enter");
    assert!(a.take_requests().is_empty());
    assert_eq!(a.screen(), Screen::Replay);
    a.key("Escape");
    assert_eq!(a.look_cursor(), None, "x or Escape stops looking");
    // A tap on the grave watches it too; a tap elsewhere plays or pauses.
    let (col, row) = cell_of(&a, near);
    a.tap(col, row);
    assert_eq!(a.take_requests(), vec![Request::Watch(0)]);
    // Another seed's caves show no grave.
    a.key("Escape");
    press(&mut a, &["n"]);
    assert!(graves_drawn(&a).is_empty());
}

/// A hall with dry moss on the two cells east of the player and bare floor to its west.
fn hall_with_moss() -> App {
    let mut state = state_on(&["##########\n#.<qq....#\n##########"], 3);
    state.clear_monsters();
    App::scene(state)
}

#[test]
fn f_and_a_direction_set_the_moss_beside_the_player_alight_as_one_action() {
    use crate::rules::kinds::tile::Tile;
    let mut a = hall_with_moss();
    press(&mut a, &["f", "Escape"]);
    assert_eq!(last_action(&a), None, "Escape lowers the torch");
    assert_eq!(a.hint(), Some("You lower the torch."));
    press(&mut a, &["f", "l"]);
    assert_eq!(last_action(&a), Some(Action::Kindle(crate::rules::Dir::E)));
    let s = a.state().expect("run");
    assert_eq!(s.world().tile(s.player().offset(1, 0)), Tile::Fire);
}

#[test]
fn in_look_mode_enter_on_moss_beside_the_player_sets_it_alight_and_bare_floor_does_not() {
    use crate::rules::kinds::tile::Tile;
    // The gamepad's path: its stick moves the look cursor and its A sends Enter.
    let mut a = hall_with_moss();
    press(&mut a, &["x", "h", "Enter"]);
    assert_eq!(last_action(&a), None, "bare floor does not burn");
    assert!(a.look_cursor().is_some(), "still looking");
    press(&mut a, &["l", "l", "l", "Enter"]);
    assert_eq!(last_action(&a), None, "moss two cells off is out of reach");
    press(&mut a, &["h", "Enter"]);
    assert_eq!(last_action(&a), Some(Action::Kindle(crate::rules::Dir::E)));
    assert_eq!(a.look_cursor(), None, "setting fire leaves look mode");
    let s = a.state().expect("run");
    assert_eq!(s.world().tile(s.player().offset(1, 0)), Tile::Fire);
}

// ---- the card and Your days

/// The words of Your days, opened from the screen under the one on top.
fn your_days(a: &mut App) -> String {
    press(a, &["Escape", "Y"]);
    compose(a).words()
}

#[test]
fn a_daily_run_ended_gives_its_card_and_counts_in_your_days() {
    let store = SharedStore::default();
    let daily = daily_opts(77);
    let mut a = App::new(Box::new(store.clone()), daily);
    press(&mut a, &["Y"]);
    let days = compose(&a).to_string();
    assert!(days.contains("Daily runs 0, won 0"), "{days}");
    press(&mut a, &["Escape", "Enter"]);
    assert_eq!(a.card("https://caves.test/", None, ""), "", "not ended");
    press(&mut a, &["<", "<"]);
    let card = a.card("https://caves.test/", Some(4), "");
    assert!(
        card.starts_with("Caves daily 2026-11-22: lost\n🟥⬛")
            && card.contains(", rank 4\nDaily streak: 1\nhttps://caves.test/"),
        "{card}"
    );
    let days = your_days(&mut a);
    assert!(
        days.contains("Daily runs 1, won 0, best score 100. In a row: now 1, at most 1.")
            && days.contains("In words, oldest first: 1"),
        "{days}"
    );
    assert!(
        !days.contains("expert"),
        "no par, no plot against it: {days}"
    );
    // With the board's par of the day, the score against the expert's.
    a.set_pars("2026-11-21\n2026-11-22", &[900, 3329]);
    let days = your_days(&mut a);
    assert!(
        days.contains("Score against the expert (|):")
            && days.contains("Against the expert, oldest first: 11-22 100 to 3329"),
        "{days}"
    );
    // Any other run has no card.
    let mut other = App::new(Box::new(SharedStore::default()), opts(77));
    press(&mut other, &["Enter", "<", "<"]);
    assert_eq!(other.card("https://caves.test/", None, ""), "");
}

#[test]
fn every_toolbar_button_presses_a_key_the_end_screen_uses() {
    // The end screen answers every one of them: colours, glyphs, sound, share, board, help.
    for (key, label) in crate::app::keys::TOOLBAR {
        let store = SharedStore::default();
        let mut a = app(&store, 77);
        press(&mut a, &["Enter", "<", "<"]);
        assert_eq!(a.screen(), Screen::Ended);
        assert!(a.key(key), "{label} ({key}) does nothing");
    }
}

#[test]
fn on_a_touch_screen_the_end_screen_has_a_bar_that_watches_the_replay() {
    let store = SharedStore::default();
    let ended = || {
        let mut a = app(&store, 42);
        a.set_layout(Layout::for_window(390.0, 844.0, 3.0, false));
        a.set_touch(true);
        a.key("Enter");
        let (col, row) = player_cell(&a);
        // Two taps on the player at the way out leave the caves: the run ends.
        assert!(a.tap(col, row) && a.tap(col, row));
        assert_eq!(a.screen(), Screen::Ended);
        a
    };
    let mut a = ended();
    let frame = compose(&a);
    let rows: Vec<String> = frame.to_string().lines().map(str::to_string).collect();
    let bar = rows
        .iter()
        .position(|r| r.contains("Watch the replay"))
        .unwrap_or_else(|| panic!("no replay bar on the end screen:\n{frame}"));
    assert!(a.tap(2, bar as i32));
    assert_eq!(
        a.screen(),
        Screen::Replay,
        "a tap on the bar watches the run"
    );
    let mut b = ended();
    let seed = b.state().map(State::seed);
    assert!(b.tap(2, 2));
    assert_eq!(b.screen(), Screen::Play, "a tap elsewhere starts a new run");
    assert_ne!(b.state().map(State::seed), seed);
}

// ---- one try that counts

/// A page opened on the daily caves of `DAY` over `store`, served with a board.
fn board_page(store: &SharedStore) -> App {
    let mut a = daily_app(store);
    a.set_board(true);
    a
}

/// A board's page on `store` that played the day's run with `keys`, and that run's record.
fn days_run(store: &SharedStore, keys: &[&str]) -> (App, Record) {
    let mut a = board_page(store);
    press(&mut a, keys);
    let record = a.record().cloned().expect("the day's run");
    (a, record)
}

#[test]
fn the_first_daily_run_begun_is_the_days_run_and_later_ones_are_practice_everywhere() {
    let store = SharedStore::default();
    let seed = crate::record::daily_seed(DAY);
    // The day's run: begun, a turn played, and left (the tab closed).
    let mut a = board_page(&store);
    press(&mut a, &["Enter", "."]);
    let day_id = a.run().map(|r| r.id);
    assert!(
        a.daily_run(seed).is_some(),
        "the day's run goes to the board live"
    );
    drop(a);
    // A reload: the day's run to continue; a new run of the same caves is practice.
    let mut b = board_page(&store);
    let start = compose(&b).words();
    assert!(
        start.contains("Continue daily 2026-11-24, level 1")
            && start.contains("New run: practice, daily 2026-11-24 try 2"),
        "{start}"
    );
    press(&mut b, &["N"]);
    assert!(b.daily_run(seed).is_none(), "practice never goes live");
    press(&mut b, &["<", "<"]);
    let end = compose(&b).words();
    assert!(
        end.contains("Daily 2026-11-24, try 2 (practice)") && !end.contains("P post"),
        "the end screen says practice, and nothing goes to the board before the day's run:\n{end}"
    );
    assert_eq!(b.to_post(), None);
    let card = b.card("https://caves.test/", None, "");
    assert!(
        card.starts_with("Caves daily 2026-11-24, try 2 (practice): lost\n"),
        "{card}"
    );
    assert!(
        b.session().days().is_empty(),
        "practice is not one of your days"
    );
    press(&mut b, &["Escape"]);
    assert_eq!(b.found().history[0].attempt, Some(2));
    let start = compose(&b).words();
    assert!(start.contains("daily 2026-11-24 try 2"), "{start}");
    // The day's run goes on, ends later, and is the one that counts.
    press(&mut b, &["Enter"]);
    assert_eq!(b.run().map(|r| r.id), day_id, "the day's run is continued");
    press(&mut b, &[".", ".", "<", "<"]);
    let turns = b.state().map(State::turn);
    let end = compose(&b).words();
    assert!(end.contains("Daily 2026-11-24, the day's run"), "{end}");
    assert!(b
        .card("https://caves.test/", None, "")
        .starts_with("Caves daily 2026-11-24: lost\n"));
    let days = b.session().days();
    assert_eq!(
        days.iter().map(|d| Some(d.turns)).collect::<Vec<_>>(),
        [turns],
        "Your days holds the day's run, once"
    );
    press(&mut b, &["Escape"]);
    let best = Saves::high_scores(&b.found().history);
    assert_eq!(
        best.iter().map(|h| (h.seed, h.attempt)).collect::<Vec<_>>(),
        [(seed, Some(1))],
        "the best runs list the day's caves once"
    );
}

#[test]
fn the_days_run_gives_the_board_its_last_actions_after_it_has_left_the_screen() {
    let store = SharedStore::default();
    let seed = crate::record::daily_seed(DAY);
    let (mut a, record) = days_run(&store, &["Enter", ".", "<", "<"]);
    let id = a.run().map(|r| r.id).expect("its id");
    assert!(record.ended, "climbing out without the idol ends the run");
    // The player leaves its end at once, before the live sender's next batch: R watches it
    // again and Escape goes back to the start screen, which drops the run from the screen.
    press(&mut a, &["r", "Escape"]);
    assert_eq!(a.screen(), Screen::Start);
    assert!(a.run().is_none(), "the ended run has left the screen");
    let from = record.actions.len() - 2;
    assert_eq!(
        a.live_actions(seed, from),
        Some((id, record.actions[from..].to_vec())),
        "the last batch, with the action that ended the run, can still be sent"
    );
    assert_eq!(
        a.live_actions(seed ^ 1, 0),
        None,
        "not for another day's caves"
    );
    // Another page (a reload) never ended it: it opens no live run for it.
    drop(a);
    let b = board_page(&store);
    assert_eq!(b.live_actions(seed, 0), None);
}

#[test]
fn a_finished_days_run_the_board_has_not_taken_is_offered_whatever_came_between() {
    let store = SharedStore::default();
    let (mut a, record) = days_run(&store, &["Enter", "<", "<"]);
    assert_eq!(a.to_post(), Some((record.clone(), Posting::ThisRun)));
    // R watches it again, Escape leaves the replay: the start screen offers it, and P posts.
    press(&mut a, &["r", "Escape"]);
    assert_eq!(a.screen(), Screen::Start);
    let offered = Some((record.clone(), Posting::DayRunOf(DAY.into())));
    assert_eq!(a.to_post(), offered);
    let post = a.start_menu().into_iter().find(|m| m.key == "P");
    assert_eq!(
        post.map(|m| m.label),
        Some("Post daily 2026-11-24".to_string())
    );
    a.take_requests();
    press(&mut a, &["P"]);
    assert_eq!(
        (a.screen(), a.take_requests()),
        (Screen::Start, vec![Request::Post])
    );
    // A reload offers it too, the next day as well (the board takes yesterday's runs), but
    // not the day after, nor on a page without a board.
    let mut b = board_page(&store);
    assert_eq!(b.to_post(), offered);
    let later = |today: &str, board| {
        let mut c = App::new(
            Box::new(store.clone()),
            Options {
                today: today.into(),
                ..opts(5)
            },
        );
        c.set_board(board);
        c.to_post().is_some()
    };
    assert!(later("2026-11-25", true));
    assert!(!later("2026-11-26", true));
    assert!(!later("2026-11-24", false));
    // Once the board has taken it, it is offered no more, here or after a reload.
    assert!(b.posted(&record));
    assert_eq!(b.to_post(), None);
    assert_eq!(board_page(&store).to_post(), None);
    assert!(!board_page(&store).start_menu().iter().any(|m| m.key == "P"));
}

#[test]
fn a_practice_run_goes_to_the_board_only_after_the_days_run() {
    let store = SharedStore::default();
    let (_a, day) = days_run(&store, &["Enter", "<", "<"]);
    let mut b = board_page(&store);
    press(&mut b, &["N", ".", "<", "<"]);
    let practice = b.record().cloned().expect("practice");
    assert_eq!(b.to_post(), Some((day.clone(), Posting::DayRunFirst)));
    let end = compose(&b).words();
    assert!(end.contains("P post your day's run first"), "{end}");
    assert!(b.posted(&day));
    assert_eq!(b.to_post(), Some((practice, Posting::Practice)));
    let end = compose(&b).words();
    assert!(end.contains("P post as practice"), "{end}");
}

/// A small room with the player on the way out in its middle and a bugbear on every cell
/// around: they kill the player within a few turns.
fn ringed_by_bugbears() -> App {
    let mut state = state_on(&["#####\n#...#\n#.<.#\n#...#\n#####"], 3);
    state.clear_monsters();
    let me = state.player();
    for p in me.neighbours8() {
        state.put_monster(crate::rules::kinds::creature::Creature::Bugbear, p);
    }
    App::scene(state)
}

#[test]
fn a_killing_blow_past_zero_shows_zero_hit_points_and_the_rules_keep_the_number() {
    let mut a = ringed_by_bugbears();
    for _ in 0..20 {
        if a.screen() == Screen::Ended {
            break;
        }
        press(&mut a, &["."]);
    }
    let hp = a.state().map(State::hp).expect("a run");
    assert!(hp < 0, "the last blow took the player past 0: {hp}");
    // The last frame of play, as a replay's last frame shows it.
    a.screens = vec![Box::new(Play::default())];
    let screen = compose(&a).to_string();
    assert!(screen.contains("HP 0 of 30"), "{screen}");
    assert!(!screen.contains("HP -"), "{screen}");
    let said = crate::app::describe::surroundings(a.state().expect("a run"));
    assert!(said.contains(" 0 of 30 hit points."), "{said}");
}

/// The sidebar's lines, trimmed, joined by spaces: its wrapped lines read as one text.
fn sidebar_text(app: &App) -> String {
    let width = app.layout().sidebar as usize;
    let screen = compose(app).to_string();
    let lines: Vec<String> = screen
        .lines()
        .map(|l| {
            let inside: String = l.chars().take(width).skip(1).collect();
            inside
                .trim_matches(|c: char| c == ' ' || c == '│')
                .to_string()
        })
        .filter(|l| !l.is_empty())
        .collect();
    lines.join(" ")
}

#[test]
fn look_mode_the_sidebar_and_the_description_tell_a_creatures_health() {
    let mut a = hall_with_a_goblin();
    let goblin = a.state().expect("a run").player().offset(5, 0);
    for (hp, words) in [
        (None, "unhurt"),
        (Some(5), "wounded"),
        (Some(3), "badly wounded"),
        (Some(1), "almost dead"),
    ] {
        if let Some(hp) = hp {
            a.scene_state().expect("a scene").wound_monster(goblin, hp);
        }
        assert!(
            sidebar_text(&a).contains(&format!("In view goblin, hunting, {words}")),
            "the sidebar's in view list: {words}\n{}",
            compose(&a)
        );
        let said = crate::app::describe::surroundings(a.state().expect("a run"));
        assert!(
            said.contains(&format!("a goblin 5 steps east, hunting, {words}.")),
            "{said}"
        );
    }
    press(&mut a, &["x", "l", "l", "l", "l", "l"]);
    assert!(
        sidebar_text(&a).contains("Looking at goblin (hunting, almost dead)"),
        "look mode\n{}",
        compose(&a)
    );
    // A long press on it says the same aloud.
    let (col, row) = player_cell(&a);
    a.take_announcements();
    a.press(col + 5, row);
    let heard = a.take_announcements().join(" ");
    assert!(heard.contains("goblin (hunting, almost dead): "), "{heard}");
}

#[test]
fn the_sidebar_says_a_net_holds_the_player_not_a_web() {
    let mut state = state_on(&["#######\n#<.n..#\n#######"], 3);
    state.clear_monsters();
    let mut a = App::scene(state);
    press(&mut a, &["l", "l"]);
    let side = sidebar_text(&a);
    assert!(side.contains("In a net 4"), "{side}");
    press(&mut a, &["."]);
    assert!(sidebar_text(&a).contains("In a net 3"), "waiting struggles");
}

/// A corridor on one level, and a goblin in a nook of deep water beside it: it hunts the
/// player and cannot come.
fn corridor_with_a_goblin_in_a_nook() -> App {
    use crate::rules::creatures::monster::Mind;
    use crate::rules::kinds::creature::Creature;
    let mut a = levels(
        &["
            ##############################
            #<...........................#
            #............................#
            ###PPP########################
            ###P.P########################
            ##############################"],
        &[],
    );
    let s = a.scene_state().expect("a scene");
    let goblin = Point::new(4, 4, 0);
    s.put_monster(Creature::Goblin, goblin);
    s.set_mind(goblin, Mind::Hunting);
    a
}

#[test]
fn a_journey_stopped_short_goes_on_to_its_goal_with_enter() {
    let mut a = corridor_with_a_goblin_in_a_nook();
    press(&mut a, &["o"]);
    settle(&mut a, 50.0, 500);
    assert_eq!(
        a.hint(),
        Some("Travel stops: a goblin hunts you. Enter goes on.")
    );
    let stopped = me(&a);
    // The goblin is gone; Enter takes up exploring where it stopped, to the end.
    a.scene_state().expect("a scene").clear_monsters();
    press(&mut a, &["Enter"]);
    settle(&mut a, 50.0, 2000);
    let s = a.state().expect("a run");
    assert!(me(&a).x > stopped.x + 10, "{:?} {:?}", me(&a), a.hint());
    assert_eq!(crate::rules::autopilot::travel::explore_target(s), None);
    // Nothing stopped short now: Enter says so.
    press(&mut a, &["Enter"]);
    assert_eq!(a.hint(), Some("There is no journey to go on with."));

    // On a touch screen the hint asks for a tap on it, in the log, and that goes on; a tap
    // there while a journey walks only stops it.
    let mut a = corridor_with_a_goblin_in_a_nook();
    a.set_touch(true);
    press(&mut a, &["o"]);
    settle(&mut a, 50.0, 500);
    assert_eq!(
        a.hint(),
        Some("Travel stops: a goblin hunts you. Tap here to go on.")
    );
    a.scene_state().expect("a scene").clear_monsters();
    let on_log = (a.layout().sidebar + 2, a.layout().rows - 2);
    let stopped = me(&a);
    assert!(a.tap(on_log.0, on_log.1));
    assert!(a.journey().is_some(), "going on");
    assert!(me(&a).x > stopped.x);
    assert!(a.tap(on_log.0, on_log.1));
    assert!(a.journey().is_none(), "the tap stopped it");

    // On a phone's narrow log a hint of three lines (what the step showed, then why travel
    // stopped) is there whole, its last words the way to go on.
    let mut a = corridor_with_a_goblin_in_a_nook();
    a.set_layout(Layout::for_window(390.0, 844.0, 3.0, false));
    a.set_touch(true);
    press(&mut a, &["o"]);
    settle(&mut a, 50.0, 500);
    let hint = format!(
        "A goblin attacks you from the dark. {}",
        a.hint().unwrap_or_default()
    );
    a.ctx.hint = Some(hint.clone());
    let frame = compose(&a).to_string();
    let log: Vec<&str> = frame
        .lines()
        .skip((a.layout().rows - a.layout().log) as usize)
        .collect();
    let words = |t: &str| {
        t.replace('│', " ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert!(
        words(&log.join(" ")).contains(&words(&hint)),
        "{hint:?} is whole in the log:\n{}",
        log.join("\n")
    );

    // A run stopped by a key goes on too.
    let mut a = corridor();
    press(&mut a, &["L", "q"]);
    let at = me(&a);
    press(&mut a, &["Enter"]);
    settle(&mut a, 50.0, 500);
    assert!(me(&a).x > at.x, "{at:?} -> {:?}", me(&a));
}

/// The daily's loop, drawn small: the player holds the idol on stairs down in a room of
/// level 1 that only the level below joins to the way out.
fn idol_in_the_split_room() -> App {
    use crate::rules::kinds::item::Item;
    let mut a = levels(&SPLIT_ROOM, &into_the_split_room());
    let here = me(&a);
    assert_eq!(here, Point::new(9, 1, 0));
    a.scene_state().expect("a scene").put_item(Item::Idol, here);
    press(&mut a, &["g"]);
    assert!(a.state().is_some_and(State::carrying_idol));
    a
}

#[test]
fn with_the_idol_the_stairs_button_follows_the_way_out_and_never_loops() {
    let mut a = idol_in_the_split_room();
    // The nearest stairs up lead nowhere: the way out goes down these stairs, along level
    // 2 and up the others. The button used to climb straight back up from level 2.
    let mut presses = 0;
    while a.screen() == Screen::Play && presses < 6 {
        press(&mut a, &["Stairs"]);
        settle(&mut a, 50.0, 500);
        presses += 1;
    }
    assert_eq!(
        a.screen(),
        Screen::Ended,
        "{:?} at {:?}",
        a.hint(),
        a.state().map(State::player)
    );
    assert_eq!(a.state().map(State::outcome), Some(Outcome::Won));
    assert_eq!(presses, 2, "one press to the way out, one to climb out");

    // `[` goes the same way, and `<` climbs out.
    let mut a = idol_in_the_split_room();
    press(&mut a, &["["]);
    settle(&mut a, 50.0, 500);
    assert_eq!(me(&a), Point::new(1, 1, 0), "{:?}", a.hint());
}

/// Two levels: a wide first level with the stairs down in view of the way out, most of it
/// beyond the torch.
fn wide_first_level() -> App {
    let level1 = include_str!("../../tests/fixtures/wide_level.txt");
    let level2 = level1.replace('<', ".").replace('>', "<");
    levels(&[level1, &level2], &[])
}

#[test]
fn exploring_says_once_when_going_on_would_burn_the_fuel_the_run_needs() {
    let mut a = wide_first_level();
    a.scene_state().expect("a scene").set_fuel(200);
    let turn = a.state().map(State::turn);
    press(&mut a, &["o"]);
    settle(&mut a, 50.0, 500);
    let hint = a.hint().unwrap_or_default().to_string();
    assert!(
        hint.starts_with("Exploring on would burn about ")
            && hint
                .contains(" of your 200 fuel, and the way to the idol and back needs about 240.")
            && hint.ends_with("Enter explores on; ] heads on."),
        "{hint}"
    );
    assert_eq!(a.state().map(State::turn), turn, "it stopped before a step");
    // Told once: exploring on is the player's choice.
    press(&mut a, &["o"]);
    settle(&mut a, 50.0, 50);
    assert!(a.state().map(State::turn) > turn, "{:?}", a.hint());
    // Down to the reserve a few steps into a journey: the tick of the stop says the screen
    // changed, so the page shows it.
    let mut a = wide_first_level();
    a.scene_state().expect("a scene").set_fuel(245);
    press(&mut a, &["o"]);
    let mut frames = 0;
    ticks_tell_changes(&mut a, &mut frames, 500, "exploring down to the reserve");
    assert!(
        a.hint()
            .is_some_and(|h| h.starts_with("Exploring on would burn")),
        "{:?}",
        a.hint()
    );
}

#[test]
fn a_new_run_from_the_start_screen_is_the_game_its_caves_showed() {
    // The start screen makes the next run's caves to show them; the run begun there is taken
    // from them, and is the same game as one made afresh (`App::choose` makes it anew).
    for seed in [1, 7, 99] {
        let mut shown = fresh(seed);
        press(&mut shown, &["n"]);
        let mut afresh = fresh(seed);
        afresh.choose(Choice::NewRun);
        let header = shown.record().expect("a run").header.clone();
        assert_eq!(
            header,
            afresh.record().expect("a run").header,
            "seed {seed}"
        );
        let start = header.start().expect("the caves");
        assert_eq!(
            hash(&shown),
            start.hash(),
            "seed {seed}: not the state its header starts"
        );
        for keys in [["l", "l", "j", "o"], ["o", "o", ".", "k"]] {
            press(&mut shown, &keys);
            press(&mut afresh, &keys);
            assert_eq!(hash(&shown), hash(&afresh), "seed {seed}");
        }
        let (a, b) = (
            shown.record().expect("a run"),
            afresh.record().expect("a run"),
        );
        assert_eq!(a.encode(), b.encode(), "seed {seed}: the records part");
    }
}
