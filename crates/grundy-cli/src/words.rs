//! Text for people: wrapping for a terminal, and refusals worded with the
//! flag that lifts them.

use grundy::Refusal;

/// `text` in lines of at most `width` characters, each indented by
/// `indent` spaces (a word longer than a line gets a line of its own).
pub fn wrap(text: &str, indent: usize, width: usize) -> String {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && indent + line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    let pad = " ".repeat(indent);
    lines
        .iter()
        .map(|l| format!("{pad}{l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `head`, then `items` joined by `sep`, then `tail`, in lines of at most
/// `width` characters where the items allow: a line breaks only between
/// items (after `sep`, its trailing spaces dropped), and the lines after
/// the first are indented to where the first item began, or, when `head`
/// takes more than two fifths of a line, four spaces past its own indent.
pub fn wrap_items(head: &str, items: &[String], sep: &str, tail: &str, width: usize) -> String {
    let head_width = head.chars().count();
    let indent = if head_width * 5 <= width * 2 {
        head_width
    } else {
        head.chars().take_while(|&c| c == ' ').count() + 4
    };
    let mut text = head.to_string();
    let mut line = head_width;
    let mut start = head_width;
    for (i, item) in items.iter().enumerate() {
        let last = i + 1 == items.len();
        let piece = if last {
            format!("{item}{tail}")
        } else {
            format!("{item}{sep}")
        };
        let shown = piece.trim_end().chars().count();
        if line > start && line + shown > width {
            while text.ends_with(' ') {
                text.pop();
            }
            text.push('\n');
            text.push_str(&" ".repeat(indent));
            line = indent;
            start = indent;
        }
        text.push_str(&piece);
        line += piece.chars().count();
    }
    if items.is_empty() {
        text.push_str(tail);
    }
    text
}

/// A refusal in words, with how to raise the search budget when that
/// could lift it.
pub fn refusal(error: &Refusal) -> String {
    if error.needs_budget() {
        format!("{error}; --misere-budget N raises the budget")
    } else if error.needs_heap_limit() {
        format!("{error}; --max-heap N raises the limit")
    } else {
        error.to_string()
    }
}

/// Adds how to raise the budget to a misère search's refusal.
pub fn misere_refusal(error: &grundy::misere::MisereError) -> String {
    refusal(&Refusal::Search(error.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn items_fit_on_one_line_when_they_can() {
        let text = wrap_items("  P = {", &items(&["a", "b²"]), ", ", "}", 20);
        assert_eq!(text, "  P = {a, b²}");
    }

    #[test]
    fn lines_break_between_items_and_align_under_the_first() {
        let text = wrap_items(
            "  Q = ⟨a | ",
            &items(&["a² = 1", "b³ = b", "bc = ab"]),
            ", ",
            "⟩",
            30,
        );
        assert_eq!(text, "  Q = ⟨a | a² = 1, b³ = b,\n           bc = ab⟩");
        for line in text.lines() {
            assert!(line.chars().count() <= 30, "{line:?}");
            assert!(!line.ends_with(' '), "{line:?}");
        }
    }

    #[test]
    fn an_item_longer_than_a_line_gets_a_line_of_its_own() {
        let text = wrap_items("x: ", &items(&["a", "bbbbbbbbbbbb", "c"]), " ", "", 8);
        assert_eq!(text, "x: a\n   bbbbbbbbbbbb\n   c");
    }

    #[test]
    fn a_long_head_is_followed_by_lines_indented_past_its_own_indent() {
        let text = wrap_items(
            "  Q = ⟨a, b, c | ",
            &items(&["a = 1", "b = 1"]),
            ", ",
            "⟩",
            20,
        );
        assert_eq!(text, "  Q = ⟨a, b, c | a = 1,\n      b = 1⟩");
    }

    #[test]
    fn no_items_leave_the_head_and_tail() {
        assert_eq!(wrap_items("Q = ⟨", &[], ", ", "⟩", 10), "Q = ⟨⟩");
    }
}
