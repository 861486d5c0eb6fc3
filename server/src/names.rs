//! The board's player names: which names are refused, and the key two names are compared by.
//!
//! A name is shown to every player who opens the board, so it must not be able to hide,
//! reorder or impersonate: no invisible or direction-changing characters, no blank names, no
//! lookalikes that mix alphabets, no letters buried under accents. A kept name is the trimmed
//! text as the player typed it; names are compared (who owns a name) by their keys
//! ([`name_keys`]): what they look like, whatever their case.

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;
use unicode_security::confusable_detection::skeleton;
use unicode_security::general_security_profile::IdentifierType;
use unicode_security::mixed_script::AugmentedScriptSet;
use unicode_security::{GeneralSecurityProfile, MixedScript};

/// The longest name, in characters (Unicode scalar values), after trimming.
pub const MAX_NAME: usize = 24;
/// The most combining marks (accents) on one base character, counted in the name's canonical
/// decomposition: enough for every language's letters (Vietnamese "ệ" has two), not for a
/// letter stacked with marks that spill over its neighbours.
pub const MAX_MARKS: usize = 2;

/// Why a name was refused; the Display is a plain sentence for the player.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum NameError {
    /// Empty (or only spaces) after trimming, or longer than [`MAX_NAME`].
    #[error("A name needs 1 to 24 characters.")]
    Length,
    /// A control character: a line break, a tab, a bell, ...
    #[error("A name cannot hold control characters such as line breaks or tabs.")]
    Control,
    /// A bidirectional control, a default-ignorable (zero-width, filler, variation selector)
    /// or another blank-looking character.
    #[error("A name cannot hold invisible or direction-changing characters.")]
    Invisible,
    /// Whitespace other than a plain space (U+0020).
    #[error("A name can hold plain spaces only, not other kinds of spacing.")]
    Spacing,
    /// A private-use, unassigned or non-character code point.
    #[error("A name cannot hold private-use or unassigned characters.")]
    Unassigned,
    /// Nothing a reader could tell apart: no letter or digit at all.
    #[error("A name needs at least one visible letter or digit.")]
    NoLetterOrDigit,
    /// Letters of alphabets that no single writing system uses together.
    #[error(
        "A name cannot mix alphabets (such as Latin and Cyrillic letters), as lookalike names do."
    )]
    MixedScripts,
    /// More than [`MAX_MARKS`] combining marks on one character.
    #[error("A name can put at most two accents on one letter.")]
    Marks,
}

/// Checks a name typed by a player and returns it trimmed of surrounding whitespace, as given
/// (not normalised).
///
/// The rules, in the order they are checked:
/// 1. 1 to [`MAX_NAME`] characters after trimming ([`NameError::Length`]);
/// 2. every character is fit to show ([`char_problem`]);
/// 3. at least one letter or digit ([`char::is_alphanumeric`], [`NameError::NoLetterOrDigit`]);
/// 4. a single script, counting the augmented script sets of UTS #39 so that Japanese kana
///    with kanji, or Korean hangul with hanja, stay one script ([`NameError::MixedScripts`]);
/// 5. at most [`MAX_MARKS`] combining marks in a row, in the canonical decomposition
///    ([`NameError::Marks`]).
pub fn clean_name(raw: &str) -> Result<String, NameError> {
    let name = raw.trim();
    let length = name.chars().count();
    if length == 0 || length > MAX_NAME {
        return Err(NameError::Length);
    }
    if let Some(problem) = name.chars().find_map(char_problem) {
        return Err(problem);
    }
    if !name.chars().any(char::is_alphanumeric) {
        return Err(NameError::NoLetterOrDigit);
    }
    if !name.is_single_script() {
        return Err(NameError::MixedScripts);
    }
    if most_marks(name) > MAX_MARKS {
        return Err(NameError::Marks);
    }
    Ok(name.to_owned())
}

/// The longest run of combining marks in the canonical decomposition of `name`.
fn most_marks(name: &str) -> usize {
    let mut run = 0;
    let mut most = 0;
    for c in name.nfd() {
        run = if is_combining_mark(c) { run + 1 } else { 0 };
        most = most.max(run);
    }
    most
}

/// The key a name is first compared by: Unicode NFKC, then its confusable skeleton (UTS #39:
/// every character mapped to the prototype of the characters that look like it), then
/// lowercase, trimmed. The skeleton comes before the case, because case changes what a
/// letter looks like: "AIice" (a capital i) has the skeleton "Alice", so the key "alice";
/// "Аԁа" (all Cyrillic) and "ᎪᎠᎪ" (Cherokee) have the key "ada".
pub fn name_key(clean: &str) -> String {
    let normalised: String = clean.trim().nfkc().collect();
    skeleton(&normalised).collect::<String>().to_lowercase()
}

/// Every key a name is compared by: [`name_key`], and (when it differs) the skeleton of the
/// name in lowercase. Two names are one name when they share a key. The second key keeps
/// case out of it where the first cannot: "ALICE" has the first key "allce" (its capital I
/// looks like an l) and the second "alice", so it is Alice's name; "ΑΒΓ" and "αβγ" look
/// different but are one name in two cases.
pub fn name_keys(clean: &str) -> Vec<String> {
    let first = name_key(clean);
    let normalised: String = clean.trim().nfkc().collect::<String>().to_lowercase();
    let second: String = skeleton(&normalised).collect();
    if second == first {
        vec![first]
    } else {
        vec![first, second]
    }
}

/// Why one character cannot be part of a name, if it cannot.
///
/// - control characters (general category Cc) are [`NameError::Control`];
/// - bidirectional controls, default-ignorable code points (UTS #39 identifier type
///   `Default_Ignorable`: zero-width characters, word joiner, BOM, Hangul fillers, variation
///   selectors, tags, soft hyphen, ...) and the blank braille pattern U+2800 are
///   [`NameError::Invisible`];
/// - whitespace other than U+0020 (no-break, ideographic, em spaces, line separators...) is
///   [`NameError::Spacing`];
/// - code points of no script (UAX #24 `Unknown`: unassigned, private-use, non-characters)
///   are [`NameError::Unassigned`].
fn char_problem(c: char) -> Option<NameError> {
    if c.is_control() {
        Some(NameError::Control)
    } else if is_bidi_control(c) || is_invisible(c) {
        Some(NameError::Invisible)
    } else if c.is_whitespace() && c != ' ' {
        Some(NameError::Spacing)
    } else if is_unassigned(c) {
        Some(NameError::Unassigned)
    } else {
        None
    }
}

/// The bidirectional formatting characters, which reorder the text around them: the
/// embeddings and overrides U+202A..U+202E, the isolates U+2066..U+2069, the marks U+200E,
/// U+200F and the Arabic letter mark U+061C.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// Characters that show nothing: every default-ignorable code point (per UTS #39's identifier
/// types, which covers U+200B..U+200D, U+2060, U+FEFF, the Hangul fillers U+115F, U+1160,
/// U+3164, U+FFA0 and the variation selectors), and the blank braille pattern U+2800, which
/// is a visible character by its properties but draws nothing.
fn is_invisible(c: char) -> bool {
    c == '\u{2800}' || c.identifier_type() == Some(IdentifierType::Default_Ignorable)
}

/// Code points of no script at all (script `Unknown`): unassigned, private-use and
/// non-characters. (Their augmented script set is empty; an assigned character's set is
/// never empty, as common punctuation and digits count as every script.)
fn is_unassigned(c: char) -> bool {
    AugmentedScriptSet::for_char(c).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_plain_names_and_returns_them_trimmed_as_given() {
        for name in [
            "Ada",
            "Zoë",
            "Zoe\u{308}",
            "<b>Zoë</b>",
            "李小龙",
            "ひらがなカタカナ漢字",
            "Ada 42",
            "Ａｄａ",
            "x",
            "Ивана",
            "한국어漢字",
        ] {
            assert_eq!(clean_name(name), Ok(name.to_owned()), "{name:?}");
        }
        assert_eq!(
            clean_name("  Ada Lovelace \t"),
            Ok("Ada Lovelace".to_owned())
        );
        assert_eq!(clean_name(&"x".repeat(MAX_NAME)), Ok("x".repeat(MAX_NAME)));
        // 24 characters, many more bytes.
        assert_eq!(
            clean_name(&"漢".repeat(MAX_NAME)),
            Ok("漢".repeat(MAX_NAME))
        );
    }

    #[test]
    fn refuses_empty_blank_and_long_names() {
        assert_eq!(clean_name(""), Err(NameError::Length));
        assert_eq!(clean_name("   "), Err(NameError::Length));
        assert_eq!(clean_name("\u{3000}\t "), Err(NameError::Length));
        assert_eq!(
            clean_name(&"x".repeat(MAX_NAME + 1)),
            Err(NameError::Length)
        );
    }

    #[test]
    fn refuses_zero_width_blank_looking_and_direction_changing_characters() {
        for name in ["\u{200b}\u{200b}", "\u{3164}", "\u{2800}", "\u{202e}adA"] {
            assert_eq!(clean_name(name), Err(NameError::Invisible), "{name:?}");
        }
        let zero_width_or_blank = [
            '\u{200b}',
            '\u{200c}',
            '\u{200d}',
            '\u{2060}',
            '\u{feff}',
            '\u{115f}',
            '\u{1160}',
            '\u{ffa0}',
            '\u{fe0f}',
            '\u{ad}',
            '\u{e0041}',
        ];
        let direction = [
            '\u{202a}', '\u{2066}', '\u{2069}', '\u{200e}', '\u{200f}', '\u{061c}',
        ];
        // Each at the end of a name, and inside one.
        for c in zero_width_or_blank.into_iter().chain(direction) {
            for name in [format!("Ada{c}"), format!("Ada{c}x")] {
                assert_eq!(clean_name(&name), Err(NameError::Invisible), "{name:?}");
            }
        }
    }

    #[test]
    fn refuses_control_spacing_unassigned_letterless_and_mixed_names() {
        for (name, why) in [
            ("bell\u{7}", NameError::Control),
            ("new\nline", NameError::Control),
            ("tab\there", NameError::Control),
            ("Ada\u{85}x", NameError::Control),
            ("Ada\u{a0}L", NameError::Spacing),
            ("Ada\u{3000}L", NameError::Spacing),
            ("Ada\u{2028}L", NameError::Spacing),
            // Private use, and characters not assigned (or never to be).
            ("Ada\u{e000}", NameError::Unassigned),
            ("Ada\u{f0000}", NameError::Unassigned),
            ("Ada\u{378}", NameError::Unassigned),
            ("Ada\u{fdd0}", NameError::Unassigned),
            ("!!!", NameError::NoLetterOrDigit),
            ("- _ -", NameError::NoLetterOrDigit),
            // Cyrillic capital A, then Latin "da".
            ("\u{0410}da", NameError::MixedScripts),
            ("Ada Ивана", NameError::MixedScripts),
            ("Adaα", NameError::MixedScripts),
        ] {
            assert_eq!(clean_name(name), Err(why), "{name:?}");
        }
    }

    #[test]
    fn errors_read_as_sentences() {
        for (error, words) in [
            (NameError::Length, "A name needs 1 to 24 characters."),
            (
                NameError::Invisible,
                "A name cannot hold invisible or direction-changing characters.",
            ),
            (
                NameError::NoLetterOrDigit,
                "A name needs at least one visible letter or digit.",
            ),
            (
                NameError::MixedScripts,
                "A name cannot mix alphabets (such as Latin and Cyrillic letters), as lookalike names do.",
            ),
        ] {
            assert_eq!(error.to_string(), words);
        }
    }

    #[test]
    fn keys_fold_case_width_and_surrounding_space() {
        assert_eq!(name_key("Ada"), "ada");
        assert_eq!(name_key("ADA"), "ada");
        assert_eq!(name_key(" ada "), "ada");
        assert_eq!(name_key("Ａｄａ"), "ada");
        assert_eq!(name_key("Zoë"), name_key("Zoe\u{308}"));
        assert_eq!(name_key("ﬁona"), "fiona");
    }

    /// Whether two names share a key.
    fn same_name(a: &str, b: &str) -> bool {
        let b = name_keys(b);
        name_keys(a).iter().any(|k| b.contains(k))
    }

    #[test]
    fn lookalikes_of_one_script_share_a_key() {
        for (name, like) in [
            ("Alice", "AIice"),
            ("Ada", "\u{0410}\u{0501}\u{0430}"),
            ("Ada", "\u{13AA}\u{13A0}\u{13AA}"),
            ("Ada", "ADA"),
            ("Alice", "ALICE"),
            ("Olive", "0live"),
            ("William", "WiIIiam"),
            ("\u{391}\u{392}\u{393}", "\u{3b1}\u{3b2}\u{3b3}"),
        ] {
            assert!(clean_name(like).is_ok(), "{like:?} is a name of one script");
            assert!(same_name(name, like), "{name:?} and {like:?}");
            assert!(same_name(like, name), "{like:?} and {name:?}");
        }
        for (name, other) in [("Ada", "Adam"), ("Alice", "Alicia"), ("Bob", "Rob")] {
            assert!(!same_name(name, other), "{name:?} and {other:?}");
        }
    }

    #[test]
    fn at_most_two_marks_on_a_letter() {
        assert_eq!(clean_name("Vi\u{1ec7}t"), Ok("Vi\u{1ec7}t".to_owned()));
        assert_eq!(
            clean_name("A\u{301}\u{308}"),
            Ok("A\u{301}\u{308}".to_owned())
        );
        assert_eq!(clean_name("A\u{301}\u{308}\u{30a}"), Err(NameError::Marks));
        // A precomposed letter counts its own marks.
        assert_eq!(clean_name("\u{1ec7}\u{301}"), Err(NameError::Marks));
        let piled: String = std::iter::once('A')
            .chain(std::iter::repeat_n('\u{301}', 23))
            .collect();
        assert_eq!(clean_name(&piled), Err(NameError::Marks));
    }
}
