//! Byte offsets to human positions, computed only at the edges.

/// Line starts of a text, for turning byte offsets into 1-based line and column.
#[derive(Clone, Debug)]
pub struct LineIndex {
    line_starts: Vec<usize>,
}

/// A 1-based line and column; the column counts Unicode scalar values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCol {
    pub line: usize,
    pub column: usize,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex { line_starts }
    }

    /// The byte offset where a 0-based line starts, if the text has that line.
    pub fn line_start(&self, line: usize) -> Option<usize> {
        self.line_starts.get(line).copied()
    }

    /// Position of `offset` in `text` (the text this index was built from).
    /// Offsets past the end, or inside a character, are clamped to a boundary.
    pub fn line_col(&self, text: &str, offset: usize) -> LineCol {
        let offset = floor_char_boundary(text, offset);
        let line = self.line_starts.partition_point(|&start| start <= offset) - 1;
        let start = self.line_starts[line];
        LineCol {
            line: line + 1,
            column: text[start..offset].chars().count() + 1,
        }
    }

    /// 0-based line and UTF-16 column, as the language server protocol counts.
    pub fn line_utf16(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(text, offset);
        let line = self.line_starts.partition_point(|&start| start <= offset) - 1;
        let start = self.line_starts[line];
        let column = text[start..offset].chars().map(char::len_utf16).sum();
        (line, column)
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

    #[test]
    fn counts_lines_and_characters() {
        let text = "{\n  \"é\": 1\n}";
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(text, 0), LineCol { line: 1, column: 1 });
        let one = text.find('1').unwrap_or_default();
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
}
