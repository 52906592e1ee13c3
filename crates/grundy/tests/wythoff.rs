//! A lone Wythoff pair beyond the table, decided by Wythoff's pairs, against
//! the literal rules: with limits so small that the table holds only heaps
//! below 2, every pair here is answered by the closed form, and the answers
//! are compared with a search written here over the rule itself (take from
//! one heap, or the same number from both), and with the table's answers
//! under the default limits.

use std::collections::{BTreeSet, HashMap};

use grundy::dynamic::{self, WireGame};
use grundy::game::Limits;
use grundy::registry::Settings;
use grundy::wire::{Move, Part, Position};
use grundy::Outcome;

/// Every pair (x, y) may become, by the rule.
fn literal_options(x: u64, y: u64) -> Vec<(u64, u64)> {
    (0..x)
        .map(|a| (a, y))
        .chain((0..y).map(|b| (x, b)))
        .chain((1..=x.min(y)).map(|k| (x - k, y - k)))
        .collect()
}

/// Whether the player to move loses (x, y): every option is won.
fn lost(x: u64, y: u64, memo: &mut HashMap<(u64, u64), bool>) -> bool {
    if let Some(&known) = memo.get(&(x, y)) {
        return known;
    }
    let answer = literal_options(x, y)
        .into_iter()
        .all(|(a, b)| !lost(a, b, memo));
    memo.insert((x, y), answer);
    answer
}

fn pair(x: u64, y: u64) -> Position {
    Position::Pairs {
        pairs: vec![[x, y]],
    }
}

/// Wythoff's game with a table of side 2 at most.
fn tiny() -> WireGame {
    let settings = Settings {
        limits: Limits {
            max_cells: 4,
            ..Limits::default()
        },
        ..Settings::default()
    };
    dynamic::open("wythoff", &settings).unwrap()
}

fn target(report: &grundy::wire::MoveReport) -> (u64, u64) {
    match report.mv {
        Move::Pair {
            pair: 1,
            to: [x, y],
        } => (x, y),
        ref other => panic!("not a move of pair 1: {other:?}"),
    }
}

#[test]
fn every_lone_pair_below_80_is_answered_as_the_rule_says() {
    let mut memo = HashMap::new();
    let mut far = tiny();
    let mut table = dynamic::open("wythoff", &Settings::default()).unwrap();
    for x in 0..80u64 {
        for y in 0..80u64 {
            let position = pair(x, y);
            let is_lost = lost(x, y, &mut memo);
            let outcome = far.outcome(&position).unwrap();
            assert_eq!(outcome == Outcome::SecondPlayer, is_lost, "({x}, {y})");
            assert_eq!(table.outcome(&position).unwrap(), outcome, "({x}, {y})");
            // Inside the table the pair has its value: *0 exactly when lost.
            let value = table.value(&position).unwrap();
            assert_eq!(value.value() == 0, is_lost, "({x}, {y})");
            let analysis = table.analyse(&position, 0).unwrap();
            assert_eq!(analysis.nim_sum.map(|n| n.0), Some(value.value()));
            // The winning moves: every option that is lost, each once.
            let expected: BTreeSet<(u64, u64)> = literal_options(x, y)
                .into_iter()
                .filter(|&(a, b)| lost(a, b, &mut memo))
                .collect();
            let found: Vec<(u64, u64)> = far
                .winning_moves(&position, None)
                .unwrap()
                .iter()
                .map(target)
                .collect();
            assert_eq!(found.len(), expected.len(), "({x}, {y})");
            assert_eq!(
                found.iter().copied().collect::<BTreeSet<_>>(),
                expected,
                "({x}, {y})"
            );
            let by_table: BTreeSet<(u64, u64)> = table
                .winning_moves(&position, None)
                .unwrap()
                .iter()
                .map(target)
                .collect();
            assert_eq!(by_table, expected, "({x}, {y})");
            // The analysis: counted exactly, no value, no nim-sum.
            let analysis = far.analyse(&position, 10).unwrap();
            assert_eq!(analysis.winning_move_count.0, expected.len() as u128);
            if x.max(y) >= 2 {
                assert_eq!(analysis.nim_sum, None, "({x}, {y})");
                assert!(!analysis.nim_sum_decides);
                assert_eq!(analysis.components[0].value, None);
                assert_eq!(analysis.components[0].part, Part::Pair { heaps: [x, y] });
                assert!(far.value(&position).is_err());
            } else {
                assert!(analysis.nim_sum_decides && analysis.nim_sum.is_some());
            }
            // The move suggested is legal; from a lost pair it loses.
            match far.suggest(&position).unwrap() {
                None => assert_eq!((x, y), (0, 0)),
                Some(report) => {
                    let to = target(&report);
                    assert!(literal_options(x, y).contains(&to), "({x}, {y}) -> {to:?}");
                    assert_eq!(lost(to.0, to.1, &mut memo), !is_lost, "({x}, {y})");
                }
            }
            assert_eq!(far.is_terminal(&position).unwrap(), (x, y) == (0, 0));
        }
    }
}

#[test]
fn every_move_of_a_far_pair_is_legal_and_no_other() {
    let mut far = tiny();
    for (x, y) in [(3, 5), (7, 7), (12, 0), (0, 9), (10, 4)] {
        let position = pair(x, y);
        let options = literal_options(x, y);
        for a in 0..=x + 1 {
            for b in 0..=y + 1 {
                let mv = Move::Pair {
                    pair: 1,
                    to: [a, b],
                };
                let played = far.play(&position, &mv);
                assert_eq!(
                    played.is_ok(),
                    options.contains(&(a, b)),
                    "({x}, {y}) -> ({a}, {b})"
                );
                if let Ok((after, won)) = played {
                    assert_eq!(after, pair(a, b));
                    assert!(!won);
                }
            }
        }
        // Every legal move, one at a time, marked by the rule.
        let mut memo = HashMap::new();
        let values = far.value_moves(&position, usize::MAX).unwrap();
        let listed: Vec<(u64, u64)> = values.moves.iter().map(|m| target(&m.mv)).collect();
        assert_eq!(listed, options, "({x}, {y})");
        for m in &values.moves {
            let (a, b) = target(&m.mv);
            assert_eq!(m.wins, lost(a, b, &mut memo), "({x}, {y}) -> ({a}, {b})");
        }
    }
    // A sum with a pair beyond the table is refused; two pairs inside it
    // are not.
    let sum = Position::Pairs {
        pairs: vec![[1, 1], [3, 5]],
    };
    let refused = far.outcome(&sum).unwrap_err().to_string();
    assert!(
        refused.contains("the pair (3, 5) is beyond the table's side of 2"),
        "{refused}"
    );
    let inside = Position::Pairs {
        pairs: vec![[1, 1], [1, 0]],
    };
    assert_eq!(far.outcome(&inside).unwrap(), Outcome::FirstPlayer);
}

/// ⌊kφ⌋ = ⌊(k + √(5k²)) / 2⌋ by an integer square root (Newton's), for k
/// up to 8 × 10¹⁸ (5k² within 128 bits).
fn lower(k: u128) -> u128 {
    let square = 5 * k * k;
    let mut root = square;
    let mut next = root.div_ceil(2);
    while next < root {
        root = next;
        next = (root + square / root) / 2;
    }
    (k + root) / 2
}

#[test]
fn pairs_near_two_to_the_sixty_are_answered_by_the_closed_form() {
    let mut far = tiny();
    for k in [
        1_000_000_007u128,
        123_456_789_012_345,
        (1 << 60) + 12_345,
        (1 << 61) - 1,
    ] {
        let (a, b) = (lower(k) as u64, (lower(k) + k) as u64);
        for (x, y) in [(a, b), (b, a)] {
            assert_eq!(
                far.outcome(&pair(x, y)).unwrap(),
                Outcome::SecondPlayer,
                "k = {k}"
            );
            assert!(far.winning_moves(&pair(x, y), None).unwrap().is_empty());
        }
        // From a lost pair every move loses: the engine takes one token
        // from the larger heap, keeping the pair as large as it can.
        let mut suggested = |x, y| target(&far.suggest(&pair(x, y)).unwrap().unwrap());
        assert_eq!(suggested(a, b), (a, b - 1));
        assert_eq!(suggested(b, a), (b - 1, a));
        // One more in either heap, or in both: the player to move takes it
        // back, and the move found leaves a lost pair.
        for (x, y) in [(a + 1, b), (a, b + 1), (a + 1, b + 1), (b, a + 7)] {
            let moves = far.winning_moves(&pair(x, y), None).unwrap();
            assert!(!moves.is_empty(), "k = {k}");
            for report in &moves {
                let (p, q) = target(report);
                assert_eq!(far.outcome(&pair(p, q)).unwrap(), Outcome::SecondPlayer);
                far.play(&pair(x, y), &report.mv).unwrap();
            }
        }
    }
    // The largest heaps there are: answered, and the winning move legal.
    let top = pair(u64::MAX, u64::MAX);
    assert_eq!(far.outcome(&top).unwrap(), Outcome::FirstPlayer);
    // 2⁶⁴ − 1 is an upper number: its partner a is below it, so (a, M),
    // (M, a) and (0, 0) are the three lost pairs one move away.
    let moves: Vec<(u64, u64)> = far
        .winning_moves(&top, None)
        .unwrap()
        .iter()
        .map(target)
        .collect();
    assert_eq!(moves.len(), 3, "{moves:?}");
    let (a, m) = (moves[0].0, u64::MAX);
    assert_eq!(moves, [(a, m), (m, a), (0, 0)]);
    assert!(a < m);
    // And by the square root: a = ⌊kφ⌋ for k = M − a (below 2⁶³).
    assert_eq!(lower(u128::from(m - a)), u128::from(a));
    for (x, y) in moves {
        assert_eq!(far.outcome(&pair(x, y)).unwrap(), Outcome::SecondPlayer);
    }
}
