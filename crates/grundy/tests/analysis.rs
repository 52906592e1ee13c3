//! The analysis surface itself: what it admits, and that its document
//! lists and counts the winning moves its analyst finds, under both
//! conventions.

use grundy::analysis::{self, Analyst};
use grundy::game::Limits;
use grundy::games::grundys::GrundysGame;
use grundy::games::heap::heap_game;
use grundy::games::octal::OctalCode;
use grundy::{Convention, Refusal};

#[test]
fn an_analyst_admits_within_the_limits_only() {
    let mut analyst = Analyst::normal(heap_game(GrundysGame));
    let limits = Limits {
        max_cells: 100,
        max_heap: 100,
    };
    assert!(analyst.admit(&vec![50, 7], limits).is_ok());
    assert!(matches!(
        analyst.admit(&vec![3, 500], limits),
        Err(Refusal::Heap(_))
    ));
}

#[test]
fn the_document_lists_and_counts_the_analysts_winning_moves() {
    let kayles = || heap_game("0.77".parse::<OctalCode>().unwrap());
    for convention in [Convention::Normal, Convention::Misere { budget: 100_000 }] {
        let mut analyst = Analyst::new(kayles(), convention).unwrap();
        let mut some = 0;
        for heaps in [
            vec![1, 2, 3],
            vec![4, 4, 1],
            vec![5, 6],
            vec![9],
            vec![2, 2],
        ] {
            let count = analyst.count_winning_moves(&heaps).unwrap();
            let all = analyst.first_winning_moves(&heaps, usize::MAX).unwrap();
            assert_eq!(all.len() as u128, count);
            for listed in [0, 1, 2, usize::MAX] {
                let document = analysis::analyse(&mut analyst, &heaps, listed).unwrap();
                assert_eq!(document.winning_move_count.0, count, "{heaps:?}");
                assert_eq!(document.winning_moves.len(), all.len().min(listed));
                let game = analyst.game();
                for (report, mv) in document.winning_moves.iter().zip(&all) {
                    assert_eq!(report, &analysis::report(game, &heaps, mv));
                }
                assert_eq!(document.misere, convention.is_misere());
            }
            some += usize::from(count > 1);
        }
        assert!(some > 0, "a position with several winning moves");
    }
}
