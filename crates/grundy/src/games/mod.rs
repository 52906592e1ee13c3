//! The seed games, one module each; the heap games (octal and subtraction
//! codes, Grundy's game) over one shared heap engine; and Wythoff's game.

pub mod bomb;
pub mod cutting;
pub mod grundys;
pub mod hackenbush;
pub mod heap;
pub mod matrix;
pub mod nim;
pub mod octal;
pub mod subtraction;
pub mod values;
pub mod wythoff;
