//! The fast Grundy code against the generic solver on small positions
//! chosen by the fuzzer.
#![no_main]
use grundy::games::bomb::{BombGame, BombRules, Cell};
use grundy::games::cutting::{reduced_grundy, CuttingRules, Paper};
use grundy::rules::Solver;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bombs = Solver::new(BombRules);
    let mut game = BombGame::new();
    let mut papers = Solver::new(CuttingRules);
    for pair in data.chunks_exact(2).take(16) {
        let (a, b) = (u32::from(pair[0] % 12) + 1, u32::from(pair[1] % 12) + 1);
        if let Some(cell) = Cell::new(a, b) {
            assert_eq!(
                bombs.grundy(&cell),
                game.bomb_value(cell),
                "bomb ({a}, {b})"
            );
        }
        let paper = Paper::new(u64::from(a) + 1, u64::from(b) + 1);
        assert_eq!(
            papers.grundy(&paper),
            reduced_grundy(paper),
            "paper {paper:?}"
        );
    }
});
