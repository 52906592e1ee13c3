//! `analysis::explain` against the engine's own play, for every registered
//! game: each option listed is a legal move of the whole position, and the
//! position it leaves is worth the nim-sum with the component replaced by
//! the option's value; the mex of the values reached is the component's
//! value; the zeroing move leaves a lost position.

use grundy::analysis::{explain, Analyst};
use grundy::game::Rng;
use grundy::game::WireForm;
use grundy::registry::{self, Settings, GAMES};
use grundy::wire::{Big, Explanation, Winner};
use grundy::{Engine, Game, Nimber};

/// The least value not in ascending `runs`.
fn mex_of_runs(runs: &[[Big; 2]]) -> u128 {
    let mut next = 0;
    for [from, to] in runs {
        if from.0 != next {
            break;
        }
        next = to.0 + 1;
    }
    next
}

fn check(
    spec: &str,
    analyst: &mut Analyst<grundy::any_game::AnyGame>,
    position: &grundy::any_game::AnyPosition,
) -> Explanation {
    // As every front end does before asking.
    analyst
        .admit(position, grundy::game::Limits::default())
        .unwrap();
    let explanation =
        explain(analyst, position, usize::MAX).unwrap_or_else(|e| panic!("{spec}: {e}"));
    let game = analyst.game_mut();
    let components = game.components(position);
    assert_eq!(explanation.components.len(), components.len(), "{spec}");
    let nim_sum = components.iter().fold(Nimber::ZERO, |s, &(_, v)| s ^ v);
    assert_eq!(explanation.nim_sum, Some(Big(nim_sum.value())), "{spec}");
    for (why, (_, value)) in explanation.components.iter().zip(&components) {
        let Some(mex) = why.mex else {
            assert!(
                !explanation.nim_sum_decides,
                "{spec}: a component without a mex"
            );
            continue;
        };
        assert_eq!(
            mex,
            Big(value.value()),
            "{spec}: component {}",
            why.component.index
        );
        assert_eq!(mex_of_runs(&why.reached), value.value(), "{spec}");
        assert_eq!(
            why.option_count,
            Big(why.options.len() as u128),
            "{spec}: all listed"
        );
        for option in &why.options {
            let mv = game
                .move_from_wire(position, &option.mv.mv)
                .unwrap_or_else(|e| panic!("{spec}: {e}"));
            game.check(position, &mv)
                .unwrap_or_else(|e| panic!("{spec}: {}: {e}", option.mv.text));
            if explanation.nim_sum_decides {
                let next = game.play(position, &mv).position;
                let expected = nim_sum ^ *value ^ Nimber(option.value.0);
                assert_eq!(game.value(&next), expected, "{spec}: {}", option.mv.text);
            }
            let reached = why
                .reached
                .iter()
                .any(|[a, b]| a.0 <= option.value.0 && option.value.0 <= b.0);
            assert!(reached, "{spec}");
        }
    }
    match &explanation.zeroing {
        Some(zeroing) => {
            assert_eq!(explanation.winner, Winner::First, "{spec}");
            assert_eq!(zeroing.to.0, zeroing.from.0 ^ nim_sum.value(), "{spec}");
            let moved = &explanation.components[zeroing.component - 1];
            assert_eq!(moved.component.value, Some(zeroing.from), "{spec}");
            assert!(zeroing.to.0 < zeroing.from.0, "{spec}");
            let mv = game.move_from_wire(position, &zeroing.mv.mv).unwrap();
            let next = game.play(position, &mv).position;
            assert!(game.value(&next).is_zero(), "{spec}: {}", zeroing.mv.text);
        }
        None => assert!(
            nim_sum.is_zero() || !explanation.nim_sum_decides,
            "{spec}: a won position without its zeroing move"
        ),
    }
    explanation
}

#[test]
fn every_game_s_explanations_agree_with_its_engine() {
    for entry in GAMES {
        let game = registry::open(entry.example, &Settings::default()).unwrap();
        let mut analyst = Analyst::normal(game);
        let mut zeroed = 0;
        for seed in 0..40 {
            let position = analyst
                .game_mut()
                .random_position(&mut Rng::new(seed), None);
            let explanation = check(entry.name, &mut analyst, &position);
            zeroed += usize::from(explanation.zeroing.is_some());
        }
        // Won positions were met, and explained.
        assert!(zeroed > 0, "{}: no won position among 40", entry.name);
    }
}

#[test]
fn a_bomb_s_options_are_the_grid_of_sg_u_q_xor_sg_p_v() {
    // sg of one bomb on a 4 × 5 board, by the recurrence the seed's
    // reference program uses (row 1 and column 1 are Nim heaps).
    let mut sg = [[0u128; 6]; 5];
    for p in 1..=4 {
        for q in 1..=5 {
            sg[p][q] = if p == 1 {
                q as u128 - 1
            } else if q == 1 {
                p as u128 - 1
            } else {
                let mut seen = std::collections::BTreeSet::new();
                for u in 1..p {
                    for v in 1..q {
                        seen.insert(sg[u][q] ^ sg[p][v]);
                    }
                }
                (0..).find(|n| !seen.contains(n)).unwrap()
            };
        }
    }
    let game = registry::open("bomb", &Settings::default()).unwrap();
    let mut analyst = Analyst::normal(game);
    let position = analyst
        .game_mut()
        .position_from_wire(
            &serde_json::from_str(r#"{"kind":"board","rows":4,"cols":5,"bombs":[[3,4]]}"#).unwrap(),
            grundy::game::Limits::default(),
        )
        .unwrap();
    let explanation = check("bomb", &mut analyst, &position);
    let why = &explanation.components[0];
    assert_eq!(why.option_count, Big(6));
    let values: Vec<u128> = why.options.iter().map(|o| o.value.0).collect();
    let expected: Vec<u128> = (1..3)
        .flat_map(|u| (1..4).map(move |v| (u, v)))
        .map(|(u, v)| sg[u][4] ^ sg[3][v])
        .collect();
    assert_eq!(values, expected);
    assert_eq!(why.mex, Some(Big(sg[3][4])));
}

#[test]
fn too_many_options_and_misere_play_are_refused() {
    let heaps = |n: u64| {
        serde_json::from_str::<grundy::wire::Position>(&format!(
            r#"{{"kind":"heaps","heaps":[{n}]}}"#
        ))
        .unwrap()
    };
    let limits = grundy::game::Limits::default();
    // Dawson's Kayles: a heap of 2n + 2 has n + 1 options (take two from
    // an end, or from the inside leaving a and b, a ≤ b).
    let game = registry::open("octal:0.07", &Settings::default()).unwrap();
    let mut analyst = Analyst::normal(game);
    let max = grundy::analysis::MAX_OPTIONS;
    let at_limit = analyst
        .game_mut()
        .position_from_wire(&heaps(2 * max), limits)
        .unwrap();
    // As every front end does before asking: the values come from the period.
    analyst.admit(&at_limit, limits).unwrap();
    let explanation = explain(&mut analyst, &at_limit, 3).unwrap();
    assert_eq!(explanation.components[0].options.len(), 3);
    assert_eq!(explanation.components[0].option_count, Big(max.into()));
    // None listed, all valued.
    let explanation = explain(&mut analyst, &at_limit, 0).unwrap();
    assert!(explanation.components[0].options.is_empty());
    assert_eq!(explanation.components[0].option_count, Big(max.into()));
    assert!(explanation.zeroing.is_some());
    let past = analyst
        .game_mut()
        .position_from_wire(&heaps(2 * max + 2), limits)
        .unwrap();
    analyst.admit(&past, limits).unwrap();
    let refusal = explain(&mut analyst, &past, 3).unwrap_err();
    assert!(matches!(refusal, grundy::Refusal::Limit(_)), "{refusal}");
    assert!(
        refusal.to_string().contains("more than 1,000,000 options"),
        "{refusal}"
    );
    let game = registry::open("nim", &Settings::default()).unwrap();
    let mut misere =
        Analyst::new(game, grundy::analysis::Convention::Misere { budget: 1000 }).unwrap();
    let small = misere
        .game_mut()
        .position_from_wire(&heaps(3), limits)
        .unwrap();
    assert!(explain(&mut misere, &small, 3)
        .unwrap_err()
        .to_string()
        .contains("normal play"));
}

#[test]
fn the_zeroing_move_lowers_the_component_that_holds_the_highest_bit_and_reasons_are_given() {
    let open = |spec: &str| Analyst::normal(registry::open(spec, &Settings::default()).unwrap());
    let position = |analyst: &mut Analyst<grundy::any_game::AnyGame>, text: &str| {
        let wire: grundy::wire::Position = serde_json::from_str(text).unwrap();
        let position = analyst
            .game_mut()
            .position_from_wire(&wire, grundy::game::Limits::default())
            .unwrap();
        analyst
            .admit(&position, grundy::game::Limits::default())
            .unwrap();
        position
    };
    // Subtraction {1, 3, 4}: a heap of 6 is *2 with an option worth *3
    // (take 1), a heap of 5 is *3. The nim-sum is *1: raising the 6 to *3
    // would not do; the 5 goes down to *2 (take 1, leaving 4).
    let mut game = open("subtraction:1,3,4");
    let sum = position(&mut game, r#"{"kind":"heaps","heaps":[6,5]}"#);
    let explanation = check("subtraction:1,3,4", &mut game, &sum);
    let zeroing = explanation.zeroing.unwrap();
    assert_eq!(
        (zeroing.component, zeroing.from, zeroing.to),
        (2, Big(3), Big(2))
    );
    assert_eq!(zeroing.mv.notation, "2 1");
    assert_eq!(explanation.reason, None);
    // A lost position says why; a strip, that the rule decides.
    let lost = position(&mut game, r#"{"kind":"heaps","heaps":[6,6]}"#);
    let explanation = check("subtraction:1,3,4", &mut game, &lost);
    assert_eq!(
        explanation.reason.as_deref(),
        Some("Whatever the first player does, the second player has a winning reply.")
    );
    let mut cutting = open("cutting");
    let strip = position(
        &mut cutting,
        r#"{"kind":"pieces","pieces":[["1","5"],["4","2"]]}"#,
    );
    let explanation = check("cutting", &mut cutting, &strip);
    assert!(!explanation.nim_sum_decides && explanation.zeroing.is_none());
    assert_eq!(
        explanation.reason.as_deref(),
        Some("The first player wins at once by cutting out a single cell.")
    );
    assert_eq!(explanation.components[0].mex, None);
    assert_eq!(explanation.components[1].mex, Some(Big(1)));
}

/// A heap too large to list (past 2^22) is explained by one move for each
/// run of moves that leave the same values: each a legal move of that
/// heap, not of another, leaving the value said (Kayles, whose period
/// gives every value).
#[test]
fn a_heap_too_large_to_list_is_explained_by_its_runs_of_moves() {
    let game = registry::open("octal:0.77", &Settings::default()).unwrap();
    let mut analyst = Analyst::normal(game);
    let position = analyst
        .game_mut()
        .position_from_wire(
            &serde_json::from_str(r#"{"kind":"heaps","heaps":[5,1000000000]}"#).unwrap(),
            grundy::game::Limits::default(),
        )
        .unwrap();
    let explanation = check("octal:0.77", &mut analyst, &position);
    let large = &explanation.components[1];
    assert!(!large.options.is_empty());
    assert!(large.options.len() < 1000, "{}", large.options.len());
    for option in &large.options {
        assert!(option.mv.text.contains("heap 2"), "{}", option.mv.text);
    }
}

/// Nim's rule (a heap of n has n options, worth 0 … n − 1, and the one
/// worth t takes n − t), and its options visited one by one, against the
/// literal rules valued by a mex written here, on heaps up to 200, as the
/// second heap of a position (the index is the heap's).
#[test]
fn nim_s_rule_for_its_options_agrees_with_its_options_visited_one_by_one() {
    use grundy::game::Extras;
    use grundy::games::nim::Nim;
    use grundy::rules::Rules;
    let mut grundy_by_mex: Vec<u128> = Vec::new();
    for heap in 0..=200u64 {
        let mut reached = std::collections::BTreeSet::new();
        Rules::options(&Nim, &heap, &mut |_, leaves| {
            reached.insert(
                leaves
                    .iter()
                    .fold(0, |sum, &h| sum ^ grundy_by_mex[h as usize]),
            );
        });
        grundy_by_mex.push((0..).find(|v| !reached.contains(v)).unwrap());
    }
    let mut game = registry::open("nim", &Settings::default()).unwrap();
    let limits = grundy::game::Limits::default();
    for heap in 0..=200u64 {
        let wire = serde_json::from_str::<grundy::wire::Position>(&format!(
            r#"{{"kind":"heaps","heaps":[3,{heap}]}}"#
        ))
        .unwrap();
        let position = game.position_from_wire(&wire, limits).unwrap();
        let mut visited = Vec::new();
        let _ = game
            .component_options(&position, 2, &mut |mv, value| {
                visited.push((mv, value));
                std::ops::ControlFlow::Continue(())
            })
            .unwrap();
        // The literal rules, valued by a mex over them (written here).
        let mut literal: Vec<u128> = Vec::new();
        Rules::options(&Nim, &heap, &mut |_, leaves| {
            literal.push(
                leaves
                    .iter()
                    .fold(0, |sum, &h| sum ^ grundy_by_mex[h as usize]),
            );
        });
        literal.sort_unstable();
        let mut seen: Vec<u128> = visited.iter().map(|(_, v)| v.value()).collect();
        seen.sort_unstable();
        assert_eq!(seen, literal, "heap {heap}: the options visited");
        let mut values = literal.clone();
        values.dedup();
        let runs: Vec<(Nimber, Nimber)> = if values.is_empty() {
            Vec::new()
        } else {
            // One run exactly when the values are consecutive.
            assert_eq!(
                values.len() as u128,
                values[values.len() - 1] - values[0] + 1
            );
            vec![(Nimber(values[0]), Nimber(values[values.len() - 1]))]
        };
        for target in 0..=heap + 1 {
            let by_rule = game
                .component_option_values(&position, 2, Some(Nimber(target.into())))
                .unwrap_or_else(|| panic!("heap {heap}: no rule"));
            assert_eq!(by_rule.count, literal.len() as u128, "heap {heap}");
            assert_eq!(by_rule.reached, runs, "heap {heap}");
            let exists = literal.contains(&u128::from(target));
            assert_eq!(
                by_rule.to_target.is_some(),
                exists,
                "heap {heap} to {target}"
            );
            if let Some(mv) = by_rule.to_target {
                let next = game.play(&position, &mv).position;
                assert_eq!(
                    game.value(&next),
                    Nimber(3) ^ Nimber(target.into()),
                    "heap {heap} to {target}"
                );
            }
        }
        assert!(game.component_option_values(&position, 0, None).is_none());
        assert!(game.component_option_values(&position, 3, None).is_none());
    }
    // A game without such a rule visits its options.
    let mut kayles = registry::open("octal:0.77", &Settings::default()).unwrap();
    let wire = serde_json::from_str(r#"{"kind":"heaps","heaps":[9]}"#).unwrap();
    let position = kayles.position_from_wire(&wire, limits).unwrap();
    assert!(kayles.component_option_values(&position, 1, None).is_none());
}

/// A Nim heap of any size is explained at once by its rule: its first
/// options listed, all n counted, the values 0 … n − 1 reached, and the
/// move that makes the nim-sum *0 (it was refused past 1,000,000 options).
#[test]
fn a_nim_heap_of_any_size_is_explained_by_its_rule() {
    let game = registry::open("nim", &Settings::default()).unwrap();
    let mut analyst = Analyst::normal(game);
    let limits = grundy::game::Limits::default();
    let max = grundy::analysis::MAX_OPTIONS;
    for n in [max + 1, (1u64 << 22) + 1, u64::MAX] {
        let wire = serde_json::from_str(&format!(r#"{{"kind":"heaps","heaps":[{n},5]}}"#)).unwrap();
        let position = analyst
            .game_mut()
            .position_from_wire(&wire, limits)
            .unwrap();
        analyst.admit(&position, limits).unwrap();
        let explanation = explain(&mut analyst, &position, 3).unwrap();
        let why = &explanation.components[0];
        let values: Vec<u128> = why.options.iter().map(|o| o.value.0).collect();
        let n = u128::from(n);
        assert_eq!(values, [n - 1, n - 2, n - 3]);
        assert_eq!(why.option_count, Big(n));
        assert_eq!(why.reached, [[Big(0), Big(n - 1)]]);
        assert_eq!(why.mex, Some(Big(n)));
        let zeroing = explanation.zeroing.as_ref().unwrap();
        assert_eq!(
            (zeroing.component, zeroing.from, zeroing.to),
            (1, Big(n), Big(5))
        );
        let game = analyst.game_mut();
        let mv = game.move_from_wire(&position, &zeroing.mv.mv).unwrap();
        game.check(&position, &mv).unwrap();
        let next = game.play(&position, &mv).position;
        assert!(game.value(&next).is_zero());
        for option in &why.options {
            let mv = game.move_from_wire(&position, &option.mv.mv).unwrap();
            let next = game.play(&position, &mv).position;
            assert_eq!(game.value(&next), Nimber(option.value.0) ^ Nimber(5));
        }
    }
    // Asked for none, it lists none; asked for every one, at most
    // 1,000,000 of them.
    let wire = serde_json::from_str(r#"{"kind":"heaps","heaps":[7]}"#).unwrap();
    let position = analyst
        .game_mut()
        .position_from_wire(&wire, limits)
        .unwrap();
    let explanation = explain(&mut analyst, &position, 0).unwrap();
    assert!(explanation.components[0].options.is_empty());
    assert_eq!(explanation.components[0].option_count, Big(7));
    let wire = serde_json::from_str(r#"{"kind":"heaps","heaps":[18446744073709551615]}"#).unwrap();
    let position = analyst
        .game_mut()
        .position_from_wire(&wire, limits)
        .unwrap();
    let explanation = explain(&mut analyst, &position, usize::MAX).unwrap();
    assert_eq!(explanation.components[0].options.len() as u64, max);
    assert_eq!(explanation.components[0].option_count, Big(u64::MAX.into()));
}
