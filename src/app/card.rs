//! The card of a daily run: a few lines to paste anywhere that say how the day went without
//! giving the caves away. Its row of glyphs has one square a level: green for the levels
//! reached, red for the one the run ended on, black for those not reached, and a trophy
//! after a win. The same row follows in plain text, for wherever no emoji font draws the
//! squares: `[#]` reached, `[x]` ended there, `[ ]` not reached, `[$]` the idol carried out.
//! A run that was killed says by what ("lost to a giant rat"), from the rules' `Ending`.

use crate::rules::game::log::a as article;

/// What the card tells.
pub struct Card<'a> {
    /// The daily's date, YYYY-MM-DD.
    pub date: &'a str,
    /// Which run of the day's caves it was: 1 (or unknown) for the day's run, more for
    /// practice.
    pub attempt: Option<u32>,
    pub won: bool,
    /// What killed the player (`Cause::killer`: "giant rat", "fire"), when something did.
    pub killer: Option<&'a str>,
    /// The levels of the caves, the deepest reached and the one the run ended on (from 1).
    pub levels: i32,
    pub deepest: i32,
    pub ended_on: i32,
    pub turns: u32,
    pub score: u32,
    /// The run's rank on the day's board, when it was posted and ranked.
    pub rank: Option<u32>,
    /// Par of the day, when the board gave it: each bot's name and score, the strongest
    /// first.
    pub par: &'a [(&'a str, u32)],
    /// Consecutive days with a daily run, today's included.
    pub streak: u32,
    /// The game's address.
    pub link: &'a str,
}

/// Par of the day `date` from the words the page keeps of it ("DATE BOT SCORE BOT SCORE ...",
/// the strongest bot first): nothing for another day, or words that do not read so.
pub fn par_of<'a>(words: &'a str, date: &str) -> Vec<(&'a str, u32)> {
    let mut parts = words.split_whitespace();
    if parts.next() != Some(date) {
        return Vec::new();
    }
    let mut par = Vec::new();
    while let (Some(bot), Some(score)) = (parts.next(), parts.next()) {
        match score.parse() {
            Ok(score) => par.push((bot, score)),
            Err(_) => return Vec::new(),
        }
    }
    par
}

/// Whether the run beat par: the strongest bot whose score it passed ("Beat the expert
/// bot"), else the weakest bot's score it fell short of; nothing without par.
fn against_par(score: u32, par: &[(&str, u32)]) -> Option<String> {
    if let Some((bot, _)) = par.iter().find(|(_, s)| score > *s) {
        return Some(format!("Beat the {bot} bot"));
    }
    let (bot, s) = par.last()?;
    Some(format!("Under par: the {bot} bot scored {s}"))
}

/// The card's text, one line each: the day (and the try, for practice) and the outcome (and
/// what killed the player), the levels' row in squares and in plain text, the numbers, how
/// it did against par (when known), the streak and the link.
pub fn text(c: &Card) -> String {
    let outcome = match c.killer {
        _ if c.won => "won".to_string(),
        Some(killer) => format!("lost to {}", article(killer)),
        None => "lost".to_string(),
    };
    let attempt = match c.attempt {
        Some(n) if n > 1 => format!(", try {n} (practice)"),
        _ => String::new(),
    };
    let (mut row, mut plain) = (String::new(), Vec::new());
    for level in 1..=c.levels.max(c.deepest) {
        let (square, text) = if level == c.ended_on && !c.won {
            ('🟥', "[x]")
        } else if level <= c.deepest {
            ('🟩', "[#]")
        } else {
            ('⬛', "[ ]")
        };
        row.push(square);
        plain.push(text);
    }
    if c.won {
        row.push('🏆');
        plain.push("[$]");
    }
    let plain = plain.join(" ");
    let rank = c.rank.map_or(String::new(), |r| format!(", rank {r}"));
    let par = against_par(c.score, c.par).map_or(String::new(), |p| p + "\n");
    format!(
        "Caves daily {}{attempt}: {outcome}\n{row}\n{plain}\nDepth {}, turns {}, score {}{rank}\n{par}Daily streak: {}\n{}",
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
            killer: None,
            levels: 6,
            deepest: if won { 6 } else { 4 },
            ended_on: if won { 1 } else { 3 },
            turns: 1234,
            score: 567,
            rank: None,
            par: &[],
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
            "Caves daily 2026-11-28: won\n🟩🟩🟩🟩🟩🟩🏆\n[#] [#] [#] [#] [#] [#] [$]\nDepth 6, turns 1234, score 567, rank 2\nDaily streak: 3\nhttps://caves.example/"
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
    fn the_card_tells_its_row_without_an_emoji_font_too() {
        for won in [false, true] {
            let text = text(&card(won));
            let plain = text
                .lines()
                .find(|l| l.starts_with('['))
                .unwrap_or_else(|| panic!("no plain row: {text}"));
            assert!(plain.is_ascii(), "{plain}");
            // Squares of three characters, a space between them.
            let squares: Vec<&str> = (0..plain.len())
                .step_by(4)
                .filter_map(|i| plain.get(i..i + 3))
                .collect();
            assert_eq!(plain.len(), squares.len() * 4 - 1, "{plain}");
            let levels = 6 + usize::from(won);
            assert_eq!(
                squares.len(),
                levels,
                "a square a level, and the idol: {plain}"
            );
            assert_eq!(squares.contains(&"[x]"), !won, "{plain}");
            assert_eq!(squares.last() == Some(&"[$]"), won, "{plain}");
        }
    }

    #[test]
    fn a_card_says_what_killed_the_player() {
        for (killer, says) in [
            ("giant rat", ": lost to a giant rat\n"),
            ("orc", ": lost to an orc\n"),
            ("fire", ": lost to a fire\n"),
        ] {
            let c = Card {
                killer: Some(killer),
                ..card(false)
            };
            assert!(text(&c).contains(says), "{}", text(&c));
        }
        // Nothing killed a winner, whatever it is handed.
        let won = Card {
            killer: Some("giant rat"),
            ..card(true)
        };
        assert!(text(&won).starts_with("Caves daily 2026-11-28: won\n"));
    }

    #[test]
    fn the_card_says_the_strongest_bot_the_run_beat() {
        let words = "2026-11-28 expert 5927 careful 400";
        let par = par_of(words, "2026-11-28");
        assert_eq!(par, [("expert", 5927), ("careful", 400)]);
        let beat_careful = text(&Card {
            par: &par,
            ..card(false)
        });
        assert!(
            beat_careful.contains("score 567\nBeat the careful bot\nDaily streak"),
            "{beat_careful}"
        );
        let beat_both = text(&Card {
            score: 6000,
            par: &par,
            ..card(true)
        });
        assert!(beat_both.contains("\nBeat the expert bot\n"), "{beat_both}");
        let under = text(&Card {
            score: 300,
            par: &par,
            ..card(false)
        });
        assert!(
            under.contains("\nUnder par: the careful bot scored 400\n"),
            "{under}"
        );
        // Another day's par, or words that do not read as par, say nothing.
        assert!(par_of(words, "2026-11-27").is_empty());
        assert!(par_of("2026-11-28 expert lots", "2026-11-28").is_empty());
    }

    #[test]
    fn a_lost_daily_card_marks_where_the_run_ended() {
        assert_eq!(
            text(&card(false)),
            "Caves daily 2026-11-28: lost\n🟩🟩🟥🟩⬛⬛\n[#] [#] [x] [#] [ ] [ ]\nDepth 4, turns 1234, score 567\nDaily streak: 3\nhttps://caves.example/"
        );
    }
}
