//! Nim from the registry against a brute force over its literal rule
//! (take at least one token from one heap), under both conventions.

use std::collections::HashMap;
use std::ops::ControlFlow;

use grundy::game::Limits;
use grundy::prelude::*;
use grundy::registry::{self, Settings};
use grundy::Nimber;
use grundy::{Analyst, Convention};

/// Whether the player to move wins `heaps` (sorted), by the literal rule;
/// under misère play a player without a move wins.
fn wins(heaps: Vec<u64>, misere: bool, memo: &mut HashMap<(Vec<u64>, bool), bool>) -> bool {
    if let Some(&w) = memo.get(&(heaps.clone(), misere)) {
        return w;
    }
    let mut any_move = false;
    let mut win = false;
    for i in 0..heaps.len() {
        for take in 1..=heaps[i] {
            any_move = true;
            let mut next = heaps.clone();
            next[i] -= take;
            next.retain(|&h| h > 0);
            next.sort_unstable();
            if !wins(next, misere, memo) {
                win = true;
            }
        }
    }
    let w = if any_move { win } else { misere };
    memo.insert((heaps, misere), w);
    w
}

fn positions() -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    for a in 0..=6u64 {
        for b in 0..=a {
            for c in 0..=b {
                all.push(vec![a, b, c]);
            }
        }
    }
    all
}

#[test]
fn nim_values_are_heap_sizes_and_outcomes_are_the_literal_rules() {
    let mut memo = HashMap::new();
    for misere in [false, true] {
        let game = registry::open("nim", &Settings::default()).unwrap();
        let convention = if misere {
            // A budget of 1: Bouton's rule needs no search at all.
            Convention::Misere { budget: 1 }
        } else {
            Convention::Normal
        };
        let mut analyst = Analyst::new(game, convention).unwrap();
        for heaps in positions() {
            let wire = grundy::wire::Position::Heaps {
                heaps: heaps.clone(),
            };
            let position = analyst
                .game()
                .position_from_wire(&wire, Limits::default())
                .unwrap();
            let mut live: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
            live.sort_unstable();
            let truth = wins(live, misere, &mut memo);
            assert_eq!(
                analyst.outcome(&position).unwrap().first_player_wins(),
                truth,
                "{heaps:?} misère {misere}"
            );
            if !misere {
                let sum = heaps.iter().fold(0, |s, &h| s ^ h);
                assert_eq!(analyst.game_mut().value(&position), Nimber(sum.into()));
            }
            // Every winning move leaves a lost position; every other legal
            // move a won one.
            let mut winning = Vec::new();
            let _ = analyst
                .winning_moves(&position, &mut |mv| {
                    winning.push(mv);
                    ControlFlow::Continue(())
                })
                .unwrap();
            let mut moves = Vec::new();
            let _ = analyst.game_mut().moves(&position, &mut |mv| {
                moves.push(mv);
                ControlFlow::Continue(())
            });
            assert_eq!(moves.len() as u64, heaps.iter().sum::<u64>(), "{heaps:?}");
            for mv in &moves {
                let after = analyst.play(&position, mv).position;
                let lost = !analyst.outcome(&after).unwrap().first_player_wins();
                assert_eq!(
                    winning.contains(mv),
                    lost,
                    "{heaps:?} {mv:?} misère {misere}"
                );
            }
        }
    }
}
