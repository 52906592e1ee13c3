//! The seed games played by their statements' *literal* rules: every move
//! enumerated, who wins found by trying them all, with no Grundy values, no
//! symmetry and no theory beyond "a position is won when some move leads to
//! a lost one". The tests hold the library's answers against these.

#![allow(dead_code)] // each test file uses part of this module

use std::collections::HashMap;

// -------------------------------------------------------------- Remoteness

/// A position's remoteness from its options' (Winning Ways, ch. 9): 0
/// without a move; else one more than the least even remoteness of an
/// option if one is even, else one more than the largest.
pub fn remoteness_of_options(rs: &[u32]) -> u32 {
    let even = rs.iter().copied().filter(|r| r % 2 == 0).min();
    let odd = rs.iter().copied().filter(|r| r % 2 == 1).max();
    match (even, odd) {
        (Some(e), _) => e + 1,
        (None, Some(o)) => o + 1,
        (None, None) => 0,
    }
}

// ---------------------------------------------------------------- Bomb Game

/// A literal Bomb Game move, 1-based: the bomb exploded and the cells the
/// new bombs are put on (above it, left of it), before any vanish.
pub type BombMove = ((u32, u32), Option<(u32, u32)>, Option<(u32, u32)>);

/// Every move from the set of bombs `mask` on a `rows` × `cols` board, with
/// the set after it. Cell (r, c), 1-based, is bit `(r − 1) * cols + c − 1`.
/// Exploding (p, q) removes it and puts bombs on (u, q) and (p, v) (only one
/// of them on row 1 or column 1); a bomb put on a bomb makes both vanish,
/// and a bomb on (1, 1) vanishes at once (so (1, 1) never explodes).
pub fn bomb_moves(rows: u32, cols: u32, mask: u32) -> Vec<(BombMove, u32)> {
    let bit = |r: u32, c: u32| 1u32 << ((r - 1) * cols + c - 1);
    let land = |m: u32, r: u32, c: u32| if (r, c) == (1, 1) { m } else { m ^ bit(r, c) };
    let mut moves = Vec::new();
    for p in 1..=rows {
        for q in 1..=cols {
            if mask & bit(p, q) == 0 || (p, q) == (1, 1) {
                continue;
            }
            let without = mask & !bit(p, q);
            let aboves: Vec<Option<u32>> = if p > 1 {
                (1..p).map(Some).collect()
            } else {
                vec![None]
            };
            let lefts: Vec<Option<u32>> = if q > 1 {
                (1..q).map(Some).collect()
            } else {
                vec![None]
            };
            for &u in &aboves {
                for &v in &lefts {
                    let mut after = without;
                    if let Some(u) = u {
                        after = land(after, u, q);
                    }
                    if let Some(v) = v {
                        after = land(after, p, v);
                    }
                    moves.push((((p, q), u.map(|u| (u, q)), v.map(|v| (p, v))), after));
                }
            }
        }
    }
    moves
}

/// Wins for every set of bombs on a `rows` × `cols` board. Every move clears
/// its bomb's bit and changes only lower bits, so a move always leads to a
/// smaller mask and increasing order is a valid schedule. A bomb on (1, 1)
/// is gone before anyone moves.
pub fn bomb_wins(rows: u32, cols: u32) -> Vec<bool> {
    let mut win = vec![false; 1 << (rows * cols)];
    for mask in 0u32..(1 << (rows * cols)) {
        win[mask as usize] = if mask & 1 == 1 {
            win[(mask & !1) as usize]
        } else {
            bomb_moves(rows, cols, mask)
                .into_iter()
                .any(|(_, after)| !win[after as usize])
        };
    }
    win
}

// ------------------------------------------------------------- Cutting Game

/// Pieces, each (width, height), in order.
pub type Pieces = Vec<(u8, u8)>;

/// A literal cut: piece index, vertical (splits the width) or not, line.
pub type CutMove = (usize, bool, u8);

/// What a cut leads to.
pub enum After {
    /// It cut out a single cell: the mover has won.
    Won,
    /// The pieces after it.
    Pieces(Pieces),
}

/// Every cut of `pieces`: a cut splits one piece in two along a grid line.
pub fn cutting_moves(pieces: &[(u8, u8)]) -> Vec<(CutMove, After)> {
    let mut moves = Vec::new();
    for (i, &(w, h)) in pieces.iter().enumerate() {
        let vertical = (1..w).map(|k| ((i, true, k), (k, h), (w - k, h)));
        let horizontal = (1..h).map(|k| ((i, false, k), (w, k), (w, h - k)));
        for (mv, a, b) in vertical.chain(horizontal) {
            if a == (1, 1) || b == (1, 1) {
                moves.push((mv, After::Won));
            } else {
                let mut next = pieces.to_vec();
                next.splice(i..=i, [a, b]);
                moves.push((mv, After::Pieces(next)));
            }
        }
    }
    moves
}

/// Whether the player to move wins; whoever cuts out a 1×1 piece wins.
pub fn cutting_wins(pieces: &[(u8, u8)], memo: &mut HashMap<Pieces, bool>) -> bool {
    // Order does not matter, and 1×1 pieces cannot be cut.
    let mut key: Pieces = pieces.iter().copied().filter(|&p| p != (1, 1)).collect();
    key.sort_unstable();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let moves = cutting_moves(&key);
    let wins = moves.iter().any(|(_, after)| matches!(after, After::Won))
        || moves.iter().any(|(_, after)| match after {
            After::Pieces(next) => !cutting_wins(next, memo),
            After::Won => false,
        });
    memo.insert(key, wins);
    wins
}

// -------------------------------------------------------------- Matrix Game

/// A literal matrix move: 0-based row and the cells' new values.
pub type MatrixMove = (usize, Vec<u8>);

/// Every move: pick a row, lower any of its cells, one stone at least.
pub fn matrix_moves(cells: &[u8], cols: usize) -> Vec<(MatrixMove, Vec<u8>)> {
    let mut moves = Vec::new();
    for (r, start) in (0..cells.len()).step_by(cols).enumerate() {
        let row = &cells[start..start + cols];
        // Every way to lower the cells of this row: a mixed-radix counter.
        let mut after = vec![0u8; cols];
        loop {
            if after != row {
                let mut next = cells.to_vec();
                next[start..start + cols].copy_from_slice(&after);
                moves.push(((r, after.clone()), next));
            }
            let mut i = 0;
            while i < cols && after[i] == row[i] {
                after[i] = 0;
                i += 1;
            }
            if i == cols {
                break;
            }
            after[i] += 1;
        }
    }
    moves
}

/// Whether the player to move wins.
pub fn matrix_wins(cells: &[u8], cols: usize, memo: &mut HashMap<Vec<u8>, bool>) -> bool {
    if let Some(&known) = memo.get(cells) {
        return known;
    }
    let wins = matrix_moves(cells, cols)
        .into_iter()
        .any(|(_, next)| !matrix_wins(&next, cols, memo));
    memo.insert(cells.to_vec(), wins);
    wins
}

/// The winning moves as (1-based row, stones taken): moves taking the same
/// total from the same row count as one.
pub fn matrix_winning_totals(
    cells: &[u8],
    cols: usize,
    memo: &mut HashMap<Vec<u8>, bool>,
) -> std::collections::BTreeSet<(usize, u32)> {
    matrix_moves(cells, cols)
        .into_iter()
        .filter(|(_, next)| !matrix_wins(next, cols, memo))
        .map(|((r, after), _)| {
            let before = &cells[r * cols..(r + 1) * cols];
            let taken = before
                .iter()
                .zip(&after)
                .map(|(&b, &a)| u32::from(b - a))
                .sum();
            (r + 1, taken)
        })
        .collect()
}

/// Every matrix of `rows` × `cols` cells from 0 to `max`.
pub fn all_matrices(rows: usize, cols: usize, max: u8) -> impl Iterator<Item = Vec<u8>> {
    let base = u32::from(max) + 1;
    (0..base.pow((rows * cols) as u32)).map(move |index| {
        (0..rows * cols)
            .scan(index, |rest, _| {
                let digit = (*rest % base) as u8;
                *rest /= base;
                Some(digit)
            })
            .collect()
    })
}
