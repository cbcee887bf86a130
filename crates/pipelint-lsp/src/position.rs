//! Byte offsets (the core's unit) to LSP positions and back.
//!
//! LSP positions are a 0-based line and a 0-based column counted in UTF-16 code units, and
//! the protocol counts `\n`, `\r\n` and a lone `\r` as line breaks, as the core's
//! `LineIndex` does. The server keeps this small index of its own because it also turns
//! positions back into offsets (to apply edits); merging the two is left for later.

use lsp_types::{Position, Range};
use pipelint_core::floor_char_boundary;

/// Bytes between two checkpoints of an index: turning an offset into a column, or back,
/// scans at most this much text (and one character), however long the line. A minified
/// document is one line, and a column counted from its start made every position cost the
/// whole document.
const CHECKPOINT_BYTES: usize = 256;

/// Line starts of one text, in bytes, and UTF-16 checkpoints along it.
#[derive(Clone, Debug)]
pub struct PositionIndex {
    line_starts: Vec<usize>,
    /// `(byte offset of a character, UTF-16 units before it)`, the first at 0, then one at
    /// the first character at least [`CHECKPOINT_BYTES`] after the previous one.
    checkpoints: Vec<(usize, usize)>,
}

impl PositionIndex {
    pub fn new(text: &str) -> Self {
        Self::with_spacing(text, CHECKPOINT_BYTES)
    }

    fn with_spacing(text: &str, spacing: usize) -> Self {
        let bytes = text.as_bytes();
        let mut line_starts = vec![0];
        for (i, &b) in bytes.iter().enumerate() {
            match b {
                b'\n' => line_starts.push(i + 1),
                b'\r' if bytes.get(i + 1) != Some(&b'\n') => line_starts.push(i + 1),
                _ => {}
            }
        }
        let mut checkpoints = vec![(0, 0)];
        let mut units = 0;
        let mut next = spacing;
        for (i, c) in text.char_indices() {
            if i >= next {
                checkpoints.push((i, units));
                next = i + spacing;
            }
            units += c.len_utf16();
        }
        PositionIndex {
            line_starts,
            checkpoints,
        }
    }

    /// UTF-16 units of the text before `offset`, a character boundary.
    fn units_before(&self, text: &str, offset: usize) -> usize {
        let k = self.checkpoints.partition_point(|&(at, _)| at <= offset) - 1;
        let (at, units) = self.checkpoints[k];
        units + utf16_len(&text[at..offset])
    }

    /// The LSP position of a byte offset. Offsets past the end or inside a character are
    /// moved back to the nearest character boundary.
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let offset = floor_char_boundary(text, offset);
        let line = self.line_starts.partition_point(|&start| start <= offset) - 1;
        let start = self.line_starts[line];
        let column = self.units_before(text, offset) - self.units_before(text, start);
        Position::new(to_u32(line), to_u32(column))
    }

    pub fn range(&self, text: &str, span: &std::ops::Range<usize>) -> Range {
        let start = self.position(text, span.start);
        let end = self.position(text, span.end.max(span.start));
        Range::new(start, end)
    }

    /// The byte offset of an LSP position. As the protocol asks, a column past the end of
    /// its line means the end of the line; a line past the end of the text means the end of
    /// the text. A column inside a surrogate pair moves back to the character's start.
    pub fn offset(&self, text: &str, position: Position) -> usize {
        let line = position.line as usize;
        let Some(&start) = self.line_starts.get(line) else {
            return text.len();
        };
        let end = self.line_content_end(text, line);
        // In units from the start of the text: the character that ends past `wanted` is
        // the one the position is in (or just before).
        let wanted = self
            .units_before(text, start)
            .saturating_add(position.character as usize);
        // Start scanning at the last checkpoint in the line's reach that is not past it.
        let k = self
            .checkpoints
            .partition_point(|&(at, units)| at <= end && units <= wanted);
        let (mut from, mut units) = self.checkpoints[k.saturating_sub(1)];
        if from < start {
            (from, units) = (start, self.units_before(text, start));
        }
        for (i, c) in text[from..end].char_indices() {
            units += c.len_utf16();
            if units > wanted {
                return from + i;
            }
        }
        end
    }

    /// The end of a line's content: before its line break, or the end of the text.
    fn line_content_end(&self, text: &str, line: usize) -> usize {
        let Some(&next) = self.line_starts.get(line + 1) else {
            return text.len();
        };
        let bytes = text.as_bytes();
        let mut end = next;
        if end > 0 && bytes[end - 1] == b'\n' {
            end -= 1;
        }
        if end > 0 && bytes[end - 1] == b'\r' {
            end -= 1;
        }
        end
    }
}

fn utf16_len(text: &str) -> usize {
    text.chars().map(char::len_utf16).sum()
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: u32, character: u32) -> Position {
        Position::new(line, character)
    }

    #[test]
    fn columns_count_utf16_code_units() {
        // "é" is 2 bytes and 1 unit, "😀" 4 bytes and 2 units.
        let text = "{\"é😀\": \"x\"}";
        let index = PositionIndex::new(text);
        let x = text.find('x').unwrap();
        assert_eq!(x, 12);
        assert_eq!(index.position(text, x), pos(0, 9));
        assert_eq!(index.offset(text, pos(0, 9)), x);
    }

    #[test]
    fn every_line_break_style_starts_a_line() {
        let text = "a\nb\r\nc\rd";
        let index = PositionIndex::new(text);
        assert_eq!(index.position(text, 2), pos(1, 0));
        assert_eq!(index.position(text, 5), pos(2, 0));
        assert_eq!(index.position(text, 7), pos(3, 0));
        assert_eq!(index.offset(text, pos(3, 0)), 7);
        assert_eq!(index.offset(text, pos(1, 1)), 3);
    }

    #[test]
    fn out_of_range_positions_are_clamped() {
        let text = "ab\r\ncd";
        let index = PositionIndex::new(text);
        // Past the end of line 0 means the end of its content, not inside the break.
        assert_eq!(index.offset(text, pos(0, 99)), 2);
        assert_eq!(index.offset(text, pos(7, 0)), text.len());
        assert_eq!(index.offset(text, pos(1, 99)), text.len());
        assert_eq!(index.position(text, 999), pos(1, 2));
    }

    #[test]
    fn a_column_inside_a_surrogate_pair_moves_back() {
        let text = "😀x";
        let index = PositionIndex::new(text);
        assert_eq!(index.offset(text, pos(0, 1)), 0);
        assert_eq!(index.offset(text, pos(0, 2)), 4);
        // A byte offset inside the emoji also moves back.
        assert_eq!(index.position(text, 2), pos(0, 0));
    }

    #[test]
    fn offsets_and_positions_round_trip_on_every_boundary() {
        let text = "{\r\n  \"név\": \"😀😀\",\n\r  \"b\": [1,\r2]\n}\n";
        let index = PositionIndex::new(text);
        for offset in 0..=text.len() {
            if !text.is_char_boundary(offset) {
                continue;
            }
            // A position between `\r` and `\n` does not exist in LSP terms.
            if offset > 0
                && text.as_bytes()[offset - 1] == b'\r'
                && text[offset..].starts_with('\n')
            {
                continue;
            }
            let position = index.position(text, offset);
            assert_eq!(index.offset(text, position), offset, "offset {offset}");
        }
    }

    /// The position by counting from the line's start, with no checkpoints.
    fn counted_position(text: &str, offset: usize) -> Position {
        let offset = floor_char_boundary(text, offset);
        let starts = PositionIndex::with_spacing(text, usize::MAX).line_starts;
        let line = starts.partition_point(|&start| start <= offset) - 1;
        let column = utf16_len(&text[starts[line]..offset]);
        pos(line as u32, column as u32)
    }

    #[test]
    fn checkpoints_give_the_positions_and_offsets_of_counting_from_the_line_start() {
        let texts = [
            "a😀b\r\nécd😀😀\rxyz\n",
            "{\"k\":\"😀é😀\",\"l\":[1,2,\"ü\"]}",
            "é\n\n😀",
        ];
        for text in texts {
            let counted = PositionIndex::with_spacing(text, usize::MAX);
            for spacing in 1..=5 {
                let index = PositionIndex::with_spacing(text, spacing);
                for offset in 0..=text.len() + 1 {
                    let expected = counted_position(text, offset);
                    assert_eq!(index.position(text, offset), expected, "{text:?} {offset}");
                }
                for line in 0..5 {
                    for character in 0..12 {
                        let position = pos(line, character);
                        assert_eq!(
                            index.offset(text, position),
                            counted.offset(text, position),
                            "{text:?} spacing {spacing} {position:?}"
                        );
                    }
                }
            }
        }
    }
}
