//! A text with its JSON escapes decoded, and the way back to the text as written: a copy of
//! a secret may be written with other escapes than the secret (`Quas\u0061r9` for
//! `Quasar9`), and copies are found by their decoded value. Escapes are decoded wherever
//! they stand, inside strings or not: masking errs on the side of hiding.

use std::ops::Range;

/// The decoded text and where its escapes stood.
pub(super) struct Decoded {
    pub text: String,
    /// Each escape: where its decoded text starts, and how many more bytes the text as
    /// written has than the decoded one up to its end. Sorted by position.
    escapes: Vec<Escape>,
}

struct Escape {
    decoded_at: usize,
    shift_after: usize,
}

impl Decoded {
    /// `None` when `text` has no escape to decode.
    pub fn of(text: &str) -> Option<Decoded> {
        if !text.contains('\\') {
            return None;
        }
        let mut out = String::with_capacity(text.len());
        let mut escapes = Vec::new();
        let mut rest = text;
        while let Some(at) = rest.find('\\') {
            out.push_str(&rest[..at]);
            rest = &rest[at..];
            match crate::string_span::escape(rest, 0) {
                Some((c, written)) => {
                    escapes.push(Escape {
                        decoded_at: out.len(),
                        shift_after: escapes.last().map_or(0, |e: &Escape| e.shift_after) + written
                            - c.len_utf8(),
                    });
                    out.push(c);
                    rest = &rest[written..];
                }
                None => {
                    out.push('\\');
                    rest = &rest[1..];
                }
            }
        }
        out.push_str(rest);
        (!escapes.is_empty()).then_some(Decoded { text: out, escapes })
    }

    /// The range of the text as written that a range of the decoded text (on character
    /// boundaries) stands for: an escape is taken whole.
    pub fn raw_range(&self, range: Range<usize>) -> Range<usize> {
        self.raw(range.start)..self.raw(range.end)
    }

    fn raw(&self, at: usize) -> usize {
        // Escapes decoded before `at` all end at or before it: `at` is a character boundary.
        let before = self.escapes.partition_point(|e| e.decoded_at < at);
        at + before
            .checked_sub(1)
            .map_or(0, |last| self.escapes[last].shift_after)
    }
}

#[cfg(test)]
mod tests {
    use super::Decoded;

    #[test]
    fn decodes_and_maps_back() {
        let text = r#"a\u0062c \"é\" \ud83c\udf19x \q"#;
        let decoded = Decoded::of(text).unwrap();
        assert_eq!(decoded.text, "abc \"é\" 🌙x \\q");
        let at = |s: &str| decoded.text.find(s).unwrap();
        let b = at("b");
        assert_eq!(&text[decoded.raw_range(b..b + 2)], r"\u0062c");
        let moon = at("🌙");
        assert_eq!(&text[decoded.raw_range(moon..moon + 5)], r"\ud83c\udf19x");
        let q = at("\\q");
        assert_eq!(&text[decoded.raw_range(q..q + 2)], r"\q");
        assert!(Decoded::of("plain").is_none());
        assert!(Decoded::of(r"\x").is_none());
    }

    proptest::proptest! {
        /// Any text: the decoded ranges map back inside the text, on character boundaries.
        #[test]
        fn maps_every_boundary_into_the_text(text in r#"([a\\"uU0-9dD€🌙]|\\u00e9|\\ud83c\\udf19){0,30}"#) {
            if let Some(decoded) = Decoded::of(&text) {
                let ends: Vec<usize> = decoded.text.char_indices().map(|(i, _)| i)
                    .chain([decoded.text.len()]).collect();
                for (i, &start) in ends.iter().enumerate() {
                    for &end in &ends[i..] {
                        let raw = decoded.raw_range(start..end);
                        proptest::prop_assert!(raw.start <= raw.end && raw.end <= text.len());
                        proptest::prop_assert!(text.is_char_boundary(raw.start) && text.is_char_boundary(raw.end));
                    }
                }
            }
        }
    }
}
