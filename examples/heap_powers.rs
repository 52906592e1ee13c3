//! Powers of a new heap beside a partial misère quotient.
//!
//! `cargo run --release -p grundy --example heap_powers -- CODE N K TOKENS`
//! computes the quotient of the heaps below N, has it checked by the
//! certificate check (written apart from the solver), then plays k heaps of
//! N beside every sum Z of smaller heaps of at most TOKENS tokens, for
//! k = 0 … K, by the letter: a sum holding no heap of N is answered by the
//! quotient, which is exact for it. Two powers g^i and g^j of the new heap
//! g = Φ(N) are equal in any quotient that holds heap N only if i·N + Z and
//! j·N + Z have the same outcome for every Z; the example prints, for each
//! pair, how many sums Z tell them apart and the least of them.
//!
//! With two more arguments, `… CODE N K TOKENS H J`, it plays instead
//! k·N + j·H + Z for a smaller heap H and j = 0 … J, and prints for each k
//! which powers h^j of h = Φ(H) no sum Z tells apart beside k heaps of N:
//! in a finite quotient every heap's powers are eventually periodic (and a
//! finitely generated commutative monoid whose generators all have
//! eventually periodic powers is finite). Heaps with
//! the same game tree (in 0.07, 1 and the empty heap; 2 and 3) are kept as
//! the least of them.
//!
//! It was written to look at Dawson's Kayles (0.07) at heap 34, where the
//! quotient computation stops (docs/misere.md). Memory grows quickly with K
//! and TOKENS: `0.07 34 4 16` remembers about 19 million positions, and
//! `0.07 34 4 20` about 35 million (160 s, 5.4 GB).

use std::collections::HashMap;
use std::process::ExitCode;

use grundy::games::octal::{Constraint, OctalCode};
use grundy::misere::quotient::{check, compute, Quotient, Settings};

/// Literal misère play of `copies` heaps of `big` beside a sum of smaller
/// heaps, kept as counts by heap size.
struct Play {
    quotient: Quotient,
    big: usize,
    /// What each heap up to `big` may leave: pairs of heaps (0 for none).
    leaves: Vec<Vec<(usize, usize)>>,
    /// For each heap, the least heap with the same game tree.
    same: Vec<usize>,
    memo: HashMap<(u8, Vec<u8>), bool>,
}

impl Play {
    fn heaps(counts: &[u8]) -> Vec<u64> {
        let mut heaps = Vec::new();
        for (h, &c) in counts.iter().enumerate() {
            heaps.extend(std::iter::repeat_n(h as u64, c as usize));
        }
        heaps
    }

    /// Adds a heap as the least heap with the same game tree (a heap with
    /// no move is the empty game and is left out).
    fn add(&self, counts: &mut [u8], heap: usize) {
        let same = self.same[heap];
        if !self.leaves[same].is_empty() {
            counts[same] += 1;
        }
    }

    /// Whether `copies` heaps of `big` plus `counts` is lost for the player
    /// to move (misère play).
    fn lost(&mut self, copies: u8, counts: &[u8]) -> bool {
        if copies == 0 {
            return self
                .quotient
                .is_p_position(&Self::heaps(counts))
                .expect("the quotient holds every smaller heap");
        }
        if let Some(&lost) = self.memo.get(&(copies, counts.to_vec())) {
            return lost;
        }
        // A heap of `big` always has a move here, so the sum is not over.
        let mut lost = true;
        let mut next = counts.to_vec();
        'moves: for i in 0..self.leaves[self.big].len() {
            let (a, b) = self.leaves[self.big][i];
            next.copy_from_slice(counts);
            self.add(&mut next, a);
            self.add(&mut next, b);
            if self.lost(copies - 1, &next) {
                lost = false;
                break 'moves;
            }
        }
        if lost {
            'heaps: for heap in 0..self.big {
                if counts[heap] == 0 {
                    continue;
                }
                for i in 0..self.leaves[heap].len() {
                    let (a, b) = self.leaves[heap][i];
                    next.copy_from_slice(counts);
                    next[heap] -= 1;
                    self.add(&mut next, a);
                    self.add(&mut next, b);
                    if self.lost(copies, &next) {
                        lost = false;
                        break 'heaps;
                    }
                }
            }
        }
        self.memo.insert((copies, counts.to_vec()), lost);
        lost
    }
}

/// What a heap may leave under a code whose digits are at most 7 with no
/// constraint: pairs (a, b), a ≤ b, 0 standing for no heap.
fn leaves(code: &OctalCode, heap: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for take in 1..=heap {
        let (digit, rest) = (code.digit(take), heap - take);
        if digit & 1 != 0 && rest == 0 {
            out.push((0, 0));
        }
        if digit & 2 != 0 && rest > 0 {
            out.push((0, rest));
        }
        if digit & 4 != 0 {
            out.extend((1..=rest / 2).map(|a| (a, rest - a)));
        }
    }
    out
}

/// For each heap, the least heap whose game tree is the same: heaps are the
/// same game when their sets of options, each a multiset of such least
/// heaps with no-move heaps left out, are equal.
fn same_games(leaves: &[Vec<(usize, usize)>]) -> Vec<usize> {
    let mut same: Vec<usize> = Vec::new();
    let mut seen: HashMap<Vec<Vec<usize>>, usize> = HashMap::new();
    for (heap, options) in leaves.iter().enumerate() {
        let mut set: Vec<Vec<usize>> = options
            .iter()
            .map(|&(a, b)| {
                let mut parts: Vec<usize> = [a, b]
                    .into_iter()
                    .filter(|&h| h > 0 && !leaves[same[h]].is_empty())
                    .map(|h| same[h])
                    .collect();
                parts.sort_unstable();
                parts
            })
            .collect();
        set.sort_unstable();
        set.dedup();
        same.push(*seen.entry(set).or_insert(heap));
    }
    same
}

/// Every sum (counts by heap size) of heaps below `big` with a move, each
/// the least of its game tree, of at most `tokens` tokens.
fn sums(play: &Play, tokens: usize) -> Vec<Vec<u8>> {
    fn go(play: &Play, from: usize, left: usize, counts: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        out.push(counts.clone());
        for heap in from..play.big.min(left + 1) {
            if !play.leaves[heap].is_empty() && play.same[heap] == heap {
                counts[heap] += 1;
                go(play, heap, left - heap, counts, out);
                counts[heap] -= 1;
            }
        }
    }
    let mut out = Vec::new();
    go(play, 1, tokens, &mut vec![0; play.big], &mut out);
    out
}

/// The sum of a sum's tokens.
fn size(z: &[u8]) -> usize {
    z.iter()
        .enumerate()
        .map(|(h, &c)| h * c as usize)
        .sum::<usize>()
}

fn run(args: &[String]) -> Result<(), String> {
    let (code, big, k, tokens, beside) = match args {
        [code, big, k, tokens] => (code, big, k, tokens, None),
        [code, big, k, tokens, h, j] => (code, big, k, tokens, Some((h, j))),
        _ => return Err("usage: heap_powers CODE N K TOKENS [H J]".to_string()),
    };
    let code: OctalCode = code.parse().map_err(|e| format!("{code}: {e}"))?;
    let number = |s: &str| s.parse::<usize>().map_err(|e| format!("{s}: {e}"));
    let (big, k, tokens) = (number(big)?, number(k)?, number(tokens)?);
    if !(2..=200).contains(&big) || k > 8 {
        return Err("N must be 2 … 200 and K at most 8".to_string());
    }
    let beside = match beside {
        None => None,
        Some((h, j)) => {
            let (h, j) = (number(h)?, number(j)?);
            if !(1..big).contains(&h) || j > 16 {
                return Err("H must be 1 … N − 1 and J at most 16".to_string());
            }
            Some((h, j))
        }
    };
    let simple = (1..=big).all(|t| code.digit(t) < 8 && code.constraint(t) == Constraint::Any);
    if !simple {
        return Err(format!(
            "{code}: only digits up to 7 with no constraint are played here"
        ));
    }
    let settings = Settings {
        upto: big as u64,
        ..Settings::default()
    };
    let quotient = compute(&code, &settings, &mut |_| {});
    if quotient.heaps() != big as u64 {
        return Err(format!(
            "the quotient stopped at heap {} of {big}",
            quotient.heaps()
        ));
    }
    let checked = check(&quotient.document()).map_err(|e| format!("the check refused it: {e}"))?;
    println!(
        "{code}: the quotient of heaps below {big} has {} elements; the check passed ({checked:?})",
        quotient.order()
    );
    let leaves: Vec<_> = (0..=big).map(|h| leaves(&code, h)).collect();
    let same = same_games(&leaves);
    let mut play = Play {
        quotient,
        big,
        leaves,
        same,
        memo: HashMap::new(),
    };
    let zs = sums(&play, tokens);
    match beside {
        None => powers_of_the_new_heap(&mut play, &zs, k, tokens),
        Some((h, j)) => powers_beside(&mut play, &zs, k, h, j),
    }
    Ok(())
}

/// Which of k·N + Z and k'·N + Z differ, for every pair k, k' ≤ `k`.
fn powers_of_the_new_heap(play: &mut Play, zs: &[Vec<u8>], k: usize, tokens: usize) {
    let big = play.big;
    let mut outcomes = Vec::new();
    for copies in 0..=k {
        let row: Vec<bool> = zs.iter().map(|z| play.lost(copies as u8, z)).collect();
        println!(
            "{copies} × {big}: {} of {} sums lost; {} positions remembered",
            row.iter().filter(|&&lost| lost).count(),
            zs.len(),
            play.memo.len()
        );
        outcomes.push(row);
    }
    for i in 0..=k {
        for j in i + 1..=k {
            let apart: Vec<&Vec<u8>> = (0..zs.len())
                .filter(|&z| outcomes[i][z] != outcomes[j][z])
                .map(|z| &zs[z])
                .collect();
            let least = apart.iter().min_by_key(|z| (size(z), Play::heaps(z)));
            match least {
                Some(z) => println!(
                    "g^{i}, g^{j}: {} sums tell them apart, the least {:?} (g^{i}: {}, g^{j}: {})",
                    apart.len(),
                    Play::heaps(z),
                    if play.lost(i as u8, z) { "lost" } else { "won" },
                    if play.lost(j as u8, z) { "lost" } else { "won" },
                ),
                None => {
                    println!("g^{i}, g^{j}: no sum of at most {tokens} tokens tells them apart")
                }
            }
        }
    }
}

/// For each number of heaps of N up to `k`: which powers h^j (j ≤ `jmax`)
/// of the heap `h` no sum tells apart, and the least sum telling h^j from
/// h^(j+2) where one does.
fn powers_beside(play: &mut Play, zs: &[Vec<u8>], k: usize, h: usize, jmax: usize) {
    let big = play.big;
    for copies in 0..=k {
        let mut rows: Vec<Vec<bool>> = Vec::new();
        for j in 0..=jmax {
            let row: Vec<bool> = zs
                .iter()
                .map(|z| {
                    let mut sum = z.clone();
                    for _ in 0..j {
                        play.add(&mut sum, h);
                    }
                    play.lost(copies as u8, &sum)
                })
                .collect();
            rows.push(row);
        }
        // The powers by the least j with the same row: h^j = h^(least).
        let least: Vec<usize> = (0..=jmax)
            .map(|j| (0..=j).find(|&i| rows[i] == rows[j]).unwrap_or(j))
            .collect();
        println!(
            "{copies} × {big} + j × {h}, j = 0 … {jmax}: like j = {least:?}; {} positions remembered",
            play.memo.len()
        );
        for i in 0..jmax.saturating_sub(1) {
            let apart = (0..zs.len())
                .filter(|&z| rows[i][z] != rows[i + 2][z])
                .min_by_key(|&z| (size(&zs[z]), Play::heaps(&zs[z])));
            if let Some(z) = apart {
                println!(
                    "  h^{i}, h^{}: told apart by {:?}",
                    i + 2,
                    Play::heaps(&zs[z])
                );
            }
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("heap_powers: {message}");
            ExitCode::from(2)
        }
    }
}
