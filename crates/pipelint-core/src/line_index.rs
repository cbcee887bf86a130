//! Byte offsets to human positions and language-server positions, and those back to byte
//! offsets, computed only at the edges.
//!
//! One index per text answers every query in O(log n): the line comes from a binary search
//! over the line starts, and the column from the byte distance to the line start, corrected
//! by the characters that take more than one byte (found by a second binary search; the
//! inverse searches the same table by UTF-16 units). Text without such characters pays for
//! nothing but the line starts.

use std::ops::Range;

/// The UTF-8 byte-order mark, which editors do not show and which takes no column.
const BOM: char = '\u{FEFF}';

/// Line starts of a text, for turning byte offsets into 1-based line and column.
///
/// `\n`, `\r\n` and a lone `\r` each end a line (as the language server protocol and
/// miette's code frames count). A byte-order mark at the very start takes no column.
#[derive(Clone, Debug)]
pub struct LineIndex {
    line_starts: Vec<usize>,
    /// Every character that takes more than one byte (or, for the byte-order mark, no
    /// column), in text order.
    wide: Vec<Wide>,
}

/// A character whose byte length differs from the columns it takes.
#[derive(Clone, Copy, Debug)]
struct Wide {
    /// Byte offset of the character's start.
    at: usize,
    /// Bytes minus characters, summed over this and every earlier wide character.
    extra_bytes: usize,
    /// Bytes minus UTF-16 code units, summed likewise.
    extra_utf16: usize,
}

/// A 1-based line and column; the column counts Unicode scalar values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LineCol {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
}

impl LineIndex {
    /// Indexes the line starts of `text` (and its characters wider than a byte).
    pub fn new(text: &str) -> Self {
        let bytes = text.as_bytes();
        let mut line_starts = vec![0];
        for (i, &b) in bytes.iter().enumerate() {
            match b {
                b'\n' => line_starts.push(i + 1),
                b'\r' if bytes.get(i + 1) != Some(&b'\n') => line_starts.push(i + 1),
                _ => {}
            }
        }
        let mut wide = Vec::new();
        if !text.is_ascii() {
            let (mut extra_bytes, mut extra_utf16) = (0, 0);
            for (at, c) in text.char_indices().filter(|(_, c)| !c.is_ascii()) {
                let (chars, units) = if at == 0 && c == BOM {
                    (0, 0)
                } else {
                    (1, c.len_utf16())
                };
                extra_bytes += c.len_utf8() - chars;
                extra_utf16 += c.len_utf8() - units;
                wide.push(Wide {
                    at,
                    extra_bytes,
                    extra_utf16,
                });
            }
        }
        LineIndex { line_starts, wide }
    }

    /// The byte offset where a 0-based line starts, if the text has that line.
    pub fn line_start(&self, line: usize) -> Option<usize> {
        self.line_starts.get(line).copied()
    }

    /// Position of `offset` in `text` (the text this index was built from).
    /// Offsets past the end, or inside a character, are clamped to a boundary.
    pub fn line_col(&self, text: &str, offset: usize) -> LineCol {
        let (line, start, offset) = self.locate(text, offset);
        let extra = |at| self.extra_before(at).0;
        LineCol {
            line: line + 1,
            column: offset - start - (extra(offset) - extra(start)) + 1,
        }
    }

    /// 0-based line and UTF-16 column, a leading byte-order mark taking none (as editors
    /// show a file). A language server counts the mark: see [`LineIndex::position_utf16`].
    pub fn line_utf16(&self, text: &str, offset: usize) -> (usize, usize) {
        let (line, start, offset) = self.locate(text, offset);
        let extra = |at| self.extra_before(at).1;
        (line, offset - start - (extra(offset) - extra(start)))
    }

    /// 0-based line and UTF-16 column of `offset`, counting every character of the text as
    /// the language server protocol does: a leading byte-order mark takes a unit here (the
    /// client sent it, so it counts it), where [`LineIndex::line_utf16`] leaves it out as
    /// editors show a file. Offsets past the end, or inside a character, are clamped.
    pub fn position_utf16(&self, text: &str, offset: usize) -> (usize, usize) {
        let (line, column) = self.line_utf16(text, offset);
        let past_mark = text.starts_with(BOM) && floor_char_boundary(text, offset) > 0;
        (line, column + usize::from(line == 0 && past_mark))
    }

    /// The positions (see [`LineIndex::position_utf16`]) of a span's start and end; an end
    /// before the start is taken as the start.
    pub fn range_utf16(&self, text: &str, span: &Range<usize>) -> [(usize, usize); 2] {
        [
            self.position_utf16(text, span.start),
            self.position_utf16(text, span.end.max(span.start)),
        ]
    }

    /// The byte offset of a 0-based line and UTF-16 column, the inverse of
    /// [`LineIndex::position_utf16`]. As the language server protocol asks, a column past the
    /// end of its line means the end of the line's content (before its break), and a line
    /// past the end of the text means the end of the text. A column inside a surrogate pair
    /// means the start of its character.
    pub fn offset_of_utf16(&self, text: &str, line: usize, character: usize) -> usize {
        let Some(mut start) = self.line_start(line) else {
            return text.len();
        };
        let mut character = character;
        if line == 0 && text.starts_with(BOM) {
            // The mark is one unit to the protocol, none in the wide-character table.
            if character == 0 {
                return 0;
            }
            start = BOM.len_utf8();
            character -= 1;
        }
        let end = self.line_content_end(text, line);
        let wanted = (start - self.extra_before(start).1).saturating_add(character);
        // Between two wide characters every byte is one unit: count on from the last wide
        // character that ends at or before the wanted unit, and stop at the next one.
        let len = |w: &Wide| text[w.at..].chars().next().map_or(0, char::len_utf8);
        let units_after = |w: &Wide| w.at + len(w) - w.extra_utf16;
        let ended = self.wide.partition_point(|w| units_after(w) <= wanted);
        let (from, units) = match ended.checked_sub(1).and_then(|i| self.wide.get(i)) {
            Some(w) => (w.at + len(w), units_after(w)),
            None => (0, 0),
        };
        let mut offset = from.saturating_add(wanted - units);
        if let Some(next) = self.wide.get(ended) {
            offset = offset.min(next.at);
        }
        offset.min(end)
    }

    /// The byte span between two positions (see [`LineIndex::offset_of_utf16`]), in text
    /// order whichever comes first.
    pub fn span_of_utf16(&self, text: &str, a: (usize, usize), b: (usize, usize)) -> Range<usize> {
        let a = self.offset_of_utf16(text, a.0, a.1);
        let b = self.offset_of_utf16(text, b.0, b.1);
        a.min(b)..a.max(b)
    }

    /// The end of a 0-based line's content: before its line break, or the end of the text.
    fn line_content_end(&self, text: &str, line: usize) -> usize {
        let Some(next) = self.line_start(line + 1) else {
            return text.len();
        };
        let before = &text.as_bytes()[..next];
        let before = before.strip_suffix(b"\n").unwrap_or(before);
        before.strip_suffix(b"\r").unwrap_or(before).len()
    }

    /// The 0-based line of `offset`, that line's start, and the offset moved back to a
    /// character boundary.
    fn locate(&self, text: &str, offset: usize) -> (usize, usize, usize) {
        let offset = floor_char_boundary(text, offset);
        // The first line starts at 0, so at least one start is `<= offset`.
        let line = self
            .line_starts
            .partition_point(|&start| start <= offset)
            .saturating_sub(1);
        let start = self.line_starts.get(line).copied().unwrap_or(0);
        (line, start, offset)
    }

    /// Extra bytes over characters and over UTF-16 units of the wide characters that
    /// start before `offset`.
    fn extra_before(&self, offset: usize) -> (usize, usize) {
        let count = self.wide.partition_point(|w| w.at < offset);
        match count.checked_sub(1).and_then(|last| self.wide.get(last)) {
            Some(w) => (w.extra_bytes, w.extra_utf16),
            None => (0, 0),
        }
    }
}

/// The largest character boundary at or before `offset`, within the text.
pub fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions counted the slow, obvious way, to compare the index with.
    fn counted(text: &str, offset: usize) -> (LineCol, usize) {
        let offset = floor_char_boundary(text, offset);
        let mut line = 1;
        let mut column = 1;
        let mut utf16 = 0;
        for (at, c) in text[..offset].char_indices() {
            let lone_cr = c == '\r' && !text[at + 1..].starts_with('\n');
            if c == '\n' || lone_cr {
                line += 1;
                column = 1;
                utf16 = 0;
            } else if !(at == 0 && c == BOM) {
                column += 1;
                utf16 += c.len_utf16();
            }
        }
        (LineCol { line, column }, utf16)
    }

    fn assert_agrees_everywhere(text: &str) {
        let index = LineIndex::new(text);
        for offset in 0..=text.len() + 1 {
            let (at, utf16) = counted(text, offset);
            assert_eq!(index.line_col(text, offset), at, "{text:?} at {offset}");
            assert_eq!(
                index.line_utf16(text, offset),
                (at.line - 1, utf16),
                "{text:?} at {offset}"
            );
        }
    }

    #[test]
    fn counts_lines_and_characters() {
        let text = "{\n  \"é\": 1\n}";
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(text, 0), LineCol { line: 1, column: 1 });
        let one = text.find('1').unwrap();
        assert_eq!(index.line_col(text, one), LineCol { line: 2, column: 8 });
        assert_eq!(
            index.line_col(text, text.len()),
            LineCol { line: 3, column: 2 }
        );
    }

    #[test]
    fn clamps_offsets_inside_a_character() {
        let text = "é";
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(text, 1), LineCol { line: 1, column: 1 });
        assert_eq!(index.line_utf16(text, 99), (0, 1));
    }

    #[test]
    fn wide_characters_on_earlier_lines_do_not_shift_later_columns() {
        let text = "😀é\n\"ü\": \"😀x\"";
        let index = LineIndex::new(text);
        let x = text.find('x').unwrap();
        assert_eq!(index.line_col(text, x), LineCol { line: 2, column: 8 });
        assert_eq!(index.line_utf16(text, x), (1, 8));
    }

    #[test]
    fn a_lone_carriage_return_ends_a_line_and_crlf_is_one_break() {
        let text = "a\rb\r\nc\nd";
        let index = LineIndex::new(text);
        let at = |c: char| index.line_col(text, text.find(c).unwrap());
        assert_eq!(at('b'), LineCol { line: 2, column: 1 });
        assert_eq!(at('c'), LineCol { line: 3, column: 1 });
        assert_eq!(at('d'), LineCol { line: 4, column: 1 });
        assert_eq!(index.line_start(1), Some(2));
        assert_eq!(index.line_start(2), Some(5));
    }

    #[test]
    fn a_byte_order_mark_takes_no_column() {
        let text = "\u{FEFF}{\"a\": 1}\n\u{FEFF}x";
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(text, 0), LineCol { line: 1, column: 1 });
        assert_eq!(index.line_col(text, 3), LineCol { line: 1, column: 1 });
        let one = text.find('1').unwrap();
        assert_eq!(index.line_col(text, one), LineCol { line: 1, column: 7 });
        assert_eq!(index.line_utf16(text, one), (0, 6));
        // Only a mark at the very start is one; elsewhere it is a character like any other.
        let x = text.find('x').unwrap();
        assert_eq!(index.line_col(text, x), LineCol { line: 2, column: 2 });
    }

    #[test]
    fn agrees_with_counting_on_mixed_text() {
        for text in [
            "",
            "\u{FEFF}",
            "\r",
            "\r\n",
            "\n\r",
            "{\"é😀\": \"x\"}\r\n  \"b\": [1,\r2]\n\u{FEFF}ü\r",
            "\u{FEFF}a\u{10FFFF}\r\rz",
        ] {
            assert_agrees_everywhere(text);
        }
    }

    /// The protocol's position of `offset`, counted from the line's start with every
    /// character taking its UTF-16 units (a byte-order mark too).
    fn counted_utf16(text: &str, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(text, offset);
        let (line, _) = counted(text, offset);
        let start = LineIndex::new(text).line_start(line.line - 1).unwrap_or(0);
        let units = text[start..offset].chars().map(char::len_utf16).sum();
        (line.line - 1, units)
    }

    /// The byte offset of a protocol position, found by walking the lines one by one.
    fn counted_offset(text: &str, line: usize, character: usize) -> usize {
        let mut lines = Vec::new(); // (content start, content end)
        let mut start = 0;
        while let Some(at) = text[start..].find(['\r', '\n']) {
            let break_len = if text[start + at..].starts_with("\r\n") {
                2
            } else {
                1
            };
            lines.push((start, start + at));
            start += at + break_len;
        }
        lines.push((start, text.len()));
        let Some(&(start, end)) = lines.get(line) else {
            return text.len();
        };
        let mut units = 0;
        for (i, c) in text[start..end].char_indices() {
            units += c.len_utf16();
            if units > character {
                return start + i;
            }
        }
        end
    }

    const MIXED: [&str; 9] = [
        "",
        "\u{FEFF}",
        "\u{FEFF}\r\n😀",
        "\r\n\r",
        "a😀b\r\nécd😀😀\rxyz\n",
        "{\"k\":\"😀é😀\",\"l\":[1,2,\"ü\"]}",
        "\u{FEFF}{\"é😀\": \"x\"}\r\n  \"b\": [1,\r2]\n\u{FEFF}ü\r",
        "é\n\n😀",
        "\u{10FFFF}\u{FEFF}\u{FEFF}x",
    ];

    #[test]
    fn protocol_positions_agree_with_counting() {
        for text in MIXED {
            let index = LineIndex::new(text);
            for offset in 0..=text.len() + 1 {
                let expected = counted_utf16(text, offset);
                let found = index.position_utf16(text, offset);
                assert_eq!(found, expected, "{text:?} at {offset}");
            }
            for line in 0..6 {
                for character in (0..14).chain([usize::MAX - 1, usize::MAX]) {
                    assert_eq!(
                        index.offset_of_utf16(text, line, character),
                        counted_offset(text, line, character),
                        "{text:?} at {line}:{character}"
                    );
                }
            }
        }
    }

    #[test]
    fn protocol_positions_round_trip_on_every_boundary() {
        for text in MIXED {
            let index = LineIndex::new(text);
            for offset in (0..=text.len()).filter(|&at| text.is_char_boundary(at)) {
                // Between `\r` and `\n` is no position in the protocol's terms.
                if offset > 0 && text[..offset].ends_with('\r') && text[offset..].starts_with('\n')
                {
                    continue;
                }
                let (line, character) = index.position_utf16(text, offset);
                let back = index.offset_of_utf16(text, line, character);
                assert_eq!(back, offset, "{text:?} at {offset}");
            }
        }
    }

    #[test]
    fn protocol_columns_count_surrogate_pairs_as_two_units() {
        // "é" is 2 bytes and 1 unit, "😀" 4 bytes and 2 units.
        let text = "{\"é😀\": \"x\"}";
        let index = LineIndex::new(text);
        let x = text.find('x').unwrap();
        assert_eq!(index.position_utf16(text, x), (0, 9));
        assert_eq!(index.offset_of_utf16(text, 0, 9), x);
        // A column inside the pair, or a byte offset inside the emoji, moves back to it.
        let emoji = text.find('😀').unwrap();
        assert_eq!(index.position_utf16(text, emoji), (0, 3));
        assert_eq!(index.offset_of_utf16(text, 0, 4), emoji);
        assert_eq!(index.offset_of_utf16(text, 0, 5), emoji + 4);
        assert_eq!(index.position_utf16(text, emoji + 2), (0, 3));
    }

    #[test]
    fn protocol_positions_past_a_line_or_the_text_are_clamped() {
        let text = "ab\r\ncd\re";
        let index = LineIndex::new(text);
        // Past the end of a line means the end of its content, never inside the break.
        assert_eq!(index.offset_of_utf16(text, 0, 99), 2);
        assert_eq!(index.offset_of_utf16(text, 1, 3), 6);
        assert_eq!(index.offset_of_utf16(text, 2, 99), text.len());
        assert_eq!(index.offset_of_utf16(text, 7, 0), text.len());
        assert_eq!(
            index.offset_of_utf16(text, usize::MAX, usize::MAX),
            text.len()
        );
        assert_eq!(index.position_utf16(text, 999), (2, 1));
    }

    #[test]
    fn a_leading_byte_order_mark_is_one_unit_to_the_protocol() {
        let text = "\u{FEFF}ab\nc";
        let index = LineIndex::new(text);
        let b = text.find('b').unwrap();
        assert_eq!(index.position_utf16(text, b), (0, 2));
        assert_eq!(index.line_utf16(text, b), (0, 1));
        assert_eq!(index.offset_of_utf16(text, 0, 0), 0);
        assert_eq!(index.offset_of_utf16(text, 0, 1), 3);
        assert_eq!(index.offset_of_utf16(text, 0, 2), b);
        assert_eq!(index.position_utf16(text, text.len()), (1, 1));
    }

    #[test]
    fn ranges_convert_both_ways_in_text_order() {
        let text = "😀\r\nab";
        let index = LineIndex::new(text);
        assert_eq!(index.range_utf16(text, &(0..7)), [(0, 0), (1, 1)]);
        // An end before the start is the start.
        assert_eq!(
            index.range_utf16(text, &Range { start: 7, end: 2 }),
            [(1, 1), (1, 1)]
        );
        assert_eq!(index.span_of_utf16(text, (1, 1), (0, 2)), 4..7);
        assert_eq!(index.span_of_utf16(text, (0, 1), (0, 0)), 0..0);
    }
}
