//! Your days: the daily runs' days, one short history line each (`Saves::add_day`: the daily's
//! date, the depth reached, won or not, the score), kept apart from the run history, which
//! holds only the latest runs. Streaks count calendar days.

use crate::save::HistoryEntry;

/// The most days of par the page keeps for Your days.
pub const PARS_KEPT: usize = 60;

/// The days of `days` with par in `pars` (each date with the expert bot's score), each with
/// the expert's score: a day without par is left out.
pub fn against_expert<'a>(
    days: &'a [HistoryEntry],
    pars: &[(String, u32)],
) -> Vec<(&'a HistoryEntry, u32)> {
    days.iter()
        .filter_map(|d| Some((d, pars.iter().find(|(date, _)| *date == d.date)?.1)))
        .collect()
}

/// The days since 0000-03-01 of a date "YYYY-MM-DD" (the civil calendar's day count, with
/// March as the year's first month so that the leap day comes last); None for anything else.
pub fn day_number(date: &str) -> Option<i64> {
    // Read byte by byte at fixed places: a str's slicing would bring its panic report, and
    // with it Unicode tables, into the page.
    let b = date.as_bytes();
    if b.len() != 10 {
        return None;
    }
    // YYYYMMDD as one number.
    let mut n = 0;
    for (i, &c) in b.iter().enumerate() {
        if i == 4 || i == 7 {
            if c != b'-' {
                return None;
            }
        } else if c.is_ascii_digit() {
            n = n * 10 + i64::from(c - b'0');
        } else {
            return None;
        }
    }
    let (y, m, d) = (n / 10000, n / 100 % 100, n % 100);
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    let (y, m) = if m > 2 { (y, m - 3) } else { (y - 1, m + 9) };
    Some(y * 365 + y / 4 - y / 100 + y / 400 + (153 * m + 2) / 5 + d - 1)
}

/// The current streak of `days` (oldest first): consecutive days with a daily run, the last
/// of them `today` or the day before (the latest day kept when today is not known); and the
/// longest. A day whose date does not read breaks a streak.
pub fn streaks(days: &[HistoryEntry], today: Option<i64>) -> (u32, u32) {
    let (mut run, mut longest, mut last) = (0, 0, i64::MIN);
    for d in days {
        let n = day_number(&d.date).unwrap_or(i64::MIN);
        run = if n == last + 1 { run + 1 } else { 1 };
        last = n;
        longest = longest.max(run);
    }
    let current = if today.is_none_or(|t| last >= t - 1) {
        run
    } else {
        0
    };
    (current, longest)
}

#[cfg(test)]
mod tests {
    use super::*;

    pub fn day(date: &str) -> HistoryEntry {
        HistoryEntry {
            date: date.into(),
            seed: 1,
            outcome: "lost".into(),
            attempt: None,
            turns: 100,
            depth: 2,
            score: Some(10),
            record: String::new(),
        }
    }

    #[test]
    fn par_pairs_each_day_with_the_experts_score() {
        let days = [day("2026-11-24"), day("2026-11-25"), day("2026-11-26")];
        let pars = [
            ("2026-11-26".to_string(), 3329),
            ("garbage".to_string(), 1),
            ("2026-11-24".to_string(), 5927),
        ];
        let dates: Vec<(&str, u32)> = against_expert(&days, &pars)
            .iter()
            .map(|(d, e)| (d.date.as_str(), *e))
            .collect();
        assert_eq!(dates, [("2026-11-24", 5927), ("2026-11-26", 3329)]);
        assert!(against_expert(&days, &[]).is_empty());
    }

    #[test]
    fn dates_count_calendar_days() {
        let n = |d| day_number(d).unwrap_or_default();
        assert_eq!(n("2026-03-01") - n("2026-02-28"), 1);
        assert_eq!(n("2028-03-01") - n("2028-02-28"), 2);
        assert_eq!(n("2027-01-01") - n("2026-12-31"), 1);
        assert_eq!(n("2027-01-01") - n("2026-01-01"), 365);
        for bad in [
            "",
            "2026-13-01",
            "2026-1-01x",
            "yyyy-mm-dd",
            "2026-11-00",
            "2026/11/01",
        ] {
            assert_eq!(day_number(bad), None, "{bad}");
        }
    }

    #[test]
    fn streaks_end_today_or_yesterday() {
        let days: Vec<HistoryEntry> = [
            "2026-11-20",
            "2026-11-21",
            "2026-11-23",
            "2026-11-24",
            "2026-11-25",
        ]
        .into_iter()
        .map(day)
        .collect();
        let on = |d| streaks(&days, day_number(d));
        assert_eq!(on("2026-11-25"), (3, 3));
        assert_eq!(on("2026-11-26"), (3, 3));
        assert_eq!(on("2026-11-27"), (0, 3));
        assert_eq!(on("unknown"), (3, 3));
        assert_eq!(streaks(&days[..2], day_number("2026-11-21")), (2, 2));
        assert_eq!(streaks(&[day("2026-11-20"), day("bad")], None), (1, 1));
        assert_eq!(streaks(&[], Some(0)), (0, 0));
    }
}
