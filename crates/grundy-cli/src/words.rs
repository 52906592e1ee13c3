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
