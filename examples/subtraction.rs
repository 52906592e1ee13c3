//! A subtraction game written against grundy's public API: a move takes 1, 3
//! or 4 tokens from one heap. Prints the Grundy values of the first heaps
//! (periodic with period 7) and a winning move in a sum of heaps.
//!
//!     cargo run --example subtraction

use grundy::rules::{Rules, Solver};

/// Take `1`, `3` or `4` tokens from a heap.
struct Subtraction {
    takes: Vec<u32>,
}

impl Rules for Subtraction {
    type Position = u32; // a heap
    type Move = u32; // tokens taken

    fn options(&self, heap: &u32, option: &mut dyn FnMut(u32, &[u32])) {
        for &take in &self.takes {
            if take <= *heap {
                option(take, &[heap - take]);
            }
        }
    }
}

fn main() {
    let mut solver = Solver::new(Subtraction {
        takes: vec![1, 3, 4],
    });
    let values: Vec<String> = (0..21).map(|n| solver.grundy(&n).to_string()).collect();
    println!(
        "subtraction game {{1, 3, 4}}, heaps 0..20: {}",
        values.join(" ")
    );
    let heaps = [5, 6, 9];
    println!("heaps {heaps:?} are worth {}", solver.sum_value(&heaps));
    // `component` counts from 1, as the statements do.
    for m in solver.sum_winning_moves(&heaps) {
        println!(
            "  winning: take {} from heap {} (of {}), leaving {:?}",
            m.action,
            m.component,
            heaps[m.component - 1],
            m.leaves
        );
    }
}
