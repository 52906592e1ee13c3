//! Every game, one folder (or file) each. The heap games (octal and
//! subtraction codes, Grundy's game, Nim) share one heap engine (`heap/`);
//! `values` holds what tables of values share.
//!
//! A game is its module below and one line of the `registry!` list, which
//! registers it (see [`registry`](crate::registry)), in the order `grundy
//! --help` lists the games. The modules are declared here, not by the
//! macro, so that tools reading the source (cargo-mutants) find them.

pub mod bomb;
pub mod chomp;
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

crate::registry::registry! {
    bomb::BombGame,
    cutting::CuttingGame,
    matrix::MatrixGame,
    heap::HeapGame<octal::OctalCode>,
    heap::HeapGame<subtraction::Subtraction>,
    heap::HeapGame<grundys::GrundysGame>,
    wythoff::WythoffGame,
    hackenbush::GreenHackenbush,
    heap::HeapGame<nim::Nim>,
    chomp::Chomp,
}
