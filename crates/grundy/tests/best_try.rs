//! The best try from a lost position (`solve::best_try`): one rule for every
//! game, a legal move of the lowest score, and a cost linear in the moves.

use std::cell::Cell;
use std::ops::ControlFlow;

use grundy::game::{Limits, Rng};
use grundy::prelude::*;
use grundy::registry::{self, Settings};
use grundy::rules::{Rules, Solver};
use grundy::solve::{self, BitCounts, SUGGESTION_BUDGET};
use grundy::{Nimber, Outcome};

/// The games whose best tries are checked: one of every registry entry and
/// a code with a constraint, the heap games with random positions of a size
/// small enough to try every move (the others at their own random size).
fn games() -> Vec<(&'static str, Option<(u64, u64)>)> {
    let sized = |name: &'static str| match name {
        "nim" => (name, Some((3, 12))),
        "octal:0.07" | "octal:0.137" | "grundys-game" | "subtraction:1,3,4" => {
            (name, Some((3, 20)))
        }
        _ => (name, None),
    };
    registry::GAMES
        .iter()
        .map(|entry| entry.example)
        .chain(["octal:0.137"])
        .map(sized)
        .collect()
}

#[test]
fn every_game_s_best_try_is_legal_and_scores_lowest_among_its_moves() {
    for (name, size) in games() {
        let mut game = registry::open(name, &Settings::default()).unwrap();
        let mut rng = Rng::new(7);
        let mut lost = 0;
        for _ in 0..400 {
            let position = game.random_position(&mut rng, size);
            game.admit(&position, Limits::default()).unwrap();
            if game.outcome(&position) != Outcome::SecondPlayer || game.is_terminal(&position) {
                continue;
            }
            lost += 1;
            let mv = game
                .suggest(&position)
                .expect("a lost position with a move");
            game.check(&position, &mv)
                .unwrap_or_else(|e| panic!("{name}: {mv:?} is illegal: {e}"));
            // The score by making the move and valuing the position after it,
            // for the move chosen and for every legal move: the engine's own
            // score (made without playing, for most games) must agree.
            let mut all = Vec::new();
            let _ = game.moves(&position, &mut |m| {
                all.push(m);
                ControlFlow::Continue(())
            });
            let counts = BitCounts::of(game.components(&position).into_iter().map(|(_, v)| v));
            let ours = solve::score_by_playing(&mut game, &position, &mv).0;
            let (engine_score, _) = game.try_score(&position, &counts, &mv);
            if name == "cutting" {
                // A cut leaving a strip hands the win over (scored worst);
                // the rest are scored by their reduced values (tests/solve.rs
                // checks those against a literal mex). The candidates are
                // one cut per run of equal lines: none of all the cuts
                // scores lower.
                let best = all
                    .iter()
                    .map(|m| game.try_score(&position, &counts, m).0)
                    .min()
                    .unwrap();
                assert_eq!(engine_score, best, "{name}: {position:?} {mv:?}");
                continue;
            }
            assert_eq!(engine_score, ours, "{name}: {position:?} {mv:?}");
            let best = all
                .iter()
                .map(|m| solve::score_by_playing(&mut game, &position, m).0)
                .min()
                .unwrap();
            assert!(best > 0, "{name}: a move from a lost position wins");
            assert_eq!(ours, best, "{name}: {position:?}, suggested {mv:?}");
        }
        assert!(lost >= 5, "{name}: only {lost} lost positions dealt");
    }
}

/// Nim whose `options` counts its calls.
struct CountedNim<'a>(&'a Cell<u64>);

impl Rules for CountedNim<'_> {
    type Position = u64;
    type Move = u64;

    fn options(&self, heap: &u64, option: &mut dyn FnMut(u64, &[u64])) {
        self.0.set(self.0.get() + 1);
        for left in 0..*heap {
            if left == 0 {
                option(*heap, &[]);
            } else {
                option(heap - left, &[left]);
            }
        }
    }
}

#[test]
fn a_best_try_lists_each_component_s_options_once() {
    // The rule it replaced asked, for each of the 6,000 moves from (3000,
    // 3000), whether each component could reach the winning value: 12,000
    // more listings of a heap's options. A work counter, not a clock.
    let calls = Cell::new(0);
    let mut solver = Solver::new(CountedNim(&calls));
    let position = vec![3000, 3000];
    assert_eq!(solver.sum_value(&position), Nimber::ZERO);
    calls.set(0);
    let tried = solve::best_try(&mut solver, &position, SUGGESTION_BUDGET);
    assert_eq!(calls.get(), 2, "one listing of each heap's options");
    assert_eq!(tried.examined, 6000);
    assert!(!tried.cut_short);
    // Each candidate cost one unit and one per heap it leaves.
    assert_eq!(tried.work, 2 * 6000 - 2);
    // Every move leaves one heap holding the top bit: the first is kept
    // (this Nim lists taking the whole heap first).
    let mv = tried.mv.unwrap();
    assert_eq!((mv.component, mv.action), (1, 3000));
    calls.set(0);
    assert_eq!(Engine::suggest(&mut solver, &position), Some(mv));
    assert!(calls.get() <= 4, "{} listings", calls.get());
}

#[test]
fn a_best_try_stops_at_its_budget() {
    let calls = Cell::new(0);
    let mut solver = Solver::new(CountedNim(&calls));
    let position = vec![500, 500];
    let _ = solver.sum_value(&position);
    let tried = solve::best_try(&mut solver, &position, 100);
    // Taking a whole heap costs one unit, any other move two: scoring goes
    // on while the work is below the budget, so the last candidate may pass
    // it by its own cost.
    assert!(tried.cut_short);
    assert_eq!((tried.examined, tried.work), (51, 101));
    assert!(tried.mv.is_some());
    // The budget lists no more candidates than it can pay for.
    let tried = solve::best_try(&mut solver, &position, 10);
    assert!(tried.cut_short);
    assert_eq!((tried.examined, tried.work), (6, 11));
}

#[test]
fn large_nim_and_dawson_s_kayles_positions_are_answered_in_one_pass() {
    // Nim (300000, 300000): 600,000 moves, each scored once.
    let mut nim = registry::open("nim", &Settings::default()).unwrap();
    let heaps = |heaps: &[u64]| grundy::wire::Position::Heaps {
        heaps: heaps.to_vec(),
    };
    let position = nim
        .position_from_wire(&heaps(&[300_000, 300_000]), Limits::default())
        .unwrap();
    nim.admit(&position, Limits::default()).unwrap();
    let tried = solve::best_try(&mut nim, &position, SUGGESTION_BUDGET);
    assert_eq!(tried.examined, 600_000);
    assert!(!tried.cut_short && tried.work <= SUGGESTION_BUDGET);
    let mv = tried.mv.unwrap();
    nim.check(&position, &mv).unwrap();
    // Dawson's Kayles: the first heap of value 0 from 10^5 on.
    let mut dawson = registry::open("octal:0.07", &Settings::default()).unwrap();
    let mut heap = 100_000;
    let position = loop {
        let position = dawson
            .position_from_wire(&heaps(&[heap]), Limits::default())
            .unwrap();
        dawson.admit(&position, Limits::default()).unwrap();
        if dawson.value(&position) == Nimber::ZERO {
            break position;
        }
        heap += 1;
    };
    let tried = solve::best_try(&mut dawson, &position, SUGGESTION_BUDGET);
    assert!(!tried.cut_short);
    assert!(tried.examined > heap / 2 - 2, "{}", tried.examined);
    dawson.check(&position, &tried.mv.unwrap()).unwrap();
}
