//! The card of a daily run: a few lines to paste anywhere that say how the day went without
//! giving the caves away. Its row of glyphs has one square a level: green for the levels
//! reached, red for the one the run ended on, black for those not reached, and a trophy
//! after a win.

/// What the card tells.
pub struct Card<'a> {
    /// The daily's date, YYYY-MM-DD.
    pub date: &'a str,
    /// Which run of the day's caves it was: 1 (or unknown) for the day's run, more for
    /// practice.
    pub attempt: Option<u32>,
    pub won: bool,
    /// The levels of the caves, the deepest reached and the one the run ended on (from 1).
    pub levels: i32,
    pub deepest: i32,
    pub ended_on: i32,
    pub turns: u32,
    pub score: u32,
    /// The run's rank on the day's board, when it was posted and ranked.
    pub rank: Option<u32>,
    /// Consecutive days with a daily run, today's included.
    pub streak: u32,
    /// The game's address.
    pub link: &'a str,
}

/// The card's text, one line each: the day (and the try, for practice) and the outcome, the
/// levels' row, the numbers, the streak and the link.
pub fn text(c: &Card) -> String {
    let outcome = if c.won { "won" } else { "lost" };
    let attempt = match c.attempt {
        Some(n) if n > 1 => format!(", try {n} (practice)"),
        _ => String::new(),
    };
    let mut row = String::new();
    for level in 1..=c.levels.max(c.deepest) {
        row.push(if level == c.ended_on && !c.won {
            '🟥'
        } else if level <= c.deepest {
            '🟩'
        } else {
            '⬛'
        });
    }
    if c.won {
        row.push('🏆');
    }
    let rank = c.rank.map_or(String::new(), |r| format!(", rank {r}"));
    format!(
        "Caves daily {}{attempt}: {outcome}\n{row}\nDepth {}, turns {}, score {}{rank}\nDaily streak: {}\n{}",
        c.date, c.deepest, c.turns, c.score, c.streak, c.link
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(won: bool) -> Card<'static> {
        Card {
            date: "2026-11-28",
            attempt: Some(1),
            won,
            levels: 6,
            deepest: if won { 6 } else { 4 },
            ended_on: if won { 1 } else { 3 },
            turns: 1234,
            score: 567,
            rank: None,
            streak: 3,
            link: "https://caves.example/",
        }
    }

    #[test]
    fn a_won_daily_card() {
        let c = Card {
            rank: Some(2),
            ..card(true)
        };
        assert_eq!(
            text(&c),
            "Caves daily 2026-11-28: won\n🟩🟩🟩🟩🟩🟩🏆\nDepth 6, turns 1234, score 567, rank 2\nDaily streak: 3\nhttps://caves.example/"
        );
    }

    #[test]
    fn a_practice_card_says_its_try() {
        let c = Card {
            attempt: Some(2),
            ..card(false)
        };
        assert!(
            text(&c).starts_with("Caves daily 2026-11-28, try 2 (practice): lost\n"),
            "{}",
            text(&c)
        );
    }

    #[test]
    fn a_lost_daily_card_marks_where_the_run_ended() {
        assert_eq!(
            text(&card(false)),
            "Caves daily 2026-11-28: lost\n🟩🟩🟥🟩⬛⬛\nDepth 4, turns 1234, score 567\nDaily streak: 3\nhttps://caves.example/"
        );
    }
}
