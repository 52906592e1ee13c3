//! A table of one component's values over its two sizes.

/// The values of one component over a rectangle of its two sizes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentTable {
    /// What one entry is the value of ("one bomb at (p, q)").
    pub what: &'static str,
    /// What the two sizes are, down the rows and along the columns
    /// (`["row p", "column q"]`, `["width W", "height H"]`).
    pub axes: [&'static str; 2],
    /// Row-major values: row `i` (from 0) holds sizes `i + 1` by 1, 2, ….
    pub values: Vec<u32>,
    /// The sizes (1-based `[row, column]`) whose component the player to
    /// move wins at once whatever its value says (a Cutting Game strip:
    /// its value is that of the reduced game, where it cannot occur).
    pub wins_at_once: Vec<[u32; 2]>,
}
