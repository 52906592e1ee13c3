//! Sizes given on the command line (`--size 8`, `--size 3x7`).

/// Reads a size `N` (for N×N) or `NxM`, each side from 1 to `max`.
pub fn parse_dimensions(text: &str, max: u32) -> Result<(u32, u32), String> {
    // Cell counts are checked against --max-cells by the command.
    let (a, b) = text.split_once(['x', 'X', '×']).unwrap_or((text, text));
    let side = |s: &str| match s.trim().parse::<u32>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "expected N or NxM with each side from 1 to {max}; found `{text}`"
        )),
    };
    Ok((side(a)?, side(b)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dimensions() {
        assert_eq!(parse_dimensions("8", 10), Ok((8, 8)));
        assert_eq!(parse_dimensions("3x7", 10), Ok((3, 7)));
        assert_eq!(parse_dimensions("3×7", 10), Ok((3, 7)));
        assert!(parse_dimensions("0", 10).is_err());
        assert!(parse_dimensions("11x3", 10).is_err());
        assert!(parse_dimensions("ax3", 10).is_err());
    }
}
