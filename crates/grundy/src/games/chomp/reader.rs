//! The input format: one position a line, bars as their row lengths from
//! the top, separated by `+` (`4 4 3 + 2 1`).

use std::io::Read;

use super::Bar;
use crate::format::{Lines, ReadError};
use crate::game::CaseReader;

/// The longest line read: a position of thousands of bars.
const MAX_LINE: u64 = 1 << 16;

/// Reads positions of Chomp, one a line.
pub struct Positions<'a> {
    lines: Lines<'a>,
}

impl<'a> Positions<'a> {
    /// A reader of `input`.
    pub fn new(input: Box<dyn Read + 'a>) -> Positions<'a> {
        Positions {
            lines: Lines::new(input, MAX_LINE),
        }
    }
}

/// The bars of a position written `4 4 3 + 2 1`, or what was expected and
/// found instead.
pub fn parse_bars(text: &str) -> Result<Vec<Bar>, (String, String)> {
    let mut bars = Vec::new();
    for part in text.split('+') {
        let mut rows = Vec::new();
        for word in part.split_ascii_whitespace() {
            match word.parse::<u64>() {
                Ok(n) => rows.push(n),
                Err(_) => {
                    return Err((
                        "row lengths of a bar (whole numbers from 1), bars separated by `+`"
                            .to_string(),
                        format!("`{word}`"),
                    ))
                }
            }
        }
        let written = part.trim().to_string();
        bars.push(Bar::new(rows).map_err(|expected| (expected, format!("`{written}`")))?);
    }
    Ok(bars)
}

impl CaseReader<Vec<Bar>> for Positions<'_> {
    fn next_case(&mut self) -> Result<Option<Vec<Bar>>, ReadError> {
        let expected = format!("a line of at most {MAX_LINE} bytes");
        let Some(text) = self.lines.next_line(&expected)? else {
            return Ok(None);
        };
        match parse_bars(text) {
            Ok(bars) => Ok(Some(bars)),
            Err((expected, found)) => Err(self.lines.error(expected, found)),
        }
    }

    fn line(&self) -> u64 {
        self.lines.line()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Vec<Vec<Bar>>, ReadError> {
        let mut reader = Positions::new(Box::new(text.as_bytes()));
        let mut cases = Vec::new();
        while let Some(case) = reader.next_case()? {
            cases.push(case);
        }
        Ok(cases)
    }

    #[test]
    fn bars_are_read_one_position_a_line() {
        // Each case's line, for messages about it.
        let mut reader = Positions::new(Box::new("# a comment\n\n3 1\n2\n".as_bytes()));
        reader.next_case().unwrap().unwrap();
        assert_eq!(reader.line(), 3);
        reader.next_case().unwrap().unwrap();
        assert_eq!(reader.line(), 4);
        let cases = read("# two positions\n4 4 3 + 2 1\n\n 5 \n").unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].len(), 2);
        assert_eq!(cases[0][1].text(), "2 1");
        assert_eq!(cases[1][0].text(), "5");
        let error = read("3 3\n2 3\n").unwrap_err().to_string();
        assert_eq!(
            error,
            "line 2: expected row 2 no longer than the row above it (2), found `2 3`"
        );
        let error = read("3 x\n").unwrap_err().to_string();
        assert!(error.starts_with("line 1: expected row lengths"), "{error}");
        assert!(read("3 + \n")
            .unwrap_err()
            .to_string()
            .contains("at least one row"));
        assert!(read("0\n")
            .unwrap_err()
            .to_string()
            .contains("at least one square"));
    }
}
