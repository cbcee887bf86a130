//! Text from the input never reaches a terminal or a CI log as a control sequence: every
//! character a terminal, a log viewer or a bidi-aware display would act on is shown as one
//! visible stand-in instead. One character for one keeps code-frame columns in place.

use std::borrow::Cow;

/// Shown for controls that have no control picture (C1 controls, bidi controls).
const REPLACEMENT: char = '\u{FFFD}';

/// The visible stand-in for `c`, or `None` when `c` prints as itself. A tab is kept: it
/// only moves the cursor right, and code frames expand it to spaces.
pub fn stand_in(c: char) -> Option<char> {
    match c {
        '\t' => None,
        // C0 controls, including LF, CR and ESC: their Unicode control pictures (␊, ␍, ␛).
        '\u{0}'..='\u{1F}' => char::from_u32(0x2400 + u32::from(c)),
        '\u{7F}' => Some('\u{2421}'),
        // C1 controls: some terminals read U+009B as CSI and U+009D as OSC.
        '\u{80}'..='\u{9F}' => Some(REPLACEMENT),
        // Bidi embeddings, overrides, isolates and marks: they reorder what is shown
        // ("Trojan Source"), so a reviewer would not see the text as it is.
        '\u{61C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' => {
            Some(REPLACEMENT)
        }
        // Line and paragraph separators: some viewers break the line there.
        '\u{2028}' | '\u{2029}' => Some(REPLACEMENT),
        _ => None,
    }
}

/// `text` with every character `stand_in` names replaced; borrowed when there is none.
pub fn visible(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| stand_in(c).is_some()) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.chars().map(|c| stand_in(c).unwrap_or(c)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_become_single_visible_characters() {
        assert_eq!(visible("a\u{1b}[2Jb"), "a\u{241B}[2Jb");
        assert_eq!(visible("x\ny\r\0"), "x\u{240A}y\u{240D}\u{2400}");
        assert_eq!(
            visible("\u{9b}31m\u{202E}txt.exe"),
            "\u{FFFD}31m\u{FFFD}txt.exe"
        );
        assert_eq!(visible("\u{7f}\u{2028}"), "\u{2421}\u{FFFD}");
    }

    #[test]
    fn printable_text_and_tabs_are_left_alone() {
        for text in ["plain", "é 😀 漢字", "a\tb", "\u{FEFF}bom"] {
            assert!(
                matches!(visible(text), Cow::Borrowed(t) if t == text),
                "{text:?}"
            );
        }
    }
}
