//! The message log: newest last, repeated lines folded into "(xN)".

/// A line of the log and how many times in a row it was said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub text: String,
    pub count: u32,
    /// The log's `said` count when this line was last said (to announce new lines).
    pub stamp: u64,
}

impl Entry {
    /// The line as shown: "You bump into the wall (x3)".
    pub fn shown(&self) -> String {
        if self.count > 1 {
            format!("{} (x{})", self.text, self.count)
        } else {
            self.text.clone()
        }
    }
}

/// The last `capacity` messages.
#[derive(Clone, Debug, Default)]
pub struct Log {
    entries: Vec<Entry>,
    /// How many times anything was said, repeats included.
    said: u64,
}

const CAPACITY: usize = 100;

impl Log {
    /// Adds a line; the same line said again in a row raises the count instead.
    pub fn add(&mut self, text: impl Into<String>) {
        self.push(text.into());
    }

    /// `add` for an owned line: one copy of the work whatever text type `add` was given.
    fn push(&mut self, text: String) {
        self.said += 1;
        let stamp = self.said;
        match self.entries.last_mut() {
            Some(last) if last.text == text => {
                last.count += 1;
                last.stamp = stamp;
            }
            _ => {
                self.entries.push(Entry {
                    text,
                    count: 1,
                    stamp,
                });
                if self.entries.len() > CAPACITY {
                    self.entries.remove(0);
                }
            }
        }
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// How many times anything was said, repeats included.
    pub fn said(&self) -> u64 {
        self.said
    }

    /// The lines said after the count `since`, oldest first, as shown.
    pub fn since(&self, since: u64) -> Vec<String> {
        let from = self.entries.partition_point(|e| e.stamp <= since);
        self.entries[from..].iter().map(Entry::shown).collect()
    }
}

/// "a sword", "an axe".
pub fn a(name: &str) -> String {
    let vowel = name.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {name}", if vowel { "an" } else { "a" })
}

/// `n` things called `name`: "a murky potion", "3 murky potions", "2 scrolls titled XOTH",
/// "2 potions of healing": the word naming the sort takes the plural, first where the name
/// begins with it, else last (read by bytes: no search for a substring).
pub fn counted(name: &str, n: u32) -> String {
    if n == 1 {
        return a(name);
    }
    let first = name.bytes().position(|b| b == b' ');
    let sort = first.and_then(|i| Some((name.get(..i)?, name.get(i..)?)));
    match sort {
        Some((word @ ("potion" | "scroll"), rest)) => format!("{n} {word}s{rest}"),
        _ => format!("{n} {name}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stacks_are_counted_in_plain_words() {
        assert_eq!(counted("murky potion", 1), "a murky potion");
        assert_eq!(counted("murky potion", 3), "3 murky potions");
        assert_eq!(counted("potion of healing", 2), "2 potions of healing");
        assert_eq!(counted("scroll titled XOTH", 2), "2 scrolls titled XOTH");
        assert_eq!(counted("dart", 2), "2 darts");
    }

    #[test]
    fn repeats_fold() {
        let mut log = Log::default();
        for _ in 0..3 {
            log.add("You bump into the wall");
        }
        log.add("Hello");
        let shown: Vec<String> = log.entries().iter().map(Entry::shown).collect();
        assert_eq!(shown, ["You bump into the wall (x3)", "Hello"]);
    }

    #[test]
    fn lines_since_a_count_include_folded_repeats_once() {
        let mut log = Log::default();
        log.add("a");
        let mark = log.said();
        log.add("b");
        log.add("b");
        log.add("c");
        assert_eq!(log.since(mark), ["b (x2)", "c"]);
        assert_eq!(log.since(log.said()), Vec::<String>::new());
        let mark = log.said();
        log.add("c");
        assert_eq!(log.since(mark), ["c (x2)"]);
    }
}
