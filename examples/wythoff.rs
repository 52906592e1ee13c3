//! Wythoff's game written against grundy's public API: two heaps; a move
//! takes any number of tokens from one heap, or the same number from both.
//! The whole position is one component. Its lost positions are the pairs
//! (⌊kφ⌋, ⌊kφ²⌋), which this example checks.
//!
//!     cargo run --example wythoff

use grundy::rules::{Rules, Solver};

struct Wythoff;

/// Tokens taken from the first and the second heap.
type Take = (u32, u32);

impl Rules for Wythoff {
    type Position = (u32, u32);
    type Move = Take;

    fn options(&self, &(a, b): &(u32, u32), option: &mut dyn FnMut(Take, &[(u32, u32)])) {
        for k in 1..=a {
            option((k, 0), &[(a - k, b)]);
        }
        for k in 1..=b {
            option((0, k), &[(a, b - k)]);
        }
        for k in 1..=a.min(b) {
            option((k, k), &[(a - k, b - k)]);
        }
    }
}

fn main() {
    let mut solver = Solver::new(Wythoff);
    let n = 40;
    let lost: Vec<(u32, u32)> = (0..n)
        .flat_map(|a| (a..n).map(move |b| (a, b)))
        .filter(|p| solver.grundy(p).is_zero())
        .collect();
    println!("lost positions (a ≤ b < {n}): {lost:?}");
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let expected: Vec<(u32, u32)> = (0..)
        .map(|k| ((k as f64 * phi) as u32, (k as f64 * phi * phi) as u32))
        .take_while(|&(_, b)| b < n)
        .collect();
    println!("Wythoff pairs (⌊kφ⌋, ⌊kφ²⌋) agree: {}", lost == expected);
    println!(
        "the values of row a = 3: {:?}",
        (0..12)
            .map(|b| solver.grundy(&(3, b)).0)
            .collect::<Vec<_>>()
    );
    let start = (9, 14);
    for m in solver.sum_winning_moves(&[start]) {
        println!(
            "from {start:?}: take {:?}, leaving {:?}",
            m.action, m.leaves[0]
        );
    }
}
