//! A run is never lost and never played again, whatever the page and its storage do: the start
//! menu lists runs as the store holds them when it is shown (never as they were at the page's
//! load), a run that has ended never plays on (when its end cannot be written, when the slot
//! holding it is damaged, under a store that fails or damages writes at random), and a run
//! another tab holds is neither continued nor written here. Each test played a lost run before
//! its fix.
#![cfg(not(target_arch = "wasm32"))]

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use caves::app::draw::compose;
use caves::app::screens::start::Choice;
use caves::app::{App, Options, Saving, Screen};
use caves::record::Record;
use caves::rules::{Action, Outcome, State};
use caves::save::{Saves, SharedStore, Store, StoreError};

fn opts(seed: u64) -> Options {
    Options {
        seed,
        today: "2026-11-22".into(),
        nonce: next_nonce(),
        ..Options::default()
    }
}

/// Each page its own nonce, as each browser page draws one: new run ids differ between pages.
fn next_nonce() -> u32 {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(1);
    NEXT.fetch_add(7919, Ordering::Relaxed)
}

/// A page opened on `store` whose next new run is of `seed`.
fn page(store: &SharedStore, seed: u64) -> App {
    App::new(Box::new(store.clone()), opts(seed))
}

/// Presses each key as the page does: the key, then the write that follows its frame.
fn press(app: &mut App, keys: &[&str]) {
    for k in keys {
        app.key(k);
        app.flush();
    }
}

fn waits(app: &mut App, n: usize) {
    for _ in 0..n {
        press(app, &["."]);
    }
}

fn actions(app: &App) -> usize {
    app.record().map_or(0, |r| r.actions.len())
}

/// The screen's words: without box borders, whitespace collapsed, so wrapped sentences read
/// whole.
fn said(app: &App) -> String {
    compose(app).words()
}

/// The labels of the start menu's Continue and Take over lines.
fn offers(app: &App) -> Vec<String> {
    app.start_menu()
        .into_iter()
        .filter(|m| matches!(m.choice, Choice::Continue(_) | Choice::TakeOver(_)))
        .map(|m| format!("{} {}", m.key, m.label))
        .collect()
}

/// A record that cannot be opened: cut short, and one of an older ruleset.
fn unopenable(of: &Record) -> Vec<Vec<u8>> {
    let bytes = of.encode();
    let cut = bytes[..bytes.len() / 2].to_vec();
    // The ruleset is the header's first number after the magic and format byte; an older one
    // with a checksum that matches, as an old link has.
    let mut old = bytes.clone();
    let body = old.len() - 4;
    old[5] = old[5].wrapping_sub(1);
    let crc = caves::record::crc32(&old[..body]);
    old[body..].copy_from_slice(&crc.to_le_bytes());
    assert!(
        matches!(
            Record::decode(&old),
            Err(caves::record::DecodeError::Ruleset(_))
        ),
        "{:?}",
        Record::decode(&old)
    );
    vec![cut, old]
}

// ---- 1. The start menu trusts an old scan

#[test]
fn a_link_that_cannot_be_opened_mid_run_leaves_a_menu_of_the_store_as_it_is_now() {
    for (n, how) in ["refused before the game", "cut short", "older ruleset"]
        .iter()
        .enumerate()
    {
        let store = SharedStore::default();
        let mut a = page(&store, 1);
        press(&mut a, &["Enter"]);
        waits(&mut a, 3);
        let bad = unopenable(a.record().expect("a run"));
        drop(a);
        // A new page continues the run and plays it to 33 actions.
        let mut b = page(&store, 1);
        press(&mut b, &["Enter"]);
        assert_eq!(actions(&b), 3, "{how}");
        waits(&mut b, 30);
        assert_eq!(actions(&b), 33, "{how}");
        assert_eq!(b.state().map(State::outcome), Some(Outcome::Playing));
        // Then a link that cannot be opened arrives.
        match n {
            0 => b.refuse("the link is damaged or cut short"),
            _ => assert!(!b.open_replay(&bad[n - 1])),
        }
        assert_eq!(b.screen(), Screen::Start, "{how}");
        let listed = offers(&b);
        assert!(
            listed
                .first()
                .is_some_and(|l| l.starts_with("Enter Continue") && l.ends_with("turn 33")),
            "{how}: the menu lists the run as it was at the page's load: {listed:?}"
        );
        press(&mut b, &["Enter"]);
        assert_eq!(actions(&b), 33, "{how}: Enter resumed an older save");
        press(&mut b, &["."]);
        drop(b);
        let c = page(&store, 1);
        let saved: Vec<usize> = c
            .found()
            .runs
            .iter()
            .map(|r| r.record.actions.len())
            .collect();
        assert_eq!(saved, [34], "{how}: the turns played were written over");
    }
}

#[test]
fn a_run_ended_on_this_page_is_not_played_again_after_a_link_that_cannot_be_opened() {
    for key in ["1", "2", "Enter"] {
        let store = SharedStore::default();
        let mut a = page(&store, 6);
        press(&mut a, &["Enter", "."]);
        drop(a);
        // Continued on a new page, and lost at the way out.
        let mut b = page(&store, 6);
        press(&mut b, &["Enter"]);
        let ended = b.run().map(|r| r.id).expect("a run");
        press(&mut b, &["<", "<"]);
        assert_eq!(b.screen(), Screen::Ended);
        press(&mut b, &["Enter"]);
        assert_eq!(b.state().map(State::seed), Some(7), "a new run");
        b.refuse("the link is damaged or cut short");
        let listed = offers(&b);
        assert!(
            listed.iter().all(|l| !l.contains("seed 6")),
            "the ended run is offered: {listed:?}"
        );
        press(&mut b, &[key]);
        assert_ne!(
            b.run().map(|r| r.id),
            Some(ended),
            "{key} plays the ended run again"
        );
        assert_eq!(b.screen(), Screen::Play);
        // The run of seed 7, or a new run (the page's seed is 6 still: it never began a run).
        let new_of_6 = actions(&b) == 0;
        assert!(
            b.state().map(State::seed) == Some(7) || new_of_6,
            "{key} plays seed 6 at {} actions",
            actions(&b)
        );
    }
}

#[test]
fn help_over_the_start_menu_comes_back_to_the_store_as_it_is_now() {
    let store = SharedStore::default();
    let mut a = page(&store, 4);
    press(&mut a, &["?"]);
    assert_eq!(a.screen(), Screen::Help);
    // Another tab plays a run meanwhile.
    let mut other = page(&store, 5);
    press(&mut other, &["Enter", "."]);
    press(&mut a, &["Escape"]);
    assert_eq!(a.screen(), Screen::Start);
    assert_eq!(
        offers(&a).len(),
        1,
        "the other tab's run is not listed: {:?}",
        offers(&a)
    );
}

// ---- 2. An ended run offered again

/// Walks run of `app` to the way out and leaves (or until it ends otherwise).
fn leave(app: &mut App, limit: usize) {
    for _ in 0..limit {
        let Some(state) = app.state() else { return };
        if state.outcome() != Outcome::Playing || app.screen() != Screen::Play {
            return;
        }
        let action = match caves::rules::autopilot::routes::way_out(state) {
            Some(r) if r.actions.is_empty() => Action::Ascend,
            Some(r) => r.actions[0],
            None => Action::Wait,
        };
        app.act(action);
        app.flush();
    }
}

#[test]
fn a_run_whose_end_cannot_be_written_says_so_and_never_plays_again() {
    let store = SharedStore::default();
    let mut a = page(&store, 6);
    press(&mut a, &["Enter", "."]);
    let id = a.run().map(|r| r.id).expect("a run");
    // Storage fails as the run ends.
    store.borrow_mut().broken = true;
    press(&mut a, &["<", "<"]);
    assert_eq!(a.screen(), Screen::Ended);
    let end = said(&a);
    assert!(
        end.contains("could not be saved"),
        "the end screen does not say the end is not kept: {end}"
    );
    // This page never offers it, storage or not.
    press(&mut a, &["Escape"]);
    assert!(a.found().runs.iter().all(|r| r.id != id));
    // Storage comes back while the page is open: the end is kept, and no page offers the run.
    store.borrow_mut().broken = false;
    press(&mut a, &["?", "Escape"]);
    assert!(a.found().runs.iter().all(|r| r.id != id));
    drop(a);
    let b = page(&store, 1);
    assert!(
        b.found().runs.iter().all(|r| r.id != id),
        "a reload offers the ended run: {:?}",
        offers(&b)
    );
    assert_eq!(b.found().history.first().map(|h| h.seed), Some(6));
}

#[test]
fn a_damaged_slot_holding_a_runs_end_never_brings_back_the_save_from_before_it() {
    let store = SharedStore::default();
    let mut a = page(&store, 6);
    press(&mut a, &["Enter", "."]);
    // The end fits in a slot (over the older save); its history line does not.
    let used = store.borrow().used();
    store.borrow_mut().quota = Some(used + 60);
    press(&mut a, &["<", "<"]);
    assert_eq!(a.screen(), Screen::Ended);
    drop(a);
    store.borrow_mut().quota = None;
    // The slot with the end is damaged.
    {
        let mut s = store.borrow_mut();
        let newest = s
            .map
            .iter()
            .filter(|(k, _)| k.starts_with("caves.run."))
            .max_by_key(|(_, v)| v.split('|').next().and_then(|c| c.parse::<u64>().ok()))
            .map(|(k, _)| k.clone())
            .expect("a slot");
        let v = s.map.get_mut(&newest).expect("slot");
        let at = v.len() / 2;
        v.replace_range(at..at + 1, "#");
    }
    let b = page(&store, 1);
    assert!(
        b.found().runs.is_empty(),
        "the save from before the end is offered: {:?}",
        offers(&b)
    );
    assert_eq!(b.found().kept.len(), 1, "the damaged end is kept");
}

/// A store that fails or damages what it is asked at random, as a failing disk or a storage
/// under pressure might: a write refused, a write cut short, a write damaged in one byte
/// without a word, a removal refused, a read refused.
#[derive(Default)]
struct Model {
    map: BTreeMap<String, String>,
    rng: u64,
    /// Chance of a fault per call, in percent (0: a healthy store).
    rate: u64,
}

impl Model {
    fn roll(&mut self) -> u64 {
        // xorshift64*
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        self.rng.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32
    }
    fn fault(&mut self, percent: u64) -> bool {
        percent > 0 && self.roll() % 100 < percent
    }
    /// `text` with one character changed.
    fn damage(&mut self, text: &str) -> String {
        let mut chars: Vec<char> = text.chars().collect();
        if chars.is_empty() {
            return "#".into();
        }
        let i = (self.roll() as usize) % chars.len();
        chars[i] = if chars[i] == '#' { '%' } else { '#' };
        chars.into_iter().collect()
    }
}

#[derive(Clone, Default)]
struct Faulty(Rc<RefCell<Model>>);

fn refused() -> StoreError {
    StoreError("storage refused".into())
}

impl Store for Faulty {
    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        let mut m = self.0.borrow_mut();
        let rate = m.rate / 4;
        if m.fault(rate) {
            return Err(refused());
        }
        Ok(m.map.get(key).cloned())
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), StoreError> {
        let mut m = self.0.borrow_mut();
        let rate = m.rate;
        if !m.fault(rate) {
            m.map.insert(key.into(), value.into());
            return Ok(());
        }
        match m.roll() % 5 {
            0 => {
                let cut: String = value.chars().take(value.chars().count() / 2).collect();
                m.map.insert(key.into(), cut);
                Err(refused())
            }
            1 => {
                let damaged = m.damage(value);
                m.map.insert(key.into(), damaged);
                Ok(())
            }
            _ => Err(refused()),
        }
    }
    fn remove(&mut self, key: &str) -> Result<(), StoreError> {
        let mut m = self.0.borrow_mut();
        let rate = m.rate;
        if m.fault(rate) {
            return Err(refused());
        }
        m.map.remove(key);
        Ok(())
    }
    fn keys(&self) -> Result<Vec<String>, StoreError> {
        let mut m = self.0.borrow_mut();
        let rate = m.rate / 4;
        if m.fault(rate) {
            return Err(refused());
        }
        Ok(m.map.keys().cloned().collect())
    }
}

/// What the page says on its end screen when the run's end could not be kept.
const NOT_KEPT: &str = "could not be saved";

#[test]
fn under_a_store_that_fails_at_random_an_ended_run_never_plays_again() {
    let mut offered = Vec::new();
    let mut unsaid = Vec::new();
    let mut played = Vec::new();
    let mut own = Vec::new();
    // Runs played to their end, and how many of those ends the page said it could not save.
    let (mut ended, mut told, mut closed_unsaved) = (0, 0, 0);
    for seed in 1..=200u64 {
        let store = Faulty::default();
        store.0.borrow_mut().rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let roll = |s: &Faulty| s.0.borrow_mut().roll();
        // A run is saved on a healthy store, then continued on a new page that plays it to
        // its end while the store fails a call in `rate` percent.
        let mut a = App::new(Box::new(store.clone()), opts(seed));
        press(&mut a, &["Enter", "."]);
        let id = a.run().map(|r| r.id).expect("a run");
        drop(a);
        let mut a = App::new(Box::new(store.clone()), opts(seed));
        assert_eq!(
            a.found().runs.first().map(|r| r.id),
            Some(id),
            "seed {seed}"
        );
        a.choose(Choice::Continue(0));
        assert_eq!(a.run().map(|r| r.id), Some(id), "seed {seed}");
        let rate = 10 + roll(&store) % 60;
        store.0.borrow_mut().rate = rate;
        let moves = ["h", "j", "k", "l", "y", "u", "b", "n", "."];
        for _ in 0..roll(&store) % 12 {
            let k = moves[(roll(&store) % 9) as usize];
            press(&mut a, &[k]);
        }
        leave(&mut a, 400);
        if a.screen() != Screen::Ended {
            continue;
        }
        let said = said(&a).contains(NOT_KEPT);
        ended += 1;
        told += usize::from(said);
        let end = a.record().map(Record::to_text).expect("a record");
        // The page closes at once, or goes on a while on a healthy store.
        let goes_on = roll(&store) % 2 == 0;
        if goes_on {
            store.0.borrow_mut().rate = 0;
            press(&mut a, &["Escape"]);
            if a.found().runs.iter().any(|r| r.id == id) {
                own.push(seed);
            }
            press(&mut a, &["n", ".", "."]);
        }
        drop(a);
        store.0.borrow_mut().rate = 0;
        // Sometimes a slot of the run is damaged afterwards.
        if roll(&store) % 2 == 0 {
            let mut m = store.0.borrow_mut();
            let keys: Vec<String> = m
                .map
                .keys()
                .filter(|k| k.starts_with(&format!("caves.run.{id}.")))
                .cloned()
                .collect();
            if !keys.is_empty() {
                let k = keys[(m.roll() as usize) % keys.len()].clone();
                let v = m.map[&k].clone();
                let damaged = m.damage(&v);
                m.map.insert(k, damaged);
            }
        }
        let mut b = App::new(Box::new(store.clone()), opts(1000 + seed));
        let again = b.found().runs.iter().any(|r| r.id == id);
        if again && (goes_on || !said) {
            offered.push((seed, rate, goes_on, said));
        }
        // Only a page closed while it said the end was not saved may leave it to be offered.
        closed_unsaved += usize::from(again && !goes_on && said);
        let kept = b.found().history.iter().any(|h| h.record == end)
            || b.found().ended.iter().any(|r| r.record.to_text() == end)
            || !b.found().kept.is_empty();
        if !kept && !said {
            unsaid.push((seed, rate));
        }
        // Enter never plays the ended run.
        press(&mut b, &["Enter"]);
        if (!said || goes_on) && b.run().map(|r| r.id) == Some(id) {
            played.push(seed);
        }
    }
    eprintln!(
        "of 200 seeds, {ended} played to their end ({told} ends not saved at once, said so): \
         {} offered again, {} played again by Enter, {} offered by the page itself, {} ends \
         lost without a word; {closed_unsaved} offered after their page closed saying so",
        offered.len(),
        played.len(),
        own.len(),
        unsaid.len()
    );
    assert!(ended >= 190, "too few runs reached their end: {ended}");
    assert!(
        own.is_empty(),
        "the page itself offers its ended run: seeds {own:?}"
    );
    assert!(
        played.is_empty(),
        "Enter plays the ended run again: seeds {played:?}"
    );
    assert!(
        offered.is_empty(),
        "ended runs offered to continue (seed, fault rate, page went on, end screen said so): \
         {} times: {offered:?}",
        offered.len()
    );
    assert!(
        unsaid.is_empty(),
        "ends lost without a word (seed, rate): {unsaid:?}"
    );
}

// ---- 3. Two tabs

#[test]
fn runs_are_listed_by_when_they_were_last_played_across_tabs() {
    let store = SharedStore::default();
    let mut one = page(&store, 61);
    press(&mut one, &["Enter"]);
    waits(&mut one, 15);
    let first = one.run().map(|r| r.id).expect("a run");
    let mut two = page(&store, 61);
    two.set_busy(vec![first]);
    press(&mut two, &["n"]);
    waits(&mut two, 3);
    waits(&mut one, 3);
    drop(one);
    let found = Saves::new(Box::new(store.clone())).scan().expect("scan");
    let order: Vec<usize> = found.runs.iter().map(|r| r.record.actions.len()).collect();
    assert_eq!(order, [18, 3], "the run played last comes first");
}

#[test]
fn a_run_another_tab_holds_is_neither_played_nor_written_here() {
    let store = SharedStore::default();
    let mut two = page(&store, 61);
    press(&mut two, &["Enter"]);
    waits(&mut two, 3);
    let held = two.run().map(|r| r.id).expect("a run");
    // A page that has not heard which runs other tabs hold continues it, and asks for its lock.
    let mut one = page(&store, 61);
    one.set_locking(true);
    press(&mut one, &["Enter"]);
    assert_eq!(one.run().map(|r| r.id), Some(held));
    press(&mut one, &["h", "h"]);
    // The other tab plays on meanwhile.
    waits(&mut two, 1);
    let played = two.record().cloned().expect("a record");
    // The lock is refused: this page goes back to its start menu, and wrote nothing.
    one.lock_refused(held);
    assert_eq!(one.screen(), Screen::Start);
    assert!(said(&one).contains("in another tab"), "{}", said(&one));
    drop(two);
    let found = Saves::new(Box::new(store.clone())).scan().expect("scan");
    assert_eq!(found.runs.len(), 1);
    assert_eq!(
        found.runs[0].record, played,
        "the other tab's run is as it played it"
    );
    // A new run is written at once, and plays and saves as before.
    press(&mut one, &["N"]);
    let own = one.run().map(|r| r.id).expect("a run");
    one.lock_held(own);
    waits(&mut one, 2);
    assert_eq!(one.saving(), &Saving::On);
    drop(one);
    // A resumed run is written once its lock is held, with every turn played meanwhile.
    let mut again = page(&store, 1);
    again.set_locking(true);
    let i = again
        .found()
        .runs
        .iter()
        .position(|r| r.id == held)
        .expect("listed");
    again.choose(Choice::Continue(i));
    waits(&mut again, 1);
    let saved = |store: &SharedStore| {
        let found = Saves::new(Box::new(store.clone())).scan().expect("scan");
        let run = found
            .runs
            .iter()
            .find(|r| r.id == held)
            .map(|r| r.record.actions.len());
        run
    };
    assert_eq!(saved(&store), Some(4), "written before its lock is held");
    again.lock_held(held);
    assert_eq!(saved(&store), Some(5), "not written once its lock is held");
}
