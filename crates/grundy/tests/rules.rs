//! The generic solver against the seed games' dedicated code.

use grundy::games::bomb::{BombGame, BombRules, Cell};
use grundy::games::cutting::{reduced_grundy, CuttingRules, Paper};
use grundy::games::matrix::{MatrixGame, MatrixRules, Row};
use grundy::rules::Solver;
use grundy::Nimber;

#[test]
fn bomb_values_agree_with_the_table() {
    let mut solver = Solver::new(BombRules);
    let mut game = BombGame::new();
    for p in 1..=14 {
        for q in 1..=14 {
            let cell = Cell::new(p, q).unwrap();
            assert_eq!(solver.grundy(&cell), game.bomb_value(cell), "({p}, {q})");
        }
    }
    let bombs = [
        Cell::new(3, 4).unwrap(),
        Cell::new(5, 2).unwrap(),
        Cell::new(6, 6).unwrap(),
    ];
    let value = solver.sum_value(&bombs);
    let sum = bombs
        .iter()
        .fold(Nimber::ZERO, |s, &c| s ^ game.bomb_value(c));
    assert_eq!(value, sum);
    for m in solver.sum_winning_moves(&bombs) {
        let mut after: Vec<Cell> = bombs.to_vec();
        after.remove(m.component - 1);
        after.extend(m.leaves);
        assert_eq!(solver.sum_value(&after), Nimber::ZERO);
    }
}

#[test]
fn cutting_values_agree_with_the_closed_form() {
    let mut solver = Solver::new(CuttingRules);
    for w in 2..=24 {
        for h in 2..=24 {
            let paper = Paper::new(w, h);
            assert_eq!(solver.grundy(&paper), reduced_grundy(paper), "{w}×{h}");
        }
    }
}

#[test]
fn matrix_rows_by_the_letter_are_worth_their_totals() {
    let mut solver = Solver::new(MatrixRules);
    for a in 0..4u64 {
        for b in 0..4u64 {
            for c in 0..3u64 {
                let row = vec![a, b, c];
                let dedicated = MatrixGame.grundy(&Row::from_cells(row.clone()));
                assert_eq!(solver.grundy(&row), dedicated, "{row:?}");
            }
        }
    }
    let rows = [vec![1, 2], vec![3, 0], vec![2, 2]];
    // 3 ^ 3 ^ 4 = 4: win by taking 4 stones from the last row.
    let moves = solver.sum_winning_moves(&rows);
    assert!(!moves.is_empty());
    assert!(moves
        .iter()
        .all(|m| m.component == 3 && m.action == vec![0, 0]));
}
