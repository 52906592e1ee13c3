//! The Cutting Game judge format: pairs `W H` separated by any white space,
//! until the end of input.

use std::io::Read;

use super::scan::Scanner;
use super::{FormatError, ReadError};
use crate::games::cutting::Paper;

/// Reads Cutting Game queries one paper at a time.
pub struct CuttingReader<R> {
    scanner: Scanner<R>,
}

impl<R: Read> CuttingReader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Result<Self, ReadError> {
        Ok(CuttingReader {
            scanner: Scanner::new(input)?,
        })
    }

    /// The next paper, or `None` at the end of input.
    pub fn next_case(&mut self) -> Result<Option<Paper>, ReadError> {
        let sc = &mut self.scanner;
        if !sc.skip_to_token()? {
            return Ok(None);
        }
        let width = side(sc, "the width `W` of `W H` (a positive integer)")?;
        if !sc.skip_to_token()? {
            let expected = "the height `H` after `W` (a positive integer)";
            return Err(FormatError::new(sc.line_at_end(), expected, "end of input").into());
        }
        let height = side(sc, "the height `H` of `W H` (a positive integer)")?;
        Ok(Some(Paper::new(width, height)))
    }
}

#[inline]
fn side<R: Read>(sc: &mut Scanner<R>, what: &str) -> Result<u64, ReadError> {
    let line = sc.line();
    match sc.number(what)? {
        0 => Err(FormatError::new(line, what, "`0`").into()),
        n => Ok(n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(input: &str) -> (Vec<(u64, u64)>, Option<String>) {
        let mut reader = CuttingReader::new(input.as_bytes()).unwrap();
        let mut papers = Vec::new();
        loop {
            match reader.next_case() {
                Ok(Some(p)) => papers.push((p.width, p.height)),
                Ok(None) => return (papers, None),
                Err(e) => return (papers, Some(e.to_string())),
            }
        }
    }

    #[test]
    fn pairs_in_any_white_space() {
        let (papers, err) = read_all("2 2\r\n3\n2\t4 2 9223372036854775807 1");
        assert_eq!(err, None);
        assert_eq!(papers, vec![(2, 2), (3, 2), (4, 2), (9_223_372_036_854_775_807, 1)]);
        assert_eq!(read_all("").0, vec![]);
        assert_eq!(read_all(" \n\n").0, vec![]);
    }

    #[test]
    fn errors_name_the_line() {
        assert_eq!(
            read_all("2 2\n3\n").1.as_deref(),
            Some("line 2: expected the height `H` after `W` (a positive integer), found end of input")
        );
        assert_eq!(
            read_all("2 2\n0 5\n"),
            (vec![(2, 2)], Some("line 2: expected the width `W` of `W H` (a positive integer), found `0`".into()))
        );
        assert_eq!(
            read_all("2 2x\n").1.as_deref(),
            Some("line 1: expected the height `H` of `W H` (a positive integer), found `2x`")
        );
    }
}
