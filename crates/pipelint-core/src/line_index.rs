//! Byte offsets to human positions, computed only at the edges.
//!
//! One index per text answers every query in O(log n): the line comes from a binary search
//! over the line starts, and the column from the byte distance to the line start, corrected
//! by the characters that take more than one byte (found by a second binary search). Text
//! without such characters pays for nothing but the line starts.

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

    /// 0-based line and UTF-16 column, as the language server protocol counts.
    pub fn line_utf16(&self, text: &str, offset: usize) -> (usize, usize) {
        let (line, start, offset) = self.locate(text, offset);
        let extra = |at| self.extra_before(at).1;
        (line, offset - start - (extra(offset) - extra(start)))
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
}
