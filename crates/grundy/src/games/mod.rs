//! The seed games, one module each, and the take-and-break (octal) games.

pub mod bomb;
pub mod cutting;
pub mod matrix;
pub mod octal;
