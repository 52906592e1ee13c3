//! Heaps too large to list their moves (up to 2^64 − 1), answered through a
//! proven period or Nim's closed form, against the literal rules: values by
//! a mex over literal moves, read through the period the literal values
//! show (Winning Ways, ch. 4: Dawson's Kayles 0.07 has period 34 from heap
//! 53, Kayles 0.77 period 12 from 71); and the same answers at small sizes,
//! where the engine is told to answer through the period too, compared move
//! for move with every literal move.

use std::collections::{BTreeSet, HashMap};
use std::ops::ControlFlow;

use grundy::game::{Game, Limits};
use grundy::games::heap::{heap_game, HeapGame, HeapRules, LISTED_HEAP};
use grundy::games::nim::Nim;
use grundy::games::octal::OctalCode;
use grundy::games::subtraction::Subtraction;
use grundy::rules::SumMove;
use grundy::{Engine, Nimber};

/// A take-and-break game by its literal rules: for each take k (in
/// increasing order), how many heaps it may leave (0, 1, 2 or 3), any
/// sizes.
#[derive(Clone, Copy)]
struct Literal {
    takes: &'static [(u64, &'static [usize])],
    /// Nim: any take, leaving one heap or none.
    nim: bool,
}

const DAWSON: Literal = Literal {
    takes: &[(2, &[0, 1, 2])],
    nim: false,
};
const KAYLES: Literal = Literal {
    takes: &[(1, &[0, 1, 2]), (2, &[0, 1, 2])],
    nim: false,
};
const DAWSONS_CHESS: Literal = Literal {
    // 0.137: take 1 leaving none; 2 leaving one or none; 3 leaving up to two.
    takes: &[(1, &[0]), (2, &[0, 1]), (3, &[0, 1, 2])],
    nim: false,
};
const SUBTRACTION: Literal = Literal {
    takes: &[(1, &[0, 1]), (3, &[0, 1]), (4, &[0, 1])],
    nim: false,
};
const NIM: Literal = Literal {
    takes: &[],
    nim: true,
};

impl Literal {
    /// Every move from a heap of `n`: (taken, parts in increasing order).
    fn moves(self, n: u64) -> Vec<(u64, Vec<u64>)> {
        let mut moves = Vec::new();
        if self.nim {
            for k in 1..=n {
                moves.push((k, if k == n { vec![] } else { vec![n - k] }));
            }
            return moves;
        }
        for &(k, parts) in self.takes {
            if k > n {
                continue;
            }
            let rest = n - k;
            if parts.contains(&0) && rest == 0 {
                moves.push((k, vec![]));
            }
            if parts.contains(&1) && rest > 0 {
                moves.push((k, vec![rest]));
            }
            if parts.contains(&2) {
                for a in 1..=rest / 2 {
                    moves.push((k, vec![a, rest - a]));
                }
            }
            if parts.contains(&3) {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        moves.push((k, vec![a, b, rest - a - b]));
                    }
                }
            }
        }
        moves
    }

    /// Every move of a sum, heap by heap: (heap number from 1, taken,
    /// parts).
    fn moves_of_sum(self, heaps: &[u64]) -> Vec<(usize, u64, Vec<u64>)> {
        heaps
            .iter()
            .enumerate()
            .flat_map(|(i, &h)| {
                self.moves(h)
                    .into_iter()
                    .map(move |(k, parts)| (i + 1, k, parts))
            })
            .collect()
    }

    /// G(n) by a mex over the literal moves (small n).
    fn value(self, n: u64, memo: &mut HashMap<u64, u64>) -> u64 {
        if self.nim {
            return n;
        }
        if let Some(&v) = memo.get(&n) {
            return v;
        }
        let seen: BTreeSet<u64> = self
            .moves(n)
            .into_iter()
            .map(|(_, parts)| parts.iter().fold(0, |s, &p| s ^ self.value(p, memo)))
            .collect();
        let v = (0..).find(|v| !seen.contains(v)).unwrap();
        memo.insert(n, v);
        v
    }
}

/// G(n) at any n: literal below `hi` (1,000, or 400 for codes that split
/// in three, whose literal values cost n²/12 moves a heap), and past it
/// through the least period the literal values show on heaps hi/2 .. hi
/// (none for Nim).
struct Through {
    literal: Literal,
    memo: HashMap<u64, u64>,
    period: u64,
    hi: u64,
}

impl Through {
    fn new(literal: Literal) -> Through {
        let threes = literal.takes.iter().any(|(_, parts)| parts.contains(&3));
        let hi = if threes { 400 } else { 1000 };
        let mut memo = HashMap::new();
        let period = if literal.nim {
            0
        } else {
            (1..hi / 4)
                .find(|&p| {
                    (hi / 2..hi - p)
                        .all(|n| literal.value(n, &mut memo) == literal.value(n + p, &mut memo))
                })
                .expect("periodic")
        };
        Through {
            literal,
            memo,
            period,
            hi,
        }
    }

    fn value(&mut self, n: u64) -> u64 {
        if self.literal.nim || n < self.hi {
            return self.literal.value(n, &mut self.memo);
        }
        let folded = self.hi / 2 + (n - self.hi / 2) % self.period;
        self.literal.value(folded, &mut self.memo)
    }

    /// Whether `mv` is a literal move of heap `n` (structurally: the take
    /// is allowed with that many parts, and the parts add up).
    fn is_move(&self, n: u64, k: u64, parts: &[u64]) -> bool {
        let sums = parts.iter().try_fold(k, |s, &p| s.checked_add(p)) == Some(n);
        let positive = parts.iter().all(|&p| p > 0);
        if self.literal.nim {
            return sums && positive && k > 0 && parts.len() <= 1;
        }
        sums && positive
            && self
                .literal
                .takes
                .iter()
                .any(|&(t, counts)| t == k && counts.contains(&parts.len()))
    }
}

fn opened<R: HeapRules>(rules: R, heaps: &[u64], listed: u64) -> HeapGame<R> {
    let mut game = heap_game(rules).list_up_to(listed);
    game.admit(&heaps.to_vec(), Limits::default())
        .unwrap_or_else(|e| panic!("{heaps:?}: {e}"));
    game
}

fn winning<R: HeapRules>(game: &mut HeapGame<R>, heaps: &[u64]) -> Vec<SumMove<u64, u64>> {
    let mut moves = Vec::new();
    let _ = game.winning_moves(&heaps.to_vec(), &mut |mv| {
        moves.push(mv);
        ControlFlow::Continue(())
    });
    moves
}

/// The literal values of what a move leaves in place of heap `index`.
fn after(heaps: &[u64], index: usize, parts: &[u64]) -> Vec<u64> {
    let mut after = heaps.to_vec();
    after.splice(index..=index, parts.iter().copied());
    after
}

/// At small sizes, told to answer every heap past `listed` through the
/// period: counts exact, every listed move a winning literal move, and
/// every class of literal winning moves (take, values left) listed.
fn check_small<R: HeapRules + Clone>(rules: R, literal: Literal, listed: u64, top: u64) {
    let mut through = Through::new(literal);
    let mut game = opened(rules.clone(), &[400], listed);
    for a in listed + 1..top {
        for b in [0, 1, 2, 5, 9, 30, 77, 150] {
            let heaps: Vec<u64> = [a, b].into_iter().filter(|&h| h > 0).collect();
            let values: Vec<u64> = heaps.iter().map(|&h| through.value(h)).collect();
            let total = values.iter().fold(0, |s, v| s ^ v);
            // Every literal winning move, and its class.
            let mut count = 0u128;
            let mut classes = BTreeSet::new();
            for (i, &h) in heaps.iter().enumerate() {
                for (k, parts) in literal.moves(h) {
                    let left = after(&heaps, i, &parts);
                    if left.iter().fold(0, |s, &x| s ^ through.value(x)) == 0 {
                        count += 1;
                        let mut vals: Vec<u64> = parts.iter().map(|&p| through.value(p)).collect();
                        vals.sort();
                        classes.insert((i, k, vals));
                    }
                }
            }
            assert_eq!(game.count_winning_moves(&heaps), count, "{heaps:?}");
            // Every legal move, one at a time, in the rules' order (heap by
            // heap, as the literal rules list them); a best try's moves
            // may be one of each class, these not.
            let mut moves = Vec::new();
            let _ = game.moves(&heaps, &mut |mv| {
                moves.push((mv.component, mv.action, mv.leaves));
                ControlFlow::Continue(())
            });
            let literal_moves = literal.moves_of_sum(&heaps);
            assert_eq!(moves, literal_moves, "{heaps:?}");
            let listed_moves = winning(&mut game, &heaps);
            let mut seen = BTreeSet::new();
            for mv in &listed_moves {
                let i = mv.component - 1;
                assert!(
                    through.is_move(heaps[i], mv.action, &mv.leaves),
                    "{heaps:?}: {mv:?}"
                );
                game.check(&heaps, mv).unwrap();
                let left = after(&heaps, i, &mv.leaves);
                assert_eq!(
                    left.iter().fold(0, |s, &x| s ^ through.value(x)),
                    0,
                    "{mv:?}"
                );
                let mut vals: Vec<u64> = mv.leaves.iter().map(|&p| through.value(p)).collect();
                vals.sort();
                seen.insert((i, mv.action, vals));
            }
            assert_eq!(seen, classes, "{heaps:?}: a class of winning moves missing");
            assert_eq!(total == 0, listed_moves.is_empty(), "{heaps:?}");
            // Every literal move is legal; a move the rules do not have is not.
            for (k, parts) in literal.moves(a) {
                game.check(
                    &heaps,
                    &SumMove {
                        component: 1,
                        action: k,
                        leaves: parts,
                    },
                )
                .unwrap();
            }
            let bad = SumMove {
                component: 1,
                action: 5,
                leaves: vec![1, a.saturating_sub(6)],
            };
            assert!(game.check(&heaps, &bad).is_err(), "{heaps:?}: {bad:?}");
            // A best try from a lost position is a legal move.
            if total == 0 {
                let mv = game.suggest(&heaps).unwrap();
                game.check(&heaps, &mv).unwrap();
            }
        }
    }
}

#[test]
fn periodic_codes_answered_through_the_period_equal_the_literal_rules() {
    check_small("0.07".parse::<OctalCode>().unwrap(), DAWSON, 100, 260);
    check_small("0.77".parse::<OctalCode>().unwrap(), KAYLES, 100, 260);
    check_small(
        "0.137".parse::<OctalCode>().unwrap(),
        DAWSONS_CHESS,
        100,
        260,
    );
    check_small(
        "1,3,4".parse::<Subtraction>().unwrap(),
        SUBTRACTION,
        20,
        260,
    );
    check_small(Nim, NIM, 50, 260);
    // Codes that split in three: their splits in three by the classes of
    // their parts (module `splits` of the engine), from heap 21 on; 4.C's
    // from heap 121 to 330, where its classes (period 34 from 54) hold
    // splits of every part below 54, and of every part past it with two
    // smallest parts each in one, two or three periods.
    for (code, literal) in SPLITS_IN_THREE {
        let (listed, top) = if code == "4.C" { (120, 330) } else { (20, 260) };
        check_small(code.parse::<OctalCode>().unwrap(), literal, listed, top);
    }
}

fn check_huge<R: HeapRules + Clone>(rules: R, literal: Literal) {
    let mut through = Through::new(literal);
    let big = [1_000_000_000_000u64, u64::MAX, u64::MAX - 1, 1 << 63];
    let small = [0u64, 1, 2, 3, 7, 12, 53, 100];
    for &h in &big {
        for &x in &small {
            for &y in &big {
                let heaps: Vec<u64> = [h, x, y].into_iter().filter(|&v| v > 0).collect();
                let mut game = opened(rules.clone(), &heaps, grundy::games::heap::LISTED_HEAP);
                for &heap in &heaps {
                    assert_eq!(
                        game.grundy(&heap),
                        Nimber::from(through.value(heap)),
                        "{heap}"
                    );
                }
                let total = heaps.iter().fold(0, |s, &v| s ^ through.value(v));
                let moves = winning(&mut game, &heaps);
                assert_eq!(moves.is_empty(), total == 0, "{heaps:?}");
                let count = game.count_winning_moves(&heaps);
                assert_eq!(count == 0, total == 0, "{heaps:?}");
                assert!(count >= moves.len() as u128);
                for mv in &moves {
                    let i = mv.component - 1;
                    assert!(through.is_move(heaps[i], mv.action, &mv.leaves), "{mv:?}");
                    let left = after(&heaps, i, &mv.leaves);
                    assert_eq!(
                        left.iter().fold(0, |s, &v| s ^ through.value(v)),
                        0,
                        "{mv:?}"
                    );
                }
                let mv = game.suggest(&heaps).expect("a move");
                game.check(&heaps, &mv).unwrap();
                assert!(through.is_move(heaps[mv.component - 1], mv.action, &mv.leaves));
            }
        }
    }
}

#[test]
fn heaps_up_to_2_64_through_the_period_or_nim_s_closed_form() {
    check_huge(Nim, NIM);
    check_huge("0.07".parse::<OctalCode>().unwrap(), DAWSON);
    check_huge("0.137".parse::<OctalCode>().unwrap(), DAWSONS_CHESS);
    check_huge("1,3,4".parse::<Subtraction>().unwrap(), SUBTRACTION);
    for (code, literal) in SPLITS_IN_THREE {
        check_huge(code.parse::<OctalCode>().unwrap(), literal);
    }
}

/// 0.F is worth n mod 2 (take one token, leave up to three heaps). Beside a
/// heap of 1, a heap of n (even) is won by every move that leaves an odd
/// total in it: the one heap of n − 1, each of the ⌊(n − 1)/2⌋ splits in two,
/// each of the round((n − 1)²/12) splits in three (the partitions of n − 1
/// into three parts), and taking the heap of 1: counted exactly at 10^12
/// and near 2^64, where the splits number some 10^22 and 2^124.
#[test]
fn every_split_in_three_of_a_huge_heap_is_counted() {
    for n in [1_000_000_000_000u64, u64::MAX - 1, 1 << 63] {
        let mut game = opened("0.F".parse::<OctalCode>().unwrap(), &[n, 1], LISTED_HEAP);
        let rest = u128::from(n - 1);
        let threes = (rest * rest + 6) / 12;
        assert_eq!(
            game.count_winning_moves(&vec![n, 1]),
            1 + rest / 2 + threes + 1,
            "{n}"
        );
    }
}

#[test]
fn a_heap_whose_moves_would_be_listed_past_the_limit_is_refused() {
    // Grundy's game has no proven period: a heap past --max-heap is refused
    // when the position is admitted, with the limit named.
    let mut game = heap_game(grundy::games::grundys::GrundysGame);
    let limits = Limits {
        max_heap: 1000,
        ..Limits::default()
    };
    let refused = game.admit(&vec![5000], limits).unwrap_err();
    assert!(refused.to_string().contains("1,000"), "{refused}");
    assert!(game.admit(&vec![999], limits).is_ok());
    // A code that splits into three with no period proven (0.8's values
    // grow) is valued up to 20·∛N, 200 for N = 1,000: a heap past that is
    // refused.
    let mut hex = heap_game("0.8".parse::<OctalCode>().unwrap());
    let refused = hex.admit(&vec![1 << 40], limits).unwrap_err();
    assert!(refused.to_string().contains("up to 200 "), "{refused}");
    // One with a proven period (0.20B: period 2 from 4) is answered past
    // it, through the classes of its splits.
    let mut hex = heap_game("0.20B".parse::<OctalCode>().unwrap());
    hex.admit(&vec![1 << 40], limits).unwrap();
    assert_eq!(hex.grundy(&(1 << 40)), hex.grundy(&((1 << 40) - 32)));
    assert!(hex.suggest(&vec![1 << 40]).is_some());
}

/// Hexadecimal codes that split a heap in three, whose values have a proven
/// period (4.C: period 34 from heap 54; 0.A3: 4 from 1; 0.F1: 2 from 3;
/// 0.F: 2 from 0, as `grundy octal` finds them).
const SPLITS_IN_THREE: [(&str, Literal); 4] = [
    (
        "4.C",
        Literal {
            // Split a heap in two without taking; take 1 and leave two or
            // three heaps.
            takes: &[(0, &[2]), (1, &[2, 3])],
            nim: false,
        },
    ),
    (
        "0.A3",
        Literal {
            takes: &[(1, &[1, 3]), (2, &[0, 1])],
            nim: false,
        },
    ),
    (
        "0.F1",
        Literal {
            takes: &[(1, &[0, 1, 2, 3]), (2, &[0])],
            nim: false,
        },
    ),
    (
        "0.F",
        Literal {
            takes: &[(1, &[0, 1, 2, 3])],
            nim: false,
        },
    ),
];

/// A code that splits in three, against its literal rules: every heap up to
/// 240 and every seventh to 420, alone and beside a few others, its winning moves counted (through
/// the period, some n/3 · (n0 + p) steps) and listed in the rules' order,
/// its legal moves in order, every literal move legal and a few others not,
/// and a heap with no move terminal.
#[test]
fn codes_splitting_in_three_are_counted_through_the_period_as_the_literal_rules_say() {
    for (code, literal) in SPLITS_IN_THREE {
        let mut memo = HashMap::new();
        let mut g = |n: u64| literal.value(n, &mut memo);
        let values: Vec<u64> = (0..=420).map(&mut g).collect();
        let mut game = opened(code.parse::<OctalCode>().unwrap(), &[240], LISTED_HEAP);
        for (n, &v) in values.iter().enumerate() {
            assert_eq!(
                game.grundy(&(n as u64)),
                Nimber::from(v),
                "{code}: heap {n}"
            );
        }
        // Past 240 every seventh heap: there the splits of the rest run
        // several of 4.C's periods of 34 past where its classes start.
        for a in (0..=240u64).chain((241..=420).step_by(7)) {
            for b in [0u64, 1, 2, 3, 6, 55, 100] {
                let heaps: Vec<u64> = [a, b].into_iter().filter(|&h| h > 0).collect();
                let total = heaps.iter().fold(0, |s, &h| s ^ values[h as usize]);
                let literal_moves = literal.moves_of_sum(&heaps);
                let literal_winning: Vec<&(usize, u64, Vec<u64>)> = literal_moves
                    .iter()
                    .filter(|(i, _, parts)| {
                        let left = after(&heaps, i - 1, parts);
                        left.iter().fold(0, |s, &h| s ^ values[h as usize]) == 0
                    })
                    .collect();
                assert_eq!(
                    game.count_winning_moves(&heaps),
                    literal_winning.len() as u128,
                    "{code}: {heaps:?}"
                );
                let listed: Vec<(usize, u64, Vec<u64>)> = winning(&mut game, &heaps)
                    .into_iter()
                    .map(|mv| (mv.component, mv.action, mv.leaves))
                    .collect();
                assert_eq!(
                    listed.iter().collect::<Vec<_>>(),
                    literal_winning,
                    "{code}: {heaps:?}"
                );
                assert_eq!(total == 0, listed.is_empty(), "{code}: {heaps:?}");
                assert_eq!(
                    game.is_terminal(&heaps),
                    literal_moves.is_empty(),
                    "{code}: {heaps:?}"
                );
                if a % 7 != 0 {
                    continue;
                }
                let mut moves = Vec::new();
                let _ = game.moves(&heaps, &mut |mv| {
                    moves.push((mv.component, mv.action, mv.leaves));
                    ControlFlow::Continue(())
                });
                assert_eq!(moves, literal_moves, "{code}: {heaps:?}");
                for (component, action, leaves) in literal_moves {
                    let mv = SumMove {
                        component,
                        action,
                        leaves,
                    };
                    game.check(&heaps, &mv)
                        .unwrap_or_else(|e| panic!("{code}: {heaps:?} {mv:?}: {e}"));
                }
                // Not moves: parts out of order, four parts, a take the
                // code does not have, parts that do not add up.
                if a >= 9 {
                    for (action, leaves) in [
                        (1, vec![a - 4, 1, 2]),
                        (1, vec![1, 2, 2, a - 6]),
                        (3, vec![1, 2, a - 6]),
                        (1, vec![1, 2, a - 5]),
                    ] {
                        let mv = SumMove {
                            component: 1,
                            action,
                            leaves,
                        };
                        assert!(game.check(&heaps, &mv).is_err(), "{code}: {heaps:?} {mv:?}");
                    }
                }
            }
        }
    }
}

/// A heap of a million in a code that splits in three: its moves (some
/// 8·10^10) counted through the period at once, and its walks over them
/// stop when the cancel flag is raised.
#[test]
fn a_large_heap_splitting_in_three_is_counted_at_once_and_its_walk_stops_when_asked() {
    use grundy::shared::Cancel;
    let mut game = opened(
        "0.F".parse::<OctalCode>().unwrap(),
        &[1_000_000],
        LISTED_HEAP,
    );
    // 0.F is worth n mod 2: beside a heap of 1, every move of the heap of
    // a million to an odd total wins: the one heap of 999,999, each of the
    // 499,999 splits in two, each of the round(999,999² / 12) splits in
    // three; and taking the heap of 1.
    let n: u128 = 999_999;
    let threes = (n * n + 6) / 12;
    assert_eq!(
        game.count_winning_moves(&vec![1_000_000, 1]),
        1 + 499_999 + threes + 1
    );
    let cancel = Cancel::new();
    grundy::Game::stop_when(&mut game, cancel.clone());
    cancel.cancel();
    let mut seen = 0u64;
    let flow = game.moves(&vec![1_000_000], &mut |_| {
        seen += 1;
        ControlFlow::Continue(())
    });
    assert!(flow.is_break() && seen < 10_000, "{seen}");
    let mut seen = 0u64;
    let flow = game.winning_moves(&vec![1_000_000, 1], &mut |_| {
        seen += 1;
        ControlFlow::Continue(())
    });
    assert!(flow.is_break() && seen < 10_000, "{seen}");
    // 0.F's splits in three fall in a few classes: counted at once, even
    // stopped. 4.C's (period 34 from 54) fall in some 5,900 classes a
    // take: stopped, the count is short (an analyst refuses it).
    assert_eq!(
        game.count_winning_moves(&vec![1_000_000, 1]),
        1 + 499_999 + threes + 1
    );
    let mut game = opened(
        "4.C".parse::<OctalCode>().unwrap(),
        &[1_000_000, 1],
        LISTED_HEAP,
    );
    let count = game.count_winning_moves(&vec![1_000_000, 1]);
    assert!(count > 0);
    grundy::Game::stop_when(&mut game, cancel.clone());
    assert!(game.count_winning_moves(&vec![1_000_000, 1]) < count);
}
