//! What a code frame shows of a file: an excerpt miette draws from.
//!
//! - Only the lines around the labels are copied, so drawing a frame costs the size of the
//!   frame, never the size of the file (miette's own `SourceCode` for strings scans from
//!   the start of the text on every read).
//! - Lines longer than `MAX_LINE_CHARS` are cut to a window around the labels, with `…`
//!   where text was left out (minified JSON, a huge string).
//! - Control characters become visible stand-ins (`output::escape`), one character for one,
//!   so a file cannot drive the terminal and labels stay under the text they mark.
//! - Line breaks (LF, CRLF and a lone CR) become LF: miette splits lines on LF only.
//!
//! Lines keep their numbers in the file, and each frame's header names the label's line
//! and column from the same line index as every other format.

use std::ops::Range;

use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};
use pipelint_core::LineIndex;
use pipelint_core::floor_char_boundary;

use crate::output::escape;

/// Lines longer than this many characters are cut.
pub const MAX_LINE_CHARS: usize = 160;
/// Characters kept on each side of the labelled part of a long line.
const CONTEXT_CHARS: usize = 40;
/// Lines shown above and below a label (the handler's `with_context_lines`).
pub const CONTEXT_LINES: usize = 1;
/// A label over more lines than this is drawn on its first line only, so one frame never
/// prints a whole large file.
pub const MAX_LABEL_LINES: usize = 100;
/// Labels at most this many lines apart share one excerpt, so miette may draw them in one
/// snippet with the lines between (as it does for a whole text).
const MAX_JOINED_GAP: usize = 20;
const ELLIPSIS: &str = "…";

/// The shown text of one frame and the mapping of the file's byte offsets into it.
pub struct Excerpt {
    text: String,
    /// Where the kept parts of the file landed, in order.
    pieces: Vec<Piece>,
    /// Every shown line, in order.
    lines: Vec<ShownLine>,
    /// The frame header of each label start: its offset in `text` and `name:line:column`.
    headers: Vec<(usize, String)>,
    /// The labels' spans, moved into `text`, in the order they were given.
    spans: Vec<Range<usize>>,
}

/// A run of the file copied as is (`from` and `to` of equal length), or one character or
/// line break replaced by its stand-in.
struct Piece {
    from: Range<usize>,
    to: Range<usize>,
}

struct ShownLine {
    /// Offset in the excerpt's text.
    start: usize,
    /// 0-based line number in the file.
    number: usize,
}

/// The file an excerpt is cut from.
struct File<'a> {
    text: &'a str,
    index: &'a LineIndex,
    last_line: usize,
}

impl File<'_> {
    /// 0-based line of an offset.
    fn line_of(&self, offset: usize) -> usize {
        self.index
            .line_col(self.text, offset)
            .line
            .saturating_sub(1)
    }

    /// Start, end of the content (before the line break) and start of the next line.
    fn bounds(&self, line: usize) -> (usize, usize, usize) {
        let start = self.index.line_start(line).unwrap_or(self.text.len());
        let next = self
            .index
            .line_start(line + 1)
            .unwrap_or(self.text.len())
            .max(start);
        let with_break = &self.text[start..next];
        let content = with_break
            .strip_suffix("\r\n")
            .or_else(|| with_break.strip_suffix(['\n', '\r']))
            .unwrap_or(with_break);
        (start, start + content.len(), next)
    }

    /// The span on character boundaries inside the text; a label over too many lines is
    /// cut to the end of its first line.
    fn clamp(&self, span: &Range<usize>) -> Range<usize> {
        let start = floor_char_boundary(self.text, span.start);
        let end = floor_char_boundary(self.text, span.end).max(start);
        let first = self.line_of(start);
        if self.line_of(end) - first > MAX_LABEL_LINES {
            return start..self.bounds(first).1.max(start);
        }
        start..end
    }
}

impl Excerpt {
    /// The excerpt for labels at `spans` (byte ranges of `text`, whose line index is
    /// `index`); `name` is the file's name as shown.
    pub fn new(name: &str, text: &str, index: &LineIndex, spans: &[Range<usize>]) -> Excerpt {
        let file = File {
            text,
            index,
            last_line: 0,
        };
        // The empty line after a final line break is not shown (as miette does not).
        let ends_with_break = text.ends_with(['\n', '\r']);
        let last_line = file
            .line_of(text.len())
            .saturating_sub(usize::from(ends_with_break));
        let file = File { last_line, ..file };
        let spans: Vec<Range<usize>> = spans.iter().map(|s| file.clamp(s)).collect();
        let mut points: Vec<usize> = spans.iter().flat_map(|s| [s.start, s.end]).collect();
        points.sort_unstable();

        let mut excerpt = Excerpt {
            text: String::new(),
            pieces: Vec::new(),
            lines: Vec::new(),
            headers: Vec::new(),
            spans: Vec::new(),
        };
        for lines in shown_lines(&file, &spans) {
            for line in lines {
                excerpt.push_line(&file, line, &points);
            }
        }
        excerpt.spans = spans
            .iter()
            .map(|s| {
                let start = excerpt.map(s.start);
                start..excerpt.map(s.end).max(start)
            })
            .collect();
        excerpt.headers = spans
            .iter()
            .zip(&excerpt.spans)
            .map(|(original, shown)| {
                let at = index.line_col(text, original.start);
                (shown.start, format!("{name}:{}:{}", at.line, at.column))
            })
            .collect();
        excerpt.headers.sort_by_key(|(offset, _)| *offset);
        excerpt
    }

    /// The spans given to `new`, moved into the excerpt, in the same order.
    pub fn spans(&self) -> &[Range<usize>] {
        &self.spans
    }

    /// The shown text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Copies one line of the file, cut to a window when it is long.
    fn push_line(&mut self, file: &File, line: usize, points: &[usize]) {
        let (start, end, next) = file.bounds(line);
        self.lines.push(ShownLine {
            start: self.text.len(),
            number: line,
        });
        let long = end - start > MAX_LINE_CHARS
            && file.text[start..end].chars().nth(MAX_LINE_CHARS).is_some();
        let kept = if long {
            let on_line = &points
                [points.partition_point(|&p| p < start)..points.partition_point(|&p| p <= end)];
            window(file.text, start..end, on_line)
        } else {
            start..end
        };
        if kept.start > start {
            self.text.push_str(ELLIPSIS);
        }
        self.copy(file.text, kept.clone());
        if kept.end < end {
            self.text.push_str(ELLIPSIS);
        }
        if next > end {
            self.pieces.push(Piece {
                from: end..next,
                to: self.text.len()..self.text.len() + 1,
            });
            self.text.push('\n');
        }
    }

    /// Copies `range` of `text`, replacing control characters by their stand-ins.
    fn copy(&mut self, text: &str, range: Range<usize>) {
        let mut run = range.start;
        for (i, c) in text[range.clone()].char_indices() {
            let Some(shown) = escape::stand_in(c) else {
                continue;
            };
            let at = range.start + i;
            self.copy_run(text, run..at);
            let to = self.text.len();
            self.text.push(shown);
            self.pieces.push(Piece {
                from: at..at + c.len_utf8(),
                to: to..self.text.len(),
            });
            run = at + c.len_utf8();
        }
        self.copy_run(text, run..range.end);
    }

    fn copy_run(&mut self, text: &str, range: Range<usize>) {
        if range.is_empty() {
            return;
        }
        let to = self.text.len();
        self.text.push_str(&text[range.clone()]);
        self.pieces.push(Piece {
            from: range,
            to: to..self.text.len(),
        });
    }

    /// Where an offset of the file lands; offsets in a part left out move to the start of
    /// the next kept part.
    pub fn map(&self, offset: usize) -> usize {
        let next = self.pieces.partition_point(|p| p.from.end < offset);
        match self.pieces.get(next) {
            None => self.pieces.last().map_or(0, |p| p.to.end),
            Some(p) if offset <= p.from.start => p.to.start,
            Some(p) if p.from.len() == p.to.len() => p.to.start + (offset - p.from.start),
            Some(p) => p.to.end,
        }
    }

    /// The shown line holding an offset of the excerpt.
    fn line_at(&self, offset: usize) -> usize {
        self.lines
            .partition_point(|l| l.start <= offset)
            .saturating_sub(1)
    }

    /// Whether shown lines `a..=b` follow each other in the file.
    fn contiguous(&self, a: usize, b: usize) -> bool {
        self.lines[b].number - self.lines[a].number == b - a
    }

    fn header(&self, offset: usize, line: usize) -> String {
        let found = self.headers.binary_search_by_key(&offset, |(o, _)| *o);
        match found {
            Ok(i) => self.headers[i].1.clone(),
            // Only label starts are asked for; this is a safe fallback.
            Err(_) => self
                .headers
                .first()
                .map(|(_, h)| h.clone())
                .unwrap_or_else(|| (line + 1).to_string()),
        }
    }
}

/// The groups of consecutive lines to show: each label's lines with their context, and the
/// lines between labels that are close.
fn shown_lines(file: &File, spans: &[Range<usize>]) -> Vec<Range<usize>> {
    let mut wanted: Vec<Range<usize>> = spans
        .iter()
        .map(|s| {
            let last = (file.line_of(s.end) + CONTEXT_LINES).min(file.last_line);
            let first = file
                .line_of(s.start)
                .saturating_sub(CONTEXT_LINES)
                .min(last);
            first..last + 1
        })
        .collect();
    wanted.sort_by_key(|r| r.start);
    let mut groups: Vec<Range<usize>> = Vec::new();
    for range in wanted {
        match groups.last_mut() {
            Some(last) if range.start <= last.end + MAX_JOINED_GAP => {
                last.end = last.end.max(range.end);
            }
            _ => groups.push(range),
        }
    }
    groups
}

impl SourceCode for Excerpt {
    /// Like miette's reader for strings, but starts at the shown line instead of scanning
    /// from the beginning, and counts lines as the file does. A span over lines that are
    /// not shown together (two labels far apart) is refused, so miette draws them as
    /// separate snippets.
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let start = span.offset();
        let end = start.saturating_add(span.len());
        if self.lines.is_empty() || end > self.text.len() {
            return Err(MietteError::OutOfBounds);
        }
        let mut first = self.line_at(start);
        let mut last = self.line_at(end.saturating_sub(1).max(start));
        if !self.contiguous(first, last) {
            return Err(MietteError::OutOfBounds);
        }
        for _ in 0..context_lines_before {
            if first > 0 && self.contiguous(first - 1, first) {
                first -= 1;
            }
        }
        for _ in 0..context_lines_after {
            if last + 1 < self.lines.len() && self.contiguous(last, last + 1) {
                last += 1;
            }
        }
        let line_start = self.lines[first].start;
        let (from, column) = if context_lines_before == 0 {
            let column = self
                .text
                .get(line_start..start)
                .map_or(0, |t| t.chars().count());
            (start, column)
        } else {
            (line_start, 0)
        };
        let to = self
            .lines
            .get(last + 1)
            .map_or(self.text.len(), |l| l.start);
        Ok(Box::new(MietteSpanContents::new_named(
            self.header(start, self.lines[first].number),
            &self.text.as_bytes()[from..to],
            (from, to - from).into(),
            self.lines[first].number,
            column,
            // What miette's own reader reports: the lines from the start of the file to the
            // end of this snippet. miette uses it to decide whether to join two snippets.
            self.lines[last].number + 1,
        )))
    }
}

/// The part of a long line to keep: around the points on it, or its beginning.
fn window(text: &str, line: Range<usize>, on_line: &[usize]) -> Range<usize> {
    let (from, to) = match (on_line.first(), on_line.last()) {
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

    fn excerpt(text: &str, spans: &[Range<usize>]) -> Excerpt {
        Excerpt::new("f", text, &pipelint_core::LineIndex::new(text), spans)
    }

    #[test]
    fn only_the_lines_around_the_labels_are_copied() {
        let text: String = (0..1000).map(|i| format!("line {i}\n")).collect();
        let at = text.find("line 500").unwrap();
        let shown = excerpt(&text, std::slice::from_ref(&(at..at + 4)));
        assert_eq!(shown.text(), "line 499\nline 500\nline 501\n");
        assert_eq!(&shown.text()[shown.spans()[0].clone()], "line");
        assert_eq!(shown.headers[0].1, "f:501:1");
    }

    #[test]
    fn long_lines_keep_the_labelled_part_and_line_numbers() {
        let long = format!(
            "{{\"pad\": \"{}\", \"replicas\": 11}}\n{{}}",
            "x".repeat(5000)
        );
        let at = long.find("11").unwrap();
        let shown = excerpt(&long, std::slice::from_ref(&(at..at + 2)));
        assert_eq!(&shown.text()[shown.spans()[0].clone()], "11");
        let first = shown.text().lines().next().unwrap();
        assert!(first.starts_with('…'));
        assert!(first.chars().count() < MAX_LINE_CHARS + 10);
        assert_eq!(shown.text().lines().count(), 2);
        assert_eq!(shown.headers[0].1, format!("f:1:{}", at + 1));
    }

    #[test]
    fn stand_ins_and_line_breaks_keep_spans_on_their_characters() {
        let text = "{\"a\u{1b}[2J\": 1,\r\"é\u{9b}\": 2\r\n}";
        let two = text.find('2').unwrap();
        let two = text[two + 1..].find('2').map_or(0, |i| two + 1 + i);
        let key = text.find("\"é").unwrap();
        let shown = excerpt(text, &[two..two + 1, key..key + 6]);
        assert_eq!(shown.text(), "{\"a\u{241B}[2J\": 1,\n\"é\u{FFFD}\": 2\n}");
        assert_eq!(&shown.text()[shown.spans()[0].clone()], "2");
        assert_eq!(&shown.text()[shown.spans()[1].clone()], "\"é\u{FFFD}\"");
        // A lone CR ends line 1; columns count characters.
        assert_eq!(shown.headers[0].1, "f:2:1");
        assert_eq!(shown.headers[1].1, "f:2:7");
    }

    #[test]
    fn a_label_over_very_many_lines_is_drawn_on_its_first_line() {
        let text = format!("[\n{}]\n", "1,\n".repeat(10 * MAX_LABEL_LINES));
        let shown = excerpt(&text, std::slice::from_ref(&(0..text.len() - 1)));
        assert_eq!(shown.text(), "[\n1,\n");
        assert_eq!(&shown.text()[shown.spans()[0].clone()], "[");
    }
}
