//! How text for people is emphasised: plain, or a terminal's colours.

/// How text is emphasised: plain, or with a terminal's colours.
pub trait Style {
    /// Text that should stand out (a total, a piece's size).
    fn strong(&self, text: &str) -> String;
    /// A game piece on a drawing (a bomb).
    fn piece(&self, text: &str) -> String;
}

/// No emphasis at all.
#[derive(Clone, Copy, Debug, Default)]
pub struct Plain;

impl Style for Plain {
    fn strong(&self, text: &str) -> String {
        text.to_string()
    }

    fn piece(&self, text: &str) -> String {
        text.to_string()
    }
}

/// Components drawn as a numbered list, `1) a   2) [b]   3) c`, the ones
/// at `marked` (0-based places) in brackets: those a move just left.
pub fn numbered_list(items: &[String], marked: std::ops::Range<usize>) -> String {
    let list: Vec<String> = items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            if marked.contains(&i) {
                format!("{}) [{item}]", i + 1)
            } else {
                format!("{}) {item}", i + 1)
            }
        })
        .collect();
    list.join("   ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_numbered_list_brackets_exactly_the_marked_places() {
        let items: Vec<String> = ["4", "5", "6", "7"].map(String::from).to_vec();
        assert_eq!(numbered_list(&items, 0..0), "1) 4   2) 5   3) 6   4) 7");
        assert_eq!(numbered_list(&items, 1..3), "1) 4   2) [5]   3) [6]   4) 7");
        assert_eq!(numbered_list(&items, 3..9), "1) 4   2) 5   3) 6   4) [7]");
    }
}
