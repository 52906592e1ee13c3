//! The seed games: one module each.

pub mod bomb;
pub mod cutting;
pub mod matrix;
