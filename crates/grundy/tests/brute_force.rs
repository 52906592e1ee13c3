//! Every Sprague–Grundy reduction against an exhaustive search over the
//! game's literal rules (see `literal/mod.rs`).

use crate::literal;

use std::collections::HashMap;

use grundy::games::bomb::{Board, BombGame};
use grundy::games::cutting::{reduced_grundy, Paper};
use grundy::games::matrix::{MatrixGame, Row};
use grundy::Outcome;

fn check_bomb_board(rows: u32, cols: u32) {
    let wins = literal::bomb_wins(rows, cols);
    let mut game = BombGame::new();
    let mut board = Board::new(rows.into(), cols.into()).unwrap();
    for (mask, &literal) in wins.iter().enumerate() {
        board.reset(rows.into(), cols.into()).unwrap();
        for k in 0..rows * cols {
            if mask >> k & 1 == 1 {
                assert!(board.set(k / cols + 1, k % cols + 1, true));
            }
        }
        let fast = Outcome::of(game.board_value(&board)).first_player_wins();
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

#[test]
fn cutting_every_paper_up_to_7x7() {
    let mut memo = HashMap::new();
    for w in 1..=7u8 {
        for h in 1..=7u8 {
            let literal = literal::cutting_wins(&[(w, h)], &mut memo);
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
                    let literal = literal::cutting_wins(&[(a, b), (c, d)], &mut memo);
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

fn check_matrices(rows: usize, cols: usize, max: u8) {
    let mut memo = HashMap::new();
    for cells in literal::all_matrices(rows, cols, max) {
        let literal = literal::matrix_wins(&cells, cols, &mut memo);
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
