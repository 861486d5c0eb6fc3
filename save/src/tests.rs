use super::*;
use caves_rules::builder::WorldParams;
use caves_rules::record::Header;
use caves_rules::{Action, Dir};

fn record(moves: usize) -> Record {
    Record {
        header: Header::new(5, WorldParams::default(), None),
        actions: vec![Action::Move(Dir::E); moves],
        checkpoints: vec![0; moves / caves_rules::record::CHECKPOINT_EVERY],
        final_hash: moves as u64,
        ended: false,
    }
}

fn shared() -> SharedStore {
    SharedStore::default()
}

/// The saves kept in `store`, as a page opening on it.
fn saves_in(store: &SharedStore) -> Saves {
    Saves::new(Box::new(store.clone()))
}

/// A store, and the saves in it, of run `id` saved after each of `moves` moves in turn.
fn saved(id: u32, moves: &[usize]) -> (SharedStore, Saves) {
    let store = shared();
    let mut saves = saves_in(&store);
    for &n in moves {
        saves
            .write(id, &record(n), "d", (1, n as u32))
            .expect("saved");
    }
    (store, saves)
}

/// What a page opening on `store` finds there.
fn scan(store: &SharedStore) -> Found {
    saves_in(store).scan().expect("scan")
}

/// The record of the run a page opening on `store` offers to continue first.
fn first_run(store: &SharedStore) -> Option<Record> {
    scan(store).runs.first().map(|r| r.record.clone())
}

#[test]
fn writes_alternate_slots_and_the_newest_wins() {
    let store = shared();
    let mut saves = saves_in(&store);
    saves
        .write(7, &record(1), "2026-11-22", (1, 1))
        .expect("saved");
    saves
        .write(7, &record(2), "2026-11-22", (1, 2))
        .expect("saved");
    saves
        .write(7, &record(3), "2026-11-22", (2, 3))
        .expect("saved");
    let keys = store.borrow().keys().expect("keys");
    // Two slots, and the highest counter any page wrote.
    assert_eq!(keys, ["caves.run.7.0", "caves.run.7.1", "caves.top"]);
    assert_eq!(store.borrow().map["caves.top"], "3");
    let found = scan(&store);
    assert_eq!(found.runs.len(), 1);
    assert_eq!(found.runs[0].record, record(3));
    assert_eq!((found.runs[0].level, found.runs[0].turn), (2, 3));
}

#[test]
fn a_damaged_slot_is_kept_unchanged_and_the_other_slot_still_resumes() {
    let (store, _) = saved(3, &[10, 11]);
    let damaged = {
        let mut s = store.borrow_mut();
        let text = s.map.get("caves.run.3.1").expect("slot").clone();
        let broken = text.replacen('A', "B", 1).replacen("|1|11|", "|1|11|x", 1);
        s.map.insert("caves.run.3.1".into(), broken.clone());
        broken
    };
    let mut again = saves_in(&store);
    let found = again.scan().expect("scan");
    assert_eq!(found.runs[0].record, record(10), "the older slot is used");
    assert_eq!(found.kept.len(), 1);
    assert_eq!(found.kept[0].text, damaged, "kept byte for byte");
    assert_eq!(
        store.borrow().map.get(&found.kept[0].key),
        Some(&damaged),
        "moved to its own key"
    );
    // Writing goes on, and never over the kept text.
    again.write(3, &record(12), "d", (1, 12)).expect("saved");
    again.write(3, &record(13), "d", (1, 13)).expect("saved");
    assert!(store.borrow().map.values().any(|v| v == &damaged));
    let found = scan(&store);
    assert_eq!(found.runs[0].record, record(13));
    assert_eq!(found.kept.len(), 1);
}

#[test]
fn a_slot_damaged_while_playing_is_never_written_over() {
    let (store, mut saves) = saved(4, &[1, 2]);
    // Something else spoils the slot the next save would use (the older one, slot 0).
    let damaged = "not a save".to_string();
    store
        .borrow_mut()
        .map
        .insert("caves.run.4.0".into(), damaged.clone());
    saves.write(4, &record(3), "d", (1, 3)).expect("saved");
    assert_eq!(store.borrow().map.get("caves.run.4.0"), Some(&damaged));
    let first = first_run(&store);
    assert_eq!(first, Some(record(3)), "the save went to the other slot");
}

#[test]
fn full_storage_refuses_but_keeps_the_last_good_save() {
    let (store, mut saves) = saved(1, &[4]);
    store.borrow_mut().full = true;
    assert!(saves.write(1, &record(5), "d", (1, 5)).is_err());
    store.borrow_mut().full = false;
    let found = saves_in(&store).scan().expect("scan");
    assert_eq!(found.runs[0].record, record(4));
    store.borrow_mut().broken = true;
    assert!(Saves::new(Box::new(store)).scan().is_err());
}

#[test]
fn ended_runs_move_to_a_capped_history_newest_first() {
    let store = shared();
    let mut saves = saves_in(&store);
    for i in 0..(HISTORY_LEN as u32 + 3) {
        saves.write(i + 1, &record(1), "d", (1, 1)).expect("saved");
        let entry = HistoryEntry {
            date: "2026-11-22".into(),
            seed: u64::from(i),
            outcome: "lost".into(),
            attempt: None,
            turns: i,
            depth: 2,
            score: (i == 1).then_some(900),
            record: record(1).to_text(),
        };
        saves.finish(i + 1, entry).expect("finished");
    }
    let found = saves.scan().expect("scan");
    assert!(
        found.runs.is_empty(),
        "ended runs are not offered to continue"
    );
    assert_eq!(found.history.len(), HISTORY_LEN);
    assert_eq!(found.history[0].seed, u64::from(HISTORY_LEN as u32 + 2));
    assert_eq!(found.history[0].decode(), Some(record(1)));
    assert_eq!(
        found.history.last().map(|h| (h.seed, h.score)),
        Some((1, Some(900))),
        "the best run outlives older ones"
    );
    assert_eq!(Saves::high_scores(&found.history).len(), 1);
}

fn ended(seed: u64) -> HistoryEntry {
    HistoryEntry {
        date: "2026-11-22".into(),
        seed,
        outcome: "lost".into(),
        attempt: None,
        turns: 3,
        depth: 1,
        score: Some(10),
        record: record(1).to_text(),
    }
}

#[test]
fn a_damaged_line_of_the_history_is_kept_like_other_damaged_text() {
    let store = shared();
    let mut saves = saves_in(&store);
    saves.finish(1, ended(1)).expect("finished");
    let damaged = "2026-11-2\u{fffd}\t2\tlost\tthree\t1\tQ0FWRQ".to_string();
    {
        let mut s = store.borrow_mut();
        let history = s.map.get("caves.history").expect("history").clone();
        s.map
            .insert("caves.history".into(), format!("{damaged}\n{history}"));
    }
    // Many more runs end before the page scans again: the damaged line outlives them all.
    for i in 0..(HISTORY_LEN as u32 + 5) {
        saves
            .finish(i + 2, ended(u64::from(i) + 2))
            .expect("finished");
    }
    let found = saves_in(&store).scan().expect("scan");
    assert_eq!(found.history.len(), HISTORY_LEN);
    assert_eq!(found.kept.len(), 1, "{:?}", found.kept);
    assert_eq!(found.kept[0].text, damaged, "kept byte for byte");
    assert!(found.kept[0].reason.contains("history"));
    let s = store.borrow();
    assert_eq!(s.map.get(&found.kept[0].key), Some(&damaged));
    assert!(
        !s.map["caves.history"].contains(&damaged),
        "and it left the history"
    );
    drop(s);
    // Scanning again finds it kept, once.
    let again = scan(&store);
    assert_eq!(again.kept, found.kept);
    assert_eq!(again.history, found.history);
}

#[test]
fn a_counter_damaged_upward_is_noticed_and_the_newest_save_still_wins() {
    let store = shared();
    let mut saves = saves_in(&store);
    for n in 1..=3 {
        saves
            .write(2, &record(n), "d", (1, n as u32))
            .expect("saved");
    }
    // Slot 1 holds the second save, counter 2; damage makes it look like the newest.
    let damaged = {
        let mut s = store.borrow_mut();
        let text = s.map["caves.run.2.1"].clone();
        assert!(text.starts_with("2|"), "{text}");
        let damaged = text.replacen("2|", "9|", 1);
        s.map.insert("caves.run.2.1".into(), damaged.clone());
        damaged
    };
    let found = scan(&store);
    assert_eq!(found.runs[0].record, record(3), "the newest save wins");
    assert_eq!(found.kept.len(), 1);
    assert_eq!(found.kept[0].text, damaged);
}

#[test]
fn the_largest_counter_does_not_overflow_and_saves_go_on() {
    let store = shared();
    let top = slot_text(u64::MAX, "d", (1, 1), &record(1));
    store.borrow_mut().map.insert("caves.run.8.0".into(), top);
    let mut saves = saves_in(&store);
    assert_eq!(saves.scan().expect("scan").runs[0].counter, u64::MAX);
    for n in 2..=4 {
        saves
            .write(8, &record(n), "d", (1, n as u32))
            .expect("saved");
    }
    assert_eq!(scan(&store).runs.len(), 1);
    let first = first_run(&store);
    assert_eq!(first, Some(record(4)), "the newest save still wins");
}

#[test]
fn a_slot_without_its_checksum_is_kept_not_played() {
    let store = shared();
    // The form slots had before their checksum (counter|date|level|turn|record).
    let old = format!("900|2026-11-20|1|5|{}", record(5).to_text());
    store
        .borrow_mut()
        .map
        .insert("caves.run.4.1".into(), old.clone());
    let found = saves_in(&store).scan().expect("scan");
    assert!(found.runs.is_empty(), "not offered to play");
    assert_eq!(found.kept.len(), 1, "kept, unchanged, under a kept key");
    assert!(store.borrow().map.values().any(|v| *v == old));
}

fn ended_record(moves: usize) -> Record {
    Record {
        ended: true,
        ..record(moves)
    }
}

#[test]
fn a_run_marked_ended_is_never_offered_and_its_mark_goes_with_its_slots() {
    let (store, _) = saved(5, &[1, 2]);
    // The run ended on a page whose store took only the mark: its end, its history line and
    // the freeing of its slots were refused.
    store
        .borrow_mut()
        .map
        .insert("caves.ended.5".into(), "2026-11-22".into());
    // A scan never offers the run, frees its slots from before the end and then its mark.
    let found = saves_in(&store).scan().expect("scan");
    assert!(found.runs.is_empty(), "{:?}", found.runs);
    let again = saves_in(&store).scan().expect("scan");
    assert!(again.runs.is_empty() && again.closed.is_empty());
    let keys = store.borrow().keys().expect("keys");
    assert!(
        keys.iter()
            .all(|k| !k.starts_with("caves.run.5.") && !k.starts_with("caves.ended.")),
        "{keys:?}"
    );
}

#[test]
fn ending_frees_the_slots_from_before_the_end_when_the_history_is_full() {
    let (store, mut saves) = saved(6, &[1, 2]);
    // The end fits in a slot and the mark beside it, the history line does not.
    let slot = slot_text(9, "d", (1, 3), &ended_record(3)).len();
    let used = store.borrow().used();
    store.borrow_mut().quota = Some(used + slot + 40);
    let entry = HistoryEntry {
        record: ended_record(3).to_text(),
        ..ended(6)
    };
    let waiting = saves.end(6, &ended_record(3), "d", (1, 3), &entry);
    assert!(matches!(waiting, Err(Unfiled::Waiting(_))), "{waiting:?}");
    let slots: Vec<String> = store
        .borrow()
        .map
        .iter()
        .filter(|(k, _)| k.starts_with("caves.run.6."))
        .map(|(_, v)| v.clone())
        .collect();
    assert_eq!(slots.len(), 1, "only the end is left: {slots:?}");
    // Damage to it later brings nothing back to continue.
    let damaged = slots[0].replacen('|', "#", 1);
    let key = store
        .borrow()
        .map
        .iter()
        .find(|(k, _)| k.starts_with("caves.run.6."))
        .map(|(k, _)| k.clone())
        .expect("the slot");
    store.borrow_mut().map.insert(key, damaged);
    store.borrow_mut().quota = None;
    let found = scan(&store);
    assert!(found.runs.is_empty() && found.ended.is_empty());
    assert_eq!(found.kept.len(), 1, "the damaged end is kept");
}

#[test]
fn runs_of_two_pages_sort_by_when_they_were_last_played() {
    let store = shared();
    let mut one = saves_in(&store);
    let mut two = saves_in(&store);
    for n in 1..=10 {
        one.write(1, &record(n), "d", (1, n as u32)).expect("saved");
    }
    two.scan().expect("scan");
    two.write(2, &record(1), "d", (1, 1)).expect("saved");
    one.write(1, &record(11), "d", (1, 11)).expect("saved");
    let found = scan(&store);
    let ids: Vec<u32> = found.runs.iter().map(|r| r.id).collect();
    assert_eq!(ids, [1, 2], "the run played last comes first");
}

#[test]
fn the_days_keep_the_first_run_of_each_day_in_order_and_only_the_latest() {
    let store = shared();
    let mut saves = saves_in(&store);
    let day = |date: &str, seed| HistoryEntry {
        date: date.into(),
        record: String::new(),
        ..ended(seed)
    };
    assert!(saves.days().is_empty());
    saves.add_day(day("2026-11-22", 1));
    saves.add_day(day("2026-11-20", 2));
    // The first run of a day stays.
    saves.add_day(day("2026-11-22", 3));
    let seeds: Vec<u64> = saves.days().iter().map(|d| d.seed).collect();
    assert_eq!(seeds, [2, 1]);
    // A damaged line is skipped, the others still read.
    let text = store.borrow().map[DAYS_KEY].clone();
    store
        .borrow_mut()
        .map
        .insert(DAYS_KEY.into(), format!("garbage\n{text}"));
    assert_eq!(saves.days().len(), 2);
    for n in 0..70u64 {
        saves.add_day(day(&format!("2027-{:02}-{:02}", 1 + n / 28, 1 + n % 28), n));
    }
    let days = saves.days();
    assert_eq!(days.len(), DAYS_LEN);
    assert_eq!(days[0].date, "2027-01-11");
    assert_eq!(days[DAYS_LEN - 1].date, "2027-03-14");
    assert!(days.windows(2).all(|w| w[0].date < w[1].date));
}

/// A history line of a run of `seed` scoring `score`: a daily run of `daily`'s caves (its
/// try `attempt` when it was counted) or another run.
fn scored(seed: u64, score: u32, daily: Option<&str>, attempt: Option<u32>) -> HistoryEntry {
    let record = Record {
        header: Header::new(seed, WorldParams::default(), daily.map(str::to_string)),
        ..record(1)
    };
    HistoryEntry {
        score: Some(score),
        attempt,
        record: record.to_text(),
        ..ended(seed)
    }
}

#[test]
fn the_best_runs_list_a_days_caves_once_and_never_a_practice_run() {
    // Newest first, as the history keeps them.
    let history = [
        // Today: the day's run ended after its practice, which scored more.
        scored(70, 900, Some("2026-11-28"), Some(1)),
        scored(70, 2500, Some("2026-11-28"), Some(2)),
        // A day from before tries were counted, played twice: the run that ended first
        // counts, as Your days counted it.
        scored(60, 1620, Some("2026-11-27"), None),
        scored(60, 400, Some("2026-11-27"), None),
        // Two runs of one seed that are not dailies both count.
        scored(5, 300, None, None),
        scored(5, 200, None, None),
    ];
    let best: Vec<(u64, Option<u32>)> = Saves::high_scores(&history)
        .iter()
        .map(|h| (h.seed, h.score))
        .collect();
    assert_eq!(
        best,
        [
            (70, Some(900)),
            (60, Some(400)),
            (5, Some(300)),
            (5, Some(200))
        ]
    );
}
