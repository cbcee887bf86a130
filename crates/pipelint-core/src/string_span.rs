//! Where a part of a string's decoded value stands in the source text. Rules find problems in
//! the decoded value; the finding must point at the characters the user
//! wrote, also when the literal spells them with escapes (`\n`, `\"`, `\u00e9`, a surrogate
//! pair `\ud83d\ude00`).
//!
//! Only called for a finding: building the map reads the literal once.

use std::ops::Range;

use crate::document::Document;
use crate::line_index::floor_char_boundary;

/// The span of `inner` (a byte range of the decoded string at `pointer`) in the source text;
/// the whole literal when `inner` is out of range or the literal cannot be mapped.
/// (`text` is what `document`'s spans index into.)
pub(crate) fn string_part_span(
    document: &Document,
    text: &str,
    pointer: &str,
    inner: Range<usize>,
) -> Range<usize> {
    let literal = StringSpans::new(document, text, pointer);
    literal.part(inner).unwrap_or(literal.span)
}

/// A string literal with the source offset of each byte of its decoded value, built once
/// for all the parts a rule reports in it (a long list may have thousands).
pub(crate) struct StringSpans<'a> {
    /// The whole literal, quotes included.
    pub(crate) span: Range<usize>,
    decoded: &'a str,
    map: Map,
}

enum Map {
    /// The literal has no escapes: decoded offsets are raw offsets.
    Plain,
    /// For each byte of the decoded value, the raw offset where the character or escape
    /// producing it starts; one more entry holds the raw length.
    Escaped(Vec<usize>),
    /// Not a string, or the text between the quotes does not decode to the value.
    Unmapped,
}

impl<'a> StringSpans<'a> {
    pub(crate) fn new(document: &'a Document, text: &'a str, pointer: &str) -> Self {
        let span = document.value_span(pointer);
        // A number or an object has no characters to point at.
        let Some(decoded) = document.get(pointer).and_then(serde_json::Value::as_str) else {
            return StringSpans {
                span,
                decoded: "",
                map: Map::Unmapped,
            };
        };
        let raw = text.get(span.start + 1..span.end.saturating_sub(1));
        StringSpans {
            decoded,
            map: raw.map_or(Map::Unmapped, |raw| Map::new(raw, decoded)),
            span,
        }
    }

    /// The span in the source text of `inner`, a byte range of the decoded value, widened to
    /// whole characters (callers count in bytes). `None` when it cannot be mapped.
    pub(crate) fn part(&self, inner: Range<usize>) -> Option<Range<usize>> {
        let raw = self.map.part(self.decoded, inner)?;
        let raw_start = self.span.start + 1;
        Some(raw_start + raw.start..raw_start + raw.end)
    }

    /// Like [`StringSpans::part`], but `None` unless `inner` starts and ends on character
    /// boundaries: an edit must not replace part of a character.
    pub(crate) fn exact_part(&self, inner: Range<usize>) -> Option<Range<usize>> {
        if !self.decoded.is_char_boundary(inner.start) || !self.decoded.is_char_boundary(inner.end)
        {
            return None;
        }
        self.part(inner)
    }
}

impl Map {
    fn new(raw: &str, decoded: &str) -> Map {
        if raw == decoded {
            Map::Plain
        } else {
            offsets(raw, decoded).map_or(Map::Unmapped, Map::Escaped)
        }
    }

    /// The range of the raw text (between the quotes) that spells `inner` of `decoded`.
    fn part(&self, decoded: &str, inner: Range<usize>) -> Option<Range<usize>> {
        if inner.start > inner.end || inner.end > decoded.len() {
            return None;
        }
        let start = floor_char_boundary(decoded, inner.start);
        let mut end = inner.end;
        while !decoded.is_char_boundary(end) {
            end += 1;
        }
        match self {
            Map::Plain => Some(start..end),
            // On character boundaries the next character's start is where this one ends.
            Map::Escaped(starts) => Some(*starts.get(start)?..*starts.get(end)?),
            Map::Unmapped => None,
        }
    }
}

/// For each byte of the decoded string, the offset in `raw` where the character or escape
/// producing it starts; one more entry holds `raw.len()`. `None` when `raw` does not decode
/// to `decoded`.
fn offsets(raw: &str, decoded: &str) -> Option<Vec<usize>> {
    let bytes = raw.as_bytes();
    let mut starts = Vec::with_capacity(decoded.len() + 1);
    let mut out = String::with_capacity(decoded.len());
    let mut at = 0;
    while at < bytes.len() {
        let start = at;
        if bytes[at] == b'\\' {
            // Every byte of an escaped character starts at its escape.
            let (c, len) = escape(raw, at)?;
            starts.extend(std::iter::repeat_n(start, c.len_utf8()));
            out.push(c);
            at += len;
        } else {
            // Written as itself: each byte maps to its own byte.
            let c = raw[at..].chars().next()?;
            at += c.len_utf8();
            starts.extend(start..at);
            out.push(c);
        }
    }
    starts.push(raw.len());
    (out == decoded).then_some(starts)
}

/// The character an escape at `at` (a backslash) stands for, and the escape's length.
pub(crate) fn escape(raw: &str, at: usize) -> Option<(char, usize)> {
    let c = match *raw.as_bytes().get(at + 1)? {
        b'"' => '"',
        b'\\' => '\\',
        b'/' => '/',
        b'b' => '\u{8}',
        b'f' => '\u{c}',
        b'n' => '\n',
        b'r' => '\r',
        b't' => '\t',
        b'u' => {
            let high = hex4(raw.get(at + 2..at + 6)?)?;
            if !(0xD800..0xDC00).contains(&high) {
                return Some((char::from_u32(high)?, 6));
            }
            // A high surrogate: the low one must follow as a second `\u` escape.
            let low = raw
                .get(at + 6..at + 8)
                .filter(|p| *p == "\\u")
                .and_then(|_| hex4(raw.get(at + 8..at + 12)?))
                .filter(|low| (0xDC00..0xE000).contains(low))?;
            let c = char::from_u32(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))?;
            return Some((c, 12));
        }
        _ => return None,
    };
    Some((c, 2))
}

fn hex4(text: &str) -> Option<u32> {
    if text.len() == 4 && text.bytes().all(|b| b.is_ascii_hexdigit()) {
        u32::from_str_radix(text, 16).ok()
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Decodes the text between a literal's quotes as JSON does.
    fn decode(raw: &str) -> Option<String> {
        serde_json::from_str(&format!("\"{raw}\"")).ok()
    }

    /// Every way this mapper must handle to write `c` inside a JSON string.
    fn spellings(c: char) -> Vec<String> {
        let mut out = Vec::new();
        if !matches!(c, '"' | '\\') && !c.is_control() {
            out.push(c.to_string());
        }
        match c {
            '"' => out.push("\\\"".to_owned()),
            '\\' => out.push("\\\\".to_owned()),
            '/' => out.push("\\/".to_owned()),
            '\n' => out.push("\\n".to_owned()),
            '\t' => out.push("\\t".to_owned()),
            _ => {}
        }
        let mut units = [0u16; 2];
        let escaped: String = c
            .encode_utf16(&mut units)
            .iter()
            .map(|u| format!("\\u{u:04x}"))
            .collect();
        out.push(escaped);
        out
    }

    /// For each decoded character range on character boundaries, the mapped raw range
    /// decodes to exactly that part of the value.
    fn assert_parts_round_trip(raw: &str) {
        let decoded = decode(raw).unwrap_or_else(|| panic!("{raw:?} is not a JSON string body"));
        let map = Map::new(raw, &decoded);
        assert!(!matches!(map, Map::Unmapped), "{raw:?}");
        let bounds: Vec<usize> = (0..=decoded.len())
            .filter(|&i| decoded.is_char_boundary(i))
            .collect();
        for (i, &start) in bounds.iter().enumerate() {
            for &end in &bounds[i..] {
                let part = map.part(&decoded, start..end);
                let part = part.unwrap_or_else(|| panic!("{raw:?} {start}..{end} unmapped"));
                assert_eq!(
                    decode(&raw[part.clone()]).as_deref(),
                    Some(&decoded[start..end]),
                    "{raw:?} {start}..{end} -> {part:?}"
                );
            }
        }
    }

    #[test]
    fn maps_every_part_of_every_small_spelling() {
        let alphabet = ['a', 'é', '\n', '"', '\\', '/', '😀', '\t'];
        let mut raws = vec![String::new()];
        // Every spelling of every string of up to three characters of the alphabet.
        for _ in 0..3 {
            let mut longer = Vec::new();
            for raw in raws
                .iter()
                .filter(|r| decode(r).is_some_and(|d| d.chars().count() < 3))
            {
                for c in alphabet {
                    for spelling in spellings(c) {
                        longer.push(format!("{raw}{spelling}"));
                    }
                }
            }
            raws.extend(longer);
        }
        assert!(raws.len() > 1000, "{}", raws.len());
        for raw in &raws {
            assert_parts_round_trip(raw);
        }
    }

    #[test]
    fn maps_decoded_offsets_through_escapes() {
        let raw = r#"a\nb\u00e9c\ud83d\ude00d"#;
        let decoded = "a\nbéc😀d";
        let starts = offsets(raw, decoded).unwrap();
        assert_eq!(starts.len(), decoded.len() + 1);
        assert_eq!(starts[1], 1); // `\n`
        assert_eq!(starts[2], 3); // `b`
        assert_eq!(starts[3], 4); // first byte of é from `\u00e9`
        assert_eq!(starts[4], 4);
        assert_eq!(starts[5], 10); // `c`
        assert_eq!(starts[6], 11); // 😀 from a surrogate pair
        assert_eq!(starts[10], 23); // `d`
        assert!(offsets(raw, "other").is_none());
    }

    #[test]
    fn a_part_inside_a_character_widens_to_it() {
        let map = Map::new(r"x\u00e9y", "xéy");
        assert_eq!(map.part("xéy", 2..3), Some(1..7));
        assert_eq!(Map::Plain.part("xéy", 2..3), Some(1..3));
        assert_eq!(map.part("xéy", 3..5), None);
    }

    #[test]
    fn text_that_does_not_decode_is_not_mapped() {
        for raw in [r"\x", r"\u12", r"\ud83d", r"\ud83dx", r"\ud83d\u0041", "\\"] {
            assert!(offsets(raw, "").is_none(), "{raw}");
        }
    }

    #[test]
    fn a_finding_in_an_escaped_literal_points_at_its_characters() {
        let text = r#"{"a": "x\n\"bad\" y"}"#;
        let Some(document) = crate::load(text.as_bytes()).document else {
            panic!("parses");
        };
        let decoded = document
            .get("/a")
            .and_then(serde_json::Value::as_str)
            .unwrap();
        let at = decoded.find("bad").unwrap();
        let span = string_part_span(&document, text, "/a", at..at + 3);
        assert_eq!(&text[span], "bad");
        let span = string_part_span(&document, text, "/a", at - 1..at + 4);
        assert_eq!(&text[span], r#"\"bad\""#);
        // Out of range: the whole literal.
        assert_eq!(
            string_part_span(&document, text, "/a", 0..99),
            document.value_span("/a")
        );
    }

    #[test]
    fn only_strings_are_mapped() {
        let text = r#"{"n": 12, "o": {}, "s": "12"}"#;
        let Some(document) = crate::load(text.as_bytes()).document else {
            panic!("parses");
        };
        assert_eq!(StringSpans::new(&document, text, "/n").part(0..0), None);
        assert_eq!(StringSpans::new(&document, text, "/o").part(0..0), None);
        assert_eq!(
            string_part_span(&document, text, "/n", 0..1),
            document.value_span("/n")
        );
        let string = StringSpans::new(&document, text, "/s");
        assert_eq!(string.part(0..1).map(|span| &text[span]), Some("1"));
    }

    #[test]
    fn an_exact_part_starts_and_ends_on_characters() {
        let text = r#"{"s": "é,x"}"#;
        let Some(document) = crate::load(text.as_bytes()).document else {
            panic!("parses");
        };
        let literal = StringSpans::new(&document, text, "/s");
        assert_eq!(literal.exact_part(1..3), None);
        assert_eq!(literal.exact_part(0..1), None);
        assert_eq!(literal.exact_part(0..2).map(|span| &text[span]), Some("é"));
        // `part` widens instead.
        assert_eq!(literal.part(1..3).map(|span| &text[span]), Some("é,"));
    }

    proptest! {
        #[test]
        fn parts_of_any_string_round_trip(value in "\\PC{0,12}", seed in any::<u64>()) {
            // serde_json writes only the escapes it must; spell some other characters as
            // `\u` escapes too (by the seed's bits).
            let plain = serde_json::to_string(&value).unwrap();
            let inner = &plain[1..plain.len() - 1];
            let mut raw = String::new();
            let mut bits = seed;
            let mut chars = inner.chars().peekable();
            while let Some(c) = chars.next() {
                if c == '\\' {
                    // An escape serde_json wrote: kept whole (`\u001f` has four more).
                    raw.push(c);
                    let next = chars.next().unwrap();
                    raw.push(next);
                    if next == 'u' {
                        raw.extend(chars.by_ref().take(4));
                    }
                } else if bits & 1 == 1 {
                    raw.push_str(&spellings(c).pop().unwrap());
                } else {
                    raw.push(c);
                }
                bits = bits.rotate_right(1);
            }
            assert_parts_round_trip(&raw);
        }
    }
}
