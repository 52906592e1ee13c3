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
