//! Chomp against a search of its literal rule, written apart from
//! `games/chomp`: a bar is a set of squares (bit 8·r + c of a `u64`, r and
//! c from 0), a move eats a square other than (0, 0) with every square
//! below and right of it, and the player who cannot move loses (or, under
//! misère play, the player who makes the last move).

use std::collections::HashMap;

use grundy::game::Limits;
use grundy::prelude::*;
use grundy::registry::{self, Settings};
use grundy::{Analyst, AnyGame, Convention, Refusal};

/// The squares of a bar given by its row lengths.
fn squares(rows: &[u32]) -> u64 {
    let mut set = 0u64;
    for (r, &length) in rows.iter().enumerate() {
        for c in 0..length {
            set |= 1 << (8 * r as u32 + c);
        }
    }
    set
}

/// The set after eating square (r, c).
fn eat(set: u64, r: u32, c: u32) -> u64 {
    let mut gone = 0u64;
    for rr in r..8 {
        for cc in c..8 {
            gone |= 1 << (8 * rr + cc);
        }
    }
    set & !gone
}

/// Every set one move away.
fn options(set: u64) -> Vec<u64> {
    (1..64)
        .filter(|&bit| set >> bit & 1 == 1)
        .map(|bit| eat(set, bit / 8, bit % 8))
        .collect()
}

/// The Grundy value of a bar by mex over its options.
fn value(set: u64, memo: &mut HashMap<u64, u32>) -> u32 {
    if let Some(&v) = memo.get(&set) {
        return v;
    }
    let seen: Vec<u32> = options(set).into_iter().map(|o| value(o, memo)).collect();
    let v = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(set, v);
    v
}

/// Whether the player to move wins the sum of two bars: normal play, or
/// misère play (whoever cannot move wins).
fn wins(a: u64, b: u64, misere: bool, memo: &mut HashMap<(u64, u64, bool), bool>) -> bool {
    if let Some(&w) = memo.get(&(a, b, misere)) {
        return w;
    }
    let moves: Vec<(u64, u64)> = options(a)
        .into_iter()
        .map(|o| (o, b))
        .chain(options(b).into_iter().map(|o| (a, o)))
        .collect();
    let w = if moves.is_empty() {
        misere
    } else {
        moves.iter().any(|&(x, y)| !wins(x, y, misere, memo))
    };
    memo.insert((a, b, misere), w);
    w
}

/// Every bar inside `side` × `side`: non-increasing rows, the first at
/// least 1 long; as row lengths.
fn bars_inside(side: u32) -> Vec<Vec<u32>> {
    let mut all = vec![];
    let mut stack: Vec<Vec<u32>> = (1..=side).map(|c| vec![c]).collect();
    while let Some(rows) = stack.pop() {
        if (rows.len() as u32) < side {
            for next in 1..=*rows.last().unwrap() {
                let mut longer = rows.clone();
                longer.push(next);
                stack.push(longer);
            }
        }
        all.push(rows);
    }
    all.sort();
    all
}

fn text(rows: &[u32]) -> String {
    rows.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn chomp() -> AnyGame {
    registry::open("chomp", &Settings::default()).unwrap()
}

/// The position of `line` as the game reads it, admitted.
fn read(game: &mut AnyGame, line: &str) -> grundy::any_game::AnyPosition {
    let mut reader = game
        .reader(Box::new(line.as_bytes()), Limits::default())
        .unwrap();
    let position = reader.next_case().unwrap().unwrap();
    game.admit(&position, Limits::default()).unwrap();
    position
}

#[test]
fn every_bar_inside_4x4_has_the_literal_value_and_winning_moves() {
    let bars = bars_inside(4);
    assert_eq!(bars.len(), 69);
    let mut game = chomp();
    let mut memo = HashMap::new();
    for rows in &bars {
        let set = squares(rows);
        let position = read(&mut game, &text(rows));
        let expected = value(set, &mut memo);
        assert_eq!(
            game.value(&position).value(),
            u128::from(expected),
            "{rows:?}"
        );
        // The winning moves are exactly the moves to a bar worth 0.
        let to_zero = options(set)
            .into_iter()
            .filter(|&o| value(o, &mut memo) == 0)
            .count();
        assert_eq!(
            game.count_winning_moves(&position),
            to_zero as u128,
            "{rows:?}"
        );
        let mut listed = Vec::new();
        let _ = game.winning_moves(&position, &mut |mv| {
            listed.push(mv);
            std::ops::ControlFlow::Continue(())
        });
        assert_eq!(listed.len(), to_zero, "{rows:?}");
        for mv in listed {
            let after = game.play(&position, &mv).position;
            assert!(!game.outcome(&after).first_player_wins(), "{rows:?}");
        }
    }
}

#[test]
fn every_sum_of_two_bars_inside_4x4_has_the_literal_outcome() {
    let bars = bars_inside(4);
    let mut game = chomp();
    let mut memo = HashMap::new();
    let mut won = 0;
    for a in &bars {
        for b in &bars {
            let position = read(&mut game, &format!("{} + {}", text(a), text(b)));
            let expected = wins(squares(a), squares(b), false, &mut memo);
            assert_eq!(
                game.outcome(&position).first_player_wins(),
                expected,
                "{a:?} + {b:?}"
            );
            won += usize::from(expected);
        }
    }
    // Not all one way: the comparison bites.
    assert!(won > 1000 && won < 69 * 69, "{won}");
}

#[test]
fn misere_sums_of_two_bars_inside_3x3_have_the_literal_outcome() {
    let bars = bars_inside(3);
    let mut game = chomp();
    let mut memo = HashMap::new();
    let mut analyst = Analyst::new(chomp(), Convention::Misere { budget: 100_000 }).unwrap();
    let mut differ = 0;
    for a in &bars {
        for b in &bars {
            let line = format!("{} + {}", text(a), text(b));
            let position = read(analyst.game_mut(), &line);
            let expected = wins(squares(a), squares(b), true, &mut memo);
            let outcome = analyst.outcome(&position).unwrap();
            assert_eq!(outcome.first_player_wins(), expected, "misère {line}");
            let normal = read(&mut game, &line);
            differ += usize::from(game.outcome(&normal).first_player_wins() != expected);
        }
    }
    assert!(differ > 0, "misère play differs from normal play somewhere");
}

#[test]
fn rows_ls_and_rectangles_have_their_known_values() {
    let mut game = chomp();
    // A row of n squares is a Nim heap of n − 1.
    for n in 1..=40u64 {
        let position = read(&mut game, &format!("{n}"));
        assert_eq!(game.value(&position).value(), u128::from(n - 1), "row {n}");
    }
    // An L of a squares across and b down is two Nim heaps, a − 1 and b − 1.
    for a in 1..=9u64 {
        for b in 1..=9u64 {
            let rows: Vec<String> = std::iter::once(a.to_string())
                .chain((1..b).map(|_| "1".to_string()))
                .collect();
            let position = read(&mut game, &rows.join(" "));
            assert_eq!(
                game.value(&position).value(),
                u128::from((a - 1) ^ (b - 1)),
                "L {a} {b}"
            );
        }
    }
    // Every rectangle but 1×1 is a first-player win (strategy stealing).
    for r in 1..=7usize {
        for c in 1..=7u64 {
            let line = vec![c.to_string(); r].join(" ");
            let position = read(&mut game, &line);
            let first = game.outcome(&position).first_player_wins();
            assert_eq!(first, (r, c) != (1, 1), "{r}×{c}");
        }
    }
}

#[test]
fn a_bar_past_the_limit_is_refused_before_any_work() {
    let mut game = chomp();
    let mut reader = game
        .reader(
            Box::new("20 20 20 20 20 20 20 20 20 20 20 20\n".as_bytes()),
            Limits::default(),
        )
        .unwrap();
    let position = reader.next_case().unwrap().unwrap();
    let refusal = game.admit(&position, Limits::default()).unwrap_err();
    assert!(matches!(refusal, Refusal::Limit(_)), "{refusal}");
    assert!(
        refusal.to_string().contains("beyond Chomp's limit"),
        "{refusal}"
    );
    // A 9×9 bar (48,619 positions) is within it.
    let nine = ["9"; 9].join(" ");
    let position = read(&mut game, &nine);
    assert!(game.outcome(&position).first_player_wins());
}
