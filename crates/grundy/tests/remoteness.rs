//! The engine's choice by remoteness (Winning Ways, ch. 9) against a
//! brute-force remoteness over each heap game's literal rules, written here
//! apart from the library, by Winning Ways' rule
//! (`literal::remoteness_of_options`): a position without a move has
//! remoteness 0; else one more than the least even remoteness of an option,
//! if any option's is even, else one more than the largest.

use crate::literal;

use std::collections::HashMap;

use grundy::analysis::Rule;
use grundy::game::Limits;
use grundy::prelude::*;
use grundy::registry::{self, Settings};
use grundy::Analyst;

/// The heaps a move on one heap of `n` may leave, by the literal rule.
type Options = fn(u64) -> Vec<Vec<u64>>;

fn octal(n: u64, takes: &[(u64, &[usize])]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for &(take, heaps_left) in takes {
        if take > n {
            continue;
        }
        let rest = n - take;
        for &k in heaps_left {
            match k {
                0 if rest == 0 => out.push(vec![]),
                1 if rest > 0 => out.push(vec![rest]),
                2 if rest >= 2 => (1..rest).for_each(|a| out.push(vec![a, rest - a])),
                _ => {}
            }
        }
    }
    out
}

/// Dawson's Kayles, 0.07: take 2, leaving 0, 1 or 2 heaps.
fn dawson(n: u64) -> Vec<Vec<u64>> {
    octal(n, &[(2, &[0, 1, 2])])
}

/// Kayles, 0.77: take 1 or 2, leaving 0, 1 or 2 heaps.
fn kayles(n: u64) -> Vec<Vec<u64>> {
    octal(n, &[(1, &[0, 1, 2]), (2, &[0, 1, 2])])
}

/// Subtraction {1, 3, 4}.
fn subtraction(n: u64) -> Vec<Vec<u64>> {
    [1, 3, 4]
        .iter()
        .filter(|&&k| k <= n)
        .map(|&k| if k == n { vec![] } else { vec![n - k] })
        .collect()
}

/// Grundy's game: split into two unequal heaps.
fn grundys(n: u64) -> Vec<Vec<u64>> {
    (1..n.div_ceil(2)).map(|a| vec![a, n - a]).collect()
}

/// Nim: take at least one.
fn nim(n: u64) -> Vec<Vec<u64>> {
    (0..n)
        .map(|r| if r == 0 { vec![] } else { vec![r] })
        .collect()
}

fn remoteness(heaps: &[u64], options: Options, memo: &mut HashMap<Vec<u64>, u32>) -> u32 {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&r) = memo.get(&key) {
        return r;
    }
    let mut rs = Vec::new();
    for i in 0..key.len() {
        for left in options(key[i]) {
            let mut next: Vec<u64> = key[..i].iter().chain(&key[i + 1..]).copied().collect();
            next.extend(left);
            rs.push(remoteness(&next, options, memo));
        }
    }
    let r = literal::remoteness_of_options(&rs);
    memo.insert(key, r);
    r
}

fn heaps_of(game: &AnyGame, position: &AnyPosition) -> Vec<u64> {
    match game.position_wire(position) {
        grundy::wire::Position::Heaps { heaps } => heaps,
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_engine_wins_soonest_and_loses_slowest_on_every_heap_game() {
    let games: [(&str, Options); 5] = [
        ("octal:0.07", dawson),
        ("octal:0.77", kayles),
        ("subtraction:1,3,4", subtraction),
        ("grundys-game", grundys),
        ("nim", nim),
    ];
    for (name, options) in games {
        let mut memo = HashMap::new();
        let game = registry::open(name, &Settings::default()).unwrap();
        let mut analyst = Analyst::normal(game);
        let mut seen = 0;
        for a in 1..=9u64 {
            for b in 0..=a.min(6) {
                let heaps: Vec<u64> = [a, b].into_iter().filter(|&h| h > 0).collect();
                let wire = grundy::wire::Position::Heaps {
                    heaps: heaps.clone(),
                };
                let position = analyst
                    .game()
                    .position_from_wire(&wire, Limits::default())
                    .unwrap();
                // As every front end does: the values it needs are ready.
                analyst.admit(&position, Limits::default()).unwrap();
                let truth = remoteness(&heaps, options, &mut memo);
                let Some(reply) = analyst.reply(&position).unwrap() else {
                    assert_eq!(truth, 0, "{name} {heaps:?}");
                    continue;
                };
                let moves = match reply.rule {
                    Rule::SoonestWin { moves } | Rule::LongestLoss { moves } => moves,
                    other => panic!("{name} {heaps:?}: chosen by {other:?}"),
                };
                assert_eq!(moves, truth, "{name} {heaps:?}");
                assert_eq!(reply.wins, truth % 2 == 1, "{name} {heaps:?}");
                assert_eq!(matches!(reply.rule, Rule::SoonestWin { .. }), reply.wins);
                // The move leaves a position one move shorter.
                let after = analyst.play(&position, &reply.mv).position;
                let left = heaps_of(analyst.game(), &after);
                assert_eq!(
                    remoteness(&left, options, &mut memo) + 1,
                    truth,
                    "{name} {heaps:?} {:?}",
                    reply.mv
                );
                // The hint and the engine's winning move agree on winning.
                assert_eq!(
                    analyst.winning_move(&position).unwrap().is_some(),
                    reply.wins
                );
                seen += 1;
            }
        }
        assert!(seen > 30, "{name}: {seen}");
    }
}

#[test]
fn from_a_lost_wythoff_position_the_engine_does_not_hand_over_the_win() {
    // (3, 5) is lost; (0, 5) would let the opponent take the 5 at once.
    let game = registry::open("wythoff", &Settings::default()).unwrap();
    let mut analyst = Analyst::normal(game);
    let wire = grundy::wire::Position::Pairs {
        pairs: vec![[3, 5]],
    };
    let position = analyst
        .game()
        .position_from_wire(&wire, Limits::default())
        .unwrap();
    analyst.admit(&position, Limits::default()).unwrap();
    let reply = analyst.reply(&position).unwrap().unwrap();
    assert!(!reply.wins);
    assert!(
        matches!(reply.rule, Rule::LongestLoss { moves } if moves >= 4),
        "{:?}",
        reply.rule
    );
    let after = analyst.play(&position, &reply.mv).position;
    let grundy::wire::Position::Pairs { pairs } = analyst.game().position_wire(&after) else {
        panic!()
    };
    // No heap emptied, and not two equal heaps: no answer ends the game.
    let [x, y] = pairs[0];
    assert!(x > 0 && y > 0 && x != y, "{pairs:?}");
    // The analysis document's best try is that same move.
    let doc = grundy::analysis::analyse(&mut analyst, &position, 1).unwrap();
    let played = analyst.game_mut().move_wire(&position, &reply.mv);
    assert_eq!(doc.suggested_move.unwrap().mv, played);
}

#[test]
fn a_search_beyond_its_budget_gives_up_and_the_engine_keeps_its_own_rule() {
    use grundy::analysis::remoteness::Search;
    let mut game = registry::open("nim", &Settings::default()).unwrap();
    let heaps = |h: Vec<u64>, game: &AnyGame| {
        game.position_from_wire(
            &grundy::wire::Position::Heaps { heaps: h },
            Limits::default(),
        )
        .unwrap()
    };
    let two_ones = heaps(vec![1, 1], &game);
    let three = heaps(vec![3], &game);
    let big = heaps(vec![3, 4], &game);
    // Remoteness by Winning Ways: [1, 1] is lost in 2 moves, [3] won in 1.
    assert_eq!(Search::new(&mut game, 1000).remoteness(&two_ones), Some(2));
    assert_eq!(Search::new(&mut game, 1000).remoteness(&three), Some(1));
    let mut memo = HashMap::new();
    let truth = remoteness(&[3, 4], nim, &mut memo);
    assert_eq!(Search::new(&mut game, 10_000).remoteness(&big), Some(truth));
    // [3, 4] has 7 moves: a budget of 5 looks at too few and gives up.
    assert_eq!(Search::new(&mut game, 5).remoteness(&big), None);
    assert!(Search::new(&mut game, 5).choose(&big).is_none());
    // Through the analyst: a heap game too large to search keeps the first
    // winning move.
    let mut analyst = Analyst::normal(registry::open("octal:0.07", &Settings::default()).unwrap());
    let large = heaps(vec![40, 21], analyst.game());
    analyst.admit(&large, Limits::default()).unwrap();
    let reply = analyst.reply(&large).unwrap().unwrap();
    assert_eq!(reply.rule, Rule::FirstWinning);
    assert_eq!(Some(reply.mv), analyst.winning_move(&large).unwrap());
}

/// The remoteness of one Wythoff pair by its literal rule: take from one
/// heap, or the same number from both.
fn wythoff_remoteness(x: u64, y: u64, memo: &mut HashMap<(u64, u64), u32>) -> u32 {
    if let Some(&r) = memo.get(&(x, y)) {
        return r;
    }
    let mut options: Vec<(u64, u64)> = (0..x).map(|a| (a, y)).collect();
    options.extend((0..y).map(|b| (x, b)));
    options.extend((1..=x.min(y)).map(|k| (x - k, y - k)));
    let rs: Vec<u32> = options
        .into_iter()
        .map(|(a, b)| wythoff_remoteness(a, b, memo))
        .collect();
    let r = literal::remoteness_of_options(&rs);
    memo.insert((x, y), r);
    r
}

#[test]
fn every_wythoff_pair_play_deals_is_answered_by_remoteness() {
    // `play wythoff` deals a pair of sides 1 to 12: the engine must win
    // soonest or lose slowest on every one of them (a gate on the pair's
    // size once sent (10, 6) to the old rule, which took the first heap
    // whole and let the opponent win at once).
    let mut analyst = Analyst::normal(registry::open("wythoff", &Settings::default()).unwrap());
    let mut memo = HashMap::new();
    for x in 1..=12u64 {
        for y in 1..=12u64 {
            let wire = grundy::wire::Position::Pairs {
                pairs: vec![[x, y]],
            };
            let position = analyst
                .game()
                .position_from_wire(&wire, Limits::default())
                .unwrap();
            analyst.admit(&position, Limits::default()).unwrap();
            let truth = wythoff_remoteness(x, y, &mut memo);
            let reply = analyst.reply(&position).unwrap().unwrap();
            match reply.rule {
                Rule::SoonestWin { moves } | Rule::LongestLoss { moves } => {
                    assert_eq!(moves, truth, "({x}, {y}): {:?}", reply.rule)
                }
                other => panic!("({x}, {y}): {other:?}"),
            }
            // The analysis document names the same move and rule.
            let doc = grundy::analysis::analyse(&mut analyst, &position, 1).unwrap();
            let engine = doc.engine_move.unwrap();
            assert_eq!(
                engine.played.mv,
                analyst.game().move_wire(&position, &reply.mv)
            );
            assert_eq!(engine.moves_left, Some(truth));
            assert_eq!(engine.wins, truth % 2 == 1);
            assert_eq!(engine.why, reply.rule.describe());
            let after = analyst.play(&position, &reply.mv).position;
            let grundy::wire::Position::Pairs { pairs } = analyst.game().position_wire(&after)
            else {
                panic!()
            };
            let [a, b] = pairs[0];
            assert_eq!(
                wythoff_remoteness(a, b, &mut memo) + 1,
                truth,
                "({x}, {y}) -> ({a}, {b})"
            );
        }
    }
}

#[test]
fn under_misere_play_the_rule_says_misere_and_no_search_is_claimed() {
    use grundy::convention::Convention;
    let game = registry::open("nim", &Settings::default()).unwrap();
    let mut analyst = Analyst::new(game, Convention::Misere { budget: 10_000 }).unwrap();
    let heaps = |h: Vec<u64>, analyst: &Analyst<AnyGame>| {
        analyst
            .game()
            .position_from_wire(
                &grundy::wire::Position::Heaps { heaps: h },
                Limits::default(),
            )
            .unwrap()
    };
    // Misère Nim of heaps of one: the player to move wins with an even
    // number of them (take one, and the other takes the last).
    let two = heaps(vec![1, 1], &analyst);
    analyst.admit(&two, Limits::default()).unwrap();
    let reply = analyst.reply(&two).unwrap().unwrap();
    assert!(reply.wins);
    assert_eq!(reply.rule, Rule::Misere { wins: true });
    assert!(!reply.rule.describe().contains("too large"));
    let one = heaps(vec![1], &analyst);
    analyst.admit(&one, Limits::default()).unwrap();
    let reply = analyst.reply(&one).unwrap().unwrap();
    assert!(!reply.wins);
    assert_eq!(reply.rule, Rule::Misere { wins: false });
    assert_eq!(
        reply.rule.describe(),
        "no move wins under misère play; this is the first legal move"
    );
    let doc = grundy::analysis::analyse(&mut analyst, &one, 1).unwrap();
    let engine = doc.engine_move.unwrap();
    assert_eq!(engine.rule, grundy::wire::EngineRule::Misere);
    assert_eq!((engine.wins, engine.moves_left), (false, None));
    // The same positions under normal play are searched by remoteness.
    let mut normal = Analyst::normal(registry::open("nim", &Settings::default()).unwrap());
    normal.admit(&two, Limits::default()).unwrap();
    let reply = normal.reply(&two).unwrap().unwrap();
    assert_eq!(reply.rule, Rule::LongestLoss { moves: 2 });
}
