//! Grundy's game written against grundy's public API: a move splits one heap
//! into two heaps of different sizes. The split is a move that leaves two
//! components, which the solver values as their nim-sum.
//!
//!     cargo run --example grundys_game

use grundy::rules::{Rules, Solver};

struct GrundysGame;

impl Rules for GrundysGame {
    type Position = u32; // a heap
    type Move = (u32, u32); // the two heaps it is split into

    fn options(&self, heap: &u32, option: &mut dyn FnMut((u32, u32), &[u32])) {
        // The smaller part runs up to just below half, so the parts differ.
        for small in 1..heap.div_ceil(2) {
            let large = heap - small;
            option((small, large), &[small, large]);
        }
    }
}

fn main() {
    let mut solver = Solver::new(GrundysGame);
    let values: Vec<String> = (0..30).map(|n| solver.grundy(&n).to_string()).collect();
    println!("Grundy's game, heaps 0..29: {}", values.join(" "));
    let lost: Vec<u32> = (1..200).filter(|n| solver.grundy(n).is_zero()).collect();
    println!("heaps below 200 lost for the player to move: {lost:?}");
    let heaps = [13, 5];
    println!("heaps {heaps:?} are worth {}", solver.sum_value(&heaps));
    // `component` counts from 1, as the statements do.
    for m in solver.sum_winning_moves(&heaps) {
        let (a, b) = m.action;
        println!(
            "  winning: split heap {} (the {}) into {a} + {b}",
            m.component,
            heaps[m.component - 1]
        );
    }
}
