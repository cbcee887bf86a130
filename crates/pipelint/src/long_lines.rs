//! Keeps code frames readable when a file has very long lines (minified JSON, a huge
//! string): each long line is cut to a window around the finding, with `…` where text was
//! left out, and the spans are moved to match.

use std::ops::Range;

/// Lines longer than this many characters are cut.
pub const MAX_LINE_CHARS: usize = 160;
/// Characters kept on each side of the labelled part of a long line.
const CONTEXT_CHARS: usize = 40;
const ELLIPSIS: &str = "…";

/// A shortened text and the mapping of the original byte offsets into it.
pub struct Excerpt {
    pub text: String,
    /// `(original range kept, start of that range in the new text)`, in order.
    kept: Vec<(Range<usize>, usize)>,
}

impl Excerpt {
    /// Where an original offset lands; offsets in a cut part move to the nearest kept end.
    pub fn map(&self, offset: usize) -> usize {
        let mut last_end = 0;
        for (range, new_start) in &self.kept {
            if offset < range.start {
                return if offset == 0 {
                    0
                } else {
                    last_end.max(*new_start)
                };
            }
            if offset <= range.end {
                return new_start + (offset - range.start);
            }
            last_end = new_start + (range.end - range.start);
        }
        last_end
    }

    pub fn map_span(&self, span: &Range<usize>) -> Range<usize> {
        let start = self.map(span.start);
        start..self.map(span.end).max(start)
    }
}

/// Cuts every line longer than `MAX_LINE_CHARS`; `None` when no line is that long.
/// `points` are the byte offsets that must stay visible (label starts and ends).
pub fn shorten(text: &str, points: &[usize]) -> Option<Excerpt> {
    let mut lines = Vec::new();
    let mut start = 0;
    for (i, b) in text.bytes().enumerate() {
        if b == b'\n' {
            lines.push(start..i);
            start = i + 1;
        }
    }
    lines.push(start..text.len());
    if lines
        .iter()
        .all(|l| l.len() <= MAX_LINE_CHARS || text[l.clone()].chars().count() <= MAX_LINE_CHARS)
    {
        return None;
    }

    let mut out = String::with_capacity(text.len().min(64 * 1024));
    let mut kept = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let content = &text[line.clone()];
        let window = if content.chars().count() <= MAX_LINE_CHARS {
            line.clone()
        } else {
            window(text, line, points)
        };
        if window.start > line.start {
            out.push_str(ELLIPSIS);
        }
        kept.push((window.clone(), out.len()));
        out.push_str(&text[window.clone()]);
        if window.end < line.end {
            out.push_str(ELLIPSIS);
        }
        if index + 1 < lines.len() {
            // The newline itself is kept so line numbers do not change.
            kept.push((line.end..line.end + 1, out.len()));
            out.push('\n');
        }
    }
    Some(Excerpt { text: out, kept })
}

/// The part of a long line to keep: around the points on it, or its beginning.
fn window(text: &str, line: &Range<usize>, points: &[usize]) -> Range<usize> {
    let on_line: Vec<usize> = points
        .iter()
        .copied()
        .filter(|p| line.contains(p) || *p == line.end)
        .collect();
    let (from, to) = match (on_line.iter().min(), on_line.iter().max()) {
        (Some(&lo), Some(&hi)) => (back(text, lo, CONTEXT_CHARS).max(line.start), hi),
        _ => (line.start, line.start),
    };
    let end = forward(text, to, CONTEXT_CHARS).min(line.end);
    let limit = forward(text, from, MAX_LINE_CHARS).min(line.end);
    from..end.min(limit).max(forward(text, from, 1).min(line.end))
}

/// The offset `n` characters before `offset`.
fn back(text: &str, offset: usize, n: usize) -> usize {
    text[..offset]
        .char_indices()
        .rev()
        .nth(n.saturating_sub(1))
        .map_or(0, |(i, _)| i)
}

/// The offset `n` characters after `offset`.
fn forward(text: &str, offset: usize, n: usize) -> usize {
    text[offset..]
        .char_indices()
        .nth(n)
        .map_or(text.len(), |(i, _)| offset + i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_texts_are_left_alone() {
        assert!(shorten("{\n  \"a\": 1\n}", &[5]).is_none());
    }

    #[test]
    fn long_lines_keep_the_labelled_part_and_line_numbers() {
        let long = format!(
            "{{\"pad\": \"{}\", \"replicas\": 11}}\n{{}}",
            "x".repeat(5000)
        );
        let at = long.find("11").unwrap_or_default();
        let excerpt = shorten(&long, &[at, at + 2]).unwrap_or_else(|| panic!("not shortened"));
        let span = excerpt.map_span(&(at..at + 2));
        assert_eq!(&excerpt.text[span], "11");
        assert!(
            excerpt
                .text
                .lines()
                .next()
                .is_some_and(|l| l.chars().count() < MAX_LINE_CHARS + 10)
        );
        assert_eq!(excerpt.text.lines().count(), 2);
        assert!(excerpt.text.starts_with('…'));
    }
}
