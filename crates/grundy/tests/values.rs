//! `analysis::value_moves` against the games' literal rules: for Nim, the
//! Bomb Game and the Cutting Game, every move's mark and remoteness equal a
//! brute force over the moves of tests/literal, apart from the library
//! (Winning Ways' remoteness, `literal::remoteness_of_options`); for every
//! registered game and
//! either convention, every move's mark agrees with the engine's outcome of
//! the position it leaves.

use crate::literal;

use std::collections::HashMap;

use grundy::analysis::{value_moves, Analyst, Convention, MAX_VALUED};
use grundy::game::{Limits, Rng, WireForm};
use grundy::registry::{self, Settings, GAMES};
use grundy::wire::{self, Big, ValueMoves};
use grundy::{Engine, Game};

/// Nim by its rule: take at least one token from one heap.
fn nim_remoteness(heaps: &[u64], memo: &mut HashMap<Vec<u64>, u32>) -> u32 {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&r) = memo.get(&key) {
        return r;
    }
    let mut rs = Vec::new();
    for i in 0..key.len() {
        for left in 0..key[i] {
            let mut next = key.clone();
            next[i] = left;
            rs.push(nim_remoteness(&next, memo));
        }
    }
    let r = literal::remoteness_of_options(&rs);
    memo.insert(key, r);
    r
}

fn open(spec: &str, convention: Convention) -> Analyst<grundy::any_game::AnyGame> {
    Analyst::new(
        registry::open(spec, &Settings::default()).unwrap(),
        convention,
    )
    .unwrap()
}

fn values(
    analyst: &mut Analyst<grundy::any_game::AnyGame>,
    wire: &str,
) -> (grundy::any_game::AnyPosition, ValueMoves) {
    let wire: wire::Position = serde_json::from_str(wire).unwrap();
    let position = analyst
        .game()
        .position_from_wire(&wire, Limits::default())
        .unwrap();
    analyst.admit(&position, Limits::default()).unwrap();
    let answer = value_moves(analyst, &position, usize::MAX).unwrap();
    (position, answer)
}

/// The marks and remotenesses hold together: a move wins exactly when it
/// leaves an even remoteness, the position's is Winning Ways' rule over
/// them, and the position is won exactly when some move wins.
fn consistent(answer: &ValueMoves) {
    let rs: Vec<u32> = answer.moves.iter().filter_map(|m| m.remoteness).collect();
    if let Some(r) = answer.remoteness {
        assert_eq!(rs.len(), answer.moves.len());
        assert_eq!(r, literal::remoteness_of_options(&rs));
        assert_eq!(r % 2 == 1, answer.wins);
    }
    for m in &answer.moves {
        if let Some(r) = m.remoteness {
            assert_eq!(m.wins, r % 2 == 0, "{}", m.mv.text);
        }
        if let Some(sum) = m.nim_sum {
            assert_eq!(m.wins, sum == Big(0), "{}", m.mv.text);
        }
    }
    let winning = answer.moves.iter().filter(|m| m.wins).count() as u64;
    assert_eq!(answer.winning, winning);
    assert_eq!(answer.valued, answer.moves.len() as u64);
    if answer.more {
        assert!(answer.winning_in_all.0 >= u128::from(winning));
    } else {
        assert_eq!(answer.wins, winning > 0);
        assert_eq!(answer.winning_in_all, Big(u128::from(winning)));
    }
}

#[test]
fn nim_moves_are_marked_with_their_literal_remoteness() {
    let mut analyst = open("nim", Convention::Normal);
    let mut memo = HashMap::new();
    let mut seen = 0;
    for a in 0..=6u64 {
        for b in 0..=a {
            for c in 0..=b.min(3) {
                let heaps: Vec<u64> = [a, b, c].into_iter().filter(|&h| h > 0).collect();
                let (_, answer) = values(
                    &mut analyst,
                    &format!(r#"{{"kind":"heaps","heaps":{heaps:?}}}"#),
                );
                consistent(&answer);
                assert_eq!(
                    answer.remoteness,
                    Some(nim_remoteness(&heaps, &mut memo)),
                    "{heaps:?}"
                );
                let count: u64 = heaps.iter().sum();
                assert_eq!(answer.valued, count, "{heaps:?}: one move a token taken");
                for m in &answer.moves {
                    let wire::Move::Heap { heap, take, leave } = &m.mv.mv else {
                        panic!("{:?}", m.mv.mv)
                    };
                    let mut next = heaps.clone();
                    assert_eq!(leave.iter().sum::<u64>() + take, next[heap - 1]);
                    next[heap - 1] = leave.iter().sum();
                    let r = nim_remoteness(&next, &mut memo);
                    assert_eq!(m.remoteness, Some(r), "{heaps:?} {}", m.mv.text);
                    assert_eq!(m.wins, r.is_multiple_of(2), "{heaps:?} {}", m.mv.text);
                    // The nim-sum it leaves, by Bouton.
                    let sum = next.iter().fold(0, |s, h| s ^ h);
                    assert_eq!(m.nim_sum, Some(Big(u128::from(sum))));
                    seen += 1;
                }
            }
        }
    }
    assert!(seen > 500, "{seen}");
    // Known by hand: [2, 2] is lost in 4 (1 from a heap, the copy, then
    // the last two); [3] is won at once.
    let (_, two_twos) = values(&mut analyst, r#"{"kind":"heaps","heaps":[2,2]}"#);
    assert_eq!((two_twos.wins, two_twos.remoteness), (false, Some(4)));
    let (_, three) = values(&mut analyst, r#"{"kind":"heaps","heaps":[3]}"#);
    assert_eq!((three.wins, three.remoteness), (true, Some(1)));
    assert_eq!(three.winning, 1);
}

/// A bomb board's remoteness by the statement's rules ([`literal::bomb_moves`]).
fn bomb_remoteness(rows: u32, cols: u32) -> Vec<u32> {
    let mut r = vec![0; 1 << (rows * cols)];
    for mask in 0u32..(1 << (rows * cols)) {
        r[mask as usize] = if mask & 1 == 1 {
            r[(mask & !1) as usize]
        } else {
            let rs: Vec<u32> = literal::bomb_moves(rows, cols, mask)
                .into_iter()
                .map(|(_, after)| r[after as usize])
                .collect();
            literal::remoteness_of_options(&rs)
        };
    }
    r
}

#[test]
fn bomb_moves_are_marked_with_their_literal_remoteness() {
    let (rows, cols) = (3u32, 3u32);
    let truth = bomb_remoteness(rows, cols);
    let bit = |r: u32, c: u32| 1u32 << ((r - 1) * cols + c - 1);
    let mut analyst = open("bomb", Convention::Normal);
    let mut seen = 0;
    for mask in (0u32..1 << 9).filter(|m| m & 1 == 0).step_by(3) {
        let bombs: Vec<[u32; 2]> = (1..=rows)
            .flat_map(|r| (1..=cols).map(move |c| [r, c]))
            .filter(|&[r, c]| mask & bit(r, c) != 0)
            .collect();
        let (_, answer) = values(
            &mut analyst,
            &format!(r#"{{"kind":"board","rows":{rows},"cols":{cols},"bombs":{bombs:?}}}"#),
        );
        consistent(&answer);
        assert_eq!(answer.remoteness, Some(truth[mask as usize]), "{bombs:?}");
        let literal = literal::bomb_moves(rows, cols, mask);
        assert_eq!(answer.valued, literal.len() as u64, "{bombs:?}");
        for m in &answer.moves {
            let wire::Move::Bomb {
                explode,
                above,
                left,
            } = &m.mv.mv
            else {
                panic!("{:?}", m.mv.mv)
            };
            let pair = |c: [u32; 2]| (c[0], c[1]);
            let wanted = (pair(*explode), above.map(pair), left.map(pair));
            let (_, after) = literal
                .iter()
                .find(|(mv, _)| *mv == wanted)
                .unwrap_or_else(|| panic!("{bombs:?}: {} is no literal move", m.mv.text));
            let r = truth[*after as usize];
            assert_eq!(m.remoteness, Some(r), "{bombs:?} {}", m.mv.text);
            seen += 1;
        }
    }
    assert!(seen > 300, "{seen}");
}

/// The Cutting Game's remoteness by its rule ([`literal::cutting_moves`]):
/// a cut that makes a 1×1 piece wins at once (remoteness 0 after it).
fn cutting_remoteness(pieces: &[(u8, u8)], memo: &mut HashMap<Vec<(u8, u8)>, u32>) -> u32 {
    let mut key = pieces.to_vec();
    key.sort_unstable();
    if let Some(&r) = memo.get(&key) {
        return r;
    }
    let rs: Vec<u32> = literal::cutting_moves(&key)
        .into_iter()
        .map(|(_, after)| match after {
            literal::After::Won => 0,
            literal::After::Pieces(next) => cutting_remoteness(&next, memo),
        })
        .collect();
    let r = literal::remoteness_of_options(&rs);
    memo.insert(key, r);
    r
}

#[test]
fn cutting_moves_are_marked_with_their_literal_remoteness() {
    let mut analyst = open("cutting", Convention::Normal);
    let mut memo = HashMap::new();
    let mut seen = 0;
    for papers in [
        vec![(2u8, 3u8)],
        vec![(3, 3)],
        vec![(4, 3)],
        vec![(2, 2), (2, 3)],
        vec![(5, 2)],
        vec![(3, 4), (2, 2)],
    ] {
        let wire_pieces: Vec<[String; 2]> = papers
            .iter()
            .map(|&(w, h)| [w.to_string(), h.to_string()])
            .collect();
        let (_, answer) = values(
            &mut analyst,
            &format!(
                r#"{{"kind":"pieces","pieces":{}}}"#,
                serde_json::to_string(&wire_pieces).unwrap()
            ),
        );
        consistent(&answer);
        assert_eq!(
            answer.remoteness,
            Some(cutting_remoteness(&papers, &mut memo)),
            "{papers:?}"
        );
        assert_eq!(
            answer.valued,
            literal::cutting_moves(&papers).len() as u64,
            "{papers:?}"
        );
        for m in &answer.moves {
            let wire::Move::Cut {
                piece,
                direction,
                at,
            } = &m.mv.mv
            else {
                panic!("{:?}", m.mv.mv)
            };
            let vertical = *direction == wire::Direction::Vertical;
            let wanted = (piece - 1, vertical, u8::try_from(at.0).unwrap());
            let after = literal::cutting_moves(&papers)
                .into_iter()
                .find(|(mv, _)| *mv == wanted)
                .map(|(_, after)| after)
                .unwrap_or_else(|| panic!("{papers:?}: {} is no literal cut", m.mv.text));
            let r = match after {
                literal::After::Won => 0,
                literal::After::Pieces(next) => cutting_remoteness(&next, &mut memo),
            };
            assert_eq!(m.remoteness, Some(r), "{papers:?} {}", m.mv.text);
            seen += 1;
        }
    }
    assert!(seen > 25, "{seen}");
}

#[test]
fn every_game_s_marks_agree_with_its_engine_under_either_convention() {
    for entry in GAMES {
        for convention in [Convention::Normal, Convention::Misere { budget: 100_000 }] {
            let Ok(mut analyst) = Analyst::new(
                registry::open(entry.example, &Settings::default()).unwrap(),
                convention,
            ) else {
                continue; // no misère form
            };
            let mut marked = 0;
            for seed in 0..25 {
                let position = analyst
                    .game_mut()
                    .random_position(&mut Rng::new(seed), None);
                analyst.admit(&position, Limits::default()).unwrap();
                let Ok(answer) = value_moves(&mut analyst, &position, usize::MAX) else {
                    continue; // beyond the misère search's budget
                };
                consistent(&answer);
                let outcome = analyst.outcome(&position).unwrap();
                assert_eq!(answer.wins, outcome.first_player_wins(), "{}", entry.name);
                if convention.is_misere() {
                    assert_eq!(answer.remoteness, None, "{}", entry.name);
                    assert!(answer.moves.iter().all(|m| m.nim_sum.is_none()));
                }
                for m in &answer.moves {
                    let game = analyst.game_mut();
                    let mv = game.move_from_wire(&position, &m.mv.mv).unwrap();
                    game.check(&position, &mv).unwrap();
                    let played = analyst.play(&position, &mv);
                    let wins = match analyst.decided(&played) {
                        Some(wins) => wins,
                        None => match analyst.outcome(&played.position) {
                            Ok(after) => !after.first_player_wins(),
                            Err(_) => continue,
                        },
                    };
                    assert_eq!(
                        m.wins, wins,
                        "{} {:?}: {}",
                        entry.name, convention, m.mv.text
                    );
                    marked += 1;
                }
            }
            assert!(marked > 0, "{} {convention:?}", entry.name);
        }
    }
}

/// The heap and the tokens taken of a Nim move.
fn heap_take(m: &wire::ValueMove) -> (usize, u64) {
    let wire::Move::Heap { heap, take, .. } = &m.mv.mv else {
        panic!("{:?}", m.mv.mv)
    };
    (*heap, *take)
}

#[test]
fn a_position_of_more_moves_than_are_marked_says_so() {
    let mut analyst = open("nim", Convention::Normal);
    let n = MAX_VALUED as u64 + 5;
    let (_, answer) = values(
        &mut analyst,
        &format!(r#"{{"kind":"heaps","heaps":[{n}, 3]}}"#),
    );
    consistent(&answer);
    assert!(answer.more);
    assert_eq!(answer.valued, MAX_VALUED as u64);
    assert_eq!(answer.remoteness, None);
    // Its one winning move (leave 3 in the first heap) is the 10,002nd in
    // the game's order, and marked first; then the first losing ones.
    assert!(answer.wins);
    assert_eq!(answer.winning, 1);
    assert_eq!(answer.winning_in_all, Big(1));
    assert_eq!(heap_take(&answer.moves[0]), (1, n - 3));
    assert!(answer.moves[0].wins);
    let rest: Vec<(usize, u64)> = answer.moves[1..].iter().map(heap_take).collect();
    let first_others: Vec<(usize, u64)> = (1..=n)
        .filter(|&take| take != n - 3)
        .map(|take| (1, take))
        .take(MAX_VALUED - 1)
        .collect();
    assert_eq!(rest, first_others);
    // Exactly as many moves as are marked: no more; one more: more.
    for (heap, more) in [(MAX_VALUED as u64, false), (MAX_VALUED as u64 + 1, true)] {
        let (_, answer) = values(
            &mut analyst,
            &format!(r#"{{"kind":"heaps","heaps":[{heap}]}}"#),
        );
        assert_eq!(answer.more, more, "{heap}");
        assert_eq!(answer.valued, MAX_VALUED as u64, "{heap}");
        assert_eq!(answer.winning, 1, "{heap}: take it all");
    }
    let (_, lost) = values(
        &mut analyst,
        &format!(r#"{{"kind":"heaps","heaps":[{n}, {n}]}}"#),
    );
    assert!(lost.more && !lost.wins && lost.winning == 0);
    assert_eq!(lost.winning_in_all, Big(0));
    assert_eq!(lost.valued, MAX_VALUED as u64);
    // Listed: only as many as asked for, but every one valued.
    let position = analyst
        .game()
        .position_from_wire(&answer.position, Limits::default())
        .unwrap();
    let few = value_moves(&mut analyst, &position, 3).unwrap();
    assert_eq!(few.moves.len(), 3);
    assert_eq!(few.valued, MAX_VALUED as u64);
    assert_eq!(few.moves, answer.moves[..3]);
}

/// Past [`MAX_VALUED`] moves, every winning move of a sum of large Nim
/// heaps is marked: the same set as Bouton's rule worked out here (take
/// from heap i to leave h_i ⊕ s, where that is less than h_i).
#[test]
fn every_winning_move_of_large_nim_heaps_is_marked() {
    let mut analyst = open("nim", Convention::Normal);
    for heaps in [
        vec![40_000u64, 25_000, 9_999],
        vec![12_345, 23_456, 34_567, 45_678],
        vec![30_000, 20_000, 10_000, 5],
        vec![1 << 40, (1 << 40) - 7, 6],
    ] {
        let (_, answer) = values(
            &mut analyst,
            &format!(r#"{{"kind":"heaps","heaps":{heaps:?}}}"#),
        );
        consistent(&answer);
        assert!(answer.more, "{heaps:?}");
        let s = heaps.iter().fold(0, |s, h| s ^ h);
        let bouton: Vec<(usize, u64)> = heaps
            .iter()
            .enumerate()
            .filter(|&(_, &h)| h ^ s < h)
            .map(|(i, &h)| (i + 1, h - (h ^ s)))
            .collect();
        let marked: Vec<(usize, u64)> = answer
            .moves
            .iter()
            .filter(|m| m.wins)
            .map(heap_take)
            .collect();
        assert_eq!(marked, bouton, "{heaps:?}");
        assert_eq!(answer.winning, bouton.len() as u64);
        assert_eq!(answer.wins, s != 0);
        // The winning ones come first.
        let first_losing = answer.moves.iter().position(|m| !m.wins);
        assert_eq!(first_losing, Some(bouton.len()), "{heaps:?}");
    }
}

/// Where fewer moves are listed than marked, the winning ones come first,
/// each kind in the game's order; where every one is listed, the game's
/// order alone.
#[test]
fn fewer_listed_than_marked_puts_the_winning_ones_first() {
    let mut analyst = open("nim", Convention::Normal);
    let (position, all) = values(&mut analyst, r#"{"kind":"heaps","heaps":[20,13,9]}"#);
    // Every one listed: heap 1's moves, then heap 2's, then heap 3's.
    let order: Vec<(usize, u64)> = all.moves.iter().map(heap_take).collect();
    let game_order: Vec<(usize, u64)> = [20u64, 13, 9]
        .iter()
        .enumerate()
        .flat_map(|(i, &h)| (1..=h).map(move |take| (i + 1, take)))
        .collect();
    assert_eq!(order, game_order);
    // 20 ⊕ 13 ⊕ 9 = 16: only the first heap can go down, to 4.
    assert_eq!(all.winning, 1);
    // Listed in full by asking for exactly as many: the game's order.
    let exact = value_moves(&mut analyst, &position, 42).unwrap();
    assert_eq!(exact.moves, all.moves);
    for listed in [1, 5, 41] {
        let few = value_moves(&mut analyst, &position, listed).unwrap();
        assert_eq!(few.valued, 42);
        let mut expected: Vec<&wire::ValueMove> = all.moves.iter().filter(|m| m.wins).collect();
        expected.extend(all.moves.iter().filter(|m| !m.wins));
        let expected: Vec<wire::ValueMove> = expected.into_iter().take(listed).cloned().collect();
        assert_eq!(few.moves, expected, "{listed}");
        assert_eq!(heap_take(&few.moves[0]), (1, 16));
    }
}

#[test]
fn misere_nim_marks_the_last_move_as_losing() {
    let mut analyst = open("nim", Convention::Misere { budget: 10_000 });
    // [1]: the only move takes the last token, and loses.
    let (_, one) = values(&mut analyst, r#"{"kind":"heaps","heaps":[1]}"#);
    assert!(!one.wins);
    assert_eq!(one.moves.len(), 1);
    assert!(!one.moves[0].wins);
    // [2]: taking one (leaving [1]) wins, taking both loses.
    let (_, two) = values(&mut analyst, r#"{"kind":"heaps","heaps":[2]}"#);
    assert!(two.wins);
    let marks: Vec<(String, bool)> = two
        .moves
        .iter()
        .map(|m| (m.mv.notation.clone(), m.wins))
        .collect();
    assert_eq!(marks.iter().filter(|m| m.1).count(), 1, "{marks:?}");
    // No moves: under misère play the player to move has won.
    let (_, none) = values(&mut analyst, r#"{"kind":"heaps","heaps":[]}"#);
    assert!(none.wins);
    assert_eq!(none.remoteness, None);
}

/// Dawson's Kayles (0.07: take two tokens, leaving the rest as one heap,
/// two or none) by its literal rules: the value of every heap, by a mex over
/// the literal moves up to heap 600 and past it through the period of 34
/// (Winning Ways, ch. 4: from heap 53 on), which the literal values are
/// checked to keep on heaps 100..600.
fn dawson_value() -> impl Fn(u64) -> u64 {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..600usize {
        let mut seen = [false; 64];
        if n >= 2 {
            let rest = n - 2;
            for a in 0..=rest / 2 {
                seen[(g[a] ^ g[rest - a]) as usize] = true;
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap() as u64);
    }
    for n in 100..600 - 34 {
        assert_eq!(g[n], g[n + 34], "period 34 at heap {n}");
    }
    move |n| {
        if n < 600 {
            g[n as usize]
        } else {
            g[(500 + (n - 500) % 34) as usize]
        }
    }
}

/// Past the moves marked, every winning move is still counted: Dawson's
/// Kayles heaps with more than 10,000 moves beside a heap of 3, against a
/// count over the literal moves (those within the engine's listing limit
/// of 2^22 also marking every winning move, up to 10,000).
#[test]
fn every_winning_move_is_counted_past_the_moves_marked() {
    let g = dawson_value();
    let mut analyst = open("octal:0.07", Convention::Normal);
    for n in [30_001u64, 30_002, 60_007, 1_000_003, 5_000_001] {
        let rest = n - 2;
        // Moves in the big heap leave parts worth G(3) = 1 in all; the one
        // move in the heap of 3 leaves a heap of 1 (*0), winning when the
        // big heap is worth *0.
        let mut count = u128::from(g(rest) == 1) + u128::from(g(n) == 0);
        for a in 1..=rest / 2 {
            count += u128::from(g(a) ^ g(rest - a) == 1);
        }
        let (_, answer) = values(
            &mut analyst,
            &format!(r#"{{"kind":"heaps","heaps":[{n}, 3]}}"#),
        );
        consistent(&answer);
        assert!(answer.more, "{n}");
        assert_eq!(answer.winning_in_all, Big(count), "{n}");
        assert_eq!(answer.wins, count > 0, "{n}");
        if n < 1 << 22 {
            assert_eq!(
                u128::from(answer.winning),
                count.min(MAX_VALUED as u128),
                "{n}"
            );
        }
    }
}
