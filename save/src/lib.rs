//! Saved runs in a key-value store, written after every turn without ever losing one:
//!
//! - each unfinished run has two slots, `caves.run.<id>.0` and `.1`, written alternately; a
//!   slot holds `counter|date|level|turn|record|crc`, and the valid slot with the higher
//!   counter wins, so a write cut short leaves the other slot intact; the CRC-32 of all before
//!   it makes a damaged counter show as damage (slots written before it was added are read
//!   as they are);
//! - a slot that cannot be read (damaged, or from other rules) is never overwritten or
//!   deleted: it is moved, unchanged, to `caves.kept.<n>` and reported;
//! - ended runs go to a short history under `caves.history`, with their records (a line of
//!   it that cannot be read is moved to a kept key too); a run whose ended record is in a slot
//!   is never offered to continue, even when its history line could not be written (it is
//!   filed into the history by a later scan, when there is room);
//! - a run that ends is first marked ended (`caves.ended.<id>`, any text): a scan never offers
//!   a marked run, whatever its slots hold, and frees its slots from before the end. Ending
//!   also frees those slots itself, so a run stays ended when either write is refused, and a
//!   damaged slot holding the end never brings back the save from before it (`finish` says
//!   when the store took neither);
//! - `caves.top` holds the highest counter written by any page, so runs of two tabs sort by
//!   when they were last played;
//! - `caves.tries` holds the daily runs begun of each day's caves, in order (`tries`): the
//!   first is the day's run, and its end waits there until the board takes it.

mod history;
mod number;
mod store;
pub mod tries;

pub use history::HistoryEntry;
pub use store::{MemoryStore, SharedStore, Store, StoreError};
pub use tries::{DayRun, Tries};

use caves_rules::record::{DecodeError, Record};
use number::number;

const RUN_PREFIX: &str = "caves.run.";
const KEPT_PREFIX: &str = "caves.kept.";
const HISTORY_KEY: &str = "caves.history";
const ENDED_PREFIX: &str = "caves.ended.";
const TOP_KEY: &str = "caves.top";
/// The days' daily runs (`Saves::add_day`), kept apart from the history.
const DAYS_KEY: &str = "caves.days";
/// The tries of each day's caves (`Saves::tries`).
const TRIES_KEY: &str = "caves.tries";
/// At most this many days are kept: two months of dailies.
pub const DAYS_LEN: usize = 60;
/// At most this many ended runs are kept in the history, besides the best runs.
pub const HISTORY_LEN: usize = 20;
/// The best-scoring runs are kept in the history however old they are.
pub const HIGH_SCORES: usize = 5;
/// Why a kept line of the history was kept.
const HISTORY_DAMAGED: &str = "it is a line of the history that cannot be read";

/// An unfinished run found in the store.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedRun {
    pub id: u32,
    pub record: Record,
    /// Increases with every write: the most recently played run has the highest.
    pub counter: u64,
    /// The day it was last saved (YYYY-MM-DD).
    pub date: String,
    /// Where the run stands, as saved beside the record (shown without replaying it).
    pub level: i32,
    pub turn: u32,
}

/// Saved text that could not be read, kept under its own key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    pub key: String,
    pub text: String,
    pub reason: String,
}

/// What the store holds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Found {
    /// Unfinished runs, most recently played first.
    pub runs: Vec<SavedRun>,
    /// Ended runs still in their slots: their history line did not fit when they ended. They
    /// are never offered to continue; the app files them into the history.
    pub ended: Vec<SavedRun>,
    pub kept: Vec<Kept>,
    /// Ended runs, newest first.
    pub history: Vec<HistoryEntry>,
    /// Runs marked ended whose slots are not all freed yet: never offered, their ids not
    /// used again.
    pub closed: Vec<u32>,
}

/// What the two slots of a run hold (`Saves::held`).
#[derive(Default)]
struct Held {
    /// A slot holds something, or cannot be read.
    any: bool,
    /// A slot holds the run from before its end, or cannot be read: a scan could offer it.
    open: bool,
    /// A slot holds the run's end.
    end: bool,
}

/// Why a run's end is not in the history yet (`Saves::finish`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unfiled {
    /// The end waits in its slot for room in the history. The run is never offered to
    /// continue; a later scan files it.
    Waiting(StoreError),
    /// The store refused: the end is kept nowhere, or a later scan could still offer the run
    /// from before its end. Ask again (`finish`, `end`) while the page is open.
    Refused(StoreError),
}

impl std::fmt::Display for Unfiled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unfiled::Waiting(e) | Unfiled::Refused(e) => e.fmt(f),
        }
    }
}

/// The saves of one page.
pub struct Saves {
    store: Box<dyn Store>,
    /// The slot (0 or 1) last written or found newest, per run: (run id, slot).
    last_slot: Vec<(u32, u64)>,
    /// The run this page last saved and the text it wrote to each of its two slots: a slot
    /// that still holds it is known to read, so saving after a turn need not decode it again.
    written: (u32, [String; 2]),
    /// Highest counter of any run: new writes go above it, so the newest run sorts first.
    top: u64,
}

fn slot_key(id: u32, slot: u64) -> String {
    format!("{RUN_PREFIX}{id}.{slot}")
}

fn ended_key(id: u32) -> String {
    format!("{ENDED_PREFIX}{id}")
}

/// Keeps the first refusal of the store in `first`; true when `result` is a success.
fn note(first: &mut Option<StoreError>, result: Result<(), StoreError>) -> bool {
    match result {
        Ok(()) => true,
        Err(e) => {
            first.get_or_insert(e);
            false
        }
    }
}

/// What a slot holds.
struct Slot {
    counter: u64,
    date: String,
    level: i32,
    turn: u32,
    record: Record,
}

impl Slot {
    /// Which of two readable slots of one run is the one to use (the higher): a slot with the
    /// run's end, then the higher counter, then the longer record (a run's record only grows).
    fn rank(&self) -> (bool, u64, usize) {
        (self.record.ended, self.counter, self.record.actions.len())
    }
}

/// The slot text: `counter|date|level|turn|record|crc`, the last field the CRC-32 of all
/// before its bar, in eight hex digits.
fn slot_text(counter: u64, date: &str, (level, turn): (i32, u32), record: &Record) -> String {
    let date = date.replace('|', "-");
    let body = format!("{counter}|{date}|{level}|{turn}|{}", record.to_text());
    let crc = caves_rules::record::crc32(body.as_bytes());
    format!("{body}|{crc:08x}")
}

/// Reads a slot: `counter|date|level|turn|record|crc`. (Slots written before the checksum
/// hold records of an older ruleset, which no longer replay: they are kept as unreadable.)
fn parse_slot(text: &str) -> Result<Slot, DecodeError> {
    if text.matches('|').count() != 5 {
        return Err(DecodeError::NotARecord);
    }
    let (body, crc) = text.rsplit_once('|').ok_or(DecodeError::Truncated)?;
    let hex = crc.len() == 8 && crc.bytes().all(|b| b.is_ascii_hexdigit());
    let crc = u64::from_str_radix(crc, 16).ok().filter(|_| hex);
    if crc != Some(u64::from(caves_rules::record::crc32(body.as_bytes()))) {
        return Err(DecodeError::Damaged);
    }
    let mut parts = body.splitn(5, '|');
    let counter = parts
        .next()
        .and_then(number)
        .ok_or(DecodeError::NotARecord)?;
    let date = parts.next().ok_or(DecodeError::Truncated)?.to_string();
    let level = parts
        .next()
        .and_then(number)
        .ok_or(DecodeError::Truncated)?;
    let turn = parts
        .next()
        .and_then(number)
        .ok_or(DecodeError::Truncated)?;
    let record = Record::from_text(parts.next().ok_or(DecodeError::Truncated)?)?;
    Ok(Slot {
        counter,
        date,
        level,
        turn,
        record,
    })
}

impl Saves {
    pub fn new(store: Box<dyn Store>) -> Saves {
        Saves {
            store,
            last_slot: Vec::new(),
            written: (0, [String::new(), String::new()]),
            top: 0,
        }
    }

    fn set_last_slot(&mut self, id: u32, slot: Option<u64>) {
        self.last_slot.retain(|(r, _)| *r != id);
        if let Some(s) = slot {
            self.last_slot.push((id, s));
        }
    }

    /// Reads everything saved. Slots that cannot be read are moved to kept keys (when the
    /// store allows; otherwise they stay where they are, untouched, and are still reported).
    pub fn scan(&mut self) -> Result<Found, StoreError> {
        let keys = self.store.keys()?;
        let mut found = Found::default();
        // Each run's slot to use, and its rank.
        let mut best: Vec<(SavedRun, (bool, u64, usize))> = Vec::new();
        for key in &keys {
            if let Some(rest) = key.strip_prefix(RUN_PREFIX) {
                let mut parts = rest.split('.');
                let id = parts.next().and_then(number::<u32>);
                let slot = parts.next().and_then(number::<u64>);
                let (Some(id), Some(slot @ 0..=1)) = (id, slot) else {
                    continue;
                };
                let Some(text) = self.store.get(key)? else {
                    continue;
                };
                match parse_slot(&text) {
                    Ok(s) => {
                        self.top = self.top.max(s.counter);
                        let older = best.iter().position(|(b, _)| b.id == id);
                        let rank = s.rank();
                        if older.is_none_or(|i| best[i].1 < rank) {
                            self.set_last_slot(id, Some(slot));
                            let run = SavedRun {
                                id,
                                record: s.record,
                                counter: s.counter,
                                date: s.date,
                                level: s.level,
                                turn: s.turn,
                            };
                            match older {
                                Some(i) => best[i] = (run, rank),
                                None => best.push((run, rank)),
                            }
                        }
                    }
                    Err(e) => found.kept.push(self.keep(key, text, &e.to_string())),
                }
            }
        }
        let mut damaged = self.keep_damaged_history()?;
        found.kept.append(&mut damaged);
        for key in keys.iter().filter(|k| k.starts_with(KEPT_PREFIX)) {
            if found.kept.iter().any(|k| &k.key == key) {
                continue;
            }
            if let Some(text) = self.store.get(key)? {
                let reason = match parse_slot(&text) {
                    Ok(_) => "it could not be resumed".to_string(),
                    Err(_) if text.contains('\t') => HISTORY_DAMAGED.to_string(),
                    Err(e) => e.to_string(),
                };
                found.kept.push(Kept {
                    key: key.clone(),
                    text,
                    reason,
                });
            }
        }
        // Runs marked ended are never offered to continue, whatever their slots hold.
        let mut marked: Vec<u32> = Vec::new();
        for k in &keys {
            if let Some(id) = k.strip_prefix(ENDED_PREFIX).and_then(number) {
                marked.push(id);
            }
        }
        // Most recently played first (a handful of runs: a selection sort is plenty).
        while !best.is_empty() {
            let newest = (0..best.len())
                .max_by_key(|&i| best[i].0.counter)
                .unwrap_or(0);
            let (run, _) = best.swap_remove(newest);
            if run.record.ended {
                found.ended.push(run);
            } else if marked.contains(&run.id) {
                // Saved before its end, which went to the history or was lost: never played.
                self.free_before_end(run.id, &mut None);
                self.set_last_slot(run.id, None);
            } else {
                found.runs.push(run);
            }
        }
        // A mark stays while its run has slots.
        for id in marked {
            if !self.held(id).any {
                let _ = self.store.remove(&ended_key(id));
            } else {
                found.closed.push(id);
            }
        }
        found.history = self.history()?;
        Ok(found)
    }

    /// What the slots of run `id` hold, as read back from the store.
    fn held(&self, id: u32) -> Held {
        let mut held = Held::default();
        for slot in 0..2 {
            match self.store.get(&slot_key(id, slot)) {
                Ok(None) => {}
                Ok(Some(text)) => {
                    held.any = true;
                    match parse_slot(&text) {
                        Ok(s) if s.record.ended => held.end = true,
                        Ok(_) => held.open = true,
                        Err(_) => {}
                    }
                }
                Err(_) => {
                    held.any = true;
                    held.open = true;
                }
            }
        }
        held
    }

    /// Removes the slots of run `id` that hold it from before its end. Refusals go to
    /// `refused`.
    fn free_before_end(&mut self, id: u32, refused: &mut Option<StoreError>) {
        for slot in 0..2 {
            let key = slot_key(id, slot);
            let before_end = match self.store.get(&key) {
                Ok(text) => text.is_some_and(|t| parse_slot(&t).is_ok_and(|s| !s.record.ended)),
                Err(e) => !note(refused, Err(e)),
            };
            if before_end {
                note(refused, self.store.remove(&key));
            }
        }
    }

    /// Whether the history holds `entry`, as read back from the store.
    fn history_has(&self, entry: &HistoryEntry) -> bool {
        let line = entry.to_line();
        self.lines(HISTORY_KEY)
            .is_ok_and(|lines| lines.contains(&line))
    }

    /// Moves unreadable text at `key` to a kept key of its own, unchanged.
    fn keep(&mut self, key: &str, text: String, reason: &str) -> Kept {
        let moved = self
            .store_kept(&text)
            .filter(|_| self.store.remove(key).is_ok());
        Kept {
            key: moved.map_or_else(|| key.to_string(), |(k, _)| k),
            text,
            reason: reason.to_string(),
        }
    }

    /// Stores `text` under a kept key of its own, or finds the kept key that holds it already
    /// (a move cut short before): the key, and whether it is new; `None` when the store
    /// refuses.
    fn store_kept(&mut self, text: &str) -> Option<(String, bool)> {
        let mut n = 0u32;
        loop {
            let k = format!("{KEPT_PREFIX}{n}");
            match self.store.get(&k) {
                Ok(None) => return self.store.set(&k, text).is_ok().then_some((k, true)),
                Ok(Some(t)) if t == text => return Some((k, false)),
                Ok(Some(_)) => n += 1,
                Err(_) => return None,
            }
        }
    }

    /// Moves the lines of the history that cannot be read to kept keys of their own,
    /// unchanged, like other damaged text, and writes the history back without them. A line
    /// leaves the history only once it is kept. Returns what was newly kept.
    fn keep_damaged_history(&mut self) -> Result<Vec<Kept>, StoreError> {
        let lines = self.lines(HISTORY_KEY)?;
        if lines.iter().all(|l| HistoryEntry::from_line(l).is_some()) {
            return Ok(Vec::new());
        }
        let mut kept = Vec::new();
        let mut left = Vec::new();
        for line in lines {
            if HistoryEntry::from_line(&line).is_some() {
                left.push(line);
                continue;
            }
            match self.store_kept(&line) {
                Some((key, new)) => {
                    if new {
                        kept.push(Kept {
                            key,
                            text: line,
                            reason: HISTORY_DAMAGED.into(),
                        });
                    }
                }
                None => left.push(line),
            }
        }
        // When the history cannot be written back, its damaged lines stay there too; the next
        // scan finds them kept already.
        let _ = self.store.set(HISTORY_KEY, &left.join("\n"));
        Ok(kept)
    }

    /// Moves a run that decodes but does not resume (its replay diverges) to a kept key.
    pub fn keep_run(&mut self, id: u32, reason: &str) -> Vec<Kept> {
        let mut kept = Vec::new();
        for slot in 0..2 {
            let key = slot_key(id, slot);
            if let Ok(Some(text)) = self.store.get(&key) {
                kept.push(self.keep(&key, text, reason));
            }
        }
        self.set_last_slot(id, None);
        kept
    }

    /// Saves the run `id` into its older slot, with where it stands (`level` from 1, `turn`).
    pub fn write(
        &mut self,
        id: u32,
        record: &Record,
        date: &str,
        (level, turn): (i32, u32),
    ) -> Result<(), StoreError> {
        // Above every counter written, by this page or another (`caves.top`), so the run
        // played last sorts first. Saturating: a counter cannot overflow (slots of one run then
        // go by their records).
        let shared = self.store.get(TOP_KEY).ok().flatten();
        let shared = shared.and_then(|t| number::<u64>(t.trim()));
        let counter = self.top.max(shared.unwrap_or(0)).saturating_add(1);
        let mut slot = self
            .last_slot
            .iter()
            .find(|(r, _)| *r == id)
            .map_or(0, |(_, s)| 1 - s);
        // A slot holding text we could not read is never overwritten: use the other one.
        if !self.slot_reads(id, slot)? {
            slot = 1 - slot;
            if !self.slot_reads(id, slot)? {
                return Err(StoreError("both save slots hold unreadable data".into()));
            }
        }
        let text = slot_text(counter, date, (level, turn), record);
        self.store.set(&slot_key(id, slot), &text)?;
        self.top = counter;
        // Only the order of runs of different tabs suffers when this is refused.
        let _ = self.store.set(TOP_KEY, &format!("{counter}"));
        self.set_last_slot(id, Some(slot));
        if self.written.0 != id {
            self.written = (id, [String::new(), String::new()]);
        }
        self.written.1[slot as usize] = text;
        Ok(())
    }

    /// Whether slot `slot` of run `id` is empty or holds a save that reads.
    fn slot_reads(&self, id: u32, slot: u64) -> Result<bool, StoreError> {
        let Some(text) = self.store.get(&slot_key(id, slot))? else {
            return Ok(true);
        };
        let ours =
            !text.is_empty() && self.written.0 == id && self.written.1[slot as usize] == text;
        Ok(ours || parse_slot(&text).is_ok())
    }

    /// Ends the run `id`, whose ended record is `record` (saved at `date`, `at` level and turn
    /// as `write` takes them) and whose history line is `entry`: keeps the end in a slot, marks
    /// the run ended, files it in the history and frees its slots (`finish`). Safe to ask again
    /// after a refusal, as often as needed: nothing is written twice.
    pub fn end(
        &mut self,
        id: u32,
        record: &Record,
        date: &str,
        at: (i32, u32),
        entry: &HistoryEntry,
    ) -> Result<(), Unfiled> {
        let mut refused = None;
        if !self.history_has(entry) && !self.held(id).end {
            note(&mut refused, self.write(id, record, date, at));
        }
        note(&mut refused, self.store.set(&ended_key(id), &entry.date));
        self.file(id, entry, refused)
    }

    /// Ends the run `id`, whose end (if saved) is in its slots: marks it ended, adds `entry` to
    /// the history and frees its slots. When the history cannot be written, a slot holding the
    /// run's ended record stays (a later scan reports it as ended, never as a run to continue:
    /// `Unfiled::Waiting`); slots holding the run from before its end are freed, as they would
    /// offer to play the ended run on, and the history is tried again in the room they leave.
    /// `Unfiled::Refused` when the store took neither the end nor the freeing: a later scan
    /// might offer the run from before its end.
    pub fn finish(&mut self, id: u32, entry: HistoryEntry) -> Result<(), Unfiled> {
        let mut refused = None;
        note(&mut refused, self.store.set(&ended_key(id), &entry.date));
        self.file(id, &entry, refused)
    }

    /// Files the ended run `id` in the history and frees its slots; then reads back what the
    /// store holds: whether the end is kept (in the history or a slot), and whether the run is
    /// safe from being offered again (marked ended, or no slot from before its end).
    fn file(
        &mut self,
        id: u32,
        entry: &HistoryEntry,
        mut refused: Option<StoreError>,
    ) -> Result<(), Unfiled> {
        let mut filed = self.history_has(entry)
            || (note(&mut refused, self.add_to_history(entry)) && self.history_has(entry));
        if !filed {
            self.free_before_end(id, &mut refused);
            if !self.held(id).end {
                note(&mut refused, self.add_to_history(entry));
                filed = self.history_has(entry);
            }
        }
        if filed {
            for slot in 0..2 {
                let key = slot_key(id, slot);
                if let Ok(Some(text)) = self.store.get(&key) {
                    if parse_slot(&text).is_ok() {
                        note(&mut refused, self.store.remove(&key));
                    }
                }
            }
            self.set_last_slot(id, None);
            if self.written.0 == id {
                self.written.1 = [String::new(), String::new()];
            }
        }
        let held = self.held(id);
        let marked = matches!(self.store.get(&ended_key(id)), Ok(Some(_)));
        if filed && !held.any {
            let _ = self.store.remove(&ended_key(id));
        }
        let safe = marked || !held.open;
        let kept = filed || held.end;
        let why = || {
            refused
                .clone()
                .unwrap_or_else(|| StoreError("storage did not keep what was written".into()))
        };
        match (safe && kept, filed) {
            (true, true) => Ok(()),
            (true, false) => Err(Unfiled::Waiting(why())),
            (false, _) => Err(Unfiled::Refused(why())),
        }
    }

    /// Puts `entry` first in the history.
    fn add_to_history(&mut self, entry: &HistoryEntry) -> Result<(), StoreError> {
        let mut lines = self.lines(HISTORY_KEY)?;
        lines.insert(0, entry.to_line());
        let best = best_lines(&lines);
        // The oldest lines go first, but never one of the best runs, nor a damaged line (it
        // waits for a scan to keep it) that would not count anyway.
        let readable = |l: &String| HistoryEntry::from_line(l).is_some();
        let mut count = lines.iter().filter(|l| readable(l)).count();
        let mut i = lines.len();
        while count > HISTORY_LEN && i > 0 {
            i -= 1;
            if readable(&lines[i]) && !best.contains(&lines[i]) {
                lines.remove(i);
                count -= 1;
            }
        }
        self.store.set(HISTORY_KEY, &lines.join("\n"))
    }

    /// Frees the slots of run `id` (its record lives on elsewhere, e.g. in the history).
    pub fn forget(&mut self, id: u32) -> Result<(), StoreError> {
        for slot in 0..2 {
            let key = slot_key(id, slot);
            if let Some(text) = self.store.get(&key)? {
                if parse_slot(&text).is_ok() {
                    self.store.remove(&key)?;
                }
            }
        }
        self.set_last_slot(id, None);
        if self.written.0 == id {
            self.written.1 = [String::new(), String::new()];
        }
        if !self.held(id).any {
            let _ = self.store.remove(&ended_key(id));
        }
        Ok(())
    }

    fn lines(&self, key: &str) -> Result<Vec<String>, StoreError> {
        Ok(self
            .store
            .get(key)?
            .unwrap_or_default()
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(str::to_string)
            .collect())
    }

    /// The best-scoring ended runs, best first (ties: the newer first), at most `HIGH_SCORES`.
    /// A day's caves count once, as on the board: practice runs are left out, and of runs of
    /// one daily's caves from before tries were counted, the one that ended first.
    pub fn high_scores(history: &[HistoryEntry]) -> Vec<&HistoryEntry> {
        // Oldest first, to know which run of a daily's caves came first.
        let mut dailies = Vec::new();
        let mut counted = Vec::new();
        for h in history.iter().rev() {
            if h.score.is_none() || h.practice() {
                continue;
            }
            if h.attempt.is_some() || h.daily().is_some() {
                if dailies.contains(&h.seed) {
                    continue;
                }
                dailies.push(h.seed);
            }
            counted.push(h);
        }
        // An insertion sort, stable (ties keep the newer first) and small for a short list.
        let mut scored: Vec<&HistoryEntry> = Vec::new();
        for h in counted.into_iter().rev() {
            let at = scored.iter().position(|s| s.score < h.score);
            scored.insert(at.unwrap_or(scored.len()), h);
        }
        scored.truncate(HIGH_SCORES);
        scored
    }

    /// The tries of each day's caves kept (`tries`); lines that cannot be read are skipped.
    pub fn tries(&self) -> Result<Vec<Tries>, StoreError> {
        Ok(self
            .lines(TRIES_KEY)?
            .iter()
            .filter_map(|l| Tries::from_line(l))
            .collect())
    }

    /// Keeps `tries` (the newest `tries::TRIES_LEN` days of them).
    pub fn set_tries(&mut self, tries: &[Tries]) -> Result<(), StoreError> {
        self.store.set(TRIES_KEY, &tries::to_text(tries))
    }

    /// The days' daily runs, oldest first: history lines (without their records) dated by the
    /// daily's date, one a day, the latest `DAYS_LEN`. Empty when there are none or the store
    /// cannot be read; lines that cannot be read are skipped.
    pub fn days(&self) -> Vec<HistoryEntry> {
        self.entries(DAYS_KEY).unwrap_or_default()
    }

    /// Adds a day's daily run unless its date is there already (the first daily run of a day
    /// is the one its board counts). Dates "YYYY-MM-DD" sort as text. A store that cannot be
    /// read or refuses leaves the days as they were.
    pub fn add_day(&mut self, day: HistoryEntry) {
        let Ok(mut days) = self.entries(DAYS_KEY) else {
            return;
        };
        if days.iter().any(|d| d.date == day.date) {
            return;
        }
        let at = days.iter().filter(|d| d.date < day.date).count();
        days.insert(at, day);
        let mut text = String::new();
        for d in &days[days.len().saturating_sub(DAYS_LEN)..] {
            text += &d.to_line();
            text.push('\n');
        }
        let _ = self.store.set(DAYS_KEY, &text);
    }

    /// Ended runs, newest first; lines that cannot be read are skipped (a scan moves them to
    /// kept keys).
    pub fn history(&self) -> Result<Vec<HistoryEntry>, StoreError> {
        self.entries(HISTORY_KEY)
    }

    /// The entries kept under `key` that can be read.
    fn entries(&self, key: &str) -> Result<Vec<HistoryEntry>, StoreError> {
        Ok(read_entries(&self.lines(key)?))
    }
}

/// The lines of the best-scoring runs among `lines`.
fn best_lines(lines: &[String]) -> Vec<String> {
    let entries = read_entries(lines);
    let mut best = Vec::new();
    for e in Saves::high_scores(&entries) {
        best.push(e.to_line());
    }
    best
}

/// The entries of `lines` that can be read, in order.
fn read_entries(lines: &[String]) -> Vec<HistoryEntry> {
    let mut entries = Vec::new();
    for l in lines {
        if let Some(e) = HistoryEntry::from_line(l) {
            entries.push(e);
        }
    }
    entries
}

#[cfg(test)]
mod tests;
