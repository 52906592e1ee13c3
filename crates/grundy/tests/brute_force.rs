//! Every Sprague–Grundy reduction against an exhaustive search over the
//! game's *literal* rules: who wins, found by trying every move, with no
//! Grundy values, no symmetry and no theory beyond "a position is won when
//! some move leads to a lost one".

use std::collections::HashMap;

use grundy::games::bomb::{Board, BombGame};
use grundy::games::cutting::{reduced_grundy, Paper};
use grundy::games::matrix::{MatrixGame, Row};
use grundy::{Game, Outcome};

// ---------------------------------------------------------------- Bomb Game

/// Wins for every set of bombs on a `rows` × `cols` board, by the statement:
/// exploding (p, q) removes it and places (u, q) and (p, v) (one of them on
/// row 1 or column 1); a bomb landing on a bomb makes both vanish, and a bomb
/// at (1, 1) vanishes. Cell (r, c), 0-based, is bit `r * cols + c`.
///
/// Every move clears its bomb's bit and changes only lower bits, so a move
/// always leads to a smaller mask and increasing order is a valid schedule.
fn bomb_wins(rows: usize, cols: usize) -> Vec<bool> {
    let cells = rows * cols;
    let bit = |r: usize, c: usize| 1u32 << (r * cols + c);
    let mut win = vec![false; 1 << cells];
    for mask in 0u32..(1 << cells) {
        if mask & 1 != 0 {
            // A bomb at (1, 1) is gone before anyone moves.
            win[mask as usize] = win[(mask & !1) as usize];
            continue;
        }
        let mut winning = false;
        'bombs: for r in 0..rows {
            for c in 0..cols {
                if mask & bit(r, c) == 0 || (r == 0 && c == 0) {
                    continue;
                }
                let without = mask & !bit(r, c);
                let mut after = Vec::new();
                if r > 0 && c > 0 {
                    for u in 0..r {
                        for v in 0..c {
                            after.push(without ^ bit(u, c) ^ bit(r, v));
                        }
                    }
                } else if r == 0 {
                    after.extend((0..c).map(|v| without ^ bit(0, v)));
                } else {
                    after.extend((0..r).map(|u| without ^ bit(u, 0)));
                }
                // Landing on (1, 1) vanishes: clear that bit.
                if after.into_iter().any(|m| !win[(m & !1) as usize]) {
                    winning = true;
                    break 'bombs;
                }
            }
        }
        win[mask as usize] = winning;
    }
    win
}

fn check_bomb_board(rows: usize, cols: usize) {
    let wins = bomb_wins(rows, cols);
    let mut game = BombGame::new();
    let mut board = Board::new(rows as u64, cols as u64).unwrap();
    for (mask, &literal) in wins.iter().enumerate() {
        board.reset(rows as u64, cols as u64).unwrap();
        for k in 0..rows * cols {
            if mask >> k & 1 == 1 {
                assert!(board.set((k / cols + 1) as u32, (k % cols + 1) as u32, true));
            }
        }
        let fast = Outcome::of(game.value(&board)).first_player_wins();
        assert_eq!(fast, literal, "{rows}×{cols} board, bombs {mask:#b}");
    }
}

#[test]
fn bomb_every_position_on_small_boards() {
    // Every set of bombs, not only those of up to three.
    for (rows, cols) in [(4, 4), (3, 6), (6, 3), (2, 9), (1, 12), (5, 4)] {
        check_bomb_board(rows, cols);
    }
}

// ------------------------------------------------------------- Cutting Game

/// A position: the pieces, each as (width, height), sorted. Pieces of 1×1
/// cannot be cut and are left out.
type Pieces = Vec<(u8, u8)>;

/// Whether the player to move wins, by the statement: a cut splits one piece
/// in two along a grid line; whoever cuts out a 1×1 piece wins at once.
fn cutting_wins(pieces: &Pieces, memo: &mut HashMap<Pieces, bool>) -> bool {
    if let Some(&known) = memo.get(pieces) {
        return known;
    }
    let mut children = Vec::new();
    for (i, &(w, h)) in pieces.iter().enumerate() {
        let cuts = (1..w)
            .map(|k| ((k, h), (w - k, h)))
            .chain((1..h).map(|k| ((w, k), (w, h - k))));
        for (a, b) in cuts {
            if a == (1, 1) || b == (1, 1) {
                memo.insert(pieces.clone(), true);
                return true;
            }
            let mut next = pieces.clone();
            next.remove(i);
            next.extend([a, b]);
            next.sort_unstable();
            children.push(next);
        }
    }
    let wins = children.iter().any(|next| !cutting_wins(next, memo));
    memo.insert(pieces.clone(), wins);
    wins
}

#[test]
fn cutting_every_paper_up_to_7x7() {
    let mut memo = HashMap::new();
    for w in 1..=7u8 {
        for h in 1..=7u8 {
            let start = if (w, h) == (1, 1) {
                vec![]
            } else {
                vec![(w, h)]
            };
            let literal = cutting_wins(&start, &mut memo);
            let fast = Paper::new(w.into(), h.into()).first_player_wins();
            assert_eq!(fast, literal, "{w}×{h}");
        }
    }
}

/// The reduced values add as a disjunctive sum: two pieces at once.
#[test]
fn cutting_pairs_of_pieces_are_nim_sums() {
    let mut memo = HashMap::new();
    for a in 2..=5u8 {
        for b in 2..=5u8 {
            for c in 2..=5u8 {
                for d in 2..=4u8 {
                    let mut start = vec![(a, b), (c, d)];
                    start.sort_unstable();
                    let literal = cutting_wins(&start, &mut memo);
                    let papers = [
                        Paper::new(a.into(), b.into()),
                        Paper::new(c.into(), d.into()),
                    ];
                    let sum = reduced_grundy(papers[0]) ^ reduced_grundy(papers[1]);
                    assert_eq!(!sum.is_zero(), literal, "{a}×{b} + {c}×{d}");
                }
            }
        }
    }
}

// -------------------------------------------------------------- Matrix Game

/// Whether the player to move wins, by the statement: pick a row, take any
/// number of stones from any of its cells, at least one in all.
fn matrix_wins(cells: &[u8], cols: usize, memo: &mut HashMap<Vec<u8>, bool>) -> bool {
    if let Some(&known) = memo.get(cells) {
        return known;
    }
    let mut wins = false;
    'rows: for start in (0..cells.len()).step_by(cols) {
        // Every way to lower the cells of this row: a mixed-radix counter.
        let row = &cells[start..start + cols];
        let mut after = row.to_vec();
        after.fill(0);
        loop {
            if after != row {
                let mut next = cells.to_vec();
                next[start..start + cols].copy_from_slice(&after);
                if !matrix_wins(&next, cols, memo) {
                    wins = true;
                    break 'rows;
                }
            }
            // Next combination with after[i] <= row[i].
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
    memo.insert(cells.to_vec(), wins);
    wins
}

fn check_matrices(rows: usize, cols: usize, max: u8) {
    let mut memo = HashMap::new();
    let count = (u32::from(max) + 1).pow((rows * cols) as u32);
    for index in 0..count {
        let cells: Vec<u8> = (0..rows * cols)
            .scan(index, |rest, _| {
                let digit = (*rest % (u32::from(max) + 1)) as u8;
                *rest /= u32::from(max) + 1;
                Some(digit)
            })
            .collect();
        let literal = matrix_wins(&cells, cols, &mut memo);
        let matrix: Vec<Row> = cells
            .chunks(cols)
            .map(|row| Row::from_cells(row.iter().map(|&c| c.into()).collect()))
            .collect();
        let fast = !MatrixGame.sum(&matrix).is_zero();
        assert_eq!(fast, literal, "{rows}×{cols} matrix {cells:?}");
    }
}

#[test]
fn matrix_every_small_matrix() {
    check_matrices(2, 2, 2);
    check_matrices(1, 3, 2);
    check_matrices(2, 3, 2);
    check_matrices(3, 2, 2);
    check_matrices(3, 3, 1);
}
